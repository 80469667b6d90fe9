// Package agricolastats reads Agricola's logs for the statistics screen
// (package engine/stats; docs/stats.md).
package agricolastats

import (
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/stats"
)

func init() { stats.Register("agricola", newFolder) }

// Agricola: the scoring pad per category as a chart (the live preview while
// the game runs, which counts only what lies on the table), and food and
// begging cards at the end of every round. The hands stay out of it.

// scoreKeys are the scoring pad's rows (the ScoreSheet's JSON names).
var scoreKeys = []string{"fields", "pastures", "grain", "vegetables", "sheep", "boar", "cattle",
	"unused", "fencedStables", "rooms", "people", "cards", "bonus", "begging"}

type agricolaFolder struct {
	players int
	round   int
	// At the end of every round (index: round − 1): food in each supply
	// and begging cards, as they stood before the next round began.
	food, begging [][]int
	before        struct{ food, begging []int }
}

func newFolder(players int) stats.Folder { return &agricolaFolder{players: players} }

func (f *agricolaFolder) Before(st engine.State, s stats.Step) {
	a := st.(*agricola.State)
	f.before.food, f.before.begging = f.supplies(a)
}

func (f *agricolaFolder) supplies(a *agricola.State) (food, begging []int) {
	food, begging = make([]int, f.players), make([]int, f.players)
	for p := 0; p < f.players; p++ {
		food[p], begging[p] = a.Seats[p].Goods[agricola.Food], a.Seats[p].Begging
	}
	return food, begging
}

func (f *agricolaFolder) After(st engine.State, s stats.Step) {
	a := st.(*agricola.State)
	for ; f.round < a.Round; f.round++ {
		if f.round > 0 {
			f.food, f.begging = append(f.food, f.before.food), append(f.begging, f.before.begging)
		}
	}
}

func (f *agricolaFolder) Report(st engine.State, viewer engine.Seat, revealed bool) []stats.Chart {
	a := st.(*agricola.State)
	food, begging := f.food, f.begging
	if a.Round > 0 {
		// The round under way (or the last, once the game is over).
		nf, nb := f.supplies(a)
		food, begging = append(food[:len(food):len(food)], nf), append(begging[:len(begging):len(begging)], nb)
	}
	sheets := a.ScoreSheets()
	score := stats.SeatSeries(f.players, len(scoreKeys))
	for p, sh := range sheets {
		v := []int{sh.Fields, sh.Pastures, sh.Grain, sh.Vegetables, sh.Sheep, sh.Boar, sh.Cattle,
			sh.Unused, sh.FencedStables, sh.Rooms, sh.People, sh.Cards, sh.Bonus, sh.Begging}
		for k := range scoreKeys {
			score[p].Values[k] = float64(v[k])
		}
	}
	return []stats.Chart{
		{ID: "score", Kind: stats.Bars, Keys: scoreKeys, X: "category", Y: "points", Series: score},
		{ID: "food", Kind: stats.Line, From: 1, X: "round", Y: "food", Series: stats.Rounds(f.players, food)},
		{ID: "begging", Kind: stats.Line, From: 1, X: "round", Y: "begging", Series: stats.Rounds(f.players, begging)},
	}
}
