package traders

import (
	"fmt"
	"math"
	"strconv"

	"tabula/app/gameui"
)

// The scenario's glyphs, drawn about 20 units across and centred on 0:
// each good has its own shape as well as its colour, so colour never
// stands alone.

// goodIcon is good g's glyph ("marble", "glass", "sand", "tools").
func goodIcon(g string) string {
	switch g {
	case "marble": // a veined block
		return `<rect x="-7" y="-6" width="14" height="12" rx="1.5" fill="#f4f1ea" stroke="#444" stroke-width="1.2"/><path d="M-5-2q3 2 5-1t5 2M-4 3q2-1 4 1" stroke="#8a8a8a" stroke-width="1" fill="none"/>`
	case "glass": // a bottle
		return `<path d="M-2.5-8h5v4l3 3v9h-11v-9l3-3Z" fill="#9fd6ee" stroke="#1f5f7a" stroke-width="1.2"/><path d="M-3 0v5" stroke="#fff" stroke-width="1.4"/>`
	case "sand": // a heap
		return `<path d="M-9 6q9-17 18 0Z" fill="#e2c27a" stroke="#7a5a1a" stroke-width="1.2"/><g fill="#7a5a1a"><circle cx="-3" cy="2" r=".9"/><circle cx="2" cy="-1" r=".9"/><circle cx="4" cy="3.5" r=".9"/></g>`
	case "tools": // a hammer
		return `<path d="M-6 8 2 0" stroke="#6b4a2a" stroke-width="2.8" stroke-linecap="round"/><path d="M-1-5 4-9l5 5-4 5Z" fill="#8a949c" stroke="#2d3338" stroke-width="1.1"/>`
	}
	return ""
}

// goodSVG is good g's glyph for HTML, size pixels square.
func goodSVG(g string, size int) string {
	return fmt.Sprintf(`<svg class="good-ico" viewBox="-11 -11 22 22" width="%d" height="%d" aria-hidden="true"><rect x="-10.5" y="-10.5" width="21" height="21" rx="4" fill="#2a3b47" stroke="#111"/>%s</svg>`,
		size, size, goodIcon(g))
}

// wagonIcon is a wagon in seat style st: a cart in the seat's colour with
// the seat's shape on its side, and the good it carries on top (g may be
// "").
func wagonIcon(st gameui.SeatStyle, g string) string {
	cargo := ""
	if g != "" {
		cargo = `<g transform="translate(0 -14) scale(.6)">` + goodIcon(g) + `</g>`
	}
	return `<path d="M10-3h6" stroke="#111" stroke-width="2" stroke-linecap="round"/>` +
		`<rect x="-11" y="-8" width="22" height="10" rx="2" fill="` + st.Color + `" stroke="#111" stroke-width="2"/>` +
		`<path transform="translate(0 -3)" d="` + gameui.ShapePath(st.Shape, 2.6) + `" fill="` + st.Ink + `"/>` +
		`<circle cx="-6" cy="4" r="3.6" fill="#3a2f22" stroke="#f3e6c4" stroke-width="1.2"/>` +
		`<circle cx="6" cy="4" r="3.6" fill="#3a2f22" stroke="#f3e6c4" stroke-width="1.2"/>` + cargo
}

// barbarianIcon is a barbarian: a bronze horned helmet.
const barbarianIcon = `<circle r="9" fill="#000" fill-opacity=".3" cy="1.5"/>` +
	`<path d="M-7-1a7 7 0 0 1 14 0v6h-14Z" fill="#a86b32" stroke="#1a1a1a" stroke-width="1.6"/>` +
	`<path d="M-7-2q-4-4-2-9M7-2q4-4 2-9" stroke="#efe3c2" stroke-width="2.4" fill="none" stroke-linecap="round"/>` +
	`<path d="M-4 1.5h8" stroke="#1a1a1a" stroke-width="2"/>`

// coinIcon is a gold coin of radius r with text on it ("" none).
func coinIcon(x, y, r float64, text string) string {
	s := fmt.Sprintf(`<circle cx="%s" cy="%s" r="%s" fill="#f6d24a" stroke="#7a5400" stroke-width="1.2"/>`, f1(x), f1(y), f1(r))
	if text != "" {
		s += fmt.Sprintf(`<text x="%s" y="%s" text-anchor="middle" font-size="%s" font-weight="700" fill="#3a2800">%s</text>`,
			f1(x), f1(y+r*.45), f1(r*1.3), text)
	}
	return s
}

// grainIcon is the grain boost's mark: an ear of grain on a yellow disc.
func grainIcon(x, y, r float64) string {
	return fmt.Sprintf(`<g transform="translate(%s %s)"><circle r="%s" fill="#efc53f" stroke="#7a5400" stroke-width="1.2"/><path d="M0 %s V%s" stroke="#7a5400" stroke-width="1.2"/><g fill="#7a5400"><ellipse cx="-1.6" cy="%s" rx="1.2" ry="2" transform="rotate(-30 -1.6 %s)"/><ellipse cx="1.6" cy="%s" rx="1.2" ry="2" transform="rotate(30 1.6 %s)"/></g></g>`,
		f1(x), f1(y), f1(r), f1(r*.7), f1(-r*.7), f1(-r*.2), f1(-r*.2), f1(-r*.2), f1(-r*.2))
}

// f1 is v with one decimal at most, for SVG coordinates.
func f1(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }
