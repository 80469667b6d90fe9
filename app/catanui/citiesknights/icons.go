package citiesknights

import (
	"fmt"
	"html"

	"tabula/app/gameui"
	ck "tabula/engine/catan/citiesknights"
)

// The expansion's glyphs. Never colour alone: a track has a colour and a
// symbol, a knight its rank as a numeral and its helmet as a shape.

// trackFill and trackInk are each track's colour (its deck and gate) and
// the ink on it.
var (
	trackFill = [ck.NumTracks]string{ck.Science: "#2e8b57", ck.Trade: "#e8b400", ck.Politics: "#2f6db5"}
	trackInk  = [ck.NumTracks]string{ck.Science: "#fff", ck.Trade: "#111", ck.Politics: "#fff"}
)

// trackSymbol is a track's symbol, 16 units wide, centred on 0: science a
// flask, trade a coin bag, politics a crown.
func trackSymbol(t ck.Track, ink string) string {
	switch t {
	case ck.Science:
		return fmt.Sprintf(`<path d="M-2.5-7h5M-1.5-7v5L-6 6h12L1.5-2v-5" fill="none" stroke="%s" stroke-width="1.8" stroke-linejoin="round"/><path d="M-4.5 3h9L6 6h-12Z" fill="%s"/>`, ink, ink)
	case ck.Trade:
		return fmt.Sprintf(`<path d="M-3-7h6L1.5-4.5Q7 0 5.5 5.5H-5.5Q-7 0-1.5-4.5Z" fill="none" stroke="%s" stroke-width="1.8" stroke-linejoin="round"/><path d="M0-2v6" stroke="%s" stroke-width="1.6"/>`, ink, ink)
	default:
		return fmt.Sprintf(`<path d="M-7 5V-4l3.5 3L0-6l3.5 5L7-4v9Z" fill="none" stroke="%s" stroke-width="1.8" stroke-linejoin="round"/>`, ink)
	}
}

// trackBadge is a small square of a track's colour with its symbol, for
// HTML (size pixels).
func trackBadge(t ck.Track, size int) string {
	return fmt.Sprintf(`<svg class="ck-track-ico" viewBox="-10 -10 20 20" width="%d" height="%d" aria-hidden="true"><rect x="-9.5" y="-9.5" width="19" height="19" rx="3" fill="%s" stroke="#111"/>%s</svg>`,
		size, size, trackFill[t], trackSymbol(t, trackInk[t]))
}

// knightSVG is a knight on the board at (x, y): a shield in its owner's
// colour with its strength as a numeral and the owner's shape, a helmet
// above when active, a dashed ring when it may act this turn.
func knightSVG(k ck.KnightView, st gameui.SeatStyle, x, y float64, label string) string {
	helmet := ""
	if k.Active {
		helmet = `<path d="M-8-10a8 7 0 0 1 16 0Z" fill="#3a3f46" stroke="#111" stroke-width="1.5"/><path d="M-8-10h16" stroke="#d9d9d9" stroke-width="1.5"/>`
	}
	ring := ""
	if k.CanAct {
		ring = `<circle r="17" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="3 3"/>`
	}
	active := "false"
	if k.Active {
		active = "true"
	}
	return fmt.Sprintf(`<g class="ck-knight" data-vertex="%d" data-rank="%s" data-active="%s" transform="translate(%s %s) scale(1.3)" role="img" aria-label="%s">%s`+
		`<path d="M-9-9h18v7c0 7-4.5 11-9 14c-4.5-3-9-7-9-14Z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`+
		`<path d="M-9-9h18v7c0 7-4.5 11-9 14c-4.5-3-9-7-9-14Z" fill="%s" stroke="#111" stroke-width="2" stroke-linejoin="round"/>`+
		`<path transform="translate(0 7)" d="%s" fill="%s"/>`+
		`<text y="2" text-anchor="middle" font-size="11" font-weight="700" fill="%s">%d</text>%s</g>`,
		k.Vertex, k.Rank, active, f1(x), f1(y), html.EscapeString(label), ring,
		st.Color, gameui.ShapePath(st.Shape, 2.2), st.Ink, st.Ink, k.Strength, helmet)
}

// wallSVG is a city wall: a crenellated band under the city at (x, y).
func wallSVG(x, y float64, label string) string {
	return fmt.Sprintf(`<g class="ck-wall" transform="translate(%s %s)" role="img" aria-label="%s"><path d="M-18 9h4v-3h3v3h4v-3h3v3h4v-3h3v3h4v-3h3v3h4v8h-36Z" fill="#9a8c78" stroke="#111" stroke-width="1.4" stroke-linejoin="round"/></g>`,
		f1(x), f1(y), html.EscapeString(label))
}

// metropolisSVG is a metropolis tower beside the city at (x, y): its
// track's colour and symbol.
func metropolisSVG(t ck.Track, x, y float64, label string) string {
	return fmt.Sprintf(`<g class="ck-metropolis" data-track="%s" transform="translate(%s %s)" role="img" aria-label="%s"><path d="M-8 8V-10h3v3h3v-3h4v3h3v-3h3V8Z" fill="%s" stroke="#111" stroke-width="1.6" stroke-linejoin="round"/><g transform="translate(0 1) scale(.7)">%s</g></g>`,
		t, f1(x+14), f1(y-16), html.EscapeString(label), trackFill[t], trackSymbol(t, trackInk[t]))
}

// toppledSVG marks a city lying on its side (pillaged with no settlement
// piece left): a struck-through outline over it.
func toppledSVG(x, y float64, label string) string {
	return fmt.Sprintf(`<g class="ck-toppled" transform="translate(%s %s)" role="img" aria-label="%s"><path d="M-15-12 15 12M-15 12 15-12" stroke="#b3121b" stroke-width="3.5" stroke-linecap="round"/></g>`,
		f1(x), f1(y), html.EscapeString(label))
}

// merchantSVG is the merchant on its hex, in its owner's colour and shape.
func merchantSVG(st gameui.SeatStyle, x, y float64, label string) string {
	return fmt.Sprintf(`<g class="ck-merchant" transform="translate(%s %s)" role="img" aria-label="%s"><ellipse cy="13" rx="10" ry="3.5" fill="#000" fill-opacity=".3"/><path d="M-8 13-5-2h10l3 15Z" fill="%s" stroke="#111" stroke-width="1.6" stroke-linejoin="round"/><circle cy="-6" r="5" fill="%s" stroke="#111" stroke-width="1.6"/><path transform="translate(0 6)" d="%s" fill="%s"/></g>`,
		f1(x), f1(y), html.EscapeString(label), st.Color, st.Color, gameui.ShapePath(st.Shape, 2.4), st.Ink)
}

// diePips are the pips of each face (-5 … 5 units from the centre).
var diePips = [7][][2]float64{
	1: {{0, 0}}, 2: {{-5, -5}, {5, 5}}, 3: {{-5, -5}, {0, 0}, {5, 5}},
	4: {{-5, -5}, {5, -5}, {-5, 5}, {5, 5}}, 5: {{-5, -5}, {5, -5}, {0, 0}, {-5, 5}, {5, 5}},
	6: {{-5, -6}, {5, -6}, {-5, 0}, {5, 0}, {-5, 6}, {5, 6}},
}

// dieSVG is one die of the roll: the red or yellow die showing n, or the
// event die (a ship, or a city gate in its track's colour).
func dieSVG(kind string, n int, event string) string {
	fill, ink := "#c8102e", "#fff"
	if kind == "yellow" {
		fill, ink = "#f2c200", "#111"
	}
	body := ""
	if kind == "event" {
		fill = "#fbfbf6"
		if t, ok := ck.ParseTrack(event); ok {
			body = `<path d="M-7 8V-2a7 7 0 0 1 14 0V8Z" fill="` + trackFill[t] + `" stroke="#111" stroke-width="1.2"/><path d="M-2.5 8V2a2.5 2.5 0 0 1 5 0v6Z" fill="#fbfbf6"/>`
		} else if event == "ship" {
			body = `<path d="M-8 3h16l-3 5h-10Z" fill="#111"/><path d="M-1 2V-8l7 8Z" fill="#111"/><path d="M-2-7-7 1h5Z" fill="#555"/>`
		}
	} else if n >= 1 && n <= 6 {
		for _, p := range diePips[n] {
			body += fmt.Sprintf(`<circle cx="%g" cy="%g" r="2.2" fill="%s"/>`, p[0], p[1], ink)
		}
	}
	return fmt.Sprintf(`<svg class="ck-die ck-die-%s" viewBox="-12 -12 24 24" width="26" height="26" aria-hidden="true"><rect x="-11" y="-11" width="22" height="22" rx="5" fill="%s" stroke="#222"/>%s</svg>`,
		kind, fill, body)
}

// f1 formats a coordinate with one decimal.
func f1(v float64) string { return fmt.Sprintf("%.1f", v) }

// shipPaths draw the barbarian ship around (0, 0), about 16 units wide.
const shipPaths = `<path d="M-8 2h16l-3 5h-10Z" fill="#111"/><path d="M-1 1V-9l7 9Z" fill="#111"/><path d="M-2-8-7 0h5Z" fill="#555"/>`

// shipSVG is the barbarian ship on a light tile, size px square.
func shipSVG(size int) string {
	return fmt.Sprintf(`<svg viewBox="-11 -11 22 22" width="%d" height="%d" aria-hidden="true"><rect x="-10.5" y="-10.5" width="21" height="21" rx="4" fill="#d9e6ef" stroke="#445"/>%s</svg>`, size, size, shipPaths)
}
