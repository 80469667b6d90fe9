package agricola

import (
	"testing"

	"tabula/engine/agricola/farmyard"
)

// The exported rows are the ones the score sheet uses: a farm with each
// row's count at every threshold (and one below the first) scores what
// the row says.
func TestScoreRowsAreWhatIsScored(t *testing.T) {
	for _, r := range ScoreRows() {
		for i, n := range append([]int{r.Thresholds[0] - 1}, r.Thresholds[:]...) {
			s := newGame(t, 2)
			p := &s.Seats[0]
			switch r.Category {
			case "fields":
				p.Yard.Fields = farmyard.Set(1<<n - 1)
			case "pastures":
				// n one-cell pastures along the top row, fenced apart.
				var f farmyard.Fences
				for c := farmyard.Cell(1); int(c) <= n; c++ {
					f |= farmyard.Boundary(farmyard.Of(c))
				}
				p.Yard.Fences = f
			case "grain":
				p.Goods[Grain] = n
			case "vegetables":
				p.Goods[Vegetable] = n
			case "sheep":
				p.Goods[Sheep] = n
			case "boar":
				p.Goods[Boar] = n
			case "cattle":
				p.Goods[Cattle] = n
			default:
				t.Fatalf("unknown row %q", r.Category)
			}
			sc := s.Score(0)
			got := map[string]int{"fields": sc.Fields, "pastures": sc.Pastures, "grain": sc.Grain, "vegetables": sc.Vegetables,
				"sheep": sc.Sheep, "boar": sc.Boar, "cattle": sc.Cattle}[r.Category]
			want := i
			if i == 0 {
				want = -1
			}
			if got != want {
				t.Errorf("%s: %d scores %d, the row says %d", r.Category, n, got, want)
			}
		}
	}
}
