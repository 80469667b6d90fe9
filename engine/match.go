package engine

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Entry is one step of a game's log: a seat's action, a chance outcome, or
// (sealed play) cards shown to every seat. Post is the state hash (hex)
// after the entry was applied. In a sealed game every device's state is
// its own (it knows other cards), so the hash its devices compare is the
// public game's (the log folded with only the cards opened to all), whose
// Posts a sealed game's file holds (docs/p2p.md, "Agreed hashes").
type Entry struct {
	Seat   Seat            `json:"seat"`             // acting seat; Spectator (-1) for chance
	Action json.RawMessage `json:"action,omitempty"` // set for an action
	Chance Outcome         `json:"chance,omitempty"` // set for a chance outcome
	Show   *Shown          `json:"show,omitempty"`   // set for cards shown (Seat: whose)
	Post   string          `json:"post,omitempty"`
}

// IsChance reports whether the entry is a chance outcome.
func (e Entry) IsChance() bool { return e.Action == nil && e.Show == nil }

// IsShow reports whether the entry shows cards to every seat.
func (e Entry) IsShow() bool { return e.Show != nil }

// ChanceSource answers chance request k (counted from 0 over the game).
// rng.Seeded is the hot-seat source; network play supplies outcomes itself.
type ChanceSource interface {
	Outcome(k int, req ChanceRequest) Outcome
}

// Match keeps a state and the log it is the fold of. It is what the UI, the
// command-line tools and the network layer hold; bots and simulations that
// need no log may drive a State directly.
type Match struct {
	Game    Game
	Setup   Setup
	State   State
	Entries []Entry
	// Source, when set, answers chance requests as soon as they arise, so
	// Do never returns with the game waiting on chance.
	Source ChanceSource
	chance int // chance entries so far
}

// NewMatch starts a game. With a source, initial chance (board layout,
// shuffles) is resolved at once.
func NewMatch(g Game, setup Setup, src ChanceSource) (*Match, error) {
	st, err := NewState(g, setup)
	if err != nil {
		return nil, err
	}
	setup.Game = g.ID()
	m := &Match{Game: g, Setup: setup, State: st, Source: src}
	if err := m.settle(); err != nil {
		return nil, err
	}
	return m, nil
}

// Do applies seat's action, logs it, and settles chance from Source.
// On error nothing changes.
func (m *Match) Do(seat Seat, a Action) error {
	raw, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadAction, err)
	}
	// Decode what we logged, so the live state is exactly what a replay
	// of the log produces.
	dec, err := m.Game.DecodeAction(raw)
	if err != nil {
		return err
	}
	if err := m.State.Apply(seat, dec); err != nil {
		return err
	}
	m.Entries = append(m.Entries, Entry{Seat: seat, Action: raw, Post: m.hash()})
	return m.settle()
}

// hash is the Post of the entry just applied.
func (m *Match) hash() string { return HashHex(m.State) }

// Show applies cards shown by seat (sealed play) and logs them. On error
// nothing changes.
func (m *Match) Show(seat Seat, s Shown) error {
	if err := show(m.State, s); err != nil {
		return err
	}
	c := Shown{Deck: s.Deck, Cards: append([]int(nil), s.Cards...), Values: append([]int(nil), s.Values...)}
	m.Entries = append(m.Entries, Entry{Seat: seat, Show: &c, Post: m.hash()})
	return nil
}

func show(st State, s Shown) error {
	sh, ok := st.(Shower)
	if !ok {
		return fmt.Errorf("%w: this game shows no sealed cards", ErrBadAction)
	}
	if len(s.Cards) == 0 || len(s.Cards) != len(s.Values) {
		return fmt.Errorf("%w: %d cards shown with %d values", ErrBadAction, len(s.Cards), len(s.Values))
	}
	return sh.Show(s)
}

// Resolve applies a chance outcome supplied from outside (network play).
func (m *Match) Resolve(o Outcome) error {
	if err := m.State.Resolve(o); err != nil {
		return err
	}
	m.chance++
	m.Entries = append(m.Entries, Entry{Seat: Spectator, Chance: append(Outcome(nil), o...), Post: m.hash()})
	return nil
}

func (m *Match) settle() error {
	if m.Source == nil {
		return nil
	}
	for i := 0; ; i++ {
		st := m.State.Status()
		if st.Chance == nil || st.Over {
			return nil
		}
		if i > 10000 {
			return errors.New("engine: chance requests never settle")
		}
		if err := m.Resolve(m.Source.Outcome(m.chance, *st.Chance)); err != nil {
			return fmt.Errorf("engine: source outcome refused: %w", err)
		}
	}
}

// ApplyEntry applies a logged entry, an action or a chance outcome, to s,
// with none of Append's checks: for a copy of a state that follows a log
// already checked.
func ApplyEntry(g Game, s State, e Entry) error {
	if e.IsShow() {
		return show(s, *e.Show)
	}
	if e.IsChance() {
		return s.Resolve(e.Chance)
	}
	a, err := g.DecodeAction(e.Action)
	if err != nil {
		return err
	}
	return s.Apply(e.Seat, a)
}

// Append applies an entry from a log (replay, load, network). If the entry
// carries Post, the resulting hash must match it, or the entry is refused and
// the state left as it was.
func (m *Match) Append(e Entry) error {
	if e.IsChance() && e.Seat != Spectator {
		return fmt.Errorf("%w: chance entry with seat %d", ErrBadAction, e.Seat)
	}
	before := m.State.Clone()
	if err := ApplyEntry(m.Game, m.State, e); err != nil {
		return err
	}
	if e.IsChance() {
		m.chance++
	}
	post := m.hash()
	if e.Post != "" && e.Post != post {
		m.State = before
		if e.IsChance() {
			m.chance--
		}
		return fmt.Errorf("%w: state hash after entry is %s, log says %s", ErrHashMismatch, post[:12], short(e.Post))
	}
	e.Post = post
	m.Entries = append(m.Entries, e)
	return nil
}

// AppendFolded appends e, already folded by the caller: after is the
// state that applying e to a clone of State gave, post its HashHex, or
// "" for a game whose posts are recorded elsewhere (a sealed device's own
// game: its agreed hash is the public game's). A
// network device checks an entry's agreed hash on such a fold before it
// takes the entry, and keeps it rather than fold the entry again
// (engine/p2p, agreed.go).
func (m *Match) AppendFolded(e Entry, after State, post string) {
	if e.IsChance() {
		m.chance++
	}
	m.State = after
	e.Post = post
	m.Entries = append(m.Entries, e)
}

// ErrHashMismatch means a log entry's recorded state hash disagrees with the
// state this build computes: a tampered log, or a rules change.
var ErrHashMismatch = errors.New("state hash mismatch")

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// Rewind refolds the first n entries: undo and replay are built on it.
func (m *Match) Rewind(n int) error {
	if n < 0 || n > len(m.Entries) {
		return fmt.Errorf("cannot rewind to entry %d of %d", n, len(m.Entries))
	}
	r, err := Replay(m.Game, m.Setup, m.Entries[:n])
	if err != nil {
		return err
	}
	m.State, m.Entries, m.chance = r.State, r.Entries, r.chance
	return nil
}

// Replay folds entries over a fresh state of setup. It does not consult any
// chance source: outcomes come from the log.
func Replay(g Game, setup Setup, entries []Entry) (*Match, error) {
	st, err := NewState(g, setup)
	if err != nil {
		return nil, err
	}
	setup.Game = g.ID()
	m := &Match{Game: g, Setup: setup, State: st, Entries: make([]Entry, 0, len(entries))}
	for i, e := range entries {
		if err := m.Append(e); err != nil {
			return nil, &ReplayError{Entry: i + 1, Seat: e.Seat, Err: err}
		}
	}
	return m, nil
}

// ChanceCount is the number of chance entries so far (the index the next
// chance request will have).
func (m *Match) ChanceCount() int { return m.chance }

// Settle resolves pending chance from Source (after a load or rewind).
func (m *Match) Settle() error { return m.settle() }
