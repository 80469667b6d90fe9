package catan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Resource is one of the five kinds of resource card (fact sheet §1).
type Resource int8

const (
	Lumber Resource = iota
	Wool
	Grain
	Brick
	Ore
)

// NumResources is the number of resource kinds; Resources is indexed by
// Resource.
const NumResources = 5

// CardsPerResource is how many cards of each resource the bank starts with.
const CardsPerResource = 19

var resourceNames = [NumResources]string{"lumber", "wool", "grain", "brick", "ore"}

// String is the resource's name as used in actions and views: "lumber",
// "wool", "grain", "brick", "ore".
func (r Resource) String() string {
	if r < 0 || r >= NumResources {
		return "Resource(" + strconv.Itoa(int(r)) + ")"
	}
	return resourceNames[r]
}

// Valid reports whether r is one of the five resources.
func (r Resource) Valid() bool { return r >= 0 && r < NumResources }

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
	if !r.Valid() {
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

// Resources is a count of cards per resource: a hand, the bank, a trade
// side, a discard. In JSON it is an object naming the non-zero resources,
// e.g. {"brick":1,"lumber":2}.
type Resources [NumResources]int8

// Of is a Resources holding n cards of r.
func Of(r Resource, n int) Resources {
	var x Resources
	x[r] = int8(n)
	return x
}

// Total is the number of cards.
func (x Resources) Total() int {
	return int(x[0]) + int(x[1]) + int(x[2]) + int(x[3]) + int(x[4])
}

// Covers reports whether x holds at least y of every resource.
func (x Resources) Covers(y Resources) bool {
	return x[0] >= y[0] && x[1] >= y[1] && x[2] >= y[2] && x[3] >= y[3] && x[4] >= y[4]
}

// Plus is x + y.
func (x Resources) Plus(y Resources) Resources {
	for i := range x {
		x[i] += y[i]
	}
	return x
}

// Minus is x − y.
func (x Resources) Minus(y Resources) Resources {
	for i := range x {
		x[i] -= y[i]
	}
	return x
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

// overlaps reports whether some resource is present in both x and y.
func (x Resources) overlaps(y Resources) bool {
	for i := range x {
		if x[i] > 0 && y[i] > 0 {
			return true
		}
	}
	return false
}

// valid reports whether every count is in [0, CardsPerResource].
func (x Resources) valid() bool {
	for _, c := range x {
		if c < 0 || c > CardsPerResource {
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

// UnmarshalJSON reads an object of resource names to counts in
// [0, CardsPerResource]; unknown names and other counts are errors.
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
		if n < 0 || n > CardsPerResource {
			return fmt.Errorf("catan: count of %s is %d, outside [0,%d]", k, n, CardsPerResource)
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

// DevCard is a kind of development card (fact sheet §12).
type DevCard int8

const (
	Knight DevCard = iota
	VictoryPoint
	RoadBuilding
	YearOfPlenty
	Monopoly
)

// NumDevCards is the number of development card kinds.
const NumDevCards = 5

var devNames = [NumDevCards]string{"knight", "victory-point", "road-building", "year-of-plenty", "monopoly"}

func (d DevCard) String() string {
	if d < 0 || d >= NumDevCards {
		return "DevCard(" + strconv.Itoa(int(d)) + ")"
	}
	return devNames[d]
}

// DevCards counts development cards per kind.
type DevCards [NumDevCards]int8

// Total is the number of cards.
func (d DevCards) Total() int {
	return int(d[0]) + int(d[1]) + int(d[2]) + int(d[3]) + int(d[4])
}

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
