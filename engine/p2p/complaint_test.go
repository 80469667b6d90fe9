package p2p

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"tabula/engine/deck"
)

// A dealer that seals a wrong escrow share of its deck key to one party
// (an envelope that does not open): that party complains at its turn to
// shuffle, a deck entry it signs, and every device settles the complaint
// in public and names the dealer, with the escrow and the complaint as the
// proof and the complainer's signed entry. The game goes on to its end and
// to the audit on every device, each one's knowledge checked. With four
// parties the dealer's key is still rebuilt from the two valid shares
// when it is voted out later (the complainer owes none); with three too
// few valid shares remain, so its seat is not handed to the bot.
func TestSealedBadEscrowShareNamed(t *testing.T) {
	const dealer, complainer = 1, 2
	for _, players := range []int{3, 4} {
		t.Run(fmt.Sprint(players, " devices"), func(t *testing.T) {
			n := newSealedRace(t, 5, players)
			forged := false
			n.peers[dealer].forge = func(name string, m deck.Msg) deck.Msg {
				if e, ok := m.(*deck.EscrowMsg); ok && !forged {
					forged = true
					bad := *e
					bad.Sealed = append(bad.Sealed[:0:0], e.Sealed...)
					bad.Sealed[complainer][0] ^= 1
					return &bad
				}
				return m
			}
			// The dealer withholds its shares once it holds a card, so the
			// others' countdown runs out and they try to vote it out.
			withhold := true
			n.tamper = func(from, to int, data []byte) [][]byte {
				if from == dealer && withhold && holds(n.peers[dealer], dealer) && carriesShare(n.peers[dealer], data) {
					return nil
				}
				return [][]byte{data}
			}
			refused := false
			for end := 20 * time.Minute; n.now < end && !votedOut(n, dealer) && !refused; {
				n.step()
				for s, p := range n.peers {
					if s == dealer || !p.Started() || !p.Stalled(dealer) {
						continue
					}
					o, err := p.ProposeTakeover(dealer)
					switch {
					case err == nil:
						n.handle(s, o)
					case errors.Is(err, ErrSealedSeat):
						refused = true
					}
				}
			}
			if players == 4 && !votedOut(n, dealer) {
				t.Fatal("the dealer named for a wrong escrow share was not voted out (its key has two valid shares)")
			}
			if players == 3 && !refused {
				t.Fatal("a vote to hand the dealer's seat to the bot was not refused (one valid share of its key is left)")
			}
			if votedOut(n, dealer) {
				n.down[dealer] = true
			}
			withhold = false
			if !n.run(40 * time.Minute) {
				t.Fatal("the game did not finish")
			}
			n.sameLogs()
			live := slices.Clone(n.peers)
			for s := range n.peers {
				if n.down[s] {
					live[s] = nil
				} else {
					n.noRejectionsOf(s)
				}
			}
			if err := CheckSealed(live); err != nil {
				t.Fatal(err)
			}
			gen := n.peers[0].Genesis()
			for s, p := range n.peers {
				if n.down[s] {
					continue
				}
				if _, ok := p.Audited(); !ok {
					t.Fatalf("device %d: no audit", s)
				}
				n.namedOnce(s, dealer)
				cs := p.Cheats()
				if len(cs) != 1 || cs[0].Seat != dealer {
					t.Fatalf("device %d: cheats %+v, want one naming seat %d", s, cs, dealer)
				}
				var ce *deck.CheatError
				if !errors.As(cs[0].Err, &ce) || len(ce.Evidence) != 2 {
					t.Fatalf("device %d: the proof %v", s, cs[0].Err)
				}
				em, err1 := deck.Decode(ce.Evidence[0])
				cm, err2 := deck.Decode(ce.Evidence[1])
				if _, ok := em.(*deck.EscrowMsg); !ok || err1 != nil || err2 != nil {
					t.Fatalf("device %d: the proof is not the escrow and the complaint", s)
				}
				if c, ok := cm.(*deck.ComplaintMsg); !ok || c.Party != complainer || c.Dealer != dealer {
					t.Fatalf("device %d: the proof's second message is %+v", s, cm)
				}
				e, err := DecodeEntry(cs[0].Entry)
				if err != nil || e.Kind != KindDeck || e.Author != complainer || !ed25519.Verify(gen.Seats[complainer].Key[:], e.signBytes(), e.Sig) {
					t.Fatalf("device %d: the entry is not the complainer's signed deck entry (%v)", s, err)
				}
				if _, ms, err := deckMsgs(e.Body); err != nil || len(ms) != 1 || deck.Encode(ms[0]) == nil || string(deck.Encode(ms[0])) != string(ce.Evidence[1]) {
					t.Fatalf("device %d: the signed entry does not carry the complaint", s)
				}
			}
			// In the log: one complaint, in the complainer's place before
			// its shuffle; after a takeover, no share of the dealer's key
			// from the complainer.
			complaints, recovers, shuffled := 0, map[int]int{}, false
			for _, e := range n.peers[0].Entries() {
				if e.Kind != KindDeck {
					continue
				}
				_, ms, _ := deckMsgs(e.Body)
				switch m := ms[0].(type) {
				case *deck.ComplaintMsg:
					complaints++
					if shuffled {
						t.Fatal("the complaint came after the complainer's shuffle")
					}
				case *deck.ShuffleMsg:
					shuffled = shuffled || m.Party == complainer
				case *deck.RecoverMsg:
					recovers[m.Party]++
				}
			}
			if complaints != 1 || recovers[complainer] != 0 {
				t.Fatalf("%d complaints in the log, shares of departed keys by party: %v", complaints, recovers)
			}
			if players == 4 && (recovers[0] == 0 || recovers[3] == 0) {
				t.Fatalf("the dealer's key was rebuilt without both valid shares: %v", recovers)
			}
			t.Logf("%d devices: the dealer named by every device; voted out: %v; shares of departed keys by party: %v", players, votedOut(n, dealer), recovers)
		})
	}
}
