"""Empates a la resolución de los datos, la convención de Friedman del informe y sus casos de borde.

Las referencias son independientes: las medias exactas de las particiones (con ``fractions``),
``scipy.stats.wilcoxon``, ``scipy.stats.friedmanchisquare``, ``scipy.stats.binomtest`` y la
fórmula de Demšar (2006) escrita aquí.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import course_utils as cu
from conftest import demsar_chi2
from course_utils.many_models.ranks import _resolution, _tie_at_resolution

SEED = 42
MODELS = ("A", "B", "C")


def _fold_counts() -> np.ndarray:
    """Aciertos de 5 particiones de 30 ejemplos: conjuntos × modelos × particiones.

    En el conjunto 0, A y B aciertan 143 de 150 con particiones distintas (empate exacto de
    las medias); escritos con 6 decimales, sus medias difieren en 2e-7.
    """
    rng = np.random.default_rng(SEED)
    counts = rng.integers(18, 31, size=(10, 3, 5))
    counts[:, 1] = np.minimum(counts[:, 0] + rng.integers(-3, 2, size=(10, 5)), 30)
    counts[0, 0], counts[0, 1] = [30, 29, 27, 30, 27], [29, 30, 28, 28, 28]
    return counts


def _long(counts: np.ndarray, decimals: int = 6) -> pd.DataFrame:
    return pd.DataFrame([
        {"conjunto": f"d{i}", "algoritmo": m, "particion": p,
         "exactitud": round(counts[i, j, p] / 30, decimals)}
        for i in range(counts.shape[0]) for j, m in enumerate(MODELS)
        for p in range(counts.shape[2])
    ])


def _exact_means(counts: np.ndarray) -> np.ndarray:
    """Medias exactas (fracciones) de las particiones, como float: los empates, exactos."""
    return np.array([[float(Fraction(int(c.sum()), 30 * c.size)) for c in row] for row in counts])


def test_rounded_fold_scores_give_scipy_wilcoxon_on_the_exactly_tied_data(tmp_path):
    counts = _fold_counts()
    exact = _exact_means(counts)
    d_exact = exact[:, 0] - exact[:, 1]
    assert np.sum(d_exact == 0) == 1  # el empate verdadero
    long = _long(counts)
    rounded = long.groupby(["conjunto", "algoritmo"])["exactitud"].mean().unstack()[list(MODELS)]
    assert 0 < abs(rounded.loc["d0", "A"] - rounded.loc["d0", "B"]) < 1e-6  # el redondeo lo rompe

    ref = stats.wilcoxon(d_exact, zero_method="zsplit")
    wins, losses = int(np.sum(d_exact > 0)), int(np.sum(d_exact < 0))
    sign_ref = stats.binomtest(wins, wins + losses, 0.5).pvalue  # un empate: se descarta
    path = tmp_path / "resultados.csv"
    long.to_csv(path, index=False)
    for data in (long, path):  # en memoria y escrito en un CSV
        res = cu.analyze_results(data, metric="exactitud", random_state=SEED)
        row = res.comparisons.set_index(["a", "b"]).loc[("A", "B")]
        assert (row["wins"], row["losses"], row["ties"]) == (wins, losses, 1)
        np.testing.assert_allclose(row["pvalue"], ref.pvalue, rtol=1e-12)
        np.testing.assert_allclose(row["sign_pvalue"], sign_ref, rtol=1e-12)
        assert any("resolución de los datos" in n and "1 celda." in n for n in res.notes)
        # Friedman sobre los rangos de las medias exactas (Demšar, sin corregir por empates)
        np.testing.assert_allclose(res.omnibus["chi2"], demsar_chi2(exact), rtol=1e-12)


def test_one_full_step_is_a_difference_and_less_is_a_tie():
    merged, changed = _tie_at_resolution(np.array([[0.5, 0.5000015, 0.5000002, np.nan]]), 1e-6)
    assert merged[0, 0] == merged[0, 2] != merged[0, 1]
    assert np.isnan(merged[0, 3]) and changed == 1
    one_step = np.array([[0.966666, 0.966667]])  # un paso entero: una diferencia escrita
    assert _tie_at_resolution(one_step, 1e-6)[1] == 0


def test_resolution_is_the_smallest_decimal_step_written():
    assert _resolution([0.9, 0.85, 0.966667]) == pytest.approx(1e-6)
    assert _resolution([1.0, 30.0, 7.0]) == 0.0  # enteros: exactos
    assert _resolution(pd.read_csv(pd.io.common.StringIO("x\n0.25\n0.1\n"))["x"]) == 0.01
    assert _resolution([1 / 3]) < 1e-15  # calculado sin redondear: ningún paso que cuente


# ---------------------------------------------------------------------------
# Casos de borde del informe con dos algoritmos
# ---------------------------------------------------------------------------


def _two(a, b) -> pd.DataFrame:
    return pd.DataFrame({"A": a, "B": b}, index=[f"d{i}" for i in range(len(a))])


def test_models_differing_by_float_noise_are_refused_naming_the_data():
    a = np.random.default_rng(SEED).uniform(0.6, 0.9, 8)
    with pytest.raises(ValueError) as info:
        cu.analyze_results(_two(a, a + 1e-13), metric="exactitud")
    text = str(info.value)
    assert text.startswith("`data`: «A» y «B»") and "ruido de coma flotante" in text
    assert "scores_a" not in text


@pytest.mark.parametrize("untied", [1, 5])
def test_too_few_untied_datasets_give_a_not_significant_report_with_the_reason(untied):
    a = np.random.default_rng(SEED).uniform(0.6, 0.9, 8)
    b = a.copy()
    b[:untied] += 0.01 * np.arange(1, untied + 1)
    r = cu.analyze_results(_two(a, b), metric="exactitud", random_state=SEED)
    row = r.comparisons.iloc[0]
    ref = stats.wilcoxon(a - b, zero_method="zsplit").pvalue
    np.testing.assert_allclose(row["pvalue"], ref, rtol=1e-12)
    assert not row["reject"] and (row["wins"], row["losses"]) == (0, untied)
    md = r.to_markdown()
    floor = min(1.0, 2 / 2**untied)
    noun = "1 conjunto de datos" if untied == 1 else f"{untied} conjuntos de datos"
    ties = "7 empates" if untied == 1 else "3 empates"
    assert (f"No significativo por falta de datos: con {noun} con diferencia distinta de 0 "
            f"({ties})") in md
    assert f"el menor posible es {floor:.4f}" in md
    assert "hacen falta al menos 6 conjuntos sin empate" in md  # 2/2^6 ≤ 0.05 < 2/2^5
    assert "1 conjuntos" not in md and "en 0 conjuntos" in md


def test_one_friedman_convention_in_the_library_and_the_report():
    """Demšar (2006) sin corregir en ``cu.friedman_test`` por defecto y en el informe; la
    corregida (``tie_correction=True``) es la de scipy, y el informe la da al lado."""
    table = cu.load_garcia_herrera_2008()
    ranks = stats.rankdata(-table.to_numpy(), axis=1)
    assert np.any(ranks % 1)  # la tabla publicada tiene empates
    demsar = demsar_chi2(table.to_numpy())
    corrected = stats.friedmanchisquare(*table.to_numpy().T).statistic
    assert cu.friedman_test(table).statistic == pytest.approx(demsar, rel=1e-12)
    assert cu.friedman_test(table, tie_correction=True).statistic == pytest.approx(
        corrected, rel=1e-12)
    r = cu.analyze_results(table, metric="exactitud")
    assert r.omnibus["chi2"] == pytest.approx(demsar, rel=1e-12)
    assert f"χ²_F = {corrected:.4f}" in r.omnibus["also"] and "Demšar (2006)" in r.omnibus["also"]
