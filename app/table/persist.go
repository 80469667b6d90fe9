package table

import (
	"fmt"
	"strconv"
	"time"

	"tabula/app/store"
)

// StatusLine describes where a game stands for the saved-games list; the
// game's renderer may replace it (Table.Summarize).
func (t *Table) summary() store.Summary {
	s := store.Summary{
		ID: t.ID, Game: t.Match.Game.ID(), Hash: t.Hash(),
		Created: t.Created.UTC().Format(time.RFC3339),
		Updated: t.Updated.UTC().Format(time.RFC3339),
	}
	for _, p := range t.Seats {
		s.Players = append(s.Players, p.Name)
	}
	st := t.Status()
	s.Over = st.Over
	if st.Over {
		for i, w := range st.Winners {
			if i > 0 {
				s.Status += ", "
			}
			s.Status += t.Name(w)
		}
	} else if len(st.Deciders) > 0 {
		s.Status = t.Name(st.Deciders[0])
	}
	s.Status = fmt.Sprintf("%s|%d", s.Status, len(t.Match.Entries))
	return s
}

// Persist writes the table to the store and marks it current.
func Persist(g store.Games, t *Table) error {
	return g.Put(t.summary(), t.Save())
}

// Open loads a stored game.
func Open(g store.Games, id string, now func() time.Time) (*Table, error) {
	data, err := g.Get(id)
	if err != nil {
		return nil, err
	}
	t, err := Load(data, now)
	if err != nil {
		return nil, err
	}
	t.ID = id // the key it is stored under, whatever the file's meta says
	return t, nil
}

// Import checks a game file and, only if it is sound, stores it as a new
// game (a fresh id, so it never overwrites the game it came from).
func Import(g store.Games, data []byte, now func() time.Time) (*Table, error) {
	t, err := Load(data, now)
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	base := strconv.FormatInt(now().UnixMilli(), 36) + "-i"
	t.ID = base
	for i := 2; ; i++ {
		if _, err := g.Get(t.ID); err != nil {
			break
		}
		t.ID = base + strconv.Itoa(i)
	}
	t.Meta["imported"] = now().UTC().Format(time.RFC3339)
	if err := Persist(g, t); err != nil {
		return nil, err
	}
	return t, nil
}
