package citiesknights

import (
	"math/bits"
	"testing"

	"tabula/engine/catan"
)

// chain walks from v along the lowest-numbered new neighbour n steps.
func chain(v, n int) []int {
	out := []int{v}
	for len(out) <= n {
		last := out[len(out)-1]
		for _, w := range catan.Island.VertexVertices[last] {
			fresh := true
			for _, x := range out {
				fresh = fresh && x != w
			}
			if fresh {
				out = append(out, w)
				break
			}
		}
	}
	return out
}

func noRoads() []int8 {
	r := make([]int8, catan.NumEdges)
	for i := range r {
		r[i] = -1
	}
	return r
}

func setOf(vs ...int) uint64 {
	var m uint64
	for _, v := range vs {
		m |= 1 << uint(v)
	}
	return m
}

func TestKnightReach(t *testing.T) {
	c := chain(20, 4) // five intersections a … e
	roads := noRoads()
	for i := 0; i < 3; i++ { // a-b-c-d are seat 0's roads
		roads[pathBetween(t, c[i], c[i+1])] = 0
	}
	roads[pathBetween(t, c[3], c[4])] = 1 // d-e is seat 1's
	if got, want := KnightReach(roads, 0, c[0], 0), setOf(c[1], c[2], c[3]); got != want {
		t.Errorf("free road: reach %b, want %b", got, want)
	}
	// An opponent's piece on c is reached (to displace it) but not passed.
	if got, want := KnightReach(roads, 0, c[0], setOf(c[2])), setOf(c[1], c[2]); got != want {
		t.Errorf("blocked at c: reach %b, want %b", got, want)
	}
	// Seat 1 travels only on its own road.
	if got, want := KnightReach(roads, 1, c[4], 0), setOf(c[3]); got != want {
		t.Errorf("seat 1: reach %b, want %b", got, want)
	}
	if got := RoadEnds(roads, 0); got != setOf(c[0], c[1], c[2], c[3]) {
		t.Errorf("road ends %b", got)
	}
}

func TestOpenRoad(t *testing.T) {
	c := chain(30, 3)
	roads := noRoads()
	ab, bc, cd := pathBetween(t, c[0], c[1]), pathBetween(t, c[1], c[2]), pathBetween(t, c[2], c[3])
	roads[ab], roads[bc] = 2, 2
	settlement := setOf(c[0])
	if OpenRoad(roads, ab, settlement) {
		t.Error("a-b joins a settlement and another road: closed")
	}
	if !OpenRoad(roads, bc, settlement) {
		t.Error("b-c ends in nothing at c: open")
	}
	if OpenRoad(roads, bc, settlement|setOf(c[2])) {
		t.Error("a knight (or building) of the owner at c closes b-c")
	}
	if OpenRoad(roads, cd, settlement) {
		t.Error("no road on c-d")
	}
	roads[cd] = 1 // another player's road at c does not close b-c
	if !OpenRoad(roads, bc, settlement) {
		t.Error("an opponent's road does not close b-c")
	}
}

// HexCorners, a table, is the six corners of the island's hex.
func TestHexCornersTable(t *testing.T) {
	for h := 0; h < catan.NumHexes; h++ {
		var want uint64
		for _, v := range catan.Island.HexVertices[h] {
			want |= 1 << uint(v)
		}
		if got := HexCorners(h); got != want || bits.OnesCount64(got) != 6 {
			t.Errorf("hex %d: corners %x, want %x", h, got, want)
		}
	}
}
