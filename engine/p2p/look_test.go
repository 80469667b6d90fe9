package p2p

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/citiesknights"
	"tabula/engine/deck"
)

// looksSeen checks every look of a finished sealed game (a hidden request
// whose cards were opened before: the Spy's): each device holds its values
// exactly when its seat is in the audience, unless the look was opened
// to all (a member left). It returns the looks private and widened.
func looksSeen(t *testing.T, peers []*Peer) (private, widened int) {
	t.Helper()
	p0 := peers[slices.IndexFunc(peers, func(p *Peer) bool { return p != nil })]
	k := 0
	replayed(t, p0, func(i int, e engine.Entry, st engine.State) {
		req := st.Status().Chance
		if !e.IsChance() || req == nil {
			return
		}
		if p0.led.sealed.looks[k] {
			all := p0.led.sealed.toAll[k]
			if all {
				widened++
			} else {
				private++
			}
			heldByAudience(t, peers, i, req, all)
		}
		k++
	})
	return private, widened
}

// spyGames are whole sealed Cities & Knights games by greedy bots in
// which a Spy looks at another seat's cards: 3 and 4 devices.
var spyGames = []struct {
	players int
	seed    uint64
}{{3, 2}, {4, 1}}

// The Spy in sealed network play, by the rules: its player's device learns
// the target's unshown progress cards (a look: the target's device seals
// its share of each to the Spy's, which acknowledges each), the other
// devices hold them unknown, and the card taken moves hidden from them;
// a card the Spy later plays it shows with the target's share it holds.
// Whole games at 3 and 4 devices, every device's knowledge checked at
// every entry (CheckSealed), audited with no cheat, and the game file
// verified.
func TestSealedSpyLooks(t *testing.T) {
	realGamesNatively(t)
	for _, g := range spyGames {
		t.Run(fmt.Sprint(g.players, " devices"), func(t *testing.T) {
			n, bots := newGreedyNetN(t, citiesknights.ID, g.players, g.seed, true)
			rec := playGreedyRecorded(t, n, bots, 0)
			if !n.peers[0].Match().Setup.HasLooks() {
				t.Fatal("the sealed setup carries no looks")
			}
			n.endedHonestly(t)
			private, widened := looksSeen(t, n.peers)
			acks, bytes := 0, 0
			for _, e := range n.peers[0].led.entries {
				if e.Kind != KindDeck {
					continue
				}
				_, ms, err := deckMsgs(e.Body)
				if err != nil {
					t.Fatal(err)
				}
				switch ms[0].(type) {
				case *deck.AckMsg, *deck.SealedShareMsg:
					acks++
					bytes += len(e.Encode())
				}
			}
			t.Logf("%d devices, %d entries: %d looks, %d widened; %d sealed shares and answers in the log, %d bytes", len(n.peers), len(n.peers[0].led.entries), private, widened, acks, bytes)
			if private == 0 || widened != 0 || acks == 0 {
				t.Fatalf("looks %d private, %d widened, %d sealed shares and answers", private, widened, acks)
			}
			// The chance analysis of TestSealedGamesNoBetterThanChance from
			// device 0's records: the cards drawn to other seats or looked at
			// by a Spy with seat 0 outside the look are named no better than
			// chance, none from its decks or its game.
			sc := nameDrawn(t, rec, rand.New(rand.NewPCG(g.seed, 7)))
			t.Logf("device 0 names the cards hidden from it: %v", sc)
			if sc.viaDeck+sc.viaEngine != 0 || math.Abs(float64(sc.hits)-sc.chance) > 3*math.Sqrt(sc.variance)+1 {
				t.Fatalf("device 0 names hidden cards: %v", sc)
			}
			if v := verified(t, n.peers[g.players-1]); v.Sealed == nil || !v.Sealed.Audited || len(v.Sealed.Cheats) != 0 {
				t.Fatalf("the file's audit: %+v", v.Sealed)
			}
		})
	}
}

// deckMsgIn: data (a message between devices) carries a deck entry with
// a message of type T; it returns the entry's author.
func deckMsgIn[T deck.Msg](data []byte) (int, bool) {
	m, err := Decode(data)
	if err != nil {
		return 0, false
	}
	var es []Entry
	switch m := m.(type) {
	case *EntryMsg:
		es = []Entry{m.Entry}
	case *SyncResp:
		es = m.Entries
	}
	for _, e := range es {
		if e.Kind != KindDeck || len(e.Body) < 1 {
			continue
		}
		if _, dms, err := deckMsgs(e.Body); err == nil {
			if _, ok := dms[0].(T); ok {
				return e.Author, true
			}
		}
	}
	return 0, false
}

// spyGoesOn plays a Spy game until seat out (set by prepare once it
// cheats or goes silent in a look) is voted out, then on without it to
// the game's end and the audit on every remaining device, whose knowledge
// CheckSealed checks at every entry; the remaining devices must hold the
// same log. It returns them.
func spyGoesOn(t *testing.T, players int, seed uint64, prepare func(n *memnet, out *int)) (*memnet, []*Peer, int) {
	t.Helper()
	n, bots := newGreedyNetN(t, citiesknights.ID, players, seed, true)
	out := -1
	prepare(n, &out)
	for steps := 0; steps < 2_000_000 && (out < 0 || !votedOut(n, out)) && !n.allOver(); steps++ {
		n.step()
		greedyTurns(n, bots)
		if out >= 0 {
			n.voteStalled([]int{out})
		}
	}
	if out < 0 || !votedOut(n, out) {
		t.Fatalf("seat %d was not voted out", out)
	}
	n.down[out] = true
	live := slices.Clone(n.peers)
	live[out] = nil
	for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0); steps++ {
		n.step()
		greedyTurns(n, bots)
	}
	if !n.allOver() {
		for s, p := range live {
			if p != nil {
				seq, _ := p.Head()
				t.Logf("device %d: head %d, phase %v, waiting %v", s, seq, p.Match().State.(*catan.State).Phase, p.Waiting())
			}
		}
		t.Fatal("the game did not go on to its end without the seat voted out")
	}
	if err := CheckSealed(live); err != nil {
		t.Fatal(err)
	}
	n.sameLogs()
	for s, p := range live {
		if p == nil {
			continue
		}
		n.noRejectionsOf(s)
		if _, ok := p.Audited(); !ok {
			t.Fatalf("device %d: no audit at the end", s)
		}
	}
	return n, live, out
}

// A target that seals a wrong share of a card to the Spy (an envelope
// that does not open) is accused by the Spy's device, whose accusation
// discloses that envelope's key with a DLEQ proof; every device names the
// target with the sealed share and the accusation as the proof. The look
// then waits on the target, which is voted out: its key rebuilt, the look
// is opened to every device (as a bot seat's cards are), and the game goes
// on to its end, every remaining device's knowledge checked.
func TestSealedSpyWrongEnvelopeNamed(t *testing.T) {
	realGamesNatively(t)
	for _, g := range spyGames {
		t.Run(fmt.Sprint(g.players, " devices"), func(t *testing.T) {
			_, live, cheater := spyGoesOn(t, g.players, g.seed, func(n *memnet, out *int) {
				for s, p := range n.peers {
					p.forge = func(name string, m deck.Msg) deck.Msg {
						if sm, ok := m.(*deck.SealedShareMsg); ok && *out < 0 {
							bad := *sm
							bad.Sealed[0] ^= 1
							*out = s
							return &bad
						}
						return m
					}
				}
			})
			for s, p := range live {
				if p == nil {
					continue
				}
				cs := p.Cheats()
				if len(cs) != 1 || cs[0].Seat != cheater || cs[0].Deck == engine.SecretDeck {
					t.Fatalf("device %d: cheats %+v, want one naming seat %d", s, cs, cheater)
				}
				sm, am := proofPair(t, s, cs[0])
				_, share := sm.(*deck.SealedShareMsg)
				if _, ok := am.(*deck.AccuseMsg); !ok || !share {
					t.Fatalf("device %d: the proof is not the sealed share and the accusation", s)
				}
				t.Logf("device %d names seat %d: %v", s, cheater, cs[0].Err)
			}
		})
	}
}

// A Spy's player or its target that goes silent during the look (the
// target withholds its sealed share, the Spy its answer) is voted out:
// its seat goes to the bot, whose cards every device plays, so the look
// is opened to every device (the target's cards looked at become known to
// all) and the game goes on to its end, every remaining device's
// knowledge checked.
func TestSealedSpyLookTakeover(t *testing.T) {
	realGamesNatively(t)
	for _, who := range []string{"target", "spy"} {
		for _, g := range spyGames {
			t.Run(fmt.Sprint(who, " ", g.players, " devices"), func(t *testing.T) {
				_, live, out := spyGoesOn(t, g.players, g.seed, func(n *memnet, out *int) {
					n.tamper = func(from, to int, data []byte) [][]byte {
						var seat int
						var ok bool
						if who == "target" {
							seat, ok = deckMsgIn[*deck.SealedShareMsg](data)
						} else {
							seat, ok = deckMsgIn[*deck.AckMsg](data)
						}
						if ok && (*out < 0 || *out == seat) && seat == from {
							*out = from
							return nil
						}
						if *out == from && *out >= 0 {
							return nil // gone silent
						}
						return [][]byte{data}
					}
				})
				private, widened := looksSeen(t, live)
				t.Logf("seat %d (%s) voted out; looks %d private, %d opened to all", out, who, private, widened)
				if widened == 0 {
					t.Fatal("no look was opened to all after the takeover")
				}
			})
		}
	}
}

// noRejectionsOf is noRejections for device s alone.
func (n *memnet) noRejectionsOf(s int) {
	n.t.Helper()
	for _, e := range n.events[s] {
		if e.Kind == EvRejected || e.Kind == EvRefused || e.Kind == EvEquivocation || e.Kind == EvFork {
			n.t.Fatalf("seat %d: unexpected %v", s, e)
		}
	}
}
