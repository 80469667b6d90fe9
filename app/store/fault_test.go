package store_test

import (
	"encoding/json"
	"maps"
	"testing"
	"time"

	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
)

// finished is a 4-player Catan game of greedy bots played to its end.
func finished(t *testing.T, seed uint64) *table.Table {
	t.Helper()
	seats := []engine.SeatInfo{{Name: "Ana", Kind: table.BotGreedy}, {Name: "Bruno", Kind: table.BotGreedy}, {Name: "Caio", Kind: table.BotGreedy}, {Name: "Dora", Kind: table.BotGreedy}}
	now := func() time.Time { return time.Date(2025, 5, 1, 10, 0, 0, 0, time.UTC) }
	tb, err := table.New(table.Config{Game: "catan", Seats: seats, Seed: seed}, now)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !tb.Status().Over; i++ {
		if i > 20000 {
			t.Fatal("the bots' game did not end")
		}
		if _, err := tb.StepBot(); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// shelf is a store holding games: one at 40 moves, one finished.
type shelf struct {
	kv     *store.Mem
	hashes map[string]string // id → hash of the stored game
	late   *table.Table      // the first game, 10 moves on (not stored)
	done   *table.Table      // a finished game (not stored)
}

func newShelf(t *testing.T) shelf {
	t.Helper()
	kv := store.NewMem()
	g := store.Games{KV: kv}
	a, b := botGame(t, 1, 40), finished(t, 2)
	b.ID = "done-earlier"
	sh := shelf{kv: kv, hashes: map[string]string{}}
	for _, tb := range []*table.Table{a, b} {
		if err := table.Persist(g, tb); err != nil {
			t.Fatal(err)
		}
		sh.hashes[tb.ID] = tb.Hash()
	}
	_ = g.SaveSettings(store.Settings{Lang: "ru", BotDelay: 250})
	sh.late = botGame(t, 1, 50)
	sh.done = finished(t, 3)
	return sh
}

// readable checks every game of want opens at its hash, and the list has
// exactly those games.
func readable(t *testing.T, kv store.KV, want map[string]string) {
	t.Helper()
	g := store.Games{KV: kv}
	if n := len(g.List()); n != len(want) {
		t.Errorf("%d games listed, want %d", n, len(want))
	}
	for id, h := range want {
		tb, err := table.Open(g, id, nil)
		if err != nil {
			t.Errorf("game %s lost: %v", id, err)
			continue
		}
		if tb.Hash() != h {
			t.Errorf("game %s opens at %s, stored at %s", id, tb.Hash()[:8], h[:8])
		}
	}
}

// faults runs op once for each of its write points on a fresh store that
// refuses that write, and checks that the op says it failed and the store
// is exactly as before; then once without failure. It returns the number
// of write points.
func faults(t *testing.T, fresh func() *store.Mem, op func(kv store.KV) error, after func(kv *store.Mem)) int {
	t.Helper()
	for n := 1; ; n++ {
		kv := fresh()
		before := kv.Dump()
		f := &store.Failing{KV: kv, N: n}
		err := op(f)
		if !f.Failed() {
			if err != nil {
				t.Fatalf("without a failure: %v", err)
			}
			after(kv)
			return n - 1
		}
		if err == nil {
			t.Errorf("write %d refused, and the operation said nothing", n)
		}
		if got := kv.Dump(); !maps.Equal(got, before) {
			t.Errorf("write %d refused: the store changed (%d keys, was %d)", n, len(got), len(before))
		}
	}
}

func TestEveryFailedSaveKeepsTheStoredGames(t *testing.T) {
	sh := newShelf(t)
	fresh := func() *store.Mem {
		kv := store.NewMem()
		_ = kv.Write(opsOf(sh.kv.Dump())...)
		return kv
	}
	points := 0
	with := func(id, h string) map[string]string {
		m := maps.Clone(sh.hashes)
		if id != "" {
			m[id] = h
		}
		return m
	}
	for _, c := range []struct {
		name string
		op   func(kv store.KV) error
		want map[string]string
	}{
		{"a move saved", func(kv store.KV) error { return table.Persist(store.Games{KV: kv}, sh.late) }, with(sh.late.ID, sh.late.Hash())},
		{"a finished game saved", func(kv store.KV) error { return table.Persist(store.Games{KV: kv}, sh.done) }, with(sh.done.ID, sh.done.Hash())},
		{"a game deleted", func(kv store.KV) error { return store.Games{KV: kv}.Delete("done-earlier") }, func() map[string]string {
			m := with("", "")
			delete(m, "done-earlier")
			return m
		}()},
		{"finished games deleted", func(kv store.KV) error { return store.Games{KV: kv}.DeleteAll([]string{"done-earlier"}) }, func() map[string]string {
			m := with("", "")
			delete(m, "done-earlier")
			return m
		}()},
		{"a file imported", func(kv store.KV) error {
			_, err := table.Import(store.Games{KV: kv}, sh.done.Save(), func() time.Time { return time.Unix(1e9, 0) })
			return err
		}, nil},
		{"settings saved", func(kv store.KV) error { return store.Games{KV: kv}.SaveSettings(store.Settings{BotDelay: 0}) }, with("", "")},
	} {
		t.Run(c.name, func(t *testing.T) {
			points += faults(t, fresh, c.op, func(kv *store.Mem) {
				if c.want != nil {
					readable(t, kv, c.want)
				} else if n := len(store.Games{KV: kv}.List()); n != len(sh.hashes)+1 {
					t.Errorf("after the import %d games, want %d", n, len(sh.hashes)+1)
				}
			})
			// Each failure above left the stored games as they were; read
			// them once more through a store that failed.
			kv := fresh()
			_ = c.op(&store.Failing{KV: kv, N: 1})
			readable(t, kv, sh.hashes)
		})
	}
	t.Logf("%d write points refused one by one: every game readable at its stored point each time", points)
}

func opsOf(m map[string]string) []store.Op {
	var ops []store.Op
	for k, v := range m {
		ops = append(ops, store.Set(k, v))
	}
	return ops
}

// legacy is a localStorage as earlier versions left it: every game under
// its key, one index of every summary.
func legacy(t *testing.T, games ...*table.Table) *store.Mem {
	t.Helper()
	kv := store.NewMem()
	var idx []map[string]any
	for _, tb := range games {
		st := tb.Status()
		idx = append(idx, map[string]any{"id": tb.ID, "game": "catan", "players": []string{"Ana"}, "updated": "2025-05-01T10:00:00Z", "status": "x|1", "over": st.Over, "hash": tb.Hash()})
		_ = kv.Write(store.Set("tabula/game/"+tb.ID, string(tb.Save())))
	}
	b, _ := json.Marshal(idx)
	_ = kv.Write(store.Set("tabula/index", string(b)), store.Set("tabula/current", games[0].ID),
		store.Set("tabula/settings", `{"lang":"pt-BR","botDelay":0}`), store.Set("unrelated", "kept"))
	return kv
}

func TestMigrationLosesNothing(t *testing.T) {
	a, b := botGame(t, 1, 40), finished(t, 2)
	b.ID = "done"
	want := map[string]string{a.ID: a.Hash(), b.ID: b.Hash()}
	from := legacy(t, a, b)
	points := faults(t, store.NewMem, func(to store.KV) error { return store.Migrate(from, to) }, func(to *store.Mem) {
		readable(t, to, want)
		g := store.Games{KV: to}
		if s := g.LoadSettings(); s.Lang != "pt-BR" {
			t.Errorf("settings moved: %+v", s)
		}
		if cur, _ := g.Current(); cur != a.ID {
			t.Errorf("current game %q, want %q", cur, a.ID)
		}
		for _, s := range g.List() {
			if s.Hash == "" {
				t.Errorf("game %s lost its summary", s.ID)
			}
		}
		if size := g.Size(b.ID); size*5 > len(b.Save()) {
			t.Errorf("the finished game takes %d bytes, its file %d", size, len(b.Save()))
		}
		// Moved: gone from localStorage but for the settings the page's head
		// reads, and what is not Tabula's.
		if ks := from.Keys(); len(ks) != 2 || ks[0] != "tabula/settings" || ks[1] != "unrelated" {
			t.Errorf("left in localStorage: %q", ks)
		}
	})
	if points == 0 {
		t.Fatal("no write point")
	}
	// Every refused write above left localStorage whole (faults checks the
	// database did not change; from was not touched until the move).
	// A second run moves nothing again.
	to := store.NewMem()
	from = legacy(t, a, b)
	if err := store.Migrate(from, to); err != nil {
		t.Fatal(err)
	}
	_ = from.Write(store.Set("tabula/game/late", "{}"))
	before := to.Dump()
	if err := store.Migrate(from, to); err != nil || !maps.Equal(before, to.Dump()) {
		t.Errorf("a second run changed the database (%v)", err)
	}
	// Removing the moved keys from localStorage may fail: the games are safe
	// in the database and the leftovers are ignored.
	to, from = store.NewMem(), legacy(t, a, b)
	if err := store.Migrate(&store.Failing{KV: from, N: 1}, to); err != nil {
		t.Fatal(err)
	}
	readable(t, to, want)
}
