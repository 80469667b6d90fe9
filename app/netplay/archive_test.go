//go:build !js

package netplay

import (
	"slices"
	"testing"
	"time"
)

// A turn-based game that waits on another player, its pages all closed:
// Bruno's background service lists it as waiting for Ana (not for him),
// since about when the game last moved; Bruno leaves it (archive): it is
// no longer listed nor served, not even by the next look for games, and it
// stays stored, marked archived.
func TestTurnServiceListsOthersAndLeaves(t *testing.T) {
	host, guest, id := turnTable(t)
	waitFor(t, "the game under way", 60*time.Second, func() bool { return guest.s.Head() > 20 })
	anaDecides(t, host, guest)
	kept(t, host)
	moved := time.Now()
	guest.halt()
	host.halt()

	if err := (Saved{KV: guest.kv}).SaveSettings(Settings{Brokers: guest.brokers}); err != nil {
		t.Fatal(err)
	}
	env := guest.env()
	svc := newTurnService(Saved{KV: guest.kv}, env.Build, env.Protocol)
	svc.start(func() {})
	defer svc.setLive(id) // stops it
	var w []TurnWait
	waitFor(t, "the game listed as waiting for Ana", 30*time.Second, func() bool {
		w = svc.Others()
		return len(w) == 1 && w[0].ID == id && slices.Equal(w[0].Waits, []int{0})
	})
	if len(svc.Waiting()) != 0 {
		t.Fatalf("a game waiting for Ana is listed as waiting for Bruno: %+v", svc.Waiting())
	}
	if since := w[0].Since; since.IsZero() || since.After(time.Now()) || moved.Sub(since) > time.Minute {
		t.Fatalf("waiting since %v; the game last moved before %v", since, moved)
	}

	if err := svc.archive(id); err != nil {
		t.Fatal(err)
	}
	svc.sync()
	svc.mu.Lock()
	_, served := svc.open[id]
	svc.mu.Unlock()
	if served || len(svc.Others()) != 0 {
		t.Fatalf("a game left is still served (%v) or listed (%+v)", served, svc.Others())
	}
	m, err := Saved{KV: guest.kv}.Meta(id)
	if err != nil || !m.Archived {
		t.Fatalf("the game left is not stored as archived: %+v %v", m, err)
	}
}
