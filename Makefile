# Tabula build and test entry points. See README.md.
GO        ?= go
WASM_EXEC := $(shell $(GO) env GOROOT)/lib/wasm/go_js_wasm_exec
ADDR      ?= localhost:8000
SITE      ?= site

.PHONY: all wasm run build test test-native test-packages test-engine test-app test-browser test-wasm vet fuzz bench bench-start bench-deck bench-p2p bench-latency sim size

all: build

# The browser client: cmd/tabula compiled for js/wasm. gobuild.sh says
# what it builds and numbers the packages as they compile (a first build
# takes minutes on 2 cores).
BUILD := GO=$(GO) sh cmd/tabula/gobuild.sh
wasm:
	@GOOS=js GOARCH=wasm $(BUILD) "the client (web/app.wasm)" ./cmd/tabula -trimpath -ldflags="-s -w" -o web/app.wasm

# Build the client and the server, and serve the app on http://$(ADDR).
run: wasm
	@$(BUILD) "the server (build/tabula)" ./cmd/tabula -o build/tabula
	build/tabula serve -addr $(ADDR)

# Write the static site (with app.wasm and pre-compressed copies) into $(SITE)/.
# Its URLs are relative: the same site works from a domain's root or any
# sub-path (README.md, "Deploy"). BROTLI=9 builds faster, a little larger.
BROTLI    ?= 11
build: wasm
	$(GO) run ./cmd/tabula build -out $(SITE) -brotli $(BROTLI)

# Every test: native (unit, fuzz seed corpora, browser end-to-end), then the
# engine again under js/wasm in Node, and app/p2pnet's and app/relay's
# browser bindings there (Node has no WebRTC and, by default, no
# WebSocket: they check the errors that gives).
#
# Three lanes run side by side:
# - vet, then the engine's packages: pure computation (engine tests run
#   their networks on a simulated clock), so at low priority (nice 10),
#   filling what the other lanes leave idle;
# - the client's build, then the browser tests (cmd/tabula), the longest
#   part, which keep less than one core busy (they mostly wait for pages
#   and peers);
# - the other native packages (app/, cmd/: real WebRTC, relays and
#   timers, so at full priority), two at a time as always; then, once
#   they are done (after about 4 minutes), the wasm run at nice 10 beside
#   the engine's packages, so that it does not wait for them and run
#   alone at the end.
# Each package's result prints as it ends; any part failing fails the
# target.
test:
	@( nice -n 10 sh -c '$(MAKE) --no-print-directory vet; v=$$?; $(MAKE) --no-print-directory test-engine; e=$$?; \
	   test $$v -eq 0 && test $$e -eq 0' ) & beside=$$!; \
	( $(MAKE) --no-print-directory test-app; a=$$?; nice -n 10 $(MAKE) --no-print-directory test-wasm; w=$$?; \
	  test $$a -eq 0 && test $$w -eq 0 ) & app=$$!; \
	$(MAKE) --no-print-directory wasm && $(MAKE) --no-print-directory test-browser; own=$$?; \
	wait $$app; apps=$$?; wait $$beside; other=$$?; \
	test $$apps -eq 0 && test $$own -eq 0 && test $$other -eq 0

vet:
	$(GO) vet ./...

test-native: test-packages test-browser

# Every native package but the browser tests'.
test-packages: test-engine test-app

# The slowest packages first in each list: go test starts them in the
# order given, so that none is left running alone at the end while the
# other core idles. The engine's get a longer timeout: beside the browser
# at low priority they may wait long for a core.
test-engine:
	$(GO) test -count=1 -timeout 30m ./engine/p2p ./engine/catan/citiesknights ./engine/catan ./engine/catan/traders ./engine/...

test-app:
	$(GO) test -count=1 -timeout 10m ./app/netplay ./app/p2pnet ./app/catanui/citiesknights ./cmd/sim \
	  $$($(GO) list ./app/... ./cmd/... | grep -v '/cmd/tabula$$')

test-browser:
	$(GO) test -count=1 -timeout 40m ./cmd/tabula

# Slower beside the browser tests (make test): a longer timeout than go
# test's 10 minutes a package. The slowest first, as above (each package
# runs on one core in Node).
test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -count=1 -timeout 30m -exec="$(WASM_EXEC)" ./engine/p2p ./engine/catan/citiesknights \
	  ./engine/agricola ./engine/agricola/cards ./engine/... ./app/p2pnet ./app/relay

# Benchmarks and a long simulation, for the numbers in closing notes.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/...

# Cold and warm start of the site in $(SITE) (make build) in headless
# Chromium, quiet and with the CPU throttled 4x (10 runs each);
# BASE=<another built site> measures it beside, runs alternated.
BASE ?=
bench-start: build
	TABULA_BENCH_SITE=$(abspath $(SITE)) TABULA_BENCH_BASE=$(BASE) $(GO) test -count=1 -timeout 30m -run '^$$' -bench BrowserStart -benchtime 1x ./cmd/tabula

# engine/deck's benchmarks (hidden cards: the draw, the reveal, the
# shuffles, Agricola's deal) as wasm in headless Chromium with the CPU
# throttled 4x, for docs/p2p.md's costs table. DECK_BENCH picks them,
# DECK_BENCHTIME sets their -test.benchtime.
DECK_BENCH     ?= .
DECK_BENCHTIME ?= 3x
bench-deck:
	GOOS=js GOARCH=wasm $(GO) test -c -o build/deck.wasm ./engine/deck
	TABULA_DECK_WASM=$(abspath build/deck.wasm) TABULA_DECK_BENCH='$(DECK_BENCH)' TABULA_DECK_BENCHTIME=$(DECK_BENCHTIME) $(GO) test -count=1 -timeout 30m -run '^$$' -bench BrowserDeck -benchtime 1x ./cmd/tabula

# What an entry costs its receiving device, sealed and plain, in wasm in
# headless Chromium throttled 4x (BenchmarkEntryWork4 of engine/p2p).
P2P_BENCH ?= EntryWork4
bench-p2p:
	GOOS=js GOARCH=wasm $(GO) test -c -o build/p2p.wasm ./engine/p2p
	TABULA_P2P_WASM=$(abspath build/p2p.wasm) TABULA_P2P_BENCH='$(P2P_BENCH)' $(GO) test -count=1 -timeout 60m -run '^$$' -bench BrowserP2PEntry -benchtime 1x ./cmd/tabula

# Network play end to end, sealed against plain: three headless Chromium
# pages throttled 4x play a game over WebRTC on loopback, rounds of each
# kind alternated (BenchmarkBrowserP2PLatency builds the plain baseline's
# wasm itself). LAT_GAMES picks the games, LAT_ROUNDS the rounds of each.
LAT_GAMES  ?= catan
LAT_ROUNDS ?= 2
bench-latency: wasm
	TABULA_LAT_GAMES='$(LAT_GAMES)' TABULA_LAT_ROUNDS=$(LAT_ROUNDS) $(GO) test -count=1 -timeout 90m -run '^$$' -bench BrowserP2PLatency -benchtime 1x ./cmd/tabula

# Every fuzz target for FUZZTIME each. New inputs are shrunk for at most a
# second (Go's default, a minute per input, stalls short runs).
FUZZTIME  ?= 20s
fuzz:
	@for d in $$(grep -rl --include='*_test.go' '^func Fuzz' engine app cmd | xargs -n1 dirname | sort -u); do \
	  for f in $$(grep -h '^func Fuzz' $$d/*_test.go | sed 's/^func \(Fuzz[A-Za-z0-9_]*\).*/\1/'); do \
	    echo "== ./$$d $$f"; \
	    $(GO) test -run '^$$' -fuzz '^'"$$f"'$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 1s ./$$d || exit 1; \
	  done; \
	done

sim:
	$(GO) run ./cmd/sim -game catan -players 4 -games 1000 -seed 1 -bots random

# The size report: where app.wasm's bytes are (by package, from a build
# that keeps the function names) and what each game adds (builds without
# it: build tag tabula_no_<game>, engine/games/game_*.go). Seven client
# builds and their compression: a few minutes on 2 cores.
SIZE_DIR  := build/size
WASM_ENV  := GOOS=js GOARCH=wasm
NAMED     := $(GO) build -trimpath -ldflags=-w
CATAN_ALL := tabula_no_catan tabula_no_cities_knights tabula_no_traders_barbarians
size:
	@mkdir -p $(SIZE_DIR)
	@echo "make size: 7 client builds, then their compression (brotli $(BROTLI)): a few minutes on 2 cores"
	$(WASM_ENV) $(NAMED) -o $(SIZE_DIR)/app.wasm ./cmd/tabula
	$(WASM_ENV) $(NAMED) -tags '$(CATAN_ALL)' -o $(SIZE_DIR)/no-catan.wasm ./cmd/tabula
	$(WASM_ENV) $(NAMED) -tags tabula_no_cities_knights -o $(SIZE_DIR)/no-cities-knights.wasm ./cmd/tabula
	$(WASM_ENV) $(NAMED) -tags tabula_no_traders_barbarians -o $(SIZE_DIR)/no-traders-barbarians.wasm ./cmd/tabula
	$(WASM_ENV) $(NAMED) -tags tabula_no_burgundy -o $(SIZE_DIR)/no-burgundy.wasm ./cmd/tabula
	$(WASM_ENV) $(NAMED) -tags tabula_no_agricola -o $(SIZE_DIR)/no-agricola.wasm ./cmd/tabula
	$(WASM_ENV) $(NAMED) -tags '$(CATAN_ALL) tabula_no_burgundy tabula_no_agricola' -o $(SIZE_DIR)/home.wasm ./cmd/tabula
	$(GO) run ./cmd/tabula size -dir $(SIZE_DIR) -brotli $(BROTLI) -readme README.md
