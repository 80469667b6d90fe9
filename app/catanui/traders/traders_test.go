package traders

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/rules"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
)

var seats = []engine.SeatInfo{{Name: "Ana", Kind: table.BotGreedy}, {Name: "Bruno", Kind: table.BotGreedy}, {Name: "Caio", Kind: table.BotGreedy}}

// newTable is a bots-only game of the scenario with the renderer's
// narration.
func newTable(t *testing.T, seed uint64) (*table.Table, gameui.Renderer) {
	t.Helper()
	e, ok := gameui.Lookup(tb.ID)
	if !ok || !e.Playable() {
		t.Fatal("traders-barbarians is not playable")
	}
	tbl, err := table.New(table.Config{Game: tb.ID, Seats: seats, Seed: seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := e.New()
	tbl.Narrate = r.Narrate
	return tbl, r
}

// envFor is what the renderer draws for seat p of s; Act applies to s.
func envFor(tbl *table.Table, s *catan.State, p engine.Seat, compact bool) *gameui.Env {
	env := &gameui.Env{Table: tbl, Viewer: p, State: s, View: s.View(p), Legal: s.Legal(p),
		Styles: gameui.Palette[:s.Players], Compact: compact}
	env.Act = func(_ app.Context, a engine.Action) {
		if err := s.Apply(p, a); err != nil {
			panic(err)
		}
	}
	return env
}

var (
	goSpot     = regexp.MustCompile(`data-pick="go:(\d+)"`)
	barbPick   = regexp.MustCompile(`data-pick="barbarian:(\d+)"`)
	actSpot    = regexp.MustCompile(`data-act="(\d+)"`)
	wagonGlyph = regexp.MustCompile(`class="wagon" data-seat="(\d)" data-node="(\d+)"`)
	stackGlyph = regexp.MustCompile(`class="cargo-stack" data-kind="(\w+)" data-left="(\d+)"`)
)

// Whole greedy games, drawn for the seat deciding at every decision: the
// board shows every wagon on its node, the three barbarians and the
// stacks as the engine has them; the movement's spots are exactly its
// reachable nodes, the drive-off and barbarian spots exactly the legal
// actions; the dock and side render; every entry of the scenario's own is
// narrated; the end screen adds deliveries and the wagon's point.
func TestWholeGamesDrawnAsTheEngineHasThem(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		tbl, r := newTable(t, seed)
		seen := map[string]int{}
		for i := 0; !tbl.Status().Over; i++ {
			if i > 5000 {
				t.Fatal("game too long")
			}
			s := tbl.State().(*catan.State)
			if st := s.Status(); len(st.Deciders) > 0 {
				p := st.Deciders[0]
				env := envFor(tbl, s, p, false)
				board := app.HTMLString(r.Board(env))
				side := app.HTMLString(r.Side(env))
				if !strings.Contains(side, "Chronicle cards:") || strings.Contains(side, "Development cards") {
					t.Fatal("the side panel does not call the deck chronicle cards")
				}
				dock := app.HTMLString(r.Dock(env))
				checkBoard(t, s, env, board, dock, seen)
			}
			if moved, err := tbl.StepBot(); err != nil || !moved {
				t.Fatalf("bot step: %v %v", moved, err)
			}
		}
		for _, k := range []string{"found-city", "move", "barbarian", "drive-off"} {
			if seen[k] == 0 {
				t.Errorf("seed %d: no position with %s spots was drawn", seed, k)
			}
		}
		// Every action of the scenario has its line in the log.
		told := map[int]bool{}
		for _, l := range tbl.Log {
			told[l.Index] = l.Text != ""
		}
		for i, e := range tbl.Match.Entries {
			if e.IsChance() {
				continue
			}
			a, err := catan.DecodeAction(e.Action)
			if err != nil {
				t.Fatal(err)
			}
			switch a.Type {
			case tb.ActMoveWagon, tb.ActGrainBoost, tb.ActDriveOff, tb.ActPlaceBarbarian, tb.ActMoveBarbarian,
				tb.ActUpgradeWagon, tb.ActBuyWithGold, tb.ActPlaySwiftJourney:
				if !told[i] {
					t.Fatalf("entry %d (%s) is not narrated", i, a.Type)
				}
			}
		}
		s := tbl.State().(*catan.State)
		sc := r.Scores(s)
		n := len(sc.Categories)
		if n < 2 || sc.Categories[n-2] != "traders.score.deliveries" || sc.Categories[n-1] != "traders.score.wagon" ||
			strings.Contains(strings.Join(sc.Categories, " "), "score.longest") {
			t.Fatalf("score columns %q", sc.Categories)
		}
		x := tb.ViewOf(s)
		deliveries := 0
		for p, row := range sc.Rows {
			sum := 0
			for _, v := range row {
				sum += v
			}
			if sum != sc.Totals[p] {
				t.Errorf("seat %d: columns %v add up to %d, total %d", p, row, sum, sc.Totals[p])
			}
			if row[n-2] != len(x.Wagons[p].Delivered) || row[n-1] != x.Wagons[p].Card.VP || sc.Totals[p] != s.Points(p) {
				t.Errorf("seat %d scores %v total %d, engine %d deliveries, level %d, %d points", p, row, sc.Totals[p], len(x.Wagons[p].Delivered), x.Wagons[p].Level, s.Points(p))
			}
			deliveries += row[n-2]
		}
		if deliveries == 0 {
			t.Error("a whole greedy game without a delivery")
		}
	}
}

func checkBoard(t *testing.T, s *catan.State, env *gameui.Env, board, dock string, seen map[string]int) {
	t.Helper()
	v := env.View.(*catan.View)
	x := v.Ext.(*tb.View)
	if s.Turn > 0 {
		wagons := wagonGlyph.FindAllStringSubmatch(board, -1)
		if len(wagons) != s.Players {
			t.Fatalf("%d wagons drawn", len(wagons))
		}
		for _, w := range wagons {
			p, _ := strconv.Atoi(w[1])
			if w[2] != strconv.Itoa(x.Wagons[p].Node) {
				t.Fatalf("seat %d's wagon drawn on %s, engine has %d", p, w[2], x.Wagons[p].Node)
			}
		}
	}
	if n := strings.Count(board, `class="barbarian"`); n != tb.NumBarbarians {
		t.Fatalf("%d barbarians drawn", n)
	}
	for i, st := range stackGlyph.FindAllStringSubmatch(board, -1) {
		if h := x.TradeHexes[i]; st[1] != h.Kind || st[2] != strconv.Itoa(h.Left) {
			t.Fatalf("stack %v, engine %s %d", st, h.Kind, h.Left)
		}
	}
	acts := actSpot.FindAllStringSubmatch(board, -1)
	switch {
	case v.Prompt.Code == "place-city":
		// The founding city (a base renderer's spot, Rules.FoundCity).
		seen["found-city"]++
		if len(acts) != len(env.Legal) {
			t.Fatalf("founding a city: %d spots for %d places", len(acts), len(env.Legal))
		}
	case has(env, tb.ActMoveBarbarian):
		seen["barbarian"]++
		if n := len(barbPick.FindAllString(board, -1)); n != tb.NumBarbarians {
			t.Fatalf("%d barbarians to choose from", n)
		}
	case has(env, tb.ActPlaceBarbarian):
		la, _ := legal(env, tb.ActPlaceBarbarian)
		if len(acts) != len(la) {
			t.Fatalf("%d spots for %d places", len(acts), len(la))
		}
	case x.Movement != nil && len(env.Legal) > 0:
		m := x.Movement
		gos := goSpot.FindAllStringSubmatch(board, -1)
		if len(gos) != len(m.Reachable) {
			t.Fatalf("%d destinations drawn, %d reachable", len(gos), len(m.Reachable))
		}
		for i, g := range gos {
			if g[1] != strconv.Itoa(m.Reachable[i].Node) {
				t.Fatalf("destination %s drawn, reachable %d", g[1], m.Reachable[i].Node)
			}
		}
		if len(gos) > 0 {
			seen["move"]++
		}
		la, idx := legal(env, tb.ActDriveOff)
		if len(acts) != len(la) {
			t.Fatalf("%d drive-off spots for %d attempts", len(acts), len(la))
		}
		for i, a := range acts {
			if a[1] != strconv.Itoa(idx[i]) {
				t.Fatalf("drive-off spot for action %s, legal %d", a[1], idx[i])
			}
		}
		if len(la) > 0 {
			seen["drive-off"]++
		}
		if want := N("traders.move.points", m.Points); !strings.Contains(dock, want) {
			t.Fatalf("dock does not say %q", want)
		}
		if on, shown := button(dock, "grain-boost"); shown != !m.Over || on != has(env, tb.ActGrainBoost) {
			t.Fatalf("grain boost shown %v enabled %v, legal %v", shown, on, has(env, tb.ActGrainBoost))
		}
		if s.Phase == catan.PhaseMain {
			w := x.Wagons[s.Active]
			if on, shown := button(dock, "upgrade-wagon"); shown != (w.Next != nil) || on != has(env, tb.ActUpgradeWagon) {
				t.Fatalf("upgrade shown %v enabled %v, legal %v", shown, on, has(env, tb.ActUpgradeWagon))
			}
			if on, _ := button(dock, "gold"); on != (has(env, tb.ActBuyWithGold) || len(sales(env)) > 0) {
				t.Fatalf("gold button enabled %v", on)
			}
		}
	}
}

// findPosition plays greedy moves until ok holds for the state (at a
// decision of the active player), and returns the table there.
func findPosition(t *testing.T, ok func(s *catan.State, x *tb.View) bool) *table.Table {
	t.Helper()
	for seed := uint64(1); seed < 8; seed++ {
		tbl, _ := newTable(t, seed)
		for i := 0; i < 5000 && !tbl.Status().Over; i++ {
			s := tbl.State().(*catan.State)
			if st := s.Status(); len(st.Deciders) == 1 && int(st.Deciders[0]) == int(s.Active) && ok(s, tb.ViewOf(s)) {
				return tbl
			}
			if _, err := tbl.StepBot(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no such position in seven games")
	return nil
}

// A click on a destination two steps or more away sends the engine's
// route: the wagon stands there with the cost spent. One that pays a
// toll or the grain is shown first and taken on the second click; on a
// phone every way is.
func TestPickMovesTheWagonAlongTheRoute(t *testing.T) {
	free := func(d tb.Destination) bool { return len(d.Legs) >= 2 && d.Gold == 0 && !d.Boost && !d.Plaza }
	paid := func(d tb.Destination) bool { return d.Gold > 0 || d.Boost }
	pick := func(pred func(tb.Destination) bool) func(*catan.State, *tb.View) bool {
		return func(s *catan.State, x *tb.View) bool {
			if s.Phase != catan.PhaseMain || x.Movement == nil {
				return false
			}
			for _, d := range x.Movement.Reachable {
				if pred(d) {
					return true
				}
			}
			return false
		}
	}
	for _, c := range []struct {
		name    string
		pred    func(tb.Destination) bool
		compact bool
	}{{"free", free, false}, {"paid", paid, false}, {"phone", free, true}} {
		t.Run(c.name, func(t *testing.T) {
			tbl := findPosition(t, pick(c.pred))
			s := tbl.State().Clone().(*catan.State)
			p := engine.Seat(s.Active)
			u := newAddon()
			env := envFor(tbl, s, p, c.compact)
			m := tb.ViewOf(s).Movement
			var d tb.Destination
			for _, x := range m.Reachable {
				if c.pred(x) {
					d = x
					break
				}
			}
			gold := s.Hand[p][catan.Gold]
			value := "go:" + strconv.Itoa(d.Node)
			u.Pick(app.Context{}, env, value)
			if c.name != "free" {
				if u.dest != d.Node || tb.ViewOf(s).Wagons[p].Node == d.Node {
					t.Fatalf("first click: dest %d, wagon on %d", u.dest, tb.ViewOf(s).Wagons[p].Node)
				}
				board := app.HTMLString(u.dockAndBoard(env))
				if !strings.Contains(board, `class="route-chosen"`) || !strings.Contains(board, `id="move-go"`) {
					t.Fatal("the chosen way is not shown with a Go button")
				}
				u.Pick(app.Context{}, env, value)
			}
			x := tb.ViewOf(s)
			if x.Wagons[p].Node != d.Node {
				t.Fatalf("wagon on %d, want %d", x.Wagons[p].Node, d.Node)
			}
			if left := x.Movement.Points; left != m.Points+boost(d)-d.Cost {
				t.Fatalf("%d points left after a way of %d from %d", left, d.Cost, m.Points)
			}
			if got := int(gold - s.Hand[p][catan.Gold]); got != d.Gold {
				t.Fatalf("paid %d gold, tolls %d", got, d.Gold)
			}
			if u.dest != -1 {
				t.Fatal("the choice stays after the move")
			}
		})
	}
}

func boost(d tb.Destination) int {
	if d.Boost {
		return tb.GrainBoostPoints
	}
	return 0
}

// dockAndBoard renders the layer and dock of u for env (for tests).
func (u *addon) dockAndBoard(env *gameui.Env) app.UI {
	return app.Div().Body(app.Raw(`<svg>`+u.Layer(env, catanui.Board{View: env.View.(*catan.View)})+`</svg>`), u.Dock(env))
}

// After a 7 the barbarian is chosen first, then its path; the spots of
// the second step are the legal moves of that barbarian only.
func TestBarbarianChosenThenMoved(t *testing.T) {
	tbl := findPosition(t, func(s *catan.State, _ *tb.View) bool { return s.Phase == tb.PhaseBarbarian })
	s := tbl.State().Clone().(*catan.State)
	p := engine.Seat(s.Active)
	u := newAddon()
	env := envFor(tbl, s, p, false)
	from := tb.ViewOf(s).Barbarians[1].Path
	u.Pick(app.Context{}, env, "barbarian:"+strconv.Itoa(from))
	board := u.Layer(env, catanui.Board{View: env.View.(*catan.View)})
	acts, idx := legal(env, tb.ActMoveBarbarian)
	want := 0
	for _, a := range acts {
		if a.Edge == from {
			want++
		}
	}
	spots := actSpot.FindAllStringSubmatch(board, -1)
	if len(spots) != want || want == 0 {
		t.Fatalf("%d spots for %d moves of the chosen barbarian", len(spots), want)
	}
	i, _ := strconv.Atoi(spots[0][1])
	a := env.Legal[i].(catan.Action)
	if a.Edge != from || a.Type != tb.ActMoveBarbarian {
		t.Fatalf("spot applies %+v", a)
	}
	_ = idx
	if err := s.Apply(p, a); err != nil {
		t.Fatal(err)
	}
	moved := false
	for _, br := range tb.ViewOf(s).Barbarians {
		moved = moved || br.Path == a.To
	}
	if !moved {
		t.Fatal("the barbarian did not move")
	}
}

// The gold panel offers exactly the legal purchases and sales for gold.
func TestGoldPanel(t *testing.T) {
	tbl := findPosition(t, func(s *catan.State, _ *tb.View) bool {
		if s.Phase != catan.PhaseMain {
			return false
		}
		env := &gameui.Env{Legal: s.Legal(engine.Seat(s.Active))}
		return has(env, tb.ActBuyWithGold) && len(sales(env)) > 0
	})
	s := tbl.State().Clone().(*catan.State)
	p := engine.Seat(s.Active)
	u := newAddon()
	env := envFor(tbl, s, p, false)
	u.gold = true
	dock := app.HTMLString(u.Dock(env))
	buys, _ := legal(env, tb.ActBuyWithGold)
	if n := strings.Count(dock, `id="buy-`); n != len(buys) {
		t.Fatalf("%d buy buttons for %d purchases", n, len(buys))
	}
	if n := strings.Count(dock, `id="sell-`); n != len(sales(env)) {
		t.Fatalf("%d sell buttons for %d sales", n, len(sales(env)))
	}
}

// The rules open at the wagon's section while it may move and at the
// barbarians' after a 7; every section renders in the three languages
// with no message missing.
func TestRulesBook(t *testing.T) {
	b, ok := rules.Lookup(tb.ID)
	if !ok {
		t.Fatal("no rules for traders-barbarians")
	}
	move := findPosition(t, func(s *catan.State, _ *tb.View) bool { return s.Phase == tb.PhaseMove })
	if at := b.Section(move.State().View(engine.Spectator)); at != "wagon" {
		t.Errorf("movement opens the rules at %q", at)
	}
	seven := findPosition(t, func(s *catan.State, _ *tb.View) bool { return s.Phase == tb.PhaseBarbarian })
	if at := b.Section(seven.State().View(engine.Spectator)); at != "barbarians" {
		t.Errorf("a barbarian move opens the rules at %q", at)
	}
	defer i18n.SetLang(i18n.English)
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		page := app.HTMLString(rules.Page(tb.ID, "T&B", "wagon", app.Text(""), nil))
		if strings.Contains(page, "⟦") {
			t.Errorf("%s: a message is missing: %s", l, page[strings.Index(page, "⟦"):][:60])
		}
		for _, id := range []string{"rules-tradehexes", "rules-steps", "rules-wagons", "rules-chronicle"} {
			if !strings.Contains(page, `id="`+id+`"`) {
				t.Errorf("%s: no table %s", l, id)
			}
		}
	}
}

// One game narrated in the three languages: Russian lines are Russian,
// Portuguese ones differ from English, and no line is an English message
// in another language.
func TestLogInThreeLanguages(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	tbl, _ := newTable(t, 3)
	for i := 0; i < 400; i++ {
		if _, err := tbl.StepBot(); err != nil {
			t.Fatal(err)
		}
	}
	logs := map[i18n.Lang][]table.Line{}
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		logs[l] = append([]table.Line(nil), tbl.Words(string(l))...)
	}
	en := logs[i18n.English]
	if len(en) < 100 {
		t.Fatalf("only %d lines", len(en))
	}
	mine := 0
	for i, line := range en {
		ru, pt := logs[i18n.Russian][i].Text, logs[i18n.Portuguese][i].Text
		if !strings.ContainsFunc(ru, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) {
			t.Errorf("line %d in Russian: %q", i, ru)
		}
		if pt == line.Text {
			t.Errorf("line %d the same in Portuguese: %q", i, pt)
		}
		if strings.Contains(line.Text, "wagon") || strings.Contains(line.Text, "barbarian") || strings.Contains(line.Text, "cargo") {
			mine++
		}
	}
	if mine < 20 {
		t.Errorf("only %d lines about wagons, barbarians and cargo", mine)
	}
}

// button reports whether the dock shows the button of id, and whether it
// is enabled (gameui.Button marks a disabled one aria-disabled).
func button(dock, id string) (enabled, shown bool) {
	i := strings.Index(dock, `id="`+id+`"`)
	if i < 0 {
		return false, false
	}
	start := strings.LastIndex(dock[:i], "<button")
	end := i + strings.Index(dock[i:], ">")
	return !strings.Contains(dock[start:end], `aria-disabled`), true
}

// Swift Journey from its button: played during trade and build, told in
// the log; ending the first movement starts the second, told as such.
func TestSwiftJourney(t *testing.T) {
	tbl := findPosition(t, func(s *catan.State, _ *tb.View) bool {
		if s.Phase != catan.PhaseMain {
			return false
		}
		return has(&gameui.Env{Legal: s.Legal(engine.Seat(s.Active))}, tb.ActPlaySwiftJourney)
	})
	e, _ := gameui.Lookup(tb.ID)
	r := e.New()
	s := tbl.State().Clone().(*catan.State)
	p := engine.Seat(s.Active)
	env := envFor(tbl, s, p, false)
	dock := app.HTMLString(r.Dock(env))
	if on, shown := button(dock, "play-swift-journey"); !on || !shown {
		t.Fatalf("Swift Journey button shown %v enabled %v", shown, on)
	}
	say := func(a catan.Action) string {
		t.Helper()
		before := s.Clone()
		if err := s.Apply(p, a); err != nil {
			t.Fatal(err)
		}
		raw, _ := a.MarshalJSON()
		return r.Narrate(before, s, engine.Entry{Seat: p, Action: raw}, tbl.Seats)
	}
	if got, want := say(catan.Action{Type: tb.ActPlaySwiftJourney}), T("traders.log.swift", tbl.Seats[p].Name); got != want {
		t.Fatalf("log %q, want %q", got, want)
	}
	m := tb.ViewOf(s).Movement
	if m.Journeys != 1 || len(m.Reachable) == 0 {
		t.Fatalf("after Swift Journey: %d journeys, %d destinations", m.Journeys, len(m.Reachable))
	}
	var d tb.Destination
	for _, x := range m.Reachable {
		if !x.Plaza && !x.Boost && x.Gold == 0 {
			d = x
			break
		}
	}
	say(tb.Route(d, m.Points)[0])
	env = envFor(tbl, s, p, false)
	if dock := app.HTMLString(r.Dock(env)); !strings.Contains(dock, T("traders.move.journey")) {
		t.Fatal("the dock does not announce the second movement")
	}
	if got, want := say(catan.EndTurn()), T("traders.log.journey", tbl.Seats[p].Name); got != want || s.Phase != tb.PhaseMove || engine.Seat(s.Active) != p {
		t.Fatalf("ending the first movement: log %q (want %q), phase %v, active %d", got, want, s.Phase, s.Active)
	}
	if m := tb.ViewOf(s).Movement; m.Points != tb.ViewOf(s).Wagons[p].Card.Points {
		t.Fatalf("second movement with %d points", m.Points)
	}
}
