package traders

import (
	"regexp"
	"slices"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
)

var (
	markedWagon     = regexp.MustCompile(`class="wagon" data-seat="(\d)" data-node="\d+" data-botmove="1"`)
	markedBarbarian = regexp.MustCompile(`class="barbarian" data-path="(\d+)" data-botmove="1"`)
)

// A whole greedy game, the board drawn after every bot move with the
// state before it (gameui.Highlight): a wagon is marked exactly when it
// moved, a barbarian exactly when it came to its path.
func TestBotMarksWagonsAndBarbarians(t *testing.T) {
	tbl, _ := newTable(t, 3)
	e, _ := gameui.Lookup(tb.ID)
	wagons, barbarians := 0, 0
	for i := 0; !tbl.Status().Over; i++ {
		if i > 5000 {
			t.Fatal("game too long")
		}
		before := tbl.State().Clone()
		if moved, err := tbl.StepBot(); err != nil || !moved {
			t.Fatalf("bot step: %v %v", moved, err)
		}
		s := tbl.State().(*catan.State)
		env := envFor(tbl, s, 0, false)
		env.BotBefore = before
		// A renderer of its own for every drawing: the bots' marks come
		// and go on a drawn board without a redraw (gameui.Steady).
		board := app.HTMLString(e.New().Board(env))
		was := before.View(0).(*catan.View).Ext.(*tb.View)
		now := s.View(0).(*catan.View).Ext.(*tb.View)
		var want, got []string
		for _, w := range now.Wagons {
			if w.Node >= 0 && w.Node != was.Wagons[w.Seat].Node {
				want = append(want, string(rune('0'+w.Seat)))
			}
		}
		for _, m := range markedWagon.FindAllStringSubmatch(board, -1) {
			got = append(got, m[1])
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("step %d: wagons of seats %v marked, %v moved", i, got, want)
		}
		wagons += len(got)
		newPaths := 0
		for _, b := range now.Barbarians {
			if !slices.ContainsFunc(was.Barbarians, func(o tb.BarbarianView) bool { return o.Path == b.Path }) {
				newPaths++
			}
		}
		if n := len(markedBarbarian.FindAllString(board, -1)); n != newPaths {
			t.Fatalf("step %d: %d barbarians marked, %d came to a path", i, n, newPaths)
		}
		barbarians += newPaths
	}
	if wagons == 0 || barbarians == 0 {
		t.Fatalf("%d wagon and %d barbarian moves marked in the game", wagons, barbarians)
	}
}
