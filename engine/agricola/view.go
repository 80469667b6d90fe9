package agricola

import "tabula/engine"

// View is what seat sees (placeholder until view.go is written).
func (s *State) View(seat engine.Seat) any { return nil }
