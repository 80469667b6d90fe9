package farmyard

import "fmt"

// Animal is a kind of farm animal.
type Animal int

// The three kinds of animals.
const (
	Sheep Animal = iota
	Boar
	Cattle
	Kinds = 3
)

// Herd counts animals by kind.
type Herd [Kinds]int

// Total is the number of animals in h.
func (h Herd) Total() int { return h[Sheep] + h[Boar] + h[Cattle] }

// Covers reports whether h has at least as many of every kind as o.
func (h Herd) Covers(o Herd) bool {
	return h[Sheep] >= o[Sheep] && h[Boar] >= o[Boar] && h[Cattle] >= o[Cattle]
}

// Holder is a place on (or beside) the farm that holds animals: a pasture,
// an unfenced stable, the house, or a card that says it holds animals.
type Holder struct {
	Where string `json:"where"`           // "pasture", "stable", "house" or a card id
	Cells Set    `json:"cells,omitempty"` // the cells of a pasture or stable
	Cap   int    `json:"cap"`             // how many animals it holds
	// Mix: animals of different kinds may share it (the house pet, an
	// unfenced stable's single animal). Otherwise it holds one kind, which
	// Only fixes when non-zero (1 + Animal) and the arrangement chooses when
	// zero (a pasture).
	Mix  bool `json:"mix,omitempty"`
	Only int  `json:"only,omitempty"`
}

// Holder places.
const (
	InPasture = "pasture"
	InStable  = "stable"
	InHouse   = "house"
)

// Holders lists where y holds animals without card effects: each pasture
// (Capacity, one kind), each stable outside a pasture (1 animal of any
// kind) and the house (exactly 1 pet of any kind), in that order.
func (y Yard) Holders() []Holder {
	var buf [Cells]Pasture
	ps := y.pastures(&buf)
	out := make([]Holder, 0, len(ps)+MaxStables+1)
	var fenced Set
	for _, p := range ps {
		out = append(out, Holder{Where: InPasture, Cells: p.Cells, Cap: p.Capacity()})
		fenced |= p.Cells
	}
	for _, c := range (y.Stables &^ fenced).Cells() {
		out = append(out, Holder{Where: InStable, Cells: Of(c), Cap: 1, Mix: true})
	}
	return append(out, Holder{Where: InHouse, Cap: 1, Mix: true})
}

// split sums the holders that need no choice: fixed[t] holds only kind t,
// mixed holds any mix; the one-kind holders (pastures) are returned by index.
func split(hs []Holder) (fixed Herd, mixed int, one []int) {
	for i, h := range hs {
		switch {
		case h.Cap <= 0:
		case h.Mix:
			mixed += h.Cap
		case h.Only > 0 && h.Only <= Kinds:
			fixed[h.Only-1] += h.Cap
		default:
			one = append(one, i)
		}
	}
	return fixed, mixed, one
}

// assignments calls f with the room per kind for every way of giving each
// one-kind holder a kind (3^n ways; n is the number of pastures and stays
// small: 15 fences close at most a handful). f returns false to stop.
func assignments(hs []Holder, one []int, room Herd, kinds []Animal, f func(room Herd, kinds []Animal) bool) bool {
	if len(kinds) == len(one) {
		return f(room, kinds)
	}
	c := hs[one[len(kinds)]].Cap
	for k := Sheep; k < Kinds; k++ {
		room[k] += c
		if !assignments(hs, one, room, append(kinds, k), f) {
			return false
		}
		room[k] -= c
	}
	return true
}

// fitsRoom reports whether h fits in room per kind plus mixed room.
func fitsRoom(h, room Herd, mixed int) bool {
	over := 0
	for k := range h {
		if h[k] > room[k] {
			over += h[k] - room[k]
		}
	}
	return over <= mixed
}

// Fits reports whether the herd h can be housed in hs at once (animals move
// freely, so only whether some arrangement exists matters).
func Fits(hs []Holder, h Herd) bool {
	if h.Total() == 0 {
		return true
	}
	fixed, mixed, one := split(hs)
	ok := false
	assignments(hs, one, fixed, make([]Animal, 0, len(one)), func(room Herd, _ []Animal) bool {
		ok = fitsRoom(h, room, mixed)
		return !ok
	})
	return ok
}

// Keeps lists the largest herds, each no larger than h in any kind, that
// hs can house: every herd that fits is covered by one of them, and none
// covers another. A player with too many animals keeps one of these (or
// any smaller herd that fits) and releases or cooks the rest. The order is
// by decreasing total, then by sheep, boar, cattle counts, descending.
func Keeps(hs []Holder, h Herd) []Herd {
	if Fits(hs, h) {
		return []Herd{h}
	}
	fixed, mixed, one := split(hs)
	var out []Herd
	add := func(k Herd) {
		for i := 0; i < len(out); i++ {
			if out[i].Covers(k) {
				return
			}
			if k.Covers(out[i]) {
				out = append(out[:i], out[i+1:]...)
				i--
			}
		}
		out = append(out, k)
	}
	assignments(hs, one, fixed, make([]Animal, 0, len(one)), func(room Herd, _ []Animal) bool {
		var base, spare Herd
		for k := range h {
			base[k] = min(h[k], room[k])
			spare[k] = h[k] - base[k]
		}
		// Share the mixed room among the kinds with animals to spare.
		for s := 0; s <= min(spare[Sheep], mixed); s++ {
			for b := 0; b <= min(spare[Boar], mixed-s); b++ {
				c := min(spare[Cattle], mixed-s-b)
				add(Herd{base[Sheep] + s, base[Boar] + b, base[Cattle] + c})
			}
		}
		return true
	})
	// Deterministic order: most animals first, then by kind counts.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && herdBefore(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func herdBefore(a, b Herd) bool {
	if a.Total() != b.Total() {
		return a.Total() > b.Total()
	}
	for k := range a {
		if a[k] != b[k] {
			return a[k] > b[k]
		}
	}
	return false
}

// Arrange places the herd h in hs for display: the animals in each holder,
// in the order of hs, or ok false when h does not fit. It prefers the
// arrangement that fills one-kind holders first (pastures), so pets and
// single stable animals are what is left over.
func Arrange(hs []Holder, h Herd) (placed []Herd, ok bool) {
	fixed, mixed, one := split(hs)
	var chosen []Animal
	found := false
	assignments(hs, one, fixed, make([]Animal, 0, len(one)), func(room Herd, kinds []Animal) bool {
		if fitsRoom(h, room, mixed) {
			chosen, found = append([]Animal(nil), kinds...), true
		}
		return !found
	})
	if !found {
		return nil, false
	}
	placed = make([]Herd, len(hs))
	left := h
	put := func(i int, k Animal) {
		n := min(left[k], hs[i].Cap-placed[i].Total())
		placed[i][k] += n
		left[k] -= n
	}
	for i, hd := range hs {
		if !hd.Mix && hd.Only > 0 && hd.Only <= Kinds {
			put(i, Animal(hd.Only-1))
		}
	}
	for j, i := range one {
		put(i, chosen[j])
	}
	for i, hd := range hs {
		if hd.Mix {
			for k := Sheep; k < Kinds; k++ {
				put(i, k)
			}
		}
	}
	return placed, left.Total() == 0
}

// Why a hand-made arrangement is refused (ArrangeError.Reason), so a UI
// can say it in its own words.
const (
	Places    = "places"    // not one herd per holder
	Negative  = "negative"  // a negative count
	Over      = "over"      // more animals than the holder's capacity
	OnlyKind  = "only-kind" // a kind the holder does not take
	MixedKind = "mixed"     // two kinds in a one-kind holder (a pasture)
)

// ArrangeError is a refused arrangement: Reason is one of the constants
// above, Holder the index of the holder concerned.
type ArrangeError struct {
	Reason string
	Holder int
	Where  string // the holder's Where
	N      int    // Over: animals placed; MixedKind: kinds placed
	Cap    int    // Over: the capacity
}

func (e *ArrangeError) Error() string {
	switch e.Reason {
	case Places:
		return fmt.Sprintf("%d places for %d holders", e.N, e.Cap)
	case Negative:
		return fmt.Sprintf("negative animals in %s %d", e.Where, e.Holder+1)
	case Over:
		return fmt.Sprintf("%s %d holds %d animals, room for %d", e.Where, e.Holder+1, e.N, e.Cap)
	case OnlyKind:
		return fmt.Sprintf("%s %d holds only one kind of animal", e.Where, e.Holder+1)
	case MixedKind:
		return fmt.Sprintf("%s %d holds animals of %d kinds (one kind per pasture)", e.Where, e.Holder+1, e.N)
	}
	return e.Reason
}

// Check validates an explicit arrangement: placed[i] are the animals in
// hs[i]. Each holder holds at most its capacity, a one-kind holder one kind
// (its Only kind when set), and nothing is left out of len(hs). It returns
// nil or an *ArrangeError.
func Check(hs []Holder, placed []Herd) error {
	if len(placed) != len(hs) {
		return &ArrangeError{Reason: Places, Holder: -1, N: len(placed), Cap: len(hs)}
	}
	for i, h := range hs {
		p := placed[i]
		if p[Sheep] < 0 || p[Boar] < 0 || p[Cattle] < 0 {
			return &ArrangeError{Reason: Negative, Holder: i, Where: h.Where}
		}
		if p.Total() > h.Cap {
			return &ArrangeError{Reason: Over, Holder: i, Where: h.Where, N: p.Total(), Cap: h.Cap}
		}
		if h.Mix {
			continue
		}
		kinds := 0
		for k := range p {
			if p[k] > 0 {
				kinds++
				if h.Only > 0 && Animal(h.Only-1) != Animal(k) {
					return &ArrangeError{Reason: OnlyKind, Holder: i, Where: h.Where}
				}
			}
		}
		if kinds > 1 {
			return &ArrangeError{Reason: MixedKind, Holder: i, Where: h.Where, N: kinds}
		}
	}
	return nil
}
