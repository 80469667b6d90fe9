package gameui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/i18n"
	"tabula/engine"
)

// Standing is one seat's public standing, for the compact player chips
// a phone shows above the board.
type Standing struct {
	Seat   engine.Seat
	Points int
	// Cards in hand; -1 when the game has no hand to count.
	Cards int
	// Note is a short extra in the game's words ("3 silver"); may be "".
	Note string
}

// Summarizer is implemented by renderers that give the phone's player
// chips: every seat's public standing and the dice on the table (nil when
// there are none to show).
type Summarizer interface {
	Standings(env *Env) []Standing
	Dice(env *Env) app.UI
}

// Chips is the strip of player chips (colour, shape, name, points, cards)
// and the dice that a phone shows above the board, so who leads and whose
// turn it is never scroll out of sight. Seats the table waits for are
// marked (aria-current and the accent border).
func Chips(env *Env, s Summarizer, waits []Wait) app.UI {
	waiting := map[engine.Seat]bool{}
	for _, w := range waits {
		waiting[w.Seat] = true
	}
	stands := s.Standings(env)
	items := make([]app.UI, 0, len(stands)+1)
	for _, st := range stands {
		if st.Seat < 0 || int(st.Seat) >= len(env.Styles) {
			continue
		}
		name := env.Name(st.Seat)
		you := env.IsYou(st.Seat)
		label := []string{name, T("chip.vp", st.Points)}
		if you {
			label[0] = T("chip.you", name)
		}
		body := []app.UI{
			Chip(env.Styles[st.Seat]),
			app.Span().Class("pc-name").Text(name),
			app.Strong().Class("pc-vp").Text(T("chip.vp", st.Points)),
		}
		if st.Cards >= 0 {
			label = append(label, i18n.N("chip.cards", st.Cards))
			body = append(body, app.Span().Class("pc-cards").Aria("hidden", "true").Body(
				app.Raw(`<svg viewBox="0 0 12 16" width="10" height="14" aria-hidden="true"><rect x=".75" y=".75" width="10.5" height="14.5" rx="2" fill="#e8edf1" stroke="#0f1a22" stroke-width="1.5"/></svg>`),
				app.Text(strconv.Itoa(st.Cards))))
		}
		if st.Note != "" {
			label = append(label, st.Note)
			body = append(body, app.Span().Class("pc-note").Aria("hidden", "true").Text(st.Note))
		}
		cls := "pchip"
		if you {
			cls += " you"
		}
		li := app.Li().DataSet("seat", int(st.Seat)).Aria("label", strings.Join(label, ", ")).Body(body...)
		if waiting[st.Seat] {
			cls += " on"
			li = li.Aria("current", "true")
		}
		li = li.Class(cls)
		items = append(items, li)
	}
	bar := []app.UI{app.Ul().Class("pchips").Aria("label", T("chip.players")).Body(items...)}
	if d := s.Dice(env); d != nil {
		bar = append(bar, app.Div().Class("pc-dice").Body(d))
	}
	return app.Div().Class("chipbar").ID("chips").Body(bar...)
}
