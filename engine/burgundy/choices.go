package burgundy

// This file keeps, in one place, every reading chosen for a point the fact
// sheet marks (?) or that the rules leave to the implementation (HR). The
// package doc lists the same choices.

// depotLayout[d-1] lists the four hex spaces of numbered depot d: the colour
// each takes and the least player count that uses it (fact sheet §3).
// (?) Depot 3's 4-player space takes a knowledge tile (not a second animal,
// which would break the 20 normal-back animals).
var depotLayout = [6][4]struct {
	Colour Colour
	Min    int
}{
	{{Building, 2}, {Ship, 2}, {Knowledge, 3}, {Animal, 4}},
	{{Knowledge, 2}, {Castle, 2}, {Building, 3}, {Building, 4}},
	{{Animal, 2}, {Building, 2}, {Ship, 3}, {Knowledge, 4}},
	{{Ship, 2}, {Building, 2}, {Animal, 3}, {Mine, 4}},
	{{Mine, 2}, {Knowledge, 2}, {Building, 3}, {Building, 4}},
	{{Building, 2}, {Animal, 2}, {Castle, 3}, {Ship, 4}},
}

// BlackDepotTiles is how many black-back tiles fill the black depot each
// phase. (?) 4/6/8 for 2/3/4 players (orig only says "2 to 8").
func BlackDepotTiles(players int) int { return 2 * players }

// BonusPoints is the value of a colour bonus tile: the large one goes to the
// first player to cover every space of that colour, the small one to the
// second. (?) 5/6/7 and 2/3/4 for 2/3/4 players (orig: "5 to 7", "2 to 4").
func BonusPoints(players int, large bool) int {
	if large {
		return players + 3
	}
	return players
}

// GoodsPoints is the VP per goods tile sold: 2/3/4 for 2/3/4 players.
func GoodsPoints(players int) int { return players }

// knowledge2Workers is what knowledge tile 2 pays at each phase end.
// (?) 1 worker per mine in the estate (the tile pairs each mine's silverling
// with a worker); the fact sheet's interim value was a flat 1.
func knowledge2Workers(mines int) int { return mines }

// cityHallIgnoresNumber: the City Hall places a tile without regard to the
// space's die number; colour, adjacency and the one-building-per-city rule
// still apply. (?) read as in the 2011 rules.
const cityHallIgnoresNumber = true

// Turn-order track (?): all markers start stacked on the first space, the
// first player on top, then the others in seat order below. A ship moves the
// marker one space forward, on top of any markers already there. Order is
// "furthest forward first, top of a stack first", and a change takes effect
// from the next round (the new first player also rolls the white die).
func trackBefore(a, b TrackMarker) bool {
	if a.Space != b.Space {
		return a.Space > b.Space
	}
	return a.Height > b.Height
}

// Phase preparation (?): every hex tile still on the numbered depots or the
// black depot leaves the game; goods on the depots stay (fact sheet §6).
const clearDepotsEachPhase = true

// Tie-break (orig): fewer empty estate spaces wins; then the player later in
// the turn order of the final round.

// Optional follow-ups (HR): a player may decline (pass) the tile of a
// Carpenter's Workshop, Church or Market, the sale of a Warehouse, the
// placement of a City Hall and the second depot of knowledge tile 5. A
// castle's extra action, a ship's goods and a storage discard are not
// optional (taking workers is always possible for the castle).
func optionalFrame(kind string) bool {
	switch kind {
	case FrameWarehouse, FrameCarpenter, FrameChurch, FrameMarket, FrameCityHall, FrameShipAdjacent:
		return true
	}
	return false
}

// Supplies (HR): silverlings and workers never run out (orig: 20 and 30 in
// the box; substitutes are used).

// Workers (HR): an action names exactly the fewest workers that reach its
// value; spending more would be waste, so it is refused.
