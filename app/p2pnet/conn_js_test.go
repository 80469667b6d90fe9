//go:build js

package p2pnet

import (
	"errors"
	"testing"

	"tabula/engine"
	_ "tabula/engine/games"
)

// Under js/wasm in Node (how GOOS=js tests run) there is no
// RTCPeerConnection, as in a browser without WebRTC: making an invite
// fails with an error that says so, nothing panics, and the hosted game
// is still there to play or store.
func TestNoWebRTCIsAClearError(t *testing.T) {
	var stored []byte
	n, err := Host(Config{Build: "test", Store: func(b []byte) { stored = b }}, engine.Setup{Game: "catan", Players: 3}, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if _, err := n.Offer(1); !errors.Is(err, errNoWebRTC) {
		t.Fatalf("an invite without WebRTC: %v, want %v", err, errNoWebRTC)
	}
	if _, err := n.InviteLink("https://tabula.example", 1); !errors.Is(err, errNoWebRTC) {
		t.Fatalf("an invite link without WebRTC: %v", err)
	}
	if len(stored) == 0 {
		t.Error("the hosted game was not stored")
	}
	if ls := n.Links(); len(ls) != 0 {
		t.Errorf("links after failed invites: %+v", ls)
	}
}
