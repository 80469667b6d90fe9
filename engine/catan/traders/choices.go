package traders

import "tabula/engine/catan"

// The readings chosen on the open points of the scenario's rules, all in
// this one file. docs/traders-barbarians.md ("Open points") gives the
// reasons; each entry below names its point. Everything the Russian
// original states explicitly lives with the rule it belongs to instead.

// TradeHexSlots places the three trade hexes (open point "trade-hex
// slots": the scenario diagram is missing). Each sits on an outer corner
// of the island, so its three sea sides face the frame as the original
// requires; every second corner, the three with no harbour slot on their
// sides, so the nine base harbours keep their places and stay usable.
// Rows and columns are the base fact sheet's (row 1 at the top).
var TradeHexSlots = [NumTradeHexes]struct{ Row, Col int }{
	Castle:     {1, 3}, // top right
	Quarry:     {3, 1}, // left
	Glassworks: {5, 3}, // bottom right
}

// barbarianStartSpoke is where trade hex t's barbarian begins (open point
// "starting barbarian paths": the diagram's black crosses are missing):
// one barbarian on a spoke of each trade hex, the spoke from its first
// corner clockwise from the top that touches two land hexes besides the
// trade hex, so each trade hex starts with one guarded approach from
// inland.
func (g *Geometry) barbarianStartSpoke(t TradeHex) int {
	for i, v := range g.Corners[t] {
		if len(catan.Island.VertexHexes[v]) == 3 {
			return Spoke(t, i)
		}
	}
	panic("traders: a trade hex with no inland corner")
}

// Wagon cards (open point "wagon upgrade costs; levels 3–5"). The original
// gives level 1 (4 movement points, 1 gold), the pictured card (5 points,
// 2 gold, drives a barbarian off on a 6: level 2), gold 1–5 by level and
// the victory point of level 5; costs and the rest of levels 3–5 follow
// the one full table found (fact sheet §11).
var WagonCards = [MaxLevel + 1]WagonCard{
	1: {Level: 1, Points: 4, Gold: 1},
	2: {Level: 2, Cost: catan.Resources{catan.Lumber: 1, catan.Wool: 1, catan.Ore: 1}, Points: 5, Gold: 2, DriveOff: 6},
	3: {Level: 3, Cost: catan.Resources{catan.Lumber: 1, catan.Wool: 1, catan.Ore: 1}, Points: 6, Gold: 3, DriveOff: 5},
	4: {Level: 4, Cost: catan.Resources{catan.Lumber: 2, catan.Wool: 1, catan.Ore: 1}, Points: 7, Gold: 4, DriveOff: 4},
	5: {Level: 5, Cost: catan.Resources{catan.Lumber: 2, catan.Wool: 1, catan.Ore: 1}, Points: 7, Gold: 5, DriveOff: 3, VP: 1},
}

// CargoPerGood is how many cargo cards of each of its two goods a trade
// hex's stack holds (open point "cargo split per stack": 36 cards, three
// stacks, two goods each).
const CargoPerGood = 6

// ChronicleDeck is the scenario's development deck (open point "chronicle
// deck contents"): the original's 26 cards, the likely official mix of 16
// Knights, 3 Road Building, 3 Swift Journey and 3 Victory Point cards, and
// a 17th Knight for the 26th card.
var ChronicleDeck = catan.DevCards{catan.Knight: 17, catan.RoadBuilding: 3, catan.SwiftJourney: 3, catan.VictoryPoint: 3}

// GoldSupply is all the gold of a game (engine choice): the scenario's 40
// coins and the substitutes the rules allow once they run out, up to 120
// in all (greedy-bot games hold up to about 80 at once, so the coins alone
// would not do). Should even 120 run out, a payment from the bank is short
// by what is missing. It also keeps every count within a hand's int8.
const GoldSupply = 120

// SeaSidesArePaths: the three sea sides of a trade hex are not paths for
// wagons (nor for roads, orig), nor places for barbarians (open point "sea
// sides").
const SeaSidesArePaths = false

// The readings on the other open points are behaviour; each lives in the
// function named:
//
//   - Toll without gold (canStep, Reachable): another player's road is
//     closed to a wagon whose owner cannot pay the toll.
//   - Empty stack (arrive): a wagon that should turn over a card at an
//     empty stack holds none; the next plaza with cards it reaches gives
//     it a first card (no gold there), which stands for "pick another
//     trade hex as a new first target".
//   - Swift Journey (playSwiftJourney, endMovement): played before the
//     movement begins (roll or trade-and-build phase); when the movement
//     ends, a second one follows with the wagon card's full points; the
//     grain boost stays once per turn over both.
//   - Chronicle cards (rules.Deck): cost 1 ore, 1 wool, 1 grain and play
//     as base development cards (one per turn, not the turn bought;
//     Victory Point cards are never played).
//   - Drive-off (driveOff): costs no movement points, so it may be tried
//     with none left; once per barbarian per turn; the wagon's owner puts
//     the barbarian on any other free path (spokes included), with no
//     theft.
//   - Next cargo card (arrive): turned over at the delivery itself (the
//     movement ends there, so it is the turn's last step, except for a
//     Swift Journey's second movement, which carries the new order).
//   - Trading after moving (beginMovement, doMove): trade, build and
//     chronicle cards end once the movement begins (HR: the original puts
//     movement after trade and build).
//   - First target (not asked): the original lets a player name a first
//     trade hex and change it until arrival, which cannot change play; the
//     first plaza reached gives the first card.
//   - The 7's theft (moveBarbarian): automatic when the road's owner holds
//     a card (the original's "may" is never worth declining).
//   - Roads through a plaza (the base road rules on Board.Graph): a road
//     network continues from one spoke to another, the plaza's building
//     being nobody's; the plaza never counts for the distance rule.
