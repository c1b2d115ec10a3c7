"""Ejercicios que se comprueban solos (``cu.comprobar``), sobre todos los ejercicios comprobados.

- Cada comprobación acepta el valor de la solución y rechaza cada error típico declarado, con su
  pista; la lista sale de ``course_utils/selfcheck/exercise_answers.json``, no se escribe aquí.
- Los valores esperados son los que calculan las soluciones: el fichero es exactamente lo que se
  recoge de las salidas guardadas de los cuadernos del docente (que nbval verifica), cada
  comprobación guardada muestra «✔ Correcto», y cada número esperado aparece, redondeado, en las
  salidas guardadas de la solución de su ejercicio.
- La copia de estudiantes tiene las celdas de comprobación, sin salida y sin ningún valor esperado.
- Una respuesta con otra forma (un texto que no es un número, NaN, otra cantidad de números, un
  arreglo 2-D, un valor lógico...) da «✘ Todavía no» con la forma esperada, nunca una excepción;
  lo que no es ambiguo (``"0,0157"``, ``Decimal``, un arreglo de un elemento) se lee como el
  número que es. Solo un identificador de ejercicio que no existe lanza un error.

Estáticas y rápidas: no ejecutan ningún cuaderno.
"""

from __future__ import annotations

import functools
import json
import math
import re
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import nbformat
import numpy as np
import pandas as pd
import pytest

import course_utils as cu
from course_utils.selfcheck.exercises import MISTAKES, PAYLOAD_KEY, ExerciseAnswer, load_answers

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
    assert (ROOT / "course_utils" / "selfcheck" / "exercise_answers.json").read_text(encoding="utf-8") == text, (
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
    monkeypatch.setattr("course_utils.selfcheck.exercises.load_answers", lambda: table)


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
    assert "redondeado" in cu.comprobar("99.1", 0.016).message  # 0.0157 redondeado
    assert "redondeado" in cu.comprobar("99.1", 0.0162).message  # a menos de un 5 %
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


def test_a_wrong_exercise_id_is_a_spanish_error_naming_the_argument(monkeypatch):
    """Un identificador que no existe es un error del cuaderno, no de la respuesta: se lanza."""
    _install(monkeypatch, **{"99.4": ExerciseAnswer(0.5, section="1", mistakes=["x100"])})
    cases = [(("99.9", 1.0), ValueError), (("5.2", 1.0), ValueError), ((5.2, 1.0), TypeError),
             ((None, 0.5), TypeError), (("99.9", None), ValueError), (("99.9", "0,5"), ValueError)]
    for args, error in cases:
        with pytest.raises(error, match=re.escape("`ejercicio`")):
            cu.comprobar(*args)


# Respuestas de prueba: un número (con errores típicos), un intervalo, tres números, una opción.
SHAPES = {
    "99.1": ExerciseAnswer(0.0157, section="7", mistakes=["x100", "-x"]),
    "99.2": ExerciseAnswer((0.89, 0.98), section="6", mistakes=["swap"]),
    "99.3": ExerciseAnswer("no rechaza", section="5", choices=("rechaza", "no rechaza")),
    "99.4": ExerciseAnswer(1221, section="2", rtol=0),
    "99.5": ExerciseAnswer((3, 1, 2), section="4", rtol=0),
    "99.6": ExerciseAnswer("sí", section="3", choices=("sí", "no")),
}
NUMBER, PAIR, CHOICE = ("Se espera un número;", "Se esperan 2 números, en una tupla y en el orden "
                        "que pide el enunciado (en un intervalo, `(inferior, superior)`);",
                        "Se espera un texto, una de las opciones 'rechaza' o 'no rechaza';")
NAN = "que no es un número (NaN"
# (ejercicio, respuesta, fragmentos del mensaje): la forma esperada y lo que se recibió.
SHAPE_MISTAKES = [
    ("99.1", "abc", [NUMBER, "el texto 'abc', que no se lee como un número"]),
    ("99.1", "0,0157.", [NUMBER, "no se lee como un número"]),
    ("99.1", "0.0157 0.2", [NUMBER, "no se lee como un número"]),
    ("99.1", "nan", [NUMBER, "no se lee como un número"]),
    ("99.1", "", [NUMBER, "un texto vacío"]),
    ("99.1", "1.234,5", [NUMBER, "'1.234,5', con separador de miles"]),
    ("99.1", "1,234.5", [NUMBER, "con separador de miles"]),
    ("99.1", "1 234", [NUMBER, "con separador de miles"]),
    ("99.1", "1.234.567", [NUMBER, "con separador de miles"]),
    ("99.1", "1,234", [NUMBER, "ambiguo: puede ser 1.234 o 1234 (con la coma como separador"]),
    ("99.1", "-1.234", [NUMBER, "ambiguo: puede ser -1.234 o -1234 (con el punto como"]),
    ("99.1", "1,57 %", [NUMBER, "sin el signo %"]),
    ("99.1", "1e400", [NUMBER, "demasiado grande"]),
    ("99.1", (0.0157, 0.0157), [NUMBER, "una tupla de 2 elementos"]),
    ("99.1", [], [NUMBER, "una lista de 0 elementos"]),
    ("99.1", [[0.0157]], [NUMBER, "una lista de 1 elemento que contiene una lista de 1 elemento"]),
    ("99.1", np.array([[0.0157]]), [NUMBER, "un arreglo de 2 dimensiones (forma (1, 1))"]),
    ("99.1", pd.DataFrame([[0.0157]]), [NUMBER, "una tabla de pandas (DataFrame)"]),
    ("99.1", np.ma.array([0.0157], mask=[True]), [NUMBER, "valores enmascarados"]),
    ("99.1", True, [NUMBER, "True, un valor lógico"]),
    ("99.1", np.bool_(False), [NUMBER, "False, un valor lógico"]),
    ("99.1", math.nan, [NUMBER, "se recibió nan, " + NAN, "Revise el cálculo"]),
    ("99.1", np.float64("nan"), [NUMBER, NAN]),
    ("99.1", Decimal("NaN"), [NUMBER, NAN]),
    ("99.1", Decimal("sNaN"), [NUMBER, NAN]),
    ("99.1", pd.Series([np.nan]), [NUMBER, NAN]),
    ("99.1", pd.NA, [NUMBER, "un valor ausente de pandas (NA)"]),
    ("99.1", math.inf, [NUMBER, "se recibió inf, infinito"]),
    ("99.1", -np.inf, [NUMBER, "se recibió -inf, infinito"]),
    ("99.1", Decimal("Infinity"), [NUMBER, "infinito"]),
    ("99.1", 10**400, [NUMBER, "demasiado grande"]),
    ("99.1", Fraction(10**400, 3), [NUMBER, "demasiado grande"]),
    ("99.1", np.longdouble("1e400") if np.finfo(np.longdouble).max > 1e400 else 10**401,
     [NUMBER, "demasiado grande"]),
    ("99.1", 0.0157 + 0j, [NUMBER, "el número complejo (0.0157+0j); se espera un número real"]),
    ("99.1", np.complex128(1j), [NUMBER, "se espera un número real"]),
    ("99.1", {"a": 0.0157}, [NUMBER, "un diccionario"]),
    ("99.1", {0.0157}, [NUMBER, "un conjunto"]),
    ("99.1", len, [NUMBER, "una función"]),
    ("99.2", (0.89,), [PAIR, "se recibió una tupla de 1 elemento"]),
    ("99.2", (0.89, 0.9, 0.98), [PAIR, "se recibió una tupla de 3 elementos"]),
    ("99.2", [0.89, 0.9, 0.98], [PAIR, "se recibió una lista de 3 elementos"]),
    ("99.2", np.array([0.89, 0.9, 0.98]), [PAIR, "se recibió un arreglo de 3 elementos"]),
    ("99.2", pd.Series([0.89]), [PAIR, "se recibió una serie de pandas de 1 elemento"]),
    ("99.2", 0.89, [PAIR, "se recibió un solo número"]),
    ("99.2", "(0.89, 0.98)", [PAIR, "el texto '(0.89, 0.98)': asigne los números sin comillas"]),
    ("99.2", np.array([[0.89, 0.98]]), [PAIR, "un arreglo de 2 dimensiones (forma (1, 2))"]),
    ("99.2", pd.DataFrame({"inf": [0.89], "sup": [0.98]}), [PAIR, "DataFrame"]),
    ("99.2", (0.89, "a"), [PAIR, "en la posición 2, se recibió el texto 'a'"]),
    ("99.2", (0.89, "0,9.8"), [PAIR, "en la posición 2, se recibió el texto '0,9.8'"]),
    ("99.2", (0.89, math.nan), [PAIR, "en la posición 2, se recibió nan, " + NAN]),
    ("99.2", (True, 0.98), [PAIR, "en la posición 1, se recibió True, un valor lógico"]),
    ("99.2", (None, 0.98), [PAIR, "en la posición 1, se recibió None"]),
    ("99.2", ((0.89,), 0.98), [PAIR, "en la posición 1, se recibió una tupla de 1 elemento"]),
    ("99.2", {"a": 0.89, "b": 0.98}, [PAIR, "se recibió un diccionario"]),
    ("99.5", (3, 1), ["Se esperan 3 números, en una tupla y en el orden que pide el enunciado;",
                      "se recibió una tupla de 2 elementos"]),
    ("99.3", "quizá", [CHOICE, "se recibió el texto 'quizá', que no es ninguna de ellas"]),
    ("99.3", 1, [CHOICE, "se recibió 1"]),
    ("99.3", True, [CHOICE, "True, un valor lógico"]),
    ("99.3", ["rechaza", "no rechaza"], [CHOICE, "una lista de 2 elementos"]),
]


def _shape_id(case):
    key, answer, _ = case
    return f"{key}-{type(answer).__name__}-{str(answer)[:12]}"


@pytest.mark.parametrize("key, answer, fragments", SHAPE_MISTAKES,
                         ids=[_shape_id(c) for c in SHAPE_MISTAKES])
def test_answer_shape_mistakes_are_a_message_not_an_error(monkeypatch, key, answer, fragments):
    """Una respuesta con otra forma no lanza nada: «✘ Todavía no», con la forma que se espera y
    lo que se recibió (en español, sin nombres de tipo de Python), y sin la solución."""
    _install(monkeypatch, **SHAPES)
    result = cu.comprobar(key, answer)  # ninguna excepción
    message = result.message
    assert result.correct is False and result.exercise == key
    assert message.startswith(f"✘ Ejercicio {key}: todavía no. ") and message.endswith("."), message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    english = re.findall(r"\b(?:un\(a\)|tuple|list|ndarray|str|float|int|bool|NoneType|dict|"
                         r"object|DataFrame(?!\))|Series|Decimal|Fraction)\b", message)
    assert not english, (english, message)
    # Se muestra así en el cuaderno: solo texto, el mismo mensaje, sin declaración adjunta.
    assert result._repr_mimebundle_() == {"text/plain": message} and repr(result) == message
    if SHAPES[key].kind != "choice":
        for v in np.atleast_1d(SHAPES[key].value):
            assert not re.search(rf"(?<![\d.]){re.escape(str(v))}(?!\d)", message.split(";")[0])


def test_pending_answer_is_neither_right_nor_wrong(monkeypatch):
    _install(monkeypatch, **SHAPES)
    for key in SHAPES:
        result = cu.comprobar(key, None)
        number = key.split(".")[1]
        assert result.correct is None and f"`respuesta_{number}`" in result.message
        assert result._repr_mimebundle_() == {"text/plain": result.message}


# Respuestas que se leen como el número que son (la referencia: float() de Python, con punto).
UNAMBIGUOUS = [
    ("99.1", "0,0157", 0.0157), ("99.1", "0.0157", 0.0157), ("99.1", " 0,0157\n", 0.0157),
    ("99.1", "+0,0157", 0.0157), ("99.1", "1,57e-2", 0.0157), ("99.1", ",0157", 0.0157),
    ("99.1", "\u22120,0157", -0.0157), ("99.1", "-0.0157", -0.0157), ("99.1", "1,57", 1.57),
    ("99.1", "0,123", 0.123), ("99.1", "1234,5", 1234.5), ("99.1", "5.", 5.0),
    ("99.1", np.array([0.0157]), 0.0157), ("99.1", np.array(0.0157), 0.0157),
    ("99.1", pd.Series([0.0157], index=["p"]), 0.0157), ("99.1", [0.0157], 0.0157),
    ("99.1", (0.0157,), 0.0157), ("99.1", Decimal("0.0157"), 0.0157),
    ("99.1", Fraction(157, 10000), 0.0157), ("99.1", np.float32(0.0157), float(np.float32(0.0157))),
    ("99.1", np.float64(-0.0157), -0.0157), ("99.1", np.ma.array([0.0157], mask=[False]), 0.0157),
    ("99.1", np.array(["0,0157"]), 0.0157),
    ("99.4", "1221", 1221.0), ("99.4", "1221,0", 1221.0), ("99.4", np.int64(1221), 1221.0),
    ("99.4", Decimal(1221), 1221.0), ("99.4", Fraction(2442, 2), 1221.0),
    ("99.4", np.uint16(1221), 1221.0), ("99.4", pd.Series([1221], dtype="Int64"), 1221.0),
    ("99.2", [0.89, 0.98], (0.89, 0.98)), ("99.2", np.array([0.89, 0.98]), (0.89, 0.98)),
    ("99.2", pd.Series([0.89, 0.98], index=["sup", "inf"]), (0.89, 0.98)),
    ("99.2", ("0,89", "0,98"), (0.89, 0.98)), ("99.2", ("0.89", 0.98), (0.89, 0.98)),
    ("99.2", np.array(["0,89", "0,98"]), (0.89, 0.98)),
    ("99.2", (Decimal("0.89"), Fraction(98, 100)), (0.89, 0.98)),
    ("99.2", (np.float32(0.89), np.int8(1)), (float(np.float32(0.89)), 1.0)),
    ("99.2", ("0,98", "0,89"), (0.98, 0.89)), ("99.2", (0.5, "\u22120,5"), (0.5, -0.5)),
    ("99.5", np.array([3, 1, 2]), (3.0, 1.0, 2.0)), ("99.5", ["3", "1", "2,0"], (3.0, 1.0, 2.0)),
]


@pytest.mark.parametrize("key, answer, number", UNAMBIGUOUS,
                         ids=[_shape_id(c) for c in UNAMBIGUOUS])
def test_unambiguous_answers_are_read_as_the_number_they_are(monkeypatch, key, answer, number):
    """Un número como texto (punto o coma decimal), ``Decimal``, ``Fraction``, un escalar de NumPy,
    o un arreglo, una lista o una serie del tamaño esperado se corrigen como el número que son:
    el mismo mensaje que con ese número escrito como ``float`` (acierto, un error típico reconocido
    o «no coincide»)."""
    _install(monkeypatch, **SHAPES)
    assert cu.comprobar(key, answer) == cu.comprobar(key, number)


def test_text_and_arrays_reach_the_right_answer_and_the_hints(monkeypatch):
    _install(monkeypatch, **SHAPES)
    for answer in ("0,0157", "0.0157", np.array([0.0157]), pd.Series([0.0157]), Decimal("0.0157"),
                   Fraction(157, 10000), np.float32(0.0157)):
        assert cu.comprobar("99.1", answer).correct is True, answer
    assert "porcentaje" in cu.comprobar("99.1", "1,57").message
    assert "signo" in cu.comprobar("99.1", "\u22120,0157").message
    assert "otro orden" in cu.comprobar("99.2", ("0,98", "0,89")).message
    assert cu.comprobar("99.2", pd.Series([0.89, 0.98])).correct is True
    assert cu.comprobar("99.4", "1221").correct is True
    # «1.221» sería 1221 con el punto de separador de miles: no se lee (no «no coincide»).
    assert "ambiguo" in cu.comprobar("99.4", "1.221").message


def test_categorical_answers_ignore_case_accents_spaces_and_underscores(monkeypatch):
    _install(monkeypatch, **SHAPES)
    for answer in ("sí", "si", "SÍ", " Si ", "Sí\t", ["sí"], np.array(["si"]), np.str_("SI")):
        assert cu.comprobar("99.6", answer).correct is True, answer
    for answer in ("no rechaza", "No  Rechaza", "no_rechaza", "NO RECHAZA\n"):
        assert cu.comprobar("99.3", answer).correct is True, answer
    assert cu.comprobar("99.6", "no").correct is False
    assert cu.comprobar("99.3", "norechaza").correct is False  # sin espacio: otra palabra


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
    with pytest.raises(TypeError, match="`near`"):
        ExerciseAnswer(0.5, section="1", near="no")


def test_declared_alternatives_come_before_generic_mistakes(monkeypatch):
    """Un valor que es a la vez un error genérico («×2») y una alternativa declarada (otro
    procedimiento que da justo el doble) recibe la pista de la alternativa, que dice qué se hizo."""
    _install(monkeypatch, **{"99.1": ExerciseAnswer(
        0.0977, section="3", mistakes=["x2"],
        alternatives={"Es el p ajustado con todas las parejas.": 0.1953})})
    assert "todas las parejas" in cu.comprobar("99.1", 0.1953).message
    assert "doble" not in cu.comprobar("99.1", 0.1953).message


def test_near_false_keeps_casi_only_for_the_right_value_rounded(monkeypatch):
    """Con ``near=False`` (el enunciado ya pide redondear, o lo cercano es otra cantidad) no hay
    «casi» para un valor a un 2 % ni para el truncado; el valor correcto redondeado sí lo recibe,
    y un error declarado, redondeado, se sigue reconociendo."""
    rounded = ExerciseAnswer(0.02296, section="2", rtol=0, atol=1e-9, near=False,
                             alternatives={"Es la cota sin redondear.": 0.022696})
    _install(monkeypatch, **{"99.1": rounded,
                             "99.2": ExerciseAnswer(0.02296, section="2", rtol=0, atol=1e-9)})
    assert cu.comprobar("99.1", 0.0235).outcome == "wrong"
    assert cu.comprobar("99.2", 0.0235).outcome == "near"
    for key in ("99.1", "99.2"):
        assert cu.comprobar(key, 0.023).outcome == "near"  # redondeado
    assert cu.comprobar("99.2", 0.022).outcome == "near"  # truncado
    assert cu.comprobar("99.1", 0.022).outcome == "wrong"  # truncado, y se pedía redondear
    assert "sin redondear" in cu.comprobar("99.1", 0.0227).message
    assert ExerciseAnswer.from_json(rounded.to_json()) == rounded


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


def test_answers_that_only_look_like_numbers_are_not_flattened():
    """Un arreglo 2-D o con valores enmascarados no se aplana en silencio, y un entero enorme no
    da un error en inglés: las tres, «✘ Todavía no» con lo que se recibió."""
    for answer, fragment in [(np.array([[0.9928, 1]]), "2 dimensiones"),
                             (np.ma.array([0.9928, 1.0], mask=[0, 1]), "enmascarados")]:
        result = cu.comprobar("03.4", answer)
        assert result.correct is False and fragment in result.message, result.message
    result = cu.comprobar("05.2", 10**400)
    assert result.correct is False and "demasiado grande" in result.message
    question = next(q for quiz in cu.course_quizzes().values() for q in quiz.questions
                    if q.kind == "numerica")
    with pytest.raises(TypeError, match="`value`"):
        question.check(True)
