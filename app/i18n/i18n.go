// Package i18n is Tabula's one message catalogue: every string the UI shows
// comes from here by id, so a language is added by adding one table.
//
// Messages are fmt templates (positional verbs like %s, %d, %[2]s).
// Plural messages have one id per plural form, suffixed ".one", ".few",
// ".many" or ".other"; N picks the form with the language's plural rule
// (English and Portuguese: one/other; Russian: one/few/many).
//
// Three languages ship: English, Portuguese (Brazil) and Russian. Every
// package that shows text keeps its messages beside its code, one map per
// language, each added from an init function:
//
//	messages.go       i18n.Add(i18n.English, …)
//	messages_ptbr.go  i18n.Add(i18n.Portuguese, …)   same ids
//	messages_ru.go    i18n.Add(i18n.Russian, …)      same ids
//
// The game terms each language uses (those of its published editions) are
// listed per game in docs/glossary.md; new messages reuse them. The test in
// this package fails on an id missing from a language, on an id no code
// uses, and on templates whose verbs differ between languages.
//
// A game's rules screen is made of messages too (ids "rules.<game>.…"),
// registered through package app/rules; see its documentation.
package i18n

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Lang is a BCP 47 language tag: "en", "pt-BR", "ru".
type Lang string

// Languages the catalogue knows about.
const (
	English    Lang = "en"
	Portuguese Lang = "pt-BR"
	Russian    Lang = "ru"
)

// Languages lists the shipped languages in the order the picker shows them.
var Languages = []Lang{English, Portuguese, Russian}

// Name is the language's name in itself, as a language picker shows it
// (the same in every language, so it is no message).
func (l Lang) Name() string {
	switch l {
	case English:
		return "English"
	case Portuguese:
		return "Português (Brasil)"
	case Russian:
		return "Русский"
	}
	return string(l)
}

// Known reports whether l is one of Languages.
func Known(l Lang) bool {
	for _, k := range Languages {
		if k == l {
			return true
		}
	}
	return false
}

var (
	mu       sync.RWMutex
	catalog  = map[Lang]map[string]string{}
	current  = English
	fallback = English
)

// Add registers messages for a language. A later Add overrides an id.
func Add(l Lang, msgs map[string]string) {
	mu.Lock()
	defer mu.Unlock()
	m := catalog[l]
	if m == nil {
		m = map[string]string{}
		catalog[l] = m
	}
	for k, v := range msgs {
		m[k] = v
	}
}

// SetLang chooses the language of T and N. An unknown language falls back to
// English message by message.
func SetLang(l Lang) {
	mu.Lock()
	current = l
	mu.Unlock()
}

// Current is the language in use.
func Current() Lang {
	mu.RLock()
	defer mu.RUnlock()
	return current
}

// Match picks the best known language for a browser language list
// ("pt-BR", "ru-RU", "en-US" …).
func Match(prefs ...string) Lang {
	for _, p := range prefs {
		for _, l := range Languages {
			if strings.EqualFold(string(l), p) {
				return l
			}
		}
		base, _, _ := strings.Cut(p, "-")
		for _, l := range Languages {
			lb, _, _ := strings.Cut(string(l), "-")
			if strings.EqualFold(lb, base) {
				return l
			}
		}
	}
	return English
}

func lookup(id string) (string, bool) {
	mu.RLock()
	defer mu.RUnlock()
	if s, ok := catalog[current][id]; ok {
		return s, true
	}
	s, ok := catalog[fallback][id]
	return s, ok
}

// Text is message id in language l exactly (no fallback, no arguments).
func Text(l Lang, id string) (string, bool) {
	mu.RLock()
	defer mu.RUnlock()
	s, ok := catalog[l][id]
	return s, ok
}

// Has reports whether id is in the catalogue (in English at least).
func Has(id string) bool {
	_, ok := lookup(id)
	return ok
}

// T returns message id filled with args. A missing id shows as "⟦id⟧" so it
// is noticed rather than hidden.
func T(id string, args ...any) string {
	s, ok := lookup(id)
	if !ok {
		return "⟦" + id + "⟧"
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// N returns the plural form of id for count n; args follow n in the template
// (so "%d cards" templates get n first).
func N(id string, n int, args ...any) string {
	form := PluralForm(Current(), n)
	all := append([]any{n}, args...)
	if Has(id + "." + form) {
		return T(id+"."+form, all...)
	}
	return T(id+".other", all...)
}

// PluralForm is the CLDR plural category of n in language l (cardinal,
// integers only).
func PluralForm(l Lang, n int) string {
	if n < 0 {
		n = -n
	}
	switch l {
	case Russian:
		switch {
		case n%10 == 1 && n%100 != 11:
			return "one"
		case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
			return "few"
		default:
			return "many"
		}
	case Portuguese:
		if n == 0 || n == 1 {
			return "one"
		}
		return "other"
	default:
		if n == 1 {
			return "one"
		}
		return "other"
	}
}

// IDs lists the ids known in language l, sorted (for catalogue tests).
func IDs(l Lang) []string {
	mu.RLock()
	defer mu.RUnlock()
	ids := make([]string, 0, len(catalog[l]))
	for id := range catalog[l] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
