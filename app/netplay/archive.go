package netplay

// Leaving a turn-based game that waits on others (docs/p2p.md, "Turn-based
// play"): nobody is handed to the bot on a turn-based table, so a game
// whose player went away for good waits for ever. Its other players can
// archive it on their device: it stays among the saved network games
// (open it, export it), but is no longer served in the background nor
// listed on the home screen. Opening it takes it back. Nothing is sent:
// the others are not told, and the game goes on if the one awaited comes
// back and someone opens it.

// Others lists the turn-based games that wait on other people only.
func (s *Screen) Others() []TurnWait {
	s.init()
	return s.turns.Others()
}

// Archive leaves game id: it is no longer served nor listed.
func (s *Screen) Archive(id string) error {
	s.init()
	return s.turns.archive(id)
}

// archive marks game id archived, then lets go of it (a sync that read
// the list before is refused by serve, which reads the mark again).
func (v *turnService) archive(id string) error {
	m, err := v.kv.Meta(id)
	if err != nil {
		return err
	}
	m.Archived = true
	if err := v.kv.PutMeta(m); err != nil {
		return err
	}
	v.stop(id)
	return nil
}

// unarchive takes game id back when it is opened.
func (s *Screen) unarchive(id string) {
	if m, err := s.saved.Meta(id); err == nil && m.Archived {
		m.Archived = false
		_ = s.saved.PutMeta(m)
	}
}
