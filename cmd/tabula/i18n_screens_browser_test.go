//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/burgundy"
	"tabula/engine/catan"
	"tabula/engine/rng"
)

// The screens a player meets only in some positions (Catan's trade,
// discard, robber and card choices; Burgundy's follow-up decisions) are
// reached in the languages test by importing game files made here: bots
// play natively until seat 0, a person in the file, is due to decide there.

// due says whether seat 0 is due at a wanted screen in s.
type due func(s engine.State) bool

// steer may choose the action of seat in m instead of its bot (nil: the
// bot's choice).
type steer func(m *engine.Match, seat engine.Seat) engine.Action

// positionsOf plays games of g between greedy bots, chance seeded (or
// from deal, which sees the match), and writes a game file at the first
// state where each of wants holds, seat 0 a person there. It tries the
// seeds from seed on until every want is met, a few games at most.
func positionsOf(t *testing.T, g engine.Game, players int, seed uint64, deal *dealer, drive steer, seek int, wants map[string]due) map[string]string {
	t.Helper()
	out := map[string]string{}
	dir := t.TempDir()
	for s := seed; s < seed+8 && len(out) < len(wants); s++ {
		playTo(t, g, players, s, deal, drive, seek, wants, dir, out)
	}
	if len(out) < len(wants) {
		var missing []string
		for n := range wants {
			if out[n] == "" {
				missing = append(missing, n)
			}
		}
		sort.Strings(missing)
		t.Fatalf("%s: in 8 games from seed %d seat 0 was never due at %v", g.ID(), seed, missing)
	}
	return out
}

// playTo plays one game for positionsOf, adding the files it writes to
// out.
func playTo(t *testing.T, g engine.Game, players int, seed uint64, deal *dealer, drive steer, seek int, wants map[string]due, dir string, out map[string]string) {
	t.Helper()
	var src engine.ChanceSource = rng.Seeded{Seed: seed}
	if deal != nil {
		deal.seeded = rng.Seeded{Seed: seed}
		src = deal
	}
	m, err := engine.NewMatch(g, engine.Setup{Game: g.ID(), Players: players}, src)
	if err != nil {
		t.Fatal(err)
	}
	if deal != nil {
		deal.m = m
	}
	seats := []engine.SeatInfo{{Name: "Zé", Kind: table.Human}}
	bots := []bot.Bot{bot.NewGreedy(seed)}
	for p := 1; p < players; p++ {
		seats = append(seats, engine.SeatInfo{Name: []string{"Ёжик", "Lua", "Мила"}[p-1], Kind: table.BotGreedy})
		bots = append(bots, bot.NewGreedy(seed+uint64(p)))
	}
	names := make([]string, 0, len(wants))
	for n := range wants {
		names = append(names, n)
	}
	sort.Strings(names)
	for step := 0; len(out) < len(wants); step++ {
		for _, n := range names {
			if _, ok := out[n]; !ok && wants[n](m.State) {
				f := filepath.Join(dir, g.ID()+"-"+n+".json")
				save := engine.NewSave(m, seats, engine.ChanceInfo{Seed: &seed}, map[string]string{"id": g.ID() + "-" + n})
				if err := os.WriteFile(f, save.Encode(), 0o644); err != nil {
					t.Fatal(err)
				}
				out[n] = f
			}
		}
		st := m.State.Status()
		if st.Over || len(st.Deciders) == 0 || step > 20000 {
			return
		}
		seat := st.Deciders[0]
		var a engine.Action
		if drive != nil {
			a = drive(m, seat)
		}
		if a == nil && seat == 0 && seek > 0 {
			a = toward(m.State, seek, func(s engine.State) bool {
				for _, n := range names {
					if out[n] == "" && wants[n](s) {
						return true
					}
				}
				return false
			})
		}
		if a == nil {
			a = bots[seat].Choose(m.State, seat)
		}
		if err := m.Do(seat, a); err != nil {
			t.Fatalf("%s seed %d step %d: seat %d %v: %v", g.ID(), seed, step, seat, a, err)
		}
	}
}

// toward is seat 0's first legal action from which it can reach a state
// where want holds in at most depth of its own actions, or nil.
func toward(s engine.State, depth int, want func(engine.State) bool) engine.Action {
	for _, a := range s.Legal(0) {
		c := s.Clone()
		if c.Apply(0, a) != nil {
			continue
		}
		if want(c) || depth > 1 && toward(c, depth-1, want) != nil {
			return a
		}
	}
	return nil
}

// legalCatan lists seat's legal Catan actions of type k.
func legalCatan(s engine.State, seat engine.Seat, k catan.ActionType) []catan.Action {
	var out []catan.Action
	for _, a := range s.Legal(seat) {
		if ca, ok := a.(catan.Action); ok && ca.Type == k {
			out = append(out, ca)
		}
	}
	return out
}

// seat0May: seat 0 may now take each of the action types ks.
func seat0May(ks ...catan.ActionType) due {
	return func(s engine.State) bool {
		for _, k := range ks {
			if len(legalCatan(s, 0, k)) == 0 {
				return false
			}
		}
		return true
	}
}

// dealer is seeded chance, except that deal (when it answers) may pick an
// outcome knowing the match.
type dealer struct {
	m      *engine.Match
	seeded rng.Seeded
	deal   func(m *engine.Match, req engine.ChanceRequest) engine.Outcome
}

func (d *dealer) Outcome(k int, req engine.ChanceRequest) engine.Outcome {
	if d.m != nil {
		if o := d.deal(d.m, req); o != nil {
			return o
		}
	}
	return d.seeded.Outcome(k, req)
}

// seat0Cards are the development cards seat 0 is dealt, one of each.
var seat0Cards = []catan.DevCard{catan.YearOfPlenty, catan.Monopoly, catan.RoadBuilding}

// catanDeal deals seat 0 the seat0Cards it lacks when it buys development
// cards (cards counted in kind order, see engine/catan), and rolls a 7 on
// its turn when its hand is over the limit.
func catanDeal(m *engine.Match, req engine.ChanceRequest) engine.Outcome {
	s := m.State.(*catan.State)
	if req.Kind == "dice" && s.Active == 0 && s.Hand[0].Total() > 7 {
		return engine.Outcome{2, 3}
	}
	if req.Kind != "draw" || s.Active != 0 {
		return nil
	}
	for _, want := range seat0Cards {
		if s.Dev[0][want] == 0 && s.Deck[want] > 0 {
			i := 0
			for c := catan.DevCard(0); c < want; c++ {
				i += int(s.Deck[c])
			}
			return engine.Outcome{i}
		}
	}
	return nil
}

// catanScreens writes Catan game files (3 players, seat 0 a person) where
// seat 0 is due at each of the choosers: the trade panels (its own
// offer, the bank, an offer to answer, answers to confirm), the 7 (a
// discard, the robber, the victim), Year of Plenty and Monopoly, and
// Road Building's free roads.
func catanScreens(t *testing.T) map[string]string {
	t.Helper()
	proposed := map[int]bool{} // turns with an offer steered
	drive := func(m *engine.Match, seat engine.Seat) engine.Action {
		s := m.State.(*catan.State)
		switch {
		case seat == 0 && (s.Dev[0][catan.YearOfPlenty] == 0 || s.Dev[0][catan.Monopoly] == 0 || s.Dev[0][catan.RoadBuilding] == 0) &&
			len(legalCatan(m.State, 0, catan.ActBuyDevelopment)) > 0:
			return legalCatan(m.State, 0, catan.ActBuyDevelopment)[0]
		case seat == 0 && s.Dev[0][catan.YearOfPlenty] > 0:
			// Keep Year of Plenty and Monopoly to show their choices; play
			// Road Building once both may be played (that position is
			// written before this move).
			if seat0May(catan.ActPlayYearOfPlenty, catan.ActPlayMonopoly, catan.ActPlayRoadBuilding)(m.State) {
				return legalCatan(m.State, 0, catan.ActPlayRoadBuilding)[0]
			}
			for _, k := range []catan.ActionType{catan.ActEndTurn, catan.ActRoll} {
				if l := legalCatan(m.State, 0, k); len(l) > 0 {
					return l[0]
				}
			}
		case s.Active == 1 && seat == 1 && !proposed[s.Turn]:
			if l := legalCatan(m.State, 1, catan.ActProposeTrade); len(l) > 0 {
				proposed[s.Turn] = true
				return l[0]
			}
		case s.Active == 0 && seat == 0 && !proposed[s.Turn]:
			if l := legalCatan(m.State, 0, catan.ActProposeTrade); len(l) > 0 {
				proposed[s.Turn] = true
				return l[0]
			}
		case s.Active == 0 && seat != 0:
			if l := legalCatan(m.State, seat, catan.ActAcceptTrade); len(l) > 0 {
				return l[0]
			}
		}
		return nil
	}
	wants := map[string]due{
		"trade":   seat0May(catan.ActMaritimeTrade, catan.ActProposeTrade),
		"cards":   seat0May(catan.ActPlayYearOfPlenty, catan.ActPlayMonopoly),
		"answer":  seat0May(catan.ActRejectTrade, catan.ActCounterTrade),
		"confirm": seat0May(catan.ActConfirmTrade),
		"discard": seat0May(catan.ActDiscard),
		"robber":  seat0May(catan.ActMoveRobber),
		"rob":     seat0May(catan.ActRob),
		"free-road": func(st engine.State) bool {
			return st.(*catan.State).Phase == catan.PhaseRoadBuilding && seat0May(catan.ActBuildRoad)(st)
		},
	}
	return positionsOf(t, catan.Game{}, 3, 4, &dealer{deal: catanDeal}, drive, 0, wants)
}

// burgundyScreens writes Burgundy game files (2 players) where seat 0 is
// due at each follow-up decision. Seat 0 steers toward placing knowledge
// tile 5 (whose follow-up, the second depot of a ship, needs it) and
// otherwise looks two of its actions ahead for a follow-up not yet met.
func burgundyScreens(t *testing.T) map[string]string {
	t.Helper()
	owns5 := func(st engine.State) bool {
		for _, id := range st.(*burgundy.State).Seats[0].Estate {
			if id != 0 && burgundy.Tile(id).Knowledge == 5 {
				return true
			}
		}
		return false
	}
	drive := func(m *engine.Match, seat engine.Seat) engine.Action {
		if seat != 0 || owns5(m.State) {
			return nil
		}
		return toward(m.State, 2, owns5)
	}
	wants := map[string]due{}
	for _, k := range []string{burgundy.FrameCastle, burgundy.FrameWarehouse, burgundy.FrameCarpenter,
		burgundy.FrameChurch, burgundy.FrameMarket, burgundy.FrameCityHall, burgundy.FrameShip,
		burgundy.FrameShipAdjacent, burgundy.FrameShipGoods, burgundy.FrameDiscard} {
		k := k
		wants[k] = func(st engine.State) bool {
			s := st.(*burgundy.State)
			n := len(s.Pending)
			return n > 0 && s.Pending[n-1].Seat == 0 && s.Pending[n-1].Kind == k
		}
	}
	return positionsOf(t, burgundy.Game{}, 2, 5, nil, drive, 2, wants)
}

// screensLanguages imports each position of catanScreens and
// burgundyScreens, opens the panel the position is due at, and checks
// that no English shows in each of langs (switched on the open screen:
// an import costs more than a switch). It ends in the last of langs.
func screensLanguages(t *testing.T, ctx context.Context, dir string, langs []i18n.Lang, catanFiles, burgundyFiles map[string]string) {
	t.Helper()
	load := func(file, ready string) {
		t.Helper()
		waitJS(t, ctx, `document.querySelector("#import-file")`, 5*time.Second)
		if err := chromedp.Do(ctx, chromedp.SetUploadFiles("#import-file", []string{file})); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, ready, 10*time.Second)
	}
	// No screenshots here: each costs half a second (shot waits for
	// animations), and these screens are many; TABULA_SCREEN_SHOTS=1 takes them.
	shots := os.Getenv("TABULA_SCREEN_SHOTS") != ""
	// check switches to each language and checks the screen, after open
	// (if any) has opened its panel: a switch may draw the table afresh,
	// closing a panel.
	check := func(screen string, open func()) {
		t.Helper()
		for _, lang := range langs {
			useLang(t, ctx, lang)
			i18n.SetLang(lang)
			if open != nil {
				open()
			}
			noEnglish(t, ctx, lang, screen)
			if shots {
				shot(t, ctx, dir, "lang-"+string(lang)+"-"+strings.ReplaceAll(screen, " ", "-"))
			}
		}
	}
	// panel opens a panel with button unless it is open.
	panel := func(button, panel string) {
		t.Helper()
		if !exists(t, ctx, panel) {
			click(t, ctx, button)
		}
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q)`, panel), 5*time.Second)
	}
	// prompt: the prompt shows message id (up to its first argument).
	prompt := func(id string) string {
		text, _ := i18n.Text(i18n.Current(), id)
		text, _, _ = strings.Cut(text, "%")
		return fmt.Sprintf(`document.querySelector("#prompt") && document.querySelector("#prompt").textContent.startsWith(%q)`, text)
	}
	// Trade: the offer being composed (empty, then one card each way), the
	// bank (a card to give chosen).
	load(catanFiles["trade"], `document.querySelector("#trade-offer:not([disabled])") && document.querySelector("#trade-bank:not([disabled])")`)
	check("catan offer", func() { panel("#trade-offer", "#offer-panel") })
	check("catan offer composed", func() {
		panel("#trade-offer", "#offer-panel")
		if !enabled(t, ctx, "#offer-send") {
			click(t, ctx, `#offer-panel [id^="offer-give-plus-"]:not([disabled])`)
			click(t, ctx, `#offer-panel [id^="offer-get-plus-"]:not([disabled])`)
			waitJS(t, ctx, `document.querySelector("#offer-send:not([disabled])")`, 5*time.Second)
		}
	})
	// A switch keeps the offer being composed (the players' half-made
	// choice), open and valid, in the new language.
	useLang(t, ctx, langs[0])
	i18n.SetLang(langs[0])
	waitJS(t, ctx, `document.querySelector("#offer-panel") && document.querySelector("#offer-send:not([disabled])")`, 5*time.Second)
	check("catan bank trade", func() {
		panel("#trade-bank", "#bank-panel")
		if !exists(t, ctx, `#bank-panel [id^="bank-get-"]`) {
			click(t, ctx, `#bank-panel [id^="bank-give-"]`)
			waitJS(t, ctx, `document.querySelector("#bank-panel [id^='bank-get-']")`, 5*time.Second)
		}
	})
	click(t, ctx, "#home")
	// Year of Plenty and Monopoly.
	load(catanFiles["cards"], `document.querySelector("#play-year-of-plenty:not([disabled])") && document.querySelector("#play-monopoly:not([disabled])")`)
	check("catan year of plenty", func() { panel("#play-year-of-plenty", "#yop-panel") })
	check("catan monopoly", func() { panel("#play-monopoly", "#mono-panel") })
	click(t, ctx, "#home")
	// An offer to answer, and the counter-offer.
	load(catanFiles["answer"], `document.querySelector("#answer-panel #counter")`)
	check("catan answer", nil)
	check("catan counter-offer", func() { panel("#counter", "#counter-panel") })
	click(t, ctx, "#home")
	// Screens the position alone opens: answers to confirm; the 7 (a
	// discard, the robber, the victim); Road Building's free roads.
	for _, x := range []struct{ file, ready, screen string }{
		{"confirm", `document.querySelector("#confirm-panel [id^='confirm-']")`, "catan confirm"},
		{"discard", `document.querySelector("#discard-panel")`, "catan discard"},
		{"robber", prompt("catan.pick.robber"), "catan robber"},
		{"rob", `document.querySelector("#rob-panel [id^='rob-']")`, "catan rob"},
		{"free-road", prompt("catan.pick.free"), "catan free road"},
	} {
		load(catanFiles[x.file], x.ready)
		check(x.screen, nil)
		click(t, ctx, "#home")
	}
	// Burgundy's follow-up decisions.
	kinds := make([]string, 0, len(burgundyFiles))
	for k := range burgundyFiles {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		load(burgundyFiles[k], prompt("burgundy.frame."+k))
		check("burgundy "+k, nil)
		click(t, ctx, "#home")
	}
}

// networkLanguages checks the network screens in Portuguese and Russian in
// the browser of bctx (which must allow loopback WebRTC): a host's invite
// (link, QR, reply box), a guest's join screen with its reply code, and
// the network table of both with its connection panel.
func networkLanguages(t *testing.T, bctx context.Context, origin, dir string) {
	t.Helper()
	defer i18n.SetLang(i18n.English)
	host := newPage(t, bctx, "host", origin)
	defer host.stop()
	guest := newPage(t, bctx, "guest", origin)
	defer guest.stop()
	check := func(p *page, screen, ready string) {
		t.Helper()
		for _, lang := range []i18n.Lang{i18n.Russian, i18n.Portuguese} {
			useLang(t, p.ctx, lang)
			i18n.SetLang(lang)
			p.wait(ready, 5*time.Second)
			noEnglish(t, p.ctx, lang, screen)
			if lang == i18n.Russian {
				p.shot(dir, "lang-"+string(lang)+"-"+strings.ReplaceAll(screen, " ", "-"))
			}
		}
	}
	host.openLobby(origin)
	host.host("me", "friend", "bot:greedy")
	link := host.inviteLink(1)
	check(host, "network invite", `document.querySelector("#invite-1") && document.querySelector(".net-qr svg") && document.querySelector("#reply-1")`)
	reply := guest.joinLink(origin, link)
	check(guest, "network join", `document.querySelector("#reply-code")`)
	host.paste(1, reply)
	for _, p := range []*page{host, guest} {
		p.wait(`document.getElementById("net").dataset.view === "table" && document.querySelector("#board svg")`, netWait)
		check(p, "network table "+p.name, `document.querySelector("#net-panel") && document.querySelector("#prompt, #turn")`)
	}
}

// loaderWatchJS runs in each new document before the page's scripts and
// records every text the loader's label shows, marked " [veiled]" while
// the page is marked for another language than English (the veil then
// hides the label until the loader's own words show: web/tabula.css).
const loaderWatchJS = `(() => {
	const seen = window.tabulaLoaderSeen = [];
	new MutationObserver(() => {
		const l = document.getElementById("app-wasm-loader-label");
		if (!l || !l.textContent) return;
		const veiled = document.documentElement.classList.contains("tabula-l10n") && !l.parentElement.classList.contains("loading");
		const s = l.textContent + (veiled ? " [veiled]" : "");
		if (seen[seen.length - 1] !== s) seen.push(s);
	}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
})()`

// loaderSpoke checks, once the app runs, that the loader's label spoke
// lang (its words from the catalogue) from the moment its script ran: the
// only text before is the one in the page's HTML, which is English, and
// it was veiled from the start.
func loaderSpoke(t *testing.T, ctx context.Context, lang i18n.Lang, visit string) {
	t.Helper()
	seen := eval[[]string](t, ctx, `window.tabulaLoaderSeen || []`)
	word := func(l i18n.Lang) string {
		s, _ := i18n.Text(l, "loader.loading")
		return strings.TrimSpace(s[:strings.Index(s, "%d")])
	}
	ours := -1
	for i, s := range seen {
		if strings.HasPrefix(s, word(lang)) && ours < 0 {
			ours = i
		}
		if ours >= 0 && !strings.HasPrefix(s, word(lang)) {
			t.Errorf("%s: the loader said %q after %q", visit, s, seen[ours])
		}
	}
	if ours < 0 {
		t.Errorf("%s: the loader never spoke %s: %q", visit, lang, seen)
	}
	for _, s := range seen[:max(ours, 0)] {
		if !strings.HasSuffix(s, " [veiled]") {
			t.Errorf("%s: the loader showed %q before its own words", visit, s)
		}
	}
	if len(seen) > 0 {
		fmt.Fprintf(os.Stderr, "browser languages test: %s, the loader said %q … %q (%d texts)\n", visit, seen[:min(2, len(seen))], seen[len(seen)-1], len(seen))
	}
}
