package citiesknights

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// A city on forest, pasture or mountains yields the resource and the
// commodity; a settlement one resource; a city on fields 2 grain.
func TestProduction(t *testing.T) {
	g := newGame(t)
	before := g.s.Hand[0]
	g.roll(1, 2, shipFace) // 3: Forest 3 (castle) and Mountains 3
	got := g.s.Hand[0].Minus(before)
	if want := (catan.Resources{catan.Lumber: 1, catan.Paper: 1}); got != want {
		t.Errorf("roll 3: castle got %v, want %v", got, want)
	}
	if g.x.Ship != 1 {
		t.Errorf("ship at %d after a ship face", g.x.Ship)
	}
	g.toMain(0)
	before = g.s.Hand[0]
	g.do(0, catan.EndTurn())
	g.toMain(0)
	g.do(0, catan.EndTurn())
	g.roll(4, 4, tradeGate) // seat 1 rolls 8: Mountains 8 (castle), Forest 8 (home)
	got = g.s.Hand[0].Minus(before)
	if want := (catan.Resources{catan.Ore: 1, catan.Coin: 1, catan.Lumber: 1}); got != want {
		t.Errorf("roll 8: got %v, want ore + coin (city) and lumber (settlement)", got)
	}
	// Upgrade home to a city: fields give 2 grain, forest lumber + paper.
	g.toMain(0)
	g.empty()
	g.give(0, catan.CityCost)
	g.do(0, catan.BuildCity(g.home))
	g.do(0, catan.EndTurn())
	g.roll(4, 5, tradeGate) // 9: Fields 9
	if want := (catan.Resources{catan.Grain: 2}); g.s.Hand[0] != want {
		t.Errorf("roll 9: city on fields got %v, want 2 grain", g.s.Hand[0])
	}
}

// The supply is finite per kind: with no paper left the castle gets its
// lumber but no paper.
func TestCommodityShortage(t *testing.T) {
	g := newGame(t)
	g.s.Hand[3][catan.Paper] += g.s.Bank[catan.Paper]
	g.s.Bank[catan.Paper] = 0
	before := g.s.Hand[0]
	g.roll(1, 2, shipFace)
	if got := g.s.Hand[0].Minus(before); got != (catan.Resources{catan.Lumber: 1}) {
		t.Errorf("got %v, want lumber only", got)
	}
}

// Progress draws on a gate: level ≥ 1 in the gate's track and red ≤ level
// + 1; the active player first, then clockwise; each draw is a chance
// outcome over the deck's fresh cards.
func TestGateDraws(t *testing.T) {
	g := newGame(t)
	g.x.Level[0][Politics] = 1 // draws on red 1–2
	g.x.Level[2][Politics] = 3 // draws on red 1–4
	g.x.Level[1][Science] = 3  // another track: no politics draw
	g.do(0, catan.Roll())
	g.resolve(2, 5, politicsGate) // red 3
	if g.s.Phase != PhaseDrawProgress || g.x.DrawN != 1 || g.x.Draws[0].Seat != 2 {
		t.Fatalf("red 3: only seat 2 draws (phase %v, %d draws)", g.s.Phase, g.x.DrawN)
	}
	st := g.s.Status()
	if st.Chance == nil || st.Chance.Kind != "progress" || st.Chance.Ranges[0] != DeckSize {
		t.Fatalf("chance %+v, want a progress draw over 18 cards", st.Chance)
	}
	g.resolve(DeckSize - 1) // the last politics card in Card order: a Wedding
	if g.x.Progress[2][Wedding] != 1 || g.x.Decks[Politics].FreshLeft() != DeckSize-1 {
		t.Fatal("seat 2 drew the Wedding")
	}
	g.toMain(0)
	g.do(0, catan.EndTurn())
	// Seat 1 rolls red 2: seats 2 and 0 draw, seat 2 first (clockwise from 1).
	g.do(1, catan.Roll())
	g.resolve(1, 5, politicsGate)
	if g.x.DrawN != 2 || g.x.Draws[0].Seat != 2 || g.x.Draws[1].Seat != 0 {
		t.Fatalf("draws %v", g.x.Draws[:g.x.DrawN])
	}
	g.resolve(0)
	g.resolve(0)
	if g.x.progressHeld(0) != 1 || g.x.progressHeld(2) != 2 {
		t.Fatalf("hands %d and %d", g.x.progressHeld(0), g.x.progressHeld(2))
	}
}

// A deck's played cards come back, in order, once its fresh cards are
// gone; an empty deck gives nothing.
func TestDeckReturnsCardsInOrder(t *testing.T) {
	g := newGame(t)
	d := &g.x.Decks[Trade]
	for c := range d.Fresh { // every fresh trade card to seat 3
		for d.Fresh[c] > 0 {
			g.deal(3, Card(c))
		}
	}
	for g.x.progressHeld(3) > 0 {
		for c, n := range g.x.Progress[3] {
			if n > 0 && g.x.progressHeld(3) > 0 {
				g.x.spend(3, Card(c))
			}
		}
	}
	first := d.Under[0]
	g.x.Level[0][Trade] = 5
	g.x.Metropolis[Trade] = int8(g.castle)
	g.roll(6, 1, tradeGate) // red 6: level 5 draws, from under the deck, no chance
	if g.x.Progress[0][first] != 1 || d.Len() != DeckSize-1 {
		t.Fatalf("drew %v from under, want %v", g.x.Progress[0], first)
	}
}

// The Aqueduct: after a production roll (not a 7) that gave nothing, its
// owner takes a resource of its choice.
func TestAqueduct(t *testing.T) {
	g := newGame(t)
	g.x.Level[1][Science] = 3
	g.x.Level[0][Science] = 3
	g.do(0, catan.Roll())
	g.resolve(0, 1, shipFace) // 3: seat 0 produces, seat 1 not
	if g.s.Phase != PhaseAqueduct || g.x.Aqueduct != 1<<1 {
		t.Fatalf("phase %v, aqueduct %b: seat 1 alone chooses", g.s.Phase, g.x.Aqueduct)
	}
	g.refuse(1, catan.Action{Type: ActAqueduct, Resource: catan.Paper})
	before := g.s.Hand[1]
	g.do(1, catan.Action{Type: ActAqueduct, Resource: catan.Brick})
	if g.s.Hand[1].Minus(before) != catan.Of(catan.Brick, 1) || g.s.Phase != catan.PhaseMain {
		t.Fatalf("aqueduct gave %v, phase %v", g.s.Hand[1].Minus(before), g.s.Phase)
	}
	// A 7 is not a production roll.
	g.do(0, catan.EndTurn())
	g.roll(3, 4, shipFace)
	if g.s.Phase == PhaseAqueduct {
		t.Fatal("no Aqueduct on a 7")
	}
}

// The robber stays on the desert until the first attack: a 7 still makes
// players discard (limit 7 + 2 per wall), then the turn goes on.
func TestSevenBeforeFirstAttack(t *testing.T) {
	g := newGame(t)
	g.empty()
	g.give(0, catan.Resources{catan.Brick: 5, catan.Lumber: 4}) // 9 with a wall: safe
	g.x.Walls |= bit(g.castle)
	g.give(1, catan.Resources{catan.Grain: 8})                 // 8: discards 4
	g.give(2, catan.Resources{catan.Grain: 7, catan.Paper: 3}) // commodities count: 10, discards 5
	desert := g.s.Robber
	g.roll(3, 4, shipFace)
	if g.s.Phase != catan.PhaseDiscard || g.s.Discard[0] != 0 || g.s.Discard[1] != 4 || g.s.Discard[2] != 5 {
		t.Fatalf("phase %v discards %v", g.s.Phase, g.s.Discard)
	}
	g.do(1, catan.Discard(catan.Of(catan.Grain, 4)))
	g.do(2, catan.Discard(catan.Resources{catan.Grain: 2, catan.Paper: 3}))
	if g.s.Phase != catan.PhaseMain || g.s.Robber != desert {
		t.Fatalf("locked robber: phase %v, robber %d", g.s.Phase, g.s.Robber)
	}
	// After the first attack the roller moves it.
	g.x.Attacks = 1
	g.do(0, catan.EndTurn())
	g.roll(3, 4, shipFace)
	if g.s.Phase != catan.PhaseRobber {
		t.Fatalf("after an attack, a 7 moves the robber: phase %v", g.s.Phase)
	}
}

// The hand limit is 7 plus 2 per wall: 9 cards with one wall are safe, 10
// are not.
func TestHandLimitWithWalls(t *testing.T) {
	g := newGame(t)
	g.empty()
	g.x.Walls |= bit(g.castle)
	g.give(0, catan.Resources{catan.Brick: 6, catan.Cloth: 4})
	g.roll(3, 4, shipFace)
	if g.s.Phase != catan.PhaseDiscard || g.s.Discard[0] != 5 {
		t.Fatalf("10 cards over a limit of 9: discard %d", g.s.Discard[0])
	}
	if handLimit(g.s, 0) != 9 || handLimit(g.s, 1) != 7 {
		t.Error("limits 9 and 7")
	}
}

// The event die's three ship faces move the ship; the others do not.
func TestShipFaces(t *testing.T) {
	g := newGame(t)
	for i, face := range []int{0, 1, 2, 3, 4, 5} {
		g.toMain(int(g.s.Active))
		g.do(int(g.s.Active), catan.EndTurn())
		g.roll(6, 1, face)
		want := int8(min(i+1, 3))
		if g.x.Ship != want {
			t.Fatalf("after face %d: ship %d, want %d", face, g.x.Ship, want)
		}
	}
	v := ViewOf(g.s, 0)
	if v.Event != "politics" || v.Ship != 3 || v.ShipSteps != 7 {
		t.Errorf("view: event %q ship %d/%d", v.Event, v.Ship, v.ShipSteps)
	}
	_ = engine.Spectator
}
