//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"hash"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
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
	case "size":
		err = sizeCmd(os.Args[2:])
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
  tabula build [-out site] [-dir .] [-brotli 11] write the static site
  tabula size [-dir build/size] [-brotli 11]      the size report (make size builds what it reads)`)
	os.Exit(2)
}

func newHash() hash.Hash { return sha256.New() }

func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	addr := fs.String("addr", "localhost:8000", "address to listen on")
	dir := fs.String("dir", ".", "directory holding web/ (with app.wasm)")
	_ = fs.Parse(args)
	if _, err := os.Stat(filepath.Join(*dir, "web", "app.wasm")); err != nil {
		return errors.New("web/app.wasm is missing: run `make wasm` first")
	}
	if stale(filepath.Join(*dir, "web", "app.wasm"), ".br") {
		fmt.Println("Compressing app.wasm for the browser (once per client build: up to a minute)…")
	}
	h, err := NewServer(*dir, Version(filepath.Join(*dir, "web")))
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Printf("Tabula is served on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// Server is the dev server: the site's generated files from memory,
// web/ from the directory, and app.wasm pre-compressed (brotli, else
// gzip) for a browser that accepts it. It is a plain static server: no
// game logic runs on it.
type Server struct {
	files map[string]file
	etag  string
	web   http.Handler
	wasm  map[string][]byte // by Content-Encoding ("" is the raw file)
}

// brotliServe is the brotli quality of the dev server's copy: about a
// second for app.wasm, once per client build (the copy is kept in web/).
const brotliServe = 9

// NewServer serves the app from root (which holds web/ with app.wasm).
func NewServer(root, version string) (*Server, error) {
	webDir := filepath.Join(root, "web")
	raw, err := readWasm(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		return nil, err
	}
	files, err := generate(Handler(version, int64(len(raw))))
	if err != nil {
		return nil, err
	}
	s := &Server{
		files: files,
		etag:  strconv.Quote(version),
		web:   http.StripPrefix("/web", http.FileServer(http.Dir(webDir))),
		wasm:  map[string][]byte{"": raw},
	}
	// Compressed now, not on the first visitor's clock; kept beside
	// app.wasm for the next start.
	p := filepath.Join(webDir, "app.wasm")
	s.wasm["br"] = cached(p, ".br", raw, func(b []byte) []byte { return br(b, brotliServe) })
	s.wasm["gzip"] = cached(p, ".gz", raw, func(b []byte) []byte { return gz(b, gzip.DefaultCompression) })
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Nothing has a versioned URL: browsers revalidate every file (a 304
	// when unchanged); the service worker keeps the app for offline use.
	w.Header().Set("Cache-Control", "no-cache")
	p := r.URL.Path
	switch {
	case p == "/web/app.wasm":
		s.serveWasm(w, r)
	case strings.HasPrefix(p, "/web/"):
		s.web.ServeHTTP(w, r)
	default:
		if p == "/index.html" {
			p = "/"
		}
		f, ok := s.files[p]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", f.contentType)
		w.Header().Set("ETag", s.etag)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.body))
	}
}

// serveWasm sends the smallest copy of app.wasm the browser accepts, with
// its length (the loader shows the megabytes on the wire).
func (s *Server) serveWasm(w http.ResponseWriter, r *http.Request) {
	enc := ""
	for _, e := range []string{"br", "gzip"} {
		if s.wasm[e] != nil && accepts(r.Header.Get("Accept-Encoding"), e) {
			enc = e
			break
		}
	}
	etag := s.etag
	if enc != "" {
		etag = strings.TrimSuffix(s.etag, `"`) + "-" + enc + `"`
		w.Header().Set("Content-Encoding", enc)
	}
	h := w.Header()
	h.Set("Content-Type", "application/wasm")
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && strings.Contains(inm, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := s.wasm[enc]
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

// accepts reports whether an Accept-Encoding header allows coding
// (listed, by name or "*", and not with q=0).
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != coding && name != "*" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				q, _ = strconv.ParseFloat(v, 64)
			}
		}
		return q > 0
	}
	return false
}

// stale reports whether path+ext is missing or older than path.
func stale(path, ext string) bool {
	st, err := os.Stat(path)
	if err != nil {
		return true
	}
	fi, err := os.Stat(path + ext)
	return err != nil || fi.ModTime().Before(st.ModTime())
}

// cached returns path+ext when it is at least as new as path, else makes
// it with compress and keeps it there for next time (best effort).
func cached(path, ext string, raw []byte, compress func([]byte) []byte) []byte {
	if !stale(path, ext) {
		if b, err := os.ReadFile(path + ext); err == nil {
			return b
		}
	}
	b := compress(raw)
	tmp := fmt.Sprintf("%s%s.%d.tmp", path, ext, os.Getpid())
	if os.WriteFile(tmp, b, 0o644) == nil {
		_ = os.Rename(tmp, path+ext)
	}
	return b
}

func gz(raw []byte, level int) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, level)
	_, _ = w.Write(raw)
	_ = w.Close()
	return b.Bytes()
}

// br compresses with brotli's largest standard window (16 MB, what every
// browser decodes): app.wasm is bigger than the default 4 MB window, and
// the larger one makes its copy about 1 % smaller.
func br(raw []byte, quality int) []byte {
	var b bytes.Buffer
	w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: quality, LGWin: 24})
	_, _ = w.Write(raw)
	_ = w.Close()
	return b.Bytes()
}
