package farmyard

import (
	"errors"
	"testing"
)

// A hand-made arrangement is refused with a reason a UI can word: over a
// holder's capacity, two kinds in a pasture, a kind a holder does not
// take, a negative count, not one herd per holder.
func TestCheckReasons(t *testing.T) {
	y := Yard{Rooms: Of(6, 11), Fences: Boundary(Of(1, 2)), Stables: Of(5)}
	hs := y.Holders() // pasture of cells 1+2 (4), stable 5 (1), house (1)
	only := append(append([]Holder(nil), hs...), Holder{Where: "T01", Cap: 3, Only: 1 + int(Cattle)})
	for _, c := range []struct {
		hs     []Holder
		placed []Herd
		reason string
		holder int
	}{
		{hs, []Herd{{5, 0, 0}, {}, {}}, Over, 0},
		{hs, []Herd{{1, 1, 0}, {}, {}}, MixedKind, 0},
		{hs, []Herd{{}, {0, -1, 0}, {}}, Negative, 1},
		{hs, []Herd{{}, {}}, Places, -1},
		{only, []Herd{{}, {}, {}, {1, 0, 0}}, OnlyKind, 3},
	} {
		err := Check(c.hs, c.placed)
		var ae *ArrangeError
		if !errors.As(err, &ae) || ae.Reason != c.reason || ae.Holder != c.holder {
			t.Errorf("%v: %v, want %s at holder %d", c.placed, err, c.reason, c.holder)
		}
	}
	if err := Check(hs, []Herd{{4, 0, 0}, {0, 0, 1}, {0, 1, 0}}); err != nil {
		t.Errorf("a full, valid arrangement refused: %v", err)
	}
}
