package catanui

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/hexgrid"
	"tabula/engine/rng"
)

// A test game of the family with an addon, as an expansion's UI package
// would be: on its own turn a player may hang a lantern on a free
// intersection (an action kind of its own, kept in its own state), drawn
// by the addon's layer, counted in its side panel, offered from its dock
// and told in the log. Its island has one more intersection, in the
// centre of the top-left hex, joined to that hex's north corner.
var (
	lanternRules = &catan.Rules{ID: "test-lantern", Version: "test-lantern/1"}
	actLantern   = lanternRules.NewAction("hang-lantern", catan.FieldVertex)
	lanternGame  = func() catan.Game {
		g := catan.IslandGraph()
		h := catan.HexAt(1, 1)
		c := g.AddIntersection(hexgrid.Layout{Size: 1}.Center(catan.Island.Hexes[h]), h)
		g.AddPath(c, catan.Island.HexVertices[h][hexgrid.CornerN])
		g.CloseIntersection(c)
		lanternRules.Board = &catan.Map{Graph: g, Beginner: catan.BeginnerBoard}
		lanternRules.Expansion = lanterns{}
		return catan.NewGame(lanternRules)
	}()
)

func init() {
	engine.Register(lanternGame)
	Register(gameui.Entry{ID: "test-lantern"}, func() Addon { return &lanternUI{} })
}

type lanternState struct{ At []int }

func (l *lanternState) Clone() catan.Extension {
	return &lanternState{At: append([]int(nil), l.At...)}
}

type lanterns struct{}

func (lanterns) New(s *catan.State, _ engine.Setup) error { s.Ext = &lanternState{}; return nil }
func (lanterns) Legal(s *catan.State, p int, k *catan.Lister) {
	if s.Phase == catan.PhaseMain && len(s.Ext.(*lanternState).At) < 3 {
		k.Vertices(actLantern, s.Free()&s.Network(p))
	}
}
func (lanterns) Do(s *catan.State, p int, a catan.Action) (bool, error) {
	if a.Type != actLantern {
		return false, nil
	}
	l := s.Ext.(*lanternState)
	if s.Phase != catan.PhaseMain || len(l.At) >= 3 || a.Vertex < 0 || a.Vertex >= s.Graph().Vertices() ||
		(s.Free()&s.Network(p))&(1<<uint(a.Vertex)) == 0 {
		return true, engine.Illegal("no lantern there")
	}
	l.At = append(l.At, a.Vertex)
	return true, nil
}
func (lanterns) Await(*catan.State) (uint8, *engine.ChanceRequest) { return 0, nil }
func (lanterns) Resolve(*catan.State, []int)                       {}
func (lanterns) View(s *catan.State, _ int) any                    { return s.Ext.(*lanternState).At }

type lanternUI struct {
	resets int
	mode   Mode   // the base's mode at the last Layer
	picked string // the last Pick's value
}

func (u *lanternUI) Pick(ctx app.Context, env *gameui.Env, value string) { u.picked = value }

// Word renames the development deck the lantern way.
func (u *lanternUI) Word(id string) string {
	if id == "catan.deck" {
		return "test.lantern.deck"
	}
	return ""
}

func init() { i18n.Add(i18n.English, map[string]string{"test.lantern.deck": "Lantern oil: %d"}) }

func (u *lanternUI) Layer(env *gameui.Env, b Board) string {
	u.mode = b.Mode
	var sb strings.Builder
	for _, v := range env.View.(*catan.View).Ext.([]int) {
		p := b.Vertex(v)
		fmt.Fprintf(&sb, `<circle class="lantern" cx="%.0f" cy="%.0f" r="5"/>`, p.X, p.Y)
	}
	acts, idx := LegalOf(env, actLantern)
	for i, a := range acts {
		sb.WriteString(b.VertexSpot(idx[i], a.Vertex, "hang a lantern"))
	}
	return sb.String()
}
func (u *lanternUI) Side(env *gameui.Env) app.UI {
	return app.P().ID("lanterns").Text(fmt.Sprintf("lanterns: %d", len(env.View.(*catan.View).Ext.([]int))))
}
func (u *lanternUI) Dock(env *gameui.Env) app.UI {
	if v := env.View.(*catan.View); v.Prompt.Code != "build-or-trade" {
		return app.Text("")
	}
	return app.P().ID("lantern-prompt").Text("You may hang a lantern.")
}
func (u *lanternUI) Narrate(b, a *catan.State, e engine.Entry, name func(int) string) string {
	if act, err := catan.DecodeAction(e.Action); err == nil && !e.IsChance() && act.Type == actLantern {
		return name(int(e.Seat)) + " hung a lantern"
	}
	return ""
}
func (u *lanternUI) Scores(s *catan.State, t *gameui.ScoreTable) {
	t.Categories = append(t.Categories, "lanterns")
	for p := range t.Rows {
		t.Rows[p] = append(t.Rows[p], len(s.Ext.(*lanternState).At))
	}
}
func (u *lanternUI) Reset() { u.resets++ }

var dataAct = regexp.MustCompile(`data-act="(\d+)"`)

// Whole random games of the base game and of the test game render board,
// side and dock for the seat deciding; while only placements are legal
// (founding, free roads, the robber) the board offers exactly the legal
// actions as spots, and in the test game the addon's spots are its legal
// lanterns.
func TestRenderWholeGames(t *testing.T) {
	for _, id := range []string{"catan", "test-lantern"} {
		e, ok := gameui.Lookup(id)
		if !ok || !e.Playable() {
			t.Fatalf("%s not playable", id)
		}
		tbl, err := table.New(table.Config{Game: "catan", Seats: []engine.SeatInfo{{Name: "Ana"}, {Name: "Bo"}, {Name: "Cy"}}, Seed: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := engine.Lookup(id)
		board := catan.BoardRandom
		if id == "test-lantern" {
			board = catan.BoardBeginner // its only layout
		}
		st, err := engine.NewState(g, engine.Setup{Players: 3, Options: map[string]string{catan.OptBoard: board}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*catan.State)
		r := e.New().(*Renderer)
		src, pick := rng.Seeded{Seed: 5}, rand.New(rand.NewPCG(5, 6))
		lanterns, steps := 0, 0
		for k := 0; !s.Status().Over && steps < 1000; k++ {
			status := s.Status()
			if status.Chance != nil {
				if err := s.Resolve(src.Outcome(k, *status.Chance)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			seat := status.Deciders[0]
			legal := s.Legal(seat)
			env := &gameui.Env{Table: tbl, Viewer: seat, State: s, View: s.View(seat), Legal: legal, Styles: gameui.Palette[:3]}
			board := app.HTMLString(r.Board(env))
			_ = app.HTMLString(r.Side(env))
			_ = app.HTMLString(r.Dock(env))
			spots := dataAct.FindAllStringSubmatch(board, -1)
			onlyPlacements := true
			for _, a := range legal {
				switch a.(catan.Action).Type {
				case catan.ActBuildSettlement, catan.ActMoveRobber:
				case catan.ActBuildRoad:
					onlyPlacements = onlyPlacements && s.Phase != catan.PhaseMain
				default:
					onlyPlacements = false
				}
			}
			if onlyPlacements && len(spots) != len(legal) {
				t.Fatalf("%s phase %v: %d spots for %d legal actions", id, s.Phase, len(spots), len(legal))
			}
			if id == "test-lantern" && s.Phase == catan.PhaseMain {
				_, idx := LegalOf(env, actLantern)
				if got := strings.Count(board, "hang a lantern"); got != len(idx) {
					t.Fatalf("%d lantern spots for %d legal lanterns", got, len(idx))
				}
				if len(idx) > 0 && pick.IntN(3) == 0 {
					if err := s.Apply(seat, legal[idx[0]]); err != nil {
						t.Fatal(err)
					}
					lanterns++
					steps++
					continue
				}
			}
			if err := s.Apply(seat, legal[pick.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			steps++
		}
		if id == "test-lantern" && lanterns == 0 {
			t.Fatal("no lantern hung")
		}
		env := &gameui.Env{Table: tbl, Viewer: engine.Spectator, State: s, View: s.View(engine.Spectator), Styles: gameui.Palette[:3]}
		if b := app.HTMLString(r.Board(env)); dataAct.MatchString(b) {
			t.Fatalf("%s: a spectator sees spots", id)
		}
	}
}

// The addon's points of extension: its layer over the pieces, its side
// panel, its dock, its narration, its score column, its reset; and the
// board drawn from the view: the extra intersection and path, a road on
// that path, no robber where the view has none.
func TestAddonExtensionPoints(t *testing.T) {
	e, _ := gameui.Lookup("test-lantern")
	r := e.New().(*Renderer)
	u := r.addon.(*lanternUI)
	s, err := lanternGame.NewState(engine.Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	s.First, s.Active, s.Turn, s.Phase = 0, 0, 1, catan.PhaseMain
	c := catan.NumVertices // the extra intersection
	north := catan.Island.HexVertices[catan.HexAt(1, 1)][hexgrid.CornerN]
	s.PlaceSettlement(0, catan.Island.HexVertices[catan.HexAt(1, 1)][hexgrid.CornerS])
	s.PlaceRoad(0, catan.NumEdges) // the extra path, joining the centre and the north corner
	s.Robber = -1
	tbl, _ := table.New(table.Config{Game: "catan", Seats: []engine.SeatInfo{{Name: "Ana"}, {Name: "Bo"}, {Name: "Cy"}}, Seed: 1}, nil)
	env := func() *gameui.Env {
		return &gameui.Env{Table: tbl, Viewer: 0, State: s, View: s.View(0), Legal: s.Legal(0), Styles: gameui.Palette[:3]}
	}
	v := s.ViewOf(0)
	if len(v.Vertices) != catan.NumVertices+1 || v.Edges[catan.NumEdges].Owner != 0 {
		t.Fatalf("view: %d intersections", len(v.Vertices))
	}
	board := app.HTMLString(r.Board(env()))
	if strings.Count(board, `class="road`) != 1 || strings.Contains(board, `class="robber"`) {
		t.Fatalf("board: %d roads, robber %v", strings.Count(board, `class="road`), strings.Contains(board, `class="robber"`))
	}
	// Its layer, drawn over the buildings, offers the legal lanterns.
	_, idx := LegalOf(env(), actLantern)
	if len(idx) == 0 || strings.Count(board, "hang a lantern") != len(idx) ||
		strings.Index(board, "hang a lantern") < strings.Index(board, `class="building`) {
		t.Fatalf("%d lantern spots, %d legal", strings.Count(board, "hang a lantern"), len(idx))
	}
	before := s.Clone()
	lantern := catan.Action{Type: actLantern, Vertex: int(north)}
	if err := s.Apply(0, lantern); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(app.HTMLString(r.Board(env())), `class="lantern"`) || s.Free()&(1<<uint(c)) != 0 {
		t.Fatal("no lantern drawn")
	}
	if side := app.HTMLString(r.Side(env())); !strings.Contains(side, "lanterns: 1") || !strings.Contains(side, "Lantern oil: 25") {
		t.Fatalf("side %s", side)
	}
	if dock := app.HTMLString(r.Dock(env())); !strings.Contains(dock, "You may hang a lantern.") {
		t.Fatal("no dock prompt")
	}
	raw, _ := lantern.MarshalJSON()
	seats := []engine.SeatInfo{{Name: "Ana"}, {Name: "Bo"}, {Name: "Cy"}}
	if got := r.Narrate(before, s, engine.Entry{Seat: 0, Action: raw}, seats); got != "Ana hung a lantern" {
		t.Fatalf("narration %q", got)
	}
	endRaw, _ := catan.EndTurn().MarshalJSON()
	after := s.Clone()
	after.Apply(0, catan.EndTurn())
	if got := r.Narrate(s, after, engine.Entry{Seat: 0, Action: endRaw}, seats); got == "" || strings.Contains(got, "lantern") {
		t.Fatalf("base narration %q", got)
	}
	if sc := r.Scores(s); sc.Categories[len(sc.Categories)-1] != "lanterns" || sc.Rows[0][len(sc.Rows[0])-1] != 1 {
		t.Fatalf("scores %+v", sc)
	}
	// Its own kind of spot: the same look, a value for its Pick, and a
	// preview inside; its layer knows when the base asks for a placement.
	bd := Board{View: s.ViewOf(0)}
	pick := bd.VertexPick(`go "north"`, int(north), "go north", `<text class="preview">2</text>`)
	if !strings.Contains(pick, `data-pick="go &#34;north&#34;"`) || !strings.Contains(pick, `class="spot spot-vertex"`) ||
		!strings.Contains(pick, `<text class="preview">2</text>`) || strings.Contains(pick, "data-act") {
		t.Fatalf("pick spot %s", pick)
	}
	if e := bd.EdgePick("x", catan.NumEdges, bd.EdgeName(catan.NumEdges), ""); !strings.Contains(e, `data-pick="x"`) || !strings.Contains(e, "path between") {
		t.Fatalf("edge pick %s", e)
	}
	if h := bd.HexPick("hex:3", 3, "third hex"); !strings.Contains(h, `data-pick="hex:3"`) || !strings.Contains(h, `class="spot spot-hex"`) || strings.Contains(h, "data-act") {
		t.Fatalf("hex pick %s", h)
	}
	if _, ok := r.addon.(Picker); !ok {
		t.Fatal("the test addon is a Picker")
	}
	r.mode = ModeRoad
	_ = r.Board(env())
	if u.mode != ModeRoad {
		t.Fatalf("layer saw mode %v", u.mode)
	}
	resets := u.resets
	r.Reset()
	if u.resets != resets+1 {
		t.Fatal("the addon was not reset")
	}
}
