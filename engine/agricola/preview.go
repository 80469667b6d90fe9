package agricola

import (
	"errors"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// Live previews for the UI: pure functions of the state that change
// nothing and use only what seat's view shows. A player clicking fence
// edges or moving animals sees, before sending anything, what the engine
// will say.

// FencePreview is what building a set of fences would give.
type FencePreview struct {
	Valid bool `json:"valid"`
	// Reason says why not: a farmyard reason (farmyard.NotPasture, …) or
	// "price" (the fences cannot be paid); Edge is the fence concerned
	// (0 when about the whole); Message is an English sentence.
	Reason  string        `json:"reason,omitempty"`
	Edge    farmyard.Edge `json:"edge,omitempty"`
	Message string        `json:"message,omitempty"`
	Fences  int           `json:"fences"` // new fences
	// Pastures after building (capacity with card effects).
	Pastures []PastureView `json:"pastures"`
	// Prices are the ways to pay for that many fences now; Pay is the
	// first affordable one (-1 if none).
	Prices []Price `json:"prices"`
	Pay    int     `json:"pay"`
}

// PreviewFences is the outcome of seat building the fences add in the
// fence-building action now pending (or one on the Fencing space when
// none is): the pastures it makes, its price, and whether Apply would take
// it (with the reason when not).
func (s *State) PreviewFences(seat engine.Seat, add farmyard.Fences) FencePreview {
	via := "fencing"
	if f := s.top(); f != nil && f.Kind == FrameMenu && f.Seat == seat && f.Ops&OpFences != 0 {
		via = f.Via
	}
	y := s.Seats[seat].Yard
	pv := FencePreview{Fences: add.Len(), Pay: -1, Valid: true}
	if err := y.CheckFences(add); err != nil {
		pv.Valid, pv.Message = false, err.Error()
		var fe *farmyard.FenceError
		if errors.As(err, &fe) {
			pv.Reason, pv.Edge = fe.Reason, fe.Edge
		}
	}
	after := s.clone()
	after.Seats[seat].Yard.Fences |= add & farmyard.AllEdges
	for _, h := range after.Holders(seat) {
		if h.Where == farmyard.InPasture {
			pv.Pastures = append(pv.Pastures, PastureView{Cells: h.Cells, Stables: (h.Cells & y.Stables).Len(), Capacity: h.Cap})
		}
	}
	if add != 0 {
		pv.Prices = s.Cost(seat, Purchase{What: OpFences, Via: via, N: add.Len()})
		for i, pr := range pv.Prices {
			if s.affordable(seat, pr) {
				pv.Pay = i
				break
			}
		}
		if pv.Pay < 0 && pv.Valid {
			pv.Valid, pv.Reason, pv.Message = false, "price", "not enough to pay for the fences"
		}
	}
	return pv
}

// AnimalPreview is how a herd would live on a farm.
type AnimalPreview struct {
	Fits     bool              `json:"fits"`
	Holders  []farmyard.Holder `json:"holders"`
	Placed   []farmyard.Herd   `json:"placed,omitempty"` // one arrangement when it fits
	Capacity int               `json:"capacity"`         // room in all (of any kind)
	// Keeps are the largest herds no larger than h that fit (what Legal
	// offers when animals must be released).
	Keeps []farmyard.Herd `json:"keeps"`
}

// PreviewAnimals is whether seat's farm houses herd h, with one
// arrangement, and the largest herds it could keep instead.
func (s *State) PreviewAnimals(seat engine.Seat, h farmyard.Herd) AnimalPreview {
	hs := s.Holders(seat)
	ap := AnimalPreview{Holders: hs, Keeps: farmyard.Keeps(hs, h)}
	ap.Placed, ap.Fits = farmyard.Arrange(hs, h)
	for _, x := range hs {
		ap.Capacity += x.Cap
	}
	return ap
}

// CheckArrangement validates an arrangement the player made by hand:
// placed[i] are the animals in Holders(seat)[i]. Animals move freely, so
// the engine keeps only the totals; this is for the UI's drag and drop.
func (s *State) CheckArrangement(seat engine.Seat, placed []farmyard.Herd) error {
	return farmyard.Check(s.Holders(seat), placed)
}

// Targets is where seat could carry out op now on its farmyard (the cells
// to highlight): rooms, stables, plowing, or the empty fields for sowing.
// Costs are not checked here (Cost and Options do that).
func (s *State) Targets(seat engine.Seat, op Op) farmyard.Set {
	switch op {
	case OpRoom:
		return s.roomCells(seat)
	case OpStable:
		return s.stableCells(seat)
	case OpPlow:
		return s.plowCells(seat)
	case OpSow:
		p := &s.Seats[seat]
		var out farmyard.Set
		for _, c := range p.Yard.Fields.Cells() {
			if p.Crops[c-1].N == 0 {
				out |= farmyard.Of(c)
			}
		}
		return out
	}
	return 0
}
