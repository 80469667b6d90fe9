package agricolaui

import (
	"fmt"
	"strconv"
	"strings"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Farmyard geometry, in SVG user units: 3 rows of 5 cells of side cellSide
// inside a margin where the border fences stand.
const (
	margin   = 14.0
	cellSide = 100.0
	farmW    = 2*margin + farmyard.Cols*cellSide
	farmH    = 2*margin + farmyard.Rows*cellSide
)

// cellXY is the top-left corner of cell c.
func cellXY(c farmyard.Cell) (float64, float64) {
	return margin + float64(c.Col())*cellSide, margin + float64(c.Row())*cellSide
}

// cellCentre is the centre of cell c.
func cellCentre(c farmyard.Cell) (float64, float64) {
	x, y := cellXY(c)
	return x + cellSide/2, y + cellSide/2
}

// edgeEnds are the two ends of fence edge e.
func edgeEnds(e farmyard.Edge) (x1, y1, x2, y2 float64) {
	if e.Horizontal() {
		i := int(e) - 1
		row, col := i/farmyard.Cols, i%farmyard.Cols
		x1, y1 = margin+float64(col)*cellSide, margin+float64(row)*cellSide
		return x1, y1, x1 + cellSide, y1
	}
	i := int(e) - 1 - (farmyard.Rows+1)*farmyard.Cols
	row, col := i/(farmyard.Cols+1), i%(farmyard.Cols+1)
	x1, y1 = margin+float64(col)*cellSide, margin+float64(row)*cellSide
	return x1, y1, x1, y1 + cellSide
}

// edgeHit is the area that stands for edge e in a fence decision: the
// triangles between the edge and the centres of the cells beside it, so
// that the whole farm is covered by edges and each is easy to touch.
func edgeHit(e farmyard.Edge) string {
	x1, y1, x2, y2 := edgeEnds(e)
	a, b := e.Cells()
	pts := []string{f1(x1) + "," + f1(y1)}
	if a != 0 {
		x, y := cellCentre(a)
		pts = append(pts, f1(x)+","+f1(y))
	}
	pts = append(pts, f1(x2)+","+f1(y2))
	if b != 0 {
		x, y := cellCentre(b)
		pts = append(pts, f1(x)+","+f1(y))
	}
	return strings.Join(pts, " ")
}

// edgeLabel names a fence edge for screen readers: the cells it separates.
func edgeLabel(e farmyard.Edge) string {
	a, b := e.Cells()
	switch {
	case a != 0 && b != 0:
		return T("agricola.edge.between", int(a), int(b))
	case a != 0:
		if e.Horizontal() {
			return T("agricola.edge.below", int(a))
		}
		return T("agricola.edge.right", int(a))
	default:
		if e.Horizontal() {
			return T("agricola.edge.above", int(b))
		}
		return T("agricola.edge.left", int(b))
	}
}

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// farmDraw is what one farmyard drawing needs.
type farmDraw struct {
	fv    *agricola.FarmView
	style gameui.SeatStyle
	name  string
	small bool // a thumbnail: no labels, no targets
	// cell targets: key → label (the viewer's farm in a decision).
	cellTargets map[farmyard.Cell]string
	picked      string
	// fence decision: the edges chosen, the preview, whether edges are
	// clickable.
	fenceMode bool
	chosen    farmyard.Fences
	preview   *agricola.FencePreview
	// placed is the arrangement drawn (one herd per fv.Holders entry).
	placed []farmyard.Herd
	// fresh are cells whose tile or stable is new since the last drawing.
	fresh farmyard.Set
	// bots are cells the bots' latest moves changed (marked).
	bots farmyard.Set
	// home is how many family members are at home (not on action spaces).
	home int
}

// atHome is how many of seat's family are at home: all of them unless
// some stand on action spaces (newborns stand there with their parents).
func atHome(v *agricola.View, seat int) int {
	fv := &v.Farms[seat]
	out := 0
	for _, sp := range v.Spaces {
		for _, p := range sp.People {
			if int(p) == seat {
				out++
			}
		}
	}
	if out == 0 {
		return fv.People
	}
	return max(fv.People-fv.Newborns-out, 0)
}

// materialFill is a room's colour by house material (the pattern below
// tells them apart too).
func materialFill(g agricola.Good) string {
	switch g {
	case agricola.Clay:
		return "#d98a5f"
	case agricola.Stone:
		return "#a7afb6"
	}
	return "#c99a62"
}

// svg draws the farmyard.
func (d *farmDraw) svg() string {
	fv := d.fv
	var b strings.Builder
	b.Grow(24 << 10)
	cls := "ag-farm"
	if d.small {
		cls += " ag-farm-small"
	}
	if d.fenceMode {
		cls += " fencing"
	}
	if d.small {
		// A thumbnail inside a button that names it: hidden from screen
		// readers, cells unlabelled.
		fmt.Fprintf(&b, `<svg class="%s" viewBox="0 0 %s %s" preserveAspectRatio="xMidYMid meet" aria-hidden="true" data-seat="%d" xmlns="http://www.w3.org/2000/svg">`,
			cls, f1(farmW), f1(farmH), fv.Seat)
	} else {
		fmt.Fprintf(&b, `<svg class="%s" viewBox="0 0 %s %s" preserveAspectRatio="xMidYMid meet" role="group" aria-label="%s" data-seat="%d" xmlns="http://www.w3.org/2000/svg">`,
			cls, f1(farmW), f1(farmH), esc(T("agricola.aria.farm", d.name)), fv.Seat)
	}
	fmt.Fprintf(&b, `<rect x="1" y="1" width="%s" height="%s" rx="12" fill="#5d7a3a" stroke="#2f3f1c" stroke-width="2"/>`, f1(farmW-2), f1(farmH-2))
	pastureOf := map[farmyard.Cell]int{}
	for _, cv := range fv.Cells {
		pastureOf[cv.Cell] = cv.Pasture
	}
	for i := range fv.Cells {
		d.cell(&b, &fv.Cells[i])
	}
	d.previewPastures(&b)
	d.fences(&b)
	d.animals(&b)
	d.people(&b)
	if !d.small {
		d.pastureLabels(&b)
	}
	d.targets(&b)
	b.WriteString(`</svg>`)
	return b.String()
}

// cellText says what is on a cell, for screen readers.
func (d *farmDraw) cellText(cv *agricola.CellView) string {
	var parts []string
	switch cv.Tile {
	case "room":
		parts = append(parts, T("agricola.cell.room", materialName(d.fv.House)))
	case "field":
		if cv.Crop.N > 0 {
			parts = append(parts, T("agricola.cell.fieldcrop", amount(cv.Crop.Kind, cv.Crop.N)))
		} else {
			parts = append(parts, T("agricola.cell.field"))
		}
	default:
		if cv.Pasture > 0 {
			parts = append(parts, T("agricola.cell.pasture", cv.Pasture))
		} else if !cv.Stable {
			parts = append(parts, T("agricola.cell.empty"))
		}
	}
	if cv.Stable {
		parts = append(parts, T("agricola.cell.stable"))
	}
	return T("agricola.cell", int(cv.Cell), strings.Join(parts, ", "))
}

// cell draws one cell: its tile (room, field with crops), grass or
// pasture, a stable.
func (d *farmDraw) cell(b *strings.Builder, cv *agricola.CellView) {
	x, y := cellXY(cv.Cell)
	fresh := ""
	if d.fresh.Has(cv.Cell) {
		fresh = ` data-fresh="1"`
	}
	fresh += gameui.Mark(d.bots.Has(cv.Cell))
	if d.small {
		fmt.Fprintf(b, `<g class="ag-cell" data-cell="%d" data-tile="%s">`, cv.Cell, cv.Tile)
	} else {
		text := esc(d.cellText(cv))
		fmt.Fprintf(b, `<g class="ag-cell" data-cell="%d" data-tile="%s"%s role="img" aria-label="%s"><title>%s</title>`,
			cv.Cell, cv.Tile, fresh, text, text)
	}
	ix, iy, s := x+3, y+3, cellSide-6
	switch cv.Tile {
	case "room":
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="6" fill="%s" stroke="#3a2a1a" stroke-width="2"/>`, f1(ix), f1(iy), f1(s), f1(s), materialFill(d.fv.House))
		switch d.fv.House {
		case agricola.Wood: // planks
			for k := 1; k < 4; k++ {
				fmt.Fprintf(b, `<path d="M%s %sH%s" stroke="#8a6238" stroke-width="2"/>`, f1(ix+4), f1(iy+float64(k)*s/4), f1(ix+s-4))
			}
		case agricola.Clay: // bricks
			for k := 1; k < 4; k++ {
				yy := iy + float64(k)*s/4
				fmt.Fprintf(b, `<path d="M%s %sH%s" stroke="#a65a36" stroke-width="1.5"/>`, f1(ix+4), f1(yy), f1(ix+s-4))
				off := 0.0
				if k%2 == 0 {
					off = s / 6
				}
				fmt.Fprintf(b, `<path d="M%s %sv%s M%s %sv%s" stroke="#a65a36" stroke-width="1.5"/>`, f1(ix+s/3+off), f1(yy), f1(s/4), f1(ix+2*s/3+off), f1(yy), f1(s/4))
			}
		default: // stones
			for _, p := range [][2]float64{{.25, .3}, {.7, .25}, {.45, .6}, {.2, .78}, {.75, .75}} {
				fmt.Fprintf(b, `<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="none" stroke="#6d757c" stroke-width="1.5"/>`, f1(ix+p[0]*s), f1(iy+p[1]*s), f1(s*.13), f1(s*.09))
			}
		}
		fmt.Fprintf(b, `<use href="#ag-i-room" x="%s" y="%s" width="26" height="26" opacity=".85"/>`, f1(x+6), f1(y+6))
	case "field":
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="6" fill="#7a4a2a" stroke="#2e1a0c" stroke-width="2"/>`, f1(ix), f1(iy), f1(s), f1(s))
		for k := 1; k < 6; k++ {
			fmt.Fprintf(b, `<path d="M%s %sV%s" stroke="#5b341a" stroke-width="3"/>`, f1(ix+float64(k)*s/6), f1(iy+6), f1(iy+s-6))
		}
		if n := cv.Crop.N; n > 0 {
			name := cv.Crop.Kind.String()
			for k := 0; k < n && k < 3; k++ {
				fmt.Fprintf(b, `<use href="#ag-i-%s" x="%s" y="%s" width="30" height="30"/>`, name, f1(x+8+float64(k)*28), f1(y+22))
			}
			fmt.Fprintf(b, `<text x="%s" y="%s" class="ag-num" text-anchor="middle">%d</text>`, f1(x+cellSide/2), f1(y+cellSide-12), n)
		}
	default:
		fill := "#a6c777"
		if cv.Pasture > 0 {
			fill = "#7fb052"
		}
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="4" fill="%s" stroke="#56733a" stroke-width="1"/>`, f1(ix), f1(iy), f1(s), f1(s), fill)
		if cv.Pasture > 0 { // grass tufts mark pastures besides the colour
			for _, p := range [][2]float64{{.2, .22}, {.8, .8}, {.18, .82}} {
				fmt.Fprintf(b, `<path d="M%s %sl3-8l3 8l3-6l2 6" stroke="#3f6b22" stroke-width="1.6" fill="none"/>`, f1(ix+p[0]*s), f1(iy+p[1]*s))
			}
		}
	}
	if cv.Stable {
		fmt.Fprintf(b, `<use href="#ag-i-stable" x="%s" y="%s" width="30" height="30"/>`, f1(x+cellSide-36), f1(y+5))
	}
	if !d.small {
		fmt.Fprintf(b, `<text x="%s" y="%s" class="ag-cellno">%d</text>`, f1(x+cellSide-7), f1(y+cellSide-6), cv.Cell)
	}
	b.WriteString(`</g>`)
}

// fences draws the fences built (and, in a fence decision, the empty edges
// and the edges chosen).
func (d *farmDraw) fences(b *strings.Builder) {
	built := d.fv.Yard.Fences
	for e := farmyard.Edge(1); e <= farmyard.Edges; e++ {
		x1, y1, x2, y2 := edgeEnds(e)
		line := fmt.Sprintf(`M%s %sL%s %s`, f1(x1), f1(y1), f1(x2), f1(y2))
		switch {
		case built.Has(e):
			fmt.Fprintf(b, `<path class="ag-fence" data-edge="%d" d="%s" stroke="#6b4220" stroke-width="9" stroke-linecap="round"/><path d="%s" stroke="#b07a45" stroke-width="3"/>`, e, line, line)
		case d.chosen.Has(e):
			bad := d.preview != nil && d.preview.Edge == e
			cls := "ag-fence-new"
			if bad {
				cls += " bad"
			}
			fmt.Fprintf(b, `<path class="%s" data-edge="%d" d="%s" stroke-width="9" stroke-linecap="round"/>`, cls, e, line)
		case d.fenceMode:
			fmt.Fprintf(b, `<path class="ag-edge-free" d="%s" stroke="#f4f0d8" stroke-width="2" stroke-dasharray="6 6" opacity=".7"/>`, line)
		}
	}
	// Posts where fences meet.
	if built != 0 && !d.small {
		seen := map[[2]float64]bool{}
		for _, e := range built.Edges() {
			x1, y1, x2, y2 := edgeEnds(e)
			for _, p := range [][2]float64{{x1, y1}, {x2, y2}} {
				if !seen[p] {
					seen[p] = true
					fmt.Fprintf(b, `<rect x="%s" y="%s" width="10" height="10" rx="2" fill="#4a2c12"/>`, f1(p[0]-5), f1(p[1]-5))
				}
			}
		}
	}
}

// previewPastures shades the pastures the chosen fences would make.
func (d *farmDraw) previewPastures(b *strings.Builder) {
	if d.preview == nil || d.chosen == 0 {
		return
	}
	for i, pv := range d.preview.Pastures {
		for _, c := range pv.Cells.Cells() {
			x, y := cellXY(c)
			fmt.Fprintf(b, `<rect class="ag-preview" data-preview="%d" x="%s" y="%s" width="%s" height="%s"/>`, i+1, f1(x+4), f1(y+4), f1(cellSide-8), f1(cellSide-8))
		}
		c := pv.Cells.First()
		x, y := cellXY(c)
		fmt.Fprintf(b, `<g class="ag-cap"><rect x="%s" y="%s" width="%s" height="22" rx="11" fill="#0d2b10" opacity=".85"/><text x="%s" y="%s" text-anchor="middle" fill="#fff" font-size="13" font-weight="700">%s</text></g>`,
			f1(x+4), f1(y+cellSide-32), f1(cellSide-8), f1(x+cellSide/2), f1(y+cellSide-16), esc(i18n.N("agricola.cap.short", pv.Capacity)))
	}
}

// slots are where animals stand in a cell (relative to its corner).
var slots = [][2]float64{{26, 52}, {62, 52}, {26, 80}, {62, 80}}

// animals draws each holder's animals in its cells: pastures and unfenced
// stables on the farmyard, the house pet in the first room.
func (d *farmDraw) animals(b *strings.Builder) {
	fv := d.fv
	for i, h := range fv.Holders {
		if i >= len(d.placed) {
			break
		}
		herd := d.placed[i]
		if herd.Total() == 0 {
			continue
		}
		var cells []farmyard.Cell
		switch h.Where {
		case farmyard.InPasture, farmyard.InStable:
			cells = h.Cells.Cells()
		case farmyard.InHouse:
			if c := fv.Yard.Rooms.First(); c != 0 {
				cells = []farmyard.Cell{c}
			}
		default:
			continue // a card holds them: listed beside the farm
		}
		if len(cells) == 0 {
			continue
		}
		var spots [][2]float64
		for _, c := range cells {
			x, y := cellXY(c)
			if h.Where == farmyard.InHouse {
				spots = append(spots, [2]float64{x + 68, y + 62})
				continue
			}
			if h.Where == farmyard.InStable {
				spots = append(spots, [2]float64{x + 40, y + 60})
				continue
			}
			for _, s := range slots {
				spots = append(spots, [2]float64{x + s[0], y + s[1]})
			}
		}
		k := 0
		total := herd.Total()
		for kind := farmyard.Sheep; kind < farmyard.Kinds; kind++ {
			for n := 0; n < herd[kind]; n++ {
				if k >= len(spots) {
					break
				}
				if k == len(spots)-1 && total > len(spots) {
					p := spots[k]
					fmt.Fprintf(b, `<text x="%s" y="%s" class="ag-more" text-anchor="middle">+%d</text>`, f1(p[0]+12), f1(p[1]+18), total-k)
					k++
					break
				}
				p := spots[k]
				fmt.Fprintf(b, `<use class="ag-animal" data-kind="%s" href="#ag-i-%s" x="%s" y="%s" width="26" height="26"/>`,
					agricola.AnimalGood(kind), agricola.AnimalGood(kind), f1(p[0]), f1(p[1]))
				k++
			}
		}
	}
}

// people draws the family members at home, in the rooms.
func (d *farmDraw) people(b *strings.Builder) {
	rooms := d.fv.Yard.Rooms.Cells()
	if len(rooms) == 0 {
		return
	}
	for i := 0; i < d.home; i++ {
		c := rooms[i%len(rooms)]
		x, y := cellXY(c)
		dx := 34.0 + float64(i/len(rooms))*22
		fmt.Fprintf(b, `<use class="ag-person" href="#ag-i-person" x="%s" y="%s" width="30" height="30" style="color:%s"/>`, f1(x+dx), f1(y+30), d.style.Color)
	}
}

// pastureLabels writes each pasture's animals and capacity ("3/4").
func (d *farmDraw) pastureLabels(b *strings.Builder) {
	if d.chosen != 0 {
		return // the preview labels the pastures to be
	}
	pi := 0
	for i, h := range d.fv.Holders {
		if h.Where != farmyard.InPasture {
			continue
		}
		pi++
		n := 0
		if i < len(d.placed) {
			n = d.placed[i].Total()
		}
		c := h.Cells.First()
		x, y := cellXY(c)
		fmt.Fprintf(b, `<g class="ag-cap" data-pasture="%d"><rect x="%s" y="%s" width="56" height="20" rx="10" fill="#163a12" opacity=".85"/><text x="%s" y="%s" text-anchor="middle" fill="#fff" font-size="13" font-weight="700">%d/%d</text></g>`,
			pi, f1(x+6), f1(y+6), f1(x+34), f1(y+21), n, h.Cap)
	}
}

// targets draws the clickable cells (a decision on this farm) or, in a
// fence decision, one hit area per fence edge.
func (d *farmDraw) targets(b *strings.Builder) {
	if d.small {
		return
	}
	for c := farmyard.Cell(1); c <= farmyard.Cells; c++ {
		label, ok := d.cellTargets[c]
		if !ok {
			continue
		}
		x, y := cellXY(c)
		cls := "spot ag-spot-cell"
		if d.picked == keyCell(c) {
			cls += " picked"
		}
		fmt.Fprintf(b, `<g class="%s" role="button" tabindex="0" data-act="%s" aria-label="%s"><title>%s</title><rect class="hit" x="%s" y="%s" width="%s" height="%s" fill="transparent"/><rect class="glow" x="%s" y="%s" width="%s" height="%s" rx="8" fill="none"/></g>`,
			cls, keyCell(c), esc(label), esc(label), f1(x), f1(y), f1(cellSide), f1(cellSide), f1(x+5), f1(y+5), f1(cellSide-10), f1(cellSide-10))
	}
	if !d.fenceMode {
		return
	}
	built := d.fv.Yard.Fences
	for e := farmyard.Edge(1); e <= farmyard.Edges; e++ {
		if built.Has(e) {
			continue
		}
		on := d.chosen.Has(e)
		fmt.Fprintf(b, `<polygon class="edge-spot" role="button" tabindex="0" data-edge="%d" aria-pressed="%t" aria-label="%s" points="%s"><title>%s</title></polygon>`,
			e, on, esc(edgeLabel(e)), edgeHit(e), esc(edgeLabel(e)))
	}
}
