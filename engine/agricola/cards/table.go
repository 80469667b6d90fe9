package cards

import (
	"fmt"
	"strconv"
	"strings"

	ag "tabula/engine/agricola"
)

// fact is one row of the table: a card's printed facts, then the function
// that gives it its behaviour (hooks on the engine's events; the files of
// this package, by theme).
type fact struct {
	id, name string
	kind     ag.CardKind
	cost     string // "2W 1C": W wood, C clay, R reed, S stone, F food, G grain, V vegetable, Sh sheep
	needs    ag.Requirement
	vp       int
	players  int  // occupations: the player-count mark (1, 3 or 4)
	travels  bool // minors passed to the left after playing
	rules    func(c *ag.Card)
}

const (
	minor      = ag.MinorCard
	occupation = ag.OccupationCard
)

// none is "no prerequisite".
var none = ag.Requirement{}

// table holds the facts of the 96 cards of decks A and B (rules note:
// docs/agricola.md, "Cards"), in id order: the 48 minor improvements
// (001–084), then the 48 occupations (085–168, with their player-count
// marks). Effects are in the functions named in the last column.
var table = []fact{
	// Deck A, minor improvements.
	{"A002", "Shifting Cultivation", minor, "2F", none, 0, 0, true, shiftingCultivation},
	{"A005", "Clay Embankment", minor, "1F", none, 0, 0, true, clayEmbankment},
	{"A009", "Young Animal Market", minor, "1Sh", none, 0, 0, true, youngAnimalMarket},
	{"A012", "Drinking Trough", minor, "1C", none, 0, 0, false, drinkingTrough},
	{"A016", "Rammed Clay", minor, "", none, 0, 0, false, rammedClay},
	{"A019", "Handplow", minor, "1W", none, 0, 0, false, handplow},
	{"A024", "Threshing Board", minor, "1W", needs(NeedOccupations, 2), 1, 0, false, threshingBoard},
	{"A026", "Sleeping Corner", minor, "1W", needs(NeedGrainFields, 2), 1, 0, false, sleepingCorner},
	{"A032", "Manger", minor, "2W", none, 0, 0, false, manger},
	{"A033", "Big Country", minor, "", needs(NeedFarmyardFull, 0), 0, 0, false, bigCountry},
	{"A038", "Wool Blankets", minor, "", needs(NeedSheep, 5), 0, 0, false, woolBlankets},
	{"A044", "Pond Hut", minor, "1W", needs(NeedOccupationsExactly, 2), 1, 0, false, pondHut},
	{"A050", "Milk Jug", minor, "1C", none, 0, 0, false, milkJug},
	{"A053", "Claypipe", minor, "1C", none, 0, 0, false, claypipe},
	{"A055", "Junk Room", minor, "1W 1C", none, 0, 0, false, junkRoom},
	{"A056", "Basket", minor, "1R", none, 0, 0, false, basket},
	{"A063", "Dutch Windmill", minor, "2W 2S", none, 2, 0, false, dutchWindmill},
	{"A067", "Corn Scoop", minor, "1W", none, 0, 0, false, cornScoop},
	{"A069", "Large Greenhouse", minor, "2W", needs(NeedOccupations, 2), 0, 0, false, largeGreenhouse},
	{"A071", "Clearing Spade", minor, "1W", none, 0, 0, false, clearingSpade},
	{"A075", "Lumber Mill", minor, "2S", needs(NeedOccupationsAtMost, 3), 2, 0, false, lumberMill},
	{"A078", "Canoe", minor, "2W", needs(NeedOccupations, 1), 1, 0, false, canoe},
	{"A080", "Stone Tongs", minor, "1W", none, 0, 0, false, stoneTongs},
	{"A083", "Shepherd's Crook", minor, "1W", none, 0, 0, false, shepherdsCrook},

	// Deck B, minor improvements.
	{"B002", "Mini Pasture", minor, "2F", none, 0, 0, true, miniPasture},
	{"B008", "Market Stall", minor, "1G", none, 0, 0, true, marketStall},
	{"B010", "Caravan", minor, "3W 3F", none, 0, 0, false, caravan},
	{"B013", "Carpenter's Parlor", minor, "1W 1S", none, 0, 0, false, carpentersParlor},
	{"B016", "Mining Hammer", minor, "1W", none, 0, 0, false, miningHammer},
	{"B019", "Moldboard Plow", minor, "2W", needs(NeedOccupations, 1), 0, 0, false, moldboardPlow},
	{"B024", "Lasso", minor, "1R", none, 0, 0, false, lasso},
	{"B025", "Bread Paddle", minor, "1W", none, 0, 0, false, breadPaddle},
	{"B033", "Mantlepiece", minor, "1S", needs(NeedClayOrStoneHouse, 0), -3, 0, false, mantlepiece},
	{"B036", "Bottles", minor, "1C", none, 4, 0, false, bottles}, // + 1 food per person (CostFor)
	{"B039", "Loom", minor, "2W", needs(NeedOccupations, 2), 1, 0, false, loom},
	{"B045", "Strawberry Patch", minor, "1W", needs(NeedVegetableFields, 2), 2, 0, false, strawberryPatch},
	{"B047", "Herring Pot", minor, "1C", none, 0, 0, false, herringPot},
	{"B050", "Butter Churn", minor, "1W", needs(NeedOccupationsAtMost, 3), 1, 0, false, butterChurn},
	{"B056", "Brook", minor, "", needs(NeedOnFishing, 0), 0, 0, false, brook},
	{"B057", "Scullery", minor, "1W 1C", none, 0, 0, false, scullery},
	{"B061", "Three-Field Rotation", minor, "", needs(NeedOccupations, 3), 0, 0, false, threeFieldRotation},
	{"B062", "Pitchfork", minor, "1W", none, 0, 0, false, pitchfork},
	{"B066", "Sack Cart", minor, "2W", needs(NeedOccupations, 2), 0, 0, false, sackCart},
	{"B068", "Beanfield", minor, "1F", needs(NeedOccupations, 2), 1, 0, false, beanfield},
	{"B074", "Thick Forest", minor, "", needs(NeedClay, 5), 0, 0, false, thickForest},
	{"B077", "Loam Pit", minor, "1F", needs(NeedOccupations, 3), 1, 0, false, loamPit},
	{"B080", "Hard Porcelain", minor, "1C", none, 0, 0, false, hardPorcelain},
	{"B084", "Acorns Basket", minor, "1R", needs(NeedOccupations, 3), 0, 0, false, acornsBasket},

	// Deck A, occupations.
	{"A086", "Animal Tamer", occupation, "", none, 0, 1, false, animalTamer},
	{"A087", "Conservator", occupation, "", none, 0, 1, false, conservator},
	{"A088", "Hedge Keeper", occupation, "", none, 0, 1, false, hedgeKeeper},
	{"A090", "Plow Driver", occupation, "", none, 0, 1, false, plowDriver},
	{"A092", "Adoptive Parents", occupation, "", none, 0, 1, false, adoptiveParents},
	{"A098", "Stable Architect", occupation, "", none, 0, 1, false, stableArchitect},
	{"A102", "Grocer", occupation, "", none, 0, 1, false, grocer},
	{"A108", "Mushroom Collector", occupation, "", none, 0, 1, false, mushroomCollector},
	{"A110", "Roughcaster", occupation, "", none, 0, 1, false, roughcaster},
	{"A111", "Wall Builder", occupation, "", none, 0, 1, false, wallBuilder},
	{"A112", "Scythe Worker", occupation, "", none, 0, 1, false, scytheWorker},
	{"A114", "Seasonal Worker", occupation, "", none, 0, 1, false, seasonalWorker},
	{"A116", "Wood Cutter", occupation, "", none, 0, 1, false, woodCutter},
	{"A119", "Firewood Collector", occupation, "", none, 0, 1, false, firewoodCollector},
	{"A120", "Clay Hut Builder", occupation, "", none, 0, 1, false, clayHutBuilder},
	{"A123", "Frame Builder", occupation, "", none, 0, 1, false, frameBuilder},
	{"A125", "Priest", occupation, "", none, 0, 1, false, priest},
	{"A133", "Braggart", occupation, "", none, 0, 3, false, braggart},
	{"A138", "Harpooner", occupation, "", none, 0, 3, false, harpooner},
	{"A143", "Stonecutter", occupation, "", none, 0, 3, false, stonecutter},
	{"A147", "Animal Dealer", occupation, "", none, 0, 3, false, animalDealer},
	{"A155", "Conjurer", occupation, "", none, 0, 4, false, conjurer},
	{"A160", "Lutenist", occupation, "", none, 0, 4, false, lutenist},
	{"A165", "Pig Breeder", occupation, "", none, 0, 4, false, pigBreeder},

	// Deck B, occupations.
	{"B087", "Cottager", occupation, "", none, 0, 1, false, cottager},
	{"B089", "Groom", occupation, "", none, 0, 1, false, groom},
	{"B091", "Assistant Tiller", occupation, "", none, 0, 1, false, assistantTiller},
	{"B095", "Master Bricklayer", occupation, "", none, 0, 1, false, masterBricklayer},
	{"B097", "Scholar", occupation, "", none, 0, 1, false, scholar},
	{"B098", "Organic Farmer", occupation, "", none, 0, 1, false, organicFarmer},
	{"B099", "Tutor", occupation, "", none, 0, 1, false, tutor},
	{"B102", "Consultant", occupation, "", none, 0, 1, false, consultant},
	{"B104", "Sheep Walker", occupation, "", none, 0, 1, false, sheepWalker},
	{"B107", "Manservant", occupation, "", none, 0, 1, false, manservant},
	{"B108", "Oven Firing Boy", occupation, "", none, 0, 1, false, ovenFiringBoy},
	{"B109", "Paper Maker", occupation, "", none, 0, 1, false, paperMaker},
	{"B114", "Childless", occupation, "", none, 0, 1, false, childless},
	{"B118", "Small-scale Farmer", occupation, "", none, 0, 1, false, smallScaleFarmer},
	{"B121", "Geologist", occupation, "", none, 0, 1, false, geologist},
	{"B123", "Roof Ballaster", occupation, "", none, 0, 1, false, roofBallaster},
	{"B126", "Carpenter", occupation, "", none, 0, 1, false, carpenter},
	{"B136", "House Steward", occupation, "", none, 0, 3, false, houseSteward},
	{"B142", "Greengrocer", occupation, "", none, 0, 3, false, greengrocer},
	{"B145", "Brushwood Collector", occupation, "", none, 0, 3, false, brushwoodCollector},
	{"B156", "Storehouse Keeper", occupation, "", none, 0, 4, false, storehouseKeeper},
	{"B163", "Pastor", occupation, "", none, 0, 4, false, pastor},
	{"B164", "Sheep Whisperer", occupation, "", none, 0, 4, false, sheepWhisperer},
	{"B166", "Cattle Feeder", occupation, "", none, 0, 4, false, cattleFeeder},
}

// costCodes are the goods of the cost notation.
var costCodes = map[string]ag.Good{"F": ag.Food, "W": ag.Wood, "C": ag.Clay, "R": ag.Reed, "S": ag.Stone,
	"G": ag.Grain, "V": ag.Vegetable, "Sh": ag.Sheep}

// parseCost reads the cost notation of the table ("2W 1C").
func parseCost(s string) (goods, error) {
	var g goods
	for _, tok := range strings.Fields(s) {
		i := strings.IndexFunc(tok, func(r rune) bool { return r < '0' || r > '9' })
		if i <= 0 {
			return g, fmt.Errorf("bad cost %q", tok)
		}
		n, _ := strconv.Atoi(tok[:i])
		good, ok := costCodes[tok[i:]]
		if !ok {
			return g, fmt.Errorf("bad good in %q", tok)
		}
		g[good] += n
	}
	return g, nil
}

// card builds the engine's card of a row: its facts, then its behaviour.
func (f fact) card() ag.Card {
	cost, err := parseCost(f.cost)
	if err != nil {
		panic("cards: " + f.id + ": " + err.Error())
	}
	c := ag.Card{ID: f.id, Name: f.name, Kind: f.kind, Cost: cost, VP: f.vp, MinPlayers: f.players,
		Traveling: f.travels, Deck: f.id[:1], Requires: f.needs}
	if f.needs != none {
		c.Prereq = prereq(f.needs)
	}
	f.rules(&c)
	if f.kind == occupation && c.Worth != nil {
		own := c.Worth
		c.Worth = func(s *state, owner seat) float64 { return own(s, owner) + occupationWorth }
	}
	return c
}

// occupationWorth is what any occupation in front is worth to the bot
// besides its effect: it counts toward the prerequisites of minor
// improvements (and Tutor's points).
const occupationWorth = 0.3

// The table registers the cards with the engine, in id order.
func init() {
	for _, f := range table {
		ag.RegisterCard(f.card())
	}
}
