//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func native() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(os.Args[2:])
	case "build":
		err = build(os.Args[2:])
	case "icon":
		err = writeIcon(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tabula:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage:
  tabula serve [-addr localhost:8000] [-dir .]   serve the app (web/app.wasm must be built: make wasm)
  tabula build [-out site] [-dir .]              write the static site`)
	os.Exit(2)
}

// Handler is the go-app handler of Tabula. Icons are local and the version
// explicit: the service worker pre-caches everything it lists on install,
// so an outside icon URL would break offline use, and the version names
// the cache (a new build gets a new cache).
func Handler(version string, wasmSize int64) *app.Handler {
	routes()
	h := &app.Handler{
		Name:            "Tabula",
		ShortName:       "Tabula",
		Title:           "Tabula — board games on one device",
		Description:     "Play Catan and other board games in the browser, offline, hot-seat or with bots.",
		Lang:            "en",
		Author:          "Tabula",
		Icon:            app.Icon{Default: "/web/icon.png", Large: "/web/icon.png", SVG: "/web/icon.svg"},
		BackgroundColor: "#16222c",
		ThemeColor:      "#16222c",
		LoadingLabel:    "Loading Tabula… {progress}%",
		Styles:          []string{"/web/tabula.css"},
		CacheableResources: []string{
			"/web/icon.svg",
		},
		Version: version,
	}
	if wasmSize > 0 {
		// The loader's progress bar counts decompressed bytes, so give it
		// the raw size: the transfer itself may be compressed.
		h.WasmContentLength = strconv.FormatInt(wasmSize, 10)
	}
	return h
}

func wasmSize(webDir string) int64 {
	if fi, err := os.Stat(filepath.Join(webDir, "app.wasm")); err == nil {
		return fi.Size()
	}
	return 0
}

// Version is the hash of the client build: a new app.wasm gets a new cache.
func Version(webDir string) string {
	f, err := os.Open(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		return "dev"
	}
	defer f.Close()
	h := sha256.New()
	_, _ = io.Copy(h, f)
	for _, name := range []string{"tabula.css", "icon.svg"} {
		if b, err := os.ReadFile(filepath.Join(webDir, name)); err == nil {
			h.Write(b)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	addr := fs.String("addr", "localhost:8000", "address to listen on")
	dir := fs.String("dir", ".", "directory holding web/ (with app.wasm)")
	_ = fs.Parse(args)
	if err := os.Chdir(*dir); err != nil {
		return err
	}
	if _, err := os.Stat("web/app.wasm"); err != nil {
		return errors.New("web/app.wasm is missing: run `make wasm` first")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	h := NewServer(".", Version("web"))
	fmt.Printf("Tabula is served on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// NewServer is the static server: go-app's handler, plus app.wasm sent
// pre-compressed (brotli or gzip) when the browser accepts it.
func NewServer(root, version string) http.Handler {
	h := Handler(version, wasmSize(filepath.Join(root, "web")))
	h.Resources = staticDir{Handler: http.FileServer(http.Dir(root))}
	s := &wasmServer{next: h, path: filepath.Join(root, "web", "app.wasm")}
	s.once.Do(s.load) // compress now, not on the first visitor's clock
	return s
}

// staticDir serves /web/… from a directory while keeping the URLs as they
// are (go-app's LocalDir puts its directory into the URLs).
type staticDir struct{ http.Handler }

func (staticDir) Resolve(location string) string { return location }

type wasmServer struct {
	next http.Handler
	path string

	once   sync.Once
	gz, br []byte
}

func (s *wasmServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/web/app.wasm" && r.URL.Path != "/app.wasm" {
		s.next.ServeHTTP(w, r)
		return
	}
	s.once.Do(s.load)
	ae := r.Header.Get("Accept-Encoding")
	var body []byte
	switch {
	case s.br != nil && strings.Contains(ae, "br"):
		body = s.br
		w.Header().Set("Content-Encoding", "br")
	case s.gz != nil && strings.Contains(ae, "gzip"):
		body = s.gz
		w.Header().Set("Content-Encoding", "gzip")
	default:
		s.next.ServeHTTP(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Vary", "Accept-Encoding")
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// load reads the pre-compressed copies written by `tabula build` or makes
// a gzip copy when there is none (or it is older than app.wasm).
func (s *wasmServer) load() {
	raw, err := os.ReadFile(s.path)
	if err != nil {
		return
	}
	st, _ := os.Stat(s.path)
	fresh := func(p string) []byte {
		if fi, err := os.Stat(p); err == nil && !fi.ModTime().Before(st.ModTime()) {
			b, _ := os.ReadFile(p)
			return b
		}
		return nil
	}
	s.br = fresh(s.path + ".br")
	s.gz = fresh(s.path + ".gz")
	if s.gz == nil {
		s.gz = gz(raw, gzip.DefaultCompression)
	}
}

func gz(raw []byte, level int) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, level)
	_, _ = w.Write(raw)
	_ = w.Close()
	return b.Bytes()
}

func br(raw []byte, quality int) []byte {
	var b bytes.Buffer
	w := brotli.NewWriterLevel(&b, quality)
	_, _ = w.Write(raw)
	_ = w.Close()
	return b.Bytes()
}

func build(args []string) error {
	fs := flag.NewFlagSet("build", flag.ExitOnError)
	out := fs.String("out", "site", "output directory")
	dir := fs.String("dir", ".", "directory holding web/ (with app.wasm)")
	quality := fs.Int("brotli", 9, "brotli quality (0–11; 11 is slow in pure Go)")
	_ = fs.Parse(args)
	if err := os.Chdir(*dir); err != nil {
		return err
	}
	raw, err := os.ReadFile("web/app.wasm")
	if err != nil {
		return errors.New("web/app.wasm is missing: run `make wasm` first")
	}
	h := Handler(Version("web"), int64(len(raw)))
	if err := app.GenerateStaticWebsite(*out, h); err != nil {
		return err
	}
	web := filepath.Join(*out, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir("web")
	if err != nil {
		return err
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasSuffix(n, ".gz") || strings.HasSuffix(n, ".br") {
			continue
		}
		b, err := os.ReadFile(filepath.Join("web", n))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(web, n), b, 0o644); err != nil {
			return err
		}
	}
	g := gz(raw, gzip.BestCompression)
	b := br(raw, *quality)
	if err := os.WriteFile(filepath.Join(web, "app.wasm.gz"), g, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(web, "app.wasm.br"), b, 0o644); err != nil {
		return err
	}
	log.Printf("wrote %s: app.wasm %.2f MB, gzip %.2f MB, brotli %.2f MB (version %s)",
		*out, mb(len(raw)), mb(len(g)), mb(len(b)), h.Version)
	return nil
}

func mb(n int) float64 { return float64(n) / 1e6 }
