"""El informe con ROPE y las particiones de varios conjuntos: la prueba jerárquica.

La prueba misma se compara con baycomp y PyStan en ``tests/test_bayesian_hierarchical.py``; aquí
se comprueba que el informe le da las puntuaciones correctas (las matrices conjuntos ×
particiones se construyen en la prueba con ``pivot``, de forma independiente), que la añade solo
cuando la tabla trae particiones de validación cruzada y que sus conclusiones la nombran.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import course_utils as cu

pytest.importorskip("numpyro")

ROPE = 0.01


def _long_table(seed=1, n_datasets=6, n_folds=5, runs=2):
    rng = np.random.default_rng(seed)
    rows = []
    for ds in range(n_datasets):
        base = rng.uniform(0.7, 0.9)
        for r in range(runs):
            for f in range(n_folds):
                a = base + rng.normal(0, 0.02)
                b = a - 0.015 + rng.normal(0, 0.01)
                rows += [dict(conjunto=f"c{ds}", repeticion=r, particion=f, modelo=m,
                              exactitud=round(v, 4)) for m, v in (("A", a), ("B", b))]
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def report():
    return cu.analyze_results(_long_table(), rope=ROPE, random_state=0)


def test_the_report_gives_the_hierarchical_test_every_fold(report):
    data = _long_table()
    wide = data.pivot_table(index=["conjunto", "repeticion", "particion"], columns="modelo",
                            values="exactitud")
    a = np.vstack([wide.loc[c, "A"].to_numpy() for c in ["c0", "c1", "c2", "c3", "c4", "c5"]])
    b = np.vstack([wide.loc[c, "B"].to_numpy() for c in ["c0", "c1", "c2", "c3", "c4", "c5"]])
    ref = cu.bayesian_hierarchical_test(a, b, rope=ROPE, runs=2, random_state=0)
    row = report.bayes.set_index("prueba").loc["jerárquica (todas las particiones)"]
    assert (row["P(A mejor)"], row["P(en la ROPE)"], row["P(B mejor)"]) == pytest.approx(
        (ref.prob_a_better, ref.prob_equivalent, ref.prob_b_better), abs=1e-12)
    # La de rangos con signo sigue con las medias por conjunto.
    means = data.groupby(["conjunto", "modelo"])["exactitud"].mean().unstack()
    bs = cu.bayesian_signed_rank_test(means["A"], means["B"], rope=ROPE, random_state=0)
    row = report.bayes.set_index("prueba").loc["rangos con signo (medias por conjunto)"]
    assert row["P(A mejor)"] == pytest.approx(bs.prob_a_better, abs=1e-12)


def test_the_report_says_what_the_hierarchical_test_assumes(report):
    text = report.to_markdown()
    assert "Prueba jerárquica (cuaderno 09" in text
    assert "2 × 5 particiones" in text
    assert "un conjunto de datos nuevo" in text
    assert "Con la ROPE elegida y la prueba jerárquica (todas las particiones)" in text
    assert "Con la ROPE elegida y la prueba de rangos con signo" in text


def test_no_hierarchical_test_without_folds_or_with_seeds():
    data = _long_table(n_folds=1, runs=1).drop(columns=["repeticion", "particion"])
    res = cu.analyze_results(data, rope=ROPE, random_state=0)
    assert "prueba" not in res.bayes.columns and len(res.bayes) == 1
    seeds = _long_table(n_folds=4, runs=1).rename(columns={"particion": "semilla"}).drop(
        columns=["repeticion"])
    res = cu.analyze_results(seeds, rope=ROPE, random_state=0)
    assert "prueba" not in res.bayes.columns
    assert "jerárquica" not in res.to_markdown()


def test_a_data_set_where_both_tie_on_every_fold_leaves_a_note_not_an_error():
    # Habitual: en un conjunto fácil los dos aciertan todo en cada partición. Antes de la prueba
    # jerárquica el informe ya lo analizaba; con ella no puede fallar por eso.
    data = _long_table()
    easy = data["conjunto"] == "c0"
    data.loc[easy, "exactitud"] = 1.0
    res = cu.analyze_results(data, rope=ROPE, random_state=0)
    assert "prueba" not in res.bayes.columns and len(res.bayes) == 1
    assert "no se aplica: en «c0» la diferencia" in res.to_markdown()
