//go:build !js

package netplay

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"tabula/app/relay/relaytest"
	"tabula/app/table"
	"tabula/engine/p2p"
)

// waitsOn waits until d's game can go no further without seat other's
// device (the game waits on that seat alone, and nothing else here can
// move: the person's own seat and the hosted bot's are played on d) and
// d's turn-based table has sent everything with the room keeping its
// whole log, and returns d's head then. Waiting for that state, not for
// the log to stop growing for a while, ends a visit as soon as it is done.
func waitsOn(t *testing.T, d *device, other int, what string) uint64 {
	t.Helper()
	var head uint64
	waitFor(t, what, 90*time.Second, func() bool {
		var w []int
		d.s.main.With(func(p *p2p.Peer) { w = p.Waiting(); head, _ = p.Head() })
		if len(w) == 0 || slices.ContainsFunc(w, func(s int) bool { return s != other }) {
			return false
		}
		tb := d.s.turn.Load()
		return tb != nil && tb.Idle()
	})
	return head
}

// kept waits until d's turn-based table has sent everything and the room
// keeps its whole log.
func kept(t *testing.T, d *device) {
	t.Helper()
	waitFor(t, "the log kept in the room", 20*time.Second, func() bool {
		tb := d.s.turn.Load()
		return tb != nil && tb.Idle()
	})
}

// caughtUp waits until d's log reaches at, and says what d saw if not.
func caughtUp(t *testing.T, d *device, at uint64) {
	t.Helper()
	end := time.Now().Add(60 * time.Second)
	for d.s.Head() < at {
		if time.Now().After(end) {
			var notes []Note
			d.with(func(s *Session) { notes = s.Notes })
			tb := d.s.turn.Load()
			var inRoom uint64
			settled := false
			if tb != nil {
				tb.mu.Lock()
				inRoom, settled = tb.inRoom, tb.settled
				tb.mu.Unlock()
			}
			t.Fatalf("the page is at entry %d, not %d, after 60 s: relay %v, table carried %v (settled %v, the room's chunks to %d), notes %v",
				d.s.Head(), at, d.s.Relay().State, tb != nil, settled, inRoom, notes)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// anaDecides stops both devices' autoplay once the game waits on Ana's
// (the host's) decision alone with both devices level, and waits until the
// guest's device has kept its letters in the room.
func anaDecides(t *testing.T, host, guest *device) {
	t.Helper()
	host.with(func(s *Session) { s.SetAutoplay(false) })
	waitFor(t, "Ana to decide", 30*time.Second, func() bool {
		var d []int
		host.s.main.With(func(p *p2p.Peer) { d = p.Waiting() })
		return len(d) == 1 && d[0] == 0 && guest.s.Head() == host.s.Head()
	})
	guest.with(func(s *Session) { s.SetAutoplay(false) })
	kept(t, guest)
}

// turnTable is a turn-based Catan table through the suite's broker: Ana
// hosts on one device, Bruno joins from another, Caio is the hosted greedy
// bot; both persons' seats play by themselves.
func turnTable(t *testing.T) (host, guest *device, id string) {
	t.Helper()
	broker := relaytest.Start(t)
	host, guest = newDevice(t), newDevice(t)
	host.brokers, guest.brokers = []string{broker.URL}, []string{broker.URL}
	var err error
	host.s, err = Host(host.env(), HostSpec{Game: "catan", Names: []string{"Ana", "Bruno", "Caio"},
		Kinds: []string{KindMe, KindFriend, table.BotGreedy}, TurnBased: true})
	if err != nil {
		t.Fatal(err)
	}
	host.s.SetAutoplay(true)
	host.run()
	link, err := host.s.Invite("https://tabula.example", 1)
	if err != nil {
		t.Fatal(err)
	}
	joinFriend(t, host, guest, link)
	return host, guest, host.s.Meta.ID
}

// reopen is the device's page opened again on its stored game.
func reopen(t *testing.T, d *device, id string) {
	t.Helper()
	s, err := Resume(d.env(), id)
	if err != nil {
		t.Fatal(err)
	}
	d.s, d.stop = s, make(chan struct{})
	d.s.SetAutoplay(true)
	d.run()
}

// The app's sessions on a turn-based table, never online together after
// the start: the friend's page closes, the host plays on until the game
// waits on the friend and closes too; then each page opens alone in turn,
// catches up through the relay (no WebRTC link: nobody else is there),
// takes its part in the rolls, moves (and plays the hosted bot's moves, as
// every device does) until the game waits on the other, and closes.
func TestTurnBasedSessionsNeverOnlineTogether(t *testing.T) {
	host, guest, id := turnTable(t)
	waitFor(t, "the game under way", 60*time.Second, func() bool { return guest.s.Head() > 20 })
	guest.with(func(s *Session) { s.SetAutoplay(false) }) // Bruno leaves
	var meta *Meta
	var think time.Duration
	guest.with(func(s *Session) { meta = s.Meta })
	guest.s.main.With(func(p *p2p.Peer) { think = p.Think() })
	if !meta.TurnBased || think > 0 { // 0 in a genesis: no limit
		t.Fatalf("a turn-based table: meta %v, think %v", meta.TurnBased, think)
	}
	kept(t, guest)
	guest.halt()
	at := waitsOn(t, host, 1, "the host to wait on Bruno")
	kept(t, host)
	host.halt()

	chances := func(d *device) (n int) {
		d.s.main.With(func(p *p2p.Peer) { n = p.Match().ChanceCount() })
		return
	}
	start, rolls := at, chances(host)
	devs := []*device{guest, host}
	// Eight visits at least, and on until a roll has come through: a
	// roll takes a visit of each party to commit and another to reveal,
	// and a trade offered and answered spends a visit each, so eight
	// visits hold no roll now and then.
	visits := 0
	for turn := 0; turn < 8 || chances(devs[(turn+1)%2]) < rolls+1 && turn < 24; turn++ {
		visits++
		d := devs[turn%2]
		opened := time.Now()
		reopen(t, d, id)
		caughtUp(t, d, at)
		caught := time.Since(opened)
		now := waitsOn(t, d, 1-d.s.Meta.Seat, "the page to wait on the other")
		var waits []int
		d.s.main.With(func(p *p2p.Peer) { waits = p.Waiting() })
		t.Logf("%s's page alone: caught up to entry %d in %v, went on to %d, waits on %v",
			d.s.Meta.Names[d.s.Meta.Seat], at, caught.Round(time.Millisecond), now, waits)
		kept(t, d)
		d.halt()
		at = now
	}
	// The page opened last holds the game as far as it went (the other
	// has not seen its last entries).
	last := devs[(visits-1)%2]
	if at < start+6 || chances(last) < rolls+1 {
		t.Fatalf("%d pages opened alone took the game from entry %d to %d and from %d rolls to %d", visits, start, at, rolls, chances(last))
	}
	t.Logf("%d pages opened alone took the game from entry %d to %d and from %d rolls to %d", visits, start, at, rolls, chances(last))
}

// The background service of a device whose game is not on screen: Bruno's
// page shows no game, yet his device catches up, takes its part in the
// rolls the host's page waits on (so the host plays on), and lists the
// game as waiting for Bruno once his move is due; opening the game takes
// it from the service.
func TestTurnServiceWitnessesAndListsTheGame(t *testing.T) {
	host, guest, id := turnTable(t)
	waitFor(t, "the game under way", 60*time.Second, func() bool { return guest.s.Head() > 30 })
	// Bruno leaves while Ana decides; when the game then waits on chance
	// (Caio's turn begins with a roll; a development card Ana buys is a
	// hidden draw) Bruno's device is needed as a witness. If it waits on Bruno's move instead (Ana answered an offer
	// of his), his page comes back and plays on, and he leaves again.
	for attempt := 0; ; attempt++ {
		anaDecides(t, host, guest)
		guest.halt()
		host.with(func(s *Session) { s.SetAutoplay(true) })
		waitsOn(t, host, 1, "the host to wait on Bruno")
		roll := false
		host.s.main.With(func(p *p2p.Peer) { roll = p.Match().State.Status().Chance != nil })
		if roll {
			break
		}
		if attempt == 5 {
			t.Fatal("the game never waited on a roll Bruno's device must take part in")
		}
		reopen(t, guest, id)
	}

	// The service reads the brokers from the device's stored settings,
	// as the page does (this suite's broker only: loopback).
	if err := (Saved{KV: guest.kv}).SaveSettings(Settings{Brokers: guest.brokers}); err != nil {
		t.Fatal(err)
	}
	before := host.s.Head()
	env := guest.env()
	svc := newTurnService(Saved{KV: guest.kv}, env.Build, env.Protocol)
	updates := make(chan struct{}, 1)
	svc.start(func() {
		select {
		case updates <- struct{}{}:
		default:
		}
	})
	defer svc.setLive(id) // stops it
	var w []TurnWait
	waitFor(t, "the game listed as Bruno's move", 30*time.Second, func() bool {
		w = svc.Waiting()

		return len(w) == 1 && w[0].ID == id && w[0].Mine
	})
	after := host.s.Head()
	// The game waited on chance: a dice roll (a chance entry, every
	// party's reveal in it) or a hidden draw (Bruno's own deck entry, his
	// decryption share). Either needs his device.
	rolls := 0
	var kinds []string
	host.s.main.With(func(p *p2p.Peer) {
		for _, e := range p.Entries()[before:] {
			kinds = append(kinds, fmt.Sprintf("%v by %d", e.Kind, e.Author))
			if e.Kind == p2p.KindChance || (e.Kind == p2p.KindDeck || e.Kind == p2p.KindSecret) && e.Author == 1 {
				rolls++
			}
		}
	})
	t.Logf("while Bruno's game was off screen the host went from entry %d to %d (%d rolls or draws Bruno's device took part in; entries %v)", before, after, rolls, kinds)
	if rolls == 0 || w[0].Entries < after-1 || w[0].Names[1] != "Bruno" {
		t.Fatalf("listed %+v, the host at %d", w[0], after)
	}
	m, err := Saved{KV: guest.kv}.Meta(id)
	if err != nil || uint64(m.Entries) != w[0].Entries {
		t.Fatalf("stored meta %+v (%v), listed %d entries", m, err, w[0].Entries)
	}
	// Opening the game: the service lets go of it, the page resumes from
	// what the service stored.
	svc.setLive(id)
	svc.stop(id)
	if len(svc.Waiting()) != 0 {
		t.Fatal("a game on screen is still listed")
	}
	reopen(t, guest, id)
	waitFor(t, "Bruno's page to move", 30*time.Second, func() bool { return guest.s.Head() > w[0].Entries })
	guest.halt()
	host.halt()
}
