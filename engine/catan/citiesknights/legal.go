package citiesknights

import (
	"math/bits"

	"tabula/engine/catan"
)

// Legal adds seat p's expansion actions now, after the base game's. Where
// amounts are free it lists every choice (discards, gifts and takes of a
// few cards: the hands are small), so Legal is exact.
func (expansion) Legal(s *catan.State, p int, k *catan.Lister) {
	x := ext(s)
	switch s.Phase {
	case catan.PhaseRoll:
		if p == int(s.Active) && x.Progress[p][Alchemist] > 0 {
			for r := int8(1); r <= 6; r++ {
				for y := int8(1); y <= 6; y++ {
					if AlchemistMaySetSeven || r+y != 7 {
						k.Add(catan.Action{Type: ActAlchemist, Dice: [2]int8{r, y}})
					}
				}
			}
		}
	case catan.PhaseMain:
		if p == int(s.Active) {
			x.legalMain(s, p, k)
		}
	case PhaseChooseDeck:
		for t := Track(0); t < NumTracks; t++ {
			if x.deckLen(t) > 0 {
				k.Add(ChooseDeck(t))
			}
		}
	case PhasePillage:
		k.Vertices(ActPillage, x.pillageable(s, p))
	case PhaseProgressLimit:
		x.legalDiscardCards(p, k)
	case PhaseAqueduct:
		for r := catan.Lumber; r <= catan.Ore; r++ {
			if s.Bank[r] > 0 {
				k.Add(catan.Action{Type: ActAqueduct, Resource: r})
			}
		}
	case PhaseMetropolis:
		k.Vertices(ActPlaceMetropolis, x.metropolisSpots(s, p))
	case PhaseRetreat:
		k.Vertices(ActRetreat, x.retreatSpots(s))
	case PhaseDesert:
		k.Vertices(ActRemoveKnight, x.Knights[p])
	case PhaseDeserterPlace:
		k.Add(catan.Action{Type: ActDeserterPass})
		k.Vertices(ActPlaceDeserter, x.hireSpots(s, p))
	case PhaseDiplomatRoad:
		k.Add(catan.Action{Type: ActDiplomatPass})
		for e := 0; e < catan.NumEdges; e++ {
			if s.RoadSpot(p, e) {
				k.Add(catan.Action{Type: ActReplaceRoad, Edge: e})
			}
		}
	case PhaseWedding:
		picks(s.Hand[p], int(x.Owe[p]), func(c catan.Resources) { k.Add(catan.Action{Type: ActGiveCards, Give: c}) })
	case PhaseSabotage:
		picks(s.Hand[p], int(x.Owe[p]), func(c catan.Resources) { k.Add(catan.Discard(c)) })
	case PhaseSpy:
		if x.looks() {
			x.legalSpyPicks(k)
			break
		}
		gives := 0
		for c, n := range x.Progress[x.Target] {
			if n > 0 && Cards[c].Timing != AtOnce {
				k.Add(catan.Action{Type: ActSpyTake, Card: c})
				gives++
			}
		}
		if x.Sealed != nil && gives == 0 { // only victory points: show them, give nothing
			for _, c := range [2]Card{Printer, Constitution} {
				if x.Progress[x.Target][c] > 0 {
					k.Add(catan.Action{Type: ActSpyTake, Card: int(c)})
					break
				}
			}
		}
	case PhaseMasterMerchant:
		picks(s.Hand[x.Target], 2, func(c catan.Resources) { k.Add(catan.Action{Type: ActTakeCards, Get: c}) })
	case PhaseHarbor:
		k.Add(catan.Action{Type: ActHarborPass})
		for r := catan.Lumber; r <= catan.Ore; r++ {
			if s.Hand[p][r] > 0 {
				k.Add(catan.Action{Type: ActHarborOffer, Resource: r})
			}
		}
	case PhaseHarborReturn:
		for c := catan.Paper; c <= catan.Coin; c++ {
			if s.Hand[p][c] > 0 {
				k.Add(catan.Action{Type: ActHarborReturn, Resource: c})
			}
		}
	}
}

// legalDiscardCards lists a discard of each kind of progress card p holds.
func (x *Ext) legalDiscardCards(p int, k *catan.Lister) {
	for c, n := range x.Progress[p] {
		if n > 0 && (Cards[c].Timing != AtOnce || x.Sealed != nil) {
			k.Add(catan.Action{Type: ActDiscardCard, Card: c})
		}
	}
}

// legalMain lists the active player's expansion actions after the roll.
func (x *Ext) legalMain(s *catan.State, p int, k *catan.Lister) {
	h := s.Hand[p]
	if x.progressHeld(p) > ProgressHandLimit {
		x.legalDiscardCards(p, k)
	}
	if h.Covers(WallCost) {
		k.Vertices(ActBuildWall, x.wallSpots(s, p))
	}
	for t := Track(0); t < NumTracks; t++ {
		if x.mayImprove(s, p, t, false) {
			k.Add(Improve(t))
		}
	}
	if h.Covers(catan.CityCost) {
		k.Vertices(ActRepairCity, x.Toppled&buildings(s, p))
	}
	// Knights.
	if h.Covers(KnightCost) {
		if x.free(p, Basic) > 0 {
			k.Vertices(ActHireKnight, x.hireSpots(s, p))
		}
		for m := x.Knights[p]; m != 0; m &= m - 1 {
			if v := bits.TrailingZeros64(m); x.promotable(p, v) == nil {
				k.Add(catan.Action{Type: ActPromoteKnight, Vertex: v})
			}
		}
	}
	if h.Covers(ActivateCost) {
		k.Vertices(ActActivateKnight, x.Knights[p]&^x.Active)
	}
	empty := ^x.occupied(s)
	for m := x.knightsActing(p); m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		reach := x.reach(s, p, v)
		for t := reach & empty; t != 0; t &= t - 1 {
			k.Add(MoveKnight(v, bits.TrailingZeros64(t)))
		}
		for t := reach & x.knightsOf(-1) &^ x.Knights[p]; t != 0; t &= t - 1 {
			if w := bits.TrailingZeros64(t); x.Rank[v].CanDisplace(x.Rank[w]) {
				k.Add(DisplaceKnight(v, w))
			}
		}
		if x.Attacks > 0 && HexCorners(int(s.Robber))&bit(v) != 0 {
			k.Add(catan.Action{Type: ActChaseRobber, Vertex: v})
		}
	}
	if k.Done() {
		return
	}
	x.legalCards(s, p, k)
}

// legalCards lists every playable progress card with every choice it
// offers.
func (x *Ext) legalCards(s *catan.State, p int, k *catan.Lister) {
	held := &x.Progress[p]
	h := s.Hand[p]
	if held[Crane] > 0 {
		for t := Track(0); t < NumTracks; t++ {
			if x.mayImprove(s, p, t, true) {
				k.Add(catan.Action{Type: ActCrane, Card: int(t)})
			}
		}
	}
	if held[Engineer] > 0 {
		k.Vertices(ActEngineer, x.wallSpots(s, p))
	}
	if held[Inventor] > 0 {
		for a := 0; a < catan.NumHexes; a++ {
			for b := a + 1; b < catan.NumHexes; b++ {
				if inventorToken(s, a) && inventorToken(s, b) && s.Board.Number[a] != s.Board.Number[b] {
					k.Add(catan.Action{Type: ActInventor, Hex: a, To: b})
				}
			}
		}
	}
	if held[Irrigation] > 0 && harvestHexes(s, p, catan.Fields) > 0 && s.Bank[catan.Grain] > 0 {
		k.Add(catan.Action{Type: ActIrrigation})
	}
	if held[Mining] > 0 && harvestHexes(s, p, catan.Mountains) > 0 && s.Bank[catan.Ore] > 0 {
		k.Add(catan.Action{Type: ActMining})
	}
	if held[Medicine] > 0 && h.Covers(MedicineCost) {
		m := x.Toppled & buildings(s, p)
		if s.CitiesLeft[p] > 0 {
			m |= buildings(s, p) &^ x.cities(s, p) &^ x.Toppled
		}
		k.Vertices(ActMedicine, m)
	}
	if held[RoadBuilding] > 0 && s.RoadsLeft[p] > 0 && x.anyRoadSpot(s, p) {
		k.Add(catan.PlayRoadBuilding())
	}
	if held[Smith] > 0 {
		for m := x.Knights[p]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			if x.promotable(p, v) != nil {
				continue
			}
			k.Add(catan.Action{Type: ActSmith, Vertex: v, To: -1})
			for n := m & (m - 1); n != 0; n &= n - 1 {
				w := bits.TrailingZeros64(n)
				if x.promotable(p, w) == nil && (x.Rank[v] != x.Rank[w] || x.free(p, x.Rank[v]+1) >= 2) {
					k.Add(catan.Action{Type: ActSmith, Vertex: v, To: w})
				}
			}
		}
	}
	if held[Bishop] > 0 && x.Attacks > 0 {
		for hx := 0; hx < catan.NumHexes; hx++ {
			if hx != int(s.Robber) {
				k.Add(catan.Action{Type: ActBishop, Hex: hx})
			}
		}
	}
	for q := 0; q < s.Players; q++ {
		if q == p {
			continue
		}
		if held[Deserter] > 0 && x.Knights[q] != 0 {
			k.Add(catan.Action{Type: ActDeserter, Seat: seat(q)})
		}
		if held[Spy] > 0 && x.progressHeld(q) > 0 {
			k.Add(catan.Action{Type: ActSpy, Seat: seat(q)})
		}
		if held[MasterMerchant] > 0 && s.PublicPoints(q) > s.PublicPoints(p) && s.HandCount(q) > 0 {
			k.Add(catan.Action{Type: ActMasterMerchant, Seat: seat(q)})
		}
	}
	if held[Diplomat] > 0 {
		for e := 0; e < catan.NumEdges; e++ {
			if s.Road[e] >= 0 && x.openRoad(s, e) {
				k.Add(catan.Action{Type: ActDiplomat, Edge: e})
			}
		}
	}
	if held[Intrigue] > 0 {
		k.Vertices(ActIntrigue, RoadEnds(s.Road[:catan.NumEdges], p)&(x.knightsOf(-1)&^x.Knights[p]))
	}
	if held[Saboteur] > 0 {
		for q := 0; q < s.Players; q++ {
			if q != p && s.PublicPoints(q) >= s.PublicPoints(p) && s.HandCount(q) >= 2 {
				k.Add(catan.Action{Type: ActSaboteur})
				break
			}
		}
	}
	if held[Warlord] > 0 && x.Knights[p]&^x.Active != 0 {
		k.Add(catan.Action{Type: ActWarlord})
	}
	if held[Wedding] > 0 {
		for q := 0; q < s.Players; q++ {
			if q != p && s.PublicPoints(q) > s.PublicPoints(p) && s.HandCount(q) > 0 {
				k.Add(catan.Action{Type: ActWedding})
				break
			}
		}
	}
	if held[CommercialHarbor] > 0 && x.harborMayPlay(s, p) {
		k.Add(catan.Action{Type: ActCommercialHarbor})
	}
	if held[Merchant] > 0 {
		for _, hx := range x.merchantHexes(s, p) {
			k.Add(catan.Action{Type: ActMerchant, Hex: hx})
		}
	}
	if held[MerchantFleet] > 0 {
		for r := catan.Lumber; r <= catan.Coin; r++ {
			if x.Fleet&(1<<uint(r)) == 0 {
				k.Add(catan.Action{Type: ActMerchantFleet, Resource: r})
			}
		}
	}
	if held[ResourceMonopoly] > 0 {
		for r := catan.Lumber; r <= catan.Ore; r++ {
			if othersHold(s, p, r) {
				k.Add(catan.Action{Type: ActResourceMonopoly, Resource: r})
			}
		}
	}
	if held[TradeMonopoly] > 0 {
		for r := catan.Paper; r <= catan.Coin; r++ {
			if othersHold(s, p, r) {
				k.Add(catan.Action{Type: ActTradeMonopoly, Resource: r})
			}
		}
	}
}

// othersHold reports whether a player other than p holds a card of kind r.
// While a theft is unopened no device but its audience's knows that: any
// kind will do (the Monopoly opens the thefts first; steal.go).
func othersHold(s *catan.State, p int, r catan.Resource) bool {
	if s.Unopened(catan.AllSeats) {
		return true
	}
	for q := 0; q < s.Players; q++ {
		if q != p && s.Hand[q][r] > 0 {
			return true
		}
	}
	return false
}

// anyRoadSpot reports whether p could place a road now.
func (x *Ext) anyRoadSpot(s *catan.State, p int) bool {
	for e := 0; e < catan.NumEdges; e++ {
		if s.RoadSpot(p, e) {
			return true
		}
	}
	return false
}

// picks calls f with every way to choose n cards from hand (kinds in
// order; gold is never chosen).
func picks(hand catan.Resources, n int, f func(catan.Resources)) {
	var pick catan.Resources
	var rec func(r catan.Resource, left int)
	rec = func(r catan.Resource, left int) {
		if left == 0 {
			f(pick)
			return
		}
		if r > catan.Coin {
			return
		}
		for c := min(left, int(hand[r])); c >= 0; c-- {
			pick[r] = int8(c)
			rec(r+1, left-c)
		}
		pick[r] = 0
	}
	rec(0, n)
}

// Constructors of the expansion's actions (the others are plain
// catan.Action values with the fields game.go lists).

func BuildWall(v int) catan.Action      { return catan.Action{Type: ActBuildWall, Vertex: v} }
func HireKnight(v int) catan.Action     { return catan.Action{Type: ActHireKnight, Vertex: v} }
func ActivateKnight(v int) catan.Action { return catan.Action{Type: ActActivateKnight, Vertex: v} }
func PromoteKnight(v int) catan.Action  { return catan.Action{Type: ActPromoteKnight, Vertex: v} }
func MoveKnight(v, to int) catan.Action { return catan.Action{Type: ActMoveKnight, Vertex: v, To: to} }
func DisplaceKnight(v, to int) catan.Action {
	return catan.Action{Type: ActDisplaceKnight, Vertex: v, To: to}
}
func ChaseRobber(v int) catan.Action { return catan.Action{Type: ActChaseRobber, Vertex: v} }
func Improve(t Track) catan.Action   { return catan.Action{Type: ActImprove, Card: int(t)} }
func ChooseDeck(t Track) catan.Action {
	return catan.Action{Type: ActChooseDeck, Card: int(t)}
}
func DiscardProgress(c Card) catan.Action { return catan.Action{Type: ActDiscardCard, Card: int(c)} }
