package i18n_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	_ "tabula/app/agricolaui"
	_ "tabula/app/burgundyui"
	_ "tabula/app/catanui"
	_ "tabula/app/catanui/citiesknights"
	_ "tabula/app/catanui/traders"
	"tabula/app/i18n"
	_ "tabula/app/netplay"
	_ "tabula/app/rules"
	_ "tabula/app/shell"
)

// forms are the plural forms a language must give a plural message.
var forms = map[i18n.Lang][]string{
	i18n.English:    {"one", "other"},
	i18n.Portuguese: {"one", "other"},
	i18n.Russian:    {"one", "few", "many"},
}

// pluralBase is id without its plural suffix, and the suffix.
// A plural message has a ".one" form in English.
func pluralBase(id string) (string, string, bool) {
	for _, f := range []string{"one", "few", "many", "other"} {
		if b, ok := strings.CutSuffix(id, "."+f); ok {
			if _, plural := i18n.Text(i18n.English, b+".one"); plural {
				return b, f, true
			}
		}
	}
	return id, "", false
}

// messages groups a language's ids: plain ids, and plural bases with
// their forms.
func messages(l i18n.Lang) (plain map[string]bool, plural map[string][]string) {
	plain, plural = map[string]bool{}, map[string][]string{}
	for _, id := range i18n.IDs(l) {
		if b, f, ok := pluralBase(id); ok {
			plural[b] = append(plural[b], f)
		} else {
			plain[id] = true
		}
	}
	return plain, plural
}

// Every language has every message of the English catalogue, with the
// plural forms its rule needs, and nothing else.
func TestEveryLanguageComplete(t *testing.T) {
	enPlain, enPlural := messages(i18n.English)
	if len(enPlain) < 500 {
		t.Fatalf("only %d English messages: the catalogue did not load", len(enPlain))
	}
	for _, l := range i18n.Languages {
		plain, plural := messages(l)
		for id := range enPlain {
			if !plain[id] {
				t.Errorf("%s: message %q missing", l, id)
			}
		}
		for id := range plain {
			if !enPlain[id] {
				t.Errorf("%s: message %q is not in English (misspelt or left over)", l, id)
			}
		}
		for b := range enPlural {
			have := strings.Join(plural[b], ",")
			for _, f := range forms[l] {
				if !strings.Contains(have, f) {
					t.Errorf("%s: plural message %q lacks form %q", l, b, f)
				}
			}
		}
		for b := range plural {
			if _, ok := enPlural[b]; !ok {
				t.Errorf("%s: plural message %q is not in English", l, b)
			}
		}
	}
}

var verb = regexp.MustCompile(`%(\[(\d+)\])?[-+# 0]*\d*(\.\d+)?([a-zA-Z%])`)

// verbs is the multiset of (argument, verb) a template uses.
func verbs(s string) string {
	var out []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(s, -1) {
		if m[4] == "%" {
			continue
		}
		arg := next
		if m[2] != "" {
			arg = int(m[2][0] - '0')
		}
		next = arg + 1
		out = append(out, string(rune('0'+arg))+m[4])
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

var digits = regexp.MustCompile(`\d+`)

// A translation takes the same arguments as the English message and
// states the same numbers: a rule's number cannot differ by language.
func TestTranslationsKeepArgumentsAndNumbers(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Russian} {
		for _, id := range i18n.IDs(l) {
			tr, _ := i18n.Text(l, id)
			en, ok := i18n.Text(i18n.English, id)
			if !ok {
				b, _, _ := pluralBase(id)
				en, ok = i18n.Text(i18n.English, b+".other")
			}
			if !ok {
				continue // reported by TestEveryLanguageComplete
			}
			if verbs(tr) != verbs(en) {
				t.Errorf("%s %q: arguments %q, English has %q", l, id, verbs(tr), verbs(en))
			}
			a, b := numbers(en), numbers(tr)
			if a != b {
				t.Errorf("%s %q: numbers %q, English has %q", l, id, b, a)
			}
		}
	}
}

func numbers(s string) string {
	s = verb.ReplaceAllString(s, "")
	ns := digits.FindAllString(s, -1)
	sort.Strings(ns)
	return strings.Join(ns, " ")
}

// Every message is used by some code: written whole as a string literal,
// as the base of a plural, or under a prefix the code joins a name to
// ("res."+name).
func TestEveryMessageUsed(t *testing.T) {
	lit := regexp.MustCompile(`"([a-z][\w.-]*)"`)
	prefix := regexp.MustCompile(`"([a-z][\w.-]*\.)"\s*\+`)
	used := map[string]bool{}
	var prefixes []string
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		base := filepath.Base(path)
		if strings.HasPrefix(base, "messages") || strings.HasPrefix(base, "rules_") || base == "en.go" || base == "ptbr.go" || base == "ru.go" {
			return nil // where messages are defined, not used
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range lit.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = true
		}
		for _, m := range prefix.FindAllStringSubmatch(string(b), -1) {
			prefixes = append(prefixes, m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The burgundy renderer takes the English tile help from the engine by
	// these ids (messages.go): used as the others.
	n := 0
	for _, id := range i18n.IDs(i18n.English) {
		b, _, _ := pluralBase(id)
		if used[id] || used[b] {
			n++
			continue
		}
		found := false
		for _, p := range prefixes {
			if strings.HasPrefix(id, p) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("message %q is not used by any code", id)
		}
	}
	if n < 300 {
		t.Fatalf("only %d messages found used literally: the scan is broken", n)
	}
}

func TestPluralRules(t *testing.T) {
	for _, c := range []struct {
		l    i18n.Lang
		n    int
		want string
	}{
		{i18n.English, 1, "one"}, {i18n.English, 0, "other"}, {i18n.English, 2, "other"},
		{i18n.Portuguese, 0, "one"}, {i18n.Portuguese, 1, "one"}, {i18n.Portuguese, 2, "other"},
		{i18n.Russian, 1, "one"}, {i18n.Russian, 21, "one"}, {i18n.Russian, 11, "many"},
		{i18n.Russian, 2, "few"}, {i18n.Russian, 24, "few"}, {i18n.Russian, 12, "many"},
		{i18n.Russian, 5, "many"}, {i18n.Russian, 0, "many"}, {i18n.Russian, 111, "many"},
	} {
		if got := i18n.PluralForm(c.l, c.n); got != c.want {
			t.Errorf("%s %d: %s, want %s", c.l, c.n, got, c.want)
		}
	}
	i18n.SetLang(i18n.Russian)
	defer i18n.SetLang(i18n.English)
	if got := i18n.N("catan.cards", 3); got != "3 карты" {
		t.Errorf("ru 3 cards: %q", got)
	}
	if got := i18n.N("catan.cards", 25); got != "25 карт" {
		t.Errorf("ru 25 cards: %q", got)
	}
}

func TestMatchBrowserLanguages(t *testing.T) {
	for _, c := range []struct {
		prefs []string
		want  i18n.Lang
	}{
		{[]string{"pt-BR", "en"}, i18n.Portuguese},
		{[]string{"pt-PT"}, i18n.Portuguese},
		{[]string{"ru-RU", "en"}, i18n.Russian},
		{[]string{"de-DE", "ru"}, i18n.Russian},
		{[]string{"de-DE"}, i18n.English},
		{nil, i18n.English},
	} {
		if got := i18n.Match(c.prefs...); got != c.want {
			t.Errorf("Match(%v) = %s, want %s", c.prefs, got, c.want)
		}
	}
}
