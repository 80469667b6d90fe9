// Package store keeps the player's games and settings on the device: a small
// key-value interface whose writes come in all-or-nothing batches (the
// browser's IndexedDB in the app, a map in tests), with the saved games and
// their summaries on top. docs/storage.md describes the layout.
//
// Every game is stored whole, in the engine's save format, under its own
// key, and rewritten after each action together with its summary, in one
// batch; a finished game is stored compactly (its log, compressed). The
// summaries only list games for the home screen: a game without one is
// still listed, by its id, so a damaged summary never hides a game.
package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Keys used in the KV.
const (
	gamePrefix    = "tabula/game/"
	summaryPrefix = "tabula/sum/"
	legacyIndex   = "tabula/index" // one list of every summary, before summaryPrefix
	currentKey    = "tabula/current"
	settingsKey   = "tabula/settings"
)

// Summary is one line of the saved-games list.
type Summary struct {
	ID      string   `json:"id"`
	Game    string   `json:"game"`
	Players []string `json:"players"`
	Created string   `json:"created"` // RFC 3339
	Updated string   `json:"updated"` // RFC 3339
	Status  string   `json:"status"`  // short text: "turn 12, Ana to play", "Bruno won"
	Over    bool     `json:"over"`
	Hash    string   `json:"hash"`
}

// Games is the saved-games store over a KV.
type Games struct{ KV KV }

// ErrNotFound: no game with that id.
var ErrNotFound = errors.New("no saved game with that id")

func validGameID(id string) bool { return id != "" && len(id) <= 64 && !strings.ContainsAny(id, "/") }

// Put stores a game file and its summary, and marks it the game on the
// table, in one batch: on error nothing changed. A finished game is
// stored compactly.
func (g Games) Put(sum Summary, file []byte) error {
	if !validGameID(sum.ID) {
		return fmt.Errorf("bad game id %q", sum.ID)
	}
	v := string(file)
	if sum.Over {
		if c, err := compact(file); err == nil {
			v = c
		}
	}
	b, _ := json.Marshal(sum)
	ops := []Op{Set(gamePrefix+sum.ID, v), Set(summaryPrefix+sum.ID, string(b))}
	if cur, _ := g.Current(); cur != sum.ID {
		ops = append(ops, Set(currentKey, sum.ID))
	}
	if err := g.KV.Write(ops...); err != nil {
		return fmt.Errorf("saving the game failed: %w", err)
	}
	return nil
}

// Get returns a stored game file (a finished game's without the state
// hash after each entry, which loading recomputes).
func (g Games) Get(id string) ([]byte, error) {
	v, ok := g.KV.Get(gamePrefix + id)
	if !ok {
		return nil, ErrNotFound
	}
	return FileOf(v)
}

// Size is the bytes a game takes in storage (0 when absent).
func (g Games) Size(id string) int {
	v, _ := g.KV.Get(gamePrefix + id)
	return len(v)
}

// Delete removes a game and its summary in one batch.
func (g Games) Delete(id string) error {
	return g.DeleteAll([]string{id})
}

// DeleteAll removes games in one batch.
func (g Games) DeleteAll(ids []string) error {
	var ops []Op
	cur, _ := g.Current()
	for _, id := range ids {
		ops = append(ops, Del(gamePrefix+id), Del(summaryPrefix+id))
		if cur == id {
			ops = append(ops, Del(currentKey))
		}
	}
	if err := g.KV.Write(ops...); err != nil {
		return fmt.Errorf("deleting failed: %w", err)
	}
	return nil
}

// List returns the summaries, most recently updated first. A game whose
// summary is missing or unreadable is listed with its id only, so it can
// still be opened or deleted.
func (g Games) List() []Summary {
	keys := g.KV.Keys()
	var legacy map[string]Summary
	if v, ok := g.KV.Get(legacyIndex); ok {
		var idx []Summary
		if json.Unmarshal([]byte(v), &idx) == nil {
			legacy = make(map[string]Summary, len(idx))
			for _, s := range idx {
				legacy[s.ID] = s
			}
		}
	}
	var out []Summary
	for _, k := range keys {
		id, ok := strings.CutPrefix(k, gamePrefix)
		if !ok {
			continue
		}
		s := Summary{ID: id}
		if v, ok := g.KV.Get(summaryPrefix + id); ok {
			if json.Unmarshal([]byte(v), &s) != nil || s.ID != id {
				s = Summary{ID: id}
			}
		} else if l, ok := legacy[id]; ok {
			s = l
		}
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Updated > out[j].Updated })
	return out
}

// SetCurrent remembers the game on the table, so a reload resumes it.
func (g Games) SetCurrent(id string) {
	if id == "" {
		_ = g.KV.Write(Del(currentKey))
		return
	}
	_ = g.KV.Write(Set(currentKey, id))
}

// Current is the game on the table when the page was left.
func (g Games) Current() (string, bool) {
	v, ok := g.KV.Get(currentKey)
	return v, ok && v != ""
}

// Settings are the player's preferences on this device.
type Settings struct {
	Lang     string `json:"lang,omitempty"`
	BotDelay int    `json:"botDelay"` // milliseconds between bot moves
	Reduced  bool   `json:"reducedMotion,omitempty"`
}

// DefaultSettings are used until the player changes something.
var DefaultSettings = Settings{BotDelay: 600}

// LoadSettings reads the settings (defaults when none or unreadable).
func (g Games) LoadSettings() Settings {
	s := DefaultSettings
	if v, ok := g.KV.Get(settingsKey); ok {
		_ = json.Unmarshal([]byte(v), &s)
	}
	if s.BotDelay < 0 {
		s.BotDelay = 0
	}
	return s
}

// SaveSettings writes the settings.
func (g Games) SaveSettings(s Settings) error {
	b, _ := json.Marshal(s)
	return g.KV.Write(Set(settingsKey, string(b)))
}
