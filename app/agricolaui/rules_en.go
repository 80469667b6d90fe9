package agricolaui

import "tabula/app/i18n"

// The rules of Agricola (the card game, with the family game as an option;
// docs/agricola.md) for the
// rules screen, in our own words; numbers and tables come from
// engine/agricola (rules.go).
func init() {
	i18n.Add(i18n.English, map[string]string{
		"rules.agricola.goal": "Goal",
		"rules.agricola.goal.1": "You run a small farm in the 17th century. Over 14 rounds you send your family members to work, gather wood, clay, reed and stone, build rooms and grow your family, plow and sow fields, fence pastures and breed sheep, wild boar and cattle — and feed everyone at each harvest. At the end the most varied and complete farm wins: every kind of thing on a farm scores, and whatever you neglected costs points.\n" +
			"Tabula plays the card game: besides the 10 major improvements everyone builds from, each player has a hand of occupations and minor improvements (decks A and B). The family game, without these cards, is an option of the new game.",
		"rules.agricola.setup":   "Set-up",
		"rules.agricola.setup.1": "Each player has a farmyard of 3 rows of 5 spaces. Two wooden rooms stand in the left column with one family member in each; the other 3 family members, %d fences and %d stables wait in your supply.",
		"rules.agricola.setup.2": "The starting player is drawn and gets %d food; every other player gets %d. Alone you start with %d food.",
		"rules.agricola.setup.3": "The action board has permanent action spaces; with 3 and 4 players more are added. The 14 round cards are shuffled by stage, so each round one new action space comes into play, and you only know roughly what comes next.",
		"rules.agricola.cards":   "Occupations and minor improvements",
		"rules.agricola.cards.1": "At the start each player is dealt %d occupations and %d minor improvements, kept secret from the others. Occupations are helpers who give you something for the rest of the game; minor improvements are small buildings and tools, some worth points. Each card tells what it does, what it costs and what it needs first: the “i” button on a card shows its text.",
		"rules.agricola.cards.2": "An occupation is played by placing a person on a %s space and paying its price in food: the first occupation of the game is free there, each later one costs 1 food (with 3 and 4 players a second Lessons space has its own price, shown on it).",
		"rules.agricola.cards.3": "A minor improvement is played with %s (instead of a major improvement), %s (after taking the starting player), %s (after the family growth) and %s (after renovating). Its prerequisite must be met and its cost paid. Traveling minor improvements are passed to your left neighbour's hand once played (in the solo game they leave the game).",
		"rules.agricola.cards.4": "Option of the new game, with 2 to 4 players: the hands are drafted instead of dealt. From the packet in front of you, you keep 1 occupation and 1 minor improvement; then the packets pass to the left, until every card is kept.",
		"rules.agricola.cards.5": "Option of the new game: the family game, without occupations and minor improvements. The %s spaces are then out of play, %s also collects 1 food each round, and the %s space is added with 2 to 4 players.",
		"rules.agricola.round":   "A round",
		"rules.agricola.round.1": "Each round has these phases:\n" +
			"- Preparation: the round's card is revealed and becomes a new action space; goods waiting on the round space for you (from the Well) are yours; every accumulation space gets its goods, added to what is already there.\n" +
			"- Work: from the starting player on, each player in turn places one family member on a free action space and carries it out at once, until everyone has placed all of them. Each space takes one person per round. You may use a space only if you carry out at least one of its actions. \"And/or\" lets you do any of its actions in any order; \"then\" means the second only after the first.\n" +
			"- Return home: everyone's people come home.\n" +
			"- Harvest, after rounds %s (see below).",
		"rules.agricola.round.2":       "The starting player changes only when someone takes the Meeting Place, and only from the next round on.",
		"rules.agricola.spaces":        "The action spaces",
		"rules.agricola.spaces.1":      "Accumulation spaces get more goods every round and whoever takes them takes everything there. The costs of rooms, stables, fences and improvements are in the next sections.",
		"rules.agricola.farm":          "Building your farm",
		"rules.agricola.farm.rooms":    "Rooms: each costs %s in a wooden house (%s in a clay house, %s in a stone house) and goes on an empty space next to a room. You may build several in one action.",
		"rules.agricola.farm.renovate": "Renovating turns the whole house into the next material, wood to clay to stone: %s per room and %s. New rooms afterwards are of the new material.",
		"rules.agricola.farm.stables":  "Stables cost %s each (%s on the Side Job, one stable only), one per space, not on a room or field; you own %d.",
		"rules.agricola.farm.fields":   "Plowing adds one field: the first anywhere free, later ones next to a field. Sowing puts 1 grain or 1 vegetable from your supply on each empty field you choose; the field then holds 3 grain or 2 vegetables. Baking bread turns grain into food with an improvement that bakes.",
		"rules.agricola.farm.growth":   "Family growth gives you one more family member (at most 5). The usual growth needs more rooms than family members; the urgent one (late in the game) needs no room. The newborn works from the next round and eats only 1 food at a harvest in its own round.",
		"rules.agricola.fences":        "Fences and pastures",
		"rules.agricola.fences.1":      "Each fence costs %s; you own %d. A pasture is an area closed on every side by fences — the edge of the farmyard is not a fence, and neither are rooms or fields. At the end of a fence action every fence must border a pasture; you may split a pasture into smaller ones.",
		"rules.agricola.fences.2":      "The first pasture goes anywhere; later ones must touch the pastures you already have. On the table you click any fence edges: the pastures they make, the room for animals and the price show at once, and the button says why not when the engine would refuse.",
		"rules.agricola.animals":       "Animals",
		"rules.agricola.animals.1":     "A pasture holds %d animals per space, of one kind; each stable in it doubles that (one space with a stable: %d). A stable outside pastures holds %d animal of any kind, and the house %d pet.",
		"rules.agricola.animals.2":     "Animals can be moved around at any time. When you take animals you cannot house, you choose which to keep; the rest are released — unless you cook them first with a Fireplace or Cooking Hearth.",
		"rules.agricola.harvest":       "The harvest",
		"rules.agricola.harvest.1":     "Field phase: every sown field gives exactly 1 of its crops to your supply.",
		"rules.agricola.harvest.2":     "Feeding: each family member eats %d food (%d in the solo game), a newborn of this round %d. Grain and vegetables are worth 1 food each at any time; improvements cook and bake for more. Every food you cannot pay is a begging card worth %d points at the end.",
		"rules.agricola.harvest.3":     "Breeding: for each kind of which you have at least 2 animals you get 1 newborn, if you can house it along with all the others. You cannot cook during breeding.",
		"rules.agricola.majors":        "Major improvements",
		"rules.agricola.majors.1":      "Improvements are built with the Major Improvement and House Redevelopment spaces. They cook animals and vegetables, bake bread, give food and score points:",
		"rules.agricola.scoring":       "Scoring",
		"rules.agricola.scoring.1":     "After the harvest of round 14 each player scores the counted rows:",
		"rules.agricola.scoring.2":     "Plus: %d per unused farmyard space, %d per stable inside a pasture, %d per clay room and %d per stone room, %d per family member, the points printed on your improvements and their bonus points, and %d per begging card. Food left scores nothing.",
		"rules.agricola.scoring.3":     "The most points wins. On a tie, the player with the most wood, clay, reed and stone left wins; if still tied, they share the win. The table shows everyone's score now, by category.",
		"rules.agricola.readings":      "Readings this app follows",
		"rules.agricola.readings.1": "Where the rules leave a point open, Tabula plays:\n" +
			"- The family game: the Side Job space (1 stable for 1 wood and/or bake bread) is added with 2 to 4 players, not in the solo game.\n" +
			"- The draft hands out exactly the cards a deal would; alone there is nobody to pass to, so the hand is dealt.\n" +
			"- Each round's card is drawn when the round begins, from those left in its stage.\n" +
			"- Fences: a fence must have a pasture on exactly one side; all pastures form one connected area; an enclosed area with a room or field is no pasture. A fence action is one decision with all its fences.\n" +
			"- Feeding pays the food in your supply by itself; cooking or converting first is your choice, and you may take begging cards rather than cook.",
		"rules.agricola.readings.2": "- Each harvest step is done by everyone, starting player first, before the next one.\n" +
			"- When not every newborn animal fits, you choose which to keep.\n" +
			"- Cooking is offered whenever you decide something; a craft building's harvest conversion at any of your decisions during a harvest; its end bonus costs nothing.\n" +
			"- Food the Well would put after round 14 is lost.\n" +
			"- A decision with nothing to decide is taken without asking.",
		"rules.agricola.players":      "with %s players",
		"rules.agricola.allplayers":   "any number of players",
		"rules.agricola.stagecard":    "stage %d card (round %s)",
		"rules.agricola.col.space":    "Action space",
		"rules.agricola.col.when":     "In play",
		"rules.agricola.col.does":     "What it does",
		"rules.agricola.col.major":    "Improvement",
		"rules.agricola.col.cost":     "Cost",
		"rules.agricola.col.points":   "Points",
		"rules.agricola.col.category": "Row",
		"rules.agricola.col.pts":      "%s pts",
	})
}
