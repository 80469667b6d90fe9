package chart

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"tabula/engine/stats"
)

func testLabels(players int) Labels {
	l := Labels{Title: "T <&>", X: "x", Y: "y", Key: func(k string) string { return "K:" + k },
		Mark: func(m stats.Mark) string { return fmt.Sprintf("M:%s:%d", m.Key, m.Seats) }}
	for p := 0; p < players; p++ {
		l.Seats = append(l.Seats, Seat{Name: fmt.Sprintf("P%d <&>", p), Color: "#123456", Marker: "M-4 -4H4V4H-4Z"})
	}
	return l
}

// node is an SVG element as the tests read it back.
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []node     `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// all lists the elements under n (n included) that pass keep.
func (n node) all(keep func(node) bool) []node {
	var out []node
	if keep(n) {
		out = append(out, n)
	}
	for _, c := range n.Nodes {
		out = append(out, c.all(keep)...)
	}
	return out
}

func parse(t *testing.T, s string) node {
	t.Helper()
	var n node
	if err := xml.Unmarshal([]byte(s), &n); err != nil {
		t.Fatalf("not XML: %v\n%s", err, s)
	}
	return n
}

func bySeries(n node, el, series string) []node {
	return n.all(func(c node) bool { return c.XMLName.Local == el && c.attr("data-series") == series })
}

func TestBarsWithReferenceAndMarks(t *testing.T) {
	c := &stats.Chart{ID: "dice", Kind: stats.Bars, From: 2, Series: []stats.Series{
		{Seat: -1, Key: "rolled", Values: []float64{1, 0, 3}},
		{Seat: -1, Key: "expected", Values: []float64{0.5, 1, 1.5}, Reference: true},
	}, Marks: []stats.Mark{{Key: "pillaged", Seats: 0b101}, {Key: "defended"}, {Key: "defender", Seats: 2}}}
	d := SVG(c, testLabels(3), "x")
	n := parse(t, d.SVG)
	if n.attr("data-chart") != "dice" || d.Height < plotT+plotH {
		t.Fatalf("root %v, height %v", n.Attrs, d.Height)
	}
	if len(bySeries(n, "rect", "key-rolled")) != 3 || len(bySeries(n, "line", "key-expected")) != 3 {
		t.Errorf("bars %d, reference marks %d", len(bySeries(n, "rect", "key-rolled")), len(bySeries(n, "line", "key-expected")))
	}
	marks := n.all(func(c node) bool { return c.attr("data-mark") != "" })
	if len(marks) != 3 || len(marks[0].all(func(c node) bool { return c.XMLName.Local == "path" })) != 2 {
		t.Fatalf("marks %d; the first should show 2 seats", len(marks))
	}
	desc := n.all(func(c node) bool { return c.XMLName.Local == "desc" })
	if len(desc) != 1 || desc[0].Text != "2: K:rolled 1, K:expected 0.5 — M:pillaged:5; 3: K:rolled 0, K:expected 1 — M:defended:0; 4: K:rolled 3, K:expected 1.5 — M:defender:2" {
		t.Errorf("description %v", desc)
	}
	if !strings.Contains(d.SVG, "M:pillaged:5") || !strings.Contains(d.SVG, "T &lt;&amp;&gt;") {
		t.Error("the mark's words or the escaped title are missing")
	}
	legend := n.all(func(c node) bool { return c.attr("data-legend") != "" })
	var keys []string
	for _, l := range legend {
		keys = append(keys, l.attr("data-legend"))
	}
	if strings.Join(keys, ",") != "key-rolled,key-expected,mark-pillaged,mark-defended,mark-defender" {
		t.Errorf("legend %v", keys)
	}
}

// Negative values (Agricola's begging) hang below the zero line.
func TestBarsBelowZero(t *testing.T) {
	c := &stats.Chart{ID: "score", Kind: stats.Bars, Keys: []string{"fields", "begging"}, Series: []stats.Series{
		{Seat: 0, Values: []float64{4, -3}}, {Seat: 1, Values: []float64{2, 0}},
	}}
	d := &drawing{c: c, l: testLabels(2), id: "s"}
	n := parse(t, d.svg())
	seat0 := bySeries(n, "rect", "seat-0")
	if len(seat0) != 2 {
		t.Fatalf("%d bars for seat 0", len(seat0))
	}
	zero := fmt.Sprintf("%.1f", d.y(0))
	if seat0[1].attr("y") != zero || seat0[0].attr("y") == zero {
		t.Errorf("the −3 bar starts at y=%s, the 4 bar at %s; zero is at %s", seat0[1].attr("y"), seat0[0].attr("y"), zero)
	}
	// −3 … 4 in steps of 2: the axis runs from tick −4 to tick 4.
	if d.lo != -4 || d.hi != 4 {
		t.Errorf("y axis %v … %v, want −4 … 4", d.lo, d.hi)
	}
}

func TestStacksAndLines(t *testing.T) {
	st := &stats.Chart{ID: "gained", Kind: stats.Stacked, Series: []stats.Series{
		{Seat: -1, Key: "production", Values: []float64{3, 0}}, {Seat: -1, Key: "trade", Values: []float64{2, 5}},
	}}
	n := parse(t, SVG(st, testLabels(2), "g").SVG)
	if len(bySeries(n, "rect", "key-production")) != 1 || len(bySeries(n, "rect", "key-trade")) != 2 {
		t.Error("a zero layer is drawn, or a layer is missing")
	}
	if desc := n.all(func(c node) bool { return c.XMLName.Local == "desc" }); desc[0].Text != "P0 <&>: K:production 3, K:trade 2 (5); P1 <&>: K:trade 5 (5)" {
		t.Errorf("stacks described as %q", desc[0].Text)
	}
	totals := n.all(func(c node) bool {
		return c.XMLName.Local == "text" && c.attr("font-weight") == "bold" && c.attr("id") == ""
	})
	if len(totals) != 2 || totals[0].Text != "5" || totals[1].Text != "5" {
		t.Errorf("totals %v", totals)
	}
	ln := &stats.Chart{ID: "points", Kind: stats.Line, Series: []stats.Series{
		{Seat: 0, Values: []float64{2, 3, 5}}, {Seat: 1, Values: []float64{2, 2, 4}},
	}}
	n = parse(t, SVG(ln, testLabels(2), "p").SVG)
	if desc := n.all(func(c node) bool { return c.XMLName.Local == "desc" }); desc[0].Text != "P0 <&>: 2 → 5; P1 <&>: 2 → 4" {
		t.Errorf("lines described as %q", desc[0].Text)
	}
	for p := 0; p < 2; p++ {
		l := bySeries(n, "polyline", fmt.Sprintf("seat-%d", p))
		if len(l) != 1 || len(strings.Fields(l[0].attr("points"))) != 3 {
			t.Errorf("seat %d line %v", p, l)
		}
	}
}

func TestSheetHoldsEveryChart(t *testing.T) {
	var ds []Drawing
	for _, id := range []string{"a", "b"} {
		ds = append(ds, SVG(&stats.Chart{ID: id, Kind: stats.Line, Series: []stats.Series{{Seat: 0, Values: []float64{1}}}}, testLabels(1), id))
	}
	n := parse(t, strings.TrimPrefix(Sheet("Stats <1>", ds), `<?xml version="1.0" encoding="UTF-8"?>`+"\n"))
	var got []string
	for _, c := range n.Nodes {
		if c.XMLName.Local == "svg" {
			got = append(got, c.attr("data-chart")+"@"+c.attr("y"))
		}
	}
	if want := fmt.Sprintf("a@30,b@%.0f", 30+ds[0].Height+10); strings.Join(got, ",") != want {
		t.Errorf("sheet holds %v, want %s", got, want)
	}
}
