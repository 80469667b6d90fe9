package main

import (
	"strings"
	"testing"
	"time"
)

// A STUN server address the browser refuses (its RTCPeerConnection
// constructor throws): the invite is not made, the page says so, and the
// client goes on working: switched to Portuguese, the screen is redrawn
// in Portuguese with the error still there, now in Portuguese too (an
// error is put into words when drawn, not when it happened).
func TestBrowserP2PRefusedICEServer(t *testing.T) {
	origin, dir, pages := netPages(t, "host")
	host := pages[0]
	// A STUN address without its scheme is refused before anything is
	// tried, in the language on screen, also after a switch.
	host.openLobbyWith(origin, "stun:no such host")
	host.set("#net-stun", "stun.example.org:3478")
	host.click("#net-settings-save")
	host.wait(`(document.querySelector("#net-notice")||{}).textContent === "A STUN server address starts with stun: (e.g. stun:stun.example.org:3478)."`, 5*time.Second)
	setSelect(t, host.ctx, "#lang-pick", "pt-BR")
	host.wait(`(document.querySelector("#net-notice")||{}).textContent === "O endereço de um servidor STUN começa com stun: (ex.: stun:stun.example.org:3478)."`, 5*time.Second)
	setSelect(t, host.ctx, "#lang-pick", "en")
	host.set("#net-stun", "stun:no such host")
	host.click("#net-settings-save")
	host.wait(`document.querySelector("#net-settings-saved") && !document.querySelector("#net-notice")`, 5*time.Second)
	host.host("me", "friend", "friend")
	host.wait(`document.querySelector("#invite-err-1")`, 10*time.Second)
	if msg := host.eval(`document.querySelector("#invite-err-1").textContent`); !strings.HasPrefix(msg, "The invite could not be made") {
		t.Fatalf("invite with a refused STUN server: %q", msg)
	}
	host.shot(dir, "p2p-ice-refused")
	setSelect(t, host.ctx, "#lang-pick", "pt-BR")
	host.wait(`(document.querySelector("#reinvite-1")||{}).textContent === "Fazer um novo link" && !!document.querySelector("#invite-err-1")`, 10*time.Second)
	if msg := host.eval(`document.querySelector("#invite-err-1").textContent`); !strings.HasPrefix(msg, "Não foi possível fazer o convite") || strings.Contains(msg, "did not work") {
		t.Errorf("the invite's error after switching to Portuguese: %q", msg)
	}
}
