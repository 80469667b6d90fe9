package burgundy

import (
	"fmt"

	"tabula/engine"
)

// Action is every decision of the game. Name says which one; the other
// fields are used as each kind documents, and are zero otherwise.
//
// Die actions carry the die they use (Die = the face rolled, 1–6) and the
// workers spent on it (Workers); Value is the number the die shows after the
// workers (and any free ±1 from knowledge tiles 9–12). A castle's extra
// action and the follow-ups of buildings use no die: Die and Workers are 0
// and Value is the number chosen.
type Action struct {
	Name    string `json:"kind"`
	Die     int    `json:"die,omitempty"`     // face of the die used (1–6), 0 for no die
	Workers int    `json:"workers,omitempty"` // workers spent changing that die
	Value   int    `json:"value,omitempty"`   // depot / space number / goods kind, as below
	Tile    int    `json:"tile,omitempty"`    // tile id
	Space   int    `json:"space,omitempty"`   // estate space 1…37
}

// Action names.
const (
	// Take a hex tile: Value = depot 1–6, Tile = a tile on it. Into storage.
	ActTake = "take"
	// Place a hex tile: Tile = a tile in storage, Space = an empty estate
	// space; Value = that space's die number.
	ActPlace = "place"
	// Sell all goods of one kind: Value = the goods kind (1–6).
	ActSell = "sell"
	// Take workers (any die value).
	ActWorkers = "workers"
	// Buy for 2 silverlings, once per turn: Tile from the black depot
	// (Value 0) or, with knowledge 6, from numbered depot Value.
	ActBuy = "buy"
	// Discard Tile from storage (storage over 3).
	ActDiscard = "discard"
	// Ship follow-up: take the goods of depot Value.
	ActShip = "ship"
	// Ship follow-up when not every kind fits: take goods kind Value.
	ActGoods = "goods"
	// Decline an optional follow-up.
	ActPass = "pass"
	// End the turn after both dice are used (only asked while a purchase is
	// still possible; otherwise the turn ends by itself).
	ActEndTurn = "end-turn"
)

// Kind is the action's name.
func (a Action) Kind() string { return a.Name }

// String is a short readable form for logs and errors.
func (a Action) String() string {
	s := a.Name
	if a.Die != 0 {
		s += fmt.Sprintf(" die=%d", a.Die)
	}
	if a.Workers != 0 {
		s += fmt.Sprintf(" workers=%d", a.Workers)
	}
	if a.Value != 0 {
		s += fmt.Sprintf(" value=%d", a.Value)
	}
	if a.Tile != 0 {
		s += fmt.Sprintf(" tile=%d(%s)", a.Tile, Tile(a.Tile).Name())
	}
	if a.Space != 0 {
		s += fmt.Sprintf(" space=%d", a.Space)
	}
	return s
}

// Take is a die action taking tile from depot value.
func Take(die, workers, depot, tile int) Action {
	return Action{Name: ActTake, Die: die, Workers: workers, Value: depot, Tile: tile}
}

// Place is a die action placing tile from storage on space (its die number
// is Space(space).Number).
func Place(die, workers, tile, space int) Action {
	return Action{Name: ActPlace, Die: die, Workers: workers, Value: Space(space).Number, Tile: tile, Space: space}
}

// Sell is a die action selling every goods tile of kind.
func Sell(die, workers, kind int) Action {
	return Action{Name: ActSell, Die: die, Workers: workers, Value: kind}
}

// TakeWorkers is the die action taking workers.
func TakeWorkers(die int) Action { return Action{Name: ActWorkers, Die: die} }

// Buy pays 2 silverlings for tile from the black depot (depot 0) or, with
// knowledge tile 6, from a numbered depot.
func Buy(depot, tile int) Action { return Action{Name: ActBuy, Value: depot, Tile: tile} }

// Discard removes tile from storage.
func Discard(tile int) Action { return Action{Name: ActDiscard, Tile: tile} }

// ShipGoods takes the goods of depot.
func ShipGoods(depot int) Action { return Action{Name: ActShip, Value: depot} }

// TakeGoodsKind takes the goods of one kind during a ship follow-up.
func TakeGoodsKind(kind int) Action { return Action{Name: ActGoods, Value: kind} }

// Pass declines an optional follow-up.
func Pass() Action { return Action{Name: ActPass} }

// EndTurn ends the turn after both dice are used.
func EndTurn() Action { return Action{Name: ActEndTurn} }

// wellFormed checks the shape of a decoded action (not its legality).
func (a Action) wellFormed() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", engine.ErrBadAction, fmt.Sprintf(format, args...))
	}
	switch a.Name {
	case ActTake, ActPlace, ActSell, ActWorkers, ActBuy, ActDiscard, ActShip, ActGoods, ActPass, ActEndTurn:
	default:
		return bad("unknown action %q", a.Name)
	}
	if a.Die < 0 || a.Die > 6 {
		return bad("die %d outside 1–6", a.Die)
	}
	if a.Workers < 0 || a.Workers > 3 {
		return bad("workers %d outside 0–3", a.Workers)
	}
	if a.Value < 0 || a.Value > 6 {
		return bad("value %d outside 1–6", a.Value)
	}
	if a.Tile < 0 || a.Tile > TileCount {
		return bad("tile %d outside 1–%d", a.Tile, TileCount)
	}
	if a.Space < 0 || a.Space > Spaces {
		return bad("space %d outside 1–%d", a.Space, Spaces)
	}
	return nil
}

func asAction(a engine.Action) (Action, error) {
	switch v := a.(type) {
	case Action:
		return v, v.wellFormed()
	case *Action:
		if v == nil {
			return Action{}, fmt.Errorf("%w: nil action", engine.ErrBadAction)
		}
		return *v, v.wellFormed()
	}
	return Action{}, fmt.Errorf("%w: not a burgundy action (%T)", engine.ErrBadAction, a)
}

// Describe is a one-line English description of a, for buttons and logs:
// "Take Church from depot 3 (die 2 +1 worker)".
func Describe(a Action) string {
	var s string
	t := Tile(a.Tile).Name()
	switch a.Name {
	case ActTake:
		s = fmt.Sprintf("Take %s from depot %d", t, a.Value)
	case ActPlace:
		s = fmt.Sprintf("Place %s on space %d (%d)", t, a.Space, a.Value)
	case ActSell:
		s = fmt.Sprintf("Sell goods %d", a.Value)
	case ActWorkers:
		s = "Take workers"
	case ActBuy:
		if a.Value == 0 {
			s = fmt.Sprintf("Buy %s from the black depot (2 silverlings)", t)
		} else {
			s = fmt.Sprintf("Buy %s from depot %d (2 silverlings)", t, a.Value)
		}
	case ActDiscard:
		s = fmt.Sprintf("Discard %s", t)
	case ActShip:
		s = fmt.Sprintf("Take the goods of depot %d", a.Value)
	case ActGoods:
		s = fmt.Sprintf("Take goods %d", a.Value)
	case ActPass:
		s = "Pass"
	case ActEndTurn:
		s = "End turn"
	default:
		return a.Name
	}
	if a.Die != 0 {
		s += fmt.Sprintf(" (die %d", a.Die)
		switch a.Workers {
		case 0:
		case 1:
			s += " +1 worker"
		default:
			s += fmt.Sprintf(" +%d workers", a.Workers)
		}
		s += ")"
	}
	return s
}
