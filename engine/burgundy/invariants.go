package burgundy

import (
	"errors"
	"fmt"

	"tabula/engine"
)

// CheckInvariants checks the state's consistency (engine/check calls it
// after every step of a simulation): each of the 164 tiles is in exactly one
// place (stacks, depots, black depot, storage, estates, out of the game), on
// a space of its colour; the 42 goods tiles are all accounted for (face-down,
// round spaces, depots, storage, sold); storage holds at most 3 hex tiles (4
// only while that player must discard) and 3 goods kinds; silverlings and
// workers are never negative.
func (s *State) CheckInvariants() error {
	seen := make([]int, TileCount+1)
	count := func(id int, where string) error {
		if id < 1 || id > TileCount {
			return fmt.Errorf("bad tile id %d in %s", id, where)
		}
		seen[id]++
		return nil
	}
	var err error
	for c := range s.Stacks {
		for _, id := range s.Stacks[c] {
			err = errors.Join(err, count(id, "stacks"))
		}
	}
	for _, id := range s.BlackStack {
		err = errors.Join(err, count(id, "black stack"))
	}
	for d := 1; d <= 6; d++ {
		for _, sp := range s.Depots[d].Spaces {
			if sp.Tile != 0 {
				err = errors.Join(err, count(sp.Tile, "depot"))
				if catalogue[sp.Tile].Colour != sp.Colour {
					err = errors.Join(err, fmt.Errorf("depot %d holds a %s on a %s space", d, catalogue[sp.Tile].Colour, sp.Colour))
				}
			}
		}
	}
	for _, id := range s.Black {
		err = errors.Join(err, count(id, "black depot"))
	}
	for _, id := range s.Removed {
		err = errors.Join(err, count(id, "removed"))
	}
	goods := s.goodsLeft()
	for _, k := range s.RoundGoods {
		if k != 0 {
			goods++
		}
	}
	for d := 1; d <= 6; d++ {
		goods += depotGoods(&s.Depots[d])
	}
	for i, p := range s.Seats {
		for sp := 1; sp <= Spaces; sp++ {
			if p.Estate[sp] != 0 {
				err = errors.Join(err, count(p.Estate[sp], "estate"))
				if catalogue[p.Estate[sp]].Colour != estate[sp].Colour {
					err = errors.Join(err, fmt.Errorf("seat %d space %d colour mismatch", i, sp))
				}
			}
		}
		for _, id := range p.Storage {
			err = errors.Join(err, count(id, "storage"))
		}
		limit := 3
		if len(s.Pending) > 0 && s.Pending[len(s.Pending)-1].Kind == FrameDiscard && s.Pending[len(s.Pending)-1].Seat == engine.Seat(i) {
			limit = 4
		}
		if len(p.Storage) > limit {
			err = errors.Join(err, fmt.Errorf("seat %d storage %d tiles", i, len(p.Storage)))
		}
		for k := 1; k <= 6; k++ {
			goods += p.Goods[k] + p.Sold[k]
			if p.Goods[k] < 0 || p.Sold[k] < 0 {
				err = errors.Join(err, fmt.Errorf("seat %d negative goods", i))
			}
		}
		if p.goodsKinds() > 3 {
			err = errors.Join(err, fmt.Errorf("seat %d holds %d goods kinds", i, p.goodsKinds()))
		}
		if p.Silver < 0 || p.Workers < 0 {
			err = errors.Join(err, fmt.Errorf("seat %d silver %d workers %d", i, p.Silver, p.Workers))
		}
	}
	for id := 1; id <= TileCount; id++ {
		if seen[id] != 1 {
			err = errors.Join(err, fmt.Errorf("tile %d (%s) seen %d times", id, catalogue[id].Name(), seen[id]))
		}
	}
	if goods != 42 {
		err = errors.Join(err, fmt.Errorf("%d goods tiles, want 42", goods))
	}
	return err
}
