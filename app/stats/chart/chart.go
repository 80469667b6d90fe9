// Package chart draws the charts of a statistics report (package
// engine/stats) as SVG text: lines per player, stacked bars per player and
// grouped bars with a reference, each with its title, axes and legend
// inside the picture, so a chart exported alone still reads. It knows no
// language: the caller gives every label (Labels). No chart library: the
// drawing is a few hundred lines of plain SVG; see docs/stats.md.
package chart

import (
	"fmt"
	"html"
	"math"
	"strings"

	"tabula/engine/stats"
)

// Width is the chart's width in SVG units. The picture scales to the width
// of its box; at 390 px (a phone) one unit is about one pixel, so the
// 11-unit labels stay readable.
const Width = 360

// Seat is how a player shows in a chart.
type Seat struct {
	Name   string
	Color  string
	Marker string // SVG path of the seat's shape centred on 0,0 (radius 4)
}

// Labels are a chart's words, in the reader's language.
type Labels struct {
	Title, X, Y string
	Key         func(key string) string // a category or series key
	Mark        func(m stats.Mark) string
	Seats       []Seat
}

// Category colours (Okabe–Ito, then greys), for stacks and grouped bars
// that are not players.
var categoryColors = []string{"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999"}

// Layout of the drawing, in SVG units.
const (
	titleH  = 22.0
	plotT   = titleH + 16
	plotH   = 150.0
	plotL   = 34.0
	plotR   = Width - 8.0
	axisH   = 30.0 // x tick labels and the x axis name
	legendH = 16.0 // one legend row
	font    = 11.0
)

// Drawing is one chart drawn: its SVG element, as wide as its box, and its
// height in SVG units (at Width units wide).
type Drawing struct {
	SVG    string
	Height float64
}

// SVG draws chart c with its labels. id makes the element ids unique on a
// page (several charts are drawn together).
func SVG(c *stats.Chart, l Labels, id string) Drawing {
	d := &drawing{c: c, l: l, id: id}
	s := d.svg()
	return Drawing{SVG: s, Height: d.height}
}

// Sheet puts drawings one under the other in one standalone SVG file (the
// statistics screen's export), under a title.
func Sheet(title string, ds []Drawing) string {
	var b strings.Builder
	y := 30.0
	for _, d := range ds {
		// Each drawing keeps its own viewBox; placed at its size here.
		fmt.Fprintf(&b, "%s\n", strings.Replace(d.SVG, `width="100%"`, fmt.Sprintf(`x="0" y="%.0f" width="%d" height="%.0f"`, y, Width, d.Height), 1))
		y += d.Height + 10
	}
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %.0f" width="%d" height="%.0f"><rect width="100%%" height="100%%" fill="#fff"/><text x="4" y="20" font-family="Tabula Sans, DejaVu Sans, sans-serif" font-size="16" font-weight="bold">%s</text>
%s</svg>
`, Width, y, Width*2, y*2, esc(title), b.String())
}

type drawing struct {
	c       *stats.Chart
	l       Labels
	id      string
	b       strings.Builder
	lo, hi  float64 // the y axis
	n       int     // x categories
	xlabels []string
	rotate  bool    // long x labels are drawn slanted
	drop    float64 // how far slanted labels reach below the axis
	height  float64 // of the whole drawing
}

func (d *drawing) printf(format string, args ...any) { fmt.Fprintf(&d.b, format, args...) }

func esc(s string) string { return html.EscapeString(s) }

func (d *drawing) svg() string {
	d.axes()
	legend := d.legend()
	axis := axisH + d.drop
	legendTop := plotT + plotH + axis
	h := legendTop + legendH*float64(len(legend)) + 6
	d.height = h
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" data-chart="%s" viewBox="0 0 %d %.0f" width="100%%" role="img" aria-labelledby="%s-t" aria-describedby="%s-d" font-family="Tabula Sans, DejaVu Sans, sans-serif" font-size="%.0f">`,
		esc(d.c.ID), Width, h, esc(d.id), esc(d.id), font)
	d.printf(`<rect width="%d" height="%.0f" fill="#fff"/>`, Width, h)
	d.printf(`<text id="%s-t" x="4" y="15" font-size="13" font-weight="bold" fill="#111">%s</text>`, esc(d.id), esc(d.l.Title))
	d.printf(`<desc id="%s-d">%s</desc>`, esc(d.id), esc(d.summary()))
	d.grid()
	switch d.c.Kind {
	case stats.Line:
		d.lines()
	case stats.Stacked:
		d.stacks()
	default:
		d.bars()
	}
	d.xaxis()
	for i, row := range legend {
		d.printf(`<g transform="translate(4 %.1f)">%s</g>`, legendTop+legendH*float64(i), row)
	}
	d.b.WriteString(`</svg>`)
	return d.b.String()
}

// axes works out the x categories and the y range (0 always inside).
func (d *drawing) axes() {
	c := d.c
	switch {
	case c.Kind == stats.Stacked:
		d.n = len(d.l.Seats)
		for _, s := range d.l.Seats {
			d.xlabels = append(d.xlabels, s.Name)
		}
	case len(c.Keys) > 0:
		d.n = len(c.Keys)
		for _, k := range c.Keys {
			d.xlabels = append(d.xlabels, d.l.Key(k))
		}
	default:
		for _, s := range c.Series {
			d.n = max(d.n, len(s.Values))
		}
		for i := 0; i < d.n; i++ {
			d.xlabels = append(d.xlabels, fmt.Sprint(c.From+i))
		}
	}
	for i := 0; i < d.n; i++ {
		if c.Kind == stats.Stacked {
			top := 0.0
			for _, s := range c.Series {
				top += at(s.Values, i)
			}
			d.hi = math.Max(d.hi, top)
			continue
		}
		for _, s := range c.Series {
			d.hi, d.lo = math.Max(d.hi, at(s.Values, i)), math.Min(d.lo, at(s.Values, i))
		}
	}
	if d.hi == d.lo {
		d.hi = d.lo + 1
	}
	if len(c.Marks) > 0 {
		// Room above the bars for the marks and the seats they name.
		d.hi += (d.hi - d.lo) * 0.35
	}
	// The axis ends on a tick, so the top value has its label.
	step := niceStep((d.hi - d.lo) / 5)
	d.hi, d.lo = math.Ceil(d.hi/step)*step, math.Floor(d.lo/step)*step
	if c.Kind != stats.Line && d.n > 0 {
		width, longest := (plotR-plotL)/float64(d.n), 0.0
		for _, s := range d.xlabels {
			longest = math.Max(longest, float64(len([]rune(s)))*10*0.58)
		}
		if longest > width {
			// Slanted at 40°: sin 40° is about 0.64 of the label's length.
			d.rotate, d.drop = true, longest*0.64
		}
	}
}

func at(v []float64, i int) float64 {
	if i < len(v) {
		return v[i]
	}
	return 0
}

// y is the vertical position of value v.
func (d *drawing) y(v float64) float64 {
	return plotT + plotH - (v-d.lo)/(d.hi-d.lo)*plotH
}

// slot is the x range of category i (bars) and its centre.
func (d *drawing) slot(i int) (left, width, centre float64) {
	width = (plotR - plotL) / float64(max(d.n, 1))
	left = plotL + width*float64(i)
	return left, width, left + width/2
}

// pointX is the x of step i of a line.
func (d *drawing) pointX(i int) float64 {
	if d.n <= 1 {
		return plotL
	}
	return plotL + (plotR-plotL)*float64(i)/float64(d.n-1)
}

// grid draws the y axis with about five round ticks and the zero line.
func (d *drawing) grid() {
	step := niceStep((d.hi - d.lo) / 5)
	for v := math.Ceil(d.lo/step) * step; v <= d.hi+1e-9; v += step {
		y := d.y(v)
		stroke := "#e3e3e3"
		if math.Abs(v) < 1e-9 {
			stroke = "#888"
		}
		d.printf(`<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="%s"/>`, plotL, plotR, y, y, stroke)
		d.printf(`<text x="%.1f" y="%.1f" text-anchor="end" fill="#444">%s</text>`, plotL-4, y+4, num(v))
	}
	d.printf(`<text x="4" y="%.1f" fill="#444" font-size="10">%s</text>`, plotT-10, esc(d.l.Y))
}

// niceStep rounds a tick step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return math.Max(m*p, 1)
		}
	}
	return 10 * p
}

// num prints a value as the charts show it: whole, or with one decimal.
func num(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprint(int(v))
	}
	return fmt.Sprintf("%.1f", v)
}

// xaxis writes the category labels (every k-th when they are many) and the
// axis name.
func (d *drawing) xaxis() {
	every := 1
	if d.c.Kind == stats.Line || len(d.c.Keys) == 0 && d.c.Kind != stats.Stacked {
		every = max(1, int(math.Ceil(float64(d.n)/12)))
	}
	base := plotT + plotH + 13
	for i, s := range d.xlabels {
		// Every k-th label, and the last unless it would touch the one
		// before.
		if i%every != 0 && (i != d.n-1 || i%every < (every+1)/2) {
			continue
		}
		x := d.pointX(i)
		if d.c.Kind != stats.Line {
			_, _, x = d.slot(i)
		}
		if d.rotate {
			d.printf(`<text transform="translate(%.1f %.1f) rotate(-40)" text-anchor="end" fill="#333" font-size="10">%s</text>`, x+3, base-2, esc(s))
			continue
		}
		d.printf(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333">%s</text>`, x, base, esc(s))
	}
	name := base + 14 + d.drop
	d.printf(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#444" font-size="10">%s</text>`, (plotL+plotR)/2, name, esc(d.l.X))
}
