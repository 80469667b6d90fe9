// Package cards is the 96 occupations and minor improvements of Agricola's
// decks A and B (revised edition) for engine/agricola. What each card does
// and the readings chosen where a card is unclear are written down in
// docs/agricola.md ("Cards") in the repository.
//
// Each card is a small unit registered by id with the engine's card API
// (agricola.RegisterCard) from this package's init: its printed facts —
// name, kind, cost, prerequisite, printed points, player-count mark,
// traveling flag — are one row of the table (table.go); its behaviour is
// the function named in that row, a few lines of hooks on the engine's
// named events, grouped in files by theme:
//
//   - spaces.go: "each time you use … you also get …";
//   - schedules.go: goods on future round spaces;
//   - roundstart.go: at the start of every round;
//   - harvest.go: in the field phase and at a round's end;
//   - scoring.go: bonus points;
//   - costs.go: prices, through the engine's one Cost function (Reprice
//     first, then Modify, in card id order);
//   - extras.go: extra actions and goods when the owner does something;
//   - gains.go: effects over once the card is played;
//   - farm.go: animals, people, fields, fences, crops and the cards' own
//     decisions.
//
// Prerequisites are data (requirements.go) the engine checks through the
// Prereq hook and the UI words from its catalogue. Handlers of one event
// run in card id order (the engine's rule), so the game stays
// deterministic whatever the order of files or registration. No card is
// known to the core rules by its id; the core only calls hooks.
//
// Every card has a Worth (the greedy bot's estimate of what it will still
// bring), so the bot plays cards for their points and effects.
//
// The game registry (engine/games) imports this package, so the card game
// is available wherever the games are; agricola.New refuses the card game
// when these cards are not registered.
package cards
