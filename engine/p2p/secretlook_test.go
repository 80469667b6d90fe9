package p2p

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/catan"
	"tabula/engine/catan/citiesknights"
	"tabula/engine/deck"
)

// secretLooksSeen checks every secret look of a finished sealed game (a
// request with OpensSecret and an audience: the Master Merchant's): each
// device holds the value exactly when its seat is in the audience, or
// every device does when the look was opened to all (its audience holds a
// seat every device plays now: a bot's, or one voted out). It returns the
// looks private and opened to all.
func secretLooksSeen(t testing.TB, peers []*Peer) (private, toAll int) {
	t.Helper()
	p0 := peers[slices.IndexFunc(peers, func(p *Peer) bool { return p != nil })]
	replayed(t, p0, func(i int, e engine.Entry, st engine.State) {
		req := st.Status().Chance
		if !e.IsChance() || req == nil || req.OpensSecret == 0 || !req.Hidden() {
			return
		}
		all := p0.led.audience(*req) == nil
		for s, q := range peers {
			all = all && (q == nil || req.Opens(engine.Seat(s)) || q.Match().Entries[i].Chance[0] != engine.Unknown)
		}
		if all {
			toAll++
		} else {
			private++
		}
		heldByAudience(t, peers, i, req, all)
	})
	return private, toAll
}

// replayed calls f with each entry of p's game and the state before it.
func replayed(t testing.TB, p *Peer, f func(i int, e engine.Entry, st engine.State)) {
	t.Helper()
	m := p.Match()
	st, err := engine.NewState(m.Game, m.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range m.Entries {
		f(i, e, st)
		if err := engine.ApplyEntry(m.Game, st, e); err != nil {
			t.Fatal(err)
		}
	}
}

// heldByAudience checks entry i, which answers hidden request req, on
// every device: it holds the values exactly when its seat is in the
// audience, or every device does when all.
func heldByAudience(t testing.TB, peers []*Peer, i int, req *engine.ChanceRequest, all bool) {
	t.Helper()
	for s, q := range peers {
		if q == nil {
			continue
		}
		got := q.Match().Entries[i].Chance[0] != engine.Unknown
		if want := all || req.Opens(engine.Seat(s)); got != want {
			t.Fatalf("entry %d, a look for seats %v: device %d holds %v", i, req.Audience, s, q.Match().Entries[i].Chance)
		}
	}
}

// merchantBot is a greedy bot that plays a Master Merchant as soon as it
// may at a target holding a stolen card its seat took no part in: whole
// games then hold the secret looks the tests need.
type merchantBot struct{ bot.Bot }

func (b merchantBot) Choose(st engine.State, seat engine.Seat) engine.Action {
	s := st.(*catan.State)
	p := int(seat)
	for _, a := range s.Legal(seat) {
		if a := a.(catan.Action); a.Type == citiesknights.ActMasterMerchant && s.LookRequest(p, int(a.Seat)) != nil && s.HandCount(int(a.Seat)) > 2 {
			return a
		}
	}
	return b.Bot.Choose(st, seat)
}

// newMerchantNet is newGreedyNetN for sealed Cities & Knights with
// merchantBot on every seat.
func newMerchantNet(t testing.TB, players int, seed uint64) (*memnet, []bot.Bot) {
	n, bots := newGreedyNetN(t, citiesknights.ID, players, seed, true)
	for s := range bots {
		bots[s] = merchantBot{bots[s]}
	}
	return n, bots
}

// lookerShows counts the shows of a stolen card by a seat that was neither
// its thief nor its victim (the Master Merchant's take of a card it looked
// at) in p's game.
func lookerShows(t testing.TB, p *Peer) int {
	t.Helper()
	n := 0
	replayed(t, p, func(_ int, e engine.Entry, st engine.State) {
		if e.Show == nil || e.Show.Deck != engine.SecretDeck {
			return
		}
		for _, num := range e.Show.Cards {
			for _, th := range st.(*catan.State).Sealed.Thefts {
				if th.Secret == num && th.Thief != int(e.Seat) && th.Victim != int(e.Seat) {
					n++
				}
			}
		}
	})
	return n
}

// The Master Merchant in sealed network play, by the rules: its player's
// device learns the target's stolen cards it took no part in (a secret
// look each: a member seals both parts to it, it acknowledges), the other
// devices hold them unknown, and a take of a card only a theft supplies
// shows that theft to all first. A whole 4-device game of greedy bots
// that play the card whenever it looks at a stolen card: every device's
// knowledge checked at every entry (CheckSealed), no cheat, the file
// verified; device 1, outside a look, can compute none of those
// values from everything it received and stored, and names the stolen
// cards hidden from it no better than chance.
func TestSealedMerchantLooks(t *testing.T) {
	realGamesNatively(t)
	const obs = 1
	n, bots := newMerchantNet(t, 4, 1)
	rec := playGreedyRecorded(t, n, bots, obs)
	if !n.peers[0].Match().Setup.HasSecretLooks() {
		t.Fatal("the sealed setup carries no secret looks")
	}
	n.endedHonestly(t)
	private, toAll := secretLooksSeen(t, n.peers)
	entries, bytes, answers, answerBytes := 0, 0, 0, 0
	looked := map[int]bool{}
	for _, e := range n.peers[0].led.entries {
		k, m := secretMsgOf(&e)
		switch m.(type) {
		case *deck.SecretLookMsg:
			entries++
			bytes += len(e.Encode())
			looked[k] = true
		case *deck.SecretAckMsg:
			if looked[k] {
				answers++
				answerBytes += len(e.Encode())
			}
		}
	}
	shows := lookerShows(t, n.peers[0])
	t.Logf("%d entries: %d secret looks, %d opened to all, %d envelopes (%d bytes), %d answers (%d bytes), %d stolen cards shown by a looker",
		len(n.peers[0].led.entries), private, toAll, entries, bytes, answers, answerBytes, shows)
	if private == 0 || entries != private || answers != private || shows == 0 {
		t.Fatalf("%d private looks, %d envelopes", private, entries)
	}
	// What device obs received and stored gives it no looked-at card it was
	// outside of.
	p := restoreRecorded(t, rec)
	outside := 0
	replayed(t, p, func(i int, e engine.Entry, st engine.State) {
		req := st.Status().Chance
		if !e.IsChance() || req == nil || req.OpensSecret == 0 || !req.Hidden() {
			return
		}
		// The analysis is able: the looker's device computes it so.
		looker := int(st.(*catan.State).Active)
		truth, _ := n.peers[0].led.sealed.secretValue(req.OpensSecret)
		if v, ok := valueHeld(t, n.peers[looker], req.OpensSecret, true); !ok || v != truth {
			t.Fatalf("entry %d: the looker computes secret %d as %d (%v), not %d", i, req.OpensSecret, v, ok, truth)
		}
		t.Logf("entry %d: secret %d looked at by seats %v, seat %d looking", i, req.OpensSecret, req.Audience, looker)
		if req.Opens(obs) {
			return
		}
		outside++
		if e.Chance[0] != engine.Unknown {
			t.Fatalf("entry %d: device %d holds a look it was outside of", i, obs)
		}
		if v, ok := valueHeld(t, p, req.OpensSecret, true); ok {
			t.Fatalf("entry %d: device %d computes secret %d (%d) from what it holds", i, obs, req.OpensSecret, v)
		}
	})
	if outside == 0 {
		t.Fatalf("device %d was in every look", obs)
	}
	sc := nameStolen(t, rec, rand.New(rand.NewPCG(1, 7)))
	t.Logf("device %d outside %d looks; names the stolen cards hidden from it: %v", obs, outside, sc)
	if sc.viaDeck+sc.viaEngine != 0 || math.Abs(float64(sc.hits)-sc.chance) > 3*math.Sqrt(sc.variance)+1 {
		t.Fatalf("device %d names hidden stolen cards: %v", obs, sc)
	}
	if v := verified(t, n.peers[3]); v.Sealed == nil || !v.Sealed.Audited || len(v.Sealed.Cheats) != 0 {
		t.Fatalf("the file's audit: %+v", v.Sealed)
	}
}

// A member that seals a wrong pair of parts to the Master Merchant's
// device (an envelope that does not open to the committed parts) is
// accused by it: every device names the member, with both commitments,
// the envelope and the accusation as the proof. The secret then opens to
// all, the looker learns it from that opening, the devices outside the
// look still hold the look unknown, and the game goes on to its end,
// every device's knowledge checked.
func TestSealedMerchantWrongEnvelopeNamed(t *testing.T) {
	realGamesNatively(t)
	n, bots := newMerchantNet(t, 4, 1)
	cheater := -1
	for s, p := range n.peers {
		p.forge = func(name string, m deck.Msg) deck.Msg {
			if lm, ok := m.(*deck.SecretLookMsg); ok && cheater < 0 {
				bad := *lm
				bad.Sealed[0] ^= 1
				cheater = s
				return &bad
			}
			return m
		}
	}
	playToEnd(t, n, bots)
	if cheater < 0 {
		t.Fatal("no secret look")
	}
	for s, p := range n.peers {
		cs := p.Cheats()
		if len(cs) != 1 || cs[0].Seat != cheater || cs[0].Deck != engine.SecretDeck {
			t.Fatalf("device %d: cheats %+v, want one naming seat %d", s, cs, cheater)
		}
		var ce *deck.CheatError
		if !errors.As(cs[0].Err, &ce) || len(ce.Evidence) != 4 {
			t.Fatalf("device %d: the proof %v", s, cs[0].Err)
		}
		lm, err1 := deck.Decode(ce.Evidence[2])
		am, err2 := deck.Decode(ce.Evidence[3])
		if _, ok := lm.(*deck.SecretLookMsg); !ok || err1 != nil || err2 != nil {
			t.Fatalf("device %d: the proof is not the envelope and the accusation", s)
		}
		if _, ok := am.(*deck.SecretAccuseMsg); !ok {
			t.Fatalf("device %d: the proof is not the envelope and the accusation", s)
		}
		t.Logf("device %d names seat %d: %v", s, cheater, cs[0].Err)
	}
	if private, _ := secretLooksSeen(t, n.peers); private == 0 {
		t.Fatal("no private look")
	}
}

// A seat that goes silent in a Master Merchant's look is voted out, and
// the game goes on to its end, every remaining device's knowledge checked
// (CheckSealed): the looker withholding its answer, or the member that
// seals withholding its envelope (the look's audience then holds the
// bot's seat, so the look opens to every device, as a bot seat's cards
// are); or the looker leaving after its look, before its take (what it
// saw is opened and shown to all by a left entry, so its bot takes cards
// on a hand every device knows).
func TestSealedMerchantLookTakeover(t *testing.T) {
	realGamesNatively(t)
	lookMsg := func(n *memnet, quitter int, want func(deck.Msg) bool) func(*Entry) bool {
		return func(e *Entry) bool {
			k, m := secretMsgOf(e)
			if m == nil || !want(m) {
				return false
			}
			s := n.peers[quitter].led.sealed
			r := s.secret(k)
			return r != nil && r.sec != nil && len(r.sec.Lookers()) > 0
		}
	}
	// Seat 2 looks at secret 25 of seats 0 and 3, which seat 0 seals
	// (TestSealedMerchantLooks logs the game's looks).
	cases := []struct {
		name    string
		quitter int
		pick    func(n *memnet, quitter int) func(*Entry) bool
		toAll   bool
		drain   bool // what it sent before arrives
	}{
		{"the looker withholds its answer", 2, func(n *memnet, q int) func(*Entry) bool {
			return lookMsg(n, q, func(m deck.Msg) bool { _, ok := m.(*deck.SecretAckMsg); return ok })
		}, true, false},
		{"the sealer withholds its envelope", 0, func(n *memnet, q int) func(*Entry) bool {
			return lookMsg(n, q, func(m deck.Msg) bool { _, ok := m.(*deck.SecretLookMsg); return ok })
		}, true, false},
		{"the looker leaves before its take", 2, func(n *memnet, q int) func(*Entry) bool {
			return func(e *Entry) bool { // its take, applied on its own device as it sends it
				es := n.peers[q].Match().Entries
				var a catan.Action
				return e.Kind == KindAction && len(es) > 0 && json.Unmarshal(es[len(es)-1].Action, &a) == nil && a.Type == citiesknights.ActTakeCards
			}
		}, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, bots := newMerchantNet(t, 4, 1)
			picked := false
			pick := c.pick(n, c.quitter)
			withholdEntry(t, n, bots, c.quitter, c.drain, func(e *Entry) bool {
				picked = picked || pick(e)
				return picked
			})
			if !picked {
				pr, ta := secretLooksSeen(t, n.peers)
				t.Fatalf("the quitter never went silent: %d entries, looks %d %d", len(n.peers[0].led.entries), pr, ta)
			}
			live := slices.Clone(n.peers)
			live[c.quitter] = nil
			private, toAll := secretLooksSeen(t, live)
			shown := 0
			for _, r := range n.peers[1].led.sealed.secrets {
				if r.sec != nil && len(r.sec.Lookers()) > 0 && r.shown {
					shown++
				}
			}
			t.Logf("looks: %d private, %d opened to all; %d secrets looked at and shown", private, toAll, shown)
			if c.toAll && toAll == 0 || !c.toAll && shown == 0 {
				t.Fatalf("looks: %d private, %d opened to all; %d secrets looked at and shown", private, toAll, shown)
			}
		})
	}
}
