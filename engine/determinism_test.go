package engine_test

import "testing"

// The same seeded game must reach the same state hash on every platform:
// `make test` runs this natively and again under js/wasm, both against the
// hash pinned here (written down from a native run).
func TestRaceHashIsPinnedAcrossPlatforms(t *testing.T) {
	const want = "b1a5453b22a5d8b1ab7e16e018e04a0bb1796e8b6fc906549092e6cf9e8f4c9b"
	m := play(t, 2026, 4)
	if got := engineHash(m); got != want {
		t.Fatalf("seed 2026 Race ends at %s, pinned %s", got, want)
	}
}
