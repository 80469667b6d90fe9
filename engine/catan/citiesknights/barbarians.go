package citiesknights

// The barbarians (docs/cities-knights.md "The barbarians").

// Attack is what decides a barbarian attack, per seat (0 … Players-1).
type Attack struct {
	Players int
	// Cities are each seat's cities without a metropolis; Metropolises its
	// metropolis cities. A toppled city counts as a settlement (neither).
	Cities       [MaxPlayers]int
	Metropolises [MaxPlayers]int
	// Knights is each seat's active knight strength.
	Knights [MaxPlayers]int
}

// MaxPlayers is the largest table.
const MaxPlayers = 4

// AttackResult is how an attack ends.
type AttackResult struct {
	Barbarians int  `json:"barbarians"` // strength: every city, metropolises included
	Defence    int  `json:"defence"`    // every active knight's strength
	CatanWins  bool `json:"catanWins"`  // Defence ≥ Barbarians
	// Defender is the seat that alone had the highest active strength
	// when Catan won (it takes a Defender of Catan card), else -1.
	Defender int `json:"defender"`
	// Drawers are the seats (bit p for seat p) tied for the highest
	// strength when Catan won: each draws a progress card of its choice.
	Drawers uint8 `json:"drawers"`
	// Pillaged are the seats (bit p) that lose a city when the
	// barbarians won: among the seats owning a city without a
	// metropolis, those with the lowest active strength.
	Pillaged uint8 `json:"pillaged"`
}

// Resolve settles the attack.
func (a Attack) Resolve() AttackResult {
	r := AttackResult{Defender: -1}
	for p := 0; p < a.Players; p++ {
		r.Barbarians += a.Cities[p] + a.Metropolises[p]
		r.Defence += a.Knights[p]
	}
	r.CatanWins = r.Defence >= r.Barbarians
	if r.CatanWins {
		best, set := -1, uint8(0)
		for p := 0; p < a.Players; p++ {
			switch k := a.Knights[p]; {
			case k > best:
				best, set = k, 1<<uint(p)
			case k == best:
				set |= 1 << uint(p)
			}
		}
		if best == 0 && !ZeroDefenceRewards {
			return r
		}
		if set&(set-1) == 0 { // one seat
			for p := 0; p < a.Players; p++ {
				if set == 1<<uint(p) {
					r.Defender = p
				}
			}
			return r
		}
		r.Drawers = set
		return r
	}
	least := -1
	for p := 0; p < a.Players; p++ {
		if a.Cities[p] == 0 { // no city, or only metropolises: immune
			continue
		}
		switch k := a.Knights[p]; {
		case least < 0 || k < least:
			least, r.Pillaged = k, 1<<uint(p)
		case k == least:
			r.Pillaged |= 1 << uint(p)
		}
	}
	return r
}

// Event is the face of the event die.
type Event int8

const (
	ShipEvent Event = iota // the barbarian ship moves one step
	GateEvent              // a city gate: progress-card draws (see Gate)
)

// EventFace reads the chance value v (0 … 5) of the event die: three ship
// faces and one gate per track (choices.go, EventFaces).
func EventFace(v int) (Event, Track) {
	f := EventFaces[v]
	if f < 0 {
		return ShipEvent, 0
	}
	return GateEvent, Track(f)
}
