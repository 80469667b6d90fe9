package agricola

import (
	"slices"
	"strings"
	"sync"

	"tabula/engine"
)

// cardIndex is what the hot paths (listing moves, prices, handlers,
// evaluation) need to know about the cards in front of the players, worked
// out once and kept with the state until those cards change: the handler
// order without a sort per call, the card rules without a registry lookup
// per card, the static conversions without building them again.
//
// An index is never changed once made: a state whose cards change makes a
// new one, and a clone shares its original's until then. It is not part
// of the state (unexported, not encoded, not hashed); a state with a stale
// or missing index answers exactly as one without any. A seat's Cards is
// changed by giving it another slice (appending, removing, assigning, as
// the engine does), never by overwriting an id in place: the state
// remembers which slices its index was last found to hold for
// (State.indexAt), and compares the ids again only when one changed.
type cardIndex struct {
	// seats[seat] is what seat's cards alone decide (seatCards): the
	// cards as they were held when the index was made (the index holds
	// while every seat's Cards has the same ids in the same order), in
	// id order and in the order played, their conversions, whether one
	// changes where the animals live. The index of up to four seats
	// keeps them in seatsOf.
	seats   []*seatCards
	seatsOf [4]*seatCards
	// order is every card in front of a player by id (inPlay's order),
	// rules[i] its rules (nil for an unknown id), listed when first asked
	// (inOrder: only the rare paths read them, and most indexes a search
	// makes are never asked). When an id is in front of two seats (only
	// tests do that) the order depends on the first seat: dup is set and
	// inPlay sorts as it always did.
	listOnce sync.Once
	order    []cardInPlay
	rules    []*Card
	dup      bool
	// costHooks: some card in play reprices or modifies purchases;
	// reprice and modify are those cards in order, by hook.
	costHooks       bool
	reprice, modify []hooked
	// points are the cards with a Points hook, seat by seat in the order
	// played (bonusPoints' order).
	points []hooked
	// priced[seat] is the ops some card's price hook may change for seat
	// (Card.PriceOps): any other purchase costs its printed price.
	priced   []Op
	pricedOf [4]Op
	// on[eventSlot(e)] are the cards with a handler for event e, in
	// inPlay order; other those of events the engine does not name.
	on    [events][]handler
	other map[Event][]handler
}

// cardsIndex is the index of s's cards in front of the players, made anew
// when they changed since the last.
func (s *State) cardsIndex() *cardIndex {
	if x := s.index; x != nil && s.indexHeld() {
		return x // small enough to inline: the hot paths ask at every price
	}
	return s.cardsIndexAfresh()
}

// cardsIndexAfresh is cardsIndex when some seat's Cards is another slice
// than the index was last found to hold for.
func (s *State) cardsIndexAfresh() *cardIndex {
	if x := s.index; x != nil && x.holds(s) {
		s.holdIndex()
		return x
	}
	defer s.holdIndex()
	// The index is a function of the cards in front of each seat (the
	// conversions it keeps are the cards' printed ones), and the same
	// tables come back in every copy a search plays on: remembered by
	// the cards, spelt out.
	var buf [512]byte
	key := buf[:0]
	for i := range s.Seats {
		for _, id := range s.Seats[i].Cards {
			key = append(append(key, id...), ',')
		}
		key = append(key, '|')
	}
	x := indexMemo.get(key)
	if x == nil {
		x = newCardIndexAfter(s, s.index)
		indexMemo.put(key, x)
	}
	s.index = x
	return x
}

// indexMemo remembers the indexes made, by the cards in play spelt out;
// seatMemo each seat's part, by its cards.
var (
	indexMemo byCards[*cardIndex]
	seatMemo  byCards[*seatCards]
)

// byCards is a table of what some cards spelt out decide, bounded: once
// full it starts afresh rather than grow without bound.
type byCards[V any] struct {
	sync.Mutex
	m map[string]V
}

// byCardsSize bounds each table. What the tables hold stays live, and a
// collector that lets the heap grow to five times the live part (cmd/sim
// runs at GOGC 400) made 4096 a third of the heap of a run of random games;
// at 2048 a search's decisions (agricola, 4 players, hard) still find all
// but some 4 % more of the indexes they asked for, and a miss costs a
// rebuild from the index before, far less than a decision.
const byCardsSize = 1 << 11

func (t *byCards[V]) get(key []byte) V {
	t.Lock()
	defer t.Unlock()
	return t.m[string(key)]
}

func (t *byCards[V]) put(key []byte, v V) {
	t.Lock()
	defer t.Unlock()
	if t.m == nil || len(t.m) >= byCardsSize {
		t.m = make(map[string]V)
	}
	t.m[string(key)] = v
}

// heldAt is a seat's Cards by where it starts and its length: the slice
// itself, without its ids (the pointer keeps its memory from being reused
// for another slice while it is remembered).
type heldAt struct {
	first *string
	n     int
}

func heldOf(ids []string) heldAt {
	if len(ids) == 0 {
		return heldAt{}
	}
	return heldAt{&ids[0], len(ids)}
}

// indexHeld reports whether every seat's Cards is the slice s.index was
// last found to hold for.
func (s *State) indexHeld() bool {
	if len(s.Seats) > len(s.indexAt) {
		return false
	}
	for i := range s.Seats {
		if heldOf(s.Seats[i].Cards) != s.indexAt[i] {
			return false
		}
	}
	return true
}

// holdIndex remembers the slices s.index holds for.
func (s *State) holdIndex() {
	for i := range s.Seats {
		if i < len(s.indexAt) {
			s.indexAt[i] = heldOf(s.Seats[i].Cards)
		}
	}
}

// holds reports whether x still describes the cards in front of s's
// players.
func (x *cardIndex) holds(s *State) bool {
	if len(x.seats) != len(s.Seats) {
		return false
	}
	for i := range s.Seats {
		if !slices.Equal(x.seats[i].held, s.Seats[i].Cards) {
			return false
		}
	}
	return true
}

func newCardIndex(s *State) *cardIndex { return newCardIndexAfter(s, nil) }

// newCardIndexAfter is newCardIndex given the index s held before (nil
// for none): the part of each seat whose cards are as they were then is
// taken from it rather than looked up again.
func newCardIndexAfter(s *State, prev *cardIndex) *cardIndex {
	n := len(s.Seats)
	x := &cardIndex{}
	if n <= len(x.seatsOf) {
		x.seats, x.priced = x.seatsOf[:n], x.pricedOf[:n] // one allocation
	} else {
		x.seats = make([]*seatCards, n)
	}
	for i := range s.Seats {
		ids := s.Seats[i].Cards
		var own, was *seatCards
		if prev != nil && i < len(prev.seats) {
			was = prev.seats[i]
		}
		if was != nil && slices.Equal(was.held, ids) {
			own = was
		} else {
			own = s.seatCardsOf(ids, was)
		}
		x.seats[i] = own
		for j, id := range ids {
			if c := own.played[j]; c != nil && c.Points != nil {
				x.points = append(x.points, hooked{id, engine.Seat(i), c})
			}
		}
	}
	if n > len(x.seatsOf) {
		return sortedCardIndex(s, x) // no game has more seats: tests only
	}
	// The handlers of every event in one block of memory, in card order:
	// counted over the cards merged in id order, then listed.
	var slots [events]int
	mergeCards(x.seats, func(id string, _ int, _ *Card, evs []cardEvent) {
		for _, e := range evs {
			if e.slot >= 0 {
				slots[e.slot]++
			}
		}
	})
	all := make([]handler, 0, sum(slots[:]))
	for i, k := range slots {
		x.on[i], all = all[:0:k], all[k:k]
	}
	last, seen := "", false
	mergeCards(x.seats, func(id string, seat int, r *Card, evs []cardEvent) {
		x.dup = x.dup || seen && last == id
		last, seen = id, true
		if r != nil {
			x.addHooks(hooked{id, engine.Seat(seat), r}, evs)
		}
	})
	x.setPriced(n)
	return x
}

// mergeCards calls fn for every card of the seats' parts in id order (the
// stable sort by id of every seat's cards in seat order, without sorting:
// each part is sorted already), with its seat, rules and handlers.
func mergeCards(parts []*seatCards, fn func(id string, seat int, r *Card, evs []cardEvent)) {
	var at [4]int
	for {
		b := -1
		for i := range parts {
			if at[i] < len(parts[i].ids) && (b < 0 || parts[i].ids[at[i]] < parts[b].ids[at[b]]) {
				b = i
			}
		}
		if b < 0 {
			return
		}
		k := at[b]
		at[b]++
		fn(parts[b].ids[k], b, parts[b].byID[k], parts[b].events[k])
	}
}

// inOrder is order and rules, listed on first use.
func (x *cardIndex) inOrder() ([]cardInPlay, []*Card) {
	x.listOnce.Do(func() {
		mergeCards(x.seats, func(id string, seat int, r *Card, _ []cardEvent) {
			x.order = append(x.order, cardInPlay{id, engine.Seat(seat)})
			x.rules = append(x.rules, r)
		})
	})
	return x.order, x.rules
}

// sortedCardIndex finishes x, whose seats' parts are set, the plain way:
// every card in play sorted by id, each card's handlers read from its On.
func sortedCardIndex(s *State, x *cardIndex) *cardIndex {
	for i := range s.Seats {
		for _, id := range s.Seats[i].Cards {
			x.order = append(x.order, cardInPlay{id, engine.Seat(i)})
		}
	}
	slices.SortStableFunc(x.order, func(a, b cardInPlay) int { return strings.Compare(a.ID, b.ID) })
	x.rules = make([]*Card, len(x.order))
	for i, c := range x.order {
		x.rules[i] = cardOf(c.ID)
		x.dup = x.dup || i > 0 && x.order[i-1].ID == c.ID
		r := x.rules[i]
		if r == nil {
			continue
		}
		x.addHooks(hooked{c.ID, c.Seat, r}, eventsOf(r))
	}
	x.setPriced(len(s.Seats))
	x.listOnce.Do(func() {}) // listed already
	return x
}

// addHooks lists h's price hooks and its handlers evs (each event's list
// in the order the cards are added).
func (x *cardIndex) addHooks(h hooked, evs []cardEvent) {
	if h.card.Reprice != nil {
		x.reprice = append(x.reprice, h)
	}
	if h.card.Modify != nil {
		x.modify = append(x.modify, h)
	}
	for _, e := range evs {
		if e.slot >= 0 {
			x.on[e.slot] = append(x.on[e.slot], handler{h, e.fn})
			continue
		}
		if x.other == nil {
			x.other = map[Event][]handler{}
		}
		x.other[e.ev] = append(x.other[e.ev], handler{h, e.fn})
	}
}

// setPriced sets costHooks and priced from the price hooks listed.
func (x *cardIndex) setPriced(n int) {
	x.costHooks = len(x.reprice)+len(x.modify) > 0
	if len(x.priced) != n {
		x.priced = make([]Op, n)
	}
	for _, hs := range [][]hooked{x.reprice, x.modify} {
		for _, h := range hs {
			for i := range x.priced {
				if ops := h.card.PriceOps; ops == 0 {
					x.priced[i] = ^Op(0)
				} else if engine.Seat(i) == h.seat {
					x.priced[i] |= ops
				}
			}
		}
	}
}

func sum(ns []int) int {
	t := 0
	for _, k := range ns {
		t += k
	}
	return t
}

// cardEvent is one handler of a card with its event's place in
// cardIndex.on (-1 for an event the engine does not fire).
type cardEvent struct {
	slot int
	ev   Event
	fn   Handler
}

// eventsOf is c's handlers (On without nil ones; none for nil), in any
// order (a card has one handler per event).
func eventsOf(c *Card) []cardEvent {
	if c == nil {
		return nil
	}
	var evs []cardEvent
	for e, fn := range c.On {
		if fn != nil {
			evs = append(evs, cardEvent{eventSlot(e), e, fn})
		}
	}
	return evs
}

// seatCards is the part of the index that one seat's cards alone decide
// (whichever seat holds them): each index a search makes has most seats'
// cards as an earlier one had them, so these parts are remembered by the
// cards, spelt out, and shared between indexes (read only).
type seatCards struct {
	held         []string      // the ids as held (in the order played)
	ids          []string      // the ids in id order
	played, byID []*Card       // the cards in the order played, in id order
	events       [][]cardEvent // each card's handlers, in id order
	holders      bool          // one changes where the animals live
	joins        bool          // one lets its owner join others on a space
	occupations  int           // how many are occupations
	dynamic      bool          // one has a Conversions hook (convs is then nil)
	convs        []Conversion
	cook         Goods
}

// seatCardsOf is the seatCards of ids; was is the seat's part before
// (nil for none), which a card played adds to.
func (s *State) seatCardsOf(ids []string, was *seatCards) *seatCards {
	var buf [256]byte
	key := buf[:0]
	for _, id := range ids {
		key = append(append(key, id...), ',')
	}
	own := seatMemo.get(key)
	if own != nil {
		return own
	}
	if n := len(ids); was != nil && n == len(was.held)+1 && slices.Equal(was.held, ids[:n-1]) {
		own = s.seatCardsPlus(was, ids)
	} else {
		own = s.newSeatCards(ids)
	}
	seatMemo.put(key, own)
	return own
}

// newSeatCards works out the seatCards of ids.
func (s *State) newSeatCards(ids []string) *seatCards {
	own := &seatCards{held: shared(ids)} // never changed in place (see cardIndex)
	// The lists of cards in one block of memory, each its own length.
	n := len(ids)
	cards := make([]*Card, 2*n)
	own.played, own.byID = cards[:0:n], cards[n:n]
	own.events = make([][]cardEvent, 0, n)
	for _, id := range ids {
		c := cardOf(id)
		own.played = append(own.played, c)
		own.holders = own.holders || c != nil && c.Holders != nil
		own.joins = own.joins || c != nil && c.Join != nil
		if c != nil && c.Kind == OccupationCard {
			own.occupations++
		}
	}
	own.ids = sortedCards(ids)
	for _, id := range own.ids {
		c := cardOf(id)
		own.byID = append(own.byID, c)
		own.events = append(own.events, eventsOf(c))
		own.dynamic = own.dynamic || c != nil && c.Conversions != nil
	}
	if !own.dynamic {
		// Only printed conversions: neither s nor the seat is asked.
		own.convs = slices.Clip(s.conversionsOf(-1, own.byID))
		own.cook = cookRatesOf(own.convs)
	}
	return own
}

// seatCardsPlus is newSeatCards(ids) where ids are was's cards and one
// more played after them (a card played: the common change): was's lists
// with the card put in its place, and its conversions, when the card has
// none, kept as they were.
func (s *State) seatCardsPlus(was *seatCards, ids []string) *seatCards {
	n := len(ids)
	id := ids[n-1]
	c := cardOf(id)
	own := &seatCards{held: shared(ids), holders: was.holders || c != nil && c.Holders != nil,
		joins: was.joins || c != nil && c.Join != nil, occupations: was.occupations,
		dynamic: was.dynamic || c != nil && c.Conversions != nil}
	if c != nil && c.Kind == OccupationCard {
		own.occupations++
	}
	cards := make([]*Card, 2*n)
	own.played = append(append(cards[:0:n], was.played...), c)
	// sortedCards keeps the order of equal ids: the new one goes after
	// those equal to it.
	k := 0
	for k < len(was.ids) && was.ids[k] <= id {
		k++
	}
	own.ids = slices.Insert(slices.Clip(was.ids), k, id)
	own.byID = slices.Insert(append(cards[n:n:2*n], was.byID...), k, c)
	own.events = slices.Insert(append(make([][]cardEvent, 0, n), was.events...), k, eventsOf(c))
	switch {
	case own.dynamic:
	case c == nil || len(c.Converts) == 0:
		own.convs, own.cook = was.convs, was.cook // the same conversions (shared, read only)
	default:
		own.convs = slices.Clip(s.conversionsOf(-1, own.byID))
		own.cook = cookRatesOf(own.convs)
	}
	return own
}

// handler is a card in play with its handler of one event.
type handler struct {
	hooked
	fn Handler
}

// handlers are the cards' handlers of e, in inPlay order.
func (x *cardIndex) handlers(e Event) []handler {
	if i := eventSlot(e); i >= 0 {
		return x.on[i]
	}
	return x.other[e]
}

// events is the number of events the engine fires (eventSlot).
const events = 15

// eventSlot is e's place in cardIndex.on, -1 for an event the engine does
// not fire: a switch, cheaper than a map for every event fired.
func eventSlot(e Event) int {
	switch e {
	case EvPlay:
		return 0
	case EvRoundStart:
		return 1
	case EvCollect:
		return 2
	case EvGain:
		return 3
	case EvBeforeSpace:
		return 4
	case EvDid:
		return 5
	case EvAfterSpace:
		return 6
	case EvTurnEnd:
		return 7
	case EvReturnHome:
		return 8
	case EvFieldPhase:
		return 9
	case EvFeeding:
		return 10
	case EvBreeding:
		return 11
	case EvHarvestEnd:
		return 12
	case EvScoring:
		return 13
	case EvChosen:
		return 14
	}
	return -1
}

// hooked is a card in play with a hook the index lists, and its owner.
type hooked struct {
	id   string
	seat engine.Seat
	card *Card
}
