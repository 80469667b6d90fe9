package agricolaui

import (
	"encoding/json"
	"errors"
	"html"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
	"tabula/engine/bot"
)

// newGame starts a game of players with seat 0 as starting player, the
// stage cards revealed in the order given (then the first left).
func newGame(t testing.TB, players int, order ...string) *agricola.State {
	t.Helper()
	st, err := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*agricola.State)
	g := &game{t: t, s: s, order: order}
	g.chance()
	return s
}

// game answers the chance of a test game: the start player is seat 0,
// stage cards come in the order asked.
type game struct {
	t     testing.TB
	s     *agricola.State
	order []string
}

func (g *game) chance() {
	g.t.Helper()
	for c := g.s.Status().Chance; c != nil; c = g.s.Status().Chance {
		pick := 0
		if c.Kind == "stage-card" && len(g.order) > 0 {
			stage := agricola.StageOf(g.s.Round + 1)
			for i, id := range g.s.Stages[stage] {
				if id == g.order[0] {
					pick = i
					g.order = g.order[1:]
					break
				}
			}
		}
		o := make(engine.Outcome, len(c.Ranges)) // the deal: the first cards left
		o[0] = pick
		if err := g.s.Resolve(o); err != nil {
			g.t.Fatal(err)
		}
	}
}

// outcome answers chance request c with values from n (every range of a
// deal filled).
func outcome(c *engine.ChanceRequest, n int) engine.Outcome {
	o := make(engine.Outcome, len(c.Ranges))
	for i, r := range c.Ranges {
		o[i] = (n + i) % r
	}
	return o
}

// do applies a, which must be accepted, then answers chance.
func do(t testing.TB, s *agricola.State, seat engine.Seat, a agricola.Action, order ...string) {
	t.Helper()
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("%v by %d: %v", a, seat, err)
	}
	(&game{t: t, s: s, order: order}).chance()
}

// envFor is the table as seat sees it; acted collects what the renderer
// sends.
func envFor(s *agricola.State, seat engine.Seat, acted *[]agricola.Action) *gameui.Env {
	return &gameui.Env{Viewer: seat, State: s, View: s.View(seat), Legal: s.Legal(seat), Styles: gameui.Palette[:4],
		Act: func(_ app.Context, a engine.Action) {
			if acted != nil {
				*acted = append(*acted, a.(agricola.Action))
			}
		}}
}

// render is the HTML of a whole table render (board, side, dock).
func renderAll(r *Renderer, env *gameui.Env) string {
	return html.UnescapeString(app.HTMLString(r.Board(env)) + app.HTMLString(r.Side(env)) + app.HTMLString(r.Dock(env)))
}

func TestRegisteredAndPlayable(t *testing.T) {
	e, ok := gameui.Lookup(agricola.ID)
	if !ok || !e.Playable() {
		t.Fatalf("agricola entry %+v not playable", e)
	}
	if e.Min != 1 || e.Max != 4 {
		t.Errorf("players %d–%d, want 1–4", e.Min, e.Max)
	}
	if _, ok := e.New().(*Renderer); !ok {
		t.Error("New does not make an agricolaui Renderer")
	}
}

var actRe = regexp.MustCompile(`data-act="([^"]+)"`)

// acts are the target keys lit in the HTML.
func acts(page string, prefix string) []string { return keysIn(actRe, page, prefix) }

// keysIn are the keys re captures in page that start with prefix, sorted.
func keysIn(re *regexp.Regexp, page, prefix string) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		if strings.HasPrefix(m[1], prefix) {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// The lit action spaces are exactly the engine's placements; another seat
// sees none lit, and the board shows the goods piled on each space.
func TestLitSpacesAreThePlacements(t *testing.T) {
	s := newGame(t, 4)
	var want []string
	for _, a := range s.Options(0) {
		if a.Name == agricola.ActPlace {
			want = append(want, "space-"+a.Space)
		}
	}
	sort.Strings(want)
	page := renderAll(New(), envFor(s, 0, nil))
	if got := acts(page, "space-"); strings.Join(got, " ") != strings.Join(want, " ") || len(want) == 0 {
		t.Fatalf("lit spaces %v, placements %v", got, want)
	}
	if got := acts(renderAll(New(), envFor(s, 1, nil)), "space-"); len(got) != 0 {
		t.Errorf("seat 1, not on turn, sees spaces lit: %v", got)
	}
	if !strings.Contains(page, T("agricola.space.forest")) || !strings.Contains(page, amount(agricola.Wood, 3)) {
		t.Error("the Forest and its 3 wood are not on the board")
	}
	if !strings.Contains(page, `data-round="14"`) || !strings.Contains(page, T("agricola.round.harvest")) {
		t.Error("the round track with its harvests is missing")
	}
}

// Clicking a space places a person; a cell lit for a room and a stable at
// once opens the chooser, whose choices are the engine's actions.
func TestFarmExpansionByClicks(t *testing.T) {
	s := newGame(t, 2)
	s.Seats[0].Goods = s.Seats[0].Goods.With(agricola.Wood, 10).With(agricola.Reed, 2)
	r := New()
	var sent []agricola.Action
	env := envFor(s, 0, &sent)
	renderAll(r, env)
	r.choose(app.Context{}, "space-farm-expansion")
	if len(sent) != 1 || sent[0].Name != agricola.ActPlace {
		t.Fatalf("clicking Farm Expansion sent %v", sent)
	}
	do(t, s, 0, sent[0])
	env = envFor(s, 0, &sent)
	page := renderAll(r, env)
	var want []string
	seen := map[string]bool{}
	for _, a := range s.Options(0) {
		if (a.Name == agricola.ActRoom || a.Name == agricola.ActStable) && !seen[keyCell(a.Cell)] {
			seen[keyCell(a.Cell)] = true
			want = append(want, keyCell(a.Cell))
		}
	}
	sort.Strings(want)
	if got := acts(page, "cell-"); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("lit cells %v, legal %v", got, want)
	}
	// Cell 1 (next to room 6) takes a room or a stable: the chooser opens.
	r.choose(app.Context{}, "cell-1")
	if r.pick != "cell-1" || len(sent) != 1 {
		t.Fatalf("a cell with two actions did not open the chooser (pick %q, sent %v)", r.pick, sent)
	}
	page = renderAll(r, env)
	if !strings.Contains(page, `id="chooser"`) || !strings.Contains(page, T("agricola.act.room", 1, goodsText(agricola.One(agricola.Wood, 5).With(agricola.Reed, 2)))) {
		t.Fatalf("the chooser does not offer the room with its price")
	}
	idx := r.targets["cell-1"]
	r.apply(app.Context{}, idx[0])
	do(t, s, 0, sent[1])
	if !s.Seats[0].Yard.Rooms.Has(1) {
		t.Fatalf("the room chosen was not built: %v", sent[1])
	}
	// Done ends the menu, and the engine agrees it may.
	env = envFor(s, 0, &sent)
	renderAll(r, env)
	r.choose(app.Context{}, "done")
	do(t, s, 0, sent[len(sent)-1])
}

// fencing brings seat 0 (with wood) to the fence decision of the Fencing
// space in round 1.
func fencing(t *testing.T, wood int) *agricola.State {
	s := newGame(t, 2, "fencing")
	s.Seats[0].Goods[agricola.Wood] = wood
	do(t, s, 0, agricola.Action{Name: agricola.ActPlace, Space: "fencing"})
	if d := s.ViewOf(0).Decision; d == nil || d.Ops&agricola.OpFences == 0 {
		t.Fatalf("not at a fence decision: %+v", d)
	}
	return s
}

// Fences by clicks: any edges may be chosen; the preview is the engine's
// (pastures, capacity, price, reason), Build sends exactly the edges
// chosen and the engine builds them; a set the engine refuses cannot be
// sent and says why.
func TestFencesByClicks(t *testing.T) {
	s := fencing(t, 8)
	r := New()
	var sent []agricola.Action
	env := envFor(s, 0, &sent)
	page := renderAll(r, env)
	if n := strings.Count(page, `class="edge-spot"`); n != farmyard.Edges {
		t.Fatalf("%d fence edges clickable, want all %d", n, farmyard.Edges)
	}
	if !strings.Contains(page, `id="fence-opt-0"`) {
		t.Error("the engine's canonical fence sets are not offered as quick choices")
	}
	// One edge alone closes nothing.
	r.toggleEdge(farmyard.Cell(3).Top())
	env = envFor(s, 0, &sent)
	page = renderAll(r, env)
	if !strings.Contains(page, T("agricola.fence.notpasture", edgeLabel(farmyard.Cell(3).Top()))) {
		t.Fatalf("a lone fence does not say it closes no pasture")
	}
	if !regexp.MustCompile(`id="fence-build"[^>]*aria-disabled|aria-disabled[^>]*id="fence-build"`).MatchString(page) {
		t.Fatal("Build is not disabled for a refused fence set")
	}
	// Complete a 2-cell pasture on cells 3 and 4 (6 fences).
	r.fences = 0
	for _, e := range farmyard.Boundary(farmyard.Of(3, 4)).Edges() {
		r.toggleEdge(e)
	}
	env = envFor(s, 0, &sent)
	page = renderAll(r, env)
	p := s.PreviewFences(0, r.fences)
	if !p.Valid || len(p.Pastures) != 1 || p.Pastures[0].Capacity != 4 {
		t.Fatalf("engine preview %+v", p)
	}
	for _, want := range []string{i18n.N("agricola.fences", 6), goodsText(agricola.One(agricola.Wood, 6)), i18n.N("agricola.room", 4)} {
		if !strings.Contains(page, want) {
			t.Errorf("the fence preview does not show %q", want)
		}
	}
	if strings.Count(page, `class="ag-preview"`) != 2 {
		t.Error("the 2 cells of the pasture to be are not shaded")
	}
	// Build sends the edges chosen when it is clicked: a valid set changed
	// into another valid one is built as it is now.
	r.fences = farmyard.Boundary(farmyard.Of(1))
	renderAll(r, envFor(s, 0, &sent))
	r.fences = farmyard.Boundary(farmyard.Of(3, 4))
	r.buildFences(app.Context{}, app.Event{})
	if len(sent) != 1 || sent[0].Fences != farmyard.Boundary(farmyard.Of(3, 4)) {
		t.Fatalf("Build sent %v", sent)
	}
	do(t, s, 0, sent[0])
	if s.Seats[0].Yard.Fences != farmyard.Boundary(farmyard.Of(3, 4)) || s.Seats[0].Goods[agricola.Wood] != 2 {
		t.Fatalf("engine fences %v, wood %d", s.Seats[0].Yard.Fences.Edges(), s.Seats[0].Goods[agricola.Wood])
	}
	if r.fences != 0 {
		t.Error("the planned fences stay after building")
	}
}

// The quick choices fill the edges in from the engine's canonical sets.
func TestFenceQuickChoice(t *testing.T) {
	s := fencing(t, 4)
	r := New()
	env := envFor(s, 0, nil)
	renderAll(r, env)
	var first agricola.Action
	for _, a := range s.Options(0) {
		if a.Name == agricola.ActFences {
			first = a
			break
		}
	}
	ui := r.fencePanel(env, r.prepare(env))
	if !strings.Contains(app.HTMLString(ui), `id="fence-opt-0"`) || first.Fences == 0 {
		t.Fatal("no quick choice")
	}
	r.fences = first.Fences // what the button's handler does
	env = envFor(s, 0, nil)
	page := renderAll(r, env)
	if !strings.Contains(page, `data-ok="true"`) || !strings.Contains(page, `data-fences="`+strconv.Itoa(first.Fences.Len())+`"`) {
		t.Fatal("a quick choice is not previewed as valid")
	}
}

// animalsDecision brings seat 0 to keep animals: 3 sheep from the Sheep
// Market and no pasture (room only for the pet).
func animalsDecision(t *testing.T) *agricola.State {
	s := newGame(t, 2, "sheep-market")
	s.SpaceByID("sheep-market").Goods[agricola.Sheep] = 3
	do(t, s, 0, agricola.Action{Name: agricola.ActPlace, Space: "sheep-market"})
	if d := s.ViewOf(0).Decision; d == nil || d.Kind != agricola.FrameAnimals {
		t.Fatalf("not at an animals decision: %+v", d)
	}
	return s
}

// Housing animals by clicks: the arrangement starts from a largest herd
// the engine would keep, each stepper moves one animal, the engine's
// check words a refusal, and Keep sends what is placed.
func TestAnimalsByClicks(t *testing.T) {
	s := animalsDecision(t)
	r := New()
	var sent []agricola.Action
	env := envFor(s, 0, &sent)
	page := renderAll(r, env)
	if !strings.Contains(page, `id="arrange"`) || !strings.Contains(page, `id="arr-keep"`) {
		t.Fatal("no arrangement panel in an animals decision")
	}
	d := r.cur
	fv := &d.v.Farms[0]
	placed := r.arrangement(d)
	if placed == nil || sumHerds(placed) != (farmyard.Herd{1, 0, 0}) {
		t.Fatalf("arrangement %v, want the 1 sheep that fits (in the house)", placed)
	}
	house := len(fv.Holders) - 1
	// A second sheep in the house is over its room: the check says so.
	if !addAnimal(fv, placed, house, farmyard.Sheep) {
		t.Fatal("could not add a sheep")
	}
	err := s.CheckArrangement(0, placed)
	msg, at := arrangeError(fv.Holders, err)
	if err == nil || at != house || msg != T("agricola.arr.over", T("agricola.holder.house"), 1) {
		t.Fatalf("check %v → %q at %d", err, msg, at)
	}
	page = renderAll(r, envFor(s, 0, &sent))
	if !strings.Contains(page, msg) || !strings.Contains(page, `aria-invalid`) {
		t.Error("the refusal is not shown on the holder")
	}
	placed[house][farmyard.Sheep] = 1
	page = renderAll(r, envFor(s, 0, &sent))
	if !strings.Contains(page, T("agricola.arr.ok")) {
		t.Fatal("a valid arrangement is not confirmed")
	}
	r.keepArranged(app.Context{}, app.Event{})
	if len(sent) != 1 || sent[0].Herd() != sumHerds(placed) {
		t.Fatalf("Keep sent %v for the arrangement %v", sent, placed)
	}
	do(t, s, 0, sent[0])
	if h := s.Seats[0].Goods.Herd(); h != (farmyard.Herd{1, 0, 0}) {
		t.Fatalf("engine keeps %v", h)
	}
}

// Moving an animal between holders is one click: the animal comes from
// the last holder that has one.
func TestAddAnimalMoves(t *testing.T) {
	fv := &agricola.FarmView{Animals: farmyard.Herd{2, 0, 0}}
	placed := []farmyard.Herd{{2, 0, 0}, {}}
	if !addAnimal(fv, placed, 1, farmyard.Sheep) || placed[0][0] != 1 || placed[1][0] != 1 {
		t.Fatalf("move: %v", placed)
	}
	if addAnimal(fv, placed, 1, farmyard.Cattle) {
		t.Fatal("added a cattle the farm does not have")
	}
}

// A whole game between bots: every entry is narrated without a missing
// message, in each language; the score table adds up to the engine's.
// The family game, and the card game with the draft.
func TestNarrationAndScoresOfAWholeGame(t *testing.T) {
	t.Run("family", func(t *testing.T) {
		narrateWholeGame(t, map[string]string{agricola.OptionCards: agricola.CardsNone}, agricola.ActPlace, agricola.ActFeed)
	})
	t.Run("cards", func(t *testing.T) {
		narrateWholeGame(t, map[string]string{agricola.OptionDraft: "on"}, agricola.ActPlace, agricola.ActDraft, agricola.ActOccupation)
	})
}

func narrateWholeGame(t *testing.T, opts map[string]string, kinds ...string) {
	defer i18n.SetLang(i18n.English)
	st, _ := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: 3, Options: opts})
	s := st.(*agricola.State)
	r := New()
	seats := []engine.SeatInfo{{Name: "Ana"}, {Name: "Bruno"}, {Name: "Caio"}}
	bots := []bot.Bot{}
	for i := 0; i < 3; i++ {
		b, _ := bot.New("greedy", uint64(i+1))
		bots = append(bots, b)
	}
	lines, entries := 0, 0
	seen := map[string]bool{}
	for n := 0; !s.Status().Over; n++ {
		if n > 5000 {
			t.Fatal("game did not end")
		}
		before := s.Clone()
		var e engine.Entry
		if c := s.Status().Chance; c != nil {
			o := outcome(c, n)
			if err := s.Resolve(o); err != nil {
				t.Fatal(err)
			}
			e = engine.Entry{Seat: engine.Spectator, Chance: o}
		} else {
			seat := s.Status().Deciders[0]
			a := bots[seat].Choose(s, seat).(agricola.Action)
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			data, _ := json.Marshal(a)
			e = engine.Entry{Seat: seat, Action: data}
			seen[a.Name] = true
		}
		entries++
		for _, l := range i18n.Languages {
			i18n.SetLang(l)
			text := r.Narrate(before, s, e, seats)
			if strings.Contains(text, "⟦") || strings.Contains(text, "%!") {
				t.Fatalf("%s: %q", l, text)
			}
			if l == i18n.English && text != "" {
				lines++
			}
			if text == "" {
				t.Fatalf("%s: entry %d (%s) not narrated", l, n, e.Action)
			}
		}
		i18n.SetLang(i18n.English)
	}
	if lines < entries/2 {
		t.Errorf("%d lines for %d entries", lines, entries)
	}
	for _, k := range kinds {
		if !seen[k] {
			t.Errorf("the bots never did %s", k)
		}
	}
	sc := r.Scores(s)
	if len(sc.Categories) != len(scoreCategories) || len(sc.Rows) != 3 {
		t.Fatalf("score table %+v", sc)
	}
	want := s.Scores()
	for i, row := range sc.Rows {
		sum := 0
		for _, v := range row {
			sum += v
		}
		if sum != sc.Totals[i] || sc.Totals[i] != want[i] {
			t.Errorf("seat %d: categories add to %d, total %d, engine %d", i, sum, sc.Totals[i], want[i])
		}
	}
	// The end of the game: the prompt names the winner with the points.
	env := envFor(s, 0, nil)
	page := renderAll(New(), env)
	w := s.Winners[0]
	if !strings.Contains(page, T("agricola.prompt.over", seatName(env, int(w)), want[w])) {
		t.Error("the prompt does not name the winner")
	}
}

// Rendering never shows a missing message, in any language, at any point
// of a game, for the seat deciding and a spectator.
func TestRenderEveryDecisionInEveryLanguage(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	st, _ := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: 2})
	s := st.(*agricola.State)
	b0, _ := bot.New("greedy", 9)
	kinds := map[string]bool{}
	for n := 0; !s.Status().Over && n < 5000; n++ {
		if c := s.Status().Chance; c != nil {
			_ = s.Resolve(outcome(c, n))
			continue
		}
		seat := s.Status().Deciders[0]
		kind := "place"
		if d := s.ViewOf(seat).Decision; d != nil {
			kind = d.Kind
		}
		if !kinds[kind] || n%25 == 0 {
			kinds[kind] = true
			for _, l := range i18n.Languages {
				i18n.SetLang(l)
				for _, viewer := range []engine.Seat{seat, engine.Spectator} {
					page := renderAll(New(), envFor(s, viewer, nil))
					if l != i18n.English {
						if bad := english(page, l); bad != "" {
							t.Fatalf("%s %s viewer %d shows English: %s", l, kind, viewer, bad)
						}
					}
					if strings.Contains(page, "⟦") || strings.Contains(page, "%!") {
						i := strings.Index(page, "⟦")
						if i < 0 {
							i = strings.Index(page, "%!")
						}
						t.Fatalf("%s %s viewer %d: %s", l, kind, viewer, page[max(i-80, 0):min(i+80, len(page))])
					}
				}
			}
			i18n.SetLang(i18n.English)
		}
		if err := s.Apply(seat, b0.Choose(s, seat)); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{"place", agricola.FrameMenu, agricola.FrameFeed} {
		if !kinds[k] {
			t.Errorf("no %s decision was rendered", k)
		}
	}
}

var (
	textRe = regexp.MustCompile(`>([^<>]+)<`)
	attrRe = regexp.MustCompile(`(?:aria-label|title|data-reason)="([^"]*)"`)
)

// english finds an English message of this package on a page in
// language l (i18n.Leaks over its texts and labels), "" for none.
func english(page string, l i18n.Lang) string {
	var shown []string
	for _, m := range textRe.FindAllStringSubmatch(page, -1) {
		if t := strings.TrimSpace(m[1]); t != "" {
			shown = append(shown, t)
		}
	}
	for _, m := range attrRe.FindAllStringSubmatch(page, -1) {
		shown = append(shown, strings.TrimSpace(m[1]))
	}
	if leaks := i18n.Leaks(l, shown, "agricola."); len(leaks) > 0 {
		return leaks[0]
	}
	return ""
}

// The rules open where the table is.
func TestRulesAt(t *testing.T) {
	for _, c := range []struct {
		v    agricola.View
		want string
	}{
		{agricola.View{Round: 3}, "spaces"},
		{agricola.View{Round: 0}, "setup"},
		{agricola.View{Round: 4, HarvestNow: true}, "harvest"},
		{agricola.View{Round: 4, Decision: &agricola.DecisionView{Kind: agricola.FrameFeed}}, "harvest"},
		{agricola.View{Round: 4, Decision: &agricola.DecisionView{Kind: agricola.FrameAnimals}}, "animals"},
		{agricola.View{Round: 2, Decision: &agricola.DecisionView{Kind: agricola.FrameMenu, Ops: agricola.OpFences}}, "fences"},
		{agricola.View{Round: 2, Decision: &agricola.DecisionView{Kind: agricola.FrameMenu, Ops: agricola.OpMajor | agricola.OpMinor}}, "majors"},
		{agricola.View{Round: 2, Decision: &agricola.DecisionView{Kind: agricola.FrameMenu, Ops: agricola.OpRoom | agricola.OpStable}}, "farm"},
		{agricola.View{Over: true}, "scoring"},
	} {
		if got := rulesAt(c.v); got != c.want {
			t.Errorf("%+v: rules at %q, want %q", c.v.Decision, got, c.want)
		}
	}
}

// The numbers of the rules come from the engine.
func TestRuleFactsFromTheEngine(t *testing.T) {
	f := ruleFacts()
	if f.startFood != 2 || f.otherFood != 3 || f.soloFood != 0 || f.feed != 2 || f.feedSolo != 3 || f.feedNewborn != 1 {
		t.Errorf("food facts %+v", f)
	}
	if f.woodRoom.String() != goodsText(agricola.One(agricola.Wood, 5).With(agricola.Reed, 2)) ||
		f.renovatePerRoom.String() != goodsText(agricola.One(agricola.Clay, 1)) || f.renovateBase.String() != goodsText(agricola.One(agricola.Reed, 1)) {
		t.Errorf("cost facts: room %s, renovation %s per room + %s", f.woodRoom, f.renovatePerRoom, f.renovateBase)
	}
	if f.pastureCell != 2 || f.pastureStable != 4 || f.stableCap != 1 || f.houseCap != 1 {
		t.Errorf("capacities %+v", f)
	}
	if f.unused != -1 || f.fencedStable != 1 || f.clayRoomPts != 1 || f.stoneRoomPts != 2 || f.person != 3 || f.begging != -3 {
		t.Errorf("scoring facts %+v", f)
	}
	if got := craftSteps(agricola.Joinery, agricola.Wood); len(got) != 3 || got[0] != 3 || got[2] != 7 {
		t.Errorf("Joinery steps %v", got)
	}
	if got := rowRanges([4]int{1, 4, 6, 8}); strings.Join(got, " ") != "0 1–3 4–5 6–7 8+" {
		t.Errorf("row ranges %v", got)
	}
}

// Test cards for the hand area: one playable minor, one whose
// prerequisite fails, one occupation.
func init() {
	agricola.RegisterCard(agricola.Card{ID: "UI1", Name: "Test Plough", Kind: agricola.MinorCard, Cost: agricola.One(agricola.Wood, 1), VP: 1})
	agricola.RegisterCard(agricola.Card{ID: "UI2", Name: "Test Manger", Kind: agricola.MinorCard,
		Prereq: func(s *agricola.State, seat engine.Seat) error { return errors.New("needs a pasture") }})
	agricola.RegisterCard(agricola.Card{ID: "UI3", Name: "Test Farmer", Kind: agricola.OccupationCard, MinPlayers: 3})
}

// The hand: playable cards are lit with a Play button when an action
// allows them, the others say why not; every card shows its full text.
func TestHandArea(t *testing.T) {
	s := newGame(t, 2)
	s.Seats[0].Hand = []string{"UI1", "UI2", "UI3"}
	s.Seats[0].Goods[agricola.Wood] = 1
	do(t, s, 0, agricola.Action{Name: agricola.ActPlace, Space: "meeting-place"})
	r := New()
	env := envFor(s, 0, nil)
	page := renderAll(r, env)
	if !strings.Contains(page, `id="act-play-UI1"`) {
		t.Fatal("the playable minor has no Play button")
	}
	if strings.Contains(page, `id="act-play-UI2"`) || !strings.Contains(page, T("agricola.why.card.prereq")) {
		t.Error("the card with a failed prerequisite is playable or does not say why")
	}
	if !strings.Contains(page, T("agricola.why.card.when.occupation")) {
		t.Error("the occupation does not say where it is played")
	}
	if strings.Contains(page, `id="text-UI1"`) || !strings.Contains(page, `id="info-UI1"`) {
		t.Error("the card's text is open before its “i” button is pressed, or it has no “i” button")
	}
	r.info = "UI1" // its “i” button pressed
	page = renderAll(r, env)
	if !strings.Contains(page, "Test Plough") || !strings.Contains(page, T("agricola.card.cost", goodsText(agricola.One(agricola.Wood, 1)))) {
		t.Error("the card text lacks its name or cost")
	}
	// Seat 1 sees neither the hand nor its cards.
	if other := renderAll(New(), envFor(s, 1, nil)); strings.Contains(other, "Test Plough") {
		t.Error("another seat sees the hand")
	}
	var sent []agricola.Action
	env = envFor(s, 0, &sent)
	renderAll(r, env)
	r.choose(app.Context{}, "play-UI1")
	do(t, s, 0, sent[0])
	if !s.Has(0, "UI1") {
		t.Fatal("the card was not played")
	}
}

// The majors: those the viewer may build are lit, the others say what
// is missing; each shows its text with the engine's numbers.
func TestMajors(t *testing.T) {
	s := newGame(t, 2, "major-improvement")
	s.Seats[0].Goods[agricola.Clay] = 2
	do(t, s, 0, agricola.Action{Name: agricola.ActPlace, Space: "major-improvement"})
	r := New()
	r.info = "M01" // its “i” button pressed
	page := renderAll(r, envFor(s, 0, nil))
	if !strings.Contains(page, `id="act-major-M01"`) || !strings.Contains(page, `class="ag-card ag-major can"`) {
		t.Fatal("the affordable Fireplace is not lit")
	}
	if !strings.Contains(page, T("agricola.needs", goodsText(agricola.One(agricola.Clay, 2)))) {
		t.Error("the Cooking Hearth (4 clay) does not say 2 clay are missing")
	}
	if !strings.Contains(page, T("agricola.help.cook", 2, 2, 2, 3, 2)) {
		t.Error("the Fireplace's text does not give the engine's rates")
	}
}
