package catanui

import (
	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
)

// model is what the screen may show for one viewer, read from the
// engine's View alone (so nothing private to another seat can reach the
// screen): public facts for all seats, and the viewer's own hand only.
// Sizes come from the view, so an expansion's board (more intersections
// and paths) and cards (commodities, gold) draw with the same code.
type model struct {
	v      *catan.View
	viewer engine.Seat
	phase  catan.Phase // the view's Step
	prompt string      // what the viewer is asked to do (catan.Prompt codes)
	over   bool
	robber int // -1: none

	kinds    []catan.Resource // card kinds in play, in kind order
	hand     catan.Resources  // the viewer's; zero for spectators
	dev      catan.DevCards   // the viewer's
	playable catan.DevCards   // the viewer's, playable now
	mine     bool             // viewer is a seat

	owner []int8 // building owner by intersection, -1 none
	city  []bool
	road  []int8 // road owner by path, -1 none
	offer catan.Offer
}

// newModel reads the engine's view for the seat on screen.
func newModel(env *gameui.Env) *model {
	v, ok := env.View.(*catan.View)
	if !ok {
		return nil
	}
	return modelOf(v)
}

func modelOf(v *catan.View) *model {
	m := &model{v: v, viewer: engine.Seat(v.Viewer), phase: v.Step, prompt: v.Prompt.Code,
		over: v.Winner >= 0, robber: v.Robber}
	if m.robber >= len(v.Hexes) {
		m.robber = -1
	}
	for _, name := range v.Cards {
		if r, ok := catan.ParseResource(name); ok {
			m.kinds = append(m.kinds, r)
		}
	}
	m.owner = make([]int8, len(v.Vertices))
	m.city = make([]bool, len(v.Vertices))
	for i, x := range v.Vertices {
		m.owner[i], m.city[i] = int8(x.Owner), x.City
	}
	m.road = make([]int8, len(v.Edges))
	for i, e := range v.Edges {
		m.road[i] = int8(e.Owner)
	}
	if p := v.Viewer; p >= 0 && p < len(v.Seats) && v.Seats[p].Hand != nil {
		s := v.Seats[p]
		m.mine, m.hand = true, *s.Hand
		if s.Dev != nil {
			m.dev = *s.Dev
		}
		if s.Playable != nil {
			m.playable = *s.Playable
		}
	}
	if o := v.Offer; o != nil {
		m.offer.Open = true
		m.offer.Give, m.offer.Get = o.Give, o.Get
		for p, a := range o.Answers {
			if p >= catan.MaxPlayers {
				break
			}
			switch a {
			case "accepted":
				m.offer.Answer[p] = catan.Accepted
			case "rejected":
				m.offer.Answer[p] = catan.Rejected
			case "countered":
				m.offer.Answer[p] = catan.Countered
			}
			if p < len(o.Counters) && o.Counters[p] != nil {
				m.offer.Counter[p] = *o.Counters[p]
			}
		}
	}
	return m
}

// seat is seat p's public standing.
func (m *model) seat(p int) catan.SeatView { return m.v.Seats[p] }

// points is p's points as the viewer may see them (its own with hidden
// cards, everyone's at the end).
func (m *model) points(p int) int {
	if s := m.seat(p); s.TotalPoints != nil {
		return *s.TotalPoints
	}
	return m.seat(p).Points
}

// discard is how many cards p has to discard now.
func (m *model) discard(p int) int {
	if pr := m.seat(p).Prompt; pr.Code == "discard" {
		return pr.Count
	}
	return 0
}

// active is whose turn it is.
func (m *model) active() int { return m.v.Active }

// turn reports whether the game is in a regular turn's open part (rolling,
// trading and building, or a trade under way), where the build and trade
// buttons show.
func (m *model) turn() bool {
	switch m.phase {
	case catan.PhaseRoll, catan.PhaseMain, catan.PhaseTradeOffer, catan.PhaseTradeConfirm:
		return true
	}
	return false
}
