package burgundy

import (
	"encoding/json"
	"fmt"
	"testing"

	"tabula/engine"
	"tabula/engine/rng"
)

// Nothing in The Castles of Burgundy is known to one seat and not to the
// others (docs/burgundy.md, "Sealed play"): the game declares no sealed
// deck, no chance request is hidden, and at every step of whole games
// every seat's view is the public view but for Seat and Prompt.
func TestNothingSealed(t *testing.T) {
	if _, ok := any(Game{}).(engine.SealedGame); ok {
		t.Fatal("burgundy declares sealed decks")
	}
	for players := 2; players <= 4; players++ {
		m, err := engine.NewMatch(Game{}, engine.Setup{Players: players}, nil)
		if err != nil {
			t.Fatal(err)
		}
		src := rng.Seeded{Seed: uint64(players)}
		pick := rng.NewStream([]byte(fmt.Sprintf("sealed/%d", players)))
		for k, steps := 0, 0; !m.State.Status().Over; steps++ {
			if steps > 20000 {
				t.Fatal("game does not end")
			}
			public := openView(t, m.State, engine.Spectator)
			for s := 0; s < players; s++ {
				if got := openView(t, m.State, engine.Seat(s)); got != public {
					t.Fatalf("%dp step %d: seat %d sees more than the public view:\n%s\n%s", players, steps, s, got, public)
				}
			}
			st := m.State.Status()
			if st.Chance != nil {
				if st.Chance.Hidden() {
					t.Fatalf("%dp: chance %s is hidden", players, st.Chance.Kind)
				}
				if err := m.Resolve(src.Outcome(k, *st.Chance)); err != nil {
					t.Fatal(err)
				}
				k++
				continue
			}
			seat := st.Deciders[0]
			legal := m.State.Legal(seat)
			if err := m.Do(seat, legal[pick.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// openView is seat's view with what differs by viewer alone (Seat, the
// viewer's prompt) blanked.
func openView(t *testing.T, st engine.State, seat engine.Seat) string {
	v := st.View(seat).(View)
	v.Seat, v.Prompt = 0, ""
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
