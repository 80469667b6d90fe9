package cards_test

import (
	"testing"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/bot"
)

// CloneInto, into any earlier copy of a game of any size, is a Clone: the
// same hash, the same play on for a few actions, and nothing the copy does
// changes the state copied, nor the other way round (the lists of card
// ids and deliveries they share are never changed in place).
func TestCloneIntoIsAClone(t *testing.T) {
	var old []engine.State
	for players := 1; players <= 4; players++ {
		st, err := agricola.Game{}.New(engine.Setup{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		g := bot.NewRandom(uint64(players))
		n := 0
		err = bot.Walk(st, []bot.Bot{g, g, g, g}, uint64(players), 20000, func(st engine.State, seat engine.Seat) bool {
			if n++; n%9 != 0 {
				return true
			}
			s := st.(*agricola.State)
			h := engine.HashHex(s)
			for _, o := range old[max(0, len(old)-3):] {
				x := s.CloneInto(o.Clone())
				c := s.Clone()
				if engine.HashHex(x) != h {
					t.Fatalf("%d players: the copy hashes unlike the state", players)
				}
				r := bot.NewRandom(uint64(n))
				for k := 0; k < 6; k++ {
					status := c.Status()
					if status.Over || status.Chance != nil {
						break
					}
					d := status.Deciders[0]
					a := r.Choose(c, d)
					if x.Apply(d, a) != nil || c.Apply(d, a) != nil {
						t.Fatal("a legal action refused by a copy")
					}
					if engine.HashHex(x) != engine.HashHex(c) {
						t.Fatalf("%d players: the copy plays on unlike a Clone", players)
					}
				}
				if engine.HashHex(s) != h {
					t.Fatalf("%d players: the copy shares memory with the state", players)
				}
				// Both ways at once: a copy plays on, then the state copied
				// (with spare room in its lists by now) plays on otherwise,
				// and the copy is still what a Clone that played as it did is.
				y := c.(*agricola.State).CloneInto(o.Clone())
				z := c.Clone()
				playOn(t, bot.NewRandom(uint64(n)+1), 12, z, y)
				playOn(t, r, 12, c)
				if engine.HashHex(y) != engine.HashHex(z) {
					t.Fatalf("%d players: the state played on changed its copy", players)
				}
			}
			old = append(old, s.Clone())
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(old) < 40 {
		t.Fatalf("only %d positions", len(old))
	}
}

// playOn plays up to n actions r chooses on sts[0] on every state of sts.
func playOn(t *testing.T, r bot.Bot, n int, sts ...engine.State) {
	t.Helper()
	for k := 0; k < n; k++ {
		status := sts[0].Status()
		if status.Over || status.Chance != nil {
			return
		}
		d := status.Deciders[0]
		a := r.Choose(sts[0], d)
		for _, st := range sts {
			if err := st.Apply(d, a); err != nil {
				t.Fatal(err)
			}
		}
	}
}
