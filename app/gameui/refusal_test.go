package gameui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"tabula/app/i18n"
	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
)

// A refused game file is refused with the engine's reason in words: the
// move, the seat, the byte or the value it is about; a byte-order mark is
// no reason.
func TestRefusalSaysWhy(t *testing.T) {
	UseLang(i18n.English)
	seats := []engine.SeatInfo{{Name: "Ana", Kind: table.BotGreedy}, {Name: "Bruno", Kind: table.BotGreedy}, {Name: "Caio", Kind: table.BotGreedy}}
	tb, err := table.New(table.Config{Game: "catan", Seats: seats, Seed: 4}, func() time.Time { return time.Unix(0, 0) })
	if err != nil {
		t.Fatal(err)
	}
	for range 60 {
		if _, err := tb.StepBot(); err != nil {
			t.Fatal(err)
		}
	}
	file := tb.Save()
	edit := func(f func(s *engine.Save)) []byte {
		var s engine.Save
		if err := json.Unmarshal(file, &s); err != nil {
			t.Fatal(err)
		}
		f(&s)
		return s.Encode()
	}
	// The first move by a person's seat, played by the next seat instead.
	outOfTurn := edit(func(s *engine.Save) {
		for i := range s.Entries {
			if i > 20 && !s.Entries[i].IsChance() {
				s.Entries[i].Seat = (s.Entries[i].Seat + 1) % 3
				s.Entries[i].Post = ""
				t.Logf("entry %d now by seat %d", i+1, s.Entries[i].Seat+1)
				return
			}
		}
	})
	// The engine's own account of that refusal: the words must carry its
	// move and seat.
	_, _, lerr := engine.Load(outOfTurn)
	p, ok := engine.ProblemOf(lerr)
	if !ok || p.Kind != engine.ProblemEntry || !errors.Is(p.Err, engine.ErrNotYourTurn) {
		t.Fatalf("the edited file: %v", lerr)
	}
	at, by := p.Entry, p.Seat
	for name, c := range map[string]struct {
		file []byte
		want string
	}{
		"out of turn":  {outOfTurn, fmt.Sprintf("Move %d of the file breaks the rules: it is played by seat %d out of turn.", at, by+1)},
		"save version": {bytes.Replace(file, []byte(`"version": 1`), []byte(`"version": 99`), 1), "The file was written by a newer Tabula (save version 99): reload the page to update Tabula."},
		"cut":          {file[:500], "The file stops after 500 bytes: it was cut, perhaps while it was copied or downloaded."},
		"chess":        {bytes.ReplaceAll(file, []byte(`"catan"`), []byte(`"chess"`)), `The file is a game of "chess", which this version of Tabula does not have.`},
		"a long value": {bytes.Replace(file, []byte(`"tabula-save"`), []byte(`"`+string(bytes.Repeat([]byte("x"), 100000))+`"`), 1), `This is not a Tabula game file (its format says "xxxxxxxxxxxxxxxxxxxxxxxx…").`},
		"final hash":   {edit(func(s *engine.Save) { s.Hash = "00" + s.Hash[2:] }), "The file's final position does not match its moves: it was edited or damaged."},
		"empty":        {[]byte("  \n"), "The file is empty."},
	} {
		_, err := table.Import(store.Games{KV: store.NewMem()}, c.file, nil)
		if got := RefusalText(err); got != c.want {
			t.Errorf("%s: %q\nwant %q\n(%v)", name, got, c.want, err)
		}
	}
	// A byte-order mark before a sound file.
	g := store.Games{KV: store.NewMem()}
	got, err := table.Import(g, append([]byte("\xef\xbb\xbf"), file...), nil)
	if err != nil || got.Hash() != tb.Hash() {
		t.Fatalf("a file with a byte-order mark: %v", err)
	}
	if _, ok := g.Same(append([]byte("\xef\xbb\xbf"), file...)); !ok {
		t.Error("a file with a byte-order mark is not found as the stored game")
	}
	// A full store says so.
	kv := store.NewMem()
	kv.Quota = 100
	_, err = table.Import(store.Games{KV: kv}, file, nil)
	if got := SaveFailText(err); got != T("store.full") || ErrorText(err) != T("store.fullshort") {
		t.Errorf("a full store: %q / %q (%v)", got, ErrorText(err), err)
	}
}
