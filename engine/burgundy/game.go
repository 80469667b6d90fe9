package burgundy

import (
	"bytes"
	"encoding/json"
	"fmt"

	"tabula/engine"
)

// ID is the game id.
const ID = "burgundy"

// RulesVersion changes whenever a rule change could alter the fold of a log.
const RulesVersion = "burgundy/1"

func init() { engine.Register(Game{}) }

// Game is The Castles of Burgundy's rules.
type Game struct{}

func (Game) ID() string           { return ID }
func (Game) RulesVersion() string { return RulesVersion }
func (Game) MinPlayers() int      { return 2 }
func (Game) MaxPlayers() int      { return 4 }

// New returns the initial state, waiting for the set-up chance (start player
// and each player's three goods).
func (Game) New(setup engine.Setup) (engine.State, error) {
	if setup.Players < 2 || setup.Players > 4 {
		return nil, fmt.Errorf("burgundy takes 2 to 4 players, not %d", setup.Players)
	}
	return newState(setup.Players), nil
}

// DecodeAction parses an action as the log stores it. Unknown fields, unknown
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

// Stages of the game.
const (
	StageSetup = "setup" // waiting for the set-up chance
	StagePhase = "phase" // waiting for the phase's tile and goods draws
	StageRoll  = "roll"  // waiting for the round's dice
	StagePlay  = "play"  // players take their turns
	StageOver  = "over"
)

// State is one game in progress. Every field is exported: its JSON encoding
// is the canonical encoding that engine.Hash covers. Indexes by colour or by
// goods kind are 1-based (index 0 unused) so they read like the board.
type State struct {
	Players int    `json:"players"`
	Stage   string `json:"stage"`
	Phase   int    `json:"phase"` // 0…4 = A…E
	Round   int    `json:"round"` // 0…4

	// Face-down supplies: normal-back tiles by colour, black-back tiles,
	// goods by kind. Draws pick from these by chance when the rules draw.
	Stacks     [7][]int `json:"stacks"`
	BlackStack []int    `json:"blackStack"`
	GoodsStack [7]int   `json:"goodsStack"`

	Depots     [7]Depot `json:"depots"` // numbered depots 1…6
	Black      []int    `json:"black"`  // tiles on the black depot
	RoundGoods [5]int   `json:"roundGoods"`
	White      int      `json:"white"` // white die of this round (1–6), 0 before the first roll

	// Bonus[colour][0] is the seat holding the large bonus tile of that
	// colour, Bonus[colour][1] the small one; -1 while still on the board.
	Bonus [7][2]int `json:"bonus"`

	Track []TrackMarker `json:"track"` // per seat
	Order []engine.Seat `json:"order"` // turn order of the current round
	Turn  int           `json:"turn"`  // index into Order of the player on turn

	Seats   []Player `json:"seats"`
	Pending []Frame  `json:"pending"` // stack of pending decisions, top last
	Removed []int    `json:"removed"` // tiles out of the game (discards, leftovers, unused start castles)

	Winners []engine.Seat `json:"winners"`
}

// Depot is a numbered depot: its hex spaces and the goods on its goods space.
type Depot struct {
	Spaces []DepotSpace `json:"spaces"`
	Goods  [7]int       `json:"goods"` // by kind 1…6
}

// DepotSpace is one hex space of a depot: the colour printed on it and the
// tile on it (0 = empty).
type DepotSpace struct {
	Colour Colour `json:"colour"`
	Tile   int    `json:"tile"`
}

// TrackMarker is a seat's marker on the turn-order track.
type TrackMarker struct {
	Space  int `json:"space"`
	Height int `json:"height"` // 0 = bottom of its stack
}

// Player is one seat's estate and supplies.
type Player struct {
	Estate  [Spaces + 1]int `json:"estate"`  // tile id per space 1…37, 0 = empty
	Storage []int           `json:"storage"` // hex storage (3 spaces; a 4th only while a discard is pending)
	Goods   [7]int          `json:"goods"`   // goods storage by kind; at most 3 kinds
	Sold    [7]int          `json:"sold"`    // sold goods tiles by kind (face down)
	Silver  int             `json:"silver"`
	Workers int             `json:"workers"`
	VP      int             `json:"vp"`
	Dice    [2]int          `json:"dice"` // this round's dice (1–6)
	Used    [2]bool         `json:"used"`
	Bought  bool            `json:"bought"` // black-depot purchase made this turn
	End     *EndScore       `json:"end,omitempty"`
}

// EndScore is the breakdown of the final scoring (fact sheet §13).
type EndScore struct {
	Goods     int `json:"goods"`     // 1 per unsold goods tile
	Silver    int `json:"silver"`    // 1 per silverling
	Workers   int `json:"workers"`   // 1 per 2 workers
	Knowledge int `json:"knowledge"` // knowledge tiles 15–26
	Total     int `json:"total"`     // added to VP
}

// Frame is a pending decision: a follow-up of a tile effect that its owner
// must (or may) resolve before play goes on.
type Frame struct {
	Seat  engine.Seat `json:"seat"`
	Kind  string      `json:"kind"`
	Depot int         `json:"depot,omitempty"` // ship-goods: the depot; ship-adjacent: the first depot
	Keep  int         `json:"keep,omitempty"`  // discard: the tile just taken (not discardable)
}

// Frame kinds.
const (
	FrameCastle       = "castle"        // a castle's extra action of any value
	FrameWarehouse    = "warehouse"     // sell one kind of goods
	FrameCarpenter    = "carpenter"     // take a building from a numbered depot
	FrameChurch       = "church"        // take a mine, knowledge or castle tile
	FrameMarket       = "market"        // take a ship or animal tile
	FrameCityHall     = "city-hall"     // place a tile from storage, any number
	FrameShip         = "ship"          // take the goods of one depot
	FrameShipAdjacent = "ship-adjacent" // knowledge 5: goods of a neighbouring depot too
	FrameShipGoods    = "ship-goods"    // choose which goods kinds fit in storage
	FrameDiscard      = "discard"       // storage over 3: discard an older tile
)

func newState(players int) *State {
	s := &State{Players: players, Stage: StageSetup}
	for i := 1; i <= TileCount; i++ {
		t := catalogue[i]
		switch {
		case t.Start:
		case t.Black:
			s.BlackStack = append(s.BlackStack, i)
		default:
			s.Stacks[t.Colour] = append(s.Stacks[t.Colour], i)
		}
	}
	for k := 1; k <= 6; k++ {
		s.GoodsStack[k] = 7
	}
	for c := range s.Bonus {
		s.Bonus[c] = [2]int{-1, -1}
	}
	for d := 1; d <= 6; d++ {
		for _, sp := range depotLayout[d-1] {
			if sp.Min <= players {
				s.Depots[d].Spaces = append(s.Depots[d].Spaces, DepotSpace{Colour: sp.Colour})
			}
		}
	}
	s.Seats = make([]Player, players)
	s.Track = make([]TrackMarker, players)
	for i := range s.Seats {
		s.Seats[i].Estate[StartSpace] = i + 1 // start castles are ids 1…4
	}
	for i := players; i < 4; i++ {
		s.Removed = append(s.Removed, i+1)
	}
	return s
}

// Status says who decides next.
func (s *State) Status() engine.Status {
	switch s.Stage {
	case StageOver:
		return engine.Status{Over: true, Winners: append([]engine.Seat(nil), s.Winners...)}
	case StageSetup, StagePhase, StageRoll:
		req := s.chanceRequest()
		return engine.Status{Chance: &req}
	}
	return engine.Status{Deciders: []engine.Seat{s.decider()}}
}

// decider is the seat whose decision is awaited in StagePlay.
func (s *State) decider() engine.Seat {
	if n := len(s.Pending); n > 0 {
		return s.Pending[n-1].Seat
	}
	return s.Order[s.Turn]
}

// Current is the seat whose turn it is (-1 outside StagePlay).
func (s *State) Current() engine.Seat {
	if s.Stage != StagePlay {
		return -1
	}
	return s.Order[s.Turn]
}

// Scores are the VP per seat (final once the game is over).
func (s *State) Scores() []int {
	out := make([]int, s.Players)
	for i, p := range s.Seats {
		out[i] = p.VP
	}
	return out
}

// Clone returns an independent deep copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	for i := range s.Stacks {
		c.Stacks[i] = cloneSlice(s.Stacks[i])
	}
	c.BlackStack = cloneSlice(s.BlackStack)
	for d := range s.Depots {
		c.Depots[d].Spaces = cloneSlice(s.Depots[d].Spaces)
	}
	c.Black = cloneSlice(s.Black)
	c.Track = cloneSlice(s.Track)
	c.Order = cloneSlice(s.Order)
	c.Seats = cloneSlice(s.Seats)
	for i := range c.Seats {
		p := &c.Seats[i]
		p.Storage = cloneSlice(p.Storage)
		if p.End != nil {
			e := *p.End
			p.End = &e
		}
	}
	c.Pending = cloneSlice(s.Pending)
	c.Removed = cloneSlice(s.Removed)
	c.Winners = cloneSlice(s.Winners)
	return &c
}

// cloneSlice copies a slice keeping nil and empty apart, since they encode
// differently (null, []) and the encoding is hashed.
func cloneSlice[T any](a []T) []T {
	if a == nil {
		return nil
	}
	return append(make([]T, 0, len(a)), a...)
}

// has reports whether seat's estate holds knowledge tile n.
func (s *State) has(seat engine.Seat, n int) bool { return s.knows(seat).has(n) }

// knowledgeSet is the set of knowledge tiles in an estate, bit n for tile n.
type knowledgeSet uint32

func (k knowledgeSet) has(n int) bool { return k&(1<<uint(n)) != 0 }

// knows collects the knowledge tiles in seat's estate.
func (s *State) knows(seat engine.Seat) knowledgeSet {
	var k knowledgeSet
	p := &s.Seats[seat]
	for _, sp := range knowledgeSpaces {
		if t := p.Estate[sp]; t != 0 {
			k |= 1 << uint(catalogue[t].Knowledge)
		}
	}
	return k
}

// goodsKinds is how many of the 3 goods storage spaces are in use.
func (p *Player) goodsKinds() int {
	n := 0
	for k := 1; k <= 6; k++ {
		if p.Goods[k] > 0 {
			n++
		}
	}
	return n
}

// emptySpaces counts uncovered estate spaces (the tie-break).
func (p *Player) emptySpaces() int {
	n := 0
	for sp := 1; sp <= Spaces; sp++ {
		if p.Estate[sp] == 0 {
			n++
		}
	}
	return n
}
