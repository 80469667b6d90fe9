package catan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Resource is a kind of card a player holds: one of the five resources
// (fact sheet §1), or a kind only an expansion puts in play (Rules.Bank):
// the commodities of Cities & Knights (paper from forest, cloth from
// pasture, coin from mountains) and the gold of Traders & Barbarians.
type Resource int8

const (
	Lumber Resource = iota
	Wool
	Grain
	Brick
	Ore
	Paper // Cities & Knights commodities
	Cloth
	Coin
	Gold // Traders & Barbarians: coins, not cards (see InHand)
)

// NumResources is the number of resources (lumber … ore); NumCards the
// number of card kinds of the Catan family. Resources is indexed by
// Resource.
const (
	NumResources = 5
	NumCards     = 9
)

// CardsPerResource is how many cards of each resource the bank starts with.
const CardsPerResource = 19

// maxCount bounds a count of each kind in an action or a view: the
// resources' 19 cards; the rules check the rest against hands and bank.
var maxCount = [NumCards]int8{19, 19, 19, 19, 19, 127, 127, 127, 127}

var resourceNames = [NumCards]string{"lumber", "wool", "grain", "brick", "ore", "paper", "cloth", "coin", "gold"}

// String is the kind's name as used in actions and views: "lumber",
// "wool", "grain", "brick", "ore", "paper", "cloth", "coin", "gold".
func (r Resource) String() string {
	if !r.Known() {
		return "Resource(" + strconv.Itoa(int(r)) + ")"
	}
	return resourceNames[r]
}

// Valid reports whether r is one of the five resources.
func (r Resource) Valid() bool { return r >= 0 && r < NumResources }

// Known reports whether r is a card kind of the family (Valid, or a
// commodity, or gold); which kinds a game plays is its rules' choice.
func (r Resource) Known() bool { return r >= 0 && r < NumCards }

// InHand reports whether cards of kind r count as a hand: for the hand
// limit, the discard on a 7 and steals. Gold is coins, never a card in
// hand (T&B facts §7); everything else is.
func (r Resource) InHand() bool { return r != Gold }

// ParseResource is the inverse of String.
func ParseResource(s string) (Resource, bool) {
	for i, n := range resourceNames {
		if n == s {
			return Resource(i), true
		}
	}
	return 0, false
}

func (r Resource) MarshalText() ([]byte, error) {
	if !r.Known() {
		return nil, fmt.Errorf("catan: bad resource %d", int(r))
	}
	return []byte(resourceNames[r]), nil
}

func (r *Resource) UnmarshalText(b []byte) error {
	v, ok := ParseResource(string(b))
	if !ok {
		return fmt.Errorf("catan: unknown resource %q", b)
	}
	*r = v
	return nil
}

// Resources is a count of cards per kind: a hand, the bank, a trade side,
// a discard. In JSON it is an object naming the non-zero kinds, in kind
// order, e.g. {"lumber":2,"brick":1}; a base game never holds a kind
// beyond the five resources, so its encoding names only those.
type Resources [NumCards]int8

// Of is a Resources holding n cards of r.
func Of(r Resource, n int) Resources {
	var x Resources
	x[r] = int8(n)
	return x
}

// Total is the number of cards (and gold).
func (x Resources) Total() int {
	return int(x[0]) + int(x[1]) + int(x[2]) + int(x[3]) + int(x[4]) +
		int(x[5]) + int(x[6]) + int(x[7]) + int(x[8])
}

// InHand is the number of cards that count as a hand (Total without
// gold): the hand limit, the discard on a 7 and steals count these.
func (x Resources) InHand() int {
	return int(x[0]) + int(x[1]) + int(x[2]) + int(x[3]) + int(x[4]) +
		int(x[5]) + int(x[6]) + int(x[7])
}

// resources is the number of resource cards (lumber … ore).
func (x Resources) resources() int {
	return int(x[0]) + int(x[1]) + int(x[2]) + int(x[3]) + int(x[4])
}

// Covers reports whether x holds at least y of every kind.
func (x Resources) Covers(y Resources) bool {
	return x[0] >= y[0] && x[1] >= y[1] && x[2] >= y[2] && x[3] >= y[3] && x[4] >= y[4] &&
		x[5] >= y[5] && x[6] >= y[6] && x[7] >= y[7] && x[8] >= y[8]
}

// Plus is x + y.
func (x Resources) Plus(y Resources) Resources {
	return Resources{x[0] + y[0], x[1] + y[1], x[2] + y[2], x[3] + y[3], x[4] + y[4],
		x[5] + y[5], x[6] + y[6], x[7] + y[7], x[8] + y[8]}
}

// Minus is x − y.
func (x Resources) Minus(y Resources) Resources {
	return Resources{x[0] - y[0], x[1] - y[1], x[2] - y[2], x[3] - y[3], x[4] - y[4],
		x[5] - y[5], x[6] - y[6], x[7] - y[7], x[8] - y[8]}
}

// Kinds is the number of distinct resources in x.
func (x Resources) Kinds() int {
	n := 0
	for _, c := range x {
		if c != 0 {
			n++
		}
	}
	return n
}

// overlaps reports whether some kind is present in both x and y (whose
// counts are not negative: see valid).
func (x Resources) overlaps(y Resources) bool {
	return min(x[0], y[0])|min(x[1], y[1])|min(x[2], y[2])|min(x[3], y[3])|min(x[4], y[4])|
		min(x[5], y[5])|min(x[6], y[6])|min(x[7], y[7])|min(x[8], y[8]) > 0
}

// valid reports whether every count is in [0, its bound] (19 for the
// resources, 127 for the others: an int8 is never above it).
func (x Resources) valid() bool {
	return x[0]|x[1]|x[2]|x[3]|x[4]|x[5]|x[6]|x[7]|x[8] >= 0 && // no sign bit set
		x[0] <= 19 && x[1] <= 19 && x[2] <= 19 && x[3] <= 19 && x[4] <= 19
}

// within reports whether x holds no kind outside the set in (bit r for
// kind r).
func (x Resources) within(in uint16) bool {
	if in == 1<<NumResources-1 { // the base game's five resources
		return x[5]|x[6]|x[7]|x[8] == 0
	}
	for r, c := range x {
		if c != 0 && in&(1<<uint(r)) == 0 {
			return false
		}
	}
	return true
}

func (x Resources) String() string {
	b, _ := x.MarshalJSON()
	return string(b)
}

// MarshalJSON writes the non-zero counts in resource order.
func (x Resources) MarshalJSON() ([]byte, error) {
	return x.appendJSON(make([]byte, 0, 48)), nil
}

// appendJSON appends MarshalJSON's encoding to b.
func (x Resources) appendJSON(b []byte) []byte {
	return appendCounts(b, x[:], resourceNames[:])
}

// appendCounts appends {"name":count,…} for the non-zero counts, in
// order: the JSON of Resources and DevCards.
func appendCounts(b []byte, counts []int8, names []string) []byte {
	b = append(b, '{')
	first := true
	for i, c := range counts {
		if c == 0 {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, names[i]...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(c), 10)
	}
	return append(b, '}')
}

// UnmarshalJSON reads an object of kind names to counts in [0, 19] for the
// resources, [0, 127] for the other kinds; unknown names and other counts
// are errors.
func (x *Resources) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&m); err != nil {
		return fmt.Errorf("catan: resources: %v", err)
	}
	if m == nil {
		return fmt.Errorf("catan: resources must be an object")
	}
	var out Resources
	for k, raw := range m {
		r, ok := ParseResource(k)
		if !ok {
			return fmt.Errorf("catan: unknown resource %q", k)
		}
		var n int
		if err := json.Unmarshal(raw, &n); err != nil {
			return fmt.Errorf("catan: count of %s: %v", k, err)
		}
		if n < 0 || n > int(maxCount[r]) {
			return fmt.Errorf("catan: count of %s is %d, outside [0,%d]", k, n, maxCount[r])
		}
		out[r] = int8(n)
	}
	*x = out
	return nil
}

// Costs (fact sheet §9).
var (
	RoadCost        = Resources{Lumber: 1, Brick: 1}
	SettlementCost  = Resources{Lumber: 1, Wool: 1, Grain: 1, Brick: 1}
	CityCost        = Resources{Grain: 2, Ore: 3}
	DevelopmentCost = Resources{Wool: 1, Grain: 1, Ore: 1}
)

// DevCard is a kind of development card (fact sheet §12), or the Swift
// Journey of the Traders & Barbarians deck, which only that game's rules
// play.
type DevCard int8

const (
	Knight DevCard = iota
	VictoryPoint
	RoadBuilding
	YearOfPlenty
	Monopoly
	SwiftJourney // Traders & Barbarians
)

// NumDevCards is the number of the base game's development card kinds;
// NumDevKinds counts the family's (DevCards is indexed by DevCard).
const (
	NumDevCards = 5
	NumDevKinds = 6
)

var devNames = [NumDevKinds]string{"knight", "victory-point", "road-building", "year-of-plenty", "monopoly", "swift-journey"}

func (d DevCard) String() string {
	if d < 0 || d >= NumDevKinds {
		return "DevCard(" + strconv.Itoa(int(d)) + ")"
	}
	return devNames[d]
}

// DevCards counts development cards per kind.
type DevCards [NumDevKinds]int8

// Total is the number of cards.
func (d DevCards) Total() int {
	return int(d[0]) + int(d[1]) + int(d[2]) + int(d[3]) + int(d[4]) + int(d[5])
}

// none reports whether d holds no card.
func (d DevCards) none() bool { return d[0]|d[1]|d[2]|d[3]|d[4]|d[5] == 0 }

// FullDeck is the 25-card development deck.
var FullDeck = DevCards{Knight: 14, VictoryPoint: 5, RoadBuilding: 2, YearOfPlenty: 2, Monopoly: 2}

// MarshalJSON writes the non-zero counts by card name.
func (d DevCards) MarshalJSON() ([]byte, error) {
	return d.appendJSON(make([]byte, 0, 48)), nil
}

// appendJSON appends MarshalJSON's encoding to b.
func (d DevCards) appendJSON(b []byte) []byte {
	return appendCounts(b, d[:], devNames[:])
}
