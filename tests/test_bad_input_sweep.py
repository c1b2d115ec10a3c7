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
import re
import warnings

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sklearn.metrics import accuracy_score

import course_utils as cu
from course_utils.selfcheck import exercises

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
        quoted = re.findall(r"`([^`]*)`", message)  # también `scores_a - scores_b`, `cv[0]`
        named = any(re.search(rf"(?<![\w.]){re.escape(n)}\b", q) for q in quoted for n in names)
        assert named, f"no nombra {names}: {message}"


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
    """Exactitud con enteros de Python (exactos a cualquier tamaño; scikit-learn pasaría por float)."""
    return sum(int(a) == int(b) for a, b in zip(y, p)) / len(y)


def test_huge_integer_labels_are_compared_exactly():
    # uint64 por encima de 2**63 junto a int64: pasar por float64 confundiría 2**63 + 1 con
    # 2**63 + 2 y A parecería acertar siempre (diferencia 1.0); en realidad A y B fallan todo.
    big = 2**63
    y = np.array([big + 1, big + 3] * 6, dtype=np.uint64)
    pred_a = np.array([big + 2, big + 4] * 6, dtype=np.uint64)  # falla: otra clase, muy cerca
    pred_b = np.array([5, 6] * 6, dtype=np.int64)  # falla
    ref = _python_accuracy(y, pred_a) - _python_accuracy(y, pred_b)  # enteros de Python: exacto
    assert ref == 0.0
    res = cu.paired_bootstrap_difference(y, pred_a, pred_b, "accuracy", n_resamples=50,
                                         random_state=0)
    assert res.estimate == ref
    assert cu.mcnemar_table(y, pred_a, pred_b).tolist() == _hand_table(
        [int(v) for v in y], [int(v) for v in pred_a], [int(v) for v in pred_b]
    ) == [[0, 0], [0, 12]]
    # Por debajo de 2**63 (int64 con uint64): también exacto.
    y2 = np.array([2**60 + 1, 2**60 + 2] * 10, dtype=np.uint64)
    a2 = y2.astype(np.int64)
    b2 = np.array([2**60 + 2, 2**60 + 1] * 10, dtype=np.int64)
    res2 = cu.paired_bootstrap_difference(y2, a2, b2, "accuracy", n_resamples=50, random_state=0)
    assert res2.estimate == _python_accuracy(y2, a2) - _python_accuracy(y2, b2) == 1.0
    # Enteros de Python mayores que 2**64 junto a uint64: objetos exactos.
    y3 = np.array([2**63 + 1, 2**63 + 2, 3], dtype=np.uint64)
    p3 = np.array([2**63 + 1, 2**63 + 1, 3], dtype=object)
    boot = cu.bootstrap_interval(y3, p3, "accuracy", n_resamples=50, random_state=0)
    assert boot.estimate == _python_accuracy(y3, p3) == 2 / 3


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
    # Con puntuaciones diminutas los cuadrados se anulan (1e-600 = 0 en coma flotante).
    tiny = cu.corrected_resampled_ttest(a * 1e-300, b * 1e-300, test_train_ratio=None,
                                        corrected=False)
    assert tiny.statistic == pytest.approx(ref.statistic, rel=1e-10)
    d = a - b
    assert cu.cohens_d(a * 1e-300, b * 1e-300) == pytest.approx(d.mean() / d.std(ddof=1), rel=1e-10)
    pooled = math.sqrt((np.var(a, ddof=1) + np.var(b, ddof=1)) / 2)
    assert cu.cohens_d(a * 1e-300, b * 1e-300, paired=False) == pytest.approx(
        (a.mean() - b.mean()) / pooled, rel=1e-10
    )
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


def test_sample_size_for_a_tiny_difference_names_the_arguments():
    with pytest.raises(ValueError, match="10\\^12") as excinfo:
        cu.sample_size_two_proportions(0.5, 0.5 + 1e-9)
    assert_spanish(excinfo, "p_a")


def test_naive_ttest_refuses_a_test_train_ratio():
    a = [0.81, 0.84, 0.79, 0.83, 0.80, 0.85]
    b = [0.80, 0.81, 0.80, 0.80, 0.78, 0.82]
    with pytest.raises(ValueError, match="ingenua") as excinfo:
        cu.corrected_resampled_ttest(a, b, test_train_ratio=1 / 9, corrected=False)
    assert_spanish(excinfo, "test_train_ratio")
    naive = cu.corrected_resampled_ttest(a, b, test_train_ratio=None, corrected=False)
    assert naive.statistic == pytest.approx(stats.ttest_rel(a, b).statistic, rel=1e-12)


def test_shared_label_validator_accepts_equivalent_types_exactly():
    from course_utils._validation_labels import check_label_arrays

    y, p = check_label_arrays(y_true=[0, 1, 1, 0], y_pred=np.array([False, True, False, False]))
    assert (y == p).tolist() == [True, True, False, True]  # True == 1, como en Python
    y, p = check_label_arrays(y_true=np.array([1.0, 2.0]), y_pred=np.array([1, 3], dtype=np.int8))
    assert (y == p).tolist() == [True, False]
    big = 2**53 + 1  # no cabe exacto en float64: se compara como entero de Python
    y, p = check_label_arrays(y_true=np.array([big, 1]), y_pred=np.array([2.0**53, 1.0]))
    assert (y == p).tolist() == [False, True]
    cat = pd.Series(pd.Categorical(["a", None, "b"]))
    with pytest.raises(ValueError, match="valores faltantes.*posición 1") as excinfo:
        check_label_arrays(y_true=cat, y_pred=["a", "b", "b"])
    assert_spanish(excinfo, "y_true")


def test_masked_cells_are_missing_values():
    nan = np.nan
    table = np.array([[3, 5, 15], [1, 3, 18], [5, 4, 21], [2, 7, 6], [0, 2, 17], [0, 2, 10]],
                     dtype=float)
    mask = np.zeros(table.shape, dtype=bool)
    mask[3, 1] = True
    masked = np.ma.masked_array(table, mask=mask)  # la celda escondida vale 7
    res = cu.skillings_mack_test(masked, higher_is_better=False)
    with_nan = cu.skillings_mack_test(np.where(mask, nan, table), higher_is_better=False)
    assert "faltan 1 de 18 celdas" in res.note and "no falta ninguna" not in res.note
    assert res.statistic == with_nan.statistic and res.pvalue == with_nan.pvalue
    # Sin celdas faltantes admitidas, una celda enmascarada se rechaza con su posición.
    for call in (lambda: cu.friedman_test(masked), lambda: cu.average_ranks(masked),
                 lambda: cu.adjust_pvalues(np.ma.masked_array([0.01, 0.2], mask=[0, 1]))):
        with pytest.raises(ValueError, match="enmascarad") as excinfo:
            call()
        assert_spanish(excinfo, "scores", "pvalues")
    with pytest.raises(ValueError, match=r"enmascarad.*posición 1") as excinfo:
        cu.mcnemar_table([0, 1, 1], np.ma.masked_array([0, 1, 0], mask=[0, 1, 0]), [1, 1, 0])
    assert_spanish(excinfo, "pred_a")


def test_booleans_are_labels_never_scores():
    with pytest.raises(TypeError, match="booleanos") as excinfo:
        cu.adjust_pvalues([True, False])
    assert_spanish(excinfo, "pvalues")
    flags = _TABLE > 0.8
    for table in (flags, pd.DataFrame(flags, columns=list("abcd"))):
        for func in ("friedman_test", "nemenyi_test", "quade_test", "aligned_ranks_test",
                     "pairwise_test", "wilcoxon_holm_test", "average_ranks",
                     "skillings_mack_test"):
            with pytest.raises(TypeError) as excinfo:
                getattr(cu, func)(table)
            assert_spanish(excinfo, "scores")
    # Como etiquetas de un problema binario, los booleanos valen lo mismo que 0/1.
    y, a, b = _Y.astype(bool), _A.astype(bool), _B.astype(bool)
    assert cu.mcnemar_table(y, a, b).tolist() == _hand_table(_Y, _A, _B)
    # Los complejos nunca, tampoco con parte imaginaria nula.
    with pytest.raises(TypeError, match="complejos") as excinfo:
        cu.friedman_test(pd.DataFrame(_TABLE + 0j))
    assert_spanish(excinfo, "scores")


def test_object_numbers_and_integer_column_labels_are_accepted():
    frame = pd.DataFrame(_TABLE.astype(object))  # columnas 0..3 de tipo object
    ref = stats.friedmanchisquare(*_TABLE.T)
    res = cu.friedman_test(frame, tie_correction=True)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-12)
    by_label = cu.control_test(frame, 2)  # la columna de etiqueta 2
    by_name = cu.control_test(pd.DataFrame(_TABLE, columns=["a", "b", "c", "d"]), "c")
    assert by_label.control == "2"
    np.testing.assert_allclose(by_label.comparisons["pvalue_adjusted"],
                               by_name.comparisons["pvalue_adjusted"], rtol=1e-15)
    # Con etiquetas enteras desordenadas, 2 es la etiqueta, no la posición.
    shuffled = pd.DataFrame(_TABLE, columns=[3, 2, 1, 0])
    assert cu.control_test(shuffled, 2).control == "2"
    assert cu.control_test(shuffled, 2).average_ranks.index[1] == "2"
    with pytest.raises(ValueError, match="nombre de su columna") as excinfo:
        cu.control_test(pd.DataFrame(_TABLE, columns=["a", "b", "c", "d"]), 0)
    assert_spanish(excinfo, "control")


def test_lists_and_tuples_are_named_in_spanish():
    """Una lista o una tupla donde se esperaba otra cosa se nombra en español, con su
    longitud (nunca «un(a) list»)."""
    from collections import namedtuple

    for bad, text in ((["holm"], "una lista de longitud 1"),
                      (("holm", "li"), "una tupla de longitud 2"),
                      (namedtuple("Par", "a b")("holm", "li"), "una tupla (Par) de longitud 2")):
        with pytest.raises((TypeError, ValueError)) as info:
            cu.adjust_pvalues([0.1, 0.2], method=bad)
        assert_spanish(info, "method")
        assert text in str(info.value) and "un(a)" not in str(info.value)


def test_check_paired_compares_dataframe_columns_too():
    from course_utils._validation_labels import check_paired

    a = pd.DataFrame([[0.8, 0.7]], columns=["k1", "k2"])
    check_paired(scores_a=a, scores_b=a.copy(), other=np.zeros((1, 2)))
    with pytest.raises(ValueError, match="columnas distintas") as excinfo:
        check_paired(scores_a=a, scores_b=a[["k2", "k1"]])
    assert_spanish(excinfo, "scores_a")


def test_paired_cv_scores_pandas_index_and_failing_models():
    from sklearn.linear_model import LogisticRegression

    X, y = _tiny_data(40)
    Xf, ys = pd.DataFrame(X), pd.Series(y)
    with pytest.raises(ValueError, match="índices distintos") as excinfo:
        cu.paired_cv_scores(DummyClassifier(), DummyClassifier(), Xf, ys.iloc[::-1], cv=2,
                            scoring="accuracy")
    assert_spanish(excinfo, "X", "y")
    bad = LogisticRegression(C=-1.0)  # falla al ajustar: error encadenado, nunca NaN
    with pytest.raises(ValueError, match="falló") as excinfo:
        cu.paired_cv_scores(bad, DummyClassifier(), X, y, cv=2, scoring="accuracy")
    assert_spanish(excinfo, "estimator_a")
    assert excinfo.value.__cause__ is not None


def test_bootstrap_memory_limit_names_a_reasonable_number():
    y = np.arange(200) % 100  # 100 clases: 10^4 celdas por remuestra
    with pytest.raises(ValueError, match="GB") as excinfo:
        cu.paired_bootstrap_difference(y, y, y[::-1], "accuracy", n_resamples=900_000)
    assert_spanish(excinfo, "n_resamples")


# ---------------------------------------------------------------------------
# 3. Barrido: cada función pública con argumentos estropeados
# ---------------------------------------------------------------------------
#
# Para añadir una función nueva de `course_utils.__all__`: una entrada en SWEEP con
# `base` (argumentos válidos), `perturb` (nombre del argumento -> tipo de valores malos,
# una clave de BAD o una estrategia propia) y, si hay una referencia barata, `check`
# (recibe los argumentos y el resultado, y compara con la referencia). O, si no recibe
# datos del usuario, una línea en EXCLUDED con el motivo.

from dataclasses import dataclass, field, fields, is_dataclass  # noqa: E402
from fractions import Fraction  # noqa: E402
from typing import Any, Callable  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from sklearn.dummy import DummyClassifier  # noqa: E402
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar  # noqa: E402
from statsmodels.stats.proportion import proportion_confint  # noqa: E402
from statsmodels.stats.power import NormalIndPower  # noqa: E402
from statsmodels.stats.weightstats import ttost_paired  # noqa: E402

N = 12
_Y = np.array([0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1])
_A = np.array([0, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 1])
_B = np.array([0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1])
_SA = np.array([0.81, 0.84, 0.79, 0.83, 0.80, 0.85, 0.82, 0.78, 0.86, 0.80])
_SB = np.array([0.80, 0.81, 0.80, 0.80, 0.78, 0.82, 0.83, 0.77, 0.84, 0.79])

_INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
_MISSING = [None, np.nan, pd.NA, float("nan")]


@st.composite
def bad_labels(draw, base=_A):
    """Una versión estropeada (o rara pero válida) de un vector de etiquetas."""
    kind = draw(st.sampled_from([
        "dtype", "float", "bool", "text", "object", "missing", "missing-text", "inf",
        "mixed", "series-index", "empty", "one", "two-d", "huge", "scalar",
    ]))
    arr = np.asarray(base)
    pos = draw(st.integers(0, arr.size - 1))
    if kind == "dtype":
        return arr.astype(draw(st.sampled_from(_INT_DTYPES)))
    if kind == "float":
        return arr.astype(draw(st.sampled_from(["float32", "float64"])))
    if kind == "bool":
        return arr.astype(bool)
    if kind == "text":
        return arr.astype(str)
    if kind == "object":
        return arr.astype(object)
    if kind in ("missing", "missing-text"):
        out = (arr.astype(str) if kind == "missing-text" else arr).astype(object)
        out[pos] = draw(st.sampled_from(_MISSING))
        return out if draw(st.booleans()) else pd.Series(out)
    if kind == "inf":
        out = arr.astype(float)
        out[pos] = draw(st.sampled_from([np.inf, -np.inf, np.nan]))
        return out
    if kind == "mixed":
        out = arr.astype(object)
        out[pos] = str(out[pos])
        return out
    if kind == "series-index":
        index = draw(st.sampled_from([range(arr.size)[::-1], range(100, 100 + arr.size)]))
        return pd.Series(arr, index=list(index))
    if kind == "empty":
        return arr[:0]
    if kind == "one":
        return arr[:1]
    if kind == "two-d":
        return arr.reshape(2, -1)
    if kind == "huge":
        return arr.astype(np.uint64) + np.uint64(2**63)
    return draw(st.sampled_from([None, 3, "abc", {"a": 1}]))


@st.composite
def bad_scores(draw, base=_SA):
    """Una versión estropeada de un arreglo de puntuaciones."""
    kind = draw(st.sampled_from([
        "nan", "inf", "huge", "tiny", "empty", "one", "two-d", "short", "text", "object-none",
        "series-index", "dataframe", "scalar", "negative",
    ]))
    arr = np.asarray(base, dtype=float)
    pos = draw(st.integers(0, arr.size - 1))
    if kind in ("nan", "inf"):
        out = arr.copy()
        out.flat[pos] = np.nan if kind == "nan" else draw(st.sampled_from([np.inf, -np.inf]))
        return out
    if kind == "huge":
        return arr * draw(st.sampled_from([1e150, 1e250, 1e307, 1e308]))
    if kind == "tiny":
        return arr * 1e-300
    if kind == "empty":
        return arr[:0]
    if kind == "one":
        return arr.ravel()[:1]
    if kind == "two-d":
        return arr.reshape(1, -1, 1)
    if kind == "short":
        return arr.ravel()[:-1]
    if kind == "text":
        return arr.astype(str)
    if kind == "object-none":
        out = arr.astype(object)
        out.flat[pos] = None
        return out
    if kind == "series-index":
        return pd.Series(arr.ravel(), index=range(arr.size)[::-1])
    if kind == "dataframe":
        return pd.DataFrame(np.atleast_2d(arr), index=range(10, 10 + np.atleast_2d(arr).shape[0]))
    if kind == "negative":
        return -arr
    return draw(st.sampled_from([None, 0.5, "0.8", {"a": 1}]))


BAD = {
    "labels": bad_labels(),
    "scores": bad_scores(),
    "scores52": bad_scores(base=_SA.reshape(5, 2)),
    "count": st.sampled_from([-1, 1.5, 10**20, 10**400, float("nan"), float("inf"), "10", None,
                              True, 2**53 + 1, np.int64(-3), np.uint64(2**64 - 1), 0, 1]),
    "alpha": st.sampled_from([0, 1, -0.1, 1.5, float("nan"), float("inf"), "0.05", None, True,
                              1e-320, 0.999999]),
    "probability": st.sampled_from([0, 1, -0.1, 1.5, float("nan"), "0.5", None, True, 1e-12]),
    "positive": st.sampled_from([0, -1, float("nan"), float("inf"), "1/9", None, True, 1e-320, 1e300]),
    "choice": st.sampled_from(["xyz", "", None, 3, "Two-Sided", ["exact"]]),
    "bool": st.sampled_from([None, 1, "True", np.nan, []]),
    "seed": st.sampled_from([-1, 1.5, "0", [1, 2], True, 2**64]),
    "table": st.sampled_from([
        [[0, 1e19], [1e19, 0]], [[-1, 2], [3, 4]], [[1.5, 2], [3, 4]], [[0, 0], [0, 0]],
        [[1, 2, 3], [4, 5, 6]], [[np.nan, 1], [1, 1]], [["a", "b"], ["c", "d"]], [1, 2, 3, 4],
        [[0, 2**52], [2**52 - 1, 0]], [[10**6, 0], [0, 10**6]], None, pd.DataFrame([[1, 2], [3, 4]]),
    ]),
    "confusion": st.sampled_from([
        [[1e308, 1e308], [1e308, 1e308]], [[-1, 2], [3, 4]], [[1.5, 2], [3, 4]], [[0, 0], [0, 0]],
        [[1, 2, 3], [4, 5, 6]], [[np.nan, 1], [1, 1]], [["a", "b"], ["c", "d"]], [1, 2, 3, 4],
        np.ones((3, 2, 2)), np.zeros((0, 2, 2)), [[2**60, 1], [1, 2**60]], [[np.inf, 1], [1, 1]],
    ]),
    "anything": st.sampled_from([None, 3, "abc", [], {"a": 1}, object()]),
    # Como en joblib: None y los negativos son válidos (aquí, uno que joblib convierte en 1
    # trabajo en cualquier máquina, para no arrancar procesos; -1 lo prueba tests/test_n_jobs.py);
    # 0, lo que no es un entero y más de max(64, 4 × núcleos) con el motor local, no.
    "n_jobs": st.sampled_from([0, 1.5, "2", True, float("nan"), float("inf"), 10**20, 10**400,
                               np.uint64(2**64 - 1), [2], None, np.int64(-(10**6))]),
}


@dataclass
class Case:
    """Una función del barrido: argumentos válidos y qué se estropea."""

    base: Callable[[], dict]
    perturb: dict[str, Any]
    check: Callable[[dict, Any], None] | None = None
    max_examples: int = 40
    extra_names: tuple[str, ...] = field(default=())


def _finite(value: Any, path: str = "resultado") -> None:
    """Todos los números del resultado son finitos (±inf solo en extremos de intervalos)."""
    if value is None or isinstance(value, (str, bool, plt.Axes)):
        return
    if is_dataclass(value):
        for f in fields(value):
            v = getattr(value, f.name)
            if f.name in ("ci_low", "ci_high") and isinstance(v, float) and math.isinf(v):
                continue
            _finite(v, f"{path}.{f.name}")
        return
    if isinstance(value, tuple):
        for i, v in enumerate(value):
            _finite(v, f"{path}[{i}]")
        return
    if isinstance(value, (int, float, np.number)):
        assert math.isfinite(float(value)), f"{path} = {value!r} no es finito"
        return
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        assert np.all(np.isfinite(value)), f"{path} tiene valores no finitos"


def _labels_py(x):
    return list(x.tolist() if hasattr(x, "tolist") else x)


def _check_table(args, res):
    y, a, b = (_labels_py(args[k]) for k in ("y_true", "pred_a", "pred_b"))
    assert res.tolist() == _hand_table(y, a, b)


def _check_accuracy(args, res):
    if args["metric"] == "accuracy":
        y, p = _labels_py(args["y_true"]), _labels_py(args["y_pred"])
        assert res.estimate == pytest.approx(sum(u == v for u, v in zip(y, p)) / len(y), abs=1e-15)


def _check_paired_accuracy(args, res):
    if args["metric"] == "accuracy":
        y, a, b = (_labels_py(args[k]) for k in ("y_true", "pred_a", "pred_b"))
        ref = (sum(u == v for u, v in zip(y, a)) - sum(u == v for u, v in zip(y, b))) / len(y)
        assert res.estimate == pytest.approx(ref, abs=1e-15)


def _check_metrics(args, res):
    conf = np.asarray(args["confusion"], dtype=float)
    if conf.ndim == 2:  # exactitud con fracciones exactas de Python
        ref = Fraction(0)
        total = sum(Fraction(float(v)) for v in conf.ravel())
        ref = sum(Fraction(float(conf[i, i])) for i in range(conf.shape[0])) / total
        assert res.accuracy == pytest.approx(float(ref), rel=1e-12)


def _check_proportion(args, res):
    s, n, alpha, method = args["successes"], args["n"], args["alpha"], args["method"]
    if method != "wald":
        name = {"wilson": "wilson", "agresti-coull": "agresti_coull",
                "clopper-pearson": "beta", "jeffreys": "jeffreys"}[method]
        low, high = proportion_confint(int(s), int(n), alpha=alpha, method=name)
        assert (res.low, res.high) == pytest.approx((low, high), rel=1e-9, abs=1e-15)


def _scaled(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    s = max(np.max(np.abs(a)), np.max(np.abs(b)))
    return a / s, b / s


def _check_ttest(args, res):
    a, b = _scaled(args["scores_a"], args["scores_b"])
    naive = stats.ttest_rel(a.ravel(), b.ravel()).statistic
    n = a.size
    ratio = args["test_train_ratio"] if args["corrected"] else 0.0
    assert res.statistic == pytest.approx(naive * math.sqrt((1 / n) / (1 / n + ratio)), rel=1e-9)


def _check_mcnemar(args, res):
    table = np.asarray(args["table"], dtype=float)
    b, c = table[0, 1], table[1, 0]
    if args["method"] == "exact":
        assert res.pvalue == pytest.approx(sm_mcnemar(table, exact=True).pvalue, rel=1e-9)
    elif args["method"] == "chi2" and b + c > 0:
        assert res.statistic == pytest.approx((b - c) ** 2 / (b + c), rel=1e-12)


def _check_cohens(args, res):
    a, b = _scaled(args["scores_a"], args["scores_b"])
    if args["paired"]:
        d = (a - b).ravel()
        assert res == pytest.approx(d.mean() / d.std(ddof=1), rel=1e-9)
    else:
        pooled = math.sqrt(((a.size - 1) * a.var(ddof=1) + (b.size - 1) * b.var(ddof=1))
                           / (a.size + b.size - 2))
        assert res == pytest.approx((a.mean() - b.mean()) / pooled, rel=1e-9)


def _check_5x2(args, res):
    a, b = _scaled(args["scores_a"], args["scores_b"])
    p = a - b
    s2 = ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    if res.distribution == "t":
        assert res.statistic == pytest.approx(p[0, 0] / math.sqrt(s2.mean()), rel=1e-9)
    else:
        assert res.statistic == pytest.approx((p**2).sum() / (2 * s2.sum()), rel=1e-9)


def _fleiss_power(pa, pb, n, alpha):
    """Potencia bilateral de Fleiss, Levin y Paik (2003), escrita aquí (las dos colas)."""
    z = stats.norm.isf(alpha / 2)  # exacto también con alpha diminuto (1 - alpha/2 sería 1.0)
    pbar = (pa + pb) / 2
    num0 = z * math.sqrt(2 * pbar * (1 - pbar))
    den = math.sqrt(pa * (1 - pa) + pb * (1 - pb))
    d = abs(pa - pb) * math.sqrt(n)
    return stats.norm.cdf((d - num0) / den) + stats.norm.cdf((-d - num0) / den)


def _check_power(args, res):
    if args["alternative"] == "two-sided":
        ref = _fleiss_power(args["p_a"], args["p_b"], args["n"], args["alpha"])
        assert res == pytest.approx(ref, rel=1e-6, abs=1e-12)


def _check_sample_size(args, res):
    if args["alternative"] == "two-sided":
        pa, pb, alpha, target = args["p_a"], args["p_b"], args["alpha"], args["power"]
        assert _fleiss_power(pa, pb, res, alpha) >= target - 1e-9
        assert res == 1 or _fleiss_power(pa, pb, res - 1, alpha) < target + 1e-9


def _check_noninferiority(args, res):
    if args["method"] == "wald":
        pn = args["successes_new"] / args["n_new"]
        pr = args["successes_ref"] / args["n_ref"]
        se = math.sqrt(pn * (1 - pn) / args["n_new"] + pr * (1 - pr) / args["n_ref"])
        assert res.statistic == pytest.approx((pn - pr + args["margin"]) / se, rel=1e-9)


def _check_kfold(args, res):
    assert res.get_n_splits() == args["n_splits"] * args["n_repeats"]


def _boot_result():
    return cu.bootstrap_interval(_Y, _A, "accuracy", n_resamples=200, random_state=0)


def _ttest_result():
    return cu.corrected_resampled_ttest(_SA, _SB, test_train_ratio=1 / 9)


def _axes():
    plt.close("all")
    return plt.figure().add_subplot()


def _rope_pair(rope):
    return (-float(rope), float(rope)) if np.isscalar(rope) else (float(rope[0]), float(rope[1]))


def _check_cv_equivalence(args, res):
    # Referencias: la TOST corregida escrita con scipy y, sin corregir, statsmodels
    # (ttost_paired). Se escala por la mayor puntuación (también el margen) para que las
    # referencias no desborden con puntuaciones enormes: las t no cambian.
    raw_a, raw_b = np.asarray(args["scores_a"], float), np.asarray(args["scores_b"], float)
    s = max(np.max(np.abs(raw_a)), np.max(np.abs(raw_b)))
    a, b, margin = raw_a / s, raw_b / s, args["margin"] / s
    d = ((a - b) if args["higher_is_better"] else (b - a)).ravel()
    n = d.size
    se = math.sqrt((1 / n + args["test_train_ratio"]) * np.var(d, ddof=1))
    p_low = stats.t.sf((d.mean() + margin) / se, n - 1)
    p_up = stats.t.cdf((d.mean() - margin) / se, n - 1)
    assert res.estimate == pytest.approx(d.mean() * s, rel=1e-9)
    assert res.pvalue_lower == pytest.approx(p_low, rel=1e-6, abs=1e-12)
    assert res.pvalue == pytest.approx(max(p_low, p_up), rel=1e-6, abs=1e-12)
    naive = cu.cv_equivalence_test(a, b, margin=margin, test_train_ratio=None, corrected=False)
    p, (t1, p1, _), (t2, p2, _) = ttost_paired(a.ravel(), b.ravel(), -margin, margin)
    assert naive.pvalue == pytest.approx(p, rel=1e-6, abs=1e-12)
    assert [naive.statistic_lower, naive.statistic_upper] == pytest.approx([t1, t2], rel=1e-6)


def _tango_z(b, c, n, delta):
    """Estadístico score de Tango (1998, ec. 3-4): p_c restringido como raíz de la cuadrática."""
    roots = np.roots([2 * n, -(b + c) + delta * (2 * n - b + c), -c * delta * (1 - delta)])
    pc = max(r.real for r in roots)
    return (b - c - n * delta) / math.sqrt(n * (2 * pc + delta * (1 - delta)))


def _check_mcnemar_equivalence(args, res):
    table = np.asarray(args["table"], dtype=float)
    b, c, n = table[0, 1], table[1, 0], table.sum()
    if b + c == 0:
        return
    m = args["margin"]
    z_low, z_up = _tango_z(b, c, n, -m), _tango_z(b, c, n, m)
    assert res.estimate == pytest.approx((b - c) / n, rel=1e-12, abs=1e-15)
    assert res.statistic_lower == pytest.approx(z_low, rel=1e-6)
    assert res.pvalue_lower == pytest.approx(stats.norm.sf(z_low), rel=1e-6, abs=1e-12)
    if args["test"] == "equivalence":
        p = max(stats.norm.sf(z_low), stats.norm.cdf(z_up))
        assert res.pvalue == pytest.approx(p, rel=1e-6, abs=1e-12)


def _check_bayes_t(args, res):
    """Forma cerrada (Corani y Benavoli, 2015) con scipy, en la escala de las puntuaciones."""
    a, b = np.asarray(args["scores_a"], dtype=float), np.asarray(args["scores_b"], dtype=float)
    s = float(max(np.max(np.abs(a)), np.max(np.abs(b))))
    d = (a / s - b / s).ravel()
    n, mean = d.size, float(d.mean())
    scale = math.sqrt((1 / n + args["test_train_ratio"]) * float(d.var(ddof=1)))
    low, high = _rope_pair(args["rope"])  # floats de Python: ±inf sin avisos si desborda
    right = stats.t.sf((high / s - mean) / scale, n - 1)
    left = stats.t.cdf((low / s - mean) / scale, n - 1)
    p_a, p_b = (right, left) if args["higher_is_better"] else (left, right)
    assert res.prob_a_better == pytest.approx(p_a, rel=1e-9, abs=1e-12)
    assert res.prob_b_better == pytest.approx(p_b, rel=1e-9, abs=1e-12)
    total = res.prob_a_better + res.prob_equivalent + res.prob_b_better
    assert total == pytest.approx(1.0, abs=1e-12)


def _check_signed_rank(args, res):
    """Cada muestra es una distribución de probabilidad y las probabilidades son las
    proporciones de muestras en que gana cada región."""
    samples = res.samples
    assert samples.shape == (args["n_samples"], 3)
    assert np.all(samples >= -1e-12) and np.allclose(samples.sum(axis=1), 1.0)
    total = res.prob_a_better + res.prob_equivalent + res.prob_b_better
    assert total == pytest.approx(1.0, abs=1e-12)


def _bayes_t_result():
    return cu.bayesian_correlated_ttest(_SA, _SB, test_train_ratio=1 / 9, rope=0.01)


def _signed_rank_result():
    return cu.bayesian_signed_rank_test(_SA, _SB, rope=0.01, n_samples=1000, random_state=0)


BAD_ROPE = st.sampled_from([-0.01, (0.01, 0.02), (0.02, -0.02), "0.01", (0.0, np.inf), [0.1],
                            np.nan, None, True, (np.nan, 0.1), 1e308, 0.0, (0.0, 0.0)])
BAD_NAMES = st.sampled_from([("A",), "AB", ("A", ""), (1, 2), None, ("A", "B", "C")])


def _check_coverage(args, res):
    """Cobertura exacta: suma a mano de probabilidades binomiales con los extremos de
    proportion_interval (referencia: scipy.stats.binom)."""
    n, p = args["n"], args["p"]
    total = sum(
        stats.binom.pmf(k, n, p)
        for k in range(n + 1)
        if (ci := cu.proportion_interval(k, n, alpha=args["alpha"], method=args["method"])).low
        <= p <= ci.high
    )
    assert res == pytest.approx(total, rel=1e-9, abs=1e-12)


# --- varios algoritmos sobre varios conjuntos (multiple, benchmark) ---
_TABLE = np.array([[0.81, 0.84, 0.79, 0.70], [0.80, 0.81, 0.86, 0.72], [0.91, 0.85, 0.88, 0.83],
                   [0.66, 0.71, 0.70, 0.62], [0.77, 0.79, 0.74, 0.75], [0.93, 0.95, 0.90, 0.91]])
BAD_TABLE = st.sampled_from([
    None, "abc", [], [[1, 2, 3]], [[1, 2], [2, 1]], [[np.nan, 1, 2], [1, 2, 3]],
    [[np.inf, 1, 2], [1, 2, 3]], np.ones((3, 3, 2)), [[1, 2, 3], [1, 2]], np.ones((4, 3)),
    [["a", "b", "c"], ["d", "e", "f"]], pd.DataFrame({"a": ["x", "y"], "b": [1, 2], "c": [2, 1]}),
    pd.DataFrame([[1, 2, 3], [3, 1, 2]], columns=["a", "a", "b"]), {"a": [1, 2]},
    [[1e308, -1e308, 0.0], [1.0, 2.0, 3.0]], [[1e300, 2e300, 3e300], [3e300, 1e300, 2e300]],
])


def _hand_ranks(table, higher_is_better=True):
    x = np.asarray(table, dtype=float) * (1 if higher_is_better else -1)
    return np.array([[np.sum(row > v) + (np.sum(row == v) + 1) / 2 for v in row] for row in x])


def _check_friedman(args, res):
    """Fórmula de Demšar (2006) con rangos contados a mano; con empates, scipy."""
    r = _hand_ranks(args["scores"], args["higher_is_better"])
    n, k = r.shape
    np.testing.assert_allclose(res.average_ranks, r.mean(axis=0))
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(r.mean(axis=0) ** 2) - k * (k + 1) ** 2 / 4)
    if args.get("tie_correction"):
        chi2 = stats.friedmanchisquare(*r.T).statistic
    assert res.statistic == pytest.approx(chi2, rel=1e-9, abs=1e-12)


def _check_average_ranks(args, res):
    np.testing.assert_allclose(res, _hand_ranks(args["scores"], args["higher_is_better"]).mean(0))


def _check_cd(args, res):
    k, n, alpha = args["k"], args["n"], args["alpha"]
    q = (stats.studentized_range.ppf(1 - alpha, k, np.inf) / np.sqrt(2)
         if args["method"] == "nemenyi" else stats.norm.ppf(1 - alpha / (2 * (k - 1))))
    assert res == pytest.approx(q * np.sqrt(k * (k + 1) / (6 * n)), rel=1e-9)


def _tied_differences(a, b):
    """``a - b`` con 0 donde solo hay ruido relativo (1e-12 de ``max(|a|, |b|)``), como la
    regla de empates documentada en ``course_utils.many_models.multiple``."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    d = a - b
    return np.where(np.abs(d) <= 1e-12 * np.maximum(np.abs(a), np.abs(b)), 0.0, d)


def _check_wilcoxon(args, res):
    # El ruido de coma flotante es un empate; la exacta (también con ceros y empates) es la
    # de permutación de signos de scipy.
    method = (stats.PermutationMethod(n_resamples=10**6) if "exacta" in res.note
              else "asymptotic")
    d = _tied_differences(args["scores_a"], args["scores_b"])
    ref = stats.wilcoxon(d, zero_method=args["zero_method"], method=method,
                         alternative=args["alternative"])
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-9)


def _check_sign(args, res):
    d = _tied_differences(args["scores_a"], args["scores_b"])
    wins, losses, ties = int(np.sum(d > 0)), int(np.sum(d < 0)), int(np.sum(d == 0))
    half = ties // 2 if args["ties"] == "split" else 0
    ref = stats.binomtest(wins + half, wins + losses + 2 * half, alternative=args["alternative"])
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-12)


def _nemenyi_result():
    return cu.nemenyi_test(_TABLE)


SWEEP: dict[str, Case] = {
    "monte_carlo_rate": Case(
        lambda: {"outcomes": [True, False, False, True, False], "name": "X", "kind": "rechazo",
                 "nominal": 0.05, "ci_method": "wilson", "ci_alpha": 0.05},
        {"outcomes": BAD["scores"], "kind": BAD["choice"], "nominal": BAD["probability"],
         "ci_method": BAD["choice"], "ci_alpha": BAD["alpha"]},
        max_examples=30,
    ),
    "make_two_view_data": Case(
        lambda: {"n_samples": 50, "n_features": 2, "separation": 1.7, "accuracy_gap": 0.0,
                 "random_state": 0},
        {"n_samples": BAD["count"], "n_features": BAD["count"], "separation": BAD["positive"],
         "accuracy_gap": BAD["probability"], "random_state": BAD["seed"]},
        max_examples=30,
    ),
    "simulate_cv_tests": Case(
        lambda: {"n_replications": 2, "n_samples": 60, "n_holdout": 2, "n_repeats": 1,
                 "n_folds": 2, "n_resamples": 20, "alpha": 0.05, "random_state": 0},
        {"n_replications": BAD["count"], "n_samples": BAD["count"], "n_holdout": BAD["count"],
         "n_folds": BAD["count"], "n_resamples": BAD["count"], "alpha": BAD["alpha"],
         "test_fraction": BAD["probability"], "engine": BAD["choice"],
         "procedures": st.sampled_from([[], "xyz", ["t"], None, 3]),
         "n_jobs": BAD["n_jobs"], "random_state": BAD["seed"]},
        max_examples=25,
    ),
    "simulate_mcnemar": Case(
        lambda: {"n_test": 50, "accuracy_a": 0.8, "accuracy_b": 0.8, "p_discordant": 0.2,
                 "n_replications": 50, "alpha": 0.05, "random_state": 0},
        {"n_test": BAD["count"], "accuracy_a": BAD["probability"], "accuracy_b": BAD["probability"],
         "p_discordant": BAD["probability"], "n_replications": BAD["count"],
         "methods": st.sampled_from([[], "xyz", ["fisher"], None, 3]), "alpha": BAD["alpha"],
         "random_state": BAD["seed"]},
        max_examples=30, extra_names=("accuracy_a", "accuracy_b", "p_discordant"),
    ),
    "proportion_coverage": Case(
        lambda: {"n": 20, "p": 0.5, "method": "wilson", "alpha": 0.05},
        {"n": BAD["count"], "p": BAD["probability"], "method": BAD["choice"],
         "alpha": BAD["alpha"]},
        _check_coverage, max_examples=30,
    ),
    "simulate_proportion_coverage": Case(
        lambda: {"n": 20, "p": 0.5, "method": "wilson", "n_replications": 100, "alpha": 0.05,
                 "random_state": 0},
        {"n": BAD["count"], "p": BAD["probability"], "method": BAD["choice"],
         "n_replications": BAD["count"], "alpha": BAD["alpha"], "random_state": BAD["seed"]},
        max_examples=30,
    ),
    "simulate_bootstrap_coverage": Case(
        lambda: {"n_test": 30, "accuracy": 0.8, "method": "percentile", "n_replications": 3,
                 "n_resamples": 20, "alpha": 0.05, "random_state": 0},
        {"n_test": BAD["count"], "accuracy": BAD["probability"], "method": BAD["choice"],
         "n_replications": BAD["count"], "n_resamples": BAD["count"], "alpha": BAD["alpha"],
         "n_jobs": BAD["n_jobs"], "random_state": BAD["seed"]},
        max_examples=20,
    ),
    "load_adult": Case(lambda: {"split": "train"}, {"split": BAD["choice"]}, max_examples=8),
    "proportion_interval": Case(
        lambda: {"successes": 85, "n": 100, "alpha": 0.05, "method": "wilson"},
        {"successes": BAD["count"], "n": BAD["count"], "alpha": BAD["alpha"],
         "method": st.sampled_from(["jeffreys", "clopper-pearson", "wald", "xyz", None])},
        _check_proportion,
    ),
    "bootstrap_interval": Case(
        lambda: {"y_true": _Y, "y_pred": _A, "metric": "accuracy", "n_resamples": 200,
                 "alpha": 0.05, "method": "percentile", "random_state": 0},
        {"y_true": BAD["labels"], "y_pred": BAD["labels"], "metric": BAD["choice"],
         "n_resamples": BAD["count"], "alpha": BAD["alpha"], "method": BAD["choice"],
         "random_state": BAD["seed"]},
        _check_accuracy, max_examples=60,
    ),
    "paired_bootstrap_difference": Case(
        lambda: {"y_true": _Y, "pred_a": _A, "pred_b": _B, "metric": "accuracy",
                 "n_resamples": 200, "alpha": 0.05, "method": "percentile", "random_state": 0},
        {"y_true": BAD["labels"], "pred_a": BAD["labels"], "pred_b": BAD["labels"],
         "metric": BAD["choice"], "n_resamples": BAD["count"], "alpha": BAD["alpha"],
         "method": BAD["choice"]},
        _check_paired_accuracy, max_examples=60,
    ),
    "classification_metrics": Case(
        lambda: {"confusion": [[50, 10], [5, 35]], "beta": 1.0},
        {"confusion": BAD["confusion"], "beta": BAD["positive"]},
        _check_metrics,
    ),
    "corrected_resampled_ttest": Case(
        lambda: {"scores_a": _SA, "scores_b": _SB, "test_train_ratio": 1 / 9, "corrected": True,
                 "alternative": "two-sided", "alpha": 0.05},
        {"scores_a": BAD["scores"], "scores_b": BAD["scores"], "test_train_ratio": BAD["positive"],
         "corrected": BAD["bool"], "alternative": BAD["choice"], "alpha": BAD["alpha"]},
        _check_ttest, max_examples=60,
    ),
    "paired_ttest_5x2cv": Case(
        lambda: {"scores_a": _SA.reshape(5, 2), "scores_b": _SB.reshape(5, 2),
                 "alternative": "two-sided", "alpha": 0.05},
        {"scores_a": BAD["scores52"], "scores_b": BAD["scores52"], "alternative": BAD["choice"],
         "alpha": BAD["alpha"]},
        _check_5x2,
    ),
    "combined_ftest_5x2cv": Case(
        lambda: {"scores_a": _SA.reshape(5, 2), "scores_b": _SB.reshape(5, 2)},
        {"scores_a": BAD["scores52"], "scores_b": BAD["scores52"]},
        _check_5x2,
    ),
    "mcnemar_table": Case(
        lambda: {"y_true": _Y, "pred_a": _A, "pred_b": _B},
        {"y_true": BAD["labels"], "pred_a": BAD["labels"], "pred_b": BAD["labels"]},
        _check_table, max_examples=60,
    ),
    "mcnemar_test": Case(
        lambda: {"table": [[50, 12], [3, 35]], "method": "exact", "alpha": 0.05},
        {"table": BAD["table"], "alpha": BAD["alpha"],
         "method": st.sampled_from(["chi2", "mid-p", "chi2-corrected", "xyz", None])},
        _check_mcnemar,
    ),
    "cv_equivalence_test": Case(
        lambda: {"scores_a": _SA, "scores_b": _SB, "margin": 0.02, "test_train_ratio": 1 / 9,
                 "corrected": True, "test": "equivalence", "higher_is_better": True,
                 "alpha": 0.05},
        {"scores_a": BAD["scores"], "scores_b": BAD["scores"], "margin": BAD["positive"],
         "test_train_ratio": BAD["positive"], "corrected": BAD["bool"], "test": BAD["choice"],
         "higher_is_better": BAD["bool"], "alpha": BAD["alpha"]},
        _check_cv_equivalence, max_examples=60,
    ),
    "mcnemar_equivalence_test": Case(
        lambda: {"table": [[50, 12], [3, 35]], "margin": 0.1, "test": "equivalence",
                 "alpha": 0.05},
        {"table": BAD["table"], "margin": BAD["positive"], "test": BAD["choice"],
         "alpha": BAD["alpha"]},
        _check_mcnemar_equivalence, max_examples=40,
    ),
    "cohens_d": Case(
        lambda: {"scores_a": _SA, "scores_b": _SB, "paired": True},
        {"scores_a": BAD["scores"], "scores_b": BAD["scores"],
         "paired": st.sampled_from([False, None, 1, "True", np.nan, []])},
        _check_cohens,
    ),
    "noninferiority_test": Case(
        lambda: {"successes_new": 900, "n_new": 1000, "successes_ref": 905, "n_ref": 1000,
                 "margin": 0.03, "alpha": 0.05, "method": "score"},
        {"successes_new": BAD["count"], "n_new": BAD["count"], "successes_ref": BAD["count"],
         "n_ref": BAD["count"], "margin": BAD["probability"], "alpha": BAD["alpha"],
         "method": st.sampled_from(["wald", "score", "xyz", None])},
        _check_noninferiority,
    ),
    "power_two_proportions": Case(
        lambda: {"p_a": 0.85, "p_b": 0.8, "n": 1000, "alpha": 0.05, "alternative": "two-sided"},
        {"p_a": BAD["probability"], "p_b": BAD["probability"], "n": BAD["count"],
         "alpha": BAD["alpha"], "alternative": BAD["choice"]},
        _check_power,
    ),
    "sample_size_two_proportions": Case(
        lambda: {"p_a": 0.85, "p_b": 0.8, "power": 0.8, "alpha": 0.05, "alternative": "two-sided"},
        {"p_a": BAD["probability"], "p_b": BAD["probability"], "power": BAD["probability"],
         "alpha": BAD["alpha"], "alternative": BAD["choice"]},
        _check_sample_size,
    ),
    "repeated_stratified_kfold": Case(
        lambda: {"n_splits": 5, "n_repeats": 2, "random_state": 0},
        {"n_splits": BAD["count"], "n_repeats": BAD["count"], "random_state": BAD["seed"]},
        _check_kfold,
    ),
    "five_by_two": Case(lambda: {"random_state": 0}, {"random_state": BAD["seed"]}),
    "paired_cv_scores": Case(
        lambda: {"estimator_a": DummyClassifier(), "estimator_b": DummyClassifier(strategy="prior"),
                 "X": np.arange(2 * N, dtype=float).reshape(N, 2), "y": _Y, "cv": 3,
                 "scoring": "accuracy"},
        {"X": BAD["anything"], "y": BAD["labels"], "estimator_a": BAD["anything"],
         "cv": st.sampled_from([0, 1, 100, 13, 5, -2, 2.5, "3", None, True, [([0], [1])]]),
         "scoring": st.sampled_from(["acuracy", "roc_auc_ovo_x", 3, None, ["accuracy"]]),
         "n_jobs": BAD["n_jobs"]},
        max_examples=25,
    ),
    "plot_t_test": Case(
        lambda: {"result": _ttest_result(), "alpha": None, "ax": _axes()},
        {"result": BAD["anything"], "alpha": BAD["alpha"], "ax": BAD["anything"]},
        max_examples=20,
    ),
    "plot_bootstrap": Case(
        lambda: {"result": _boot_result(), "bins": "auto", "ax": _axes()},
        {"result": BAD["anything"], "ax": BAD["anything"],
         "bins": st.sampled_from([0, -3, 2.5, "muchas", [0.3, 0.2], None, True, 10**9, [0.5]])},
        max_examples=20,
    ),
    "plot_intervals": Case(
        lambda: {"intervals": [(0.5, 0.4, 0.6)], "labels": ["A"], "reference": 0.0, "ax": _axes()},
        {"intervals": st.sampled_from([[], None, "abc", [(1, 2)], [(0.5, 0.7, 0.6)],
                                       [(np.nan, 0, 1)], [(0.5, "a", 1)]]),
         "labels": st.sampled_from([["A", "B"], "A", 3]),
         "reference": st.sampled_from([np.nan, np.inf, "0", True]), "ax": BAD["anything"]},
        max_examples=20,
    ),
    "bayesian_correlated_ttest": Case(
        lambda: {"scores_a": _SA, "scores_b": _SB, "test_train_ratio": 1 / 9, "rope": 0.01,
                 "higher_is_better": True, "level": 0.95, "names": ("A", "B")},
        {"scores_a": BAD["scores"], "scores_b": BAD["scores"], "test_train_ratio": BAD["positive"],
         "rope": BAD_ROPE, "higher_is_better": BAD["bool"], "level": BAD["alpha"],
         "names": BAD_NAMES},
        _check_bayes_t, max_examples=60,
    ),
    "bayesian_signed_rank_test": Case(
        lambda: {"scores_a": _SA, "scores_b": _SB, "rope": 0.01, "prior_strength": 0.5,
                 "n_samples": 1000, "random_state": 0, "higher_is_better": True,
                 "names": ("A", "B")},
        {"scores_a": BAD["scores"], "scores_b": BAD["scores"], "rope": BAD_ROPE,
         "prior_strength": BAD["positive"], "n_samples": BAD["count"],
         "random_state": BAD["seed"], "higher_is_better": BAD["bool"], "names": BAD_NAMES},
        _check_signed_rank, max_examples=40,
    ),
    "bayesian_sign_test": Case(
        lambda: {"scores_a": _SA, "scores_b": _SB, "rope": 0.01, "prior_strength": 1.0,
                 "n_samples": 1000, "random_state": 0, "higher_is_better": True,
                 "names": ("A", "B")},
        {"scores_a": BAD["scores"], "scores_b": BAD["scores"], "rope": BAD_ROPE,
         "prior_strength": BAD["positive"], "n_samples": BAD["count"],
         "random_state": BAD["seed"], "higher_is_better": BAD["bool"], "names": BAD_NAMES},
        _check_signed_rank, max_examples=40,
    ),
    "plot_posterior_simplex": Case(
        lambda: {"result": _signed_rank_result(), "ax": _axes(), "max_points": 500},
        {"result": BAD["anything"], "ax": BAD["anything"], "max_points": BAD["count"]},
        max_examples=15,
    ),
    "plot_bayesian_ttest": Case(
        lambda: {"result": _bayes_t_result(), "ax": _axes()},
        {"result": BAD["anything"], "ax": BAD["anything"]},
        max_examples=15,
    ),
    "plot_bayesian_signed_rank": Case(
        lambda: {"result": _signed_rank_result(), "ax": _axes(), "max_points": 500},
        {"result": BAD["anything"], "ax": BAD["anything"], "max_points": BAD["count"]},
        max_examples=15,
    ),
    "average_ranks": Case(
        lambda: {"scores": _TABLE, "higher_is_better": True},
        {"scores": BAD_TABLE, "higher_is_better": BAD["bool"]},
        _check_average_ranks, max_examples=30,
    ),
    "friedman_test": Case(
        lambda: {"scores": _TABLE, "higher_is_better": True, "tie_correction": False},
        {"scores": BAD_TABLE, "higher_is_better": BAD["bool"], "tie_correction": BAD["bool"]},
        _check_friedman, max_examples=40,
    ),
    "critical_difference": Case(
        lambda: {"k": 4, "n": 14, "alpha": 0.05, "method": "nemenyi"},
        {"k": BAD["count"], "n": BAD["count"], "alpha": BAD["alpha"], "method": BAD["choice"]},
        _check_cd, max_examples=40,
    ),
    "nemenyi_test": Case(
        lambda: {"scores": _TABLE, "alpha": 0.05, "higher_is_better": True},
        {"scores": BAD_TABLE, "alpha": BAD["alpha"], "higher_is_better": BAD["bool"]},
        max_examples=30,
    ),
    "control_test": Case(
        lambda: {"scores": _TABLE, "control": 0, "method": "holm", "alpha": 0.05,
                 "higher_is_better": True, "ranking": "friedman"},
        {"scores": BAD_TABLE, "control": st.sampled_from([-1, 9, "Z", None, 1.5, True, [0]]),
         "method": BAD["choice"], "alpha": BAD["alpha"], "higher_is_better": BAD["bool"],
         "ranking": BAD["choice"]},
        max_examples=25,
    ),
    "wilcoxon_holm_test": Case(
        lambda: {"scores": _TABLE, "alpha": 0.05, "higher_is_better": True,
                 "zero_method": "zsplit"},
        {"scores": BAD_TABLE, "alpha": BAD["alpha"], "higher_is_better": BAD["bool"],
         "zero_method": BAD["choice"]},
        max_examples=12,
    ),
    "wilcoxon_signed_rank_test": Case(
        lambda: {"scores_a": _SA, "scores_b": _SB, "zero_method": "zsplit", "method": "auto",
                 "alternative": "two-sided"},
        {"scores_a": BAD["scores"], "scores_b": BAD["scores"], "zero_method": BAD["choice"],
         "method": BAD["choice"], "alternative": BAD["choice"]},
        _check_wilcoxon, max_examples=40,
    ),
    "sign_test": Case(
        lambda: {"scores_a": _SA, "scores_b": _SB, "ties": "split", "alternative": "two-sided"},
        {"scores_a": BAD["scores"], "scores_b": BAD["scores"], "ties": BAD["choice"],
         "alternative": BAD["choice"]},
        _check_sign, max_examples=40,
    ),
    "plot_critical_difference": Case(
        lambda: {"result": _nemenyi_result(), "alpha": None, "width": 8.0, "title": None},
        {"result": BAD["anything"], "alpha": BAD["alpha"],
         "width": st.sampled_from([0, 2, -8, "8", None, True, np.nan]),
         "title": st.sampled_from([3, b"x", ["t"], True, np.nan])},
        max_examples=15,
    ),
    "load_benchmark_dataset": Case(
        lambda: {"name": "iris", "max_rows": 600, "random_state": 0},
        {"name": BAD["choice"], "max_rows": BAD["count"], "random_state": BAD["seed"]},
        max_examples=20,
    ),
    "benchmark_models": Case(
        lambda: {"random_state": 0},
        {"random_state": BAD["seed"]},
        max_examples=10,
    ),
    "benchmark_scores": Case(
        lambda: {"models": ["Bayes ingenuo"], "datasets": ["iris"], "scoring": "accuracy",
                 "n_splits": 2, "n_repeats": 1, "max_rows": 600, "random_state": 0},
        {"models": st.sampled_from([[], "LightGBM", ["SVM"], {"x": 3}, None, 3]),
         "datasets": st.sampled_from([[], "iris", ["mnist"], ["iris", "iris"], 3]),
         "scoring": st.sampled_from(["exactitud", 3, None, ["accuracy"]]),
         "n_splits": BAD["count"], "n_repeats": BAD["count"], "max_rows": BAD["count"],
         "random_state": BAD["seed"], "n_jobs": BAD["n_jobs"]},
        max_examples=15,
    ),
}

#: Nombres públicos que no se barren, con el motivo.
EXCLUDED: dict[str, str] = {
    "BENCHMARK_DATASETS": "constante (tupla de nombres de conjuntos), no es invocable",
    "BENCHMARK_MODELS": "constante (tupla de nombres de algoritmos), no es invocable",
    "load_demsar_2006": "sin argumentos: lee un fichero del repositorio con su suma sha256",
    "load_garcia_herrera_2008": "sin argumentos: lee un fichero del repositorio con su suma sha256",
    "load_atari_100k": "sin argumentos: lee un fichero del repositorio con su suma sha256",
    "ATARI_100K_ALGORITHMS": "constante (tupla de nombres de agentes), no es invocable",
    "BenchmarkDataset": "clase de resultado: la construyen las funciones, no el usuario",
    "BenchmarkResult": "clase de resultado: la construyen las funciones, no el usuario",
    "FriedmanResult": "clase de resultado: la construyen las funciones, no el usuario",
    "PostHocResult": "clase de resultado: la construyen las funciones, no el usuario",
    "TwoAlgorithmsResult": "clase de resultado: la construyen las funciones, no el usuario",
    "ADULT_FEATURES": "constante (tupla de nombres de columnas), no es invocable",
    "IntervalResult": "clase de resultado: la construyen las funciones, no el usuario",
    "BootstrapResult": "clase de resultado: la construyen las funciones, no el usuario",
    "PairedBootstrapResult": "clase de resultado: la construyen las funciones, no el usuario",
    "ClassificationMetrics": "clase de resultado: la construyen las funciones, no el usuario",
    "TestResult": "clase de resultado: la construyen las funciones, no el usuario",
    "EquivalenceResult": "clase de resultado: la construyen las funciones, no el usuario",
    "MonteCarloRate": "clase de resultado: la construyen las funciones, no el usuario",
    "SimulationResult": "clase de resultado: la construyen las funciones, no el usuario",
    "BayesianTTestResult": "clase de resultado: la construyen las funciones, no el usuario",
    "BayesianSignedRankResult": "clase de resultado: la construyen las funciones, no el usuario",
    "BayesianSignResult": "clase de resultado: la construyen las funciones, no el usuario",
    "BayesianHierarchicalResult": "clase de resultado: la construyen las funciones, no el usuario",
    "bayesian_hierarchical_test": "cada llamada válida muestrea con NUTS (segundos): sus errores "
    "en español se prueban en tests/test_bayesian_hierarchical.py",
}

# --- Un conjunto de prueba: DeLong, Q de Cochran y permutación pareada ---
from sklearn.metrics import roc_auc_score  # noqa: E402
from statsmodels.stats.contingency_tables import cochrans_q  # noqa: E402

_C = np.array([1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1])
_PA = np.array([0.2, 0.9, 0.6, 0.3, 0.8, 0.1, 0.4, 0.7, 0.65, 0.55, 0.35, 0.95])
_PB = np.array([0.3, 0.6, 0.7, 0.2, 0.5, 0.4, 0.1, 0.9, 0.45, 0.8, 0.25, 0.5])
BAD_PREDICTIONS = st.sampled_from([
    _A, np.column_stack([_A]), np.column_stack([_A, _B[:-1].tolist() + [9]])[:-1],
    {"A": _A, "B": _B[:-1]}, {"A": _A}, np.column_stack([_A, _B]).astype(float) + 0.5,
    np.column_stack([_A, _B]).astype(str), [[0, 1], [1]], None, "abc", np.ones((12, 2, 2)),
    pd.DataFrame({"A": _A, "B": _B}, index=range(100, 112)), {"A": _A, "B": [None] * 12},
    np.column_stack([_A] * 101),
])


def _check_delong(args, res):
    y = np.asarray(args["y_true"])
    pos = np.asarray(y == np.max(y) if y.dtype.kind in "biufO" else y == args.get("pos_label"),
                     dtype=bool)
    assert res.auc_a == pytest.approx(roc_auc_score(pos, args["scores_a"]), abs=1e-12)
    assert res.auc_b == pytest.approx(roc_auc_score(pos, args["scores_b"]), abs=1e-12)


def _check_cochran(args, res):
    y = _labels_py(args["y_true"])
    preds = args["predictions"]
    cols = ([_labels_py(v) for v in preds.values()] if isinstance(preds, dict)
            else [_labels_py(c) for c in np.asarray(preds).T])
    correct = np.array([[u == v for u, v in zip(y, c)] for c in cols], dtype=int).T
    if np.any((correct.sum(axis=1) > 0) & (correct.sum(axis=1) < correct.shape[1])):
        assert res.statistic == pytest.approx(cochrans_q(correct).statistic, rel=1e-10)


def _check_permutation(args, res):
    if args["metric"] == "accuracy" and res.method == "exact" and args["alternative"] == "two-sided":
        b, c = _hand_table(*(_labels_py(args[k]) for k in ("y_true", "pred_a", "pred_b")))[0][1], \
            _hand_table(*(_labels_py(args[k]) for k in ("y_true", "pred_a", "pred_b")))[1][0]
        ref = stats.binomtest(b, b + c).pvalue if b + c else 1.0
        assert res.pvalue == pytest.approx(ref, rel=1e-10)


SWEEP.update({
    "delong_test": Case(
        lambda: {"y_true": _Y, "scores_a": _PA, "scores_b": _PB, "pos_label": None,
                 "alternative": "two-sided", "alpha": 0.05},
        {"y_true": bad_labels(base=_Y), "scores_a": bad_scores(base=_PA),
         "scores_b": bad_scores(base=_PB), "pos_label": st.sampled_from([2, "1", True, [1]]),
         "alternative": BAD["choice"], "alpha": BAD["alpha"]},
        _check_delong, max_examples=50, extra_names=("y_true", "pos_label"),
    ),
    "cochran_q_test": Case(
        lambda: {"y_true": _Y, "predictions": np.column_stack([_A, _B, _C]), "method": "mid-p",
                 "alpha": 0.05},
        {"y_true": BAD["labels"], "predictions": BAD_PREDICTIONS, "method": BAD["choice"],
         "alpha": BAD["alpha"]},
        _check_cochran, max_examples=40, extra_names=("y_true", "predictions"),
    ),
    "paired_permutation_test": Case(
        lambda: {"y_true": _Y, "pred_a": _A, "pred_b": _B, "metric": "accuracy",
                 "alternative": "two-sided", "method": "auto", "n_resamples": 200,
                 "random_state": 0, "ci_alpha": 0.05},
        {"y_true": BAD["labels"], "pred_a": BAD["labels"], "pred_b": BAD["labels"],
         "metric": st.sampled_from(["auc", None, 3, "f1", "roc_auc", "Accuracy", ["accuracy"],
                                    lambda t, p: float("nan")]),
         "alternative": BAD["choice"], "method": BAD["choice"], "n_resamples": BAD["count"],
         "random_state": BAD["seed"], "ci_alpha": BAD["alpha"]},
        _check_permutation, max_examples=60, extra_names=("pos_label", "y_true"),
    ),
})
SWEEP["quiz_question"] = Case(
    lambda: {"qid": "05.1"},
    {"qid": st.sampled_from(["05-1", "5.1", "05.0", "05.99", "97.1", "", None, 5.1, ["05.1"],
                             " 05.1", "05.1\n"])},
    max_examples=15,
)
EXCLUDED.update({
    "load_quiz": "lee un fichero: sus errores (fichero, pregunta y campo) los prueba "
                 "tests/test_quizzes.py con variantes rotas de un ejemplo",
    "course_quizzes": "sin argumentos: lee los ficheros course_utils/selfcheck/quizzes/NN.toml (validados "
                      "en tests/test_quizzes.py)",
    "QuizFormatError": "clase de excepción, no es invocable con datos del usuario",
})
EXCLUDED.update({
    "DeLongResult": "clase de resultado: la construyen las funciones, no el usuario",
    "CochranQResult": "clase de resultado: la construyen las funciones, no el usuario",
    "PermutationTestResult": "clase de resultado: la construyen las funciones, no el usuario",
})


# --- Más allá de Holm: Quade, rangos alineados y ajustes de García y Herrera ---
from statsmodels.stats.multitest import multipletests  # noqa: E402


def _check_f_or_chi2(args, res):
    """El valor p es el de la distribución que anuncia el resultado (scipy)."""
    dist = stats.f(*res.df) if res.distribution == "F" else stats.chi2(*res.df)
    assert res.statistic >= 0
    assert res.pvalue == pytest.approx(dist.sf(res.statistic), rel=1e-9, abs=1e-300)


def _check_dm(args, res):
    """Con horizonte 1, la prueba t pareada sobre las pérdidas (scipy)."""
    if args["horizon"] != 1:
        return
    p = 2 if args["loss"] == "squared" else 1
    y = np.asarray(args["y_true"], float)
    d = (np.abs(y - np.asarray(args["pred_a"], float)) ** p
         - np.abs(y - np.asarray(args["pred_b"], float)) ** p)
    if np.all(np.isfinite(d)):
        ref = stats.ttest_1samp(d, 0.0, alternative={"two-sided": "two-sided"}.get(
            args["alternative"], args["alternative"]))
        assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-6, abs=1e-12)


def _check_mae_difference(args, res):
    """La estimación es la diferencia de las medidas de scikit-learn."""
    from sklearn.metrics import mean_absolute_error, root_mean_squared_error

    fn = mean_absolute_error if args["metric"] == "mae" else root_mean_squared_error
    y = np.asarray(args["y_true"], float)
    with np.errstate(over="ignore"):
        ref = fn(y, np.asarray(args["pred_a"], float)) - fn(y, np.asarray(args["pred_b"], float))
    if np.isfinite(ref):
        assert res.estimate == pytest.approx(ref, rel=1e-9)
    assert res.low <= res.high


def _check_shaffer(args, res):
    k = args["k"]
    assert res[0] == 0 and res[-1] == k * (k - 1) // 2  # todos distintos / todos iguales


def _check_aso(args, res):
    """ε_min no baja del ε puntual (es su cota superior) y los dos están en [0, 1]."""
    assert 0 <= res.violation_ratio <= res.eps_min + 1e-12 <= 1 + 1e-12


def _check_apv_bounds(args, res):
    """Un valor p ajustado nunca es menor que el sin ajustar ni mayor que 1."""
    p = np.asarray(args["pvalues"], dtype=float)
    assert np.all((res >= p - 1e-15) & (res <= 1))


def _check_adjust(args, res):
    p = np.asarray(args["pvalues"], dtype=float)
    sm = {"hochberg": "simes-hochberg"}.get(args["method"], args["method"])
    if sm in ("holm", "simes-hochberg", "hommel", "bonferroni"):
        np.testing.assert_allclose(res, multipletests(p, method=sm)[1], rtol=1e-12, atol=1e-15)
    assert np.all((res >= p - 1e-15) & (res <= 1))


SWEEP.update({
    "quade_test": Case(
        lambda: {"scores": _TABLE, "higher_is_better": True},
        {"scores": BAD_TABLE, "higher_is_better": BAD["bool"]},
        _check_f_or_chi2, max_examples=30,
    ),
    "aligned_ranks_test": Case(
        lambda: {"scores": _TABLE, "higher_is_better": True},
        {"scores": BAD_TABLE, "higher_is_better": BAD["bool"]},
        _check_f_or_chi2, max_examples=30,
    ),
    "skillings_mack_test": Case(
        lambda: {"scores": np.where(np.eye(6, 4, k=1) > 0, np.nan, _TABLE), "higher_is_better": True},
        {"scores": BAD_TABLE, "higher_is_better": BAD["bool"]},
        _check_f_or_chi2, max_examples=30,
    ),
    "pairwise_test": Case(
        lambda: {"scores": _TABLE, "method": "bergmann", "alpha": 0.05, "higher_is_better": True,
                 "ranking": "aligned"},
        {"scores": BAD_TABLE, "method": BAD["choice"], "alpha": BAD["alpha"],
         "higher_is_better": BAD["bool"], "ranking": BAD["choice"]},
        max_examples=30,
    ),
    "shaffer_true_counts": Case(
        lambda: {"k": 4},
        {"k": BAD["count"]},
        lambda args, res: _check_shaffer(args, res),
        max_examples=15,
    ),
    "diebold_mariano_test": Case(
        lambda: {"y_true": _SA * 10, "pred_a": _SA * 10 + 0.3, "pred_b": _SB * 10,
                 "loss": "squared", "horizon": 1, "alternative": "two-sided", "alpha": 0.05},
        {"y_true": BAD["scores"], "pred_a": BAD["scores"], "pred_b": BAD["scores"],
         "loss": BAD["choice"], "horizon": BAD["count"], "alternative": BAD["choice"],
         "alpha": BAD["alpha"]},
        lambda args, res: _check_dm(args, res), max_examples=40,
    ),
    "regression_difference_interval": Case(
        lambda: {"y_true": _SA * 10, "pred_a": _SA * 10 + 0.3, "pred_b": _SB * 10,
                 "metric": "mae", "n_resamples": 200, "alpha": 0.05, "method": "percentile",
                 "random_state": 0},
        {"y_true": BAD["scores"], "pred_a": BAD["scores"], "pred_b": BAD["scores"],
         "metric": BAD["choice"], "n_resamples": BAD["count"], "alpha": BAD["alpha"],
         "method": BAD["choice"], "random_state": BAD["seed"]},
        lambda args, res: _check_mae_difference(args, res), max_examples=40,
    ),
    "almost_stochastic_order_test": Case(
        lambda: {"scores_a": [0.81, 0.84, 0.79, 0.83, 0.80], "scores_b": [0.78, 0.80, 0.77, 0.82],
                 "confidence_level": 0.95, "n_bootstrap": 200, "higher_is_better": True,
                 "random_state": 0},
        {"scores_a": bad_scores(base=np.array([0.81, 0.84, 0.79, 0.83, 0.80])),
         "scores_b": bad_scores(base=np.array([0.78, 0.80, 0.77, 0.82])),
         "confidence_level": BAD["alpha"], "n_bootstrap": BAD["count"],
         "higher_is_better": BAD["bool"], "random_state": BAD["seed"]},
        _check_aso, max_examples=30,
    ),
    "exhaustive_sets": Case(
        lambda: {"k": 4},
        {"k": BAD["count"]},
        lambda args, res: np.testing.assert_array_equal(res.sum(axis=1).max(), 6),
    ),
    "bergmann_hommel_apv": Case(
        lambda: {"pvalues": [0.01, 0.04, 0.03, 0.2, 0.5, 0.002], "k": 4},
        {"pvalues": bad_scores(base=np.array([0.01, 0.04, 0.03, 0.2, 0.5, 0.002])),
         "k": BAD["count"]},
        _check_apv_bounds, max_examples=30,
    ),
    "adjust_pairwise_pvalues": Case(
        lambda: {"pvalues": [0.01, 0.04, 0.03, 0.2, 0.5, 0.002], "k": 4, "method": "shaffer"},
        {"pvalues": bad_scores(base=np.array([0.01, 0.04, 0.03, 0.2, 0.5, 0.002])),
         "k": BAD["count"], "method": BAD["choice"]},
        _check_apv_bounds, max_examples=30,
    ),
    "wilcoxon_pairwise_test": Case(
        lambda: {"scores": _TABLE, "method": "bergmann", "control": None, "alpha": 0.05,
                 "higher_is_better": True, "zero_method": "zsplit", "allow_missing": False},
        {"scores": BAD_TABLE, "method": BAD["choice"],
         "control": st.sampled_from([-1, 9, "Z", 1.5, True, [0]]), "alpha": BAD["alpha"],
         "higher_is_better": BAD["bool"], "zero_method": BAD["choice"],
         "allow_missing": BAD["bool"]},
        max_examples=25,
    ),
    "adjust_pvalues": Case(
        lambda: {"pvalues": [0.01, 0.04, 0.03, 0.2], "method": "holm"},
        {"pvalues": bad_scores(base=np.array([0.01, 0.04, 0.03, 0.2])), "method": BAD["choice"]},
        _check_adjust, max_examples=30,
    ),
})
_REPORT_TABLE = pd.DataFrame({"conjunto": [f"c{i}" for i in range(8)],
                              "A": [0.81, 0.92, 0.75, 0.66, 0.88, 0.79, 0.95, 0.71],
                              "B": [0.78, 0.90, 0.74, 0.61, 0.85, 0.80, 0.93, 0.69],
                              "C": [0.80, 0.91, 0.70, 0.62, 0.86, 0.78, 0.94, 0.70]})
_BAD_REPORT_DATA = st.sampled_from([
    _REPORT_TABLE.to_numpy(), _REPORT_TABLE.iloc[:0],
    _REPORT_TABLE.assign(A=_REPORT_TABLE.A * 100), _REPORT_TABLE.assign(B="x"),
    _REPORT_TABLE.assign(C=np.inf), _REPORT_TABLE.assign(C=np.nan), None, 3,
    _REPORT_TABLE.drop(columns="conjunto"), _REPORT_TABLE[["conjunto", "A"]],
])


def _check_report(args, res):
    table = _REPORT_TABLE.set_index("conjunto")
    fr = cu.friedman_test(table)
    assert res.omnibus["pvalue"] == pytest.approx(fr.iman_davenport_pvalue, rel=1e-12)


SWEEP.update({
    "analyze_results": Case(
        lambda: {"data": _REPORT_TABLE, "metric": "exactitud", "alpha": 0.05,
                 "random_state": 0, "design": "datasets", "higher_is_better": True,
                 "rope": None, "control": None, "posthoc": "wilcoxon"},
        {"data": _BAD_REPORT_DATA, "metric": BAD["choice"], "alpha": BAD["alpha"],
         "posthoc": BAD["choice"],
         "random_state": BAD["seed"], "design": BAD["choice"],
         "higher_is_better": st.sampled_from([1, "True", np.nan, []]),
         "rope": st.sampled_from([-1, 0, float("nan"), "0.01", (0.1, -0.1), [1, 2, 3], True]),
         "control": st.sampled_from(["Z", 3, "", ["A"]]),
         "dataset_column": st.sampled_from([3, "nope", ["conjunto"]]),
         "ignore_columns": st.sampled_from([3, ["A", "A"], ["zz"], [1], "conjunto"]),
         "model_columns": st.sampled_from([3, ["zz"], ["A"], ["conjunto", "A"]]),
         "percent": st.sampled_from([1, "sí", None, np.nan]),
         "predictions": BAD["choice"]},
        _check_report, max_examples=40, extra_names=("data",),
    ),
    "read_results": Case(
        lambda: {"data": _REPORT_TABLE},
        {"data": st.sampled_from([_REPORT_TABLE.to_numpy(), None, 3,
                                    _REPORT_TABLE.iloc[:0]])},
        max_examples=10,
    ),
})
EXCLUDED.update({
    "GUIDE": "constante (la guía «¿Qué prueba uso?» como datos), no es invocable",
    "GuideEntry": "clase de datos de la guía: la construye el módulo, no el usuario",
    "AnalysisResult": "clase de resultado: la construyen las funciones, no el usuario",
    "OmnibusResult": "clase de resultado: la construyen las funciones, no el usuario",
    "ADJUST_METHODS": "constante (tupla de nombres de procedimientos), no es invocable",
    "MAX_EXHAUSTIVE_K": "constante (límite de k de exhaustive_sets), no es invocable",
    "MAX_ASO_WORK": "constante (límite de trabajo del ASO), no es invocable",
    "ASO_THRESHOLD": "constante (umbral habitual de ε_min), no es invocable",
    "ASOResult": "clase de resultado: la construyen las funciones, no el usuario",
})


# --- Ejercicios que se comprueban solos (cu.comprobar; el docente declara con ExerciseAnswer) ---


def _check_comprobar(args, res):
    """Una respuesta aceptada es de verdad la esperada (un texto, leído con ``float``) o ``None``
    (aún sin respuesta); una respuesta con otra forma da «✘ Todavía no», no un error."""
    spec = cu.ExerciseAnswer.from_json(exercises.load_answers()[res.exercise])
    answer = args["respuesta"]
    if res.correct:
        number = float(answer.replace(",", ".")) if isinstance(answer, str) else answer
        assert spec.close(np.asarray(number, dtype=float).ravel(), spec.value)
    elif res.correct is None:
        assert answer is None
    else:
        assert res.message.startswith(f"✘ Ejercicio {res.exercise}: todavía no"), res.message


SWEEP.update({
    "comprobar": Case(
        lambda: {"ejercicio": "05.2", "respuesta": 0.0157},
        {"ejercicio": st.sampled_from(["99.1", "5.2", "05.99", "", None, 5.2, ["05.2"], "05.2 "]),
         "respuesta": st.sampled_from([float("nan"), float("inf"), "0.0157", True, [0.0157],
                                       {"a": 1}, np.array([0.1, 0.2]), None, -0.0157, 1.57])},
        _check_comprobar, max_examples=30,
    ),
    "ExerciseAnswer": Case(
        lambda: {"value": 0.25, "section": "3", "rtol": 1e-3, "atol": 0.0,
                 "mistakes": ["x100"], "alternatives": None, "choices": None},
        {"value": st.sampled_from([float("nan"), None, [], "texto", {"a": 1}, (0.1, np.inf)]),
         "section": st.sampled_from(["", None, 3]),
         "rtol": BAD["positive"], "atol": st.sampled_from([-1, float("nan"), "0", None]),
         "mistakes": st.sampled_from([["x3"], ["swap"], [None], "porcentaje"]),
         "alternatives": st.sampled_from([[0.3], {"": 0.3}, {"pista": "x"}, {1: 0.3}]),
         "choices": st.sampled_from([("a", "b"), "ab", 3])},
        max_examples=40,
    ),
})
EXCLUDED.update({
    "CheckResult": "clase de resultado: la construye cu.comprobar, no el usuario",
})


# --- Evaluaciones por preguntas (Miller, 2024) ---

_QA = np.array([1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1])
_QB = np.array([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1])
_QG = np.repeat([1, 2, 3, 4], 3)


def _check_question_score(args, res):
    x = np.asarray(args["correct"], dtype=float)
    assert res.score == pytest.approx(x.mean())
    assert res.se_naive == pytest.approx(stats.sem(x.reshape(x.shape[0], -1).mean(axis=1)))


def _check_question_difference(args, res):
    d = np.asarray(args["correct_a"], float) - np.asarray(args["correct_b"], float)
    assert res.estimate == pytest.approx(d.mean())


def _check_question_power(args, res):
    es = args["effect"] / (args["sd_difference"] * math.sqrt(args["design_effect"]))
    ref = NormalIndPower().power(es, args["n_questions"], args["alpha"], ratio=0)
    assert res == pytest.approx(ref, rel=1e-6, abs=1e-12)


SWEEP.update({
    "question_score": Case(
        lambda: {"correct": _QA, "clusters": _QG, "small_sample": False, "alpha": 0.05},
        {"correct": BAD["scores"], "clusters": bad_labels(base=_QG),
         "small_sample": BAD["bool"], "alpha": BAD["alpha"]},
        _check_question_score,
    ),
    "question_difference": Case(
        lambda: {"correct_a": _QA, "correct_b": _QB, "clusters": None, "small_sample": False,
                 "alpha": 0.05},
        {"correct_a": BAD["scores"], "correct_b": BAD["scores"],
         "clusters": bad_labels(base=_QG), "small_sample": BAD["bool"],
         "alpha": BAD["alpha"]},
        _check_question_difference,
    ),
    "compare_question_models": Case(
        lambda: {"results": np.column_stack([_QA, _QB, 1 - _QB]), "names": ["A", "B", "C"],
                 "clusters": None, "small_sample": False, "alpha": 0.05},
        {"results": BAD["scores52"], "names": BAD_NAMES, "small_sample": BAD["bool"],
         "alpha": BAD["alpha"]},
    ),
    "question_power": Case(
        lambda: {"effect": 0.03, "n_questions": 1000, "sd_difference": 0.5, "alpha": 0.05,
                 "design_effect": 1.5},
        {"effect": st.sampled_from([float("nan"), float("inf"), "0.03", None, True]),
         "n_questions": BAD["count"], "sd_difference": BAD["positive"], "alpha": BAD["alpha"],
         "design_effect": BAD["positive"]},
        _check_question_power,
    ),
    "minimum_detectable_effect": Case(
        lambda: {"n_questions": 1000, "sd_difference": 0.5, "alpha": 0.05, "power": 0.8,
                 "design_effect": 1.5},
        {"n_questions": BAD["count"], "sd_difference": BAD["positive"], "alpha": BAD["alpha"],
         "power": BAD["probability"], "design_effect": BAD["positive"]},
    ),
})
EXCLUDED.update({
    "QuestionScore": "clase de resultado: la construye question_score, no el usuario",
    "QuestionDifference": "clase de resultado: la construye question_difference, no el usuario",
})


def test_every_public_name_is_swept_or_excluded():
    missing = sorted(set(cu.__all__) - set(SWEEP) - set(EXCLUDED))
    assert not missing, (
        f"Añada estas funciones públicas a SWEEP (o, con un motivo, a EXCLUDED): {missing}"
    )
    stale = sorted((set(SWEEP) | set(EXCLUDED)) - set(cu.__all__))
    assert not stale, f"SWEEP/EXCLUDED nombran funciones que ya no son públicas: {stale}"


def _run_case(name: str, case: Case, arg: str, value: Any) -> str:
    """Llama a la función con ``arg = value``; devuelve ``"error"`` o ``"resultado"``."""
    args = case.base()
    args[arg] = value
    func = getattr(cu, name)
    try:
        result = func(**args)
    except (ValueError, TypeError) as exc:
        info = pytest.ExceptionInfo.from_exception(exc)
        assert_spanish(info, arg, *case.extra_names, *_partners(name, arg))
        return "error"
    finally:
        plt.close("all")
    _finite(result)
    if case.check is not None:
        case.check(args, result)
    return "resultado"


def _partners(name: str, arg: str) -> tuple[str, ...]:
    """Argumentos que un error de pareo o de longitud puede nombrar en lugar de ``arg``."""
    groups = [("y_true", "y_pred", "pred_a", "pred_b"), ("scores_a", "scores_b"), ("X", "y"),
              ("successes", "n"), ("successes_new", "n_new"), ("successes_ref", "n_ref"),
              ("p_a", "p_b")]
    for group in groups:
        if arg in group:
            return group
    return ()


@pytest.mark.parametrize("name", sorted(SWEEP))
def test_bad_input_sweep(name):
    case = SWEEP[name]

    @settings(max_examples=case.max_examples, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data):
        arg = data.draw(st.sampled_from(sorted(case.perturb)), label="argumento")
        value = data.draw(case.perturb[arg], label=arg)
        outcomes[_run_case(name, case, arg, value)] += 1

    outcomes = {"error": 0, "resultado": 0}
    run()
    # El barrido prueba de verdad: la mayoría de las entradas estropeadas se rechazan, y
    # con los argumentos de base la función da un resultado finito.
    print(f"barrido {name}: {outcomes}")  # visible con `pytest -s`
    assert outcomes["error"] >= max(1, sum(outcomes.values()) // 3), outcomes
    assert _run_case(name, case, next(iter(case.perturb)), case.base()[next(iter(case.perturb))]) \
        == "resultado"




# ---------------------------------------------------------------------------
# 3. Propiedades que toda prueba de comparación debe cumplir
# ---------------------------------------------------------------------------
# Multiplicar las puntuaciones (y el margen o la ROPE, que están en sus unidades) por una
# constante positiva no cambia ninguna conclusión; intercambiar A y B refleja el
# resultado. Las tablas se generan con empates (puntuaciones a 2 decimales).

_SCALES = [1e-250, 1e-13, 1e-3, 7.0, 1e13, 1e250]


def _dimensionless(result: Any) -> dict[str, float]:
    """Los números de un resultado que no dependen de las unidades de las puntuaciones."""
    if isinstance(result, pd.Series):
        return {f"rango[{k}]": float(v) for k, v in result.items()}
    if isinstance(result, (float, np.floating)):
        return {"valor": float(result)}
    out = {}
    for name in ("pvalue", "prob_a_better", "prob_equivalent", "prob_b_better", "statistic",
                 "pvalue_lower", "pvalue_upper"):
        value = getattr(result, name, None)
        if isinstance(value, (float, np.floating, int)) and not isinstance(value, bool):
            out[name] = float(value)
    if hasattr(result, "average_ranks") and not isinstance(result.average_ranks, float):
        out.update({f"rango[{k}]": float(v) for k, v in result.average_ranks.items()})
    comparisons = getattr(result, "comparisons", None)
    if isinstance(comparisons, pd.DataFrame):
        out.update({f"p[{i}]": float(p) for i, p in enumerate(comparisons["pvalue"])})
    return out


_TABLE_FUNCS = ["average_ranks", "friedman_test", "nemenyi_test", "control_test",
                "wilcoxon_holm_test", "wilcoxon_pairwise_test", "quade_test",
                "aligned_ranks_test", "pairwise_test", "skillings_mack_test"]
_PAIR_FUNCS = {  # nombre: argumento en las unidades de las puntuaciones (o None)
    "wilcoxon_signed_rank_test": None, "sign_test": None, "corrected_resampled_ttest": None,
    "paired_ttest_5x2cv": None, "combined_ftest_5x2cv": None, "cohens_d": None,
    "bayesian_correlated_ttest": "rope", "bayesian_signed_rank_test": "rope",
    "bayesian_sign_test": "rope",
    "cv_equivalence_test": "margin",
}


def _random_pair(seed: int, name: str) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    shape = np.shape(SWEEP[name].base()["scores_a"])
    a = np.round(rng.uniform(0.6, 0.9, shape), 2)
    b = np.round(a + rng.normal(0.0, 0.03, shape), 2)
    return a, b


@pytest.mark.parametrize("name", _TABLE_FUNCS + sorted(_PAIR_FUNCS))
@settings(max_examples=12, derandomize=True, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), scale=st.sampled_from(_SCALES))
def test_positive_scale_changes_nothing(name, seed, scale):
    args = SWEEP[name].base()
    if name in _TABLE_FUNCS:
        rng = np.random.default_rng(seed)
        args["scores"] = np.round(rng.uniform(0.5, 0.9, np.shape(args["scores"])), 2)
        scaled = dict(args, scores=args["scores"] * scale)
    else:
        args["scores_a"], args["scores_b"] = _random_pair(seed, name)
        scaled = dict(args, scores_a=args["scores_a"] * scale, scores_b=args["scores_b"] * scale)
        unit = _PAIR_FUNCS[name]
        if unit is not None:
            # Fuera de la rejilla de 0.005 de las diferencias y de sus medias de Walsh: un
            # valor justo en el borde de la ROPE puede caer a un lado u otro por redondeo.
            args[unit] = 0.0137
            scaled[unit] = args[unit] * scale
    func = getattr(cu, name)
    try:
        expected = _dimensionless(func(**args))
    except ValueError as exc:  # p. ej. todas las diferencias nulas: la escala no lo cambia
        with pytest.raises(ValueError) as info:
            func(**scaled)
        assert type(info.value) is type(exc)
        return
    got = _dimensionless(func(**scaled))
    assert expected, name
    for key, value in expected.items():
        assert got[key] == pytest.approx(value, rel=1e-9, abs=1e-12), (name, key, scale)


_MIRRORED = {"prob_a_better": "prob_b_better", "prob_b_better": "prob_a_better"}


@pytest.mark.parametrize("name", sorted(_PAIR_FUNCS))
@settings(max_examples=10, derandomize=True, deadline=None, database=None)
@given(seed=st.integers(0, 10**6))
def test_swapping_a_and_b_mirrors_the_result(name, seed):
    args = SWEEP[name].base()
    args["scores_a"], args["scores_b"] = _random_pair(seed, name)
    swapped = dict(args, scores_a=args["scores_b"], scores_b=args["scores_a"])
    func = getattr(cu, name)
    try:
        ab = func(**args)
    except ValueError:
        with pytest.raises(ValueError):
            func(**swapped)
        return
    ba = func(**swapped)
    if name == "cohens_d":
        assert ba == pytest.approx(-ab, rel=1e-12, abs=1e-15)
        return
    got = _dimensionless(ba)
    for key, value in _dimensionless(ab).items():
        if key in ("statistic", "pvalue_lower", "pvalue_upper"):
            continue  # con signo o de una cola: cambian de lado
        assert got[_MIRRORED.get(key, key)] == pytest.approx(value, rel=1e-9, abs=1e-12), key


def _array_args(case: Case) -> list[str]:
    base = case.base()
    return [arg for arg, v in base.items()
            if isinstance(v, (np.ndarray, list)) and np.asarray(v).dtype.kind in "fiu"
            and np.asarray(v).size > 0]


# `X` va tal cual al modelo del usuario, que decide qué admite.
_COMPLEX_OK = {("paired_cv_scores", "X")}


@pytest.mark.parametrize("name", sorted(SWEEP))
def test_complex_and_object_arrays_are_refused(name):
    case = SWEEP[name]
    for arg in _array_args(case):
        if (name, arg) in _COMPLEX_OK:
            continue
        value = np.asarray(case.base()[arg])
        text = value.astype(object)
        text.flat[0] = "0.8"
        for bad in (value + 1j, text):
            args = dict(case.base(), **{arg: bad})
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                with pytest.raises((ValueError, TypeError)) as info:
                    getattr(cu, name)(**args)
            assert_spanish(info, arg, *case.extra_names, *_partners(name, arg))
            plt.close("all")


_PINNED = ["wilson", "clopper-pearson", "agresti-coull"]


@settings(max_examples=60, derandomize=True, deadline=None, database=None)
@given(n=st.integers(1, 10**7), alpha=st.sampled_from([1e-6, 0.01, 0.05, 0.1, 0.5]),
       method=st.sampled_from(_PINNED))
def test_interval_bounds_are_exact_at_zero_and_n(n, alpha, method):
    assert cu.proportion_interval(0, n, alpha=alpha, method=method).low == 0.0
    assert cu.proportion_interval(n, n, alpha=alpha, method=method).high == 1.0
    assert cu.proportion_coverage(n if n < 10**5 else 10**5, [0.0, 1.0], method=method,
                                  alpha=alpha).tolist() == [1.0, 1.0]



# ---------------------------------------------------------------------------
# 4. Pareo: datos pareados que llegan como objetos pandas con índices distintos
# ---------------------------------------------------------------------------
# Toda función pública que recibe datos pareados (verdad y predicciones, puntuaciones de dos
# modelos en las mismas particiones, X e y...) los parea por posición y pasa por el validador
# compartido `check_paired`: dos objetos pandas con índices distintos (las mismas etiquetas en
# otro orden, u otras etiquetas) se rechazan con el consejo `.loc`. Las funciones se encuentran
# solas: las de SWEEP cuyos argumentos de base tienen dos o más arreglos de la misma longitud
# (≥ 2). No se parean, y por eso no aparecen: almost_stochastic_order_test (semillas de A y de
# B, muestras independientes de tamaños distintos) ni cohens_d con paired=False.


def _paired_arguments(case: Case) -> list[str]:
    base = case.base()
    arrays = {k: v for k, v in base.items()
              if isinstance(v, (np.ndarray, list)) and np.ndim(v) >= 1 and len(v) >= 2}
    lengths = [len(v) for v in arrays.values()]
    return [k for k, v in arrays.items() if lengths.count(len(v)) >= 2]


_PAIRED = {name: args for name in sorted(SWEEP) if len(args := _paired_arguments(SWEEP[name])) >= 2}


def _pandas(value: Any, index: list) -> Any:
    """``value`` como Series (1-D) o DataFrame, con las filas en el orden de ``index``
    (etiquetas 0..n-1 de las filas originales, o esas etiquetas + 100)."""
    arr = np.asarray(value)
    order = [i % 100 for i in index]
    if arr.ndim == 1:
        return pd.Series(arr[order], index=index)
    return pd.DataFrame(arr[order], index=index)


def _numbers(result: Any) -> list[float]:
    """Los números de un resultado, en orden, para comparar dos llamadas."""
    if is_dataclass(result):
        return [x for f in fields(result) for x in _numbers(getattr(result, f.name))]
    if isinstance(result, (pd.Series, pd.DataFrame)):
        return _numbers(result.select_dtypes("number").to_numpy()
                        if isinstance(result, pd.DataFrame) else result.to_numpy())
    if isinstance(result, np.ndarray) and result.dtype.kind in "biuf":
        return result.astype(float).ravel().tolist()
    if isinstance(result, (int, float, np.number)) and not isinstance(result, bool):
        return [float(result)]
    if isinstance(result, tuple):
        return [x for v in result for x in _numbers(v)]
    return []


def _pairing_outcome(name: str, first: str, second: str, variant: str) -> str:
    """``first`` como objeto pandas con el índice 0..n-1 y ``second`` con sus filas en otro
    orden (``"reordenado"``) o con otras etiquetas (``"otras etiquetas"``). Devuelve
    ``"rechazo con .loc"``, ``"otro rechazo"`` o ``"resultado"`` (pareo por posición: erróneo)."""
    case = SWEEP[name]
    args = case.base()
    n = len(args[first])
    index = list(range(n))
    other = index[::-1] if variant == "reordenado" else [i + 100 for i in index]
    args[first], args[second] = _pandas(args[first], index), _pandas(args[second], other)
    try:
        getattr(cu, name)(**args)
    except ValueError as exc:
        info = pytest.ExceptionInfo.from_exception(exc)
        assert_spanish(info, first, second, *case.extra_names)
        return "rechazo con .loc" if ".loc[" in str(exc) else "otro rechazo"
    finally:
        plt.close("all")
    return "resultado"


def test_paired_functions_are_found():
    assert {"diebold_mariano_test", "regression_difference_interval", "delong_test",
            "wilcoxon_signed_rank_test", "sign_test", "paired_permutation_test",
            "cochran_q_test", "paired_cv_scores", "paired_ttest_5x2cv"} <= set(_PAIRED)
    assert "almost_stochastic_order_test" not in _PAIRED


@pytest.mark.parametrize("variant", ["reordenado", "otras etiquetas"])
@pytest.mark.parametrize("name", sorted(_PAIRED))
def test_paired_pandas_with_different_indexes_are_refused(name, variant):
    args = _PAIRED[name]
    for i, first in enumerate(args):
        for second in args[i + 1:]:
            assert _pairing_outcome(name, first, second, variant) == "rechazo con .loc", (
                first, second)


@pytest.mark.parametrize("name", sorted(_PAIRED))
def test_paired_pandas_aligned_with_loc_give_the_numpy_result(name):
    """Con el consejo del mensaje (``.loc[índice del primero]``) el resultado es el de los
    arreglos de NumPy: el pareo correcto."""
    case = SWEEP[name]
    first, second = _PAIRED[name][:2]
    numpy_args = case.base()
    args = case.base()
    n = len(args[first])
    args[first] = _pandas(args[first], list(range(n)))
    args[second] = _pandas(args[second], list(range(n))[::-1]).loc[args[first].index]
    try:
        expected = _numbers(getattr(cu, name)(**numpy_args))
        got = _numbers(getattr(cu, name)(**args))
    finally:
        plt.close("all")
    assert got == pytest.approx(expected, rel=1e-12, abs=1e-15, nan_ok=True)


# ---------------------------------------------------------------------------
# 5. Clases de entrada: arreglos enmascarados, booleanos, complejos y object numérico
# ---------------------------------------------------------------------------
# Cada argumento de datos de cada función del barrido recibe las mismas variantes:
#
# * enmascarado (``numpy.ma``) con una celda enmascarada (cuyo dato escondido es otro
#   valor): celda faltante donde se admiten (Skillings-Mack: el resultado es el de la
#   tabla con NaN en esa celda), error en español en los demás sitios; sin ninguna celda
#   enmascarada, el mismo resultado que con el arreglo normal;
# * booleanos: válidos como etiquetas y predicciones de un problema binario (mismo
#   resultado que con 0/1), rechazados como puntuaciones, valores p o tablas (arreglo o
#   DataFrame);
# * complejos: siempre rechazados (también con parte imaginaria nula y dentro de object);
# * números en un arreglo o DataFrame de tipo object: el mismo resultado que con float.
#
# ``_classify`` da la categoría de cada llamada; la prueba exige que todas sean correctas
# («correcto» o «error en español» donde toca) y ``_input_class_counts`` las cuenta.

#: Argumentos de etiquetas (los booleanos son etiquetas válidas de un problema binario).
_LABEL_ARGS = {"y_true", "y_pred", "pred_a", "pred_b", "y", "predictions", "outcomes"}
#: Celdas faltantes admitidas (la celda enmascarada equivale a NaN).
_MISSING_OK = {("skillings_mack_test", "scores")}
#: Argumentos que no se barren aquí, con el motivo.
_CLASS_EXCLUDED = {
    ("paired_cv_scores", "X"): "va tal cual al modelo del usuario, que decide qué admite",
    ("plot_intervals", "intervals"): "una lista de intervalos (resultados o tuplas), no un "
                                     "arreglo de datos",
}
#: Funciones cuyo validador aún no aplica la regla (se espera el fallo; al arreglarlas,
#: la marca estricta avisa y se quita de aquí).
_CLASS_PENDING: dict[str, str] = {}


def _role(name: str, arg: str, base: Any) -> str:
    kind = np.asarray(base).dtype.kind
    if arg in _LABEL_ARGS and kind in "biu":
        return "labels"
    return "numbers"


def _class_args(name: str) -> list[str]:
    case = SWEEP[name]
    args = _array_args(case)
    if name == "monte_carlo_rate":
        args = ["outcomes"]
    if name == "analyze_results":
        args = ["data"]
    return [a for a in args if (name, a) not in _CLASS_EXCLUDED]


def _numbers(value: Any) -> list[float]:
    """Todos los números de un resultado, en orden, para comparar dos resultados."""
    out: list[float] = []
    if value is None or isinstance(value, (str, plt.Axes)):
        return out
    if is_dataclass(value):
        for f in fields(value):
            out += _numbers(getattr(value, f.name))
    elif isinstance(value, (pd.DataFrame, pd.Series)):
        num = value.select_dtypes("number") if isinstance(value, pd.DataFrame) else value
        if isinstance(num, pd.DataFrame) or pd.api.types.is_numeric_dtype(num):
            out += np.asarray(num, dtype=float).ravel().tolist()
    elif isinstance(value, (tuple, list)):
        for v in value:
            out += _numbers(v)
    elif isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        out += value.astype(float).ravel().tolist()
    elif isinstance(value, (bool, np.bool_, int, float, np.number)):
        out.append(float(value))
    return out


def _same(a: Any, b: Any) -> bool:
    x, y = _numbers(a), _numbers(b)
    return len(x) == len(y) and bool(np.allclose(x, y, rtol=1e-12, atol=0, equal_nan=True))


def _variants(name: str, arg: str) -> list[tuple[str, Any, str, Any]]:
    """(clase, valor, lo esperado, referencia): lo esperado es ``"error"`` o ``"igual"``
    (el mismo resultado que con ``referencia`` en ese argumento)."""
    base = SWEEP[name].base()[arg]
    if isinstance(base, pd.DataFrame):
        return _frame_variants(base)
    arr = np.asarray(base)
    role = _role(name, arg, base)
    first = (0,) * arr.ndim
    out = []
    # Enmascarado: la celda escondida guarda otro valor (ignorar la máscara cambia el número).
    hidden = arr.copy()
    hidden[first] = (1 - hidden[first]) if role == "labels" else hidden[first] * 0.5 + 0.31
    mask = np.zeros(arr.shape, dtype=bool)
    mask[first] = True
    masked = np.ma.masked_array(hidden, mask=mask)
    if (name, arg) in _MISSING_OK:
        with_nan = arr.astype(float)
        with_nan[first] = np.nan
        out.append(("enmascarado", masked, "igual", with_nan))
    else:
        out.append(("enmascarado", masked, "error", None))
    out.append(("enmascarado sin celdas", np.ma.masked_array(arr, mask=False), "igual", arr))
    # Booleanos.
    if role == "labels":
        out.append(("booleano", arr.astype(bool), "igual", arr))
    else:
        flags = arr > np.median(arr)
        out.append(("booleano", flags, "error", None))
        if arr.ndim == 2:
            out.append(("booleano (DataFrame)", pd.DataFrame(flags), "error", None))
    # Complejos.
    out.append(("complejo (parte imaginaria 0)", arr + 0j, "error", None))
    inside = arr.astype(object)
    inside[first] = complex(inside[first], 1.0)
    out.append(("complejo en object", inside, "error", None))
    # Números en un arreglo de tipo object.
    out.append(("object numérico", arr.astype(object), "igual", arr))
    if arr.ndim == 2 and role != "labels":
        out.append(("object numérico (DataFrame)", pd.DataFrame(arr.astype(object)), "igual",
                    pd.DataFrame(arr)))
    return out


def _frame_variants(frame: pd.DataFrame) -> list[tuple[str, Any, str, Any]]:
    """Las mismas clases en una columna de modelo de una tabla del informe."""
    col = frame.select_dtypes("number").columns[0]
    values = frame[col].to_numpy()
    return [
        ("booleano", frame.assign(**{col: values > np.median(values)}), "error", None),
        ("complejo (parte imaginaria 0)", frame.assign(**{col: values + 0j}), "error", None),
        ("complejo en object", frame.assign(**{col: [complex(values[0], 1.0), *values[1:]]}),
         "error", None),
        ("object numérico", frame.assign(**{col: values.astype(object)}), "igual", frame),
    ]


def _call(name: str, arg: str, value: Any) -> Any:
    args = SWEEP[name].base()
    args[arg] = value
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return getattr(cu, name)(**args)
    finally:
        plt.close("all")


def _classify(name: str, arg: str, kind: str, value: Any, expect: str, reference: Any) -> str:
    """Categoría de una llamada: «correcto», «error en español» (donde toca), «demasiado
    estricto», «silenciosamente erróneo», «booleano aceptado» o «fallo» (otra excepción o
    un mensaje que no es del curso)."""
    try:
        result = _call(name, arg, value)
    except (ValueError, TypeError) as exc:
        try:
            assert_spanish(pytest.ExceptionInfo.from_exception(exc), arg,
                           *SWEEP[name].extra_names, *_partners(name, arg))
        except AssertionError:
            return "fallo"
        return "error en español" if expect == "error" else "demasiado estricto"
    except Exception:  # noqa: BLE001 - se cuenta como fallo
        return "fallo"
    if expect == "error":
        return "booleano aceptado" if kind.startswith("booleano") else "silenciosamente erróneo"
    return "correcto" if _same(result, _call(name, arg, reference)) else "silenciosamente erróneo"


def _class_cases() -> list[tuple[str, str, str, Any, str, Any]]:
    return [(name, arg, *v) for name in sorted(SWEEP) for arg in _class_args(name)
            for v in _variants(name, arg)]


def _input_class_counts() -> dict[str, int]:
    """Recuento de categorías del barrido de clases (para el informe de un cambio)."""
    from collections import Counter

    counts = Counter(_classify(*case) for case in _class_cases())
    return {"casos": sum(counts.values()), **counts}


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.xfail(reason=_CLASS_PENDING[n], strict=True))
     if n in _CLASS_PENDING else n
     for n in sorted(n for n in SWEEP if _class_args(n))],
)
def test_input_classes(name):
    wrong = [(arg, kind, got) for n, arg, kind, value, expect, ref in _class_cases() if n == name
             for got in [_classify(n, arg, kind, value, expect, ref)]
             if got not in ("correcto", "error en español")]
    assert not wrong, wrong


# --- muchas ejecuciones en muchas tareas (agregados robustos) ---
_RUNS_A = np.array([[0.2, 0.9, 1.4], [0.3, 1.1, 1.2], [0.25, 0.8, 1.6], [0.1, 1.0, 1.3],
                    [0.35, 0.7, 1.5]])
_RUNS_B = _RUNS_A[::-1] * 0.9
_RUNS_52 = _RUNS_A[:, :2]


SWEEP.update({
    "robust_aggregates": Case(
        lambda: {"scores": {"A": _RUNS_A, "B": _RUNS_B}, "gamma": 1.0, "n_resamples": 200,
                 "confidence": 0.95, "random_state": 0},
        {"scores": st.builds(lambda bad: {"A": bad, "B": _RUNS_52}, BAD["scores52"]),
         "gamma": BAD["positive"], "n_resamples": BAD["count"], "confidence": BAD["alpha"],
         "random_state": BAD["seed"]},
        max_examples=30,
    ),
    "probability_of_improvement": Case(
        lambda: {"scores_x": _RUNS_52, "scores_y": _RUNS_52[::-1] * 0.9, "n_resamples": 200,
                 "confidence": 0.95, "random_state": 0},
        {"scores_x": BAD["scores52"], "scores_y": BAD["scores52"], "n_resamples": BAD["count"],
         "confidence": BAD["alpha"], "random_state": BAD["seed"]},
        max_examples=30,
    ),
    "performance_profile": Case(
        lambda: {"scores": {"A": _RUNS_A, "B": _RUNS_B}, "taus": [0.0, 0.5, 1.0],
                 "n_resamples": 200, "confidence": 0.95, "random_state": 0},
        {"scores": st.builds(lambda bad: {"A": bad, "B": _RUNS_52}, BAD["scores52"]),
         "taus": BAD["scores"], "n_resamples": BAD["count"], "confidence": BAD["alpha"],
         "random_state": BAD["seed"]},
        max_examples=30,
    ),
})
EXCLUDED.update({
    "AGGREGATES": "constante: los nombres de los agregados",
    "AggregatesResult": "clase de resultado",
    "ImprovementResult": "clase de resultado",
    "ProfileResult": "clase de resultado",
})
