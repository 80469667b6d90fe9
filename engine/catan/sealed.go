package catan

import (
	"fmt"
	"slices"

	"tabula/engine"
)

// Sealed play (engine/sealed.go; docs/catan.md, "Sealed play"): the
// development deck is a sealed deck. Its cards are numbered in kind order
// (the rules' deck: 14 Knights 0–13, 5 Victory Points 14–18, then Road
// Building, Year of Plenty, Monopoly), a purchase opens the next position
// to the buyer only, and a card is shown to every seat when it is played or
// when its Victory Points win the game.
//
// On a device, Dev[p] and Bought count the cards this device knows and
// Deck the cards it does not know to have left the deck (so deck, hands
// and played still add up); the cards it holds unknown are slots without a
// number. What every device shows alike (the view for the table, the
// status) counts hands by slots and Victory Points by the cards shown.

// DevDeckName is the sealed development deck.
const DevDeckName = "development"

// Decks declares the sealed development deck (engine.SealedGame): none
// when the setup is not sealed or the game buys no development cards.
func (g Game) Decks(setup engine.Setup) []engine.DeckSpec {
	r := g.r()
	if !setup.IsSealed() {
		return nil
	}
	var out []engine.DeckSpec
	if !r.d.deck.none() {
		out = append(out, engine.DeckSpec{Name: DevDeckName, Size: r.d.deck.Total()})
	}
	if x, ok := r.Expansion.(SealedExpansion); ok {
		out = append(out, x.Decks(setup)...)
	}
	return out
}

// Sealed is what a sealed game adds to the state: the development cards
// drawn and still in hand, as this device knows them.
type Sealed struct {
	Next  int       `json:"next"` // deck positions drawn so far
	Cards []DevSlot `json:"cards,omitempty"`
	Gone  []int     `json:"gone,omitempty"` // numbers of the cards played
	// Secret steals (steal.go): whether steals are secrets, how many were
	// drawn, the thefts not yet opened to every seat, and a Monopoly's
	// kind + 1 while it waits for them to open.
	Secrets  bool    `json:"secrets,omitempty"`
	Drawn    int     `json:"drawn,omitempty"`
	Thefts   []Theft `json:"thefts,omitempty"`
	Monopoly int8    `json:"monopoly,omitempty"`
}

// DevSlot is one development card in a hand.
type DevSlot struct {
	Pos   int  `json:"pos"`   // its deck position
	Seat  int  `json:"seat"`  // who holds it
	Num   int  `json:"num"`   // its number, engine.Unknown if this device may not know it
	Turn  int  `json:"turn"`  // the turn it was bought in
	Shown bool `json:"shown"` // shown to every seat
}

func (d *Sealed) clone() *Sealed {
	if d == nil {
		return nil
	}
	c := *d
	c.Cards, c.Gone, c.Thefts = slices.Clone(d.Cards), slices.Clone(d.Gone), slices.Clone(d.Thefts)
	return &c
}

// devKind is the kind of card number n of the rules' deck.
func (s *State) devKind(n int) (DevCard, bool) {
	for d := range s.rules.d.deck {
		if n < int(s.rules.d.deck[d]) {
			return DevCard(d), n >= 0
		}
		n -= int(s.rules.d.deck[d])
	}
	return 0, false
}

// deckLeft is the number of development cards still in the deck.
func (s *State) deckLeft() int {
	if s.Sealed == nil {
		return s.Deck.Total()
	}
	return s.rules.d.deck.Total() - s.Sealed.Next
}

// devHeld is the number of development cards seat p holds, known or not.
func (s *State) devHeld(p int) int {
	if s.Sealed == nil {
		return s.Dev[p].Total()
	}
	n := 0
	for _, c := range s.Sealed.Cards {
		if c.Seat == p {
			n++
		}
	}
	return n
}

// shownVP is the Victory Point cards p holds that every seat has seen.
func (s *State) shownVP(p int) int {
	n := 0
	for _, c := range s.Sealed.Cards {
		if k, _ := s.devKind(c.Num); c.Seat == p && c.Shown && k == VictoryPoint {
			n++
		}
	}
	return n
}

// tableVP is p's Victory Point cards as the whole table knows them: all in
// a plain game, those shown in a sealed one.
func (s *State) tableVP(p int) int {
	if s.Sealed == nil {
		return int(s.Dev[p][VictoryPoint])
	}
	return s.shownVP(p)
}

// drawRequest is the sealed draw: the next position, for the buyer.
func (s *State) drawRequest() *engine.ChanceRequest {
	return &engine.ChanceRequest{Kind: "draw", Ranges: []int{s.rules.d.deck.Total()},
		Deck: DevDeckName, Cards: []int{s.Sealed.Next}, Audience: []engine.Seat{engine.Seat(s.Active)}}
}

// resolveDraw checks and applies a sealed draw's outcome: a card number, or
// engine.Unknown on a device that is not the buyer's.
func (s *State) resolveDraw(o engine.Outcome) error {
	if len(o) != 1 {
		return fmt.Errorf("%w: a draw opens one card, not %d", engine.ErrBadOutcome, len(o))
	}
	n := o[0]
	slot := DevSlot{Pos: s.Sealed.Next, Seat: int(s.Active), Num: n, Turn: s.Turn}
	if n != engine.Unknown {
		d, ok := s.devKind(n)
		if !ok || s.Deck[d] == 0 || s.Sealed.known(n) {
			return fmt.Errorf("%w: card %d cannot be drawn now", engine.ErrBadOutcome, n)
		}
		s.Deck[d]--
		s.Dev[s.Active][d]++
		s.Bought[d]++
	}
	s.Sealed.Cards = append(s.Sealed.Cards, slot)
	s.Sealed.Next++
	s.Phase = PhaseMain
	return nil
}

// known reports whether card number n is already in a hand or played.
func (d *Sealed) known(n int) bool {
	for _, c := range d.Cards {
		if c.Num == n {
			return true
		}
	}
	return sameValue(d.Gone, n)
}

// slot is the index of the card at deck position pos, or -1.
func (d *Sealed) slot(pos int) int {
	for i, c := range d.Cards {
		if c.Pos == pos {
			return i
		}
	}
	return -1
}

// playableShown is the index of a card of kind d that p holds, shown and
// bought before this turn (the one a play plays), or -1.
func (s *State) playableShown(p int, d DevCard) int {
	for i, c := range s.Sealed.Cards {
		if k, _ := s.devKind(c.Num); c.Seat == p && c.Shown && k == d && c.Turn < s.Turn {
			return i
		}
	}
	return -1
}

// Show learns development cards shown to every seat (engine.Shower). It
// checks every card before it changes anything.
func (s *State) Show(sh engine.Shown) error {
	if sh.Deck == engine.SecretDeck {
		return s.showSecrets(sh)
	}
	if x, ok := s.rules.Expansion.(SealedExpansion); ok && s.Sealed != nil && sh.Deck != DevDeckName {
		return x.Show(s, sh)
	}
	if s.Sealed == nil || sh.Deck != DevDeckName || s.rules.d.deck.none() {
		return fmt.Errorf("%w: no sealed deck %q here", engine.ErrBadAction, sh.Deck)
	}
	if len(sh.Cards) != len(sh.Values) {
		return fmt.Errorf("%w: %d cards shown with %d values", engine.ErrBadAction, len(sh.Cards), len(sh.Values))
	}
	left := s.Deck
	for k, pos := range sh.Cards {
		n := sh.Values[k]
		d, ok := s.devKind(n)
		if !ok {
			return fmt.Errorf("%w: card %d is not in the deck", engine.ErrBadAction, n)
		}
		i := s.Sealed.slot(pos)
		if i < 0 {
			return engine.Illegal("no card from deck position %d is in a hand", pos)
		}
		for _, q := range sh.Cards[:k] {
			if q == pos {
				return engine.Illegal("deck position %d shown twice", pos)
			}
		}
		switch c := s.Sealed.Cards[i]; {
		case c.Num == engine.Unknown:
			if left[d] == 0 || s.Sealed.known(n) || sameValue(sh.Values[:k], n) {
				return engine.Illegal("card %d cannot be at deck position %d", n, pos)
			}
			left[d]--
		case c.Num != n:
			return engine.Illegal("the card at deck position %d is not card %d", pos, n)
		}
	}
	for k, pos := range sh.Cards {
		n, i := sh.Values[k], s.Sealed.slot(pos)
		c := &s.Sealed.Cards[i]
		if c.Num == engine.Unknown {
			d, _ := s.devKind(n)
			s.Deck[d]--
			s.Dev[c.Seat][d]++
			if c.Turn == s.Turn && c.Seat == int(s.Active) {
				s.Bought[d]++
			}
			c.Num = n
		}
		c.Shown = true
	}
	return nil
}

func sameValue(vs []int, n int) bool {
	for _, v := range vs {
		if v == n {
			return true
		}
	}
	return false
}

// MustShow lists the cards seat shows before action a (engine.Shower): the
// card a play plays, unless one is shown already, and every Victory Point
// card it holds unshown when a brings it to the winning total with them.
// Only a device that knows seat's cards answers.
func (s *State) MustShow(seat engine.Seat, a engine.Action) []engine.Shown {
	if s.Sealed == nil || seat < 0 || int(seat) >= s.Players {
		return nil
	}
	var act Action
	switch x := a.(type) {
	case Action:
		act = x
	case *Action:
		if x == nil {
			return nil
		}
		act = *x
	default:
		return nil
	}
	p := int(seat)
	c := s.Copy()
	var cards []engine.Shown
	if x, ok := s.rules.Expansion.(SealedExpansion); ok {
		for _, sh := range x.MustShow(c, p, act) {
			if c.Show(sh) == nil {
				cards = append(cards, sh)
			}
		}
	}
	if d, ok := playKind(act.Type); ok {
		for _, sh := range c.ShowToPlay(p, d) {
			if c.Show(sh) == nil {
				cards = append(cards, sh)
			}
		}
	}
	// The thefts are judged with the cards shown: a card's play that
	// spends a stolen card (Cities & Knights' Medicine) needs both.
	out := c.secretShows(seat, act)
	for _, sh := range out {
		c.Show(sh)
	}
	out = append(out, cards...)
	vp := engine.Shown{Deck: DevDeckName}
	for _, sl := range c.Sealed.Cards {
		if k, known := c.devKind(sl.Num); known && sl.Seat == p && k == VictoryPoint && !sl.Shown {
			vp.Cards, vp.Values = append(vp.Cards, sl.Pos), append(vp.Values, sl.Num)
		}
	}
	if len(vp.Cards) == 0 {
		return out
	}
	w := c.Copy()
	if w.Show(vp) != nil || w.Do(seat, act) != nil || w.Phase != PhaseOver || int(w.Winner) != p {
		return out
	}
	return append(out, vp)
}

// ShowToPlay is what p shows to play a development card of kind d (for an
// expansion's MustShow of its own card, Swift Journey): the card p has held
// longest, unless one is shown already; nil if none.
func (s *State) ShowToPlay(p int, d DevCard) []engine.Shown {
	if s.Sealed == nil || s.playableShown(p, d) >= 0 {
		return nil
	}
	for _, sl := range s.Sealed.Cards {
		if k, known := s.devKind(sl.Num); known && sl.Seat == p && k == d && sl.Turn < s.Turn && !sl.Shown {
			return []engine.Shown{{Deck: DevDeckName, Cards: []int{sl.Pos}, Values: []int{sl.Num}}}
		}
	}
	return nil
}

// unseal readies a sealed device's copy for Determinize: each card it holds
// unknown counts in its holder's Dev (as a Knight: the redeal replaces it),
// so the redeal deals every seat as many cards as it holds (and rebuilds
// the deck from what is left). The copy then
// plays plain, as a bot's search does.
func (s *State) unseal() {
	if s.Sealed == nil {
		return
	}
	for _, c := range s.Sealed.Cards {
		if c.Num == engine.Unknown {
			s.Dev[c.Seat][Knight]++
		}
	}
}

// playKind is the card a play action plays.
func playKind(t ActionType) (DevCard, bool) {
	switch t {
	case ActPlayKnight, ActPlayRoadBuilding, ActPlayYearOfPlenty, ActPlayMonopoly:
		return devOf(t), true
	}
	return 0, false
}

// playSlot removes the card a play plays from p's slots.
func (s *State) playSlot(p int, d DevCard) {
	if i := s.playableShown(p, d); i >= 0 {
		s.Sealed.Gone = append(s.Sealed.Gone, s.Sealed.Cards[i].Num)
		s.Sealed.Cards = append(s.Sealed.Cards[:i:i], s.Sealed.Cards[i+1:]...)
	}
}

// SealedExpansion is an expansion that plays sealed: it declares its own
// decks, hides their draws and shows their cards. An expansion that is not
// one refuses the sealed option.
type SealedExpansion interface {
	Decks(s engine.Setup) []engine.DeckSpec
	// Show learns cards of the expansion's decks (State.Show), checking
	// all before it changes anything.
	Show(s *State, sh engine.Shown) error
	// MustShow is what seat shows of the expansion's cards before a
	// (State.MustShow).
	MustShow(s *State, seat int, a Action) []engine.Shown
	// ResolveHidden applies a hidden draw's outcome (values in range, or
	// all engine.Unknown), refusing, with nothing changed, a card this
	// device knows cannot be there; also a secret's, or the public opening
	// of one (OpensSecret), that the expansion asks for in its own phase.
	ResolveHidden(s *State, o []int) error
	// Acted follows every action seat p took (after it was applied,
	// before the win is checked).
	Acted(s *State, p int)
}

// sealedActed tells a sealed expansion that p acted.
func (s *State) sealedActed(p int) {
	if s.Sealed == nil {
		return
	}
	if x, ok := s.rules.Expansion.(SealedExpansion); ok {
		x.Acted(s, p)
	}
}

// checkSealed is the sealed part of CheckInvariants: every card drawn is in
// a hand or played, and the cards a device knows in hands are its Dev.
func (s *State) checkSealed() error {
	if s.Sealed == nil {
		return nil
	}
	if s.Sealed.Next != len(s.Sealed.Cards)+s.Played.Total() || s.Sealed.Next > s.rules.d.deck.Total() {
		return fmt.Errorf("sealed: %d drawn, %d in hands, %d played", s.Sealed.Next, len(s.Sealed.Cards), s.Played.Total())
	}
	var known [MaxPlayers]DevCards
	for _, c := range s.Sealed.Cards {
		if c.Seat < 0 || c.Seat >= s.Players || c.Pos < 0 || c.Pos >= s.Sealed.Next {
			return fmt.Errorf("sealed: card %+v", c)
		}
		if c.Num != engine.Unknown {
			d, ok := s.devKind(c.Num)
			if !ok {
				return fmt.Errorf("sealed: card %+v", c)
			}
			known[c.Seat][d]++
		} else if c.Shown {
			return fmt.Errorf("sealed: card %+v shown unknown", c)
		}
	}
	for p := 0; p < s.Players; p++ {
		if known[p] != s.Dev[p] {
			return fmt.Errorf("sealed: seat %d holds %v known, Dev says %v", p, known[p], s.Dev[p])
		}
	}
	return nil
}

// resolveHidden applies the outcome of an expansion's hidden draw: every
// value in range, or every value engine.Unknown (a device outside the
// audience); the expansion takes Unknown as a card it holds unknown.
func (s *State) resolveHidden(c engine.ChanceRequest, o engine.Outcome) error {
	unknown := 0
	for _, v := range o {
		if v == engine.Unknown {
			unknown++
		}
	}
	if unknown == 0 || unknown != len(o) || len(o) != len(c.Ranges) {
		if err := c.Fits(o); err != nil {
			return err
		}
	}
	if err := s.rules.Expansion.(SealedExpansion).ResolveHidden(s, o); err != nil {
		return err
	}
	s.checkWin()
	return nil
}
