package netplay

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/p2pnet"
	"tabula/app/table"
	"tabula/engine/p2p"
)

// hostForm is the "play with friends" form.
type hostForm struct {
	game   string
	n      int
	names  [6]string
	kinds  [6]string
	colors [6]int
	opts   map[string]string
	think  string // a thinkChoices value
	// noBotOffers: "bots may offer me trades" unticked (games with
	// offers, table.HasOffering).
	noBotOffers bool
	// turnBased: a turn-based table (players need not be online together).
	turnBased bool
}

// thinkChoices are the think times the form offers ("" is no limit).
var thinkChoices = []struct {
	v string
	d time.Duration
}{{"2m", 2 * time.Minute}, {"5m", p2p.DefaultThink}, {"10m", 10 * time.Minute}, {"30m", 30 * time.Minute}, {"none", p2p.NoLimit}}

// thinkOf is the think time of a form value (the default when unknown).
func thinkOf(v string) time.Duration {
	for _, c := range thinkChoices {
		if c.v == v {
			return c.d
		}
	}
	return p2p.DefaultThink
}

// thinkText says a think time in words (d <= 0: no limit).
func thinkText(d time.Duration) string {
	if d <= 0 {
		return T("net.think.none")
	}
	return T("net.think.min", int(d/time.Minute))
}

// games lists the games that can be played over the network: every
// playable one (the protocol and the table are generic).
func games() []gameui.Entry {
	var out []gameui.Entry
	for _, e := range gameui.All() {
		if e.Playable() {
			out = append(out, e)
		}
	}
	return out
}

func (s *Screen) resetForm(game string) {
	e, ok := gameui.Lookup(game)
	if !ok || !e.Playable() {
		gs := games()
		if len(gs) == 0 {
			return
		}
		e = gs[0]
	}
	f := hostForm{game: e.ID, n: e.Min, opts: map[string]string{}, think: "5m"}
	if f.n < 3 && e.Max >= 3 {
		f.n = 3
	}
	for i := range f.names {
		f.names[i] = T("new.defaultname." + strconv.Itoa(i))
		f.kinds[i] = KindFriend
		f.colors[i] = i
	}
	f.kinds[0] = KindMe
	if f.n >= 3 {
		f.kinds[f.n-1] = table.BotGreedy
	}
	for _, o := range e.Options {
		if len(o.Choices) > 0 {
			f.opts[o.Key] = o.Choices[0].Value
		}
	}
	s.form = f
}

func (s *Screen) renderLobby() app.UI {
	if s.form.game == "" {
		s.resetForm("catan")
		s.settings = s.saved.LoadSettings()
	}
	saved := s.saved.List()
	return app.Main().Class("home net-lobby").ID("net-lobby").Body(
		app.Header().Class("net-head").Body(
			app.Button().Class("btn ghost").ID("net-home").Type("button").Text("⌂ "+T("table.home")).
				OnClick(func(ctx app.Context, e app.Event) { s.goHome(ctx) }),
			app.H1().Text(T("net.title")),
		),
		app.P().Class("muted").Text(T("net.intro")),
		app.If(s.notice != nil, func() app.UI {
			return app.P().Class("error").ID("net-notice").Role("alert").Text(s.notice.text())
		}),
		s.renderHostForm(),
		app.Section().Class("net-card").Aria("labelledby", "net-join-h").Body(
			app.H2().ID("net-join-h").Text(T("net.join.title")),
			app.P().Class("muted small").Text(T("net.join.hint")),
			app.Div().Class("net-row").Body(
				app.Input().Type("text").ID("net-join-link").Class("grow").Aria("label", T("net.join.title")).
					Placeholder(T("net.join.placeholder")).Value(s.joinText).
					OnChange(func(ctx app.Context, e app.Event) { s.joinText = ctx.JSSrc().Get("value").String() }),
				app.Button().Class("btn primary").ID("net-join-go").Type("button").Text(T("net.join.go")).
					OnClick(func(ctx app.Context, e app.Event) {
						if v := app.Window().GetElementByID("net-join-link"); v.Truthy() {
							s.joinText = v.Get("value").String()
						}
						s.join(ctx, s.joinText)
					}),
			),
		),
		app.Section().Class("net-card").Aria("labelledby", "net-saved-h").Body(
			app.H2().ID("net-saved-h").Text(T("net.saved")),
			gameui.SavedList(T("net.saved.none"), s.savedRows(saved)),
		),
		s.renderSettings(),
	)
}

func (s *Screen) renderHostForm() app.UI {
	f := &s.form
	e, _ := gameui.Lookup(f.game)
	gopts := []app.UI{}
	for _, g := range games() {
		gopts = append(gopts, app.Option().Value(g.ID).Selected(g.ID == f.game).Text(T(g.Title)))
	}
	counts := []app.UI{}
	for n := e.Min; n <= e.Max && n <= 4; n++ {
		n := n
		counts = append(counts, app.Label().Class("seg").Body(
			app.Input().Type("radio").Name("net-players").ID("net-players-"+strconv.Itoa(n)).
				Checked(f.n == n).OnChange(func(ctx app.Context, ev app.Event) {
				f.n = n
				meSeen := false
				for i := 0; i < f.n; i++ {
					meSeen = meSeen || f.kinds[i] == KindMe
				}
				if !meSeen {
					f.kinds[0] = KindMe
				}
				// go-app keeps a handler whose code is unchanged: without the
				// count in its scope, the radio that showed 3 for one game
				// would still set 3 once another game relabels it 2.
			}, app.EventScope(n)),
			app.Span().Text(strconv.Itoa(n)),
		))
	}
	seats := make([]app.UI, f.n)
	for i := 0; i < f.n; i++ {
		seats[i] = s.seatRow(i)
	}
	opts := make([]app.UI, 0, len(e.Options))
	for _, o := range e.Options {
		o := o
		opts = append(opts, gameui.OptionField("net-opt-"+o.Key, o, f.opts[o.Key], func(v string) { f.opts[o.Key] = v }))
	}
	return app.Section().Class("net-card newgame").Aria("labelledby", "net-host-h").Body(
		app.H2().ID("net-host-h").Text(T("net.host.title")),
		app.Form().ID("net-form").OnSubmit(func(ctx app.Context, ev app.Event) {
			ev.PreventDefault()
			s.create(ctx)
		}).Body(
			app.Div().Class("field").Body(
				app.Label().For("net-game").Text(T("net.host.game")),
				app.Select().ID("net-game").Body(gopts...).OnChange(func(ctx app.Context, ev app.Event) {
					s.resetForm(ctx.JSSrc().Get("value").String())
				}),
			),
			app.FieldSet().Class("counts").Body(
				append([]app.UI{app.Legend().Text(T("new.players"))}, counts...)...,
			),
			app.Div().Class("seats").Body(seats...),
			app.Div().Class("options").Body(opts...),
			app.If(!f.turnBased, func() app.UI { return s.thinkField() }),
			app.Label().Class("field check").For("net-turn-based").Body(
				app.Input().ID("net-turn-based").Type("checkbox").Checked(f.turnBased).Aria("describedby", "net-turn-hint").
					OnChange(func(ctx app.Context, e app.Event) { f.turnBased = ctx.JSSrc().Get("checked").Bool() }),
				app.Text(" "+T("net.turn.option")),
			),
			app.P().Class("muted small").ID("net-turn-hint").Text(T("net.turn.hint")),
			app.If(table.HasOffering(f.game), func() app.UI {
				return app.Label().Class("field check").For("net-bot-offers").Body(
					app.Input().ID("net-bot-offers").Type("checkbox").Checked(!f.noBotOffers).
						OnChange(func(ctx app.Context, e app.Event) { f.noBotOffers = !ctx.JSSrc().Get("checked").Bool() }),
					app.Text(" "+T("new.botoffers")),
				)
			}),
			app.Div().Class("form-actions").Body(
				app.Button().Class("btn primary").Type("submit").ID("net-create").Text(T("net.host.create")),
			),
		),
	)
}

func (s *Screen) seatRow(i int) app.UI {
	f := &s.form
	is := strconv.Itoa(i)
	kinds := []struct{ v, label string }{{KindMe, "net.kind.me"}, {KindFriend, "net.kind.friend"},
		{table.BotGreedy, "net.kind.greedy"}, {table.BotEasy, "net.kind.easy"}, {table.BotNormal, "net.kind.normal"}, {table.BotHard, "net.kind.hard"}}
	kopts := make([]app.UI, len(kinds))
	for k, kd := range kinds {
		kopts[k] = app.Option().Value(kd.v).Selected(f.kinds[i] == kd.v).Text(T(kd.label))
	}
	st := gameui.Palette[f.colors[i]%len(gameui.Palette)]
	return app.FieldSet().Class("seat-row").Body(
		app.Legend().Body(gameui.Chip(st), app.Text(" "+T("new.seat", i+1))),
		app.Input().ID("net-name-"+is).Type("text").Value(f.names[i]).MaxLength(20).Aria("label", T("new.name")).
			OnChange(func(ctx app.Context, e app.Event) { f.names[i] = ctx.JSSrc().Get("value").String() }),
		app.Select().ID("net-kind-"+is).Aria("label", T("new.kind")).Body(kopts...).
			OnChange(func(ctx app.Context, e app.Event) {
				k := ctx.JSSrc().Get("value").String()
				if k == KindMe {
					// One seat is yours: the one you pick now.
					for j := range f.kinds {
						if f.kinds[j] == KindMe {
							f.kinds[j] = KindFriend
						}
					}
				}
				f.kinds[i] = k
			}),
		gameui.ColorSelect("net-color-"+is, &f.colors, &f.n, i),
	)
}

// thinkField is the think-time choice of the form.
func (s *Screen) thinkField() app.UI {
	f := &s.form
	opts := make([]app.UI, len(thinkChoices))
	for i, c := range thinkChoices {
		opts[i] = app.Option().Value(c.v).Selected(f.think == c.v).Text(thinkText(c.d))
	}
	return app.Div().Class("field").Body(
		app.Label().For("net-think").Text(T("net.host.think")),
		app.Select().ID("net-think").Aria("describedby", "net-think-hint").Body(opts...).
			OnChange(func(ctx app.Context, e app.Event) { f.think = ctx.JSSrc().Get("value").String() }),
		app.P().Class("muted small").ID("net-think-hint").Text(T("net.host.think.hint")),
	)
}

// create hosts the game described by the form.
func (s *Screen) create(ctx app.Context) {
	f := &s.form
	spec := HostSpec{Game: f.game, Options: map[string]string{}, Think: thinkOf(f.think), BotOffersOff: f.noBotOffers,
		TurnBased: f.turnBased}
	for k, v := range f.opts {
		spec.Options[k] = v
	}
	for i := 0; i < f.n; i++ {
		name := table.CleanName(f.names[i])
		if name == "" {
			name = T("new.defaultname." + strconv.Itoa(i))
		}
		spec.Names = append(spec.Names, name)
		spec.Kinds = append(spec.Kinds, f.kinds[i])
		spec.Colors = append(spec.Colors, f.colors[i])
	}
	mark("create")
	se, err := Host(s.env(), spec)
	if err != nil {
		s.notice = say("net.host.bad", explained(err))
		return
	}
	s.notice = nil
	s.seat(se)
	for i, k := range spec.Kinds {
		if k == KindFriend {
			s.makeInvite(ctx, i)
		}
	}
}

// makeInvite makes (or remakes) the invite link of a friend's seat.
func (s *Screen) makeInvite(ctx app.Context, seat int) {
	se := s.sess
	inv := &invite{making: true}
	s.invites[seat] = inv
	ctx.Async(func() {
		link, err := se.Invite(origin(), seat)
		s.ctx.Dispatch(func(ctx app.Context) {
			inv.making = false
			if err != nil {
				inv.err = say("net.invite.fail", explained(err))
				return
			}
			inv.link = link
			inv.qr, err = QRSVG(link, 208)
			if err != nil {
				inv.qr = ""
			}
			mark("invite-" + strconv.Itoa(seat))
		})
	})
}

func (s *Screen) savedRows(saved []*Meta) []app.UI {
	rows := make([]app.UI, len(saved))
	for i, m := range saved {
		rows[i] = s.savedRow(m)
	}
	return rows
}

func (s *Screen) savedRow(m *Meta) app.UI {
	title := m.Game
	if e, ok := gameui.Lookup(m.Game); ok {
		title = T(e.Title)
	}
	var date string
	if t, err := time.Parse(time.RFC3339, m.Updated); err == nil {
		date = t.Local().Format("2006-01-02 15:04")
	}
	status := T("net.saved.waiting")
	switch {
	case m.Over:
		status = T("net.saved.over", m.Entries)
	case m.Started:
		status = T("net.saved.playing", m.Entries)
	}
	if m.TurnBased {
		status = T("net.saved.turn") + " · " + status
	}
	if m.Archived {
		status += " · " + T("net.saved.archived")
	}
	you := ""
	if m.Seat >= 0 && m.Seat < len(m.Names) {
		you = m.Names[m.Seat]
	}
	return app.Li().Class("saved-row net-saved-row").DataSet("id", m.ID).Body(
		app.Div().Class("saved-info").Body(
			app.Strong().Text(title),
			app.Span().Class("muted small").Text(" "+date),
			app.Div().Class("small").Text(T("home.players", strings.Join(m.Names, ", "))),
			app.Div().Class("small").Text(T("net.saved.you", you)+" · "+status),
		),
		app.Div().Class("saved-actions").Body(
			app.Button().Class("btn primary").Type("button").Text(T("home.open")).
				OnClick(func(ctx app.Context, e app.Event) { s.notice = nil; s.open(ctx, m.ID) }, app.EventScope(m.ID)),
			app.Button().Class("btn").Type("button").Text(T("home.delete")).
				OnClick(func(ctx app.Context, e app.Event) {
					if app.IsClient && !app.Window().Call("confirm", T("net.saved.deleteask")).Bool() {
						return
					}
					s.saved.Delete(m.ID)
				}, app.EventScope(m.ID)),
		),
	)
}

func (s *Screen) renderSettings() app.UI {
	st := &s.settings
	field := func(id, label, value, hint string, set func(string)) app.UI {
		return app.Div().Class("field").Body(
			app.Label().For(id).Text(label),
			app.Input().Type("text").ID(id).Value(value).Placeholder(hint).Attr("autocomplete", "off").
				OnChange(func(ctx app.Context, e app.Event) { set(strings.TrimSpace(ctx.JSSrc().Get("value").String())) }),
		)
	}
	return app.Section().Class("net-card").Aria("labelledby", "net-settings-h").Body(
		app.H2().ID("net-settings-h").Text(T("net.settings")),
		app.P().Class("muted small").Text(T("net.settings.hint")),
		field("net-stun", T("net.settings.stun"), st.STUN, DefaultSTUN, func(v string) { st.STUN = v }),
		field("net-turn", T("net.settings.turn"), st.TURN, "turn:turn.example.org:3478", func(v string) { st.TURN = v }),
		field("net-turn-user", T("net.settings.turnuser"), st.TURNUser, "", func(v string) { st.TURNUser = v }),
		field("net-turn-pass", T("net.settings.turnpass"), st.TURNPass, "", func(v string) { st.TURNPass = v }),
		app.Div().Class("field").Body(
			app.Label().For("net-brokers").Text(T("net.settings.brokers")),
			app.Textarea().ID("net-brokers").Rows(3).Attr("autocomplete", "off").Attr("spellcheck", "false").
				Aria("describedby", "net-brokers-hint").Text(strings.Join(st.Brokers, "\n")).
				OnChange(func(ctx app.Context, e app.Event) { st.Brokers = splitBrokers(ctx.JSSrc().Get("value").String()) }),
			app.P().Class("muted small").ID("net-brokers-hint").Text(T("net.settings.brokers.hint")),
		),
		app.Div().Class("form-actions").Body(
			app.Button().Class("btn").Type("button").ID("net-settings-save").Text(T("net.settings.save")).
				OnClick(func(ctx app.Context, e app.Event) {
					if bad := checkSettings(*st); bad != nil {
						s.notice = bad
						return
					}
					_ = s.saved.SaveSettings(*st)
					s.notice = nil
					s.copied = "net-settings-save"
				}),
			app.If(s.copied == "net-settings-save", func() app.UI {
				return app.Span().Class("muted small").ID("net-settings-saved").Aria("live", "polite").Text(T("net.settings.saved"))
			}),
		),
		app.P().Class("muted small").Text(T("net.build", Build())),
	)
}

// checkSettings is what is wrong with st, nil when nothing.
func checkSettings(st Settings) words {
	if st.STUN != "" && !strings.HasPrefix(st.STUN, "stun:") && !strings.HasPrefix(st.STUN, "stuns:") {
		return say("net.settings.badstun")
	}
	if st.TURN != "" && !strings.HasPrefix(st.TURN, "turn:") && !strings.HasPrefix(st.TURN, "turns:") {
		return say("net.settings.badturn")
	}
	for _, b := range st.Brokers {
		if u, err := url.Parse(b); err != nil || u.Scheme != "wss" && u.Scheme != "ws" || u.Host == "" {
			return say("net.settings.badbroker", clipText(b, 60))
		}
	}
	return nil
}

// splitBrokers reads the relay field: addresses one per line (or
// separated by spaces or commas).
func splitBrokers(v string) []string {
	return strings.Fields(strings.ReplaceAll(v, ",", " "))
}

// join answers an invite link as a guest.
func (s *Screen) join(ctx app.Context, link string) {
	link = strings.TrimSpace(link)
	if IsWatchLink(link) {
		s.openWatch(link)
		return
	}
	s.notice = nil
	seating, code := SplitLink(link)
	iv, err := p2pnet.ParseInvite(code)
	if err != nil {
		s.joinFail(say("net.join.bad"))
		return
	}
	if time.Now().After(iv.Expires) {
		s.joinFail(say("net.join.expired", iv.Expires.Local().Format("2006-01-02 15:04"), hostName(seating, iv.From)))
		return
	}
	// A link of a game this device already plays: an invite back to its
	// seat, or a returning player's reconnect link. Answered from that
	// game (a second key for the same seat would be refused by the others).
	id := hexID(iv.Game[:])
	if m, err := s.saved.Meta(id); err == nil && m.Started && (m.Seat == iv.To || iv.To == p2pnet.AnySeat && iv.From != m.Seat) {
		s.notice = nil
		s.rejoin(ctx, id, link, iv)
		return
	}
	if iv.To == p2pnet.AnySeat {
		s.joinFail(say("net.join.resumecode"))
		return
	}
	s.leave()
	s.view = viewJoin
	s.joining = true
	s.replyErr = nil
	mark("join")
	env := s.env()
	ctx.Async(func() {
		se, reply, err := Join(env, link)
		s.ctx.Dispatch(func(ctx app.Context) {
			s.joining = false
			if err != nil {
				s.joinFail(later(joinError, err))
				return
			}
			s.seat(se)
			s.reply = reply
			mark("reply")
		})
	})
}

func (s *Screen) joinFail(msg words) {
	s.leave()
	s.view = viewJoin
	s.replyErr = msg
}

func joinError(err error) string {
	var exp *ExpiredError
	var se *SeatingError
	switch {
	case errors.As(err, &se):
		return T(se.ID, se.Args...)
	case errors.As(err, &exp):
		return T("net.join.expired", exp.At.Local().Format("2006-01-02 15:04"), "")
	case errors.Is(err, ErrResumeCode):
		return T("net.join.resumecode")
	case errors.Is(err, p2pnet.ErrBadCode):
		return T("net.join.bad")
	}
	return T("net.join.fail", explain(err))
}

func hostName(st Seating, seat int) string {
	if seat >= 0 && seat < len(st.Names) && st.Names[seat] != "" {
		return st.Names[seat]
	}
	return T("net.seatn", seat+1)
}

func (s *Screen) renderJoinError() app.UI {
	return app.Main().Class("home net-lobby").ID("net-join").Body(
		app.H1().Text(T("net.join.title")),
		app.If(s.joining, func() app.UI {
			return app.P().Class("notice").ID("net-joining").Aria("live", "polite").Text(T("net.join.working"))
		}),
		app.If(s.replyErr != nil, func() app.UI {
			return app.P().Class("error").ID("join-error").Role("alert").Text(s.replyErr.text())
		}),
		app.Div().Class("form-actions").Body(
			app.Button().Class("btn primary").ID("net-back").Type("button").Text(T("net.back")).
				OnClick(func(ctx app.Context, e app.Event) { s.view = viewLobby; s.replyErr = nil }),
			app.Button().Class("btn").Type("button").Text("⌂ "+T("table.home")).
				OnClick(func(ctx app.Context, e app.Event) { s.goHome(ctx) }),
		),
	)
}
