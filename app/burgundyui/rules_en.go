package burgundyui

import "tabula/app/i18n"

// The rules of The Castles of Burgundy for the rules screen (package
// app/rules), in our own words; tables come from engine/burgundy.
func init() {
	i18n.Add(i18n.English, map[string]string{
		"rules.burgundy.goal":    "Goal",
		"rules.burgundy.goal.1":  "Each player is a prince in the Loire valley building an estate of hexagonal tiles: castles, mines, ships, pastures with animals, knowledge and buildings. Every action is chosen with your two dice. Completing regions of your estate, selling goods, placing animals and buildings earn victory points; after five phases the player with the most points wins.",
		"rules.burgundy.setup":   "Set-up",
		"rules.burgundy.setup.1": "Every player has the same estate board, with the start castle on the dark green space in the middle, 1 silverling and 3 random goods tiles in storage. The starting player is drawn; in turn order the players get 1, 2, 3 and 4 workers. The turn-order markers start stacked, the starting player on top.",
		"rules.burgundy.phases":  "Phases and rounds",
		"rules.burgundy.phases.1": "The game has 5 phases (A to E) of 5 rounds. At the start of each phase the tiles left on the depots leave the game (goods stay), the six numbered depots and the black depot are filled with new tiles, and 5 goods tiles are laid on the round spaces.\n" +
			"Each round all players roll their two dice; the starting player also rolls the white die, and the next goods tile of the round spaces goes to the depot with the white die's number. Then everybody takes a turn in turn order.",
		"rules.burgundy.turn": "Your turn",
		"rules.burgundy.turn.1": "You have two dice: use each for one action, in any order:\n" +
			"- Take a tile from the numbered depot showing the die's number.\n" +
			"- Place a tile from your storage on your estate.\n" +
			"- Sell all your goods of the die's number.\n" +
			"- Take 2 workers (any number).",
		"rules.burgundy.turn.2":      "Each worker you spend turns a die 1 up or down; 6 and 1 are neighbours. Once per turn, before, between or after your die actions, you may also buy one tile from the black depot for 2 silverlings (it goes to your storage).",
		"rules.burgundy.take":        "Take a tile",
		"rules.burgundy.take.1":      "Take any tile from the depot with the die's number and put it in your storage. Your storage holds 3 tiles: taking a fourth makes you discard one of the three older ones.",
		"rules.burgundy.place":       "Place a tile",
		"rules.burgundy.place.1":     "Place a tile from your storage on an empty space of your estate that has the same colour, shows the die's number and touches a tile already in your estate. The tile acts at once:",
		"rules.burgundy.buildings":   "Buildings",
		"rules.burgundy.buildings.1": "Buildings go on the beige spaces. A city (a connected beige region) may hold each kind of building only once. Each building acts once, when placed:",
		"rules.burgundy.knowledge":   "Knowledge tiles",
		"rules.burgundy.knowledge.1": "Yellow knowledge tiles change a rule for you from the moment they are placed, or score at the end of the game:",
		"rules.burgundy.sell":        "Sell goods",
		"rules.burgundy.sell.1":      "Sell all your goods tiles of the die's number: the sale gives 1 silverling, and each tile sold scores %d victory points with 2 players, %d with 3 and %d with 4. Sold goods stay face down in front of you.",
		"rules.burgundy.workers":     "Take workers",
		"rules.burgundy.workers.1":   "Whatever the die shows, take 2 workers from the supply.",
		"rules.burgundy.storage":     "Storage",
		"rules.burgundy.storage.1":   "Your storage has 3 spaces for hex tiles and 3 for goods (one kind each). A fourth hex tile makes you discard an older one. Goods of a kind you already hold always fit; goods of new kinds that do not fit stay on the depot.",
		"rules.burgundy.scoring":     "Scoring during the game",
		"rules.burgundy.scoring.1":   "When you fill the last empty space of a region (connected spaces of one colour), it scores at once: points by its size plus a bonus that shrinks from phase to phase (table below). Animals score when placed: the animals on the tile plus all animals of the same kind already in that pasture.",
		"rules.burgundy.scoring.2":   "The first player to fill every space of one colour takes the large bonus tile of that colour (%d, %d or %d points with 2, 3 or 4 players), the second the small one (%d, %d or %d).",
		"rules.burgundy.size":        "Region size",
		"rules.burgundy.phase":       "Phase %s",
		"rules.burgundy.end":         "End of the game",
		"rules.burgundy.end.1":       "After round 5 of phase E every player adds: 1 point per goods tile left, 1 per silverling, 1 per 2 workers, and the points of their end-game knowledge tiles. Most points wins. On a tie, the player with fewer empty estate spaces wins; if still tied, the player later in the turn order of the last round.",
		"rules.burgundy.readings":    "Readings this app follows",
		"rules.burgundy.readings.1": "Where the rulebooks are silent, garbled or disagree, Tabula plays:\n" +
			"- Estate board 1 for everybody, with its printed numbers; the start castle space has no number.\n" +
			"- Black depot: %d, %d or %d tiles with 2, 3 or 4 players; both bonus tile sizes are used at every player count.\n" +
			"- At the start of each phase every hex tile left on the depots leaves the game; goods stay.\n" +
			"- A sale gives 1 silverling per sale (not per tile) and the points per tile.\n" +
			"- Turn order: a ship moves your marker one space ahead, onto the top of any stack there; the new order and the white die apply from the next round.\n" +
			"- Knowledge 2 gives 1 worker per mine at each phase end; knowledge 5's second depot must be next to the first on the ring 1-2-3-4-5-6-1.\n" +
			"- The City Hall ignores the die number but not colour, adjacency or the one-building-per-city rule.\n" +
			"- Tie-break (Portuguese rules): fewer empty spaces, then later in turn order.",
	})
}
