package citiesknights

import "tabula/app/i18n"

// The rules of Cities & Knights for the rules screen (app/rules), in our
// own words; numbers come from the engine as arguments and tables.
func init() {
	i18n.Add(i18n.English, map[string]string{
		"rules.ck.goal":    "Goal",
		"rules.ck.goal.1":  "Cities & Knights is Catan with more to build and a danger from the sea. Your cities grow improvements that bring progress cards, your knights defend the island from the barbarians, and commodities (paper, cloth, coin) join the resources. The first player to reach %d victory points during their own turn wins.",
		"rules.ck.setup":   "Set-up",
		"rules.ck.setup.1": "The island is the base game's: 19 land hexes with number tokens and 9 harbours, a fixed beginner board or a random one. The robber starts on the desert and the barbarian ship at the start of its track. Every improvement track starts empty.",
		"rules.ck.setup.2": "The highest roll starts. In turn order each player places a settlement and a road touching it; then in reverse order each places a city (not a settlement) and a road touching it, keeping the distance rule. The city gives you at once one resource for each land hex around it. The player who placed the last city takes the first turn.",
		"rules.ck.turn":    "A turn and the three dice",
		"rules.ck.turn.1": "On your turn:\n" +
			"- Before rolling you may play the Alchemist, the only card allowed then.\n" +
			"- Roll the red, the yellow and the event die together. The event die is settled first: a ship moves the barbarians one step towards Catan; a city gate lets players draw progress cards of that colour.\n" +
			"- Then red plus yellow produce (or a 7 is rolled).\n" +
			"- Now trade, build, buy improvements, hire, activate and promote knights, act with knights and play progress cards, in any order and as often as you can.\n" +
			"- End the turn holding at most %d progress cards.",
		"rules.ck.event.ship":           "The barbarian ship moves one step; on step %d the barbarians attack.",
		"rules.ck.event.gate":           "Every player with a %s improvement whose level lets the red die count draws one progress card of that colour.",
		"rules.ck.production":           "Production",
		"rules.ck.production.1":         "Every hex whose number was rolled produces for the settlements and cities at its corners, unless the robber stands on it. A city next to forest, pasture or mountains takes one resource and one commodity; next to fields or hills two resources. The bank holds %d cards of each commodity and %d of each resource; if it cannot pay every claim on one kind, nobody receives that kind on that roll.",
		"rules.ck.col.terrain":          "Terrain",
		"rules.ck.robber":               "A 7, the hand limit and the robber",
		"rules.ck.robber.1":             "Nobody produces on a 7. Every player holding more cards than their limit discards half of them, rounded down: resources and commodities count, progress cards do not. The limit is %d, plus 2 for each of your city walls (at most %d walls).",
		"rules.ck.robber.2":             "Until the barbarians have attacked for the first time the robber stays on the desert: a 7 still makes players discard, but nobody moves the robber or steals. From the first attack on, the roller moves the robber and steals one random card (a resource or a commodity) from a player next to its new hex.",
		"rules.ck.trade":                "Trade",
		"rules.ck.trade.1":              "Trade resources and commodities with the other players as in the base game (progress cards are never traded). With the bank, give 4 identical cards for one card of your choice; 3 on a 3:1 harbour; 2 of the harbour's resource on a 2:1 harbour.",
		"rules.ck.trade.2":              "Better rates: the merchant's owner trades its hex's resource 2:1; a Merchant Fleet makes one kind 2:1 for the rest of the turn; from trade level %d (Merchant Guild) every commodity trades 2:1.",
		"rules.ck.build":                "Building and costs",
		"rules.ck.build.1":              "Roads, settlements and cities are built as in the base game, but no road may pass an intersection holding another player's knight. A city wall goes under one of your cities (one per city, at most %d): it raises your hand limit. Knights are hired, activated and promoted as below. There are no development cards and no Largest Army.",
		"rules.ck.col.note":             "Notes",
		"rules.ck.cost.road":            "%d per player",
		"rules.ck.cost.settlement":      "%d per player; 1 VP",
		"rules.ck.cost.city":            "%d per player; 2 VP",
		"rules.ck.cost.wall":            "under a city; at most %d; +2 to your hand limit",
		"rules.ck.cost.hire":            "a basic knight, inactive, on an empty intersection at the end of your roads",
		"rules.ck.cost.activate":        "the knight may act from your next turn",
		"rules.ck.cost.promote":         "one rank up, once per turn per knight",
		"rules.ck.cost.improvement":     "City improvement",
		"rules.ck.cost.improvementnote": "level n costs n commodities of its track (see below)",
		"rules.ck.improvements":         "City improvements",
		"rules.ck.improvements.1":       "Each player has three tracks of %d levels: science (green, paid in paper), trade (yellow, paid in cloth) and politics (blue, paid in coin). Buy the levels one at a time, in order; any level needs at least one city. Improvements are never lost.",
		"rules.ck.improvements.2":       "When the event die shows a city gate, each player with at least level 1 in that track draws a card of its colour if the red die is low enough (see the table). Level %d brings a lasting ability: science, the Aqueduct (after a roll that gives you nothing, take a resource of your choice); trade, the Merchant Guild (commodities 2:1); politics, the Fortress (strong knights may become mighty).",
		"rules.ck.col.level":            "Level",
		"rules.ck.col.draw":             "Draws",
		"rules.ck.draws":                "red 1–%d",
		"rules.ck.level.ability":        "ability",
		"rules.ck.level.metropolis":     "metropolis",
		"rules.ck.metropolis":           "Metropolises",
		"rules.ck.metropolis.1":         "The first player to reach level %d of a track sets that track's metropolis on one of their cities: the city is then worth 4 points and can never be pillaged. A player who reaches level %d while the holder is still below it takes the metropolis onto one of their own cities. Levels 4 and 5 need a city that does not hold a metropolis yet, unless you already hold that track's metropolis.",
		"rules.ck.knights":              "Knights",
		"rules.ck.knights.1":            "Knights stand on intersections and defend Catan. They come in three ranks; each player has %d of each. A new knight is basic and inactive. Only an active knight (with its helmet) counts against the barbarians and may act; a knight activated this turn cannot act until a later turn.",
		"rules.ck.knights.2":            "Promoting raises a knight one rank and keeps its state; a knight is promoted at most once per turn, and a strong knight becomes mighty only with politics level %d (the Fortress).",
		"rules.ck.knights.3": "An active knight may do one of these, after which it is inactive:\n" +
			"- Move along your roads to an empty intersection, never passing another player's piece.\n" +
			"- Drive away a weaker opponent's knight it can reach: its owner moves it to an empty intersection along their own roads, or takes it back if there is none.\n" +
			"- Chase the robber (after the first attack) when standing at a corner of the robber's hex: move the robber and steal as after a 7.\n" +
			"Knights block other players' roads and break their Longest Road. Knights score no points.",
		"rules.ck.col.rank":          "Rank",
		"rules.ck.col.strength":      "Strength",
		"rules.ck.barbarians":        "The barbarians",
		"rules.ck.barbarians.1":      "Each ship on the event die moves the barbarian ship one step; when it reaches Catan on step %d the barbarians attack at once, before production. Their strength is the number of cities on the island (metropolises included); Catan's is the total strength of all active knights.",
		"rules.ck.barbarians.2":      "If the knights are at least as strong, Catan holds: the player with the single highest active strength becomes the Defender of Catan and takes a card worth 1 point; if several tie, each of them draws a progress card from a deck of their choice instead.",
		"rules.ck.barbarians.3":      "If the barbarians are stronger, among the players who own a city without a metropolis, those with the lowest active strength each lose a city of their choice: it becomes a settlement and its wall is destroyed. Players whose only cities are metropolises, or who have no city, are safe.",
		"rules.ck.barbarians.4":      "Afterwards the ship returns to the start and every knight becomes inactive. The first attack also frees the robber.",
		"rules.ck.progress":          "Progress cards",
		"rules.ck.progress.1":        "Three decks of %d cards: science (green), trade (yellow), politics (blue). You may hold %d progress cards at most: above that, discard at once on another player's turn, or play or discard before ending your own. Victory point cards (Printer, Constitution) are shown at once and never held.",
		"rules.ck.progress.2":        "Play any number on your turn after the roll, even cards drawn this turn; only the Alchemist is played before the roll. Played cards go under their deck.",
		"rules.ck.col.card":          "Card",
		"rules.ck.col.deck":          "Deck",
		"rules.ck.col.copies":        "Copies",
		"rules.ck.col.when":          "When",
		"rules.ck.col.effect":        "Effect",
		"rules.ck.col.face":          "Face",
		"rules.ck.col.faces":         "Faces",
		"rules.ck.scoring":           "Victory points",
		"rules.ck.scoring.1":         "Every point is public. There are %d Defender of Catan cards; the merchant's point moves with the merchant.",
		"rules.ck.col.source":        "Source",
		"rules.ck.points.metropolis": "City with a metropolis",
		"rules.ck.points.defender":   "Defender of Catan card",
		"rules.ck.end":               "End of the game",
		"rules.ck.end.1":             "The game ends as soon as a player has %d or more victory points during their own turn; a player who gets there on another's turn wins at the start of their next turn.",
		"rules.ck.readings":          "Readings on open points",
		"rules.ck.readings.1": "Where the rules leave room, Tabula plays:\n" +
			"- The ship needs 7 steps; each player has 3 walls.\n" +
			"- A 3:1 harbour takes three identical cards, resources or commodities.\n" +
			"- Knights travel only along their owner's roads and never through another player's building or knight; a driven-away knight retreats from where it stood.\n" +
			"- Levels 4 and 5 need a city without a metropolis, unless you hold that track's metropolis.\n" +
			"- When Catan holds and nobody has an active knight, every player ties and draws a progress card.\n" +
			"- Warlord and Deserter knights cannot act in the turn they arrive.\n" +
			"- The Deserter may place a weaker knight when none of the same rank is left.\n" +
			"- The Crane is played together with the improvement it pays for.\n" +
			"- A road is open when one of its ends holds nothing else of its owner (road, building or knight).\n" +
			"- The Commercial Harbor meets each opponent once per turn.\n" +
			"- The merchant may stand on the desert.\n" +
			"- A card that would do nothing cannot be played; Irrigation and Mining ignore the robber.\n" +
			"- The Alchemist may set a 7.\n" +
			"- A knight hired this turn may be activated and promoted at once.\n" +
			"- A city pillaged when you have no settlement piece left lies on its side: it counts as a settlement and must be rebuilt before any new settlement.\n" +
			"- The first attack frees the robber at once.",
	})
}
