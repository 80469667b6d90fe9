package bot

import "tabula/engine"

// Clone returns an independent copy of the bot: the same settings, the
// same position in its random stream and the same tie-break memory. The
// network layer asks a copy for a choice and keeps it only once the move
// is in the log, so a bot's state depends on the moves it made, never on
// how often it was asked.
func (g *Greedy) Clone() *Greedy {
	c := *g
	if g.rnd != nil {
		rnd := *g.rnd // the key is never written; the buffer is an array
		c.rnd = &rnd
	}
	c.recent = make(map[engine.Seat][]string, len(g.recent))
	for s, r := range g.recent {
		c.recent[s] = append([]string(nil), r...)
	}
	return &c
}
