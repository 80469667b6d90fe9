package burgundyui

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"tabula/app/gameui"
	"tabula/engine/burgundy"
	"tabula/engine/hexgrid"
)

// Estate geometry: hex radius 29, space 19 (the start castle) at 0,0.
var estateLayout = hexgrid.Layout{Size: 29}

const (
	estateMinX = -186.0
	estateMinY = -170.0
	estateW    = 372.0
	estateH    = 410.0
	storeY     = 200.0 // centre line of the storage band
)

// estateSVG draws seat's estate board; targets show only on the viewer's
// own estate (mine).
func (d *draw) estateSVG(ev *burgundy.EstateView, mine bool) string {
	var b strings.Builder
	b.Grow(32 << 10)
	seat := int(ev.Seat)
	fmt.Fprintf(&b, `<svg class="bg-estate" viewBox="%s %s %s %s" preserveAspectRatio="xMidYMid meet" role="group" aria-label="%s" data-seat="%d" data-vp="%d" data-silver="%d" data-workers="%d" data-storage="%d" xmlns="http://www.w3.org/2000/svg">`,
		f1(estateMinX), f1(estateMinY), f1(estateW), f1(estateH), html.EscapeString(T("burgundy.estate.of", d.names(seat))),
		seat, ev.VP, ev.Silver, ev.Workers, len(ev.Storage))
	fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" rx="16" fill="#e9dcb8" stroke="#8a6d3b" stroke-width="2"/>`,
		f1(estateMinX+1), f1(estateMinY+1), f1(estateW-2), f1(estateH-2))
	// The owner's colour and shape in the top-left corner, with the VP.
	if seat >= 0 && seat < len(d.styles) {
		d.marker(&b, seat, estateMinX+22, estateMinY+24, 9, false)
	}
	fmt.Fprintf(&b, `<text class="vp" x="%s" y="%s" font-size="20" font-weight="800" fill="#3a2a12">%d</text><text x="%s" y="%s" font-size="10" fill="#5a4524">%s</text>`,
		f1(estateMinX+38), f1(estateMinY+31), ev.VP, f1(estateMinX+40), f1(estateMinY+44), html.EscapeString(T("burgundy.vp.short")))
	// Silverlings and workers in the top-right corner.
	fmt.Fprintf(&b, `<g class="purse"%s><title>%s</title>`, gameui.Mark(d.purseMoved(seat, ev)), html.EscapeString(T("burgundy.purse", ev.Silver, ev.Workers)))
	coinGlyph(&b, 128, estateMinY+20, 9)
	fmt.Fprintf(&b, `<text class="silver" x="142" y="%s" font-size="16" font-weight="700" fill="#3a2a12">%d</text>`, f1(estateMinY+26), ev.Silver)
	workerGlyph(&b, 128, estateMinY+43, 9)
	fmt.Fprintf(&b, `<text class="workers" x="142" y="%s" font-size="16" font-weight="700" fill="#3a2a12">%d</text></g>`, f1(estateMinY+49), ev.Workers)

	for _, sp := range ev.Spaces {
		d.space(&b, seat, &sp, mine)
	}
	d.storeBand(&b, ev, mine)
	b.WriteString(`</svg>`)
	return b.String()
}

func (d *draw) space(b *strings.Builder, seat int, sp *burgundy.SpaceView, mine bool) {
	c := estateLayout.Center(hexgrid.Hex{Q: sp.Q, R: sp.R})
	r := estateLayout.Size
	key := keySpace(sp.ID)
	var label string
	if sp.Tile != nil {
		label = T("burgundy.aria.spacetile", sp.ID, tileViewName(sp.Tile))
	} else if sp.Number > 0 {
		label = T("burgundy.aria.space", sp.ID, T("burgundy.colour."+sp.Colour), sp.Number)
	} else {
		label = T("burgundy.aria.spacenonum", sp.ID, T("burgundy.colour."+sp.Colour))
	}
	tile := 0
	if sp.Tile != nil {
		tile = sp.Tile.ID
	}
	fmt.Fprintf(b, `<g class="space" data-space="%d" data-colour="%s" data-number="%d" data-tile="%d" aria-label="%s">`,
		sp.ID, sp.Colour, sp.Number, tile, html.EscapeString(label))
	open := mine && d.spot(b, key, "spot-space")
	if sp.Tile == nil {
		tip := label
		if n := d.note(key, open); n != "" {
			tip = n + "\n" + label
		}
		fmt.Fprintf(b, `<title>%s</title>`, html.EscapeString(tip))
	}
	if sp.Tile != nil {
		extra := ` data-placed="1"`
		if d.fresh[sp.ID] {
			extra += ` data-fresh="1"`
		}
		extra += gameui.Mark(d.spaceMoved(seat, sp))
		tileSVG(b, sp.Tile, c.X, c.Y, r, extra, "")
	} else {
		emptySpaceSVG(b, sp.Colour, sp.Number, c.X, c.Y, r, open)
	}
	if open {
		glowHex(b, c.X, c.Y, r)
		d.closeSpot(b, key, c.X+13, c.Y-r+5)
	}
	b.WriteString(`</g>`)
}

// storeBand: hex storage (3 spaces), goods storage (3 spaces), the dice.
func (d *draw) storeBand(b *strings.Builder, ev *burgundy.EstateView, mine bool) {
	y := storeY
	fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#c7b285" stroke-width="1"/>`, f1(estateMinX+10), f1(y-34), f1(estateMinX+estateW-10), f1(y-34))
	fmt.Fprintf(b, `<text x="-172" y="%s" font-size="9.5" fill="#5a4524" font-weight="600">%s</text>`, f1(y-22), html.EscapeString(T("burgundy.storage")))
	fmt.Fprintf(b, `<text x="-28" y="%s" font-size="9.5" fill="#5a4524" font-weight="600">%s</text>`, f1(y-22), html.EscapeString(T("burgundy.goods")))
	fmt.Fprintf(b, `<text x="104" y="%s" font-size="9.5" fill="#5a4524" font-weight="600">%s</text>`, f1(y-22), html.EscapeString(T("burgundy.dice")))
	// Hex storage: three spaces; a fourth tile shows while a discard is due.
	n := len(ev.Storage)
	slots := 3
	if n > slots {
		slots = n
	}
	step := 40.0
	if slots > 3 {
		step = 31
	}
	b.WriteString(`<g class="storage">`)
	for i := 0; i < slots; i++ {
		x := -152 + float64(i)*step
		r := 19.0
		if slots > 3 {
			r = 15
		}
		if i >= n {
			fmt.Fprintf(b, `<polygon points="%s" fill="#ddcda5" stroke="#b59a64" stroke-width="1.2" stroke-dasharray="3 2"/>`, hexPoints(x, y, r))
			continue
		}
		tv := ev.Storage[i]
		key := keyStore(tv.ID)
		open := mine && d.spot(b, key, "spot-store")
		sel := ""
		if !open && mine && d.selectable[tv.ID] {
			sel = ` data-select="` + strconv.Itoa(tv.ID) + `" role="button" tabindex="0"`
			if d.chosen == tv.ID {
				fmt.Fprintf(b, `<polygon class="chosen" points="%s" fill="#fff3c4" stroke="#2b1200" stroke-width="3"/>`, hexPoints(x, y, r+4))
			} else {
				fmt.Fprintf(b, `<polygon class="selectable" points="%s" fill="none" stroke="#2b1200" stroke-width="1.5" stroke-dasharray="3 2"/>`, hexPoints(x, y, r+3))
			}
		}
		fmt.Fprintf(b, `<g class="stored" data-stored="%d"%s%s aria-label="%s">`, tv.ID, sel, gameui.Mark(d.storedMoved(int(ev.Seat), tv.ID)), html.EscapeString(tileViewName(&tv)))
		tileSVG(b, &tv, x, y, r, "", d.note(key, open))
		b.WriteString(`</g>`)
		if open {
			glowHex(b, x, y, r)
			d.closeSpot(b, key, x+6, y+r+4)
		}
	}
	b.WriteString(`</g>`)
	// Goods storage: three spaces, each one kind.
	b.WriteString(`<g class="goods-store">`)
	for i := 0; i < 3; i++ {
		x := -16 + float64(i)*38
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="32" height="32" rx="5" fill="#ddcda5" stroke="#b59a64" stroke-width="1.2" stroke-dasharray="3 2"/>`, f1(x-16), f1(y-16))
		if i >= len(ev.Goods) {
			continue
		}
		g := ev.Goods[i]
		key := keySell(g.Kind)
		open := mine && d.spot(b, key, "spot-sell")
		goodsSVG(b, g.Kind, g.Count, x, y, 24)
		if open {
			fmt.Fprintf(b, `<rect class="glow-edge" x="%s" y="%s" width="38" height="38" rx="7" fill="none" stroke="#2b1200" stroke-width="6"/><rect class="glow" x="%s" y="%s" width="38" height="38" rx="7" fill="none" stroke="%s" stroke-width="3.5"/>`,
				f1(x-19), f1(y-19), f1(x-19), f1(y-19), glowColour)
			d.closeSpot(b, key, x+4, y+24)
		}
	}
	b.WriteString(`</g>`)
	// Dice of this round (used ones greyed).
	for i, dv := range ev.Dice {
		x := 118 + float64(i)*34
		if dv.Face == 0 {
			dieFace(b, x, y, 26, 0, "#ddcda5", "#b59a64", "")
			continue
		}
		fill, ink := "#fffdf6", "#2b2418"
		state := "free"
		if dv.Used {
			fill, ink, state = "#9a9286", "#4a443c", "used"
		}
		dieFace(b, x, y, 26, dv.Face, fill, ink, fmt.Sprintf(` data-die="%d" data-used="%t"%s role="img" aria-label="%s"`, dv.Face, dv.Used, gameui.Mark(d.dieMoved(int(ev.Seat), i, dv)),
			html.EscapeString(T("burgundy.aria.die."+state, dv.Face))))
	}
	// Sold goods, face down: their count.
	sold := 0
	for _, g := range ev.Sold {
		sold += g.Count
	}
	fmt.Fprintf(b, `<text x="-172" y="%s" font-size="9" fill="#5a4524">%s</text>`, f1(y+34), html.EscapeString(T("burgundy.sold", sold)))
	if ev.End != nil {
		fmt.Fprintf(b, `<text x="172" y="%s" text-anchor="end" font-size="9" fill="#5a4524">%s</text>`, f1(y+34),
			html.EscapeString(T("burgundy.endscore", ev.End.Total)))
	}
}
