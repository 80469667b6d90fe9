package traders

import "tabula/app/i18n"

// The rules of the caravan scenario for the rules screen (app/rules), in
// our own words after docs/traders-barbarians.md; numbers are arguments
// from engine/catan/traders.
func init() {
	i18n.Add(i18n.English, map[string]string{
		"rules.traders.goal":   "Goal",
		"rules.traders.goal.1": "Three trade hexes stand on the coast of Catan: the castle, the quarry and the glassworks. Each needs goods that another supplies. You settle, trade and build as in Catan, and you also drive a wagon between them: it fetches a cargo card at one trade hex and carries the good to the hex that needs it. Every delivery is worth 1 victory point and pays gold. The first player to reach %d victory points during their own turn wins.",

		"rules.traders.setup": "Set-up",
		"rules.traders.setup.1": "The island is laid out at random, without the desert and with one pasture and one fields hex fewer; the %d trade hexes take three corners of the island. A trade hex has no number token and produces nothing. In its middle stands its building on an intersection of its own, the plaza, joined by four paths to the hex's inland corners. Roads may be built on those four paths, but not along the hex's coast, and nothing is built on the plaza.\n" +
			"The number tokens 2 and 12 are left out. There is no robber, and Longest Road is not used.",
		"rules.traders.setup.2": "Each player gets %d gold. %d barbarians stand on paths beside the trade hexes, and the %d cargo cards lie in three stacks, one beside each trade hex.\n" +
			"Founding: in turn order each player places a settlement and a road touching it; then in reverse order each places a city and a road. The city gives one resource card for each land hex around it. Your wagon starts on your city, at level 1.",
		"rules.traders.col.hex":      "Trade hex",
		"rules.traders.col.needs":    "Needs (deliver here)",
		"rules.traders.col.supplies": "Its cargo cards carry",

		"rules.traders.turn": "A turn",
		"rules.traders.turn.1": "On your turn:\n" +
			"- Roll the dice. A 2 or a 12 is rolled again. A 7 moves a barbarian (see Barbarians).\n" +
			"- Trade and build as in Catan. You may also upgrade your wagon, buy resources with gold and sell cards for gold.\n" +
			"- Move your wagon, then end your turn.\n" +
			"Once your wagon has moved, you may no longer trade, build or play a chronicle card in that turn. You may also end your turn without moving.",

		"rules.traders.wagon": "The wagon's movement",
		"rules.traders.wagon.1": "The wagon goes from intersection to intersection along paths, the four paths of a trade hex included. Each step costs movement points (table below). Your wagon card gives your movement points each turn, and points you do not use are lost. A step must be paid in full: when the points left are too few for the next step, the rest are lost. You may stop at any time, and reaching a plaza ends the movement.\n" +
			"A step along another player's road costs a toll, paid to the road's owner; without gold you cannot take that road. Any number of wagons may share an intersection, and buildings never block a wagon.",
		"rules.traders.wagon.2": "Grain boost: once per turn, during the movement, you may pay one grain for %d more movement points.\n" +
			"On the board, the intersections your wagon can reach light up with their cost; a coin marks a toll and an ear of grain a way that needs the boost. Point at one, or focus it with the keyboard, to see the way; click or press Enter to go. A way that costs gold or grain, and any way on a phone, is shown first and taken on a second tap or with the Go button.",
		"rules.traders.col.step":       "A step along",
		"rules.traders.col.points":     "Movement points",
		"rules.traders.col.toll":       "Toll",
		"rules.traders.step.path":      "a path without a road",
		"rules.traders.step.own":       "your own road",
		"rules.traders.step.other":     "another player's road",
		"rules.traders.step.barbarian": "… with a barbarian on it: more",

		"rules.traders.cargo":   "Cargo and deliveries",
		"rules.traders.cargo.1": "The first plaza your wagon reaches gives you the top cargo card of its stack. The good on it (marble, glass, sand or tools) must go to the trade hex that needs it (see the table in Set-up). You carry one card at a time; it lies face up, so everyone sees where your wagon is going.",
		"rules.traders.cargo.2": "Reaching the plaza that needs your good is a delivery: the card stays in front of you, worth 1 victory point, you get the gold your wagon card pays, and you turn over the next card of that plaza's stack at once as your new cargo. Reaching another plaza only ends the movement. When a stack is empty you get no card there; the next plaza with cards left gives you one.",

		"rules.traders.upgrade":      "Wagon upgrades",
		"rules.traders.upgrade.1":    "During trade and build you may turn up your next wagon card by paying the cost on it, one level at a time, as often as you can pay. A higher wagon has more movement points, earns more gold per delivery and drives barbarians off more easily. Level %d is worth 1 victory point.",
		"rules.traders.col.level":    "Level",
		"rules.traders.col.cost":     "Cost",
		"rules.traders.col.gold":     "Gold per delivery",
		"rules.traders.col.driveoff": "Drives a barbarian off",
		"rules.traders.col.vp":       "Points",

		"rules.traders.barbarians":   "Barbarians",
		"rules.traders.barbarians.1": "Barbarians stand on paths, at most one on a path. A step past a barbarian costs %d more movement points. A road may be built under a barbarian.",
		"rules.traders.barbarians.2": "When a 7 is rolled nobody produces, and every player holding more than %d resource cards discards half of them, rounded down (gold does not count). Then the player who rolled moves any one barbarian to a free path or road; on another player's road, they take a random resource card from its owner (never gold). A Knight card moves a barbarian the same way, without the discards.",
		"rules.traders.barbarians.3": "From level 2 on, your wagon may try to drive off a barbarian whose path starts where the wagon stands: one die decides, and the results your wagon card shows drive it off. You then put that barbarian on any other free path (no theft) and go on. A try costs no movement points; each barbarian may be tried once per turn.",

		"rules.traders.gold":   "Gold",
		"rules.traders.gold.1": "Gold is not a resource: it is never discarded or stolen and gives no points. You may buy any resource card from the bank for %d gold, at most %d times per turn, and sell cards to the bank for 1 gold at your maritime rate (4 of a kind, or your harbour's rate). Gold pays tolls and comes from deliveries and from tolls paid to you; you may trade it with other players too.",

		"rules.traders.chronicle":          "Chronicle cards",
		"rules.traders.chronicle.1":        "The development cards are replaced by the chronicle cards below. A card costs %s and is played like a development card: one per turn at most, never in the turn it was bought, and not after your wagon has moved. Played Knights count for the Largest Army.",
		"rules.traders.card.knight":        "Move a barbarian; on another player's road, take a resource card from its owner.",
		"rules.traders.card.victory-point": "1 victory point, kept hidden until it wins the game.",
		"rules.traders.card.road-building": "Place 2 roads for free.",
		"rules.traders.card.swift-journey": "Your wagon moves a second time this turn, with its full movement points. Play it before the wagon moves.",

		"rules.traders.end":   "End and scoring",
		"rules.traders.end.1": "Points: a settlement 1, a city 2, each delivered cargo card 1, a wagon at level 5 1, each Victory Point card 1, the Largest Army 2 (the first player with %[2]d played Knights, then whoever plays more). Longest Road and gold give none. As soon as the player on turn has %[1]d points or more, the game ends and they win.",

		"rules.traders.readings": "Readings this app follows",
		"rules.traders.readings.1": "Where the scenario's rules are silent or incomplete, Tabula plays:\n" +
			"- The trade hexes stand on the three corners of the island that have no harbour; one barbarian starts on a path of each.\n" +
			"- Wagon cards: level 1 gives %d movement points and %d gold, level 2 gives %d points and %d gold and drives off on a %d; the higher levels follow the table in Wagon upgrades.\n" +
			"- Each stack holds %d cards of each of the two goods it carries.\n" +
			"- The chronicle deck has %d cards: %d Knights, %d Road Building, %d Swift Journey, %d Victory Points.\n" +
			"- Once the wagon moves, trading and building end for the turn.\n" +
			"- Without gold you cannot take another player's road.\n" +
			"- Trying to drive a barbarian off costs no movement points.\n" +
			"- The coast of a trade hex is no path for wagons or barbarians.\n" +
			"- Cards may be sold for gold at every maritime rate you have, a 2:1 harbour included.\n" +
			"- Swift Journey gives a second movement with full points; the grain boost stays once per turn.",
	})
}
