package engine_test

import (
	"testing"

	"tabula/engine"
)

// Any bytes at all: Load refuses or loads, never panics, and a file it loads
// re-encodes to a file that loads to the same state.
func FuzzLoad(f *testing.F) {
	m := play(f, 4, 2)
	good := engine.NewSave(m, []engine.SeatInfo{{"A", "human"}, {"B", "human"}}, engine.ChanceInfo{}, nil).Encode()
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte(`{"format":"tabula-save","version":1,"game":"test-race","rules":"test-race/1","setup":{"game":"test-race","players":2},"seats":[{},{}],"entries":[{"seat":-1,"chance":[9]}]}`))
	f.Add([]byte(`{"format":"tabula-save","version":1,"game":"test-race","rules":"test-race/1","setup":{"game":"test-race","players":99},"seats":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, save, err := engine.Load(data)
		if err != nil {
			return
		}
		again, _, err := engine.Load(engine.NewSave(got, save.Seats, save.Chance, save.Meta).Encode())
		if err != nil {
			t.Fatalf("re-encoded file refused: %v", err)
		}
		if engine.HashHex(again.State) != engine.HashHex(got.State) {
			t.Fatal("re-encoded file loads differently")
		}
	})
}
