"""Valor p exacto de la prueba de Friedman en tablas pequeñas (N·k ≤ 30).

Referencias independientes: la enumeración de todas las tablas de rangos que se obtienen
permutando cada fila (sin recursión ni estados ordenados: el producto cartesiano entero) y
las probabilidades exactas publicadas por Friedman (1937), reproducidas en Siegel (1956),
*Nonparametric Statistics for the Behavioral Sciences*, tabla N.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats

import course_utils as cu


def _brute_force_pvalue(table: np.ndarray, higher_is_better: bool = True) -> float:
    """P(Σ R_j² ≥ observado) enumerando todas las tablas: cada fila, cualquiera de las
    ordenaciones distintas de sus rangos (scipy.stats.rankdata), todas equiprobables."""
    x = np.asarray(table, dtype=float)
    ranks = stats.rankdata(-x if higher_is_better else x, axis=1)
    rows = [np.array(sorted(set(itertools.permutations(row)))) for row in ranks]
    # Suma de rangos por columna de cada combinación: producto cartesiano completo.
    total = np.zeros((1, x.shape[1]))
    for arrangements in rows:
        total = (total[:, None, :] + arrangements[None, :, :]).reshape(-1, x.shape[1])
    s = np.sum(total**2, axis=1)
    observed = np.sum(ranks.sum(axis=0) ** 2)
    return float(np.mean(s >= observed - 1e-9))


@pytest.mark.parametrize("n, k", [(2, 3), (3, 3), (5, 3), (7, 3), (2, 4), (3, 4), (4, 4),
                                  (2, 5), (3, 5), (2, 6)])
@pytest.mark.parametrize("ties", [False, True], ids=["sin-empates", "con-empates"])
def test_exact_pvalue_matches_brute_force_enumeration(n, k, ties):
    rng = np.random.default_rng(100 * n + k + ties)
    for _ in range(3):
        table = rng.integers(0, 3, size=(n, k)) if ties else rng.normal(size=(n, k))
        if np.all(table == table[:, :1]):
            continue
        for higher in (True, False):
            res = cu.friedman_test(table, higher_is_better=higher)
            assert res.method == "exacto"
            ref = _brute_force_pvalue(table, higher)
            assert res.pvalue == pytest.approx(ref, rel=1e-12, abs=1e-15)
            assert res.iman_davenport_pvalue == res.pvalue  # F_F crece con χ²_F
            tied = cu.friedman_test(table, higher_is_better=higher, tie_correction=True)
            assert tied.pvalue == pytest.approx(ref, rel=1e-12, abs=1e-15)


# Friedman (1937) / Siegel (1956), tabla N: P(χ²_r ≥ valor), con 3 o 4 decimales.
_PUBLISHED = {
    (3, 3): [(0.667, 0.944), (2.0, 0.528), (2.667, 0.361), (4.667, 0.194), (6.0, 0.028)],
    (4, 3): [(0.5, 0.931), (1.5, 0.653), (2.0, 0.431), (3.5, 0.273), (4.5, 0.125),
             (6.0, 0.069), (6.5, 0.042), (8.0, 0.0046)],
    (2, 4): [(0.6, 0.958), (1.2, 0.833), (1.8, 0.792), (2.4, 0.625), (3.0, 0.542),
             (3.6, 0.458), (4.2, 0.375), (4.8, 0.208), (5.4, 0.167), (6.0, 0.042)],
    (3, 4): [(7.4, 0.033), (8.2, 0.017), (9.0, 0.0017)],
}


@pytest.mark.parametrize("n, k", sorted(_PUBLISHED))
def test_exact_pvalue_matches_published_table(n, k):
    rng = np.random.default_rng(n * k)
    wanted = dict(_PUBLISHED[(n, k)])
    found = {}
    for _ in range(20_000):  # tablas de rangos al azar hasta ver cada valor de la tabla
        table = np.array([rng.permutation(k) for _ in range(n)], dtype=float)
        res = cu.friedman_test(table)
        key = next((v for v in wanted if abs(res.statistic - v) < 2e-3), None)
        if key is not None:
            found[key] = res.pvalue
        if len(found) == len(wanted):
            break
    assert set(found) == set(wanted)
    for value, p in found.items():
        decimals = 4 if wanted[value] < 0.01 else 3
        assert p == pytest.approx(wanted[value], abs=0.5 * 10**-decimals + 1e-12), value


def test_two_identical_rankings_give_one_sixth():
    res = cu.friedman_test([[0.9, 0.8, 0.7], [0.85, 0.75, 0.6]])
    assert math.isinf(res.iman_davenport)
    assert res.method == "exacto"
    assert res.pvalue == res.iman_davenport_pvalue == pytest.approx(1 / 6, rel=1e-12)
    text = res.summary()
    assert "1e-300" not in text and "valor p exacto = 0.1667" in text


def test_asymptotic_pvalue_never_below_the_smallest_attainable():
    # N·k > 30: asintótico. Con todas las filas ordenadas igual, F_F = ∞ y la distribución F
    # daría p = 0; la probabilidad de esa tabla es k!/(k!)^N.
    n, k = 10, 4
    res = cu.friedman_test(np.tile([0.9, 0.8, 0.7, 0.6], (n, 1)))
    assert res.method == "asintótico" and math.isinf(res.iman_davenport)
    smallest = math.factorial(k) / math.factorial(k) ** n
    assert res.iman_davenport_pvalue == pytest.approx(smallest, rel=1e-12)
    assert res.pvalue == pytest.approx(stats.chi2.sf(n * (k - 1), k - 1), rel=1e-12)
    # Demasiados algoritmos para la recursión exacta (k = 12, N = 2): también con su suelo.
    big = cu.friedman_test(np.tile(np.arange(12.0), (2, 1)))
    assert big.method == "asintótico"
    assert big.iman_davenport_pvalue == pytest.approx(1 / math.factorial(12), rel=1e-12)


def test_large_tables_keep_the_asymptotic_pvalues():
    rng = np.random.default_rng(3)
    table = rng.normal(size=(11, 3))  # N·k = 33
    res = cu.friedman_test(table)
    ref = stats.friedmanchisquare(*table.T)
    assert res.method == "asintótico"
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    n, k = table.shape
    ff = (n - 1) * ref.statistic / (n * (k - 1) - ref.statistic)
    assert res.iman_davenport_pvalue == pytest.approx(stats.f.sf(ff, k - 1, (k - 1) * (n - 1)),
                                                      rel=1e-12)
