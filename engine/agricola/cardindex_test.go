package agricola

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
	"tabula/engine/bot"
	"tabula/engine/rng"
)

// genericInPlay is inPlay as it was before the card index: every call
// lists the cards from first and sorts them by id.
func (s *State) genericInPlay(first engine.Seat) []cardInPlay {
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

// genericBonus is bonusPoints as it was before the card index: every card
// of every seat looked up.
func (s *State) genericBonus() []int {
	out := make([]int, s.Players)
	for i := range s.Seats {
		for _, id := range s.Seats[i].Cards {
			if c := cards[id]; c != nil && c.Points != nil {
				c.Points(s, engine.Seat(i), func(seat engine.Seat, n int) {
					if seat >= 0 && int(seat) < s.Players {
						out[seat] += n
					}
				})
			}
		}
	}
	return out
}

// genericBakeCapacity is bakeCapacity as it was: the bakers listed
// (sorted by rate) and summed.
func (s *State) genericBakeCapacity(seat engine.Seat) int {
	n := 0
	for _, c := range s.bakers(seat) {
		if c.Max == 0 {
			return -1
		}
		n += c.Max
	}
	return n
}

// The card index answers as the cards in front of the players do, however
// they change (played, returned, replaced, an id held twice): the
// handler order, the conversions, every price, the animal holders and the
// points equal what the generic paths (a sort per call, each card looked
// up, every card's hooks) give.
func TestCardIndexMatchesGeneric(t *testing.T) {
	pool := []string{"T01", "T02", "T03", "T04", "T05", "T06", "T12", "T14", "T15", "M01", "M02", "M05", "M08", "unknown"}
	purchases := []Purchase{{What: OpRoom}, {What: OpStable}, {What: OpRenovate}, {What: OpFences, N: 3},
		{What: OpMajor, Card: "M03"}, {What: OpMinor, Card: "T05"}, {What: OpOccupation, Via: "lessons", Card: "T02"}}
	r := rand.New(rand.NewPCG(3, 4))
	s := newGame(t, 4)
	var prev *cardIndex
	for step := 0; step < 400; step++ {
		p := &s.Seats[r.IntN(4)]
		id := pool[r.IntN(len(pool))]
		switch k := r.IntN(4); {
		case k == 0 && len(p.Cards) > 0:
			p.Cards = slices.Clone(p.Cards) // another slice, one id replaced (never in place: see cardIndex)
			p.Cards[r.IntN(len(p.Cards))] = id
		case k == 1 && len(p.Cards) > 0:
			p.Cards = removeCard(p.Cards, p.Cards[r.IntN(len(p.Cards))])
		default:
			p.Cards = append(p.Cards, id)
		}
		fresh := newCardIndex(s)
		if want := sortedCardIndex(s, &cardIndex{}); !sameOrder(fresh, want) {
			fo, _ := fresh.inOrder()
			wo, _ := want.inOrder()
			t.Fatalf("step %d: the index merged %v, sorted %v", step, fo, wo)
		}
		// Made after the last one, taking the parts of seats whose cards
		// did not change from it: the same as made afresh.
		after := newCardIndexAfter(s, prev)
		if !sameOrder(after, fresh) || !sameSeats(after, fresh) {
			t.Fatalf("step %d: the index made after the last differs from one made afresh", step)
		}
		prev = after
		if got, want := s.bonusPoints(), s.genericBonus(); !slices.Equal(got, want) {
			t.Fatalf("step %d: bonus points %v, generic %v", step, got, want)
		}
		for seat := engine.Seat(0); seat < 4; seat++ {
			if got, want := s.bonusOf(seat), s.genericBonus()[seat]; got != want {
				t.Fatalf("step %d: bonus points of %d %d, generic %d", step, seat, got, want)
			}
			// Worked out in borrowed memory, handed back and borrowed
			// again: as the generic path gives.
			for k := 0; k < 2; k++ {
				got, buf := s.holders(seat)
				if want := s.Holders(seat); !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d: holders of %d %v, generic %v", step, seat, got, want)
				}
				doneHolders(got, buf)
			}
			vp := 0
			for _, id := range s.Seats[seat].Cards {
				if c := cards[id]; c != nil {
					vp += c.VP
				}
			}
			if got := s.scoreSheet(seat, 0).Cards; got != vp {
				t.Fatalf("step %d: card points of %d %d, generic %d", step, seat, got, vp)
			}
			if got, want := s.inPlay(seat), s.genericInPlay(seat); !slices.Equal(got, want) {
				t.Fatalf("step %d: inPlay(%d) %v, generic %v", step, seat, got, want)
			}
			var byID []*Card
			for _, id := range sortedCards(s.Seats[seat].Cards) {
				byID = append(byID, cards[id])
			}
			if got, want := s.Conversions(seat), s.conversionsOf(seat, byID); !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d: conversions of %d %v, generic %v", step, seat, got, want)
			}
			if got, want := s.bakeCapacity(seat), s.genericBakeCapacity(seat); got != want {
				t.Fatalf("step %d: bake capacity of %d %d, generic %d", step, seat, got, want)
			}
			for _, space := range []string{"basic-wish", "forest"} {
				join := false
				for _, id := range s.Seats[seat].Cards {
					if c := cards[id]; c != nil && c.Join != nil && c.Join(s, seat, space) {
						join = true
					}
				}
				if got := s.mayJoin(seat, space); got != join {
					t.Fatalf("step %d: seat %d may join on %s: %v, generic %v", step, seat, space, got, join)
				}
			}
			occupations := 0
			for _, id := range s.Seats[seat].Cards {
				if c := cards[id]; c != nil && c.Kind == OccupationCard {
					occupations++
				}
			}
			if got := s.Occupations(seat); got != occupations {
				t.Fatalf("step %d: occupations of %d %d, generic %d", step, seat, got, occupations)
			}
			if got, want := s.cookRates(seat), cookRatesOf(s.conversionsOf(seat, byID)); got != want {
				t.Fatalf("step %d: cooking rates of %d %v, generic %v", step, seat, got, want)
			}
			for _, pu := range purchases {
				base, _ := s.baseCostByLookup(seat, pu)
				got, want := s.Cost(seat, pu), s.costHooked(seat, pu, base)
				var buf [4]Price
				if in := s.costInto(buf[:0], seat, pu); fmt.Sprint(in) != fmt.Sprint(got) || (in == nil) != (got == nil) {
					t.Fatalf("step %d: seat %d %v costs %v in a buffer, %v", step, seat, pu, in, got)
				}
				if fmt.Sprint(got) != fmt.Sprint(want) || (got == nil) != (want == nil) {
					t.Fatalf("step %d: seat %d %v costs %v, generic %v", step, seat, pu, got, want)
				}
			}
		}
	}
}

// genericFenceBudget is fenceBudget asking the price of every number of
// fences, most first.
func (s *State) genericFenceBudget(seat engine.Seat, via string) int {
	for n := 15 - s.Seats[seat].Yard.Fences.Len(); n > 0; n-- {
		for _, pr := range s.Cost(seat, Purchase{What: OpFences, Via: via, N: n}) {
			if s.affordable(seat, pr) {
				return n
			}
		}
	}
	return 0
}

// fenceOptionList is what fenceOptions emits.
func (s *State) fenceOptionList(seat engine.Seat, via string) []Action {
	var out []Action
	s.fenceOptions(seat, via, func(a Action) bool { out = append(out, a); return true })
	return out
}

// genericFenceOptions is fenceOptions the plain way: the sets of the
// generic budget, each at every price of its fences the seat can pay.
func (s *State) genericFenceOptions(seat engine.Seat, via string) []Action {
	var out []Action
	for _, fs := range s.Seats[seat].Yard.FenceSets(s.genericFenceBudget(seat, via), MaxPastureCells) {
		for i, pr := range s.Cost(seat, Purchase{What: OpFences, Via: via, N: fs.Len()}) {
			if s.affordable(seat, pr) {
				out = append(out, Action{Name: ActFences, Fences: fs, Pay: i})
			}
		}
	}
	return out
}

// Without a card that changes prices, the fence budget is the wood (up to
// the fences left); with one it is what the prices say.
func TestFenceBudgetMatchesGeneric(t *testing.T) {
	s := newGame(t, 2)
	p := &s.Seats[0]
	for _, held := range [][]string{nil, {"M01"}, {"T02"}, {"T03"}} {
		p.Cards = held
		for _, fences := range []farmyard.Fences{0, boundaryOf(4, 5), farmyard.AllEdges >> 26} {
			p.Yard.Fences = fences
			for wood := 0; wood <= 16; wood++ {
				p.Goods[Wood] = wood
				if got, want := s.fenceBudget(0, "fencing"), s.genericFenceBudget(0, "fencing"); got != want {
					t.Fatalf("cards %v, %d fences, %d wood: budget %d, generic %d", held, fences.Len(), wood, got, want)
				}
				if got, want := s.fenceOptionList(0, "fencing"), s.genericFenceOptions(0, "fencing"); !slices.Equal(got, want) {
					t.Fatalf("cards %v, %d fences, %d wood: fence options %v, generic %v", held, fences.Len(), wood, got, want)
				}
			}
		}
	}
}

// The fence options are the sets of the generic budget, each at its
// affordable prices, on the farms of random games (pastures, stables and
// fences as play leaves them) with and without cards that change fence
// prices: the cut at LeastFences lists the same.
func TestFenceOptionsMatchGenericInPlay(t *testing.T) {
	for players := 1; players <= 2; players++ {
		st, err := Game{}.New(familySetup(players))
		if err != nil {
			t.Fatal(err)
		}
		src := rng.Seeded{Seed: uint64(30 + players)}
		r := bot.NewRandom(uint64(40 + players))
		for k, n := 0, 0; !st.Status().Over; n++ {
			s := st.(*State)
			if n%3 == 0 {
				for _, held := range [][]string{nil, {"M01"}, {"T02"}, {"T03"}} {
					c := s.clone()
					p := &c.Seats[0]
					p.Cards = held
					for _, wood := range []int{0, 3, 4, 7, 11, 15} {
						p.Goods[Wood] = wood
						if got, want := c.fenceOptionList(0, "fencing"), c.genericFenceOptions(0, "fencing"); !slices.Equal(got, want) {
							t.Fatalf("%dp step %d, cards %v, %d wood: fence options %v, generic %v", players, n, held, wood, got, want)
						}
					}
				}
			}
			if status := st.Status(); status.Chance != nil {
				st.Resolve(src.Outcome(k, *status.Chance))
				k++
			} else if err := st.Apply(status.Deciders[0], r.Choose(st, status.Deciders[0])); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// seen records the calls of the echo cards' handlers.
var seen []string

var echo = func() map[Event]Handler {
	on := map[Event]Handler{}
	for _, e := range []Event{EvRoundStart, EvTurnEnd, EvHarvestEnd} {
		on[e] = func(x *Ctx) { seen = append(seen, fmt.Sprintf("%s %s %d %d", x.Event, x.Card, x.Owner, x.Actor)) }
	}
	return on
}()

// Events fire the handlers of the cards in play in inPlay order, through
// the index as through the generic loop (an id held twice takes the
// generic one): two echo cards see the same calls either way.
func TestFireMatchesGeneric(t *testing.T) {
	s := newGame(t, 3)
	seen = nil
	if CardByID("T90") == nil { // once, however often the test runs
		RegisterCard(Card{ID: "T90", Name: "Test Echo", Kind: MinorCard, On: echo})
		RegisterCard(Card{ID: "T91", Name: "Test Echo 2", Kind: OccupationCard, On: echo})
	}
	s.Seats[0].Cards = []string{"T91", "M01"}
	s.Seats[1].Cards = []string{"T90"}
	s.Seats[2].Cards = []string{"T01", "T91x"}
	for _, e := range []Event{EvRoundStart, EvTurnEnd, EvFeeding} {
		for actor := engine.Seat(-1); actor < 3; actor++ {
			seen = nil
			s.fire(Ctx{Event: e, Actor: actor})
			viaIndex := seen
			seen = nil
			first := actor
			if first < 0 {
				first = s.Start
			}
			for _, c := range s.genericInPlay(first) {
				if card := cards[c.ID]; card != nil && card.On[e] != nil {
					x := Ctx{S: s, Event: e, Actor: actor, Card: c.ID, Owner: c.Seat}
					card.On[e](&x)
				}
			}
			if !slices.Equal(viaIndex, seen) || (e != EvFeeding && len(seen) != 2) {
				t.Fatalf("%s by %d: index %q, generic %q", e, actor, viaIndex, seen)
			}
		}
	}
}

// The index sees a card appended into the spare room of the same memory
// (the slice starts where it did, only longer) and a card removed from the
// end, as the engine changes Cards.
func TestCardIndexSeesAppendInPlace(t *testing.T) {
	s := newGame(t, 2)
	p := &s.Seats[0]
	p.Cards = append(make([]string, 0, 4), "M01")
	if n := len(s.cardsIndex().seats[0].played); n != 1 {
		t.Fatalf("%d cards indexed, want 1", n)
	}
	p.Cards = append(p.Cards, "M08") // same memory
	if got := s.bonusPoints(); !slices.Equal(got, s.genericBonus()) || len(s.cardsIndex().seats[0].played) != 2 {
		t.Fatalf("after an append in place: bonus %v, generic %v", got, s.genericBonus())
	}
	p.Cards = removeCard(p.Cards, "M08")
	if n := len(s.cardsIndex().seats[0].played); n != 1 {
		t.Fatalf("%d cards indexed after a removal, want 1", n)
	}
}

// cardOf finds every registered card as the registry does, and no card
// for ids of any other form or not registered.
func TestCardOf(t *testing.T) {
	ids := []string{"", "A", "A0", "A00", "A000", "A255", "A256", "A999", "Z99", "Z999", "a016", "A01x",
		"A0160", "B104:boar", "@01", "[01", "M1", "M001", "T1", "unknown"}
	for id := range cards {
		ids = append(ids, id, id+"0", id[:len(id)-1], strings.ToLower(id), id[:len(id)-1]+"9",
			id[:len(id)-1]+":", id[:len(id)-1]+"/", id[:1]+":"+id[2:], string(id[0]+26)+id[1:]) // next to the digits and letters
	}
	for _, id := range ids {
		if got, want := cardOf(id), cards[id]; got != want {
			t.Fatalf("cardOf(%q) = %v, the registry %v", id, got, want)
		}
	}
	if cardOf("M01") == nil {
		t.Fatal("a major is not found")
	}
}

// sameSeats reports whether two indexes hold the same cards and say the
// same of each seat's.
func sameSeats(a, b *cardIndex) bool {
	if len(a.seats) != len(b.seats) || !reflect.DeepEqual(a.points, b.points) {
		return false
	}
	for i, x := range a.seats {
		y := b.seats[i]
		if !slices.Equal(x.held, y.held) || !slices.Equal(x.ids, y.ids) || !slices.Equal(x.played, y.played) ||
			!slices.Equal(x.byID, y.byID) || x.holders != y.holders || x.dynamic != y.dynamic ||
			x.cook != y.cook || !reflect.DeepEqual(x.convs, y.convs) || len(x.events) != len(y.events) {
			return false
		}
	}
	return true
}

// sameOrder reports whether two indexes list the same cards in the same
// order, with the same hooks and handlers (by card; functions are not
// comparable).
func sameOrder(a, b *cardIndex) bool {
	hooks := func(hs []handler) (out []hooked) {
		for _, h := range hs {
			out = append(out, h.hooked)
		}
		return out
	}
	ao, ar := a.inOrder()
	bo, br := b.inOrder()
	if !reflect.DeepEqual(ao, bo) || !reflect.DeepEqual(ar, br) || a.dup != b.dup ||
		!reflect.DeepEqual(a.reprice, b.reprice) || !reflect.DeepEqual(a.modify, b.modify) ||
		!slices.Equal(a.priced, b.priced) || a.costHooks != b.costHooks || len(a.other) != len(b.other) {
		return false
	}
	for i := range a.on {
		if !reflect.DeepEqual(hooks(a.on[i]), hooks(b.on[i])) {
			return false
		}
	}
	for e, hs := range a.other {
		if !reflect.DeepEqual(hooks(hs), hooks(b.other[e])) {
			return false
		}
	}
	return true
}

// T41, for the index tests: conversions that depend on the state (the
// seat's part then keeps none).
func init() {
	RegisterCard(Card{ID: "T41", Name: "Test Moody Oven", Kind: MinorCard,
		Conversions: func(s *State, owner engine.Seat) []Conversion {
			return []Conversion{{ID: "T41:grain", When: Anytime, In: One(Grain, 1), Out: One(Food, 1+s.Round%2)}}
		}})
}

// sameSeatCards reports whether two parts of the index say the same of
// their cards (each card's handlers as a set: eventsOf lists them in any
// order).
func sameSeatCards(x, y *seatCards) bool {
	if !slices.Equal(x.held, y.held) || !slices.Equal(x.ids, y.ids) || !slices.Equal(x.played, y.played) ||
		!slices.Equal(x.byID, y.byID) || x.holders != y.holders || x.joins != y.joins || x.dynamic != y.dynamic || x.occupations != y.occupations ||
		x.cook != y.cook || !reflect.DeepEqual(x.convs, y.convs) || len(x.events) != len(y.events) {
		return false
	}
	for i := range x.events {
		slots := func(evs []cardEvent) (out []string) {
			for _, e := range evs {
				out = append(out, fmt.Sprint(e.slot, e.ev))
			}
			slices.Sort(out)
			return out
		}
		if !slices.Equal(slots(x.events[i]), slots(y.events[i])) {
			return false
		}
	}
	return true
}

// A seat's part made from the part before and the card played after the
// others says what one worked out afresh says: cards with conversions,
// with dynamic conversions, with handlers, unknown ids, an id played
// twice, each at every place of the id order; and the part before keeps
// what it said.
func TestSeatCardsPlusMatchesNew(t *testing.T) {
	pool := []string{"T01", "T02", "T03", "T04", "T05", "T06", "T09", "T14", "T15", "T41", "T12", "M01", "M02", "M05", "M08", "unknown", "A000", "Z999"}
	r := rand.New(rand.NewPCG(11, 12))
	s := newGame(t, 2)
	for round := 0; round < 300; round++ {
		var ids []string
		was := s.newSeatCards(ids)
		for len(ids) < 12 {
			ids = append(ids, pool[r.IntN(len(pool))])
			before := *was
			got, want := s.seatCardsPlus(was, ids), s.newSeatCards(ids)
			if !sameSeatCards(got, want) {
				t.Fatalf("cards %v: after the last %+v, afresh %+v", ids, got, want)
			}
			if !sameSeatCards(was, &before) || !sameSeatCards(was, s.newSeatCards(ids[:len(ids)-1])) {
				t.Fatalf("cards %v: the part before changed", ids)
			}
			was = got
		}
	}
}
