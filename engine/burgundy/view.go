package burgundy

import (
	"fmt"
	"strings"

	"tabula/engine"
)

// View is everything one seat may see, ready for encoding/json. In The
// Castles of Burgundy everything on the table is open except the face-down
// supplies, of which only the counts are shown; so the views of all seats
// differ only in Seat and Prompt.
//
// Conventions for the UI: seats are 0-based; depots are numbered 1–6;
// goods kinds are 1–6 (the die value that sells them); estate spaces are
// 1–37, row by row from the top (rows of 4-5-6-7-6-5-4), each with its axial
// hex coordinate (pointy-top, Q east, R south-east, space 19 at 0,0).
type View struct {
	Game    string      `json:"game"`
	Seat    engine.Seat `json:"seat"` // viewer; engine.Spectator for the public view
	Players int         `json:"players"`
	Stage   string      `json:"stage"` // "setup", "phase", "roll", "play", "over"
	Phase   string      `json:"phase"` // "A"…"E" ("" once over)
	Round   int         `json:"round"` // 1…5

	Depots     []DepotView `json:"depots"`     // numbered depots 1…6
	BlackDepot []TileView  `json:"blackDepot"` // tiles for the 2-silverling purchase
	RoundGoods []int       `json:"roundGoods"` // the 5 round spaces: goods kind still waiting there, 0 once moved
	Bonus      []BonusView `json:"bonus"`      // one per colour

	TurnTrack []TrackView   `json:"turnTrack"` // per seat
	TurnOrder []engine.Seat `json:"turnOrder"` // order of the current round
	Current   engine.Seat   `json:"current"`   // seat on turn, -1 outside play
	Decider   engine.Seat   `json:"decider"`   // seat whose decision is awaited, -1 if none
	WhiteDie  int           `json:"whiteDie"`  // this round's white die, 0 before the first roll

	Supply  SupplyView   `json:"supply"`
	Removed int          `json:"removed"` // tiles out of the game
	Estates []EstateView `json:"estates"` // per seat

	Pending []FrameView `json:"pending"` // decision stack, bottom first
	Prompt  string      `json:"prompt"`  // what the viewer is asked to do, or is waiting for

	Scores  []int         `json:"scores"`
	Over    bool          `json:"over"`
	Winners []engine.Seat `json:"winners,omitempty"`
	Ranking []engine.Seat `json:"ranking,omitempty"` // final standing, once over
}

// TileView is a hex tile as drawn.
type TileView struct {
	ID        int    `json:"id"`
	Colour    string `json:"colour"` // "castle", "mine", "ship", "animal", "knowledge", "building"
	Black     bool   `json:"black,omitempty"`
	Building  string `json:"building,omitempty"`
	Animal    string `json:"animal,omitempty"`
	Animals   int    `json:"animals,omitempty"`
	Knowledge int    `json:"knowledge,omitempty"`
	Name      string `json:"name"`
	Help      string `json:"help"`
}

// DepotView is a numbered depot.
type DepotView struct {
	Number int              `json:"number"`
	Spaces []DepotSpaceView `json:"spaces"` // the spaces in play at this player count
	Goods  []GoodsView      `json:"goods"`  // goods on its goods space
}

// DepotSpaceView is one hex space of a depot.
type DepotSpaceView struct {
	Colour string    `json:"colour"` // the tile type printed on the space
	Tile   *TileView `json:"tile,omitempty"`
}

// GoodsView is a pile of goods tiles of one kind.
type GoodsView struct {
	Kind  int `json:"kind"` // 1–6
	Count int `json:"count"`
}

// BonusView is the pair of bonus tiles of one colour.
type BonusView struct {
	Colour     string      `json:"colour"`
	Large      int         `json:"large"` // VP
	Small      int         `json:"small"` // VP
	LargeOwner engine.Seat `json:"largeOwner"`
	SmallOwner engine.Seat `json:"smallOwner"` // -1 while on the board
}

// TrackView is a marker on the turn-order track.
type TrackView struct {
	Seat   engine.Seat `json:"seat"`
	Space  int         `json:"space"`
	Height int         `json:"height"` // 0 = bottom of the stack
}

// SupplyView counts the face-down supplies.
type SupplyView struct {
	Tiles map[string]int `json:"tiles"` // normal-back tiles left by colour
	Black int            `json:"black"` // black-back tiles left
	Goods int            `json:"goods"` // face-down goods tiles left
}

// EstateView is one player's board.
type EstateView struct {
	Seat        engine.Seat `json:"seat"`
	Spaces      []SpaceView `json:"spaces"`  // 37, index = space id - 1
	Storage     []TileView  `json:"storage"` // hex storage (a 4th tile only while a discard is pending)
	Goods       []GoodsView `json:"goods"`   // goods storage (at most 3 kinds)
	Sold        []GoodsView `json:"sold"`    // sold goods, face down
	Silver      int         `json:"silver"`
	Workers     int         `json:"workers"`
	VP          int         `json:"vp"`
	Dice        []DieView   `json:"dice"`
	Bought      bool        `json:"bought"` // purchase made this turn
	EmptySpaces int         `json:"emptySpaces"`
	BonusTiles  []string    `json:"bonusTiles"` // e.g. "large ship"
	Prompt      string      `json:"prompt"`
	End         *EndScore   `json:"end,omitempty"`
}

// SpaceView is one estate space.
type SpaceView struct {
	ID     int       `json:"id"`
	Q      int       `json:"q"`
	R      int       `json:"r"`
	Colour string    `json:"colour"`
	Number int       `json:"number"` // die number, 0 on the start castle space
	Region int       `json:"region"`
	Tile   *TileView `json:"tile,omitempty"`
}

// DieView is one of a player's dice this round.
type DieView struct {
	Face int  `json:"face"`
	Used bool `json:"used"`
}

// FrameView is a pending decision.
type FrameView struct {
	Seat   engine.Seat `json:"seat"`
	Kind   string      `json:"kind"`
	Depot  int         `json:"depot,omitempty"`
	Prompt string      `json:"prompt"`
}

// TileViewOf describes a tile id for drawing.
func TileViewOf(id int) TileView {
	t := Tile(id)
	v := TileView{ID: id, Colour: t.Colour.String(), Black: t.Black, Animals: t.Animals,
		Knowledge: t.Knowledge, Name: t.Name(), Help: t.Help()}
	if t.Building != NoBuilding {
		v.Building = t.Building.String()
	}
	if t.Animal != NoAnimal {
		v.Animal = t.Animal.String()
	}
	return v
}

func tileRef(id int) *TileView {
	if id == 0 {
		return nil
	}
	v := TileViewOf(id)
	return &v
}

func goodsList(g [7]int) []GoodsView {
	out := []GoodsView{}
	for k := 1; k <= 6; k++ {
		if g[k] > 0 {
			out = append(out, GoodsView{Kind: k, Count: g[k]})
		}
	}
	return out
}

// View is what seat may see.
func (s *State) View(seat engine.Seat) any { return s.view(seat) }

func (s *State) view(seat engine.Seat) View {
	v := View{
		Game: ID, Seat: seat, Players: s.Players, Stage: s.Stage,
		Phase: PhaseName(s.Phase), Round: s.Round + 1,
		RoundGoods: append([]int(nil), s.RoundGoods[:]...),
		TurnOrder:  append([]engine.Seat(nil), s.Order...),
		Current:    s.Current(), Decider: -1, WhiteDie: s.White,
		Removed: len(s.Removed), Scores: s.Scores(),
		Over: s.Stage == StageOver, Winners: append([]engine.Seat(nil), s.Winners...),
	}
	if s.Stage == StagePlay {
		v.Decider = s.decider()
	}
	if s.Stage == StageOver {
		v.Round = 5
		v.Phase = "E"
		v.Ranking = s.ranking()
	}
	for d := 1; d <= 6; d++ {
		dv := DepotView{Number: d, Goods: goodsList(s.Depots[d].Goods)}
		for _, sp := range s.Depots[d].Spaces {
			dv.Spaces = append(dv.Spaces, DepotSpaceView{Colour: sp.Colour.String(), Tile: tileRef(sp.Tile)})
		}
		v.Depots = append(v.Depots, dv)
	}
	v.BlackDepot = []TileView{}
	for _, t := range s.Black {
		v.BlackDepot = append(v.BlackDepot, TileViewOf(t))
	}
	for _, c := range Colours {
		v.Bonus = append(v.Bonus, BonusView{Colour: c.String(),
			Large: BonusPoints(s.Players, true), Small: BonusPoints(s.Players, false),
			LargeOwner: engine.Seat(s.Bonus[c][0]), SmallOwner: engine.Seat(s.Bonus[c][1])})
	}
	for i, m := range s.Track {
		v.TurnTrack = append(v.TurnTrack, TrackView{Seat: engine.Seat(i), Space: m.Space, Height: m.Height})
	}
	v.Supply = SupplyView{Tiles: map[string]int{}, Black: len(s.BlackStack), Goods: s.goodsLeft()}
	for _, c := range Colours {
		v.Supply.Tiles[c.String()] = len(s.Stacks[c])
	}
	for i := range s.Seats {
		v.Estates = append(v.Estates, s.estateView(engine.Seat(i)))
	}
	for _, f := range s.Pending {
		v.Pending = append(v.Pending, FrameView{Seat: f.Seat, Kind: f.Kind, Depot: f.Depot, Prompt: framePrompt(f.Kind)})
	}
	if seat >= 0 && int(seat) < s.Players {
		v.Prompt = s.prompt(seat)
	} else {
		v.Prompt = s.publicPrompt()
	}
	return v
}

func (s *State) estateView(seat engine.Seat) EstateView {
	p := &s.Seats[seat]
	ev := EstateView{Seat: seat, Goods: goodsList(p.Goods), Sold: goodsList(p.Sold),
		Silver: p.Silver, Workers: p.Workers, VP: p.VP, Bought: p.Bought,
		EmptySpaces: p.emptySpaces(), Prompt: s.prompt(seat), End: p.End,
		Storage: []TileView{}, BonusTiles: []string{}}
	for sp := 1; sp <= Spaces; sp++ {
		e := estate[sp]
		ev.Spaces = append(ev.Spaces, SpaceView{ID: sp, Q: e.Hex.Q, R: e.Hex.R, Colour: e.Colour.String(),
			Number: e.Number, Region: e.Region, Tile: tileRef(p.Estate[sp])})
	}
	for _, t := range p.Storage {
		ev.Storage = append(ev.Storage, TileViewOf(t))
	}
	for i := 0; i < 2; i++ {
		ev.Dice = append(ev.Dice, DieView{Face: p.Dice[i], Used: p.Used[i]})
	}
	for _, c := range Colours {
		if s.Bonus[c][0] == int(seat) {
			ev.BonusTiles = append(ev.BonusTiles, "large "+c.String())
		}
		if s.Bonus[c][1] == int(seat) {
			ev.BonusTiles = append(ev.BonusTiles, "small "+c.String())
		}
	}
	return ev
}

// framePrompt is the question a pending decision asks.
func framePrompt(kind string) string {
	switch kind {
	case FrameCastle:
		return "Castle: take one extra action with a die of any number"
	case FrameWarehouse:
		return "Warehouse: sell all goods of one kind (or pass)"
	case FrameCarpenter:
		return "Carpenter's Workshop: take a building from any numbered depot (or pass)"
	case FrameChurch:
		return "Church: take a mine, knowledge or castle tile from any numbered depot (or pass)"
	case FrameMarket:
		return "Market: take a ship or animal tile from any numbered depot (or pass)"
	case FrameCityHall:
		return "City Hall: place a tile from your storage, any number (or pass)"
	case FrameShip:
		return "Ship: take all goods from one depot"
	case FrameShipAdjacent:
		return "Knowledge 5: also take the goods of a neighbouring depot (or pass)"
	case FrameShipGoods:
		return "Ship: not every kind fits; choose a goods kind to take"
	case FrameDiscard:
		return "Storage full: discard one of your older tiles"
	}
	return kind
}

// prompt is what seat is asked now, or what it waits for.
func (s *State) prompt(seat engine.Seat) string {
	switch s.Stage {
	case StageOver:
		rank := s.ranking()
		if rank[0] == seat {
			return fmt.Sprintf("Game over: you win with %d VP", s.Seats[seat].VP)
		}
		return fmt.Sprintf("Game over: seat %d wins; you have %d VP", rank[0], s.Seats[seat].VP)
	case StagePlay:
	default:
		return s.publicPrompt()
	}
	d := s.decider()
	if d != seat {
		return fmt.Sprintf("Waiting for seat %d", d)
	}
	if n := len(s.Pending); n > 0 {
		return framePrompt(s.Pending[n-1].Kind)
	}
	p := &s.Seats[seat]
	var dice []string
	for i := 0; i < 2; i++ {
		if !p.Used[i] {
			dice = append(dice, fmt.Sprint(p.Dice[i]))
		}
	}
	if len(dice) == 0 {
		return "Buy a tile for 2 silverlings, or end your turn"
	}
	return "Your turn: use die " + strings.Join(dice, " and ")
}

func (s *State) publicPrompt() string {
	switch s.Stage {
	case StageSetup:
		return "Setting up"
	case StagePhase:
		return "Preparing phase " + PhaseName(s.Phase)
	case StageRoll:
		return "Rolling the dice"
	case StagePlay:
		return fmt.Sprintf("Waiting for seat %d", s.decider())
	case StageOver:
		return fmt.Sprintf("Game over: seat %d wins", s.ranking()[0])
	}
	return ""
}
