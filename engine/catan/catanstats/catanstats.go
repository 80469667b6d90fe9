// Package catanstats reads the Catan family's logs for the statistics
// screen (package engine/stats; docs/stats.md): dice against their
// expected distribution, victory points per turn, resource cards gained by
// source and lost by cause. An expansion adds its own charts through an
// Ext (the barbarian attacks of Cities & Knights in knightsstats, the
// deliveries of Traders & Barbarians in tradersstats), so the base game's
// reader links no expansion.
package catanstats

import (
	"strings"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/stats"
)

func init() {
	stats.Register("catan", func(players int) stats.Folder { return New(players, nil) })
}

// Ext is what an expansion reads besides the base game's numbers.
type Ext interface {
	// After sees the state after every step of the log.
	After(c *catan.State)
	// Sample is called at the end of every turn (and once more at the end
	// of the log) with the state as it stands.
	Sample(c *catan.State)
	// Charts are the expansion's charts, after the base game's.
	Charts() []stats.Chart
}

// Sources of cards gained and causes of cards lost (message-id suffixes).
// Cards spent on building and buying are neither.
var (
	gainKeys = []string{"production", "trade", "steal", "card", "other"}
	lossKeys = []string{"seven", "robbed", "traded", "taken"}
)

const (
	gainProduction = iota
	gainTrade
	gainSteal
	gainCard
	gainOther
)

const (
	lossSeven = iota
	lossRobbed
	lossTraded
	lossTaken
	lossSpent = -1
)

// folder reads a Catan-family log.
type folder struct {
	players int
	ext     Ext

	dice  [13]int // rolls by sum 2…12
	hands [catan.MaxPlayers]catan.Resources

	gained [catan.MaxPlayers][5]int
	lost   [catan.MaxPlayers][4]int

	// Per turn (index: the turn just ended, 0 the set-up): each seat's
	// points with and without hidden cards, and deliveries.
	turn   int
	points [][catan.MaxPlayers]int
	public [][catan.MaxPlayers]int
}

// New is the reader of a Catan-family log of players seats; ext (nil for
// the base game) reads what an expansion adds.
func New(players int, ext Ext) stats.Folder {
	return &folder{players: players, ext: ext}
}

func (f *folder) Before(st engine.State, s stats.Step) {
	c := st.(*catan.State)
	f.hands = c.Hand
}

func (f *folder) After(st engine.State, s stats.Step) {
	c := st.(*catan.State)
	if s.Chance != nil && (s.Chance.Kind == "dice" || s.Chance.Kind == "re-roll") && len(s.Entry.Chance) >= 2 {
		f.dice[s.Entry.Chance[0]+s.Entry.Chance[1]+2]++
	}
	for p := 0; p < f.players; p++ {
		for r := catan.Resource(0); r < catan.NumCards; r++ {
			if !r.InHand() {
				continue
			}
			switch d := int(c.Hand[p][r]) - int(f.hands[p][r]); {
			case d > 0:
				f.gained[p][gainSource(s)] += d
			case d < 0:
				if k := lossCause(s, p); k != lossSpent {
					f.lost[p][k] -= d
				}
			}
		}
	}
	if f.ext != nil {
		f.ext.After(c)
	}
	for c.Turn > f.turn {
		f.sample(c)
		f.turn++
	}
}

// sample records the points (and the expansion's numbers) as they stand.
func (f *folder) sample(c *catan.State) {
	var all, pub [catan.MaxPlayers]int
	for p := 0; p < f.players; p++ {
		all[p], pub[p] = c.Points(p), c.PublicPoints(p)
	}
	f.points, f.public = append(f.points, all), append(f.public, pub)
	if f.ext != nil {
		f.ext.Sample(c)
	}
}

// gainSource is where the cards a step put in a hand came from.
func gainSource(s stats.Step) int {
	if s.Chance != nil {
		switch s.Chance.Kind {
		// Cities & Knights produces once the event die and the progress
		// cards it deals are settled.
		case "dice", "re-roll", "event-die", "progress":
			return gainProduction
		case "steal":
			return gainSteal
		}
		return gainOther
	}
	switch k := s.Action.Kind(); {
	case isTrade(k):
		return gainTrade
	case k == "build-settlement", k == "build-city", k == "aqueduct",
		k == "pillage", k == "discard-progress", k == "choose-deck":
		// The second founding piece; the Aqueduct; the production that
		// the choice of a pillaged city, a progress card's discard or a
		// choice of deck held up.
		return gainProduction
	case isCard(k):
		return gainCard
	}
	return gainOther
}

// lossCause is why seat's cards left its hand in a step (lossSpent: paid
// for something).
func lossCause(s stats.Step, seat int) int {
	if s.Chance != nil {
		if s.Chance.Kind == "steal" {
			return lossRobbed
		}
		return lossSpent
	}
	switch k := s.Action.Kind(); {
	case k == "discard":
		return lossSeven
	case isTrade(k):
		return lossTraded
	case isCard(k):
		return lossTaken
	}
	return lossSpent
}

// isTrade: trades with the bank, a harbour or another player (the domestic
// trade happens when the offering player confirms it).
func isTrade(kind string) bool {
	switch kind {
	case "maritime-trade", "confirm-trade", "harbor-offer", "harbor-return", "buy-with-gold":
		return true
	}
	return false
}

// isCard: a development or progress card's effect, and the answers it
// asks of the others (Wedding, Master Merchant, Spy).
func isCard(kind string) bool {
	return strings.HasPrefix(kind, "play-") || kind == "give-cards" || kind == "take-cards" || kind == "spy-take"
}

func (f *folder) Report(st engine.State, viewer engine.Seat, revealed bool) []stats.Chart {
	f.sample(st.(*catan.State))
	charts := []stats.Chart{f.diceChart(), f.pointsChart(viewer, revealed),
		f.cardsChart("gained", gainKeys, func(p, k int) int { return f.gained[p][k] }),
		f.cardsChart("lost", lossKeys, func(p, k int) int { return f.lost[p][k] })}
	if f.ext != nil {
		charts = append(charts, f.ext.Charts()...)
	}
	return charts
}

// diceChart: rolls by sum, and the rolls each sum expects (n·ways/36).
func (f *folder) diceChart() stats.Chart {
	rolled := stats.Series{Seat: -1, Key: "rolled", Values: make([]float64, 11)}
	expected := stats.Series{Seat: -1, Key: "expected", Values: make([]float64, 11), Reference: true}
	n := 0
	for sum := 2; sum <= 12; sum++ {
		n += f.dice[sum]
	}
	for sum := 2; sum <= 12; sum++ {
		ways := 6 - abs(sum-7)
		rolled.Values[sum-2] = float64(f.dice[sum])
		expected.Values[sum-2] = float64(n*ways) / 36
	}
	return stats.Chart{ID: "dice", Kind: stats.Bars, From: 2, X: "sum", Y: "rolls", Series: []stats.Series{rolled, expected}}
}

// pointsChart: each seat's points at the end of every turn. While the game
// runs, the other seats' hidden cards do not count.
func (f *folder) pointsChart(viewer engine.Seat, revealed bool) stats.Chart {
	s := stats.SeatSeries(f.players, len(f.points))
	for t := range f.points {
		for p := 0; p < f.players; p++ {
			v := f.public[t][p]
			if revealed || engine.Seat(p) == viewer {
				v = f.points[t][p]
			}
			s[p].Values[t] = float64(v)
		}
	}
	return stats.Chart{ID: "points", Kind: stats.Line, X: "turn", Y: "points", Series: s}
}

// cardsChart: per seat, the cards counted under each key, stacked.
func (f *folder) cardsChart(id string, keys []string, count func(p, k int) int) stats.Chart {
	s := stats.KeySeries(keys, f.players)
	for p := 0; p < f.players; p++ {
		for k := range keys {
			s[k].Values[p] = float64(count(p, k))
		}
	}
	return stats.Chart{ID: id, Kind: stats.Stacked, X: "player", Y: "cards", Series: s}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
