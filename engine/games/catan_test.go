package games_test

import (
	"runtime"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/rng"
)

// The greedy bot, through Catan's Evaluate alone, builds whenever it can
// build a Settlement or City (a road instead only when that rates higher,
// e.g. it takes Longest Road), and takes a maritime trade that makes a
// Settlement or City affordable when nothing else is to be bought.
// (Where a development card can be bought instead, Catan's Evaluate rates
// the card higher, and greedy buys it: that is the game's evaluation, not
// the bot's.)
func TestCatanGreedyBuildsAndTradesToBuild(t *testing.T) {
	g, err := engine.Lookup("catan")
	if err != nil {
		t.Fatal(err)
	}
	isBuild := func(k string) bool { return k == "build-settlement" || k == "build-city" }
	canBuild := func(l []engine.Action) bool {
		for _, a := range l {
			if isBuild(a.Kind()) {
				return true
			}
		}
		return false
	}
	builds, trades := 0, 0
	games := uint64(25)
	if runtime.GOOS == "js" {
		games = 10 // wasm in Node is ~20× slower
	}
	for seed := uint64(0); seed < games; seed++ {
		st, _ := engine.NewState(g, engine.Setup{Players: 4})
		greedy := bot.NewGreedy(seed)
		random, _ := bot.New("random", seed)
		src := rng.Seeded{Seed: seed}
		chance := 0
		for n := 0; !st.Status().Over; n++ {
			if n > 20000 {
				t.Fatalf("seed %d: no end", seed)
			}
			s := st.Status()
			if s.Chance != nil {
				if err := st.Resolve(src.Outcome(chance, *s.Chance)); err != nil {
					t.Fatal(err)
				}
				chance++
				continue
			}
			seat := s.Deciders[0]
			if seat != 0 {
				if err := st.Apply(seat, random.Choose(st, seat)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal := st.Legal(0)
			// A maritime trade that makes a build possible, when nothing
			// else can be bought.
			tradeToBuild := false
			if !canBuild(legal) {
				other := false
				for _, a := range legal {
					k := a.Kind()
					other = other || k == "buy-development" || strings.HasPrefix(k, "build-")
				}
				for _, a := range legal {
					if a.Kind() == "maritime-trade" && !other {
						c := st.Clone()
						tradeToBuild = tradeToBuild || c.Apply(0, a) == nil && canBuild(c.Legal(0))
					}
				}
			}
			a := greedy.Choose(st, 0)
			switch {
			case canBuild(legal):
				builds++
				if !strings.HasPrefix(a.Kind(), "build-") {
					t.Fatalf("seed %d: could build, chose %s", seed, a.Kind())
				}
			case tradeToBuild:
				trades++
				if a.Kind() != "maritime-trade" {
					t.Fatalf("seed %d: a maritime trade would allow a build, chose %s", seed, a.Kind())
				}
			}
			if err := st.Apply(0, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions with a build, %d with a trade that allows one", builds, trades)
	if builds < 20 {
		t.Fatalf("only %d positions with a build: the test saw too little", builds)
	}
}
