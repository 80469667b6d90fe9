package p2p

import (
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// A seat handed to the bot in a sealed game of 3 or 4 devices comes back:
// its device follows the decks as a member whose key the others rebuilt,
// so it can reclaim the seat. The seat then plays on with its hand open
// to all and its later draws open to all (its key is public). The game
// ends, every device is audited with no cheat, and each device's knowledge
// is checked at every step (CheckSealed).
func TestSealedSeatReclaims(t *testing.T) {
	for players := 3; players <= 4; players++ {
		played := 0
		for seed := uint64(1); seed <= 12 && played < 2; seed++ {
			if sealedReclaim(t, seed, players) {
				played++
			}
		}
		if played < 2 {
			t.Fatalf("%d players: in %d games only, the seat drew after its reclaim", players, played)
		}
	}
}

// sealedReclaim plays one game and checks it; false when Race ended too
// soon to test (before the reclaim, or with no draw of the seat after it).
func sealedReclaim(t *testing.T, seed uint64, players int) bool {
	const away = 1
	n := newSealedRace(t, seed, players)
	for steps := 0; !holds(n.peers[away], away); steps++ {
		if n.peers[0].Started() && n.peers[0].led.status().Over {
			t.Logf("%d players seed %d: over before seat 1 held a card", players, seed)
			return false
		}
		if steps > 1_000_000 {
			t.Fatal("seat 1 never held a card")
		}
		n.step()
	}
	n.down[away] = true
	for steps := 0; !votedOut(n, away); steps++ {
		if steps > 1_000_000 {
			t.Fatalf("%d players seed %d: no takeover", players, seed)
		}
		n.step()
		n.vote([]int{away})
	}
	at, _ := n.peers[0].Head()
	n.untilHead(0, at+1)
	n.down[away] = false
	for s := range players {
		if s != away {
			n.connect(away, s)
		}
	}
	for steps := 0; !n.peers[away].Bot(away); steps++ {
		if steps > 1_000_000 {
			t.Fatal("the returning seat never learnt of its takeover")
		}
		n.step()
	}
	o, err := n.peers[away].Reclaim()
	if err != nil {
		t.Fatal(err)
	}
	n.handle(away, o)
	reason := n.peers[0].led.bots[away].reason
	if reason != ReasonAway {
		// Taken over while the log waited on its deck share (an abort):
		// the others consent to hand it back, as in a plain game.
		for s, p := range n.peers {
			if s != away {
				o, err := p.HandBack(away)
				if err != nil {
					t.Fatal(err)
				}
				n.handle(s, o)
			}
		}
	}
	for steps := 0; n.peers[0].Bot(away); steps++ {
		if n.peers[0].led.status().Over {
			t.Logf("%d players seed %d: over before the reclaim", players, seed)
			return false // Race is short: over before the seat decided alone
		}
		if steps > 1_000_000 {
			t.Fatalf("%d players seed %d: the reclaim never came", players, seed)
		}
		n.step()
	}
	// Engine entries from here on come after the reclaim.
	reclaimAt := len(n.peers[0].Match().Entries)
	if !n.run(30 * time.Minute) {
		t.Fatalf("%d players seed %d: not finished after the reclaim", players, seed)
	}
	n.sameLogs()
	n.noRejections()
	k := kinds(n.peers[0])
	if k[KindReclaim] != 1 || k[KindTakeover] != 1 || k[KindLeft] == 0 || n.peers[away].Bot(away) {
		t.Fatalf("%d players seed %d: kinds %v, still bot %v", players, seed, k, n.peers[away].Bot(away))
	}
	// After the reclaim the seat drew and acted again, and each of its
	// draws was opened to every device.
	reclaimed, acted, drawn := false, false, 0
	for _, e := range n.peers[0].Entries() {
		switch {
		case e.Kind == KindReclaim:
			reclaimed = true
		case reclaimed && e.Kind == KindAction && e.Author == away:
			acted = true
		}
	}
	for s, p := range n.peers {
		if n.count(s, EvCheat) != 0 {
			t.Fatalf("seat %d: cheats %v", s, n.find(s, EvCheat))
		}
		if _, ok := p.Audited(); !ok {
			t.Fatalf("%d players seed %d: device %d has no audit at the end", players, seed, s)
		}
	}
	m := n.peers[0].Match()
	pub := n.peers[0].led.sealed.public.Entries
	for i, e := range m.Entries {
		if i < reclaimAt || !e.IsChance() {
			continue
		}
		st, err := engine.NewMatch(m.Game, m.Setup, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, pe := range pub[:i] {
			if err := st.Append(pe); err != nil {
				t.Fatal(err)
			}
		}
		req := st.State.Status().Chance
		if req == nil || !req.Hidden() || !req.Opens(away) || req.Opens(0) {
			continue
		}
		drawn++
		if pub[i].Chance[0] == engine.Unknown {
			t.Fatalf("%d players seed %d: entry %d, a draw of the reclaimed seat is hidden from the others", players, seed, i)
		}
	}
	if !acted {
		t.Fatalf("%d players seed %d: the seat never acted after its reclaim", players, seed)
	}
	// Its hand is known to every device at the end.
	for s, p := range n.peers {
		for _, sl := range p.Match().State.(*enginetest.State).Sealed.Slots[away] {
			if sl.Num == engine.Unknown {
				t.Fatalf("%d players seed %d: device %d does not know a card of the reclaimed hand", players, seed, s)
			}
		}
	}
	checkKnowledge(t, n)
	t.Logf("%d players seed %d (takeover reason %d): reclaimed; the seat drew %d cards after", players, seed, reason, drawn)
	return drawn > 0
}
