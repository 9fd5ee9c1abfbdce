#!/usr/bin/env bash
# Counts the code one round trip through an effect runs through: `store.send(.ping)`, whose
# reducer returns `.run { .pong }`, then `finish()` until `.pong` is reduced, on the continuous
# clock. Runs `reductor-bench --round-trips N` under gdb, which counts the entries into each
# function of the library (Benchmarks/trace-path.py), for two counts N, and keeps the functions
# entered once more per round trip in the longer run. Prints them with their source files, then
# how many functions and files of Sources/ that is.
#
#   Benchmarks/trace-path.sh [release|debug] [MOST_FILES]
#
# With MOST_FILES, it fails when the round trip runs through more files than that (CI checks the
# counts ARCHITECTURE.md gives).
#
# The compiler's own functions (value witnesses, metadata accessors) are left out: they belong to
# no source file. Inlined code counts toward the function it was inlined into.
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${1:-release}
most_files=${2:-}
swift build -c "$configuration" --product reductor-bench >/dev/null
bench=$(realpath "$(swift build -c "$configuration" --show-bin-path)/reductor-bench")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

count() {
  TRACE_BINARY=$bench TRACE_OUTPUT=$tmp/$1.txt gdb -q -batch -x Benchmarks/trace-path.py \
    --args "$bench" --round-trips "$1" >/dev/null 2>&1
}
count 10
count 20
# The functions entered at least once more per round trip, as "address name".
awk 'NR == FNR { before[$2] = $1; next } $1 - before[$2] >= 10 { print $2, $3 }' \
  "$tmp/10.txt" "$tmp/20.txt" | sort >"$tmp/path.txt"
# Each one's source file and demangled name.
cut -d' ' -f1 "$tmp/path.txt" | addr2line -e "$bench" | sed 's/:.*//' >"$tmp/files.txt"
cut -d' ' -f2 "$tmp/path.txt" | swift demangle --simplified >"$tmp/names.txt"
paste -d'\t' "$tmp/files.txt" "$tmp/names.txt" | grep '/Sources/' | sed 's|.*/Sources/||' |
  sort -u >"$tmp/library.txt"
cat "$tmp/library.txt"
echo
echo "functions: $(wc -l <"$tmp/library.txt")"
files=$(cut -f1 "$tmp/library.txt" | sort -u | wc -l)
echo "files: $files"
cut -f1 "$tmp/library.txt" | sort | uniq -c | sort -rn
if [ -n "$most_files" ] && [ "$files" -gt "$most_files" ]; then
  echo "FAILED: a round trip runs through $files files of Sources/, more than $most_files."
  exit 1
fi
