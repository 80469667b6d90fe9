package agricola

import (
	"math"
	"testing"
)

// static takes minima and maxima with the built-in min and max (inlined)
// rather than math.Min and math.Max (calls), each with one finite
// argument (a constant or a count): the same numbers then, bit for bit,
// NaN, infinities and signed zeros included, so no rating changed. (They
// differ only for NaN against an infinity.)
func TestMinMaxAsMath(t *testing.T) {
	vals := []float64{math.NaN(), math.Inf(-1), math.Inf(1), math.Copysign(0, -1), 0, -1.5, 0.25, 8, 13}
	for _, a := range vals {
		for _, b := range vals {
			if finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }; !finite(a) && !finite(b) {
				continue // not a use static makes
			}
			if got, want := min(a, b), math.Min(a, b); math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Errorf("min(%v, %v) = %v, math.Min %v", a, b, got, want)
			}
			if got, want := max(a, b), math.Max(a, b); math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Errorf("max(%v, %v) = %v, math.Max %v", a, b, got, want)
			}
		}
	}
}
