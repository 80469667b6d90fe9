package burgundy

import "tabula/engine"

// Legal enumerates every action seat may take now. Each die action names
// the die face it uses and the exact workers it spends; two dice showing the
// same face give one set of options.
func (s *State) Legal(seat engine.Seat) []engine.Action {
	st := s.Status()
	if !st.Decides(seat) {
		return nil
	}
	var acts []Action
	if n := len(s.Pending); n > 0 {
		f := s.Pending[n-1]
		acts = s.frameOptions(f)
		if optionalFrame(f.Kind) {
			acts = append(acts, Pass())
		}
	} else {
		acts = s.turnOptions(seat)
	}
	out := make([]engine.Action, len(acts))
	for i, a := range acts {
		out[i] = a
	}
	return out
}

// Options is Legal with the concrete type, for the UI and bots.
func (s *State) Options(seat engine.Seat) []Action {
	var out []Action
	for _, a := range s.Legal(seat) {
		out = append(out, a.(Action))
	}
	return out
}

func (s *State) turnOptions(seat engine.Seat) []Action {
	p := &s.Seats[seat]
	k := s.knows(seat)
	out := make([]Action, 0, 64)
	for i := 0; i < 2; i++ {
		face := p.Dice[i]
		if p.Used[i] || (i == 1 && !p.Used[0] && p.Dice[0] == face) {
			continue
		}
		free12 := k.has(12)
		for d := 1; d <= 6; d++ {
			w := k.need(face, d, free12)
			if w > p.Workers {
				continue
			}
			for _, sp := range s.Depots[d].Spaces {
				if sp.Tile != 0 {
					out = append(out, Take(face, w, d, sp.Tile))
				}
			}
		}
		for _, t := range p.Storage {
			free := k.freeFor(catalogue[t])
			for sp := 1; sp <= Spaces; sp++ {
				if s.placeable(seat, t, sp) != placeOK {
					continue
				}
				if w := k.need(face, estate[sp].Number, free); w <= p.Workers {
					out = append(out, Place(face, w, t, sp))
				}
			}
		}
		for g := 1; g <= 6; g++ {
			if p.Goods[g] == 0 {
				continue
			}
			if w := k.need(face, g, false); w <= p.Workers {
				out = append(out, Sell(face, w, g))
			}
		}
		out = append(out, TakeWorkers(face))
	}
	if !p.Bought && p.Silver >= 2 {
		for _, t := range s.Black {
			out = append(out, Buy(0, t))
		}
		if k.has(6) {
			for d := 1; d <= 6; d++ {
				for _, sp := range s.Depots[d].Spaces {
					if sp.Tile != 0 {
						out = append(out, Buy(d, sp.Tile))
					}
				}
			}
		}
	}
	if p.Used[0] && p.Used[1] {
		out = append(out, EndTurn())
	}
	return out
}

// frameOptions lists the actions that resolve pending decision f (without
// Pass). An empty list means the decision lapses.
func (s *State) frameOptions(f Frame) []Action {
	seat := f.Seat
	p := &s.Seats[seat]
	var out []Action
	takes := func(allowed []Colour) {
		for d := 1; d <= 6; d++ {
			for _, sp := range s.Depots[d].Spaces {
				if sp.Tile == 0 {
					continue
				}
				ok := allowed == nil
				for _, c := range allowed {
					ok = ok || catalogue[sp.Tile].Colour == c
				}
				if ok {
					out = append(out, Take(0, 0, d, sp.Tile))
				}
			}
		}
	}
	places := func() {
		for _, t := range p.Storage {
			for sp := 1; sp <= Spaces; sp++ {
				if s.placeable(seat, t, sp) == placeOK {
					out = append(out, Place(0, 0, t, sp))
				}
			}
		}
	}
	sells := func() {
		for k := 1; k <= 6; k++ {
			if p.Goods[k] > 0 {
				out = append(out, Sell(0, 0, k))
			}
		}
	}
	switch f.Kind {
	case FrameCastle:
		takes(nil)
		places()
		sells()
		out = append(out, TakeWorkers(0))
	case FrameWarehouse:
		sells()
	case FrameCarpenter, FrameChurch, FrameMarket:
		takes(frameColours(f.Kind))
	case FrameCityHall:
		places()
	case FrameShip, FrameShipAdjacent:
		for d := 1; d <= 6; d++ {
			if f.Kind == FrameShipAdjacent && !adjacentDepots(f.Depot, d) {
				continue
			}
			if depotGoods(&s.Depots[d]) > 0 {
				out = append(out, ShipGoods(d))
			}
		}
	case FrameShipGoods:
		if p.goodsKinds() < 3 {
			for k := 1; k <= 6; k++ {
				if s.Depots[f.Depot].Goods[k] > 0 && p.Goods[k] == 0 {
					out = append(out, TakeGoodsKind(k))
				}
			}
		}
	case FrameDiscard:
		for _, t := range p.Storage {
			if t != f.Keep {
				out = append(out, Discard(t))
			}
		}
	}
	return out
}
