//go:build !js

package main

// The peer-to-peer runner: every seat of every game is a separate native
// peer (app/p2pnet over real pion WebRTC on loopback) running the sync
// protocol (engine/p2p) and a bot. Chance comes from commit-reveal.
//
//	go run ./cmd/sim -game catan -players 4 -games 10 -p2p
//
// (-p2p is -runner p2p.) The summary adds p2p_hash_mismatches (games whose
// peers ended with different hashes: must be 0) and the entry latency
// p50/p95/p99 in ms (an entry's first apply anywhere, normally its author's,
// to the last peer's apply), with its p50 and count by entry kind, and the
// p50 of the entries of play alone: from the first move on, so without a
// sealed game's deal (its keys, shuffles and dealt hands come before any
// move; its cost is the deal's, measured on its own).
//
// A sealed game (-opt sealed=1) is dealt by cryptography (docs/p2p.md,
// "Hidden cards"): the peers compare agreed hashes (status and public
// view), wait for the audit at the end, and p2p.CheckSealed checks every
// device's knowledge against its seat's view at every entry; the summary
// adds p2p_sealed_checked (games so checked) and p2p_sealed_cheats.
//
//	go run ./cmd/sim -game test-race -players 4 -games 10 -p2p -opt sealed=1
//	go run ./cmd/sim -game agricola -players 4 -games 3 -bots greedy -p2p -opt sealed=1

import (
	"errors"
	"flag"
	"fmt"
	"sort"
	"sync"
	"time"

	"tabula/app/p2pnet"
	"tabula/engine"
	"tabula/engine/bot"
	_ "tabula/engine/enginetest" // test-race: sealed network play while the real games are not sealed yet
	"tabula/engine/p2p"
	"tabula/engine/sim"
)

type p2pSummary struct {
	HashMismatches int     `json:"p2p_hash_mismatches"`
	LatencyP50     float64 `json:"p2p_entry_latency_ms_p50"`
	LatencyP95     float64 `json:"p2p_entry_latency_ms_p95"`
	LatencyP99     float64 `json:"p2p_entry_latency_ms_p99"`
	PlayP50        float64 `json:"p2p_play_latency_ms_p50"`
	SetupMsP50     float64 `json:"p2p_setup_ms_p50"`
	// by entry kind (action, deck, hidden, ...): p50 and how many
	LatencyByKind map[string]float64 `json:"p2p_entry_latency_ms_p50_by_kind"`
	EntriesByKind map[string]int     `json:"p2p_entries_by_kind"`
	SealedChecked int                `json:"p2p_sealed_checked,omitempty"`
	SealedCheats  int                `json:"p2p_sealed_cheats,omitempty"`
	SecretSteals  int                `json:"p2p_secret_steals,omitempty"`
}

var p2pStats struct {
	sync.Mutex
	ran        bool
	mismatches int
	latencies  []time.Duration
	play       []time.Duration // entries from the first move on
	byKind     map[string][]time.Duration
	setups     []time.Duration
	// sealed games whose devices' knowledge checked out, and the cheats
	// named (honest bots: must be 0)
	sealedChecked, sealedCheats int
	// secrets drawn by thief and victim alone (Catan's steals)
	secretSteals int
}

var p2pFlag bool

func init() {
	runners["p2p"] = playP2P
	flagHooks = append(flagHooks, func(fs *flag.FlagSet) {
		fs.BoolVar(&p2pFlag, "p2p", false, "play each seat as a separate WebRTC peer on loopback (same as -runner p2p)")
	})
	optionHooks = append(optionHooks, func(opt *options) {
		p2pStats.Lock()
		p2pStats.ran, p2pStats.mismatches, p2pStats.latencies, p2pStats.play, p2pStats.setups = false, 0, nil, nil, nil
		p2pStats.byKind = map[string][]time.Duration{}
		p2pStats.sealedChecked, p2pStats.sealedCheats, p2pStats.secretSteals = 0, 0, 0
		p2pStats.Unlock()
		if p2pFlag {
			opt.runner = "p2p"
		}
	})
	summaryHooks = append(summaryHooks, func(s *summary) {
		p2pStats.Lock()
		defer p2pStats.Unlock()
		if !p2pStats.ran {
			return
		}
		s.p2pSummary = &p2pSummary{HashMismatches: p2pStats.mismatches,
			LatencyP50: ms(quantile(p2pStats.latencies, 0.5)), LatencyP95: ms(quantile(p2pStats.latencies, 0.95)), LatencyP99: ms(quantile(p2pStats.latencies, 0.99)),
			PlayP50:    ms(quantile(p2pStats.play, 0.5)),
			SetupMsP50: ms(quantile(p2pStats.setups, 0.5)), SealedChecked: p2pStats.sealedChecked, SealedCheats: p2pStats.sealedCheats,
			SecretSteals: p2pStats.secretSteals, LatencyByKind: map[string]float64{}, EntriesByKind: map[string]int{}}
		for k, ds := range p2pStats.byKind {
			s.p2pSummary.LatencyByKind[k] = ms(quantile(ds, 0.5))
			s.p2pSummary.EntriesByKind[k] = len(ds)
		}
	})
}

func ms(d time.Duration) float64 { return round(float64(d)/float64(time.Millisecond), 3) }

func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[int(q*float64(len(s)-1))]
}

// firstMove is the sequence number of the log's first move (an entry of
// kinds[i] has number i+1): play starts there, after any set-up entries.
func firstMove(kinds []p2p.Kind) uint64 {
	for i, k := range kinds {
		if k == p2p.KindAction || k == p2p.KindBatch || k == p2p.KindBot {
			return uint64(i + 1)
		}
	}
	return uint64(len(kinds) + 1)
}

// p2pTimeout bounds one game on loopback.
const p2pTimeout = 10 * time.Minute

func playP2P(spec sim.Spec) (res sim.Result) {
	res.Seed = spec.Seed
	players := spec.Setup.Players
	p2pStats.Lock()
	p2pStats.ran = true
	p2pStats.Unlock()
	fail := func(kind error, format string, args ...any) sim.Result {
		res.Err = fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))
		return res
	}

	var mu sync.Mutex
	applied := make([]map[uint64]time.Time, players)
	overCh := make(chan int, players)
	wake := make([]chan struct{}, players)
	var protoErrs []string
	for i := range applied {
		applied[i] = map[uint64]time.Time{}
		wake[i] = make(chan struct{}, 1)
	}
	cfg := func(seat int) p2pnet.Config {
		key := fmt.Appendf(nil, "tabula/sim/p2p/%d/%d", spec.Seed, seat)
		return p2pnet.Config{
			Build: "sim", Rand: p2pnet.SeedRand(key), Net: p2pnet.NetOptions{Loopback: true},
			MeshRetry: 5 * time.Second,
			OnEvent: func(e p2pnet.Event) {
				if e.Kind == p2pnet.EvProtocol {
					mu.Lock()
					switch e.P2P.Kind {
					case p2p.EvApplied:
						if _, ok := applied[seat][e.P2P.Seq]; !ok {
							applied[seat][e.P2P.Seq] = e.At
						}
					case p2p.EvOver:
						overCh <- seat
					case p2p.EvRejected, p2p.EvRefused, p2p.EvEquivocation, p2p.EvFork:
						protoErrs = append(protoErrs, fmt.Sprintf("seat %d: %v", seat, e.P2P))
					}
					mu.Unlock()
				}
				select {
				case wake[seat] <- struct{}{}:
				default:
				}
			},
		}
	}

	start := time.Now()
	nodes := make([]*p2pnet.Node, players)
	defer func() {
		for _, n := range nodes {
			if n != nil {
				n.Close()
			}
		}
	}()
	// A sealed game steals in secret where the game can (as the app's).
	spec.Setup = p2p.SealedSetup(spec.Game, spec.Setup)
	host, err := p2pnet.Host(cfg(0), spec.Setup, 0)
	if err != nil {
		return fail(sim.ErrInvariant, "host: %v", err)
	}
	nodes[0] = host
	for s := 1; s < players; s++ {
		code, err := host.Offer(s)
		if err != nil {
			return fail(sim.ErrInvariant, "invite seat %d: %v", s, err)
		}
		g, reply, err := p2pnet.Join(cfg(s), code)
		if err != nil {
			return fail(sim.ErrInvariant, "join seat %d: %v", s, err)
		}
		nodes[s] = g
		if err := host.Accept(reply); err != nil {
			return fail(sim.ErrInvariant, "accept seat %d: %v", s, err)
		}
	}

	maxActions := spec.MaxActions
	if maxActions <= 0 {
		maxActions = sim.DefaultMaxActions
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var botErr error
	started := make(chan struct{}, players)
	for s := range nodes {
		b, err := bot.New(spec.Bots[s%len(spec.Bots)], sim.BotSeed(spec.Seed, s))
		if err != nil {
			return fail(sim.ErrInvariant, "%v", err)
		}
		wg.Add(1)
		go func(seat int, n *p2pnet.Node) {
			defer wg.Done()
			turn := p2pnet.NewBotTurn(b, seat)
			once := false
			for {
				select {
				case <-stop:
					return
				case <-wake[seat]:
				case <-time.After(100 * time.Millisecond):
				}
				var a engine.Action
				n.With(func(p *p2p.Peer) {
					if !p.Started() {
						return
					}
					if !once {
						once = true
						started <- struct{}{}
					}
					a = turn.Choose(p)
				})
				if a == nil {
					continue
				}
				if err := turn.Act(n, a); err != nil && !errors.Is(err, engine.ErrNotYourTurn) {
					mu.Lock()
					botErr = fmt.Errorf("seat %d: own legal action refused: %v", seat, err)
					mu.Unlock()
				}
			}
		}(s, nodes[s])
	}
	defer func() { close(stop); wg.Wait() }()

	setupDone := false
	var setup time.Duration
	timeout := time.After(p2pTimeout)
	for over, ready := 0, 0; over < players; {
		select {
		case <-overCh:
			over++
		case <-started:
			if ready++; ready == players && !setupDone {
				setupDone, setup = true, time.Since(start)
			}
		case <-timeout:
			return fail(sim.ErrInvariant, "not over after %v", p2pTimeout)
		case <-time.After(time.Second):
			mu.Lock()
			e := botErr
			mu.Unlock()
			if e != nil {
				return fail(sim.ErrInvariant, "%v", e)
			}
			var actions int
			nodes[0].With(func(p *p2p.Peer) {
				if p.Started() {
					for _, en := range p.Match().Entries {
						if !en.IsChance() {
							actions++
						}
					}
				}
			})
			if actions > maxActions {
				return fail(sim.ErrCap, "still not over after %d actions", actions)
			}
		}
	}

	sealed := spec.Setup.IsSealed()
	if sealed {
		// The audit follows the game's end: every party reveals its keys.
		if err := waitAudited(nodes); err != nil {
			return fail(sim.ErrInvariant, "%v", err)
		}
	}
	// Every peer must hold the same log and agreed hash.
	hashes := map[string]bool{}
	var ref *engine.Match
	peers := make([]*p2p.Peer, players)
	var kinds []p2p.Kind // of seat 0's log entries
	for s, n := range nodes {
		n.With(func(p *p2p.Peer) {
			peers[s] = p
			if s == 0 {
				for _, e := range p.Entries() {
					kinds = append(kinds, e.Kind)
				}
			}
			_, hh := p.Head()
			hashes[engine.AgreedHashHex(p.Match().Setup, p.Match().State)+hh.String()] = true
			if ref == nil {
				m := p.Match()
				ref = &engine.Match{Game: m.Game, Setup: m.Setup, State: m.State.Clone(), Entries: append([]engine.Entry(nil), m.Entries...)}
			}
		})
	}
	mu.Lock()
	lat := p2pnet.EntryLatencyBySeq(applied)
	perrs := protoErrs
	mu.Unlock()
	p2pStats.Lock()
	first := firstMove(kinds)
	for seq, d := range lat {
		p2pStats.latencies = append(p2pStats.latencies, d)
		if seq >= 1 && seq <= uint64(len(kinds)) {
			k := kinds[seq-1].String()
			p2pStats.byKind[k] = append(p2pStats.byKind[k], d)
		}
		if seq >= first {
			p2pStats.play = append(p2pStats.play, d)
		}
	}
	p2pStats.setups = append(p2pStats.setups, setup)
	if len(hashes) != 1 {
		p2pStats.mismatches++
	}
	p2pStats.Unlock()

	for _, e := range ref.Entries {
		if e.IsChance() {
			res.Chance++
		} else {
			res.Actions++
		}
	}
	var sealErr error
	if sealed {
		for _, n := range nodes {
			n.Close() // the peers are read below, off their locks
		}
		sealErr = p2p.CheckSealed(peers)
		cheats := 0
		for _, p := range peers {
			cheats += len(p.Cheats())
		}
		p2pStats.Lock()
		if sealErr == nil {
			p2pStats.sealedChecked++
		}
		p2pStats.sealedCheats += cheats
		private, _ := peers[0].SecretsDrawn()
		p2pStats.secretSteals += private
		p2pStats.Unlock()
		if sealErr == nil && cheats > 0 {
			sealErr = fmt.Errorf("%d cheats named among honest bots", cheats)
		}
	}
	st := ref.State.Status()
	res.Over, res.Winners, res.Scores, res.Hash = st.Over, st.Winners, ref.State.Scores(), engine.AgreedHashHex(ref.Setup, ref.State)
	if spec.Record {
		res.Save = engine.NewSave(ref, nil, engine.ChanceInfo{P2P: true}, nil)
		res.Save.Seats = make([]engine.SeatInfo, players)
		for i := range res.Save.Seats {
			res.Save.Seats[i] = engine.SeatInfo{Name: fmt.Sprintf("Seat %d", i+1), Kind: "bot:" + spec.Bots[i%len(spec.Bots)]}
		}
	}
	switch {
	case len(hashes) != 1:
		return fail(sim.ErrInvariant, "peers ended with %d different hashes", len(hashes))
	case len(perrs) > 0:
		return fail(sim.ErrInvariant, "protocol: %v", perrs)
	case sealErr != nil:
		return fail(sim.ErrInvariant, "sealed: %v", sealErr)
	}
	return res
}

// waitAudited waits until every peer has audited the decks.
func waitAudited(nodes []*p2pnet.Node) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		done := true
		for _, n := range nodes {
			n.With(func(p *p2p.Peer) {
				_, ok := p.Audited()
				done = done && ok
			})
		}
		if done {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return errors.New("the decks were not audited within a minute of the end")
}
