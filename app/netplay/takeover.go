package netplay

import (
	"tabula/app/p2pnet"
	"tabula/engine"
	"tabula/engine/p2p"
)

// Bot takeover of an away seat (p2pnet.Node.Takeover): every other seat
// votes, then every peer plays the seat with the same deterministic bot
// until its owner reclaims it.

// canTakeover: the protocol offers the takeover in this build.
const canTakeover = true

// takeover is the person's vote to let the bot play seat (hosted bot
// seats have no vote: a device is one party).
func takeover(se *Session, seat int) error { return se.main.Takeover(seat) }

// canVote reports whether a takeover vote for seat is possible now: the
// game waits on it, it is away or its countdown ran out, and it is not a
// withheld reveal that the others rebuild anyway.
func (s *Session) canVote(seat int) bool { return s.Votable[seat] }

// waitsOn reports whether the game waits on seat: its decision, or its
// part of a dice roll.
func (s *Session) waitsOn(seat int) bool {
	if s.Table == nil {
		return false
	}
	st := s.Table.Match.State.Status()
	if st.Decides(engineSeat(seat)) {
		return true
	}
	for _, x := range s.Stalled {
		if x == seat {
			return true
		}
	}
	return st.Chance != nil
}

// Reclaim asks to play the person's seat again after a takeover.
func (s *Session) Reclaim() error { return s.main.Reclaim() }

// HandOpen reports whether the person's cards are open to every player in
// a sealed game: their seat was handed to the bot, so its key is public
// for the rest of the game (docs/p2p.md, "Taking the seat back").
func (s *Session) HandOpen() bool {
	open := false
	if s.main != nil {
		s.main.With(func(p *p2p.Peer) { open = p.OpenHand(s.Meta.Seat) })
	}
	return open
}

// TakenOver reports whether the person's seat is played by the bot.
func (s *Session) TakenOver() bool { return s.main != nil && s.main.Bot(s.Meta.Seat) }

func (s *Session) readVotes() {
	s.Votes = nil
	s.main.With(func(p *p2p.Peer) {
		if p.Started() {
			s.Votes = p.Votes()
		}
	})
}

var _ = p2pnet.AnySeat

func engineSeat(s int) engine.Seat { return engine.Seat(s) }
