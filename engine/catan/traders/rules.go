package traders

import (
	"tabula/engine"
	"tabula/engine/catan"
)

// ID and RulesVersion of the game.
const (
	ID           = "traders-barbarians"
	RulesVersion = "traders-barbarians/1"
)

// The scenario as changes to the base game (catan.Rules) and the rules the
// base game lacks (the Expansion: wagons, cargo, barbarians, gold).
var rules = &catan.Rules{
	ID:      ID,
	Version: RulesVersion,
	// Resources as in the base game; gold in the bank (orig: 40 coins,
	// with substitutes beyond them, GoldSupply).
	Bank: catan.Resources{
		catan.Lumber: catan.CardsPerResource, catan.Wool: catan.CardsPerResource,
		catan.Grain: catan.CardsPerResource, catan.Brick: catan.CardsPerResource,
		catan.Ore: catan.CardsPerResource, catan.Gold: GoldSupply,
	},
	FoundCity:     true, // orig "Каждый игрок сначала строит поселение, а затем город"
	VictoryTarget: WinningPoints,
	NoLongestRoad: true, // orig: the card is not used
}

// WinningPoints wins on one's own turn (orig "Конец игры").
const WinningPoints = 13

// StartingGold is each player's gold at set-up (orig).
const StartingGold = 5

// The scenario's own action kinds. Their JSON names are the log's.
var (
	// ActMoveWagon moves the active player's wagon one step, to the node
	// in Vertex (an island intersection or a plaza).
	ActMoveWagon = rules.NewAction("move-wagon", catan.FieldVertex)
	// ActGrainBoost pays a grain for 2 movement points.
	ActGrainBoost = rules.NewAction("grain-boost", 0)
	// ActDriveOff tries to drive off the barbarian on path Edge.
	ActDriveOff = rules.NewAction("drive-off", catan.FieldEdge)
	// ActPlaceBarbarian puts a driven-off barbarian on path Edge.
	ActPlaceBarbarian = rules.NewAction("place-barbarian", catan.FieldEdge)
	// ActMoveBarbarian moves the barbarian on path Edge to path To (a 7
	// or a Knight).
	ActMoveBarbarian = rules.NewAction("move-barbarian", catan.FieldEdge|catan.FieldTo)
	// ActUpgradeWagon turns up the next wagon card.
	ActUpgradeWagon = rules.NewAction("upgrade-wagon", 0)
	// ActBuyWithGold buys one card of Resource for 2 gold.
	ActBuyWithGold = rules.NewAction("buy-with-gold", catan.FieldResource)
	// ActPlaySwiftJourney plays a Swift Journey chronicle card.
	ActPlaySwiftJourney = rules.NewAction("play-swift-journey", 0)
)

// The scenario's own phases.
var (
	// PhaseMove: the wagon's movement has begun; trade and build are over.
	PhaseMove = rules.NewPhase("move")
	// PhaseBarbarian: a 7 or a Knight: the active player moves a
	// barbarian.
	PhaseBarbarian = rules.NewPhase("move-barbarian")
	// PhaseDriveOff: chance: the die of a drive-off attempt.
	PhaseDriveOff = rules.NewPhase("drive-off")
	// PhasePlaceBarbarian: the active player puts the barbarian it drove
	// off on another path.
	PhasePlaceBarbarian = rules.NewPhase("place-barbarian")
	// PhaseCargo: chance: the cargo card turned over at a plaza.
	PhaseCargo = rules.NewPhase("cargo")
)

// Game is the scenario's engine.Game, registered as "traders-barbarians".
var Game catan.Game

func init() {
	rules.Board = &catan.Map{Graph: Board.Graph, Random: RandomBoard, Ranges: boardRanges}
	deck := ChronicleDeck
	rules.Deck = &deck
	rules.Dice = dice{}
	rules.Robber = func(*catan.State) catan.Phase { return PhaseBarbarian }
	rules.Maritime = maritimeRate
	rules.Scoring = scoring
	rules.Expansion = expansion{}
	Game = catan.NewGame(rules)
	engine.Register(Game)
}

// New is the initial state of a game, with the concrete type.
func New(players int) (*catan.State, error) {
	return Game.NewState(engine.Setup{Game: ID, Players: players})
}
