package netplay

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/p2pnet"
	"tabula/app/rules"
	"tabula/engine"
	"tabula/engine/p2p"
)

// The language picker, the rules button and the player's words for
// network errors.

func init() {
	for _, x := range []struct {
		err error
		id  string
	}{
		{ErrResumeCode, "net.join.resumecode"},
		{ErrNotResume, "net.answer.notresume"},
		{p2pnet.ErrBadCode, "err.badcode"},
		{p2p.ErrMismatch, "err.mismatch"},
		{p2p.ErrMalformed, "err.peer"},
		{p2p.ErrForged, "err.peer"},
		{p2p.ErrWrongGame, "err.wronggame"},
		{p2p.ErrOutOfTurn, "err.peer"},
		{p2p.ErrBadPrev, "err.peer"},
		{p2p.ErrBadPost, "err.peer"},
		{p2p.ErrBadReveal, "err.peer"},
		{p2p.ErrConflict, "err.peer"},
		{p2p.ErrEquivocated, "err.peer"},
		{p2p.ErrNoGenesis, "err.notstarted"},
		{p2p.ErrExhausted, "net.note.exhausted"},
		{p2p.ErrBotSeat, "err.botseat"},
		{p2p.ErrBadBot, "err.peer"},
		{p2p.ErrNotWaiting, "err.notwaiting"},
		{p2p.ErrRelayed, "err.relayed"},
		{p2p.ErrSealedSeat, "err.sealedseat"},
	} {
		gameui.Explain(x.err, x.id)
	}
}

// explain is the translated sentence for err (see gameui.ErrorText).
func explain(err error) string { return gameui.ErrorText(err) }

// words is a message kept on the screen (an error, a notice), put into
// words each time it is drawn, so that a change of language redraws it
// in the new one; nil is none.
type words func() string

// text is the message in the language of the moment, "" for none.
func (w words) text() string {
	if w == nil {
		return ""
	}
	return w()
}

// say is T(id, args...) when drawn; an argument that is words is put
// into words then too.
func say(id string, args ...any) words {
	return func() string {
		now := make([]any, len(args))
		for i, a := range args {
			if w, ok := a.(words); ok {
				a = w.text()
			}
			now[i] = a
		}
		return T(id, now...)
	}
}

// explained is err's sentence (explain) when drawn.
func explained(err error) words { return later(explain, err) }

// later is describe(err) when drawn.
func later(describe func(error) string, err error) words {
	return func() string { return describe(err) }
}

// fixed is a message already in words (a sentence made elsewhere).
func fixed(m string) words { return func() string { return m } }

// langPicker is the language select (element id id).
func (s *Screen) langPicker(id string) app.UI {
	return gameui.LangPicker(id, func(ctx app.Context, l i18n.Lang) {
		if s.ren != nil {
			s.ren.Reset()
		}
		if s.OnLang != nil {
			s.OnLang(l)
		}
	})
}

// Refresh redraws the screen (after the language changed elsewhere).
func (s *Screen) Refresh() {
	if s.mounted {
		s.ctx.Dispatch(func(ctx app.Context) {})
	}
}

// HelpTarget is the game on the network table and the view on screen,
// for the rules dialog; ok is false away from a table.
func (s *Screen) HelpTarget() (game string, view any, ok bool) {
	se := s.sess
	if se == nil || !se.Started || se.Table == nil {
		return "", nil, false
	}
	return se.Table.Match.Game.ID(), se.Table.Match.State.View(engine.Seat(se.Meta.Seat)), true
}

// helpButton is the table's "?" button: the rules at the part that
// matters now.
func (s *Screen) helpButton() app.UI {
	if game, _, ok := s.HelpTarget(); !ok || s.OnRules == nil {
		return app.Text("")
	} else if _, has := rules.Lookup(game); !has {
		return app.Text("")
	}
	return app.Button().Class("btn ghost").ID("help").Type("button").Text("?").
		Title(T("rules.help")).Aria("label", T("rules.help")).
		OnClick(func(ctx app.Context, e app.Event) {
			if game, view, ok := s.HelpTarget(); ok {
				s.OnRules(game, view)
			}
		})
}
