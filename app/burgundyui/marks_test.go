package burgundyui

import (
	"regexp"
	"strconv"
	"testing"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/burgundy"
	"tabula/engine/enginetest"
)

var (
	trackMarks = regexp.MustCompile(`<g class="track"[^>]*>(.*?)</g>`)
	scoreMarks = regexp.MustCompile(`<g class="scores"[^>]*>(.*?)</g>`)
	markedSeat = regexp.MustCompile(`<path class="marker" data-seat="(\d)" data-botmove="1"`)
)

// marked lists the seats whose markers in the group re matches are marked.
func marked(re *regexp.Regexp, svg string) map[int]bool {
	out := map[int]bool{}
	g := re.FindStringSubmatch(svg)
	if g == nil {
		return out
	}
	for _, m := range markedSeat.FindAllStringSubmatch(g[1], -1) {
		n, _ := strconv.Atoi(m[1])
		out[n] = true
	}
	return out
}

// A whole random 3-player game, the main board drawn after every move as
// if a bot had made it: exactly the turn-order markers that moved (goods
// shipped) and the score markers that moved are marked, and nothing
// without a bot's move.
func TestBotMarksTrackAndScores(t *testing.T) {
	st, err := burgundy.Game{}.New(engine.Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*burgundy.State)
	tracks, scores := 0, 0
	enginetest.RandomMoves(t, s, 4, 5000, func(k int, st engine.State) {
		before := viewPtr(st.(*burgundy.State), 0)
		now := viewPtr(s, 0)
		d := &draw{g: &landscape, v: now, bots: before, styles: gameui.Palette, names: func(int) string { return "x" }}
		svg := d.mainBoardSVG()
		gotTrack, gotScore := marked(trackMarks, svg), marked(scoreMarks, svg)
		for p := range now.Scores {
			wantTrack := before.TurnTrack[p] != now.TurnTrack[p]
			if gotTrack[p] != wantTrack {
				t.Fatalf("move %d: seat %d's turn-order marker %v → %v, marked %v", k, p, before.TurnTrack[p], now.TurnTrack[p], gotTrack[p])
			}
			wantScore := before.Scores[p] != now.Scores[p]
			if gotScore[p] != wantScore {
				t.Fatalf("move %d: seat %d's score %d → %d, marked %v", k, p, before.Scores[p], now.Scores[p], gotScore[p])
			}
			if wantTrack {
				tracks++
			}
			if wantScore {
				scores++
			}
		}
		d.bots = nil
		if svg := d.mainBoardSVG(); len(marked(trackMarks, svg))+len(marked(scoreMarks, svg)) != 0 {
			t.Fatalf("move %d: markers marked without a bot's move", k)
		}
	})
	if !s.Status().Over || tracks == 0 || scores == 0 {
		t.Fatalf("game over %v; %d turn-order and %d score moves marked", s.Status().Over, tracks, scores)
	}
	t.Logf("%d turn-order and %d score marker moves marked", tracks, scores)
}
