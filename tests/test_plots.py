"""Pruebas de course_utils.measure.plots (backend Agg; se cierran todas las figuras)."""

from __future__ import annotations

import math
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from scipy import stats  # noqa: E402

from course_utils import (  # noqa: E402
    TestResult,
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    mcnemar_test,
    noninferiority_test,
    plot_bootstrap,
    plot_intervals,
    plot_t_test,
)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _t_result(statistic, alternative="two-sided", df=99.0, confidence=0.95):
    return TestResult(
        statistic=statistic, pvalue=0.5, df=df, estimate=0.01, ci_low=-0.01, ci_high=0.03,
        method="prueba", alternative=alternative, confidence=confidence, distribution="t",
    )


def _fills(ax):
    return [c for c in ax.collections if isinstance(c, PolyCollection)]


@pytest.mark.parametrize(("alternative", "n_tails"), [("two-sided", 2), ("greater", 1), ("less", 1)])
def test_plot_t_test_regions(alternative, n_tails):
    fig, ax = plt.subplots()
    out = plot_t_test(_t_result(-1.250795, alternative), ax=ax)
    assert out is ax
    assert len(_fills(ax)) == n_tails
    # densidad nula t(99): la primera línea
    density = ax.lines[0]
    x, y = density.get_data()
    np.testing.assert_allclose(y, stats.t.pdf(x, 99), rtol=1e-12)
    # estadístico observado: línea vertical en t
    obs = ax.lines[1]
    np.testing.assert_allclose(obs.get_xdata(), [-1.250795, -1.250795])
    # región sombreada: empieza en el valor crítico
    crit = stats.t.ppf(0.975 if alternative == "two-sided" else 0.95, 99)
    xs = np.concatenate([f.get_paths()[0].vertices[:, 0] for f in _fills(ax)])
    if alternative == "greater":
        assert xs.min() >= crit - 1e-9
    elif alternative == "less":
        assert xs.max() <= -crit + 1e-9
    else:
        assert np.all(np.abs(xs) >= crit - 1e-9)
    assert ax.get_xlabel() == "Valor del estadístico t"
    assert ax.get_ylabel() == "Densidad"
    assert "-1.2508" in " ".join(t.get_text() for t in ax.texts)


def test_plot_t_test_alpha_argument_and_default_from_confidence():
    _, ax = plt.subplots()
    plot_t_test(_t_result(0.5, confidence=0.9), ax=ax)
    xs = np.concatenate([f.get_paths()[0].vertices[:, 0] for f in _fills(ax)])
    assert np.min(np.abs(xs)) == pytest.approx(stats.t.ppf(0.95, 99), abs=0.02)
    _, ax2 = plt.subplots()
    plot_t_test(_t_result(0.5), alpha=0.01, ax=ax2)
    xs = np.concatenate([f.get_paths()[0].vertices[:, 0] for f in _fills(ax2)])
    assert np.min(np.abs(xs)) == pytest.approx(stats.t.ppf(0.995, 99), abs=0.02)


def test_plot_t_test_far_tail_keeps_density_visible():
    _, ax = plt.subplots()
    plot_t_test(_t_result(-24.06936), ax=ax)
    left, right = ax.get_xlim()
    assert right <= 10 and left >= -10  # la densidad sigue legible
    texts = " ".join(t.get_text() for t in ax.texts)
    assert "-24.0694" in texts and "fuera de escala" in texts
    marker = ax.lines[1]
    assert marker.get_xdata()[0] == pytest.approx(left)  # marca en el borde izquierdo


def test_plot_t_test_moderate_tail_widens_range():
    _, ax = plt.subplots()
    plot_t_test(_t_result(6.0, df=5.0), ax=ax)
    assert ax.get_xlim()[1] > 6.0
    np.testing.assert_allclose(ax.lines[1].get_xdata(), [6.0, 6.0])


def test_plot_t_test_with_real_result_and_default_axes():
    rng = np.random.default_rng(0)
    a = rng.uniform(0.7, 0.9, size=(10, 10))
    b = a - 0.01 + rng.normal(0, 0.02, size=(10, 10))
    res = corrected_resampled_ttest(a, b, test_train_ratio=1 / 9)
    plt.figure()
    ax = plot_t_test(res)
    assert ax is plt.gca()
    assert "gl" in ax.lines[0].get_label()


def test_plot_t_test_normal_distribution():
    res = noninferiority_test(900, 1000, 905, 1000, margin=0.03, method="wald")
    _, ax = plt.subplots()
    plot_t_test(res, ax=ax)
    x, y = ax.lines[0].get_data()
    np.testing.assert_allclose(y, stats.norm.pdf(x), rtol=1e-12)
    assert len(_fills(ax)) == 1
    assert ax.get_xlabel() == "Valor del estadístico z"


def test_plot_t_test_upper_tail_f():
    res = combined_ftest_5x2cv(np.full((5, 2), 0.8) + np.arange(10).reshape(5, 2) / 100,
                               np.full((5, 2), 0.8))
    _, ax = plt.subplots()
    plot_t_test(res, ax=ax)
    x, y = ax.lines[0].get_data()
    np.testing.assert_allclose(y, stats.f(10, 5).pdf(x), rtol=1e-12)
    fills = _fills(ax)
    assert len(fills) == 1
    crit = stats.f(10, 5).ppf(0.95)
    xs = fills[0].get_paths()[0].vertices[:, 0]
    assert xs.min() >= crit - 1e-9  # solo la cola superior
    assert ax.get_xlabel() == "Valor del estadístico F"
    plt.close("all")


def test_plot_t_test_upper_tail_chi2():
    res = mcnemar_test([[10, 5], [2, 3]], "chi2")
    _, ax = plt.subplots()
    plot_t_test(res, ax=ax)
    x, y = ax.lines[0].get_data()
    np.testing.assert_allclose(y, stats.chi2(1).pdf(x), rtol=1e-12)
    assert ax.get_xlim()[0] == 0
    assert any("χ² observado = 1.2857" in t.get_text() for t in ax.texts)
    plt.close("all")


def test_plot_t_test_bad_input():
    with pytest.raises(ValueError, match="`result.distribution`"):
        plot_t_test(mcnemar_test([[10, 5], [2, 3]], "exact"))
    with pytest.raises(ValueError, match="`result.df`"):
        plot_t_test(SimpleNamespace(statistic=1.0, df=3.0, alternative="two-sided", confidence=0.95,
                                    distribution="f"))
    with pytest.raises(TypeError, match="`result`"):
        plot_t_test(SimpleNamespace(statistic=1.0))
    with pytest.raises(ValueError, match="`alpha`"):
        plot_t_test(_t_result(1.0), alpha=1.5)
    with pytest.raises(TypeError, match="`ax`"):
        plot_t_test(_t_result(1.0), ax="ejes")


def _boot(seed=0):
    rng = np.random.default_rng(seed)
    reps = rng.normal(0.8, 0.02, size=500)
    low, high = np.quantile(reps, [0.025, 0.975])
    return SimpleNamespace(estimate=0.8, low=float(low), high=float(high), distribution=reps,
                           method="percentile", confidence=0.95, se=float(reps.std(ddof=1)))


def test_plot_bootstrap_stand_in():
    res = _boot()
    _, ax = plt.subplots()
    out = plot_bootstrap(res, bins=20, ax=ax)
    assert out is ax
    bars = [p for p in ax.patches if p.get_height() > 0 or p.get_width() > 0]
    assert len(ax.patches) >= 20  # 20 barras + el sombreado del intervalo
    heights = [p.get_height() for p in ax.patches[:20]]
    counts, _ = np.histogram(res.distribution, bins=20)
    np.testing.assert_array_equal(heights, counts)
    assert bars
    xs = sorted(line.get_xdata()[0] for line in ax.lines)
    np.testing.assert_allclose(xs, sorted([res.low, res.high, res.estimate]))
    assert ax.get_xlabel() == "Valor de la medida en cada réplica"
    assert ax.get_ylabel() == "Frecuencia"
    labels = ax.get_legend_handles_labels()[1]
    assert any("IC 95 %" in lab for lab in labels)


def test_plot_bootstrap_real_result():
    intervals = pytest.importorskip("course_utils.measure.intervals")
    y_true = np.tile([0, 1, 1, 0, 1], 40)
    y_pred = y_true.copy()
    y_pred[::7] = 1 - y_pred[::7]
    res = intervals.bootstrap_interval(y_true, y_pred, "accuracy", n_resamples=500, random_state=0)
    _, ax = plt.subplots()
    assert plot_bootstrap(res, ax=ax) is ax


def test_plot_bootstrap_bad_input():
    with pytest.raises(TypeError, match="`result`"):
        plot_bootstrap(SimpleNamespace(estimate=1.0, low=0.0, high=2.0))
    bad = _boot()
    bad.distribution = np.array([0.1, np.nan])
    with pytest.raises(ValueError, match="`result.distribution`"):
        plot_bootstrap(bad)


def test_plot_intervals_mixed_inputs():
    t_res = corrected_resampled_ttest([0.8, 0.82, 0.79, 0.85], [0.78, 0.8, 0.8, 0.81],
                                      test_train_ratio=1 / 3)
    boot = _boot()
    items = [t_res, boot, (0.1, 0.05, 0.2)]
    _, ax = plt.subplots()
    out = plot_intervals(items, ["t corregida", "bootstrap", "terna"], reference=0.0, ax=ax)
    assert out is ax
    assert [t.get_text() for t in ax.get_yticklabels()] == ["t corregida", "bootstrap", "terna"]
    # una barra de error por intervalo (ErrorbarContainer) y la línea de referencia
    assert len(ax.containers) == 3
    ref_lines = [line for line in ax.lines if line.get_linestyle() == "--"]
    assert len(ref_lines) == 1 and ref_lines[0].get_xdata()[0] == 0.0
    # extremos dibujados: los del primer intervalo
    container = ax.containers[0]
    seg = container.lines[2][0].get_segments()[0]
    np.testing.assert_allclose(sorted(seg[:, 0]), [t_res.ci_low, t_res.ci_high])
    assert ax.get_xlabel() == "Estimación e intervalo de confianza"


def test_plot_intervals_infinite_bound_and_default_labels():
    res = corrected_resampled_ttest([0.8, 0.82, 0.79, 0.85], [0.78, 0.8, 0.8, 0.81],
                                    test_train_ratio=1 / 3, alternative="greater")
    assert math.isinf(res.ci_high)
    _, ax = plt.subplots()
    plot_intervals([res, (0.0, -0.01, 0.01)], ax=ax)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == res.method and labels[1] == "Intervalo 2"
    arrows = [line for line in ax.lines if line.get_marker() == ">"]
    assert len(arrows) == 1
    assert np.all(np.isfinite(ax.get_xlim()))


def test_plot_intervals_bad_input():
    f_res = combined_ftest_5x2cv(np.full((5, 2), 0.8) + np.arange(10).reshape(5, 2) / 100,
                                 np.full((5, 2), 0.8))
    with pytest.raises(ValueError, match="no tiene intervalo"):
        plot_intervals([f_res])
    with pytest.raises(ValueError, match="`intervals`"):
        plot_intervals([])
    with pytest.raises(TypeError, match="`intervals\\[0\\]`"):
        plot_intervals([object()])
    with pytest.raises(ValueError, match="`labels`"):
        plot_intervals([(0.1, 0.0, 0.2)], labels=["a", "b"])
    with pytest.raises(ValueError, match="`intervals\\[0\\]`"):
        plot_intervals([(0.1, 0.3, 0.2)])
    with pytest.raises(TypeError, match="`reference`"):
        plot_intervals([(0.1, 0.0, 0.2)], reference="cero")


def test_plot_bootstrap_discrete_replicates_one_bar_per_value():
    rng = np.random.default_rng(3)
    reps = rng.binomial(200, 0.85, size=1000) / 200  # exactitudes k/200
    res = SimpleNamespace(estimate=0.85, low=0.8, high=0.9, distribution=reps,
                          method="percentile", confidence=0.95)
    _, ax = plt.subplots()
    plot_bootstrap(res, ax=ax)
    k = np.round(reps * 200).astype(int)
    n_values = k.max() - k.min() + 1
    bars = ax.patches[:n_values]
    np.testing.assert_array_equal([b.get_height() for b in bars],
                                  np.bincount(k - k.min(), minlength=n_values))
    np.testing.assert_allclose([b.get_width() for b in bars], 1 / 200)


# ---------------------------------------------------------------------------
# Diagrama CD: eje de 1 a k girado como en Demšar (2006) y título con la prueba
# ---------------------------------------------------------------------------


def _cd_results():
    import course_utils as cu

    _, ranks = cu.load_demsar_2006()
    return {
        "nemenyi": cu.nemenyi_test(ranks, alpha=0.10, higher_is_better=False),
        "holm": cu.control_test(ranks, "C4.5", higher_is_better=False),
        "bonferroni-dunn": cu.control_test(ranks, "C4.5", method="bonferroni-dunn",
                                           higher_is_better=False),
        "wilcoxon-holm": cu.wilcoxon_holm_test(ranks, higher_is_better=False),
    }


def _tick_positions(ax):
    """Posición x de cada etiqueta entera del eje de rangos."""
    return {int(t.get_text()): t.get_position()[0] for t in ax.texts
            if t.get_text().isdigit()}


@pytest.mark.parametrize("method", ["nemenyi", "holm", "bonferroni-dunn", "wilcoxon-holm"])
def test_cd_axis_spans_1_to_k_with_the_best_on_the_right(method):
    from course_utils import plot_critical_difference

    res = _cd_results()[method]
    ax = plot_critical_difference(res)
    ticks = _tick_positions(ax)
    k = len(res.average_ranks)
    assert sorted(ticks) == list(range(1, k + 1))  # de 1 a k, aunque ningún rango medio sea 1
    xs = [ticks[r] for r in range(1, k + 1)]
    assert all(a > b for a, b in zip(xs, xs[1:]))  # rango 1 a la derecha
    np.testing.assert_allclose(np.diff(xs), np.diff(xs)[0])  # escala lineal
    # cada algoritmo cuelga de su rango medio: x = x(1) + (r - 1) * (x(2) - x(1))
    per_rank = xs[1] - xs[0]
    guides = [ln for ln in ax.lines if len(ln.get_xdata()) == 3]
    for name, r in res.average_ranks.items():
        x_expected = xs[0] + (r - 1) * per_rank
        assert any(np.isclose(ln.get_xdata()[0], x_expected) for ln in guides), name
    # los mejores a la derecha: el nombre del de mejor rango queda a la derecha del eje
    best = res.average_ranks.idxmin()
    label = next(t for t in ax.texts if t.get_text().startswith(best + " ("))
    assert label.get_position()[0] > xs[0] and label.get_ha() == "left"


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        ("nemenyi", "Nemenyi, todas las parejas (α = 0.10)"),
        ("holm", "Holm frente al control C4.5 (α = 0.05)"),
        ("bonferroni-dunn", "Bonferroni-Dunn frente al control C4.5 (α = 0.05)"),
        ("wilcoxon-holm", "Wilcoxon por parejas con ajuste de Holm (α = 0.05)"),
    ],
)
def test_cd_title_names_the_test(method, expected):
    from course_utils import plot_critical_difference

    res = _cd_results()[method]
    texts = [t.get_text() for t in plot_critical_difference(res).texts]
    assert expected in texts
    texts = [t.get_text() for t in plot_critical_difference(res, title="Mi título").texts]
    assert "Mi título" in texts and expected not in texts
    texts = [t.get_text() for t in plot_critical_difference(res, title="").texts]
    assert expected not in texts and "" not in texts


def test_cd_alpha_printed_with_two_decimals():
    from course_utils import plot_critical_difference

    res = _cd_results()["nemenyi"]
    texts = [t.get_text() for t in plot_critical_difference(res).texts]
    assert "CD = 1.12 (α = 0.10)" in texts
    texts = [t.get_text() for t in plot_critical_difference(res, alpha=0.001).texts]
    assert any("(α = 0.001)" in t for t in texts)


def test_cd_axis_grows_when_the_cd_is_longer_than_k_minus_1():
    import course_utils as cu

    # k = 3 y N = 2: CD = q_0.05 · sqrt(3·4/(6·2)) = 2.3437 > k - 1 = 2 rangos
    res = cu.nemenyi_test([[0.9, 0.8, 0.7], [0.8, 0.9, 0.7]])
    assert res.critical_difference > 2
    ax = cu.plot_critical_difference(res)
    ticks = _tick_positions(ax)
    assert min(ticks) == 1 and max(ticks) == math.ceil(1 + res.critical_difference)


@pytest.mark.parametrize("title", [3, ["a"], b"x"])
def test_cd_title_must_be_text(title):
    from course_utils import plot_critical_difference

    with pytest.raises(TypeError, match="`title`"):
        plot_critical_difference(_cd_results()["holm"], title=title)


def test_cd_group_bar_never_reaches_a_non_member():
    from course_utils import plot_critical_difference

    # Bonferroni-Dunn frente a C4.5: C4.5+m (2.000) está en el grupo, C4.5+m+cf (1.964) no
    res = _cd_results()["bonferroni-dunn"]
    assert res.groups() == [("C4.5+m", "C4.5+cf", "C4.5")]
    ax = plot_critical_difference(res)
    ticks = _tick_positions(ax)
    per_rank = ticks[2] - ticks[1]
    x_of = {name: ticks[1] + (r - 1) * per_rank for name, r in res.average_ranks.items()}
    bar = next(ln for ln in ax.lines if ln.get_color() == "tab:blue")
    lo, hi = sorted(bar.get_xdata())
    assert lo < x_of["C4.5"] and hi > x_of["C4.5+m"]  # cubre a sus miembros
    assert hi < x_of["C4.5+m+cf"]  # y no llega al que no es del grupo
