package catanui

import (
	"fmt"
	"html"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine/catan"
	"tabula/engine/hexgrid"
)

// The drawing geometry: hex circumradius 60 user units, island centred on 0.
var layout = hexgrid.Layout{Size: 60}

// terrainFill is a terrain's colour (by its name in the view); its icon
// comes from terrainIcon. A terrain without an entry (an expansion's)
// draws in tradeFill, and its addon draws what stands on it.
var terrainFill = map[string]string{
	"forest": "#3f7d3c", "pasture": "#9ccf63", "fields": "#efc53f",
	"hills": "#c9683a", "mountains": "#98a3ae", "desert": "#e4d2a2",
}

const tradeFill = "#b9ad94"

// resourceFill is the card colour of each kind: a resource has its
// terrain's colour, a commodity a lighter one, gold gold.
var resourceFill = [catan.NumCards]string{
	catan.Lumber: "#3f7d3c", catan.Wool: "#9ccf63", catan.Grain: "#efc53f",
	catan.Brick: "#c9683a", catan.Ore: "#98a3ae",
	catan.Paper: "#e8efd9", catan.Cloth: "#e3f0cf", catan.Coin: "#d9dee3", catan.Gold: "#f2c53d",
}

// terrainByName is the terrain of a view's name.
func terrainByName(name string) catan.Terrain {
	for t := catan.Forest; t <= catan.Glassworks; t++ {
		if t.String() == name {
			return t
		}
	}
	return catan.Desert
}

// terrainIcon is a 20×20 glyph centred on 0, drawn in the terrain's
// darker ink: colour never stands alone.
func terrainIcon(t catan.Terrain) string {
	switch t {
	case catan.Forest:
		return `<path d="M0-9 7 2H-7Z M0-4 8 7H-8Z" fill="#173f19"/><rect x="-1.5" y="7" width="3" height="3" fill="#4a2f16"/>`
	case catan.Pasture:
		return `<ellipse cy="1" rx="7.5" ry="5" fill="#fdfdf8" stroke="#3a4a2a" stroke-width="1"/><circle cx="6.5" cy="-2.5" r="3" fill="#2b2b2b"/><path d="M-4 5.5v3.5M3 5.5v3.5" stroke="#2b2b2b" stroke-width="1.6"/>`
	case catan.Fields:
		return `<path d="M0 10V-9" stroke="#7a5400" stroke-width="1.4"/><g fill="#9a6a00"><ellipse cx="-2.6" cy="-6" rx="2" ry="3.2" transform="rotate(-30 -2.6 -6)"/><ellipse cx="2.6" cy="-6" rx="2" ry="3.2" transform="rotate(30 2.6 -6)"/><ellipse cx="-2.6" cy="-1" rx="2" ry="3.2" transform="rotate(-30 -2.6 -1)"/><ellipse cx="2.6" cy="-1" rx="2" ry="3.2" transform="rotate(30 2.6 -1)"/><ellipse cx="-2.6" cy="4" rx="2" ry="3.2" transform="rotate(-30 -2.6 4)"/><ellipse cx="2.6" cy="4" rx="2" ry="3.2" transform="rotate(30 2.6 4)"/></g>`
	case catan.Hills:
		return `<g fill="#7d2a0e" stroke="#f5cdb4" stroke-width=".9"><rect x="-10" y="-7" width="9.5" height="4.5"/><rect x="-.5" y="-7" width="9.5" height="4.5"/><rect x="-5" y="-2.5" width="9.5" height="4.5"/><rect x="-10" y="2" width="9.5" height="4.5"/><rect x="-.5" y="2" width="9.5" height="4.5"/></g>`
	case catan.Mountains:
		return `<path d="M-10 8-3-7 1 0 4-4 10 8Z" fill="#3d4853"/><path d="M-3-7-1-3H-5ZM4-4 5.6-1.4H2.4Z" fill="#fff"/>`
	case catan.Castle: // battlements and a gate
		return `<path d="M-8 9V-3h3v-4h3v4h4v-4h3v4h3V9Z" fill="#5b5140"/><path d="M-2 9V4a2 2 0 0 1 4 0v5Z" fill="#efe4c8"/>`
	case catan.Quarry: // cut blocks and a pick
		return `<g fill="#6d6a63" stroke="#efe4c8" stroke-width=".9"><rect x="-9" y="1" width="8" height="7"/><rect x="-1" y="1" width="9" height="7"/><rect x="-5" y="-6" width="8" height="7"/></g><path d="M4-3 10-10M6-11q4 0 5 5" stroke="#3a2f22" stroke-width="1.7" fill="none"/>`
	case catan.Glassworks: // a furnace with its chimney and fire
		return `<path d="M-9 9V1a9 9 0 0 1 18 0v8Z" fill="#5b5140"/><rect x="4" y="-10" width="3.5" height="7" fill="#5b5140"/><path d="M-3 9V5a3 3 0 0 1 6 0v4Z" fill="#f0a030"/>`
	default:
		return `<circle r="5" fill="#e49b1f"/><g stroke="#e49b1f" stroke-width="1.6"><path d="M0-9v2M0 7v2M-9 0h2M7 0h2M-6.4-6.4l1.4 1.4M5 5l1.4 1.4M-6.4 6.4 5-5 6.4-6.4M-5 5"/></g>`
	}
}

// resourceIcon is a kind's glyph: its terrain's for a resource.
func resourceIcon(r catan.Resource) string {
	switch r {
	case catan.Paper:
		return `<path d="M-6-8H4l3 3V8H-6Z" fill="#fff" stroke="#173f19" stroke-width="1.2"/><path d="M-3-3h7M-3 0h7M-3 3h7" stroke="#173f19" stroke-width="1"/>`
	case catan.Cloth:
		return `<path d="M-8-6h12a4 4 0 0 1 0 12H-8Z" fill="#fdfdf8" stroke="#3a4a2a" stroke-width="1.2"/><path d="M-5-6v12M-1-6v12" stroke="#3a4a2a" stroke-width="1"/>`
	case catan.Coin:
		return `<circle r="7.5" fill="#c8ced4" stroke="#3d4853" stroke-width="1.5"/><circle r="4" fill="none" stroke="#3d4853" stroke-width="1"/>`
	case catan.Gold:
		return `<circle r="7.5" fill="#f6d24a" stroke="#7a5400" stroke-width="1.5"/><path d="M-2-4h4M-2 4h4M0-5v10" stroke="#7a5400" stroke-width="1.4"/>`
	}
	return terrainIcon(catan.Terrain(r))
}

// ResourceSVG is a small card of a resource for HTML (hand, bank, trades).
func resourceSVG(r catan.Resource, size int) string {
	if !r.Known() {
		r = catan.Lumber
	}
	return fmt.Sprintf(`<svg class="res-ico" viewBox="-12 -12 24 24" width="%d" height="%d" aria-hidden="true"><rect x="-11" y="-11" width="22" height="22" rx="4" fill="%s" stroke="#111" stroke-width="1"/><g transform="scale(.9)">%s</g></svg>`,
		size, size, resourceFill[r], resourceIcon(r))
}

func f1(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

func hexPoints(h hexgrid.Hex, shrink float64) string {
	c := layout.Center(h)
	var b strings.Builder
	for i, p := range layout.Corners(h) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f1(c.X + (p.X-c.X)*shrink))
		b.WriteByte(',')
		b.WriteString(f1(c.Y + (p.Y-c.Y)*shrink))
	}
	return b.String()
}

// hexLabel is "Forest 3" for labels.
func hexLabel(terrain string, number int) string {
	switch {
	case terrain == "desert":
		return T("aria.hexdesert")
	case number == 0:
		return T("terrain." + terrain)
	}
	return T("aria.hex", T("terrain."+terrain), number)
}

func hexName(m *model, h int) string {
	if h < 0 || h >= len(m.v.Hexes) {
		return ""
	}
	x := m.v.Hexes[h]
	return hexLabel(x.Terrain, x.Number)
}

func hexesName(m *model, hexes []int) string {
	var names []string
	for _, h := range hexes {
		names = append(names, hexName(m, h))
	}
	return JoinAnd(names)
}

func vertexName(m *model, v int) string { return T("aria.vertex", hexesName(m, m.v.Vertices[v].Hexes)) }
func edgeName(m *model, e int) string   { return T("aria.edge", hexesName(m, m.v.Edges[e].Hexes)) }

// spots are the clickable highlights, by kind, mapping id → legal index.
type spots struct {
	vertex map[int]int
	edge   map[int]int
	hex    map[int]int
	verb   string // message id for the aria label ("catan.build.road")
}

func (r *Renderer) spots(env *gameui.Env, m *model) spots {
	sp := spots{vertex: map[int]int{}, edge: map[int]int{}, hex: map[int]int{}}
	if env.Replay {
		return sp
	}
	only := func(t catan.ActionType) bool {
		n := 0
		for _, a := range env.Legal {
			if ca, ok := a.(catan.Action); ok && ca.Type == t {
				n++
			} else {
				return false
			}
		}
		return n > 0
	}
	showVertex := func(t catan.ActionType, verb string) {
		for _, x := range legalOf(env, t) {
			sp.vertex[x.a.Vertex] = x.i
		}
		sp.verb = verb
	}
	switch {
	case r.mode == ModeSettlement || only(catan.ActBuildSettlement):
		showVertex(catan.ActBuildSettlement, "catan.build.settlement")
	case r.mode == ModeCity || only(catan.ActBuildCity): // only: a founding city (Rules.FoundCity)
		showVertex(catan.ActBuildCity, "catan.build.city")
	case r.mode == ModeRoad || only(catan.ActBuildRoad):
		for _, x := range legalOf(env, catan.ActBuildRoad) {
			sp.edge[x.a.Edge] = x.i
		}
		sp.verb = "catan.build.road"
	}
	for _, x := range legalOf(env, catan.ActMoveRobber) {
		sp.hex[x.a.Hex] = x.i
	}
	return sp
}

// Board is the geometry the board is drawn with, for an Addon's layer:
// the view's intersections, paths and hexes as SVG points (user units,
// island centred on 0), and spots that apply a legal action when clicked.
type Board struct {
	View *catan.View
	// Mode is the base renderer's placement mode: while it is not
	// ModeNone the player is choosing where to build, and a layer keeps
	// its own spots out of the way.
	Mode Mode
}

// Vertex is where intersection v is drawn.
func (b Board) Vertex(v int) hexgrid.Point {
	x := b.View.Vertices[v]
	return hexgrid.Point{X: x.X * layout.Size, Y: x.Y * layout.Size}
}

// Edge is where path e is drawn, from end to end.
func (b Board) Edge(e int) (hexgrid.Point, hexgrid.Point) {
	ends := b.View.Edges[e].Vertices
	return b.Vertex(ends[0]), b.Vertex(ends[1])
}

// Hex is the centre of hex h.
func (b Board) Hex(h int) hexgrid.Point {
	x := b.View.Hexes[h]
	return layout.Center(hexgrid.Hex{Q: x.Q, R: x.R})
}

// HexSize is the drawn hexes' radius, centre to corner.
func (b Board) HexSize() float64 { return layout.Size }

// VertexSpot, EdgeSpot and HexSpot are clickable highlights that apply
// action number legal of env.Legal: the same look, keys and labels as the
// base game's spots.
//
// Each is larger to a finger than it looks: an intersection answers within
// half a hex side (no two intersections are closer than a side), a path
// within a rhombus across it that stays clear of the paths meeting it
// (edgeReach), so a phone's board needs little zoom for every spot to be
// 44 px (gameui.Zoom).
func (b Board) VertexSpot(legal, v int, label string) string {
	return b.vertexSpot(fmt.Sprintf(`data-act="%d"`, legal), v, label, "")
}

func (b Board) EdgeSpot(legal, e int, label string) string {
	return b.edgeSpot(fmt.Sprintf(`data-act="%d"`, legal), e, label, "")
}

// VertexPick and EdgePick are spots like VertexSpot and EdgeSpot whose
// click (or Enter) goes to the addon's Pick with value instead of applying
// one legal action: a choice that takes several actions (a route) or
// none yet (the first half of a two-part choice). inner is SVG drawn in
// the spot over its glow (a cost); an element of class "preview" in it
// shows only while the spot has the pointer or the focus.
func (b Board) VertexPick(value string, v int, label, inner string) string {
	return b.vertexSpot(`data-pick="`+html.EscapeString(value)+`"`, v, label, inner)
}

func (b Board) EdgePick(value string, e int, label, inner string) string {
	return b.edgeSpot(`data-pick="`+html.EscapeString(value)+`"`, e, label, inner)
}

func (b Board) vertexSpot(data string, v int, label, inner string) string {
	p := b.Vertex(v)
	return fmt.Sprintf(`<g class="spot spot-vertex" role="button" tabindex="0" %s data-vertex="%d" aria-label="%s" transform="translate(%s %s)"><circle class="hit" r="%s" fill="transparent"/><circle class="glow" r="9" fill="#fff" fill-opacity=".85" stroke="#111" stroke-width="2"/>%s</g>`,
		data, v, html.EscapeString(label), f1(p.X), f1(p.Y), f1(layout.Size/2), inner)
}

func (b Board) edgeSpot(data string, e int, label, inner string) string {
	p0, p1 := b.Edge(e)
	a, z := shorten(p0, p1, 10)
	// The hit area: the rhombus between the path's ends and two points
	// across it, as wide as the paths meeting at its ends allow (on the
	// island, 0.9 of the way to the hex centres beside it).
	mx, my := (p0.X+p1.X)/2, (p0.Y+p1.Y)/2
	dx, dy := p1.X-p0.X, p1.Y-p0.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		l = 1
	}
	k := b.edgeReach(e) / l
	nx, ny := -dy*k, dx*k
	return fmt.Sprintf(`<g class="spot spot-edge" role="button" tabindex="0" %s data-edge="%d" aria-label="%s"><polygon class="hit" points="%s,%s %s,%s %s,%s %s,%s" fill="transparent"/><line class="glow" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-dasharray="4 5"/>%s</g>`,
		data, e, html.EscapeString(label), f1(p0.X), f1(p0.Y), f1(mx+nx), f1(my+ny), f1(p1.X), f1(p1.Y), f1(mx-nx), f1(my-ny),
		f1(a.X), f1(a.Y), f1(z.X), f1(z.Y), inner)
}

// edgeReach is how far across path e its spot answers a finger: 0.9 of
// what keeps it clear of the spots of the paths meeting it (half its
// length times the tangent of half the narrowest angle at its ends; on
// the island's 120° corners, 0.78 of a side), never past the hex centres.
func (b Board) edgeReach(e int) float64 {
	p0, p1 := b.Edge(e)
	l := math.Hypot(p1.X-p0.X, p1.Y-p0.Y)
	narrow := math.Pi * 2 / 3
	ends := b.View.Edges[e].Vertices
	for f, x := range b.View.Edges {
		if f == e {
			continue
		}
		for i, v := range ends {
			for _, w := range x.Vertices {
				if w != v {
					continue
				}
				o := b.Vertex(x.Vertices[0])
				if x.Vertices[0] == v {
					o = b.Vertex(x.Vertices[1])
				}
				p, q := p0, p1
				if i == 1 {
					p, q = p1, p0
				}
				a := math.Abs(math.Atan2(q.Y-p.Y, q.X-p.X) - math.Atan2(o.Y-p.Y, o.X-p.X))
				if a > math.Pi {
					a = 2*math.Pi - a
				}
				narrow = math.Min(narrow, a)
			}
		}
	}
	return .9 * l / 2 * math.Tan(narrow/2)
}

// VertexName and EdgeName are the words the board's labels use for an
// intersection ("intersection between Forest 3, Hills 8 and Pasture 5")
// and a path, for an addon's labels and narration.
func (b Board) VertexName(v int) string { return vertexName(&model{v: b.View}, v) }
func (b Board) EdgeName(e int) string   { return edgeName(&model{v: b.View}, e) }

func (b Board) HexSpot(legal, h int, label string) string {
	return b.hexSpot(fmt.Sprintf(`data-act="%d"`, legal), h, label)
}

// HexPick is a hex spot whose click goes to the addon's Pick with value,
// like VertexPick (the first hex of a choice of two).
func (b Board) HexPick(value string, h int, label string) string {
	return b.hexSpot(`data-pick="`+html.EscapeString(value)+`"`, h, label)
}

func (b Board) hexSpot(data string, h int, label string) string {
	x := b.View.Hexes[h]
	return fmt.Sprintf(`<g class="spot spot-hex" role="button" tabindex="0" %s aria-label="%s"><polygon points="%s" fill="#ffffff" fill-opacity=".18" stroke="#fff" stroke-width="5" stroke-dasharray="10 6"/></g>`,
		data, html.EscapeString(label), hexPoints(hexgrid.Hex{Q: x.Q, R: x.R}, .9))
}

// Board draws the island.
func (r *Renderer) Board(env *gameui.Env) app.UI {
	m := newModel(env)
	if m == nil {
		return app.Div()
	}
	r.legal, r.env = env.Legal, env
	sp := r.spots(env, m)
	layer := ""
	if r.addon != nil {
		layer = r.addon.Layer(env, Board{View: m.v, Mode: r.mode})
	}
	// The bots' marks are in both drawings: Steady compares them without
	// the marks, which gameui.ClearMarks takes off the page.
	bots := botBefore(env)
	svg := r.board.Draw(boardSVG(m, env.Styles, sp, nil, bots, layer), func() string {
		svg := boardSVG(m, env.Styles, sp, r.prev, bots, layer)
		r.prev = m
		return svg
	})
	return app.Div().Class("catan-board").ID("board").
		OnClick(r.onBoard(env)).OnKeyDown(r.onBoardKey(env)).
		Body(app.Raw(svg))
}

// onBoard and onBoardKey pick the clicked (or focused) element.
func (r *Renderer) onBoard(env *gameui.Env) app.EventHandler {
	return gameui.OnPick(func(ctx app.Context, t app.Value) { r.boardPick(ctx, env, t) })
}

func (r *Renderer) onBoardKey(env *gameui.Env) app.EventHandler {
	return gameui.OnPickKey(func(ctx app.Context, t app.Value) { r.boardPick(ctx, env, t) })
}

func (r *Renderer) boardPick(ctx app.Context, env *gameui.Env, target app.Value) {
	if !target.Truthy() {
		return
	}
	spot := target.Call("closest", "[data-act],[data-pick]")
	if !spot.Truthy() {
		return
	}
	if p, ok := r.addon.(Picker); ok && spot.Call("hasAttribute", "data-pick").Bool() {
		p.Pick(ctx, r.env, spot.Call("getAttribute", "data-pick").String())
		return
	}
	i, err := strconv.Atoi(spot.Call("getAttribute", "data-act").String())
	if err != nil || i < 0 || i >= len(r.legal) {
		return
	}
	a := r.legal[i]
	r.mode = ModeNone
	env.Act(ctx, a)
}

// botBefore is the board as the seat on screen saw it before the bots'
// latest moves, while those are marked (gameui.Highlight); nil otherwise.
func botBefore(env *gameui.Env) *model {
	if v, ok := env.BeforeView().(*catan.View); ok {
		return modelOf(v)
	}
	return nil
}

// boardSVG is the whole island as one SVG document fragment; layer is an
// addon's, drawn over the pieces and under the spots. The pieces that
// differ from bots (the board before the bots' latest moves) carry the
// bot's mark.
func boardSVG(m *model, styles []gameui.SeatStyle, sp spots, prev, bots *model, layer string) string {
	// Pieces that were not there at the previous render animate in; the
	// others stay still (the SVG is redrawn whole).
	fresh := func(isNew bool) string {
		if isNew {
			return " fresh"
		}
		return ""
	}
	bd := Board{View: m.v}
	var hexes []hexgrid.Hex
	for _, h := range m.v.Hexes {
		hexes = append(hexes, hexgrid.Hex{Q: h.Q, R: h.R})
	}
	if len(hexes) == 0 {
		hexes = catan.Island.Hexes // the board is not laid out yet: the sea
	}
	viewMin, viewW, viewH := layout.Bounds(hexes, 58)
	var b strings.Builder
	b.Grow(24 << 10)
	fmt.Fprintf(&b, `<svg class="island" viewBox="%.0f %.0f %.0f %.0f" preserveAspectRatio="xMidYMid meet" role="group" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`,
		viewMin.X, viewMin.Y, viewW, viewH, html.EscapeString(T("aria.board")))
	b.WriteString(`<defs><radialGradient id="sea" cx="50%" cy="50%" r="60%"><stop offset="0" stop-color="#2f7fb0"/><stop offset="1" stop-color="#1a4f74"/></radialGradient>` +
		`<pattern id="waves" width="24" height="12" patternUnits="userSpaceOnUse"><path d="M0 8q6-6 12 0t12 0" fill="none" stroke="#ffffff" stroke-opacity=".10" stroke-width="1.5"/></pattern></defs>`)
	// Sea: a big hexagon behind the island.
	fmt.Fprintf(&b, `<polygon points="%s" fill="url(#sea)"/><polygon points="%s" fill="url(#waves)"/>`,
		bigHex(layout.Size*5.35), bigHex(layout.Size*5.35))

	// Harbours under the land so their piers start at the coast.
	for _, h := range m.v.Harbors {
		harbor(&b, bd, h)
	}

	// Hexes.
	for h, x := range m.v.Hexes {
		hx := hexgrid.Hex{Q: x.Q, R: x.R}
		c := layout.Center(hx)
		t := terrainByName(x.Terrain)
		fill, ok := terrainFill[x.Terrain]
		if !ok {
			fill = tradeFill
		}
		label := hexName(m, h)
		if h == m.robber {
			label = T("aria.robberhere", label)
		}
		fmt.Fprintf(&b, `<g class="hex t-%s" aria-label="%s" role="img"><polygon points="%s" fill="%s" stroke="#f3e6c4" stroke-width="3"/>`,
			html.EscapeString(x.Terrain), html.EscapeString(label), hexPoints(hx, 1), fill)
		iy := c.Y - 30
		if x.Number == 0 {
			iy = c.Y - 14
		}
		fmt.Fprintf(&b, `<g transform="translate(%s %s) scale(1.25)" opacity=".9">%s</g>`, f1(c.X), f1(iy), terrainIcon(t))
		if x.Number > 0 {
			token(&b, c, x.Number)
		}
		b.WriteString(`</g>`)
	}

	// Spots go in board order (maps have none): the same markup at every
	// drawing keeps the browser's elements, and the tab order steady.
	// Robber target hexes.
	for _, h := range slices.Sorted(maps.Keys(sp.hex)) {
		i := sp.hex[h]
		b.WriteString(bd.HexSpot(i, h, T("catan.pick.robber")+" "+hexName(m, h)))
	}

	// Roads.
	for e, owner := range m.road {
		if owner < 0 || int(owner) >= len(styles) {
			continue
		}
		p0, p1 := bd.Edge(e)
		st := styles[owner]
		a, z := shorten(p0, p1, 9)
		fmt.Fprintf(&b, `<g class="road%s" data-edge="%d" data-seat="%d"%s aria-label="%s"><line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#111" stroke-width="11" stroke-linecap="round"/><line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="7" stroke-linecap="round"/>`,
			fresh(prev != nil && e < len(prev.road) && prev.road[e] != owner), e, owner, gameui.Mark(bots != nil && e < len(bots.road) && bots.road[e] != owner), html.EscapeString(edgeName(m, e)), f1(a.X), f1(a.Y), f1(z.X), f1(z.Y), f1(a.X), f1(a.Y), f1(z.X), f1(z.Y), st.Color)
		mid := hexgrid.Point{X: (p0.X + p1.X) / 2, Y: (p0.Y + p1.Y) / 2}
		fmt.Fprintf(&b, `<path transform="translate(%s %s)" d="%s" fill="%s"/></g>`, f1(mid.X), f1(mid.Y), gameui.ShapePath(st.Shape, 2.4), st.Ink)
	}

	// Buildings.
	for v, owner := range m.owner {
		if owner < 0 || int(owner) >= len(styles) {
			continue
		}
		p := bd.Vertex(v)
		st := styles[owner]
		path := `M-9 9V-2L0-10 9-2V9Z`
		kind := T("catan.build.settlement")
		if m.city[v] {
			path = `M-14 10V-3L-7-10 0-3V-1H14V10Z`
			kind = T("catan.build.city")
		}
		isNew := prev != nil && v < len(prev.owner) && (prev.owner[v] != owner || prev.city[v] != m.city[v])
		botMoved := bots != nil && v < len(bots.owner) && (bots.owner[v] != owner || bots.city[v] != m.city[v])
		fmt.Fprintf(&b, `<g class="building%s" data-vertex="%d" data-seat="%d"%s transform="translate(%s %s)" aria-label="%s"><path d="%s" fill="%s" stroke="#111" stroke-width="2.2" stroke-linejoin="round"/><path transform="translate(%s 3)" d="%s" fill="%s"/></g>`,
			fresh(isNew), v, owner, gameui.Mark(botMoved), f1(p.X), f1(p.Y), html.EscapeString(kind+": "+vertexName(m, v)), path, st.Color,
			map[bool]string{true: "6", false: "0"}[m.city[v]], gameui.ShapePath(st.Shape, 3.3), st.Ink)
	}

	// The expansion's pieces and spots.
	b.WriteString(layer)

	// Road spots.
	for _, e := range slices.Sorted(maps.Keys(sp.edge)) {
		i := sp.edge[e]
		b.WriteString(bd.EdgeSpot(i, e, T("aria.build", T(sp.verb), edgeName(m, e))))
	}

	// Intersection spots.
	for _, v := range slices.Sorted(maps.Keys(sp.vertex)) {
		i := sp.vertex[v]
		b.WriteString(bd.VertexSpot(i, v, T("aria.build", T(sp.verb), vertexName(m, v))))
	}

	// Robber.
	if m.robber >= 0 {
		rc := bd.Hex(m.robber)
		fmt.Fprintf(&b, `<g class="robber" data-hex="%d"%s transform="translate(%s %s)" aria-hidden="true"><ellipse cy="13" rx="10" ry="3.5" fill="#000" fill-opacity=".35"/><path d="M-8 13C-8 3-5-2-3-4A6 6 0 1 1 3-4C5-2 8 3 8 13Z" fill="#2b2b30" stroke="#d9d9d9" stroke-width="1.5"/></g>`,
			m.robber, gameui.Mark(bots != nil && bots.robber != m.robber), f1(rc.X-31), f1(rc.Y+2))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func bigHex(r float64) string {
	var b strings.Builder
	for i := 0; i < 6; i++ {
		a := math.Pi/180*60*float64(i) - math.Pi/2 + math.Pi/6
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f1(r*math.Cos(a)) + "," + f1(r*math.Sin(a)))
	}
	return b.String()
}

func shorten(a, z hexgrid.Point, d float64) (hexgrid.Point, hexgrid.Point) {
	dx, dy := z.X-a.X, z.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return a, z
	}
	ux, uy := dx/l*d, dy/l*d
	return hexgrid.Point{X: a.X + ux, Y: a.Y + uy}, hexgrid.Point{X: z.X - ux, Y: z.Y - uy}
}

// token is a number disc: the number, and one pip per way to roll it; 6
// and 8 (the likeliest) in red.
func token(b *strings.Builder, c hexgrid.Point, n int) {
	col := "#222"
	weight := "700"
	if n == 6 || n == 8 {
		col = "#b3121b"
		weight = "800"
	}
	fmt.Fprintf(b, `<g class="token"><circle cx="%s" cy="%s" r="17" fill="#f7eed3" stroke="#6b5a3a" stroke-width="1.5"/><text x="%s" y="%s" text-anchor="middle" font-size="17" font-weight="%s" fill="%s">%d</text>`,
		f1(c.X), f1(c.Y+6), f1(c.X), f1(c.Y+10), weight, col, n)
	pips := catan.Pips(n)
	for i := 0; i < pips; i++ {
		x := c.X + (float64(i)-float64(pips-1)/2)*4
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="1.5" fill="%s"/>`, f1(x), f1(c.Y+16), col)
	}
	b.WriteString(`</g>`)
}

// harbor draws a harbour off a coastal path: two piers and a disc with its
// rate, and the resource's icon for 2:1 harbours.
func harbor(b *strings.Builder, bd Board, h catan.HarborView) {
	if h.Vertices[0] >= len(bd.View.Vertices) || h.Vertices[1] >= len(bd.View.Vertices) {
		return
	}
	p := [2]hexgrid.Point{bd.Vertex(h.Vertices[0]), bd.Vertex(h.Vertices[1])}
	mid := hexgrid.Point{X: (p[0].X + p[1].X) / 2, Y: (p[0].Y + p[1].Y) / 2}
	l := math.Hypot(mid.X, mid.Y)
	out := hexgrid.Point{X: mid.X + mid.X/l*36, Y: mid.Y + mid.Y/l*36}
	rate := T("catan.harbor.any")
	label := T("aria.harbor", rate)
	r, specific := catan.ParseResource(h.Resource)
	if specific {
		rate = T("catan.harbor.res")
		label = T("aria.harbor", rate+" "+T("res."+r.String()))
	}
	fmt.Fprintf(b, `<g class="harbor" role="img" aria-label="%s">`, html.EscapeString(label))
	for _, q := range p {
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#c9a66b" stroke-width="5" stroke-linecap="round"/>`,
			f1(q.X+(out.X-q.X)*.15), f1(q.Y+(out.Y-q.Y)*.15), f1(out.X), f1(out.Y))
	}
	if specific {
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="18" fill="%s" stroke="#222" stroke-width="1.5"/><g transform="translate(%s %s) scale(.75)">%s</g><text x="%s" y="%s" text-anchor="middle" font-size="11" font-weight="700" fill="#111" stroke="#fff" stroke-width="3" paint-order="stroke">%s</text>`,
			f1(out.X), f1(out.Y), resourceFill[r], f1(out.X), f1(out.Y-5), resourceIcon(r), f1(out.X), f1(out.Y+13), rate)
	} else {
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="18" fill="#f7eed3" stroke="#222" stroke-width="1.5"/><text x="%s" y="%s" text-anchor="middle" font-size="14" font-weight="700" fill="#111">%s</text>`,
			f1(out.X), f1(out.Y), f1(out.X), f1(out.Y+5), rate)
	}
	b.WriteString(`</g>`)
}
