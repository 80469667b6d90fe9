package burgundy

import (
	"math/rand/v2"
	"slices"

	"tabula/engine"
)

// What the search bot (package engine/bot) asks of the game beyond
// engine.State: Determinize and CloneInto, and SearchHorizon.

// SearchHorizon is how far the search bot's playouts look, in actions per
// seat (bot.Horizoner): 4, about one turn of every seat (two dice and
// what they open). The bot's default of 10, three turns each, cost 2.5
// times as much per decision, more than a player in a browser waits for.
func (s *State) SearchHorizon() int { return 4 }

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

// CloneInto is Clone reusing the memory of dst, a copy of a game of
// Burgundy that is no longer needed (it implements bot.Recycler): the
// search bot copies the state for every action it rates, and Clone's
// twenty-odd slices were most of its work. The copy behaves exactly as a
// Clone (TestCloneIntoIsAClone).
func (s *State) CloneInto(dst engine.State) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		return s.clone()
	}
	old := *d // d's own slices, to reuse
	var storage [4][]int
	for i := range old.Seats {
		if i < len(storage) {
			storage[i] = old.Seats[i].Storage
		}
	}
	*d = *s
	for c := range s.Stacks {
		d.Stacks[c] = reuse(old.Stacks[c], s.Stacks[c])
	}
	d.BlackStack = reuse(old.BlackStack, s.BlackStack)
	for i := range s.Depots {
		d.Depots[i].Spaces = reuse(old.Depots[i].Spaces, s.Depots[i].Spaces)
	}
	d.Black = reuse(old.Black, s.Black)
	d.Track = reuse(old.Track, s.Track)
	d.Order = reuse(old.Order, s.Order)
	d.Seats = reuse(old.Seats, s.Seats)
	for i := range d.Seats {
		p := &d.Seats[i]
		var buf []int
		if i < len(storage) {
			buf = storage[i]
		}
		p.Storage = reuse(buf, s.Seats[i].Storage)
		if p.End != nil {
			e := *p.End
			p.End = &e
		}
	}
	d.Pending = reuse(old.Pending, s.Pending)
	d.Removed = reuse(old.Removed, s.Removed)
	d.Winners = reuse(old.Winners, s.Winners)
	return d
}

// reuse is a copy of src in buf's memory when it fits: nil for nil, an
// empty slice for an empty one (they encode apart).
func reuse[T any](buf, src []T) []T {
	if src == nil {
		return nil
	}
	if buf == nil {
		buf = make([]T, 0, len(src))
	}
	return append(buf[:0], src...)
}
