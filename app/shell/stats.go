package shell

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	statsui "tabula/app/stats"
	"tabula/engine"
)

// The statistics screen (package app/stats) over the table, the end screen
// or the replay: the table shows the whole log as the seat on view sees
// it; a replay shows the log up to its point, as a spectator.

// statsButton opens the statistics; id tells the three places apart.
func (r *Root) statsButton(id string, word bool) app.UI {
	return statsui.OpenButton(id, word, func() { r.stats = &statsui.Screen{Over: r.tbl} })
}

// statsOpen: the statistics are open over the table on screen.
func (r *Root) statsOpen() bool { return r.stats != nil && r.stats.Over == r.tbl }

func (r *Root) renderStats() app.UI {
	t := r.tbl
	in := statsui.Input{Game: t.Game(), Setup: t.Match.Setup, Entries: t.Match.Entries, Total: len(t.Match.Entries), Styles: r.styles}
	in.Viewer, _ = t.View()
	if r.replay != nil {
		in.Entries, in.Viewer = t.Match.Entries[:r.replayAt], engine.Spectator
	}
	for s := range t.Seats {
		in.Names = append(in.Names, t.Name(engine.Seat(s)))
	}
	return r.stats.Render(in, func(app.Context) { r.stats = nil })
}
