package burgundy

import (
	"tabula/engine"
)

// A player's turn (fact sheet §7): two die actions, workers changing dice,
// the once-per-turn purchase, and the pending decisions that tile effects
// open. Apply checks an action completely (check) before changing anything
// (perform), so a refused action leaves the state untouched.

// Apply performs seat's action or returns an error and changes nothing.
func (s *State) Apply(seat engine.Seat, ea engine.Action) error {
	if err := engine.CheckTurn(s.Status(), seat); err != nil {
		return err
	}
	a, err := asAction(ea)
	if err != nil {
		return err
	}
	if err := s.check(seat, a); err != nil {
		return err
	}
	s.perform(seat, a)
	s.settle()
	return nil
}

// dieDistance is the number of ±1 steps between two faces, 6↔1 wrapping.
func dieDistance(face, value int) int {
	d := face - value
	if d < 0 {
		d = -d
	}
	if d > 3 {
		d = 6 - d
	}
	return d
}

// need is the fewest workers that turn die face into value. free is a free
// ±1 from knowledge tiles 9–12; knowledge 8 lets each worker move 1 or 2.
func (s *State) need(seat engine.Seat, face, value int, free bool) int {
	return s.knows(seat).need(face, value, free)
}

func (k knowledgeSet) need(face, value int, free bool) int {
	d := dieDistance(face, value)
	if free && d > 0 {
		d--
	}
	if k.has(8) {
		return (d + 1) / 2
	}
	return d
}

// freeFor says whether placing tile t gets knowledge 9/10/11's free ±1.
func (s *State) freeFor(seat engine.Seat, t TileInfo) bool { return s.knows(seat).freeFor(t) }

func (k knowledgeSet) freeFor(t TileInfo) bool {
	switch t.Colour {
	case Building:
		return k.has(9)
	case Ship, Animal:
		return k.has(10)
	case Castle, Mine, Knowledge:
		return k.has(11)
	}
	return false
}

// dieIndex is the index of an unused die showing face, or -1.
func (p *Player) dieIndex(face int) int {
	for i := 0; i < 2; i++ {
		if !p.Used[i] && p.Dice[i] == face {
			return i
		}
	}
	return -1
}

func inStorage(p *Player, tile int) int {
	for i, t := range p.Storage {
		if t == tile {
			return i
		}
	}
	return -1
}

// depotSlot finds tile on numbered depot d.
func (s *State) depotSlot(d, tile int) int {
	if d < 1 || d > 6 || tile == 0 {
		return -1
	}
	for i, sp := range s.Depots[d].Spaces {
		if sp.Tile == tile {
			return i
		}
	}
	return -1
}

func (s *State) blackSlot(tile int) int {
	for i, t := range s.Black {
		if t == tile && t != 0 {
			return i
		}
	}
	return -1
}

// Reasons a tile cannot go on a space (placeable), kept as codes so that
// enumerating options formats no errors.
const (
	placeOK = iota
	placeNoSpace
	placeCovered
	placeColour
	placeDetached
	placeDuplicate
)

// placeable checks colour, emptiness, adjacency and the one-building-per-
// city rule (the die number is checked by the caller).
func (s *State) placeable(seat engine.Seat, tile, space int) int {
	if space < 1 || space > Spaces {
		return placeNoSpace
	}
	p := &s.Seats[seat]
	sp := &estate[space]
	t := &catalogue[tile]
	switch {
	case p.Estate[space] != 0:
		return placeCovered
	case sp.Colour != t.Colour:
		return placeColour
	}
	touching := false
	for _, n := range sp.Neighbours {
		if p.Estate[n] != 0 {
			touching = true
			break
		}
	}
	if !touching {
		return placeDetached
	}
	if t.Colour == Building && !s.has(seat, 1) {
		for _, o := range regions[sp.Region-1].Spaces {
			if u := p.Estate[o]; u != 0 && catalogue[u].Building == t.Building {
				return placeDuplicate
			}
		}
	}
	return placeOK
}

// canPlace is placeable with a reason a player can read.
func (s *State) canPlace(seat engine.Seat, tile, space int) error {
	switch s.placeable(seat, tile, space) {
	case placeNoSpace:
		return engine.Illegal("no estate space %d", space)
	case placeCovered:
		return engine.Illegal("space %d is already covered", space)
	case placeColour:
		return engine.Illegal("a %s tile cannot go on a %s space", Tile(tile).Colour, estate[space].Colour)
	case placeDetached:
		return engine.Illegal("space %d does not touch your estate", space)
	case placeDuplicate:
		return engine.Illegal("this city already has a %s", Tile(tile).Building)
	}
	return nil
}

func (s *State) canBuy(seat engine.Seat) bool {
	p := &s.Seats[seat]
	if p.Bought || p.Silver < 2 {
		return false
	}
	if len(s.Black) > 0 {
		return true
	}
	if s.has(seat, 6) {
		for d := 1; d <= 6; d++ {
			for _, sp := range s.Depots[d].Spaces {
				if sp.Tile != 0 {
					return true
				}
			}
		}
	}
	return false
}

// check validates a against the decision awaited from seat.
func (s *State) check(seat engine.Seat, a Action) error {
	if n := len(s.Pending); n > 0 {
		return s.checkFrame(s.Pending[n-1], a)
	}
	return s.checkTurn(seat, a)
}

func (s *State) checkTurn(seat engine.Seat, a Action) error {
	p := &s.Seats[seat]
	switch a.Name {
	case ActTake, ActPlace, ActSell, ActWorkers:
		if a.Die == 0 {
			return engine.Illegal("%s needs a die", a.Name)
		}
		if p.dieIndex(a.Die) < 0 {
			return engine.Illegal("you have no unused die showing %d", a.Die)
		}
		switch a.Name {
		case ActWorkers:
			if a.Workers != 0 || a.Value != 0 || a.Tile != 0 || a.Space != 0 {
				return engine.Illegal("taking workers takes no value, tile or space")
			}
			return nil
		case ActTake:
			if err := s.checkTake(a, nil); err != nil {
				return err
			}
			return s.checkWorkers(seat, a, s.has(seat, 12))
		case ActPlace:
			if err := s.checkPlace(seat, a); err != nil {
				return err
			}
			return s.checkWorkers(seat, a, s.freeFor(seat, Tile(a.Tile)))
		case ActSell:
			if err := s.checkSell(seat, a); err != nil {
				return err
			}
			return s.checkWorkers(seat, a, false)
		}
	case ActBuy:
		if a.Die != 0 || a.Workers != 0 || a.Space != 0 {
			return engine.Illegal("a purchase uses no die")
		}
		if p.Bought {
			return engine.Illegal("you have already bought a tile this turn")
		}
		if p.Silver < 2 {
			return engine.Illegal("a purchase costs 2 silverlings, you have %d", p.Silver)
		}
		if a.Value == 0 {
			if s.blackSlot(a.Tile) < 0 {
				return engine.Illegal("tile %d is not on the black depot", a.Tile)
			}
			return nil
		}
		if !s.has(seat, 6) {
			return engine.Illegal("buying from a numbered depot needs knowledge tile 6")
		}
		if s.depotSlot(a.Value, a.Tile) < 0 {
			return engine.Illegal("tile %d is not on depot %d", a.Tile, a.Value)
		}
		return nil
	case ActEndTurn:
		if a != EndTurn() {
			return engine.Illegal("end-turn takes no values")
		}
		if !p.Used[0] || !p.Used[1] {
			return engine.Illegal("use both dice before ending the turn")
		}
		return nil
	}
	return engine.Illegal("%s is not possible now", a.Name)
}

// checkTake: Value is a numbered depot holding Tile, of an allowed colour.
func (s *State) checkTake(a Action, allowed []Colour) error {
	if a.Space != 0 {
		return engine.Illegal("taking a tile names no estate space")
	}
	if a.Value < 1 || a.Value > 6 {
		return engine.Illegal("take from depot 1–6")
	}
	if s.depotSlot(a.Value, a.Tile) < 0 {
		return engine.Illegal("tile %d is not on depot %d", a.Tile, a.Value)
	}
	if allowed != nil {
		c := Tile(a.Tile).Colour
		for _, ok := range allowed {
			if c == ok {
				return nil
			}
		}
		return engine.Illegal("a %s tile cannot be taken now", c)
	}
	return nil
}

func (s *State) checkPlace(seat engine.Seat, a Action) error {
	if inStorage(&s.Seats[seat], a.Tile) < 0 {
		return engine.Illegal("tile %d is not in your storage", a.Tile)
	}
	if err := s.canPlace(seat, a.Tile, a.Space); err != nil {
		return err
	}
	if a.Value != estate[a.Space].Number {
		return engine.Illegal("space %d shows %d, not %d", a.Space, estate[a.Space].Number, a.Value)
	}
	return nil
}

func (s *State) checkSell(seat engine.Seat, a Action) error {
	if a.Tile != 0 || a.Space != 0 {
		return engine.Illegal("selling names no tile or space")
	}
	if a.Value < 1 || a.Value > 6 || s.Seats[seat].Goods[a.Value] == 0 {
		return engine.Illegal("you have no goods of kind %d", a.Value)
	}
	return nil
}

func (s *State) checkWorkers(seat engine.Seat, a Action, free bool) error {
	w := s.need(seat, a.Die, a.Value, free)
	if a.Workers != w {
		return engine.Illegal("die %d becomes %d with %d workers, not %d", a.Die, a.Value, w, a.Workers)
	}
	if w > s.Seats[seat].Workers {
		return engine.Illegal("you need %d workers and have %d", w, s.Seats[seat].Workers)
	}
	return nil
}

// checkFrame validates a against the pending decision f.
func (s *State) checkFrame(f Frame, a Action) error {
	seat := f.Seat
	p := &s.Seats[seat]
	if a.Die != 0 || a.Workers != 0 {
		return engine.Illegal("the %s decision uses no die", f.Kind)
	}
	if a.Name == ActPass {
		if a != Pass() {
			return engine.Illegal("pass takes no values")
		}
		if !optionalFrame(f.Kind) {
			return engine.Illegal("the %s decision cannot be declined", f.Kind)
		}
		return nil
	}
	switch f.Kind {
	case FrameCastle:
		switch a.Name {
		case ActTake:
			return s.checkTake(a, nil)
		case ActPlace:
			return s.checkPlace(seat, a)
		case ActSell:
			return s.checkSell(seat, a)
		case ActWorkers:
			if a != TakeWorkers(0) {
				return engine.Illegal("taking workers takes no values")
			}
			return nil
		}
	case FrameWarehouse:
		if a.Name == ActSell {
			return s.checkSell(seat, a)
		}
	case FrameCarpenter, FrameChurch, FrameMarket:
		if a.Name == ActTake {
			return s.checkTake(a, frameColours(f.Kind))
		}
	case FrameCityHall:
		if a.Name == ActPlace {
			if !cityHallIgnoresNumber {
				return engine.Illegal("city hall placement needs a die number")
			}
			return s.checkPlace(seat, a)
		}
	case FrameShip, FrameShipAdjacent:
		if a.Name == ActShip {
			if a.Tile != 0 || a.Space != 0 || a.Value < 1 || a.Value > 6 {
				return engine.Illegal("a ship takes the goods of depot 1–6")
			}
			if f.Kind == FrameShipAdjacent && !adjacentDepots(f.Depot, a.Value) {
				return engine.Illegal("depot %d is not next to depot %d", a.Value, f.Depot)
			}
			if depotGoods(&s.Depots[a.Value]) == 0 {
				return engine.Illegal("depot %d has no goods", a.Value)
			}
			return nil
		}
	case FrameShipGoods:
		if a.Name == ActGoods {
			if a.Tile != 0 || a.Space != 0 || a.Value < 1 || a.Value > 6 {
				return engine.Illegal("choose a goods kind 1–6")
			}
			if s.Depots[f.Depot].Goods[a.Value] == 0 {
				return engine.Illegal("depot %d has no goods of kind %d", f.Depot, a.Value)
			}
			if p.Goods[a.Value] > 0 || p.goodsKinds() >= 3 {
				return engine.Illegal("goods of kind %d do not fit in your storage", a.Value)
			}
			return nil
		}
	case FrameDiscard:
		if a.Name == ActDiscard {
			if a.Value != 0 || a.Space != 0 {
				return engine.Illegal("discard names only a tile")
			}
			if inStorage(p, a.Tile) < 0 {
				return engine.Illegal("tile %d is not in your storage", a.Tile)
			}
			if a.Tile == f.Keep {
				return engine.Illegal("discard one of the tiles you already had")
			}
			return nil
		}
	}
	return engine.Illegal("%s is not possible now: %s", a.Name, framePrompt(f.Kind))
}

// frameColours are the colours a building's take follow-up allows.
func frameColours(kind string) []Colour {
	switch kind {
	case FrameCarpenter:
		return []Colour{Building}
	case FrameChurch:
		return []Colour{Mine, Knowledge, Castle}
	case FrameMarket:
		return []Colour{Ship, Animal}
	}
	return nil
}

// adjacentDepots: the six numbered depots form a ring around the black depot.
func adjacentDepots(a, b int) bool {
	d := a - b
	return d == 1 || d == -1 || d == 5 || d == -5
}

func depotGoods(d *Depot) int {
	n := 0
	for k := 1; k <= 6; k++ {
		n += d.Goods[k]
	}
	return n
}

// perform carries out a checked action.
func (s *State) perform(seat engine.Seat, a Action) {
	if n := len(s.Pending); n > 0 {
		f := s.Pending[n-1]
		if f.Kind == FrameShipGoods {
			// The frame stays until no more kinds fit; settle drops it.
			s.moveGoods(seat, f.Depot, a.Value)
			return
		}
		s.Pending = s.Pending[:n-1]
		if a.Name == ActPass {
			return
		}
		if a.Name == ActShip {
			if f.Kind == FrameShip && s.has(seat, 5) {
				s.Pending = append(s.Pending, Frame{Seat: seat, Kind: FrameShipAdjacent, Depot: a.Value})
			}
			s.shipGoods(seat, a.Value)
			return
		}
	}
	p := &s.Seats[seat]
	if a.Die != 0 {
		p.Used[p.dieIndex(a.Die)] = true
		p.Workers -= a.Workers
	}
	switch a.Name {
	case ActTake:
		d := &s.Depots[a.Value]
		d.Spaces[s.depotSlot(a.Value, a.Tile)].Tile = 0
		s.store(seat, a.Tile)
	case ActPlace:
		i := inStorage(p, a.Tile)
		p.Storage = append(p.Storage[:i], p.Storage[i+1:]...)
		p.Estate[a.Space] = a.Tile
		s.placed(seat, a.Space)
	case ActSell:
		s.sell(seat, a.Value)
	case ActWorkers:
		if s.has(seat, 14) {
			p.Workers += 4
		} else {
			p.Workers += 2
		}
		if s.has(seat, 13) {
			p.Silver++
		}
	case ActBuy:
		p.Silver -= 2
		p.Bought = true
		if a.Value == 0 {
			i := s.blackSlot(a.Tile)
			s.Black = append(s.Black[:i], s.Black[i+1:]...)
		} else {
			s.Depots[a.Value].Spaces[s.depotSlot(a.Value, a.Tile)].Tile = 0
		}
		s.store(seat, a.Tile)
	case ActDiscard:
		i := inStorage(p, a.Tile)
		p.Storage = append(p.Storage[:i], p.Storage[i+1:]...)
		s.Removed = append(s.Removed, a.Tile)
	case ActEndTurn:
		s.endTurn()
	}
}

// store puts a tile into hex storage; a fourth tile asks for a discard of
// one of the three older ones (orig: an old tile must leave the game).
func (s *State) store(seat engine.Seat, tile int) {
	p := &s.Seats[seat]
	p.Storage = append(p.Storage, tile)
	if len(p.Storage) > 3 {
		s.Pending = append(s.Pending, Frame{Seat: seat, Kind: FrameDiscard, Keep: tile})
	}
}

// sell: all goods of one kind; 1 silverling per sale (2 with knowledge 3),
// 2/3/4 VP per tile, +1 worker with knowledge 4.
func (s *State) sell(seat engine.Seat, kind int) {
	p := &s.Seats[seat]
	n := p.Goods[kind]
	p.Goods[kind] = 0
	p.Sold[kind] += n
	p.VP += n * GoodsPoints(s.Players)
	if s.has(seat, 3) {
		p.Silver += 2
	} else {
		p.Silver++
	}
	if s.has(seat, 4) {
		p.Workers++
	}
}

// shipGoods takes every kind already held, and the new kinds if they all
// fit; otherwise the player picks the new kinds that fit (ship-goods).
func (s *State) shipGoods(seat engine.Seat, depot int) {
	p := &s.Seats[seat]
	d := &s.Depots[depot]
	newKinds := 0
	for k := 1; k <= 6; k++ {
		if d.Goods[k] == 0 {
			continue
		}
		if p.Goods[k] > 0 {
			s.moveGoods(seat, depot, k)
		} else {
			newKinds++
		}
	}
	free := 3 - p.goodsKinds()
	if newKinds == 0 || free == 0 {
		return
	}
	if newKinds <= free {
		for k := 1; k <= 6; k++ {
			if d.Goods[k] > 0 {
				s.moveGoods(seat, depot, k)
			}
		}
		return
	}
	s.Pending = append(s.Pending, Frame{Seat: seat, Kind: FrameShipGoods, Depot: depot})
}

func (s *State) moveGoods(seat engine.Seat, depot, kind int) {
	s.Seats[seat].Goods[kind] += s.Depots[depot].Goods[kind]
	s.Depots[depot].Goods[kind] = 0
}
