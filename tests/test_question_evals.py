"""Evaluaciones por preguntas (Miller, 2024) frente a scipy, statsmodels y las fórmulas."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import statsmodels.api as sm
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import NormalIndPower

import course_utils as cu
from course_utils.practice.question_evals import (
    compare_question_models,
    minimum_detectable_effect,
    question_difference,
    question_power,
    question_score,
)


def _clustered_bank(seed: int, n_clusters: int = 40, per: int = 5, p: float = 0.7):
    """Preguntas agrupadas por pasaje: la dificultad del pasaje correlaciona sus preguntas."""
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(n_clusters), per)
    passage = rng.normal(0, 1.2, n_clusters)[groups]
    logit = math.log(p / (1 - p)) + passage
    prob = 1 / (1 + np.exp(-logit))
    a = (rng.random(groups.size) < prob).astype(int)
    b = (rng.random(groups.size) < prob - 0.05).astype(int)
    return a, b, groups


def _ols_se(y, groups=None, correction=False):
    model = sm.OLS(np.asarray(y, float), np.ones((len(y), 1)))
    if groups is None:
        return float(model.fit().bse[0])
    fit = model.fit(cov_type="cluster", cov_kwds={"groups": groups, "use_correction": correction})
    return float(fit.bse[0])


def test_naive_se_matches_scipy_sem_and_ols():
    a, _, _ = _clustered_bank(0)
    r = question_score(a)
    assert r.score == pytest.approx(a.mean())
    assert r.se_naive == pytest.approx(stats.sem(a), rel=1e-12)
    assert r.se_naive == pytest.approx(_ols_se(a), rel=1e-12)
    z = stats.norm.ppf(0.975)
    assert (r.ci_low, r.ci_high) == pytest.approx((a.mean() - z * r.se, a.mean() + z * r.se))


@pytest.mark.parametrize("small_sample", [False, True])
def test_clustered_se_matches_statsmodels_cluster(small_sample):
    a, _, g = _clustered_bank(1)
    r = question_score(a, clusters=[f"pasaje {k}" for k in g], small_sample=small_sample)
    ref = _ols_se(a, g, correction=small_sample)
    assert r.se_clustered == pytest.approx(ref, rel=1e-10)
    assert r.se == r.se_clustered
    assert r.n_clusters == 40
    assert r.design_effect == pytest.approx((ref / stats.sem(a)) ** 2, rel=1e-10)
    # Preguntas de un mismo pasaje correlacionadas: el error estándar por grupos es mayor.
    assert r.se_clustered > r.se_naive


def test_clustered_se_uneven_cluster_sizes():
    rng = np.random.default_rng(5)
    g = np.repeat(np.arange(12), rng.integers(1, 9, 12))
    x = rng.random(g.size)
    assert question_score(x, g).se == pytest.approx(_ols_se(x, g), rel=1e-10)


def test_several_samples_per_question_uses_question_means_and_within_term():
    rng = np.random.default_rng(2)
    p = rng.beta(2, 1, 300)
    k = 4
    draws = (rng.random((300, k)) < p[:, None]).astype(float)
    r = question_score(draws)
    means = draws.mean(axis=1)
    assert r.score == pytest.approx(draws.mean())
    assert r.se == pytest.approx(stats.sem(means), rel=1e-12)
    # Término dentro de la pregunta: media de las varianzas con ddof=1 (Miller, 2024, §3.2).
    within = np.mean([np.var(row, ddof=1) for row in draws])
    assert r.within_variance == pytest.approx(within)
    assert r.se_many_samples == pytest.approx(
        math.sqrt((np.var(means, ddof=1) - within / k) / 300))
    assert r.se_many_samples < r.se
    assert r.n_samples == k


def test_within_term_matches_theory_by_simulation():
    """Var de la media con K respuestas: (Var(p_i) + E[p_i(1-p_i)]/K) / n (Miller, §3.2).

    Preguntas con p_i ~ Beta(2, 2): Var(p_i) = 0.05 y E[p_i(1 - p_i)] = 0.2, exactos.
    """
    rng = np.random.default_rng(3)
    n, k, reps = 200, 3, 2000
    p = rng.beta(2, 2, (reps, n))
    draws = (rng.random((reps, n, k)) < p[..., None]).astype(float)
    scores = draws.mean(axis=(1, 2))
    theory = (0.05 + 0.2 / k) / n
    # Error de Monte Carlo de una varianza muestral: var * sqrt(2 / reps) (normal).
    assert np.var(scores) == pytest.approx(theory, abs=4 * theory * math.sqrt(2 / reps))
    fits = [question_score(d) for d in draws[:300]]
    se2 = np.array([f.se**2 for f in fits])
    many2 = np.array([f.se_many_samples**2 for f in fits])
    assert se2.mean() == pytest.approx(theory, abs=4 * se2.std() / math.sqrt(se2.size))
    assert many2.mean() == pytest.approx(0.05 / n, abs=4 * many2.std() / math.sqrt(many2.size))


def test_paired_difference_matches_ols_and_mcnemar():
    a, b, g = _clustered_bank(4)
    d = question_difference(a, b)
    assert d.estimate == pytest.approx(a.mean() - b.mean())
    assert d.se == pytest.approx(_ols_se(a - b), rel=1e-12)
    assert d.pvalue == pytest.approx(stats.ttest_1samp(a - b, 0).pvalue, abs=0.01)
    assert d.pvalue == pytest.approx(2 * stats.norm.sf(abs(d.estimate / d.se)), rel=1e-12)
    table = [[np.sum((a == 1) & (b == 1)), np.sum((a == 1) & (b == 0))],
             [np.sum((a == 0) & (b == 1)), np.sum((a == 0) & (b == 0))]]
    assert d.mcnemar_pvalue == pytest.approx(sm_mcnemar(table, exact=True).pvalue, rel=1e-12)
    assert (d.b, d.c) == (table[0][1], table[1][0])
    assert d.se_unpaired == pytest.approx(math.hypot(stats.sem(a), stats.sem(b)))
    dc = question_difference(a, b, g)
    assert dc.se == pytest.approx(_ols_se(a - b, g), rel=1e-10)
    assert dc.mcnemar_pvalue is None  # McNemar supone preguntas independientes


def test_compare_models_holm_matches_statsmodels():
    rng = np.random.default_rng(6)
    res = (rng.random((250, 4)) < np.array([0.6, 0.65, 0.7, 0.72])).astype(int)
    out = compare_question_models(res, names=["a", "b", "c", "d"])
    assert [(x, y) for x, y, _, _ in out] == list(itertools.combinations("abcd", 2))
    raw = []
    for i, j in itertools.combinations(range(4), 2):
        x, y = res[:, i], res[:, j]
        t = [[np.sum((x == 1) & (y == 1)), np.sum((x == 1) & (y == 0))],
             [np.sum((x == 0) & (y == 1)), np.sum((x == 0) & (y == 0))]]
        raw.append(sm_mcnemar(t, exact=True).pvalue)
    ref = multipletests(raw, method="holm")[1]
    np.testing.assert_allclose([p for *_, p in out], ref, rtol=1e-12)


def test_power_and_mde_match_statsmodels():
    ref = NormalIndPower()
    cases = [(0.03, 1000, 0.5, 1.0), (0.05, 400, 0.6, 2.5), (-0.02, 5000, 0.4, 1.3)]
    for delta, n, sd, deff in cases:
        es = delta / (sd * math.sqrt(deff))
        assert question_power(delta, n, sd, design_effect=deff) == pytest.approx(
            ref.power(es, n, 0.05, ratio=0), rel=1e-10)
        mde = minimum_detectable_effect(n, sd, design_effect=deff, power=0.9)
        es_ref = ref.solve_power(None, nobs1=n, alpha=0.05, power=0.9, ratio=0)
        # solve_power resuelve con una tolerancia de ~1e-5; la potencia en el MDE es exacta.
        assert mde == pytest.approx(es_ref * sd * math.sqrt(deff), rel=1e-4)
        assert ref.power(mde / (sd * math.sqrt(deff)), n, 0.05, ratio=0) == pytest.approx(0.9)
        # La aproximación de una cola (Miller, 2024) casi coincide.
        approx = (stats.norm.ppf(0.975) + stats.norm.ppf(0.9)) * sd * math.sqrt(deff / n)
        assert mde == pytest.approx(approx, rel=1e-4)


@pytest.mark.parametrize(
    "call, word",
    [
        (lambda: question_score([0.5, 1.2, 0]), "correct"),
        (lambda: question_score([1]), "correct"),
        (lambda: question_score([1, 0, 1], clusters=["a", "a"]), "clusters"),
        (lambda: question_score([1, 0, 1], clusters=["a", "a", "a"]), "clusters"),
        (lambda: question_score([1, 0, np.nan]), "correct"),
        (lambda: question_difference([1, 0, 1], [1, 0]), "correct_a"),
        (lambda: compare_question_models([[1], [0]]), "results"),
        (lambda: compare_question_models([[1, 0], [0, 1]], names=["a", "a"]), "names"),
        (lambda: minimum_detectable_effect(100, 0.5, power=0.01), "power"),
        (lambda: question_power(0.1, 1, 0.5), "n_questions"),
        (lambda: question_power(0.1, 100, 0.0), "sd_difference"),
    ],
)
def test_bad_input_is_refused_in_spanish(call, word):
    with pytest.raises((ValueError, TypeError), match=word):
        call()


def test_summaries_are_spanish_text():
    a, b, g = _clustered_bank(7)
    assert "error estándar por grupos" in question_score(a, g).summary()
    assert "McNemar exacta" in question_difference(a, b).summary()
    assert cu.question_score is question_score
