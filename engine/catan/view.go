package catan

import (
	"slices"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// View is everything one seat may see (State.View returns a *View). All
// ids are those of the game's Graph (the base island's are Island's).
// Seats are 0 … Players-1; -1 means none. A renderer draws the board from
// it alone: hexes by axial coordinates, intersections by position, paths
// by their two intersections.
//
// Hidden: other seats' resource hands (only counts), other seats'
// development cards (only counts), the order of the development deck.
// Hidden Victory Point cards are shown to their owner, and to everyone
// once the game is over.
type View struct {
	Viewer  int    `json:"viewer"` // the seat this view is for; -1 spectator
	Players int    `json:"players"`
	Phase   string `json:"phase"` // Phase name ("roll", "main", …)
	// Step is Phase as a value, for renderers in this process (compare it
	// with PhaseMain …, or an expansion's phase); not in the JSON.
	Step   Phase `json:"-"`
	Active int   `json:"active"` // whose turn it is (the founder while founding)
	First  int   `json:"first"`  // starting player, -1 until rolled
	Turn   int   `json:"turn"`   // regular turn number, 0 while setting up
	// Deciders are the seats that may act now; Chance names the chance
	// event awaited instead ("board", "start-roll", "dice", "steal",
	// "draw"), if any.
	Deciders []int  `json:"deciders"`
	Chance   string `json:"chance,omitempty"`
	// StartRoll is each seat's latest starting roll (0 = none).
	StartRoll []int     `json:"startRoll"`
	Dice      [2]int    `json:"dice"`   // last roll; 0 0 before the first
	Robber    int       `json:"robber"` // -1: no robber (yet, or in this game)
	Bank      Resources `json:"bank"`
	DevDeck   int       `json:"devDeck"` // cards left in the development deck
	// Cards are the card kinds in play, in kind order ("lumber" … "ore",
	// then "paper", "cloth", "coin" or "gold" where a game plays them);
	// Development says whether development cards are bought at all.
	Cards       []string `json:"cards"`
	Development bool     `json:"development,omitempty"`
	// Target is the victory points that win.
	Target int `json:"target"`

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
	// Ext is the expansion's part of the view (Expansion.View), nil in the
	// base game.
	Ext any `json:"ext,omitempty"`
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

// VertexView is one intersection, drawn at X, Y: a hexgrid.Layout point
// at hex size 1 (multiply by the layout's size). An intersection of the
// base island is also corner Corner ("N" or "S") of the hex at Q, R (which
// may be a sea hex); an expansion's own (a plaza) has no Corner and Q, R
// of the hex it lies in.
type VertexView struct {
	ID       int     `json:"id"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Q        int     `json:"q"`
	R        int     `json:"r"`
	Corner   string  `json:"corner,omitempty"`
	Closed   bool    `json:"closed,omitempty"` // nothing may be built here
	Hexes    []int   `json:"hexes"`            // land hexes meeting here (1 … 3)
	Owner    int     `json:"owner"`            // -1 if empty
	City     bool    `json:"city,omitempty"`   // a city, else a settlement
	Harbor   int     `json:"harbor"`           // harbour slot usable from here, -1 if none
	Adjacent []int   `json:"adjacent"`         // neighbouring intersections
	Edges    []int   `json:"edges"`            // paths to them, index for index
}

// EdgeView is one path between two intersections; on the base island
// also side Side ("NE", "NW" or "W") of the hex at Q, R.
type EdgeView struct {
	ID       int    `json:"id"`
	Q        int    `json:"q,omitempty"`
	R        int    `json:"r,omitempty"`
	Side     string `json:"side,omitempty"`
	Vertices [2]int `json:"vertices"`
	Hexes    []int  `json:"hexes"` // land hexes beside it (1 or 2)
	Owner    int    `json:"owner"` // road owner, -1 if none
	Coastal  bool   `json:"coastal,omitempty"`
	Closed   bool   `json:"closed,omitempty"` // no road may be built here
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
	// Rates are the maritime rates per card kind (public: they follow from
	// the board), indexed by Resource; 0 for a kind that cannot be given.
	Rates [NumCards]int `json:"rates"`
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
//
// Founding with Rules.FoundCity, the second building is a city:
// "place-city". In an expansion's phase the code is the phase's name.
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
	if s.Phase >= firstExtPhase {
		return Prompt{Code: s.Phase.String()}
	}
	switch s.Phase {
	case PhaseFoundSettlement:
		if s.foundsCity() {
			return Prompt{Code: "place-city"}
		}
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
		Viewer: viewer, Players: s.Players, Phase: s.Phase.String(), Step: s.Phase,
		Active: int(s.Active), First: int(s.First), Turn: s.Turn,
		Dice: [2]int{int(s.Dice[0]), int(s.Dice[1])}, Robber: int(s.Robber),
		Bank: s.Bank, DevDeck: s.deckLeft(), Development: !s.rules.d.deck.none(),
		Target:      s.rules.d.target,
		LongestRoad: int(s.LongestRoad), LargestArmy: int(s.LargestArmy), Winner: int(s.Winner),
		FreeRoads: int(s.FreeRoads), StrictPhases: s.StrictPhases,
		Deciders: []int{},
	}
	for _, k := range s.rules.d.kinds {
		v.Cards = append(v.Cards, k.String())
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

	g := s.g
	harborAt := [MaxVertices]int{}
	for i := range harborAt {
		harborAt[i] = -1
	}
	if s.Phase != PhaseBoard {
		for i := range g.harborEnds {
			harborAt[g.harborEnds[i][0]], harborAt[g.harborEnds[i][1]] = i, i
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
		for i := range g.harborSlot {
			slot, edge, ends := g.Harbor(i)
			hb := s.Board.Harbor[i]
			hv := HarborView{Slot: i, Rate: hb.Rate(), Hex: slot.Hex, Side: slot.Side.String(),
				Edge: edge, Vertices: ends}
			if r, ok := hb.Resource(); ok {
				hv.Resource = r.String()
			}
			v.Harbors = append(v.Harbors, hv)
		}
	}
	for i := 0; i < g.vertices; i++ {
		x := VertexView{
			ID: i, X: g.point[i].X, Y: g.point[i].Y, Hexes: g.HexesAt(i),
			Owner: int(s.Owner[i]), City: s.City[i], Closed: g.Closed(i),
			Harbor: harborAt[i], Adjacent: g.Neighbours(i), Edges: g.Paths(i),
		}
		if i < NumVertices {
			iv := Island.Vertices[i]
			x.Q, x.R, x.Corner = iv.Hex.Q, iv.Hex.R, iv.Corner.String()
		} else if len(x.Hexes) > 0 {
			hx := Island.Hexes[x.Hexes[0]]
			x.Q, x.R = hx.Q, hx.R
		}
		v.Vertices = append(v.Vertices, x)
	}
	for i := 0; i < g.edges; i++ {
		a, b := g.Ends(i)
		e := EdgeView{ID: i, Vertices: [2]int{a, b}, Owner: int(s.Road[i]), Coastal: g.Coastal(i), Closed: g.PathClosed(i)}
		for _, h := range g.vertexHexes[a] { // the hexes both ends touch
			if h >= 0 && slices.Contains(g.vertexHexes[b][:], h) {
				e.Hexes = append(e.Hexes, int(h))
			}
		}
		if i < NumEdges {
			ie := Island.Edges[i]
			e.Q, e.R, e.Side = ie.Hex.Q, ie.Hex.R, ie.Side.String()
		}
		v.Edges = append(v.Edges, e)
	}
	for p := 0; p < s.Players; p++ {
		sv := SeatView{
			Seat: p, Points: s.PublicPoints(p), Cards: s.inHand(p), DevCards: s.devHeld(p),
			Knights: int(s.Knights[p]), RoadLength: int(s.RoadLength[p]),
			LongestRoad: int(s.LongestRoad) == p, LargestArmy: int(s.LargestArmy) == p,
			RoadsLeft: int(s.RoadsLeft[p]), SettlementsLeft: int(s.SettlementsLeft[p]),
			CitiesLeft: int(s.CitiesLeft[p]), Prompt: s.PromptFor(p),
		}
		for k := range sv.Rates {
			sv.Rates[k] = s.Rate(p, Resource(k))
		}
		if p == viewer || s.Phase == PhaseOver {
			vc := int(s.Dev[p][VictoryPoint])
			tp := s.Points(p)
			if p != viewer && s.Sealed != nil {
				// Sealed: the table knows only the cards shown.
				vc = s.shownVP(p)
				tp = s.PublicPoints(p) + vc
			}
			sv.VictoryCards, sv.TotalPoints = &vc, &tp
		}
		if p == viewer {
			hand, dev := s.Hand[p], s.Dev[p]
			sv.Hand, sv.Dev = &hand, &dev
			var pl DevCards
			if p == int(s.Active) && !s.DevPlayed && s.Turn > 0 {
				for d := Knight; d < NumDevKinds; d++ {
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
	if x := s.rules.Expansion; x != nil {
		v.Ext = x.View(s, viewer)
	}
	return v
}

// Layout is a drawing layout for the island with hexes of the given size
// (centre to corner) and the centre hex at the origin. The island spans
// about ±4.4·size horizontally and ±4·size vertically, without the sea.
func Layout(size float64) hexgrid.Layout { return hexgrid.Layout{Size: size} }
