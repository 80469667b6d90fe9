package citiesknights

import (
	"fmt"
	"html"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
	"tabula/engine/rng"
)

// table seats for the tests: names only (the state is driven here).
func testTable(t testing.TB, players int) *table.Table {
	t.Helper()
	seats := []engine.SeatInfo{{Name: "Ana"}, {Name: "Bruno"}, {Name: "Caio"}, {Name: "Dara"}}[:players]
	tb, err := table.New(table.Config{Game: ck.ID, Seats: seats, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// The renderer under test: the base renderer with this package's addon,
// registered under a test id so that the test can hold the addon.
var testAddon *addon

func init() {
	catanui.Register(gameui.Entry{ID: "test-cities-knights-ui"}, func() catanui.Addon {
		testAddon = newAddon()
		return testAddon
	})
}

func newRenderer(t testing.TB) (gameui.Renderer, *addon) {
	t.Helper()
	if e, ok := gameui.Lookup(ck.ID); !ok || !e.Playable() {
		t.Fatal("cities-knights is not playable")
	}
	e, _ := gameui.Lookup("test-cities-knights-ui")
	r := e.New()
	return r, testAddon
}

func envFor(tb *table.Table, s *catan.State, seat engine.Seat, acted *[]engine.Action) *gameui.Env {
	env := &gameui.Env{Table: tb, Viewer: seat, State: s, View: s.View(seat), Styles: gameui.Palette[:s.Players]}
	if seat >= 0 {
		env.Legal = s.Legal(seat)
	}
	env.Act = func(_ app.Context, a engine.Action) { *acted = append(*acted, a) }
	return env
}

var (
	dataAct   = regexp.MustCompile(`data-act="(\d+)"`)
	dataLegal = regexp.MustCompile(`data-legal="(\d+)"`)
	dataPick  = regexp.MustCompile(`data-pick="([^"]+)"`)
)

// render is the board, side and dock of the renderer for env.
func render(r gameui.Renderer, env *gameui.Env) (board, side, dock string) {
	return app.HTMLString(r.Board(env)), app.HTMLString(r.Side(env)), app.HTMLString(r.Dock(env))
}

func indexes(re *regexp.Regexp, html string) map[int]bool {
	out := map[int]bool{}
	for _, m := range re.FindAllStringSubmatch(html, -1) {
		i, _ := strconv.Atoi(m[1])
		out[i] = true
	}
	return out
}

// offered reports whether the UI offers legal action i by a click: a
// spot on the board or a button in the dock, after the clicks that lead
// there (a mode, a card's Play, a first pick, dice or cards chosen).
func offered(t *testing.T, r gameui.Renderer, u *addon, env *gameui.Env, i int, cache map[string][3]string) (bool, string) {
	a := env.Legal[i].(catan.Action)
	defer u.Reset()
	u.Reset()
	// The screens of one decision, by the choices made (rendered once).
	screens := func() (string, string, string) {
		key := fmt.Sprint(u.mode, u.card, u.from, u.red, u.yellow, u.pick)
		h, ok := cache[key]
		if !ok {
			h[0], h[1], h[2] = render(r, env)
			cache[key] = h
		}
		return h[0], h[1], h[2]
	}
	look := func() bool {
		board, _, dock := screens()
		return indexes(dataAct, board)[i] || indexes(dataLegal, dock)[i]
	}
	if c, ok := cardPlayed(a.Type); ok {
		_, _, dock := screens()
		if !strings.Contains(dock, `id="play-`+c.String()+`"`) || strings.Contains(dock, `id="play-`+c.String()+`" data-reason`) {
			return false, "no live Play button for " + c.String()
		}
		if choiceOf(c) == choiceNone {
			if n, _ := legal(env, a.Type); len(n) != 1 {
				return false, fmt.Sprintf("%s plays at once but Legal has %d", c, len(n))
			}
			return true, ""
		}
		u.mode, u.card = modeCard, c
		switch choiceOf(c) {
		case choiceDice:
			u.red, u.yellow = int(a.Dice[0]), int(a.Dice[1])
		case choiceHexPair:
			// Either token first: picked on the board, then the other.
			board, _, _ := screens()
			if !strings.Contains(board, `data-pick="hex:`+strconv.Itoa(a.Hex)+`"`) {
				return false, "no first-token pick"
			}
			u.from = a.Hex
		case choiceKnights:
			board, _, _ := screens()
			if !strings.Contains(board, `data-pick="smith:`+strconv.Itoa(a.Vertex)+`"`) {
				return false, "no first-knight pick"
			}
			u.from = a.Vertex
		}
		return look(), "not offered once the card is chosen"
	}
	switch a.Type {
	case ck.ActBuildWall:
		u.mode = modeWall
	case ck.ActHireKnight:
		u.mode = modeHire
	case ck.ActActivateKnight:
		u.mode = modeActivate
	case ck.ActPromoteKnight:
		u.mode = modePromote
	case ck.ActRepairCity:
		u.mode = modeRepair
	case ck.ActMoveKnight, ck.ActDisplaceKnight, ck.ActChaseRobber:
		u.mode = modeKnight
		board, _, _ := screens()
		if !strings.Contains(board, `data-pick="knight:`+strconv.Itoa(a.Vertex)+`"`) {
			return false, "the acting knight is not offered"
		}
		u.from = a.Vertex
	case ck.ActGiveCards:
		u.pick = a.Give
	case ck.ActTakeCards:
		u.pick = a.Get
	case catan.ActDiscard:
		return true, "" // the base game's discard panel (its own tests)
	default:
		if a.Type < ck.ActBuildWall {
			return true, "" // a base action: the base renderer's
		}
	}
	return look(), "not offered"
}

// playGame plays a whole game with bots of the given kind choosing, and
// calls each with the state before every decision.
func playGame(t testing.TB, players int, seed uint64, pick func(s *catan.State, seat engine.Seat, legal []engine.Action) engine.Action, each func(s *catan.State, seat engine.Seat)) *catan.State {
	t.Helper()
	s := playUntil(t, players, seed, pick, func(s *catan.State, seat engine.Seat) bool { each(s, seat); return false })
	if !s.Status().Over {
		t.Fatal("game did not end")
	}
	return s
}

// playUntil plays as playGame does until stop holds before a decision (the
// state returned is then the one stop saw), or to the end.
func playUntil(t testing.TB, players int, seed uint64, pick func(s *catan.State, seat engine.Seat, legal []engine.Action) engine.Action, stop func(s *catan.State, seat engine.Seat) bool) *catan.State {
	t.Helper()
	st, err := engine.NewState(ck.Game, engine.Setup{Players: players, Options: map[string]string{catan.OptBoard: catan.BoardRandom}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*catan.State)
	src := rng.Seeded{Seed: seed}
	for k := 0; !s.Status().Over; k++ {
		if k > 20000 {
			t.Fatal("game did not end")
		}
		status := s.Status()
		if status.Chance != nil {
			if err := s.Resolve(src.Outcome(k, *status.Chance)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := status.Deciders[0]
		if stop(s, seat) {
			return s
		}
		legal := s.Legal(seat)
		if err := s.Apply(seat, pick(s, seat, legal)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// randomPick plays a random legal action, preferring the expansion's
// (so that cards and knights come up often).
func randomPick(seed uint64) func(*catan.State, engine.Seat, []engine.Action) engine.Action {
	rnd := rand.New(rand.NewPCG(seed, 7))
	return func(s *catan.State, seat engine.Seat, legal []engine.Action) engine.Action {
		var ext []engine.Action
		for _, a := range legal {
			if t := a.(catan.Action).Type; t >= ck.ActBuildWall || t == catan.ActPlayRoadBuilding {
				ext = append(ext, a)
			}
		}
		if len(ext) > 0 && rnd.IntN(2) == 0 {
			return ext[rnd.IntN(len(ext))]
		}
		return legal[rnd.IntN(len(legal))]
	}
}

// Every legal action of the decisions of whole random games is offered
// by a click: a spot on the board or a button in the dock, after the
// clicks that lead there. Decisions are checked whenever they hold an
// expansion action kind seen fewer than three times so far, and one in
// forty otherwise; games go on until every action kind of the
// expansion and every progress card has come up.
func TestEveryActionOfferedByAClick(t *testing.T) {
	seen := map[string]int{}
	checked := 0
	// A toppled city: TestToppledCity; the Spy's pick (sealed play only,
	// never in these games): TestSpyPickOffered.
	elsewhere := func(k catan.ActionType) bool { return k == ck.ActRepairCity || k == ck.ActSpyPick }
	all := func() bool {
		for k := ck.ActBuildWall; k <= ck.ActHarborReturn; k++ {
			if seen[k.String()] == 0 && !elsewhere(k) {
				return false
			}
		}
		return seen[catan.ActPlayRoadBuilding.String()] > 0
	}
	games := 0
	for ; games < 2 || !all(); games++ {
		if games == 300 {
			break
		}
		players := 3 + games%2
		seed := uint64(11 + games)
		tb := testTable(t, players)
		r, u := newRenderer(t)
		rnd := rand.New(rand.NewPCG(seed, 9))
		playGame(t, players, seed, randomPick(seed), func(s *catan.State, seat engine.Seat) {
			legal := s.Legal(seat)
			want := rnd.IntN(40) == 0
			for _, a := range legal {
				if k := a.(catan.Action).Type; (k >= ck.ActBuildWall || k == catan.ActPlayRoadBuilding) && seen[k.String()] < 3 {
					want = true
				}
			}
			if !want {
				return
			}
			checked++
			var acted []engine.Action
			env := envFor(tb, s, seat, &acted)
			board, side, dock := render(r, env)
			for _, h := range []string{board, side, dock} {
				if strings.Contains(h, "⟦") || strings.Contains(h, "%!") {
					t.Fatalf("phase %v: a missing message: %s", s.Phase, missing(h))
				}
			}
			cache := map[string][3]string{}
			for i, a := range env.Legal {
				ok, why := offered(t, r, u, env, i, cache)
				if !ok {
					t.Fatalf("phase %v, seat %d: legal %v is not offered: %s", s.Phase, seat, a, why)
				}
				if seen[a.Kind()] == 0 {
					t.Logf("game %d: first %v", games, a.Kind())
				}
				seen[a.Kind()]++
			}
		})
	}
	for k := ck.ActBuildWall; k <= ck.ActHarborReturn; k++ {
		if seen[k.String()] == 0 && !elsewhere(k) {
			t.Errorf("no game offered %v", k)
		}
	}
	if seen[catan.ActPlayRoadBuilding.String()] == 0 {
		t.Error("no game offered Road Building")
	}
	t.Logf("%d games, %d decisions checked", games, checked)
}

var missingRe = regexp.MustCompile(`⟦[^⟧]*⟧|%!.{0,20}`)

func missing(h string) string { return strings.Join(missingRe.FindAllString(h, 5), " ") }

// Reaches are the helpers offered uses, tested on their own: a card's
// play kind is "play-" and its id, both ways.
func TestCardKinds(t *testing.T) {
	for c := ck.Card(0); c < ck.NumCards; c++ {
		k, ok := playKind(c)
		if ck.Cards[c].Timing == ck.AtOnce {
			if ok {
				t.Errorf("%v has a play kind", c)
			}
			continue
		}
		if !ok {
			t.Fatalf("%v has no play kind", c)
		}
		if back, ok := cardPlayed(k); !ok || back != c {
			t.Errorf("%v: kind %v plays %v", c, k, back)
		}
	}
}

// A whole game of greedy bots read in each language: every entry of the
// expansion is told (no missing message, no English left in Russian), the
// events say what happened (attacks, the Defender, draws), no drawn or
// taken progress card is named in the log, and the end screen's columns
// add up to each player's points.
func TestNarrationAndScores(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	seats := []engine.SeatInfo{{Name: "Ana", Kind: table.BotGreedy}, {Name: "Bruno", Kind: table.BotGreedy}, {Name: "Caio", Kind: table.BotGreedy}}
	tb, err := table.New(table.Config{Game: ck.ID, Seats: seats, Seed: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := newRenderer(t)
	tb.Narrate = r.Narrate
	for i := 0; !tb.Status().Over; i++ {
		if moved, err := tb.StepBot(); err != nil || !moved || i > 20000 {
			t.Fatalf("bots: %v %v after %d", moved, err, i)
		}
	}
	cyr := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0
	}
	logs := map[i18n.Lang][]table.Line{}
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		logs[l] = append([]table.Line(nil), tb.Words(string(l))...)
	}
	i18n.SetLang(i18n.English)
	en := logs[i18n.English]
	all := strings.Builder{}
	for i, line := range en {
		all.WriteString(line.Text + "\n")
		for _, l := range i18n.Languages {
			if s := logs[l][i].Text; strings.Contains(s, "⟦") || strings.Contains(s, "%!") {
				t.Fatalf("%s line %d: %q", l, i, s)
			}
		}
		if ru := logs[i18n.Russian][i].Text; !cyr(ru) {
			t.Errorf("Russian line %d has no Russian: %q", i, ru)
		}
	}
	text := all.String()
	for _, want := range []string{"The barbarians attack!", "progress card", "builds the", "hires a basic knight", "activates a", "barbarian ship sails on"} {
		if !strings.Contains(text, want) {
			t.Errorf("the log of a whole game never says %q", want)
		}
	}
	// Every action entry of the expansion is told.
	m := tb.Match
	told := map[int]bool{}
	for _, l := range en {
		told[l.Index] = true
	}
	for i, e := range m.Entries {
		if e.IsChance() {
			continue
		}
		a, err := catan.DecodeAction(e.Action)
		if err != nil {
			t.Fatal(err)
		}
		if (a.Type >= ck.ActBuildWall || a.Type == catan.ActPlayRoadBuilding) && !told[i] {
			t.Errorf("entry %d (%v) is not in the log", i, a)
		}
	}
	// Drawn cards stay secret: no card title follows "draws".
	for _, l := range en {
		if strings.Contains(l.Text, "draws a") {
			for _, f := range ck.Cards {
				if f.Timing != ck.AtOnce && strings.Contains(l.Text, f.Title) {
					t.Errorf("a draw names its card: %q", l.Text)
				}
			}
		}
	}
	s := m.State.(*catan.State)
	sc := r.Scores(s)
	for p, row := range sc.Rows {
		sum := 0
		for _, v := range row {
			sum += v
		}
		if sum != sc.Totals[p] || sc.Totals[p] != s.Points(p) {
			t.Errorf("seat %d: columns %v add to %d, total %d, engine %d", p, row, sum, sc.Totals[p], s.Points(p))
		}
	}
	for _, c := range sc.Categories {
		if c == "score.largest" || c == "score.vpcards" {
			t.Errorf("the end screen keeps the base game's %s", c)
		}
	}
}

// Progress cards are shown to their owner alone: every seat's dock shows
// exactly its own cards, a spectator's none, and no seat's page holds the
// id of a card only another seat holds.
func TestProgressCardsPrivate(t *testing.T) {
	tb := testTable(t, 3)
	r, _ := newRenderer(t)
	checked := 0
	playGame(t, 3, 21, randomPick(21), func(s *catan.State, seat engine.Seat) {
		x := s.Ext.(*ck.Ext)
		if s.Turn < 20 || s.Turn%7 != 0 || s.Phase != catan.PhaseMain {
			return
		}
		for p := engine.Seat(-1); p < 3; p++ {
			var acted []engine.Action
			env := envFor(tb, s, p, &acted)
			board, side, dock := render(r, env)
			page := board + side + dock
			shown := map[string]bool{}
			for _, m := range regexp.MustCompile(`data-card="([a-z-]+)"`).FindAllStringSubmatch(page, -1) {
				shown[m[1]] = true
			}
			for c := ck.Card(0); c < ck.NumCards; c++ {
				mine := p >= 0 && x.Progress[p][c] > 0
				if shown[c.String()] != mine {
					t.Fatalf("turn %d, seat %d: card %v shown %v, held %v", s.Turn, p, c, shown[c.String()], mine)
				}
			}
			checked++
		}
	})
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// midGame is the table of a random 3-player game at the main phase of
// the first turn after the 40th, for the seat on turn (the render
// benchmarks' position; app/catanui's BenchmarkRender is the base game's).
func midGame(b *testing.B) *gameui.Env {
	s := playUntil(b, 3, 3, randomPick(3), func(s *catan.State, _ engine.Seat) bool {
		return s.Turn > 40 && s.Phase == catan.PhaseMain
	})
	if s.Status().Over {
		b.Fatal("the game ended before turn 40")
	}
	var acted []engine.Action
	return envFor(testTable(b, 3), s, s.Status().Deciders[0], &acted)
}

// BenchmarkRender: board, side and dock of a mid-game position for the
// player on turn (what every action re-renders), with the catanui base.
func BenchmarkRender(b *testing.B) {
	r, _ := newRenderer(b)
	env := midGame(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		env.View = env.State.View(env.Viewer)
		render(r, env)
	}
}

// BenchmarkAddon: the addon's own part of that render (layer, side, dock).
func BenchmarkAddon(b *testing.B) {
	_, u := newRenderer(b)
	env := midGame(b)
	bd := catanui.Board{View: env.View.(*catan.View)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = u.Layer(env, bd)
		_ = app.HTMLString(u.Side(env))
		_ = app.HTMLString(u.Dock(env))
	}
}

var (
	textRe = regexp.MustCompile(`>([^<>]+)<`)
	attrRe = regexp.MustCompile(`(?:aria-label|title|data-reason)="([^"]*)"`)
)

// Every screen the clicks lead to (the expansion's phases, each mode, each
// card's chooser and targets) shows no English message of this package in
// Portuguese and Russian: decisions of random games in which an action
// kind of the expansion comes up, rendered in each language.
func TestNoEnglishInPortugueseAndRussian(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	seen := map[string]int{}
	pages := 0
	for g := 0; g < 2; g++ {
		seed := uint64(31 + g)
		tb := testTable(t, 3)
		r, u := newRenderer(t)
		playGame(t, 3, seed, randomPick(seed), func(s *catan.State, seat engine.Seat) {
			legal := s.Legal(seat)
			want := false
			for _, a := range legal {
				if k := a.(catan.Action).Type; (k >= ck.ActBuildWall || k == catan.ActPlayRoadBuilding) && seen[k.String()] < 2 {
					want = true
				}
			}
			if !want {
				return
			}
			for _, a := range legal {
				seen[a.Kind()]++
			}
			for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Russian} {
				i18n.SetLang(l)
				var acted []engine.Action
				env := envFor(tb, s, seat, &acted)
				cache := map[string][3]string{}
				for i := range env.Legal {
					offered(t, r, u, env, i, cache)
				}
				for _, h := range cache {
					pages++
					var shown []string
					page := h[0] + h[1] + h[2]
					for _, m := range textRe.FindAllStringSubmatch(page, -1) {
						if x := strings.TrimSpace(html.UnescapeString(m[1])); x != "" {
							shown = append(shown, x)
						}
					}
					for _, m := range attrRe.FindAllStringSubmatch(page, -1) {
						shown = append(shown, strings.TrimSpace(html.UnescapeString(m[1])))
					}
					if leaks := i18n.Leaks(l, shown, "ck."); len(leaks) > 0 {
						t.Fatalf("%s, phase %v: English on screen: %v", l, s.Phase, leaks)
					}
				}
			}
			i18n.SetLang(i18n.English)
		})
	}
	if pages < 100 {
		t.Fatalf("only %d screens checked", pages)
	}
}
