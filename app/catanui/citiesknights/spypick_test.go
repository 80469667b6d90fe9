package citiesknights

import (
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/catantest"
	ck "tabula/engine/catan/citiesknights"
)

// Sealed play with looks (network games): the Spy's device, having seen
// the target's cards, offers a button per card, named as the card seen,
// each taking it by where it was drawn (spy-pick). Hot-seat games never
// offer spy-pick, so TestEveryActionOffered leaves it to this test.
func TestSpyPickOffered(t *testing.T) {
	played := catantest.PlaySealed(t, ck.Game, engine.Setup{Players: 3, Options: map[string]string{engine.Secrets: "1", engine.Looks: "1"}}, 5)
	r, u := newRenderer(t)
	tb := testTable(t, 3)
	picks := 0
	for seat, d := range played.Devices {
		st, err := engine.NewState(d.Game, d.Setup)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range d.Entries {
			s := st.(*catan.State)
			if s.Status().Decides(engine.Seat(seat)) && hasAction(s.Legal(engine.Seat(seat)), ck.ActSpyPick) {
				var acted []engine.Action
				env := envFor(tb, s, engine.Seat(seat), &acted)
				_, _, dock := render(r, env)
				cache := map[string][3]string{}
				for i, a := range env.Legal {
					if a.(catan.Action).Type != ck.ActSpyPick {
						continue
					}
					if ok, why := offered(t, r, u, env, i, cache); !ok {
						t.Fatalf("seat %d: %v is not offered: %s", seat, a, why)
					}
					picks++
				}
				if !strings.Contains(dock, "spy-pick-") {
					t.Fatalf("seat %d: the dock has no spy-pick button", seat)
				}
			}
			if err := engine.ApplyEntry(d.Game, st, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	if picks == 0 {
		t.Fatal("no device was offered spy-pick in the game")
	}
	t.Logf("%d spy-pick buttons checked", picks)
}

func hasAction(legal []engine.Action, k catan.ActionType) bool {
	for _, a := range legal {
		if a.(catan.Action).Type == k {
			return true
		}
	}
	return false
}
