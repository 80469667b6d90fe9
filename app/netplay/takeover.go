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

// takeover is the person's vote to let the bot play seat. The bot seats
// of this device vote with the person: the protocol counts them as seats
// of their own.
func takeover(se *Session, seat int) error {
	if err := se.main.Takeover(seat); err != nil {
		return err
	}
	for _, b := range se.botList() {
		if b.seat != seat {
			_ = b.node.Takeover(seat)
		}
	}
	return nil
}

// followVotes: a bot seat here votes as soon as another seat votes (a
// bot has no opinion). Never against a seat of this device: the person's
// own seat (or another bot here) is never voted out by its own bots.
//
// A bot node decides for itself whether the seat is away (its own pings)
// and may not see it yet when the vote arrives: the vote then stays in
// s.following and is tried again on every Step (an EvAway of the bot's
// node wakes one) until it is cast, the target is a bot already, or the
// log moved past the vote's head.
func (s *Session) followVotes(votes []queued) {
	pending := append(s.following, votes...)
	s.following = nil
	for _, q := range pending {
		s.mu.Lock()
		b := s.bots[q.seat]
		s.mu.Unlock()
		if b == nil {
			continue
		}
		var left []int
		for _, target := range q.ev.P2P.Seats {
			if target == b.seat || s.Local(target) {
				continue
			}
			switch followable(b, target, q.ev.P2P.Seq) {
			case voteNow:
				if b.node.Takeover(target) != nil {
					left = append(left, target)
				}
			case voteLater:
				left = append(left, target)
			}
		}
		if len(left) > 0 {
			q.ev.P2P.Seats = left
			s.following = append(s.following, q)
		}
	}
}

const (
	voteMoot = iota
	voteNow
	voteLater
)

// followable: whether bot seat b follows a vote cast at head base for
// target now, later (its log has not reached base yet), or never (target
// is a bot already, or the log moved past base).
func followable(b *botSeat, target int, base uint64) int {
	v := voteMoot
	b.node.With(func(p *p2p.Peer) {
		head, _ := p.Head()
		switch {
		case p.Bot(target) || head > base:
		case head < base:
			v = voteLater
		default:
			v = voteNow
		}
	})
	return v
}

// reclaimBots gives this device's bot seats back to their own bots after
// the others handed them to the protocol's bot (while this page was
// closed).
func (s *Session) reclaimBots() {
	for _, b := range s.botList() {
		switch {
		case !b.node.Bot(b.seat):
			s.reclaimed[b.seat] = false
		case !s.reclaimed[b.seat]:
			s.reclaimed[b.seat] = b.node.Reclaim() == nil
		}
	}
}

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
