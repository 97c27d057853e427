#!/usr/bin/env bash
# Whole-process figures for the README's performance table: wall time and
# peak memory of headroom next to cat and sha256sum on the same real log.
#
#   scripts/measure.sh [LOG]
#
# LOG is a real log to build the inputs from (default: the output of
# `go test -v` over a few standard packages, captured once). The inputs are
# LOG cut or repeated to 10 KB and to each size in SIZES (megabytes).
#
# The two commands of a row run alternately, RUNS times each (fewer for the
# large inputs), so that a machine that is busier in one moment than the
# next slows both alike; the table gives medians, and each command's peak
# RSS from one more run under /usr/bin/time. Each headroom run starts from
# an empty store, as a new log does: input already in the store costs
# more, for the kernel then frees the new copy (about 0.5 s per GB here).
#
# The last column is the share of the machine's CPU time that the host
# gave to other virtual machines meanwhile: above a few percent, the
# figures are worth little, and headroom, which uses both cores, suffers
# more than the single-threaded baselines, so such a row is measured again
# (see MAX_STEAL). The binary is built as release archives are, with
# CGO_ENABLED=0.
#
# Environment: RUNS (default 21), SIZES (default "1 10 100 1000"),
# MAX_STEAL (default 5) and TRIES (default 5), WORK_DIR (default a new
# temporary directory; reuse one to keep the inputs).
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WORK_DIR:-$(mktemp -d)}
mkdir -p "$work"
runs=${RUNS:-21}
sizes=${SIZES:-1 10 100 1000}
max_steal=${MAX_STEAL:-5}
tries=${TRIES:-5}
CGO_ENABLED=0 go build -trimpath -o "$work/headroom" .
hr="$work/headroom"
export HEADROOM_STORE="$work/store"

log=${1:-}
if [ -z "$log" ]; then
	log="$work/gotest-v.log"
	[ -s "$log" ] || go test -v -count=1 encoding/... strconv unicode/... >"$log" 2>&1 || true
fi

# input BYTES: a file of LOG repeated and cut to BYTES, made once.
input() {
	local f="$work/input-$1"
	if [ ! -s "$f" ]; then
		local unit="$work/unit"
		: >"$unit"
		while [ "$(stat -c %s "$unit")" -lt $(($1 < 1048576 ? $1 : 1048576)) ]; do cat "$log" >>"$unit"; done
		if [ "$1" -le 1048576 ]; then
			head -c "$1" "$unit" >"$f"
		else
			head -c 1048576 "$unit" >"$unit.1m"
			for _ in $(seq $(($1 / 1048576))); do cat "$unit.1m"; done >"$f"
		fi
	fi
	echo "$f"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# wall CMD...: milliseconds the command takes, its output discarded.
wall() {
	local start=$EPOCHREALTIME
	"$@" >/dev/null
	awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.3f\n", (b - a) * 1000}'
}

# cpustat: the machine's CPU time so far, all and stolen by the host (a
# virtual machine's neighbours), from /proc/stat.
cpustat() {
	awk '/^cpu / {t = 0; for (i = 2; i <= NF; i++) t += $i; print t, $9}' /proc/stat 2>/dev/null || echo "0 0"
}

# rss CMD...: the command's peak resident set, in MB.
rss() {
	/usr/bin/time -f %M -o "$work/rss" "$@" >/dev/null
	awk '{printf "%.1f\n", $1 / 1024}' "$work/rss"
}

# row NAME SIZE N BASELINE -- HEADROOM...: one table row from N alternate
# runs of the baseline command (run on the input) and headroom. A row
# during which the host stole more than MAX_STEAL percent of the CPU is
# measured again, up to TRIES times; the last attempt is printed whatever
# it found.
row() {
	local name=$1 size=$2 n=$3 base=$4 in
	shift 5
	in=$(input "$size")
	"$base" "$in" >/dev/null # warm the page cache
	local try a b before after steal
	for try in $(seq "$tries"); do
		a=() b=()
		before=$(cpustat)
		for _ in $(seq "$n"); do
			a+=("$(wall "$base" "$in")")
			rm -rf "$HEADROOM_STORE"
			b+=("$(wall "$@" "$in")")
		done
		after=$(cpustat)
		steal=$(awk -v before="$before" -v after="$after" 'BEGIN {
			split(before, x, " "); split(after, y, " ")
			printf "%.0f", (y[1] > x[1] ? 100 * (y[2] - x[2]) / (y[1] - x[1]) : 0)
		}')
		[ "$steal" -le "$max_steal" ] && break
	done
	local ma mb
	rm -rf "$HEADROOM_STORE" # for the RSS run below
	ma=$(printf '%s\n' "${a[@]}" | median)
	mb=$(printf '%s\n' "${b[@]}" | median)
	awk -v name="$name" -v size="$(human "$size")" -v base="$base" -v a="$ma" -v b="$mb" -v rss="$(rss "$@" "$in")" -v steal="$steal" \
		'BEGIN {printf "| %s | %s | %.1f ms | %s %.1f ms | %+.1f ms | %.2f | %s MB | %d%% |\n", name, size, b, base, a, b - a, b / a, rss, steal}'
}

human() {
	if [ "$1" -lt 1048576 ]; then echo "$(($1 / 1024)) KB"; else echo "$(($1 / 1048576)) MB"; fi
}

echo "| what | input | headroom (median) | baseline (median) | difference | ratio | headroom peak RSS | CPU stolen |"
echo "|---|---|---|---|---|---|---|---|"
# Within the budget by length alone (no tokenizer), then by exact count.
row "pass-through" 10240 "$runs" cat -- "$hr" clip --budget 100000
row "pass-through, counted" 10240 "$runs" cat -- "$hr" clip --budget 5000
for mb in $sizes; do
	n=$runs
	[ "$mb" -ge 100 ] && n=$(((runs + 3) / 4))
	[ "$mb" -ge 1000 ] && n=3
	row "clip" $((mb * 1048576)) "$n" sha256sum -- "$hr" clip
done
