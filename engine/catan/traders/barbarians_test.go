package traders

import (
	"testing"

	"tabula/engine/catan"
)

// Orig: a 2 or a 12 is rolled again; nothing is produced for it.
func TestRerollTwoAndTwelve(t *testing.T) {
	s := founded(t)
	bank := s.Bank
	do(t, s, 0, catan.Roll())
	if k, r := chance(s); k != "dice" || len(r) != 2 {
		t.Fatalf("roll: chance %q %v", k, r)
	}
	resolve(t, s, 0, 0) // 2
	if k, _ := chance(s); k != "re-roll" || s.Phase != catan.PhaseDice || s.Bank != bank {
		t.Fatalf("after a 2: chance %q, phase %v", k, s.Phase)
	}
	if v := ViewOf(s); !v.Reroll {
		t.Error("the view does not show the re-roll")
	}
	resolve(t, s, 5, 5) // 12
	if k, _ := chance(s); k != "re-roll" {
		t.Fatalf("after a 12: chance %q", k)
	}
	resolve(t, s, 3, 4) // 4 + 5 = 9: mountains 9 pays seat 0's city 2 ore
	if s.Phase != catan.PhaseMain || s.Dice != [2]int8{4, 5} || caravans(s).Reroll {
		t.Fatalf("after a 9: phase %v dice %v", s.Phase, s.Dice)
	}
	if got := s.Hand[0][catan.Ore]; got != 1+2 {
		t.Errorf("seat 0 holds %d ore after a 9, want 3", got)
	}
	if k, _ := chance(s); k != "" {
		t.Errorf("chance %q after production", k)
	}
}

// Orig: on a 7 everyone over 7 resource cards discards half (gold not
// counted), then the roller moves a barbarian; onto another player's road
// it robs that road's owner of a resource, never of gold.
func TestSevenMovesBarbarianOntoRoad(t *testing.T) {
	s := table(t)
	do(t, s, 0, catan.EndTurn())
	// Seat 1 to roll. Seat 2 has 8 cards (discards 4); seat 3 has 7
	// cards and 20 gold (discards none).
	give(s, 2, catan.Resources{catan.Lumber: 8})
	give(s, 3, catan.Resources{catan.Ore: 7, catan.Gold: 15})
	give(s, 0, catan.Resources{catan.Wool: 1})
	roll(t, s, 3, 4)
	if s.Phase != catan.PhaseDiscard || s.Discard[2] != 4 || s.Discard[3] != 0 {
		t.Fatalf("phase %v, discards %v", s.Phase, s.Discard)
	}
	refuse(t, s, 2, catan.Discard(catan.Resources{catan.Lumber: 3, catan.Gold: 1}))
	do(t, s, 2, catan.Discard(catan.Resources{catan.Lumber: 4}))
	if s.Phase != PhaseBarbarian || s.Active != 1 {
		t.Fatalf("after discards: phase %v", s.Phase)
	}
	c := caravans(s)
	from := int(c.Barbarian[Castle])
	// Onto a path with a barbarian: refused; a sea side: refused.
	refuse(t, s, 1, moveBarb(from, int(c.Barbarian[Quarry])))
	refuse(t, s, 1, moveBarb(from, Board.SeaSides[Castle][0]))
	refuse(t, s, 1, moveBarb(route(t, 24, 19), route(t, 24, 18))) // no barbarian there
	if n := len(s.Legal(1)); n != 3*(NumRoutes-9-3) {
		t.Errorf("%d barbarian moves listed, want %d", n, 3*(NumRoutes-9-3))
	}
	// Onto seat 0's road 13–9: seat 0 holds a wool and 5 gold; the steal
	// draws from its one card.
	do(t, s, 1, moveBarb(from, route(t, 13, 9)))
	if k, r := chance(s); k != "steal" || len(r) != 1 || r[0] != 1 || s.Victim != 0 {
		t.Fatalf("steal request %q %v victim %d", k, r, s.Victim)
	}
	resolve(t, s, 0)
	if s.Hand[1][catan.Wool] != 1 || s.Hand[0][catan.Wool] != 0 || s.Hand[0][catan.Gold] != 5 || s.Phase != catan.PhaseMain {
		t.Errorf("after the steal: seat 1 %v, seat 0 %v, phase %v", s.Hand[1], s.Hand[0], s.Phase)
	}
	if c.Barbarian[Castle] != int8(route(t, 13, 9)) {
		t.Errorf("barbarian on %d", c.Barbarian[Castle])
	}
}

// A 7 onto one's own road, or an empty path, or the road of a player with
// no card, robs nobody.
func TestSevenNoTheft(t *testing.T) {
	for _, tc := range []struct {
		name string
		to   func(t *testing.T) int
	}{
		{"own road", func(t *testing.T) int { return route(t, 13, 9) }},
		{"empty path", func(t *testing.T) int { return route(t, 24, 18) }},
		{"road of a player without cards", func(t *testing.T) int { return route(t, 19, 14) }},
	} {
		s := founded(t)
		clearHands(s)
		give(s, 1, catan.Resources{catan.Gold: 3}) // gold is not a card
		roll(t, s, 3, 4)
		do(t, s, 0, moveBarb(int(caravans(s).Barbarian[Quarry]), tc.to(t)))
		if s.Phase != catan.PhaseMain {
			t.Errorf("%s: phase %v", tc.name, s.Phase)
		}
	}
}

// A Knight moves a barbarian and robs like a 7, and counts for Largest
// Army (kept in the scenario: 2 points for 3 Knights).
func TestKnight(t *testing.T) {
	s := table(t)
	s.Dev[0][catan.Knight] = 3 // held since before this turn
	s.Deck[catan.Knight] -= 3
	give(s, 1, catan.Resources{catan.Brick: 2})
	do(t, s, 0, catan.PlayKnight())
	if s.Phase != PhaseBarbarian {
		t.Fatalf("Knight: phase %v", s.Phase)
	}
	refuse(t, s, 0, catan.EndTurn())
	do(t, s, 0, moveBarb(int(caravans(s).Barbarian[Castle]), route(t, 19, 14)))
	resolve(t, s, 1)
	if s.Hand[0][catan.Brick] != 1 || s.Knights[0] != 1 || s.Phase != catan.PhaseMain {
		t.Fatalf("after the Knight: hand %v knights %d phase %v", s.Hand[0], s.Knights[0], s.Phase)
	}
	refuse(t, s, 0, catan.PlayKnight()) // one card per turn
	points := s.PublicPoints(0)
	for k := 2; k <= 3; k++ {
		for p := 0; p < 4; p++ {
			do(t, s, int(s.Active), catan.EndTurn())
			roll(t, s, 1, 2)
		}
		do(t, s, 0, catan.PlayKnight()) // before or after the roll: here after
		do(t, s, 0, moveBarb(int(caravans(s).Barbarian[Castle]), []int{2: route(t, 24, 18), 3: route(t, 24, 30)}[k]))
	}
	if s.Knights[0] != 3 || s.LargestArmy != 0 || s.PublicPoints(0) != points+2 {
		t.Errorf("3 Knights: largest army %d, points %d (was %d)", s.LargestArmy, s.PublicPoints(0), points)
	}
}
