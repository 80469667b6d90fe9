package citiesknights

import (
	"math/bits"

	"tabula/engine"
	"tabula/engine/catan"
)

// Progress cards in play (docs/cities-knights.md "Progress cards"): one
// function per card, named after it. Each checks that the card can do
// something (reading 15) before anything changes, then spends the card
// (under its deck) and applies its effect.

// cardOf is the card an action plays (ok false: not a card play).
func cardOf(t catan.ActionType) (Card, bool) {
	for c, k := range playKinds {
		if k == t {
			return Card(c), true
		}
	}
	return 0, false
}

// playKinds is the action kind playing each card (VP cards are never
// played).
var playKinds = [NumCards]catan.ActionType{
	Alchemist: ActAlchemist, Crane: ActCrane, Engineer: ActEngineer, Inventor: ActInventor,
	Irrigation: ActIrrigation, Medicine: ActMedicine, Mining: ActMining, Printer: -1,
	RoadBuilding: catan.ActPlayRoadBuilding, Smith: ActSmith,
	Bishop: ActBishop, Constitution: -1, Deserter: ActDeserter, Diplomat: ActDiplomat,
	Intrigue: ActIntrigue, Saboteur: ActSaboteur, Spy: ActSpy, Warlord: ActWarlord, Wedding: ActWedding,
	CommercialHarbor: ActCommercialHarbor, MasterMerchant: ActMasterMerchant, Merchant: ActMerchant,
	MerchantFleet: ActMerchantFleet, ResourceMonopoly: ActResourceMonopoly, TradeMonopoly: ActTradeMonopoly,
}

// spend moves p's card c under its deck.
func (x *Ext) spend(p int, c Card) {
	x.moveShown(p, c, -1)
	x.Progress[p][c]--
	x.Decks[c.Deck()].PutUnder(c)
}

// discardCard is a discard of p's card c (hand limit).
func (x *Ext) discardCard(p int, c Card) error {
	if err := x.mayGive(p, c); err != nil {
		return err
	}
	if Cards[c].Timing == AtOnce {
		// Sealed only (a plain hand never holds one): "discarding" a
		// victory-point card lays it out; it leaves the hand and scores.
		x.layOut(p, c)
		return nil
	}
	x.spend(p, c)
	return nil
}

// play plays p's card for action a, in the right part of the turn.
func (x *Ext) play(s *catan.State, p int, c Card, a catan.Action) error {
	if x.Progress[p][c] == 0 {
		return engine.Illegal("you hold no %v card", Cards[c].Title)
	}
	if err := x.mayGive(p, c); err != nil {
		return err
	}
	if before := Cards[c].Timing == BeforeRoll; before != (s.Phase == catan.PhaseRoll) {
		if before {
			return engine.Illegal("the Alchemist is played before the roll")
		}
		return engine.Illegal("progress cards are played after the roll")
	}
	var err error
	switch c {
	case Alchemist:
		err = x.alchemist(s, p, a.Dice)
	case Crane:
		err = x.improve(s, p, Track(a.Card), true)
	case Engineer:
		err = x.buildWall(s, p, a.Vertex, true)
	case Inventor:
		err = x.inventor(s, a.Hex, a.To)
	case Irrigation:
		err = x.harvest(s, p, catan.Fields)
	case Mining:
		err = x.harvest(s, p, catan.Mountains)
	case Medicine:
		err = x.medicine(s, p, a.Vertex)
	case RoadBuilding:
		err = s.PlaceFreeRoads(p, 2)
	case Smith:
		err = x.smith(s, p, a.Vertex, a.To)
	case Bishop:
		err = x.bishop(s, p, a.Hex)
	case Deserter:
		err = x.deserter(s, p, int(a.Seat))
	case Diplomat:
		err = x.diplomat(s, p, a.Edge)
	case Intrigue:
		err = x.intrigue(s, p, a.Vertex)
	case Saboteur:
		err = x.saboteur(s, p)
	case Spy:
		err = x.spy(s, p, int(a.Seat))
	case Warlord:
		err = x.warlord(p)
	case Wedding:
		err = x.wedding(s, p)
	case CommercialHarbor:
		err = x.commercialHarbor(s, p)
	case MasterMerchant:
		err = x.masterMerchant(s, p, int(a.Seat))
	case Merchant:
		err = x.merchant(s, p, a.Hex)
	case MerchantFleet:
		err = x.merchantFleet(s, a.Resource)
	case ResourceMonopoly:
		err = x.monopoly(s, p, a.Resource, true)
	case TradeMonopoly:
		err = x.monopoly(s, p, a.Resource, false)
	default:
		err = engine.Illegal("%v is never played", Cards[c].Title)
	}
	if err != nil {
		return err
	}
	x.spend(p, c)
	return nil
}

// Science.

// alchemist sets the red and yellow dice; the event die is rolled next.
func (x *Ext) alchemist(s *catan.State, p int, d [2]int8) error {
	if d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 {
		return engine.Illegal("dice show 1 to 6")
	}
	if !AlchemistMaySetSeven && d[0]+d[1] == 7 {
		return engine.Illegal("the Alchemist may not set a 7")
	}
	x.Red, x.Yellow = d[0], d[1]
	x.Alchemist = true
	s.Phase = catan.PhaseDice
	return nil
}

// inventorToken reports whether the Inventor may move hex h's token.
func inventorToken(s *catan.State, h int) bool {
	if h < 0 || h >= catan.NumHexes {
		return false
	}
	switch s.Board.Number[h] {
	case 3, 4, 5, 9, 10, 11:
		return true
	}
	return false
}

// inventor swaps two number tokens, neither a 2, 12, 6 or 8.
func (x *Ext) inventor(s *catan.State, a, b int) error {
	if !inventorToken(s, a) || !inventorToken(s, b) {
		return engine.Illegal("the Inventor swaps two tokens other than 2, 12, 6 and 8")
	}
	if s.Board.Number[a] == s.Board.Number[b] {
		return engine.Illegal("swapping equal numbers changes nothing")
	}
	s.SwapNumbers(a, b)
	return nil
}

// harvestHexes is the number of hexes of terrain t touching p's buildings.
func harvestHexes(s *catan.State, p int, t catan.Terrain) int {
	own := buildings(s, p)
	n := 0
	for h := 0; h < catan.NumHexes; h++ {
		if s.Board.Terrain[h] == t && HexCorners(h)&own != 0 {
			n++
		}
	}
	return n
}

// harvest: Irrigation (fields, grain) or Mining (mountains, ore): 2 cards
// per such hex touching p's buildings, as many as the bank holds.
func (x *Ext) harvest(s *catan.State, p int, t catan.Terrain) error {
	r, _ := t.Produces()
	n := min(2*harvestHexes(s, p, t), int(s.Bank[r]))
	if n == 0 {
		return engine.Illegal("there is no %v to collect", r)
	}
	s.Receive(p, catan.Of(r, n))
	return nil
}

// medicine upgrades p's settlement on v to a city for 2 ore and 1 grain
// (or rebuilds a toppled city for as much).
func (x *Ext) medicine(s *catan.State, p, v int) error {
	if vertexOK(v) && x.Toppled&bit(v) != 0 {
		return x.repairCity(s, p, v, MedicineCost)
	}
	switch {
	case !vertexOK(v) || int(s.Owner[v]) != p || s.City[v]:
		return engine.Illegal("the Medicine upgrades one of your settlements")
	case s.CitiesLeft[p] == 0 || !s.Hand[p].Covers(MedicineCost):
		return engine.Illegal("the Medicine's city needs a city piece, 2 ore and 1 grain")
	}
	s.Pay(p, MedicineCost)
	s.Upgrade(p, v)
	return nil
}

// smith promotes p's knights on v and w (w = -1: one knight) free.
func (x *Ext) smith(s *catan.State, p, v, w int) error {
	if err := x.promotable(p, v); err != nil {
		return err
	}
	if w >= 0 {
		if w == v {
			return engine.Illegal("the Smith promotes two different knights")
		}
		if err := x.promotable(p, w); err != nil {
			return err
		}
		if r := x.Rank[v]; r == x.Rank[w] && x.free(p, r+1) < 2 {
			return engine.Illegal("you have no two %v knights left", r+1)
		}
	} else if w != -1 {
		return engine.Illegal("no intersection %d", w)
	}
	x.promote(s, p, v, true)
	if w >= 0 {
		x.promote(s, p, w, true)
	}
	return nil
}

// Politics.

// bishop moves the robber to h and steals one random card from each other
// player with a building there (PhaseBishop, one chance outcome each).
func (x *Ext) bishop(s *catan.State, p, h int) error {
	if x.Attacks == 0 {
		return engine.Illegal("the robber stays on the desert until the barbarians first attack")
	}
	if h < 0 || h >= catan.NumHexes || h == int(s.Robber) {
		return engine.Illegal("the robber must move to another hex")
	}
	s.Robber = int8(h)
	x.Victims = 0
	corners := HexCorners(h)
	for q := 0; q < s.Players; q++ {
		if q != p && buildings(s, q)&corners != 0 && s.HandCount(q) > 0 {
			x.Victims |= 1 << uint(q)
		}
	}
	if x.Victims != 0 {
		x.Resume = s.Phase
		s.Phase = PhaseBishop
	}
	return nil
}

// bishopVictim is the next seat the Bishop robs.
func (x *Ext) bishopVictim(s *catan.State) int { return seatsFrom(s, x.Victims)[0] }

// bishopSteal takes card k of the next victim's hand.
func (x *Ext) bishopSteal(s *catan.State, k int) {
	q := x.bishopVictim(s)
	s.StealCard(q, k)
	x.robbed(s, q)
}

// robbed: the Bishop has robbed q; the phase ends after the last victim.
func (x *Ext) robbed(s *catan.State, q int) {
	x.Victims &^= 1 << uint(q)
	if x.Victims == 0 {
		s.Phase = x.Resume
	}
}

// deserter: opponent q removes one of its knights (PhaseDesert, or at once
// with only one); then p may place one of its own (deserterPlace).
func (x *Ext) deserter(s *catan.State, p, q int) error {
	if q < 0 || q >= s.Players || q == p || x.Knights[q] == 0 {
		return engine.Illegal("choose an opponent with a knight on the board")
	}
	x.Target = int8(q)
	x.Resume = s.Phase
	if count(x.Knights[q]) == 1 {
		x.desert(s, bits.TrailingZeros64(x.Knights[q]))
		return nil
	}
	s.Phase = PhaseDesert
	return nil
}

// desert removes the Deserter's victim's knight on v, then offers the
// player a knight of its own.
func (x *Ext) desert(s *catan.State, v int) {
	x.unseat(s, v)
	r := x.deserterRank(s)
	if r == NoKnight || x.hireSpots(s, int(s.Active)) == 0 {
		x.clearMoving()
		s.Phase = x.Resume
		return
	}
	s.Phase = PhaseDeserterPlace
}

// deserterRank is the rank the active player may place for the deserter.
func (x *Ext) deserterRank(s *catan.State) Rank {
	p := int(s.Active)
	var free [NumRanks + 1]int
	for r := Basic; r <= Mighty; r++ {
		free[r] = x.free(p, r)
	}
	return DeserterRank(x.Moving, free)
}

// placeDeserter places the active player's knight on v for the deserter
// (in the removed knight's state; reading 8).
func (x *Ext) placeDeserter(s *catan.State, p, v int) error {
	if !vertexOK(v) || x.hireSpots(s, p)&bit(v) == 0 {
		return engine.Illegal("the knight goes on an empty intersection at the end of one of your roads")
	}
	x.place(s, p, v, x.deserterRank(s), x.WasOn)
	if x.WasOn && DeserterKnightWaits {
		x.Activated |= bit(v)
	}
	x.clearMoving()
	s.Phase = x.Resume
	return nil
}

// diplomat removes the open road e; if it was p's own, p may place it
// again (PhaseDiplomatRoad).
func (x *Ext) diplomat(s *catan.State, p, e int) error {
	if e < 0 || e >= catan.NumEdges || s.Road[e] < 0 {
		return engine.Illegal("no road on path %d", e)
	}
	if !x.openRoad(s, e) {
		return engine.Illegal("only an open road can be removed")
	}
	o := int(s.Road[e])
	s.RemoveRoad(e)
	if o == p && x.anyRoadSpot(s, p) {
		x.Resume = s.Phase
		s.Phase = PhaseDiplomatRoad
	}
	return nil
}

// openRoad reports whether road e is open (reading 11).
func (x *Ext) openRoad(s *catan.State, e int) bool {
	o := int(s.Road[e])
	pieces := buildings(s, o)
	if OpenRoadCountsKnights {
		pieces |= x.Knights[o]
	}
	return OpenRoad(s.Road[:catan.NumEdges], e, pieces)
}

// intrigue displaces the opponent's knight on v, at an end of p's road.
func (x *Ext) intrigue(s *catan.State, p, v int) error {
	if !vertexOK(v) {
		return engine.Illegal("no intersection %d", v)
	}
	if q := x.knightOwner(v); q < 0 || q == p {
		return engine.Illegal("no opponent's knight stands on intersection %d", v)
	}
	if RoadEnds(s.Road[:catan.NumEdges], p)&bit(v) == 0 {
		return engine.Illegal("the knight must stand at the end of one of your roads")
	}
	x.unseat(s, v)
	x.retreat(s)
	return nil
}

// saboteur: every other player with at least p's points discards half
// its cards, rounded down (PhaseSabotage).
func (x *Ext) saboteur(s *catan.State, p int) error {
	owe := x.owed(s, p, func(q int) int {
		if s.PublicPoints(q) >= s.PublicPoints(p) {
			return s.HandCount(q) / 2
		}
		return 0
	})
	if owe == 0 {
		return engine.Illegal("nobody would discard a card")
	}
	x.Resume = s.Phase
	s.Phase = PhaseSabotage
	return nil
}

// owed sets Owe[q] = n(q) for every other seat and returns how many owe.
func (x *Ext) owed(s *catan.State, p int, n func(q int) int) int {
	k := 0
	for q := 0; q < s.Players; q++ {
		x.Owe[q] = 0
		if q != p {
			x.Owe[q] = int8(n(q))
			if x.Owe[q] > 0 {
				k++
			}
		}
	}
	return k
}

// spy: p looks at q's progress cards and takes one (PhaseSpy).
func (x *Ext) spy(s *catan.State, p, q int) error {
	if q < 0 || q >= s.Players || q == p || x.progressHeld(q) == 0 {
		return engine.Illegal("choose an opponent holding progress cards")
	}
	x.Target = int8(q)
	x.Resume = s.Phase
	s.Phase = PhaseSpy
	if x.looks() {
		x.beginLook(s) // sealed: the target's cards open to p first (look.go)
	}
	return nil
}

// spyTake moves card c from the Spy's target to p.
func (x *Ext) spyTake(s *catan.State, p int, c Card) error {
	q := int(x.Target)
	if x.Sealed != nil && c.Valid() && Cards[c].Timing == AtOnce && x.Sealed.shownOf(q, c) >= 0 &&
		x.progressHeld(q) == x.shownPoints(q) {
		// Sealed: the target's only cards are victory points, shown with
		// this action; nothing is left to hand over.
		x.Target = -1
		s.Phase = x.Resume
		return nil
	}
	if !c.Valid() || x.Progress[q][c] == 0 || Cards[c].Timing == AtOnce {
		return engine.Illegal("seat %d holds no such card", q)
	}
	if err := x.mayGive(q, c); err != nil {
		return err
	}
	x.moveShown(q, c, p)
	x.Progress[q][c]--
	x.Progress[p][c]++
	x.Target = -1
	s.Phase = x.Resume
	return nil
}

// warlord activates all p's knights free; they cannot act this turn.
func (x *Ext) warlord(p int) error {
	idle := x.Knights[p] &^ x.Active
	if idle == 0 {
		return engine.Illegal("all your knights are active")
	}
	x.Active |= idle
	x.Activated |= idle
	return nil
}

// wedding: each player with more points gives p 2 cards of its choice
// (all it holds, at once, if 2 or fewer; PhaseWedding otherwise).
func (x *Ext) wedding(s *catan.State, p int) error {
	owe := x.owed(s, p, func(q int) int {
		if s.PublicPoints(q) > s.PublicPoints(p) {
			return min(2, s.HandCount(q))
		}
		return 0
	})
	if owe == 0 {
		return engine.Illegal("no richer player holds a card")
	}
	if x.opensFirst(s, Wedding, -1, 0, x.wholeHands(s)) {
		return nil
	}
	x.weddingGifts(s, p)
	return nil
}

// wholeHands is the set of seats whose whole hand the Wedding gives.
func (x *Ext) wholeHands(s *catan.State) uint8 {
	var m uint8
	for q := 0; q < s.Players; q++ {
		if x.Owe[q] > 0 && s.HandCount(q) == int(x.Owe[q]) {
			m |= 1 << uint(q)
		}
	}
	return m
}

// weddingGifts gives p the whole hands owed at once; the others choose
// theirs (PhaseWedding).
func (x *Ext) weddingGifts(s *catan.State, p int) {
	whole := x.wholeHands(s)
	for q := 0; q < s.Players; q++ {
		if whole&(1<<uint(q)) != 0 {
			x.transfer(s, q, p, s.Hand[q])
			x.Owe[q] = 0
		}
	}
	if x.owing() {
		x.Resume = s.Phase
		s.Phase = PhaseWedding
	}
}

// owing reports whether some seat still owes cards.
func (x *Ext) owing() bool {
	for _, n := range x.Owe {
		if n > 0 {
			return true
		}
	}
	return false
}

// transfer moves cards from q's hand to p's.
func (x *Ext) transfer(s *catan.State, q, p int, cards catan.Resources) {
	s.Hand[q] = s.Hand[q].Minus(cards)
	s.Hand[p] = s.Hand[p].Plus(cards)
}

// Trade.

// harborTargets are the opponents a Commercial Harbor may still meet:
// holding a commodity, not met this turn (reading 12).
func (x *Ext) harborTargets(s *catan.State, p int) uint8 {
	var m uint8
	for q := 0; q < s.Players; q++ {
		if q != p && x.HarborDone&(1<<uint(q)) == 0 && commodities(s.Hand[q]) > 0 {
			m |= 1 << uint(q)
		}
	}
	return m
}

func commodities(h catan.Resources) int {
	return int(h[catan.Paper]) + int(h[catan.Cloth]) + int(h[catan.Coin])
}

func resources(h catan.Resources) int {
	return int(h[catan.Lumber]) + int(h[catan.Wool]) + int(h[catan.Grain]) + int(h[catan.Brick]) + int(h[catan.Ore])
}

// commercialHarbor: p offers each opponent in turn one resource for a
// commodity of their choice (PhaseHarbor, PhaseHarborReturn).
func (x *Ext) commercialHarbor(s *catan.State, p int) error {
	if !x.harborMayPlay(s, p) {
		return engine.Illegal("no opponent to trade with (a resource for a commodity)")
	}
	if x.opensFirst(s, CommercialHarbor, -1, 0, catan.AllSeats) {
		return nil
	}
	x.Resume = s.Phase
	x.nextHarbor(s, p)
	return nil
}

// harborMayPlay reports whether p's Commercial Harbor can trade: with an
// opponent holding a commodity, p holding a resource. While a theft is
// unopened no device but its audience's knows whose cards are which: an
// opponent holding any card will do, and the harbor may trade nothing
// once the thefts are open.
func (x *Ext) harborMayPlay(s *catan.State, p int) bool {
	if resources(s.Hand[p]) == 0 {
		return false
	}
	if !s.Unopened(catan.AllSeats) {
		return x.harborTargets(s, p) != 0
	}
	for q := 0; q < s.Players; q++ {
		if q != p && s.HandCount(q) > 0 {
			return true
		}
	}
	return false
}

// nextHarbor moves to the next opponent of the Commercial Harbor, or ends it.
func (x *Ext) nextHarbor(s *catan.State, p int) {
	m := x.harborTargets(s, p)
	if m == 0 || resources(s.Hand[p]) == 0 {
		x.Target = -1
		s.Phase = x.Resume
		return
	}
	x.Target = int8(seatsFrom(s, m)[0])
	s.Phase = PhaseHarbor
}

// harborOffer gives resource r to the current opponent, who gives back a
// commodity (at once when it holds only one kind).
func (x *Ext) harborOffer(s *catan.State, p int, r catan.Resource) error {
	if !r.Valid() || s.Hand[p][r] == 0 {
		return engine.Illegal("offer a resource you hold")
	}
	q := int(x.Target)
	x.transfer(s, p, q, catan.Of(r, 1))
	x.HarborDone |= 1 << uint(q)
	var only catan.Resource = -1
	kinds := 0
	for c := catan.Paper; c <= catan.Coin; c++ {
		if s.Hand[q][c] > 0 {
			only = c
			kinds++
		}
	}
	if kinds == 1 {
		x.transfer(s, q, p, catan.Of(only, 1))
		x.nextHarbor(s, p)
		return nil
	}
	s.Phase = PhaseHarborReturn
	return nil
}

// harborReturn: the opponent gives commodity c back.
func (x *Ext) harborReturn(s *catan.State, q int, c catan.Resource) error {
	if c < catan.Paper || c > catan.Coin || s.Hand[q][c] == 0 {
		return engine.Illegal("give back a commodity you hold")
	}
	p := int(s.Active)
	x.transfer(s, q, p, catan.Of(c, 1))
	x.nextHarbor(s, p)
	return nil
}

// masterMerchant: p takes 2 cards of its choice from q, who has more
// points (PhaseMasterMerchant; at once when q holds 2 or fewer). p looks
// at q's hand: q's thefts open first, or, with secret looks, open to p
// (steal.go).
func (x *Ext) masterMerchant(s *catan.State, p, q int) error {
	if q < 0 || q >= s.Players || q == p || s.PublicPoints(q) <= s.PublicPoints(p) || s.HandCount(q) == 0 {
		return engine.Illegal("choose a player with more points than you and cards in hand")
	}
	if x.Sealed != nil && x.Sealed.SecretLooks && s.HandCount(q) > 2 {
		if !x.looksFirst(s, p, q) {
			x.merchantTakes(s, p, q)
		}
		return nil
	}
	if x.opensFirst(s, MasterMerchant, q, 0, 1<<uint(q)) {
		return nil
	}
	x.merchantTakes(s, p, q)
	return nil
}

// merchantTakes is the Master Merchant's effect once p may see q's hand
// (the count every seat sees decides: a hand p looked at may hold stolen
// cards another device does not place there).
func (x *Ext) merchantTakes(s *catan.State, p, q int) {
	if s.HandCount(q) <= 2 {
		x.transfer(s, q, p, s.Hand[q])
		return
	}
	x.Target = int8(q)
	x.Resume = s.Phase
	s.Phase = PhaseMasterMerchant
}

// takeCards: the Master Merchant takes cards (2) from its target.
func (x *Ext) takeCards(s *catan.State, p int, cards catan.Resources) error {
	q := int(x.Target)
	if cards.Total() != 2 || !s.Hand[q].Covers(cards) || !nonNegative(cards) {
		return engine.Illegal("take 2 cards seat %d holds", q)
	}
	x.transfer(s, q, p, cards)
	x.Target = -1
	s.Phase = x.Resume
	return nil
}

func nonNegative(x catan.Resources) bool {
	for _, c := range x {
		if c < 0 {
			return false
		}
	}
	return true
}

// merchantHexes is where p may set the merchant: land hexes next to its
// buildings (the desert too, reading 13), not where it already has it.
func (x *Ext) merchantHexes(s *catan.State, p int) []int {
	own := buildings(s, p)
	var out []int
	for h := 0; h < catan.NumHexes; h++ {
		if HexCorners(h)&own == 0 || (int(x.Merchant) == h && int(x.MerchantOwner) == p) {
			continue
		}
		if !MerchantOnDesert && s.Board.Terrain[h] == catan.Desert {
			continue
		}
		out = append(out, h)
	}
	return out
}

// merchant sets the merchant on hex h: p's 2:1 for its resource, and 1 VP.
func (x *Ext) merchant(s *catan.State, p, h int) error {
	ok := false
	for _, k := range x.merchantHexes(s, p) {
		ok = ok || k == h
	}
	if !ok {
		return engine.Illegal("the merchant goes on a hex next to one of your buildings")
	}
	x.Merchant, x.MerchantOwner = int8(h), int8(p)
	return nil
}

// merchantFleet makes kind r trade 2:1 for the rest of the turn.
func (x *Ext) merchantFleet(s *catan.State, r catan.Resource) error {
	if r < catan.Lumber || r > catan.Coin {
		return engine.Illegal("name a resource or a commodity")
	}
	if x.Fleet&(1<<uint(r)) != 0 {
		return engine.Illegal("%v already trades 2:1 this turn", r)
	}
	x.Fleet |= 1 << uint(r)
	return nil
}

// monopoly: Resource Monopoly (a resource, 2 from each opponent) or Trade
// Monopoly (a commodity, 1 from each).
func (x *Ext) monopoly(s *catan.State, p int, r catan.Resource, resource bool) error {
	each := 1
	if resource {
		each = 2
		if !r.Valid() {
			return engine.Illegal("name a resource")
		}
	} else if r < catan.Paper || r > catan.Coin {
		return engine.Illegal("name a commodity")
	}
	c := TradeMonopoly
	if resource {
		c = ResourceMonopoly
	}
	if x.opensFirst(s, c, -1, r, catan.AllSeats) {
		// Every opponent's count of r matters: the thefts open first, and
		// the card may then take nothing (steal.go).
		return nil
	}
	if x.takeMonopoly(s, p, r, each) == 0 {
		return engine.Illegal("no opponent holds %v", r)
	}
	return nil
}

// takeMonopoly moves up to each cards of kind r from every opponent to p
// and says how many.
func (x *Ext) takeMonopoly(s *catan.State, p int, r catan.Resource, each int) int {
	got := 0
	for q := 0; q < s.Players; q++ {
		if q != p {
			n := min(each, int(s.Hand[q][r]))
			x.transfer(s, q, p, catan.Of(r, n))
			got += n
		}
	}
	return got
}
