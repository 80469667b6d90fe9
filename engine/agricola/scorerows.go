package agricola

// ScoreRow is one counted row of the scoring pad (fact sheet §11): its
// category (the ScoreSheet field's JSON name) and the counts that score 1,
// 2, 3 and 4 points; fewer than the first score −1. Exported so that the
// rules screen and tooltips show the thresholds the engine scores by.
type ScoreRow struct {
	Category   string `json:"category"`
	Thresholds [4]int `json:"thresholds"`
}

// ScoreRows lists the counted rows in scoring-pad order.
func ScoreRows() []ScoreRow {
	return []ScoreRow{
		{"fields", fieldRow}, {"pastures", pastureRow}, {"grain", grainRow}, {"vegetables", vegetableRow},
		{"sheep", sheepRow}, {"boar", boarRow}, {"cattle", cattleRow},
	}
}
