package citiesknights

import (
	"math/bits"

	"tabula/engine"
	"tabula/engine/catan"
)

// Ext is the expansion's own state (catan.State.Ext). Plain arrays and
// numbers, so a copy is a deep copy; every field is part of the hashed
// encoding. Intersections and hexes are catan.Island ids; -1 is none; a
// set of intersections is a bit set (bit v for intersection v).
type Ext struct {
	// The barbarian ship's steps from its start (0 … ShipSteps-1), and the
	// attacks so far (the robber is locked until the first).
	Ship    int8  `json:"ship"`
	Attacks int16 `json:"attacks"`
	// The last roll: red and yellow dice (1 … 6, 0 before the first) and
	// the event die's chance value (0 … 5, -1 before the first).
	Red    int8 `json:"red"`
	Yellow int8 `json:"yellow"`
	Event  int8 `json:"event"`
	// LastAttack is how the last attack ended (meaningful once Attacks > 0).
	LastAttack AttackResult `json:"lastAttack"`
	// Alchemist: the red and yellow dice are set, the event die awaited.
	Alchemist bool `json:"alchemist,omitempty"`

	// Level is each seat's level in each track (0 … 5); Metropolis the
	// intersection holding each track's metropolis.
	Level      [MaxPlayers][NumTracks]int8 `json:"level"`
	Metropolis [NumTracks]int8             `json:"metropolis"`
	// Walls are the cities with a wall; Toppled the pillaged cities that
	// lie on their side (they hold a city piece and count as settlements).
	Walls   uint64 `json:"walls"`
	Toppled uint64 `json:"toppled"`

	// Knights: each seat's, their rank per intersection; which are
	// active, and which were activated or promoted this turn.
	Knights   [MaxPlayers]uint64      `json:"knights"`
	Rank      [catan.NumVertices]Rank `json:"rank"`
	Active    uint64                  `json:"active"`
	Activated uint64                  `json:"activated"`
	Promoted  uint64                  `json:"promoted"`

	// Progress cards: each seat's hand, the three decks, and who holds the
	// shown victory-point cards; Defender of Catan cards per seat.
	Progress     [MaxPlayers][NumCards]int8 `json:"progress"`
	Decks        [NumTracks]Deck            `json:"decks"`
	Printer      int8                       `json:"printer"`
	Constitution int8                       `json:"constitution"`
	Defender     [MaxPlayers]int8           `json:"defender"`

	// The merchant's hex and owner.
	Merchant      int8 `json:"merchant"`
	MerchantOwner int8 `json:"merchantOwner"`
	// This turn: kinds the Merchant Fleet trades 2:1 (bit r for kind r),
	// opponents already met by a Commercial Harbor (bit q).
	Fleet      uint16 `json:"fleet"`
	HarborDone uint8  `json:"harborDone"`

	// What the expansion's phases are working through.
	Draws    [2 * MaxPlayers]Draw `json:"draws"` // progress draws due, in order
	DrawN    int8                 `json:"drawN"`
	Pillage  uint8                `json:"pillage"`  // seats still choosing the city they lose
	Aqueduct uint8                `json:"aqueduct"` // seats choosing the Aqueduct's resource
	Owe      [MaxPlayers]int8     `json:"owe"`      // cards each must give (Wedding) or discard (Saboteur)
	Target   int8                 `json:"target"`   // the seat a card or displacement concerns
	Spot     int8                 `json:"spot"`     // where the displaced or removed knight stood
	Moving   Rank                 `json:"moving"`   // its rank
	WasOn    bool                 `json:"wasOn"`    // its active state
	Victims  uint8                `json:"victims"`  // the Bishop's victims still to rob
	Resume   catan.Phase          `json:"resume"`   // where the phase returns

	// Sealed is what sealed play adds (sealed.go): nil, and absent from
	// the encoding, in a plain game.
	Sealed *Sealing `json:"sealed,omitempty"`
}

// Draw is a progress card due to Seat from deck Deck (-1: the seat chooses).
type Draw struct {
	Seat int8 `json:"seat"`
	Deck int8 `json:"deck"`
}

// Clone implements catan.Extension.
func (x *Ext) Clone() catan.Extension {
	c := *x
	c.Sealed = x.Sealed.clone()
	return &c
}

// ext is s's expansion state.
func ext(s *catan.State) *Ext { return s.Ext.(*Ext) }

// newExt is the state of a new game.
func newExt() *Ext {
	x := &Ext{Event: -1, Printer: -1, Constitution: -1, Merchant: -1, MerchantOwner: -1, Target: -1, Spot: -1,
		Resume: catan.PhaseMain}
	for t := range x.Metropolis {
		x.Metropolis[t] = -1
	}
	for t := Track(0); t < NumTracks; t++ {
		x.Decks[t] = NewDeck(t)
	}
	return x
}

// Sets of intersections.

// knightsOf is the set of p's knights (p = -1: every knight).
func (x *Ext) knightsOf(p int) uint64 {
	if p >= 0 {
		return x.Knights[p]
	}
	return x.Knights[0] | x.Knights[1] | x.Knights[2] | x.Knights[3]
}

// knightOwner is the seat whose knight stands on v, or -1.
func (x *Ext) knightOwner(v int) int {
	for p, m := range x.Knights {
		if m&(1<<uint(v)) != 0 {
			return p
		}
	}
	return -1
}

// strength is p's active knight strength.
func (x *Ext) strength(p int) int {
	n := 0
	for m := x.Active & x.knightsOf(p); m != 0; m &= m - 1 {
		n += x.Rank[bits.TrailingZeros64(m)].Strength()
	}
	return n
}

// onBoard counts p's knights of rank r.
func (x *Ext) onBoard(p int, r Rank) int {
	n := 0
	for m := x.Knights[p]; m != 0; m &= m - 1 {
		if x.Rank[bits.TrailingZeros64(m)] == r {
			n++
		}
	}
	return n
}

// free is the number of p's knights of rank r still in the supply.
func (x *Ext) free(p int, r Rank) int { return KnightsPerRank - x.onBoard(p, r) }

// buildings is the set of p's settlements and cities (p = -1: all).
func buildings(s *catan.State, p int) uint64 {
	if p >= 0 {
		return s.Buildings(p)
	}
	var m uint64
	for q := 0; q < s.Players; q++ {
		m |= s.Buildings(q)
	}
	return m
}

// cities is the set of p's standing cities (metropolises included,
// toppled ones not).
func (x *Ext) cities(s *catan.State, p int) uint64 {
	var m uint64
	if p < 0 || p >= catan.MaxPlayers {
		return 0
	}
	for b := s.Buildings(p); b != 0; b &= b - 1 {
		if v := bits.TrailingZeros64(b); s.City[v] {
			m |= 1 << uint(v)
		}
	}
	return m &^ x.Toppled
}

// metropolises is the set of intersections holding a metropolis.
func (x *Ext) metropolises() uint64 {
	var m uint64
	for _, v := range x.Metropolis {
		if v >= 0 {
			m |= 1 << uint(v)
		}
	}
	return m
}

// occupied is the set of intersections with a building or a knight.
func (x *Ext) occupied(s *catan.State) uint64 { return buildings(s, -1) | x.knightsOf(-1) }

// opponents is the set of intersections holding another player's
// building or knight: where p's knights may not pass.
func (x *Ext) opponents(s *catan.State, p int) uint64 {
	return (buildings(s, -1) &^ buildings(s, p)) | (x.knightsOf(-1) &^ x.knightsOf(p))
}

// setKnights tells the base rules where p's knights stand (they block
// roads and break Longest Road).
func (x *Ext) setKnights(s *catan.State, p int) { s.SetPieces(p, x.knightsOf(p)) }

// Cards and points.

// progressHeld is the number of progress cards in p's hand.
func (x *Ext) progressHeld(p int) int {
	n := 0
	for _, c := range x.Progress[p] {
		n += int(c)
	}
	if x.Sealed != nil {
		n += x.Sealed.unknownHeld(p)
	}
	return n
}

// holdsMetropolis reports whether p holds track t's metropolis.
func (x *Ext) holdsMetropolis(s *catan.State, p int, t Track) bool {
	v := x.Metropolis[t]
	return v >= 0 && int(s.Owner[v]) == p
}

// points is p's victory points from the expansion's sources (besides
// buildings and Longest Road): metropolises, Defender cards, shown
// progress cards, the merchant, minus one per toppled city (it counts as
// a settlement but holds a city piece).
func (x *Ext) points(s *catan.State, p int) int {
	vp := int(x.Defender[p])
	for t := Track(0); t < NumTracks; t++ {
		if x.holdsMetropolis(s, p, t) {
			vp += 2
		}
	}
	if int(x.Printer) == p {
		vp++
	}
	vp += x.shownPoints(p)
	if int(x.Constitution) == p {
		vp++
	}
	if int(x.MerchantOwner) == p {
		vp++
	}
	vp -= bits.OnesCount64(x.Toppled & buildings(s, p))
	return vp
}

// seatsFrom lists the seats of set (bit p) in turn order from the active
// player.
func seatsFrom(s *catan.State, set uint8) []int {
	var out []int
	for i := 0; i < s.Players; i++ {
		if p := (int(s.Active) + i) % s.Players; set&(1<<uint(p)) != 0 {
			out = append(out, p)
		}
	}
	return out
}

// seat converts p for actions.
func seat(p int) engine.Seat { return engine.Seat(p) }
