package citiesknights

import (
	"fmt"
	"math/bits"
	"strconv"

	"tabula/engine"
	"tabula/engine/catan"
)

// Knights (docs/cities-knights.md "Knights").

// Rank is a knight's rank; its value is its strength. NoKnight marks an
// intersection without a knight.
type Rank int8

const (
	NoKnight Rank = iota
	Basic         // strength 1
	Strong        // strength 2
	Mighty        // strength 3
)

// NumRanks is the number of ranks (Basic … Mighty).
const NumRanks = 3

// KnightsPerRank is each player's supply of knights of one rank.
const KnightsPerRank = 2

var rankNames = [NumRanks + 1]string{"", "basic", "strong", "mighty"}

// String is the rank's name: "basic", "strong", "mighty".
func (r Rank) String() string {
	if !r.Valid() {
		return "Rank(" + strconv.Itoa(int(r)) + ")"
	}
	return rankNames[r]
}

// Valid reports whether r is a knight's rank (not NoKnight).
func (r Rank) Valid() bool { return r >= Basic && r <= Mighty }

// Strength is what the knight adds to Catan's defence while active, and
// what a displacement compares.
func (r Rank) Strength() int { return int(r) }

// CanDisplace reports whether a knight of rank r may displace one of rank
// o: only a strictly stronger one (so a basic knight never displaces).
func (r Rank) CanDisplace(o Rank) bool { return r.Valid() && o.Valid() && r > o }

// PromotionNeeds is the politics level a promotion from r requires: a
// strong knight becomes mighty only with the Fortress (level 3); a mighty
// knight cannot be promoted (ok false).
func (r Rank) PromotionNeeds() (politics int, ok bool) {
	switch r {
	case Basic:
		return 0, true
	case Strong:
		return AbilityLevel, true
	}
	return 0, false
}

// DeserterRank is the rank a Deserter lets its player place for a removed
// knight of rank removed, given free[r] pieces of each rank left: the same
// rank, else the strongest lower rank with a free piece (choices.go,
// DeserterMayPlaceWeaker); NoKnight if none.
func DeserterRank(removed Rank, free [NumRanks + 1]int) Rank {
	for r := removed; r >= Basic; r-- {
		if free[r] > 0 {
			return r
		}
		if !DeserterMayPlaceWeaker {
			break
		}
	}
	return NoKnight
}

// Knights on the board.

// hireSpots is where p may put a new knight: an empty intersection at an
// end of one of its roads.
func (x *Ext) hireSpots(s *catan.State, p int) uint64 {
	return RoadEnds(s.Road[:catan.NumEdges], p) &^ x.occupied(s)
}

// place puts p's knight of rank r on v.
func (x *Ext) place(s *catan.State, p, v int, r Rank, active bool) {
	x.Knights[p] |= bit(v)
	x.Rank[v] = r
	if active {
		x.Active |= bit(v)
	}
	x.setKnights(s, p)
}

// lift takes the knight off v (back to its owner's supply).
func (x *Ext) lift(s *catan.State, v int) {
	p := x.knightOwner(v)
	b := bit(v)
	x.Knights[p] &^= b
	x.Rank[v] = NoKnight
	x.Active &^= b
	x.Activated &^= b
	x.Promoted &^= b
	x.setKnights(s, p)
}

// hire builds a basic knight, inactive, for 1 wool and 1 ore.
func (x *Ext) hire(s *catan.State, p, v int) error {
	if !vertexOK(v) || x.hireSpots(s, p)&bit(v) == 0 {
		return engine.Illegal("a knight goes on an empty intersection at the end of one of your roads")
	}
	if x.free(p, Basic) == 0 {
		return engine.Illegal("both your basic knights are on the board")
	}
	if !s.Hand[p].Covers(KnightCost) {
		return engine.Illegal("a knight costs 1 wool and 1 ore")
	}
	s.Pay(p, KnightCost)
	x.place(s, p, v, Basic, false)
	return nil
}

// Why a knight cannot do something: fixed errors, since Legal asks often.
var (
	errNotYourKnight = fmt.Errorf("%w: no knight of yours stands there", engine.ErrIllegal)
	errMighty        = fmt.Errorf("%w: a mighty knight cannot be promoted", engine.ErrIllegal)
	errPromoted      = fmt.Errorf("%w: a knight is promoted at most once per turn", engine.ErrIllegal)
	errFortress      = fmt.Errorf("%w: a mighty knight needs the Fortress (politics level 3)", engine.ErrIllegal)
	errNoPiece       = fmt.Errorf("%w: no knight of the next rank is left in your supply", engine.ErrIllegal)
	errInactive      = fmt.Errorf("%w: only an active knight acts", engine.ErrIllegal)
	errJustActivated = fmt.Errorf("%w: a knight cannot act in the turn it was activated", engine.ErrIllegal)
)

// ownKnight checks that v holds one of p's knights.
func (x *Ext) ownKnight(p, v int) error {
	if !vertexOK(v) || x.Knights[p]&bit(v) == 0 {
		return errNotYourKnight
	}
	return nil
}

// activate puts the helmet on p's knight v for 1 grain (or free, Warlord).
func (x *Ext) activate(s *catan.State, p, v int) error {
	if err := x.ownKnight(p, v); err != nil {
		return err
	}
	if x.Active&bit(v) != 0 {
		return engine.Illegal("that knight is already active")
	}
	if !s.Hand[p].Covers(ActivateCost) {
		return engine.Illegal("activating a knight costs 1 grain")
	}
	s.Pay(p, ActivateCost)
	x.Active |= bit(v)
	x.Activated |= bit(v)
	return nil
}

// promotable reports why p's knight v cannot be promoted now.
func (x *Ext) promotable(p, v int) error {
	if err := x.ownKnight(p, v); err != nil {
		return err
	}
	r := x.Rank[v]
	need, ok := r.PromotionNeeds()
	switch {
	case !ok:
		return errMighty
	case x.Promoted&bit(v) != 0:
		return errPromoted
	case int(x.Level[p][Politics]) < need:
		return errFortress
	case x.free(p, r+1) == 0:
		return errNoPiece
	}
	return nil
}

// promote raises p's knight v one rank, keeping its state, paid or
// (Smith) free.
func (x *Ext) promote(s *catan.State, p, v int, free bool) error {
	if err := x.promotable(p, v); err != nil {
		return err
	}
	if !free {
		if !s.Hand[p].Covers(KnightCost) {
			return engine.Illegal("promoting a knight costs 1 wool and 1 ore")
		}
		s.Pay(p, KnightCost)
	}
	x.Rank[v]++
	x.Promoted |= bit(v)
	return nil
}

// canAct reports why p's knight v may not act now: it must be active and
// not activated this turn.
func (x *Ext) canAct(p, v int) error {
	if err := x.ownKnight(p, v); err != nil {
		return err
	}
	if x.Active&bit(v) == 0 {
		return errInactive
	}
	if x.Activated&bit(v) != 0 {
		return errJustActivated
	}
	return nil
}

// reach is where p's knight on v may travel (reading 5).
func (x *Ext) reach(s *catan.State, p, v int) uint64 {
	return KnightReach(s.Road[:catan.NumEdges], p, v, x.opponents(s, p))
}

// move takes p's active knight from v to the empty intersection to; it
// becomes inactive.
func (x *Ext) move(s *catan.State, p, v, to int) error {
	if err := x.canAct(p, v); err != nil {
		return err
	}
	if !vertexOK(to) || x.reach(s, p, v)&^x.occupied(s)&bit(to) == 0 {
		return engine.Illegal("a knight moves along your roads to an empty intersection")
	}
	x.relocate(s, p, v, to)
	x.Active &^= bit(to)
	return nil
}

// relocate moves p's knight from v to to, with its rank, state and
// promotion of this turn.
func (x *Ext) relocate(s *catan.State, p, v, to int) {
	flags := func(m *uint64) {
		if *m&bit(v) != 0 {
			*m = *m&^bit(v) | bit(to)
		}
	}
	flags(&x.Active)
	flags(&x.Activated)
	flags(&x.Promoted)
	x.Knights[p] = x.Knights[p]&^bit(v) | bit(to)
	x.Rank[to], x.Rank[v] = x.Rank[v], NoKnight
	x.setKnights(s, p)
}

// displace moves p's active knight from v onto to, where an opponent's
// strictly weaker knight stands; that knight's owner moves it away
// (PhaseRetreat) or it returns to the supply.
func (x *Ext) displace(s *catan.State, p, v, to int) error {
	if err := x.canAct(p, v); err != nil {
		return err
	}
	if !vertexOK(to) || x.reach(s, p, v)&bit(to) == 0 {
		return engine.Illegal("a knight travels along your roads")
	}
	q := x.knightOwner(to)
	if q < 0 || q == p {
		return engine.Illegal("no opponent's knight stands on intersection %d", to)
	}
	if !x.Rank[v].CanDisplace(x.Rank[to]) {
		return engine.Illegal("only a stronger knight displaces another")
	}
	x.unseat(s, to)
	x.relocate(s, p, v, to)
	x.Active &^= bit(to)
	x.retreat(s)
	return nil
}

// unseat takes the knight on v off the board, remembering it for its
// retreat (Target, Spot, Moving, WasOn).
func (x *Ext) unseat(s *catan.State, v int) {
	x.Target = int8(x.knightOwner(v))
	x.Spot = int8(v)
	x.Moving = x.Rank[v]
	x.WasOn = x.Active&bit(v) != 0
	x.lift(s, v)
}

// retreatSpots is where the unseated knight may go (reading 6).
func (x *Ext) retreatSpots(s *catan.State) uint64 {
	q, v := int(x.Target), int(x.Spot)
	return KnightReach(s.Road[:catan.NumEdges], q, v, x.opponents(s, q)) &^ x.occupied(s)
}

// retreat asks the unseated knight's owner where it goes; it goes at once
// where only one spot is open, and back to the supply when none is.
func (x *Ext) retreat(s *catan.State) {
	switch m := x.retreatSpots(s); count(m) {
	case 0:
		x.clearMoving()
		return
	case 1:
		x.place(s, int(x.Target), bits.TrailingZeros64(m), x.Moving, x.WasOn)
		x.clearMoving()
		return
	}
	x.Resume = s.Phase
	s.Phase = PhaseRetreat
}

// retreatTo puts the unseated knight on v.
func (x *Ext) retreatTo(s *catan.State, v int) error {
	if !vertexOK(v) || x.retreatSpots(s)&bit(v) == 0 {
		return engine.Illegal("the knight retreats along your roads to an empty intersection")
	}
	x.place(s, int(x.Target), v, x.Moving, x.WasOn)
	x.clearMoving()
	s.Phase = x.Resume
	return nil
}

func (x *Ext) clearMoving() {
	x.Target, x.Spot, x.Moving, x.WasOn = -1, -1, NoKnight, false
}

// chase: p's active knight on a corner of the robber's hex chases it away:
// the knight becomes inactive and p moves the robber and robs as after a 7.
func (x *Ext) chase(s *catan.State, p, v int) error {
	if err := x.canAct(p, v); err != nil {
		return err
	}
	if x.Attacks == 0 {
		return engine.Illegal("the robber stays on the desert until the barbarians first attack")
	}
	if HexCorners(int(s.Robber))&bit(v) == 0 {
		return engine.Illegal("the knight must stand at a corner of the robber's hex")
	}
	x.Active &^= bit(v)
	s.RobberMoves()
	return nil
}

// knightsActing is the set of p's knights that may act now.
func (x *Ext) knightsActing(p int) uint64 { return x.Knights[p] & x.Active &^ x.Activated }

// count is the number of intersections in m.
func count(m uint64) int { return bits.OnesCount64(m) }
