package chart

import (
	"fmt"
	"strings"

	"tabula/engine/stats"
)

// seriesID names a series in the drawing (data-series), for readers and
// tests: "seat-2" or "key-production".
func seriesID(s stats.Series) string {
	if s.Seat >= 0 && s.Key == "" {
		return fmt.Sprintf("seat-%d", s.Seat)
	}
	return "key-" + s.Key
}

// dashes tell the players' lines apart without colour.
var dashes = []string{"", "6 3", "2 3", "9 3 2 3", "4 2", "1 2"}

func (d *drawing) seat(p int) Seat {
	if p >= 0 && p < len(d.l.Seats) {
		return d.l.Seats[p]
	}
	return Seat{Name: fmt.Sprint(p + 1), Color: "#777", Marker: "M-4 -4H4V4H-4Z"}
}

// color is a series' fill: its seat's colour, or the k-th category colour.
func (d *drawing) color(s stats.Series, k int) string {
	if s.Seat >= 0 && s.Key == "" {
		return d.seat(int(s.Seat)).Color
	}
	return categoryColors[k%len(categoryColors)]
}

func (d *drawing) name(s stats.Series) string {
	if s.Seat >= 0 && s.Key == "" {
		return d.seat(int(s.Seat)).Name
	}
	return d.l.Key(s.Key)
}

// lines: one polyline per series, its seat's shape at the last point.
func (d *drawing) lines() {
	for k, s := range d.c.Series {
		if len(s.Values) == 0 {
			continue
		}
		var pts []string
		for i, v := range s.Values {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", d.pointX(i), d.y(v)))
		}
		d.printf(`<polyline data-series="%s" points="%s" fill="none" stroke="%s" stroke-width="2.2" stroke-dasharray="%s" stroke-linejoin="round"/>`,
			seriesID(s), strings.Join(pts, " "), d.color(s, k), dashes[k%len(dashes)])
		last := len(s.Values) - 1
		d.printf(`<path transform="translate(%.1f %.1f)" d="%s" fill="%s" stroke="#222" stroke-width="1"><title>%s: %s</title></path>`,
			d.pointX(last), d.y(s.Values[last]), d.seat(int(s.Seat)).Marker, d.color(s, k), esc(d.name(s)), num(s.Values[last]))
	}
}

// stacks: one bar per seat, the series stacked from the bottom, the total
// on top.
func (d *drawing) stacks() {
	for i := 0; i < d.n; i++ {
		left, w, centre := d.slot(i)
		bw := w * 0.6
		base := 0.0
		for k, s := range d.c.Series {
			v := at(s.Values, i)
			if v <= 0 {
				continue
			}
			d.printf(`<rect data-series="%s" data-x="%d" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="#fff" stroke-width=".6"><title>%s · %s: %s</title></rect>`,
				seriesID(s), i, left+(w-bw)/2, d.y(base+v), bw, d.y(base)-d.y(base+v), d.color(s, k), esc(d.seat(i).Name), esc(d.name(s)), num(v))
			if d.y(base)-d.y(base+v) >= font+2 && bw >= 16 {
				d.printf(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#000" font-size="10">%s</text>`, centre, (d.y(base)+d.y(base+v))/2+3.5, num(v))
			}
			base += v
		}
		d.printf(`<text x="%.1f" y="%.1f" text-anchor="middle" font-weight="bold" fill="#111">%s</text>`, centre, d.y(base)-3, num(base))
	}
}

// bars: grouped bars per category; reference series as a dark dash across
// the group; marks above the groups.
func (d *drawing) bars() {
	var shown []int
	for k, s := range d.c.Series {
		if !s.Reference {
			shown = append(shown, k)
		}
	}
	for i := 0; i < d.n; i++ {
		left, w, centre := d.slot(i)
		inner := w * 0.8
		bw := inner / float64(max(len(shown), 1))
		for j, k := range shown {
			s := d.c.Series[k]
			v := at(s.Values, i)
			top, bottom := d.y(max(v, 0)), d.y(min(v, 0))
			d.printf(`<rect data-series="%s" data-x="%d" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s · %s: %s</title></rect>`,
				seriesID(s), i, left+(w-inner)/2+bw*float64(j), top, max(bw-0.8, 0.5), max(bottom-top, 0.8), d.color(s, k), esc(d.xlabels[i]), esc(d.name(s)), num(v))
		}
		for _, s := range d.c.Series {
			if s.Reference {
				y := d.y(at(s.Values, i))
				d.printf(`<line data-series="%s" data-x="%d" x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#111" stroke-width="2" stroke-dasharray="3 2"><title>%s · %s: %s</title></line>`,
					seriesID(s), i, left+w*0.05, left+w*0.95, y, y, esc(d.xlabels[i]), esc(d.name(s)), num(at(s.Values, i)))
			}
		}
		if i < len(d.c.Marks) {
			d.mark(d.c.Marks[i], centre)
		}
	}
}

// mark draws an outcome above a group: a tick for a good one, a cross for
// the barbarians' win, and the shapes of the seats it concerns.
func (d *drawing) mark(m stats.Mark, x float64) {
	glyph, color := "✓", "#007a56"
	if m.Key == "pillaged" {
		glyph, color = "✗", "#b34700"
	}
	d.printf(`<g data-mark="%s"><title>%s</title><text x="%.1f" y="%.1f" text-anchor="middle" font-weight="bold" fill="%s">%s</text>`,
		esc(m.Key), esc(d.l.Mark(m)), x, plotT+2, color, glyph)
	y := plotT + 10
	for p := 0; p < len(d.l.Seats); p++ {
		if m.Seats&(1<<uint(p)) != 0 {
			d.printf(`<path transform="translate(%.1f %.1f) scale(.8)" d="%s" fill="%s" stroke="#222" stroke-width="1"/>`, x, y, d.seat(p).Marker, d.seat(p).Color)
			y += 8
		}
	}
	d.b.WriteString(`</g>`)
}

// legend lays the series' (and marks') names out in rows that fit the width.
func (d *drawing) legend() []string {
	var items []string
	var widths []float64
	legendOf := ""
	add := func(swatch, text string) {
		items = append(items, fmt.Sprintf(`<g data-legend="%s">%s<text x="16" y="4">%s</text></g>`, legendOf, swatch, esc(text)))
		widths = append(widths, 28+float64(len([]rune(text)))*font*0.6)
	}
	for k, s := range d.c.Series {
		legendOf = seriesID(s)
		switch {
		case s.Reference:
			add(`<line x1="0" x2="12" y1="0" y2="0" stroke="#111" stroke-width="2" stroke-dasharray="3 2"/>`, d.name(s))
		case s.Seat >= 0 && s.Key == "" && d.c.Kind != stats.Line:
			add(fmt.Sprintf(`<rect x="0" y="-5" width="12" height="10" fill="%s"/><path transform="translate(6 0) scale(.7)" d="%s" fill="%s" stroke="#222" stroke-width="1"/>`,
				d.color(s, k), d.seat(int(s.Seat)).Marker, d.color(s, k)), d.name(s))
		case s.Seat >= 0 && s.Key == "":
			text := d.name(s)
			if d.c.Kind == stats.Line && len(s.Values) > 0 {
				text += " " + num(s.Values[len(s.Values)-1])
			}
			add(fmt.Sprintf(`<line x1="-1" x2="13" y1="0" y2="0" stroke="%s" stroke-width="2.2" stroke-dasharray="%s"/><path transform="translate(6 0)" d="%s" fill="%s" stroke="#222" stroke-width="1"/>`,
				d.color(s, k), dashes[k%len(dashes)], d.seat(int(s.Seat)).Marker, d.color(s, k)), text)
		default:
			add(fmt.Sprintf(`<rect x="0" y="-5" width="12" height="10" fill="%s"/>`, d.color(s, k)), d.name(s))
		}
	}
	seen := map[string]bool{}
	for _, m := range d.c.Marks {
		if !seen[m.Key] {
			seen[m.Key] = true
			glyph := "✓"
			if m.Key == "pillaged" {
				glyph = "✗"
			}
			legendOf = "mark-" + m.Key
			add(fmt.Sprintf(`<text x="6" y="4" text-anchor="middle" font-weight="bold">%s</text>`, glyph), d.l.Mark(stats.Mark{Key: m.Key}))
		}
	}
	var rows []string
	var row strings.Builder
	x := 0.0
	for i, it := range items {
		if x > 0 && x+widths[i] > Width-8 {
			rows, x = append(rows, row.String()), 0
			row.Reset()
		}
		fmt.Fprintf(&row, `<g transform="translate(%.1f 6)">%s</g>`, x, it)
		x += widths[i]
	}
	if x > 0 {
		rows = append(rows, row.String())
	}
	return rows
}

// summary is the chart's numbers as text, for screen readers (the SVG's
// description): each line from its first value to its last, each seat's
// stack, each category's bars and outcome. Names and numbers only, so it
// reads in any language.
func (d *drawing) summary() string {
	var parts []string
	switch d.c.Kind {
	case stats.Line:
		for _, s := range d.c.Series {
			if n := len(s.Values); n > 0 {
				parts = append(parts, fmt.Sprintf("%s: %s → %s", d.name(s), num(s.Values[0]), num(s.Values[n-1])))
			}
		}
	case stats.Stacked:
		for i := 0; i < d.n; i++ {
			var layers []string
			total := 0.0
			for _, s := range d.c.Series {
				if v := at(s.Values, i); v != 0 {
					layers = append(layers, d.name(s)+" "+num(v))
					total += v
				}
			}
			parts = append(parts, fmt.Sprintf("%s: %s (%s)", d.seat(i).Name, strings.Join(layers, ", "), num(total)))
		}
	default:
		for i := 0; i < d.n; i++ {
			var bars []string
			for _, s := range d.c.Series {
				bars = append(bars, d.name(s)+" "+num(at(s.Values, i)))
			}
			part := d.xlabels[i] + ": " + strings.Join(bars, ", ")
			if i < len(d.c.Marks) {
				part += " — " + d.l.Mark(d.c.Marks[i])
			}
			parts = append(parts, part)
		}
	}
	return strings.Join(parts, "; ")
}
