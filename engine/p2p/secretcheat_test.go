package p2p

import (
	"crypto/ed25519"
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/deck"
)

// playCatanSecrets plays a whole sealed 3-device Catan with secrets by
// greedy bots, hooks set by prepare first; CheckSealed must pass.
func playCatanSecrets(t *testing.T, seed uint64, prepare func(n *memnet)) *memnet {
	t.Helper()
	n, bots := newGreedyNetN(t, catan.ID, 3, seed, true)
	prepare(n) // its tamper stays: no recording here
	for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0); steps++ {
		n.step()
		greedyTurns(n, bots)
	}
	if !n.allOver() {
		t.Fatal("the game did not finish")
	}
	n.sameLogs()
	if err := CheckSealed(n.peers); err != nil {
		t.Fatal(err)
	}
	return n
}

// A device that opens a stolen card as other than it drew it (its signed
// opening carries a part that is not the one it committed: in a show
// before its action, or answering a public opening) is refused at once by
// every other device and named, with its signed entry as the proof; the
// others take its true entry by sync and the game ends alike everywhere.
func TestSecretWrongOpeningCaught(t *testing.T) {
	const cheater = 1
	lied := false
	var n *memnet
	for seed := uint64(90); seed < 96 && !lied; seed++ {
		n = playCatanSecrets(t, seed, func(n *memnet) {
			var first []byte
			n.tamper = func(from, to int, data []byte) [][]byte {
				if from != cheater || lied && string(data) != string(first) {
					return [][]byte{data}
				}
				m, err := Decode(data)
				em, ok := m.(*EntryMsg)
				if err != nil || !ok {
					return [][]byte{data}
				}
				e := em.Entry
				if !forgeOpening(t, n.peers[cheater].led, &e) {
					return [][]byte{data}
				}
				e.Sig = ed25519.Sign(n.peers[cheater].priv, e.signBytes())
				lied, first = true, data
				return [][]byte{Encode(&EntryMsg{Entry: e})}
			}
		})
	}
	if !lied {
		t.Fatal("the cheater never opened a stolen card")
	}
	for s, p := range n.peers {
		if s == cheater {
			continue
		}
		n.namedOnce(s, cheater)
		cs := p.Cheats()
		var ce *deck.CheatError
		if len(cs) != 1 || cs[0].Seat != cheater || cs[0].Entry == nil || !errors.As(cs[0].Err, &ce) {
			t.Fatalf("seat %d: cheats %+v", s, cs)
		}
		e, err := DecodeEntry(cs[0].Entry)
		if err != nil || !ed25519.Verify(n.peers[0].Genesis().Seats[cheater].Key[:], e.signBytes(), e.Sig) {
			t.Fatalf("seat %d: the proof is not the cheater's signed entry: %v", s, err)
		}
		t.Logf("seat %d names seat %d: %v", s, cheater, cs[0].Err)
	}
}

// forgeOpening replaces the first part of an opening in e (a show of
// secrets, or a secret's opening entry) by another scalar; false when e
// opens no secret.
func forgeOpening(t *testing.T, l *ledger, e *Entry) bool {
	other := [32]byte{7}
	switch e.Kind {
	case KindShow:
		sg, err := l.decodeShow(e.Body)
		if err != nil || sg.deck != secretShow || sg.opens[0] == nil {
			return false
		}
		sg.opens[0].Parts[0] = other
		e.Body = showBody(sg)
		return true
	case KindSecret:
		r := reader{b: e.Body}
		num := r.uvarint()
		m, err := deck.Decode(r.b)
		om, ok := m.(*deck.SecretOpenMsg)
		if err != nil || !ok || om.Has&1 == 0 {
			return false
		}
		om.Parts[0] = other
		e.Body = secretBody(int(num), om)
		return true
	}
	return false
}

// A device that seals a wrong part to the other member of a steal (an
// envelope that does not open to its committed part) is accused by the
// recipient, whose accusation discloses that envelope's key with a DLEQ
// proof, and every device names it. The cheater then owes its part in
// public; the stolen card stays hidden from the third device and the game
// goes on to its end, every device's knowledge checked.
func TestSecretWrongEnvelopeNamed(t *testing.T) {
	const cheater = 2
	forged := 0
	n := playCatanSecrets(t, 91, func(n *memnet) {
		n.peers[cheater].forge = func(name string, m deck.Msg) deck.Msg {
			if name != engine.SecretDeck || forged > 0 {
				return m
			}
			switch m := m.(type) {
			case *deck.SecretSealMsg:
				m.Sealed[0] ^= 1
				forged++
			case *deck.SecretCommitMsg:
				if m.Seal != nil {
					m.Seal.Sealed[0] ^= 1
					forged++
				}
			}
			return m
		}
	})
	if forged == 0 {
		t.Fatal("the cheater never sealed a part")
	}
	for s, p := range n.peers {
		cs := p.Cheats()
		if len(cs) != 1 || cs[0].Seat != cheater || cs[0].Deck != engine.SecretDeck {
			t.Fatalf("seat %d: cheats %+v", s, cs)
		}
		t.Logf("seat %d names seat %d: %v", s, cheater, cs[0].Err)
	}
	seen := checkSecrets(t, n)
	if seen.private == 0 {
		t.Fatal("no secret drawn")
	}
}
