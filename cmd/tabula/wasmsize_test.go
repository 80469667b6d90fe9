//go:build !js

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wasmFixture is a small module as Go's linker lays one out: one imported
// function, two defined ones, the "go:buildid" section, and a "name"
// section naming the functions the way the linker writes them.
func wasmFixture() []byte {
	sec := func(id byte, body ...[]byte) []byte {
		b := bytes.Join(body, nil)
		return append([]byte{id, byte(len(b))}, b...)
	}
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	names := bytes.Join([][]byte{{3}, {0}, str("runtime.wasmExit"), {1}, str("tabula_engine_catan.__Game_.Apply"), {2}, str("type_.eq.net_http.Header")}, nil)
	m := []byte("\x00asm\x01\x00\x00\x00")
	m = append(m, sec(0, str("go:buildid"), []byte("abc"))...)
	m = append(m, sec(1, []byte{1, 0x60, 0, 0})...)                                         // one type: func()
	m = append(m, sec(2, []byte{1}, str("gojs"), str("runtime.wasmExit"), []byte{0, 0})...) // one imported function
	m = append(m, sec(3, []byte{2, 0, 0})...)                                               // two defined functions
	m = append(m, sec(10, []byte{2}, []byte{3, 0, 0x01, 0x0b}, []byte{5, 0, 0x01, 0x01, 0x01, 0x0b})...)
	m = append(m, sec(0, str("name"), []byte{1, byte(len(names))}, names)...)
	return m
}

func TestParseWasmReadsBodiesAndNames(t *testing.T) {
	b := wasmFixture()
	m, err := parseWasm(b)
	if err != nil {
		t.Fatal(err)
	}
	if m.imported != 1 || !slices.Equal(m.bodies, []int{3, 5}) {
		t.Errorf("imported %d, bodies %v: want 1 and [3 5] (each body's size, its length byte not counted)", m.imported, m.bodies)
	}
	want := []string{"runtime.wasmExit", "tabula_engine_catan.__Game_.Apply", "type_.eq.net_http.Header"}
	if !slices.Equal(m.names, want) {
		t.Errorf("names %q, want %q", m.names, want)
	}
	s := stripped(b, m)
	if bytes.Contains(s, []byte("\x04name")) || !bytes.Contains(s, []byte("go:buildid")) {
		t.Error("the stripped module keeps the name section or loses go:buildid")
	}
	if _, err := parseWasm(s); err != nil {
		t.Errorf("the stripped module does not parse: %v", err)
	}
	// The name section: its header (2), "name" (5), the subsection's
	// header (2), the count (1), each name's index and length (2 each).
	nameSection := 2 + 5 + 2 + 1 + 3*2 + len(m.names[0]) + len(m.names[1]) + len(m.names[2])
	if len(b)-len(s) != nameSection {
		t.Errorf("stripping removed %d bytes: want the name section's alone", len(b)-len(s))
	}
}

func TestParseWasmRefusesBrokenModules(t *testing.T) {
	b := wasmFixture()
	for _, bad := range [][]byte{nil, []byte("\x00asm\x02\x00\x00\x00"), b[:len(b)-3], append(b[:len(b):len(b)], 10, 200)} {
		if _, err := parseWasm(bad); err == nil {
			t.Errorf("a broken module (%d bytes) parsed", len(bad))
		}
	}
}

func TestPackageNamer(t *testing.T) {
	n := newPackageNamer([]string{"runtime", "net/http", "tabula/engine/catan", "tabula/engine/catan/traders",
		"github.com/pion/webrtc/v4", "github.com/maxence-charriere/go-app/v10/pkg/app"})
	for sym, want := range map[string]string{
		"runtime.mallocgc":                                    "runtime",
		"tabula_engine_catan.__Game_.Apply":                   "tabula/engine/catan",
		"tabula_engine_catan_traders.Move":                    "tabula/engine/catan/traders",
		"type_.eq.net_http.Header":                            "net/http",
		"github.com_pion_webrtc_v4.__API_.New":                "github.com/pion/webrtc/v4",
		"github.com_maxence-charriere_go-app_v10_pkg_app.Div": "",
		"github.com_maxence_charriere_go_app_v10_pkg_app.Div": "github.com/maxence-charriere/go-app/v10/pkg/app",
		"slices.Sort_go.shape.int_":                           "",
	} {
		if got := n.of(sym); got != want {
			t.Errorf("package of %q: %q, want %q", sym, got, want)
		}
	}
}

func TestGameOf(t *testing.T) {
	for pkg, want := range map[string]string{
		"tabula/engine/catan":               "catan",
		"tabula/app/catanui":                "catan",
		"tabula/engine/catan/citiesknights": "cities-knights",
		"tabula/app/catanui/traders":        "traders-barbarians",
		"tabula/engine/agricola/cards":      "agricola",
		"tabula/engine/catanish":            "",
		"tabula/app/shell":                  "",
	} {
		if got := gameOf(pkg); got != want {
			t.Errorf("gameOf(%q) = %q, want %q", pkg, got, want)
		}
	}
}

func TestWriteReadmeReplacesTheSizeTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "README.md")
	before := "# Tabula\n\nSizes:\n\n" + readmeStart + "\n| old | 12 MB |\n" + readmeEnd + "\n\nMore.\n"
	if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := []sizeRow{{"burgundy", 900_000, 200_000, 150_000}, {"whole app", 17_280_000, 4_270_000, 3_060_000}}
	if err := writeReadme(path, rows); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := "# Tabula\n\nSizes:\n\n" + readmeStart + "\n| app.wasm | raw | gzip | brotli |\n|---|--:|--:|--:|\n" +
		"| what burgundy adds | 0.90 MB | 0.20 MB | 0.15 MB |\n| whole app | 17.28 MB | 4.27 MB | 3.06 MB |\n" + readmeEnd + "\n\nMore.\n"
	if string(got) != want {
		t.Errorf("README:\n%s\nwant:\n%s", got, want)
	}
	if err := os.WriteFile(path, []byte("# no table\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeReadme(path, rows); err == nil {
		t.Error("a README without the size report's lines: no error")
	}
}

func TestReadBuildKeepsItsSizes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "app.wasm")
	if err := os.WriteFile(path, wasmFixture(), 0o644); err != nil {
		t.Fatal(err)
	}
	first, err := readBuild(path, 5)
	if err != nil {
		t.Fatal(err)
	}
	if first.raw != len(stripped(wasmFixture(), first.mod)) || first.gzip == 0 || first.brotli == 0 {
		t.Fatalf("sizes %+v", first)
	}
	// The kept sizes are read back, not recomputed: change them.
	memo, _ := os.ReadFile(path + ".sizes")
	f := strings.Fields(string(memo))
	f[3], f[4] = "7", "8"
	if err := os.WriteFile(path+".sizes", []byte(strings.Join(f, " ")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if again, _ := readBuild(path, 5); again.gzip != 7 || again.brotli != 8 {
		t.Errorf("second read %d/%d: the kept sizes were not used", again.gzip, again.brotli)
	}
	// Another quality, or another module, computes them again.
	if other, _ := readBuild(path, 4); other.gzip == 7 {
		t.Error("sizes kept for brotli 5 were used for brotli 4")
	}
	if _, err := readBuild(path, 5); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".sizes", []byte(strings.Join(f, " ")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, bytes.Replace(wasmFixture(), []byte("abc"), []byte("abd"), 1), 0o644); err != nil { // another build id
		t.Fatal(err)
	}
	if changed, err := readBuild(path, 5); err != nil || changed.gzip == 7 {
		t.Errorf("a changed module: sizes %+v, %v", changed, err)
	}
}

func TestGameCodeFindsAGamesPackages(t *testing.T) {
	m, err := parseWasm(wasmFixture())
	if err != nil {
		t.Fatal(err)
	}
	n := newPackageNamer([]string{"runtime", "net/http", "tabula/engine/catan"})
	if got := gameCode(m, n, "catan"); !slices.Equal(got, []string{"tabula/engine/catan"}) {
		t.Errorf("catan's packages in the module: %v", got)
	}
	if got := gameCode(m, n, "burgundy"); len(got) != 0 {
		t.Errorf("burgundy's packages in a module without them: %v", got)
	}
}

// tabula size a.wasm b.wasm prints each build's shipped sizes, those
// readBuild measures, one line each in the order given.
func TestPrintFilesMeasuresEachBuild(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.wasm"), filepath.Join(dir, "b.wasm")
	other := bytes.Replace(wasmFixture(), []byte("abc"), []byte("abd"), 1)
	if os.WriteFile(a, wasmFixture(), 0o644) != nil || os.WriteFile(b, other, 0o644) != nil {
		t.Fatal("writing the fixtures")
	}
	var out bytes.Buffer
	if err := printFiles(&out, []string{a, b}, 5); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want a header and two lines:\n%s", out.String())
	}
	for i, p := range []string{a, b} {
		v, _ := readBuild(p, 5)
		if f := strings.Fields(lines[i+1]); len(f) != 4 || f[0] != p || f[1] != strconv.Itoa(v.raw) || f[2] != strconv.Itoa(v.gzip) || f[3] != strconv.Itoa(v.brotli) {
			t.Errorf("line %q, want %s %d %d %d", lines[i+1], p, v.raw, v.gzip, v.brotli)
		}
	}
	if err := printFiles(&out, []string{filepath.Join(dir, "none.wasm")}, 5); err == nil {
		t.Error("a missing build: no error")
	}
}
