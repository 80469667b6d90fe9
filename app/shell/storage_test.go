package shell

import (
	"strings"
	"testing"

	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
)

// The settings show what the games take; near the quota a warning offers
// to export the games or delete the finished ones, and only that button
// deletes, the finished games alone.
func TestStorageNearlyFullWarnsAndDeletesOnlyWhenAsked(t *testing.T) {
	kv := store.NewMem()
	g := store.Games{KV: kv}
	seats := []engine.SeatInfo{{Name: "Ana", Kind: table.BotGreedy}, {Name: "Bruno", Kind: table.BotGreedy}, {Name: "Caio", Kind: table.BotGreedy}}
	var playing string
	for seed := uint64(1); seed <= 3; seed++ {
		tb, err := table.New(table.Config{Game: "catan", Seats: seats, Seed: seed}, clock)
		if err != nil {
			t.Fatal(err)
		}
		tb.ID = "g" + string(rune('0'+seed))
		for seed < 3 && !tb.Status().Over {
			if _, err := tb.StepBot(); err != nil {
				t.Fatal(err)
			}
		}
		if seed == 3 {
			playing = tb.ID
		}
		if err := table.Persist(g, tb); err != nil {
			t.Fatal(err)
		}
	}
	g.SetCurrent("")
	u, _ := kv.Usage()
	kv.Quota = u.Used * 10 // plenty of room
	r, _ := mount(t, kv)
	r.refreshUsage()
	h := html(r)
	if !strings.Contains(h, `id="storage-used"`) || strings.Contains(h, `id="storage-warning"`) {
		t.Fatalf("with room: no usage line, or a warning")
	}
	kv.Quota = u.Used * 11 / 10 // 91 % used
	r.refreshUsage()
	h = html(r)
	if !strings.Contains(h, `id="storage-warning"`) || !strings.Contains(h, "Delete 2 finished games") || !strings.Contains(h, `id="export-all"`) {
		t.Fatalf("nearly full: no warning with its choices")
	}
	if n := len(g.List()); n != 3 {
		t.Fatalf("the warning deleted games: %d left", n)
	}
	var over []store.Summary
	for _, s := range g.List() {
		if s.Over {
			over = append(over, s)
		}
	}
	r.deleteFinished(over)
	if l := g.List(); len(l) != 1 || l[0].ID != playing {
		t.Fatalf("after deleting the finished games: %+v", l)
	}
	if h := html(r); strings.Contains(h, `id="storage-warning"`) || !strings.Contains(h, "2 finished games were deleted.") {
		t.Errorf("after deleting: the warning stays, or no word of what was deleted")
	}
}
