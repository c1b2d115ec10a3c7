"""Pruebas de course_utils.two_models.comparison contra referencias independientes.

Referencias: scipy.stats, statsmodels y fórmulas escritas aquí a mano (bucles
simples), nunca valores copiados de la propia función.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

from course_utils import (
    TestResult,
    cohens_d,
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    mcnemar_table,
    mcnemar_test,
    noninferiority_test,
    paired_ttest_5x2cv,
    power_two_proportions,
    sample_size_two_proportions,
)

RNG = np.random.default_rng(20240601)
ALTERNATIVES = ("two-sided", "greater", "less")


def _scores(shape, seed, shift=0.0):
    rng = np.random.default_rng(seed)
    a = rng.uniform(0.6, 0.9, size=shape)
    b = a - shift + rng.normal(0, 0.02, size=shape)
    return a, b


# ---------------------------------------------------------------------------
# TestResult
# ---------------------------------------------------------------------------


def test_testresult_is_frozen_and_summary_in_spanish():
    a, b = _scores((10, 10), 1, shift=0.01)
    res = corrected_resampled_ttest(a, b, test_train_ratio=1 / 9)
    assert isinstance(res, TestResult)
    with pytest.raises(AttributeError):
        res.pvalue = 0.5  # type: ignore[misc]
    text = res.summary()
    assert isinstance(text, str)
    assert "valor p" in text and "IC 95 %" in text and "gl = 99" in text
    assert f"{res.pvalue:.4f}" in text and f"{res.statistic:.4f}" in text


# ---------------------------------------------------------------------------
# Prueba t de remuestreo corregida
# ---------------------------------------------------------------------------


def _nadeau_bengio_by_hand(a, b, ratio, alpha=0.05):
    d = []
    for row_a, row_b in zip(np.atleast_2d(a), np.atleast_2d(b)):
        for x, y in zip(row_a, row_b):
            d.append(x - y)
    n = len(d)
    mean = sum(d) / n
    var = sum((v - mean) ** 2 for v in d) / (n - 1)
    se = math.sqrt((1 / n + ratio) * var)
    t = mean / se
    p = 2 * stats.t.sf(abs(t), n - 1)
    crit = stats.t.ppf(1 - alpha / 2, n - 1)
    return t, p, n - 1, mean, mean - crit * se, mean + crit * se


@pytest.mark.parametrize("shape", [(10, 10), (5, 2), (30,)])
def test_corrected_ttest_matches_formula(shape):
    a, b = _scores(shape, 2, shift=0.005)
    k = shape[1] if len(shape) == 2 else 10
    ratio = 1 / (k - 1)
    res = corrected_resampled_ttest(a, b, test_train_ratio=ratio)
    t, p, df, mean, lo, hi = _nadeau_bengio_by_hand(a, b, ratio)
    assert res.statistic == pytest.approx(t, rel=1e-12)
    assert res.pvalue == pytest.approx(p, rel=1e-10)
    assert res.df == df
    assert res.estimate == pytest.approx(mean, rel=1e-12)
    assert res.ci_low == pytest.approx(lo, rel=1e-12)
    assert res.ci_high == pytest.approx(hi, rel=1e-12)
    assert res.distribution == "t" and res.alternative == "two-sided" and res.confidence == 0.95


def test_corrected_ttest_slide_example_pvalue_and_critical_value():
    # Diapositivas (Aler): t = -1.250795 con r = k = 10, gl = 99. El valor p bilateral
    # correcto es 2·P(T_99 >= 1.250795) ≈ 0.2140 (no 0.3169098) y qt(0.975, 99) = 1.984217.
    assert 2 * stats.t.sf(1.250795, 99) == pytest.approx(0.2139573, abs=1e-7)
    assert stats.t.ppf(0.975, 99) == pytest.approx(1.984217, abs=1e-6)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("alpha", [0.05, 0.1])
def test_uncorrected_ttest_equals_scipy_ttest_rel(alternative, alpha):
    a, b = _scores((10, 10), 3, shift=0.004)
    res = corrected_resampled_ttest(
        a, b, test_train_ratio=None, corrected=False, alternative=alternative, alpha=alpha
    )
    ref = stats.ttest_rel(a.ravel(), b.ravel(), alternative=alternative)
    ci = ref.confidence_interval(confidence_level=1 - alpha)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
    assert res.df == ref.df
    assert res.ci_low == pytest.approx(ci.low, rel=1e-12)
    assert res.ci_high == pytest.approx(ci.high, rel=1e-12)
    assert res.alternative == alternative


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_corrected_ttest_one_sided_pvalues(alternative):
    a, b = _scores((10, 10), 4, shift=0.01)
    res = corrected_resampled_ttest(a, b, test_train_ratio=1 / 9, alternative=alternative)
    t = _nadeau_bengio_by_hand(a, b, 1 / 9)[0]
    expected = {
        "two-sided": 2 * stats.t.sf(abs(t), 99),
        "greater": stats.t.sf(t, 99),
        "less": stats.t.cdf(t, 99),
    }[alternative]
    assert res.pvalue == pytest.approx(expected, rel=1e-10)
    if alternative == "greater":
        assert res.ci_high == math.inf
    if alternative == "less":
        assert res.ci_low == -math.inf


def test_correction_widens_interval():
    a, b = _scores((10, 10), 5, shift=0.01)
    corr = corrected_resampled_ttest(a, b, test_train_ratio=1 / 9)
    naive = corrected_resampled_ttest(a, b, test_train_ratio=None, corrected=False)
    assert abs(corr.statistic) < abs(naive.statistic)
    assert corr.pvalue > naive.pvalue
    assert corr.ci_high - corr.ci_low > naive.ci_high - naive.ci_low
    assert naive.note  # advierte de que no está corregida


def test_corrected_ttest_zero_variance_raises():
    a = np.array([0.8, 0.9, 0.7, 0.85])
    with pytest.raises(ValueError, match="varianza 0"):
        corrected_resampled_ttest(a, a, test_train_ratio=1 / 3)
    with pytest.raises(ValueError, match="varianza 0"):
        corrected_resampled_ttest(a, a - 0.1, test_train_ratio=1 / 3)  # diferencia constante


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"scores_a": [0.8, 0.9], "scores_b": [0.8, 0.9, 0.7]}, ValueError, "misma forma"),
        ({"scores_a": [], "scores_b": []}, ValueError, "`scores_a`"),
        ({"scores_a": [0.8, np.nan, 0.7], "scores_b": [0.8, 0.9, 0.7]}, ValueError, "`scores_a`.*NaN"),
        ({"scores_a": [0.8, 0.9, 0.7], "scores_b": [0.8, np.inf, 0.7]}, ValueError, "`scores_b`"),
        ({"scores_a": np.ones((2, 2, 2)), "scores_b": np.ones((2, 2, 2))}, ValueError, "`scores_a`"),
        ({"scores_a": [0.8], "scores_b": [0.7]}, ValueError, "al menos 2"),
        ({"scores_a": "abc", "scores_b": [0.7]}, TypeError, "`scores_a`"),
        ({"test_train_ratio": 0.0}, ValueError, "`test_train_ratio`.*1/\\(k-1\\)"),
        ({"test_train_ratio": -0.1}, ValueError, "`test_train_ratio`"),
        ({"test_train_ratio": "1/9"}, TypeError, "`test_train_ratio`.*1/\\(k-1\\)"),
        ({"test_train_ratio": None}, TypeError, "`test_train_ratio`"),
        ({"test_train_ratio": np.nan}, ValueError, "`test_train_ratio`"),
        ({"alpha": 1.5}, ValueError, "`alpha`"),
        ({"alpha": 0}, ValueError, "`alpha`"),
        ({"alternative": "mayor"}, ValueError, "`alternative`"),
        ({"corrected": "yes"}, TypeError, "`corrected`"),
    ],
)
def test_corrected_ttest_bad_input(kwargs, exc, match):
    args = {"scores_a": [0.8, 0.9, 0.7], "scores_b": [0.75, 0.88, 0.71], "test_train_ratio": 0.5}
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        corrected_resampled_ttest(**args)


# ---------------------------------------------------------------------------
# 5×2cv
# ---------------------------------------------------------------------------


def _five_by_two_by_hand(a, b):
    p = [[a[i][j] - b[i][j] for j in range(2)] for i in range(5)]
    s2 = []
    for i in range(5):
        pbar = (p[i][0] + p[i][1]) / 2
        s2.append((p[i][0] - pbar) ** 2 + (p[i][1] - pbar) ** 2)
    t = p[0][0] / math.sqrt(sum(s2) / 5)
    f = sum(p[i][j] ** 2 for i in range(5) for j in range(2)) / (2 * sum(s2))
    return p, s2, t, f


def test_5x2cv_hand_derived_values():
    # p_i = (0.02, -0.02) en las 5 repeticiones: s_i^2 = 2·0.02² = 0.0008,
    # t = 0.02 / sqrt(0.0008) = 1/sqrt(2); f = 10·0.0004 / (2·5·0.0008) = 0.5.
    a = np.array([[0.82, 0.78]] * 5)
    b = np.array([[0.80, 0.80]] * 5)
    t_res = paired_ttest_5x2cv(a, b)
    assert t_res.statistic == pytest.approx(1 / math.sqrt(2), rel=1e-9)
    assert t_res.df == 5.0
    assert t_res.pvalue == pytest.approx(2 * stats.t.sf(1 / math.sqrt(2), 5), rel=1e-9)
    f_res = combined_ftest_5x2cv(a, b)
    assert f_res.statistic == pytest.approx(0.5, rel=1e-9)
    assert f_res.df == (10.0, 5.0)
    assert f_res.pvalue == pytest.approx(stats.f.sf(0.5, 10, 5), rel=1e-9)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_5x2cv_ttest_matches_formula(seed, alternative):
    a, b = _scores((5, 2), seed, shift=0.01)
    _, s2, t, _ = _five_by_two_by_hand(a.tolist(), b.tolist())
    res = paired_ttest_5x2cv(a, b, alternative=alternative, alpha=0.1)
    assert res.statistic == pytest.approx(t, rel=1e-12)
    expected_p = {
        "two-sided": 2 * stats.t.sf(abs(t), 5),
        "greater": stats.t.sf(t, 5),
        "less": stats.t.cdf(t, 5),
    }[alternative]
    assert res.pvalue == pytest.approx(expected_p, rel=1e-10)
    p11 = a[0, 0] - b[0, 0]
    assert res.estimate == pytest.approx(p11, rel=1e-12)
    se = math.sqrt(sum(s2) / 5)
    if alternative == "two-sided":
        crit = stats.t.ppf(0.95, 5)
        assert res.ci_low == pytest.approx(p11 - crit * se, rel=1e-12)
        assert res.ci_high == pytest.approx(p11 + crit * se, rel=1e-12)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_5x2cv_ftest_matches_formula(seed):
    a, b = _scores((5, 2), seed, shift=0.01)
    p, _, _, f = _five_by_two_by_hand(a.tolist(), b.tolist())
    res = combined_ftest_5x2cv(a, b)
    assert res.statistic == pytest.approx(f, rel=1e-12)
    assert res.pvalue == pytest.approx(stats.f.sf(f, 10, 5), rel=1e-10)
    assert res.estimate == pytest.approx(np.mean(p), rel=1e-12)
    assert res.ci_low is None and res.ci_high is None
    assert res.distribution == "f"
    assert "no define" in res.summary()


@pytest.mark.parametrize("func", [paired_ttest_5x2cv, combined_ftest_5x2cv])
def test_5x2cv_bad_input(func):
    good = np.full((5, 2), 0.8)
    with pytest.raises(ValueError, match=r"`scores_a`.*\(5, 2\)"):
        func(np.full((2, 5), 0.8), good)
    with pytest.raises(ValueError, match=r"`scores_b`.*\(5, 2\)"):
        func(good, np.full(10, 0.8))
    bad = good.copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError, match="`scores_a`"):
        func(bad, good)
    # p_i1 = p_i2 en cada repetición: todas las s_i^2 son 0
    with pytest.raises(ValueError, match="s_i"):
        func(good + np.array([[0.01], [0.02], [0.0], [0.03], [0.01]]), good)


# ---------------------------------------------------------------------------
# McNemar
# ---------------------------------------------------------------------------


def test_mcnemar_table_by_hand():
    y = np.array([1, 0, 1, 1, 0, 1, 0, 0, 1, 1])
    a = np.array([1, 0, 0, 1, 1, 1, 0, 1, 1, 0])
    b = np.array([1, 1, 1, 1, 0, 0, 0, 1, 0, 0])
    table = np.zeros((2, 2), dtype=int)
    for yi, ai, bi in zip(y, a, b):
        table[int(ai != yi), int(bi != yi)] += 1
    got = mcnemar_table(y, a, b)
    np.testing.assert_array_equal(got, table)
    assert got.dtype == np.int64
    # etiquetas de texto
    lab = np.array(["no", "sí"])
    np.testing.assert_array_equal(mcnemar_table(lab[y], lab[a], lab[b]), table)


def test_mcnemar_table_bad_input():
    with pytest.raises(ValueError, match="misma longitud"):
        mcnemar_table([0, 1, 1], [0, 1], [0, 1, 1])
    with pytest.raises(ValueError, match="`y_true`"):
        mcnemar_table([], [], [])
    with pytest.raises(ValueError, match="`pred_a`"):
        mcnemar_table([0, 1], [0.0, np.nan], [0, 1])


TABLES = [
    [[50, 12], [3, 35]],
    [[101, 121], [59, 33]],
    [[10, 1], [9, 0]],
    [[5, 30], [29, 2]],
    [[0, 7], [7, 0]],
    [[1000, 3], [0, 5]],
]


@pytest.mark.parametrize("table", TABLES)
def test_mcnemar_exact_matches_statsmodels_and_binomtest(table):
    res = mcnemar_test(table, "exact")
    ref = sm_mcnemar(np.array(table), exact=True)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
    assert res.statistic == ref.statistic
    b, c = table[0][1], table[1][0]
    assert res.pvalue == pytest.approx(stats.binomtest(b, b + c, 0.5).pvalue, rel=1e-12)
    assert res.distribution == "binomial" and res.df is None


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize(("method", "correction"), [("chi2", False), ("chi2-corrected", True)])
def test_mcnemar_chi2_matches_statsmodels(table, method, correction):
    res = mcnemar_test(table, method)
    b, c = table[0][1], table[1][0]
    if correction and b == c:
        # Convención de R (mcnemar.test): sin corrección si b = c, luego p = 1.
        assert res.statistic == 0.0 and res.pvalue == 1.0
        return
    ref = sm_mcnemar(np.array(table), exact=False, correction=correction)
    by_hand = ((abs(b - c) - int(correction)) ** 2) / (b + c)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert res.statistic == pytest.approx(by_hand, rel=1e-12)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
    assert res.df == 1.0 and res.distribution == "chi2"


@pytest.mark.parametrize("table", TABLES)
def test_mcnemar_mid_p(table):
    b, c = table[0][1], table[1][0]
    res = mcnemar_test(table, "mid-p")
    if b == c:
        assert res.pvalue == 1.0  # 2·[P(X<=b) - P(X=b)/2] = 1 por simetría
    else:
        exact = stats.binomtest(b, b + c, 0.5).pvalue
        assert res.pvalue == pytest.approx(exact - stats.binom.pmf(min(b, c), b + c, 0.5), rel=1e-10)
        assert res.pvalue < exact


@pytest.mark.parametrize("method", ["exact", "mid-p", "chi2", "chi2-corrected"])
def test_mcnemar_never_disagree(method):
    res = mcnemar_test([[40, 0], [0, 10]], method)
    assert res.pvalue == 1.0
    assert res.statistic == 0.0
    assert "nunca discrepan" in res.note
    assert res.estimate == 0.0
    # El intervalo ajustado no degenera en [0, 0]: con n = 50 y b = c = 0,
    # ±1.96·sqrt(2/52)/sqrt(52) (Bonett y Price, 2012).
    half = stats.norm.ppf(0.975) * math.sqrt(2 / 52 / 52)
    assert res.ci_low == pytest.approx(-half) and res.ci_high == pytest.approx(half)
    assert "nunca discrepan" in res.summary()


@pytest.mark.parametrize("table", TABLES)
def test_mcnemar_estimate_and_bonett_price_ci(table):
    t = np.array(table)
    n = t.sum()
    acc_a = (t[0, 0] + t[0, 1]) / n
    acc_b = (t[0, 0] + t[1, 0]) / n
    # Bonett y Price (2012), como en Fagerland, Lydersen y Laake (2014), ec. del
    # «Wald interval with Bonett-Price adjustment»: seudofrecuencias de Laplace.
    p12, p21 = (t[0, 1] + 1) / (n + 2), (t[1, 0] + 1) / (n + 2)
    se = math.sqrt((p12 + p21 - (p12 - p21) ** 2) / (n + 2))
    z = stats.norm.ppf(0.95)
    res = mcnemar_test(table, alpha=0.1)
    assert res.estimate == pytest.approx(acc_a - acc_b, abs=1e-15)
    assert res.ci_low == pytest.approx(max(-1.0, p12 - p21 - z * se), abs=1e-12)
    assert res.ci_high == pytest.approx(min(1.0, p12 - p21 + z * se), abs=1e-12)
    assert res.confidence == pytest.approx(0.9)


def test_mcnemar_ci_agrees_with_the_test_where_wald_does_not():
    # b = 10, c = 3, n = 100: ninguna versión de la prueba rechaza al 5 %, y el
    # intervalo ajustado contiene el 0, mientras que el de Wald simple no.
    t = [[80, 10], [3, 7]]
    res = mcnemar_test(t, "exact")
    assert res.pvalue > 0.05
    assert res.ci_low < 0 < res.ci_high
    wald_low = 0.07 - stats.norm.ppf(0.975) * math.sqrt(13 - 49 / 100) / 100
    assert wald_low > 0


@pytest.mark.parametrize(
    ("table", "exc", "match"),
    [
        ([[1, 2, 3], [4, 5, 6]], ValueError, r"`table`.*\(2, 2\)"),
        ([1, 2, 3, 4], ValueError, "`table`"),
        ([[1, -2], [3, 4]], ValueError, "`table`.*no negativos"),
        ([[1, 3.5], [3, 4]], ValueError, "`table`.*enteros"),
        ([[1, np.nan], [3, 4]], ValueError, "`table`"),
        ([[0, 0], [0, 0]], ValueError, "`table`"),
        ("tabla", TypeError, "`table`"),
    ],
)
def test_mcnemar_bad_table(table, exc, match):
    with pytest.raises(exc, match=match):
        mcnemar_test(table)


def test_mcnemar_bad_method_and_alpha():
    with pytest.raises(ValueError, match="`method`"):
        mcnemar_test([[1, 2], [3, 4]], "binomial")
    with pytest.raises(ValueError, match="`alpha`"):
        mcnemar_test([[1, 2], [3, 4]], alpha=1.0)


# ---------------------------------------------------------------------------
# d de Cohen
# ---------------------------------------------------------------------------


def test_cohens_d_paired_and_unpaired_by_hand():
    a = [0.81, 0.84, 0.79, 0.83, 0.80, 0.85]
    b = [0.80, 0.81, 0.80, 0.80, 0.78, 0.82]
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / len(d)
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / (len(d) - 1))
    assert cohens_d(a, b) == pytest.approx(mean / sd, rel=1e-12)

    x, y = [3.0, 4.0, 5.0, 6.0], [1.0, 2.0, 3.0, 4.0, 9.0]
    mx, my = sum(x) / 4, sum(y) / 5
    vx = sum((v - mx) ** 2 for v in x) / 3
    vy = sum((v - my) ** 2 for v in y) / 4
    pooled = math.sqrt((3 * vx + 4 * vy) / 7)
    assert cohens_d(x, y, paired=False) == pytest.approx((mx - my) / pooled, rel=1e-12)


def test_cohens_d_bad_input():
    with pytest.raises(ValueError, match="desviación típica"):
        cohens_d([0.8, 0.9, 0.7], [0.7, 0.8, 0.6])
    with pytest.raises(ValueError, match="desviación típica"):
        cohens_d([0.8, 0.8, 0.8], [0.7, 0.7], paired=False)
    with pytest.raises(ValueError, match="misma forma"):
        cohens_d([0.8, 0.9, 0.7], [0.7, 0.8])
    with pytest.raises(ValueError, match="`scores_b`"):
        cohens_d([0.8, 0.9, 0.7], [0.7], paired=False)
    with pytest.raises(TypeError, match="`paired`"):
        cohens_d([0.8, 0.9], [0.7, 0.8], paired="sí")


# ---------------------------------------------------------------------------
# No inferioridad
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("s_new", "n_new", "s_ref", "n_ref", "margin"),
    [(900, 1000, 905, 1000, 0.03), (430, 500, 870, 1000, 0.02), (95, 100, 90, 100, 0.05)],
)
@pytest.mark.parametrize("alpha", [0.05, 0.1])
def test_noninferiority_wald_matches_formula(s_new, n_new, s_ref, n_ref, margin, alpha):
    p1, p2 = s_new / n_new, s_ref / n_ref
    se = math.sqrt(p1 * (1 - p1) / n_new + p2 * (1 - p2) / n_ref)
    z = (p1 - p2 + margin) / se
    res = noninferiority_test(s_new, n_new, s_ref, n_ref, margin=margin, alpha=alpha, method="wald")
    assert res.statistic == pytest.approx(z, rel=1e-10)
    assert res.pvalue == pytest.approx(stats.norm.sf(z), rel=1e-10)
    assert res.estimate == pytest.approx(p1 - p2, abs=1e-15)
    assert res.ci_low == pytest.approx(p1 - p2 - stats.norm.ppf(1 - alpha) * se, rel=1e-10)
    assert res.ci_high == 1.0
    assert res.alternative == "greater" and res.distribution == "normal" and res.df is None
    assert (res.pvalue < alpha) == (res.ci_low > -margin)


def test_statsmodels_score_diff_bug_is_why_we_do_not_delegate():
    # statsmodels issue #10269: su estimador restringido no anula la ecuación score.
    # Si un día se corrige, esta prueba fallará y se podrá volver a delegar.
    from statsmodels.stats.proportion import score_test_proportions_2indep

    s1, n1, s0, n0, d = 17, 60, 23, 40, -0.05
    ref = score_test_proportions_2indep(s1, n1, s0, n0, value=d, compare="diff")
    q1, q0 = ref.prop1_null, ref.prop2_null

    def score_eq(q0, q1):
        return s0 / q0 - (n0 - s0) / (1 - q0) + s1 / q1 - (n1 - s1) / (1 - q1)

    assert abs(score_eq(q0, q1)) > 1e-3  # statsmodels: no es el EMV restringido
    ours = noninferiority_test(s1, n1, s0, n0, margin=0.05)
    assert ours.statistic != pytest.approx(ref.statistic, rel=1e-6)


def _safe(f, x):
    try:
        return f(x)
    except (ValueError, ZeroDivisionError):  # log(0) con conteo positivo: no admisible
        return math.inf


def _mn_score_by_numerical_mle(s1, n1, s0, n0, delta):
    """Score de Miettinen-Nurminen con el EMV restringido hallado numéricamente."""
    from scipy.optimize import minimize_scalar

    def nll(p0):
        p1 = p0 + delta
        terms = [(s0, p0), (n0 - s0, 1 - p0), (s1, p1), (n1 - s1, 1 - p1)]
        return -sum(k * math.log(p) for k, p in terms if k > 0)

    lo, hi = max(0.0, -delta), min(1.0, 1.0 - delta)
    inner = minimize_scalar(nll, bounds=(lo, hi), method="bounded", options={"xatol": 1e-13}).x
    candidates = [inner] + [x for x in (lo, hi) if math.isfinite(_safe(nll, x))]
    q0 = min(candidates, key=lambda x: _safe(nll, x))  # el máximo puede estar en el borde
    q1 = q0 + delta
    n = n1 + n0
    var = (q1 * (1 - q1) / n1 + q0 * (1 - q0) / n0) * n / (n - 1)
    return (s1 / n1 - s0 / n0 - delta) / math.sqrt(var)


@pytest.mark.parametrize(
    ("s_new", "n_new", "s_ref", "n_ref"),
    [(100, 100, 99, 100), (0, 50, 1, 50), (50, 50, 50, 50), (1, 40, 11, 40), (0, 50, 50, 50),
     (40, 40, 0, 40), (17, 60, 23, 40), (900, 1000, 905, 1000), (430, 500, 870, 1000),
     (95, 100, 90, 100)],
)
def test_noninferiority_score_boundary_counts_and_lower_bound(s_new, n_new, s_ref, n_ref):
    # Referencia: el EMV restringido calculado numéricamente (sirve también cuando un
    # conteo es 0 o n, donde la fórmula cerrada de statsmodels se sale de [0, 1]).
    margin = 0.05
    res = noninferiority_test(s_new, n_new, s_ref, n_ref, margin=margin)
    z = _mn_score_by_numerical_mle(s_new, n_new, s_ref, n_ref, -margin)
    assert res.statistic == pytest.approx(z, rel=1e-6)
    assert res.pvalue == pytest.approx(stats.norm.sf(z), rel=1e-6, abs=1e-12)
    assert -1.0 <= res.ci_low <= res.estimate and res.ci_high == 1.0
    assert (res.pvalue < 0.05) == (res.ci_low > -margin)
    assert "no inferioridad" in res.summary()
    if res.ci_low > -1.0 + 1e-9:
        # en la cota inferior, el estadístico score vale z_{0.95}
        at_bound = _mn_score_by_numerical_mle(s_new, n_new, s_ref, n_ref, res.ci_low)
        assert at_bound == pytest.approx(stats.norm.ppf(0.95), rel=1e-6)


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"successes_new": -1}, ValueError, "`successes_new`"),
        ({"successes_new": 3.5}, TypeError, "`successes_new`"),
        ({"successes_new": 1001}, ValueError, "`successes_new`.*`n_new`"),
        ({"n_ref": 0}, ValueError, "`n_ref`"),
        ({"margin": 0.0}, ValueError, "`margin`"),
        ({"margin": 1.5}, ValueError, "`margin`"),
        ({"margin": "0.02"}, TypeError, "`margin`"),
        ({"alpha": 0.0}, ValueError, "`alpha`"),
        ({"method": "exact"}, ValueError, "`method`"),
        ({"successes_new": 1000, "successes_ref": 1000, "method": "wald"}, ValueError, "Wald"),
    ],
)
def test_noninferiority_bad_input(kwargs, exc, match):
    args = {"successes_new": 900, "n_new": 1000, "successes_ref": 905, "n_ref": 1000, "margin": 0.03}
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        noninferiority_test(**args)


# ---------------------------------------------------------------------------
# Potencia y tamaño muestral (fórmula de Fleiss escrita aquí)
# ---------------------------------------------------------------------------


def _fleiss_power(pa, pb, n, alpha, alternative):
    pbar = (pa + pb) / 2
    sd0 = math.sqrt(2 * pbar * (1 - pbar))  # combinada, bajo H0
    sd1 = math.sqrt(pa * (1 - pa) + pb * (1 - pb))  # no combinada, bajo H1
    delta = pa - pb
    if alternative == "two-sided":
        z = stats.norm.ppf(1 - alpha / 2)
        upper = stats.norm.sf((z * sd0 - delta * math.sqrt(n)) / sd1)
        lower = stats.norm.cdf((-z * sd0 - delta * math.sqrt(n)) / sd1)
        return upper + lower
    z = stats.norm.ppf(1 - alpha)
    if alternative == "greater":
        return stats.norm.sf((z * sd0 - delta * math.sqrt(n)) / sd1)
    return stats.norm.cdf((-z * sd0 - delta * math.sqrt(n)) / sd1)


def _fleiss_n(pa, pb, power, alpha, alternative):
    pbar = (pa + pb) / 2
    z_a = stats.norm.ppf(1 - alpha / 2) if alternative == "two-sided" else stats.norm.ppf(1 - alpha)
    z_b = stats.norm.ppf(power)
    num = z_a * math.sqrt(2 * pbar * (1 - pbar)) + z_b * math.sqrt(pa * (1 - pa) + pb * (1 - pb))
    return num**2 / (pa - pb) ** 2


@pytest.mark.parametrize(("pa", "pb"), [(0.85, 0.80), (0.6, 0.5), (0.91, 0.93)])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("n", [50, 400, 2000])
def test_power_matches_fleiss(pa, pb, alternative, n):
    got = power_two_proportions(pa, pb, n, alternative=alternative)
    assert got == pytest.approx(_fleiss_power(pa, pb, n, 0.05, alternative), rel=1e-10)


@pytest.mark.parametrize(("pa", "pb"), [(0.85, 0.80), (0.6, 0.5), (0.91, 0.93), (0.7, 0.72)])
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("target", [0.8, 0.9])
def test_sample_size_is_smallest_n_reaching_power(pa, pb, alternative, target):
    if (alternative == "greater" and pa < pb) or (alternative == "less" and pa > pb):
        with pytest.raises(ValueError, match="sentido contrario"):
            sample_size_two_proportions(pa, pb, power=target, alternative=alternative)
        return
    n = sample_size_two_proportions(pa, pb, power=target, alternative=alternative)
    assert isinstance(n, int)
    assert _fleiss_power(pa, pb, n, 0.05, alternative) >= target
    assert _fleiss_power(pa, pb, n - 1, 0.05, alternative) < target
    n_fleiss = math.ceil(_fleiss_n(pa, pb, target, 0.05, alternative))
    if alternative == "two-sided":  # la otra cola suma potencia: como mucho uno menos
        assert n_fleiss - 1 <= n <= n_fleiss
    else:
        assert n == n_fleiss


def test_sample_size_textbook_value():
    # 0.85 frente a 0.80, bilateral, alfa 0.05, potencia 0.8: Fleiss da 905.3 -> 906.
    assert sample_size_two_proportions(0.85, 0.80) == 906


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"p_a": 1.0}, ValueError, "`p_a`"),
        ({"p_b": 0.0}, ValueError, "`p_b`"),
        ({"p_b": "0.8"}, TypeError, "`p_b`"),
        ({"p_a": 0.8}, ValueError, "iguales"),
        ({"alpha": 2.0}, ValueError, "`alpha`"),
        ({"alternative": "larger"}, ValueError, "`alternative`"),
    ],
)
def test_power_and_sample_size_bad_input(kwargs, exc, match):
    args = {"p_a": 0.85, "p_b": 0.80}
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        power_two_proportions(n=100, **args)
    with pytest.raises(exc, match=match):
        sample_size_two_proportions(**args)


def test_power_bad_n_and_target():
    with pytest.raises(ValueError, match="`n`"):
        power_two_proportions(0.85, 0.8, 0)
    with pytest.raises(TypeError, match="`n`"):
        power_two_proportions(0.85, 0.8, 10.5)
    with pytest.raises(ValueError, match="`power`"):
        sample_size_two_proportions(0.85, 0.8, power=1.0)


# ---------------------------------------------------------------------------
# Propiedades (hypothesis)
# ---------------------------------------------------------------------------

_score = st.floats(min_value=0.0, max_value=1.0, allow_nan=False, width=64)
PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _differs(a, b):
    d = np.asarray(a) - np.asarray(b)
    return np.ptp(d) > 1e-6


@PROPS
@given(
    a=st.lists(_score, min_size=3, max_size=30),
    data=st.data(),
    alternative=st.sampled_from(ALTERNATIVES),
)
def test_property_corrected_ttest_swap(a, data, alternative):
    b = data.draw(st.lists(_score, min_size=len(a), max_size=len(a)))
    assume(_differs(a, b))
    res = corrected_resampled_ttest(a, b, test_train_ratio=1 / 9, alternative=alternative)
    flipped = {"two-sided": "two-sided", "greater": "less", "less": "greater"}[alternative]
    swp = corrected_resampled_ttest(b, a, test_train_ratio=1 / 9, alternative=flipped)
    assert 0.0 <= res.pvalue <= 1.0
    assert swp.statistic == pytest.approx(-res.statistic, rel=1e-9, abs=1e-12)
    assert swp.estimate == pytest.approx(-res.estimate, rel=1e-9, abs=1e-15)
    assert swp.pvalue == pytest.approx(res.pvalue, rel=1e-9, abs=1e-15)
    assert res.ci_low <= res.estimate <= res.ci_high


@PROPS
@given(a=st.lists(_score, min_size=10, max_size=10), b=st.lists(_score, min_size=10, max_size=10))
def test_property_5x2cv_swap(a, b):
    a, b = np.reshape(a, (5, 2)), np.reshape(b, (5, 2))
    d = a - b
    assume(np.max(np.abs(d[:, 0] - d[:, 1])) > 1e-6)
    t1, t2 = paired_ttest_5x2cv(a, b), paired_ttest_5x2cv(b, a)
    assert t2.statistic == pytest.approx(-t1.statistic, rel=1e-9, abs=1e-12)
    assert t2.estimate == pytest.approx(-t1.estimate, abs=1e-15)
    assert t2.pvalue == pytest.approx(t1.pvalue, rel=1e-9)
    assert 0.0 <= t1.pvalue <= 1.0
    assert t1.ci_low <= t1.estimate <= t1.ci_high
    f1, f2 = combined_ftest_5x2cv(a, b), combined_ftest_5x2cv(b, a)
    assert f2.statistic == pytest.approx(f1.statistic, rel=1e-9)  # F no depende del signo
    assert f2.estimate == pytest.approx(-f1.estimate, abs=1e-15)
    assert f2.pvalue == pytest.approx(f1.pvalue, rel=1e-9)
    assert 0.0 <= f1.pvalue <= 1.0


@PROPS
@given(
    table=st.lists(st.integers(0, 60), min_size=4, max_size=4),
    method=st.sampled_from(["exact", "mid-p", "chi2", "chi2-corrected"]),
)
def test_property_mcnemar_swap(table, method):
    assume(sum(table) > 0)
    t = np.reshape(table, (2, 2))
    swapped = t.T  # intercambiar A y B traspone la tabla
    r1, r2 = mcnemar_test(t, method), mcnemar_test(swapped, method)
    assert 0.0 <= r1.pvalue <= 1.0
    assert r2.estimate == pytest.approx(-r1.estimate, abs=1e-15)
    assert r2.pvalue == pytest.approx(r1.pvalue, rel=1e-12)
    assert r2.statistic == pytest.approx(r1.statistic, rel=1e-12)
    assert r1.ci_low <= r1.estimate <= r1.ci_high


@PROPS
@given(
    s_new=st.integers(0, 200),
    s_ref=st.integers(0, 200),
    margin=st.floats(0.005, 0.2),
    method=st.sampled_from(["score", "wald"]),
)
def test_property_noninferiority(s_new, s_ref, margin, method):
    n = 200
    if method == "wald":
        p1, p2 = s_new / n, s_ref / n
        assume(p1 * (1 - p1) + p2 * (1 - p2) > 0)
    res = noninferiority_test(s_new, n, s_ref, n, margin=margin, method=method)
    assert 0.0 <= res.pvalue <= 1.0
    assert res.ci_low <= res.estimate <= res.ci_high


@PROPS
@given(
    pa=st.floats(0.05, 0.95),
    pb=st.floats(0.05, 0.95),
    n=st.integers(10, 5000),
)
def test_property_power_symmetry_and_range(pa, pb, n):
    assume(abs(pa - pb) > 1e-3)
    p1 = power_two_proportions(pa, pb, n)
    p2 = power_two_proportions(pb, pa, n)
    assert 0.0 <= p1 <= 1.0
    assert p1 == pytest.approx(p2, rel=1e-9)
    assert power_two_proportions(pa, pb, n, alternative="greater") == pytest.approx(
        power_two_proportions(pb, pa, n, alternative="less"), rel=1e-9
    )


@PROPS
@given(a=st.lists(_score, min_size=3, max_size=20), data=st.data())
def test_property_cohens_d_swap(a, data):
    b = data.draw(st.lists(_score, min_size=len(a), max_size=len(a)))
    assume(_differs(a, b))
    assert cohens_d(b, a) == pytest.approx(-cohens_d(a, b), rel=1e-9, abs=1e-12)


def test_summary_never_prints_a_tiny_pvalue_as_zero():
    from course_utils import corrected_resampled_ttest

    rng = np.random.default_rng(0)
    a = 0.9 + 0.01 * rng.standard_normal(100)
    b = 0.3 + 0.01 * rng.standard_normal(100)
    res = corrected_resampled_ttest(a, b, test_train_ratio=1 / 9)
    assert 0 < res.pvalue < 1e-4
    assert "valor p = 0.0000" not in res.summary()
    assert f"valor p = {res.pvalue:.4e}" in res.summary()


def test_mcnemar_corrected_balanced_table_is_not_evidence():
    # R: mcnemar.test(matrix(c(50, 12, 12, 30), 2)) da McNemar's chi-squared = 0, p-value = 1.
    res = mcnemar_test([[50, 12], [12, 30]], "chi2-corrected")
    assert res.statistic == 0.0 and res.pvalue == 1.0
    # R con |b - c| = 1: (|13 - 12| - 1)^2 / 25 = 0 -> p = 1 también.
    assert mcnemar_test([[50, 13], [12, 30]], "chi2-corrected").pvalue == 1.0
