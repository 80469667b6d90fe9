package p2p

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tabula/engine"
)

// Protocol constants. Changing any of them changes ProtocolVersion.
const (
	// 2: takeover votes, bot and reclaim entries, chance seat sets.
	// 3: seat names, kinds and game metadata signed into the genesis;
	// chance secrets dealt to the other seats (shares.go); abort entries;
	// takeovers by a majority of the other seats or by an equivocation
	// proof, with the votes outside the entry's name; signed pings and
	// sync requests; relayed messages only when they prove their author.
	// 4: hosted bot seats (kind "bot:…", no key, no chance secret, played
	// from the log by every device); the think time in the genesis.
	// 5: chance rounds locked in time (lock.go): signed commitments, then
	// reveals; a withheld reveal is forced open; the delay in the genesis.
	// No shares, box keys, UNVEIL or abort entries any more.
	// 6: a round whose seats change before it is settled (a commitment
	// held back, then a takeover) starts afresh on the next chain link;
	// commitments and reveals name their attempt.
	ProtocolVersion = 6
	// ChainLength is N: each seat commits to H^N(s) and can answer N
	// chance rounds (requests, and rounds started afresh: lock.go).
	ChainLength = 4096
	// MaxSeats bounds the seat count any message may name.
	MaxSeats = 8
	// MaxChunk bounds one SYNC_RESP message (and so every entry).
	MaxChunk = 16 << 10
	// MaxAction bounds the JSON of one action.
	MaxAction = 4 << 10
)

// Signature domains: every signature covers a domain prefix and then the
// exact encoded bytes, so a signature can never be moved from one kind of
// object to another.
const (
	domainGenesis  = "tabula/genesis/v1\x00"
	domainEntry    = "tabula/entry/v1\x00"
	domainProposal = "tabula/proposal/v1\x00"
	domainHello    = "tabula/hello/v1\x00"
	domainSignal   = "tabula/signal/v1\x00"
	domainVote     = "tabula/takeover-vote/v1\x00"
	domainReclaim  = "tabula/reclaim/v1\x00"
	domainPing     = "tabula/ping/v1\x00"
	domainSyncReq  = "tabula/sync-request/v1\x00"
)

// chainLength is ChainLength; tests shorten it to reach the end of a chain.
var chainLength = ChainLength

// GameID names one game instance (random, chosen by the host).
type GameID [16]byte

func (g GameID) String() string { return hex.EncodeToString(g[:]) }

// Hash is a SHA-256 digest.
type Hash [32]byte

func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// Short is the first 12 hex digits, for messages.
func (h Hash) Short() string { return h.String()[:12] }

// PublicKey is an ed25519 public key.
type PublicKey [ed25519.PublicKeySize]byte

// Kind is what an entry carries.
type Kind byte

const (
	// KindAction is one seat's action (body: action JSON), signed by it.
	KindAction Kind = 1
	// KindChance is the outcome of chance request k (body: k and every
	// seat's reveal). It has no author and no signature: its content is a
	// pure function of the log and the signed commitments, so every peer
	// builds the same bytes and no one can write a different one.
	KindChance Kind = 2
	// KindBatch is one round of simultaneous decisions (body: each
	// deciding seat's signed proposal, in seat order). Unsigned for the
	// same reason as KindChance: the proposals carry the signatures.
	KindBatch Kind = 3
	// KindTakeover hands seats to the deterministic bot (body: the seats
	// and every other human seat's signed vote, verbatim, in seat order).
	// Unsigned: the votes carry the signatures, and every voter builds the
	// same bytes.
	KindTakeover Kind = 4
	// KindBot is an action of a bot-played seat (Author: that seat; body:
	// action JSON). Unsigned: every peer recomputes the bot's choice and
	// accepts only exactly that.
	KindBot Kind = 5
	// KindReclaim gives a seat back to its owner (body: the owner's signed
	// reclaim request). Signed by its author: the human seat that alone
	// decides at that point, or the owner itself where its bot-played seat
	// alone decides (after an away takeover).
	KindReclaim Kind = 6
	// Kind 7 was protocol 3's abort entry (a withheld reveal rebuilt from
	// dealt shares); it is refused like any unknown kind.

	// Sealed play (sealed.go). KindDeck is one deck message (body: the
	// deck's index and the message), signed by the party the deck waits
	// on. KindHidden answers a hidden draw once its cards are opened
	// (body: the request's number); unsigned, built alike by every device,
	// each resolving it with what it may know. KindShow shows cards to
	// every seat before the action that needs them (body: the deck, each
	// card's position and value and its holder's decryption share),
	// signed by the acting seat.
	// KindLeft shows to all, after a party left and its key was rebuilt,
	// the cards only it held (body: the deck and the positions); unsigned
	// and authorless, built alike by every device.
	KindDeck   Kind = 8
	KindHidden Kind = 9
	KindShow   Kind = 10
	KindLeft   Kind = 11
	// KindSecret is one message of a secret (secret.go; body: the secret's
	// number and the message), signed by the party the secret waits on.
	KindSecret Kind = 12
)

func (k Kind) String() string {
	switch k {
	case KindAction:
		return "action"
	case KindChance:
		return "chance"
	case KindBatch:
		return "batch"
	case KindTakeover:
		return "takeover"
	case KindBot:
		return "bot"
	case KindReclaim:
		return "reclaim"
	case KindDeck:
		return "deck"
	case KindHidden:
		return "hidden"
	case KindShow:
		return "show"
	case KindLeft:
		return "left"
	case KindSecret:
		return "secret"
	}
	return fmt.Sprintf("kind(%d)", byte(k))
}

// SeatKey is one seat's identity in the genesis.
type SeatKey struct {
	Key PublicKey
	Tip Hash // H^N(secret): the chance commitment
	// Name and Kind are who sits there, as the host listed them ("Ana",
	// "remote" or a bot kind); signed by every seat like the rest.
	Name string
	Kind string
}

// Genesis fixes a game before its first entry: options, seats, their keys
// and chance commitments, names, and the app's metadata. Every seat signs
// its encoding.
type Genesis struct {
	Game  GameID
	Setup engine.Setup // Setup.Game names the rules; Players = len(Seats)
	Rules string       // the game's RulesVersion
	Chain int          // N
	Delay uint64       // T of the chance rounds' time lock (lock.go)
	Seats []SeatKey
	Meta  map[string]string // the game file's meta (keys not starting "p2p.")
	// Think is how long a connected player may take over a decision
	// before the others may hand the seat to the bot (clocks.go); 0 is no
	// limit. Whole seconds.
	Think time.Duration
}

// genesisLayout is the layout byte of Genesis.Encode (1: protocol 2, 2:
// protocol 3, 3: protocol 4, 4: protocol 5). Protocol 6 kept protocol 5's
// fields but not its chance rounds: a new byte, so its files are named.
const genesisLayout = 5

// Limits of the genesis's free text.
const (
	MaxName     = 64
	MaxMetaKeys = 16
	MaxMetaText = 256
)

// Encode is the canonical encoding that signatures cover.
func (g *Genesis) Encode() []byte {
	var w writer
	w.byte1(genesisLayout)
	w.fixed(g.Game[:])
	setup, _ := json.Marshal(g.Setup) // map keys sorted: canonical
	w.bytes(setup)
	w.str(g.Rules)
	w.uvarint(uint64(g.Chain))
	w.uvarint(g.Delay)
	w.uvarint(uint64(len(g.Seats)))
	for _, s := range g.Seats {
		w.fixed(s.Key[:])
		w.fixed(s.Tip[:])
		w.str(s.Name)
		w.str(s.Kind)
	}
	keys := make([]string, 0, len(g.Meta))
	for k := range g.Meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	w.uvarint(uint64(len(keys)))
	for _, k := range keys {
		w.str(k)
		w.str(g.Meta[k])
	}
	w.uvarint(uint64(g.Think / time.Second))
	return w.b
}

// checkText bounds the genesis's free text: short, and valid UTF-8
// without control characters (it is shown and written into files).
func checkText(s string, max int) error {
	if len(s) > max || !utf8.ValidString(s) {
		return fmt.Errorf("%w: text of %d bytes", ErrMalformed, len(s))
	}
	for _, c := range s {
		if unicode.IsControl(c) {
			return fmt.Errorf("%w: control character in %q", ErrMalformed, s)
		}
	}
	return nil
}

// Hash is the genesis hash: the prev of entry 1.
func (g *Genesis) Hash() Hash { return sha256.Sum256(append([]byte(domainGenesis), g.Encode()...)) }

// DecodeGenesis parses Encode's output.
func DecodeGenesis(b []byte) (*Genesis, error) {
	r := reader{b: b}
	if v := r.byte1(); v != genesisLayout && r.err == nil {
		return nil, fmt.Errorf("%w: genesis layout %d (this build reads %d: the game was made by another protocol version)", ErrMismatch, v, genesisLayout)
	}
	var g Genesis
	r.fixed(g.Game[:])
	setup := r.bytes()
	g.Rules = r.str()
	g.Chain = r.small(1<<20, "chain length")
	g.Delay = r.uvarint()
	n := r.small(MaxSeats, "seat count")
	for i := 0; i < n && r.err == nil; i++ {
		var s SeatKey
		r.fixed(s.Key[:])
		r.fixed(s.Tip[:])
		s.Name = r.str()
		s.Kind = r.str()
		g.Seats = append(g.Seats, s)
	}
	nm := r.small(MaxMetaKeys, "meta count")
	for i := 0; i < nm && r.err == nil; i++ {
		if g.Meta == nil {
			g.Meta = map[string]string{}
		}
		k := r.str()
		g.Meta[k] = r.str()
	}
	g.Think = time.Duration(r.small(MaxThink, "think time")) * time.Second
	if err := r.done(); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(setup, &g.Setup); err != nil {
		return nil, fmt.Errorf("%w: genesis setup: %v", ErrMalformed, err)
	}
	// Canonical: re-encoding must give the same bytes.
	if string(g.Encode()) != string(b) {
		return nil, fmt.Errorf("%w: genesis is not canonical", ErrMalformed)
	}
	if g.Setup.Players != len(g.Seats) {
		return nil, fmt.Errorf("%w: genesis has %d seats for %d players", ErrMalformed, len(g.Seats), g.Setup.Players)
	}
	if err := g.checkText(); err != nil {
		return nil, err
	}
	if err := g.checkParties(); err != nil {
		return nil, err
	}
	return &g, nil
}

// checkText checks the names, kinds and metadata of a genesis.
func (g *Genesis) checkText() error {
	for _, s := range g.Seats {
		if err := checkText(s.Name, MaxName); err != nil {
			return err
		}
		if err := checkText(s.Kind, MaxName); err != nil {
			return err
		}
	}
	if len(g.Meta) > MaxMetaKeys {
		return fmt.Errorf("%w: %d meta keys", ErrMalformed, len(g.Meta))
	}
	for k, v := range g.Meta {
		if strings.HasPrefix(k, "p2p.") || k == "" {
			return fmt.Errorf("%w: meta key %q", ErrMalformed, k)
		}
		if err := checkText(k, MaxName); err != nil {
			return err
		}
		if err := checkText(v, MaxMetaText); err != nil {
			return err
		}
	}
	return nil
}

func (g *Genesis) signBytes() []byte { return append([]byte(domainGenesis), g.Encode()...) }

// Entry is one signed log entry.
type Entry struct {
	Game   GameID
	Seq    uint64 // 1, 2, …
	Prev   Hash   // hash of entry Seq-1, or the genesis hash
	Author int    // seat (the bot's seat for bot entries), or -1 for chance, batch and takeover entries
	Kind   Kind
	Body   []byte
	Post   Hash // engine.Hash of the state after the entry; a sealed game's public game's (agreed.go)
	Sig    []byte
}

// unsigned is the encoding the signature covers and the hash names.
func (e *Entry) unsigned() []byte {
	var w writer
	w.fixed(e.Game[:])
	w.uvarint(e.Seq)
	w.fixed(e.Prev[:])
	w.seat(e.Author)
	w.byte1(byte(e.Kind))
	w.bytes(e.Body)
	w.fixed(e.Post[:])
	return w.b
}

// Hash names the entry (its content; the signature is not part of it, so
// the name cannot be varied by re-signing).
func (e *Entry) Hash() Hash { return sha256.Sum256(e.unsigned()) }

// Encode is the wire form: unsigned bytes then the signature.
func (e *Entry) Encode() []byte {
	return sealed(e.unsigned(), e.Sig)
}

func (e *Entry) signBytes() []byte { return append([]byte(domainEntry), e.unsigned()...) }

func readEntry(r *reader) Entry {
	var e Entry
	r.fixed(e.Game[:])
	e.Seq = r.uvarint()
	r.fixed(e.Prev[:])
	e.Author = r.seat(MaxSeats - 1)
	e.Kind = Kind(r.byte1())
	e.Body = r.bytes()
	r.fixed(e.Post[:])
	e.Sig = r.bytes()
	// A takeover entry's "signature" is the votes (or the proof) that
	// allow it, and a chance entry's its reveals and forced part (lock.go),
	// kept out of their names; every other entry has none or one.
	if r.err == nil && e.Kind != KindTakeover && e.Kind != KindChance && len(e.Sig) != 0 && len(e.Sig) != ed25519.SignatureSize {
		r.fail("signature of %d bytes", len(e.Sig))
	}
	return e
}

// DecodeEntry parses Entry.Encode's output.
func DecodeEntry(b []byte) (Entry, error) {
	r := reader{b: b}
	e := readEntry(&r)
	return e, r.done()
}

// Proposal is one seat's signed decision in a round of simultaneous
// decisions, bound to the log head it answers.
type Proposal struct {
	Game     GameID
	Base     uint64 // seq of the head when the round began
	BaseHash Hash   // hash of that head entry (or genesis)
	Seat     int
	Action   []byte // action JSON
	Sig      []byte
}

func (p *Proposal) unsigned() []byte {
	var w writer
	w.base(p.Game, p.Base, p.BaseHash)
	w.seat(p.Seat)
	w.bytes(p.Action)
	return w.b
}

func (p *Proposal) signBytes() []byte { return append([]byte(domainProposal), p.unsigned()...) }

// Encode is the wire form.
func (p *Proposal) Encode() []byte {
	return sealed(p.unsigned(), p.Sig)
}

// base writes the log head a round's message answers (Proposal, Vote):
// game, head seq and head hash.
func (w *writer) base(g GameID, seq uint64, h Hash) {
	w.fixed(g[:])
	w.uvarint(seq)
	w.fixed(h[:])
}

// base reads what writer.base wrote.
func (r *reader) base(g *GameID, seq *uint64, h *Hash) {
	r.fixed(g[:])
	*seq = r.uvarint()
	r.fixed(h[:])
}

func readProposal(r *reader) Proposal {
	var p Proposal
	r.base(&p.Game, &p.Base, &p.BaseHash)
	p.Seat = r.seat(MaxSeats - 1)
	p.Action = r.bytes()
	p.Sig = r.bytes()
	return p
}

func encodeBatch(ps []Proposal) []byte { return encodeSealedList(ps, (*Proposal).Encode) }

// encodeSealedList writes a count and each item's encoding (a batch's
// proposals, a takeover's votes).
func encodeSealedList[T any](xs []T, enc func(*T) []byte) []byte {
	var w writer
	w.uvarint(uint64(len(xs)))
	for i := range xs {
		w.bytes(enc(&xs[i]))
	}
	return w.b
}

// decodeSealedList reads what encodeSealedList wrote (at most MaxSeats).
func decodeSealedList[T any](b []byte, what string, read func(*reader) T) ([]T, error) {
	r := reader{b: b}
	n := r.small(MaxSeats, what)
	var xs []T
	for i := 0; i < n && r.err == nil; i++ {
		ir := reader{b: r.bytes()}
		x := read(&ir)
		if err := ir.done(); err != nil {
			return nil, err
		}
		xs = append(xs, x)
	}
	return xs, r.done()
}

// seatClaim is the signed part of a seat's request naming a number (a
// sync request's first seq, a reclaim's takeover entry).
func seatClaim(g GameID, seat int, n uint64) []byte {
	var w writer
	w.fixed(g[:])
	w.seat(seat)
	w.uvarint(n)
	return w.b
}

func decodeBatch(b []byte) ([]Proposal, error) {
	return decodeSealedList(b, "proposal count", readProposal)
}
