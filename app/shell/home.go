package shell

import (
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/store"
	"tabula/app/table"
)

func (r *Root) renderHome() app.UI {
	saved := r.games.List()
	return app.Main().Class("home").Body(
		app.Header().Class("home-head").Body(
			app.Raw(`<svg class="logo" viewBox="0 0 64 64" width="52" height="52" aria-hidden="true"><rect width="64" height="64" rx="12" fill="#0f1a22"/><path d="M22 14.2 31.35 19.6V30.4L22 35.8 12.65 30.4V19.6Z" fill="#E69F00"/><path d="M42 14.2 51.35 19.6V30.4L42 35.8 32.65 30.4V19.6Z" fill="#009E73"/><path d="M32 31.5 41.35 36.9V47.7L32 53.1 22.65 47.7V36.9Z" fill="#56B4E9"/></svg>`),
			app.Div().Body(
				app.H1().Text(T("app.name")),
				app.P().Class("tagline").Text(T("app.tagline")),
			),
		),
		app.If(r.notice != "", func() app.UI {
			return app.P().Class("notice").ID("notice").Aria("live", "polite").Text(r.notice)
		}),
		app.Section().Class("games").Aria("labelledby", "games-h").Body(
			app.H2().ID("games-h").Text(T("home.games")),
			app.Ul().Class("game-list").Body(
				app.Range(gameui.All()).Slice(func(i int) app.UI {
					return r.gameCard(gameui.All()[i])
				}),
			),
		),
		r.renderWaiting(),
		r.renderOthers(),
		app.Section().Class("friends").Aria("labelledby", "friends-h").Body(
			app.H2().ID("friends-h").Text(T("home.friends")),
			app.P().Class("muted").Text(T("home.friends.text")),
			app.Button().Class("btn primary").ID("net-open").Type("button").Text(T("home.friends.go")).OnClick(r.openNet),
		),
		app.Section().Class("saved").Aria("labelledby", "saved-h").Body(
			app.H2().ID("saved-h").Text(T("home.continue")),
			gameui.SavedList(T("home.nosaved"), r.savedRows(saved[:min(len(saved), r.shownSaved())])),
			app.If(len(saved) > r.shownSaved(), func() app.UI {
				return app.Button().Class("btn ghost").ID("saved-more").Type("button").
					Text(i18n.N("home.more", len(saved)-r.shownSaved())).
					OnClick(func(ctx app.Context, e app.Event) { r.savedShown = r.shownSaved() + savedPage })
			}),
			app.Div().Class("import").Body(
				app.Label().Class("btn").For("import-file").Body(
					app.Text(T("home.import")),
				),
				app.Input().Type("file").ID("import-file").Class("visually-hidden").
					Accept(".json,application/json").OnChange(r.onImport),
				app.Span().Class("muted small").Text(T("home.importhint")),
			),
		),
		app.Section().Class("settings").Aria("labelledby", "settings-h").Body(
			app.H2().ID("settings-h").Text(T("home.settings")),
			app.Label().For("speed").Text(T("settings.speed")),
			app.Select().ID("speed").OnChange(r.onSpeed).Body(
				r.speedOption("instant"), r.speedOption("fast"),
				r.speedOption("normal"), r.speedOption("slow"),
			),
			app.Label().For("lang").Text(T("settings.lang")),
			r.langPicker("lang"),
			r.renderStorage(saved),
		),
		app.Section().Class("about").Aria("labelledby", "about-h").Body(
			app.H2().ID("about-h").Text(T("about.title")),
			app.P().Text(T("about.text")),
		),
	)
}

func (r *Root) speedOption(name string) app.UI {
	return app.Option().Value(name).Selected(speeds[name] == r.settings.BotDelay).Text(T("settings." + name))
}

func (r *Root) onSpeed(ctx app.Context, e app.Event) {
	if d, ok := speeds[ctx.JSSrc().Get("value").String()]; ok {
		r.settings.BotDelay = d
		_ = r.games.SaveSettings(r.settings)
	}
}

func (r *Root) gameCard(g gameui.Entry) app.UI {
	playable := g.Playable()
	li := app.Li().Class("game-card").DataSet("game", g.ID).Body(
		app.H3().Text(T(g.Title)),
		app.P().Text(T(g.Blurb)),
		app.If(playable, func() app.UI {
			return app.Button().Class("btn primary").ID("new-" + g.ID).Type("button").
				Text(T("home.new")).OnClick(func(ctx app.Context, e app.Event) { r.startForm(g) })
		}).Else(func() app.UI {
			return app.Span().Class("badge").Text(T("home.soon"))
		}),
		app.If(hasRules(g.ID), func() app.UI {
			return app.Button().Class("btn ghost").ID("rules-" + g.ID).Type("button").
				Text("? " + T("rules.open")).OnClick(func(ctx app.Context, e app.Event) { r.openRules(g.ID, nil) })
		}),
	)
	if !playable {
		li = li.Class("soon")
	}
	return li
}

// savedPage is how many saved games the list shows at a time: a thousand
// rows took seconds to draw.
const savedPage = 30

func (r *Root) shownSaved() int { return max(r.savedShown, savedPage) }

func (r *Root) savedRows(saved []store.Summary) []app.UI {
	rows := make([]app.UI, len(saved))
	for i, s := range saved {
		rows[i] = r.savedRow(s)
	}
	return rows
}

func (r *Root) savedRow(s store.Summary) app.UI {
	title := s.Game
	if e, ok := gameui.Lookup(s.Game); ok {
		title = T(e.Title)
	}
	var date string
	if t, err := time.Parse(time.RFC3339, s.Updated); err == nil {
		date = t.Local().Format("2006-01-02 15:04")
	}
	return app.Li().Class("saved-row").DataSet("id", s.ID).Body(
		app.Div().Class("saved-info").Body(
			app.Strong().Text(title),
			app.Span().Class("muted small").Text(" "+date),
			app.Div().Class("small").Text(T("home.players", strings.Join(s.Players, ", "))),
			app.Div().Class("small").Text(statusText(s)),
		),
		app.Div().Class("saved-actions").Body(
			app.Button().Class("btn primary").Type("button").Text(T("home.open")).
				OnClick(func(ctx app.Context, e app.Event) { r.notice = ""; r.open(ctx, s.ID) }, app.EventScope(s.ID)),
			app.Button().Class("btn").Type("button").Text(T("home.delete")).
				OnClick(func(ctx app.Context, e app.Event) {
					if app.IsClient && !app.Window().Call("confirm", T("home.deleteask")).Bool() {
						return
					}
					_ = r.games.Delete(s.ID)
					// Scoped by the game: go-app keeps a handler whose code is
					// unchanged, and rows move up when one above goes.
				}, app.EventScope(s.ID)),
		),
	)
}

func statusText(s store.Summary) string {
	who, n, ok := strings.Cut(s.Status, "|")
	if !ok {
		return T("home.status.unknown")
	}
	if s.Over {
		return T("home.status.over", who)
	}
	moves, _ := strconv.Atoi(n)
	return T("home.status.turn", who, moves)
}

// --- new game ----------------------------------------------------------------

type newForm struct {
	entry  gameui.Entry
	n      int
	names  [6]string
	kinds  [6]string
	colors [6]int
	opts   map[string]string
	seed   string
	// noBotOffers: "bots may offer me trades" unticked (games with
	// offers only).
	noBotOffers bool
}

// startForm opens the new-game form with defaults: you and bots, so
// "New game" then "Start game" is enough.
func (r *Root) startForm(g gameui.Entry) {
	f := newForm{entry: g, n: g.Max, opts: map[string]string{}}
	if f.n > 4 {
		f.n = 4
	}
	for i := range f.names {
		f.names[i] = T("new.defaultname." + strconv.Itoa(i))
		f.kinds[i] = table.BotGreedy
		f.colors[i] = i
	}
	f.kinds[0] = table.Human
	for _, o := range g.Options {
		if len(o.Choices) > 0 {
			f.opts[o.Key] = o.Choices[0].Value
		}
	}
	r.form = f
	r.screen = screenNew
	r.notice = ""
	r.warm(g.ID, f.n, f.opts)
}

// warm readies the page's code for a game's bots while its new-game form
// is open (table.Warm), once a game per page; it gives way as soon as the
// form is left (a game started), between short pieces.
func (r *Root) warm(game string, players int, opts map[string]string) {
	if !app.IsClient || r.warmed[game] {
		return
	}
	if r.warmed == nil {
		r.warmed = map[string]bool{}
	}
	r.warmed[game] = true
	opts = maps.Clone(opts) // the form changes its own
	// r.screen is read from the warm-up's goroutine: the page runs one
	// thread, which switches goroutines only where one waits (in pause).
	go func() {
		defer func() { // a warm-up is never worth the page
			if p := recover(); p != nil {
				app.Logf("tabula: warming %s up: %v", game, p)
			}
		}()
		table.Warm(game, players, opts, func() bool { return r.screen != screenNew }, yieldToPage)
	}()
}

func (r *Root) renderNew() app.UI {
	f := &r.form
	g := f.entry
	counts := []app.UI{}
	for n := g.Min; n <= g.Max; n++ {
		n := n
		counts = append(counts, app.Label().Class("seg").Body(
			app.Input().Type("radio").Name("players").ID("players-"+strconv.Itoa(n)).
				Checked(f.n == n).OnChange(func(ctx app.Context, e app.Event) { f.n = n }, app.EventScope(n)),
			app.Span().Text(strconv.Itoa(n)),
		))
	}
	seats := make([]app.UI, f.n)
	for i := 0; i < f.n; i++ {
		seats[i] = r.seatRow(i)
	}
	opts := make([]app.UI, len(g.Options))
	for i, o := range g.Options {
		o := o
		opts[i] = gameui.OptionField("opt-"+o.Key, o, f.opts[o.Key], func(v string) { f.opts[o.Key] = v })
	}
	return app.Main().Class("newgame").Body(
		app.H1().Text(T("new.title", T(g.Title))),
		app.Form().ID("new-form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			r.createGame(ctx)
		}).Body(
			app.FieldSet().Class("counts").Body(
				append([]app.UI{app.Legend().Text(T("new.players"))}, counts...)...,
			),
			app.Div().Class("seats").Body(seats...),
			app.Div().Class("options").Body(opts...),
			app.If(table.HasOffering(g.ID), func() app.UI {
				return app.Label().Class("field check").For("bot-offers").Body(
					app.Input().ID("bot-offers").Type("checkbox").Checked(!f.noBotOffers).
						OnChange(func(ctx app.Context, e app.Event) { f.noBotOffers = !ctx.JSSrc().Get("checked").Bool() }),
					app.Text(" "+T("new.botoffers")),
				)
			}),
			app.Div().Class("field").Body(
				app.Label().For("seed").Text(T("new.seed")),
				app.Input().ID("seed").Type("text").Attr("inputmode", "numeric").Value(f.seed).
					Placeholder(T("new.seedhint")).
					OnChange(func(ctx app.Context, e app.Event) { f.seed = ctx.JSSrc().Get("value").String() }),
			),
			app.Div().Class("form-actions").Body(
				app.Button().Class("btn").Type("button").ID("new-cancel").Text(T("new.cancel")).
					OnClick(func(ctx app.Context, e app.Event) { r.screen = screenHome }),
				app.Button().Class("btn primary").Type("submit").ID("new-start").Text(T("new.start")),
			),
		),
		app.If(r.notice != "", func() app.UI { return app.P().Class("notice").Text(r.notice) }),
	)
}

func (r *Root) seatRow(i int) app.UI {
	f := &r.form
	is := strconv.Itoa(i)
	kinds := []struct{ v, label string }{{table.Human, "new.human"}, {table.BotRandom, "new.random"}, {table.BotGreedy, "new.greedy"},
		{table.BotEasy, "new.easy"}, {table.BotNormal, "new.normal"}, {table.BotHard, "new.hard"}}
	kopts := make([]app.UI, len(kinds))
	for k, kd := range kinds {
		kopts[k] = app.Option().Value(kd.v).Selected(f.kinds[i] == kd.v).Text(T(kd.label))
	}
	st := gameui.Palette[f.colors[i]%len(gameui.Palette)]
	return app.FieldSet().Class("seat-row").Body(
		app.Legend().Body(gameui.Chip(st), app.Text(" "+T("new.seat", i+1))),
		app.Label().For("name-"+is).Class("visually-hidden").Text(T("new.name")),
		app.Input().ID("name-"+is).Type("text").Value(f.names[i]).MaxLength(20).Aria("label", T("new.name")).
			OnChange(func(ctx app.Context, e app.Event) { f.names[i] = ctx.JSSrc().Get("value").String() }),
		app.Select().ID("kind-"+is).Aria("label", T("new.kind")).Body(kopts...).
			OnChange(func(ctx app.Context, e app.Event) { f.kinds[i] = ctx.JSSrc().Get("value").String() }),
		gameui.ColorSelect("color-"+is, &f.colors, &f.n, i),
	)
}

// config turns the form into a table config.
func (r *Root) config() (table.Config, []int) {
	f := &r.form
	cfg := table.Config{Game: f.entry.ID, Options: map[string]string{}, BotOffersOff: f.noBotOffers}
	for k, v := range f.opts {
		cfg.Options[k] = v
	}
	var cols []int
	for i := 0; i < f.n; i++ {
		name := table.CleanName(f.names[i])
		if name == "" {
			name = T("new.defaultname." + strconv.Itoa(i))
		}
		cfg.Seats = append(cfg.Seats, enginSeat(name, f.kinds[i]))
		cols = append(cols, f.colors[i])
	}
	if s, err := strconv.ParseUint(strings.TrimSpace(f.seed), 10, 64); err == nil {
		cfg.Seed = s
	} else {
		cfg.Seed = uint64(r.Now().UnixNano()) % 1000000007
	}
	return cfg, cols
}

func (r *Root) createGame(ctx app.Context) {
	cfg, cols := r.config()
	t, err := table.New(cfg, r.Now)
	if err != nil {
		r.notice = gameui.ErrorText(err)
		return
	}
	cs := make([]string, len(cols))
	for i, c := range cols {
		cs[i] = strconv.Itoa(c)
	}
	t.Meta["styles"] = strings.Join(cs, ",")
	t.Meta["seed"] = strconv.FormatUint(cfg.Seed, 10)
	r.seat(ctx, t)
	r.persist()
}
