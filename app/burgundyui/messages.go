package burgundyui

import (
	"strconv"

	"tabula/app/i18n"
	"tabula/engine/burgundy"
)

// English messages. The help texts of tiles are the engine's own (one
// source for rules wording); other languages override them by id.
func init() {
	m := map[string]string{
		"burgundy.seat": "Seat %d",

		"burgundy.colour.castle": "castle", "burgundy.colour.mine": "mine", "burgundy.colour.ship": "ship",
		"burgundy.colour.animal": "pasture", "burgundy.colour.knowledge": "knowledge", "burgundy.colour.building": "building",

		"burgundy.tile.castle": "Castle", "burgundy.tile.start": "Start castle", "burgundy.tile.mine": "Mine",
		"burgundy.tile.ship": "Ship", "burgundy.tile.animal": "%d %s", "burgundy.tile.knowledge": "Knowledge %d",
		"burgundy.animal.cattle": "cattle", "burgundy.animal.pigs": "pigs", "burgundy.animal.sheep": "sheep",
		"burgundy.animal.chickens": "chickens",
		"burgundy.bshort.1":        "Wh", "burgundy.bshort.2": "Wt", "burgundy.bshort.3": "Cw", "burgundy.bshort.4": "Ch",
		"burgundy.bshort.5": "Mk", "burgundy.bshort.6": "BH", "burgundy.bshort.7": "Bk", "burgundy.bshort.8": "CH",
		"burgundy.help.animal": "Scores at once: the animals on this tile plus every %s already in the same pasture.",

		"burgundy.aria.main":       "Main board",
		"burgundy.aria.emptydepot": "empty %s space",
		"burgundy.aria.space":      "space %d: %s, die %d",
		"burgundy.aria.spacenonum": "space %d: %s",
		"burgundy.aria.spacetile":  "space %d: %s",
		"burgundy.aria.die.free":   "die showing %d, unused",
		"burgundy.aria.die.used":   "die showing %d, used",
		"burgundy.phases":          "Phase",
		"burgundy.rounds":          "Round %d/5 · goods",
		"burgundy.white":           "White die",
		"burgundy.depot":           "Depot %d",
		"burgundy.black":           "Black depot",
		"burgundy.black.label":     "Black depot · 2 silverlings",
		"burgundy.empty":           "empty",
		"burgundy.bonus":           "Bonus tiles",
		"burgundy.bonus.tip":       "Fill every %s space: %d VP to the first, %d VP to the second",
		"burgundy.bonus.n":         "%d bonus",
		"burgundy.track.tip":       "Turn-order track: each ship you place moves you one space ahead; from the next round the furthest plays first (on a shared space, the last to arrive).",
		"burgundy.track":           "Turn order",
		"burgundy.score":           "Score",
		"burgundy.vp":              "%d VP",
		"burgundy.vp.short":        "VP",
		"burgundy.purse":           "%d silverlings, %d workers",
		"burgundy.storage":         "Storage",
		"burgundy.goods":           "Goods",
		"burgundy.goods.n":         "%[1]d %[3]s goods (%[2]d)",
		"burgundy.kind.1":          "white", "burgundy.kind.2": "yellow", "burgundy.kind.3": "red",
		"burgundy.kind.4": "blue", "burgundy.kind.5": "purple", "burgundy.kind.6": "green",
		"burgundy.dice":               "Dice",
		"burgundy.sold":               "Sold goods: %d",
		"burgundy.endscore":           "Final scoring: +%d VP",
		"burgundy.estate.of":          "%s's estate",
		"burgundy.estate.yours":       "Your estate",
		"burgundy.estate.show":        "Show estate",
		"burgundy.estates":            "Estates",
		"burgundy.players":            "Players in turn order",
		"burgundy.order.tip":          "Place in this round's turn order",
		"burgundy.silver":             "Silverlings",
		"burgundy.silver.n":           "%d silver",
		"burgundy.workers":            "Workers",
		"burgundy.workers.n":          "%d workers",
		"burgundy.supply":             "Face down: %d tiles, %d black tiles, %d goods",
		"burgundy.guide.buildings":    "Buildings",
		"burgundy.guide.knowledge":    "Knowledge tiles",
		"burgundy.guide.turn":         "Your turn",
		"burgundy.guide.turn.text":    "Each die is one action: take a tile from the depot with that number, place a tile from your storage on an empty space of its colour showing that number and touching your estate, sell all goods of that number, or take 2 workers. Each worker turns a die 1 up or down (6 and 1 are neighbours). Once a turn you may also buy a black-depot tile for 2 silverlings. Filling a region scores at once, more early in the game.",
		"burgundy.use.die":            "Use the die showing %d",
		"burgundy.choose":             "Which one?",
		"burgundy.choices":            "%s (and %d choices in all)",
		"burgundy.cancel":             "Cancel",
		"burgundy.close":              "Close",
		"burgundy.hint.take.one":      "%d tile to take is lit on the main board",
		"burgundy.hint.take.other":    "%d tiles to take are lit on the main board",
		"burgundy.hint.place.one":     "%d space to build on is lit on your estate",
		"burgundy.hint.place.other":   "%d spaces to build on are lit on your estate",
		"burgundy.hint.other":         "choose a lit target on the boards",
		"burgundy.prompt.die":         "Your turn — die %d: take or place a lit tile, sell goods or take workers.",
		"burgundy.prompt.buy":         "Both dice used: buy a black-depot tile for 2 silverlings, or end your turn.",
		"burgundy.prompt.wait":        "Waiting for %s.",
		"burgundy.prompt.over":        "Game over: %s wins with %d VP.",
		"burgundy.prompt.overplain":   "Game over.",
		"burgundy.prompt.stage.setup": "Setting up the game…",
		"burgundy.prompt.stage.phase": "Filling the depots for the new phase…",
		"burgundy.prompt.stage.roll":  "Rolling the dice…",

		"burgundy.turn.you.dice":            "You: use your dice",
		"burgundy.turn.other.dice":          "%s is using the dice",
		"burgundy.turn.you.finish":          "You: buy from the black depot or end your turn",
		"burgundy.turn.other.finish":        "%s is finishing the turn",
		"burgundy.turn.you.castle":          "You: take the castle's extra action",
		"burgundy.turn.other.castle":        "%s is taking the castle's extra action",
		"burgundy.turn.you.warehouse":       "You: sell goods with the Warehouse, or pass",
		"burgundy.turn.other.warehouse":     "%s is selling goods with the Warehouse",
		"burgundy.turn.you.carpenter":       "You: take a building (Carpenter's Workshop), or pass",
		"burgundy.turn.other.carpenter":     "%s is taking a building (Carpenter's Workshop)",
		"burgundy.turn.you.church":          "You: take a mine, knowledge or castle tile (Church), or pass",
		"burgundy.turn.other.church":        "%s is taking a tile (Church)",
		"burgundy.turn.you.market":          "You: take a ship or animal tile (Market), or pass",
		"burgundy.turn.other.market":        "%s is taking a tile (Market)",
		"burgundy.turn.you.city-hall":       "You: place a tile (City Hall), or pass",
		"burgundy.turn.other.city-hall":     "%s is placing a tile (City Hall)",
		"burgundy.turn.you.ship":            "You: take the goods of a depot (Ship)",
		"burgundy.turn.other.ship":          "%s is taking goods (Ship)",
		"burgundy.turn.you.ship-adjacent":   "You: take the goods of a neighbouring depot, or pass",
		"burgundy.turn.other.ship-adjacent": "%s is taking the goods of a neighbouring depot",
		"burgundy.turn.you.ship-goods":      "You: choose which goods to take",
		"burgundy.turn.other.ship-goods":    "%s is choosing goods",
		"burgundy.turn.you.discard":         "You: discard a tile from your storage",
		"burgundy.turn.other.discard":       "%s is discarding a tile",

		"burgundy.frame.castle":        "Castle: take one extra action as if with a die of any number — any lit tile, space or goods.",
		"burgundy.frame.warehouse":     "Warehouse: sell all goods of one kind, or pass.",
		"burgundy.frame.carpenter":     "Carpenter's Workshop: take a building from any depot, or pass.",
		"burgundy.frame.church":        "Church: take a mine, knowledge or castle tile from any depot, or pass.",
		"burgundy.frame.market":        "Market: take a ship or animal tile from any depot, or pass.",
		"burgundy.frame.city-hall":     "City Hall: place a tile from your storage on any lit space, whatever its number, or pass.",
		"burgundy.frame.ship":          "Ship: take all the goods of one depot — click its lit goods space.",
		"burgundy.frame.ship-adjacent": "Knowledge 5: also take the goods of a depot next to depot %d, or pass.",
		"burgundy.frame.ship-goods":    "Not every kind of goods fits in your storage: choose a kind to take.",
		"burgundy.frame.discard":       "Your storage is full: discard one of your older tiles.",

		"burgundy.act.take":           "Take %s from depot %d",
		"burgundy.act.buy.black":      "Buy %s from the black depot",
		"burgundy.act.buy.depot":      "Buy %s from depot %d",
		"burgundy.act.place":          "Place %s on space %d",
		"burgundy.act.sell":           "Sell the %[2]s goods (%[1]d)",
		"burgundy.act.workers":        "Take workers",
		"burgundy.act.ship":           "Take the goods of depot %d",
		"burgundy.act.goods":          "Take the %[2]s goods (%[1]d)",
		"burgundy.act.discard":        "Discard %s",
		"burgundy.act.pass":           "Pass",
		"burgundy.act.end":            "End turn",
		"burgundy.cost.die":           "die %d",
		"burgundy.cost.workers.one":   "+%d worker",
		"burgundy.cost.workers.other": "+%d workers",
		"burgundy.cost.silver":        "2 silverlings",

		"burgundy.log.setup":          "%s starts; everyone draws 3 goods",
		"burgundy.log.setupplain":     "Everyone draws 3 goods",
		"burgundy.log.phase":          "Phase %s: the depots are filled",
		"burgundy.log.round":          "Round %d:",
		"burgundy.log.rolled":         "%s rolled %d and %d",
		"burgundy.log.white":          "white die %d takes goods %d to its depot",
		"burgundy.log.whiteonly":      "white die %d",
		"burgundy.log.with":           "with a %d",
		"burgundy.log.spent.one":      "and %d worker",
		"burgundy.log.spent.other":    "and %d workers",
		"burgundy.log.take":           "%s took %s from depot %d",
		"burgundy.log.place":          "%s placed %s on space %d",
		"burgundy.log.sell":           "%[1]s sold %[2]d %[4]s goods (%[3]d)",
		"burgundy.log.takeworkers":    "%s took workers",
		"burgundy.log.buy.black":      "%s bought %s from the black depot",
		"burgundy.log.buy.depot":      "%s bought %s from depot %d",
		"burgundy.log.discard":        "%s discarded %s",
		"burgundy.log.ship":           "%s took the goods of depot %d",
		"burgundy.log.goodsgot.one":   ": %d goods tile",
		"burgundy.log.goodsgot.other": ": %d goods tiles",
		"burgundy.log.goods":          "%[1]s took %[2]d %[4]s goods (%[3]d)",
		"burgundy.log.pass":           "%s passed",
		"burgundy.log.end":            "%s ended the turn",
		"burgundy.log.vp":             "+%d VP",
		"burgundy.log.silver.one":     "+%d silverling",
		"burgundy.log.silver.other":   "+%d silverlings",
		"burgundy.log.workers.one":    "+%d worker",
		"burgundy.log.workers.other":  "+%d workers",
		"burgundy.log.bonus.large":    "%s takes the large %s bonus",
		"burgundy.log.bonus.small":    "%s takes the small %s bonus",
		"burgundy.log.phaseend":       "end of phase %s",
		"burgundy.log.phaseend.mines": "end of phase %s, mines pay: %s",
		"burgundy.log.over":           "game over: %s wins with %d VP",

		"burgundy.score.regions":   "Regions & animals",
		"burgundy.score.sales":     "Sales",
		"burgundy.score.bonus":     "Bonus tiles",
		"burgundy.score.watch":     "Watchtowers",
		"burgundy.score.goods":     "Goods left",
		"burgundy.score.silver":    "Silverlings",
		"burgundy.score.workers":   "Workers",
		"burgundy.score.knowledge": "Knowledge",
	}
	for b := burgundy.Warehouse; b <= burgundy.CityHall; b++ {
		n := strconv.Itoa(int(b))
		m["burgundy.building."+n] = b.String()
		m["burgundy.help.building."+n] = burgundy.BuildingHelp(b)
	}
	for k := 1; k <= 26; k++ {
		m["burgundy.help.knowledge."+strconv.Itoa(k)] = burgundy.KnowledgeHelp(k)
	}
	for id := 1; id <= burgundy.TileCount; id++ {
		t := burgundy.Tile(id)
		switch {
		case t.Start:
			m["burgundy.help.start"] = t.Help()
		case t.Colour == burgundy.Castle, t.Colour == burgundy.Mine, t.Colour == burgundy.Ship:
			m["burgundy.help."+t.Colour.String()] = t.Help()
		}
	}
	i18n.Add(i18n.English, m)
}
