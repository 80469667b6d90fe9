package catan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"tabula/engine"
)

// ActionType names an action; in JSON it is the "type" string.
type ActionType int8

const (
	ActRoll             ActionType = iota // roll the dice
	ActBuildRoad                          // Edge; also founding and Road Building roads
	ActBuildSettlement                    // Vertex; also founding settlements
	ActBuildCity                          // Vertex
	ActBuyDevelopment                     // draw a development card
	ActPlayKnight                         // then move the robber
	ActPlayRoadBuilding                   // then place up to 2 free roads
	ActPlayYearOfPlenty                   // Get: the 2 cards taken
	ActPlayMonopoly                       // Resource
	ActDiscard                            // Give: the cards discarded on a 7
	ActMoveRobber                         // Hex
	ActRob                                // Seat: the victim
	ActMaritimeTrade                      // Give: rate × one resource; Get: 1 card
	ActProposeTrade                       // Give / Get of the active player
	ActAcceptTrade                        // accept the pending offer
	ActRejectTrade                        // reject the pending offer
	ActCounterTrade                       // Give / Get of the answering player
	ActConfirmTrade                       // Seat: trade with this answerer
	ActCancelTrade                        // withdraw the offer
	ActEndTurn                            // pass the dice
	numActionTypes
)

// Expansion action kinds are numbered from firstExtAction, in the order
// they are registered (Rules.NewAction): numbers never reach a log, names
// do.
const (
	firstExtAction = 32
	maxActionTypes = 128
)

var (
	actionNames = [maxActionTypes]string{
		"roll", "build-road", "build-settlement", "build-city", "buy-development",
		"play-knight", "play-road-building", "play-year-of-plenty", "play-monopoly",
		"discard", "move-robber", "rob", "maritime-trade", "propose-trade",
		"accept-trade", "reject-trade", "counter-trade", "confirm-trade",
		"cancel-trade", "end-turn",
	}
	actionByName = func() map[string]ActionType {
		m := map[string]ActionType{}
		for t := ActionType(0); t < numActionTypes; t++ {
			m[actionNames[t]] = t
		}
		return m
	}()
	nextAction = ActionType(firstExtAction)
)

// String is the type's name ("build-road").
func (t ActionType) String() string {
	if t.known() {
		return actionNames[t]
	}
	return t.unknown()
}

func (t ActionType) unknown() string { return "ActionType(" + strconv.Itoa(int(t)) + ")" }

// known reports whether t is a base or registered action kind.
func (t ActionType) known() bool { return t >= 0 && int(t) < maxActionTypes && actionNames[t] != "" }

// ParseActionType is the inverse of String.
func ParseActionType(s string) (ActionType, bool) {
	t, ok := actionByName[s]
	return t, ok
}

// Field names the fields of Action a kind carries (FieldVertex | FieldTo);
// every other field must be zero.
type Field int

const (
	FieldVertex Field = 1 << iota
	FieldEdge
	FieldHex
	FieldSeat
	FieldResource
	FieldGive
	FieldGet
	FieldTo   // an expansion's second id: where a piece goes
	FieldCard // an expansion's card, chart or deck number
	FieldDice // an expansion's chosen dice
)

const (
	fVertex   = FieldVertex
	fEdge     = FieldEdge
	fHex      = FieldHex
	fSeat     = FieldSeat
	fResource = FieldResource
	fGive     = FieldGive
	fGet      = FieldGet
)

var actionFields = [maxActionTypes]Field{
	ActBuildRoad:        fEdge,
	ActBuildSettlement:  fVertex,
	ActBuildCity:        fVertex,
	ActPlayYearOfPlenty: fGet,
	ActPlayMonopoly:     fResource,
	ActDiscard:          fGive,
	ActMoveRobber:       fHex,
	ActRob:              fSeat,
	ActMaritimeTrade:    fGive | fGet,
	ActProposeTrade:     fGive | fGet,
	ActCounterTrade:     fGive | fGet,
	ActConfirmTrade:     fSeat,
}

// Action is every decision of a Catan player. Type says which; only the
// fields that type uses are meaningful (the constructors below fill them),
// and only those appear in its JSON, e.g. {"type":"build-road","edge":17}
// or {"type":"propose-trade","give":{"wool":1},"get":{"ore":1}}.
//
// Give and Get are always from the acting seat's view: Give leaves its
// hand, Get enters it. To, Card and Dice serve expansion kinds only (see
// Field).
type Action struct {
	Type     ActionType
	Resource Resource // Monopoly's resource
	Give     Resources
	Get      Resources
	Dice     [2]int8     // chosen dice (an expansion's)
	Vertex   int         // intersection id (Island.Vertices)
	Edge     int         // path id (Island.Edges)
	Hex      int         // hex id (Island.Hexes)
	Seat     engine.Seat // victim to rob, or trade partner to confirm
	To       int         // where a piece goes: intersection, path or hex (an expansion's)
	Card     int         // a card, chart or deck (an expansion's)
}

// Kind is the action type's name.
func (a Action) Kind() string { return a.Type.String() }

func (a Action) String() string {
	b, err := a.MarshalJSON()
	if err != nil {
		return fmt.Sprintf("{bad action %d}", int(a.Type))
	}
	return string(b)
}

// Constructors, one per action type.

func Roll() Action                      { return Action{Type: ActRoll} }
func BuildRoad(edge int) Action         { return Action{Type: ActBuildRoad, Edge: edge} }
func BuildSettlement(vertex int) Action { return Action{Type: ActBuildSettlement, Vertex: vertex} }
func BuildCity(vertex int) Action       { return Action{Type: ActBuildCity, Vertex: vertex} }
func BuyDevelopment() Action            { return Action{Type: ActBuyDevelopment} }
func PlayKnight() Action                { return Action{Type: ActPlayKnight} }
func PlayRoadBuilding() Action          { return Action{Type: ActPlayRoadBuilding} }

// PlayYearOfPlenty takes a and b (may be equal) from the bank. When the
// bank holds only one card in all, use PlayYearOfPlentyOne.
func PlayYearOfPlenty(a, b Resource) Action {
	var g Resources
	g[a]++
	g[b]++
	return Action{Type: ActPlayYearOfPlenty, Get: g}
}

// PlayYearOfPlentyOne takes the single card a bank of one card can give.
func PlayYearOfPlentyOne(a Resource) Action {
	return Action{Type: ActPlayYearOfPlenty, Get: Of(a, 1)}
}

func PlayMonopoly(r Resource) Action { return Action{Type: ActPlayMonopoly, Resource: r} }

// Discard gives up cards on a 7: exactly half the hand, rounded down.
func Discard(cards Resources) Action { return Action{Type: ActDiscard, Give: cards} }

func MoveRobber(hex int) Action     { return Action{Type: ActMoveRobber, Hex: hex} }
func Rob(victim engine.Seat) Action { return Action{Type: ActRob, Seat: victim} }

// MaritimeTrade gives rate cards of give to the bank for one card of get;
// rate must be the seat's best rate for give (4, 3 or 2).
func MaritimeTrade(give Resource, rate int, get Resource) Action {
	return Action{Type: ActMaritimeTrade, Give: Of(give, rate), Get: Of(get, 1)}
}

// ProposeTrade offers give (from the active player) for get.
func ProposeTrade(give, get Resources) Action {
	return Action{Type: ActProposeTrade, Give: give, Get: get}
}

func AcceptTrade() Action { return Action{Type: ActAcceptTrade} }
func RejectTrade() Action { return Action{Type: ActRejectTrade} }

// CounterTrade answers an offer with the answerer's own terms: give (from
// the answerer) for get (from the active player).
func CounterTrade(give, get Resources) Action {
	return Action{Type: ActCounterTrade, Give: give, Get: get}
}

// ConfirmTrade closes the offer with partner, who accepted or countered.
func ConfirmTrade(partner engine.Seat) Action { return Action{Type: ActConfirmTrade, Seat: partner} }
func CancelTrade() Action                     { return Action{Type: ActCancelTrade} }
func EndTurn() Action                         { return Action{Type: ActEndTurn} }

// MarshalJSON writes the type and exactly the fields it uses.
func (a Action) MarshalJSON() ([]byte, error) {
	return a.appendJSON(make([]byte, 0, 64))
}

// appendJSON appends MarshalJSON's encoding to b.
func (a Action) appendJSON(b []byte) ([]byte, error) {
	if !a.Type.known() {
		return nil, fmt.Errorf("%w: action type %d", engine.ErrBadAction, int(a.Type))
	}
	f := actionFields[a.Type]
	b = append(b, `{"type":"`...)
	b = append(b, actionNames[a.Type]...)
	b = append(b, '"')
	num := func(name string, v int) {
		b = append(b, ',', '"')
		b = append(b, name...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	if f&fVertex != 0 {
		num("vertex", a.Vertex)
	}
	if f&fEdge != 0 {
		num("edge", a.Edge)
	}
	if f&fHex != 0 {
		num("hex", a.Hex)
	}
	if f&fSeat != 0 {
		num("seat", int(a.Seat))
	}
	if f&fResource != 0 {
		if !a.Resource.Known() {
			return nil, fmt.Errorf("%w: resource %d", engine.ErrBadAction, int(a.Resource))
		}
		b = append(b, `,"resource":"`...)
		b = append(b, resourceNames[a.Resource]...)
		b = append(b, '"')
	}
	if f&fGive != 0 {
		b = append(b, `,"give":`...)
		b = a.Give.appendJSON(b)
	}
	if f&fGet != 0 {
		b = append(b, `,"get":`...)
		b = a.Get.appendJSON(b)
	}
	if f&FieldTo != 0 {
		num("to", a.To)
	}
	if f&FieldCard != 0 {
		num("card", a.Card)
	}
	if f&FieldDice != 0 {
		b = append(b, `,"dice":`...)
		b = appendInt8s(b, a.Dice[:])
	}
	return append(b, '}'), nil
}

type wireAction struct {
	Type     *string    `json:"type"`
	Vertex   *int       `json:"vertex"`
	Edge     *int       `json:"edge"`
	Hex      *int       `json:"hex"`
	Seat     *int       `json:"seat"`
	Resource *Resource  `json:"resource"`
	Give     *Resources `json:"give"`
	Get      *Resources `json:"get"`
	To       *int       `json:"to"`
	Card     *int       `json:"card"`
	Dice     *[2]int8   `json:"dice"`
}

// UnmarshalJSON reads an action strictly: a known type, every field that
// type needs, no other field. Errors wrap engine.ErrBadAction.
func (a *Action) UnmarshalJSON(data []byte) error {
	if x, ok := decodeCanonical(data); ok {
		*a = x
		return nil
	}
	x, err := decodeGeneral(data)
	if err != nil {
		return err
	}
	*a = x
	return nil
}

// decodeGeneral is UnmarshalJSON for any JSON (through encoding/json).
func decodeGeneral(data []byte) (Action, error) {
	var w wireAction
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return Action{}, fmt.Errorf("%w: %v", engine.ErrBadAction, err)
	}
	if dec.More() {
		return Action{}, fmt.Errorf("%w: trailing data after the action", engine.ErrBadAction)
	}
	if w.Type == nil {
		return Action{}, fmt.Errorf("%w: action has no type", engine.ErrBadAction)
	}
	t, ok := ParseActionType(*w.Type)
	if !ok {
		return Action{}, fmt.Errorf("%w: unknown action type %q", engine.ErrBadAction, *w.Type)
	}
	f := actionFields[t]
	var out Action
	out.Type = t
	check := func(flag Field, name string, present bool) error {
		if present != (f&flag != 0) {
			if present {
				return fmt.Errorf("%w: %s takes no %q", engine.ErrBadAction, t, name)
			}
			return fmt.Errorf("%w: %s needs %q", engine.ErrBadAction, t, name)
		}
		return nil
	}
	for _, c := range []struct {
		flag    Field
		name    string
		present bool
	}{
		{fVertex, "vertex", w.Vertex != nil}, {fEdge, "edge", w.Edge != nil}, {fHex, "hex", w.Hex != nil},
		{fSeat, "seat", w.Seat != nil}, {fResource, "resource", w.Resource != nil},
		{fGive, "give", w.Give != nil}, {fGet, "get", w.Get != nil},
		{FieldTo, "to", w.To != nil}, {FieldCard, "card", w.Card != nil}, {FieldDice, "dice", w.Dice != nil},
	} {
		if err := check(c.flag, c.name, c.present); err != nil {
			return Action{}, err
		}
	}
	if w.Vertex != nil {
		out.Vertex = *w.Vertex
	}
	if w.Edge != nil {
		out.Edge = *w.Edge
	}
	if w.Hex != nil {
		out.Hex = *w.Hex
	}
	if w.Seat != nil {
		out.Seat = engine.Seat(*w.Seat)
	}
	if w.Resource != nil {
		out.Resource = *w.Resource
	}
	if w.Give != nil {
		out.Give = *w.Give
	}
	if w.Get != nil {
		out.Get = *w.Get
	}
	if w.To != nil {
		out.To = *w.To
	}
	if w.Card != nil {
		out.Card = *w.Card
	}
	if w.Dice != nil {
		out.Dice = *w.Dice
	}
	return out, nil
}

// DecodeAction parses one logged action (see Action.UnmarshalJSON).
func DecodeAction(data []byte) (Action, error) {
	var a Action
	if err := a.UnmarshalJSON(data); err != nil {
		return Action{}, err
	}
	return a, nil
}

// decodeCanonical is the fast path of UnmarshalJSON: it reads only the
// exact bytes MarshalJSON writes (what logs and peers carry) and reports
// false for anything else, which the general decoder then reads or
// refuses. It accepts an action only if MarshalJSON gives back data byte
// for byte and the general decoder's bounds hold (resource counts in
// [0, CardsPerResource]), so both paths agree wherever it answers.
func decodeCanonical(data []byte) (Action, bool) {
	var a Action
	d := canon{b: data}
	if !d.lit(`{"type":"`) {
		return a, false
	}
	name, ok := d.str()
	if !ok {
		return a, false
	}
	t, known := actionByName[string(name)]
	if !known {
		return a, false
	}
	a.Type = t
	f := actionFields[t]
	if f&fVertex != 0 {
		a.Vertex, ok = d.field(`,"vertex":`)
	}
	if ok && f&fEdge != 0 {
		a.Edge, ok = d.field(`,"edge":`)
	}
	if ok && f&fHex != 0 {
		a.Hex, ok = d.field(`,"hex":`)
	}
	if ok && f&fSeat != 0 {
		var v int
		v, ok = d.field(`,"seat":`)
		a.Seat = engine.Seat(v)
	}
	if ok && f&fResource != 0 {
		ok = d.lit(`,"resource":"`)
		if ok {
			var n []byte
			if n, ok = d.str(); ok {
				a.Resource, ok = resourceOf(n)
			}
		}
	}
	if ok && f&fGive != 0 {
		ok = d.lit(`,"give":`) && d.resources(&a.Give)
	}
	if ok && f&fGet != 0 {
		ok = d.lit(`,"get":`) && d.resources(&a.Get)
	}
	if ok && f&FieldTo != 0 {
		a.To, ok = d.field(`,"to":`)
	}
	if ok && f&FieldCard != 0 {
		a.Card, ok = d.field(`,"card":`)
	}
	if ok && f&FieldDice != 0 {
		ok = false // dice are rare: the general decoder reads them
	}
	if !ok || !d.lit("}") || d.i != len(d.b) {
		return Action{}, false
	}
	// Canonical means MarshalJSON writes exactly this (no leading zeros,
	// no -0, no zero counts, resources in order).
	var buf [128]byte
	if out, err := a.appendJSON(buf[:0]); err != nil || string(out) != string(data) {
		return Action{}, false
	}
	return a, true
}

// canon scans canonical JSON.
type canon struct {
	b []byte
	i int
}

func (d *canon) lit(s string) bool {
	if len(d.b)-d.i < len(s) || string(d.b[d.i:d.i+len(s)]) != s {
		return false
	}
	d.i += len(s)
	return true
}

// str reads up to the closing quote of a string without escapes.
func (d *canon) str() ([]byte, bool) {
	for j := d.i; j < len(d.b); j++ {
		switch d.b[j] {
		case '"':
			s := d.b[d.i:j]
			d.i = j + 1
			return s, true
		case '\\':
			return nil, false
		}
	}
	return nil, false
}

// resourceOf is ParseResource for bytes.
func resourceOf(name []byte) (Resource, bool) {
	for i, n := range resourceNames {
		if string(name) == n {
			return Resource(i), true
		}
	}
	return 0, false
}

// num reads an integer of at most 9 digits.
func (d *canon) num() (int, bool) {
	neg := d.i < len(d.b) && d.b[d.i] == '-'
	if neg {
		d.i++
	}
	v, start := 0, d.i
	for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' && d.i-start < 9 {
		v = v*10 + int(d.b[d.i]-'0')
		d.i++
	}
	if d.i == start || d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

func (d *canon) field(name string) (int, bool) {
	if !d.lit(name) {
		return 0, false
	}
	return d.num()
}

// resources reads {"name":n,…} with counts in [0, the kind's bound].
func (d *canon) resources(x *Resources) bool {
	if !d.lit("{") {
		return false
	}
	if d.lit("}") {
		return true
	}
	for {
		if !d.lit(`"`) {
			return false
		}
		name, ok := d.str()
		if !ok || !d.lit(":") {
			return false
		}
		r, ok := resourceOf(name)
		if !ok {
			return false
		}
		n, ok := d.num()
		if !ok || n < 0 || n > int(maxCount[r]) {
			return false
		}
		x[r] = int8(n)
		if d.lit("}") {
			return true
		}
		if !d.lit(",") {
			return false
		}
	}
}
