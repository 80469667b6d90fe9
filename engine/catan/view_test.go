package catan

import (
	"encoding/json"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

func TestViewHidesOtherHands(t *testing.T) {
	s := mainState(t, 4)
	give(t, s, 0, res(Ore, 3))
	give(t, s, 1, res(Wool, 2, Brick, 1))
	devCard(t, s, 1, Monopoly)
	devCard(t, s, 1, VictoryPoint)
	v := s.View(1).(*View)
	if v.Viewer != 1 || v.Seats[1].Hand == nil || *v.Seats[1].Hand != res(Wool, 2, Brick, 1) {
		t.Fatalf("own hand %+v", v.Seats[1])
	}
	if v.Seats[1].Dev == nil || v.Seats[1].Dev[Monopoly] != 1 || v.Seats[1].DevCards != 2 {
		t.Fatalf("own dev %+v", v.Seats[1])
	}
	for _, p := range []int{0, 2, 3} {
		sv := v.Seats[p]
		if sv.Hand != nil || sv.Dev != nil || sv.Playable != nil || sv.VictoryCards != nil || sv.TotalPoints != nil {
			t.Fatalf("seat 1 sees seat %d's secrets: %+v", p, sv)
		}
	}
	if v.Seats[0].Cards != 3 || v.Seats[1].Cards != 3 {
		t.Fatalf("counts %d %d", v.Seats[0].Cards, v.Seats[1].Cards)
	}
	// The JSON a spectator gets holds no hand and no dev card names.
	b, err := json.Marshal(s.View(engine.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{`"hand"`, `"dev"`, `monopoly`, `victory-point`, `"victoryCards"`} {
		if strings.Contains(string(b), secret) {
			t.Fatalf("spectator view contains %s", secret)
		}
	}
	if sp := s.ViewOf(engine.Spectator); sp.Viewer != -1 || sp.Prompt.Code != "" {
		t.Fatalf("spectator %+v", sp.Prompt)
	}
	// At the end every hidden Victory Point card is shown.
	s.Phase, s.Winner = PhaseOver, 0
	if end := s.ViewOf(engine.Spectator); end.Seats[1].VictoryCards == nil || *end.Seats[1].VictoryCards != 1 {
		t.Fatal("victory cards hidden at the end")
	}
}

func TestViewBoardExport(t *testing.T) {
	s := mainState(t, 4)
	settle(s, 2, vx(1, 1, hexgrid.CornerN))
	city(s, 3, vx(5, 3, hexgrid.CornerS))
	roads(s, 2, int(vertexEdges[vx(1, 1, hexgrid.CornerN)][0]))
	v := s.ViewOf(0)
	if len(v.Hexes) != NumHexes || len(v.Harbors) != NumHarbors || len(v.Vertices) != NumVertices || len(v.Edges) != NumEdges {
		t.Fatalf("sizes %d %d %d %d", len(v.Hexes), len(v.Harbors), len(v.Vertices), len(v.Edges))
	}
	h := v.Hexes[HexAt(3, 5)]
	if h.Terrain != "mountains" || h.Resource != "ore" || h.Number != 8 || h.Pips != 5 || h.Q != 2 || h.R != 0 {
		t.Fatalf("r3c5 %+v", h)
	}
	if d := v.Hexes[HexAt(3, 3)]; !d.Robber || d.Number != 0 || d.Terrain != "desert" {
		t.Fatalf("desert %+v", d)
	}
	hb := v.Harbors[1]
	if hb.Rate != 2 || hb.Resource != "grain" || hb.Side != "NE" || hb.Hex != HexAt(1, 2) {
		t.Fatalf("H2 %+v", hb)
	}
	if v.Harbors[0].Rate != 3 || v.Harbors[0].Resource != "" {
		t.Fatalf("H1 %+v", v.Harbors[0])
	}
	for _, x := range hb.Vertices {
		if v.Vertices[x].Harbor != 1 {
			t.Fatalf("vertex %d harbour %d", x, v.Vertices[x].Harbor)
		}
	}
	top := v.Vertices[vx(1, 1, hexgrid.CornerN)]
	if top.Owner != 2 || top.City || top.Corner != "N" || len(top.Hexes) != 1 {
		t.Fatalf("top vertex %+v", top)
	}
	if c := v.Vertices[vx(5, 3, hexgrid.CornerS)]; c.Owner != 3 || !c.City {
		t.Fatalf("city vertex %+v", c)
	}
	if e := v.Edges[vertexEdges[vx(1, 1, hexgrid.CornerN)][0]]; e.Owner != 2 || !e.Coastal {
		t.Fatalf("road %+v", e)
	}
	coastal := 0
	for _, e := range v.Edges {
		if e.Coastal {
			coastal++
		}
	}
	if coastal != 30 {
		t.Fatalf("%d coastal paths", coastal)
	}
	// Geometry agrees with the hexgrid layout.
	l := Layout(10)
	p := l.VertexPoint(Island.Vertices[top.ID])
	c := l.Corner(hexgrid.Hex{Q: v.Hexes[0].Q, R: v.Hexes[0].R}, hexgrid.CornerN)
	if p != c {
		t.Fatalf("vertex at %v, hex corner at %v", p, c)
	}
}

func TestViewPromptsAndOffer(t *testing.T) {
	s := sevenState(t)
	roll(t, s, 3, 4)
	v := s.ViewOf(2)
	codes := []string{}
	for _, sv := range v.Seats {
		codes = append(codes, sv.Prompt.Code)
	}
	if strings.Join(codes, ",") != "discard,discard,," || v.Prompt.Code != "" || v.Phase != "discard" {
		t.Fatalf("prompts %v, own %+v, phase %s", codes, v.Prompt, v.Phase)
	}
	if len(v.Deciders) != 2 || v.Deciders[0] != 0 || v.Deciders[1] != 1 {
		t.Fatalf("deciders %v", v.Deciders)
	}

	s = tradeState(t)
	do(t, s, 0, ProposeTrade(res(Wool, 1), res(Ore, 1)))
	do(t, s, 2, CounterTrade(res(Grain, 1), res(Wool, 1)))
	v = s.ViewOf(engine.Spectator)
	o := v.Offer
	if o == nil || o.From != 0 || o.Give != res(Wool, 1) || o.Get != res(Ore, 1) {
		t.Fatalf("offer %+v", o)
	}
	if strings.Join(o.Answers, ",") != ",pending,countered,rejected" || o.Counters[2] == nil || o.Counters[2].Give != res(Grain, 1) || o.Counters[1] != nil {
		t.Fatalf("answers %v counters %v", o.Answers, o.Counters)
	}
	if v.Seats[1].Prompt.Code != "answer-trade" || v.Seats[0].Prompt.Code != "" {
		t.Fatalf("prompts %+v %+v", v.Seats[1].Prompt, v.Seats[0].Prompt)
	}
	if _, err := json.Marshal(v); err != nil {
		t.Fatal(err)
	}
}

func TestViewBeforeTheBoard(t *testing.T) {
	s, _ := NewState(engine.Setup{Players: 3, Options: map[string]string{OptBoard: BoardRandom}})
	v := s.ViewOf(0)
	if v.Chance != "board" || len(v.Hexes) != 0 || v.Robber != -1 || len(v.Seats) != 3 {
		t.Fatalf("view before the board: chance %q hexes %d robber %d", v.Chance, len(v.Hexes), v.Robber)
	}
	if _, err := json.Marshal(v); err != nil {
		t.Fatal(err)
	}
}

func TestEvaluatePrefersPointsAndProduction(t *testing.T) {
	s := mainState(t, 4)
	base := s.Evaluate(0)
	a := s.Copy()
	settle(a, 0, vx(3, 5, hexgrid.CornerS)) // Mountains 8, Pasture 5
	b := s.Copy()
	settle(b, 0, vx(1, 1, hexgrid.CornerN)) // Mountains 10 only
	if !(a.Evaluate(0) > b.Evaluate(0) && b.Evaluate(0) > base) {
		t.Fatalf("evaluate: base %v, 1 pt rich %v, 1 pt poor %v", base, a.Evaluate(0), b.Evaluate(0))
	}
	c := b.Copy()
	give(t, c, 0, SettlementCost)
	if c.Evaluate(0) <= b.Evaluate(0) {
		t.Fatal("cards for a settlement do not count")
	}
	d := b.Copy()
	city(d, 0, vx(1, 1, hexgrid.CornerN))
	if d.Evaluate(0) <= c.Evaluate(0) {
		t.Fatal("a point is worth less than cards")
	}
	var _ engine.Evaluator = s
}
