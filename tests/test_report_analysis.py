"""Qué analiza el informe con varios algoritmos, con pocos conjuntos y en los casos raros.

Cada número se contrasta con una referencia independiente: R (``wilcox.test``, ``p.adjust``,
``friedman.test``, ``prop.test``), scipy (``wilcoxon`` exacta o por permutación completa,
``binomtest``, ``friedmanchisquare``, ``ttest_rel``), statsmodels (``multipletests``,
``proportion_confint``), scikit-learn (``roc_auc_score``), baycomp, enumeraciones exhaustivas
(todas las combinaciones de signos o de órdenes) y las definiciones de los artículos (Shaffer,
1986; Bergmann y Hommel, 1988, con los APV de García y Herrera, 2008; Kerby, 2014), escritas
aquí a mano, sin el código del curso.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest

from test_friedman_exact import _brute_force_pvalue
from scipy import stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

import course_utils as cu
from course_utils.__main__ import main
from course_utils.report.guide import GUIDE

from conftest import run_r

SEED = 20261124
ALPHA = 0.05


# ---------------------------------------------------------------------------
# Referencias escritas a mano
# ---------------------------------------------------------------------------


def _partitions(items: list) -> list[list[list]]:
    """Todas las particiones de ``items`` (recursión: el primero va solo o con un grupo)."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for part in _partitions(rest):
        out.append([[first]] + part)
        for i in range(len(part)):
            out.append(part[:i] + [[first] + part[i]] + part[i + 1:])
    return out


def _exhaustive_sets(k: int) -> list[set]:
    """Conjuntos exhaustivos: las parejas dentro de los grupos de cada partición no trivial."""
    pairs = list(itertools.combinations(range(k), 2))
    sets = []
    for part in _partitions(list(range(k))):
        group = {x: g for g, members in enumerate(part) for x in members}
        inside = {j for j, (a, b) in enumerate(pairs) if group[a] == group[b]}
        if inside:
            sets.append(inside)
    return sets


def _bergmann_by_definition(p: list[float], k: int) -> list[float]:
    """APV_i = min(1, max{|I| · min_{j∈I} p_j : I exhaustivo, i ∈ I}) (García y Herrera,
    2008)."""
    sets = _exhaustive_sets(k)
    return [min(1.0, max(len(s) * min(p[j] for j in s) for s in sets if i in s))
            for i in range(len(p))]


def _wilcoxon_exact(a, b) -> float:
    """Wilcoxon bilateral exacta: todas las 2^n asignaciones de signos a los rangos de |d|
    (rangos medios con empates; los ceros, repartidos a medias entre R+ y R−, no cambian)."""
    d = np.asarray(a, float) - np.asarray(b, float)
    d = np.where(np.abs(d) < 1e-12, 0.0, d)
    ranks = stats.rankdata(np.abs(d))[d != 0]
    observed = ranks[d[d != 0] > 0].sum()
    signs = np.array(list(itertools.product((0, 1), repeat=ranks.size)))
    r_plus = signs @ ranks
    tail = min(np.mean(r_plus >= observed - 1e-9), np.mean(r_plus <= observed + 1e-9))
    return float(min(1.0, 2 * tail))


def test_hand_wilcoxon_equals_scipy_permutation():
    auc, _ = cu.load_demsar_2006()
    a, b = auc["C4.5"].iloc[:10], auc["C4.5+m+cf"].iloc[:10]  # con empates y un cero
    ref = stats.wilcoxon(a, b, zero_method="zsplit",
                         method=stats.PermutationMethod(n_resamples=np.inf)).pvalue
    assert _wilcoxon_exact(a, b) == pytest.approx(ref, rel=1e-12)


def _table(n=12, k=4, seed=SEED, shift=(0.0, 0.01, 0.02, 0.03)) -> pd.DataFrame:
    """Conjuntos × algoritmos sin empates ni diferencias repetidas (Wilcoxon exacta de scipy)."""
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.6, 0.9, (n, 1))
    values = base + np.asarray(shift[:k]) + rng.normal(0, 0.012, (n, k))
    return pd.DataFrame(values.round(6), columns=[f"M{j + 1}" for j in range(k)],
                        index=pd.Index([f"c{i}" for i in range(n)], name="conjunto"))


# ---------------------------------------------------------------------------
# 1. Ajuste por parejas de cualquier valor p: Shaffer y Bergmann-Hommel con k = 4
# ---------------------------------------------------------------------------


def test_hand_partitions_give_the_bell_numbers():
    # B_k − 1 conjuntos exhaustivos: 1, 4, 14, 51 (la referencia de las pruebas siguientes)
    assert [len(_exhaustive_sets(k)) for k in (2, 3, 4, 5)] == [1, 4, 14, 51]


@pytest.mark.parametrize("seed", range(6))
def test_bergmann_adjusts_any_pvalues_as_its_definition_says(seed):
    rng = np.random.default_rng(seed)
    p = rng.uniform(0, 0.2, 6) ** rng.uniform(0.5, 2)
    got = cu.adjust_pairwise_pvalues(p, 4, "bergmann")
    np.testing.assert_allclose(got, _bergmann_by_definition(p.tolist(), 4), rtol=1e-14)


def test_shaffer_with_four_algorithms_uses_shaffers_multipliers():
    """Shaffer (1986), k = 4: t = 6, 3, 3, 3, 2, 1 (si una pareja difiere, como mucho 3
    hipótesis siguen pudiendo ser ciertas); Holm, como statsmodels y R."""
    p = np.array([0.030, 0.004, 0.012, 0.2, 0.011, 0.05])
    order = np.argsort(p)
    t = np.array([6, 3, 3, 3, 2, 1])
    expected = np.empty(6)
    expected[order] = np.minimum(1, np.maximum.accumulate(t * p[order]))
    np.testing.assert_allclose(cu.adjust_pairwise_pvalues(p, 4, "shaffer"), expected, rtol=1e-14)
    np.testing.assert_allclose(cu.adjust_pairwise_pvalues(p, 4, "holm"),
                               multipletests(p, method="holm")[1], rtol=1e-14)


@pytest.mark.parametrize("bad, pattern", [
    (dict(pvalues=[0.1] * 5, k=4), r"k\(k-1\)/2 = 6"),
    (dict(pvalues=[0.1, 1.2, 0.1], k=3), r"entre 0 y 1"),
    (dict(pvalues=[0.1] * 55, k=11, method="bergmann"), r"`k`"),
    (dict(pvalues=[0.1] * 465, k=31, method="shaffer"), r"`k`.*30"),
    (dict(pvalues=[0.1] * 3, k=3, method="hommel"), r"`method`"),
])
def test_adjust_pairwise_pvalues_errors_in_spanish(bad, pattern):
    with pytest.raises(ValueError, match=pattern):
        cu.adjust_pairwise_pvalues(**bad)


def test_more_than_thirty_algorithms_fall_back_to_holm():
    """Shaffer enumera hasta 30 algoritmos y Bergmann-Hommel hasta 10; Holm y Bonferroni no
    tienen tope: con 32 algoritmos, por defecto Holm (scipy con Holm de statsmodels), y
    Shaffer pedido a mano es un error que nombra `method`, no un `k` que nadie pasó."""
    rng = np.random.default_rng(SEED)
    table = pd.DataFrame(rng.uniform(0.6, 0.8, size=(8, 32)) + np.linspace(0, 0.2, 32),
                         columns=[f"M{j}" for j in range(32)])
    res = cu.wilcoxon_pairwise_test(table)
    c = res.comparisons
    assert res.method == "wilcoxon-holm" and len(c) == 32 * 31 // 2
    p = [_wilcoxon_exact(table[a], table[b]) for a, b in zip(c.a, c.b)]
    np.testing.assert_allclose(c.pvalue, p, rtol=1e-10)
    np.testing.assert_allclose(c.pvalue_adjusted, multipletests(p, method="holm")[1],
                               rtol=1e-10)
    np.testing.assert_allclose(cu.adjust_pairwise_pvalues(p, 32, "bonferroni"),
                               multipletests(p, method="bonferroni")[1], rtol=1e-12)
    assert cu.wilcoxon_pairwise_test(table.iloc[:, :30]).method == "wilcoxon-shaffer"
    with pytest.raises(ValueError, match="`method`.*'shaffer'.*30.*`scores` tiene 32"):
        cu.wilcoxon_pairwise_test(table, method="shaffer")


def test_wilcoxon_pairwise_on_demsar_table_6():
    """La tabla 6 de Demšar (2006), con empates y ceros: cada pareja con la Wilcoxon exacta de
    scipy (permutación completa, ceros repartidos), la de los signos con binomtest (empates
    repartidos, Demšar §3.1.4), y el ajuste con la definición de Bergmann-Hommel."""
    auc, _ = cu.load_demsar_2006()
    res = cu.wilcoxon_pairwise_test(auc)
    c = res.comparisons
    assert res.method == "wilcoxon-bergmann" and res.critical_difference is None
    p = [_wilcoxon_exact(auc[a], auc[b]) for a, b in zip(c.a, c.b)]
    np.testing.assert_allclose(c.pvalue, p, rtol=1e-10)
    for row in c.itertuples():
        d = (auc[row.a] - auc[row.b]).to_numpy()
        wins, losses, ties = int((d > 0).sum()), int((d < 0).sum()), int((d == 0).sum())
        assert (row.wins, row.losses, row.ties) == (wins, losses, ties)
        half = ties // 2
        ref = stats.binomtest(wins + half, wins + losses + 2 * half).pvalue
        assert row.sign_pvalue == pytest.approx(ref, rel=1e-12)
    np.testing.assert_allclose(c.pvalue_adjusted, _bergmann_by_definition(p, 4), rtol=1e-10)
    ctrl = cu.wilcoxon_pairwise_test(auc, control="C4.5")
    assert ctrl.control == "C4.5" and list(ctrl.comparisons.a) == ["C4.5"] * 3
    p_ctrl = [_wilcoxon_exact(auc["C4.5"], auc[b]) for b in ctrl.comparisons.b]
    np.testing.assert_allclose(ctrl.comparisons.pvalue_adjusted,
                               multipletests(p_ctrl, method="holm")[1], rtol=1e-10)
    assert "frente al control «C4.5», ajuste de Holm" in ctrl.summary()
    ax = cu.plot_critical_difference(res)
    assert any("Wilcoxon por parejas con ajuste de Bergmann-Hommel" in t.get_text()
               for t in ax.texts)


@pytest.mark.parametrize("zero_method", ["zsplit", "wilcox", "pratt"])
def test_identical_pair_rank_sums_follow_the_zero_method(zero_method):
    """A1 = A2 en los 5 conjuntos: p = 1, y R+ y R- son los de la definición de cada
    `zero_method` (con "zsplit", la mitad de 1 + … + 5 cada una; con "wilcox" y "pratt" los
    ceros no cuentan: 0), como en una pareja con algunos ceros (A1 frente a A3, comparada con
    scipy.stats.wilcoxon)."""
    t = np.array([[0.8, 0.8, 0.8], [0.7, 0.7, 0.6], [0.9, 0.9, 0.95], [0.6, 0.6, 0.5],
                  [0.5, 0.5, 0.55]])
    c = cu.wilcoxon_pairwise_test(t, zero_method=zero_method).comparisons
    half = 5 * 6 / 4 if zero_method == "zsplit" else 0.0
    assert c.loc[0, ["r_plus", "r_minus", "statistic", "pvalue"]].tolist() == [half, half,
                                                                             half, 1.0]
    d = t[:, 0] - t[:, 2]
    ref = stats.wilcoxon(d, zero_method=zero_method, method="asymptotic")
    assert min(c.loc[1, "r_plus"], c.loc[1, "r_minus"]) == pytest.approx(ref.statistic)


def test_wilcoxon_pairwise_control_by_integer_label_as_control_test():
    """Con columnas de etiqueta entera, ``control=0`` es la columna ``0`` (como en
    ``control_test``), no un error; el resultado, el de scipy con Holm de statsmodels."""
    auc, _ = cu.load_demsar_2006()
    numbered = auc.set_axis(range(auc.shape[1]), axis=1)
    res = cu.wilcoxon_pairwise_test(numbered, control=2)
    assert res.control == "2" and list(res.comparisons.b) == ["0", "1", "3"]
    p = [_wilcoxon_exact(numbered[2], numbered[b]) for b in (0, 1, 3)]
    np.testing.assert_allclose(res.comparisons.pvalue_adjusted,
                               multipletests(p, method="holm")[1], rtol=1e-10)
    assert cu.control_test(numbered, 2).control == res.control
    with pytest.raises(ValueError, match="`control`.*scores.columns|`control`.*columnas"):
        cu.wilcoxon_pairwise_test(numbered, control=7)
    with pytest.raises(TypeError, match="`control`"):
        cu.wilcoxon_pairwise_test(auc.to_numpy(), control=True)
    for bad in (np.array(["holm", "li"]), "shaffer", 3):
        with pytest.raises(ValueError, match="`method`: frente a un `control`"):
            cu.wilcoxon_pairwise_test(numbered, control=2, method=bad)


# ---------------------------------------------------------------------------
# 2. R: wilcox.test, p.adjust, friedman.test, prop.test
# ---------------------------------------------------------------------------

_TIED = pd.DataFrame({"A": [0.80, 0.75, 0.90, 0.70, 0.85, 0.80, 0.66, 0.91, 0.77, 0.88],
                      "B": [0.80, 0.72, 0.88, 0.71, 0.85, 0.78, 0.60, 0.90, 0.74, 0.86],
                      "C": [0.78, 0.75, 0.86, 0.69, 0.80, 0.80, 0.61, 0.89, 0.74, 0.80]},
                     index=pd.Index([f"c{i}" for i in range(10)], name="conjunto"))


@pytest.fixture(scope="module")
def r_refs(tmp_path_factory):
    table = _table()
    pairs = [("M4", b) for b in ("M1", "M2", "M3")]
    data = [[[table[a].tolist(), table[b].tolist()] for a, b in pairs],
            [_TIED[c].tolist() for c in _TIED.columns]]
    script = r"""
    args <- commandArgs(trailingOnly = TRUE)
    lists <- read_json_lists(args[1])
    out <- c()
    p <- c()
    for (pair in lists[[1]]) {
      w <- wilcox.test(unlist(pair[[1]]), unlist(pair[[2]]), paired = TRUE, exact = TRUE)
      p <- c(p, w$p.value)
      n <- length(unlist(pair[[1]]))
      wins <- sum(unlist(pair[[1]]) > unlist(pair[[2]]))
      ci <- prop.test(wins, n, correct = FALSE)$conf.int
      out <- c(out, sprintf("pair %.17g %.17g %.17g %.17g", w$p.value, w$statistic, ci[1], ci[2]))
    }
    out <- c(out, paste("holm", paste(sprintf("%.17g", p.adjust(p, "holm")), collapse = " ")))
    m <- do.call(cbind, lapply(lists[[2]], unlist))
    f <- friedman.test(m)
    out <- c(out, sprintf("friedman %.17g %.17g", f$statistic, f$p.value))
    writeLines(out, args[2])
    """
    lines = run_r(script, data, tmp_path_factory.mktemp("r"))
    pairs_out = [[float(v) for v in line.split()[1:]] for line in lines if line.startswith("pair")]
    holm = [float(v) for v in next(li for li in lines if li.startswith("holm")).split()[1:]]
    fried = [float(v) for v in next(li for li in lines if li.startswith("friedman")).split()[1:]]
    return table, pairs_out, holm, fried


def test_control_comparisons_equal_r_wilcox_test_and_p_adjust(r_refs):
    table, pairs, holm, _ = r_refs
    r = cu.analyze_results(table, metric="exactitud", control="M4")
    assert r.choices[1] is GUIDE["datasets_many_control"]
    assert r.correction == "Holm frente al control"
    c = r.comparisons
    np.testing.assert_allclose(c.pvalue, [p[0] for p in pairs], rtol=1e-10)
    np.testing.assert_allclose(c.pvalue_adjusted, holm, rtol=1e-10)
    # r pareada = (R+ − R−)/(R+ + R−) con V = R+ de R (Kerby, 2014), y con la R+ de scipy
    n = len(table)
    for row, (_, v, lo, hi) in zip(c.itertuples(), pairs):
        assert row.rank_biserial == pytest.approx((2 * v - n * (n + 1) / 2) / (n * (n + 1) / 2))
        r_plus = stats.wilcoxon(table[row.a], table[row.b], alternative="greater").statistic
        assert row.rank_biserial == pytest.approx(4 * r_plus / (n * (n + 1)) - 1, rel=1e-12)
        # proporción de victorias con el intervalo de Wilson (prop.test sin corrección)
        assert row.win_share == pytest.approx(row.wins / n)
        assert (row.win_share_low, row.win_share_high) == pytest.approx((lo, hi), rel=1e-9)


def test_friedman_chi2_is_demsars_with_r_and_scipys_tie_corrected_beside_it(r_refs):
    """El informe sigue la convención del curso (Demšar, 2006, sin corregir por empates, como
    ``cu.friedman_test`` y los cuadernos 08 y 11) y, con empates, da además el χ²_F corregido
    de R y scipy."""
    chi2_r, p_r = r_refs[3]
    ref = stats.friedmanchisquare(*(_TIED[c] for c in _TIED.columns))
    assert chi2_r == pytest.approx(ref.statistic, rel=1e-10)
    r = cu.analyze_results(_TIED, metric="exactitud")
    om = r.omnibus
    n, k = _TIED.shape
    ranks = stats.rankdata(-_TIED.to_numpy(), axis=1)
    demsar = 12 * n / (k * (k + 1)) * (np.sum(ranks.mean(axis=0) ** 2) - k * (k + 1) ** 2 / 4)
    assert demsar < chi2_r  # con empates, la corrección lo agranda
    assert om["chi2"] == pytest.approx(demsar, rel=1e-10) and om["ties_corrected"] is False
    ff = (n - 1) * demsar / (n * (k - 1) - demsar)  # Iman y Davenport a partir del mismo χ²
    assert om["statistic"] == pytest.approx(ff, rel=1e-10)
    # N·k = 30: el valor p es el exacto (R da el asintótico, p_r), el de enumerar todas las
    # tablas con los mismos valores permutados dentro de cada fila; χ²_F y F_F lo comparten,
    # y la corrección por empates no lo cambia.
    exact = _brute_force_pvalue(_TIED.to_numpy())
    assert p_r != pytest.approx(exact, rel=1e-3)
    assert om["chi2_pvalue"] == pytest.approx(exact, rel=1e-10)
    assert om["pvalue"] == pytest.approx(exact, rel=1e-10)
    md = r.to_markdown()
    assert "el valor p de las dos es el exacto" in md
    assert f"χ²_F de Friedman = {demsar:.4f} (gl = 2)" in md
    assert "sin la corrección por empates, con la fórmula de Demšar (2006)" in md
    assert f"scipy y autorank los corrigen y dan χ²_F = {chi2_r:.4f}" in md


# ---------------------------------------------------------------------------
# 3. El motivo: un marco que gana en los 19 conjuntos a un predictor constante
# ---------------------------------------------------------------------------


def _automl_like() -> pd.DataFrame:
    rng = np.random.default_rng(7)
    n = 19
    base = rng.uniform(0.65, 0.95, n)
    cols = {f"F{j + 1}": base + 0.03 + rng.normal(0, 0.015, n) for j in range(6)}
    cols["X"] = base + 0.01 * rng.uniform(0.5, 1.5, n)
    cols["constante"] = base - 0.05 - rng.uniform(0, 0.02, n)
    table = pd.DataFrame(cols).round(4)
    table.insert(0, "conjunto", [f"d{i}" for i in range(n)])
    return table


def test_a_method_that_always_wins_is_separated_by_wilcoxon_not_by_mean_ranks():
    table = _automl_like()
    x, const = table["X"].to_numpy(), table["constante"].to_numpy()
    assert np.all(x > const)  # 19 de 19
    r = cu.analyze_results(table, metric="exactitud")
    row = r.comparisons.set_index(["a", "b"]).loc[("X", "constante")]
    assert row.pvalue == pytest.approx(stats.wilcoxon(x, const).pvalue, rel=1e-12)
    assert row.pvalue == pytest.approx(2 / 2**19, rel=1e-12)
    assert row.reject and row.wins == 19 and row.rank_biserial == 1.0
    assert "X es mejor que constante" in " ".join(r.conclusion)
    # Con los rangos medios (prueba z de García y Herrera), la pareja no se separa.
    ranks = cu.analyze_results(table, metric="exactitud", posthoc="ranks")
    mean_ranks = stats.rankdata(-table.drop(columns="conjunto").to_numpy(), axis=1).mean(axis=0)
    k, n = 8, 19
    z = (mean_ranks[6] - mean_ranks[7]) / math.sqrt(k * (k + 1) / (6 * n))
    row = ranks.comparisons.set_index(["a", "b"]).loc[("X", "constante")]
    assert row.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-10)
    assert not row.reject
    assert ranks.choices[1] is GUIDE["datasets_many_all_ranks"]
    md = ranks.to_markdown()
    assert "Todas las parejas sobre los rangos medios con Bergmann-Hommel" in md
    assert "dependen de qué otros algoritmos se comparen" in md
    assert "Wilcoxon por parejas" in r.to_markdown()


def test_command_line_posthoc_option(tmp_path, capsys):
    csv = tmp_path / "automl.csv"
    _automl_like().to_csv(csv, index=False)
    assert main(["informe", str(csv), "--medida", "exactitud", "--posthoc", "rangos"]) == 0
    out = capsys.readouterr().out
    assert "sobre los rangos medios" in out and "posthoc='ranks'" in out
    assert main(["informe", str(csv), "--medida", "exactitud"]) == 0
    assert "Prueba de Wilcoxon por parejas con Bergmann-Hommel" in capsys.readouterr().out
    with pytest.raises(ValueError, match=r"`posthoc`"):
        cu.analyze_results(csv, metric="exactitud", posthoc="nemenyi")


# ---------------------------------------------------------------------------
# 4. Pocos conjuntos: lo que pueden y lo que no pueden mostrar
# ---------------------------------------------------------------------------


def _friedman_min_p_by_enumeration(n: int, k: int) -> float:
    """P(χ²_F ≥ su máximo) enumerando los (k!)^n órdenes posibles de los n conjuntos."""
    perms = list(itertools.permutations(range(1, k + 1)))
    stats_ = []
    for combo in itertools.product(perms, repeat=n):
        r = np.mean(combo, axis=0)
        stats_.append(12 * n / (k * (k + 1)) * (np.sum(r**2) - k * (k + 1) ** 2 / 4))
    stats_ = np.array(stats_)
    return float(np.mean(stats_ >= stats_.max() - 1e-9))


def _wilcoxon_min_p_by_enumeration(n: int) -> float:
    """Menor p bilateral de Wilcoxon sobre las 2^n asignaciones de signos a los rangos 1..n."""
    ranks = np.arange(1, n + 1)
    r_plus = np.array([ranks[list(s)].sum() for size in range(n + 1)
                       for s in itertools.combinations(range(n), size)])
    return min(1.0, 2 * float(np.mean(r_plus >= r_plus.max())))


@pytest.mark.parametrize("n, k", [(2, 3), (3, 3), (2, 4), (4, 3)])
def test_smallest_exact_friedman_p_by_enumeration(n, k):
    from course_utils.report._analysis_datasets import _min_friedman_p

    assert _min_friedman_p(n, k) == pytest.approx(_friedman_min_p_by_enumeration(n, k), rel=1e-12)


@pytest.mark.parametrize("m", [1, 3, 6, 10])
def test_datasets_needed_for_a_pair_by_enumeration(m):
    from course_utils.report._analysis_datasets import _needed_datasets

    needed = next(n for n in range(1, 14) if m * _wilcoxon_min_p_by_enumeration(n) <= ALPHA)
    assert _needed_datasets(ALPHA, m) == needed


def test_two_datasets_cannot_give_a_friedman_p_below_one_sixth():
    table = pd.DataFrame({"conjunto": ["a", "b"], "A": [0.9, 0.8], "B": [0.8, 0.7],
                          "C": [0.7, 0.6]})
    p_min = _friedman_min_p_by_enumeration(2, 3)
    assert p_min == pytest.approx(1 / 6)
    with pytest.raises(ValueError, match=rf"nunca puede dar un valor p ≤ 0.05.*{p_min:.4f}.*"
                                         r"al menos 3 conjuntos"):
        cu.analyze_results(table, metric="exactitud")


def test_report_never_reads_a_friedman_p_below_the_smallest_exact_one():
    """Dos conjuntos que ordenan igual a cuatro algoritmos: el valor p exacto es 1/24 (por
    enumeración). Si la prueba da uno menor (la aproximación F), el informe lo dice."""
    table = pd.DataFrame({"conjunto": ["a", "b"], "A": [0.9, 0.8], "B": [0.8, 0.7],
                          "C": [0.7, 0.6], "D": [0.6, 0.5]})
    floor = _friedman_min_p_by_enumeration(2, 4)
    r = cu.analyze_results(table, metric="exactitud")
    if r.omnibus["pvalue"] < floor:
        assert any(f"(k!)^(1−N) = {floor:.4f}" in n and "al pie de la letra" in n
                   for n in r.notes)
    else:
        assert r.omnibus["pvalue"] >= floor - 1e-12


def test_three_datasets_can_show_no_pair():
    table = pd.DataFrame({"conjunto": ["a", "b", "c"], "A": [0.9, 0.8, 0.85],
                          "B": [0.8, 0.7, 0.80], "C": [0.7, 0.6, 0.62]})
    floor = _wilcoxon_min_p_by_enumeration(3)
    assert floor == 0.25
    r = cu.analyze_results(table, metric="exactitud")
    text = " ".join(r.notes)
    assert f"2/2^3 = {floor:.4f}" in text and f"nunca baja de {min(1, 3 * floor):.4f}" in text
    needed = next(n for n in range(1, 14) if 3 * _wilcoxon_min_p_by_enumeration(n) <= ALPHA)
    assert f"al menos {needed} conjuntos sin empate" in text
    assert not r.comparisons.reject.any()
    conclusion = " ".join(r.conclusion)
    assert "ninguna pareja podía salir significativa" in conclusion
    assert "es mejor que" not in conclusion


# ---------------------------------------------------------------------------
# 5. Prueba global sin rechazo: ninguna pareja «mejor»
# ---------------------------------------------------------------------------


def test_no_pairwise_better_when_the_omnibus_does_not_reject():
    rng = np.random.default_rng(1)
    n, k = 12, 6
    values = rng.uniform(0.6, 0.9, (n, 1)) + rng.normal(0, 0.02, (n, k))
    values[:, 0] = values[:, 1] + np.abs(rng.normal(0.01, 0.003, n))  # A gana a B en los 12
    table = pd.DataFrame(values.round(4), columns=list("ABCDEF"))
    table.insert(0, "conjunto", [f"c{i}" for i in range(n)])
    scores = table[list("ABCDEF")].to_numpy()
    chi2 = stats.friedmanchisquare(*scores.T).statistic
    ff = (n - 1) * chi2 / (n * (k - 1) - chi2)
    assert stats.f.sf(ff, k - 1, (k - 1) * (n - 1)) > ALPHA  # la global no rechaza...
    p = [_wilcoxon_exact(scores[:, i], scores[:, j])
         for i, j in itertools.combinations(range(k), 2)]
    assert _bergmann_by_definition(p, k)[0] <= ALPHA  # ...y A–B sí, tras el ajuste
    r = cu.analyze_results(table, metric="exactitud")
    assert r.comparisons.reject.iloc[0]
    conclusion = " ".join(r.conclusion)
    assert "no rechaza" in conclusion and "es mejor que" not in conclusion
    assert "la pareja con p ajustado ≤ α no se lee como hallazgo" in conclusion


# ---------------------------------------------------------------------------
# 6. Bergmann-Hommel no monótono y parejas que ninguna barra une (García y Herrera, 2008)
# ---------------------------------------------------------------------------


def test_non_monotone_adjusted_pvalues_and_pairs_without_a_bar_are_explained():
    table = cu.load_garcia_herrera_2008()
    r = cu.analyze_results(table, metric="exactitud")
    c = r.comparisons
    p = c.pvalue.tolist()
    adj = _bergmann_by_definition(p, 5)
    np.testing.assert_allclose(c.pvalue_adjusted, adj, rtol=1e-12)
    cases = [(i, j) for i in range(10) for j in range(10) if p[i] < p[j] and adj[i] > adj[j]]
    assert cases  # la tabla tiene el caso que se quiere explicar
    i, j = min(cases, key=lambda ij: (p[ij[0]], p[ij[1]]))
    note = next(n for n in r.notes if "no crecen siempre" in n)
    assert f"{c.a[i]}–{c.b[i]} tiene un p menor que {c.a[j]}–{c.b[j]}" in note
    assert f"({len(cases)} {'caso' if len(cases) == 1 else 'casos'})" in note
    # k-NN y NaiveBayes no difieren, pero CN2, entre los dos por rango medio, difiere de
    # NaiveBayes: ninguna barra de tramos consecutivos puede unirlos.
    mean_ranks = pd.Series(stats.rankdata(-table.to_numpy(), axis=1).mean(axis=0),
                           index=table.columns)
    lo, hi = sorted([mean_ranks["k-NN(k=1)"], mean_ranks["NaiveBayes"]])
    assert lo < mean_ranks["CN2"] < hi
    rows = c.set_index(["a", "b"])
    assert not rows.loc[("k-NN(k=1)", "NaiveBayes"), "reject"]
    assert rows.loc[("NaiveBayes", "CN2"), "reject"]
    assert any("k-NN(k=1)–NaiveBayes no difiere significativamente" in n for n in r.notes)


# ---------------------------------------------------------------------------
# 7. Efectos pareados en vez de la δ de Cliff sin parear
# ---------------------------------------------------------------------------


def test_paired_effects_replace_the_unpaired_cliffs_delta():
    """A gana en 18 de 19 conjuntos por poco, con escalas muy distintas entre conjuntos: la δ
    de Cliff sin parear (calculada aquí) casi no lo ve; la proporción de victorias y la r
    pareada, sí."""
    rng = np.random.default_rng(3)
    base = np.linspace(0.3, 0.95, 19)
    a = base + rng.uniform(0.002, 0.01, 19)
    a[5] = base[5] - 0.004
    table = pd.DataFrame({"conjunto": [f"c{i}" for i in range(19)], "A": a, "B": base})
    cliff = float(np.sign(np.subtract.outer(a, base)).mean())
    assert abs(cliff) < 0.1
    r = cu.analyze_results(table, metric="exactitud")
    row = r.comparisons.iloc[0]
    assert (row.wins, row.losses) == (18, 1)
    low, high = proportion_confint(18, 19, alpha=ALPHA, method="wilson")
    assert (row.win_share_low, row.win_share_high) == pytest.approx((low, high), rel=1e-12)
    r_plus = stats.wilcoxon(a, base, alternative="greater").statistic
    assert row.rank_biserial == pytest.approx(4 * r_plus / (19 * 20) - 1, rel=1e-12)
    # intervalo bootstrap percentil de r: otro remuestreo (NumPy, 20000 réplicas) coincide
    d = a - base
    idx = np.random.default_rng(99).integers(0, 19, (20_000, 19))
    boot = d[idx]
    r_boot = (np.sign(boot) * stats.rankdata(np.abs(boot), axis=1)).sum(axis=1) / (19 * 20 / 2)
    ref = np.quantile(r_boot, [ALPHA / 2, 1 - ALPHA / 2])
    assert row.rank_biserial_low == pytest.approx(ref[0], abs=0.03)
    assert row.rank_biserial_high == pytest.approx(ref[1], abs=0.03)
    md = r.to_markdown()
    assert "Cliff" not in md and "18/19" in md and "r pareada" in md


# ---------------------------------------------------------------------------
# 8. Cada diseño da un informe entero
# ---------------------------------------------------------------------------


def test_skillings_mack_is_followed_by_wilcoxon_holm_on_the_available_pairs():
    table = _table(n=14, k=4, seed=5)
    table.iloc[0, 1] = table.iloc[3, 2] = table.iloc[7, 0] = np.nan
    r = cu.analyze_results(table, metric="exactitud", allow_missing=True)
    assert r.choices[0] is GUIDE["datasets_incomplete"] and r.correction == "Holm"
    c = r.comparisons
    assert len(c) == 6
    p = []
    for row in c.itertuples():
        both = table[[row.a, row.b]].dropna()
        assert row.n == len(both)
        p.append(stats.wilcoxon(both[row.a], both[row.b]).pvalue)  # exacta: sin empates
    np.testing.assert_allclose(c.pvalue, p, rtol=1e-10)
    np.testing.assert_allclose(c.pvalue_adjusted, multipletests(p, method="holm")[1], rtol=1e-10)
    assert "| n |" in r.to_markdown()  # cada pareja con sus conjuntos
    fig = r.figure()
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert any("Wilcoxon por parejas con ajuste de Holm" in t for t in texts)
    assert all(any(t.startswith(f"{m} (") for t in texts) for m in table.columns)
    tex = r.to_latex()
    body = tex[tex.rindex(r"\midrule"):tex.rindex(r"\bottomrule")]  # la tabla de parejas
    assert body.count(r"\\") == 6


def test_identical_models_are_reported_and_the_rest_is_analysed():
    rng = np.random.default_rng(SEED)
    rows = []
    for rep in range(10):
        for fold in range(10):
            base = rng.normal(0.8, 0.02)
            rows.append({"repeticion": rep, "particion": fold, "A": base + 0.01,
                         "B": base + 0.01, "C": base + rng.normal(0, 0.01)})
    cv = pd.DataFrame(rows)
    r = cu.analyze_results(cv, metric="exactitud")
    assert any("«A» y «B» tienen las mismas puntuaciones" in n for n in r.notes)
    c = r.comparisons.set_index(["a", "b"])
    assert c.loc[("A", "B"), "pvalue"] == 1.0 and not c.loc[("A", "B"), "reject"]
    # las otras parejas: la t corregida de Nadeau y Bengio escrita aquí (razón 1/9)
    p = {}
    for a, b in (("A", "C"), ("B", "C")):
        d = (cv[a] - cv[b]).to_numpy()
        t = d.mean() / math.sqrt((1 / d.size + 1 / 9) * d.var(ddof=1))
        p[(a, b)] = 2 * stats.t.sf(abs(t), d.size - 1)
        assert c.loc[(a, b), "pvalue"] == pytest.approx(p[(a, b)], rel=1e-10)
    holm = multipletests([1.0, p[("A", "C")], p[("B", "C")]], method="holm")[1]
    np.testing.assert_allclose(r.comparisons.pvalue_adjusted, holm, rtol=1e-10)
    with pytest.raises(ValueError, match=r"«A» y «B» tienen las mismas puntuaciones"):
        cu.analyze_results(cv.drop(columns="C"), metric="exactitud")
    # regresión con tres modelos, dos idénticos
    y = rng.normal(size=80)
    reg = pd.DataFrame({"y_true": y, "A": y + 0.1, "B": y + 0.1, "C": y + rng.normal(0, 0.3, 80)})
    r = cu.analyze_results(reg)
    assert any("«A» y «B» tienen la misma pérdida" in n for n in r.notes)
    c = r.comparisons.set_index(["a", "b"])
    assert c.loc[("A", "B"), "pvalue"] == 1.0
    ref = stats.ttest_rel((reg.A - y) ** 2, (reg.C - y) ** 2).pvalue
    assert c.loc[("A", "C"), "pvalue"] == pytest.approx(ref, rel=1e-12)
    # conjuntos de datos: la pareja idéntica tiene p = 1 y se nombra
    table = _table(n=10, k=3, seed=2)
    table["M2"] = table["M1"]
    r = cu.analyze_results(table, metric="exactitud")
    assert any("Idénticos en todos los conjuntos en que coinciden: M1–M2" in n for n in r.notes)
    assert r.comparisons.set_index(["a", "b"]).loc[("M1", "M2"), "pvalue"] == 1.0


def test_auc_below_one_half_is_flagged_as_ranking_backwards():
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(SEED)
    y = rng.integers(0, 2, 400)
    good = y + rng.normal(0, 0.8, 400)
    table = pd.DataFrame({"y_true": y, "A": good, "B": good + rng.normal(0, 0.8, 400),
                          "C": -good + rng.normal(0, 0.3, 400)})
    r = cu.analyze_results(table, predictions="scores")
    auc_c = roc_auc_score(y, table.C)
    assert auc_c < 0.5
    assert r.descriptives.loc["C", "AUC"] == pytest.approx(auc_c, rel=1e-12)
    note = next(n for n in r.notes if n.startswith("C tiene AUC"))
    assert f"{auc_c:.4f} < 0.5" in note and f"sería {1 - auc_c:.4f}" in note
    conclusion = " ".join(r.conclusion)
    assert "es mejor que C" not in conclusion and "C (AUC = " in conclusion
    assert "ordena al revés" in conclusion


def test_rope_conclusions_name_both_models_and_many_algorithms_get_pairwise_bayes():
    import baycomp

    table = _table(n=12, k=3, seed=4, shift=(0.0, 0.0, 0.05))
    r = cu.analyze_results(table, metric="exactitud", rope=0.01, random_state=3)
    assert [c.key for c in r.choices][-1] == "bayes_datasets"
    assert list(zip(r.bayes.A, r.bayes.B)) == [("M1", "M2"), ("M1", "M3"), ("M2", "M3")]
    n = 50_000
    for row in r.bayes.itertuples(index=False):
        ref = baycomp.SignedRankTest.probs(table[row.A].to_numpy(), table[row.B].to_numpy(),
                                           rope=0.01, prior=0.5, nsamples=n, random_state=4)
        for ours, theirs in zip(row[2:], ref):
            p = (ours + theirs) / 2
            assert abs(ours - theirs) <= 5 * math.sqrt(2 * p * (1 - p) / n) + 1e-12
    conclusion = " ".join(r.conclusion)
    assert "M3 es prácticamente mejor que M1" in conclusion
    assert "M3 es prácticamente mejor que M2" in conclusion


def test_control_bar_never_crosses_an_algorithm_that_differs_from_the_control():
    """X queda siempre un poco por debajo del control (difiere) y W, con el mismo rango medio,
    varía mucho (no difiere): la barra del control no puede llegar a W sin cruzar X."""
    rng = np.random.default_rng(0)
    base = rng.uniform(0.6, 0.9, 12)
    table = pd.DataFrame({"C": base + 0.02, "X": base + 0.019,
                          "W": base + 0.02 + rng.normal(0, 0.03, 12), "Z": base - 0.05})
    p = [stats.wilcoxon(table["C"], table[b]).pvalue for b in ("X", "W", "Z")]
    reject = multipletests(p, method="holm")[0]
    assert reject.tolist() == [True, False, True]
    res = cu.wilcoxon_pairwise_test(table, control="C")
    assert res.groups() == []
    table.insert(0, "conjunto", [f"c{i}" for i in range(12)])
    r = cu.analyze_results(table, metric="exactitud", control="C")
    assert any("C–W no difiere significativamente y, aun así, no comparte barra" in n
               for n in r.notes)
