package deck

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// table is n parties' decks joined by an in-memory broadcast: every
// message goes through its wire encoding and reaches the other parties
// in one order (the log's).
type table struct {
	t     testing.TB
	decks []*Deck
	log   [][]byte // every message, encoded, in log order
	// drop, when it returns true, keeps a message off the log (a party
	// withholding it).
	drop func(m Msg) bool
	// tamper, when set, replaces a message before it reaches the log (a
	// cheating party); the cheater's own deck adopts the replacement.
	tamper func(m Msg) Msg
	left   map[int]bool // parties that left: they get and send nothing
	// steps is everything every deck was given, in order (only: the one
	// party a step is for, or -1 for all), to rebuild a deck by replaying.
	steps []step
	game  uint64
	// busy is each party's time inside its deck's calls (benchmarks only:
	// the work one device does), shuffling the part of it that made its
	// shuffle.
	busy, shuffling []time.Duration
	// challengeProofs: the decks write shares as builds before batched
	// checks did (Config.ChallengeProofs).
	challengeProofs bool
}

// timed runs one call of party p's deck and adds its time to busy (and to
// shuffling when it made p's shuffle).
func (tb *table) timed(p int, call func() ([]Msg, error)) ([]Msg, error) {
	if tb.busy == nil {
		tb.busy, tb.shuffling = make([]time.Duration, len(tb.decks)), make([]time.Duration, len(tb.decks))
	}
	start := time.Now()
	out, err := call()
	el := time.Since(start)
	tb.busy[p] += el
	for _, m := range out {
		if _, ok := m.(*ShuffleMsg); ok {
			tb.shuffling[p] += el
		}
	}
	return out, err
}

type step struct {
	only int
	f    func(d *Deck) ([]Msg, error)
}

func seededRand(game uint64, party int) *rand.ChaCha8 {
	var seed [32]byte
	copy(seed[:], fmt.Sprintf("deck-test %d %d", game, party))
	return rand.NewChaCha8(seed)
}

// newTable makes the decks of a deck of the given size and runs the
// set-up (keys, escrow, shuffles) to the ready phase.
func newTable(t testing.TB, game uint64, parties, cards int) *table {
	t.Helper()
	return startTable(&table{t: t, left: map[int]bool{}}, game, parties, cards)
}

// startTable sets up tb (its hooks already set).
func startTable(tb *table, game uint64, parties, cards int) *table {
	t := tb.t
	t.Helper()
	tb.game = game
	for i := range parties {
		d, err := New(Config{ID: fmt.Appendf(nil, "game %d/dev", game), Cards: cards, Parties: parties, Me: i, Rand: seededRand(game, i), ChallengeProofs: tb.challengeProofs})
		if err != nil {
			t.Fatal(err)
		}
		tb.decks = append(tb.decks, d)
	}
	for _, d := range tb.decks {
		out, err := tb.timed(d.Me(), d.Start)
		if err != nil {
			t.Fatal(err)
		}
		tb.steps = append(tb.steps, step{d.Me(), (*Deck).Start})
		tb.send(out)
	}
	for _, d := range tb.decks {
		if ph, who := d.Waiting(); ph != PhaseReady || len(who) != 0 {
			t.Fatalf("party %d after set-up: %v, waiting on %v", d.Me(), ph, who)
		}
	}
	return tb
}

// send puts messages on the log and delivers them, and everything they
// cause, to every other party in log order.
func (tb *table) send(ms []Msg) {
	tb.t.Helper()
	queue := append([]Msg(nil), ms...)
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		if tb.left[m.From()] || tb.drop != nil && tb.drop(m) {
			continue
		}
		if tb.tamper != nil {
			if t := tb.tamper(m); t != m {
				tb.decks[m.From()].adopt(t)
				m = t
			}
		}
		b := Encode(m)
		tb.log = append(tb.log, b)
		tb.steps = append(tb.steps, step{-1, func(d *Deck) ([]Msg, error) {
			m, err := Decode(b)
			if err != nil {
				return nil, err
			}
			return d.Receive(m)
		}})
		for _, d := range tb.decks {
			if d.Me() == m.From() || tb.left[d.Me()] {
				continue
			}
			got, err := Decode(b)
			if err != nil {
				tb.t.Fatalf("decode %T: %v", m, err)
			}
			out, err := tb.timed(d.Me(), func() ([]Msg, error) { return d.Receive(got) })
			if err != nil {
				tb.t.Fatalf("party %d refused %T from %d: %v", d.Me(), m, m.From(), err)
			}
			queue = append(queue, out...)
		}
	}
}

// each calls f on every deck (one point of the log for all) and then
// broadcasts what they return.
func (tb *table) each(f func(d *Deck) ([]Msg, error)) {
	tb.t.Helper()
	var all []Msg
	for _, d := range tb.decks {
		if tb.left[d.Me()] {
			continue
		}
		tb.steps = append(tb.steps, step{d.Me(), f})
		out, err := tb.timed(d.Me(), func() ([]Msg, error) { return f(d) })
		if err != nil {
			tb.t.Fatalf("party %d: %v", d.Me(), err)
		}
		all = append(all, out...)
	}
	tb.send(all)
}

func (tb *table) open(pos, to int) {
	tb.t.Helper()
	tb.each(func(d *Deck) ([]Msg, error) { return d.Open(pos, to) })
}

func (tb *table) openAmong(pos int, parties ...int) {
	tb.t.Helper()
	tb.each(func(d *Deck) ([]Msg, error) { return d.OpenAmong(pos, parties) })
}

// audit has every party reveal and returns each party's report.
func (tb *table) audit() []*Report {
	tb.t.Helper()
	tb.each(func(d *Deck) ([]Msg, error) { return d.Reveal() })
	var reps []*Report
	for _, d := range tb.decks {
		if tb.left[d.Me()] {
			reps = append(reps, nil)
			continue
		}
		rep, err := d.Audit()
		if err != nil {
			tb.t.Fatalf("party %d audit: %v", d.Me(), err)
		}
		reps = append(reps, rep)
	}
	return reps
}

// cardAt is what party p knows of pos: the card, or -1 when hidden.
func (tb *table) cardAt(p, pos int) int {
	tb.t.Helper()
	c, err := tb.decks[p].Card(pos)
	if errors.Is(err, ErrHidden) {
		return -1
	}
	if err != nil {
		tb.t.Fatalf("party %d card %d: %v", p, pos, err)
	}
	return c
}

// adopt puts a tampered message of this party in place of the one it
// made, so that the cheater's deck agrees with the log.
func (d *Deck) adopt(m Msg) {
	switch m := m.(type) {
	case *ShuffleMsg:
		d.shuffles[m.Party] = m
		out := make([]ct, len(m.Out))
		for i, c := range m.Out {
			A, _ := decPoint(c[:pointLen])
			B, _ := decPoint(c[pointLen:])
			out[i] = ct{A, B}
		}
		d.decks[m.Party+1] = out
	case *EscrowMsg:
		d.escrows[m.Party] = m
	case *SealedShareMsg:
		d.opens[m.Pos].sealed[m.Party][m.To] = m
	default:
		panic(fmt.Sprintf("adopt %T", m))
	}
}

// leave takes party p off the table and has every other party record it.
func (tb *table) leave(p int) {
	tb.t.Helper()
	tb.left[p] = true
	tb.each(func(d *Deck) ([]Msg, error) { return d.Leave(p) })
}

// named is the set of parties a list of cheats names.
func named(cs []*CheatError) []int {
	var out []int
	for _, c := range cs {
		if !slices.Contains(out, c.Party) {
			out = append(out, c.Party)
		}
	}
	slices.Sort(out)
	return out
}

// fingerprint is the deck's whole taken-in state, to show a refused
// message changed nothing.
func fingerprint(d *Deck) string {
	var b []byte
	add := func(m Msg) {
		if m != nil {
			b = append(b, Encode(m)...)
		}
		b = append(b, '|')
	}
	for i := range d.n {
		add(nilIf(d.keys[i]))
		add(nilIf(d.escrows[i]))
		add(nilIf(d.audits[i]))
		b = fmt.Append(b, d.gone[i], d.badShare[i], d.escrowOK[i], d.secret[i] != nil, d.held[i] != nil)
		for j := range d.n {
			add(nilIf(d.complaints[i][j]))
			add(nilIf(d.recov[i][j]))
		}
	}
	for _, s := range d.shuffles {
		add(s)
	}
	for pos, o := range d.opens {
		if o != nil {
			b = fmt.Append(b, pos, o.aud, o.bad, o.wrong, o.d[d.me] != nil)
			for _, s := range o.shares {
				add(nilIf(s))
			}
			for i := range d.n {
				for j := range d.n {
					add(nilIf(o.sealed[i][j]))
					add(nilIf(o.accused[i][j]))
				}
				b = fmt.Append(b, o.d[i] != nil)
			}
		}
	}
	return fmt.Sprint(string(b), len(d.decks), len(d.cheats), d.started)
}

// replay rebuilds party p's deck from its random seed and the steps.
func (tb *table) replay(p int) *Deck {
	tb.t.Helper()
	old := tb.decks[p]
	d, err := New(Config{ID: old.id, Cards: old.cards, Parties: old.n, Me: p, Rand: seededRand(tb.game, p), ChallengeProofs: old.challengeProofs})
	if err != nil {
		tb.t.Fatal(err)
	}
	for i, s := range tb.steps {
		if s.only == -1 || s.only == p {
			if _, err := s.f(d); err != nil {
				tb.t.Fatalf("replay step %d: %v", i, err)
			}
		}
	}
	return d
}
