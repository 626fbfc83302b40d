"""Every data file names its format in a top-level `kind` field; this maps kinds to schemas."""

from __future__ import annotations

import gc
import hashlib
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel

from tactical.data.character import Roster
from tactical.data.gear import Catalogue
from tactical.data.maps import MapFile
from tactical.data.problems import DataError
from tactical.data.schema import validate
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.data.yamlsafe import Reparse, YamlDocument, parse_yaml, read_text

KINDS: dict[str, type[BaseModel]] = {
    "map": MapFile,
    "characters": Roster,
    "catalogue": Catalogue,
}

RULESET = "ruleset"
# kind "ruleset" holds several formats; its `engine` names the one (None: the base game's,
# Chapter 6). The rules own the base game's schema (rules/chapter6/numbers.py registers it
# when imported; rules.registry.load_schemas() imports it for `tactical validate`).
RULESET_ENGINES: dict[str | None, type[BaseModel]] = {"shadowrun": ShadowrunRuleset}


def register_kind(kind: str, model: type[BaseModel]) -> None:
    """Rulesets register their constants file's schema here."""
    KINDS[kind] = model


def register_ruleset_engine(engine: str | None, model: type[BaseModel]) -> None:
    """A `kind: ruleset` file with this `engine` (None: none written) is read as `model`."""
    RULESET_ENGINES[engine] = model


def validate_document(doc: YamlDocument) -> BaseModel:
    data = doc.data
    if not isinstance(data, dict):
        raise DataError([doc.problem((), "expected a YAML mapping with a 'kind' field; "
                                         f"found {type(data).__name__}")])
    kind = data.get("kind")
    known = {*KINDS, RULESET}
    if not isinstance(kind, str) or kind not in known:  # `kind: [map]` is unhashable
        found = "nothing" if kind is None else repr(kind)
        loc = ("kind",) if "kind" in data else ()
        raise DataError([doc.problem(
            loc, f"'kind' must be one of: {', '.join(sorted(known))}; found {found}")])
    if kind != RULESET:
        return validate(doc, KINDS[kind])
    engine = data.get("engine")
    model = RULESET_ENGINES.get(engine if isinstance(engine, str) else None) \
        or RULESET_ENGINES.get(None)
    if model is None:  # a caller that reads rulesets without the rules: a bug, said plainly
        raise DataError([doc.problem(("kind",), "the base game's ruleset schema is not "
                                                "loaded (tactical.rules.registry.load_schemas)")])
    return validate(doc, model)


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection inside: reading a file builds tens of thousands of
    dicts, lists and models that are all alive until it ends, and the collector would walk
    them again and again for nothing (issue 13: a third of reading a 400 × 400 map).
    Memory is still freed by reference counting; the collector resumes after."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: The last maps read, by name and content: opening the same map again (File ▸ Open
#: recent, a new fight on it) skips parsing and validating it (issue 13). A file edited in
#: between has another digest and is read afresh. Kept: the model (frozen; the open map
#: holds it anyway) and the text; a document served from here has no `data` (read the
#: model) and finds a problem's line by reading the text again (yamlsafe.Reparse).
#: (Rulesets, catalogues and rosters are read once and kept by their own modules: they
#: would only push the maps out.)
_RECENT: OrderedDict[tuple[str, bytes], tuple[YamlDocument, BaseModel]] = OrderedDict()
RECENT_FILES = 4


def load_file(path: Path | str) -> tuple[YamlDocument, BaseModel]:
    """Read, parse and validate one data file of any kind."""
    file, text, raw = read_text(path)
    key = (file, hashlib.blake2b(raw, digest_size=20).digest())
    found = _RECENT.get(key)
    if found is not None:
        _RECENT.move_to_end(key)
        return found
    with collector_paused():
        doc = parse_yaml(text, file)
        found = doc, validate_document(doc)
    if isinstance(found[1], MapFile):
        _RECENT[key] = (YamlDocument(file, None, None, Reparse(text, file)), found[1])
    while len(_RECENT) > RECENT_FILES:
        _RECENT.popitem(last=False)
    return found
