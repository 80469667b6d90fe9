//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/engine/sim"
	"tabula/engine/sim/simtest"
)

// simRun runs the command in-process and returns the exit code, stdout and
// stderr.
func simRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"-quiet"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// lastJSON decodes the last stdout line, which must be the only JSON object.
func lastJSON(t *testing.T, out string) summary {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	var s summary
	dec := json.NewDecoder(strings.NewReader(lines[len(lines)-1]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("last line %q is not the summary: %v", lines[len(lines)-1], err)
	}
	return s
}

func TestSimPlaysRace(t *testing.T) {
	code, out, errs := simRun(t, "-game", enginetest.ID, "-players", "3", "-games", "60", "-seed", "5", "-bots", "greedy,random,random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	s := lastJSON(t, out)
	if s.Game != enginetest.ID || s.Players != 3 || s.Games != 60 || s.Completed != 60 || s.Failed != 0 ||
		s.InvariantViolations != 0 || s.Seed != 5 || strings.Join(s.Bots, ",") != "greedy,random,random" {
		t.Fatalf("summary %+v", s)
	}
	if len(s.Wins) != 3 || s.Wins[0]+s.Wins[1]+s.Wins[2] != 60 || s.Wins[0] <= s.Wins[1] || s.Wins[0] <= s.Wins[2] {
		t.Fatalf("wins %v: every game has one winner, and greedy should lead", s.Wins)
	}
	if len(s.MeanScores) != 3 || s.ActionsPerGame <= 0 || s.GamesPerSec <= 0 || math.Abs(s.WinRate[0]-float64(s.Wins[0])/60) > 1e-4 {
		t.Fatalf("summary %+v", s)
	}
	// The raw line carries the documented key names.
	for _, k := range []string{`"games_per_sec":`, `"actions_per_game":`, `"wins":[`, `"invariant_violations":0`, `"mean_scores":[`, `"seed":5`, `"bots":[`} {
		if !strings.Contains(out, k) {
			t.Fatalf("summary lacks %s: %s", k, out)
		}
	}
}

// Game i is played with seed -seed+i, whatever the parallelism: the totals
// of one run equal the sums of its games run alone.
func TestSimGamesAreTheirSeeds(t *testing.T) {
	_, out, _ := simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "8", "-seed", "40", "-parallel", "3")
	all := lastJSON(t, out)
	wins := []int{0, 0}
	for seed := 40; seed < 48; seed++ {
		_, out, _ := simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "1", "-seed", itoa(seed))
		one := lastJSON(t, out)
		wins[0] += one.Wins[0]
		wins[1] += one.Wins[1]
	}
	if all.Wins[0] != wins[0] || all.Wins[1] != wins[1] || all.Parallel != 3 {
		t.Fatalf("run of 8: wins %v, games alone: %v", all.Wins, wins)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// A game that breaks makes sim fail and name the seed, with a re-run line
// that reproduces it.
func TestSimFailsOnBrokenGame(t *testing.T) {
	for _, mode := range []string{"invariant", "panic"} {
		code, out, errs := simRun(t, "-game", simtest.ID, "-players", "2", "-games", "30", "-seed", "100", "-opt", "break="+mode)
		if code != 1 {
			t.Fatalf("%s: exit %d, want 1", mode, code)
		}
		s := lastJSON(t, out)
		if s.Failed == 0 || s.Completed == 0 || s.Failed+s.Completed != 30 || len(s.FailedSeeds) != s.Failed {
			t.Fatalf("%s: summary %+v: the fault strikes some seeds only", mode, s)
		}
		if mode == "panic" && s.Panics != s.Failed || mode == "invariant" && s.InvariantViolations != s.Failed {
			t.Fatalf("%s: failures misclassified: %+v", mode, s)
		}
		bad := s.FailedSeeds[0]
		if !strings.Contains(errs, "FAILED game seed "+itoa(int(bad))+":") ||
			!strings.Contains(errs, "-seed "+itoa(int(bad))+" -games 1 -opt break="+mode) {
			t.Fatalf("%s: stderr does not name seed %d with a re-run line:\n%s", mode, bad, errs)
		}
		// The re-run line reproduces the failure alone.
		code, out, _ = simRun(t, "-game", simtest.ID, "-players", "2", "-games", "1", "-seed", itoa(int(bad)), "-opt", "break="+mode)
		if code != 1 || lastJSON(t, out).Failed != 1 {
			t.Fatalf("%s: seed %d alone: exit %d", mode, bad, code)
		}
	}
}

func TestSimFailsAtTheActionCap(t *testing.T) {
	code, out, errs := simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "3", "-max-actions", "2")
	if s := lastJSON(t, out); code != 1 || s.Capped != 3 || s.Failed != 3 {
		t.Fatalf("exit %d, summary %+v", code, s)
	}
	if !strings.Contains(errs, "action cap exceeded") || !strings.Contains(errs, "-max-actions 2") {
		t.Fatalf("stderr: %s", errs)
	}
}

func TestSimRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "no-such-game"},
		{"-game", enginetest.ID, "-players", "5"},
		{"-game", enginetest.ID, "-players", "3", "-bots", "greedy,random"},
		{"-game", enginetest.ID, "-bots", "clever"},
		{"-game", enginetest.ID, "-games", "0"},
		{"-game", enginetest.ID, "-runner", "carrier-pigeon"},
		{"-game", enginetest.ID, "-opt", "novalue"},
		{"-game", enginetest.ID, "stray"},
		{"-game", enginetest.ID, "-check", "often"},
		{"-game", enginetest.ID, "-check", "sample", "-check-every", "0"},
	} {
		code, out, errs := simRun(t, args...)
		if code != 2 || out != "" || errs == "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// -save writes one loadable file per game.
func TestSimSavesGames(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "3", "-seed", "9", "-save", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for seed := 9; seed < 12; seed++ {
		data, err := os.ReadFile(filepath.Join(dir, "test-race-2p-seed"+itoa(seed)+".json"))
		if err != nil {
			t.Fatal(err)
		}
		m, s, err := engine.Load(data)
		if err != nil || !m.State.Status().Over || *s.Chance.Seed != uint64(seed) {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// A runner registered by another file is used by name.
func TestSimUsesPluggedRunner(t *testing.T) {
	called := 0
	runners["counting"] = func(spec simSpec) simResult {
		called++
		return runners["direct"](spec)
	}
	defer delete(runners, "counting")
	code, out, _ := simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "4", "-runner", "counting")
	if code != 0 || called != 4 || lastJSON(t, out).Runner != "counting" {
		t.Fatalf("exit %d, runner called %d times", code, called)
	}
}

type (
	simSpec   = sim.Spec
	simResult = sim.Result
)

// The real games run through the command too (a few games: engine/games
// tests them further).
func TestSimPlaysCatan(t *testing.T) {
	code, out, errs := simRun(t, "-game", "catan", "-players", "4", "-games", "3", "-seed", "1", "-bots", "greedy,random,random,random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if s := lastJSON(t, out); s.Completed != 3 || s.Wins[0]+s.Wins[1]+s.Wins[2]+s.Wins[3] != 3 || s.ActionsPerGame < 100 {
		t.Fatalf("summary %+v", s)
	}
}

// -check changes what is checked, not the games: the same totals in every
// mode, the mode in the summary, and a failing seed's re-run line keeps it.
func TestSimCheckModes(t *testing.T) {
	var first summary
	for i, mode := range []string{"step", "sample", "end"} {
		code, out, errs := simRun(t, "-game", "catan", "-players", "4", "-games", "3", "-seed", "2", "-check", mode, "-check-every", "10")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, errs)
		}
		s := lastJSON(t, out)
		if s.Check != mode || (mode == "sample") != (s.CheckEvery == 10) {
			t.Fatalf("%s: summary says check %q every %d", mode, s.Check, s.CheckEvery)
		}
		if i == 0 {
			first = s
		} else if s.ActionsPerGame != first.ActionsPerGame || s.ChancePerGame != first.ChancePerGame ||
			!slices.Equal(s.Wins, first.Wins) || !slices.Equal(s.MeanScores, first.MeanScores) {
			t.Fatalf("%s played other games: %+v, step: %+v", mode, s, first)
		}
	}
	code, _, errs := simRun(t, "-game", simtest.ID, "-players", "2", "-games", "30", "-seed", "100", "-opt", "break=panic", "-check", "sample", "-check-every", "5")
	if code != 1 || !strings.Contains(errs, "-opt break=panic -check sample -check-every 5") {
		t.Fatalf("exit %d; the re-run line lacks the check flags:\n%s", code, errs)
	}
}

// -cpuprofile writes a profile.
func TestSimWritesCPUProfile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "cpu.prof")
	if code, _, errs := simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "20", "-cpuprofile", name); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if fi, err := os.Stat(name); err != nil || fi.Size() == 0 {
		t.Fatalf("profile: %v", err)
	}
}

// -kinds reports the mean number of actions of each kind per game; the
// means add up to the actions per game.
func TestSimCountsKinds(t *testing.T) {
	code, out, errs := simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "5", "-kinds")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	s := lastJSON(t, out)
	sum := 0.0
	for _, n := range s.KindsPerGame {
		sum += n
	}
	if len(s.KindsPerGame) == 0 || math.Abs(sum-s.ActionsPerGame) > 0.1*float64(len(s.KindsPerGame)) {
		t.Fatalf("kinds %v add up to %v, actions per game %v", s.KindsPerGame, sum, s.ActionsPerGame)
	}
	code, out, _ = simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "5")
	if code != 0 || lastJSON(t, out).KindsPerGame != nil {
		t.Fatal("no kinds without -kinds")
	}
}

// Wilson score intervals at 95%, against values worked by hand.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{0, 10, 0, 0.2775}, {5, 10, 0.2366, 0.7634}, {200, 400, 0.4512, 0.5488}, {10, 10, 0.7225, 1}} {
		lo, hi := wilson(c.k, c.n)
		if math.Abs(lo-c.lo) > 1e-4 || math.Abs(hi-c.hi) > 1e-4 {
			t.Errorf("wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// -budget gives every search bot its iterations per decision; the win
// rates come with their intervals, in the summary and on stderr.
func TestSimSearchBotBudget(t *testing.T) {
	code, out, errs := simRun(t, "-game", enginetest.ID, "-players", "2", "-games", "4", "-bots", "mcts,greedy", "-budget", "8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	s := lastJSON(t, out)
	if strings.Join(s.Bots, ",") != "mcts:8,greedy" || s.Budget != 8 || s.Completed != 4 {
		t.Fatalf("summary %+v", s)
	}
	for i, ci := range s.WinCI95 {
		if !(ci[0] <= s.WinRate[i] && s.WinRate[i] <= ci[1]) || ci[1]-ci[0] < 0.3 {
			t.Fatalf("seat %d: win rate %v outside or too sure of its interval %v", i, s.WinRate[i], ci)
		}
	}
	if !strings.Contains(errs, "seat 0 mcts:8") || !strings.Contains(errs, "95% CI") {
		t.Fatalf("stderr lacks the intervals:\n%s", errs)
	}
	if code, _, errs := simRun(t, "-game", enginetest.ID, "-bots", "mcts-hard:0"); code != 2 || !strings.Contains(errs, "budget") {
		t.Fatalf("a zero budget in a kind: exit %d, %s", code, errs)
	}
}

// -rotate seats the listed bots around the table by a shift drawn from
// each game's seed, and counts wins and scores by list entry: greedy
// listed first keeps its lead wherever it sat, and it sat everywhere.
func TestSimRotatesTheSeats(t *testing.T) {
	seen := map[int]int{}
	for i := range 60 {
		seen[sim.SeatShift(5+uint64(i), 3)]++
	}
	if len(seen) != 3 || seen[0] < 10 || seen[1] < 10 || seen[2] < 10 {
		t.Fatalf("shifts of 60 games %v: greedy should sit in every seat often", seen)
	}
	code, out, errs := simRun(t, "-game", enginetest.ID, "-players", "3", "-games", "60", "-seed", "5", "-bots", "greedy,random,random", "-rotate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	s := lastJSON(t, out)
	if !s.Rotate || s.Completed != 60 || s.Wins[0]+s.Wins[1]+s.Wins[2] != 60 {
		t.Fatalf("summary %+v", s)
	}
	// Counted by seat, greedy's wins would spread over the three seats.
	if s.Wins[0] < 45 {
		t.Fatalf("wins %v: the greedy bot listed first should win most games wherever it sat", s.Wins)
	}
	// One game alone, re-run by its seed, sits the bots alike.
	for _, seed := range []string{"7", "8", "9"} {
		_, one, _ := simRun(t, "-game", enginetest.ID, "-players", "3", "-games", "1", "-seed", seed, "-bots", "greedy,random,random", "-rotate")
		_, base, _ := simRun(t, "-game", enginetest.ID, "-players", "3", "-games", "1", "-seed", seed, "-bots", turnedList(seed), "-rotate=false")
		a, b := lastJSON(t, one), lastJSON(t, base)
		n, _ := strconv.Atoi(seed)
		k := sim.SeatShift(uint64(n), 3)
		for w := range 3 {
			if a.Wins[(w+k)%3] != b.Wins[w] {
				t.Fatalf("seed %s shift %d: rotated wins %v, seated wins %v", seed, k, a.Wins, b.Wins)
			}
		}
	}
}

// turnedList is the -bots list of seed's game under -rotate, seat by seat.
func turnedList(seed string) string {
	n, _ := strconv.Atoi(seed)
	return strings.Join(turned([]string{"greedy", "random", "random"}, sim.SeatShift(uint64(n), 3)), ",")
}
