package deck

import "fmt"

// Shuffle: in party order, each party permutes the deck and re-randomises
// every ciphertext, (A, B) → (A + r·G, B + r·H). Its permutation and every
// r come from a seed derived from its deck key x, so X = x·G already
// commits to them: the audit (x revealed) or a departed party's rebuilt
// key lets anyone recompute the shuffle, and a mismatch names the
// shuffler with its own message as the proof. No zero-knowledge shuffle
// proof is made: a substitution is caught at the audit, not at once.

func shuffleSeed(deckID []byte, party int, x *scalar) []byte {
	h := newTranscript("tabula/deck/shuffle-seed/v1").bytes(deckID).int(party).bytes(encScalar(x)).sum()
	return h[:]
}

// shuffle is party's shuffle of in under the joint key H.
func shuffle(in []ct, H *point, seed []byte) []ct {
	g := newPRG(seed, "tabula/deck/shuffle/v1")
	perm := permutation(g, len(in))
	out := make([]ct, len(in))
	for k, from := range perm {
		r := g.scalar()
		out[k] = ct{add(in[from].A, mulG(r)), add(in[from].B, mul(r, H))}
	}
	return out
}

// permutation is a uniform permutation of n drawn from g (Fisher–Yates):
// position k of the output takes input perm[k].
func permutation(g *prg, n int) []int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := g.intn(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	return perm
}

func encDeck(cs []ct) []Ciphertext {
	out := make([]Ciphertext, len(cs))
	for i, c := range cs {
		copy(out[i][:pointLen], encPoint(c.A))
		copy(out[i][pointLen:], encPoint(c.B))
	}
	return out
}

// shuffleOf is party's shuffle under key x of the deck it received.
func (d *Deck) shuffleOf(party int, x *scalar) []ct {
	return shuffle(d.decks[party], d.H, shuffleSeed(d.id, party, x))
}

// made is a shuffle this deck computed itself (its own, or a departed
// party's), kept beside its message so that applying it decodes nothing.
type made struct {
	m   *ShuffleMsg
	out []ct
}

func (d *Deck) makeShuffle() (*ShuffleMsg, error) {
	out := d.shuffleOf(d.me, d.x)
	m := &ShuffleMsg{Party: d.me, Out: encDeck(out)}
	d.made = &made{m, out}
	return m, nil
}

// stepForDeparted shuffles for a departed party whose key was rebuilt
// before its turn: its shuffle is a function of its key, so every party
// computes the same one.
func (d *Deck) stepForDeparted() error {
	for d.Phase() == PhaseShuffle {
		k := len(d.shuffles)
		if !d.gone[k] || d.secret[k] == nil {
			return nil
		}
		out := d.shuffleOf(k, d.secret[k])
		m := &ShuffleMsg{Party: k, Out: encDeck(out)}
		d.made = &made{m, out}
		if err := d.applyShuffle(m); err != nil {
			return err
		}
	}
	return nil
}

func (d *Deck) applyShuffle(m *ShuffleMsg) error {
	if d.Phase() != PhaseShuffle || m.Party != len(d.shuffles) {
		if m.Party < len(d.shuffles) {
			return cheat(m.Party, "two different shuffles", d.shuffles[m.Party], m)
		}
		return ErrNotNow
	}
	if len(m.Out) != d.cards {
		return cheat(m.Party, fmt.Sprintf("a shuffle of %d cards, not %d", len(m.Out), d.cards), m)
	}
	if d.made != nil && d.made.m == m {
		d.shuffles = append(d.shuffles, m)
		d.decks = append(d.decks, d.made.out)
		d.made = nil
		return nil
	}
	out := make([]ct, d.cards)
	seen := make(map[[pointLen]byte]bool, d.cards)
	for i, c := range m.Out {
		A, err := decPoint(c[:pointLen])
		if err != nil {
			return err
		}
		B, err := decPoint(c[pointLen:])
		if err != nil {
			return err
		}
		// An honest re-randomisation never repeats A or leaves it O; a
		// repeated A would let a public opening of one card open the other.
		a := [pointLen]byte(c[:pointLen])
		if isZero(A) || seen[a] {
			return cheat(m.Party, "a shuffle with a repeated or trivial ciphertext", m)
		}
		seen[a] = true
		out[i] = ct{A, B}
	}
	d.shuffles = append(d.shuffles, m)
	d.decks = append(d.decks, out)
	return nil
}
