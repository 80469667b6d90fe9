package p2p

import (
	"sort"

	"tabula/engine"
)

func containsSeat(ss []int, s int) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func sameSeats(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sortedSeats[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sort.Ints(out)
	return out
}

func seatsOf(ss []engine.Seat) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i] = int(s)
	}
	return out
}
