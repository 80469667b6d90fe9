//go:build !js

package netplay

import (
	"errors"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/catan"
	"tabula/engine/p2p"
)

// devCards lists the development cards of seat that st knows by number
// and that are not shown to every seat, by deck position.
func devCards(t *testing.T, st engine.State, seat int) map[int]int {
	t.Helper()
	cs, ok := st.(*catan.State)
	if !ok || cs.Sealed == nil {
		t.Fatalf("not a sealed Catan state: %T", st)
	}
	out := map[int]int{}
	for _, c := range cs.Sealed.Cards {
		if c.Seat == seat && !c.Shown && c.Num != engine.Unknown {
			out[c.Pos] = c.Num
		}
	}
	return out
}

// hiddenOf lists seat's development cards not shown to every seat (known
// or not), by deck position.
func hiddenOf(st engine.State, seat int) []int {
	var out []int
	for _, c := range st.(*catan.State).Sealed.Cards {
		if c.Seat == seat && !c.Shown {
			out = append(out, c.Pos)
		}
	}
	return out
}

// storedPeer is the person's seat of s as stored, restored as a reload
// would restore it.
func storedPeer(t *testing.T, s *Session) *p2p.Peer {
	t.Helper()
	// The node may be writing a new snapshot in chunks right now: a torn
	// read says so, and the next one is whole.
	var snap []byte
	var err error
	for try := 0; try < 50; try++ {
		if snap, err = s.env.KV.Seat(s.Meta.ID, s.Meta.Seat); err == nil {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	p, err := p2p.Restore(p2p.Config{}, snap)
	if err != nil {
		t.Fatalf("the stored seat does not restore: %v", err)
	}
	return p
}

// A network Catan game between two devices (and a hosted bot) is sealed
// without anyone asking. While the host holds development cards it bought,
// the friend's device knows none of them: not in what it stored (its
// snapshot, restored as a reload would), not on its screen's mirror, not in
// the game file it exports; the host's own screen knows each one. The game
// ends on both devices with one agreed hash, and the friend's file verifies
// with the audit of the deck and no cheat.
func TestSealedNetworkGameKeepsCardsHidden(t *testing.T) {
	host, guest, link := hostWithFriend(t)
	joinFriend(t, host, guest, link)
	defer func() { host.halt(); guest.halt() }()
	waitFor(t, "genesis", 15*time.Second, func() bool {
		ok := true
		for _, d := range []*device{host, guest} {
			d.with(func(s *Session) { ok = ok && s.Table != nil })
		}
		return ok
	})
	host.with(func(s *Session) {
		if !s.Table.Match.Setup.IsSealed() {
			t.Fatalf("a network game with a friend is not sealed: %v", s.Table.Match.Setup.Options)
		}
	})
	checked, slotsSeen := 0, 0
	deadline := time.Now().Add(3 * time.Minute)
	for checked < 3 && time.Now().Before(deadline) {
		over := false
		var mine map[int]int
		var at int
		host.with(func(s *Session) {
			over = s.Over
			mine, at = devCards(t, s.Table.Match.State, 0), len(s.Table.Match.Entries)
		})
		if over {
			break
		}
		if len(mine) == 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		// The friend's device at (at least) the same entry: its storage,
		// its mirror and its file.
		var file []byte
		var mirror engine.State
		id := ""
		guest.with(func(s *Session) {
			if len(s.Table.Match.Entries) < at {
				return
			}
			id = s.Meta.ID
			mirror = s.Table.Match.State
			file, _ = s.Export()
			// What the guest stored at this moment, read back as a reload
			// would.
			p := storedPeer(t, s)
			if got := devCards(t, p.Match().State, 0); len(got) != 0 {
				t.Fatalf("the friend's storage knows the host's cards %v", got)
			}
			if got := devCards(t, mirror, 0); len(got) != 0 {
				t.Fatalf("the friend's screen knows the host's cards %v", got)
			}
		})
		if id == "" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		// The host's cards are in the friend's state as slots without a
		// number (unless played since the host's entry).
		for _, pos := range hiddenOf(mirror, 0) {
			if _, ok := mine[pos]; ok {
				slotsSeen++
			}
		}
		m, _, err := p2p.Verify(file)
		if err != nil {
			t.Fatalf("the friend's file does not verify mid-game: %v", err)
		}
		for seat := range 2 {
			if got := devCards(t, m.State, seat); len(got) != 0 {
				t.Fatalf("the friend's file knows seat %d's cards %v", seat, got)
			}
		}
		checked++
		t.Logf("entry %d: the host holds %v; the friend's device, storage and file know none", at, mine)
		time.Sleep(500 * time.Millisecond)
	}
	if checked == 0 || slotsSeen == 0 {
		t.Fatalf("the host's held cards were checked %d times, seen as unknown slots %d times", checked, slotsSeen)
	}
	waitOver(t, host, 60*time.Second, guest)
	if h, g := host.s.Hash(), guest.s.Hash(); h != g || h == "" {
		t.Fatalf("final agreed hashes differ: %s %s", h, g)
	}
	var file []byte
	waitFor(t, "the audit", 30*time.Second, func() bool {
		done := false
		guest.with(func(s *Session) {
			s.Node().With(func(p *p2p.Peer) { _, done = p.Audited() })
			if done {
				file, _ = s.Export()
			}
		})
		return done
	})
	v, err := p2p.VerifyFile(file)
	if err != nil {
		t.Fatalf("the friend's file does not verify: %v", err)
	}
	if v.Sealed == nil || !v.Sealed.Audited || len(v.Sealed.Cheats) != 0 {
		t.Fatalf("the file's audit: %+v", v.Sealed)
	}
	for _, n := range append(host.s.Notes, guest.s.Notes...) {
		t.Errorf("note: %s seat %d: %v", n.Kind, n.Seat, n.Err)
	}
	t.Logf("%d log entries, %d game entries", host.s.Head(), len(host.s.Table.Match.Entries))
}

// Bot-only and one-device network games, and games that hide nothing,
// stay plain; a game with two devices that hides cards is sealed.
func TestGenesisSetupSealedOnlyWithCardsAndDevices(t *testing.T) {
	for _, c := range []struct {
		game    string
		options map[string]string
		devices int
		sealed  bool
	}{
		{"catan", nil, 2, true},
		{"catan", nil, 1, false},
		{"cities-knights", nil, 3, true},
		{"traders-barbarians", nil, 2, true},
		{"agricola", nil, 2, true},
		{"agricola", map[string]string{"cards": "family"}, 2, false},
		{"burgundy", nil, 2, false},
	} {
		g, err := engine.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		in := engine.Setup{Game: c.game, Players: 3, Options: c.options}
		got := genesisSetup(g, in, c.devices)
		if got.IsSealed() != c.sealed {
			t.Errorf("%s %v with %d devices: sealed %v", c.game, c.options, c.devices, got.IsSealed())
		}
		// Catan's and Traders' steals are secrets in a sealed game; Agricola
		// takes no such option.
		if secrets := c.sealed && c.game != "agricola"; got.HasSecrets() != secrets {
			t.Errorf("%s %v with %d devices: secrets %v", c.game, c.options, c.devices, got.HasSecrets())
		}
		if in.IsSealed() {
			t.Errorf("%s: the form's options were changed", c.game)
		}
	}
}

// A sealed Catan game of three devices: one friend leaves for good
// mid-game. The two others vote its seat to the bot; their escrow shares
// rebuild its deck key, its cards are shown to both, and the game goes on
// to its end and its audit, with one agreed hash.
func TestSealedTakeoverOfAwayFriend(t *testing.T) {
	host, bruno, dora := newDevice(t), newDevice(t), newDevice(t)
	var err error
	host.s, err = Host(host.env(), HostSpec{Game: "catan", Names: []string{"Ana", "Bruno", "Dora"},
		Kinds: []string{KindMe, KindFriend, KindFriend}})
	if err != nil {
		t.Fatal(err)
	}
	host.s.SetAutoplay(true)
	host.run()
	for seat, d := range []*device{bruno, dora} {
		link, err := host.s.Invite("https://tabula.example", seat+1)
		if err != nil {
			t.Fatal(err)
		}
		joinFriend(t, host, d, link)
	}
	waitFor(t, "mid-game", 90*time.Second, func() bool { return dora.s.Head() > 60 })
	host.with(func(s *Session) {
		if !s.Table.Match.Setup.IsSealed() {
			t.Fatal("the game is not sealed")
		}
	})
	// Both friends saw Dora directly: a seat reached only through another
	// gets no vote (a relay could fake its silence), and in CI Dora once
	// went before the guests' own link was up, so the game rightly waited.
	waitFor(t, "Bruno's direct link to Dora", 30*time.Second, linked(bruno, 2))
	dora.halt() // never comes back
	voted := map[*device]bool{}
	var why [2]error // why each device may not vote yet, for a failure
	defer func() {
		if t.Failed() {
			t.Logf("no vote yet: host %v; Bruno %v; voted %v", why[0], why[1], voted)
		}
	}()
	waitFor(t, "the takeover of Dora's seat", 60*time.Second, func() bool {
		for i, d := range []*device{host, bruno} {
			d.with(func(s *Session) {
				s.Node().With(func(p *p2p.Peer) { why[i] = p.TakeoverAllowed(2) })
				if !voted[d] && s.canVote(2) {
					voted[d] = takeover(s, 2) == nil
				}
			})
		}
		bot := false
		host.with(func(s *Session) { bot = s.BotSeat(2) })
		return bot
	})
	waitOver(t, host, 60*time.Second, bruno)
	if h, b := host.s.Hash(), bruno.s.Hash(); h != b || h == "" {
		t.Fatalf("final agreed hashes differ: %s %s", h, b)
	}
	waitFor(t, "the audit", 30*time.Second, func() bool {
		done := false
		bruno.with(func(s *Session) { s.Node().With(func(p *p2p.Peer) { _, done = p.Audited() }) })
		return done
	})
	host.halt()
	bruno.halt()
}

// The host plays its first move by hand as soon as the game lets it:
// while the cards are being dealt it is offered no move (or, when the deck
// waits on its own device, its move is refused as ErrDealing, in words),
// and then its move goes in.
func TestSealedFirstMoveWaitsForTheDeal(t *testing.T) {
	host, guest, link := hostWithFriendOn(t, newDevice(t), newDevice(t), false)
	joinFriend(t, host, guest, link)
	defer func() { host.halt(); guest.halt() }()
	dealing, refused, moved := 0, 0, false
	deadline := time.Now().Add(60 * time.Second)
	for !moved && time.Now().Before(deadline) {
		host.with(func(s *Session) {
			if s.Table == nil || !s.Table.Match.State.Status().Decides(0) {
				return
			}
			legal := s.Legal()
			if s.dealing {
				dealing++
				if legal != nil {
					t.Fatalf("moves offered while the cards are dealt: %v", legal)
				}
				return
			}
			if len(legal) == 0 {
				return
			}
			switch err := s.Act(legal[0]); {
			case err == nil:
				moved = true
				t.Logf("moved at head %d, sealed %v, %d entries in the mirror", s.Head(), s.Table.Match.Setup.IsSealed(), len(s.Table.Match.Entries))
			case errors.Is(err, ErrDealing):
				refused++
				if explain(err) != T("err.dealing") {
					t.Fatalf("the refusal reads %q", explain(err))
				}
			default:
				t.Fatalf("the first move: %v", err)
			}
		})
		time.Sleep(2 * time.Millisecond)
	}
	if !moved {
		t.Fatal("the host's first move never went in")
	}
	t.Logf("seen dealing %d times, refused as dealing %d times", dealing, refused)
}

// A sealed game of two devices: the friend leaves for good. With two
// parties no escrow of the deck keys exists (docs/p2p.md), so handing the
// seat to the bot would strand its cards: no vote is offered, a vote cast
// anyway is refused as p2p.ErrSealedSeat (in words), and the game waits
// for the friend, not over.
func TestSealedTwoDevicesWaitForTheOneWhoLeft(t *testing.T) {
	host, guest, link := hostWithFriend(t)
	joinFriend(t, host, guest, link)
	waitFor(t, "mid-game", 30*time.Second, func() bool { return guest.s.Head() > 60 })
	guest.halt()
	defer host.halt()
	waitFor(t, "the game waiting on the friend, who is away", 60*time.Second, func() bool {
		ok := false
		host.with(func(s *Session) {
			away := false
			for _, l := range s.Links {
				away = away || (l.Seat == 1 && l.Away)
			}
			_, waits := s.Countdown[1]
			ok = away && waits
		})
		return ok
	})
	head := host.s.Head()
	time.Sleep(3 * time.Second)
	host.with(func(s *Session) {
		if s.canVote(1) {
			t.Fatal("a vote is offered against the seat whose cards only it can open")
		}
		err := takeover(s, 1)
		if !errors.Is(err, p2p.ErrSealedSeat) || explain(err) != T("err.sealedseat") {
			t.Fatalf("the vote: %v (%q)", err, explain(err))
		}
		if s.Over || s.Head() != head || s.BotSeat(1) {
			t.Fatalf("the game went on without the friend: over %v, %d → %d, bot %v", s.Over, head, s.Head(), s.BotSeat(1))
		}
	})
}

// A sealed Agricola game between two devices: right after the deal, the
// friend's stored seat (restored as a reload would) holds the host's whole
// hand only as unknown cards while the host's storage knows every one;
// then both play on autoplay and the game ends on one agreed hash,
// audited, with nothing refused. The host holds its moves until its hand
// has been looked at: on autoplay a whole game takes well under a second,
// and a look that came after the host's first card played would never
// see the whole hand (the test timed out so, now and then, in CI).
func TestSealedAgricolaNetworkGame(t *testing.T) {
	host, guest := newDevice(t), newDevice(t)
	link := hostSpec(t, host, HostSpec{Game: "agricola", Names: []string{"Ana", "Bruno"}, Kinds: []string{KindMe, KindFriend}}, true)
	host.with(func(s *Session) { s.SetAutoplay(false) })
	joinFriend(t, host, guest, link)
	defer func() { host.halt(); guest.halt() }()
	hand := func(d *device, of int) (known, unknown int) {
		d.with(func(s *Session) {
			if s.Meta.ID == "" {
				return
			}
			p := storedPeer(t, s)
			if !p.Started() {
				return
			}
			for _, id := range p.Match().State.(*agricola.State).Seats[of].Hand {
				if agricola.IsUnknownCard(id) {
					unknown++
				} else {
					known++
				}
			}
		})
		return
	}
	waitFor(t, "the deal", 60*time.Second, func() bool {
		k, _ := hand(host, 0)
		return k == 14
	})
	if k, u := hand(guest, 0); k != 0 || u == 0 {
		t.Fatalf("the friend's storage holds the host's hand as %d known, %d unknown cards", k, u)
	} else {
		t.Logf("after the deal the friend's storage holds the host's hand as %d unknown cards", u)
	}
	host.with(func(s *Session) { s.SetAutoplay(true) })
	waitOver(t, host, 60*time.Second, guest)
	if h, g := host.s.Hash(), guest.s.Hash(); h != g || h == "" {
		t.Fatalf("final agreed hashes differ: %s %s", h, g)
	}
	waitFor(t, "the audit", 30*time.Second, func() bool {
		done := false
		guest.with(func(s *Session) { s.Node().With(func(p *p2p.Peer) { _, done = p.Audited() }) })
		return done
	})
	for _, n := range append(host.s.Notes, guest.s.Notes...) {
		t.Errorf("note: %s seat %d: %v", n.Kind, n.Seat, n.Err)
	}
	t.Logf("%d log entries, %d game entries", host.s.Head(), len(host.s.Table.Match.Entries))
}
