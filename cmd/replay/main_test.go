package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/engine/p2p"
	"tabula/engine/p2p/p2ptest"
	"tabula/engine/sim"
	"tabula/engine/sim/simtest"
)

// saved plays a bot game of game id and returns its save file's bytes.
func saved(t *testing.T, id string, players int, seed uint64) (*engine.Save, []byte) {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Players: players}, Seed: seed, Bots: []string{"greedy", "random"}, Record: true})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	return r.Save, r.Save.Encode()
}

func write(t *testing.T, data []byte) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func replayRun(stdin []byte, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// decode checks stdout is one JSON object on one line.
func decode(t *testing.T, out string) map[string]any {
	t.Helper()
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Fatalf("want one line, got %q", out)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestReplayPrintsFinalState(t *testing.T) {
	save, data := saved(t, enginetest.ID, 3, 4)
	m, _, err := engine.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	race := m.State.(*enginetest.State)
	code, out, errs := replayRun(nil, write(t, data))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Game != enginetest.ID || r.Rules != "test-race/1" || r.Players != 3 || !r.Over ||
		len(r.Winners) != 1 || r.Winners[0] != race.Winner || r.Hash != save.Hash ||
		r.Entries != len(save.Entries) || r.Actions+r.Outcomes != r.Entries || r.Outcomes == 0 {
		t.Fatalf("report %+v", r)
	}
	for i, s := range r.Seats {
		if s.Seat != i || s.Name != save.Seats[i].Name || s.Kind != save.Seats[i].Kind || s.Score != race.Pos[i] {
			t.Fatalf("seat %d: %+v, positions %v", i, s, race.Pos)
		}
	}
	raw := decode(t, out)
	view := raw["view"].(map[string]any)
	// The spectator view: positions and hand sizes, nobody's hand.
	if _, hand := view["hand"]; hand || len(view["pos"].([]any)) != 3 || len(view["count"].([]any)) != 3 {
		t.Fatalf("view %v", view)
	}
	if _, ok := raw["summary"]; ok {
		t.Fatal("Race has no Summary, but one was printed")
	}
}

func TestReplayReadsStdinAndSummary(t *testing.T) {
	save, data := saved(t, simtest.ID, 2, 8)
	code, out, errs := replayRun(data, "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r := decode(t, out)
	if r["hash"] != save.Hash || r["game"] != simtest.ID {
		t.Fatalf("report %v", r)
	}
	sum, ok := r["summary"].(map[string]any)
	if !ok || sum["leader"] != float64(r["winners"].([]any)[0].(float64)) {
		t.Fatalf("summary %v, winners %v", r["summary"], r["winners"])
	}
}

// Every bad file: exit 1, nothing on stdout, one line on stderr naming the
// file and the problem.
func TestReplayRefusesBadFiles(t *testing.T) {
	save, data := saved(t, enginetest.ID, 2, 6)
	edit := func(f func(s *engine.Save)) []byte {
		var s engine.Save
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		f(&s)
		return s.Encode()
	}
	// A chance entry with a different, still valid, value.
	var k int
	for k = range save.Entries {
		if save.Entries[k].IsChance() {
			break
		}
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		data []byte // nil: the file does not exist
		want string
	}{
		{"missing", nil, "no such file"},
		{"empty", []byte{}, "empty"},
		{"not JSON", []byte("hello"), "broken JSON"},
		{"truncated", data[:len(data)*2/3], "truncated"},
		{"tampered outcome", edit(func(s *engine.Save) {
			o := s.Entries[k].Chance
			o[0] = (o[0] + 1) % 3
		}), "hash mismatch"},
		{"tampered final hash", edit(func(s *engine.Save) { s.Hash = strings.Repeat("0", 64) }), "final state hash"},
		{"forged action", edit(func(s *engine.Save) {
			for i, e := range s.Entries {
				if !e.IsChance() {
					s.Entries[i].Seat = 1 - e.Seat
					break
				}
			}
		}), "not your turn"},
		{"dropped entry", edit(func(s *engine.Save) { s.Entries = s.Entries[1:] }), "entry 1"},
		{"wrong version", edit(func(s *engine.Save) { s.Version = 99 }), "save version 99"},
		{"wrong rules", edit(func(s *engine.Save) { s.Rules = "test-race/0" }), "rules"},
		{"unknown game", edit(func(s *engine.Save) { s.Game, s.Setup.Game = "chess", "chess" }), "unknown game"},
		{"foreign file", []byte(`{"format":"something-else","version":1}`), "format"},
	} {
		name := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".json")
		if c.data != nil {
			if err := os.WriteFile(name, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, stdin := range []bool{false, true} {
			if stdin && c.data == nil {
				continue
			}
			arg, shown := name, name
			if stdin {
				arg, shown = "-", "stdin"
			}
			code, out, errs := replayRun(c.data, arg)
			if code != 1 || out != "" {
				t.Fatalf("%s: exit %d, stdout %q", c.name, code, out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "replay: "+shown+": ") || !strings.Contains(errs, c.want) {
				t.Fatalf("%s: stderr %q, want one line naming %s and %q", c.name, errs, shown, c.want)
			}
		}
	}
	// A directory is not a file.
	if code, _, errs := replayRun(nil, dir); code != 1 || strings.Count(errs, "\n") != 1 {
		t.Fatalf("directory: exit %d, %q", code, errs)
	}
}

func TestReplayUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"a", "b"}, {"-nope", "x"}} {
		if code, out, _ := replayRun(nil, args...); code != 2 || out != "" {
			t.Fatalf("%v: exit %d", args, code)
		}
	}
}

func TestReplayCatan(t *testing.T) {
	save, data := saved(t, "catan", 4, 2)
	code, out, errs := replayRun(nil, write(t, data))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r := decode(t, out)
	if r["game"] != "catan" || r["hash"] != save.Hash || r["over"] != true || int(r["entries"].(float64)) != len(save.Entries) {
		t.Fatalf("report %v", r)
	}
	if v, ok := r["view"].(map[string]any); !ok || len(v) == 0 {
		t.Fatalf("no spectator view: %v", r["view"])
	}
	winner := int(r["winners"].([]any)[0].(float64))
	if score := r["seats"].([]any)[winner].(map[string]any)["score"].(float64); score < 10 {
		t.Fatalf("winner %d has %v points", winner, score)
	}
}

// p2pGame plays a peer-to-peer Race among 3 seats in memory; with leave,
// seat 0 (the inviter) leaves and the others hand it to the bot.
func p2pGame(t *testing.T, leave bool) (*p2p.Peer, []byte) {
	t.Helper()
	o := p2ptest.Options{Leave: -1}
	if leave {
		o = p2ptest.Options{Leave: 0, LeaveAt: 6}
	}
	tab, err := p2ptest.Play(engine.Setup{Game: enginetest.ID, Players: 3}, 3, o)
	if err != nil {
		t.Fatal(err)
	}
	p := tab.Present()
	data, err := p.Export()
	if err != nil {
		t.Fatal(err)
	}
	return p, data
}

// A peer-to-peer game file: the usual report plus "signatures":"verified",
// and the seats the bot took over.
func TestReplayVerifiesPeerToPeerFile(t *testing.T) {
	for _, leave := range []bool{false, true} {
		p, data := p2pGame(t, leave)
		code, out, errs := replayRun(nil, write(t, data))
		if code != 0 || errs != "" {
			t.Fatalf("exit %d: %s", code, errs)
		}
		r := decode(t, out)
		if r["signatures"] != "verified" || r["hash"] != engine.HashHex(p.Match().State) || r["over"] != true ||
			int(r["entries"].(float64)) != len(p.Match().Entries) {
			t.Fatalf("report %v", r)
		}
		bots, _ := r["bot_seats"].([]any)
		if leave != (len(bots) == 1 && bots[0] == float64(0)) {
			t.Fatalf("leave %v: bot_seats %v", leave, r["bot_seats"])
		}
	}
	// A hot-seat save has no signatures field.
	_, data := saved(t, enginetest.ID, 2, 6)
	_, out, _ := replayRun(nil, write(t, data))
	if _, ok := decode(t, out)["signatures"]; ok {
		t.Fatal("hot-seat save reported signatures")
	}
}

// Tampering with the signed log of a peer-to-peer file: one line on
// stderr, exit 1, nothing on stdout.
func TestReplayRefusesTamperedPeerToPeerFile(t *testing.T) {
	p, data := p2pGame(t, true)
	save, err := engine.DecodeSave(data)
	if err != nil {
		t.Fatal(err)
	}
	entries := p.Entries()
	relog := func(f func(i int, e *p2p.Entry) bool) []byte {
		s := *save
		s.Meta = map[string]string{}
		for k, v := range save.Meta {
			s.Meta[k] = v
		}
		var keep [][]byte
		for i, e := range entries {
			e.Body = append([]byte(nil), e.Body...)
			e.Sig = append([]byte(nil), e.Sig...)
			if f(i, &e) {
				keep = append(keep, e.Encode())
			}
		}
		b := binary.AppendUvarint(nil, uint64(len(keep)))
		for _, k := range keep {
			b = binary.AppendUvarint(b, uint64(len(k)))
			b = append(b, k...)
		}
		s.Meta[p2p.MetaLog] = base64.RawURLEncoding.EncodeToString(b)
		return s.Encode()
	}
	firstSigned, firstBot := -1, -1
	for i, e := range entries {
		if e.Kind == p2p.KindAction && firstSigned < 0 {
			firstSigned = i
		}
		if e.Kind == p2p.KindBot && firstBot < 0 {
			firstBot = i
		}
	}
	if firstBot < 0 {
		t.Fatal("no bot entry in the game")
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"tampered signature", relog(func(i int, e *p2p.Entry) bool {
			if i == firstSigned {
				e.Sig[5] ^= 1
			}
			return true
		}), "bad signature"},
		{"signed by another seat", relog(func(i int, e *p2p.Entry) bool {
			if i == firstSigned {
				e.Author = (e.Author + 1) % 3
			}
			return true
		}), "entry"},
		{"dropped entry", relog(func(i int, e *p2p.Entry) bool { return i != 3 }), "signed entry 4"},
		{"bot entry changed", relog(func(i int, e *p2p.Entry) bool {
			if i == firstBot {
				e.Body = []byte(`{"type":"draw"}`)
				if string(entries[i].Body) == string(e.Body) {
					e.Body = []byte(`{"type":"roll"}`)
				}
			}
			return true
		}), "signed entry"},
		{"bot entry signed", relog(func(i int, e *p2p.Entry) bool {
			if i == firstBot {
				e.Sig = make([]byte, 64)
			}
			return true
		}), "not signed"},
		{"genesis removed", func() []byte {
			s := *save
			s.Meta = map[string]string{p2p.MetaLog: save.Meta[p2p.MetaLog]}
			return s.Encode()
		}(), "genesis"},
	} {
		code, out, errs := replayRun(c.data, "-")
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "replay: stdin: ") || !strings.Contains(errs, c.want) {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q (want %q)", c.name, code, out, errs, c.want)
		}
	}
}

// A network game's file is all signed: its seat names, kinds, meta and
// chance info changed, or its whole signed log stripped, are refused.
func TestReplayRefusesNetworkFileWithUnsignedPartsChangedOrStripped(t *testing.T) {
	_, data := p2pGame(t, false)
	save, err := engine.DecodeSave(data)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(s *engine.Save)) []byte {
		s := *save
		s.Seats = append([]engine.SeatInfo(nil), save.Seats...)
		s.Meta = map[string]string{}
		for k, v := range save.Meta {
			s.Meta[k] = v
		}
		f(&s)
		return s.Encode()
	}
	for name, b := range map[string][]byte{
		"seat renamed":      edit(func(s *engine.Save) { s.Seats[0].Name = "Mallory" }),
		"seat kind changed": edit(func(s *engine.Save) { s.Seats[2].Kind = "human" }),
		"meta added":        edit(func(s *engine.Save) { s.Meta["note"] = "seat 1 resigned" }),
		"signed log stripped": edit(func(s *engine.Save) {
			delete(s.Meta, p2p.MetaLog)
			delete(s.Meta, p2p.MetaGenesis)
		}),
	} {
		code, out, errs := replayRun(b, "-")
		if code != 1 || out != "" || !strings.HasPrefix(errs, "replay: stdin: ") {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
}

// A file with one 100 MB action is refused from its size, before it is
// read whole: the heap does not grow by the file's size (it used to cost
// about six times it).
func TestReplayRefusesOversizeFileBeforeReadingIt(t *testing.T) {
	_, data := saved(t, enginetest.ID, 2, 6)
	i := strings.Index(string(data), `"action":`)
	if i < 0 {
		t.Fatal("no action in the save")
	}
	name := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(data[:i])
	f.WriteString(`"action":{"type":"roll","pad":"`)
	chunk := []byte(strings.Repeat("x", 1<<20))
	for j := 0; j < 100; j++ {
		f.Write(chunk)
	}
	f.WriteString(`"},"post":""}]}`)
	f.Close()
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.TotalAlloc
	code, _, errs := replayRun(nil, name)
	runtime.ReadMemStats(&ms)
	grew := ms.TotalAlloc - base
	t.Logf("100 MB action file: refused with %q, %d KiB allocated", strings.TrimSpace(errs), grew>>10)
	if code != 1 || !strings.Contains(errs, "too large") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if grew > 32<<20 {
		t.Fatalf("refusing it allocated %d MiB", grew>>20)
	}
	// Through standard input (no size to look at) it is cut off at the
	// limit, not read whole.
	big, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer big.Close()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base = ms.TotalAlloc
	var stdout, stderr strings.Builder
	code = run([]string{"-"}, big, &stdout, &stderr)
	runtime.ReadMemStats(&ms)
	t.Logf("the same on standard input: %q, %d KiB allocated", strings.TrimSpace(stderr.String()), (ms.TotalAlloc-base)>>10)
	if code != 1 || !strings.Contains(stderr.String(), "too large") || ms.TotalAlloc-base > 3*engine.MaxSaveSize {
		t.Fatalf("stdin: exit %d: %s", code, stderr.String())
	}
}

// Values from the command line and from files are clipped in messages:
// a 100,000-character option, file name or game name is not echoed whole.
func TestReplayClipsLongValues(t *testing.T) {
	long := strings.Repeat("x", 100000)
	dir := t.TempDir()
	bad := filepath.Join(dir, "game.json")
	if err := os.WriteFile(bad, []byte(`{"format":"tabula-save","version":1,"game":"`+long+`","setup":{"game":"`+long+`","players":0},"seats":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-indent=" + long, "x"}, {"-" + long, "x"}, {filepath.Join(dir, long)}, {bad}} {
		code, _, errOut := replayRun(nil, args...)
		if code == 0 || len(errOut) > 1000 || !strings.Contains(errOut, "replay: ") {
			t.Errorf("%.30s: exit %d, %d bytes of message: %.200s", args[0], code, len(errOut), errOut)
		}
	}
}

// A sealed game's file: verified with observer decks and audited; the
// report names each deck with its cards in shuffled order (a permutation)
// and no cheat.
func TestReplayAuditsSealedFile(t *testing.T) {
	setup := engine.Setup{Game: enginetest.ID, Players: 3, Options: map[string]string{engine.Sealed: "1"}}
	tab, err := p2ptest.Play(setup, 4, p2ptest.Options{Leave: -1})
	if err != nil {
		t.Fatal(err)
	}
	data, err := tab.Present().Export()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := replayRun(nil, write(t, data))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r := decode(t, out)
	s, _ := r["sealed"].(map[string]any)
	if r["signatures"] != "verified" || s == nil || s["audited"] != true || len(s["cheats"].([]any)) != 0 {
		t.Fatalf("report %v", r)
	}
	decks := s["decks"].([]any)
	cards := decks[0].(map[string]any)["cards"].([]any)
	seen := map[float64]bool{}
	for _, c := range cards {
		seen[c.(float64)] = true
	}
	if len(decks) != 1 || len(cards) != enginetest.DeckSize || len(seen) != enginetest.DeckSize || seen[-1] {
		t.Fatalf("decks %v", decks)
	}
}
