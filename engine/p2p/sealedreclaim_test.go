package p2p

import (
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/catan"
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
	reason := askBack(t, n, away)
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
		for s, p := range n.peers {
			seq, _ := p.Head()
			t.Logf("seat %d head %d waiting %v bot %v", s, seq, p.Waiting(), p.Bot(away))
			for _, e := range n.events[s] {
				if e.Kind != EvApplied {
					t.Logf("  %v", e)
				}
			}
		}
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
	acted := actedAfterReclaim(n.peers[0], away)
	for s, p := range n.peers {
		if n.count(s, EvCheat) != 0 {
			t.Fatalf("seat %d: cheats %v", s, n.find(s, EvCheat))
		}
		if _, ok := p.Audited(); !ok {
			t.Fatalf("%d players seed %d: device %d has no audit at the end", players, seed, s)
		}
	}
	drawn := drawsAfter(t, n.peers[0], reclaimAt, away)
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

// askBack: seat's device asks to play again; when the takeover was an
// abort (it went dark while a chance round waited on its commitment), the
// others consent, as in a plain game. It returns the takeover's reason.
func askBack(t *testing.T, n *memnet, seat int) byte {
	t.Helper()
	o, err := n.peers[seat].Reclaim()
	if err != nil {
		t.Fatal(err)
	}
	n.handle(seat, o)
	reason := n.peers[0].led.bots[seat].reason
	if reason != ReasonAway {
		for s, p := range n.peers {
			if s != seat {
				o, err := p.HandBack(seat)
				if err != nil {
					t.Fatal(err)
				}
				n.handle(s, o)
			}
		}
	}
	return reason
}

// heldHidden: a draw that device seat knows and device other does not.
func heldHidden(n *memnet, seat, other int, from int) bool {
	a, b := n.peers[seat].Match().Entries, n.peers[other].Match().Entries
	for i := from; i < len(a) && i < len(b); i++ {
		if a[i].IsChance() && len(a[i].Chance) > 0 && len(b[i].Chance) == len(a[i].Chance) &&
			a[i].Chance[0] != engine.Unknown && b[i].Chance[0] == engine.Unknown {
			return true
		}
	}
	return false
}

// Sealed Catan among 3 devices: seat 1 buys a development card (hidden
// from the others), goes away and is handed to the bot, comes back and
// reclaims its seat. The game ends and is audited on every device, each
// device's knowledge is checked at every step, and no development card
// seat 1 buys after its reclaim is hidden from the other devices.
func TestSealedCatanSeatReclaims(t *testing.T) {
	const away = 1
	setup := engine.Setup{Game: catan.ID, Players: 3, Options: map[string]string{engine.Sealed: "1"}}
	n, bots := catanReclaimed(t, setup, 7, 70, away)
	from := len(n.peers[0].Match().Entries)
	for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0); steps++ {
		n.step()
		greedyTurns(n, bots)
	}
	if !n.allOver() {
		t.Fatal("the game did not finish after the reclaim")
	}
	n.sameLogs()
	n.noRejections()
	if k := kinds(n.peers[0]); k[KindReclaim] != 1 || k[KindTakeover] != 1 || k[KindLeft] == 0 {
		t.Fatalf("kinds %v", k)
	}
	for s, p := range n.peers {
		if n.count(s, EvCheat) != 0 {
			t.Fatalf("seat %d: cheats %v", s, n.find(s, EvCheat))
		}
		if _, ok := p.Audited(); !ok {
			t.Fatalf("device %d has no audit at the end", s)
		}
		if !p.OpenHand(away) || p.OpenHand(0) {
			t.Fatalf("device %d: seat 1's hand open %v, seat 0's %v", s, p.OpenHand(away), p.OpenHand(0))
		}
		if s != away && heldHidden(n, away, s, from) {
			t.Fatalf("device %d: a draw of the reclaimed seat is hidden from it", s)
		}
	}
	if !actedAfterReclaim(n.peers[0], away) {
		t.Fatal("the seat never acted after its reclaim")
	}
	drawn := drawsAfter(t, n.peers[0], from, away)
	if drawn == 0 {
		t.Fatal("seat 1 drew no card after its reclaim: nothing tested")
	}
	t.Logf("after the reclaim seat 1 drew %d cards, each opened to every device", drawn)
	checkKnowledge(t, n)
}

// catanReclaimed plays sealed Catan (setup) by greedy bots (seeded from
// botSeed) until seat away holds a hidden card, takes its device down
// until the others vote it to the bot and the bot has played a while,
// then brings the device back and has it reclaim its seat.
func catanReclaimed(t *testing.T, setup engine.Setup, seed, botSeed uint64, away int) (*memnet, []bot.Bot) {
	t.Helper()
	n := newMemnetSetup(t, seed, setup, make([]string, setup.Players), nil)
	bots := make([]bot.Bot, setup.Players)
	for s := range bots {
		n.bot[s] = false
		bots[s] = bot.NewGreedy(botSeed + uint64(s))
	}
	until := func(what string, done func() bool) {
		t.Helper()
		for steps := 0; !done(); steps++ {
			if steps > 3_000_000 || n.peers[0].Started() && n.peers[0].led.status().Over {
				t.Fatalf("%s: never (over %v)", what, n.peers[0].Started() && n.peers[0].led.status().Over)
			}
			n.step()
			greedyTurns(n, bots)
			n.vote([]int{away})
		}
	}
	until("seat 1 holds a hidden card", func() bool { return n.peers[0].Started() && heldHidden(n, away, 0, 0) })
	n.down[away] = true
	until("takeover", func() bool { return votedOut(n, away) })
	at, _ := n.peers[0].Head()
	until("the bot plays", func() bool { h, _ := n.peers[0].Head(); return h > at+5 })
	n.down[away] = false
	for s := range n.peers {
		if s != away {
			n.connect(away, s)
		}
	}
	until("the device learns of its takeover", func() bool { return n.peers[away].Bot(away) })
	askBack(t, n, away)
	until("reclaim", func() bool { return !n.peers[0].Bot(away) })
	return n, bots
}

// actedAfterReclaim: seat signed an action after its reclaim.
func actedAfterReclaim(p *Peer, seat int) bool {
	reclaimed := false
	for _, e := range p.Entries() {
		switch {
		case e.Kind == KindReclaim:
			reclaimed = true
		case reclaimed && e.Author == seat && (e.Kind == KindAction || e.Kind == KindShow):
			return true
		}
	}
	return false
}

// drawsAfter counts the hidden draws for seat alone from engine entry
// from on (in p's public game), failing if one of them is not opened to
// every device.
func drawsAfter(t *testing.T, p *Peer, from, seat int) int {
	t.Helper()
	m := p.Match()
	pub := p.led.sealed.public.Entries
	st, err := engine.NewMatch(m.Game, m.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for i, e := range pub {
		req := st.State.Status().Chance
		if i >= from && e.IsChance() && req != nil && req.Hidden() && req.Opens(engine.Seat(seat)) && len(req.Audience) == 1 {
			drawn++
			if e.Chance[0] == engine.Unknown {
				t.Fatalf("entry %d, a draw of the reclaimed seat is hidden from the others", i)
			}
		}
		if err := st.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	return drawn
}

// Sealed Catan with secret steals among 3 devices: seat 1 is voted to the
// bot, reclaims its seat, and is then thief or victim of steals. Its hand
// is open to all since its takeover (its key is public), so a steal with
// it in the audience is drawn in public, as a bot seat's is: every device
// knows the card. Whole games to their end, audited with no cheat, every
// device's knowledge checked at every entry (CheckSealed); together they
// see the reclaimed seat both as thief and as victim.
func TestSealedStealAfterReclaim(t *testing.T) {
	const away = 1
	g, err := engine.Lookup(catan.ID)
	if err != nil {
		t.Fatal(err)
	}
	setup := SealedSetup(g, engine.Setup{Game: catan.ID, Players: 3, Options: map[string]string{engine.Sealed: "1"}})
	if !setup.HasSecrets() {
		t.Fatal("no secrets in the sealed setup")
	}
	thief, victim := 0, 0
	for seed := uint64(1); seed <= 8 && (thief == 0 || victim == 0); seed++ {
		n, bots := catanReclaimed(t, setup, seed, 10*seed, away)
		from := len(n.peers[0].Match().Entries)
		for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0); steps++ {
			n.step()
			greedyTurns(n, bots)
		}
		if !n.allOver() {
			for s, p := range n.peers {
				seq, _ := p.Head()
				t.Logf("device %d: head %d, waiting %v", s, seq, p.Waiting())
			}
			t.Fatalf("seed %d: the game did not finish after the reclaim", seed)
		}
		n.sameLogs()
		// The device back from away may hear an entry past the takeover
		// it missed before the takeover itself (refused, then synced).
		n.noRejectionsBut(ErrBadPrev)
		for s, p := range n.peers {
			if n.count(s, EvCheat) != 0 {
				t.Fatalf("seed %d, device %d: cheats %v", seed, s, n.find(s, EvCheat))
			}
			if _, ok := p.Audited(); !ok {
				t.Fatalf("seed %d, device %d: no audit at the end", seed, s)
			}
		}
		checkKnowledge(t, n)
		th, vi := stealsAfter(t, n.peers[0], from, away)
		t.Logf("seed %d: after the reclaim seat %d stole %d times and was stolen from %d times, each in public", seed, away, th, vi)
		thief, victim = thief+th, victim+vi
	}
	if thief == 0 || victim == 0 {
		t.Fatalf("the reclaimed seat was thief %d times and victim %d times: not both tested", thief, victim)
	}
}

// stealsAfter counts the steals from engine entry from on (in p's public
// game) whose thief, and whose victim, is seat, failing if one of them is
// hidden from any device.
func stealsAfter(t *testing.T, p *Peer, from, seat int) (thief, victim int) {
	t.Helper()
	m := p.Match()
	st, err := engine.NewMatch(m.Game, m.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range p.led.sealed.public.Entries {
		req := st.State.Status().Chance
		if i >= from && e.IsChance() && req != nil && req.Secret != 0 && req.Opens(engine.Seat(seat)) {
			if e.Chance[0] == engine.Unknown {
				t.Fatalf("entry %d, a steal of the reclaimed seat is hidden from the public game", i)
			}
			if int(st.State.(*catan.State).Active) == seat {
				thief++
			} else {
				victim++
			}
		}
		if err := st.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	return thief, victim
}
