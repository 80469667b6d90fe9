package citiesknights

import (
	"fmt"
	"math/bits"

	"tabula/engine/catan"
)

// Check verifies the expansion's invariants (catan.Checker; run after the
// base game's, which already hold the resources and commodities between
// bank and hands and the building pieces): the 54 progress cards between
// decks, hands and the shown victory-point cards; the progress hand limit
// outside the roll's own phases; knights within their pieces, on empty
// intersections, their flags on knights; walls under standing cities, at
// most 3 each; toppled cities are cities; metropolises on distinct
// standing cities of a seat at level 4 or more, one per track as soon as
// anyone reached 4; levels, the ship and the merchant in range.
func (expansion) Check(s *catan.State) error {
	x, ok := s.Ext.(*Ext)
	if !ok || x == nil {
		return fmt.Errorf("no Cities & Knights state")
	}
	if err := x.checkCards(s); err != nil {
		return err
	}
	if err := x.checkKnights(s); err != nil {
		return err
	}
	return x.checkCities(s)
}

func (x *Ext) checkCards(s *catan.State) error {
	var n [NumCards]int
	for t := range x.Decks {
		d := &x.Decks[t]
		if d.UnderN < 0 || int(d.UnderN) > DeckSize {
			return fmt.Errorf("deck %v: %d cards under", Track(t), d.UnderN)
		}
		for c, k := range d.Fresh {
			if k < 0 || (k > 0 && Card(c).Deck() != Track(t)) {
				return fmt.Errorf("deck %v holds %d fresh %v", Track(t), k, Card(c))
			}
			n[c] += int(k)
		}
		for _, c := range d.Under[:d.UnderN] {
			if !c.Valid() || c.Deck() != Track(t) {
				return fmt.Errorf("deck %v holds %v under it", Track(t), c)
			}
			n[c]++
		}
	}
	for p := 0; p < MaxPlayers; p++ {
		for c, k := range x.Progress[p] {
			if k < 0 || (p >= s.Players && k != 0) || (k > 0 && Cards[c].Timing == AtOnce && x.Sealed == nil) {
				return fmt.Errorf("seat %d holds %d %v", p, k, Card(c))
			}
			n[c] += int(k)
		}
		if p < s.Players && p != int(s.Active) && x.progressHeld(p) > ProgressHandLimit && !x.rollPending(s) {
			return fmt.Errorf("seat %d holds %d progress cards off its turn", p, x.progressHeld(p))
		}
	}
	if err := x.checkSealed(s); err != nil {
		return err
	}
	for _, h := range []int8{x.Printer, x.Constitution} {
		if h < -1 || int(h) >= s.Players {
			return fmt.Errorf("victory-point card held by seat %d", h)
		}
	}
	if x.Printer >= 0 {
		n[Printer]++
	}
	if x.Constitution >= 0 {
		n[Constitution]++
	}
	for c := range n {
		if n[c] != Cards[c].Count {
			return fmt.Errorf("%v: %d cards between decks and players, want %d", Card(c), n[c], Cards[c].Count)
		}
	}
	for p := 0; p < MaxPlayers; p++ {
		if x.Defender[p] < 0 || (p >= s.Players && x.Defender[p] != 0) {
			return fmt.Errorf("seat %d holds %d Defender cards", p, x.Defender[p])
		}
	}
	return nil
}

// rollPending reports whether the roll's own phases are still at work
// (draws may leave other players above the progress limit until then).
func (x *Ext) rollPending(s *catan.State) bool {
	switch s.Phase {
	case PhaseChooseDeck, PhaseDrawProgress, PhasePillage, PhaseProgressLimit:
		return true
	}
	return false
}

func (x *Ext) checkKnights(s *catan.State) error {
	var all uint64
	for p := 0; p < MaxPlayers; p++ {
		m := x.Knights[p]
		if p >= s.Players && m != 0 || m>>catan.NumVertices != 0 {
			return fmt.Errorf("seat %d has knights %b", p, m)
		}
		if all&m != 0 {
			return fmt.Errorf("two knights on one intersection")
		}
		all |= m
		for r := Basic; r <= Mighty; r++ {
			if x.free(p, r) < 0 {
				return fmt.Errorf("seat %d has %d %v knights", p, x.onBoard(p, r), r)
			}
		}
	}
	for v, r := range x.Rank {
		if (r != NoKnight) != (all&bit(v) != 0) || r < NoKnight || r > Mighty {
			return fmt.Errorf("intersection %d: rank %d", v, r)
		}
	}
	if all&buildings(s, -1) != 0 {
		return fmt.Errorf("a knight stands on a building")
	}
	for _, f := range []uint64{x.Active, x.Activated, x.Promoted} {
		if f&^all != 0 {
			return fmt.Errorf("knight flags on empty intersections")
		}
	}
	return nil
}

func (x *Ext) checkCities(s *catan.State) error {
	var cities uint64
	for v := 0; v < catan.NumVertices; v++ {
		if s.City[v] {
			cities |= bit(v)
		}
	}
	// cities reads the base game's building sets (the bot's rating asks
	// often): they agree with the board.
	for p := 0; p < s.Players; p++ {
		var want uint64
		for v := 0; v < catan.NumVertices; v++ {
			if int(s.Owner[v]) == p && s.City[v] {
				want |= bit(v)
			}
		}
		if got := x.cities(s, p); got != want&^x.Toppled {
			return fmt.Errorf("seat %d: standing cities %x, the board has %x", p, got, want&^x.Toppled)
		}
	}
	if x.Toppled&^cities != 0 {
		return fmt.Errorf("a toppled city is no city")
	}
	if x.Walls&^(cities&^x.Toppled) != 0 {
		return fmt.Errorf("a wall stands without a city")
	}
	for p := 0; p < s.Players; p++ {
		if n := bits.OnesCount64(x.Walls & buildings(s, p)); n > WallsPerPlayer {
			return fmt.Errorf("seat %d has %d walls", p, n)
		}
		for t := Track(0); t < NumTracks; t++ {
			if l := x.Level[p][t]; l < 0 || l > MaxLevel {
				return fmt.Errorf("seat %d at level %d of %v", p, l, t)
			}
		}
	}
	var seen uint64
	for t := Track(0); t < NumTracks; t++ {
		v := x.Metropolis[t]
		top := 0
		for p := 0; p < s.Players; p++ {
			top = max(top, int(x.Level[p][t]))
		}
		if v < 0 {
			if top >= MetropolisLevel && s.Phase != PhaseMetropolis {
				return fmt.Errorf("%v metropolis unplaced with a seat at level %d", t, top)
			}
			continue
		}
		if cities&^x.Toppled&bit(int(v)) == 0 || seen&bit(int(v)) != 0 {
			return fmt.Errorf("%v metropolis on intersection %d", t, v)
		}
		seen |= bit(int(v))
		if o := s.Owner[v]; x.Level[o][t] < MetropolisLevel {
			return fmt.Errorf("%v metropolis held by seat %d at level %d", t, o, x.Level[o][t])
		}
	}
	if x.Ship < 0 || int(x.Ship) >= ShipSteps {
		return fmt.Errorf("ship at step %d", x.Ship)
	}
	if (x.Merchant < 0) != (x.MerchantOwner < 0) || int(x.Merchant) >= catan.NumHexes || int(x.MerchantOwner) >= s.Players {
		return fmt.Errorf("merchant on %d owned by %d", x.Merchant, x.MerchantOwner)
	}
	return nil
}
