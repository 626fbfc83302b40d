"""Benchmark: exact odds of one attack setup (run by `make bench`, never a timed unit test).

Prints one JSON line: {"odds_ms": median, ...}. The dock recomputes the odds whenever the GM
changes the setup, so this must stay well under 10 ms.
"""

from __future__ import annotations

import json
import statistics
import time

from tactical.data.gear import FireMode
from tactical.rules.chapter6.numbers import PtDr
from tactical.rules.chapter6.odds import attack_odds
from tactical.rules.chapter6.setup import (
    Attacker,
    AttackKind,
    AttackSetup,
    BurstChoice,
    Defender,
    EdgeUse,
    Option,
    Situation,
    WeaponProfile,
)


def _setups(skill: int) -> list[AttackSetup]:
    rifle = WeaponProfile(AttackKind.RANGED, "5d6+2", effective_range_m=100,
                          modes=(FireMode.SA, FireMode.BF, FireMode.AF), ammo=30)
    armored = Defender(dodge=24, health=30, armor=(PtDr(pt=25, dr=40), PtDr(pt=15, dr=20)))
    return [
        # Edge on the roll with Disadvantage: the 4d10 case.
        AttackSetup(Attacker(skill, disadvantages=("Pinned",), edge=EdgeUse.ROLL), rifle,
                    armored, Situation(distance_m=150)),
        # The biggest damage pool: AF single target with Edge on damage, Perfect = 11d6+2.
        AttackSetup(Attacker(skill, edge=EdgeUse.DAMAGE), rifle, armored,
                    Situation(distance_m=30), mode=FireMode.AF),
        AttackSetup(Attacker(skill, advantages=("smartlink",)), rifle, armored,
                    Situation(distance_m=30), mode=FireMode.BF, burst=BurstChoice.DAMAGE,
                    options=(Option.AIMED_SHOT,)),
    ]


def test_bench_odds() -> None:
    timings: list[float] = []
    for round_ in range(60):
        # A new skill each round, as when the GM edits the setup (no result caching).
        for setup in _setups(10 + round_ % 15):
            start = time.perf_counter()
            attack_odds(setup)
            timings.append((time.perf_counter() - start) * 1000)
    median = statistics.median(timings)
    print(json.dumps({"odds_ms": round(median, 3), "odds_max_ms": round(max(timings), 3),
                      "samples": len(timings)}))
    assert median < 10
