package catan

import (
	"fmt"

	"tabula/engine"
)

// Rules is one game of the Catan family: the base game's rules with the
// changes and additions of an expansion. Each field is one point of the
// rulebook an expansion may change; its zero value is the base game, so
// &Rules{ID: "catan", Version: "catan/2"} is the base game itself. What the
// base game does not have at all (knights, wagons, progress cards, the
// barbarian ship…) is not a field but the Expansion: its own action
// kinds, phases and state. See the package doc, "Adding an expansion".
//
// A Rules value is built once at init, handed to NewGame, and never
// changed after.
type Rules struct {
	ID      string // engine game id ("cities-knights")
	Version string // rules version ("cities-knights/1")
	// Reads are older versions of these rules whose logs fold the same
	// under this one (it only allows what they refused): their saves
	// still load. catan/1 refused the 4:1 bank trade of a kind the player
	// had a better harbour rate for; catan/2 allows it.
	Reads   []string
	Options []string // Setup option keys beyond the base game's, read by Expansion.New

	// Board is the island: its shape and layouts (nil: the base island,
	// beginner map or random layout).
	Board *Map
	// Bank is how many cards of each kind the bank holds at the start; the
	// kinds it holds are the kinds in play, for hands, trades and the bank
	// (zero: 19 of each resource).
	Bank Resources
	// Deck is the development deck (nil: the base game's 25 cards; an empty
	// deck: no development cards are bought).
	Deck *DevCards
	// FoundCity makes the second founding building a city (starting
	// resources from it, as from the base game's second settlement).
	FoundCity bool
	// Dice is the turn's roll (nil: two dice, DiceRolled).
	Dice Dice
	// Production is what the building on intersection v collects when hex
	// h produces (nil: 1 card of the hex's resource, 2 from a city). The
	// bank's shortage rule then applies to every kind.
	Production func(s *State, v, h int) Resources
	// Robber is the phase a move of the robber opens, after a 7's discards
	// or on a Knight (nil: PhaseRobber). Return s.Resume to skip the move
	// (a robber that may not move yet), or an expansion phase (a robber
	// replaced by something else).
	Robber func(s *State) Phase
	// HandLimit is the number of hand cards above which seat p discards
	// half on a 7 (nil: 7).
	HandLimit func(s *State, p int) int
	// Maritime is seat p's rate for giving cards of kind r to the bank,
	// given its harbour rate (nil: the harbour rate; 0: r cannot be given;
	// never below 2).
	Maritime func(s *State, p int, r Resource, rate int) int
	// VictoryTarget is the points that win on one's own turn (0: 10).
	VictoryTarget int
	// Scoring is seat p's points beyond buildings, Longest Road, Largest
	// Army and Victory Point cards: public ones, and hidden ones that count
	// for the win but show only to p until the end.
	Scoring func(s *State, p int) (public, hidden int)
	// NoLongestRoad takes the Longest Road card out of the game.
	NoLongestRoad bool
	// Forbid refuses a base action a rule of the expansion forbids now
	// (nil error: allowed). Legal leaves such actions out.
	Forbid func(s *State, p int, a Action) error
	// Expansion is the rules the base game lacks (nil: none).
	Expansion Expansion

	d derived
}

// derived is what NewGame computes from a Rules value once.
type derived struct {
	graph  *Graph
	bank   Resources
	kinds  []Resource // kinds in play, in kind order
	hand   []Resource // those of them that count as a hand
	inPlay uint16     // kinds as a bit set
	deck   DevCards
	target int
	hooked bool                        // an Expansion or Forbid: legalHooked lists
	acts   [maxActionTypes / 64]uint64 // expansion action kinds owned
}

// Map is an island: its shape and the ways it is laid out.
type Map struct {
	Graph *Graph // nil: the base island
	// Beginner is the fixed layout of the "board":"beginner" option (nil:
	// there is none).
	Beginner func() Board
	// Random lays the island out from an outcome of Ranges (the "board"
	// chance request) for the "board":"random" option (nil: there is none).
	Random func(o []int) Board
	Ranges []int
}

// Dice is the roll of a turn.
type Dice interface {
	// Request is the chance request of the roll (the base game's is
	// {6, 6}). It must not allocate per call: return a fixed value.
	Request(s *State) *engine.ChanceRequest
	// Rolled applies its outcome. It ends, now or after phases of its own,
	// with DiceRolled for the production dice (or stays in PhaseDice for a
	// roll again).
	Rolled(s *State, o []int)
}

// base is the base game.
var base = func() *Rules {
	r := &Rules{ID: ID, Version: RulesVersion, Reads: []string{"catan/1"}}
	r.derive()
	return r
}()

// derive fills r.d; NewGame calls it once.
func (r *Rules) derive() {
	d := &r.d
	d.graph = island
	if r.Board != nil && r.Board.Graph != nil {
		d.graph = r.Board.Graph
	}
	d.bank = r.Bank
	if d.bank == (Resources{}) {
		for k := Lumber; k <= Ore; k++ {
			d.bank[k] = CardsPerResource
		}
	}
	d.kinds, d.hand, d.inPlay = nil, nil, 0
	for k := Resource(0); k < NumCards; k++ {
		if d.bank[k] > 0 {
			d.kinds = append(d.kinds, k)
			d.inPlay |= 1 << uint(k)
			if k.InHand() {
				d.hand = append(d.hand, k)
			}
		}
	}
	d.deck = FullDeck
	if r.Deck != nil {
		d.deck = *r.Deck
	}
	d.target = WinningPoints
	if r.VictoryTarget > 0 {
		d.target = r.VictoryTarget
	}
	d.hooked = r.Expansion != nil || r.Forbid != nil
}

// sealable reports whether the game can play sealed (sealed.go): the base
// game, or an expansion that hides its own cards (SealedExpansion).
func (r *Rules) sealable() bool {
	if r.Expansion == nil {
		return true
	}
	_, ok := r.Expansion.(SealedExpansion)
	return ok
}

// Looker is a sealed expansion that looks at another seat's hidden cards
// (engine.Looks): it accepts the option.
type Looker interface{ LooksAtHands() bool }

// looks reports whether the game takes the option engine.Looks.
func (r *Rules) looks() bool {
	l, ok := r.Expansion.(Looker)
	return ok && r.sealable() && l.LooksAtHands()
}

// owns reports whether the game plays action kind t.
func (r *Rules) owns(t ActionType) bool {
	if t >= 0 && t < numActionTypes {
		return true
	}
	return t >= firstExtAction && int(t) < maxActionTypes && r.d.acts[t/64]&(1<<uint(t%64)) != 0
}

// NewAction registers an action kind of the expansion: its name in logs
// ("build-knight") and the fields it carries. Names are unique across the
// family (it panics on a second use); call it from a package variable's
// initialiser, before NewGame.
func (r *Rules) NewAction(name string, fields Field) ActionType {
	if _, dup := actionByName[name]; dup || name == "" {
		panic(fmt.Sprintf("catan: action kind %q registered twice", name))
	}
	t := nextAction
	if int(t) >= maxActionTypes {
		panic("catan: too many action kinds")
	}
	nextAction++
	actionNames[t], actionFields[t] = name, fields
	actionByName[name] = t
	r.d.acts[t/64] |= 1 << uint(t%64)
	return t
}

// NewPhase registers a phase of the expansion by name (in the encoding,
// views and prompts). Names are unique across the family.
func (r *Rules) NewPhase(name string) Phase {
	for _, n := range phaseNames {
		if n == name {
			panic(fmt.Sprintf("catan: phase %q registered twice", name))
		}
	}
	p := nextPhase
	if int(p) >= maxPhases || name == "" {
		panic("catan: too many phases")
	}
	nextPhase++
	phaseNames[p] = name
	return p
}

// NewGame is the engine.Game of a Catan-family game with these rules, for
// engine.Register. It panics on rules that cannot be played.
func NewGame(r *Rules) Game {
	if r.ID == "" || r.Version == "" {
		panic("catan: rules need an ID and a Version")
	}
	if m := r.Board; m != nil && m.Beginner == nil && m.Random == nil {
		panic("catan: a board needs a layout")
	}
	r.derive()
	return Game{rules: r}
}

// Rules is the game's rules.
func (s *State) Rules() *Rules { return s.rules }

// Graph is the island's shape.
func (s *State) Graph() *Graph { return s.g }

// Target is the victory points that win.
func (s *State) Target() int { return s.rules.d.target }

// Kinds are the card kinds in play, in kind order.
func (s *State) Kinds() []Resource { return s.rules.d.kinds }
