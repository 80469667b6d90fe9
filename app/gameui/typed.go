package gameui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/engine"
)

// Helpers every renderer needs in the same form (a game's concrete types,
// names in the log, the element a board click picked).

// Typed is legal with the game's concrete action type A; the engine's
// Legal may hold values or pointers.
func Typed[A any](legal []engine.Action) []A {
	out := make([]A, 0, len(legal))
	for _, a := range legal {
		switch x := any(a).(type) {
		case A:
			out = append(out, x)
		case *A:
			if x != nil {
				out = append(out, *x)
			}
		}
	}
	return out
}

// ViewAs is a view as the game's concrete type V (value or pointer), nil
// when it is another.
func ViewAs[V any](view any) *V {
	switch v := view.(type) {
	case V:
		return &v
	case *V:
		return v
	}
	return nil
}

// Namer names seats for a log line: the player's name, else the message
// fallback (a template taking the seat number from 1, "Seat %d").
func Namer(seats []engine.SeatInfo, fallback string) func(seat int) string {
	return func(p int) string {
		if p >= 0 && p < len(seats) && seats[p].Name != "" {
			return seats[p].Name
		}
		return T(fallback, p+1)
	}
}

// Picked is attribute attr of the closest element to target that has it:
// what a click or key on a board picked ("" and false for none).
func Picked(target app.Value, attr string) (string, bool) {
	if !target.Truthy() || !target.Get("closest").Truthy() {
		return "", false
	}
	el := target.Call("closest", "["+attr+"]")
	if !el.Truthy() {
		return "", false
	}
	return el.Call("getAttribute", attr).String(), true
}
