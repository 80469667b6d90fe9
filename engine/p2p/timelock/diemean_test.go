package timelock

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"math"
	"math/big"
	"testing"
)

var rolls = flag.Int("timelock.rolls", 200, "rolls of the strategic-withholder and late-committer measurements (10000 for the figures in docs/p2p.md)")

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
		var before, after mean
		forced := 0
		for r := 0; r < *rolls; r++ {
			cs, as := commitAll(p, c.seats, r)
			d := die(p, output(t, p, cs, as))
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
			before.add(old)
			after.add(now)
		}
		t.Logf("%s: d6 mean over %d rolls with a strategic withholder (%d rounds forced open): settled without the withheld (the rule before the time lock) %.3f, time lock %s",
			c.name, *rolls, forced, before.avg(), after)
		// A fair die's standard deviation is 1.708.
		if noise := 4 * 1.708 / math.Sqrt(after.n); math.Abs(after.avg()-3.5) > noise {
			t.Errorf("%s: mean %.3f, want 3.5 within noise", c.name, after.avg())
		}
		if before.avg() < 3.5+4*1.708/math.Sqrt(before.n) {
			t.Errorf("%s: the old rule's mean %.3f: the attack model does not bite", c.name, before.avg())
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

// A late committer holds its commitment back until it has every other
// one, computes the roll its own makes (T squarings) and refuses it by
// never committing, at the price of its seat. Protocol 5 then settled the
// round of the others' same commitments, which it could compute too (T
// more squarings), so it chose the better of two dice (mean 161/36 ≈ 4.47).
// Now that round starts afresh on secrets it cannot know: its best is to
// refuse a 1, 2 or 3 once and take a fresh die, 3.5·1/2 + (4+5+6)/6 = 4.25.
// Measured for 2 seats, 3 seats and a colluding pair of 4, both rules in
// the same run over the same rounds.
func TestLateCommitterRefusesOnce(t *testing.T) {
	p := small()
	for _, c := range []struct {
		name  string
		seats int
		late  []int
	}{
		{"2 seats", 2, []int{1}},
		{"3 seats", 3, []int{2}},
		{"colluding pair of 4", 4, []int{2, 3}},
	} {
		var old, now mean
		refused := 0
		for r := 0; r < *rolls; r++ {
			cs, as := commitAll(p, c.seats, r)
			d := die(p, output(t, p, cs, as))
			var rest, fresh []*big.Int
			var restA, freshA [][]byte
			for i := range cs {
				if !contains(c.late, i) {
					rest, restA = append(rest, cs[i]), append(restA, as[i])
					a := secret(i, -1-r) // the next link: unknown to the late committer
					fresh, freshA = append(fresh, p.Commit(a)), append(freshA, a)
				}
			}
			old.add(max(d, die(p, output(t, p, rest, restA))))
			if d <= 3 {
				d = die(p, output(t, p, fresh, freshA))
				refused++
			}
			now.add(d)
		}
		t.Logf("%s: d6 mean over %d rolls with a late committer that refuses its roll when it is 1–3 (%d refused): protocol 5 (the better of two) %s, fresh round %s",
			c.name, *rolls, refused, old, now)
		if !now.near(4.25) {
			t.Errorf("%s: mean %s with a fresh round, want 4.25 within noise", c.name, now)
		}
		if !old.near(161.0 / 36) {
			t.Errorf("%s: mean %s with protocol 5's round, want 161/36 within noise", c.name, old)
		}
	}
}

func output(t *testing.T, p *Params, cs []*big.Int, as [][]byte) *big.Int {
	o, err := p.Output(cs, as, nil)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// mean accumulates die rolls.
type mean struct{ n, sum, sq float64 }

func (m *mean) add(d int) { m.n, m.sum, m.sq = m.n+1, m.sum+float64(d), m.sq+float64(d*d) }

// avg is the mean itself.
func (m mean) avg() float64 { return m.sum / m.n }

// se is the standard error of the mean.
func (m mean) se() float64 {
	mu := m.avg()
	return math.Sqrt((m.sq/m.n - mu*mu) / m.n)
}

// near: within four standard errors of want.
func (m mean) near(want float64) bool { return math.Abs(m.avg()-want) <= 4*m.se() }

func (m mean) String() string {
	return fmt.Sprintf("%.3f ± %.3f (95%%)", m.avg(), 1.96*m.se())
}
