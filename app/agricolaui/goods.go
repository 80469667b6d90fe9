package agricolaui

import (
	"fmt"
	"strings"

	"tabula/app/i18n"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Words and icons for goods, prices and herds. Goods are named by the
// engine's English ids ("wood"), which key the catalogue.

// allGoods lists the goods in the order a supply shows them.
var allGoods = []agricola.Good{agricola.Food, agricola.Wood, agricola.Clay, agricola.Reed, agricola.Stone,
	agricola.Grain, agricola.Vegetable, agricola.Sheep, agricola.Boar, agricola.Cattle}

// goodName is the good's noun ("wood").
func goodName(g agricola.Good) string { return T("agricola.good." + g.String()) }

// amount is n of good g in words ("3 wood").
func amount(g agricola.Good, n int) string { return i18n.N("agricola.n."+g.String(), n) }

// goodsText lists goods in words ("3 wood, 2 reed"); none is "nothing".
func goodsText(gs agricola.Goods) string {
	var parts []string
	for _, g := range allGoods {
		if n := gs[g]; n > 0 {
			parts = append(parts, amount(g, n))
		}
	}
	if len(parts) == 0 {
		return T("agricola.nothing")
	}
	return strings.Join(parts, ", ")
}

// changeText is what a supply gained and lost ("+3 wood, −1 food"), ""
// for no change.
func changeText(d agricola.Goods) string {
	var parts []string
	for _, g := range allGoods {
		switch n := d[g]; {
		case n > 0:
			parts = append(parts, "+"+amount(g, n))
		case n < 0:
			parts = append(parts, "−"+amount(g, -n))
		}
	}
	return strings.Join(parts, ", ")
}

// herdText lists a herd in words ("2 sheep, 1 cattle"), "no animals" when
// empty.
func herdText(h farmyard.Herd) string {
	var parts []string
	for k := farmyard.Sheep; k < farmyard.Kinds; k++ {
		if h[k] > 0 {
			parts = append(parts, amount(agricola.AnimalGood(k), h[k]))
		}
	}
	if len(parts) == 0 {
		return T("agricola.noanimals")
	}
	return strings.Join(parts, ", ")
}

// priceText is one way to pay in words: goods, returning an improvement,
// or free.
func priceText(p agricola.Price) string {
	if p.Return != "" {
		return T("agricola.price.return", cardName(p.Return))
	}
	if p.Goods.IsZero() {
		return T("agricola.price.free")
	}
	return goodsText(p.Goods)
}

// missing is what the supply lacks to pay goods ("needs 2 clay"), or ""
// when it is enough.
func missing(supply, cost agricola.Goods) string {
	var short agricola.Goods
	for g := range cost {
		if d := cost[g] - supply[g]; d > 0 {
			short[g] = d
		}
	}
	if short.IsZero() {
		return ""
	}
	return T("agricola.needs", goodsText(short))
}

// materialName is a house material as an adjective of rooms ("wooden").
func materialName(g agricola.Good) string { return T("agricola.house." + g.String()) }

// icon is good (or another glyph: person, stable, begging, harvest,
// start, fence, room) drawn inline in HTML, from the board's <defs>.
func icon(name string, size int) string {
	return fmt.Sprintf(`<svg class="ag-ico" width="%d" height="%d" viewBox="0 0 20 20" aria-hidden="true"><use href="#ag-i-%s" width="20" height="20"/></svg>`, size, size, name)
}

// goodsHTML is goods as icons with counts, each titled in words, in one
// element (app.Raw takes one root); extra HTML goes after them.
func goodsHTML(gs agricola.Goods, size int, extra ...string) string {
	var b strings.Builder
	b.WriteString(`<span class="ag-gs">`)
	for _, g := range allGoods {
		if n := gs[g]; n > 0 {
			fmt.Fprintf(&b, `<span class="ag-g" title="%s">%s<span>%d</span></span>`, esc(amount(g, n)), icon(g.String(), size), n)
		}
	}
	for _, x := range extra {
		b.WriteString(x)
	}
	b.WriteString(`</span>`)
	return b.String()
}

// defsSVG holds the glyphs every part of the table uses (<use>d by id):
// each good, the animals, a person, a stable, a begging card, the harvest,
// the starting player, a fence. Each has its own shape, never only a
// colour.
const defsSVG = `<svg class="ag-defs" width="0" height="0" aria-hidden="true" focusable="false" style="position:absolute"><defs>
<symbol id="ag-i-food" viewBox="-10 -10 20 20"><path d="M-6-6c1-2 0-3 1-4M0-6c1-2 0-3 1-4M6-6c1-2 0-3 1-4" stroke="#777" fill="none" stroke-width="1.2"/><path d="M-9-2H9A9 8 0 0 1-9-2Z" fill="#e9b44c" stroke="#5a3b12" stroke-width="1.3"/></symbol>
<symbol id="ag-i-wood" viewBox="-10 -10 20 20"><rect x="-9" y="-5" width="15" height="10" rx="2" fill="#9c6232" stroke="#3d2410" stroke-width="1.2"/><ellipse cx="6" cy="0" rx="3.2" ry="5" fill="#d7a76b" stroke="#3d2410" stroke-width="1.2"/><ellipse cx="6" cy="0" rx="1.2" ry="2" fill="none" stroke="#8a5a2b"/></symbol>
<symbol id="ag-i-clay" viewBox="-10 -10 20 20"><rect x="-9" y="-6" width="18" height="12" rx="1.5" fill="#c8643b" stroke="#4a1f0e" stroke-width="1.2"/><path d="M-9 0H9M0-6V0M-4 0V6M5 0V6" stroke="#4a1f0e" stroke-width="1" fill="none"/></symbol>
<symbol id="ag-i-reed" viewBox="-10 -10 20 20"><path d="M-5 9L-3-8M0 9V-9M5 9L3-8" stroke="#5f7f2a" stroke-width="2.4" stroke-linecap="round"/><path d="M-3-8l-1-2M3-8l1-2" stroke="#8a6d2f" stroke-width="2"/><path d="M-6 2H6" stroke="#e0c860" stroke-width="2.4"/></symbol>
<symbol id="ag-i-stone" viewBox="-10 -10 20 20"><path d="M-9 4L-6-5L2-8L9-1L7 7L-3 8Z" fill="#9aa1a8" stroke="#33383d" stroke-width="1.3"/><path d="M-3-2L2-3L4 2" stroke="#6c737a" fill="none"/></symbol>
<symbol id="ag-i-grain" viewBox="-10 -10 20 20"><path d="M0 10V-9" stroke="#8a6d1f" stroke-width="1.5"/><g fill="#ecc94b" stroke="#7a5e12" stroke-width=".8"><ellipse cx="-3" cy="-6" rx="2" ry="3.4" transform="rotate(-28 -3 -6)"/><ellipse cx="3" cy="-6" rx="2" ry="3.4" transform="rotate(28 3 -6)"/><ellipse cx="-3" cy="-1" rx="2" ry="3.4" transform="rotate(-28 -3 -1)"/><ellipse cx="3" cy="-1" rx="2" ry="3.4" transform="rotate(28 3 -1)"/><ellipse cx="0" cy="-9" rx="1.6" ry="2.6"/></g></symbol>
<symbol id="ag-i-vegetable" viewBox="-10 -10 20 20"><path d="M-3.5-3.5Q0-5 3.5-3.5L0 10Z" fill="#ee7d1f" stroke="#6b3208" stroke-width="1.2"/><path d="M0-4L-4-9M0-4L0-10M0-4L4-9" stroke="#3f8a2e" stroke-width="2" stroke-linecap="round"/><path d="M-2 1H1M-1 4H1" stroke="#6b3208"/></symbol>
<symbol id="ag-i-sheep" viewBox="-10 -10 20 20"><g fill="#f6f5ee" stroke="#555" stroke-width="1"><circle cx="-4" cy="1" r="4"/><circle cx="0" cy="-2" r="4.5"/><circle cx="3" cy="2" r="4"/><circle cx="-1" cy="3" r="4"/></g><ellipse cx="7" cy="-1" rx="2.6" ry="3.2" fill="#2f2f2f"/><path d="M-4 6V9M2 6V9" stroke="#2f2f2f" stroke-width="1.6"/></symbol>
<symbol id="ag-i-boar" viewBox="-10 -10 20 20"><path d="M-4-4L-2-8L0-4" fill="#3b2416"/><ellipse cx="-1" cy="1" rx="7.5" ry="5.2" fill="#6b4a32" stroke="#2a1a10" stroke-width="1.2"/><ellipse cx="7" cy="2" rx="2.4" ry="2.6" fill="#c98e78" stroke="#2a1a10"/><path d="M6 4.5L8.5 7" stroke="#fff" stroke-width="1.4"/><path d="M-5 6V9M2 6V9" stroke="#2a1a10" stroke-width="1.8"/><circle cx="4" cy="-1" r=".9" fill="#000"/></symbol>
<symbol id="ag-i-cattle" viewBox="-10 -10 20 20"><rect x="-9" y="-4" width="13" height="9" rx="3" fill="#8b5a2b" stroke="#2e1b0b" stroke-width="1.1"/><path d="M-6-4Q-4 0-7 3M-1 1Q1 4-2 5" fill="#f2eadc"/><circle cx="6" cy="-1" r="3.4" fill="#8b5a2b" stroke="#2e1b0b"/><path d="M4-4Q3-8 1-8M8-4Q9-8 11-8" stroke="#e8e0cc" stroke-width="1.6" fill="none"/><path d="M-7 5V9M1 5V9" stroke="#2e1b0b" stroke-width="1.8"/></symbol>
<symbol id="ag-i-person" viewBox="-10 -10 20 20"><circle cy="-5" r="4" fill="currentColor" stroke="#111" stroke-width="1.2"/><path d="M-7 9C-7 1-4-1 0-1S7 1 7 9Z" fill="currentColor" stroke="#111" stroke-width="1.2"/></symbol>
<symbol id="ag-i-stable" viewBox="-10 -10 20 20"><path d="M-8 9V-1L0-8L8-1V9Z" fill="#b23b2b" stroke="#3b0f08" stroke-width="1.3"/><path d="M-3 9V2H3V9M-3 2L3 9M3 2L-3 9" stroke="#f2e2c4" stroke-width="1.2" fill="none"/></symbol>
<symbol id="ag-i-room" viewBox="-10 -10 20 20"><path d="M-9 0L0-8L9 0" fill="none" stroke="#3a2a1a" stroke-width="2"/><rect x="-6" y="0" width="12" height="9" fill="#e8d3a8" stroke="#3a2a1a" stroke-width="1.2"/><rect x="-2" y="3" width="4" height="6" fill="#3a2a1a"/></symbol>
<symbol id="ag-i-begging" viewBox="-10 -10 20 20"><rect x="-6.5" y="-9" width="13" height="18" rx="2" fill="#f2f2f2" stroke="#333" stroke-width="1.2"/><path d="M-3 1Q0-4 3 1L3 5H-3Z" fill="#b5651d"/><path d="M-4-5H4" stroke="#333"/></symbol>
<symbol id="ag-i-harvest" viewBox="-10 -10 20 20"><path d="M-7 9L1 1" stroke="#6b4423" stroke-width="2.4" stroke-linecap="round"/><path d="M1 1C-5-3 0-10 6-8C9-6 9-1 6 2C7-2 5-5 2-5C-1-5-1-1 1 1Z" fill="#c9ced3" stroke="#333" stroke-width="1"/></symbol>
<symbol id="ag-i-start" viewBox="-10 -10 20 20"><path d="M-9 6L-9-5L-4 0L0-7L4 0L9-5L9 6Z" fill="#ffd54a" stroke="#5a4300" stroke-width="1.2"/><rect x="-9" y="6" width="18" height="3" fill="#e0a800" stroke="#5a4300"/></symbol>
<symbol id="ag-i-fence" viewBox="-10 -10 20 20"><path d="M-9-2H9M-9 4H9" stroke="#8b5a2b" stroke-width="2.2"/><path d="M-6-8V9M0-8V9M6-8V9" stroke="#5c3a1c" stroke-width="2.6"/></symbol>
<symbol id="ag-i-field" viewBox="-10 -10 20 20"><rect x="-9" y="-8" width="18" height="16" rx="2" fill="#7a4a2a" stroke="#2e1a0c"/><path d="M-6-5V5M-2-5V5M2-5V5M6-5V5" stroke="#4d2c15" stroke-width="1.4"/></symbol>
</defs></svg>`
