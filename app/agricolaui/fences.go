package agricolaui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// A fence-building decision: the player clicks any fence edges on the
// farm; the engine's PreviewFences says live which pastures they make,
// their capacity, the price and, when Apply would refuse them, why. The
// engine's canonical fence sets (Legal) are quick choices that fill the
// edges in.

// fenceReason words the engine's refusal of a fence set.
func fenceReason(s *agricola.State, seat engine.Seat, p *agricola.FencePreview) string {
	switch p.Reason {
	case farmyard.NotPasture:
		return T("agricola.fence.notpasture", edgeLabel(p.Edge))
	case farmyard.Inside:
		return T("agricola.fence.inside", edgeLabel(p.Edge))
	case farmyard.Apart:
		return T("agricola.fence.apart")
	case farmyard.TooMany:
		return T("agricola.fence.toomany", farmyard.MaxFences)
	case farmyard.NoFence:
		return T("agricola.fence.none")
	case "price":
		if len(p.Prices) > 0 && s != nil {
			if m := missing(s.Seats[seat].Goods, p.Prices[0].Goods); m != "" {
				return T("agricola.fence.price", m)
			}
		}
		return T("agricola.fence.cannotpay")
	}
	return T("agricola.fence.bad")
}

// pastureSummary is "2 pastures, room for 6 animals".
func pastureSummary(ps []agricola.PastureView) string {
	room := 0
	for _, p := range ps {
		room += p.Capacity
	}
	return i18n.N("agricola.pastures", len(ps)) + ", " + i18n.N("agricola.room", room)
}

// newPastures are the cells of the pastures a fence set adds to a yard
// (what it encloses or splits off), by the farmyard's own reading.
func newPastures(y farmyard.Yard, add farmyard.Fences) []farmyard.Set {
	now := y.Pastures()
	y.Fences |= add
	var out []farmyard.Set
	for _, a := range y.Pastures() {
		old := false
		for _, n := range now {
			old = old || n.Cells == a.Cells
		}
		if !old {
			out = append(out, a.Cells)
		}
	}
	return out
}

// quickLabel words suggested fence set i of the legal list: the cells it
// encloses, its fences and price. Labels are kept while the farm's fences
// and the language stay (the list does not change while edges are
// clicked).
func (r *Renderer) quickLabel(d *render, i int) string {
	a := d.legal[i]
	y := d.v.Farms[d.viewer].Yard
	key := fmt.Sprint(i18n.Current(), y.Fences, a.Fences, a.Pay, d.dec.Via)
	if l, ok := r.quick[key]; ok {
		return l
	}
	var cells []string
	for _, c := range newPastures(y, a.Fences) {
		cells = append(cells, cellList(c))
	}
	label := d.label(i)
	if len(cells) > 0 && d.s != nil {
		price := ""
		if ps := d.s.Cost(engine.Seat(d.viewer), agricola.Purchase{What: agricola.OpFences, Via: d.dec.Via, N: a.Fences.Len()}); a.Pay < len(ps) {
			price = priceText(ps[a.Pay])
		}
		label = T("agricola.fence.opt", strings.Join(cells, " + "), i18n.N("agricola.fences", a.Fences.Len()), price)
	}
	if len(r.quick) > 400 {
		r.quick = nil
	}
	if r.quick == nil {
		r.quick = map[string]string{}
	}
	r.quick[key] = label
	return label
}

// okFlag is a check's data-ok: "" while there is nothing to check yet.
func okFlag(any, ok bool) string {
	if !any {
		return ""
	}
	return strconv.FormatBool(ok)
}

// buildFences builds the fences chosen now, if the engine's preview
// takes them (at the price it found affordable).
func (r *Renderer) buildFences(ctx app.Context, e app.Event) {
	d := r.cur
	if d == nil || !d.fenceMode || d.s == nil || r.fences == 0 {
		return
	}
	p := d.s.PreviewFences(engine.Seat(d.viewer), r.fences)
	if !p.Valid || p.Pay < 0 {
		return
	}
	r.send(ctx, agricola.Action{Name: agricola.ActFences, Fences: r.fences, Pay: p.Pay})
}

// fencePanel is the fence-building decision: what the edges chosen would
// give, Build and Clear, and the canonical sets as quick choices.
func (r *Renderer) fencePanel(env *gameui.Env, d *render) app.UI {
	seat := engine.Seat(d.viewer)
	fv := &d.v.Farms[d.viewer]
	var status, reason string
	switch p := d.preview; {
	case r.fences == 0 || p == nil:
		status = T("agricola.fence.start", i18n.N("agricola.fencesleft", fv.FencesLeft))
		reason = T("agricola.fence.none")
	default:
		price := ""
		if p.Pay >= 0 && p.Pay < len(p.Prices) {
			price = priceText(p.Prices[p.Pay])
		} else if len(p.Prices) > 0 {
			price = priceText(p.Prices[0])
		}
		status = i18n.N("agricola.fences", p.Fences) + " · " + price + " · " + pastureSummary(p.Pastures)
		if !p.Valid {
			reason = fenceReason(d.s, seat, p)
			status += " — " + reason
		}
	}
	body := []app.UI{
		app.H3().Text(T("agricola.fence.title")),
		app.P().Class("small muted").Text(T("agricola.fence.hint")),
		app.P().Class("ag-check").ID("fence-preview").Role("status").
			DataSet("ok", okFlag(r.fences != 0, reason == "")).DataSet("fences", strconv.Itoa(r.fences.Len())).Text(status),
		app.Div().Class("actions").Body(
			r.button(T("agricola.fence.build"), reason, true, r.buildFences, "fence-build").ID("fence-build"),
			r.button(T("agricola.fence.clear"), reasonIf(r.fences == 0, T("agricola.fence.none")), false,
				func(ctx app.Context, e app.Event) { r.fences = 0 }, "fence-clear").ID("fence-clear"),
		),
	}
	var quick []app.UI
	n := 0
	for i, a := range d.legal {
		if a.Name != agricola.ActFences {
			continue
		}
		fs := a.Fences
		label := r.quickLabel(d, i)
		btn := app.Button().Class("btn").Type("button").ID("fence-opt-" + strconv.Itoa(n)).Text(label).
			OnClick(r.on(func(ctx app.Context, e app.Event) { r.fences = fs }, "fence-opt", uint64(fs)))
		if fs == r.fences {
			btn = btn.Class("on")
		}
		quick = append(quick, btn)
		n++
	}
	if len(quick) > 0 {
		body = append(body, app.Details().Class("ag-quick").Body(
			app.Summary().Text(T("agricola.fence.quick", len(quick))),
			app.Div().Class("choices").Body(quick...)))
	}
	return app.Section().Class("panel ag-fencing").ID("fencing").Aria("label", T("agricola.fence.title")).Body(body...)
}
