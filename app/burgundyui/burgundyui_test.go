package burgundyui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/burgundy"
	"tabula/engine/rng"
)

// newGame starts a game with all-zero set-up and phase draws (seat 0
// first) and rolls the first round's dice: one pair per seat, then the
// white die (faces 1–6).
func newGame(t *testing.T, players int, dice ...int) *burgundy.State {
	t.Helper()
	st, err := burgundy.Game{}.New(engine.Setup{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*burgundy.State)
	for i := 0; i < 2; i++ {
		if err := s.Resolve(make(engine.Outcome, len(s.Status().Chance.Ranges))); err != nil {
			t.Fatal(err)
		}
	}
	o := make(engine.Outcome, len(dice))
	for i, f := range dice {
		o[i] = f - 1
	}
	if err := s.Resolve(o); err != nil {
		t.Fatalf("dice %v: %v", dice, err)
	}
	return s
}

// takeFromStack removes a tile matching pred from the face-down supply,
// for building positions.
func takeFromStack(t *testing.T, s *burgundy.State, pred func(burgundy.TileInfo) bool) int {
	t.Helper()
	for c := range s.Stacks {
		for i, id := range s.Stacks[c] {
			if pred(burgundy.Tile(id)) {
				s.Stacks[c] = append(s.Stacks[c][:i], s.Stacks[c][i+1:]...)
				return id
			}
		}
	}
	t.Fatal("no such tile left")
	return 0
}

func opts(s *burgundy.State, seat engine.Seat) []burgundy.Action {
	return s.Options(seat)
}

func TestRegisteredAndPlayable(t *testing.T) {
	e, ok := gameui.Lookup("burgundy")
	if !ok || !e.Playable() {
		t.Fatalf("burgundy entry %+v not playable", e)
	}
	if e.Min != 2 || e.Max != 4 {
		t.Errorf("players %d–%d, want 2–4", e.Min, e.Max)
	}
	if _, ok := e.New().(*Renderer); !ok {
		t.Error("New does not make a burgundyui Renderer")
	}
}

// Seat 0 rolls 2 and 5: every die action is offered under exactly one of
// the two faces, and grouping keeps them apart.
func TestOptionsGroupByDie(t *testing.T) {
	s := newGame(t, 2, 2, 5, 1, 1, 3)
	legal := opts(s, 0)
	if got := dieFaces(legal); fmt.Sprint(got) != "[2 5]" {
		t.Fatalf("dieFaces = %v, want [2 5]", got)
	}
	groups := byDie(legal)
	total := 0
	for face, idx := range groups {
		for _, i := range idx {
			if legal[i].Die != face {
				t.Errorf("action %v grouped under die %d", legal[i], face)
			}
		}
		total += len(idx)
	}
	if total != len(legal) {
		t.Errorf("groups hold %d actions, legal has %d", total, len(legal))
	}
	for _, face := range []int{2, 5} {
		if len(groups[face]) == 0 {
			t.Errorf("no options for die %d", face)
		}
	}
	if chosenDie(dieFaces(legal), 0) != 2 || chosenDie(dieFaces(legal), 5) != 5 || chosenDie(dieFaces(legal), 4) != 2 {
		t.Error("chosenDie must keep a valid choice and fall back to the first face")
	}
	// Targets for die 5 hold no die-2 action and every die-5 one.
	tg := targetsFor(legal, 5, 0)
	n := 0
	for _, idx := range tg {
		for _, i := range idx {
			if legal[i].Die != 5 && legal[i].Die != 0 {
				t.Errorf("target for die 5 holds %v", legal[i])
			}
			n++
		}
	}
	if n != len(groups[5])+len(groups[0]) {
		t.Errorf("die-5 targets hold %d actions, want %d", n, len(groups[5])+len(groups[0]))
	}
	// Workers: seat 0 has 1 worker, so die 5 reaches depots 4, 5 and 6; the
	// badge of a depot-4 tile costs 1 worker.
	for k, idx := range tg {
		a := legal[idx[0]]
		if a.Name != burgundy.ActTake {
			continue
		}
		if a.Value < 4 {
			t.Errorf("die 5 with 1 worker offers depot %d (%s)", a.Value, k)
		}
		want := 0
		if a.Value != 5 {
			want = 1
		}
		if c := costOf(legal, idx); c.workers != want || c.die != 5 {
			t.Errorf("%s costs %+v, want %d workers with die 5", k, c, want)
		}
	}
}

// Highlighted estate spaces are exactly the engine's legal placements for
// the chosen die (and the chosen storage tile).
func TestHighlightedSpacesAreLegalPlacements(t *testing.T) {
	s := newGame(t, 2, 3, 6, 1, 1, 2)
	p := &s.Seats[0]
	ship := takeFromStack(t, s, func(ti burgundy.TileInfo) bool { return ti.Colour == burgundy.Ship })
	castle := takeFromStack(t, s, func(ti burgundy.TileInfo) bool { return ti.Colour == burgundy.Castle && !ti.Start })
	p.Storage = []int{ship, castle}
	p.Workers = 2
	legal := opts(s, 0)
	for _, die := range []int{3, 6} {
		for _, tile := range []int{0, ship, castle} {
			// A chosen tile narrows the lit spaces to its own when it has
			// any (the castle has none here: then all stay lit).
			narrow := false
			for _, a := range legal {
				narrow = narrow || a.Name == burgundy.ActPlace && a.Die == die && a.Tile == tile
			}
			want := map[int]bool{}
			for _, a := range legal {
				if a.Name == burgundy.ActPlace && a.Die == die && (!narrow || a.Tile == tile) {
					want[a.Space] = true
				}
			}
			d := &draw{g: &landscape, v: viewPtr(s, 0), styles: gameui.Palette, legal: legal, targets: targetsFor(legal, die, tile),
				names: func(int) string { return "x" }}
			svg := d.estateSVG(&d.v.Estates[0], true)
			got := map[int]bool{}
			for _, m := range regexp.MustCompile(`data-act="space-(\d+)"`).FindAllStringSubmatch(svg, -1) {
				var n int
				fmt.Sscan(m[1], &n)
				got[n] = true
			}
			if fmt.Sprint(sortedInts(got)) != fmt.Sprint(sortedInts(want)) {
				t.Errorf("die %d tile %d: lit spaces %v, legal placements %v", die, tile, sortedInts(got), sortedInts(want))
			}
			if len(want) == 0 && tile == 0 {
				t.Errorf("die %d: the test position has no placement", die)
			}
			// Another seat's estate shows no targets.
			if other := d.estateSVG(&d.v.Estates[1], false); strings.Contains(other, "data-act=") {
				t.Error("targets drawn on an estate that is not the viewer's")
			}
		}
	}
	// Ship spaces 16–18 and 20–22 touch the start castle at 19: 18 shows 2
	// and 20 shows 5; with 2 workers die 3 reaches both, and so does 6.
	tg := targetsFor(legal, 3, ship)
	for _, sp := range []int{18, 20} {
		if _, ok := tg[keySpace(sp)]; !ok {
			t.Errorf("die 3 with 2 workers: ship space %d not lit", sp)
		}
	}
}

// Depot tiles lit on the main board are exactly the legal takes of the
// chosen die; black-depot tiles are lit while a purchase is possible.
func TestHighlightedDepotTilesAreLegalTakes(t *testing.T) {
	s := newGame(t, 3, 4, 4, 1, 2, 6, 6, 1)
	s.Seats[0].Silver = 2
	legal := opts(s, 0)
	if got := dieFaces(legal); fmt.Sprint(got) != "[4]" {
		t.Fatalf("a double 4 offers faces %v, want [4]", got)
	}
	d := &draw{g: &landscape, v: viewPtr(s, 0), styles: gameui.Palette, legal: legal, targets: targetsFor(legal, 4, 0),
		names: func(int) string { return "x" }}
	svg := d.mainBoardSVG()
	lit := map[string]bool{}
	for _, m := range regexp.MustCompile(`data-act="((?:depot|black)-[0-9-]+)"`).FindAllStringSubmatch(svg, -1) {
		lit[m[1]] = true
	}
	want := map[string]bool{}
	for _, a := range legal {
		if a.Name == burgundy.ActTake || a.Name == burgundy.ActBuy {
			want[keyOf(a)] = true
		}
	}
	if len(want) == 0 || len(lit) != len(want) {
		t.Fatalf("lit %d tiles, legal takes and purchases %d", len(lit), len(want))
	}
	for k := range want {
		if !lit[k] {
			t.Errorf("%s legal but not lit", k)
		}
	}
	black := 0
	for k := range lit {
		if strings.HasPrefix(k, "black-") {
			black++
		}
	}
	if black != len(s.Black) || black == 0 {
		t.Errorf("%d black-depot tiles lit, %d on the depot", black, len(s.Black))
	}
	if !strings.Contains(svg, `>+1</text>`) {
		t.Error("no +1 worker badge: depots 3 and 5 need a worker with a 4")
	}
}

// A target standing for two actions opens the chooser instead of acting:
// with knowledge tile 6 a depot tile may be taken with the die or bought.
func TestTargetWithSeveralActions(t *testing.T) {
	s := newGame(t, 2, 1, 1, 1, 1, 1)
	k6 := takeFromStack(t, s, func(ti burgundy.TileInfo) bool { return ti.Knowledge == 6 })
	s.Seats[0].Estate[13] = k6 // a knowledge space
	s.Seats[0].Silver = 2
	legal := opts(s, 0)
	tg := targetsFor(legal, 1, 0)
	var tile int
	for _, sp := range s.Depots[1].Spaces {
		if sp.Tile != 0 {
			tile = sp.Tile
			break
		}
	}
	idx := tg[keyDepot(1, tile)]
	if len(idx) != 2 {
		t.Fatalf("depot 1 tile stands for %d actions, want take and buy", len(idx))
	}
	names := []string{legal[idx[0]].Name, legal[idx[1]].Name}
	sort.Strings(names)
	if names[0] != burgundy.ActBuy || names[1] != burgundy.ActTake {
		t.Errorf("actions %v", names)
	}
	if c := costOf(legal, idx); !c.buy {
		t.Error("cost of a purchase target does not show the silverlings")
	}
}

func viewPtr(s *burgundy.State, seat engine.Seat) *burgundy.View {
	v := s.View(seat).(burgundy.View)
	return &v
}

func sortedInts(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func entryOf(t *testing.T, seat engine.Seat, a burgundy.Action) engine.Entry {
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return engine.Entry{Seat: seat, Action: b}
}

var seats = []engine.SeatInfo{{Name: "Ana"}, {Name: "Bruno"}, {Name: "Caio"}}

func narrate(t *testing.T, s *burgundy.State, seat engine.Seat, a burgundy.Action) string {
	t.Helper()
	before := s.Clone()
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("apply %v: %v", a, err)
	}
	return (&Renderer{}).Narrate(before, s, entryOf(t, seat, a), seats)
}

func TestNarration(t *testing.T) {
	s := newGame(t, 2, 3, 2, 1, 1, 4)
	church := takeFromStack(t, s, func(ti burgundy.TileInfo) bool { return ti.Building == burgundy.Church })
	s.Depots[3].Spaces[1].Tile = church // depot 3's building space
	s.Seats[0].Workers = 1

	if got, want := narrate(t, s, 0, burgundy.Take(3, 0, 3, church)), "Ana took Church from depot 3 with a 3"; got != want {
		t.Errorf("take: %q, want %q", got, want)
	}
	// Goods: sell everything of one kind; VP and the silverling follow.
	kind := 0
	for k := 1; k <= 6; k++ {
		if s.Seats[0].Goods[k] > 0 {
			kind = k
			break
		}
	}
	n := s.Seats[0].Goods[kind]
	w := dist(2, kind)
	if w > s.Seats[0].Workers {
		s.Seats[0].Workers = w
	}
	got := narrate(t, s, 0, burgundy.Sell(2, w, kind))
	want := fmt.Sprintf("Ana sold %d %s goods (%d) with a 2", n, goodsName(kind), kind)
	if w == 1 {
		want += " and 1 worker"
	} else if w > 1 {
		want += fmt.Sprintf(" and %d workers", w)
	}
	want += fmt.Sprintf(" (+%d VP, +1 silverling)", n*2)
	if got != want {
		t.Errorf("sell: %q, want %q", got, want)
	}
	// Both dice used: Ana could still buy, so she ends the turn herself.
	if got, want := narrate(t, s, 0, burgundy.EndTurn()), "Ana ended the turn"; got != want {
		t.Errorf("end: %q, want %q", got, want)
	}
	if got, want := narrate(t, s, 1, burgundy.TakeWorkers(1)), "Bruno took workers with a 1 (+2 workers)"; got != want {
		t.Errorf("workers: %q, want %q", got, want)
	}
}

func dist(face, value int) int {
	d := face - value
	if d < 0 {
		d = -d
	}
	if d > 3 {
		d = 6 - d
	}
	return d
}

func TestNarrateChance(t *testing.T) {
	st, _ := burgundy.Game{}.New(engine.Setup{Players: 2})
	s := st.(*burgundy.State)
	r := &Renderer{}
	step := func(o engine.Outcome) string {
		before := s.Clone()
		if err := s.Resolve(o); err != nil {
			t.Fatal(err)
		}
		return r.Narrate(before, s, engine.Entry{Seat: engine.Spectator, Chance: o}, seats)
	}
	if got := step(make(engine.Outcome, len(s.Status().Chance.Ranges))); got != "Ana starts; everyone draws 3 goods" {
		t.Errorf("setup: %q", got)
	}
	if got := step(make(engine.Outcome, len(s.Status().Chance.Ranges))); got != "Phase A: the depots are filled" {
		t.Errorf("phase: %q", got)
	}
	k := s.RoundGoods[0]
	got := step(engine.Outcome{2, 4, 0, 5, 3})
	want := fmt.Sprintf("Round 1: Ana rolled 3 and 5, Bruno rolled 1 and 6; white die 4 takes goods %d to its depot", k)
	if got != want {
		t.Errorf("dice: %q, want %q", got, want)
	}
}

// playRandom plays a whole seeded game with random legal actions,
// calling visit before each decision.
func playRandom(t testing.TB, players int, seed uint64, visit func(s *burgundy.State, seat engine.Seat)) *burgundy.State {
	t.Helper()
	st, _ := burgundy.Game{}.New(engine.Setup{Players: players})
	s := st.(*burgundy.State)
	src := rng.Seeded{Seed: seed}
	pick := rng.NewStream([]byte(fmt.Sprintf("burgundyui-test/%d", seed)))
	for k := 0; ; k++ {
		status := s.Status()
		switch {
		case status.Over:
			return s
		case status.Chance != nil:
			if err := s.Resolve(src.Outcome(k, *status.Chance)); err != nil {
				t.Fatal(err)
			}
		default:
			seat := status.Deciders[0]
			if visit != nil {
				visit(s, seat)
			}
			legal := s.Legal(seat)
			if err := s.Apply(seat, legal[pick.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if k > 100000 {
			t.Fatal("game does not end")
		}
	}
}

// Scores: the categories add up to every seat's final VP, and the final
// scoring columns are the engine's own breakdown.
func TestScoresAddUp(t *testing.T) {
	for _, players := range []int{2, 4} {
		s := playRandom(t, players, uint64(players)*7, nil)
		sc := (&Renderer{}).Scores(s)
		if len(sc.Rows) != players || len(sc.Totals) != players {
			t.Fatalf("%d rows, %d totals for %d players", len(sc.Rows), len(sc.Totals), players)
		}
		for p, row := range sc.Rows {
			if len(row) != len(sc.Categories) {
				t.Fatalf("row %d has %d cells for %d categories", p, len(row), len(sc.Categories))
			}
			sum := 0
			for c, v := range row {
				if v < 0 {
					t.Errorf("seat %d %s = %d", p, sc.Categories[c], v)
				}
				sum += v
			}
			if sum != sc.Totals[p] || sc.Totals[p] != s.Seats[p].VP {
				t.Errorf("seat %d: categories sum %d, total %d, engine VP %d", p, sum, sc.Totals[p], s.Seats[p].VP)
			}
			e := s.Seats[p].End
			if row[4] != e.Goods || row[5] != e.Silver || row[6] != e.Workers || row[7] != e.Knowledge {
				t.Errorf("seat %d final scoring %v, engine %+v", p, row[4:], *e)
			}
		}
	}
}

// Every decision of a random game renders (board, side, dock) for the
// seat deciding and for a spectator without panicking, every lit target
// is legal, and every legal action is reachable from some target.
func TestRenderWholeGame(t *testing.T) {
	tbl, err := table.New(table.Config{Game: "burgundy", Seats: seats[:3], Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := &Renderer{shown: -2}
	steps := 0
	playRandom(t, 3, 3, func(s *burgundy.State, seat engine.Seat) {
		steps++
		legal := s.Legal(seat)
		env := &gameui.Env{Table: tbl, Viewer: seat, State: s, View: s.View(seat), Legal: legal,
			Styles: gameui.Palette[:3], Act: nil}
		r.Reset()
		if steps%3 == 0 {
			r.die = 6 // sometimes the other die
		}
		_ = r.Board(env)
		_ = r.Side(env)
		_ = r.Dock(env)
		reach := map[int]bool{}
		for _, idx := range r.targets {
			for _, i := range idx {
				reach[i] = true
			}
		}
		faces := dieFaces(r.legal)
		die := chosenDie(faces, r.die)
		for i, a := range r.legal {
			if (a.Die == 0 || a.Die == die) && !reach[i] && !hasSame(r.legal, r.targets[keyOf(a)], a) {
				t.Fatalf("step %d: legal %v has no target", steps, a)
			}
		}
		if steps%50 == 0 {
			spec := &gameui.Env{Table: tbl, Viewer: engine.Spectator, State: s, View: s.View(engine.Spectator), Styles: gameui.Palette[:3]}
			_ = r.Board(spec)
			_ = r.Dock(spec)
			if len(r.targets) != 0 {
				t.Fatal("a spectator sees targets")
			}
		}
	})
	if steps < 100 {
		t.Fatalf("only %d decisions", steps)
	}
}

// No target stands for two choices a player cannot tell apart: two Ship
// tiles in storage placed on one space are one choice, not a chooser
// listing "Place Ship on space 18" twice. Checked over random games of 2,
// 3 and 4 players, for every die, in every target's list of labels.
func TestChooserListsNoTwinChoices(t *testing.T) {
	twins, merged := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		playRandom(t, 2+int(seed%3), seed, func(s *burgundy.State, seat engine.Seat) {
			legal := opts(s, seat)
			for _, die := range append(dieFaces(legal), 0) {
				all := map[string]int{}
				for _, a := range legal {
					if a.Die == 0 || a.Die == die {
						all[keyOf(a)]++
					}
				}
				for k, idx := range targetsFor(legal, die, 0) {
					seen := map[string]bool{}
					for _, i := range idx {
						l := optionLabel(legal[i])
						if seen[l] {
							twins++
							t.Errorf("target %s lists %q twice", k, l)
						}
						seen[l] = true
					}
					merged += all[k] - len(idx)
				}
			}
		})
	}
	if merged == 0 {
		t.Fatal("no game had twin choices to merge: the test proves nothing")
	}
	t.Logf("%d twin choices merged", merged)
}

// Every message id the package uses is in the catalogue (dynamic ids are
// checked by enumerating their families).
func TestCatalogue(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	re := regexp.MustCompile(`"(burgundy\.[a-z0-9.-]*[a-z0-9])"`)
	plural := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasPrefix(f, "messages") || strings.HasPrefix(f, "rules_") {
			continue
		}
		src, _ := os.ReadFile(f)
		for _, m := range regexp.MustCompile(`i18n\.N\("(burgundy\.[a-z.]+)"`).FindAllStringSubmatch(string(src), -1) {
			plural[m[1]] = true
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			id := m[1]
			if plural[id] || strings.HasSuffix(id, ".") {
				continue
			}
			if !i18n.Has(id) && !i18n.Has(id+".other") {
				t.Errorf("%s: %s missing from the catalogue", f, id)
			}
		}
	}
	for id := range plural {
		if !i18n.Has(id+".one") || !i18n.Has(id+".other") {
			t.Errorf("plural %s lacks .one/.other", id)
		}
	}
	var ids []string
	for _, c := range []string{"castle", "mine", "ship", "animal", "knowledge", "building"} {
		ids = append(ids, "burgundy.colour."+c)
		if c != "building" {
			ids = append(ids, "burgundy.tile."+c)
		}
	}
	for _, a := range []string{"cattle", "pigs", "sheep", "chickens"} {
		ids = append(ids, "burgundy.animal."+a)
	}
	for b := 1; b <= 8; b++ {
		ids = append(ids, fmt.Sprintf("burgundy.building.%d", b), fmt.Sprintf("burgundy.bshort.%d", b), fmt.Sprintf("burgundy.help.building.%d", b))
	}
	for k := 1; k <= 26; k++ {
		ids = append(ids, fmt.Sprintf("burgundy.help.knowledge.%d", k))
	}
	for _, f := range []string{burgundy.FrameCastle, burgundy.FrameWarehouse, burgundy.FrameCarpenter, burgundy.FrameChurch,
		burgundy.FrameMarket, burgundy.FrameCityHall, burgundy.FrameShip, burgundy.FrameShipAdjacent, burgundy.FrameShipGoods, burgundy.FrameDiscard} {
		ids = append(ids, "burgundy.frame."+f)
	}
	for _, st := range []string{"setup", "phase", "roll"} {
		ids = append(ids, "burgundy.prompt.stage."+st)
	}
	ids = append(ids, "burgundy.help.castle", "burgundy.help.mine", "burgundy.help.ship", "burgundy.help.start",
		"burgundy.aria.die.free", "burgundy.aria.die.used")
	for _, id := range ids {
		if !i18n.Has(id) || i18n.T(id) == "" {
			t.Errorf("%s missing from the catalogue", id)
		}
	}
	// Every tile has a name and a help text.
	for id := 1; id <= burgundy.TileCount; id++ {
		if n, h := tileName(id), tileHelp(id); strings.Contains(n+h, "⟦") || n == "" || h == "" {
			t.Errorf("tile %d: name %q help %q", id, n, h)
		}
	}
}

func TestF1(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 1.25: "1.3", -1.25: "-1.3", -0.04: "0", -0.06: "-0.1", 12: "12", 12.06: "12.1", 199.95: "200", -3.5: "-3.5"} {
		if got := f1(v); got != want {
			t.Errorf("f1(%v) = %q, want %q", v, got, want)
		}
	}
}
