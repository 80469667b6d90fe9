package burgundy

import (
	"fmt"

	"tabula/engine"
)

// Chance, set-up, phases and rounds (fact sheet §5–§6).
//
// Three chance requests drive the game, each drawn at the moment the rules
// draw:
//   - "setup": the start player (one value in [0, players)) and each
//     player's three goods, drawn one by one from the 42 face-down goods
//     (seat order, values in [0, remaining)).
//   - "phase": one draw per filled depot space (depot 1…6, space order, from
//     the face-down stack of that colour), the black depot's tiles (from the
//     black-back stack), then the phase's 5 goods for the round spaces.
//   - "dice": every player's two dice in seat order, then the white die.
//
// A draw value i picks the i-th remaining item of the supply in id order
// (goods: in kind order), so a log replays exactly.

func (s *State) chanceRequest() engine.ChanceRequest {
	switch s.Stage {
	case StageSetup:
		r := []int{s.Players}
		n := s.goodsLeft()
		for i := 0; i < 3*s.Players; i++ {
			r = append(r, n-i)
		}
		return engine.ChanceRequest{Kind: "setup", Ranges: r}
	case StagePhase:
		return engine.ChanceRequest{Kind: "phase", Ranges: s.phaseRanges()}
	case StageRoll:
		r := make([]int, 2*s.Players+1)
		for i := range r {
			r[i] = 6
		}
		return engine.ChanceRequest{Kind: "dice", Ranges: r}
	}
	return engine.ChanceRequest{}
}

func (s *State) goodsLeft() int {
	n := 0
	for k := 1; k <= 6; k++ {
		n += s.GoodsStack[k]
	}
	return n
}

// phaseRanges lists the draws of a phase preparation. A space whose stack is
// empty (never at the official counts) stays empty and draws nothing.
func (s *State) phaseRanges() []int {
	var r []int
	var left [7]int
	for c := range s.Stacks {
		left[c] = len(s.Stacks[c])
	}
	for d := 1; d <= 6; d++ {
		for _, sp := range s.Depots[d].Spaces {
			if left[sp.Colour] > 0 {
				r = append(r, left[sp.Colour])
				left[sp.Colour]--
			}
		}
	}
	for i, n := 0, len(s.BlackStack); i < BlackDepotTiles(s.Players) && n > 0; i, n = i+1, n-1 {
		r = append(r, n)
	}
	for i, n := 0, s.goodsLeft(); i < 5 && n > 0; i, n = i+1, n-1 {
		r = append(r, n)
	}
	return r
}

// Resolve feeds the outcome of the pending chance request.
func (s *State) Resolve(o engine.Outcome) error {
	if err := engine.CheckChance(s.Status(), o); err != nil {
		return err
	}
	switch s.Stage {
	case StageSetup:
		s.resolveSetup(o)
	case StagePhase:
		s.resolvePhase(o)
	case StageRoll:
		s.resolveDice(o)
	default:
		return engine.ErrNoChance
	}
	s.settle()
	return nil
}

// drawGoods removes the i-th face-down goods tile (kind order) and returns
// its kind.
func (s *State) drawGoods(i int) int {
	for k := 1; k <= 6; k++ {
		if i < s.GoodsStack[k] {
			s.GoodsStack[k]--
			return k
		}
		i -= s.GoodsStack[k]
	}
	panic("burgundy: goods draw out of range")
}

func drawTile(stack *[]int, i int) int {
	t := (*stack)[i]
	*stack = append((*stack)[:i], (*stack)[i+1:]...)
	return t
}

// resolveSetup: start player, workers 1…4 in turn order, one silverling,
// three random goods each (orig §Preparação).
func (s *State) resolveSetup(o engine.Outcome) {
	first := o[0]
	for k := 0; k < s.Players; k++ {
		seat := (first + k) % s.Players
		p := &s.Seats[seat]
		p.Workers = k + 1
		p.Silver = 1
		s.Track[seat] = TrackMarker{Space: 0, Height: s.Players - 1 - k}
	}
	for i := 0; i < 3*s.Players; i++ {
		seat := i / 3
		k := s.drawGoods(o[1+i])
		s.Seats[seat].Goods[k]++
	}
	s.Stage = StagePhase
}

// startPhase clears the depots (phases B–E) and waits for the draws.
func (s *State) startPhase() {
	if clearDepotsEachPhase {
		for d := 1; d <= 6; d++ {
			for i := range s.Depots[d].Spaces {
				if t := s.Depots[d].Spaces[i].Tile; t != 0 {
					s.Removed = append(s.Removed, t)
					s.Depots[d].Spaces[i].Tile = 0
				}
			}
		}
		s.Removed = append(s.Removed, s.Black...)
		s.Black = nil
	}
	s.Stage = StagePhase
}

func (s *State) resolvePhase(o engine.Outcome) {
	j := 0
	for d := 1; d <= 6; d++ {
		for i := range s.Depots[d].Spaces {
			sp := &s.Depots[d].Spaces[i]
			if sp.Tile == 0 && len(s.Stacks[sp.Colour]) > 0 {
				sp.Tile = drawTile(&s.Stacks[sp.Colour], o[j])
				j++
			}
		}
	}
	for i := 0; i < BlackDepotTiles(s.Players) && len(s.BlackStack) > 0; i++ {
		s.Black = append(s.Black, drawTile(&s.BlackStack, o[j]))
		j++
	}
	s.RoundGoods = [5]int{}
	for i := 0; i < 5 && s.goodsLeft() > 0; i++ {
		s.RoundGoods[i] = s.drawGoods(o[j])
		j++
	}
	s.Round = 0
	s.startRound()
}

// startRound fixes this round's turn order from the track and waits for dice.
func (s *State) startRound() {
	s.Order = s.trackOrder()
	s.Turn = 0
	s.Stage = StageRoll
}

// trackOrder is the turn order the track shows now.
func (s *State) trackOrder() []engine.Seat {
	order := make([]engine.Seat, s.Players)
	for i := range order {
		order[i] = engine.Seat(i)
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && trackBefore(s.Track[order[j]], s.Track[order[j-1]]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// resolveDice: everyone's dice at once; the first player's white die moves
// this round's goods tile to that depot.
func (s *State) resolveDice(o engine.Outcome) {
	for i := range s.Seats {
		p := &s.Seats[i]
		p.Dice = [2]int{o[2*i] + 1, o[2*i+1] + 1}
		p.Used = [2]bool{}
		p.Bought = false
	}
	s.White = o[2*s.Players] + 1
	if k := s.RoundGoods[s.Round]; k != 0 {
		s.Depots[s.White].Goods[k]++
		s.RoundGoods[s.Round] = 0
	}
	s.Stage = StagePlay
}

// settle runs everything automatic after an action or outcome: pending
// decisions without options are dropped, finished turns end, rounds and
// phases advance.
func (s *State) settle() {
	for s.Stage == StagePlay {
		if n := len(s.Pending); n > 0 {
			if len(s.frameOptions(s.Pending[n-1], nil)) == 0 {
				s.Pending = s.Pending[:n-1]
				continue
			}
			return
		}
		p := &s.Seats[s.Order[s.Turn]]
		if !p.Used[0] || !p.Used[1] {
			return
		}
		if s.canBuy(s.Order[s.Turn]) {
			return // may still buy, or end the turn
		}
		s.endTurn()
	}
}

func (s *State) endTurn() {
	p := &s.Seats[s.Order[s.Turn]]
	p.Bought = false
	s.Turn++
	if s.Turn < s.Players {
		return
	}
	s.Round++
	if s.Round < 5 {
		s.startRound()
		return
	}
	s.endPhase()
}

// endPhase pays mine income (and knowledge 2), then starts the next phase
// or ends the game.
func (s *State) endPhase() {
	for i := range s.Seats {
		p := &s.Seats[i]
		mines := 0
		for sp := 1; sp <= Spaces; sp++ {
			if t := p.Estate[sp]; t != 0 && catalogue[t].Colour == Mine {
				mines++
			}
		}
		p.Silver += mines
		if s.has(engine.Seat(i), 2) {
			p.Workers += knowledge2Workers(mines)
		}
	}
	s.Phase++
	if s.Phase < 5 {
		s.startPhase()
		return
	}
	s.endGame()
}

// PhaseName is "A"…"E".
func PhaseName(phase int) string {
	if phase < 0 || phase > 4 {
		return ""
	}
	return string(rune('A' + phase))
}

func (s *State) String() string {
	return fmt.Sprintf("burgundy phase %s round %d stage %s", PhaseName(s.Phase), s.Round+1, s.Stage)
}
