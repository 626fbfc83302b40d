"""The Shadowrun log reads in words (issue 25 item 6): a glitch is called out with whose
test it was, and a miss never reads as negative net hits."""

from __future__ import annotations

from tactical.rules.shadowrun import PoolRoller, resolve_attack
from tactical.rules.shadowrun.describe import attack_line, result_lines
from tactical.rules.shadowrun.report import report_of
from tests.rules.shadowrun.test_sr_attack import SR5, wombat_shot


def test_a_defence_glitch_is_called_out_with_the_defenders_name():
    # Cutter's 5 defence dice: three 1s (more than half, SR5) and one hit → a glitch
    faces = {"attack": [5, 6, 5, 1, 2, 3, 4, 2, 2], "defense": [1, 1, 1, 5, 2],
             "resist": [2] * 14}
    report = report_of(resolve_attack(wombat_shot(), PoolRoller(queues=faces), SR5))
    line = attack_line(report, "Wombat", "Cutter")
    assert "GLITCH: Cutter's defence test" in line and "CRITICAL" not in line
    assert "defense test" not in line


def test_a_miss_reads_hits_against_hits_not_negative_net_hits():
    faces = {"attack": [5, 1, 2, 3, 4, 2, 2, 3, 4], "defense": [5, 6, 6, 2, 3]}
    report = report_of(resolve_attack(wombat_shot(), PoolRoller(queues=faces), SR5))
    assert report.outcome == "miss"
    lines = result_lines(report)
    assert "MISS: 1 hit against 3" in lines
    assert not any("net hits" in line and "−" in line.split("=")[-1] for line in lines)
    assert not any("-2" in line for line in lines)


def test_the_log_reads_conditions_and_reactions_in_words_not_ids():
    from tactical.encounter import events as ev
    from tactical.ui.dock.lines import event_line
    from tests.fights import fight

    state = fight().state
    on = event_line(ev.ConditionChanged("kicker", "charge_attack", True, "Charge"), state)
    offered = event_line(ev.ReactionOffered("guard-shotgun", "attack_of_opportunity", "kicker",
                                            2, (3, 4), "leaves its reach"), state)
    assert on is not None and on.text == "Kicker is now charge attack (Charge)"
    assert offered is not None and "_" not in offered.text


def test_a_critical_glitch_outranks_a_plain_one():
    # the token's pill shows the louder call-out (ui/board/glitch.py): the critical glitch
    # of the attack test ranks above the defence test's plain glitch
    from pathlib import Path

    from tactical.rules.shadowrun.case import load_case
    from tactical.rules.shadowrun.constants import shadowrun_ruleset
    from tactical.rules.shadowrun.describe import callouts

    _doc, case = load_case(Path(__file__).parent / "cases" / "sr5_glitches_called_out.json")
    result = resolve_attack(case.setup(), case.roller(), shadowrun_ruleset(case.ruleset))
    assert [(c.words, c.roller, c.rank) for c in callouts(report_of(result))] == [
        ("CRITICAL GLITCH", "attacker", 1), ("GLITCH", "target", 0)]
