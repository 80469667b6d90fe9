package netplay

import (
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/p2pnet"
	"tabula/engine/p2p"
)

func hexID(b []byte) string { return hex.EncodeToString(b) }

// renderConnect is the screen before the genesis: the host's invites, or
// the guest's reply code.
func (s *Screen) renderConnect() app.UI {
	se := s.sess
	title := se.Meta.Game
	if e, ok := gameui.Lookup(se.Meta.Game); ok {
		title = T(e.Title)
	}
	var body []app.UI
	body = append(body,
		app.Header().Class("net-head").Body(
			app.Button().Class("btn ghost").ID("net-home").Type("button").Text("⌂ "+T("table.home")).
				OnClick(func(ctx app.Context, e app.Event) { s.goHome(ctx) }),
			app.H1().Text(T("net.connect.title", title)),
		),
	)
	body = append(body, s.renderNotes()...)
	if s.resume.code != "" || s.resume.busy || s.resume.err != nil {
		body = append(body, s.renderResume())
	}
	if se.Meta.Host {
		body = append(body, app.P().Class("muted").Text(T("net.invites.hint")), s.relayLine(relayForHost))
		cards := make([]app.UI, 0, se.Meta.Players())
		for seat := 0; seat < se.Meta.Players(); seat++ {
			cards = append(cards, s.inviteCard(seat))
		}
		body = append(body, app.Div().Class("net-invites").ID("invites").Body(cards...))
	} else {
		body = append(body, s.renderReply())
	}
	return app.Main().Class("home net-connect").Body(body...)
}

// inviteOf is seat's invite, made empty when there is none.
func (s *Screen) inviteOf(seat int) *invite {
	inv := s.invites[seat]
	if inv == nil {
		inv = &invite{}
		s.invites[seat] = inv
	}
	return inv
}

// inviteCard is one seat on the host's invite screen.
func (s *Screen) inviteCard(seat int) app.UI {
	se := s.sess
	is := strconv.Itoa(seat)
	head := app.H2().Class("net-seat-h").Body(gameui.Chip(s.style(seat)), app.Text(" "+s.name(seat)))
	card := app.Section().Class("net-card net-invite").ID("seat-"+is).DataSet("seat", is)
	up := s.linkUp(seat)
	switch {
	case seat == se.Meta.Seat:
		return card.Body(head, app.P().Class("net-status ok").Text(T("net.invite.you")))
	case se.Hosted(seat):
		return card.DataSet("hosted", "true").Body(head, app.P().Class("net-status ok").Text(T("net.invite.hosted", botLevel(se.kindOf(seat)))))
	case up:
		return card.DataSet("up", "true").Body(head, app.P().Class("net-status ok").ID("up-"+is).Text(T("net.invite.connected", s.linkType(seat))))
	}
	inv := s.inviteOf(seat)
	var parts []app.UI
	parts = append(parts, head)
	switch {
	case inv.making:
		parts = append(parts, app.P().Class("muted").Text(T("net.invite.making")))
	case inv.link != "":
		parts = append(parts,
			app.P().Class("small").Text(T("net.invite.step1", s.name(seat))),
			app.Div().Class("net-code-row").Body(
				app.Div().Class("net-code-col").Body(
					app.Textarea().ID("invite-"+is).Class("net-code").ReadOnly(true).Rows(4).Aria("label", T("net.invite.link", s.name(seat))).Text(inv.link),
					app.Div().Class("net-row").Body(
						s.copyButton("copy-"+is, "invite-"+is, inv.link),
						app.Span().Class("muted small").Text(T("net.invite.chars", len(inv.link))),
					),
				),
				app.If(inv.qr != "", func() app.UI {
					return app.Figure().Class("net-qr").Body(app.Raw(inv.qr), app.FigCaption().Class("small muted").Text(T("net.invite.qr")))
				}),
			),
			app.Label().Class("small").For("reply-"+is).Text(T("net.invite.step2", s.name(seat))),
			app.Div().Class("net-row").Body(
				app.Input().Type("text").ID("reply-"+is).Class("grow net-code").Attr("autocomplete", "off").
					Placeholder(T("net.invite.replyhint")).Value(inv.reply).
					OnChange(func(ctx app.Context, e app.Event) {
						s.inviteOf(seat).reply = ctx.JSSrc().Get("value").String()
					}, app.EventScope(seat)),
				app.Button().Class("btn primary").ID("accept-"+is).Type("button").Text(T("net.invite.connect")).
					OnClick(func(ctx app.Context, e app.Event) {
						inv := s.inviteOf(seat) // a new invite replaces the one drawn
						if v := app.Window().GetElementByID("reply-" + is); v.Truthy() {
							inv.reply = v.Get("value").String()
						}
						s.accept(ctx, seat, inv)
					}, app.EventScope(seat)),
			),
		)
	}
	switch {
	case inv.pasted && inv.err == nil && time.Since(inv.started) > linkWait:
		parts = append(parts, app.P().Class("error").ID("nodirect-"+is).Role("alert").Text(T("net.link.nodirect", s.name(seat))))
	case inv.pasted && inv.err == nil:
		parts = append(parts, app.P().Class("notice small").ID("connecting-"+is).Aria("live", "polite").Text(T("net.invite.connecting")))
	}
	if inv.err != nil {
		parts = append(parts, app.P().Class("error").ID("invite-err-"+is).Role("alert").Text(inv.err.text()))
	}
	if !inv.making {
		parts = append(parts, app.Button().Class("btn ghost small").ID("reinvite-"+is).Type("button").Text(T("net.invite.new")).
			OnClick(func(ctx app.Context, e app.Event) { s.makeInvite(ctx, seat) }, app.EventScope(seat)))
	}
	return card.DataSet("up", "false").Body(parts...)
}

// accept takes a friend's reply code on the host.
func (s *Screen) accept(ctx app.Context, seat int, inv *invite) {
	s.accepted(seat, inv, s.sess.AcceptFor(seat, inv.reply))
	if inv.err == nil {
		mark("accept-" + strconv.Itoa(seat))
	}
}

// accepted shows what taking a reply code to seat's invite gave, pasted
// or come through the relay: why it was refused, or the link coming up.
func (s *Screen) accepted(seat int, inv *invite, err error) {
	var other *OtherSeatError
	switch {
	case errors.As(err, &other):
		inv.pasted, inv.err = false, say("net.reply.otherseat", s.name(other.Got), s.name(other.Want))
	case err != nil:
		inv.pasted, inv.err = false, later(replyError, err)
	default:
		inv.pasted, inv.err = true, nil
		inv.started = time.Now()
		s.redrawAfter(linkWait + 100*time.Millisecond)
		s.wake()
	}
}

func replyError(err error) string {
	switch {
	case errors.Is(err, p2pnet.ErrOtherOffer):
		return T("net.reply.otheroffer")
	case errors.Is(err, p2pnet.ErrOtherGame):
		return T("net.reply.othergame")
	case errors.Is(err, p2pnet.ErrBadCode):
		return T("net.reply.bad")
	}
	return T("net.reply.fail", explain(err))
}

// renderReply is the guest's screen: the reply code to send back.
func (s *Screen) renderReply() app.UI {
	se := s.sess
	host := se.Meta.HostSeat
	var parts []app.UI
	parts = append(parts, app.P().Text(T("net.reply.you", s.name(se.Meta.Seat))))
	switch {
	case s.directLinks() > 0:
		parts = append(parts, app.P().Class("net-status ok").ID("joined").Aria("live", "polite").Text(T("net.reply.connected")))
	case s.reply != "":
		parts = append(parts, s.relayLine(relayForReply))
		if s.sentLate() {
			parts = append(parts, app.P().Class("error").ID("noreply").Role("alert").Text(T("net.link.noreply", s.name(host))))
		}
		parts = append(parts,
			app.Label().For("reply-code").Text(T("net.reply.send", s.name(host))),
			app.Textarea().ID("reply-code").Class("net-code").ReadOnly(true).Rows(3).Text(s.reply),
			app.Div().Class("net-row").Body(
				s.copyButton("copy-reply", "reply-code", s.reply),
				app.Span().Class("muted small").Text(T("net.invite.chars", len(s.reply))),
			),
			app.P().Class("muted small").Aria("live", "polite").Text(T("net.reply.waiting")),
		)
	}
	return app.Section().Class("net-card").ID("joining").Body(parts...)
}

// copyButton copies text and says so.
func (s *Screen) copyButton(id, field, text string) app.UI {
	label := T("net.copy")
	if s.copied == id {
		label = T("net.copied")
	}
	return app.Button().Class("btn").ID(id).Type("button").Text(label).
		OnClick(func(ctx app.Context, e app.Event) {
			copyText(field, text)
			s.copied = id
		}, app.EventScope(id, text)) // a new link in the same place copies the new link
}

// renderResume is the returning page's way back: its reconnect link for
// any player still in the game (copy, share, QR) and the box for their
// reply; or, when it answered a link one of them sent, the reply to send
// back. Compact: it sits beside the board, never over it.
func (s *Screen) renderResume() app.UI {
	x := &s.resume
	var parts []app.UI
	parts = append(parts, app.H2().Class("net-seat-h").Text(T("net.resume.title")))
	switch {
	case x.busy:
		parts = append(parts, app.P().Class("muted small").Text(T("net.invite.making")))
	case x.result != "":
		parts = append(parts,
			app.P().Class("small").Text(T("net.back.reply", s.name(x.from))),
			s.codeBox("resume-result", x.result, x.qr, false),
		)
	case x.code != "":
		parts = append(parts, s.relayLine(relayForResume))
		if s.sentLate() {
			parts = append(parts, app.P().Class("error").ID("noback").Role("alert").Text(T("net.link.noback")))
		}
		parts = append(parts,
			app.P().Class("small").Text(T("net.resume.step1")),
			s.codeBox("resume-code", x.code, x.qr, true),
			app.Label().Class("small").For("resume-reply").Text(T("net.resume.step2")),
			app.Div().Class("net-row").Body(
				app.Input().Type("text").ID("resume-reply").Class("grow net-code").Attr("autocomplete", "off").
					Placeholder(T("net.invite.replyhint")).Value(x.input).
					OnChange(func(ctx app.Context, e app.Event) { x.input = ctx.JSSrc().Get("value").String() }),
				app.Button().Class("btn primary").ID("resume-go").Type("button").Text(T("net.invite.connect")).
					OnClick(func(ctx app.Context, e app.Event) {
						if v := app.Window().GetElementByID("resume-reply"); v.Truthy() {
							x.input = v.Get("value").String()
						}
						x.err = nil
						if _, err := p2pnet.ParseReply(x.input); err != nil {
							x.err = say("net.reply.bad")
							return
						}
						if err := s.sess.Accept(x.input); err != nil {
							x.err = later(replyError, err)
							return
						}
						x.sent = true
						mark("resume-accept")
					}),
			),
		)
	}
	if x.sent && x.err == nil {
		parts = append(parts, app.P().Class("notice small").Aria("live", "polite").Text(T("net.invite.connecting")))
	}
	if x.err != nil {
		parts = append(parts, app.P().Class("error").ID("resume-err").Role("alert").Text(x.err.text()))
	}
	if !x.busy {
		parts = append(parts, app.Button().Class("btn ghost small").ID("resume-new").Type("button").Text(T("net.invite.new")).
			OnClick(func(ctx app.Context, e app.Event) { s.askResumeCode(ctx, s.sess, nil) }))
	}
	return app.Section().Class("net-card net-resume").ID("resume").Aria("live", "polite").Body(parts...)
}

// renderNotes shows protocol problems in words.
func (s *Screen) renderNotes() []app.UI {
	se := s.sess
	if se == nil {
		return nil
	}
	var out []app.UI
	if err := se.SaveError(); err != nil {
		out = append(out, app.P().Class("error").Role("alert").Text(T("net.note.store", explain(err))))
	}
	for i, n := range se.Notes {
		out = append(out, app.P().Class("error net-note").ID("note-"+strconv.Itoa(i)).DataSet("kind", n.Kind).Role("alert").Text(s.noteText(n)))
	}
	if len(se.Notes) > 0 {
		out = append(out, app.Button().Class("btn ghost small net-dismiss").ID("notes-dismiss").Type("button").Text(T("net.dismiss")).
			OnClick(func(ctx app.Context, e app.Event) {
				if s.sess != nil {
					s.sess.Notes = nil
				}
			}))
	}
	return out
}

// noteWords is noteText when drawn.
func (s *Screen) noteWords(n Note) words { return func() string { return s.noteText(n) } }

func (s *Screen) noteText(n Note) string {
	detail := ""
	if n.Err != nil {
		detail = explain(n.Err)
	}
	who := s.name(n.Seat)
	switch n.Kind {
	case "refused":
		if errors.Is(n.Err, p2p.ErrMismatch) {
			return T("net.note.mismatch", who, detail)
		}
		return T("net.note.refused", who, detail)
	case "rejected":
		return T("net.note.rejected", who, detail)
	case "equivocation":
		return T("net.note.equivocation", who)
	case "fork":
		return T("net.note.fork", who)
	case "exhausted":
		return T("net.note.exhausted")
	case "abort":
		return T("net.note.abort", who)
	case "force":
		return T("net.note.force", who)
	case "abort-bot":
		return T("net.note.abortbot", who)
	case "proof-bot":
		return T("net.note.proofbot", who)
	case "cheat":
		return T("net.note.cheat", who)
	}
	return detail
}
