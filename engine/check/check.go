// Package check holds the game-independent invariants every engine.State
// must keep, so that simulations (cmd/sim, engine/sim), fuzz tests and bot
// tests check the same things the same way.
//
// The generic checks read only the engine contracts (engine/engine.go):
// Status names exactly one of over / chance / deciders, seats are in range,
// nobody but a decider has legal actions, clones hash like their original,
// views encode. A game adds its own rules invariants (resource conservation,
// piece counts, …) by implementing Invariants on its State; Step calls it.
//
// Simulations choose how much to check (engine/sim's Spec.Check): Step after
// every entry; or Quick after every entry (the same generic checks, and of
// the game's invariants only its CheapInvariants) with Step every few
// entries; or Step and Final at the end of a game only.
package check

import (
	"encoding/json"
	"errors"
	"fmt"

	"tabula/engine"
)

// Invariants is implemented by game states that can check their own
// consistency (card totals conserved, no piece counted twice, …). It is
// called after every step of a simulation, so it should be cheap, must not
// change the state, and returns nil when all is well or an error that names
// the broken rule.
type Invariants interface {
	CheckInvariants() error
}

// CheapInvariants is implemented by game states whose CheckInvariants
// costs much more than the rest of a step (it recomputes derived data from
// scratch): CheckCheapInvariants is the part that does not, e.g. card and
// piece conservation, so a sampled simulation can run it at every step and
// the full CheckInvariants only now and then. It checks a subset of what
// CheckInvariants checks, never something else.
type CheapInvariants interface {
	CheckCheapInvariants() error
}

// Status checks the shape of st.Status() for a game of players seats:
// exactly one of over / chance / deciders holds, every seat named is in
// range and named once, winners appear only when the game is over, a chance
// request asks for at least one value and every range is at least 1, and
// Scores has one entry per seat.
func Status(st engine.State, players int) error { return status(st, st.Status(), players) }

// status is Status for s, st's Status().
func status(st engine.State, s engine.Status, players int) error {
	held := 0
	if s.Over {
		held++
	}
	if s.Chance != nil {
		held++
	}
	if len(s.Deciders) > 0 {
		held++
	}
	if held != 1 {
		return fmt.Errorf("status must hold exactly one of over/chance/deciders, got over=%v chance=%v deciders=%v",
			s.Over, s.Chance != nil, s.Deciders)
	}
	if err := seats("decider", s.Deciders, players); err != nil {
		return err
	}
	if err := seats("winner", s.Winners, players); err != nil {
		return err
	}
	if len(s.Winners) > 0 && !s.Over {
		return fmt.Errorf("winners %v named while the game is not over", s.Winners)
	}
	if c := s.Chance; c != nil {
		if len(c.Ranges) == 0 {
			return fmt.Errorf("chance request %q asks for no values", c.Kind)
		}
		for i, r := range c.Ranges {
			if r < 1 {
				return fmt.Errorf("chance request %q range %d is %d (must be ≥ 1)", c.Kind, i, r)
			}
		}
	}
	if n := len(st.Scores()); n != players {
		return fmt.Errorf("Scores has %d entries for %d players", n, players)
	}
	return nil
}

func seats(what string, ss []engine.Seat, players int) error {
	var seen uint64 // players ≤ 64 in every game; a slice beyond
	var many []bool
	if players > 64 {
		many = make([]bool, players)
	}
	for _, s := range ss {
		if s < 0 || int(s) >= players {
			return fmt.Errorf("%s seat %d out of range 0..%d", what, s, players-1)
		}
		if many != nil {
			if many[s] {
				return fmt.Errorf("%s seat %d named twice", what, s)
			}
			many[s] = true
			continue
		}
		if seen&(1<<uint(s)) != 0 {
			return fmt.Errorf("%s seat %d named twice", what, s)
		}
		seen |= 1 << uint(s)
	}
	return nil
}

// Step is the check run after every applied entry: Status, then that no seat
// outside Status().Deciders has legal actions (none at all while the game
// waits on chance or is over), then the game's own Invariants if it has
// them. Whether each decider has a legal action is checked by the driver
// when it asks that decider (Legal can be costly).
func Step(st engine.State, players int) error {
	if err := generic(st, players); err != nil {
		return err
	}
	if inv, ok := st.(Invariants); ok {
		if err := inv.CheckInvariants(); err != nil {
			return fmt.Errorf("game invariant: %w", err)
		}
	}
	return nil
}

// Quick is Step with only the game's CheapInvariants (none when it has
// not split them out): the check of a sampled simulation at every entry.
func Quick(st engine.State, players int) error {
	if err := generic(st, players); err != nil {
		return err
	}
	if inv, ok := st.(CheapInvariants); ok {
		if err := inv.CheckCheapInvariants(); err != nil {
			return fmt.Errorf("game invariant: %w", err)
		}
	}
	return nil
}

// generic is Status and the non-deciders' empty legal lists (counted with
// engine.IndexedLegal when the state has it, which allocates nothing).
func generic(st engine.State, players int) error {
	s := st.Status()
	if err := status(st, s, players); err != nil {
		return err
	}
	ix, indexed := st.(engine.IndexedLegal)
	for seat := engine.Seat(0); int(seat) < players; seat++ {
		if s.Decides(seat) {
			continue
		}
		if indexed {
			if n := ix.LegalCount(seat); n > 0 {
				return fmt.Errorf("seat %d is not a decider but has %d legal actions (first %v)", seat, n, ix.LegalAt(seat, 0))
			}
			continue
		}
		if l := st.Legal(seat); len(l) > 0 {
			return fmt.Errorf("seat %d is not a decider but has %d legal actions (first %v)", seat, len(l), l[0])
		}
	}
	return nil
}

// Final is the check run once a game has ended (or at any point where a
// costlier check is affordable): a clone hashes exactly like its original,
// and every seat's view and the spectator view encode as JSON.
func Final(st engine.State, players int) error {
	if err := Clone(st); err != nil {
		return err
	}
	for seat := engine.Spectator; int(seat) < players; seat++ {
		if err := View(st, seat); err != nil {
			return err
		}
	}
	return nil
}

// View checks that seat's view encodes as JSON.
func View(st engine.State, seat engine.Seat) error {
	if _, err := json.Marshal(st.View(seat)); err != nil {
		return fmt.Errorf("view of seat %d does not encode: %v", seat, err)
	}
	return nil
}

// CloneHash checks that st.Clone() hashes to hash, st's own hash (Clone
// for a caller that has it already).
func CloneHash(st engine.State, hash string) error {
	if b := engine.HashHex(st.Clone()); b != hash {
		return fmt.Errorf("clone hash %s differs from state hash %s", b[:12], hash[:12])
	}
	return nil
}

// Clone checks that st.Clone() has the same hash as st.
func Clone(st engine.State) error { return CloneHash(st, engine.HashHex(st)) }

// Refusals checks atomicity at the current step, on clones so st is never
// touched: a seat that is not a decider is refused a (ErrNotYourTurn or
// another error) and the state hash stays the same; a Resolve while no
// chance is pending is refused likewise. a is an action some decider may
// take now (nil skips the Apply probe).
func Refusals(st engine.State, players int, a engine.Action) error {
	s := st.Status()
	if a != nil {
		for seat := engine.Seat(0); int(seat) < players; seat++ {
			if s.Decides(seat) {
				continue
			}
			c := st.Clone()
			before := engine.HashHex(c)
			if err := c.Apply(seat, a); err == nil {
				return fmt.Errorf("seat %d, not a decider, was allowed %q", seat, a.Kind())
			}
			if after := engine.HashHex(c); after != before {
				return fmt.Errorf("refused %q by seat %d still changed the state", a.Kind(), seat)
			}
			break // one probe per step keeps this affordable
		}
	}
	if s.Chance == nil {
		c := st.Clone()
		before := engine.HashHex(c)
		err := c.Resolve(engine.Outcome{0})
		if err == nil {
			return errors.New("Resolve accepted an outcome while no chance was pending")
		}
		if after := engine.HashHex(c); after != before {
			return fmt.Errorf("refused Resolve still changed the state (%v)", err)
		}
	}
	return nil
}
