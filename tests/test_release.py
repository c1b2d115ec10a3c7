"""La versión publicada: una sola versión en todas partes y un CITATION.cff válido.

``CITATION.cff`` se valida contra el esquema oficial de CFF 1.2.0 (copiado en ``tests/data``,
procedencia en su README) con ``jsonschema``: ``cffconvert`` fija una versión antigua de
``jsonschema`` que no convive con el entorno del curso.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path

import jsonschema
import numpy as np
import pytest
import yaml

import course_utils as cu

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = ROOT / "tests" / "data" / "cff-1.2.0-schema.json"


@pytest.fixture(scope="module")
def citation() -> dict:
    data = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft7Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["$id"] == "https://citation-file-format.github.io/1.2.0/schema.json"
    return jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())


def _changelog_versions() -> list[tuple[str, str]]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$", text, flags=re.M)


def test_citation_file_is_valid_cff_1_2_0(citation, validator):
    errors = sorted(validator.iter_errors(citation), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors]


@pytest.mark.parametrize("damage", ["authors", "cff-version", "date", "licence"])
def test_the_schema_check_rejects_a_broken_citation_file(citation, validator, damage):
    """La validación puede fallar: cada daño típico de un CITATION.cff se detecta."""
    bad = copy.deepcopy(citation)
    if damage == "authors":
        del bad["authors"]
    elif damage == "cff-version":
        bad["cff-version"] = "1.1.0"
    elif damage == "date":
        bad["date-released"] = "26/11/2026"
    else:
        bad["license"] = ["MIT", "CC BY-SA 4.0"]  # no es un identificador SPDX
    assert list(validator.iter_errors(bad))


def test_one_version_everywhere(citation):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    versions = _changelog_versions()
    assert versions, "CHANGELOG.md sin ninguna entrada «## X.Y.Z — AAAA-MM-DD»"
    latest, date = versions[0]
    assert project["version"] == cu.__version__ == citation["version"] == latest
    # Una fecha entre comillas: sin ellas YAML la lee como fecha y el esquema (cadena) la rechaza.
    assert citation["date-released"] == date


def test_changelog_speaks_to_each_audience():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    latest = text.split("\n## ")[1]
    for audience in ("### Para estudiantes", "### Para docentes", "### Para usuarios de `course_utils`"):
        assert audience in latest, audience


def test_the_report_states_the_course_version():
    import pandas as pd

    rng = np.random.default_rng(0)
    base = rng.uniform(0.6, 0.9, 12)
    table = pd.DataFrame({"A": base, "B": base - 0.01 + rng.normal(0, 0.01, 12),
                          "C": base - 0.03 + rng.normal(0, 0.01, 12)})
    text = cu.analyze_results(table, design="datasets", higher_is_better=True).to_markdown()
    assert f"course_utils {cu.__version__}." in text


def test_readme_says_how_to_cite():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Versiones y cómo citar", 1)[1]
    assert "CITATION.cff" in section and cu.__version__ in section
