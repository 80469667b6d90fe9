package store

import (
	"errors"
	"sync"
)

// Failing wraps a KV and refuses the batch that holds its N-th write
// (writes counted one per key set or removed, from 1), as a storage that
// fills up or breaks at that point does: that batch is not applied, and
// every write after it goes through. Fault-injection tests run a store
// operation once per write point with it.
type Failing struct {
	KV
	N int

	mu     sync.Mutex
	writes int
	failed bool
}

// ErrInjected is the error a Failing returns.
var ErrInjected = errors.Join(ErrFull, errors.New("(injected)"))

func (f *Failing) Write(ops ...Op) error {
	f.mu.Lock()
	before := f.writes
	f.writes += len(ops)
	hit := !f.failed && f.N > before && f.N <= f.writes
	if hit {
		f.failed = true
	}
	f.mu.Unlock()
	if hit {
		return ErrInjected
	}
	return f.KV.Write(ops...)
}

// Writes is how many writes were asked for so far.
func (f *Failing) Writes() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.writes
}

// Failed reports whether the N-th write came (and was refused).
func (f *Failing) Failed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed
}
