package catan

import (
	"tabula/engine"
	"tabula/engine/hexgrid"
)

// View is everything one seat may see (State.View returns a *View). All
// ids are those of Island. Seats are 0 … Players-1; -1 means none.
//
// Hidden: other seats' resource hands (only counts), other seats'
// development cards (only counts), the order of the development deck.
// Hidden Victory Point cards are shown to their owner, and to everyone
// once the game is over.
type View struct {
	Viewer  int    `json:"viewer"` // the seat this view is for; -1 spectator
	Players int    `json:"players"`
	Phase   string `json:"phase"`  // Phase name ("roll", "main", …)
	Active  int    `json:"active"` // whose turn it is (the founder while founding)
	First   int    `json:"first"`  // starting player, -1 until rolled
	Turn    int    `json:"turn"`   // regular turn number, 0 while setting up
	// Deciders are the seats that may act now; Chance names the chance
	// event awaited instead ("board", "start-roll", "dice", "steal",
	// "draw"), if any.
	Deciders []int  `json:"deciders"`
	Chance   string `json:"chance,omitempty"`
	// StartRoll is each seat's latest starting roll (0 = none).
	StartRoll []int     `json:"startRoll"`
	Dice      [2]int    `json:"dice"` // last roll; 0 0 before the first
	Robber    int       `json:"robber"`
	Bank      Resources `json:"bank"`
	DevDeck   int       `json:"devDeck"` // cards left in the development deck

	Hexes    []HexView    `json:"hexes"`
	Harbors  []HarborView `json:"harbors"`
	Vertices []VertexView `json:"vertices"`
	Edges    []EdgeView   `json:"edges"`
	Seats    []SeatView   `json:"seats"`

	LongestRoad int `json:"longestRoad"` // holder, -1 when set aside
	LargestArmy int `json:"largestArmy"`
	Winner      int `json:"winner"`
	// FreeRoads is how many Road Building roads remain to place.
	FreeRoads int `json:"freeRoads,omitempty"`
	// Offer is the active player's pending domestic trade offer.
	Offer *OfferView `json:"offer,omitempty"`
	// Prompt is what the viewer must do now (same as Seats[Viewer].Prompt).
	Prompt Prompt `json:"prompt"`
	// Options in force.
	StrictPhases bool `json:"strictPhases,omitempty"`
}

// HexView is one land hex. Q and R are axial coordinates: place it with
// hexgrid.Layout.Center(hexgrid.Hex{Q, R}).
type HexView struct {
	ID       int    `json:"id"`
	Q        int    `json:"q"`
	R        int    `json:"r"`
	Terrain  string `json:"terrain"` // "forest", "pasture", "fields", "hills", "mountains", "desert"
	Resource string `json:"resource,omitempty"`
	Number   int    `json:"number,omitempty"` // 0 on the desert
	Pips     int    `json:"pips,omitempty"`   // dots under the number (1 … 5)
	Robber   bool   `json:"robber,omitempty"`
	// Vertices are the corner intersections, clockwise from the top.
	Vertices [6]int `json:"vertices"`
}

// HarborView is one harbour: rate Rate for Resource ("" = any resource,
// 3:1), usable from its two intersections. It lies on side Side ("NW", "NE",
// "E", …) of land hex Hex, on path Edge.
type HarborView struct {
	Slot     int    `json:"slot"` // 0 … 8 = H1 … H9
	Rate     int    `json:"rate"`
	Resource string `json:"resource,omitempty"`
	Hex      int    `json:"hex"`
	Side     string `json:"side"`
	Edge     int    `json:"edge"`
	Vertices [2]int `json:"vertices"`
}

// VertexView is one intersection. Its canonical position is corner Corner
// ("N" or "S") of the hex at Q, R (which may be a sea hex): draw it at
// hexgrid.Layout.VertexPoint(Island.Vertices[ID]).
type VertexView struct {
	ID       int    `json:"id"`
	Q        int    `json:"q"`
	R        int    `json:"r"`
	Corner   string `json:"corner"`
	Hexes    []int  `json:"hexes"`          // land hexes meeting here (1 … 3)
	Owner    int    `json:"owner"`          // -1 if empty
	City     bool   `json:"city,omitempty"` // a city, else a settlement
	Harbor   int    `json:"harbor"`         // harbour slot usable from here, -1 if none
	Adjacent []int  `json:"adjacent"`       // neighbouring intersections
	Edges    []int  `json:"edges"`          // paths to them, index for index
}

// EdgeView is one path, side Side ("NE", "NW" or "W") of the hex at Q, R.
type EdgeView struct {
	ID       int    `json:"id"`
	Q        int    `json:"q"`
	R        int    `json:"r"`
	Side     string `json:"side"`
	Vertices [2]int `json:"vertices"`
	Owner    int    `json:"owner"` // road owner, -1 if none
	Coastal  bool   `json:"coastal,omitempty"`
}

// SeatView is one player as the viewer sees them.
type SeatView struct {
	Seat int `json:"seat"`
	// Points are the public victory points (buildings, special cards).
	// VictoryCards is the number of hidden Victory Point cards, shown only
	// to their owner and at the end; TotalPoints adds them when shown.
	Points       int  `json:"points"`
	VictoryCards *int `json:"victoryCards,omitempty"`
	TotalPoints  *int `json:"totalPoints,omitempty"`

	Cards int        `json:"cards"`          // resource cards in hand
	Hand  *Resources `json:"hand,omitempty"` // the cards, own seat only
	// DevCards counts development cards in hand; Dev lists them (own seat
	// only) and Playable those that may be played this turn.
	DevCards int       `json:"devCards"`
	Dev      *DevCards `json:"dev,omitempty"`
	Playable *DevCards `json:"playable,omitempty"`

	Knights     int  `json:"knights"` // played Knights
	RoadLength  int  `json:"roadLength"`
	LongestRoad bool `json:"longestRoad,omitempty"`
	LargestArmy bool `json:"largestArmy,omitempty"`

	RoadsLeft       int `json:"roadsLeft"`
	SettlementsLeft int `json:"settlementsLeft"`
	CitiesLeft      int `json:"citiesLeft"`
	// Rates are the maritime rates per resource (public: they follow from
	// the board), indexed lumber, wool, grain, brick, ore.
	Rates [NumResources]int `json:"rates"`
	// Prompt is what this seat must do now (public: the table sees who is
	// awaited and for what).
	Prompt Prompt `json:"prompt"`
}

// OfferView is a pending domestic offer: the active player gives Give and
// gets Get; Answers per seat ("pending", "accepted", "rejected",
// "countered", "" for the offerer); Counters per seat when countered, from
// the countering seat's view.
type OfferView struct {
	From     int          `json:"from"`
	Give     Resources    `json:"give"`
	Get      Resources    `json:"get"`
	Answers  []string     `json:"answers"`
	Counters []*TradeSide `json:"counters"`
}

// Prompt says what a seat must do now. Code is one of:
//
//	""                 nothing (waiting for others or for chance)
//	"place-settlement" founding: place a settlement
//	"place-road"       founding: place the road next to it
//	"roll"             roll the dice (or play a development card first)
//	"discard"          discard Count cards
//	"move-robber"      move the robber to another hex
//	"rob"              choose whom to rob
//	"build-or-trade"   trade, build, play a card, end the turn
//	"place-free-road"  place Count free roads (Road Building)
//	"answer-trade"     accept, reject or counter the offer
//	"confirm-trade"    trade with one who accepted or countered, or cancel
//	"won"              the game is over and this seat won
//	"game-over"        the game is over and this seat did not win
type Prompt struct {
	Code  string `json:"code"`
	Count int    `json:"count,omitempty"`
}

// PromptFor is what seat must do now.
func (s *State) PromptFor(seat int) Prompt {
	if seat < 0 || seat >= s.Players {
		return Prompt{}
	}
	if s.Phase == PhaseOver {
		if int(s.Winner) == seat {
			return Prompt{Code: "won"}
		}
		return Prompt{Code: "game-over"}
	}
	if !s.decides(seat) {
		return Prompt{}
	}
	switch s.Phase {
	case PhaseFoundSettlement:
		return Prompt{Code: "place-settlement"}
	case PhaseFoundRoad:
		return Prompt{Code: "place-road"}
	case PhaseRoll:
		return Prompt{Code: "roll"}
	case PhaseDiscard:
		return Prompt{Code: "discard", Count: int(s.Discard[seat])}
	case PhaseRobber:
		return Prompt{Code: "move-robber"}
	case PhaseRob:
		return Prompt{Code: "rob"}
	case PhaseMain:
		return Prompt{Code: "build-or-trade"}
	case PhaseRoadBuilding:
		return Prompt{Code: "place-free-road", Count: int(s.FreeRoads)}
	case PhaseTradeOffer:
		return Prompt{Code: "answer-trade"}
	case PhaseTradeConfirm:
		return Prompt{Code: "confirm-trade"}
	}
	return Prompt{}
}

// View is what seat may see (engine.Spectator: public only), as a *View.
func (s *State) View(seat engine.Seat) any { return s.ViewOf(seat) }

// ViewOf is View with the concrete type.
func (s *State) ViewOf(seat engine.Seat) *View {
	viewer := int(seat)
	if viewer < 0 || viewer >= s.Players {
		viewer = -1
	}
	v := &View{
		Viewer: viewer, Players: s.Players, Phase: s.Phase.String(),
		Active: int(s.Active), First: int(s.First), Turn: s.Turn,
		Dice: [2]int{int(s.Dice[0]), int(s.Dice[1])}, Robber: int(s.Robber),
		Bank: s.Bank, DevDeck: s.Deck.Total(),
		LongestRoad: int(s.LongestRoad), LargestArmy: int(s.LargestArmy), Winner: int(s.Winner),
		FreeRoads: int(s.FreeRoads), StrictPhases: s.StrictPhases,
		Deciders: []int{},
	}
	if s.Phase == PhaseBoard {
		v.Robber = -1
	}
	for _, d := range s.deciders(nil) {
		v.Deciders = append(v.Deciders, int(d))
	}
	if s.isChance() {
		v.Chance, _ = s.chance()
	}
	for p := 0; p < s.Players; p++ {
		v.StartRoll = append(v.StartRoll, int(s.StartRoll[p]))
	}

	harborAt := [NumVertices]int{}
	for i := range harborAt {
		harborAt[i] = -1
	}
	if s.Phase != PhaseBoard {
		for i := range harborEnds {
			harborAt[harborEnds[i][0]], harborAt[harborEnds[i][1]] = i, i
		}
		for h := 0; h < NumHexes; h++ {
			hx := Island.Hexes[h]
			t := s.Board.Terrain[h]
			hv := HexView{ID: h, Q: hx.Q, R: hx.R, Terrain: t.String(), Number: int(s.Board.Number[h]),
				Pips: Pips(int(s.Board.Number[h])), Robber: h == int(s.Robber)}
			if r, ok := t.Produces(); ok {
				hv.Resource = r.String()
			}
			for c := range hv.Vertices {
				hv.Vertices[c] = int(hexCorners[h][c])
			}
			v.Hexes = append(v.Hexes, hv)
		}
		for i, slot := range HarborSlots {
			hb := s.Board.Harbor[i]
			hv := HarborView{Slot: i, Rate: hb.Rate(), Hex: slot.Hex, Side: slot.Side.String(),
				Edge: int(harborEdge[i]), Vertices: [2]int{int(harborEnds[i][0]), int(harborEnds[i][1])}}
			if r, ok := hb.Resource(); ok {
				hv.Resource = r.String()
			}
			v.Harbors = append(v.Harbors, hv)
		}
	}
	coastal := [NumEdges]bool{}
	for _, e := range Island.Coastal {
		coastal[e] = true
	}
	for i, x := range Island.Vertices {
		v.Vertices = append(v.Vertices, VertexView{
			ID: i, Q: x.Hex.Q, R: x.Hex.R, Corner: x.Corner.String(),
			Hexes: append([]int(nil), Island.VertexHexes[i]...), Owner: int(s.Owner[i]), City: s.City[i],
			Harbor: harborAt[i], Adjacent: append([]int(nil), Island.VertexVertices[i]...),
			Edges: append([]int(nil), Island.VertexEdges[i]...),
		})
	}
	for i, x := range Island.Edges {
		v.Edges = append(v.Edges, EdgeView{
			ID: i, Q: x.Hex.Q, R: x.Hex.R, Side: x.Side.String(),
			Vertices: Island.EdgeVertices[i], Owner: int(s.Road[i]), Coastal: coastal[i],
		})
	}
	for p := 0; p < s.Players; p++ {
		sv := SeatView{
			Seat: p, Points: s.PublicPoints(p), Cards: s.Hand[p].Total(), DevCards: s.Dev[p].Total(),
			Knights: int(s.Knights[p]), RoadLength: int(s.RoadLength[p]),
			LongestRoad: int(s.LongestRoad) == p, LargestArmy: int(s.LargestArmy) == p,
			RoadsLeft: int(s.RoadsLeft[p]), SettlementsLeft: int(s.SettlementsLeft[p]),
			CitiesLeft: int(s.CitiesLeft[p]), Rates: s.Rates(p), Prompt: s.PromptFor(p),
		}
		if p == viewer || s.Phase == PhaseOver {
			vc := int(s.Dev[p][VictoryPoint])
			tp := s.Points(p)
			sv.VictoryCards, sv.TotalPoints = &vc, &tp
		}
		if p == viewer {
			hand, dev := s.Hand[p], s.Dev[p]
			sv.Hand, sv.Dev = &hand, &dev
			var pl DevCards
			if p == int(s.Active) && !s.DevPlayed && s.Turn > 0 {
				for d := Knight; d < NumDevCards; d++ {
					if d != VictoryPoint && s.playable(p, d) {
						pl[d] = s.Dev[p][d] - s.Bought[d]
					}
				}
			}
			sv.Playable = &pl
		}
		v.Seats = append(v.Seats, sv)
	}
	if viewer >= 0 {
		v.Prompt = v.Seats[viewer].Prompt
	}
	if s.Offer.Open {
		o := &OfferView{From: int(s.Active), Give: s.Offer.Give, Get: s.Offer.Get}
		for p := 0; p < s.Players; p++ {
			a, c := "", (*TradeSide)(nil)
			if p != int(s.Active) {
				a = s.Offer.Answer[p].String()
				if s.Offer.Answer[p] == Countered {
					ts := s.Offer.Counter[p]
					c = &ts
				}
			}
			o.Answers = append(o.Answers, a)
			o.Counters = append(o.Counters, c)
		}
		v.Offer = o
	}
	return v
}

// Layout is a drawing layout for the island with hexes of the given size
// (centre to corner) and the centre hex at the origin. The island spans
// about ±4.4·size horizontally and ±4·size vertically, without the sea.
func Layout(size float64) hexgrid.Layout { return hexgrid.Layout{Size: size} }
