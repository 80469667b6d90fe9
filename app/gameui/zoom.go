package gameui

import (
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Boards on a phone sit in a zoom box: the board fits the width, and
// whenever the lit spots (elements of class "spot") would be smaller than a
// fingertip it zooms in just enough for each to be at least TouchSize px
// across, and scrolls them into view. One finger pans (native scrolling),
// two fingers pinch, the − / + buttons step. A zoom the player chose is kept
// until the lit spots change.

// TouchSize is the smallest side, in CSS pixels, of a spot a finger is
// asked to hit (the usual guidance for touch targets).
const TouchSize = 44

// Zoom levels: 1 fits the board to the width of the screen.
const (
	zoomMin  = 1.0
	zoomMax  = 3.0
	zoomStep = 1.25
)

// Zoom is one board's zoom state, kept by the screen between renders.
type Zoom struct {
	Level float64
	// lit is the signature of the lit spots last settled.
	lit string
}

func (z *Zoom) level() float64 {
	if z.Level < zoomMin {
		return zoomMin
	}
	return math.Min(z.Level, zoomMax)
}

// Box wraps a board in the zoom box with its buttons.
func (z *Zoom) Box(board app.UI) app.UI {
	lvl := z.level()
	step := func(f float64) app.EventHandler {
		return func(ctx app.Context, e app.Event) {
			z.set(z.level() * f)
		}
	}
	return app.Div().Class("zoomwrap").Body(
		app.Div().Class("zoombox").ID("zoombox").Style("--zoom", strconv.FormatFloat(lvl, 'f', 3, 64)).
			DataSet("zoom", strconv.FormatFloat(lvl, 'f', 2, 64)).Body(
			app.Div().Class("zoom-inner").Body(board),
		),
		app.Div().Class("zoom-ctl").Body(
			app.Button().Class("btn zoom-btn").ID("zoom-out").Type("button").Aria("label", T("zoom.out")).
				Title(T("zoom.out")).Disabled(lvl <= zoomMin).Text("−").OnClick(step(1/zoomStep)),
			app.Button().Class("btn zoom-btn").ID("zoom-in").Type("button").Aria("label", T("zoom.in")).
				Title(T("zoom.in")).Disabled(lvl >= zoomMax).Text("+").OnClick(step(zoomStep)),
		),
	)
}

func (z *Zoom) set(l float64) {
	z.Level = math.Max(zoomMin, math.Min(zoomMax, l))
}

// Settle runs after a render: when the lit spots changed, it zooms to the
// least level at which every lit spot is TouchSize wide and tall (back to
// 1 when they are large enough or none is lit) and brings them into view.
// Call it (with the root component's context) from the render of a
// phone layout: it runs once the render is on the page, and re-renders
// only when the level changes.
func (z *Zoom) Settle(ctx app.Context) {
	if !app.IsClient {
		return
	}
	ctx.Defer(func(ctx app.Context) {
		box := app.Window().Get("document").Call("getElementById", "zoombox")
		if !box.Truthy() {
			return
		}
		spots := box.Call("querySelectorAll", ".spot")
		n := spots.Length()
		var sig strings.Builder
		smallest := math.Inf(1)
		var x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for i := 0; i < n; i++ {
			el := spots.Index(i)
			sig.WriteString(el.Call("getAttribute", "data-act").String())
			sig.WriteByte(' ')
			r := el.Call("getBoundingClientRect")
			w, h := r.Get("width").Float(), r.Get("height").Float()
			if w <= 0 || h <= 0 {
				continue
			}
			smallest = math.Min(smallest, math.Min(w, h))
			x0, y0 = math.Min(x0, r.Get("left").Float()), math.Min(y0, r.Get("top").Float())
			x1, y1 = math.Max(x1, r.Get("right").Float()), math.Max(y1, r.Get("bottom").Float())
		}
		s := sig.String()
		if s == z.lit {
			return
		}
		z.lit = s
		cur := z.level()
		want := zoomMin
		if !math.IsInf(smallest, 1) {
			// Sizes scale with the level; a hair over, against rounding.
			want = cur * (TouchSize + 0.5) / smallest
		}
		want = math.Max(zoomMin, math.Min(zoomMax, want))
		if math.Abs(want-cur) < 0.01 {
			centreOn(box, x0, y0, x1, y1, 1)
			return
		}
		z.Level = want
		// Apply at once, so the spots can be brought into view now; the
		// re-render writes the same level (and updates the buttons).
		box.Get("style").Call("setProperty", "--zoom", strconv.FormatFloat(want, 'f', 3, 64))
		centreOn(box, x0, y0, x1, y1, want/cur)
		ctx.Dispatch(nil)
	})
}

// centreOn scrolls box so the rectangle (x0,y0)–(x1,y1), measured in the
// viewport before a zoom by factor f, is in view (centred when it fits).
func centreOn(box app.Value, x0, y0, x1, y1, f float64) {
	if math.IsInf(x0, 1) {
		return
	}
	b := box.Call("getBoundingClientRect")
	bl, bt := b.Get("left").Float(), b.Get("top").Float()
	bw, bh := box.Get("clientWidth").Float(), box.Get("clientHeight").Float()
	sl, st := box.Get("scrollLeft").Float(), box.Get("scrollTop").Float()
	// Content coordinates of the rectangle after the zoom.
	cx := ((x0+x1)/2 - bl + sl) * f
	cy := ((y0+y1)/2 - bt + st) * f
	box.Set("scrollLeft", math.Max(0, cx-bw/2))
	box.Set("scrollTop", math.Max(0, cy-bh/2))
}

// pinch is the two-finger gesture in progress.
var pinch struct {
	on       bool
	d0, l0   float64
	mx, my   float64 // midpoint at the start, in content coordinates
	level    float64
	listened bool
}

// ListenPinch makes two fingers on a zoom box zoom it; z returns the Zoom
// of the board on screen (nil: none), so one listener serves every
// screen. Install once, from the root component's mount.
func ListenPinch(ctx app.Context, z func() *Zoom) {
	if !app.IsClient || pinch.listened {
		return
	}
	pinch.listened = true
	doc := app.Window().Get("document")
	dist := func(ts app.Value) (d, mx, my float64) {
		a, b := ts.Index(0), ts.Index(1)
		ax, ay := a.Get("clientX").Float(), a.Get("clientY").Float()
		bx, by := b.Get("clientX").Float(), b.Get("clientY").Float()
		return math.Hypot(ax-bx, ay-by), (ax + bx) / 2, (ay + by) / 2
	}
	inBox := func(ev app.Value) app.Value {
		t := ev.Get("target")
		if !t.Truthy() || !t.Get("closest").Truthy() {
			return app.Null()
		}
		return t.Call("closest", "#zoombox")
	}
	start := app.FuncOf(func(this app.Value, args []app.Value) any {
		ev := args[0]
		ts := ev.Get("touches")
		box := inBox(ev)
		if ts.Length() != 2 || !box.Truthy() {
			return nil
		}
		d, mx, my := dist(ts)
		if d < 1 {
			return nil
		}
		b := box.Call("getBoundingClientRect")
		l := 1.0
		if v, err := strconv.ParseFloat(box.Get("dataset").Get("zoom").String(), 64); err == nil {
			l = v
		}
		pinch.on, pinch.d0, pinch.l0, pinch.level = true, d, l, l
		pinch.mx = mx - b.Get("left").Float() + box.Get("scrollLeft").Float()
		pinch.my = my - b.Get("top").Float() + box.Get("scrollTop").Float()
		ev.Call("preventDefault")
		return nil
	})
	move := app.FuncOf(func(this app.Value, args []app.Value) any {
		ev := args[0]
		ts := ev.Get("touches")
		box := inBox(ev)
		if !pinch.on || ts.Length() != 2 || !box.Truthy() {
			return nil
		}
		ev.Call("preventDefault")
		d, mx, my := dist(ts)
		l := math.Max(zoomMin, math.Min(zoomMax, pinch.l0*d/pinch.d0))
		box.Get("style").Call("setProperty", "--zoom", strconv.FormatFloat(l, 'f', 3, 64))
		box.Get("dataset").Set("zoom", strconv.FormatFloat(l, 'f', 2, 64))
		// Keep the point under the fingers' midpoint under it.
		b := box.Call("getBoundingClientRect")
		f := l / pinch.l0
		box.Set("scrollLeft", pinch.mx*f-(mx-b.Get("left").Float()))
		box.Set("scrollTop", pinch.my*f-(my-b.Get("top").Float()))
		pinch.level = l
		return nil
	})
	end := app.FuncOf(func(this app.Value, args []app.Value) any {
		if !pinch.on || args[0].Get("touches").Length() >= 2 {
			return nil
		}
		pinch.on = false
		l := pinch.level
		ctx.Dispatch(func(ctx app.Context) {
			if zz := z(); zz != nil {
				zz.set(l)
			}
		})
		return nil
	})
	opts := map[string]any{"passive": false}
	doc.Call("addEventListener", "touchstart", start, opts)
	doc.Call("addEventListener", "touchmove", move, opts)
	doc.Call("addEventListener", "touchend", end)
	doc.Call("addEventListener", "touchcancel", end)
}
