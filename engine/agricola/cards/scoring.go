package cards

import (
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Cards that give bonus points at scoring (and in the live score): their
// Points hook. What they will still score is in the score already, so
// their Worth is at most a little for what the card makes easier.

// bonus is a Points hook for the owner alone.
func bonus(f func(s *state, owner seat) int) func(*state, seat, func(seat, int)) {
	return func(s *state, owner seat, add func(seat, int)) {
		if n := f(s, owner); n != 0 {
			add(owner, n)
		}
	}
}

// thresholds is the points of the highest threshold n reaches (points[i]
// for n ≥ at[i]), 0 below the first.
func thresholds(n int, at, points []int) int {
	for i := len(at) - 1; i >= 0; i-- {
		if n >= at[i] {
			return points[i]
		}
	}
	return 0
}

// A032 Manger: pastures covering at least 6/7/8/10 farmyard spaces in all
// score 1/2/3/4 bonus points.
func manger(c *ag.Card) {
	c.Points = bonus(func(s *state, owner seat) int {
		return thresholds(pastureCells(s, owner), []int{6, 7, 8, 10}, []int{1, 2, 3, 4})
	})
	c.Worth = func(s *state, owner seat) float64 {
		if pastureCells(s, owner) >= 10 {
			return 0
		}
		return 0.1 * float64(min(roundsLeft(s), 8))
	}
}

// A038 Wool Blankets: a wooden/clay/stone house at the end scores 3/2/0.
func woolBlankets(c *ag.Card) {
	c.Points = bonus(func(s *state, owner seat) int {
		switch s.Seats[owner].House {
		case ag.Wood:
			return 3
		case ag.Clay:
			return 2
		}
		return 0
	})
	c.Worth = worth(0)
}

// A098 Stable Architect: 1 bonus point per stable outside the pastures.
func stableArchitect(c *ag.Card) {
	c.Points = bonus(func(s *state, owner seat) int {
		y := s.Seats[owner].Yard
		return (y.Stables &^ y.Fenced()).Len()
	})
	c.Worth = func(s *state, owner seat) float64 {
		return 0.1 * float64(farmyard.MaxStables-s.Seats[owner].Yard.Stables.Len()) * float64(min(roundsLeft(s), 5))
	}
}

// A133 Braggart: at least 5/6/7/8/9/10 improvements (majors and minors)
// in front of the owner score 2/3/4/5/7/9.
func braggart(c *ag.Card) {
	c.Points = bonus(func(s *state, owner seat) int {
		return thresholds(improvements(s, owner), []int{5, 6, 7, 8, 9, 10}, []int{2, 3, 4, 5, 7, 9})
	})
	c.Worth = func(s *state, owner seat) float64 {
		return 0.12 * float64(min(roundsLeft(s), 8)) * float64(min(improvements(s, owner)+1, 5))
	}
}

// B039 Loom: in the field phase of every harvest, at least 1/4/7 sheep
// give 1/2/3 food; at scoring 1 bonus point per full 3 sheep.
func loom(c *ag.Card) {
	atFieldPhase(c, func(x *ctx) {
		if n := thresholds(x.S.Seats[x.Owner].Goods[ag.Sheep], []int{1, 4, 7}, []int{1, 2, 3}); n > 0 {
			gain(x, one(ag.Food, n))
		}
	})
	c.Points = bonus(func(s *state, owner seat) int { return s.Seats[owner].Goods[ag.Sheep] / 3 })
	c.Worth = func(s *state, owner seat) float64 {
		return 0.4 * float64(harvestsLeft(s)) * float64(min(s.Seats[owner].Goods[ag.Sheep], 4)+1) / 3
	}
}

// B099 Tutor: 1 bonus point for each occupation the owner plays after
// this one.
func tutor(c *ag.Card) {
	c.Points = bonus(func(s *state, owner seat) int {
		n, after := 0, false
		for _, id := range s.Seats[owner].Cards {
			if id == "B099" {
				after = true
			} else if cd := ag.CardByID(id); after && cd != nil && cd.Kind == ag.OccupationCard {
				n++
			}
		}
		return n
	})
	c.Worth = func(s *state, owner seat) float64 {
		n := 0
		for _, id := range s.Seats[owner].Hand {
			if cd := ag.CardByID(id); cd != nil && cd.Kind == ag.OccupationCard {
				n++
			}
		}
		return 0.5 * float64(min(n, roundsLeft(s)/2))
	}
}

// B136 House Steward: when played, 1/2/3/4 wood with at least 1/3/6/9
// full rounds left; at scoring every player (the owner or not) tied for
// the most rooms gets 3 bonus points.
func houseSteward(c *ag.Card) {
	c.OnPlay = func(x *ctx) {
		if n := thresholds(roundsLeft(x.S), []int{1, 3, 6, 9}, []int{1, 2, 3, 4}); n > 0 {
			gain(x, one(ag.Wood, n))
		}
	}
	c.Points = func(s *state, _ seat, add func(seat, int)) {
		most := 0
		for i := range s.Seats {
			most = max(most, rooms(s, seat(i)))
		}
		for i := range s.Seats {
			if rooms(s, seat(i)) == most {
				add(seat(i), 3)
			}
		}
	}
	c.Worth = worth(0)
}

// B098 Organic Farmer: 1 bonus point per pasture holding at least 1
// animal with room for at least 3 more — for the best arrangement of the
// owner's animals (animals move freely).
func organicFarmer(c *ag.Card) {
	c.Points = bonus(organicPastures)
	c.Worth = func(s *state, _ seat) float64 { return 0.1 * float64(min(roundsLeft(s), 10)) }
}

// organicPastures is the most pastures of owner that can each hold 1 to
// cap−3 animals (of one kind) while all of owner's animals are housed:
// for each set of candidate pastures, largest first, and each kind given
// to them, one animal is set in each and the rest must fit with those
// pastures' room cut to cap−4 more of their kind.
func organicPastures(s *state, owner seat) int {
	herd := s.Seats[owner].Goods.Herd()
	if herd.Total() == 0 {
		return 0
	}
	hs := s.Holders(owner)
	var cand []int
	for i, h := range hs {
		if h.Where == farmyard.InPasture && h.Cap >= 4 {
			cand = append(cand, i)
		}
	}
	best := 0
	for mask := 1; mask < 1<<len(cand); mask++ {
		var chosen []int
		for b, i := range cand {
			if mask&(1<<b) != 0 {
				chosen = append(chosen, i)
			}
		}
		if len(chosen) <= best || len(chosen) > herd.Total() {
			continue
		}
		if organicFits(hs, herd, chosen, 0) {
			best = len(chosen)
		}
	}
	return best
}

// organicFits gives a kind to chosen[k:] in turn (one animal each) and
// reports whether the rest of herd then fits.
func organicFits(hs []farmyard.Holder, herd farmyard.Herd, chosen []int, k int) bool {
	if k == len(chosen) {
		return farmyard.Fits(hs, herd)
	}
	i := chosen[k]
	for kind := farmyard.Animal(0); kind < farmyard.Kinds; kind++ {
		if herd[kind] == 0 {
			continue
		}
		saved := hs[i]
		hs[i].Only, hs[i].Cap = int(kind)+1, saved.Cap-4
		herd[kind]--
		ok := organicFits(hs, herd, chosen, k+1)
		herd[kind]++
		hs[i] = saved
		if ok {
			return true
		}
	}
	return false
}
