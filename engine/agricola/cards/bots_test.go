package cards

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/bot"
	"tabula/engine/rng"
	"tabula/engine/sim"
)

// played counts the occupations and minor improvements played in one game
// (a traveling minor may be played more than once).
type played map[string]int

// playBots plays the card game of seed between bots of kind exactly as
// cmd/sim does (chance from rng.Seeded{seed}, bot i seeded with
// sim.BotSeed), counting the cards played.
func playBots(t testing.TB, players int, seed uint64, kind string) (played, *ag.State) {
	st, err := ag.Game{}.New(engine.Setup{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]bot.Bot, players)
	for i := range bots {
		bots[i], _ = bot.New(kind, sim.BotSeed(seed, i))
	}
	src := rng.Seeded{Seed: seed}
	out := played{}
	for k, n := 0, 0; ; n++ {
		s := st.Status()
		if s.Over {
			break
		}
		if n > 20000 {
			t.Fatal("game does not end")
		}
		if s.Chance != nil {
			if err := st.Resolve(src.Outcome(k, *s.Chance)); err != nil {
				t.Fatal(err)
			}
			k++
			continue
		}
		seat := s.Deciders[0]
		a := bots[seat].Choose(st, seat).(ag.Action)
		if err := st.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: %v: %v", seed, a, err)
		}
		if a.Name == ag.ActMinor || a.Name == ag.ActOccupation {
			out[a.Card]++
		}
	}
	return out, st.(*ag.State)
}

// BenchmarkBotsPlayCards plays b.N four-player card games between bots
// (greedy unless $AGRICOLA_BOTS says otherwise), seeds 1…b.N as
// `cmd/sim -game agricola -players 4` numbers them, and reports the cards
// played per game and how many of the 96 were never played. For the
// figure of the closing note: -benchtime 500x.
func BenchmarkBotsPlayCards(b *testing.B) {
	kind := "greedy"
	if k := os.Getenv("AGRICOLA_BOTS"); k != "" {
		kind = k
	}
	total := played{}
	games := 0
	for b.Loop() {
		p, _ := playBots(b, 4, uint64(games+1), kind)
		for id, n := range p {
			total[id] += n
		}
		games++
	}
	sum := 0
	var never []string
	for _, f := range table {
		sum += total[f.id]
		if total[f.id] == 0 {
			never = append(never, f.id)
		}
	}
	b.ReportMetric(float64(sum)/float64(games), "cards/game")
	b.ReportMetric(float64(len(never)), "never-played")
	if os.Getenv("AGRICOLA_CARDS_VERBOSE") != "" {
		ids := make([]string, 0, len(total))
		for id := range total {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		line := ""
		for _, id := range ids {
			line += id + ":" + strconv.Itoa(total[id]) + " "
		}
		b.Logf("%d games, never played %v\n%s", games, never, line)
	}
	_ = fmt.Sprint
}
