package bot

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"tabula/engine"
)

// Determinizer is implemented by states that hold what some seat may not
// see (other players' hands, the order or make-up of a face-down deck).
// The search bot never searches the state it is shown: it searches
// determinisations, so it plays on what its seat's view shows and nothing
// more.
//
// Determinize returns a new state that seat's View shows exactly as it
// shows s, with everything that view hides drawn afresh from r: a sample
// of the positions seat cannot tell apart from s, consistent with all it
// has seen (counts, cards revealed by trades accepted, and so on). The
// result must depend only on seat's view of s and on r: two states that
// look alike to seat give the same determinisation for the same r, so the
// bot's decision cannot depend on what it does not see (CheckDeterminizer
// tests both halves). s is not changed.
//
// A game with nothing hidden needs nothing: without a Determinizer the bot
// searches clones of the state itself. (A game that hides information and
// has no Determinizer lets the bot peek; implement it.)
type Determinizer interface {
	Determinize(seat engine.Seat, r *rand.Rand) engine.State
}

// Recycler is implemented by states whose Clone allocates much (the
// search bot copies a state for every action it rates): CloneInto copies
// the state into dst, a state of the same game that the caller no longer
// needs (made by Clone or CloneInto), reusing its memory, and returns the
// copy, which must behave exactly as a Clone would. Given anything else as
// dst it returns a Clone.
type Recycler interface {
	CloneInto(dst engine.State) engine.State
}

// determinize is a determinisation of s for seat, or a clone when s has
// nothing hidden.
func determinize(s engine.State, seat engine.Seat, r *rand.Rand) engine.State {
	if d, ok := s.(Determinizer); ok {
		return d.Determinize(seat, r)
	}
	return s.Clone()
}

// CheckDeterminizer checks a game's Determinizer on s for seat, with the
// given seeds: each determinisation shows seat the same view as s, leaves
// s unchanged, is the same for the same seed, and, where other is a state
// that looks the same to seat (nil to skip), is the very same state for
// other as for s.
func CheckDeterminizer(s engine.State, seat engine.Seat, other engine.State, seeds ...uint64) error {
	d, ok := s.(Determinizer)
	if !ok {
		return fmt.Errorf("bot: %T is no Determinizer", s)
	}
	want, err := json.Marshal(s.View(seat))
	if err != nil {
		return err
	}
	before := engine.HashHex(s)
	for _, seed := range seeds {
		r := func() *rand.Rand { return rand.New(rand.NewPCG(seed, determinizeSalt)) }
		got := d.Determinize(seat, r())
		if engine.HashHex(s) != before {
			return fmt.Errorf("bot: seed %d: Determinize changed the state", seed)
		}
		v, err := json.Marshal(got.View(seat))
		if err != nil {
			return err
		}
		if string(v) != string(want) {
			return fmt.Errorf("bot: seed %d: the determinisation shows seat %d another view:\n%s\nnot\n%s", seed, seat, v, want)
		}
		h := engine.HashHex(got)
		if again := engine.HashHex(d.Determinize(seat, r())); again != h {
			return fmt.Errorf("bot: seed %d: two determinisations with one seed differ", seed)
		}
		if other != nil {
			if o := engine.HashHex(other.(Determinizer).Determinize(seat, r())); o != h {
				return fmt.Errorf("bot: seed %d: states that look alike to seat %d determinise differently", seed, seat)
			}
		}
	}
	return nil
}

// determinizeSalt is the second PCG seed word of CheckDeterminizer's
// sources ("tabula/d").
const determinizeSalt = 0x7461_6275_6c61_2f64
