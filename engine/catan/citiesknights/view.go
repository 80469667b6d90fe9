package citiesknights

import (
	"math/bits"

	"tabula/engine/catan"
)

// View is the expansion's part of what one seat may see (the Ext of the
// base game's view, which keeps the board, hands with commodities,
// roads, settlements, cities, the robber, trades and the base prompts).
// Ids are catan.Island's; seats 0 … Players-1; -1 is none.
//
// Hidden: other seats' progress cards (only their number), the order of
// the decks. Shown to the viewer alone: its own progress cards; while it
// plays a Spy, the target's cards; while it plays a Master Merchant, the
// target's hand.
type View struct {
	// The barbarian ship: steps made and steps to Catan; attacks so far
	// (the robber is locked until the first); the strengths that would
	// meet now (every city, metropolises included, against every active
	// knight); how the last attack ended (nil before the first).
	Ship         int         `json:"ship"`
	ShipSteps    int         `json:"shipSteps"`
	Attacks      int         `json:"attacks"`
	RobberLocked bool        `json:"robberLocked,omitempty"`
	Barbarians   int         `json:"barbarians"`
	Defence      int         `json:"defence"`
	LastAttack   *AttackView `json:"lastAttack,omitempty"`
	// The last roll: red and yellow (0 before the first) and the event
	// die's face: "ship", "science", "trade", "politics" ("" before the
	// first).
	Red    int    `json:"red"`
	Yellow int    `json:"yellow"`
	Event  string `json:"event,omitempty"`

	Metropolises  []MetropolisView `json:"metropolises"` // one per track, in track order
	Knights       []KnightView     `json:"knights"`      // every knight on the island, by intersection
	Walls         []int            `json:"walls"`        // intersections of walled cities
	Toppled       []int            `json:"toppled"`      // pillaged cities lying on their side
	Merchant      int              `json:"merchant"`     // hex, -1 before the first Merchant
	MerchantOwner int              `json:"merchantOwner"`
	Decks         [NumTracks]int   `json:"decks"` // cards left per deck, track order

	Seats []SeatView `json:"seats"`
	// Prompt is what the viewer must do in the expansion's phases, and the
	// choices of its own turn the base prompt does not name.
	Prompt Prompt `json:"prompt"`
	// Peek shows the viewer the cards a Spy (Cards) or a Master Merchant
	// (Hand) lets it look at, of seat Peek.Seat.
	Peek *PeekView `json:"peek,omitempty"`
}

// AttackView is how a barbarian attack ended: strengths; whether Catan
// won; the Defender of Catan (-1 none); the seats that drew a progress
// card on a tie; the seats that lost a city.
type AttackView struct {
	Barbarians int   `json:"barbarians"`
	Defence    int   `json:"defence"`
	CatanWins  bool  `json:"catanWins"`
	Defender   int   `json:"defender"`
	Drawers    []int `json:"drawers"`
	Pillaged   []int `json:"pillaged"`
}

// MetropolisView is a track's metropolis: where it stands and whose it is
// (-1 both before anyone reaches level 4).
type MetropolisView struct {
	Track  string `json:"track"`
	Vertex int    `json:"vertex"`
	Owner  int    `json:"owner"`
}

// KnightView is a knight on intersection Vertex: rank "basic", "strong" or
// "mighty" (strength 1, 2, 3); Active with its helmet; CanAct when it may
// move, displace or chase the robber this turn (active, not activated
// this turn, its owner's turn).
type KnightView struct {
	Vertex   int    `json:"vertex"`
	Owner    int    `json:"owner"`
	Rank     string `json:"rank"`
	Strength int    `json:"strength"`
	Active   bool   `json:"active,omitempty"`
	CanAct   bool   `json:"canAct,omitempty"`
	Promoted bool   `json:"promoted,omitempty"` // promoted this turn (no second promotion)
}

// SeatView is one player's part of the expansion.
type SeatView struct {
	Seat int `json:"seat"`
	// Levels per track (science, trade, politics), 0 … 5; the
	// improvement names at those levels ("" at 0).
	Levels       [NumTracks]int    `json:"levels"`
	Improvements [NumTracks]string `json:"improvements"`
	// Cities standing (metropolises included), walls, the hand limit on a
	// 7 (7 + 2 per wall), the active knight strength, free knight pieces
	// per rank (basic, strong, mighty).
	Cities      int    `json:"cities"`
	Walls       int    `json:"walls"`
	HandLimit   int    `json:"handLimit"`
	Strength    int    `json:"strength"`
	KnightsLeft [3]int `json:"knightsLeft"`
	// Progress is the number of progress cards held; Cards lists them
	// (the viewer's own seat only), as card ids ("spy") with counts.
	Progress int            `json:"progress"`
	Cards    map[string]int `json:"cards,omitempty"`
	// Points from the expansion: Defender of Catan cards, the shown
	// Printer and Constitution, the merchant, metropolises (track names).
	Defender     int      `json:"defender"`
	Printer      bool     `json:"printer,omitempty"`
	Constitution bool     `json:"constitution,omitempty"`
	Merchant     bool     `json:"merchant,omitempty"`
	Metropolises []string `json:"metropolises,omitempty"`
	// Fleet names the kinds this seat trades 2:1 this turn by a Merchant
	// Fleet (the active seat only).
	Fleet []string `json:"fleet,omitempty"`
}

// PeekView is what a Spy or a Master Merchant shows its player of seat
// Seat: its progress cards, or its hand. Slots (sealed play with looks)
// are the cards the Spy names by where they were drawn (ActSpyPick).
type PeekView struct {
	Seat  int              `json:"seat"`
	Cards map[string]int   `json:"cards,omitempty"`
	Hand  *catan.Resources `json:"hand,omitempty"`
	Slots []PeekSlot       `json:"slots,omitempty"`
}

// PeekSlot is a card of the Spy's target: its pick (ActSpyPick's Card) and
// its card id.
type PeekSlot struct {
	Pick int    `json:"pick"`
	Card string `json:"card"`
}

// Prompt is what the viewer must do in the expansion's phases (the base
// game's prompt covers its own phases). Code is one of:
//
//	""                 nothing from the expansion
//	"choose-deck"      a tie for Defender: choose the deck to draw from
//	"pillage"          the barbarians won: choose the city to lose
//	"discard-progress" discard Count progress cards (hand limit 4)
//	"aqueduct"         take one resource of your choice
//	"place-metropolis" set the Track metropolis on one of your cities
//	"retreat-knight"   move your displaced knight (it stood on Vertex)
//	"remove-knight"    Deserter: remove one of your knights
//	"place-deserter"   Deserter: place a Rank knight, or pass
//	"replace-road"     Diplomat: place your removed road again, or pass
//	"give-cards"       Wedding: give Count cards to seat Seat
//	"sabotage"         Saboteur: discard Count cards
//	"spy-take"         Spy: take one of seat Seat's progress cards (Peek)
//	"spy-give"         Spy, sealed play without looks: hand seat Seat one of your progress cards
//	"take-cards"       Master Merchant: take Count cards of seat Seat (Peek)
//	"harbor-offer"     Commercial Harbor: offer seat Seat a resource, or pass
//	"harbor-return"    Commercial Harbor: give seat Seat a commodity
//
// During the viewer's own main phase Code is "" but Count may say how
// many progress cards it must still play or discard before ending.
type Prompt struct {
	Code   string `json:"code"`
	Count  int    `json:"count,omitempty"`
	Seat   int    `json:"seat,omitempty"`
	Track  string `json:"track,omitempty"`
	Vertex int    `json:"vertex,omitempty"`
	Rank   string `json:"rank,omitempty"`
}

// View is the expansion's view for viewer (-1: a spectator).
func (expansion) View(s *catan.State, viewer int) any { return ViewOf(s, viewer) }

// ViewOf is the expansion's view with the concrete type.
func ViewOf(s *catan.State, viewer int) *View {
	x := ext(s)
	if viewer < 0 || viewer >= s.Players {
		viewer = -1
	}
	v := &View{
		Ship: int(x.Ship), ShipSteps: ShipSteps, Attacks: int(x.Attacks), RobberLocked: x.Attacks == 0,
		Red: int(x.Red), Yellow: int(x.Yellow), Merchant: int(x.Merchant), MerchantOwner: int(x.MerchantOwner),
		Walls: vertexList(x.Walls), Toppled: vertexList(x.Toppled), Knights: []KnightView{},
	}
	if x.Event >= 0 {
		if ev, t := EventFace(int(x.Event)); ev == ShipEvent {
			v.Event = "ship"
		} else {
			v.Event = t.String()
		}
	}
	for p := 0; p < s.Players; p++ {
		v.Barbarians += count(x.cities(s, p))
		v.Defence += x.strength(p)
	}
	if x.Attacks > 0 {
		r := x.LastAttack
		v.LastAttack = &AttackView{Barbarians: r.Barbarians, Defence: r.Defence, CatanWins: r.CatanWins,
			Defender: r.Defender, Drawers: seatList(r.Drawers), Pillaged: seatList(r.Pillaged)}
	}
	for t := Track(0); t < NumTracks; t++ {
		m := MetropolisView{Track: t.String(), Vertex: int(x.Metropolis[t]), Owner: -1}
		if m.Vertex >= 0 {
			m.Owner = int(s.Owner[m.Vertex])
		}
		v.Metropolises = append(v.Metropolises, m)
		v.Decks[t] = x.deckLen(Track(t))
	}
	all := x.knightsOf(-1)
	for m := all; m != 0; m &= m - 1 {
		w := bits.TrailingZeros64(m)
		o := x.knightOwner(w)
		kv := KnightView{Vertex: w, Owner: o, Rank: x.Rank[w].String(), Strength: x.Rank[w].Strength(),
			Active: x.Active&bit(w) != 0, Promoted: x.Promoted&bit(w) != 0}
		kv.CanAct = o == int(s.Active) && s.Phase == catan.PhaseMain && x.knightsActing(o)&bit(w) != 0
		v.Knights = append(v.Knights, kv)
	}
	for p := 0; p < s.Players; p++ {
		sv := SeatView{Seat: p, Cities: count(x.cities(s, p)), Walls: count(x.Walls & buildings(s, p)),
			HandLimit: handLimit(s, p), Strength: x.strength(p), Progress: x.progressHeld(p),
			Defender: int(x.Defender[p]), Printer: int(x.Printer) == p, Constitution: int(x.Constitution) == p,
			Merchant: int(x.MerchantOwner) == p}
		for t := Track(0); t < NumTracks; t++ {
			l := int(x.Level[p][t])
			sv.Levels[t] = l
			if l > 0 {
				sv.Improvements[t] = ImprovementNames[t][l-1]
			}
			if x.holdsMetropolis(s, p, t) {
				sv.Metropolises = append(sv.Metropolises, t.String())
			}
		}
		for r := Basic; r <= Mighty; r++ {
			sv.KnightsLeft[r-1] = x.free(p, r)
		}
		if p == viewer {
			sv.Cards = cardMap(&x.Progress[p])
		}
		if p == int(s.Active) {
			for r := catan.Lumber; r <= catan.Coin; r++ {
				if x.Fleet&(1<<uint(r)) != 0 {
					sv.Fleet = append(sv.Fleet, r.String())
				}
			}
		}
		v.Seats = append(v.Seats, sv)
	}
	if viewer >= 0 {
		v.Prompt = x.prompt(s, viewer)
		if viewer == int(s.Active) {
			switch s.Phase {
			case PhaseSpy:
				if x.Sealed != nil && !x.Sealed.Looks {
					break // without looks the Spy's player cannot look (sealed.go)
				}
				v.Peek = &PeekView{Seat: int(x.Target), Cards: cardMap(&x.Progress[x.Target])}
				if x.looks() {
					v.Peek.Slots = x.peekSlots(int(x.Target))
				}
			case PhaseMasterMerchant:
				h := s.Hand[x.Target]
				v.Peek = &PeekView{Seat: int(x.Target), Hand: &h}
			}
		}
	}
	return v
}

// prompt is what seat p must do in the expansion's phases.
func (x *Ext) prompt(s *catan.State, p int) Prompt {
	if !isOwnPhase(s.Phase) {
		if s.Phase == catan.PhaseMain && p == int(s.Active) && x.progressHeld(p) > ProgressHandLimit {
			return Prompt{Count: x.progressHeld(p) - ProgressHandLimit}
		}
		return Prompt{}
	}
	if d, _ := (expansion{}).Await(s); d&(1<<uint(p)) == 0 {
		return Prompt{}
	}
	switch s.Phase {
	case PhaseChooseDeck:
		return Prompt{Code: "choose-deck"}
	case PhasePillage:
		return Prompt{Code: "pillage"}
	case PhaseProgressLimit:
		return Prompt{Code: "discard-progress", Count: x.progressHeld(p) - ProgressHandLimit}
	case PhaseAqueduct:
		return Prompt{Code: "aqueduct"}
	case PhaseMetropolis:
		return Prompt{Code: "place-metropolis", Track: Track(x.Target).String()}
	case PhaseRetreat:
		return Prompt{Code: "retreat-knight", Vertex: int(x.Spot), Rank: x.Moving.String()}
	case PhaseDesert:
		return Prompt{Code: "remove-knight", Seat: int(s.Active)}
	case PhaseDeserterPlace:
		return Prompt{Code: "place-deserter", Rank: x.deserterRank(s).String()}
	case PhaseDiplomatRoad:
		return Prompt{Code: "replace-road"}
	case PhaseWedding:
		return Prompt{Code: "give-cards", Count: int(x.Owe[p]), Seat: int(s.Active)}
	case PhaseSabotage:
		return Prompt{Code: "sabotage", Count: int(x.Owe[p])}
	case PhaseSpy:
		if x.Sealed != nil && !x.Sealed.Looks {
			return Prompt{Code: "spy-give", Seat: int(s.Active)}
		}
		return Prompt{Code: "spy-take", Seat: int(x.Target)}
	case PhaseMasterMerchant:
		return Prompt{Code: "take-cards", Count: 2, Seat: int(x.Target)}
	case PhaseHarbor:
		return Prompt{Code: "harbor-offer", Seat: int(x.Target)}
	case PhaseHarborReturn:
		return Prompt{Code: "harbor-return", Seat: int(s.Active)}
	}
	return Prompt{}
}

func cardMap(held *[NumCards]int8) map[string]int {
	m := map[string]int{}
	for c, n := range held {
		if n > 0 {
			m[Card(c).String()] = int(n)
		}
	}
	return m
}

func vertexList(m uint64) []int {
	out := []int{}
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m))
	}
	return out
}

func seatList(m uint8) []int {
	out := []int{}
	for p := 0; p < MaxPlayers; p++ {
		if m&(1<<uint(p)) != 0 {
			out = append(out, p)
		}
	}
	return out
}
