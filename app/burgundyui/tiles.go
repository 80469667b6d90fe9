package burgundyui

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"sync"

	"tabula/engine/burgundy"
)

// look is how one estate colour shows: the tile's fill, the ink of its
// icon and label, the pale fill of an empty space of that colour, and the
// outline. The icon always goes with the colour: never colour alone.
type look struct {
	fill, ink, pale, edge string
}

var looks = map[string]look{
	"castle":    {fill: "#2f6b3c", ink: "#f4f1e4", pale: "#a9c5a6", edge: "#1c4426"},
	"mine":      {fill: "#7d848b", ink: "#111418", pale: "#c4c7ca", edge: "#4a4f55"},
	"ship":      {fill: "#2f73b8", ink: "#f2f7fc", pale: "#a8c8e6", edge: "#1d4a7a"},
	"animal":    {fill: "#9fd05f", ink: "#1d3309", pale: "#d3e9b4", edge: "#5c8a2a"},
	"knowledge": {fill: "#f0c93a", ink: "#3a2c00", pale: "#f4e2a0", edge: "#a88716"},
	"building":  {fill: "#d8b98a", ink: "#3a2510", pale: "#ecdcc2", edge: "#93703f"},
}

func lookOf(colour string) look {
	if l, ok := looks[colour]; ok {
		return l
	}
	return look{fill: "#999", ink: "#000", pale: "#ddd", edge: "#555"}
}

// goodsFill is the colour of each goods kind 1–6; the kind's die pips are
// always drawn on it.
var goodsFill = [7]string{"", "#e8e3d3", "#f2a93b", "#c0504d", "#6a9bd1", "#9b6cc3", "#5a9e5a"}

// f1 formats a coordinate with at most one decimal (SVG output is large
// and rebuilt every render, so this avoids FormatFloat).
func f1(v float64) string {
	t := int64(math.Round(v * 10))
	neg := t < 0
	if neg {
		t = -t
	}
	var buf [24]byte
	out := buf[:0]
	if neg {
		out = append(out, '-')
	}
	out = strconv.AppendInt(out, t/10, 10)
	if d := t % 10; d != 0 {
		out = append(out, '.', byte('0'+d))
	}
	return string(out)
}

// hexPoints are the corners of a pointy-top hex of radius r at (x, y).
func hexPoints(x, y, r float64) string {
	var b strings.Builder
	for i := 0; i < 6; i++ {
		a := math.Pi / 180 * (60*float64(i) - 90)
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f1(x + r*math.Cos(a)))
		b.WriteByte(',')
		b.WriteString(f1(y + r*math.Sin(a)))
	}
	return b.String()
}

// colourIcon is a 20×20 glyph centred on 0 for a tile colour (and, for
// buildings and animals, its kind), drawn in ink.
func colourIcon(tv *burgundy.TileView, colour, ink string) string {
	switch colour {
	case "castle":
		return `<path d="M-8 8V-3H-6V-7H-3V-3H-1V-7H1V-3H3V-7H6V-3H8V8H2.5V3A2.5 2.5 0 0 0-2.5 3V8Z" fill="` + ink + `"/>`
	case "mine":
		return `<path d="M-6-2-4-6-1-3 1-7 4-3 6-5 7-2Z" fill="` + ink + `" opacity=".7"/><path d="M-9-1H9L6.5 6H-6.5Z" fill="` + ink + `"/><circle cx="-4" cy="8" r="2" fill="` + ink + `"/><circle cx="4" cy="8" r="2" fill="` + ink + `"/>`
	case "ship":
		return `<path d="M-9 3H9L6 8H-6Z M-.8 3V-9H.8V3Z M1.8-8 8 1.5H1.8Z M-1.8-5.5-7 1.5H-1.8Z" fill="` + ink + `"/>`
	case "knowledge":
		return `<path d="M0-5C-3-7.5-6-7.5-9-6.5V7C-6 6-3 6 0 8 3 6 6 6 9 7V-6.5C6-7.5 3-7.5 0-5Z" fill="` + ink + `"/><path d="M0-4.5V7.5" stroke="#fff7d0" stroke-width="1.2"/>`
	case "animal":
		kind := ""
		if tv != nil {
			kind = tv.Animal
		}
		return animalIcon(kind, ink)
	case "building":
		b := ""
		if tv != nil {
			b = tv.Building
		}
		return buildingIcon(b, ink)
	}
	return ""
}

func animalIcon(kind, ink string) string {
	switch kind {
	case "cattle":
		return `<path d="M-5-3C-5-7 5-7 5-3V3C5 8-5 8-5 3Z" fill="` + ink + `"/><path d="M-4.5-5C-7-5.5-9-8-8.5-10-7.5-8-6-7-3.5-7ZM4.5-5C7-5.5 9-8 8.5-10 7.5-8 6-7 3.5-7Z" fill="` + ink + `"/><ellipse cy="4" rx="4" ry="2.6" fill="#e9d9c0"/><circle cx="-1.5" cy="4" r=".8" fill="` + ink + `"/><circle cx="1.5" cy="4" r=".8" fill="` + ink + `"/>`
	case "pigs":
		return `<circle r="7" fill="` + ink + `"/><path d="M-6-4-7-9-2.5-6ZM6-4 7-9 2.5-6Z" fill="` + ink + `"/><ellipse cy="2" rx="3.6" ry="2.6" fill="#f2b8c6"/><circle cx="-1.3" cy="2" r=".8" fill="` + ink + `"/><circle cx="1.3" cy="2" r=".8" fill="` + ink + `"/>`
	case "sheep":
		return `<g fill="#fbfbf4" stroke="` + ink + `" stroke-width="1"><circle cx="-4" cy="-3" r="3.5"/><circle cx="1" cy="-4.5" r="3.5"/><circle cx="5" cy="-1" r="3.5"/><circle cx="-5" cy="2" r="3.5"/><circle cx="0" cy="2" r="4"/></g><ellipse cx="5.5" cy="4" rx="2.6" ry="3.4" fill="` + ink + `"/>`
	case "chickens":
		return `<path d="M-7 0C-7-5-2-6 1-3 2-7 7-8 7-4L9-3 7-2C7 4 3 8-2 8-5 8-7 5-7 0Z" fill="` + ink + `"/><path d="M3-8 4.5-10.5 6-8.5 7.5-10 7.5-7Z" fill="#d8452e"/><circle cx="4.6" cy="-4.4" r=".9" fill="#fff"/>`
	}
	return `<ellipse rx="7" ry="5" fill="` + ink + `"/>`
}

func buildingIcon(b, ink string) string {
	fill := `fill="` + ink + `"`
	switch b {
	case "Warehouse":
		return `<path d="M-9 8V-1L-4.5-6H4.5L9-1V8Z" ` + fill + `/><path d="M-3 8V1H3V8M-3 1 3 8M3 1-3 8" stroke="#ecdcc2" stroke-width="1.1" fill="none"/>`
	case "Watchtower":
		return `<path d="M-4 9V-4H-6V-9H-3.5V-7H-1V-9H1V-7H3.5V-9H6V-4H4V9Z" ` + fill + `/><rect x="-1.2" y="-2" width="2.4" height="4" fill="#ecdcc2"/>`
	case "Carpenter's Workshop":
		return `<path d="M-8 7-6 9 4-1 2-3Z" ` + fill + `/><path d="M0-8 8 0 6 2 3-1 1 1-1-1 1-3-2-6Z" ` + fill + `/>`
	case "Church":
		return `<path d="M-8 8V0L-3-4.5 2 0V8ZM2 8V-3L5-6.5 8-3V8Z" ` + fill + `/><path d="M5-12V-6.5M3-10H7" stroke="` + ink + `" stroke-width="1.4"/><path d="M-4.5 8V3.5A1.5 1.5 0 0 1-1.5 3.5V8Z" fill="#ecdcc2"/>`
	case "Market":
		return `<path d="M-9-2-7-7H7L9-2Z" ` + fill + `/><path d="M-4.5-7-5.5-2M0-7V-2M4.5-7 5.5-2" stroke="#ecdcc2" stroke-width="1.2"/><path d="M-7-2V8M7-2V8" stroke="` + ink + `" stroke-width="1.6"/><rect x="-7.5" y="3" width="15" height="2.6" ` + fill + `/>`
	case "Boarding House":
		return `<path d="M-8 8V-2L0-8.5 8-2V8Z" ` + fill + `/><rect x="-5" y="0" width="3.5" height="3" fill="#ecdcc2"/><rect x="1.5" y="0" width="3.5" height="3" fill="#ecdcc2"/><rect x="-1.3" y="4" width="2.6" height="4" fill="#ecdcc2"/>`
	case "Bank":
		return `<path d="M-9-3.5 0-9 9-3.5Z M-8 6H8V8.5H-8Z" ` + fill + `/><path d="M-6-2.5V5.5M-2-2.5V5.5M2-2.5V5.5M6-2.5V5.5" stroke="` + ink + `" stroke-width="2"/>`
	case "City Hall":
		return `<path d="M-9 8V-1H-3V-5H3V-1H9V8Z" ` + fill + `/><path d="M0-5V-11.5L4.5-10 0-8.5" ` + fill + `/><rect x="-1.3" y="3" width="2.6" height="5" fill="#ecdcc2"/><rect x="-6.5" y="1.5" width="2" height="2.5" fill="#ecdcc2"/><rect x="4.5" y="1.5" width="2" height="2.5" fill="#ecdcc2"/>`
	}
	return `<path d="M-8 8V-2L0-8.5 8-2V8Z" ` + fill + `/>`
}

var buildingIndex = map[string]int{
	"Warehouse": 1, "Watchtower": 2, "Carpenter's Workshop": 3, "Church": 4,
	"Market": 5, "Boarding House": 6, "Bank": 7, "City Hall": 8,
}

// tileName is the tile's name in the viewer's language.
func tileName(id int) string {
	if id <= 0 {
		return ""
	}
	tv := burgundy.TileViewOf(id)
	return tileViewName(&tv)
}

func tileViewName(tv *burgundy.TileView) string {
	switch tv.Colour {
	case "building":
		return T("burgundy.building." + strconv.Itoa(buildingIndex[tv.Building]))
	case "animal":
		return T("burgundy.tile.animal", tv.Animals, T("burgundy.animal."+tv.Animal))
	case "knowledge":
		return T("burgundy.tile.knowledge", tv.Knowledge)
	case "castle":
		if burgundy.Tile(tv.ID).Start {
			return T("burgundy.tile.start")
		}
	}
	return T("burgundy.tile." + tv.Colour)
}

// tileHelp is the tile's help text in the viewer's language.
func tileHelp(id int) string {
	t := burgundy.Tile(id)
	tv := burgundy.TileViewOf(id)
	switch tv.Colour {
	case "building":
		return T("burgundy.help.building." + strconv.Itoa(int(t.Building)))
	case "knowledge":
		return T("burgundy.help.knowledge." + strconv.Itoa(t.Knowledge))
	case "animal":
		return T("burgundy.help.animal", T("burgundy.animal."+tv.Animal))
	case "castle":
		if t.Start {
			return T("burgundy.help.start")
		}
	}
	return T("burgundy.help." + tv.Colour)
}

// tileLabel is the short text on a tile: the knowledge number, the animal
// count, the building's initials.
func tileLabel(tv *burgundy.TileView) string {
	switch tv.Colour {
	case "knowledge":
		return strconv.Itoa(tv.Knowledge)
	case "animal":
		return strconv.Itoa(tv.Animals)
	case "building":
		return T("burgundy.bshort." + strconv.Itoa(buildingIndex[tv.Building]))
	}
	return ""
}

// tileSVG draws a hex tile of radius r at (x, y): colour, icon and label,
// with its name as a tooltip.
//
// note, when set, heads the tooltip: what clicking the tile does now.
func tileSVG(b *strings.Builder, tv *burgundy.TileView, x, y, r float64, extra, note string) {
	l := lookOf(tv.Colour)
	name := tileViewName(tv)
	tip := name + " — " + tileHelp(tv.ID)
	if note != "" {
		tip = note + "\n" + tip
	}
	fmt.Fprintf(b, `<g class="tile c-%s" data-tile="%d"%s><title>%s</title>`, tv.Colour, tv.ID, extra, html.EscapeString(tip))
	stroke := l.edge
	if tv.Black {
		stroke = "#111"
	}
	fmt.Fprintf(b, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="%s"/>`, hexPoints(x, y, r*.96), l.fill, stroke, f1(r*.09))
	label := tileLabel(tv)
	s := r / 15
	iy := y
	if label != "" {
		iy = y - r*.2
	}
	iconUse(b, tv, tv.Colour, l.ink, x, iy, s*.95, "")
	if label != "" {
		fs := r * .42
		if tv.Colour == "building" {
			fs = r * .36
		}
		fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="middle" font-size="%s" font-weight="700" fill="%s">%s</text>`,
			f1(x), f1(y+r*.62), f1(fs), l.ink, html.EscapeString(label))
	}
	b.WriteString(`</g>`)
}

// emptySpaceSVG draws an empty space of a colour: pale fill, a faint icon
// and, when it has one, its die number.
// A lit space (a target) is lighter still, so it stands out.
func emptySpaceSVG(b *strings.Builder, colour string, number int, x, y, r float64, lit bool) {
	l := lookOf(colour)
	fill := l.pale
	if lit {
		fill = "#fffaf0"
	}
	fmt.Fprintf(b, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="%s"/>`, hexPoints(x, y, r*.96), fill, l.edge, f1(r*.06))
	s := r / 15
	iy := y
	if number > 0 {
		iy = y - r*.36
	}
	iconUse(b, nil, colour, l.edge, x, iy, s*.7, ` opacity=".45"`)
	if number > 0 {
		dieFace(b, x, y+r*.3, r*.62, number, "#fffdf6", "#2b2418", "")
	}
}

// pips are die pip positions for faces 1–6 in a unit square (-1…1).
var pips = [7][][2]float64{
	{}, {{0, 0}}, {{-.5, -.5}, {.5, .5}}, {{-.5, -.5}, {0, 0}, {.5, .5}},
	{{-.5, -.5}, {.5, -.5}, {-.5, .5}, {.5, .5}},
	{{-.5, -.5}, {.5, -.5}, {0, 0}, {-.5, .5}, {.5, .5}},
	{{-.5, -.55}, {.5, -.55}, {-.5, 0}, {.5, 0}, {-.5, .55}, {.5, .55}},
}

// dieFace draws a die of side size at (x, y) showing n.
func dieFace(b *strings.Builder, x, y, size float64, n int, fill, ink, extra string) {
	h := size / 2
	fmt.Fprintf(b, `<g class="die"%s><rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
		extra, f1(x-h), f1(y-h), f1(size), f1(size), f1(size*.2), fill, ink, f1(size*.06))
	if n >= 1 && n <= 6 {
		fmt.Fprintf(b, `<use href="#bgp-%d" fill="%s" transform="translate(%s %s) scale(%s)"/>`, n, ink, f1(x), f1(y), f2(h*.95))
	}
	b.WriteString(`</g>`)
}

// goodsSVG draws a goods tile of kind k (a square with the kind's die
// pips) with a count badge when more than one.
func goodsSVG(b *strings.Builder, k, count int, x, y, size float64) {
	if k < 1 || k > 6 {
		return
	}
	fmt.Fprintf(b, `<g class="goods" data-kind="%d" data-count="%d"><title>%s</title>`, k, count, html.EscapeString(T("burgundy.goods.n", count, k, goodsName(k))))
	if count > 1 {
		// A second tile peeking out shows it is a pile.
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="#2b2418" stroke-width="1" opacity=".8"/>`,
			f1(x-size/2+3), f1(y-size/2-3), f1(size), f1(size), f1(size*.18), goodsFill[k])
	}
	dieFace(b, x, y, size, k, goodsFill[k], "#2b2418", "")
	if count > 1 {
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s" fill="#2b2418"/><text x="%s" y="%s" text-anchor="middle" font-size="%s" font-weight="700" fill="#fff">%d</text>`,
			f1(x+size*.5), f1(y+size*.5), f1(size*.32), f1(x+size*.5), f1(y+size*.5+size*.13), f1(size*.4), count)
	}
	b.WriteString(`</g>`)
}

// workerGlyph and coinGlyph are small icons for counts (radius ~r).
func workerGlyph(b *strings.Builder, x, y, r float64) {
	fmt.Fprintf(b, `<g transform="translate(%s %s) scale(%s)" aria-hidden="true"><circle cy="-5" r="3.6" fill="#2b2418"/><path d="M-6 9C-6 2-4-.5 0-.5S6 2 6 9Z" fill="#2b2418"/></g>`, f1(x), f1(y), f1(r/9))
}

func coinGlyph(b *strings.Builder, x, y, r float64) {
	fmt.Fprintf(b, `<g aria-hidden="true"><circle cx="%s" cy="%s" r="%s" fill="#d9dde2" stroke="#5b636b" stroke-width="%s"/><circle cx="%s" cy="%s" r="%s" fill="none" stroke="#8c949c" stroke-width="%s"/></g>`,
		f1(x), f1(y), f1(r), f1(r*.14), f1(x), f1(y), f1(r*.6), f1(r*.1))
}

// tileIconHTML is a small standalone SVG of a tile, for HTML (buttons,
// help panel).
func tileIconHTML(id int, size int) string {
	if id <= 0 {
		return ""
	}
	tv := burgundy.TileViewOf(id)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="bg-ico" viewBox="-16 -16 32 32" width="%d" height="%d" aria-hidden="true">`, size, size)
	tileSVG(&b, &tv, 0, 0, 15.5, "", "")
	b.WriteString(`</svg>`)
	return b.String()
}

// goodsName is goods kind k (1–6) by its colour ("red"), as drawn.
func goodsName(k int) string {
	if k < 1 || k > 6 {
		return strconv.Itoa(k)
	}
	return T("burgundy.kind." + strconv.Itoa(k))
}

func goodsIconHTML(k, size int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="bg-ico" viewBox="-12 -12 24 24" width="%d" height="%d" aria-hidden="true">`, size, size)
	goodsSVG(&b, k, 1, 0, 0, 20)
	b.WriteString(`</svg>`)
	return b.String()
}

func dieIconHTML(n, size int, used bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="bg-ico" viewBox="-12 -12 24 24" width="%d" height="%d" aria-hidden="true">`, size, size)
	fill, ink := "#fffdf6", "#2b2418"
	if used {
		fill, ink = "#6b6b6b", "#2b2b2b"
	}
	dieFace(&b, 0, 0, 21, n, fill, ink, "")
	b.WriteString(`</svg>`)
	return b.String()
}

// f2 formats a scale factor with two decimals.
func f2(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// Icons and die pips are drawn once, as <defs> in a hidden SVG on the
// page (defsSVG), and placed with <use>: the boards are rebuilt on every
// render, and this keeps their markup small. Icons take their ink from
// the color attribute of the <use> (currentColor).

// iconKey names the glyph of a tile colour and, for animals and
// buildings, its kind.
func iconKey(tv *burgundy.TileView, colour string) string {
	if tv != nil {
		switch colour {
		case "animal":
			if tv.Animal != "" {
				return "animal-" + tv.Animal
			}
		case "building":
			if i := buildingIndex[tv.Building]; i > 0 {
				return "building-" + strconv.Itoa(i)
			}
		}
	}
	return colour
}

func iconUse(b *strings.Builder, tv *burgundy.TileView, colour, ink string, x, y, scale float64, extra string) {
	fmt.Fprintf(b, `<use href="#bgi-%s" color="%s" transform="translate(%s %s) scale(%s)"%s/>`, iconKey(tv, colour), ink, f1(x), f1(y), f2(scale), extra)
}

var (
	defsOnce sync.Once
	defs     string
)

// defsSVG is the hidden SVG holding every icon and die face.
func defsSVG() string {
	defsOnce.Do(func() {
		var b strings.Builder
		b.WriteString(`<svg class="bg-defs" width="0" height="0" style="position:absolute;width:0;height:0;overflow:hidden" aria-hidden="true" focusable="false"><defs>`)
		add := func(key string, tv *burgundy.TileView, colour string) {
			fmt.Fprintf(&b, `<g id="bgi-%s">%s</g>`, key, colourIcon(tv, colour, "currentColor"))
		}
		for _, c := range []string{"castle", "mine", "ship", "knowledge", "animal", "building"} {
			add(c, nil, c)
		}
		for _, a := range []string{"cattle", "pigs", "sheep", "chickens"} {
			add("animal-"+a, &burgundy.TileView{Animal: a}, "animal")
		}
		for name, i := range buildingIndex {
			add("building-"+strconv.Itoa(i), &burgundy.TileView{Building: name}, "building")
		}
		for n := 1; n <= 6; n++ {
			fmt.Fprintf(&b, `<g id="bgp-%d">`, n)
			for _, p := range pips[n] {
				fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r=".21"/>`, f2(p[0]), f2(p[1]))
			}
			b.WriteString(`</g>`)
		}
		b.WriteString(`</defs></svg>`)
		defs = b.String()
	})
	return defs
}
