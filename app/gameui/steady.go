package gameui

// Steady keeps a board's markup byte for byte the same while what it shows
// is the same. go-app replaces a raw element whenever its markup changes,
// and a drawing that marks "new since the last drawing" (pieces that
// animate in) changes on the first redraw after every move, even when no
// piece moved. A click pressed on the old elements and released on the new
// ones is lost (a network message or a clock redraws the table at any
// moment), and the animation would play again on the old pieces.
type Steady struct {
	plain, drawn string
}

// Draw returns what to put on screen. plain is the markup with nothing
// marked new; mark draws it with what is new since the last change (it is
// called only when plain changed, so it may note the state it compares
// against). The bots' marks (BotMark) count as marks too: when they end
// the markup stays, and ClearMarks takes them off the page.
func (s *Steady) Draw(plain string, mark func() string) string {
	if plain = Unmarked(plain); plain != s.plain || s.drawn == "" {
		s.plain, s.drawn = plain, mark()
	}
	return s.drawn
}

// Keep is Draw for markup that marks nothing new but the bots' moves.
func (s *Steady) Keep(markup string) string {
	return s.Draw(markup, func() string { return markup })
}
