package agricola

import (
	"fmt"
	"strings"

	"tabula/engine/agricola/farmyard"
)

// Good is a kind of goods a player holds: food, the four building
// resources, the two crops and the three animals.
type Good int

// The goods, in the order Goods counts them.
const (
	Food Good = iota
	Wood
	Clay
	Reed
	Stone
	Grain
	Vegetable
	Sheep
	Boar
	Cattle
	NumGoods
)

var goodNames = [NumGoods]string{"food", "wood", "clay", "reed", "stone", "grain", "vegetable", "sheep", "boar", "cattle"}

// String is the good's English name ("wood").
func (g Good) String() string {
	if g < 0 || g >= NumGoods {
		return fmt.Sprintf("good(%d)", int(g))
	}
	return goodNames[g]
}

// GoodNamed is the good with that name, or -1.
func GoodNamed(name string) Good {
	for g, n := range goodNames {
		if n == name {
			return Good(g)
		}
	}
	return -1
}

// Animal is the farmyard animal kind of an animal good.
func (g Good) Animal() (farmyard.Animal, bool) {
	if g >= Sheep && g <= Cattle {
		return farmyard.Animal(g - Sheep), true
	}
	return 0, false
}

// AnimalGood is the good of an animal kind.
func AnimalGood(a farmyard.Animal) Good { return Sheep + Good(a) }

// Goods counts goods by kind (index Good).
type Goods [NumGoods]int

// One is n of good g.
func One(g Good, n int) Goods {
	var o Goods
	o[g] = n
	return o
}

// With is o plus n of good g.
func (o Goods) With(g Good, n int) Goods {
	o[g] += n
	return o
}

// Plus is o + p.
func (o Goods) Plus(p Goods) Goods {
	for i := range o {
		o[i] += p[i]
	}
	return o
}

// Minus is o - p.
func (o Goods) Minus(p Goods) Goods {
	for i := range o {
		o[i] -= p[i]
	}
	return o
}

// Covers reports whether o has at least p of every good.
func (o Goods) Covers(p Goods) bool {
	for i := range o {
		if o[i] < p[i] {
			return false
		}
	}
	return true
}

// covers is Covers without copying either (tidyPrices compares many).
func (o *Goods) covers(p *Goods) bool {
	for i := range o {
		if o[i] < p[i] {
			return false
		}
	}
	return true
}

// IsZero reports whether o holds nothing: a loop the compiler keeps
// inline (o == Goods{} calls a memory comparison, and the move listing
// asks this of every space).
func (o Goods) IsZero() bool {
	for _, n := range o {
		if n != 0 {
			return false
		}
	}
	return true
}

// Herd is the animals of o.
func (o Goods) Herd() farmyard.Herd { return farmyard.Herd{o[Sheep], o[Boar], o[Cattle]} }

// withHerd is o with its animals replaced by h.
func (o Goods) withHerd(h farmyard.Herd) Goods {
	o[Sheep], o[Boar], o[Cattle] = h[0], h[1], h[2]
	return o
}

// HasAnimals reports whether o holds any animal.
func (o Goods) HasAnimals() bool { return o[Sheep] != 0 || o[Boar] != 0 || o[Cattle] != 0 }

// BuildingResources is wood + clay + reed + stone (the tie-break).
func (o Goods) BuildingResources() int { return o[Wood] + o[Clay] + o[Reed] + o[Stone] }

// String lists the goods held: "5 wood, 2 reed" ("nothing" when empty).
func (o Goods) String() string {
	var parts []string
	for g, n := range o {
		if n != 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, Good(g)))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}
