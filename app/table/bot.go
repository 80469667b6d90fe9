package table

import (
	"fmt"
	"strings"

	"tabula/engine"
	"tabula/engine/bot"
)

// Bot seat kinds, as the save format spells them: "bot:" and an
// engine/bot kind.
const (
	BotRandom = "bot:random"
	BotGreedy = "bot:greedy"
	BotEasy   = "bot:mcts-easy"   // the search bot's levels
	BotNormal = "bot:mcts-normal" //
	BotHard   = "bot:mcts-hard"   //
)

// BotKinds lists the bot seat kinds, the simplest first.
func BotKinds() []string { return []string{BotRandom, BotGreedy, BotEasy, BotNormal, BotHard} }

// IsBot reports whether a seat kind is played by the computer.
func IsBot(kind string) bool {
	for _, k := range BotKinds() {
		if k == kind {
			return true
		}
	}
	return false
}

// Searches reports whether the bot of a seat kind searches: it takes long
// enough to think that the page must go on meanwhile (see BotJob).
func Searches(kind string) bool { return strings.HasPrefix(kind, "bot:mcts") }

// Bot decides for one seat.
type Bot interface {
	Choose(s engine.State, seat engine.Seat) engine.Action
}

// NewBot makes the bot for a seat kind (BotKinds); an unknown kind plays
// random.
var NewBot = func(kind string, seed uint64) Bot {
	b, err := bot.New(strings.TrimPrefix(kind, "bot:"), seed)
	if err != nil {
		b, _ = bot.New("random", seed)
	}
	return b
}

// BotJob is one decision of the bot to move, taken apart so that a bot
// that searches can think on another goroutine while the page goes on:
// NextBot prepares it (on the UI's goroutine), Run thinks (anywhere, on
// a copy of the state), Finish plays the answer (on the UI's goroutine,
// and only if the game has not moved meanwhile).
type BotJob struct {
	Seat engine.Seat
	Move int  // entries in the log when asked: the bot's move number
	Slow bool // the bot searches (Searches)
	// Searched is set by Run when the bot searched (a decision with one
	// choice needs none).
	Searched bool
	state    engine.State
	bot      Bot
}

// NextBot is the job of the first bot to move, if any.
func (t *Table) NextBot() (*BotJob, bool) {
	s, ok := t.BotToMove()
	if !ok {
		return nil, false
	}
	st := t.State().Clone()
	if _, ok := t.offering(); ok && t.othersHuman(s) {
		st = bot.Courteous(st, s, t.Meta[MetaBotOffers] == BotOffersOff)
	}
	return &BotJob{Seat: s, Move: len(t.Match.Entries), Slow: Searches(t.Seats[s].Kind),
		state: st, bot: t.bots[s]}, true
}

// Run is the bot's choice. A searching bot calls pause (when not nil)
// between batches of its search with its progress; the choice does not
// depend on it.
func (j *BotJob) Run(pause func(done, total int)) engine.Action {
	if m, ok := j.bot.(*bot.MCTS); ok {
		m.Pause = pause
		defer func() { m.Pause, j.Searched = nil, m.Last.Iterations > 0 }()
	}
	return bot.ChooseAt(j.bot, j.state, j.Seat, j.Move)
}

// ErrMoved: the game moved on while the bot thought; its answer is void.
var ErrMoved = fmt.Errorf("%w: the game moved on while the bot thought", engine.ErrNotYourTurn)

// Finish plays the bot's answer a to job j.
func (t *Table) Finish(j *BotJob, a engine.Action) error {
	if s, ok := t.BotToMove(); !ok || s != j.Seat || len(t.Match.Entries) != j.Move {
		return ErrMoved
	}
	if a == nil {
		return fmt.Errorf("bot %s found no action", t.Name(j.Seat))
	}
	if err := t.do(j.Seat, a); err != nil {
		return fmt.Errorf("bot %s: %w", t.Name(j.Seat), err)
	}
	return nil
}
