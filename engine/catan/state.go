package catan

import (
	"fmt"

	"tabula/engine"
)

// Phase is what the game waits for.
type Phase int8

const (
	PhaseBoard           Phase = iota // chance: layout of a random board
	PhaseStartRoll                    // chance: starting-player roll of the contenders
	PhaseFoundSettlement              // founder places a settlement
	PhaseFoundRoad                    // founder places the road touching it
	PhaseRoll                         // active player rolls (or plays a card first)
	PhaseDice                         // chance: the dice
	PhaseDiscard                      // players over 7 cards discard, simultaneously
	PhaseRobber                       // active player moves the robber
	PhaseRob                          // active player chooses whom to rob
	PhaseSteal                        // chance: the stolen card
	PhaseMain                         // active player trades and builds
	PhaseDraw                         // chance: the development card bought
	PhaseRoadBuilding                 // active player places free roads
	PhaseTradeOffer                   // the others answer a trade offer
	PhaseTradeConfirm                 // active player closes the trade
	PhaseOver                         // someone won
	numPhases
)

// Expansion phases are numbered from firstExtPhase, in the order they are
// registered (Rules.NewPhase); the encoding names them.
const (
	firstExtPhase = 32
	maxPhases     = 128
)

var (
	phaseNames = [maxPhases]string{
		"board", "start-roll", "found-settlement", "found-road", "roll", "dice",
		"discard", "robber", "rob", "steal", "main", "draw", "road-building",
		"trade-offer", "trade-confirm", "over",
	}
	nextPhase = Phase(firstExtPhase)
)

// known reports whether p is a base or registered phase.
func (p Phase) known() bool { return p >= 0 && int(p) < maxPhases && phaseNames[p] != "" }

func (p Phase) String() string {
	if !p.known() {
		return fmt.Sprintf("Phase(%d)", int(p))
	}
	return phaseNames[p]
}

// ParsePhase is the inverse of String (for a view's Phase, or a phase an
// expansion registered).
func ParsePhase(name string) (Phase, bool) {
	for p, n := range phaseNames {
		if n == name && n != "" {
			return Phase(p), true
		}
	}
	return 0, false
}

func (p Phase) MarshalText() ([]byte, error) {
	if !p.known() {
		return nil, fmt.Errorf("catan: bad phase %d", int(p))
	}
	return []byte(phaseNames[p]), nil
}

// Answer is a player's reply to the active player's trade offer.
type Answer int8

const (
	Pending Answer = iota
	Accepted
	Rejected
	Countered
)

var answerNames = [4]string{"pending", "accepted", "rejected", "countered"}

func (a Answer) String() string {
	if a < 0 || a > Countered {
		return fmt.Sprintf("Answer(%d)", int(a))
	}
	return answerNames[a]
}

func (a Answer) MarshalText() ([]byte, error) {
	if a < 0 || a > Countered {
		return nil, fmt.Errorf("catan: bad answer %d", int(a))
	}
	return []byte(answerNames[a]), nil
}

// TradeSide is one side of a domestic trade, from the offering player's
// view: Give leaves their hand, Get enters it.
type TradeSide struct {
	Give Resources `json:"give"`
	Get  Resources `json:"get"`
}

// Offer is the active player's pending domestic trade offer and the answers
// to it. Counter[p] is seat p's counter-offer, from p's view.
type Offer struct {
	Open      bool                  `json:"open"`
	TradeSide                       // what the active player gives and gets
	Answer    [MaxPlayers]Answer    `json:"answer"`
	Counter   [MaxPlayers]TradeSide `json:"counter"`
}

// MaxProposalsPerTurn bounds the domestic trade offers one player makes in
// one turn (HR: keeps play moving; see the package doc).
const MaxProposalsPerTurn = 3

// Piece limits (fact sheet §1).
const (
	RoadPieces       = 15
	SettlementPieces = 5
	CityPieces       = 4
)

// DeckSize is the number of development cards (FullDeck.Total()).
const DeckSize = 25

// WinningPoints is the base game's victory target (fact sheet §15); a
// game's is State.Target.
const WinningPoints = 10

const none = -1

// State is a game of Catan in progress. Every field the rules read is
// exported, because the JSON encoding of State is the canonical state hashed
// by engine.Hash; the unexported fields are caches derived from them. It is
// plain arrays (no maps, no pointers, no slices), so copying the struct is a
// deep copy (Clone). Seats, intersections, paths and hexes are ids (see
// Island); -1 means none. Read it freely (the UI narrates from it) but
// change it only through Apply/Do and Resolve.
type State struct {
	Players      int   `json:"players"`
	StrictPhases bool  `json:"strictPhases,omitempty"`
	Board        Board `json:"board"`
	Robber       int8  `json:"robber"`

	Phase  Phase `json:"phase"`
	Active int8  `json:"active"` // whose turn it is (the founder while founding)
	First  int8  `json:"first"`  // starting player, -1 until rolled
	Turn   int   `json:"turn"`   // regular turns begun; 0 while setting up
	// FoundingStep counts founding placements: seat order First, First+1 …
	// then back (snake).
	FoundingStep int8 `json:"foundingStep"`
	// StartRoll is each seat's latest starting roll (0 = not rolled);
	// Contending marks who rolls (again) for the start.
	StartRoll  [MaxPlayers]int8 `json:"startRoll"`
	Contending [MaxPlayers]bool `json:"contending"`
	Dice       [2]int8          `json:"dice"` // last roll, 0 0 before any

	Bank      Resources             `json:"bank"`
	Hand      [MaxPlayers]Resources `json:"hand"`
	Dev       [MaxPlayers]DevCards  `json:"dev"`    // in hand, including Bought
	Bought    DevCards              `json:"bought"` // by the active player this turn
	Deck      DevCards              `json:"deck"`
	DevPlayed bool                  `json:"devPlayed"` // a card was played this turn
	Played    DevCards              `json:"played"`    // cards played so far, all seats
	Knights   [MaxPlayers]int8      `json:"knights"`

	Owner Owners `json:"owner"` // building owner per intersection
	City  Cities `json:"city"`  // the building is a city
	Road  Roads  `json:"road"`  // road owner per path

	RoadsLeft       [MaxPlayers]int8 `json:"roadsLeft"`
	SettlementsLeft [MaxPlayers]int8 `json:"settlementsLeft"`
	CitiesLeft      [MaxPlayers]int8 `json:"citiesLeft"`
	RoadLength      [MaxPlayers]int8 `json:"roadLength"`
	LongestRoad     int8             `json:"longestRoad"`
	LargestArmy     int8             `json:"largestArmy"`

	Discard        [MaxPlayers]int8 `json:"discard"`   // cards each still has to discard
	FreeRoads      int8             `json:"freeRoads"` // Road Building roads left
	Resume         Phase            `json:"resume"`    // where a robber move or card returns to
	LastSettlement int8             `json:"lastSettlement"`
	Victim         int8             `json:"victim"` // who is being robbed
	Offer          Offer            `json:"offer"`
	Proposals      int8             `json:"proposals"` // domestic offers this turn
	Built          bool             `json:"built"`     // built this turn (strict phases)
	Winner         int8             `json:"winner"`

	// Sealed is what sealed play adds (sealed.go): nil, and absent from
	// the encoding, in a plain game.
	Sealed *Sealed `json:"sealed,omitempty"`

	// Ext is the expansion's own state (Rules.Expansion): nil, and absent
	// from the encoding, in the base game.
	Ext Extension `json:"ext,omitempty"`

	rules *Rules // the game's rules
	g     *Graph // the island's shape (rules.d.graph)

	// Bit sets derived from Owner and Road (bits.go): not part of the
	// canonical encoding, kept in step by placeRoad/placeSettlement.
	occ     uint64                     // intersections with a building
	blocked uint64                     // occupied, next to a building, closed or holding a piece
	own     [MaxPlayers]uint64         // intersections with p's building
	touch   [MaxPlayers]uint64         // intersections at an end of p's roads
	roads   [MaxPlayers]edgeSet        // p's roads
	anyRoad edgeSet                    // all roads, and the paths closed to roads
	rates   [MaxPlayers][NumCards]int8 // maritime rates from harbours
	// pieces are the intersections holding p's pieces that are not
	// buildings but block other players' roads (Cities & Knights' knights),
	// set by the expansion (SetPieces); allPieces is their union.
	pieces    [MaxPlayers]uint64
	allPieces uint64
	// byNumber lists the hexes carrying each number token (-1 padded),
	// derived from Board.
	byNumber [13][2]int8
}

// newState is the state before the board exists.
func newState(r *Rules, players int, strict bool) *State {
	s := &State{Players: players, StrictPhases: strict, First: none, Victim: none,
		LongestRoad: none, LargestArmy: none, Winner: none, LastSettlement: none,
		rules: r, g: r.d.graph}
	s.Bank = r.d.bank
	s.Deck = r.d.deck
	s.rates = initialRates
	s.blocked = s.g.closedV
	s.anyRoad = s.g.closedE
	s.indexNumbers()
	for v := range s.Owner {
		s.Owner[v] = none
	}
	for e := range s.Road {
		s.Road[e] = none
	}
	for p := 0; p < MaxPlayers; p++ {
		if p < players {
			s.RoadsLeft[p], s.SettlementsLeft[p], s.CitiesLeft[p] = RoadPieces, SettlementPieces, CityPieces
		}
	}
	return s
}

// setBoard installs the layout and opens the starting-player roll.
func (s *State) setBoard(b Board) {
	s.Board = b
	s.indexNumbers()
	s.Robber = b.desert()
	s.Phase = PhaseStartRoll
	for p := 0; p < s.Players; p++ {
		s.Contending[p] = true
	}
}

// Clone is a deep copy: State holds no references but to its rules and
// graph (read only) and the expansion's state, which is cloned.
func (s *State) Clone() engine.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := *s
	if s.Ext != nil {
		c.Ext = s.Ext.Clone()
	}
	c.Sealed = s.Sealed.clone()
	return &c
}

// Status reports what the game waits for. It allocates only for the rare
// board and start-roll requests: deciders, winners, dice, steal and draw
// requests come from fixed tables (engine.Status is read-only).
func (s *State) Status() engine.Status {
	switch s.Phase {
	case PhaseOver:
		if s.Winner >= 0 && int(s.Winner) < MaxPlayers {
			return engine.Status{Over: true, Winners: soleSeat[s.Winner]}
		}
		return engine.Status{Over: true, Winners: []engine.Seat{engine.Seat(s.Winner)}}
	case PhaseDice:
		if d := s.rules.Dice; d != nil {
			return engine.Status{Chance: d.Request(s)}
		}
		return engine.Status{Chance: diceRequest}
	case PhaseSteal:
		if s.secretSteals() {
			return engine.Status{Chance: s.stealRequest()}
		}
		if n := s.Hand[s.Victim].InHand(); n >= 0 && n < len(stealRequests) {
			return engine.Status{Chance: stealRequests[n]}
		}
	case PhaseDraw:
		if s.Sealed != nil {
			return engine.Status{Chance: s.drawRequest()}
		}
		if n := s.Deck.Total(); n >= 0 && n < len(drawRequests) {
			return engine.Status{Chance: drawRequests[n]}
		}
	}
	if s.Phase >= firstExtPhase {
		m, c := s.rules.Expansion.Await(s)
		if c != nil {
			return engine.Status{Chance: c}
		}
		if s.Players >= MinPlayers && s.Players <= MaxPlayers && s.Active >= 0 && int(s.Active) < s.Players {
			return engine.Status{Deciders: seatOrders[s.Players][s.Active][m&(1<<uint(s.Players)-1)]}
		}
		var buf [MaxPlayers]engine.Seat
		return engine.Status{Deciders: append([]engine.Seat(nil), s.deciders(buf[:0])...)}
	}
	if s.baseChance() {
		kind, ranges := s.chance()
		return engine.Status{Chance: &engine.ChanceRequest{Kind: kind, Ranges: ranges}}
	}
	if s.Players < MinPlayers || s.Players > MaxPlayers || s.Active < 0 || int(s.Active) >= s.Players {
		var buf [MaxPlayers]engine.Seat
		return engine.Status{Deciders: append([]engine.Seat(nil), s.deciders(buf[:0])...)}
	}
	return engine.Status{Deciders: seatOrders[s.Players][s.Active][s.baseDecidersMask()]}
}

// decidersMask is the set of seats that may act now (bit p for seat p).
func (s *State) decidersMask() uint8 {
	if s.Phase >= firstExtPhase {
		m, _ := s.rules.Expansion.Await(s)
		return m & (1<<uint(s.Players) - 1)
	}
	return s.baseDecidersMask()
}

// baseDecidersMask is decidersMask in a base phase.
func (s *State) baseDecidersMask() uint8 {
	var m uint8
	switch s.Phase {
	case PhaseBoard, PhaseStartRoll, PhaseDice, PhaseSteal, PhaseDraw, PhaseOver:
	case PhaseDiscard:
		for p := 0; p < s.Players; p++ {
			if s.Discard[p] > 0 {
				m |= 1 << uint(p)
			}
		}
	case PhaseTradeOffer:
		for p := 0; p < s.Players; p++ {
			if p != int(s.Active) && s.Offer.Answer[p] == Pending {
				m |= 1 << uint(p)
			}
		}
	default:
		m = 1 << uint(s.Active)
	}
	return m
}

// The fixed parts of Status, shared by every state (never modified):
// seatOrders[players][active][set] lists the seats of set in turn order
// from active (the order of deciders); soleSeat[p] is {p}; the chance
// requests of the dice, of a steal from a hand of n and of a draw from a
// deck of n.
var (
	seatOrders    [MaxPlayers + 1][MaxPlayers][1 << MaxPlayers][]engine.Seat
	soleSeat      [MaxPlayers][]engine.Seat
	diceRequest   = &engine.ChanceRequest{Kind: "dice", Ranges: []int{6, 6}}
	stealRequests [128]*engine.ChanceRequest
	drawRequests  [32]*engine.ChanceRequest
)

func init() {
	for p := range soleSeat {
		soleSeat[p] = []engine.Seat{engine.Seat(p)}
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for active := 0; active < players; active++ {
			for set := 0; set < 1<<players; set++ {
				var l []engine.Seat
				for i := 0; i < players; i++ {
					if p := (active + i) % players; set&(1<<p) != 0 {
						l = append(l, engine.Seat(p))
					}
				}
				seatOrders[players][active][set] = l[:len(l):len(l)]
			}
		}
	}
	for n := range stealRequests {
		stealRequests[n] = &engine.ChanceRequest{Kind: "steal", Ranges: []int{n}}
	}
	for n := range drawRequests {
		drawRequests[n] = &engine.ChanceRequest{Kind: "draw", Ranges: []int{n}}
	}
}

// chance is the pending chance request; ranges is freshly allocated.
func (s *State) chance() (string, []int) { return s.appendChance(nil) }

// appendChance is chance appending the ranges to buf.
func (s *State) appendChance(buf []int) (string, []int) {
	switch s.Phase {
	case PhaseBoard:
		if m := s.rules.Board; m != nil && m.Ranges != nil {
			return "board", append(buf, m.Ranges...)
		}
		return "board", append(buf, boardRanges...)
	case PhaseStartRoll:
		for p := 0; p < s.Players; p++ {
			if s.Contending[p] {
				buf = append(buf, 6, 6)
			}
		}
		return "start-roll", buf
	case PhaseDice:
		if d := s.rules.Dice; d != nil {
			c := d.Request(s)
			return c.Kind, append(buf, c.Ranges...)
		}
		return "dice", append(buf, 6, 6)
	case PhaseSteal:
		if s.secretSteals() {
			r := s.stealRequest()
			return r.Kind, append(buf, r.Ranges...)
		}
		return "steal", append(buf, s.Hand[s.Victim].InHand())
	case PhaseDraw:
		if s.Sealed != nil {
			return "draw", append(buf, s.rules.d.deck.Total())
		}
		return "draw", append(buf, s.Deck.Total())
	}
	if s.Phase >= firstExtPhase {
		if _, c := s.rules.Expansion.Await(s); c != nil {
			return c.Kind, append(buf, c.Ranges...)
		}
	}
	return "", buf
}

// deciders appends the seats that may act now, in turn order from the
// active player.
func (s *State) deciders(buf []engine.Seat) []engine.Seat {
	if s.Phase >= firstExtPhase {
		m := s.decidersMask()
		for i := 0; i < s.Players; i++ {
			if p := (int(s.Active) + i) % s.Players; m&(1<<uint(p)) != 0 {
				buf = append(buf, engine.Seat(p))
			}
		}
		return buf
	}
	switch s.Phase {
	case PhaseBoard, PhaseStartRoll, PhaseDice, PhaseSteal, PhaseDraw, PhaseOver:
		return buf
	case PhaseDiscard:
		for i := 0; i < s.Players; i++ {
			p := (int(s.Active) + i) % s.Players
			if s.Discard[p] > 0 {
				buf = append(buf, engine.Seat(p))
			}
		}
		return buf
	case PhaseTradeOffer:
		for i := 1; i < s.Players; i++ {
			p := (int(s.Active) + i) % s.Players
			if s.Offer.Answer[p] == Pending {
				buf = append(buf, engine.Seat(p))
			}
		}
		return buf
	}
	return append(buf, engine.Seat(s.Active))
}

// decides reports whether seat may act now.
func (s *State) decides(seat int) bool {
	if s.Phase >= firstExtPhase {
		return seat >= 0 && seat < s.Players && s.decidersMask()&(1<<uint(seat)) != 0
	}
	return s.baseDecides(seat)
}

// baseDecides is decides in a base phase (small enough to inline where
// every action passes).
func (s *State) baseDecides(seat int) bool {
	if seat < 0 || seat >= s.Players {
		return false
	}
	switch s.Phase {
	case PhaseBoard, PhaseStartRoll, PhaseDice, PhaseSteal, PhaseDraw, PhaseOver:
		return false
	case PhaseDiscard:
		return s.Discard[seat] > 0
	case PhaseTradeOffer:
		return seat != int(s.Active) && s.Offer.Answer[seat] == Pending
	}
	return seat == int(s.Active)
}

// isChance reports whether the state waits for a chance outcome.
func (s *State) isChance() bool {
	p := s.Phase
	return chancePhases>>uint(p&31)&1 != 0 && p < firstExtPhase || p >= firstExtPhase && s.extChance()
}

// baseChance is isChance in a base phase.
func (s *State) baseChance() bool { return chancePhases>>uint(s.Phase&31)&1 != 0 }

// chancePhases are the base phases that wait for chance.
const chancePhases = 1<<PhaseBoard | 1<<PhaseStartRoll | 1<<PhaseDice | 1<<PhaseSteal | 1<<PhaseDraw

// extChance reports whether an expansion phase waits for chance.
func (s *State) extChance() bool {
	_, c := s.rules.Expansion.Await(s)
	return c != nil
}

// Points is seat's victory points, counting hidden Victory Point cards
// (and an expansion's hidden points).
func (s *State) Points(seat int) int {
	vp := s.basePoints(seat) + int(s.Dev[seat][VictoryPoint])
	if sc := s.rules.Scoring; sc != nil {
		public, hidden := sc(s, seat)
		vp += public + hidden
	}
	return vp
}

// PublicPoints is seat's victory points as the table sees them: buildings,
// special cards and an expansion's public points, not hidden Victory Point
// cards.
func (s *State) PublicPoints(seat int) int {
	vp := s.basePoints(seat)
	if sc := s.rules.Scoring; sc != nil {
		public, _ := sc(s, seat)
		vp += public
	}
	return vp
}

// basePoints is seat's points from buildings and the special cards.
func (s *State) basePoints(seat int) int {
	vp := int(SettlementPieces-s.SettlementsLeft[seat]) + 2*int(CityPieces-s.CitiesLeft[seat])
	if int(s.LongestRoad) == seat {
		vp += 2
	}
	if int(s.LargestArmy) == seat {
		vp += 2
	}
	return vp
}

// Scores are the public points of each seat while the game runs, and the
// full points (hidden Victory Point cards included) once it is over, so a
// scoreboard never reveals hidden cards early.
func (s *State) Scores() []int {
	out := make([]int, s.Players)
	for p := range out {
		if s.Phase == PhaseOver && s.Sealed != nil {
			out[p] = s.PublicPoints(p) + s.shownVP(p)
		} else if s.Phase == PhaseOver {
			out[p] = s.Points(p)
		} else {
			out[p] = s.PublicPoints(p)
		}
	}
	return out
}

// checkWin ends the game when the active player has reached the target
// during their own turn (fact sheet §15): called after every step of a
// regular turn and when a turn begins.
func (s *State) checkWin() {
	if s.Turn == 0 || s.Phase == PhaseOver {
		return
	}
	a := int(s.Active)
	vp := s.basePoints(a) + s.tableVP(a)
	if sc := s.rules.Scoring; sc != nil {
		public, hidden := sc(s, a)
		vp += public + hidden
	}
	if vp >= s.rules.d.target {
		s.Winner = s.Active
		s.Phase = PhaseOver
	}
}
