//go:build !js

package main

import (
	"compress/gzip"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// htaccess lets Apache send the pre-compressed copies of app.wasm; other
// hosts ignore it (README.md, "Deploy", says what each host does).
//
//go:embed htaccess
var htaccess []byte

func build(args []string) error {
	fs := flag.NewFlagSet("build", flag.ExitOnError)
	out := fs.String("out", "site", "output directory")
	dir := fs.String("dir", ".", "directory holding web/ (with app.wasm)")
	quality := fs.Int("brotli", 11, "brotli quality of app.wasm.br (0–11; 11 takes about 30 s), -1 for no compressed copies")
	_ = fs.Parse(args)
	sz, err := buildSite(*out, filepath.Join(*dir, "web"), *quality)
	if err != nil {
		return err
	}
	if *quality < 0 {
		log.Printf("wrote %s (version %s): app.wasm %.2f MB, no compressed copies", *out, sz.version, mb(sz.raw))
		return nil
	}
	log.Printf("wrote %s (version %s): app.wasm %.2f MB, gzip %.2f MB, brotli %.2f MB (quality %d)",
		*out, sz.version, mb(sz.raw), mb(sz.gzip), mb(sz.brotli), *quality)
	return nil
}

// siteSizes are the sizes of app.wasm in a built site.
type siteSizes struct {
	version           string
	raw, gzip, brotli int
}

// buildSite writes the static site into out: index.html, go-app's
// scripts, the manifest, web/ (app.wasm and the assets) and, unless
// quality is negative, app.wasm.gz and app.wasm.br beside app.wasm for
// hosts that serve pre-compressed files. Every URL in it is relative: the
// site works from any directory of any static host.
func buildSite(out, webDir string, quality int) (siteSizes, error) {
	raw, err := readWasm(filepath.Join(webDir, "app.wasm"))
	if errors.Is(err, fs.ErrNotExist) {
		return siteSizes{}, errors.New("web/app.wasm is missing: run `make wasm` first")
	}
	if err != nil {
		return siteSizes{}, err
	}
	sz := siteSizes{version: Version(webDir), raw: len(raw)}
	files, err := generate(Handler(sz.version, int64(len(raw))))
	if err != nil {
		return sz, err
	}
	web := filepath.Join(out, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		return sz, err
	}
	if err := writeSite(out, files); err != nil {
		return sz, err
	}
	if err := os.WriteFile(filepath.Join(out, ".htaccess"), htaccess, 0o644); err != nil {
		return sz, err
	}
	entries, err := os.ReadDir(webDir)
	if err != nil {
		return sz, err
	}
	for _, e := range entries {
		n := e.Name()
		if !shipped(e) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(webDir, n))
		if err != nil {
			return sz, err
		}
		if n == "app.wasm" {
			b = raw
		}
		if err := os.WriteFile(filepath.Join(web, n), b, 0o644); err != nil {
			return sz, err
		}
	}
	for _, ext := range []string{".gz", ".br"} {
		_ = os.Remove(filepath.Join(web, "app.wasm"+ext)) // from an earlier build
	}
	if quality < 0 {
		return sz, nil
	}
	g := gz(raw, gzip.BestCompression)
	b := br(raw, quality)
	sz.gzip, sz.brotli = len(g), len(b)
	if err := os.WriteFile(filepath.Join(web, "app.wasm.gz"), g, 0o644); err != nil {
		return sz, err
	}
	return sz, os.WriteFile(filepath.Join(web, "app.wasm.br"), b, 0o644)
}

// shipped reports whether a file of web/ goes into the site as it is: not
// a directory, a compressed copy or a file being written.
func shipped(e fs.DirEntry) bool {
	n := e.Name()
	return !e.IsDir() && !strings.HasSuffix(n, ".gz") && !strings.HasSuffix(n, ".br") && !strings.HasSuffix(n, ".tmp")
}

// readWasm reads the client's module as the site ships it: its data
// section packed (packData).
func readWasm(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p, err := packData(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

func mb(n int) float64 { return float64(n) / 1e6 }
