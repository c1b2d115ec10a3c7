"""Dos regresores sobre el mismo conjunto de prueba: la prueba de Diebold y Mariano.

Referencias independientes: R ``forecast::dm.test`` (en un solo ``Rscript``; sin R o sin el
paquete ``forecast`` se omite con el motivo y en CI falla), ``scipy.stats.ttest_1samp`` (con
``horizon=1`` la prueba es la t pareada sobre las pérdidas) y la fórmula del artículo escrita con
bucles.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy import stats

import course_utils as cu
from conftest import run_r
from test_bad_input_sweep import assert_spanish


def _series(seed: int, n: int = 60, ar: float = 0.5):
    """Un objetivo con autocorrelación y dos predicciones de calidad parecida."""
    rng = np.random.default_rng(seed)
    noise = np.zeros(n)
    for t in range(1, n):
        noise[t] = ar * noise[t - 1] + rng.normal()
    y = 10 + np.cumsum(rng.normal(0, 0.3, n)) + noise
    return y, y + rng.normal(0, 1.0, n), y + rng.normal(0.1, 1.1, n)


_CASES = [(seed, h, loss, alt) for seed in (0, 1) for h in (1, 2, 4)
          for loss in ("squared", "absolute") for alt in ("two-sided", "less", "greater")]


@pytest.fixture(scope="module")
def forecast_dm(tmp_path_factory):
    rows = []
    for seed, h, loss, alt in _CASES:
        y, a, b = _series(seed)
        rows.append([list(y - a), list(y - b), h, 2 if loss == "squared" else 1,
                     {"two-sided": "two.sided"}.get(alt, alt)])
    script = r"""
    if (!suppressWarnings(requireNamespace("forecast", quietly = TRUE))) {
      cat("FALTA forecast\n"); quit(status = 3)
    }
    args <- commandArgs(trailingOnly = TRUE)
    out <- c()
    for (r in read_json_lists(args[1])) {
      res <- forecast::dm.test(unlist(r[[1]]), unlist(r[[2]]), alternative = r[[5]],
                               h = r[[3]], power = r[[4]])
      out <- c(out, sprintf("%.17g %.17g", res$statistic, res$p.value))
    }
    writeLines(out, args[2])
    """
    lines = run_r(script, rows, tmp_path_factory.mktemp("dm"))
    return [tuple(float(v) for v in line.split()) for line in lines]


@pytest.mark.parametrize("i", range(len(_CASES)))
def test_dm_equals_r_forecast(forecast_dm, i):
    seed, h, loss, alt = _CASES[i]
    y, a, b = _series(seed)
    res = cu.diebold_mariano_test(y, a, b, loss=loss, horizon=h, alternative=alt)
    statistic, pvalue = forecast_dm[i]
    assert res.statistic == pytest.approx(statistic, rel=1e-10)
    assert res.pvalue == pytest.approx(pvalue, rel=1e-9, abs=1e-15)


@pytest.mark.parametrize("loss", ["squared", "absolute"])
def test_horizon_one_is_the_paired_t_test_on_losses(loss):
    y, a, b = _series(3, n=25, ar=0.0)
    power = 2 if loss == "squared" else 1
    d = np.abs(y - a) ** power - np.abs(y - b) ** power
    ref = stats.ttest_1samp(d, 0.0)
    res = cu.diebold_mariano_test(y, a, b, loss=loss)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-10)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-9)
    assert res.estimate == pytest.approx(d.mean(), rel=1e-12)
    ci = ref.confidence_interval(0.95)
    assert (res.ci_low, res.ci_high) == pytest.approx((ci.low, ci.high), rel=1e-9)


def test_dm_formula_with_loops_and_invariances():
    y, a, b = _series(5, n=40)
    h, n = 3, 40
    d = [(y[t] - a[t]) ** 2 - (y[t] - b[t]) ** 2 for t in range(n)]
    dbar = sum(d) / n
    gamma = [sum((d[t] - dbar) * (d[t - j] - dbar) for t in range(j, n)) / n for j in range(h)]
    var = (gamma[0] + 2 * sum(gamma[1:])) / n
    dm = dbar / math.sqrt(var) * math.sqrt((n + 1 - 2 * h + h * (h - 1) / n) / n)
    res = cu.diebold_mariano_test(y, a, b, horizon=h)
    assert res.statistic == pytest.approx(dm, rel=1e-10)
    assert res.pvalue == pytest.approx(2 * stats.t.sf(abs(dm), n - 1), rel=1e-9)
    # Escala: el estadístico no cambia y la estimación escala con el cuadrado.
    big = cu.diebold_mariano_test(y * 1e150, a * 1e150, b * 1e150, horizon=h)
    assert big.statistic == pytest.approx(dm, rel=1e-10)
    assert big.estimate == pytest.approx(dbar * 1e300, rel=1e-10)
    # Intercambiar A y B cambia el signo y deja el valor p bilateral.
    swapped = cu.diebold_mariano_test(y, b, a, horizon=h)
    assert swapped.statistic == pytest.approx(-dm, rel=1e-10)
    assert swapped.pvalue == pytest.approx(res.pvalue, rel=1e-10)


def test_dm_bad_input_in_spanish():
    y, a, b = _series(0, n=10)
    cases = [
        (dict(y_true=y, pred_a=a, pred_b=b[:-1]), "pred_b"),
        (dict(y_true=y, pred_a=a, pred_b=b, horizon=10), "horizon"),
        (dict(y_true=y, pred_a=a, pred_b=b, horizon=0), "horizon"),
        (dict(y_true=y, pred_a=a, pred_b=b, loss="mse"), "loss"),
        (dict(y_true=y, pred_a=a, pred_b=a), "y_true"),
        (dict(y_true=y[:2], pred_a=a[:2], pred_b=b[:2]), "y_true"),
    ]
    for kwargs, name in cases:
        with pytest.raises(ValueError) as info:
            cu.diebold_mariano_test(**kwargs)
        assert_spanish(info, name, "pred_a", "pred_b", "y_true")
    with pytest.raises(ValueError) as info:  # suma de autocovarianzas negativa
        t = np.arange(12.0)
        cu.diebold_mariano_test(t, t + (-1.0) ** t, t, horizon=2)
    assert_spanish(info, "horizon")


# ---------------------------------------------------------------------------
# Intervalo bootstrap de la diferencia de MAE o RMSE
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("metric", ["mae", "rmse"])
def test_difference_interval_estimate_and_scipy(metric):
    from sklearn.metrics import mean_absolute_error, root_mean_squared_error

    y, a, b = _series(8, n=80, ar=0.0)
    fn = mean_absolute_error if metric == "mae" else root_mean_squared_error
    res = cu.regression_difference_interval(y, a, b, metric=metric, n_resamples=4000,
                                            random_state=1)
    assert res.estimate == pytest.approx(fn(y, a) - fn(y, b), rel=1e-12)
    # Un remuestreo a mano con otro generador (las fórmulas de MAE y RMSE escritas aquí, en
    # bloque): los extremos coinciden salvo error de Monte Carlo.
    rng = np.random.default_rng(123)
    idx = rng.integers(0, y.size, (20_000, y.size))
    err_a, err_b = y[idx] - a[idx], y[idx] - b[idx]
    if metric == "mae":
        diffs = np.abs(err_a).mean(axis=1) - np.abs(err_b).mean(axis=1)
    else:
        diffs = np.sqrt((err_a**2).mean(axis=1)) - np.sqrt((err_b**2).mean(axis=1))
    assert diffs[0] == pytest.approx(fn(y[idx[0]], a[idx[0]]) - fn(y[idx[0]], b[idx[0]]))
    low, high = np.percentile(diffs, [2.5, 97.5])
    assert res.low == pytest.approx(low, abs=0.15 * res.se + 0.01)
    assert res.high == pytest.approx(high, abs=0.15 * res.se + 0.01)
    assert res.se == pytest.approx(diffs.std(ddof=1), rel=0.05)


def test_difference_interval_scale_swap_and_degenerate():
    y, a, b = _series(9, n=50, ar=0.0)
    res = cu.regression_difference_interval(y, a, b, method="bca", random_state=0)
    big = cu.regression_difference_interval(y * 1e150, a * 1e150, b * 1e150, method="bca",
                                            random_state=0)
    assert (big.low, big.high) == pytest.approx((res.low * 1e150, res.high * 1e150), rel=1e-9)
    swapped = cu.regression_difference_interval(y, b, a, method="bca", random_state=0)
    assert swapped.estimate == pytest.approx(-res.estimate, rel=1e-12)
    same = cu.regression_difference_interval(y, a, 2 * y - a, random_state=0)  # |errores| iguales
    assert (same.low, same.high, same.se) == (0.0, 0.0, 0.0)
    assert "punto" in same.note


def test_difference_interval_bad_input_in_spanish():
    y, a, b = _series(0, n=10)
    for kwargs, name in [(dict(metric="r2"), "metric"), (dict(method="basic"), "method"),
                         (dict(n_resamples=1), "n_resamples"), (dict(alpha=1.5), "alpha")]:
        with pytest.raises(ValueError) as info:
            cu.regression_difference_interval(y, a, b, **kwargs)
        assert_spanish(info, name)
    with pytest.raises(ValueError) as info:
        cu.regression_difference_interval(y, a, b[:-1])
    assert_spanish(info, "pred_b", "y_true", "pred_a")


# ---------------------------------------------------------------------------
# Datos degenerados y enormes: un resultado finito y correcto, o un error en español
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("metric", ["mae", "rmse"])
def test_constant_error_difference_collapses_to_the_point(method, metric):
    """|e_A| = 1 y |e_B| = 2 en cada ejemplo: toda remuestra da −1 (MAE y RMSE), y con
    errores de A y B desplazados una constante (MAE) toda remuestra da esa constante. Antes,
    BCa daba NaN con avisos de scipy en inglés."""
    from sklearn.metrics import mean_absolute_error, root_mean_squared_error

    fn = mean_absolute_error if metric == "mae" else root_mean_squared_error
    cases = [([0.0] * 4, [1.0] * 4, [2.0] * 4)]
    if metric == "mae":
        y = _series(3, n=30, ar=0.0)[0]
        cases.append((y, y - 0.3, y + 0.5))  # |e_A| − |e_B| = 0.3 − 0.5 en cada ejemplo
    for y, a, b in cases:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            res = cu.regression_difference_interval(y, a, b, metric=metric, method=method,
                                                    random_state=0, n_resamples=500)
        ref = fn(y, a) - fn(y, b)
        assert (res.estimate, res.low, res.high) == pytest.approx((ref, ref, ref), rel=1e-12)
        assert res.se == 0.0 and np.all(res.distribution == res.estimate)
        assert "punto" in res.note


@pytest.mark.parametrize("scale", [1e300, 1e-300])
@pytest.mark.parametrize("metric", ["mae", "rmse"])
def test_difference_interval_of_huge_and_tiny_data_equals_scipy_at_unit_scale(metric, scale):
    """Mismas remuestras (mismo generador) que scipy.stats.bootstrap con los datos sin escalar:
    extremos y error estándar multiplicados por la escala, finitos (antes: se = inf)."""
    y, a, b = _series(4, n=25, ar=0.0)

    def diff(ea, eb, axis=-1):
        if metric == "mae":
            return np.abs(ea).mean(axis=axis) - np.abs(eb).mean(axis=axis)
        return np.sqrt((ea**2).mean(axis=axis)) - np.sqrt((eb**2).mean(axis=axis))

    ref = stats.bootstrap((y - a, y - b), diff, paired=True, vectorized=True, n_resamples=999,
                          method="BCa", rng=np.random.default_rng(5))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = cu.regression_difference_interval(y * scale, a * scale, b * scale, metric=metric,
                                                method="bca", n_resamples=999,
                                                random_state=np.random.default_rng(5))
    assert res.low == pytest.approx(ref.confidence_interval.low * scale, rel=1e-9)
    assert res.high == pytest.approx(ref.confidence_interval.high * scale, rel=1e-9)
    assert res.se == pytest.approx(ref.standard_error * scale, rel=1e-9)
    assert np.all(np.isfinite(res.distribution))


def test_dm_near_the_overflow_limit_equals_scipy_or_explains_in_spanish():
    y, a, b = _series(5, n=20, ar=0.0)
    d = (y - a) ** 2 - (y - b) ** 2
    ref = stats.ttest_1samp(d, 0.0)
    for scale in (1e150, 1e153, 1e-300):  # pérdidas cuadráticas de hasta 10^308 (o 10^-600)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            res = cu.diebold_mariano_test(y * scale, a * scale, b * scale)
        assert res.statistic == pytest.approx(ref.statistic, rel=1e-9)
        assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-9)
        assert res.estimate == pytest.approx(d.mean() * scale**2, rel=1e-9, abs=1e-300)
        assert math.isfinite(res.ci_low) and math.isfinite(res.ci_high)
    assert "por debajo del menor número" in res.note  # 10^-600 se muestra como 0
    # La diferencia media de pérdidas, ~10^310, no cabe en un float: antes, OverflowError.
    for scale in (1e155, 1e200, 1e300):
        with pytest.raises(ValueError, match="no cabe") as info:
            cu.diebold_mariano_test(y * scale, a * scale, b * scale)
        assert_spanish(info, "y_true")
    absolute = cu.diebold_mariano_test(y * 1e300, a * 1e300, b * 1e300, loss="absolute")
    ref_abs = stats.ttest_1samp(np.abs(y - a) - np.abs(y - b), 0.0)
    assert absolute.pvalue == pytest.approx(ref_abs.pvalue, rel=1e-9)
    assert absolute.estimate == pytest.approx(
        np.mean(np.abs(y - a) - np.abs(y - b)) * 1e300, rel=1e-9)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("metric", ["mae", "rmse"])
def test_bca_equals_scipy_and_runs_in_linear_memory(metric, seed):
    """BCa con la aceleración por jackknife en O(n): los mismos extremos que
    scipy.stats.bootstrap(method="BCa") con las mismas remuestras; con n = 10^5, scipy
    necesitaría 10^10 números (MemoryError en inglés) y aquí basta O(n)."""
    y, a, b = _series(seed, n=40, ar=0.0)

    def diff(ea, eb, axis=-1):
        if metric == "mae":
            return np.abs(ea).mean(axis=axis) - np.abs(eb).mean(axis=axis)
        return np.sqrt((ea**2).mean(axis=axis)) - np.sqrt((eb**2).mean(axis=axis))

    ref = stats.bootstrap((y - a, y - b), diff, paired=True, vectorized=True, n_resamples=999,
                          method="BCa", rng=np.random.default_rng(seed))
    res = cu.regression_difference_interval(y, a, b, metric=metric, method="bca",
                                            n_resamples=999,
                                            random_state=np.random.default_rng(seed))
    assert (res.low, res.high) == pytest.approx(
        (ref.confidence_interval.low, ref.confidence_interval.high), rel=1e-12)
    rng = np.random.default_rng(seed)
    n = 100_000
    y = rng.normal(size=n)
    big = cu.regression_difference_interval(y, y + rng.normal(size=n),
                                            y + 1.1 * rng.normal(size=n), metric=metric,
                                            method="bca", n_resamples=200, random_state=0)
    assert big.low < big.estimate < big.high
