package table

import (
	"strings"

	"tabula/engine"
	"tabula/engine/bot"
)

// Bot decides for one seat.
type Bot interface {
	Choose(s engine.State, seat engine.Seat) engine.Action
}

// NewBot makes the bot for a seat kind ("bot:random", "bot:greedy"); an
// unknown kind plays random.
var NewBot = func(kind string, seed uint64) Bot {
	b, err := bot.New(strings.TrimPrefix(kind, "bot:"), seed)
	if err != nil {
		b, _ = bot.New("random", seed)
	}
	return b
}
