package p2p

import (
	"flag"
	"testing"
	"time"
)

// fuzzChain is the dice commitment chain of the fuzz targets' games.
// Restore rebuilds the seat's whole chain, and at ChainLength (4096
// hashes) that is most of an input's cost; these games use far fewer
// chance requests than 512.
const fuzzChain = 512

// shortChains gives the games f builds (and the peers its inputs
// restore) a chain of fuzzChain, for the duration of f.
func shortChains(f *testing.F) {
	chainLength = fuzzChain
	f.Cleanup(func() { chainLength = ChainLength })
}

// fuzzing tells whether this process runs a fuzzing session (go test
// -fuzz), not the seeds as unit tests.
func fuzzing() bool {
	fz, wk := flag.Lookup("test.fuzz"), flag.Lookup("test.fuzzworker")
	return fz != nil && fz.Value.String() != "" || wk != nil && wk.Value.String() == "true"
}

// fuzzSeeds are the seed messages to add: all of them as unit tests (a
// sample under wasm); when fuzzing, the first of each kind and every
// tenth, since every seed is run again before each session's first new
// input, and the coverage of the rest is reached from those.
func fuzzSeeds(seeds [][]byte) [][]byte {
	if !fuzzing() {
		return sampleSeeds(seeds)
	}
	return everyKind(seeds, 10)
}

// seedMessages is one of every message kind, taken from a real game.
func seedMessages(t testing.TB) [][]byte {
	var out [][]byte
	n := newMemnet(t, 1, 3)
	n.tamper = func(from, to int, data []byte) [][]byte {
		if len(out) < 400 {
			out = append(out, append([]byte(nil), data...))
		}
		return [][]byte{data}
	}
	n.run(time.Minute)
	p := n.peers[0]
	out = append(out,
		Encode(&Refuse{Reason: "x"}),
		Encode(&SyncReq{From: 3}),
		Encode(&SyncResp{Entries: p.Entries()[:5]}),
		p.SignSignal(1, []byte("offer")),
		Encode(&Relay{From: 0, To: 2, Inner: Encode(&SyncReq{From: 1})}),
		Encode(&ProposalMsg{Proposal: Proposal{Seat: 1, Action: []byte(`{"type":"discard","card":1}`)}}),
	)
	// A game with a takeover: votes, the takeover and bot entries, and
	// chance entries with a seat list.
	tk := newMemnet(t, 31, 3)
	tk.tamper = func(from, to int, data []byte) [][]byte {
		if data[0] == MsgVote || (data[0] == MsgEntry && len(out) < 600) {
			out = append(out, append([]byte(nil), data...))
		}
		return [][]byte{data}
	}
	tk.untilHead(1, 6)
	tk.down[0] = true
	tk.runVoting(20*time.Minute, []int{0})
	es := tk.peers[1].Entries()
	for i := range es {
		if es[i].Kind == KindTakeover {
			out = append(out, Encode(&SyncResp{Entries: es[i:min(i+12, len(es))]}))
		}
	}
	q := ReclaimReq{Game: tk.peers[0].Game(), Seat: 0, Since: 9}
	q.Sig = tk.peers[0].Sign(domainReclaim, q.unsigned())
	out = append(out, Encode(&ReclaimMsg{Req: q}))
	return out
}

// FuzzDecode: no input makes the decoder panic, and whatever decodes
// re-encodes to the same bytes (the encoding is canonical).
func FuzzDecode(f *testing.F) {
	for _, m := range seedMessages(f) {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		if got := Encode(m); string(got) != string(data) {
			t.Fatalf("not canonical: %x → %x", data, got)
		}
		_, _ = DecodeEntry(data)
		_, _ = DecodeGenesis(data)
		_, _ = decodeTakeoverBody(data)
		_, _ = decodeChanceBody(data)
		_, _ = decodeBatch(data)
	})
}

// FuzzReceive: a started peer fed arbitrary bytes never panics and never
// moves its log (nothing random can be validly signed).
func FuzzReceive(f *testing.F) {
	shortChains(f)
	for _, m := range fuzzSeeds(seedMessages(f)) {
		f.Add(byte(1), m)
	}
	n := newMemnet(f, 2, 3)
	for seq, _ := n.peers[0].Head(); seq < 5; seq, _ = n.peers[0].Head() {
		n.step()
	}
	snap := n.peers[0].Snapshot()
	f.Fuzz(func(t *testing.T, from byte, data []byte) {
		p, err := Restore(Config{Build: testBuild}, snap)
		if err != nil {
			t.Fatal(err)
		}
		seq, hh := p.Head()
		if from&0x80 != 0 {
			p.ReceiveRelayed(int(from%4), data) // as if another peer passed it on
		} else {
			p.Receive(int(from%4), data)
		}
		p.Tick(time.Hour)
		if s2, h2 := p.Head(); s2 != seq || h2 != hh {
			// Only a genuine entry from the real game may extend the log.
			if s2 != seq+1 || h2 != n.peers[1].led.hashes[seq] {
				t.Fatalf("log moved to %d %s", s2, h2.Short())
			}
		}
	})
}

// FuzzRestore: no snapshot makes Restore panic. The seeds are snapshots
// of one game at every stage (a guest before the genesis, the start, a
// few entries in, the end) and a cut one: small ones first, so most
// inputs are cheap to restore.
func FuzzRestore(f *testing.F) {
	shortChains(f)
	n := newMemnet(f, 3, 2)
	f.Add(n.peers[1].Snapshot())
	n.untilHead(0, 1)
	f.Add(n.peers[0].Snapshot())
	n.untilHead(1, 6)
	f.Add(n.peers[1].Snapshot())
	n.run(time.Minute)
	f.Add(n.peers[0].Snapshot())
	f.Add(n.peers[1].Snapshot()[:100])
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Restore(Config{}, data)
	})
}

// FuzzReceiveAfterTakeover: a peer playing beside a bot-played seat, fed
// arbitrary bytes, only ever moves along the real game's log.
func FuzzReceiveAfterTakeover(f *testing.F) {
	shortChains(f)
	for _, m := range fuzzSeeds(seedMessages(f)) {
		f.Add(byte(2), m)
	}
	n := newMemnet(f, 32, 3)
	n.untilHead(1, 6)
	n.down[0] = true
	for steps := 0; !n.peers[1].Bot(0) && steps < 1_000_000; steps++ {
		n.step()
		n.vote([]int{0})
	}
	if !n.peers[1].Bot(0) {
		f.Fatal("seat 0 was never taken over")
	}
	snap := n.peers[1].Snapshot()
	n.runVoting(20*time.Minute, []int{0})
	ref := n.peers[1].led.hashes
	f.Fuzz(func(t *testing.T, from byte, data []byte) {
		p, err := Restore(Config{Build: testBuild}, snap)
		if err != nil {
			t.Fatal(err)
		}
		p.Receive(int(from%4), data)
		p.Tick(time.Hour)
		for i, h := range p.led.hashes {
			if i >= len(ref) || h != ref[i] {
				t.Fatalf("log left the real game at entry %d", i+1)
			}
		}
	})
}
