"""Pruebas de course_utils.measure.metrics frente a scikit-learn (referencia independiente)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    confusion_matrix,
    precision_recall_fscore_support,
)

from course_utils import ClassificationMetrics, classification_metrics


def _random_labels(rng, n, k, *, never_predicted=(), never_true=()):
    """Etiquetas con ~80 % de acierto; algunas clases nunca predichas o nunca verdaderas."""
    true_classes = [c for c in range(k) if c not in never_true]
    pred_classes = [c for c in range(k) if c not in never_predicted]
    y_true = rng.choice(true_classes, size=n)
    y_pred = np.where(rng.random(n) < 0.8, y_true, rng.choice(pred_classes, size=n))
    y_pred = np.where(np.isin(y_pred, never_predicted), rng.choice(pred_classes, size=n), y_pred)
    return y_true, y_pred


def _sklearn_reference(y_true, y_pred, k, beta):
    labels = list(range(k))
    with warnings.catch_warnings():
        # balanced_accuracy_score avisa si se predicen clases ausentes en y_true; la
        # referencia puede avisar, nuestra función no (filterwarnings=error lo vigila).
        warnings.simplefilter("ignore")
        p, r, f, _ = precision_recall_fscore_support(
            y_true, y_pred, labels=labels, beta=beta, zero_division=0
        )
        pm, rm, fm, _ = precision_recall_fscore_support(
            y_true, y_pred, labels=labels, beta=beta, average="macro", zero_division=0
        )
        bal = balanced_accuracy_score(y_true, y_pred)
    return {
        "accuracy": accuracy_score(y_true, y_pred),
        "precision": p,
        "recall": r,
        "fbeta": f,
        "precision_macro": pm,
        "recall_macro": rm,
        "fbeta_macro": fm,
        "balanced_accuracy": bal,
    }


CASES = [
    # (K, clases nunca predichas, clases nunca verdaderas)
    (2, (), ()),
    (2, (1,), ()),
    (3, (), ()),
    (3, (2,), ()),
    (4, (0, 3), ()),
    (5, (4,), (1,)),
    (8, (2, 5), (7,)),
]


@pytest.mark.parametrize("k, never_predicted, never_true", CASES)
@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0])
def test_matches_sklearn_on_random_labels(k, never_predicted, never_true, beta):
    rng = np.random.default_rng(1000 * k + len(never_predicted) + int(10 * beta))
    y_true, y_pred = _random_labels(rng, 300, k, never_predicted=never_predicted, never_true=never_true)
    conf = confusion_matrix(y_true, y_pred, labels=list(range(k)))
    got = classification_metrics(conf, beta=beta)
    ref = _sklearn_reference(y_true, y_pred, k, beta)
    for name, value in ref.items():
        np.testing.assert_allclose(getattr(got, name), value, rtol=1e-12, atol=1e-15, err_msg=name)
    np.testing.assert_allclose(got.error, 1 - ref["accuracy"], rtol=1e-12)
    assert got.beta == beta
    assert got.precision.shape == (k,)
    assert isinstance(got.accuracy, float) and isinstance(got.balanced_accuracy, float)


def test_zero_division_is_zero_not_nan():
    # Clase 2 nunca predicha y nunca verdadera; clase 1 predicha pero nunca verdadera.
    conf = np.array([[5, 3, 0], [0, 0, 0], [0, 0, 0]])
    m = classification_metrics(conf)
    y_true = np.repeat([0, 0], [5, 3])
    y_pred = np.repeat([0, 1], [5, 3])
    ref = _sklearn_reference(y_true, y_pred, 3, 1.0)
    for name, value in ref.items():
        np.testing.assert_allclose(getattr(m, name), value, err_msg=name)
    assert not np.any(np.isnan(m.precision))
    assert m.balanced_accuracy == pytest.approx(5 / 8)  # solo la clase 0 tiene soporte


@pytest.mark.parametrize("k", [2, 3, 6])
def test_stack_equals_matrix_by_matrix(k):
    rng = np.random.default_rng(k)
    stack = np.stack([
        confusion_matrix(*_random_labels(rng, 60, k), labels=list(range(k))) for _ in range(25)
    ])
    got = classification_metrics(stack, beta=2.0)
    assert got.precision.shape == (25, k)
    assert got.accuracy.shape == (25,)
    for i, conf in enumerate(stack):
        one = classification_metrics(conf, beta=2.0)
        for name in ("accuracy", "error", "precision_macro", "recall_macro", "fbeta_macro", "balanced_accuracy"):
            assert getattr(got, name)[i] == pytest.approx(getattr(one, name), abs=1e-15)
        for name in ("precision", "recall", "fbeta"):
            np.testing.assert_allclose(getattr(got, name)[i], getattr(one, name), atol=1e-15)


def test_integer_valued_floats_and_lists_are_accepted():
    a = classification_metrics([[50, 10], [5, 35]])
    b = classification_metrics(np.array([[50.0, 10.0], [5.0, 35.0]]))
    assert a.accuracy == b.accuracy == pytest.approx(0.85)
    np.testing.assert_allclose(a.fbeta, b.fbeta)


def test_summary_is_spanish_and_rounded():
    text = classification_metrics([[50, 10], [5, 35]]).summary()
    assert "Exactitud: 0.8500 (tasa de error: 0.1500)" in text
    assert "Exactitud equilibrada: 0.8542" in text
    assert isinstance(ClassificationMetrics, type)
    stack_text = classification_metrics(np.array([[[50, 10], [5, 35]], [[40, 20], [5, 35]]])).summary()
    assert stack_text.startswith("Medidas de 2 matrices de confusión")


@settings(max_examples=60, deadline=None)
@given(
    arrays(np.int64, st.tuples(st.integers(1, 4), st.integers(1, 5), st.integers(1, 5)).map(
        lambda s: (s[0], s[1], s[1])), elements=st.integers(0, 50)),
    st.floats(0.1, 5.0),
)
def test_property_metrics_in_unit_interval(stack, beta):
    stack = stack.copy()
    stack[:, 0, 0] += 1  # ninguna matriz vacía
    m = classification_metrics(stack, beta=beta)
    for name in ("accuracy", "error", "precision", "recall", "fbeta", "precision_macro",
                 "recall_macro", "fbeta_macro", "balanced_accuracy"):
        values = np.asarray(getattr(m, name))
        assert np.all(np.isfinite(values)), name
        assert np.all((values >= 0) & (values <= 1 + 1e-12)), name
    np.testing.assert_allclose(m.accuracy + m.error, 1.0)
    # la F-beta está entre la precisión y la sensibilidad (media armónica ponderada)
    lo = np.minimum(m.precision, m.recall)
    hi = np.maximum(m.precision, m.recall)
    assert np.all((m.fbeta >= lo - 1e-12) & (m.fbeta <= hi + 1e-12))


# --- Entradas erróneas -------------------------------------------------------------


@pytest.mark.parametrize(
    "confusion, exc, pattern",
    [
        ([[1, 2, 3], [4, 5, 6]], ValueError, "`confusion`.*cuadrada"),
        ([1, 2, 3, 4], ValueError, "`confusion`.*cuadrada"),
        (np.ones((2, 2, 2, 2)), ValueError, "`confusion`.*cuadrada"),
        ([[1, -1], [0, 3]], ValueError, "`confusion`.*no negativos"),
        ([[1.5, 1], [0, 3]], ValueError, "`confusion`.*enteros"),
        ([[np.nan, 1], [0, 3]], ValueError, "`confusion`.*NaN"),
        ([[0, 0], [0, 0]], ValueError, "`confusion`.*vacía"),
        (np.array([[[1, 0], [0, 1]], [[0, 0], [0, 0]]]), ValueError, "`confusion`.*vacía"),
        (np.empty((0, 0)), ValueError, "`confusion`"),
        ([["a", "b"], ["c", "d"]], TypeError, "`confusion`.*números"),
        ("matriz", TypeError, "`confusion`"),
    ],
)
def test_bad_confusion(confusion, exc, pattern):
    with pytest.raises(exc, match=pattern):
        classification_metrics(confusion)


@pytest.mark.parametrize(
    "beta, exc",
    [(0, ValueError), (-1.0, ValueError), (np.inf, ValueError), (np.nan, ValueError),
     ("1", TypeError), (True, TypeError), (None, TypeError)],
)
def test_bad_beta(beta, exc):
    with pytest.raises(exc, match="`beta`"):
        classification_metrics([[1, 0], [0, 1]], beta=beta)


def test_bootstrap_accuracy_is_sklearns_without_the_other_measures(monkeypatch):
    """El *bootstrap* y las pruebas de permutación evalúan la exactitud de miles de matrices por
    llamada: sin calcular las demás medidas (``_compute`` no se llama) y con el número de
    ``sklearn.metrics.accuracy_score`` (y su complemento, la tasa de error), bit a bit."""
    from fractions import Fraction

    import course_utils as cu
    from course_utils.measure import bootstrap

    rng = np.random.default_rng(7)
    y = rng.integers(0, 3, (50, 40))
    pred = np.where(rng.random((50, 40)) < 0.7, y, rng.integers(0, 3, (50, 40)))
    stack = np.stack([confusion_matrix(t, p, labels=[0, 1, 2]) for t, p in zip(y, pred)])

    def forbidden(*args, **kwargs):
        raise AssertionError("la exactitud no necesita las demás medidas")

    monkeypatch.setattr(bootstrap, "_compute", forbidden)
    acc = bootstrap._evaluate(stack, "accuracy", None)
    err = bootstrap._evaluate(stack, "error", None, np.ones((50, 3), bool))
    assert acc.tolist() == [accuracy_score(t, p) for t, p in zip(y, pred)]
    assert err.tolist() == [1.0 - accuracy_score(t, p) for t, p in zip(y, pred)]
    assert bootstrap._evaluate(stack[0], "accuracy", None) == accuracy_score(y[0], pred[0])
    # Conteos enormes (se reescalan por una potencia de 2): la fracción exacta.
    huge = np.array([[3.0e300, 1.0e300], [2.0e299, 7.0e300]])
    exact = (Fraction(3.0e300) + Fraction(7.0e300)) / sum(Fraction(v) for v in huge.ravel())
    np.testing.assert_allclose(bootstrap._evaluate(huge, "accuracy", None), float(exact),
                               rtol=1e-15)
    res = cu.paired_bootstrap_difference(y[0], pred[0], pred[1], "accuracy", n_resamples=200,
                                         random_state=0)
    assert np.isfinite(res.low) and res.low <= res.high
