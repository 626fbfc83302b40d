"""Opening encounters for the window: a map starts a new autosaved encounter, a log
continues one (after a crash too). Every problem comes back as a message, never a crash."""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path

from tactical.core.dice import Dice, RandomDice
from tactical.core.errors import TacticalError
from tactical.data.library import LoadedMap, load_map
from tactical.encounter.encounter import Encounter
from tactical.encounter.model import Phase
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.store import autosave, files
from tactical.encounter.store.log import LogError
from tactical.ui.document import EncounterDocument

NAME_ATTEMPTS = 20  # log names tried when other windows take them at the same moment


class OpenFailed(TacticalError):
    """The file could not be opened; the message names it and says why."""


def now() -> datetime:
    return datetime.now().astimezone()


def start_on_map(map_path: Path, dice: Dice | None = None, log_folder: Path | None = None,
                 ruleset: str | None = None,
                 campaign: Path | None = None) -> EncounterDocument:
    """A new encounter on a map (under `ruleset`, default the map's own), autosaved to a
    new log in the user data folder; with a `campaign`, its party starts with the state
    the campaign carries (docs/campaign.md)."""
    try:
        loaded = load_map(map_path)
        party = None
        if campaign is not None:
            from tactical.data.campaign import load_campaign
            from tactical.encounter.campaign import with_party

            party = load_campaign(campaign)
            loaded = with_party(loaded, party, campaign, ruleset)
        started = now()
        log_path, encounter = _start_logged(loaded, map_path, started, log_folder,
                                            dice or RandomDice(), ruleset)
        if campaign is not None and party is not None:
            _carry_in(encounter, party, campaign, log_path, started)
    except (TacticalError, OSError) as exc:
        raise OpenFailed(str(exc)) from None
    except Exception as exc:  # a file we did not foresee: a message, never a crash
        raise OpenFailed(f"{map_path}: cannot open it ({exc!r})") from None
    document = EncounterDocument(encounter, log_path)
    document.fresh_log = True
    return document


def _carry_in(encounter: Encounter, party: object, campaign: Path, log_path: Path,
              started: datetime) -> None:
    from tactical.data.campaign import Campaign, save_campaign
    from tactical.encounter.campaign import begin

    assert isinstance(party, Campaign)
    try:
        save_campaign(campaign, begin(encounter, party, campaign,
                                      started.isoformat(timespec="seconds"), str(log_path)))
    except BaseException:
        close = getattr(encounter.sink, "close", None)
        if close is not None:
            close(finished=True)  # never leave the new log locked
        with contextlib.suppress(OSError):
            log_path.unlink()
        raise


def _start_logged(loaded: LoadedMap, map_path: Path, started: datetime,
                  log_folder: Path | None, dice: Dice,
                  ruleset: str | None) -> tuple[Path, Encounter]:
    """The new encounter and its log, created exclusively under a free name. Another
    window starting the same map in the same second may take the name between the choice
    and the creation (issue 23): the next free name is taken then (`…-2.jsonl`)."""
    for _attempt in range(NAME_ATTEMPTS):
        log_path = autosave.new_log_path(map_path, started, log_folder)
        try:
            return log_path, files.start(loaded, log_path, GeometryOracle, dice,
                                         started.isoformat(timespec="seconds"), ruleset)
        except LogError:
            if not log_path.exists():  # not a lost race: the folder or the disk says no
                raise
    raise LogError(f"cannot start a new encounter log in {log_path.parent}: "
                   f"{NAME_ATTEMPTS} names were taken as they were chosen")


def resume_log(log_path: Path, dice: Dice | None = None) -> tuple[EncounterDocument,
                                                                   list[str]]:
    """Continue an encounter from its log; warnings say what a crash damaged."""
    try:
        encounter, warnings = files.resume(log_path, GeometryOracle, dice or RandomDice())
    except (TacticalError, OSError) as exc:
        raise OpenFailed(str(exc)) from None
    except Exception as exc:  # a log we did not foresee: a message, never a crash
        raise OpenFailed(f"{log_path}: cannot open it ({exc!r})") from None
    return EncounterDocument(encounter, log_path), warnings


def open_any(path: Path, log_folder: Path | None = None, ruleset: str | None = None,
             campaign: Path | None = None) -> tuple[EncounterDocument, list[str]]:
    if path.suffix.lower() == ".jsonl":
        return resume_log(path)
    return start_on_map(path, log_folder=log_folder, ruleset=ruleset, campaign=campaign), []


def fight_unfinished(document: EncounterDocument) -> bool:
    """A fight that started and has not ended: closing it keeps it resumable."""
    return document.state.phase is Phase.COMBAT


def close_document(document: EncounterDocument | None, *,
                   finished: bool | None = None) -> None:
    """Close the document's log. A finished log is not offered for resuming; by default a
    fight still running is left unfinished, so the next start offers it back — unless the
    GM saved it as a copy and did nothing since (the copy is what to continue). A log made
    for this session and never used is deleted (issue 14, defect 10)."""
    if document is None:
        return
    if finished is None:
        finished = not fight_unfinished(document) or document.saved
    sink = document.encounter.sink
    close = getattr(sink, "close", None)
    if close is not None:
        close(finished=finished)
    if document.fresh_log and document.untouched and document.path is not None:
        with contextlib.suppress(OSError):
            document.path.unlink()
