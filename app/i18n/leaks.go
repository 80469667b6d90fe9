package i18n

import (
	"regexp"
	"sort"
	"strings"
)

var verbRe = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// Leaks lists English messages (ids starting with prefix, "" for all)
// found in shown, the texts and labels of a screen in language l: a text
// equal to an English message that l words otherwise, or holding a long
// English message or a long fixed part of an English template. Each leak
// is reported as the text shown and the message id. Messages worded the
// same in both languages, and players' default names (data), never count.
// Tests of screens use it to prove a language is complete where it shows.
func Leaks(l Lang, shown []string, prefix string) []string {
	var out []string
	for _, id := range IDs(English) {
		if !strings.HasPrefix(id, prefix) || strings.HasPrefix(id, "new.defaultname.") {
			continue
		}
		en, _ := Text(English, id)
		tr, ok := Text(l, id)
		if !ok || tr == en {
			continue
		}
		var needles []string
		if !verbRe.MatchString(en) {
			needles = append(needles, en)
		} else {
			for _, f := range verbRe.Split(en, -1) {
				if f = strings.TrimSpace(f); len(f) >= 10 && !strings.Contains(tr, f) {
					needles = append(needles, f)
				}
			}
		}
		for _, s := range shown {
			for _, n := range needles {
				if s == n || len(n) >= 10 && strings.Contains(s, n) {
					out = append(out, s+" ("+id+")")
				}
			}
		}
	}
	sort.Strings(out)
	return out
}
