package burgundy

import (
	"reflect"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
)

// The indexed enumeration (engine.IndexedLegal) is the legal list, in
// order, at every decision of greedy games of every size, for the seat to
// decide and for a seat that may not act; Options is the same list unboxed.
func TestIndexedLegalIsTheLegalList(t *testing.T) {
	var _ engine.IndexedLegal = (*State)(nil)
	decisions := 0
	for players := 2; players <= 4; players++ {
		st, err := Game{}.New(engine.Setup{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		g := bot.NewGreedy(uint64(players))
		err = bot.Walk(st, []bot.Bot{g, g, g, g}, uint64(players), 20000, func(st engine.State, seat engine.Seat) bool {
			s := st.(*State)
			decisions++
			for _, who := range []engine.Seat{seat, (seat + 1) % engine.Seat(players)} {
				legal := s.Legal(who)
				if n := s.LegalCount(who); n != len(legal) {
					t.Fatalf("seat %d: LegalCount %d, Legal %d", who, n, len(legal))
				}
				for i, a := range legal {
					if got := s.LegalAt(who, i); !reflect.DeepEqual(got, a) {
						t.Fatalf("seat %d: LegalAt(%d) %v, Legal %v", who, i, got, a)
					}
				}
				if s.LegalAt(who, len(legal)) != nil || s.LegalAt(who, -1) != nil {
					t.Fatalf("seat %d: an action out of range", who)
				}
				opts := s.Options(who)
				if len(opts) != len(legal) || (opts == nil) != (legal == nil) {
					t.Fatalf("seat %d: %d options, %d legal", who, len(opts), len(legal))
				}
				for i := range opts {
					if opts[i] != legal[i].(Action) {
						t.Fatalf("seat %d: option %d %v, legal %v", who, i, opts[i], legal[i])
					}
				}
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if decisions < 300 {
		t.Fatalf("only %d decisions", decisions)
	}
}

// placeSpots is the set of spaces placeable accepts, for every tile in
// any seat's storage at every decision of greedy games.
func TestPlaceSpotsMatchPlaceable(t *testing.T) {
	checked := 0
	for players := 2; players <= 4; players++ {
		st, _ := Game{}.New(engine.Setup{Players: players})
		g := bot.NewGreedy(uint64(10 + players))
		err := bot.Walk(st, []bot.Bot{g, g, g, g}, uint64(players), 20000, func(st engine.State, _ engine.Seat) bool {
			s := st.(*State)
			for seat := range s.Seats {
				for tile := 1; tile < len(catalogue); tile++ {
					var want spaceSet
					for sp := 1; sp <= Spaces; sp++ {
						if s.placeable(engine.Seat(seat), tile, sp) == placeOK {
							want |= 1 << sp
						}
					}
					if got := s.placeSpots(engine.Seat(seat), tile); got != want {
						t.Fatalf("seat %d tile %d: spots %b, placeable %b", seat, tile, got, want)
					}
					checked++
				}
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d checks", checked)
	}
}
