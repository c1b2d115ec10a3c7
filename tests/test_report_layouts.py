"""Formas de las tablas publicadas que no son una columna por modelo (``analyze_results``).

Modelos con «Time» en el nombre (InceptionTime, LITETime, de las comparaciones de clasificación
de series temporales), el resumen de un solo algoritmo (``_mean``, ``_sd``, ``ci_low``...) y
columnas numeradas 0…k−1 (particiones de un algoritmo; el formato «folds:» de tsml y aeon, un
fichero por algoritmo). Cada error se sigue tal como lo aconseja y el resultado se compara con
``scipy.stats``.
"""

from __future__ import annotations

import ast
import re
import shlex
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import course_utils as cu
from course_utils.__main__ import _parser, main

SEED = 20261129
DATASETS = ["ACSF1", "Adiac", "ArrowHead", "Beef", "BeetleFly", "BirdChicken", "BME", "Car",
            "CBF", "Chinatown", "Coffee", "Computers"]


def _scores(n_columns: int, seed: int = SEED) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.round(rng.uniform(0.6, 0.95, (len(DATASETS), n_columns)), 4)


def test_time_named_model_with_scores_is_asked_and_each_answer_works():
    v = _scores(3)
    table = pd.DataFrame({"dataset": DATASETS, "ROCKET": v[:, 0], "InceptionTime": v[:, 1],
                          "LITETime": v[:, 2]})
    with pytest.raises(ValueError, match="InceptionTime") as info:
        cu.analyze_results(table, higher_is_better=True)
    message = str(info.value)
    assert "nombre de tiempo" in message
    assert "`model_columns=['ROCKET', 'LITETime', 'InceptionTime']`" in message
    assert "`ignore_columns=['InceptionTime']`" in message
    # Es un modelo: los tres se comparan.
    r = cu.analyze_results(table, higher_is_better=True,
                           model_columns=["ROCKET", "LITETime", "InceptionTime"])
    assert r.design == "datasets" and set(r.models) == {"ROCKET", "LITETime", "InceptionTime"}
    # Es un tiempo: quedan dos, y la prueba es la de Wilcoxon de scipy.
    r = cu.analyze_results(table, higher_is_better=True, ignore_columns=["InceptionTime"])
    assert r.models == ("ROCKET", "LITETime") and r.n_units == len(DATASETS)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(table.ROCKET, table.LITETime).pvalue, rel=1e-12)


def test_real_time_columns_are_still_set_aside():
    v = _scores(2)
    table = pd.DataFrame({"dataset": DATASETS, "ROCKET": v[:, 0], "HC2": v[:, 1],
                          "fit_time": np.linspace(12.0, 340.0, len(DATASETS))})
    r = cu.analyze_results(table, higher_is_better=True)
    assert r.models == ("ROCKET", "HC2")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(table.ROCKET, table.HC2).pvalue, rel=1e-12)


@pytest.mark.parametrize("columns", [
    ["acc_mean", "acc_std"],
    ["ROCKET_mean", "ROCKET_sd", "ROCKET_se"],
    ["mean", "standard_deviation", "ci_low", "ci_high"],
    ["accuracy_mean", "accuracy_standard_deviation"],
    ["score", "score_ci_lower", "score_ci_upper"],
])
def test_one_algorithm_with_its_summaries_is_refused(columns):
    table = pd.DataFrame(_scores(len(columns)), columns=columns)
    table.insert(0, "dataset", DATASETS)
    with pytest.raises(ValueError, match="solo hay un algoritmo: no hay nada que comparar"):
        cu.analyze_results(table, higher_is_better=True)


def test_summaries_of_two_algorithms_compare_the_means():
    v = _scores(4)
    table = pd.DataFrame({"dataset": DATASETS, "RF_mean": v[:, 0], "RF_sd": v[:, 1] / 10,
                          "SVM_mean": v[:, 2], "SVM_sd": v[:, 3] / 10})
    r = cu.analyze_results(table, higher_is_better=True)
    assert r.models == ("RF_mean", "SVM_mean")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(table.RF_mean, table.SVM_mean).pvalue, rel=1e-12)


@pytest.mark.parametrize("names", [list(range(10)), [str(i) for i in range(10)],
                                   [str(i) for i in range(1, 6)]])
def test_numbered_columns_are_asked_and_model_columns_works(names):
    table = pd.DataFrame(_scores(len(names)), columns=names)
    table.insert(0, "dataset", DATASETS)
    with pytest.raises(ValueError, match="particiones o remuestras de un solo algoritmo") as info:
        cu.analyze_results(table, higher_is_better=True)
    text = [str(c) for c in names]
    assert f"`model_columns={text!r}`" in str(info.value)
    if not isinstance(names[0], str):
        assert "`data.rename(columns=str)`" in str(info.value)
        table = table.rename(columns=str)
    r = cu.analyze_results(table, higher_is_better=True, model_columns=text)
    assert r.design == "datasets" and len(r.models) == len(names)


def _tsml_file(path, seed):
    """Un fichero como los de tsml y aeon: cabecera «folds:», 0..29, una fila por conjunto."""
    v = _scores(30, seed)
    lines = ["folds:," + ",".join(str(i) for i in range(30))]
    lines += [name + "," + ",".join(repr(float(x)) for x in row) for name, row in
              zip(DATASETS, v)]
    path.write_text("\n".join(lines) + "\n")
    return v


def test_tsml_folds_file_is_refused_and_its_advice_gives_the_right_design(tmp_path, capsys):
    values = {m: _tsml_file(tmp_path / f"{m}_ACC.csv", seed)
              for m, seed in (("ROCKET", 1), ("HC2", 2))}
    assert main(["informe", str(tmp_path / "ROCKET_ACC.csv"), "--mayor-es-mejor"]) == 2
    err = capsys.readouterr().err
    assert "«folds:»" in err and "tsml" in err and "--col-particion" in err
    # El consejo: una tabla larga con conjunto, partición, algoritmo y puntuación.
    long = pd.concat([
        pd.read_csv(tmp_path / f"{m}_ACC.csv").rename(columns={"folds:": "problem"})
        .melt(id_vars="problem", var_name="resample", value_name="acc").assign(classifier=m)
        for m in values])
    long.to_csv(tmp_path / "long.csv", index=False)
    args = ["--col-conjunto", "problem", "--col-particion", "resample", "--col-algoritmo",
            "classifier", "--col-puntuacion", "acc"]
    assert main(["informe", str(tmp_path / "long.csv"), *args]) == 0
    r = cu.analyze_results(long, dataset_column="problem", fold_column="resample",
                           model_column="classifier", score_column="acc")
    assert r.design == "datasets" and r.n_units == len(DATASETS)
    # Una puntuación por conjunto: la media de sus 30 particiones, y Wilcoxon entre conjuntos.
    a, b = values["ROCKET"].mean(axis=1), values["HC2"].mean(axis=1)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(stats.wilcoxon(a, b).pvalue, rel=1e-9)


def test_medida_in_spanish_selects_the_english_column_of_a_long_table(tmp_path):
    rng = np.random.default_rng(SEED)
    long = pd.DataFrame([{"dataset": d, "model": m, "accuracy": rng.uniform(0.6, 0.9),
                          "f1": rng.uniform(0.5, 0.8)} for d in DATASETS for m in ("rf", "svm")])
    r = cu.analyze_results(long, metric="exactitud")
    wide = long.pivot(index="dataset", columns="model", values="accuracy")
    assert r.models == ("rf", "svm") and r.n_units == len(DATASETS)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(wide.rf, wide.svm).pvalue, rel=1e-12)


_FLAGS_WITH_VALUE = {"--col-conjunto", "--col-particion", "--col-repeticion", "--col-semilla",
                     "--col-etiquetas", "--col-algoritmo", "--col-puntuacion", "--modelo",
                     "--ignorar", "--medida", "--diseno", "--control", "--razon", "--cv",
                     "--rope", "--positiva", "--tipo"}


# --- Cada opción que aconseja un mensaje existe y, seguida, resuelve ese mensaje ---------------

_OPTION = re.compile(r"--[a-z][a-z-]*(?: (?!--)(?:'[^']*'|[^\s,;()]+))?")


def _suggestions(message: str) -> list[list[str]]:
    """Los grupos de opciones del mensaje (``--ignorar a --ignorar b`` es un grupo)."""
    groups, last_end = [], None
    for match in _OPTION.finditer(message):
        tokens = shlex.split(match.group(0).rstrip(".").rstrip(")"))
        if groups and message[last_end:match.start()].strip() == "":
            groups[-1] += tokens
        else:
            groups.append(tokens)
        last_end = match.end()
    return groups


def _tables() -> dict[str, pd.DataFrame]:
    v = _scores(4)
    rng = np.random.default_rng(SEED)
    long = pd.DataFrame([{"dataset": d, "model": m, "accuracy": rng.uniform(0.6, 0.9),
                          "f1": rng.uniform(0.5, 0.8)} for d in DATASETS for m in ("rf", "svm")])
    folds = pd.DataFrame(v[:, :3], columns=["0", "1", "2"])
    folds.insert(0, "dataset", DATASETS)
    return {
        "time": pd.DataFrame({"dataset": DATASETS, "ROCKET": v[:, 0], "InceptionTime": v[:, 1],
                              "LITETime": v[:, 2]}),
        "numbered": folds,
        "two_scores": long,
        "summary": pd.DataFrame({"dataset": DATASETS, "A": v[:, 0], "B": v[:, 1],
                                 "Average": v[:, :2].mean(axis=1)}),
        "named_rows": pd.DataFrame({"series": DATASETS, "ARIMA": v[:, 0], "ETS": v[:, 1]}),
    }


@pytest.mark.parametrize("name", list(_tables()))
def test_every_suggested_option_exists_and_resolves_the_message(name, tmp_path, capsys):
    path = tmp_path / f"{name}.csv"
    _tables()[name].to_csv(path, index=False)
    base = ["informe", str(path), "--mayor-es-mejor", "--salida", str(tmp_path / "out.md")]
    assert main(base) == 2
    message = capsys.readouterr().err
    groups = _suggestions(message)
    assert groups, message
    parser = _parser()
    for group in groups:
        if len(group) == 1 and group[0] in _FLAGS_WITH_VALUE:
            continue  # la opción nombrada sin valor («diga cuál con --col-conjunto»)
        parser.parse_args(base + group)  # argparse sale con SystemExit si no la conoce
        main(base + group)
        again = capsys.readouterr().err
        assert again != message, group  # seguida, la opción no lleva al mismo error


GRID = Path(__file__).parent / "data" / "report" / "gridsearch_cv_results.csv"


def test_large_grid_compares_the_top_configurations_and_says_among_how_many():
    """270 candidatas de GridSearchCV (``tests/data/README.md``): se comparan las 10 de mayor
    media (calculada aquí con pandas desde las columnas split*_test_score), con la t corregida
    de Nadeau y Bengio, y la nota dice entre cuántas se eligió la mejor."""
    raw = pd.read_csv(GRID)
    splits = [f"split{i}_test_score" for i in range(5)]
    assert len(raw) == 270
    names = raw["params"].map(
        lambda t: " ".join(f"{k}={v}" for k, v in ast.literal_eval(t).items()))
    means = pd.Series(raw[splits].mean(axis=1).to_numpy(), index=names)
    top = means.sort_values(ascending=False, kind="stable").index[:10]
    start = time.perf_counter()
    r = cu.analyze_results(GRID, higher_is_better=True, test_train_ratio=1 / 4)
    text = r.summary()
    assert time.perf_counter() - start < 5
    assert r.design == "cv" and set(r.models) == set(top) and r.n_units == 5
    assert "270 configuraciones" in text and "sesgada a su favor" in text
    assert len(text.splitlines()) < 300
    a, b = r.comparisons.a.iloc[0], r.comparisons.b.iloc[0]
    scores = raw.set_index(names)[splits]
    d = scores.loc[a].to_numpy() - scores.loc[b].to_numpy()
    if d.std() > 0:
        t = d.mean() / np.sqrt((1 / 5 + 1 / 4) * d.var(ddof=1))
        p = 2 * stats.t.sf(abs(t), 4)
        assert r.comparisons.pvalue.iloc[0] == pytest.approx(p, rel=1e-9)


TSML_EVAL = Path(__file__).parent / "data" / "report" / "tsml_kmeans-dtw_test_NMI.csv"


def test_a_real_tsml_eval_results_file_is_asked_about_not_analysed_as_30_models(capsys):
    """El fichero tal como lo publica tsml-eval (cabecera «folds», sin dos puntos; ver
    tests/data/README.md): una fila por conjunto y las 30 remuestras de k-medias con DTW. No son
    30 modelos: el informe lo dice, con la cabecera tal como llega, y no analiza nada."""
    import hashlib

    digest = hashlib.sha256(TSML_EVAL.read_bytes()).hexdigest()
    assert digest == "dbfd91a60f0cdf2d073b5b21cc95aa875bc9fe1eae4a8ce8b85921d3d1f97767"
    assert main(["informe", str(TSML_EVAL), "--mayor-es-mejor"]) == 2
    err = capsys.readouterr().err
    assert "las columnas se llaman 0, 1, …, 29" in err
    assert "La cabecera «folds» es la de los resultados de tsml y aeon" in err
    assert "con ellas solo no hay nada que comparar" in err
    with pytest.raises(ValueError, match="no como 30 modelos"):
        cu.analyze_results(pd.read_csv(TSML_EVAL), higher_is_better=True)


def _ridge_search(alphas, scoring):
    """cv_results_ de una búsqueda real (Ridge sobre diabetes, KFold 5), escrita como CSV."""
    from sklearn.datasets import load_diabetes
    from sklearn.linear_model import Ridge
    from sklearn.model_selection import GridSearchCV, KFold

    X, y = load_diabetes(return_X_y=True)
    search = GridSearchCV(Ridge(), {"alpha": alphas}, scoring=scoring, refit=False,
                          cv=KFold(5, shuffle=True, random_state=0)).fit(X, y)
    return pd.DataFrame(search.cv_results_)


def test_r2_suggested_for_a_cv_results_table_with_two_measures_is_then_accepted(tmp_path):
    """Una rejilla con scoring={"r2", "neg_mse"}: el mensaje sugiere --col-puntuacion r2 (la
    medida de sus columnas split…_test_r2), y seguirlo analiza esas particiones."""
    import io
    import math
    import re
    from contextlib import redirect_stderr

    from scipy import stats

    from course_utils.__main__ import main

    table = _ridge_search([0.01, 10.0], {"r2": "r2", "neg_mse": "neg_mean_squared_error"})
    csv = tmp_path / "busqueda.csv"
    table.to_csv(csv)
    err = io.StringIO()
    with redirect_stderr(err):
        assert main(["informe", str(csv)]) == 2
    suggested = re.search(r"--col-puntuacion (\w+)", err.getvalue()).group(1)
    assert suggested == "r2"
    out = tmp_path / "informe.md"
    assert main(["informe", str(csv), "--col-puntuacion", suggested, "--razon", "1/4",
                 "--salida", str(out)]) == 0
    r = cu.analyze_results(csv, score_column="r2", test_train_ratio=0.25)
    # t corregida de Nadeau y Bengio escrita aquí, sobre las columnas split…_test_r2
    d = np.array([table.loc[0, f"split{i}_test_r2"] - table.loc[1, f"split{i}_test_r2"]
                  for i in range(5)])
    t = d.mean() / math.sqrt(d.var(ddof=1) * (1 / 5 + 0.25))
    assert r.comparisons.iloc[0]["pvalue"] == pytest.approx(2 * stats.t.sf(abs(t), 4),
                                                            rel=1e-9)
    with pytest.raises(ValueError, match="split0_test"):  # una columna de la tabla original
        cu.analyze_results(csv, score_column="mean_test_r2", test_train_ratio=0.25)


def test_cv_results_top_configurations_follow_the_chosen_measure():
    alphas = [10.0 ** k for k in np.linspace(-3, 3, 12)]
    table = _ridge_search(alphas, {"r2": "r2", "neg_mae": "neg_mean_absolute_error"})
    r = cu.analyze_results(table, score_column="neg_mae", test_train_ratio=0.25)
    kept = table.nlargest(10, "mean_test_neg_mae")
    means = sorted(r.descriptives["media"].round(12))
    assert means == sorted(kept["mean_test_neg_mae"].round(12))
