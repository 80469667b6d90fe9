package gameui

import (
	"fmt"
	"testing"

	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/games"
	"tabula/engine/rng"
)

// Every refusal a game's rules can give a player is one ErrorText knows,
// so the player reads a sentence that says what to do, never the engine's
// text or the general "that did not work". Random games of every
// registered game are played; at each decision the engine is offered what
// a confused or stale screen could send: a move by a seat that is not
// deciding, a move that was legal earlier, a chance outcome out of range
// or when none is awaited, and anything at all after the end.
func TestEveryRefusalHasASentence(t *testing.T) {
	i18n.SetLang(i18n.English)
	other := T("err.other")
	tried := map[string]int{}
	check := func(game, what string, err error) {
		t.Helper()
		if err == nil {
			return
		}
		tried[game]++
		if s := ErrorText(err); s == other || s == "" {
			t.Errorf("%s, %s: %q reaches the player as %q", game, what, err, s)
		}
	}
	for _, line := range games.List {
		id := line.ID
		g, err := engine.Lookup(id)
		if err != nil {
			continue // coming soon
		}
		for seed := uint64(1); seed <= 3; seed++ {
			players := g.MinPlayers() + int(seed)%(g.MaxPlayers()-g.MinPlayers()+1)
			st, err := engine.NewState(g, engine.Setup{Game: id, Players: players})
			if err != nil {
				t.Fatal(err)
			}
			src := rng.Seeded{Seed: seed}
			pick := rng.NewStream([]byte(fmt.Sprintf("refusals/%s/%d", id, seed)))
			var stale []engine.Action
			for k := 0; k < 3000; k++ {
				status := st.Status()
				if status.Over {
					check(id, "a move after the end", st.Apply(0, stale[0]))
					check(id, "dice after the end", st.Resolve(engine.Outcome{0}))
					break
				}
				if status.Chance != nil {
					bad := make(engine.Outcome, len(status.Chance.Ranges))
					for i, r := range status.Chance.Ranges {
						bad[i] = r
					}
					check(id, "an outcome out of range", st.Clone().Resolve(bad))
					check(id, "a move while the dice roll", st.Clone().Apply(0, stale0(stale)))
					if err := st.Resolve(src.Outcome(k, *status.Chance)); err != nil {
						t.Fatal(err)
					}
					continue
				}
				seat := status.Deciders[0]
				legal := st.Legal(seat)
				for s := 0; s < players; s++ {
					if !status.Decides(engine.Seat(s)) {
						check(id, "a move out of turn", st.Clone().Apply(engine.Seat(s), legal[0]))
						break
					}
				}
				check(id, "an outcome nobody awaits", st.Clone().Resolve(engine.Outcome{0}))
				for _, a := range stale {
					if err := st.Clone().Apply(seat, a); err != nil {
						check(id, "a move legal earlier", err)
					}
				}
				a := legal[pick.Intn(len(legal))]
				if len(stale) < 6 {
					stale = append(stale, a)
				} else {
					stale[pick.Intn(len(stale))] = a
				}
				if err := st.Apply(seat, a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, id := range []string{"catan", "burgundy"} {
		if tried[id] < 100 {
			t.Errorf("%s: only %d refusals tried", id, tried[id])
		}
	}
	t.Logf("refusals tried: %v", tried)
}

func stale0(s []engine.Action) engine.Action {
	if len(s) == 0 {
		return nil
	}
	return s[0]
}
