"""Comprobaciones que enseñan sin decir la respuesta: lo que ve el estudiante antes de resolver.

- **La primera línea de una solución plegada.** JupyterLab, al desplegar el código de una solución
  cuya salida sigue plegada, muestra la primera línea no vacía de la primera salida
  (``CodeCell.getOutputPlaceholderText``: el primer tipo de datos de texto, en el orden
  ``text/html``, ``image/svg+xml``, ``application/pdf``, ``text/markdown``, ``text/plain``,
  ``stderr``, ``stdout``). Esa línea no puede llevar un resultado (una cifra, salvo el número del
  ejercicio) ni un veredicto («rechaza», «correcto», «sí»...). Una figura sola mostraría
  ``<Figure size 640x480 with 1 Axes>``: también falla (cifras), así que la solución imprime antes
  un encabezado.
- **Las tolerancias separan al valor correcto de sus vecinos.** Para cada ejercicio comprobado,
  cada número (o tupla de números) que imprime el cuaderno cerca del valor correcto y que no es
  ese valor redondeado es otra cantidad (la precisión macro junto a la F1 macro, el intervalo de
  Clopper-Pearson junto al de Wilson, la ganancia de Shaffer junto a la de Bergmann-Hommel):
  ``cu.comprobar`` la rechaza. Las únicas excepciones están en :data:`LEGITIMATE`, con su razón.
  Cada alternativa declarada también se rechaza, con su pista. El valor correcto, redondeado a
  la precisión que pide el enunciado (o a 4 cifras significativas, la que pide la pista «casi»),
  se acepta.
- **Las comprobaciones de Monte Carlo aceptan a los estudiantes que usan el método del
  enunciado con otra semilla**: 40 estudiantes simulados con el método del cuaderno, todos
  aceptados (el centro es el valor exacto y la tolerancia, 4 errores de Monte Carlo).

Las pruebas leen los cuadernos guardados y ``course_utils/selfcheck/exercise_answers.json``; solo
las de
Monte Carlo calculan algo (unos segundos).
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata
from pathlib import Path

import nbformat
import numpy as np
import pytest
from scipy import stats

import course_utils as cu
from course_utils.selfcheck.exercises import ExerciseAnswer, load_answers

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import classroom  # noqa: E402

NOTEBOOKS = {p.name[:2]: p for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))}
ANSWERS = load_answers()
IDS = sorted(ANSWERS)


@functools.lru_cache(maxsize=None)
def read(nn: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS[nn], as_version=4)


def spec(key: str) -> ExerciseAnswer:
    return ExerciseAnswer.from_json(ANSWERS[key])


# ------------------------------------------------------------ la primera línea de una solución

#: Orden en que JupyterLab elige el texto de la primera salida de una celda plegada.
PLACEHOLDER_TYPES = ("text/html", "image/svg+xml", "application/pdf", "text/markdown",
                     "text/plain", "application/vnd.jupyter.stderr",
                     "application/vnd.jupyter.stdout", "text")
#: Palabras de veredicto (sin tildes ni mayúsculas).
VERDICT = re.compile(r"\b(no\s+)?rechaz\w*|\bcorrect[oa]s?\b|\bincorrect[oa]s?\b|significativ\w*"
                     r"|\bsi\b|\bno\b|\bmejor\b|\bpeor\b|\bgana\w*|\binferior\b|\bequivalente\w*"
                     r"|\bverdader[oa]\b|\bfals[oa]\b", re.I)


def placeholder_line(output: dict) -> str | None:
    """La línea que JupyterLab muestra de una salida plegada (``None`` si no muestra texto)."""
    if output.get("output_type") == "stream":
        data = {f"application/vnd.jupyter.{output.get('name', 'stdout')}": output.get("text", "")}
    else:
        data = output.get("data", {})
    for mime in PLACEHOLDER_TYPES:
        text = data.get(mime)
        if isinstance(text, list):
            text = "".join(text)
        if isinstance(text, str):
            return next((line for line in text.split("\n") if line != ""), None)
    return None


def leaks(line: str) -> list[str]:
    """Lo que delata un resultado en ``line``: cifras (salvo «ejercicio N») y veredictos."""
    plain = re.sub(r"\bejercicio\s+\d+\b", "ejercicio", line, flags=re.I)
    plain = "".join(c for c in unicodedata.normalize("NFKD", plain)
                    if not unicodedata.combining(c))
    return re.findall(r"\d", plain)[:1] + [m.group(0) for m in VERDICT.finditer(plain)]


def test_what_counts_as_a_telling_first_line():
    bad = ["N necesario: 865", "exact           p = 0.0636  no rechaza", "[[13454   734]",
           "<Figure size 640x480 with 1 Axes>", "¿Se puede afirmar que la de 32 es mejor? no",
           "Correcto: coincide", "Sí, rechaza"]
    good = ["Resultados del ejercicio 2:", "Resultados del ejercicio 4 (continuación):",
            "<div>"]
    assert [line for line in bad if not leaks(line)] == []
    assert [line for line in good if leaks(line)] == []
    figure = {"output_type": "display_data",
              "data": {"image/png": "iVBOR", "text/plain": "<Figure size 640x480 with 1 Axes>"}}
    assert placeholder_line(figure).startswith("<Figure")
    table = {"output_type": "execute_result",
             "data": {"text/plain": "   a\n0  1", "text/html": "\n<div>\n<table>"}}
    assert placeholder_line(table) == "<div>"
    stream = {"output_type": "stream", "name": "stdout", "text": "\nN necesario: 865\n"}
    assert placeholder_line(stream) == "N necesario: 865"


def _solution_cells(nn: str):
    nb = read(nn)
    for cell, n in zip(nb.cells, classroom.exercise_numbers(nb.cells)):
        if cell.cell_type == "code" and classroom.is_solution(cell) and cell.outputs:
            yield n, cell


@pytest.mark.parametrize("nn", sorted(NOTEBOOKS))
def test_a_folded_solution_shows_a_neutral_first_line(nn):
    """Lo que JupyterLab muestra de la salida plegada de cada solución no delata el resultado
    (la promesa de las «dos pulsaciones»: primero el código, después la salida)."""
    telling = []
    for n, cell in _solution_cells(nn):
        line = placeholder_line(cell.outputs[0])
        if line is None or leaks(line):
            telling.append((n, cell.get("id"), line, leaks(line or "")))
    assert not telling, (
        f"{nn}: soluciones cuya salida plegada empieza por un resultado; imprima antes un "
        f"encabezado neutro («Resultados del ejercicio N:»): {telling}"
    )


# ----------------------------------------------------- vecinos impresos por el cuaderno

#: Números impresos cerca del valor correcto que son respuestas legítimas, no otra cantidad.
LEGITIMATE: dict[str, tuple[re.Pattern[str], str]] = {
    "03.1": (re.compile(r"^Cobertura con los cuantiles 0\.05 y 0\.95 \(fuente\)"),
             "la cobertura simulada de la solución: una respuesta del método del enunciado"),
    "03.2": (re.compile(r"^A mano: percentil"),
             "el percentil del bucle a mano (otra semilla, dentro del error de Monte Carlo)"),
    "03.3": (re.compile(r"^A mano\b"),
             "el percentil del bucle a mano (otra semilla, dentro del error de Monte Carlo)"),
    "03.4": (re.compile(r"^scipy\.stats\.bootstrap|^A mano"),
             "el intervalo de scipy (otra semilla, dentro del error de Monte Carlo)"),
    "12.2": (re.compile(r"^permutación: p = "),
             "la estimación de Monte Carlo de la solución y su intervalo: respuestas del método "
             "del enunciado"),
}
#: Ejercicios cuya ventana de Monte Carlo es ancha: solo cuentan las líneas que hablan de la misma
#: cantidad (dentro de la ventana cualquier otro número es también un resultado posible).
SAME_QUANTITY: dict[str, re.Pattern[str]] = {
    "03.1": re.compile(r"cobertura", re.I),
}
_NUM = re.compile(r"(?<![\w.])[-−]?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.])")


def _numbers(line: str) -> list[tuple[float, int]]:
    """(valor, decimales) de cada número de una línea de salida."""
    out = []
    for m in _NUM.finditer(line):
        text = m.group(0).replace("−", "-")
        mantissa, _, exp = text.partition("e")
        decimals = len(mantissa.partition(".")[2]) - (int(exp) if exp else 0)
        out.append((float(text), decimals))
    return out


def _output_lines(nn: str) -> list[str]:
    """Las líneas de texto de las salidas guardadas del cuaderno (sin las preguntas de repaso,
    que se comprueban en ``tests/test_quizzes.py``, ni las celdas de comprobación)."""
    lines = []
    for cell in read(nn).cells:
        if cell.cell_type != "code" or classroom.quiz_id(cell) or classroom.is_check(cell):
            continue
        for o in cell.outputs:
            text = o.get("text") or o.get("data", {}).get("text/plain", "")
            lines += ("".join(text) if isinstance(text, list) else text).split("\n")
    return lines


def _is_rounding(x: float, decimals: int, v: float) -> bool:
    """¿Es ``x`` el valor ``v`` redondeado a ``decimals`` decimales?"""
    return abs(x - v) <= 0.5 * 10.0 ** -decimals * (1 + 1e-6) + 1e-15


def _near(x: float, v: float) -> bool:
    return abs(x - v) <= 0.05 * abs(v) or (abs(v) < 0.05 and abs(x - v) <= 0.0025)


def neighbours(key: str) -> list[tuple[object, str]]:
    """Lo que imprime el cuaderno cerca del valor de ``key`` sin ser ese valor redondeado:
    (número o tupla, línea)."""
    s = spec(key)
    if s.kind == "choice":
        return []
    values = np.atleast_1d(s.value).astype(float)
    legit, scope = LEGITIMATE.get(key), SAME_QUANTITY.get(key)
    found = []
    for line in _output_lines(key[:2]):
        if legit and legit[0].search(line.strip()) or scope and not scope.search(line):
            continue
        nums = _numbers(line)
        for i in range(len(nums) - len(values) + 1):
            window = nums[i:i + len(values)]
            if not all(_near(x, v) for (x, _), v in zip(window, values)):
                continue
            if all(_is_rounding(x, d, v) for (x, d), v in zip(window, values)):
                continue
            if s.kind == "number" and float(s.value).is_integer() and abs(values[0]) < 10:
                continue  # un entero pequeño aparece en cualquier texto
            xs = [x for x, _ in window]
            found.append((xs[0] if s.kind == "number" else tuple(xs), line.strip()))
    return found


def test_neighbour_detection_on_known_cases():
    assert _numbers("macro: precisión = 0.6913, F1 = 0.6889; p = 1.3579e-03") == [
        (0.6913, 4), (0.6889, 4), (1.3579e-03, 7)]
    assert _is_rounding(0.6889, 4, 0.68892) and not _is_rounding(0.6890, 4, 0.68892)
    assert _is_rounding(0.689, 3, 0.68892) and not _is_rounding(0.6913, 4, 0.68892)


@pytest.mark.parametrize("key", IDS)
def test_the_check_rejects_every_neighbouring_value_the_notebook_prints(key):
    accepted = [(x, line) for x, line in neighbours(key) if cu.comprobar(key, x).correct]
    assert not accepted, (
        f"{key}: la comprobación acepta otras cantidades que imprime el cuaderno: {accepted}"
    )


@pytest.mark.parametrize("key", IDS)
def test_declared_alternatives_are_outside_the_tolerance_and_get_their_hint(key):
    s = spec(key)
    for hint, wrong in s.alternatives:
        assert not s.close(wrong, s.value), (key, hint)
        result = cu.comprobar(key, wrong)
        assert result.correct is False and hint in result.message, (key, hint, result.message)


_WORDS = {"dos": 2, "tres": 3, "cuatro": 4}


def statement_decimals(key: str) -> int | None:
    """Los decimales que pide el enunciado del ejercicio (``None`` si no los pide)."""
    nn, number = key.split(".")
    nb = read(nn)
    for cell, n in zip(nb.cells, classroom.exercise_numbers(nb.cells)):
        if n == int(number) and cell.cell_type == "markdown" and "Comprobación" in cell.source:
            m = re.search(r"con (?:al menos )?(dos|tres|cuatro) decimales", cell.source)
            return _WORDS[m.group(1)] if m else None
    return None


def _round(v: float, decimals: int | None) -> float:
    if decimals is not None:
        return round(v, decimals)
    return float(f"{v:.4g}")  # 4 cifras significativas, lo que pide la pista «casi»


@pytest.mark.parametrize("key", IDS)
def test_the_right_value_at_the_precision_asked_is_accepted(key):
    s = spec(key)
    if s.kind == "choice":
        return
    decimals = statement_decimals(key)
    if s.kind == "number":
        answer = s.value if float(s.value).is_integer() else _round(s.value, decimals)
    else:
        answer = tuple(v if float(v).is_integer() else _round(v, decimals) for v in s.value)
    assert cu.comprobar(key, answer).correct, (key, answer)


def test_hints_are_the_declared_ones_first_and_no_rounding_hint_where_rounding_is_asked():
    # 13.1: el p ajustado con todas las parejas es 1.5 veces el correcto; su pista es la suya.
    all_pairs = next(v for h, v in spec("13.1").alternatives if "todas las parejas (B" in h)
    assert "todas las parejas" in cu.comprobar("13.1", all_pairs).message
    # 07.1 pide tres decimales: ni la cota sin redondear ni un margen cercano reciben «casi».
    unrounded = next(v for h, v in spec("07.1").alternatives if "sin redondear" in h)
    assert "sin redondear" in cu.comprobar("07.1", round(unrounded, 4)).message
    assert "casi" not in cu.comprobar("07.1", spec("07.1").value + 0.0005).message
    # 02.1 y 12.1: el intervalo de otro método, redondeado, recibe su pista y no «casi».
    for key, name in (("02.1", "Clopper-Pearson"), ("12.1", "sección 1")):
        other = next(v for h, v in spec(key).alternatives if name in h)
        message = cu.comprobar(key, tuple(round(x, 3) for x in other)).message
        assert name in message and "casi" not in message, message


# ------------------------------------------------------ Monte Carlo: 40 estudiantes

STUDENTS = 40


def _neighbouring_names(key: str) -> list[str]:
    """Los métodos o cantidades que nombran las pistas declaradas de ``key``."""
    return [h.split(":")[0] for h, _ in spec(key).alternatives]


@pytest.mark.parametrize("key, decimals", [("02.1", 2), ("02.4", 2), ("04.1", 3), ("10.4", 2)])
def test_the_right_value_rounded_too_much_gets_almost_not_a_neighbours_name(key, decimals):
    """Redondeado a dos decimales (a tres en 04.1, un intervalo con un extremo menor que 0.01),
    el valor correcto coincide con el de un método vecino también redondeado: la pista es «casi»
    (¿ha redondeado demasiado?), no el nombre del vecino."""
    s = spec(key)
    rounded = (round(s.value, decimals) if s.kind == "number"
               else tuple(round(v, decimals) for v in s.value))
    assert not s.close(rounded, s.value)
    message = cu.comprobar(key, rounded).message
    assert ": casi." in message and "redondeado" in message, (key, rounded, message)
    assert not any(name in message for name in _neighbouring_names(key)), message


@pytest.mark.parametrize("key", [k for k in IDS if not spec(k).near] + ["00.3", "07.4"])
def test_another_quantity_written_in_full_is_never_called_rounding(key):
    """Donde lo cercano es otra cantidad (00.3: la tasa en otro subconjunto; 07.4: la potencia
    con otros supuestos; los declarados con ``near=False``), un valor a menos de un 5 % del
    correcto escrito con todas sus cifras (el que imprime el cuaderno o uno a un 2-3 %) no es un
    redondeo: nunca recibe «casi»."""
    s = spec(key)
    if s.kind == "choice" or float(np.atleast_1d(s.value)[0]).is_integer():
        return
    values = np.atleast_1d(s.value).astype(float)
    others = [x for x, _ in neighbours(key)]
    for factor in (1.023, 0.9731):
        other = tuple(float(f"{v * factor:.6g}") for v in values)
        if not s.close(other, s.value):
            others.append(other[0] if s.kind == "number" else other)
    for other in others:
        # 0.6890 impreso llega como 0.689, el correcto (0.68892) redondeado: ese sí es «casi».
        if all(_is_rounding(x, len(repr(float(x)).partition(".")[2]), v)
               for x, v in zip(np.atleast_1d(other), values)):
            continue
        message = cu.comprobar(key, other).message
        assert ": casi." not in message, (key, other, message)


@pytest.mark.parametrize("key", IDS)
def test_a_proportion_given_as_a_percentage_gets_the_percentage_hint(key):
    """La pista del porcentaje que promete el README: toda respuesta que es una proporción o una
    diferencia de proporciones, dada ×100, la recibe."""
    s = spec(key)
    if s.kind == "choice":
        return
    values = np.atleast_1d(s.value).astype(float)
    if np.any(np.abs(values) > 1) or np.all(values == np.round(values)):
        return
    percent = 100 * values[0] if s.kind == "number" else tuple(100 * values)
    message = cu.comprobar(key, percent).message
    assert "porcentaje" in message, (key, percent, message)


def test_00_2_a_count_given_as_a_percentage_or_proportion_gets_its_hint():
    """00.2 pide un número de filas; quien da el porcentaje (el que pide la otra mitad del
    enunciado), redondeado o no, o la proporción, recibe la pista que lo dice. Referencia: el
    recuento y el total que imprime la solución."""
    line = next(x for x in _output_lines("00") if x.startswith("Filas de prueba con algún"))
    count, total = (int(x) for x in re.findall(r"\b\d+\b", line)[:2])
    assert count == spec("00.2").value
    for answer in (100 * count / total, round(100 * count / total, 1), count / total):
        message = cu.comprobar("00.2", answer).message
        assert "se pide el número de filas" in message, (answer, message)


def test_05_4_sign_hint_names_the_order_the_statement_asks():
    """05.4 pide la diferencia con los papeles intercambiados (B frente a A): quien da A − B
    recibe «se pide B − A», no la pista genérica, que dice lo contrario."""
    statement = next(c.source for c in read("05").cells if c.cell_type == "markdown"
                     and "respuesta_4" in c.source)
    assert "B frente a A" in statement
    message = cu.comprobar("05.4", -spec("05.4").value).message
    assert "signo cambiado" in message and "se pide B − A" in message, message
    assert "B − A en lugar de A − B" not in message, message


def test_12_2_accepts_students_using_the_taught_permutation_method():
    """Ejercicio 12.2: 40 estudiantes con `cu.paired_permutation_test` y 500 000 reordenaciones,
    cada uno con su semilla, son aceptados; la referencia independiente del centro es
    `scipy.stats.binomtest` (la distribución de permutación de la exactitud es binomial)."""
    from scipy import stats
    line = next(x for _, c in _solution_cells("12") for o in c.outputs
                for x in "".join(o.get("text", "")).split("\n") if x.startswith("Discordantes"))
    n01, n10 = (int(v) for v in re.findall(r"\d+", line))
    assert spec("12.2").value == pytest.approx(stats.binomtest(n01, n01 + n10).pvalue, rel=1e-9)
    # Un conjunto con esos discordantes (los concordantes no cambian nada con la exactitud).
    y = np.ones(n01 + n10 + 50, dtype=int)
    a = np.r_[np.ones(n01), np.zeros(n10), np.ones(50)].astype(int)
    b = np.r_[np.zeros(n01), np.ones(n10), np.ones(50)].astype(int)
    for seed in range(STUDENTS):
        p = cu.paired_permutation_test(y, a, b, "accuracy", n_resamples=500_000,
                                       random_state=1000 + seed).pvalue
        assert cu.comprobar("12.2", p).correct, (seed, p)


def test_03_1_accepts_students_simulating_with_other_seeds():
    """Ejercicio 03.1: 40 estudiantes que simulan como dice el enunciado (10 000 conjuntos,
    B = 1000, el atajo binomial), con su semilla, son aceptados; la cobertura con los cuantiles
    correctos de cada uno y el nivel nominal (0.90) se rechazan.

    Las 1000 réplicas de un conjunto solo toman los valores k/n: se sortean como sus recuentos
    (una multinomial con las probabilidades binomiales, la misma ley que 1000 binomiales
    independientes) y los cuantiles salen de los recuentos acumulados con la regla lineal de
    ``np.quantile``; así cada estudiante cuesta milisegundos en lugar de un segundo."""
    p, n, sets, B = 0.85, 100, 10_000, 1000
    assert not cu.comprobar("03.1", 0.90).correct
    k = np.arange(n + 1)
    pmf = stats.binom.pmf(k[None, :], n, k[:, None] / n)  # fila: p̂ = fila/n
    pmf /= pmf.sum(axis=1, keepdims=True)

    def quantile(cum, q):
        h = (B - 1) * q
        lo = int(np.floor(h))
        x_lo = np.argmax(cum > lo, axis=1)       # el estadístico de orden lo (base 0)
        x_hi = np.argmax(cum > lo + 1, axis=1)
        return (x_lo + (h - lo) * (x_hi - x_lo)) / n

    # La regla de los recuentos da lo mismo que np.quantile sobre la muestra.
    rng = np.random.default_rng(123)
    sample = rng.binomial(n, 0.8, size=(5, B))
    cum = np.cumsum(np.stack([np.bincount(s, minlength=n + 1) for s in sample]), axis=1)
    for q in (0.05, 0.025, 0.975, 0.95):
        np.testing.assert_allclose(quantile(cum, q), np.quantile(sample / n, q, axis=1))

    for seed in range(STUDENTS):
        rng = np.random.default_rng(seed)
        hits = rng.binomial(n, p, size=sets)
        cum = np.cumsum(rng.multinomial(B, pmf[hits]), axis=1)
        covered = []
        for q in (0.05, 0.025):
            lo, hi = quantile(cum, q), quantile(cum, 1 - q)
            covered.append(np.mean((lo <= p) & (p <= hi)))
        source, right = covered
        assert cu.comprobar("03.1", source).correct, (seed, source)
        assert not cu.comprobar("03.1", right).correct, (seed, right)
