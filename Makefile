# Tabula build and test entry points. See README.md.
GO        ?= go
WASM_EXEC := $(shell $(GO) env GOROOT)/lib/wasm/go_js_wasm_exec
ADDR      ?= localhost:8000
SITE      ?= site

.PHONY: all wasm run build test test-native test-wasm vet fuzz bench bench-start sim

all: build

# The browser client: cmd/tabula compiled for js/wasm.
wasm:
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o web/app.wasm ./cmd/tabula

# Build the client and serve the app on http://$(ADDR).
run: wasm
	$(GO) run ./cmd/tabula serve -addr $(ADDR)

# Write the static site (with app.wasm and pre-compressed copies) into $(SITE)/.
# Its URLs are relative: the same site works from a domain's root or any
# sub-path (README.md, "Deploy"). BROTLI=9 builds faster, a little larger.
BROTLI    ?= 11
build: wasm
	$(GO) run ./cmd/tabula build -out $(SITE) -brotli $(BROTLI)

# Every test: native (unit, fuzz seed corpora, browser end-to-end), then the
# engine again under js/wasm in Node.
test: vet wasm test-native test-wasm

vet:
	$(GO) vet ./...

# The browser tests (cmd/tabula) run on their own, after the rest, so that
# Chromium and the pion loopback tests do not compete for the two cores.
test-native:
	$(GO) test -count=1 -timeout 10m $$($(GO) list ./... | grep -v '/cmd/tabula$$')
	$(GO) test -count=1 -timeout 40m ./cmd/tabula

test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$(WASM_EXEC)" ./engine/...

# Benchmarks and a long simulation, for the numbers in closing notes.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/...

# Cold and warm start of the app in headless Chromium (10 runs each).
bench-start: wasm
	$(GO) test -count=1 -run '^$$' -bench BrowserStart -benchtime 1x ./cmd/tabula

sim:
	$(GO) run ./cmd/sim -game catan -players 4 -games 1000 -seed 1 -bots random
