"""course_utils.practice.seeds: el orden estocástico aproximado (ASO) contra referencias
independientes.

- La definición del artículo (del Barrio et al., 2018; Dror et al., 2019) escrita aquí paso a
  paso: funciones de cuantiles :math:`F^{-1}(t) = \\inf\\{x: F_n(x) \\ge t\\}` evaluadas en cada
  tramo entre los cortes :math:`i/n` y :math:`j/m` (fracciones exactas), con bucles.
- ``deepsig`` 1.2.8 (Ulmer et al., 2022; GPL-3.0, solo en pruebas): su
  ``compute_violation_ratio`` (una suma de Riemann que converge a la integral exacta, con una
  cota de su error) y su ``aso`` (ε_min dentro del error de Monte Carlo, estimado con la
  dispersión entre semillas).
"""

from __future__ import annotations

import importlib
import itertools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from course_utils.practice.seeds import (
    ASO_THRESHOLD,
    ASOResult,
    almost_stochastic_order_test as aso_test,
)
from test_bad_input_sweep import assert_spanish

# ``deepsig.aso`` es a la vez el módulo y la función que exporta el paquete.
deepsig_aso = importlib.import_module("deepsig.aso")


def _ideal(n: int, loc: float, scale: float) -> np.ndarray:
    """n cuantiles equiespaciados de una normal: una muestra «perfecta», sin azar."""
    return loc + scale * stats.norm.ppf((np.arange(1, n + 1) - 0.5) / n)


# ---------------------------------------------------------------------------
# Referencia 1: la definición, paso a paso
# ---------------------------------------------------------------------------


def _quantile(sample: list[float], t: Fraction) -> float:
    """F^{-1}(t) = inf{x : F_n(x) >= t}, con F_n la función de distribución empírica."""
    k = len(sample)
    for x in sorted(sample):
        if Fraction(sum(v <= x for v in sample), k) >= t:
            return x
    raise AssertionError("t fuera de (0, 1]")


def _paper(a, b) -> tuple[float, float, float]:
    """(ε_W2, W2², max d²) con las integrales de la definición, tramo a tramo."""
    a, b = [float(v) for v in a], [float(v) for v in b]
    n, m = len(a), len(b)
    cuts = sorted({Fraction(i, n) for i in range(n + 1)} | {Fraction(j, m) for j in range(m + 1)})
    total = violation = biggest = 0.0
    for lo, hi in zip(cuts, cuts[1:]):
        t = (lo + hi) / 2  # F^{-1} y G^{-1} son constantes en (lo, hi]
        fa, gb = _quantile(a, t), _quantile(b, t)
        piece = float(hi - lo) * (fa - gb) ** 2
        total += piece
        if fa < gb:  # el conjunto de violación: A por debajo de B
            violation += piece
        biggest = max(biggest, (fa - gb) ** 2)
    return violation / total, total, biggest


_RNG = np.random.default_rng(20240611)
DEFINITION_CASES = {
    "enteros, mismo tamaño": ([2, 4, 6, 8, 10], [1, 3, 7, 7, 9]),
    "empates y tamaños distintos": ([0.8, 0.8, 0.9, 0.7, 0.9, 0.8, 0.85], [0.75, 0.9, 0.9, 0.82]),
    "dos y tres semillas": ([0.5, 0.7], [0.6, 0.65, 0.4]),
    "normales, 9 y 6": (_RNG.normal(0.3, 1, 9).tolist(), _RNG.normal(0, 1.5, 6).tolist()),
    "exactitudes, 20 y 15": (_RNG.normal(0.81, 0.02, 20).round(3).tolist(),
                             _RNG.normal(0.81, 0.03, 15).round(3).tolist()),
    "desplazadas 1e6": ((1e6 + _RNG.normal(0, 1, 8)).tolist(),
                        (1e6 + _RNG.normal(0, 1, 11)).tolist()),
}


@pytest.mark.parametrize("case", DEFINITION_CASES)
def test_violation_ratio_is_the_definition(case):
    a, b = DEFINITION_CASES[case]
    expected, _, _ = _paper(a, b)
    res = aso_test(a, b, n_bootstrap=2, random_state=0)
    assert abs(res.violation_ratio - expected) <= 1e-9, (res.violation_ratio, expected)


def test_worked_example_by_hand():
    # Ordenadas: A = 0.82 .. 0.90, B = 0.81 0.83 0.87 0.87 0.89: B - A = -,-,+,-,- (0.01 cada una).
    res = aso_test([0.86, 0.82, 0.90, 0.84, 0.88], [0.81, 0.87, 0.83, 0.89, 0.87],
                   random_state=0)
    assert res.violation_ratio == pytest.approx(1 / 5, abs=1e-12)


# ---------------------------------------------------------------------------
# Referencia 2: deepsig
# ---------------------------------------------------------------------------

_ORIGINAL_QUANTILE = deepsig_aso.get_quantile_function


def _vectorised_quantile(scores):
    """La función de cuantiles de deepsig (sorted[clip(ceil(n p) - 1, 0, n - 1)]) sin
    ``np.vectorize`` ni una ordenación por punto: ~50 veces más rápida."""
    s = np.sort(np.asarray(scores, dtype=float))
    n = s.size
    return lambda p: s[np.clip(np.ceil(n * np.asarray(p)).astype(np.int64) - 1, 0, n - 1)]


@pytest.fixture(scope="module")
def same_quantiles():
    """La función vectorizada da lo mismo que la de deepsig (en los cortes, en 0 y 1, en sus
    rejillas y en puntos al azar)."""
    rng = np.random.default_rng(5)
    for n in (1, 2, 5, 7, 30):
        scores = rng.normal(size=n)
        grid = np.concatenate([[0.0, 1.0], np.arange(n + 1) / n, rng.uniform(size=300),
                               np.arange(0.005, 1, 0.005), np.arange(1e-3, 1, 1e-3)])
        np.testing.assert_array_equal(_vectorised_quantile(scores)(grid),
                                      _ORIGINAL_QUANTILE(scores)(grid))


@pytest.fixture
def fast_deepsig(monkeypatch, same_quantiles):
    """deepsig con su función de cuantiles vectorizada y sin tocar el generador global de
    NumPy, que deepsig resiembra en cada remuestra."""
    monkeypatch.setattr(deepsig_aso, "get_quantile_function", _vectorised_quantile)
    state = np.random.get_state()
    yield deepsig_aso
    np.random.set_state(state)


@pytest.mark.parametrize("case", ["normales, 9 y 6", "exactitudes, 20 y 15", "dos y tres semillas"])
def test_violation_ratio_is_the_limit_of_deepsig_riemann_sum(fast_deepsig, case):
    """deepsig suma dt·d(t)² en t = dt, 2dt, ... (sin el primer punto en el numerador). Cada
    celda de anchura dt que cae dentro de un tramo es exacta; las que contienen un corte
    (n + m, y otro tanto por redondeo), la celda que falta junto a 1 y el primer punto
    yerran como mucho dt·max d² cada una: |suma - integral| <= δ = (2(n + m) + 3)·dt·max d²,
    y el cociente, como mucho 2δ / (W2² - δ)."""
    a, b = DEFINITION_CASES[case]
    exact = aso_test(a, b, n_bootstrap=2, random_state=0).violation_ratio
    _, w2, d2 = _paper(a, b)
    errors = []
    for dt in (1e-3, 1e-5):
        delta = (2 * (len(a) + len(b)) + 3) * dt * d2
        got = fast_deepsig.compute_violation_ratio(scores_a=np.array(a), scores_b=np.array(b),
                                                   dt=dt)
        errors.append(abs(got - exact))
        assert errors[-1] <= 2 * delta / (w2 - delta), (dt, got, exact)
    assert errors[1] < 0.1 * errors[0] or errors[1] < 1e-6  # converge con dt


def _deepsig_grid(a, b, dt=0.005):
    """Lo que calcula deepsig 1.2.8, escrito aquí: suma de Riemann en np.arange(dt, 1, dt) y el
    numerador sin su primer punto (``diff[1:]``, «ignore t = 0», aunque el primer t es dt)."""
    t = np.arange(dt, 1, dt)
    qa = np.sort(a)[np.clip(np.ceil(len(a) * t).astype(int) - 1, 0, len(a) - 1)]
    qb = np.sort(b)[np.clip(np.ceil(len(b) * t).astype(int) - 1, 0, len(b) - 1)]
    d = qb - qa
    return np.sum(np.where(qa < qb, d, 0.0)[1:] ** 2 * dt) / np.sum(d**2 * dt)


@pytest.mark.parametrize("case", DEFINITION_CASES)
def test_what_deepsig_computes_by_default(case):
    """La diferencia documentada: con su dt = 0.005, deepsig es la suma de _deepsig_grid (a
    1e-12), no la integral exacta."""
    a, b = (np.array(x) for x in DEFINITION_CASES[case])
    got = deepsig_aso.compute_violation_ratio(scores_a=a, scores_b=b, dt=0.005)
    assert got == pytest.approx(_deepsig_grid(a, b), abs=1e-12)


def test_deepsig_default_grid_breaks_the_symmetry():
    a, b = np.array([1.0, 2, 3, 4, 5]), np.array([6.0, 7, 8, 9, 10])  # B mejor en todo
    forward = deepsig_aso.compute_violation_ratio(scores_a=a, scores_b=b, dt=0.005)
    backward = deepsig_aso.compute_violation_ratio(scores_a=b, scores_b=a, dt=0.005)
    assert forward == pytest.approx(198 / 199, abs=1e-12)  # 199 puntos, el primero fuera
    assert forward + backward != pytest.approx(1.0, abs=1e-3)
    ours = aso_test(a, b, random_state=0)
    assert ours.violation_ratio == 1.0 and ours.eps_min == 1.0
    assert aso_test(b, a, random_state=0).violation_ratio == 0.0


_eq = np.random.default_rng(1)
ASO_CASES = {
    # A claramente mejor en casi todos los cuantiles (cruza en la cola baja): ε_min ~ 0.36.
    "A mejor": (_ideal(30, 0.5, 1.5), _ideal(20, 0.0, 1.0)),
    # Misma distribución, muestras aleatorias: ε ~ 0.5 y ε_min ~ 0.95.
    "iguales": (_eq.normal(0.8, 0.02, 20), _eq.normal(0.8, 0.02, 15)),
    # B claramente mejor: ε ~ 1 y ε_min = 1 (recortada).
    "B mejor": (_ideal(12, 0.0, 1.0), _ideal(10, 1.0, 1.5)),
}


@pytest.mark.parametrize("case", ASO_CASES)
def test_eps_min_matches_deepsig_aso(fast_deepsig, case):
    """Las dos son estimaciones bootstrap con generadores distintos: R = 4 ejecuciones de cada
    una con semillas distintas (las de deepsig, seed + 1 .. seed + B, sin solaparse) y
    B = 1000 (las de deepsig por defecto). Tolerancia: 4 errores estándar de la diferencia de
    medias, estimados con la dispersión entre ejecuciones, más la diferencia de integración de
    deepsig con dt = 0.001 (su dt por defecto, 0.005, se aparta de la integral exacta en
    milésimas: ver test_what_deepsig_computes_by_default)."""
    a, b = ASO_CASES[case]
    reps = 4
    ref = np.array([fast_deepsig.aso(a, b, dt=1e-3, show_progress=False, seed=10**6 * (r + 1))
                    for r in range(reps)])
    ours = np.array([aso_test(a, b, random_state=r).eps_min for r in range(reps)])
    integration = abs(fast_deepsig.compute_violation_ratio(scores_a=a, scores_b=b, dt=1e-3)
                      - aso_test(a, b, n_bootstrap=2, random_state=0).violation_ratio)
    se = np.sqrt(ref.var(ddof=1) / reps + ours.var(ddof=1) / reps)
    assert abs(ref.mean() - ours.mean()) <= 4 * se + integration + 1e-12, (ref, ours, integration)
    expected = {"A mejor": (0.2, 0.5), "iguales": (0.5, 1.0), "B mejor": (1.0, 1.0)}[case]
    assert expected[0] <= ours.mean() <= expected[1]


# ---------------------------------------------------------------------------
# Propiedades
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", DEFINITION_CASES)
def test_swapping_a_and_b(case):
    a, b = DEFINITION_CASES[case]
    ab = aso_test(a, b, n_bootstrap=2, random_state=0)
    ba = aso_test(b, a, n_bootstrap=2, random_state=0)
    assert ab.violation_ratio + ba.violation_ratio == pytest.approx(1.0, abs=1e-12)


def test_swapping_gives_one_minus_epsilon_plus_the_same_margin():
    """ε_min(B, A) ≈ 1 - ε + z·σ/c: la misma σ (otras remuestras), ε cambiada por 1 - ε."""
    a, b = ASO_CASES["A mejor"]
    ab = aso_test(a, b, n_bootstrap=20_000, random_state=1)
    ba = aso_test(b, a, n_bootstrap=20_000, random_state=2)
    assert ba.sigma == pytest.approx(ab.sigma, rel=0.05)
    c = np.sqrt(30 * 20 / 50)
    assert ba.eps_min == pytest.approx(min(1.0, 1 - ab.violation_ratio
                                           + stats.norm.ppf(0.95) * ab.sigma / c), abs=0.02)


@pytest.mark.parametrize("scale, shift", [(1e-3, 5.0), (250.0, -1e4), (3.0, 0.0)])
def test_positive_affine_invariance(scale, shift):
    a, b = ASO_CASES["A mejor"]
    base = aso_test(a, b, random_state=3)
    moved = aso_test(scale * a + shift, scale * b + shift, random_state=3)
    assert moved.violation_ratio == pytest.approx(base.violation_ratio, abs=1e-12)
    assert moved.eps_min == pytest.approx(base.eps_min, abs=1e-12)
    np.testing.assert_allclose(moved.distribution, base.distribution, atol=1e-12)


def test_lower_is_better_is_negating():
    a, b = DEFINITION_CASES["exactitudes, 20 y 15"]
    err_a, err_b = 1 - np.array(a), 1 - np.array(b)
    lower = aso_test(err_a, err_b, higher_is_better=False, random_state=4)
    negated = aso_test(-err_a, -err_b, random_state=4)
    assert lower.eps_min == negated.eps_min and lower.violation_ratio == negated.violation_ratio
    assert lower.higher_is_better is False
    assert "menos es mejor" in lower.summary()


def test_reproducible_with_random_state():
    a, b = ASO_CASES["iguales"]
    one, two = aso_test(a, b, random_state=7), aso_test(a, b, random_state=7)
    assert one == two
    np.testing.assert_array_equal(one.distribution, two.distribution)
    gen = aso_test(a, b, random_state=np.random.default_rng(7))
    assert gen.eps_min == one.eps_min
    assert aso_test(a, b, random_state=8).eps_min != one.eps_min


def test_result_fields_and_formula():
    a, b = ASO_CASES["A mejor"]
    res = aso_test(pd.Series(a, index=range(100, 130)), list(b), confidence_level=0.99,
                   n_bootstrap=3000, random_state=0)
    c = np.sqrt(30 * 20 / 50)
    assert (res.n_a, res.n_b, res.n_bootstrap, res.confidence_level) == (30, 20, 3000, 0.99)
    assert res.distribution.shape == (3000,) and not res.distribution.flags.writeable
    assert res.sigma == pytest.approx(c * np.std(res.distribution), rel=1e-12)
    assert res.eps_min == pytest.approx(
        res.violation_ratio + stats.norm.ppf(0.99) * res.sigma / c, abs=1e-12)
    with pytest.raises(AttributeError):
        res.eps_min = 0.0  # type: ignore[misc]


def test_undefined_resamples_count_as_one_half():
    # Dos valores posibles: a veces las dos remuestras tienen la misma distribución (W2 = 0).
    res = aso_test([0, 1], [0, 1, 1], n_bootstrap=2000, random_state=0)
    assert res.n_undefined > 0
    assert np.count_nonzero(res.distribution == 0.5) >= res.n_undefined
    assert "0.5, como deepsig" in res.summary()


def test_complete_separation():
    """Con 3 y 2 semillas, que todas las de A superen a las de B pasa por azar 1 de cada
    C(5, 3) = 10 veces (se cuentan las 10 formas de repartir los 5 rangos): el resumen no
    afirma dominancia «con una confianza del 95 %». Con 5 y 5 (1 de cada 252), sí."""
    res = aso_test([0.9, 0.91, 0.92], [0.8, 0.81], random_state=0)
    assert (res.violation_ratio, res.eps_min, res.sigma) == (0.0, 0.0, 0.0)
    splits = list(itertools.combinations(range(5), 3))  # rangos de A entre los 5
    chance = sum(set(s) == {2, 3, 4} for s in splits) / len(splits)
    text = res.summary()
    assert "confianza del 95" not in text and "no se puede afirmar que A domine" in text
    assert f"1/10 = {chance:.4f}" in text
    five = aso_test([0.9, 0.91, 0.92, 0.93, 0.94], [0.8, 0.81, 0.82, 0.83, 0.84], random_state=0)
    assert "estocásticamente dominante sobre B (mejor en todos" in five.summary()


@pytest.mark.parametrize("eps, phrase", [
    (0.0, "A es estocásticamente dominante sobre B"),
    (0.1, "por debajo del umbral τ = 0.2"),
    (0.3, "pero por encima del umbral τ = 0.2"),
    (0.7, "nada a favor de A"),
])
def test_summary_reading(eps, phrase):
    res = ASOResult(eps_min=eps, violation_ratio=min(eps, 0.05), sigma=0.1, n_a=10, n_b=12,
                    confidence_level=0.95, n_bootstrap=1000, higher_is_better=True)
    text = res.summary()
    assert phrase in text and "no es un valor p" in text and "nota" not in text
    assert f"ε_min (cota superior al 95 %) = {eps:.4f}" in text
    assert ASO_THRESHOLD == 0.2


# ---------------------------------------------------------------------------
# Entradas malas: errores en español que nombran el argumento
# ---------------------------------------------------------------------------

GOOD = ([0.81, 0.83, 0.85], [0.80, 0.82])


@pytest.mark.parametrize("kwargs, error, name", [
    ({"scores_a": []}, ValueError, "scores_a"),
    ({"scores_b": [0.8]}, ValueError, "scores_b"),
    ({"scores_a": [0.8, float("nan"), 0.9]}, ValueError, "scores_a"),
    ({"scores_b": [0.8, float("inf")]}, ValueError, "scores_b"),
    ({"scores_a": ["a", "b"]}, TypeError, "scores_a"),
    ({"scores_a": None}, TypeError, "scores_a"),
    ({"scores_b": 0.8}, ValueError, "scores_b"),
    ({"scores_a": [[0.8, 0.9], [0.7, 0.6]]}, ValueError, "scores_a"),
    ({"confidence_level": 0.5}, ValueError, "confidence_level"),
    ({"confidence_level": 1.0}, ValueError, "confidence_level"),
    ({"confidence_level": 95}, ValueError, "confidence_level"),
    ({"confidence_level": float("nan")}, ValueError, "confidence_level"),
    ({"confidence_level": "0.95"}, TypeError, "confidence_level"),
    ({"confidence_level": True}, TypeError, "confidence_level"),
    ({"n_bootstrap": 1}, ValueError, "n_bootstrap"),
    ({"n_bootstrap": 10.5}, TypeError, "n_bootstrap"),
    ({"n_bootstrap": "1000"}, TypeError, "n_bootstrap"),
    ({"n_bootstrap": 10**7}, ValueError, "n_bootstrap"),
    ({"higher_is_better": 1}, TypeError, "higher_is_better"),
    ({"random_state": -1}, ValueError, "random_state"),
    ({"random_state": "semilla"}, TypeError, "random_state"),
])
def test_bad_input(kwargs, error, name):
    args = {"scores_a": GOOD[0], "scores_b": GOOD[1], **kwargs}
    with pytest.raises(error) as excinfo:
        aso_test(args.pop("scores_a"), args.pop("scores_b"), **args)
    assert_spanish(excinfo, name)


@pytest.mark.parametrize("a, b", [
    ([0.9, 0.9, 0.9], [0.9, 0.9]),  # constantes e iguales
    ([0.7, 0.8, 0.9], [0.9, 0.8, 0.7]),  # las mismas puntuaciones en otro orden
    ([0.7, 0.9], [0.7, 0.7, 0.9, 0.9]),  # las mismas frecuencias relativas
])
def test_identical_distributions_are_refused_not_nan(a, b):
    with pytest.raises(ValueError) as excinfo:
        aso_test(a, b, random_state=0)
    assert_spanish(excinfo, "scores_a", "scores_b")
    assert "no está definida" in str(excinfo.value)


def test_work_limit_names_what_to_reduce():
    a, b = np.linspace(0, 1, 300), np.linspace(0.1, 1.1, 300)
    with pytest.raises(ValueError) as excinfo:
        aso_test(a, b, n_bootstrap=1_000_000)
    assert_spanish(excinfo, "n_bootstrap")
    assert "Reduzca `n_bootstrap` (como mucho 333333" in str(excinfo.value)


@pytest.mark.parametrize("m", [2, 3, 10])
def test_what_deepsig_num_comparisons_does(fast_deepsig, m):
    """deepsig 1.2.8 sube la confianza a c + (1 - c)/m con ``num_comparisons=m`` (lo mismo, con
    la misma semilla, que pasar esa confianza), que es la de Bonferroni, 1 - (1 - c)/m, solo
    con m = 2. El mensaje de error lo dice así."""
    a, b = ASO_CASES["A mejor"]  # ε_min lejos de 0 y de 1: no se recorta
    c = 0.95

    def run(**kwargs):
        return fast_deepsig.aso(a, b, num_bootstrap_iterations=200, show_progress=False,
                                seed=7, **kwargs)

    corrected = run(num_comparisons=m)
    assert corrected == run(confidence_level=c + (1 - c) / m)
    bonferroni = run(confidence_level=1 - (1 - c) / m)
    assert 0 < corrected < bonferroni < 1 or m == 2
    assert (corrected == pytest.approx(bonferroni, rel=1e-9)) == (m == 2)
    with pytest.raises(ValueError) as excinfo:
        aso_test(a, b, confidence_level=0.5)
    message = str(excinfo.value)
    assert "1 - (1 - 0.95) / m" in message and "0.95 + (1 - 0.95) / m" in message
    assert "solo con m = 2" in message
