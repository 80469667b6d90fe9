// Package sealedtest plays a sealed game (engine/sealed.go) as a table of
// devices, one per seat, each folding the log as its seat may see it, beside
// a referee that knows every card. At every step it checks what sealed play
// promises: each device agrees with the referee on the agreed hash, the
// status and its own seat's view, and can list its seat's legal moves
// without the cards it may not know. Each game's tests run it on whole games;
// no cryptography is involved (engine/deck deals for real in network play).
package sealedtest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"tabula/engine"
	"tabula/engine/rng"
)

// Table is a sealed game in play: the referee, one device per seat, and
// the public game.
type Table struct {
	Referee *engine.Match
	Devices []*engine.Match // Devices[s] plays seat s
	// Public is the game as network play folds it beside each device's
	// own and agrees on (engine/p2p): it knows only what is opened to
	// every seat, so a move takes place only if it accepts it too, after
	// the cards the mover's device shows.
	Public  *engine.Match
	decks   map[string][]int
	src     rng.Seeded
	pick    *rand.Rand
	chance  int
	secrets map[int]int // secret number → value, as the referee drew it
	// Hidden counts outcomes some device resolved as unknown; Shown counts
	// cards shown to every seat.
	Hidden, Shown int
}

// New sets up a sealed table: setup gets the Sealed option (and Secrets
// only if it carries it: a game that asks for no secrets may refuse it).
// Every deck the game declares is shuffled from seed (the order network
// play would deal by cryptography); secrets are drawn from seed too, and a
// request that opens one gets the value drawn (docs/p2p.md, "Secrets", has
// the commit-reveal network play is to run instead).
func New(g engine.Game, setup engine.Setup, seed uint64) (*Table, error) {
	sg, ok := g.(engine.SealedGame)
	if !ok {
		return nil, fmt.Errorf("%s cannot play sealed", g.ID())
	}
	opts := map[string]string{}
	for k, v := range setup.Options {
		opts[k] = v
	}
	opts[engine.Sealed] = "1"
	setup.Options = opts
	t := &Table{decks: map[string][]int{}, secrets: map[int]int{}, src: rng.Seeded{Seed: seed}, pick: rand.New(rand.NewPCG(seed, 7))}
	for _, d := range sg.Decks(setup) {
		t.decks[d.Name] = t.pick.Perm(d.Size)
	}
	var err error
	if t.Referee, err = engine.NewMatch(g, setup, nil); err != nil {
		return nil, err
	}
	for s := 0; s < setup.Players; s++ {
		m, err := engine.NewMatch(g, setup, nil)
		if err != nil {
			return nil, err
		}
		t.Devices = append(t.Devices, m)
	}
	if t.Public, err = engine.NewMatch(g, setup, nil); err != nil {
		return nil, err
	}
	return t, t.Check()
}

// Step makes the next entry: a chance outcome, or a move chosen by choose
// from the legal moves the deciding seat's own device lists. It reports
// false once the game is over.
func (t *Table) Step(choose func(r *rand.Rand, legal []engine.Action) engine.Action) (bool, error) {
	st := t.Referee.State.Status()
	if st.Over {
		return false, nil
	}
	if st.Chance != nil {
		return true, t.resolve(*st.Chance)
	}
	seat := st.Deciders[t.pick.IntN(len(st.Deciders))]
	dev := t.Devices[seat]
	legal := dev.State.Legal(seat)
	if err := sameJSON("legal moves of its own seat", legal, t.Referee.State.Legal(seat)); err != nil {
		return false, fmt.Errorf("seat %d: %w", seat, err)
	}
	if len(legal) == 0 {
		return false, fmt.Errorf("seat %d decides with no legal move", seat)
	}
	return true, t.Move(seat, choose(t.pick, legal))
}

// Move plays seat's action a on every device: first the cards its device
// says it must show, then the action.
func (t *Table) Move(seat engine.Seat, a engine.Action) error {
	if sh, ok := t.Devices[seat].State.(engine.Shower); ok {
		for _, s := range sh.MustShow(seat, a) {
			for _, m := range t.all() {
				if err := m.Show(seat, s); err != nil {
					return fmt.Errorf("showing %v: %w", s, err)
				}
			}
			t.Shown += len(s.Cards)
		}
	}
	for i, m := range t.all() {
		if err := m.Do(seat, a); err != nil {
			who := fmt.Sprintf("device %d", i-1)
			if m == t.Public {
				who = "the public game"
			}
			return fmt.Errorf("%s refuses seat %d's %s: %w", who, seat, a.Kind(), err)
		}
	}
	return t.Check()
}

func (t *Table) resolve(req engine.ChanceRequest) error {
	o := t.src.Outcome(t.chance, req)
	t.chance++
	switch {
	case req.OpensSecret != 0:
		v, ok := t.secrets[req.OpensSecret]
		if !ok || len(o) != 1 {
			return fmt.Errorf("request %s opens secret %d, never drawn", req.Kind, req.OpensSecret)
		}
		o[0] = v
	case req.Secret != 0:
		if _, dup := t.secrets[req.Secret]; dup || len(o) != 1 {
			return fmt.Errorf("request %s draws secret %d again", req.Kind, req.Secret)
		}
		t.secrets[req.Secret] = o[0]
	case req.Hidden():
		order, ok := t.decks[req.Deck]
		if !ok {
			return fmt.Errorf("request %s opens undeclared deck %q", req.Kind, req.Deck)
		}
		for i, pos := range req.Cards {
			if pos < 0 || pos >= len(order) {
				return fmt.Errorf("request %s opens position %d of %d", req.Kind, pos, len(order))
			}
			o[i] = order[pos]
		}
	}
	if err := t.Referee.Resolve(o); err != nil {
		return fmt.Errorf("referee: %w", err)
	}
	for s, m := range t.Devices {
		seen := engine.Masked(req, o, []engine.Seat{engine.Seat(s)})
		if len(seen) > 0 && seen[0] == engine.Unknown {
			t.Hidden++
		}
		if err := m.Resolve(seen); err != nil {
			return fmt.Errorf("device %d: %w", s, err)
		}
	}
	if err := t.Public.Resolve(publicOutcome(req, o, len(t.Devices))); err != nil {
		return fmt.Errorf("the public game: %w", err)
	}
	return t.Check()
}

// publicOutcome is o as the public game folds it: unknown unless every
// seat learns it.
func publicOutcome(req engine.ChanceRequest, o engine.Outcome, seats int) engine.Outcome {
	for s := 0; s < seats; s++ {
		if !req.Opens(engine.Seat(s)) {
			return engine.Masked(req, o, nil)
		}
	}
	return o
}

func (t *Table) all() []*engine.Match {
	return append(append([]*engine.Match{t.Referee}, t.Devices...), t.Public)
}

// Check compares every device with the referee: agreed hash, status, and
// its own seat's view.
func (t *Table) Check() error {
	ref := t.Referee
	want, agreed := ref.Entries, engine.AgreedHash(ref.Setup, ref.State)
	for s, m := range t.Devices {
		seat := engine.Seat(s)
		if len(m.Entries) != len(want) {
			return fmt.Errorf("device %d holds %d entries, the referee %d", s, len(m.Entries), len(want))
		}
		if engine.AgreedHash(m.Setup, m.State) != agreed {
			return fmt.Errorf("device %d: agreed hash after entry %d differs", s, len(want))
		}
		if err := sameJSON("status", m.State.Status(), ref.State.Status()); err != nil {
			return fmt.Errorf("device %d: %w", s, err)
		}
		if err := sameJSON("its seat's view", m.State.View(seat), ref.State.View(seat)); err != nil {
			return fmt.Errorf("device %d: %w", s, err)
		}
	}
	if pub := t.Public; engine.AgreedHash(pub.Setup, pub.State) != agreed {
		return fmt.Errorf("the public game: agreed hash after entry %d differs", len(want))
	} else if err := sameJSON("status", pub.State.Status(), ref.State.Status()); err != nil {
		return fmt.Errorf("the public game: %w", err)
	}
	return nil
}

// Play runs the table to the end or limit steps with moves from choose
// (Random when nil).
func (t *Table) Play(limit int, choose func(r *rand.Rand, legal []engine.Action) engine.Action) error {
	if choose == nil {
		choose = Random
	}
	for k := 0; k < limit; k++ {
		more, err := t.Step(choose)
		if err != nil {
			return fmt.Errorf("step %d: %w", k, err)
		}
		if !more {
			return nil
		}
	}
	return nil
}

// Random picks a legal move uniformly.
func Random(r *rand.Rand, legal []engine.Action) engine.Action { return legal[r.IntN(len(legal))] }

// Unknowns counts the hidden outcomes in device s's log: values it holds as
// engine.Unknown.
func (t *Table) Unknowns(s int) int {
	n := 0
	for _, e := range t.Devices[s].Entries {
		if e.IsChance() && slices.Contains(e.Chance, engine.Unknown) {
			n++
		}
	}
	return n
}

func sameJSON(what string, got, want any) error {
	g, err := json.Marshal(got)
	if err != nil {
		return err
	}
	w, err := json.Marshal(want)
	if err != nil {
		return err
	}
	if string(g) != string(w) {
		return fmt.Errorf("%s differs:\n device  %s\n referee %s", what, clip(g), clip(w))
	}
	return nil
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}
