package netplay

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"tabula/app/store"
)

// countKV counts writes.
type countKV struct {
	*store.Mem
	sets, bytes int
}

func (c *countKV) Write(ops ...store.Op) error {
	for _, o := range ops {
		c.sets++
		c.bytes += len(o.Value)
	}
	return c.Mem.Write(ops...)
}

// Snapshots that grow by appending are stored by rewriting only the
// chunks that changed, and always read back exactly; a damaged chunk is
// reported, not returned.
func TestSeatChunks(t *testing.T) {
	kv := &countKV{Mem: store.NewMem()}
	sv := Saved{KV: kv}
	id := strings.Repeat("ab", 16)
	r := rand.New(rand.NewPCG(1, 2))
	snap := make([]byte, 0, 1<<20)
	var prev []byte
	for step := 0; step < 300; step++ {
		next := append([]byte(nil), snap...)
		if len(next) > 40 {
			next[40] = byte(step) // the entry count near the start changes
		}
		for i := 0; i < 300+r.IntN(900); i++ {
			next = append(next, byte(r.Uint32()))
		}
		if err := sv.PutSeat(id, 2, next, prev); err != nil {
			t.Fatal(err)
		}
		got, err := sv.Seat(id, 2)
		if err != nil || !bytes.Equal(got, next) {
			t.Fatalf("step %d: read back %d bytes (%v), want %d", step, len(got), err, len(next))
		}
		snap, prev = next, next
	}
	// Final size ~100 KB: rewriting all of it every time would have cost
	// ~20 MB of writes (base64).
	if kv.bytes > 4<<20 {
		t.Fatalf("wrote %d bytes for %d snapshots of up to %d bytes", kv.bytes, 300, len(snap))
	}
	// A shorter snapshot drops the chunks past its end.
	short := snap[:chunkSize+10]
	if err := sv.PutSeat(id, 2, short, snap); err != nil {
		t.Fatal(err)
	}
	if got, err := sv.Seat(id, 2); err != nil || !bytes.Equal(got, short) {
		t.Fatalf("shrunk snapshot: %v", err)
	}
	if _, ok := kv.Get(chunkKey(id, 2, 3)); ok {
		t.Fatal("a chunk past the end was kept")
	}
	// An old chunk under a new header (a crash between writes) is caught.
	_ = kv.Mem.Write(store.Set(chunkKey(id, 2, 1), "AAAA"))
	if _, err := sv.Seat(id, 2); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("damaged chunk: %v", err)
	}
	t.Logf("%d writes, %d bytes for 300 snapshots growing to %d bytes", kv.sets, kv.bytes, len(snap))
}

// A refused write at any point of storing a seat, a game's meta or
// deleting a game leaves what was stored before readable, byte for byte;
// storing a seat's snapshot rewrote chunks before its header and lost the
// seat when the header's write was refused.
func TestEveryFailedSeatWriteKeepsTheSeat(t *testing.T) {
	id := strings.Repeat("cd", 16)
	r := rand.New(rand.NewPCG(3, 4))
	grow := func(b []byte, n int) []byte {
		out := append([]byte(nil), b...)
		if len(out) > 40 {
			out[40]++
		}
		for range n {
			out = append(out, byte(r.Uint32()))
		}
		return out
	}
	first := grow(nil, 3*chunkSize+100)
	longer := grow(first, 2*chunkSize)
	shorter := first[:chunkSize+7]
	meta := &Meta{ID: id, Game: "catan", Names: []string{"Ana", "Bruno", "Caio"}, Colors: []int{0, 1, 2}, Seat: 1, Entries: 40}
	fresh := func() *store.Mem {
		kv := store.NewMem()
		sv := Saved{KV: kv}
		if err := sv.PutMeta(meta); err != nil {
			t.Fatal(err)
		}
		for seat := 0; seat < 2; seat++ {
			if err := sv.PutSeat(id, seat, first, nil); err != nil {
				t.Fatal(err)
			}
		}
		return kv
	}
	later := *meta
	later.Entries = 41
	points := 0
	for _, c := range []struct {
		name string
		op   func(Saved) error
		want []byte // seat 1 after the op
	}{
		{"a longer snapshot", func(s Saved) error { return s.PutSeat(id, 1, longer, first) }, longer},
		{"a snapshot unknown before", func(s Saved) error { return s.PutSeat(id, 1, longer, nil) }, longer},
		{"a shorter snapshot", func(s Saved) error { return s.PutSeat(id, 1, shorter, first) }, shorter},
		{"the meta", func(s Saved) error { return s.PutMeta(&later) }, first},
		{"the game deleted", func(s Saved) error { return s.Delete(id) }, nil},
	} {
		for n := 1; ; n++ {
			kv := fresh()
			before := kv.Dump()
			f := &store.Failing{KV: kv, N: n}
			err := c.op(Saved{KV: f})
			sv := Saved{KV: kv}
			if !f.Failed() {
				got, gerr := sv.Seat(id, 1)
				if err != nil || (c.want != nil && (gerr != nil || !bytes.Equal(got, c.want))) || (c.want == nil && gerr == nil) {
					t.Errorf("%s without a failure: %v, read back %d bytes (%v)", c.name, err, len(got), gerr)
				}
				break
			}
			points++
			if err == nil {
				t.Errorf("%s: write %d refused and nothing said", c.name, n)
			}
			if !maps.Equal(kv.Dump(), before) {
				t.Errorf("%s: write %d refused and the store changed", c.name, n)
			}
			for seat := 0; seat < 2; seat++ {
				if got, err := sv.Seat(id, seat); err != nil || !bytes.Equal(got, first) {
					t.Errorf("%s: write %d refused: seat %d reads %v", c.name, n, seat, err)
				}
			}
			if m, err := sv.Meta(id); err != nil || m.Entries != 40 {
				t.Errorf("%s: write %d refused: meta %v", c.name, n, err)
			}
		}
	}
	t.Logf("%d write points refused one by one: both seats and the meta readable each time", points)
}

// A damaged header claiming a huge snapshot is refused before anything
// of that size is allocated.
func TestSeatHeaderLengthChecked(t *testing.T) {
	id := strings.Repeat("ef", 16)
	kv := store.NewMem()
	sv := Saved{KV: kv}
	gib := `{"len":1073741824,"crc":[0` + strings.Repeat(",0", 1<<30/chunkSize-1) + `]}`
	for _, h := range []string{gib, `{"len":1073741824,"crc":[]}`, `{"len":-1,"crc":[]}`, `{"len":5,"crc":[1,2]}`, `{"len":` + strings.Repeat("9", 40) + `}`} {
		_ = kv.Write(store.Set(seatKey(id, 0), h))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := sv.Seat(id, 0)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("header %.40s: %v", h, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("header %.40s: %d bytes allocated to refuse it", h, n)
		}
	}
	// A chunk longer than a chunk is damage too, not a large allocation.
	if err := sv.PutSeat(id, 0, []byte("abc"), nil); err != nil {
		t.Fatal(err)
	}
	_ = kv.Write(store.Set(chunkKey(id, 0, 0), strings.Repeat("A", 1<<20)))
	if _, err := sv.Seat(id, 0); err == nil {
		t.Error("an overlong chunk was read")
	}
}
