"""Entradas malas y extremas: cada llamada da el número correcto o un error en español.

Dos partes:

1. **Ejemplos concretos** que antes daban un número erróneo, un NaN disfrazado de
   resultado o un error en inglés de una biblioteca subyacente. Cada uno se compara con
   una referencia independiente (un recuento a mano, scipy, scikit-learn) o exige un
   ``ValueError``/``TypeError`` en español que nombra el argumento.
2. **Barrido con hypothesis** (semilla fija, número de ejemplos acotado): una tabla que
   asigna a cada función pública de ``course_utils.__all__`` un generador de argumentos
   válidos y los nombres de los argumentos que se estropean. Cada llamada debe devolver
   resultados finitos (que coinciden con una referencia barata cuando la hay) o lanzar
   ``ValueError``/``TypeError`` con un mensaje en español que nombra el argumento.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sklearn.metrics import accuracy_score

import course_utils as cu

# Frases de los mensajes de error de NumPy, scipy, pandas, scikit-learn y Python que no
# deben llegar nunca al estudiante.
ENGLISH_PHRASES = (
    "must be",
    "should be",
    "cannot",
    "can't",
    "could not",
    "unable to",
    "invalid",
    "expected",
    "is not",
    "not supported",
    "got an",
    "out of bounds",
    "too large",
    "overflow",
    "greater than",
    "less than",
    "number of",
    "object of type",
    "unsupported operand",
    "has no attribute",
    "not in index",
    "the truth value",
)


def assert_spanish(excinfo: pytest.ExceptionInfo, *names: str) -> None:
    """El mensaje nombra el argumento entre comillas invertidas y no es de una biblioteca."""
    message = str(excinfo.value)
    assert excinfo.type in (ValueError, TypeError), (excinfo.type, message)
    lowered = message.lower()
    leaked = [p for p in ENGLISH_PHRASES if p in lowered]
    assert not leaked, f"mensaje en inglés ({leaked}): {message}"
    if names:
        assert any(f"`{n}`" in message for n in names), f"no nombra {names}: {message}"


# ---------------------------------------------------------------------------
# 1. Respuestas silenciosamente erróneas
# ---------------------------------------------------------------------------


def _hand_table(y, a, b):
    """Tabla de McNemar contada a mano, caso a caso, con == de Python."""
    t = [[0, 0], [0, 0]]
    for yi, ai, bi in zip(y, a, b):
        t[0 if ai == yi else 1][0 if bi == yi else 1] += 1
    return t


def test_mcnemar_table_refuses_text_mixed_with_numbers():
    y_text = np.array(["0", "1", "1", "0", "1", "0"])
    a, b = [0, 1, 0, 0, 1, 0], [0, 0, 1, 0, 1, 1]
    with pytest.raises(TypeError) as excinfo:
        cu.mcnemar_table(y_text, a, b)
    assert_spanish(excinfo, "y_true")
    # Con el mismo tipo, la tabla correcta (la del informe: [[3, 2], [1, 0]]).
    y = [0, 1, 1, 0, 1, 0]
    assert cu.mcnemar_table(y, a, b).tolist() == _hand_table(y, a, b) == [[3, 2], [1, 0]]


@pytest.mark.parametrize(
    "call",
    [
        lambda y, a, b: cu.mcnemar_table(y, a, b),
        lambda y, a, b: cu.paired_bootstrap_difference(y, a, b, "accuracy", n_resamples=50),
        lambda y, a, b: cu.bootstrap_interval(y, a, "accuracy", n_resamples=50),
    ],
    ids=["mcnemar_table", "paired_bootstrap_difference", "bootstrap_interval"],
)
@pytest.mark.parametrize(
    "bad",
    [
        ["a", np.nan, "a", "b"],
        ["a", None, "a", "b"],
        pd.Series(["a", np.nan, "a", "b"], dtype=object),
        pd.Series(["a", pd.NA, "a", "b"], dtype="string"),
        np.array(["a", "nan", "a", "b"]),
    ],
    ids=["list-nan", "list-none", "object-series-nan", "string-series-na", "text-nan"],
)
def test_missing_labels_are_refused_with_position(call, bad):
    y = ["a", "b", "a", "b"]
    with pytest.raises(ValueError, match=r"valores faltantes.*posición 1") as excinfo:
        call(y, bad, ["a", "b", "b", "b"])
    assert_spanish(excinfo, "pred_a", "y_pred")
    with pytest.raises(ValueError, match=r"valores faltantes.*posición 1") as excinfo:
        call(bad, y, ["a", "b", "b", "b"])
    assert_spanish(excinfo, "y_true")


def _python_accuracy(y, p):
    return sum(int(a) == int(b) for a, b in zip(y, p)) / len(y)


def test_huge_integer_labels_are_compared_exactly():
    base = 2**60
    y = np.array([base + 1, base + 2] * 10, dtype=np.uint64)
    pred_a = y.astype(np.int64)  # los mismos valores: A acierta todo
    pred_b = np.array([base + 2, base + 1] * 10, dtype=np.int64)  # B falla todo
    # Referencia con enteros de Python (exactos); scikit-learn los pasaría por float64.
    ref_a = _python_accuracy(y.tolist(), pred_a.tolist())
    ref_b = _python_accuracy(y.tolist(), pred_b.tolist())
    assert (ref_a, ref_b) == (1.0, 0.0)
    res = cu.paired_bootstrap_difference(y, pred_a, pred_b, "accuracy", n_resamples=50, random_state=0)
    assert res.estimate == ref_a - ref_b == 1.0
    assert cu.mcnemar_table(y, pred_a, pred_b).tolist() == _hand_table(
        y.tolist(), pred_a.tolist(), pred_b.tolist()
    )
    # Por encima de int64 (uint64) junto a enteros negativos: también exacto.
    y2 = np.array([2**63 + 1, 2**63 + 2, 3], dtype=np.uint64)
    p2 = np.array([2**63 + 1, 2**63 + 1, 3], dtype=object)
    boot = cu.bootstrap_interval(y2, p2, "accuracy", n_resamples=50, random_state=0)
    assert boot.estimate == _python_accuracy(y2.tolist(), p2.tolist()) == 2 / 3


def test_pandas_with_different_indexes_are_refused():
    rng = np.random.default_rng(0)
    a = rng.uniform(0.7, 0.9, 10)
    b = a - 0.02 + rng.normal(0, 0.01, 10)
    sa = pd.Series(a, index=range(10))
    sb = pd.Series(b[::-1], index=range(10)[::-1])  # mismos pares, índice invertido
    with pytest.raises(ValueError, match="índice") as excinfo:
        cu.corrected_resampled_ttest(sa, sb, test_train_ratio=1 / 9)
    assert_spanish(excinfo, "scores_a", "scores_b")
    # Alineados por índice dan el resultado de scipy con los pares correctos.
    res = cu.corrected_resampled_ttest(sa, sb.loc[sa.index], test_train_ratio=None, corrected=False)
    assert res.statistic == pytest.approx(stats.ttest_rel(a, b).statistic, rel=1e-12)
    y = pd.Series([0, 1, 1, 0], index=[10, 11, 12, 13])
    pa = pd.Series([0, 1, 0, 0], index=[13, 12, 11, 10])
    with pytest.raises(ValueError, match="índice") as excinfo:
        cu.mcnemar_table(y, pa, [0, 1, 1, 1])  # la lista se parea por posición: permitida
    assert_spanish(excinfo, "y_true", "pred_a")
    with pytest.raises(ValueError, match="índice"):
        cu.paired_bootstrap_difference(y, pa, y, "accuracy", n_resamples=50)
    # Mismo índice, aunque no sea el de por defecto: se acepta.
    assert cu.mcnemar_table(y, y.copy(), pa.to_numpy()).sum() == 4


def test_overflowing_scores_never_give_nan():
    rng = np.random.default_rng(1)
    a = rng.normal(0, 1, 12)
    b = rng.normal(0.5, 1, 12)
    ref = stats.ttest_rel(a, b)
    # t no cambia al escalar: con puntuaciones de 1e200 el cuadrado desborda, pero t no.
    res = cu.corrected_resampled_ttest(a * 1e200, b * 1e200, test_train_ratio=None, corrected=False)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-10)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-8)
    # Con 1e308 la propia diferencia desborda: error en español, nunca nan ni p = 1.
    big = np.array([1e308, -1e308] * 3)
    with pytest.raises(ValueError) as excinfo:
        cu.corrected_resampled_ttest(big, -big, test_train_ratio=1 / 9)
    assert_spanish(excinfo, "scores_a", "scores_b")
    assert "nan" not in str(excinfo.value).split("da ")[0]


def test_classification_metrics_with_huge_counts():
    m = cu.classification_metrics([[1e308, 1e308], [1e308, 1e308]])
    ref = accuracy_score([0, 0, 1, 1], [0, 1, 0, 1])  # las mismas proporciones
    assert m.accuracy == ref == 0.5
    assert np.allclose(m.recall, 0.5) and m.balanced_accuracy == 0.5
    m2 = cu.classification_metrics([[3e307, 1e307], [1e307, 5e307]])
    assert m2.accuracy == pytest.approx(0.8, rel=1e-12)
    assert m2.fbeta.tolist() == pytest.approx([0.75, 5 / 6], rel=1e-12)


@pytest.mark.parametrize("method", ["clopper-pearson", "jeffreys"])
def test_proportion_interval_huge_n_never_nan(method):
    with pytest.raises(ValueError) as excinfo:
        cu.proportion_interval(10**17, 10**18, method=method)
    assert_spanish(excinfo, "n", "successes")
    with pytest.raises(ValueError) as excinfo:
        cu.proportion_interval(10**11, 10**12, method=method)
    assert_spanish(excinfo, "n")
    # Donde sí se calcula, coincide con la fórmula beta de scipy y con Wilson a esa escala.
    res = cu.proportion_interval(10**9, 10**10, method=method)
    wilson = cu.proportion_interval(10**9, 10**10, method="wilson")
    assert math.isfinite(res.low) and math.isfinite(res.high)
    assert res.low == pytest.approx(wilson.low, abs=1e-9)
    assert res.high == pytest.approx(wilson.high, abs=1e-9)


# ---------------------------------------------------------------------------
# 2. Errores en inglés y trabajo sin límite
# ---------------------------------------------------------------------------


def _tiny_data(n=40):
    from sklearn.datasets import make_classification

    return make_classification(n_samples=n, n_features=4, random_state=0)


def test_paired_cv_scores_unknown_scoring_in_spanish():
    from sklearn.dummy import DummyClassifier

    X, y = _tiny_data()
    with pytest.raises(ValueError, match="accuracy") as excinfo:
        cu.paired_cv_scores(DummyClassifier(), DummyClassifier(), X, y, cv=2, scoring="acuracy")
    assert_spanish(excinfo, "scoring")


def test_paired_cv_scores_more_folds_than_rows_in_spanish():
    from sklearn.dummy import DummyClassifier

    X, y = _tiny_data(40)
    with pytest.raises(ValueError) as excinfo:
        cu.paired_cv_scores(DummyClassifier(), DummyClassifier(), X, y, cv=100, scoring="accuracy")
    assert_spanish(excinfo, "cv")


def test_plot_bootstrap_bins_zero_in_spanish():
    res = cu.bootstrap_interval([0, 1, 1, 0, 1] * 4, [0, 1, 0, 0, 1] * 4, "accuracy",
                                n_resamples=100, random_state=0)
    fig, ax = plt.subplots()
    try:
        for bins in (0, -3, 2.5, "muchas", [0.3, 0.2]):
            with pytest.raises((ValueError, TypeError)) as excinfo:
                cu.plot_bootstrap(res, bins=bins, ax=ax)
            assert_spanish(excinfo, "bins")
    finally:
        plt.close(fig)


@pytest.mark.parametrize("metric", ["accuracy", accuracy_score], ids=["nombre", "funcion"])
def test_n_resamples_has_an_upper_limit(metric):
    y = [0, 1, 1, 0, 1] * 4
    p = [0, 1, 0, 0, 1] * 4
    for b in (10**12, cu._validation.MAX_RESAMPLES + 1):
        with pytest.raises(ValueError, match="remuestras") as excinfo:
            cu.bootstrap_interval(y, p, metric, n_resamples=b)
        assert_spanish(excinfo, "n_resamples")
        with pytest.raises(ValueError, match="remuestras") as excinfo:
            cu.paired_bootstrap_difference(y, p, y, metric, n_resamples=b)
        assert_spanish(excinfo, "n_resamples")


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: cu.mcnemar_test([[0, 1e19], [1e19, 0]]), "table"),
        (lambda: cu.mcnemar_test([[0, 2**63], [5, 0]]), "table"),
        (lambda: cu.power_two_proportions(0.85, 0.8, 10**20), "n"),
        (lambda: cu.proportion_interval(1, 10**400), "n"),
        (lambda: cu.proportion_interval(10**400, 10**400), "successes"),
        (lambda: cu.noninferiority_test(10**19, 10**19, 5, 10, margin=0.1), "successes_new"),
        (lambda: cu.classification_metrics([[1e400, 1], [1, 1]]), "confusion"),
    ],
    ids=["mcnemar-1e19", "mcnemar-2**63", "power-1e20", "proportion-1e400", "successes-1e400",
         "noninferiority-1e19", "metrics-inf"],
)
def test_counts_beyond_the_limit_in_spanish(call, name):
    with pytest.raises((ValueError, TypeError)) as excinfo:
        call()
    assert_spanish(excinfo, name)


def test_naive_ttest_refuses_a_test_train_ratio():
    a = [0.81, 0.84, 0.79, 0.83, 0.80, 0.85]
    b = [0.80, 0.81, 0.80, 0.80, 0.78, 0.82]
    with pytest.raises(ValueError, match="ingenua") as excinfo:
        cu.corrected_resampled_ttest(a, b, test_train_ratio=1 / 9, corrected=False)
    assert_spanish(excinfo, "test_train_ratio")
    naive = cu.corrected_resampled_ttest(a, b, test_train_ratio=None, corrected=False)
    assert naive.statistic == pytest.approx(stats.ttest_rel(a, b).statistic, rel=1e-12)
