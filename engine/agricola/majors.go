package agricola

import "tabula/engine"

// The 10 major improvements (fact sheet §9), as cards on the same hooks the
// occupations and minor improvements use: their cooking and baking rates
// are conversions, the Well is a round-space schedule, the ovens' bake
// action is an OnPlay, the craft buildings' bonus is Points. The core rules
// never ask which major a player owns.
const (
	Fireplace1      = "M01"
	Fireplace2      = "M02"
	CookingHearth1  = "M03"
	CookingHearth2  = "M04"
	Well            = "M05"
	ClayOven        = "M06"
	StoneOven       = "M07"
	Joinery         = "M08"
	Pottery         = "M09"
	BasketmakersWsh = "M10"
)

// Majors lists the major improvements in board order.
var Majors = []string{Fireplace1, Fireplace2, CookingHearth1, CookingHearth2, Well, ClayOven, StoneOven, Joinery, Pottery, BasketmakersWsh}

// ownedMajors is the set of majors some player owns, bit i for Majors[i]
// (MajorOwner(Majors[i]) >= 0): the cards in play read once, where
// asking MajorOwner of each major read them all ten times.
func (s *State) ownedMajors() uint32 {
	var owned uint32
	for i := range s.Seats {
		for _, id := range s.Seats[i].Cards {
			if len(id) == 0 || id[0] != 'M' { // every major's id starts so
				continue
			}
			for j, m := range Majors {
				if id == m {
					owned |= 1 << j
				}
			}
		}
	}
	return owned
}

// cooking is the conversions of a Fireplace or Cooking Hearth: vegetables
// and animals to food at any time, grain to food when baking.
func cooking(id string, veg, sheep, boar, cattle, bake int) []Conversion {
	c := func(g Good, food int) Conversion {
		return Conversion{ID: id + ":" + g.String(), When: Anytime, In: One(g, 1), Out: One(Food, food)}
	}
	return []Conversion{c(Vegetable, veg), c(Sheep, sheep), c(Boar, boar), c(Cattle, cattle),
		{ID: id + ":bake", When: Baking, In: One(Grain, 1), Out: One(Food, bake)}}
}

// oven is a baking improvement that grants a bake action when built.
func oven(id string, max, food int) []Conversion {
	return []Conversion{{ID: id + ":bake", When: Baking, In: One(Grain, 1), Out: One(Food, food), Max: max}}
}

// bakeNow opens the optional bake action an oven grants when built.
func bakeNow(x *Ctx) {
	x.Push(Frame{Kind: FrameMenu, Seat: x.Owner, Ops: OpBake, Once: OpBake})
}

// craft is a craft building: once per harvest 1 material → food, and at
// scoring bonus points for the material left (it stays in the supply).
func craft(id, name string, cost Goods, material Good, food int, thresholds [3]int) Card {
	return Card{ID: id, Name: name, Kind: MajorCard, Cost: cost, VP: 2,
		Converts: []Conversion{{ID: id + ":" + material.String(), When: Harvest, In: One(material, 1), Out: One(Food, food)}},
		Points: func(s *State, owner engine.Seat, add func(engine.Seat, int)) {
			n := s.Seats[owner].Goods[material]
			for i := len(thresholds) - 1; i >= 0; i-- {
				if n >= thresholds[i] {
					add(owner, i+1)
					return
				}
			}
		}}
}

func init() {
	fireplaces := []string{Fireplace1, Fireplace2}
	for _, c := range []Card{
		{ID: Fireplace1, Name: "Fireplace", Kind: MajorCard, Cost: One(Clay, 2), VP: 1, Converts: cooking(Fireplace1, 2, 2, 2, 3, 2)},
		{ID: Fireplace2, Name: "Fireplace", Kind: MajorCard, Cost: One(Clay, 3), VP: 1, Converts: cooking(Fireplace2, 2, 2, 2, 3, 2)},
		{ID: CookingHearth1, Name: "Cooking Hearth", Kind: MajorCard, Cost: One(Clay, 4), ReturnFor: fireplaces, VP: 1, Converts: cooking(CookingHearth1, 3, 2, 3, 4, 3)},
		{ID: CookingHearth2, Name: "Cooking Hearth", Kind: MajorCard, Cost: One(Clay, 5), ReturnFor: fireplaces, VP: 1, Converts: cooking(CookingHearth2, 3, 2, 3, 4, 3)},
		{ID: Well, Name: "Well", Kind: MajorCard, Cost: One(Wood, 1).With(Stone, 3), VP: 4,
			OnPlay: func(x *Ctx) {
				for r := x.S.Round + 1; r <= x.S.Round+5; r++ {
					x.Schedule(x.Owner, r, One(Food, 1))
				}
			}},
		{ID: ClayOven, Name: "Clay Oven", Kind: MajorCard, Cost: One(Clay, 3).With(Stone, 1), VP: 2, Converts: oven(ClayOven, 1, 5), OnPlay: bakeNow},
		{ID: StoneOven, Name: "Stone Oven", Kind: MajorCard, Cost: One(Clay, 1).With(Stone, 3), VP: 3, Converts: oven(StoneOven, 2, 4), OnPlay: bakeNow},
		craft(Joinery, "Joinery", One(Wood, 2).With(Stone, 2), Wood, 2, [3]int{3, 5, 7}),
		craft(Pottery, "Pottery", One(Clay, 2).With(Stone, 2), Clay, 2, [3]int{3, 5, 7}),
		craft(BasketmakersWsh, "Basketmaker's Workshop", One(Reed, 2).With(Stone, 2), Reed, 3, [3]int{2, 4, 5}),
	} {
		RegisterCard(c)
	}
}
