//go:build !js

// Command sim plays many bot games of one registered game and checks every
// step (see engine/sim), for finding engine bugs and measuring speed
// (native only: -p2p runs its peers over pion):
//
//	go run ./cmd/sim -game catan -players 4 -games 1000 -seed 1 -bots random
//	go run ./cmd/sim -game catan -players 4 -bots greedy,random,random,random
//	go run ./cmd/sim -game catan -games 10000 -check sample -cpuprofile cpu.prof
//	go run ./cmd/sim -game catan -games 400 -bots mcts-hard,greedy,greedy,greedy -check end -parallel 0
//
// -bots names a bot kind per seat (engine/bot): random, greedy, and the
// search bot mcts (mcts-easy, mcts-normal, mcts-hard; mcts alone is
// normal). -budget sets every search bot's budget in iterations per
// decision instead of its level's (a kind may also carry its own, as in
// mcts-hard:2000). Win rates are printed on stderr, and in the summary,
// with their 95% confidence intervals (Wilson score interval over the
// completed games). -rotate turns the list around the table by a shift
// drawn from each game's seed (engine/sim.SeatShift), so the bot listed
// first sits in a seat drawn at random; wins and scores are then counted
// by the list's entry, not the seat:
//
//	go run ./cmd/sim -game agricola -games 400 -rotate -bots mcts-hard,greedy,greedy,greedy -check end -parallel 0
//
// -check says how much is checked between entries (engine/sim): "step"
// (default) runs every check after every entry; "sample" runs the cheap
// ones after every entry and the full ones every -check-every entries and
// at the end; "end" checks each game's final state only (and its views in
// every 8th game, engine/sim.EndViewEvery). The moves the
// bots make do not depend on it, so a game failing under "sample" or "end"
// fails at its exact entry when re-run with -check step.
//
// Game i (from 0) is played with seed -seed+i, which drives both chance and
// the bots, so any game can be re-run alone with -seed <its seed> -games 1.
// A failing game's seed and that command are printed on stderr.
//
// Progress goes to stderr; the last line on stdout is one JSON object with
// the totals (see summary); -kinds adds the mean number of actions of each
// kind per game. The exit status is 1 if any game broke an
// invariant, panicked or hit -max-actions, 2 on bad flags.
//
// The games are played by a Runner (engine/sim): -runner picks one from
// runners; the in-process "direct" runner is the default, and other
// runners (peer-to-peer) register there from their own file.
package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tabula/engine"
	"tabula/engine/bot"
	_ "tabula/engine/games"
	"tabula/engine/sim"
)

// runners are the ways to play one game, by -runner name.
var runners = map[string]sim.Runner{"direct": sim.Direct}

func main() {
	// A game keeps little alive but allocates steadily (one boxed action
	// per move), so at the default GOGC the collector runs every few
	// games; a larger target heap (still a few tens of MB) saves ~5% of the
	// CPU. GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the parsed flags.
type options struct {
	game       string
	players    int
	games      int
	seed       uint64
	bots       []string
	maxActions int
	parallel   int
	save       string
	strict     bool
	check      string
	checkEvery int
	cpuprofile string
	runner     string
	setup      map[string]string
	quiet      bool
	kinds      bool
	rotate     bool
	budget     int
}

// summary is the last stdout line.
type summary struct {
	Game                string            `json:"game"`
	Players             int               `json:"players"`
	Games               int               `json:"games"`
	Completed           int               `json:"completed"`
	Failed              int               `json:"failed"`
	InvariantViolations int               `json:"invariant_violations"`
	Panics              int               `json:"panics"`
	Capped              int               `json:"capped"`
	Seconds             float64           `json:"seconds"`
	GamesPerSec         float64           `json:"games_per_sec"`
	ActionsPerGame      float64           `json:"actions_per_game"`
	ChancePerGame       float64           `json:"chance_per_game"`
	Wins                []int             `json:"wins"`     // per seat; a shared win counts for each winner
	WinRate             []float64         `json:"win_rate"` // wins per completed game
	WinCI95             [][2]float64      `json:"win_ci95"` // Wilson 95% interval of each win rate
	NoWinner            int               `json:"no_winner"`
	MeanScores          []float64         `json:"mean_scores"`
	Seed                uint64            `json:"seed"`
	Bots                []string          `json:"bots"`
	Rotate              bool              `json:"rotate,omitempty"` // -rotate: Wins, WinRate and MeanScores are per list entry, not per seat
	Budget              int               `json:"budget,omitempty"` // search bots' iterations per decision, when -budget set it
	Runner              string            `json:"runner"`
	Check               string            `json:"check"`
	CheckEvery          int               `json:"check_every,omitempty"` // full checks' stride under "sample"
	Parallel            int               `json:"parallel"`
	MaxActions          int               `json:"max_actions"`
	Options             map[string]string `json:"options,omitempty"`
	FailedSeeds         []uint64          `json:"failed_seeds,omitempty"` // the first few
	// KindsPerGame is the mean number of actions of each kind per
	// completed game (-kinds).
	KindsPerGame map[string]float64 `json:"kinds_per_game,omitempty"`
	*p2pSummary                     // peer-to-peer runner figures (p2p.go), when it ran
}

// Hooks for runners kept in their own files (p2p.go): extra flags, a
// look at the parsed options, extra summary fields.
var (
	flagHooks    []func(fs *flag.FlagSet)
	optionHooks  []func(opt *options)
	summaryHooks []func(s *summary)
)

// maxListedFailures bounds failed_seeds and the failures told on stderr.
const maxListedFailures = 20

func run(args []string, stdout, stderr io.Writer) int {
	opt, err := parse(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "sim: %v\n", err)
		}
		return 2
	}
	g, _ := engine.Lookup(opt.game)
	runner := runners[opt.runner]
	if opt.save != "" {
		if err := os.MkdirAll(opt.save, 0o755); err != nil {
			fmt.Fprintf(stderr, "sim: %v\n", err)
			return 2
		}
	}

	if opt.cpuprofile != "" {
		f, err := os.Create(opt.cpuprofile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "sim: %v\n", err)
			return 2
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}
	results := make([]sim.Result, opt.games)
	shifts := make([]int, opt.games)
	var done atomic.Int64
	var saveMu sync.Mutex
	var saveErr error
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range opt.parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				seed := opt.seed + uint64(i)
				shifts[i] = shift(opt, seed)
				spec := sim.Spec{
					Game:       g,
					Setup:      engine.Setup{Game: opt.game, Players: opt.players, Options: opt.setup},
					Seed:       seed,
					Bots:       turned(seatBots(opt), shifts[i]),
					MaxActions: opt.maxActions,
					Record:     opt.save != "",
					Strict:     opt.strict,
					Check:      opt.check,
					CheckEvery: opt.checkEvery,
					Kinds:      opt.kinds,
				}
				r := runner(spec)
				if r.Save != nil {
					// Written as they finish: a thousand logs stay out of memory.
					name := filepath.Join(opt.save, fmt.Sprintf("%s-%dp-seed%d.json", opt.game, opt.players, r.Seed))
					if err := os.WriteFile(name, r.Save.Encode(), 0o644); err != nil {
						saveMu.Lock()
						saveErr = cmp.Or(saveErr, err)
						saveMu.Unlock()
					}
					r.Save = nil
				}
				results[i] = r
				done.Add(1)
			}
		}()
	}
	go func() {
		for i := range opt.games {
			next <- i
		}
		close(next)
	}()
	progress(&wg, &done, opt, start, stderr)

	s := summarize(opt, results, shifts, time.Since(start))
	failures := 0
	if saveErr != nil {
		fmt.Fprintf(stderr, "sim: saving: %v\n", saveErr)
	}
	for _, r := range results {
		if r.Err == nil {
			continue
		}
		if failures++; failures <= maxListedFailures {
			msg := r.Err.Error()
			if failures > 1 { // one stack trace is enough to read
				msg, _, _ = strings.Cut(msg, "\n")
			}
			fmt.Fprintf(stderr, "sim: FAILED game seed %d: %s\n", r.Seed, msg)
			fmt.Fprintf(stderr, "sim:   re-run: go run ./cmd/sim -game %s -players %d -bots %s -seed %d -games 1%s\n",
				opt.game, opt.players, strings.Join(opt.bots, ","), r.Seed, extraFlags(opt))
		}
	}
	if failures > maxListedFailures {
		fmt.Fprintf(stderr, "sim: … and %d more failed games\n", failures-maxListedFailures)
	}
	for _, h := range summaryHooks {
		h(&s)
	}
	if s.Completed > 0 {
		what := "seat"
		if opt.rotate {
			what = "bot"
		}
		for i, k := range s.Bots {
			fmt.Fprintf(stderr, "sim: %s %d %-14s won %d of %d: %.1f%% (95%% CI %.1f–%.1f%%)\n",
				what, i, k, s.Wins[i], s.Completed, 100*s.WinRate[i], 100*s.WinCI95[i][0], 100*s.WinCI95[i][1])
		}
	}
	line, _ := json.Marshal(s)
	fmt.Fprintf(stdout, "%s\n", line)
	if s.Failed > 0 || saveErr != nil {
		return 1
	}
	return 0
}

// extraFlags repeats the flags that change a game, for the re-run line.
func extraFlags(opt options) string {
	var b strings.Builder
	keys := make([]string, 0, len(opt.setup))
	for k := range opt.setup {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, " -opt %s=%s", k, opt.setup[k])
	}
	if opt.maxActions != sim.DefaultMaxActions {
		fmt.Fprintf(&b, " -max-actions %d", opt.maxActions)
	}
	if opt.strict {
		b.WriteString(" -strict")
	}
	if opt.rotate {
		b.WriteString(" -rotate")
	}
	if opt.check != sim.CheckStep {
		fmt.Fprintf(&b, " -check %s", opt.check)
		if opt.check == sim.CheckSample && opt.checkEvery != sim.DefaultCheckEvery {
			fmt.Fprintf(&b, " -check-every %d", opt.checkEvery)
		}
	}
	if opt.runner != "direct" {
		fmt.Fprintf(&b, " -runner %s", opt.runner)
	}
	return b.String()
}

// progress reports on stderr about every tenth of the games until all are
// done.
func progress(wg *sync.WaitGroup, done *atomic.Int64, opt options, start time.Time, stderr io.Writer) {
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	step := int64(max(1, opt.games/10))
	told := int64(0)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			return
		case <-tick.C:
			n := done.Load()
			if !opt.quiet && n/step > told/step && n < int64(opt.games) {
				told = n
				el := time.Since(start).Seconds()
				fmt.Fprintf(stderr, "sim: %d/%d games, %.1f games/s\n", n, opt.games, float64(n)/el)
			}
		}
	}
}

// summarize totals the games; shifts[i] is game i's turn of the bot list
// (0 without -rotate), so seat w of game i counts for the list's entry
// (w+shifts[i]) mod players.
func summarize(opt options, results []sim.Result, shifts []int, elapsed time.Duration) summary {
	s := summary{
		Game: opt.game, Players: opt.players, Games: opt.games,
		Seconds: elapsed.Seconds(), Wins: make([]int, opt.players), WinRate: make([]float64, opt.players),
		MeanScores: make([]float64, opt.players), Seed: opt.seed, Bots: seatBots(opt), Rotate: opt.rotate, Budget: opt.budget,
		WinCI95: make([][2]float64, opt.players),
		Runner:  opt.runner, Check: opt.check, Parallel: opt.parallel, MaxActions: opt.maxActions, Options: opt.setup,
	}
	if opt.check == sim.CheckSample {
		s.CheckEvery = opt.checkEvery
	}
	actions, chance := 0, 0
	for g, r := range results {
		switch {
		case r.Err == nil:
			s.Completed++
		case errors.Is(r.Err, sim.ErrPanic):
			s.Panics++
		case errors.Is(r.Err, sim.ErrCap):
			s.Capped++
		default:
			s.InvariantViolations++
		}
		if r.Err != nil {
			s.Failed++
			if len(s.FailedSeeds) < maxListedFailures {
				s.FailedSeeds = append(s.FailedSeeds, r.Seed)
			}
			continue
		}
		actions += r.Actions
		chance += r.Chance
		for k, n := range r.Kinds {
			if s.KindsPerGame == nil {
				s.KindsPerGame = map[string]float64{}
			}
			s.KindsPerGame[k] += float64(n)
		}
		if len(r.Winners) == 0 {
			s.NoWinner++
		}
		for _, w := range r.Winners {
			s.Wins[(int(w)+shifts[g])%opt.players]++
		}
		for i, v := range r.Scores {
			s.MeanScores[(i+shifts[g])%opt.players] += float64(v)
		}
	}
	if s.Seconds > 0 {
		s.GamesPerSec = round(float64(opt.games)/s.Seconds, 2)
	}
	s.Seconds = round(s.Seconds, 3)
	if n := float64(s.Completed); n > 0 {
		s.ActionsPerGame = round(float64(actions)/n, 1)
		s.ChancePerGame = round(float64(chance)/n, 1)
		for i := range s.MeanScores {
			s.MeanScores[i] = round(s.MeanScores[i]/n, 2)
			s.WinRate[i] = round(float64(s.Wins[i])/n, 4)
			lo, hi := wilson(s.Wins[i], s.Completed)
			s.WinCI95[i] = [2]float64{round(lo, 4), round(hi, 4)}
		}
		for k := range s.KindsPerGame {
			s.KindsPerGame[k] = round(s.KindsPerGame[k]/n, 2)
		}
	}
	return s
}

// wilson is the Wilson score interval at 95% of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}

func round(v float64, digits int) float64 {
	p := 1.0
	for range digits {
		p *= 10
	}
	return float64(int64(v*p+0.5)) / p
}

func seatBots(opt options) []string {
	out := make([]string, opt.players)
	for i := range out {
		out[i] = opt.bots[i%len(opt.bots)]
	}
	return out
}

// shift is how far game seed turns the bot list (-rotate), else 0.
func shift(opt options, seed uint64) int {
	if !opt.rotate {
		return 0
	}
	return sim.SeatShift(seed, opt.players)
}

// turned is the bots of a game whose list is turned by k: seat i plays
// list entry (i+k) mod len.
func turned(list []string, k int) []string {
	out := make([]string, len(list))
	for i := range out {
		out[i] = list[(i+k)%len(list)]
	}
	return out
}

// setupFlag collects repeated -opt key=value flags.
type setupFlag map[string]string

func (f setupFlag) String() string { return fmt.Sprint(map[string]string(f)) }
func (f setupFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("want key=value, got %q", v)
	}
	f[k] = val
	return nil
}

func parse(args []string, stderr io.Writer) (options, error) {
	var opt options
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	setup := setupFlag{}
	var bots string
	fs.StringVar(&opt.game, "game", "catan", "game id (one of "+strings.Join(engine.Games(), ", ")+")")
	fs.IntVar(&opt.players, "players", 4, "players per game")
	fs.IntVar(&opt.games, "games", 100, "games to play")
	fs.Uint64Var(&opt.seed, "seed", 1, "seed of the first game; game i uses seed+i")
	fs.StringVar(&bots, "bots", "random", "bot kind for every seat, or one per seat comma-separated ("+strings.Join(bot.Kinds(), ", ")+"; mcts = mcts-normal)")
	fs.IntVar(&opt.budget, "budget", 0, "search bots' iterations per decision (0: their level's)")
	fs.IntVar(&opt.maxActions, "max-actions", sim.DefaultMaxActions, "fail a game still running after this many actions")
	fs.IntVar(&opt.parallel, "parallel", 1, "games played at once (0: one per CPU)")
	fs.StringVar(&opt.save, "save", "", "write each game's log as a save file into this directory")
	fs.BoolVar(&opt.strict, "strict", false, "costlier checks at every step (clone hashes, refusals)")
	fs.BoolVar(&opt.rotate, "rotate", false, "turn the -bots list around the table by a shift drawn from each game's seed, and count wins by list entry (the first bot in a random seat)")
	fs.BoolVar(&opt.kinds, "kinds", false, "report the mean number of actions of each kind per game (kinds_per_game)")
	fs.StringVar(&opt.check, "check", sim.CheckStep, "checks between entries: "+strings.Join(sim.CheckModes(), ", ")+" (see the command doc)")
	fs.IntVar(&opt.checkEvery, "check-every", sim.DefaultCheckEvery, "with -check sample: full checks every this many entries")
	fs.StringVar(&opt.cpuprofile, "cpuprofile", "", "write a CPU profile of the games to this file")
	fs.StringVar(&opt.runner, "runner", "direct", "how games are played: "+strings.Join(runnerNames(), ", "))
	fs.Var(setup, "opt", "game option key=value (repeatable)")
	fs.BoolVar(&opt.quiet, "quiet", false, "no progress on stderr")
	for _, h := range flagHooks {
		h(fs)
	}
	if err := fs.Parse(args); err != nil {
		return opt, err
	}
	for _, h := range optionHooks {
		h(&opt)
	}
	if fs.NArg() > 0 {
		return opt, fmt.Errorf("unexpected arguments %v", fs.Args())
	}
	g, err := engine.Lookup(opt.game)
	if err != nil {
		return opt, fmt.Errorf("%v (registered: %s)", err, strings.Join(engine.Games(), ", "))
	}
	if opt.players < g.MinPlayers() || opt.players > g.MaxPlayers() {
		return opt, fmt.Errorf("%s takes %d to %d players, not %d", opt.game, g.MinPlayers(), g.MaxPlayers(), opt.players)
	}
	if opt.games < 1 {
		return opt, fmt.Errorf("-games must be at least 1")
	}
	opt.bots = strings.Split(bots, ",")
	if len(opt.bots) != 1 && len(opt.bots) != opt.players {
		return opt, fmt.Errorf("-bots names %d kinds for %d players (give one, or one per seat)", len(opt.bots), opt.players)
	}
	if opt.budget < 0 {
		return opt, fmt.Errorf("-budget must be at least 0")
	}
	for i, k := range opt.bots {
		if opt.budget > 0 && strings.HasPrefix(k, "mcts") {
			name, _, _ := strings.Cut(k, ":")
			opt.bots[i] = name + ":" + strconv.Itoa(opt.budget)
		}
		if _, err := bot.New(opt.bots[i], 0); err != nil {
			return opt, err
		}
	}
	if opt.maxActions < 1 {
		return opt, fmt.Errorf("-max-actions must be at least 1")
	}
	if opt.parallel == 0 {
		opt.parallel = runtime.NumCPU()
	}
	if opt.parallel < 0 {
		return opt, fmt.Errorf("-parallel must be at least 0")
	}
	opt.parallel = min(opt.parallel, opt.games)
	if !slices.Contains(sim.CheckModes(), opt.check) {
		return opt, fmt.Errorf("unknown -check %q (want one of %s)", opt.check, strings.Join(sim.CheckModes(), ", "))
	}
	if opt.checkEvery < 1 {
		return opt, fmt.Errorf("-check-every must be at least 1")
	}
	if _, ok := runners[opt.runner]; !ok {
		return opt, fmt.Errorf("unknown runner %q (have %s)", opt.runner, strings.Join(runnerNames(), ", "))
	}
	if len(setup) > 0 {
		opt.setup = setup
	}
	return opt, nil
}

func runnerNames() []string {
	var names []string
	for n := range runners {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
