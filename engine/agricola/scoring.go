package agricola

import (
	"slices"
	"sort"
	"sync"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// ScoreSheet is one player's score by category (fact sheet §11), as the
// scoring pad lists it. During play it is the score the farm would have if
// the game ended now (the live preview).
type ScoreSheet struct {
	Fields        int `json:"fields"`        // field tiles: 0–1 → −1, 2…5+ → 1…4
	Pastures      int `json:"pastures"`      // 0 → −1, 1…4+ → 1…4
	Grain         int `json:"grain"`         // supply + fields: 0 → −1, 1–3, 4–5, 6–7, 8+ → 1…4
	Vegetables    int `json:"vegetables"`    // 0 → −1, 1, 2, 3, 4+ → 1…4
	Sheep         int `json:"sheep"`         // 0 → −1, 1–3, 4–5, 6–7, 8+ → 1…4
	Boar          int `json:"boar"`          // 0 → −1, 1–2, 3–4, 5–6, 7+ → 1…4
	Cattle        int `json:"cattle"`        // 0 → −1, 1, 2–3, 4–5, 6+ → 1…4
	Unused        int `json:"unused"`        // −1 per unused farmyard cell
	FencedStables int `json:"fencedStables"` // +1 per stable in a pasture
	Rooms         int `json:"rooms"`         // +1 per clay room, +2 per stone room
	People        int `json:"people"`        // +3 per person
	Cards         int `json:"cards"`         // printed VP of improvements and occupations
	Bonus         int `json:"bonus"`         // bonus points of cards (craft buildings, …)
	Begging       int `json:"begging"`       // −3 per begging marker
	Total         int `json:"total"`
}

// steps scores a count against the four thresholds of a scoring row: below
// the first −1, then 1…4.
func steps(n int, t [4]int) int {
	for i := 3; i >= 0; i-- {
		if n >= t[i] {
			return i + 1
		}
	}
	return -1
}

// The thresholds of each scoring row (1, 2, 3 and 4 points).
var (
	fieldRow     = [4]int{2, 3, 4, 5}
	pastureRow   = [4]int{1, 2, 3, 4}
	grainRow     = [4]int{1, 4, 6, 8}
	vegetableRow = [4]int{1, 2, 3, 4}
	sheepRow     = [4]int{1, 4, 6, 8}
	boarRow      = [4]int{1, 3, 5, 7}
	cattleRow    = [4]int{1, 2, 4, 6}
)

// Crops is how many grain and vegetables seat has: supply, field tiles and
// fields on cards (what the grain and vegetable rows count).
func (s *State) Crops(seat engine.Seat) (grain, veg int) {
	p := &s.Seats[seat]
	grain, veg = p.Goods[Grain], p.Goods[Vegetable]
	count := func(c Crop) {
		switch c.Kind {
		case Grain:
			grain += c.N
		case Vegetable:
			veg += c.N
		}
	}
	for _, c := range p.Crops {
		count(c)
	}
	for _, cf := range p.CardFields {
		count(cf.Crop)
	}
	return grain, veg
}

// ScoreSheets scores every seat (bonus points of a card may go to any
// seat, so all are scored together).
func (s *State) ScoreSheets() []ScoreSheet {
	bonus := s.bonusPoints()
	out := make([]ScoreSheet, s.Players)
	for i := range out {
		out[i] = s.scoreSheet(engine.Seat(i), bonus[i])
	}
	return out
}

// Score is seat's score sheet.
func (s *State) Score(seat engine.Seat) ScoreSheet { return s.ScoreSheets()[seat] }

func (s *State) scoreSheet(seat engine.Seat, bonus int) ScoreSheet {
	return s.scoreSheetWith(s.cardsIndex(), seat, bonus)
}

// scoreSheetWith is scoreSheet with s's card index x.
func (s *State) scoreSheetWith(x *cardIndex, seat engine.Seat, bonus int) ScoreSheet {
	p := &s.Seats[seat]
	y := p.Yard
	pastures, fenced := y.Enclosure()
	grain, veg := s.Crops(seat)
	h := p.Goods.Herd()
	sc := ScoreSheet{
		Fields:        steps(y.Fields.Len(), fieldRow),
		Pastures:      steps(pastures, pastureRow),
		Grain:         steps(grain, grainRow),
		Vegetables:    steps(veg, vegetableRow),
		Sheep:         steps(h[farmyard.Sheep], sheepRow),
		Boar:          steps(h[farmyard.Boar], boarRow),
		Cattle:        steps(h[farmyard.Cattle], cattleRow),
		Unused:        -(farmyard.All &^ y.Tiles() &^ y.Stables &^ fenced).Len(),
		FencedStables: (y.Stables & fenced).Len(),
		People:        3 * p.People,
		Bonus:         bonus,
		Begging:       -3 * p.Begging,
	}
	switch p.House {
	case Clay:
		sc.Rooms = y.Rooms.Len()
	case Stone:
		sc.Rooms = 2 * y.Rooms.Len()
	}
	for _, c := range x.seats[seat].played {
		if c != nil {
			sc.Cards += c.VP
		}
	}
	sc.Total = sc.Fields + sc.Pastures + sc.Grain + sc.Vegetables + sc.Sheep + sc.Boar + sc.Cattle +
		sc.Unused + sc.FencedStables + sc.Rooms + sc.People + sc.Cards + sc.Bonus + sc.Begging
	return sc
}

// bonusPoints runs every card's Points hook (the cards with one as the
// index lists them: seat by seat, in the order played).
func (s *State) bonusPoints() []int {
	t := s.tallyPoints(s.cardsIndex())
	out := slices.Clone(t.n[:s.Players])
	tallies.Put(t)
	return out
}

// bonusOf is bonusPoints()[seat] without a list made for it (Evaluate
// asks it for every position it rates).
func (s *State) bonusOf(seat engine.Seat) int { return s.bonusWith(s.cardsIndex(), seat) }

// bonusWith is bonusOf with s's card index x.
func (s *State) bonusWith(x *cardIndex, seat engine.Seat) int {
	t := s.tallyPoints(x)
	n := t.n[seat]
	tallies.Put(t)
	return n
}

// tallyPoints runs the Points hooks (of s's card index x) into a tally of
// the pool (handed back by the caller).
func (s *State) tallyPoints(x *cardIndex) *tally {
	t := tallies.Get().(*tally)
	t.n, t.players = [4]int{}, s.Players
	for _, h := range x.points {
		h.card.Points(s, h.seat, t.add)
	}
	return t
}

// tally is bonus points by seat; add, its method bound once, is what the
// Points hooks are given (a closure made per call was the heap's).
type tally struct {
	n       [4]int
	players int
	add     func(seat engine.Seat, n int)
}

var tallies = sync.Pool{New: func() any {
	t := &tally{}
	t.add = func(seat engine.Seat, n int) {
		if seat >= 0 && int(seat) < t.players {
			t.n[seat] += n
		}
	}
	return t
}}

// Ranking orders the seats by score, then by building resources left (the
// tie-break), then by seat.
func (s *State) Ranking() []engine.Seat {
	sheets := s.ScoreSheets()
	out := make([]engine.Seat, s.Players)
	for i := range out {
		out[i] = engine.Seat(i)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if sheets[a].Total != sheets[b].Total {
			return sheets[a].Total > sheets[b].Total
		}
		return s.Seats[a].Goods.BuildingResources() > s.Seats[b].Goods.BuildingResources()
	})
	return out
}

// SeatSummary is one seat's public position in a few numbers.
type SeatSummary struct {
	Score    int           `json:"score"`
	People   int           `json:"people"`
	Rooms    int           `json:"rooms"`
	House    string        `json:"house"`
	Fields   int           `json:"fields"`
	Pastures int           `json:"pastures"`
	Animals  farmyard.Herd `json:"animals"`
	Begging  int           `json:"begging,omitempty"`
	Cards    []string      `json:"cards,omitempty"`
}

// Summary sums up the public position per seat, for tools (cmd/replay).
func (s *State) Summary() any {
	sheets := s.ScoreSheets()
	out := make([]SeatSummary, s.Players)
	for i := range s.Seats {
		p := &s.Seats[i]
		out[i] = SeatSummary{Score: sheets[i].Total, People: p.People, Rooms: p.Yard.Rooms.Len(), House: p.House.String(),
			Fields: p.Yard.Fields.Len(), Pastures: len(p.Yard.Pastures()), Animals: p.Goods.Herd(), Begging: p.Begging,
			Cards: cloneSlice(p.Cards)}
	}
	return out
}
