//go:build !js

package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tabula/app/i18n"
	"tabula/engine/agricola"
)

// TestBrowserAgricolaHelp: what a newcomer to Agricola's card game reads
// (issue 25, items 1 and 2). The rules screen describes the card game —
// occupations, minor improvements, the draft, traveling minors — with the
// family game as the option, in every language; and each card's effect
// opens on the card with its “i” button by mouse, keyboard and touch.
func TestBrowserAgricolaHelp(t *testing.T) {
	ctx, _, dir, _ := openSite(t, startServer)
	defer i18n.SetLang(i18n.English)
	// Words of the card game each language's rules must use: in the goal
	// (what Tabula plays), then in the cards' section.
	words := map[i18n.Lang]struct{ goal, cards []string }{
		i18n.English:    {[]string{"card game", "occupations", "minor improvements", "family game"}, []string{"drafted", "Traveling minor improvements"}},
		i18n.Portuguese: {[]string{"com cartas", "ocupações", "melhorias menores", "jogo em família"}, []string{"draft", "itinerantes"}},
		i18n.Russian:    {[]string{"с картами", "профессий", "малых улучшений", "Семейная игра"}, []string{"драфтом", "Странствующие"}},
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Portuguese, i18n.Russian} {
		useLang(t, ctx, lang)
		click(t, ctx, "#rules-agricola")
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#rules[data-game=agricola][data-lang='%s']")`, lang), 5*time.Second)
		waitJS(t, ctx, `document.querySelector("#rules-goal p")`, 3*time.Second)
		goal := eval[string](t, ctx, `document.querySelector("#rules-goal").innerText`)
		for _, w := range words[lang].goal {
			if !strings.Contains(goal, w) {
				t.Errorf("%s: the rules' goal does not speak of %q: %s", lang, w, goal)
			}
		}
		if !exists(t, ctx, "#rules-cards") {
			t.Errorf("%s: the rules have no section on occupations and minor improvements", lang)
		} else {
			cards := eval[string](t, ctx, `document.querySelector("#rules-cards").innerText`)
			for _, w := range append(words[lang].cards, strconv.Itoa(agricola.HandSize)) {
				if !strings.Contains(cards, w) {
					t.Errorf("%s: the rules' cards section does not say %q", lang, w)
				}
			}
		}
		noEnglish(t, ctx, lang, "agricola rules")
		shot(t, ctx, dir, "ag-help-rules-"+string(lang))
		click(t, ctx, "#rules-close")
		waitJS(t, ctx, `!document.querySelector("#rules")`, 3*time.Second)
	}
	useLang(t, ctx, i18n.English)

	// A card game: the first card of the hand.
	newAgricolaGame(t, ctx, agricola.CardsAB, 2, "human", "bot:random", "23")
	waitJS(t, ctx, `document.querySelector("#hand [data-card]")`, 10*time.Second)
	id := eval[string](t, ctx, `document.querySelector("#hand [data-card]").dataset.card`)
	text := i18n.T("agricola.cardtext." + id)
	info, shown := "#info-"+id, "#text-"+id
	if !exists(t, ctx, info) {
		t.Fatalf("card %s in hand has no “i” button (its text only in a hover tooltip)", id)
	}
	// visible: the card's text shows on the card, inside the window.
	visible := func() bool {
		return eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
			const r = e.getBoundingClientRect(), s = getComputedStyle(e);
			return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && e.closest(".ag-card").dataset.card === %q && e.innerText.includes(%q); })()`, shown, id, text))
	}
	if visible() {
		t.Fatal("the card's text is open before anyone asked")
	}
	// Mouse.
	click(t, ctx, info)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q)`, shown), 3*time.Second)
	if !visible() || eval[string](t, ctx, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-expanded")`, info)) != "true" {
		t.Error("a click on “i” does not show the card's text on the card")
	}
	shot(t, ctx, dir, "ag-help-card-open")
	click(t, ctx, info)
	waitJS(t, ctx, fmt.Sprintf(`!document.querySelector(%q)`, shown), 3*time.Second)
	// Keyboard: the button takes the focus; Enter opens, Space closes.
	eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).focus(), true)`, info))
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q)`, shown), 3*time.Second)
	if !visible() {
		t.Error("Enter on “i” does not show the card's text")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, fmt.Sprintf(`!document.querySelector(%q)`, shown), 3*time.Second)
	// Touch, on a phone: a tap opens it; the button is a finger's size.
	phoneView(t, ctx)
	tap(t, ctx, info)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q)`, shown), 3*time.Second)
	if !visible() {
		t.Error("a tap on “i” does not show the card's text")
	}
	if s := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.width, r.height]; })()`, info)); s[0] < 44 || s[1] < 44 {
		t.Errorf("the phone's “i” button is %.0f×%.0f px, under 44", s[0], s[1])
	}
	shot(t, ctx, dir, "ag-help-card-phone")
	desktopView(t, ctx)
}

// tap touches the centre of the element sel (scrolled into view) with one
// finger, as on a phone.
func tap(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	xy := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q);
		e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })()`, sel))
	for _, typ := range []input.DispatchTouchEventType{input.DispatchTouchEventTypeTouchStart, input.DispatchTouchEventTypeTouchEnd} {
		var pts []*input.TouchPoint
		if typ == input.DispatchTouchEventTypeTouchStart {
			pts = []*input.TouchPoint{{X: xy[0], Y: xy[1]}}
		}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
			t.Fatalf("tap %s: %v", sel, err)
		}
	}
}
