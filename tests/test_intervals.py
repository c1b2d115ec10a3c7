"""Pruebas de course_utils.measure.intervals frente a referencias independientes.

Referencias: statsmodels ``proportion_confint`` y las fórmulas de Wald y Wilson escritas
a mano; ``sklearn.metrics`` para las estimaciones; ``scipy.stats.bootstrap`` para los
intervalos bootstrap (acuerdo dentro del error de Monte Carlo); un bucle que remuestrea
índices y llama a ``recall_score`` para la distribución multinomial.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    f1_score,
    precision_score,
    recall_score,
)
from statsmodels.stats.proportion import proportion_confint

from course_utils import (
    BootstrapResult,
    IntervalResult,
    PairedBootstrapResult,
    bootstrap_interval,
    paired_bootstrap_difference,
    proportion_interval,
)

STATSMODELS_NAMES = {
    "wald": "normal",
    "wilson": "wilson",
    "agresti-coull": "agresti_coull",
    "clopper-pearson": "beta",
    "jeffreys": "jeffreys",
}


# --- Proporciones -----------------------------------------------------------------


@pytest.mark.parametrize("method", list(STATSMODELS_NAMES))
@pytest.mark.parametrize("successes, n", [(0, 10), (3, 10), (85, 100), (100, 100), (412, 500), (1, 1)])
@pytest.mark.parametrize("alpha", [0.01, 0.05, 0.1])
def test_proportion_matches_statsmodels(method, successes, n, alpha):
    res = proportion_interval(successes, n, alpha=alpha, method=method)
    low, high = proportion_confint(successes, n, alpha=alpha, method=STATSMODELS_NAMES[method])
    got = (res.low, res.high)
    if method == "wald":  # statsmodels recorta a [0, 1]; el curso usa Wald sin recortar
        got = tuple(np.clip(got, 0, 1))
    if method == "jeffreys":  # la corrección de Brown, Cai y DasGupta (2001) en los bordes
        low = 0.0 if successes == 0 else low
        high = 1.0 if successes == n else high
    assert got == pytest.approx((low, high), abs=1e-12)
    assert res.estimate == successes / n
    assert res.confidence == pytest.approx(1 - alpha)
    assert res.method == method


@pytest.mark.parametrize("n", [10, 20, 45, 100])
def test_jeffreys_boundary_fix_keeps_coverage_near_0_and_1(n):
    # Brown, Cai y DasGupta (2001, sección 4.1.2): extremos 0 con x = 0 y 1 con x = n. La
    # cobertura exacta por enumeración binomial (scipy.stats.binom) con p diminuto es la
    # probabilidad de 0 éxitos, casi 1; sin la corrección, el intervalo de x = 0 empieza en
    # un cuantil beta > p y la cobertura es 0.
    k = np.arange(n + 1)
    bounds = [proportion_interval(int(x), n, method="jeffreys") for x in k]
    assert bounds[0].low == 0.0 and bounds[n].high == 1.0
    for p in (1e-6, 1e-4, 1e-3):
        for prob in (p, 1 - p):
            inside = np.array([b.low <= prob <= b.high for b in bounds])
            coverage = stats.binom.pmf(k, n, prob)[inside].sum()
            assert coverage >= 1 - n * p - 1e-12, (n, prob, coverage)
    # Lejos de los bordes, los mismos extremos que statsmodels (cuantiles de la Beta).
    for x in range(1, n):
        low, high = stats.beta.ppf([0.025, 0.975], x + 0.5, n - x + 0.5)
        assert (bounds[x].low, bounds[x].high) == pytest.approx((low, high), abs=1e-12)


@pytest.mark.parametrize("successes, n, alpha", [(85, 100, 0.05), (7, 20, 0.1), (99, 100, 0.01)])
def test_wald_and_wilson_hand_formulas(successes, n, alpha):
    p = successes / n
    z = stats.norm.ppf(1 - alpha / 2)
    half = z * math.sqrt(p * (1 - p) / n)
    wald = proportion_interval(successes, n, alpha=alpha, method="wald")
    assert (wald.low, wald.high) == pytest.approx((p - half, p + half), abs=1e-12)
    center = (p + z**2 / (2 * n)) / (1 + z**2 / n)
    spread = z / (1 + z**2 / n) * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))
    wilson = proportion_interval(successes, n, alpha=alpha, method="wilson")
    assert (wilson.low, wilson.high) == pytest.approx((center - spread, center + spread), abs=1e-12)


def test_source_check_wald_085_100():
    res = proportion_interval(85, 100, alpha=0.05, method="wald")
    assert (round(res.low, 2), round(res.high, 2)) == (0.78, 0.92)
    assert res.summary() == "Intervalo de Wald al 95 %: 0.8500 [0.7800, 0.9200]"


def test_wald_is_not_clipped():
    res = proportion_interval(99, 100, alpha=0.01, method="wald")
    assert res.high > 1  # el curso muestra que Wald se sale de [0, 1]


def test_proportion_summary_example():
    res = proportion_interval(85, 100, method="wilson")
    assert isinstance(res, IntervalResult)
    assert res.summary() == "Intervalo de Wilson al 95 %: 0.8500 [0.7672, 0.9069]"
    assert proportion_interval(85, 100, alpha=0.1).summary().startswith("Intervalo de Wald al 90 %:")


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
    st.sampled_from(list(STATSMODELS_NAMES)),
    st.floats(0.001, 0.5),
    st.floats(0.001, 0.5),
)
def test_property_proportion_contains_estimate_and_widens(xn, method, a1, a2):
    successes, n = xn
    small, large = sorted((a1, a2))
    strict = proportion_interval(successes, n, alpha=small, method=method)  # más confianza
    loose = proportion_interval(successes, n, alpha=large, method=method)
    assert strict.high - strict.low >= loose.high - loose.low - 1e-12
    for res in (strict, loose):
        assert res.low - 1e-12 <= res.estimate <= res.high + 1e-12


@pytest.mark.parametrize(
    "kwargs, exc, pattern",
    [
        ({"successes": 11, "n": 10}, ValueError, "`successes`"),
        ({"successes": -1, "n": 10}, ValueError, "`successes`"),
        ({"successes": 2.5, "n": 10}, TypeError, "`successes`"),
        ({"successes": "3", "n": 10}, TypeError, "`successes`"),
        ({"successes": 3, "n": 0}, ValueError, "`n`"),
        ({"successes": 3, "n": 10.5}, TypeError, "`n`"),
        ({"successes": 3, "n": 10, "alpha": 0}, ValueError, "`alpha`"),
        ({"successes": 3, "n": 10, "alpha": 1.5}, ValueError, "`alpha`"),
        ({"successes": 3, "n": 10, "alpha": "0.05"}, TypeError, "`alpha`"),
        ({"successes": 3, "n": 10, "method": "normal"}, ValueError, "`method`.*'wilson'"),
    ],
)
def test_proportion_bad_input(kwargs, exc, pattern):
    with pytest.raises(exc, match=pattern):
        proportion_interval(**kwargs)


# --- Datos sintéticos para el bootstrap ------------------------------------------------


def _labels(seed, n, k=3, acc=0.85):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < acc, y, rng.integers(0, k, n))
    return y, pred


def _vec_macro_recall(k):
    def statistic(yt, yp, axis=-1):
        recalls = [np.sum((yt == c) & (yp == c), axis=axis) / np.sum(yt == c, axis=axis) for c in range(k)]
        return np.mean(recalls, axis=0)
    return statistic


def _vec_accuracy(yt, yp, axis=-1):
    return np.mean(yt == yp, axis=axis)


def _vec_balanced_accuracy(k):
    return _vec_macro_recall(k)  # todas las clases presentes en cada remuestra (N grande)


# --- Estimaciones frente a scikit-learn -----------------------------------------------


@pytest.mark.parametrize(
    "metric, pos_label, reference",
    [
        ("accuracy", None, accuracy_score),
        ("error", None, lambda t, p: 1 - accuracy_score(t, p)),
        ("balanced_accuracy", None, balanced_accuracy_score),
        ("precision_macro", None, lambda t, p: precision_score(t, p, average="macro", zero_division=0)),
        ("recall_macro", None, lambda t, p: recall_score(t, p, average="macro", zero_division=0)),
        ("f1_macro", None, lambda t, p: f1_score(t, p, average="macro", zero_division=0)),
        ("precision", "b", lambda t, p: precision_score(t, p, labels=["b"], average="macro", zero_division=0)),
        ("recall", "c", lambda t, p: recall_score(t, p, labels=["c"], average="macro", zero_division=0)),
        ("f1", "a", lambda t, p: f1_score(t, p, labels=["a"], average="macro", zero_division=0)),
    ],
)
def test_estimate_matches_sklearn_with_string_labels(metric, pos_label, reference):
    y, pred = _labels(3, 250, k=4)
    names = np.array(["a", "b", "c", "d"])
    y_s, pred_s = names[y], names[pred]
    pred_s[pred_s == "d"] = "a"  # la clase «d» nunca se predice
    res = bootstrap_interval(y_s, pred_s, metric, n_resamples=200, random_state=0, pos_label=pos_label)
    assert res.estimate == pytest.approx(reference(y_s, pred_s), abs=1e-12)
    assert isinstance(res, BootstrapResult)
    assert res.distribution.shape == (200,)
    assert res.metric == metric


def test_string_labels_equal_integer_codes_with_same_seed():
    y, pred = _labels(4, 300, k=3)
    names = np.array(["gato", "perro", "pez"])  # ya ordenadas: mismos códigos
    a = bootstrap_interval(y, pred, "f1", pos_label=2, n_resamples=500, random_state=5)
    b = bootstrap_interval(names[y], names[pred].tolist(), "f1", pos_label="pez", n_resamples=500, random_state=5)
    np.testing.assert_array_equal(a.distribution, b.distribution)


# --- Distribución multinomial frente a remuestrear índices ------------------------------


def test_multinomial_distribution_matches_index_resampling_loop():
    y, pred = _labels(11, 200, k=3, acc=0.75)
    res = bootstrap_interval(y, pred, "recall_macro", n_resamples=20_000, random_state=1)
    rng = np.random.default_rng(2)
    loop = np.empty(1000)
    for i in range(loop.size):
        idx = rng.integers(0, y.size, y.size)
        loop[i] = recall_score(y[idx], pred[idx], average="macro", labels=[0, 1, 2], zero_division=0)
    sd = loop.std(ddof=1)
    assert abs(res.distribution.mean() - loop.mean()) < 4 * sd * math.sqrt(1 / loop.size + 1 / res.n_resamples)
    assert res.se == pytest.approx(sd, rel=0.1)  # error relativo de Monte Carlo ~ 1/sqrt(2·1000) ≈ 2 %
    # mismos cuantiles extremos (dentro del error de Monte Carlo)
    np.testing.assert_allclose(
        np.quantile(res.distribution, [0.05, 0.5, 0.95]), np.quantile(loop, [0.05, 0.5, 0.95]), atol=0.3 * sd
    )


def test_multinomial_draws_have_multinomial_moments():
    # Bloque interno (rng.multinomial) frente a las fórmulas de la multinomial:
    # E[X_i] = N p_i, Var[X_i] = N p_i (1 - p_i), Cov[X_i, X_j] = -N p_i p_j.
    from course_utils.measure.intervals import _multinomial_cells

    cells = np.array([0, 120, 30, 0, 5, 45])
    nz, draws = _multinomial_cells(np.random.default_rng(0), cells, 200_000)
    np.testing.assert_array_equal(nz, [1, 2, 4, 5])
    assert np.all(draws.sum(axis=1) == cells.sum())
    n, prob = cells.sum(), cells[nz] / cells.sum()
    expected_cov = n * (np.diag(prob) - np.outer(prob, prob))
    np.testing.assert_allclose(draws.mean(axis=0), n * prob, atol=0.05)
    np.testing.assert_allclose(np.cov(draws, rowvar=False), expected_cov, atol=0.02 * expected_cov.max())


def test_accuracy_distribution_is_binomial():
    # La exactitud remuestreada es Binomial(N, acc) / N: ee = sqrt(acc (1 - acc) / N).
    y, pred = _labels(13, 500)
    res = bootstrap_interval(y, pred, "accuracy", n_resamples=20_000, random_state=3)
    acc = accuracy_score(y, pred)
    assert res.se == pytest.approx(math.sqrt(acc * (1 - acc) / y.size), rel=0.03)
    assert res.distribution.mean() == pytest.approx(acc, abs=4 * res.se / math.sqrt(20_000))


def test_label_dtypes_give_same_confusion():
    # enteros desplazados, con huecos, sin signo, booleanos y texto: misma estimación que sklearn
    y = np.array([3, 5, 5, 9, 3, 9, 5, 3])
    p = np.array([3, 5, 9, 9, 5, 9, 3, 3])
    for yt, yp in ((y, p), (y - 100, p - 100), (y.astype(np.uint64), p.astype(np.uint64)),
                   (y.astype(float), p.astype(float)), (y.astype(str), p.astype(str)),
                   (y > 4, p > 4)):
        res = bootstrap_interval(yt, yp, "f1_macro", n_resamples=50, random_state=0)
        assert res.estimate == pytest.approx(f1_score(yt, yp, average="macro", zero_division=0), abs=1e-12)


def test_multinomial_is_independent_of_n_scale():
    # La misma matriz de confusión multiplicada por 10: la estimación no cambia y el
    # error estándar se divide por sqrt(10) (el coste no depende de N).
    y, pred = _labels(12, 300)
    small = bootstrap_interval(y, pred, "accuracy", n_resamples=20_000, random_state=0)
    big = bootstrap_interval(np.tile(y, 10), np.tile(pred, 10), "accuracy", n_resamples=20_000, random_state=0)
    assert big.estimate == pytest.approx(small.estimate)
    assert big.se == pytest.approx(small.se / math.sqrt(10), rel=0.05)


# --- Intervalos frente a scipy.stats.bootstrap ----------------------------------------

B = 20_000
TOL = 0.01


@pytest.fixture(scope="module")
def data3():
    return _labels(7, 400, k=3)


@pytest.mark.parametrize("method, scipy_method", [("percentile", "percentile"), ("basic", "basic"), ("bca", "BCa")])
@pytest.mark.parametrize("metric", ["accuracy", "recall_macro"])
def test_bootstrap_matches_scipy(data3, method, scipy_method, metric):
    y, pred = data3
    statistic = _vec_accuracy if metric == "accuracy" else _vec_macro_recall(3)
    ref = stats.bootstrap(
        (y, pred), statistic, paired=True, vectorized=True, n_resamples=B, method=scipy_method,
        confidence_level=0.95, rng=np.random.default_rng(123),
    )
    res = bootstrap_interval(y, pred, metric, n_resamples=B, method=method, random_state=321)
    assert res.estimate == pytest.approx(statistic(y, pred))
    assert res.low == pytest.approx(ref.confidence_interval.low, abs=TOL)
    assert res.high == pytest.approx(ref.confidence_interval.high, abs=TOL)
    assert res.se == pytest.approx(ref.standard_error, rel=0.05)
    assert res.confidence == pytest.approx(0.95)


def test_normal_interval_matches_scipy_standard_error(data3):
    y, pred = data3
    statistic = _vec_macro_recall(3)
    ref = stats.bootstrap((y, pred), statistic, paired=True, vectorized=True, n_resamples=B,
                          method="percentile", rng=np.random.default_rng(9))
    res = bootstrap_interval(y, pred, "balanced_accuracy", n_resamples=B, method="normal", alpha=0.1,
                             random_state=8)
    z = stats.norm.ppf(0.95)
    est = statistic(y, pred)
    assert res.low == pytest.approx(est - z * ref.standard_error, abs=TOL / 2)
    assert res.high == pytest.approx(est + z * ref.standard_error, abs=TOL / 2)


def test_percentile_uses_alpha_over_two(data3):
    # Las fuentes usaban los cuantiles alpha y 1 - alpha (un intervalo al 90 %).
    y, pred = data3
    res = bootstrap_interval(y, pred, "accuracy", n_resamples=5000, alpha=0.05, random_state=0)
    np.testing.assert_allclose((res.low, res.high), np.quantile(res.distribution, [0.025, 0.975]))
    assert np.mean((res.distribution >= res.low) & (res.distribution <= res.high)) >= 0.95


def test_bca_weighted_jackknife_equals_full_jackknife():
    # La navaja de K² celdas ponderadas debe dar exactamente la aceleración de la navaja
    # de los N casos (aquí con recall_score de sklearn) y, con ella y la fórmula de
    # Efron (1987), los mismos extremos BCa sobre la misma distribución.
    y, pred = _labels(17, 150, k=3, acc=0.7)
    res = bootstrap_interval(y, pred, "recall_macro", n_resamples=4000, method="bca", alpha=0.1, random_state=2)
    theta = np.array([
        recall_score(np.delete(y, i), np.delete(pred, i), average="macro", labels=[0, 1, 2], zero_division=0)
        for i in range(y.size)
    ])
    d = theta.mean() - theta
    a = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    dist = res.distribution
    z0 = stats.norm.ppf((np.sum(dist < res.estimate) + np.sum(dist <= res.estimate)) / (2 * dist.size))
    z = stats.norm.ppf([0.05, 0.95])
    levels = stats.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
    np.testing.assert_allclose((res.low, res.high), np.quantile(dist, levels), rtol=1e-10)


def test_callable_metric_matches_scipy_bca():
    y, pred = _labels(21, 120, k=2, acc=0.8)

    def f1_pos(t, p):
        return f1_score(t, p, pos_label=1, zero_division=0)

    def f1_vec(yt, yp, axis=-1):
        tp = np.sum((yt == 1) & (yp == 1), axis=axis)
        return 2 * tp / (np.sum(yt == 1, axis=axis) + np.sum(yp == 1, axis=axis))

    ref = stats.bootstrap((y, pred), f1_vec, paired=True, vectorized=True, n_resamples=B, method="BCa",
                          rng=np.random.default_rng(5))
    res = bootstrap_interval(y, pred, f1_pos, n_resamples=1000, method="bca", random_state=6)
    named = bootstrap_interval(y, pred, "f1", pos_label=1, n_resamples=B, method="bca", random_state=6)
    assert res.metric == "f1_pos"
    for r, tol in ((res, 2 * TOL), (named, TOL)):
        assert r.low == pytest.approx(ref.confidence_interval.low, abs=tol)
        assert r.high == pytest.approx(ref.confidence_interval.high, abs=tol)


# --- Bootstrap pareado ------------------------------------------------------------------


@pytest.fixture(scope="module")
def paired_data():
    y, a = _labels(31, 400, k=3, acc=0.85)
    rng = np.random.default_rng(32)
    b = np.where(rng.random(y.size) < 0.8, y, rng.integers(0, 3, y.size))
    return y, a, b


@pytest.mark.parametrize("method, scipy_method", [("percentile", "percentile"), ("bca", "BCa")])
@pytest.mark.parametrize("metric", ["accuracy", "recall_macro"])
def test_paired_matches_scipy(paired_data, method, scipy_method, metric):
    y, a, b = paired_data
    single = _vec_accuracy if metric == "accuracy" else _vec_macro_recall(3)

    def diff(yt, ya, yb, axis=-1):
        return single(yt, ya, axis=axis) - single(yt, yb, axis=axis)

    ref = stats.bootstrap((y, a, b), diff, paired=True, vectorized=True, n_resamples=B, method=scipy_method,
                          rng=np.random.default_rng(41))
    res = paired_bootstrap_difference(y, a, b, metric, n_resamples=B, method=method, random_state=42)
    assert isinstance(res, PairedBootstrapResult)
    assert res.estimate == pytest.approx(diff(y, a, b))
    assert res.low == pytest.approx(ref.confidence_interval.low, abs=TOL)
    assert res.high == pytest.approx(ref.confidence_interval.high, abs=TOL)
    assert res.se == pytest.approx(ref.standard_error, rel=0.05)
    assert res.share_a_not_better == pytest.approx(np.mean(ref.bootstrap_distribution <= 0), abs=0.01)
    assert res.share_a_not_better == np.mean(res.distribution <= 0)


def test_paired_estimate_matches_sklearn_per_class(paired_data):
    y, a, b = paired_data
    res = paired_bootstrap_difference(y, a, b, "precision", pos_label=2, n_resamples=100, random_state=0)
    ref = precision_score(y, a, labels=[2], average="macro") - precision_score(y, b, labels=[2], average="macro")
    assert res.estimate == pytest.approx(ref, abs=1e-12)


def test_paired_same_predictions_is_degenerate_with_note(paired_data):
    y, a, _ = paired_data
    res = paired_bootstrap_difference(y, a, a.copy(), "f1_macro", n_resamples=500, method="bca", random_state=0)
    assert (res.estimate, res.low, res.high) == (0.0, 0.0, 0.0)
    assert res.share_a_not_better == 1.0
    assert "degenerada" in res.note and "Nota:" in res.summary()


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(20, 150), st.sampled_from(["accuracy", "recall_macro", "f1_macro"]))
def test_property_swapping_models_flips_sign(seed, n, metric):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    y[:3] = [0, 1, 2]
    a = np.where(rng.random(n) < 0.8, y, rng.integers(0, 3, n))
    b = np.where(rng.random(n) < 0.7, y, rng.integers(0, 3, n))
    ab = paired_bootstrap_difference(y, a, b, metric, n_resamples=300, random_state=seed)
    ba = paired_bootstrap_difference(y, b, a, metric, n_resamples=300, random_state=seed)
    assert ab.estimate == pytest.approx(-ba.estimate, abs=1e-12)
    # Con una función se remuestrean índices: mismas remuestras, distribución opuesta exacta.
    f = {"accuracy": accuracy_score,
         "recall_macro": lambda t, p: recall_score(t, p, average="macro", labels=[0, 1, 2], zero_division=0),
         "f1_macro": lambda t, p: f1_score(t, p, average="macro", labels=[0, 1, 2], zero_division=0)}[metric]
    fab = paired_bootstrap_difference(y, a, b, f, n_resamples=15, random_state=seed)
    fba = paired_bootstrap_difference(y, b, a, f, n_resamples=15, random_state=seed)
    np.testing.assert_allclose(fab.distribution, -fba.distribution, atol=1e-12)
    assert fab.estimate == pytest.approx(ab.estimate, abs=1e-12)
    assert (fab.low, fab.high) == pytest.approx((-fba.high, -fba.low), abs=1e-12)


# --- Propiedades de los intervalos bootstrap -------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(30, 300),
    st.sampled_from(["accuracy", "balanced_accuracy", "recall_macro", "precision_macro", "f1_macro"]),
    st.sampled_from(["percentile", "basic", "normal", "bca"]),
    st.floats(0.01, 0.3),
    st.floats(0.01, 0.3),
)
def test_property_bootstrap_contains_estimate_and_widens(seed, n, metric, method, a1, a2):
    y, pred = _labels(seed, n, k=3, acc=0.8)
    y[:3] = [0, 1, 2]
    small, large = sorted((a1, a2))
    strict = bootstrap_interval(y, pred, metric, n_resamples=2000, alpha=small, method=method, random_state=seed)
    loose = bootstrap_interval(y, pred, metric, n_resamples=2000, alpha=large, method=method, random_state=seed)
    np.testing.assert_array_equal(strict.distribution, loose.distribution)  # misma semilla
    assert strict.high - strict.low >= loose.high - loose.low - 1e-12
    for res in (strict, loose):
        assert res.low <= res.estimate <= res.high
        assert np.isfinite([res.low, res.high, res.se]).all()


# --- Casos degenerados ----------------------------------------------------------------


@pytest.mark.parametrize("method", ["percentile", "basic", "normal", "bca"])
def test_perfect_classifier_gives_point_interval_with_note(method):
    y = np.array([0, 1] * 30)
    res = bootstrap_interval(y, y, "accuracy", n_resamples=1000, method=method, random_state=0)
    assert (res.estimate, res.low, res.high, res.se) == (1.0, 1.0, 1.0, 0.0)
    assert "degenerada" in res.note
    assert "proportion_interval" in res.summary()


def test_bca_raises_when_all_replicates_on_one_side():
    # Proporción de valores distintos: 1 en la muestra original y < 1 en casi toda remuestra.
    y = np.arange(30)

    def distinct_share(t, p):
        return len(np.unique(t)) / len(t)

    with pytest.raises(ValueError, match="BCa.*percentile"):
        bootstrap_interval(y, y, distinct_share, n_resamples=200, method="bca", random_state=0)
    res = bootstrap_interval(y, y, distinct_share, n_resamples=200, method="percentile", random_state=0)
    assert res.high < res.estimate == 1.0  # el percentil no contiene la estimación: sesgo


def test_summary_format():
    y, pred = _labels(5, 200)
    res = bootstrap_interval(y, pred, "accuracy", n_resamples=300, random_state=0)
    text = res.summary()
    assert text.startswith("accuracy: intervalo bootstrap percentil al 95 % (300 remuestras): ")
    assert f"{res.estimate:.4f} [{res.low:.4f}, {res.high:.4f}]" in text
    assert res.note == ""
    with pytest.raises(ValueError):
        res.distribution[0] = 2.0  # solo lectura
    paired = paired_bootstrap_difference(y, pred, y, "accuracy", n_resamples=300, random_state=0)
    assert paired.summary().startswith("Diferencia A − B (accuracy), intervalo bootstrap percentil al 95 %")
    assert "A no mejor que B" in paired.summary()


def test_random_state_reproducible_and_generator_accepted():
    y, pred = _labels(5, 200)
    a = bootstrap_interval(y, pred, "f1_macro", n_resamples=300, random_state=7)
    b = bootstrap_interval(y, pred, "f1_macro", n_resamples=300, random_state=np.random.default_rng(7))
    np.testing.assert_array_equal(a.distribution, b.distribution)


# --- Entradas erróneas -----------------------------------------------------------------

Y = np.array([0, 1, 1, 0, 2, 2])
P = np.array([0, 1, 0, 0, 2, 1])


@pytest.mark.parametrize(
    "args, kwargs, exc, pattern",
    [
        ((Y, P[:-1], "accuracy"), {}, ValueError, "misma longitud.*`y_pred`"),
        (([], [], "accuracy"), {}, ValueError, "`y_true`.*vacío"),
        ((np.array([0.0, np.nan, 1.0]), [0, 1, 1], "accuracy"), {}, ValueError, "`y_true`.*valores faltantes.*posición 1"),
        (([0, 1, None], [0, 1, 1], "accuracy"), {}, ValueError, "`y_true`.*None"),
        ((Y.reshape(2, 3), P.reshape(2, 3), "accuracy"), {}, ValueError, "`y_true`.*dimensi"),
        ((Y, P.astype(str), "accuracy"), {}, TypeError, "`y_pred`.*texto"),
        ((Y, P, "auc"), {}, ValueError, "`metric`.*'recall_macro'"),
        ((Y, P, 3), {}, TypeError, "`metric`"),
        ((Y, P, "accuracy"), {"alpha": 0}, ValueError, "`alpha`"),
        ((Y, P, "accuracy"), {"alpha": 1.0}, ValueError, "`alpha`"),
        ((Y, P, "accuracy"), {"alpha": None}, TypeError, "`alpha`"),
        ((Y, P, "accuracy"), {"n_resamples": 0}, ValueError, "`n_resamples`"),
        ((Y, P, "accuracy"), {"n_resamples": 1}, ValueError, "`n_resamples`"),
        ((Y, P, "accuracy"), {"n_resamples": 99.5}, TypeError, "`n_resamples`"),
        ((Y, P, "accuracy"), {"method": "BCa"}, ValueError, "`method`.*'bca'"),
        ((Y, P, "accuracy"), {"random_state": "semilla"}, TypeError, "`random_state`"),
        ((Y, P, "accuracy"), {"random_state": -1}, ValueError, "`random_state`"),
        ((Y, P, "recall"), {}, ValueError, "`pos_label`"),
        ((Y, P, "recall"), {"pos_label": 7}, ValueError, "`pos_label`.*clases"),
        ((Y, P, "accuracy"), {"pos_label": 1}, ValueError, "`pos_label`"),
        ((Y, P, accuracy_score), {"pos_label": 1}, ValueError, "`pos_label`"),
        (([1, 1, 1, 1], [1, 0, 1, 1], "balanced_accuracy"), {}, ValueError, "`y_true`.*dos clases"),
        ((["s", "s", "s"], ["s", "n", "s"], "recall"), {"pos_label": "s"}, ValueError, "`y_true`.*dos clases"),
        ((Y, P, lambda t, p: float("nan")), {}, ValueError, "`metric`.*finito"),
        ((Y, P, lambda t, p: "alto"), {}, TypeError, "`metric`.*número"),
    ],
)
def test_bootstrap_bad_input(args, kwargs, exc, pattern):
    with pytest.raises(exc, match=pattern):
        bootstrap_interval(*args, **kwargs)


def test_one_class_is_fine_for_accuracy():
    res = bootstrap_interval([1, 1, 1, 1], [1, 0, 1, 1], "accuracy", n_resamples=500, random_state=0)
    assert res.estimate == 0.75 and res.low < res.high


@pytest.mark.parametrize(
    "args, kwargs, exc, pattern",
    [
        ((Y, P, P[:-1], "accuracy"), {}, ValueError, "misma longitud.*`pred_b`"),
        ((Y, P, P, "accuracy"), {"alpha": 2}, ValueError, "`alpha`"),
        ((Y, P, P, "f2"), {}, ValueError, "`metric`"),
        ((Y, P, P, "precision"), {"pos_label": "x"}, ValueError, "`pos_label`"),
        (([0, 0, 0], [0, 1, 0], [1, 1, 0], "f1_macro"), {}, ValueError, "`y_true`.*dos clases"),
    ],
)
def test_paired_bad_input(args, kwargs, exc, pattern):
    with pytest.raises(exc, match=pattern):
        paired_bootstrap_difference(*args, **kwargs)


class _Called(BaseException):
    """La función propia llegó a remuestrear (no la atrapa ningún ``except Exception``)."""


@pytest.mark.parametrize("paired", [False, True])
def test_callable_metric_refuses_a_million_resamples_before_calling_it(paired):
    # Un millón de remuestras con una función de Python: minutos. El error nombra el tamaño y
    # el límite antes de llamar a la función.
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 500)
    calls = []

    def metric(t, p):
        calls.append(1)
        if len(calls) > 3:
            raise _Called
        return float(np.mean(t == p))

    with pytest.raises(ValueError, match=r"`n_resamples`.*1000000 remuestras de 500 ejemplos"
                                         r".*máximo es 2e\+08"):
        if paired:
            paired_bootstrap_difference(y, y, 1 - y, metric=metric, n_resamples=10**6)
        else:
            bootstrap_interval(y, y, metric=metric, n_resamples=10**6)
    assert not calls
    # 2000 remuestras sí: el intervalo de la exactitud es el de la medida por nombre.
    calls.clear()
    ok = bootstrap_interval(y, 1 - y if paired else y, metric=lambda t, p: float(np.mean(t == p)),
                            n_resamples=2000, random_state=1)
    assert ok.low <= ok.estimate <= ok.high
