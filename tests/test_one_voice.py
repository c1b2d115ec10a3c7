"""Una sola voz en todo el curso: los mismos términos y planes de sesión con el mismo formato.

- El error estándar se llama «error estándar» en todas partes (cuadernos y sus copias, preguntas,
  glosario, README, docente, `course_utils`, herramientas y pruebas). «Errores típicos» es otra
  cosa: el nombre del curso para los fallos frecuentes que reconoce una comprobación; en singular
  se admite solo con un determinante que lo cuenta («un error típico», «cada error típico») y sin
  «de» detrás («un error típico de 0.008» sería, otra vez, el error estándar).
- Cada «Plan de la sesión» de dos sesiones marca dónde empieza cada una con las filas
  «*Sesión 1*» y «*Sesión 2*» (sin minutos) y ninguna sesión pasa de 60 minutos; la fila de
  «Compruebe lo que ha entendido» dice qué preguntas van a clase y les da al menos 3 minutos a
  cada una (leer, votar y comentar).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SUFFIXES = {".py", ".toml", ".md", ".ipynb", ".json", ".txt", ".html", ".rst", ".cfg"}
SKIP_DIRS = {".git", ".venv", "_build", "mi_trabajo", "node_modules", "__pycache__"}

# «error típico» que no es el error estándar: un fallo frecuente, contado con un determinante.
_MISTAKE = re.compile(r"\b(un|cada|ningún|algún|otro|mismo|nuevo)\s+error\s+t[ií]pico\b(?!\s+de\b)",
                      re.I)
_ANY = re.compile(r"\berror(es)?\s+t[ií]picos?\b", re.I)

#: Minutos por pregunta votada en clase: leerla, votar y comentar las opciones.
MINUTES_PER_QUESTION = 3
SESSION_MINUTES = 60


def _text_files():
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if (path.suffix in SUFFIXES and path.is_file() and not SKIP_DIRS & set(rel.parts)
                and path != Path(__file__).resolve()):
            yield path


def _readable(path: Path) -> str:
    """El texto de ``path``; de un cuaderno, cada celda y cada salida de texto por separado (una
    frase partida entre dos líneas de la celda se lee entera)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix != ".ipynb":
        return text
    parts = []
    for cell in json.loads(text)["cells"]:
        parts.append("".join(cell["source"]))
        for out in cell.get("outputs", []):
            parts.append("".join(out.get("text", "")))
            for value in out.get("data", {}).values():
                if isinstance(value, (str, list)) and not str(value).startswith("iVBOR"):
                    parts.append("".join(value))
    return "\n\n".join(parts)


def standard_error_misnamed(text: str) -> list[str]:
    """Fragmentos de ``text`` que llaman «error típico» a lo que el curso llama error estándar."""
    bad = []
    for m in _ANY.finditer(text):
        if m.group(1):  # «errores típicos»: los fallos frecuentes del curso
            continue
        if any(k.end() == m.end() for k in _MISTAKE.finditer(text, max(0, m.start() - 12))):
            continue
        bad.append(text[max(0, m.start() - 40):m.end() + 30].replace("\n", " "))
    return bad


def test_standard_error_rule_on_examples():
    assert standard_error_misnamed("su propio error típico.")
    assert standard_error_misnamed("tiene un error típico de $\\sqrt{0.16}$")
    assert standard_error_misnamed("el error típico de la exactitud media")
    assert standard_error_misnamed("Error típico de la diferencia de dos rangos")
    assert not standard_error_misnamed("## Errores típicos\nsus errores típicos y la sección")
    assert not standard_error_misnamed("si reconoce un error típico, lo dice")
    assert not standard_error_misnamed("cada error típico declarado; Un error típico: exactitudes")
    assert not standard_error_misnamed("el error estándar de la media")


def test_standard_error_has_one_name():
    found = []
    for path in _text_files():
        text = _readable(path)
        found += [f"{path.relative_to(ROOT)}: …{s}…" for s in standard_error_misnamed(text)]
    assert not found, "llame «error estándar» al error estándar:\n" + "\n".join(found)


def _plan_rows(path: Path) -> tuple[str, list[tuple[str, int | None]]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    source = next("".join(c["source"]) for c in nb["cells"]
                  if c["cell_type"] == "markdown" and "Plan de la sesión" in "".join(c["source"]))
    block = source[source.index("Plan de la sesión"):]
    header = block.split("\n|", 1)[0]
    rows = []
    for line in block.splitlines():
        if not line.startswith("|") or re.fullmatch(r"[|\-: ]+", line):
            continue
        label, minutes = (c.strip() for c in line.strip().strip("|").split("|")[:2])
        if label == "sección":
            continue
        if "total" in label.lower():
            break  # debajo del total solo hay filas opcionales
        digits = re.match(r"\d+", minutes.strip("*_ "))
        rows.append((label, int(digits.group()) if digits else None))
    return header, rows


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name[:2] for p in NOTEBOOKS])
def test_session_plan_marks_sessions_that_fit(path):
    header, rows = _plan_rows(path)
    two = bool(re.search(r"\b(dos|2)\s+sesiones\b", header, re.I))
    markers = [label for label, m in rows if m is None]
    if two:
        assert markers == ["*Sesión 1*", "*Sesión 2*"] and rows[0][0] == "*Sesión 1*", (
            f"{path.name}: un plan de dos sesiones empieza con la fila «*Sesión 1*» y marca "
            f"con «*Sesión 2*» dónde empieza la segunda (filas sin minutos); tiene {markers}"
        )
    else:
        assert not markers, f"{path.name}: un plan de una sesión no lleva rótulos {markers}"
    sessions, current = [], 0
    for label, minutes in rows:
        if minutes is None:
            if label != "*Sesión 1*":
                sessions.append(current)
                current = 0
        else:
            current += minutes
    sessions.append(current)
    assert all(s <= SESSION_MINUTES for s in sessions), (
        f"{path.name}: cada sesión cabe en {SESSION_MINUTES} minutos; suman {sessions}"
    )
    # El plan sigue el orden del cuaderno: las preguntas y los ejercicios van tras la última
    # sección, así que caen en la última sesión.
    last = max((i for i, (label, m) in enumerate(rows) if m is None), default=0)
    early = [label for label, m in rows[:last]
             if re.match(r"(\d+\.\s*)?(Ejercicio|Compruebe)", label)]
    assert not early, f"{path.name}: {early} va en la última sesión (está tras la última sección)"


def _quiz_questions(path: Path) -> int:
    quiz = ROOT / "course_utils" / "quizzes" / f"{path.name[:2]}.toml"
    return len(tomllib.loads(quiz.read_text(encoding="utf-8")).get("pregunta", []))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name[:2] for p in NOTEBOOKS])
def test_session_plan_gives_the_quiz_honest_time(path):
    _, rows = _plan_rows(path)
    quiz = [(label, m) for label, m in rows if label.startswith("Compruebe lo que ha entendido")]
    assert len(quiz) == 1, f"{path.name}: el plan necesita una fila «Compruebe lo que ha entendido»"
    label, minutes = quiz[0]
    total = _quiz_questions(path)
    span = re.search(r"preguntas? (\d+)(?:\s*(?:–|-|a)\s*(\d+)|\s+y\s+(\d+))?\s+en clase", label)
    if span:
        first, last = int(span.group(1)), int(span.group(2) or span.group(3) or span.group(1))
        in_class = last - first + 1
        assert "el resto, en casa" in label or in_class == total, (
            f"{path.name}: diga qué preguntas quedan para casa: {label!r}"
        )
    else:
        in_class = total
    assert 0 < in_class <= total, f"{path.name}: el cuestionario tiene {total} preguntas: {label!r}"
    assert minutes >= MINUTES_PER_QUESTION * in_class, (
        f"{path.name}: {in_class} preguntas votadas en clase no caben en {minutes} minutos "
        f"(unos {MINUTES_PER_QUESTION} minutos cada una); marque cuáles van a clase"
    )
