"""Pruebas de course_utils.two_models.resampling contra scikit-learn y bucles escritos a mano."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import load_iris
from sklearn.dummy import DummyClassifier
from sklearn.model_selection import KFold, RepeatedKFold, RepeatedStratifiedKFold, StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

from course_utils import five_by_two, paired_cv_scores, repeated_stratified_kfold


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


def test_repeated_stratified_kfold_is_sklearn(iris):
    X, y = iris
    cv = repeated_stratified_kfold(5, 3, random_state=0)
    assert isinstance(cv, RepeatedStratifiedKFold)
    assert cv.get_n_splits() == 15
    ref = RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=0)
    for (tr1, te1), (tr2, te2) in zip(cv.split(X, y), ref.split(X, y)):
        np.testing.assert_array_equal(tr1, tr2)
        np.testing.assert_array_equal(te1, te2)


def test_five_by_two(iris):
    cv = five_by_two(random_state=1)
    assert isinstance(cv, RepeatedStratifiedKFold)
    assert cv.n_repeats == 5 and cv.cvargs["n_splits"] == 2
    assert cv.get_n_splits() == 10


def test_paired_cv_scores_equals_hand_loop(iris):
    X, y = iris
    cv = repeated_stratified_kfold(5, 2, random_state=0)
    est_a = KNeighborsClassifier(n_neighbors=5)
    est_b = DecisionTreeClassifier(random_state=0)
    a, b = paired_cv_scores(est_a, est_b, X, y, cv=cv, scoring="accuracy")
    assert a.shape == b.shape == (2, 5)
    hand_a, hand_b = [], []
    for train, test in cv.split(X, y):
        for est, out in ((est_a, hand_a), (est_b, hand_b)):
            model = clone(est).fit(X[train], y[train])
            out.append(np.mean(model.predict(X[test]) == y[test]))
    np.testing.assert_allclose(a, np.reshape(hand_a, (2, 5)), rtol=0, atol=1e-15)
    np.testing.assert_allclose(b, np.reshape(hand_b, (2, 5)), rtol=0, atol=1e-15)


def test_same_model_gives_zero_differences_even_without_seed():
    # Sin semilla, dos llamadas a cv.split darían particiones distintas; si las
    # particiones se materializan una vez, el mismo modelo da diferencias exactamente 0.
    rng = np.random.default_rng(0)
    X = rng.normal(size=(120, 4))
    y = (X[:, 0] + rng.normal(scale=1.5, size=120) > 0).astype(int)
    cv = RepeatedKFold(n_splits=4, n_repeats=3, random_state=None)
    for est in (DummyClassifier(strategy="most_frequent"), DecisionTreeClassifier(random_state=0)):
        a, b = paired_cv_scores(est, clone(est), X, y, cv=cv, scoring="accuracy")
        assert a.shape == (3, 4)
        np.testing.assert_array_equal(a - b, 0.0)
        assert np.ptp(a) > 0  # las puntuaciones sí cambian entre particiones


def test_plain_kfold_gives_1d_and_int_cv(iris):
    X, y = iris
    lr = KNeighborsClassifier(n_neighbors=3)
    a, b = paired_cv_scores(lr, DummyClassifier(), X, y, cv=KFold(3, shuffle=True, random_state=0),
                            scoring="accuracy")
    assert a.shape == b.shape == (3,)
    a_int, _ = paired_cv_scores(lr, DummyClassifier(), X, y, cv=3, scoring="accuracy")
    hand = []
    for train, test in StratifiedKFold(3).split(X, y):
        hand.append(clone(lr).fit(X[train], y[train]).score(X[test], y[test]))
    np.testing.assert_allclose(a_int, hand, atol=1e-15)


def test_five_by_two_shape(iris):
    X, y = iris
    a, b = paired_cv_scores(KNeighborsClassifier(), DummyClassifier(), X, y,
                            cv=five_by_two(random_state=0), scoring="accuracy")
    assert a.shape == b.shape == (5, 2)
    np.testing.assert_allclose(b, 1 / 3, atol=0.02)  # Dummy en iris estratificado


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"y": np.zeros(10)}, ValueError, "misma longitud"),
        ({"X": np.zeros((0, 2)), "y": np.zeros(0)}, ValueError, "`X`"),
        ({"y": np.r_[np.zeros(29), np.nan]}, ValueError, "`y`"),
        ({"X": "datos"}, TypeError, "`X`"),
        ({"scoring": ["accuracy", "f1"]}, TypeError, "`scoring`"),
        ({"cv": 1}, ValueError, "`cv`"),
        ({"cv": "cinco"}, TypeError, "`cv`"),
        ({"estimator_a": "knn"}, TypeError, "`estimator_a`"),
    ],
)
def test_paired_cv_scores_bad_input(kwargs, exc, match):
    rng = np.random.default_rng(1)
    args = {
        "estimator_a": DummyClassifier(),
        "estimator_b": DummyClassifier(),
        "X": rng.normal(size=(30, 2)),
        "y": np.tile([0, 1], 15),
        "cv": 3,
        "scoring": "accuracy",
    }
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        paired_cv_scores(args.pop("estimator_a"), args.pop("estimator_b"), args.pop("X"),
                         args.pop("y"), **args)


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"n_splits": 1}, ValueError, "`n_splits`"),
        ({"n_splits": 2.5}, TypeError, "`n_splits`"),
        ({"n_repeats": 0}, ValueError, "`n_repeats`"),
        ({"random_state": "semilla"}, TypeError, "`random_state`"),
        ({"random_state": -1}, ValueError, "`random_state`"),
    ],
)
def test_repeated_stratified_kfold_bad_input(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        repeated_stratified_kfold(**kwargs)


def test_paired_cv_scores_accepts_explicit_fold_list():
    from sklearn.datasets import load_iris
    from sklearn.model_selection import StratifiedKFold, cross_val_score
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.tree import DecisionTreeClassifier

    from course_utils import paired_cv_scores

    X, y = load_iris(return_X_y=True)
    folds = list(StratifiedKFold(5, shuffle=True, random_state=3).split(X, y))
    a, b = paired_cv_scores(KNeighborsClassifier(), DecisionTreeClassifier(random_state=0),
                            X, y, cv=folds, scoring="accuracy")
    assert a.shape == b.shape == (5,)
    ref = cross_val_score(KNeighborsClassifier(), X, y, cv=folds, scoring="accuracy")
    np.testing.assert_allclose(a, ref)


@pytest.mark.parametrize(
    "cv, exc, match",
    [
        ([], ValueError, "lista vacía"),
        ([(np.arange(10),)], TypeError, r"`cv\[0\]`"),
        ([(np.arange(10), np.array([1.5]))], ValueError, r"`cv\[0\]`.*prueba"),
        ([(np.arange(10), np.array([500]))], ValueError, "fuera de rango"),
    ],
)
def test_paired_cv_scores_bad_fold_list(cv, exc, match):
    from sklearn.datasets import load_iris
    from sklearn.dummy import DummyClassifier

    from course_utils import paired_cv_scores

    X, y = load_iris(return_X_y=True)
    with pytest.raises(exc, match=match):
        paired_cv_scores(DummyClassifier(), DummyClassifier(), X, y, cv=cv, scoring="accuracy")
