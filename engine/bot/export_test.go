package bot

// GreedyRatings is what Greedy.Choose rates each legal action, for tests.
var GreedyRatings = (*Greedy).ratings
