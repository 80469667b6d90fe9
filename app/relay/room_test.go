//go:build !js

package relay_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"tabula/app/relay"
	"tabula/app/relay/relaytest"
)

func secret(t testing.TB) []byte {
	t.Helper()
	s, err := relay.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func open(t testing.TB, brokers []string, s []byte) *relay.Room {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := relay.Open(ctx, brokers, s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func ctx(t testing.TB) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

// next is the watcher's next letter, failing after 10 s.
func next(t testing.TB, ch <-chan relay.Letter) relay.Letter {
	t.Helper()
	select {
	case l, ok := <-ch:
		if !ok {
			t.Fatal("watch channel closed")
		}
		return l
	case <-time.After(10 * time.Second):
		t.Fatal("no letter in 10 s")
	}
	return relay.Letter{}
}

// until reads letters up to the one whose body is marker, returning those
// before it: a marker posted after an event arrives after what the event
// caused, so absence can be checked without waiting.
func until(t testing.TB, ch <-chan relay.Letter, marker string) []relay.Letter {
	t.Helper()
	var got []relay.Letter
	for {
		l := next(t, ch)
		if string(l.Body) == marker && l.Key == "" {
			return got
		}
		got = append(got, l)
	}
}

func want(t testing.TB, l relay.Letter, box, key, body string) {
	t.Helper()
	if l.Box != box || l.Key != key || string(l.Body) != body {
		t.Fatalf("got letter %q/%q %q, want %q/%q %q", l.Box, l.Key, l.Body, box, key, body)
	}
}

func TestRoomsExchangePostedAndKeptLetters(t *testing.T) {
	b := relaytest.Start(t)
	s := secret(t)
	alice, bob := open(t, []string{b.URL}, s), open(t, []string{b.URL}, s)
	moves, stop := alice.Watch("moves")
	defer stop()
	other, stopOther := alice.Watch("chat")
	defer stopOther()

	if err := bob.Post(ctx(t), "moves", []byte("roll 7")); err != nil {
		t.Fatal(err)
	}
	want(t, next(t, moves), "moves", "", "roll 7")
	if err := bob.Keep(ctx(t), "moves", "1", []byte("build road")); err != nil {
		t.Fatal(err)
	}
	want(t, next(t, moves), "moves", "1", "build road")
	// The sender's own letters come back to its watchers too.
	if err := alice.Post(ctx(t), "moves", []byte("end turn")); err != nil {
		t.Fatal(err)
	}
	want(t, next(t, moves), "moves", "", "end turn")
	// Another box saw none of it.
	if err := bob.Post(ctx(t), "chat", []byte("mark")); err != nil {
		t.Fatal(err)
	}
	if got := until(t, other, "mark"); len(got) != 0 {
		t.Fatalf("box chat got letters of box moves: %v", got)
	}
	if got := alice.Brokers(); len(got) != 1 || got[0] != b.URL {
		t.Fatalf("Brokers() = %v, want [%s]", got, b.URL)
	}
	// A broker listed twice is one connection.
	twice := open(t, []string{b.URL, b.URL}, s)
	if got := twice.Brokers(); len(got) != 1 {
		t.Fatalf("Brokers() of a room given one broker twice = %v", got)
	}
}

func TestLaterWatcherCatchesUpOnKeptLetters(t *testing.T) {
	b := relaytest.Start(t)
	s := secret(t)
	host := open(t, []string{b.URL}, s)
	for i, body := range []string{"genesis", "move 1", "move 2"} {
		if err := host.Keep(ctx(t), "log", fmt.Sprint(i), []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	// A newer Keep of the same key replaces the older letter.
	if err := host.Keep(ctx(t), "log", "2", []byte("move 2, amended")); err != nil {
		t.Fatal(err)
	}
	if err := host.Keep(ctx(t), "log", "gone", []byte("forgotten")); err != nil {
		t.Fatal(err)
	}
	if err := host.Forget(ctx(t), "log", "gone"); err != nil {
		t.Fatal(err)
	}

	guest := open(t, []string{b.URL}, s) // opened after: everything kept is on the broker
	log, stop := guest.Watch("log")
	defer stop()
	if err := guest.Post(ctx(t), "log", []byte("mark")); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	var order []string
	for _, l := range until(t, log, "mark") {
		got[l.Key] = string(l.Body)
		order = append(order, l.Key)
	}
	wantKept := map[string]string{"0": "genesis", "1": "move 1", "2": "move 2, amended"}
	if fmt.Sprint(got) != fmt.Sprint(wantKept) {
		t.Fatalf("caught up on %v, want %v", got, wantKept)
	}

	// A second watcher of the same room gets the kept letters from the
	// room's copy, in the order they came, then live ones.
	again, stop2 := guest.Watch("log")
	defer stop2()
	var keys []string
	for range 3 {
		keys = append(keys, next(t, again).Key)
	}
	if fmt.Sprint(keys) != fmt.Sprint(order) {
		t.Fatalf("second watcher got keys %v, the first %v", keys, order)
	}
	if err := host.Post(ctx(t), "log", []byte("live")); err != nil {
		t.Fatal(err)
	}
	want(t, next(t, again), "log", "", "live")
}

func keep500(t testing.TB, r *relay.Room) {
	t.Helper()
	errs := make(chan error, 500)
	for i := range 500 {
		go func() {
			errs <- r.Keep(ctx(t), "log", fmt.Sprint(i), []byte(fmt.Sprintf("entry %d of a long game", i)))
		}()
	}
	for range 500 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

func TestCatchUpOn500KeptLetters(t *testing.T) {
	b := relaytest.Start(t)
	s := secret(t)
	keep500(t, open(t, []string{b.URL}, s))
	late := open(t, []string{b.URL}, s)
	log, stop := late.Watch("log")
	defer stop()
	seen := map[string]bool{}
	for len(seen) < 500 {
		l := next(t, log)
		if want := fmt.Sprintf("entry %s of a long game", l.Key); string(l.Body) != want {
			t.Fatalf("letter %q: %q, want %q", l.Key, l.Body, want)
		}
		if seen[l.Key] {
			t.Fatalf("letter %q delivered twice", l.Key)
		}
		seen[l.Key] = true
	}
}

// BenchmarkCatchUp500: a page opening a 500-entry game: open the room and
// get every kept letter.
func BenchmarkCatchUp500(b *testing.B) {
	br := relaytest.Start(b)
	s := secret(b)
	keep500(b, open(b, []string{br.URL}, s))
	b.ResetTimer()
	for range b.N {
		r := open(b, []string{br.URL}, s)
		log, stop := r.Watch("log")
		for range 500 {
			next(b, log)
		}
		stop()
		r.Close()
	}
}

// BenchmarkOpen: opening a room (WebSocket, MQTT connect, subscribe) and
// closing it, on a loopback broker.
func BenchmarkOpen(b *testing.B) {
	br := relaytest.Start(b)
	s := secret(b)
	b.ResetTimer()
	for range b.N {
		open(b, []string{br.URL}, s).Close()
	}
}

// BenchmarkRoundTrip: one posted letter from one room to another's watcher
// through a loopback broker.
func BenchmarkRoundTrip(b *testing.B) {
	br := relaytest.Start(b)
	s := secret(b)
	from, to := open(b, []string{br.URL}, s), open(b, []string{br.URL}, s)
	ch, stop := to.Watch("ping")
	defer stop()
	body := bytes.Repeat([]byte("x"), 200)
	c := ctx(b)
	f0, t0 := from.Stats(), to.Stats()
	b.ResetTimer()
	for range b.N {
		if err := from.Post(c, "ping", body); err != nil {
			b.Fatal(err)
		}
		next(b, ch)
	}
	b.StopTimer()
	// What one 200-byte letter costs on the wire, per member (through one
	// broker): the sender's publish and the copy it gets back, acks in
	// both directions.
	f1, t1 := from.Stats(), to.Stats()
	n := float64(b.N)
	b.ReportMetric(float64(f1.SentBytes-f0.SentBytes)/n, "sealed-bytes/letter")
	b.ReportMetric(float64(f1.WireSent-f0.WireSent)/n, "sender-wire-out-bytes/letter")
	b.ReportMetric(float64(t1.WireReceived-t0.WireReceived)/n, "receiver-wire-in-bytes/letter")
	b.ReportMetric(float64(t1.WireSent-t0.WireSent)/n, "receiver-wire-out-bytes/letter")
}

func TestLettersGoOnThroughTheOtherBrokerWhenOneStops(t *testing.T) {
	x, y := relaytest.Start(t), relaytest.Start(t)
	s := secret(t)
	both := []string{x.URL, y.URL}
	alice, bob := open(t, both, s), open(t, both, s)
	waitBrokers(t, alice, 2)
	waitBrokers(t, bob, 2)
	ch, stop := bob.Watch("moves")
	defer stop()
	if err := alice.Post(ctx(t), "moves", []byte("before")); err != nil {
		t.Fatal(err)
	}
	// Two brokers carry it; the watcher gets it once.
	if got := until(t, ch, "before"); len(got) != 0 {
		t.Fatalf("unexpected letters %v", got)
	}
	if err := alice.Post(ctx(t), "moves", []byte("mark")); err != nil {
		t.Fatal(err)
	}
	if got := until(t, ch, "mark"); len(got) != 0 {
		t.Fatalf("a letter came twice: %v", got)
	}

	x.Stop()
	waitBrokers(t, alice, 1)
	if got := alice.Brokers(); got[0] != y.URL {
		t.Fatalf("alice's brokers after %s stopped: %v", x.URL, got)
	}
	if err := alice.Post(ctx(t), "moves", []byte("after")); err != nil {
		t.Fatal(err)
	}
	want(t, next(t, ch), "moves", "", "after")
	if err := alice.Keep(ctx(t), "moves", "k", []byte("kept after")); err != nil {
		t.Fatal(err)
	}
	want(t, next(t, ch), "moves", "k", "kept after")
}

func TestRoomReconnectsWhenTheBrokerComesBack(t *testing.T) {
	b := relaytest.Start(t)
	s := secret(t)
	alice, bob := open(t, []string{b.URL}, s), open(t, []string{b.URL}, s)
	ch, stop := bob.Watch("moves")
	defer stop()
	b.Restart()
	// The rooms may not have seen the drop yet when the broker is back: post
	// until a letter comes through (each try fails, or is lost with the old
	// connection, until both rooms have connected and subscribed again).
	deadline := time.Now().Add(40 * time.Second)
	for {
		alice.Post(ctx(t), "moves", []byte("back"))
		select {
		case l := <-ch:
			want(t, l, "moves", "", "back")
			if got := bob.Brokers(); len(got) != 1 {
				t.Fatalf("bob's brokers after the restart: %v", got)
			}
			return
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("no letter 40 s after the broker came back; alice %v, bob %v", alice.Brokers(), bob.Brokers())
		}
	}
}

// waitBrokers waits until r is connected to exactly n brokers.
func waitBrokers(t testing.TB, r *relay.Room, n int) {
	t.Helper()
	deadline := time.Now().Add(40 * time.Second)
	for len(r.Brokers()) != n {
		if time.Now().After(deadline) {
			t.Fatalf("connected to %v, want %d brokers", r.Brokers(), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestNoBrokerReachableIsErrNoRelayNamingEach(t *testing.T) {
	// Two loopback ports nothing listens on, and an address of the wrong kind.
	dead := []string{"ws://127.0.0.1:1/mqtt", "ws://127.0.0.1:9/mqtt", "http://127.0.0.1:2/"}
	// Refused everywhere: Open says so once every broker has refused,
	// without waiting for its context to end, with each one's own error.
	c, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := relay.Open(c, dead, secret(t))
	if r != nil || !errors.Is(err, relay.ErrNoRelay) {
		t.Fatalf("Open with no broker: %v, %v; want ErrNoRelay", r, err)
	}
	if c.Err() != nil {
		t.Error("Open waited for its context to end although every broker had refused")
	}
	for _, b := range dead {
		if !strings.Contains(err.Error(), b) {
			t.Errorf("error %q does not name %s", err, b)
		}
	}
	if !strings.Contains(err.Error(), "not a ws:// or wss:// address") || !strings.Contains(err.Error(), "refused") {
		t.Errorf("error %q does not say why", err)
	}
	// A broker that takes the connection and never answers: Open gives up
	// when its context ends, naming it, not at some later timeout.
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	mute := "ws://" + silent.Addr().String() + "/mqtt"
	c2, cancel2 := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel2()
	start := time.Now()
	if _, err := relay.Open(c2, append([]string{mute}, dead...), secret(t)); !errors.Is(err, relay.ErrNoRelay) || !strings.Contains(err.Error(), mute) {
		t.Errorf("Open with a silent broker: %v; want ErrNoRelay naming %s", err, mute)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Open returned %v after its 2 s context", d)
	}
	if _, err := relay.Open(context.Background(), nil, secret(t)); !errors.Is(err, relay.ErrNoRelay) {
		t.Errorf("Open with no brokers: %v", err)
	}
	if _, err := relay.Open(context.Background(), dead, []byte("short")); err == nil || errors.Is(err, relay.ErrNoRelay) {
		t.Errorf("Open with a 5-byte secret: %v", err)
	}
}

func TestBadNamesAndOversizeLettersAreRefused(t *testing.T) {
	b := relaytest.Start(t)
	r := open(t, []string{b.URL}, secret(t))
	for _, box := range []string{"", "a+b", "a/#", "#", "+", "/a", "a/", "a//b", "caf\u00e9", "a b", "a\x00", strings.Repeat("b", relay.MaxName+1)} {
		if err := r.Post(ctx(t), box, nil); !errors.Is(err, relay.ErrName) {
			t.Errorf("Post to box %q: %v, want ErrName", box, err)
		}
		if err := r.Keep(ctx(t), box, "k", nil); !errors.Is(err, relay.ErrName) {
			t.Errorf("Keep in box %q: %v, want ErrName", box, err)
		}
		if ch, _ := r.Watch(box); ch != nil {
			if _, ok := <-ch; ok {
				t.Errorf("Watch(%q) gave a letter", box)
			}
		}
	}
	for _, key := range []string{"", "a/b", "+", "#", "x y", strings.Repeat("k", relay.MaxName+1)} {
		if err := r.Keep(ctx(t), "log", key, nil); !errors.Is(err, relay.ErrName) {
			t.Errorf("Keep under key %q: %v, want ErrName", key, err)
		}
		if err := r.Forget(ctx(t), "log", key); !errors.Is(err, relay.ErrName) {
			t.Errorf("Forget key %q: %v, want ErrName", key, err)
		}
	}
	big := make([]byte, relay.MaxBody+1)
	if err := r.Post(ctx(t), "log", big); !errors.Is(err, relay.ErrTooBig) || !strings.Contains(err.Error(), fmt.Sprint(relay.MaxBody)) {
		t.Errorf("Post of %d bytes: %v, want ErrTooBig naming the limit", len(big), err)
	}
	if err := r.Keep(ctx(t), "log", "k", big); !errors.Is(err, relay.ErrTooBig) {
		t.Errorf("Keep of %d bytes: %v, want ErrTooBig", len(big), err)
	}
	// The largest letter allowed goes through, with the longest names.
	box, key := "b/"+strings.Repeat("o", relay.MaxName-2), strings.Repeat("k", relay.MaxName)
	ch, stop := r.Watch(box)
	defer stop()
	if err := r.Keep(ctx(t), box, key, big[:relay.MaxBody]); err != nil {
		t.Fatal(err)
	}
	if l := next(t, ch); len(l.Body) != relay.MaxBody || l.Key != key {
		t.Fatalf("largest letter came back as %d bytes under %q", len(l.Body), l.Key)
	}
	r.Close()
	if err := r.Post(ctx(t), "log", nil); !errors.Is(err, relay.ErrClosed) {
		t.Errorf("Post after Close: %v, want ErrClosed", err)
	}
}
