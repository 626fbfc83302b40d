"""The frozen app's cold start: seconds from starting `tactical --first-frame` (the window
on the demo encounter, with fresh user folders) to its first painted frame. The median of
a few runs is printed, as wall-clock time and as the CPU time the process used (on a
shared machine other processes' turns inflate the wall clock; the CPU time is what a quiet
machine shows). Exit 1 when the CPU median is over --max (issue 17: 1 s).

Usage: python packaging/coldstart.py PATH/TO/tactical [--runs N] [--max SECONDS]
The first run warms the disk cache and is not counted; offscreen unless DISPLAY is set.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_frame(executable: str) -> tuple[float, float]:
    """Wall-clock seconds to the first frame, and the process's CPU seconds in all."""
    with tempfile.TemporaryDirectory(prefix="tactical-coldstart-") as home:
        env = dict(os.environ, HOME=home)
        if not env.get("DISPLAY"):
            env["QT_QPA_PLATFORM"] = "offscreen"
        cpu, started = cpu_of_children(), time.perf_counter()
        process = subprocess.Popen([executable, "--first-frame"], env=env, text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == "painted":
                took = time.perf_counter() - started
                break
        else:
            _out, err = process.communicate(timeout=30)
            raise SystemExit(f"coldstart: {executable} never painted a frame:\n{err[-2000:]}")
        process.communicate(timeout=30)
        return took, cpu_of_children() - cpu


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("executable")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max", type=float, default=None, metavar="SECONDS")
    args = parser.parse_args(argv)
    first_frame(args.executable)  # warm-up: the disk cache, fontconfig's cache
    runs = [first_frame(args.executable) for _ in range(args.runs)]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    print(f"cold start to the first painted frame: {wall:.3f} s wall, {cpu:.3f} s CPU "
          f"(medians of {args.runs}; wall {', '.join(f'{r[0]:.2f}' for r in runs)}; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs)")
    if args.max is not None and cpu > args.max:
        print(f"cold start FAILED: {cpu:.3f} s CPU is over {args.max} s", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
