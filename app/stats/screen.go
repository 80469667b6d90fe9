// Package stats is the statistics screen: the charts of a game's report
// (package engine/stats) drawn as SVG (package app/stats/chart) in the
// reader's language, over the table, the end screen or a replay, and
// downloadable as one SVG image. The shell opens it; see docs/stats.md.
package stats

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/stats/chart"
	"tabula/engine"
	engstats "tabula/engine/stats"
)

// Input is the game whose statistics are shown, as one reader may see it.
type Input struct {
	Game    engine.Game
	Setup   engine.Setup
	Entries []engine.Entry // the log up to the point shown
	Total   int            // entries in the whole game (a replay shows fewer)
	Viewer  engine.Seat    // whose view: engine.Spectator in a replay
	Names   []string
	Styles  []gameui.SeatStyle
}

// Screen keeps the charts drawn last, so that the log is folded again only
// when it, the viewer or the language changed.
type Screen struct {
	// Over is what the screen was opened over (a table, a network
	// session): the caller shows it over that only, so it does not
	// reappear over the next game.
	Over any

	key      string
	report   *engstats.Report
	drawings []chart.Drawing
	err      error
}

func (in Input) key() string {
	last := ""
	if n := len(in.Entries); n > 0 {
		last = in.Entries[n-1].Post
	}
	return fmt.Sprint(in.Game.ID(), len(in.Entries), last, in.Viewer, i18n.Current(), in.Names)
}

// Draw folds the log and draws the charts, unless nothing changed since
// the last Draw.
func (s *Screen) Draw(in Input) ([]chart.Drawing, *engstats.Report, error) {
	if k := in.key(); k != s.key {
		s.key = k
		s.report, s.err = engstats.Compute(in.Game, in.Setup, in.Entries, in.Viewer)
		s.drawings = nil
		if s.err == nil {
			s.drawings = Drawings(s.report, in.Names, in.Styles)
		}
	}
	return s.drawings, s.report, s.err
}

// Drawings draws every chart of r in the current language.
func Drawings(r *engstats.Report, names []string, styles []gameui.SeatStyle) []chart.Drawing {
	seats := make([]chart.Seat, r.Players)
	for p := range seats {
		st := gameui.Palette[p%len(gameui.Palette)]
		if p < len(styles) {
			st = styles[p]
		}
		name := fmt.Sprint(p + 1)
		if p < len(names) {
			name = names[p]
		}
		seats[p] = chart.Seat{Name: name, Color: st.Color, Marker: gameui.ShapePath(st.Shape, 4)}
	}
	key := func(k string) string { return i18n.T("stats.key." + k) }
	mark := func(m engstats.Mark) string {
		if m.Seats == 0 {
			return key(m.Key)
		}
		var who []string
		for p := range seats {
			if m.Seats&(1<<uint(p)) != 0 {
				who = append(who, seats[p].Name)
			}
		}
		return i18n.T("stats.mark."+m.Key, strings.Join(who, ", "))
	}
	out := make([]chart.Drawing, len(r.Charts))
	for i := range r.Charts {
		c := &r.Charts[i]
		out[i] = chart.SVG(c, chart.Labels{Title: i18n.T("stats.chart." + c.ID), X: i18n.T("stats.axis." + c.X),
			Y: i18n.T("stats.axis." + c.Y), Key: key, Mark: mark, Seats: seats}, "stats-"+c.ID)
	}
	return out
}

// Render is the screen over whatever is below it; onClose closes it.
func (s *Screen) Render(in Input, onClose func(app.Context)) app.UI {
	drawings, report, err := s.Draw(in)
	head := app.Div().Class("stats-head").Body(
		app.H1().ID("stats-h").Text(i18n.T("stats.title")),
		app.If(in.Total > len(in.Entries), func() app.UI {
			return app.Span().Class("muted").ID("stats-at").Text(i18n.T("stats.at", len(in.Entries), in.Total))
		}),
		app.Div().Class("spacer"),
		app.If(err == nil, func() app.UI {
			return app.Button().Class("btn").ID("stats-export").Type("button").Text("↓ " + i18n.T("stats.export")).
				OnClick(func(ctx app.Context, e app.Event) {
					gameui.DownloadAs("tabula-"+in.Game.ID()+"-statistics.svg", "image/svg+xml",
						[]byte(chart.Sheet(i18n.T("stats.title")+" · "+i18n.T("game."+in.Game.ID()), drawings)))
				})
		}),
		app.Button().Class("btn primary").ID("stats-close").Type("button").AutoFocus(true).Text(i18n.T("stats.close")).
			OnClick(func(ctx app.Context, e app.Event) { onClose(ctx) }),
	)
	body := []app.UI{app.Raw(styleSheet), head}
	switch {
	case err != nil:
		body = append(body, app.P().Class("error").Role("alert").Text(i18n.T("stats.error", gameui.ErrorText(err))))
	default:
		if !report.Revealed {
			body = append(body, app.P().Class("muted").ID("stats-hidden").Text(i18n.T("stats.hidden")))
		}
		figs := make([]app.UI, len(drawings))
		for i, d := range drawings {
			figs[i] = app.Figure().Class("stats-fig").ID("stats-fig-" + report.Charts[i].ID).Body(app.Raw(d.SVG))
		}
		body = append(body, app.Div().Class("stats-grid").Body(figs...))
	}
	return app.Div().Class("stats-overlay").ID("stats").Role("dialog").Aria("modal", "true").Aria("labelledby", "stats-h").Body(
		app.Div().Class("stats-card").Body(body...))
}

// styleSheet is the screen's CSS, shipped with it (the shell's stylesheet
// knows nothing of it). The charts keep a white ground, as exported.
const styleSheet = `<style id="stats-style">
.stats-overlay { position: fixed; inset: 0; z-index: 60; background: rgba(6, 12, 16, .82); display: flex; justify-content: center; align-items: flex-start; padding: .75rem; overflow: auto; }
.stats-card { background: var(--panel); border: 1px solid var(--line); border-radius: 14px; padding: .8rem 1rem; width: min(1180px, 100%); }
.stats-head { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin-bottom: .5rem; }
.stats-head h1 { font-size: 1.3rem; margin: 0; }
.stats-head .spacer { flex: 1; }
.stats-head .btn { min-height: 44px; }
.stats-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr)); gap: .75rem; }
.stats-fig { margin: 0; background: #fff; border-radius: 8px; padding: 4px; }
.stats-fig svg { display: block; width: 100%; height: auto; }
@media (max-width: 520px) {
  .stats-overlay { padding: 0; }
  .stats-card { border-radius: 0; padding: .5rem; min-height: 100%; }
}
</style>`

// OpenButton is the button that opens the statistics (on the table's bar,
// the end screen and the replay bar); id tells the places apart. On the
// table's bar (word false) it is the icon alone, with its name for screen
// readers and as a tooltip: the bar is full.
func OpenButton(id string, word bool, open func()) app.UI {
	name := i18n.T("stats.open")
	body := []app.UI{app.Raw(icon)}
	if word {
		body = append(body, app.Span().Text(name))
	}
	return app.Button().Class("btn stats-btn").ID(id).Type("button").Aria("label", name).Title(name).
		Body(body...).OnClick(func(ctx app.Context, e app.Event) { open() })
}

// icon is three bars, drawn in the button's text colour (no emoji font is
// needed).
const icon = `<svg class="stats-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" style="vertical-align: -2px"><path d="M1 15h14M3 14V8h2.5v6M7 14V3h2.5v11M11 14V6h2.5v8" fill="none" stroke="currentColor" stroke-width="1.6"/></svg>`
