package catanui

import (
	"regexp"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/enginetest"
)

var (
	markedPiece  = regexp.MustCompile(`<g class="(building|road)[^"]*" data-(?:vertex|edge)="\d+" data-seat="\d+" data-botmove="1"`)
	markedRobber = regexp.MustCompile(`<g class="robber" data-hex="\d+" data-botmove="1"`)
)

// A whole random game, the board drawn after every move as if a bot had
// made it (BotBefore: the state before it): exactly the buildings and
// roads the move changed are marked, and the robber when it moved.
func TestBotMarksWholeGame(t *testing.T) {
	tbl, err := table.New(table.Config{Game: "catan", Seats: []engine.SeatInfo{{Name: "Ana"}, {Name: "Bo"}, {Name: "Cy"}}, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := engine.Lookup("catan")
	st, err := engine.NewState(g, engine.Setup{Players: 3, Options: map[string]string{catan.OptBoard: catan.BoardRandom}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*catan.State)
	e, _ := gameui.Lookup("catan")
	robbers, pieces := 0, 0
	enginetest.RandomMoves(t, s, 9, 3000, func(k int, st engine.State) {
		before := st.(*catan.State)
		// A renderer of its own for every drawing: the bots' marks come
		// and go on a drawn board without a redraw (gameui.Steady).
		env := &gameui.Env{Table: tbl, Viewer: 0, State: s, View: s.View(0), Styles: gameui.Palette[:3], BotBefore: before}
		board := app.HTMLString(e.New().Board(env))
		was, now := modelOf(before.View(0).(*catan.View)), modelOf(s.View(0).(*catan.View))
		changed := 0
		for v := range now.owner {
			if now.owner[v] >= 0 && (was.owner[v] != now.owner[v] || was.city[v] != now.city[v]) {
				changed++
			}
		}
		for e := range now.road {
			if now.road[e] >= 0 && was.road[e] != now.road[e] {
				changed++
			}
		}
		if got := len(markedPiece.FindAllString(board, -1)); got != changed {
			t.Fatalf("move %d: %d pieces marked, %d changed", k, got, changed)
		}
		pieces += changed
		moved := was.robber != now.robber
		if markedRobber.MatchString(board) != moved {
			t.Fatalf("move %d: robber moved %v, marked %v", k, moved, !moved)
		}
		if moved {
			robbers++
		}
		// Without a bot's move nothing is marked.
		env.BotBefore = nil
		if b := app.HTMLString(e.New().Board(env)); markedPiece.MatchString(b) || markedRobber.MatchString(b) {
			t.Fatalf("move %d: marks without a bot's move", k)
		}
	})
	if robbers == 0 || pieces == 0 {
		t.Fatalf("%d robber moves and %d pieces marked in the game", robbers, pieces)
	}
}
