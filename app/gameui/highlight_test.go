package gameui

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/rng"
)

// A Catan game of four, the person in seat 0 and bots in the others: the
// highlight starts at the state before the first bot move after the
// person's, keeps it while bots go on, ends when the person acts, when
// End comes with no bot move since, when the log goes back, and never
// exists without a person at the table.
func TestHighlightFollowsBots(t *testing.T) {
	g, err := engine.Lookup("catan")
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.NewMatch(g, engine.Setup{Game: "catan", Players: 4}, rng.Seeded{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	bot := func(s engine.Seat) bool { return s != 0 }
	// play makes the decider's first legal move and reports whose it was.
	play := func() engine.Seat {
		t.Helper()
		d := m.State.Status().Deciders[0]
		if err := m.Do(d, m.State.Legal(d)[0]); err != nil {
			t.Fatal(err)
		}
		return d
	}
	var h Highlight
	if _, moved := h.Note(m, bot, true); moved || h.Before() != nil {
		t.Fatal("a table just opened is highlighted")
	}
	// The person founds their settlement and road: nothing is marked.
	for m.State.Status().Deciders[0] == 0 {
		play()
		if _, moved := h.Note(m, bot, true); moved || h.Before() != nil {
			t.Fatal("the person's own move is marked")
		}
	}
	start := engine.HashHex(m.State)
	if s := play(); s != 1 {
		t.Fatalf("seat %d moved, want the bot of seat 1", s)
	}
	first, moved := h.Note(m, bot, true)
	if !moved || h.Before() == nil || engine.HashHex(h.Before()) != start {
		t.Fatal("a bot's move does not mark what changed from the state before it")
	}
	play() // the same bot's road, in another call
	second, moved := h.Note(m, bot, true)
	if !moved || engine.HashHex(h.Before()) != start {
		t.Fatal("a second bot move does not keep the state before the first")
	}
	if h.End(first) || h.Before() == nil {
		t.Fatal("the highlight ended while a later bot move is on show")
	}
	if !h.End(second) || h.Before() != nil {
		t.Fatal("the highlight did not end after the last bot move")
	}
	if !h.End(second) {
		t.Fatal("the marks of an ended highlight are not to come off the page")
	}
	// Bots until the person is to act again, noted in one go (a network
	// batch): the state before the first of them is kept.
	start = engine.HashHex(m.State)
	for m.State.Status().Deciders[0] != 0 {
		play()
	}
	if _, moved := h.Note(m, bot, true); !moved || engine.HashHex(h.Before()) != start {
		t.Fatal("a batch of bot moves is not marked from the state before it")
	}
	// The person's move ends it, even in the same batch as a bot's.
	play()
	if _, moved := h.Note(m, bot, true); moved || h.Before() != nil {
		t.Fatal("the person's move left the bots' marks on")
	}
	for m.State.Status().Deciders[0] == 0 {
		play()
	}
	play() // a bot
	if _, moved := h.Note(m, bot, true); !moved {
		t.Fatal("no bot move noted")
	}
	if err := m.Rewind(len(m.Entries) - 1); err != nil {
		t.Fatal(err)
	}
	if _, moved := h.Note(m, bot, true); moved || h.Before() != nil {
		t.Fatal("marks stayed after the log went back")
	}
	play()
	if _, moved := h.Note(m, bot, false); moved || h.Before() != nil || h.seen != nil {
		t.Fatal("a table without a person is highlighted (or copied)")
	}
}

func TestMarkSVG(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<g class="x"><path/></g>`, `<g data-botmove="1" class="x"><path/></g>`},
		{`<g>a</g>`, `<g data-botmove="1">a</g>`},
		{`<path/>`, `<path data-botmove="1"/>`},
		{`text`, `text`},
	} {
		if got := MarkSVG(c.in, true); got != c.want {
			t.Errorf("MarkSVG(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := MarkSVG(c.in, false); got != c.in {
			t.Errorf("MarkSVG(%q, false) = %q", c.in, got)
		}
	}
}

// A board whose bots' marks end keeps its markup (ClearMarks takes them
// off the page): no redraw replaces its elements under a click.
func TestSteadyKeepsMarkupWhenMarksEnd(t *testing.T) {
	var s Steady
	marked := `<g class="road"` + BotMark + `></g>`
	if got := s.Keep(marked); got != marked {
		t.Fatalf("first drawing %q", got)
	}
	if got := s.Keep(`<g class="road"></g>`); got != marked {
		t.Fatalf("the marks' end drew %q", got)
	}
	if got := s.Keep(`<g class="road"></g><g class="road"></g>`); got != `<g class="road"></g><g class="road"></g>` {
		t.Fatalf("a change drew %q", got)
	}
}

// The highlight names the chance that followed the bots' moves: a bot's
// roll is "dice" (a renderer marks the dice by it), and a person's move or
// the end of the highlight forgets it.
func TestHighlightNamesChance(t *testing.T) {
	g, err := engine.Lookup("catan")
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.NewMatch(g, engine.Setup{Game: "catan", Players: 3}, rng.Seeded{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	bot := func(s engine.Seat) bool { return s != 0 }
	var h Highlight
	h.Note(m, bot, true)
	// Play first moves until a bot is to roll.
	for {
		s := m.State.(*catan.State)
		d := m.State.Status().Deciders[0]
		if d != 0 && s.Phase == catan.PhaseRoll {
			break
		}
		if err := m.Do(d, m.State.Legal(d)[0]); err != nil {
			t.Fatal(err)
		}
		h.Note(m, bot, true)
		if d == 0 && h.Chances() != nil {
			t.Fatalf("chance %v named after the person's move", h.Chances())
		}
	}
	if err := m.Do(m.State.Status().Deciders[0], catan.Roll()); err != nil {
		t.Fatal(err)
	}
	gen, moved := h.Note(m, bot, true)
	if got := h.Chances(); !moved || len(got) == 0 || got[0] != "dice" {
		t.Fatalf("a bot's roll: chances %v, want dice first", got)
	}
	if !h.End(gen) || h.Chances() != nil {
		t.Fatalf("chances %v kept after the highlight ended", h.Chances())
	}
}
