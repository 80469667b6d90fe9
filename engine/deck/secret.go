package deck

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// A secret (docs/p2p.md, "Secrets"): a uniform value in [0, n) that the
// two parties of its audience learn and nobody else (Catan's stolen card).
// Its audience parties A < B each draw a part r, commit R = r·G with a
// Schnorr proof and a Feldman sharing of r sealed to the other parties
// (as a deck key's escrow), then seal r to the other member (an ephemeral
// envelope, as a sealed decryption share). The value is
// SHA-512(id ‖ r_A ‖ r_B) mod n: neither member can bias it, since each
// part is committed before the member sees the other. Opening publishes
// both parts, which every party checks against R_A and R_B.
//
// The messages, in log order: A's commit; B's commit with B's part sealed
// to A; A's part sealed to B (or A's accusation of B's envelope); B's
// acknowledgement (or B's accusation of A's envelope). An accusation
// discloses the envelope's DH point with a DLEQ proof, so every party
// opens it and names who lies; a sender so named owes its part in public.
// The parties' escrow keys (Y_i, from a dealt deck) seal everything.

// Secret is one party's state of one secret, fed with the secret's
// messages in log order (its own included). A refused message leaves it
// as it was.
type Secret struct {
	d       *Deck // the dealt deck whose escrow keys seal the parts
	id      []byte
	aud     [2]int
	rnd     io.Reader
	forge   func(Msg) Msg
	commits [2]*SecretCommitMsg
	R       [2]*point
	sealed  [2]*SecretSeal // [i]: member i's part sealed to the other
	settled [2]bool        // member i's envelope acknowledged or accused
	owes    [2]bool        // member i was proved to seal a wrong part: it owes it in public
	parts   [2]*scalar     // parts known here
	public  [2]bool        // parts opened to every party
	held    [2]*scalar     // this party's escrow share of each part
	asked   bool           // an opening is asked for
	gone    [2]bool        // member i left (its seat went to the bot)
	left    []bool         // per party: left
	lost    [2]bool        // member i left during the draw: its part is rebuilt
	recov   [2][]*SecretRecoverMsg
	// A complaint about a lost part's escrow share (secretcomplaint.go):
	// [member][party] in, and proved the share wrong.
	complained, wrong [2][MaxParties]bool
	looks             []*secretLook // parties it is opened to besides its audience (secretlook.go)
	cheats            []*CheatError
}

// NewSecret starts secret id among the parties of d (whose keys are in)
// with audience a < b. A member draws its part from rnd; forge, when set,
// passes each message it makes (tests of other layers).
func NewSecret(d *Deck, id []byte, a, b int, rnd io.Reader, forge func(Msg) Msg) (*Secret, error) {
	if d.keysIn() < d.n || a < 0 || a >= b || b >= d.n {
		return nil, fmt.Errorf("deck: a secret for parties %d and %d of %d before the keys are in", a, b, d.n)
	}
	s := &Secret{d: d, id: id, aud: [2]int{a, b}, rnd: rnd, forge: forge, left: make([]bool, d.n)}
	s.recov = [2][]*SecretRecoverMsg{make([]*SecretRecoverMsg, d.n), make([]*SecretRecoverMsg, d.n)}
	if i := s.member(d.me); i >= 0 {
		r, err := randScalar(rnd, newTranscript("tabula/deck/secret-part/v1").bytes(id).int(d.me))
		if err != nil {
			return nil, err
		}
		s.parts[i] = r
	}
	return s, nil
}

// member is party p's index in the audience, or -1.
func (s *Secret) member(p int) int {
	switch p {
	case s.aud[0]:
		return 0
	case s.aud[1]:
		return 1
	}
	return -1
}

// Audience is the secret's two parties.
func (s *Secret) Audience() [2]int { return s.aud }

// Ask asks for the secret to be opened to every party.
func (s *Secret) Ask() { s.asked = true }

// Due is the party whose message the secret waits for.
func (s *Secret) Due() (int, bool) {
	switch {
	case s.commits[0] == nil:
		return s.aud[0], true
	case s.commits[1] == nil:
		return s.aud[1], true
	}
	if p, ok := s.rebuildDue(); ok || s.lost[0] || s.lost[1] {
		return p, ok
	}
	for i := range 2 {
		if s.owes[i] && !s.public[i] {
			return s.aud[i], true
		}
	}
	switch {
	case s.sealed[0] == nil && !s.settled[1]:
		return s.aud[0], true // seals its part, or accuses B's envelope
	case s.sealed[0] == nil:
		return s.aud[0], true // accused falsely: still owes its envelope
	case !s.settled[0]:
		return s.aud[1], true
	}
	if _, p, ok := s.lookDue(); ok {
		return p, true
	}
	switch {
	case s.asked && !s.Opened() && s.gone[0]:
		return s.aud[1], true
	case s.asked && !s.Opened():
		return s.aud[0], true
	}
	return 0, false
}

// Ready reports whether the value is drawn: every message of the draw is
// in (the audience knows it, the others know it is fixed).
func (s *Secret) Ready() bool {
	return s.Opened() || s.Drawn() && !s.lost[0] && !s.lost[1]
}

// Opened reports whether both parts are public.
func (s *Secret) Opened() bool { return s.public[0] && s.public[1] }

// Value is the secret in [0, n) when this party knows both parts.
func (s *Secret) Value(n int) (int, bool) {
	if s.parts[0] == nil || s.parts[1] == nil || !s.Ready() {
		return 0, false
	}
	return secretValue(s.id, s.parts[0], s.parts[1], n), true
}

// secretValue is the first 8 bytes of SHA-512 over id and both parts,
// mod n (n ≤ a few hundred: the bias is below 2⁻⁵⁰).
func secretValue(id []byte, a, b *scalar, n int) int {
	h := newTranscript("tabula/deck/secret-value/v1").bytes(id).bytes(encScalar(a)).bytes(encScalar(b)).sum()
	return int(binary.BigEndian.Uint64(h[:8]) % uint64(n))
}

// Cheats is every cheat the secret proved.
func (s *Secret) Cheats() []*CheatError { return s.cheats }

func (s *Secret) partContext(p int, R *point) *transcript {
	return newTranscript("tabula/deck/secret-commit/v1").bytes(s.id).int(p).points(R)
}

func (s *Secret) sealInfo(from, to int) func(E []byte) *transcript {
	return func(E []byte) *transcript {
		return newTranscript("tabula/deck/secret-seal/v1").bytes(s.id).int(from).int(to).bytes(E)
	}
}

func (s *Secret) sealTo(i int) (*SecretSeal, error) {
	to := s.aud[1-i]
	nt := newTranscript("tabula/deck/secret-ephemeral/v1").bytes(s.id).int(to).bytes(encScalar(s.parts[i]))
	E, ct, err := sealEphemeral(s.rnd, nt, s.d.Y[to], s.sealInfo(s.aud[i], to), encScalar(s.parts[i]))
	if err != nil {
		return nil, err
	}
	out := &SecretSeal{To: to, E: E}
	copy(out.Sealed[:], ct)
	return out, nil
}

// openSeal opens member i's envelope with DH point K: the part, or nil
// when it does not open or is not the committed one.
func (s *Secret) openSeal(i int, K *point) *scalar {
	sl := s.sealed[i]
	aead := aeadFor(K, s.sealInfo(s.aud[i], sl.To)(sl.E[:]))
	b, err := aead.Open(nil, make([]byte, aead.NonceSize()), sl.Sealed[:], nil)
	if err != nil {
		return nil
	}
	r, err := decScalar(b)
	if err != nil || !equal(mulG(r), s.R[i]) {
		return nil
	}
	return r
}

// Make is this party's message the secret waits for (Due says it is ours).
func (s *Secret) Make() (Msg, error) {
	p, ok := s.Due()
	me := s.d.me
	i := s.member(me)
	if !ok || p != me {
		return nil, ErrNotNow
	}
	var m Msg
	var err error
	m, err = s.makeRecover() // a share of a departed member's part
	if lk, _, look := s.lookDue(); err == ErrNotNow && look {
		m, err = s.makeLook(lk)
	} else if err == ErrNotNow {
		m, err = s.make(i)
	}
	if err != nil {
		return nil, err
	}
	if s.forge != nil {
		m = s.forge(m)
	}
	return m, nil
}

func (s *Secret) make(i int) (Msg, error) {
	me := s.d.me
	if i < 0 {
		return nil, ErrNotNow
	}
	switch {
	case s.commits[i] == nil:
		R := mulG(s.parts[i])
		pf, err := proveDLEQ(s.rnd, s.partContext(me, R), s.parts[i], R, nil, nil)
		if err != nil {
			return nil, err
		}
		m := &SecretCommitMsg{Party: me, R: [pointLen]byte(encPoint(R)), Proof: [proofLen]byte(pf.encode())}
		if Threshold(s.d.n) > 0 {
			nt := newTranscript("tabula/deck/secret-poly/v1").bytes(s.id).bytes(encScalar(s.parts[i]))
			if m.Commits, m.Shares, err = s.d.shareOut(s.id, s.parts[i], s.rnd, nt); err != nil {
				return nil, err
			}
		}
		if i == 1 {
			if m.Seal, err = s.sealTo(1); err != nil {
				return nil, err
			}
		}
		return m, nil
	case s.lost[1-i] || s.owes[i] || s.asked && s.settled[0] && s.settled[1]:
		m := &SecretOpenMsg{Party: me}
		for k := range 2 {
			if s.parts[k] != nil && (k == i || !s.owes[i]) {
				m.Has |= 1 << k
				m.Parts[k] = [scalarLen]byte(encScalar(s.parts[k]))
			}
		}
		return m, nil
	case s.parts[1-i] == nil && s.sealed[1-i] != nil && !s.settled[1-i]:
		return s.accuse(i)
	case i == 0:
		sl, err := s.sealTo(0)
		if err != nil {
			return nil, err
		}
		return &SecretSealMsg{Party: me, SecretSeal: *sl}, nil
	}
	return &SecretAckMsg{Party: me}, nil
}

func (s *Secret) accuseContext(p, sender int) *transcript {
	return newTranscript("tabula/deck/secret-accuse/v1").bytes(s.id).int(p).int(sender)
}

func (s *Secret) accuse(i int) (Msg, error) {
	me, sender := s.d.me, s.aud[1-i]
	E, _ := decPoint(s.sealed[1-i].E[:]) // checked when taken
	K := mul(s.d.y, E)
	pf, err := proveDLEQ(s.rnd, s.accuseContext(me, sender), s.d.y, s.d.Y[me], E, K)
	if err != nil {
		return nil, err
	}
	return &SecretAccuseMsg{Party: me, Sender: sender, K: [pointLen]byte(encPoint(K)), Proof: [proofLen]byte(pf.encode())}, nil
}

// Receive takes the secret's next message (the log's order; Due says
// whose). A lie is a *CheatError and changes nothing, except a settled
// accusation, which is taken and recorded in Cheats.
func (s *Secret) Receive(m Msg) error {
	if isNil(m) {
		return errors.New("deck: nil message")
	}
	p, ok := s.Due()
	if !ok || m.From() != p {
		return ErrNotNow
	}
	i := s.member(p)
	switch m := m.(type) {
	case *SecretRecoverMsg:
		return s.applyRecover(m)
	case *ComplaintMsg:
		return s.applyComplaint(m)
	}
	if lk, _, ok := s.lookDue(); ok {
		return s.receiveLook(lk, p, m)
	}
	if i < 0 {
		return ErrNotNow
	}
	switch m := m.(type) {
	case *SecretCommitMsg:
		if s.commits[i] != nil {
			return ErrNotNow
		}
		return s.applyCommit(i, m)
	case *SecretSealMsg:
		if i != 0 || s.sealed[0] != nil || s.owes[0] || s.commits[1] == nil {
			return ErrNotNow
		}
		if m.To != s.aud[1] {
			return fmt.Errorf("deck: secret envelope for party %d, not the other member", m.To)
		}
		if err := s.takeSeal(0, &m.SecretSeal); err != nil {
			return err
		}
		s.settled[1] = true // A seals only after B's envelope opened for it
		return nil
	case *SecretAccuseMsg:
		return s.applyAccuse(i, m)
	case *SecretAckMsg:
		if i != 1 || s.sealed[0] == nil || s.settled[0] {
			return ErrNotNow
		}
		s.settled[0] = true
		return nil
	case *SecretOpenMsg:
		return s.applyOpen(i, m)
	}
	return ErrNotNow
}

func (s *Secret) applyCommit(i int, m *SecretCommitMsg) error {
	R, pf, err := decPointProof(m.R, m.Proof)
	if err != nil {
		return err
	}
	t := Threshold(s.d.n)
	switch {
	case isZero(R):
		return cheat(m.Party, "a secret part that is the identity", m)
	case !verifyDLEQ(s.partContext(m.Party, R), pf, R, nil, nil):
		return cheat(m.Party, "a secret part without a valid proof of knowledge", m)
	case len(m.Commits) != t || t > 0 && (len(m.Shares) != s.d.n || m.Commits[0] != m.R) || t == 0 && len(m.Shares) != 0:
		return cheat(m.Party, "a secret part whose escrow does not commit to it", m)
	case (m.Seal != nil) != (i == 1) || m.Seal != nil && m.Seal.To != s.aud[0]:
		return fmt.Errorf("deck: secret commitment of member %d with a wrong envelope", i)
	case i == 1 && m.R == s.commits[0].R:
		return cheat(m.Party, "a secret part copied from the other member", m)
	}
	if m.Seal != nil {
		if E, err := decPoint(m.Seal.E[:]); err != nil || isZero(E) {
			return errors.New("deck: a secret envelope under the identity")
		}
	}
	if t > 0 && m.Party != s.d.me && s.d.me != Observer {
		s.held[i] = s.d.heldShare(s.id, m.Party, m.Commits, m.Shares[s.d.me])
	}
	s.commits[i], s.R[i] = m, R
	if m.Seal != nil {
		s.takeSeal(1, m.Seal)
	}
	return nil
}

// takeSeal keeps member i's envelope; its recipient opens it.
func (s *Secret) takeSeal(i int, sl *SecretSeal) error {
	E, err := decPoint(sl.E[:])
	if err != nil || isZero(E) {
		return errors.New("deck: a secret envelope under the identity")
	}
	s.sealed[i] = sl
	if sl.To == s.d.me && s.parts[i] == nil {
		s.parts[i] = s.openSeal(i, mul(s.d.y, E))
	}
	return nil
}

func (s *Secret) applyAccuse(i int, m *SecretAccuseMsg) error {
	j := 1 - i // the accused member
	if i < 0 || m.Sender != s.aud[j] || s.sealed[j] == nil || s.settled[j] {
		return ErrNotNow
	}
	if i == 0 && s.sealed[0] != nil || i == 1 && s.sealed[0] == nil {
		return ErrNotNow // A accuses in place of its envelope, B in place of its acknowledgement
	}
	K, pf, err := decPointProof(m.K, m.Proof)
	if err != nil {
		return err
	}
	E, _ := decPoint(s.sealed[j].E[:])
	if !verifyDLEQ(s.accuseContext(m.Party, m.Sender), pf, s.d.Y[m.Party], E, K) {
		return cheat(m.Party, "an accusation with a false shared key", m)
	}
	s.settled[j] = true
	if r := s.openSeal(j, K); r != nil {
		// The envelope was good: it is public now, and the accuser lied.
		s.parts[j], s.public[j] = r, true
		s.cheats = append(s.cheats, cheat(m.Party, "a false accusation of a valid secret envelope", s.commits[j], m))
		return nil
	}
	s.owes[j] = true
	ev := []Msg{s.commits[j], m}
	if j == 0 {
		ev = []Msg{s.commits[0], &SecretSealMsg{Party: s.aud[0], SecretSeal: *s.sealed[0]}, m}
	}
	s.cheats = append(s.cheats, cheat(s.aud[j], "a secret envelope that does not open to its committed part", ev...))
	return nil
}

func (s *Secret) applyOpen(i int, m *SecretOpenMsg) error {
	if i < 0 || m.Has == 0 || m.Has > 3 {
		return ErrNotNow
	}
	if err := s.CheckOpen(m); err != nil {
		return err
	}
	for k := range 2 {
		if m.Has&(1<<k) != 0 {
			s.parts[k], _ = decScalar(m.Parts[k][:])
			s.public[k] = true
		}
	}
	s.owes[i] = false
	return nil
}

// CheckOpen checks, changing nothing, that m publishes the committed
// parts; a lie is a *CheatError naming its sender.
func (s *Secret) CheckOpen(m *SecretOpenMsg) error {
	if s.member(m.Party) < 0 && (m.Has != 3 || !s.Knows(m.Party)) {
		return fmt.Errorf("deck: party %d opens a secret it is not in", m.Party)
	}
	for k := range 2 {
		if m.Has&(1<<k) == 0 {
			continue
		}
		r, err := decScalar(m.Parts[k][:])
		if err != nil {
			return err
		}
		if s.R[k] == nil || !equal(mulG(r), s.R[k]) {
			return cheat(m.Party, fmt.Sprintf("opened part %d of a secret as other than its commitment", k), s.commits[k], m)
		}
	}
	return nil
}

// Opening is this party's opening of both parts (an audience member or a
// looker that knows them), for a show.
func (s *Secret) Opening() (*SecretOpenMsg, error) {
	if !s.Knows(s.d.me) || s.parts[0] == nil || s.parts[1] == nil || !s.Ready() {
		return nil, ErrNotNow
	}
	var m Msg = &SecretOpenMsg{Party: s.d.me, Has: 3, Parts: [2][scalarLen]byte{[scalarLen]byte(encScalar(s.parts[0])), [scalarLen]byte(encScalar(s.parts[1]))}}
	if s.forge != nil {
		m = s.forge(m)
	}
	om, _ := m.(*SecretOpenMsg)
	if om == nil {
		return nil, errors.New("deck: forged opening is no opening")
	}
	return om, nil
}

// Show takes an opening that travelled in a show (checked first with
// CheckOpen): both parts become public.
func (s *Secret) Show(m *SecretOpenMsg) error {
	if m.Has != 3 || !s.Ready() {
		return ErrNotNow
	}
	if err := s.CheckOpen(m); err != nil {
		return err
	}
	for k := range 2 {
		s.parts[k], _ = decScalar(m.Parts[k][:])
		s.public[k] = true
	}
	return nil
}

// PublicValue is the value once both parts are public.
func (s *Secret) PublicValue(n int) (int, bool) {
	if !s.Opened() {
		return 0, false
	}
	return secretValue(s.id, s.parts[0], s.parts[1], n), true
}

// OpenedValue is the value an opening m gives (checked with CheckOpen).
func (s *Secret) OpenedValue(m *SecretOpenMsg, n int) int {
	a, _ := decScalar(m.Parts[0][:])
	b, _ := decScalar(m.Parts[1][:])
	return secretValue(s.id, a, b, n)
}
