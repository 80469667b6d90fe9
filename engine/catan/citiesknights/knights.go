package citiesknights

import "strconv"

// Knights (docs/cities-knights.md "Knights").

// Rank is a knight's rank; its value is its strength. NoKnight marks an
// intersection without a knight.
type Rank int8

const (
	NoKnight Rank = iota
	Basic         // strength 1
	Strong        // strength 2
	Mighty        // strength 3
)

// NumRanks is the number of ranks (Basic … Mighty).
const NumRanks = 3

// KnightsPerRank is each player's supply of knights of one rank.
const KnightsPerRank = 2

var rankNames = [NumRanks + 1]string{"", "basic", "strong", "mighty"}

// String is the rank's name: "basic", "strong", "mighty".
func (r Rank) String() string {
	if !r.Valid() {
		return "Rank(" + strconv.Itoa(int(r)) + ")"
	}
	return rankNames[r]
}

// Valid reports whether r is a knight's rank (not NoKnight).
func (r Rank) Valid() bool { return r >= Basic && r <= Mighty }

// Strength is what the knight adds to Catan's defence while active, and
// what a displacement compares.
func (r Rank) Strength() int { return int(r) }

// CanDisplace reports whether a knight of rank r may displace one of rank
// o: only a strictly stronger one (so a basic knight never displaces).
func (r Rank) CanDisplace(o Rank) bool { return r.Valid() && o.Valid() && r > o }

// PromotionNeeds is the politics level a promotion from r requires: a
// strong knight becomes mighty only with the Fortress (level 3); a mighty
// knight cannot be promoted (ok false).
func (r Rank) PromotionNeeds() (politics int, ok bool) {
	switch r {
	case Basic:
		return 0, true
	case Strong:
		return AbilityLevel, true
	}
	return 0, false
}

// DeserterRank is the rank a Deserter lets its player place for a removed
// knight of rank removed, given free[r] pieces of each rank left: the same
// rank, else the strongest lower rank with a free piece (choices.go,
// DeserterMayPlaceWeaker); NoKnight if none.
func DeserterRank(removed Rank, free [NumRanks + 1]int) Rank {
	for r := removed; r >= Basic; r-- {
		if free[r] > 0 {
			return r
		}
		if !DeserterMayPlaceWeaker {
			break
		}
	}
	return NoKnight
}
