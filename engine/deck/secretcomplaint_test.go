package deck

import (
	"fmt"
	"slices"
	"testing"
)

// A member that leaves during a secret's draw, whose escrow share of its
// part to party 2 does not open: when the part is rebuilt, party 2
// complains where its share is due and every party names the member
// (its commitment and the complaint). With 4 parties the two valid
// shares rebuild the part and the value is public; with 3 the one valid
// share is too few, so the part is Unrecoverable. A complaint about a
// valid share names the complainer, and its share, public now, counts
// as given: the part is rebuilt all the same.
func TestSecretBadEscrowShareComplaint(t *testing.T) {
	for _, c := range []struct {
		n     int
		wrong bool
	}{{3, true}, {4, true}, {3, false}} {
		t.Run(fmt.Sprint(c.n, " parties, wrong share ", c.wrong), func(t *testing.T) {
			tb := newTable(t, uint64(90+c.n), c.n, 5)
			var ss []*Secret
			for i, d := range tb.decks {
				var forge func(Msg) Msg
				if i == 0 && c.wrong {
					forge = func(m Msg) Msg {
						if cm, ok := m.(*SecretCommitMsg); ok {
							bad := *cm
							bad.Shares = slices.Clone(cm.Shares)
							bad.Shares[2][0] ^= 1
							return &bad
						}
						return m
					}
				}
				s, err := NewSecret(d, []byte("game/secret 3"), 0, 1, seededRand(tb.game+9, i), forge)
				if err != nil {
					t.Fatal(err)
				}
				ss = append(ss, s)
			}
			send := func(p int, m Msg) {
				got, err := Decode(Encode(m))
				if err != nil {
					t.Fatal(err)
				}
				for i, s := range ss[1:] {
					if err := s.Receive(got); err != nil {
						t.Fatalf("party %d refuses party %d's %T: %v", i+1, p, m, err)
					}
				}
			}
			// Both commits, then party 0 goes silent and leaves.
			for range 2 {
				p, _ := ss[1].Due()
				m, err := ss[p].Make()
				if err != nil {
					t.Fatal(err)
				}
				if err := ss[0].Receive(m); err != nil && p != 0 {
					t.Fatal(err)
				}
				send(p, m)
			}
			for _, s := range ss[1:] {
				if err := s.Lose(0); err != nil {
					t.Fatal(err)
				}
			}
			complained := false
			for steps := 0; steps < 8; steps++ {
				p, ok := ss[1].Due()
				if !ok {
					break
				}
				var m Msg
				var err error
				if p == 2 && !c.wrong && !complained {
					m, err = ss[2].makeComplaint(0) // a false complaint
				} else {
					m, err = ss[p].Make()
				}
				if err != nil {
					t.Fatalf("party %d: %v", p, err)
				}
				_, isComplaint := m.(*ComplaintMsg)
				complained = complained || isComplaint
				send(p, m)
			}
			if !complained {
				t.Fatal("no complaint")
			}
			liar := 2
			if c.wrong {
				liar = 0
			}
			for i, s := range ss[1:] {
				if got := named(s.Cheats()); !slices.Equal(got, []int{liar}) {
					t.Fatalf("party %d names %v, want [%d]", i+1, got, liar)
				}
				_, public := s.PublicValue(13)
				if want := c.n == 4 || !c.wrong; public != want || s.Unrecoverable() == want {
					t.Fatalf("party %d: value public %v, unrecoverable %v", i+1, public, s.Unrecoverable())
				}
			}
		})
	}
}
