package citiesknights

import (
	"tabula/engine"
	"tabula/engine/catan"
)

// ID and RulesVersion of the game.
const (
	ID           = "cities-knights"
	RulesVersion = "cities-knights/1"
)

// VictoryPoints is the target (13, reached during one's own turn).
const VictoryPoints = 13

// rules are the base game's rules with the expansion's changes (each hook
// is named after the rule it plays) and its own part, Expansion.
var rules = &catan.Rules{
	ID:      ID,
	Version: RulesVersion,
	Bank: catan.Resources{
		catan.Lumber: catan.CardsPerResource, catan.Wool: catan.CardsPerResource,
		catan.Grain: catan.CardsPerResource, catan.Brick: catan.CardsPerResource,
		catan.Ore: catan.CardsPerResource, catan.Paper: CardsPerCommodity,
		catan.Cloth: CardsPerCommodity, catan.Coin: CardsPerCommodity,
	},
	Deck:          &catan.DevCards{}, // no development cards
	FoundCity:     true,
	Dice:          dice{},
	Production:    production,
	Robber:        robberPhase,
	HandLimit:     handLimit,
	Maritime:      maritimeRate,
	VictoryTarget: VictoryPoints,
	Scoring:       scoring,
	Forbid:        forbid,
	Expansion:     expansion{},
}

// Game is the engine.Game of Cities & Knights.
var Game catan.Game

func init() {
	// After the package's variables, so that every action kind and phase
	// below is registered on rules first.
	Game = catan.NewGame(rules)
	engine.Register(Game)
}

// The expansion's action kinds (names as in logs; fields they carry).
var (
	ActBuildWall      = rules.NewAction("build-wall", catan.FieldVertex)
	ActHireKnight     = rules.NewAction("hire-knight", catan.FieldVertex)
	ActActivateKnight = rules.NewAction("activate-knight", catan.FieldVertex)
	ActPromoteKnight  = rules.NewAction("promote-knight", catan.FieldVertex)
	ActMoveKnight     = rules.NewAction("move-knight", catan.FieldVertex|catan.FieldTo)
	ActDisplaceKnight = rules.NewAction("displace-knight", catan.FieldVertex|catan.FieldTo)
	ActChaseRobber    = rules.NewAction("chase-robber", catan.FieldVertex)
	ActImprove        = rules.NewAction("improve", catan.FieldCard)
	ActRepairCity     = rules.NewAction("repair-city", catan.FieldVertex)
	ActDiscardCard    = rules.NewAction("discard-progress", catan.FieldCard)

	// Progress cards (Road Building is the base game's play-road-building).
	ActAlchemist        = rules.NewAction("play-alchemist", catan.FieldDice)
	ActCrane            = rules.NewAction("play-crane", catan.FieldCard)
	ActEngineer         = rules.NewAction("play-engineer", catan.FieldVertex)
	ActInventor         = rules.NewAction("play-inventor", catan.FieldHex|catan.FieldTo)
	ActIrrigation       = rules.NewAction("play-irrigation", 0)
	ActMedicine         = rules.NewAction("play-medicine", catan.FieldVertex)
	ActMining           = rules.NewAction("play-mining", 0)
	ActSmith            = rules.NewAction("play-smith", catan.FieldVertex|catan.FieldTo)
	ActBishop           = rules.NewAction("play-bishop", catan.FieldHex)
	ActDeserter         = rules.NewAction("play-deserter", catan.FieldSeat)
	ActDiplomat         = rules.NewAction("play-diplomat", catan.FieldEdge)
	ActIntrigue         = rules.NewAction("play-intrigue", catan.FieldVertex)
	ActSaboteur         = rules.NewAction("play-saboteur", 0)
	ActSpy              = rules.NewAction("play-spy", catan.FieldSeat)
	ActWarlord          = rules.NewAction("play-warlord", 0)
	ActWedding          = rules.NewAction("play-wedding", 0)
	ActCommercialHarbor = rules.NewAction("play-commercial-harbor", 0)
	ActMasterMerchant   = rules.NewAction("play-master-merchant", catan.FieldSeat)
	ActMerchant         = rules.NewAction("play-merchant", catan.FieldHex)
	ActMerchantFleet    = rules.NewAction("play-merchant-fleet", catan.FieldResource)
	ActResourceMonopoly = rules.NewAction("play-resource-monopoly", catan.FieldResource)
	ActTradeMonopoly    = rules.NewAction("play-trade-monopoly", catan.FieldResource)

	// Decisions inside the expansion's phases.
	ActChooseDeck      = rules.NewAction("choose-deck", catan.FieldCard)
	ActPillage         = rules.NewAction("pillage", catan.FieldVertex)
	ActAqueduct        = rules.NewAction("aqueduct", catan.FieldResource)
	ActPlaceMetropolis = rules.NewAction("place-metropolis", catan.FieldVertex)
	ActRetreat         = rules.NewAction("retreat-knight", catan.FieldVertex)
	ActRemoveKnight    = rules.NewAction("remove-knight", catan.FieldVertex)
	ActPlaceDeserter   = rules.NewAction("place-deserter", catan.FieldVertex)
	ActDeserterPass    = rules.NewAction("deserter-pass", 0)
	ActReplaceRoad     = rules.NewAction("replace-road", catan.FieldEdge)
	ActDiplomatPass    = rules.NewAction("diplomat-pass", 0)
	ActGiveCards       = rules.NewAction("give-cards", catan.FieldGive)
	ActSpyTake         = rules.NewAction("spy-take", catan.FieldCard)
	ActTakeCards       = rules.NewAction("take-cards", catan.FieldGet)
	// ActSpyPick is the Spy's take in sealed play with looks: Card names
	// the card by where it was drawn, deck*DeckSize + position (look.go),
	// so the other devices move it without learning it.
	ActSpyPick      = rules.NewAction("spy-pick", catan.FieldCard)
	ActHarborOffer  = rules.NewAction("harbor-offer", catan.FieldResource)
	ActHarborPass   = rules.NewAction("harbor-pass", 0)
	ActHarborReturn = rules.NewAction("harbor-return", catan.FieldResource)
)

// The expansion's phases (names as in the encoding and views).
var (
	PhaseChooseDeck     = rules.NewPhase("choose-deck")      // a tied defender picks a deck
	PhaseDrawProgress   = rules.NewPhase("draw-progress")    // chance: the card drawn
	PhasePillage        = rules.NewPhase("pillage")          // the weakest choose the city they lose
	PhaseProgressLimit  = rules.NewPhase("progress-limit")   // others discard progress cards above 4
	PhaseAqueduct       = rules.NewPhase("aqueduct")         // Aqueduct owners who got nothing choose
	PhaseMetropolis     = rules.NewPhase("place-metropolis") // the taker sets the metropolis
	PhaseRetreat        = rules.NewPhase("retreat")          // a displaced knight's owner moves it
	PhaseDesert         = rules.NewPhase("desert")           // the Deserter's victim removes a knight
	PhaseDeserterPlace  = rules.NewPhase("deserter-place")   // the Deserter's player may place one
	PhaseDiplomatRoad   = rules.NewPhase("diplomat-road")    // the Diplomat's player may re-place a road
	PhaseWedding        = rules.NewPhase("wedding")          // richer players give 2 cards
	PhaseSabotage       = rules.NewPhase("sabotage")         // the Saboteur's victims discard
	PhaseSpy            = rules.NewPhase("spy")              // the Spy's player takes a card
	PhaseSpyLook        = rules.NewPhase("spy-look")         // chance, sealed: the target's cards open to the Spy
	PhaseMasterMerchant = rules.NewPhase("master-merchant")  // the Master Merchant's player takes 2
	PhaseHarbor         = rules.NewPhase("harbor")           // Commercial Harbor: offer or pass
	PhaseHarborReturn   = rules.NewPhase("harbor-return")    // Commercial Harbor: the commodity back
	PhaseBishop         = rules.NewPhase("bishop")           // chance: the Bishop's steals
	PhaseOpen           = rules.NewPhase("open-thefts")      // chance: thefts open before a card's effect
)
