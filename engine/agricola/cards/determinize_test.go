package cards

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/bot"
)

// kinds counts the occupations and the minor improvements of ids.
func kinds(ids []string) [2]int {
	var n [2]int
	for _, id := range ids {
		if ag.CardByID(id).Kind == ag.OccupationCard {
			n[0]++
		} else {
			n[1]++
		}
	}
	return n
}

// Determinisations along greedy card games (drafted with 2 players, dealt
// with 4) show every seat, and a spectator, what the position shows it,
// depend only on that view, keep each hand's and packet's number of cards
// of each kind, the cards in front of the players and the seat's own, and
// do redraw the others'.
func TestDeterminizeHands(t *testing.T) {
	for _, c := range []struct {
		players int
		opts    map[string]string
	}{{2, map[string]string{ag.OptionDraft: "on"}}, {4, nil}} {
		st, err := ag.Game{}.New(engine.Setup{Players: c.players, Options: c.opts})
		if err != nil {
			t.Fatal(err)
		}
		g := bot.NewGreedy(3)
		bots := make([]bot.Bot, c.players)
		for i := range bots {
			bots[i] = g
		}
		n, checked, drafting, redrawn := 0, 0, 0, 0
		err = bot.Walk(st, bots, 3, 20000, func(st engine.State, _ engine.Seat) bool {
			s := st.(*ag.State)
			n++
			packets := len(s.Seats[0].Packet) > 0
			if n%15 != 0 && !(packets && drafting < 6) {
				return true
			}
			if packets {
				drafting++
			}
			checked++
			for seat := engine.Spectator; int(seat) < c.players; seat++ {
				other := s.Determinize(seat, rand.New(rand.NewPCG(5, 5)))
				if err := bot.CheckDeterminizer(s, seat, other, 1, 2); err != nil {
					t.Fatalf("%dp round %d seat %d: %v", c.players, s.Round, seat, err)
				}
				d := s.Determinize(seat, rand.New(rand.NewPCG(8, uint64(seat)+1))).(*ag.State)
				if err := d.CheckInvariants(); err != nil {
					t.Fatalf("%dp round %d seat %d: %v", c.players, s.Round, seat, err)
				}
				for i := range s.Seats {
					a, b := &s.Seats[i], &d.Seats[i]
					if !slices.Equal(a.Cards, b.Cards) {
						t.Fatalf("seat %d's cards in play changed", i)
					}
					if i == int(seat) && (!slices.Equal(a.Hand, b.Hand) || !slices.Equal(a.Packet, b.Packet)) {
						t.Fatalf("seat %d's own hand changed", i)
					}
					if kinds(a.Hand) != kinds(b.Hand) || kinds(a.Packet) != kinds(b.Packet) {
						t.Fatalf("seat %d holds %v and %v, not %v and %v", i, kinds(b.Hand), kinds(b.Packet), kinds(a.Hand), kinds(a.Packet))
					}
					if !slices.Equal(a.Hand, b.Hand) || !slices.Equal(a.Packet, b.Packet) {
						redrawn++
					}
				}
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if checked < 8 || (c.opts != nil && drafting < 6) || redrawn < checked {
			t.Fatalf("%dp: %d positions (%d drafting), %d hands redrawn", c.players, checked, drafting, redrawn)
		}
	}
}
