"""Ninguna salida guardada ni ningún texto de cuestionario da la respuesta de un ejercicio.

Para cada ejercicio comprobado se toma su respuesta de ``course_utils/selfcheck/exercise_answers.json`` y se
buscan, en las salidas de las celdas que no son solución de su cuaderno y en el cuestionario
``course_utils/selfcheck/quizzes/NN.toml`` (todos sus campos), números que la den:

- un decimal que es la respuesta tal como se imprime, con sus decimales, y que la comprobación
  acepta (0.9200 junto a una respuesta 0.9196 es otra exactitud, no la respuesta);
- un decimal que, redondeado como pide el enunciado, es la respuesta: cuando el enunciado la pide
  con unos decimales («con tres decimales») y la comprobación solo la acepta con esa precisión, la
  cota sin redondear impresa (0.0227) da la respuesta (0.023);
- en los dos casos, con cualquier signo (la cota −0.0227 da el margen 0.023), salvo si el
  ejercicio declara un error típico «-x»: entonces el signo es lo que se pregunta;
- un entero de 10 o más, donde aparezca; uno pequeño (3, 8, 9) aparece en cualquier texto, así
  que solo cuenta en una frase que nombra la cantidad que pide el ejercicio
  (:data:`SMALL_INTEGER_CONTEXT`, obligatorio para cada ejercicio de respuesta entera pequeña);
- una tupla de decimales, si aparecen todos en el mismo texto; una de enteros, si aparecen
  seguidos y en orden en una misma línea («Nemenyi 7, Holm 8, Shaffer 8, Bergmann 8»).

Además, ninguna pregunta puede decir un resultado intermedio de un ejercicio de su cuaderno: un
número (con dos o más decimales y dos o más cifras significativas) que solo imprime la solución de
un ejercicio (el cociente $n_2/n_1 = 0.2500$ que calcula el ejercicio 04.2).
Los números de las soluciones, en cambio, se buscan en sus comentarios: una solución plegada no
debe decir el resultado ni el veredicto antes de ejecutarse.
"""
from __future__ import annotations

import functools
import json
import re
import tomllib
from pathlib import Path

import nbformat
import numpy as np
import pytest

from course_utils.selfcheck.exercises import ExerciseAnswer, check_answer

ROOT = Path(__file__).resolve().parents[1]
ANSWERS = json.loads((ROOT / "course_utils" / "selfcheck" / "exercise_answers.json").read_text("utf-8"))
NUMBER = re.compile(r"(?<![\w.,])[-−]?\d+(?:[.,]\d+)?(?![\w])")

# Números que forman parte del enunciado de otro ejercicio o de la teoría y coinciden por azar
# con una respuesta: (ejercicio, lugar, número impreso) -> motivo.
ALLOWED: dict[tuple[str, str, str], str] = {
    ("07.4", "los comentarios de la solución (celda 70)", "0.92"):
        "p_a = 0.92 es un dato del enunciado del ejercicio 2, no el resultado del 4",
    ("03.1", "la salida de la celda 12", "0.92"):
        "es el extremo superior del intervalo de Wald que imprimen las diapositivas, (0.78, 0.92), "
        "no una cobertura; cae en la ventana de Monte Carlo del ejercicio 1 (±0.011) por azar",
    ("10.2", "la salida de la celda 17", "0.1750"):
        "es la potencia de McNemar mid-p con una diferencia de 0.06, no un error de tipo I",
    ("10.2", "la salida de la celda 17", "0.0300"):
        "es una de las diferencias de Bayes simuladas (0.03), un dato de la sección 5",
}


def _numbers(text: str) -> list[tuple[str, float]]:
    out = []
    for m in NUMBER.finditer(text):
        raw = m.group(0)
        out.append((raw, float(raw.replace("−", "-").replace(",", "."))))
    return out


def _decimals(raw: str) -> int:
    return len(re.split(r"[.,]", raw)[1]) if re.search(r"[.,]", raw) else 0


def _printed(raw: str, x: float, target: float) -> bool:
    """¿Es ``raw`` el valor ``target`` tal como se imprime, con los decimales de ``raw``?

    Con la tolerancia de la comprobación sola, cualquier exactitud vecina (0.9200 junto a una
    respuesta 0.9196) contaría como fuga; lo que da la respuesta es imprimirla a ella."""
    return abs(x - target) <= 0.5 * 10.0 ** -_decimals(raw) + 1e-12


_WORDS = {"un": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6}
_ASKS = re.compile(r"\bcon\s+(\w+)\s+decimal(?:es)?\b", re.IGNORECASE)


@functools.lru_cache(maxsize=None)
def _asked_in_statement(key: str) -> int | None:
    """Los decimales que pide el enunciado del ejercicio ``key`` («con tres decimales»)."""
    nn, k = key.split(".")
    if not list((ROOT / "notebooks").glob(f"{nn}_*.ipynb")):
        return None
    cells = nbformat.read(_notebook(nn), as_version=4).cells
    start = next(i for i, c in enumerate(cells) if c.cell_type == "markdown"
                 and re.search(rf"^###\s+Ejercicio\s+{int(k)}\b", c.source, re.M))
    statement = []
    for cell in cells[start:]:
        if cell.cell_type != "markdown":
            break
        statement.append(cell.source.split(f"### Ejercicio {int(k)}", 1)[-1])
    m = _ASKS.search(" ".join(" ".join(statement).split()))
    return _WORDS.get(m.group(1).lower()) if m else None


def _asked_decimals(key: str, spec: ExerciseAnswer, value: float) -> int | None:
    """Los decimales con que se pide la respuesta redondeada: los que dice el enunciado, si la
    comprobación solo acepta el valor con esa precisión (tolerancia menor que media unidad del
    último decimal: 0.023 con ``atol=1e-9``). ``None`` si no, y en las respuestas enteras, que
    tienen sus propias reglas."""
    d = _asked_in_statement(key)
    if d is None or value == int(value):
        return None
    return d if max(spec.atol, spec.rtol * abs(value)) < 0.5 * 10.0 ** -d else None


def _gives(key: str, spec: ExerciseAnswer, raw: str, x: float, target: float) -> bool:
    """¿Da ``raw`` (un decimal impreso) el valor ``target`` de ``spec``? Sí si es ``target`` tal
    como se imprime con sus decimales, o si redondeado como pide el enunciado es ``target``; y,
    en los dos casos, la comprobación lo acepta. El signo no importa (la cota −0.0227 da el
    margen 0.023), como en las preguntas de repaso (``tests/test_quizzes.py``), salvo en un
    ejercicio que declara un error típico «-x»: ahí el signo es lo que se pregunta (05.4 pide
    B − A donde el cuaderno imprime A − B)."""
    if "-x" not in spec.mistakes:
        x = abs(x) if target >= 0 else -abs(x)
    accepts = ((lambda v: bool(check_answer(spec, v, "x").correct)) if spec.kind == "number"
               else (lambda v: spec.close(v, target)))
    if _printed(raw, x, target):
        return accepts(x)
    d = _asked_decimals(key, spec, target)
    return d is not None and _decimals(raw) > d and accepts(round(x, d))


def _is_integer(value) -> bool:
    return isinstance(value, (int, float)) and float(value) == int(value)


# Ejercicios de respuesta entera pequeña (menor que 10): la frase que nombra lo que piden. El
# número solo delata la respuesta en una frase (hasta un punto, punto y coma o salto de línea)
# que encaja con su expresión.
SMALL_INTEGER_CONTEXT: dict[str, str] = {
    "04.3": r"triple",  # el primer r con el que la t ingenua es el triple de la corregida
    "08.3": r"har[ií]an?\s+falta|necesari[oa]s",  # victorias necesarias para rechazar
    "11.4": r"cambi|distint",  # decisiones que cambian con la fórmula impresa
}
_SENTENCE = re.compile(r"(?<=[.;!?])\s+|\n")


def _integer_leaks(key: str, spec: ExerciseAnswer, text: str) -> list[str]:
    if spec.kind == "number":
        target = int(spec.value)
        if abs(target) >= 10:
            return [raw for raw, x in _numbers(text) if _decimals(raw) == 0 and x == target]
        context = re.compile(SMALL_INTEGER_CONTEXT[key], re.IGNORECASE)
        return [raw for sentence in _SENTENCE.split(text) if context.search(sentence)
                for raw, x in _numbers(sentence) if _decimals(raw) == 0 and x == target]
    targets = [int(v) for v in spec.value]
    found = []
    for line in text.splitlines():
        nums = [(raw, x) for raw, x in _numbers(line)]
        for i in range(len(nums) - len(targets) + 1):
            run = nums[i:i + len(targets)]
            if all(_decimals(raw) == 0 and x == t for (raw, x), t in zip(run, targets)):
                found.append(" ".join(raw for raw, _ in run))
    return found


def _leaks(key: str, spec: ExerciseAnswer, where: str, text: str) -> list[str]:
    """Los números de ``text`` que dan la respuesta de ``key`` (en una tupla, si aparecen todos
    sus valores en el mismo texto, y seguidos en una línea si son enteros)."""
    nums = _numbers(text)
    values = [spec.value] if spec.kind == "number" else list(spec.value)
    found = []
    if all(_is_integer(v) for v in values) and spec.atol < 1:
        found = _integer_leaks(key, spec, text)
    elif spec.kind == "number":
        found = [raw for raw, x in nums if _gives(key, spec, raw, x, float(spec.value))]
    elif spec.kind == "numbers":
        hits = [[raw for raw, x in nums if _gives(key, spec, raw, x, t)] for t in spec.value]
        if all(hits):
            found = [h[0] for h in hits]
    return [f"{key} en {where}: {raw}" for raw in found
            if (key, where, raw) not in ALLOWED]


def _specs() -> dict[str, list[tuple[str, ExerciseAnswer]]]:
    by_nb: dict[str, list[tuple[str, ExerciseAnswer]]] = {}
    for key, data in sorted(ANSWERS.items()):
        spec = ExerciseAnswer.from_json(data)
        if spec.kind != "choice":
            by_nb.setdefault(key.split(".")[0], []).append((key, spec))
    return by_nb


SPECS = _specs()

# Cuadernos cuyas salidas o cuestionario todavía dan respuestas a la vista (pendientes de cambiar
# los parámetros de sus ejercicios). ``strict=True``: en cuanto se corrija uno, la prueba avisa de
# que hay que sacarlo de la lista.
PENDING_OUTPUTS: set[str] = set()
PENDING_COMMENTS: set[str] = set()


def _cases(pending: set[str]) -> list:
    return [pytest.param(nn, marks=pytest.mark.xfail(
        strict=True, reason="respuestas a la vista todavía sin corregir")) if nn in pending
        else nn for nn in sorted(SPECS)]


def _notebook(nn: str) -> Path:
    (path,) = sorted((ROOT / "notebooks").glob(f"{nn}_*.ipynb"))
    return path


def _output_text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append(out["text"])
        for mime in ("text/plain", "text/markdown", "text/html"):
            if mime in out.get("data", {}):
                parts.append(out["data"][mime])
    return "\n".join(parts)


def _is_solution(cell) -> bool:
    return "solution" in cell.get("metadata", {}).get("tags", [])


_QUIZ_KEYS = re.compile(r"^\s*(?:id|seccion|tipo|cuaderno|correcta|tolerancia)\s*=.*$", re.M)


def _quiz_texts(nn: str) -> list[tuple[str, str]]:
    """Cada pregunta del cuestionario con todo lo que ve el estudiante: enunciado, opciones,
    explicaciones, respuesta y fallos, con los números escritos tal como están en el fichero
    (``tomllib`` perdería los ceros finales de ``respuesta = 0.2500``)."""
    path = ROOT / "course_utils" / "selfcheck" / "quizzes" / f"{nn}.toml"
    if not path.exists():
        return []
    blocks = path.read_text("utf-8").split("[[pregunta]]")[1:]
    ids = [q["id"] for q in tomllib.loads(path.read_text("utf-8"))["pregunta"]]
    assert len(ids) == len(blocks), path
    return [(f"pregunta {qid} del cuestionario", _QUIZ_KEYS.sub("", block))
            for qid, block in zip(ids, blocks)]


def _is_quiz_cell(cell) -> bool:
    return "quiz_question(" in cell.source


@pytest.mark.parametrize("nn", _cases(PENDING_OUTPUTS))
def test_no_output_or_quiz_gives_an_answer_away(nn):
    nb = nbformat.read(_notebook(nn), as_version=4)
    places = [(f"la salida de la celda {i}", _output_text(c)) for i, c in enumerate(nb.cells)
              if c.cell_type == "code" and not _is_solution(c) and not _is_quiz_cell(c)]
    places += _quiz_texts(nn)
    leaks = [leak for key, spec in SPECS[nn] for where, text in places
             for leak in _leaks(key, spec, where, text)]
    assert not leaks, "Respuestas a la vista antes de su ejercicio:\n" + "\n".join(leaks)


VERDICT = re.compile(r"se rechaza|no se rechaza|es significativ|la respuesta es|"
                     r"respuesta:", re.IGNORECASE)


def _comments(source: str) -> str:
    """Los comentarios de una celda, sin su encabezado «# Solución del ejercicio N»."""
    return "\n".join(line.split("#", 1)[1] for line in source.splitlines()
                     if "#" in line and not line.startswith("# Solución del ejercicio"))


@pytest.mark.parametrize("nn", _cases(PENDING_COMMENTS))
def test_solution_comments_state_no_result(nn):
    nb = nbformat.read(_notebook(nn), as_version=4)
    problems = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not _is_solution(cell):
            continue
        comments = _comments(cell.source)
        where = f"los comentarios de la solución (celda {i})"
        problems += [leak for key, spec in SPECS[nn] for leak in _leaks(key, spec, where,
                                                                        comments)]
        problems += [f"veredicto en {where}: «{m.group(0)}»" for m in VERDICT.finditer(comments)]
    assert not problems, "Soluciones que dan el resultado en sus comentarios:\n" + \
        "\n".join(problems)


def test_what_counts_as_giving_an_answer_away():
    def answer(value, **kw):
        return ExerciseAnswer(value, section="1", **kw)

    rounded = answer(0.023, rtol=0, atol=1e-9, near=False)  # 07.1 pide «con tres decimales»
    assert _leaks("07.1", rounded, "x", "IC 95 %: [-0.0227, 1.0000]")
    assert not _leaks("07.1", rounded, "x", "margen 0.0240: p = 0.0393")
    assert not _leaks("07.3", answer(0.18, rtol=0, atol=5e-4), "x", "0.1792")  # no pide redondear
    plain = answer(0.2139573)
    assert _leaks("99.1", plain, "x", "p = 0.2140")
    assert not _leaks("99.1", plain, "x", "p = 0.2136 y 0.21")  # otra cantidad; poca precisión
    runs = answer((7, 8, 8, 8), rtol=0)
    assert _leaks("99.1", runs, "x", "rechazadas con α = 0.10: Nemenyi 7, Holm 8, Shaffer 8, "
                  "Bergmann 8")
    assert not _leaks("99.1", runs, "x", "Nemenyi 4, Holm 5, Shaffer 6, Bergmann 8, 7\n8 8 8")
    needed = answer(9, rtol=0)
    assert _leaks("08.3", needed, "x", "8 victorias de 10 no bastan al 5 % (harían falta 9).")
    assert not _leaks("08.3", needed, "x", "9 victorias de 12 no bastan al 5 %. Vea la sección 9.")
    assert _leaks("99.1", answer(1221, atol=0.5, rtol=0), "x", "1221 filas")


def test_every_small_integer_answer_names_its_quantity():
    """Un entero pequeño coincide por azar en cualquier texto: cada ejercicio que lo pide declara
    la frase que lo nombra, y ninguna declaración sobra."""
    small = {key for specs in SPECS.values() for key, spec in specs
             if spec.kind == "number" and _is_integer(spec.value) and abs(spec.value) < 10}
    assert small == set(SMALL_INTEGER_CONTEXT), (small, set(SMALL_INTEGER_CONTEXT))


def _intermediate_results(nb) -> dict[str, float]:
    """Los números que imprime solo la solución de un ejercicio (ninguna otra salida, y las
    preguntas no cuentan como salidas), con dos o más decimales y dos o más cifras
    significativas: sus resultados intermedios. Número impreso -> su valor."""
    current, solution, rest = None, {}, set()
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.match(r"###\s+Ejercicio\s+(\d+)\b", cell.source)
            if m or re.match(r"##?\s", cell.source):
                current = int(m.group(1)) if m else None
            continue
        if _is_quiz_cell(cell):
            continue
        for raw, x in _numbers(_output_text(cell)):
            if _is_solution(cell) and current is not None:
                solution.setdefault(raw.lstrip("-−"), abs(x))
            else:
                rest.add(raw.lstrip("-−"))
    return {raw: ex for raw, ex in solution.items() if raw not in rest and _decimals(raw) >= 2
            and len(re.sub(r"\D", "", raw).lstrip("0")) >= 2}


@pytest.mark.parametrize("nn", sorted(SPECS))
def test_no_quiz_states_an_intermediate_result(nn):
    """Una pregunta no da un paso de un ejercicio de su cuaderno: un número que solo imprime su
    solución, escrito en la pregunta con al menos la misma precisión."""
    inter = _intermediate_results(nbformat.read(_notebook(nn), as_version=4))
    found = [f"{where}: {raw} (lo imprime una solución y ninguna otra salida: {key})"
             for where, text in _quiz_texts(nn) for raw, x in _numbers(text)
             for key, value in inter.items()
             if _decimals(raw) >= _decimals(key) and _printed(raw, abs(x), value)]
    assert not found, "Preguntas que dan un paso de un ejercicio:\n" + "\n".join(found)


def test_quiz_04_does_not_give_exercise_2s_ratio():
    """El ejercicio 04.2 pide, de camino a su t corregida, el `test_train_ratio` de 5 particiones
    ($n_2/n_1 = 1/4$); ninguna pregunta del 04 lo dice, ni como número ni como fracción."""
    ratio = re.compile(r"(?<![\d.])0[.,]25(?:0+)?(?!\d)|(?<!\d)1\s*/\s*4(?!\d)|30\s*/\s*120|"
                       r"1\s*/\s*\(\s*5\s*-\s*1\s*\)")
    found = [f"{where}: {m.group(0)}" for where, text in _quiz_texts("04")
             for m in ratio.finditer(text)]
    assert not found, found
