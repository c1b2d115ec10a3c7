"""Pruebas de la prueba de signos bayesiana contra referencias independientes.

- Probabilidades exactas de la Dirichlet a posteriori: P(θ_k es la mayor) como integral de una
  dimensión con las Gamma independientes que la forman (``scipy.integrate.quad``,
  ``scipy.stats.gamma``), y sus marginales Beta (``scipy.stats.beta``).
- ``baycomp.SignTest`` (la misma a priori), en vivo y con los valores guardados en
  ``tests/data/baycomp/reference.json`` (``make_reference.py``, con su procedencia).
- Conteos contra el redondeo decimal exacto (``decimal.Decimal``) de las diferencias.
"""

from __future__ import annotations

import json
import math
from decimal import Decimal
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import baycomp  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from scipy import integrate, special, stats  # noqa: E402

import course_utils as cu  # noqa: E402

REFERENCE = json.loads(
    (Path(__file__).parent / "data" / "baycomp" / "reference.json").read_text(encoding="utf-8"))

SCENARIOS = {
    "A mejor": (np.array([0.90, 0.85, 0.78, 0.93, 0.88, 0.81, 0.95, 0.70, 0.84, 0.77]),
                np.array([0.88, 0.86, 0.74, 0.90, 0.88, 0.79, 0.91, 0.69, 0.80, 0.77])),
    "mixto": (np.array([0.81, 0.74, 0.92, 0.66, 0.88, 0.71, 0.79, 0.90]),
              np.array([0.80, 0.77, 0.90, 0.69, 0.84, 0.71, 0.75, 0.93])),
    "equivalentes": (np.linspace(0.7, 0.95, 15),
                     np.linspace(0.7, 0.95, 15) + 0.002 * np.cos(np.arange(15))),
}


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _exact_argmax_probs(alpha):
    """P(θ_k > θ_j para todo j ≠ k) con θ ~ Dir(alpha): θ = G / ΣG con G_k ~ Gamma(α_k)
    independientes, así que P = ∫ f_k(g) Π_{j≠k} F_j(g) dg (el denominador no cambia el orden).
    Un α_k = 0 da θ_k = 0: esa región nunca gana."""
    alpha = np.asarray(alpha, dtype=float)
    out = np.zeros(alpha.size)
    pos = np.flatnonzero(alpha > 0)
    hi = stats.gamma.isf(1e-16, alpha.max()) + 10
    for k in pos:
        others = alpha[[j for j in pos if j != k]]

        def integrand(g, a_k=alpha[k], others=others):
            return stats.gamma.pdf(g, a_k) * np.prod(special.gammainc(others, g))

        out[k], _ = integrate.quad(integrand, 0, hi, points=[alpha[k]], limit=200,
                                   epsabs=1e-12)
    return out


def _within_mc(ours, exact, n, sds=5.0):
    for p_ours, p in zip(ours, exact, strict=True):
        tol = sds * math.sqrt(p * (1 - p) / n) + 1e-12
        assert abs(p_ours - p) <= tol, (ours, exact)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("rope", [0.005, 0.01, (-0.02, 0.01)])
@pytest.mark.parametrize("higher_is_better", [True, False])
def test_probabilities_match_the_exact_dirichlet(scenario, rope, higher_is_better):
    a, b = SCENARIOS[scenario]
    n = 40_000
    res = cu.bayesian_sign_test(a, b, rope=rope, n_samples=n, random_state=3,
                                higher_is_better=higher_is_better)
    low, high = (-rope, rope) if np.isscalar(rope) else rope
    # Conteos con la aritmética decimal exacta de las puntuaciones tal como se escriben
    d = [Decimal(repr(float(x))) - Decimal(repr(float(y))) for x, y in zip(a, b, strict=True)]
    right = sum(x > Decimal(repr(high)) for x in d)
    left = sum(x < Decimal(repr(low)) for x in d)
    counts = (right, len(d) - left - right, left) if higher_is_better else (
        left, len(d) - left - right, right)
    assert res.counts == counts
    alpha = (counts[0], counts[1] + 1.0, counts[2])
    assert res.alpha == pytest.approx(alpha)
    exact = _exact_argmax_probs(alpha)
    np.testing.assert_allclose(exact.sum(), 1.0, rtol=1e-7)
    ours = (res.prob_a_better, res.prob_equivalent, res.prob_b_better)
    _within_mc(ours, exact, n)
    assert math.isclose(sum(ours), 1.0)


def test_marginals_are_beta():
    a, b = SCENARIOS["mixto"]
    n = 40_000
    res = cu.bayesian_sign_test(a, b, rope=0.01, prior_strength=0.7, n_samples=n,
                                random_state=8)
    alpha = np.array(res.alpha)
    total = alpha.sum()
    for k in range(3):
        # P(θ_k > 1/3) con θ_k ~ Beta(α_k, Σα - α_k), contra la proporción de muestras
        p = stats.beta.sf(1 / 3, alpha[k], total - alpha[k])
        share = float(np.mean(res.samples[:, k] > 1 / 3))
        assert abs(share - p) <= 5 * math.sqrt(p * (1 - p) / n) + 1e-12
        np.testing.assert_allclose(res.samples[:, k].mean(), alpha[k] / total, atol=0.005)
    np.testing.assert_allclose(res.samples.sum(axis=1), 1.0, rtol=1e-12)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_empty_rope_is_a_beta_tail(scenario):
    """Con ROPE vacía solo compiten A y B: P(θ_A > θ_B) = P(Beta(α_A, α_B) > 1/2)."""
    a, b = SCENARIOS[scenario]
    n = 40_000
    res = cu.bayesian_sign_test(a, b, rope=0, n_samples=n, random_state=4)
    n_a, n_eq, n_b = res.counts
    assert n_eq == int(np.sum(a == b))
    exact = stats.beta.sf(0.5, n_a, n_b)
    assert res.prob_equivalent == 0.0
    _within_mc((res.prob_a_better, res.prob_b_better), (exact, 1 - exact), n)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("rope", [0.005, 0.015])
def test_against_baycomp_live(scenario, rope):
    """ROPE sin diferencias justo en sus límites: ahí baycomp decide por el redondeo de la resta
    (0.86 - 0.85 > 0.01), y esta prueba lo cuenta dentro."""
    a, b = SCENARIOS[scenario]
    n = 50_000
    res = cu.bayesian_sign_test(a, b, rope=rope, n_samples=n, random_state=123)
    # baycomp: diff = y - x, «izquierda» = x mejor; con x = A, (A mejor, ROPE, B mejor).
    ref = baycomp.SignTest.probs(a, b, rope=rope, prior=1.0, nsamples=n, random_state=4)
    ours = (res.prob_a_better, res.prob_equivalent, res.prob_b_better)
    for p_ours, p_ref in zip(ours, ref, strict=True):
        p = (p_ours + p_ref) / 2  # dos estimaciones independientes: sd de la diferencia
        assert abs(p_ours - p_ref) <= 5 * math.sqrt(2 * p * (1 - p) / n) + 1e-12


@pytest.mark.parametrize("case", REFERENCE["sign_test"], ids=lambda c: c["id"])
def test_against_stored_baycomp_values(case):
    n = 50_000
    res = cu.bayesian_sign_test(case["a"], case["b"], rope=case["rope"],
                                prior_strength=case["prior"], n_samples=n, random_state=0)
    ours = (res.prob_a_better, res.prob_equivalent, res.prob_b_better)
    n_ref = case["nsamples"]
    for p_ours, p_ref in zip(ours, case["probs"], strict=True):
        p = (p_ours + p_ref) / 2
        assert abs(p_ours - p_ref) <= 5 * math.sqrt(p * (1 - p) * (1 / n + 1 / n_ref)) + 1e-12


def test_seed_reproduces_and_changes():
    a, b = SCENARIOS["mixto"]
    one = cu.bayesian_sign_test(a, b, rope=0.01, random_state=11)
    two = cu.bayesian_sign_test(a, b, rope=0.01, random_state=11)
    other = cu.bayesian_sign_test(a, b, rope=0.01, random_state=12)
    assert one == two
    np.testing.assert_array_equal(one.samples, two.samples)
    assert not np.array_equal(one.samples, other.samples)


def test_a_difference_equal_to_the_rope_bound_is_equivalent():
    # 0.86 - 0.85 = 0.010000000000000009 en coma flotante: en el límite, no fuera de la ROPE
    res = cu.bayesian_sign_test([0.86, 0.70, 0.50], [0.85, 0.71, 0.50], rope=0.01,
                                random_state=0)
    assert res.counts == (0, 3, 0)
    res = cu.bayesian_sign_test([0.86, 0.70, 0.50], [0.85, 0.71, 0.50], rope=0.0099,
                                random_state=0)
    assert res.counts == (1, 1, 1)


def test_swapping_a_and_b_mirrors_and_summary_is_spanish():
    a, b = SCENARIOS["A mejor"]
    ab = cu.bayesian_sign_test(a, b, rope=0.01, random_state=1, names=("KNN", "Árbol"))
    ba = cu.bayesian_sign_test(b, a, rope=0.01, random_state=1, names=("Árbol", "KNN"))
    assert ab.counts == ba.counts[::-1]
    text = ab.summary()
    assert "Prueba de signos bayesiana" in text and "P(KNN mejor)" in text
    assert "dentro de la ROPE" in text and "decisión con umbral 0.95" in text
    assert ab.decision(0.6).startswith("KNN es mejor")


def test_zero_prior_and_all_in_one_region():
    a = np.array([0.9, 0.8, 0.85, 0.7])
    res = cu.bayesian_sign_test(a, a - 0.05, rope=0.01, prior_strength=0, random_state=0)
    assert res.counts == (4, 0, 0)
    assert (res.prob_a_better, res.prob_equivalent, res.prob_b_better) == (1.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"prior_strength": -1}, ("prior_strength", "≥ 0")),
     ({"rope": -0.01}, ("rope",)),
     ({"n_samples": 10}, ("n_samples",)),
     ({"names": ("A",)}, ("names",))],
)
def test_bad_arguments_get_spanish_errors(kwargs, words):
    a, b = SCENARIOS["mixto"]
    args = {"rope": 0.01} | kwargs
    with pytest.raises((ValueError, TypeError)) as info:
        cu.bayesian_sign_test(a, b, **args)
    assert all(w in str(info.value) for w in words)
    assert "se recibió" in str(info.value)


def test_one_dataset_is_refused():
    with pytest.raises(ValueError, match="al menos 2 conjuntos"):
        cu.bayesian_sign_test([0.8], [0.7], rope=0.01)


def test_simplex_plot_accepts_the_multi_dataset_results():
    a, b = SCENARIOS["mixto"]
    sign = cu.bayesian_sign_test(a, b, rope=0.01, random_state=0, n_samples=2000)
    rank = cu.bayesian_signed_rank_test(a, b, rope=0.01, random_state=0, n_samples=2000)
    for res in (sign, rank):
        ax = cu.plot_posterior_simplex(res, max_points=500)
        texts = [t.get_text() for t in ax.texts]
        assert any(t.startswith("A mejor\nP = ") for t in texts)
        plt.close("all")
    with pytest.raises(TypeError, match="result"):
        cu.plot_posterior_simplex(0.5)
