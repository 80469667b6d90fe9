//go:build !js

package netplay

import (
	"errors"
	"testing"
	"time"

	"tabula/app/i18n"
	"tabula/app/p2pnet"
)

// A reply code pasted on the card of an invite it does not answer (here:
// the friend's reply, pasted again once taken) is refused in words, in
// every language, not with "cut when copied" nor by a link that never
// comes up; the game the first paste started goes on.
func TestReplyToAnotherInviteSaysSo(t *testing.T) {
	host, guest, link := hostWithFriend(t)
	defer host.halt()
	var err error
	var reply string
	guest.s, reply, err = Join(guest.env(), link)
	if err != nil {
		t.Fatal(err)
	}
	guest.s.SetAutoplay(true)
	guest.run()
	defer guest.halt()
	if err := host.s.AcceptFor(1, reply); err != nil {
		t.Fatal(err)
	}
	err = host.s.AcceptFor(1, reply)
	if !errors.Is(err, p2pnet.ErrOtherOffer) {
		t.Fatalf("a reply pasted again: %v, want ErrOtherOffer", err)
	}
	defer i18n.SetLang(i18n.English)
	seen := map[string]bool{}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Portuguese, i18n.Russian} {
		i18n.SetLang(lang)
		msg := replyError(err)
		if msg != T("net.reply.otheroffer") || msg == T("net.reply.bad") || seen[msg] {
			t.Errorf("%s: a reply to another invite says %q", lang, msg)
		}
		seen[msg] = true
	}
	waitFor(t, "the guest seated by the first paste", 15*time.Second, started(guest))
	waitFor(t, "the game going on", 20*time.Second, func() bool { return guest.s.Head() > 10 })
}
