# Run by Benchmarks/trace-path.sh inside gdb: counts how often each function of the library
# (every symbol whose mangled name starts with `$s8Reductor`, closures and specializations in the
# benchmark's binary included) is entered while the program runs, and writes the counts.
import collections
import os
import subprocess

import gdb

binary = os.environ["TRACE_BINARY"]
counts = collections.Counter()


class Entry(gdb.Breakpoint):
    def __init__(self, address, name):
        super().__init__("*" + hex(address), internal=True)
        self.name = name

    def stop(self):
        counts[self.name] += 1
        return False


gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("starti")
mappings = gdb.execute("info proc mappings", to_string=True)
base = next(int(line.split()[0], 16) for line in mappings.splitlines() if binary in line)
symbols = subprocess.run(["nm", binary], capture_output=True, text=True).stdout
for line in symbols.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tT" and parts[2].startswith("$s8Reductor"):
        Entry(base + int(parts[0], 16), parts[0] + " " + parts[2])
gdb.execute("continue")
with open(os.environ["TRACE_OUTPUT"], "w") as output:
    for name, count in counts.items():
        output.write(f"{count} {name}\n")
