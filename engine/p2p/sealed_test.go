package p2p

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// newSealedRace is a memnet playing sealed Race with players devices.
func newSealedRace(t testing.TB, seed uint64, players int) *memnet {
	t.Helper()
	setup := engine.Setup{Game: enginetest.ID, Players: players, Options: map[string]string{engine.Sealed: "1"}}
	return newMemnetSetup(t, seed, setup, make([]string, players), nil)
}

// Whole sealed Race games among 2–4 devices: every device holds the same
// log and agreed hash, the audit at the end finds no cheat and every
// device has the deck's whole order, and at every step each device's
// knowledge is exactly its seat's view (checked against a referee that
// replays the log with every card, taken from the audit).
func TestSealedRaceFinishes(t *testing.T) {
	kinds, shown := map[Kind]int{}, 0
	for players := 2; players <= 4; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			n := newSealedRace(t, seed, players)
			if !n.run(20 * time.Minute) {
				t.Fatalf("%d players seed %d: game did not finish (now %v)", players, seed, n.now)
			}
			n.sameLogs()
			n.noRejections()
			for _, e := range n.peers[0].Entries() {
				kinds[e.Kind]++
			}
			for _, e := range n.peers[0].Match().Entries {
				if e.IsShow() {
					shown++
				}
			}
			for s, p := range n.peers {
				if n.count(s, EvOver) != 1 || n.count(s, EvCheat) != 0 {
					t.Fatalf("seat %d: over %d, cheats %v", s, n.count(s, EvOver), n.find(s, EvCheat))
				}
				if _, ok := p.Audited(); !ok {
					t.Fatalf("seat %d: no audit at the end", s)
				}
			}
			checkKnowledge(t, n)
		}
	}
	t.Logf("entries by kind %v; cards shown %d", kinds, shown)
	if kinds[KindHidden] == 0 || kinds[KindShow] == 0 || kinds[KindBatch] == 0 || shown <= kinds[KindShow] {
		t.Fatalf("the games dealt, showed or discarded too little to test: %v, %d cards shown", kinds, shown)
	}
}

// checkKnowledge replays every device's engine log beside a referee that
// knows every card (from the audit): at every entry, same agreed hash
// and status, and the device's view of its own seat is the referee's.
// A device outside a draw's audience holds it as engine.Unknown.
func checkKnowledge(t *testing.T, n *memnet) {
	t.Helper()
	cards, _ := n.peers[0].Audited()
	m0 := n.peers[0].Match()
	ref, err := engine.NewMatch(m0.Game, m0.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	devs := make([]engine.State, len(n.peers))
	for s := range n.peers {
		if devs[s], err = engine.NewState(m0.Game, m0.Setup); err != nil {
			t.Fatal(err)
		}
	}
	for i, e := range m0.Entries {
		re := e
		req := ref.State.Status().Chance
		hidden := e.IsChance() && req != nil && req.Hidden()
		if hidden {
			re.Chance = make(engine.Outcome, len(req.Cards))
			for k, pos := range req.Cards {
				re.Chance[k] = cards[0][pos]
			}
		}
		re.Post = ""
		if err := ref.Append(re); err != nil {
			t.Fatalf("referee, entry %d: %v", i, err)
		}
		for s, p := range n.peers {
			de := p.Match().Entries[i]
			if hidden && req.Opens(engine.Seat(s)) == (de.Chance[0] == engine.Unknown) {
				t.Fatalf("device %d, entry %d: draw for %v held as %v", s, i, req.Audience, de.Chance)
			}
			if err := engine.ApplyEntry(m0.Game, devs[s], de); err != nil {
				t.Fatalf("device %d, entry %d: %v", s, i, err)
			}
			if engine.AgreedHashHex(m0.Setup, devs[s]) != ref.Entries[i].Post {
				t.Fatalf("device %d, entry %d: agreed hash differs from the referee's", s, i)
			}
			if a, b := js(devs[s].View(engine.Seat(s))), js(ref.State.View(engine.Seat(s))); a != b {
				t.Fatalf("device %d, entry %d: its seat's view differs:\n device  %s\n referee %s", s, i, a, b)
			}
		}
	}
}

func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(err)
	}
	return string(b)
}

func TestSealedDebug(t *testing.T) {
	n := newSealedRace(t, 1, 2)
	n.run(2 * time.Second)
	for s, p := range n.peers {
		seq, _ := p.Head()
		t.Logf("seat %d head %d waiting %v status %+v", s, seq, p.Waiting(), p.Match().State.Status())
		for _, e := range n.events[s] {
			t.Logf("  %v", e)
		}
		if p.led.sealed != nil {
			for i, d := range p.led.sealed.decks {
				ph, who := d.Waiting()
				t.Logf("  deck %d %v %v outbox %d opened %d", i, ph, who, len(p.led.sealed.outbox[i]), p.led.sealed.opened)
			}
		}
	}
}
