package citiesknights

import (
	"regexp"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

var (
	markedKnight = regexp.MustCompile(`<g data-botmove="1" class="ck-knight"`)
	markedShip   = `class="ck-ship" data-botmove="1"`
)

// A whole random game, the board and the side drawn after every move as
// if a bot had made it (BotBefore: the state before it): exactly the
// knights hired, moved, activated or promoted are marked, and the
// barbarian ship when it sailed.
func TestBotMarksKnightsAndShip(t *testing.T) {
	tbl := testTable(t, 3)
	var before *catan.State
	knights, ships := 0, 0
	var acted []engine.Action
	playGame(t, 3, 21, randomPick(21), func(s *catan.State, seat engine.Seat) {
		defer func() { before = s.Clone().(*catan.State) }()
		if before == nil {
			return
		}
		env := envFor(tbl, s, 0, &acted)
		env.BotBefore = before
		// A renderer of its own for every drawing: the bots' marks come
		// and go on a drawn board without a redraw (gameui.Steady).
		r, _ := newRenderer(t)
		board, side, _ := render(r, env)
		was := before.View(0).(*catan.View).Ext.(*ck.View)
		now := s.View(0).(*catan.View).Ext.(*ck.View)
		changed := 0
		for _, k := range now.Knights {
			if knightMoved(was, k) {
				changed++
			}
		}
		if got := len(markedKnight.FindAllString(board, -1)); got != changed {
			t.Fatalf("%d knights marked, %d changed", got, changed)
		}
		knights += changed
		if sailed := was.Ship != now.Ship; strings.Contains(side, markedShip) != sailed {
			t.Fatalf("ship %d → %d, marked %v", was.Ship, now.Ship, !sailed)
		}
		if was.Ship != now.Ship {
			ships++
		}
	})
	if knights == 0 || ships == 0 {
		t.Fatalf("%d knight changes and %d ship moves marked in the game", knights, ships)
	}
}
