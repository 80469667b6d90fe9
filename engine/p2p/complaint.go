package p2p

import (
	"bytes"
	"slices"

	"tabula/engine/deck"
)

// Complaints and accusations in a sealed game: a party that received a
// wrong escrow share of another party's deck key (ComplaintMsg) or a wrong
// sealed share of a card (AccuseMsg, in a look: look.go) writes its
// answer as a deck entry, and every device settles it in public, alike:
// the disclosed Diffie–Hellman point (with its DLEQ proof) opens that one
// envelope, and a wrong share names its sender, a right one the party that
// complained. A complaint has its place at the complainer's turn to
// shuffle (dealt.fits): every escrow is in by then, the log waits on that
// party alone, and an honest log holds none. The dealer so named plays on
// (its wrong share hides nothing from anyone); the party that complained
// rightly owes no share of the dealer's key when the dealer leaves, and
// the dealer's seat goes to the bot only while enough other valid shares
// remain to rebuild its key (deck.CanLeave).

// noteSettled records the cheat a complaint or an accusation m in entry e
// settled (our own deck settled it already when it made m): the liar, with
// the envelope and m as the proof, and the signed entry.
func (l *ledger) noteSettled(i int, m deck.Msg, e *Entry) {
	s := l.sealed
	enc := deck.Encode(m)
	for _, c := range s.decks[i].Cheats() {
		if len(c.Evidence) == 0 || !bytes.Equal(c.Evidence[len(c.Evidence)-1], enc) {
			continue
		}
		if !slices.ContainsFunc(s.cheats, func(x Cheat) bool { return x.Err == error(c) }) {
			s.cheats = append(s.cheats, Cheat{Seat: s.parties[c.Party], Deck: s.specs[i].Name, Err: c, Entry: e.Encode()})
		}
	}
}
