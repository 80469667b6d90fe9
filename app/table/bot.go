package table

import (
	"tabula/engine"
	"tabula/engine/rng"
)

// Bot decides for one seat.
type Bot interface {
	Choose(s engine.State, seat engine.Seat) engine.Action
}

// NewBot makes the bot for a seat kind ("bot:random", "bot:greedy").
var NewBot = func(kind string, seed uint64) Bot {
	return &pickBot{seed: seed}
}

// pickBot chooses uniformly among the legal actions, seeded.
type pickBot struct {
	seed uint64
	k    uint64
}

func (b *pickBot) Choose(s engine.State, seat engine.Seat) engine.Action {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	b.k++
	o := rng.Derive(rng.SeedKey(b.seed, b.k), engine.ChanceRequest{Ranges: []int{len(legal)}})
	return legal[o[0]]
}
