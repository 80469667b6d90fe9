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

// copyInto makes d a deep copy of s in d's memory. Each slice of d is
// read (for its memory) before the element that replaces it is written.
func (s *State) copyInto(d *State) {
	old := *d
	*d = *s
	d.legal = legalList{list: old.legal.list[:0]}
	d.Board = old.Board[:0]
	for i, sp := range s.Board {
		var buf []engine.Seat
		if i < len(old.Board) {
			buf = old.Board[i].People
		}
		sp.People = reuse(buf, sp.People)
		d.Board = append(d.Board, sp)
	}
	d.Board = keepNil(d.Board, s.Board)
	for k := range s.Stages {
		d.Stages[k] = reuse(old.Stages[k], s.Stages[k])
	}
	for r := range s.Rounds {
		d.Rounds[r].Goods = reuse(old.Rounds[r].Goods, s.Rounds[r].Goods)
	}
	d.Seats = old.Seats[:0]
	for i := range s.Seats {
		p := s.Seats[i]
		if i < len(old.Seats) {
			o := &old.Seats[i]
			p.Cards = reuse(o.Cards, p.Cards)
			p.Hand = reuse(o.Hand, p.Hand)
			p.Packet = reuse(o.Packet, p.Packet)
			p.CardFields = reuse(o.CardFields, p.CardFields)
			p.Used = reuse(o.Used, p.Used)
		} else {
			p.Cards, p.Hand, p.Packet = cloneSlice(p.Cards), cloneSlice(p.Hand), cloneSlice(p.Packet)
			p.CardFields, p.Used = cloneSlice(p.CardFields), cloneSlice(p.Used)
		}
		if p.Ext != nil {
			p.Ext = maps.Clone(p.Ext)
		}
		d.Seats = append(d.Seats, p)
	}
	d.Seats = keepNil(d.Seats, s.Seats)
	d.Stack = old.Stack[:0]
	for i, f := range s.Stack {
		var buf []Goods
		if i < len(old.Stack) {
			buf = old.Stack[i].Choices
		}
		f.Choices = reuse(buf, f.Choices)
		d.Stack = append(d.Stack, f)
	}
	d.Stack = keepNil(d.Stack, s.Stack)
	d.Winners = reuse(old.Winners, s.Winners)
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
