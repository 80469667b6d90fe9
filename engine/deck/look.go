package deck

import "fmt"

// A look: a card opened to some parties is opened to one more (the Spy of
// Cities & Knights looks at a hand). Open or OpenAmong with the larger
// audience; the parties outside it published their shares already, so
// what is new is each old member's share sealed to the new member (as
// for any card opened among parties, among.go). Its recipient alone can
// check it, so in a look it answers every sealed share it receives: an
// acknowledgement (AckMsg) when it opens to a share whose DLEQ proof holds,
// else an accusation (AccuseMsg), which every party settles in public.
// A network layer that orders messages by who owes one waits for that
// answer before it counts the card as opened.
//
// A member that later shows the card to all (it took it from the holder)
// holds the other members' shares from their envelopes, each with its
// proof: it hands them out with its own (ShownShares, CheckShownWith), so
// nobody waits for the holder.

// AckMsg says Party opened Sender's sealed share of the card at Pos and
// its proof holds.
type AckMsg struct {
	Party, Sender, Pos int
}

func (m *AckMsg) From() int { return m.Party }

func (*AckMsg) kind() byte { return kindAck }

// ackDue tells whether party j owes an answer to i's sealed share of o.
func (o *opening) ackDue(i, j int) bool {
	return o.grew && o.sealed[i][j] != nil && o.accused[i][j] == nil && !o.acked[i][j]
}

func (d *Deck) applyAck(m *AckMsg) error {
	if d.Phase() != PhaseReady || m.Pos < 0 || m.Pos >= d.cards || d.opens[m.Pos] == nil || m.Sender < 0 || m.Sender >= d.n {
		return ErrNotNow
	}
	o := d.opens[m.Pos]
	if !o.ackDue(m.Sender, m.Party) {
		return fmt.Errorf("deck: party %d owes no answer to party %d's sealed share of card %d", m.Party, m.Sender, m.Pos)
	}
	o.acked[m.Sender][m.Party] = true
	return nil
}

// Answered tells whether party to answered from's sealed share of the card
// at pos (acknowledged or accused), or owes no answer.
func (d *Deck) Answered(pos, from, to int) bool {
	if pos < 0 || pos >= d.cards || d.opens[pos] == nil || from < 0 || from >= d.n || to < 0 || to >= d.n {
		return true
	}
	return !d.opens[pos].ackDue(from, to)
}

// Accused tells who an accusation about from's sealed share of the card
// at pos to party to named: from (its share was wrong), to (a false
// accusation), or -1 (none).
func (d *Deck) Accused(pos, from, to int) int {
	if pos < 0 || pos >= d.cards || d.opens[pos] == nil || from < 0 || from >= d.n || to < 0 || to >= d.n {
		return -1
	}
	o := d.opens[pos]
	switch {
	case o.accused[from][to] == nil:
		return -1
	case o.wrong[from][to]:
		return from
	}
	return to
}

// ShownShares are the shares of the card at pos this party holds from
// other members' envelopes, each with its proof, for the parties whose
// share is not public: what it hands out with its own to show the card.
func (d *Deck) ShownShares(pos int) []*ShareMsg {
	if pos < 0 || pos >= d.cards || d.opens[pos] == nil {
		return nil
	}
	o := d.opens[pos]
	var out []*ShareMsg
	for i, s := range o.unsealed {
		if s != nil && i != d.me && o.shares[i] == nil {
			out = append(out, s)
		}
	}
	return out
}

// CheckShownWith is CheckShown with other members' shares handed out with
// the shower's (ShownShares): each must be of another party and hold its
// proof. It changes nothing.
func (d *Deck) CheckShownWith(pos int, m *ShareMsg, others []*ShareMsg) (int, error) {
	if len(others) == 0 || m == nil {
		return d.CheckShown(pos, m)
	}
	if d.Phase() != PhaseReady || pos < 0 || pos >= d.cards || d.opens[pos] == nil {
		return -1, ErrNotNow
	}
	extra := make([]*point, d.n)
	for _, s := range others {
		if s == nil || s.Pos != pos || s.Party < 0 || s.Party >= d.n || m != nil && s.Party == m.Party || extra[s.Party] != nil {
			return -1, fmt.Errorf("deck: a share of another card or party handed out with card %d", pos)
		}
		D, ok, err := d.shareProof(s)
		if err != nil {
			return -1, err
		}
		if !ok {
			return -1, cheat(m.Party, fmt.Sprintf("handed out party %d's share of card %d with a proof that fails", s.Party, pos), m, s)
		}
		extra[s.Party] = D
	}
	return d.checkShown(pos, m, extra)
}

// PublicShare is party's public share of the card at pos, nil when it has
// none in: a looker's own share went out when the card was first opened
// to its holder, so the looker shows the card with it.
func (d *Deck) PublicShare(pos, party int) *ShareMsg {
	if pos < 0 || pos >= d.cards || d.opens[pos] == nil || party < 0 || party >= d.n {
		return nil
	}
	return d.opens[pos].shares[party]
}
