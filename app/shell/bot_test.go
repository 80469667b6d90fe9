package shell

import (
	"runtime/debug"
	"testing"
)

// A search's collector settings last as long as the search: the page runs
// with its own afterwards.
func TestRoomToSearchRestores(t *testing.T) {
	gc := debug.SetGCPercent(150)
	limit := debug.SetMemoryLimit(1 << 30)
	defer func() { debug.SetGCPercent(gc); debug.SetMemoryLimit(limit) }()

	restore := roomToSearch()
	if got := debug.SetGCPercent(-1); got != searchGC {
		t.Errorf("GOGC during a search: %d, want %d", got, searchGC)
	}
	debug.SetGCPercent(searchGC)
	if got := debug.SetMemoryLimit(-1); got != searchMemory {
		t.Errorf("memory limit during a search: %d, want %d", got, searchMemory)
	}
	restore()
	if got := debug.SetGCPercent(-1); got != 150 {
		t.Errorf("GOGC after a search: %d, want the page's 150", got)
	}
	debug.SetGCPercent(150)
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Errorf("memory limit after a search: %d, want the page's %d", got, 1<<30)
	}
}
