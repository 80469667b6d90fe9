//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"tabula/app/i18n"
)

// TestBrowserRelayTurnWaitsOnOthers: a turn-based table between two pages
// through the suite's broker. The host holds its move; the guest's page
// goes home, where the game is listed under "Games waiting for others",
// naming the host, in each language. The guest leaves it (the browser's
// confirmation answered yes): the row goes, the host plays on with no
// effect on the guest's page, and the network lobby's saved games still
// hold the game, marked as left; opening it from there takes it back.
func TestBrowserRelayTurnWaitsOnOthers(t *testing.T) {
	origin, dir, pages, broker := relayPages(t, "host", "guest")
	host, guest := pages[0], pages[1]

	host.openLobbyRelay(origin, broker.URL)
	host.wait(`document.querySelector("#net-turn-based")`, 5*time.Second)
	host.eval(`document.querySelector("#net-turn-based").click(), ""`)
	host.wait(`document.querySelector("#net-turn-based").checked`, 5*time.Second)
	seatTurnTable(host, guest, origin, 20)

	// The host holds its move; the guest's page goes home once the game
	// waits on the host alone.
	holdUntilWaitedOnAlone(host, guest)
	held := guest.entries()
	guest.click("#net-home")
	row := `#turn-others .turn-others-row`
	guest.wait(fmt.Sprintf(`document.querySelector(%q)`, row), netWait)
	hostName := guest.eval(fmt.Sprintf(`document.querySelector(%q).dataset.waits`, row))
	defer i18n.SetLang(i18n.English)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Portuguese, i18n.Russian} {
		setSelect(t, guest.ctx, "#lang-pick", string(lang))
		i18n.SetLang(lang)
		want := i18n.T("home.waited.on", hostName)
		guest.wait(fmt.Sprintf(`document.querySelector("#others-h").textContent === %q && document.querySelector(%q).textContent.includes(%q)`,
			i18n.T("home.others"), row+" .turn-status", want), 5*time.Second)
		guest.shot(dir, "turn-others-"+string(lang))
	}
	i18n.SetLang(i18n.English)
	setSelect(t, guest.ctx, "#lang-pick", "en")
	if len(guest.eval(`document.querySelectorAll('#turn-waiting .turn-waiting-row').length ? "x" : ""`)) != 0 {
		t.Error("a game waiting on the host is listed as waiting for the guest")
	}

	// Leave it.
	id := guest.eval(fmt.Sprintf(`document.querySelector(%q).dataset.id`, row))
	guest.eval(`(window.confirm = () => true, "")`)
	guest.click("#leave-" + id)
	guest.wait(`!document.querySelector("#turn-others")`, 10*time.Second)
	// The host plays on: the guest's device, which left, serves nothing.
	host.autoplay()
	host.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries > %d`, held), netWait)
	time.Sleep(time.Second)
	if guest.eval(`document.querySelector("#turn-others, #turn-waiting") ? "listed" : ""`) != "" {
		t.Error("a game left is listed again")
	}
	guest.click("#net-open")
	saved := fmt.Sprintf(`.net-saved-row[data-id=%q]`, id)
	guest.wait(fmt.Sprintf(`document.querySelector(%q)`, saved), 5*time.Second)
	if txt := guest.eval(fmt.Sprintf(`document.querySelector(%q).textContent`, saved)); !strings.Contains(txt, i18n.T("net.saved.archived")) {
		t.Errorf("the saved game does not say it was left: %q", txt)
	}
	guest.shot(dir, "turn-others-left")
	// Opening it takes it back: on the table, caught up.
	guest.click(saved + " .btn.primary")
	guest.wait(onTable, netWait)
	guest.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries > %d`, held), netWait)
	noNotes(t, "", host, guest)
}

// holdUntilWaitedOnAlone takes the host's seat off autoplay until the
// game waits on the host alone, as the guest's page shows it, and stays
// so: the host's log no longer than the guest's for a second (no move of
// the host's bot on its way, sent before autoplay went off), and no offer
// of the bot seat (Caio) for the host to answer (the host's device
// answers that by itself after table.LapseAfter). Held at the wrong
// moment (the guest's autoplay offering the host a trade: the offer waits
// on the host and on the bot both), the host plays on a few entries and
// holds again.
func holdUntilWaitedOnAlone(host, guest *page) {
	host.t.Helper()
	const alone = `document.querySelector('#turn .wait[data-seat="0"]') && document.querySelectorAll('#turn .wait').length === 1`
	held := func() bool {
		return eval[bool](guest.t, guest.ctx, truthy(alone)) && host.entries() == guest.entries() &&
			!exists(host.t, host.ctx, `#answer-panel[data-from="2"]`)
	}
	for try := 0; try < 6; try++ {
		host.stopAutoplay()
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			if n := guest.entries(); held() {
				time.Sleep(time.Second)
				if held() && guest.entries() == n {
					return
				}
			}
		}
		n := guest.entries()
		host.autoplay()
		guest.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries > %d`, n+2), netWait)
	}
	guest.wait(alone, time.Second) // fails, saying what the page shows
}
