package stats

import "tabula/engine"

// Kind is how a chart is drawn.
type Kind string

const (
	// Line: one line per series over numbered steps (turns, rounds).
	Line Kind = "line"
	// Stacked: one bar per seat, stacked by the series (categories).
	Stacked Kind = "stacked"
	// Bars: grouped bars per category of the x axis, one per series; a
	// Reference series is drawn as a marker line instead of bars.
	Bars Kind = "bars"
)

// Chart is one chart of a Report.
type Chart struct {
	// ID names the chart ("dice", "points" …): the app's message id is
	// "stats.chart.<ID>", and the page anchors and tests use it.
	ID   string `json:"id"`
	Kind Kind   `json:"kind"`
	// The x axis: the seats (Stacked), numbered steps From, From+1 …
	// (Line, and Bars without Keys), or Keys, message-id suffixes of the
	// categories ("stats.key.<key>").
	From int      `json:"from,omitempty"`
	Keys []string `json:"keys,omitempty"`
	// X and Y name the axes ("turn", "points" …: "stats.axis.<id>").
	X string `json:"x"`
	Y string `json:"y"`
	// Series are the values, one per x category (per seat for Stacked).
	Series []Series `json:"series"`
	// Marks are notes under the x categories (Bars), one per category:
	// the outcome of each barbarian attack.
	Marks []Mark `json:"marks,omitempty"`
}

// Series is one line, bar group or stack layer.
type Series struct {
	// Seat is the player the series belongs to, or -1 when it is a
	// category; Key names a category ("stats.key.<key>").
	Seat      engine.Seat `json:"seat"`
	Key       string      `json:"key,omitempty"`
	Values    []float64   `json:"values"`
	Reference bool        `json:"reference,omitempty"`
}

// Mark is a note on one x category: Key ("stats.key.<key>") and the seats
// it concerns (bit p for seat p).
type Mark struct {
	Key   string `json:"key"`
	Seats uint8  `json:"seats,omitempty"`
}

// Report is the statistics of one game as one viewer may see them.
type Report struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Entries int    `json:"entries"`
	// Revealed: the game is over and every hidden card counts.
	Revealed bool    `json:"revealed"`
	Charts   []Chart `json:"charts"`
}

// Chart returns the chart with id, if the report has it.
func (r *Report) Chart(id string) (*Chart, bool) {
	for i := range r.Charts {
		if r.Charts[i].ID == id {
			return &r.Charts[i], true
		}
	}
	return nil, false
}

// Find returns the series of seat (Key "") or of key (seat -1).
func (c *Chart) Find(seat engine.Seat, key string) (*Series, bool) {
	for i := range c.Series {
		if s := &c.Series[i]; s.Seat == seat && s.Key == key {
			return s, true
		}
	}
	return nil, false
}
