package p2p

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"

	"tabula/engine"
)

const snapMagic = "tabula/p2p-snapshot/v1"

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
		if err := p.checkOwnGenesis(gen); err != nil {
			return nil, err
		}
		p.maybeStart()
		p.out = Output{}
	}
	if len(raw) > 0 && p.led == nil {
		return nil, fmt.Errorf("%w: entries without a signed genesis", ErrMalformed)
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
//	meta["p2p.genesis"] = base64url(MsgGenesis message)
//	meta["p2p.log"]     = base64url(count, then each encoded entry)
//
// Verify checks both halves and that they agree.
const (
	MetaGenesis = "p2p.genesis"
	MetaLog     = "p2p.log"
)

// Export writes the game file.
func (p *Peer) Export(seats []engine.SeatInfo, meta map[string]string) ([]byte, error) {
	if p.led == nil {
		return nil, ErrNoGenesis
	}
	if seats == nil {
		for i := range p.led.gen.Seats {
			seats = append(seats, engine.SeatInfo{Name: fmt.Sprintf("Seat %d", i+1), Kind: "remote"})
		}
	}
	m := map[string]string{}
	for k, v := range meta {
		m[k] = v
	}
	m[MetaGenesis] = base64.RawURLEncoding.EncodeToString(Encode(&GenesisMsg{Body: p.led.gen.Encode(), Sigs: p.led.genSigs}))
	var w writer
	w.uvarint(uint64(len(p.led.entries)))
	for i := range p.led.entries {
		w.bytes(p.led.entries[i].Encode())
	}
	m[MetaLog] = base64.RawURLEncoding.EncodeToString(w.b)
	return engine.NewSave(p.led.match, seats, engine.ChanceInfo{P2P: true}, m).Encode(), nil
}

// Verify checks a game file end to end: the engine replay (engine.Load),
// every genesis signature, every entry's signature, chain link, author
// turn, chance pre-image and post hash, and that the signed log folds to
// exactly the file's entries. It returns the replayed match and genesis.
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
}

// VerifyFile is Verify, also returning the signed log and who the bot
// played at the end.
func VerifyFile(data []byte) (*Verified, error) {
	m, gen, led, err := verify(data)
	if err != nil {
		return nil, err
	}
	v := &Verified{Match: m, Genesis: gen, Entries: led.entries}
	for s := range gen.Seats {
		if led.isBot(s) {
			v.BotSeats = append(v.BotSeats, s)
		}
	}
	return v, nil
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
	if err != nil {
		return nil, nil, nil, err
	}
	if s1, _ := json.Marshal(gen.Setup); string(s1) != mustJSON(save.Setup) {
		return nil, nil, nil, fmt.Errorf("%w: the file's setup differs from the signed genesis", ErrConflict)
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
	got, want := led.match.Entries, m.Entries
	if len(got) != len(want) {
		return nil, nil, nil, fmt.Errorf("%w: the signed log has %d moves, the file %d", ErrConflict, len(got), len(want))
	}
	for i := range got {
		if mustJSON(got[i]) != mustJSON(want[i]) {
			return nil, nil, nil, fmt.Errorf("%w: move %d differs from the signed log", ErrConflict, i+1)
		}
	}
	return m, gen, led, nil
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
