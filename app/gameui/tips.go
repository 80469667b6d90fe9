package gameui

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The reason a control is disabled (data-reason, see Button) shows in one
// tip element on hover, keyboard focus or a tap. It is placed above the
// control, below it when there is no room above, and always kept inside
// the window: a reason never runs off the screen's edge. It goes when its
// control loses its reason, and follows a changed one.

// tipMargin is the least distance between a tip and the window's edge.
const tipMargin = 6

var tipsOn bool

// ListenTips installs the tip once for the whole page.
func ListenTips() {
	if !app.IsClient || tipsOn {
		return
	}
	tipsOn = true
	doc := app.Window().Get("document")
	tip := doc.Call("createElement", "div")
	tip.Set("id", "tip")
	tip.Call("setAttribute", "role", "tooltip")
	tip.Call("setAttribute", "hidden", "")
	doc.Get("body").Call("appendChild", tip)
	var owner app.Value = app.Null()
	hide := func() {
		tip.Call("setAttribute", "hidden", "")
		if owner.Truthy() {
			owner.Call("removeAttribute", "aria-describedby")
		}
		owner = app.Null()
	}
	reasonOf := func(ev app.Value) app.Value {
		t := ev.Get("target")
		if !t.Truthy() || !t.Get("closest").Truthy() {
			return app.Null()
		}
		return t.Call("closest", "[data-reason]")
	}
	show := app.FuncOf(func(this app.Value, args []app.Value) any {
		el := reasonOf(args[0])
		if !el.Truthy() {
			if args[0].Get("type").String() == "focusin" {
				hide()
			}
			return nil
		}
		if owner.Truthy() && owner.Equal(el) && !tip.Get("hidden").Bool() {
			return nil
		}
		if owner.Truthy() {
			owner.Call("removeAttribute", "aria-describedby")
		}
		owner = el
		el.Call("setAttribute", "aria-describedby", "tip")
		tip.Set("textContent", el.Call("getAttribute", "data-reason"))
		tip.Call("removeAttribute", "hidden")
		PlaceTip(tip, el)
		return nil
	})
	leave := app.FuncOf(func(this app.Value, args []app.Value) any {
		ev := args[0]
		el := reasonOf(ev)
		if !el.Truthy() || !owner.Truthy() || !owner.Equal(el) {
			return nil
		}
		// Moving within the control keeps the tip.
		if to := ev.Get("relatedTarget"); to.Truthy() && el.Call("contains", to).Bool() {
			return nil
		}
		if ev.Get("type").String() == "pointerout" && doc.Get("activeElement").Equal(el) {
			return nil
		}
		hide()
		return nil
	})
	gone := app.FuncOf(func(this app.Value, args []app.Value) any {
		if owner.Truthy() && !owner.Get("isConnected").Bool() {
			hide()
		} else if owner.Truthy() {
			PlaceTip(tip, owner)
		}
		return nil
	})
	// A re-render may enable the control under the tip (its reason
	// removed: the turn came) or change its reason: the tip follows, so no
	// stale "Not your turn" stays over a control that now acts.
	changed := app.FuncOf(func(this app.Value, args []app.Value) any {
		switch {
		case !owner.Truthy():
		case !owner.Get("isConnected").Bool() || !owner.Call("hasAttribute", "data-reason").Bool():
			hide()
		case tip.Get("textContent").String() != owner.Call("getAttribute", "data-reason").String():
			tip.Set("textContent", owner.Call("getAttribute", "data-reason"))
			PlaceTip(tip, owner)
		}
		return nil
	})
	app.Window().Get("MutationObserver").New(changed).Call("observe", doc.Get("body"),
		map[string]any{"subtree": true, "childList": true, "attributes": true, "attributeFilter": []any{"data-reason"}})
	doc.Call("addEventListener", "pointerover", show)
	doc.Call("addEventListener", "focusin", show)
	doc.Call("addEventListener", "pointerout", leave)
	doc.Call("addEventListener", "focusout", leave)
	app.Window().Call("addEventListener", "scroll", gone, map[string]any{"capture": true, "passive": true})
	app.Window().Call("addEventListener", "resize", gone)
}

// PlaceTip puts tip next to el, inside the window.
func PlaceTip(tip, el app.Value) {
	w := app.Window()
	vw, vh := w.Get("innerWidth").Float(), w.Get("innerHeight").Float()
	r := el.Call("getBoundingClientRect")
	// Measure with the whole width free: at its last place near an edge
	// the tip would wrap narrower than it is.
	tip.Get("style").Set("left", "0px")
	tip.Get("style").Set("top", "0px")
	tw := tip.Get("offsetWidth").Float()
	th := tip.Get("offsetHeight").Float()
	cx := (r.Get("left").Float() + r.Get("right").Float()) / 2
	left := math.Max(tipMargin, math.Min(vw-tw-tipMargin, cx-tw/2))
	top := r.Get("top").Float() - th - 8
	if top < tipMargin {
		top = r.Get("bottom").Float() + 8
	}
	top = math.Max(tipMargin, math.Min(vh-th-tipMargin, top))
	st := tip.Get("style")
	st.Set("left", fmtPx(left))
	st.Set("top", fmtPx(top))
}

func fmtPx(v float64) string {
	return strconv.FormatFloat(v, 'f', 1, 64) + "px"
}
