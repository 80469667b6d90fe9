package p2p

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// In a sealed game every device and a spectator read the same agreed hash
// after every engine entry: the public game's state hash, which the log's
// last entry carries as its post, and not a device's own state's (those
// differ once a device holds a card others do not). A plain game's is its
// state hash.
func TestAgreedAtIsThePublicGames(t *testing.T) {
	n := newSealedRace(t, 7, 3)
	if !n.run(20 * time.Minute) {
		t.Fatal("the game did not finish")
	}
	n.sameLogs()
	p0 := n.peers[0]
	f, err := Follow(p0.GenesisMessage())
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range p0.Entries() {
		if err := f.Add(e); err != nil {
			t.Fatalf("follower, entry %d: %v", i+1, err)
		}
	}
	total, own := len(p0.Match().Entries), 0
	owns := make([][]string, len(n.peers))
	for s, p := range n.peers {
		owns[s] = ownHashes(t, p)
	}
	for k := 1; k <= total; k++ {
		want := p0.AgreedAt(k)
		if len(want) != 64 {
			t.Fatalf("entry %d: agreed hash %q", k, want)
		}
		if got := f.AgreedAt(k); got != want {
			t.Fatalf("entry %d: the spectator reads %.12s, device 0 %.12s", k, got, want)
		}
		for s, p := range n.peers {
			if got := p.AgreedAt(k); got != want {
				t.Fatalf("entry %d: device %d reads %.12s, device 0 %.12s", k, s, got, want)
			}
			if owns[s][k-1] != want {
				own++
			}
		}
	}
	es := p0.Entries()
	if last := es[len(es)-1].Post.String(); p0.AgreedAt(total) != last || last != engine.HashHex(p0.led.sealed.public.State) {
		t.Fatalf("the agreed hash at the end %.12s, the log's last post %.12s", p0.AgreedAt(total), last)
	}
	if own == 0 {
		t.Fatal("no device's own state ever hashed otherwise than the public game: nothing was hidden")
	}
	if p0.AgreedAt(0) != "" || p0.AgreedAt(total+1) != "" {
		t.Fatal("an agreed hash out of the log's range")
	}

	// A device that hashed its own state (what it knows of the cards)
	// instead of the public game writes a post every other device refuses.
	g, err := Follow(p0.GenesisMessage())
	if err != nil {
		t.Fatal(err)
	}
	refused := false
	for i, e := range es {
		// A hidden draw's answer: a hidden entry, or the entry of its last
		// shares (signed again by its author).
		if (e.Kind == KindHidden || e.Kind == KindDeck && answersDraw(e.Body)) && !refused {
			mine := owns[0][len(g.Match().Entries)]
			bad := e
			copy(bad.Post[:], mustHex(t, mine))
			if e.Author >= 0 {
				bad.Sig = ed25519.Sign(n.peers[e.Author].priv, bad.signBytes())
			}
			if bad.Post != e.Post {
				if err := g.Add(bad); !errors.Is(err, ErrBadPost) {
					t.Fatalf("entry %d posted with a device's own state hash: %v", i+1, err)
				}
				refused = true
			}
		}
		if err := g.Add(e); err != nil {
			t.Fatalf("follower, entry %d after the refusal: %v", i+1, err)
		}
	}
	if !refused {
		t.Fatal("no hidden draw known to device 0 to post wrongly")
	}

	plain := newMemnetSetup(t, 7, engine.Setup{Game: enginetest.ID, Players: 3}, make([]string, 3), nil)
	if !plain.run(20 * time.Minute) {
		t.Fatal("the plain game did not finish")
	}
	q := plain.peers[0]
	if got := q.AgreedAt(len(q.Match().Entries)); got != engine.HashHex(q.Match().State) {
		t.Fatalf("a plain game's agreed hash %.12s is not its state hash", got)
	}
}

// ownHashes is the state hash of device p's own game (what it knows of
// the cards) after each of its engine entries, folded afresh: the device
// records none (agreed.go, appendOwn).
func ownHashes(t *testing.T, p *Peer) []string {
	t.Helper()
	m := p.Match()
	f, err := engine.NewMatch(m.Game, m.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, e := range m.Entries {
		if err := f.Append(e); err != nil {
			t.Fatalf("seat %d's own game, entry %d: %v", p.Seat(), i+1, err)
		}
		out = append(out, engine.HashHex(f.State))
	}
	return out
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		t.Fatalf("not a hash: %q", s)
	}
	return b
}
