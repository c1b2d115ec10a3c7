"""El papel de cada columna y el diseño que se deduce de él (``analyze_results`` e ``informe``).

Las tablas se construyen aquí con las formas que tienen los resultados de verdad: nombres en
inglés y al estilo de R (``classifier``, ``data.set``), columnas de descripción, identificadores
y tiempos, varias medidas, porcentajes, particiones numeradas de 0 a 99 (lo que da
``enumerate(RepeatedStratifiedKFold(...).split(X, y))``) o de 0 a 9 en una 5×2cv, particiones
dentro de conjuntos, etiquetas de texto con probabilidades, una clase predicha que no está en
``y_true`` y una regresión con valores enteros. Cada una se comprueba con el diseño esperado y
con números de referencia independientes: la t corregida escrita con la fórmula de Nadeau y
Bengio (2003), la F combinada de Alpaydın (1999), ``scipy.stats`` (Wilcoxon, Friedman, t
pareada, binomial), ``sklearn.metrics.roc_auc_score``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import course_utils as cu
from course_utils.__main__ import main
from course_utils.report._roles import (
    METRICS, ROLE_NAMES, _plain, canonical_metric,
)

SEED = 20260503


# --- Referencias escritas a mano -------------------------------------------------------------


def nadeau_bengio_p(a, b, ratio):
    """Valor p bilateral de la t corregida: t = media / sqrt((1/n + n2/n1) s²)."""
    d = np.asarray(a, float) - np.asarray(b, float)
    t = d.mean() / np.sqrt((1 / d.size + ratio) * d.var(ddof=1))
    return 2 * stats.t.sf(abs(t), d.size - 1)


def alpaydin_f_p(a, b):
    """F combinada 5×2cv (Alpaydın, 1999): a y b de forma (5, 2), repetición × partición."""
    p = np.asarray(a, float) - np.asarray(b, float)
    s2 = ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    f = (p**2).sum() / (2 * s2.sum())
    return stats.f.sf(f, 10, 5)


def iman_davenport_p(table):
    """Friedman con la corrección de Iman y Davenport, desde el χ² de scipy (sin empates)."""
    n, k = table.shape
    chi2 = stats.friedmanchisquare(*[table[c] for c in table.columns]).statistic
    ff = (n - 1) * chi2 / (n * (k - 1) - chi2)
    return stats.f.sf(ff, k - 1, (k - 1) * (n - 1))


def mcnemar_mid_p(y, a, b):
    """McNemar mid-p (Fagerland et al., 2013) con la binomial de scipy."""
    n01 = int(np.sum((a == y) & (b != y)))
    n10 = int(np.sum((a != y) & (b == y)))
    low = min(n01, n10)
    return stats.binomtest(low, n01 + n10, 0.5).pvalue - stats.binom.pmf(low, n01 + n10, 0.5)


# --- Tablas realistas ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def repeated_cv_scores():
    """10 × 10 validación cruzada de dos clasificadores, numeradas como las da enumerate()."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    X, y = load_breast_cancer(return_X_y=True)
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=SEED)
    rows = []
    for fold, (train, test) in enumerate(cv.split(X, y)):
        for name, model in (("tree", DecisionTreeClassifier(max_depth=3, random_state=0)),
                            ("naive_bayes", GaussianNB())):
            acc = model.fit(X[train], y[train]).score(X[test], y[test])
            rows.append({"repeat": fold // 10, "fold": fold, "classifier": name,
                         "fit_time": 0.01 * (1 + fold % 3), "accuracy": acc})
    return pd.DataFrame(rows)


def benchmark_long(n_datasets=12, folds=5, models=("rf", "svm", "knn"), seed=SEED):
    """Resultados por conjunto, algoritmo y partición, con varias medidas y el tiempo."""
    rng = np.random.default_rng(seed)
    rows = []
    for d in range(n_datasets):
        base = rng.uniform(0.6, 0.9)
        for f in range(folds):
            for i, m in enumerate(models):
                acc = base + 0.01 * i + rng.normal(0, 0.02)
                rows.append({"data.set": f"ds{d:02d}", "classifier": m, "fold": f,
                             "accuracy": acc, "precision": acc - rng.uniform(0, 0.05),
                             "recall": acc - rng.uniform(0, 0.05),
                             "duration": rng.uniform(0.5, 30)})
    return pd.DataFrame(rows)


def wide_benchmark(n=14, seed=SEED):
    """Una fila por conjunto: descripciones, un identificador y tres algoritmos."""
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.6, 0.9, n)
    return pd.DataFrame({
        "dataset_id": np.arange(101, 101 + n) * 7, "dataset": [f"openml_{i}" for i in range(n)],
        "n_features": rng.integers(4, 200, n), "instance_size": rng.integers(150, 50_000, n),
        "A": base + rng.normal(0, 0.01, n), "B": base - 0.02 + rng.normal(0, 0.01, n),
        "C": base - 0.01 + rng.normal(0, 0.01, n),
    })


# --- Nombres -------------------------------------------------------------------------------


@pytest.mark.parametrize("name, plain", [
    ("data.set", "data_set"), ("Data Set", "data_set"), ("dataSet", "data_set"),
    ("Partición", "particion"), ("Fold-ID", "fold_id"), ("randomState", "random_state"),
    ("Test Accuracy", "test_accuracy"), ("classif.acc", "classif_acc"),
])
def test_names_are_normalised_before_matching(name, plain):
    assert _plain(name) == plain


def test_each_name_has_a_single_role():
    roles = list(ROLE_NAMES.items())
    for i, (role, names) in enumerate(roles):
        for other, other_names in roles[i + 1:]:
            assert not names & other_names, (role, other, names & other_names)


@pytest.mark.parametrize("name, metric", [
    ("accuracy", "accuracy"), ("acc", "accuracy"), ("mean_test_accuracy", "accuracy"),
    ("classif.acc", "accuracy"), ("AUC", "auc"), ("roc_auc", "roc_auc"), ("F1 macro", "f1"),
    ("balanced_accuracy", "balanced_accuracy"), ("logloss", "log_loss"), ("Kappa", "kappa"),
    ("MCC", "mcc"), ("RMSE", "rmse"), ("error rate", "error"), ("precision", "precision"),
    ("neg_mean_squared_error", "neg_mse"), ("score", None), ("fit_time", None),
])
def test_metric_names(name, metric):
    assert canonical_metric(name) == metric


def test_metric_directions_follow_their_definitions():
    assert METRICS["kappa"] == (False, True) and METRICS["mcc"] == (False, True)  # [-1, 1]
    assert METRICS["brier"] == (True, False) and METRICS["neg_mse"] == (False, True)


# --- Tablas largas con nombres en inglés y varias medidas ------------------------------------


def test_r_style_long_table_with_several_metrics_asks_which_one():
    long = benchmark_long()
    with pytest.raises(ValueError, match=r"«accuracy», «precision», «recall», «duration».*"
                                         r"`score_column='accuracy'`"):
        cu.analyze_results(long)
    r = cu.analyze_results(long, metric="accuracy")
    assert r.design == "datasets" and r.models == ("rf", "svm", "knn") and r.n_units == 12
    table = long.groupby(["data.set", "classifier"]).accuracy.mean().unstack()
    table = table[["rf", "svm", "knn"]]
    np.testing.assert_allclose(r.descriptives.loc[["rf", "svm", "knn"], "media"], table.mean())
    ranks = np.mean([stats.rankdata(-row) for row in table.to_numpy()], axis=0)
    np.testing.assert_allclose(r.descriptives.loc[["rf", "svm", "knn"], "rango medio"], ranks)
    assert r.omnibus["pvalue"] == pytest.approx(iman_davenport_p(table), rel=1e-9)
    notes = " ".join(r.notes)
    assert "«precision», «recall», «duration» (un tiempo)" in notes
    assert "media de las particiones" in notes
    # score_column elige otra medida; la medida de la tabla la da su nombre
    r = cu.analyze_results(long, score_column="recall")
    assert r.metric == "recall" and r.higher_is_better is True
    recall = long.groupby(["data.set", "classifier"]).recall.mean().unstack()
    np.testing.assert_allclose(r.descriptives.loc[list(recall.columns), "media"], recall.mean())


def test_only_one_quality_metric_beside_a_timing_column_is_chosen_and_said():
    long = benchmark_long(models=("rf", "svm")).drop(columns=["precision", "recall"])
    r = cu.analyze_results(long)
    assert r.metric == "accuracy" and r.choices[0].key == "datasets_two"
    table = long.groupby(["data.set", "classifier"]).accuracy.mean().unstack()
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(table.rf, table.svm).pvalue, rel=1e-12)
    assert "«duration» (un tiempo)" in " ".join(r.notes)


def test_tidy_table_with_a_metric_name_column_filters_the_chosen_metric():
    long = benchmark_long(models=("rf", "svm"))
    tidy = long.melt(id_vars=["data.set", "classifier", "fold"],
                     value_vars=["accuracy", "recall"], var_name="metric", value_name="value")
    with pytest.raises(ValueError, match=r"varias medidas \(«accuracy», «recall»\).*"
                                         r"`metric='accuracy'`"):
        cu.analyze_results(tidy)
    r = cu.analyze_results(tidy, metric="recall")
    table = long.groupby(["data.set", "classifier"]).recall.mean().unstack()
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(table.rf, table.svm).pvalue, rel=1e-12)


def test_unrecognised_role_names_are_given_with_options():
    long = benchmark_long(models=("rf", "svm")).rename(columns={
        "data.set": "bench", "classifier": "pipeline", "fold": "cv_iter", "accuracy": "kpi"})
    with pytest.raises(ValueError, match=r"«pipeline» tiene textos"):
        cu.analyze_results(long)
    r = cu.analyze_results(long, dataset_column="bench", model_column="pipeline",
                           fold_column="cv_iter", score_column="kpi", higher_is_better=True)
    table = long.groupby(["bench", "pipeline"]).kpi.mean().unstack()
    assert r.design == "datasets" and r.n_units == 12
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(table.rf, table.svm).pvalue, rel=1e-12)
    with pytest.raises(ValueError, match=r"`dataset_column='benchmark'`: la columna "
                                         r"«benchmark» no está en `data` \(columnas de `data`: "
                                         r"«bench», «pipeline»"):
        cu.analyze_results(long, dataset_column="benchmark")
    with pytest.raises(ValueError, match=r"dos papeles"):
        cu.analyze_results(long, dataset_column="bench", ignore_columns=["bench"])


def test_mlr3_style_scores_are_read_without_renaming():
    """``bmr$score()`` de mlr3: nr, task_id, learner_id, resampling_id, iteration, classif.ce."""
    rng = np.random.default_rng(SEED)
    rows, nr = [], 0
    for t in range(10):
        base = rng.uniform(0.05, 0.3)
        for learner in ("classif.ranger", "classif.rpart"):
            for it in range(1, 6):
                nr += 1
                rows.append({"nr": nr, "task_id": f"task_{t}", "learner_id": learner,
                             "resampling_id": "cv", "iteration": it,
                             "classif.ce": base + 0.03 * (learner == "classif.rpart")
                             + rng.normal(0, 0.02)})
    scores = pd.DataFrame(rows)
    r = cu.analyze_results(scores)
    assert r.design == "datasets" and r.n_units == 10 and r.higher_is_better is False
    table = scores.groupby(["task_id", "learner_id"])["classif.ce"].mean().unstack()
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        stats.wilcoxon(table["classif.ranger"], table["classif.rpart"]).pvalue, rel=1e-12)
    assert "«resampling_id» (un identificador)" in " ".join(r.notes)


def test_an_unnamed_numeric_index_is_set_aside_and_said():
    wide = wide_benchmark().drop(columns=["dataset_id", "n_features", "instance_size"])
    r = cu.analyze_results(wide.reset_index().rename(columns={"index": "Unnamed: 0"}),
                           metric="accuracy")
    assert r.models == ("A", "B", "C")
    assert ("La primera columna, sin nombre en la cabecera, es un índice de filas (el índice "
            "0…N−1 que escribe pandas con to_csv()) y no se analiza.") in r.notes


def test_two_columns_that_could_play_one_role_are_named():
    long = benchmark_long(models=("rf", "svm")).drop(columns=["precision", "recall"])
    long["task"] = np.where(long["data.set"] < "ds06", "binary", "multiclass")
    with pytest.raises(ValueError, match=r"«data.set», «task» pueden ser todas la columna de "
                                         r"los conjuntos de datos.*`dataset_column='data.set'`"):
        cu.analyze_results(long)
    r = cu.analyze_results(long, dataset_column="data.set")
    assert r.n_units == 12 and "«task» (el papel lo tiene «data.set»)" in " ".join(r.notes)
    # un nombre y su número, uno a uno, identifican lo mismo: no hay duda
    long["task"] = long["data.set"].str.replace("ds", "").astype(int) * 7 + 3
    r = cu.analyze_results(long)
    assert r.n_units == 12 and "«task» (identifica lo mismo que «data.set»)" in " ".join(r.notes)


# --- Tablas anchas: qué columnas son modelos ---------------------------------------------


def test_descriptors_identifiers_and_times_are_never_models():
    wide = wide_benchmark().assign(fit_time=np.linspace(1, 9, 14))
    r = cu.analyze_results(wide, metric="accuracy")
    assert r.models == ("A", "B", "C") and r.n_units == 14
    table = wide.set_index("dataset")[["A", "B", "C"]]
    assert r.omnibus["pvalue"] == pytest.approx(iman_davenport_p(table), rel=1e-9)
    note = next(n for n in r.notes if n.startswith("No se analizan"))
    for text in ("«dataset_id» (identifica lo mismo que «dataset»)",
                 "«n_features» (una descripción de los datos)",
                 "«instance_size» (una descripción", "«fit_time» (un tiempo)"):
        assert text in note


def test_model_names_that_resemble_other_roles_stay_models():
    rng = np.random.default_rng(SEED)
    base = rng.uniform(0.5, 0.9, 10)
    wide = pd.DataFrame({"dataset": [f"serie_{i}" for i in range(10)],
                         "TimeGPT": base + rng.normal(0, 0.02, 10),
                         "N-BEATS": base + rng.normal(0, 0.02, 10),
                         "RankSVM": base + rng.normal(0, 0.02, 10),
                         "ID3": base + rng.normal(0, 0.02, 10)})
    r = cu.analyze_results(wide, metric="accuracy")
    assert r.models == ("TimeGPT", "N-BEATS", "RankSVM", "ID3") and r.n_units == 10
    assert not any(n.startswith("No se analizan") for n in r.notes)


@pytest.mark.parametrize("extra, pattern", [
    ({"tam": np.arange(14) * 250 + 130}, r"«tam» tiene valores de 130 a 3380, fuera del rango"),
    ({"i": np.arange(14)}, r"«i» tiene los enteros 0, 1, …, 13 sin repetir: parece un índice"),
    ({"notas": ["ok"] * 14}, r"«notas» tiene textos"),
])
def test_a_column_that_is_not_clearly_a_model_stops_the_analysis(extra, pattern):
    wide = wide_benchmark().drop(columns=["dataset_id", "n_features", "instance_size"])
    wide = wide.assign(**extra)
    (name,) = extra
    with pytest.raises(ValueError, match=pattern + rf".*`ignore_columns=\['{name}'\]`"):
        cu.analyze_results(wide, metric="accuracy")
    r = cu.analyze_results(wide, metric="accuracy", ignore_columns=[name])
    assert r.models == ("A", "B", "C") and f"«{name}» (ignorada)" in " ".join(r.notes)
    r = cu.analyze_results(wide, metric="accuracy", model_columns=["A", "C"])
    assert r.models == ("A", "C")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(stats.wilcoxon(wide.A, wide.C).pvalue)


def test_without_a_known_metric_integers_among_decimals_and_out_of_scale_columns_are_asked():
    wide = wide_benchmark().drop(columns=["dataset_id", "n_features", "instance_size"])
    with pytest.raises(ValueError, match=r"«size_k» tiene números enteros"):
        cu.analyze_results(wide.assign(size_k=np.arange(14) * 3 + 40), higher_is_better=True)
    with pytest.raises(ValueError, match=r"«radio_medio» tiene valores de 1.5 a 4.1 y las demás"):
        cu.analyze_results(wide.assign(radio_medio=np.linspace(1.5, 4.1, 14)),
                           higher_is_better=True)


def test_boolean_and_complex_columns_are_refused():
    wide = wide_benchmark().drop(columns=["dataset_id", "n_features", "instance_size"])
    with pytest.raises(ValueError, match=r"«flag» tiene valores lógicos.*`ignore_columns"):
        cu.analyze_results(wide.assign(flag=[True, False] * 7), metric="accuracy")
    with pytest.raises(ValueError, match=r"«A» tiene números complejos"):
        cu.analyze_results(wide.assign(A=wide.A + 0j), metric="accuracy")
    long = benchmark_long(models=("rf", "svm"))[["data.set", "classifier", "fold", "accuracy"]]
    with pytest.raises(ValueError, match=r"«accuracy» tiene valores lógicos"):
        cu.analyze_results(long.assign(accuracy=long.accuracy > 0.7))


def test_unknown_text_first_column_asks_and_unnamed_index_is_datasets():
    wide = wide_benchmark().drop(columns=["dataset_id", "n_features", "instance_size"])
    named = wide.rename(columns={"dataset": "bench"})
    with pytest.raises(ValueError, match=r"«bench», tiene nombres.*`dataset_column='bench'`"):
        cu.analyze_results(named, metric="accuracy")
    r = cu.analyze_results(named, metric="accuracy", dataset_column="bench")
    assert r.design == "datasets" and r.n_units == 14
    r = cu.analyze_results(wide.rename(columns={"dataset": "Unnamed: 0"}), metric="accuracy")
    assert r.design == "datasets" and r.n_units == 14


# --- Particiones: k se deduce de la estructura ---------------------------------------------


def test_folds_numbered_0_to_99_with_a_repeat_column_are_ten_by_ten(repeated_cv_scores):
    long = repeated_cv_scores
    r = cu.analyze_results(long)
    assert r.design == "cv" and r.metric == "accuracy" and r.n_units == 100
    wide = long.pivot(index="fold", columns="classifier", values="accuracy")
    row = r.comparisons.iloc[0]
    assert row.pvalue == pytest.approx(nadeau_bengio_p(wide.tree, wide.naive_bayes, 1 / 9),
                                       rel=1e-10)
    assert row.pvalue != pytest.approx(nadeau_bengio_p(wide.tree, wide.naive_bayes, 1 / 99))
    assert "10 × 10" in " ".join(r.notes) and "«fit_time» (un tiempo)" in " ".join(r.notes)
    # la misma tabla, ancha
    flat = wide.reset_index().assign(repeat=lambda t: t.fold // 10)
    r = cu.analyze_results(flat, metric="accuracy")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(row.pvalue, rel=1e-12)


def test_folds_numbered_0_to_99_without_repetitions_are_asked_about(repeated_cv_scores):
    long = repeated_cv_scores.drop(columns="repeat")
    with pytest.raises(ValueError, match=r"100 particiones .*ninguna columna de repetición.*"
                                         r"`test_train_ratio`.*`repeat_column`"):
        cu.analyze_results(long)
    r = cu.analyze_results(long, test_train_ratio=1 / 9)
    wide = long.pivot(index="fold", columns="classifier", values="accuracy")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        nadeau_bengio_p(wide.tree, wide.naive_bayes, 1 / 9), rel=1e-10)


def test_fold_numbers_repeated_without_a_repeat_column_give_k_in_a_wide_table(
        repeated_cv_scores):
    wide = repeated_cv_scores.pivot(index="fold", columns="classifier", values="accuracy")
    table = wide.reset_index().assign(split=lambda t: t.fold % 10).drop(columns="fold")
    r = cu.analyze_results(table, metric="accuracy")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        nadeau_bengio_p(wide.tree, wide.naive_bayes, 1 / 9), rel=1e-10)


def test_five_by_two_numbered_0_to_9_is_recognised_whatever_the_row_order():
    rng = np.random.default_rng(SEED)
    a = rng.normal(0.85, 0.02, (5, 2))
    b = a - 0.01 + rng.normal(0, 0.01, (5, 2))
    rows = [{"iteration": i, "fold_id": 2 * i + j, "model": m, "test_score": s[i, j]}
            for m, s in (("A", a), ("B", b)) for i in range(5) for j in range(2)]
    long = pd.DataFrame(rows).sample(frac=1, random_state=1)  # filas desordenadas
    r = cu.analyze_results(long, metric="accuracy")
    assert r.choices[0].key == "cv_two_5x2"
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(alpaydin_f_p(a, b), rel=1e-10)
    with pytest.raises(ValueError, match=r"10 particiones .*`cv='5x2'`"):
        cu.analyze_results(long.drop(columns="iteration"), metric="accuracy")


def test_repetitions_with_different_numbers_of_folds_are_refused(repeated_cv_scores):
    long = repeated_cv_scores[~((repeated_cv_scores.repeat == 3)
                                & (repeated_cv_scores.fold == 35))]
    with pytest.raises(ValueError, match=r"no tienen todas el mismo número de particiones"):
        cu.analyze_results(long)


def test_repetitions_without_folds_ask_whether_they_are_seeds():
    rng = np.random.default_rng(SEED)
    runs = pd.DataFrame({"run": range(20), "A": rng.normal(0.8, 0.01, 20),
                         "B": rng.normal(0.79, 0.01, 20)})
    with pytest.raises(ValueError, match=r"repeticiones \(«run»\) sin columna de partición.*"
                                         r"`design='seeds'`.*`test_train_ratio`"):
        cu.analyze_results(runs, metric="accuracy")
    r = cu.analyze_results(runs, metric="accuracy", design="seeds")
    assert r.design == "seeds" and r.n_units == 20


def test_test_and_train_sizes_give_the_ratio_in_a_wide_table():
    rng = np.random.default_rng(SEED)
    table = pd.DataFrame({"particion": range(10), "n_prueba": 57, "n_entrenamiento": 512,
                          "A": rng.normal(0.9, 0.02, 10), "B": rng.normal(0.88, 0.02, 10)})
    r = cu.analyze_results(table, metric="exactitud")
    assert r.models == ("A", "B")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        nadeau_bengio_p(table.A, table.B, 57 / 512), rel=1e-10)


# --- Particiones dentro de conjuntos ----------------------------------------------------------


def test_folds_nested_in_datasets_in_a_wide_table_are_averaged():
    long = benchmark_long()
    wide = long.pivot_table(index=["data.set", "fold"], columns="classifier",
                            values="accuracy").reset_index()
    wide.columns.name = None
    r = cu.analyze_results(wide, metric="accuracy")
    assert r.design == "datasets" and r.n_units == 12
    table = long.groupby(["data.set", "classifier"]).accuracy.mean().unstack()
    assert r.omnibus["pvalue"] == pytest.approx(iman_davenport_p(table), rel=1e-9)
    assert "media de las particiones" in " ".join(r.notes)
    with pytest.raises(ValueError, match=r"conjuntos de datos repetidos en «data.set»: "
                                         r"«ds00» \(5 veces\).*`fold_column`"):
        cu.analyze_results(wide.drop(columns="fold"), metric="accuracy")


def test_a_model_missing_from_a_whole_dataset_is_an_empty_cell_a_missing_fold_an_error():
    long = benchmark_long()[["data.set", "classifier", "fold", "accuracy"]]
    gone = long[~((long["data.set"] == "ds03") & (long.classifier == "svm"))]
    with pytest.raises(ValueError, match=r"allow_missing=True"):
        cu.analyze_results(gone)
    r = cu.analyze_results(gone, allow_missing=True)
    assert r.choices[0].key == "datasets_incomplete"
    table = gone.groupby(["data.set", "classifier"]).accuracy.mean().unstack()
    assert int(r.descriptives.loc["svm", "celdas observadas"]) == 11
    assert r.omnibus["statistic"] == pytest.approx(cu.skillings_mack_test(table).statistic)
    hole = long[~((long["data.set"] == "ds03") & (long.classifier == "svm") & (long.fold == 2))]
    with pytest.raises(ValueError, match=r"particiones del conjunto «ds03» no están pareadas: "
                                         r"falta la puntuación de «svm» en \(ds03, 2\)"):
        cu.analyze_results(hole)


# --- Porcentajes -----------------------------------------------------------------------------


def test_percent_scores_are_divided_and_said(tmp_path, capsys):
    wide = wide_benchmark().drop(columns=["dataset_id", "n_features", "instance_size"])
    pct = wide.assign(**{m: 100 * wide[m] for m in "ABC"})
    with pytest.raises(ValueError, match=r"parecen porcentajes; dígalo con `percent=True`"):
        cu.analyze_results(pct, metric="accuracy")
    r = cu.analyze_results(pct[["dataset", "A", "B"]], metric="accuracy", percent=True)
    assert "porcentaje: se dividieron entre 100" in " ".join(r.notes)
    assert r.comparisons.estimate.iloc[0] == pytest.approx((wide.A - wide.B).mean(), rel=1e-12)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(stats.wilcoxon(wide.A, wide.B).pvalue)
    with pytest.raises(ValueError, match=r"«rmse» no es una proporción"):
        cu.analyze_results(pct, metric="rmse", percent=True)
    csv = tmp_path / "pct.csv"
    pct.to_csv(csv, index=False)
    assert main(["informe", str(csv), "--medida", "accuracy"]) == 2
    err = capsys.readouterr().err
    assert "dígalo con --porcentaje y" in err and "percent=" not in err
    assert main(["informe", str(csv), "--medida", "accuracy", "--porcentaje"]) == 0
    capsys.readouterr()
    # Proporciones con --porcentaje: medias y diferencias saldrían cien veces menores.
    wide[["dataset", "A", "B"]].to_csv(csv, index=False)
    assert main(["informe", str(csv), "--medida", "accuracy", "--porcentaje"]) == 2
    err = capsys.readouterr().err
    assert "--porcentaje: todas las puntuaciones están entre" in err
    assert "ya son proporciones de 0 a 1" in err and "percent=" not in err
    # Un error por debajo del 1 % sí puede estar en porcentaje.
    err_pct = pd.DataFrame({"dataset": wide.dataset, "A": 1 - wide.A, "B": 1 - wide.B})
    r = cu.analyze_results(err_pct, metric="error", percent=True)
    assert r.comparisons.estimate.iloc[0] == pytest.approx((wide.B - wide.A).mean() / 100,
                                                           rel=1e-12)


# --- Predicciones sobre un conjunto de prueba ----------------------------------------------


def _probabilities(y, strength, rng):
    return np.clip(strength * y + rng.uniform(0, 1 - strength, y.size), 0, 1)


def test_string_labels_with_probabilities_need_the_positive_class():
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(SEED)
    ill = rng.integers(0, 2, 400)  # 1 = enfermo; las puntuaciones son P(enfermo)
    table = pd.DataFrame({"diagnosis": np.where(ill == 1, "enfermo", "sano"),
                          "A": _probabilities(ill, 0.35, rng),
                          "B": _probabilities(ill, 0.15, rng)})
    with pytest.raises(ValueError, match=r"«diagnosis», tiene textos que se repiten.*"
                                         r"`label_column='diagnosis'`"):
        cu.analyze_results(table)
    table = table.rename(columns={"diagnosis": "outcome"})
    with pytest.raises(ValueError, match=r"clase positiva.*«enfermo», «sano».*"
                                         r"`positive_label='enfermo'`"):
        cu.analyze_results(table)
    r = cu.analyze_results(table, positive_label="enfermo")
    auc_a = roc_auc_score(ill, table.A)
    auc_b = roc_auc_score(ill, table.B)
    assert auc_a > auc_b + 0.05  # A ordena mejor: lo que se quiere comprobar
    assert r.comparisons.estimate.iloc[0] == pytest.approx(auc_a - auc_b, rel=1e-12)
    assert r.conclusion[0].startswith("A es mejor que B")
    assert "Clase positiva: 'enfermo' (la indicada)" in " ".join(r.notes)
    # «sí»/«no» no dejan duda
    yes = table.assign(outcome=np.where(ill == 1, "Sí", "No"))
    r = cu.analyze_results(yes)
    assert r.comparisons.estimate.iloc[0] == pytest.approx(auc_a - auc_b, rel=1e-12)
    with pytest.raises(ValueError, match=r"`positive_label='x'`: las etiquetas son"):
        cu.analyze_results(table, positive_label="x")


def test_multiclass_with_a_class_absent_from_y_true_is_not_a_regression():
    rng = np.random.default_rng(SEED)
    y = rng.integers(0, 3, 500)
    a = np.where(rng.random(500) < 0.8, y, rng.integers(0, 3, 500))
    b = np.where(rng.random(500) < 0.7, y, 3)  # predice la clase 3, que no está en y_true
    table = pd.DataFrame({"label": y, "A": a, "B": b})
    with pytest.raises(ValueError, match=r"3 números enteros distintos.*clases o los valores "
                                         r"de una regresión.*`predictions='labels'`"):
        cu.analyze_results(table)
    r = cu.analyze_results(table, predictions="labels")
    assert r.choices[0].key == "test_set_labels_two"
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(mcnemar_mid_p(y, a, b), rel=1e-12)
    assert "«B» predice clases que no están en «label» («3»)" in " ".join(r.notes)
    # con nombres de clase, no hay duda
    names = np.array(["gato", "perro", "pez", "loro"])
    text = pd.DataFrame({"class": names[y], "A": names[a], "B": names[b]})
    r = cu.analyze_results(text)
    assert r.choices[0].key == "test_set_labels_two"
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(mcnemar_mid_p(y, a, b), rel=1e-12)


def test_integer_regression_targets_are_asked_or_read_from_decimals():
    rng = np.random.default_rng(SEED)
    y = rng.poisson(6, 300)
    rounded = pd.DataFrame({"target": y, "A": y + rng.integers(-1, 2, 300),
                            "B": y + rng.integers(-2, 3, 300)})
    with pytest.raises(ValueError, match=r"`predictions='regression'`"):
        cu.analyze_results(rounded)
    r = cu.analyze_results(rounded, predictions="regression")
    la, lb = (rounded.A - y) ** 2, (rounded.B - y) ** 2
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(stats.ttest_rel(la, lb).pvalue,
                                                         rel=1e-12)
    smooth = rounded.assign(A=y + rng.normal(0, 0.8, 300), B=y + rng.normal(0, 1.2, 300))
    r = cu.analyze_results(smooth)
    assert r.choices[0].key == "test_set_regression_two"
    la, lb = (smooth.A - y) ** 2, (smooth.B - y) ** 2
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(stats.ttest_rel(la, lb).pvalue,
                                                         rel=1e-12)


def test_a_feature_column_beside_the_predictions_is_named():
    rng = np.random.default_rng(SEED)
    y = rng.integers(0, 2, 300)
    table = pd.DataFrame({"id": np.arange(300), "y_true": y, "edad": rng.integers(18, 90, 300),
                          "A": np.where(rng.random(300) < 0.85, y, 1 - y),
                          "B": np.where(rng.random(300) < 0.75, y, 1 - y)})
    with pytest.raises(ValueError, match=r"«edad» no tiene predicciones de las clases de "
                                         r"«y_true».*`ignore_columns=\['edad'\]`"):
        cu.analyze_results(table)
    r = cu.analyze_results(table, ignore_columns="edad")
    assert r.models == ("A", "B")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        mcnemar_mid_p(y, table.A.to_numpy(), table.B.to_numpy()), rel=1e-12)
    assert "«id» (un identificador)" in " ".join(r.notes)


def test_boolean_labels_stay_legitimate():
    rng = np.random.default_rng(SEED)
    y = rng.random(300) < 0.4
    a = np.where(rng.random(300) < 0.85, y, ~y)
    b = np.where(rng.random(300) < 0.75, y, ~y)
    r = cu.analyze_results(pd.DataFrame({"y_true": y, "A": a, "B": b}))
    assert r.choices[0].key == "test_set_labels_two"
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(mcnemar_mid_p(y, a, b), rel=1e-12)


# --- La orden de terminal --------------------------------------------------------------------


def test_command_line_role_options_and_their_errors(tmp_path, capsys):
    long = benchmark_long(models=("rf", "svm")).rename(columns={
        "data.set": "bench", "classifier": "pipeline", "fold": "cv_iter"})
    csv = tmp_path / "res.csv"
    long.to_csv(csv, index=False)
    assert main(["informe", str(csv)]) == 2
    err = capsys.readouterr().err
    assert "--col-" in err and "_column" not in err
    args = ["informe", str(csv), "--col-conjunto", "bench", "--col-algoritmo", "pipeline",
            "--col-particion", "cv_iter"]
    assert main(args) == 2  # varias medidas: pregunta cuál
    err = capsys.readouterr().err
    assert "con --col-puntuacion accuracy (o con --medida accuracy" in err and "`" not in err
    assert main(args + ["--col-puntuacion", "accuracy", "--ignorar", "duration"]) == 0
    out = capsys.readouterr().out
    table = long.groupby(["bench", "pipeline"]).accuracy.mean().unstack()
    p = stats.wilcoxon(table.rf, table.svm).pvalue
    assert f"{p:.4f}" in out and "«duration» (ignorada)" in out

    rng = np.random.default_rng(SEED)
    ill = rng.integers(0, 2, 200)
    preds = pd.DataFrame({"estado": np.where(ill == 1, "enfermo", "sano"),
                          "A": _probabilities(ill, 0.3, rng), "B": _probabilities(ill, 0.1, rng)})
    csv = tmp_path / "pred.csv"
    preds.to_csv(csv, index=False)
    assert main(["informe", str(csv), "--col-etiquetas", "estado"]) == 2
    err = capsys.readouterr().err
    assert "--positiva enfermo" in err and "positive_label" not in err and "`" not in err
    assert main(["informe", str(csv), "--col-etiquetas", "estado", "--positiva", "enfermo",
                 "--tipo", "puntuaciones"]) == 0
    assert "Clase positiva: 'enfermo'" in capsys.readouterr().out
    assert main(["informe", str(csv), "--col-etiquetas", "nada"]) == 2
    assert "error: --col-etiquetas nada: la columna «nada» no está" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["R^2", "r^2", "R²", "R2", "R-squared", "mean_test_r2"])
def test_r_squared_is_recognised_however_it_is_written(name):
    assert canonical_metric(name) == "r2"


def test_a_long_table_scored_with_r_squared_needs_no_direction():
    rng = np.random.default_rng(0)
    rows = [{"fold": f, "model": m,
             "R^2": 0.8 + rng.normal(0, 0.02) + (0.01 if m == "ridge" else 0)}
            for f in range(10) for m in ("ridge", "lasso")]
    res = cu.analyze_results(pd.DataFrame(rows), test_train_ratio=1 / 9, random_state=0)
    assert res.higher_is_better is True
