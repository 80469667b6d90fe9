//go:build !js

package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// certificateCrypto are standard packages the browser build has no use
// for: TLS, certificates, RSA and the NIST curves (the browser's own
// WebSocket and WebRTC do TLS and DTLS), with their tables (P-256's
// precomputed table alone is 88 KB of random bytes, nothing a compressor
// can shrink).
var certificateCrypto = []string{
	"crypto/tls", "crypto/x509", "crypto/rsa", "crypto/dsa", "crypto/ecdsa",
	"crypto/ecdh", "crypto/elliptic", "crypto/hpke", "crypto/mlkem",
	"crypto/internal/fips140/nistec",
}

// importsOf maps each package of the browser build to its imports.
func importsOf(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "tabula/cmd/tabula")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	g := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		g[f[0]] = f[1:]
	}
	return g
}

// The browser build links TLS, certificate and NIST-curve code only
// through net/http, which go-app's pkg/app and coder/websocket import in
// their browser builds too (docs/start.md: what that costs). No package
// of the app may bring any of it in another way (engine/p2p once
// imported crypto/ecdh for a field it no longer used), and no other
// package may import net/http: then a go-app without net/http drops it
// all.
func TestClientLinksCertificateCryptoOnlyThroughNetHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("go list of the client build")
	}
	g := importsOf(t)
	var importers []string
	for p, imps := range g {
		if !strings.HasPrefix(p, "net/http") && slices.Contains(imps, "net/http") {
			importers = append(importers, p)
		}
	}
	slices.Sort(importers)
	if want := []string{"github.com/coder/websocket", "github.com/maxence-charriere/go-app/v10/pkg/app"}; !slices.Equal(importers, want) {
		t.Errorf("net/http is imported by %v, want only by %v", importers, want)
	}
	// What the client reaches without going through net/http.
	from := map[string]string{"tabula/cmd/tabula": ""}
	queue := []string{"tabula/cmd/tabula"}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range g[p] {
			if _, seen := from[q]; seen || strings.HasPrefix(q, "net/http") {
				continue
			}
			from[q] = p
			queue = append(queue, q)
		}
	}
	for _, c := range certificateCrypto {
		if _, ok := from[c]; !ok {
			continue
		}
		chain := []string{c}
		for p := from[c]; p != ""; p = from[p] {
			chain = append(chain, p)
		}
		t.Errorf("the client links %s other than through net/http: %s", c, strings.Join(chain, " <- "))
	}
}
