package catan

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// MarshalJSON writes the canonical encoding of the state (what engine.Hash
// covers) by hand: exactly the bytes encoding/json's reflection would write
// for State's exported fields and tags (a test compares the two on whole
// games), about twenty times faster, since hashing runs at every recorded
// entry and at the end of every simulated game. A field added to State must
// be added here too; the test fails until it is.
func (s *State) MarshalJSON() ([]byte, error) { return s.EncodeCanonical() }

// EncodeCanonical is MarshalJSON without encoding/json's re-validation of
// the output (engine.CanonicalEncoder), for engine.Hash.
func (s *State) EncodeCanonical() ([]byte, error) {
	b := make([]byte, 0, 2560)
	var err error
	num := func(name string, v int) {
		b = append(b, ',', '"')
		b = append(b, name...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	key := func(name string) {
		b = append(b, ',', '"')
		b = append(b, name...)
		b = append(b, '"', ':')
	}
	text := func(name, v string, ok bool, what string, bad int) {
		key(name)
		if !ok && err == nil {
			err = fmt.Errorf("catan: bad %s %d", what, bad)
		}
		b = append(b, '"')
		b = append(b, v...)
		b = append(b, '"')
	}

	b = append(b, `{"players":`...)
	b = strconv.AppendInt(b, int64(s.Players), 10)
	if s.StrictPhases {
		b = append(b, `,"strictPhases":true`...)
	}
	b = append(b, `,"board":{"terrain":[`...)
	for i, t := range s.Board.Terrain {
		if i > 0 {
			b = append(b, ',')
		}
		if t < 0 || t >= numTerrains {
			return nil, fmt.Errorf("catan: bad terrain %d", int(t))
		}
		b = append(b, '"')
		b = append(b, terrainNames[t]...)
		b = append(b, '"')
	}
	b = append(b, `],"number":`...)
	b = appendInt8s(b, s.Board.Number[:])
	b = append(b, `,"harbor":[`...)
	for i, h := range s.Board.Harbor {
		if i > 0 {
			b = append(b, ',')
		}
		name := "any"
		if r, ok := h.Resource(); ok {
			name = resourceNames[r]
		} else if h != AnyHarbor {
			return nil, fmt.Errorf("catan: bad harbour %d", int(h))
		}
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, '"')
	}
	b = append(b, `]}`...)
	num("robber", int(s.Robber))
	text("phase", phaseName(s.Phase), s.Phase.known(), "phase", int(s.Phase))
	num("active", int(s.Active))
	num("first", int(s.First))
	num("turn", s.Turn)
	num("foundingStep", int(s.FoundingStep))
	key("startRoll")
	b = appendInt8s(b, s.StartRoll[:])
	key("contending")
	b = appendBools(b, s.Contending[:])
	key("dice")
	b = appendInt8s(b, s.Dice[:])
	key("bank")
	b = s.Bank.appendJSON(b)
	key("hand")
	for p := range s.Hand {
		b = append(b, sep(p, '['))
		b = s.Hand[p].appendJSON(b)
	}
	b = append(b, ']')
	key("dev")
	for p := range s.Dev {
		b = append(b, sep(p, '['))
		b = s.Dev[p].appendJSON(b)
	}
	b = append(b, ']')
	key("bought")
	b = s.Bought.appendJSON(b)
	key("deck")
	b = s.Deck.appendJSON(b)
	key("devPlayed")
	b = strconv.AppendBool(b, s.DevPlayed)
	key("played")
	b = s.Played.appendJSON(b)
	key("knights")
	b = appendInt8s(b, s.Knights[:])
	key("owner")
	b = appendOwners(b, s.Owner[:], NumVertices)
	key("city")
	b = appendCities(b, s.City[:])
	key("road")
	b = appendOwners(b, s.Road[:], NumEdges)
	key("roadsLeft")
	b = appendInt8s(b, s.RoadsLeft[:])
	key("settlementsLeft")
	b = appendInt8s(b, s.SettlementsLeft[:])
	key("citiesLeft")
	b = appendInt8s(b, s.CitiesLeft[:])
	key("roadLength")
	b = appendInt8s(b, s.RoadLength[:])
	num("longestRoad", int(s.LongestRoad))
	num("largestArmy", int(s.LargestArmy))
	key("discard")
	b = appendInt8s(b, s.Discard[:])
	num("freeRoads", int(s.FreeRoads))
	text("resume", phaseName(s.Resume), s.Resume.known(), "phase", int(s.Resume))
	num("lastSettlement", int(s.LastSettlement))
	num("victim", int(s.Victim))
	b = append(b, `,"offer":{"open":`...)
	b = strconv.AppendBool(b, s.Offer.Open)
	b = append(b, `,"give":`...)
	b = s.Offer.Give.appendJSON(b)
	b = append(b, `,"get":`...)
	b = s.Offer.Get.appendJSON(b)
	b = append(b, `,"answer":[`...)
	for p, a := range s.Offer.Answer {
		if p > 0 {
			b = append(b, ',')
		}
		if a < 0 || a > Countered {
			return nil, fmt.Errorf("catan: bad answer %d", int(a))
		}
		b = append(b, '"')
		b = append(b, answerNames[a]...)
		b = append(b, '"')
	}
	b = append(b, `],"counter":[`...)
	for p, c := range s.Offer.Counter {
		if p > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"give":`...)
		b = c.Give.appendJSON(b)
		b = append(b, `,"get":`...)
		b = c.Get.appendJSON(b)
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	num("proposals", int(s.Proposals))
	key("built")
	b = strconv.AppendBool(b, s.Built)
	num("winner", int(s.Winner))
	if s.Sealed != nil {
		x, xerr := json.Marshal(s.Sealed)
		if xerr != nil {
			return nil, xerr
		}
		b = append(b, `,"sealed":`...)
		b = append(b, x...)
	}
	if s.Ext != nil {
		// The expansion's state, by encoding/json (a new game starts on the
		// generic path); absent in the base game.
		x, xerr := json.Marshal(s.Ext)
		if xerr != nil {
			return nil, xerr
		}
		b = append(b, `,"ext":`...)
		b = append(b, x...)
	}
	b = append(b, '}')
	if err != nil {
		return nil, err
	}
	return b, nil
}

// sep is the separator before item i of a list: first, or a comma.
func sep(i int, first byte) byte {
	if i == 0 {
		return first
	}
	return ','
}

func phaseName(p Phase) string {
	if !p.known() {
		return ""
	}
	return phaseNames[p]
}

func appendInt8s(b []byte, xs []int8) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

func appendBools(b []byte, xs []bool) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendBool(b, x)
	}
	return append(b, ']')
}

// Owners, Cities and Roads hold one value per intersection or path, with
// room for an expansion's (Graph). Their JSON lists the base island's 54
// intersections or 72 paths, then further entries only up to the last one
// in use, so a base game encodes exactly as it always did.
type (
	Owners [MaxVertices]int8
	Cities [MaxVertices]bool
	Roads  [MaxEdges]int8
)

func (x Owners) MarshalJSON() ([]byte, error) { return appendOwners(nil, x[:], NumVertices), nil }
func (x Roads) MarshalJSON() ([]byte, error)  { return appendOwners(nil, x[:], NumEdges), nil }
func (x Cities) MarshalJSON() ([]byte, error) { return appendCities(nil, x[:]), nil }

// appendOwners appends the first n owners and any after them up to the
// last that is not none.
func appendOwners(b []byte, xs []int8, n int) []byte {
	for i := len(xs) - 1; i >= n; i-- {
		if xs[i] != none {
			n = i + 1
			break
		}
	}
	return appendInt8s(b, xs[:n])
}

// appendCities appends the first NumVertices flags and any after them up
// to the last set one.
func appendCities(b []byte, xs []bool) []byte {
	n := NumVertices
	for i := len(xs) - 1; i >= n; i-- {
		if xs[i] {
			n = i + 1
			break
		}
	}
	return appendBools(b, xs[:n])
}
