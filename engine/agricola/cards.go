package agricola

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// CardKind is what a card is.
type CardKind int

// Card kinds.
const (
	MajorCard      CardKind = iota + 1 // the 10 major improvements
	MinorCard                          // minor improvements (orange)
	OccupationCard                     // occupations (yellow)
)

func (k CardKind) String() string {
	switch k {
	case MajorCard:
		return "major"
	case MinorCard:
		return "minor"
	case OccupationCard:
		return "occupation"
	}
	return "card"
}

// Card is one card's rules: its printed facts as data, then its behaviour
// as hooks. Every hook is optional; a card with none changes nothing. See
// the package doc ("Cards") for when each hook runs and in what order.
type Card struct {
	// Facts.
	ID        string // "A067", "M05"
	Name      string
	Kind      CardKind
	Cost      Goods    // printed cost
	ReturnFor []string // majors: may instead be paid by returning one of these improvements
	VP        int      // printed victory points
	// MinPlayers is an occupation's player-count mark (1, 3 or 4).
	MinPlayers int
	Traveling  bool         // a minor passed to the left after it is played
	Converts   []Conversion // cooking, baking and harvest conversions it grants its owner
	// Deck is the deck ("A", "B") of an occupation or minor improvement
	// dealt in the card game; empty for the majors and test-only cards.
	Deck string

	// Requires is the prerequisite as data, for the UI to word ("2
	// occupations"); Prereq checks it.
	Requires Requirement

	// Behaviour.

	// Prereq refuses the card (with the reason) when its prerequisite is
	// not met; checked, never paid.
	Prereq func(s *State, seat engine.Seat) error
	// OnPlay runs once when the card is played or built (Event "play").
	OnPlay Handler
	// On runs handlers in the named event windows (Event constants).
	On map[Event]Handler
	// CostFor is the printed cost when it depends on the buyer (Bottles:
	// 1 food per person); it replaces Cost for this card.
	CostFor func(s *State, buyer engine.Seat) Goods
	// Reprice gives a purchase other prices in place of the printed one
	// ("each room costs you 3 clay and 2 reed"): it runs for every card
	// in play, in id order, before any Modify, and usually adds a price
	// (a price costing more than another in every good is dropped).
	Reprice func(c *CostCtx)
	// Modify changes the prices of any purchase (CostCtx.Buyer is who
	// buys; a card usually acts only when the buyer is its owner): a
	// discount or a substitute good, after every Reprice.
	Modify func(c *CostCtx)
	// PriceOps, when not 0, says that Reprice and Modify change only the
	// owner's own purchases of these ops: Cost skips them for any other
	// purchase (the listing of moves prices many, and most are printed
	// prices). 0 is any purchase by anyone.
	PriceOps Op
	// Holders changes where its owner's animals live (a pasture holds
	// more, the house holds more, the card itself holds some).
	Holders func(s *State, owner engine.Seat, hs []farmyard.Holder) []farmyard.Holder
	// Beds is extra room for people that is not a room (growth "with
	// room" counts it; room scoring does not).
	Beds func(s *State, owner engine.Seat) int
	// Join lets its owner place a person on space although someone
	// stands there already.
	Join func(s *State, owner engine.Seat, space string) bool
	// Conversions are conversions that depend on the state (a card's
	// stock of goods for sale); static ones go in Converts.
	Conversions func(s *State, owner engine.Seat) []Conversion
	// Points adds bonus points at scoring (and to the live preview) to
	// any seat: its owner or, for a few cards, others too.
	Points func(s *State, owner engine.Seat, add func(seat engine.Seat, points int))
	// Actions lists the card's own decisions: in a frame of Kind
	// FrameCard it opened (f is that frame), or, with f nil, actions its
	// owner may take at any time it decides. Each is an Action named
	// ActCard with Card set to this card; Resolve carries it out.
	Actions func(s *State, owner engine.Seat, f *Frame) []Action
	Resolve func(s *State, seat engine.Seat, f *Frame, a Action) error
	// Chosen runs when a choice this card opened (a FrameChoose with Via
	// the card) is answered, after the goods chosen were received:
	// Ctx.N is the option's index, Goods the option, Space the frame's
	// Item.
	Chosen Handler
	// Worth is the greedy bot's estimate, in points, of what the card in
	// front of owner will still bring beyond what the score and the goods
	// already count (a heuristic for Evaluate, never a rule). For a card
	// in hand it is asked as if the card were in play now.
	Worth func(s *State, owner engine.Seat) float64
}

// Requirement is a card's printed prerequisite: Kind names it (the card
// package documents the kinds), N is its number (0 when it has none).
type Requirement struct {
	Kind string `json:"kind,omitempty"`
	N    int    `json:"n,omitempty"`
}

// Timing says when a conversion may be used.
type Timing int

// Conversion timings.
const (
	Anytime Timing = iota + 1 // whenever the owner decides (cooking)
	Baking                    // inside a bake-bread action
	Harvest                   // during a harvest, a limited number of times
)

// Conversion turns goods into other goods: In for Out.
type Conversion struct {
	ID   string `json:"id"` // card id ":" what, e.g. "M01:sheep"; "raw:grain" for eating crops raw
	When Timing `json:"when"`
	In   Goods  `json:"in"`
	Out  Goods  `json:"out"`
	// Max: Baking: grain this improvement bakes per action (0 = any);
	// Harvest: uses per harvest (0 = 1).
	Max int `json:"max,omitempty"`
}

// cards is the registry: card id → rules. It is filled by init functions
// (RegisterCard) and read only afterwards. Order never comes from it:
// handlers run in card id order (inPlay).
var cards = map[string]*Card{}

// RegisterCard makes a card known by its id. Card packages call it from
// init; tests register test-only cards the same way.
func RegisterCard(c Card) {
	if c.ID == "" {
		panic("agricola: card without id")
	}
	if _, dup := cards[c.ID]; dup {
		panic("agricola: card registered twice: " + c.ID)
	}
	cards[c.ID] = &c
	if k, ok := cardKey(c.ID); ok {
		t := &cardTable[c.ID[0]-'A']
		if *t == nil {
			*t = new([cardKeys]*Card)
		}
		(*t)[k] = &c
	}
}

// CardByID is the registered card with that id, or nil.
func CardByID(id string) *Card { return cardOf(id) }

// cardTable is the registry again for ids of a capital letter and two or
// three digits (every printed card: "A016", "M01"), by letter and number:
// found by arithmetic rather than by hashing the id, as the hot paths look
// cards up all the time. It always agrees with cards (TestCardOf).
var cardTable [26]*[cardKeys]*Card

// cardKeys: three-digit numbers below 256, then two-digit ones.
const cardKeys = 256 + 100

// cardKey is id's place in its letter's cardTable row; ok is false for an
// id of another form (looked up in cards).
func cardKey(id string) (k int, ok bool) {
	// Each digit read once, unrolled (a byte below '0' wraps above 9).
	switch len(id) {
	case 3:
		a, b := id[1]-'0', id[2]-'0'
		if id[0]-'A' > 'Z'-'A' || a > 9 || b > 9 {
			return 0, false
		}
		return 256 + 10*int(a) + int(b), true
	case 4:
		a, b, c := id[1]-'0', id[2]-'0', id[3]-'0'
		if id[0]-'A' > 'Z'-'A' || a > 9 || b > 9 || c > 9 {
			return 0, false
		}
		k = 100*int(a) + 10*int(b) + int(c)
		return k, k < 256
	}
	return 0, false
}

// cardOf is cards[id].
func cardOf(id string) *Card {
	if k, ok := cardKey(id); ok {
		if t := cardTable[id[0]-'A']; t != nil {
			return t[k]
		}
		return nil
	}
	return cards[id]
}

// Event names a window in which card handlers run.
type Event string

// The event windows, in the order a round passes them (package doc).
const (
	EvPlay        Event = "play"         // the card itself was just played (OnPlay)
	EvRoundStart  Event = "round-start"  // preparation done: card revealed, round goods collected, spaces filled
	EvCollect     Event = "collect"      // one scheduled delivery was collected (Item = its Via, Goods)
	EvGain        Event = "gain"         // Actor received Goods (not fired again for gains inside an EvGain handler)
	EvBeforeSpace Event = "before-space" // a person was placed (Space), before the space's work
	EvDid         Event = "did"          // one op was carried out (Op, Cell, Item, N, Fences; Space = what granted it)
	EvAfterSpace  Event = "after-space"  // the space's work is over (Op = every op done there)
	EvTurnEnd     Event = "turn-end"     // a placement and everything it started is over
	EvReturnHome  Event = "return-home"  // people are back home
	EvFieldPhase  Event = "field-phase"  // start of a harvest's field phase, before crops are taken
	EvFeeding     Event = "feeding"      // start of the feeding phase
	EvBreeding    Event = "breeding"     // start of the breeding phase
	EvHarvestEnd  Event = "harvest-end"  // the harvest is over
	EvScoring     Event = "scoring"      // the game ended, before the final scores
	EvChosen      Event = "chosen"       // a choice the card opened was answered (Card.Chosen)
)

// Handler is a card's code for one event.
type Handler func(x *Ctx)

// Ctx is what a handler sees and may do. The fields say what happened;
// the methods are the only ways a handler changes the game besides the
// State's exported helpers (Gain, Schedule).
type Ctx struct {
	S      *State
	Event  Event
	Card   string      // the card whose handler runs
	Owner  engine.Seat // who has that card in front of them
	Actor  engine.Seat // who acted (-1 for events of a phase)
	Space  string      // the action space (or the card) concerned
	Op     Op
	Cell   farmyard.Cell
	Item   string // the improvement or occupation built/played; the Via of a delivery
	N      int    // fences built, grain baked, …
	Fences farmyard.Fences
	Goods  Goods // goods delivered (collect) or received (gain)

	frames []Frame
	again  bool
}

// PlaceAgain, in EvTurnEnd, lets the actor place the next person at once
// instead of the next player in turn (if it has one left).
func (x *Ctx) PlaceAgain() { x.again = true }

// Mine reports whether the handler's card belongs to the actor.
func (x *Ctx) Mine() bool { return x.Owner == x.Actor }

// Gain gives goods to a seat (animals that do not fit ask their owner to
// choose what to keep).
func (x *Ctx) Gain(seat engine.Seat, g Goods) { x.S.Gain(seat, g) }

// Push opens a decision: frames pushed by the handlers of one event are
// resolved in the order they were pushed, before play goes on.
func (x *Ctx) Push(f Frame) {
	if f.Via == "" {
		f.Via = x.Card
	}
	x.frames = append(x.frames, f)
}

// Schedule puts goods for seat on a future round space (the card is the
// delivery's Via); it is collected at that round's start.
func (x *Ctx) Schedule(seat engine.Seat, round int, g Goods) { x.S.Schedule(seat, round, g, x.Card) }

// cardInPlay is one card in front of a seat.
type cardInPlay struct {
	ID   string
	Seat engine.Seat
}

// inPlay lists the cards in front of every player in the fixed order
// handlers run in: by card id, then by seat from first (the acting seat,
// or the starting player for phase events). Card ids are unique, so the
// seat order matters only for cards with no id order between them.
func (s *State) inPlay(first engine.Seat) []cardInPlay {
	if x := s.cardsIndex(); !x.dup {
		order, _ := x.inOrder() // ids are unique: the order is the same from any seat
		return order
	}
	var out []cardInPlay
	for i := range s.Seats {
		seat := engine.Seat((int(first) + i) % s.Players)
		for _, id := range s.Seats[seat].Cards {
			out = append(out, cardInPlay{id, seat})
		}
	}
	slices.SortStableFunc(out, func(a, b cardInPlay) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// fire runs every handler of x.Event, in inPlay order, and then opens the
// frames they pushed so that the first pushed is decided first.
func (s *State) fire(x Ctx) Ctx {
	ix := s.cardsIndex()
	if !ix.dup && len(ix.handlers(x.Event)) == 0 {
		return x // and x stays on the stack: handlers get a pointer to it
	}
	return s.fireHandlers(ix, x)
}

// ctxPool holds the contexts fireHandlers lends its handlers (a handler
// never keeps its *Ctx past its call).
var ctxPool = sync.Pool{New: func() any { return new(Ctx) }}

// fireHandlers is fire when a card may have a handler for the event.
func (s *State) fireHandlers(ix *cardIndex, x Ctx) Ctx {
	// The index lists the handlers of each event in inPlay order. A
	// handler that changes the cards in play makes a new index; this one
	// still lists the cards as they were when the event fired.
	var hs []handler
	if !ix.dup {
		if hs = ix.handlers(x.Event); len(hs) == 0 {
			return x
		}
	} else if !s.anyCard(func(c *Card) bool { return c.On[x.Event] != nil }) {
		return x
	}
	// The handlers get a context from a pool: passed to a function value,
	// x itself would move to the heap at every event fired.
	c := ctxPool.Get().(*Ctx)
	*c = x
	c.S = s
	if !ix.dup {
		for _, h := range hs {
			c.Card, c.Owner = h.id, h.seat
			h.fn(c)
		}
	} else {
		first := c.Actor
		if first < 0 {
			first = s.Start
		}
		for _, in := range s.inPlay(first) {
			card := cardOf(in.ID)
			if card == nil || card.On[c.Event] == nil {
				continue
			}
			c.Card, c.Owner = in.ID, in.Seat
			card.On[c.Event](c)
		}
	}
	s.pushFrames(c.frames)
	x = *c
	*c = Ctx{}
	ctxPool.Put(c)
	return x
}

// anyCard reports whether a card in front of any player has the hook has
// checks for (without cards in play most hooks have nobody to run, and
// the work is skipped).
func (s *State) anyCard(has func(*Card) bool) bool {
	_, rules := s.cardsIndex().inOrder()
	for _, c := range rules {
		if c != nil && has(c) {
			return true
		}
	}
	return false
}

// pushFrames opens frames so that frames[0] ends on top.
func (s *State) pushFrames(frames []Frame) {
	for i := len(frames) - 1; i >= 0; i-- {
		s.push(frames[i])
	}
}

// play puts a card in front of seat and runs its OnPlay.
func (s *State) play(seat engine.Seat, id, via string) {
	p := &s.Seats[seat]
	p.Cards = append(p.Cards, id)
	if c := cardOf(id); c != nil && c.OnPlay != nil {
		s.runHook(Ctx{S: s, Event: EvPlay, Card: id, Owner: seat, Actor: seat, Space: via}, c.OnPlay)
	}
}

// runHook runs a card's hook on a pooled copy of x, as fireHandlers runs
// handlers (passed to a function value, x itself would move to the heap),
// and opens the frames it asked for.
func (s *State) runHook(x Ctx, hook Handler) {
	c := ctxPool.Get().(*Ctx)
	*c = x
	hook(c)
	s.pushFrames(c.frames)
	*c = Ctx{}
	ctxPool.Put(c)
}

// Has reports whether seat has card id in front of them.
func (s *State) Has(seat engine.Seat, id string) bool {
	for _, c := range s.Seats[seat].Cards {
		if c == id {
			return true
		}
	}
	return false
}

// cardErr is the error for an unknown card id.
func cardErr(id string) error { return engine.Illegal("unknown card %q", id) }

// describeCard is "Fireplace (M01)".
func describeCard(id string) string {
	if c := cardOf(id); c != nil {
		return fmt.Sprintf("%s (%s)", c.Name, id)
	}
	return id
}
