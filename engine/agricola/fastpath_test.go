package agricola

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
	"tabula/engine/bot"
	"tabula/engine/rng"
)

// actionFieldNames is the table wellFormed read before the field masks:
// the fields each kind uses, by name, matched as substrings.
var actionFieldNames = map[string]string{
	ActPlace: "space", ActRoom: "cell pay", ActStable: "cell pay", ActRenovate: "pay", ActPlow: "cell",
	ActSow: "cell card crop", ActBake: "n", ActFences: "fences pay", ActMajor: "card pay", ActMinor: "card pay",
	ActOccupation: "card pay", ActDone: "", ActChoose: "n", ActKeep: "animals", ActFeed: "", ActBreed: "animals",
	ActConvert: "card n", ActDraft: "card n",
}

// The masks of wellFormed accept and refuse the fields the table of names
// did (a name contained in the table's words, "n" within "fences"
// included), with the same words, on every kind with every combination
// of fields set; names that are no kind are refused.
func TestWellFormedMatchesNames(t *testing.T) {
	setters := []func(*Action){
		func(a *Action) { a.Space = "grove" },
		func(a *Action) { a.Cell = 3 },
		func(a *Action) { a.Crop = Vegetable },
		func(a *Action) { a.Fences = 5 },
		func(a *Action) { a.Card = "A001" },
		func(a *Action) { a.N = 2 },
		func(a *Action) { a.Pay = 1 },
		func(a *Action) { a.Cattle = 2 },
	}
	for _, name := range []string{"", "Place", "placed"} {
		if err := (Action{Name: name}).wellFormed(); err == nil || !strings.Contains(err.Error(), "unknown action") {
			t.Errorf("%q: %v", name, err)
		}
	}
	for _, name := range ActionKinds() {
		for mask := 0; mask < 1<<len(setters); mask++ {
			a := Action{Name: name}
			var misused []string
			for i, set := range setters {
				if mask&(1<<i) != 0 {
					set(&a)
					if name != ActCard && !strings.Contains(actionFieldNames[name], fieldNames[i]) {
						misused = append(misused, fieldNames[i])
					}
				}
			}
			err := a.wellFormed()
			switch {
			case len(misused) == 0 && err != nil:
				t.Fatalf("%+v: refused: %v", a, err)
			case len(misused) > 0 && (err == nil || !strings.HasSuffix(err.Error(), name+" takes no "+misused[0])):
				t.Fatalf("%+v: %v, want %s refused for %s", a, err, name, misused[0])
			}
		}
	}
}

// IsZero's loop agrees with comparing to the empty Goods.
func TestGoodsIsZeroMatchesCompare(t *testing.T) {
	cases := []Goods{{}}
	for g := Good(0); g < NumGoods; g++ {
		cases = append(cases, One(g, 1), One(g, -2))
	}
	for _, o := range cases {
		if o.IsZero() != (o == Goods{}) {
			t.Errorf("%v: IsZero %v", o, o.IsZero())
		}
	}
}

// A single price is tidied as the general path tidies it (the same price
// twice: the second is dropped as a repeat, the first clamped).
func TestTidyOnePriceMatchesGeneral(t *testing.T) {
	for g := Good(0); g < NumGoods; g++ {
		for _, p := range []Price{{Goods: One(g, -3).With(Wood, 2)}, {Goods: One(g, 4), Return: "M01"}, {To: Stone}} {
			one := tidyPrices([]Price{p})
			two := tidyPrices([]Price{p, p})
			if len(one) != 1 || len(two) != 1 || one[0] != two[0] {
				t.Errorf("%+v: alone %+v, twice %+v", p, one, two)
			}
		}
	}
}

// Every space in play finds its definition in itself as Def finds it by
// id, through whole random games at every player count, and a space that
// did not come with one (a state read from JSON) is looked up.
func TestSpaceDefMatchesDef(t *testing.T) {
	for players := 1; players <= 4; players++ {
		st, err := Game{}.New(familySetup(players))
		if err != nil {
			t.Fatal(err)
		}
		src := rng.Seeded{Seed: uint64(players)}
		r := bot.NewRandom(uint64(players))
		for k, n := 0, 0; !st.Status().Over; n++ {
			s := st.(*State)
			for i := range s.Board {
				sp := &s.Board[i]
				if sp.def == nil || s.spaceDef(sp) != s.Def(sp.ID) {
					t.Fatalf("%dp, step %d: space %s: def %p, Def %p", players, n, sp.ID, s.spaceDef(sp), s.Def(sp.ID))
				}
			}
			if status := st.Status(); status.Chance != nil {
				st.Resolve(src.Outcome(k, *status.Chance))
				k++
			} else if err := st.Apply(status.Deciders[0], r.Choose(st, status.Deciders[0])); err != nil {
				t.Fatal(err)
			}
		}
		bare := Space{ID: st.(*State).Board[0].ID}
		if got := st.(*State).spaceDef(&bare); got == nil || got != st.(*State).Def(bare.ID) {
			t.Fatalf("%dp: a space without its definition: %p", players, got)
		}
	}
}

// tidyByCopies is tidyPrices as it was written before comparing prices in
// place: each price copied for every pair.
func tidyByCopies(ps []Price) []Price {
	if len(ps) == 0 {
		return ps[:0:0]
	}
	var clamped []Price
	for _, p := range ps {
		for g := range p.Goods {
			p.Goods[g] = max(p.Goods[g], 0)
		}
		clamped = append(clamped, p)
	}
	out := ps[:0]
	for i, p := range clamped {
		dominated := false
		for j, q := range clamped {
			if j != i && q.Return == p.Return && q.To == p.To && p.Goods.Covers(q.Goods) && (p != q || j < i) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, p)
		}
	}
	return out
}

// Random lists of prices (repeats, returns, renovation materials, negative
// amounts, more than the stack buffer holds) are tidied as before.
func TestTidyPricesMatchesCopies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 5000; n++ {
		ps := make([]Price, r.IntN(14))
		for i := range ps {
			for g := range ps[i].Goods {
				if r.IntN(3) == 0 {
					ps[i].Goods[g] = r.IntN(6) - 2
				}
			}
			if r.IntN(4) == 0 {
				ps[i].Return = "M01"
			}
			if r.IntN(4) == 0 {
				ps[i].To = Clay
			}
			if i > 0 && r.IntN(4) == 0 {
				ps[i] = ps[r.IntN(i)]
			}
		}
		got, want := tidyPrices(slices.Clone(ps)), tidyByCopies(slices.Clone(ps))
		if !slices.Equal(got, want) {
			t.Fatalf("%v: tidied %v, before %v", ps, got, want)
		}
	}
}

// T40, for the price tests: any wood of a fence or room price may be
// paid in clay, one for one (like Rammed Clay: a dozen prices and more).
func init() {
	RegisterCard(Card{ID: "T40", Name: "Test Clay Fences", Kind: OccupationCard, PriceOps: OpFences | OpRoom,
		Modify: func(c *CostCtx) {
			if c.Buyer != c.Owner || (c.Purchase.What != OpFences && c.Purchase.What != OpRoom) {
				return
			}
			for _, p := range slices.Clone(c.Prices) {
				for k := 1; k <= p.Goods[Wood]; k++ {
					q := p
					q.Goods[Wood] -= k
					q.Goods[Clay] += k
					c.Prices = append(c.Prices, q)
				}
			}
		}})
}

// pricedPurchases are the purchases the price tests ask: every number of
// fences, a room, a stable, a renovation and two majors.
func pricedPurchases() []Purchase {
	var purchases []Purchase
	for n := 1; n <= farmyard.MaxFences; n++ {
		purchases = append(purchases, Purchase{What: OpFences, Via: "fencing", N: n})
	}
	return append(purchases, Purchase{What: OpRoom}, Purchase{What: OpStable}, Purchase{What: OpRenovate},
		Purchase{What: OpMajor, Card: "M03"}, Purchase{What: OpMajor, Card: "M05"})
}

// changeCards takes a card from a seat of s's three or gives it one from
// pool, at random, and names a seat at random to buy.
func changeCards(r *rand.Rand, s *State, pool []string) engine.Seat {
	p := &s.Seats[r.IntN(3)]
	if r.IntN(3) == 0 && len(p.Cards) > 0 {
		p.Cards = removeCard(p.Cards, p.Cards[r.IntN(len(p.Cards))])
	} else {
		p.Cards = append(p.Cards, pool[r.IntN(len(pool))])
	}
	return engine.Seat(r.IntN(3))
}

// Prices asked with a buf (worked out in memory the state keeps for the
// cards' hooks) equal Cost's, one purchase after another, and never
// change a list Cost gave before, nor the prices of a copy: on seats
// whose cards change at random among price hooks.
func TestCostIntoMatchesCost(t *testing.T) {
	pool := []string{"T02", "T03", "T40", "T40", "M01", "M02"}
	purchases := pricedPurchases()
	r := rand.New(rand.NewPCG(5, 6))
	s := newGame(t, 3)
	for step := 0; step < 200; step++ {
		seat := changeCards(r, s, pool)
		kept := make([][]Price, len(purchases))
		for i, pu := range purchases {
			kept[i] = s.Cost(seat, pu)
		}
		var buf [4]Price
		c := s.clone()
		c.costInto(buf[:0], seat, purchases[0]) // the copy has memory of its own, which copyInto keeps
		s.copyInto(c)
		for round := 0; round < 2; round++ {
			for i, pu := range purchases {
				got := slices.Clone(s.costInto(buf[:0], seat, pu))
				if want := s.Cost(seat, pu); !slices.Equal(got, want) {
					t.Fatalf("step %d, cards %v, %+v: with a buf %v, Cost %v", step, s.Seats[seat].Cards, pu, got, want)
				}
				c.costInto(buf[:0], seat, purchases[len(purchases)-1-i]) // the copy's own memory
			}
		}
		for i, pu := range purchases {
			if want := s.Cost(seat, pu); !slices.Equal(kept[i], want) {
				t.Fatalf("step %d, %+v: a list Cost gave changed to %v (now %v)", step, pu, kept[i], want)
			}
		}
	}
}

// canBuy, which leaves the last hook's prices untidied, says what asking
// whether one of Cost's prices is affordable says: on seats whose cards
// change at random among price hooks (substitutes, discounts, repeats,
// cards that return an improvement), with goods at random, some of them
// below what the dearest prices ask.
func TestCanBuyMatchesCost(t *testing.T) {
	pool := []string{"T02", "T03", "T40", "T40", "M01", "M02", "M05"}
	purchases := append(pricedPurchases(), Purchase{What: OpMajor, Card: "M99"})
	r := rand.New(rand.NewPCG(9, 10))
	s := newGame(t, 3)
	yes, no := 0, 0
	for step := 0; step < 150; step++ {
		seat := changeCards(r, s, pool)
		for _, g := range []Good{Food, Wood, Clay, Reed, Stone} {
			s.Seats[seat].Goods[g] = r.IntN(12)
		}
		for _, pu := range purchases {
			want := false
			for _, pr := range s.Cost(seat, pu) {
				want = want || s.affordable(seat, pr)
			}
			if got := s.canBuy(seat, pu); got != want {
				t.Fatalf("step %d, cards %v, goods %v, %+v: can buy %v, by Cost %v", step, s.Seats[seat].Cards, s.Seats[seat].Goods, pu, got, want)
			}
			if want {
				yes++
			} else {
				no++
			}
		}
	}
	if yes == 0 || no == 0 {
		t.Fatalf("%d purchases affordable, %d not: both kinds wanted", yes, no)
	}
}

// The set of cards Determinize keeps answers as a map of the ids does,
// for ids of the card table's form and any other.
func TestCardSetMatchesMap(t *testing.T) {
	ids := []string{"", "A1", "a016", "A0160", "unknown-occupation", "unknown-minor", "M01", "M10", "Z999", "Z99", "A255", "A256", "B00", "B000"}
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 300; i++ {
		l := string(rune('A' + r.IntN(26)))
		if r.IntN(2) == 0 {
			ids = append(ids, fmt.Sprintf("%s%03d", l, r.IntN(1000)))
		} else {
			ids = append(ids, fmt.Sprintf("%s%02d", l, r.IntN(100)))
		}
	}
	for round := 0; round < 20; round++ {
		var set cardSet
		want := map[string]bool{}
		for _, id := range ids {
			if r.IntN(3) == 0 {
				set.add(id)
				want[id] = true
			}
		}
		for _, id := range ids {
			if set.has(id) != want[id] {
				t.Fatalf("%q: in the set %v, in the map %v", id, set.has(id), want[id])
			}
		}
	}
}

// drawByCopies is draw as it was written before cutting the cards out in
// place: a new list of the cards left after every draw.
func drawByCopies(deck []string, picks engine.Outcome) []string {
	left := append([]string(nil), deck...)
	var out []string
	for _, i := range picks {
		out = append(out, left[i])
		left = append(left[:i:i], left[i+1:]...)
	}
	return out
}

// The deal draws the cards a new list per draw drew, for random picks
// from decks of every size dealt (the cards are not registered here: ids
// of the decks' form), and leaves the deck it draws from as it was.
func TestDrawMatchesCopies(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, size := range []int{34, 41, 48} {
		var deck []string
		for i := 0; i < size; i++ {
			deck = append(deck, fmt.Sprintf("A%03d", i))
		}
		before := slices.Clone(deck)
		for n := 0; n < 200; n++ {
			picks := make(engine.Outcome, r.IntN(len(deck)+1))
			for i := range picks {
				picks[i] = r.IntN(len(deck) - i)
			}
			if got, want := draw(deck, picks), drawByCopies(deck, picks); !slices.Equal(got, want) {
				t.Fatalf("deck of %d, picks %v: drew %v, by copies %v", size, picks, got, want)
			}
		}
		if !slices.Equal(deck, before) {
			t.Fatalf("deck of %d: changed", size)
		}
	}
}

// usableByGoods is usable as it was before the tables knew each space's
// use: the space's goods read at every call.
func (s *State) usableByGoods(seat engine.Seat, d *SpaceDef, sp *Space) bool {
	switch {
	case d.StartPlayer, !d.Take.IsZero(), len(d.Choose) > 0:
		return true
	case d.Grow != 0:
		return s.canGrow(seat, d.Grow)
	case !d.Accumulate.IsZero():
		return !sp.Goods.IsZero()
	case len(d.Steps) > 0:
		st := d.Steps[0]
		f := Frame{Kind: FrameMenu, Seat: seat, Via: d.ID, Ops: st.Ops, Once: st.Once, One: st.One, Need: st.Need}
		return s.hasOption(seat, &f)
	}
	return false
}

// Every space of the tables knows its use, and usable answers as reading
// the goods did, for every seat and every space in play through whole
// random family games at every player count, with the table's definition
// and with a copy that was never told its use.
func TestUsableMatchesGoods(t *testing.T) {
	for players := 1; players <= 4; players++ {
		for f, table := range spaceTables[players] {
			for id, d := range table {
				if d.use == useUnknown || d.use != useOf(d) {
					t.Fatalf("%dp, table %d, %s: use %d, worked out %d", players, f, id, d.use, useOf(d))
				}
			}
		}
	}
	uses := map[spaceUse]bool{}
	for players := 1; players <= 4; players++ {
		st, err := Game{}.New(familySetup(players))
		if err != nil {
			t.Fatal(err)
		}
		src := rng.Seeded{Seed: uint64(10 + players)}
		r := bot.NewRandom(uint64(players))
		for k, n := 0, 0; !st.Status().Over; n++ {
			s := st.(*State)
			for i := range s.Board {
				sp := &s.Board[i]
				d := s.spaceDef(sp)
				uses[d.use] = true
				bare := *d
				bare.use = useUnknown
				for seat := engine.Seat(0); int(seat) < players; seat++ {
					want := s.usableByGoods(seat, d, sp)
					if got, fresh := s.usable(seat, d, sp), s.usable(seat, &bare, sp); got != want || fresh != want {
						t.Fatalf("%dp, step %d, seat %d, %s: usable %v (a copy %v), by the goods %v", players, n, seat, sp.ID, got, fresh, want)
					}
				}
			}
			if status := st.Status(); status.Chance != nil {
				st.Resolve(src.Outcome(k, *status.Chance))
				k++
			} else if err := st.Apply(status.Deciders[0], r.Choose(st, status.Deciders[0])); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, u := range []spaceUse{useAlways, useGrow, useAccumulate, useSteps} {
		if !uses[u] {
			t.Errorf("no space of use %d in play", u)
		}
	}
}

// A new game's board is the spaces board lists, each with its definition
// as Def finds it, as when it was built from the definitions every game,
// with room for every stage card; two games share no memory of it.
func TestStartBoardMatchesDefs(t *testing.T) {
	for players := 1; players <= 4; players++ {
		for _, family := range []bool{false, true} {
			s, other := newState(players, family), newState(players, family)
			var want []Space
			for _, d := range board(players, family) {
				want = append(want, Space{ID: d.ID, def: s.Def(d.ID)})
			}
			if !reflect.DeepEqual(s.Board, want) || s.Board[0].def == nil {
				t.Fatalf("%dp family %v: board %+v, want %+v", players, family, s.Board, want)
			}
			if cap(s.Board) < len(want)+len(stageCards) {
				t.Errorf("%dp family %v: room for %d spaces", players, family, cap(s.Board))
			}
			s.Board[0].Goods[Wood] = 9
			if other.Board[0].Goods[Wood] != 0 || startBoards[players][boolIndex(family)][0].Goods[Wood] != 0 {
				t.Fatalf("%dp family %v: a game's board is shared", players, family)
			}
		}
	}
}

// The set of owned majors says what MajorOwner says of each major, with
// cards of every kind in front of the players (ids that only start like
// a major's, empty ones, a major held twice).
func TestOwnedMajorsMatchesOwner(t *testing.T) {
	pool := append([]string{"", "M", "M1", "M011", "A016", "B002", "T05", "m01"}, Majors...)
	r := rand.New(rand.NewPCG(13, 14))
	s := newGame(t, 4)
	for step := 0; step < 500; step++ {
		for i := range s.Seats {
			s.Seats[i].Cards = nil
			for k := r.IntN(6); k > 0; k-- {
				s.Seats[i].Cards = append(s.Seats[i].Cards, pool[r.IntN(len(pool))])
			}
		}
		owned := s.ownedMajors()
		for j, id := range Majors {
			if got, want := owned&(1<<j) != 0, s.MajorOwner(id) >= 0; got != want {
				t.Fatalf("cards %v: %s owned %v, MajorOwner says %v", s.Seats, id, got, want)
			}
		}
	}
}

// hasOptionByListing is hasOption without its shortcuts: the menu listed
// up to its first option.
func (s *State) hasOptionByListing(seat engine.Seat, f *Frame) bool {
	found := false
	s.menuOptions(seat, f, func(Action) bool { found = true; return false })
	return found
}

// Z011 and Z020, for TestCardOf: ids of three digits, where "Z01:" (the
// byte after '9') would be read as Z020 if the last digit went unchecked.
func init() {
	RegisterCard(Card{ID: "Z011", Name: "Test Three Digits", Kind: MinorCard})
	RegisterCard(Card{ID: "Z020", Name: "Test Three Digits 2", Kind: MinorCard})
}

// T42, for the fence tests: every third fence is free (prices that do not
// grow with the number of fences).
func init() {
	RegisterCard(Card{ID: "T42", Name: "Test Fence Rebate", Kind: OccupationCard, PriceOps: OpFences,
		Modify: func(c *CostCtx) {
			if c.Buyer == c.Owner && c.Purchase.What == OpFences && c.Purchase.N%3 == 0 {
				for i := range c.Prices {
					c.Prices[i].Goods[Wood] -= c.Purchase.N / 3
				}
			}
		}})
}

// hasOption's fence shortcut (is some number of fences that the farm's
// sets take affordable?) says what listing the fences says: on the farms
// of random family games, some with a cell fenced in at random, with wood
// and clay at random, for seats whose cards change among fence price hooks
// (clay for wood, a rebate on every third fence), on the Fencing space and
// in Farm Redevelopment's second step.
func TestSomeFencesMatchesListing(t *testing.T) {
	pool := []string{"T40", "T42", "T02", "T42"}
	r := rand.New(rand.NewPCG(11, 12))
	var yes, no, short, hooked, none int
	eachRandomStep(t, 3, 7, func(game *State, n int) {
		for range 4 {
			s := game.clone()
			seat := changeCards(r, s, pool)
			p := &s.Seats[seat]
			p.Goods[Wood], p.Goods[Clay] = r.IntN(14), r.IntN(6)
			if free := farmyard.All &^ p.Yard.Tiles(); r.IntN(3) == 0 && free != 0 {
				cells := slices.Collect(free.Each())
				p.Yard.Fences |= farmyard.Boundary(farmyard.Of(cells[r.IntN(len(cells))]))
			}
			for _, f := range []Frame{
				{Kind: FrameMenu, Seat: seat, Via: "fencing", Ops: OpFences, Once: OpFences, Need: true},
				{Kind: FrameMenu, Seat: seat, Via: "farm-redevelopment", Ops: OpFences, Once: OpFences},
			} {
				want := s.hasOptionByListing(seat, &f)
				if got := s.hasOption(seat, &f); got != want {
					t.Fatalf("step %d, seat %d, cards %v, goods %v, fences %v: has an option %v, by the listing %v",
						n, seat, p.Cards, p.Goods, p.Yard.Fences.Edges(), got, want)
				}
				if want {
					yes++
				} else {
					no++
				}
				switch some, known := s.someFences(seat, f.Via); {
				case some:
					short++
					if !s.printed(seat, OpFences) {
						hooked++
					}
				case known:
					none++
				}
			}
		}
	})
	if short == 0 || hooked == 0 || none == 0 || none == no {
		t.Fatalf("%d menus with an option (%d found by the shortcut, %d of them under a price hook), %d without (%d told by the shortcut): every kind wanted",
			yes, short, hooked, no, none)
	}
}

// baseCostByLookup is baseCost with what it reads looked up afresh for
// the one purchase: the space, the card, the occupations counted by a new
// index.
func (s *State) baseCostByLookup(seat engine.Seat, pu Purchase) ([]Price, bool) {
	return s.baseCost(shop{ix: newCardIndex(s), via: s.Def(pu.Via)}, nil, seat, pu, cards[pu.Card])
}

// purchasesByCost lists what a menu offers to buy (rooms, stables, a
// renovation, majors, minors, occupations), in the menu's order, each
// purchase priced on its own by Cost.
func (s *State) purchasesByCost(seat engine.Seat, f *Frame) []Action {
	var out []Action
	add := func(a Action, pu Purchase) {
		pu.Via = f.Via
		for i, pr := range s.Cost(seat, pu) {
			if s.affordable(seat, pr) {
				a.Pay = i
				out = append(out, a)
			}
		}
	}
	for _, k := range []struct {
		op    Op
		name  string
		cells farmyard.Set
	}{{OpRoom, ActRoom, s.roomCells(seat)}, {OpStable, ActStable, s.stableCells(seat)}} {
		for c := range k.cells.Each() {
			if s.offers(f, k.op) {
				add(Action{Name: k.name, Cell: c}, Purchase{What: k.op})
			}
		}
	}
	if s.offers(f, OpRenovate) && nextMaterial(s.Seats[seat].House) >= 0 {
		add(Action{Name: ActRenovate}, Purchase{What: OpRenovate})
	}
	for j, id := range Majors {
		if s.offers(f, OpMajor) && s.ownedMajors()&(1<<j) == 0 {
			add(Action{Name: ActMajor, Card: id}, Purchase{What: OpMajor, Card: id})
		}
	}
	for _, k := range []struct {
		op   Op
		kind CardKind
		name string
	}{{OpMinor, MinorCard, ActMinor}, {OpOccupation, OccupationCard, ActOccupation}} {
		for _, id := range s.Seats[seat].Hand {
			if c := cards[id]; s.offers(f, k.op) && c.Kind == k.kind && (c.Prereq == nil || c.Prereq(s, seat) == nil) {
				add(Action{Name: k.name, Card: id}, Purchase{What: k.op, Card: id})
			}
		}
	}
	return out
}

// A menu prices its purchases in one shop (the card index and the space
// looked up once) as Cost prices each on its own: the purchases it lists
// on the spaces that sell rooms, stables (Side Job's cheaper), renovations,
// majors, minors and occupations (Lessons at their food, and via a card),
// through random games with seats whose cards and hands change at random
// among price hooks and cards with prerequisites.
func TestMenuShopMatchesCost(t *testing.T) {
	pool := []string{"T02", "T03", "T40", "T14", "M01", "M02", "T05"}
	hands := []string{"T01", "T02", "T03", "T05", "T14", "T40", "T42"}
	r := rand.New(rand.NewPCG(13, 14))
	listed := map[string]int{}
	eachRandomStep(t, 3, 3, func(game *State, n int) {
		s := game.clone()
		s.Family = false // Lessons priced as in the card game
		seat := changeCards(r, s, pool)
		p := &s.Seats[seat]
		p.Hand = nil
		for _, id := range hands {
			if r.IntN(2) == 0 {
				p.Hand = append(p.Hand, id)
			}
		}
		for _, g := range []Good{Food, Wood, Clay, Reed, Stone} {
			p.Goods[g] = r.IntN(8)
		}
		for _, m := range []struct {
			via string
			ops Op
		}{
			{"farm-expansion", OpRoom | OpStable}, {"side-job", OpStable}, {"house-redevelopment", OpRenovate},
			{"major-improvement", OpMajor | OpMinor}, {"lessons", OpOccupation}, {"lessons-more", OpOccupation},
			{"T07", OpOccupation | OpMinor},
		} {
			f := Frame{Kind: FrameMenu, Seat: seat, Via: m.via, Ops: m.ops}
			var got []Action
			s.menuOptions(seat, &f, func(a Action) bool { got = append(got, a); return true })
			want := s.purchasesByCost(seat, &f)
			if !slices.Equal(got, want) {
				t.Fatalf("step %d, seat %d, %s, cards %v, hand %v, goods %v: listed %v, by Cost %v",
					n, seat, m.via, p.Cards, p.Hand, p.Goods, got, want)
			}
			for _, a := range got {
				listed[a.Name]++
			}
		}
	})
	for _, name := range []string{ActRoom, ActStable, ActRenovate, ActMajor, ActMinor, ActOccupation} {
		if listed[name] == 0 {
			t.Errorf("no %s listed: %v", name, listed)
		}
	}
}

// usableConversionsByPairs is usableConversionsInto as it was: whether a
// conversion can be used asked again for every pair.
func (s *State) usableConversionsByPairs(seat engine.Seat) []Conversion {
	var out []Conversion
	all := s.Conversions(seat)
	for i, c := range all {
		beaten := false
		for j, d := range all {
			beaten = beaten || j != i && d.In == c.In && d.When == c.When && s.uses(seat, d) > 0 &&
				d.Out.Covers(c.Out) && (d.Out != c.Out || j < i)
		}
		if s.uses(seat, c) > 0 && !beaten {
			out = append(out, c)
		}
	}
	return out
}

// The conversions listed, each usable one asked once, are those asking
// every pair listed: through a random game, for seats whose cards change
// at random among the cooking majors and cards that convert (one of them
// with conversions of its own), with goods, harvests and conversions used
// at random.
func TestUsableConversionsMatchPairs(t *testing.T) {
	pool := []string{"M01", "M02", "M03", "M04", "M05", "M06", "M07", "T09", "T41", "T41"}
	r := rand.New(rand.NewPCG(15, 16))
	listed, beaten := 0, 0
	eachRandomStep(t, 3, 5, func(game *State, n int) {
		s := game.clone()
		seat := changeCards(r, s, pool)
		p := &s.Seats[seat]
		for g := Good(0); g < NumGoods; g++ {
			p.Goods[g] = r.IntN(4)
		}
		s.Harvest = r.IntN(2) == 0
		p.Used = nil
		for _, c := range s.Conversions(seat) {
			if r.IntN(4) == 0 {
				p.Used = append(p.Used, c.ID)
			}
		}
		var buf [8]Conversion
		got, want := s.usableConversionsInto(buf[:0], seat), s.usableConversionsByPairs(seat)
		if !slices.Equal(got, want) {
			t.Fatalf("step %d, seat %d, cards %v, goods %v: listed %v, by pairs %v", n, seat, p.Cards, p.Goods, got, want)
		}
		listed += len(got)
		for _, c := range s.Conversions(seat) {
			if s.uses(seat, c) > 0 {
				beaten++
			}
		}
	})
	if beaten -= listed; listed == 0 || beaten == 0 {
		t.Fatalf("%d conversions listed, %d usable ones beaten by another: both wanted", listed, beaten)
	}
}

// eachRandomStep plays a random family game of players (chance and bots
// seeded by seed) and calls step with the state and the step's number
// before every entry.
func eachRandomStep(t *testing.T, players int, seed uint64, step func(s *State, n int)) {
	t.Helper()
	st, err := Game{}.New(familySetup(players))
	if err != nil {
		t.Fatal(err)
	}
	src, b := rng.Seeded{Seed: seed}, bot.NewRandom(seed)
	for k, n := 0, 0; !st.Status().Over; n++ {
		step(st.(*State), n)
		if status := st.Status(); status.Chance != nil {
			st.Resolve(src.Outcome(k, *status.Chance))
			k++
		} else if err := st.Apply(status.Deciders[0], b.Choose(st, status.Deciders[0])); err != nil {
			t.Fatal(err)
		}
	}
}
