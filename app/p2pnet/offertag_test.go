//go:build !js

package p2pnet

import (
	"encoding/base64"
	"errors"
	"testing"
	"time"

	"tabula/engine"
)

// A reply code names the invite it answers, and a node takes it only for
// that invite. Two invites open for one seat: the reply to the newer one
// links (the node used to match the oldest open invite for the seat and
// spend it on a link that could never come up). A reply of another game, a
// reply taken already and a reply to an invite this node never made are
// refused in words, and the open invites and the links up stay as they
// were. A reply of the earlier shape, naming no invite, is still matched
// by its seat.
func TestReplyNamesItsOffer(t *testing.T) {
	tb := newTable(t, "catan", 3, 11)
	defer tb.close()
	h, err := Host(tb.config(0), engine.Setup{Game: "catan", Players: 3}, 0)
	if err != nil {
		t.Fatal(err)
	}
	tb.nodes[0] = h
	older, err := h.Offer(1)
	if err != nil {
		t.Fatal(err)
	}
	newer, err := h.Offer(1)
	if err != nil {
		t.Fatal(err)
	}
	g, reply, err := Join(tb.config(1), newer)
	if err != nil {
		t.Fatal(err)
	}
	tb.nodes[1] = g
	if r, err := ParseReply(reply); err != nil || !r.Answers(newer) || r.Answers(older) {
		t.Fatalf("the reply does not name the invite it answers: %v", err)
	}

	// Another game's reply (an invite of another host, answered).
	other := newTable(t, "catan", 3, 12)
	defer other.close()
	oh, err := Host(other.config(0), engine.Setup{Game: "catan", Players: 3}, 0)
	if err != nil {
		t.Fatal(err)
	}
	other.nodes[0] = oh
	ocode, err := oh.Offer(1)
	if err != nil {
		t.Fatal(err)
	}
	og, oreply, err := Join(other.config(1), ocode)
	if err != nil {
		t.Fatal(err)
	}
	other.nodes[1] = og
	if err := h.Accept(oreply); !errors.Is(err, ErrOtherGame) {
		t.Fatalf("another game's reply: %v, want ErrOtherGame", err)
	}

	// The reply to the newer invite links, though an older one for the
	// seat is open.
	if err := h.Accept(reply); err != nil {
		t.Fatal(err)
	}
	direct := func(n *Node, seat int) bool {
		for _, l := range n.Links() {
			if l.Seat == seat {
				return l.Direct
			}
		}
		return false
	}
	for end := time.Now().Add(15 * time.Second); !direct(h, 1) || !direct(g, 0); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the reply to the newer invite did not link")
		}
	}
	// The same reply again: its invite was answered.
	if err := h.Accept(reply); !errors.Is(err, ErrOtherOffer) || !errors.Is(err, ErrBadCode) {
		t.Fatalf("a reply taken already: %v, want ErrOtherOffer", err)
	}
	// A reply to an invite of this game that this node did not make (seat
	// 1 answering a resume invite of seat 2's device, say).
	stray, err := g.Offer(AnySeat)
	if err != nil {
		t.Fatal(err)
	}
	stranger, err := g.Answer(stray)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Accept(stranger); !errors.Is(err, ErrOtherOffer) {
		t.Fatalf("a reply to another device's invite: %v, want ErrOtherOffer", err)
	}

	// Seat 2's reply in the earlier shape (no invite named): matched by
	// its seat, as before, and the game starts with everything linked.
	third, err := h.Offer(2)
	if err != nil {
		t.Fatal(err)
	}
	g2, reply2, err := Join(tb.config(2), third)
	if err != nil {
		t.Fatal(err)
	}
	tb.nodes[2] = g2
	b, _ := base64.RawURLEncoding.DecodeString(reply2)
	old := append(append([]byte(nil), b[:len(b)-5]...), b[len(b)-1])
	if r, err := ParseReply(base64.RawURLEncoding.EncodeToString(old)); err != nil || r.Offer != ([4]byte{}) || r.Seat != 2 {
		t.Fatalf("a reply of the earlier shape: %+v %v", r, err)
	}
	if err := h.Accept(base64.RawURLEncoding.EncodeToString(old)); err != nil {
		t.Fatal(err)
	}
	tb.waitMesh(20 * time.Second)
	if !direct(h, 1) {
		t.Fatal("the link up before the refusals went down")
	}
}
