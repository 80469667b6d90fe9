package shell

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	_ "tabula/app/catanui"
	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
)

func clock() time.Time { return time.Date(2025, 5, 1, 10, 0, 0, 0, time.UTC) }

// mount puts a Root with in-memory storage into go-app's test engine.
func mount(t *testing.T, kv store.KV) (*Root, app.TestEngine) {
	t.Helper()
	r := &Root{KV: kv, Now: clock}
	e := app.NewTestEngine()
	if err := e.Load(r); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	r.init() // OnMount runs only in a browser
	r.resume(r.ctx)
	return r, e
}

func html(r *Root) string { return app.HTMLString(r.Render()) }

// startCatan starts a game with the given seat kinds as the form would.
func startCatan(t *testing.T, r *Root, e app.TestEngine, kinds ...string) {
	t.Helper()
	g, _ := lookupEntry("catan")
	r.startForm(g)
	r.form.n = len(kinds)
	copy(r.form.kinds[:], kinds)
	r.form.seed = "11"
	r.createGame(r.ctx)
	e.ConsumeAll()
	if r.tbl == nil {
		t.Fatalf("no table: %s", r.notice)
	}
}

// playTo makes moves for whoever must move (first legal action) until
// cond holds.
func playTo(t *testing.T, tb *table.Table, cond func() bool) {
	t.Helper()
	for i := 0; i < 3000 && !cond(); i++ {
		st := tb.Status()
		if st.Over {
			t.Fatal("game over before the position was reached")
		}
		if _, ok := tb.BotToMove(); ok {
			if _, err := tb.StepBot(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if s, pass := tb.NeedsHandover(); pass {
			_ = s
			tb.Reveal()
		}
		h, _ := tb.HumanToMove()
		legal := tb.Legal()
		// Prefer ending turns quickly so that hands grow.
		a := legal[0]
		for _, x := range legal {
			if x.(catan.Action).Type == catan.ActEndTurn {
				a = x
			}
		}
		if err := tb.Do(h, a); err != nil {
			t.Fatal(err)
		}
	}
	if !cond() {
		t.Fatal("position never reached")
	}
}

// handShown reads the hand cards from rendered HTML.
func handShown(h string) map[string]string {
	i := strings.Index(h, `id="hand"`)
	if i < 0 {
		return nil
	}
	h = h[i:]
	out := map[string]string{}
	for r := catan.Resource(0); r < catan.NumResources; r++ {
		re := regexp.MustCompile(`<div [^>]*data-res="` + r.String() + `"[^>]*>`)
		tag := re.FindString(h)
		if m := regexp.MustCompile(`data-count="(\d+)"`).FindStringSubmatch(tag); m != nil {
			out[r.String()] = m[1]
		}
	}
	return out
}

func TestHotSeatPrivacy(t *testing.T) {
	r, e := mount(t, store.NewMem())
	startCatan(t, r, e, table.Human, table.Human, table.BotGreedy)
	tb := r.tbl
	// Before anyone taps, only the hand-over screen shows.
	if h := html(r); strings.Contains(h, `id="hand"`) {
		t.Fatal("a hand shows before the first player took the device")
	}
	// Play until both people hold different, non-empty hands and it is
	// seat 1's move with seat 0 having just passed the device.
	s := func() *catan.State { return tb.State().(*catan.State) }
	playTo(t, tb, func() bool {
		st := s()
		return st.Turn > 2 && st.Hand[0] != st.Hand[1] && st.Hand[0].Total() > 0 && st.Hand[1].Total() > 0 &&
			st.Phase == catan.PhaseRoll && st.Active == 1 && tb.Viewer == 0
	})
	// Seat 1 is to act, the screen still belongs to seat 0: hand-over.
	h := html(r)
	if !strings.Contains(h, `id="handover"`) || strings.Contains(h, `id="hand"`) {
		t.Fatal("seat 0's screen stays visible while the device passes to seat 1")
	}
	r.reveal(r.ctx, app.Event{})
	h = html(r)
	got := handShown(h)
	for res := catan.Resource(0); res < catan.NumResources; res++ {
		if want := fmt.Sprint(s().Hand[1][res]); got[res.String()] != want {
			t.Fatalf("seat 1 sees %s %s, holds %s (hand shown: %v)", got[res.String()], res, want, got)
		}
	}
	if strings.Count(h, `id="hand"`) != 1 {
		t.Fatal("more than one hand rendered")
	}
	// The rendered page for seat 1 is the same whatever seat 0 holds:
	// change seat 0's hand in a copy of the state and compare.
	orig := tb.Match.State
	c := s().Copy()
	c.Hand[0][catan.Ore] += 7
	c.Dev[0][catan.Monopoly]++
	tb.Match.State = c
	r.ren.Reset()
	html(r) // the renderer animates pieces new since its last render: settle
	h2 := html(r)
	tb.Match.State = orig
	h = html(r)
	strip := func(x string) string {
		x = normalize(x)
		x = regexp.MustCompile(`data-hash="[0-9a-f]+"`).ReplaceAllString(x, "")
		// Seat 0's card counts are public; blank them out of the compare.
		return regexp.MustCompile(`\d+ cards|\d+ dev`).ReplaceAllString(x, "")
	}
	if a, b := strip(h), strip(h2); a != b {
		k := 0
		for k < len(a) && k < len(b) && a[k] == b[k] {
			k++
		}
		t.Fatalf("seat 1's screen depends on seat 0's hidden cards: …%s… vs …%s…", a[max(0, k-80):min(len(a), k+80)], b[max(0, k-80):min(len(b), k+80)])
	}
}

func TestUndoButtonFollowsController(t *testing.T) {
	r, e := mount(t, store.NewMem())
	startCatan(t, r, e, table.Human, table.BotRandom, table.BotRandom)
	tb := r.tbl
	playTo(t, tb, func() bool {
		_, ok := tb.HumanToMove()
		return ok && tb.State().(*catan.State).Phase == catan.PhaseFoundRoad
	})
	h := html(r)
	if !strings.Contains(h, `id="undo"`) || strings.Contains(h, `id="undo" aria-disabled`) {
		// The settlement just placed may be taken back.
		if !tb.CanUndo() {
			t.Fatal("controller refuses undo after a founding settlement")
		}
	}
	before := len(tb.Match.Entries)
	r.undo(r.ctx, app.Event{})
	if len(tb.Match.Entries) != before-1 || tb.State().(*catan.State).Phase != catan.PhaseFoundSettlement {
		t.Fatal("undo did not take back the settlement")
	}
	if h := html(r); !regexp.MustCompile(`<button [^>]*class="btn off"[^>]*id="undo"[^>]*>`).MatchString(normalize(h)) {
		i := strings.Index(h, `id="undo"`)
		t.Log(h[max(0, i-300):min(len(h), i+100)])
		t.Fatal("no disabled undo after undoing to the last barrier")
	}
}

func TestSaveResumeAndCorruptImport(t *testing.T) {
	kv := store.NewMem()
	r, e := mount(t, kv)
	startCatan(t, r, e, table.Human, table.BotGreedy, table.BotGreedy)
	tb := r.tbl
	playTo(t, tb, func() bool { return tb.State().(*catan.State).Turn >= 3 })
	r.persist()
	hash := tb.Hash()

	// A new page on the same storage resumes the same game.
	r2, _ := mount(t, kv)
	if r2.tbl == nil || r2.tbl.Hash() != hash || r2.screen != screenTable {
		t.Fatalf("reload did not resume the game (screen %s)", r2.screen)
	}
	snapshot := map[string]string{}
	for _, k := range kv.Keys() {
		snapshot[k], _ = kv.Get(k)
	}
	r2.goHome(r2.ctx)
	delete(snapshot, "tabula/current") // going home forgets the current game only
	for _, bad := range [][]byte{
		[]byte("not a game"),
		[]byte(`{"format":"tabula-save","version":1,"game":"catan"`),
		append(tb.Save()[:200:200], []byte(`]}`)...),
	} {
		r2.importData(r2.ctx, bad)
		if !strings.Contains(r2.notice, "cannot be opened") || r2.screen != screenHome {
			t.Fatalf("corrupt import: notice %q screen %s", r2.notice, r2.screen)
		}
		if !strings.Contains(html(r2), "cannot be opened") {
			t.Fatal("the refusal is not shown")
		}
	}
	for k, v := range snapshot {
		if got, _ := kv.Get(k); got != v {
			t.Fatalf("refused imports changed %s", k)
		}
	}
	if len(r2.games.List()) != 1 {
		t.Fatal("a refused import added a game")
	}
	// The file of the game in the list, at the same point, adds no copy:
	// that game opens.
	r2.importData(r2.ctx, tb.Save())
	if r2.tbl == nil || r2.tbl.ID != tb.ID || r2.tbl.Hash() != hash || r2.screen != screenTable || len(r2.games.List()) != 1 {
		t.Fatalf("importing the game already in the list: table %v, %d games", r2.tbl != nil, len(r2.games.List()))
	}
	// The same game at another point imports as a second game, once.
	playTo(t, tb, func() bool { return tb.State().(*catan.State).Turn >= 4 })
	later := tb.Save()
	for range 2 {
		r2.goHome(r2.ctx)
		r2.importData(r2.ctx, later)
		if r2.tbl == nil || r2.tbl.Hash() != tb.Hash() || r2.tbl.ID == tb.ID || len(r2.games.List()) != 2 {
			t.Fatalf("a sound file at another point: imported %v, %d games", r2.tbl != nil, len(r2.games.List()))
		}
	}
}

func TestEndScreenAndReplay(t *testing.T) {
	r, e := mount(t, store.NewMem())
	startCatan(t, r, e, table.BotRandom, table.BotGreedy, table.BotGreedy)
	tb := r.tbl
	for i := 0; i < 20000 && !tb.Status().Over; i++ {
		if _, err := tb.StepBot(); err != nil {
			t.Fatal(err)
		}
	}
	r.after(r.ctx)
	h := html(r)
	if !strings.Contains(h, `id="end"`) || !strings.Contains(h, "wins!") {
		t.Fatal("no end screen with a winner")
	}
	n := len(tb.Match.Entries)
	r.startReplay(n)
	r.seek(n - 5)
	if r.replay.State == nil || len(r.replay.Entries) != n-5 {
		t.Fatal("replay did not step back")
	}
	want, _ := engine.Replay(tb.Game(), tb.Match.Setup, tb.Match.Entries[:n-5])
	if engine.HashHex(want.State) != engine.HashHex(r.replay.State) {
		t.Fatal("replay state differs from a fresh fold of the log")
	}
	r.seek(n)
	if engine.HashHex(r.replay.State) != tb.Hash() {
		t.Fatal("replay forward does not reach the final state")
	}
	if !strings.Contains(html(r), `id="replay-bar"`) {
		t.Fatal("no replay controls")
	}
}

var (
	tagRE  = regexp.MustCompile(`<([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*(/?)>`)
	attrRE = regexp.MustCompile(`[\w:-]+(?:="[^"]*")?`)
)

// normalize sorts every tag's attributes: go-app writes them in map order.
func normalize(h string) string {
	return tagRE.ReplaceAllStringFunc(h, func(tag string) string {
		m := tagRE.FindStringSubmatch(tag)
		attrs := attrRE.FindAllString(m[2], -1)
		sort.Strings(attrs)
		out := "<" + m[1]
		for _, a := range attrs {
			out += " " + a
		}
		return out + m[3] + ">"
	})
}
