package p2p

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"tabula/engine"
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
			n.peers[dealer].forge = wrongEscrowShareTo(complainer)
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
				em, cm := proofPair(t, s, cs[0])
				if _, ok := em.(*deck.EscrowMsg); !ok {
					t.Fatalf("device %d: the proof is not the escrow and the complaint", s)
				}
				if !isComplaint(cm, complainer, dealer) {
					t.Fatalf("device %d: the proof's second message is %+v", s, cm)
				}
				e, err := DecodeEntry(cs[0].Entry)
				if err != nil || e.Kind != KindDeck || e.Author != complainer || !ed25519.Verify(gen.Seats[complainer].Key[:], e.signBytes(), e.Sig) {
					t.Fatalf("device %d: the entry is not the complainer's signed deck entry (%v)", s, err)
				}
				if _, ms, err := deckMsgs(e.Body); err != nil || len(ms) != 1 || string(deck.Encode(ms[0])) != string(deck.Encode(cm)) {
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

// A member of a steal that dealt a wrong escrow share of its part to
// another party and then leaves during the draw (it withholds its
// envelope and is voted out): when its part is rebuilt, the party holding
// the wrong share complains where its share is due (a secret entry it
// signs), and every device names the member with its commitment and the
// complaint as the proof. With three devices the one valid share left is
// too few to rebuild the part, so nobody can know the value: the chance
// round draws the steal in public, and the game goes on to its end, every
// remaining device's knowledge checked.
func TestSecretBadEscrowShareNamed(t *testing.T) {
	realGamesNatively(t)
	const quitter, holder = 1, 2
	n, num := withholdSecret(t, 93, quitter, func(m deck.Msg) bool {
		switch m.(type) {
		case *deck.SecretSealMsg, *deck.SecretAckMsg:
			return true
		}
		return false
	}, func(n *memnet) {
		n.peers[quitter].forge = func(name string, m deck.Msg) deck.Msg {
			if c, ok := m.(*deck.SecretCommitMsg); ok && len(c.Shares) > holder {
				bad := *c
				bad.Shares = slices.Clone(c.Shares)
				bad.Shares[holder][0] ^= 1
				return &bad
			}
			return m
		}
	})
	gen := n.peers[0].Genesis()
	for _, s := range []int{0, 2} {
		p := n.peers[s]
		n.namedOnce(s, quitter)
		cs := p.Cheats()
		if len(cs) != 1 || cs[0].Seat != quitter || cs[0].Deck != "secret" {
			t.Fatalf("device %d: cheats %+v, want one naming seat %d", s, cs, quitter)
		}
		if _, cm := proofPair(t, s, cs[0]); !isComplaint(cm, holder, quitter) {
			t.Fatalf("device %d: the proof's second message is %+v", s, cm)
		}
		e, err := DecodeEntry(cs[0].Entry)
		if err != nil || e.Kind != KindSecret || e.Author != holder || !ed25519.Verify(gen.Seats[holder].Key[:], e.signBytes(), e.Sig) {
			t.Fatalf("device %d: the entry is not the holder's signed secret entry (%v)", s, err)
		}
		if run := p.led.sealed.secret(num); run == nil || run.sec != nil || run.value == engine.Unknown {
			t.Fatalf("device %d: secret %d is not drawn in public", s, num)
		}
	}
	// Every remaining device holds the steal's value, drawn in public.
	p := n.peers[0]
	m := p.Match()
	st, _ := engine.NewState(m.Game, m.Setup)
	for i, e := range m.Entries {
		if req := st.Status().Chance; e.IsChance() && req != nil && req.Secret == num {
			if a, b := e.Chance[0], n.peers[2].Match().Entries[i].Chance[0]; a == engine.Unknown || a != b {
				t.Fatalf("secret %d: the devices hold %d and %d", num, a, b)
			}
		}
		if err := engine.ApplyEntry(m.Game, st, e); err != nil {
			t.Fatal(err)
		}
	}
}

// proofPair is the two messages that prove device s's cheat c.
func proofPair(t *testing.T, s int, c Cheat) (deck.Msg, deck.Msg) {
	t.Helper()
	var ce *deck.CheatError
	if !errors.As(c.Err, &ce) || len(ce.Evidence) != 2 {
		t.Fatalf("device %d: the proof %v", s, c.Err)
	}
	a, err1 := deck.Decode(ce.Evidence[0])
	b, err2 := deck.Decode(ce.Evidence[1])
	if err1 != nil || err2 != nil {
		t.Fatalf("device %d: the proof does not decode: %v, %v", s, err1, err2)
	}
	return a, b
}

// isComplaint: m is party's complaint about dealer's escrow share.
func isComplaint(m deck.Msg, party, dealer int) bool {
	c, ok := m.(*deck.ComplaintMsg)
	return ok && c.Party == party && c.Dealer == dealer
}

// The complainer's device killed after its complaint is in the log and
// restored from its snapshot: its rebuilt deck makes the same complaint
// from the log (its secrets come from its seed), takes the logged one as
// its own, and the game ends alike on every device, the dealer named.
func TestSealedComplaintRestores(t *testing.T) {
	const dealer, complainer = 1, 2
	for _, kill := range []uint64{12, 30} {
		n := newSealedRace(t, 5, 3)
		n.peers[dealer].forge = wrongEscrowShareTo(complainer)
		n.killAndRestore(complainer, kill)
		if !n.run(20 * time.Minute) {
			t.Fatalf("killed at %d: the game did not finish after the restart", kill)
		}
		n.sameLogs()
		n.noRejections()
		checkKnowledge(t, n)
		for s, p := range n.peers {
			if cs := p.Cheats(); len(cs) != 1 || cs[0].Seat != dealer {
				t.Fatalf("killed at %d: device %d names %+v", kill, s, cs)
			}
		}
	}
}

// wrongEscrowShareTo is a dealer's forge that spoils, once, the escrow
// share it seals to party to.
func wrongEscrowShareTo(to int) func(string, deck.Msg) deck.Msg {
	forged := false
	return func(name string, m deck.Msg) deck.Msg {
		if e, ok := m.(*deck.EscrowMsg); ok && !forged {
			forged = true
			bad := *e
			bad.Sealed = slices.Clone(e.Sealed)
			bad.Sealed[to][0] ^= 1
			return &bad
		}
		return m
	}
}
