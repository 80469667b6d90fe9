//go:build !js

package p2pnet

// Helpers shared by the native runners of whole p2p games: the loopback
// tests here, cmd/sim -p2p and cmd/peer. Native only: SeedRand makes keys
// a pure function of a seed, which a browser must never do.

import (
	"io"
	"time"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/p2p"
	"tabula/engine/rng"
)

// SeedRand reads bytes that are a pure function of key: seat keys and
// chance secrets made from it let a game's outcome depend on its seed
// alone, whatever the timing over the network.
func SeedRand(key []byte) io.Reader { return seedRand{rng.NewStream(key)} }

type seedRand struct{ s *rng.Stream }

func (r seedRand) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r.s.Uint64())
	}
	return len(p), nil
}

// BotTurn plays one seat of a node with a bot.
type BotTurn struct {
	bot   bot.Bot
	seat  int
	round uint64
	acted map[uint64]bool
}

func NewBotTurn(b bot.Bot, seat int) *BotTurn {
	return &BotTurn{bot: b, seat: seat, acted: map[uint64]bool{}}
}

// Choose, called inside Node.With, is the bot's move: nil unless the game
// has started, waits on no chance, the seat decides, and the bot has not
// yet moved at this head (a move sent but not yet applied everywhere is
// not sent twice).
func (t *BotTurn) Choose(p *p2p.Peer) engine.Action {
	if !p.Started() {
		return nil
	}
	st := p.Match().State.Status()
	t.round, _ = p.Head()
	if st.Over || st.Chance != nil || !st.Decides(engine.Seat(t.seat)) || t.acted[t.round] {
		return nil
	}
	return t.bot.Choose(p.Match().State, engine.Seat(t.seat))
}

// Act sends the move Choose just returned and remembers its head.
func (t *BotTurn) Act(n *Node, a engine.Action) error {
	t.acted[t.round] = true
	return n.Act(a)
}

// EntryLatencies is, for every entry all seats applied, the time from its
// first apply anywhere (normally its author's) to the last; applied holds
// per seat when each seq was applied.
func EntryLatencies(applied []map[uint64]time.Time) []time.Duration {
	var ds []time.Duration
	for _, d := range EntryLatencyBySeq(applied) {
		ds = append(ds, d)
	}
	return ds
}

// EntryLatencyBySeq is EntryLatencies by entry number.
func EntryLatencyBySeq(applied []map[uint64]time.Time) map[uint64]time.Duration {
	ds := map[uint64]time.Duration{}
	if len(applied) == 0 {
		return ds
	}
	for seq := range applied[0] {
		var lo, hi time.Time
		all := true
		for s := range applied {
			at, ok := applied[s][seq]
			if !ok {
				all = false
				break
			}
			if lo.IsZero() || at.Before(lo) {
				lo = at
			}
			if at.After(hi) {
				hi = at
			}
		}
		if all {
			ds[seq] = hi.Sub(lo)
		}
	}
	return ds
}
