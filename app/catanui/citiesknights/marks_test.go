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
	// go-app writes an element's attributes in no fixed order.
	markedDice = regexp.MustCompile(`<div [^>]*data-botmove="1"[^>]*id="ck-dice"|<div [^>]*id="ck-dice"[^>]*data-botmove="1"`)
	markedShip = `class="ck-ship" data-botmove="1"`
)

// A whole random game, the board and the side drawn after every move as
// if a bot had made it (BotBefore: the state before it): exactly the
// knights hired, moved, activated or promoted are marked, and the
// barbarian ship when it sailed, and the three dice when the move rolled
// them (the chance that followed it says so, as gameui.Highlight does).
func TestBotMarksKnightsAndShip(t *testing.T) {
	tbl := testTable(t, 3)
	var before *catan.State
	knights, ships, rolls := 0, 0, 0
	var acted []engine.Action
	random, last := randomPick(21), catan.Action{}
	pick := func(s *catan.State, seat engine.Seat, legal []engine.Action) engine.Action {
		a := random(s, seat, legal)
		last = a.(catan.Action)
		return a
	}
	playGame(t, 3, 21, pick, func(s *catan.State, seat engine.Seat) {
		defer func() { before = s.Clone().(*catan.State) }()
		if before == nil {
			return
		}
		env := envFor(tbl, s, 0, &acted)
		env.BotBefore = before
		rolled := last.Type == catan.ActRoll || last.Type == ck.ActAlchemist
		switch last.Type { // the chance that followed, as gameui.Highlight names it
		case catan.ActRoll:
			env.BotChances = []string{"dice"}
		case ck.ActAlchemist:
			env.BotChances = []string{"event-die"}
		}
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
		if strings.Contains(side, `id="ck-dice"`) && markedDice.MatchString(side) != rolled {
			t.Fatalf("%s: rolled %v, dice marked %v", last.Kind(), rolled, !rolled)
		}
		if rolled {
			rolls++
		}
	})
	if knights == 0 || ships == 0 || rolls == 0 {
		t.Fatalf("%d knight changes, %d ship moves and %d rolls marked in the game", knights, ships, rolls)
	}
}
