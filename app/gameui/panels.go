package gameui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/table"
	"tabula/engine"
)

// Panels both table screens draw alike: the hot-seat one (app/shell) and
// the network one (app/netplay).

// LogPanel is the log beside the board: the newest of lines first (at
// most 100), each with its seat's chip from styles.
func LogPanel(lines []table.Line, styles []SeatStyle) app.UI {
	const show = 100
	items := make([]app.UI, 0, show)
	for i := len(lines) - 1; i >= 0 && len(items) < show; i-- {
		l := lines[i]
		var chip app.UI = app.Span().Class("chip-space")
		if l.Seat >= 0 && int(l.Seat) < len(styles) {
			chip = Chip(styles[l.Seat])
		}
		items = append(items, app.Li().Body(chip, app.Span().Text(l.Text)))
	}
	return app.Section().Class("log").ID("log").Aria("label", T("table.log")).Body(
		app.H2().Class("small-h").Text(T("table.log")),
		app.If(len(items) == 0, func() app.UI { return app.P().Class("muted").Text(T("table.log.empty")) }).
			Else(func() app.UI { return app.Ol().Class("log-lines").Reversed(true).Body(items...) }),
	)
}

// Headline is the end screen's line naming the winners.
func Headline(winners []string) string {
	if len(winners) == 1 {
		return T("end.winner", winners[0])
	}
	return T("end.winners", strings.Join(winners, ", "))
}

// Sheet is the end screen's table of sc: a row per seat (its chip and
// name), a column per category and the total; winners' rows are marked.
func (sc ScoreTable) Sheet(seats int, style func(seat int) SeatStyle, name func(seat int) string, winners []engine.Seat) app.UI {
	head := []app.UI{app.Th().Scope("col").Text(T("end.player"))}
	for _, c := range sc.Categories {
		head = append(head, app.Th().Scope("col").Text(T(c)))
	}
	head = append(head, app.Th().Scope("col").Text(T("end.total")))
	rows := make([]app.UI, seats)
	for i := range seats {
		cells := []app.UI{app.Th().Scope("row").Body(Chip(style(i)), app.Text(" "+name(i)))}
		if i < len(sc.Rows) {
			for _, v := range sc.Rows[i] {
				cells = append(cells, app.Td().Text(strconv.Itoa(v)))
			}
		}
		total := 0
		if i < len(sc.Totals) {
			total = sc.Totals[i]
		}
		cells = append(cells, app.Td().Class("total").Text(strconv.Itoa(total)))
		tr := app.Tr().Body(cells...)
		for _, w := range winners {
			if int(w) == i {
				tr = tr.Class("winner")
			}
		}
		rows[i] = tr
	}
	return app.Table().Class("scores").Body(
		app.Caption().Text(T("end.scores")),
		app.THead().Body(app.Tr().Body(head...)),
		app.TBody().Body(rows...),
	)
}

// SavedList is the list of stored games (hot-seat on the home screen,
// network games on the network screen): empty is shown when there are none.
func SavedList(empty string, rows []app.UI) app.UI {
	if len(rows) == 0 {
		return app.P().Class("muted").Text(empty)
	}
	return app.Ul().Class("saved-list").Body(rows...)
}
