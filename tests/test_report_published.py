"""El informe sobre las tablas publicadas de ``docente/proyecto/tablas/``, tal como se copiaron.

Son resultados reales (AutoML Benchmark 2019 y KASBA, con su procedencia y su licencia en
``PROCEDENCIA.md``), no tablas escritas por los tests: se comprueba que el informe pregunta lo que
no puede saber (con el nombre de la columna y de la opción) y que, con las opciones que pide, sus
números coinciden con una referencia independiente (pandas, ``scipy.stats``, ``statsmodels`` y la
fórmula de Skillings y Mack, 1981).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests

import course_utils as cu
from conftest import demsar_chi2
from test_report_reading import _cli, _error_line

TABLES = Path(__file__).resolve().parent.parent / "docente" / "proyecto" / "tablas"
SUMMARY = TABLES / "automlbenchmark_score_summary_1h.csv"
FOLDS = TABLES / "automlbenchmark_results_small_8c1h.csv"
KASBA = TABLES / "tsml_kasba_clacc_mean.csv"
SHA256 = {  # las de PROCEDENCIA.md: los ficheros no se han tocado
    SUMMARY: "1c7c15682cdd0ab6d44d23eb7999d8a3a79e8308824872418ee42746ef2dbe04",
    FOLDS: "f2e1521f302954cab8eae56cf2f401a31388c6e43f6eb75f428500ceeefe5d35",
    KASBA: "f81e6a965672bfe114fc5114f5748fca922a0c9398420af100af6f46ee5be2b9",
}


@pytest.mark.parametrize("path", list(SHA256), ids=lambda p: p.name)
def test_tables_are_the_published_bytes(path):
    assert hashlib.sha256(path.read_bytes()).hexdigest() == SHA256[path]


def _wilcoxon_p(a, b):
    """Wilcoxon bilateral exacto con los ceros repartidos (``zsplit``): la distribución de los
    2^N signos de las diferencias no nulas (rangos medios y ceros fijos, como
    ``scipy.stats.permutation_test``), por enumeración hasta 16 conjuntos y, por encima, por
    convolución de los rangos duplicados (enteros), escrita aquí aparte de la del curso. Las
    diferencias se redondean a 12 decimales para que dos iguales salvo el redondeo de la resta
    empaten."""
    d = np.round(np.asarray(a, float) - np.asarray(b, float), 12)
    if d.size > 16:
        doubled = np.rint(2 * stats.rankdata(np.abs(d))[d != 0]).astype(int)
        observed = int(doubled[d[d != 0] > 0].sum())
        dist = np.zeros(doubled.sum() + 1)
        dist[0] = 1.0
        for r in doubled:  # cada rango entra con signo + o − con probabilidad 1/2
            shifted = np.zeros_like(dist)
            shifted[r:] = dist[:-r]
            dist = 0.5 * (dist + shifted)
        tail = min(dist[:observed + 1].sum(), dist[observed:].sum())
        return min(1.0, 2 * tail)
    ranks = stats.rankdata(np.abs(d))[d != 0]
    observed = ranks[d[d != 0] > 0].sum()
    signs = (np.arange(2 ** ranks.size)[:, None] >> np.arange(ranks.size)) & 1
    null = signs @ ranks
    tail = min(np.mean(null >= observed - 1e-9), np.mean(null <= observed + 1e-9))
    return min(1.0, 2 * tail)


def _skillings_mack(table: pd.DataFrame) -> tuple[float, float]:
    """Skillings y Mack (1981) con celdas vacías, según su fórmula: rangos dentro de cada bloque
    (1 = mejor), centrados y ponderados por sqrt(12 / (k_i + 1)); covarianza −λ_jl (bloques
    donde están j y l) fuera de la diagonal; estadístico A' Σ⁻ A con k − 1 grados de
    libertad."""
    x = table.to_numpy(dtype=float)
    k = x.shape[1]
    a, lam = np.zeros(k), np.zeros((k, k))
    for row in x:
        seen = ~np.isnan(row)
        m = int(seen.sum())
        if m < 2:
            continue
        a[seen] += np.sqrt(12 / (m + 1)) * (stats.rankdata(-row[seen]) - (m + 1) / 2)
        lam[np.ix_(seen, seen)] += 1
    np.fill_diagonal(lam, 0)
    sigma = np.diag(lam.sum(axis=1)) - lam
    sm = float(a @ np.linalg.pinv(sigma) @ a)
    return sm, float(stats.chi2.sf(sm, k - 1))


def test_kasba_asks_what_a_row_is_then_matches_scipy():
    code, _, err = _cli(KASBA, "--medida", "exactitud")
    assert code == 2
    assert ("la primera columna, «Estimators:», tiene nombres y no se sabe qué es cada fila: si "
            "cada fila es un conjunto de datos, dígalo con --col-conjunto Estimators:") in err
    r = cu.analyze_results(KASBA, metric="exactitud", dataset_column="Estimators:")
    table = pd.read_csv(KASBA, index_col=0)
    assert r.design == "datasets" and r.n_units == 102 and r.models == tuple(table.columns)
    ranks = table.rank(axis=1, ascending=False).mean()
    np.testing.assert_allclose(r.descriptives["rango medio"].to_numpy(), ranks.to_numpy(),
                               rtol=1e-12)
    assert r.omnibus["chi2"] == pytest.approx(demsar_chi2(table.to_numpy()), rel=1e-12)
    corrected = stats.friedmanchisquare(*table.to_numpy().T).statistic  # R y scipy, al lado
    assert f"χ²_F = {corrected:.4f}" in r.omnibus["also"]
    c = r.comparisons
    p = [_wilcoxon_p(table[a], table[b]) for a, b in zip(c.a, c.b)]
    np.testing.assert_allclose(c.pvalue, p, rtol=1e-9)
    # 8 algoritmos: Bergmann-Hommel, entre los p sin ajustar y Holm (statsmodels)
    holm = multipletests(p, method="holm")[1]
    assert np.all(c.pvalue_adjusted >= c.pvalue - 1e-12)
    assert np.all(c.pvalue_adjusted <= holm + 1e-12)


def test_score_summary_asks_about_type_and_the_annotated_cells():
    code, _, err = _cli(SUMMARY, "--mayor-es-mejor")
    assert code == 2 and "«type» tiene textos («binary», «multiclass»)" in err
    assert "ignórela con --ignorar type" in _error_line(err)
    code, _, err = _cli(SUMMARY, "--mayor-es-mejor", "--ignorar", "type")
    assert code == 2
    assert "en la fila «kc1» hay '0.84251 (1)'. Parece un número con una anotación" in err


def test_fold_results_ask_for_the_measure_and_the_gaps_then_match_the_formulas():
    code, _, err = _cli(FOLDS)
    assert code == 2
    assert "no se sabe qué columna tiene la puntuación entre «result», «acc», «auc»" in err
    code, _, err = _cli(FOLDS, "--medida", "accuracy")
    assert code == 2
    assert "falta la puntuación de «oboe» en (blood-transfusion, 1)" in err
    assert "pase --permitir-huecos" in err
    r = cu.analyze_results(FOLDS, metric="accuracy", allow_missing=True)
    # Referencia: la media de las 10 particiones de cada tarea y sistema; vacía si falta alguna.
    runs = pd.read_csv(FOLDS).groupby(["task", "framework"])["acc"]
    table = runs.mean().where(runs.count() == 10).unstack()[list(r.models)]
    assert r.design == "datasets" and r.n_units == 16
    assert int(table.isna().to_numpy().sum()) == 5
    ranks = table.rank(axis=1, ascending=False).mean()  # en los conjuntos donde está cada uno
    np.testing.assert_allclose(r.descriptives["rango medio"].to_numpy(), ranks.to_numpy(),
                               rtol=1e-12)
    sm, p_sm = _skillings_mack(table)
    assert r.omnibus["statistic"] == pytest.approx(sm, rel=1e-9)
    assert r.omnibus["pvalue"] == pytest.approx(p_sm, rel=1e-9)
    c = r.comparisons
    p = [_wilcoxon_p(*table[[a, b]].dropna().to_numpy().T) for a, b in zip(c.a, c.b)]
    np.testing.assert_allclose(c.pvalue, p, rtol=1e-9)
    np.testing.assert_allclose(c.pvalue_adjusted, multipletests(p, method="holm")[1],
                               rtol=1e-9)
