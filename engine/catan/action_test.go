package catan

import (
	"encoding/json"
	"errors"
	"testing"

	"tabula/engine"
)

func everyActionType() []Action {
	return []Action{
		Roll(), BuildRoad(17), BuildRoad(0), BuildSettlement(53), BuildCity(4), BuyDevelopment(),
		PlayKnight(), PlayRoadBuilding(), PlayYearOfPlenty(Grain, Ore), PlayYearOfPlentyOne(Lumber),
		PlayMonopoly(Lumber), PlayMonopoly(Brick), Discard(res(Wool, 2, Ore, 1)), MoveRobber(0), MoveRobber(18),
		Rob(0), Rob(3), MaritimeTrade(Wool, 3, Brick), ProposeTrade(res(Lumber, 2), res(Ore, 1)),
		AcceptTrade(), RejectTrade(), CounterTrade(res(Grain, 1), res(Wool, 1, Brick, 1)),
		ConfirmTrade(2), CancelTrade(), EndTurn(),
	}
}

func TestActionJSONRoundTrip(t *testing.T) {
	seen := map[ActionType]bool{}
	for _, a := range everyActionType() {
		seen[a.Type] = true
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("%v: %v", a.Type, err)
		}
		got, err := Game{}.DecodeAction(b)
		if err != nil {
			t.Fatalf("decode %s: %v", b, err)
		}
		if got.(Action) != a {
			t.Fatalf("%s decoded to %+v, want %+v", b, got, a)
		}
		if got.Kind() != a.Type.String() {
			t.Fatalf("kind %q", got.Kind())
		}
	}
	if len(seen) != int(numActionTypes) {
		t.Fatalf("only %d of %d action types covered", len(seen), numActionTypes)
	}
	b, _ := json.Marshal(ProposeTrade(res(Wool, 1), res(Ore, 2, Brick, 1)))
	if string(b) != `{"type":"propose-trade","give":{"wool":1},"get":{"brick":1,"ore":2}}` {
		t.Fatalf("encoding %s", b)
	}
	b, _ = json.Marshal(BuildRoad(0))
	if string(b) != `{"type":"build-road","edge":0}` {
		t.Fatalf("encoding %s", b)
	}
}

func TestDecodeActionRejectsMalformed(t *testing.T) {
	for _, in := range []string{
		``, `null`, `[]`, `"roll"`, `{`, `{}`, `{"type":""}`, `{"type":"fly"}`, `{"type":7}`,
		`{"type":"roll","edge":1}`,                   // extra field
		`{"type":"build-road"}`,                      // missing field
		`{"type":"build-road","edge":"3"}`,           // wrong JSON type
		`{"type":"build-road","edge":1.5}`,           //
		`{"type":"build-road","edge":1,"colour":2}`,  // unknown field
		`{"type":"play-monopoly","resource":"gold"}`, // unknown resource
		`{"type":"discard","give":{"wool":-1}}`,      // negative count
		`{"type":"discard","give":{"wool":20}}`,      // more than exist
		`{"type":"discard","give":{"sand":1}}`,       // unknown resource
		`{"type":"discard","give":[1,0,0,0,0]}`,      // not an object
		`{"type":"discard","give":null}`,             //
		`{"type":"roll"} {"type":"roll"}`,            // trailing data
	} {
		if _, err := (Game{}).DecodeAction([]byte(in)); !errors.Is(err, engine.ErrBadAction) {
			t.Errorf("%s: error %v, want ErrBadAction", in, err)
		}
	}
}

type foreignAction struct{}

func (foreignAction) Kind() string { return "roll" }

func TestApplyRejectsForeignActions(t *testing.T) {
	s := mainState(t, 4)
	fails(t, s, 0, Action{}, nil) // a roll in the main phase: illegal
	before := engine.Hash(s)
	for _, a := range []engine.Action{foreignAction{}, (*Action)(nil), nil} {
		if err := s.Apply(0, a); !errors.Is(err, engine.ErrBadAction) {
			t.Fatalf("%T: %v", a, err)
		}
	}
	if engine.Hash(s) != before {
		t.Fatal("state changed")
	}
	// A pointer to an Action is accepted like the value.
	a := EndTurn()
	if err := s.Apply(0, &a); err != nil {
		t.Fatal(err)
	}
	for _, p := range []engine.Seat{-1, 4, 99} {
		fails(t, s, int(p), Roll(), engine.ErrNotYourTurn)
	}
}

func TestResourcesJSON(t *testing.T) {
	x := res(Lumber, 1, Ore, 19)
	b, _ := json.Marshal(x)
	if string(b) != `{"lumber":1,"ore":19}` {
		t.Fatalf("%s", b)
	}
	var y Resources
	if err := json.Unmarshal(b, &y); err != nil || y != x {
		t.Fatalf("%v %v", y, err)
	}
	if b, _ := json.Marshal(Resources{}); string(b) != `{}` {
		t.Fatalf("empty %s", b)
	}
}
