// Package traders is the Catan scenario "Traders & Barbarians" (the caravan
// scenario of the Traders & Barbarians expansion): game id
// "traders-barbarians", rules version "traders-barbarians/1", 3–4 players.
// It is the base game of package catan with the scenario's changes given
// through the rules seam (catan.Rules) and its own rules added as the
// seam's Expansion: wagons, cargo, barbarians and gold.
//
// # Sources
//
// docs/traders-barbarians.md is the rules note: what the engine plays, in
// the order of the rulebook, and the reading taken on every open point.
// The readings themselves are all in choices.go (trade-hex places, the
// starting barbarians, the wagon cards, the cargo split, the chronicle
// deck, the gold supply, and the behaviour chosen on sea sides, tolls
// without gold, empty stacks, Swift Journey, drive-offs and trading after
// moving). Files follow the rulebook:
//
//	geometry.go    the trade hexes, plazas and spokes (orig "Гексы назначения")
//	board.go       the island's layout (orig "Подготовка")
//	dice.go        the roll: 2 and 12 rolled again; the wagons' start
//	gold.go        buying and selling with gold (orig "Золото")
//	barbarians.go  the 7, Knights, driving barbarians off (orig "Варвары")
//	wagons.go      upgrades, the movement, arrivals and deliveries
//	movement.go    step costs and the reachable set (orig "Фаза движения")
//	cargo.go       goods, cargo cards, stacks
//	wagon.go       wagon cards
//	sealed.go      sealed play: a Swift Journey shown before it is played
//	               (docs/traders-barbarians.md "Sealed play")
//	rules.go, expansion.go, state.go, view.go, evaluate.go, invariants.go:
//	               the seam and the engine contracts
//
// # Changes to the base game
//
// No desert, one pasture and one fields hex fewer; the trade hexes on three
// outer corners; tokens without the 2 and the 12; no robber (the 7 and
// Knights move a barbarian instead); Longest Road out; the chronicle deck
// (catan.DevCards with Swift Journey) instead of the development cards;
// founding with a settlement, then a city; gold as a kind of the hands
// and the bank that is never a card in hand; 13 points win.
//
// # Actions and phases
//
// Beyond the base game's actions: "move-wagon" {vertex} (one step),
// "grain-boost", "drive-off" {edge: the barbarian's path},
// "place-barbarian" {edge} (after a successful drive-off),
// "move-barbarian" {edge: from, to} (a 7 or a Knight), "upgrade-wagon",
// "buy-with-gold" {resource}, "play-swift-journey". Selling resources for
// gold is the base game's maritime-trade with "gold" as what is taken.
// Phases beyond the base game's: "move" (the movement has begun: no more
// trade or build; end-turn ends the movement, and the turn unless Swift
// Journey gives a second movement), "move-barbarian", "drive-off" (chance),
// "place-barbarian", "cargo" (chance).
//
// Chance requests, beyond the base game's "board" (here a shuffle of the
// 16 terrains {16…2}, of the 9 harbours {9…2}, and the spiral's start
// corner {6}), "start-roll", "steal" and "draw": "dice" {6,6} and, after a
// 2 or a 12, "re-roll" {6,6}; "drive-off" {6}; "cargo" {cards left in the
// stack} (card k counted first good first, see Stacks.Card), drawn when the
// card is turned over.
//
// # For the UI
//
// The base view (catan.View) carries the scenario's View in its Ext: trade
// hexes with their plazas, spokes and stacks, wagons with their cards,
// cargo and gold, barbarians, and the active player's movement step with
// the reachable nodes, their cost, tolls and legs (Reachable), the grain
// boost and the drive-off attempts. See View; Route turns a destination
// into the actions that take the wagon there.
package traders
