package p2p

import (
	"fmt"
)

// Message types: the first byte of every message.
const (
	MsgHello      byte = 1  // who I am, what I run, how far my log goes
	MsgRefuse     byte = 2  // why I will not play with you
	MsgGenesis    byte = 3  // the genesis and the signatures collected so far
	MsgGenesisSig byte = 4  // one seat's signature of the genesis
	MsgEntry      byte = 5  // one log entry
	MsgProposal   byte = 6  // one simultaneous decision
	MsgReveal     byte = 7  // one seat's pre-image for chance request k
	MsgSyncReq    byte = 8  // send me entries from seq From on
	MsgSyncResp   byte = 9  // consecutive entries (≤ MaxChunk bytes)
	MsgPing       byte = 10 // I am here; my head is …
	MsgSignal     byte = 11 // signed WebRTC offer/answer for the mesh
	MsgRelay      byte = 12 // a message for another seat, through me
	MsgVote       byte = 13 // a signed takeover vote
	MsgReclaim    byte = 14 // a taken-over seat's signed reclaim request
	// 15 was protocol 3's UNVEIL (a published share): refused as unknown.
	MsgCommit byte = 16 // a seat's signed time-lock commitment for chance request k
)

// Hello opens every link.
type Hello struct {
	Proto    int
	Build    string
	GameName string // registered game id ("catan"), empty if not yet known
	Rules    string // its RulesVersion, empty if not yet known
	Game     GameID
	Seat     int
	Key      PublicKey
	Tip      Hash   // chance commitment (used to build the genesis)
	HeadSeq  uint64 // 0 = genesis only
	HeadHash Hash   // zero when the sender has no genesis yet
	Sig      []byte
}

func (h *Hello) unsigned() []byte {
	var w writer
	w.byte1(MsgHello)
	w.uvarint(uint64(h.Proto))
	w.str(h.Build)
	w.str(h.GameName)
	w.str(h.Rules)
	w.fixed(h.Game[:])
	w.seat(h.Seat)
	w.fixed(h.Key[:])
	w.fixed(h.Tip[:])
	w.uvarint(h.HeadSeq)
	w.fixed(h.HeadHash[:])
	return w.b
}

// Refuse explains a refusal to the other side.
type Refuse struct{ Reason string }

// GenesisMsg carries a genesis and its signatures (nil where missing).
type GenesisMsg struct {
	Body []byte
	Sigs [][]byte
}

// GenesisSig is one seat's signature over the genesis with hash Of.
type GenesisSig struct {
	Of   Hash
	Seat int
	Sig  []byte
}

// EntryMsg carries one entry.
type EntryMsg struct{ Entry Entry }

// ProposalMsg carries one proposal.
type ProposalMsg struct{ Proposal Proposal }

// Reveal is seat's pre-image for attempt A of chance request K (from 0).
type Reveal struct {
	Game GameID
	K    uint64
	A    uint64
	Seat int
	X    Hash
}

// SyncReq asks for entries from seq From on; signed by the asking seat,
// so a relay cannot make us send our log on another's behalf.
type SyncReq struct {
	Game GameID
	Seat int
	From uint64
	Sig  []byte
}

func (q *SyncReq) unsigned() []byte { return seatClaim(q.Game, q.Seat, q.From) }

// SyncResp carries consecutive entries.
type SyncResp struct{ Entries []Entry }

// Ping says the sender is alive and how far its log goes. It is signed,
// carries the sender's ping number (Nonce) and echoes the last ping number
// it heard from every seat, so a ping relayed by another peer proves its
// sender was alive after the receiver's own echoed ping: a replayed or
// made-up ping cannot keep a silent seat from showing as away.
type Ping struct {
	Game     GameID
	Seat     int
	Nonce    uint64
	Echo     []uint64 // per seat: the last Nonce heard from it (0: none)
	HeadSeq  uint64
	HeadHash Hash
	Sig      []byte
}

func (m *Ping) unsigned() []byte {
	var w writer
	w.fixed(m.Game[:])
	w.seat(m.Seat)
	w.uvarint(m.Nonce)
	w.uvarint(uint64(len(m.Echo)))
	for _, e := range m.Echo {
		w.uvarint(e)
	}
	w.uvarint(m.HeadSeq)
	w.fixed(m.HeadHash[:])
	return w.b
}

// Signal is a WebRTC offer or answer from one seat to another, signed by
// the sender so a relaying peer cannot swap fingerprints.
type Signal struct {
	Game    GameID
	From    int
	To      int
	Payload []byte
	Sig     []byte
}

func (s *Signal) unsigned() []byte {
	var w writer
	w.fixed(s.Game[:])
	w.seat(s.From)
	w.seat(s.To)
	w.bytes(s.Payload)
	return w.b
}

// Relay asks the receiver to pass Inner on to seat To.
type Relay struct {
	From, To int
	Inner    []byte
}

// VoteMsg carries one takeover vote.
type VoteMsg struct{ Vote Vote }

// ReclaimMsg carries a reclaim request.
type ReclaimMsg struct{ Req ReclaimReq }

// Encode returns the wire form of a message value (one of the types above).
func Encode(m any) []byte {
	var w writer
	switch m := m.(type) {
	case *Hello:
		w.b = m.unsigned()
		w.bytes(m.Sig)
	case *Refuse:
		w.byte1(MsgRefuse)
		w.str(m.Reason)
	case *GenesisMsg:
		w.byte1(MsgGenesis)
		w.bytes(m.Body)
		w.uvarint(uint64(len(m.Sigs)))
		for _, s := range m.Sigs {
			w.bytes(s)
		}
	case *GenesisSig:
		w.byte1(MsgGenesisSig)
		w.fixed(m.Of[:])
		w.seat(m.Seat)
		w.bytes(m.Sig)
	case *EntryMsg:
		w.byte1(MsgEntry)
		w.fixed(m.Entry.Encode())
	case *ProposalMsg:
		w.byte1(MsgProposal)
		w.fixed(m.Proposal.Encode())
	case *Commit:
		w.byte1(MsgCommit)
		m.encode(&w)
	case *Reveal:
		w.byte1(MsgReveal)
		w.fixed(m.Game[:])
		w.uvarint(m.K)
		w.uvarint(m.A)
		w.seat(m.Seat)
		w.fixed(m.X[:])
	case *SyncReq:
		w.byte1(MsgSyncReq)
		w.fixed(m.unsigned())
		w.bytes(m.Sig)
	case *SyncResp:
		w.byte1(MsgSyncResp)
		w.uvarint(uint64(len(m.Entries)))
		for i := range m.Entries {
			w.bytes(m.Entries[i].Encode())
		}
	case *Ping:
		w.byte1(MsgPing)
		w.fixed(m.unsigned())
		w.bytes(m.Sig)
	case *Signal:
		w.byte1(MsgSignal)
		w.fixed(m.unsigned())
		w.bytes(m.Sig)
	case *Relay:
		w.byte1(MsgRelay)
		w.seat(m.From)
		w.seat(m.To)
		w.bytes(m.Inner)
	case *VoteMsg:
		w.byte1(MsgVote)
		w.fixed(m.Vote.Encode())
	case *ReclaimMsg:
		w.byte1(MsgReclaim)
		w.fixed(m.Req.Encode())
	default:
		panic(fmt.Sprintf("p2p: Encode of %T", m))
	}
	return w.b
}

// Decode parses one message. It never panics; any malformed input is an
// error wrapping ErrMalformed.
func Decode(b []byte) (any, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("%w: empty", ErrMalformed)
	}
	r := reader{b: b[1:]}
	var m any
	switch b[0] {
	case MsgHello:
		h := &Hello{}
		h.Proto = r.small(1<<16, "protocol")
		h.Build = r.str()
		if r.err == nil && h.Proto != ProtocolVersion {
			// Another protocol lays out the rest otherwise: only its
			// version is read, for a refusal that names it.
			return h, nil
		}
		h.GameName = r.str()
		h.Rules = r.str()
		r.fixed(h.Game[:])
		h.Seat = r.seat(MaxSeats - 1)
		r.fixed(h.Key[:])
		r.fixed(h.Tip[:])
		h.HeadSeq = r.uvarint()
		r.fixed(h.HeadHash[:])
		h.Sig = r.bytes()
		m = h
	case MsgRefuse:
		m = &Refuse{Reason: r.str()}
	case MsgGenesis:
		g := &GenesisMsg{Body: r.bytes()}
		n := r.small(MaxSeats, "signature count")
		for i := 0; i < n && r.err == nil; i++ {
			g.Sigs = append(g.Sigs, r.bytes())
		}
		m = g
	case MsgGenesisSig:
		g := &GenesisSig{}
		r.fixed(g.Of[:])
		g.Seat = r.seat(MaxSeats - 1)
		g.Sig = r.bytes()
		m = g
	case MsgEntry:
		m = &EntryMsg{Entry: readEntry(&r)}
	case MsgProposal:
		m = &ProposalMsg{Proposal: readProposal(&r)}
	case MsgCommit:
		m = readCommit(&r)
	case MsgReveal:
		v := &Reveal{}
		r.fixed(v.Game[:])
		v.K = r.uvarint()
		v.A = r.uvarint()
		v.Seat = r.seat(MaxSeats - 1)
		r.fixed(v.X[:])
		m = v
	case MsgSyncReq:
		q := &SyncReq{}
		r.fixed(q.Game[:])
		q.Seat = r.seat(MaxSeats - 1)
		q.From = r.uvarint()
		q.Sig = r.bytes()
		m = q
	case MsgSyncResp:
		s := &SyncResp{}
		n := r.small(MaxChunk, "entry count")
		for i := 0; i < n && r.err == nil; i++ {
			eb := r.bytes()
			er := reader{b: eb}
			e := readEntry(&er)
			if err := er.done(); err != nil {
				return nil, err
			}
			s.Entries = append(s.Entries, e)
		}
		m = s
	case MsgPing:
		p := &Ping{}
		r.fixed(p.Game[:])
		p.Seat = r.seat(MaxSeats - 1)
		p.Nonce = r.uvarint()
		ne := r.small(MaxSeats, "echo count")
		for i := 0; i < ne && r.err == nil; i++ {
			p.Echo = append(p.Echo, r.uvarint())
		}
		p.HeadSeq = r.uvarint()
		r.fixed(p.HeadHash[:])
		p.Sig = r.bytes()
		m = p
	case MsgSignal:
		s := &Signal{}
		r.fixed(s.Game[:])
		s.From = r.seat(MaxSeats - 1)
		s.To = r.seat(MaxSeats - 1)
		s.Payload = r.bytes()
		s.Sig = r.bytes()
		m = s
	case MsgRelay:
		v := &Relay{}
		v.From = r.seat(MaxSeats - 1)
		v.To = r.seat(MaxSeats - 1)
		v.Inner = r.bytes()
		m = v
	case MsgVote:
		m = &VoteMsg{Vote: readVote(&r)}
	case MsgReclaim:
		m = &ReclaimMsg{Req: readReclaim(&r)}
	default:
		return nil, fmt.Errorf("%w: unknown message type %d", ErrMalformed, b[0])
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	return m, nil
}
