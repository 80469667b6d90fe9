package agricolaui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Animals move freely on a farm: the engine keeps how many of each kind a
// player has, and whether they fit. The arrangement panel lets the player
// put each animal where they like (a pasture, an unfenced stable, the
// house, a card) and checks it live with the engine's CheckArrangement.
// When animals must go (an animals decision), what is placed is what is
// kept; otherwise the arrangement only changes the drawing.

// arrangeKeyOf names the holders and animals an arrangement was made for.
func arrangeKeyOf(fv *agricola.FarmView) string { return fmt.Sprint(fv.Holders, fv.Animals) }

// arrangement is the viewer's hand-made arrangement to draw, or nil when
// there is none for the farm as it is now.
func (r *Renderer) arrangement(d *render) []farmyard.Herd {
	if d.viewer < 0 || r.arrange == nil {
		return nil
	}
	fv := &d.v.Farms[d.viewer]
	if r.arrangeKey != arrangeKeyOf(fv) || len(r.arrange) != len(fv.Holders) {
		return nil
	}
	return r.arrange
}

// ensureArrange starts a hand arrangement when there is none for the farm
// as it is: the engine's, or, when the animals do not all fit, one of the
// largest herds the engine would let the player keep.
func (r *Renderer) ensureArrange(d *render) []farmyard.Herd {
	if p := r.arrangement(d); p != nil {
		return p
	}
	fv := &d.v.Farms[d.viewer]
	placed := append([]farmyard.Herd(nil), fv.Placed...)
	if len(placed) != len(fv.Holders) && d.s != nil {
		if ap := d.s.PreviewAnimals(engine.Seat(d.viewer), fv.Animals); len(ap.Keeps) > 0 {
			placed, _ = farmyard.Arrange(fv.Holders, ap.Keeps[0])
		}
	}
	if len(placed) != len(fv.Holders) {
		placed = make([]farmyard.Herd, len(fv.Holders))
	}
	r.arrange, r.arrangeKey = placed, arrangeKeyOf(fv)
	return placed
}

// unplaced is what of the farm's animals no holder has in the arrangement.
func unplaced(fv *agricola.FarmView, placed []farmyard.Herd) farmyard.Herd {
	left := fv.Animals
	for _, p := range placed {
		for k := range left {
			left[k] -= p[k]
		}
	}
	for k := range left {
		left[k] = max(left[k], 0)
	}
	return left
}

// sumHerds is the animals of an arrangement.
func sumHerds(placed []farmyard.Herd) farmyard.Herd {
	var h farmyard.Herd
	for _, p := range placed {
		for k := range h {
			h[k] += p[k]
		}
	}
	return h
}

// addAnimal puts one animal of kind k in holder i: one not placed yet, or
// else one moved from another holder (the last that has one), so moving an
// animal is one click.
func addAnimal(fv *agricola.FarmView, placed []farmyard.Herd, i int, k farmyard.Animal) bool {
	if i < 0 || i >= len(placed) {
		return false
	}
	if unplaced(fv, placed)[k] > 0 {
		placed[i][k]++
		return true
	}
	for j := len(placed) - 1; j >= 0; j-- {
		if j != i && placed[j][k] > 0 {
			placed[j][k]--
			placed[i][k]++
			return true
		}
	}
	return false
}

// holderName names a holder: "Pasture 2 (cells 3, 4)", "Stable on cell
// 7", "House (pet)", or the card that holds animals.
func holderName(hs []farmyard.Holder, i int) string {
	h := hs[i]
	switch h.Where {
	case farmyard.InPasture:
		n := 0
		for j := 0; j <= i; j++ {
			if hs[j].Where == farmyard.InPasture {
				n++
			}
		}
		return T("agricola.holder.pasture", n, cellList(h.Cells))
	case farmyard.InStable:
		return T("agricola.holder.stable", int(h.Cells.First()))
	case farmyard.InHouse:
		return T("agricola.holder.house")
	}
	return cardName(h.Where)
}

// cellList is "3, 4, 8".
func cellList(s farmyard.Set) string {
	var parts []string
	for _, c := range s.Cells() {
		parts = append(parts, strconv.Itoa(int(c)))
	}
	return strings.Join(parts, ", ")
}

// arrangeError words the engine's refusal of an arrangement; holder is
// the holder concerned (-1 for none).
func arrangeError(hs []farmyard.Holder, err error) (string, int) {
	var ae *farmyard.ArrangeError
	if !errors.As(err, &ae) || ae.Holder < 0 || ae.Holder >= len(hs) {
		return T("agricola.arr.bad"), -1
	}
	name := holderName(hs, ae.Holder)
	switch ae.Reason {
	case farmyard.Over:
		return T("agricola.arr.over", name, ae.Cap), ae.Holder
	case farmyard.MixedKind:
		return T("agricola.arr.mixed", name), ae.Holder
	case farmyard.OnlyKind:
		return T("agricola.arr.only", name), ae.Holder
	}
	return T("agricola.arr.bad"), ae.Holder
}

// arrangePanel is the arrangement of the viewer's animals with a stepper
// per holder and kind, the engine's live check, and — when animals must
// go — the keep button and the engine's largest herds as quick choices.
func (r *Renderer) arrangePanel(env *gameui.Env, d *render) app.UI {
	fv := &d.v.Farms[d.viewer]
	placed := r.ensureArrange(d)
	hs := fv.Holders
	var msg string
	bad := -1
	var err error
	if d.s != nil {
		err = d.s.CheckArrangement(engine.Seat(d.viewer), placed)
	}
	if err != nil {
		msg, bad = arrangeError(hs, err)
	}
	left := unplaced(fv, placed)
	kinds := []farmyard.Animal{farmyard.Sheep, farmyard.Boar, farmyard.Cattle}
	head := []app.UI{app.Th().Scope("col").Text(T("agricola.arr.where"))}
	for _, k := range kinds {
		g := agricola.AnimalGood(k)
		head = append(head, app.Th().Scope("col").Body(app.Raw(icon(g.String(), 18)), app.Span().Class("ag-th").Text(goodName(g))))
	}
	head = append(head, app.Th().Scope("col").Text(T("agricola.arr.room")))
	rows := make([]app.UI, 0, len(hs)+1)
	for i := range hs {
		i := i
		name := holderName(hs, i)
		cells := []app.UI{app.Th().Scope("row").Text(name)}
		for _, k := range kinds {
			k := k
			g := agricola.AnimalGood(k)
			n := placed[i][k]
			id := "arr-" + strconv.Itoa(i) + "-" + g.String()
			minus := r.button("−", reasonIf(n == 0, T("agricola.arr.none", goodName(g))), false,
				func(ctx app.Context, e app.Event) {
					if p := r.arrangement(r.cur); p != nil && i < len(p) && p[i][k] > 0 {
						p[i][k]--
					}
				}, "minus", i, int(k)).ID(id+"-minus").Aria("label", T("agricola.arr.minus", goodName(g), name))
			canAdd := left[k] > 0 || fv.Animals[k] > n
			plus := r.button("+", reasonIf(!canAdd, T("agricola.arr.nomore", goodName(g))), false,
				func(ctx app.Context, e app.Event) {
					if p := r.arrangement(r.cur); p != nil {
						addAnimal(&r.cur.v.Farms[r.cur.viewer], p, i, k)
					}
				}, "plus", i, int(k)).ID(id+"-plus").Aria("label", T("agricola.arr.plus", goodName(g), name))
			cells = append(cells, app.Td().Class("ag-step").Body(minus, app.Span().Class("ag-n").ID(id).Text(strconv.Itoa(n)), plus))
		}
		cells = append(cells, app.Td().Text(T("agricola.arr.fill", placed[i].Total(), hs[i].Cap)))
		tr := app.Tr().DataSet("holder", strconv.Itoa(i)).Body(cells...)
		if i == bad {
			tr = tr.Class("bad").Aria("invalid", "true")
		}
		rows = append(rows, tr)
	}
	loose := []app.UI{app.Th().Scope("row").Text(T("agricola.arr.loose"))}
	for _, k := range kinds {
		loose = append(loose, app.Td().ID("arr-loose-"+agricola.AnimalGood(k).String()).Text(strconv.Itoa(left[k])))
	}
	loose = append(loose, app.Td())
	rows = append(rows, app.Tr().Class("ag-loose").Body(loose...))

	status := T("agricola.arr.ok")
	if msg != "" {
		status = msg
	}
	body := []app.UI{
		app.H3().Text(T("agricola.arr.title")),
		app.P().Class("small muted").Text(T("agricola.arr.hint")),
		app.Table().Class("ag-arr").Body(app.THead().Body(app.Tr().Body(head...)), app.TBody().Body(rows...)),
		app.P().Class("ag-check").ID("arr-check").Role("status").DataSet("ok", strconv.FormatBool(msg == "")).Text(status),
	}
	var btns []app.UI
	if d.animals {
		keep := sumHerds(placed)
		label := T("agricola.arr.keep", herdText(keep))
		if left.Total() > 0 {
			label += " · " + T("agricola.arr.release", herdText(left))
		}
		btns = append(btns, r.button(label, reasonIf(msg != "", msg), true, r.keepArranged, "keep").ID("arr-keep"))
		var quick []app.UI
		n := 0
		for _, k := range sortedKeys(d.targets) {
			if !strings.HasPrefix(k, "keep-") {
				continue
			}
			k := k
			i := d.targets[k][0]
			quick = append(quick, app.Button().Class("btn").Type("button").ID("keep-opt-"+strconv.Itoa(n)).
				Text(d.label(i)).OnClick(r.on(func(ctx app.Context, e app.Event) { r.choose(ctx, k) }, k)))
			n++
		}
		body = append(body, app.Div().Class("actions").Body(btns...))
		if len(quick) > 0 {
			body = append(body, app.P().Class("small-h").Text(T("agricola.quick")), app.Div().Class("choices").Body(quick...))
		}
	} else {
		btns = append(btns, app.Button().Class("btn").Type("button").ID("arr-close").Text(T("agricola.arr.close")).
			OnClick(r.on(func(ctx app.Context, e app.Event) { r.arranging = false }, "arr-close")))
		body = append(body, app.Div().Class("actions").Body(btns...))
	}
	return app.Section().Class("panel ag-arrange").ID("arrange").Aria("label", T("agricola.arr.title")).Body(body...)
}

// keepArranged keeps the animals placed in the arrangement as it is now
// (checked by the engine again first), releasing the rest.
func (r *Renderer) keepArranged(ctx app.Context, e app.Event) {
	d := r.cur
	if d == nil || !d.animals || d.s == nil {
		return
	}
	placed := r.arrangement(d)
	if placed == nil || d.s.CheckArrangement(engine.Seat(d.viewer), placed) != nil {
		return
	}
	keep := sumHerds(placed)
	r.send(ctx, agricola.Action{Name: agricola.ActKeep, Sheep: keep[farmyard.Sheep], Boar: keep[farmyard.Boar], Cattle: keep[farmyard.Cattle]})
}

// reasonIf is reason when cond holds, else "".
func reasonIf(cond bool, reason string) string {
	if cond {
		return reason
	}
	return ""
}
