"""Más allá de Holm: Quade, rangos alineados y los ajustes de García y Herrera (2008).

Referencias independientes:

- R (un solo ``Rscript`` para todo el módulo): ``quade.test`` y ``p.adjust`` (holm, hochberg,
  hommel, bonferroni). Sin R, estas comparaciones se omiten con el motivo; con ``CI=true``
  fallan (``.ci/run`` instala R).
- ``statsmodels.stats.multitest.multipletests`` (holm, simes-hochberg, hommel, bonferroni).
- Las fórmulas de los artículos escritas aquí, paso a paso y sin vectorizar: Finner y Li
  (García et al., 2010, §4) y el estadístico de rangos alineados (García et al., 2010, §3.1,
  sin empates: la suma de los cuadrados de los rangos es kN(kN+1)(2kN+1)/6).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests

import course_utils as cu
from course_utils.many_models import posthoc
from conftest import run_r
from test_bad_input_sweep import assert_spanish


def _table(seed: int, n: int = 10, k: int = 4) -> np.ndarray:
    """Puntuaciones sin empates (continuas) con algoritmos de calidad distinta."""
    rng = np.random.default_rng(seed)
    return rng.uniform(0.6, 0.9, (n, 1)) + rng.normal(0, 0.03, (n, k)) + np.linspace(0, 0.05, k)


_PVALUE_SETS = [
    [0.01, 0.04, 0.03, 0.2],
    [0.001, 0.012, 0.02, 0.03, 0.04, 0.3],
    [0.5, 0.5, 0.9],
    [0.0001, 0.049, 0.051],
    list(np.random.default_rng(3).uniform(0, 0.2, 9)),
]
_R_SEEDS = [0, 1, 2, 3]


@pytest.fixture(scope="module")
def r_results(tmp_path_factory):
    """quade.test y p.adjust de R para todos los casos, en una sola llamada a Rscript."""
    data = [[_table(s).tolist() for s in _R_SEEDS], [list(map(float, p)) for p in _PVALUE_SETS]]
    script = r"""
    args <- commandArgs(trailingOnly = TRUE)
    lists <- read_json_lists(args[1])
    out <- c()
    for (t in lists[[1]]) {
      m <- do.call(rbind, lapply(t, unlist))
      q <- quade.test(m)
      out <- c(out, sprintf("quade %.17g %.17g", q$statistic, q$p.value))
    }
    for (p in lists[[2]]) {
      p <- unlist(p)
      for (meth in c("holm", "hochberg", "hommel", "bonferroni")) {
        out <- c(out, paste("adjust", meth, paste(sprintf("%.17g", p.adjust(p, meth)),
                                                collapse = " ")))
      }
    }
    writeLines(out, args[2])
    """
    quade, adjust = [], {}
    for line in run_r(script, data, tmp_path_factory.mktemp("r")):
        kind, *rest = line.split()
        if kind == "quade":
            quade.append((float(rest[0]), float(rest[1])))
        else:
            adjust.setdefault(rest[0], []).append([float(v) for v in rest[1:]])
    return quade, adjust


# ---------------------------------------------------------------------------
# Quade
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("i", range(len(_R_SEEDS)))
def test_quade_equals_r(r_results, i):
    res = cu.quade_test(_table(_R_SEEDS[i]))
    statistic, pvalue = r_results[0][i]
    assert res.statistic == pytest.approx(statistic, rel=1e-12)
    assert res.pvalue == pytest.approx(pvalue, rel=1e-10)
    assert res.df == (3, 27)


def test_quade_by_hand_and_invariances():
    t = _table(7, n=6, k=3)
    n, k = t.shape
    # Conover (1999): rango de los recorridos, rangos de fila centrados, A y B.
    q = stats.rankdata(t.max(axis=1) - t.min(axis=1))
    r = stats.rankdata(-t, axis=1)
    s = q[:, None] * (r - (k + 1) / 2)
    a, b = np.sum(s**2), np.sum(s.sum(axis=0) ** 2) / n
    f = (n - 1) * b / (a - b)
    res = cu.quade_test(t)
    assert res.statistic == pytest.approx(f, rel=1e-12)
    assert res.pvalue == pytest.approx(stats.f.sf(f, k - 1, (n - 1) * (k - 1)), rel=1e-12)
    for scale in (1e-200, 1e200):
        assert cu.quade_test(t * scale).statistic == pytest.approx(f, rel=1e-12)
    # Menos es mejor da el mismo F (los cuadrados no ven el sentido de los rangos).
    assert cu.quade_test(t, higher_is_better=False).statistic == pytest.approx(f, rel=1e-12)


def test_quade_and_aligned_refuse_uninformative_tables():
    same = np.tile([[0.9, 0.8, 0.7]], (5, 1))
    with pytest.raises(ValueError) as info:
        cu.quade_test(same)
    assert_spanish(info, "scores")
    with pytest.raises(ValueError) as info:
        cu.aligned_ranks_test(np.full((4, 3), 0.8))
    assert_spanish(info, "scores")


# ---------------------------------------------------------------------------
# Rangos alineados
# ---------------------------------------------------------------------------


def _aligned_by_formula(t: np.ndarray) -> float:
    """García et al. (2010), §3.1, sin empates, con bucles y la suma cerrada de cuadrados."""
    n, k = t.shape
    aligned = [[t[i, j] - sum(t[i]) / k for j in range(k)] for i in range(n)]
    flat = sorted(((aligned[i][j], i, j) for i in range(n) for j in range(k)), reverse=True)
    rank = {(i, j): pos + 1 for pos, (_, i, j) in enumerate(flat)}  # 1 = el mejor
    r_alg = [sum(rank[i, j] for i in range(n)) for j in range(k)]
    r_row = [sum(rank[i, j] for j in range(k)) for i in range(n)]
    kn = k * n
    num = (k - 1) * (sum(x * x for x in r_alg) - (k * n * n / 4) * (kn + 1) ** 2)
    den = kn * (kn + 1) * (2 * kn + 1) / 6 - sum(x * x for x in r_row) / k
    return num / den


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_aligned_ranks_equal_the_paper_formula(seed):
    t = _table(seed, n=12, k=5)
    res = cu.aligned_ranks_test(t)
    expected = _aligned_by_formula(t)
    assert res.statistic == pytest.approx(expected, rel=1e-12)
    assert res.pvalue == pytest.approx(stats.chi2.sf(expected, 4), rel=1e-12)
    assert cu.aligned_ranks_test(t, higher_is_better=False).statistic == pytest.approx(expected)
    assert cu.aligned_ranks_test(t * 1e-150).statistic == pytest.approx(expected, rel=1e-12)


def test_aligned_ranks_see_what_friedman_cannot():
    """Dos algoritmos que se alternan en el primer puesto por márgenes muy distintos: Friedman
    ve un empate; los rangos alineados ven quién gana por mucho."""
    t = np.array([[0.90, 0.50, 0.40], [0.60, 0.61, 0.40]] * 6)
    friedman = cu.friedman_test(t)
    aligned = cu.aligned_ranks_test(t)
    assert friedman.average_ranks.iloc[0] == pytest.approx(1.5)
    assert aligned.average_ranks.iloc[0] < aligned.average_ranks.iloc[1]


# ---------------------------------------------------------------------------
# Ajustes de los valores p
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("i", range(len(_PVALUE_SETS)))
@pytest.mark.parametrize("method", ["holm", "hochberg", "hommel", "bonferroni"])
def test_adjustments_equal_r_and_statsmodels(r_results, i, method):
    p = np.asarray(_PVALUE_SETS[i])
    got = cu.adjust_pvalues(p, method)
    np.testing.assert_allclose(got, r_results[1][method][i], rtol=1e-12, atol=1e-15)
    sm = {"hochberg": "simes-hochberg"}.get(method, method)
    np.testing.assert_allclose(got, multipletests(p, method=sm)[1], rtol=1e-12, atol=1e-15)


def _finner_by_hand(p):
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out, running = [0.0] * m, 0.0
    for j, i in enumerate(order, start=1):
        running = max(running, 1 - (1 - p[i]) ** (m / j))
        out[i] = min(1.0, running)
    return out


@pytest.mark.parametrize("p", _PVALUE_SETS)
def test_finner_and_li_equal_the_paper_formulas(p):
    np.testing.assert_allclose(cu.adjust_pvalues(p, "finner"), _finner_by_hand(list(p)),
                               rtol=1e-12)
    pmax = max(p)
    np.testing.assert_allclose(cu.adjust_pvalues(p, "li"), [x / (x + 1 - pmax) for x in p],
                               rtol=1e-12)


def test_adjustment_order_of_strength():
    """Con los mismos p: Bonferroni ≥ Holm ≥ Hochberg ≥ Hommel, y Finner ≤ Holm."""
    for p in _PVALUE_SETS:
        bonf, holm = cu.adjust_pvalues(p, "bonferroni"), cu.adjust_pvalues(p, "holm")
        hoch, homm = cu.adjust_pvalues(p, "hochberg"), cu.adjust_pvalues(p, "hommel")
        finner = cu.adjust_pvalues(p, "finner")
        assert np.all(bonf >= holm - 1e-15) and np.all(holm >= hoch - 1e-15)
        assert np.all(hoch >= homm - 1e-15) and np.all(finner <= holm + 1e-15)


def _hommel_closed_testing(p):
    """Hommel por definición: H_i se rechaza a nivel α si la prueba de Simes rechaza cada
    intersección que la contiene; el valor ajustado es el máximo, sobre esos subconjuntos,
    de su valor p de Simes, min_j |I| p_(j) / j (enumeración de los 2^m subconjuntos)."""
    m = len(p)
    out = [0.0] * m
    for size in range(1, m + 1):
        for subset in itertools.combinations(range(m), size):
            ordered = sorted(p[i] for i in subset)
            simes = min(size * q / j for j, q in enumerate(ordered, start=1))
            for i in subset:
                out[i] = max(out[i], simes)
    return [min(1.0, v) for v in out]


_ADVERSARIAL = {
    "uniforme": lambda rng, m: rng.uniform(size=m),
    "concentrada": lambda rng, m: rng.uniform(size=m) ** 4,
    "empates": lambda rng, m: np.round(rng.uniform(size=m), 1),
    "extremos": lambda rng, m: rng.choice([0.0, 1.0, 0.05, 0.01, 1e-300, 0.5], size=m),
    "escala-log": lambda rng, m: 10.0 ** -rng.uniform(0, 300, size=m),
    "mezcla": lambda rng, m: np.concatenate([rng.uniform(0, 1e-3, m // 2),
                                            rng.uniform(size=m - m // 2)]),
}


@pytest.mark.parametrize("kind", sorted(_ADVERSARIAL))
def test_hommel_equals_statsmodels_and_closed_testing(kind):
    rng = np.random.default_rng(len(kind))
    for trial in range(300):
        m = int(rng.integers(1, 150))
        p = _ADVERSARIAL[kind](rng, m)
        rng.shuffle(p)
        got = cu.adjust_pvalues(p, "hommel")
        np.testing.assert_allclose(got, multipletests(p, method="hommel")[1], rtol=1e-12,
                                   atol=1e-300)
        if m <= 10:
            np.testing.assert_allclose(got, _hommel_closed_testing(list(p)), rtol=1e-12,
                                       atol=1e-300)


def test_hommel_is_bounded():
    from course_utils.many_models.posthoc import MAX_HOMMEL_PVALUES

    rng = np.random.default_rng(0)
    big = rng.uniform(size=MAX_HOMMEL_PVALUES + 1)
    with pytest.raises(ValueError, match="Hommel") as info:
        cu.adjust_pvalues(big, "hommel")
    assert_spanish(info, "pvalues")
    # Los demás ajustes no tienen ese límite (la duración del peor caso admitido se mide en
    # benchmarks/bounded_cost.py, no aquí).
    np.testing.assert_allclose(cu.adjust_pvalues(big, "hochberg"),
                               multipletests(big, method="simes-hochberg")[1], rtol=1e-12)
    # También por control_test: el error nombra `method` y `scores`, los argumentos que se
    # pasaron, no los `pvalues` internos.
    wide = rng.uniform(size=(2, MAX_HOMMEL_PVALUES + 2))
    with pytest.raises(ValueError, match="Hommel") as info:
        cu.control_test(wide, 0, method="hommel")
    assert_spanish(info, "method", "scores")
    assert "pvalues" not in str(info.value)


def test_li_edge_cases():
    np.testing.assert_allclose(cu.adjust_pvalues([0.0, 0.3, 1.0], "li"), [0.0, 1.0, 1.0])
    np.testing.assert_allclose(cu.adjust_pvalues([0.2], "li"), [0.2])


def test_adjust_pvalues_bad_input_in_spanish():
    for bad, name in ([[0.1, 1.2], "pvalues"], [[0.1, np.nan], "pvalues"], [[], "pvalues"]):
        with pytest.raises(ValueError) as info:
            cu.adjust_pvalues(bad)
        assert_spanish(info, name)
    with pytest.raises(ValueError) as info:
        cu.adjust_pvalues([0.1], "BH")
    assert_spanish(info, "method")


@pytest.mark.parametrize("method", ["hochberg", "hommel", "finner", "li"])
def test_control_test_with_garcia_herrera_procedures(method):
    t = _table(11, n=14, k=5)
    res = cu.control_test(t, 4, method=method, alpha=0.1)
    z = res.comparisons["statistic"].to_numpy()
    p = 2 * stats.norm.sf(np.abs(z))
    np.testing.assert_allclose(res.comparisons["pvalue"], p, rtol=1e-12)
    np.testing.assert_allclose(res.comparisons["pvalue_adjusted"],
                               cu.adjust_pvalues(p, method), rtol=1e-12)
    assert (res.comparisons["reject"] == (res.comparisons["pvalue_adjusted"] <= 0.1)).all()
    assert method.capitalize() in res.summary()
    import matplotlib.pyplot as plt

    ax = cu.plot_critical_difference(res)
    assert any(f"{method.capitalize()} frente al control" in t.get_text() for t in ax.texts)
    plt.close("all")


# ---------------------------------------------------------------------------
# Todas las parejas: Shaffer estático
# ---------------------------------------------------------------------------


def _partitions(items):
    """Todas las particiones de una lista (enumeración directa, para k pequeño)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first, *part[i]]] + part[i + 1:]
        yield [[first], *part]


@pytest.mark.parametrize("k", range(1, 8))
def test_shaffer_counts_equal_enumerating_every_partition(k):
    """Cada reparto de los k algoritmos en grupos iguales deja ciertas Σ C(n_g, 2) hipótesis."""
    counts = {sum(len(g) * (len(g) - 1) // 2 for g in part) for part in _partitions(list(range(k)))}
    assert cu.shaffer_true_counts(k) == sorted(counts)


def test_shaffer_multipliers_for_four_algorithms():
    """Shaffer (1986) con k = 4 (6 parejas): t = 6, 3, 3, 3, 2, 1 (Holm: 6, 5, 4, 3, 2, 1)."""
    p = np.array([0.001, 0.002, 0.003, 0.004, 0.005, 0.006])
    t = np.array([6, 3, 3, 3, 2, 1])
    expected = np.minimum(1, np.maximum.accumulate(t * p))
    table = np.tile([0.9, 0.8, 0.7, 0.6], (12, 1))  # solo para obtener k = 4
    res = cu.pairwise_test(table, method="shaffer")
    got = posthoc._shaffer_apv(p, 4)
    np.testing.assert_allclose(got, expected, rtol=1e-15)
    assert len(res.comparisons) == 6


@pytest.mark.parametrize("seed", [0, 4])
def test_pairwise_pvalues_and_strength(seed):
    t = _table(seed, n=15, k=5)
    n, k = t.shape
    r = stats.rankdata(-t, axis=1).mean(axis=0)
    se = np.sqrt(k * (k + 1) / (6 * n))
    holm = cu.pairwise_test(t, method="holm")
    shaffer = cu.pairwise_test(t, method="shaffer")
    bonf = cu.pairwise_test(t, method="bonferroni")
    for row in holm.comparisons.itertuples():
        z = (r[holm.algorithms.index(row.a)] - r[holm.algorithms.index(row.b)]) / se
        assert row.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-12)
    p = holm.comparisons["pvalue"].to_numpy()
    np.testing.assert_allclose(holm.comparisons["pvalue_adjusted"],
                               multipletests(p, method="holm")[1], rtol=1e-12)
    np.testing.assert_allclose(bonf.comparisons["pvalue_adjusted"],
                               multipletests(p, method="bonferroni")[1], rtol=1e-12)
    assert np.all(shaffer.comparisons["pvalue_adjusted"].to_numpy()
                  <= holm.comparisons["pvalue_adjusted"].to_numpy() + 1e-15)
    import matplotlib.pyplot as plt

    ax = cu.plot_critical_difference(shaffer)
    assert any("Shaffer" in t.get_text() for t in ax.texts)
    plt.close("all")


def test_pairwise_bad_input_in_spanish():
    with pytest.raises(ValueError) as info:
        cu.pairwise_test(_table(0), method="hochberg")
    assert_spanish(info, "method")
    with pytest.raises(ValueError) as info:
        cu.shaffer_true_counts(31)
    assert_spanish(info, "k")
