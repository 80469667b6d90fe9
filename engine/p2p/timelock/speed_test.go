package timelock

import (
	"math/big"
	"testing"
)

func BenchmarkSquarings(b *testing.B) {
	g := RSA2048
	x := g.HashToElement("bench", []byte("x"))
	b.Run("exp", func(b *testing.B) {
		for b.Loop() {
			g.Eval(x, 1<<14, nil)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(1<<14), "ns/squaring")
	})
	b.Run("mulmod", func(b *testing.B) {
		for b.Loop() {
			y := new(big.Int).Set(x)
			for i := 0; i < 1<<14; i++ {
				y.Mul(y, y)
				y.Mod(y, g.N)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(1<<14), "ns/squaring")
	})
}
