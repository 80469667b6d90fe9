package p2p

import (
	"testing"
	"time"
)

func BenchmarkRestore(b *testing.B) {
	n := newMemnet(b, 3, 4)
	n.run(time.Minute)
	snap := n.peers[0].Snapshot()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Restore(Config{}, snap); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGame4 is one whole 4-seat Race over the in-memory network.
func BenchmarkGame4(b *testing.B) {
	for i := 0; i < b.N; i++ {
		n := newMemnet(b, uint64(i), 4)
		if !n.run(time.Hour) {
			b.Fatal("not finished")
		}
	}
}
