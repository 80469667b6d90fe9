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
// On a wide screen the phase, rounds, bonus tiles and turn order stand in
// a column right of the ring (landscape); on a phone they go above and
// below it (portrait), so the depots get the whole width.
type geom struct {
	w, h         float64
	ringX, ringY float64
	landscape    bool
}

var (
	landscape = geom{w: 560, h: 440, ringX: 204, ringY: 200, landscape: true}
	portrait  = geom{w: 400, h: 560, ringX: 200, ringY: 246}
)

const (
	ringR    = 136.0
	depotHex = 21.0 // radius of a depot space
	blackHex = 19.0
)

// depotCentre is the centre of numbered depot d (1–6).
func (g *geom) depotCentre(d int) (float64, float64) {
	a := math.Pi / 180 * (-120 + 60*float64(d-1))
	return g.ringX + ringR*math.Cos(a), g.ringY + ringR*math.Sin(a)
}

// depotSpaceOffset places the (up to) four hex spaces of a depot: two
// above its die, two below.
var depotSpaceOffset = [4][2]float64{{-19, -33}, {19, -33}, {-19, 33}, {19, 33}}

// draw is one render's drawing context: the view, the seat styles, and
// the targets with the legal list they index.
type draw struct {
	g       *geom
	v       *burgundy.View
	styles  []gameui.SeatStyle
	legal   []burgundy.Action
	targets map[string][]int
	names   func(seat int) string
	// selectable storage tiles (placement filter) and the chosen one.
	selectable map[int]bool
	chosen     int
	pick       string
	// fresh are the estate spaces covered since the last render of that
	// estate (drawn with a short placing animation).
	fresh map[int]bool
	// bots is the view before the bots' latest moves, whose changes are
	// marked (marks.go); nil when nothing is.
	bots *burgundy.View
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

// note is a target's action for its tooltip ("" when not a target).
func (d *draw) note(key string, open bool) string {
	idx := d.targets[key]
	if !open || len(idx) == 0 {
		return ""
	}
	if len(idx) > 1 {
		return T("burgundy.choices", optionLabel(d.legal[idx[0]]), len(idx))
	}
	return optionLabel(d.legal[idx[0]])
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

// glowHex is the highlight of a hex target: a bright ring with a dark
// edge, readable on the pale board and on any tile colour.
func glowHex(b *strings.Builder, x, y, r float64) {
	fmt.Fprintf(b, `<polygon class="glow-edge" points="%s" fill="none" stroke="#2b1200" stroke-width="%s"/><polygon class="glow" points="%s" fill="none" stroke="%s" stroke-width="%s"/>`,
		hexPoints(x, y, r*1.02), f1(r*.26), hexPoints(x, y, r*1.02), glowColour, f1(r*.15))
}

// glowColour marks what can be clicked now.
const glowColour = "#ff7a1a"

// mainBoardSVG is the main board for the view.
func (d *draw) mainBoardSVG() string {
	v, g := d.v, d.g
	var b strings.Builder
	b.Grow(32 << 10)
	cls := "bg-main"
	if d.boardTargets() {
		cls += " has-targets"
	}
	fmt.Fprintf(&b, `<svg class="%s" viewBox="0 0 %s %s" preserveAspectRatio="xMidYMid meet" role="group" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`,
		cls, f1(g.w), f1(g.h), html.EscapeString(T("burgundy.aria.main")))
	fmt.Fprintf(&b, `<rect x="1" y="1" width="%s" height="%s" rx="16" fill="#ead9b0" stroke="#8a6d3b" stroke-width="2"/>`, f1(g.w-2), f1(g.h-2))
	// The ring of depots, as a path joining neighbours.
	fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#c9b17c" stroke-width="10"/>`, f1(g.ringX), f1(g.ringY), f1(ringR))
	if g.landscape {
		d.topBand(&b, 412, 18)
		d.bonusRow(&b, 412, 162)
		d.trackRow(&b, 412, 286, 136)
		d.scoreRow(&b, 14, 398, g.w-28)
	} else {
		d.topBand(&b, 14, 16)
		d.bonusRow(&b, 14, 432)
		d.trackRow(&b, 14, 474, 372)
		d.scoreRow(&b, 14, 520, g.w-28)
	}
	for dep := 1; dep <= 6 && dep <= len(v.Depots); dep++ {
		d.depot(&b, dep, &v.Depots[dep-1])
	}
	d.blackDepot(&b)
	b.WriteString(`</svg>`)
	return b.String()
}

// boardTargets reports whether any target is on the main board (then the
// tiles that are not targets are dimmed).
func (d *draw) boardTargets() bool {
	for k := range d.targets {
		if strings.HasPrefix(k, "depot-") || strings.HasPrefix(k, "black-") || strings.HasPrefix(k, "ship-") {
			return true
		}
	}
	return false
}

func (d *draw) caption(b *strings.Builder, x, y float64, text, anchor string) {
	fmt.Fprintf(b, `<text x="%s" y="%s" font-size="10" fill="#5a4524" font-weight="600" text-anchor="%s">%s</text>`, f1(x), f1(y), anchor, html.EscapeString(text))
}

// topBand: phases A–E, the five round goods spaces, the white die. In
// landscape they stack in the column at x0; in portrait they share a row.
func (d *draw) topBand(b *strings.Builder, x0, y0 float64) {
	v := d.v
	px, py := x0+10, y0+20  // phases
	gx, gy := x0+146, y0+20 // round goods
	wx, wy := x0+360, y0+20 // white die
	d.caption(b, x0, y0, T("burgundy.phases"), "start")
	if d.g.landscape {
		gx, gy = x0+12, y0+74
		wx, wy = x0+124, y0+108
		d.caption(b, x0, y0+54, T("burgundy.rounds", v.Round), "start")
		d.caption(b, x0, y0+112, T("burgundy.white"), "start")
	} else {
		d.caption(b, gx-12, y0, T("burgundy.rounds", v.Round), "start")
		d.caption(b, wx+12, y0, T("burgundy.white"), "end")
	}
	for i := 0; i < 5; i++ {
		name := string(rune('A' + i))
		x := px + float64(i)*27
		fill, ink, stroke := "#f6ecd2", "#5a4524", "#8a6d3b"
		cur := name == v.Phase
		past := v.Phase != "" && name < v.Phase
		if cur {
			fill, ink, stroke = "#7a2e1d", "#fff", "#3b140b"
		} else if past {
			fill, ink = "#cdb98c", "#6d5a36"
		}
		fmt.Fprintf(b, `<g class="phase%s"><circle cx="%s" cy="%s" r="11" fill="%s" stroke="%s" stroke-width="1.5"/><text x="%s" y="%s" text-anchor="middle" font-size="12" font-weight="700" fill="%s">%s</text></g>`,
			map[bool]string{true: " current", false: ""}[cur], f1(x), f1(py), fill, stroke, f1(x), f1(py+4), ink, name)
	}
	for i := 0; i < 5; i++ {
		x := gx + float64(i)*28
		cur := i == v.Round-1 && v.Stage != "over"
		stroke := "#8a6d3b"
		sw := "1.2"
		if cur {
			stroke, sw = "#7a2e1d", "3"
		}
		fmt.Fprintf(b, `<rect class="round-space" x="%s" y="%s" width="25" height="25" rx="4" fill="#f6ecd2" stroke="%s" stroke-width="%s"/>`, f1(x-12.5), f1(gy-12.5), stroke, sw)
		k := 0
		if i < len(v.RoundGoods) {
			k = v.RoundGoods[i]
		}
		if k > 0 {
			goodsSVG(b, k, 1, x, gy, 17)
		} else {
			fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="middle" font-size="11" fill="#a08a5e">%d</text>`, f1(x), f1(gy+4), i+1)
		}
	}
	if v.WhiteDie > 0 {
		dieFace(b, wx, wy, 24, v.WhiteDie, "#fff", "#2b2418", ` role="img" aria-label="`+html.EscapeString(T("burgundy.white")+" "+strconv.Itoa(v.WhiteDie))+`"`)
	} else {
		dieFace(b, wx, wy, 24, 0, "#f6ecd2", "#a08a5e", "")
	}
}

func (d *draw) depot(b *strings.Builder, dep int, dv *burgundy.DepotView) {
	cx, cy := d.g.depotCentre(dep)
	fmt.Fprintf(b, `<g class="depot" data-depot="%d"%s role="group" aria-label="%s">`, dep, gameui.Mark(d.depotMoved(dep, dv)), html.EscapeString(T("burgundy.depot", dep)))
	fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="60" fill="#f3e6c4" stroke="#b59a64" stroke-width="1.5"/>`, f1(cx), f1(cy))
	for i, sp := range dv.Spaces {
		if i >= 4 {
			break
		}
		x, y := cx+depotSpaceOffset[i][0], cy+depotSpaceOffset[i][1]
		if sp.Tile == nil {
			fmt.Fprintf(b, `<g class="depot-space" aria-label="%s">`, html.EscapeString(T("burgundy.aria.emptydepot", T("burgundy.colour."+sp.Colour))))
			emptySpaceSVG(b, sp.Colour, 0, x, y, depotHex, false)
			b.WriteString(`</g>`)
			continue
		}
		key := keyDepot(dep, sp.Tile.ID)
		open := d.spot(b, key, "spot-tile")
		tileSVG(b, sp.Tile, x, y, depotHex, d.dim(open), d.note(key, open))
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
		fmt.Fprintf(b, `<rect class="glow-edge" x="%s" y="%s" width="110" height="28" rx="14" fill="none" stroke="#2b1200" stroke-width="5"/><rect class="glow" x="%s" y="%s" width="110" height="28" rx="14" fill="none" stroke="%s" stroke-width="3"/>`,
			f1(cx-55), f1(cy-14), f1(cx-55), f1(cy-14), glowColour)
		b.WriteString(`</g>`)
	}
	b.WriteString(`</g>`)
}

func (d *draw) blackDepot(b *strings.Builder) {
	v := d.v
	ringX, ringY := d.g.ringX, d.g.ringY
	fmt.Fprintf(b, `<g class="black-depot"%s role="group" aria-label="%s">`, gameui.Mark(d.blackMoved()), html.EscapeString(T("burgundy.black")))
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
		tileSVG(b, &tv, x, y, blackHex, d.dim(open), d.note(key, open))
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

// dim marks a tile that is not a target while others on the board are.
func (d *draw) dim(open bool) string {
	if !open && d.boardTargets() {
		return ` data-dim="1"`
	}
	return ""
}

// bonusRow: the large and small bonus tile of each colour, with the seat
// holding it once taken. Portrait: one row; landscape: two columns.
func (d *draw) bonusRow(b *strings.Builder, x0, y0 float64) {
	d.caption(b, x0, y0, T("burgundy.bonus"), "start")
	for i, bv := range d.v.Bonus {
		x, y := x0+14+float64(i)*63, y0+18
		if d.g.landscape {
			x, y = x0+14+float64(i%2)*70, y0+22+float64(i/2)*34
		}
		l := lookOf(bv.Colour)
		fmt.Fprintf(b, `<g class="bonus" data-colour="%s"><title>%s</title>`, bv.Colour, html.EscapeString(T("burgundy.bonus.tip", T("burgundy.colour."+bv.Colour), bv.Large, bv.Small)))
		fmt.Fprintf(b, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="1.2"/>`, hexPoints(x, y, 14), l.fill, l.edge)
		iconUse(b, nil, bv.Colour, l.ink, x, y, .6, "")
		d.bonusPill(b, x+16, y-8, bv.Large, int(bv.LargeOwner))
		d.bonusPill(b, x+16, y+8, bv.Small, int(bv.SmallOwner))
		b.WriteString(`</g>`)
	}
}

func (d *draw) bonusPill(b *strings.Builder, x, y float64, vp, owner int) {
	if owner >= 0 && owner < len(d.styles) {
		st := d.styles[owner]
		fmt.Fprintf(b, `<g class="taken" data-owner="%d"><rect x="%s" y="%s" width="28" height="15" rx="7.5" fill="#cdbb91"/><path transform="translate(%s %s)" d="%s" fill="%s" stroke="#222" stroke-width=".8"/><text x="%s" y="%s" font-size="9" fill="#5a4524" text-decoration="line-through">%d</text></g>`,
			owner, f1(x), f1(y-7.5), f1(x+8), f1(y), gameui.ShapePath(st.Shape, 5), st.Color, f1(x+15), f1(y+3.5), vp)
		return
	}
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="28" height="15" rx="7.5" fill="#f7d774" stroke="#9b7a16" stroke-width=".8"/><text x="%s" y="%s" text-anchor="middle" font-size="10" font-weight="700" fill="#3a2c00">%d</text>`,
		f1(x), f1(y-7.5), f1(x+14), f1(y+3.5), vp)
}

// marker draws a seat's marker (its colour and shape) at (x, y), marked
// when a bot's move just moved it.
func (d *draw) marker(b *strings.Builder, seat int, x, y, r float64, moved bool) {
	if seat < 0 || seat >= len(d.styles) {
		return
	}
	st := d.styles[seat]
	fmt.Fprintf(b, `<path class="marker" data-seat="%d"%s transform="translate(%s %s)" d="%s" fill="%s" stroke="#222" stroke-width="1.2"><title>%s</title></path>`,
		seat, gameui.Mark(moved), f1(x), f1(y), gameui.ShapePath(st.Shape, r), st.Color, html.EscapeString(d.names(seat)))
}

// trackRow: the turn-order track of width w, markers stacked on their
// space (a later arrival on top).
func (d *draw) trackRow(b *strings.Builder, x0, y0, w float64) {
	fmt.Fprintf(b, `<g class="track-head"><title>%s</title>`, html.EscapeString(T("burgundy.track.tip")))
	d.caption(b, x0, y0, T("burgundy.track"), "start")
	b.WriteString(`</g>`)
	maxSpace := 6
	for _, t := range d.v.TurnTrack {
		if t.Space > maxSpace {
			maxSpace = t.Space
		}
	}
	step := w / float64(maxSpace+1)
	y := y0 + 8
	h := 32.0
	if d.g.landscape {
		h = 46
	}
	for s := 0; s <= maxSpace; s++ {
		x := x0 + float64(s)*step
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="4" fill="#f3e6c4" stroke="#b59a64"/><text x="%s" y="%s" font-size="8" fill="#a08a5e">%d</text>`,
			f1(x), f1(y), f1(step-3), f1(h), f1(x+2.5), f1(y+9), s)
	}
	// A stack reads bottom to top: upwards in a narrow space, left to
	// right in a wide one.
	count := map[int]int{}
	for _, t := range d.v.TurnTrack {
		count[t.Space]++
	}
	fmt.Fprintf(b, `<g class="track" aria-label="%s">`, html.EscapeString(T("burgundy.track")))
	for _, t := range d.v.TurnTrack {
		cx := x0 + float64(t.Space)*step + (step-3)/2
		moved := d.trackMoved(t)
		if step > 40 {
			n := float64(count[t.Space])
			d.marker(b, int(t.Seat), cx+(float64(t.Height)-(n-1)/2)*12, y+h/2+3, 5.5, moved)
		} else {
			d.marker(b, int(t.Seat), cx, y+h-8-float64(t.Height)*9, 5.5, moved)
		}
	}
	b.WriteString(`</g>`)
}

// scoreRow: the score track of width w, scaled to the leader.
func (d *draw) scoreRow(b *strings.Builder, x0, y0, w float64) {
	top := 50
	for _, s := range d.v.Scores {
		for s >= top {
			top += 50
		}
	}
	d.caption(b, x0, y0, T("burgundy.score"), "start")
	y := y0 + 20
	x1 := x0 + w - 6
	x0 += 6
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
		d.marker(b, seat, x+float64(k)*3, y-9-float64(k)*8, 5.5, d.scoreMoved(seat))
	}
	b.WriteString(`</g>`)
}
