//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// fakeRoot is a directory with web/ holding a stand-in app.wasm (a module
// of one custom section, which the server and the build only pack, copy
// and compress) and the real assets.
func fakeRoot(t *testing.T) (string, []byte) {
	t.Helper()
	root := t.TempDir()
	web := filepath.Join(root, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	filler := bytes.Repeat([]byte("not a real client, but it compresses; "), 4000)
	raw := binary.AppendUvarint([]byte("\x00asm\x01\x00\x00\x00\x00"), uint64(len(filler)+1))
	raw = append(append(raw, 0), filler...) // a custom section with no name
	if err := os.WriteFile(filepath.Join(web, "app.wasm"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"tabula.css", "icon.svg", "icon.png"} {
		b, err := os.ReadFile(filepath.Join(repoRoot(), "web", n))
		if err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(web, n), b, 0o644)
	}
	return root, raw
}

// rootAbsolute finds URLs that start at the host's root ("/app.js"), which
// break a site served from a sub-path.
var rootAbsolute = regexp.MustCompile(`(?:src|href)="/[^"]*"|"/(?:web/|app|wasm|manifest)[^"]*"`)

func TestSiteURLsAreRelative(t *testing.T) {
	root, raw := fakeRoot(t)
	out := t.TempDir()
	sz, err := buildSite(out, filepath.Join(root, "web"), 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "app.js", "app-worker.js", "manifest.webmanifest"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if m := rootAbsolute.FindAll(b, -1); len(m) > 0 {
			t.Errorf("%s has root-absolute URLs: %q", name, m)
		}
	}
	page, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if bytes.Contains(page, []byte(`"https://"`)) || bytes.Contains(page, []byte(`"https:///`)) {
		t.Error("index.html links to an address without a host")
	}
	// app.wasm's URL names the build, the same in the page and the worker.
	wasm := `"web/app.wasm?v=` + sz.version + `"`
	for _, want := range []string{`src="app.js"`, `src="wasm_exec.js"`, `href="manifest.webmanifest"`, `href="web/tabula.css"`,
		`const url = ` + wasm, `fetch(url`, `WebAssembly.compileStreaming(response)`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	js, _ := os.ReadFile(filepath.Join(out, "app.js"))
	for _, want := range []string{`register("app-worker.js")`, "function tabulaProgress"} {
		if !bytes.Contains(js, []byte(want)) {
			t.Errorf("app.js lacks %s", want)
		}
	}
	if bytes.Contains(js, []byte("{{.")) {
		t.Error("app.js has an unfilled placeholder")
	}
	worker, _ := os.ReadFile(filepath.Join(out, "app-worker.js"))
	if !bytes.Contains(worker, []byte(`"./"`)) || !bytes.Contains(worker, []byte(wasm)) {
		t.Errorf("the service worker does not cache the page and app.wasm by relative URL")
	}
	var manifest struct {
		Scope    string `json:"scope"`
		StartURL string `json:"start_url"`
	}
	mb, _ := os.ReadFile(filepath.Join(out, "manifest.webmanifest"))
	if err := json.Unmarshal(mb, &manifest); err != nil || manifest.Scope != "./" || manifest.StartURL != "./" {
		t.Errorf("manifest scope %q start_url %q (%v), want ./", manifest.Scope, manifest.StartURL, err)
	}

	// The compressed copies are app.wasm.
	for _, c := range []struct {
		name string
		open func(io.Reader) (io.Reader, error)
		size int
	}{
		{"app.wasm.gz", func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }, sz.gzip},
		{"app.wasm.br", func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }, sz.brotli},
	} {
		b, err := os.ReadFile(filepath.Join(out, "web", c.name))
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.open(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, raw) || len(b) != c.size || len(b) >= len(raw) {
			t.Errorf("%s: %d bytes (reported %d) decode to %d bytes (%v), want %d", c.name, len(b), c.size, len(got), err, len(raw))
		}
	}
	if b, err := os.ReadFile(filepath.Join(out, ".htaccess")); err != nil || !bytes.Contains(b, []byte("Content-Encoding br")) {
		t.Errorf(".htaccess: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "web", "icon.svg")); err != nil {
		t.Error("web/ assets not copied:", err)
	}
}

func TestServerSendsCompressedWasm(t *testing.T) {
	root, raw := fakeRoot(t)
	h, err := NewServer(root, "v1")
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string, hdr ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			r.Header.Set(hdr[i], hdr[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	decode := map[string]func([]byte) ([]byte, error){
		"": func(b []byte) ([]byte, error) { return b, nil },
		"gzip": func(b []byte) ([]byte, error) {
			r, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				return nil, err
			}
			return io.ReadAll(r)
		},
		"br": func(b []byte) ([]byte, error) { return io.ReadAll(brotli.NewReader(bytes.NewReader(b))) },
	}
	var etags []string
	for _, c := range []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip;q=0.5", "gzip"},
		{"", ""},
		{"identity", ""},
		{"*", "br"},
	} {
		w := get("/web/app.wasm", "Accept-Encoding", c.accept)
		res := w.Result()
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != c.want {
			t.Errorf("Accept-Encoding %q: status %d, Content-Encoding %q, want %q", c.accept, res.StatusCode, res.Header.Get("Content-Encoding"), c.want)
			continue
		}
		if res.Header.Get("Content-Type") != "application/wasm" || res.Header.Get("Vary") != "Accept-Encoding" ||
			res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
			t.Errorf("Accept-Encoding %q: headers %v", c.accept, res.Header)
		}
		got, err := decode[c.want](w.Body.Bytes())
		if err != nil || !bytes.Equal(got, raw) {
			t.Errorf("Accept-Encoding %q: body does not decode to app.wasm (%v)", c.accept, err)
		}
		etag := res.Header.Get("ETag")
		etags = append(etags, etag)
		if w := get("/web/app.wasm", "Accept-Encoding", c.accept, "If-None-Match", etag); w.Code != http.StatusNotModified {
			t.Errorf("Accept-Encoding %q: revalidation got %d, want 304", c.accept, w.Code)
		}
	}
	if etags[0] == etags[1] || etags[1] == etags[3] {
		t.Errorf("the encodings share an ETag: %v", etags)
	}
	// The copies are kept beside app.wasm for the next start.
	for _, ext := range []string{".br", ".gz"} {
		if _, err := os.Stat(filepath.Join(root, "web", "app.wasm"+ext)); err != nil {
			t.Errorf("app.wasm%s not kept: %v", ext, err)
		}
	}
	for path, typ := range map[string]string{"/": "text/html", "/index.html": "text/html", "/app.js": "application/javascript",
		"/app-worker.js": "application/javascript", "/manifest.webmanifest": "application/manifest+json", "/web/tabula.css": "text/css"} {
		w := get(path)
		if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), typ) {
			t.Errorf("%s: %d %q", path, w.Code, w.Header().Get("Content-Type"))
		}
	}
	if w := get("/nothing-here"); w.Code != http.StatusNotFound {
		t.Errorf("unknown path: %d", w.Code)
	}
}
