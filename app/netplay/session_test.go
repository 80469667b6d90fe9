//go:build !js

package netplay

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabula/app/p2pnet"
	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
	_ "tabula/engine/games"
	"tabula/engine/p2p"
)

// device is one browser's worth of state for a native test: its storage
// and a pump that runs Step and the bots whenever a node wakes it.
type device struct {
	t     *testing.T
	stall time.Duration // protocol StallAfter (default when 0)
	think time.Duration // the host's think time (default when 0)
	// brokers: the relays in the device's settings (none by default).
	brokers []string
	kv      *store.Mem
	s       *Session
	wake    chan struct{}
	stop    chan struct{}
	done    sync.WaitGroup
	mu      sync.Mutex
	// refusals counts the autoplay moves the node refused, when the test
	// expects some (else each fails the test).
	refusals *atomic.Int32
}

func newDevice(t *testing.T) *device {
	return &device{t: t, kv: store.NewMem(), wake: make(chan struct{}, 1), stop: make(chan struct{})}
}

func (d *device) env() Env {
	return Env{KV: Saved{KV: d.kv}, Build: "test", Net: p2pnet.NetOptions{Loopback: true}, Settings: Settings{Brokers: d.brokers},
		Protocol: p2p.Config{PingEvery: 300 * time.Millisecond, AwayAfter: 2 * time.Second, ResendEvery: 300 * time.Millisecond, StallAfter: d.stall, Think: d.think, Grace: 2 * time.Second,
			// A short chance time lock: a roll left mid-way is forced open in
			// milliseconds (the real one takes seconds to minutes).
			Delay: 1 << 12},
		Wake: func() {
			select {
			case d.wake <- struct{}{}:
			default:
			}
		}}
}

// run pumps the session like the page does: Step, then every due bot.
func (d *device) run() {
	d.done.Add(1)
	go func() {
		defer d.done.Done()
		for {
			select {
			case <-d.stop:
				return
			case <-d.wake:
			case <-time.After(50 * time.Millisecond):
			}
			d.mu.Lock()
			d.s.Step()
			for _, seat := range d.s.Due() {
				if err := d.s.PlayBot(seat); err != nil {
					if d.refusals != nil && errors.Is(err, engine.ErrIllegal) {
						d.refusals.Add(1)
						continue
					}
					d.t.Errorf("bot %d: %v", seat, err)
				}
			}
			d.mu.Unlock()
		}
	}()
}

func (d *device) halt() {
	close(d.stop)
	d.done.Wait()
	d.s.Close()
}

func (d *device) with(f func(s *Session)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	f(d.s)
}

// waitOver waits for the game's end on every device while host's log
// grows: it fails once no entry came for stall (a stuck game), not after
// a fixed time (a loaded machine plays the same game slower).
func waitOver(t *testing.T, host *device, stall time.Duration, devices ...*device) {
	t.Helper()
	last, since := uint64(0), time.Now()
	for {
		over, head := true, uint64(0)
		host.with(func(s *Session) { over, head = s.Over, s.Head() })
		for _, d := range devices {
			d.with(func(s *Session) { over = over && s.Over })
		}
		if over {
			return
		}
		if head != last {
			last, since = head, time.Now()
		} else if time.Since(since) > stall {
			t.Fatalf("the game stalled at entry %d: nothing new for %v\n%s", head, stall, stallReport(append([]*device{host}, devices...)))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// stallReport says, for a failed test's output, where each device's game
// stands: its head, the seats its log waits on and its notes.
func stallReport(devices []*device) string {
	var b strings.Builder
	for i, d := range devices {
		d.with(func(s *Session) {
			var waits []int
			if n := s.Node(); n != nil {
				n.With(func(p *p2p.Peer) { waits = p.Waiting() })
			}
			fmt.Fprintf(&b, "device %d (seat %d): head %d, over %v, waits on %v, notes %v\n", i, s.Meta.Seat, s.Head(), s.Over, waits, s.Notes)
		})
	}
	return b.String()
}

func waitFor(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// hostWithFriend starts a Catan host playing by itself (Ana on this
// device, Bruno a friend, Caio the greedy bot), a device for the friend,
// and the invite link for Bruno's seat.
func hostWithFriend(t *testing.T) (host, guest *device, link string) {
	t.Helper()
	return hostWithFriendOn(t, newDevice(t), newDevice(t), true)
}

// hostWithFriendOn is hostWithFriend on given devices, the host's own
// seat played by its autoplay bot or not.
func hostWithFriendOn(t *testing.T, host, guest *device, autoplay bool) (*device, *device, string) {
	t.Helper()
	return hostGameWithFriend(t, "catan", host, guest, autoplay)
}

// hostGameWithFriend is hostWithFriendOn for another game.
func hostGameWithFriend(t *testing.T, game string, host, guest *device, autoplay bool) (*device, *device, string) {
	t.Helper()
	link := hostSpec(t, host, HostSpec{Game: game, Names: []string{"Ana", "Bruno", "Caio"},
		Kinds: []string{KindMe, KindFriend, table.BotGreedy}}, autoplay)
	return host, guest, link
}

// hostSpec hosts spec on host, its pump running, and returns the invite
// link for seat 1.
func hostSpec(t *testing.T, host *device, spec HostSpec, autoplay bool) string {
	t.Helper()
	var err error
	if host.s, err = Host(host.env(), spec); err != nil {
		t.Fatal(err)
	}
	host.s.SetAutoplay(autoplay)
	host.run()
	link, err := host.s.Invite("https://tabula.example", 1)
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// joinFriend has the guest answer the link and the host take its reply;
// the friend's seat then plays by itself.
func joinFriend(t *testing.T, host, guest *device, link string) {
	t.Helper()
	var err error
	var reply string
	guest.s, reply, err = Join(guest.env(), link)
	if err != nil {
		t.Fatal(err)
	}
	if err := host.s.Accept(reply); err != nil {
		t.Fatal(err)
	}
	guest.s.SetAutoplay(true)
	guest.run()
}

// A host with a bot seat and one friend: invite link → reply code, the
// genesis, autoplay on both devices to the end, identical hashes and
// mirrors; the friend reloads mid-game and resumes through the host.
func TestHostFriendBotGame(t *testing.T) {
	host, guest, link := hostWithFriend(t)
	var err error
	if !strings.Contains(link, "n=Bruno") || !strings.Contains(link, "b=2") {
		t.Fatalf("invite link lacks the seating: %s", link)
	}
	var reply string
	guest.s, reply, err = Join(guest.env(), link)
	if err != nil {
		t.Fatal(err)
	}
	if guest.s.Meta.Names[0] != "Ana" || guest.s.Meta.Seat != 1 || guest.s.Meta.Game != "catan" {
		t.Fatalf("guest meta %+v", guest.s.Meta)
	}
	// A damaged reply is refused and changes nothing.
	if err := host.s.Accept(reply[:len(reply)-9]); err == nil || !errors.Is(err, p2pnet.ErrBadCode) {
		t.Fatalf("truncated reply: %v", err)
	}
	if err := host.s.Accept(reply); err != nil {
		t.Fatal(err)
	}
	guest.s.SetAutoplay(true)
	guest.run()
	waitFor(t, "genesis", 15*time.Second, func() bool {
		ok := false
		guest.with(func(s *Session) { ok = s.Started })
		return ok
	})
	waitFor(t, "mid-game", 30*time.Second, func() bool { return guest.s.Head() > 150 })
	// Reload: the guest's page goes away and comes back from storage.
	guest.halt()
	had := guest.s.Head()
	id := guest.s.Meta.ID
	guest.stop = make(chan struct{})
	guest.s, err = Resume(guest.env(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got := guest.s.Head(); got != had {
		t.Fatalf("resumed at %d, had %d", got, had)
	}
	code, err := guest.s.ResumeCode("https://tabula.example")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Join(guest.env(), code); !errors.Is(err, ErrResumeCode) {
		t.Fatalf("resume code opened as an invite: %v", err)
	}
	var back string
	host.with(func(s *Session) { back, err = s.Answer(code) })
	if err != nil {
		t.Fatal(err)
	}
	if err := guest.s.Accept(back); err != nil {
		t.Fatal(err)
	}
	guest.run()
	waitOver(t, host, 20*time.Second, guest)
	host.halt()
	guest.halt()
	if h, g := host.s.Hash(), guest.s.Hash(); h != g || h == "" {
		t.Fatalf("final hashes differ: %s %s", h, g)
	}
	if host.s.MirrorHash() != host.s.Hash() || guest.s.MirrorHash() != guest.s.Hash() {
		t.Fatal("mirror differs from the node")
	}
	for _, n := range append(host.s.Notes, guest.s.Notes...) {
		t.Errorf("note: %s seat %d: %v", n.Kind, n.Seat, n.Err)
	}
	file, err := guest.s.Export()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p2p.Verify(file); err != nil {
		t.Fatalf("exported file does not verify: %v", err)
	}
	t.Logf("%d entries; invite link %d chars, reply %d chars", host.s.Head(), len(link), len(reply))
}

func TestExpiredInviteAndBadLinks(t *testing.T) {
	host := newDevice(t)
	var err error
	env := host.env()
	env.Now = func() time.Time { return time.Now().Add(-48 * time.Hour) }
	host.s, err = Host(env, HostSpec{Game: "catan", Names: []string{"Ana", "Bruno", "Caio"},
		Kinds: []string{KindMe, KindFriend, KindFriend}})
	if err != nil {
		t.Fatal(err)
	}
	defer host.s.Close()
	link, err := host.s.Invite("https://x", 1)
	if err != nil {
		t.Fatal(err)
	}
	guest := newDevice(t)
	genv := guest.env()
	genv.Now = func() time.Time { return time.Now().Add(48 * time.Hour) }
	var exp *ExpiredError
	if _, _, err := Join(genv, link); !errors.As(err, &exp) {
		t.Fatalf("expired invite: %v", err)
	}
	if _, _, err := Join(guest.env(), link[:len(link)-20]); !errors.Is(err, p2pnet.ErrBadCode) {
		t.Fatalf("truncated invite: %v", err)
	}
	if len(guest.kv.Keys()) != 0 {
		t.Fatalf("a refused invite stored something: %v", guest.kv.Keys())
	}
}

// A friend's device goes away for good: once it is away, its grace ran out
// and the game waits on its seat, the host votes to let the bot play it
// (the hosted bot seat has no vote: the host's vote is the majority), the
// takeover enters the log and the game ends. Burgundy hides no card, so
// the game is plain (a sealed game of two devices cannot draw a card
// without the one who left: TestSealedTakeoverOfAwayFriend has three).
func TestTakeoverOfAwayFriend(t *testing.T) {
	host, guest, link := hostGameWithFriend(t, "burgundy", newDevice(t), newDevice(t), true)
	var err error
	joinFriend(t, host, guest, link)
	waitFor(t, "mid-game", 30*time.Second, func() bool { return guest.s.Head() > 60 })
	guest.halt() // the friend closes the tab and never comes back
	waitFor(t, "the friend away and awaited", 20*time.Second, func() bool {
		ok := false
		host.with(func(s *Session) {
			away := false
			for _, l := range s.Links {
				away = away || (l.Seat == 1 && l.Away)
			}
			ok = away && s.canVote(1)
		})
		return ok
	})
	host.with(func(s *Session) { err = takeover(s, 1) })
	if err != nil {
		t.Fatal(err)
	}
	waitOver(t, host, 20*time.Second)
	host.halt()
	bot := false
	for _, l := range host.s.Links {
		bot = bot || (l.Seat == 1 && l.Bot)
	}
	if !bot {
		t.Fatal("seat 1 is not shown as played by the bot")
	}
	if host.s.MirrorHash() != host.s.Hash() {
		t.Fatal("mirror differs from the node")
	}
}

// The friend votes to hand the host's own seat to the bot once the host's
// think time ran out. The hosted bot seat is no party: it never votes,
// and the friend's vote alone (the majority of the one other party) is
// what it takes. Burgundy hides no card, so the game is plain (in a sealed
// game of two devices no seat can be handed to the bot:
// TestSealedTwoDevicesWaitForTheOneWhoLeft).
func TestHostedBotSeatHasNoVote(t *testing.T) {
	host, guest := newDevice(t), newDevice(t)
	host.think = 2 * time.Second
	host, guest, link := hostGameWithFriend(t, "burgundy", host, guest, false)
	joinFriend(t, host, guest, link)
	defer guest.halt()
	defer host.halt()
	// Ana (the host's person) does not move; Bruno votes her out once her
	// countdown runs out.
	voted := false
	waitFor(t, "a vote against the host's person", 60*time.Second, func() bool {
		guest.with(func(s *Session) {
			if s.canVote(0) && !voted {
				voted = takeover(s, 0) == nil
			}
		})
		return voted
	})
	waitFor(t, "the takeover of the host's seat", 20*time.Second, func() bool {
		taken := false
		host.with(func(s *Session) { taken = s.TakenOver() })
		return taken
	})
	host.with(func(s *Session) {
		if v := s.Votes[2]; len(v) > 0 {
			t.Fatalf("the hosted bot seat voted for %v", v)
		}
		if s.Think != 2*time.Second {
			t.Fatalf("think time %v, the host chose 2 s", s.Think)
		}
	})
	guest.with(func(s *Session) {
		if !s.Hosted(2) || s.Hosted(0) {
			t.Fatal("the guest does not see seat 2 as the hosted bot")
		}
	})
}
