package store

import (
	"bytes"
	"encoding/json"
	"maps"
	"reflect"

	"tabula/engine"
)

// Same returns the id of a stored game that file holds at the same point:
// the same game and setup, the same players, the same chance seed (when
// the file has one: a network game's file has none, and a stored copy
// got one when it was imported) and the same log, entry by entry. Import
// then opens that game instead of adding a copy. The file is only
// compared, not checked: a file that matches a stored game is that game.
func (g Games) Same(file []byte) (string, bool) {
	var in engine.Save
	if json.Unmarshal(engine.TrimBOM(file), &in) != nil || in.Game == "" {
		return "", false
	}
	for _, s := range g.List() {
		// The index says where each game stands; a line without it (a
		// rebuilt index) is compared too.
		if (s.Game != "" && s.Game != in.Game) || (s.Hash != "" && s.Hash != in.Hash) {
			continue
		}
		data, err := g.Get(s.ID)
		if err != nil {
			continue
		}
		var st engine.Save
		if json.Unmarshal(data, &st) == nil && sameGame(&in, &st) {
			return s.ID, true
		}
	}
	return "", false
}

// sameGame compares what makes a game file's game: not its dates, ids or
// who was watching.
func sameGame(a, b *engine.Save) bool {
	if a.Game != b.Game || a.Hash != b.Hash || a.Setup.Game != b.Setup.Game || a.Setup.Players != b.Setup.Players ||
		!maps.Equal(a.Setup.Options, b.Setup.Options) ||
		len(a.Seats) != len(b.Seats) || len(a.Entries) != len(b.Entries) {
		return false
	}
	if a.Chance.Seed != nil && (b.Chance.Seed == nil || *a.Chance.Seed != *b.Chance.Seed) {
		return false
	}
	for i := range a.Seats {
		if a.Seats[i].Name != b.Seats[i].Name {
			return false
		}
	}
	for i, e := range a.Entries {
		f := b.Entries[i]
		if e.Seat != f.Seat || (e.Post != "" && f.Post != "" && e.Post != f.Post) || !reflect.DeepEqual(e.Chance, f.Chance) || !sameJSON(e.Action, f.Action) {
			return false
		}
	}
	return true
}

// sameJSON compares two JSON texts up to spacing.
func sameJSON(a, b json.RawMessage) bool {
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}
