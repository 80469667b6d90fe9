package citiesknights

import (
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// Test positions are built on the beginner map (catan.BeginnerBoard):
//
//	r1: Mountains 10, Pasture 2, Forest 9
//	r2: Fields 12, Hills 6, Pasture 4, Hills 10
//	r3: Fields 9, Forest 11, Desert, Forest 3, Mountains 8
//	r4: Forest 8, Mountains 3, Fields 4, Pasture 5
//	r5: Hills 5, Fields 6, Pasture 11
//
// Seat 0 founds its settlement on Fields 9 / Forest 11 / Forest 8 (home)
// and its city where Forest 3, Mountains 8 and Pasture 5 meet (castle);
// the other seats found on the lowest free intersections (the top rows),
// and seat 0 then begins turn 1.

func hex(r, c int) int { return catan.HexAt(r, c) }

// meet is the intersection where the given hexes meet.
func meet(t testing.TB, hexes ...int) int {
	t.Helper()
	for v := 0; v < catan.NumVertices; v++ {
		n := 0
		for _, h := range catan.Island.VertexHexes[v] {
			for _, w := range hexes {
				if h == w {
					n++
				}
			}
		}
		if n == len(hexes) {
			return v
		}
	}
	t.Fatalf("hexes %v do not meet", hexes)
	return -1
}

// pathBetween is the path joining two neighbouring intersections.
func pathBetween(t testing.TB, a, b int) int {
	t.Helper()
	for k, w := range catan.Island.VertexVertices[a] {
		if w == b {
			return catan.Island.VertexEdges[a][k]
		}
	}
	t.Fatalf("intersections %d and %d are not neighbours", a, b)
	return -1
}

type game struct {
	t      *testing.T
	s      *catan.State
	x      *Ext
	home   int // seat 0's settlement
	castle int // seat 0's city
}

// mainGame is newGame after seat 0's first roll (a 7, nothing produced),
// every hand emptied.
func mainGame(t *testing.T) *game {
	g := newGame(t)
	g.roll(6, 1, shipFace)
	g.empty()
	return g
}

// newGame is a 4-player game at the start of seat 0's first turn.
func newGame(t *testing.T) *game { return newGameWith(t, 4, nil) }

// newGameWith founds with seat p's city on cities[p] where given.
func newGameWith(t *testing.T, players int, cities map[int]int) *game {
	t.Helper()
	return newGameOf(t, engine.Setup{Players: players}, cities)
}

// newGameOf is newGameWith for a setup.
func newGameOf(t *testing.T, setup engine.Setup, cities map[int]int) *game {
	t.Helper()
	players := setup.Players
	s, err := Game.NewState(setup)
	if err != nil {
		t.Fatal(err)
	}
	g := &game{t: t, s: s, x: ext(s)}
	g.home = meet(t, hex(3, 1), hex(3, 2), hex(4, 1))
	g.castle = meet(t, hex(3, 4), hex(3, 5), hex(4, 4))
	o := make(engine.Outcome, 2*players)
	o[0], o[1] = 5, 5 // seat 0 rolls 12
	g.resolve(o...)
	for s.Phase == catan.PhaseFoundSettlement || s.Phase == catan.PhaseFoundRoad {
		p := int(s.Active)
		var a catan.Action
		switch {
		case p == 0 && s.Phase == catan.PhaseFoundSettlement && s.FoundingStep == 0:
			a = catan.BuildSettlement(g.home)
		case p == 0 && s.Phase == catan.PhaseFoundSettlement:
			a = catan.BuildCity(g.castle)
		case s.Phase == catan.PhaseFoundSettlement && int(s.FoundingStep) >= players && cities[p] > 0:
			a = catan.BuildCity(cities[p])
		default:
			a = s.Legal(engine.Seat(p))[0].(catan.Action)
		}
		g.do(p, a)
	}
	if s.Phase != catan.PhaseRoll || s.Active != 0 {
		t.Fatalf("after founding: phase %v, active %d", s.Phase, s.Active)
	}
	return g
}

// do applies a legal action of seat p, which must succeed.
func (g *game) do(p int, a catan.Action) {
	g.t.Helper()
	if err := g.s.Apply(engine.Seat(p), a); err != nil {
		g.t.Fatalf("seat %d %v: %v", p, a, err)
	}
	g.checkInvariants()
}

// refuse applies an action that must fail (ErrIllegal or another engine
// error) and leave the state exactly as it was.
func (g *game) refuse(p int, a catan.Action) {
	g.t.Helper()
	before := engine.HashHex(g.s)
	err := g.s.Apply(engine.Seat(p), a)
	if err == nil {
		g.t.Fatalf("seat %d %v was accepted", p, a)
	}
	if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotYourTurn) && !errors.Is(err, engine.ErrBadAction) {
		g.t.Fatalf("seat %d %v: unexpected error %v", p, a, err)
	}
	if engine.HashHex(g.s) != before {
		g.t.Fatalf("refused %v changed the state", a)
	}
	g.legalExcludes(p, a)
}

// legalExcludes checks a is not among seat p's legal actions.
func (g *game) legalExcludes(p int, a catan.Action) {
	g.t.Helper()
	for _, l := range g.s.Legal(engine.Seat(p)) {
		if l.(catan.Action) == a {
			g.t.Fatalf("refused %v is listed as legal", a)
		}
	}
}

// legalHas checks a is among seat p's legal actions.
func (g *game) legalHas(p int, a catan.Action) {
	g.t.Helper()
	for _, l := range g.s.Legal(engine.Seat(p)) {
		if l.(catan.Action) == a {
			return
		}
	}
	g.t.Fatalf("%v is not listed as legal for seat %d (phase %v)", a, p, g.s.Phase)
}

// resolve feeds a chance outcome, which must fit.
func (g *game) resolve(o ...int) {
	g.t.Helper()
	if err := g.s.Resolve(o); err != nil {
		g.t.Fatalf("resolve %v: %v", o, err)
	}
	g.checkInvariants()
}

// roll rolls for the active player: red, yellow (1 … 6) and the event
// die's chance value (0–2 ship, 3 science, 4 trade, 5 politics).
func (g *game) roll(red, yellow, event int) {
	g.t.Helper()
	g.do(int(g.s.Active), catan.Roll())
	g.resolve(red-1, yellow-1, event)
}

// Event die values.
const (
	shipFace     = 0
	scienceGate  = 3
	tradeGate    = 4
	politicsGate = 5
)

// quietRoll rolls a 7 with red 6 (no draws below level 5): nothing is
// produced, and while the robber is locked and hands are small nothing
// else happens.
func (g *game) quietRoll(event int) { g.roll(6, 1, event) }

// give moves cards from the bank to seat p.
func (g *game) give(p int, cards catan.Resources) {
	g.t.Helper()
	if !g.s.Bank.Covers(cards) {
		g.t.Fatalf("bank lacks %v", cards)
	}
	g.s.Bank = g.s.Bank.Minus(cards)
	g.s.Hand[p] = g.s.Hand[p].Plus(cards)
}

// empty returns every card of every hand to the bank.
func (g *game) empty() {
	for p := 0; p < g.s.Players; p++ {
		g.s.Bank = g.s.Bank.Plus(g.s.Hand[p])
		g.s.Hand[p] = catan.Resources{}
	}
}

// deal gives seat p progress card c from its deck.
func (g *game) deal(p int, c Card) {
	g.t.Helper()
	d := &g.x.Decks[c.Deck()]
	if d.Fresh[c] == 0 {
		g.t.Fatalf("no %v left to deal", c)
	}
	d.Fresh[c]--
	g.x.receive(p, c)
}

// knight puts seat p's knight of rank r on v (active or not) directly.
func (g *game) knight(p, v int, r Rank, active bool) {
	g.x.place(g.s, p, v, r, active)
}

// endTurn ends the active player's turn and rolls quietly for the next
// ones until seat p is active again in its main phase.
func (g *game) toMain(p int) {
	g.t.Helper()
	for n := 0; int(g.s.Active) != p || g.s.Phase != catan.PhaseMain; n++ {
		if n > 60 {
			g.t.Fatalf("cannot reach seat %d's main phase (phase %v)", p, g.s.Phase)
		}
		switch g.s.Phase {
		case catan.PhaseMain:
			g.do(int(g.s.Active), catan.EndTurn())
		case catan.PhaseRoll:
			g.quietRoll(scienceGate)
		default: // discards and such: the first legal choice
			st := g.s.Status()
			if st.Chance != nil {
				g.resolve(make([]int, len(st.Chance.Ranges))...)
				continue
			}
			if len(st.Deciders) == 0 {
				g.t.Fatalf("unexpected phase %v", g.s.Phase)
			}
			q := st.Deciders[0]
			g.do(int(q), g.s.Legal(q)[0].(catan.Action))
		}
	}
}

func (g *game) checkInvariants() {
	g.t.Helper()
	if err := g.s.CheckInvariants(); err != nil {
		g.t.Fatalf("invariant: %v", err)
	}
}

// points is seat p's victory points.
func (g *game) points(p int) int { return g.s.Points(p) }

// buildSettlementSomewhere builds roads and a settlement for p (the active
// player in its main phase), paying from the bank, and returns where.
func (g *game) buildSettlementSomewhere(p int) int {
	g.t.Helper()
	for i := 0; i < 30; i++ {
		g.give(p, catan.SettlementCost)
		for _, a := range g.s.Legal(engine.Seat(p)) {
			if a := a.(catan.Action); a.Type == catan.ActBuildSettlement {
				g.do(p, a)
				return a.Vertex
			}
		}
		g.s.Bank = g.s.Bank.Plus(catan.SettlementCost)
		g.s.Hand[p] = g.s.Hand[p].Minus(catan.SettlementCost)
		g.give(p, catan.RoadCost)
		built := false
		for _, a := range g.s.Legal(engine.Seat(p)) {
			if a := a.(catan.Action); a.Type == catan.ActBuildRoad && g.freeEnd(p, a.Edge) {
				g.do(p, a)
				built = true
				break
			}
		}
		if !built {
			g.t.Fatal("no road to build")
		}
	}
	g.t.Fatal("no settlement spot reached")
	return -1
}

// freeEnd reports whether road e would reach an intersection with no
// building and no road yet (roads spread out instead of circling).
func (g *game) freeEnd(p, e int) bool {
	for _, v := range catan.Island.EdgeVertices[e] {
		if g.s.Owner[v] >= 0 {
			continue
		}
		mine := false
		for _, f := range catan.Island.VertexEdges[v] {
			mine = mine || g.s.Road[f] >= 0
		}
		if !mine {
			return true
		}
	}
	return false
}

// road gives seat p the road between intersections a and b (no cost, any
// turn) unless it is there.
func (g *game) road(p, a, b int) {
	g.t.Helper()
	e := pathBetween(g.t, a, b)
	if g.s.Road[e] == int8(p) {
		return
	}
	if !g.s.RoadSpot(p, e) {
		g.t.Fatalf("seat %d cannot have a road from %d to %d", p, a, b)
	}
	g.s.PlaceRoad(p, e)
	g.checkInvariants()
}

// roads gives seat p roads along the intersections vs.
func (g *game) roads(p int, vs ...int) {
	for i := 0; i+1 < len(vs); i++ {
		g.road(p, vs[i], vs[i+1])
	}
}

// nextTurn ends seat p's turn if it is in its main phase and plays on to
// its next main phase.
func (g *game) nextTurn(p int) {
	g.t.Helper()
	if g.s.Phase == catan.PhaseMain && int(g.s.Active) == p {
		g.do(p, catan.EndTurn())
	}
	g.toMain(p)
}
