package bot_test

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"tabula/engine/bot"
)

// hardGames are the games whose hard decisions were made cheaper (fast
// paths in their ratings, listings and copies) without changing any
// choice: each digest, of n searches, is from the code before that work.
var hardGames = []struct {
	game    string
	players int
	n       int
	digest  string
}{
	{"traders-barbarians", 4, 10, "f3f7d1c702a43683e9ff85bcc39fa1fa3b445633d26553c18d247508511b857f"},
	{"cities-knights", 4, 10, "ea7f73bc132e709e730dd5565bd3f990b669a21b30ad1d8bbe6cc3b5efa3a764"},
	{"burgundy", 4, 6, "200c2de6a5336cf38e4366aae43cf331ba431307314de1974ef39e524d2f9288"},
	{"burgundy", 2, 6, "6a04be8bda8705c9b634afbd7b40b7c232629ed1a0e0106b5d2564dc1a4b0873"},
	{"agricola", 4, 3, "a3237219611ad9ffae344c74b618ce40f3c10199c0eaa544cb6327474c9c85c6"},
	{"agricola", 2, 3, "853789a8480e45ea603b890f689e812ab4062681e9d5287d82c4458ab8b246ff"},
}

// hardDigest is a digest of n hard searches (choice, root visits and
// means) on positions of a greedy game of id.
func hardDigest(t *testing.T, id string, players, n int) string {
	t.Helper()
	h := sha256.New()
	for i, s := range decisions(t, id, players, 3, 11, n) {
		m, _ := bot.NewMCTS("hard", uint64(40+i))
		m.Horizon = bot.HorizonPerSeat * players // the horizon of the code pinned
		seat := s.Status().Deciders[0]
		a := m.ChooseMove(s, seat, i)
		fmt.Fprintf(h, "%s %v %.9f\n", encode(t, a), m.Last.Visits, m.Last.Means)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// The speed work keeps every hard search bit for bit: a digest of hard
// searches on positions of greedy play per expansion, pinned from the code
// before it.
func TestHardSearchesPinned(t *testing.T) {
	if testing.Short() {
		t.Skip("hard searches")
	}
	for _, c := range hardGames {
		if got := hardDigest(t, c.game, c.players, c.n); got != c.digest {
			t.Errorf("%s %dp: hard searches digest %s, pinned %s", c.game, c.players, got, c.digest)
		}
	}
}

// decisionTable is the table of costs per hard decision the bot's speed
// is followed by: every game, 4 players, and the other player counts
// whose cost differs most.
var decisionTable = []struct {
	game    string
	players int
}{
	{"catan", 4}, {"cities-knights", 4}, {"traders-barbarians", 4},
	{"burgundy", 2}, {"burgundy", 4}, {"agricola", 1}, {"agricola", 2}, {"agricola", 4},
}

// BenchmarkHard: one hard decision per op over 12 positions of a greedy
// game of each case of decisionTable, on the clock and in CPU time (which
// a loaded machine does not inflate):
//
//	go test -run '^$' -bench 'Hard$' -benchtime 12x ./engine/bot
func BenchmarkHard(b *testing.B) {
	for _, c := range decisionTable {
		pos := decisions(&testing.T{}, c.game, c.players, 5, 7, 12)
		b.Run(fmt.Sprintf("%s-%dp", c.game, c.players), func(b *testing.B) {
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				s := pos[i%len(pos)]
				m, _ := bot.NewMCTS("hard", uint64(i))
				m.ChooseMove(s, s.Status().Deciders[0], i)
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/decision")
			b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/decision")
		})
	}
}
