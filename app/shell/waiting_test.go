package shell

import (
	"testing"
	"time"

	"tabula/app/i18n"
)

// How long a turn-based game has waited, in each language's words and
// plural forms: nothing under a minute or when not known, then minutes,
// hours up to two days, then days.
func TestWaitedSaysHowLong(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	ago := func(d time.Duration) time.Time { return time.Now().Add(-d) }
	for _, c := range []struct {
		lang i18n.Lang
		at   time.Time
		want string
	}{
		{i18n.English, time.Time{}, ""},
		{i18n.English, ago(20 * time.Second), ""},
		{i18n.English, ago(time.Minute + time.Second), "1 minute"},
		{i18n.English, ago(5*time.Hour + time.Minute), "5 hours"},
		{i18n.English, ago(47 * time.Hour), "47 hours"},
		{i18n.English, ago(3*24*time.Hour + time.Hour), "3 days"},
		{i18n.Portuguese, ago(1*time.Hour + time.Minute), "1 hora"},
		{i18n.Portuguese, ago(3 * 24 * time.Hour), "3 dias"},
		{i18n.Russian, ago(21*time.Minute + time.Second), "21 минуту"},
		{i18n.Russian, ago(3 * 24 * time.Hour), "3 дня"},
		{i18n.Russian, ago(5 * time.Hour), "5 часов"},
	} {
		i18n.SetLang(c.lang)
		if got := waited(c.at); got != c.want {
			t.Errorf("%s, %v ago: %q, want %q", c.lang, time.Since(c.at).Round(time.Second), got, c.want)
		}
	}
}
