package burgundy

import (
	"math/rand/v2"
	"slices"

	"tabula/engine"
)

// Determinize returns a copy of the game that seat's view shows exactly
// as it shows s, with what the view hides drawn afresh from r (it
// implements bot.Determinizer, so the search bot plays on what its seat
// may see). Everything on the table is open; hidden are the face-down
// supplies, of which the view shows only how many tiles of each colour
// (and black-backed) are left, and which tiles are out of the game (the
// view counts them). So each colour's unseen normal-backed tiles, and the
// unseen black-backed ones, are shuffled and dealt back: as many to the
// stack as it held, the rest out of the game. The goods need nothing: the
// view shows every goods tile but the face-down ones, so their make-up
// follows. The result depends only on seat's view and r (seat does not
// matter: every seat sees the same).
func (s *State) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	c := s.clone()
	var out []int // tiles out of the game, as dealt
	keep := c.Removed[:0:0]
	var unseen [7][]int
	var unseenBlack []int
	for _, t := range s.Removed {
		switch info := catalogue[t]; {
		case info.Start:
			keep = append(keep, t)
		case info.Black:
			unseenBlack = append(unseenBlack, t)
		default:
			unseen[info.Colour] = append(unseen[info.Colour], t)
		}
	}
	for col := range c.Stacks {
		pool := append(unseen[col], s.Stacks[col]...)
		c.Stacks[col], out = redeal(pool, s.Stacks[col], out, r)
	}
	c.BlackStack, out = redeal(append(unseenBlack, s.BlackStack...), s.BlackStack, out, r)
	keep = append(keep, out...)
	slices.Sort(keep)
	c.Removed = keep
	if s.Removed == nil && len(keep) == 0 {
		c.Removed = nil
	}
	return c
}

// redeal shuffles pool (first put in id order, so the deal depends on the
// tiles only) and deals as many as old holds back to a stack kept in id
// order, as the stacks always are, appending the rest to out. The stack
// is nil where old is (nil and empty encode apart, and the encoding is
// hashed).
func redeal(pool, old []int, out []int, r *rand.Rand) (stack, rest []int) {
	slices.Sort(pool)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	n := len(old)
	if old != nil {
		stack = append(make([]int, 0, n), pool[:n]...)
		slices.Sort(stack)
	}
	return stack, append(out, pool[n:]...)
}
