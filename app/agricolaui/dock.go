package agricolaui

import (
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
)

// Dock is the viewer's prompt and everything they can do that is not a
// click on the board: the decision's own controls (fences, animals,
// feeding, breeding, choices, renovating, baking, done), cooking and other
// conversions, the chooser of a target with several actions, and the
// viewer's cards.
func (r *Renderer) Dock(env *gameui.Env) app.UI {
	d := r.prepare(env)
	if d == nil {
		return app.Div()
	}
	body := []app.UI{app.P().Class("prompt").ID("prompt").Aria("live", "polite").Text(r.prompt(d))}
	if d.mine {
		switch {
		case d.dec == nil:
			body = append(body, app.P().Class("small muted").ID("hint").Text(T("agricola.hint.place")))
		case d.dec.Kind == agricola.FrameMenu:
			body = append(body, r.menuPanel(env, d)...)
		case d.dec.Kind == agricola.FrameChoose:
			body = append(body, r.choosePanel(env, d))
		case d.dec.Kind == agricola.FrameAnimals:
			body = append(body, r.arrangePanel(env, d))
		case d.dec.Kind == agricola.FrameFeed:
			body = append(body, r.feedPanel(env, d))
		case d.dec.Kind == agricola.FrameBreed:
			body = append(body, r.keyButtons(env, d, "breed-", "agricola.breed.title", T("agricola.breed.hint")))
		case d.dec.Kind == agricola.FrameCard:
			body = append(body, r.keyButtons(env, d, "cardact-", "agricola.cardact.title", cardName(d.dec.Via)))
		case d.dec.Kind == agricola.FramePick:
			body = append(body, r.keyButtons(env, d, "draft-", "agricola.draft.title", ""))
		}
		if d.dec == nil || d.dec.Kind != agricola.FrameCard { // cards' any-time actions, placing included
			if ui := r.keyButtons(env, d, "cardact-", "agricola.cardact.title", ""); ui != nil {
				body = append(body, ui)
			}
		}
		if ui := r.convertRow(env, d); ui != nil {
			body = append(body, ui)
		}
	}
	if r.pick != "" {
		body = append(body, r.chooser(env, d))
	}
	if d.viewer >= 0 && !env.Replay && !d.v.Over {
		if r.arranging && !d.animals {
			body = append(body, r.arrangePanel(env, d))
		} else if !d.animals && d.v.Farms[d.viewer].Animals.Total() > 0 {
			body = append(body, app.Div().Class("actions").Body(
				app.Button().Class("btn ghost").Type("button").ID("arr-open").Text(T("agricola.arr.open")).
					OnClick(r.on(func(ctx app.Context, e app.Event) { r.arranging = true }, "arr-open"))))
		}
		if ui := r.handArea(env, d); ui != nil {
			body = append(body, ui)
		}
	}
	return app.Div().Class("ag-dock").ID("dock").Body(body...)
}

// prompt is what the viewer is asked, or whom the table waits for.
func (r *Renderer) prompt(d *render) string {
	v := d.v
	env := d.env
	if v.Over {
		if len(v.Winners) == 0 {
			return T("agricola.prompt.overplain")
		}
		var names []string
		for _, w := range v.Winners {
			names = append(names, seatName(env, int(w)))
		}
		return T("agricola.prompt.over", strings.Join(names, ", "), v.Farms[v.Winners[0]].Score.Total)
	}
	dec := v.Decision
	if int(v.Decider) < 0 {
		return T("agricola.prompt.chance")
	}
	if !d.mine {
		return T("agricola.prompt.wait", seatName(env, int(v.Decider)), whatText(dec))
	}
	fv := &v.Farms[d.viewer]
	if dec == nil {
		return i18n.N("agricola.prompt.place", fv.Available)
	}
	switch dec.Kind {
	case agricola.FrameMenu:
		return T("agricola.prompt.menu", viaName(dec.Via), opsButtons(dec.Ops, v.Family))
	case agricola.FrameChoose:
		return T("agricola.prompt.choose", viaName(dec.Via))
	case agricola.FrameAnimals:
		room := 0
		for _, h := range fv.Holders {
			room += h.Cap
		}
		return T("agricola.prompt.animals", herdText(fv.Animals), i18n.N("agricola.room", room))
	case agricola.FrameFeed:
		return T("agricola.prompt.feed", fv.FoodNeeded, fv.Goods[agricola.Food])
	case agricola.FrameBreed:
		return T("agricola.prompt.breed")
	case agricola.FrameCard:
		return T("agricola.prompt.card", cardName(dec.Via))
	}
	return ""
}

// whatText is what a seat is deciding, for the waiting prompt.
func whatText(dec *agricola.DecisionView) string {
	if dec == nil {
		return T("agricola.what.place")
	}
	switch dec.Kind {
	case agricola.FrameFeed:
		return T("agricola.what.feed")
	case agricola.FrameBreed:
		return T("agricola.what.breed")
	case agricola.FrameAnimals:
		return T("agricola.what.animals")
	}
	return viaName(dec.Via)
}

// opsButtons lists the ops of a menu as actions ("Build a room / Build a
// stable").
func opsButtons(ops agricola.Op, family bool) string {
	var parts []string
	for op := agricola.Op(1); op <= agricola.OpOccupation; op <<= 1 {
		if ops&op != 0 && !(family && (op == agricola.OpMinor || op == agricola.OpOccupation)) {
			parts = append(parts, T("agricola.opbtn."+op.String()))
		}
	}
	return strings.Join(parts, " / ")
}

// menuPanel is a menu's controls: a hint for what is clicked on the farm
// or the improvements, buttons for renovating and baking, the fence
// panel, a disabled button with the reason for each op offered that
// cannot be done, and "done".
func (r *Renderer) menuPanel(env *gameui.Env, d *render) []app.UI {
	var out []app.UI
	var btns []app.UI
	var hints []string
	has := map[agricola.Op]bool{}
	for _, a := range d.legal {
		has[opOf[a.Name]] = true
	}
	for op := agricola.Op(1); op <= agricola.OpOccupation; op <<= 1 {
		if d.dec.Ops&op == 0 || d.v.Family && (op == agricola.OpMinor || op == agricola.OpOccupation) {
			continue
		}
		if op == agricola.OpFences {
			out = append(out, r.fencePanel(env, d))
			continue
		}
		if !has[op] {
			btns = append(btns, gameui.Button(T("agricola.opbtn."+op.String()), r.opReason(d, op), false, nil).ID("op-"+op.String()))
			continue
		}
		switch op {
		case agricola.OpRoom, agricola.OpStable, agricola.OpPlow, agricola.OpSow:
			hints = append(hints, T("agricola.hint."+op.String()))
			for _, k := range sortedKeys(d.targets) {
				if strings.HasPrefix(k, "cardfield-") {
					btns = append(btns, r.keyButton(env, d, k, false))
				}
			}
		case agricola.OpMajor:
			hints = append(hints, T("agricola.hint.major"))
			for _, k := range sortedKeys(d.targets) {
				if strings.HasPrefix(k, "major-") {
					btns = append(btns, r.keyButton(env, d, k, false))
				}
			}
		case agricola.OpMinor, agricola.OpOccupation:
			hints = append(hints, T("agricola.hint.card"))
		default: // renovate, bake
			for _, k := range sortedKeys(d.targets) {
				if k == "renovate" && op == agricola.OpRenovate || strings.HasPrefix(k, "bake-") && op == agricola.OpBake {
					btns = append(btns, r.keyButton(env, d, k, false))
				}
			}
		}
	}
	if _, ok := d.targets["done"]; ok {
		label := T("agricola.act.done")
		if d.dec.Done == 0 {
			label = T("agricola.act.skip")
		}
		btns = append(btns, app.Div().Class("spacer"), app.Button().Class("btn primary").Type("button").ID("act-done").Text(label).
			OnClick(r.on(func(ctx app.Context, e app.Event) { r.choose(ctx, "done") }, "done")))
	} else {
		btns = append(btns, app.Div().Class("spacer"), gameui.Button(T("agricola.act.done"), T("agricola.why.needop"), false, nil).ID("act-done"))
	}
	if len(hints) > 0 {
		out = append([]app.UI{app.P().Class("small muted").ID("hint").Text(strings.Join(hints, " "))}, out...)
	}
	return append(out, app.Div().Class("actions").ID("actions").Body(btns...))
}

// opOf is the op each menu action carries out.
var opOf = map[string]agricola.Op{
	agricola.ActRoom: agricola.OpRoom, agricola.ActStable: agricola.OpStable, agricola.ActRenovate: agricola.OpRenovate,
	agricola.ActPlow: agricola.OpPlow, agricola.ActSow: agricola.OpSow, agricola.ActBake: agricola.OpBake,
	agricola.ActFences: agricola.OpFences, agricola.ActMajor: agricola.OpMajor, agricola.ActMinor: agricola.OpMinor,
	agricola.ActOccupation: agricola.OpOccupation,
}

// opReason says why an op the menu offers cannot be done now.
func (r *Renderer) opReason(d *render, op agricola.Op) string {
	if d.s == nil {
		return T("agricola.why.notnow")
	}
	seat := engine.Seat(d.viewer)
	fv := &d.v.Farms[d.viewer]
	short := func(what agricola.Op) string {
		for _, p := range d.s.Cost(seat, agricola.Purchase{What: what, Via: d.dec.Via, N: 1}) {
			if m := missing(fv.Goods, p.Goods); m != "" {
				return m
			}
		}
		return ""
	}
	switch op {
	case agricola.OpRoom:
		if d.s.Targets(seat, op) == 0 {
			return T("agricola.why.room")
		}
		if m := short(op); m != "" {
			return m
		}
	case agricola.OpStable:
		if fv.StablesLeft == 0 {
			return T("agricola.why.stable.none")
		}
		if d.s.Targets(seat, op) == 0 {
			return T("agricola.why.stable")
		}
		if m := short(op); m != "" {
			return m
		}
	case agricola.OpPlow:
		return T("agricola.why.plow")
	case agricola.OpSow:
		if fv.Goods[agricola.Grain] == 0 && fv.Goods[agricola.Vegetable] == 0 {
			return T("agricola.why.sow.seed")
		}
		return T("agricola.why.sow.field")
	case agricola.OpRenovate:
		if fv.House == agricola.Stone {
			return T("agricola.why.renovate")
		}
		if m := short(op); m != "" {
			return m
		}
	case agricola.OpBake:
		if fv.Goods[agricola.Grain] == 0 {
			return T("agricola.why.bake.grain")
		}
		return T("agricola.why.bake.oven")
	case agricola.OpFences:
		if fv.FencesLeft == 0 {
			return T("agricola.why.fences.none")
		}
		if m := short(op); m != "" {
			return m
		}
	case agricola.OpMajor:
		return T("agricola.why.major")
	case agricola.OpMinor, agricola.OpOccupation:
		return T("agricola.why.card")
	}
	return T("agricola.why.notnow")
}

// keyButton is a button for target key: its action's words (several
// actions open the chooser).
func (r *Renderer) keyButton(env *gameui.Env, d *render, key string, primary bool) app.UI {
	cls := "btn"
	if primary {
		cls += " primary"
	}
	return app.Button().Class(cls).Type("button").ID("act-" + key).Text(d.keyLabel(key)).
		OnClick(r.on(func(ctx app.Context, e app.Event) { r.choose(ctx, key) }, key))
}

// keyButtons is a titled row of buttons for the targets whose keys start
// with prefix (nil when none).
func (r *Renderer) keyButtons(env *gameui.Env, d *render, prefix, title, hint string) app.UI {
	var btns []app.UI
	for _, k := range sortedKeys(d.targets) {
		if strings.HasPrefix(k, prefix) {
			btns = append(btns, r.keyButton(env, d, k, len(btns) == 0))
		}
	}
	if len(btns) == 0 {
		return nil
	}
	body := []app.UI{app.H3().Text(T(title))}
	if hint != "" {
		body = append(body, app.P().Class("small muted").Text(hint))
	}
	return app.Section().Class("panel").ID("panel-" + strings.TrimSuffix(prefix, "-")).Body(append(body, app.Div().Class("choices").Body(btns...))...)
}

// choosePanel offers the options of a choice; those the viewer cannot
// pay for stay visible, disabled with the reason.
func (r *Renderer) choosePanel(env *gameui.Env, d *render) app.UI {
	var btns []app.UI
	for i, g := range d.dec.Choices {
		key := "choose-" + strconv.Itoa(i)
		text := choiceText(g)
		if _, ok := d.targets[key]; ok {
			btns = append(btns, app.Button().Class("btn").Type("button").ID("act-"+key).Text(text).
				OnClick(r.on(func(ctx app.Context, e app.Event) { r.choose(ctx, key) }, key)))
			continue
		}
		btns = append(btns, gameui.Button(text, T("agricola.why.pay"), false, nil).ID("act-"+key))
	}
	return app.Section().Class("panel").ID("panel-choose").Body(
		app.H3().Text(viaName(d.dec.Via)),
		app.Div().Class("choices").Body(btns...),
	)
}

// choiceText is one option of a choice: goods taken, goods paid, or
// nothing (declining).
func choiceText(g agricola.Goods) string {
	var take, pay agricola.Goods
	for i, n := range g {
		if n > 0 {
			take[i] = n
		} else if n < 0 {
			pay[i] = -n
		}
	}
	switch {
	case take.IsZero() && pay.IsZero():
		return T("agricola.choice.none")
	case pay.IsZero():
		return T("agricola.act.choose", goodsText(take))
	case take.IsZero():
		return T("agricola.choice.pay", goodsText(pay))
	}
	return T("agricola.choice.trade", goodsText(pay), goodsText(take))
}

// feedPanel is the feeding decision: the food needed and held, the
// begging cards that would be taken, and "feed".
func (r *Renderer) feedPanel(env *gameui.Env, d *render) app.UI {
	fv := &d.v.Farms[d.viewer]
	need, have := fv.FoodNeeded, fv.Goods[agricola.Food]
	label := T("agricola.feed.go", need)
	cls := "btn primary"
	if have < need {
		label = T("agricola.feed.gobeg", min(have, need), i18n.N("agricola.begging", need-have))
		cls = "btn danger"
	}
	return app.Section().Class("panel ag-feed").ID("panel-feed").Body(
		app.H3().Text(T("agricola.feed.title")),
		app.P().Text(T("agricola.feed.text", need, have)),
		app.P().Class("small muted").Text(T("agricola.feed.hint")),
		app.Div().Class("actions").Body(app.Button().Class(cls).Type("button").ID("act-feed").Text(label).
			OnClick(r.on(func(ctx app.Context, e app.Event) { r.choose(ctx, "feed") }, "feed"))),
	)
}

// convertRow offers the conversions usable now (cooking, eating crops,
// craft buildings), each once per click.
func (r *Renderer) convertRow(env *gameui.Env, d *render) app.UI {
	var btns []app.UI
	for _, k := range sortedKeys(d.targets) {
		if strings.HasPrefix(k, "convert-") {
			btns = append(btns, r.keyButton(env, d, k, false))
		}
	}
	if len(btns) == 0 {
		return nil
	}
	return app.Details().Class("ag-convert").ID("convert").Open(d.dec != nil && (d.dec.Kind == agricola.FrameFeed || d.dec.Kind == agricola.FrameAnimals)).Body(
		app.Summary().Text(T("agricola.convert.title", len(btns))),
		app.Div().Class("choices").Body(btns...),
	)
}

// chooser lists the actions one target stands for.
func (r *Renderer) chooser(env *gameui.Env, d *render) app.UI {
	idx := append([]int(nil), d.targets[r.pick]...)
	sort.Ints(idx)
	btns := make([]app.UI, 0, len(idx)+1)
	for n, i := range idx {
		i := i
		btns = append(btns, app.Button().Class("btn").Type("button").ID("choice-"+strconv.Itoa(n)).Text(d.label(i)).
			OnClick(r.on(func(ctx app.Context, e app.Event) { r.apply(ctx, i) }, r.pick, i)))
	}
	btns = append(btns, app.Button().Class("btn ghost").Type("button").ID("choice-cancel").Text(T("agricola.cancel")).
		OnClick(r.on(func(ctx app.Context, e app.Event) { r.pick = "" }, "cancel")))
	return app.Section().Class("panel").ID("chooser").Body(
		app.H3().Text(T("agricola.choose")),
		app.Div().Class("choices").Body(btns...),
	)
}

// handArea shows the viewer's cards in play and in hand, each with its
// full text behind its “i” button; the cards that may be played now are
// lit, the others say why not.
func (r *Renderer) handArea(env *gameui.Env, d *render) app.UI {
	fv := &d.v.Farms[d.viewer]
	if len(fv.Cards) == 0 && len(fv.Hand) == 0 {
		return nil
	}
	var played, hand []app.UI
	for _, id := range fv.Cards {
		played = append(played, r.cardTile(id, "", nil))
	}
	for _, id := range fv.Hand {
		key := "play-" + id
		if _, ok := d.targets[key]; ok {
			played := app.Button().Class("btn primary").Type("button").ID("act-"+key).Text(T("agricola.play")).
				Aria("label", d.keyLabel(key)).OnClick(r.on(func(ctx app.Context, e app.Event) { r.choose(ctx, key) }, key))
			hand = append(hand, r.cardTile(id, "can", played))
			continue
		}
		reason := r.cardReason(d, id)
		hand = append(hand, r.cardTile(id, "", app.Span().Class("ag-why small").Text(reason)))
	}
	body := []app.UI{}
	if len(hand) > 0 {
		body = append(body, app.H3().Class("small-h").Text(T("agricola.hand", len(hand))), app.Ul().Class("ag-hand").ID("hand").Body(hand...))
	}
	if len(played) > 0 {
		body = append(body, app.H3().Class("small-h").Text(T("agricola.played", len(played))), app.Ul().Class("ag-hand ag-played").ID("played").Body(played...))
	}
	return app.Section().Class("ag-cards").ID("cards").Aria("label", T("agricola.cards")).Body(body...)
}

// cardTile is one card: name, kind, cost, points, its “i” button and,
// when open, its text; extra is its action or the reason it cannot be
// played.
func (r *Renderer) cardTile(id, class string, extra app.UI) app.UI {
	c := agricola.CardByID(id)
	kind, vp := "", ""
	cost := goodsHTML(agricola.Goods{}, 14)
	if c != nil {
		kind = kindName(c.Kind)
		if c.VP != 0 {
			vp = i18n.N("agricola.card.vp", c.VP)
		}
		cost = goodsHTML(c.Cost, 14)
	}
	if extra == nil {
		extra = app.Text("")
	}
	info, text := r.cardInfo(id)
	return app.Li().Class("ag-card "+class).DataSet("card", id).Body(
		app.Div().Class("ag-card-top").Body(app.Strong().Text(cardName(id)), app.Span().Class("ag-vp").Text(vp), info),
		app.Div().Class("ag-card-cost small").Body(app.Span().Class("muted").Text(kind), app.Raw(cost)),
		text,
		extra,
	)
}

// cardInfo is card id's “i” button, which opens and closes the card's text
// on the card (a click, a tap, Enter or Space alike), and that text when
// open.
func (r *Renderer) cardInfo(id string) (app.UI, app.UI) {
	open := r.info == id
	btn := app.Button().Class("btn ag-info").Type("button").ID("info-"+id).Text("i").
		Aria("label", T("agricola.info", cardName(id))).Aria("expanded", strconv.FormatBool(open)).Aria("controls", "text-"+id).
		OnClick(r.on(func(ctx app.Context, e app.Event) {
			if r.info == id {
				r.info = ""
			} else {
				r.info = id
			}
		}, "info", id))
	if !open {
		return btn, app.Text("")
	}
	return btn, app.P().Class("ag-effect small").ID("text-" + id).Text(cardText(id))
}

// cardReason says why a card in hand cannot be played now.
func (r *Renderer) cardReason(d *render, id string) string {
	c := agricola.CardByID(id)
	if c == nil {
		return ""
	}
	op := agricola.OpMinor
	if c.Kind == agricola.OccupationCard {
		op = agricola.OpOccupation
	}
	if !d.mine || d.dec == nil || d.dec.Kind != agricola.FrameMenu || d.dec.Ops&op == 0 {
		return T("agricola.why.card.when." + c.Kind.String())
	}
	seat := engine.Seat(d.viewer)
	if c.MinPlayers > d.v.Players {
		return T("agricola.card.players", c.MinPlayers)
	}
	if d.s != nil && c.Prereq != nil && c.Prereq(d.s, seat) != nil {
		if c.Requires.Kind != "" && i18n.Has("agricola.req."+c.Requires.Kind) {
			return reqText(c)
		}
		return T("agricola.why.card.prereq")
	}
	if d.s != nil {
		for _, p := range d.s.Cost(seat, agricola.Purchase{What: op, Via: d.dec.Via, Card: id}) {
			if m := missing(d.v.Farms[d.viewer].Goods, p.Goods); m != "" {
				return m
			}
		}
	}
	return T("agricola.why.notnow")
}
