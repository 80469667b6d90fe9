package timelock

import (
	"flag"
	"testing"
)

var benchT = flag.Uint64("timelock.bench.t", 1<<16, "delay in squarings for BenchmarkForceOpen (DefaultT for the real figure)")

// The honest side's cost when a contribution is withheld: T squarings and
// the proof. ns/squaring × DefaultT is the figure for a real game (the
// cost is linear in T); -timelock.bench.t=4194304 measures it outright.
// Under wasm: GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run XXX -bench ForceOpen
func BenchmarkForceOpen(b *testing.B) {
	p, _ := Setup(RSA2048, Base(RSA2048), *benchT)
	cs, as := commitAll(p, 2, 1)
	_, w := withhold(as, 1)
	for b.Loop() {
		p.Force(cs, w, nil)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(*benchT), "ns/squaring")
	b.ReportMetric(float64(b.Elapsed().Seconds())/float64(b.N)*float64(DefaultT)/float64(*benchT), "s/force-at-DefaultT")
}

// The optimistic path (nobody withholds): every opening checked and the
// output computed, 4 seats.
func BenchmarkOptimisticRound(b *testing.B) {
	p := small()
	cs, as := commitAll(p, 4, 1)
	for b.Loop() {
		if _, err := p.Output(cs, as, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// One seat's commitment for a request.
func BenchmarkCommit(b *testing.B) {
	p := small()
	a := secret(0, 0)
	for b.Loop() {
		p.Commit(a)
	}
}
