package agricola

import (
	"errors"
	"fmt"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// CheckCheapInvariants is the part of CheckInvariants that needs no
// farmyard geometry: goods never negative, people within 2…5 and not
// placed more than they are, begging markers not negative, rounds 0…14.
func (s *State) CheckCheapInvariants() error {
	var err error
	if s.Round < 0 || s.Round > 14 {
		err = errors.Join(err, fmt.Errorf("round %d", s.Round))
	}
	for i := range s.Seats {
		p := &s.Seats[i]
		for g, n := range p.Goods {
			if n < 0 {
				err = errors.Join(err, fmt.Errorf("seat %d has %d %s", i, n, Good(g)))
			}
		}
		if p.People < 2 || p.People > 5 || p.Newborns < 0 || p.Newborns > p.People || p.Placed < 0 || p.Placed > p.People {
			err = errors.Join(err, fmt.Errorf("seat %d people %d newborns %d placed %d", i, p.People, p.Newborns, p.Placed))
		}
		if p.Begging < 0 {
			err = errors.Join(err, fmt.Errorf("seat %d begging %d", i, p.Begging))
		}
	}
	for i := range s.Board {
		for g, n := range s.Board[i].Goods {
			if n < 0 {
				err = errors.Join(err, fmt.Errorf("space %s holds %d %s", s.Board[i].ID, n, Good(g)))
			}
		}
	}
	return err
}

// CheckInvariants checks the state's consistency (engine/check calls it
// after every step of a simulation): the cheap checks; every farmyard
// valid (fences at most 15, each bordering a pasture, pastures connected;
// at most 4 stables, none on a tile; rooms and fields each one connected
// group; crops only on fields); every player's animals housed unless a
// decision about them is pending; people on the board as placed, one per
// space; each stage card and major improvement in exactly one place, and
// every card in one place at most (hands, packets, in front of a player).
func (s *State) CheckInvariants() error {
	err := s.CheckCheapInvariants()
	onBoard := make([]int, s.Players)
	for _, sp := range s.Board {
		if s.Def(sp.ID) == nil {
			err = errors.Join(err, fmt.Errorf("unknown space %q on the board", sp.ID))
		}
		if len(sp.People) > 1 && !s.anyCard(func(c *Card) bool { return c.Join != nil }) {
			err = errors.Join(err, fmt.Errorf("space %s holds %d people", sp.ID, len(sp.People)))
		}
		for _, seat := range sp.People {
			if seat < 0 || int(seat) >= s.Players {
				err = errors.Join(err, fmt.Errorf("space %s: seat %d", sp.ID, seat))
				continue
			}
			onBoard[seat]++
		}
	}
	for i := range s.Seats {
		p := &s.Seats[i]
		seat := engine.Seat(i)
		if onBoard[i] != p.Placed {
			err = errors.Join(err, fmt.Errorf("seat %d placed %d, %d on the board", i, p.Placed, onBoard[i]))
		}
		y := p.Yard
		if e := y.Valid(); e != nil {
			err = errors.Join(err, fmt.Errorf("seat %d farmyard: %v", i, e))
		}
		if !farmyard.Connected(y.Rooms) || y.Rooms.Len() < 2 {
			err = errors.Join(err, fmt.Errorf("seat %d rooms %v not one house", i, y.Rooms.Cells()))
		}
		if y.Fields != 0 && !farmyard.Connected(y.Fields) {
			err = errors.Join(err, fmt.Errorf("seat %d fields %v not adjacent", i, y.Fields.Cells()))
		}
		if p.House != Wood && p.House != Clay && p.House != Stone {
			err = errors.Join(err, fmt.Errorf("seat %d house of %s", i, p.House))
		}
		for c := farmyard.Cell(1); c <= farmyard.Cells; c++ {
			cr := p.Crops[c-1]
			if cr.N < 0 || (cr.N > 0 && (!y.Fields.Has(c) || (cr.Kind != Grain && cr.Kind != Vegetable))) || (cr.N == 0 && cr.Kind != 0) {
				err = errors.Join(err, fmt.Errorf("seat %d cell %d crop %+v", i, c, cr))
			}
		}
		if !s.Houses(seat, p.Goods.Herd()) && !s.pendingAnimals(seat) {
			err = errors.Join(err, fmt.Errorf("seat %d animals %v not housed", i, p.Goods.Herd()))
		}
	}
	seen := map[string]int{}
	for k := 1; k <= Stages; k++ {
		for _, id := range s.Stages[k] {
			seen[id]++
		}
	}
	for r := 1; r <= 14; r++ {
		if id := s.Rounds[r].Card; id != "" {
			seen[id]++
			if (r <= s.Round) != (id != "") || StageCard(id) == nil || StageCard(id).Stage != StageOf(r) {
				err = errors.Join(err, fmt.Errorf("round %d shows %q", r, id))
			}
		} else if r <= s.Round {
			err = errors.Join(err, fmt.Errorf("round %d has no stage card", r))
		}
	}
	for _, d := range stageCards {
		if seen[d.ID] != 1 {
			err = errors.Join(err, fmt.Errorf("stage card %s seen %d times", d.ID, seen[d.ID]))
		}
	}
	// Every card is in one place at most: a hand, a draft packet, or in
	// front of one player.
	where := map[string]int{}
	for i := range s.Seats {
		p := &s.Seats[i]
		for _, ids := range [][]string{p.Hand, p.Packet, p.Cards} {
			for _, id := range ids {
				if IsUnknownCard(id) {
					continue
				}
				if where[id]++; where[id] == 2 {
					err = errors.Join(err, fmt.Errorf("card %s is in two places", id))
				}
			}
		}
	}
	if s.Sealed != nil {
		for i := range s.Seats {
			if i >= len(s.Sealed.Held) || len(s.Sealed.Held[i]) != len(s.Seats[i].Hand) {
				err = errors.Join(err, fmt.Errorf("seat %d: the sealed record does not match the hand", i))
			}
			if s.Draft && (i >= len(s.Sealed.Packets) || len(s.Sealed.Packets[i]) != len(s.Seats[i].Packet)) {
				err = errors.Join(err, fmt.Errorf("seat %d: the sealed record does not match the packet", i))
			}
		}
	}
	for _, id := range Majors {
		owners := 0
		for i := range s.Seats {
			for _, c := range s.Seats[i].Cards {
				if c == id {
					owners++
				}
			}
		}
		if owners > 1 {
			err = errors.Join(err, fmt.Errorf("major %s owned %d times", id, owners))
		}
	}
	for _, f := range s.Stack {
		if f.Seat < -1 || int(f.Seat) >= s.Players || (decision(f.Kind) && f.Seat < 0) {
			err = errors.Join(err, fmt.Errorf("frame %s for seat %d", f.Kind, f.Seat))
		}
	}
	return err
}

// pendingAnimals reports whether a decision about seat's animals waits in
// the stack.
func (s *State) pendingAnimals(seat engine.Seat) bool {
	for _, f := range s.Stack {
		if f.Kind == FrameAnimals && f.Seat == seat {
			return true
		}
	}
	return false
}
