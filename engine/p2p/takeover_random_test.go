package p2p

import (
	"testing"
	"time"
)

// Random games: 2–4 seats, one or two seats leave at a random point, with
// and without network faults; the rest vote them out and finish identically.
func TestRandomTakeovers(t *testing.T) {
	for seed := uint64(100); seed < 100+uint64(scaled(40, 10)); seed++ { // 10 seeds: 2–4 seats, both fault settings
		players := 2 + int(seed%3)
		n := newMemnet(t, seed, players)
		if seed%5 < 2 {
			n.dupPerMille, n.dropPerMille, n.minDelay, n.maxDelay = 200, 100, time.Millisecond, 150*time.Millisecond
		}
		for h, _ := n.peers[1].Head(); (h < 2+seed%20 || !n.peers[1].Started()) && !n.allOver(); h, _ = n.peers[1].Head() {
			n.step()
		}
		gone := []int{int(seed/3) % players}
		if players == 4 && seed%2 == 0 {
			gone = append(gone, (gone[0]+1)%players)
			gone = sortedInts(gone)
		}
		for _, x := range gone {
			n.down[x] = true
		}
		if n.allOver() {
			continue
		}
		if !n.runVoting(30*time.Minute, gone) {
			t.Fatalf("seed %d: not finished", seed)
		}
		if kinds(n.peers[n.live()[0]])[KindBot] == 0 {
			continue
		}
		n.checkTakenOver(gone)
	}
}

// Random games: a seat leaves, is voted out, returns (rolling back what it
// did alone, if anything) and reclaims its seat; with and without faults.
func TestRandomReclaims(t *testing.T) {
	for seed := uint64(100); seed < 100+uint64(scaled(30, 6)); seed++ { // 6 seeds: each seat leaves, with and without faults
		n := newMemnet(t, seed, 3)
		if seed%2 == 0 {
			n.dupPerMille, n.dropPerMille, n.minDelay, n.maxDelay = 200, 100, time.Millisecond, 150*time.Millisecond
		}
		n.untilHead(1, 6)
		x := int(seed % 3)
		n.down[x] = true
		other := (x + 1) % 3
		for steps := 0; !n.peers[other].Bot(x); steps++ {
			if steps > 1_000_000 || n.allOver() {
				break
			}
			n.step()
			n.vote([]int{x})
		}
		if n.allOver() {
			continue
		}
		n.down[x] = false
		for s := range n.peers {
			if s != x {
				n.connect(x, s)
			}
		}
		for steps := 0; !n.peers[x].Bot(x) && steps < 100000; steps++ {
			n.step()
		}
		if n.peers[x].Bot(x) {
			o, err := n.peers[x].Reclaim()
			if err != nil {
				t.Fatal(err)
			}
			n.handle(x, o)
		}
		if !n.run(30 * time.Minute) {
			t.Fatalf("seed %d not finished", seed)
		}
		n.sameLogs()
		// While a returning seat's branch and ours converge (its own
		// reclaim against our bot move), entries of the losing branch
		// are refused as not following the head: that is all.
		n.noRejectionsBut(ErrBadPrev)
	}
}
