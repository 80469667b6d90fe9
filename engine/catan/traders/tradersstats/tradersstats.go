// Package tradersstats reads Traders & Barbarians' logs for the
// statistics screen (package engine/stats; docs/stats.md): the Catan
// family's charts (catanstats) and the cargo delivered per turn.
package tradersstats

import (
	"tabula/engine/catan"
	"tabula/engine/catan/catanstats"
	"tabula/engine/catan/traders"
	"tabula/engine/stats"
)

func init() {
	stats.Register("traders-barbarians", func(players int) stats.Folder {
		return catanstats.New(players, &deliveries{players: players})
	})
}

// deliveries are each seat's delivered cargo cards at the end of every
// turn (index: the turn just ended, 0 the set-up).
type deliveries struct {
	players int
	turns   [][catan.MaxPlayers]int
}

func (d *deliveries) After(*catan.State) {}

func (d *deliveries) Sample(c *catan.State) {
	var del [catan.MaxPlayers]int
	if x, ok := c.Ext.(*traders.Caravans); ok {
		for p := 0; p < d.players; p++ {
			del[p] = x.Delivered[p].Total()
		}
	}
	d.turns = append(d.turns, del)
}

// Charts: each seat's delivered cargo cards at the end of every turn.
func (d *deliveries) Charts() []stats.Chart {
	s := stats.SeatSeries(d.players, len(d.turns))
	for t := range d.turns {
		for p := 0; p < d.players; p++ {
			s[p].Values[t] = float64(d.turns[t][p])
		}
	}
	return []stats.Chart{{ID: "deliveries", Kind: stats.Line, X: "turn", Y: "deliveries", Series: s}}
}
