package deck

import (
	"errors"
	"fmt"
	"io"
)

// Opening a card to a set S of parties, 2 or more but not all (Catan's
// stolen card: thief and victim). Parties outside S publish their shares
// as for any opening. Each member i sends its share D_i = x_i·A, with its
// DLEQ proof, to each other member j sealed to j alone: a fresh ephemeral
// key e, E = e·G, K = e·Y_j = y_j·E, HKDF-SHA-512 of K (bound to the deck,
// i, j, the position and E) to an AES-256-GCM key that seals this one
// message. Outside S every share but the members' is known, and
// B − ΣD = M + (Σ_{i∈S} x_i)·A hides M (DDH).
//
// Only j can check its envelope. If it does not open or its proof fails,
// j accuses i: it publishes K with a DLEQ proof that log_G Y_j = log_E K.
// Everybody then opens that one envelope and sees who lies: a wrong share
// names i, a valid one names j. The accusation discloses that envelope
// only (K is of its ephemeral key, y_j stays secret): i's purported share
// of this card, genuine when the accusation is false. The card stays
// hidden from the others still, since j's own share never left S.

// sealedShareLen is a sealed share: D, its proof and the GCM tag.
const sealedShareLen = pointLen + proofLen + 16

// everyone is the audience of a card opened to all.
func (d *Deck) everyone() uint8 { return uint8(1)<<d.n - 1 }

func (o *opening) member(i int) bool { return o.aud&(1<<i) != 0 }

// OpenAmong asks for the card at pos to be opened to exactly the given
// parties; every party calls it at the same point of the log. A set of
// one party is Open(pos, p), of every party Open(pos, All). A card opened
// to some parties may later be opened to more (a card in the victim's hand
// to the thief too, then to all); never to fewer.
func (d *Deck) OpenAmong(pos int, parties []int) ([]Msg, error) {
	var aud uint8
	for _, p := range parties {
		if p < 0 || p >= d.n {
			return nil, fmt.Errorf("deck: open to party %d of %d", p, d.n)
		}
		aud |= 1 << p
	}
	if aud == 0 {
		return nil, errors.New("deck: open to nobody")
	}
	return d.open(pos, aud)
}

// sealedDue tells whether party i owes party j its sealed share of o: both
// in the audience (not all), i's share not public, j still here.
func (d *Deck) sealedDue(o *opening, i, j int) bool {
	return i != j && o.aud != d.everyone() && o.member(i) && o.member(j) &&
		o.shares[i] == nil && !d.gone[i] && !d.gone[j]
}

func shareKeyInfo(deckID []byte, from, to, pos int, E []byte) *transcript {
	return newTranscript("tabula/deck/sealed-share-key/v1").bytes(deckID).int(from).int(to).int(pos).bytes(E)
}

func accuseContext(deckID []byte, party, sender, pos int) *transcript {
	return newTranscript("tabula/deck/accuse/v1").bytes(deckID).int(party).int(sender).int(pos)
}

func (d *Deck) makeSealed(pos, to int) (*SealedShareMsg, error) {
	s, err := d.makeShare(pos, false) // the envelope holds D ‖ (c, s)
	if err != nil {
		return nil, err
	}
	nt := newTranscript("tabula/deck/sealed-share-ephemeral/v1").bytes(d.id).int(d.me).int(to).int(pos).bytes(encScalar(d.x))
	m := &SealedShareMsg{Party: d.me, To: to, Pos: pos}
	E, sealed, err := sealEphemeral(d.rnd, nt, d.Y[to], func(E []byte) *transcript { return shareKeyInfo(d.id, d.me, to, pos, E) }, append(s.D[:], s.Proof[:]...))
	if err != nil {
		return nil, err
	}
	m.E = E
	copy(m.Sealed[:], sealed)
	return m, nil
}

// sealEphemeral seals msg to the holder of Y alone: a fresh e (from rnd,
// hedged with nt), E = e·G, AES-256-GCM under HKDF of e·Y with info(E).
// Only y (K = y·E) opens it, and disclosing K opens this envelope only.
func sealEphemeral(rnd io.Reader, nt *transcript, Y *point, info func(E []byte) *transcript, msg []byte) ([pointLen]byte, []byte, error) {
	e, err := randScalar(rnd, nt)
	if err != nil {
		return [pointLen]byte{}, nil, err
	}
	E := [pointLen]byte(encPoint(mulG(e)))
	aead := aeadFor(mul(e, Y), info(E[:]))
	return E, aead.Seal(nil, make([]byte, aead.NonceSize()), msg, nil), nil
}

// openSealed opens s with the DH point K and checks the share inside:
// its D, or nil when it does not open or its proof fails.
func (d *Deck) openSealed(K *point, s *SealedShareMsg) *point {
	D, _ := d.unseal(K, s)
	return D
}

// unseal is openSealed with the share as a message, proof and all.
func (d *Deck) unseal(K *point, s *SealedShareMsg) (*point, *ShareMsg) {
	aead := aeadFor(K, shareKeyInfo(d.id, s.Party, s.To, s.Pos, s.E[:]))
	b, err := aead.Open(nil, make([]byte, aead.NonceSize()), s.Sealed[:], nil)
	if err != nil {
		return nil, nil
	}
	D, err := decPoint(b[:pointLen])
	if err != nil {
		return nil, nil
	}
	pf, err := decProof(b[pointLen:])
	if err != nil {
		return nil, nil
	}
	if !verifyDLEQ(shareContext(d.id, s.Party, s.Pos), pf, d.X[s.Party], d.final()[s.Pos].A, D) {
		return nil, nil
	}
	return D, &ShareMsg{Party: s.Party, Pos: s.Pos, D: [pointLen]byte(b[:pointLen]), Proof: [proofLen]byte(b[pointLen:])}
}

// applySealed takes a sealed share in: every party keeps it (it is in
// the log), its recipient opens and checks it. One that fails is kept
// too, and its recipient owes an accusation (next).
func (d *Deck) applySealed(m *SealedShareMsg) error {
	if d.Phase() != PhaseReady || m.Pos < 0 || m.Pos >= d.cards || d.opens[m.Pos] == nil || m.To < 0 || m.To >= d.n {
		return ErrNotNow
	}
	o := d.opens[m.Pos]
	if !d.sealedDue(o, m.Party, m.To) {
		return fmt.Errorf("deck: party %d owes party %d no sealed share of card %d", m.Party, m.To, m.Pos)
	}
	if old := o.sealed[m.Party][m.To]; old != nil {
		return cheat(m.Party, fmt.Sprintf("two different sealed shares of card %d for party %d", m.Pos, m.To), old, m)
	}
	E, err := decPoint(m.E[:])
	if err != nil {
		return err
	}
	if isZero(E) {
		return errors.New("deck: a sealed share under the identity (anyone could open it)")
	}
	var D *point
	if m.To == d.me {
		D, o.unsealed[m.Party] = d.unseal(mul(d.y, E), m)
	}
	o.sealed[m.Party][m.To] = m
	switch {
	case m.To != d.me:
	case D == nil:
		o.bad[m.Party] = true
	case o.d[m.Party] == nil:
		o.d[m.Party] = D
	}
	return nil
}

func (d *Deck) makeAccuse(pos, sender int) (*AccuseMsg, error) {
	E, _ := decPoint(d.opens[pos].sealed[sender][d.me].E[:]) // checked when taken
	K := mul(d.y, E)
	pf, err := proveDLEQ(d.rnd, accuseContext(d.id, d.me, sender, pos), d.y, d.Y[d.me], E, K)
	if err != nil {
		return nil, err
	}
	return &AccuseMsg{Party: d.me, Sender: sender, Pos: pos, K: [pointLen]byte(encPoint(K)), Proof: [proofLen]byte(pf.encode())}, nil
}

// applyAccuse settles an accusation in public: the disclosed DH point
// (proven by DLEQ) opens the one envelope for everyone; a wrong share in
// it names its sender, a valid one the accuser. Either way the accusation
// is taken and the cheat recorded; the card stays closed to the accuser
// until the sender's key is public (the takeover).
func (d *Deck) applyAccuse(m *AccuseMsg) error {
	if d.Phase() != PhaseReady || m.Pos < 0 || m.Pos >= d.cards || d.opens[m.Pos] == nil ||
		m.Sender < 0 || m.Sender >= d.n || m.Sender == m.Party {
		return ErrNotNow
	}
	o := d.opens[m.Pos]
	s := o.sealed[m.Sender][m.Party]
	if s == nil {
		return ErrNotNow
	}
	if old := o.accused[m.Sender][m.Party]; old != nil {
		return cheat(m.Party, "two different accusations", old, m)
	}
	K, pf, err := decPointProof(m.K, m.Proof)
	if err != nil {
		return err
	}
	E, _ := decPoint(s.E[:])
	if !verifyDLEQ(accuseContext(d.id, m.Party, m.Sender, m.Pos), pf, d.Y[m.Party], E, K) {
		return cheat(m.Party, "an accusation with a false shared key", m)
	}
	o.accused[m.Sender][m.Party] = m
	if d.openSealed(K, s) != nil {
		d.cheats = append(d.cheats, cheat(m.Party, fmt.Sprintf("a false accusation of a valid sealed share of card %d", m.Pos), s, m))
		return nil
	}
	o.wrong[m.Sender][m.Party] = true
	d.cheats = append(d.cheats, cheat(m.Sender, fmt.Sprintf("a wrong sealed share of card %d for party %d (it does not open or its DLEQ proof fails)", m.Pos, m.Party), s, m))
	return nil
}

// auditSealed opens, with the revealed escrow keys, every sealed share that
// no accusation settled: a wrong one names its sender (its recipient kept
// quiet about it).
func (d *Deck) auditSealed(pos int, o *opening) []*CheatError {
	var out []*CheatError
	for i, row := range o.sealed {
		for j, s := range row {
			if s == nil || o.accused[i][j] != nil || d.escrowKey[j] == nil {
				continue
			}
			E, _ := decPoint(s.E[:])
			if d.openSealed(mul(d.escrowKey[j], E), s) == nil {
				out = append(out, cheat(i, fmt.Sprintf("a wrong sealed share of card %d for party %d", pos, j), s, d.audits[j]))
			}
		}
	}
	return out
}
