package netplay

import (
	"sort"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/p2pnet"
)

// Coming back to a game. A page that was reloaded (or reopened) has no
// link to anybody: it offers the way back at once, in a card beside the
// board (its reconnect link to send, with copy, share and QR, and the box
// for the reply). The players still in the game see which seat no link
// reaches, with a ready link that brings that seat back, and choose to wait
// or to let the bot play it. A link of the game opened in the tab that
// plays it is answered there. Where another player still reaches both
// sides, nothing is asked: the mesh (app/p2pnet) links them again by
// itself, and the seat shows as relayed meanwhile.

// goneAfter is how long a seat must stay out of reach before its card
// shows: a link being renegotiated comes back sooner.
const goneAfter = 2 * time.Second

// gone is a seat no link of this page reaches.
type gone struct {
	since  time.Time
	link   string // an invite for the seat, to bring it back
	qr     string
	making bool
	err    words
	input  string // the reply code pasted
	sent   bool   // the reply was taken: connecting
	// answer: the seat sent its own reconnect link and this page answers
	// it; result is the reply.
	answer   bool
	result   string
	resultQR string
	// wait: the player chose to wait; the card folds to one line.
	wait bool
}

// unreachable lists the seats of other people that no link reaches:
// no direct link, and away (no sign of life, relayed or not). Seats the
// bot plays are not missed.
func (s *Screen) unreachable() []int {
	se := s.sess
	links := map[int]p2pnet.LinkInfo{}
	for _, l := range se.Links {
		links[l.Seat] = l
	}
	var out []int
	for seat := 0; seat < len(se.Table.Seats); seat++ {
		if seat == se.Meta.Seat || se.Hosted(seat) {
			continue
		}
		l, ok := links[seat]
		if ok && (l.Direct || l.Bot || l.Relayed && !l.Away) {
			continue
		}
		out = append(out, seat)
	}
	return out
}

// resuming reports whether this page is on its way back (it shows the
// way-back card instead of cards for the others: it is the one missing).
func (s *Screen) resuming() bool {
	x := &s.resume
	return x.code != "" || x.busy || x.err != nil || x.result != ""
}

// trackGone keeps a card per unreachable seat, and makes its link once
// the card shows; a reply this page made to a seat's own reconnect link
// stays until that seat is linked again. Called while rendering the
// table; returns the seats whose card shows.
func (s *Screen) trackGone() []int {
	se := s.sess
	if s.gone == nil {
		s.gone = map[int]*gone{}
	}
	if se.Over || !se.Started {
		return nil
	}
	now := time.Now()
	keep := map[int]bool{}
	for _, seat := range s.unreachable() {
		keep[seat] = true
		if s.gone[seat] == nil {
			s.gone[seat] = &gone{since: now}
			if s.mounted {
				// Show the card when its time comes, events or not.
				gameui.Later(s.ctx, goneAfter+100*time.Millisecond, func(app.Context) {})
			}
		}
	}
	var shown []int
	for seat, g := range s.gone {
		switch {
		case g.answer && s.linkUp(seat), !g.answer && !keep[seat]:
			delete(s.gone, seat)
			continue
		case g.answer:
		case s.resuming() || now.Sub(g.since) < goneAfter:
			// This page is the one coming back; or the seat may be
			// back in a moment.
			continue
		case g.link == "" && !g.making && g.err == nil && s.mounted:
			s.makeGoneLink(seat, g)
		}
		shown = append(shown, seat)
	}
	sort.Ints(shown)
	return shown
}

// makeGoneLink makes an invite for seat in the background.
func (s *Screen) makeGoneLink(seat int, g *gone) {
	g.making = true
	se := s.sess
	s.ctx.Async(func() {
		link, err := se.Invite(origin(), seat)
		s.ctx.Dispatch(func(ctx app.Context) {
			g.making = false
			if s.sess != se {
				return
			}
			if err != nil {
				g.err = say("net.invite.fail", explained(err))
				return
			}
			g.link = link
			g.qr, _ = QRSVG(link, 200)
		})
	})
}

// renderGone is the card of a seat no link reaches.
func (s *Screen) renderGone(seat int) app.UI {
	g := s.gone[seat]
	is := strconv.Itoa(seat)
	name := s.name(seat)
	head := app.H3().Class("net-seat-h").Body(gameui.Chip(s.style(seat)), app.Text(" "+T("net.gone.title", name)))
	card := app.Section().Class("net-card net-gone").ID("gone-"+is).DataSet("seat", is).Aria("live", "polite")
	bot := s.botButton(seat)
	// Cards move up when another seat comes back, and go-app keeps a
	// handler whose code is unchanged: every handler here is scoped by
	// the seat and reads the seat's record when it runs.
	scope := app.EventScope("gone", seat)
	with := func(f func(g *gone)) {
		if g := s.gone[seat]; g != nil {
			f(g)
		}
	}
	if g.wait && !g.answer {
		return card.Class("net-card net-gone folded").Body(
			app.Div().Class("net-row").Body(
				gameui.Chip(s.style(seat)),
				app.Span().Class("grow").Text(T("net.gone.waiting", name)),
				app.Button().Class("btn small").ID("gone-show-"+is).Type("button").Text(T("net.gone.show")).
					OnClick(func(ctx app.Context, e app.Event) { with(func(g *gone) { g.wait = false }) }, scope),
				bot,
			))
	}
	parts := []app.UI{head}
	switch {
	case g.answer && g.making:
		parts = append(parts, app.P().Class("muted small").Text(T("net.invite.making")))
	case g.result != "":
		parts = append(parts,
			app.P().Class("small").Text(T("net.gone.answer", name)),
			s.codeBox("gone-result-"+is, g.result, g.resultQR, false),
		)
	case g.making:
		parts = append(parts, app.P().Class("muted small").Text(T("net.invite.making")))
	case g.err != nil:
		parts = append(parts, app.P().Class("error").Role("alert").Text(g.err.text()))
	case g.link != "":
		parts = append(parts,
			s.relayLine(relayForGone, seat),
			app.P().Class("small").Text(T("net.gone.hint", name)),
			s.codeBox("gone-link-"+is, g.link, g.qr, true),
			app.Label().Class("small").For("gone-reply-"+is).Text(T("net.gone.step2", name)),
			app.Div().Class("net-row").Body(
				app.Input().Type("text").ID("gone-reply-"+is).Class("grow net-code").Attr("autocomplete", "off").
					Placeholder(T("net.invite.replyhint")).Value(g.input).
					OnChange(func(ctx app.Context, e app.Event) {
						v := ctx.JSSrc().Get("value").String()
						with(func(g *gone) { g.input = v })
					}, scope),
				app.Button().Class("btn primary").ID("gone-go-"+is).Type("button").Text(T("net.invite.connect")).
					OnClick(func(ctx app.Context, e app.Event) {
						with(func(g *gone) {
							if v := app.Window().GetElementByID("gone-reply-" + is); v.Truthy() {
								g.input = v.Get("value").String()
							}
							g.err = nil
							if err := s.sess.Accept(g.input); err != nil {
								g.err = later(replyError, err)
								return
							}
							g.sent = true
							mark("gone-accept-" + is)
						})
					}, scope),
			),
		)
		if g.sent {
			parts = append(parts, app.P().Class("notice small").Text(T("net.invite.connecting")))
		}
	}
	parts = append(parts, app.Div().Class("net-row").Body(
		app.Button().Class("btn ghost small").ID("gone-wait-"+is).Type("button").Text(T("net.gone.wait")).
			OnClick(func(ctx app.Context, e app.Event) { with(func(g *gone) { g.wait = true }) }, scope),
		bot,
	))
	return card.Body(parts...)
}

// botButton hands an unreachable seat to the bot (a takeover vote), or
// says when that becomes possible.
func (s *Screen) botButton(seat int) app.UI {
	se := s.sess
	if !canTakeover {
		return app.Text("")
	}
	reason := ""
	if !se.canVote(seat) {
		reason = T("net.takeover.notnow", s.name(seat))
	}
	b := gameui.Button(T("net.takeover", s.name(seat)), reason, false, nil).ID("gone-bot-" + strconv.Itoa(seat)).Class("small")
	if reason != "" {
		return b
	}
	// Scoped by the seat: the button of a card that moved up must not
	// vote against the seat it showed before.
	return b.OnClick(func(ctx app.Context, e app.Event) {
		if err := takeover(s.sess, seat); err != nil {
			s.err = say("net.takeover.fail", explained(err))
		}
	}, app.EventScope("bot", seat))
}

// codeBox shows a link or code to send: the text (selectable), Copy,
// Share (where the device has a share sheet) and a QR code on demand.
func (s *Screen) codeBox(id, text, qr string, isLink bool) app.UI {
	showQR := s.qrOpen == id
	row := []app.UI{s.copyButton("copy-"+id, id, text)}
	if canShare() {
		row = append(row, app.Button().Class("btn").ID("share-"+id).Type("button").Text(T("net.share")).
			OnClick(func(ctx app.Context, e app.Event) { share(text, isLink) }, app.EventScope(id, text)))
	}
	if qr != "" {
		label := T("net.qr.show")
		if showQR {
			label = T("net.qr.hide")
		}
		row = append(row, app.Button().Class("btn ghost").ID("qr-"+id).Type("button").Text(label).
			Aria("expanded", strconv.FormatBool(showQR)).
			OnClick(func(ctx app.Context, e app.Event) {
				if s.qrOpen == id {
					s.qrOpen = ""
				} else {
					s.qrOpen = id
				}
			}, app.EventScope(id)))
	}
	return app.Div().Class("net-codebox").Body(
		app.Textarea().ID(id).Class("net-code").ReadOnly(true).Rows(2).Text(text),
		app.Div().Class("net-row").Body(row...),
		app.If(showQR && qr != "", func() app.UI { return app.Figure().Class("net-qr").Body(app.Raw(qr)) }),
	)
}

// rejoin opens a link of a game this device already plays: an invite
// for its own seat (a player still in the game brings it back: answer it,
// the reply goes to them), or a returning player's reconnect link (answer
// it here, from the game's page). The game is reopened first if it is not
// the one on screen.
func (s *Screen) rejoin(ctx app.Context, id, link string, iv *p2pnet.Invite) {
	s.whenFree(ctx, id, link, func(ctx app.Context) {
		if s.sess == nil || s.sess.Meta.ID != id {
			if !s.reopen(id) {
				return
			}
		}
		s.answerLink(ctx, link, iv)
	})
}

// answerLink answers link on the game on screen (see rejoin).
func (s *Screen) answerLink(ctx app.Context, link string, iv *p2pnet.Invite) {
	se := s.sess
	mine := iv.To != p2pnet.AnySeat
	if mine {
		s.resume = exchange{busy: true}
	} else {
		g := s.goneOf(iv.From)
		g.answer, g.making, g.err, g.result = true, true, nil, ""
	}
	ctx.Async(func() {
		var reply string
		var err error
		if mine {
			reply, err = se.Rejoin(link)
		} else {
			reply, err = se.Answer(link)
		}
		s.ctx.Dispatch(func(ctx app.Context) {
			if s.sess != se {
				return
			}
			qr, _ := QRSVG(reply, 200)
			if mine {
				s.resume = exchange{result: reply, qr: qr, from: iv.From}
				if err != nil {
					s.resume = exchange{err: later(joinError, err)}
				}
				mark("rejoin-reply")
				return
			}
			g := s.goneOf(iv.From)
			g.making = false
			if err != nil {
				g.err = later(joinError, err)
				return
			}
			g.result, g.resultQR = reply, qr
			mark("answer-reply")
		})
	})
}

// reopen puts stored game id on screen without a reconnect code of its
// own (a link is being answered instead).
func (s *Screen) reopen(id string) bool {
	s.leave()
	se, err := Resume(s.env(), id)
	if err != nil {
		s.saved.SetCurrent("")
		s.notice = say("net.resume.bad", explained(err))
		s.view = viewLobby
		return false
	}
	s.seat(se)
	mark("resumed")
	return true
}

func (s *Screen) goneOf(seat int) *gone {
	if s.gone == nil {
		s.gone = map[int]*gone{}
	}
	g := s.gone[seat]
	if g == nil {
		g = &gone{since: time.Now().Add(-goneAfter)}
		s.gone[seat] = g
	}
	return g
}
