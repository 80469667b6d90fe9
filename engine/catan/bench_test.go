package catan

import (
	"testing"

	"tabula/engine"
	"tabula/engine/rng"
)

// BenchmarkRandomGame plays one full 4-player game per op on a random
// board: seeded uniformly random legal actions (the allocation-free
// LegalActions/Do path bots use), rng.Seeded chance.
func BenchmarkRandomGame(b *testing.B) {
	benchGames(b, false)
}

// BenchmarkRandomGameInterface is the same through the engine.State
// interface: Status, Legal ([]engine.Action), Apply, Resolve.
func BenchmarkRandomGameInterface(b *testing.B) {
	benchGames(b, true)
}

func benchGames(b *testing.B, iface bool) {
	setup := engine.Setup{Players: 4, Options: map[string]string{OptBoard: BoardRandom}}
	actions, turns := 0, 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, _ := NewState(setup)
		seed := uint64(i)
		if iface {
			actions += playInterface(b, s, seed)
		} else {
			n, _ := playRandomGame(b, s, seed, 5000, nil)
			actions += n
		}
		turns += s.Turn
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

func playInterface(b *testing.B, st engine.State, seed uint64) int {
	src := rng.Seeded{Seed: seed}
	rp := newRandomPlayer(seed)
	k, n := 0, 0
	for {
		status := st.Status()
		switch {
		case status.Over:
			return n
		case status.Chance != nil:
			if err := st.Resolve(src.Outcome(k, *status.Chance)); err != nil {
				b.Fatal(err)
			}
			k++
		default:
			seat := status.Deciders[rp.r.IntN(len(status.Deciders))]
			acts := st.Legal(seat)
			if err := st.Apply(seat, acts[rp.r.IntN(len(acts))]); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
}

// positions samples states where a player must act, from a seeded game.
func positions(b *testing.B) []*State {
	s, _ := NewState(engine.Setup{Players: 4, Options: map[string]string{OptBoard: BoardRandom}})
	var out []*State
	steps := 0
	playRandomGame(b, s, 3, 5000, func() {
		steps++
		if steps%7 == 0 && !s.isChance() && s.Phase != PhaseOver {
			out = append(out, s.Copy())
		}
	})
	return out
}

func BenchmarkLegalActions(b *testing.B) {
	ps := positions(b)
	var buf []Action
	var dec []engine.Seat
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := ps[i%len(ps)]
		dec = s.deciders(dec[:0])
		buf = s.LegalActions(dec[0], buf[:0])
	}
}

func BenchmarkLegal(b *testing.B) {
	ps := positions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := ps[i%len(ps)]
		_ = s.Legal(s.Status().Deciders[0])
	}
}

// BenchmarkApply applies one legal action to a copy of a sampled position
// (the copy is part of the cost, as in a search).
func BenchmarkApply(b *testing.B) {
	ps := positions(b)
	type job struct {
		s    *State
		seat engine.Seat
		a    Action
	}
	var jobs []job
	rp := newRandomPlayer(9)
	for _, s := range ps {
		seat, a, _ := rp.pick(s)
		jobs = append(jobs, job{s, seat, a})
	}
	var c State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := jobs[i%len(jobs)]
		c = *j.s
		if err := c.Do(j.seat, j.a); err != nil {
			b.Fatal(err)
		}
	}
}

var sink engine.State

func BenchmarkClone(b *testing.B) {
	ps := positions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink = ps[i%len(ps)].Clone()
	}
}

// BenchmarkLegalCountAt is what a random bot does through
// engine.IndexedLegal: count, then take one action (boxed).
func BenchmarkLegalCountAt(b *testing.B) {
	ps := positions(b)
	var dec []engine.Seat
	var sinkAction engine.Action
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := ps[i%len(ps)]
		dec = s.deciders(dec[:0])
		n := s.LegalCount(dec[0])
		sinkAction = s.LegalAt(dec[0], i%n)
	}
	_ = sinkAction
}
