"""Pruebas de course_utils.two_models.equivalence contra referencias independientes.

Referencias: statsmodels (``ttost_paired``, ``mcnemar``), la identidad TOST
p = máx(p unilaterales) escrita con ``scipy.stats.t``/``scipy.stats.norm``, la
dualidad con el intervalo al 1 - 2α, y la máxima verosimilitud restringida de la
prueba score de Tango calculada por optimización numérica (no con la fórmula cerrada).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import optimize, stats
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.weightstats import ttost_paired

import course_utils as cu
from course_utils.two_models.equivalence import (
    EquivalenceResult,
    cv_equivalence_test,
    mcnemar_equivalence_test,
)

RNG_SEED = 20240607


def _scores(shape=(10, 10), shift=0.01, seed=RNG_SEED):
    rng = np.random.default_rng(seed)
    a = 0.85 + 0.03 * rng.standard_normal(shape)
    b = a - shift + 0.02 * rng.standard_normal(shape)
    return a, b


# --------------------------------------------------------------------------------------
# cv_equivalence_test
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("margin", [0.005, 0.02, 0.05])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uncorrected_matches_statsmodels_ttost_paired(margin, seed):
    a, b = _scores(shape=(30,), seed=seed)
    res = cv_equivalence_test(a, b, margin=margin, test_train_ratio=None, corrected=False)
    p, (t1, p1, df1), (t2, p2, df2) = ttost_paired(a, b, -margin, margin)
    np.testing.assert_allclose(res.pvalue, p, rtol=1e-10)
    np.testing.assert_allclose([res.statistic_lower, res.pvalue_lower, res.df], [t1, p1, df1])
    np.testing.assert_allclose([res.statistic_upper, res.pvalue_upper, res.df], [t2, p2, df2])


@pytest.mark.parametrize("ratio", [1 / 9, 1 / 4, 1.0])
def test_corrected_tost_written_out_with_scipy(ratio):
    a, b = _scores()
    margin = 0.03
    d = (a - b).ravel()
    n = d.size
    se = math.sqrt((1 / n + ratio) * np.var(d, ddof=1))
    p_low = stats.t.sf((d.mean() + margin) / se, n - 1)
    p_up = stats.t.cdf((d.mean() - margin) / se, n - 1)
    res = cv_equivalence_test(a, b, margin=margin, test_train_ratio=ratio)
    np.testing.assert_allclose([res.pvalue_lower, res.pvalue_upper], [p_low, p_up], rtol=1e-12)
    np.testing.assert_allclose(res.pvalue, max(p_low, p_up), rtol=1e-12)
    np.testing.assert_allclose(res.se, se, rtol=1e-12)
    assert res.df == n - 1


def test_each_side_is_the_one_sided_corrected_ttest_shifted_by_the_margin():
    # Restar el margen a B desplaza la diferencia: la t de cada lado es la de
    # corrected_resampled_ttest sobre a - b + δ (lado inferior) y a - b - δ (superior).
    a, b = _scores()
    margin = 0.02
    res = cv_equivalence_test(a, b, margin=margin, test_train_ratio=1 / 9)
    low = cu.corrected_resampled_ttest(a + margin, b, test_train_ratio=1 / 9, alternative="greater")
    up = cu.corrected_resampled_ttest(a - margin, b, test_train_ratio=1 / 9, alternative="less")
    np.testing.assert_allclose([res.statistic_lower, res.pvalue_lower], [low.statistic, low.pvalue])
    np.testing.assert_allclose([res.statistic_upper, res.pvalue_upper], [up.statistic, up.pvalue])


@pytest.mark.parametrize("margin", np.linspace(0.002, 0.04, 20))
def test_duality_with_the_1_minus_2alpha_interval(margin):
    a, b = _scores()
    alpha = 0.05
    res = cv_equivalence_test(a, b, margin=margin, test_train_ratio=1 / 9, alpha=alpha)
    ci = cu.corrected_resampled_ttest(a, b, test_train_ratio=1 / 9, alpha=2 * alpha)
    np.testing.assert_allclose([res.ci_low, res.ci_high], [ci.ci_low, ci.ci_high])
    assert res.rejected == (-margin < ci.ci_low and ci.ci_high < margin)


def test_noninferiority_is_the_lower_one_sided_test():
    a, b = _scores(shift=-0.005)
    res = cv_equivalence_test(a, b, margin=0.01, test_train_ratio=1 / 9, test="noninferiority")
    d = (a - b).ravel()
    se = math.sqrt((1 / d.size + 1 / 9) * np.var(d, ddof=1))
    np.testing.assert_allclose(res.pvalue, stats.t.sf((d.mean() + 0.01) / se, d.size - 1))
    assert res.statistic_upper is None and res.pvalue_upper is None
    assert math.isinf(res.ci_high)
    one_sided = cu.corrected_resampled_ttest(a, b, test_train_ratio=1 / 9, alternative="greater")
    np.testing.assert_allclose(res.ci_low, one_sided.ci_low)


def test_error_rates_flip_the_sign():
    a, b = _scores()
    err = cv_equivalence_test(1 - a, 1 - b, margin=0.03, test_train_ratio=1 / 9,
                              higher_is_better=False)
    acc = cv_equivalence_test(a, b, margin=0.03, test_train_ratio=1 / 9)
    np.testing.assert_allclose([err.estimate, err.pvalue], [acc.estimate, acc.pvalue])


def test_corrected_is_more_cautious_than_naive():
    a, b = _scores()
    naive = cv_equivalence_test(a, b, margin=0.02, test_train_ratio=None, corrected=False)
    corr = cv_equivalence_test(a, b, margin=0.02, test_train_ratio=1 / 9)
    assert corr.pvalue > naive.pvalue
    assert corr.ci_high - corr.ci_low > naive.ci_high - naive.ci_low


def test_cv_summary_is_spanish_and_rounded():
    a, b = _scores()
    res = cv_equivalence_test(a, b, margin=0.03, test_train_ratio=1 / 9)
    text = res.summary()
    assert "equivalencia" in text and "valor p" in text and "IC 90 %" in text
    assert isinstance(res, EquivalenceResult)
    with pytest.raises(AttributeError):
        res.pvalue = 0.5  # congelada


@pytest.mark.parametrize(
    "kwargs, exc, fragment",
    [
        (dict(margin=0.0, test_train_ratio=1 / 9), ValueError, "margin"),
        (dict(margin="0.1", test_train_ratio=1 / 9), TypeError, "margin"),
        (dict(margin=0.1, test_train_ratio=None), TypeError, "test_train_ratio"),
        (dict(margin=0.1, test_train_ratio=-1.0), ValueError, "test_train_ratio"),
        (dict(margin=0.1, test_train_ratio=1 / 9, test="tost"), ValueError, "test"),
        (dict(margin=0.1, test_train_ratio=1 / 9, alpha=0.6), ValueError, "alpha"),
        (dict(margin=0.1, test_train_ratio=1 / 9, corrected=1), TypeError, "corrected"),
    ],
)
def test_cv_validation(kwargs, exc, fragment):
    a, b = _scores()
    with pytest.raises(exc, match=fragment):
        cv_equivalence_test(a, b, **kwargs)


def test_cv_rejects_bad_scores():
    a, b = _scores()
    with pytest.raises(ValueError, match="misma forma"):
        cv_equivalence_test(a, b[:5], margin=0.1, test_train_ratio=1 / 9)
    bad = a.copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        cv_equivalence_test(bad, b, margin=0.1, test_train_ratio=1 / 9)
    with pytest.raises(ValueError, match="varianza 0"):
        cv_equivalence_test(a, a, margin=0.1, test_train_ratio=1 / 9)


# --------------------------------------------------------------------------------------
# mcnemar_equivalence_test
# --------------------------------------------------------------------------------------


def _tango_z_numeric(b, c, n, delta0):
    """z de Tango con la MV restringida obtenida por optimización numérica."""
    rest = n - b - c

    def negloglik(x):  # x = p_c; p_b = x + delta0
        pb, pc = x + delta0, x
        return -(b * np.log(pb) + c * np.log(pc) + rest * np.log(1 - pb - pc))

    lo = max(0.0, -delta0) + 1e-13
    hi = (1 - delta0) / 2 - 1e-13
    pc = optimize.minimize_scalar(negloglik, bounds=(lo, hi), method="bounded",
                                  options={"xatol": 1e-14}).x
    pb = pc + delta0
    var = (pb + pc - delta0**2) / n
    return ((b - c) / n - delta0) / math.sqrt(var)


@pytest.mark.parametrize("table", [[[70, 10], [3, 17]], [[800, 30], [25, 145]],
                                   [[14064, 124], [124, 1969]], [[40, 2], [9, 49]]])
@pytest.mark.parametrize("margin", [0.01, 0.05])
def test_tango_statistic_matches_numerical_constrained_mle(table, margin):
    b, c, n = table[0][1], table[1][0], sum(map(sum, table))
    res = mcnemar_equivalence_test(table, margin=margin)
    z_low = _tango_z_numeric(b, c, n, -margin)
    z_up = _tango_z_numeric(b, c, n, margin)
    np.testing.assert_allclose([res.statistic_lower, res.statistic_upper], [z_low, z_up],
                               rtol=1e-6)
    np.testing.assert_allclose(res.pvalue_lower, stats.norm.sf(z_low), rtol=1e-5)
    np.testing.assert_allclose(res.pvalue_upper, stats.norm.cdf(z_up), rtol=1e-5)
    np.testing.assert_allclose(res.pvalue, max(res.pvalue_lower, res.pvalue_upper))


@pytest.mark.parametrize("table", [[[70, 10], [3, 17]], [[50, 12], [3, 35]], [[9, 1], [8, 2]]])
def test_tango_at_zero_is_mcnemar_without_correction(table):
    # Con delta0 = 0 la prueba score de Tango es la de McNemar: z² = (b - c)²/(b + c).
    from course_utils.two_models.equivalence import _tango_statistic

    b, c, n = table[0][1], table[1][0], sum(map(sum, table))
    z, _ = _tango_statistic(b, c, n, 0.0)
    ref = mcnemar(np.array(table), exact=False, correction=False)
    np.testing.assert_allclose(z**2, ref.statistic, rtol=1e-12)
    np.testing.assert_allclose(2 * stats.norm.sf(abs(z)), ref.pvalue, rtol=1e-10)


@pytest.mark.parametrize("margin", np.linspace(0.005, 0.06, 12))
def test_mcnemar_duality_with_tango_interval(margin):
    table = [[800, 30], [25, 145]]
    res = mcnemar_equivalence_test(table, margin=margin)
    assert res.rejected == (-margin < res.ci_low and res.ci_high < margin)


def test_tango_interval_bounds_solve_the_score_equation():
    from course_utils.two_models.equivalence import _tango_statistic

    table = [[70, 10], [3, 17]]
    res = mcnemar_equivalence_test(table, margin=0.05, alpha=0.05)
    z = stats.norm.ppf(0.95)
    np.testing.assert_allclose(_tango_statistic(10, 3, 100, res.ci_low)[0], z, atol=1e-8)
    np.testing.assert_allclose(_tango_statistic(10, 3, 100, res.ci_high)[0], -z, atol=1e-8)
    assert res.ci_low < res.estimate < res.ci_high


def test_mcnemar_noninferiority_and_symmetry():
    table = np.array([[800, 30], [25, 145]])
    ni = mcnemar_equivalence_test(table, margin=0.02, test="noninferiority")
    eq = mcnemar_equivalence_test(table, margin=0.02)
    np.testing.assert_allclose(ni.pvalue, eq.pvalue_lower)
    assert ni.pvalue_upper is None and ni.ci_high == 1.0
    swapped = mcnemar_equivalence_test(table.T, margin=0.02)  # intercambiar A y B
    np.testing.assert_allclose(swapped.pvalue, eq.pvalue)
    np.testing.assert_allclose([swapped.ci_low, swapped.ci_high], [-eq.ci_high, -eq.ci_low])


def test_mcnemar_no_discordant_pairs():
    res = mcnemar_equivalence_test([[90, 0], [0, 10]], margin=0.05)
    assert res.estimate == 0.0 and res.rejected and np.isfinite(res.pvalue)
    assert "nunca discrepan" in res.summary()


def test_mcnemar_summary_prints_small_p_in_scientific_notation():
    res = mcnemar_equivalence_test([[14064, 124], [124, 1969]], margin=0.01)
    assert "e-" in res.summary() and "0.0000" not in res.summary().split("valor p")[1]


@pytest.mark.parametrize(
    "table, kwargs, exc, fragment",
    [
        ([[1, 2], [3]], dict(margin=0.1), ValueError, "table"),
        ([[1, 2, 3], [4, 5, 6]], dict(margin=0.1), ValueError, "table"),
        ([[1, -2], [3, 4]], dict(margin=0.1), ValueError, "no negativos"),
        ([[1, 2.5], [3, 4]], dict(margin=0.1), ValueError, "enteros"),
        ([[0, 0], [0, 0]], dict(margin=0.1), ValueError, "vacía"),
        ([[1, 2], [3, 4]], dict(margin=1.5), ValueError, "margin"),
        ([[1, 2], [3, 4]], dict(margin=None), TypeError, "margin"),
        ([[1, 2], [3, 4]], dict(margin=0.1, test="x"), ValueError, "test"),
    ],
)
def test_mcnemar_validation(table, kwargs, exc, fragment):
    with pytest.raises(exc, match=fragment):
        mcnemar_equivalence_test(table, **kwargs)


def test_exported_from_package():
    assert cu.cv_equivalence_test is cv_equivalence_test
    assert cu.mcnemar_equivalence_test is mcnemar_equivalence_test
    assert "EquivalenceResult" in cu.__all__


def test_uncorrected_test_refuses_a_ratio_it_would_ignore():
    """Como ``corrected_resampled_ttest``: un cociente con ``corrected=False`` no se ignora en silencio."""
    a, b = [0.9, 0.8, 0.85, 0.88], [0.86, 0.81, 0.8, 0.84]
    with pytest.raises(ValueError, match=r"`test_train_ratio` debe ser None"):
        cu.cv_equivalence_test(a, b, margin=0.05, test_train_ratio=0.25, corrected=False)
    res = cu.cv_equivalence_test(a, b, margin=0.05, test_train_ratio=None, corrected=False)
    assert np.isfinite(res.pvalue)
