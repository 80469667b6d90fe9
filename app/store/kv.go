package store

import (
	"errors"
	"sort"
	"strings"
	"sync"
)

// KV is the storage the app writes to: string keys and values, read one
// at a time and written in batches. A batch applies whole or not at all
// (the browser database's transaction), so every save of the app is one
// Write and a failed save leaves what was stored before as it was.
type KV interface {
	Get(key string) (string, bool)
	// Keys lists the stored keys, sorted.
	Keys() []string
	// Write applies ops in order, all of them or, on error, none.
	Write(ops ...Op) error
}

// Op is one write of a batch: a value to store under Key, or Key removed.
type Op struct {
	Key, Value string
	Delete     bool
}

// Set stores v under k.
func Set(k, v string) Op { return Op{Key: k, Value: v} }

// Del removes k.
func Del(k string) Op { return Op{Key: k, Delete: true} }

// ErrFull: the device refused the write for lack of room (the browser's
// quota for the site). Nothing of the batch was stored.
var ErrFull = errors.New("the storage for Tabula on this device is full")

// Usage is how much a KV holds, when it can tell: bytes used and the
// most it may hold (0 when unknown).
type Usage struct{ Used, Quota int64 }

// Sizer is a KV that knows its usage (the browser's estimate).
type Sizer interface{ Usage() (Usage, bool) }

// Mem is an in-memory KV for tests and for browsers without storage.
type Mem struct {
	mu sync.Mutex
	m  map[string]string
	// Fail, when set, makes Write fail (a full or refused storage).
	Fail error
	// Quota, when over 0, refuses a batch that would make the keys and
	// values hold more bytes than it, with ErrFull.
	Quota int64
}

// NewMem returns an empty Mem.
func NewMem() *Mem { return &Mem{m: map[string]string{}} }

func (s *Mem) Get(k string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[k]
	return v, ok
}

func (s *Mem) Write(ops ...Op) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail != nil {
		return s.Fail
	}
	if s.Quota > 0 {
		used := s.used()
		for _, o := range ops {
			if old, ok := s.m[o.Key]; ok {
				used -= int64(len(o.Key) + len(old))
			}
			if !o.Delete {
				used += int64(len(o.Key) + len(o.Value))
			}
		}
		if used > s.Quota {
			return ErrFull
		}
	}
	for _, o := range ops {
		if o.Delete {
			delete(s.m, o.Key)
		} else {
			s.m[o.Key] = o.Value
		}
	}
	return nil
}

func (s *Mem) used() int64 {
	var n int64
	for k, v := range s.m {
		n += int64(len(k) + len(v))
	}
	return n
}

// Usage is the bytes of keys and values held, and the Quota.
func (s *Mem) Usage() (Usage, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Usage{Used: s.used(), Quota: s.Quota}, true
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

// Dump is every key and value (tests compare stored states).
func (s *Mem) Dump() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]string, len(s.m))
	for k, v := range s.m {
		out[k] = v
	}
	return out
}

// KeysUnder lists the keys of kv that start with prefix, sorted.
func KeysUnder(kv KV, prefix string) []string {
	var out []string
	for _, k := range kv.Keys() {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	return out
}
