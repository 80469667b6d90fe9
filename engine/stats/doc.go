// Package stats computes a game's statistics from its log: the numbers the
// statistics screen (package app/stats) draws as charts. It folds the log
// with the game's own engine, entry by entry, and reads what changed; it
// never parses the UI's narration and never reads the wall clock.
//
// A Report is made for a viewer: while the game runs it holds only what
// that seat's view shows (hidden Victory Point cards of the other seats do
// not count in their points), and once the game is over everything is
// revealed. Charts name their series and categories by message-id suffixes
// and seats, so the app translates them; see docs/stats.md.
//
// Each game's reader lives beside its rules (engine/catan/catanstats,
// engine/burgundy/burgundystats …) and registers itself (Register); the
// game's line in engine/games links it in.
package stats
