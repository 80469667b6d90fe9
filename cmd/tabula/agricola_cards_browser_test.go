//go:build !js

package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
)

// TestBrowserAgricolaCards plays the card game (the default) in headless
// Chromium: seat 0, a person against a random bot, plays an occupation on
// Lessons and a minor improvement on the Meeting Place by clicks on the
// cards of its hand, answering whatever the cards ask through the dock's
// buttons. Checked against the engine: the cards are in front of seat 0
// (a traveling minor in the neighbour's hand), the page shows them as
// played, the hand's cards show their full text (their “i” button), and the bot's hand is
// not on the page.
func TestBrowserAgricolaCards(t *testing.T) {
	ctx, _, dir, _ := openSite(t, startServer)
	if !exists(t, ctx, "#new-agricola") {
		t.Fatal("home screen has no Agricola new-game button (run make wasm)")
	}
	t0 := time.Now()
	newAgricolaGame(t, ctx, agricola.CardsAB, 2, "human", "bot:random", "23")
	waitJS(t, ctx, `document.querySelector("#board .ag-acts") && document.querySelector("#hand")`, 10*time.Second)
	p := &agricolaPlayer{t: t, ctx: ctx, dir: dir}
	var occupation, minor string
	for step := 0; step < 300 && (occupation == "" || minor == ""); step++ {
		waitIdle(t, ctx)
		s := settled(t, ctx)
		if s.Over {
			t.Fatal("the game ended first")
		}
		if st := s.Status(); st.Chance != nil || len(st.Deciders) == 0 || st.Deciders[0] != 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		opts := s.Options(0)
		d := s.ViewOf(0).Decision
		switch {
		case d == nil:
			p.placeFor(s, opts, occupation == "", minor == "")
		case d.Kind == agricola.FrameMenu && d.Ops&(agricola.OpOccupation|agricola.OpMinor) != 0:
			id := cardToPlay(s, opts)
			if id == "" {
				p.other(s, d)
				continue
			}
			if !exists(t, ctx, "#text-"+id) {
				click(t, ctx, "#info-"+id)
				waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#text-%s")`, id), 3*time.Second)
			}
			if !strings.Contains(eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#hand [data-card=%q] #text-%s').textContent`, id, id)), i18n.T("agricola.cardtext."+id)) {
				t.Fatalf("card %s in hand without its text", id)
			}
			shot(t, ctx, dir, "ag-cards-01-hand")
			act(t, ctx, "#act-play-"+id)
			if exists(t, ctx, "#chooser") {
				act(t, ctx, "#choice-0")
			}
			if agricola.CardByID(id).Kind == agricola.OccupationCard {
				occupation = id
			} else {
				minor = id
			}
			after := settled(t, ctx)
			if c := agricola.CardByID(id); !after.Has(0, id) && !(c.Traveling && slices.Contains(after.Seats[1].Hand, id)) {
				t.Fatalf("clicked to play %s; in front of seat 0: %v", id, after.Seats[0].Cards)
			}
		case d.Kind == agricola.FrameCard:
			act(t, ctx, "#panel-cardact button")
		case d.Kind == agricola.FrameAnimals:
			p.animals(s)
		default:
			p.other(s, d)
		}
	}
	if occupation == "" || minor == "" {
		t.Fatalf("played occupation %q and minor %q", occupation, minor)
	}
	waitIdle(t, ctx)
	s := settled(t, ctx)
	for _, id := range []string{occupation, minor} {
		if s.Has(0, id) && !exists(t, ctx, fmt.Sprintf(`#played [data-card=%q]`, id)) {
			t.Errorf("%s not shown as played", id)
		}
	}
	page := eval[string](t, ctx, `document.body.innerHTML`)
	for _, id := range s.Seats[1].Hand {
		if strings.Contains(page, fmt.Sprintf(`data-card="%s"`, id)) && !s.Has(0, id) && !slices.Contains(s.Seats[0].Hand, id) {
			t.Errorf("the bot's %s is on seat 0's page", id)
		}
	}
	shot(t, ctx, dir, "ag-cards-02-played")
	fmt.Fprintf(os.Stderr, "agricola cards browser: occupation %s and minor %s played by clicks in %v\n",
		occupation, minor, time.Since(t0).Round(time.Millisecond))
}

// cardToPlay is the card of hand seat 0 plays in a menu: the first
// occupation offered, else the first minor (a traveling one last).
func cardToPlay(s *agricola.State, opts []agricola.Action) string {
	var last string
	for _, a := range opts {
		if a.Name != agricola.ActOccupation && a.Name != agricola.ActMinor {
			continue
		}
		if c := agricola.CardByID(a.Card); c.Traveling {
			last = a.Card
			continue
		}
		return a.Card
	}
	return last
}

// placeFor places seat 0's person: Lessons while an occupation is to be
// played, the Meeting Place when a minor of the hand is playable there,
// else a space that brings goods (the first lit one at worst).
func (p *agricolaPlayer) placeFor(s *agricola.State, opts []agricola.Action, wantOcc, wantMinor bool) {
	usable := map[string]bool{}
	for _, a := range opts {
		if a.Name == agricola.ActPlace {
			usable[a.Space] = true
		}
	}
	var want []string
	if wantOcc {
		want = append(want, "lessons")
	}
	if wantMinor && minorPlayable(s) {
		want = append(want, "meeting-place")
	}
	want = append(want, "forest", "day-laborer", "clay-pit", "reed-bank", "fishing", "grain-seeds")
	for _, id := range want {
		if usable[id] {
			act(p.t, p.ctx, fmt.Sprintf(`#board .ag-sp.spot[data-space=%q]`, id))
			return
		}
	}
	for _, a := range opts {
		if a.Name == agricola.ActPlace {
			act(p.t, p.ctx, fmt.Sprintf(`#board .ag-sp.spot[data-space=%q]`, a.Space))
			return
		}
	}
	p.t.Fatalf("nothing to place on: %v", opts)
}

// minorPlayable reports whether a minor of seat 0's hand could be played
// now: prerequisite met and a price it can pay.
func minorPlayable(s *agricola.State) bool {
	for _, id := range s.Seats[0].Hand {
		c := agricola.CardByID(id)
		if c == nil || c.Kind != agricola.MinorCard || (c.Prereq != nil && c.Prereq(s, 0) != nil) {
			continue
		}
		for _, pr := range s.Cost(0, agricola.Purchase{What: agricola.OpMinor, Via: "meeting-place", Card: id}) {
			if s.Seats[0].Goods.Covers(pr.Goods) {
				return true
			}
		}
	}
	return false
}

var _ = engine.Seat(0)
