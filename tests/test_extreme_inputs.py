"""Empates, escala, fronteras y límites en las pruebas de varios algoritmos y en las bayesianas.

Cada prueba es un ejemplo concreto que antes daba un número silenciosamente erróneo, un
error en inglés o una llamada que agotaba la memoria o el tiempo. Las referencias son
independientes: scipy (``wilcoxon`` por permutación, ``rankdata``, ``binomtest``),
statsmodels (``proportion_confint``), la enumeración exacta de los 2^N signos y el
recuento a mano.
"""

from __future__ import annotations

import dataclasses
import math
import time
import warnings

import matplotlib.pyplot as plt
import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

import course_utils as cu
from test_bad_input_sweep import assert_spanish

# Tabla N×k sin empates cuyos rangos medios son [1.25, 1.75, 3.0].
T = np.array([
    [0.90, 0.80, 0.70],
    [0.85, 0.88, 0.60],
    [0.75, 0.74, 0.50],
    [0.70, 0.66, 0.40],
])
SCALES = [1e-13, 1e-200, 1.0, 1e13, 1e200]


# ---------------------------------------------------------------------------
# Empates: la escala de las puntuaciones no cambia nada
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("scale", SCALES)
def test_ranks_do_not_depend_on_the_scale(scale):
    expected = stats.rankdata(-T, axis=1).mean(axis=0)
    np.testing.assert_allclose(expected, [1.25, 1.75, 3.0])
    np.testing.assert_allclose(cu.average_ranks(T * scale).to_numpy(), expected)
    np.testing.assert_allclose(cu.nemenyi_test(T * scale).average_ranks.to_numpy(), expected)
    ref = stats.friedmanchisquare(*T.T)
    assert cu.friedman_test(T * scale).statistic == pytest.approx(ref.statistic, rel=1e-12)


@pytest.mark.parametrize("scale", SCALES)
def test_post_hoc_pvalues_do_not_depend_on_the_scale(scale):
    def pvalues(result):
        return result.comparisons["pvalue"].to_numpy()

    for call in (cu.nemenyi_test, lambda t: cu.control_test(t, 2), cu.wilcoxon_holm_test):
        np.testing.assert_allclose(pvalues(call(T * scale)), pvalues(call(T)), rtol=1e-12)
    # No es todo 1: hay diferencias que las pruebas ven.
    assert pvalues(cu.control_test(T * scale, 2)).min() < 0.2


@pytest.mark.parametrize("scale", SCALES)
def test_two_algorithm_tests_do_not_depend_on_the_scale(scale):
    a, b = T[:, 0], T[:, 2]
    ref_w = stats.wilcoxon(a - b, method="exact")
    assert cu.wilcoxon_signed_rank_test(a * scale, b * scale).pvalue == pytest.approx(
        ref_w.pvalue, rel=1e-12)
    ref_s = stats.binomtest(4, 4)
    assert cu.sign_test(a * scale, b * scale).pvalue == pytest.approx(ref_s.pvalue, rel=1e-12)


def test_values_one_ulp_apart_are_a_tie_at_any_rounding_boundary():
    # 0.5 + 5e-13 está justo en la frontera de redondeo a 12 decimales: un redondeo
    # absoluto separaba los dos valores y contaba una victoria.
    for x in (0.5 + 5e-13, 0.3 + 5e-13, 0.1234567890125, 0.1 + 0.2, 123.456, 0.9016666666666667):
        for y in (np.nextafter(x, 0), np.nextafter(x, 2 * x)):
            table = np.array([[x, y, 0.0], [x, y, 0.0]])
            np.testing.assert_allclose(cu.average_ranks(table).to_numpy(), [1.5, 1.5, 3.0])
            with pytest.raises(ValueError, match="son 0"):
                cu.sign_test([x] * 4, [y] * 4, ties="discard")


def test_wilcoxon_small_sample_with_ties_is_exact():
    d = np.array([0.01, 0.01, 0.02, 0.03, 0.04])
    res = cu.wilcoxon_signed_rank_test(d, np.zeros_like(d))
    # Con N = 5 el menor valor p alcanzable es 2 / 2^5 = 0.0625.
    assert res.pvalue == pytest.approx(0.0625, abs=1e-15)
    ref = stats.wilcoxon(d, method=stats.PermutationMethod())
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert "exacta" in res.note


def _enumerate_signed_ranks(d, zero_method):
    """Valor p bilateral exacto por enumeración de los 2^N signos (referencia a mano)."""
    d = np.asarray(d, float)
    if zero_method == "wilcox":
        d = d[d != 0]
    ranks = stats.rankdata(np.abs(d))
    keep = d != 0 if zero_method == "pratt" else np.ones(d.size, bool)
    r = ranks[keep]
    observed = float(np.sum(r[d[keep] > 0]))
    if zero_method == "zsplit":
        r = ranks
        observed = float(np.sum(ranks[d > 0]) + np.sum(ranks[d == 0]) / 2)
        signs = np.array(np.meshgrid(*[[0, 1]] * r.size)).reshape(r.size, -1).T
        zeros = d == 0
        totals = signs[:, ~zeros] @ r[~zeros] + r[zeros].sum() / 2
    else:
        signs = np.array(np.meshgrid(*[[0, 1]] * r.size)).reshape(r.size, -1).T
        totals = signs @ r
    centre = r.sum() / 2 if zero_method != "zsplit" else ranks.sum() / 2
    dev = abs(observed - centre)
    return min(1.0, float(np.mean(np.abs(totals - centre) >= dev - 1e-9)))


@pytest.mark.parametrize("zero_method", ["wilcox", "pratt", "zsplit"])
def test_exact_wilcoxon_with_zeros_and_ties_matches_enumeration(zero_method):
    d = np.array([0.0, 0.01, -0.01, 0.02, 0.02, 0.03, -0.05, 0.04, 0.0, 0.06])
    res = cu.wilcoxon_signed_rank_test(d, np.zeros_like(d), zero_method=zero_method)
    assert res.pvalue == pytest.approx(_enumerate_signed_ranks(d, zero_method), rel=1e-12)


# ---------------------------------------------------------------------------
# Bayesiana: un empate no es una victoria
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("higher_is_better", [True, False])
def test_bayesian_signed_rank_splits_ties(higher_is_better):
    a = np.array([0.8, 0.7, 0.9, 0.6, 0.75, 0.85])
    res = cu.bayesian_signed_rank_test(a, a, rope=0, random_state=0,
                                       higher_is_better=higher_is_better)
    assert res.prob_a_better == pytest.approx(res.prob_b_better, abs=1e-12)
    assert res.prob_a_better + res.prob_equivalent + res.prob_b_better == pytest.approx(1.0)
    assert "mejor que" not in res.summary()


def test_bayesian_signed_rank_swapping_a_and_b_mirrors():
    rng = np.random.default_rng(3)
    a = rng.uniform(0.6, 0.9, 15)
    b = a + rng.normal(0.01, 0.02, 15)
    ab = cu.bayesian_signed_rank_test(a, b, rope=0.01, random_state=1)
    ba = cu.bayesian_signed_rank_test(b, a, rope=0.01, random_state=1)
    assert ab.prob_a_better == pytest.approx(ba.prob_b_better, abs=1e-12)
    assert ab.prob_equivalent == pytest.approx(ba.prob_equivalent, abs=1e-12)


def test_bayesian_correlated_ttest_never_returns_an_infinite_interval():
    a = np.array([1.0, 1.7, 1.2, 1.5, 1.6, 1.1, 1.3, 1.4, 1.65, 1.05]) * 1e308
    b = -a
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError) as info:
            cu.bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9, rope=0)
    assert_spanish(info)


# ---------------------------------------------------------------------------
# Fronteras exactas de los intervalos
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["wilson", "clopper-pearson", "agresti-coull"])
def test_intervals_contain_zero_and_one_exactly(method):
    bad = []
    for alpha in (0.01, 0.05, 0.1):
        for n in range(1, 1001):
            low0 = cu.proportion_interval(0, n, alpha=alpha, method=method).low
            high1 = cu.proportion_interval(n, n, alpha=alpha, method=method).high
            if low0 != 0.0 or high1 != 1.0:
                bad.append((alpha, n, low0, high1))
    assert not bad, bad[:5]


@pytest.mark.parametrize("method", ["wilson", "clopper-pearson"])
def test_interior_bounds_match_statsmodels(method):
    sm = {"wilson": "wilson", "clopper-pearson": "beta"}[method]
    for n in (7, 50, 999):
        for k in (1, n // 3, n - 1):
            res = cu.proportion_interval(k, n, alpha=0.05, method=method)
            np.testing.assert_allclose((res.low, res.high),
                                       proportion_confint(k, n, 0.05, method=sm), rtol=1e-10)


@pytest.mark.parametrize("n, p", [(7, 0.0), (12, 1.0)])
def test_coverage_at_the_boundary_is_one(n, p):
    assert cu.proportion_coverage(n, p, method="wilson") == 1.0
    sim = cu.simulate_proportion_coverage(n, p, method="wilson", n_replications=200,
                                          random_state=0)
    assert sim.rate == 1.0


# ---------------------------------------------------------------------------
# Entradas que no son tablas de números reales
# ---------------------------------------------------------------------------

TABLE_CALLS = {
    "average_ranks": lambda t: cu.average_ranks(t),
    "friedman_test": lambda t: cu.friedman_test(t),
    "nemenyi_test": lambda t: cu.nemenyi_test(t),
    "control_test": lambda t: cu.control_test(t, 0),
    "wilcoxon_holm_test": lambda t: cu.wilcoxon_holm_test(t),
    "quade_test": lambda t: cu.quade_test(t),
    "aligned_ranks_test": lambda t: cu.aligned_ranks_test(t),
}
PAIR_CALLS = {
    "wilcoxon_signed_rank_test": lambda a, b: cu.wilcoxon_signed_rank_test(a, b),
    "sign_test": lambda a, b: cu.sign_test(a, b),
}


@pytest.mark.parametrize("name", sorted(TABLE_CALLS))
@pytest.mark.parametrize("as_frame", [False, True])
def test_complex_tables_are_refused(name, as_frame):
    import pandas as pd

    table = T.astype(complex) + 1j
    if as_frame:
        table = pd.DataFrame(table)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(TypeError) as info:
            TABLE_CALLS[name](table)
    assert_spanish(info, "scores")
    assert "complej" in str(info.value) or "reales" in str(info.value)


@pytest.mark.parametrize("name", sorted(PAIR_CALLS))
def test_complex_pairs_are_refused(name):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(TypeError) as info:
            PAIR_CALLS[name](T[:, 0] + 1j, T[:, 1])
    assert_spanish(info, "scores_a")


@pytest.mark.parametrize("name", sorted(TABLE_CALLS))
def test_ragged_tables_are_refused_in_spanish(name):
    with pytest.raises(ValueError) as info:
        TABLE_CALLS[name]([[0.9, 0.8, 0.7], [0.5, 0.4]])
    assert_spanish(info, "scores")
    assert "setting an array" not in str(info.value)
    assert "3" in str(info.value) and "2" in str(info.value)  # las longitudes de las filas


def test_critical_difference_for_huge_k_raises_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError) as info:
            cu.critical_difference(10**7, 10)
    assert_spanish(info, "k")


def test_plot_critical_difference_refuses_a_non_axes():
    result = cu.nemenyi_test(T)
    with pytest.raises(TypeError) as info:
        cu.plot_critical_difference(result, ax="x")
    assert_spanish(info, "ax")
    plt.close("all")


# ---------------------------------------------------------------------------
# Memoria y tiempo: se rechaza antes de reservar, y el mensaje dice qué reducir
# ---------------------------------------------------------------------------

LIMITS = {
    "bayesian_signed_rank_test": (
        lambda: cu.bayesian_signed_rank_test(np.linspace(0, 1, 100_000),
                                             np.linspace(0, 1, 100_000)[::-1], rope=0.01),
        ("n_samples", "scores_a")),
    "proportion_coverage": (
        lambda: cu.proportion_coverage(10**6, np.linspace(0, 1, 2000), method="wilson"),
        ("n", "p")),
    "simulate_cv_tests": (
        lambda: cu.simulate_cv_tests(1, n_samples=10**6, n_holdout=1000),
        ("n_samples", "n_holdout")),
    "nemenyi_test": (
        lambda: cu.nemenyi_test(np.random.default_rng(0).random((5, 1500))),
        ("scores",)),
    "simulate_mcnemar": (
        lambda: cu.simulate_mcnemar(10**9, accuracy_a=0.8, accuracy_b=0.8, p_discordant=0.1,
                                    n_replications=200_000),
        ("n_test", "n_replications")),
}


@pytest.mark.parametrize("name", sorted(LIMITS))
def test_costly_calls_are_refused_quickly(name):
    call, names = LIMITS[name]
    start = time.perf_counter()
    with pytest.raises(ValueError) as info:
        call()
    assert time.perf_counter() - start < 5.0  # se rechaza antes de calcular
    assert_spanish(info, *names)
    assert "reduzca" in str(info.value).lower() or "reduce" in str(info.value).lower()


def test_nemenyi_on_many_algorithms_is_fast_and_matches_the_formula():
    rng = np.random.default_rng(0)
    table = rng.random((5, 300))
    res = cu.nemenyi_test(table)
    ranks = stats.rankdata(-table, axis=1).mean(axis=0)
    se = np.sqrt(300 * 301 / (6 * 5))
    row = res.comparisons.iloc[0]
    i, j = res.algorithms.index(row["a"]), res.algorithms.index(row["b"])
    z = abs(ranks[i] - ranks[j]) / se
    p = stats.studentized_range.sf(z * np.sqrt(2), 300, np.inf)
    assert row["pvalue"] == pytest.approx(p, rel=1e-6)


# ---------------------------------------------------------------------------
# Barrido: datos degenerados y de magnitud enorme en todas las funciones públicas
# ---------------------------------------------------------------------------
# Cada función de SWEEP (tests/test_bad_input_sweep.py) con argumentos de datos numéricos
# recibe esos datos transformados a la vez: constantes e iguales, constantes y distintos
# (diferencia constante, varianza nula), desplazados (diferencia constante con varianza en
# cada uno), por columnas constantes y multiplicados por 1e154 (cuadrados al borde del
# desbordamiento), 1e200, 1e300 o 1e-300. La respuesta es un resultado con todos sus
# números finitos o un ValueError/TypeError en español; nunca NaN, infinito (salvo el
# extremo abierto de un intervalo unilateral), otra excepción ni un aviso de una biblioteca.

from test_bad_input_sweep import SWEEP, _array_args, _finite  # noqa: E402

_TRANSFORMS = ["constante", "constante por argumento", "desplazada", "columnas constantes",
               "x1e154", "x1e200", "x1e300", "x1e-300", "constante por argumento x1e300"]

#: Variantes de los argumentos de base que cambian el cálculo (método del intervalo, pérdida).
_VARIANTS = {
    "bootstrap_interval": [{"method": m} for m in ("basic", "normal", "bca")],
    "paired_bootstrap_difference": [{"method": m} for m in ("basic", "normal", "bca")],
    "regression_difference_interval": [{"method": "bca"}, {"metric": "rmse"},
                                       {"metric": "rmse", "method": "bca"}],
    "diebold_mariano_test": [{"loss": "absolute"}, {"horizon": 2},
                             {"alternative": "greater"}],
    "corrected_resampled_ttest": [{"corrected": False, "test_train_ratio": None}],
    "cohens_d": [{"paired": False}],
    "cv_equivalence_test": [{"test": "noninferiority"}],
    "wilcoxon_signed_rank_test": [{"method": "approx"}],
}


def _transform(value: np.ndarray, first: np.ndarray, i: int, kind: str) -> np.ndarray:
    # Etiquetas de clase (enteros): multiplicarlas no cambia su magnitud, solo su nombre.
    labels = np.asarray(value).dtype.kind in "iu"
    if labels and kind.startswith("x"):
        return value
    value = np.asarray(value, dtype=float)
    if kind == "constante":
        return np.full_like(value, 0.8)
    if kind.startswith("constante por argumento"):
        out = np.full_like(value, 0.8 - 0.1 * i)
        return out * 1e300 if kind.endswith("x1e300") and not labels else out
    if kind == "desplazada":
        return first + 0.05 * i if first.shape == value.shape else value
    if kind == "columnas constantes":
        if value.ndim < 2:
            return value
        return np.broadcast_to(np.linspace(0.9, 0.5, value.shape[-1]), value.shape).copy()
    return value * float(kind[1:])


def _extreme_cases() -> list[tuple[str, int]]:
    cases = []
    for name in sorted(SWEEP):
        if _array_args(SWEEP[name]):
            cases += [(name, v) for v in range(1 + len(_VARIANTS.get(name, [])))]
    return cases


def _extreme_outcome(name: str, variant: int, kind: str) -> str:
    """``"resultado"`` (finito), ``"error"`` (en español) o lo que salió mal."""
    case = SWEEP[name]
    args = case.base()
    if variant:
        args.update(_VARIANTS[name][variant - 1])
    names = _array_args(case)
    first = np.asarray(args[names[0]], dtype=float)
    for i, arg in enumerate(names):
        args[arg] = _transform(args[arg], first, i, kind)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # un aviso de NumPy o scipy es un fallo
            warnings.simplefilter("ignore", DeprecationWarning)
            warnings.simplefilter("ignore", PendingDeprecationWarning)
            result = getattr(cu, name)(**args)
    except (ValueError, TypeError) as exc:
        try:
            assert_spanish(pytest.ExceptionInfo.from_exception(exc))
        except AssertionError as why:
            return f"error no español: {why}"
        return "error"
    except Exception as exc:  # noqa: BLE001 - se informa de cualquier otra cosa
        return f"{type(exc).__name__}: {exc}"
    finally:
        plt.close("all")
    try:
        _finite(result)
    except AssertionError as why:
        return f"no finito: {why}"
    # La referencia barata del barrido (escrita para los argumentos de base) con los datos
    # degenerados; con los multiplicados, las referencias de scipy desbordan o deshacen
    # empates por redondeo, y la invariancia a la escala la prueba
    # test_positive_scale_changes_nothing.
    if case.check is not None and not variant and "x1e" not in kind:
        try:
            case.check(args, result)
        except AssertionError as why:
            return f"erróneo: {why}"
    return "resultado"


#: Estadísticos infinitos por definición: cuando todos los conjuntos ordenan igual a los
#: algoritmos, χ²_F alcanza su máximo N(k − 1) y F_F = (N − 1)χ²_F / (N(k − 1) − χ²_F) es
#: infinita (R con scmamp o PMCMRplus da Inf). Es el valor correcto del estadístico, no un
#: desbordamiento; lo que debe ser finito y correcto es el valor p, que
#: :func:`test_infinite_statistics_have_the_right_pvalue` compara con el más pequeño posible.
_INFINITE_BY_DEFINITION = {("friedman_test", "columnas constantes"): "iman_davenport"}


@pytest.mark.parametrize("name, variant", _extreme_cases())
def test_degenerate_and_huge_data_give_finite_results_or_spanish_errors(name, variant):
    bad = {kind: out for kind in _TRANSFORMS if (name, kind) not in _INFINITE_BY_DEFINITION
           and (out := _extreme_outcome(name, variant, kind)) not in ("resultado", "error")}
    assert not bad, bad


@pytest.mark.parametrize("name, kind", sorted(_INFINITE_BY_DEFINITION))
def test_infinite_statistics_have_the_right_pvalue(name, kind):
    case = SWEEP[name]
    args = case.base()
    first = np.asarray(args[_array_args(case)[0]], dtype=float)
    for i, arg in enumerate(_array_args(case)):
        args[arg] = _transform(args[arg], first, i, kind)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = getattr(cu, name)(**args)
    field = _INFINITE_BY_DEFINITION[(name, kind)]
    assert math.isinf(getattr(result, field)) and getattr(result, field) > 0
    # Todo lo demás, finito.
    _finite(dataclasses.replace(result, **{field: 0.0}))
    # Todas las filas ordenan igual: el valor p exacto es la probabilidad de esa tabla y de
    # sus permutaciones de columnas, k! · (1/k!)^N = (k!)^(1 − N) (sin empates dentro de filas).
    n, k = np.asarray(args["scores"]).shape
    smallest = math.factorial(k) ** (1 - n)
    assert result.pvalue == pytest.approx(smallest, rel=1e-12)
    assert result.iman_davenport_pvalue == pytest.approx(smallest, rel=1e-12)
