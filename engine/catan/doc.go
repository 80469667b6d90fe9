// Package catan is the rules engine of the Catan base game for 3–4 players
// (game id "catan", rules version "catan/2"), and the base its expansions
// build on: a deterministic engine.State folded from a log of actions and
// chance outcomes, with per-seat views for the UI (package app/catanui)
// and an Evaluate for the greedy bot.
//
// # Sources
//
// What the engine plays, and every reading chosen where the rulebook is
// silent, cut short or disputed, is written down in docs/catan.md in the
// repository. Files follow the rulebook's sections:
//
//	board.go       island, beginner map, variable set-up
//	graph.go       the island's shape (intersections, paths, harbours)
//	setup.go       starting player, founding
//	production.go  production
//	trade.go       domestic and maritime trade
//	building.go    roads, settlements, cities, buying development cards
//	robber.go      rolling a 7, the robber
//	development.go development cards
//	special.go     Longest Road, Largest Army
//	state.go       victory, the state, Status
//	rules.go       the rules seam: Rules, Map, Dice, NewGame
//	expansion.go   the seam's Expansion and the steps an expansion calls
//	legal.go, view.go, evaluate.go, action.go, encode.go: engine contracts
//
// # Using it
//
// Build actions with the constructors (BuildRoad(e), ProposeTrade(give,
// get), …) and apply them with State.Apply or Do; enumerate them with
// State.Legal, or LegalActions (no allocation) in simulations. Ids of
// hexes, intersections and paths are those of the game's Graph (for the
// base island, Island's, a hexgrid.Graph). State.View(seat) returns a
// *View: the board with the position of every intersection, pieces, hands
// as the seat may see them, the pending trade offer and a Prompt per
// seat.
//
// Chance requests, in the order they can arise: "board" (random board
// only: Fisher-Yates of the 19 terrains {19…2}, of the 9 harbours {9…2},
// and the start corner of the token spiral {6}); "start-roll" (two dice per
// contender, seat order); "dice" {6,6}; "steal" {cards in the victim's
// hand} (card k counted in kind order: lumber, wool, grain, brick, ore,
// then any commodity; gold never); "draw" {cards left in the development
// deck} (card k counted in the order Knight, Victory Point, Road Building,
// Year of Plenty, Monopoly), drawn at buy time so nobody can know the next
// card.
//
// Options (engine.Setup.Options): "board": "beginner" (default) or
// "random"; "strict-phases": "true" forbids trading after building or
// buying in the same turn (the rulebook's trade-then-build order), default
// "false"; "sealed": "1" plays the network game's sealed decks (sealed.go,
// docs/catan.md "Sealed play": a "draw" then opens the next position of
// the sealed deck "development" {25} to the buyer only, and cards are
// shown before they are played or win). Unknown options are refused.
//
// Legal lists every action exactly, except where amounts are free (see
// State.Legal): one canonical domestic offer, one canonical counter-offer
// per answerer, all discards, Year of Plenty choices and maritime
// exchanges. Apply accepts any valid offer or counter.
//
// # The rules seam
//
// Cities & Knights and Traders & Barbarians are this game with rules
// changed and rules added. They do not copy it: each is a Rules value
// (rules.go) run by this package's State, Legal, Apply, Resolve, View and
// encoder. A Rules field is one point of the rulebook an expansion
// changes, and its zero value is the base game:
//
//	Board          the island: shape (Graph: extra intersections and paths,
//	               closed ones) and layouts (beginner, random)
//	Bank           the card kinds in play and their supply (commodities,
//	               gold; Resources has room for every kind of the family)
//	Deck           the development deck, or none
//	FoundCity      settlement, then city, when founding
//	Dice           the turn's roll: its chance request and what it does
//	Production     what a building collects from a producing hex
//	Robber         where a move of the robber leads (the robber itself, a
//	               robber that may not move yet, or something else)
//	HandLimit      the discard limit on a 7
//	Maritime       a seat's rate for each kind at the bank
//	VictoryTarget  the points that win on one's own turn
//	Scoring        points beyond buildings and special cards, public and
//	               hidden; NoLongestRoad
//	Forbid         a base action an expansion's rule forbids now
//
// What the base game lacks entirely is the Expansion (expansion.go): its
// own action kinds (Rules.NewAction) and phases (Rules.NewPhase), and its
// own state in State.Ext, nil in the base game and absent from its
// encoding, so base-game hashes and saves do not change. Apply offers
// every action to the expansion first (its kinds, everything in its
// phases, and a base action it takes over such as end-turn); Legal lists
// its actions after the base game's; Status and Resolve ask it what its
// phases wait for; View carries its part in View.Ext; the canonical
// encoding ends with "ext" only when the state has one. docs/catan.md
// maps every rule of both expansions to the hook or extension point that
// serves it.
//
// # Adding an expansion
//
// In its own package (engine/catan/citiesknights, engine/catan/traders):
//
//  1. Declare the rules value and register its phases and action kinds in
//     package variables: rules := &catan.Rules{ID: …, Version: …,
//     VictoryTarget: 13, …}; ActBuildKnight = rules.NewAction(
//     "build-knight", catan.FieldVertex).
//  2. Set the hooks the expansion changes, and Expansion to a value
//     implementing New (options, s.Ext), Legal, Do, Await, Resolve and
//     View (and, optionally, Check for its invariants and Evaluate for
//     its part of the greedy bot's rating: Checker, Evaluator); its state
//     type implements Extension (Clone) and encodes with encoding/json.
//     Change the base state only through its exported steps (DiceRolled,
//     Produce, RobberMoves, StealFrom, StealCard, PassDice, PlayCard,
//     PlaceFreeRoads, PlaceRoad, RemoveRoad, PlaceSettlement, Upgrade,
//     Downgrade, SwapNumbers, Pay, Receive, SetPieces), which keep the
//     derived caches in step.
//  3. Register the game: engine.Register(catan.NewGame(rules)); add its
//     line to the list of games (engine/games) and its UI as an addon of
//     app/catanui.
//
// variant_test.go is a whole variant on the seam in one page: first to 8
// points, no robber, a beacon instead.
package catan
