// Package store keeps the player's games and settings on the device: a small
// key-value interface (the browser's localStorage in the app, a map in tests)
// with the saved games and an index of them on top.
//
// Every game is stored whole, in the engine's save format, under its own key,
// and rewritten after each action. The index only lists games for the home
// screen; it can always be rebuilt from the games themselves, so a damaged
// index never loses a game.
package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// KV is the storage the app writes to.
type KV interface {
	Get(key string) (string, bool)
	Set(key, value string) error
	Delete(key string)
	Keys() []string
}

// Mem is an in-memory KV for tests and for browsers without storage.
type Mem struct {
	mu sync.Mutex
	m  map[string]string
	// Fail, when set, makes Set fail (a full or refused storage).
	Fail error
}

// NewMem returns an empty Mem.
func NewMem() *Mem { return &Mem{m: map[string]string{}} }

func (s *Mem) Get(k string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[k]
	return v, ok
}

func (s *Mem) Set(k, v string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail != nil {
		return s.Fail
	}
	s.m[k] = v
	return nil
}

func (s *Mem) Delete(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, k)
}

func (s *Mem) Keys() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ks := make([]string, 0, len(s.m))
	for k := range s.m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Keys used in the KV.
const (
	gamePrefix  = "tabula/game/"
	indexKey    = "tabula/index"
	currentKey  = "tabula/current"
	settingsKey = "tabula/settings"
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

// Put stores a game file and its summary.
func (g Games) Put(sum Summary, file []byte) error {
	if sum.ID == "" || strings.ContainsAny(sum.ID, "/") {
		return fmt.Errorf("bad game id %q", sum.ID)
	}
	if err := g.KV.Set(gamePrefix+sum.ID, string(file)); err != nil {
		return fmt.Errorf("saving the game failed: %w", err)
	}
	idx := g.index()
	found := false
	for i := range idx {
		if idx[i].ID == sum.ID {
			idx[i], found = sum, true
		}
	}
	if !found {
		idx = append(idx, sum)
	}
	return g.writeIndex(idx)
}

// Get returns a stored game file.
func (g Games) Get(id string) ([]byte, error) {
	v, ok := g.KV.Get(gamePrefix + id)
	if !ok {
		return nil, ErrNotFound
	}
	return []byte(v), nil
}

// Delete removes a game.
func (g Games) Delete(id string) error {
	g.KV.Delete(gamePrefix + id)
	idx := g.index()
	out := idx[:0]
	for _, s := range idx {
		if s.ID != id {
			out = append(out, s)
		}
	}
	if cur, _ := g.Current(); cur == id {
		g.KV.Delete(currentKey)
	}
	return g.writeIndex(out)
}

// List returns the summaries, most recently updated first. Games whose
// summary is missing from the index (a damaged index) are listed with their
// id only, so they can still be opened or deleted.
func (g Games) List() []Summary {
	idx := g.index()
	have := map[string]bool{}
	for _, s := range idx {
		have[s.ID] = true
	}
	for _, k := range g.KV.Keys() {
		if id, ok := strings.CutPrefix(k, gamePrefix); ok && !have[id] {
			idx = append(idx, Summary{ID: id})
		}
	}
	// Drop index lines whose game is gone.
	out := idx[:0]
	for _, s := range idx {
		if _, ok := g.KV.Get(gamePrefix + s.ID); ok {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Updated > out[j].Updated })
	return out
}

func (g Games) index() []Summary {
	v, ok := g.KV.Get(indexKey)
	if !ok {
		return nil
	}
	var idx []Summary
	if json.Unmarshal([]byte(v), &idx) != nil {
		return nil // rebuilt from the game keys by List
	}
	return idx
}

func (g Games) writeIndex(idx []Summary) error {
	b, _ := json.Marshal(idx)
	return g.KV.Set(indexKey, string(b))
}

// SetCurrent remembers the game on the table, so a reload resumes it.
func (g Games) SetCurrent(id string) {
	if id == "" {
		g.KV.Delete(currentKey)
		return
	}
	_ = g.KV.Set(currentKey, id)
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
	return g.KV.Set(settingsKey, string(b))
}
