package p2p

import "runtime"

// The engine's tests run twice in `make test`: natively, and again under
// js/wasm in Node (make test-wasm), where the point is that the same code
// plays the same games. Wasm in Node runs these tests some five times
// slower, so the long randomized runs and floods take a sample there (every
// kind of case still runs); the native run keeps the full counts.
var underWasm = runtime.GOARCH == "wasm"

// scaled is native natively and wasm under js/wasm.
func scaled(native, wasm int) int {
	if underWasm {
		return wasm
	}
	return native
}

// sampleSeeds keeps every fuzz seed natively; under js/wasm the first
// message of each kind and every fifth of the rest.
func sampleSeeds(seeds [][]byte) [][]byte {
	if !underWasm {
		return seeds
	}
	return everyKind(seeds, 5)
}

// everyKind is the first message of each kind and every nth of the rest.
func everyKind(seeds [][]byte, nth int) [][]byte {
	var out [][]byte
	seen := map[byte]bool{}
	for i, m := range seeds {
		first := len(m) > 0 && !seen[m[0]]
		if len(m) > 0 {
			seen[m[0]] = true
		}
		if first || i%nth == 0 {
			out = append(out, m)
		}
	}
	return out
}
