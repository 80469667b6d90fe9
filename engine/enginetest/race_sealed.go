package enginetest

import (
	"fmt"

	"tabula/engine"
)

// DeckSize is the sealed Race deck: card n is worth n%3+1.
const DeckSize = 30

// DeckName is the sealed Race deck's name.
const DeckName = "cards"

// Decks declares the sealed deck (engine.SealedGame).
func (Game) Decks(setup engine.Setup) []engine.DeckSpec {
	if !setup.IsSealed() {
		return nil
	}
	return []engine.DeckSpec{{Name: DeckName, Size: DeckSize}}
}

// Sealed is what a sealed Race adds: where each card in hand came from.
type Sealed struct {
	Slots [][]Slot `json:"slots"` // per seat, beside Hands
	Next  int      `json:"next"`  // the deck position drawn next
}

// Slot is a card in hand: its deck position and number (engine.Unknown
// when this device may not know it; its value in Hands is then 0).
type Slot struct {
	Pos int `json:"pos"`
	Num int `json:"num"`
}

func value(num int) int { return num%3 + 1 }

func (d *Sealed) canDraw() bool { return d == nil || d.Next < DeckSize }

func (d *Sealed) draw(seat engine.Seat) *engine.ChanceRequest {
	return &engine.ChanceRequest{Kind: "draw", Ranges: []int{DeckSize},
		Deck: DeckName, Cards: []int{d.Next}, Audience: []engine.Seat{seat}}
}

// drawn puts deck card num (or Unknown) in seat's hand and returns its value.
func (d *Sealed) drawn(seat engine.Seat, num int) int {
	d.Slots[seat] = append(d.Slots[seat], Slot{Pos: d.Next, Num: num})
	d.Next++
	if num == engine.Unknown {
		return 0
	}
	return value(num)
}

func (d *Sealed) remove(seat engine.Seat, i int) {
	if d == nil {
		return
	}
	d.Slots[seat] = append(append([]Slot(nil), d.Slots[seat][:i]...), d.Slots[seat][i+1:]...)
}

func (d *Sealed) clone() *Sealed {
	if d == nil {
		return nil
	}
	c := &Sealed{Next: d.Next, Slots: make([][]Slot, len(d.Slots))}
	for i, s := range d.Slots {
		c.Slots[i] = append([]Slot(nil), s...)
	}
	return c
}

// Show learns cards shown to every seat (engine.Shower).
func (s *State) Show(sh engine.Shown) error {
	if s.Sealed == nil || sh.Deck != DeckName {
		return fmt.Errorf("%w: no deck %q here", engine.ErrBadAction, sh.Deck)
	}
	type place struct{ seat, i int }
	at := make([]place, len(sh.Cards))
	for k, pos := range sh.Cards {
		num := sh.Values[k]
		if num < 0 || num >= DeckSize {
			return fmt.Errorf("%w: card %d is not in the deck", engine.ErrBadAction, num)
		}
		at[k] = place{-1, -1}
		for seat, slots := range s.Sealed.Slots {
			for i, sl := range slots {
				if sl.Pos == pos {
					at[k] = place{seat, i}
					if sl.Num != engine.Unknown && sl.Num != num {
						return engine.Illegal("card at %d is %d, not %d", pos, sl.Num, num)
					}
				}
			}
		}
		if at[k].seat < 0 {
			return engine.Illegal("no card from position %d is in a hand", pos)
		}
	}
	for k, p := range at {
		s.Sealed.Slots[p.seat][p.i].Num = sh.Values[k]
		s.Hands[p.seat][p.i] = value(sh.Values[k])
	}
	return nil
}

// MustShow: a card played or discarded is shown (engine.Shower).
func (s *State) MustShow(seat engine.Seat, a engine.Action) []engine.Shown {
	act, ok := a.(Action)
	if s.Sealed == nil || !ok || (act.Type != "play" && act.Type != "discard") {
		return nil
	}
	if seat < 0 || int(seat) >= len(s.Hands) {
		return nil
	}
	i := index(s.Hands[seat], act.Card)
	if i < 0 {
		return nil
	}
	sl := s.Sealed.Slots[seat][i]
	if sl.Num == engine.Unknown {
		return nil
	}
	return []engine.Shown{{Deck: DeckName, Cards: []int{sl.Pos}, Values: []int{sl.Num}}}
}
