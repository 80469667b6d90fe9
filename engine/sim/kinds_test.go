package sim

import (
	"fmt"
	"testing"
)

// kindSet answers "seen before" exactly, past its table into the spill
// list, for kinds that collide in the table and for the empty kind.
func TestKindSet(t *testing.T) {
	var ks kindSet
	var kinds []string
	kinds = append(kinds, "", "a", "end-turn", "build-road", "reject-trade", "accept-trade")
	for i := range 100 {
		kinds = append(kinds, fmt.Sprintf("k%02dx", i)) // same length, first and last byte: collide
	}
	for i, k := range kinds {
		if ks.seen(k) {
			t.Fatalf("%q reported seen before it was added", k)
		}
		for _, old := range kinds[:i+1] {
			if !ks.seen(old) {
				t.Fatalf("after %d kinds: %q not seen", i+1, old)
			}
		}
	}
	if len(ks.more) == 0 {
		t.Fatal("the spill list was never used")
	}
}
