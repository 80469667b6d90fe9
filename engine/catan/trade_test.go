package catan

import (
	"reflect"
	"testing"

	"tabula/engine"
)

func TestMaritimeFourToOne(t *testing.T) {
	s := mainState(t, 4)
	give(t, s, 0, res(Lumber, 5))
	if s.Rates(0) != [5]int{4, 4, 4, 4, 4} {
		t.Fatalf("rates %v", s.Rates(0))
	}
	fails(t, s, 0, MaritimeTrade(Lumber, 3, Ore), engine.ErrIllegal)
	fails(t, s, 0, MaritimeTrade(Lumber, 4, Lumber), engine.ErrIllegal)
	fails(t, s, 0, Action{Type: ActMaritimeTrade, Give: res(Lumber, 4), Get: res(Ore, 2)}, engine.ErrIllegal)
	fails(t, s, 0, Action{Type: ActMaritimeTrade, Give: res(Lumber, 2, Wool, 2), Get: res(Ore, 1)}, engine.ErrIllegal)
	fails(t, s, 1, MaritimeTrade(Lumber, 4, Ore), engine.ErrNotYourTurn)
	if n := countType(s.LegalActions(0, nil), ActMaritimeTrade); n != 4 {
		t.Fatalf("%d maritime choices, want 4", n)
	}
	do(t, s, 0, MaritimeTrade(Lumber, 4, Ore))
	if s.Hand[0] != res(Lumber, 1, Ore, 1) || s.Bank[Lumber] != 18 || s.Bank[Ore] != 18 {
		t.Fatalf("hand %v bank %v", s.Hand[0], s.Bank)
	}
	checkInvariants(t, s)
}

func TestMaritimeSeveralHarbours(t *testing.T) {
	s := mainState(t, 4)
	// H1 is 3:1, H9 is 2:1 lumber on the beginner board.
	settle(s, 0, int(harborEnds[0][0]), int(harborEnds[8][1]))
	if r := s.Rates(0); r != [5]int{2, 3, 3, 3, 3} {
		t.Fatalf("rates %v, want lumber 2, others 3", r)
	}
	if r := s.Rates(1); r != [5]int{4, 4, 4, 4, 4} {
		t.Fatalf("seat 1 rates %v", r)
	}
	give(t, s, 0, res(Lumber, 2, Wool, 4))
	fails(t, s, 0, MaritimeTrade(Wool, 2, Grain), engine.ErrIllegal) // the rate is 3
	fails(t, s, 0, MaritimeTrade(Lumber, 3, Grain), engine.ErrIllegal)
	do(t, s, 0, MaritimeTrade(Lumber, 2, Ore))
	do(t, s, 0, MaritimeTrade(Wool, 3, Brick))
	if s.Hand[0] != res(Wool, 1, Ore, 1, Brick, 1) {
		t.Fatalf("hand %v", s.Hand[0])
	}
	// A city on a harbour counts the same.
	s2 := mainState(t, 4)
	city(s2, 2, int(harborEnds[1][0])) // H2: 2:1 grain
	if r := s2.Rates(2); r != [5]int{4, 4, 2, 4, 4} {
		t.Fatalf("city harbour rates %v", r)
	}
	checkInvariants(t, s)
}

// "A troca 4:1 é sempre possível": the bank's 4:1 is open to a player
// whose harbours give a better rate for that resource too. Seat 0 has a
// settlement on H9 (2:1 lumber) and one on H1 (3:1) of the beginner board,
// and holds 5 lumber and 4 wool. Legal lists the better rates only (the
// 4:1 is the worse deal of the same trade; see Legal).
func TestMaritimeFourToOneAlways(t *testing.T) {
	s := mainState(t, 4)
	settle(s, 0, int(harborEnds[0][0]), int(harborEnds[8][1]))
	if r := s.Rates(0); r != [5]int{2, 3, 3, 3, 3} {
		t.Fatalf("rates %v, want lumber 2, others 3", r)
	}
	give(t, s, 0, res(Lumber, 5, Wool, 4))
	if !hasAction(s, 0, MaritimeTrade(Lumber, 2, Ore)) || !hasAction(s, 0, MaritimeTrade(Wool, 3, Ore)) {
		t.Error("Legal does not offer the seat's harbour rates")
	}
	fails(t, s, 0, MaritimeTrade(Lumber, 3, Ore), engine.ErrIllegal) // neither 2:1 nor 4:1
	fails(t, s, 0, MaritimeTrade(Wool, 5, Ore), engine.ErrIllegal)
	fails(t, s, 0, Action{Type: ActMaritimeTrade, Give: res(Lumber, 4), Get: res(Ore, 2)}, engine.ErrIllegal)
	do(t, s, 0, MaritimeTrade(Lumber, 4, Ore))
	do(t, s, 0, MaritimeTrade(Wool, 4, Grain))
	if s.Hand[0] != res(Lumber, 1, Ore, 1, Grain, 1) || s.Bank[Lumber] != 18 || s.Bank[Wool] != 19 {
		t.Fatalf("hand %v bank %v", s.Hand[0], s.Bank)
	}
	fails(t, s, 0, MaritimeTrade(Lumber, 4, Ore), engine.ErrIllegal) // one lumber left
	checkInvariants(t, s)
}

// A game of rules catan/1 (before the 4:1 rule) loads under catan/2: the
// fold of its log is the same, so engine.Load takes its files.
func TestCatan1SavesReadUnderCatan2(t *testing.T) {
	g, _ := engine.Lookup(ID)
	if g.RulesVersion() != "catan/2" || !engine.ReadsRules(g, "catan/1") || engine.ReadsRules(g, "catan/0") {
		t.Fatalf("rules %s; reads catan/1 %v", g.RulesVersion(), engine.ReadsRules(g, "catan/1"))
	}
}

func TestMaritimeBankEmpty(t *testing.T) {
	s := mainState(t, 4)
	give(t, s, 0, res(Wool, 4))
	give(t, s, 1, res(Ore, 19)) // the bank has no ore
	fails(t, s, 0, MaritimeTrade(Wool, 4, Ore), engine.ErrIllegal)
	if hasAction(s, 0, MaritimeTrade(Wool, 4, Ore)) {
		t.Fatal("Legal offers ore from an empty bank")
	}
	do(t, s, 0, MaritimeTrade(Wool, 4, Grain))
}

func TestMaritimeOnlyAfterRoll(t *testing.T) {
	s := rollState(t)
	give(t, s, 0, res(Wool, 4))
	fails(t, s, 0, MaritimeTrade(Wool, 4, Grain), engine.ErrIllegal)
	fails(t, s, 0, ProposeTrade(res(Wool, 1), res(Ore, 1)), engine.ErrIllegal)
}

// tradeState: seat 0 (active) holds 2 wool; seat 1 ore; seat 2 grain;
// seat 3 nothing.
func tradeState(t *testing.T) *State {
	s := mainState(t, 4)
	give(t, s, 0, res(Wool, 2))
	give(t, s, 1, res(Ore, 2))
	give(t, s, 2, res(Grain, 1))
	return s
}

func TestDomesticTradeAcceptAndCounter(t *testing.T) {
	s := tradeState(t)
	do(t, s, 0, ProposeTrade(res(Wool, 1), res(Ore, 1)))
	wantPhase(t, s, PhaseTradeOffer)
	// Seat 3 holds no cards: it cannot answer anything but no, so it is
	// counted as rejecting at once.
	if d := s.Status().Deciders; !reflect.DeepEqual(d, []engine.Seat{1, 2}) {
		t.Fatalf("deciders %v", d)
	}
	if s.Offer.Answer[3] != Rejected {
		t.Fatalf("seat 3 answer %v", s.Offer.Answer[3])
	}
	fails(t, s, 0, CancelTrade(), engine.ErrNotYourTurn) // answers first
	fails(t, s, 2, AcceptTrade(), engine.ErrIllegal)     // has no ore
	fails(t, s, 2, CounterTrade(res(Grain, 1), Resources{}), engine.ErrIllegal)
	fails(t, s, 2, CounterTrade(res(Ore, 1), res(Wool, 1)), engine.ErrIllegal) // not held
	fails(t, s, 2, ProposeTrade(res(Grain, 1), res(Ore, 1)), engine.ErrIllegal)
	acts := s.LegalActions(2, nil)
	if !reflect.DeepEqual(acts, []Action{RejectTrade(), CounterTrade(res(Grain, 1), res(Wool, 1))}) {
		t.Fatalf("seat 2 answers %v", acts)
	}
	do(t, s, 2, CounterTrade(res(Grain, 1), res(Wool, 1)))
	do(t, s, 1, AcceptTrade())
	wantPhase(t, s, PhaseTradeConfirm)
	acts = s.LegalActions(0, nil)
	if !reflect.DeepEqual(acts, []Action{ConfirmTrade(1), ConfirmTrade(2), CancelTrade()}) {
		t.Fatalf("confirm choices %v", acts)
	}
	fails(t, s, 0, ConfirmTrade(3), engine.ErrIllegal) // rejected
	fails(t, s, 0, ConfirmTrade(0), engine.ErrIllegal)
	fails(t, s, 1, ConfirmTrade(1), engine.ErrNotYourTurn)
	do(t, s, 0, ConfirmTrade(2))
	if s.Hand[0] != res(Wool, 1, Grain, 1) || s.Hand[2] != res(Wool, 1) || s.Hand[1] != res(Ore, 2) {
		t.Fatalf("after the counter-trade: %v %v %v", s.Hand[0], s.Hand[1], s.Hand[2])
	}
	wantPhase(t, s, PhaseMain)
	if s.Offer.Open {
		t.Fatal("offer still open")
	}

	do(t, s, 0, ProposeTrade(res(Wool, 1), res(Ore, 1)))
	do(t, s, 1, AcceptTrade())
	do(t, s, 2, RejectTrade())
	do(t, s, 0, ConfirmTrade(1))
	if s.Hand[0] != res(Grain, 1, Ore, 1) || s.Hand[1] != res(Ore, 1, Wool, 1) {
		t.Fatalf("after the accepted trade: %v %v", s.Hand[0], s.Hand[1])
	}
	checkInvariants(t, s)
}

func TestDomesticTradeAllRejectLapses(t *testing.T) {
	s := tradeState(t)
	do(t, s, 0, ProposeTrade(res(Wool, 2), res(Grain, 1)))
	do(t, s, 1, RejectTrade())
	do(t, s, 2, RejectTrade())
	wantPhase(t, s, PhaseMain)
	if s.Hand[0] != res(Wool, 2) || s.Offer.Open {
		t.Fatal("rejected offer changed hands or stayed open")
	}
	// Cancel after an acceptance: nothing changes hands.
	do(t, s, 0, ProposeTrade(res(Wool, 1), res(Grain, 1)))
	do(t, s, 2, AcceptTrade())
	do(t, s, 1, RejectTrade())
	do(t, s, 0, CancelTrade())
	if s.Hand[0] != res(Wool, 2) || s.Hand[2] != res(Grain, 1) {
		t.Fatal("cancelled trade changed hands")
	}
}

func TestDomesticTradeRejectsGiftsAndBadOffers(t *testing.T) {
	s := tradeState(t)
	fails(t, s, 0, ProposeTrade(Resources{}, res(Ore, 1)), engine.ErrIllegal)           // asking for a gift
	fails(t, s, 0, ProposeTrade(res(Wool, 1), Resources{}), engine.ErrIllegal)          // giving a gift
	fails(t, s, 0, ProposeTrade(res(Wool, 3), res(Ore, 1)), engine.ErrIllegal)          // not held
	fails(t, s, 0, ProposeTrade(res(Wool, 1), res(Wool, 1, Ore, 1)), engine.ErrIllegal) // both sides
	fails(t, s, 0, ProposeTrade(Resources{Wool: -1}, res(Ore, 1)), engine.ErrIllegal)   // negative
	fails(t, s, 1, ProposeTrade(res(Ore, 1), res(Wool, 1)), engine.ErrNotYourTurn)      // not the active player
	fails(t, s, 2, ProposeTrade(res(Grain, 1), res(Ore, 1)), engine.ErrNotYourTurn)     // two others
	fails(t, s, 1, AcceptTrade(), engine.ErrNotYourTurn)                                // no offer
	fails(t, s, 0, AcceptTrade(), engine.ErrIllegal)                                    // not in the main phase
	fails(t, s, 0, Action{Type: ActionType(99)}, engine.ErrBadAction)
}

func TestProposalsPerTurnLimit(t *testing.T) {
	s := tradeState(t)
	for i := 0; i < MaxProposalsPerTurn; i++ {
		do(t, s, 0, ProposeTrade(res(Wool, 1), res(Ore, 1)))
		do(t, s, 1, RejectTrade())
		do(t, s, 2, RejectTrade())
	}
	fails(t, s, 0, ProposeTrade(res(Wool, 1), res(Ore, 1)), engine.ErrIllegal)
	if countType(s.LegalActions(0, nil), ActProposeTrade) != 0 {
		t.Fatal("Legal offers a proposal over the limit")
	}
	// The count starts again with each turn.
	do(t, s, 0, EndTurn())
	roll(t, s, 1, 1)
	do(t, s, 1, ProposeTrade(res(Ore, 1), res(Wool, 1)))
	if s.Proposals != 1 {
		t.Fatalf("proposals %d", s.Proposals)
	}
}

func TestStrictPhasesTradeBeforeBuild(t *testing.T) {
	s := mainState(t, 4)
	s.StrictPhases = true
	n, ne, _, _, _, _ := centre()
	settle(s, 0, n)
	give(t, s, 0, res(Lumber, 1, Brick, 1, Wool, 8))
	give(t, s, 1, res(Ore, 1))
	do(t, s, 0, MaritimeTrade(Wool, 4, Grain)) // trading first is fine
	do(t, s, 0, BuildRoad(edgeBetween(t, n, ne)))
	fails(t, s, 0, MaritimeTrade(Wool, 4, Grain), engine.ErrIllegal)
	fails(t, s, 0, ProposeTrade(res(Wool, 1), res(Ore, 1)), engine.ErrIllegal)
	acts := s.LegalActions(0, nil)
	if countType(acts, ActMaritimeTrade)+countType(acts, ActProposeTrade) != 0 {
		t.Fatalf("trades offered after building: %v", acts)
	}
	// Next turn trading opens again.
	do(t, s, 0, EndTurn())
	roll(t, s, 1, 1)
	empty(s, 1)
	give(t, s, 1, res(Ore, 4))
	do(t, s, 1, MaritimeTrade(Ore, 4, Wool))
}
