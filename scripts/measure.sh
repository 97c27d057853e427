#!/usr/bin/env bash
# Whole-process figures for the README: wall time and peak memory of
# headroom next to cat and sha256sum, on real log text.
#
#   scripts/measure.sh [LOG]
#
# LOG is a real log to build the inputs from (default: the output of
# `go test -v` over a few standard packages, captured once into the work
# directory). The inputs are LOG cut or repeated to 10 KB, 1 MB and 100 MB.
# Uses hyperfine when it is installed (apt-get install hyperfine), else a
# loop of /usr/bin/time runs, and reports medians.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WORK_DIR:-$(mktemp -d)}
runs=${RUNS:-20}
go build -o "$work/headroom" .
hr="$work/headroom"
export HEADROOM_STORE="$work/store"

log=${1:-}
if [ -z "$log" ]; then
	log="$work/gotest-v.log"
	[ -s "$log" ] || go test -v -count=1 encoding/... strconv unicode/... >"$log" 2>&1 || true
fi
head -c 10240 "$log" >"$work/10k.log"
while [ "$(stat -c %s "$work/1m.src" 2>/dev/null || echo 0)" -lt 1048576 ]; do cat "$log" >>"$work/1m.src"; done
head -c 1048576 "$work/1m.src" >"$work/1m.log"
: >"$work/100m.log"
for _ in $(seq 100); do cat "$work/1m.log" >>"$work/100m.log"; done

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# measure NAME RUNS CMD...: median wall seconds and median peak RSS in KB.
measure() {
	local name=$1 n=$2
	shift 2
	local times=() rss=()
	for _ in $(seq "$n"); do
		/usr/bin/time -f '%e %M' -o "$work/time.out" "$@" >/dev/null
		read -r t m <"$work/time.out"
		times+=("$t")
		rss+=("$m")
	done
	printf '%-40s %8.3f s %8d KB\n' "$name" \
		"$(printf '%s\n' "${times[@]}" | median)" "$(printf '%s\n' "${rss[@]}" | median)"
}

echo "median of runs: wall time, peak RSS"
measure "cat 10 KB" "$runs" cat "$work/10k.log"
measure "headroom clip 10 KB (pass-through)" "$runs" "$hr" clip --budget 100000 "$work/10k.log"
measure "headroom clip 1 MB" "$runs" "$hr" clip "$work/1m.log"
measure "sha256sum 100 MB" 5 sha256sum "$work/100m.log"
measure "headroom clip 100 MB" 5 "$hr" clip "$work/100m.log"

if command -v hyperfine >/dev/null; then
	echo
	echo "hyperfine, pass-through of 10 KB against cat (milliseconds resolve better here):"
	hyperfine -N -w 10 -r 200 --export-markdown "$work/hyperfine.md" \
		"cat $work/10k.log" "$hr clip --budget 100000 $work/10k.log" >/dev/null 2>&1
	cat "$work/hyperfine.md"
fi
