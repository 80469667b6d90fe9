package citiesknights

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// Layer draws the expansion's pieces over the base game's (walls under
// the cities, metropolis towers, toppled cities, knights, the merchant)
// and the spots of the choice under way.
func (u *addon) Layer(env *gameui.Env, b catanui.Board) string {
	u.gen++
	if b.Mode != u.base {
		if b.Mode != catanui.ModeNone {
			u.mode, u.card, u.from = modeNone, -1, -1
		}
		u.base = b.Mode
	}
	v, x := views(env)
	if x == nil {
		return ""
	}
	var sb strings.Builder
	bx := botBefore(env) // what the bots' latest moves changed is marked
	for _, w := range x.Walls {
		p := b.Vertex(w)
		sb.WriteString(gameui.MarkSVG(wallSVG(p.X, p.Y, T("ck.aria.wall", seatName(env, v.Vertices[w].Owner), b.VertexName(w))),
			bx != nil && !slices.Contains(bx.Walls, w)))
	}
	for t, m := range x.Metropolises {
		if m.Vertex >= 0 && m.Vertex < len(v.Vertices) {
			p := b.Vertex(m.Vertex)
			sb.WriteString(gameui.MarkSVG(metropolisSVG(ck.Track(t), p.X, p.Y, T("ck.aria.metropolis", trackName(ck.Track(t)), seatName(env, m.Owner), b.VertexName(m.Vertex))),
				bx != nil && t < len(bx.Metropolises) && bx.Metropolises[t] != m))
		}
	}
	for _, w := range x.Toppled {
		p := b.Vertex(w)
		sb.WriteString(toppledSVG(p.X, p.Y, T("ck.aria.toppled", seatName(env, v.Vertices[w].Owner), b.VertexName(w))))
	}
	for _, k := range x.Knights {
		p := b.Vertex(k.Vertex)
		sb.WriteString(gameui.MarkSVG(knightSVG(k, style(env, k.Owner), p.X, p.Y, knightLabel(env, b, k)), bx != nil && knightMoved(bx, k)))
	}
	if h := x.Merchant; h >= 0 && h < len(v.Hexes) {
		c := b.Hex(h)
		sb.WriteString(gameui.MarkSVG(merchantSVG(style(env, x.MerchantOwner), c.X+30, c.Y-4, T("ck.aria.merchant", seatName(env, x.MerchantOwner))),
			bx != nil && (bx.Merchant != h || bx.MerchantOwner != x.MerchantOwner)))
	}
	for _, s := range u.spots(env, v, x) {
		sb.WriteString(s.svg(b))
	}
	return sb.String()
}

// botBefore is the expansion's part of the board before the bots' latest
// moves, while they are marked (gameui.Highlight); nil otherwise.
func botBefore(env *gameui.Env) *ck.View {
	if v, ok := env.BeforeView().(*catan.View); ok {
		x, _ := v.Ext.(*ck.View)
		return x
	}
	return nil
}

// knightMoved reports whether knight k is new where it stands, or changed
// rank or activation since before.
func knightMoved(before *ck.View, k ck.KnightView) bool {
	for _, o := range before.Knights {
		if o.Vertex == k.Vertex && o.Owner == k.Owner && o.Rank == k.Rank && o.Active == k.Active {
			return false
		}
	}
	return true
}

// knightLabel is a knight's label: whose, rank, strength, state, where.
func knightLabel(env *gameui.Env, b catanui.Board, k ck.KnightView) string {
	state := T("ck.knight.inactive")
	if k.Active {
		state = T("ck.knight.active")
	}
	if k.CanAct {
		state += ", " + T("ck.knight.canact")
	}
	return T("ck.aria.knight", seatName(env, k.Owner), rankName(k.Rank), k.Strength, state, b.VertexName(k.Vertex))
}

// spot is one clickable highlight: at an intersection, a path or a hex;
// it applies legal action Legal, or (Pick != "") goes to Pick.
type spot struct {
	Kind  byte // 'v', 'e', 'h'
	ID    int
	Legal int
	Pick  string
	Verb  string // message id of what the click does
}

func (s spot) svg(b catanui.Board) string {
	switch s.Kind {
	case 'v':
		label := T("aria.build", T(s.Verb), b.VertexName(s.ID))
		if s.Pick != "" {
			return b.VertexPick(s.Pick, s.ID, label, "")
		}
		return b.VertexSpot(s.Legal, s.ID, label)
	case 'e':
		label := T("aria.build", T(s.Verb), b.EdgeName(s.ID))
		if s.Pick != "" {
			return b.EdgePick(s.Pick, s.ID, label, "")
		}
		return b.EdgeSpot(s.Legal, s.ID, label)
	}
	label := T("aria.build", T(s.Verb), hexName(b.View, s.ID))
	if s.Pick != "" {
		return b.HexPick(s.Pick, s.ID, label)
	}
	return b.HexSpot(s.Legal, s.ID, label)
}

// hexName is "Forest 3" (the base board's label).
func hexName(v *catan.View, h int) string {
	if h < 0 || h >= len(v.Hexes) {
		return "?"
	}
	x := v.Hexes[h]
	if x.Number == 0 {
		return T("terrain." + x.Terrain)
	}
	return T("aria.hex", T("terrain."+x.Terrain), x.Number)
}

// phaseSpots are the board choices of the expansion's phases: the only
// legal actions then, so they show without a mode.
var phaseSpots = []struct {
	t    *catan.ActionType
	verb string
}{
	{&ck.ActPillage, "ck.spot.pillage"},
	{&ck.ActPlaceMetropolis, "ck.spot.metropolis"},
	{&ck.ActRetreat, "ck.spot.retreat"},
	{&ck.ActRemoveKnight, "ck.spot.remove"},
	{&ck.ActPlaceDeserter, "ck.spot.deserter"},
}

// modeSpots are the board choices each mode offers: every legal action
// of its kind, at its intersection.
var modeSpots = map[string]struct {
	t    *catan.ActionType
	verb string
}{
	modeWall:     {&ck.ActBuildWall, "ck.wall"},
	modeHire:     {&ck.ActHireKnight, "ck.hire"},
	modeActivate: {&ck.ActActivateKnight, "ck.activate"},
	modePromote:  {&ck.ActPromoteKnight, "ck.promote"},
	modeRepair:   {&ck.ActRepairCity, "ck.repair"},
}

// spots are the highlights of the choice under way: the expansion's
// phases, the mode chosen in the dock, or a progress card's target.
func (u *addon) spots(env *gameui.Env, v *catan.View, x *ck.View) []spot {
	if env.Replay || len(env.Legal) == 0 {
		return nil
	}
	var out []spot
	vertices := func(t catan.ActionType, verb string, where func(catan.Action) int) {
		acts, idx := legal(env, t)
		for i, a := range acts {
			out = append(out, spot{Kind: 'v', ID: where(a), Legal: idx[i], Verb: verb})
		}
	}
	at := func(a catan.Action) int { return a.Vertex }
	for _, p := range phaseSpots {
		vertices(*p.t, p.verb, at)
	}
	acts, idx := legal(env, ck.ActReplaceRoad)
	for i, a := range acts {
		out = append(out, spot{Kind: 'e', ID: a.Edge, Legal: idx[i], Verb: "ck.spot.replaceroad"})
	}
	if m, ok := modeSpots[u.mode]; ok {
		vertices(*m.t, m.verb, at)
	}
	switch u.mode {
	case modeKnight:
		if u.from < 0 {
			for _, k := range actingKnights(env) {
				out = append(out, spot{Kind: 'v', ID: k, Pick: "knight:" + strconv.Itoa(k), Verb: "ck.spot.knight"})
			}
			break
		}
		from := func(t catan.ActionType, verb string) {
			acts, idx := legal(env, t)
			for i, a := range acts {
				if a.Vertex == u.from {
					out = append(out, spot{Kind: 'v', ID: a.To, Legal: idx[i], Verb: verb})
				}
			}
		}
		from(ck.ActMoveKnight, "ck.spot.move")
		from(ck.ActDisplaceKnight, "ck.spot.displace")
		acts, idx := legal(env, ck.ActChaseRobber)
		for i, a := range acts {
			if a.Vertex == u.from && v.Robber >= 0 {
				out = append(out, spot{Kind: 'h', ID: v.Robber, Legal: idx[i], Verb: "ck.spot.chase"})
			}
		}
	case modeCard:
		out = append(out, u.cardSpots(env)...)
	}
	return out
}

// actingKnights are the viewer's knights that have an action now.
func actingKnights(env *gameui.Env) []int {
	var out []int
	seen := map[int]bool{}
	for _, t := range []catan.ActionType{ck.ActMoveKnight, ck.ActDisplaceKnight, ck.ActChaseRobber} {
		acts, _ := legal(env, t)
		for _, a := range acts {
			if !seen[a.Vertex] {
				seen[a.Vertex] = true
				out = append(out, a.Vertex)
			}
		}
	}
	return out
}

// cardSpots are the board targets of the card being played.
func (u *addon) cardSpots(env *gameui.Env) []spot {
	t, ok := playKind(u.card)
	if !ok {
		return nil
	}
	acts, idx := legal(env, t)
	verb := "ck.spot.card." + u.card.String()
	var out []spot
	switch choiceOf(u.card) {
	case choiceVertex:
		for i, a := range acts {
			out = append(out, spot{Kind: 'v', ID: a.Vertex, Legal: idx[i], Verb: verb})
		}
	case choiceHex:
		for i, a := range acts {
			out = append(out, spot{Kind: 'h', ID: a.Hex, Legal: idx[i], Verb: verb})
		}
	case choiceEdge:
		for i, a := range acts {
			out = append(out, spot{Kind: 'e', ID: a.Edge, Legal: idx[i], Verb: verb})
		}
	case choiceHexPair: // the Inventor: one token, then the other
		seen := map[int]bool{}
		for i, a := range acts {
			switch {
			case u.from < 0:
				for _, h := range []int{a.Hex, a.To} {
					if !seen[h] {
						seen[h] = true
						out = append(out, spot{Kind: 'h', ID: h, Pick: "hex:" + strconv.Itoa(h), Verb: "ck.spot.inventor1"})
					}
				}
			case a.Hex == u.from:
				out = append(out, spot{Kind: 'h', ID: a.To, Legal: idx[i], Verb: verb})
			case a.To == u.from:
				out = append(out, spot{Kind: 'h', ID: a.Hex, Legal: idx[i], Verb: verb})
			}
		}
	case choiceKnights: // the Smith: a knight, then a second one (or that one alone, in the dock)
		seen := map[int]bool{}
		for i, a := range acts {
			switch {
			case u.from < 0:
				if !seen[a.Vertex] {
					seen[a.Vertex] = true
					out = append(out, spot{Kind: 'v', ID: a.Vertex, Pick: "smith:" + strconv.Itoa(a.Vertex), Verb: "ck.spot.smith1"})
				}
			case a.To >= 0 && a.Vertex == u.from:
				out = append(out, spot{Kind: 'v', ID: a.To, Legal: idx[i], Verb: verb})
			case a.To >= 0 && a.To == u.from:
				out = append(out, spot{Kind: 'v', ID: a.Vertex, Legal: idx[i], Verb: verb})
			}
		}
	}
	return out
}

// Pick takes the first half of a choice of two: "knight:<v>" the knight
// that acts, "smith:<v>" the Smith's first knight, "hex:<h>" the
// Inventor's first token. A second click on it drops it. (The board's
// handler may hold an older env: nothing here reads it.)
func (u *addon) Pick(ctx app.Context, _ *gameui.Env, value string) {
	kind, arg, _ := strings.Cut(value, ":")
	n, err := strconv.Atoi(arg)
	if err != nil {
		return
	}
	switch {
	case kind == "knight" && u.mode == modeKnight,
		kind == "smith" && u.mode == modeCard && u.card == ck.Smith,
		kind == "hex" && u.mode == modeCard && u.card == ck.Inventor:
		if u.from == n {
			u.from = -1
		} else {
			u.from = n
		}
	}
}
