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
from conftest import demsar_chi2
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


# --- Formas de resultados publicados (construidas aquí, con sus nombres de columna) ----------


def _friedman_p(table):
    """p de Friedman con Iman y Davenport desde el χ² de scipy (sin empates; N·k > 30)."""
    n, k = table.shape
    chi2 = stats.friedmanchisquare(*[table[c] for c in table.columns]).statistic
    ff = (n - 1) * chi2 / (n * (k - 1) - chi2)
    return stats.f.sf(ff, k - 1, (k - 1) * (n - 1))


def test_deep_learning_runs_per_data_set_with_several_metric_columns(tmp_path):
    """La forma de dl-4-tsc: classifier_name, archive_name, dataset_name, iteration y cuatro
    columnas de medidas (una, la duración)."""
    rng = np.random.default_rng(SEED)
    models, sets = ("mlp", "fcn", "resnet"), [f"D{i}" for i in range(11)]
    level = dict(zip(models, (0.80, 0.83, 0.82)))
    rows = [{"classifier_name": m, "archive_name": "mts_archive", "dataset_name": d,
             "iteration": float(i), "precision": rng.uniform(.5, 1),
             "accuracy": level[m] + rng.normal(0, .05), "recall": rng.uniform(.5, 1),
             "duration": 0.0} for m in models for d in sets for i in range(5)]
    long = pd.DataFrame(rows)
    path = tmp_path / "results-mts.csv"
    long.to_csv(path, index=False)
    code, _, err = _cli(path)
    line = _error_line(err)
    assert code == 2 and "«precision», «accuracy», «recall», «duration»" in line
    assert "--col-puntuacion precision" in line
    r = cu.analyze_results(path, metric="accuracy")
    table = long.groupby(["dataset_name", "classifier_name"])["accuracy"].mean().unstack()
    assert r.design == "datasets" and r.n_units == 11 and set(r.models) == set(models)
    assert r.omnibus["pvalue"] == pytest.approx(_friedman_p(table[list(r.models)]), rel=1e-9)
    notes = " ".join(r.notes)
    assert "Cada celda es la media de las repeticiones («iteration»)" in notes
    assert "«archive_name»" in notes and "«duration» (un tiempo)" in notes


def test_r_row_names_under_a_rownames_header_are_an_index(tmp_path):
    """Rdatasets escribe los nombres de fila de R con la cabecera «rownames»."""
    rng = np.random.default_rng(SEED)
    y = rng.integers(0, 2, 400)
    a = np.where(rng.random(400) < 0.86, y, 1 - y)
    b = np.where(rng.random(400) < 0.78, y, 1 - y)
    path = tmp_path / "two_class.csv"
    pd.DataFrame({"rownames": np.arange(1, 401), "truth": y, "A": a, "B": b}).to_csv(
        path, index=False)
    r = cu.analyze_results(path)
    assert r.design == "test_set" and r.models == ("A", "B")
    n01, n10 = int(np.sum((a == y) & (b != y))), int(np.sum((a != y) & (b == y)))
    mid_p = stats.binomtest(min(n01, n10), n01 + n10).pvalue - stats.binom.pmf(
        min(n01, n10), n01 + n10, 0.5)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(mid_p, rel=1e-9)
    assert any(n.startswith("La columna «rownames» es un índice de filas") for n in r.notes)


def test_class_probabilities_of_one_model_are_not_two_models(tmp_path):
    """yardstick's two_class_example: truth, Class1, Class2 (que suman 1) y predicted."""
    rng = np.random.default_rng(SEED)
    truth = np.where(rng.random(300) < 0.5, "Class1", "Class2")
    p1 = np.clip(np.where(truth == "Class1", 0.7, 0.3) + rng.normal(0, 0.2, 300), 0.001, 0.999)
    table = pd.DataFrame({"rownames": np.arange(1, 301), "truth": truth, "Class1": p1,
                          "Class2": 1 - p1, "predicted": np.where(p1 > .5, "Class1", "Class2")})
    path = tmp_path / "two_class_example.csv"
    table.to_csv(path, index=False)
    code, _, err = _cli(path, "--medida", "auc")
    line = _error_line(err)
    assert code == 2 and "«Class1», «Class2» llevan los nombres de las clases de «truth»" in line
    assert "no 2 modelos («predicted» puede ser la clase" in line
    # tidymodels: .pred_Class1, .pred_Class2, .pred_class
    tidy = table.rename(columns={"Class1": ".pred_Class1", "Class2": ".pred_Class2",
                                 "predicted": ".pred_class"})
    with pytest.raises(ValueError, match=r"«\.pred_Class1», «\.pred_Class2» llevan los nombres"):
        cu.analyze_results(tidy)


def test_a_binary_label_column_with_an_unknown_name_is_asked_about(tmp_path):
    """Wieand et al. (1989): dos marcadores y la enfermedad, «d» (0/1)."""
    rng = np.random.default_rng(SEED)
    d = (rng.random(141) < 0.64).astype(int)
    y1 = np.round(np.exp(rng.normal(3 + 1.6 * d, 1.2)), 1)
    y2 = np.round(np.exp(rng.normal(3 + 0.7 * d, 1.0)), 1)
    path = tmp_path / "wiedat2b.csv"
    pd.DataFrame({"y1": y1, "y2": y2, "d": d}).to_csv(path, index=False, lineterminator="\r\n")
    code, _, err = _cli(path, "--medida", "auc")
    line = _error_line(err)
    assert code == 2 and "«d» tiene solo los valores 0 y 1, como las etiquetas" in line
    assert "--col-etiquetas d" in line and "«y1»" not in line
    code, out, err = _cli(path, "--medida", "auc", "--col-etiquetas", "d")
    assert code == 0, err
    r = cu.analyze_results(path, metric="auc", label_column="d")
    from sklearn.metrics import roc_auc_score

    assert r.design == "test_set" and r.descriptives["AUC"].to_dict() == pytest.approx(
        {"y1": roc_auc_score(d, y1), "y2": roc_auc_score(d, y2)}, rel=1e-12)


def test_an_oracle_column_named_like_labels_is_not_taken_as_a_regression(tmp_path):
    """gabrieljaguiar/nemenyi: «truth» es la mejor puntuación de cada fila, no un valor real,
    y quien lo usa dice que mayor es mejor: la contradicción se dice."""
    rng = np.random.default_rng(SEED)
    s = {m: rng.uniform(0.1, 0.9, 60) + shift for m, shift in (("rf", .05), ("svm", 0),
                                                                ("majority", -.05))}
    table = pd.DataFrame({"truth": np.max(list(s.values()), axis=0), **s})
    path = tmp_path / "input.csv"
    table.to_csv(path, index=False)
    code, _, err = _cli(path, "--mayor-es-mejor")
    line = _error_line(err)
    assert code == 2 and line.split("error: ")[1].startswith("--mayor-es-mejor: las filas se "
                                                             "leyeron como ejemplos")
    assert "--ignorar truth" in line
    with pytest.raises(ValueError, match=r"`metric='accuracy'`: .*no por «accuracy»"):
        cu.analyze_results(table, metric="accuracy")
    r = cu.analyze_results(table, higher_is_better=True, ignore_columns=["truth"],
                           design="datasets")
    assert r.models == ("rf", "svm", "majority") and r.n_units == 60
    assert r.omnibus["pvalue"] == pytest.approx(_friedman_p(pd.DataFrame(s)), rel=1e-9)
    # el error absoluto medio compara pérdidas absolutas (sin él, cuadráticas)
    reg = cu.analyze_results(table, metric="mae")
    ref = stats.ttest_rel(np.abs(table.truth - table.rf), np.abs(table.truth - table.svm))
    assert reg.comparisons.pvalue.iloc[0] == pytest.approx(ref.pvalue, rel=1e-9)


def _amlb_runs(rng, failures=()):
    """Resultados por partición al estilo del AutoML Benchmark: id, task, framework, fold,
    result, acc, auc, logloss, la semilla de cada ejecución (distinta por framework), models
    (cuántos modelos tiene el conjunto final), duration e info (el error de las que fallan)."""
    frameworks = {"autosklearn": .86, "H2OAutoML": .87, "TPOT": .85, "oboe": .83}
    rows = []
    for t in range(12):
        base = rng.uniform(0.6, 0.95)
        for j, (fw, level) in enumerate(frameworks.items()):
            for fold in range(10):
                acc = float(np.clip(base + level - .85 + rng.normal(0, .03), 0, 1))
                failed = (f"task{t}", fw, fold) in failures or (f"task{t}", fw, "*") in failures
                rows.append({
                    "id": f"openml.org/t/{1000 + t}", "task": f"task{t}", "framework": fw,
                    "fold": fold, "result": np.nan if failed else acc, "acc": np.nan if failed
                    else acc, "auc": np.nan if failed else min(acc + .05, 1),
                    "logloss": np.nan if failed else -np.log(acc), "seed": 331062 + 7 * j + fold,
                    "models": int(rng.integers(1, 40)), "duration": rng.uniform(3000, 3700),
                    "info": "Error: could not produce any model" if failed else ""})
    return pd.DataFrame(rows)


def test_automl_benchmark_runs_with_failures_and_a_seed_per_run(tmp_path):
    rng = np.random.default_rng(SEED)
    runs = _amlb_runs(rng, failures={("task3", "oboe", "*"), ("task5", "oboe", 1),
                                     ("task5", "oboe", 3), ("task8", "autosklearn", 6)})
    path = tmp_path / "results_small-8c1h.csv"
    runs.to_csv(path, index=False)
    code, _, err = _cli(path)
    line = _error_line(err)
    assert code == 2 and "«result», «acc», «auc», «logloss», «duration»" in line
    code, _, err = _cli(path, "--medida", "accuracy")
    line = _error_line(err)
    assert code == 2 and "falta la puntuación de «oboe» en (task5, 1)" in line
    assert "pase --permitir-huecos" in line
    r = cu.analyze_results(path, metric="accuracy", allow_missing=True)
    assert r.design == "datasets" and r.n_units == 12
    assert r.models == ("autosklearn", "H2OAutoML", "TPOT", "oboe")
    notes = " ".join(r.notes)
    assert "«models» (números, no nombres de algoritmos)" in notes and "«id» (un identificador)" \
        in notes
    assert "«seed» cambia de un algoritmo a otro en la misma partición" in notes
    assert "13 filas no tienen puntuación en «acc»" in notes
    assert "«oboe» en «task5», «autosklearn» en «task8»" in notes
    # la misma tabla conjuntos × algoritmos hecha a mano: media de las 10 particiones, vacía si
    # falta alguna
    by = runs.groupby(["task", "framework"], sort=False)["acc"]
    table = by.mean().where(by.count() == 10).unstack()[list(r.models)]
    assert table.isna().sum().sum() == 3
    by_hand = cu.analyze_results(table.reset_index().rename(columns={"task": "conjunto"}),
                                 metric="accuracy", allow_missing=True)
    assert r.omnibus["statistic"] == pytest.approx(by_hand.omnibus["statistic"], rel=1e-12)
    # sin fallos, Friedman sobre las medias por tarea (scipy)
    clean = _amlb_runs(np.random.default_rng(SEED + 1))
    r = cu.analyze_results(clean, metric="acc")
    means = clean.groupby(["task", "framework"], sort=False)["acc"].mean().unstack()
    assert r.omnibus["pvalue"] == pytest.approx(_friedman_p(means[list(r.models)]), rel=1e-9)


def test_grid_search_cv_results_have_their_folds_in_columns(tmp_path):
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import GridSearchCV, KFold
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.tree import DecisionTreeClassifier

    X, y = load_breast_cancer(return_X_y=True)
    search = GridSearchCV(KNeighborsClassifier(), {"n_neighbors": [3, 7, 15], "p": [1, 2]},
                          cv=KFold(3, shuffle=True, random_state=0)).fit(X, y)
    results = pd.DataFrame(search.cv_results_)
    path = tmp_path / "cv_results.csv"
    results.to_csv(path, sep=";")
    code, _, err = _cli(path, "--mayor-es-mejor")
    assert code == 2 and "hay 3 particiones" in _error_line(err) and "--razon" in err
    r = cu.analyze_results(path, higher_is_better=True, test_train_ratio=1 / 2)
    assert r.design == "cv" and len(r.models) == 6 and r.n_units == 3
    assert r.models[0] == "n_neighbors=3 p=1"
    folds = results[[f"split{i}_test_score" for i in range(3)]].to_numpy()
    d = folds[0] - folds[5]
    t = d.mean() / np.sqrt((1 / 3 + 1 / 2) * d.var(ddof=1))
    c = r.comparisons
    row = c[(c.a == r.models[0]) & (c.b == r.models[5])].iloc[0]
    assert row.pvalue == pytest.approx(2 * stats.t.sf(abs(t), 2), rel=1e-9)
    assert any("cv_results_ de scikit-learn" in n for n in r.notes)
    # con varias medidas (scoring={...}), se pregunta cuál
    multi = GridSearchCV(DecisionTreeClassifier(random_state=0), {"max_depth": [1, 3]},
                         scoring=["accuracy", "f1"], refit="f1", cv=3).fit(X, y)
    with pytest.raises(ValueError, match=r"entre «accuracy», «f1»"):
        cu.analyze_results(pd.DataFrame(multi.cv_results_), test_train_ratio=1 / 2)
    r = cu.analyze_results(pd.DataFrame(multi.cv_results_), metric="f1", test_train_ratio=1 / 2)
    assert r.models == ("max_depth=1", "max_depth=3") and r.metric == "f1"


def test_a_long_table_without_units_names_its_descriptor_columns(tmp_path):
    """scmamp's «experiment format»: Size, Radius, Algorithm, Evaluation, sin instancia."""
    rng = np.random.default_rng(SEED)
    long = pd.DataFrame([{"Size": size, "Radius": radius, "Algorithm": alg,
                          "Evaluation": int(rng.integers(200, 260))}
                         for size, radius in ((100, .1), (1000, .05)) for alg in ("A", "B")
                         for _ in range(5)])
    path = tmp_path / "rgg_complete_experiment.csv"
    long.to_csv(path, index=False)
    code, _, err = _cli(path, "--mayor-es-mejor")
    line = _error_line(err)
    assert code == 2 and "no se sabe qué distingue las 10 filas de cada algoritmo" in line
    assert "--col-conjunto" in line and "«Size», «Radius» describen los datos" in line


@pytest.mark.parametrize("cell", ["0.84251 (1)", "0.91*", "0.80 ± 0.02", "0.75 [3]"])
def test_a_number_with_an_annotation_is_named_as_such(cell):
    """automlbenchmark's score_summary: «0.84251 (1)», the number of imputed folds."""
    s = _wide(n=8, models=("autosklearn", "tpot"))
    table = pd.DataFrame({"task": [f"t{i}" for i in range(8)], **s}).astype({"tpot": object})
    table.loc[2, "tpot"] = cell
    with pytest.raises(ValueError, match=rf"en la fila «t2» hay '{re.escape(cell)}'\. Parece "
                                         r"un número con una anotación"):
        cu.analyze_results(table, metric="auc")
    with pytest.raises(ValueError) as info:  # un texto que no es un número anotado, sin pista
        cu.analyze_results(table.assign(tpot=table.tpot.where(table.index != 2, "n/d")),
                           metric="auc")
    assert "anotación" not in str(info.value)


@pytest.mark.parametrize("label, summary", [
    ("Average", lambda t: t.mean()),
    ("Media", lambda t: t.mean()),
    ("Mean rank", lambda t: t.rank(axis=1, ascending=False).mean()),
])
def test_a_summary_row_at_the_bottom_is_not_a_data_set(tmp_path, label, summary):
    """Las tablas publicadas suelen acabar en una fila «Average» o «Mean rank»: como un conjunto
    más, Friedman tendría 31 bloques en vez de 30 y nada lo diría."""
    scores = cu.load_garcia_herrera_2008()  # el fichero data/garcia_herrera2008.csv
    table = scores.rename_axis(columns=None).reset_index()
    extra = pd.DataFrame([[label, *summary(scores).round(3)]], columns=table.columns)
    path = tmp_path / "con_resumen.csv"
    pd.concat([table, extra]).to_csv(path, index=False)
    code, _, err = _cli(path, "--medida", "exactitud")
    line = _error_line(err)
    assert code == 2 and f"la fila «{label}» de «conjunto» parece un resumen de las demás" in line
    assert "Quítela de la tabla" in line
    table.to_csv(path, index=False)  # sin ella, Friedman sobre los 30 conjuntos (scipy)
    r = cu.analyze_results(path, metric="exactitud")
    assert r.n_units == 30
    assert r.omnibus["chi2"] == pytest.approx(demsar_chi2(scores.to_numpy()), rel=1e-12)
    corrected = stats.friedmanchisquare(*scores.to_numpy().T).statistic  # R y scipy, al lado
    assert f"χ²_F = {corrected:.4f}" in r.omnibus["also"]


def test_several_summary_rows_are_named_together():
    table = cu.load_garcia_herrera_2008().rename_axis(columns=None).reset_index()
    rows = pd.DataFrame([["Promedio", *[0.7] * 5], ["Wins", *[3] * 5]], columns=table.columns)
    with pytest.raises(ValueError, match=r"las filas «Promedio», «Wins» de «conjunto» parecen un "
                                         r"resumen.*Quítelas de la tabla"):
        cu.analyze_results(pd.concat([table, rows]), higher_is_better=True)
    long = pd.concat([table, rows]).melt(id_vars="conjunto", var_name="algoritmo",
                                         value_name="exactitud")
    with pytest.raises(ValueError, match=r"las filas «Promedio», «Wins» de «conjunto» parecen"):
        cu.analyze_results(long)  # también en una tabla larga


@pytest.mark.parametrize("name, summary", [
    ("Average", lambda t: t.mean(axis=1)),
    ("Best", lambda t: t.max(axis=1)),
    ("Std", lambda t: t.std(axis=1)),
])
def test_a_summary_column_is_asked_about_not_compared(tmp_path, name, summary):
    """Una columna «Average» o «Best» al final no es un sexto algoritmo: se pregunta."""
    scores = cu.load_garcia_herrera_2008()
    table = scores.rename_axis(columns=None).reset_index().assign(**{name: summary(scores).values})
    path = tmp_path / "con_resumen.csv"
    table.to_csv(path, index=False)
    code, _, err = _cli(path, "--medida", "exactitud")
    line = _error_line(err)
    assert code == 2 and f"«{name}» parece, por su nombre, un resumen de las demás" in line
    assert f"ignórela con --ignorar {name}" in line
    code, out, err = _cli(path, "--medida", "exactitud", "--ignorar", name)
    assert code == 0, err
    r = cu.analyze_results(table, metric="exactitud", ignore_columns=[name])
    assert r.models == tuple(scores.columns)
    assert r.omnibus["chi2"] == pytest.approx(demsar_chi2(scores.to_numpy()), rel=1e-12)
    corrected = stats.friedmanchisquare(*scores.to_numpy().T).statistic  # R y scipy, al lado
    assert f"χ²_F = {corrected:.4f}" in r.omnibus["also"]


def test_percent_signs_as_excel_writes_them_say_how_to_save_the_table(tmp_path):
    """Excel en español guarda las celdas con formato «Porcentaje» como «85,3 %» (espacio duro
    antes del signo): no se pregunta si esas columnas son modelos, se dice cómo guardarlas."""
    s = _wide(n=8, models=("Árbol", "Regresión logística"))
    cells = {m: [f"{100 * v:.1f}\u00a0%".replace(".", ",") for v in s[m]] for m in s}
    cells["Regresión logística"][3] = "—"  # un hueco marcado a mano
    path = tmp_path / "excel.csv"
    lines = ["conjunto;" + ";".join(s)] + [
        f"c{i};" + ";".join(cells[m][i] for m in s) for i in range(8)]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1252"))
    code, _, err = _cli(path, "--medida", "exactitud")
    line = _error_line(err)
    assert code == 2
    assert "«Árbol», «Regresión logística» tienen porcentajes escritos con el signo %" in line
    assert "y pase --porcentaje" in line and "--ignorar" not in line
    # Sin el signo y con --porcentaje, la prueba de Wilcoxon de scipy (8 conjuntos, exacta)
    plain = pd.DataFrame({"conjunto": [f"c{i}" for i in range(8)],
                          **{m: np.round(100 * s[m], 1) for m in s}})
    r = cu.analyze_results(plain, metric="exactitud", percent=True)
    a, b = (plain[m].to_numpy() / 100 for m in s)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(stats.wilcoxon(a, b).pvalue, rel=1e-9)
