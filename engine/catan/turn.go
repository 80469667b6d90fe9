package catan

// End of a turn (orig "Ao final da sua vez, passe os dados…"): cards bought
// this turn become playable, and the next player's turn begins. checkWin
// (called by Do) then ends the game at once if that player already has 10
// points, e.g. from a Longest Road that came to them during another turn.
func (s *State) endTurn() {
	if s.Sealed != nil {
		// Sealed: Victory Point cards shown with the end of the turn
		// still win it (MustShow shows them for this).
		if s.checkWin(); s.Phase == PhaseOver {
			return
		}
	}
	s.PassDice()
}

// PassDice ends the active player's turn and begins the next player's:
// the base game's end-turn, for an expansion that takes end-turn over
// (into a phase of its own) and passes the dice when that is done. The
// action's caller checks the win (Do does after every action).
func (s *State) PassDice() {
	s.Bought = DevCards{}
	s.DevPlayed = false
	s.Proposals = 0
	s.Built = false
	s.Active = int8((int(s.Active) + 1) % s.Players)
	s.Turn++
	s.Phase = PhaseRoll
}
