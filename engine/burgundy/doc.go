// Package burgundy is the rules engine of The Castles of Burgundy (alea /
// Ravensburger, 2011 first edition), basic game: 2–4 players, every player
// on estate board #1 with the start castle on the central castle space.
// Game id "burgundy", rules version "burgundy/1". It implements
// engine.Game, engine.State and engine.Evaluator.
//
// # Sources
//
// What the engine plays, and every reading chosen where the rules are
// silent or disputed, is written down in docs/burgundy.md in the
// repository (the choices themselves sit together in choices.go). Files
// follow the rulebook: components and the tile inventory (tiles.go), the
// depot spaces by player count (choices.go), estate board #1 (estate.go),
// set-up, phases and rounds (phase.go), the turn and storage (turn.go),
// tile and building effects, scoring during play, end scoring and the
// tie-break (effects.go); knowledge tiles act where their rule applies
// (need/freeFor in turn.go, sell, shipGoods, animalPoints, endPhase,
// knowledgeEndPoints).
//
// # Model
//
// The state is plain data (type State); engine.Hash covers its JSON. Chance
// comes in three requests, each at the moment the rules draw: "setup" (start
// player and each player's 3 goods), "phase" (every depot tile, the black
// depot and the 5 round goods of the phase) and "dice" (all players' dice
// and the white die of a round, in one request). Draws pick from the
// face-down supplies by index, so nothing about future tiles is known before
// it is drawn.
//
// A turn is two die actions (take, place, sell, workers) plus the optional
// purchase. Every action names the die face it uses and the exact number of
// workers it spends, so Legal can show "uses die 4 (+1 worker)". Effects
// that ask the player something — a castle's extra action, the Warehouse,
// Carpenter's Workshop, Church, Market and City Hall follow-ups, a ship's
// goods, knowledge tile 5's second depot, a discard from a full storage —
// are frames pushed on State.Pending; the top frame is the decision awaited
// (Status().Deciders and Legal show it). Frames resolve last-in first-out;
// one without any option lapses by itself.
//
// For the UI: View(seat) returns a View (view.go) with the main board, every
// estate, the decision stack and a prompt per seat; Options(seat) is Legal
// with the concrete Action type and Describe labels an option ("Take Church
// from depot 3 (die 2 +1 worker)"); KnowledgeHelp and BuildingHelp (and
// TileView.Help) give help texts; Space and Regions describe board #1; Tile
// describes a tile id. CheckInvariants (invariants.go) is the game's own
// consistency check for engine/check and the fuzz test.
//
// # Choices for open points (all in choices.go unless said otherwise)
//
//   - (?) Estate board #1 die numbers: the layout in estate.go; the start
//     castle space has no number (0).
//   - (?) Depot 3's 4-player space holds a knowledge tile.
//   - (?) Black depot: 4/6/8 tiles for 2/3/4 players (BlackDepotTiles).
//   - (?) Bonus tiles: large 5/6/7, small 2/3/4 VP for 2/3/4 players
//     (BonusPoints); both sizes are used at every player count.
//   - (?) Knowledge 2: +1 worker per mine at each phase end, with the mine's
//     silverling (knowledge2Workers) — the tile pairs each mine's income with
//     a worker; a flat 1 per phase is not used.
//   - (?) City Hall ignores the die number; colour, adjacency and the
//     one-building-per-city rule still apply (cityHallIgnoresNumber).
//   - (?) Turn-order track: markers start stacked on the first space, first
//     player on top; a ship moves one space forward onto the top of any
//     stack there; order is furthest first, top of a stack first; the new
//     order (and the white die) applies from the next round (trackBefore).
//   - (?) Phase preparation: all hex tiles left on the numbered depots and
//     the black depot leave the game; goods stay (clearDepotsEachPhase).
//   - Knowledge tiles 1–26 as listed in docs/burgundy.md; for #5 the second depot
//     must be next to the first on the ring 1-2-3-4-5-6-1; #6 uses the same
//     once-per-turn, 2-silverling purchase; #7 adds 1 VP per animal tile
//     counted in that scoring; #9–#12's free ±1 combines with workers; #16–#23
//     are Warehouse, Watchtower, Carpenter's Workshop, Church, Market,
//     Boarding House, Bank, City Hall in that order.
//   - Sale: 1 silverling per sale, 2/3/4 VP per tile (docs/burgundy.md); the
//     Warehouse sale is a sale for knowledge 3 and 4.
//   - Ship goods: kinds already held always come along; if the new kinds do
//     not all fit in the 3 goods spaces the player chooses which, the rest
//     stay on the depot; stored goods are never discarded.
//   - Storage (orig): taking a 4th hex tile makes the player discard one of
//     the three older ones.
//   - Tie-break (orig): most VP; then fewer empty estate spaces; then the
//     player later in the turn order of the final round.
//   - (HR) Declining: the Warehouse, Carpenter's Workshop, Church, Market,
//     City Hall follow-ups and knowledge 5's second depot may be passed; the
//     castle's extra action, a ship's goods and a discard may not.
//   - (HR) Workers: an action spends exactly the fewest workers reaching its
//     value. Silverlings and workers never run out.
//   - (HR) End of turn: once both dice are used the turn ends by itself,
//     unless the purchase is still possible; then the player buys or sends
//     end-turn.
//   - (HR) Start player: chosen by the "setup" chance (orig: a dice roll).
package burgundy
