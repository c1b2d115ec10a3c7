"""Ejercicios que se comprueban solos (``cu.comprobar``), sobre todos los ejercicios comprobados.

- Cada comprobación acepta el valor de la solución y rechaza cada error típico declarado, con su
  pista; la lista sale de ``course_utils/exercise_answers.json``, no se escribe aquí.
- Los valores esperados son los que calculan las soluciones: el fichero es exactamente lo que se
  recoge de las salidas guardadas de los cuadernos del docente (que nbval verifica), cada
  comprobación guardada muestra «✔ Correcto», y cada número esperado aparece, redondeado, en las
  salidas guardadas de la solución de su ejercicio.
- La copia de estudiantes tiene las celdas de comprobación, sin salida y sin ningún valor esperado.

Estáticas y rápidas: no ejecutan ningún cuaderno.
"""

from __future__ import annotations

import functools
import json
import math
import re
import sys
from pathlib import Path

import nbformat
import numpy as np
import pytest

import course_utils as cu
from course_utils.exercises import MISTAKES, PAYLOAD_KEY, ExerciseAnswer, load_answers

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import classroom  # noqa: E402
import make_student_copies  # noqa: E402

ANSWERS = load_answers()
IDS = sorted(ANSWERS)
NOTEBOOKS = {p.name[:2]: p for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}


@functools.lru_cache(maxsize=None)
def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def read(path: Path) -> nbformat.NotebookNode:
    """El cuaderno guardado (compartido entre pruebas: no se modifica)."""
    return nbformat.reads(text_of(path), as_version=4)


def spec(key: str) -> ExerciseAnswer:
    return ExerciseAnswer.from_json(ANSWERS[key])


def test_there_are_checks_and_the_file_is_the_harvest_of_the_stored_outputs():
    """El fichero de valores esperados es lo que se recoge hoy de las salidas guardadas, y cada
    celda de comprobación guardada muestra la confirmación (nbval la re-ejecuta)."""
    assert len(ANSWERS) >= 7
    text = make_student_copies.expected_answers(read)  # falla si alguna no muestra «✔»
    assert (ROOT / "course_utils" / "exercise_answers.json").read_text(encoding="utf-8") == text, (
        "regenere con: python tools/make_student_copies.py"
    )


@pytest.mark.parametrize("key", IDS)
def test_check_accepts_the_solution_value(key):
    s = spec(key)
    result = cu.comprobar(key, s.value)
    assert result.correct is True and result.message.startswith("✔"), result.message
    if s.kind != "choice":  # dentro de la tolerancia, también
        nudged = np.asarray(s.value) + 0.5 * (s.atol + s.rtol * np.abs(np.asarray(s.value)))
        nudged = float(nudged) if s.kind == "number" else tuple(nudged.tolist())
        assert cu.comprobar(key, nudged).correct is True


@pytest.mark.parametrize("key", IDS)
def test_check_recognises_each_declared_mistake(key):
    s = spec(key)
    wrong = s.wrong_values()
    assert wrong or s.kind == "choice" and len(s.choices) == 2, (
        f"{key}: declare al menos un error típico (mistakes o alternatives)"
    )
    for hint, value in wrong:
        result = cu.comprobar(key, value)
        # Si dos errores dan el mismo valor (dentro de la tolerancia), vale la pista de cualquiera.
        hints = [h for h, w in wrong if s.close(value, w)]
        assert result.correct is False and any(h in result.message for h in hints), (
            hint, result.message
        )
        assert f"sección {s.section}" in result.message
    if s.kind == "choice":  # las demás opciones también se rechazan
        for choice in s.choices:
            if choice != s.value:
                assert cu.comprobar(key, choice.upper()).correct is False


@pytest.mark.parametrize("key", IDS)
def test_wrong_answers_never_show_the_solution(key):
    s = spec(key)
    # Números con al menos cuatro caracteres (0.9928, 1221): los dígitos sueltos («sección 1»)
    # aparecen en cualquier texto.
    shown = [] if s.kind == "choice" else [
        f for v in np.atleast_1d(s.value) if len(f := f"{v:.4g}".lstrip("-")) >= 4
    ]
    if s.kind == "number":
        answers = [s.value * 3 + 1, s.value * 1.02 + 1e-9, None]
    elif s.kind == "numbers":
        answers = [tuple(3 * v + 1 for v in s.value), None]
    else:
        answers = [c for c in s.choices if c != s.value] + [None]
    for answer in answers + [v for _, v in s.wrong_values()]:
        message = cu.comprobar(key, answer).message
        leaked = [t for t in shown if t in message]
        assert not leaked, (key, message)


def _solution_outputs(key: str) -> str:
    """Texto de las salidas guardadas de las soluciones del ejercicio ``key``."""
    nn, number = key.split(".")
    nb = read(NOTEBOOKS[nn])
    texts = []
    for cell, n in zip(nb.cells, classroom.exercise_numbers(nb.cells)):
        if n == int(number) and classroom.is_solution(cell) and cell.cell_type == "code":
            for o in cell.outputs:
                texts.append("".join(o.get("text", "")))
                texts.append("".join(o.get("data", {}).get("text/plain", "")))
    return "\n".join(texts)


def _printed_forms(v: float) -> set[str]:
    forms = {f"{v:.{d}f}" for d in (2, 3, 4)} | {f"{v:.{d}e}" for d in (2, 3, 4)}
    forms |= {f"{100 * v:.{d}f}" for d in (1, 2)}  # en puntos porcentuales
    if float(v).is_integer():
        forms.add(str(int(v)))
    return forms


@pytest.mark.parametrize("key", IDS)
def test_expected_values_are_printed_by_the_solution(key):
    """Referencia independiente de la cosecha: cada número esperado aparece (redondeado como
    lo imprime el cuaderno) en las salidas guardadas de la solución, y cada opción categórica en
    el texto de esas salidas."""
    s = spec(key)
    text = _solution_outputs(key)
    if s.kind == "choice":
        assert re.search(rf"(?<!\w){re.escape(s.value)}(?!\w)", text, re.IGNORECASE), (key, s.value)
        return
    missing = [v for v in np.atleast_1d(s.value)
               if not any(re.search(rf"(?<![\d.]){re.escape(f)}(?!\d)", text)
                          for f in _printed_forms(float(v)))]
    assert not missing, f"{key}: {missing} no aparece en las salidas de su solución"


@pytest.mark.parametrize("key", IDS)
def test_student_copy_has_the_check_and_no_expected_value(key):
    nn, number = key.split(".")
    path = ROOT / "notebooks" / "alumnos" / NOTEBOOKS[nn].name
    text = text_of(path)
    student = read(path)
    checks = [c for c in student.cells if classroom.is_check(c) and f'"{key}"' in c.source]
    assert len(checks) == 1 and checks[0].outputs == [] and checks[0].execution_count is None
    idx = student.cells.index(checks[0])
    exercise = student.cells[idx - 1]
    assert classroom.EXERCISE_TAG in classroom.tags(exercise)
    assert f"respuesta_{number} = None" in exercise.source
    assert PAYLOAD_KEY not in text
    s = spec(key)
    values = [s.value] if s.kind != "numbers" else list(s.value)
    for v in values + [w for _, w in s.wrong_values() if not isinstance(w, tuple)]:
        if isinstance(v, float) and len(repr(v)) > 8:
            assert repr(v) not in text, f"{key}: {v!r} aparece en la copia de estudiantes"
    for hint, _ in s.wrong_values():
        assert hint not in text


def test_every_check_cell_in_the_notebooks_is_harvested():
    found = set()
    for nn, path in NOTEBOOKS.items():
        for cell in read(path).cells:
            if classroom.is_check(cell):
                found |= set(re.findall(r'comprobar\("(\d{2}\.\d+)"', cell.source))
    assert found == set(ANSWERS)


# ------------------------------------------------------------------- la API, sobre casos pequeños


def _install(monkeypatch, **answers):
    table = {k: v.to_json() for k, v in answers.items()}
    monkeypatch.setattr("course_utils.exercises.load_answers", lambda: table)


def test_numeric_mistakes_and_messages(monkeypatch):
    _install(monkeypatch, **{
        "99.1": ExerciseAnswer(0.0157, section="7", mistakes=["x100", "-x", "1-x", "x2"]),
    })
    assert cu.comprobar("99.1", 0.01570001).correct
    assert cu.comprobar("99.1", np.float64(0.0157)).correct
    assert "porcentaje" in cu.comprobar("99.1", 1.57).message
    assert "signo" in cu.comprobar("99.1", -0.0157).message
    assert "complemento" in cu.comprobar("99.1", 0.9843).message
    assert "doble" in cu.comprobar("99.1", 0.0314).message
    assert "redondeado" in cu.comprobar("99.1", 0.0162).message
    result = cu.comprobar("99.1", 0.5)
    assert result.correct is False and "sección 7" in result.message and "0.0157" not in str(result)
    pending = cu.comprobar("99.1", None)
    assert pending.correct is None and "respuesta_1" in pending.message


def test_tuple_and_choice_answers(monkeypatch):
    _install(monkeypatch, **{
        "99.2": ExerciseAnswer((0.89, 0.98), section="6", mistakes=["swap"],
                               alternatives={"Es el de Wald.": (0.91, 0.99)}),
        "99.3": ExerciseAnswer("no rechaza", section="5", choices=("rechaza", "no rechaza"),
                               alternatives={"Compare el valor p con α.": "rechaza"}),
    })
    assert cu.comprobar("99.2", [0.89, 0.98]).correct
    assert cu.comprobar("99.2", np.array([0.89, 0.98])).correct
    assert "otro orden" in cu.comprobar("99.2", (0.98, 0.89)).message
    assert "Wald" in cu.comprobar("99.2", (0.91, 0.99)).message
    assert cu.comprobar("99.3", "  No Rechaza ").correct
    assert "valor p" in cu.comprobar("99.3", "rechaza").message


def test_bad_input_is_a_spanish_error_naming_the_argument(monkeypatch):
    _install(monkeypatch, **{
        "99.2": ExerciseAnswer((0.89, 0.98), section="6"),
        "99.3": ExerciseAnswer("no", section="5", choices=("sí", "no")),
        "99.4": ExerciseAnswer(0.5, section="1", mistakes=["x100"]),
    })
    cases = [
        (("99.9", 1.0), ValueError, "ejercicio"), (("5.2", 1.0), ValueError, "ejercicio"),
        ((5.2, 1.0), TypeError, "ejercicio"), (("99.4", float("nan")), ValueError, "respuesta"),
        (("99.4", "0.5"), TypeError, "respuesta"), (("99.4", True), TypeError, "respuesta"),
        (("99.4", [0.5]), TypeError, "respuesta"), (("99.2", (0.9,)), ValueError, "respuesta"),
        (("99.2", (0.9, "a")), TypeError, "respuesta[1]"), (("99.3", "quizá"), ValueError,
                                                            "respuesta"),
        (("99.3", 1), TypeError, "respuesta"),
    ]
    for args, error, name in cases:
        with pytest.raises(error, match=re.escape(f"`{name}`")):
            cu.comprobar(*args)


def test_declaration_rejects_bad_arguments():
    with pytest.raises(ValueError, match="`mistakes`"):
        ExerciseAnswer(0.5, section="1", mistakes=["x3"])
    with pytest.raises(ValueError, match="`mistakes`"):
        ExerciseAnswer(0.5, section="1", mistakes=["swap"])
    with pytest.raises(TypeError, match="`choices`"):
        ExerciseAnswer("sí", section="1")
    with pytest.raises(ValueError, match="`value`"):
        ExerciseAnswer(math.inf, section="1")
    with pytest.raises(TypeError, match="`section`"):
        ExerciseAnswer(0.5, section="")
    with pytest.raises(ValueError, match="`alternatives`"):
        ExerciseAnswer((0.1, 0.2), section="1", alternatives={"pista": (0.1, 0.2, 0.3)})


def test_instructor_declaration_is_confirmed_only_against_the_stored_value(monkeypatch):
    stored = ExerciseAnswer(0.25, section="2", mistakes=["x100"])
    _install(monkeypatch, **{"99.5": stored})
    ok = cu.comprobar("99.5", ExerciseAnswer(0.25, section="2", mistakes=["x100"]))
    assert ok.correct and ok._repr_mimebundle_()[1][PAYLOAD_KEY]["answer"] == stored.to_json()
    drift = cu.comprobar("99.5", ExerciseAnswer(0.26, section="2", mistakes=["x100"]))
    assert drift.correct is False and drift.message.startswith("⚠")
    new = cu.comprobar("99.6", ExerciseAnswer(0.26, section="2"))  # aún sin valor guardado
    assert new.correct is False and new.payload["id"] == "99.6"
    assert json.loads(json.dumps(new.payload)) == new.payload


def test_every_generic_mistake_has_a_spanish_hint():
    for name, (_, hint) in MISTAKES.items():
        assert hint.endswith((".", "?")) and len(hint) > 30, name


@pytest.mark.parametrize("nn", sorted(NOTEBOOKS))
def test_every_exercise_has_a_check_or_a_rubric(nn):
    """Cada ejercicio tiene una comprobación automática o, si es abierto, una rúbrica de
    autoevaluación («Su respuesta debería: …», de 3 a 5 puntos) en su solución plegada."""
    nb = read(NOTEBOOKS[nn])
    numbers = classroom.exercise_numbers(nb.cells)
    exercises = {n for c, n in zip(nb.cells, numbers) if classroom.is_solution(c)}
    checked = {n for c, n in zip(nb.cells, numbers) if classroom.is_check(c)}
    rubrics = {}
    for cell, n in zip(nb.cells, numbers):
        if classroom.is_solution(cell) and "rúbrica de autoevaluación" in cell.source:
            assert "Su respuesta debería:" in cell.source
            rubrics[n] = len(re.findall(r"^# - ", cell.source, re.MULTILINE))
    assert exercises == checked | set(rubrics), (nn, exercises, checked, rubrics)
    assert not checked & set(rubrics)
    assert all(3 <= k <= 5 for k in rubrics.values()), rubrics


def test_stored_declarations_survive_a_save_from_jupyterlab():
    """JupyterLab guarda pasando por JavaScript (``0.0`` se escribe ``0``): las declaraciones
    guardadas ya están en esa forma, así que guardar en clase no cambia el cuaderno ni el fichero
    de valores esperados."""
    assert classroom.canonical_json({"a": 0.0, "b": [1.0, 0.5, -2.0], "c": "x"}) == {
        "a": 0, "b": [1, 0.5, -2], "c": "x"
    }
    for path in NOTEBOOKS.values():
        for cell in read(path).cells:
            if classroom.is_check(cell):
                payload = cell.outputs[0]["metadata"][PAYLOAD_KEY]
                assert json.dumps(payload) == json.dumps(classroom.canonical_json(payload))


def test_answers_that_only_look_like_numbers_are_refused():
    """Un arreglo 2-D o con máscara no se aplana en silencio, y un entero enorme no da un error
    en inglés."""
    with pytest.raises(ValueError, match="una dimensión, sin máscara"):
        cu.comprobar("03.4", np.array([[0.9928, 1]]))
    with pytest.raises(ValueError, match="una dimensión, sin máscara"):
        cu.comprobar("03.4", np.ma.array([0.9928, 1.0], mask=[0, 1]))
    with pytest.raises(ValueError, match="demasiado grande"):
        cu.comprobar("05.2", 10**400)
    question = next(q for quiz in cu.course_quizzes().values() for q in quiz.questions
                    if q.kind == "numerica")
    with pytest.raises(TypeError, match="`value`"):
        question.check(True)
