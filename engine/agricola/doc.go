// Package agricola is the rules engine of Agricola, revised edition (Lookout
// 2016), for 1–4 players: game id "agricola", rules version "agricola/2".
// It implements engine.Game, engine.State, engine.Evaluator and the
// invariants of engine/check. It plays the card game — occupations and
// minor improvements of decks A and B, dealt 7 + 7 at set-up (Setup option
// "cards" = "ab", the default; "draft" = "on" drafts them) — and the family
// game without them ("cards" = "none"). The 96 cards are package
// engine/agricola/cards, registered through this package's card API (the
// game registry engine/games imports them; New refuses the card game
// without them). What it plays and every reading chosen on an open point
// are written down in docs/agricola.md in the repository.
//
// # Layout
//
//   - farmyard (sub-package): the 3×5 farmyard's cells and 38 fence edges,
//     pastures, the complete validation of a fence-building action, and
//     animal housing (does a herd fit, the largest herds that fit, one
//     arrangement). Pure functions of small values.
//   - board.go: the action spaces and stage cards as data (SpaceDef),
//     rounds and harvests; choices.go: the family game's board and every
//     reading on an open point, in one place.
//   - game.go: State, Player, Frame; round.go: chance, the round (prepare,
//     work, return home, harvest, end); work.go: Apply, placing a person,
//     a space's work; farm.go: rooms, stables, renovation, plowing, sowing,
//     baking, fences, improvements; food.go: conversions, baking, feeding,
//     breeding; scoring.go: the score sheet and the tie-break.
//   - cards.go (the card API), majors.go (the 10 majors, built on it),
//     cost.go (the one cost function), deal.go (the hands: deal and
//     draft).
//   - legal.go: Options/Legal and the decisions taken without asking;
//     view.go and preview.go for the UI; eval.go for the greedy bot;
//     invariants.go for engine/check.
//
// # Model
//
// The state is plain data; engine.Hash covers its JSON. Chance comes as
// three requests: "start-player" at set-up (not in the solo game), "deal"
// at set-up of the card game (7 occupations and 7 minors per player drawn
// without replacement from the cards of the decks, occupations by their
// player-count mark), and "stage-card" at the start of a round whose stage
// still has more than one card face down (the card is drawn then from
// those left in its stage — the same as shuffling each stage, without
// anyone knowing the order early). With the draft, pick frames follow the
// deal: everyone keeps one occupation and one minor from the packet in
// front of them, then the packets pass left.
//
// Sealed play (sealed.go; docs/agricola.md, "Sealed play"): a network
// game deals each seat's hand from two sealed decks by hidden draws opened
// to that seat, holds other seats' unknown cards as stand-ins, and shows a
// card to every seat before the action that plays it. State.Sealed is nil
// in every plain game, which folds exactly as before.
//
// Everything that happens is driven by State.Stack, a stack of frames (top
// last). System frames are steps that need nobody (begin a round, the
// after-space window, end a turn, return home, the harvest steps, the final
// scoring); decision frames wait for one seat: a menu of ops (a space's
// "and/or" step; the steps of an "and then" space are frames one above the
// other), a choice among goods, animals to keep, feeding, breeding, or a
// card's own decision. With the stack empty during a round, the seat on
// Turn places a person. After every action the engine runs the steps that
// need nobody until a decision, chance or the end.
//
// # Actions
//
// Action (action.go) names its kind and uses only that kind's fields: place
// a person; room, stable, renovate, plow, sow, bake, fences, major, minor,
// occupation (the ops of a menu, with the index of the price paid among
// Cost's); done (end a menu); choose; keep (animals); feed; breed; convert
// (cook, eat raw, craft — at any decision of one's own, except during
// breeding); card (a card's own decision).
//
// Legal lists everything except where enumeration explodes, where it lists
// a documented canonical subset and Apply still validates any choice
// precisely (Options): fence sets closing one rectangle of up to
// MaxPastureCells cells (a new pasture or one split off an existing one),
// plus the cheapest area of any shape when no rectangle is possible — so
// the list is empty exactly when no fence can be built; the largest herds
// that fit when animals must go (farmyard.Keeps); each conversion once (the
// best of those with the same input).
//
// # Cards
//
// A card is a Card value registered by id (RegisterCard, from an init
// function): its printed facts as data (Kind, Cost, ReturnFor, VP,
// MinPlayers, Traveling, Converts, Deck, Requires — the prerequisite as
// data for the UI) and its behaviour as optional hooks:
//
//   - Prereq: refuses the card with a reason when its prerequisite is not
//     met (checked, not paid).
//   - CostFor: a printed cost that depends on the buyer (Bottles).
//   - Reprice: another price in place of the printed one (all Reprice
//     hooks run before any Modify).
//   - Chosen: runs when a choice the card opened is answered (goods put
//     back on a space, a plow after paying for it).
//   - Worth: the greedy bot's estimate of what the card will still bring
//     (Evaluate; a heuristic, never a rule).
//   - OnPlay: runs once when it is played or built.
//   - On: handlers for named event windows, in the order a round passes
//     them: EvRoundStart (after the stage card is revealed, the round
//     space's goods collected — each delivery also firing EvCollect — and
//     the accumulation spaces filled); per placement EvBeforeSpace, then
//     EvDid after every op carried out, then EvAfterSpace (Ctx.Op = every op
//     done there) once the space's frames are resolved, then EvTurnEnd;
//     EvReturnHome; at a harvest EvFieldPhase (before crops are taken),
//     EvFeeding, EvBreeding, EvHarvestEnd; EvScoring at the end. EvGain
//     fires whenever a seat receives goods (not again for gains made by an
//     EvGain handler). In EvTurnEnd a handler may call Ctx.PlaceAgain so
//     the actor places its next person at once.
//   - Modify: changes the prices Cost computes (see below).
//   - Holders: changes where its owner's animals live (capacity).
//   - Beds: room for people that is no room (growth with room).
//   - Join: lets its owner place a person on an occupied space.
//   - Conversions: conversions that depend on the state (static ones in
//     Converts): Anytime (cooking), Baking (inside a bake action: rate and
//     grain per action), Harvest (limited uses per harvest).
//   - Points: bonus points at scoring and in the live score, to any seat.
//   - Actions/Resolve: the card's own decisions, in a FrameCard it pushed
//     (closed once Actions offers nothing more) or at any time its owner
//     decides (f nil). Resolve must validate before it changes anything.
//
// Order is part of the rules: handlers of one event run in card id order
// (then seat order from the acting seat), never in registration or map
// order; Modify hooks likewise; frames pushed by the handlers of one event
// are decided in the order they were pushed. A handler sees a Ctx (what
// happened: Actor, Space, Op, Cell, Item, N, Fences, Goods) and acts through
// it (Gain, Push, Schedule) or the State's exported fields and helpers
// (SpaceByID, Push, Gain, Schedule, Holders, Houses, Cost, Has, …). Frames a
// card may open: a menu of ops (Via = the card, so Cost and handlers know
// where it comes from: a free stable, an extra plow, a bake), a choice of
// goods bundles (negative amounts are paid, an empty bundle declines), or
// its own FrameCard.
//
// Cost(seat, Purchase) is the one function every price comes from: rooms
// (5 of the house material + 2 reed), stables (2 wood; the Side Job's 1),
// renovation, fences (1 wood each, priced per action so "3 free fences per
// action" fits), majors and minors (card cost, or returning an improvement
// such as a Fireplace for a Cooking Hearth), occupations (the Lessons
// space's cost by number played; 0 when a card grants the play, whose
// Reprice then names the price). It returns every way to pay (Price, which
// for a renovation also names the material it leads to, so a card may let
// a step be skipped); the cards' Reprice hooks run over it in id order,
// then their Modify hooks; a price dearer than another in every good is
// dropped; the action names the price it pays by index; a modifier that
// leaves no price forbids the purchase. Without cards in play it is the
// printed price, one way.
//
// Other seams: Schedule (goods on future round spaces: the Well, and the
// cards that place goods ahead; a card may schedule a marker with no goods,
// whose collection still fires EvCollect); Player.CardFields (fields on cards: sown,
// harvested and scored, no field tile); Player.Ext (a card's own counters,
// never read by the core); Player.Hand (hidden from other seats in the
// view). The 10 majors are built on the same API (majors.go): cooking and
// baking rates are conversions, the Well a schedule, the ovens' bake an
// OnPlay, the craft buildings' bonus Points; the core never asks which
// major a player owns. With no card in play, no hook runs and the game is
// exactly the family game; cards in hand do nothing.
//
// # For the UI
//
// View(seat) (ViewOf for the concrete type) has the action board (spaces
// with their goods, what they give, who stands there, whether the viewer
// may use them now), the round track (stage cards revealed, goods waiting
// on round spaces, harvest marks), the next harvest, the majors with owner,
// and each farm: cells (tile, stable, pasture, crop), pastures with
// capacity and animals, every animal holder with one arrangement, supply,
// people, beds, begging, food needed at the next harvest, fences and
// stables left, cards (own hand only), usable conversions and the live
// score sheet; Decision says what is being decided. Options(seat) lists the
// answers (Describe words them in English for logs). For clicking fences
// and moving animals freely: PreviewFences (pastures, price, validity with
// a reason and the fence concerned), PreviewAnimals (fits, an arrangement,
// the largest herds to keep), CheckArrangement (a hand-made arrangement),
// Targets (cells to highlight for an op), Cost (every price). All are pure
// functions of the state and reveal nothing beyond the seat's view.
//
// # Speed
//
// Bots list, copy and rate positions by the hundred thousand, so the hot
// paths keep what they work out, never as part of the state (nothing of it
// is encoded or hashed, and every fast path is tested against the plain
// one): the card index (cardindex.go: the handler order, each event's
// handlers, the price hooks and the ops they concern (Card.PriceOps), the
// printed conversions and cooking rates, the points cards, each seat's
// part remembered by its cards; checked against the Cards slices, which
// are never changed in place), the fence sets and the animal holders of a
// farm (farmyard.FenceSets, SharedHolders), the pastures by a table of the
// cells' sides, prices written into the caller's memory (Cost allocates
// only where a card's hook runs), the last list of actions kept for
// LegalCount/LegalAt (engine.IndexedLegal: a bot boxes only the action it
// picks), CloneInto (bot.Recycler) and scratch copies for Evaluate's look
// at a pending decision, which share the lists of card ids and deliveries
// with the state copied (never changed in place), cards found by their
// id's letter and number (cardOf), a new card index merged from the seats'
// parts (each seat's part shared, not copied, and taken from the last
// index when that seat's cards did not change), and no heap per event
// fired, hook run or bonus points asked. A rating looks the index up once
// (static), walks cells without lists (farmyard.Set.Each, Yard.Enclosure),
// works out the holders of a seat whose cards change them in pooled
// memory, and applies a pending decision's options without boxing them
// (applyAction); copies share the people on spaces, the frames' choices,
// the stage decks and the deliveries (all replaced, never changed in
// place). The listing checks an action's shape by a mask of its fields,
// finds each space's definition in the space, and prices a purchase that
// cards change in memory the state keeps for their hooks (a listing's
// prices are read before the next are asked; Cost gives new memory), with
// the substitutes appended in place and tidied without copies; an index
// lists the cards in id order only when a rare path asks
// (fastpath_test.go tests each against the plain way). Saves written
// before this work replay to their hashes (cards/testdata), and random
// and greedy card games end in the hashes of the code before it
// (cards/speed_test.go).
//
// # Choices on open points
//
// All in choices.go and docs/agricola.md: the family game's board (no
// Lessons, Meeting Place +1 food, Side Job with 2–4 players, none solo);
// fence validity (a fence must have a pasture on exactly one side; one
// connected pasture area; areas holding tiles are no pastures); feeding
// pays food only, the player converts first or begs; each harvest step by
// everyone, starting player first; the owner chooses newborns when not all
// fit; craft conversions at any decision during a harvest, bonus free;
// conversions at the player's own decisions; stage cards drawn at the start
// of their round; goods for rounds after 14 dropped; a required renovation
// with one price is done without asking; menus and animal decisions close
// by themselves when nothing is left to decide.
package agricola
