// Package citiesknights is the rules engine of Catan: Cities & Knights for
// 3–4 players (game id "cities-knights", rules version
// "cities-knights/1"): the base game of package engine/catan with
// commodities, city improvements, metropolises, city walls, knights, the
// barbarian ship and 54 progress cards, played through the base engine's
// rules seam (catan.Rules). It copies nothing of the base game: the base
// engine plays the board, founding, roads, settlements, cities, trades,
// the 7 and the robber, and hands the rest to this package.
//
// What the engine plays, and the reading chosen on every open point of
// the rules, is written down in docs/cities-knights.md in the repository;
// the readings themselves are the named values of choices.go (numbered as
// in the note), and nowhere else.
//
// # Files, by rule
//
//	game.go        the rules value (each base hook named after its rule), action kinds, phases
//	state.go       Ext, the expansion's state in catan.State.Ext
//	roll.go        three dice, the event die first, draws, production with commodities, Aqueduct,
//	               the robber locked until the first attack, the hand limit 7 + 2 per wall
//	barbarians.go  the ship and the attack (pure), the event die's faces
//	tracks.go      improvement tracks, costs, draws, the metropolis rule (pure)
//	build.go       walls, improvements, metropolises, rebuilding a toppled city
//	knights.go     ranks (pure); hiring, activating, promoting, moving, displacing, chasing
//	paths.go       knights' paths along roads, road ends, open roads (pure)
//	cards.go       the facts of the 54 progress cards (pure)
//	deck.go        a progress deck: drawn by chance, played cards back under it (pure)
//	progress.go    every card's effect, one function per card
//	expansion.go   the base engine's calls: Do, Await, Resolve, Forbid, scoring, maritime rates
//	legal.go       Legal, exact (every choice listed), and the action constructors
//	view.go        View: what the UI draws (see below)
//	evaluate.go    Evaluate, for the greedy bot
//	invariants.go  Check, for engine/check (run after the base game's)
//	choices.go     the readings on open points
//	sealed.go      sealed play (network games): the progress decks sealed, cards shown
//	               (docs/cities-knights.md "Sealed play")
//
// # Actions and phases
//
// Actions are catan.Action values: the base kinds (roll, build-road,
// build-settlement, build-city, trades, discard, move-robber, rob,
// end-turn; play-road-building plays the progress card) and the kinds of
// game.go (Act…), each with the fields it lists: Vertex, To (a second
// intersection or hex), Edge, Hex, Seat, Resource, Card (a Card, or a
// Track for improve, play-crane and choose-deck), Dice (the Alchemist's
// red and yellow) and Give/Get. Phases are the base game's and those of
// game.go (Phase…); in each, Status names the deciders.
//
// # Chance
//
// Requests, in the order they can arise: the base game's "board" and
// "start-roll"; "dice" {6, 6, 6} (red, yellow, event: 0–2 ship, 3 science,
// 4 trade, 5 politics), or "event-die" {6} after an Alchemist; "progress"
// {fresh cards of the deck} for each draw, made at draw time (card k
// counted in Card order among the deck's shuffled cards not yet drawn;
// when none is left the cards put under the deck come back in order with
// no chance); "steal" {cards in the victim's hand, resources then
// commodities} for the robber and for each of the Bishop's victims.
//
// # The view, for the UI
//
// catan.State.View(seat) is the base game's view (board, pieces, hands
// with commodities counted per kind, robber, trade offer, base prompts)
// with this package's View in its Ext field. View holds: the barbarian
// ship (Ship of ShipSteps, Attacks, RobberLocked, the strengths that would
// meet now, LastAttack's result); the last roll (Red, Yellow, Event); the
// three metropolises (vertex and owner per track); every knight (vertex,
// owner, rank, strength, active, CanAct, Promoted); walls and toppled
// cities (vertex lists); the merchant (hex, owner); cards left per deck;
// per seat its improvement levels and names, cities, walls, hand limit,
// active strength, knights left per rank, progress-card count, Defender
// cards, Printer and Constitution, merchant, metropolises, and this turn's
// Merchant Fleet kinds; the viewer's own progress cards (Cards, by card id,
// the only hidden information, never in another seat's view); Peek, the
// cards a Spy or a Master Merchant shows its player; and Prompt, what the
// viewer must do in the expansion's phases (codes listed on Prompt). The
// card texts are the facts in Cards (Title, Effect) and the UI's catalogue.
// Every choice is in Legal(seat), listed in full.
package citiesknights
