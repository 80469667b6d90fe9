package p2p

// A party that leaves a sealed game (left.go) while it draws a secret or
// holds one not yet opened (secret.go).

import (
	"fmt"
	"slices"

	"tabula/engine"
)

// secretLeave: party p left (its seat went to the bot). A secret already
// drawn with p in its audience is opened by its other member now, and then
// shown to the public game (a left entry, secretsLeftDue) before the bot
// moves: the bot decides on the public game, and a device outside the
// audience and one inside it would judge a move that spends the stolen card
// apart. One it was drawing is
// public from now on (a bot seat's cards are every device's): with both
// parts committed, the others rebuild p's part from its escrow shares and
// the other member opens its own (the value stays the one committed, so
// leaving re-rolls nothing); with a part not yet committed nobody can know
// the value, and the ordinary chance round draws it.
func (l *ledger) secretLeave(p int) {
	for _, r := range l.sealed.secrets {
		switch {
		case r.sec == nil || r.sec.Opened():
		case slices.Contains(r.sec.Lookers(), p):
			// It looked (the Master Merchant): its bot decides on the
			// public game, so what it saw is shown to all, as a member's.
			r.sec.Gone(p)
			r.sec.Ask()
		case r.sec.Audience()[0] != p && r.sec.Audience()[1] != p:
			r.sec.Gone(p)
		case r.sec.Drawn():
			r.sec.Gone(p)
			r.sec.Ask()
		case r.sec.Committed():
			l.sealed.note(r.sec.Lose(p))
		default:
			r.sec = nil
		}
	}
}

// secretLeavable refuses handing seats to the bot when a drawn secret
// would have neither member left to open it: the game waits instead.
func (l *ledger) secretLeavable(leaving []int) error {
	s := l.sealed
	gone := func(p int) bool { return slices.Contains(leaving, p) || l.isBot(s.parties[p]) }
	for _, r := range s.secrets {
		if r.sec == nil || r.sec.Opened() || !r.sec.Drawn() {
			continue
		}
		if aud := r.sec.Audience(); gone(aud[0]) && gone(aud[1]) {
			return fmt.Errorf("%w: seats %d and %d, stolen card %d: nobody would be left to open it", ErrSealedSeat, s.parties[aud[0]], s.parties[aud[1]], r.num)
		}
	}
	return nil
}

// openSeat is the first seat of secret r's audience, then of its lookers,
// whose hand is open (it left), or -1.
func (l *ledger) openSeat(r *secretRun) int {
	aud := r.sec.Audience()
	for _, p := range append(aud[:], r.sec.Lookers()...) {
		if seat := l.sealed.parties[p]; l.openHand(seat) {
			return seat
		}
	}
	return -1
}

// secretsLeftDue are the secrets a left entry must show to the public game
// now: opened to all, a member's or a looker's hand open (its seat left),
// not shown yet.
func (l *ledger) secretsLeftDue() []int {
	s := l.sealed
	var out []int
	for _, r := range s.secrets {
		if r.sec == nil || r.shown || !r.sec.Opened() {
			continue
		}
		if l.openSeat(r) >= 0 {
			out = append(out, r.num)
		}
	}
	return out
}

// secretLeftShows are a left entry's shows of secrets (secretsLeftDue):
// each by a member whose hand is open, with its opened value; one the game
// no longer holds unopened is skipped (alike on every device).
func (l *ledger) secretLeftShows(st engine.State, nums []int) ([]engine.Shown, []engine.Seat, error) {
	s := l.sealed
	var shows []engine.Shown
	var seats []engine.Seat
	for _, num := range nums {
		r := s.secret(num)
		v, ok := r.sec.PublicValue(r.rng)
		if !ok {
			return nil, nil, fmt.Errorf("secret %d after its member left: not opened", num)
		}
		seat := l.openSeat(r)
		sh := engine.Shown{Deck: engine.SecretDeck, Cards: []int{num}, Values: []int{v}}
		e := engine.Entry{Seat: engine.Seat(seat), Show: &sh}
		if engine.ApplyEntry(l.game, st.Clone(), e) != nil {
			continue
		}
		if err := engine.ApplyEntry(l.game, st, e); err != nil {
			return nil, nil, err
		}
		shows, seats = append(shows, sh), append(seats, engine.Seat(seat))
	}
	return shows, seats, nil
}
