package p2p

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// live is every seat that is not down.
func (n *memnet) live() []int {
	var out []int
	for s := range n.peers {
		if !n.down[s] {
			out = append(out, s)
		}
	}
	return out
}

// vote lets every live peer vote to hand the gone seats to the bot, as a
// player would click once the seats show as away and the game waits.
func (n *memnet) vote(gone []int) {
	for _, s := range n.live() {
		p := n.peers[s]
		if !p.Started() || p.Bot(s) {
			continue
		}
		for _, x := range gone {
			if p.Bot(x) || !p.Away(x) {
				continue
			}
			seq, _ := p.Head()
			if p.myVote != nil && p.myVote.Base == seq && containsSeat(p.myVote.Seats, x) {
				continue
			}
			o, err := p.ProposeTakeover(x)
			if err != nil && !errors.Is(err, ErrNotWaiting) && !errors.Is(err, engine.ErrGameOver) {
				n.t.Fatalf("seat %d votes for %d: %v", s, x, err)
			}
			n.handle(s, o)
		}
	}
}

// runVoting steps the network, letting the live seats vote out the gone
// ones, until every live game is over.
func (n *memnet) runVoting(limit time.Duration, gone []int) bool {
	for steps := 0; n.now < limit && steps < 5_000_000; steps++ {
		if n.allOver() && len(n.queue) == 0 {
			return true
		}
		n.step()
		n.vote(gone)
	}
	return n.allOver()
}

// untilHead steps until seat's head reaches seq.
func (n *memnet) untilHead(seat int, seq uint64) {
	n.t.Helper()
	for steps := 0; steps < 1_000_000; steps++ {
		if h, _ := n.peers[seat].Head(); h >= seq && n.peers[seat].Started() {
			return
		}
		n.step()
	}
	n.t.Fatalf("seat %d never reached entry %d", seat, seq)
}

// kinds counts the log's entries by kind.
func kinds(p *Peer) map[Kind]int {
	out := map[Kind]int{}
	for _, e := range p.Entries() {
		out[e.Kind]++
	}
	return out
}

// checkTakenOver: every live peer agrees, holds one takeover of exactly
// gone, the bot played, chance after the takeover used the humans' reveals
// only, and the exported game verifies to the same final state.
func (n *memnet) checkTakenOver(gone []int) {
	n.t.Helper()
	n.sameLogs()
	n.noRejections()
	ref := n.peers[n.live()[0]]
	k := kinds(ref)
	if k[KindTakeover] < 1 || k[KindBot] == 0 {
		n.t.Fatalf("log kinds %v: want a takeover and bot entries", k)
	}
	for _, s := range n.live() {
		var seats []int
		for _, e := range n.find(s, EvTakeover) {
			seats = append(seats, e.Seats...)
		}
		if !sameSeats(sortedInts(seats), gone) {
			t := n.find(s, EvTakeover)
			n.t.Fatalf("seat %d: takeover events %v, want seats %v", s, t, gone)
		}
		for _, x := range gone {
			if !n.peers[s].Bot(x) {
				n.t.Fatalf("seat %d does not see seat %d as the bot's", s, x)
			}
		}
	}
	taken := false
	for _, e := range ref.Entries() {
		switch e.Kind {
		case KindTakeover:
			taken = true
		case KindChance:
			cb, err := decodeChanceBody(e.Body)
			if err != nil {
				n.t.Fatal(err)
			}
			if taken && (cb.Seats == nil || len(cb.Seats) != len(n.peers)-len(gone)) {
				n.t.Fatalf("chance entry %d after the takeover has seats %v", e.Seq, cb.Seats)
			}
			if !taken && cb.Seats != nil {
				n.t.Fatalf("chance entry %d before the takeover has seats %v", e.Seq, cb.Seats)
			}
		case KindBot:
			if !containsSeat(gone, e.Author) || len(e.Sig) != 0 {
				n.t.Fatalf("bot entry %d by seat %d", e.Seq, e.Author)
			}
		}
	}
	data, err := ref.Export()
	if err != nil {
		n.t.Fatal(err)
	}
	m, _, err := Verify(data)
	if err != nil {
		n.t.Fatalf("exported game with takeover does not verify: %v", err)
	}
	if engine.HashHex(m.State) != engine.HashHex(ref.Match().State) {
		n.t.Fatal("verified game differs from the live one")
	}
}

func sortedInts(xs []int) []int {
	out := append([]int(nil), xs...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// One peer (the inviting host among them) stops mid-game; the others vote
// its seat to the bot and finish the game with identical logs.
func TestTakeoverFinishesGame(t *testing.T) {
	cases := []struct {
		players int
		gone    []int
		seed    uint64
	}{
		{3, []int{0}, 1}, {3, []int{0}, 2}, {3, []int{2}, 3},
		{4, []int{0}, 4}, {4, []int{1}, 5}, {4, []int{3}, 6},
		{4, []int{0, 2}, 7}, // two seats leave: one vote covers both
	}
	for _, c := range cases {
		n := newMemnet(t, c.seed, c.players)
		n.untilHead(1, 6)
		for _, x := range c.gone {
			n.down[x] = true
		}
		if !n.runVoting(20*time.Minute, c.gone) {
			t.Fatalf("%+v: game did not finish (now %v)", c, n.now)
		}
		n.checkTakenOver(c.gone)
		seq, _ := n.peers[n.live()[0]].Head()
		t.Logf("%d players, seats %v left: %d entries, %v", c.players, c.gone, seq, kinds(n.peers[n.live()[0]]))
	}
}

// A takeover survives a reload of a voter, and bot entries re-verify from
// the snapshot (Restore replays the bot's choices).
func TestTakeoverSnapshotRestores(t *testing.T) {
	n := newMemnet(t, 11, 3)
	n.untilHead(1, 6)
	n.down[0] = true
	if !n.runVoting(20*time.Minute, []int{0}) {
		t.Fatal("not finished")
	}
	n.checkTakenOver([]int{0})
	for _, s := range []int{1, 2} {
		p, err := Restore(Config{Build: testBuild}, n.snaps[s])
		if err != nil {
			t.Fatal(err)
		}
		if h1, hh1 := p.Head(); true {
			h2, hh2 := n.peers[s].Head()
			if h1 != h2 || hh1 != hh2 || !p.Bot(0) {
				t.Fatalf("seat %d restored at %d, had %d", s, h1, h2)
			}
		}
	}
}

// The taken-over seat comes back: it learns the takeover, may not act,
// reclaims its seat through the next human to decide, and plays on.
func TestReturningSeatReclaims(t *testing.T) {
	n := newMemnet(t, 12, 3)
	n.untilHead(1, 6)
	n.down[0] = true
	for steps := 0; !n.peers[1].Bot(0); steps++ {
		if steps > 1_000_000 {
			t.Fatal("no takeover")
		}
		n.step()
		n.vote([]int{0})
	}
	// Let the bot play a few moves, then seat 0 returns.
	at, _ := n.peers[1].Head()
	n.untilHead(1, at+4)
	n.down[0] = false
	n.connect(0, 1)
	n.connect(0, 2)
	for steps := 0; !n.peers[0].Bot(0); steps++ {
		if steps > 1_000_000 {
			t.Fatal("the returning seat never learnt of its takeover")
		}
		n.step()
	}
	if _, err := n.peers[0].Act(enginetest.Action{Type: "roll"}); !errors.Is(err, ErrBotSeat) {
		t.Fatalf("bot-played seat acted: %v", err)
	}
	if _, err := n.peers[0].ProposeTakeover(1); !errors.Is(err, ErrBotSeat) {
		t.Fatalf("bot-played seat voted: %v", err)
	}
	o, err := n.peers[0].Reclaim()
	if err != nil {
		t.Fatal(err)
	}
	n.handle(0, o)
	if !n.run(20 * time.Minute) {
		t.Fatal("not finished after the reclaim")
	}
	n.sameLogs()
	n.noRejections()
	k := kinds(n.peers[0])
	if k[KindReclaim] != 1 || n.peers[0].Bot(0) {
		t.Fatalf("kinds %v, still bot: %v", k, n.peers[0].Bot(0))
	}
	// After the reclaim seat 0 signed actions again, and chance entries
	// hold every seat's reveal again (its chain checked over the gap).
	reclaimed, acted, full := false, false, false
	for _, e := range n.peers[0].Entries() {
		switch {
		case e.Kind == KindReclaim:
			reclaimed = true
		case reclaimed && e.Kind == KindAction && e.Author == 0:
			acted = true
		case reclaimed && e.Kind == KindChance:
			cb, _ := decodeChanceBody(e.Body)
			full = full || cb.Seats == nil
		}
	}
	if !acted || !full || len(n.find(1, EvReclaim)) != 1 {
		t.Fatalf("after the reclaim: seat 0 acted %v, full chance %v, events %v", acted, full, n.find(1, EvReclaim))
	}
	data, _ := n.peers[2].Export()
	if _, _, err := Verify(data); err != nil {
		t.Fatal(err)
	}
}

// The seat to be taken over acted while cut off: only it took that entry
// (the voters hold), so when the takeover reaches it, it drops its own
// entry and joins the others' log.
func TestTakenOverSeatRollsBack(t *testing.T) {
	n := pause(t, 13, 6, 0)
	n.down[0] = true // seat 0 decides, and is cut off
	o, err := n.peers[0].Act(enginetest.Action{Type: "roll"})
	if err != nil {
		t.Fatal(err)
	}
	n.handle(0, o) // lost on the way: seat 0 is down
	mine, _ := n.peers[0].Head()
	n.bot = []bool{true, true, true}
	for steps := 0; !n.peers[1].Bot(0) || !n.peers[2].Bot(0); steps++ {
		if steps > 1_000_000 {
			t.Fatal("no takeover")
		}
		n.step()
		n.vote([]int{0})
	}
	n.down[0] = false
	n.connect(0, 1)
	n.connect(0, 2)
	if !n.run(20 * time.Minute) {
		t.Fatal("not finished")
	}
	n.sameLogs()
	e := n.peers[0].Entries()[mine-1]
	if e.Kind != KindTakeover {
		t.Fatalf("entry %d is %v, want the takeover", mine, e.Kind)
	}
	for s := 1; s < 3; s++ {
		for _, ev := range n.events[s] {
			if ev.Kind == EvFork || ev.Kind == EvEquivocation {
				t.Fatalf("seat %d: %v", s, ev)
			}
		}
	}
}

// A voter holds: after it voted, an entry for that point is kept back
// unless another seat serves it from its log (it went on without voting)
// or it is the seat's own signed move, which always wins: then the vote
// is released.
func TestVoteHoldAndRelease(t *testing.T) {
	n := pause(t, 14, 6, 0)
	n.idle(DefaultThink + time.Second) // seat 0 stalls
	seq, _ := n.peers[1].Head()
	o, err := n.peers[1].ProposeTakeover(0)
	if err != nil {
		t.Fatal(err)
	}
	// The vote reaches nobody yet.
	n.events[1] = append(n.events[1], o.Events...)
	e := craft(t, n.peers[1], 0, enginetest.Action{Type: "draw"}, n.peers[0].priv)
	// An entry for that point that is not the seat's own move: held.
	other := e
	other.Kind, other.Author, other.Sig = KindBot, 0, nil
	o = n.peers[1].Receive(2, Encode(&EntryMsg{Entry: other}))
	if h, _ := n.peers[1].Head(); h != seq || n.peers[1].myVote == nil {
		t.Fatalf("voter took another entry for the point it holds: head %d", h)
	}
	// The seat's own move, even late: it wins, and the vote is released.
	o = n.peers[1].Receive(0, Encode(&EntryMsg{Entry: e}))
	if h, _ := n.peers[1].Head(); h != seq+1 || n.peers[1].myVote != nil {
		t.Fatalf("vote not released by the seat's own move: head %d", h)
	}
	n.handle(2, n.peers[2].Receive(0, Encode(&EntryMsg{Entry: e})))
	released := false
	for _, ev := range o.Events {
		released = released || (ev.Kind == EvVote && ev.Err != nil)
	}
	if !released {
		t.Fatalf("no release event: %v", o.Events)
	}
	n.handle(1, o)
	n.handle(0, n.peers[0].Receive(1, Encode(&EntryMsg{Entry: e})))
	n.bot = []bool{true, true, true}
	if !n.run(20 * time.Minute) {
		t.Fatal("not finished")
	}
	n.sameLogs()
}

func signVote(v Vote, key ed25519.PrivateKey) Vote {
	v.Sig = ed25519.Sign(key, v.signBytes())
	return v
}

// Forged votes, a vote by the seat itself, a takeover missing votes and a
// bot entry that is not the bot's choice are all refused; nothing moves.
func TestTakeoverAttacksRejected(t *testing.T) {
	vote := func(n *memnet, voter int, seats []int) Vote {
		seq, hh := n.peers[1].Head()
		return Vote{Game: n.peers[1].Game(), Base: seq, BaseHash: hh, Voter: voter, Seats: seats}
	}
	cases := []struct {
		name   string
		want   error
		attack func(n *memnet) (int, []byte)
	}{
		{"forged vote", ErrForged, func(n *memnet) (int, []byte) {
			// Seat 1 signs a vote as seat 2.
			return 1, Encode(&VoteMsg{Vote: signVote(vote(n, 2, []int{0}), n.peers[1].priv)})
		}},
		{"vote by the seat itself", ErrOutOfTurn, func(n *memnet) (int, []byte) {
			return 0, Encode(&VoteMsg{Vote: signVote(vote(n, 0, []int{0}), n.peers[0].priv)})
		}},
		{"vote for a seat the game does not wait on", ErrNotWaiting, func(n *memnet) (int, []byte) {
			return 1, Encode(&VoteMsg{Vote: signVote(vote(n, 1, []int{2}), n.peers[1].priv)})
		}},
		{"takeover missing a vote", ErrOutOfTurn, func(n *memnet) (int, []byte) {
			seq, hh := n.peers[1].Head()
			tb := takeoverBody{Bot: BotVersion, Seats: []int{0}}
			votes := []Vote{signVote(vote(n, 1, []int{0}), n.peers[1].priv)}
			e := Entry{Game: n.peers[1].Game(), Seq: seq + 1, Prev: hh, Author: -1, Kind: KindTakeover, Body: tb.encode(), Post: n.peers[1].led.agreedNow(), Sig: encodeVotes(votes)}
			return 1, Encode(&EntryMsg{Entry: e})
		}},
		{"takeover with a forged vote", ErrForged, func(n *memnet) (int, []byte) {
			seq, hh := n.peers[1].Head()
			tb := takeoverBody{Bot: BotVersion, Seats: []int{0}}
			votes := []Vote{
				signVote(vote(n, 1, []int{0}), n.peers[1].priv),
				signVote(vote(n, 2, []int{0}), n.peers[1].priv),
			}
			e := Entry{Game: n.peers[1].Game(), Seq: seq + 1, Prev: hh, Author: -1, Kind: KindTakeover, Body: tb.encode(), Post: n.peers[1].led.agreedNow(), Sig: encodeVotes(votes)}
			return 1, Encode(&EntryMsg{Entry: e})
		}},
		{"takeover with votes for another point", ErrBadPrev, func(n *memnet) (int, []byte) {
			seq, hh := n.peers[1].Head()
			old := vote(n, 1, []int{0})
			old.Base, old.BaseHash = seq-1, n.peers[1].led.hashes[seq-2]
			old2 := old
			old2.Voter = 2
			tb := takeoverBody{Bot: BotVersion, Seats: []int{0}}
			votes := []Vote{signVote(old, n.peers[1].priv), signVote(old2, n.peers[2].priv)}
			e := Entry{Game: n.peers[1].Game(), Seq: seq + 1, Prev: hh, Author: -1, Kind: KindTakeover, Body: tb.encode(), Post: n.peers[1].led.agreedNow(), Sig: encodeVotes(votes)}
			return 1, Encode(&EntryMsg{Entry: e})
		}},
		{"bot entry for a human seat", ErrOutOfTurn, func(n *memnet) (int, []byte) {
			seq, hh := n.peers[1].Head()
			e := Entry{Game: n.peers[1].Game(), Seq: seq + 1, Prev: hh, Author: 0, Kind: KindBot, Body: []byte(`{"type":"roll"}`)}
			return 1, Encode(&EntryMsg{Entry: e})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := pause(t, 3, 6, 0)
			before := n.heads()
			from, msg := c.attack(n)
			evs := n.deliver(from, msg)
			for s := range n.peers {
				for _, e := range evs[s] {
					if e.Kind == EvVote || e.Kind == EvTakeover {
						t.Fatalf("seat %d accepted: %v", s, e)
					}
				}
				if v := n.peers[s].Votes(); len(v) != 0 {
					t.Fatalf("seat %d stored votes %v", s, v)
				}
			}
			n.expectRejected(t, before, evs, from, c.want)
		})
	}
}

// botLedger replays ref's log into a fresh ledger up to (not including)
// its first bot entry, and returns that entry's index.
func botLedger(t *testing.T, ref *Peer) (*ledger, int) {
	t.Helper()
	l, err := newLedger(ref.led.gen, ref.led.genSigs)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range ref.Entries() {
		if e.Kind == KindBot {
			return l, i
		}
		if err := l.apply(e); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no bot entry")
	return nil, 0
}

// A bot entry with another legal action (and the honest post hash for it)
// is refused by the ledger, by a peer catching up through SYNC, and by
// Verify on an exported file.
func TestForgedBotEntryRejected(t *testing.T) {
	n := newMemnet(t, 15, 3)
	n.untilHead(1, 6)
	n.down[0] = true
	if !n.runVoting(20*time.Minute, []int{0}) {
		t.Fatal("not finished")
	}
	ref := n.peers[1]
	l, i := botLedger(t, ref)
	good := ref.Entries()[i]
	var forged Entry
	for _, a := range l.match.State.Legal(engine.Seat(good.Author)) {
		raw, _ := json.Marshal(a)
		if string(raw) == string(good.Body) {
			continue
		}
		st := l.match.State.Clone()
		if st.Apply(engine.Seat(good.Author), a) != nil {
			continue
		}
		forged = good
		forged.Body, forged.Post = raw, Hash(engine.Hash(st))
		break
	}
	if forged.Body == nil {
		t.Skip("the bot had a single legal action at its first decision")
	}
	seq, hh := l.head()
	if err := l.apply(forged); !errors.Is(err, ErrBadBot) {
		t.Fatalf("forged bot entry: %v", err)
	}
	if s2, h2 := l.head(); s2 != seq || h2 != hh {
		t.Fatal("the ledger moved")
	}
	if err := l.apply(good); err != nil {
		t.Fatalf("the bot's own entry after a refused forgery: %v", err)
	}

	// A peer catching up: sync with a forged bot entry in it.
	peer, err := Restore(Config{Build: testBuild}, n.snaps[1])
	if err != nil {
		t.Fatal(err)
	}
	behind := &Peer{}
	*behind = *peer
	behind.led, _ = newLedger(ref.led.gen, ref.led.genSigs)
	for _, e := range ref.Entries()[:i-1] {
		if err := behind.led.apply(e); err != nil {
			t.Fatal(err)
		}
	}
	o := behind.Receive(2, Encode(&SyncResp{Entries: []Entry{ref.Entries()[i-1], forged}}))
	rejected := false
	for _, e := range o.Events {
		rejected = rejected || (e.Kind == EvRejected && errors.Is(e.Err, ErrBadBot))
	}
	if !rejected {
		t.Fatalf("no ErrBadBot rejection: %v", o.Events)
	}
	// It wrote the bot's real move itself: identical to everyone's.
	if len(behind.Entries()) <= i || behind.Entries()[i].Hash() != good.Hash() {
		t.Fatal("the catching-up peer diverged")
	}

	// Verify on a file whose signed log has the forgery.
	data, _ := ref.Export()
	if _, _, err := Verify(data); err != nil {
		t.Fatal(err)
	}
	save, _ := engine.DecodeSave(data)
	var w writer
	w.uvarint(uint64(len(ref.Entries())))
	for j, e := range ref.Entries() {
		if j == i {
			e = forged
		}
		w.bytes(e.Encode())
	}
	save.Meta[MetaLog] = base64.RawURLEncoding.EncodeToString(w.b)
	if _, _, err := Verify(save.Encode()); !errors.Is(err, ErrBadBot) {
		t.Fatalf("forged bot entry in a file: %v", err)
	}
}

// Votes that cannot be cast: own seat, a bot seat, a seat the game does
// not wait on, before the genesis.
func TestProposeTakeoverRefusals(t *testing.T) {
	n := pause(t, 3, 6, 0)
	p := n.peers[1]
	if _, err := p.ProposeTakeover(0); !errors.Is(err, ErrNotWaiting) {
		t.Fatalf("a present seat whose countdown has not run out: %v", err)
	}
	n.idle(DefaultThink + time.Second) // seat 0 stalls
	if _, err := p.ProposeTakeover(1); !errors.Is(err, ErrOutOfTurn) {
		t.Fatalf("own seat: %v", err)
	}
	if _, err := p.ProposeTakeover(2); !errors.Is(err, ErrNotWaiting) {
		t.Fatalf("seat not waited on: %v", err)
	}
	if _, err := p.ProposeTakeover(7); err == nil {
		t.Fatal("seat out of range accepted")
	}
	g, _ := NewGuest(Config{Build: testBuild, Rand: &detRand{seed: "x"}}, p.Game(), 1, 0, nil)
	if _, err := g.ProposeTakeover(0); !errors.Is(err, ErrNoGenesis) {
		t.Fatalf("before genesis: %v", err)
	}
	// A vote for seat 0 is idempotent: the same vote again.
	o1, err := p.ProposeTakeover(0)
	if err != nil {
		t.Fatal(err)
	}
	o2, err := p.ProposeTakeover(0)
	if err != nil || len(o2.Msgs) != 1 || string(o2.Msgs[0].Data) != string(o1.Msgs[0].Data) {
		t.Fatalf("second vote: %v", err)
	}
	if v := p.Votes(); len(v) != 1 || !sameSeats(v[1], []int{0}) {
		t.Fatalf("votes %v", v)
	}
}

// Loss, duplicates and reordering while votes and takeover entries travel
// do not split the peers.
func TestTakeoverUnderFaults(t *testing.T) {
	for seed := uint64(20); seed < 20+uint64(scaled(6, 2)); seed++ { // 2 seeds: 3 and 4 seats
		players := 3 + int(seed%2)
		n := newMemnet(t, seed, players)
		n.dupPerMille, n.dropPerMille, n.minDelay, n.maxDelay = 200, 100, time.Millisecond, 150*time.Millisecond
		n.untilHead(1, 5)
		gone := []int{int(seed) % players}
		n.down[gone[0]] = true
		if !n.runVoting(30*time.Minute, gone) {
			t.Fatalf("seed %d: not finished", seed)
		}
		n.checkTakenOver(gone)
	}
}

// The same game with a takeover ends in the same pinned state natively and
// under js/wasm: the bot's choices (floating-point ratings included) are a
// pure function of the log.
func TestTakeoverGamePinned(t *testing.T) {
	n := newMemnet(t, 31, 4)
	n.untilHead(1, 6)
	n.down[0] = true
	if !n.runVoting(20*time.Minute, []int{0}) {
		t.Fatal("not finished")
	}
	n.checkTakenOver([]int{0})
	seq, hh := n.peers[1].Head()
	k := kinds(n.peers[1])
	got := fmt.Sprintf("%d %s bot=%d", seq, hh.Short(), k[KindBot])
	const want = "34 49e233dc52ff bot=4" // protocol 6: seat 0 leaves at a roll, which starts afresh
	if got != want {
		t.Fatalf("takeover game ends at %s, pinned %s", got, want)
	}
}

// A round of simultaneous decisions: seat 0 is taken over in it (so every
// peer asks the bot at that point), then seat h, the other decider, leaves
// too and is taken over one entry later, and only then is the round
// decided. The bot's state must follow committed entries only: a replay
// of the log from scratch (what Verify and a catching-up peer do, never
// seeing the abandoned point) ends with the very same bot state.
func TestBotAskedInAbandonedRound(t *testing.T) {
	found := 0
	const bs = 0 // the lowest seat: asked before the humans of the round
	for seed := uint64(40); seed < 200 && found < 3; seed++ {
		n := newMemnet(t, seed, 4)
		// A round where seat 3 and some h decide together; both wait.
		pair := func(p *Peer) int {
			if !p.Started() {
				return -1
			}
			st := p.Match().State.Status()
			if len(st.Deciders) < 2 || !st.Decides(engine.Seat(bs)) {
				return -1
			}
			for _, d := range st.Deciders {
				if int(d) != bs {
					return int(d)
				}
			}
			return -1
		}
		n.hold = func(p *Peer) bool { x := pair(p); return x >= 0 && (p.Seat() == bs || p.Seat() == x) }
		h := -1
		for steps := 0; steps < 1_000_000 && !n.allOver() && h < 0; steps++ {
			n.step()
			if x := pair(n.peers[0]); x >= 0 && len(n.queue) == 0 && x == pair(n.peers[1]) && x == pair(n.peers[2]) && x == pair(n.peers[3]) {
				h = x
			}
		}
		if h < 0 {
			continue
		}
		found++
		n.down[bs] = true
		for steps := 0; !n.peers[h].Bot(bs) && steps < 1_000_000; steps++ {
			n.step()
			n.vote([]int{bs})
		}
		if !n.peers[h].Bot(bs) {
			t.Fatalf("seed %d: seat %d not taken over", seed, bs)
		}
		n.hold = nil
		n.down[h] = true
		if !n.runVoting(30*time.Minute, sortedInts([]int{bs, h})) {
			t.Fatal("not finished")
		}
		n.sameLogs()
		n.noRejections()
		live := n.peers[n.live()[0]]
		replay, err := newLedger(live.led.gen, live.led.genSigs)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range live.Entries() {
			if err := replay.apply(e); err != nil {
				t.Fatalf("seed %d: replay entry %d: %v", seed, e.Seq, err)
			}
		}
		for _, s := range []int{bs, h} {
			if !reflect.DeepEqual(live.led.bots[s].b, replay.bots[s].b) {
				t.Fatalf("seed %d: the bot of seat %d differs between the live peer and a replay", seed, s)
			}
		}
		data, _ := live.Export()
		if _, _, err := Verify(data); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	if found == 0 {
		t.Fatal("no round with seat 0 and a human found")
	}
}
