package burgundyui

import (
	"reflect"

	"tabula/app/gameui"
	"tabula/engine/burgundy"
)

// What the bots' latest moves changed (gameui.Highlight): the board
// compares the view before them (draw.bots, nil when nothing is marked)
// with the view now.

// botBefore is the view before the bots' latest moves, while they are
// marked.
func botBefore(env *gameui.Env) *burgundy.View {
	return viewOf(&gameui.Env{View: env.BeforeView()})
}

// estateMoved reports whether seat's estate changed since before: a
// tile placed or stored, goods, silverlings, workers, a die used. New
// dice (a phase's roll) are chance, not a move: they mark nothing.
func estateMoved(before, now *burgundy.View, seat int) bool {
	if before == nil || seat >= len(before.Estates) || seat >= len(now.Estates) {
		return false
	}
	a, b := before.Estates[seat], now.Estates[seat]
	for i, dv := range b.Dice {
		if i < len(a.Dice) && dv.Used && !a.Dice[i].Used && dv.Face == a.Dice[i].Face {
			return true
		}
	}
	a.Prompt, b.Prompt, a.Bought, b.Bought, a.End, b.End = "", "", false, false, nil, nil
	a.EmptySpaces, b.EmptySpaces, a.Dice, b.Dice = 0, 0, nil, nil
	return !reflect.DeepEqual(a, b)
}

// spaceMoved reports whether estate space id of seat holds a tile it did
// not hold before.
func (d *draw) spaceMoved(seat int, sp *burgundy.SpaceView) bool {
	if d.bots == nil || sp.Tile == nil || seat >= len(d.bots.Estates) {
		return false
	}
	for _, o := range d.bots.Estates[seat].Spaces {
		if o.ID == sp.ID {
			return o.Tile == nil || o.Tile.ID != sp.Tile.ID
		}
	}
	return true
}

// dieMoved reports whether seat's die i was used since before.
func (d *draw) dieMoved(seat, i int, dv burgundy.DieView) bool {
	if d.bots == nil || seat >= len(d.bots.Estates) || i >= len(d.bots.Estates[seat].Dice) {
		return false
	}
	o := d.bots.Estates[seat].Dice[i]
	return dv.Used && !o.Used && o.Face == dv.Face
}

// purseMoved reports whether seat's silverlings or workers changed.
func (d *draw) purseMoved(seat int, ev *burgundy.EstateView) bool {
	if d.bots == nil || seat >= len(d.bots.Estates) {
		return false
	}
	o := d.bots.Estates[seat]
	return o.Silver != ev.Silver || o.Workers != ev.Workers
}

// storedMoved reports whether tile id came into seat's storage.
func (d *draw) storedMoved(seat, id int) bool {
	if d.bots == nil || seat >= len(d.bots.Estates) {
		return false
	}
	for _, t := range d.bots.Estates[seat].Storage {
		if t.ID == id {
			return false
		}
	}
	return true
}

// depotMoved reports whether depot dep (1…6) lost or gained a tile or
// goods.
func (d *draw) depotMoved(dep int, dv *burgundy.DepotView) bool {
	if d.bots == nil || dep-1 >= len(d.bots.Depots) {
		return false
	}
	return !reflect.DeepEqual(d.bots.Depots[dep-1], *dv)
}

// blackMoved reports whether the black depot changed (a tile bought).
func (d *draw) blackMoved() bool {
	return d.bots != nil && !reflect.DeepEqual(d.bots.BlackDepot, d.v.BlackDepot)
}

// trackMoved reports whether a seat's turn-order marker changed space or
// place in its stack (a bot shipped goods).
func (d *draw) trackMoved(t burgundy.TrackView) bool {
	if d.bots == nil {
		return false
	}
	for _, o := range d.bots.TurnTrack {
		if o.Seat == t.Seat {
			return o.Space != t.Space || o.Height != t.Height
		}
	}
	return false
}

// scoreMoved reports whether seat's score changed.
func (d *draw) scoreMoved(seat int) bool {
	return d.bots != nil && seat < len(d.bots.Scores) && seat < len(d.v.Scores) && d.bots.Scores[seat] != d.v.Scores[seat]
}
