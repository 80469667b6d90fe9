package agricola

import "strings"

// Op is a farm action a space (or a card) lets a player carry out, as a
// bit so a set of them fits in one number.
type Op uint16

// The farm actions.
const (
	OpRoom       Op = 1 << iota // build a room
	OpStable                    // build a stable
	OpRenovate                  // renovate the whole house one step
	OpPlow                      // plow a field
	OpSow                       // sow one empty field (repeatable within one sow action)
	OpBake                      // one bake-bread action
	OpFences                    // one fence-building action
	OpMajor                     // build a major improvement
	OpMinor                     // play a minor improvement
	OpOccupation                // play an occupation
	OpGrow                      // family growth (events only: it needs no decision)
)

var opNames = []string{"room", "stable", "renovate", "plow", "sow", "bake", "fences", "major", "minor", "occupation", "grow"}

// String names the ops in o ("room+stable").
func (o Op) String() string {
	var parts []string
	for i, n := range opNames {
		if o&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, "+")
}

// Step is one part of an action space's work: the ops offered (any subset,
// in any order: "and/or"), those of them offered at most once, whether one
// excludes the others ("or"), and whether at least one must be carried out.
// The steps of a space follow each other ("and then").
type Step struct {
	Ops  Op
	Once Op
	One  bool // exactly one of Ops ("1 major or 1 minor improvement")
	Need bool // at least one op before the step may end
}

// Family growth on a space.
const (
	GrowWithRoom    = 1 // needs more rooms than people
	GrowWithoutRoom = 2 // needs only a person left in the supply
)

// SpaceDef is the printed text of one action space: a fact, kept as data.
// A space's work runs in this order: the immediate effects (starting
// player, goods taken, family growth), then the choice among Choose, then
// the Steps one after the other.
type SpaceDef struct {
	ID    string
	Name  string
	Stage int // 0 = printed on the board; 1…6 = a stage card of that stage
	// Accumulate is added every round (an accumulation space, "arrow");
	// a player using the space takes everything on it.
	Accumulate Goods
	Take       Goods   // goods taken every time
	Choose     []Goods // then one of these, the player's choice
	// StartPlayer: the user takes the starting-player marker.
	StartPlayer bool
	Grow        int // GrowWithRoom / GrowWithoutRoom, 0 = none
	Steps       []Step
	// StableCost, when not zero, is the price of a stable built here
	// (Side Job: 1 wood) instead of the usual 2 wood.
	StableCost Goods
	// Occupation lists the occupation cost in food by the number of
	// occupations the player already has (the last entry repeats): a
	// Lessons space.
	Occupation []int
	// use is which of usable's tests decides this space (useOf), set
	// for the definitions of the tables (spaceTables): the move listing
	// asks it of every space, and reading the goods each time was a
	// tenth of a random game's listing.
	use spaceUse
}

// spaceUse is what makes a space usable (usable).
type spaceUse uint8

const (
	useUnknown    spaceUse = iota // not worked out: useOf
	useAlways                     // starting player, goods taken, a choice
	useGrow                       // family growth
	useAccumulate                 // goods piled up on it
	useSteps                      // its first step's menu offers an op
	useNever                      // none of these
)

// useOf is which of usable's tests decides d, in usable's order.
func useOf(d *SpaceDef) spaceUse {
	switch {
	case d.StartPlayer, !d.Take.IsZero(), len(d.Choose) > 0:
		return useAlways
	case d.Grow != 0:
		return useGrow
	case !d.Accumulate.IsZero():
		return useAccumulate
	case len(d.Steps) > 0:
		return useSteps
	}
	return useNever
}

// The permanent action spaces (fact sheet §5) and the Side Job tile of the
// family game (§14).
var (
	farmExpansion = SpaceDef{ID: "farm-expansion", Name: "Farm Expansion",
		Steps: []Step{{Ops: OpRoom | OpStable, Need: true}}}
	meetingPlace = SpaceDef{ID: "meeting-place", Name: "Meeting Place", StartPlayer: true,
		Steps: []Step{{Ops: OpMinor, Once: OpMinor}}}
	grainSeeds = SpaceDef{ID: "grain-seeds", Name: "Grain Seeds", Take: One(Grain, 1)}
	farmland   = SpaceDef{ID: "farmland", Name: "Farmland",
		Steps: []Step{{Ops: OpPlow, Once: OpPlow, Need: true}}}
	lessons = SpaceDef{ID: "lessons", Name: "Lessons", Occupation: []int{0, 1},
		Steps: []Step{{Ops: OpOccupation, Once: OpOccupation, Need: true}}}
	dayLaborer = SpaceDef{ID: "day-laborer", Name: "Day Laborer", Take: One(Food, 2)}
	forest     = SpaceDef{ID: "forest", Name: "Forest", Accumulate: One(Wood, 3)}
	clayPit    = SpaceDef{ID: "clay-pit", Name: "Clay Pit", Accumulate: One(Clay, 1)}
	reedBank   = SpaceDef{ID: "reed-bank", Name: "Reed Bank", Accumulate: One(Reed, 1)}
	fishing    = SpaceDef{ID: "fishing", Name: "Fishing", Accumulate: One(Food, 1)}

	grove  = SpaceDef{ID: "grove", Name: "Grove", Accumulate: One(Wood, 2)}
	copse  = SpaceDef{ID: "copse", Name: "Copse", Accumulate: One(Wood, 1)}
	hollow = SpaceDef{ID: "hollow", Name: "Hollow", Accumulate: One(Clay, 1)} // 4 players: 2 clay
	// Resource Market with 3 players: 1 food and 1 reed or 1 stone; with
	// 4 players: 1 reed, 1 stone and 1 food.
	resourceMarket3 = SpaceDef{ID: "resource-market", Name: "Resource Market", Take: One(Food, 1),
		Choose: []Goods{One(Reed, 1), One(Stone, 1)}}
	resourceMarket4 = SpaceDef{ID: "resource-market", Name: "Resource Market",
		Take: One(Reed, 1).With(Stone, 1).With(Food, 1)}
	lessons3 = SpaceDef{ID: "lessons-more", Name: "Lessons", Occupation: []int{2},
		Steps: []Step{{Ops: OpOccupation, Once: OpOccupation, Need: true}}}
	lessons4 = SpaceDef{ID: "lessons-more", Name: "Lessons", Occupation: []int{1, 1, 2},
		Steps: []Step{{Ops: OpOccupation, Once: OpOccupation, Need: true}}}
	travelingPlayers = SpaceDef{ID: "traveling-players", Name: "Traveling Players", Accumulate: One(Food, 1)}

	sideJob = SpaceDef{ID: "side-job", Name: "Side Job", StableCost: One(Wood, 1),
		Steps: []Step{{Ops: OpStable | OpBake, Once: OpStable | OpBake, Need: true}}}
)

// The 14 stage cards (fact sheet §4), stage by stage.
var stageCards = []SpaceDef{
	{ID: "major-improvement", Name: "Major Improvement", Stage: 1,
		Steps: []Step{{Ops: OpMajor | OpMinor, Once: OpMajor | OpMinor, One: true, Need: true}}},
	{ID: "fencing", Name: "Fencing", Stage: 1,
		Steps: []Step{{Ops: OpFences, Once: OpFences, Need: true}}},
	{ID: "grain-utilization", Name: "Grain Utilization", Stage: 1,
		Steps: []Step{{Ops: OpSow | OpBake, Once: OpBake, Need: true}}},
	{ID: "sheep-market", Name: "Sheep Market", Stage: 1, Accumulate: One(Sheep, 1)},

	{ID: "basic-wish", Name: "Basic Wish for Children", Stage: 2, Grow: GrowWithRoom,
		Steps: []Step{{Ops: OpMinor, Once: OpMinor}}},
	{ID: "house-redevelopment", Name: "House Redevelopment", Stage: 2,
		Steps: []Step{{Ops: OpRenovate, Once: OpRenovate, Need: true},
			{Ops: OpMajor | OpMinor, Once: OpMajor | OpMinor, One: true}}},
	{ID: "western-quarry", Name: "Western Quarry", Stage: 2, Accumulate: One(Stone, 1)},

	{ID: "vegetable-seeds", Name: "Vegetable Seeds", Stage: 3, Take: One(Vegetable, 1)},
	{ID: "pig-market", Name: "Pig Market", Stage: 3, Accumulate: One(Boar, 1)},

	{ID: "cattle-market", Name: "Cattle Market", Stage: 4, Accumulate: One(Cattle, 1)},
	{ID: "eastern-quarry", Name: "Eastern Quarry", Stage: 4, Accumulate: One(Stone, 1)},

	{ID: "urgent-wish", Name: "Urgent Wish for Children", Stage: 5, Grow: GrowWithoutRoom},
	{ID: "cultivation", Name: "Cultivation", Stage: 5,
		Steps: []Step{{Ops: OpPlow | OpSow, Once: OpPlow, Need: true}}},

	{ID: "farm-redevelopment", Name: "Farm Redevelopment", Stage: 6,
		Steps: []Step{{Ops: OpRenovate, Once: OpRenovate, Need: true},
			{Ops: OpFences, Once: OpFences}}},
}

// Stages is the number of stages; StageRounds[k] is the first round of
// stage k (1…6), StageRounds[7] = 15.
const Stages = 6

var StageRounds = [Stages + 2]int{0, 1, 5, 8, 10, 12, 14, 15}

// StageOf is the stage a round belongs to.
func StageOf(round int) int {
	for k := Stages; k >= 1; k-- {
		if round >= StageRounds[k] {
			return k
		}
	}
	return 0
}

// HarvestRounds are the rounds that end with a harvest (fact sheet §3).
var HarvestRounds = [...]int{4, 7, 9, 11, 13, 14}

// IsHarvest reports whether round ends with a harvest.
func IsHarvest(round int) bool {
	for _, r := range HarvestRounds {
		if r == round {
			return true
		}
	}
	return false
}

// NextHarvest is the first harvest round at or after round (0 after 14).
func NextHarvest(round int) int {
	for _, r := range HarvestRounds {
		if r >= round {
			return r
		}
	}
	return 0
}

// board lists the permanent spaces for a player count, in board order
// (fact sheet §2 and §5; the family game's changes of §14 in choices.go).
func board(players int, family bool) []SpaceDef {
	out := []SpaceDef{farmExpansion, meetingPlace, grainSeeds, farmland, lessons, dayLaborer, forest, clayPit, reedBank, fishing}
	switch players {
	case 1:
		out[6].Accumulate = One(Wood, 2) // the solo Forest
	case 3:
		out = append(out, grove, hollow, resourceMarket3, lessons3)
	case 4:
		h := hollow
		h.Accumulate = One(Clay, 2)
		out = append(out, copse, grove, h, resourceMarket4, lessons4, travelingPlayers)
	}
	return familyBoard(out, players, family)
}

// spaceTables caches the definitions of every space by player count and
// game (family or not): they are facts, built once.
var spaceTables = func() (t [5][2]map[string]*SpaceDef) {
	for p := 1; p <= 4; p++ {
		for f := 0; f < 2; f++ {
			m := map[string]*SpaceDef{}
			for _, d := range board(p, f == 1) {
				d := d
				d.use = useOf(&d)
				m[d.ID] = &d
			}
			for _, d := range stageCards {
				d := d
				d.use = useOf(&d)
				m[d.ID] = &d
			}
			t[p][f] = m
		}
	}
	return t
}()

// startBoards are the permanent spaces of a new game by player count and
// game (family or not), each with its definition from spaceTables.
var startBoards = func() (t [5][2][]Space) {
	for p := 1; p <= 4; p++ {
		for f := 0; f < 2; f++ {
			for _, d := range board(p, f == 1) {
				t[p][f] = append(t[p][f], Space{ID: d.ID, def: spaceTables[p][f][d.ID]})
			}
		}
	}
	return t
}()

// boolIndex is 1 for true, 0 for false.
func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Def is the definition of space id in s's game (nil if unknown).
func (s *State) Def(id string) *SpaceDef {
	return spaceTables[s.Players][boolIndex(s.Family)][id]
}

// StageCard is the definition of a stage card by id (nil if unknown).
func StageCard(id string) *SpaceDef {
	for i := range stageCards {
		if stageCards[i].ID == id {
			return &stageCards[i]
		}
	}
	return nil
}
