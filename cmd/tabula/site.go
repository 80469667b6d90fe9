//go:build !js

package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/i18n"
	"tabula/app/netplay"
)

// The site is go-app's page and scripts with three changes, made here
// once for both the dev server and the static site:
//
//   - every URL is relative (web/app.wasm, app.js, ./), so one build works
//     from a domain's root or from any sub-path (a project page such as
//     https://example.org/tabula/); the service worker then lives beside
//     index.html and its scope is that directory;
//   - the page's head starts with Tabula's early start (early.js): app.wasm
//     read (from the service worker's cache when it holds this version) and
//     compiled while the rest of the page loads; its URL names the build
//     (web/app.wasm?v=<version>), in the page and in the worker's list;
//   - app.js gets Tabula's loader (loader.js): it runs the compiled module,
//     with a progress bar of the bytes loaded, correct under compressed
//     transfer;
//   - the service worker answers any page address under its scope from the
//     cached page when offline (worker.js), and the manifest's scope is the
//     site's directory, not the host's root.

//go:embed loader.js
var loaderJS string

//go:embed early.js
var earlyJS string

//go:embed worker.js
var workerJS string

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
		LoadingLabel:    strings.NewReplacer("%d", "{progress}", "%%", "%").Replace(i18n.LoaderTexts()[i18n.English]["loading"]),
		Styles:          []string{"/web/tabula.css"},
		CacheableResources: append([]string{
			"/web/icon.svg",
		}, fontFiles...),
		// app.wasm is read and compiled from the top of the page's head
		// (early.js, put there by generate).
		RawHeaders: []string{"<script>" + langPick() + "</script>",
			`<link rel="preload" href="web/DejaVuSans.woff" as="font" type="font/woff" crossorigin>`,
			`<link rel="preload" href="web/DejaVuSans-Bold.woff" as="font" type="font/woff" crossorigin>`},
		Version:               version,
		Resources:             relative{},
		ServiceWorkerTemplate: app.DefaultAppWorkerJS + "\n" + workerJS,
	}
	if v, ok := os.LookupEnv(netplay.RelaysEnv); ok {
		// The site's own default relays (docs/p2p.md).
		h.Env = map[string]string{netplay.RelaysEnv: v}
	}
	if wasmSize > 0 {
		// The loader's progress bar counts decompressed bytes, so give it
		// the raw size: the transfer itself may be compressed.
		h.WasmContentLength = strconv.FormatInt(wasmSize, 10)
	}
	return h
}

// langPick is langpick.js with the loader's words in every language from
// the catalogue ({"en": {"loading": …, "mb": …}, "pt-BR": …}).
func langPick() string {
	b, err := json.Marshal(i18n.LoaderTexts())
	if err != nil {
		panic(err) // a map of strings always marshals
	}
	return strings.Replace(langPickJS, "{{.LoaderTexts}}", string(b), 1)
}

//go:embed langpick.js
var langPickJS string

// The app's own fonts (web/tabula.css, @font-face): the service worker
// keeps them for offline use.
var (
	fontNames = []string{"DejaVuSans.woff", "DejaVuSans-Bold.woff", "DejaVuSerif-Bold.woff"}
	fontFiles = func() []string {
		out := make([]string, len(fontNames))
		for i, n := range fontNames {
			out[i] = "/web/" + n
		}
		return out
	}()
)

// relative makes go-app write every local URL relative to the page:
// "/web/app.wasm" becomes "web/app.wasm", "/" becomes "./". go-app passes
// the page's src and href attributes, the service worker's file list,
// the manifest's URLs and the client's resource base through it.
type relative struct{}

func (relative) Resolve(location string) string {
	switch {
	case strings.HasPrefix(location, "https://"), strings.HasPrefix(location, "http://"):
		return location
	case location == "" || location == "/":
		return "./"
	}
	return strings.TrimPrefix(location, "/")
}

// hostless matches the page's og:url and og:image tags when they name no
// host: such links need the site's address, which a build for any place
// does not know.
var hostless = regexp.MustCompile(`\s*<meta (?:property="og:(?:url|image)" content="https://(?:/[^"]*)?"|content="https://(?:/[^"]*)?" property="og:(?:url|image)")>`)

// siteFiles are the site's files besides web/ (the page and go-app's
// scripts), by URL path.
var siteFiles = []string{"/", "/app.js", "/app-worker.js", "/wasm_exec.js", "/app.css", "/manifest.webmanifest"}

// file is one generated file of the site.
type file struct {
	body        []byte
	contentType string
}

// generate renders the site's files with go-app's handler and applies
// Tabula's changes to them.
func generate(h *app.Handler) (map[string]file, error) {
	files := map[string]file{}
	for _, p := range siteFiles {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code != http.StatusOK {
			return nil, fmt.Errorf("generating %s: HTTP %d", p, rec.Code)
		}
		files[p] = file{body: rec.Body.Bytes(), contentType: rec.Header().Get("Content-Type")}
	}
	page := files["/"]
	page.body = hostless.ReplaceAll(page.body, nil)
	wasm := h.Resources.Resolve("/web/app.wasm")
	early := strings.NewReplacer("{{.Wasm}}", wasmURL(wasm, h.Version), "{{.Version}}", h.Version).Replace(earlyJS)
	head := []byte(`<meta charset="UTF-8">`)
	if !bytes.Contains(page.body, head) {
		return nil, errors.New("go-app's page has no <meta charset> to put the early start after")
	}
	page.body = bytes.Replace(page.body, head, append(head, []byte("\n    <script>"+early+"</script>")...), 1)
	files["/"] = page

	js := files["/app.js"]
	loader := strings.Replace(loaderJS, "{{.WorkerJS}}", h.Resources.Resolve("/app-worker.js"), 1)
	js.body = append(js.body, []byte("\n"+loader)...)
	files["/app.js"] = js

	// The worker keeps app.wasm under the URL the early start asks for.
	worker := files["/app-worker.js"]
	listed := strconv.Quote(wasm)
	if !bytes.Contains(worker.body, []byte(listed)) {
		return nil, fmt.Errorf("go-app's service worker does not list %s", listed)
	}
	worker.body = bytes.Replace(worker.body, []byte(listed), []byte(strconv.Quote(wasmURL(wasm, h.Version))), 1)
	files["/app-worker.js"] = worker

	m := files["/manifest.webmanifest"]
	var manifest map[string]any
	if err := json.Unmarshal(m.body, &manifest); err != nil {
		return nil, fmt.Errorf("reading go-app's manifest: %w", err)
	}
	manifest["scope"] = "./"
	manifest["start_url"] = "./"
	m.body, _ = json.Marshal(manifest)
	files["/manifest.webmanifest"] = m
	return files, nil
}

// wasmURL is app.wasm's address for one build: the version in the query
// (which static hosts ignore) makes each build's module its own entry in
// the HTTP cache and the service worker's, so a page never runs an older
// build's module.
func wasmURL(wasm, version string) string { return wasm + "?v=" + version }

// writeSite writes the generated files into dir (the page as index.html).
func writeSite(dir string, files map[string]file) error {
	for p, f := range files {
		name := strings.TrimPrefix(p, "/")
		if name == "" {
			name = "index.html"
		}
		if err := os.WriteFile(filepath.Join(dir, name), f.body, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Version is the hash of the client build: a new app.wasm gets a new cache.
func Version(webDir string) string {
	h := newHash()
	f, err := os.Open(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		return "dev"
	}
	defer f.Close()
	_, _ = io.Copy(h, f)
	for _, name := range append([]string{"tabula.css", "icon.svg"}, fontNames...) {
		if b, err := os.ReadFile(filepath.Join(webDir, name)); err == nil {
			h.Write(b)
		}
	}
	// The loader and worker are part of what a visitor runs.
	h.Write([]byte(earlyJS))
	h.Write([]byte(loaderJS))
	h.Write([]byte(langPickJS))
	h.Write([]byte(workerJS))
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}
