"""Every data file names its format in a top-level `kind` field; this maps kinds to schemas."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from tactical.data.character import Roster
from tactical.data.gear import Catalogue
from tactical.data.maps import MapFile
from tactical.data.problems import DataError
from tactical.data.ruleset import Chapter6Ruleset
from tactical.data.schema import validate
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.data.yamlsafe import YamlDocument, read_yaml

KINDS: dict[str, type[BaseModel]] = {
    "map": MapFile,
    "characters": Roster,
    "catalogue": Catalogue,
    "ruleset": Chapter6Ruleset,
}


# kind "ruleset" holds several formats; its `engine` names the one (none: Chapter 6's).
RULESET_ENGINES: dict[str, type[BaseModel]] = {"shadowrun": ShadowrunRuleset}


def register_kind(kind: str, model: type[BaseModel]) -> None:
    """Rulesets register their constants file's schema here."""
    KINDS[kind] = model


def validate_document(doc: YamlDocument) -> BaseModel:
    data = doc.data
    if not isinstance(data, dict):
        raise DataError([doc.problem((), "expected a YAML mapping with a 'kind' field; "
                                         f"found {type(data).__name__}")])
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:  # `kind: [map]` is unhashable
        found = "nothing" if kind is None else repr(kind)
        loc = ("kind",) if "kind" in data else ()
        raise DataError([doc.problem(
            loc, f"'kind' must be one of: {', '.join(sorted(KINDS))}; found {found}")])
    model = KINDS[kind]
    engine = data.get("engine")
    if kind == "ruleset" and isinstance(engine, str):
        model = RULESET_ENGINES.get(engine, model)
    return validate(doc, model)


def load_file(path: Path | str) -> tuple[YamlDocument, BaseModel]:
    """Read, parse and validate one data file of any kind."""
    doc = read_yaml(path)
    return doc, validate_document(doc)
