"""Pruebas de course_utils.many_models.multiple y del diagrama CD.

Referencias independientes: el ejemplo resuelto de Demšar (2006, §3.2.2 y tabla 6),
``scipy.stats`` (friedmanchisquare, studentized_range, norm, wilcoxon, binomtest),
``statsmodels.stats.multitest.multipletests`` y ``scikit_posthocs`` (solo en pruebas).
"""

from __future__ import annotations

import itertools
import math
import warnings

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.multitest import multipletests

import course_utils as cu
from course_utils.datasets.benchmark import load_demsar_2006

PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def demsar():
    return load_demsar_2006()


# ---------------------------------------------------------------------------
# Demšar (2006), §3.2.2 y tabla 6: números impresos en el artículo
# ---------------------------------------------------------------------------


def test_demsar_table_is_the_printed_one(demsar):
    auc, ranks = demsar
    assert auc.shape == (14, 4) and list(auc.columns) == ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"]
    # Primera y última fila de la tabla 6, escritas aquí a mano.
    assert auc.iloc[0].tolist() == [0.763, 0.768, 0.771, 0.798]
    assert auc.iloc[-1].tolist() == [0.957, 0.978, 0.946, 0.970]
    # Los rangos impresos coinciden con los de las AUC salvo el empate de «voting».
    computed = stats.rankdata(-auc.to_numpy(), axis=1)
    differs = np.any(computed != ranks.to_numpy(), axis=1)
    assert list(auc.index[differs]) == ["voting"]
    assert ranks.loc["voting"].tolist() == [4, 1, 2, 3]


def test_demsar_friedman_and_iman_davenport(demsar):
    _, ranks = demsar
    res = cu.friedman_test(ranks, higher_is_better=False)
    # Rangos medios, χ²_F y F_F tal como los imprime el artículo (3 y 2 decimales).
    assert res.average_ranks.round(3).tolist() == [3.143, 2.000, 2.893, 1.964]
    assert round(res.statistic, 2) == 9.28
    assert round(res.iman_davenport, 2) == 3.69
    assert res.iman_davenport_df == (3, 39)
    # Valor crítico de F(3, 39) con α = 0.05 que cita el artículo: 2.85.
    assert round(stats.f.ppf(0.95, 3, 39), 2) == 2.85
    # Fórmulas de Demšar escritas aquí.
    n, k = 14, 4
    r = ranks.mean().to_numpy()
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(r**2) - k * (k + 1) ** 2 / 4)
    ff = (n - 1) * chi2 / (n * (k - 1) - chi2)
    assert res.statistic == pytest.approx(chi2, rel=1e-12)
    assert res.iman_davenport == pytest.approx(ff, rel=1e-12)
    assert res.pvalue == pytest.approx(stats.chi2.sf(chi2, 3), rel=1e-12)
    assert res.iman_davenport_pvalue == pytest.approx(stats.f.sf(ff, 3, 39), rel=1e-12)


def test_demsar_printed_auc_ties_change_the_ranks(demsar):
    auc, _ = demsar
    res = cu.friedman_test(auc)
    assert res.average_ranks.round(3).tolist() == [3.143, 2.000, 2.929, 1.929]


def test_demsar_critical_differences():
    # Nemenyi: q_0.05 = 2.569, CD = 1.25; q_0.10 = 2.291 (Demšar, tabla 5a)
    se = math.sqrt(4 * 5 / (6 * 14))
    assert round(cu.critical_difference(4, 14, 0.05), 2) == 1.25
    assert round(cu.critical_difference(4, 14, 0.05) / se, 3) == 2.569
    assert round(cu.critical_difference(4, 14, 0.10) / se, 3) == 2.291
    # Bonferroni-Dunn: q_0.05 = 2.394, CD = 1.16; q_0.10 = 2.128 (tabla 5b)
    assert round(cu.critical_difference(4, 14, 0.05, "bonferroni-dunn"), 2) == 1.17
    assert round(cu.critical_difference(4, 14, 0.05, "bonferroni-dunn") / se, 3) == 2.394
    assert round(cu.critical_difference(4, 14, 0.10, "bonferroni-dunn") / se, 3) == 2.128


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6, 7, 8, 9, 10])
def test_nemenyi_q_matches_demsar_table_5a(k):
    # Demšar (2006), tabla 5(a): q_0.05 para k = 2..10, escritos aquí.
    # El artículo imprime 2.343 para k = 3 (el valor es 2.3437): se admite 1e-3.
    q05 = {2: 1.960, 3: 2.343, 4: 2.569, 5: 2.728, 6: 2.850, 7: 2.949, 8: 3.031, 9: 3.102,
           10: 3.164}
    # La misma tabla con 9 decimales, como la usa el código de Orange.
    q05_9 = {2: 1.959964233, 3: 2.343700476, 4: 2.569032073, 5: 2.727774717, 6: 2.849705382,
             7: 2.948319908, 8: 3.030878867, 9: 3.10173026, 10: 3.16368342}
    q = cu.critical_difference(k, 1, 0.05) / math.sqrt(k * (k + 1) / 6)
    assert q == pytest.approx(q05[k], abs=1e-3)
    assert q == pytest.approx(q05_9[k], abs=1e-6)


def test_demsar_holm_vs_control(demsar):
    _, ranks = demsar
    res = cu.control_test(ranks, "C4.5+m+cf", method="holm", higher_is_better=False)
    comp = res.comparisons.set_index("b")
    se = math.sqrt(4 * 5 / (6 * 14))
    z = {"C4.5": (3.143 - 1.964) / se, "C4.5+cf": (2.893 - 1.964) / se}
    assert abs(comp.loc["C4.5", "statistic"]) == pytest.approx(z["C4.5"], abs=2e-3)
    assert abs(comp.loc["C4.5+cf", "statistic"]) == pytest.approx(z["C4.5+cf"], abs=2e-3)
    # Holm a mano: 0.016 < 0.05/3 se rechaza; 0.057 > 0.05/2 se para.
    p = comp["pvalue"]
    assert round(p["C4.5"], 3) == 0.016 and round(p["C4.5+cf"], 3) == 0.057
    assert comp["reject"].to_dict() == {"C4.5": True, "C4.5+m": False, "C4.5+cf": False}


def test_demsar_nemenyi_groups(demsar):
    _, ranks = demsar
    res05 = cu.nemenyi_test(ranks, higher_is_better=False)
    assert not res05.comparisons["reject"].any()  # con α = 0.05 no detecta nada
    res10 = cu.nemenyi_test(ranks, alpha=0.10, higher_is_better=False)
    sig = res10.comparisons[res10.comparisons["reject"]]
    assert {frozenset(x) for x in zip(sig["a"], sig["b"])} == {frozenset(["C4.5", "C4.5+m+cf"]),
                                                              frozenset(["C4.5", "C4.5+m"])}


def test_demsar_wilcoxon_and_sign_test(demsar):
    auc, _ = demsar
    res = cu.wilcoxon_signed_rank_test(auc["C4.5+m"], auc["C4.5"])
    # Demšar (2006, §3.1.3): R+ = 93, R- = 12 con los ceros repartidos.
    assert (res.r_plus, res.r_minus) == (93.0, 12.0)
    assert res.statistic == 12.0
    # Con N = 14, ceros y empates, el valor p es el exacto de permutación de signos: el
    # mismo que scipy con PermutationMethod (que recorre las 2^14 combinaciones).
    ref = stats.wilcoxon(auc["C4.5+m"], auc["C4.5"], zero_method="zsplit",
                         method=stats.PermutationMethod(n_resamples=10**6))
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert "exacta" in res.note
    # La aproximación normal sigue disponible y es la de scipy (la que usa Demšar).
    approx = cu.wilcoxon_signed_rank_test(auc["C4.5+m"], auc["C4.5"], method="approx")
    ref = stats.wilcoxon(auc["C4.5+m"], auc["C4.5"], zero_method="zsplit", method="approx")
    assert approx.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert "aproximación normal" in approx.note
    sgn = cu.sign_test(auc["C4.5+m"], auc["C4.5"])
    assert (sgn.wins, sgn.losses, sgn.ties, sgn.statistic) == (10, 2, 2, 11.0)
    assert sgn.pvalue == pytest.approx(stats.binomtest(11, 14, 0.5).pvalue, rel=1e-12)


# ---------------------------------------------------------------------------
# Contra scipy y scikit-posthocs
# ---------------------------------------------------------------------------


def _random_table(seed, n=12, k=5, ties=False):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, k)) + np.linspace(0, 1, k)
    if ties:
        x = np.round(x, 0)
    return pd.DataFrame(x, columns=[f"M{j}" for j in range(k)])


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("ties", [False, True])
def test_friedman_tie_corrected_matches_scipy(seed, ties):
    df = _random_table(seed, ties=ties)
    ref = stats.friedmanchisquare(*df.to_numpy().T)
    res = cu.friedman_test(df, tie_correction=True)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-10)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-9)
    if not ties:  # sin empates las dos versiones coinciden
        assert cu.friedman_test(df).statistic == pytest.approx(ref.statistic, rel=1e-10)


@pytest.mark.parametrize("seed", range(4))
def test_nemenyi_matches_scikit_posthocs(seed):
    df = _random_table(seed, n=15, k=6, ties=seed % 2 == 1)
    ref = sp.posthoc_nemenyi_friedman(df.to_numpy())
    res = cu.nemenyi_test(df)
    mat = res.adjusted_pvalues().to_numpy()
    np.testing.assert_allclose(mat, ref.to_numpy(), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_wilcoxon_holm_matches_scikit_posthocs(seed):
    df = _random_table(seed, n=14, k=4)
    long = df.melt(var_name="g", value_name="v")
    ref = sp.posthoc_wilcoxon(long, val_col="v", group_col="g", zero_method="zsplit",
                              p_adjust="holm")
    res = cu.wilcoxon_holm_test(df)
    for row in res.comparisons.itertuples():
        assert row.pvalue_adjusted == pytest.approx(ref.loc[row.a, row.b], rel=1e-9)


def test_control_test_matches_multipletests():
    df = _random_table(3, n=20, k=5)
    r = stats.rankdata(-df.to_numpy(), axis=1).mean(axis=0)
    se = math.sqrt(5 * 6 / (6 * 20))
    p = [2 * stats.norm.sf(abs(r[j] - r[0]) / se) for j in range(1, 5)]
    for method, sm in (("holm", "holm"), ("bonferroni-dunn", "bonferroni")):
        res = cu.control_test(df, "M0", method=method)
        np.testing.assert_allclose(res.comparisons["pvalue"], p, rtol=1e-12)
        np.testing.assert_allclose(res.comparisons["pvalue_adjusted"],
                                   multipletests(p, method=sm)[1], rtol=1e-12)


def test_bonferroni_dunn_cd_agrees_with_its_adjusted_pvalues():
    df = _random_table(7, n=30, k=6)
    res = cu.control_test(df, "M5", method="bonferroni-dunn")
    for row in res.comparisons.itertuples():
        assert row.reject == (abs(row.rank_difference) >= res.critical_difference)


def test_nemenyi_reject_agrees_with_pvalue():
    df = _random_table(11, n=25, k=7)
    res = cu.nemenyi_test(df, alpha=0.1)
    for row in res.comparisons.itertuples():
        assert row.reject == (row.pvalue_adjusted <= 0.1)


@pytest.mark.parametrize("zero_method", ["zsplit", "wilcox", "pratt"])
def test_wilcoxon_matches_scipy(zero_method):
    rng = np.random.default_rng(5)
    a = np.round(rng.normal(0.8, 0.05, 12), 2)
    b = np.round(a + rng.normal(0.01, 0.02, 12), 2)
    res = cu.wilcoxon_signed_rank_test(a, b, zero_method=zero_method)
    # N = 12 con 4 ceros y empates: exacta de permutación de signos, como scipy al recorrer
    # las 2^12 combinaciones con PermutationMethod. A scipy se le dan las diferencias
    # limpias (0.83 - 0.82 y 0.55 - 0.54 son el mismo 0.01, un empate).
    d = np.round(a - b, 10)
    ref = stats.wilcoxon(d, zero_method=zero_method,
                         method=stats.PermutationMethod(n_resamples=2**15))
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-9)
    assert res.statistic == ref.statistic
    approx = cu.wilcoxon_signed_rank_test(a, b, zero_method=zero_method, method="approx")
    ref = stats.wilcoxon(d, zero_method=zero_method, method="asymptotic")
    assert approx.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert approx.statistic == ref.statistic
    # R+ y R- a mano con la definición de cada tratamiento de los ceros.
    if zero_method == "wilcox":
        d = d[d != 0]
    r = stats.rankdata(np.abs(d))
    zero_share = r[d == 0].sum() / 2 if zero_method == "zsplit" else 0.0
    assert res.r_plus == pytest.approx(r[d > 0].sum() + zero_share)
    assert res.r_minus == pytest.approx(r[d < 0].sum() + zero_share)


def test_wilcoxon_exact_without_ties():
    a = np.array([0.91, 0.85, 0.77, 0.93, 0.66, 0.81, 0.72])
    b = np.array([0.90, 0.80, 0.71, 0.89, 0.68, 0.74, 0.64])
    res = cu.wilcoxon_signed_rank_test(a, b)
    assert "exacta" in res.note
    assert res.pvalue == pytest.approx(stats.wilcoxon(a, b, method="exact").pvalue)


def _signed_rank_counts(twice_ranks):
    """Número de combinaciones de signos con cada 2·R+ (polinomio generador, enteros exactos)."""
    counts = {0: 1}
    for r in twice_ranks:
        nxt = dict(counts)
        for total, c in counts.items():
            nxt[total + r] = nxt.get(total + r, 0) + c
        counts = nxt
    return counts


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_wilcoxon_auto_is_exact_with_many_zeros_above_50(alternative):
    # N = 200, 170 diferencias nulas (repartidas con zsplit) y empates: la normal de scipy es
    # conservadora; method="auto" da la exacta de permutación de signos. Referencia: la
    # enumeración de las 2^30 combinaciones de signos con enteros exactos (polinomio
    # generador) y la prueba de permutación de scipy sobre los rangos con signo.
    rng = np.random.default_rng(3)
    d = np.zeros(200)
    idx = rng.choice(200, 30, replace=False)
    d[idx] = rng.choice([1, 2, 3], 30) * np.where(rng.random(30) < 0.75, 1, -1) / 100
    b = np.full(200, 0.5)
    a = b + d
    res = cu.wilcoxon_signed_rank_test(a, b, alternative=alternative)
    assert "exacta" in res.note
    dd = np.round(a - b, 10)
    ranks = stats.rankdata(np.abs(dd))
    twice = [int(round(2 * r)) for r in ranks[dd != 0]]
    obs = int(round(2 * ranks[dd > 0].sum()))
    counts = _signed_rank_counts(twice)
    upper = math.fsum(c for t, c in counts.items() if t >= obs) / 2**30
    lower = math.fsum(c for t, c in counts.items() if t <= obs) / 2**30
    ref = {"greater": upper, "less": lower, "two-sided": min(1.0, 2 * min(upper, lower))}
    assert res.pvalue == pytest.approx(ref[alternative], rel=1e-9)
    if alternative == "two-sided":
        approx = stats.wilcoxon(dd, zero_method="zsplit", method="asymptotic").pvalue
        assert approx > 1.5 * res.pvalue  # lo que daba antes method="auto"


def test_wilcoxon_auto_exact_agrees_with_scipy_exact_at_400():
    # Sin ceros ni empates, la exacta de scipy (method="exact") a N = 400, en < 1 s.
    rng = np.random.default_rng(8)
    a = rng.normal(0.7, 0.05, 400)
    b = a - rng.normal(0.005, 0.05, 400)
    res = cu.wilcoxon_signed_rank_test(a, b)
    assert "exacta" in res.note
    ref = stats.wilcoxon(np.round(a - b, 12), method="exact").pvalue
    assert res.pvalue == pytest.approx(ref, rel=1e-9)


def test_wilcoxon_pairwise_refuses_work_beyond_its_bound():
    # 200 algoritmos y 2000 conjuntos: 19 900 parejas (unos 50 s antes del tope); el error
    # nombra el tamaño y el límite, y se da antes de hacer ninguna prueba.
    from course_utils.many_models.paired_posthoc import MAX_WILCOXON_PAIRWISE_WORK

    table = np.random.default_rng(0).uniform(size=(2000, 200))
    with pytest.raises(ValueError, match=r"`scores`: 19900 parejas .* 2000 conjuntos .*2e\+07"):
        cu.wilcoxon_pairwise_test(table, method="holm")
    assert MAX_WILCOXON_PAIRWISE_WORK == 2e7
    # Frente a un control, 199 parejas: se hacen.
    res = cu.wilcoxon_pairwise_test(table[:50], control=0)
    assert len(res.comparisons) == 199


def test_sign_test_odd_ties_drop_one():
    a = [1, 1, 1, 2, 2, 2, 2, 0]
    b = [1, 1, 1, 1, 1, 1, 1, 1]
    res = cu.sign_test(a, b)  # 4 victorias, 1 derrota, 3 empates -> 1 a cada uno, 1 fuera
    assert res.statistic == 5 and res.pvalue == pytest.approx(stats.binomtest(5, 7).pvalue)
    res = cu.sign_test(a, b, ties="discard", alternative="greater")
    assert res.pvalue == pytest.approx(stats.binomtest(4, 5, alternative="greater").pvalue)


# ---------------------------------------------------------------------------
# Propiedades (hypothesis)
# ---------------------------------------------------------------------------

tables = st.integers(0, 10_000).flatmap(
    lambda seed: st.tuples(st.just(seed), st.integers(3, 12), st.integers(3, 7))
)


@PROPS
@given(tables)
def test_permuting_algorithms_permutes_ranks(args):
    seed, n, k = args
    df = _random_table(seed, n=n, k=k, ties=seed % 3 == 0)
    perm = np.random.default_rng(seed).permutation(k)
    a = cu.friedman_test(df) if _informative(df) else None
    if a is None:
        return
    b = cu.friedman_test(df.iloc[:, perm])
    np.testing.assert_allclose(b.average_ranks.to_numpy(), a.average_ranks.to_numpy()[perm])
    assert b.statistic == pytest.approx(a.statistic)


def _informative(df):
    r = stats.rankdata(-df.to_numpy(), axis=1)
    return not np.all(r == (df.shape[1] + 1) / 2)


@PROPS
@given(tables, st.lists(st.floats(-100, 100), min_size=12, max_size=12))
def test_constant_per_dataset_changes_nothing(args, shifts):
    seed, n, k = args
    df = _random_table(seed, n=n, k=k, ties=True)
    if not _informative(df):
        return
    shifted = df.add(np.array(shifts[:n]), axis=0)
    # Sumas que conservan el orden de cada fila (0.5 de separación mínima, desplazamientos
    # acotados): los rangos no cambian.
    a, b = cu.friedman_test(df), cu.friedman_test(shifted)
    np.testing.assert_allclose(b.average_ranks, a.average_ranks)
    assert b.statistic == pytest.approx(a.statistic)
    na, nb = cu.nemenyi_test(df), cu.nemenyi_test(shifted)
    np.testing.assert_allclose(na.comparisons["pvalue"], nb.comparisons["pvalue"])


@PROPS
@given(tables)
def test_lower_is_better_equals_negating(args):
    seed, n, k = args
    df = _random_table(seed, n=n, k=k, ties=seed % 2 == 0)
    if not _informative(df):
        return
    a = cu.friedman_test(df, higher_is_better=False)
    b = cu.friedman_test(-df)
    np.testing.assert_allclose(a.average_ranks, b.average_ranks)
    c = cu.nemenyi_test(df, higher_is_better=False)
    d = cu.nemenyi_test(-df)
    np.testing.assert_allclose(c.comparisons["pvalue_adjusted"], d.comparisons["pvalue_adjusted"])


@pytest.mark.parametrize("seed", range(3))
def test_lower_is_better_equals_negating_wilcoxon_and_control(seed):
    df = _random_table(seed, n=10, k=4, ties=seed == 1)
    c = cu.wilcoxon_holm_test(df, higher_is_better=False)
    d = cu.wilcoxon_holm_test(-df)
    np.testing.assert_allclose(c.comparisons["pvalue_adjusted"], d.comparisons["pvalue_adjusted"])
    e = cu.control_test(df, "M1", higher_is_better=False)
    f = cu.control_test(-df, "M1")
    np.testing.assert_allclose(e.comparisons["pvalue_adjusted"], f.comparisons["pvalue_adjusted"])


@PROPS
@given(tables)
def test_ranks_sum_and_ties_are_averaged(args):
    seed, n, k = args
    df = _random_table(seed, n=n, k=k, ties=True)
    r = cu.average_ranks(df)
    assert r.sum() == pytest.approx(k * (k + 1) / 2)
    # Ties averaged: a mano, fila a fila, con la definición.
    x = df.to_numpy()
    by_hand = np.array([[np.sum(x[i] > x[i, j]) + (np.sum(x[i] == x[i, j]) + 1) / 2
                         for j in range(k)] for i in range(n)])
    np.testing.assert_allclose(r.to_numpy(), by_hand.mean(axis=0))


def test_floating_point_noise_is_a_tie():
    # 541/600 calculado como media de cinco particiones en dos órdenes distintos.
    x, y = 0.9016666666666667, 0.9016666666666666
    assert x != y
    res = cu.friedman_test([[x, y, 0.8], [0.7, 0.9, 0.8], [0.6, 0.5, 0.9]])
    assert res.ranks.iloc[0].tolist() == [1.5, 1.5, 3.0]
    w = cu.wilcoxon_signed_rank_test([x, 0.8, 0.7, 0.9], [y, 0.7, 0.75, 0.6])
    assert w.ties == 1
    assert cu.sign_test([x, 0.8, 0.7, 0.9], [y, 0.7, 0.75, 0.6]).ties == 1


def test_all_tied_rows_refused():
    with pytest.raises(ValueError, match="empatan"):
        cu.friedman_test(np.ones((5, 3)))


# ---------------------------------------------------------------------------
# Entradas malas: errores en español que nombran el argumento
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: cu.friedman_test([[1, 2, 3]]), "`scores`"),
        (lambda: cu.friedman_test([[1, 2], [2, 1]]), "`scores`"),
        (lambda: cu.friedman_test([[1, np.nan, 3], [1, 2, 3]]), "`scores`"),
        (lambda: cu.friedman_test(pd.DataFrame({"a": ["x", "y"], "b": [1, 2], "c": [2, 1]})),
         "`scores`"),
        (lambda: cu.friedman_test([[1, 2, 3], [3, 2, 1]], higher_is_better="sí"),
         "`higher_is_better`"),
        (lambda: cu.nemenyi_test([[1, 2, 3], [3, 2, 1]], alpha=1.5), "`alpha`"),
        (lambda: cu.control_test([[1, 2, 3], [3, 2, 1]], "Z"), "`control`"),
        (lambda: cu.control_test([[1, 2, 3], [3, 2, 1]], 0, method="x"), "`method`"),
        (lambda: cu.critical_difference(1, 10), "`k`"),
        (lambda: cu.wilcoxon_signed_rank_test([1, 2, 3], [1, 2]), "`scores_a`"),
        (lambda: cu.wilcoxon_signed_rank_test([1, 2, 3], [1, 2, 3]), "`scores_a - scores_b`"),
        (lambda: cu.wilcoxon_signed_rank_test(np.arange(401.0), np.arange(401.0)[::-1],
                                              method="exact"), "`method"),
        (lambda: cu.sign_test([1, 2], [1, 2]), "`scores_a - scores_b`"),
        (lambda: cu.sign_test([1, 2], [2, 1], ties="x"), "`ties`"),
        (lambda: cu.wilcoxon_signed_rank_test(pd.Series([1, 2, 3], index=[0, 1, 2]),
                                              pd.Series([1, 2, 4], index=[2, 1, 0])),
         "`scores_a`"),
        (lambda: cu.plot_critical_difference("nemenyi"), "`result`"),
    ],
)
def test_bad_inputs(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


# ---------------------------------------------------------------------------
# Diagrama CD
# ---------------------------------------------------------------------------

NAMES10 = ["Reg. logística", "Bayes ingenuo", "k-NN", "Árbol", "Bosque aleatorio", "LightGBM",
           "SVM lineal", "SVM con núcleo RBF", "AdaBoost", "Perceptrón multicapa"]


def _overlaps(ax):
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in ax.texts]
    fig_box = fig.bbox
    for b in boxes:  # todo dentro de la figura
        assert b.x0 >= fig_box.x0 - 1 and b.x1 <= fig_box.x1 + 1
        assert b.y0 >= fig_box.y0 - 1 and b.y1 <= fig_box.y1 + 1
    return [(i, j) for i, j in itertools.combinations(range(len(boxes)), 2)
            if boxes[i].overlaps(boxes[j])]


@pytest.mark.parametrize("k", [2, 3, 4, 5, 7, 10, 12])
@pytest.mark.parametrize("kind", ["nemenyi", "holm", "bonferroni-dunn", "wilcoxon-holm"])
def test_cd_labels_never_overlap(k, kind):
    rng = np.random.default_rng(k)
    names = (NAMES10 + ["Extra 1", "Extra 2"])[:k]
    df = pd.DataFrame(rng.normal(size=(16, k)) + np.linspace(0, 0.8, k), columns=names)
    if kind == "nemenyi":
        res = cu.nemenyi_test(df)
    elif kind == "wilcoxon-holm":
        res = cu.wilcoxon_holm_test(df)
    else:
        res = cu.control_test(df, names[-1], method=kind)
    ax = cu.plot_critical_difference(res)
    try:
        assert _overlaps(ax) == []
        labels = [t.get_text() for t in ax.texts]
        for name in names:
            assert any(lab.startswith(name + " (") for lab in labels)
    finally:
        plt.close(ax.figure)


def test_cd_is_drawn_to_scale(demsar):
    _, ranks = demsar
    res = cu.nemenyi_test(ranks, higher_is_better=False)
    ax = cu.plot_critical_difference(res)
    try:
        lines = [ln for ln in ax.lines if ln.get_color() == "tab:red"]
        cd_bar = max(lines, key=lambda ln: abs(np.ptp(ln.get_xdata())))
        axis = ax.lines[0]  # el eje de rangos, de lo a hi
        per_rank = np.ptp(axis.get_xdata()) / 3  # eje de 1 a 4
        assert np.ptp(cd_bar.get_xdata()) / per_rank == pytest.approx(res.critical_difference)
        assert any("CD = 1.25" in t.get_text() for t in ax.texts)
    finally:
        plt.close(ax.figure)


def test_cd_groups_for_each_method(demsar):
    _, ranks = demsar
    nem = cu.nemenyi_test(ranks, alpha=0.10, higher_is_better=False)
    # Orden: C4.5+m+cf 1.964, C4.5+m 2.000, C4.5+cf 2.893, C4.5 3.143; CD(0.10) = 1.12
    assert nem.groups() == [("C4.5+m+cf", "C4.5+m", "C4.5+cf"), ("C4.5+cf", "C4.5")]
    holm = cu.control_test(ranks, "C4.5+m+cf", higher_is_better=False)
    assert holm.groups() == [("C4.5+m+cf", "C4.5+m", "C4.5+cf")]
    # Cambiar alpha en el diagrama recalcula la CD
    ax = cu.plot_critical_difference(cu.nemenyi_test(ranks, higher_is_better=False), alpha=0.1)
    try:
        assert any("CD = 1.12" in t.get_text() for t in ax.texts)
    finally:
        plt.close(ax.figure)


def test_cd_diagram_into_given_axes(demsar):
    _, ranks = demsar
    res = cu.control_test(ranks, "C4.5+m+cf", method="bonferroni-dunn", higher_is_better=False)
    fig, ax = plt.subplots(figsize=(9, 3.5))
    try:
        out = cu.plot_critical_difference(res, ax=ax)
        assert out is ax and not ax.axison
        assert _overlaps(ax) == []
        bold = [t.get_text() for t in ax.texts if t.get_fontweight() == "bold"]
        assert bold == ["C4.5+m+cf (1.96)"]
    finally:
        plt.close(fig)


@pytest.mark.parametrize("width", [5, "8", None, True])
def test_cd_diagram_width_is_validated(demsar, width):
    _, ranks = demsar
    with pytest.raises(ValueError, match="`width`"):
        cu.plot_critical_difference(cu.nemenyi_test(ranks), width=width)


def test_median_difference_near_the_overflow_limit_is_finite():
    # Diferencias cercanas a 1.7e308: la media de las dos centrales desborda en numpy (inf con
    # un aviso en inglés). Referencia: la mediana en fracciones exactas.
    from fractions import Fraction

    a = np.array([1.7e308, 1.75e308, 1.72e308, 1.79e308])
    b = np.zeros(4)
    d = sorted(Fraction(x) for x in a - b)
    ref = float((d[1] + d[2]) / 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for test in (cu.wilcoxon_signed_rank_test, cu.sign_test):
            assert test(a, b).median_difference == ref
    # Lejos del límite, la de numpy (bit a bit).
    rng = np.random.default_rng(2)
    x, y = rng.normal(size=10), rng.normal(size=10)
    assert cu.sign_test(x, y).median_difference == float(np.median(x - y))
