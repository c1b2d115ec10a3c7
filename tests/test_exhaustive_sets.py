"""Conjuntos exhaustivos, Bergmann-Hommel y las pruebas post hoc sobre rangos alineados.

Referencias independientes, escritas aquí sin vectorizar:

- Los conjuntos exhaustivos por fuerza bruta: de los 2^m subconjuntos de las m parejas, los no
  vacíos «cerrados» (la relación de equivalencia que generan, con una unión-búsqueda propia,
  no añade ninguna pareja). Su número es B_k - 1 (números de Bell: 2, 5, 15, 52).
- Los APV de García y Herrera (2008) con bucles sobre esa enumeración, y la regla de
  Bergmann y Hommel (1988) tal cual: aceptar A = ∪{I : min p_I > α/|I|}, rechazar el resto.
- El post hoc de rangos alineados paso a paso (García et al., 2010, §3.1, con el error estándar
  corregido sqrt(k(Nk+1)/6)), ordenando con ``scipy.stats.rankdata``.
"""

from __future__ import annotations

import functools
import itertools
import math

import matplotlib.pyplot as plt
import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests

import course_utils as cu
from course_utils.many_models.exhaustive import (
    MAX_EXHAUSTIVE_K, bergmann_hommel_apv, exhaustive_sets,
)
from course_utils.many_models.posthoc import _shaffer_apv
from test_bad_input_sweep import assert_spanish

#: B_k - 1 para k = 2..5 (B_k: 2, 5, 15, 52; OEIS A000110).
_BELL_MINUS_ONE = {2: 1, 3: 4, 4: 14, 5: 51}


def _table(seed: int, n: int = 12, k: int = 5) -> np.ndarray:
    """Puntuaciones continuas (sin empates) con algoritmos de calidad distinta."""
    rng = np.random.default_rng(seed)
    return rng.uniform(0.6, 0.9, (n, 1)) + rng.normal(0, 0.04, (n, k)) + np.linspace(0, 0.06, k)


@functools.lru_cache(maxsize=None)
def _closed_subsets(k: int) -> tuple[frozenset[int], ...]:
    """Subconjuntos no vacíos de parejas cuya clausura transitiva no añade ninguna pareja."""
    pairs = list(itertools.combinations(range(k), 2))
    out = []
    for mask in range(1, 2 ** len(pairs)):
        chosen = {j for j in range(len(pairs)) if mask >> j & 1}
        parent = list(range(k))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for j in chosen:
            a, b = pairs[j]
            parent[find(a)] = find(b)
        within = {j for j, (a, b) in enumerate(pairs) if find(a) == find(b)}
        if within == chosen:
            out.append(frozenset(chosen))
    return tuple(out)


def _apv_by_loops(p: list[float], sets: list[frozenset[int]]) -> list[float]:
    """García y Herrera (2008): APV_i = min{1, max{|I| min_{j∈I} p_j : I ∋ i}}."""
    out = []
    for i in range(len(p)):
        best = max(len(s) * min(p[j] for j in s) for s in sets if i in s)
        out.append(min(1.0, best))
    return out


def _bergmann_hommel_rejects(p: list[float], sets, alpha: float) -> list[bool]:
    """Regla de Bergmann y Hommel: se aceptan las hipótesis de los I con min p_I > α/|I|."""
    accepted: set[int] = set()
    for s in sets:
        if min(p[j] for j in s) > alpha / len(s):
            accepted |= s
    return [i not in accepted for i in range(len(p))]


def _random_pvalues(rng: np.random.Generator, m: int) -> np.ndarray:
    """Valores p variados: de todo tamaño, a veces redondeados (con empates)."""
    p = rng.uniform(0, 1, m) ** rng.uniform(1, 6)
    return np.round(p, 2) if rng.random() < 0.3 else p


# ---------------------------------------------------------------------------
# 1. Los conjuntos exhaustivos
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_exhaustive_sets_equal_brute_force_closed_subsets(k):
    expected = _closed_subsets(k)
    assert len(expected) == _BELL_MINUS_ONE[k]
    got = exhaustive_sets(k)
    assert got.dtype == bool and got.shape == (_BELL_MINUS_ONE[k], k * (k - 1) // 2)
    as_sets = [frozenset(np.flatnonzero(row).tolist()) for row in got]
    assert len(set(as_sets)) == len(as_sets)  # sin repeticiones
    assert set(as_sets) == set(expected)
    assert got[0].all()  # la primera: todos iguales


def test_exhaustive_sets_are_cached_and_read_only():
    sets = exhaustive_sets(6)
    assert exhaustive_sets(6) is sets
    assert not sets.flags.writeable
    with pytest.raises(ValueError):
        sets[0, 0] = False
    assert len(exhaustive_sets(MAX_EXHAUSTIVE_K)) == 115975 - 1


@pytest.mark.parametrize("k", range(2, MAX_EXHAUSTIVE_K + 1))
def test_set_sizes_are_the_shaffer_counts(k):
    """Los |I| posibles son los números de hipótesis ciertas de Shaffer (sin el 0)."""
    sizes = sorted(set(exhaustive_sets(k).sum(axis=1).tolist()))
    assert sizes == cu.shaffer_true_counts(k)[1:]


# ---------------------------------------------------------------------------
# 2. Los APV de Bergmann-Hommel
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("k", [4, 5])
def test_bergmann_apv_equal_the_formula_and_the_rejection_rule(k):
    sets = _closed_subsets(k)
    m = k * (k - 1) // 2
    rng = np.random.default_rng(k)
    for _ in range(150):
        p = _random_pvalues(rng, m)
        apv = bergmann_hommel_apv(p, k)
        np.testing.assert_allclose(apv, _apv_by_loops(p.tolist(), sets), rtol=0, atol=1e-12)
        for alpha in (0.01, 0.05, 0.1, 0.2, 0.45):
            assert (apv <= alpha).tolist() == _bergmann_hommel_rejects(p.tolist(), sets, alpha)


def test_bergmann_apv_are_not_forced_to_be_monotone():
    """Un p mayor puede tener un APV menor; forzar la monotonía cambiaría las decisiones."""
    p = [0.04, 0.24, 0.18, 0.14, 0.19, 0.17]  # parejas 01, 02, 03, 12, 13, 23
    sets = _closed_subsets(4)
    apv = bergmann_hommel_apv(p, 4)
    np.testing.assert_allclose(apv, [0.24, 0.51, 0.51, 0.42, 0.42, 0.51], atol=1e-12)
    rejects = _bergmann_hommel_rejects(p, sets, 0.45)
    assert rejects == [True, False, False, True, True, False]
    assert (apv <= 0.45).tolist() == rejects
    # El máximo acumulado sobre los p ordenados (scmamp) ya no rechazaría la pareja 13.
    order = np.argsort(p)
    forced = np.empty(6)
    forced[order] = np.maximum.accumulate(apv[order])
    assert forced[4] > 0.45


# ---------------------------------------------------------------------------
# 3. Orden de potencia: Bergmann ≤ Shaffer ≤ Holm ≤ Bonferroni (APV, elemento a elemento)
# ---------------------------------------------------------------------------


def _holm_by_loop(p: np.ndarray) -> np.ndarray:
    """Holm (1979): min{1, max_{j≤i} (m-j+1) p_(j)} (multipletests tarda ~50 ms por llamada)."""
    m = len(p)
    out, running = np.empty(m), 0.0
    for j, i in enumerate(np.argsort(p, kind="stable")):
        running = max(running, (m - j) * p[i])
        out[i] = min(1.0, running)
    return out


@pytest.mark.parametrize("k", [3, 4, 5, 6, 7])
def test_order_of_strength_of_the_adjusted_pvalues(k):
    m = k * (k - 1) // 2
    rng = np.random.default_rng(100 + k)
    for _ in range(200):
        p = _random_pvalues(rng, m)
        bergmann = bergmann_hommel_apv(p, k)
        shaffer = _shaffer_apv(p, k)
        holm, bonferroni = _holm_by_loop(p), np.minimum(1.0, m * p)
        assert np.all(p <= bergmann + 1e-15)
        assert np.all(bergmann <= shaffer + 1e-15)
        assert np.all(shaffer <= holm + 1e-15)
        assert np.all(holm <= bonferroni + 1e-15)


@pytest.mark.parametrize("seed", [0, 3])
def test_pairwise_bergmann_on_a_table(seed):
    t = _table(seed, n=15, k=6)
    res = {m: cu.pairwise_test(t, method=m) for m in ("bonferroni", "holm", "shaffer", "bergmann")}
    p = res["bergmann"].comparisons["pvalue"].to_numpy()
    np.testing.assert_allclose(p, res["holm"].comparisons["pvalue"], rtol=0, atol=0)
    adj = {m: r.comparisons["pvalue_adjusted"].to_numpy() for m, r in res.items()}
    np.testing.assert_allclose(adj["bergmann"], _apv_by_loops(p.tolist(), _closed_subsets(6)),
                               rtol=0, atol=1e-12)
    assert np.all(adj["bergmann"] <= adj["shaffer"] + 1e-15)
    assert np.all(adj["shaffer"] <= adj["holm"] + 1e-15)
    assert np.all(adj["holm"] <= adj["bonferroni"] + 1e-15)
    assert len(_closed_subsets(6)) == 203 - 1  # B_6 - 1
    rej = {m: set(np.flatnonzero(r.comparisons["reject"])) for m, r in res.items()}
    assert rej["bergmann"] >= rej["shaffer"] >= rej["holm"] >= rej["bonferroni"]
    assert res["bergmann"].method == "pairwise-bergmann"
    assert "ajuste de Bergmann-Hommel" in res["bergmann"].summary()


def test_pairwise_bergmann_with_ten_algorithms():
    t = _table(9, n=20, k=10)
    bergmann = cu.pairwise_test(t, method="bergmann")
    shaffer = cu.pairwise_test(t, method="shaffer")
    assert len(bergmann.comparisons) == 45
    assert np.all(bergmann.comparisons["pvalue_adjusted"].to_numpy()
                  <= shaffer.comparisons["pvalue_adjusted"].to_numpy() + 1e-15)


# ---------------------------------------------------------------------------
# 5. Post hoc sobre rangos alineados
# ---------------------------------------------------------------------------


def _aligned_by_hand(t: np.ndarray) -> tuple[list[float], float]:
    """Rangos alineados medios (1 = el mejor) y el error estándar corregido, paso a paso."""
    n, k = t.shape
    aligned = []
    for i in range(n):
        mean = sum(t[i]) / k
        aligned.extend(t[i, j] - mean for j in range(k))
    ranks = stats.rankdata([-a for a in aligned])  # las N·k juntas, de mayor a menor
    mean_ranks = [sum(ranks[i * k + j] for i in range(n)) / n for j in range(k)]
    return mean_ranks, math.sqrt(k * (n * k + 1) / 6)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_aligned_pairwise_equals_the_formula(seed):
    t = _table(seed, n=12, k=5)
    n, k = t.shape
    r, se = _aligned_by_hand(t)
    res = cu.pairwise_test(t, method="holm", ranking="aligned")
    np.testing.assert_allclose(res.average_ranks, r, rtol=1e-12)
    assert res.average_ranks.name == "rango alineado medio"
    assert res.method == "pairwise-holm-aligned" and res.ranking == "aligned"
    for row, (a, b) in zip(res.comparisons.itertuples(), itertools.combinations(range(k), 2)):
        z = (r[a] - r[b]) / se
        assert row.rank_difference == pytest.approx(r[a] - r[b], rel=1e-12)
        assert row.statistic == pytest.approx(z, rel=1e-12)
        assert row.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-10)
    p = res.comparisons["pvalue"].to_numpy()
    np.testing.assert_allclose(res.comparisons["pvalue_adjusted"],
                               multipletests(p, method="holm")[1], rtol=1e-12)
    # Los mismos rangos que la prueba ómnibus
    np.testing.assert_allclose(res.average_ranks, cu.aligned_ranks_test(t).average_ranks)
    # Errata de García et al. (2010): sqrt(k(n+1)/6) da otro z (aquí, unas 2.2 veces mayor)
    printed = math.sqrt(k * (n + 1) / 6)
    assert printed < se / 2
    z_printed = (r[0] - r[1]) / printed
    assert abs(z_printed) == pytest.approx(abs(res.comparisons["statistic"].iloc[0]) * se / printed)
    assert not np.isclose(z_printed, res.comparisons["statistic"].iloc[0])


@pytest.mark.parametrize("method", ["holm", "bonferroni-dunn", "finner"])
def test_aligned_control_equals_the_formula(method):
    t = _table(4, n=10, k=4)
    n, k = t.shape
    r, se = _aligned_by_hand(t)
    res = cu.control_test(t, 3, method=method, ranking="aligned", alpha=0.1)
    assert res.method == f"{method}-aligned" and res.ranking == "aligned"
    z = [(r[3] - r[i]) / se for i in range(3)]  # control menos algoritmo
    np.testing.assert_allclose(res.comparisons["statistic"], z, rtol=1e-12)
    p = [2 * stats.norm.sf(abs(v)) for v in z]
    np.testing.assert_allclose(res.comparisons["pvalue"], p, rtol=1e-10)
    np.testing.assert_allclose(res.comparisons["pvalue_adjusted"],
                               cu.adjust_pvalues(p, "bonferroni" if method == "bonferroni-dunn"
                                                 else method), rtol=1e-10)
    if method == "bonferroni-dunn":
        cd = stats.norm.isf(0.1 / (2 * (k - 1))) * se
        assert res.critical_difference == pytest.approx(cd, rel=1e-12)
        assert (res.comparisons["reject"]
                == (res.comparisons["rank_difference"].abs() >= cd)).all()
    else:
        assert res.critical_difference is None
    assert "(rangos alineados medios)" in res.summary()


def test_friedman_ranking_is_unchanged_by_default():
    t = _table(5)
    assert cu.pairwise_test(t).method == "pairwise-shaffer"
    assert cu.pairwise_test(t).ranking == "friedman"
    default = cu.control_test(t, 0)
    explicit = cu.control_test(t, 0, ranking="friedman")
    assert default.method == explicit.method == "holm"
    assert default.average_ranks.name == "rango medio"
    np.testing.assert_allclose(default.average_ranks, stats.rankdata(-t, axis=1).mean(axis=0))


# ---------------------------------------------------------------------------
# El diagrama CD nombra la prueba y los rangos
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "title"),
    [
        (lambda t: cu.pairwise_test(t, method="bergmann"),
         "Todas las parejas con ajuste de Bergmann-Hommel (α = 0.05)"),
        (lambda t: cu.pairwise_test(t, method="bergmann", ranking="aligned"),
         "Todas las parejas con ajuste de Bergmann-Hommel, rangos alineados (α = 0.05)"),
        (lambda t: cu.control_test(t, "A1", ranking="aligned"),
         "Holm frente al control A1, rangos alineados (α = 0.05)"),
        (lambda t: cu.control_test(t, "A1", method="bonferroni-dunn", ranking="aligned"),
         "Bonferroni-Dunn frente al control A1, rangos alineados (α = 0.05)"),
    ],
)
def test_cd_diagram_titles_and_aligned_axis(make, title):
    res = make(_table(6, n=14, k=5))
    ax = cu.plot_critical_difference(res)
    try:
        texts = [t.get_text() for t in ax.texts]
        assert title in texts
        ticks = {int(t.get_text()): t.get_position()[0] for t in ax.texts if t.get_text().isdigit()}
        ranks = res.average_ranks
        if res.ranking == "aligned":
            assert "rango alineado medio" in texts
            assert min(ticks) <= ranks.min() and max(ticks) >= ranks.max()
            # escala lineal con el mejor a la derecha
            values = sorted(ticks)
            xs = [ticks[v] for v in values]
            per_unit = (xs[-1] - xs[0]) / (values[-1] - values[0])
            assert per_unit < 0
            np.testing.assert_allclose(np.diff(xs) / np.diff(values), per_unit)
            if res.critical_difference is not None:
                cd_text = f"CD = {res.critical_difference:.2f} (α = 0.05)"
                assert cd_text in texts
    finally:
        plt.close(ax.figure)


def test_cd_diagram_recomputes_the_aligned_cd_for_another_alpha():
    res = cu.control_test(_table(7, n=14, k=5), "A1", method="bonferroni-dunn", ranking="aligned")
    ax = cu.plot_critical_difference(res, alpha=0.1)
    try:
        cd = stats.norm.isf(0.1 / 8) * math.sqrt(5 * (14 * 5 + 1) / 6)
        assert f"CD = {cd:.2f} (α = 0.10)" in [t.get_text() for t in ax.texts]
    finally:
        plt.close(ax.figure)


# ---------------------------------------------------------------------------
# 7. Entradas erróneas
# ---------------------------------------------------------------------------


def test_bad_input_in_spanish():
    for k in (MAX_EXHAUSTIVE_K + 1, 40, 10**30):
        with pytest.raises(ValueError) as info:
            exhaustive_sets(k)
        assert_spanish(info, "k")
        assert "10" in str(info.value) and "Bell" in str(info.value)
    with pytest.raises(ValueError) as info:
        exhaustive_sets(1)
    assert_spanish(info, "k")
    with pytest.raises(TypeError) as info:
        exhaustive_sets(4.5)
    assert_spanish(info, "k")
    with pytest.raises(ValueError) as info:
        cu.pairwise_test(_table(0, n=12, k=11), method="bergmann")
    assert_spanish(info, "scores", "method")
    assert "Bell" in str(info.value)
    cu.pairwise_test(_table(0, n=12, k=11), method="shaffer")  # Shaffer sí admite 11
    for bad in ([0.1] * 5, [0.1] * 5 + [1.5], [0.1] * 5 + [np.nan], "0.1"):
        with pytest.raises((ValueError, TypeError)) as info:
            bergmann_hommel_apv(bad, 4)
        assert_spanish(info, "pvalues")
    with pytest.raises(ValueError) as info:
        bergmann_hommel_apv([0.1] * 55, 11)
    assert_spanish(info, "k")
    for call in (lambda: cu.pairwise_test(_table(0), ranking="alineados"),
                 lambda: cu.control_test(_table(0), 0, ranking=None)):
        with pytest.raises(ValueError) as info:
            call()
        assert_spanish(info, "ranking")


def test_garcia_herrera_example_against_scmamp_documentation_and_exact_ranks():
    """La viñeta «Statistical assessment of the differences» de scmamp (Calvo y Santafé) imprime,
    para ``data.gh.2008`` con rangos alineados y Bergmann-Hommel, estos valores p sin ajustar y
    ajustados (matriz simétrica; aquí en el orden de ``itertools.combinations``).

    scmamp ordena los valores alineados en coma flotante: cuatro empates exactos de la tabla
    (valores con tres decimales menos la media de su fila) se rompen por el ruido de redondeo,
    y sus valores p difieren de los exactos en la 3.ª cifra. El curso trata esos empates como
    empates: la referencia de los valores p es aquí la aritmética racional exacta
    (``fractions.Fraction``). El ajuste de Bergmann-Hommel se compara con scmamp sobre los
    propios valores p de scmamp.
    """
    from fractions import Fraction

    raw = [1.174850e-03, 3.341698e-01, 2.843421e-10, 1.845167e-02, 2.265711e-02, 2.197407e-03,
           3.742777e-01, 9.226472e-08, 1.643229e-01, 7.793722e-05]
    bergmann = [7.049103e-03, 6.683396e-01, 2.843421e-09, 5.535501e-02, 6.797132e-02,
                8.789629e-03, 6.683396e-01, 5.535883e-07, 1.643229e-01, 3.117489e-04]
    acc = cu.load_garcia_herrera_2008()
    n, k = acc.shape
    np.testing.assert_allclose(cu.bergmann_hommel_apv(raw, k), bergmann, rtol=1e-6)

    def p_values(aligned):
        ranks = stats.rankdata([-x for x in aligned]).reshape(n, k).mean(axis=0)
        se = np.sqrt(k * (k * n + 1) / 6)
        z = [(ranks[a] - ranks[b]) / se for a, b in itertools.combinations(range(k), 2)]
        return 2 * stats.norm.sf(np.abs(z))

    exact = [[Fraction(str(x)) for x in row] for row in acc.astype(str).to_numpy()]
    exact_aligned = [x - sum(row) / k for row in exact for x in row]  # rankdata: orden exacto
    res = cu.pairwise_test(acc, method="bergmann", ranking="aligned")
    np.testing.assert_allclose(res.comparisons["pvalue"], p_values(exact_aligned), rtol=1e-12)
    np.testing.assert_allclose(res.comparisons["pvalue_adjusted"],
                               cu.bergmann_hommel_apv(p_values(exact_aligned), k), rtol=1e-12)
    values = acc.to_numpy()
    float_aligned = (values - values.mean(axis=1, keepdims=True)).ravel()
    np.testing.assert_allclose(p_values(float_aligned), raw, rtol=1e-6)  # así sale la de scmamp
    assert not np.allclose(res.comparisons["pvalue"], raw, rtol=1e-3)


def test_garcia_herrera_friedman_post_hoc_pvalues_equal_scmamp_documentation():
    """Valores p sin ajustar de todas las parejas sobre rangos de Friedman: los del ejemplo de
    ``friedmanPost(data.gh.2008)`` en la documentación de scmamp (matriz simétrica, aquí en el
    orden de ``itertools.combinations``)."""
    scmamp = [4.848763e-03, 8.064959e-01, 4.486991e-08, 1.276301e-02, 1.011233e-02,
              7.963489e-03, 7.439715e-01, 1.736118e-07, 2.474467e-02, 2.880485e-03]
    res = cu.pairwise_test(cu.load_garcia_herrera_2008(), method="holm")
    np.testing.assert_allclose(res.comparisons["pvalue"], scmamp, rtol=1e-6)
