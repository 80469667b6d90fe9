package agricola

import (
	"maps"
	"sync"

	"tabula/engine"
)

// CloneInto is Clone reusing the memory of dst, a copy of a game of
// Agricola that is no longer needed (it implements bot.Recycler): the
// search bot copies the state for every action it rates, and Clone's
// slices (the board's people, every seat's cards, the stack) were a large
// part of its work. The copy behaves exactly as a Clone
// (TestCloneIntoIsAClone). Given anything else as dst it returns a Clone.
func (s *State) CloneInto(dst engine.State) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		return s.clone()
	}
	s.copyInto(d)
	return d
}

// copyInto makes d a copy of s in d's memory, deep but for the lists that
// are never changed in place (shared: card ids, stage decks, deliveries,
// the people on a space, a frame's choices). Each slice of d is read (for its
// memory) before the element that replaces it is written.
func (s *State) copyInto(d *State) {
	// The memory of d's lists, kept (not the whole of d: the state is
	// large, and a search copies it for every action it rates).
	old := struct {
		Board   []Space
		Seats   []Player
		Stack   []Frame
		Winners []engine.Seat
		list    []Action
		costBuf []Price
		costCtx *CostCtx
	}{d.Board, d.Seats, d.Stack, d.Winners, d.legal.list, d.costBuf, d.costCtx}
	*d = *s
	d.legal = legalList{list: old.list[:0]}
	d.costBuf, d.costCtx = old.costBuf, old.costCtx
	// The spaces and the frames in one copy each: the people on a space
	// and a frame's choices are never changed in place (place gives a
	// space a new list of people), so the copy shares them.
	d.Board = keepNil(roomyBoard(old.Board, s), s.Board)
	// The stage decks and the deliveries on round spaces are shared as
	// they are (*d = *s): a deck is only ever replaced by a new list
	// (beginRound) and Schedule gives a round space a new list.
	// Each seat copied once, where it goes, then its lists set.
	d.Seats = old.Seats[:0]
	for i := range s.Seats {
		var fields []CardField // the old seat's, read before it is written
		if i < len(old.Seats) {
			fields = old.Seats[i].CardFields
		}
		d.Seats = append(d.Seats, s.Seats[i])
		p := &d.Seats[i]
		p.Cards, p.Hand, p.Packet, p.Used = shared(p.Cards), shared(p.Hand), shared(p.Packet), shared(p.Used)
		if i < len(old.Seats) {
			p.CardFields = reuse(fields, p.CardFields)
		} else {
			p.CardFields = cloneSlice(p.CardFields)
		}
		if p.Ext != nil {
			p.Ext = maps.Clone(p.Ext)
		}
	}
	d.Seats = keepNil(d.Seats, s.Seats)
	d.Stack = keepNil(append(old.Stack[:0], s.Stack...), s.Stack)
	d.Winners = reuse(old.Winners, s.Winners)
	d.Sealed = s.Sealed.clone()
}

// roomyBoard is a copy of s.Board in buf's memory when it has room for
// the stage cards still to be revealed (beginRound appends one a round),
// else in new memory with that room.
func roomyBoard(buf []Space, s *State) []Space {
	if n := len(s.Board) + max(0, 14-s.Round); cap(buf) < n {
		buf = make([]Space, 0, n)
	}
	return append(buf[:0], s.Board...)
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

// shared is src to share between a state and its copy: the lists of card
// ids and of deliveries are never changed in place (an id or a delivery
// is added by appending, removed by building a new list, and Determinize
// redraws hands in a Clone of its own), so a copy may read the same
// memory. Clipped, an append to either makes a list of its own; what
// one of them appends in the other's spare room lies past the other's
// length. Copying them was a large part of copyInto's work (every id a
// pointer the collector must be told of).
func shared[T any](src []T) []T { return src[:len(src):len(src)] }

// keepNil is out, or nil when src is nil (out was built by appending to
// reused memory, which is never nil once it has held anything).
func keepNil[T any](out, src []T) []T {
	if src == nil {
		return nil
	}
	if out == nil {
		return []T{}
	}
	return out
}

// scratch holds states no longer needed, for the copies Evaluate rates a
// pending decision's options on (a copy's content is always overwritten
// whole, so which one it gets changes nothing).
var scratch = sync.Pool{New: func() any { return new(State) }}

// scratchCopy is a copy of s for a moment's use; release hands it back.
func (s *State) scratchCopy() *State {
	c := scratch.Get().(*State)
	s.copyInto(c)
	return c
}

func release(c *State) { scratch.Put(c) }
