// Package rules is the in-app rules screen: each game's rules for a player
// who has never played, in every language of the catalogue, opened from the
// home screen or from the table ("?" button or key) at the part that
// matters now.
//
// # How a game brings its rules
//
// The game's UI package (app/catanui, app/burgundyui …) registers a Book
// from an init function:
//
//	rules.Register(rules.Book{
//		Game: "catan",
//		Sections: []rules.Section{
//			{ID: "goal", Title: "rules.catan.goal", Paras: []rules.Text{rules.P("rules.catan.goal.1", catan.WinningPoints)}},
//			{ID: "build", Title: "rules.catan.build", Paras: …, Extra: costTable},
//			…
//		},
//		At: func(view any) string { … }, // section for the table's view now
//	})
//
// Titles and paragraphs (P: an id and its arguments) are message ids ("rules.<game>.…") added to the
// catalogue in messages files like any other (English, Portuguese, Russian
// with the same ids; the catalogue test checks them). A paragraph whose
// lines start with "- " shows as a list. Numbers that the engine plays by
// (costs, tile effects) are not written into prose: Extra draws them from
// the engine's own tables, so the rules shown cannot disagree with the rules
// played. At reads the engine View of the seat on screen and names the
// section to open (the robber during a 7, say); "" opens at the top.
//
// The readings the engine follows on disputed points are a section of
// their own ("readings"), written from the game's rules note in docs/.
package rules

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/i18n"
)

// Text is a message id with its arguments: numbers the engine plays by
// (a threshold, a count) are arguments taken from the engine's constants,
// never typed into the message.
type Text struct {
	ID   string
	Args []any
}

// P is a paragraph: message id filled with args.
func P(id string, args ...any) Text { return Text{ID: id, Args: args} }

// Section is one part of a game's rules.
type Section struct {
	ID    string // anchor ("goal", "setup", "turn", "robber" …)
	Title string // message id
	Paras []Text
	// Extra draws facts from the engine's tables after the paragraphs
	// (costs, tiles); nil for none.
	Extra func() app.UI
}

// Book is the rules of one game.
type Book struct {
	Game     string // engine game id
	Sections []Section
	// At names the section that matters for the engine View on screen;
	// nil or "" opens at the top.
	At func(view any) string
}

var books = map[string]Book{}

// Register adds or replaces a game's rules.
func Register(b Book) { books[b.Game] = b }

// Lookup returns a game's rules.
func Lookup(game string) (Book, bool) {
	b, ok := books[game]
	return b, ok
}

// Games lists the games that have rules (for tests).
func Games() []string {
	var out []string
	for g := range books {
		out = append(out, g)
	}
	return out
}

// Section returns the section of b that matters for view ("" when none).
func (b Book) Section(view any) string {
	if b.At == nil || view == nil {
		return ""
	}
	return b.At(view)
}

// Page is the rules of game as a dialog over the screen, opened at section
// at; title is the game's name, picker the language select, closing calls
// onClose.
func Page(game, title, at string, picker app.UI, onClose func(ctx app.Context)) app.UI {
	b, ok := books[game]
	if !ok {
		return app.Text("")
	}
	toc := make([]app.UI, len(b.Sections))
	secs := make([]app.UI, len(b.Sections))
	for i, s := range b.Sections {
		s := s
		toc[i] = app.Li().Body(app.A().Href("#rules-"+s.ID).Text(T(s.Title)).
			OnClick(func(ctx app.Context, e app.Event) {
				e.PreventDefault()
				Scroll(s.ID)
			}, app.EventScope(game, s.ID))) // another book drawn here has its own sections
		body := []app.UI{app.H2().Text(T(s.Title))}
		for _, p := range s.Paras {
			body = append(body, Para(T(p.ID, p.Args...)))
		}
		if s.Extra != nil {
			body = append(body, s.Extra())
		}
		sec := app.Section().ID("rules-"+s.ID).Class("rules-sec").DataSet("section", s.ID).Body(body...)
		if s.ID == at {
			sec = sec.Class("current")
		}
		secs[i] = sec
	}
	return app.Div().Class("rules-overlay").ID("rules").Role("dialog").Aria("modal", "true").
		Aria("labelledby", "rules-h").DataSet("game", game).DataSet("at", at).DataSet("lang", string(i18n.Current())).Body(
		app.Div().Class("rules-card").Body(
			app.Header().Class("rules-head").Body(
				app.H1().ID("rules-h").Text(T("rules.title", title)),
				app.Div().Class("spacer"),
				picker,
				app.Button().Class("btn").ID("rules-close").Type("button").Text(T("rules.close")).
					OnClick(func(ctx app.Context, e app.Event) { onClose(ctx) }),
			),
			app.Nav().Class("rules-toc").Aria("label", T("rules.contents")).Body(app.Ol().Body(toc...)),
			app.Div().Class("rules-body").Body(secs...),
		),
	)
}

// Para is one paragraph of rules text: lines starting with "- " make a
// list, other lines a paragraph.
func Para(text string) app.UI {
	var out []app.UI
	var items []app.UI
	flush := func() {
		if len(items) > 0 {
			out = append(out, app.Ul().Body(items...))
			items = nil
		}
	}
	for _, line := range splitLines(text) {
		if len(line) > 2 && line[:2] == "- " {
			items = append(items, app.Li().Text(line[2:]))
			continue
		}
		flush()
		if line != "" {
			out = append(out, app.P().Text(line))
		}
	}
	flush()
	if len(out) == 1 {
		return out[0]
	}
	return app.Div().Body(out...)
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// Scroll brings section id of the open rules into view (in the browser).
func Scroll(id string) {
	if !app.IsClient {
		return
	}
	doc := app.Window().Get("document")
	el := doc.Call("getElementById", "rules-"+id)
	if !el.Truthy() {
		el = doc.Call("getElementById", "rules-h")
	}
	if el.Truthy() {
		el.Call("scrollIntoView", map[string]any{"block": "start"})
	}
}

// T is the catalogue.
func T(id string, args ...any) string { return i18n.T(id, args...) }
