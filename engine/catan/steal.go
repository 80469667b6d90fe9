package catan

import (
	"fmt"
	"slices"

	"tabula/engine"
)

// The sealed steal (docs/catan.md, "Sealed play"): with the Secrets option
// the robber's steal is a secret, an index into the victim's hand that only
// thief and victim learn. Their devices move the card; every other device
// keeps it in the victim's hand and lists the theft, so hand counts (which
// the table sees) come out alike everywhere. A theft is opened to every seat
// when a public consequence depends on it:
//
//   - the thief or the victim acts in a way a device that does not know the
//     card cannot check (the thief spends, trades or discards beyond the cards
//     the others know): the actor's device shows it first (MustShow);
//   - the next steal from the thief or the victim (the index must mean the
//     same hand on both new audience devices), or a Monopoly (every hand's
//     count of the named kind becomes public): public requests open every
//     theft concerned first, in the steal phase, before the steal or the
//     Monopoly takes place.
//
// An expansion steals in secret only if it says so (SecretStealer):
// Traders & Barbarians does (its barbarian robs through StealFrom), and so
// does Cities & Knights, whose Bishop robs in its own phase through
// StealRequest and ResolveSteal, and whose cards that must know other
// hands open the thefts concerned first (OpenRequest, ResolveOpen).

// Theft is a steal not yet opened to every seat.
type Theft struct {
	Secret int       `json:"secret"`
	Thief  int       `json:"thief"`
	Victim int       `json:"victim"`
	K      int       `json:"k"`              // index into From; engine.Unknown off the audience
	From   Resources `json:"from"`           // the victim's hand at the steal (every seat knew it)
	Seen   uint8     `json:"seen,omitempty"` // seats that looked at it too (bit by seat; steallook.go)
}

// SecretStealer is an expansion whose steals (StealFrom, the robber, its
// own through StealRequest) may be secrets: every rule it adds counts
// hands as the table sees them (HandCount), reads a hand's cards only
// through the acting seat's own device or after opening the thefts
// concerned (OpenRequest), and decides nothing on a hand it cannot know.
type SecretStealer interface{ StealsInSecret() bool }

// stealsInSecret reports whether a game with expansion x may steal in secret.
func stealsInSecret(x Expansion) bool {
	if x == nil {
		return true
	}
	st, ok := x.(SecretStealer)
	return ok && st.StealsInSecret()
}

// secretSteals reports whether this game's steals are secrets.
func (s *State) secretSteals() bool { return s.Sealed != nil && s.Sealed.Secrets }

// inHand is p's hand size as every seat knows it: a card stolen unknown to
// this device is still in the victim's Hand and not yet in the thief's.
func (s *State) inHand(p int) int { return s.Hand[p].InHand() + s.stolenNet(p) }

// stolenNet is what the thefts this device does not know add to p's hand:
// one card per card p stole, minus one per card stolen from p.
func (s *State) stolenNet(p int) int {
	n := 0
	if s.Sealed == nil {
		return n
	}
	for _, t := range s.Sealed.Thefts {
		if t.K != engine.Unknown {
			continue
		}
		if t.Thief == p {
			n++
		}
		if t.Victim == p {
			n--
		}
	}
	return n
}

// cardAt is the kind of card k of hand h (counted by kind, gold never
// counted), or -1.
func cardAt(h Resources, k int) int {
	for r := range h {
		if Resource(r) == Gold {
			continue
		}
		if k < int(h[r]) {
			return r
		}
		k -= int(h[r])
	}
	return -1
}

// AllSeats is the set of every seat, for OpenRequest: every theft.
const AllSeats uint8 = 1<<MaxPlayers - 1

// toOpen is the index of the first unopened theft with thief or victim in
// seats (a bit set by seat), or -1.
func (s *State) toOpen(seats uint8) int {
	for i, t := range s.Sealed.Thefts {
		if seats&(1<<uint(t.Thief)|1<<uint(t.Victim)) != 0 {
			return i
		}
	}
	return -1
}

// stealSeats is what the steal phase opens first: every theft before a
// Monopoly, those of the victim before a steal.
func (s *State) stealSeats() uint8 {
	if s.Sealed.Monopoly != 0 {
		return AllSeats
	}
	return 1 << uint(s.Victim)
}

// stealRequest is the pending request of the steal phase in a game with
// secret steals: an opening, or the steal itself.
func (s *State) stealRequest() *engine.ChanceRequest {
	if r := s.OpenRequest(s.stealSeats()); r != nil {
		return r
	}
	return s.StealRequest(int(s.Victim))
}

// resolveSteal applies an outcome of the steal phase with secret steals.
func (s *State) resolveSteal(o engine.Outcome) error {
	if s.Sealed.Monopoly != 0 {
		if err := s.ResolveOpen(AllSeats, o); err != nil {
			return err
		}
		if len(s.Sealed.Thefts) == 0 {
			s.monopoly(int(s.Active), Resource(s.Sealed.Monopoly-1))
			s.Sealed.Monopoly = 0
			s.Phase = s.Resume
		}
		return nil
	}
	stole, err := s.ResolveSteal(int(s.Victim), o)
	if stole {
		s.Victim = none
		s.Phase = s.Resume
	}
	return err
}

// SecretSteals reports whether this game's steals are secrets (for an
// expansion that steals in its own phase, Cities & Knights' Bishop).
func (s *State) SecretSteals() bool { return s.secretSteals() }

// HandCount is p's number of hand cards as every seat knows it (gold not
// counted): what a rule that counts another seat's hand reads.
func (s *State) HandCount(p int) int { return s.inHand(p) }

// Unopened reports whether a theft with thief or victim in seats (a bit
// set by seat) is not yet opened to every seat: then no device but its
// audience's knows those seats' hands.
func (s *State) Unopened(seats uint8) bool { return s.secretSteals() && s.toOpen(seats) >= 0 }

// OpenRequest is the public request that opens the next theft Unopened
// names (ResolveOpen applies it), or nil when none is left: an expansion's
// rule that must know those hands asks for it first.
func (s *State) OpenRequest(seats uint8) *engine.ChanceRequest {
	if !s.secretSteals() {
		return nil
	}
	i := s.toOpen(seats)
	if i < 0 {
		return nil
	}
	t := s.Sealed.Thefts[i]
	return &engine.ChanceRequest{Kind: "steal-open", Ranges: []int{t.From.InHand()}, OpensSecret: t.Secret}
}

// ResolveOpen applies the outcome of OpenRequest(seats). Nothing changes
// on error.
func (s *State) ResolveOpen(seats uint8, o engine.Outcome) error {
	req := s.OpenRequest(seats)
	if req == nil {
		return fmt.Errorf("%w: no theft to open", engine.ErrBadOutcome)
	}
	if err := req.Fits(o); err != nil {
		return err
	}
	return s.open(s.toOpen(seats), o[0])
}

// StealRequest is the secret steal of a card of seat q's hand by the
// active player, for thief and victim only; the thefts of q must be
// opened first (OpenRequest(1<<q); ResolveSteal does both in turn).
func (s *State) StealRequest(q int) *engine.ChanceRequest {
	if r := s.OpenRequest(1 << uint(q)); r != nil {
		return r
	}
	aud := []engine.Seat{engine.Seat(s.Active), engine.Seat(q)}
	slices.Sort(aud)
	return &engine.ChanceRequest{Kind: "steal", Ranges: []int{s.Hand[q].InHand()},
		Secret: s.Sealed.Drawn + 1, Audience: aud}
}

// ResolveSteal applies the outcome of StealRequest(q): an opening of one
// of q's thefts (stole false), or the steal, which the thief's and the
// victim's devices apply and the others list as an unknown theft. Nothing
// changes on error.
func (s *State) ResolveSteal(q int, o engine.Outcome) (stole bool, err error) {
	if s.OpenRequest(1<<uint(q)) != nil {
		return false, s.ResolveOpen(1<<uint(q), o)
	}
	req := s.StealRequest(q)
	if err := req.Fits(o); err != nil {
		return false, err
	}
	t := Theft{Secret: req.Secret, Thief: int(s.Active), Victim: q, K: o[0], From: s.Hand[q]}
	if o[0] != engine.Unknown {
		s.StealCard(q, o[0])
	}
	s.Sealed.Thefts = append(s.Sealed.Thefts, t)
	s.Sealed.Drawn++
	return true, nil
}

// open opens theft i as card k of the victim's hand at the steal: a device
// that knows it checks k, another moves the card now. Nothing changes on
// error.
func (s *State) open(i, k int) error {
	t := s.Sealed.Thefts[i]
	if t.K != engine.Unknown {
		if t.K != k {
			return engine.Illegal("stolen card %d was card %d of the hand, not %d", t.Secret, t.K, k)
		}
	} else {
		r := cardAt(t.From, k)
		if r < 0 || s.Hand[t.Victim][r] == 0 {
			return engine.Illegal("stolen card %d cannot be card %d of the hand: seat %d no longer holds one", t.Secret, k, t.Victim)
		}
		s.Hand[t.Victim][r]--
		s.Hand[t.Thief][r]++
	}
	s.Sealed.Thefts = slices.Delete(slices.Clone(s.Sealed.Thefts), i, i+1)
	return nil
}

// showSecrets opens the thefts a Shown of engine.SecretDeck names,
// checking all before it changes anything.
func (s *State) showSecrets(sh engine.Shown) error {
	if !s.secretSteals() {
		return engine.Illegal("this game has no secrets")
	}
	if len(sh.Cards) != len(sh.Values) {
		return engine.Illegal("%d stolen cards shown with %d values", len(sh.Cards), len(sh.Values))
	}
	hand, thefts := s.Hand, s.Sealed.Thefts
	for k, id := range sh.Cards {
		i := slices.IndexFunc(s.Sealed.Thefts, func(t Theft) bool { return t.Secret == id })
		err := engine.Illegal("no stolen card %d is unopened", id)
		if i >= 0 {
			err = s.open(i, sh.Values[k])
		}
		if err != nil {
			s.Hand, s.Sealed.Thefts = hand, thefts
			return err
		}
	}
	return nil
}

// secretShows is what seat shows of its thefts before a: every theft it
// knows as thief or victim, when the device of another seat, which knows
// only the thefts it took part in, or the public game, which knows none,
// would refuse a while this one accepts it. The public game is the
// strictest of a thief's: a thief of two seats holds both cards, and each
// victim's device knows one of them.
func (s *State) secretShows(seat engine.Seat, a Action) []engine.Shown {
	if !s.secretSteals() {
		return nil
	}
	p := int(seat)
	sh := engine.Shown{Deck: engine.SecretDeck}
	for _, t := range s.Sealed.Thefts {
		if t.K != engine.Unknown && (t.Thief == p || t.Victim == p) {
			sh.Cards, sh.Values = append(sh.Cards, t.Secret), append(sh.Values, t.K)
		}
	}
	if len(sh.Cards) == 0 || s.Copy().Do(seat, a) != nil {
		return nil
	}
	for q := publicGame; q < s.Players; q++ {
		if q != p && s.blindTo(q).Do(seat, a) != nil {
			return []engine.Shown{sh}
		}
	}
	return nil
}

// publicGame is blindTo's seat for the public game (the game every device
// folds beside its own and agrees on the hash of): no seat's device.
const publicGame = -1

// blindTo is a copy of this state as seat q's device holds it, as far as
// this device can tell: the thefts q took no part in nor looked at are
// unknown. For q = publicGame every theft is.
func (s *State) blindTo(q int) *State {
	c := s.Copy()
	for i, t := range c.Sealed.Thefts {
		if t.K == engine.Unknown || q != publicGame && (t.Thief == q || t.Victim == q || t.Seen&(1<<uint(q)) != 0) {
			continue
		}
		r := cardAt(t.From, t.K)
		c.Hand[t.Victim][r]++
		c.Hand[t.Thief][r]--
		c.Sealed.Thefts[i].K = engine.Unknown
	}
	return c
}

// monopoly moves every other player's cards of kind r to p.
func (s *State) monopoly(p int, r Resource) {
	for q := 0; q < s.Players; q++ {
		if q != p {
			s.Hand[p][r] += s.Hand[q][r]
			s.Hand[q][r] = 0
		}
	}
}
