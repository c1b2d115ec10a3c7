"""Pruebas de course_utils.two_models.bayesian contra referencias independientes.

- Forma cerrada: la t a posteriori escrita aquí con ``scipy.stats.t`` (Corani y Benavoli, 2015).
- Identidad: con ROPE vacía, P(B mejor) = valor p unilateral de la t corregida.
- ``baycomp`` (CorrelatedTTest con su cociente 1/(k-1); SignedRankTest con la misma a priori).
- El ejemplo ``plot_grid_search_stats`` de scikit-learn, re-ejecutado sin conexión.
- Momentos de la distribución de Dirichlet para la media a posteriori de θ.
"""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")

import baycomp  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from scipy import stats  # noqa: E402

from course_utils import (  # noqa: E402
    BayesianSignedRankResult,
    BayesianTTestResult,
    bayesian_correlated_ttest,
    bayesian_signed_rank_test,
    corrected_resampled_ttest,
    plot_bayesian_signed_rank,
    plot_bayesian_ttest,
)
from course_utils.two_models.bayesian import _signed_rank_thetas  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _cv_scores(seed, shape=(10, 10), shift=0.01, sd=0.03):
    rng = np.random.default_rng(seed)
    common = rng.normal(0.8, 0.05, size=shape)  # dificultad compartida de cada partición
    a = common + rng.normal(shift, sd, size=shape)
    b = common + rng.normal(0.0, sd, size=shape)
    return a, b


# ---------------------------------------------------------------------------
# Prueba t bayesiana correlacionada
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shape", "ratio", "rope"),
    [((10, 10), 1 / 9, (-0.01, 0.01)), ((5, 2), 1.0, (-0.02, 0.005)), ((30,), 0.25, (0.0, 0.0))],
)
def test_ttest_closed_form(shape, ratio, rope):
    a, b = _cv_scores(1, shape)
    d = (a - b).ravel()
    n = d.size
    # Corani y Benavoli (2015), ec. del posterior: St(n-1, media, (1/n + n2/n1) s²)
    scale = math.sqrt((1 / n + ratio) * np.sum((d - d.mean()) ** 2) / (n - 1))
    left = stats.t.cdf((rope[0] - d.mean()) / scale, n - 1)
    right = stats.t.sf((rope[1] - d.mean()) / scale, n - 1)
    res = bayesian_correlated_ttest(a, b, test_train_ratio=ratio, rope=rope)
    assert isinstance(res, BayesianTTestResult)
    np.testing.assert_allclose(res.prob_a_better, right, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(res.prob_b_better, left, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(res.prob_equivalent, 1 - left - right if rope[0] < rope[1] else 0,
                               rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(res.scale, scale, rtol=1e-12)
    assert res.df == n - 1
    crit = stats.t.ppf(0.975, n - 1)
    np.testing.assert_allclose([res.ci_low, res.ci_high],
                               [d.mean() - crit * scale, d.mean() + crit * scale], rtol=1e-12)
    post = res.posterior
    np.testing.assert_allclose(post.mean(), d.mean(), rtol=1e-12)
    np.testing.assert_allclose(post.cdf(0.003), stats.t.cdf((0.003 - d.mean()) / scale, n - 1),
                               rtol=1e-12)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("higher_is_better", [True, False])
def test_zero_rope_equals_one_sided_corrected_pvalue(seed, higher_is_better):
    a, b = _cv_scores(seed, shift=0.004 * (seed - 2))
    res = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9, rope=0,
                                    higher_is_better=higher_is_better)
    # H1 «A mejor»: A - B > 0 si más es mejor, A - B < 0 con errores.
    alternative = "greater" if higher_is_better else "less"
    freq = corrected_resampled_ttest(a, b, test_train_ratio=1 / 9, alternative=alternative)
    np.testing.assert_allclose(res.prob_b_better, freq.pvalue, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(res.prob_a_better, 1 - freq.pvalue, rtol=1e-12, atol=1e-15)
    assert res.prob_equivalent == 0.0
    # El intervalo de credibilidad coincide numéricamente con el de confianza bilateral
    two = corrected_resampled_ttest(a, b, test_train_ratio=1 / 9, alpha=0.05)
    np.testing.assert_allclose([res.ci_low, res.ci_high], [two.ci_low, two.ci_high], rtol=1e-12)


@pytest.mark.parametrize(("runs", "folds"), [(1, 10), (10, 10), (3, 5), (5, 2)])
@pytest.mark.parametrize("rope", [0.0, 0.01, 0.03])
def test_ttest_against_baycomp(runs, folds, rope):
    a, b = _cv_scores(runs * 100 + folds, shape=(runs * folds,), shift=0.012)
    res = bayesian_correlated_ttest(a, b, test_train_ratio=1 / (folds - 1), rope=rope)
    # baycomp usa diff = y - x: con x = A, y = B, «izquierda» es A mejor (más es mejor).
    ref = baycomp.CorrelatedTTest.probs(a, b, rope=rope, runs=runs)
    np.testing.assert_allclose(baycomp.two_on_single(a, b, rope=rope, runs=runs), ref, rtol=1e-15)
    if rope == 0:
        np.testing.assert_allclose([res.prob_a_better, res.prob_b_better], ref,
                                   rtol=1e-12, atol=1e-14)
    else:
        np.testing.assert_allclose(
            [res.prob_a_better, res.prob_equivalent, res.prob_b_better], ref,
            rtol=1e-12, atol=1e-14)
    mean, var, df = baycomp.CorrelatedTTest.compute_statistics(a, b, runs)
    np.testing.assert_allclose(res.scale**2, var, rtol=1e-12)
    assert res.df == df


def test_error_rates_swap_the_tails():
    a, b = _cv_scores(7)
    up = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9, rope=0.01)
    down = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9, rope=0.01,
                                     higher_is_better=False)
    assert down.prob_a_better == up.prob_b_better
    assert down.prob_b_better == up.prob_a_better
    assert down.prob_equivalent == up.prob_equivalent
    # y con errores la misma comparación, escrita como 1 - exactitud, da lo mismo
    err = bayesian_correlated_ttest(1 - a, 1 - b, test_train_ratio=1 / 9, rope=0.01,
                                    higher_is_better=False)
    np.testing.assert_allclose(
        [err.prob_a_better, err.prob_equivalent, err.prob_b_better],
        [up.prob_a_better, up.prob_equivalent, up.prob_b_better], rtol=1e-9, atol=1e-12)


# --- El ejemplo de scikit-learn «Statistical comparison of models using grid search» ---


@pytest.fixture(scope="module")
def sklearn_example_scores():
    """Las puntuaciones AUC del ejemplo, re-ejecutado sin conexión (make_moons es sintético)."""
    from sklearn.datasets import make_moons
    from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
    from sklearn.svm import SVC

    X, y = make_moons(noise=0.352, random_state=1, n_samples=100)
    param_grid = [{"kernel": ["linear"]}, {"kernel": ["poly"], "degree": [2, 3]},
                  {"kernel": ["rbf"]}]
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
    search = GridSearchCV(SVC(random_state=0), param_grid=param_grid, scoring="roc_auc", cv=cv)
    search.fit(X, y)
    res = pd.DataFrame(search.cv_results_)
    names = res["params"].apply(lambda p: "_".join(str(v) for v in p.values()))
    scores = res.filter(regex=r"split\d*_test_score").set_index(names)
    return scores


def test_against_sklearn_grid_search_example(sklearn_example_scores):
    scores = sklearn_example_scores
    rbf, linear = scores.loc["rbf"].to_numpy(), scores.loc["linear"].to_numpy()
    # El código del ejemplo (n_train = 90, n_test = 10):
    differences = rbf - linear
    n = differences.shape[0]
    corrected_std = np.sqrt(np.var(differences, ddof=1) * (1 / (90 + 10) + 10 / 90))
    t_post = stats.t(n - 1, loc=np.mean(differences), scale=corrected_std)
    res = bayesian_correlated_ttest(rbf, linear, test_train_ratio=10 / 90, rope=0.01)
    np.testing.assert_allclose(res.prob_b_better, t_post.cdf(-0.01), rtol=1e-12)
    np.testing.assert_allclose(res.prob_equivalent, t_post.cdf(0.01) - t_post.cdf(-0.01),
                               rtol=1e-12)
    np.testing.assert_allclose(res.prob_a_better, 1 - t_post.cdf(0.01), rtol=1e-12)
    # Números publicados en la prosa del ejemplo: «6.8% chance of being worse than linear»,
    # «43% probability of being practically equivalent», e intervalos de credibilidad.
    assert round(res.prob_b_better, 3) == 0.068
    assert round(res.prob_equivalent, 2) == 0.43
    published = {0.5: (0.000977, 0.019023), 0.75: (-0.005422, 0.025422),
                 0.95: (-0.016445, 0.036445)}
    for level, (low, high) in published.items():
        r = bayesian_correlated_ttest(rbf, linear, test_train_ratio=10 / 90, rope=0.01,
                                      level=level)
        np.testing.assert_allclose([r.ci_low, r.ci_high], [low, high], atol=5e-7)
    # «rbf ... 1.8% chance of being worse than 3_poly ... 10% chance» de equivalencia
    r3 = bayesian_correlated_ttest(rbf, scores.loc["3_poly"].to_numpy(),
                                   test_train_ratio=10 / 90, rope=0.01)
    assert round(r3.prob_b_better, 3) == 0.018
    assert round(r3.prob_equivalent, 1) == 0.1


# ---------------------------------------------------------------------------
# Prueba de rangos con signo bayesiana
# ---------------------------------------------------------------------------

SCENARIOS = {
    "A mejor": (np.array([0.90, 0.85, 0.78, 0.93, 0.88, 0.81, 0.95, 0.70, 0.84, 0.77]),
                np.array([0.88, 0.86, 0.74, 0.90, 0.88, 0.79, 0.91, 0.69, 0.80, 0.77])),
    "equivalentes": (np.linspace(0.7, 0.95, 15),
                     np.linspace(0.7, 0.95, 15) + 0.002 * np.cos(np.arange(15))),
    "mixto": (np.array([0.81, 0.74, 0.92, 0.66, 0.88, 0.71]),
              np.array([0.80, 0.77, 0.90, 0.69, 0.84, 0.71])),
}


@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("rope", [0.0, 0.01])
def test_signed_rank_against_baycomp(scenario, rope):
    a, b = SCENARIOS[scenario]
    n = 50_000
    res = bayesian_signed_rank_test(a, b, rope=rope, n_samples=n, random_state=123)
    assert isinstance(res, BayesianSignedRankResult)
    ref = baycomp.SignedRankTest.probs(a, b, rope=rope, prior=0.5, nsamples=n, random_state=4)
    ref = (ref[0], 0.0, ref[1]) if rope == 0 else ref
    ours = (res.prob_a_better, res.prob_equivalent, res.prob_b_better)
    for p_ours, p_ref in zip(ours, ref, strict=True):
        # Dos estimaciones independientes de la misma probabilidad p con n muestras cada una:
        # la diferencia tiene desviación típica sqrt(2 p (1 - p) / n); 5 de ellas (fallo
        # espurio < 1e-6 por comparación). Con p = 0 o 1 ambas deben ser exactas.
        p = (p_ours + p_ref) / 2
        tol = 5 * math.sqrt(2 * p * (1 - p) / n) + 1e-12
        assert abs(p_ours - p_ref) <= tol, (scenario, rope, ours, ref)
    assert math.isclose(sum(ours), 1.0)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("rope", [0.0, 0.01])
def test_signed_rank_thetas_equal_baycomp_with_the_same_draws(scenario, rope):
    a, b = SCENARIOS[scenario]
    seed, n = 11, 2000
    weights = np.ones(len(a) + 1)
    weights[0] = 0.5
    draws = np.random.RandomState(seed).dirichlet(weights, n)  # lo que sortea baycomp
    left, right = _signed_rank_thetas(draws, a - b, (-rope, rope))
    ref = baycomp.SignedRankTest.sample(a, b, rope, prior=0.5, nsamples=n, random_state=seed)
    # baycomp: diff = b - a, columna 0 = «b - a < -rope» = «a - b > rope» (nuestra derecha)
    np.testing.assert_allclose(right, ref[:, 0], rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(left, ref[:, 2], rtol=1e-12, atol=1e-14)


def test_signed_rank_posterior_mean_matches_dirichlet_moments():
    a, b = SCENARIOS["mixto"]
    rope, s, n = 0.01, 0.5, 40_000
    res = bayesian_signed_rank_test(a, b, rope=rope, prior_strength=s, n_samples=n,
                                    random_state=5)
    z = np.concatenate(([0.0], a - b))
    alpha = np.array([s] + [1.0] * len(a))
    total = alpha.sum()
    # Momentos de Dirichlet: E[w_i w_j] = (α_i α_j + δ_ij α_i) / (A (A + 1))
    ew = (np.outer(alpha, alpha) + np.diag(alpha)) / (total * (total + 1))
    walsh = (z[:, None] + z[None, :]) / 2
    h = (walsh > rope) + 0.5 * np.isclose(walsh, rope, rtol=0, atol=0)
    expected_right = float(np.sum(ew * h))
    sample_right = res.samples[:, 0]
    tol = 5 * sample_right.std(ddof=1) / math.sqrt(n)
    assert abs(sample_right.mean() - expected_right) <= tol
    np.testing.assert_allclose(res.samples.sum(axis=1), 1.0, rtol=1e-12)


def test_signed_rank_seeded_and_error_rates():
    a, b = SCENARIOS["A mejor"]
    r1 = bayesian_signed_rank_test(a, b, rope=0.01, random_state=3, n_samples=5000)
    r2 = bayesian_signed_rank_test(a, b, rope=0.01, random_state=3, n_samples=5000)
    np.testing.assert_array_equal(r1.samples, r2.samples)
    err = bayesian_signed_rank_test(1 - a, 1 - b, rope=0.01, random_state=3, n_samples=5000,
                                    higher_is_better=False)
    np.testing.assert_allclose(
        [err.prob_a_better, err.prob_equivalent, err.prob_b_better],
        [r1.prob_a_better, r1.prob_equivalent, r1.prob_b_better], atol=1e-12)
    assert r1.prob_a_better > 0.9
    np.testing.assert_allclose(r1.mc_se[0], math.sqrt(r1.prob_a_better
                                                      * (1 - r1.prob_a_better) / 5000))


def test_signed_rank_pandas_alignment():
    a, b = SCENARIOS["mixto"]
    idx = [f"d{i}" for i in range(len(a))]
    sa, sb = pd.Series(a, index=idx), pd.Series(b, index=idx)
    r = bayesian_signed_rank_test(sa, sb, rope=0.01, random_state=0, n_samples=1000)
    r_np = bayesian_signed_rank_test(a, b, rope=0.01, random_state=0, n_samples=1000)
    assert r.prob_a_better == r_np.prob_a_better
    with pytest.raises(ValueError, match="índices distintos"):
        bayesian_signed_rank_test(sa, sb.iloc[::-1], rope=0.01, random_state=0)


# ---------------------------------------------------------------------------
# Decisiones y resúmenes
# ---------------------------------------------------------------------------


def test_decision_rules():
    res = bayesian_correlated_ttest([0.80, 0.81, 0.79, 0.80], [0.60, 0.62, 0.58, 0.61],
                                    test_train_ratio=1 / 3, rope=0.01, names=("KNN", "ZeroR"))
    assert res.prob_a_better > 0.95
    assert res.decision() == "KNN es mejor que ZeroR"
    eq = bayesian_correlated_ttest(np.full(20, 0.8) + 0.001 * np.sin(np.arange(20)),
                                   np.full(20, 0.8), test_train_ratio=1 / 9, rope=0.01)
    assert eq.decision() == "prácticamente equivalentes"
    a, b = _cv_scores(2)
    mid = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9, rope=0.01)
    assert max(mid.prob_a_better, mid.prob_equivalent, mid.prob_b_better) < 0.95
    assert mid.decision().startswith("sin decisión")
    with pytest.raises(ValueError, match="threshold"):
        eq.decision(0.4)


def test_summaries_in_spanish():
    a, b = _cv_scores(2)
    text = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9, rope=0.01).summary()
    for piece in ("región de equivalencia práctica (ROPE)", "a posteriori", "P(A mejor)",
                  "intervalo de credibilidad del 95 %", "decisión con umbral 0.95",
                  "más es mejor"):
        assert piece in text
    sr = bayesian_signed_rank_test(*SCENARIOS["mixto"], rope=0.01, random_state=0,
                                   n_samples=1000, higher_is_better=False)
    text = sr.summary()
    for piece in ("a priori", "pseudo-observación", "error de Monte Carlo", "menos es mejor"):
        assert piece in text


# ---------------------------------------------------------------------------
# Validación de entradas
# ---------------------------------------------------------------------------

A, B = _cv_scores(0)


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        (dict(scores_a=A, scores_b=B[:5]), ValueError, "misma forma"),
        (dict(scores_a=np.where(A > 0.9, np.nan, A), scores_b=B), ValueError, "NaN"),
        (dict(scores_a="abc", scores_b=B), TypeError, "scores_a"),
        (dict(scores_a=A[:, :, None], scores_b=B[:, :, None]), ValueError, "forma"),
        (dict(scores_a=[0.8], scores_b=[0.7]), ValueError, "al menos 2"),
        (dict(scores_a=A, scores_b=A - 0.01), ValueError, "varianza 0"),
        (dict(test_train_ratio=0), ValueError, "test_train_ratio"),
        (dict(test_train_ratio="1/9"), TypeError, "test_train_ratio"),
        (dict(rope=-0.01), ValueError, "rope"),
        (dict(rope=(0.01, 0.02)), ValueError, "contener la diferencia 0"),
        (dict(rope="0.01"), TypeError, "rope"),
        (dict(rope=(0.0, np.inf)), ValueError, "rope"),
        (dict(level=1.0), ValueError, "level"),
        (dict(higher_is_better="sí"), TypeError, "higher_is_better"),
        (dict(names=("A",)), TypeError, "names"),
    ],
)
def test_ttest_validation(kwargs, exc, match):
    args = dict(scores_a=A, scores_b=B, test_train_ratio=1 / 9, rope=0.01) | kwargs
    with pytest.raises(exc, match=match):
        bayesian_correlated_ttest(args.pop("scores_a"), args.pop("scores_b"), **args)


def test_rope_is_required():
    with pytest.raises(TypeError, match="rope"):
        bayesian_correlated_ttest(A, B, test_train_ratio=1 / 9)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        (dict(prior_strength=-1), ValueError, "prior_strength"),
        (dict(n_samples=0), ValueError, "n_samples"),
        (dict(n_samples=2.5), TypeError, "n_samples"),
        (dict(random_state="x"), TypeError, "random_state"),
        (dict(random_state=-1), ValueError, "random_state"),
        (dict(rope=[0.1]), TypeError, "rope"),
    ],
)
def test_signed_rank_validation(kwargs, exc, match):
    a, b = SCENARIOS["mixto"]
    args = dict(rope=0.01, random_state=0) | kwargs
    with pytest.raises(exc, match=match):
        bayesian_signed_rank_test(a, b, **args)


def test_signed_rank_shape_errors():
    with pytest.raises(ValueError, match="forma"):
        bayesian_signed_rank_test(A, B, rope=0.01)
    with pytest.raises(ValueError, match="al menos 2"):
        bayesian_signed_rank_test([0.8], [0.7], rope=0.01)


def test_prior_strength_zero_is_allowed():
    a, b = SCENARIOS["A mejor"]
    r = bayesian_signed_rank_test(a, b, rope=0.01, prior_strength=0, random_state=0,
                                  n_samples=2000)
    np.testing.assert_allclose(r.samples.sum(axis=1), 1.0)


# ---------------------------------------------------------------------------
# Gráficas
# ---------------------------------------------------------------------------


def test_plot_bayesian_ttest():
    a, b = _cv_scores(4)
    res = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9, rope=0.01,
                                    names=("KNN", "C4.5"))
    fig, ax = plt.subplots()
    out = plot_bayesian_ttest(res, ax=ax)
    assert out is ax
    # La leyenda, siempre A, equivalentes, B (aunque B quede a la izquierda del eje).
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == [f"KNN mejor: P = {res.prob_a_better:.4f}",
                      f"equivalentes (ROPE): P = {res.prob_equivalent:.4f}",
                      f"C4.5 mejor: P = {res.prob_b_better:.4f}"]
    errors = bayesian_correlated_ttest(1 - a, 1 - b, test_train_ratio=1 / 9, rope=0.01,
                                       names=("KNN", "C4.5"), higher_is_better=False)
    _, ax2 = plt.subplots()
    plot_bayesian_ttest(errors, ax=ax2)
    assert [t.get_text().split(":")[0] for t in ax2.get_legend().get_texts()] == [
        "KNN mejor", "equivalentes (ROPE)", "C4.5 mejor"]
    assert len([c for c in ax.collections if isinstance(c, PolyCollection)]) >= 3
    assert "KNN - C4.5" in ax.get_xlabel()
    with pytest.raises(TypeError, match="result"):
        plot_bayesian_ttest(object())


def test_plot_bayesian_signed_rank():
    res = bayesian_signed_rank_test(*SCENARIOS["mixto"], rope=0.01, random_state=0,
                                    n_samples=3000, names=("RF", "KNN"))
    fig, ax = plt.subplots()
    assert plot_bayesian_signed_rank(res, ax=ax) is ax
    texts = " ".join(t.get_text() for t in ax.texts)
    assert f"RF mejor\nP = {res.prob_a_better:.4f}" in texts
    assert f"equivalentes (ROPE)\nP = {res.prob_equivalent:.4f}" in texts
    n_points = sum(len(c.get_offsets()) for c in ax.collections)
    assert n_points == 3000
    with pytest.raises(TypeError, match="result"):
        plot_bayesian_signed_rank(object())
