package traders

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
	"tabula/engine/hexgrid"
)

// Layer draws the scenario's pieces over the island and, for the player
// deciding, its spots: the wagon's destinations, drive-off attempts and the
// barbarian moves.
func (u *addon) Layer(env *gameui.Env, b catanui.Board) string {
	u.env = env
	_, x := views(env)
	if x == nil {
		return ""
	}
	var s strings.Builder
	s.Grow(8 << 10)
	for _, h := range x.TradeHexes {
		tradeHex(&s, env, b, x, h)
	}
	bx := botBefore(env) // what the bots' latest moves changed is marked
	for _, br := range x.Barbarians {
		barbarian(&s, b, br, bx != nil && !slices.ContainsFunc(bx.Barbarians, func(o tb.BarbarianView) bool { return o.Path == br.Path }))
	}
	wagons(&s, env, b, x, bx)
	if !env.Replay && len(env.Legal) > 0 {
		u.spots(&s, env, b, x)
	}
	return s.String()
}

// outward is the unit vector from the island's centre to p, and the one
// square to it.
func outward(p hexgrid.Point) (o, q hexgrid.Point) {
	l := math.Hypot(p.X, p.Y)
	if l == 0 {
		return hexgrid.Point{Y: 1}, hexgrid.Point{X: 1}
	}
	o = hexgrid.Point{X: p.X / l, Y: p.Y / l}
	return o, hexgrid.Point{X: -o.Y, Y: o.X}
}

func at(c, o hexgrid.Point, k float64) hexgrid.Point {
	return hexgrid.Point{X: c.X + o.X*k, Y: c.Y + o.Y*k}
}

// tradeHex draws a trade hex's spokes without a road, its plaza, the goods
// it needs and its cargo stack (toward the sea, where no spoke runs); the
// viewer's wagon's destination gets a ring.
func tradeHex(s *strings.Builder, env *gameui.Env, b catanui.Board, x *tb.View, h tb.TradeHexView) {
	c := b.Vertex(h.Plaza)
	for _, r := range h.Spokes {
		if r >= len(b.View.Edges) || b.View.Edges[r].Owner >= 0 {
			continue
		}
		p0, p1 := b.Edge(r)
		fmt.Fprintf(s, `<line class="spoke" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#f3e6c4" stroke-width="3" stroke-dasharray="1 6" stroke-linecap="round" opacity=".9"/>`,
			f1(p0.X), f1(p0.Y), f1(p1.X), f1(p1.Y))
	}
	fmt.Fprintf(s, `<circle class="plaza" cx="%s" cy="%s" r="5" fill="#efe4c8" stroke="#3a2f22" stroke-width="1.5"/>`, f1(c.X), f1(c.Y))
	if p := int(env.Viewer); p >= 0 && p < len(x.Wagons) && x.Wagons[p].Order != nil && x.Wagons[p].Order.Plaza == h.Plaza {
		st := style(env, p)
		fmt.Fprintf(s, `<circle class="order-ring" cx="%s" cy="%s" r="27" fill="none" stroke="%s" stroke-width="3.5" stroke-dasharray="7 4"><title>%s</title></circle>`,
			f1(c.X), f1(c.Y), st.Color, html.EscapeString(T("traders.aria.yourorder")))
	}
	o, q := outward(c)
	// The goods it needs, either side of the way to its stack.
	var needs []string
	for i, g := range h.Needs {
		p := at(at(c, o, 12), q, (float64(i)-float64(len(h.Needs)-1)/2)*20)
		fmt.Fprintf(s, `<g transform="translate(%s %s) scale(.55)">%s</g>`, f1(p.X), f1(p.Y), goodIcon(g))
		needs = append(needs, T("traders.good."+g))
	}
	// The stack: its backs and what is left.
	p := at(c, o, 36)
	var left []string
	for i, g := range h.Supplies {
		left = append(left, T("traders.stackgood", T("traders.good."+g), h.Stack[i]))
	}
	label := T("traders.aria.tradehex", T("terrain."+h.Kind), strings.Join(needs, ", "), N("traders.cards", h.Left), strings.Join(left, ", "))
	fmt.Fprintf(s, `<g class="cargo-stack" data-kind="%s" data-left="%d" role="img" aria-label="%s" transform="translate(%s %s)">`+
		`<rect x="-8" y="-11" width="20" height="25" rx="3" fill="#cdbf9c" stroke="#3a2f22" stroke-width="1.2"/>`+
		`<rect x="-11" y="-14" width="20" height="25" rx="3" fill="#efe4c8" stroke="#3a2f22" stroke-width="1.4"/>`+
		`<text x="-1" y="3.5" text-anchor="middle" font-size="12" font-weight="700" fill="#3a2f22">%d</text></g>`,
		h.Kind, h.Left, html.EscapeString(label), f1(p.X), f1(p.Y), h.Left)
}

// botBefore is the scenario's part of the board before the bots' latest
// moves, while they are marked (gameui.Highlight); nil otherwise.
func botBefore(env *gameui.Env) *tb.View {
	if v, ok := env.BeforeView().(*catan.View); ok {
		x, _ := v.Ext.(*tb.View)
		return x
	}
	return nil
}

// barbarian draws a barbarian on the middle of its path (marked: a bot
// moved it there).
func barbarian(s *strings.Builder, b catanui.Board, br tb.BarbarianView, marked bool) {
	if br.Path < 0 || br.Path >= len(b.View.Edges) {
		return
	}
	p0, p1 := b.Edge(br.Path)
	fmt.Fprintf(s, `<g class="barbarian" data-path="%d"%s role="img" aria-label="%s" transform="translate(%s %s)">%s</g>`,
		br.Path, gameui.Mark(marked), html.EscapeString(T("traders.aria.barbarian", b.EdgeName(br.Path))), f1((p0.X+p1.X)/2), f1((p0.Y+p1.Y)/2), barbarianIcon)
}

// wagons draws every wagon on its node, side by side under it when
// several share one; a wagon that moved since before (the board before the
// bots' latest moves, nil when none) is marked.
func wagons(s *strings.Builder, env *gameui.Env, b catanui.Board, x *tb.View, before *tb.View) {
	here := map[int][]tb.WagonView{}
	var nodes []int
	for _, w := range x.Wagons {
		if w.Node < 0 || w.Node >= len(b.View.Vertices) {
			continue
		}
		if len(here[w.Node]) == 0 {
			nodes = append(nodes, w.Node)
		}
		here[w.Node] = append(here[w.Node], w)
	}
	for _, n := range nodes {
		ws := here[n]
		c := b.Vertex(n)
		for k, w := range ws {
			dx := (float64(k) - float64(len(ws)-1)/2) * 24
			good := ""
			if w.Order != nil {
				good = w.Order.Good
			}
			moved := before != nil && (w.Seat >= len(before.Wagons) || before.Wagons[w.Seat].Node != w.Node)
			fmt.Fprintf(s, `<g class="wagon" data-seat="%d" data-node="%d"%s role="img" aria-label="%s" transform="translate(%s %s)">%s</g>`,
				w.Seat, n, gameui.Mark(moved), html.EscapeString(wagonLabel(env, b, x, w)), f1(c.X+dx), f1(c.Y+21), wagonIcon(style(env, w.Seat), good))
		}
	}
}

// wagonLabel is "Ana's wagon, level 2, at …, carrying glass to the
// castle".
func wagonLabel(env *gameui.Env, b catanui.Board, x *tb.View, w tb.WagonView) string {
	return T("traders.aria.wagon", seatName(env, w.Seat), w.Level, placeName(b, x, w.Node), cargoText(w.Order))
}

// cargoText is what a wagon carries: "glass to the castle", or "no
// cargo".
func cargoText(o *tb.CargoView) string {
	if o == nil {
		return T("traders.nocargo")
	}
	return T("traders.order", T("traders.good."+o.Good), toHex(o.To))
}

func style(env *gameui.Env, p int) gameui.SeatStyle {
	if p >= 0 && p < len(env.Styles) {
		return env.Styles[p]
	}
	return gameui.SeatStyle{Color: "#888", Ink: "#000", Shape: "circle"}
}

// spots are the viewer's clickable choices of the scenario.
func (u *addon) spots(s *strings.Builder, env *gameui.Env, b catanui.Board, x *tb.View) {
	switch {
	case has(env, tb.ActMoveBarbarian):
		u.barbarianSpots(s, env, b, x)
		return
	case has(env, tb.ActPlaceBarbarian):
		acts, idx := legal(env, tb.ActPlaceBarbarian)
		for i, a := range acts {
			s.WriteString(b.EdgeSpot(idx[i], a.Edge, T("traders.aria.putbarbarian", b.EdgeName(a.Edge))))
		}
		return
	}
	if b.Mode != catanui.ModeNone {
		return // the base asks where to build
	}
	if m := movement(env, x); m != nil {
		from := x.Wagons[m.Seat].Node
		for _, d := range m.Reachable {
			inner := destinationMark(d) + `<g class="preview" transform="translate(` + f1(-b.Vertex(d.Node).X) + ` ` + f1(-b.Vertex(d.Node).Y) + `)">` +
				routeSVG(b, from, d, m.Points) + `</g>`
			s.WriteString(b.VertexPick("go:"+strconv.Itoa(d.Node), d.Node, T("traders.aria.go", placeName(b, x, d.Node), costText(env, d)), inner))
		}
		if d, ok := destination(m, u.dest); ok {
			s.WriteString(`<g class="route-chosen">` + routeSVG(b, from, d, m.Points) + `</g>`)
		}
	}
	acts, idx := legal(env, tb.ActDriveOff)
	for i, a := range acts {
		s.WriteString(b.EdgeSpot(idx[i], a.Edge, T("traders.aria.driveoff", b.EdgeName(a.Edge), driveOffChance(x, int(env.Viewer)))))
	}
}

// destinationMark is drawn in a destination's spot: its cost in movement
// points, a coin with the tolls, the grain when it needs the boost.
func destinationMark(d tb.Destination) string {
	out := fmt.Sprintf(`<text y="4.3" text-anchor="middle" font-size="12" font-weight="700" fill="#111">%d</text>`, d.Cost)
	if d.Gold > 0 {
		out += coinIcon(10, 9, 6, strconv.Itoa(d.Gold))
	}
	if d.Boost {
		out += grainIcon(-10, -9, 6)
	}
	return out
}

// routeSVG is the way to d from node from: a line along its legs, a coin
// on each leg with a toll, the grain where the boost is spent (as
// traders.Route spends it).
func routeSVG(b catanui.Board, from int, d tb.Destination, points int) string {
	var line, marks strings.Builder
	p := b.Vertex(from)
	fmt.Fprintf(&line, "M%s %s", f1(p.X), f1(p.Y))
	boosted := false
	for _, l := range d.Legs {
		q := b.Vertex(l.To)
		fmt.Fprintf(&line, "L%s %s", f1(q.X), f1(q.Y))
		if l.Cost > points && d.Boost && !boosted {
			marks.WriteString(grainIcon(p.X, p.Y-14, 7))
			points += tb.GrainBoostPoints
			boosted = true
		}
		if l.TollTo >= 0 {
			marks.WriteString(coinIcon((p.X+q.X)/2, (p.Y+q.Y)/2, 7, strconv.Itoa(tb.Toll)))
		}
		points -= l.Cost
		p = q
	}
	return fmt.Sprintf(`<path d="%s" fill="none" stroke="#111" stroke-width="9" stroke-linecap="round" stroke-linejoin="round" opacity=".55"/>`+
		`<path d="%s" fill="none" stroke="#ffd54a" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="9 5"/>%s`,
		line.String(), line.String(), marks.String())
}

// costText is what reaching d costs: "3 movement points, 1 gold in tolls
// to Bruno, with the grain boost".
func costText(env *gameui.Env, d tb.Destination) string {
	parts := []string{N("traders.points", d.Cost)}
	if d.Gold > 0 {
		var to []string
		for _, l := range d.Legs {
			if l.TollTo >= 0 {
				to = append(to, seatName(env, l.TollTo))
			}
		}
		parts = append(parts, N("traders.tolls", d.Gold, strings.Join(to, ", ")))
	}
	if d.Boost {
		parts = append(parts, T("traders.withboost"))
	}
	return strings.Join(parts, ", ")
}

// driveOffChance is "2 in 6": the chance of seat p's wagon driving a
// barbarian off.
func driveOffChance(x *tb.View, p int) string {
	if p < 0 || p >= len(x.Wagons) {
		return ""
	}
	w := x.Wagons[p].Card
	return T("traders.chance", w.DriveOffChance(), w.DriveOff)
}

// barbarianSpots: after a 7 or a Knight, first a barbarian, then a free
// path for it.
func (u *addon) barbarianSpots(s *strings.Builder, env *gameui.Env, b catanui.Board, x *tb.View) {
	acts, idx := legal(env, tb.ActMoveBarbarian)
	movable := map[int]bool{}
	for i, a := range acts {
		movable[a.Edge] = true
		if a.Edge == u.from {
			s.WriteString(b.EdgeSpot(idx[i], a.To, T("traders.aria.barbarianto", b.EdgeName(a.To))))
		}
	}
	for _, br := range x.Barbarians {
		if !movable[br.Path] {
			continue
		}
		inner := ""
		if br.Path == u.from {
			p0, p1 := b.Edge(br.Path)
			inner = fmt.Sprintf(`<circle class="chosen" cx="%s" cy="%s" r="14" fill="none" stroke="#ffd54a" stroke-width="4"/>`, f1((p0.X+p1.X)/2), f1((p0.Y+p1.Y)/2))
		}
		s.WriteString(b.EdgePick("barbarian:"+strconv.Itoa(br.Path), br.Path, T("traders.aria.choosebarbarian", b.EdgeName(br.Path)), inner))
	}
}
