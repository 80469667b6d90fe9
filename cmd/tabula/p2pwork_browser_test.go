//go:build !js

package main

import (
	"os"
	"strings"
	"testing"
)

// BenchmarkBrowserP2PEntry runs engine/p2p's BenchmarkEntryWork4 in
// headless Chromium with the CPU throttled 4× (as BenchmarkBrowserDeck
// runs engine/deck's): whole 4-device games, sealed and plain from the
// same seeds, and what each entry costs the device that receives it
// (docs/p2p.md, "Entry latency"). TABULA_P2P_WASM names a binary built
// already (make bench-p2p builds one); TABULA_P2P_BENCH picks the games
// (a -test.bench pattern, all four by default). It reports each game's p50
// sealed and plain and asserts nothing.
//
//	make bench-p2p [P2P_BENCH='EntryWork4/agricola/']
func BenchmarkBrowserP2PEntry(b *testing.B) {
	pattern := envOr("TABULA_P2P_BENCH", "EntryWork4")
	out := wasmBench(b, "./engine/p2p", os.Getenv("TABULA_P2P_WASM"), pattern, "1x")
	for _, game := range []string{"catan", "cities-knights", "traders-barbarians", "agricola"} {
		for _, mode := range []string{"plain", "sealed"} {
			if v, ok := benchFigure(out, "BenchmarkEntryWork4/"+game+"/"+mode+":p50"); ok {
				b.ReportMetric(v, strings.ReplaceAll(game, "-", "")+"-"+mode+"-p50-ms")
			}
		}
	}
}
