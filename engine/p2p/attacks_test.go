package p2p

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// Attacks by a cheating friend, played against real peers in memory
// (issue: a cheating friend cannot bend, stall or crash a game).

// honestOutcome is what request k gives with every seat's own reveal.
func honestOutcome(n *memnet, k uint64, req engine.ChanceRequest) engine.Outcome {
	lock := n.peers[0].led.lock
	if n.omegas == nil {
		n.omegas = map[uint64][]byte{}
	}
	if _, ok := n.omegas[k]; !ok {
		var cs []*big.Int
		var as [][]byte
		for _, p := range n.peers {
			x, _ := p.chain.reveal(k + 1)
			as, cs = append(as, alpha(x)), append(cs, lock.Commit(alpha(x)))
		}
		omega, err := lock.Output(cs, as, nil)
		if err != nil {
			panic(err)
		}
		n.omegas[k] = lock.Encode(omega)
	}
	return chanceOutcome(n.peers[0].Game(), k, 0, nil, n.omegas[k], req)
}

// dieOutcomes lists, per chance request of the log, the outcome recorded.
func chanceOutcomes(p *Peer) []engine.Outcome {
	var out []engine.Outcome
	for _, e := range p.Match().Entries {
		if e.IsChance() {
			out = append(out, e.Chance)
		}
	}
	return out
}

// chanceRequests replays p's log and lists each chance request made.
func chanceRequests(t *testing.T, p *Peer) []engine.ChanceRequest {
	t.Helper()
	g, _ := engine.Lookup(p.Genesis().Setup.Game)
	st, err := engine.NewState(g, p.Genesis().Setup)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.ChanceRequest
	for _, e := range p.Match().Entries {
		if e.IsChance() {
			out = append(out, *st.Status().Chance)
			if err := st.Resolve(e.Chance); err != nil {
				t.Fatal(err)
			}
			continue
		}
		a, err := g.DecodeAction(e.Action)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(e.Seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Two seats, a seat that goes silent at a roll before it commits: nothing
// binds it to that roll yet, so the other cannot force it open. Going
// silent then costs the seat: the other votes, the takeover
// records an abort by that seat at that request, and the seat stays with
// the bot until the other hands it back.
func TestWithholdingRevealCostsTheSeatWithTwoSeats(t *testing.T) {
	n := newMemnet(t, 55, 2)
	withhold := true
	n.tamper = func(from, to int, data []byte) [][]byte {
		// Seat 1 goes silent at a roll (its own device cannot then claim
		// its reveal reached anyone).
		if withhold && from == 1 && n.peers[1].led != nil && n.peers[1].Match().ChanceCount() >= 2 {
			return nil
		}
		return [][]byte{data}
	}
	for n.now < 10*time.Minute && !n.peers[0].Bot(1) {
		n.step()
		if n.peers[0].Stalled(1) {
			o, _ := n.peers[0].ProposeTakeover(1)
			n.handle(0, o)
		}
	}
	reason, ok := n.peers[0].TakeoverReason(1)
	if !ok || reason != ReasonAbort {
		t.Fatalf("seat 1 bot %v, reason %d", ok, reason)
	}
	tk := n.find(0, EvTakeover)
	if len(tk) != 1 || tk[0].Reason != ReasonAbort || !sameSeats(tk[0].Seats, []int{1}) {
		t.Fatalf("takeover events %v", tk)
	}
	withhold = false
	// Seat 0 waits at its own turn; seat 1 asks for its seat back, and
	// nothing happens until seat 0 agrees.
	n.bot[0] = false
	for n.now < 11*time.Minute && !(n.peers[1].Bot(1) && n.peers[0].Match().State.Status().Decides(0) && n.peers[0].Match().State.Status().Chance == nil) {
		n.step()
	}
	o, err := n.peers[1].Reclaim()
	if err != nil {
		t.Fatal(err)
	}
	n.handle(1, o)
	n.idle(5 * time.Second)
	if !n.peers[0].Bot(1) || len(n.peers[0].Reclaims()) != 1 {
		t.Fatalf("seat 1 bot: %v, pending reclaims %v: it came back without the other's consent", n.peers[0].Bot(1), n.peers[0].Reclaims())
	}
	o, err = n.peers[0].HandBack(1)
	if err != nil {
		t.Fatal(err)
	}
	n.handle(0, o)
	n.idle(time.Second)
	if n.peers[0].Bot(1) || n.peers[1].Bot(1) {
		t.Fatal("handed back, yet still played by the bot")
	}
	n.bot[0] = true
	if !n.run(30 * time.Minute) {
		t.Fatal("not finished")
	}
	n.sameLogs()
	data, _ := n.peers[0].Export()
	v, err := VerifyFile(data)
	if err != nil {
		t.Fatal(err)
	}
	// The takeover for the missing commitment, after any roll the seat
	// had committed to and that was forced open (its reveal went out after
	// its own log moved on, so it never arrived).
	last := v.Aborts[len(v.Aborts)-1]
	if last.Seat != 1 || last.Forced {
		t.Fatalf("aborts in the file %+v", v.Aborts)
	}
	for _, a := range v.Aborts {
		if a.Seat != 1 {
			t.Fatalf("aborts in the file %+v", v.Aborts)
		}
	}
}

// A seat that stays connected (pings) but does not act is stalled after
// the countdown; its decoy vote does not block its own takeover. Seat 0
// goes silent at a pending roll without committing to it, so the ledger
// waits on both seats there and the decoy (to take over seat 1) is a
// valid vote at that head. Two seats: the one other seat's vote is the
// majority.
func TestStalledSeatDecoyVoteCannotBlockTakeover(t *testing.T) {
	n := newMemnet(t, 53, 2)
	decoy, silent := false, false
	n.tamper = func(from, to int, data []byte) [][]byte {
		if from == 0 && data[0] == MsgCommit && n.peers[0].Match().ChanceCount() >= 3 {
			silent = true // its commitment to a roll is the first thing withheld
		}
		if from == 0 && silent && data[0] != MsgPing && data[0] != MsgVote {
			return nil // seat 0 stops answering: connected, not acting
		}
		return [][]byte{data}
	}
	rejected := 0
	for n.now < 5*time.Minute && !n.peers[1].Bot(0) {
		n.step()
		p := n.peers[1]
		if !silent || !p.Started() || p.Match().State.Status().Chance == nil {
			continue
		}
		if !decoy {
			// Seat 0 votes to take over seat 1 at this head, as a decoy.
			if err := p.led.checkTakeoverNow([]int{1}); err != nil {
				t.Fatalf("the decoy is not a valid vote at the roll: %v", err)
			}
			seq, hh := p.Head()
			v := Vote{Game: p.Game(), Base: seq, BaseHash: hh, Voter: 0, Seats: []int{1}, Reason: ReasonAbort, K: uint64(p.Match().ChanceCount())}
			v.Sig = ed25519.Sign(n.peers[0].priv, v.signBytes())
			rejected = n.count(1, EvRejected)
			n.handle(1, p.Receive(0, Encode(&VoteMsg{Vote: v})))
			if n.count(1, EvRejected) != rejected {
				t.Fatalf("the decoy vote was refused: %v", n.find(1, EvRejected))
			}
			decoy = true
		}
		if p.Stalled(0) {
			o, err := p.ProposeTakeover(0)
			if err != nil {
				t.Fatalf("seat 1 votes: %v", err)
			}
			n.handle(1, o)
		}
	}
	if !decoy || n.count(1, EvStalled) == 0 {
		t.Fatalf("decoy %v, stall events %v", decoy, n.find(1, EvStalled))
	}
	if !n.peers[1].Bot(0) || n.peers[1].Bot(1) {
		t.Fatalf("seat 0 bot %v, seat 1 bot %v", n.peers[1].Bot(0), n.peers[1].Bot(1))
	}
}

// One other seat alone cannot hand a present, acting player to the bot:
// with three seats a majority of the others is both; with two seats the
// one vote it takes is refused by the honest code before the countdown,
// and a crafted takeover is not followed by the player's own device.
func TestSingleVoteCannotTakeOverActingPlayer(t *testing.T) {
	t.Run("three seats", func(t *testing.T) {
		n := pause(t, 5, 6, 0)
		n.idle(DefaultThink + time.Second)
		o, err := n.peers[1].ProposeTakeover(0)
		if err != nil {
			t.Fatal(err)
		}
		n.handle(1, o)
		n.idle(time.Second)
		for s := range n.peers {
			if n.peers[s].Bot(0) {
				t.Fatalf("seat %d: one vote of two took seat 0 over", s)
			}
		}
	})
	t.Run("two seats", func(t *testing.T) {
		n := newMemnet(t, 7, 2)
		// Seat 0 plays at once whenever it may; seat 1 tries to vote it
		// out right away, and when refused crafts the takeover itself.
		crafted := false
		for n.now < 5*time.Minute && !crafted {
			n.step()
			p := n.peers[1]
			if !p.Started() || p.Match().ChanceCount() < 3 {
				continue
			}
			st := p.Match().State.Status()
			if st.Over || st.Chance != nil || !st.Decides(0) {
				continue
			}
			if _, err := p.ProposeTakeover(0); !errors.Is(err, ErrNotWaiting) {
				t.Fatalf("a vote against an acting player: %v", err)
			}
			seq, hh := p.Head()
			v := Vote{Game: p.Game(), Base: seq, BaseHash: hh, Voter: 1, Seats: []int{0}}
			v.Sig = ed25519.Sign(p.priv, v.signBytes())
			tb := takeoverBody{Bot: BotVersion, Seats: []int{0}}
			e := Entry{Game: p.Game(), Seq: seq + 1, Prev: hh, Author: -1, Kind: KindTakeover, Body: tb.encode(), Post: p.led.agreedNow(), Sig: encodeVotes([]Vote{v})}
			// Let seat 0 act and its pings be echoed first, then send it.
			n.bot[1] = false
			for end := n.now + 6*time.Second; n.now < end; {
				n.step()
			}
			n.handle(0, n.peers[0].Receive(1, Encode(&EntryMsg{Entry: e})))
			crafted = true
		}
		if !crafted {
			t.Fatal("no point to attack")
		}
		if n.peers[0].Bot(0) {
			t.Fatal("the player's own device follows a vote against its acting player")
		}
		if len(keptOwnMove(n, 0)) == 0 {
			t.Fatal("the refused vote is not shown")
		}
	})
}

// A taken-over seat's player reclaims it; the other seat (two seats, so
// it is the only one) never embeds the request. The player writes the
// reclaim itself where its seat next decides alone.
func TestReclaimCannotBeWithheldBySingleSeat(t *testing.T) {
	n := newMemnet(t, 47, 2)
	n.tamper = func(from, to int, data []byte) [][]byte {
		if to == 0 && data[0] == MsgReclaim {
			return nil // seat 0 never hears the request: it cannot embed it
		}
		return [][]byte{data}
	}
	n.untilHead(0, 6)
	n.down[1] = true
	for n.now < 10*time.Minute && !n.peers[0].Bot(1) {
		n.step()
		n.vote([]int{1})
	}
	if !n.peers[0].Bot(1) {
		t.Fatal("no takeover")
	}
	// Seat 0's player waits while seat 1 catches up and asks back (the
	// bots would otherwise finish the short test game first).
	n.bot[0] = false
	n.down[1] = false
	n.connect(0, 1)
	for end := n.now + time.Minute; n.now < end && !n.peers[1].Bot(1); {
		n.step()
	}
	o, err := n.peers[1].Reclaim()
	if err != nil {
		t.Fatal(err)
	}
	n.handle(1, o)
	n.bot[0] = true
	for end := n.now + 5*time.Minute; n.now < end && (n.peers[0].Bot(1) || n.peers[1].Bot(1)) && !n.allOver(); {
		n.step()
	}
	if n.allOver() && n.peers[0].Bot(1) {
		t.Skip("the game ended before the seat decided alone again")
	}
	if n.peers[0].Bot(1) || n.peers[1].Bot(1) {
		t.Fatal("the reclaim was withheld by the other seat")
	}
	if !n.run(30 * time.Minute) {
		t.Fatal("not finished")
	}
	n.sameLogs()
}

// One seat signs different entries for one seq and sends them to
// different peers. The honest peers find the split, roll back to the last
// common entry, hand the equivocator's seat to the bot on the strength of
// the proof, and play the game to the end on one log.
func TestEquivocationSplitRollsBackAndPlaysOn(t *testing.T) {
	n := pause(t, 3, 6, 0)
	a := craft(t, n.peers[1], 0, enginetest.Action{Type: "roll"}, n.peers[0].priv)
	b := craft(t, n.peers[1], 0, enginetest.Action{Type: "draw"}, n.peers[0].priv)
	n.handle(1, n.peers[1].Receive(0, Encode(&EntryMsg{Entry: a})))
	n.handle(2, n.peers[2].Receive(0, Encode(&EntryMsg{Entry: b})))
	n.down[0] = true
	n.bot = []bool{false, true, true}
	if !n.run(30 * time.Minute) {
		t.Fatal("the honest seats did not finish the game")
	}
	for s := 1; s < 3; s++ {
		if !n.peers[s].Bot(0) || n.peers[s].Entries()[a.Seq-1].Kind != KindTakeover {
			t.Fatalf("seat %d: seat 0 bot %v", s, n.peers[s].Bot(0))
		}
		if r, _ := n.peers[s].TakeoverReason(0); r != ReasonProof {
			t.Fatalf("seat %d: takeover reason %d", s, r)
		}
	}
	h1, x1 := n.peers[1].Head()
	h2, x2 := n.peers[2].Head()
	if h1 != h2 || x1 != x2 {
		t.Fatalf("heads %d %s and %d %s", h1, x1.Short(), h2, x2.Short())
	}
	data, _ := n.peers[1].Export()
	if _, _, err := Verify(data); err != nil {
		t.Fatalf("the game with a proof takeover does not verify: %v", err)
	}
}

// heapPeak samples the live heap while f runs in steps: what a flood makes
// a peer keep, after a collection, not the garbage a collector has yet to
// reclaim (under js/wasm the collector lags far behind a tight loop, so the
// uncollected garbage of a flood would read as hundreds of MiB).
func heapPeak(f func(step int) bool) (base, peak uint64) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base = ms.HeapAlloc
	peak = base
	for i := 0; f(i); i++ {
		if i%128 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return base, max(peak, ms.HeapAlloc)
}

// A seat floods the others with entries far ahead of the log: forged
// ones, oversize ones and validly signed ones of the largest size the wire
// allows. Nothing unchecked is parked, and what is parked stays under
// MaxParked per seat: the heap grows by far less than 32 MiB.
func TestParkedEntryFloodIsCappedPerSeat(t *testing.T) {
	n := pause(t, 3, 6, 0)
	p := n.peers[1]
	seq, _ := p.Head()
	body := make([]byte, 60<<10)
	for i := range body {
		body[i] = 'x'
	}
	var refused int
	flood := scaled(4*1024, 1024) // 1024: still 1.3 MiB of valid entries against the 256 KiB cap
	base, peak := heapPeak(func(i int) bool {
		if i >= flood {
			return false
		}
		e := Entry{Game: p.Game(), Seq: seq + 2 + uint64(i/4), Prev: Hash{byte(i)}, Author: 0, Kind: KindAction, Body: append(body[:len(body)-1:len(body)-1], byte(i))}
		switch i % 3 {
		case 0: // forged: signed by seat 2's key
			e.Sig = ed25519.Sign(n.peers[2].priv, e.signBytes())
		case 1: // signed, but over the action limit
			e.Sig = ed25519.Sign(n.peers[0].priv, e.signBytes())
		case 2: // signed and small enough
			e.Body = e.Body[:MaxAction]
			e.Sig = ed25519.Sign(n.peers[0].priv, e.signBytes())
		}
		o := p.Receive(0, Encode(&EntryMsg{Entry: e}))
		for _, ev := range o.Events {
			if ev.Kind == EvRejected {
				refused++
			}
		}
		return true
	})
	t.Logf("parked-entry flood: heap %d KiB at the start, peak %d KiB (+%d KiB); %d refused; parked %d bytes",
		base>>10, peak>>10, (peak-base)>>10, refused, p.parked[0])
	if p.parked[0] > MaxParked {
		t.Fatalf("%d bytes parked for seat 0, cap %d", p.parked[0], MaxParked)
	}
	if peak-base > 32<<20 {
		t.Fatalf("heap grew by %d MiB", (peak-base)>>20)
	}
	if refused < flood/2 {
		t.Fatalf("only %d of the flood refused", refused)
	}
	// The game still finishes.
	n.bot = []bool{true, true, true}
	if !n.run(30 * time.Minute) {
		t.Fatal("not finished after the flood")
	}
	n.sameLogs()
}

// A seat asks again and again for the whole log: it is served once per
// ResendEvery, not once per request.
func TestFullLogResendRequestFloodIsRateLimited(t *testing.T) {
	n := pause(t, 3, 12, 0)
	p := n.peers[1]
	q := &SyncReq{Game: p.Game(), Seat: 0, From: 1}
	q.Sig = ed25519.Sign(n.peers[0].priv, append([]byte(domainSyncReq), q.unsigned()...))
	req := Encode(q)
	served := 0
	flood := scaled(2000, 500)
	base, peak := heapPeak(func(i int) bool {
		if i >= flood {
			return false
		}
		o := p.Receive(0, req)
		for _, m := range o.Msgs {
			if m.Data[0] == MsgSyncResp {
				served++
			}
		}
		return true
	})
	t.Logf("sync-request flood: %d requests, %d answers, heap +%d KiB", flood, served, (peak-base)>>10)
	if served == 0 || served > 4 {
		t.Fatalf("%d answers to %d requests within one resend period", served, flood)
	}
	// A forged request (seat 2 signing as seat 0) is refused.
	f := &SyncReq{Game: p.Game(), Seat: 0, From: 1}
	f.Sig = ed25519.Sign(n.peers[2].priv, append([]byte(domainSyncReq), f.unsigned()...))
	o := p.Receive(0, Encode(f))
	if len(o.Events) != 1 || !errors.Is(o.Events[0].Err, ErrForged) {
		t.Fatalf("forged sync request: %v", o.Events)
	}
}

// Through a relay only messages that prove their author are taken. Seat 1
// relays for seat 2, which has gone silent: it replays seat 2's old
// signed pings, makes up an unsigned refusal and a ping signed with its
// own key. Seat 0 still shows seat 2 as away, and nobody refused.
func TestRelayedSpoofedPingsCannotHideSilentSeat(t *testing.T) {
	n := pause(t, 3, 6, 1)
	var old [][]byte
	n.tamper = func(from, to int, data []byte) [][]byte {
		if from == 2 && to == 0 && data[0] == MsgPing {
			old = append(old, data)
		}
		return [][]byte{data}
	}
	n.idle(5 * time.Second)
	n.tamper = nil
	n.down[2] = true
	p := n.peers[0]
	for end := n.now + 20*time.Second; n.now < end; {
		n.step()
		if n.now%time.Second == 0 {
			for _, m := range old {
				n.handle(0, p.ReceiveRelayed(2, m))
			}
			n.handle(0, p.ReceiveRelayed(2, Encode(&Refuse{Reason: "seat 2 quits"})))
			fake := &Ping{Game: p.Game(), Seat: 2, Nonce: 1 << 40, HeadSeq: 1}
			fake.Sig = ed25519.Sign(n.peers[1].priv, append([]byte(domainPing), fake.unsigned()...))
			n.handle(0, p.ReceiveRelayed(2, Encode(fake)))
		}
	}
	if !p.Away(2) {
		t.Fatal("replayed and forged relayed pings keep the silent seat present")
	}
	if n.count(0, EvRefused) != 0 {
		t.Fatalf("a relayed refusal was taken: %v", n.find(0, EvRefused))
	}
	// A fresh relayed ping of a live seat does show it present: seat 2
	// comes back behind the relay and answers our pings.
	n.down[2] = false
	n.tamper = func(from, to int, data []byte) [][]byte {
		if from == 2 && to == 0 {
			n.handle(0, p.ReceiveRelayed(2, data))
			return nil
		}
		return [][]byte{data}
	}
	for end := n.now + 10*time.Second; n.now < end && p.Away(2); {
		n.step()
	}
	if p.Away(2) {
		t.Fatal("a live seat behind a relay stays away")
	}
}

// A game file is all signed: names, kinds, meta, setup, chance info and
// the moves. Changing or stripping any of it is refused.
func TestGameFileUnsignedPartsChangedOrStripped(t *testing.T) {
	n := newMemnet(t, 9, 3)
	if !n.run(30 * time.Minute) {
		t.Fatal("not finished")
	}
	data, err := n.peers[0].Export()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Verify(data); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	cases := map[string][]byte{
		"seat name changed": edit(func(m map[string]any) {
			m["seats"].([]any)[1].(map[string]any)["name"] = "Mallory"
		}),
		"seat kind changed": edit(func(m map[string]any) {
			m["seats"].([]any)[1].(map[string]any)["kind"] = "bot:greedy"
		}),
		"meta added": edit(func(m map[string]any) {
			m["meta"].(map[string]any)["winner-note"] = "seat 2 cheated"
		}),
		"chance info stripped": edit(func(m map[string]any) {
			m["chance"] = map[string]any{}
		}),
		"signed log stripped": edit(func(m map[string]any) {
			delete(m["meta"].(map[string]any), MetaLog)
		}),
	}
	for name, b := range cases {
		if _, _, err := Verify(b); err == nil {
			t.Errorf("%s: verified", name)
		}
	}
}

// A game file of protocol 4 (chance secrets dealt as shares in its
// genesis messages, before chance rounds were locked in time) is refused
// with a clear reason. Its genesis layout byte is the mark: this one is a
// game of today with that byte and protocol 4's deal list put back.
func TestProtocol4FileIsRefusedClearly(t *testing.T) {
	data := oldProtocolFile(t, 52, 3, []byte{2, 0, 0}) // two empty deals
	if _, _, err := Verify(data); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "protocol 4") {
		t.Fatalf("protocol 4 file: %v", err)
	}
}

// A game file of protocol 5 (its rounds not started afresh when a seat
// left them) has protocol 6's fields under another layout byte: refused by
// name, not verified by rounds it did not play.
func TestProtocol5FileIsRefusedClearly(t *testing.T) {
	data := oldProtocolFile(t, 54, 4, nil)
	if _, _, err := Verify(data); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "protocol 5") {
		t.Fatalf("protocol 5 file: %v", err)
	}
}

// oldProtocolFile is a file of a game of today whose genesis has the
// given layout byte and tail after its message.
func oldProtocolFile(t *testing.T, seed uint64, layout byte, tail []byte) []byte {
	t.Helper()
	n := newMemnet(t, seed, 2)
	n.untilHead(0, 4)
	data, err := n.peers[0].Export()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	meta := m["meta"].(map[string]any)
	gb, _ := base64.RawURLEncoding.DecodeString(meta[MetaGenesis].(string))
	gm, err := Decode(gb)
	if err != nil {
		t.Fatal(err)
	}
	g := gm.(*GenesisMsg)
	g.Body[0] = layout
	meta[MetaGenesis] = base64.RawURLEncoding.EncodeToString(append(Encode(g), tail...))
	data, _ = json.Marshal(m)
	return data
}

// A device of protocol 4 is refused by name: its HELLO (another layout
// past the version) gets a REFUSE that says which protocols differ.
func TestProtocol4PeerIsRefusedClearly(t *testing.T) {
	helloRefused(t, 53, 4, func(data []byte) []byte {
		var w writer
		w.byte1(MsgHello)
		w.uvarint(4)
		w.str(testBuild)
		w.fixed(make([]byte, 200)) // protocol 4's fields, not read
		return w.b
	})
}

// A device of protocol 5 (protocol 6's HELLO with its version) is refused
// by name too.
func TestProtocol5PeerIsRefusedClearly(t *testing.T) {
	helloRefused(t, 56, 5, func(data []byte) []byte {
		m, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		h := m.(*Hello)
		h.Proto = 5
		return Encode(h)
	})
}

// helloRefused: seat 1's HELLOs go out as hello makes them; the host
// refuses the device and names its protocol.
func helloRefused(t *testing.T, seed uint64, proto int, hello func([]byte) []byte) {
	t.Helper()
	n := newMemnet(t, seed, 2)
	n.tamper = func(from, to int, data []byte) [][]byte {
		if from == 1 && data[0] == MsgHello {
			return [][]byte{hello(data)}
		}
		return [][]byte{data}
	}
	for end := n.now + 10*time.Second; n.now < end; {
		n.step()
	}
	if n.peers[0].Started() {
		t.Fatalf("the host started a game with a protocol %d device", proto)
	}
	ref := n.find(0, EvRefused)
	want := fmt.Sprintf("protocol %d, we speak %d", proto, ProtocolVersion)
	if len(ref) == 0 || !errors.Is(ref[0].Err, ErrMismatch) || !strings.Contains(ref[0].Err.Error(), want) {
		t.Fatalf("host's refusals: %v", ref)
	}
}

// A game file of protocol 2 (its genesis without names or deals) is
// refused with a clear reason, not as a broken file.
func TestProtocol2FileIsRefusedClearly(t *testing.T) {
	data, err := os.ReadFile("testdata/protocol2-race.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Verify(data); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "protocol 2") {
		t.Fatalf("protocol 2 file: %v", err)
	}
}

// keptOwnMove lists seat's reports of a takeover that lost to its own
// move.
func keptOwnMove(n *memnet, seat int) []Event {
	var out []Event
	for _, e := range n.find(seat, EvVote) {
		if e.Err != nil && strings.Contains(e.Err.Error(), "lost to the seat's own move") {
			out = append(out, e)
		}
	}
	return out
}
