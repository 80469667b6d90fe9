package agricolaui

import (
	"reflect"

	"tabula/app/gameui"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// What the bots' latest moves changed (gameui.Highlight): the board
// compares the view before them (render.bots, nil when nothing is
// marked) with the view now.

// botBefore is the view before the bots' latest moves, while they are
// marked.
func botBefore(env *gameui.Env) *agricola.View {
	return gameui.ViewAs[agricola.View](env.BeforeView())
}

// spaceTaken reports whether a person was placed on action space sp
// since before.
func (d *render) spaceTaken(sp *agricola.SpaceView) bool {
	if d.bots == nil {
		return false
	}
	for i := range d.bots.Spaces {
		if o := &d.bots.Spaces[i]; o.ID == sp.ID {
			return len(sp.People) > len(o.People)
		}
	}
	return len(sp.People) > 0
}

// farmMoved reports whether seat's farm changed since before: a cell,
// the house, the animals, the family or the supply.
func (d *render) farmMoved(seat int) bool {
	if d.bots == nil || seat >= len(d.bots.Farms) || seat >= len(d.v.Farms) {
		return false
	}
	a, b := &d.bots.Farms[seat], &d.v.Farms[seat]
	return a.House != b.House || a.Yard != b.Yard || a.Animals != b.Animals || a.People != b.People ||
		a.Goods != b.Goods || !reflect.DeepEqual(a.Cells, b.Cells)
}

// cellsMoved are the cells of seat's farm that differ from before.
func (d *render) cellsMoved(seat int) farmyard.Set {
	var out farmyard.Set
	if d.bots == nil || seat >= len(d.bots.Farms) || seat >= len(d.v.Farms) {
		return out
	}
	was, now := d.bots.Farms[seat].Cells, d.v.Farms[seat].Cells
	for i := range now {
		if i >= len(was) || was[i] != now[i] {
			out = out.With(now[i].Cell)
		}
	}
	return out
}
