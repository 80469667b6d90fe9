//go:build !js

package main

import (
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"tabula/engine/games"
)

// The size report (make size): where the bytes of app.wasm are, by
// package and by kind of code, from the "name" section of a build that
// keeps it; and what each game adds, from builds without that game
// (build tags tabula_no_<game>: engine/games/game_*.go and cmd/tabula's)
// compared with the whole app.
// Sizes are those of the shipped module (custom sections stripped, as
// -ldflags=-s does, and the data packed as make build packs it), raw and
// compressed as `make build` compresses them.

func sizeCmd(args []string) error {
	fs := flag.NewFlagSet("size", flag.ExitOnError)
	dir := fs.String("dir", "build/size", "directory of the builds: app.wasm (the whole app, with names), no-<game>.wasm, home.wasm")
	quality := fs.Int("brotli", 11, "brotli quality, as make build")
	top := fs.Int("top", 25, "packages listed")
	readme := fs.String("readme", "", "README whose size table to rewrite")
	_ = fs.Parse(args)
	if fs.NArg() > 0 {
		return printFiles(os.Stdout, fs.Args(), *quality)
	}
	full, err := readBuild(filepath.Join(*dir, "app.wasm"), *quality)
	if err != nil {
		return err
	}
	pkgs, err := clientPackages()
	if err != nil {
		return err
	}
	names := newPackageNamer(pkgs)
	printPackages(os.Stdout, full, names, *top)
	fmt.Println()
	rows, err := gameRows(*dir, full, *quality, names)
	if err != nil {
		return err
	}
	printGames(os.Stdout, rows, *quality)
	if *readme != "" {
		return writeReadme(*readme, rows)
	}
	return nil
}

// printFiles prints the shipped sizes of the given builds, one line
// each: a cut's before and after, measured alike.
func printFiles(w io.Writer, paths []string, quality int) error {
	fmt.Fprintf(w, "%-40s %11s %11s %11s\n", "(packed, as shipped)", "raw", "gzip", "brotli "+strconv.Itoa(quality))
	for _, p := range paths {
		v, err := readBuild(p, quality)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-40s %11d %11d %11d\n", p, v.raw, v.gzip, v.brotli)
	}
	return nil
}

// variant is one client build's module and shipped sizes.
type variant struct {
	mod               *wasmModule
	raw, gzip, brotli int
}

func readBuild(path string, quality int) (variant, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return variant{}, err
	}
	m, err := parseWasm(b)
	if err != nil {
		return variant{}, fmt.Errorf("%s: %w", path, err)
	}
	s, err := packData(stripped(b, m))
	if err != nil {
		return variant{}, fmt.Errorf("%s: %w", path, err)
	}
	// The sections as shipped (the code and names are those of the build).
	packed, err := parseWasm(s)
	if err != nil {
		return variant{}, fmt.Errorf("%s packed: %w", path, err)
	}
	m.sections = packed.sections
	v := variant{mod: m, raw: len(s)}
	// Compressing takes a while (brotli 11: half a minute a build on a
	// quiet machine): the sizes are kept beside the build, by its hash.
	key := fmt.Sprintf("%x brotli %d", sha256.Sum256(s), quality)
	memo := path + ".sizes"
	if old, err := os.ReadFile(memo); err == nil {
		var k string
		if n, _ := fmt.Sscanf(string(old), "%64s brotli %d %d %d", &k, new(int), &v.gzip, &v.brotli); n == 4 && strings.HasPrefix(string(old), key+" ") {
			return v, nil
		}
	}
	v.gzip, v.brotli = len(gz(s, gzip.BestCompression)), len(br(s, quality))
	_ = os.WriteFile(memo, fmt.Appendf(nil, "%s %d %d\n", key, v.gzip, v.brotli), 0o644)
	return v, nil
}

// group is a kind of code the report sums: a game, the app's own shared
// code, go-app, pion, parts of Go's standard library.
func group(pkg string) string {
	if g := gameOf(pkg); g != "" {
		return "game " + g
	}
	std := !strings.Contains(strings.SplitN(pkg, "/", 2)[0], ".")
	switch {
	case strings.HasPrefix(pkg, "tabula/app/"):
		return "Tabula UI (shell, table, i18n, netplay…)"
	case strings.HasPrefix(pkg, "tabula/"):
		return "Tabula engine core (log, bots, p2p…)"
	case strings.HasPrefix(pkg, "github.com/maxence-charriere/go-app/"):
		return "go-app"
	case strings.HasPrefix(pkg, "github.com/pion/"):
		return "pion"
	case pkg == "runtime" || strings.HasPrefix(pkg, "runtime/") || strings.HasPrefix(pkg, "internal/runtime") || pkg == "internal/abi":
		return "Go runtime"
	case std && (strings.HasPrefix(pkg, "crypto/x509") || strings.HasPrefix(pkg, "crypto/tls") || strings.HasPrefix(pkg, "crypto/rsa") ||
		strings.Contains(pkg, "nistec") || strings.HasPrefix(pkg, "crypto/ecdsa") || strings.HasPrefix(pkg, "crypto/internal/fips140/rsa") ||
		strings.HasPrefix(pkg, "crypto/internal/fips140/ecdsa") || strings.HasPrefix(pkg, "crypto/internal/fips140/mlkem") ||
		strings.HasPrefix(pkg, "vendor/golang.org/x/crypto")):
		return "std crypto: TLS, X.509, RSA, ECDSA, NIST curves"
	case std && strings.HasPrefix(pkg, "crypto"):
		return "std crypto: other (hashes, ed25519, AES…)"
	case std && (strings.HasPrefix(pkg, "net") || strings.HasPrefix(pkg, "mime") || strings.HasPrefix(pkg, "vendor/golang.org/x/net")):
		return "std net, net/http"
	case std:
		return "std other"
	}
	return "other modules"
}

// gamePackages are the package path prefixes of each game's own code (a
// game's engine and UI); the longest match wins, so a Catan expansion's
// packages are not Catan's.
var gamePackages = map[string][]string{
	"catan":              {"tabula/engine/catan", "tabula/app/catanui"},
	"cities-knights":     {"tabula/engine/catan/citiesknights", "tabula/app/catanui/citiesknights"},
	"traders-barbarians": {"tabula/engine/catan/traders", "tabula/app/catanui/traders"},
	"burgundy":           {"tabula/engine/burgundy", "tabula/app/burgundyui"},
	"agricola":           {"tabula/engine/agricola", "tabula/app/agricolaui"},
}

func gameOf(pkg string) string {
	best, n := "", 0
	for g, prefixes := range gamePackages {
		for _, p := range prefixes {
			if (pkg == p || strings.HasPrefix(pkg, p+"/")) && len(p) > n {
				best, n = g, len(p)
			}
		}
	}
	return best
}

// printPackages prints the module's bytes by kind (code by group, data,
// the rest) and its largest packages.
func printPackages(w io.Writer, b variant, names *packageNamer, top int) {
	m := b.mod
	byPkg := map[string]int{}
	code := 0
	for i, n := range m.bodies {
		name := ""
		if j := m.imported + i; j < len(m.names) {
			name = m.names[j]
		}
		p := names.of(name)
		if p == "" {
			p = "(functions of no package: " + name + "…)"
		}
		byPkg[p] += n
		code += n
	}
	kinds := map[string]int{}
	for _, s := range m.sections {
		switch {
		case s.id == 10:
		case s.id == 11:
			kinds["data (strings, tables, type and function metadata)"] += s.end - s.start
		case s.id == 0 && s.name != "go:buildid":
		default:
			kinds["other sections"] += s.end - s.start
		}
	}
	byGroup := map[string]int{}
	for p, n := range byPkg {
		byGroup["code: "+group(p)] += n
	}
	fmt.Fprintf(w, "app.wasm: %s raw, %s gzip, %s brotli\n", mbs(b.raw), mbs(b.gzip), mbs(b.brotli))
	fmt.Fprintln(w, "\nby kind (raw bytes of the shipped module):")
	for _, kv := range sorted(kinds, byGroup) {
		fmt.Fprintf(w, "  %-62s %9s %5.1f%%\n", kv.k, mbs(kv.v), 100*float64(kv.v)/float64(b.raw))
	}
	fmt.Fprintf(w, "\nlargest packages (code, raw bytes; %s of code in all):\n", mbs(code))
	for i, kv := range sorted(byPkg) {
		if i == top {
			break
		}
		fmt.Fprintf(w, "  %-62s %9s %5.1f%%\n", kv.k, mbs(kv.v), 100*float64(kv.v)/float64(b.raw))
	}
}

// sizeRow is one line of the games' table.
type sizeRow struct {
	what              string
	raw, gzip, brotli int
}

// gameRows are what each game adds: the whole app's sizes less those of
// the build without it (its engine and UI; Catan's line leaves out its
// expansions too, which need it); then the home screen alone and the
// whole app.
//
// A build without a game that still holds code of that game's packages
// (another package imports them) is named on standard error: its line
// then shows less than the game weighs.
func gameRows(dir string, full variant, quality int, names *packageNamer) ([]sizeRow, error) {
	// The builds to compare: one without each game, and the home screen
	// alone; compressed a core each (brotli 11 takes half a minute).
	paths := []string{}
	for _, g := range games.List {
		paths = append(paths, filepath.Join(dir, "no-"+g.ID+".wasm"))
	}
	paths = append(paths, filepath.Join(dir, "home.wasm"))
	builds := make([]variant, len(paths))
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	sem := make(chan bool, max(runtime.NumCPU(), 1))
	for i, p := range paths {
		wg.Go(func() {
			sem <- true
			defer func() { <-sem }()
			builds[i], errs[i] = readBuild(p, quality)
		})
	}
	wg.Wait()
	var rows []sizeRow
	for i, g := range games.List {
		if errs[i] != nil {
			return nil, fmt.Errorf("%s: %w", paths[i], errs[i])
		}
		wo := builds[i]
		if left := gameCode(wo.mod, names, g.ID); len(left) > 0 {
			fmt.Fprintf(os.Stderr, "make size: the build without %s still holds its packages %s: another package imports them\n", g.ID, strings.Join(left, ", "))
		}
		what := g.ID
		if g.ID == "catan" {
			what = "catan (and its expansions)"
		}
		rows = append(rows, sizeRow{what, full.raw - wo.raw, full.gzip - wo.gzip, full.brotli - wo.brotli})
	}
	if err := errs[len(errs)-1]; err != nil {
		return nil, err
	}
	home := builds[len(builds)-1]
	rows = append(rows, sizeRow{"home screen, no game", home.raw, home.gzip, home.brotli},
		sizeRow{"whole app", full.raw, full.gzip, full.brotli})
	return rows, nil
}

// gameCode lists the packages of game id (and, for Catan, of its
// expansions, which its line leaves out too) that hold code in m.
func gameCode(m *wasmModule, names *packageNamer, id string) []string {
	seen := map[string]bool{}
	for i := range m.bodies {
		j := m.imported + i
		if j >= len(m.names) {
			break
		}
		p := names.of(m.names[j])
		g := gameOf(p)
		if g == id || id == "catan" && (g == "cities-knights" || g == "traders-barbarians") {
			seen[p] = true
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

func printGames(w io.Writer, rows []sizeRow, quality int) {
	fmt.Fprintf(w, "what each game adds (the whole app less a build without it; brotli quality %d):\n", quality)
	fmt.Fprintf(w, "  %-30s %9s %9s %9s\n", "", "raw", "gzip", "brotli")
	for _, r := range rows {
		fmt.Fprintf(w, "  %-30s %9s %9s %9s\n", r.what, mbs(r.raw), mbs(r.gzip), mbs(r.brotli))
	}
}

// The README's table of sizes sits between these lines; make size
// rewrites it.
const (
	readmeStart = "<!-- size report (make size writes this table) -->"
	readmeEnd   = "<!-- end of size report -->"
)

// writeReadme puts the table of rows into the README at path.
func writeReadme(path string, rows []sizeRow) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, readmeStart), strings.Index(s, readmeEnd)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no size report lines (%q … %q)", path, readmeStart, readmeEnd)
	}
	var t strings.Builder
	t.WriteString(readmeStart + "\n| app.wasm | raw | gzip | brotli |\n|---|--:|--:|--:|\n")
	for _, r := range rows {
		what := r.what
		if !strings.HasPrefix(what, "home") && !strings.HasPrefix(what, "whole") {
			what = "what " + what + " adds"
		}
		fmt.Fprintf(&t, "| %s | %s | %s | %s |\n", what, mbs(r.raw), mbs(r.gzip), mbs(r.brotli))
	}
	out := s[:i] + t.String() + s[j:]
	if out == s {
		return nil
	}
	return os.WriteFile(path, []byte(out), 0o644)
}

// clientPackages are the import paths of every package of the client
// build (go list, for js/wasm) with build tags.
func clientPackages(tags ...string) ([]string, error) {
	cmd := exec.Command("go", "list", "-deps", "-tags", strings.Join(tags, ","), "tabula/cmd/tabula")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	return strings.Fields(string(out)), nil
}

type kv struct {
	k string
	v int
}

// sorted is the entries of maps, largest first (then by name).
func sorted(maps ...map[string]int) []kv {
	var out []kv
	for _, m := range maps {
		for k, v := range m {
			out = append(out, kv{k, v})
		}
	}
	slices.SortFunc(out, func(a, b kv) int { return cmp.Or(b.v-a.v, strings.Compare(a.k, b.k)) })
	return out
}

func mbs(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
