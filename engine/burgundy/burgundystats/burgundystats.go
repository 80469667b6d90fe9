// Package burgundystats reads The Castles of Burgundy's logs for the
// statistics screen (package engine/stats; docs/stats.md).
package burgundystats

import (
	"tabula/engine"
	"tabula/engine/burgundy"
	"tabula/engine/stats"
)

func init() { stats.Register("burgundy", newFolder) }

// The Castles of Burgundy: victory points by phase (A … E and the final
// scoring), by source, and per round. Everything is open in Burgundy, so
// the report is the same for every viewer.

// Sources of points (message-id suffixes): completed regions (with the
// phase's bonus), animals, buildings (the watchtower), colour bonus tiles,
// goods sold, the final scoring's goods, silverlings, workers and
// knowledge tiles, and anything else.
var (
	phaseKeys  = []string{"phase-a", "phase-b", "phase-c", "phase-d", "phase-e", "final"}
	sourceKeys = []string{"regions", "animals", "buildings", "bonus-tiles", "sold",
		"end-goods", "end-silver", "end-workers", "end-knowledge", "other"}
)

const (
	srcRegions = iota
	srcAnimals
	srcBuildings
	srcBonus
	srcSold
	srcEndGoods
	srcEndSilver
	srcEndWorkers
	srcEndKnowledge
	srcOther
	finalPhase = 5
)

type burgundyFolder struct {
	players int
	vp      [4]int
	estate  [4][burgundy.Spaces + 1]int
	bonus   [7][2]int
	phase   int
	ended   [4]bool

	byPhase  [4][6]int
	bySource [4][10]int
	// Points at the end of every round (index: phase·5 + round), and the
	// rounds begun.
	rounds [][]int
	at     int
}

func newFolder(players int) stats.Folder { return &burgundyFolder{players: players} }

func (f *burgundyFolder) Before(st engine.State, s stats.Step) {
	b := st.(*burgundy.State)
	for p := 0; p < f.players; p++ {
		f.vp[p], f.estate[p] = b.Seats[p].VP, b.Seats[p].Estate
		f.ended[p] = b.Seats[p].End != nil
	}
	f.bonus, f.phase = b.Bonus, b.Phase
}

func (f *burgundyFolder) After(st engine.State, s stats.Step) {
	b := st.(*burgundy.State)
	for p := 0; p < f.players; p++ {
		d := b.Seats[p].VP - f.vp[p]
		if d == 0 {
			continue
		}
		if e := b.Seats[p].End; e != nil && !f.ended[p] {
			f.bySource[p][srcEndGoods] += e.Goods
			f.bySource[p][srcEndSilver] += e.Silver
			f.bySource[p][srcEndWorkers] += e.Workers
			f.bySource[p][srcEndKnowledge] += e.Knowledge
			f.byPhase[p][finalPhase] += e.Total
			d -= e.Total
		}
		for c := range b.Bonus {
			for i, large := range []bool{true, false} {
				if b.Bonus[c][i] == p && f.bonus[c][i] != p {
					n := burgundy.BonusPoints(f.players, large)
					f.bySource[p][srcBonus] += n
					d -= n
				}
			}
		}
		n := f.regions(b, p)
		f.bySource[p][srcRegions] += n
		d -= n
		f.byPhase[p][f.phase] += b.Seats[p].VP - f.vp[p] - endTotal(b.Seats[p].End, f.ended[p])
		f.bySource[p][f.source(b, s, p)] += d
	}
	// A round ended: its points are those before the step that began the
	// next one. A phase's sixth "round" is the next phase's first, and the
	// last round ends with the game (Report adds it).
	for at := min(b.Phase*5+b.Round, 24); f.at < at; f.at++ {
		f.rounds = append(f.rounds, append([]int(nil), f.vp[:f.players]...))
	}
}

// regions is what the regions seat p completed in this step scored.
func (f *burgundyFolder) regions(b *burgundy.State, p int) int {
	n := 0
	for _, r := range burgundy.Regions() {
		was, is := true, true
		for _, sp := range r.Spaces {
			was = was && f.estate[p][sp] != 0
			is = is && b.Seats[p].Estate[sp] != 0
		}
		if is && !was {
			n += burgundy.RegionPoints(len(r.Spaces), f.phase)
		}
	}
	return n
}

// source is where seat p's points of a step came from, once the regions,
// bonus tiles and final scoring are counted: a sale, or the tile placed
// (its animals, or the watchtower).
func (f *burgundyFolder) source(b *burgundy.State, s stats.Step, p int) int {
	a, ok := s.Action.(burgundy.Action)
	switch {
	case !ok || s.Entry.Seat != engine.Seat(p):
		return srcOther
	case a.Name == burgundy.ActSell:
		return srcSold
	case a.Name == burgundy.ActPlace && a.Space >= 1 && a.Space <= burgundy.Spaces:
		switch burgundy.Tile(b.Seats[p].Estate[a.Space]).Colour {
		case burgundy.Animal:
			return srcAnimals
		case burgundy.Building:
			return srcBuildings
		}
	}
	return srcOther
}

// endTotal is the final scoring's points if it happened in this step.
func endTotal(e *burgundy.EndScore, before bool) int {
	if e == nil || before {
		return 0
	}
	return e.Total
}

func (f *burgundyFolder) Report(st engine.State, viewer engine.Seat, revealed bool) []stats.Chart {
	b := st.(*burgundy.State)
	phases, sources := stats.KeySeries(phaseKeys, f.players), stats.KeySeries(sourceKeys, f.players)
	for p := 0; p < f.players; p++ {
		for k := range phaseKeys {
			phases[k].Values[p] = float64(f.byPhase[p][k])
		}
		for k := range sourceKeys {
			sources[k].Values[p] = float64(f.bySource[p][k])
		}
	}
	now := make([]int, f.players)
	for p := range now {
		now[p] = b.Seats[p].VP
	}
	line := stats.Rounds(f.players, append(f.rounds[:len(f.rounds):len(f.rounds)], now))
	return []stats.Chart{
		{ID: "phases", Kind: stats.Stacked, X: "player", Y: "points", Series: phases},
		{ID: "sources", Kind: stats.Stacked, X: "player", Y: "points", Series: sources},
		{ID: "rounds", Kind: stats.Line, From: 1, X: "round", Y: "points", Series: line},
	}
}
