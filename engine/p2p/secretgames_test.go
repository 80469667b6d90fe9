package p2p

import (
	"fmt"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/traders"
)

// secretsSeen is what a whole game's log shows of its secrets, from the
// first device's match replayed: the secret requests (each device's
// value checked: the audience's devices hold it, the others Unknown) and
// the openings, by show and by public request.
type secretsSeen struct{ drawn, private, shown, openedByRequest int }

func checkSecrets(t *testing.T, n *memnet) secretsSeen {
	t.Helper()
	p0 := n.peers[0]
	m := p0.Match()
	st, err := engine.NewState(m.Game, m.Setup)
	if err != nil {
		t.Fatal(err)
	}
	var seen secretsSeen
	for i, e := range m.Entries {
		req := st.Status().Chance
		switch {
		case e.IsChance() && req != nil && req.Secret != 0:
			seen.drawn++
			private := p0.led.privateSecret(req) != nil
			if private {
				seen.private++
			}
			v, ok := p0.led.sealed.secretValue(req.Secret)
			if !ok {
				t.Fatalf("entry %d: secret %d never opened", i, req.Secret)
			}
			for s, q := range n.peers {
				got := q.Match().Entries[i].Chance[0]
				want := v
				if private && !req.Opens(engine.Seat(s)) {
					want = engine.Unknown
				}
				if got != want {
					t.Fatalf("entry %d, secret %d for seats %v: device %d holds %d, want %d", i, req.Secret, req.Audience, s, got, want)
				}
			}
		case e.IsChance() && req != nil && req.OpensSecret != 0:
			seen.openedByRequest++
		case e.IsShow() && e.Show.Deck == engine.SecretDeck:
			seen.shown += len(e.Show.Cards)
		}
		if err := engine.ApplyEntry(m.Game, st, e); err != nil {
			t.Fatal(err)
		}
	}
	return seen
}

// Whole sealed games of Catan and Traders & Barbarians with secrets on 3
// and 4 devices over the in-memory network, greedy bots on every seat:
// the robber's steals are drawn by thief and victim (KindSecret entries),
// every device holds a stolen card's index exactly when its seat is thief
// or victim, every secret is opened by the end, and CheckSealed checks
// every device's knowledge and agreed hash at every entry.
func TestSealedSecretGames(t *testing.T) {
	var total secretsSeen
	for _, game := range []string{catan.ID, traders.ID} {
		for _, players := range []int{3, 4} {
			t.Run(fmt.Sprint(game, " ", players), func(t *testing.T) {
				n, bots := newGreedyNetN(t, game, players, 70+uint64(players), true)
				playGreedyRecorded(t, n, bots, 0)
				if !n.peers[0].Match().Setup.HasSecrets() {
					t.Fatal("the sealed setup carries no secrets")
				}
				n.sameLogs()
				n.noRejections()
				if err := CheckSealed(n.peers); err != nil {
					t.Fatal(err)
				}
				for s, p := range n.peers {
					if cs := p.Cheats(); len(cs) != 0 {
						t.Fatalf("device %d found cheats: %v", s, cs)
					}
				}
				seen := checkSecrets(t, n)
				kinds := map[Kind]int{}
				for _, e := range n.peers[0].led.entries {
					kinds[e.Kind]++
				}
				t.Logf("%+v; %d secret entries, %d hidden entries", seen, kinds[KindSecret], kinds[KindHidden])
				if seen.private == 0 || kinds[KindSecret] < 4*seen.private {
					t.Fatalf("no steal drawn in secret: %+v, %d secret entries", seen, kinds[KindSecret])
				}
				total.shown += seen.shown
				total.openedByRequest += seen.openedByRequest
			})
		}
	}
	if total.shown == 0 || total.openedByRequest == 0 {
		t.Errorf("no secret opened by a show, or none by a public request: %+v", total)
	}
}
