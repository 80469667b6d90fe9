package gameui

import (
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/engine"
)

// Highlight follows the bots' latest moves at a table where a person
// plays, so the board can mark what they changed for a moment: a bot's
// move lands between two of the person's looks, and a piece that simply
// appears is easy to miss.
//
// The screen calls Note after every change of the log. While bots move
// (and chance follows them), Before is the state before the first of
// those moves; a person's move ends the highlight, and so does End once
// HighlightFor has passed without a bot moving. Renderers compare
// Env.BotBefore with Env.State and mark each element the bots changed
// with BotMark (a data-botmove attribute; web/tabula.css makes it a halo
// that fades, or a still one where motion is reduced).
//
// Nothing here runs without a person at the table: a game of bots only
// is neither copied nor replayed for it.
type Highlight struct {
	seen   engine.State // the state at the last Note (a copy)
	n      int          // log length at seen
	before engine.State // the state before the bots' moves on show; nil: none
	// chances are the kinds of chance resolved since before ("dice"):
	// a roll that repeats the faces before it changes nothing a renderer
	// could compare, yet the bot rolled.
	chances []string
	gen     int // bumps with every bot move noted (End's token)
}

// HighlightFor is how long the board marks the bots' latest moves after
// the last of them: long enough to follow, short enough not to linger.
const HighlightFor = 2 * time.Second

// BotMark is the attribute that marks an element a bot's latest move
// changed, for raw SVG; BotMarkAttr is its name for an app.UI element
// (.Attr(BotMarkAttr, "1")).
const (
	BotMarkAttr = "data-botmove"
	BotMark     = ` data-botmove="1"`
)

// Unmarked is markup without the bots' marks.
func Unmarked(markup string) string { return strings.ReplaceAll(markup, BotMark, "") }

// ClearMarks takes the bots' marks off the page when the highlight ends,
// without drawing anything again: a redraw would replace the boards'
// elements, and a click pressed on the old ones and released on the new
// ones would be lost (Steady keeps a board's markup while only its marks
// change).
func ClearMarks() {
	if !app.IsClient {
		return
	}
	marked := app.Window().Get("document").Call("querySelectorAll", "["+BotMarkAttr+"]")
	for i := marked.Length() - 1; i >= 0; i-- {
		marked.Index(i).Call("removeAttribute", BotMarkAttr)
	}
}

// Mark is BotMark when on, else "".
func Mark(on bool) string {
	if on {
		return BotMark
	}
	return ""
}

// Note takes in the entries added to m since the last call. bot reports
// whether a seat is played by a bot here. It reports whether bots moved
// (then the caller ends the highlight with End(gen) after HighlightFor).
// person false (nobody plays at this table) drops everything and costs
// nothing.
func (h *Highlight) Note(m *engine.Match, bot func(engine.Seat) bool, person bool) (gen int, moved bool) {
	if !person {
		*h = Highlight{}
		return 0, false
	}
	n := len(m.Entries)
	if h.seen == nil || n < h.n {
		// A table just opened, or the log went back (undo, a rollback):
		// nothing to compare with.
		h.seen, h.n, h.before, h.chances = m.State.Clone(), n, nil, nil
		return h.gen, false
	}
	if n == h.n {
		return h.gen, false
	}
	cur := h.seen
	for i := h.n; i < n; i++ {
		e := m.Entries[i]
		if !e.IsChance() {
			if !bot(e.Seat) {
				h.before, h.chances = nil, nil // the person acted: their own move is not marked
			} else {
				if h.before == nil {
					h.before, h.chances = cur.Clone(), nil
				}
				moved = true
			}
		} else if c := cur.Status().Chance; h.before != nil && c != nil {
			h.chances = append(h.chances, c.Kind)
		}
		if i == n-1 {
			break // the last state is the match's own
		}
		if err := engine.ApplyEntry(m.Game, cur, e); err != nil {
			h.seen, h.n, h.before, h.chances = m.State.Clone(), n, nil, nil
			return h.gen, false
		}
	}
	h.seen, h.n = m.State.Clone(), n
	if moved {
		h.gen++
	}
	return h.gen, moved
}

// End drops the highlight if no bot moved since gen, and reports whether
// the marks are to come off the page then (ClearMarks): also when the
// person's move ended the highlight but left the board as it was, so
// that its markup, and the marks in it, stayed.
func (h *Highlight) End(gen int) bool {
	if gen != h.gen {
		return false
	}
	h.before, h.chances = nil, nil
	return true
}

// Track takes in m's latest entries (Note) and, when bots moved, takes
// their marks off the page HighlightFor after the last of them, if the
// same table is still on screen then (current). live is whether ctx can
// schedule (the screen is mounted).
func (h *Highlight) Track(ctx app.Context, live bool, m *engine.Match, bot func(engine.Seat) bool, person bool, current func() bool) {
	gen, moved := h.Note(m, bot, person)
	if !moved || !live {
		return
	}
	Later(ctx, HighlightFor, func(ctx app.Context) {
		if current() && h.End(gen) {
			ClearMarks()
		}
		ctx.PreventUpdate() // nothing to draw again (ClearMarks)
	})
}

// Before is the state before the bots' moves on show, nil when none.
func (h *Highlight) Before() engine.State { return h.before }

// Chances are the kinds of chance resolved after the bots' moves on show,
// in log order (nil when nothing is marked).
func (h *Highlight) Chances() []string { return h.chances }

// BotChance reports whether chance of this kind ("dice") followed the
// bots' moves on show.
func (e *Env) BotChance(kind string) bool {
	for _, k := range e.BotChances {
		if k == kind {
			return true
		}
	}
	return false
}

// Reset forgets everything (another table on screen).
func (h *Highlight) Reset() { *h = Highlight{} }

// BeforeView is the view of the state before the bots' latest moves, for
// the seat on screen (nil when nothing is marked).
func (e *Env) BeforeView() any {
	if e.BotBefore == nil {
		return nil
	}
	return e.BotBefore.View(e.Viewer)
}

// MarkSVG puts the bot's mark on the first element of an SVG fragment
// when on: a piece drawn by a function that knows nothing of bots.
func MarkSVG(svg string, on bool) string {
	if !on {
		return svg
	}
	start := strings.IndexByte(svg, '<')
	if start < 0 {
		return svg
	}
	end := strings.IndexAny(svg[start:], " />")
	if end < 0 {
		return svg
	}
	end += start
	return svg[:end] + BotMark + svg[end:]
}
