package netplay

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/relay"
)

// What the screens say about the relay (signal.go) and about links that
// do not come up: which way failed and why.

// linkWait is how long a link may take to come up once its codes crossed
// before the screen says it did not (a few seconds at most when a direct
// link can be made at all).
const linkWait = 15 * time.Second

// Where a relay line is shown.
const (
	relayForHost   = "host"   // the host's invites
	relayForReply  = "reply"  // a guest's reply code
	relayForResume = "resume" // a returning page's reconnect link
	relayForGone   = "gone"   // the card of a seat no link reaches
	relayForPanel  = "panel"  // the network panel of the table
)

// relayLine says how the codes of this screen travel: through the relay
// by themselves, or by hand because no relay could be reached (and why).
// Its element id is "relay-" and the role, then seat for a gone card.
func (s *Screen) relayLine(role string, seat ...int) app.UI {
	se := s.sess
	st := se.Relay()
	var text, state string
	switch st.State {
	case RelayOff:
		state = "off"
		// Said where the person waits for a code to cross, and for a game
		// of an earlier version in the panel.
		switch {
		case role == relayForGone || role == relayForResume:
		case len(se.Meta.Relay) == 0:
			text = T("net.relay.old")
		case role != relayForPanel:
			text = T("net.relay.off")
		}
	case RelayOpening:
		state, text = "opening", T("net.relay.opening")
	case RelayUp:
		state = "up"
		switch role {
		case relayForHost:
			text = T("net.relay.host")
		case relayForReply:
			text = T("net.relay.opening")
			if st.Sent {
				text = T("net.relay.sent", s.name(se.Meta.HostSeat))
			}
		case relayForResume:
			text = T("net.relay.opening")
			if st.Sent {
				text = T("net.relay.resume")
			}
		case relayForGone:
			text = T("net.relay.gone", s.name(seat[0]))
		default:
			text = T("net.relay.up", brokerHosts(st.Brokers))
		}
	case RelayDown:
		state = "down"
		switch role {
		case relayForHost:
			text = T("net.relay.none.host")
		case relayForReply:
			text = T("net.relay.none.reply")
		case relayForResume, relayForGone:
			text = T("net.relay.none.resume")
		default:
			text = T("net.relay.none")
		}
	}
	if text == "" {
		return app.Text("")
	}
	cls := "muted small net-relay"
	if st.State == RelayDown {
		cls = "notice small net-relay"
	}
	body := []app.UI{app.Span().Class("net-relay-text").Text(text)}
	if st.State == RelayDown && st.Err != nil {
		body = append(body, app.Br(), app.Span().Class("muted small net-relay-why").Text(T("net.relay.why", relayWhy(st.Err))))
	}
	id := "relay-" + role
	for _, x := range seat {
		id += "-" + strconv.Itoa(x)
	}
	return app.P().Class(cls).ID(id).DataSet("state", state).Aria("live", "polite").Body(body...)
}

// relayWhy is what each broker answered, without the package's prefix.
func relayWhy(err error) string {
	m := err.Error()
	if errors.Is(err, relay.ErrNoRelay) {
		m = strings.TrimPrefix(m, relay.ErrNoRelay.Error()+": ")
	}
	return m
}

// brokerHosts names the brokers by their host.
func brokerHosts(brokers []string) string {
	var hosts []string
	for _, b := range brokers {
		if u, err := url.Parse(b); err == nil && u.Host != "" {
			hosts = append(hosts, u.Hostname())
		}
	}
	return strings.Join(hosts, ", ")
}

// takeRelayReplies shows the reply codes the session took from letters on
// their seats' cards, as a pasted one is shown (accept): an invite's
// before the game, a gone seat's during it.
func (s *Screen) takeRelayReplies() {
	for _, r := range s.sess.TakeRelayReplies() {
		if s.sess.Started {
			if g := s.gone[r.Seat]; g != nil {
				g.input, g.sent, g.err = r.Reply, r.Err == nil, nil
				if r.Err != nil {
					g.err = later(replyError, r.Err)
				}
			}
			continue
		}
		inv := s.inviteOf(r.Seat)
		inv.reply = r.Reply
		s.accepted(r.Seat, inv, r.Err)
		if r.Err == nil {
			mark("relay-accept-" + strconv.Itoa(r.Seat))
		}
	}
}

// redrawAfter draws the screen again after d, for a message due then.
func (s *Screen) redrawAfter(d time.Duration) {
	if s.mounted {
		gameui.Later(s.ctx, d, func(app.Context) {})
	}
}

// sentLate reports whether this device's code went out as a letter more
// than linkWait ago with no link since (the step schedules the redraw).
func (s *Screen) sentLate() bool {
	return !s.sentAt.IsZero() && time.Since(s.sentAt) > linkWait && s.directLinks() == 0
}

// trackSent notes when this device's code went out through the relay.
func (s *Screen) trackSent() {
	st := s.sess.Relay()
	switch {
	case !st.Sent || s.directLinks() > 0:
		s.sentAt = time.Time{}
	case s.sentAt.IsZero():
		s.sentAt = time.Now()
		s.redrawAfter(linkWait + 100*time.Millisecond)
	}
}
