"""Pruebas del laboratorio de simulación (course_utils.lab.simulation).

Referencias independientes: statsmodels (intervalos de Wilson y Clopper-Pearson), scipy.stats
(probabilidades binomiales para la tasa de rechazo exacta de McNemar y la cobertura de Wald,
escritas aquí desde la fórmula), scikit-learn (GaussianNB) y las funciones de prueba del curso
(para la versión vectorizada de sus fórmulas). Propiedades matemáticas: Clopper-Pearson cubre al
menos 1 - alpha para todo p; una prueba exacta no supera su nivel.
"""

from __future__ import annotations

import joblib
import numpy as np
import pytest
from scipy import stats
from sklearn.naive_bayes import GaussianNB
from statsmodels.stats.proportion import proportion_confint

import course_utils as cu
from course_utils.measure import intervals
from course_utils.lab import simulation as sim

CHEAP = ["resampled_t_naive", "resampled_t_corrected", "5x2cv_f", "mcnemar_exact"]


# ---------------------------------------------------------------------------
# Tasa de Monte Carlo
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("ci_method, sm_method", [("wilson", "wilson"), ("clopper-pearson", "beta")])
def test_monte_carlo_rate_interval_is_statsmodels(ci_method, sm_method):
    outcomes = np.array([True] * 13 + [False] * 187)
    res = cu.monte_carlo_rate(outcomes, name="X", ci_method=ci_method)
    low, high = proportion_confint(13, 200, alpha=0.05, method=sm_method)
    assert res.count == 13 and res.n_replications == 200 and res.rate == pytest.approx(0.065)
    np.testing.assert_allclose([res.ci_low, res.ci_high], [low, high], rtol=1e-12)
    assert "tasa de rechazo 0.0650" in res.summary()
    assert res.verdict() == "compatible con el nivel"


def test_monte_carlo_rate_verdicts():
    assert cu.monte_carlo_rate([1] * 30 + [0] * 70).verdict() == "por encima del nivel"
    low_cov = cu.monte_carlo_rate([1] * 80 + [0] * 20, kind="cobertura", nominal=0.95)
    assert low_cov.verdict() == "por debajo de la cobertura nominal"


# ---------------------------------------------------------------------------
# McNemar con tablas simuladas
# ---------------------------------------------------------------------------


def _exact_mcnemar_rejection(n, p_disc, alpha):
    """P(rechazo) de la McNemar exacta bajo H0, sumando sobre m = b + c y b (scipy.stats.binom)."""
    total = 0.0
    for m in range(1, n + 1):
        b = np.arange(m + 1)
        k = np.minimum(b, m - b)
        pvalue = np.minimum(1.0, 2 * stats.binom.cdf(k, m, 0.5))
        total += stats.binom.pmf(m, n, p_disc) * np.sum(stats.binom.pmf(b, m, 0.5)[pvalue <= alpha])
    return total


def test_exact_mcnemar_holds_its_level_and_matches_enumeration():
    n, p_disc, reps = 100, 0.2, 20_000
    res = cu.simulate_mcnemar(n, accuracy_a=0.8, accuracy_b=0.8, p_discordant=p_disc,
                              n_replications=reps, methods=["exact", "chi2"], random_state=1)
    rate = res.rates()[0]
    assert rate.ci_low <= 0.05  # una prueba exacta no supera su nivel
    exact = _exact_mcnemar_rejection(n, p_disc, 0.05)
    assert exact <= 0.05
    se = np.sqrt(exact * (1 - exact) / reps)
    assert abs(rate.rate - exact) <= 4 * se
    # p-valores: los de course_utils.mcnemar_test en las mismas tablas
    b = np.round((res.differences * n)).astype(int)
    assert res.pvalues["mcnemar_exact"].shape == (reps,) and b.shape == (reps,)


def test_mcnemar_pvalues_are_computed_once_per_table(monkeypatch):
    """Las simulaciones guardan el valor p de cada tabla (b, c): repetir el diseño (el cuaderno
    10 llama cuatro veces con el mismo conjunto de prueba) no vuelve a llamar a
    ``mcnemar_test``. Los valores guardados son los de statsmodels (exacta: binomial; ji
    cuadrado sin corrección), la corregida con su fórmula y la mid-p de Fagerland et al. (2013),
    con scipy."""
    from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

    from course_utils.lab import simulation_cv

    sim_cv = simulation_cv
    sim_cv._mcnemar_pvalue.cache_clear()
    calls = []
    original = sim_cv.mcnemar_test
    monkeypatch.setattr(sim_cv, "mcnemar_test",
                        lambda *a, **k: calls.append(a) or original(*a, **k))
    kw = dict(n_replications=300, methods=["exact", "mid-p", "chi2", "chi2-corrected"],
              accuracy_a=0.8, accuracy_b=0.8, p_discordant=0.2, random_state=5)
    first = cu.simulate_mcnemar(60, **kw)
    n_calls = len(calls)
    assert n_calls > 0
    again = cu.simulate_mcnemar(60, **kw)
    assert len(calls) == n_calls, "la segunda simulación volvió a calcular los valores p"
    for key in first.pvalues:
        np.testing.assert_array_equal(first.pvalues[key], again.pvalues[key])
    for b, c in [(0, 0), (3, 9), (12, 4), (20, 20), (1, 0)]:
        table = [[60 - b - c, b], [c, 0]]
        assert sim_cv._mcnemar_pvalue(60, b, c, "exact") == pytest.approx(
            sm_mcnemar(table, exact=True).pvalue, rel=1e-12)
        if b + c > 0:
            assert sim_cv._mcnemar_pvalue(60, b, c, "chi2") == pytest.approx(
                sm_mcnemar(table, exact=False, correction=False).pvalue, rel=1e-12)
            # Corrección de Edwards truncada en 0 (statsmodels da (|b - c| - 1)² con b = c).
            corrected = max(0, abs(b - c) - 1) ** 2 / (b + c)
            assert sim_cv._mcnemar_pvalue(60, b, c, "chi2-corrected") == pytest.approx(
                stats.chi2.sf(corrected, 1), rel=1e-12)
            k, m = min(b, c), b + c
            mid = 2 * (stats.binom.cdf(k, m, 0.5) - 0.5 * stats.binom.pmf(k, m, 0.5))
            assert sim_cv._mcnemar_pvalue(60, b, c, "mid-p") == pytest.approx(min(1.0, mid),
                                                                             rel=1e-12)


def test_mcnemar_power_grows_with_gap():
    kw = dict(n_replications=4000, methods=["mid-p"], random_state=2, p_discordant=0.2)
    null = cu.simulate_mcnemar(300, accuracy_a=0.8, accuracy_b=0.8, **kw).rates()[0]
    alt = cu.simulate_mcnemar(300, accuracy_a=0.8, accuracy_b=0.74, **kw).rates()[0]
    assert alt.ci_low > null.ci_high
    assert "mid-p" in alt.name


# ---------------------------------------------------------------------------
# Cobertura de los intervalos para una proporción
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("method", intervals.PROPORTION_METHODS)
def test_interval_table_is_proportion_interval(method):
    for n in (1, 7, 50):
        low, high = sim._interval_table(n, method, 0.1)
        for k in range(n + 1):
            ref = cu.proportion_interval(k, n, alpha=0.1, method=method)
            assert (low[k], high[k]) == pytest.approx((ref.low, ref.high), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("n", [5, 20, 60, 150])
def test_clopper_pearson_exact_coverage_at_least_nominal(n):
    grid = np.linspace(0.001, 0.999, 499)
    coverage = cu.proportion_coverage(n, grid, method="clopper-pearson")
    assert coverage.min() >= 0.95 - 1e-10


def test_wald_coverage_matches_formula_and_undercovers_near_edges():
    n, grid = 50, np.array([0.01, 0.05, 0.5, 0.95, 0.99])
    k = np.arange(n + 1)
    phat = k / n
    half = stats.norm.ppf(0.975) * np.sqrt(phat * (1 - phat) / n)
    expected = [np.sum(stats.binom.pmf(k, n, p)[(phat - half <= p) & (p <= phat + half)])
                for p in grid]
    coverage = cu.proportion_coverage(n, grid, method="wald")
    np.testing.assert_allclose(coverage, expected, rtol=1e-12)
    assert coverage[0] < 0.5 and coverage[-1] < 0.5  # p = 0.01: solo cubre si k >= 1...
    assert coverage[2] > 0.9
    assert isinstance(cu.proportion_coverage(n, 0.5, method="wald"), float)


@pytest.mark.parametrize("method, n, p", [("wald", 30, 0.1), ("wilson", 30, 0.1),
                                          ("jeffreys", 80, 0.95), ("agresti-coull", 15, 0.5)])
def test_enumeration_agrees_with_simulation(method, n, p):
    reps = 20_000
    simulated = cu.simulate_proportion_coverage(n, p, method=method, n_replications=reps,
                                                random_state=3)
    exact = cu.proportion_coverage(n, p, method=method)
    assert abs(simulated.rate - exact) <= 4 * np.sqrt(exact * (1 - exact) / reps)
    assert simulated.kind == "cobertura" and simulated.nominal == pytest.approx(0.95)


def test_bootstrap_percentile_coverage_is_near_nominal():
    res = cu.simulate_bootstrap_coverage(200, 0.8, n_replications=150, n_resamples=400,
                                         random_state=4)
    assert 0.88 <= res.rate <= 0.99
    assert res.n_replications == 150


# ---------------------------------------------------------------------------
# Algoritmos entrenados
# ---------------------------------------------------------------------------


def test_two_view_bayes_accuracies():
    x_a, x_b, y = cu.make_two_view_data(200_000, accuracy_gap=0.05, random_state=5)
    sign = 2 * y - 1
    acc_a = np.mean(np.sign(x_a.sum(axis=1)) == sign)  # regla de Bayes: signo de la suma
    acc_b = np.mean(np.sign(x_b.sum(axis=1)) == sign)
    target = stats.norm.cdf(1.7 / 2)
    assert abs(acc_a - target) < 0.004
    assert abs(acc_b - (target - 0.05)) < 0.004


def test_vectorized_gaussian_nb_matches_sklearn():
    rng = np.random.default_rng(6)
    x_a, _, y = cu.make_two_view_data(120, n_features=3, random_state=6)
    train = rng.random((25, 120)) < 0.6
    pred = sim._gaussian_nb_predict_splits(x_a, y, train)
    for j, mask in enumerate(train):
        expected = GaussianNB().fit(x_a[mask], y[mask]).predict(x_a)
        np.testing.assert_array_equal(pred[j], expected)


def test_vectorized_pvalues_equal_course_functions():
    kw = dict(n_samples=120, n_holdout=6, n_repeats=3, n_folds=5, random_state=7,
              procedures=[k for k in sim.PROCEDURES if k != "paired_bootstrap"])
    fast = cu.simulate_cv_tests(12, engine="vectorized", **kw)
    slow = cu.simulate_cv_tests(12, engine="course", **kw)
    assert fast.pvalues.keys() == slow.pvalues.keys()
    for key in fast.pvalues:
        np.testing.assert_allclose(fast.pvalues[key], slow.pvalues[key], rtol=1e-10, atol=1e-14)
        np.testing.assert_array_equal(fast.rejected[key], slow.rejected[key])


def test_vectorized_pvalues_flag_zero_variance():
    acc = np.full((1, 10), 0.8)
    blocks = {"holdout": slice(0, 4), "rxk": slice(0, 4), "5x2": slice(0, 10)}
    keys = ["resampled_t_naive", "5x2cv_f"]
    out = sim._vectorized_pvalues(acc, acc.copy(), blocks, 0.5, 2, keys)
    assert all(bad.all() for _, bad in out.values())


def test_naive_resampled_t_rejects_too_often_and_corrected_does_not():
    res = cu.simulate_cv_tests(150, procedures=CHEAP, random_state=8)
    rates = {r.name: r for r in res.rates()}
    naive = rates["t de remuestreo ingenua (15 hold-out)"]
    assert naive.ci_low > 0.05 and naive.verdict() == "por encima del nivel"
    assert rates["t de remuestreo corregida (15 hold-out)"].ci_low <= 0.05
    assert rates["F combinada 5×2cv (Alpaydin)"].ci_low <= 0.05
    assert abs(res.differences.mean()) < 0.02  # H0 cierta: diferencia media ~ 0
    assert "H0 cierta por construcción" in res.summary()


def test_seeding_reproducible_and_independent_of_n_jobs():
    kw = dict(n_samples=100, n_holdout=4, n_repeats=2, n_folds=5, n_resamples=50,
              random_state=9)
    one = cu.simulate_cv_tests(10, n_jobs=1, **kw)
    # Hilos en lugar de procesos: mismo reparto en bloques y mismas semillas, sin el coste de
    # arrancar procesos (el cuaderno 10 usa procesos).
    with joblib.parallel_config(backend="threading"):
        two = cu.simulate_cv_tests(10, n_jobs=2, **kw)
        boot_two = cu.simulate_bootstrap_coverage(60, 0.8, n_replications=8, n_resamples=50,
                                                  n_jobs=2, random_state=12)
    boot_one = cu.simulate_bootstrap_coverage(60, 0.8, n_replications=8, n_resamples=50,
                                              n_jobs=1, random_state=12)
    assert boot_one == boot_two
    again = cu.simulate_cv_tests(10, n_jobs=1, **kw)
    other = cu.simulate_cv_tests(10, n_jobs=1, **{**kw, "random_state": 10})
    for key in one.rejected:
        np.testing.assert_array_equal(one.rejected[key], two.rejected[key])
        np.testing.assert_array_equal(one.rejected[key], again.rejected[key])
    for key in one.pvalues:
        np.testing.assert_array_equal(one.pvalues[key], two.pvalues[key])
    np.testing.assert_array_equal(one.differences, two.differences)
    assert not np.array_equal(one.differences, other.differences)
    m1 = cu.simulate_mcnemar(50, accuracy_a=0.8, accuracy_b=0.8, p_discordant=0.2,
                             n_replications=100, random_state=11)
    m2 = cu.simulate_mcnemar(50, accuracy_a=0.8, accuracy_b=0.8, p_discordant=0.2,
                             n_replications=100, random_state=11)
    np.testing.assert_array_equal(m1.differences, m2.differences)


# ---------------------------------------------------------------------------
# Validación de entradas (mensajes en español)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, exc, match",
    [
        (lambda: cu.monte_carlo_rate([]), ValueError, "no puede estar vacío"),
        (lambda: cu.monte_carlo_rate([0, 2, 1]), ValueError, "solo valores lógicos"),
        (lambda: cu.monte_carlo_rate([0, 1], ci_method="wald"), ValueError, "`ci_method`"),
        (lambda: cu.monte_carlo_rate([0, 1], kind="power"), ValueError, "`kind`"),
        (lambda: cu.simulate_mcnemar(100, accuracy_a=0.9, accuracy_b=0.7, p_discordant=0.1),
         ValueError, "no son compatibles"),
        (lambda: cu.simulate_mcnemar(0, accuracy_a=0.8, accuracy_b=0.8, p_discordant=0.1),
         ValueError, "`n_test`"),
        (lambda: cu.simulate_mcnemar(10, accuracy_a=0.8, accuracy_b=0.8, p_discordant=0.1,
                                     methods=["fisher"]), ValueError, "`methods`"),
        (lambda: cu.proportion_coverage(10, 1.5, method="wald"), ValueError, "`p` debe estar"),
        (lambda: cu.proportion_coverage(10, True, method="wald"), TypeError, "`p`"),
        (lambda: cu.proportion_coverage(10, float("nan"), method="wald"), ValueError, "`p`"),
        (lambda: cu.proportion_coverage(10**7, 0.5, method="wald"), ValueError, "`n`"),
        (lambda: cu.simulate_cv_tests(10**7), ValueError, "`n_replications`"),
        # Un millón de réplicas del diseño por defecto: unos 45 minutos; se rechaza con el
        # tamaño (7.5e10 valores) y el límite.
        (lambda: cu.simulate_cv_tests(10**6), ValueError,
         r"`n_replications` = 1000000 .* 7\.5e\+10 .* 1e\+10"),
        (lambda: cu.proportion_coverage(10, 0.5, method="exacto"), ValueError, "`method`"),
        (lambda: cu.proportion_coverage(10.5, 0.5, method="wald"), TypeError, "`n`"),
        (lambda: cu.simulate_proportion_coverage(10, 0.5, method="wald", random_state="a"),
         TypeError, "`random_state`"),
        (lambda: cu.simulate_bootstrap_coverage(1, 0.8), ValueError, "`n_test`"),
        (lambda: cu.simulate_bootstrap_coverage(50, 1.0), ValueError, "`accuracy`"),
        (lambda: cu.simulate_cv_tests(10, n_samples=20), ValueError, "`n_samples`"),
        (lambda: cu.simulate_cv_tests(10, accuracy_gap=0.4), ValueError, "`accuracy_gap`"),
        (lambda: cu.simulate_cv_tests(10, test_fraction=0.01), ValueError, "`test_fraction`"),
        (lambda: cu.simulate_cv_tests(10, n_folds=1), ValueError, "`n_folds`"),
        (lambda: cu.simulate_cv_tests(10, n_jobs=0), ValueError, "`n_jobs`"),
        (lambda: cu.simulate_cv_tests(10, engine="gpu"), ValueError, "`engine`"),
        (lambda: cu.simulate_cv_tests(10, procedures=["t"]), ValueError, "`procedures`"),
        (lambda: cu.simulate_cv_tests(10, procedures=[]), TypeError, "`procedures`"),
        (lambda: cu.make_two_view_data(100, separation="1"), TypeError, "`separation`"),
    ],
)
def test_spanish_input_validation(call, exc, match):
    with pytest.raises(exc, match=match):
        call()
