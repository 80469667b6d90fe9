package citiesknights

import (
	"fmt"
	"strconv"
)

// Progress cards: the facts of all 54 (docs/cities-knights.md "Progress
// cards"). The facts are data here; each card's behaviour lives in the
// file of the rule it touches, under the card's name.

// Card is a kind of progress card.
type Card int8

// The 25 kinds, deck by deck (science, politics, trade), alphabetical in
// each deck.
const (
	Alchemist Card = iota
	Crane
	Engineer
	Inventor
	Irrigation
	Medicine
	Mining
	Printer
	RoadBuilding
	Smith

	Bishop
	Constitution
	Deserter
	Diplomat
	Intrigue
	Saboteur
	Spy
	Warlord
	Wedding

	CommercialHarbor
	MasterMerchant
	Merchant
	MerchantFleet
	ResourceMonopoly
	TradeMonopoly

	NumCards // number of kinds
)

// Timing is when a card is played.
type Timing int8

const (
	// AfterRoll: on one's own turn, after the roll, in the main part of
	// the turn.
	AfterRoll Timing = iota
	// BeforeRoll: on one's own turn, instead of rolling the red and
	// yellow dice (the Alchemist only).
	BeforeRoll
	// AtOnce: shown and scored the moment it is drawn, on any turn; never
	// held in the hand (the victory-point cards).
	AtOnce
)

var timingNames = [3]string{"after-roll", "before-roll", "at-once"}

func (t Timing) String() string {
	if t < 0 || int(t) >= len(timingNames) {
		return "Timing(" + strconv.Itoa(int(t)) + ")"
	}
	return timingNames[t]
}

// CardFacts are the printed facts of one kind of progress card.
type CardFacts struct {
	Card   Card
	Name   string // the id used in actions and views ("road-building")
	Title  string // the English card title
	Deck   Track  // the deck: science (green), trade (yellow), politics (blue)
	Count  int    // copies in the deck
	Timing Timing
	VP     int    // victory points (Printer, Constitution)
	Effect string // what it does, in short
}

// Cards are the facts of every kind, indexed by Card.
var Cards = [NumCards]CardFacts{
	{Alchemist, "alchemist", "Alchemist", Science, 2, BeforeRoll, 0,
		"Before rolling: set the red and yellow dice; the event die is rolled and resolved first as usual."},
	{Crane, "crane", "Crane", Science, 2, AfterRoll, 0,
		"Buy one city improvement for 1 commodity less (level 1 free)."},
	{Engineer, "engineer", "Engineer", Science, 1, AfterRoll, 0,
		"Build one city wall free (at most one per city, three in all)."},
	{Inventor, "inventor", "Inventor", Science, 2, AfterRoll, 0,
		"Swap two number tokens, neither of them a 2, 12, 6 or 8."},
	{Irrigation, "irrigation", "Irrigation", Science, 2, AfterRoll, 0,
		"Take 2 grain for each fields hex touching at least one of your settlements or cities."},
	{Medicine, "medicine", "Medicine", Science, 2, AfterRoll, 0,
		"Upgrade one settlement to a city for 2 ore and 1 grain."},
	{Mining, "mining", "Mining", Science, 2, AfterRoll, 0,
		"Take 2 ore for each mountains hex touching at least one of your settlements or cities."},
	{Printer, "printer", "Printer", Science, 1, AtOnce, 1,
		"1 victory point, shown at once."},
	{RoadBuilding, "road-building", "Road Building", Science, 2, AfterRoll, 0,
		"Build two roads free."},
	{Smith, "smith", "Smith", Science, 2, AfterRoll, 0,
		"Promote up to two of your knights one rank each, free (normal promotion rules)."},

	{Bishop, "bishop", "Bishop", Politics, 2, AfterRoll, 0,
		"Move the robber; steal 1 random card from each other player with a building next to its new hex."},
	{Constitution, "constitution", "Constitution", Politics, 1, AtOnce, 1,
		"1 victory point, shown at once."},
	{Deserter, "deserter", "Deserter", Politics, 2, AfterRoll, 0,
		"An opponent removes one of their knights; you may place one of yours of the same rank in its state."},
	{Diplomat, "diplomat", "Diplomat", Politics, 2, AfterRoll, 0,
		"Remove an open road; if it is yours you may place it again free."},
	{Intrigue, "intrigue", "Intrigue", Politics, 2, AfterRoll, 0,
		"Displace an opponent's knight standing at an end of one of your roads."},
	{Saboteur, "saboteur", "Saboteur", Politics, 2, AfterRoll, 0,
		"Every other player with at least as many victory points as you discards half their cards."},
	{Spy, "spy", "Spy", Politics, 3, AfterRoll, 0,
		"Look at an opponent's progress cards and take one."},
	{Warlord, "warlord", "Warlord", Politics, 2, AfterRoll, 0,
		"Activate all your knights free."},
	{Wedding, "wedding", "Wedding", Politics, 2, AfterRoll, 0,
		"Each player with more victory points than you gives you 2 cards of their choice."},

	{CommercialHarbor, "commercial-harbor", "Commercial Harbor", Trade, 2, AfterRoll, 0,
		"Offer each opponent one resource; each must give you a commodity of their choice for it."},
	{MasterMerchant, "master-merchant", "Master Merchant", Trade, 2, AfterRoll, 0,
		"Look at the cards of a player with more victory points than you and take 2."},
	{Merchant, "merchant", "Merchant", Trade, 6, AfterRoll, 0,
		"Set the merchant on a hex next to your building: 2:1 for its resource and 1 victory point while yours."},
	{MerchantFleet, "merchant-fleet", "Merchant Fleet", Trade, 2, AfterRoll, 0,
		"This turn, one resource or commodity of your choice trades 2:1 with the supply."},
	{ResourceMonopoly, "resource-monopoly", "Resource Monopoly", Trade, 4, AfterRoll, 0,
		"Name a resource: each opponent gives you 2 of it (all, if fewer)."},
	{TradeMonopoly, "trade-monopoly", "Trade Monopoly", Trade, 2, AfterRoll, 0,
		"Name a commodity: each opponent gives you 1 of it."},
}

// DeckSize is the number of cards in each deck.
const DeckSize = 18

// String is the card's id ("road-building").
func (c Card) String() string {
	if !c.Valid() {
		return "Card(" + strconv.Itoa(int(c)) + ")"
	}
	return Cards[c].Name
}

// Valid reports whether c is a kind of progress card.
func (c Card) Valid() bool { return c >= 0 && c < NumCards }

// Deck is the deck c belongs to.
func (c Card) Deck() Track { return Cards[c].Deck }

// ParseCard is the inverse of String.
func ParseCard(s string) (Card, bool) {
	for _, f := range Cards {
		if f.Name == s {
			return f.Card, true
		}
	}
	return 0, false
}

func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("citiesknights: bad card %d", int(c))
	}
	return []byte(Cards[c].Name), nil
}

func (c *Card) UnmarshalText(b []byte) error {
	v, ok := ParseCard(string(b))
	if !ok {
		return fmt.Errorf("citiesknights: unknown progress card %q", b)
	}
	*c = v
	return nil
}

// DeckCards lists the kinds of deck t in Card order: the order in which a
// draw's chance outcome counts the cards (card k of the fresh cards).
func DeckCards(t Track) []Card { return deckCards[t] }

var deckCards = func() (d [NumTracks][]Card) {
	for _, f := range Cards {
		d[f.Deck] = append(d[f.Deck], f.Card)
	}
	return d
}()

// ProgressHandLimit is how many progress cards a player may hold
// (victory-point cards are never held).
const ProgressHandLimit = 4

// DefenderCards is the number of Defender of Catan cards (1 VP each); when
// they run out a substitute counts the same (choices.go).
const DefenderCards = 6
