package traders

import "fmt"

// Chronicle cards: the scenario's development deck (orig "Карты развития
// основной игры не используются. Вместо них применяются карты хроник";
// fact sheet §13). Its composition is in choices.go.

// Chronicle is a kind of chronicle card.
type Chronicle int8

const (
	// Knight moves a barbarian; onto another player's road it steals a
	// resource from the owner. It counts for Largest Army.
	Knight Chronicle = iota
	// RoadBuilding builds two roads for free.
	RoadBuilding
	// SwiftJourney gives the wagon a second movement this turn.
	SwiftJourney
	// VictoryPoint is worth one hidden point.
	VictoryPoint
	NumChronicles = 4
)

var chronicleNames = [NumChronicles]string{"knight", "road-building", "swift-journey", "victory-point"}

func (c Chronicle) String() string {
	if c < 0 || c >= NumChronicles {
		return fmt.Sprintf("Chronicle(%d)", int(c))
	}
	return chronicleNames[c]
}

// Chronicles counts chronicle cards per kind.
type Chronicles [NumChronicles]int8

// Total is the number of cards.
func (c Chronicles) Total() int {
	n := 0
	for _, x := range c {
		n += int(x)
	}
	return n
}

// ChronicleDeckSize is the original's deck size.
const ChronicleDeckSize = 26
