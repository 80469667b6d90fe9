package netplay

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	statsui "tabula/app/stats"
	"tabula/engine"
)

// The statistics screen (package app/stats) over the network table: the
// signed log as this device's seat sees it.

func (s *Screen) statsButton(id string, word bool) app.UI {
	return statsui.OpenButton(id, word, func() { s.stats = &statsui.Screen{Over: s.sess} })
}

// statsOpen: the statistics are open over the session on screen.
func (s *Screen) statsOpen() bool { return s.stats != nil && s.stats.Over == s.sess }

func (s *Screen) renderStats() app.UI {
	m := s.sess.Table.Match
	in := statsui.Input{Game: m.Game, Setup: m.Setup, Entries: m.Entries, Total: len(m.Entries),
		Viewer: engine.Seat(s.sess.Meta.Seat)}
	for p := range s.sess.Table.Seats {
		in.Names, in.Styles = append(in.Names, s.name(p)), append(in.Styles, s.style(p))
	}
	return s.stats.Render(in, func(app.Context) { s.stats = nil })
}
