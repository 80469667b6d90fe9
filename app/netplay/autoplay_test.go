//go:build !js

package netplay

import (
	"sync/atomic"
	"testing"
	"time"

	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/p2p"
)

// refusedFirst is a bot whose first move is one the node refuses.
type refusedFirst struct {
	table.Bot
	bad  engine.Action
	done bool
}

func (b *refusedFirst) Choose(s engine.State, seat engine.Seat) engine.Action {
	if !b.done {
		b.done = true
		return b.bad
	}
	return b.Bot.Choose(s, seat)
}

// A move of the person's autoplay bot that the node refuses (never
// expected: a bug, as when a sealed game's public game refused a thief's
// trade) does not stop the game: the bot chooses again at that point,
// without the refused move, and the game goes on.
func TestAutoplayRefusedMoveDoesNotStopTheGame(t *testing.T) {
	host, guest, link := hostWithFriendOn(t, newDevice(t), newDevice(t), false)
	defer func() { guest.halt(); host.halt() }()
	host.refusals = new(atomic.Int32)
	host.with(func(s *Session) {
		s.self = &refusedFirst{Bot: table.NewBot(table.BotGreedy, 1), bad: catan.MaritimeTrade(catan.Ore, 19, catan.Lumber)}
		s.SetAutoplay(true)
	})
	joinFriend(t, host, guest, link)
	moves := func() int {
		n := 0
		host.s.main.With(func(p *p2p.Peer) {
			for _, e := range p.Entries() {
				if e.Kind == p2p.KindAction && e.Author == 0 {
					n++
				}
			}
		})
		return n
	}
	waitFor(t, "Ana's seat to move after its refused move", 60*time.Second, func() bool { return moves() >= 3 })
	if n := host.refusals.Load(); n != 1 {
		t.Fatalf("%d refused moves, want the one", n)
	}
}
