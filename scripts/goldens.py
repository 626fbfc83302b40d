"""Re-record every golden log from its scenario, then show what changed.

`make goldens` runs this: each tests/scenarios/NAME.json is played with its scripted dice
(tactical.encounter.scenario, the code the suite checks the goldens with) and its log is
written to NAME.jsonl; then `git diff --stat` and the diff of the goldens are printed, so a
deliberate rule change is read before it is committed. A scenario whose dice do not all get
used, or that the engine cannot play, is reported and its golden left as it was.
Pass scenario names (stems) to re-record only those.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tactical.core.errors import TacticalError
from tactical.encounter.scenario import play_all, write_golden

SCENARIOS = Path(__file__).resolve().parent.parent / "tests" / "scenarios"


def main(names: list[str]) -> int:
    paths = sorted(SCENARIOS.glob("*.json"))
    if names:
        wanted = set(names)
        paths = [p for p in paths if p.stem in wanted]
        missing = wanted - {p.stem for p in paths}
        if missing:
            print(f"goldens: no scenario named {', '.join(sorted(missing))}", file=sys.stderr)
            return 2
    failed = 0
    for path in paths:
        try:
            played = play_all(path)
        except (TacticalError, OSError, ValueError) as exc:
            print(f"{path.name}: not played: {exc}", file=sys.stderr)
            failed += 1
            continue
        left = played.dice.remaining(10) + played.dice.remaining(6)
        if left:
            print(f"{path.name}: {len(left)} scripted dice left unused; golden not written",
                  file=sys.stderr)
            failed += 1
            continue
        write_golden(played, path.with_suffix(".jsonl"))
    print(f"re-recorded {len(paths) - failed} golden log(s), {failed} left as they were")
    rel = SCENARIOS.relative_to(SCENARIOS.parent.parent)
    subprocess.run(["git", "--no-pager", "diff", "--stat", "--", str(rel)], check=False)
    subprocess.run(["git", "--no-pager", "diff", "--", f"{rel}/*.jsonl"], check=False)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
