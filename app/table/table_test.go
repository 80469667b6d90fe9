package table

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"tabula/app/store"
	"tabula/engine"
)

func clock() func() time.Time {
	t := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(time.Second); return t }
}

func newWalk(t *testing.T, kinds ...string) *Table {
	t.Helper()
	var seats []engine.SeatInfo
	for i, k := range kinds {
		seats = append(seats, engine.SeatInfo{Name: fmt.Sprintf("P%d", i), Kind: k})
	}
	tb, err := New(Config{Game: walkID, Seats: seats, Seed: 42}, clock())
	if err != nil {
		t.Fatal(err)
	}
	tb.Narrate = func(_, _ engine.State, e engine.Entry, seats []engine.SeatInfo) string {
		if e.IsChance() {
			return fmt.Sprintf("chance %v", e.Chance)
		}
		return fmt.Sprintf("%s %s", seats[e.Seat].Name, e.Action)
	}
	return tb
}

func do(t *testing.T, tb *Table, typ string) {
	t.Helper()
	h, ok := tb.HumanToMove()
	if !ok {
		t.Fatalf("no person to move")
	}
	if _, pass := tb.NeedsHandover(); pass {
		tb.Reveal()
	}
	if err := tb.Do(h, walkAction{typ}); err != nil {
		t.Fatalf("%s: %v", typ, err)
	}
}

func TestUndoStopsAtChanceAndOtherSeats(t *testing.T) {
	tb := newWalk(t, Human, Human)
	if tb.CanUndo() {
		t.Fatal("undo offered on an empty log")
	}
	do(t, tb, "step")
	do(t, tb, "step")
	h0 := tb.Hash()
	do(t, tb, "step")
	if !tb.CanUndo() {
		t.Fatal("own step not undoable")
	}
	if err := tb.Undo(); err != nil {
		t.Fatal(err)
	}
	if tb.Hash() != h0 || len(tb.Match.Entries) != 2 {
		t.Fatalf("undo did not restore the state before the step")
	}
	if len(tb.Log) != 2 {
		t.Fatalf("log keeps %d lines after undo, want 2", len(tb.Log))
	}
	// Undo twice more reaches the start, then stops.
	_ = tb.Undo()
	_ = tb.Undo()
	if tb.CanUndo() || !errors.Is(tb.Undo(), ErrNoUndo) {
		t.Fatal("undo past the start")
	}
	// A roll is action + chance: the chance outcome is the barrier.
	do(t, tb, "step")
	do(t, tb, "roll")
	if tb.CanUndo() {
		t.Fatal("undo offered across a chance outcome")
	}
	// After the turn passes, the previous player cannot undo, and the next
	// one has nothing of theirs to undo.
	do(t, tb, "end")
	if tb.CanUndo() {
		t.Fatal("undo offered across another seat's turn")
	}
	tb.Reveal()
	if tb.Viewer != 1 || tb.CanUndo() {
		t.Fatalf("viewer %d can undo %v", tb.Viewer, tb.CanUndo())
	}
	do(t, tb, "step")
	if !tb.CanUndo() {
		t.Fatal("seat 1 cannot undo its own step")
	}
	_ = tb.Undo()
	if tb.CanUndo() {
		t.Fatal("seat 1 can undo seat 0's end of turn")
	}
}

func TestHandoverHidesPrivateView(t *testing.T) {
	tb := newWalk(t, Human, Human, BotRandom)
	if s, pass := tb.NeedsHandover(); !pass || s != 0 {
		t.Fatalf("first move should ask to pass the device to seat 0, got %v %v", s, pass)
	}
	if seat, _ := tb.View(); seat != engine.Spectator {
		t.Fatal("private view shown before the hand-over")
	}
	if tb.Legal() != nil {
		t.Fatal("actions offered before the hand-over")
	}
	if err := tb.Do(0, walkAction{"step"}); err == nil {
		t.Fatal("action accepted before the hand-over")
	}
	tb.Reveal()
	do(t, tb, "draw")
	do(t, tb, "end")
	if s, pass := tb.NeedsHandover(); !pass || s != 1 {
		t.Fatal("no hand-over to seat 1")
	}
	seat, v := tb.View()
	if seat != engine.Spectator || v.(map[string]any)["mine"] != nil {
		t.Fatalf("seat 0's card visible while the device passes: %v", v)
	}
}

// A hot-seat game reloaded (or opened from its file) shows the pass-device
// screen to whoever must act, never the hand of the last viewer.
func TestLoadPassesTheDeviceFirst(t *testing.T) {
	tb := newWalk(t, Human, Human)
	do(t, tb, "step")
	if tb.Viewer != 0 {
		t.Fatalf("viewer %d after seat 0 acted", tb.Viewer)
	}
	back, err := Load(tb.Save(), clock())
	if err != nil {
		t.Fatal(err)
	}
	if s, pass := back.NeedsHandover(); !pass || s != 0 {
		t.Fatalf("reloaded: hand-over %v to %d, want one to seat 0", pass, s)
	}
	if seat, _ := back.View(); seat != engine.Spectator || back.Legal() != nil {
		t.Fatalf("reloaded: seat %d's view on screen before the tap", seat)
	}
	back.Reveal()
	if seat, _ := back.View(); seat != 0 || back.Legal() == nil {
		t.Fatal("after the tap seat 0 does not see its view")
	}
	// One person and a bot: nothing to hide from anybody, no hand-over.
	solo := newWalk(t, Human, BotRandom)
	do(t, solo, "step")
	back, err = Load(solo.Save(), clock())
	if err != nil {
		t.Fatal(err)
	}
	if _, pass := back.NeedsHandover(); pass || back.Viewer != 0 {
		t.Fatalf("one person: hand-over %v, viewer %d", pass, back.Viewer)
	}
}

func TestBotsPlayToTheEnd(t *testing.T) {
	tb := newWalk(t, BotRandom, BotGreedy, BotRandom)
	if tb.Viewer != engine.Spectator {
		t.Fatal("bots-only table has a viewer")
	}
	for i := 0; i < 10000 && !tb.Status().Over; i++ {
		if ok, err := tb.StepBot(); !ok || err != nil {
			t.Fatalf("step %d: %v %v", i, ok, err)
		}
	}
	if !tb.Status().Over {
		t.Fatal("no winner")
	}
	if ok, _ := tb.StepBot(); ok {
		t.Fatal("a bot moved after the end")
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	tb := newWalk(t, Human, BotRandom)
	do(t, tb, "step")
	do(t, tb, "draw")
	do(t, tb, "end")
	for tb.Status().Decides(1) {
		if _, err := tb.StepBot(); err != nil {
			t.Fatal(err)
		}
	}
	file := tb.Save()
	back, err := Load(file, clock())
	if err != nil {
		t.Fatal(err)
	}
	if back.Hash() != tb.Hash() || back.ID != tb.ID || back.Seed != tb.Seed || back.Viewer != tb.Viewer {
		t.Fatalf("round trip changed the table: %s/%s %s/%s", back.Hash(), tb.Hash(), back.ID, tb.ID)
	}
	if !back.Created.Equal(tb.Created.Truncate(time.Second)) {
		t.Fatalf("created %v, want %v", back.Created, tb.Created)
	}
	back.Narrate = tb.Narrate
	back.Renarrate()
	if len(back.Log) != len(tb.Log) || back.Log[len(back.Log)-1] != tb.Log[len(tb.Log)-1] {
		t.Fatalf("log differs after load: %d vs %d lines", len(back.Log), len(tb.Log))
	}
	// Chance continues identically: same seed, same request index.
	do(t, tb, "roll")
	do(t, back, "roll")
	if back.Hash() != tb.Hash() {
		t.Fatal("a loaded game rolls differently from the original")
	}
	back.Updated, back.Created = tb.Updated, tb.Created
	if !bytes.Equal(back.Save(), tb.Save()) {
		t.Fatal("saves differ after the same roll")
	}
}

func TestCorruptImportLeavesStoreIntact(t *testing.T) {
	kv := store.NewMem()
	games := store.Games{KV: kv}
	tb := newWalk(t, Human, Human)
	tb.Reveal()
	do(t, tb, "step")
	good := tb.Save()
	if err := games.Put(store.Summary{ID: tb.ID, Game: walkID, Updated: "x"}, good); err != nil {
		t.Fatal(err)
	}
	before := map[string]string{}
	for _, k := range kv.Keys() {
		before[k], _ = kv.Get(k)
	}
	tampered := bytes.Replace(good, []byte(`"type":"step"`), []byte(`"type":"end"`), 1)
	cases := map[string][]byte{
		"empty":     nil,
		"not json":  []byte("PK\x03\x04 zip file"),
		"truncated": good[:len(good)/2],
		"foreign":   []byte(`{"format":"other-app","version":3}`),
		"tampered":  tampered,
		"unknown":   bytes.Replace(good, []byte(`"game": "test-walk"`), []byte(`"game": "chess"`), 1),
	}
	for name, data := range cases {
		_, err := Import(games, data, clock())
		if err == nil || !errors.Is(err, engine.ErrBadSave) {
			t.Errorf("%s: import error %v, want ErrBadSave", name, err)
		}
	}
	after := kv.Keys()
	if len(after) != len(before) {
		t.Fatalf("store keys changed: %v", after)
	}
	for _, k := range after {
		if v, _ := kv.Get(k); v != before[k] {
			t.Fatalf("stored %s changed by a refused import", k)
		}
	}
	// And a good file imports as a new game, leaving the original alone.
	imp, err := Import(games, good, clock())
	if err != nil {
		t.Fatal(err)
	}
	if imp.ID == tb.ID {
		t.Fatal("an import overwrote the game it was exported from")
	}
	if got, _ := games.Get(tb.ID); !bytes.Equal(got, good) {
		t.Fatal("original game changed by the import")
	}
	if len(games.List()) != 2 {
		t.Fatalf("%d games listed after import", len(games.List()))
	}
}

func TestPersistAndResume(t *testing.T) {
	games := store.Games{KV: store.NewMem()}
	tb := newWalk(t, Human, BotRandom)
	do(t, tb, "step")
	if err := Persist(games, tb); err != nil {
		t.Fatal(err)
	}
	id, ok := games.Current()
	if !ok || id != tb.ID {
		t.Fatal("current game not remembered")
	}
	back, err := Open(games, id, clock())
	if err != nil {
		t.Fatal(err)
	}
	if back.Hash() != tb.Hash() {
		t.Fatal("resumed game differs")
	}
	l := games.List()
	if len(l) != 1 || l[0].Players[0] != "P0" || l[0].Hash != tb.Hash() {
		t.Fatalf("summary %+v", l)
	}
	// A storage failure is reported, not swallowed.
	games.KV.(*store.Mem).Fail = errors.New("quota exceeded")
	if err := Persist(games, tb); err == nil {
		t.Fatal("failed save reported as success")
	}
}

// A narrator that tells each reader what they may know: the log is put
// into words again for whoever looks (a hot-seat hand-over changes the
// reader), and lines added meanwhile are in the current reader's words.
func TestLogForEachReader(t *testing.T) {
	tb := newWalk(t, Human, Human)
	tb.NarrateFor = func(reader engine.Seat, _, _ engine.State, e engine.Entry, seats []engine.SeatInfo) string {
		if e.IsChance() {
			return "chance"
		}
		if reader == e.Seat {
			return fmt.Sprintf("you %s", e.Action)
		}
		return fmt.Sprintf("%s moved", seats[e.Seat].Name)
	}
	do(t, tb, "step")
	mine := tb.WordsFor("en", 0)
	if len(mine) == 0 || mine[len(mine)-1].Text != `you {"type":"step"}` {
		t.Fatalf("seat 0 reads %v", mine)
	}
	do(t, tb, "step")
	if l := tb.WordsFor("en", 0); l[len(l)-1].Text != `you {"type":"step"}` {
		t.Fatalf("a new line for seat 0 reads %q", l[len(l)-1].Text)
	}
	for _, l := range tb.WordsFor("en", engine.Spectator) {
		if l.Text != "P0 moved" && l.Text != "chance" {
			t.Fatalf("the public log reads %q", l.Text)
		}
	}
	if l := tb.WordsFor("en", 1); l[len(l)-1].Text != "P0 moved" {
		t.Fatalf("seat 1 reads %q", l[len(l)-1].Text)
	}
}
