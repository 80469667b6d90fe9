package timelock

import (
	"crypto/sha256"
	"flag"
	"math"
	"testing"
)

var rolls = flag.Int("timelock.rolls", 200, "rolls of the strategic-withholder measurement (10000 for the figure in docs/p2p.md)")

// The seeds are fixed, so the test's outcome is too: 200 rolls keep the
// old rule's mean (≈ 4.4) four standard errors above 3.5 + 4 standard
// errors, and the time lock's within them.

// A strategic withholder opens last, so it knows the die before deciding;
// it withholds whenever the die is below the mean (1, 2 or 3). Under the
// old rule (the others settle the roll from their own contributions) that
// pays; with the time lock the honest seats force the same round open and
// the die is the one its opening would have made. Measured for 2 seats, 3
// seats, and a colluding pair of 4 (both withhold together).
func TestStrategicWithholderGainsNothing(t *testing.T) {
	p := small()
	for _, c := range []struct {
		name     string
		seats    int
		withheld []int
	}{
		{"2 seats", 2, []int{1}},
		{"3 seats", 3, []int{2}},
		{"colluding pair of 4", 4, []int{2, 3}},
	} {
		var before, after, sq float64
		forced := 0
		for r := 0; r < *rolls; r++ {
			cs, as := commitAll(p, c.seats, r)
			omega, err := p.Output(cs, as, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := die(p, omega)
			old, now := d, d
			if d <= 3 {
				// Old rule: the roll is settled without the withheld.
				h := sha256.New()
				for i, a := range as {
					if !contains(c.withheld, i) {
						h.Write(a)
					}
				}
				sum := h.Sum(nil)
				old = max(d, 1+int(uint64(sum[0])<<8|uint64(sum[1]))%6)
				// Time lock: the honest seats force it open.
				open, w := withhold(as, c.withheld...)
				got, err := p.Output(cs, open, p.Force(cs, w, nil))
				if err != nil {
					t.Fatal(err)
				}
				now = die(p, got)
				forced++
			}
			before += float64(old)
			after += float64(now)
			sq += float64(now * now)
		}
		n := float64(*rolls)
		mean := after / n
		sd := math.Sqrt(sq/n-mean*mean) / math.Sqrt(n)
		t.Logf("%s: d6 mean over %d rolls with a strategic withholder (%d rounds forced open): settled without the withheld (the rule before the time lock) %.3f, time lock %.3f ± %.3f (95%%: %.3f–%.3f)",
			c.name, *rolls, forced, before/n, mean, 1.96*sd, mean-1.96*sd, mean+1.96*sd)
		if math.Abs(mean-3.5) > 4*1.708/math.Sqrt(n) {
			t.Errorf("%s: mean %.3f, want 3.5 within noise", c.name, mean)
		}
		if before/n < 3.5+4*1.708/math.Sqrt(n) {
			t.Errorf("%s: the old rule's mean %.3f: the attack model does not bite", c.name, before/n)
		}
	}
}

func contains(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
