package burgundyui

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"tabula/app/gameui"
	"tabula/engine/burgundy"
)

// Main board geometry, in SVG user units. The six numbered depots form a
// ring (1 top left, clockwise) around the black depot, as on the board;
// neighbours on the ring are the neighbours knowledge tile 5 speaks of.
const (
	boardW     = 400.0
	boardH     = 566.0
	ringX      = 200.0
	ringY      = 246.0
	ringR      = 136.0
	depotHex   = 21.0 // radius of a depot space
	blackHex   = 19.0
	bottomBand = 432.0
)

// depotCentre is the centre of numbered depot d (1–6).
func depotCentre(d int) (float64, float64) {
	a := math.Pi / 180 * (-120 + 60*float64(d-1))
	return ringX + ringR*math.Cos(a), ringY + ringR*math.Sin(a)
}

// depotSpaceOffset places the (up to) four hex spaces of a depot: two
// above its die, two below.
var depotSpaceOffset = [4][2]float64{{-19, -33}, {19, -33}, {-19, 33}, {19, 33}}

// draw is one render's drawing context: the view, the seat styles, and
// the targets with the legal list they index.
type draw struct {
	v       *burgundy.View
	styles  []gameui.SeatStyle
	legal   []burgundy.Action
	targets map[string][]int
	names   func(seat int) string
	// selectable storage tiles (placement filter) and the chosen one.
	selectable map[int]bool
	chosen     int
	pick       string
}

// spot opens a clickable target around what follows; closeSpot ends it
// with the cost badge at (bx, by).
func (d *draw) spot(b *strings.Builder, key, class string) bool {
	idx, ok := d.targets[key]
	if !ok {
		return false
	}
	label := optionLabel(d.legal[idx[0]])
	if len(idx) > 1 {
		label = T("burgundy.choices", label, len(idx))
	}
	cls := "spot " + class
	if d.pick == key {
		cls += " picked"
	}
	fmt.Fprintf(b, `<g class="%s" role="button" tabindex="0" data-act="%s" aria-label="%s">`, cls, key, html.EscapeString(label))
	return true
}

func (d *draw) closeSpot(b *strings.Builder, key string, bx, by float64) {
	c := costOf(d.legal, d.targets[key])
	badge(b, c, bx, by)
	b.WriteString(`</g>`)
}

// badge marks a target's cost: workers (+n) or a purchase (2 silverlings).
func badge(b *strings.Builder, c cost, x, y float64) {
	switch {
	case c.buy:
		fmt.Fprintf(b, `<g class="badge" transform="translate(%s %s)"><rect x="-14" y="-8" width="28" height="16" rx="8" fill="#1b1b1b"/>`, f1(x), f1(y))
		coinGlyph(b, -6, 0, 5)
		b.WriteString(`<text x="5" y="4" text-anchor="middle" font-size="11" font-weight="700" fill="#fff">2</text></g>`)
	case c.workers > 0:
		fmt.Fprintf(b, `<g class="badge" transform="translate(%s %s)"><rect x="-15" y="-8" width="30" height="16" rx="8" fill="#1b1b1b"/><g transform="translate(-7 0) scale(.6)"><circle cy="-5" r="3.6" fill="#fff"/><path d="M-6 9C-6 2-4-.5 0-.5S6 2 6 9Z" fill="#fff"/></g><text x="5" y="4" text-anchor="middle" font-size="11" font-weight="700" fill="#fff">+%d</text></g>`,
			f1(x), f1(y), c.workers)
	}
}

// glowHex is the highlight of a hex target.
func glowHex(b *strings.Builder, x, y, r float64) {
	fmt.Fprintf(b, `<polygon class="glow" points="%s" fill="none" stroke="#fff" stroke-width="%s" stroke-dasharray="%s %s"/>`,
		hexPoints(x, y, r*1.04), f1(r*.16), f1(r*.45), f1(r*.22))
}

// mainBoardSVG is the main board for the view.
func (d *draw) mainBoardSVG() string {
	v := d.v
	var b strings.Builder
	b.Grow(32 << 10)
	fmt.Fprintf(&b, `<svg class="bg-main" viewBox="0 0 %s %s" preserveAspectRatio="xMidYMid meet" role="group" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`,
		f1(boardW), f1(boardH), html.EscapeString(T("burgundy.aria.main")))
	fmt.Fprintf(&b, `<rect x="1" y="1" width="%s" height="%s" rx="16" fill="#ead9b0" stroke="#8a6d3b" stroke-width="2"/>`, f1(boardW-2), f1(boardH-2))
	// The river of the Loire behind the depots: a soft band.
	fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="#dcc896"/>`, f1(ringX), f1(ringY), f1(ringR+62))
	d.topBand(&b)
	for dep := 1; dep <= 6 && dep <= len(v.Depots); dep++ {
		d.depot(&b, dep, &v.Depots[dep-1])
	}
	d.blackDepot(&b)
	d.bonusRow(&b)
	d.trackRow(&b)
	d.scoreRow(&b)
	b.WriteString(`</svg>`)
	return b.String()
}

// topBand: phases A–E, the five round goods spaces, the white die.
func (d *draw) topBand(b *strings.Builder) {
	v := d.v
	fmt.Fprintf(b, `<text x="14" y="16" font-size="10" fill="#5a4524" font-weight="600">%s</text>`, html.EscapeString(T("burgundy.phases")))
	for i := 0; i < 5; i++ {
		name := string(rune('A' + i))
		x := 22 + float64(i)*25
		fill, ink, stroke := "#f6ecd2", "#5a4524", "#8a6d3b"
		cur := name == v.Phase
		past := v.Phase != "" && name < v.Phase
		if cur {
			fill, ink, stroke = "#7a2e1d", "#fff", "#3b140b"
		} else if past {
			fill, ink = "#cdb98c", "#6d5a36"
		}
		fmt.Fprintf(b, `<g class="phase%s"><circle cx="%s" cy="36" r="11" fill="%s" stroke="%s" stroke-width="1.5"/><text x="%s" y="40" text-anchor="middle" font-size="12" font-weight="700" fill="%s">%s</text></g>`,
			map[bool]string{true: " current", false: ""}[cur], f1(x), fill, stroke, f1(x), ink, name)
	}
	fmt.Fprintf(b, `<text x="150" y="16" font-size="10" fill="#5a4524" font-weight="600">%s</text>`, html.EscapeString(T("burgundy.rounds", v.Round)))
	for i := 0; i < 5; i++ {
		x := 162 + float64(i)*30
		cur := i == v.Round-1 && v.Stage != "over"
		stroke := "#8a6d3b"
		sw := "1.2"
		if cur {
			stroke, sw = "#7a2e1d", "3"
		}
		fmt.Fprintf(b, `<rect class="round-space" x="%s" y="23" width="26" height="26" rx="4" fill="#f6ecd2" stroke="%s" stroke-width="%s"/>`, f1(x-13), stroke, sw)
		k := 0
		if i < len(v.RoundGoods) {
			k = v.RoundGoods[i]
		}
		if k > 0 {
			goodsSVG(b, k, 1, x, 36, 18)
		} else {
			fmt.Fprintf(b, `<text x="%s" y="40" text-anchor="middle" font-size="11" fill="#a08a5e">%d</text>`, f1(x), i+1)
		}
	}
	fmt.Fprintf(b, `<text x="386" y="16" text-anchor="end" font-size="10" fill="#5a4524" font-weight="600">%s</text>`, html.EscapeString(T("burgundy.white")))
	if v.WhiteDie > 0 {
		dieFace(b, 368, 36, 24, v.WhiteDie, "#fff", "#2b2418", ` role="img" aria-label="`+html.EscapeString(T("burgundy.white")+" "+strconv.Itoa(v.WhiteDie))+`"`)
	} else {
		dieFace(b, 368, 36, 24, 0, "#f6ecd2", "#a08a5e", "")
	}
}

func (d *draw) depot(b *strings.Builder, dep int, dv *burgundy.DepotView) {
	cx, cy := depotCentre(dep)
	fmt.Fprintf(b, `<g class="depot" data-depot="%d" role="group" aria-label="%s">`, dep, html.EscapeString(T("burgundy.depot", dep)))
	fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="62" fill="#f3e6c4" stroke="#b59a64" stroke-width="1.5"/>`, f1(cx), f1(cy))
	for i, sp := range dv.Spaces {
		if i >= 4 {
			break
		}
		x, y := cx+depotSpaceOffset[i][0], cy+depotSpaceOffset[i][1]
		if sp.Tile == nil {
			fmt.Fprintf(b, `<g class="depot-space" aria-label="%s">`, html.EscapeString(T("burgundy.aria.emptydepot", T("burgundy.colour."+sp.Colour))))
			emptySpaceSVG(b, sp.Colour, 0, x, y, depotHex)
			b.WriteString(`</g>`)
			continue
		}
		key := keyDepot(dep, sp.Tile.ID)
		open := d.spot(b, key, "spot-tile")
		tileSVG(b, sp.Tile, x, y, depotHex, "")
		if open {
			glowHex(b, x, y, depotHex)
			d.closeSpot(b, key, x+12, y-depotHex+2)
		}
	}
	// The goods space: the middle band, with the depot's die on it.
	key := keyShip(dep)
	open := d.spot(b, key, "spot-goods")
	fmt.Fprintf(b, `<rect class="goods-space" x="%s" y="%s" width="104" height="22" rx="11" fill="#e6d3a4" stroke="#b59a64" stroke-width="1"/>`, f1(cx-52), f1(cy-11))
	slots := [4]float64{-24, 24, -41, 41}
	n := 0
	for _, g := range dv.Goods {
		if n >= 4 {
			break
		}
		goodsSVG(b, g.Kind, g.Count, cx+slots[n], cy, 15)
		n++
	}
	dieFace(b, cx, cy, 20, dep, "#fffdf6", "#2b2418", ` role="img" aria-label="`+html.EscapeString(T("burgundy.depot", dep))+`"`)
	if open {
		fmt.Fprintf(b, `<rect class="glow" x="%s" y="%s" width="108" height="26" rx="13" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="8 4"/>`, f1(cx-54), f1(cy-13))
		b.WriteString(`</g>`)
	}
	b.WriteString(`</g>`)
}

func (d *draw) blackDepot(b *strings.Builder) {
	v := d.v
	fmt.Fprintf(b, `<g class="black-depot" role="group" aria-label="%s">`, html.EscapeString(T("burgundy.black")))
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="156" height="104" rx="14" fill="#2b2622" stroke="#111" stroke-width="2"/>`, f1(ringX-78), f1(ringY-50))
	fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="middle" font-size="10" font-weight="600" fill="#efe4c8">%s</text>`, f1(ringX), f1(ringY-37), html.EscapeString(T("burgundy.black.label")))
	n := len(v.BlackDepot)
	perRow := 4
	for i, tv := range v.BlackDepot {
		row, col := i/perRow, i%perRow
		inRow := perRow
		if row == (n-1)/perRow && n%perRow != 0 {
			inRow = n % perRow
		}
		x := ringX + (float64(col)-float64(inRow-1)/2)*35
		y := ringY - 9 + float64(row)*34
		if n <= perRow {
			y = ringY + 6
		}
		tv := tv
		key := keyBlack(tv.ID)
		open := d.spot(b, key, "spot-tile")
		tileSVG(b, &tv, x, y, blackHex, "")
		if open {
			glowHex(b, x, y, blackHex)
			d.closeSpot(b, key, x+10, y-blackHex+2)
		}
	}
	if n == 0 {
		fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="middle" font-size="10" fill="#a89f93">%s</text>`, f1(ringX), f1(ringY+8), html.EscapeString(T("burgundy.empty")))
	}
	b.WriteString(`</g>`)
}

// bonusRow: the large and small bonus tile of each colour, with the seat
// holding it once taken.
func (d *draw) bonusRow(b *strings.Builder) {
	y := bottomBand + 18
	fmt.Fprintf(b, `<text x="14" y="%s" font-size="10" fill="#5a4524" font-weight="600">%s</text>`, f1(bottomBand), html.EscapeString(T("burgundy.bonus")))
	for i, bv := range d.v.Bonus {
		x := 28 + float64(i)*63
		l := lookOf(bv.Colour)
		fmt.Fprintf(b, `<g class="bonus" data-colour="%s"><title>%s</title>`, bv.Colour, html.EscapeString(T("burgundy.bonus.tip", T("burgundy.colour."+bv.Colour), bv.Large, bv.Small)))
		fmt.Fprintf(b, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="1.2"/>`, hexPoints(x, y, 14), l.fill, l.edge)
		fmt.Fprintf(b, `<g transform="translate(%s %s) scale(.6)">%s</g>`, f1(x), f1(y), colourIcon(nil, bv.Colour, l.ink))
		d.bonusPill(b, x+16, y-8, bv.Large, int(bv.LargeOwner))
		d.bonusPill(b, x+16, y+8, bv.Small, int(bv.SmallOwner))
		b.WriteString(`</g>`)
	}
}

func (d *draw) bonusPill(b *strings.Builder, x, y float64, vp, owner int) {
	if owner >= 0 && owner < len(d.styles) {
		st := d.styles[owner]
		fmt.Fprintf(b, `<g class="taken" data-owner="%d"><rect x="%s" y="%s" width="26" height="14" rx="7" fill="#cdbb91"/><path transform="translate(%s %s)" d="%s" fill="%s" stroke="#222" stroke-width=".8"/><text x="%s" y="%s" font-size="9" fill="#5a4524" text-decoration="line-through">%d</text></g>`,
			owner, f1(x), f1(y-7), f1(x+7), f1(y), gameui.ShapePath(st.Shape, 4.5), st.Color, f1(x+14), f1(y+3.5), vp)
		return
	}
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="26" height="14" rx="7" fill="#f7d774" stroke="#9b7a16" stroke-width=".8"/><text x="%s" y="%s" text-anchor="middle" font-size="10" font-weight="700" fill="#3a2c00">%d</text>`,
		f1(x), f1(y-7), f1(x+13), f1(y+3.5), vp)
}

// marker draws a seat's marker (its colour and shape) at (x, y).
func (d *draw) marker(b *strings.Builder, seat int, x, y, r float64) {
	if seat < 0 || seat >= len(d.styles) {
		return
	}
	st := d.styles[seat]
	fmt.Fprintf(b, `<path class="marker" data-seat="%d" transform="translate(%s %s)" d="%s" fill="%s" stroke="#222" stroke-width="1.2"><title>%s</title></path>`,
		seat, f1(x), f1(y), gameui.ShapePath(st.Shape, r), st.Color, html.EscapeString(d.names(seat)))
}

// trackRow: the turn-order track, markers stacked on their space.
func (d *draw) trackRow(b *strings.Builder) {
	y := bottomBand + 62
	fmt.Fprintf(b, `<text x="14" y="%s" font-size="10" fill="#5a4524" font-weight="600">%s</text>`, f1(y-20), html.EscapeString(T("burgundy.track")))
	maxSpace := 6
	for _, t := range d.v.TurnTrack {
		if t.Space > maxSpace {
			maxSpace = t.Space
		}
	}
	w := 370.0 / float64(maxSpace+1)
	if w > 52 {
		w = 52
	}
	for s := 0; s <= maxSpace; s++ {
		x := 16 + float64(s)*w
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="30" rx="4" fill="#f3e6c4" stroke="#b59a64"/><text x="%s" y="%s" font-size="8" fill="#a08a5e">%d</text>`,
			f1(x), f1(y-12), f1(w-3), f1(x+3), f1(y-4), s)
	}
	fmt.Fprintf(b, `<g class="track" aria-label="%s">`, html.EscapeString(T("burgundy.track")))
	for _, t := range d.v.TurnTrack {
		x := 16 + float64(t.Space)*w + w/2 + 3
		d.marker(b, int(t.Seat), x-float64(t.Height)*2, y+6-float64(t.Height)*7, 6)
	}
	b.WriteString(`</g>`)
}

// scoreRow: the score track, scaled to the leader.
func (d *draw) scoreRow(b *strings.Builder) {
	y := bottomBand + 112
	top := 50
	for _, s := range d.v.Scores {
		for s >= top {
			top += 50
		}
	}
	fmt.Fprintf(b, `<text x="14" y="%s" font-size="10" fill="#5a4524" font-weight="600">%s</text>`, f1(y-18), html.EscapeString(T("burgundy.score")))
	x0, x1 := 20.0, 384.0
	fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#8a6d3b" stroke-width="3" stroke-linecap="round"/>`, f1(x0), f1(y), f1(x1), f1(y))
	for t := 0; t <= top; t += 10 {
		x := x0 + (x1-x0)*float64(t)/float64(top)
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#8a6d3b" stroke-width="1"/>`, f1(x), f1(y-3), f1(x), f1(y+3))
		if t%(top/5) == 0 {
			fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="middle" font-size="8" fill="#6d5a36">%d</text>`, f1(x), f1(y+13), t)
		}
	}
	fmt.Fprintf(b, `<g class="scores" aria-label="%s">`, html.EscapeString(T("burgundy.score")))
	stack := map[int]int{}
	for seat, s := range d.v.Scores {
		x := x0 + (x1-x0)*float64(s)/float64(top)
		k := stack[s]
		stack[s]++
		d.marker(b, seat, x, y-9-float64(k)*10, 5.5)
	}
	b.WriteString(`</g>`)
}
