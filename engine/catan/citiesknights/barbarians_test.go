package citiesknights

import "testing"

func seats(ps ...int) uint8 { return uint8(setOf(ps...)) }

func TestAttack(t *testing.T) {
	for _, c := range []struct {
		name string
		a    Attack
		want AttackResult
	}{
		{"Catan wins, one defender",
			Attack{Players: 4, Cities: [4]int{1, 1, 1, 1}, Knights: [4]int{3, 1, 0, 0}},
			AttackResult{Barbarians: 4, Defence: 4, CatanWins: true, Defender: 0}},
		{"Catan wins, tie for best: both draw",
			Attack{Players: 3, Cities: [4]int{2, 1, 1}, Knights: [4]int{2, 2, 1}},
			AttackResult{Barbarians: 4, Defence: 5, CatanWins: true, Defender: -1, Drawers: seats(0, 1)}},
		{"barbarians win, the weakest loses",
			Attack{Players: 4, Cities: [4]int{1, 1, 1, 1}, Knights: [4]int{2, 1, 0, 0}},
			AttackResult{Barbarians: 4, Defence: 3, Defender: -1, Pillaged: seats(2, 3)}},
		{"equal strength: Catan wins",
			Attack{Players: 3, Cities: [4]int{2, 2, 2}, Knights: [4]int{2, 1, 3}},
			AttackResult{Barbarians: 6, Defence: 6, CatanWins: true, Defender: 2}},
		{"barbarians win, weakest holds only a metropolis: immune, next weakest loses",
			Attack{Players: 4, Cities: [4]int{0, 2, 1, 1}, Metropolises: [4]int{1, 0, 0, 0}, Knights: [4]int{0, 1, 2, 1}},
			AttackResult{Barbarians: 5, Defence: 4, Defender: -1, Pillaged: seats(1, 3)}},
		{"players without cities are skipped",
			Attack{Players: 4, Cities: [4]int{0, 0, 3, 0}, Knights: [4]int{0, 0, 1, 0}},
			AttackResult{Barbarians: 3, Defence: 1, Defender: -1, Pillaged: seats(2)}},
		{"metropolises count for the barbarians",
			Attack{Players: 3, Cities: [4]int{1, 0, 0}, Metropolises: [4]int{1, 1, 1}, Knights: [4]int{3, 0, 0}},
			AttackResult{Barbarians: 4, Defence: 3, Defender: -1, Pillaged: seats(0)}},
		{"a player without a city can be Defender",
			Attack{Players: 3, Cities: [4]int{1, 1, 0}, Knights: [4]int{0, 0, 2}},
			AttackResult{Barbarians: 2, Defence: 2, CatanWins: true, Defender: 2}},
		{"no city and no knight: all tie at 0 and draw (reading 1)",
			Attack{Players: 3},
			AttackResult{CatanWins: true, Defender: -1, Drawers: seats(0, 1, 2)}},
		{"all cities metropolises: nobody is pillaged",
			Attack{Players: 3, Metropolises: [4]int{1, 1, 1}},
			AttackResult{Barbarians: 3, Defender: -1}},
	} {
		if got := c.a.Resolve(); got != c.want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}
