package burgundy

import "tabula/engine"

// Effects of placing a tile in the estate (fact sheet §9, §10, §12).

// placed scores and triggers the tile just put on space.
func (s *State) placed(seat engine.Seat, space int) {
	p := &s.Seats[seat]
	t := catalogue[p.Estate[space]]
	s.scoreRegion(seat, space)
	s.scoreColour(seat, t.Colour)
	switch t.Colour {
	case Castle:
		s.push(seat, FrameCastle)
	case Ship:
		s.advanceTrack(seat)
		s.push(seat, FrameShip)
	case Animal:
		p.VP += s.animalPoints(seat, space)
	case Building:
		switch t.Building {
		case Warehouse:
			s.push(seat, FrameWarehouse)
		case Watchtower:
			p.VP += 4
		case CarpentersWorkshop:
			s.push(seat, FrameCarpenter)
		case Church:
			s.push(seat, FrameChurch)
		case Market:
			s.push(seat, FrameMarket)
		case BoardingHouse:
			p.Workers += 4
		case Bank:
			p.Silver += 2
		case CityHall:
			s.push(seat, FrameCityHall)
		}
	}
	// Mines pay at phase end; knowledge tiles act through State.has.
}

func (s *State) push(seat engine.Seat, kind string) {
	s.Pending = append(s.Pending, Frame{Seat: seat, Kind: kind})
}

// scoreRegion: completing a region scores by its size plus the bonus of the
// current phase.
func (s *State) scoreRegion(seat engine.Seat, space int) {
	p := &s.Seats[seat]
	reg := region(estate[space].Region)
	for _, sp := range reg.Spaces {
		if p.Estate[sp] == 0 {
			return
		}
	}
	p.VP += regionPoints[len(reg.Spaces)] + phaseBonus[s.Phase]
}

// scoreColour: the first player to cover every space of a colour takes its
// large bonus tile, the second its small one.
func (s *State) scoreColour(seat engine.Seat, c Colour) {
	p := &s.Seats[seat]
	for sp := 1; sp <= Spaces; sp++ {
		if estate[sp].Colour == c && p.Estate[sp] == 0 {
			return
		}
	}
	for i, large := range []bool{true, false} {
		if s.Bonus[c][i] == -1 {
			s.Bonus[c][i] = int(seat)
			p.VP += BonusPoints(s.Players, large)
			return
		}
	}
}

// animalPoints: the animals of the new tile plus those of the same kind
// already in the same pasture; knowledge 7 adds 1 per scoring tile.
func (s *State) animalPoints(seat engine.Seat, space int) int {
	p := &s.Seats[seat]
	kind := catalogue[p.Estate[space]].Animal
	pts, tiles := 0, 0
	for _, sp := range region(estate[space].Region).Spaces {
		if t := p.Estate[sp]; t != 0 && catalogue[t].Animal == kind {
			pts += catalogue[t].Animals
			tiles++
		}
	}
	if s.has(seat, 7) {
		pts += tiles
	}
	return pts
}

// advanceTrack moves seat's marker one space forward, on top of any markers
// already there. The new order is used from the next round.
func (s *State) advanceTrack(seat engine.Seat) {
	m := &s.Track[seat]
	m.Space++
	h := 0
	for i, o := range s.Track {
		if engine.Seat(i) != seat && o.Space == m.Space && o.Height+1 > h {
			h = o.Height + 1
		}
	}
	m.Height = h
}

// bonusTiles counts the bonus tiles seat holds.
func (s *State) bonusTiles(seat engine.Seat) int {
	n := 0
	for c := 1; c <= 6; c++ {
		for i := 0; i < 2; i++ {
			if s.Bonus[c][i] == int(seat) {
				n++
			}
		}
	}
	return n
}

// endGame adds the final scoring and decides the winner.
func (s *State) endGame() {
	for i := range s.Seats {
		e := s.endScore(engine.Seat(i))
		p := &s.Seats[i]
		p.End = &e
		p.VP += e.Total
	}
	s.Stage = StageOver
	s.Pending = nil
	s.Winners = []engine.Seat{s.ranking()[0]}
}

// endScore is the final scoring of seat as if the game ended now (fact
// sheet §13): goods, silverlings, workers, knowledge tiles 15–26.
func (s *State) endScore(seat engine.Seat) EndScore {
	p := &s.Seats[seat]
	var e EndScore
	for k := 1; k <= 6; k++ {
		e.Goods += p.Goods[k]
	}
	e.Silver = p.Silver
	e.Workers = p.Workers / 2
	e.Knowledge = s.knowledgeEndPoints(seat)
	e.Total = e.Goods + e.Silver + e.Workers + e.Knowledge
	return e
}

func (s *State) knowledgeEndPoints(seat engine.Seat) int {
	p := &s.Seats[seat]
	var buildings [9]int
	var animals [5]bool
	for sp := 1; sp <= Spaces; sp++ {
		if t := p.Estate[sp]; t != 0 {
			buildings[catalogue[t].Building]++
			animals[catalogue[t].Animal] = true
		}
	}
	pts := 0
	for sp := 1; sp <= Spaces; sp++ {
		t := p.Estate[sp]
		if t == 0 {
			continue
		}
		n := catalogue[t].Knowledge
		switch {
		case n == 15:
			for k := 1; k <= 6; k++ {
				if p.Sold[k] > 0 {
					pts += 3
				}
			}
		case n >= 16 && n <= 23:
			pts += 4 * buildings[BuildingKind(n-15)]
		case n == 24:
			for k := Cattle; k <= Chickens; k++ {
				if animals[k] {
					pts += 4
				}
			}
		case n == 25:
			for k := 1; k <= 6; k++ {
				pts += p.Sold[k]
			}
		case n == 26:
			pts += 2 * s.bonusTiles(seat)
		}
	}
	return pts
}

// ranking orders the seats best first: most VP; then fewer empty estate
// spaces; then the player later in the final round's turn order (orig).
func (s *State) ranking() []engine.Seat {
	pos := make([]int, s.Players)
	for i, seat := range s.Order {
		pos[seat] = i
	}
	out := make([]engine.Seat, s.Players)
	for i := range out {
		out[i] = engine.Seat(i)
	}
	better := func(a, b engine.Seat) bool {
		pa, pb := &s.Seats[a], &s.Seats[b]
		if pa.VP != pb.VP {
			return pa.VP > pb.VP
		}
		if ea, eb := pa.emptySpaces(), pb.emptySpaces(); ea != eb {
			return ea < eb
		}
		return pos[a] > pos[b]
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && better(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Ranking is the final standing, best first (valid once the game is over;
// during play it ranks the current VP).
func (s *State) Ranking() []engine.Seat { return s.ranking() }
