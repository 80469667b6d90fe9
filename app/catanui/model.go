package catanui

import (
	"strings"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
)

// model is what the screen may show for one viewer: public facts for all
// seats, and the viewer's own hand only.
type model struct {
	viewer  engine.Seat
	players int
	board   catan.Board
	robber  int
	phase   catan.Phase
	active  int
	turn    int
	dice    [2]int
	bank    catan.Resources
	deck    int

	hand     catan.Resources // the viewer's; zero for spectators
	dev      catan.DevCards  // the viewer's
	playable catan.DevCards  // the viewer's, playable now
	mine     bool            // viewer is a seat

	handCount [catan.MaxPlayers]int
	devCount  [catan.MaxPlayers]int
	knights   [catan.MaxPlayers]int
	points    [catan.MaxPlayers]int // public points (own: with VP cards)
	roadLen   [catan.MaxPlayers]int
	discard   [catan.MaxPlayers]int
	left      [catan.MaxPlayers][3]int // roads, settlements, cities
	rates     [catan.MaxPlayers][catan.NumResources]int

	owner   [catan.NumVertices]int8
	city    [catan.NumVertices]bool
	road    [catan.NumEdges]int8
	longest int
	largest int
	free    int
	offer   catan.Offer
	winner  int
}

// newModel reads the engine's view for the seat on screen: the model is
// built from catan's View only, so nothing private to another seat can
// reach the screen.
func newModel(env *gameui.Env) *model {
	v, ok := env.View.(*catan.View)
	if !ok {
		return nil
	}
	return modelOf(v)
}

var phaseByName = func() map[string]catan.Phase {
	m := map[string]catan.Phase{}
	for p := catan.Phase(0); p < 64; p++ {
		n := p.String()
		if strings.HasPrefix(n, "Phase(") {
			break
		}
		m[n] = p
	}
	return m
}()

var terrainByName = func() map[string]catan.Terrain {
	m := map[string]catan.Terrain{}
	for t := catan.Forest; t <= catan.Desert; t++ {
		m[t.String()] = t
	}
	return m
}()

func modelOf(v *catan.View) *model {
	m := &model{
		viewer: engine.Seat(v.Viewer), players: v.Players, robber: v.Robber,
		phase: phaseByName[v.Phase], active: v.Active, turn: v.Turn,
		dice: v.Dice, bank: v.Bank, deck: v.DevDeck,
		longest: v.LongestRoad, largest: v.LargestArmy, free: v.FreeRoads, winner: v.Winner,
	}
	if m.robber < 0 {
		m.robber = 0
	}
	for _, h := range v.Hexes {
		if h.ID >= 0 && h.ID < catan.NumHexes {
			m.board.Terrain[h.ID] = terrainByName[h.Terrain]
			m.board.Number[h.ID] = int8(h.Number)
		}
	}
	for _, h := range v.Harbors {
		if h.Slot < 0 || h.Slot >= catan.NumHarbors {
			continue
		}
		m.board.Harbor[h.Slot] = catan.AnyHarbor
		if r, ok := catan.ParseResource(h.Resource); ok {
			m.board.Harbor[h.Slot] = catan.Harbor(r)
		}
	}
	for i := range m.owner {
		m.owner[i] = -1
	}
	for _, x := range v.Vertices {
		if x.ID >= 0 && x.ID < catan.NumVertices {
			m.owner[x.ID] = int8(x.Owner)
			m.city[x.ID] = x.City
		}
	}
	for i := range m.road {
		m.road[i] = -1
	}
	for _, e := range v.Edges {
		if e.ID >= 0 && e.ID < catan.NumEdges {
			m.road[e.ID] = int8(e.Owner)
		}
	}
	for _, s := range v.Seats {
		p := s.Seat
		if p < 0 || p >= catan.MaxPlayers {
			continue
		}
		m.handCount[p], m.devCount[p], m.knights[p] = s.Cards, s.DevCards, s.Knights
		m.points[p], m.roadLen[p] = s.Points, s.RoadLength
		if s.TotalPoints != nil {
			m.points[p] = *s.TotalPoints
		}
		if s.Prompt.Code == "discard" {
			m.discard[p] = s.Prompt.Count
		}
		m.left[p] = [3]int{s.RoadsLeft, s.SettlementsLeft, s.CitiesLeft}
		m.rates[p] = [catan.NumResources]int(s.Rates[:catan.NumResources])
		if p == v.Viewer && s.Hand != nil {
			m.mine = true
			m.hand = *s.Hand
			if s.Dev != nil {
				m.dev = *s.Dev
			}
			if s.Playable != nil {
				m.playable = *s.Playable
			}
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
