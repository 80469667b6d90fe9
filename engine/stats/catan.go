package stats

import (
	"strings"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/citiesknights"
	"tabula/engine/catan/traders"
)

// The Catan family (base game, Cities & Knights, Traders & Barbarians):
// dice against their expected distribution, victory points per turn,
// resource cards gained by source and lost by cause; the barbarian attacks
// (Cities & Knights) and the deliveries (Traders & Barbarians).

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

// catanFolder reads a Catan-family log.
type catanFolder struct {
	game    string
	players int

	dice  [13]int // rolls by sum 2…12
	hands [catan.MaxPlayers]catan.Resources

	gained [catan.MaxPlayers][5]int
	lost   [catan.MaxPlayers][4]int

	// Per turn (index: the turn just ended, 0 the set-up): each seat's
	// points with and without hidden cards, and deliveries.
	turn      int
	points    [][catan.MaxPlayers]int
	public    [][catan.MaxPlayers]int
	delivered [][catan.MaxPlayers]int

	attacks []citiesknights.AttackResult
	seen    int16 // attacks met so far
}

func newCatanFolder(game string, players int) *catanFolder {
	return &catanFolder{game: game, players: players}
}

func (f *catanFolder) Before(st engine.State, s Step) {
	c := st.(*catan.State)
	f.hands = c.Hand
}

func (f *catanFolder) After(st engine.State, s Step) {
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
	if x, ok := c.Ext.(*citiesknights.Ext); ok && x.Attacks > f.seen {
		f.seen = x.Attacks
		f.attacks = append(f.attacks, x.LastAttack)
	}
	for c.Turn > f.turn {
		f.sample(c)
		f.turn++
	}
}

// sample records the points and deliveries as they stand.
func (f *catanFolder) sample(c *catan.State) {
	var all, pub, del [catan.MaxPlayers]int
	x, _ := c.Ext.(*traders.Caravans)
	for p := 0; p < f.players; p++ {
		all[p], pub[p] = c.Points(p), c.PublicPoints(p)
		if x != nil {
			del[p] = x.Delivered[p].Total()
		}
	}
	f.points, f.public, f.delivered = append(f.points, all), append(f.public, pub), append(f.delivered, del)
}

// gainSource is where the cards a step put in a hand came from.
func gainSource(s Step) int {
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
func lossCause(s Step, seat int) int {
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

func (f *catanFolder) Report(st engine.State, viewer engine.Seat, revealed bool) []Chart {
	f.sample(st.(*catan.State))
	charts := []Chart{f.diceChart(), f.pointsChart(viewer, revealed),
		f.cardsChart("gained", gainKeys, func(p, k int) int { return f.gained[p][k] }),
		f.cardsChart("lost", lossKeys, func(p, k int) int { return f.lost[p][k] })}
	if f.game == "cities-knights" {
		charts = append(charts, f.barbariansChart())
	}
	if f.game == "traders-barbarians" {
		charts = append(charts, f.deliveriesChart())
	}
	return charts
}

// diceChart: rolls by sum, and the rolls each sum expects (n·ways/36).
func (f *catanFolder) diceChart() Chart {
	rolled := Series{Seat: -1, Key: "rolled", Values: make([]float64, 11)}
	expected := Series{Seat: -1, Key: "expected", Values: make([]float64, 11), Reference: true}
	n := 0
	for sum := 2; sum <= 12; sum++ {
		n += f.dice[sum]
	}
	for sum := 2; sum <= 12; sum++ {
		ways := 6 - abs(sum-7)
		rolled.Values[sum-2] = float64(f.dice[sum])
		expected.Values[sum-2] = float64(n*ways) / 36
	}
	return Chart{ID: "dice", Kind: Bars, From: 2, X: "sum", Y: "rolls", Series: []Series{rolled, expected}}
}

// pointsChart: each seat's points at the end of every turn. While the game
// runs, the other seats' hidden cards do not count.
func (f *catanFolder) pointsChart(viewer engine.Seat, revealed bool) Chart {
	s := seatSeries(f.players, len(f.points))
	for t := range f.points {
		for p := 0; p < f.players; p++ {
			v := f.public[t][p]
			if revealed || engine.Seat(p) == viewer {
				v = f.points[t][p]
			}
			s[p].Values[t] = float64(v)
		}
	}
	return Chart{ID: "points", Kind: Line, X: "turn", Y: "points", Series: s}
}

// cardsChart: per seat, the cards counted under each key, stacked.
func (f *catanFolder) cardsChart(id string, keys []string, count func(p, k int) int) Chart {
	s := keySeries(keys, f.players)
	for p := 0; p < f.players; p++ {
		for k := range keys {
			s[k].Values[p] = float64(count(p, k))
		}
	}
	return Chart{ID: id, Kind: Stacked, X: "player", Y: "cards", Series: s}
}

// barbariansChart: each attack's barbarian strength against the knights',
// with its outcome.
func (f *catanFolder) barbariansChart() Chart {
	n := len(f.attacks)
	b := Series{Seat: -1, Key: "barbarians", Values: make([]float64, n)}
	k := Series{Seat: -1, Key: "knights", Values: make([]float64, n)}
	marks := make([]Mark, n)
	for i, a := range f.attacks {
		b.Values[i], k.Values[i] = float64(a.Barbarians), float64(a.Defence)
		switch {
		case !a.CatanWins:
			marks[i] = Mark{Key: "pillaged", Seats: a.Pillaged}
		case a.Defender >= 0:
			marks[i] = Mark{Key: "defender", Seats: 1 << uint(a.Defender)}
		case a.Drawers != 0:
			marks[i] = Mark{Key: "drawers", Seats: a.Drawers}
		default:
			marks[i] = Mark{Key: "defended"}
		}
	}
	return Chart{ID: "barbarians", Kind: Bars, From: 1, X: "attack", Y: "strength", Series: []Series{b, k}, Marks: marks}
}

// deliveriesChart: each seat's delivered cargo cards at the end of every turn.
func (f *catanFolder) deliveriesChart() Chart {
	s := seatSeries(f.players, len(f.delivered))
	for t := range f.delivered {
		for p := 0; p < f.players; p++ {
			s[p].Values[t] = float64(f.delivered[t][p])
		}
	}
	return Chart{ID: "deliveries", Kind: Line, X: "turn", Y: "deliveries", Series: s}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
