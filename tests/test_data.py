"""Pruebas de la carga sin conexión de UCI Adult."""

from __future__ import annotations

import csv
import gzip
import io
import shutil
import socket

import numpy as np
import pandas as pd
import pytest

from course_utils import ADULT_FEATURES, load_adult
from course_utils.datasets.data import ADULT_CATEGORIES, data_dir

UCI_NAMES = [
    "age", "workclass", "fnlwgt", "education", "education-num", "marital-status", "occupation",
    "relationship", "race", "sex", "capital-gain", "capital-loss", "hours-per-week", "native-country",
]


def _raw_rows(filename: str) -> list[list[str]]:
    """Lectura independiente con el módulo csv de la biblioteca estándar."""
    text = gzip.decompress((data_dir() / filename).read_bytes()).decode("ascii")
    rows = [r for r in csv.reader(io.StringIO(text), skipinitialspace=True) if len(r) == 15]
    return rows


@pytest.fixture(scope="module")
def train():
    return load_adult("train")


@pytest.fixture(scope="module")
def test():
    return load_adult("test")


def test_shapes_and_names(train, test):
    X, y = train
    assert X.shape == (32_561, 14) and y.shape == (32_561,)
    Xt, yt = test
    assert Xt.shape == (16_281, 14) and yt.shape == (16_281,)
    assert list(X.columns) == UCI_NAMES == list(ADULT_FEATURES)
    assert y.name == "income" and yt.name == "income"


def test_all_is_train_then_test(train, test):
    X, y = load_adult("all")
    assert X.shape == (48_842, 14)
    pd.testing.assert_frame_equal(X.iloc[: len(train[0])], train[0])
    np.testing.assert_array_equal(y.iloc[len(train[1]):].to_numpy(), test[1].to_numpy())


@pytest.mark.parametrize("split, filename", [("train", "adult.data.gz"), ("test", "adult.test.gz")])
def test_labels_and_missing_match_raw_file(split, filename):
    X, y = load_adult(split)
    rows = _raw_rows(filename)
    assert len(rows) == len(X)
    expected_y = np.array([1 if r[14].rstrip(".") == ">50K" else 0 for r in rows])
    np.testing.assert_array_equal(y.to_numpy(), expected_y)
    assert y.dtype == np.int64 and set(np.unique(y)) == {0, 1}
    for j, col in enumerate(UCI_NAMES):
        n_question = sum(r[j] == "?" for r in rows)
        assert int(X[col].isna().sum()) == n_question, col
    # los valores numéricos coinciden con el fichero
    np.testing.assert_array_equal(X["age"].to_numpy(), [int(r[0]) for r in rows])
    np.testing.assert_array_equal(X["education-num"].to_numpy(), [int(r[4]) for r in rows])


def test_known_class_balance(train, test):
    # Proporciones conocidas de UCI Adult: 7841/32561 y 3846/16281 con ingresos >50K.
    assert int(train[1].sum()) == 7_841
    assert int(test[1].sum()) == 3_846


def test_dtypes(train):
    X, _ = train
    for col in UCI_NAMES:
        if col in ADULT_CATEGORIES:
            assert isinstance(X[col].dtype, pd.CategoricalDtype), col
            assert list(X[col].cat.categories) == list(ADULT_CATEGORIES[col])
        else:
            assert X[col].dtype == np.int64, col


def test_no_network(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("load_adult intentó abrir una conexión de red")

    monkeypatch.setattr(socket, "socket", forbidden)
    monkeypatch.setattr(socket, "create_connection", forbidden)
    X, _ = load_adult("test")
    assert len(X) == 16_281


def test_unknown_split():
    with pytest.raises(ValueError, match="`split`.*'train', 'test' o 'all'.*'validation'"):
        load_adult("validation")
    with pytest.raises(ValueError, match="`split`"):
        load_adult(1)


def test_missing_file(tmp_path, monkeypatch):
    monkeypatch.setenv("COURSE_UTILS_DATA", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="No se encuentra.*adult.data.gz"):
        load_adult("train")


def test_corrupt_file_checksum(tmp_path, monkeypatch):
    raw = gzip.decompress((data_dir() / "adult.test.gz").read_bytes())
    tampered = raw.replace(b"<=50K.", b">50K.", 1)
    (tmp_path / "adult.test.gz").write_bytes(gzip.compress(tampered))
    monkeypatch.setenv("COURSE_UTILS_DATA", str(tmp_path))
    with pytest.raises(ValueError, match="dañado.*sha256"):
        load_adult("test")


def test_corrupt_file_not_gzip(tmp_path, monkeypatch):
    shutil.copy(data_dir() / "adult.test.gz", tmp_path / "adult.test.gz")
    (tmp_path / "adult.test.gz").write_bytes(b"esto no es gzip")
    monkeypatch.setenv("COURSE_UTILS_DATA", str(tmp_path))
    with pytest.raises(ValueError, match="dañado"):
        load_adult("test")
