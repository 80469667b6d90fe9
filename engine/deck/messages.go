package deck

// The messages: plain data, each from one party (Party, from 0 in party
// order). Points and scalars are their canonical 32-byte encodings; wire.go
// gives every message one canonical binary form. A network layer puts them
// in signed log entries as they are: the entry's signature is what binds
// Party to its author, and the deck checks everything else.
type Msg interface {
	From() int
	kind() byte
}

// Ciphertext is an ElGamal ciphertext (A, B) = (r·G, M + r·H) under the
// joint key H, as two encoded points.
type Ciphertext [2 * pointLen]byte

// KeyMsg publishes a party's deck key X = x·G with a Schnorr proof of
// knowledge of x (a key without one is refused: no rogue key can cancel
// the others' in H = ΣX), and its escrow key Y = y·G, to which the others
// encrypt its shares of their keys.
type KeyMsg struct {
	Party int
	X, Y  [pointLen]byte
	Proof [proofLen]byte
}

// EscrowMsg deals a party's key x among the others: Feldman commitments
// C_k = a_k·G of the sharing polynomial (C_0 = X) and, for each other
// party j, its share f(j+1) sealed to Y_j (seal.go). Sealed[Party] is
// zero. Only with 3 or 4 parties (Threshold).
type EscrowMsg struct {
	Party   int
	Commits [][pointLen]byte
	Sealed  [][sealedLen]byte
}

// ComplaintMsg says Party's escrow share from Dealer is wrong. It
// discloses their pairwise key K = y·Y_Dealer with a DLEQ proof, so every
// party can open the share and see who lies: the dealer (the share fails
// its commitments) or the complainer.
type ComplaintMsg struct {
	Party, Dealer int
	K             [pointLen]byte
	Proof         [proofLen]byte
}

// ShuffleMsg is a party's shuffle of the deck: the previous deck permuted
// and re-randomised. Its permutation and randomness are derived from the
// party's key x (shuffleSeed), so X commits to them, and the audit (or a
// recovered key) rechecks them.
type ShuffleMsg struct {
	Party int
	Out   []Ciphertext
}

// ShareMsg is a party's decryption share D = x·A of the card at Pos with
// a DLEQ proof that log_G X = log_A D, in one of two forms: the challenge
// and the response (c, s) in Proof, Commit nil (the form of builds before
// batched checks, still accepted; a share sealed in an envelope keeps
// it); or the commitment form (R1, R2, s) of the same proof: Commit holds
// R1 = k·G and R2 = k·A, Proof the response s after a zero challenge
// (batch.go: a run of such shares is checked at once).
type ShareMsg struct {
	Party  int
	Pos    int
	D      [pointLen]byte
	Proof  [proofLen]byte
	Commit *[2 * pointLen]byte
}

// SealedShareMsg is Party's decryption share of the card at Pos, with its
// DLEQ proof, sealed to party To alone (both in the card's audience):
// E = e·G for a fresh e, Sealed = AES-GCM under HKDF(e·Y_To) of D ‖ proof
// (among.go).
type SealedShareMsg struct {
	Party, To, Pos int
	E              [pointLen]byte
	Sealed         [sealedShareLen]byte
}

// AccuseMsg says Party's sealed share from Sender of the card at Pos does
// not open or fails its proof. It discloses that envelope's DH point
// K = y_Party·E with a DLEQ proof, so every party can open it and see who
// lies: the sender (a wrong share) or the accuser.
type AccuseMsg struct {
	Party, Sender, Pos int
	K                  [pointLen]byte
	Proof              [proofLen]byte
}

// RecoverMsg publishes Party's escrow share of a departed party's key, so
// that the key is rebuilt and made public to everyone at once.
type RecoverMsg struct {
	Party, Leaver int
	Share         [scalarLen]byte
}

// AuditMsg reveals a party's secrets at the end of the game: its deck key
// x and its escrow key y.
type AuditMsg struct {
	Party int
	X, Y  [scalarLen]byte
}

func (m *KeyMsg) From() int         { return m.Party }
func (m *EscrowMsg) From() int      { return m.Party }
func (m *ComplaintMsg) From() int   { return m.Party }
func (m *ShuffleMsg) From() int     { return m.Party }
func (m *ShareMsg) From() int       { return m.Party }
func (m *RecoverMsg) From() int     { return m.Party }
func (m *AuditMsg) From() int       { return m.Party }
func (m *SealedShareMsg) From() int { return m.Party }
func (m *AccuseMsg) From() int      { return m.Party }

const (
	kindKey byte = 1 + iota
	kindEscrow
	kindComplaint
	kindShuffle
	kindShare
	kindRecover
	kindAudit
	kindSealedShare
	kindAccuse
	kindAck
	kindShareCommitted // a ShareMsg in the commitment form
)

func (*KeyMsg) kind() byte       { return kindKey }
func (*EscrowMsg) kind() byte    { return kindEscrow }
func (*ComplaintMsg) kind() byte { return kindComplaint }
func (*ShuffleMsg) kind() byte   { return kindShuffle }
func (m *ShareMsg) kind() byte {
	if m.Commit != nil {
		return kindShareCommitted
	}
	return kindShare
}
func (*RecoverMsg) kind() byte     { return kindRecover }
func (*AuditMsg) kind() byte       { return kindAudit }
func (*SealedShareMsg) kind() byte { return kindSealedShare }
func (*AccuseMsg) kind() byte      { return kindAccuse }
