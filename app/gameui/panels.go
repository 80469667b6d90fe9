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
		chip := TableChip()
		if l.Seat >= 0 && int(l.Seat) < len(styles) {
			chip = Chip(styles[l.Seat])
		}
		items = append(items, app.Li().DataSet("seat", int(l.Seat)).Body(chip, app.Span().Text(l.Text)))
	}
	return app.Section().Class("log").ID("log").Aria("label", T("table.log")).Body(
		app.H2().Class("small-h").Text(T("table.log")),
		app.If(len(items) == 0, func() app.UI { return app.P().Class("muted").Text(T("table.log.empty")) }).
			Else(func() app.UI { return app.Ol().Class("log-lines").Reversed(true).Body(items...) }),
	)
}

// RefCard is a Reference card beside the board (it stays in view while
// the panel scrolls).
func RefCard(title string, card app.UI) app.UI {
	return app.Section().Class("refcard").ID("refcard").Aria("label", title).Body(
		app.H2().Class("small-h").Text(title), card)
}

// RefButton opens a Reference card as a sheet on a phone.
func RefButton(title string, open func(ctx app.Context)) app.UI {
	return app.Button().Class("btn ref-btn").ID("ref-open").Type("button").Title(title).Aria("label", title).
		Body(app.Raw(`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><rect x="3" y="5" width="13" height="16" rx="2" fill="#9ccf63" stroke="#0f1a22" stroke-width="1.5"/><rect x="8" y="3" width="13" height="16" rx="2" fill="#efc53f" stroke="#0f1a22" stroke-width="1.5"/><path d="M11 8h7M11 11h7M11 14h5" stroke="#0f1a22" stroke-width="1.5"/></svg>`),
			app.Span().Class("ref-word").Text(title)).
		OnClick(func(ctx app.Context, e app.Event) { open(ctx) })
}

// Sheet is a panel over the lower part of a phone's screen (the log, a
// reference card), closed by its button, a tap beside it or Escape.
func Sheet(id, label string, body app.UI, close func(ctx app.Context)) app.UI {
	return app.Div().Class("sheet-wrap").ID(id).Body(
		app.Div().Class("sheet-veil").OnClick(func(ctx app.Context, e app.Event) { close(ctx) }),
		app.Div().Class("sheet").Role("dialog").Aria("label", label).Body(
			app.Div().Class("sheet-head").Body(
				app.Span().Class("sheet-grip").Aria("hidden", "true"),
				app.Button().Class("btn ghost sheet-close").ID(id+"-close").Type("button").Aria("label", T("sheet.close")).
					Title(T("sheet.close")).AutoFocus(true).Text("✕").
					OnClick(func(ctx app.Context, e app.Event) { close(ctx) }),
			),
			body,
		),
	)
}

// LogSheet is the log on a phone, opened by the header's Log button.
func LogSheet(log app.UI, close func(ctx app.Context)) app.UI {
	return Sheet("log-sheet", T("table.log"), log, close)
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
// A counted category has two columns under its name: the count and the
// points.
func (sc ScoreTable) Sheet(seats int, style func(seat int) SeatStyle, name func(seat int) string, winners []engine.Seat) app.UI {
	counted := func(c int) bool { return sc.Counts[sc.Categories[c]] != nil }
	two := false
	for c := range sc.Categories {
		two = two || counted(c)
	}
	span := func(th app.HTMLTh) app.HTMLTh {
		if two {
			return th.Rowspan(2)
		}
		return th
	}
	head := []app.UI{span(app.Th().Scope("col").Text(T("end.player")))}
	var sub []app.UI
	for c, cat := range sc.Categories {
		if counted(c) {
			head = append(head, app.Th().Scope("colgroup").ColSpan(2).Class("group").Text(T(cat)))
			sub = append(sub, app.Th().Scope("col").Class("count").Text(T("end.count")), app.Th().Scope("col").Text(T("end.points")))
			continue
		}
		head = append(head, span(app.Th().Scope("col").Text(T(cat))))
	}
	head = append(head, span(app.Th().Scope("col").Text(T("end.total"))))
	rows := make([]app.UI, seats)
	for i := range seats {
		cells := []app.UI{app.Th().Scope("row").Body(Chip(style(i)), app.Text(" "+name(i)))}
		if i < len(sc.Rows) {
			for c, v := range sc.Rows[i] {
				if c < len(sc.Categories) && counted(c) {
					n := 0
					if cs := sc.Counts[sc.Categories[c]]; i < len(cs) {
						n = cs[i]
					}
					cells = append(cells, app.Td().Class("count").Text(strconv.Itoa(n)))
				}
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
	thead := []app.UI{app.Tr().Body(head...)}
	if two {
		thead = append(thead, app.Tr().Body(sub...))
	}
	return app.Table().Class("scores").Body(
		app.Caption().Text(T("end.scores")),
		app.THead().Body(thead...),
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
