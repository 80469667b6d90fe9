//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/gameui"
	"tabula/app/i18n"
	_ "tabula/app/netplay"
	"tabula/app/table"
	"tabula/engine"
	ck "tabula/engine/catan/citiesknights"
)

// TestBrowserLanguages: in one browser session, every screen of the
// games in Portuguese and Russian shows no English message (Cities &
// Knights: its table mid-game, a card's text, a knight's choice, its
// rules and end screen); the language
// comes from the browser on the first visit, is kept across visits, and
// switches mid-game without a reload, the log and the prompt following;
// the rules of each game open in each language, from the home screen and
// at the part that matters from the table.
func TestBrowserLanguages(t *testing.T) {
	ctx, stop := chromium(t, 360*time.Second, chromedp.Flag("lang", "ru"), chromedp.Flag("accept-lang", "ru"),
		chromedp.Flag("allow-loopback-in-peer-connection", true)) // the network screens

	defer stop()
	srv := startServer(t)
	defer srv.Close()
	dir := shotsDir(t)
	t0 := time.Now()
	addScript(t, ctx, loaderWatchJS)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=instant")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted, 20*time.Second)
	loaderSpoke(t, ctx, i18n.Russian, "first visit")

	// First visit: the browser's language.
	if got := attr(t, ctx, "lang"); got != "ru" {
		t.Fatalf("first visit with a Russian browser (%v) shows %q", eval[[]string](t, ctx, `navigator.languages`), got)
	}
	if got := eval[string](t, ctx, `document.documentElement.lang`); got != "ru" {
		t.Errorf("html lang %q", got)
	}
	saves := finishedGames(t)
	ckFile, ckCard := preparedGame(t, []string{table.Human, table.BotGreedy, table.BotGreedy})
	positions := agricolaPositions(t)
	t1 := time.Now()
	catanFiles, burgundyFiles := catanScreens(t), burgundyScreens(t)
	fmt.Fprintf(os.Stderr, "browser languages test: positions for the choosers and follow-ups made in %v\n", time.Since(t1).Round(time.Millisecond))

	for _, lang := range []i18n.Lang{i18n.Russian, i18n.Portuguese} {
		useLang(t, ctx, lang)
		i18n.SetLang(lang)
		noEnglish(t, ctx, lang, "home")
		shot(t, ctx, dir, "lang-"+string(lang)+"-home")

		// Rules of each game from the home screen.
		for g, ids := range map[string]string{"catan": "catan", "burgundy": "burgundy", "agricola": "agricola", ck.ID: "ck"} {
			click(t, ctx, "#rules-"+g)
			waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#rules[data-game='%s'][data-lang='%s']")`, g, lang), 5*time.Second)
			wantText(t, ctx, "#rules", i18n.T("rules."+ids+".setup"), i18n.T("rules."+ids+".readings"))
			noEnglish(t, ctx, lang, "rules "+g)
			shot(t, ctx, dir, "lang-"+string(lang)+"-rules-"+g)
			click(t, ctx, "#rules-close")
			waitJS(t, ctx, `!document.querySelector("#rules")`, 3*time.Second)
		}

		// Catan: new-game form, pass-device screen, table, rules at the
		// founding.
		click(t, ctx, "#new-catan")
		waitJS(t, ctx, `document.querySelector("#new-form")`, 5*time.Second)
		click(t, ctx, "#players-3")
		waitJS(t, ctx, `document.querySelector("#kind-2") && !document.querySelector("#kind-3")`, 3*time.Second) // the form re-laid out
		setSelect(t, ctx, "#kind-1", "human")
		setInput(t, ctx, "#seed", "11")
		noEnglish(t, ctx, lang, "catan new game")
		click(t, ctx, "#new-start")
		waitJS(t, ctx, `document.querySelector("#handover")`, 10*time.Second)
		noEnglish(t, ctx, lang, "catan hand-over")
		click(t, ctx, "#reveal")
		waitJS(t, ctx, `document.querySelector("#board svg") && document.querySelector("#prompt")`, 10*time.Second)
		noEnglish(t, ctx, lang, "catan table")
		shot(t, ctx, dir, "lang-"+string(lang)+"-catan")
		key(t, ctx, "?")
		waitJS(t, ctx, `document.querySelector("#rules[data-game=catan][data-at=setup]")`, 5*time.Second)
		if !exists(t, ctx, "#rules-setup.current") || !exists(t, ctx, "#rules-costs") {
			t.Error("table rules did not open at the set-up, or have no cost table")
		}
		key(t, ctx, "Escape")
		waitJS(t, ctx, `!document.querySelector("#rules")`, 3*time.Second)
		click(t, ctx, "#home")

		// The Castles of Burgundy: table and rules from the "?" button.
		waitJS(t, ctx, `document.querySelector("#new-burgundy")`, 5*time.Second)
		newBurgundy(t, ctx, "human", "bot:greedy", "5")
		waitJS(t, ctx, `document.querySelector("#prompt") && document.querySelector(".bg-estate, svg")`, 15*time.Second)
		noEnglish(t, ctx, lang, "burgundy table")
		shot(t, ctx, dir, "lang-"+string(lang)+"-burgundy")
		click(t, ctx, "#help")
		waitJS(t, ctx, `document.querySelector("#rules[data-game=burgundy]")`, 5*time.Second)
		if at := eval[string](t, ctx, `document.querySelector("#rules").dataset.at`); at != "turn" {
			t.Errorf("Burgundy rules from the table opened at %q, want the turn", at)
		}
		if !exists(t, ctx, "#rules-regions") {
			t.Error("Burgundy rules have no region table")
		}
		noEnglish(t, ctx, lang, "burgundy rules from the table")
		click(t, ctx, "#rules-close")
		waitJS(t, ctx, `!document.querySelector("#rules")`, 3*time.Second)
		click(t, ctx, "#home")

		// Agricola: the table, its rules from the table, and the fence and
		// animal decisions.
		agricolaLanguages(t, ctx, dir, lang, positions)

		// Cities & Knights: a game in the main part of a turn (imported):
		// the table, a progress card's text, a knight's choice, and the
		// rules from the table at the building part.
		importGame(t, ctx, ckFile)
		waitJS(t, ctx, `document.querySelector("#ck-actions") && document.querySelector("#ck-hand") && document.querySelector("#ck-side")`, 10*time.Second)
		noEnglish(t, ctx, lang, "cities-knights table")
		click(t, ctx, "#info-"+ckCard.String())
		waitJS(t, ctx, `document.querySelector("#ck-hand .ck-effect")`, 3*time.Second)
		click(t, ctx, "#ck-knight")
		waitJS(t, ctx, `document.querySelector("#ck-prompt")`, 3*time.Second)
		wantText(t, ctx, "#ck-prompt", i18n.T("ck.ask.knight"))
		noEnglish(t, ctx, lang, "cities-knights card text and knight choice")
		shot(t, ctx, dir, "lang-"+string(lang)+"-cities-knights")
		key(t, ctx, "?")
		waitJS(t, ctx, `document.querySelector("#rules[data-game='`+ck.ID+`'][data-at=build]")`, 5*time.Second)
		if !exists(t, ctx, "#rules-cards") || !exists(t, ctx, "#rules-improvements") {
			t.Error("Cities & Knights rules have no card or improvement table")
		}
		noEnglish(t, ctx, lang, "cities-knights rules from the table")
		key(t, ctx, "Escape")
		waitJS(t, ctx, `!document.querySelector("#rules")`, 3*time.Second)
		click(t, ctx, "#home")

		// End screens, from finished games imported.
		for g, file := range saves {
			waitJS(t, ctx, `document.querySelector("#import-file")`, 5*time.Second)
			if err := chromedp.Do(ctx, chromedp.SetUploadFiles("#import-file", []string{file})); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, `document.querySelector("#end .scores")`, 10*time.Second)
			noEnglish(t, ctx, lang, g+" end screen")
			shot(t, ctx, dir, "lang-"+string(lang)+"-end-"+g)
			eval[bool](t, ctx, `(document.querySelector("#replay").click(), true)`)
			waitJS(t, ctx, `document.querySelector("#replay-bar")`, 5*time.Second)
			eval[bool](t, ctx, `(document.querySelector("#rp-prev").click(), true)`)
			noEnglish(t, ctx, lang, g+" replay")
			eval[bool](t, ctx, `(document.querySelector("#rp-close").click(), true)`)
			waitJS(t, ctx, `document.querySelector("#end-home")`, 5*time.Second)
			eval[bool](t, ctx, `(document.querySelector("#end-home").click(), true)`)
		}

		// Network lobby.
		waitJS(t, ctx, `document.querySelector("#net-open")`, 5*time.Second)
		click(t, ctx, "#net-open")
		waitJS(t, ctx, `document.querySelector("#net-lobby")`, 5*time.Second)
		noEnglish(t, ctx, lang, "network lobby")
		click(t, ctx, "#net-home")
		waitJS(t, ctx, `document.querySelector("#new-catan")`, 5*time.Second)
	}

	// Catan's trade, 7 and card choosers; Burgundy's follow-ups: each
	// position imported once, both languages checked on it (ending in
	// pt-BR, the language chosen last).
	t1 = time.Now()
	screensLanguages(t, ctx, dir, []i18n.Lang{i18n.Russian, i18n.Portuguese}, catanFiles, burgundyFiles)
	fmt.Fprintf(os.Stderr, "browser languages test: Catan's choosers and Burgundy's follow-ups: %v\n", time.Since(t1).Round(time.Millisecond))
	i18n.SetLang(i18n.English)

	// The network screens: invite, join, the table and its connection panel.
	t1 = time.Now()
	networkLanguages(t, ctx, srv.URL, dir)
	fmt.Fprintf(os.Stderr, "browser languages test: network screens: %v\n", time.Since(t1).Round(time.Millisecond))

	// Kept across visits.
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted, 20*time.Second)
	loaderSpoke(t, ctx, i18n.Portuguese, "visit after choosing pt-BR")
	if got := attr(t, ctx, "lang"); got != string(i18n.Portuguese) {
		t.Fatalf("after a reload the language is %q, want the chosen pt-BR", got)
	}

	// Switching mid-game: no reload, the same game, the table, the log and
	// the prompt in the new language each time.
	click(t, ctx, "#new-catan")
	waitJS(t, ctx, `document.querySelector("#new-form")`, 5*time.Second)
	click(t, ctx, "#players-3")
	waitJS(t, ctx, `document.querySelector("#kind-2") && !document.querySelector("#kind-3")`, 3*time.Second) // the form re-laid out
	setInput(t, ctx, "#seed", "11")
	click(t, ctx, "#new-start")
	waitJS(t, ctx, `document.querySelector("#board svg") && document.querySelector("#prompt") && document.querySelector("#log li")`, 10*time.Second)
	// The bots found first when the dice say so: wait for the person.
	i18n.SetLang(i18n.Portuguese)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#prompt").textContent === %q`, i18n.T("catan.found.settlement")), 10*time.Second)
	i18n.SetLang(i18n.English)
	eval[bool](t, ctx, `(window.tabulaKept = true)`)
	hash, entries := attr(t, ctx, "hash"), attr(t, ctx, "entries")
	seen := map[string]string{}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian, i18n.Portuguese} {
		setSelect(t, ctx, "#lang-pick", string(lang))
		waitJS(t, ctx, fmt.Sprintf(`document.getElementById("tabula").dataset.lang === %q`, lang), 5*time.Second)
		if !eval[bool](t, ctx, `window.tabulaKept === true`) {
			t.Fatal("switching the language reloaded the page")
		}
		if attr(t, ctx, "hash") != hash || attr(t, ctx, "entries") != entries {
			t.Fatal("switching the language changed the game")
		}
		i18n.SetLang(lang)
		prompt := eval[string](t, ctx, `document.querySelector("#prompt").textContent`)
		log := eval[string](t, ctx, `document.querySelector("#log").textContent`)
		turn := eval[string](t, ctx, `document.querySelector("#end-turn, #roll, #build-road") ? document.querySelector("#build-road").textContent : ""`)
		built := strings.Split(i18n.T("log.settlement", "\x00"), "\x00")[1]
		if !strings.Contains(log, built) {
			t.Errorf("%s: the log does not say %q: %s", lang, built, short(log))
		}
		if want := i18n.T("catan.found.settlement"); prompt != want && prompt != i18n.T("catan.found.road") {
			t.Errorf("%s: prompt %q, want %q", lang, prompt, want)
		}
		if turn != "" && turn != i18n.T("catan.build.road") {
			t.Errorf("%s: table button %q", lang, turn)
		}
		if lang != i18n.English {
			noEnglish(t, ctx, lang, "catan table after switching")
		}
		seen[string(lang)] = log
		key(t, ctx, "?")
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#rules[data-game=catan][data-at=setup][data-lang='%s']")`, lang), 5*time.Second)
		wantText(t, ctx, "#rules-setup", i18n.T("rules.catan.setup.2"))
		key(t, ctx, "Escape")
		waitJS(t, ctx, `!document.querySelector("#rules")`, 3*time.Second)
	}
	i18n.SetLang(i18n.English)
	if seen["en"] == seen["ru"] || seen["ru"] == seen["pt-BR"] {
		t.Error("the log did not change language")
	}
	fmt.Fprintf(os.Stderr, "browser languages test: %v\n", time.Since(t0).Round(time.Millisecond))
}

// useLang picks lang in the language select on screen.
func useLang(t *testing.T, ctx context.Context, lang i18n.Lang) {
	t.Helper()
	setSelect(t, ctx, "#lang-pick", string(lang))
	waitJS(t, ctx, fmt.Sprintf(`document.getElementById("tabula").dataset.lang === %q`, lang), 5*time.Second)
}

// key presses a key on the page (not in a field).
func key(t *testing.T, ctx context.Context, k string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(document.activeElement && document.activeElement.blur(),
		window.dispatchEvent(new KeyboardEvent("keydown", {key: %q, bubbles: true})), true)`, k))
}

// wantText checks that the element sel shows each of texts.
func wantText(t *testing.T, ctx context.Context, sel string, texts ...string) {
	t.Helper()
	got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector(%q).innerText`, sel))
	for _, s := range texts {
		if !strings.Contains(got, s) {
			t.Errorf("%s does not show %q", sel, short(s))
		}
	}
}

// shownJS lists what a person or a screen reader meets on the page: text
// shown and the labels of elements (title, aria-label, placeholder, the
// reasons of disabled buttons, select options, SVG titles).
const shownJS = `(() => {
	const out = [];
	const vis = e => { const s = getComputedStyle(e); return s.display !== "none" && s.visibility !== "hidden" && e.getClientRects().length > 0; };
	const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = w.nextNode(); n; n = w.nextNode()) {
		const p = n.parentElement, s = n.nodeValue.trim();
		if (s && p && !["SCRIPT", "STYLE"].includes(p.tagName) && (vis(p) || p.closest("svg"))) out.push(s);
	}
	for (const e of document.querySelectorAll("[title],[aria-label],[placeholder],[data-reason]")) {
		for (const a of ["title", "aria-label", "placeholder", "data-reason"]) { const v = e.getAttribute(a); if (v) out.push(v.trim()); }
	}
	for (const o of document.querySelectorAll("option")) out.push(o.textContent.trim());
	return out;
})()`

// noEnglish fails on any English message shown on a screen in lang (see
// i18n.Leaks): names of players are data; the few words the same in every
// language (Tabula, 3:1 …) have the same message in every language and so
// are never counted.
func noEnglish(t *testing.T, ctx context.Context, lang i18n.Lang, screen string) {
	t.Helper()
	// A screen drawn by its own component may follow the language a
	// moment after the page's root: leaks must be gone within 5 s.
	bad := map[string]bool{}
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		shown := eval[[]string](t, ctx, shownJS)
		if len(shown) < 5 {
			t.Fatalf("%s %s: only %d texts on screen", lang, screen, len(shown))
		}
		clear(bad)
		for _, leak := range i18n.Leaks(lang, shown, "") {
			bad[leak] = true
		}
		if len(bad) == 0 || time.Now().After(end) {
			break
		}
	}
	for b := range bad {
		t.Errorf("%s %s screen shows English: %s", lang, screen, b)
	}
}

// finishedGames plays a Catan, a Burgundy, an Agricola and a Cities &
// Knights game between bots to the end
// natively and writes their game files, to import as a player would.
func finishedGames(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	dir := t.TempDir()
	for _, g := range []string{"catan", "burgundy", "agricola", ck.ID} {
		seats := []engine.SeatInfo{{Name: "Zé", Kind: table.BotGreedy}, {Name: "Ёжик", Kind: table.BotGreedy}, {Name: "Lua", Kind: table.BotGreedy}}
		tb, err := table.New(table.Config{Game: g, Seats: seats, Seed: 3}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !tb.Status().Over; i++ {
			if moved, err := tb.StepBot(); err != nil || !moved || i > 20000 {
				t.Fatalf("%s bots: %v %v after %d", g, moved, err, i)
			}
		}
		if _, ok := gameui.Lookup(g); !ok {
			t.Fatalf("no renderer for %s", g)
		}
		f := filepath.Join(dir, g+".json")
		if err := os.WriteFile(f, tb.Save(), 0o644); err != nil {
			t.Fatal(err)
		}
		out[g] = f
	}
	return out
}
