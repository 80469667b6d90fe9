//go:build !js

package netplay

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"tabula/app/p2pnet"
	"tabula/app/relay"
	"tabula/app/relay/relaytest"
	"tabula/app/table"
)

// relayDevices are a host and a guest device whose settings name the
// test's own broker (mosquitto on loopback).
func relayDevices(t *testing.T) (host, guest *device, broker *relaytest.Broker) {
	t.Helper()
	broker = relaytest.Start(t)
	host, guest = newDevice(t), newDevice(t)
	host.brokers = []string{broker.URL}
	guest.brokers = []string{broker.URL}
	return host, guest, broker
}

// hostCatan hosts Catan on d: Ana there, Bruno a friend, Caio third
// (a friend or a bot); closed when the test ends.
func hostCatan(t *testing.T, d *device, third string) {
	t.Helper()
	var err error
	d.s, err = Host(d.env(), HostSpec{Game: "catan", Names: []string{"Ana", "Bruno", "Caio"},
		Kinds: []string{KindMe, KindFriend, third}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.s.Close)
}

func relayUp(t *testing.T, d *device) {
	t.Helper()
	waitFor(t, "the relay up", 10*time.Second, func() bool { return d.s.Relay().State == RelayUp })
}

func started(d *device) func() bool {
	return func() bool {
		ok := false
		d.with(func(s *Session) { ok = s.Started })
		return ok
	}
}

// linked: the device has a direct link to seat.
func linked(d *device, seat int) func() bool {
	return func() bool {
		for _, l := range d.s.Node().Links() {
			if l.Seat == seat && l.Direct {
				return true
			}
		}
		return false
	}
}

// reload closes a device's session (its page goes away) and opens the
// stored game again, as a reloaded page does, with no code made.
func reload(t *testing.T, d *device) {
	t.Helper()
	d.halt()
	id := d.s.Meta.ID
	d.stop = make(chan struct{})
	var err error
	d.s, err = Resume(d.env(), id)
	if err != nil {
		t.Fatal(err)
	}
	d.run()
}

// The invite link carries the game's relay secret; the guest opens it
// and is seated with no reply code carried by hand (the host takes its
// letter as a pasted reply). Mid-game the guest's page reloads and makes
// its reconnect code as the page does: the host answers it through the
// relay. Then the host's page reloads and makes no code: its session
// posts one by itself and the guest answers it. A running page that lost
// its links is invited back by the host. The game ends on the same hash
// on both devices, and every kept letter is gone from the room.
func TestRelayJoinAndRejoin(t *testing.T) {
	host, guest, broker := relayDevices(t)
	host, guest, link := hostWithFriendOn(t, host, guest, true)
	defer func() { host.halt(); guest.halt() }()
	relayUp(t, host)
	st, _ := SplitLink(link)
	if len(st.Relay) != relay.SecretSize || string(st.Relay) != string(host.s.Meta.Relay) {
		t.Fatalf("the invite link does not carry the game's secret: %s", link)
	}
	if strings.Contains(link[:strings.Index(link, "#")], "r=") {
		t.Fatalf("the secret is outside the fragment: %s", link)
	}
	t0 := time.Now()
	var err error
	guest.s, _, err = Join(guest.env(), link)
	if err != nil {
		t.Fatal(err)
	}
	guest.s.SetAutoplay(true)
	guest.run()
	waitFor(t, "the guest seated with no reply carried", 15*time.Second, started(guest))
	seated := time.Since(t0)
	if stored, err := guest.s.env.KV.Meta(guest.s.Meta.ID); err != nil || string(stored.Relay) != string(host.s.Meta.Relay) {
		t.Fatalf("the guest did not store the game's secret: %v", err)
	}
	waitFor(t, "mid-game", 30*time.Second, func() bool { return guest.s.Head() > 60 })

	// The guest's page reloads and makes its reconnect code at once.
	reload(t, guest)
	t1 := time.Now()
	if _, err := guest.s.ResumeCode("https://tabula.example"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the guest back in the game", 15*time.Second, linked(guest, 0))
	guestBack := time.Since(t1)
	had := guest.s.Head()
	waitFor(t, "the game going on", 20*time.Second, func() bool { return guest.s.Head() > had+10 })

	// The host's page reloads and makes no code: nothing is done by hand.
	reload(t, host)
	t2 := time.Now()
	waitFor(t, "the host back in the game", 20*time.Second, linked(host, 1))
	hostBack := time.Since(t2)

	// A page that was running loses every link (its network changed): it
	// posts no resume code; the host, the lower seat, invites it through
	// the room and it answers. (Made here by reopening the guest's game
	// and counting a link as if the page had had one since it opened.)
	guest.halt()
	guest.stop = make(chan struct{})
	guest.s = resumeRunning(t, guest.env(), guest.s.Meta.ID)
	guest.run()
	t3 := time.Now()
	// Long enough for a second offer (offerRetry) when the first one's
	// link fails to come up on a loaded machine.
	waitFor(t, "the dropped guest invited back", 45*time.Second, linked(guest, 0))
	dropBack := time.Since(t3)
	if guest.s.Relay().Sent {
		t.Error("a running page that lost its links posted a resume code")
	}

	waitOver(t, host, 30*time.Second, guest)
	if h, g := host.s.Hash(), guest.s.Hash(); h != g || h == "" {
		t.Fatalf("final hashes differ: %s %s", h, g)
	}
	for _, d := range []*device{host, guest} {
		d.with(func(s *Session) {
			for _, n := range s.Notes {
				t.Errorf("note: %s seat %d: %v", n.Kind, n.Seat, n.Err)
			}
		})
	}
	// Every device forgot its kept letters once linked: a member who opens
	// the room now finds none.
	waitFor(t, "the kept letters forgotten", 5*time.Second, func() bool { return len(keptLetters(t, broker, host.s.Meta.Relay)) == 0 })
	t.Logf("seated %v after opening the invite; guest back %v after its reload, host %v after its own; a dropped guest invited back in %v",
		seated.Round(time.Millisecond), guestBack.Round(time.Millisecond), hostBack.Round(time.Millisecond), dropBack.Round(time.Millisecond))
}

// resumeRunning is Resume for a page that had links before (as if it had
// run since it opened): its session counts one link up before it enters
// the room.
func resumeRunning(t *testing.T, env Env, id string) *Session {
	t.Helper()
	m, err := env.KV.Meta(id)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := env.KV.Seat(id, m.Seat)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(env, m)
	if s.main, err = p2pnet.Resume(s.config(m.Seat), snap); err != nil {
		t.Fatal(err)
	}
	s.sig.ups = 1
	s.relayReady()
	s.openRelay()
	return s
}

// keptLetters opens the room as a member would and lists the kept letters
// of every box the game uses.
func keptLetters(t *testing.T, broker *relaytest.Broker, secret []byte) []relay.Letter {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	room, err := relay.Open(ctx, []string{broker.URL}, secret)
	if err != nil {
		t.Fatal(err)
	}
	defer room.Close()
	var out []relay.Letter
	for _, box := range []string{boxReply, boxResume} {
		ch, stop := room.Watch(box)
		func() {
			defer stop()
			for {
				select {
				case l := <-ch:
					out = append(out, l)
				case <-time.After(300 * time.Millisecond):
					return
				}
			}
		}()
	}
	return out
}

// A reply code that comes as a letter gets the checks and the errors of a
// pasted one: a damaged code and another seat's are refused with the
// pasted code's errors; a letter that names another invite is ignored.
func TestRelayReplyChecks(t *testing.T) {
	host, guest, broker := relayDevices(t)
	hostCatan(t, host, KindFriend)
	relayUp(t, host)
	link, err := host.s.Invite("https://x", 1)
	if err != nil {
		t.Fatal(err)
	}
	// Made again before any reply: the same invite (a node would match a
	// reply to the older of two).
	if again, err := host.s.Invite("https://x", 1); err != nil || again != link {
		t.Fatalf("an invite asked again: %v, another link (%v)", again != link, err)
	}
	third, err := host.s.Invite("https://x", 2)
	if err != nil {
		t.Fatal(err)
	}
	guest.s, _, err = Join(guest.env(), third) // seat 2's reply, kept on its own key
	if err != nil {
		t.Fatal(err)
	}
	defer guest.s.Close()
	var reply2 string
	waitFor(t, "seat 2's reply taken", 10*time.Second, func() bool {
		for _, r := range host.s.TakeRelayReplies() {
			if r.Seat == 2 && r.Err == nil {
				reply2 = r.Reply
			}
		}
		return reply2 != ""
	})

	// A member of the room (someone with the secret) posts what a guest
	// could: the answers come on the host's cards as a pasted code's do.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	member, err := relay.Open(ctx, []string{broker.URL}, host.s.Meta.Relay)
	if err != nil {
		t.Fatal(err)
	}
	defer member.Close()
	key := func(seat, link string) string { return seat + "." + tagOf(p2pnet.JoinCode(link)) }
	keep := func(k, body string) {
		if err := member.Keep(ctx, boxReply, k, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	keep(key("1", third), reply2)         // another invite's tag: ignored
	keep(key("1", link), reply2[:30])     // damaged
	keep(key("1", link)+"x", reply2[:20]) // not a key of any invite: ignored
	keep(key("1", link), reply2)          // seat 2's reply on seat 1's invite
	var got []RelayReply
	waitFor(t, "two refusals", 10*time.Second, func() bool {
		got = append(got, host.s.TakeRelayReplies()...)
		return len(got) >= 2
	})
	time.Sleep(300 * time.Millisecond)
	got = append(got, host.s.TakeRelayReplies()...)
	if len(got) != 2 {
		t.Fatalf("letters taken: %+v (want the damaged and the other seat's only)", got)
	}
	var other *OtherSeatError
	if got[0].Seat != 1 || !errors.Is(got[0].Err, p2pnet.ErrBadCode) {
		t.Errorf("a damaged reply: %+v, want ErrBadCode as when pasted", got[0])
	}
	if got[1].Seat != 1 || !errors.As(got[1].Err, &other) || other.Got != 2 || other.Want != 1 {
		t.Errorf("another seat's reply: %+v, want OtherSeatError as when pasted", got[1])
	}
	// The same checks when pasted.
	if err := host.s.AcceptFor(1, reply2[:30]); !errors.Is(err, p2pnet.ErrBadCode) {
		t.Errorf("pasted damaged reply: %v", err)
	}
	if err := host.s.AcceptFor(1, reply2); !errors.As(err, &other) {
		t.Errorf("pasted reply of another seat: %v", err)
	}
}

// No relay answers (the broker is down): the state says so and why, after
// a short wait; the guest's reply code still works by hand.
func TestRelayDownFallsBackToCodes(t *testing.T) {
	host, guest, broker := relayDevices(t)
	broker.Stop()
	host, guest, link := hostWithFriendOn(t, host, guest, true)
	defer func() { host.halt(); guest.halt() }()
	var err error
	var reply string
	guest.s, reply, err = Join(guest.env(), link)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []*device{host, guest} {
		waitFor(t, "the relay down", relayOpenWait+5*time.Second, func() bool { return d.s.Relay().State == RelayDown })
		st := d.s.Relay()
		if !errors.Is(st.Err, relay.ErrNoRelay) || !strings.Contains(st.Err.Error(), "127.0.0.1") || st.Sent {
			t.Errorf("relay down: %+v", st)
		}
	}
	if err := host.s.AcceptFor(1, reply); err != nil {
		t.Fatal(err)
	}
	guest.s.SetAutoplay(true)
	guest.run()
	waitFor(t, "the guest seated by hand", 15*time.Second, started(guest))
}

// The settings: relays default to the package's public list, an empty
// list is kept empty (codes by hand), and an address that is no
// WebSocket is refused with its words.
func TestRelaySettings(t *testing.T) {
	sv := Saved{KV: newDevice(t).kv}
	if st := sv.LoadSettings(); strings.Join(st.Brokers, " ") != strings.Join(relay.DefaultBrokers, " ") {
		t.Fatalf("default relays %v", st.Brokers)
	}
	if err := sv.SaveSettings(Settings{STUN: DefaultSTUN}); err != nil {
		t.Fatal(err)
	}
	if st := sv.LoadSettings(); len(st.Brokers) != 0 {
		t.Fatalf("relays emptied by the player came back: %v", st.Brokers)
	}
	if w := checkSettings(Settings{Brokers: splitBrokers("wss://a.example/mqtt,\nhttps://b.example")}); w == nil || !strings.Contains(w.text(), "https://b.example") {
		t.Fatalf("a relay that is no WebSocket: %v", w)
	}
	if w := checkSettings(Settings{Brokers: splitBrokers(" ws://127.0.0.1:9001/mqtt  wss://c.example:8884/mqtt ")}); w != nil {
		t.Fatalf("good relays refused: %s", w.text())
	}
}

// Links of earlier versions (no relay part) still join, by hand; a relay
// part of a later version is refused with a clear reason, a damaged one as
// a damaged link; nothing is stored either way.
func TestRelayLinkVersions(t *testing.T) {
	host := newDevice(t)
	hostCatan(t, host, table.BotGreedy)
	link, err := host.s.Invite("https://x", 1)
	if err != nil {
		t.Fatal(err)
	}
	r := "r=" + encodeRelay(host.s.Meta.Relay)
	if !strings.Contains(link, r+"&join=") || len(r) != 2+1+43 {
		t.Fatalf("relay part %q not in %s", r, link)
	}
	for _, c := range []struct {
		link, id string
	}{
		{strings.Replace(link, r, "r=2"+r[3:], 1), "net.join.newer"},
		{strings.Replace(link, r, r[:20], 1), "net.join.bad"},
	} {
		g := newDevice(t)
		var se *SeatingError
		if _, _, err := Join(g.env(), c.link); !errors.As(err, &se) || se.ID != c.id {
			t.Errorf("%s: %v, want %s", c.link, err, c.id)
		}
		if len(g.kv.Keys()) != 0 {
			t.Errorf("a refused link stored %v", g.kv.Keys())
		}
	}
	g := newDevice(t)
	earlier := strings.Replace(link, r+"&", "", 1)
	s, reply, err := Join(g.env(), earlier)
	if err != nil {
		t.Fatalf("a link of an earlier version: %v", err)
	}
	defer s.Close()
	if len(s.Meta.Relay) != 0 || s.Relay().State != RelayOff || reply == "" {
		t.Fatalf("a link without relay: %+v, %+v", s.Meta, s.Relay())
	}
}
