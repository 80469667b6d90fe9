package p2p

import (
	"crypto/ed25519"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gtank/ristretto255"

	"tabula/engine"
	"tabula/engine/deck"
	"tabula/engine/enginetest"
)

// A device that shows a card as another than it is (its seat's signed
// show entry with its true share and a false value) is caught at once by
// every other device: the entry is refused, EvCheat names the seat, and
// the proof is the signed entry itself, whose share opens the card as
// another. The game goes on (the cheater's own log holds its true show,
// which the others take by sync) and ends alike everywhere.
func TestSealedWrongShowCaught(t *testing.T) {
	const cheater = 1
	var n *memnet
	lied := false
	for seed := uint64(1); seed < 20 && !lied; seed++ { // a game in which the cheater plays a card alone
		n = newSealedRace(t, seed, 3)
		n.tamper = lieOnce(t, n, cheater, &lied)
		if !n.run(20 * time.Minute) {
			t.Fatal("the game did not finish")
		}
	}
	if !lied {
		t.Fatal("the cheater never showed a card")
	}
	n.sameLogs()
	checkWrongShow(t, n, cheater)
}

// lieOnce makes cheater's first show entry claim another card, re-signed
// by the cheater, as sent to every device (its own log keeps the truth).
func lieOnce(t *testing.T, n *memnet, cheater int, lied *bool) func(from, to int, data []byte) [][]byte {
	return tamperOnce(n, cheater, lied, func(e *Entry) bool {
		if e.Kind != KindShow {
			return false
		}
		sg, err := n.peers[cheater].led.decodeShow(e.Body)
		if err != nil {
			t.Fatal(err)
		}
		sg.shown.Values[0] = (sg.shown.Values[0] + 1) % enginetest.DeckSize
		e.Body = showBody(sg)
		return true
	})
}

// tamperOnce rewrites cheater's first entry that rewrite changes (it says
// so), re-signed by the cheater, as sent to every device (its own log
// keeps the truth).
func tamperOnce(n *memnet, cheater int, lied *bool, rewrite func(e *Entry) bool) func(from, to int, data []byte) [][]byte {
	var first []byte // the entry lied about: sent as the lie to every device
	return func(from, to int, data []byte) [][]byte {
		if from != cheater || *lied && string(data) != string(first) {
			return [][]byte{data}
		}
		m, err := Decode(data)
		em, ok := m.(*EntryMsg)
		if err != nil || !ok {
			return [][]byte{data}
		}
		e := em.Entry
		if !rewrite(&e) {
			return [][]byte{data}
		}
		e.Sig = ed25519.Sign(n.peers[cheater].priv, e.signBytes())
		*lied, first = true, data
		return [][]byte{Encode(&EntryMsg{Entry: e})}
	}
}

func checkWrongShow(t *testing.T, n *memnet, cheater int) {
	for s, c := range n.provedCheat(cheater) {
		// The proof, checked again from its bytes: its share opens the
		// card as another than it claims.
		p := n.peers[s]
		sg, err := p.led.decodeShow(c.proof.Body)
		if err != nil {
			t.Fatal(err)
		}
		card, err := p.led.sealed.decks[0].CheckShown(sg.shown.Cards[0], sg.shares[0])
		if err != nil || card == sg.shown.Values[0] {
			t.Fatalf("seat %d: the proof's share opens card %d (%v), the claim is %d", s, card, err, sg.shown.Values[0])
		}
	}
}

// provedCheat checks that every device but cheater's named it once, with
// the cheater's signed entry as the proof, and gives each device's cheat
// and that entry.
func (n *memnet) provedCheat(cheater int) map[int]cheatProof {
	n.t.Helper()
	gen := n.peers[0].Genesis()
	out := map[int]cheatProof{}
	for s, p := range n.peers {
		if s == cheater {
			continue
		}
		n.namedOnce(s, cheater)
		cs := p.Cheats()
		if len(cs) != 1 || cs[0].Seat != cheater || cs[0].Entry == nil {
			n.t.Fatalf("seat %d: cheats %+v", s, cs)
		}
		e, err := DecodeEntry(cs[0].Entry)
		if err != nil || !ed25519.Verify(gen.Seats[cheater].Key[:], e.signBytes(), e.Sig) {
			n.t.Fatalf("seat %d: the proof is not the cheater's signed entry: %v", s, err)
		}
		out[s] = cheatProof{cs[0], e}
	}
	return out
}

// cheatProof is a cheat named and its proof, the entry decoded.
type cheatProof struct {
	Cheat
	proof Entry
}

// A device that substitutes a card in its shuffle (a second copy of
// another card, re-encrypted so that it looks new) plays on unnoticed,
// and is named by every honest device's audit at the end, with its key,
// its shuffle and its revealed secret as the proof.
func TestSealedShuffleSubstitutionCaughtAtAudit(t *testing.T) {
	const cheater = 0
	n := newSealedRace(t, 8, 3)
	forged := false
	n.peers[cheater].forge = func(name string, m deck.Msg) deck.Msg {
		s, ok := m.(*deck.ShuffleMsg)
		if !ok {
			return m
		}
		forged = true
		out := slices.Clone(s.Out)
		out[5] = rerandomise(t, n.peers[cheater], s.Out[6])
		return &deck.ShuffleMsg{Party: s.Party, Out: out}
	}
	if !n.run(20 * time.Minute) {
		t.Fatal("the game did not finish")
	}
	if !forged {
		t.Fatal("no shuffle was forged")
	}
	n.sameLogs()
	for s, p := range n.peers {
		if s == cheater {
			continue
		}
		evs := n.namedOnce(s, cheater)
		var ce *deck.CheatError
		if !errors.As(evs[0].Err, &ce) || len(ce.Evidence) != 3 {
			t.Fatalf("seat %d: %v carries no proof", s, evs[0].Err)
		}
		cards, ok := p.Audited()
		if !ok || !slices.Contains(cards[0], -1) {
			t.Fatalf("seat %d: the audit should find the deck no permutation: %v", s, cards)
		}
	}
	// The game's file names the cheater too (what cmd/replay reports).
	if v := verified(t, n.peers[1]); v.Sealed == nil || len(v.Sealed.Cheats) != 1 || v.Sealed.Cheats[0].Seat != cheater {
		t.Fatalf("the file's audit: %+v", v.Sealed)
	}
}

// rerandomise is c encrypted again under the deck's joint key H (the sum
// of the parties' keys in p's log, all in before the first shuffle): the same card in a new ciphertext.
func rerandomise(t *testing.T, p *Peer, c deck.Ciphertext) deck.Ciphertext {
	t.Helper()
	H := ristretto255.NewElement()
	for _, e := range p.led.entries {
		if e.Kind != KindDeck {
			continue
		}
		m, _ := deck.Decode(e.Body[1:])
		if k, ok := m.(*deck.KeyMsg); ok {
			H.Add(H, point(t, k.X[:]))
		}
	}
	r := ristretto255.NewScalar()
	var wide [64]byte
	wide[0] = 42
	r.FromUniformBytes(wide[:])
	A := point(t, c[:32])
	B := point(t, c[32:])
	A.Add(A, ristretto255.NewElement().ScalarBaseMult(r))
	B.Add(B, ristretto255.NewElement().ScalarMult(r, H))
	var out deck.Ciphertext
	copy(out[:32], A.Encode(nil))
	copy(out[32:], B.Encode(nil))
	return out
}

func point(t *testing.T, b []byte) *ristretto255.Element {
	t.Helper()
	e := ristretto255.NewElement()
	if err := e.Decode(b); err != nil {
		t.Fatal(err)
	}
	return e
}

// A device that withholds its decryption share of a card drawn by another
// seat holds the game up, and only it: every other device's Waiting names
// it and, after the countdown, EvStalled does; nothing is refused and the
// log stays intact. Once its share comes the game goes on to the end.
// (With 3–4 parties the others do not yet go on without it: the escrow's
// rebuilt key after a takeover is not wired in; docs/p2p.md.)
func TestSealedWithheldShareNamed(t *testing.T) {
	const cheater = 2
	n := newSealedRace(t, 3, 3)
	withhold := true
	held := 0
	n.tamper = func(from, to int, data []byte) [][]byte {
		if from == cheater && withhold && carriesShare(n.peers[cheater], data) {
			held++
			return nil
		}
		return [][]byte{data}
	}
	for end := 2 * time.Minute; n.now < end && held == 0; {
		n.step()
	}
	if held == 0 {
		t.Fatal("the cheater never owed a share")
	}
	stuck, _ := n.peers[0].Head()
	for end := n.now + 30*time.Second; n.now < end; {
		n.step()
	}
	for s := range 2 {
		p := n.peers[s]
		if seq, _ := p.Head(); seq != stuck {
			t.Fatalf("seat %d moved from %d to %d without the share", s, stuck, seq)
		}
		if w := p.Waiting(); !slices.Equal(w, []int{cheater}) {
			t.Fatalf("seat %d waits on %v, want [%d]", s, w, cheater)
		}
		named := false
		for _, ev := range n.find(s, EvStalled) {
			named = named || slices.Equal(ev.Seats, []int{cheater})
		}
		if !named {
			t.Fatalf("seat %d: no EvStalled naming seat %d: %v", s, cheater, n.find(s, EvStalled))
		}
	}
	withhold = false
	if !n.run(30 * time.Minute) {
		t.Fatal("the game did not finish once the share came")
	}
	n.sameLogs()
	n.noRejections()
}

// carriesShare: data is an entry, or a sync answer holding one, with a
// decryption share of a card opened to another party.
func carriesShare(p *Peer, data []byte) bool {
	_, ok := deckMsgIn[*deck.ShareMsg](data)
	return ok
}

// With three or four parties, the others vote the withholding seat out once its
// countdown ran out: its seat goes to the bot, they publish their escrow
// shares of its key, which is rebuilt and public, so its share of the
// draw is computed by everyone, the cards only it held are shown to all
// (a left entry), and the game goes on to the end and to the audit (its
// rebuilt key stands in for its reveal). Here its device stays away;
// TestSealedSeatReclaims brings one back.
func TestSealedWithheldShareGameGoesOn(t *testing.T) {
	lefts := 0
	for seed := uint64(1); seed <= 6; seed++ {
		lefts += withheldGoesOn(t, seed)
	}
	if lefts == 0 {
		t.Fatal("the withholding seat never held a card when voted out: its cards were never shown to all")
	}
}

// withheldGoesOn plays one such game and returns the cards shown to all
// by left entries.
func withheldGoesOn(t *testing.T, seed uint64) int {
	const cheater = 2
	players := 3 + int(seed%2)
	n := newSealedRace(t, seed, players)
	held := 0
	n.tamper = func(from, to int, data []byte) [][]byte {
		// It withholds once it holds a card (so its hand must be shown).
		if from == cheater && (held > 0 || holds(n.peers[cheater], cheater)) && carriesShare(n.peers[cheater], data) {
			held++
			return nil
		}
		return [][]byte{data}
	}
	for end := 10 * time.Minute; n.now < end && !votedOut(n, cheater); {
		n.step()
		if held > 0 {
			n.voteStalled([]int{cheater})
		}
	}
	if !votedOut(n, cheater) {
		t.Fatalf("the withholding seat was not voted out (held %d shares)", held)
	}
	n.down[cheater] = true
	if !n.run(30 * time.Minute) {
		for s := range players {
			seq, _ := n.peers[s].Head()
			t.Logf("seat %d head %d waiting %v", s, seq, n.peers[s].Waiting())
			for _, e := range n.events[s] {
				if e.Kind != EvApplied {
					t.Logf("  %v", e)
				}
			}
		}
		t.Fatal("the game did not go on to the end without the withholding seat")
	}
	n.sameLogs()
	left := 0
	for _, e := range n.peers[0].Entries() {
		if e.Kind == KindLeft {
			left += int(e.Body[1]) // the count of positions (small)
		}
	}
	// The bot's hand is known alike to every other device at the end.
	live := slices.Clone(n.peers)
	live[cheater] = nil
	for s := range live {
		if s == cheater {
			continue
		}
		for _, sl := range n.peers[s].Match().State.(*enginetest.State).Sealed.Slots[cheater] {
			if sl.Num == engine.Unknown {
				t.Fatalf("seed %d: device %d does not know a card of the bot's hand", seed, s)
			}
		}
	}
	for s := range live {
		if s == cheater {
			continue
		}
		if _, ok := n.peers[s].Audited(); !ok {
			t.Fatalf("seat %d: no audit at the end", s)
		}
		if cs := n.peers[s].Cheats(); len(cs) != 0 {
			t.Fatalf("seat %d: cheats %v", s, cs)
		}
	}
	if err := CheckSealed(live); err != nil {
		t.Fatal(err)
	}
	t.Logf("seed %d, %d parties: %d share messages withheld, %d cards shown by left entries", seed, players, held, left)
	return left
}

// votedOut: every other device plays seat by the bot.
func votedOut(n *memnet, seat int) bool {
	for s, p := range n.peers {
		if s != seat && !p.Bot(seat) {
			return false
		}
	}
	return true
}

// holds: seat has a card in hand on p's device.
func holds(p *Peer, seat int) bool {
	return p.Started() && len(p.Match().State.(*enginetest.State).Hands[seat]) > 0
}

// namedOnce: seat's device reported exactly one cheat, by cheater.
func (n *memnet) namedOnce(seat, cheater int) []Event {
	n.t.Helper()
	evs := n.find(seat, EvCheat)
	if len(evs) != 1 || evs[0].Seat != cheater {
		n.t.Fatalf("seat %d: cheat events %v, want one naming seat %d", seat, evs, cheater)
	}
	return evs
}
