package catanui_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode"

	_ "tabula/app/burgundyui"
	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
)

// Two friends read one game each in their own language: the saved game
// holds no words, and the log is put into words at display time.
func TestOneGameReadInThreeLanguages(t *testing.T) {
	for _, game := range playable() {
		t.Run(game, func(t *testing.T) {
			defer i18n.SetLang(i18n.English)
			now := func() time.Time { return time.Unix(1700000000, 0) }
			seats := []engine.SeatInfo{{Name: "Ana", Kind: table.BotGreedy}, {Name: "Bruno", Kind: table.BotGreedy}, {Name: "Caio", Kind: table.BotGreedy}}
			tb, err := table.New(table.Config{Game: game, Seats: seats, Seed: 7}, now)
			if err != nil {
				t.Fatal(err)
			}
			e, _ := gameui.Lookup(game)
			tb.Narrate = e.New().Narrate
			for i := 0; i < 150; i++ {
				if moved, err := tb.StepBot(); err != nil || !moved {
					t.Fatalf("bot step %d: %v %v", i, moved, err)
				}
			}
			save := tb.Save()
			logs := map[i18n.Lang][]table.Line{}
			for _, l := range i18n.Languages {
				i18n.SetLang(l)
				logs[l] = append([]table.Line(nil), tb.Words(string(l))...)
				if !bytes.Equal(tb.Save(), save) {
					t.Fatalf("the save changed when the log was read in %s", l)
				}
			}
			if len(logs[i18n.English]) < 20 {
				t.Fatalf("only %d log lines", len(logs[i18n.English]))
			}
			for _, l := range i18n.Languages {
				if len(logs[l]) != len(logs[i18n.English]) {
					t.Fatalf("%s log has %d lines, English %d", l, len(logs[l]), len(logs[i18n.English]))
				}
			}
			cyr := func(s string) bool {
				return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0
			}
			diffPT := 0
			for i, en := range logs[i18n.English] {
				ru, pt := logs[i18n.Russian][i], logs[i18n.Portuguese][i]
				if en.Index != ru.Index || en.Seat != ru.Seat {
					t.Fatalf("line %d: the languages narrate different entries", i)
				}
				if cyr(en.Text) || !cyr(ru.Text) && strings.ContainsFunc(en.Text, unicode.IsLetter) && !onlyNames(en.Text) {
					t.Errorf("line %d: en %q / ru %q", i, en.Text, ru.Text)
				}
				if pt.Text != en.Text {
					diffPT++
				}
			}
			if diffPT < len(logs[i18n.English])/2 {
				t.Errorf("only %d of %d Portuguese lines differ from English", diffPT, len(logs[i18n.English]))
			}
			// The same file opened by a Russian reader narrates as above.
			i18n.SetLang(i18n.Russian)
			again, err := table.Load(save, now)
			if err != nil {
				t.Fatal(err)
			}
			again.Narrate = e.New().Narrate
			got := again.Words(string(i18n.Russian))
			if len(got) != len(logs[i18n.Russian]) || got[len(got)-1].Text != logs[i18n.Russian][len(got)-1].Text {
				t.Fatalf("reloaded ru log differs: %d lines", len(got))
			}
		})
	}
}

// onlyNames: a line made of player names, numbers and signs only.
func onlyNames(s string) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch w {
		case "Ana", "Bruno", "Caio":
		default:
			return false
		}
	}
	return true
}

// playable lists the games of the list that this build can play (their
// rules and renderer are linked in), test games aside.
func playable() []string {
	var ids []string
	for _, e := range gameui.All() {
		if e.Playable() && !strings.HasPrefix(e.ID, "test-") {
			ids = append(ids, e.ID)
		}
	}
	return ids
}
