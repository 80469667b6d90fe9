package burgundy

import "tabula/engine"

// Legal enumerates every action seat may take now. Each die action names
// the die face it uses and the exact workers it spends; two dice showing the
// same face give one set of options.
func (s *State) Legal(seat engine.Seat) []engine.Action {
	var buf [listBuffer]Action
	acts := s.options(seat, buf[:0])
	if len(acts) == 0 {
		return nil
	}
	out := make([]engine.Action, len(acts))
	for i, a := range acts {
		out[i] = a
	}
	return out
}

// listBuffer is room on the stack for a list of options: a turn rarely
// offers more (a longer list moves to the heap).
const listBuffer = 128

// options appends the actions of Legal to out, unboxed.
func (s *State) options(seat engine.Seat, out []Action) []Action {
	if !s.Status().Decides(seat) {
		return out
	}
	if n := len(s.Pending); n > 0 {
		f := s.Pending[n-1]
		out = s.frameOptions(f, out)
		if optionalFrame(f.Kind) {
			out = append(out, Pass())
		}
		return out
	}
	return s.turnOptions(seat, out)
}

// LegalCount is len(Legal(seat)) without boxing the list (it implements
// engine.IndexedLegal, for random playouts and simulations).
func (s *State) LegalCount(seat engine.Seat) int {
	var buf [listBuffer]Action
	return len(s.options(seat, buf[:0]))
}

// LegalAt is Legal(seat)[i], or nil when i is out of range: the list made
// again on the stack, and only action i boxed.
func (s *State) LegalAt(seat engine.Seat, i int) engine.Action {
	var buf [listBuffer]Action
	acts := s.options(seat, buf[:0])
	if i < 0 || i >= len(acts) {
		return nil
	}
	return acts[i]
}

// Options is Legal with the concrete type, for the UI and bots.
func (s *State) Options(seat engine.Seat) []Action {
	out := s.options(seat, nil)
	if len(out) == 0 {
		return nil
	}
	return out
}

// turnOptions appends the actions of seat's turn to out.
func (s *State) turnOptions(seat engine.Seat, out []Action) []Action {
	p := &s.Seats[seat]
	k := s.knows(seat)
	var spots [8]spaceSet // per storage tile, when it has no more
	for j, t := range p.Storage {
		if j < len(spots) {
			spots[j] = s.placeSpots(seat, t)
		}
	}
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
		for j, t := range p.Storage {
			free := k.freeFor(catalogue[t])
			r := spots[j%len(spots)]
			if j >= len(spots) {
				r = s.placeSpots(seat, t)
			}
			for sp, r := r.next(); sp != 0; sp, r = r.next() {
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

// frameOptions appends the actions that resolve pending decision f
// (without Pass) to out. None means the decision lapses.
func (s *State) frameOptions(f Frame, out []Action) []Action {
	seat := f.Seat
	p := &s.Seats[seat]
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
			r := s.placeSpots(seat, t)
			for sp, r := r.next(); sp != 0; sp, r = r.next() {
				out = append(out, Place(0, 0, t, sp))
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
