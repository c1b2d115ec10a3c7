"""Las pistas remiten a secciones que existen.

Cada texto que ve el estudiante al equivocarse (o al acertar) puede mandarle a repasar algo: la
sección de una declaración de ejercicio («Repase la sección 5.»), las pistas de sus alternativas
y errores típicos, y la retroalimentación de las preguntas
(``course_utils/selfcheck/quizzes/NN.toml``:
enunciado, opciones, ``retro``, ``retro_correcta``, ``retro_incorrecta``, ``fallo``). Toda
referencia que nombran tiene que existir en el cuaderno guardado al que se refiere:

- «sección N», «secciones N y M», «§N» → un encabezado ``## N.`` (o ``## … (sección N)``) del
  cuaderno de la pista, o del cuaderno que se nombra: «cuaderno 04, sección 5», «la sección 5
  del cuaderno 04»;
- «cuaderno NN» → ``notebooks/NN_*.ipynb`` existe;
- un encabezado (o el título en negrita con que empieza un párrafo) entre comillas («Errores
  comunes», «Balance de clases») tras «Vea», «Repase» o «sección», o cuyo texto es el de algún
  encabezado del curso → un encabezado con ese texto en el cuaderno al que se refiere; tras
  «sección N, » debe estar dentro de esa sección;
- «sección 7 (7.1)», «sección 7.1» → ese apartado numerado existe (dentro de esa sección);
  «sección 8 (nota sobre la fuente)» → la sección tiene una «Nota sobre la fuente»;
  «Errores comunes» (punto N) → la lista de «Errores comunes» tiene al menos N puntos.

Que la sección nombrada sea la que enseña el método (y no la que presenta los datos) es cosa de
leerla; esta prueba garantiza que el número o el título existen. Solo lee ficheros (sin ejecutar
cuadernos).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import classroom  # noqa: E402

NOTEBOOKS = {p.name[:2]: p for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))}
QUIZZES = sorted((ROOT / "course_utils" / "selfcheck" / "quizzes").glob("[0-9][0-9].toml"))
ANSWERS = ROOT / "course_utils" / "selfcheck" / "exercise_answers.json"

_NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")
_SUBNUMBERED = re.compile(r"^\d+\.\d+\s+(.*)$")
_INLINE_NUMBER = re.compile(r"\(secci[oó]n (\d+)\)")
# Un párrafo con título en negrita («**Intervalo y prueba no dicen lo mismo.** En tres…»).
_RUN_IN = re.compile(r"^\*\*([^*]+?)\.?\*\*", re.M)
_LIST = r"\d+(?:(?:,\s*|\s+[ye]\s+)\d+)*"
_NB = r"cuadernos?\s+(\d{2})"
# «cuaderno 04, sección 5» / «cuaderno 04, secciones 4 y 5» / «cuaderno 04, §5»
_NB_THEN_SECTION = re.compile(rf"{_NB},?\s+(?:la\s+)?(?:secci[oó]n(?:es)?\s+|§\s*)({_LIST})")
# «sección 5 del cuaderno 04» / «§5 del cuaderno 04»
_SECTION_THEN_NB = re.compile(rf"(?:secci[oó]n(?:es)?\s+|§\s*)({_LIST})\s+del\s+{_NB}")
_SECTION = re.compile(rf"(?:secci[oó]n(?:es)?\s+|§\s*)({_LIST})(?![\d.]*\d)")
_NOTEBOOK = re.compile(rf"\b{_NB}\b")
_QUOTED = re.compile(r"«([^«»]+)»")
_NOTE = re.compile(r"\*\*Nota sobre la fuente")
_ITEM = re.compile(r"^(?:[*-]|\d+\.) ", re.M)
# «sección 7 (7.1)», «sección 7.1», «sección 8 (nota sobre la fuente)», «Errores comunes» (punto 4)
_SUB_IN_PARENS = re.compile(r"secci[oó]n (\d+) \((\d+\.\d+)\)")
_SUB = re.compile(r"secci[oó]n (\d+\.\d+)(?! de la fuente| del artículo)")
_NOTE_REF = re.compile(r"secci[oó]n (\d+) \(nota sobre la fuente")
_POINT = re.compile(r"«Errores comunes» \(punto (\d+)\)")
# Lo que hace de unas comillas una referencia a un encabezado aunque su texto no lo sea.
_REFERENCE_BEFORE = re.compile(r"(?:\b(?:[Vv]ea|[Rr]epase|[Vv][eé]ase|secci[oó]n(?:es)?)"
                               r"(?:\s+(?:la|el|las|los))?(?:\s+secci[oó]n(?:es)?)?"
                               r"|secci[oó]n\s+\d+,)\s*$")
_AFTER_SECTION = re.compile(r"secci[oó]n\s+(\d+),\s*$")
_OF_NOTEBOOK = re.compile(rf"^\s+del\s+{_NB}")
_NOTEBOOK_BEFORE = re.compile(rf"{_NB},?\s+$")
_NOT_A_NOTEBOOK = re.compile(r"^\s+del\s+informe")


def _clean(text: str) -> str:
    return " ".join(text.strip("*_ ").split())


@dataclass
class Outline:
    """Lo que se puede nombrar de un cuaderno: secciones numeradas y encabezados."""

    numbers: set[int] = field(default_factory=set)
    #: texto del encabezado (sin numeración) -> secciones ``## N.`` que lo contienen (0: ninguna)
    titles: dict[str, set[int]] = field(default_factory=dict)
    #: apartados numerados («### 7.1 …»)
    subsections: set[str] = field(default_factory=set)
    #: secciones con una «Nota sobre la fuente»
    notes: set[int] = field(default_factory=set)
    #: puntos de la lista de «Errores comunes»
    common_mistakes: int = 0


def outline(nb) -> Outline:
    out = Outline()
    current = 0
    in_common = False
    common: list[str] = []
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        heads = classroom.headings(cell.source)
        body = cell.source
        for level, raw in heads:
            text = _clean(raw)
            m = _NUMBERED.match(text)
            inline = _INLINE_NUMBER.search(text)
            if level == 2:
                current = int(m.group(1)) if m else int(inline.group(1)) if inline else 0
                if current:
                    out.numbers.add(current)
                in_common = (m.group(2) if m else text) == "Errores comunes"
                body = cell.source.split(raw, 1)[1]
            title = m.group(2) if m else text
            sub = _SUBNUMBERED.match(title)
            if sub:
                out.subsections.add(title.split()[0])
            title = _clean(sub.group(1) if sub else title)
            out.titles.setdefault(title, set()).add(current)
        # lo que sigue al último encabezado de la celda pertenece a la sección en curso
        for lead in _RUN_IN.findall(body):
            out.titles.setdefault(_clean(lead), set()).add(current)
        if _NOTE.search(body):
            out.notes.add(current)
        if in_common:
            common.append(body)
    out.common_mistakes = len(_ITEM.findall("\n".join(common)))
    return out


@pytest.fixture(scope="module")
def outlines() -> dict[str, Outline]:
    return {key: outline(nbformat.read(path, as_version=4)) for key, path in NOTEBOOKS.items()}


def _numbers(listed: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", listed)]


def bad_references(text: str, home: str, outlines: dict[str, Outline]) -> list[str]:
    """Las referencias de ``text`` (de una pista del cuaderno ``home``) que no existen."""
    text = " ".join(text.split())
    bad: list[str] = []
    taken: list[tuple[int, int]] = []

    def check_numbers(listed: str, key: str, where: str) -> None:
        if key not in outlines:
            bad.append(f"{where} (no existe el cuaderno {key})")
            return
        missing = [n for n in _numbers(listed) if n not in outlines[key].numbers]
        if missing:
            bad.append(f"{where} (el cuaderno {key} no tiene sección {missing})")

    for m in _NB_THEN_SECTION.finditer(text):
        check_numbers(m.group(2), m.group(1), m.group(0))
        taken.append(m.span(2))
    for m in _SECTION_THEN_NB.finditer(text):
        check_numbers(m.group(1), m.group(2), m.group(0))
        taken.append(m.span(1))
    for m in _SECTION.finditer(text):
        if not any(a <= m.start(1) < b for a, b in taken):
            check_numbers(m.group(1), home, m.group(0))
    for m in _NOTEBOOK.finditer(text):
        if m.group(1) not in outlines:
            bad.append(f"{m.group(0)} (no existe el cuaderno)")
    here = outlines.get(home, Outline())
    for m in _SUB_IN_PARENS.finditer(text):
        if m.group(2) not in here.subsections or m.group(2).split(".")[0] != m.group(1):
            bad.append(f"{m.group(0)} (no es un apartado de esa sección)")
    for m in _SUB.finditer(text):
        if m.group(1) not in here.subsections:
            bad.append(f"{m.group(0)} (no existe ese apartado en el cuaderno {home})")
    for m in _NOTE_REF.finditer(text):
        if int(m.group(1)) not in here.notes:
            bad.append(f"{m.group(0)}) (la sección no tiene «Nota sobre la fuente»)")
    for m in _POINT.finditer(text):
        if not 1 <= int(m.group(1)) <= here.common_mistakes:
            bad.append(f"{m.group(0)} («Errores comunes» tiene {here.common_mistakes} puntos)")
    known = {t for o in outlines.values() for t in o.titles}
    for m in _QUOTED.finditer(text):
        title = _clean(m.group(1))
        before, after = text[: m.start()], text[m.end():]
        if _NOT_A_NOTEBOOK.match(after):
            continue
        if title not in known and not _REFERENCE_BEFORE.search(before):
            continue  # una cita, no un encabezado
        nb = _OF_NOTEBOOK.match(after) or _NOTEBOOK_BEFORE.search(before)
        key = nb.group(1) if nb else home
        sections = outlines[key].titles.get(title) if key in outlines else None
        if sections is None:
            bad.append(f"«{title}» (no es un encabezado del cuaderno {key})")
            continue
        inside = _AFTER_SECTION.search(before)
        if inside and int(inside.group(1)) not in sections:
            bad.append(f"sección {inside.group(1)}, «{title}» (el encabezado está en la sección "
                       f"{sorted(sections)} del cuaderno {key})")
    return bad


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def exercise_texts() -> list[tuple[str, str, str]]:
    """(ejercicio, cuaderno, texto) de cada pista de ``exercise_answers.json``."""
    data = json.loads(ANSWERS.read_text(encoding="utf-8"))
    out = []
    for key, spec in data.items():
        home = key[:2]
        out.append((key, home, f"Repase la sección {spec['section']}."))
        out += [(key, home, hint) for hint, _ in spec.get("alternatives") or []]
        out += [(key, home, hint) for hint in (spec.get("mistakes") or {}).values()]
    return out


def quiz_texts(path: Path) -> list[tuple[str, str, str]]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    home = path.stem
    return [(q.get("id", "?"), home, s) for q in data.get("pregunta", [])
            for k, v in q.items() if k not in ("id", "tipo", "seccion") for s in _strings(v)]


# ---------------------------------------------------------------------------------------------
# El lector de referencias, sobre un cuaderno inventado (falla si un número está mal)

@pytest.fixture
def toy() -> dict[str, Outline]:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(s) for s in (
        "# 99 · Ejemplo", "## 1. Uno", "### Un detalle", "### 1.1 Un apartado", "## 2. Dos",
        "**Un párrafo.** Con título en negrita.", "> **Nota sobre la fuente.** Dice otra cosa.",
        "## Errores comunes\n\n* **Uno.** Texto\n  que sigue.", "* **Dos.** Otro.",
        "```\n## 7. Dentro de un bloque de código\n```")]
    other = nbformat.v4.new_notebook()
    other.cells = [nbformat.v4.new_markdown_cell(s) for s in ("## 5. Cinco", "## Para recordar")]
    return {"99": outline(nb), "04": outline(other)}


@pytest.mark.parametrize("text", [
    "Vea la sección 2.", "Vea las secciones 1 y 2 y «Errores comunes».", "Repase la sección 1.",
    "Vea el cuaderno 04, sección 5.", "Vea la sección 5 del cuaderno 04.", "Vea §2.",
    "Vea la sección 1, «Un detalle».", "Repase la sección «Errores comunes».",
    "Vea «Para recordar» del cuaderno 04.", "Diga «no significativo», no «igual».",
    "La sección «Diseño» del informe lo dice.", "Con 0.05 (sección 2.3 de la fuente).",
    "Vea la sección 2, «Un párrafo».", "Con «A mejor», «B mejor» y «prácticamente iguales».",
    "Vea la sección 1 (1.1).", "En la sección 1.1, otra cosa.", "Vea la sección 2 (nota sobre la "
    "fuente).", "Vea «Errores comunes» (punto 2).",
])
def test_reader_accepts_existing_references(text, toy):
    assert bad_references(text, "99", toy) == []


@pytest.mark.parametrize("text, wrong", [
    ("Vea la sección 3.", "sección 3"),
    ("Vea las secciones 1 y 7.", "[7]"),  # la 7 solo está dentro de un bloque de código
    ("Vea el cuaderno 04, sección 2.", "cuaderno 04"),
    ("Vea la sección 1 del cuaderno 04.", "cuaderno 04"),
    ("Vea la sección 5.", "sección 5"),  # la 5 es del cuaderno 04, no de este
    ("Vea §4.", "§4"),
    ("Vea el cuaderno 12.", "cuaderno 12"),
    ("Vea «Errores frecuentes».", "Errores frecuentes"),
    ("Vea la sección 2 y «Para recordar».", "Para recordar"),  # está en el cuaderno 04
    ("Vea la sección 2, «Un detalle».", "sección [1]"),
    ("Vea la sección 2 (1.1).", "apartado"),
    ("Vea la sección 1.2.", "1.2"),
    ("Vea la sección 1 (nota sobre la fuente).", "Nota sobre la fuente"),
    ("Vea «Errores comunes» (punto 3).", "2 puntos"),
])
def test_reader_rejects_missing_references(text, wrong, toy):
    bad = bad_references(text, "99", toy)
    assert bad and wrong in " ".join(bad), bad


# ---------------------------------------------------------------------------------------------
# Las pistas del curso

def test_exercise_hints_name_existing_sections(outlines):
    texts = exercise_texts()
    assert len(texts) > 100  # todas las declaraciones, con sus pistas
    bad = [f"{key}: {b}" for key, home, text in texts for b in bad_references(text, home, outlines)]
    assert not bad, "Pistas de ejercicios que remiten a algo que no existe:\n" + "\n".join(bad)


@pytest.mark.parametrize("path", QUIZZES, ids=[p.name for p in QUIZZES])
def test_quiz_feedback_names_existing_sections(path, outlines):
    bad = [f"{key}: {b}" for key, home, text in quiz_texts(path)
           for b in bad_references(text, home, outlines)]
    assert not bad, f"{path.name}: referencias que no existen:\n" + "\n".join(bad)
