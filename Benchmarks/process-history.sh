#!/usr/bin/env bash
# Whether a row's figure depends on what the process did before it: runs reductor-bench in a
# fresh process and in one that first used every feature of the library (`--after-every-feature`:
# shared values, a recorder, instrumentation and its global switch, observers, reactors), RUNS
# times each, alternated, and prints each row's minimum in both kinds of process, flagging a row
# whose figure differs by more than 10 %.
#
#   Benchmarks/process-history.sh [RUNS] [reductor-bench options, such as --filter or --quick]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-2}
shift || true
swift build -c release --product reductor-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/reductor-bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for run in $(seq "$runs"); do
  "$bench" --json "$@" >"$tmp/fresh-$run.json"
  "$bench" --json --after-every-feature "$@" >"$tmp/used-$run.json"
done
python3 - "$tmp" "$runs" <<'PYTHON'
import json, sys
folder, runs = sys.argv[1], int(sys.argv[2])
def minima(kind):
    best = {}
    for run in range(1, runs + 1):
        for row in json.load(open(f"{folder}/{kind}-{run}.json"))["benchmarks"]:
            if row["unit"] != "ns/op":
                continue
            best[row["name"]] = min(best.get(row["name"], float("inf")), row["min"])
    return best
fresh, used = minima("fresh"), minima("used")
differing = 0
print(f"{'row':40} {'fresh':>12} {'used':>12} {'used/fresh':>10}")
for name, value in fresh.items():
    ratio = used[name] / value
    flag = "  differs by more than 10 %" if abs(ratio - 1) > 0.10 else ""
    differing += bool(flag)
    print(f"{name:40} {value:12.1f} {used[name]:12.1f} {ratio:10.2f}{flag}")
print(f"{differing} rows differ by more than 10 %")
PYTHON
