//go:build !js

package p2pnet

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"tabula/engine/enginetest"
	"tabula/engine/p2p"
)

// Attacks on the transport by a cheating friend, played against native
// pion peers over loopback.

// raceTable opens a three-seat game of the test race with every link up.
func raceTable(t *testing.T, seed uint64) *table {
	tb := newTable(t, enginetest.ID, 3, seed)
	tb.open()
	return tb
}

// protoEvents is seat's protocol events of kind k.
func (tb *table) protoEvents(seat int, k p2p.EventKind) []p2p.Event {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []p2p.Event
	for _, e := range tb.events[seat] {
		if e.Kind == EvProtocol && e.P2P.Kind == k {
			out = append(out, e.P2P)
		}
	}
	return out
}

// sendRaw makes node from send data to seat to over its direct link, as a
// modified client would.
func sendRaw(n *Node, to int, data []byte) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if l := n.links[to]; l != nil {
		l.enqueue(data)
	}
}

// Seat 1 relays, for seat 2, a refusal and pings it made up. Seat 0 takes
// none of it: no refusal, and its link to seat 2 stays up.
func TestRelayedRefusalAndSpoofedPingsAreRefused(t *testing.T) {
	tb := raceTable(t, 61)
	defer tb.close()
	n1 := tb.nodes[1]
	var game p2p.GameID
	n1.With(func(p *p2p.Peer) { game = p.Game() })
	inner := [][]byte{
		p2p.Encode(&p2p.Refuse{Reason: "seat 2 leaves the game"}),
		p2p.Encode(&p2p.Ping{Game: game, Seat: 2, Nonce: 1 << 40, HeadSeq: 1 << 20}), // unsigned
	}
	for _, in := range inner {
		sendRaw(n1, 0, p2p.Encode(&p2p.Relay{From: 2, To: 0, Inner: in}))
	}
	time.Sleep(time.Second)
	for _, e := range tb.protoEvents(0, p2p.EvRefused) {
		t.Fatalf("seat 0 took a relayed refusal: %v", e)
	}
	up := false
	for _, l := range tb.nodes[0].Links() {
		if l.Seat == 2 && l.Direct {
			up = true
		}
	}
	if !up {
		t.Fatal("seat 0 dropped its link to seat 2 on a relay's word")
	}
	rej := 0
	for _, e := range tb.protoEvents(0, p2p.EvRejected) {
		if e.Seat == 2 && errors.Is(e.Err, p2p.ErrForged) {
			rej++
		}
	}
	if rej != len(inner) {
		t.Fatalf("%d of %d relayed forgeries refused", rej, len(inner))
	}
}

// directLink is n's link to seat to and its next frame number (taken
// when take: the caller sends that frame itself).
func directLink(n *Node, to int, take bool) (*link, uint64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	l := n.links[to]
	next := l.sendNext
	if take {
		l.sendNext++
	}
	return l, next
}

// heapPeak samples the heap in use until done is closed.
func heapPeak(done <-chan struct{}) (base uint64, peak chan uint64) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base = ms.HeapAlloc
	peak = make(chan uint64, 1)
	go func() {
		p := base
		for {
			runtime.ReadMemStats(&ms)
			p = max(p, ms.HeapAlloc)
			select {
			case <-done:
				peak <- p
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return base, peak
}

// A peer sends frames far ahead of their turn, each nearly the largest the
// channel carries, more than twice MaxEarly in all. The receiver keeps at
// most MaxEarly bytes, refuses with a clear error and closes the link; its
// heap stays far under 32 MiB above where it began.
func TestReassemblyFloodIsCappedInBytes(t *testing.T) {
	tb := raceTable(t, 62)
	defer tb.close()
	l, next := directLink(tb.nodes[1], 0, false)
	n0 := tb.nodes[0]
	l0, _ := directLink(n0, 1, false)
	isDown := func() bool {
		n0.mu.Lock()
		defer n0.mu.Unlock()
		return l0.down
	}
	done := make(chan struct{})
	base, peak := heapPeak(done)
	const frame = 60 << 10
	payload := make([]byte, frame)
	sent := 0
	// The flood is bounded (2.5 MiB, the sender's buffer kept under 1 MiB):
	// an unbounded one once filled SCTP's buffers under load until the
	// transport stalled and no frame reached the receiver in a minute.
	for i := 0; i < (5*MaxEarly/2)/frame && !isDown(); i++ {
		f := binary.AppendUvarint(nil, next+1000+uint64(i))
		if err := l.c.dc.Send(append(f, payload...)); err != nil {
			break // the receiver closed the link
		}
		sent++
		for wait := 0; l.c.dc.BufferedAmount() > MaxEarly && wait < 5000 && !isDown(); wait++ {
			time.Sleep(time.Millisecond)
		}
	}
	for deadline := time.Now().Add(60 * time.Second); !isDown() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	close(done)
	p := <-peak
	var refused []p2p.Event
	for _, e := range tb.protoEvents(0, p2p.EvRejected) {
		if errors.Is(e.Err, ErrOversize) {
			refused = append(refused, e)
		}
	}
	t.Logf("reassembly flood: %d frames of 60 KiB sent, heap %d KiB at the start, peak +%d KiB; %v", sent, base>>10, (p-base)>>10, refused)
	if len(refused) == 0 || refused[0].Seat != 1 || !strings.Contains(refused[0].Err.Error(), "bytes waiting") {
		t.Fatalf("no clear refusal: %v", tb.protoEvents(0, p2p.EvRejected))
	}
	if p > base && p-base > 32<<20 {
		t.Fatalf("heap grew by %d MiB", (p-base)>>20)
	}
	if !isDown() {
		t.Fatal("the flooding link is still up")
	}
}

// One message over the limit is refused with a clear error.
func TestOversizeMessageIsRefused(t *testing.T) {
	tb := raceTable(t, 63)
	defer tb.close()
	l, seq := directLink(tb.nodes[1], 0, true)
	f := binary.AppendUvarint(nil, seq)
	if err := l.c.dc.Send(append(f, make([]byte, 200<<10)...)); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, e := range tb.protoEvents(0, p2p.EvRejected) {
			if errors.Is(e.Err, ErrOversize) && strings.Contains(e.Err.Error(), "a message of 204") {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no refusal of the oversize message: %v", tb.protoEvents(0, p2p.EvRejected))
}

// A seat sends 200 validly signed mesh offers: each used to make a new
// peer connection (sockets and goroutines). Offers from one seat are
// answered at most once per MeshAnswerEvery, and never when a direct link
// is up.
func TestMeshOfferFloodIsRateLimited(t *testing.T) {
	tb := raceTable(t, 64)
	defer tb.close()
	n1 := tb.nodes[1]
	l, err := n1.newLink(0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := l.offer()
	l.close()
	if err != nil {
		t.Fatal(err)
	}
	n0 := tb.nodes[0]
	before := linksMade.Load()
	g0 := runtime.NumGoroutine()
	for i := 0; i < 200; i++ {
		pl, err := sigPayload(sigOffer, uint64(1_000_000+i), c)
		if err != nil {
			t.Fatal(err)
		}
		var sig []byte
		n1.With(func(p *p2p.Peer) { sig = p.SignSignal(0, pl) })
		sendRaw(n1, 0, sig)
	}
	time.Sleep(2 * time.Second)
	made := linksMade.Load() - before
	t.Logf("mesh-offer flood: 200 offers → %d peer connections, goroutines %d → %d", made, g0, runtime.NumGoroutine())
	if made > 2 {
		t.Fatalf("200 offers made %d peer connections", made)
	}
	n0.mu.Lock()
	answering := len(n0.answering)
	n0.mu.Unlock()
	if answering > 1 {
		t.Fatalf("%d answering links", answering)
	}
}

// Invite links and reply codes whose media id carries line breaks (to add
// SDP lines of the sender's choosing) are refused before any SDP is made.
func TestInviteWithInjectedSDPLinesIsRefused(t *testing.T) {
	good := &Compact{Setup: "actpass", Ufrag: "abcd", Pwd: "abcdefghijklmnopqrstuv", Mid: "data"}
	b, err := good.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	evilMid := "0\r\na=candidate:9 1 udp 1 198.51.100.9 9 typ host"
	// Rewrite the mid field by hand: Bytes refuses to write it.
	i := strings.Index(string(b), "data")
	evil := append(append(append([]byte{}, b[:i-1]...), byte(len(evilMid))), evilMid...)
	evil = append(evil, b[i+4:]...)
	if _, _, err := DecodeCompact(evil); !errors.Is(err, ErrBadCode) {
		t.Fatalf("compact with an injected line: %v", err)
	}
	var key p2p.PublicKey
	inv := append([]byte{'I'}, evil...)
	inv = append(inv, make([]byte, 16)...)
	inv = append(inv, byte(1<<4|0))
	inv = append(inv, key[:]...)
	inv = binary.BigEndian.AppendUint32(inv, uint32(time.Now().Add(time.Hour).Unix()/60))
	code := base64.RawURLEncoding.EncodeToString(inv)
	if _, err := ParseInvite(code); !errors.Is(err, ErrBadCode) {
		t.Fatalf("invite with an injected line: %v", err)
	}
	if _, _, err := Join(Config{Build: "test", Net: NetOptions{Loopback: true}}, code); err == nil {
		t.Fatal("joined through an invite with an injected line")
	}
	rep := append([]byte{'R'}, evil...)
	rep[1] |= 8 // an answer
	rep = append(rep, 0, 0, 0, 0, 1)
	if _, err := ParseReply(base64.RawURLEncoding.EncodeToString(rep)); err == nil {
		t.Fatal("reply with an injected line parsed")
	}
	// A Compact made by hand (not decoded) is checked before use too.
	hand := *good
	hand.Ufrag = "ab\r\nx"
	if err := hand.Check(); !errors.Is(err, ErrBadCode) {
		t.Fatalf("hand-made ufrag: %v", err)
	}
	hand = *good
	hand.Candidates = []Candidate{{Type: "host", Addr: "127.0.0.1 9 typ host\r\na=x", Port: 9}}
	if err := hand.Check(); !errors.Is(err, ErrBadCode) {
		t.Fatalf("hand-made candidate: %v", err)
	}
}
