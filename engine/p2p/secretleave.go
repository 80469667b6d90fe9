package p2p

// A party that leaves a sealed game (left.go) while it draws a secret or
// holds one not yet opened (secret.go).

import (
	"fmt"
	"slices"
)

// secretLeave: party p left (its seat went to the bot). A secret already
// drawn is opened by its other member when asked. One it was drawing is
// public from now on (a bot seat's cards are every device's): with both
// parts committed, the others rebuild p's part from its escrow shares and
// the other member opens its own (the value stays the one committed, so
// leaving re-rolls nothing); with a part not yet committed nobody can know
// the value, and the ordinary chance round draws it.
func (l *ledger) secretLeave(p int) {
	for _, r := range l.sealed.secrets {
		switch {
		case r.sec == nil || r.sec.Opened():
		case r.sec.Drawn() || r.sec.Audience()[0] != p && r.sec.Audience()[1] != p:
			r.sec.Gone(p)
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
