package catan

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
	"tabula/engine/sim"
)

// Tests of the rules seam (rules.go, expansion.go): each hook with a board
// position, and the fixture variant (variant_test.go) played whole.

// check is checkInvariants without the base game's reference searches
// (which know neither an expansion's pieces nor its paths).
func check(t *testing.T, s *State) {
	t.Helper()
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// The fixture plays whole games with every check of engine/sim at every
// step (clone hashes, refusals, views, JSON round trips of every action,
// a save that loads back), and its winner has 8 points.
func TestBeaconVariantPlaysWhole(t *testing.T) {
	g, err := engine.Lookup("test-beacon")
	if err != nil {
		t.Fatal(err)
	}
	for i, bots := range [][]string{{"random"}, {"greedy", "random"}} {
		for players := 3; players <= 4; players++ {
			r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Players: players}, Seed: uint64(70 + i*2 + players),
				Bots: bots, Strict: true, Record: true})
			if r.Err != nil {
				t.Fatalf("%v %d players: %v", bots, players, r.Err)
			}
			if len(r.Winners) != 1 || r.Scores[r.Winners[0]] < 8 || r.Scores[r.Winners[0]] >= WinningPoints+3 {
				t.Fatalf("winners %v scores %v", r.Winners, r.Scores)
			}
		}
	}
}

// A 7 opens the fixture's own phase instead of the robber's; its action
// lights the beacon, which is its state (encoded, viewed, cloned apart),
// blocks the other players' roads, breaks their Longest Road and scores.
func TestBeaconReplacesTheRobber(t *testing.T) {
	s := mainOf(t, beaconGame, 4)
	_, z3, _ := zigzags(t)
	es := path(t, z3...)
	roads(s, 1, es[:6]...)
	if s.LongestRoad != 1 {
		t.Fatal("no Longest Road to break")
	}
	s.Phase = PhaseRoll
	roll(t, s, 3, 4)
	wantPhase(t, s, phaseBeacon)
	if st := s.Status(); !reflect.DeepEqual(st.Deciders, []engine.Seat{0}) || s.PromptFor(0).Code != "light-beacon" {
		t.Fatalf("status %+v prompt %+v", st, s.PromptFor(0))
	}
	acts := s.LegalActions(0, nil)
	if len(acts) != NumVertices || countType(acts, actBeacon) != NumVertices {
		t.Fatalf("%d beacon spots", len(acts))
	}
	fails(t, s, 0, EndTurn(), engine.ErrIllegal)
	fails(t, s, 1, Action{Type: actBeacon, Vertex: 3}, engine.ErrNotYourTurn)
	c := s.Copy()
	mid := z3[3] // between p1's third and fourth roads
	do(t, s, 0, Action{Type: actBeacon, Vertex: mid})
	wantPhase(t, s, PhaseMain)
	if c.Ext.(*beaconState).Holder != none || s.Ext.(*beaconState).Holder != 0 {
		t.Fatal("the clone shares the expansion's state")
	}
	if s.RoadLength[1] != 3 || s.LongestRoad != none || s.PublicPoints(0) != 1 || s.Points(0) != 1 {
		t.Fatalf("road %d holder %d points %d", s.RoadLength[1], s.LongestRoad, s.PublicPoints(0))
	}
	// Seat 1 cannot build on or through the beacon, nor settle there.
	give(t, s, 1, res(Lumber, 1, Brick, 1, Wool, 1, Grain, 1))
	s.Active = 1
	if s.RoadSpot(1, int(vertexEdges[mid][2])) && s.Road[vertexEdges[mid][2]] == none && int(edgeEnds[vertexEdges[mid][2]][0]) != mid {
		t.Fatal("road through the beacon")
	}
	if s.SettlementSpot(1, mid) || s.Free()&(1<<uint(mid)) != 0 {
		t.Fatal("settlement on the beacon")
	}
	check(t, s)
	b, err := s.EncodeCanonical()
	if err != nil || !strings.HasSuffix(string(b), fmt.Sprintf(`,"winner":-1,"ext":{"at":%d,"holder":0}}`, mid)) {
		t.Fatalf("encoding ends %s (%v)", b[len(b)-60:], err)
	}
	vb, _ := json.Marshal(s.View(engine.Spectator))
	if !strings.Contains(string(vb), fmt.Sprintf(`"ext":{"at":%d,"holder":0}`, mid)) {
		t.Fatal("the view lacks the expansion's part")
	}
	// The base game knows nothing of it.
	raw, _ := json.Marshal(Action{Type: actBeacon, Vertex: mid})
	if _, err := (Game{}).DecodeAction(raw); !errors.Is(err, engine.ErrBadAction) {
		t.Fatalf("base game decodes %s: %v", raw, err)
	}
	if a, err := beaconGame.DecodeAction(raw); err != nil || a.(Action).Vertex != mid {
		t.Fatalf("fixture decodes %s: %v %v", raw, a, err)
	}
	if err := mainState(t, 4).Do(0, Action{Type: actBeacon, Vertex: 1}); !errors.Is(err, engine.ErrBadAction) {
		t.Fatalf("base game applies it: %v", err)
	}
	// A Knight lights it too; with 8 points the game is won.
	s.Active = 0
	devCard(t, s, 0, Knight)
	do(t, s, 0, PlayKnight())
	wantPhase(t, s, phaseBeacon)
	settle(s, 0, vx(1, 1, hexgrid.CornerN), vx(5, 3, hexgrid.CornerS), vx(2, 4, hexgrid.CornerNE))
	city(s, 0, vx(1, 3, hexgrid.CornerN), vx(3, 5, hexgrid.CornerSE))
	do(t, s, 0, Action{Type: actBeacon, Vertex: vx(4, 1, hexgrid.CornerS)})
	if s.Phase != PhaseOver || s.Winner != 0 || s.Points(0) != 8 {
		t.Fatalf("phase %v winner %d points %d", s.Phase, s.Winner, s.Points(0))
	}
}

// The base game's state encodes as it did: no "ext", no kind beyond the
// five resources, 54 intersections and 72 paths.
func TestBaseEncodingUnchangedByTheSeam(t *testing.T) {
	s := mainState(t, 4)
	b, _ := s.EncodeCanonical()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var owner, road []int
	json.Unmarshal(m["owner"], &owner)
	json.Unmarshal(m["road"], &road)
	if _, ext := m["ext"]; ext || len(owner) != NumVertices || len(road) != NumEdges ||
		string(m["bank"]) != `{"lumber":19,"wool":19,"grain":19,"brick":19,"ore":19}` {
		t.Fatalf("base encoding %s", b)
	}
}

// Cities & Knights' needs: commodities in play (bank, hands, hand limit,
// discards, steals, domestic and maritime trade) and cities yielding a
// resource and a commodity (Production).
var commodityGame = NewGame(&Rules{
	ID: "test-commodities", Version: "test-commodities/1",
	Bank: Resources{19, 19, 19, 19, 19, 12, 12, 12, 0},
	Production: func(s *State, v, h int) Resources {
		r, _ := s.Board.Terrain[h].Produces()
		if !s.City[v] {
			return Of(r, 1)
		}
		if c, ok := map[Resource]Resource{Lumber: Paper, Wool: Cloth, Ore: Coin}[r]; ok {
			return Of(r, 1).Plus(Of(c, 1))
		}
		return Of(r, 2)
	},
	HandLimit: func(s *State, p int) int { return 7 + 2*int(CityPieces-s.CitiesLeft[p]) },
	Maritime: func(s *State, p int, r Resource, rate int) int {
		if r >= Paper && r <= Coin && s.CitiesLeft[p] < CityPieces {
			return 2
		}
		return rate
	},
})

func TestCommoditiesAreCards(t *testing.T) {
	s := mainOf(t, commodityGame, 4)
	s.Phase = PhaseRoll
	city(s, 0, vx(4, 4, hexgrid.CornerN))   // Forest 3, Mountains 8, Pasture 5
	settle(s, 1, vx(3, 4, hexgrid.CornerN)) // Forest 3
	roll(t, s, 1, 2)
	if s.Hand[0] != res(Lumber, 1, Paper, 1) || s.Hand[1] != res(Lumber, 1) || s.Bank[Paper] != 11 {
		t.Fatalf("hands %v %v bank %v", s.Hand[0], s.Hand[1], s.Bank)
	}
	// Hand limit 9 with a city; commodities count.
	give(t, s, 0, res(Ore, 5, Paper, 1, Coin, 1)) // 9 cards
	give(t, s, 1, res(Grain, 7))                  // 8 cards, no city
	do(t, s, 0, EndTurn())
	s.Active = 3
	s.Phase = PhaseRoll
	roll(t, s, 3, 4)
	if s.Discard != [MaxPlayers]int8{0, 4, 0, 0} {
		t.Fatalf("discards %v", s.Discard)
	}
	give(t, s, 0, res(Cloth, 1)) // 10 now: over 9 on the next 7
	s.Discard = [MaxPlayers]int8{}
	s.Phase = PhaseRoll
	roll(t, s, 5, 2)
	acts := s.LegalActions(0, nil)
	if s.Discard[0] != 5 || !hasAction(s, 0, Discard(res(Paper, 2, Coin, 1, Cloth, 1, Lumber, 1))) || countType(acts, ActDiscard) != len(acts) {
		t.Fatalf("discard %d, %d choices", s.Discard[0], len(acts))
	}
	do(t, s, 0, Discard(res(Paper, 2, Coin, 1, Cloth, 1, Ore, 1)))
	do(t, s, 1, Discard(res(Grain, 4)))
	wantPhase(t, s, PhaseRobber)
	// A hand of one commodity can be robbed of it.
	empty(s, 0)
	give(t, s, 0, res(Cloth, 1))
	do(t, s, 3, MoveRobber(HexAt(3, 5)))
	if st := s.Status(); st.Chance == nil || !reflect.DeepEqual(st.Chance.Ranges, []int{1}) {
		t.Fatalf("steal request %+v", st.Chance)
	}
	resolve(t, s, 0)
	if s.Hand[3] != res(Cloth, 1) {
		t.Fatalf("stole %v", s.Hand[3])
	}
	// Trades: commodities for resources, with players and the bank.
	give(t, s, 3, res(Paper, 2))
	do(t, s, 3, ProposeTrade(res(Paper, 1), res(Grain, 1)))
	do(t, s, 1, AcceptTrade()) // seats 0 and 2, holding nothing, said no at once
	do(t, s, 3, ConfirmTrade(1))
	if s.Hand[1][Paper] != 1 || s.Hand[3][Grain] != 1 {
		t.Fatalf("after trade %v %v", s.Hand[1], s.Hand[3])
	}
	fails(t, s, 3, MaritimeTrade(Cloth, 2, Ore), engine.ErrIllegal) // no city: 4:1
	city(s, 3, vx(3, 3, hexgrid.CornerS))                           // inland: no harbour
	give(t, s, 3, res(Cloth, 1))
	if s.Rate(3, Cloth) != 2 || s.Rate(3, Lumber) != 4 || !hasAction(s, 3, MaritimeTrade(Cloth, 2, Coin)) || hasAction(s, 3, MaritimeTrade(Paper, 2, Coin)) {
		t.Fatalf("rates %v", s.ViewOf(3).Seats[3].Rates)
	}
	do(t, s, 3, MaritimeTrade(Cloth, 2, Wool))
	checkInvariants(t, s)
	// The base game plays no commodity.
	b := mainState(t, 4)
	give(t, b, 0, res(Ore, 1))
	b.Hand[0][Paper] = 1
	fails(t, b, 0, ProposeTrade(res(Paper, 1), res(Ore, 1)), engine.ErrIllegal)
	raw, _ := json.Marshal(ProposeTrade(res(Paper, 1), res(Ore, 1)))
	if _, err := (Game{}).DecodeAction(raw); !errors.Is(err, engine.ErrBadAction) {
		t.Fatalf("base decodes %s: %v", raw, err)
	}
	if _, err := commodityGame.DecodeAction(raw); err != nil {
		t.Fatal(err)
	}
}

// Traders & Barbarians' gold: traded, taken from and sold to the bank, but
// not a card in hand: no discard counts it, no steal takes it.
var goldGame = NewGame(&Rules{
	ID: "test-gold", Version: "test-gold/1",
	Bank: Resources{19, 19, 19, 19, 19, 0, 0, 0, 40},
	Maritime: func(s *State, p int, r Resource, rate int) int {
		if r == Gold {
			return 0 // bought by its own action, not given to the bank
		}
		return rate
	},
})

func TestGoldIsNotAHand(t *testing.T) {
	s := mainOf(t, goldGame, 4)
	h := HexAt(2, 2)
	settle(s, 1, int(hexCorners[h][hexgrid.CornerN]))
	give(t, s, 1, res(Lumber, 7, Gold, 5))
	give(t, s, 2, res(Ore, 8))
	s.Phase = PhaseRoll
	roll(t, s, 3, 4)
	if s.Discard != [MaxPlayers]int8{0, 0, 4, 0} {
		t.Fatalf("discards %v", s.Discard)
	}
	fails(t, s, 2, Discard(res(Ore, 3, Gold, 1)), engine.ErrIllegal)
	do(t, s, 2, Discard(res(Ore, 4)))
	empty(s, 1)
	give(t, s, 1, res(Gold, 3))
	do(t, s, 0, MoveRobber(h)) // seat 1 holds only gold: nobody to rob
	wantPhase(t, s, PhaseMain)
	if v := s.ViewOf(0); v.Seats[1].Cards != 0 || v.Seats[0].Rates[Gold] != 0 || !reflect.DeepEqual(v.Cards, []string{"lumber", "wool", "grain", "brick", "ore", "gold"}) {
		t.Fatalf("view %+v %v", v.Seats[1], v.Cards)
	}
	give(t, s, 0, res(Lumber, 4, Gold, 4))
	if !hasAction(s, 0, MaritimeTrade(Lumber, 4, Gold)) || hasAction(s, 0, MaritimeTrade(Gold, 4, Ore)) {
		t.Fatal("maritime gold")
	}
	fails(t, s, 0, MaritimeTrade(Gold, 4, Ore), engine.ErrIllegal)
	do(t, s, 0, MaritimeTrade(Lumber, 4, Gold))
	do(t, s, 0, ProposeTrade(res(Gold, 2), res(Ore, 1)))
	do(t, s, 1, RejectTrade())
	do(t, s, 2, AcceptTrade()) // seat 3, holding nothing, said no at once
	do(t, s, 0, ConfirmTrade(2))
	if s.Hand[0] != res(Gold, 3, Ore, 1) || s.Hand[2][Gold] != 2 {
		t.Fatalf("hands %v %v", s.Hand[0], s.Hand[2])
	}
	checkInvariants(t, s)
}

// Both expansions found a settlement and then a city, taking the starting
// resources from the city.
var cityFoundingGame = NewGame(&Rules{ID: "test-found-city", Version: "test-found-city/1", FoundCity: true})

func TestFoundingSecondBuildingIsACity(t *testing.T) {
	s, _ := cityFoundingGame.NewState(engine.Setup{Players: 3})
	resolve(t, s, 5, 5, 0, 0, 0, 0)
	spots := []int{vx(1, 1, hexgrid.CornerN), vx(1, 3, hexgrid.CornerN), vx(2, 1, hexgrid.CornerSW),
		vx(4, 4, hexgrid.CornerN), vx(3, 3, hexgrid.CornerN), vx(5, 1, hexgrid.CornerS)}
	for k, v := range spots {
		p := int(s.Active)
		if k < 3 {
			if s.PromptFor(p).Code != "place-settlement" {
				t.Fatalf("step %d prompt %v", k, s.PromptFor(p))
			}
			do(t, s, p, BuildSettlement(v))
		} else {
			if s.PromptFor(p).Code != "place-city" || countType(s.LegalActions(engine.Seat(p), nil), ActBuildCity) == 0 {
				t.Fatalf("step %d prompt %v", k, s.PromptFor(p))
			}
			fails(t, s, p, BuildSettlement(v), engine.ErrIllegal)
			do(t, s, p, BuildCity(v))
		}
		do(t, s, p, s.LegalActions(engine.Seat(p), nil)[0])
	}
	if s.Hand[2] != res(Lumber, 1, Ore, 1, Wool, 1) || !s.City[spots[3]] || s.PublicPoints(2) != 3 || s.CitiesLeft[2] != 3 || s.SettlementsLeft[2] != 4 {
		t.Fatalf("seat 2: hand %v points %d", s.Hand[2], s.PublicPoints(2))
	}
	wantPhase(t, s, PhaseRoll)
	checkInvariants(t, s)
}

// The Dice hook: a third die, an expansion phase waiting for chance before
// production (Cities & Knights' event die), and a re-roll (Traders &
// Barbarians' 2 and 12); a Checker.
var (
	omenRules   = &Rules{ID: "test-omen", Version: "test-omen/1"}
	phaseOmen   = omenRules.NewPhase("omen")
	omenRequest = &engine.ChanceRequest{Kind: "omen", Ranges: []int{2}}
	diceOf3     = &engine.ChanceRequest{Kind: "dice", Ranges: []int{6, 6, 6}}
	omenGame    = func() Game {
		omenRules.Dice = omenDice{}
		omenRules.Expansion = omen{}
		return NewGame(omenRules)
	}()
)

type omenState struct{ Red, Yellow, Omens int8 }

func (o *omenState) Clone() Extension { c := *o; return &c }

type omenDice struct{}

func (omenDice) Request(*State) *engine.ChanceRequest { return diceOf3 }
func (omenDice) Rolled(s *State, o []int) {
	if sum := o[0] + o[1] + 2; sum == 2 || sum == 12 {
		return // roll again
	}
	x := s.Ext.(*omenState)
	x.Red, x.Yellow = int8(o[0]+1), int8(o[1]+1)
	if o[2] == 0 {
		s.Phase = phaseOmen
		return
	}
	s.DiceRolled(int(x.Red), int(x.Yellow))
}

type omen struct{}

func (omen) New(s *State, _ engine.Setup) error          { s.Ext = &omenState{}; return nil }
func (omen) Legal(*State, int, *Lister)                  {}
func (omen) Do(*State, int, Action) (bool, error)        { return false, nil }
func (omen) Await(*State) (uint8, *engine.ChanceRequest) { return 0, omenRequest }
func (omen) View(*State, int) any                        { return nil }
func (omen) Resolve(s *State, o []int) {
	x := s.Ext.(*omenState)
	x.Omens += int8(o[0])
	s.DiceRolled(int(x.Red), int(x.Yellow))
}
func (omen) Check(s *State) error {
	if s.Ext.(*omenState).Omens < 0 {
		return fmt.Errorf("negative omens")
	}
	return nil
}

func TestDiceHookAndChanceInAnExpansionPhase(t *testing.T) {
	s := mainOf(t, omenGame, 3)
	s.Phase = PhaseRoll
	settle(s, 0, vx(1, 1, hexgrid.CornerN)) // Mountains 10
	do(t, s, 0, Roll())
	if st := s.Status(); st.Chance != diceOf3 {
		t.Fatalf("roll request %+v", st.Chance)
	}
	resolve(t, s, 5, 5, 1) // 12: again
	wantPhase(t, s, PhaseDice)
	resolve(t, s, 4, 5, 0) // 5 + 6, and an omen first
	wantPhase(t, s, phaseOmen)
	if st := s.Status(); st.Chance != omenRequest || s.Hand[0].Total() != 0 {
		t.Fatalf("omen request %+v", st.Chance)
	}
	fails(t, s, 0, EndTurn(), engine.ErrAwaitChance)
	if err := s.Resolve(engine.Outcome{2}); !errors.Is(err, engine.ErrBadOutcome) {
		t.Fatalf("unfit omen: %v", err)
	}
	resolve(t, s, 1)
	wantPhase(t, s, PhaseMain)
	s.Ext.(*omenState).Omens = -1
	if err := s.CheckInvariants(); err == nil || !strings.Contains(err.Error(), "omens") {
		t.Fatalf("expansion's invariant: %v", err)
	}
	s.Ext.(*omenState).Omens = 1
	do(t, s, 0, EndTurn())
	roll3 := func(a, b, c int) { do(t, s, int(s.Active), Roll()); resolve(t, s, a, b, c) }
	roll3(3, 5, 3) // 4 + 6 without omen
	if s.Hand[0] != res(Ore, 1) || s.Dice != [2]int8{4, 6} {
		t.Fatalf("hand %v dice %v", s.Hand[0], s.Dice)
	}
}

// The Robber hook returning Resume: a robber that may not move yet
// (Cities & Knights before the first barbarian attack). The 7's discards
// still happen; a Knight would still count.
var lockedGame = NewGame(&Rules{ID: "test-locked-robber", Version: "test-locked-robber/1",
	Robber: func(s *State) Phase { return s.Resume }})

func TestRobberThatMayNotMove(t *testing.T) {
	s := mainOf(t, lockedGame, 3)
	give(t, s, 1, res(Ore, 8))
	s.Phase = PhaseRoll
	roll(t, s, 3, 4)
	wantPhase(t, s, PhaseDiscard)
	do(t, s, 1, Discard(res(Ore, 4)))
	wantPhase(t, s, PhaseMain)
	devCard(t, s, 0, Knight)
	do(t, s, 0, PlayKnight())
	wantPhase(t, s, PhaseMain)
	if s.Robber != int8(HexAt(3, 3)) || s.Knights[0] != 1 {
		t.Fatalf("robber %d knights %d", s.Robber, s.Knights[0])
	}
}

// NoLongestRoad, Deck (none, or the family's Swift Journey), Forbid,
// Scoring's hidden points and VictoryTarget.
func TestScoringDeckAndForbid(t *testing.T) {
	noRoad := NewGame(&Rules{ID: "test-no-road", Version: "x/1", NoLongestRoad: true})
	s := mainOf(t, noRoad, 3)
	_, z3, _ := zigzags(t)
	roads(s, 0, path(t, z3...)[:6]...)
	if s.RoadLength[0] != 6 || s.LongestRoad != none || s.PublicPoints(0) != 0 {
		t.Fatalf("road %d holder %d", s.RoadLength[0], s.LongestRoad)
	}

	noDeck := NewGame(&Rules{ID: "test-no-deck", Version: "x/1", Deck: &DevCards{}})
	s = mainOf(t, noDeck, 3)
	give(t, s, 0, DevelopmentCost)
	if hasAction(s, 0, BuyDevelopment()) || s.ViewOf(0).Development {
		t.Fatal("a development card to buy")
	}
	fails(t, s, 0, BuyDevelopment(), engine.ErrIllegal)

	journey := NewGame(&Rules{ID: "test-journey", Version: "x/1", Deck: &DevCards{Knight: 2, SwiftJourney: 3}})
	s = mainOf(t, journey, 3)
	give(t, s, 0, res(Ore, 2, Wool, 2, Grain, 2))
	do(t, s, 0, BuyDevelopment())
	resolve(t, s, 4) // card 4 of knight, knight, journey ×3
	if err := s.PlayCard(0, SwiftJourney); err == nil {
		t.Fatal("a card played the turn it was bought")
	}
	do(t, s, 0, EndTurn())
	s.Active = 0
	if err := s.PlayCard(0, SwiftJourney); err != nil || !s.DevPlayed || s.Played[SwiftJourney] != 1 {
		t.Fatalf("play: %v", err)
	}
	if err := s.PlayCard(0, Knight); err == nil {
		t.Fatal("two cards in one turn")
	}
	checkInvariants(t, s)

	forbid := NewGame(&Rules{ID: "test-forbid", Version: "x/1",
		Forbid: func(s *State, p int, a Action) error {
			if a.Type == ActBuildCity && s.Turn < 5 {
				return engine.Illegal("no city before turn 5")
			}
			return nil
		}})
	s = mainOf(t, forbid, 3)
	settle(s, 0, vx(1, 1, hexgrid.CornerN))
	give(t, s, 0, CityCost.Plus(RoadCost))
	if hasAction(s, 0, BuildCity(vx(1, 1, hexgrid.CornerN))) || !hasAction(s, 0, EndTurn()) || s.LegalCount(0) != len(s.LegalActions(0, nil)) {
		t.Fatal("forbidden city listed")
	}
	fails(t, s, 0, BuildCity(vx(1, 1, hexgrid.CornerN)), engine.ErrIllegal)
	s.Turn = 5
	do(t, s, 0, BuildCity(vx(1, 1, hexgrid.CornerN)))

	hidden := NewGame(&Rules{ID: "test-hidden", Version: "x/1", VictoryTarget: 4,
		Scoring: func(s *State, p int) (int, int) {
			if p == 1 {
				return 1, 2
			}
			return 0, 0
		}})
	s = mainOf(t, hidden, 3)
	settle(s, 1, vx(1, 1, hexgrid.CornerN))
	if s.PublicPoints(1) != 2 || s.Points(1) != 4 || s.Scores()[1] != 2 || s.ViewOf(0).Target != 4 {
		t.Fatalf("points %d %d", s.PublicPoints(1), s.Points(1))
	}
	do(t, s, 0, EndTurn()) // seat 1's turn begins with 4 points: won
	if s.Phase != PhaseOver || s.Winner != 1 || s.Scores()[1] != 4 {
		t.Fatalf("phase %v winner %d", s.Phase, s.Winner)
	}
}

// The steps an expansion calls for a theft and a swap of number tokens.
func TestStealFromAndSwapNumbers(t *testing.T) {
	s := mainOf(t, goldGame, 3)
	give(t, s, 2, res(Gold, 4))
	if s.StealFrom(2) || s.Phase != PhaseMain {
		t.Fatal("stole gold")
	}
	give(t, s, 2, res(Wool, 1))
	if !s.StealFrom(2) || s.Status().Chance == nil || !reflect.DeepEqual(s.Status().Chance.Ranges, []int{1}) {
		t.Fatalf("steal request %+v", s.Status().Chance)
	}
	resolve(t, s, 0)
	if s.Hand[0] != res(Wool, 1) || s.Phase != PhaseMain {
		t.Fatalf("hand %v phase %v", s.Hand[0], s.Phase)
	}
	settle(s, 1, vx(1, 1, hexgrid.CornerN)) // Mountains 10
	s.SwapNumbers(HexAt(1, 1), HexAt(3, 5)) // now Mountains 8
	s.Phase = PhaseRoll
	roll(t, s, 4, 4)
	if s.Hand[1] != res(Ore, 1) {
		t.Fatalf("after the swap an 8 gave %v", s.Hand[1])
	}
	check(t, s)
}

// The board hook: Traders & Barbarians' trade hex as an expansion builds
// it, a plaza in the top-left corner hex joined to its four land corners,
// its sea sides and sea-only corners closed.
var plazaGame = func() Game {
	g := IslandGraph()
	h := HexAt(1, 1)
	plaza := g.AddIntersection(hexgrid.Layout{Size: 1}.Center(Island.Hexes[h]), h)
	g.CloseIntersection(plaza)
	for _, v := range hexCorners[h] {
		if len(Island.VertexHexes[v]) > 1 {
			g.AddPath(plaza, int(v))
		} else {
			g.CloseIntersection(int(v))
		}
	}
	for _, e := range Island.HexEdges[h] {
		if len(Island.EdgeHexes[e]) == 1 {
			g.ClosePath(e)
		}
	}
	return NewGame(&Rules{ID: "test-plaza", Version: "x/1",
		Board: &Map{Graph: g, Beginner: BeginnerBoard}})
}()

func TestPlazaGraph(t *testing.T) {
	s := mainOf(t, plazaGame, 3)
	g := s.Graph()
	plaza := NumVertices
	south, northEast := vx(1, 1, hexgrid.CornerS), vx(1, 1, hexgrid.CornerNE)
	if g.Vertices() != NumVertices+1 || g.Edges() != NumEdges+4 || len(g.Paths(plaza)) != 4 || !g.Closed(plaza) || !g.Closed(vx(1, 1, hexgrid.CornerN)) {
		t.Fatalf("graph: %d intersections, %d paths", g.Vertices(), g.Edges())
	}
	spoke := func(v int) int {
		for _, e := range g.Paths(plaza) {
			if a, b := g.Ends(e); a == v || b == v {
				return e
			}
		}
		t.Fatalf("no path from the plaza to %d", v)
		return -1
	}
	settle(s, 0, south)
	give(t, s, 0, RoadCost.Plus(RoadCost).Plus(SettlementCost))
	if !hasAction(s, 0, BuildRoad(spoke(south))) {
		t.Fatal("no road on the plaza's path")
	}
	do(t, s, 0, BuildRoad(spoke(south)))
	fails(t, s, 0, BuildSettlement(plaza), engine.ErrIllegal)
	do(t, s, 0, BuildRoad(spoke(northEast))) // on through the plaza
	do(t, s, 0, BuildSettlement(northEast))
	sea := ed(1, 1, hexgrid.NorthEast)
	if !g.PathClosed(sea) || hasAction(s, 0, BuildRoad(sea)) {
		t.Fatal("a road on a sea side")
	}
	give(t, s, 0, RoadCost)
	fails(t, s, 0, BuildRoad(sea), engine.ErrIllegal)
	check(t, s)
	// The paths beyond the island's 72 are encoded once used; the view
	// places the plaza at the hex's centre.
	b, _ := s.EncodeCanonical()
	var m struct{ Road []int }
	json.Unmarshal(b, &m)
	if len(m.Road) != max(spoke(south), spoke(northEast))+1 || m.Road[spoke(northEast)] != 0 || m.Road[spoke(south)] != 0 {
		t.Fatalf("roads %v", m.Road)
	}
	v := s.ViewOf(0)
	pv := v.Vertices[plaza]
	c := hexgrid.Layout{Size: 1}.Center(Island.Hexes[HexAt(1, 1)])
	if len(v.Vertices) != NumVertices+1 || len(v.Edges) != NumEdges+4 || pv.X != c.X || pv.Y != c.Y || !pv.Closed || pv.Corner != "" || !v.Edges[sea].Closed {
		t.Fatalf("view of the plaza %+v", pv)
	}
	// Founding never offers a closed intersection.
	f, _ := plazaGame.NewState(engine.Setup{Players: 3})
	resolve(t, f, 5, 5, 0, 0, 0, 0)
	if hasAction(f, 0, BuildSettlement(plaza)) || hasAction(f, 0, BuildSettlement(vx(1, 1, hexgrid.CornerNW))) || !hasAction(f, 0, BuildSettlement(south)) {
		t.Fatal("founding spots")
	}
	fails(t, f, 0, BuildSettlement(vx(1, 1, hexgrid.CornerNW)), engine.ErrIllegal)
}

// The straight-line Resources operations (resources.go) agree with plain
// loops on random counts, negative ones included.
func TestResourcesOpsAgreeWithLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rs := func(neg bool) Resources {
		var x Resources
		for i := range x {
			x[i] = int8(r.IntN(25))
			if neg && r.IntN(6) == 0 {
				x[i] = -int8(r.IntN(20)) - 1
			}
			if r.IntN(3) == 0 {
				x[i] = 0
			}
		}
		return x
	}
	for i := 0; i < 20000; i++ {
		neg := i%2 == 1
		x, y := rs(neg), rs(neg)
		total, hand, covers, valid, overlaps := 0, 0, true, true, false
		var plus, minus Resources
		for k := range x {
			total += int(x[k])
			if Resource(k).InHand() {
				hand += int(x[k])
			}
			covers = covers && x[k] >= y[k]
			valid = valid && x[k] >= 0 && x[k] <= maxCount[k]
			overlaps = overlaps || x[k] > 0 && y[k] > 0
			plus[k], minus[k] = x[k]+y[k], x[k]-y[k]
		}
		if x.Total() != total || x.InHand() != hand || x.Covers(y) != covers || x.valid() != valid ||
			x.Plus(y) != plus || x.Minus(y) != minus || !neg && x.overlaps(y) != overlaps {
			t.Fatalf("%v %v: total %d/%d hand %d/%d covers %v valid %v", x, y, x.Total(), total, x.InHand(), hand, covers, valid)
		}
		for _, in := range []uint16{0x1f, 0xff, 0x11f} {
			within := true
			for k := range x {
				within = within && (x[k] == 0 || in&(1<<k) != 0)
			}
			if x.within(in) != within {
				t.Fatalf("%v within %x", x, in)
			}
		}
	}
}
