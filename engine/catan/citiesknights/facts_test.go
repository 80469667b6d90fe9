package citiesknights

import (
	"errors"
	"testing"

	"tabula/engine/catan"
)

// The 54 progress cards, deck by deck, as the fact sheet tables them.
func TestProgressCardFacts(t *testing.T) {
	want := map[Card]struct {
		deck  Track
		count int
	}{
		Alchemist: {Science, 2}, Crane: {Science, 2}, Engineer: {Science, 1}, Inventor: {Science, 2},
		Irrigation: {Science, 2}, Medicine: {Science, 2}, Mining: {Science, 2}, Printer: {Science, 1},
		RoadBuilding: {Science, 2}, Smith: {Science, 2},
		Bishop: {Politics, 2}, Constitution: {Politics, 1}, Deserter: {Politics, 2}, Diplomat: {Politics, 2},
		Intrigue: {Politics, 2}, Saboteur: {Politics, 2}, Spy: {Politics, 3}, Warlord: {Politics, 2},
		Wedding:          {Politics, 2},
		CommercialHarbor: {Trade, 2}, MasterMerchant: {Trade, 2}, Merchant: {Trade, 6},
		MerchantFleet: {Trade, 2}, ResourceMonopoly: {Trade, 4}, TradeMonopoly: {Trade, 2},
	}
	if len(want) != int(NumCards) {
		t.Fatalf("%d kinds tabled, want %d", len(want), NumCards)
	}
	var perDeck [NumTracks]int
	total := 0
	names := map[string]bool{}
	for c := Card(0); c < NumCards; c++ {
		f := Cards[c]
		if f.Card != c {
			t.Errorf("Cards[%d] is %v", c, f.Card)
		}
		if w := want[c]; f.Deck != w.deck || f.Count != w.count {
			t.Errorf("%v: deck %v ×%d, want %v ×%d", c, f.Deck, f.Count, w.deck, w.count)
		}
		if names[f.Name] || f.Title == "" || f.Effect == "" {
			t.Errorf("%v: name %q title %q effect %q", c, f.Name, f.Title, f.Effect)
		}
		names[f.Name] = true
		if got, ok := ParseCard(c.String()); !ok || got != c {
			t.Errorf("ParseCard(%q) = %v, %v", c, got, ok)
		}
		perDeck[f.Deck] += f.Count
		total += f.Count
	}
	if perDeck != [NumTracks]int{DeckSize, DeckSize, DeckSize} || total != 54 {
		t.Errorf("decks %v, total %d: want 18 each, 54", perDeck, total)
	}
	// Timing and points: the Alchemist alone before the roll; Printer and
	// Constitution alone shown at once, for 1 VP each.
	for c := Card(0); c < NumCards; c++ {
		f := Cards[c]
		before, atOnce := c == Alchemist, c == Printer || c == Constitution
		if (f.Timing == BeforeRoll) != before || (f.Timing == AtOnce) != atOnce {
			t.Errorf("%v: timing %v", c, f.Timing)
		}
		if vp := map[bool]int{true: 1, false: 0}[atOnce]; f.VP != vp {
			t.Errorf("%v: %d VP, want %d", c, f.VP, vp)
		}
	}
	// Each deck lists its own kinds in Card order.
	for tr := Track(0); tr < NumTracks; tr++ {
		n := 0
		prev := Card(-1)
		for _, c := range DeckCards(tr) {
			if c.Deck() != tr || c <= prev {
				t.Errorf("deck %v lists %v after %v", tr, c, prev)
			}
			prev = c
			n += Cards[c].Count
		}
		if n != DeckSize {
			t.Errorf("deck %v holds %d cards", tr, n)
		}
	}
	if _, ok := ParseCard("knight"); ok {
		t.Error("a development card parsed as a progress card")
	}
}

// Tracks are paid in their commodity; a level costs its number, a Crane
// one less (level 1 free); 15 commodities finish a track.
func TestImprovementCosts(t *testing.T) {
	if Science.Commodity() != catan.Paper || Trade.Commodity() != catan.Cloth || Politics.Commodity() != catan.Coin {
		t.Error("track → commodity: science paper, trade cloth, politics coin")
	}
	sum := 0
	for l := 1; l <= MaxLevel; l++ {
		sum += ImprovementCost(l)
		if CraneCost(l) != l-1 {
			t.Errorf("Crane cost of level %d = %d", l, CraneCost(l))
		}
	}
	if sum != 15 {
		t.Errorf("a whole track costs %d", sum)
	}
	if ImprovementNames[Science][2] != "Aqueduct" || ImprovementNames[Politics][2] != "Fortress" ||
		ImprovementNames[Trade][3] != "Bank" {
		t.Error("improvement names")
	}
}

// A gate draws for level ≥1 when the red die is at most level + 1.
func TestDrawsProgress(t *testing.T) {
	for level := 0; level <= MaxLevel; level++ {
		for red := 1; red <= 6; red++ {
			want := level > 0 && red <= level+1
			if got := DrawsProgress(level, red); got != want {
				t.Errorf("level %d red %d: %v", level, red, got)
			}
		}
	}
	if !DrawsProgress(5, 6) || DrawsProgress(1, 3) || DrawsProgress(0, 1) {
		t.Error("level 5 always draws, level 1 only on 1–2, level 0 never")
	}
}

func TestImproveRule(t *testing.T) {
	for _, c := range []struct {
		name                string
		level, cities, free int
		holds               bool
		want                error
	}{
		{"no city", 0, 0, 0, false, ErrNeedCity},
		{"first level with a city", 0, 1, 1, false, nil},
		{"level 3 with only a metropolis city", 2, 1, 0, false, nil},
		{"level 4 with only a metropolis city", 3, 1, 0, false, ErrNeedFreeCity},
		{"level 4 with a free city", 3, 2, 1, false, nil},
		{"level 5 holding the metropolis, no free city", 4, 1, 0, true, nil},
		{"level 5 without the metropolis, no free city", 4, 2, 0, false, ErrNeedFreeCity},
		{"top level", 5, 3, 1, true, ErrTopLevel},
	} {
		if got := ImproveRule(c.level, c.cities, c.free, c.holds); !errors.Is(got, c.want) && got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestMetropolisHolder(t *testing.T) {
	for _, c := range []struct {
		name                                 string
		holder, holderLevel, improver, level int
		want                                 int
	}{
		{"level 3 takes nothing", -1, 0, 2, 3, -1},
		{"first to level 4 takes it", -1, 0, 2, 4, 2},
		{"second to level 4 takes nothing", 1, 4, 2, 4, 1},
		{"level 5 before the holder takes it", 1, 4, 2, 5, 2},
		{"holder at 5 keeps it", 1, 5, 2, 5, 1},
		{"holder reaching 5 keeps it", 1, 4, 1, 5, 1},
	} {
		if got := MetropolisHolder(c.holder, c.holderLevel, c.improver, c.level); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

func TestKnightRanks(t *testing.T) {
	if Basic.Strength() != 1 || Strong.Strength() != 2 || Mighty.Strength() != 3 {
		t.Error("strengths 1, 2, 3")
	}
	for _, c := range []struct {
		a, b Rank
		ok   bool
	}{
		{Basic, Basic, false}, {Strong, Basic, true}, {Strong, Strong, false},
		{Mighty, Strong, true}, {Mighty, Basic, true}, {Basic, Strong, false}, {Mighty, NoKnight, false},
	} {
		if c.a.CanDisplace(c.b) != c.ok {
			t.Errorf("%v displaces %v: want %v", c.a, c.b, c.ok)
		}
	}
	if l, ok := Basic.PromotionNeeds(); !ok || l != 0 {
		t.Error("basic → strong needs nothing")
	}
	if l, ok := Strong.PromotionNeeds(); !ok || l != 3 {
		t.Error("strong → mighty needs the Fortress (politics 3)")
	}
	if _, ok := Mighty.PromotionNeeds(); ok {
		t.Error("mighty knights are not promoted")
	}
	free := [NumRanks + 1]int{0, 2, 0, 1}
	if DeserterRank(Mighty, free) != Mighty || DeserterRank(Strong, free) != Basic {
		t.Error("Deserter: the same rank, else the strongest lower one")
	}
	if DeserterRank(Basic, [NumRanks + 1]int{0, 0, 2, 2}) != NoKnight {
		t.Error("Deserter: never a stronger rank")
	}
}

func TestEventFaces(t *testing.T) {
	ships := 0
	var gates [NumTracks]int
	for v := 0; v < 6; v++ {
		e, tr := EventFace(v)
		if e == ShipEvent {
			ships++
		} else {
			gates[tr]++
		}
	}
	if ships != 3 || gates != [NumTracks]int{1, 1, 1} {
		t.Errorf("%d ships, gates %v", ships, gates)
	}
}
