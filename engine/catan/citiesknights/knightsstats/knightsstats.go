// Package knightsstats reads Cities & Knights' logs for the statistics
// screen (package engine/stats; docs/stats.md): the Catan family's charts
// (catanstats) and the barbarian attacks.
package knightsstats

import (
	"tabula/engine/catan"
	"tabula/engine/catan/catanstats"
	"tabula/engine/catan/citiesknights"
	"tabula/engine/stats"
)

func init() {
	stats.Register("cities-knights", func(players int) stats.Folder { return catanstats.New(players, &attacks{}) })
}

// attacks are the barbarian attacks met so far in the log.
type attacks struct {
	met  []citiesknights.AttackResult
	seen int16
}

func (a *attacks) After(c *catan.State) {
	if x, ok := c.Ext.(*citiesknights.Ext); ok && x.Attacks > a.seen {
		a.seen = x.Attacks
		a.met = append(a.met, x.LastAttack)
	}
}

func (a *attacks) Sample(*catan.State) {}

// Charts: each attack's barbarian strength against the knights', with its
// outcome.
func (a *attacks) Charts() []stats.Chart {
	n := len(a.met)
	b := stats.Series{Seat: -1, Key: "barbarians", Values: make([]float64, n)}
	k := stats.Series{Seat: -1, Key: "knights", Values: make([]float64, n)}
	marks := make([]stats.Mark, n)
	for i, at := range a.met {
		b.Values[i], k.Values[i] = float64(at.Barbarians), float64(at.Defence)
		switch {
		case !at.CatanWins:
			marks[i] = stats.Mark{Key: "pillaged", Seats: at.Pillaged}
		case at.Defender >= 0:
			marks[i] = stats.Mark{Key: "defender", Seats: 1 << uint(at.Defender)}
		case at.Drawers != 0:
			marks[i] = stats.Mark{Key: "drawers", Seats: at.Drawers}
		default:
			marks[i] = stats.Mark{Key: "defended"}
		}
	}
	return []stats.Chart{{ID: "barbarians", Kind: stats.Bars, From: 1, X: "attack", Y: "strength",
		Series: []stats.Series{b, k}, Marks: marks}}
}
