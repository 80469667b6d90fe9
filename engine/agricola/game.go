package agricola

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// ID is the game id.
const ID = "agricola"

// RulesVersion changes whenever a rule change could alter the fold of a log.
// agricola/2: the card game (decks A and B) became the default.
const RulesVersion = "agricola/2"

// Setup options (engine.Setup.Options) understood by New.
const (
	// OptionCards names the cards in play: CardsAB (the default), the
	// occupations and minor improvements of decks A and B, dealt 7 + 7 to
	// each player; CardsNone, the family game of fact sheet §14.
	OptionCards = "cards"
	CardsAB     = "ab"
	CardsNone   = "none"
	// OptionDraft "on" drafts the hands instead of dealing them (the card
	// game with 2–4 players; see deal.go); "off" is the default.
	OptionDraft = "draft"
)

func init() { engine.Register(Game{}) }

// Game is Agricola's rules.
type Game struct{}

func (Game) ID() string           { return ID }
func (Game) RulesVersion() string { return RulesVersion }
func (Game) MinPlayers() int      { return 1 }
func (Game) MaxPlayers() int      { return 4 }

// New returns the initial state: waiting for the chance that picks the
// starting player (none in the solo game, which goes straight to round 1).
func (Game) New(setup engine.Setup) (engine.State, error) {
	if setup.Players < 1 || setup.Players > 4 {
		return nil, fmt.Errorf("agricola takes 1 to 4 players, not %d", setup.Players)
	}
	for _, k := range sortedKeys(setup.Options) {
		if k != OptionCards && k != OptionDraft && k != engine.Sealed {
			return nil, fmt.Errorf("agricola: unknown option %q", k)
		}
	}
	family := false
	switch v := setup.Option(OptionCards, CardsAB); v {
	case CardsAB:
		if err := decksRegistered(); err != nil {
			return nil, err
		}
	case CardsNone:
		family = true
	default:
		return nil, fmt.Errorf("agricola: option %s must be %q or %q, not %q", OptionCards, CardsAB, CardsNone, v)
	}
	draft := false
	switch v := setup.Option(OptionDraft, "off"); v {
	case "on":
		draft = !family && setup.Players > 1
	case "off":
	default:
		return nil, fmt.Errorf("agricola: option %s must be \"on\" or \"off\", not %q", OptionDraft, v)
	}
	if v := setup.Option(engine.Sealed, "1"); v != "1" {
		return nil, fmt.Errorf("agricola: option %s must be \"1\", not %q", engine.Sealed, v)
	}
	sealed := setup.IsSealed() && !family
	s := newState(setup.Players, family)
	s.Draft = draft
	if sealed {
		s.Sealed = &Sealed{Held: make([][]Held, setup.Players)}
		if draft {
			s.Sealed.Packets = make([][]Held, setup.Players)
		}
	}
	s.advance()
	return s, nil
}

// family1 is the rules version before the card game: it played the family
// game only, and its setups do not name it.
const family1 = "agricola/1"

// ReadsRules: an agricola/1 log folds exactly as it did, as the family game
// (whose rules and encoding agricola/2 kept), so saves from before the
// cards still load.
func (Game) ReadsRules(v string) bool { return v == family1 }

// ReadSetup names the family game in an agricola/1 setup (the card game is
// agricola/2's default).
func (Game) ReadSetup(v string, s engine.Setup) engine.Setup {
	if v != family1 {
		return s
	}
	opts := map[string]string{OptionCards: CardsNone}
	for k, x := range s.Options {
		if k != OptionCards {
			opts[k] = x
		}
	}
	s.Options = opts
	return s
}

// sortedKeys is the keys of m in order (map order never decides anything).
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// DecodeAction parses an action as the log stores it. Unknown fields and
// kinds and out-of-range numbers are refused with engine.ErrBadAction.
func (Game) DecodeAction(data []byte) (engine.Action, error) {
	var a Action
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("%w: %v", engine.ErrBadAction, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: trailing data after the action", engine.ErrBadAction)
	}
	if err := a.wellFormed(); err != nil {
		return nil, err
	}
	return a, nil
}

// State is one game in progress. Every field is exported and its JSON
// encoding is the canonical encoding engine.Hash covers. Round spaces are
// indexed by round (index 0 unused), stage decks by stage (index 0 unused).
type State struct {
	Players int  `json:"players"`
	Family  bool `json:"family"`          // the game without cards (§14)
	Draft   bool `json:"draft,omitempty"` // the hands are drafted (deal.go)
	Round   int  `json:"round"`           // 0 before the first round, then 1…14
	// Start holds the starting-player marker; Turn is whose person is
	// placed next during the work phase.
	Start   engine.Seat `json:"start"`
	Turn    engine.Seat `json:"turn"`
	Harvest bool        `json:"harvest,omitempty"` // a harvest is under way
	Over    bool        `json:"over,omitempty"`

	Board   []Space              `json:"board"`  // action spaces in play, board order, then stage cards as revealed
	Stages  [Stages + 1][]string `json:"stages"` // stage cards not yet revealed, by stage
	Rounds  [15]RoundSpace       `json:"rounds"` // round spaces 1…14
	Seats   []Player             `json:"seats"`
	Stack   []Frame              `json:"stack"` // pending steps and decisions, top last
	Winners []engine.Seat        `json:"winners,omitempty"`
	Sealed  *Sealed              `json:"sealed,omitempty"` // sealed play only (sealed.go)

	gaining bool       // an EvGain dispatch is running (no nested EvGain)
	index   *cardIndex // the cards in play, worked out (cardindex.go); not state
	indexAt [4]heldAt  // the Cards slices index was last found to hold for
	legal   legalList  // the last list of actions (legal.go); not state, never shared
	// costBuf and costCtx are the memory the cards' price hooks work in
	// (costInto, hooked); never shared with a copy.
	costBuf []Price
	costCtx *CostCtx
}

// Space is an action space in play: what lies on it and who stands there.
type Space struct {
	ID     string        `json:"id"`
	Goods  Goods         `json:"goods"`
	People []engine.Seat `json:"people,omitempty"` // never changed in place (copies share it)

	def *SpaceDef // Def(ID), set where the space is put in play; not state
}

// RoundSpace is one round space of the round track: the stage card
// revealed on it, and the goods waiting there for players (Well, cards).
type RoundSpace struct {
	Card  string     `json:"card,omitempty"`
	Goods []Delivery `json:"goods,omitempty"` // never changed in place (copies share it)
}

// Delivery is goods on a round space for one seat, put there by Via.
type Delivery struct {
	Seat  engine.Seat `json:"seat"`
	Goods Goods       `json:"goods"`
	Via   string      `json:"via"`
}

// Player is one seat's farm and supply.
type Player struct {
	// Goods is the personal supply: food, building resources, crops not
	// on fields, and the animals (which always live on the farm).
	Goods Goods                `json:"goods"`
	House Good                 `json:"house"` // Wood, Clay or Stone
	Yard  farmyard.Yard        `json:"yard"`
	Crops [farmyard.Cells]Crop `json:"crops"` // by cell-1: what grows on each field
	// People is the family size (newborns included); Newborns were born
	// this round; Placed are on action spaces this round.
	People   int `json:"people"`
	Newborns int `json:"newborns,omitempty"`
	Placed   int `json:"placed,omitempty"`
	Begging  int `json:"begging,omitempty"`
	// Cards in front of the player (majors, minors, occupations), in the
	// order played; Hand is the cards still in hand (hidden from others).
	Cards []string `json:"cards,omitempty"`
	Hand  []string `json:"hand,omitempty"`
	// Packet is the cards in front of the player to pick from while the
	// hands are drafted (hidden from others like the hand).
	Packet []string `json:"packet,omitempty"`
	// CardFields are fields on cards (a card that "is a field").
	CardFields []CardField `json:"cardFields,omitempty"`
	// Used lists the harvest conversions used in the current harvest.
	Used []string `json:"used,omitempty"`
	// Ext is card-owned counters ("B019" → field tiles left on it); the
	// core never reads it.
	Ext map[string]int `json:"ext,omitempty"`
}

// Crop is what grows on a field: Kind (Grain or Vegetable) and how many.
type Crop struct {
	Kind Good `json:"k,omitempty"`
	N    int  `json:"n,omitempty"`
}

// CardField is a field on a card: it is sown and harvested like a field
// tile and its crops count at scoring, but it is no field tile.
type CardField struct {
	Card string `json:"card"`
	Only Good   `json:"only,omitempty"` // the only crop it takes (0 = any)
	Crop Crop   `json:"crop"`
}

// Frame kinds. System frames are steps of the round that run by
// themselves (some wait for chance); decision frames wait for their seat.
const (
	// System.
	FrameStart      = "start"       // chance: the starting player
	FrameDeal       = "deal"        // chance: the hands of the card game
	FrameDraft      = "draft"       // one pick of the draft for everyone, then the packets pass left
	FrameRound      = "round"       // begin the next round (chance: the stage card)
	FrameAfterSpace = "after-space" // a space's work is over: EvAfterSpace
	FrameTurnEnd    = "turn-end"    // the placement is over: EvTurnEnd, next player
	FrameReturnHome = "return-home"
	FrameField      = "field"    // harvest: field phase for everyone
	FrameFeeding    = "feeding"  // harvest: open each player's feed frame
	FrameBreeding   = "breeding" // harvest: open each player's breed frame
	FrameHarvestEnd = "harvest-end"
	FrameEnd        = "end" // final scoring
	// Decisions.
	FrameMenu    = "menu"    // ops to carry out (a space's step, an oven's bake, a card's extra)
	FrameChoose  = "choose"  // pick one of Choices
	FrameAnimals = "animals" // too many animals: keep some, release or cook the rest
	FrameFeed    = "feed"    // harvest: feed the family
	FrameBreed   = "breed"   // harvest: which newborn animals to keep
	FrameCard    = "card"    // a card's own decision (Card.Actions / Resolve)
	FramePick    = "pick"    // the draft: keep one occupation and one minor of the packet
)

// Frame is one pending step or decision. Menus carry the ops offered and
// done; the others use the fields their kind documents.
type Frame struct {
	Kind string      `json:"kind"`
	Seat engine.Seat `json:"seat"`
	// Via is the action space or card that opened the frame (what a cost
	// or a handler sees as Purchase.Via / Ctx.Space).
	Via  string `json:"via,omitempty"`
	Ops  Op     `json:"ops,omitempty"`  // menu: offered
	Once Op     `json:"once,omitempty"` // menu: offered at most once
	Done Op     `json:"done,omitempty"` // menu, after-space: carried out
	One  bool   `json:"one,omitempty"`  // menu: one op only
	Need bool   `json:"need,omitempty"` // menu: an op is required before "done"
	// Choices are the options of a choose frame.
	Choices []Goods `json:"choices,omitempty"` // never changed in place (copies share it)
	N       int     `json:"n,omitempty"`       // card frames: the card's own number; pick: kinds kept (bits)
	// Item is what a card's decision is about (an action space, a card),
	// for the card's code and the UI.
	Item string `json:"item,omitempty"`
}

// decision reports whether frames of kind k wait for a player.
func decision(k string) bool {
	switch k {
	case FrameMenu, FrameChoose, FrameAnimals, FrameFeed, FrameBreed, FrameCard, FramePick:
		return true
	}
	return false
}

func newState(players int, family bool) *State {
	s := &State{Players: players, Family: family, Start: 0, Turn: 0}
	// The permanent spaces, with room for the stage cards to come (one a
	// round): the board's definitions are not built again for every game.
	start := startBoards[players][boolIndex(family)]
	s.Board = append(make([]Space, 0, len(start)+len(stageCards)), start...)
	for _, d := range stageCards {
		s.Stages[d.Stage] = append(s.Stages[d.Stage], d.ID)
	}
	s.Seats = make([]Player, players)
	for i := range s.Seats {
		s.Seats[i] = Player{House: Wood, Yard: farmyard.Start(), People: 2}
	}
	s.Stack = []Frame{{Kind: FrameRound, Seat: -1}}
	if !family {
		s.push(Frame{Kind: FrameDeal, Seat: -1})
	}
	if players > 1 {
		s.push(Frame{Kind: FrameStart, Seat: -1})
	} else {
		s.setStart(0)
	}
	return s
}

// setStart gives the starting-player marker to seat and the starting food
// (§2): 2 for the starting player, 3 for the others, none solo.
func (s *State) setStart(seat engine.Seat) {
	s.Start, s.Turn = seat, seat
	if s.Players == 1 {
		return
	}
	for i := range s.Seats {
		food := 3
		if engine.Seat(i) == seat {
			food = 2
		}
		s.Seats[i].Goods[Food] += food
	}
}

// push opens a frame on top of the stack.
func (s *State) push(f Frame) { s.Stack = append(s.Stack, f) }

// Push opens a decision frame on top of the stack (for a card's Resolve;
// handlers use Ctx.Push).
func (s *State) Push(f Frame) { s.push(f) }

// top is the frame on top of the stack (nil when empty).
func (s *State) top() *Frame {
	if len(s.Stack) == 0 {
		return nil
	}
	return &s.Stack[len(s.Stack)-1]
}

// pop removes the top frame.
func (s *State) pop() Frame {
	f := s.Stack[len(s.Stack)-1]
	s.Stack = s.Stack[:len(s.Stack)-1]
	return f
}

// Status says who decides next.
func (s *State) Status() engine.Status {
	if s.Over {
		return engine.Status{Over: true, Winners: append([]engine.Seat(nil), s.Winners...)}
	}
	if req := s.chanceRequest(); req != nil {
		return engine.Status{Chance: req}
	}
	seat := s.Turn
	if f := s.top(); f != nil {
		seat = f.Seat
	}
	if seat >= 0 && int(seat) < len(deciders) {
		return engine.Status{Deciders: deciders[seat]} // shared: callers never change a Status
	}
	return engine.Status{Deciders: []engine.Seat{seat}}
}

// deciders are the one-seat lists Status hands out.
var deciders = [4][]engine.Seat{{0}, {1}, {2}, {3}}

// Decider is the seat whose decision is awaited (-1 while waiting for
// chance or after the end).
func (s *State) Decider() engine.Seat {
	if s.Over || s.chanceRequest() != nil {
		return -1
	}
	if f := s.top(); f != nil {
		return f.Seat
	}
	return s.Turn
}

// Scores are the points each seat would score if the game ended now; the
// final scores once it is over.
func (s *State) Scores() []int {
	out := make([]int, s.Players)
	sheets := s.ScoreSheets()
	for i := range out {
		out[i] = sheets[i].Total
	}
	return out
}

// Clone returns an independent deep copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.legal = legalList{}
	c.costBuf, c.costCtx = nil, nil
	c.Board = keepNil(roomyBoard(nil, s), s.Board)
	for i := range c.Board {
		c.Board[i].People = cloneSlice(c.Board[i].People)
	}
	for k := range c.Stages {
		c.Stages[k] = cloneSlice(s.Stages[k])
	}
	for r := range c.Rounds {
		c.Rounds[r].Goods = cloneSlice(s.Rounds[r].Goods)
	}
	c.Seats = cloneSlice(s.Seats)
	for i := range c.Seats {
		p := &c.Seats[i]
		p.Cards = cloneSlice(p.Cards)
		p.Hand = cloneSlice(p.Hand)
		p.Packet = cloneSlice(p.Packet)
		p.CardFields = cloneSlice(p.CardFields)
		p.Used = cloneSlice(p.Used)
		if p.Ext != nil {
			ext := make(map[string]int, len(p.Ext))
			for k, v := range p.Ext {
				ext[k] = v
			}
			p.Ext = ext
		}
	}
	c.Stack = cloneSlice(s.Stack)
	for i := range c.Stack {
		c.Stack[i].Choices = cloneSlice(c.Stack[i].Choices)
	}
	c.Winners = cloneSlice(s.Winners)
	c.Sealed = s.Sealed.clone()
	return &c
}

// cloneSlice copies a slice keeping nil and empty apart, since they encode
// differently and the encoding is hashed.
func cloneSlice[T any](a []T) []T {
	if a == nil {
		return nil
	}
	return append(make([]T, 0, len(a)), a...)
}

// SpaceByID is the action space id in play (nil if not): its goods and the
// people on it (cards put goods back on a space, check who stands where).
func (s *State) SpaceByID(id string) *Space { return s.space(id) }

// space is the action space id in play (nil if not).
func (s *State) space(id string) *Space {
	for i := range s.Board {
		if s.Board[i].ID == id {
			return &s.Board[i]
		}
	}
	return nil
}

// spaceDef is Def(sp.ID), from the space when it was put in play with it
// (the move listing asks it of every space at every placement).
func (s *State) spaceDef(sp *Space) *SpaceDef {
	if d := sp.def; d != nil && d.ID == sp.ID {
		return d
	}
	return s.Def(sp.ID)
}

// Available is how many of seat's people may still be placed this round.
func (s *State) Available(seat engine.Seat) int {
	p := &s.Seats[seat]
	return p.People - p.Newborns - p.Placed
}
