package citiesknights

// Readings chosen on the open points of the rules, all in one place. Each
// is numbered as in docs/cities-knights.md "Readings chosen", where the
// reasons are given; the rules read these names, so a change of reading
// is a change here.

const (
	// 1. When Catan wins and the highest active strength is 0, every seat
	// at 0 ties for the highest and draws a progress card (true), rather
	// than nobody being rewarded (false).
	ZeroDefenceRewards = true

	// 2. Steps of the barbarian ship from its start to Catan.
	ShipSteps = 7

	// 3. City walls per player (the Portuguese "3 in the game" counted one
	// colour).
	WallsPerPlayer = 3

	// 4. A generic harbour takes three identical cards (resource or
	// commodity), never a mix.
	HarborTakesIdentical = true

	// 5. Knights travel (move, displace, retreat) along their owner's
	// roads and may not pass an intersection holding another player's
	// building or knight.
	KnightsPassOpponents = false

	// 6. A displaced knight retreats to an empty intersection reached from
	// where it stood, by the path rule of 5, chosen by its owner; with none
	// it goes back to the supply.
	RetreatFromOwnSpot = true

	// 7. Levels 4 and 5 need a city without a metropolis, unless the buyer
	// holds that track's metropolis.
	FreeCityForHighLevels = true

	// 8. A knight placed active by the Deserter counts as activated this
	// turn (it cannot act this turn), like the Warlord's.
	DeserterKnightWaits = true

	// 9. The Deserter lets its player place the strongest lower rank when
	// no piece of the removed knight's rank is free.
	DeserterMayPlaceWeaker = true

	// 10. The Crane is played together with the improvement it pays for.
	CraneWithImprovement = true

	// 11. A Diplomat's open road: an end holding no other road, building
	// or knight of the road's owner.
	OpenRoadCountsKnights = true

	// 12. Commercial Harbor: each opponent at most once per turn, however
	// many copies are played.
	HarborOncePerOpponent = true

	// 13. The merchant may stand on the desert (it then gives its VP but
	// no rate).
	MerchantOnDesert = true

	// 14. Progress cards over the limit on another player's turn are
	// discarded once the roll's (or attack's) draws are done; on one's own
	// turn, ending the turn is refused above the limit.
	DiscardAfterDraws = true

	// 15. A card whose play would visibly do nothing is refused.
	RefuseUselessCards = true

	// 16. Irrigation and Mining ignore the robber, and take what the
	// supply holds when it cannot pay in full.
	HarvestCardsIgnoreRobber = true

	// 17. The Alchemist may set any red and yellow values, a 7 included.
	AlchemistMaySetSeven = true

	// 18. A knight hired this turn may be activated and promoted the same
	// turn (it still cannot act: activation rule).
	HiredKnightMayPromote = true

	// 19. A city pillaged with no settlement piece left topples: it counts
	// as a settlement and must be rebuilt before any new settlement.
	ToppledCityBlocksSettlements = true

	// 21. The first attack frees the robber at once: a 7 on the same roll
	// moves it.
	RobberFreedAtOnce = true
)

// 22. EventFaces maps the event die's chance value (0 … 5) to its face: -1
// a ship (three faces), else the track of a city gate.
var EventFaces = [6]int8{-1, -1, -1, int8(Science), int8(Trade), int8(Politics)}

// (20, decisions by other players, is a rule of the turn machinery rather
// than a value: see the package doc.)
