package p2p

import (
	"errors"
	"fmt"
	"testing"

	"tabula/engine/catan/citiesknights"
)

// Sealed Cities & Knights, 3 devices: one goes away mid-game and the
// others vote its seat to the bot, which plays to the end. A progress card
// the bot draws after the takeover is known to every device but not
// shown; Cities & Knights plays only a shown card, so the bot's move
// carries its shows (botShows). Before, all four of these games stalled
// for good: every device refused the bot's move alike (for example "show
// the Irrigation card first").
func TestSealedBotShowsItsCardsAfterATakeover(t *testing.T) {
	realGamesNatively(t)
	for _, c := range []struct {
		seed        uint64
		quitter, at int
	}{{201, 1, 150}, {202, 2, 300}, {203, 0, 220}, {204, 1, 400}} {
		t.Run(fmt.Sprint(c.seed), func(t *testing.T) {
			n, bots := newGreedyNetN(t, citiesknights.ID, 3, c.seed, true)
			q := c.quitter
			other := n.peers[(q+1)%3]
			last, still := 0, 0
			for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0); steps++ {
				if !n.down[q] && len(other.Entries()) >= c.at {
					n.down[q] = true
					n.tamper = func(from, to int, data []byte) [][]byte {
						if from == q {
							return nil
						}
						return [][]byte{data}
					}
				}
				n.step()
				greedyTurns(n, bots)
				if n.down[q] {
					n.vote([]int{q})
				}
				if e := len(other.Entries()); e != last {
					last, still = e, 0
				} else if still++; still > 20000 {
					break // stalled: reported below
				}
			}
			for s := range n.peers {
				for _, e := range n.events[s] {
					if s != q && e.Kind == EvRejected && errors.Is(e.Err, ErrBadBot) {
						t.Fatalf("device %d refused the bot's move: %v", s, e.Err)
					}
				}
			}
			if !n.allOver() || !other.Bot(q) {
				t.Fatalf("stalled at entry %d (seat %d the bot's: %v)", last, q, other.Bot(q))
			}
			n.checkSealedWithout(t, q)
			checkOwnFolds(t, n, q) // the bot's moves with their shows (appendShown)
			t.Logf("seat %d away from entry %d; the bot played it to the end at entry %d", q, c.at, len(other.Entries()))
		})
	}
}
