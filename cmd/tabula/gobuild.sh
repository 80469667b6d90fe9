#!/bin/sh
# gobuild.sh WHAT PACKAGE GO-BUILD-FLAGS... — `go build` that talks (make
# wasm, make run): it says what it builds and how long a first build takes,
# numbers each package as the compiler finishes it (go build -v prints only
# those not already in Go's build cache) with the seconds so far, says when
# the link starts (the last, long step of a wasm build), and says how long it
# took.
# GOOS and GOARCH come from the environment, as for go build.
what=$1 pkg=$2
shift 2
GO=${GO:-go}
total=$($GO list -deps "$pkg" | wc -l) || exit 1
main=$($GO list "$pkg") || exit 1
echo "Building $what: $total packages; a first build compiles them all (a few minutes on 2 cores), later builds only what changed."
start=$(date +%s)
status=$(mktemp)
{
	$GO build -v "$@" "$pkg" 2>&1
	echo "$?" >"$status"
} | awk -v total="$total" -v main="$main" '
	# srand() returns the previous seed: the time of the call before.
	BEGIN { srand(); start = srand() }
	/^[A-Za-z0-9._~\/-]+$/ {
		n++; srand()
		printf "  [%d/%d, %d s] %s\n", n, total, srand() - start, $0
		if ($0 == main) print "  linking…"
		fflush(); next
	}
	{ print; fflush() }'
code=$(cat "$status")
rm -f "$status"
end=$(date +%s)
if [ "$code" != 0 ]; then
	echo "Building $what failed." >&2
	exit "$code"
fi
echo "Built $what in $((end - start)) s."
