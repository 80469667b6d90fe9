package agricola

import (
	"errors"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// Test-only cards, each a few lines on one hook, proving the seams the 96
// real cards will use. Their ids start with T so they sort after A/B and
// before the majors' M (handler order is card id order).
func init() {
	// Space bonus (like Corn Scoop): Grain Seeds gives 1 more grain.
	RegisterCard(Card{ID: "T01", Name: "Test Scoop", Kind: MinorCard, Cost: One(Wood, 1),
		On: map[Event]Handler{EvAfterSpace: func(x *Ctx) {
			if x.Mine() && x.Space == "grain-seeds" {
				x.Gain(x.Owner, One(Grain, 1))
			}
		}}})
	// Cost modifier (like Stonecutter, on clay): improvements and rooms
	// cost its owner 1 clay less.
	RegisterCard(Card{ID: "T02", Name: "Test Clay Cutter", Kind: OccupationCard,
		Modify: func(c *CostCtx) {
			if c.Buyer != c.Owner || (c.Purchase.What != OpMajor && c.Purchase.What != OpMinor && c.Purchase.What != OpRoom) {
				return
			}
			for i := range c.Prices {
				c.Prices[i].Goods[Clay]--
			}
		}})
	// Cost modifier replacing a price (like Carpenter): rooms cost 3 of
	// the house material + 2 reed. Sorts after T02: T02 then T03.
	RegisterCard(Card{ID: "T03", Name: "Test Carpenter", Kind: OccupationCard, PriceOps: OpRoom,
		Modify: func(c *CostCtx) {
			if c.Buyer == c.Owner && c.Purchase.What == OpRoom {
				c.Prices = []Price{{Goods: One(c.S.Seats[c.Owner].House, 3).With(Reed, 2)}}
			}
		}})
	// Capacity (like Drinking Trough): every pasture holds 2 more.
	RegisterCard(Card{ID: "T04", Name: "Test Trough", Kind: MinorCard,
		Holders: func(s *State, owner engine.Seat, hs []farmyard.Holder) []farmyard.Holder {
			for i := range hs {
				if hs[i].Where == farmyard.InPasture {
					hs[i].Cap += 2
				}
			}
			return hs
		}})
	// Round-space schedule (like Pond Hut), with a prerequisite: 1 food on
	// each of the next 3 round spaces; needs 1 occupation.
	RegisterCard(Card{ID: "T05", Name: "Test Pond", Kind: MinorCard, Cost: One(Wood, 1), VP: 1,
		Prereq: func(s *State, seat engine.Seat) error {
			if s.Occupations(seat) < 1 {
				return errors.New("needs 1 occupation")
			}
			return nil
		},
		OnPlay: func(x *Ctx) {
			for r := x.S.Round + 1; r <= x.S.Round+3; r++ {
				x.Schedule(x.Owner, r, One(Food, 1))
			}
		}})
	// Traveling minor (like Market Stall): 1 grain → 1 vegetable, then to
	// the left neighbour's hand.
	RegisterCard(Card{ID: "T06", Name: "Test Stall", Kind: MinorCard, Cost: One(Grain, 1), Traveling: true,
		OnPlay: func(x *Ctx) { x.Gain(x.Owner, One(Vegetable, 1)) }})
	// A card's own decision at round start: take 1 wood or 1 clay.
	RegisterCard(Card{ID: "T07", Name: "Test Chooser", Kind: OccupationCard,
		On: map[Event]Handler{EvRoundStart: func(x *Ctx) {
			x.Push(Frame{Kind: FrameCard, Seat: x.Owner})
		}},
		Actions: func(s *State, owner engine.Seat, f *Frame) []Action {
			if f == nil || f.N != 0 {
				return nil
			}
			return []Action{{Name: ActCard, Card: "T07", N: 1}, {Name: ActCard, Card: "T07", N: 2}}
		},
		Resolve: func(s *State, seat engine.Seat, f *Frame, a Action) error {
			g := One(Wood, 1)
			if a.N == 2 {
				g = One(Clay, 1)
			}
			f.N = a.N
			s.Gain(seat, g)
			return nil
		}})
	// Room for a person that is no room (like Caravan).
	RegisterCard(Card{ID: "T08", Name: "Test Caravan", Kind: MinorCard,
		Beds: func(s *State, owner engine.Seat) int { return 1 }})
	// Bonus points to every player tied for most rooms (like House Steward)
	// and an any-time conversion (like Hard Porcelain).
	RegisterCard(Card{ID: "T09", Name: "Test Steward", Kind: OccupationCard,
		Converts: []Conversion{{ID: "T09:clay", When: Anytime, In: One(Clay, 2), Out: One(Stone, 1)}},
		Points: func(s *State, owner engine.Seat, add func(engine.Seat, int)) {
			most := 0
			for i := range s.Seats {
				most = max(most, s.Seats[i].Yard.Rooms.Len())
			}
			for i := range s.Seats {
				if s.Seats[i].Yard.Rooms.Len() == most {
					add(engine.Seat(i), 3)
				}
			}
		}})
	// A field on a card that takes only vegetables (like Beanfield).
	RegisterCard(Card{ID: "T10", Name: "Test Beanfield", Kind: MinorCard,
		OnPlay: func(x *Ctx) {
			p := &x.S.Seats[x.Owner]
			p.CardFields = append(p.CardFields, CardField{Card: "T10", Only: Vegetable})
		}})
}

func TestCardSpaceBonus(t *testing.T) {
	s := newGame(t, 2)
	s.Seats[0].Cards = []string{"T01"}
	do(t, s, 0, place("grain-seeds"))
	if s.Seats[0].Goods[Grain] != 2 {
		t.Fatalf("grain %d", s.Seats[0].Goods[Grain])
	}
	// Only for its owner.
	s2 := newGame(t, 2)
	s2.Seats[1].Cards = []string{"T01"}
	do(t, s2, 0, place("grain-seeds"))
	if s2.Seats[0].Goods[Grain] != 1 {
		t.Fatal("the bonus went to a non-owner")
	}
}

// Cost modifiers run in card id order through the one cost function, and
// Apply charges what Cost says.
func TestCardCostModifiers(t *testing.T) {
	s := newGame(t, 2, "major-improvement")
	s.Seats[0].Cards = []string{"T02"}
	if got := s.Cost(0, Purchase{What: OpMajor, Card: Fireplace1}); got[0].Goods != One(Clay, 1) {
		t.Fatalf("fireplace for %v", got)
	}
	if got := s.Cost(1, Purchase{What: OpMajor, Card: Fireplace1}); got[0].Goods != One(Clay, 2) {
		t.Fatal("the other player pays full price")
	}
	if got := s.Cost(0, Purchase{What: OpRoom}); got[0].Goods != One(Wood, 5).With(Reed, 2) {
		t.Fatalf("no clay to take off a wooden room: %v", got)
	}
	give(s, 0, One(Clay, 1))
	do(t, s, 0, place("major-improvement"))
	do(t, s, 0, major(Fireplace1))
	if s.Seats[0].Goods[Clay] != 0 || !s.Has(0, Fireplace1) {
		t.Fatal("paid the modified price")
	}
	// Stacking: T02 (−1 clay) runs before T03 (3 + 2 reed), which
	// replaces the price: 3 clay + 2 reed for a clay room.
	s.Seats[0].Cards = append(s.Seats[0].Cards, "T03")
	s.Seats[0].House = Clay
	if got := s.Cost(0, Purchase{What: OpRoom}); len(got) != 1 || got[0].Goods != One(Clay, 3).With(Reed, 2) {
		t.Fatalf("stacked: %v", got)
	}
	s.Seats[0].Cards = []string{"T03", "T02"} // order played does not matter
	if got := s.Cost(0, Purchase{What: OpRoom}); got[0].Goods != One(Clay, 3).With(Reed, 2) {
		t.Fatalf("id order: %v", got)
	}
}

func TestCardCapacity(t *testing.T) {
	s := newGame(t, 2)
	s.Seats[0].Yard.Fences = farmyard.Boundary(farmyard.Of(5))
	if s.Houses(0, farmyard.Herd{4, 0, 0}) {
		t.Fatal("1-cell pasture + pet: 3")
	}
	s.Seats[0].Cards = []string{"T04"}
	if !s.Houses(0, farmyard.Herd{5, 0, 0}) || s.Houses(0, farmyard.Herd{6, 0, 0}) {
		t.Fatal("trough: pasture 4 + pet")
	}
	if v := s.ViewOf(0); v.Farms[0].Pastures[0].Capacity != 4 {
		t.Fatal("the view shows the card's capacity")
	}
}

// Playing a minor: from hand, prerequisite checked (not paid), price
// paid, OnPlay scheduling goods on round spaces.
func TestCardPlayAndSchedule(t *testing.T) {
	s := newGame(t, 2, "major-improvement")
	s.Seats[0].Hand = []string{"T05"}
	give(s, 0, One(Wood, 1))
	// Without an occupation the prerequisite fails: nothing to do there.
	refuse(t, s, 0, place("major-improvement"))
	s.Seats[0].Cards = []string{"T02"}
	do(t, s, 0, place("major-improvement"))
	play := Action{Name: ActMinor, Card: "T05"}
	if !hasAction(s, 0, play) {
		t.Fatal("playable now")
	}
	do(t, s, 0, play)
	p := s.Seats[0]
	if len(p.Hand) != 0 || !s.Has(0, "T05") || p.Goods[Wood] != 0 || s.Score(0).Cards != 1 {
		t.Fatalf("played: %+v", p)
	}
	for r := 2; r <= 4; r++ {
		if len(s.Rounds[r].Goods) != 1 || s.Rounds[r].Goods[0].Via != "T05" {
			t.Fatalf("round %d: %v", r, s.Rounds[r].Goods)
		}
	}
}

// A traveling minor goes to the left neighbour's hand; solo it leaves.
func TestTravelingCard(t *testing.T) {
	s := newGame(t, 3, "major-improvement")
	s.Seats[0].Hand = []string{"T06"}
	give(s, 0, One(Grain, 1))
	do(t, s, 0, place("major-improvement"))
	do(t, s, 0, Action{Name: ActMinor, Card: "T06"})
	if s.Has(0, "T06") || !slices.Equal(s.Seats[1].Hand, []string{"T06"}) || s.Seats[0].Goods[Vegetable] != 1 {
		t.Fatalf("traveled: %+v / %+v", s.Seats[0], s.Seats[1].Hand)
	}
	if v := s.ViewOf(2); v.Farms[1].Hand != nil || v.Farms[1].HandSize != 1 || s.ViewOf(1).Farms[1].Hand[0] != "T06" {
		t.Fatal("hands are seen by their owner only")
	}
	solo := newGame(t, 1, "major-improvement")
	solo.Seats[0].Hand = []string{"T06"}
	give(solo, 0, One(Grain, 1))
	do(t, solo, 0, place("major-improvement"))
	do(t, solo, 0, Action{Name: ActMinor, Card: "T06"})
	if solo.Has(0, "T06") || len(solo.Seats[0].Hand) != 0 {
		t.Fatal("solo: removed")
	}
}

// A card's own decision pushed in a window: the owner decides before the
// work phase goes on; the frame closes once answered.
func TestCardFrame(t *testing.T) {
	s := newGame(t, 2)
	s.Seats[1].Cards = []string{"T07"}
	endWork(t, s)
	if f := s.top(); f == nil || f.Kind != FrameCard || s.Decider() != 1 {
		t.Fatalf("card frame: %+v", s.Stack)
	}
	refuse(t, s, 1, Action{Name: ActCard, Card: "T07", N: 3})
	do(t, s, 1, Action{Name: ActCard, Card: "T07", N: 2})
	if s.Seats[1].Goods[Clay] != 1 || s.top() != nil || s.Decider() != 0 {
		t.Fatalf("after: %+v decider %d", s.Stack, s.Decider())
	}
}

func TestCardBedsPointsConversion(t *testing.T) {
	s := newGame(t, 2)
	onBoard(s, "basic-wish")
	refuse(t, s, 0, place("basic-wish"))
	s.Seats[0].Cards = []string{"T08"}
	do(t, s, 0, place("basic-wish"))
	if s.Seats[0].People != 3 || s.Score(0).Rooms != 0 {
		t.Fatal("a bed that is no room")
	}
	s.Seats[1].Cards = []string{"T09"}
	if s.Score(0).Bonus != 3 || s.Score(1).Bonus != 3 {
		t.Fatal("tied for most rooms: both get 3")
	}
	s.Seats[0].Yard.Rooms |= farmyard.Of(1)
	if s.Score(0).Bonus != 3 || s.Score(1).Bonus != 0 {
		t.Fatal("most rooms alone")
	}
	give(s, 1, One(Clay, 5))
	do(t, s, 1, Action{Name: ActConvert, Card: "T09:clay", N: 2})
	if g := s.Seats[1].Goods; g[Clay] != 1 || g[Stone] != 2 {
		t.Fatalf("converted %v", g)
	}
}

// A field on a card: sown, harvested and scored like a field tile, but
// no field tile.
func TestCardField(t *testing.T) {
	s := newGame(t, 2, "grain-utilization")
	s.Seats[0].Hand = []string{"T10"}
	s.play(0, "T10", "")
	s.Seats[0].Hand = nil
	give(s, 0, One(Vegetable, 1).With(Grain, 1))
	do(t, s, 0, place("grain-utilization"))
	refuse(t, s, 0, Action{Name: ActSow, Card: "T10", Crop: Grain})
	do(t, s, 0, Action{Name: ActSow, Card: "T10", Crop: Vegetable})
	if sc := s.Score(0); sc.Vegetables != 2 || sc.Fields != -1 {
		t.Fatalf("score %+v", sc)
	}
	for s.Round < 4 {
		if s.top() == nil {
			endWork(t, s)
			continue
		}
		do(t, s, s.Decider(), s.Options(s.Decider())[0])
	}
	s.Seats[0].Goods[Food] = 10
	s.Seats[1].Goods[Food] = 10
	endWork(t, s)
	if cf := s.Seats[0].CardFields[0]; cf.Crop.N != 1 || s.Seats[0].Goods[Vegetable] != 1 {
		t.Fatalf("harvest from the card: %+v", cf)
	}
}

// Cards in hand do nothing: only cards in front of a player act.
func TestCardsInHandInert(t *testing.T) {
	a := newGame(t, 2)
	b := newGame(t, 2)
	b.Seats[0].Hand = []string{"T01", "T02"}
	give(a, 0, One(Clay, 2))
	give(b, 0, One(Clay, 2))
	for _, s := range []*State{a, b} {
		do(t, s, 0, place("grain-seeds"))
	}
	if a.Seats[0].Goods != b.Seats[0].Goods || b.Seats[0].Goods[Grain] != 1 {
		t.Fatal("a card in hand acted")
	}
	if b.Cost(0, Purchase{What: OpMajor, Card: Fireplace1})[0].Goods != One(Clay, 2) {
		t.Fatal("a cost modifier in hand acted")
	}
}

// eventLog records the windows test card T11 sees, for TestEventOrder.
var eventLog []string

func init() {
	on := map[Event]Handler{}
	for _, ev := range []Event{EvRoundStart, EvCollect, EvBeforeSpace, EvDid, EvAfterSpace, EvTurnEnd,
		EvReturnHome, EvFieldPhase, EvFeeding, EvBreeding, EvHarvestEnd, EvScoring} {
		on[ev] = func(x *Ctx) {
			e := string(x.Event)
			if x.Space != "" {
				e += ":" + x.Space
			}
			if x.Op != 0 {
				e += ":" + x.Op.String()
			}
			eventLog = append(eventLog, e)
		}
	}
	RegisterCard(Card{ID: "T11", Name: "Test Recorder", Kind: OccupationCard, On: on})
}

// The event windows fire in the documented order through a round with a
// harvest and to the end.
func TestEventOrder(t *testing.T) {
	s := newGame(t, 1)
	s.Seats[0].Cards = []string{"T11", Well}
	s.Seats[0].Goods[Food] = 30
	for s.Round < 4 {
		endWork(t, s)
	}
	s.Schedule(0, 5, One(Wood, 1), "T11")
	eventLog = nil
	give(s, 0, One(Wood, 2))
	do(t, s, 0, place("farm-expansion"))
	do(t, s, 0, stable(1))
	do(t, s, 0, place("day-laborer"))
	want := []string{
		"before-space:farm-expansion", "did:farm-expansion:stable", "after-space:farm-expansion:stable", "turn-end",
		"before-space:day-laborer", "after-space:day-laborer", "turn-end",
		"return-home", "field-phase", "feeding", "breeding", "harvest-end",
		"collect", "round-start",
	}
	if !slices.Equal(eventLog, want) {
		t.Fatalf("events\n%v\nwant\n%v", eventLog, want)
	}
	for !s.Over {
		if s.top() == nil {
			endWork(t, s)
			continue
		}
		do(t, s, s.Decider(), s.Options(s.Decider())[0])
	}
	if eventLog[len(eventLog)-1] != "scoring" {
		t.Fatalf("last event %q", eventLog[len(eventLog)-1])
	}
}

func init() {
	// Placing on an occupied space (like Sleeping Corner): the Wish spaces.
	RegisterCard(Card{ID: "T12", Name: "Test Corner", Kind: MinorCard,
		Join: func(s *State, owner engine.Seat, space string) bool { return space == "basic-wish" }})
	// Two placements in a row after a market (like Lasso), and buying one
	// more sheep for 1 food there (like Animal Dealer: a choice with a cost).
	RegisterCard(Card{ID: "T13", Name: "Test Lasso", Kind: MinorCard,
		On: map[Event]Handler{
			EvAfterSpace: func(x *Ctx) {
				if x.Mine() && x.Space == "sheep-market" {
					x.Push(Frame{Kind: FrameChoose, Seat: x.Owner, Choices: []Goods{{}, One(Food, -1).With(Sheep, 1)}})
				}
			},
			EvTurnEnd: func(x *Ctx) {
				if x.Mine() && x.S.Seats[x.Owner].Placed == 1 && x.S.SpaceByID("sheep-market").People != nil {
					x.PlaceAgain()
				}
			}}})
	// Skipping a renovation step (like Conservator): wood straight to stone
	// for the clay-to-stone price.
	RegisterCard(Card{ID: "T14", Name: "Test Conservator", Kind: OccupationCard, PriceOps: OpRenovate,
		Modify: func(c *CostCtx) {
			if c.Buyer == c.Owner && c.Purchase.What == OpRenovate && c.S.Seats[c.Owner].House == Wood {
				rooms := c.S.Seats[c.Owner].Yard.Rooms.Len()
				c.Prices = append(c.Prices, Price{Goods: One(Stone, rooms).With(Reed, 1), To: Stone})
			}
		}})
	// Counting building resources received (like Claypipe), in Ext.
	RegisterCard(Card{ID: "T15", Name: "Test Pipe", Kind: MinorCard,
		On: map[Event]Handler{EvGain: func(x *Ctx) {
			if x.Mine() {
				p := &x.S.Seats[x.Owner]
				if p.Ext == nil {
					p.Ext = map[string]int{}
				}
				p.Ext["T15"] += x.Goods.BuildingResources()
				x.Gain(x.Owner, One(Food, 0).With(Food, 1)) // nested gain: no second EvGain
			}
		}}})
}

func TestCardJoinOccupied(t *testing.T) {
	s := newGame(t, 2)
	onBoard(s, "basic-wish")
	for i := range s.Seats {
		s.Seats[i].Yard.Rooms |= farmyard.Of(1)
	}
	do(t, s, 0, place("basic-wish"))
	refuse(t, s, 1, place("basic-wish"))
	s.Seats[1].Cards = []string{"T12"}
	if !hasAction(s, 1, place("basic-wish")) {
		t.Fatal("may join")
	}
	do(t, s, 1, place("basic-wish"))
	if len(s.space("basic-wish").People) != 2 || s.Seats[1].People != 3 {
		t.Fatal("both grew")
	}
}

func TestCardPlaceAgainAndPaidChoice(t *testing.T) {
	s := newGame(t, 2, "sheep-market")
	s.Seats[0].Cards = []string{"T13"}
	s.Seats[0].Yard.Fences = farmyard.Boundary(farmyard.Of(5))
	do(t, s, 0, place("sheep-market"))
	if f := s.top(); f == nil || f.Kind != FrameChoose || len(s.Options(0)) < 2 {
		t.Fatalf("choice: %+v", s.Stack)
	}
	s.Seats[0].Goods[Food] = 0
	if hasAction(s, 0, Action{Name: ActChoose, N: 1}) {
		t.Fatal("cannot pay 1 food")
	}
	refuse(t, s, 0, Action{Name: ActChoose, N: 1})
	s.Seats[0].Goods[Food] = 2
	do(t, s, 0, Action{Name: ActChoose, N: 1})
	if g := s.Seats[0].Goods; g[Sheep] != 2 || g[Food] != 1 {
		t.Fatalf("bought: %v", g)
	}
	if s.Decider() != 0 {
		t.Fatal("places again at once")
	}
	do(t, s, 0, place("forest"))
	if s.Decider() != 1 {
		t.Fatal("then the next player")
	}
}

func TestCardRenovationTarget(t *testing.T) {
	s := newGame(t, 2)
	onBoard(s, "house-redevelopment")
	s.Seats[0].Cards = []string{"T14"}
	give(s, 0, One(Stone, 2).With(Reed, 1).With(Clay, 2))
	do(t, s, 0, place("house-redevelopment"))
	if !hasAction(s, 0, Action{Name: ActRenovate, Pay: 1}) || !hasAction(s, 0, Action{Name: ActRenovate}) {
		t.Fatalf("two ways: %v", s.Options(0))
	}
	do(t, s, 0, Action{Name: ActRenovate, Pay: 1})
	if s.Seats[0].House != Stone || s.Seats[0].Goods[Stone] != 0 {
		t.Fatalf("house %s", s.Seats[0].House)
	}
}

func TestCardGainWindow(t *testing.T) {
	s := newGame(t, 2)
	s.Seats[0].Cards = []string{"T15"}
	do(t, s, 0, place("forest"))
	if s.Seats[0].Ext["T15"] != 3 || s.Seats[0].Goods[Food] != 2+1 {
		t.Fatalf("ext %v food %d", s.Seats[0].Ext, s.Seats[0].Goods[Food])
	}
}
