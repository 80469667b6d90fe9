package catan

import (
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/hexgrid"
)

// greedyTally is what greedy Catan games leave behind, per game.
type greedyTally struct {
	games    int
	unplayed int // Knight, Road Building, Year of Plenty and Monopoly cards still in hands at the end
	bought   int // development cards drawn
	knights  int // Knights played
	maxHeld  int // the most unplayed cards one hand held at an end
	wins     [MaxPlayers]int
}

// playGreedy plays games four-player games from seed on, with the given
// bot kinds per seat, and tallies the development cards.
func playGreedy(t testing.TB, kinds []string, seed uint64, games int) greedyTally {
	t.Helper()
	var tl greedyTally
	for i := 0; i < games; i++ {
		st, err := Game{}.New(engine.Setup{Players: len(kinds)})
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]bot.Bot, len(kinds))
		for p, k := range kinds {
			if bots[p], err = bot.New(k, seed+uint64(i)*8+uint64(p)); err != nil {
				t.Fatal(err)
			}
		}
		if err := bot.Play(st, bots, seed+uint64(i), 20000); err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		tl.games++
		tl.wins[s.Winner]++
		tl.bought += DeckSize - s.Deck.Total()
		for p := 0; p < s.Players; p++ {
			tl.knights += int(s.Knights[p])
			held := s.Dev[p].Total() - int(s.Dev[p][VictoryPoint])
			tl.unplayed += held
			tl.maxHeld = max(tl.maxHeld, held)
		}
	}
	return tl
}

// BenchmarkGreedyDevelopment reports how greedy Catan bots use their
// development cards over whole four-player games (one game per op):
//
//	go test -run '^$' -bench GreedyDevelopment -benchtime 200x ./engine/catan
func BenchmarkGreedyDevelopment(b *testing.B) {
	tl := playGreedy(b, []string{"greedy", "greedy", "greedy", "greedy"}, 1, b.N)
	n := float64(tl.games)
	b.ReportMetric(float64(tl.unplayed)/n, "unplayed/game")
	b.ReportMetric(float64(tl.maxHeld), "max-unplayed/hand")
	b.ReportMetric(float64(tl.bought)/n, "bought/game")
	b.ReportMetric(float64(tl.knights)/n, "knights/game")
}

// before is Catan as the greedy bot rated it before development cards in
// hand were valued below playing them (5 a card, Road Building roads
// unvalued): the yardstick of BenchmarkGreedyAgainstBefore.
type before struct{ *State }

func (s before) Clone() engine.State { return before{s.Copy()} }

func (s before) Evaluate(seat engine.Seat) float64 {
	v := s.State.Evaluate(seat)
	p := int(seat)
	if p < 0 || p >= s.Players || s.Phase == PhaseOver {
		return v
	}
	for d := Knight; d < NumDevCards; d++ {
		if d != VictoryPoint {
			v += (5 - heldCard[d]) * float64(s.Dev[p][d])
		}
	}
	if s.Phase == PhaseRoadBuilding && int(s.Active) == p {
		v -= freeRoad * float64(s.FreeRoads)
	}
	return v
}

// beforeBot is a greedy bot rating positions as before.
type beforeBot struct{ g *bot.Greedy }

func (b beforeBot) Choose(s engine.State, seat engine.Seat) engine.Action {
	return b.g.Choose(before{s.(*State)}, seat)
}

// BenchmarkGreedyAgainstBefore plays today's greedy bot in seat 0 against
// three greedy bots rating positions as before (one game per op) and
// reports seat 0's win rate (a quarter when they play alike):
//
//	go test -run '^$' -bench GreedyAgainstBefore -benchtime 400x ./engine/catan
func BenchmarkGreedyAgainstBefore(b *testing.B) {
	wins := 0
	for i := 0; i < b.N; i++ {
		st, err := Game{}.New(engine.Setup{Players: 4})
		if err != nil {
			b.Fatal(err)
		}
		seed := uint64(i) + 1
		bots := []bot.Bot{bot.NewGreedy(seed * 8)}
		for p := 1; p < 4; p++ {
			bots = append(bots, beforeBot{bot.NewGreedy(seed*8 + uint64(p))})
		}
		if err := bot.Play(st, bots, seed, 20000); err != nil {
			b.Fatal(err)
		}
		if st.(*State).Winner == 0 {
			wins++
		}
	}
	b.ReportMetric(float64(wins)/float64(b.N), "win-rate")
}

// Seat 0 holds one card from an earlier turn, an empty hand and a
// settlement in the centre; seat 1 has a settlement and two wool. Greedy,
// in its main phase, plays the card rather than end the turn with it (the
// old evaluation rated every card in hand above playing it).
func TestGreedyPlaysDevelopmentCards(t *testing.T) {
	plays := map[DevCard]ActionType{Knight: ActPlayKnight, RoadBuilding: ActPlayRoadBuilding,
		YearOfPlenty: ActPlayYearOfPlenty, Monopoly: ActPlayMonopoly}
	for d := Knight; d < NumDevCards; d++ {
		if d == VictoryPoint {
			continue
		}
		s := mainState(t, 4)
		n, _, _, _, _, _ := centre()
		settle(s, 0, n)
		settle(s, 1, vx(1, 1, hexgrid.CornerN))
		give(t, s, 1, res(Wool, 2))
		devCard(t, s, 0, d)
		a := bot.NewGreedy(1).Choose(s, 0).(Action)
		if a.Type != plays[d] {
			t.Errorf("holding a %v greedy chose %v", d, a)
		}
	}
}

// Greedy bots end whole games with their cards played: at most one card
// in hands a game, across the four seats (the old evaluation left 9).
func TestGreedyEndsWithCardsPlayed(t *testing.T) {
	tl := playGreedy(t, []string{"greedy", "greedy", "greedy", "greedy"}, 1, 8)
	if tl.unplayed > tl.games {
		t.Fatalf("%d cards unplayed in %d games", tl.unplayed, tl.games)
	}
	if tl.bought == 0 {
		t.Fatal("no card bought: the test shows nothing")
	}
}

// ratedBeacon is the beacon variant whose expansion also rates its own
// part of a position: the beacon is worth 30 to its holder.
type ratedBeacon struct{ beacon }

func (ratedBeacon) Evaluate(s *State, p int) float64 {
	if s.Ext.(*beaconState).Holder == int8(p) {
		return 30
	}
	return 0
}

// An expansion that is an Evaluator adds its rating to the base game's;
// gold, never a hand card, does not count as cards in hand.
func TestEvaluatorHook(t *testing.T) {
	rules := *beaconRules
	rules.ID, rules.Expansion = "test-rated-beacon", ratedBeacon{}
	rules.Bank = Resources{19, 19, 19, 19, 19, 0, 0, 0, 40}
	s, err := NewGame(&rules).NewState(engine.Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	before := s.Evaluate(1)
	s.Ext.(*beaconState).Holder = 1
	// The beacon's point (100) and the expansion's own 30.
	if got := s.Evaluate(1); got != before+130 {
		t.Errorf("holder's rating %v, want %v + 130", got, before)
	}
	s.Bank[Gold] -= 20
	s.Hand[1][Gold] += 20
	if got := s.Evaluate(1); got != before+130 {
		t.Errorf("20 gold changed the base rating: %v", got)
	}
}
