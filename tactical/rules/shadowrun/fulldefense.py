"""Full Defense declared on its own, as an interrupt (issue 25 item 2: the SR menus hold "Full
Defense as a declared interrupt"; RULINGS "SR5 Full Defense (−10 Init + Willpower) lasts the
whole combat turn"; sr5 l.9 "Full Defense (-10 Initiative) Standard + Willpower (Entire
combat turn)"). The defender declares it from its token menu whenever it sees trouble coming,
in or out of its own action phase, before any attack: the Initiative is paid now, from the
current pass's score and refused above it (RULINGS "Initiative cost of a defence"), and none
while surprised (RULINGS "Surprise": no interrupt actions). Every attack on it for the rest
of the combat turn then counts its dice and charges nothing more (engine.turn_defences),
exactly as when it was declared against an attack. The option is the ruleset file's
`defence_options.full_defense` (its cost, its `duration: turn`)."""

from __future__ import annotations

from tactical.core.errors import IllegalCommand
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.api import Fighter, TurnDefence
from tactical.rules.shadowrun.engine import TURN_DEFENCE, out_of_action
from tactical.rules.shadowrun.initiative import score_in_pass
from tactical.rules.shadowrun.surprise import interrupt_problems


def declare(who: Fighter, pass_number: int, rules: ShadowrunRuleset) -> TurnDefence:
    """What declaring Full Defense now sets and costs; IllegalCommand with every reason."""
    option = rules.defence_options.get(TURN_DEFENCE)
    if option is None or option.duration != "turn":
        raise IllegalCommand([f"{rules.name} has no defence that lasts the combat turn"])
    reasons: list[str] = []
    down = out_of_action(who)
    if down:
        reasons.append(f"{who.name} is {down}")
    if TURN_DEFENCE in who.conditions:  # the cost is not asked again (engine.turn_defences)
        raise IllegalCommand([f"{who.name} is on {option.name} already: it lasts the combat "
                              "turn"])
    cost = option.initiative_cost
    if cost and who.initiative is None:
        reasons.append(f"{who.name} has no Initiative score to pay {cost} from")
    elif cost and rules.initiative.interrupt_needs_score:
        score = score_in_pass(who.effective_initiative(), pass_number, rules.initiative)
        if cost > max(0, score):
            reasons.append(f"{option.name} costs {cost} Initiative; {who.name}'s score in "
                           f"this pass is {score}")
    reasons += interrupt_problems(who, (TURN_DEFENCE,), rules)
    if reasons:
        raise IllegalCommand(reasons)
    return TurnDefence(TURN_DEFENCE, cost, f"{option.name} declared: it lasts the combat turn")
