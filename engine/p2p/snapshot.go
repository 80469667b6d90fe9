package p2p

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"

	"tabula/engine"
)

const snapMagic = "tabula/p2p-snapshot/v2"

// MaxSnapshot bounds a snapshot read back (a game file's size).
const MaxSnapshot = engine.MaxSaveSize

// Snapshot is everything this peer must keep to survive a reload: seat
// key, chance secret, genesis and signatures, the signed log, and its own
// pending proposal (so it never signs a different one after a restart).
// Store it whenever an Output is Dirty. It holds the private key: keep it
// on the device.
func (p *Peer) Snapshot() []byte {
	var w writer
	w.str(snapMagic)
	w.seat(p.seat)
	w.seat(p.hostSeat)
	w.byte1(boolByte(p.host))
	w.fixed(p.priv.Seed())
	w.fixed(p.secret[:])
	w.fixed(p.gameID[:])
	if p.hostKey != nil {
		w.byte1(1)
		w.fixed(p.hostKey[:])
	} else {
		w.byte1(0)
	}
	setup, _ := json.Marshal(p.setup)
	w.bytes(setup)
	w.uvarint(uint64(len(p.known)))
	for i, k := range p.known {
		w.byte1(boolByte(p.knownOK[i]))
		w.fixed(k.Key[:])
		w.fixed(k.Tip[:])
	}
	if p.gen != nil {
		w.bytes(p.gen.Encode())
		w.uvarint(uint64(len(p.genSigs)))
		for _, s := range p.genSigs {
			w.bytes(s)
		}
	} else {
		w.bytes(nil)
	}
	if p.led != nil {
		w.uvarint(uint64(len(p.led.entries)))
		w.fixed(p.led.wire)
	} else {
		w.uvarint(0)
	}
	if p.mine != nil {
		w.byte1(1)
		w.bytes(p.mine.Encode())
	} else {
		w.byte1(0)
	}
	// Our takeover vote (a promise to hold: it must survive a reload).
	// Absent in snapshots written before takeovers existed.
	if p.myVote != nil {
		w.bytes(p.myVote.Encode())
	}
	return w.b
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// Restore rebuilds a peer from Snapshot's bytes, re-verifying the whole
// log. cfg.Rand is not used for keys (they come from the snapshot).
func Restore(cfg Config, data []byte) (*Peer, error) {
	cfg.defaults()
	if len(data) > MaxSnapshot {
		return nil, fmt.Errorf("%w: snapshot of %d bytes, at most %d", ErrTooMuch, len(data), MaxSnapshot)
	}
	r := reader{b: data}
	if r.str() != snapMagic {
		return nil, fmt.Errorf("%w: not a peer snapshot", ErrMalformed)
	}
	p := &Peer{cfg: cfg}
	p.seat = r.seat(MaxSeats - 1)
	p.hostSeat = r.seat(MaxSeats - 1)
	p.host = r.byte1() == 1
	seed := make([]byte, ed25519.SeedSize)
	r.fixed(seed)
	r.fixed(p.secret[:])
	r.fixed(p.gameID[:])
	if r.byte1() == 1 {
		var k PublicKey
		r.fixed(k[:])
		p.hostKey = &k
	}
	setup := r.bytes()
	n := r.small(MaxSeats, "seat count")
	for i := 0; i < n && r.err == nil; i++ {
		var k SeatKey
		ok := r.byte1() == 1
		r.fixed(k.Key[:])
		r.fixed(k.Tip[:])
		p.known, p.knownOK = append(p.known, k), append(p.knownOK, ok)
	}
	genBody := r.bytes()
	if r.err == nil && len(genBody) > 0 && genBody[0] != genesisLayout {
		// Another protocol's snapshot lays out the rest otherwise.
		_, err := DecodeGenesis(genBody)
		return nil, err
	}
	var sigs [][]byte
	if len(genBody) > 0 {
		n := r.small(MaxSeats, "signature count")
		for i := 0; i < n && r.err == nil; i++ {
			sigs = append(sigs, r.bytes())
		}
	}
	ne := r.small(1<<24, "entry count")
	var raw [][]byte
	for i := 0; i < ne && r.err == nil; i++ {
		raw = append(raw, r.bytes())
	}
	var mine, vote []byte
	if r.byte1() == 1 {
		mine = r.bytes()
	}
	if r.err == nil && len(r.b) > 0 {
		vote = r.bytes()
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	if p.seat < 0 {
		return nil, fmt.Errorf("%w: snapshot without a seat", ErrMalformed)
	}
	p.priv = ed25519.NewKeyFromSeed(seed)
	copy(p.pub[:], p.priv.Public().(ed25519.PublicKey))
	if err := json.Unmarshal(setup, &p.setup); err != nil {
		return nil, fmt.Errorf("%w: setup: %v", ErrMalformed, err)
	}
	p.init()
	if len(genBody) > 0 {
		gen, err := DecodeGenesis(genBody)
		if err != nil {
			return nil, err
		}
		if err := checkGenesis(gen, sigs, false); err != nil {
			return nil, err
		}
		p.gen, p.genSigs = gen, sigs
		p.cfg.Delay = gen.Delay // the game's own, signed
		if err := p.checkOwnGenesis(gen); err != nil {
			return nil, err
		}
		p.maybeStart()
		p.out = Output{}
	}
	if len(raw) > 0 && p.led == nil {
		return nil, fmt.Errorf("%w: entries without a signed genesis", ErrMalformed)
	}
	if p.led != nil {
		p.led.trusted = uint64(len(raw)) // our own log: its search moves were checked
	}
	for i, b := range raw {
		e, err := DecodeEntry(b)
		if err != nil {
			return nil, err
		}
		if err := p.led.apply(e); err != nil {
			return nil, fmt.Errorf("snapshot entry %d: %w", i+1, err)
		}
	}
	if mine != nil {
		pr := reader{b: mine}
		m := readProposal(&pr)
		if err := pr.done(); err != nil {
			return nil, err
		}
		p.mine = &m
		p.storeProposal(m)
	}
	if vote != nil {
		vr := reader{b: vote}
		v := readVote(&vr)
		if err := vr.done(); err != nil {
			return nil, err
		}
		if p.led == nil || p.led.checkVote(&v) != nil || v.Voter != p.seat {
			return nil, fmt.Errorf("%w: snapshot vote", ErrMalformed)
		}
		p.myVote = &v
		p.votes[v.Base] = map[int]Vote{v.Voter: v}
	}
	if p.led != nil && p.led.status().Over {
		p.overSent = true
	}
	p.out = Output{}
	return p, nil
}

// Game files. A peer-to-peer game exports as an ordinary engine save
// (loadable by engine.Load and the replay tool) whose meta carries the
// signed genesis and log:
//
//	meta["p2p.genesis"] = base64url(MsgGenesis message, with the signatures)
//	meta["p2p.log"]     = base64url(count, then each encoded entry)
//
// Every other part of the file is a function of those two: the seats'
// names and kinds and the other meta keys come from the signed genesis,
// the entries and hash from the signed log. Verify rebuilds the file from
// them and refuses one whose other parts were changed, added or stripped.
const (
	MetaGenesis = "p2p.genesis"
	MetaLog     = "p2p.log"
)

// Export writes the game file.
func (p *Peer) Export() ([]byte, error) {
	if p.led == nil {
		return nil, ErrNoGenesis
	}
	return fileOf(p.led).Encode(), nil
}

// fileOf is the game file of a ledger: everything in it signed.
func fileOf(l *ledger) *engine.Save {
	var seats []engine.SeatInfo
	for _, s := range l.gen.Seats {
		seats = append(seats, engine.SeatInfo{Name: s.Name, Kind: s.Kind})
	}
	m := map[string]string{}
	for k, v := range l.gen.Meta {
		m[k] = v
	}
	m[MetaGenesis] = base64.RawURLEncoding.EncodeToString(Encode(&GenesisMsg{Body: l.gen.Encode(), Sigs: l.genSigs}))
	var w writer
	w.uvarint(uint64(len(l.entries)))
	for i := range l.entries {
		w.bytes(l.entries[i].Encode())
	}
	m[MetaLog] = base64.RawURLEncoding.EncodeToString(w.b)
	return engine.NewSave(l.fileMatch(), seats, engine.ChanceInfo{P2P: true}, m)
}

// Verify checks a game file end to end: the engine replay (engine.Load),
// every genesis signature, every entry's signature, chain link,
// author turn, chance pre-image and post hash, and that the signed parts
// make exactly the file (seats, meta, setup, entries, hash). It returns
// the replayed match and genesis.
func Verify(data []byte) (*engine.Match, *Genesis, error) {
	v, err := VerifyFile(data)
	if err != nil {
		return nil, nil, err
	}
	return v.Match, v.Genesis, nil
}

// Verified is what VerifyFile proved about a game file.
type Verified struct {
	Match    *engine.Match // the replayed game
	Genesis  *Genesis
	Entries  []Entry // the signed log
	BotSeats []int   // seats played by the bot at the end of the log
	// Aborts are the withheld reveals recorded in the log, in order.
	Aborts []Abort
	// Sealed is a sealed game's audit as the verifier ran it (nil for a
	// plain game).
	Sealed *SealedAudit
}

// SealedAudit is what a verifier found of a sealed game's decks: whether
// every party's keys are in (the game ended and was audited), each deck's
// cards in shuffled order once they are, and every cheat proved.
type SealedAudit struct {
	Audited bool
	Decks   []string
	Cards   [][]int
	Cheats  []Cheat
	// Secrets: each secret in the order drawn, with its value once every
	// device may know it (opened, or drawn in public).
	Secrets []SecretValue
}

// SecretValue is one secret of a sealed game: its number, its value
// (engine.Unknown until opened) and whether its audience drew it (not
// the public chance round).
type SecretValue struct {
	Number, Value int
	Private       bool
}

// Abort is one withheld part of a chance round recorded in the log: Seat
// withheld its reveal (or, when handed to the bot, its commitment) for
// chance request K; entry Seq records it. Forced: the others forced its
// committed part open (lock.go: the outcome is what its reveal made; the
// proof is its signed commitment and the forced part in the entry);
// otherwise the seat was handed to the bot.
type Abort struct {
	Seat   int
	K      uint64
	Seq    uint64
	Forced bool
}

// VerifyFile is Verify, also returning the signed log, who the bot played
// at the end and the aborts.
func VerifyFile(data []byte) (*Verified, error) {
	m, gen, led, err := verify(data)
	if err != nil {
		return nil, err
	}
	v := &Verified{Match: m, Genesis: gen, Entries: led.entries, Aborts: aborts(led.entries)}
	if s := led.sealed; s != nil {
		v.Sealed = &SealedAudit{Audited: s.reports != nil && s.secretsOpen(), Cheats: slices.Clone(s.cheats)}
		for _, r := range s.secrets {
			val, ok := s.secretValue(r.num)
			if !ok {
				val = engine.Unknown
			}
			v.Sealed.Secrets = append(v.Sealed.Secrets, SecretValue{Number: r.num, Value: val, Private: r.sec != nil})
		}
		for i, spec := range s.specs {
			v.Sealed.Decks = append(v.Sealed.Decks, spec.Name)
			if s.reports != nil && s.reports[i] != nil {
				v.Sealed.Cards = append(v.Sealed.Cards, s.reports[i].Cards)
			} else {
				v.Sealed.Cards = append(v.Sealed.Cards, nil)
			}
		}
	}
	for s := range gen.Seats {
		if led.isBot(s) {
			v.BotSeats = append(v.BotSeats, s)
		}
	}
	return v, nil
}

// Aborts lists the withheld reveals recorded in the log so far.
func (p *Peer) Aborts() []Abort {
	if p.led == nil {
		return nil
	}
	return aborts(p.led.entries)
}

// aborts lists the withheld reveals of a log.
func aborts(es []Entry) []Abort {
	var out []Abort
	for _, e := range es {
		switch e.Kind {
		case KindChance:
			out = append(out, forcedIn(&e)...)
		case KindTakeover:
			if tb, err := decodeTakeoverBody(e.Body); err == nil && tb.Reason == ReasonAbort {
				for _, s := range tb.Seats {
					out = append(out, Abort{Seat: s, K: tb.K, Seq: e.Seq})
				}
			}
		}
	}
	return out
}

func verify(data []byte) (*engine.Match, *Genesis, *ledger, error) {
	m, save, err := engine.Load(data)
	if err != nil {
		return nil, nil, nil, err
	}
	gb, err := base64.RawURLEncoding.DecodeString(save.Meta[MetaGenesis])
	if err != nil || len(gb) == 0 {
		return nil, nil, nil, fmt.Errorf("%w: no signed genesis in the file", ErrNoGenesis)
	}
	// An older protocol's genesis message may not even decode: its
	// genesis's layout byte names the protocol first.
	if v := oldGenesis(gb); v != 0 {
		switch v {
		case 2:
			return nil, nil, nil, fmt.Errorf("%w: the game was played with protocol 2 (before its genesis signed names and dealt chance secrets); this build verifies protocol %d files only", ErrMismatch, ProtocolVersion)
		case 3:
			return nil, nil, nil, fmt.Errorf("%w: the game was played with protocol 3 (before hosted bot seats and think times); this build verifies protocol %d files only", ErrMismatch, ProtocolVersion)
		case 4:
			return nil, nil, nil, fmt.Errorf("%w: the game was played with protocol 4 (before chance rounds were locked in time); this build verifies protocol %d files only", ErrMismatch, ProtocolVersion)
		case 5:
			return nil, nil, nil, fmt.Errorf("%w: the game was played with protocol 5 (before a round left by a seat started afresh); this build verifies protocol %d files only", ErrMismatch, ProtocolVersion)
		}
		return nil, nil, nil, fmt.Errorf("%w: the game was played with an older protocol; this build verifies protocol %d files only", ErrMismatch, ProtocolVersion)
	}
	gm, err := Decode(gb)
	if err != nil {
		return nil, nil, nil, err
	}
	gmsg, ok := gm.(*GenesisMsg)
	if !ok {
		return nil, nil, nil, fmt.Errorf("%w: genesis field holds another message", ErrMalformed)
	}
	gen, err := DecodeGenesis(gmsg.Body)
	if err != nil {
		return nil, nil, nil, err
	}
	led, err := newLedger(gen, gmsg.Sigs)
	if err == nil {
		err = led.seal(-1, nil, nil) // a sealed game's decks, as an observer
	}
	if err != nil {
		return nil, nil, nil, err
	}
	lb, err := base64.RawURLEncoding.DecodeString(save.Meta[MetaLog])
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%w: log field: %v", ErrMalformed, err)
	}
	r := reader{b: lb}
	n := r.small(1<<24, "entry count")
	for i := 0; i < n && r.err == nil; i++ {
		e, err := DecodeEntry(r.bytes())
		if err != nil {
			return nil, nil, nil, fmt.Errorf("signed entry %d: %w", i+1, err)
		}
		if err := led.apply(e); err != nil {
			return nil, nil, nil, fmt.Errorf("signed entry %d: %w", i+1, err)
		}
	}
	if err := r.done(); err != nil {
		return nil, nil, nil, err
	}
	if err := sameFile(save, fileOf(led)); err != nil {
		return nil, nil, nil, err
	}
	return m, gen, led, nil
}

// sameFile compares every part of a file with the one its signed parts
// make, and names the first that differs.
func sameFile(got, want *engine.Save) error {
	parts := []struct {
		name string
		a, b any
	}{
		{"game", got.Game, want.Game}, {"rules", got.Rules, want.Rules}, {"setup", got.Setup, want.Setup},
		{"seats (names and kinds)", got.Seats, want.Seats}, {"chance", got.Chance, want.Chance},
		{"meta", got.Meta, want.Meta}, {"hash", got.Hash, want.Hash},
	}
	for _, p := range parts {
		if mustJSON(p.a) != mustJSON(p.b) {
			return fmt.Errorf("%w: the file's %s differ from the signed genesis and log (changed or stripped)", ErrConflict, p.name)
		}
	}
	if len(got.Entries) != len(want.Entries) {
		return fmt.Errorf("%w: the signed log has %d moves, the file %d", ErrConflict, len(want.Entries), len(got.Entries))
	}
	for i := range got.Entries {
		if mustJSON(got.Entries[i]) != mustJSON(want.Entries[i]) {
			return fmt.Errorf("%w: move %d differs from the signed log", ErrConflict, i+1)
		}
	}
	return nil
}

// oldGenesis is the protocol of a genesis message whose genesis has an
// older layout (1: protocol 2, 2: protocol 3, 3: protocol 4, 4: protocol
// 5), and 0 otherwise.
func oldGenesis(gb []byte) int {
	if len(gb) == 0 || gb[0] != MsgGenesis {
		return 0
	}
	r := reader{b: gb[1:]}
	body := r.bytes()
	if r.err != nil || len(body) == 0 || body[0] >= genesisLayout {
		return 0
	}
	return int(body[0]) + 1
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
