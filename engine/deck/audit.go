package deck

import (
	"errors"
	"fmt"
)

// The audit at the game's end: every party reveals x and y (AuditMsg);
// a party that has left is covered by its rebuilt key. Then everybody
// recomputes every shuffle from its key, decrypts the whole deck, checks
// that it is exactly a permutation of the deck's cards, rechecks every
// decryption share (sealed ones too) and every escrow share, and names
// each cheater.

// ErrAuditWaiting: some party's key is neither revealed nor rebuilt.
var ErrAuditWaiting = errors.New("deck: audit waits for keys")

// Reveal returns this party's AuditMsg: the end of its secrets. Call it
// when the game is over.
func (d *Deck) Reveal() ([]Msg, error) {
	if d.Phase() != PhaseReady || d.me == Observer {
		return nil, ErrNotNow
	}
	if d.audits[d.me] != nil {
		return nil, nil
	}
	return d.emit(&AuditMsg{Party: d.me, X: [scalarLen]byte(encScalar(d.x)), Y: [scalarLen]byte(encScalar(d.y))})
}

func (d *Deck) applyAudit(m *AuditMsg) error {
	if d.Phase() != PhaseReady {
		return ErrNotNow
	}
	if old := d.audits[m.Party]; old != nil {
		return cheat(m.Party, "two different audit reveals", old, m)
	}
	x, err := decScalar(m.X[:])
	if err != nil {
		return err
	}
	y, err := decScalar(m.Y[:])
	if err != nil {
		return err
	}
	if !equal(mulG(x), d.X[m.Party]) || !equal(mulG(y), d.Y[m.Party]) {
		return cheat(m.Party, "revealed keys that are not its own", d.keys[m.Party], m)
	}
	d.audits[m.Party] = m
	d.escrowKey[m.Party] = y
	d.learnKey(m.Party, x)
	return nil
}

// Refused names party p for not revealing its keys at the audit when the
// game's deadline for it has passed (the caller decides when). The proof
// is its signed key and shuffle with no reveal after them in the log. With
// 3 or 4 parties, Leave(p) then lets the others rebuild its key so the
// audit still checks its shuffle.
func (d *Deck) Refused(p int) (*CheatError, error) {
	if p < 0 || p >= d.n || p == d.me {
		return nil, fmt.Errorf("deck: party %d", p)
	}
	if d.audits[p] != nil {
		return nil, fmt.Errorf("deck: party %d revealed its keys", p)
	}
	const what = "did not reveal its keys at the audit"
	for _, e := range d.cheats {
		if e.Party == p && e.What == what {
			return e, nil // named already
		}
	}
	var sh Msg
	if p < len(d.shuffles) {
		sh = d.shuffles[p]
	}
	e := cheat(p, what, nilIf(d.keys[p]), sh)
	d.cheats = append(d.cheats, e)
	return e, nil
}

// Report is the audit's result.
type Report struct {
	// Cards is the card at each position of the shuffled deck.
	Cards []int
	// Cheats is every cheat found during the game and by the audit.
	Cheats []*CheatError
}

// Audit checks the whole deck once every key is public (revealed, or
// rebuilt for a party that left). It names every shuffler whose shuffle is
// not the one its key commits to, every wrong share and escrow share.
func (d *Deck) Audit() (*Report, error) {
	if d.Phase() != PhaseReady {
		return nil, ErrNotNow
	}
	var missing []int
	for i, x := range d.secret {
		if x == nil || (i == d.me && d.audits[i] == nil && !d.gone[i]) {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%w: parties %v", ErrAuditWaiting, missing)
	}
	rep := &Report{Cheats: append([]*CheatError(nil), d.cheats...)}
	evidence := func(i int) []Msg {
		if d.audits[i] != nil {
			return []Msg{d.keys[i], d.shuffles[i], d.audits[i]}
		}
		ev := []Msg{d.keys[i], d.shuffles[i], d.escrows[i]}
		for _, r := range d.recov[i] {
			if r != nil {
				ev = append(ev, r)
			}
		}
		return ev
	}
	for k := range d.n {
		if !sameDeck(d.shuffleOf(k, d.secret[k]), d.decks[k+1]) {
			rep.Cheats = append(rep.Cheats, cheat(k, "its shuffle is not the one its key commits to (a card substituted, duplicated or dropped)", evidence(k)...))
		}
	}
	// The whole deck under the joint secret: exactly the deck's cards.
	sum := newScalar()
	for _, x := range d.secret {
		sum = addS(sum, x)
	}
	rep.Cards = make([]int, d.cards)
	seen := make([]bool, d.cards)
	perm := true
	for pos, c := range d.final() {
		card, ok := d.cardOf[[pointLen]byte(encPoint(sub(c.B, mul(sum, c.A))))]
		if !ok || seen[card] {
			card, perm = -1, false
		} else {
			seen[card] = true
		}
		rep.Cards[pos] = card
	}
	if !perm && len(rep.Cheats) == len(d.cheats) {
		return nil, errors.New("deck: the deck is no permutation of its cards yet every shuffle checks: inconsistent state")
	}
	for pos, o := range d.opens {
		for j, s := range o.sharesOrNil() {
			if s != nil && !equal(o.d[j], mul(d.secret[j], d.final()[pos].A)) {
				rep.Cheats = append(rep.Cheats, cheat(j, fmt.Sprintf("a wrong decryption share of card %d", pos), s))
			}
		}
		if o != nil {
			rep.Cheats = append(rep.Cheats, d.auditSealed(pos, o)...)
		}
	}
	for i, e := range d.escrows {
		if e == nil || d.escrowKey[i] == nil || !d.escrowOK[i] {
			continue // no escrow, its dealer left, or a complaint proved it wrong already
		}
		commits, _ := decPoints(e.Commits)
		for j := range d.n {
			if j == i {
				continue
			}
			s := unseal(mul(d.escrowKey[i], d.Y[j]), d.id, i, j, e.Commits, e.Sealed[j])
			if s == nil || !feldmanOK(commits, j, s) {
				rep.Cheats = append(rep.Cheats, cheat(i, fmt.Sprintf("a wrong escrow share for party %d", j), e, d.audits[i]))
			}
		}
	}
	return rep, nil
}

func sameDeck(a, b []ct) bool {
	for i := range a {
		if !equal(a[i].A, b[i].A) || !equal(a[i].B, b[i].B) {
			return false
		}
	}
	return len(a) == len(b)
}

func (o *opening) sharesOrNil() []*ShareMsg {
	if o == nil {
		return nil
	}
	return o.shares
}
