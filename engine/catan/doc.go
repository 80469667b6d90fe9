// Package catan is the rules engine of the Catan base game for 3–4 players
// (game id "catan", rules version "catan/1"): a deterministic
// engine.State folded from a log of actions and chance outcomes, with
// per-seat views for the UI (package app/catanui) and an Evaluate for the
// greedy bot.
//
// # Sources
//
// The Portuguese original /work/shared/rules/catan-base.pt.txt (Grow
// edition) wins where explicit; /work/shared/rules/catan-base.facts.md
// fills the rest, with the precedence table of rules/README.md ("Catan
// base" rows #1–#6). Files follow the rulebook's sections:
//
//	board.go       island, beginner map (facts §4), variable set-up (facts §5)
//	setup.go       starting player (orig "O Decorrer do Jogo"), founding (facts §6)
//	production.go  "1. Produção de Matérias-Primas" (facts §8)
//	trade.go       "2. Comércio de Matérias-Primas" (facts §11)
//	building.go    "3. Construção" (facts §9)
//	robber.go      "4. Casos Especiais a) Sete" (facts §10)
//	development.go "Jogar Cartas de Desenvolvimento" (facts §12)
//	special.go     Longest Road, Largest Army (facts §13, §14)
//	state.go       victory (orig "Fim do jogo", facts §15), the state
//	legal.go, view.go, evaluate.go, action.go: engine contracts
//
// # Using it
//
// Build actions with the constructors (BuildRoad(e), ProposeTrade(give,
// get), …) and apply them with State.Apply or Do; enumerate them with
// State.Legal, or LegalActions (no allocation) in simulations. Ids of
// hexes, intersections and paths are those of Island (a hexgrid.Graph);
// draw them with hexgrid.Layout (see Layout). State.View(seat) returns a
// *View: the board, pieces, hands as the seat may see them, the pending
// trade offer and a Prompt per seat.
//
// Chance requests, in the order they can arise: "board" (random board
// only: Fisher-Yates of the 19 terrains {19…2}, of the 9 harbours {9…2},
// and the start corner of the token spiral {6}); "start-roll" (two dice per
// contender, seat order); "dice" {6,6}; "steal" {cards in the victim's
// hand} (card k counted in resource order lumber, wool, grain, brick, ore);
// "draw" {cards left in the development deck} (card k counted in the order
// Knight, Victory Point, Road Building, Year of Plenty, Monopoly), drawn at
// buy time so nobody can know the next card.
//
// Options (engine.Setup.Options): "board": "beginner" (default) or
// "random"; "strict-phases": "true" forbids trading after building or
// buying in the same turn (the rulebook's trade-then-build order), default
// "false" (merged phase, which orig allows for experienced players).
// Unknown options are refused.
//
// # Open points (?) and engine choices (HR)
//
//   - Beginner board (?): the published 4th/5th-edition map of facts §4 with
//     fixed numbers (orig's spiral paragraph is garbled, README #3), the
//     harbour slots H1–H9 and kinds as tabled there. The starting pieces of
//     the beginner set-up are not recorded, so the beginner board is played
//     with a normal founding phase (HR, facts §4).
//   - Variable board: terrain shuffled over all 19 hexes (desert anywhere),
//     harbour kinds shuffled over the 9 fixed slots (off, ?); number tokens
//     A…R counterclockwise (?) from an outer corner chosen by chance, ring by
//     ring; the inner ring starts at the inner hex on the side of the start
//     corner (HR); the desert is skipped; the robber starts on the desert.
//   - Starting player: highest roll of both dice (orig), on either board;
//     players tied for the highest roll again among themselves (HR).
//   - Founding: snake order, distance rule, the road touches the settlement
//     just placed; only the second settlement yields (1 card per adjacent
//     producing hex) (facts §6).
//   - Bank shortage (orig, README #2): when the bank cannot pay every claim
//     on a resource in full, nobody gets that resource on that roll, a lone
//     claimant included; other resources are paid.
//   - Rolling a 7: everyone over 7 cards discards half rounded down, all at
//     once (Status lists them all; each sends one discard with all its
//     cards, in any order). The robber must move to another hex (desert
//     allowed). With one possible victim (a player other than the mover with
//     a building on the hex and at least one card) the theft is automatic;
//     with two or more the mover chooses (README #5).
//   - Trade only after the roll (orig order), only by the active player.
//     Domestic: the active player offers to everyone; every other player
//     answers at the same time with accept, reject or a counter-offer (an
//     offer of its own to the active player); then the active player trades
//     with one who accepted or countered, or cancels. An offer everyone
//     rejects lapses by itself (HR). A player holding no card can only say
//     no, so it is recorded as rejecting at once (HR). Both sides must be
//     non-empty (no gifts, facts §11 (?)), resources only, no resource on
//     both sides (HR); the cards must be held when offered and when the
//     trade is made. At most MaxProposalsPerTurn (3) offers per turn (HR: it
//     keeps turns moving, and keeps random play from trading forever).
//     Maritime: rate identical cards at the seat's best rate (4, 3 with a
//     generic harbour, 2 with the matching specific one; a city counts as a
//     settlement) for 1 card the bank still holds; one exchange per action.
//   - Development cards: at most one played per turn, never the turn it was
//     bought, before or after the roll (orig), not while discarding, moving
//     the robber, placing free roads or trading. Victory Point cards are
//     never played: they count, hidden, for the win. A Knight moves the
//     robber and robs, with no discards. Road Building places 2 free roads
//     under the normal rules (fewer if pieces or legal paths run out; the
//     roads must be placed) and may only be played when at least one road
//     can be placed (HR/?: otherwise the card would be spent for nothing).
//     Year of Plenty takes 2 cards (equal or not) the bank holds, or the
//     single card left in a bank of one; not playable with an empty bank
//     (?). Monopoly takes every card of the named resource from every other
//     player.
//   - Longest Road (facts §13): longest trail (no road used twice; forks do
//     not add), broken at opponents' buildings; 5 to take it, strictly
//     longer to take it from the holder, the holder keeps it on a tie; when
//     the holder is no longer longest and several tie, or nobody has 5, the
//     card is set aside until one player alone is longest with 5+.
//     Recomputed after every road and every settlement.
//   - Largest Army: 3 played Knights, strictly more to take it.
//   - Victory: 10 points (hidden Victory Point cards included) during one's
//     own turn: checked after each of the active player's actions and
//     chance outcomes, and when a turn begins (HR for the latter, facts
//     §15). Points reached during another player's turn win only when one's
//     own turn begins. Scores are the public points while the game runs and
//     the full points once it is over.
//
// # Legal and the canonical subsets
//
// Legal lists every action exactly, except where amounts are free (see
// State.Legal): one canonical domestic offer (1 card of the resource the
// player holds most of, for 1 of the one it holds fewest of), one
// canonical counter-offer per answerer, all discards, Year of Plenty
// choices and maritime exchanges. Apply accepts any valid offer or counter.
// The UI composes free offers itself and needs only to know that the kind
// of action is available.
package catan
