//go:build !js

package netplay

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"tabula/app/relay"
	"tabula/app/relay/relaytest"
	"tabula/engine"
	"tabula/engine/p2p"
	"tabula/engine/p2p/p2ptest"
)

var (
	playedOnce sync.Once
	played     *p2ptest.Table
	playedErr  error
)

// playedGame is a whole three-seat Catan game played in memory by real
// peers: its signed genesis and log.
func playedGame(t *testing.T) (gen []byte, es []p2p.Entry, g *p2p.Genesis) {
	t.Helper()
	playedOnce.Do(func() {
		played, playedErr = p2ptest.Play(engine.Setup{Game: "catan", Players: 3}, 7, p2ptest.Options{Bot: "greedy", Leave: -1})
	})
	if playedErr != nil {
		t.Fatal(playedErr)
	}
	p := played.Peers[0]
	return p.GenesisMessage(), p.Entries(), p.Genesis()
}

func encoded(es []p2p.Entry) [][]byte {
	var out [][]byte
	for i := range es {
		out = append(out, es[i].Encode())
	}
	return out
}

func logLetter(c chunk) relay.Letter {
	return relay.Letter{Box: watchBox, Key: logKey(0), Body: c.encode()}
}

// The log is cut the same way by every device (greedy, at most 64
// entries and one letter's bytes each), chunks read back as they were
// written, a kept chunk covers a shorter one of the same start only, and
// an entry too big for a letter stops the cut before it.
func TestWatchChunks(t *testing.T) {
	_, es, _ := playedGame(t)
	enc := encoded(es)
	if len(enc) < 130 {
		t.Fatalf("a game of %d entries: too short to test chunks", len(enc))
	}
	cs, err := cutChunks(enc)
	if err != nil {
		t.Fatal(err)
	}
	next := uint64(1)
	for i, c := range cs {
		if c.first != next {
			t.Fatalf("chunk %d starts at %d, want %d", i, c.first, next)
		}
		if len(c.entries) > chunkEntries || len(c.encode()) > relay.MaxBody {
			t.Fatalf("chunk %d: %d entries, %d bytes", i, len(c.entries), len(c.encode()))
		}
		back, err := decodeChunk(c.encode())
		if err != nil || back.first != c.first || len(back.entries) != len(c.entries) {
			t.Fatalf("chunk %d does not read back: %v", i, err)
		}
		next += uint64(len(c.entries))
	}
	if next != uint64(len(enc))+1 {
		t.Fatalf("chunks hold %d entries of %d", next-1, len(enc))
	}
	// A prefix of the log cuts into the same chunks, the last one shorter.
	part, _ := cutChunks(enc[:100])
	for i, c := range part {
		if !covers(cs[i].encode(), c) {
			t.Fatalf("chunk %d of the whole log does not cover the same chunk of its first 100 entries", i)
		}
		if i == len(part)-1 && len(c.entries) < len(cs[i].entries) && covers(c.encode(), cs[i]) {
			t.Fatalf("a shorter chunk covers a longer one")
		}
	}
	other := append([][]byte(nil), enc[:10]...)
	other[3] = append([]byte(nil), other[3]...)
	other[3][len(other[3])-1] ^= 1
	oc, _ := cutChunks(other)
	if covers(cs[0].encode(), oc[0]) {
		t.Fatal("a chunk covers one with a different entry")
	}
	big := append(append([][]byte(nil), enc[:5]...), make([]byte, relay.MaxBody))
	bc, err := cutChunks(big)
	if !errors.Is(err, ErrEntryTooBig) || len(bc) != 1 || len(bc[0].entries) != 5 {
		t.Fatalf("an entry too big: %d chunks, %v", len(bc), err)
	}
	for _, bad := range [][]byte{nil, {2, 1, 1, 0}, {1, 0, 1, 0}, {1, 1, 65, 0}, {1, 1, 1, 5, 0}, append(cs[0].encode(), 0)} {
		if _, err := decodeChunk(bad); err == nil {
			t.Fatalf("a damaged chunk %x was read", bad)
		}
	}
}

func spectatorOf(t *testing.T, g *p2p.Genesis, gen []byte) *Spectator {
	t.Helper()
	sp := NewSpectator(WatchLink{Game: g.Game, Genesis: g.Hash(), Name: "catan"}, nil)
	sp.Take(relay.Letter{Box: watchBox, Key: genesisKey, Body: gen})
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	return sp
}

func head(sp *Spectator) int {
	n := 0
	sp.Read(func(_ *p2p.Genesis, _ *engine.Match, es []p2p.Entry) { n = len(es) })
	return n
}

// A spectator checks every entry as a peer does: a forged entry (its
// signature changed), entries out of order, an entry that contradicts
// what it verified, a damaged letter and another game's genesis are all
// refused with the reason, and what it had verified stays; the honest
// letters that come after are taken.
func TestSpectatorRefusesForgedAndReordered(t *testing.T) {
	gen, es, g := playedGame(t)
	enc := encoded(es)

	// A genesis that is not the link's is refused.
	wrong := NewSpectator(WatchLink{Game: g.Game, Name: "catan"}, nil)
	wrong.Take(relay.Letter{Box: watchBox, Key: genesisKey, Body: gen})
	if !errors.Is(wrong.Err(), ErrWrongGenesis) {
		t.Fatalf("another game's genesis: %v", wrong.Err())
	}

	sp := spectatorOf(t, g, gen)
	sp.Take(logLetter(chunk{first: 1, entries: enc[:10]}))
	if head(sp) != 10 || sp.Err() != nil {
		t.Fatalf("after 10 honest entries: head %d, %v", head(sp), sp.Err())
	}

	// A forged entry: the first signed action after entry 10, its
	// signature changed.
	f := -1
	for i := 10; i < len(es); i++ {
		if es[i].Kind == p2p.KindAction {
			f = i
			break
		}
	}
	if f < 0 || f > 70 {
		t.Fatalf("no signed action to forge near the start (%d)", f)
	}
	forged := append([][]byte(nil), enc[10:f+3]...)
	e := es[f]
	e.Sig = append([]byte(nil), e.Sig...)
	e.Sig[0] ^= 1
	forged[f-10] = e.Encode()
	sp.Take(logLetter(chunk{first: 11, entries: forged}))
	if head(sp) != f || !errors.Is(sp.Err(), p2p.ErrForged) || !strings.Contains(sp.Err().Error(), "entry") {
		t.Fatalf("a forged entry %d: head %d, %v", f+1, head(sp), sp.Err())
	}

	// Entries out of order: the next two swapped.
	n := head(sp)
	sp.Take(logLetter(chunk{first: uint64(n) + 1, entries: [][]byte{enc[n+1], enc[n]}}))
	if head(sp) != n || !errors.Is(sp.Err(), p2p.ErrBadPrev) {
		t.Fatalf("reordered entries: head %d (want %d), %v", head(sp), n, sp.Err())
	}

	// An entry contradicting the verified log: refused, nothing after it taken.
	alt := append([][]byte(nil), enc[:n+5]...)
	alt[2] = forged[f-10]
	sp.Take(logLetter(chunk{first: 1, entries: alt}))
	if head(sp) != n || !errors.Is(sp.Err(), p2p.ErrConflict) {
		t.Fatalf("a contradicting chunk: head %d (want %d), %v", head(sp), n, sp.Err())
	}

	// A damaged letter.
	sp.Take(relay.Letter{Box: watchBox, Key: logKey(1), Body: []byte{1, 2, 3}})
	if head(sp) != n || sp.Err() == nil {
		t.Fatalf("a damaged letter: head %d, %v", head(sp), sp.Err())
	}

	// The honest chunks, in any order, bring the whole game (and the
	// refusals, now behind, are no longer shown).
	cs, _ := cutChunks(enc)
	for i := len(cs) - 1; i >= 0; i-- {
		sp.Take(relay.Letter{Box: watchBox, Key: logKey(i), Body: cs[i].encode()})
	}
	var over bool
	var hash string
	sp.Read(func(_ *p2p.Genesis, m *engine.Match, es []p2p.Entry) {
		over, hash = m.State.Status().Over, engine.HashHex(m.State)
	})
	if head(sp) != len(es) || !over || hash != engine.HashHex(played.Peers[1].Match().State) || sp.Err() != nil {
		t.Fatalf("the honest log: head %d of %d, over %v", head(sp), len(es), over)
	}
}

// The watch link carries a key made from the game's secret but not the
// secret; a letter the players' room keeps (sealed with the secret) never
// reaches a spectator, and what a spectator posts with the key it holds
// never reaches the players' room.
func TestWatchRoomIsNotThePlayersRoom(t *testing.T) {
	broker := relaytest.Start(t)
	secret, _ := relay.NewSecret()
	key, err := WatchKey(secret)
	if err != nil || len(key) != relay.SecretSize || bytes.Equal(key, secret) {
		t.Fatalf("watch key: %x, %v", key, err)
	}
	link := WatchURL("https://tabula.example", WatchLink{Key: key, Name: "catan"})
	for _, enc := range []*base64.Encoding{base64.RawURLEncoding, base64.StdEncoding, base64.URLEncoding} {
		if strings.Contains(link, enc.EncodeToString(secret)[:20]) {
			t.Fatalf("the watch link holds the secret: %s", link)
		}
	}
	w, err := ParseWatch(link)
	if err != nil || !bytes.Equal(w.Key, key) || w.Name != "catan" {
		t.Fatalf("the watch link does not read back: %+v, %v", w, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	players, err := relay.Open(ctx, []string{broker.URL}, secret)
	if err != nil {
		t.Fatal(err)
	}
	defer players.Close()
	watchers, err := relay.Open(ctx, []string{broker.URL}, key)
	if err != nil {
		t.Fatal(err)
	}
	defer watchers.Close()
	seen, stop := watchers.Watch(watchBox)
	defer stop()
	replies, stopReplies := players.Watch(boxReply)
	defer stopReplies()

	// The players' room keeps letters under the watch box's very names.
	if err := players.Keep(ctx, watchBox, genesisKey, []byte("sealed with the secret")); err != nil {
		t.Fatal(err)
	}
	// The spectator's key posts where the players read replies.
	if err := watchers.Post(ctx, boxReply, []byte("a reply from a spectator")); err != nil {
		t.Fatal(err)
	}
	// Then one honest letter in the watch room, which must be the first
	// and only one the spectator gets.
	if err := watchers.Keep(ctx, watchBox, logKey(0), []byte("the watch room's own")); err != nil {
		t.Fatal(err)
	}
	select {
	case l := <-seen:
		if string(l.Body) != "the watch room's own" {
			t.Fatalf("the spectator got %q", l.Body)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the watch room's own letter never came")
	}
	select {
	case l := <-seen:
		t.Fatalf("the spectator got a second letter: %q", l.Body)
	case l := <-replies:
		t.Fatalf("the players' room took a letter of the watch key: %q", l.Body)
	case <-time.After(500 * time.Millisecond):
	}
}

// spectatorHead is how far sp verified; the agreed hash when over.
func spectatorHead(sp *Spectator) (n int, over bool, hash string) {
	engineEntries := 0
	sp.Read(func(_ *p2p.Genesis, m *engine.Match, es []p2p.Entry) {
		if m != nil {
			n, over, engineEntries = len(es), m.State.Status().Over, len(m.Entries)
		}
	})
	if over {
		hash = sp.AgreedAt(engineEntries)
	}
	return
}

// Two devices play through the relay's broker; a spectator opens the
// watch link mid-game, gets every entry so far and follows live. After
// the end someone holding the watch key spoils a kept chunk, and the
// players' devices keep it again; another spectator then opens the link
// and gets the whole game. Both end on the players' hash, with nothing
// refused.
func TestWatchLiveGame(t *testing.T) {
	host, guest, broker := relayDevices(t)
	host, guest, link := hostWithFriendOn(t, host, guest, true)
	joinFriend(t, host, guest, link)
	defer func() { host.halt(); guest.halt() }()
	waitFor(t, "mid-game", 60*time.Second, func() bool { return guest.s.Head() > 30 })
	var wl string
	host.with(func(s *Session) { wl, _ = s.WatchURL("https://tabula.example") })
	w, err := ParseWatch(wl)
	if err != nil {
		t.Fatal(err)
	}
	early := NewSpectator(w, nil)
	early.Watch([]string{broker.URL})
	defer early.Close()
	waitFor(t, "the spectator caught up", 20*time.Second, func() bool {
		n, _, _ := spectatorHead(early)
		return n > 30
	})
	t.Logf("watch link to the board: %v", early.Shown.Sub(early.Opened))
	// The game is sealed: while the host holds development cards, the
	// spectator (public game only) knows none of either device's.
	watched := 0
	for over := false; !over && watched < 3; time.Sleep(50 * time.Millisecond) {
		var held map[int]int
		host.with(func(s *Session) { over, held = s.Over, devCards(t, s.Table.Match.State, 0) })
		if over || len(held) == 0 {
			continue
		}
		early.Read(func(_ *p2p.Genesis, m *engine.Match, _ []p2p.Entry) {
			for seat := range 2 {
				if got := devCards(t, m.State, seat); len(got) != 0 {
					t.Fatalf("the spectator knows seat %d's cards %v", seat, got)
				}
			}
		})
		watched++
	}
	if watched == 0 {
		t.Log("the host held no development card to check against the spectator")
	}
	waitOver(t, host, 60*time.Second, guest)
	// A sealed game's log goes on past the end with the decks' audit: the
	// spectator is at the end once it holds that too.
	waitFor(t, "the audit", 30*time.Second, func() bool {
		done := false
		host.with(func(s *Session) { s.Node().With(func(p *p2p.Peer) { _, done = p.Audited() }) })
		return done
	})
	want := host.s.Hash()
	waitFor(t, "the spectator at the end", 20*time.Second, func() bool {
		n, over, _ := spectatorHead(early)
		return over && uint64(n) == host.s.Head()
	})
	// Someone holding the watch key spoils the first chunk: the players'
	// devices keep it again.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	vandal, err := relay.Open(ctx, []string{broker.URL}, w.Key)
	if err != nil {
		t.Fatal(err)
	}
	defer vandal.Close()
	letters, stop := vandal.Watch(watchBox)
	defer stop()
	if err := vandal.Keep(ctx, watchBox, logKey(0), []byte("spoilt")); err != nil {
		t.Fatal(err)
	}
	for spoilt := false; ; {
		select {
		case l := <-letters:
			if l.Key != logKey(0) {
				continue
			}
			if string(l.Body) == "spoilt" {
				spoilt = true
			} else if _, err := decodeChunk(l.Body); err == nil && spoilt {
				goto repaired
			}
		case <-ctx.Done():
			t.Fatal("the spoilt chunk was never kept again")
		}
	}
repaired:
	late := NewSpectator(w, nil)
	t1 := time.Now()
	late.Watch([]string{broker.URL})
	defer late.Close()
	// Over is not the end: the audit's entries follow the last move.
	waitFor(t, "the late spectator at the end", 20*time.Second, func() bool {
		n, over, _ := spectatorHead(late)
		return over && uint64(n) == host.s.Head()
	})
	t.Logf("a late spectator verified the whole game in %v (the genesis after %v)", time.Since(t1), late.Shown.Sub(t1))
	// The early spectator saw the spoilt letter and refused it; the late
	// one never got it.
	for name, sp := range map[string]*Spectator{"early": early, "late": late} {
		n, _, hash := spectatorHead(sp)
		if hash != want || uint64(n) != host.s.Head() || (sp == early) != errors.Is(sp.Err(), errChunk) {
			t.Fatalf("the %s spectator: %d entries of %d, hash %s want %s, %v", name, n, host.s.Head(), hash, want, sp.Err())
		}
	}
	el, eb := early.Traffic()
	ll, lb := late.Traffic()
	t.Logf("%d entries; the spectator who came mid-game took %d letters (%d KB), the late one %d letters (%d KB)", host.s.Head(), el, eb>>10, ll, lb>>10)
}
