package deck

// What the deck waits for, and on whom.

// Phase is where the deck is.
type Phase int

const (
	PhaseKeys    Phase = iota // waiting for every party's key
	PhaseEscrow               // waiting for every party's escrow (3–4 parties)
	PhaseShuffle              // parties shuffle in turn
	PhaseReady                // cards can be opened
)

func (p Phase) String() string {
	return [...]string{"keys", "escrow", "shuffle", "ready"}[p]
}

// Phase is the deck's phase.
func (d *Deck) Phase() Phase {
	switch {
	case d.keysIn() < d.n:
		return PhaseKeys
	case d.escrowing() && d.escrowsIn() < d.n:
		return PhaseEscrow
	case len(d.shuffles) < d.n:
		return PhaseShuffle
	}
	return PhaseReady
}

// Waiting lists the parties the deck waits on (in party order) and for
// what: a key, an escrow, a shuffle, a share of a card to open, a share to
// rebuild a departed party's key.
func (d *Deck) Waiting() (Phase, []int) {
	ph := d.Phase()
	var who []int
	switch ph {
	case PhaseKeys:
		for i, k := range d.keys {
			if k == nil {
				who = append(who, i)
			}
		}
	case PhaseEscrow:
		for i, e := range d.escrows {
			if e == nil {
				who = append(who, i)
			}
		}
	case PhaseShuffle:
		if k := len(d.shuffles); !d.gone[k] {
			who = []int{k}
		} else {
			for i := range d.n {
				if d.owesRecovery(i) {
					who = append(who, i)
				}
			}
		}
	case PhaseReady:
		for i := range d.n {
			if d.waitsOn(i) {
				who = append(who, i)
			}
		}
	}
	return ph, who
}

func (d *Deck) waitsOn(i int) bool {
	for _, o := range d.opens {
		if o == nil || d.gone[i] {
			continue
		}
		if d.owes(o, i) && o.d[i] == nil {
			return true
		}
		for j := range d.n {
			if d.sealedDue(o, i, j) && (o.sealed[i][j] == nil || o.wrong[i][j]) {
				return true
			}
		}
	}
	return d.owesRecovery(i)
}

// owesRecovery tells whether a departed party's key waits on party i's
// escrow share.
func (d *Deck) owesRecovery(i int) bool {
	for l := range d.n {
		if d.gone[l] && d.secret[l] == nil && !d.gone[i] && i != l && d.recov[l][i] == nil {
			return true
		}
	}
	return false
}

func (d *Deck) keysIn() int    { return count(d.keys) }
func (d *Deck) escrowsIn() int { return count(d.escrows) }

func count[T any](s []*T) int {
	k := 0
	for _, v := range s {
		if v != nil {
			k++
		}
	}
	return k
}
