package traders

import "tabula/engine/catan"

// Wagons (orig "Повышение ценности обоза"; fact sheet §11). Each player's
// five wagon cards lie in order 1 … 5; the top face-up card is the wagon's
// level and gives its movement points, its gold per delivery and the die
// results that drive a barbarian off. The next card's back shows the cost
// of turning it up.

// MaxLevel is the highest wagon level.
const MaxLevel = 5

// WagonCard is one level of a wagon (the values are in choices.go).
type WagonCard struct {
	Level int `json:"level"`
	// Cost is what turning this card up costs (nothing for level 1,
	// which starts face up).
	Cost catan.Resources `json:"cost"`
	// Points are the movement points per turn.
	Points int `json:"points"`
	// Gold is paid for each delivery.
	Gold int `json:"gold"`
	// DriveOff is the lowest die result that drives a barbarian off; 0
	// means the wagon cannot try (level 1, orig).
	DriveOff int `json:"driveOff,omitempty"`
	// VP are the victory points the card is worth while it is the top
	// card (level 5, orig).
	VP int `json:"vp,omitempty"`
}

// Wagon is the card of level l (1 … MaxLevel).
func Wagon(l int) WagonCard {
	if l < 1 || l > MaxLevel {
		return WagonCard{}
	}
	return WagonCards[l]
}

// DrivesOff reports whether die (1 … 6) drives a barbarian off.
func (w WagonCard) DrivesOff(die int) bool { return w.DriveOff > 0 && die >= w.DriveOff && die <= 6 }

// DriveOffChance is the chance, in sixths, that one attempt succeeds.
func (w WagonCard) DriveOffChance() int {
	if w.DriveOff == 0 {
		return 0
	}
	return 7 - w.DriveOff
}

// UpgradeCost is the cost of going from level l to l+1; ok is false at the
// top level.
func UpgradeCost(l int) (cost catan.Resources, ok bool) {
	if l < 1 || l >= MaxLevel {
		return catan.Resources{}, false
	}
	return WagonCards[l+1].Cost, true
}
