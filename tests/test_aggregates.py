"""Agregados robustos (course_utils.practice.aggregates) frente a rliable y a referencias exactas.

Referencias:

* rliable 1.2.0 (Agarwal et al., 2021; Apache 2.0): ``tests/data/rliable/reference.json``,
  calculado una vez en un entorno aparte con ``tests/data/rliable/make_reference.py`` (rliable
  exige ``arch<8``, que no se instala con el pandas del curso; ver ``tests/data/README.md``).
  Los valores puntuales deben coincidir exactamente; los intervalos, dentro de su error de
  Monte Carlo (rliable remuestrea con ``np.random`` y arch; el curso, con su propio generador).
* scipy: ``trim_mean`` (IQM) y ``mannwhitneyu`` (probabilidad de mejora).
* La distribución *bootstrap* estratificada exacta, enumerando todas las remuestras de una
  tabla pequeña.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import course_utils as cu

DATA = Path(__file__).parent / "data" / "rliable"


@pytest.fixture(scope="module")
def published():
    table = pd.read_csv(DATA / "scores.csv")
    scores = {name: g.pivot(index="run", columns="task", values="score").to_numpy()
              for name, g in table.groupby("model")}
    return scores, json.loads((DATA / "reference.json").read_text())


def test_aggregates_equal_rliable(published):
    scores, ref = published
    res = cu.robust_aggregates(scores, n_resamples=20_000, random_state=0)
    for model, expected in ref["aggregates"].items():
        rows = res.table[res.table["model"] == model].set_index("aggregate")
        got = rows.loc[list(cu.AGGREGATES)]
        np.testing.assert_allclose(got["estimate"], expected["estimate"], rtol=1e-12)
        # Extremos de un percentil 2.5/97.5 con 20 000 y 10 000 remuestras: su error de Monte
        # Carlo es de un 1 % de la anchura del intervalo; la tolerancia, de unos 5 errores.
        width = np.asarray(expected["high"]) - np.asarray(expected["low"])
        np.testing.assert_allclose(got["low"], expected["low"], atol=0.04 * width.max())
        np.testing.assert_allclose(got["high"], expected["high"], atol=0.04 * width.max())


def test_iqm_and_improvement_equal_scipy(published):
    scores, ref = published
    res = cu.robust_aggregates(scores, n_resamples=50, random_state=0)
    iqm = res.table.query("aggregate == 'iqm'").set_index("model")["estimate"]
    for model, arr in scores.items():
        assert iqm[model] == pytest.approx(stats.trim_mean(arr, 0.25, axis=None), rel=1e-12)
    x, y = scores["B"], scores["A"]
    u = [stats.mannwhitneyu(x[:, m], y[:, m], alternative="greater").statistic
         / (x.shape[0] * y.shape[0]) for m in range(x.shape[1])]
    poi = cu.probability_of_improvement(x, y, n_resamples=20_000, random_state=0)
    assert poi.estimate == pytest.approx(np.mean(u), rel=1e-12)
    expected = ref["probability_of_improvement"]["B,A"]
    assert poi.estimate == pytest.approx(expected["estimate"], rel=1e-12)
    # rliable, con 1 000 remuestras: su error de Monte Carlo es de un 2 % de la anchura.
    width = expected["high"] - expected["low"]
    assert poi.low == pytest.approx(expected["low"], abs=0.1 * width)
    assert poi.high == pytest.approx(expected["high"], abs=0.1 * width)


def test_profiles_equal_rliable(published):
    scores, ref = published
    res = cu.performance_profile(scores, ref["taus"], n_resamples=20_000, random_state=0)
    for model, expected in ref["profiles"].items():
        got = res.table[res.table["model"] == model]
        np.testing.assert_allclose(got["fraction"], expected["fraction"], rtol=1e-12)
        # 60 ejecuciones: la fracción va de 1/60 en 1/60; dos saltos de tolerancia.
        np.testing.assert_allclose(got["low"], expected["low"], atol=0.034)
        np.testing.assert_allclose(got["high"], expected["high"], atol=0.034)


def test_stratified_bootstrap_matches_exact_enumeration():
    # 3 ejecuciones × 2 tareas: 27 remuestras por tarea, 729 en total, igual de probables.
    runs = np.array([[0.1, 2.0], [0.5, 3.0], [0.9, 7.0]])
    means = []
    for rows_a in itertools.product(range(3), repeat=3):
        for rows_b in itertools.product(range(3), repeat=3):
            means.append((runs[list(rows_a), 0].mean() + runs[list(rows_b), 1].mean()) / 2)
    exact = np.quantile(means, [0.025, 0.975])
    res = cu.robust_aggregates({"A": runs}, n_resamples=200_000, random_state=3)
    row = res.table.set_index("aggregate").loc["mean"]
    # Con una distribución discreta el cuantil de Monte Carlo cae en el mismo salto o el vecino.
    assert row["low"] == pytest.approx(exact[0], abs=0.08)
    assert row["high"] == pytest.approx(exact[1], abs=0.08)
    assert row["estimate"] == pytest.approx(runs.mean(), rel=1e-12)


def test_optimality_gap_ignores_scores_above_gamma():
    runs = np.array([[0.5, 3.0], [0.7, 2.0]])
    res = cu.robust_aggregates({"A": runs}, gamma=1.0, n_resamples=50, random_state=0)
    gap = res.table.set_index("aggregate").loc["optimality_gap", "estimate"]
    assert gap == pytest.approx(1 - np.mean([0.5, 1.0, 0.7, 1.0]))
    assert "brecha de optimalidad" in res.summary()


def test_identical_runs_give_one_half():
    x = np.array([[0.2, 0.4], [0.3, 0.5]])
    res = cu.probability_of_improvement(x, x.copy(), n_resamples=100, random_state=0)
    assert res.estimate == 0.5


@pytest.mark.parametrize("bad, exc, match", [
    ([[0.1, 0.2], [0.3, 0.4]], TypeError, "diccionario"),
    ({"A": [0.1, 0.2]}, ValueError, "scores\\['A'\\]"),
    ({"A": [[0.1, 0.2]]}, ValueError, "al menos 2 ejecuciones"),
    ({"A": [[0.1, np.nan], [0.3, 0.4]]}, ValueError, "scores\\['A'\\]"),
    ({"A": [[0.1, 0.2], [0.3, 0.4]], "B": [[0.1], [0.3]]}, ValueError, "mismas tareas"),
    ({1: [[0.1, 0.2], [0.3, 0.4]]}, TypeError, "texto"),
    ({"A": [[1e308, 1e308], [1e308, 1.0]]}, ValueError, "desbordan"),
])
def test_bad_input_in_spanish(bad, exc, match):
    with pytest.raises(exc, match=match):
        cu.robust_aggregates(bad)


def test_bad_options_in_spanish():
    ok = {"A": [[0.1, 0.2], [0.3, 0.4]]}
    with pytest.raises(ValueError, match="`confidence`"):
        cu.robust_aggregates(ok, confidence=1.5)
    with pytest.raises(TypeError, match="`gamma`"):
        cu.robust_aggregates(ok, gamma="uno")
    with pytest.raises(ValueError, match="`n_resamples`"):
        cu.robust_aggregates(ok, n_resamples=1)
    with pytest.raises(ValueError, match="`taus`"):
        cu.performance_profile(ok, [0.1, np.inf])


def test_probability_of_improvement_names_its_own_arguments():
    ok = [[0.1, 0.2], [0.3, 0.4]]
    with pytest.raises(ValueError, match="`scores_x` y `scores_y` deben tener las mismas tareas"):
        cu.probability_of_improvement(ok, [[0.1], [0.3]])
    with pytest.raises(ValueError, match="^`scores_y` contiene"):
        cu.probability_of_improvement(ok, [[0.1, np.nan], [0.3, 0.4]])


def test_probability_of_improvement_refuses_tasks_in_another_order():
    # Con tablas de pandas, las columnas nombran las tareas: en otro orden, cada tarea de X se
    # compararía con otra de Y (0.3333 en lugar de 0.5, sin error).
    x = pd.DataFrame({"a": [0.0, 0.1], "b": [5.0, 5.1], "c": [10.0, 10.1]})
    assert cu.probability_of_improvement(x, x.copy(), random_state=0).estimate == 0.5
    with pytest.raises(ValueError, match=r"scores_y\[scores_x\.columns\]"):
        cu.probability_of_improvement(x, x[["b", "c", "a"]], random_state=0)
