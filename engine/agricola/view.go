package agricola

import (
	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// View is everything a seat may see, ready to draw a table (and to encode
// as JSON). The same for every seat except each farm's hand, which only
// its owner sees (the others see its size). See the package doc ("For the
// UI") for how the parts fit.
type View struct {
	Seat    engine.Seat `json:"seat"` // the viewer; -1 = spectator
	Players int         `json:"players"`
	Family  bool        `json:"family"`
	Round   int         `json:"round"` // 0 before round 1
	Stage   int         `json:"stage"`
	// NextHarvest is the round whose end brings the next harvest (this
	// round included; 0 after the last); HarvestNow while one runs.
	NextHarvest int  `json:"nextHarvest"`
	HarvestNow  bool `json:"harvestNow,omitempty"`
	// Start holds the starting-player marker; Turn is whose person is
	// placed next; Decider is whose decision is awaited now (-1 while
	// chance is drawn or after the end).
	Start   engine.Seat `json:"start"`
	Turn    engine.Seat `json:"turn"`
	Decider engine.Seat `json:"decider"`
	// Decision is the decision awaited (nil for a placement, chance or
	// the end); the actions that answer it are Options(Decider).
	Decision *DecisionView `json:"decision,omitempty"`

	Spaces []SpaceView `json:"spaces"` // action spaces in play: the board, then stage cards as revealed
	Rounds []RoundView `json:"rounds"` // the round track, rounds 1…14
	Majors []MajorView `json:"majors"` // the 10 major improvements
	Farms  []FarmView  `json:"farms"`  // one per seat

	Over    bool          `json:"over,omitempty"`
	Winners []engine.Seat `json:"winners,omitempty"`
}

// SpaceView is one action space in play.
type SpaceView struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Stage int    `json:"stage,omitempty"` // stage cards: their stage
	Round int    `json:"round,omitempty"` // stage cards: the round they came out
	// Goods lie on it now (an accumulation space's pile); Accumulate is
	// added each round, Take is given on every use, Choose offers one of.
	Goods      Goods   `json:"goods"`
	Accumulate Goods   `json:"accumulate"`
	Take       Goods   `json:"take"`
	Choose     []Goods `json:"choose,omitempty"`
	// What else it does, in the rules' words: ops of its steps in order
	// ("and then"), family growth, the starting player.
	Steps       []Step `json:"steps,omitempty"`
	Grow        int    `json:"grow,omitempty"`
	StartPlayer bool   `json:"startPlayer,omitempty"`
	// People standing on it this round (seats).
	People []engine.Seat `json:"people,omitempty"`
	// Usable: the viewer could place a person here now (their turn, a
	// person left, free, and at least one of its actions possible).
	Usable bool `json:"usable,omitempty"`
}

// RoundView is one space of the round track.
type RoundView struct {
	Round   int        `json:"round"`
	Stage   int        `json:"stage"`
	Harvest bool       `json:"harvest,omitempty"` // a harvest ends this round
	Card    string     `json:"card,omitempty"`    // the stage card revealed (space id), once revealed
	Name    string     `json:"name,omitempty"`
	Goods   []Delivery `json:"goods,omitempty"` // goods waiting there for players (Well, cards)
}

// MajorView is one major improvement.
type MajorView struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Cost      Goods        `json:"cost"`
	ReturnFor []string     `json:"returnFor,omitempty"` // may be paid by returning one of these
	VP        int          `json:"vp"`
	Converts  []Conversion `json:"converts,omitempty"`
	Owner     engine.Seat  `json:"owner"` // -1 while on the board
}

// FarmView is one player's farm, supply and score.
type FarmView struct {
	Seat  engine.Seat   `json:"seat"`
	House Good          `json:"house"` // Wood, Clay or Stone
	Yard  farmyard.Yard `json:"yard"`
	// Cells are the 15 farmyard cells (index cell-1) with what is on them.
	Cells []CellView `json:"cells"`
	// Pastures in farmyard order, with their capacity (card effects
	// included) and the animals placed in them.
	Pastures []PastureView `json:"pastures"`
	// Holders are every place animals live (pastures, unfenced stables,
	// house, cards) and Placed the animals in each, in the same order:
	// one arrangement; animals move freely, so any other arrangement that
	// fits (PreviewAnimals) is as good.
	Holders []farmyard.Holder `json:"holders"`
	Placed  []farmyard.Herd   `json:"placed"`
	Animals farmyard.Herd     `json:"animals"` // totals
	// Goods is the personal supply (animals included, as in Animals).
	Goods Goods `json:"goods"`

	People    int `json:"people"`
	Newborns  int `json:"newborns,omitempty"`
	Available int `json:"available"` // people still to place this round
	Beds      int `json:"beds"`      // room for people (rooms and cards)
	Begging   int `json:"begging,omitempty"`
	// FoodNeeded is what the family eats at the next harvest as it stands.
	FoodNeeded  int `json:"foodNeeded"`
	FencesLeft  int `json:"fencesLeft"`
	StablesLeft int `json:"stablesLeft"`

	Cards    []string `json:"cards,omitempty"` // in front of the player (majors included)
	Hand     []string `json:"hand,omitempty"`  // own hand only
	HandSize int      `json:"handSize"`
	// Packet is the cards to pick from while drafting (own only).
	Packet     []string    `json:"packet,omitempty"`
	PacketSize int         `json:"packetSize,omitempty"`
	CardFields []CardField `json:"cardFields,omitempty"`
	// Score is the live score by category (final once the game is over).
	Score ScoreSheet `json:"score"`
	// Conversions the player may use now (cooking, eating raw, crafts).
	Conversions []Conversion `json:"conversions,omitempty"`
}

// CellView is one farmyard cell.
type CellView struct {
	Cell    farmyard.Cell `json:"cell"`
	Row     int           `json:"row"`
	Col     int           `json:"col"`
	Tile    string        `json:"tile,omitempty"` // "room", "field" or "" (empty)
	Stable  bool          `json:"stable,omitempty"`
	Pasture int           `json:"pasture,omitempty"` // 1-based index into FarmView.Pastures, 0 = none
	Crop    Crop          `json:"crop"`
}

// PastureView is one pasture.
type PastureView struct {
	Cells    farmyard.Set  `json:"cells"`
	Stables  int           `json:"stables"`
	Capacity int           `json:"capacity"`
	Animals  farmyard.Herd `json:"animals"`
}

// DecisionView describes the decision awaited.
type DecisionView struct {
	Kind string      `json:"kind"` // a decision frame kind (FrameMenu, FrameFeed, …)
	Seat engine.Seat `json:"seat"`
	Via  string      `json:"via,omitempty"` // the space or card that asks
	// Menus: the ops still offered, those done, whether one is required
	// before "done", and whether only one of them may be done.
	Ops  Op   `json:"ops,omitempty"`
	Done Op   `json:"done,omitempty"`
	Need bool `json:"need,omitempty"`
	One  bool `json:"one,omitempty"`
	// Choose: the options. Feed: the food needed. Animals/breed: see the
	// options (keep or breed actions).
	Choices    []Goods `json:"choices,omitempty"`
	FoodNeeded int     `json:"foodNeeded,omitempty"`
}

// View is what seat sees: a View value.
func (s *State) View(seat engine.Seat) any { return s.ViewOf(seat) }

// ViewOf is View with its concrete type.
func (s *State) ViewOf(seat engine.Seat) View {
	v := View{
		Seat: seat, Players: s.Players, Family: s.Family, Round: s.Round, Stage: StageOf(s.Round),
		NextHarvest: NextHarvest(max(s.Round, 1)), HarvestNow: s.Harvest,
		Start: s.Start, Turn: s.Turn, Decider: s.Decider(), Over: s.Over,
		Winners: cloneSlice(s.Winners),
	}
	if s.Harvest && v.NextHarvest == s.Round {
		v.NextHarvest = NextHarvest(s.Round + 1)
	}
	if f := s.top(); f != nil && decision(f.Kind) && !s.Over {
		d := &DecisionView{Kind: f.Kind, Seat: f.Seat, Via: f.Via, Choices: cloneSlice(f.Choices)}
		if f.Kind == FrameMenu {
			d.Ops, d.Done, d.Need, d.One = s.offered(f), f.Done, f.Need, f.One
		}
		if f.Kind == FrameFeed {
			d.FoodNeeded = s.FoodNeeded(f.Seat)
		}
		v.Decision = d
	}
	placing := s.top() == nil && !s.Over && s.Turn == seat && s.Round > 0
	for r := 1; r <= 14; r++ {
		rv := RoundView{Round: r, Stage: StageOf(r), Harvest: IsHarvest(r), Card: s.Rounds[r].Card, Goods: cloneSlice(s.Rounds[r].Goods)}
		if d := StageCard(rv.Card); d != nil {
			rv.Name = d.Name
		}
		v.Rounds = append(v.Rounds, rv)
	}
	for _, sp := range s.Board {
		d := s.Def(sp.ID)
		if d == nil {
			continue
		}
		sv := SpaceView{ID: sp.ID, Name: d.Name, Stage: d.Stage, Goods: sp.Goods, Accumulate: d.Accumulate,
			Take: d.Take, Choose: cloneSlice(d.Choose), Steps: cloneSlice(d.Steps), Grow: d.Grow,
			StartPlayer: d.StartPlayer, People: cloneSlice(sp.People)}
		if d.Stage > 0 {
			for r := 1; r <= 14; r++ {
				if s.Rounds[r].Card == sp.ID {
					sv.Round = r
				}
			}
		}
		if placing && (len(sp.People) == 0 || s.mayJoin(seat, sp.ID)) && s.Available(seat) > 0 {
			sp := sp
			sv.Usable = s.usable(seat, d, &sp)
		}
		v.Spaces = append(v.Spaces, sv)
	}
	for _, id := range Majors {
		c := cardOf(id)
		v.Majors = append(v.Majors, MajorView{ID: id, Name: c.Name, Cost: c.Cost, ReturnFor: cloneSlice(c.ReturnFor),
			VP: c.VP, Converts: cloneSlice(c.Converts), Owner: s.MajorOwner(id)})
	}
	sheets := s.ScoreSheets()
	for i := range s.Seats {
		v.Farms = append(v.Farms, s.farmView(engine.Seat(i), seat, sheets[i]))
	}
	return v
}

// farmView is seat's farm as viewer sees it.
func (s *State) farmView(seat, viewer engine.Seat, sc ScoreSheet) FarmView {
	p := &s.Seats[seat]
	y := p.Yard
	fv := FarmView{
		Seat: seat, House: p.House, Yard: y, Animals: p.Goods.Herd(), Goods: p.Goods,
		People: p.People, Newborns: p.Newborns, Available: max(s.Available(seat), 0), Beds: s.Beds(seat),
		Begging: p.Begging, FoodNeeded: s.FoodNeeded(seat),
		FencesLeft: farmyard.MaxFences - y.Fences.Len(), StablesLeft: farmyard.MaxStables - y.Stables.Len(),
		Cards: cloneSlice(p.Cards), HandSize: len(p.Hand), CardFields: cloneSlice(p.CardFields), Score: sc,
		PacketSize: len(p.Packet),
	}
	if seat == viewer {
		fv.Hand = cloneSlice(p.Hand)
		fv.Packet = cloneSlice(p.Packet)
	}
	if s.Decider() == seat {
		fv.Conversions = s.usableConversions(seat)
	}
	fv.Holders = s.Holders(seat)
	fv.Placed, _ = farmyard.Arrange(fv.Holders, fv.Animals)
	for i, h := range fv.Holders {
		if h.Where != farmyard.InPasture {
			continue
		}
		pv := PastureView{Cells: h.Cells, Stables: (h.Cells & y.Stables).Len(), Capacity: h.Cap}
		if fv.Placed != nil {
			pv.Animals = fv.Placed[i]
		}
		fv.Pastures = append(fv.Pastures, pv)
	}
	for c := farmyard.Cell(1); c <= farmyard.Cells; c++ {
		cv := CellView{Cell: c, Row: c.Row(), Col: c.Col(), Stable: y.Stables.Has(c), Crop: p.Crops[c-1]}
		switch {
		case y.Rooms.Has(c):
			cv.Tile = "room"
		case y.Fields.Has(c):
			cv.Tile = "field"
		}
		for i, pv := range fv.Pastures {
			if pv.Cells.Has(c) {
				cv.Pasture = i + 1
			}
		}
		fv.Cells = append(fv.Cells, cv)
	}
	return fv
}
