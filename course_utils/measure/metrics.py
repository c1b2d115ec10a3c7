"""Medidas de clasificación a partir de matrices de confusión (una o una pila).

La función :func:`classification_metrics` recibe una matriz de confusión de forma
``(K, K)`` o una pila de ``B`` matrices de forma ``(B, K, K)`` (filas = clase
verdadera, columnas = clase predicha, como ``sklearn.metrics.confusion_matrix``) y
calcula, de forma vectorizada con NumPy, las medidas habituales. Los resultados son
idénticos a los de scikit-learn con ``labels=range(K)`` y ``zero_division=0``:

* ``accuracy_score`` y ``1 - accuracy_score``;
* ``precision_recall_fscore_support(..., labels=range(K), beta=beta, zero_division=0)``
  por clase y con ``average="macro"`` (media simple sobre las ``K`` clases);
* ``balanced_accuracy_score``: la media de la sensibilidad (*recall*) sobre las
  clases que aparecen en la verdad (soporte > 0).

Existe porque el *bootstrap* multinomial de :mod:`course_utils.measure.intervals` necesita
evaluar las medidas sobre miles de matrices de confusión a la vez, y scikit-learn
solo acepta vectores de etiquetas. Nunca emite avisos: donde una medida no está
definida (división entre cero) vale 0.0, como en scikit-learn con ``zero_division=0``.

Referencias
-----------
Sokolova, M. y Lapalme, G. (2009). A systematic analysis of performance measures for
classification tasks. *Information Processing & Management*, 45(4), 427-437.

Brodersen, K. H., Ong, C. S., Stephan, K. E. y Buhmann, J. M. (2010). The balanced
accuracy and its posterior distribution. *20th International Conference on Pattern
Recognition*, 3121-3124.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from course_utils._validation import check_finite_array, describe

__all__ = ["ClassificationMetrics", "classification_metrics"]


@dataclass(frozen=True, eq=False)
class ClassificationMetrics:
    """Medidas de clasificación calculadas a partir de una o varias matrices de confusión.

    Si la entrada es una matriz ``(K, K)``, los campos escalares son ``float`` y los
    campos por clase tienen forma ``(K,)``. Si es una pila ``(B, K, K)``, los campos
    escalares tienen forma ``(B,)`` y los campos por clase, forma ``(B, K)``.

    Atributos
    ---------
    accuracy : float o numpy.ndarray
        Exactitud: proporción de aciertos (traza / total).
    error : float o numpy.ndarray
        Tasa de error: ``1 - accuracy``.
    precision : numpy.ndarray
        Precisión de cada clase: aciertos / veces que se predijo la clase (0.0 si
        nunca se predijo).
    recall : numpy.ndarray
        Sensibilidad (*recall*) de cada clase: aciertos / veces que la clase aparece en
        la verdad (0.0 si no aparece).
    fbeta : numpy.ndarray
        Medida F-beta de cada clase, ``(1 + beta²)·VP / ((1 + beta²)·VP + beta²·FN + FP)``
        (0.0 si el denominador es 0).
    precision_macro, recall_macro, fbeta_macro : float o numpy.ndarray
        Media simple de la medida por clase sobre las ``K`` clases.
    balanced_accuracy : float o numpy.ndarray
        Exactitud equilibrada: media de ``recall`` sobre las clases con soporte > 0.
    beta : float
        El ``beta`` usado en la medida F.
    """

    accuracy: float | np.ndarray
    error: float | np.ndarray
    precision: np.ndarray
    recall: np.ndarray
    fbeta: np.ndarray
    precision_macro: float | np.ndarray
    recall_macro: float | np.ndarray
    fbeta_macro: float | np.ndarray
    balanced_accuracy: float | np.ndarray
    beta: float

    def summary(self) -> str:
        """Resumen en español, con 4 decimales.

        Para una pila de ``B`` matrices resume la media y el rango de cada medida.
        """
        fname = f"F{self.beta:g}"
        if np.ndim(self.accuracy) == 0:
            lines = [
                f"Exactitud: {self.accuracy:.4f} (tasa de error: {self.error:.4f})",
                f"Exactitud equilibrada: {self.balanced_accuracy:.4f}",
                f"Precisión macro: {self.precision_macro:.4f}",
                f"Sensibilidad macro: {self.recall_macro:.4f}",
                f"{fname} macro: {self.fbeta_macro:.4f}",
                f"Por clase (índice: precisión, sensibilidad, {fname}):",
            ]
            for k, (p, r, f) in enumerate(zip(self.precision, self.recall, self.fbeta)):
                lines.append(f"  {k}: {p:.4f}, {r:.4f}, {f:.4f}")
            return "\n".join(lines)
        n = len(self.accuracy)
        lines = [f"Medidas de {n} matrices de confusión (media [mínimo, máximo]):"]
        for label, values in (
            ("Exactitud", self.accuracy),
            ("Tasa de error", self.error),
            ("Exactitud equilibrada", self.balanced_accuracy),
            ("Precisión macro", self.precision_macro),
            ("Sensibilidad macro", self.recall_macro),
            (f"{fname} macro", self.fbeta_macro),
        ):
            lines.append(
                f"  {label}: {np.mean(values):.4f} [{np.min(values):.4f}, {np.max(values):.4f}]"
            )
        return "\n".join(lines)


def _check_confusion(confusion: object) -> np.ndarray:
    """Valida una matriz (o pila) de confusión y la devuelve como ``float64``."""
    arr = check_finite_array(confusion, "confusion", ndim=None)
    if arr.ndim not in (2, 3) or arr.shape[-1] != arr.shape[-2]:
        raise ValueError(
            "`confusion` debe ser una matriz cuadrada (K, K) o una pila (B, K, K) con "
            f"filas = clase verdadera y columnas = clase predicha; se recibió {describe(arr)}."
        )
    if np.any(arr < 0):
        raise ValueError(
            f"`confusion` debe contener conteos no negativos; se recibió un mínimo de {arr.min():g}."
        )
    if np.any(arr != np.round(arr)):
        raise ValueError(
            "`confusion` debe contener conteos enteros (número de casos en cada celda); "
            "se recibieron valores con parte decimal."
        )
    empty = ~np.any(arr != 0, axis=(-2, -1))  # sin sumar: las sumas pueden desbordar
    if np.any(empty):
        where = "" if arr.ndim == 2 else f" (matrices vacías en las posiciones {np.flatnonzero(empty)[:5].tolist()})"
        raise ValueError(
            f"`confusion` no puede estar vacía: el total de casos debe ser mayor que 0{where}."
        )
    return arr


def _check_beta(beta: object) -> float:
    if isinstance(beta, bool) or not isinstance(beta, numbers.Real):
        raise TypeError(f"`beta` debe ser un número real positivo, por ejemplo 1.0; se recibió {describe(beta)}.")
    beta = float(beta)
    if not (np.isfinite(beta) and beta > 0):
        raise ValueError(f"`beta` debe ser un número real finito y mayor que 0; se recibió {beta!r}.")
    return beta


def _safe_divide(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """``num / den`` con 0.0 donde ``den == 0`` (convención ``zero_division=0``), sin avisos."""
    out = np.zeros(np.broadcast_shapes(num.shape, den.shape))
    np.divide(num, den, out=out, where=den != 0)
    return out


def _rescaled(conf: np.ndarray) -> np.ndarray:
    """La matriz en coma flotante, dividida por una potencia de 2 si sus conteos son enormes
    (ver :func:`_compute`)."""
    conf = np.asarray(conf, dtype=float)
    top = conf.max(axis=(-2, -1), keepdims=True)
    if np.any(top >= 2.0**500):
        _, exponent = np.frexp(top)
        conf = np.ldexp(conf, -exponent.astype(np.int32))
    return conf


def _accuracy_of(conf: np.ndarray, tp: np.ndarray, support: np.ndarray) -> np.ndarray:
    return tp.sum(axis=-1) / support.sum(axis=-1)


def _accuracy(conf: np.ndarray) -> float | np.ndarray:
    """Solo la exactitud de :func:`_compute` (el mismo número, bit a bit), sin calcular las
    demás medidas: el *bootstrap* y las pruebas de permutación la evalúan miles de veces."""
    conf = _rescaled(conf)
    acc = _accuracy_of(conf, np.diagonal(conf, axis1=-2, axis2=-1), conf.sum(axis=-1))
    return float(acc) if np.ndim(acc) == 0 else acc


def _compute(conf: np.ndarray, beta: float = 1.0) -> ClassificationMetrics:
    """Cálculo vectorizado sin validar (uso interno: la entrada ya es válida).

    Todas las medidas son cocientes de conteos, así que no cambian si se divide la
    matriz por una constante. Con conteos enormes (hasta 1e308) las sumas desbordarían
    a infinito y las medidas saldrían NaN: cada matriz se divide antes por una potencia
    de 2 (división exacta en coma flotante, no cambia ningún cociente).
    """
    conf = _rescaled(conf)
    tp = np.diagonal(conf, axis1=-2, axis2=-1)
    support = conf.sum(axis=-1)  # veces que cada clase es la verdadera (filas)
    predicted = conf.sum(axis=-2)  # veces que se predijo cada clase (columnas)
    accuracy = _accuracy_of(conf, tp, support)
    precision = _safe_divide(tp, predicted)
    recall = _safe_divide(tp, support)
    b2 = beta * beta
    # (1 + b²)·VP / ((1 + b²)·VP + b²·FN + FP) = (1 + b²)·VP / (b²·soporte + predichos)
    if b2 <= 1.0:
        fbeta = _safe_divide((1.0 + b2) * tp, b2 * support + predicted)
    else:  # dividido por b²: sin desbordamiento con beta enorme (límite: la sensibilidad)
        fbeta = _safe_divide((1.0 / b2 + 1.0) * tp, support + predicted / b2)
    has_support = support > 0
    balanced = (recall * has_support).sum(axis=-1) / has_support.sum(axis=-1)

    def scalar(x: np.ndarray) -> float | np.ndarray:
        return float(x) if np.ndim(x) == 0 else x

    return ClassificationMetrics(
        accuracy=scalar(accuracy),
        error=scalar(1.0 - accuracy),
        precision=precision,
        recall=recall,
        fbeta=fbeta,
        precision_macro=scalar(precision.mean(axis=-1)),
        recall_macro=scalar(recall.mean(axis=-1)),
        fbeta_macro=scalar(fbeta.mean(axis=-1)),
        balanced_accuracy=scalar(balanced),
        beta=beta,
    )


def classification_metrics(confusion: object, *, beta: float = 1.0) -> ClassificationMetrics:
    """Medidas de clasificación a partir de una matriz de confusión o de una pila de ellas.

    Calcula exactitud, error, precisión, sensibilidad y F-beta por clase, sus medias
    macro y la exactitud equilibrada, todo vectorizado con NumPy. Coincide con
    ``sklearn.metrics`` (``accuracy_score``, ``precision_recall_fscore_support`` con
    ``labels=range(K)`` y ``zero_division=0``, ``balanced_accuracy_score``) y, a
    diferencia de scikit-learn, no emite avisos cuando una medida no está definida:
    vale 0.0.

    Parámetros
    ----------
    confusion : array_like de forma (K, K) o (B, K, K)
        Conteos enteros no negativos. Filas = clase verdadera, columnas = clase
        predicha (la convención de ``sklearn.metrics.confusion_matrix``). Con forma
        ``(B, K, K)`` se evalúan las ``B`` matrices a la vez.
    beta : float, por defecto 1.0
        Peso de la sensibilidad frente a la precisión en la medida F (``beta > 0``;
        ``beta = 1`` es F1).

    Devuelve
    --------
    ClassificationMetrics
        Campos escalares (``float`` o forma ``(B,)``) y por clase (forma ``(K,)`` o ``(B, K)``).

    Lanza
    -----
    ValueError
        Si ``confusion`` no es cuadrada, tiene conteos negativos o no enteros, NaN,
        o alguna matriz suma 0; si ``beta`` no es positivo.
    TypeError
        Si ``confusion`` no es numérica o ``beta`` no es un número.

    Notas
    -----
    Las clases que no aparecen ni en la verdad ni en las predicciones cuentan en las
    medias macro con precisión, sensibilidad y F iguales a 0, como en scikit-learn
    cuando se le pasa ``labels=range(K)``. La exactitud equilibrada, en cambio, solo
    promedia las clases con soporte > 0 (como ``balanced_accuracy_score``).

    Ejemplos
    --------
    >>> m = classification_metrics([[50, 10], [5, 35]])
    >>> round(m.accuracy, 4), m.recall.round(4).tolist(), round(m.balanced_accuracy, 4)
    (0.85, [0.8333, 0.875], 0.8542)

    Referencias
    -----------
    Sokolova, M. y Lapalme, G. (2009). A systematic analysis of performance measures
    for classification tasks. *Information Processing & Management*, 45(4), 427-437.
    """
    conf = _check_confusion(confusion)
    beta = _check_beta(beta)
    return _compute(conf, beta)
