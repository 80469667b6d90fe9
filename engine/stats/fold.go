package stats

import (
	"errors"
	"fmt"

	"tabula/engine"
)

// Step is one entry of the log as the fold met it: the entry, its decoded
// action (nil for a chance outcome) and the chance request it answered.
type Step struct {
	Entry  engine.Entry
	Action engine.Action
	Chance *engine.ChanceRequest
}

// Folder reads a game as its log is folded: Before sees the state about to
// take the step, After the state that took it.
type Folder interface {
	Before(st engine.State, s Step)
	After(st engine.State, s Step)
	// Report gives the charts once the log is folded; st is the last state.
	Report(st engine.State, viewer engine.Seat, revealed bool) []Chart
}

// ErrUnknownGame: no statistics are made for the game.
var ErrUnknownGame = errors.New("stats: no statistics for this game")

// Compute folds entries over a fresh state of setup and returns the report
// as viewer sees it. It does not check the entries' hashes (the table and
// the replay have checked them); an entry the rules refuse ends the fold
// with an error.
func Compute(g engine.Game, setup engine.Setup, entries []engine.Entry, viewer engine.Seat) (*Report, error) {
	f := folderFor(g.ID(), setup)
	if f == nil {
		return nil, ErrUnknownGame
	}
	st, err := engine.NewState(g, setup)
	if err != nil {
		return nil, err
	}
	for i, e := range entries {
		if e.IsShow() {
			// Cards shown in sealed play change what a device knows, no
			// count a chart draws: folded, not reported.
			if err := engine.ApplyEntry(g, st, e); err != nil {
				return nil, fmt.Errorf("stats: entry %d: %w", i+1, err)
			}
			continue
		}
		s := Step{Entry: e}
		if e.IsChance() {
			c := st.Status().Chance
			if c == nil {
				return nil, fmt.Errorf("stats: entry %d: %w", i+1, engine.ErrNoChance)
			}
			cc := *c
			s.Chance = &cc
		} else {
			a, err := g.DecodeAction(e.Action)
			if err != nil {
				return nil, fmt.Errorf("stats: entry %d: %w", i+1, err)
			}
			s.Action = a
		}
		f.Before(st, s)
		if s.Action != nil {
			err = st.Apply(e.Seat, s.Action)
		} else {
			err = st.Resolve(e.Chance)
		}
		if err != nil {
			return nil, fmt.Errorf("stats: entry %d: %w", i+1, err)
		}
		f.After(st, s)
	}
	revealed := st.Status().Over
	return &Report{Game: g.ID(), Players: setup.Players, Entries: len(entries), Revealed: revealed,
		Charts: f.Report(st, viewer, revealed)}, nil
}

// folders are the registered readers of each game's logs, by game id.
var folders = map[string]func(players int) Folder{}

// Register makes newFolder the reader of game id's logs. Each game's
// statistics package calls it from its init (engine/games links them in
// with the game), so a build without a game carries none of its code.
func Register(id string, newFolder func(players int) Folder) {
	if _, dup := folders[id]; dup {
		panic("stats: game registered twice: " + id)
	}
	folders[id] = newFolder
}

// folderFor is the reader of game id's logs, nil when none is registered.
func folderFor(id string, setup engine.Setup) Folder {
	if newFolder, ok := folders[id]; ok {
		return newFolder(setup.Players)
	}
	return nil
}

// SeatSeries is one zero series per seat of n values.
func SeatSeries(players, n int) []Series {
	out := make([]Series, players)
	for p := range out {
		out[p] = Series{Seat: engine.Seat(p), Values: make([]float64, n)}
	}
	return out
}

// KeySeries is one series per key, with n values each.
func KeySeries(keys []string, n int) []Series {
	out := make([]Series, len(keys))
	for i, k := range keys {
		out[i] = Series{Seat: -1, Key: k, Values: make([]float64, n)}
	}
	return out
}

// Rounds turns per-round rows of per-seat counts into one series per seat.
func Rounds(players int, rows [][]int) []Series {
	s := SeatSeries(players, len(rows))
	for i, r := range rows {
		for p := 0; p < players; p++ {
			s[p].Values[i] = float64(r[p])
		}
	}
	return s
}
