package catanui

import "tabula/app/i18n"

// The rules of Catan for the rules screen (package app/rules), in our own
// words; numbers come from engine/catan as arguments.
func init() {
	i18n.Add(i18n.English, map[string]string{
		"rules.catan.goal":   "Goal",
		"rules.catan.goal.1": "You settle the island of Catan. Settlements and cities on the corners of the land hexes bring you resource cards when the dice name those hexes; with the cards you build more, buy development cards and trade. The first player to reach %d victory points during their own turn wins.",
		"rules.catan.setup":  "Set-up",
		"rules.catan.setup.1": "The island has 19 land hexes: forest (lumber), hills (brick), pasture (wool), fields (grain), mountains (ore) and one desert, each with a number token, and 9 harbours on the coast. Choose the beginner board (a fixed map) or a random one when you start the game. The robber starts on the desert.\n" +
			"The player with the highest roll of both dice starts (ties roll again).",
		"rules.catan.setup.2": "Founding: in turn order each player places a settlement and a road touching it; then in reverse order each places a second settlement and road. Your second settlement gives you at once one card of each resource of the hexes around it. Settlements always keep the distance rule: no other settlement or city on any of the three neighbouring corners.",
		"rules.catan.turn":    "A turn",
		"rules.catan.turn.1": "On your turn:\n" +
			"- Roll the dice: every player with a settlement or city next to a hex with that number produces.\n" +
			"- Trade with the other players and with the bank.\n" +
			"- Build roads, settlements and cities, and buy development cards, as often as your cards allow.\n" +
			"- End your turn; the player on the left goes on.\n" +
			"You may play one development card at any moment of your turn, also before rolling, but not one bought in the same turn. Trading and building may be mixed freely after the roll.",
		"rules.catan.production":   "Production",
		"rules.catan.production.1": "Each hex whose number was rolled gives 1 resource card to each settlement and 2 to each city on its corners. The hex with the robber produces nothing. The bank holds %d cards of each resource: if it cannot pay every claim on one resource in full, nobody gets that resource on that roll.",
		"rules.catan.robber":       "Rolling a 7 and the robber",
		"rules.catan.robber.1":     "Nobody produces on a 7. Every player holding more than %d resource cards discards half of them, rounded down, all at the same time.",
		"rules.catan.robber.2":     "Then the player who rolled moves the robber to another hex (the desert is allowed) and robs one random resource card from a player with a settlement or city on that hex. With one possible victim the theft is automatic; with several the mover chooses. A played Knight card moves the robber the same way, without discards.",
		"rules.catan.trade":        "Trade",
		"rules.catan.trade.1":      "After the roll, the player on turn may offer a trade to all the others: some of their cards for some of yours (both sides not empty, resources only). Each other player accepts, refuses or makes a counter-offer; then the player on turn trades with one who accepted or countered, or withdraws the offer. Players who are not on turn cannot trade with each other. At most %d offers per turn.",
		"rules.catan.trade.2":      "Trade with the bank at your best rate: 4 identical cards for 1 card of your choice; 3 identical cards for 1 if you have a settlement or city on a 3:1 harbour; 2 of the harbour's resource for 1 on a 2:1 harbour of that resource.",
		"rules.catan.build":        "Building and costs",
		"rules.catan.build.1": "Pay the cards shown and place the piece:\n" +
			"- Road: on a path touching your road, settlement or city.\n" +
			"- Settlement: on a free corner reached by your road, keeping the distance rule. 1 victory point.\n" +
			"- City: replaces one of your settlements (the settlement returns to your supply). 2 victory points; produces 2 cards.\n" +
			"- Development card: the top card of the deck, kept hidden in your hand.\n" +
			"You have a limited number of pieces; when a kind runs out you cannot build it (a city gives its settlement back).",
		"rules.catan.cost.piece": "Piece",
		"rules.catan.cost.cost":  "Cost",
		"rules.catan.cost.vp":    "Points",
		"rules.catan.cost.count": "Pieces per player",
		"rules.catan.cost.dev":   "Development card",
		"rules.catan.dev":        "Development cards",
		"rules.catan.dev.1":      "The deck holds the cards below. Knights stay face up in front of you once played and count for the Largest Army. Victory Point cards are never played: they stay hidden and count at once for your win. Every other card is played once and leaves the game.",
		"rules.catan.awards":     "Longest Road and Largest Army",
		"rules.catan.awards.1":   "Longest Road (2 victory points): the first player with an unbroken road of at least %d segments (branches do not add, an opponent's settlement or city breaks it) takes the card; another player takes it by building a strictly longer road. If the holder's road is broken and several players tie for longest, or nobody has the minimum any more, the card is set aside until one player alone is longest.",
		"rules.catan.awards.2":   "Largest Army (2 victory points): the first player with %d played Knights takes the card; another takes it by playing strictly more.",
		"rules.catan.end":        "End and scoring",
		"rules.catan.end.1":      "Points: settlement 1, city 2, Longest Road 2, Largest Army 2, each Victory Point card 1. As soon as the player on turn has %d points or more (hidden Victory Point cards included), the game ends and they win. Points reached in another player's turn count when your own turn begins.",
		"rules.catan.readings":   "Readings this app follows",
		"rules.catan.readings.1": "Where the rulebooks are silent or differ, Tabula plays:\n" +
			"- Starting player: the highest roll of both dice (the Brazilian rulebook), on either board.\n" +
			"- Bank shortage: when the bank cannot pay a resource to everyone who should get it, nobody gets it, a lone claimant included.\n" +
			"- The mover chooses the victim whenever two or more players can be robbed.\n" +
			"- Trading and building may be mixed after the roll (an option keeps the strict order).\n" +
			"- An offer everyone refuses lapses; a player with no cards refuses at once.\n" +
			"- Road Building may only be played when a road can be placed; Year of Plenty needs cards in the bank.\n" +
			"- The beginner board is the published starting map, but the founding is played as in a normal game.",
	})
}
