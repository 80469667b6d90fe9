package agricola

import (
	"errors"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// The farm actions of fact sheet §6. Each check… function validates and
// changes nothing; the rest validate, then change.

// roomCells are the cells where seat may build a room: empty (no tile, no
// stable), not in a pasture, orthogonally next to a room.
func (s *State) roomCells(seat engine.Seat) farmyard.Set {
	y := s.Seats[seat].Yard
	return farmyard.Neighbours(y.Rooms) &^ y.Tiles() &^ y.Stables &^ y.Fenced()
}

// stableCells are the cells where seat may build a stable: no tile, no
// stable yet; anywhere else, fenced or not (no adjacency rule).
func (s *State) stableCells(seat engine.Seat) farmyard.Set {
	y := s.Seats[seat].Yard
	if y.Stables.Len() >= farmyard.MaxStables {
		return 0
	}
	return farmyard.All &^ y.Tiles() &^ y.Stables
}

// plowCells are the cells seat may plow: empty, not in a pasture; the
// first field anywhere, later ones next to a field.
func (s *State) plowCells(seat engine.Seat) farmyard.Set {
	y := s.Seats[seat].Yard
	free := farmyard.All &^ y.Tiles() &^ y.Stables &^ y.Fenced()
	if y.Fields == 0 {
		return free
	}
	return free & farmyard.Neighbours(y.Fields)
}

func (s *State) buildRoom(seat engine.Seat, c farmyard.Cell, pay int, via string) error {
	if !s.roomCells(seat).Has(c) {
		return engine.Illegal("no room can go on cell %d: it must be an empty cell next to a room", c)
	}
	pr, err := s.priceAt(seat, Purchase{What: OpRoom, Via: via}, pay)
	if err != nil {
		return err
	}
	s.pay(seat, pr)
	s.Seats[seat].Yard.Rooms |= farmyard.Of(c)
	return nil
}

func (s *State) buildStable(seat engine.Seat, c farmyard.Cell, pay int, via string) error {
	if !s.stableCells(seat).Has(c) {
		return engine.Illegal("no stable can go on cell %d (one per empty cell, %d in all)", c, farmyard.MaxStables)
	}
	pr, err := s.priceAt(seat, Purchase{What: OpStable, Via: via}, pay)
	if err != nil {
		return err
	}
	s.pay(seat, pr)
	s.Seats[seat].Yard.Stables |= farmyard.Of(c)
	return nil
}

// renovate turns the whole house one material up (fact sheet §6).
func (s *State) renovate(seat engine.Seat, pay int, via string) error {
	p := &s.Seats[seat]
	next := nextMaterial(p.House)
	if next < 0 {
		return engine.Illegal("a stone house cannot be renovated")
	}
	pr, err := s.priceAt(seat, Purchase{What: OpRenovate, Via: via}, pay)
	if err != nil {
		return err
	}
	s.pay(seat, pr)
	p.House = next
	if pr.To > p.House && pr.To <= Stone {
		p.House = pr.To
	}
	return nil
}

func (s *State) plow(seat engine.Seat, c farmyard.Cell) error {
	if !s.plowCells(seat).Has(c) {
		return engine.Illegal("cell %d cannot be plowed: an empty cell, next to a field once you have one", c)
	}
	s.Seats[seat].Yard.Fields |= farmyard.Of(c)
	return nil
}

// sow puts 1 crop from the supply on an empty field, and the general
// supply adds to it: 3 grain, or 2 vegetables (fact sheet §6). card names a
// field on a card instead of a cell.
func (s *State) sow(seat engine.Seat, c farmyard.Cell, card string, crop Good) error {
	p := &s.Seats[seat]
	if crop != Grain && crop != Vegetable {
		return engine.Illegal("sow grain or vegetables")
	}
	if p.Goods[crop] < 1 {
		return engine.Illegal("you have no %s to sow", crop)
	}
	var field *Crop
	if card != "" {
		for i := range p.CardFields {
			if cf := &p.CardFields[i]; cf.Card == card && (cf.Only == 0 || cf.Only == crop) {
				field = &cf.Crop
			}
		}
		if field == nil {
			return engine.Illegal("no field on %s takes %s", describeCard(card), crop)
		}
	} else {
		if !p.Yard.Fields.Has(c) {
			return engine.Illegal("cell %d is not a field", c)
		}
		field = &p.Crops[c-1]
	}
	if field.N > 0 {
		return engine.Illegal("that field is sown already")
	}
	p.Goods[crop]--
	*field = Crop{Kind: crop, N: SownYield(crop)}
	return nil
}

// SownYield is what a field holds once sown with crop.
func SownYield(crop Good) int {
	if crop == Grain {
		return 3
	}
	return 2
}

// checkBake validates a bake action of n grain.
func (s *State) checkBake(seat engine.Seat, n int) error {
	if n < 1 {
		return engine.Illegal("bake at least 1 grain")
	}
	if s.Seats[seat].Goods[Grain] < n {
		return engine.Illegal("you have only %d grain", s.Seats[seat].Goods[Grain])
	}
	if max := s.bakeCapacity(seat); max >= 0 && n > max {
		return engine.Illegal("your baking improvements bake at most %d grain at once", max)
	}
	return nil
}

// bake turns n grain into food (checkBake first).
func (s *State) bake(seat engine.Seat, n int) {
	p := &s.Seats[seat]
	p.Goods[Grain] -= n
	p.Goods[Food] += s.BakeFood(seat, n)
}

// checkFences validates one fence-building action: the farmyard rules
// (farmyard.Yard.CheckFences) and the price of that many fences.
func (s *State) checkFences(seat engine.Seat, f farmyard.Fences, pay int, via string) error {
	if err := s.Seats[seat].Yard.CheckFences(f); err != nil {
		var fe *farmyard.FenceError
		if errors.As(err, &fe) {
			return engine.Illegal("%s", fe.Error())
		}
		return engine.Illegal("%v", err)
	}
	_, err := s.priceAt(seat, Purchase{What: OpFences, Via: via, N: f.Len()}, pay)
	return err
}

// checkCard validates building a major or playing a minor or occupation.
func (s *State) checkCard(seat engine.Seat, op Op, id string, pay int, via string) error {
	c := cardOf(id)
	if c == nil {
		return cardErr(id)
	}
	switch op {
	case OpMajor:
		if c.Kind != MajorCard {
			return engine.Illegal("%s is not a major improvement", describeCard(id))
		}
		if s.MajorOwner(id) >= 0 {
			return engine.Illegal("%s is taken", describeCard(id))
		}
	case OpMinor, OpOccupation:
		want := MinorCard
		if op == OpOccupation {
			want = OccupationCard
		}
		if c.Kind != want {
			return engine.Illegal("%s is not a %s", describeCard(id), want)
		}
		if !inHand(s.Seats[seat].Hand, id) {
			return engine.Illegal("%s is not in your hand", describeCard(id))
		}
		if c.Prereq != nil {
			if err := c.Prereq(s, seat); err != nil {
				return engine.Illegal("%s: %v", describeCard(id), err)
			}
		}
	}
	_, err := s.priceAt(seat, Purchase{What: op, Via: via, Card: id}, pay)
	return err
}

// playCard pays for a card and puts it in front of seat (checkCard first).
// A traveling minor then goes to the left neighbour's hand (solo: out of
// the game).
func (s *State) playCard(seat engine.Seat, op Op, id string, pay int, via string) {
	pr, _ := s.priceAt(seat, Purchase{What: op, Via: via, Card: id}, pay)
	s.pay(seat, pr)
	if op != OpMajor {
		s.handOut(seat, id)
	}
	s.play(seat, id, via)
	if c := cardOf(id); c.Traveling {
		p := &s.Seats[seat]
		p.Cards = removeCard(p.Cards, id)
		if s.Players > 1 {
			s.handIn(engine.Seat((int(seat)+1)%s.Players), id)
		}
	}
}

// MajorOwner is the seat owning major improvement id, or -1 while it is on
// the board.
func (s *State) MajorOwner(id string) engine.Seat {
	for i := range s.Seats {
		if s.Has(engine.Seat(i), id) {
			return engine.Seat(i)
		}
	}
	return -1
}

func inHand(hand []string, id string) bool {
	for _, h := range hand {
		if h == id {
			return true
		}
	}
	return false
}

// removeCard is ids without the first id (a new slice).
func removeCard(ids []string, id string) []string {
	for i, c := range ids {
		if c == id {
			return append(ids[:i:i], ids[i+1:]...)
		}
	}
	return ids
}
