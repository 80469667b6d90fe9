package p2p

import (
	"fmt"
	"maps"
	"slices"

	"tabula/engine/deck"
)

// dealt is what the log holds of one deck's messages, so that every
// device agrees on whose deck message comes next. (A device's own deck
// runs ahead of the log: it takes its own messages as it makes them.)
type dealt struct {
	n        int
	keys     []bool
	escrows  []bool
	shuffles int
	opens    map[int]*dealtOpen // by position
	// owing are the positions whose shares may still be owed (due looks
	// only at these, so a long game does not scan every card opened).
	owing  []int
	audits []bool
	// A party that left (its seat taken over): its escrow shares in the
	// log ([leaver][party]), and the positions opened to all once every
	// holder's key was rebuilt (a "left" entry).
	gone   []bool
	recov  [][]bool
	public map[int]bool
	// Complaints in the log ([dealer][party]), and the escrow shares they
	// proved wrong: such a party owes no share of the dealer's key.
	complained [][]bool
	wrong      [][]bool
}

// dealtOpen is a card asked to be opened: its audience (nil: every
// party) and the shares in the log.
type dealtOpen struct {
	aud    []bool
	shares []bool
	sealed [][]bool // [from][to]
	// A look (the audience grew, deck/look.go): each sealed share's
	// answer in the log ([from][to]), and the members an accusation proved
	// wrong, waited on until they leave (their keys then open the card).
	grew     bool
	answered [][]bool
	stall    []bool
	// widened is the audience of a look opened to all because a member
	// left (look.go): its cards are shown to all by a left entry then.
	widened []bool
}

// clone is a copy of t that changes apart from it.
func (t *dealt) clone() *dealt {
	c := *t
	c.keys, c.escrows, c.audits, c.gone = slices.Clone(t.keys), slices.Clone(t.escrows), slices.Clone(t.audits), slices.Clone(t.gone)
	c.owing = slices.Clone(t.owing)
	c.recov, c.complained, c.wrong = cloneRows(t.recov), cloneRows(t.complained), cloneRows(t.wrong)
	c.public = maps.Clone(t.public)
	c.opens = make(map[int]*dealtOpen, len(t.opens))
	for pos, o := range t.opens {
		oc := *o
		oc.aud, oc.shares, oc.stall, oc.widened = slices.Clone(o.aud), slices.Clone(o.shares), slices.Clone(o.stall), slices.Clone(o.widened)
		oc.sealed, oc.answered = cloneRows(o.sealed), cloneRows(o.answered)
		c.opens[pos] = &oc
	}
	return &c
}

func cloneRows(rows [][]bool) [][]bool {
	out := make([][]bool, len(rows))
	for i, r := range rows {
		out[i] = slices.Clone(r)
	}
	return out
}

func newDealt(n int) *dealt {
	t := &dealt{n: n, keys: make([]bool, n), escrows: make([]bool, n), opens: map[int]*dealtOpen{}, audits: make([]bool, n),
		gone: make([]bool, n), recov: make([][]bool, n), public: map[int]bool{}, complained: make([][]bool, n), wrong: make([][]bool, n)}
	for i := range t.recov {
		t.recov[i], t.complained[i], t.wrong[i] = make([]bool, n), make([]bool, n), make([]bool, n)
	}
	return t
}

// rebuilt: party l left and enough escrow shares of its key are in.
func (t *dealt) rebuilt(l int) bool {
	k := 0
	for _, ok := range t.recov[l] {
		if ok {
			k++
		}
	}
	return t.gone[l] && k >= deck.Threshold(t.n)
}

// owesRecovery: party i owes its escrow share of a departed key.
func (t *dealt) owesRecovery(i int) bool {
	for l := range t.n {
		if t.gone[l] && !t.rebuilt(l) && !t.gone[i] && i != l && !t.recov[l][i] && !t.wrong[l][i] {
			return true
		}
	}
	return false
}

// open records that the card at pos is opened to aud (nil: every party).
func (t *dealt) open(pos int, aud []int) {
	o := t.opens[pos]
	if o == nil {
		o = &dealtOpen{shares: make([]bool, t.n), sealed: make([][]bool, t.n), answered: make([][]bool, t.n), stall: make([]bool, t.n)}
		for i := range o.sealed {
			o.sealed[i], o.answered[i] = make([]bool, t.n), make([]bool, t.n)
		}
		t.opens[pos] = o
	} else if aud != nil && o.aud != nil && slices.ContainsFunc(aud, func(p int) bool { return !o.aud[p] }) {
		o.grew = true // opened to more parties: a look
	}
	if !slices.Contains(t.owing, pos) {
		t.owing = append(t.owing, pos)
	}
	if aud == nil {
		o.aud = nil
		return
	}
	o.aud = make([]bool, t.n)
	for _, p := range aud {
		o.aud[p] = true
	}
}

func (o *dealtOpen) all() bool { return o.aud == nil }

// owes tells whether party i owes a message for the card: its public share
// (outside the audience, or the audience is everyone), or its sealed share
// to another member.
func (o *dealtOpen) owes(i int, gone []bool) bool {
	if gone[i] {
		return false // its shares come from its rebuilt key
	}
	if o.all() || !o.aud[i] {
		return !o.shares[i]
	}
	if o.stall[i] {
		return true // proved to have sealed a wrong share: it owes the card
	}
	for j := range o.aud {
		if o.grew && o.sealed[j][i] && !o.answered[j][i] {
			return true // the looker answers each sealed share
		}
	}
	if o.shares[i] {
		return false
	}
	for j, in := range o.aud {
		if in && j != i && !gone[j] && !o.sealed[i][j] {
			return true
		}
	}
	return false
}

// due is the party whose message the deck waits for: in the deal, the
// first without a key, then without an escrow (3–4 parties), then the
// next shuffler; then the first party owing a share of an opened card.
func (t *dealt) due() (int, bool) {
	for i, ok := range t.keys {
		if !ok {
			return i, true
		}
	}
	if deck.Threshold(t.n) > 0 {
		for i, ok := range t.escrows {
			if !ok {
				return i, true
			}
		}
	}
	if t.shuffles < t.n {
		return t.shuffles, true
	}
	// A card nobody owes anything for stays so until it is opened to more
	// parties (open puts it back): drop it.
	t.owing = slices.DeleteFunc(t.owing, func(pos int) bool {
		for i := range t.n {
			if t.opens[pos].owes(i, t.gone) {
				return false
			}
		}
		return true
	})
	for i := range t.n {
		if t.owesRecovery(i) {
			return i, true
		}
		for _, pos := range t.owing {
			if t.opens[pos].owes(i, t.gone) {
				return i, true
			}
		}
	}
	return 0, false
}

// ready: the deck is dealt.
func (t *dealt) ready() bool {
	for i := range t.n {
		if !t.keys[i] || deck.Threshold(t.n) > 0 && !t.escrows[i] {
			return false
		}
	}
	return t.shuffles == t.n
}

// fits tells whether m is a message the deck waits for from party p now.
func (t *dealt) fits(p int, m deck.Msg) error {
	ok := false
	switch m := m.(type) {
	case *deck.KeyMsg:
		ok = !t.keys[p]
	case *deck.EscrowMsg:
		ok = !t.escrows[p] && allTrue(t.keys)
	case *deck.ShuffleMsg:
		ok = t.shuffles == p && allTrue(t.keys) && (deck.Threshold(t.n) == 0 || allTrue(t.escrows))
	case *deck.ComplaintMsg:
		// A party whose escrow share of another's key fails its
		// commitments complains at its turn to shuffle, before it
		// shuffles: every escrow is in by then and the log waits on that
		// party alone, so the complaint has a place every device agrees
		// on and an honest log holds none.
		ok = t.shuffles == p && allTrue(t.keys) && deck.Threshold(t.n) > 0 && allTrue(t.escrows) &&
			m.Dealer >= 0 && m.Dealer < t.n && m.Dealer != p && !t.complained[m.Dealer][p]
	case *deck.ShareMsg:
		o := t.opens[m.Pos]
		ok = o != nil && !o.shares[p] && (o.all() || !o.aud[p])
	case *deck.SealedShareMsg:
		o := t.opens[m.Pos]
		ok = o != nil && m.To >= 0 && m.To < t.n && !o.all() && o.aud[p] && o.aud[m.To] && m.To != p && !o.sealed[p][m.To]
	case *deck.AckMsg:
		o := t.opens[m.Pos]
		ok = o != nil && !o.all() && o.grew && m.Sender >= 0 && m.Sender < t.n && o.sealed[m.Sender][p] && !o.answered[m.Sender][p]
	case *deck.AccuseMsg:
		o := t.opens[m.Pos]
		ok = o != nil && !o.all() && o.grew && m.Sender >= 0 && m.Sender < t.n && o.sealed[m.Sender][p] && !o.answered[m.Sender][p]
	case *deck.AuditMsg:
		ok = !t.audits[p]
	case *deck.RecoverMsg:
		l := m.Leaver
		ok = l >= 0 && l < t.n && t.gone[l] && !t.rebuilt(l) && !t.gone[p] && p != l && !t.recov[l][p]
	}
	if !ok {
		return fmt.Errorf("%w: the deck does not wait for party %d's %T now", ErrOutOfTurn, p, m)
	}
	return nil
}

// took records m, taken by the deck.
func (t *dealt) took(p int, m deck.Msg) {
	switch m := m.(type) {
	case *deck.KeyMsg:
		t.keys[p] = true
	case *deck.EscrowMsg:
		t.escrows[p] = true
	case *deck.ShuffleMsg:
		t.shuffles++
	case *deck.ComplaintMsg:
		t.complained[m.Dealer][p] = true
	case *deck.ShareMsg:
		t.opens[m.Pos].shares[p] = true
	case *deck.SealedShareMsg:
		t.opens[m.Pos].sealed[p][m.To] = true
	case *deck.AckMsg:
		t.opens[m.Pos].answered[m.Sender][p] = true
	case *deck.AccuseMsg:
		t.opens[m.Pos].answered[m.Sender][p] = true
	case *deck.AuditMsg:
		t.audits[p] = true
	case *deck.RecoverMsg:
		t.recov[m.Leaver][p] = true
	}
}

// leftCards is every opened position whose every member either left with
// its key rebuilt or has its share public (a looker's went out when the
// card was its holder's alone), one at least having left, and which is
// not yet opened to all by a "left" entry, ascending: every device can now
// read it, so it is shown to all.
func (t *dealt) leftCards() []int {
	if !slices.Contains(t.gone, true) {
		return nil
	}
	var out []int
	for pos := 0; pos < deck.MaxCards; pos++ {
		o := t.opens[pos]
		if o == nil || t.public[pos] {
			continue
		}
		if o.all() {
			if o.widened != nil {
				out = append(out, pos)
			}
			continue
		}
		all, left := true, false
		for p, in := range o.aud {
			all = all && (!in || t.rebuilt(p) || o.shares[p])
			left = left || in && t.rebuilt(p)
		}
		if all && left {
			out = append(out, pos)
		}
	}
	return out
}

// owedBy is the first of msgs that the deck waits for from party p.
func (t *dealt) owedBy(p int, msgs []deck.Msg) (deck.Msg, bool) {
	for _, m := range msgs {
		if t.fits(p, m) == nil {
			return m, true
		}
	}
	return nil, false
}

// shareRun is first, a public share party p owes, and the further public
// shares of other cards in msgs that p owes now, up to runShares: they
// go in one deck entry (sealed.go), which spares every device an entry's
// signature, hop and wait per card of a draw.
func (t *dealt) shareRun(p int, first *deck.ShareMsg, msgs []deck.Msg) []deck.Msg {
	out := []deck.Msg{first}
	for _, m := range msgs {
		if len(out) >= runShares {
			break
		}
		sm, ok := m.(*deck.ShareMsg)
		if ok && t.fits(p, sm) == nil && !slices.ContainsFunc(out, func(o deck.Msg) bool { return o.(*deck.ShareMsg).Pos == sm.Pos }) {
			out = append(out, sm)
		}
	}
	return out
}

func allTrue(bs []bool) bool {
	for _, b := range bs {
		if !b {
			return false
		}
	}
	return true
}
