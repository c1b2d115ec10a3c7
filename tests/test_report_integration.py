"""Lectura y papeles juntos: lo que ninguna de las dos partes resolvía sola.

Un diseño que se pide y no cuadra con la tabla (``--diseno seeds`` sobre filas con nombres de
conjuntos), opciones que no se usarían (``--control`` fuera de una tabla de conjuntos), el texto
del informe que nombra las opciones de la orden, y las formas de los resultados publicados que
se analizan sin tocar el fichero (construidas aquí). Los valores p se comprueban contra
``scipy.stats``.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import course_utils as cu
from test_report_reading import _cli, _error_line

SEED = 20261126


def _no_python_in(line):
    assert "`" not in line and not re.search(r"\b[a-z]+_[a-z_]+=", line), line


def _wide(n=10, models=("A", "B", "C"), seed=SEED):
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.6, 0.9, n)
    return {m: np.round(base + 0.01 * i + rng.normal(0, 0.01, n), 4)
            for i, m in enumerate(models)}


def test_a_design_that_names_rows_as_seeds_is_refused_with_the_options(tmp_path):
    s = _wide()
    path = tmp_path / "bench.csv"
    pd.DataFrame({"bench": [f"problema {i}" for i in range(10)], **s}).to_csv(path, index=False)
    for design, option in (("seeds", "--col-semilla bench"), ("cv", "--col-particion bench")):
        code, _, err = _cli(path, "--medida", "exactitud", "--diseno", design)
        line = _error_line(err)
        assert code == 2 and f"--diseno {design} dice que las filas son" in line
        assert "--col-conjunto bench" in line and option in line
        _no_python_in(line)
    # si se dice qué es la columna, se analiza lo que se dijo
    code, out, _ = _cli(path, "--medida", "exactitud", "--col-conjunto", "bench")
    assert code == 0 and "Friedman" in out
    two = tmp_path / "dos.csv"
    pd.read_csv(path).drop(columns="C").to_csv(two, index=False)
    code, out, err = _cli(two, "--medida", "exactitud", "--diseno", "seeds", "--col-semilla",
                          "bench")
    assert code == 0 and "ASO" in out, err


@pytest.mark.parametrize("shape", ["cv", "seeds", "test_set"])
def test_control_outside_a_data_sets_table_is_refused(tmp_path, shape):
    s = _wide()
    if shape == "cv":
        table = pd.DataFrame({"particion": range(10), **s})
        extra = ["--razon", "1/9", "--medida", "exactitud"]
    elif shape == "seeds":
        table = pd.DataFrame({"semilla": range(10), **s})
        extra = ["--medida", "exactitud"]
    else:
        rng = np.random.default_rng(SEED)
        y = rng.integers(0, 2, 100)
        table = pd.DataFrame({"y_true": y, "A": y, "B": np.where(rng.random(100) < .8, y, 1 - y)})
        extra = []
    path = tmp_path / "t.csv"
    table.to_csv(path, index=False)
    code, _, err = _cli(path, *extra, "--control", "A")
    line = _error_line(err)
    assert code == 2 and line.endswith("Quite esa opción.") and "--control:" in line
    _no_python_in(line)
    with pytest.raises(ValueError, match=r"^`control`: el algoritmo de control es para"):
        cu.analyze_results(table, control="A", test_train_ratio=1 / 9 if shape == "cv" else None,
                           metric=None if shape == "test_set" else "exactitud")


def test_the_report_names_the_rope_option_as_the_reader_would_write_it(tmp_path):
    s = _wide(models=("A", "B"))
    table = pd.DataFrame({"conjunto": [f"c{i}" for i in range(10)], **s})
    path = tmp_path / "t.csv"
    table.to_csv(path, index=False)
    code, out, _ = _cli(path, "--medida", "exactitud")
    assert code == 0 and "opción --rope" in out and "opción `rope`" not in out
    md = cu.analyze_results(table, metric="exactitud").to_markdown()
    assert "opción `rope`" in md and "--rope" not in md


def test_one_rule_for_row_labels_whatever_the_other_columns_are_called():
    """La primera columna sin nombre la decide ``row_labels`` también cuando otras dos columnas
    podrían tener el mismo papel (lo dice después la asignación de papeles, con las opciones)."""
    s = _wide(n=12)  # N·k > 30: el valor p de Friedman es el asintótico
    names = [f"d{i}" for i in range(12)]
    table = pd.DataFrame({"Unnamed: 0": range(12), "dataset": names,
                          "task": ["binary"] * 6 + ["multiclass"] * 6, **s})
    with pytest.raises(ValueError, match=r"«dataset», «task» pueden ser todas la columna de los "
                                         r"conjuntos de datos.*`dataset_column='dataset'`"):
        cu.analyze_results(table, metric="exactitud")
    r = cu.analyze_results(table, metric="exactitud", dataset_column="dataset")
    assert r.n_units == 12 and r.models == ("A", "B", "C")
    notes = " ".join(r.notes)
    assert "índice de filas (el índice 0…N−1" in notes and "«task» (el papel lo tiene" in notes
    chi2 = stats.friedmanchisquare(*s.values()).statistic  # sin empates: Iman y Davenport
    n, k = 12, 3
    ff = (n - 1) * chi2 / (n * (k - 1) - chi2)
    assert r.omnibus["pvalue"] == pytest.approx(stats.f.sf(ff, k - 1, (k - 1) * (n - 1)),
                                                rel=1e-9)


def test_a_model_whose_name_has_no_latin_letters_is_a_model():
    s = _wide(models=("模型", "B"))
    table = pd.DataFrame({"conjunto": [f"c{i}" for i in range(10)], **s})
    r = cu.analyze_results(table, metric="exactitud")
    assert r.models == ("模型", "B")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(s["模型"], s["B"]).pvalue, rel=1e-12)
