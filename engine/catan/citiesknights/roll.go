package citiesknights

import (
	"math/bits"

	"tabula/engine"
	"tabula/engine/catan"
)

// The roll (docs/cities-knights.md "A turn", "Production", "The
// barbarians"): three dice, the event die first, then production.

// dice is the turn's roll: red, yellow and the event die, or the event
// die alone after an Alchemist.
type dice struct{}

// Chance requests, fixed values (Status must not allocate).
var (
	diceRequest  = &engine.ChanceRequest{Kind: "dice", Ranges: []int{6, 6, 6}} // red, yellow, event
	eventRequest = &engine.ChanceRequest{Kind: "event-die", Ranges: []int{6}}
	// progressRequests[n]: a draw among n fresh cards of a deck.
	progressRequests [DeckSize + 1]*engine.ChanceRequest
	// stealRequests[n]: a steal from a hand of n cards (the Bishop's).
	stealRequests [128]*engine.ChanceRequest
)

func init() {
	for n := range progressRequests {
		progressRequests[n] = &engine.ChanceRequest{Kind: "progress", Ranges: []int{n}}
	}
	for n := range stealRequests {
		stealRequests[n] = &engine.ChanceRequest{Kind: "steal", Ranges: []int{n}}
	}
}

func (dice) Request(s *catan.State) *engine.ChanceRequest {
	if ext(s).Alchemist {
		return eventRequest
	}
	return diceRequest
}

// Rolled resolves the event die, then the draws, pillages and discards
// it brings, then production (continueRoll).
func (dice) Rolled(s *catan.State, o []int) {
	x := ext(s)
	if x.Alchemist {
		x.Alchemist = false
		x.Event = int8(o[0])
	} else {
		x.Red, x.Yellow, x.Event = int8(o[0]+1), int8(o[1]+1), int8(o[2])
	}
	ev, t := EventFace(int(x.Event))
	if ev == ShipEvent {
		x.Ship++
		if x.Ship >= ShipSteps {
			x.attack(s)
		}
	} else {
		for _, p := range seatsFrom(s, 1<<uint(s.Players)-1) {
			if DrawsProgress(int(x.Level[p][t]), int(x.Red)) {
				x.queueDraw(p, int8(t))
			}
		}
	}
	x.continueRoll(s)
}

// attack: the barbarians reach Catan (docs "The barbarians").
func (x *Ext) attack(s *catan.State) {
	a := Attack{Players: s.Players}
	met := x.metropolises()
	for p := 0; p < s.Players; p++ {
		c := x.cities(s, p)
		a.Metropolises[p] = bits.OnesCount64(c & met)
		a.Cities[p] = bits.OnesCount64(c &^ met)
		a.Knights[p] = x.strength(p)
	}
	r := a.Resolve()
	x.LastAttack = r
	if r.CatanWins {
		if r.Defender >= 0 {
			x.Defender[r.Defender]++
		}
		for _, p := range seatsFrom(s, r.Drawers) {
			x.queueDraw(p, -1)
		}
	} else {
		x.Pillage = r.Pillaged
	}
	x.Active = 0
	x.Ship = 0
	if x.Attacks < 1<<14 {
		x.Attacks++
	}
}

func (x *Ext) queueDraw(p int, deck int8) {
	x.Draws[x.DrawN] = Draw{Seat: int8(p), Deck: deck}
	x.DrawN++
}

func (x *Ext) popDraw() {
	copy(x.Draws[:], x.Draws[1:x.DrawN])
	x.DrawN--
	x.Draws[x.DrawN] = Draw{}
}

// continueRoll works through what the event die brought, in order: the
// progress draws, the pillages, the progress cards other players hold
// above the limit; then production. It stops at the first decision or
// chance it needs, and is called again once that is settled.
func (x *Ext) continueRoll(s *catan.State) {
	for {
		switch {
		case x.DrawN > 0:
			d := x.Draws[0]
			if d.Deck < 0 {
				if x.decksLeft() != 0 {
					s.Phase = PhaseChooseDeck
					return
				}
				x.popDraw()
				continue
			}
			deck := &x.Decks[d.Deck]
			if x.freshLeft(Track(d.Deck)) > 0 {
				s.Phase = PhaseDrawProgress
				return
			}
			if deck.UnderN > 0 {
				c := deck.DrawUnder()
				if x.Sealed != nil {
					x.fromUnder(int(d.Seat), Track(d.Deck), c)
				}
				x.receive(int(d.Seat), c)
			}
			x.popDraw()
		case x.Pillage != 0:
			x.autoPillage(s)
			if x.Pillage != 0 {
				s.Phase = PhasePillage
				return
			}
		case x.overLimit(s) != 0:
			s.Phase = PhaseProgressLimit
			return
		default:
			x.produce(s)
			return
		}
	}
}

// decksLeft is the set of tracks (bit t) whose deck holds a card.
func (x *Ext) decksLeft() uint8 {
	var m uint8
	for t := range x.Decks {
		if x.deckLen(Track(t)) > 0 {
			m |= 1 << uint(t)
		}
	}
	return m
}

// receive gives p a drawn card: a victory-point card is shown and scores
// at once, any other goes to the hand.
func (x *Ext) receive(p int, c Card) {
	switch c {
	case Printer:
		x.Printer = int8(p)
	case Constitution:
		x.Constitution = int8(p)
	default:
		x.Progress[p][c]++
	}
}

// drawn resolves the head draw's chance outcome.
func (x *Ext) drawn(s *catan.State, k int) {
	d := x.Draws[0]
	x.receive(int(d.Seat), x.Decks[d.Deck].DrawFresh(k))
	x.popDraw()
	x.continueRoll(s)
}

// overLimit is the set of players other than the active one holding more
// progress cards than the limit (reading 14).
func (x *Ext) overLimit(s *catan.State) uint8 {
	var m uint8
	for p := 0; p < s.Players; p++ {
		if p != int(s.Active) && x.progressHeld(p) > ProgressHandLimit {
			m |= 1 << uint(p)
		}
	}
	return m
}

// Pillage: a pillaged city becomes a settlement and loses its wall; with
// no settlement piece left it topples (reading 19).
func (x *Ext) pillage(s *catan.State, v int) {
	p := int(s.Owner[v])
	b := uint64(1) << uint(v)
	x.Walls &^= b
	if s.SettlementsLeft[p] > 0 {
		s.Downgrade(v)
	} else {
		x.Toppled |= b
	}
	x.Pillage &^= 1 << uint(p)
}

// pillageable is the set of p's cities the barbarians may take.
func (x *Ext) pillageable(s *catan.State, p int) uint64 {
	return x.cities(s, p) &^ x.metropolises()
}

// autoPillage settles the pillages with only one possible city.
func (x *Ext) autoPillage(s *catan.State) {
	for _, p := range seatsFrom(s, x.Pillage) {
		switch m := x.pillageable(s, p); bits.OnesCount64(m) {
		case 0:
			x.Pillage &^= 1 << uint(p)
		case 1:
			x.pillage(s, bits.TrailingZeros64(m))
		}
	}
}

// produce hands the production dice to the base rules, then lets the
// Aqueduct's owners who received nothing choose a resource.
func (x *Ext) produce(s *catan.State) {
	before := s.Hand
	s.DiceRolled(int(x.Red), int(x.Yellow))
	if x.Red+x.Yellow == 7 || !bankHoldsResource(s) {
		return
	}
	for p := 0; p < s.Players; p++ {
		if x.Level[p][Science] >= AbilityLevel && s.Hand[p] == before[p] {
			x.Aqueduct |= 1 << uint(p)
		}
	}
	if x.Aqueduct != 0 {
		x.Resume = s.Phase
		s.Phase = PhaseAqueduct
	}
}

func bankHoldsResource(s *catan.State) bool {
	for r := catan.Lumber; r <= catan.Ore; r++ {
		if s.Bank[r] > 0 {
			return true
		}
	}
	return false
}

// production is what the building on v collects from hex h: a settlement
// (or a toppled city) 1 resource; a city 2 grain or 2 brick, or 1 resource
// and 1 commodity on forest (paper), pasture (cloth), mountains (coin).
func production(s *catan.State, v, h int) catan.Resources {
	r, ok := s.Board.Terrain[h].Produces()
	if !ok {
		return catan.Resources{}
	}
	if !s.City[v] || ext(s).Toppled&(1<<uint(v)) != 0 {
		return catan.Of(r, 1)
	}
	if c, ok := commodityOf(r); ok {
		y := catan.Of(r, 1)
		y[c] = 1
		return y
	}
	return catan.Of(r, 2)
}

// commodityOf is the commodity a city gets with resource r, if any.
func commodityOf(r catan.Resource) (catan.Resource, bool) {
	switch r {
	case catan.Lumber:
		return catan.Paper, true
	case catan.Wool:
		return catan.Cloth, true
	case catan.Ore:
		return catan.Coin, true
	}
	return 0, false
}

// robberPhase: the robber is locked on the desert until the first attack
// (the 7's discards still happen).
func robberPhase(s *catan.State) catan.Phase {
	if ext(s).Attacks == 0 {
		return s.Resume
	}
	return catan.PhaseRobber
}

// handLimit is 7 plus 2 per city wall.
func handLimit(s *catan.State, p int) int {
	x := ext(s)
	return 7 + 2*bits.OnesCount64(x.Walls&buildings(s, p))
}
