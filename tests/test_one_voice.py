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
    quiz = ROOT / "course_utils" / "selfcheck" / "quizzes" / f"{path.name[:2]}.toml"
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


# ------------------------------------------------- el informe habla como los cuadernos


def _cv_table(seed: int = 3):
    """Una tabla larga de validación cruzada 10×10 con dos modelos."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    rows = [{"repeticion": r, "particion": f, "modelo": m,
             "exactitud": 0.8 + d + rng.normal(0, 0.02)}
            for r in range(10) for f in range(10) for m, d in (("A", 0.01), ("B", 0.0))]
    return pd.DataFrame(rows)


def _sections(markdown: str) -> dict[str, str]:
    parts = re.split(r"^## (.+)$", markdown, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def _headings(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]).splitlines()[0] for c in cells
            if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## ")]


def test_the_report_cites_the_section_of_09_that_states_the_correlated_t_model():
    """El informe remite la prueba t bayesiana correlacionada a la sección de 09 que plantea el
    modelo (a priori, verosimilitud y a posteriori), no a un ejemplo."""
    import course_utils as cu

    nb09 = next(p for p in NOTEBOOKS if p.name.startswith("09_"))
    model = next(h for h in _headings(nb09) if "verosimilitud" in h)
    number = re.match(r"## (\d+)\.", model).group(1)
    md = cu.analyze_results(_cv_table(), metric="exactitud", rope=0.01).to_markdown()
    cites = re.findall(r"09 · Comparación bayesiana, sección (\d+)", md)
    assert cites and set(cites) == {number}, (model, cites)


def test_the_report_does_not_call_a_raw_difference_an_effect_size():
    """La diferencia media (en la escala de la medida) no es un tamaño del efecto
    estandarizado: el informe no la presenta con ese nombre."""
    import course_utils as cu

    md = cu.analyze_results(_cv_table(), metric="exactitud").to_markdown()
    assert "diferencia media" in md
    assert not re.search(r"tamaño del efecto", md, re.I), md


def test_reading_notes_are_not_listed_as_what_the_report_does_not_claim():
    """«Qué no afirma este informe» lista solo lo que el informe no afirma; las notas de lectura
    y de análisis (qué columnas se leyeron, cuántas particiones hay) van en su propia sección."""
    import course_utils as cu

    table = _cv_table()
    table["tiempo"] = 1.0
    r = cu.analyze_results(table, metric="exactitud")
    assert any("«tiempo»" in n for n in r.notes) and any("10 × 10" in n for n in r.notes)
    sections = _sections(r.to_markdown())
    claims = sections["Qué no afirma este informe"]
    assert "equivalentes" in claims
    for note in r.notes:
        assert note[:60] not in claims, note
        assert any(note[:60] in body for title, body in sections.items()
                   if title != "Qué no afirma este informe"), note


def test_exercise_statements_ask_only_for_what_the_course_functions_compute():
    """07.4 pregunta también por la mejora nula (0.85 frente a 0.85), que
    ``cu.power_two_proportions`` rechaza con un error: el enunciado lo advierte y dice cómo
    obtener el número (simulando), en lugar de pedir una potencia que la función no da."""
    import course_utils as cu

    nb07 = next(p for p in NOTEBOOKS if p.name.startswith("07_"))
    cells = json.loads(nb07.read_text(encoding="utf-8"))["cells"]
    statement = next("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
                     and "".join(c["source"]).startswith("### Ejercicio 4"))
    pairs = re.findall(r"\((0\.\d+) frente a (0\.\d+)\)", statement)
    refused = []
    for p_a, p_b in pairs:
        try:
            cu.power_two_proportions(float(p_a), float(p_b), 1_000)
        except ValueError:
            refused.append((p_a, p_b))
    assert refused == [("0.85", "0.85")], pairs
    text = " ".join(statement.split())
    assert "`cu.power_two_proportions` no calcula nada" in text and "simulando" in text, text


def test_chi_squared_has_one_name():
    """La distribución ji cuadrado se llama «ji cuadrado» (la tabla de CONTRIBUTING.md), nunca
    «chi-cuadrado» ni «chi cuadrado»."""
    pattern = re.compile(r"\bchi[- ]cuadrad[oa]s?\b", re.I)
    found = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in _text_files()
             if p.name != "CHANGELOG.md"  # la historia se deja como se escribió
             for m in pattern.finditer(_readable(p))]
    assert not found, found


def test_k_nn_has_one_name():
    """El clasificador de los vecinos más cercanos se escribe «k-NN» (o «$k$-NN») en todo lo que
    lee el estudiante: cuadernos (prosa y salidas) y sus copias, preguntas, glosario, sitio,
    README, guía del docente y mensajes de `course_utils`; nunca «KNN». Los identificadores del
    código (``knn``, ``KNeighborsClassifier``) no cuentan, ni los datos de prueba de ``tests/``."""
    pattern = re.compile(r"\bKNN\b")
    found = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in _text_files()
             if p.name != "CHANGELOG.md" and p.relative_to(ROOT).parts[0] != "tests"
             for m in pattern.finditer(_readable(p))]
    assert not found, found


def test_08_does_not_run_what_09_teaches():
    """08 va antes que 09: no ejecuta la comparación bayesiana que enseña 09 (ninguna función
    ``cu.bayesian_*`` en su código) y, donde la menciona, remite al cuaderno 09."""
    nb08 = next(p for p in NOTEBOOKS if p.name.startswith("08_"))
    cells = json.loads(nb08.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert not re.findall(r"\bbayesian_\w+", code)
    prose = [" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown"]
    bayes = [text for text in prose if re.search(r"bayesian", text, re.I)
             and not text.startswith(("# ", "**Requisitos"))]
    assert bayes and all("09" in text for text in bayes), bayes


def test_02_prose_quotes_the_coverage_its_table_prints():
    """02, sección 7.1, cita la cobertura de Wald y Wilson con N = 100 y p = 0.85 que imprime la
    tabla de la sección 7.2 (0.936 y 0.937), no un «en torno a 0.93» que la tabla desmiente."""
    nb02 = next(p for p in NOTEBOOKS if p.name.startswith("02_"))
    cells = json.loads(nb02.read_text(encoding="utf-8"))["cells"]
    table = next("".join(o["data"]["text/plain"]) for c in cells if c["cell_type"] == "code"
                 for o in c.get("outputs", []) if "Agresti-Coull Clopper-Pearson" in
                 "".join(o.get("data", {}).get("text/plain", "")))
    lines = table.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("0.85 "))
    row = next(line for line in lines[start:] if line.split()[-6] == "100").split()
    wald, wilson = float(row[-5]), float(row[-4])
    prose = next(" ".join("".join(c["source"]).split()) for c in cells
                 if c["cell_type"] == "markdown" and "100 repeticiones no bastan" in
                 " ".join("".join(c["source"]).split()))
    assert "en torno a 0.93" not in prose
    assert f"{wald:.3f} y {wilson:.3f}" in prose, (wald, wilson)
