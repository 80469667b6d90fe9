package netplay

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"tabula/app/store"
)

// countKV counts writes.
type countKV struct {
	*store.Mem
	sets, bytes int
}

func (c *countKV) Set(k, v string) error { c.sets++; c.bytes += len(v); return c.Mem.Set(k, v) }

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
	_ = kv.Mem.Set(chunkKey(id, 2, 1), "AAAA")
	if _, err := sv.Seat(id, 2); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("damaged chunk: %v", err)
	}
	t.Logf("%d writes, %d bytes for 300 snapshots growing to %d bytes", kv.sets, kv.bytes, len(snap))
}
