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

// The fast canonical decoder and the general one agree: on every encoded
// legal action of whole games the fast path answers, with the general
// decoder's action; on anything not byte-canonical it declines, and
// UnmarshalJSON gives what the general decoder gives.
func TestCanonicalDecodeAgrees(t *testing.T) {
	agree := func(raw []byte) {
		t.Helper()
		fast, ok := decodeCanonical(raw)
		general, err := decodeGeneral(raw)
		if ok && (err != nil || fast != general) {
			t.Fatalf("%s: fast path %+v, general %+v %v", raw, fast, general, err)
		}
		var a Action
		uerr := a.UnmarshalJSON(raw)
		if (uerr != nil) != (err != nil) || err == nil && a != general {
			t.Fatalf("%s: UnmarshalJSON %+v %v, general %+v %v", raw, a, uerr, general, err)
		}
	}
	canonical := func(a Action) {
		t.Helper()
		raw, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := decodeCanonical(raw); !ok || got != a {
			t.Fatalf("%s: fast path %+v %v, want %+v", raw, got, ok, a)
		}
		agree(raw)
	}
	for _, a := range everyActionType() {
		canonical(a)
	}
	s, _ := NewState(engine.Setup{Players: 4, Options: map[string]string{OptBoard: BoardRandom}})
	n := 0
	playRandomGame(t, s, 11, 2000, func() {
		for seat := engine.Seat(0); seat < 4; seat++ {
			for _, a := range s.LegalActions(seat, nil) {
				canonical(a)
				n++
			}
		}
	})
	for _, in := range []string{
		` {"type":"roll"}`, `{"type":"roll"} `, `{"type": "roll"}`, `{"Type":"roll"}`,
		`{"type":"build-road","edge":07}`, `{"type":"build-road","edge":-0}`, `{"type":"build-road","edge":1e1}`,
		`{"type":"build-road","edge":12345678901234567890}`, `{"type":"build-road","edge":-3}`,
		`{"edge":3,"type":"build-road"}`, `{"type":"build-road","edge":3,"edge":4}`,
		`{"type":"discard","give":{"wool":0,"ore":2}}`, `{"type":"discard","give":{"ore":2,"wool":1}}`,
		`{"type":"discard","give":{"wool":1,"wool":2}}`, `{"type":"discard","give":{"wool":19}}`,
		`{"type":"discard","give":{"wool":20}}`, `{"type":"discard","give":{"wo\u006fl":1}}`,
		`{"type":"r\u006fll"}`, `{"type":"play-monopoly","resource":"ore"}`, `{"type":"play-monopoly","resource":"Ore"}`,
		`{"type":"rob","seat":2}x`, `{"type":"rob","seat":2`, `{"type":"rob","seat":}`, `{"type":"rob"`,
		`{"type":"maritime-trade","give":{"wool":4},"get":{"ore":1}}`, `{"type":"maritime-trade","get":{"ore":1},"give":{"wool":4}}`,
	} {
		agree([]byte(in))
	}
	t.Logf("%d encoded legal actions", n)
}

// FuzzDecodeAction: wherever the fast path answers, the general decoder
// gives the same action; UnmarshalJSON always agrees with the general one.
func FuzzDecodeAction(f *testing.F) {
	for _, a := range everyActionType() {
		raw, _ := json.Marshal(a)
		f.Add(raw)
	}
	f.Add([]byte(`{"type":"discard","give":{"wool":0,"ore":2}}`))
	f.Add([]byte(`{"type":"build-road","edge":-0}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		fast, ok := decodeCanonical(raw)
		general, err := decodeGeneral(raw)
		if ok && (err != nil || fast != general) {
			t.Fatalf("%q: fast path %+v, general %+v %v", raw, fast, general, err)
		}
		var a Action
		uerr := a.UnmarshalJSON(raw)
		if (uerr != nil) != (err != nil) || err == nil && a != general {
			t.Fatalf("%q: UnmarshalJSON %+v %v, general %+v %v", raw, a, uerr, general, err)
		}
	})
}
