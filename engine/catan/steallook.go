package catan

import (
	"fmt"
	"slices"

	"tabula/engine"
)

// Secret looks (engine.SecretLooks; docs/cities-knights.md, "Sealed
// play"): an expansion's rule by which one player looks at another's hand
// (Cities & Knights' Master Merchant) opens that hand's thefts to the
// looker alone, one secret look each, instead of to every seat: a theft
// stays unopened for the others, and the looker's device moves its card
// as the thief's and the victim's did. Theft.Seen lists who looked. What
// the looker then takes from the hand its device shows first when the
// others could not check it (ShowsToTake).

// toLook is the index of the first unopened theft of q's hand (q thief or
// victim) that p neither took part in nor looked at, or -1.
func (s *State) toLook(p, q int) int {
	if !s.secretSteals() {
		return -1
	}
	for i, t := range s.Sealed.Thefts {
		if (t.Thief == q || t.Victim == q) && t.Thief != p && t.Victim != p && t.Seen&(1<<uint(p)) == 0 {
			return i
		}
	}
	return -1
}

// LookRequest is the secret look that opens to seat p the next theft of
// seat q's hand that p does not know, or nil when none is left: audience
// thief, victim and p.
func (s *State) LookRequest(p, q int) *engine.ChanceRequest {
	i := s.toLook(p, q)
	if i < 0 {
		return nil
	}
	t := s.Sealed.Thefts[i]
	aud := []engine.Seat{engine.Seat(t.Thief), engine.Seat(t.Victim), engine.Seat(p)}
	slices.Sort(aud)
	return &engine.ChanceRequest{Kind: "steal-look", Ranges: []int{t.From.InHand()}, OpensSecret: t.Secret, Audience: aud}
}

// ResolveLook applies the outcome of LookRequest(p, q): p has seen the
// theft; a device that learns its card now moves it (the theft stays
// unopened to the others). Nothing changes on error.
func (s *State) ResolveLook(p, q int, o engine.Outcome) error {
	req := s.LookRequest(p, q)
	if req == nil {
		return fmt.Errorf("%w: no theft to look at", engine.ErrBadOutcome)
	}
	if err := req.Fits(o); err != nil {
		return err
	}
	thefts := slices.Clone(s.Sealed.Thefts)
	t := &thefts[s.toLook(p, q)]
	switch k := o[0]; {
	case k == engine.Unknown:
	case t.K != engine.Unknown && t.K != k:
		return engine.Illegal("stolen card %d was card %d of the hand, not %d", t.Secret, t.K, k)
	case t.K == engine.Unknown:
		r := cardAt(t.From, k)
		if r < 0 || s.Hand[t.Victim][r] == 0 {
			return engine.Illegal("stolen card %d cannot be card %d of the hand: seat %d no longer holds one", t.Secret, k, t.Victim)
		}
		s.Hand[t.Victim][r]--
		s.Hand[t.Thief][r]++
		t.K = k
	}
	t.Seen |= 1 << uint(p)
	s.Sealed.Thefts = thefts
	return nil
}

// ShowsToTake is what the device of a seat that knows q's hand (it looked)
// shows before taking cards take from it: for each kind, as few of q's
// thefts of that kind as every device needs to see q hold what is taken.
// A device that does not know a theft by q lacks its card in q's hand, so
// it counts q's cards of a kind as at least the hand here less every
// unopened theft by q of that kind; the rest must be shown.
func (s *State) ShowsToTake(q int, take Resources) []engine.Shown {
	if !s.secretSteals() {
		return nil
	}
	sure := s.Hand[q]
	for _, t := range s.Sealed.Thefts {
		if r := cardAt(t.From, t.K); t.Thief == q && t.K != engine.Unknown && r >= 0 {
			sure[r]--
		}
	}
	sh := engine.Shown{Deck: engine.SecretDeck}
	for _, t := range s.Sealed.Thefts {
		if t.Thief != q || t.K == engine.Unknown {
			continue
		}
		if r := cardAt(t.From, t.K); r >= 0 && take[r] > sure[r] {
			sure[r]++
			sh.Cards, sh.Values = append(sh.Cards, t.Secret), append(sh.Values, t.K)
		}
	}
	if len(sh.Cards) == 0 {
		return nil
	}
	return []engine.Shown{sh}
}
