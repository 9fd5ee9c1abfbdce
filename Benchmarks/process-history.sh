#!/usr/bin/env bash
# Whether a row's figure depends on what the process did before it: runs reductor-bench in a
# fresh process and in one that first used every feature of the library (`--after-every-feature`:
# shared values, a recorder, instrumentation and its global switch, observers, reactors), RUNS
# times each, alternated, and prints each row's minimum in both kinds of process, flagging a row
# whose figure differs by more than 10 %. It also prints each row's spread, how far apart the
# minima of its runs in one kind of process are (the larger of the two kinds; 0 with one run), and
# says which differing rows differ no more than that.
#
#   Benchmarks/process-history.sh [RUNS] [reductor-bench options, such as --filter or --quick]
#
# With KEEP set to a folder, each run's JSON stays there (fresh-N.json, used-N.json) for a later
# reading; otherwise the runs go to a temporary folder that is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-2}
shift || true
swift build -c release --product reductor-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/reductor-bench
if [[ -n ${KEEP:-} ]]; then
  tmp=$KEEP
  mkdir -p "$tmp"
else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi
for run in $(seq "$runs"); do
  "$bench" --json "$@" >"$tmp/fresh-$run.json"
  "$bench" --json --after-every-feature "$@" >"$tmp/used-$run.json"
done
python3 - "$tmp" "$runs" <<'PYTHON'
import json, sys
folder, runs = sys.argv[1], int(sys.argv[2])
def minima(kind):
    """Each row's minimum in each run of one kind of process, in run order."""
    rows = {}
    for run in range(1, runs + 1):
        for row in json.load(open(f"{folder}/{kind}-{run}.json"))["benchmarks"]:
            if row["unit"] == "ns/op":
                rows.setdefault(row["name"], []).append(row["min"])
    return rows
fresh, used = minima("fresh"), minima("used")
differing = within_spread = 0
print(f"{'row':40} {'fresh':>12} {'used':>12} {'used/fresh':>10} {'spread':>8}")
for name, values in fresh.items():
    ratio = min(used[name]) / min(values)
    # How far apart the runs of one kind are: a row that differs that much between two fresh
    # processes cannot show what the process's history adds.
    spread = max(max(v) / min(v) for v in (values, used[name])) - 1
    flag = ""
    if abs(ratio - 1) > 0.10:
        differing += 1
        flag = "  differs by more than 10 %"
        if spread >= abs(ratio - 1):
            within_spread += 1
            flag += ", no more than runs of one kind"
    print(f"{name:40} {min(values):12.1f} {min(used[name]):12.1f} {ratio:10.2f} {spread * 100:6.0f} %{flag}")
print(f"{differing} rows differ by more than 10 %; {within_spread} of them differ as much between"
      " runs of one kind")
PYTHON
