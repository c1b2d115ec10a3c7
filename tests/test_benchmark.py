"""Pruebas de course_utils.datasets.benchmark: conjuntos sin conexión y protocolo de validación
cruzada.

Referencias independientes: los cargadores de scikit-learn (``load_iris``...) y de
statsmodels (``statsmodels.datasets.*.load_pandas``), ``cross_val_score`` de scikit-learn
con las mismas particiones y recuentos a mano con un clasificador trivial.
"""

from __future__ import annotations

import dataclasses
import shutil

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm
from sklearn import datasets as skd
from sklearn.dummy import DummyClassifier
from sklearn.model_selection import RepeatedStratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB

import course_utils as cu
from course_utils.datasets import data
from course_utils.datasets import benchmark as bm


@pytest.mark.parametrize(
    "name, loader",
    [("iris", skd.load_iris), ("wine", skd.load_wine), ("breast_cancer", skd.load_breast_cancer),
     ("digits", skd.load_digits)],
)
def test_sklearn_sets_match_sklearn_loaders(name, loader):
    ds = cu.load_benchmark_dataset(name, max_rows=None)
    X, y = loader(return_X_y=True)
    np.testing.assert_array_equal(ds.X, X)
    np.testing.assert_array_equal(ds.y, y)
    assert not ds.subsampled and ds.n_original == len(y)


def test_statsmodels_sets_match_statsmodels_loaders():
    anes = sm.datasets.anes96.load_pandas().data
    ds = cu.load_benchmark_dataset("anes96", max_rows=None)
    cols = ["popul", "TVnews", "selfLR", "ClinLR", "DoleLR", "PID", "age", "educ", "income"]
    np.testing.assert_array_equal(ds.X, anes[cols].to_numpy(float))
    np.testing.assert_array_equal(ds.y, anes["vote"].to_numpy())

    fair = sm.datasets.fair.load_pandas().data
    ds = cu.load_benchmark_dataset("fair", max_rows=None)
    np.testing.assert_array_equal(ds.y, (fair["affairs"] > 0).astype(int))
    np.testing.assert_array_equal(ds.X, fair.drop(columns="affairs").to_numpy(float))

    rand = sm.datasets.randhie.load_pandas().data
    ds = cu.load_benchmark_dataset("randhie", max_rows=None)
    np.testing.assert_array_equal(ds.y, (rand["mdvis"] > 0).astype(int))
    assert ds.X.shape == (20190, 9)

    spec = sm.datasets.spector.load_pandas().data
    ds = cu.load_benchmark_dataset("spector", max_rows=None)
    np.testing.assert_array_equal(ds.X, spec[["GPA", "TUCE", "PSI"]].to_numpy(float))
    np.testing.assert_array_equal(ds.y, spec["GRADE"].to_numpy())


def test_modechoice_one_row_per_traveller():
    long = sm.datasets.modechoice.load_pandas().data
    ds = cu.load_benchmark_dataset("modechoice", max_rows=None)
    assert ds.X.shape == (210, 18)
    chosen = long[long["choice"] == 1].sort_values("individual")["mode"].to_numpy() - 1
    np.testing.assert_array_equal(ds.y, chosen)
    # Las columnas 2.. son ttme de los modos 1-4, luego invc, invt y gc.
    first = long[long["individual"] == 1].sort_values("mode")
    np.testing.assert_array_equal(ds.X[0, :2], first[["hinc", "psize"]].iloc[0].to_numpy())
    np.testing.assert_array_equal(ds.X[0, 2:6], first["ttme"].to_numpy())
    np.testing.assert_array_equal(ds.X[0, 14:18], first["gc"].to_numpy())


def test_adult_is_one_hot_of_load_adult():
    X, y = cu.load_adult("train")
    ds = cu.load_benchmark_dataset("adult", max_rows=None)
    n_cat = sum(len(v) for v in data.ADULT_CATEGORIES.values())
    assert ds.X.shape == (len(y), 6 + n_cat)
    np.testing.assert_array_equal(ds.y, y.to_numpy())
    np.testing.assert_array_equal(ds.X[:, 0], X["age"].to_numpy())
    # Cada atributo categórico aporta un 1 (o 0 si falta el valor).
    assert ds.X[:, 6:].sum() == X.select_dtypes("category").notna().to_numpy().sum()


def test_every_set_loads_and_is_usable():
    assert len(cu.BENCHMARK_DATASETS) >= 10
    for name in cu.BENCHMARK_DATASETS:
        ds = cu.load_benchmark_dataset(name)
        assert ds.X.shape[0] == ds.y.size <= 600
        assert np.isfinite(ds.X).all()
        assert np.bincount(ds.y).min() >= 5  # validación cruzada estratificada de 5
        assert name in ds.summary()


def test_subsample_is_stratified_and_seeded():
    full = cu.load_benchmark_dataset("fair", max_rows=None)
    a = cu.load_benchmark_dataset("fair", max_rows=300, random_state=1)
    b = cu.load_benchmark_dataset("fair", max_rows=300, random_state=1)
    c = cu.load_benchmark_dataset("fair", max_rows=300, random_state=2)
    np.testing.assert_array_equal(a.X, b.X)
    assert not np.array_equal(a.X, c.X)
    assert a.subsampled and a.n_original == 6366
    assert abs(a.y.mean() - full.y.mean()) <= 1 / 300


def test_checksum_mismatch_is_refused(monkeypatch):
    bad = dataclasses.replace(bm.DATASET_INFO["iris"], sha256="0" * 64)
    monkeypatch.setitem(bm.DATASET_INFO, "iris", bad)
    with pytest.raises(ValueError, match="sha256"):
        cu.load_benchmark_dataset("iris")


def test_demsar_checksum(tmp_path, monkeypatch):
    src = bm.Path(data.data_dir()) / "demsar2006_table6.csv"
    shutil.copy(src, tmp_path / src.name)
    monkeypatch.setenv("COURSE_UTILS_DATA", str(tmp_path))
    auc, ranks = cu.load_demsar_2006()
    assert auc.shape == ranks.shape == (14, 4)
    (tmp_path / src.name).write_text(src.read_text().replace("0.763", "0.764"))
    with pytest.raises(ValueError, match="sha256"):
        cu.load_demsar_2006()


def test_scores_match_cross_val_score_on_the_same_folds():
    res = cu.benchmark_scores(["Bayes ingenuo"], ["wine", "spector"], n_splits=4, n_repeats=2,
                              random_state=3)
    for i, name in enumerate(["wine", "spector"]):
        ds = cu.load_benchmark_dataset(name, random_state=3)
        cv = RepeatedStratifiedKFold(n_splits=4, n_repeats=2, random_state=3)
        ref = cross_val_score(GaussianNB(), ds.X, ds.y, cv=cv, scoring="accuracy")
        np.testing.assert_allclose(res.fold_scores[i, 0], ref)
        assert res.scores.iloc[i, 0] == pytest.approx(ref.mean())


def test_all_models_share_the_folds():
    # Dos clasificadores triviales: «la clase mayoritaria del entrenamiento» y «siempre la
    # clase 0». En cada partición de prueba sus exactitudes se calculan a mano.
    models = {"mayoritaria": DummyClassifier(strategy="most_frequent"),
              "cero": DummyClassifier(strategy="constant", constant=0)}
    res = cu.benchmark_scores(models, ["spector", "anes96"], random_state=0)
    for i, name in enumerate(["spector", "anes96"]):
        ds = cu.load_benchmark_dataset(name, random_state=0)
        cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=1, random_state=0)
        for f, (tr, te) in enumerate(cv.split(ds.X, ds.y)):
            major = np.bincount(ds.y[tr]).argmax()
            assert res.fold_scores[i, 0, f] == pytest.approx(np.mean(ds.y[te] == major))
            assert res.fold_scores[i, 1, f] == pytest.approx(np.mean(ds.y[te] == 0))


def test_two_algorithm_table_for_bayesian_notebook():
    res = cu.benchmark_scores(["Reg. logística", "Bayes ingenuo"], ["iris", "wine", "spector"],
                              n_splits=3, n_repeats=2)
    assert res.scores.shape == (3, 2) and res.fold_scores.shape == (3, 2, 6)
    folds = res.fold_scores_of("Bayes ingenuo")
    assert folds.shape == (3, 6)
    np.testing.assert_allclose(folds.mean(axis=1), res.scores["Bayes ingenuo"])
    assert "3 particiones × 2" in res.summary()


def test_benchmark_models_are_seeded_lightgbm_settings():
    models = cu.benchmark_models(7)
    assert list(models) == list(cu.BENCHMARK_MODELS)
    params = models["LightGBM"].get_params()
    assert params["verbose"] == -1 and params["deterministic"] and params["force_row_wise"]
    assert params["n_jobs"] == 1 and params["random_state"] == 7
    assert models["Bosque aleatorio"].get_params()["random_state"] == 7


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: cu.load_benchmark_dataset("mnist"), "`name`"),
        (lambda: cu.load_benchmark_dataset("iris", max_rows=10), "`max_rows`"),
        (lambda: cu.load_benchmark_dataset("iris", max_rows=1.5), "`max_rows`"),
        (lambda: cu.load_benchmark_dataset("iris", random_state=-1), "`random_state`"),
        (lambda: cu.load_benchmark_dataset("iris", random_state="x"), "`random_state`"),
        (lambda: cu.benchmark_scores(["SVM"]), "`models`"),
        (lambda: cu.benchmark_scores("LightGBM"), "`models`"),
        (lambda: cu.benchmark_scores(["k-NN", "k-NN"]), "`models`"),
        (lambda: cu.benchmark_scores({"x": 3}), "`models`"),
        (lambda: cu.benchmark_scores(datasets=["iris", "iris"]), "`datasets`"),
        (lambda: cu.benchmark_scores(datasets="iris"), "`datasets`"),
        (lambda: cu.benchmark_scores(scoring="exactitud"), "`scoring`"),
        (lambda: cu.benchmark_scores(n_splits=1), "`n_splits`"),
        (lambda: cu.benchmark_scores(["k-NN"], ["spector"], n_splits=12), "`n_splits`"),
    ],
)
def test_bad_inputs(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


def test_result_table_is_labelled():
    res = cu.benchmark_scores(["Árbol"], ["iris"], max_rows=None)
    assert isinstance(res.scores, pd.DataFrame)
    assert res.scores.index.tolist() == ["iris"] and res.scores.columns.tolist() == ["Árbol"]
    assert res.n_rows == (150,)


def test_garcia_herrera_checksum_and_published_values(tmp_path, monkeypatch):
    """La tabla de García y Herrera (2008) da los números que imprime la documentación de scmamp.

    Viñeta «Statistical assessment of the differences» de scmamp (Calvo y Santafé): rangos
    medios 2.1, 3.25, 2.2, 4.333333, 3.116667; Friedman 39.647 (gl 4, p = 5.121e-08);
    Iman-Davenport 14.309 (gl 4 y 116, p = 1.593e-09).
    """
    acc = cu.load_garcia_herrera_2008()
    assert acc.shape == (30, 5)
    assert list(acc.columns) == ["C4.5", "k-NN(k=1)", "NaiveBayes", "Kernel", "CN2"]
    ranks = acc.rank(axis=1, ascending=False).mean()  # independiente de course_utils
    np.testing.assert_allclose(ranks, [2.1, 3.25, 2.2, 4.333333, 3.116667], atol=1e-6)
    fr = cu.friedman_test(acc)
    assert round(fr.statistic, 3) == 39.647 and f"{fr.pvalue:.3e}" == "5.121e-08"
    assert round(fr.iman_davenport, 3) == 14.309 and f"{fr.iman_davenport_pvalue:.3e}" == "1.593e-09"
    src = bm.Path(data.data_dir()) / "garcia_herrera2008.csv"
    shutil.copy(src, tmp_path / src.name)
    monkeypatch.setenv("COURSE_UTILS_DATA", str(tmp_path))
    (tmp_path / src.name).write_text(src.read_text().replace("0.219", "0.218"))
    with pytest.raises(ValueError, match="sha256"):
        cu.load_garcia_herrera_2008()
