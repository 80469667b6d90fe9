package fuzzing

import "testing"

// The input's bytes come first and steer every draw; then the stream,
// the same for the same seed, goes on.
func TestBytesThenStream(t *testing.T) {
	s := New([]byte{0, 7, 1, 2, 9}, 1)
	if got := s.Intn(10); got != 7 {
		t.Fatalf("Intn from bytes 0,7: %d", got)
	}
	if got := s.Intn(1000); got != 258 {
		t.Fatalf("Intn from bytes 1,2: %d", got)
	}
	if got := s.Byte(); got != 9 {
		t.Fatalf("Byte: %d", got)
	}
	a, b := New(nil, 5), New(nil, 5)
	for i := 0; i < 50; i++ {
		if x, y := a.Intn(1000), b.Intn(1000); x != y {
			t.Fatalf("draw %d: %d and %d from one seed", i, x, y)
		}
	}
	if Seed([]byte{1, 2}) == Seed([]byte{2, 1}) {
		t.Fatal("Seed ignores the order of the bytes")
	}
}
