package citiesknights

import (
	"fmt"
	"strconv"

	"tabula/engine"
	"tabula/engine/catan"
)

// City improvements (docs/cities-knights.md "City improvements").

// Track is one of the three improvement tracks. A track is also the colour
// of its progress-card deck and of its gate on the event die, and it is
// paid in one commodity (Commodity).
type Track int8

const (
	Science  Track = iota // green deck, paid in paper
	Trade                 // yellow deck, paid in cloth
	Politics              // blue deck, paid in coin
)

// NumTracks is the number of tracks (and of progress-card decks).
const NumTracks = 3

var trackNames = [NumTracks]string{"science", "trade", "politics"}

// String is the track's name: "science", "trade", "politics".
func (t Track) String() string {
	if !t.Valid() {
		return "Track(" + strconv.Itoa(int(t)) + ")"
	}
	return trackNames[t]
}

// Valid reports whether t is one of the three tracks.
func (t Track) Valid() bool { return t >= 0 && t < NumTracks }

// ParseTrack is the inverse of String.
func ParseTrack(s string) (Track, bool) {
	for i, n := range trackNames {
		if n == s {
			return Track(i), true
		}
	}
	return 0, false
}

func (t Track) MarshalText() ([]byte, error) {
	if !t.Valid() {
		return nil, fmt.Errorf("citiesknights: bad track %d", int(t))
	}
	return []byte(trackNames[t]), nil
}

func (t *Track) UnmarshalText(b []byte) error {
	v, ok := ParseTrack(string(b))
	if !ok {
		return fmt.Errorf("citiesknights: unknown track %q", b)
	}
	*t = v
	return nil
}

// Commodity is the commodity card a track is paid in: science paper,
// trade cloth, politics coin.
func (t Track) Commodity() catan.Resource { return catan.Paper + catan.Resource(t) }

// CardsPerCommodity is the supply of each commodity (12 paper, 12 cloth,
// 12 coin).
const CardsPerCommodity = 12

// MaxLevel is the top level of every track.
const MaxLevel = 5

// Special levels: the level-3 ability and the metropolis level.
const (
	AbilityLevel    = 3
	MetropolisLevel = 4
)

// ImprovementNames are the 4th/5th-edition English names of the
// improvements, by track and level (index 0 is level 1). They are
// cosmetic: the rules go by track and level.
var ImprovementNames = [NumTracks][MaxLevel]string{
	Science:  {"Abbey", "Library", "Aqueduct", "Theater", "University"},
	Trade:    {"Market", "Trading House", "Merchant Guild", "Bank", "Great Exchange"},
	Politics: {"Town Hall", "Church", "Fortress", "Cathedral", "High Assembly"},
}

// ImprovementCost is the number of the track's commodity that level costs
// (level n costs n), before any Crane.
func ImprovementCost(level int) int { return level }

// CraneDiscount is what a Crane takes off one improvement.
const CraneDiscount = 1

// CraneCost is ImprovementCost less the Crane's discount (level 1 free).
func CraneCost(level int) int { return max(0, ImprovementCost(level)-CraneDiscount) }

// DrawsProgress reports whether a player at level in a track draws a card
// of that track's deck when its gate shows with red on the red die: from
// level 1, a red die of at most level + 1 (level 1: 1–2 … level 5: 1–6).
func DrawsProgress(level, red int) bool {
	return level >= 1 && red >= 1 && red <= level+1
}

// Why an improvement cannot be bought (ImproveRule); they wrap
// engine.ErrIllegal.
var (
	ErrTopLevel     = fmt.Errorf("%w: the track is at its top level", engine.ErrIllegal)
	ErrNeedCity     = fmt.Errorf("%w: an improvement needs a city", engine.ErrIllegal)
	ErrNeedFreeCity = fmt.Errorf("%w: levels 4 and 5 need a city without a metropolis", engine.ErrIllegal)
)

// ImproveRule says whether a player whose level in a track is level may buy
// the next one (costs aside): a top track cannot go higher; any improvement
// needs a city (a metropolis counts); level 4 or 5 needs a city without a
// metropolis unless the player holds this track's metropolis
// (choices.go, FreeCityForHighLevels).
func ImproveRule(level, cities, citiesWithoutMetropolis int, holdsMetropolis bool) error {
	switch {
	case level >= MaxLevel:
		return ErrTopLevel
	case cities == 0:
		return ErrNeedCity
	case level+1 >= MetropolisLevel && FreeCityForHighLevels && !holdsMetropolis && citiesWithoutMetropolis == 0:
		return ErrNeedFreeCity
	}
	return nil
}

// MetropolisHolder is who holds a track's metropolis after player improver
// reached level in it (docs/cities-knights.md "Metropolises"): the first
// to level 4 takes it when nobody holds it; a player reaching level 5 takes
// it from a holder still below 5. holder is the seat holding it before
// (-1: nobody) and holderLevel that seat's level.
func MetropolisHolder(holder, holderLevel, improver, level int) int {
	switch {
	case holder < 0 && level >= MetropolisLevel:
		return improver
	case holder >= 0 && holder != improver && level == MaxLevel && holderLevel < MaxLevel:
		return improver
	}
	return holder
}
