r"""Comparar modelos ya entrenados sobre un mismo conjunto de prueba.

Cuando cada modelo se entrena una sola vez, lo único que hay son sus predicciones sobre
los mismos ejemplos de prueba: las comparaciones son **pareadas** (cada ejemplo lo ven
todos los modelos). Este módulo reúne tres pruebas para ese caso:

* :func:`delong_test`: dos AUC ROC correlacionadas (mismos ejemplos) con la prueba de
  DeLong, DeLong y Clarke-Pearson (1988), en la forma rápida :math:`O(n \log n)` de Sun
  y Xu (2014), con el intervalo de la diferencia y el de cada AUC (como ``roc.test`` y
  ``ci`` del paquete pROC de R).
* :func:`cochran_q_test`: :math:`k` clasificadores, acierto o fallo en cada ejemplo: la
  prueba Q de Cochran (1950) y, después, McNemar por parejas
  (:func:`course_utils.mcnemar_test`, *mid-p* por defecto, la decisión del curso) con el
  ajuste de Holm.
* :func:`paired_permutation_test`: cualquier medida (exactitud, F1, AUC o una función
  propia): prueba de permutación pareada (aleatorización aproximada), que intercambia las
  predicciones de los dos modelos en cada ejemplo; exacta si hay pocas reordenaciones
  distintas y de Monte Carlo, con su propio error, si no (Noreen, 1989; Good, 2005).

Referencias
-----------
DeLong, E. R., DeLong, D. M. y Clarke-Pearson, D. L. (1988). Comparing the areas under two
or more correlated receiver operating characteristic curves: a nonparametric approach.
*Biometrics*, 44(3), 837-845.
Sun, X. y Xu, W. (2014). Fast implementation of DeLong's algorithm for comparing the areas
under correlated receiver operating characteristic curves. *IEEE Signal Processing
Letters*, 21(11), 1389-1393.
Cochran, W. G. (1950). The comparison of percentages in matched samples. *Biometrika*,
37(3/4), 256-266.
Holm, S. (1979). A simple sequentially rejective multiple test procedure. *Scandinavian
Journal of Statistics*, 6(2), 65-70.
Noreen, E. W. (1989). *Computer-Intensive Methods for Testing Hypotheses: An
Introduction*. Wiley.
Good, P. I. (2005). *Permutation, Parametric, and Bootstrap Tests of Hypotheses* (3.ª ed.).
Springer.
Phipson, B. y Smyth, G. K. (2010). Permutation p-values should never be zero. *Statistical
Applications in Genetics and Molecular Biology*, 9(1), 39.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats
from statsmodels.stats.multitest import multipletests

from course_utils._results import _fmt_p
from course_utils._validation import (
    MAX_RESAMPLE_CELLS,
    MAX_RESAMPLES,
    check_alpha,
    check_choice,
    check_finite_array,
    check_finite_result,
    check_label_arrays,
    check_labels,
    check_n_resamples,
    check_paired,
    check_random_state,
    check_same_length,
    describe,
)
from course_utils.bootstrap import (
    BOOTSTRAP_METRICS,
    _check_metric,
    _check_two_classes,
    _evaluate,
    _joint_table,
    _pos_index,
)
from course_utils.intervals import proportion_interval
from course_utils.mcnemar import mcnemar_test

__all__ = [
    "DeLongResult",
    "delong_test",
    "CochranQResult",
    "cochran_q_test",
    "PermutationTestResult",
    "paired_permutation_test",
    "PERMUTATION_METRICS",
]

_ALTERNATIVES = ("two-sided", "greater", "less")
_ALT_TEXT = {
    "two-sided": "bilateral (H1: A ≠ B)",
    "greater": "unilateral (H1: A > B)",
    "less": "unilateral (H1: A < B)",
}

#: Mayor número de ejemplos de :func:`delong_test`: unos 12 números de 8 bytes por
#: ejemplo (puntuaciones, rangos y colocaciones de los dos modelos) caben en 2 GB.
MAX_DELONG_CASES: int = MAX_RESAMPLE_CELLS // 12


# ---------------------------------------------------------------------------
# Clase positiva
# ---------------------------------------------------------------------------


def _positive_mask(y: np.ndarray, pos_label: object, name: str = "y_true") -> np.ndarray:
    """``True`` en los ejemplos positivos; exige exactamente dos clases en ``y``."""
    classes = np.unique(y)
    shown = ", ".join(repr(c) for c in classes.tolist()[:6])
    if classes.size != 2:
        raise ValueError(
            f"`{name}` debe tener exactamente dos clases (positivos y negativos); se "
            f"recibieron {classes.size}: {shown}{', …' if classes.size > 6 else ''}."
        )
    values = classes.tolist()
    if pos_label is None:
        if classes.dtype.kind in "biuf" and set(values) in ({0, 1}, {-1, 1}):
            return y == classes[1]
        raise ValueError(
            f"`{name}` tiene las clases {shown}: indique cuál es la positiva con `pos_label` "
            "(sin él solo se entienden 0/1, -1/1 y False/True, con 1 o True como positiva)."
        )
    if not isinstance(pos_label, (str, bytes, numbers.Number, np.generic)):
        raise TypeError(
            f"`pos_label` debe ser una etiqueta (un número, un booleano o un texto): una de "
            f"las dos clases de `{name}` ({shown}); se recibió {describe(pos_label)}."
        )
    for value, original in zip(values, classes):
        if type(pos_label) is bool and classes.dtype.kind != "b":
            break
        if value == pos_label:
            return y == original
    raise ValueError(
        f"`pos_label` debe ser una de las dos clases de `{name}` ({shown}); "
        f"se recibió {describe(pos_label)}."
    )


# ---------------------------------------------------------------------------
# DeLong
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DeLongResult:
    """Resultado de :func:`delong_test`: dos AUC sobre los mismos ejemplos.

    Atributos
    ---------
    auc_a, auc_b : float
        AUC ROC de cada modelo (como ``sklearn.metrics.roc_auc_score``; un empate entre un
        positivo y un negativo cuenta 1/2).
    auc_a_ci, auc_b_ci : tuple of float
        Intervalo de DeLong de cada AUC, :math:`\\hat\\theta \\pm z\\sqrt{\\hat V}`, recortado
        a [0, 1] (como ``ci(roc, method = "delong")`` de pROC).
    estimate : float
        Diferencia ``auc_a - auc_b``.
    se : float
        Error estándar de DeLong de la diferencia.
    statistic : float
        :math:`z = \\text{estimate} / \\text{se}` (0 si la diferencia y su varianza son 0).
    pvalue : float
        Valor p con la normal estándar.
    ci_low, ci_high : float
        Intervalo de la diferencia, recortado a [-1, 1]; en las pruebas unilaterales un
        extremo es el límite natural (-1 o 1).
    correlation : float o None
        Correlación estimada entre las dos AUC (``None`` si alguna varianza es 0).
    n_positive, n_negative : int
        Ejemplos de cada clase.
    alternative : {"two-sided", "greater", "less"}
    confidence : float
        Confianza de los intervalos (``1 - alpha``).
    note : str
        Aclaración en español (o ``""``).
    """

    auc_a: float
    auc_b: float
    auc_a_ci: tuple[float, float]
    auc_b_ci: tuple[float, float]
    estimate: float
    se: float
    statistic: float
    pvalue: float
    ci_low: float
    ci_high: float
    correlation: float | None
    n_positive: int
    n_negative: int
    alternative: str
    confidence: float
    note: str = ""

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        conf = f"{100 * self.confidence:.4g} %"
        corr = "—" if self.correlation is None else f"{self.correlation:.4f}"
        lines = [
            "Prueba de DeLong para dos AUC correlacionadas (mismo conjunto de prueba)",
            f"  {self.n_positive} positivos y {self.n_negative} negativos",
            *(f"  AUC de {label} = {auc:.4f}, IC {conf} [{ci[0]:.4f}, {ci[1]:.4f}]"
              for label, auc, ci in (("A", self.auc_a, self.auc_a_ci),
                                     ("B", self.auc_b, self.auc_b_ci))),
            f"  correlación entre las dos AUC = {corr}",
            f"  estadístico z = {self.statistic:.4f}; "
            "distribución de referencia: normal estándar",
            f"  hipótesis alternativa: {_ALT_TEXT[self.alternative]}",
            f"  valor p = {_fmt_p(self.pvalue)}",
            f"  diferencia (A - B) = {self.estimate:.4f}, error estándar {self.se:.4f}",
            f"  IC {conf} de la diferencia: [{self.ci_low:.4f}, {self.ci_high:.4f}]",
        ]
        if self.note:
            lines.append(f"  nota: {self.note}")
        return "\n".join(lines)


def _placements(scores: np.ndarray, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Numeradores de las colocaciones de Sun y Xu (2014) con una sola ordenación.

    Con :math:`T_Z` el rango medio de un ejemplo entre todos y :math:`T_X` (:math:`T_Y`) su
    rango medio entre los positivos (negativos), devuelve :math:`T_Z - T_X` para cada
    positivo (negativos por debajo más la mitad de los empatados con él) y
    :math:`T_Z - T_Y` para cada negativo (positivos por debajo más la mitad de los
    empatados), en el orden original. Es lo mismo que restar los rangos de
    ``scipy.stats.rankdata`` (las pruebas lo comprueban), pero con una ordenación en lugar
    de tres: los rangos medios de un grupo de empates se obtienen contando cuántos
    positivos y negativos hay antes del grupo y dentro de él.
    """
    order = np.argsort(scores)
    sorted_scores = scores[order]
    sorted_pos = pos[order]
    new_group = np.empty(scores.size, dtype=bool)
    new_group[0] = True
    np.not_equal(sorted_scores[1:], sorted_scores[:-1], out=new_group[1:])
    group = np.cumsum(new_group) - 1
    n_groups = int(group[-1]) + 1
    pos_in = np.bincount(group, weights=sorted_pos, minlength=n_groups)
    neg_in = np.bincount(group, minlength=n_groups) - pos_in
    neg_below = np.cumsum(neg_in) - neg_in
    pos_below = np.cumsum(pos_in) - pos_in
    value = np.where(sorted_pos, (neg_below + neg_in / 2)[group], (pos_below + pos_in / 2)[group])
    out = np.empty(scores.size)
    out[order] = value
    return out[pos], out[~pos]


def _check_scores(values: object, name: str) -> np.ndarray:
    return check_finite_array(values, name, ndim=1)


def delong_test(
    y_true: object,
    scores_a: object,
    scores_b: object,
    *,
    pos_label: object = None,
    alternative: str = "two-sided",
    alpha: float = 0.05,
) -> DeLongResult:
    r"""Prueba de DeLong: ¿difieren las AUC ROC de dos modelos sobre los mismos ejemplos?

    Con :math:`m` positivos :math:`X_i` y :math:`n` negativos :math:`Y_j` (puntuaciones de
    un modelo; más alta = más probable positivo), la AUC es el estadístico U de
    Mann-Whitney normalizado,
    :math:`\hat\theta = \frac{1}{mn}\sum_{i,j}\psi(X_i, Y_j)` con :math:`\psi = 1` si
    :math:`X_i > Y_j`, :math:`1/2` si empatan y 0 si no. DeLong, DeLong y Clarke-Pearson
    (1988) estiman su varianza con las *colocaciones* (*placements*)
    :math:`V_{10}(X_i) = \frac1n\sum_j\psi(X_i, Y_j)` y
    :math:`V_{01}(Y_j) = \frac1m\sum_i\psi(X_i, Y_j)`: con :math:`S_{10}` y :math:`S_{01}`
    sus matrices de covarianzas entre los dos modelos (``ddof=1``),
    :math:`S = S_{10}/m + S_{01}/n` y

    .. math::

        z = \frac{\hat\theta_A - \hat\theta_B}
                 {\sqrt{S_{AA} + S_{BB} - 2 S_{AB}}} \;\approx\; N(0, 1).

    Las colocaciones se calculan con rangos medios, como Sun y Xu (2014): si :math:`T_Z`
    es el rango de un ejemplo entre todos y :math:`T_X` (:math:`T_Y`) su rango entre los
    positivos (negativos),
    :math:`V_{10}(X_i) = (T_Z - T_X)/n` y :math:`V_{01}(Y_j) = 1 - (T_Z - T_Y)/m`. Cuesta
    :math:`O(N \log N)` en lugar de :math:`O(mn)`; los tres rangos salen de una sola
    ordenación por modelo (``numpy.argsort``) y un millón de ejemplos tarda unas décimas de
    segundo. El intervalo de la diferencia es :math:`\hat\theta_A - \hat\theta_B \pm
    z_{1-\alpha/2}\,se`, y el de cada AUC, :math:`\hat\theta \pm z_{1-\alpha/2}\sqrt{S}`
    recortado a [0, 1]; coinciden con ``roc.test(..., method = "delong")`` y
    ``ci(..., method = "delong")`` de pROC con ``direction = "<"``.

    Es una prueba para **un** conjunto de prueba con las puntuaciones de cada ejemplo. No
    sirve para AUC promediadas sobre las particiones de una validación cruzada: esas no
    son las AUC de un conjunto, y sus particiones comparten entrenamiento (use la prueba t
    corregida de :func:`course_utils.corrected_resampled_ttest`).

    Parámetros
    ----------
    y_true : array_like de forma (n,)
        Clase verdadera, con exactamente dos clases.
    scores_a, scores_b : array_like de forma (n,)
        Puntuaciones de A y B en los mismos ejemplos (probabilidad de la clase positiva o
        cualquier puntuación en la que más alto significa «más positivo»). Se parean por
        posición; dos objetos pandas con índices distintos se rechazan.
    pos_label : etiqueta, opcional
        La clase positiva. Sin ella solo se aceptan las clases 0/1, -1/1 o False/True
        (positiva: 1 o True).
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
        ``"greater"``: H1 es que la AUC de A es mayor que la de B.
    alpha : float, por defecto 0.05
        Los intervalos tienen confianza ``1 - alpha``.

    Devuelve
    --------
    DeLongResult

    Lanza
    -----
    ValueError
        Si las longitudes difieren, hay NaN o infinitos, ``y_true`` no tiene exactamente
        dos clases, hay menos de 2 positivos o 2 negativos (la varianza de DeLong no está
        definida), hay más de :data:`MAX_DELONG_CASES` ejemplos, o la varianza estimada
        de la diferencia es 0 con una diferencia distinta de 0 (el estadístico z sería
        infinito: use :func:`paired_permutation_test` con ``metric="roc_auc"``).
    TypeError
        Si las puntuaciones no son números o las etiquetas mezclan texto y números.

    Ejemplos
    --------
    >>> y = [0, 0, 0, 1, 1, 1, 0, 1]
    >>> a = [0.1, 0.4, 0.35, 0.8, 0.7, 0.35, 0.2, 0.9]
    >>> b = [0.2, 0.3, 0.5, 0.6, 0.9, 0.1, 0.4, 0.4]
    >>> res = delong_test(y, a, b)
    >>> round(res.auc_a, 5), round(res.auc_b, 5), round(res.statistic, 4), round(res.pvalue, 4)
    (0.90625, 0.65625, 1.4142, 0.1573)
    """
    check_paired(y_true=y_true, scores_a=scores_a, scores_b=scores_b)
    y = check_labels(y_true, "y_true")
    a = _check_scores(scores_a, "scores_a")
    b = _check_scores(scores_b, "scores_b")
    n_total = check_same_length(y_true=y, scores_a=a, scores_b=b)
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    alpha = check_alpha(alpha)
    if n_total > MAX_DELONG_CASES:
        raise ValueError(
            f"`y_true`, `scores_a` y `scores_b` tienen {n_total} ejemplos; el máximo es "
            f"{MAX_DELONG_CASES} (unos 2 GB de memoria). Use una muestra aleatoria "
            "estratificada del conjunto de prueba: con millones de ejemplos el error "
            "estándar ya es minúsculo."
        )
    pos = _positive_mask(y, pos_label)
    m, n = int(pos.sum()), int((~pos).sum())
    if m < 2 or n < 2:
        raise ValueError(
            f"`y_true` debe tener al menos 2 positivos y 2 negativos; tiene {m} positivo(s) "
            f"y {n} negativo(s). La varianza de DeLong usa la varianza muestral de las "
            "colocaciones de cada clase, que no existe con un solo ejemplo."
        )
    # Numeradores enteros o semienteros (exactos en coma flotante hasta 2**52):
    # V10 = p10 / n y V01 = 1 - p01 / m.
    pa10, pa01 = _placements(a, pos)
    pb10, pb01 = _placements(b, pos)
    p10, p01 = np.vstack([pa10, pb10]), np.vstack([pa01, pb01])
    u = p10.sum(axis=1)  # estadístico U de Mann-Whitney de cada modelo
    auc = u / (m * n)
    estimate = float((u[0] - u[1]) / (m * n))
    v10 = p10 / n
    v01 = p01 / m  # 1 - V01: misma covarianza
    cov = np.cov(v10) / m + np.cov(v01) / n
    d10, d01 = p10[0] - p10[1], p01[0] - p01[1]
    if np.ptp(d10) == 0 and np.ptp(d01) == 0:
        var_diff = 0.0
    else:
        var_diff = float(np.var(d10 / n, ddof=1) / m + np.var(d01 / m, ddof=1) / n)
    se = math.sqrt(max(var_diff, 0.0))
    zcrit = float(stats.norm.isf(alpha / 2))
    notes = []
    if var_diff == 0.0:
        if estimate != 0.0:
            raise ValueError(
                "No se puede calcular el estadístico z de DeLong con estos `y_true`, "
                f"`scores_a` y `scores_b`: las AUC difieren ({auc[0]:.4f} frente a "
                f"{auc[1]:.4f}) pero la varianza estimada de la diferencia es 0, así que z "
                "sería infinito. Ocurre cuando las colocaciones de los dos modelos difieren "
                "en la misma cantidad en todos los ejemplos (por ejemplo, un modelo separa "
                "perfectamente y el otro da la misma puntuación a todos); la aproximación "
                "normal no sirve. Use paired_permutation_test(..., metric='roc_auc')."
            )
        statistic = 0.0
        notes.append(
            "la diferencia de AUC y su varianza estimada son 0 (los dos modelos ordenan a "
            "positivos y negativos exactamente igual): no hay ninguna evidencia de que "
            "difieran; como pROC, se toma z = 0 (valor p 1 en la prueba bilateral, 0.5 en "
            "una unilateral). El intervalo [0, 0] describe solo este conjunto de prueba, no "
            "la incertidumbre sobre la población."
        )
    else:
        statistic = estimate / se
    if alternative == "two-sided":
        pvalue = 2 * stats.norm.sf(abs(statistic))
    elif alternative == "greater":
        pvalue = stats.norm.sf(statistic)
    else:
        pvalue = stats.norm.cdf(statistic)
    pvalue = float(min(1.0, check_finite_result(pvalue, "el valor p de DeLong")))
    if alternative == "two-sided":
        low, high = estimate - zcrit * se, estimate + zcrit * se
    elif alternative == "greater":
        low, high = estimate - float(stats.norm.isf(alpha)) * se, 1.0
    else:
        low, high = -1.0, estimate + float(stats.norm.isf(alpha)) * se
    sd = np.sqrt(np.maximum(np.diag(cov), 0.0))
    cis = [
        (float(max(0.0, auc[k] - zcrit * sd[k])), float(min(1.0, auc[k] + zcrit * sd[k])))
        for k in range(2)
    ]
    correlation = None
    if sd[0] > 0 and sd[1] > 0:
        correlation = float(min(1.0, max(-1.0, cov[0, 1] / (sd[0] * sd[1]))))
    for k, label in ((0, "A"), (1, "B")):
        if sd[k] == 0:
            notes.append(
                f"la varianza de DeLong de la AUC de {label} es 0 (AUC = {auc[k]:.4f}, "
                "todos los ejemplos igual de bien colocados): su intervalo degenera en un "
                "punto y no refleja la incertidumbre; con pocos ejemplos, desconfíe de él."
            )
    return DeLongResult(
        auc_a=float(auc[0]),
        auc_b=float(auc[1]),
        auc_a_ci=cis[0],
        auc_b_ci=cis[1],
        estimate=estimate,
        se=se,
        statistic=float(statistic),
        pvalue=pvalue,
        ci_low=float(max(-1.0, low)),
        ci_high=float(min(1.0, high)),
        correlation=correlation,
        n_positive=m,
        n_negative=n,
        alternative=alternative,
        confidence=1.0 - alpha,
        note=" ".join(n[0].upper() + n[1:] for n in notes),
    )


# ---------------------------------------------------------------------------
# Q de Cochran y McNemar por parejas
# ---------------------------------------------------------------------------

#: Mayor número de clasificadores de :func:`cochran_q_test` (4950 parejas).
MAX_COCHRAN_MODELS: int = 100


@dataclass(frozen=True)
class CochranQResult:
    """Resultado de :func:`cochran_q_test`.

    Atributos
    ---------
    statistic : float
        Q de Cochran.
    df : int
        Grados de libertad, ``k - 1``.
    pvalue : float
        Valor p con la ji cuadrado de ``k - 1`` grados de libertad.
    n_examples : int
        Ejemplos de prueba.
    accuracies : pandas.Series
        Exactitud de cada modelo.
    comparisons : pandas.DataFrame
        Una fila por pareja: ``a``, ``b``, ``n01`` (A acierta y B falla), ``n10`` (A falla
        y B acierta), ``difference`` (exactitud de A menos la de B), ``ci_low`` y
        ``ci_high`` (intervalo de Bonett y Price de :func:`course_utils.mcnemar_test`,
        sin ajustar), ``pvalue`` (McNemar, sin ajustar), ``pvalue_adjusted`` (Holm) y
        ``reject`` (``pvalue_adjusted <= alpha``, como ``multipletests``).
    alpha : float
    mcnemar_method : str
        Versión de McNemar de las parejas (``"mid-p"`` por defecto).
    note : str
    """

    statistic: float
    df: int
    pvalue: float
    n_examples: int
    accuracies: pd.Series = field(repr=False)
    comparisons: pd.DataFrame = field(repr=False)
    alpha: float
    mcnemar_method: str
    note: str = ""

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        k = len(self.accuracies)
        lines = [
            f"Prueba Q de Cochran: {k} clasificadores sobre los mismos {self.n_examples} ejemplos",
            f"  Q = {self.statistic:.4f} (gl = {self.df}); valor p = {_fmt_p(self.pvalue)}",
            "  exactitudes: "
            + ", ".join(f"{name} {acc:.4f}" for name, acc in self.accuracies.items()),
            f"  parejas: McNemar {self.mcnemar_method} con ajuste de Holm, α = {self.alpha:g}",
        ]
        for row in self.comparisons.itertuples():
            mark = "sí" if row.reject else "no"
            lines.append(
                f"  {row.a} vs {row.b}: diferencia {row.difference:+.4f} "
                f"(n01 = {row.n01}, n10 = {row.n10}), p ajustado = {_fmt_p(row.pvalue_adjusted)}, "
                f"¿significativa? {mark}"
            )
        if self.note:
            lines.append(f"  nota: {self.note}")
        return "\n".join(lines)


def _prediction_columns(predictions: object) -> dict[str, object]:
    """Columnas de ``predictions`` con el nombre que tendrán en los mensajes."""
    if isinstance(predictions, pd.DataFrame):
        if predictions.columns.duplicated().any():
            dup = sorted({str(c) for c in predictions.columns[predictions.columns.duplicated()]})
            raise ValueError(f"`predictions` tiene columnas (modelos) repetidas: {dup}.")
        return {str(c): predictions[c] for c in predictions.columns}
    if isinstance(predictions, Mapping):
        keys = [str(k) for k in predictions]
        if len(set(keys)) != len(keys):
            raise ValueError("`predictions` tiene nombres de modelo repetidos al pasarlos a texto.")
        return {str(k): v for k, v in predictions.items()}
    if predictions is None or isinstance(predictions, (str, bytes, set)):
        raise TypeError(
            "`predictions` debe ser un DataFrame (una columna por modelo), un diccionario "
            "nombre -> predicciones o un arreglo de forma (n, k); se recibió "
            f"{describe(predictions)}."
        )
    try:
        arr = np.asarray(predictions)
    except (ValueError, TypeError):
        raise ValueError(
            "`predictions` no se puede convertir en un arreglo de forma (n, k); se recibió "
            f"{describe(predictions)}."
        ) from None
    if arr.ndim != 2:
        raise ValueError(
            "`predictions` debe tener forma (n, k): una fila por ejemplo y una columna por "
            f"modelo; se recibió un arreglo de forma {arr.shape}."
        )
    return {f"A{j + 1}": arr[:, j] for j in range(arr.shape[1])}


def cochran_q_test(
    y_true: object,
    predictions: object,
    *,
    method: str = "mid-p",
    alpha: float = 0.05,
) -> CochranQResult:
    r"""Prueba Q de Cochran para k clasificadores sobre el mismo conjunto, y McNemar por parejas.

    Cada ejemplo :math:`i` da una fila de aciertos :math:`x_{ij} \in \{0, 1\}` (el modelo
    :math:`j` acierta o falla). Con :math:`C_j` los aciertos del modelo :math:`j`,
    :math:`R_i` los del ejemplo :math:`i` y :math:`T` el total,

    .. math::

        Q = (k - 1)\,\frac{k \sum_j C_j^2 - T^2}{k T - \sum_i R_i^2}
        \;\approx\; \chi^2_{k-1}

    bajo H0: los :math:`k` modelos tienen la misma exactitud (Cochran, 1950). Como en
    McNemar, los ejemplos en que todos aciertan o todos fallan no aportan nada; con
    :math:`k = 2`, Q es la ji cuadrado de McNemar sin corrección. Coincide con
    ``statsmodels.stats.contingency_tables.cochrans_q``.

    Después compara cada pareja con :func:`course_utils.mcnemar_test` (por defecto la
    *mid-p*, la versión que el curso elige de antemano) y ajusta los :math:`k(k-1)/2`
    valores p con Holm (``statsmodels.stats.multitest.multipletests``). Holm controla por
    sí solo la probabilidad de algún falso positivo entre las parejas; Q responde a otra
    pregunta, si hay alguna diferencia entre los :math:`k`.

    Parámetros
    ----------
    y_true : array_like de forma (n,)
        Clases verdaderas (números, booleanos o texto).
    predictions : DataFrame, dict o array_like de forma (n, k)
        Predicciones de los :math:`k \ge 2` modelos: las columnas de un ``DataFrame``, los
        valores de un diccionario ``nombre -> predicciones`` o las columnas de un arreglo
        (que se llaman ``A1``, ``A2``...).
    method : {"mid-p", "exact", "chi2", "chi2-corrected"}, por defecto "mid-p"
        Versión de McNemar de las parejas.
    alpha : float, por defecto 0.05
        Nivel del ajuste de Holm y confianza ``1 - alpha`` de los intervalos por pareja.

    Devuelve
    --------
    CochranQResult

    Lanza
    -----
    ValueError
        Si hay menos de 2 modelos o más de :data:`MAX_COCHRAN_MODELS`, longitudes
        distintas, valores faltantes, o el producto ejemplos × modelos pasa de
        :data:`course_utils._validation.MAX_RESAMPLE_CELLS`.
    TypeError
        Si se mezclan etiquetas de texto y numéricas.

    Ejemplos
    --------
    >>> y = [1, 1, 0, 0, 1, 0, 1, 1, 0, 1]
    >>> preds = {"A": [1, 1, 0, 0, 1, 0, 1, 1, 0, 1],
    ...          "B": [1, 0, 0, 1, 1, 0, 0, 1, 0, 1],
    ...          "C": [0, 0, 1, 1, 1, 0, 0, 1, 1, 0]}
    >>> res = cochran_q_test(y, preds)
    >>> round(res.statistic, 4), round(res.pvalue, 4)
    (10.5714, 0.0051)
    >>> res.comparisons[["a", "b", "n01", "n10", "reject"]].values.tolist()
    [['A', 'B', 3, 0, False], ['A', 'C', 7, 0, True], ['B', 'C', 4, 0, False]]
    """
    method = check_choice(method, "method", ("mid-p", "exact", "chi2", "chi2-corrected"))
    alpha = check_alpha(alpha)
    columns = _prediction_columns(predictions)
    k = len(columns)
    if k < 2 or k > MAX_COCHRAN_MODELS:
        raise ValueError(
            f"`predictions` debe tener entre 2 y {MAX_COCHRAN_MODELS} modelos (columnas); "
            f"se recibieron {k}."
        )
    names = list(columns)
    labelled = {"y_true": y_true}
    for j, name in enumerate(names):
        key = (f"predictions[{name!r}]" if isinstance(predictions, (pd.DataFrame, Mapping))
               else f"predictions[:, {j}]")
        labelled[key] = columns[name]
    try:  # solo para los límites y el aviso de la traspuesta; se valida después
        y_shape = np.shape(y_true) if not isinstance(y_true, (str, bytes)) else ()
    except (ValueError, TypeError):
        y_shape = ()
    size = int(np.prod(y_shape)) if y_shape else 0
    if size * k > MAX_RESAMPLE_CELLS:
        raise ValueError(
            f"`predictions` tiene {size} ejemplos × {k} modelos = {size * k} celdas; el "
            f"máximo es {MAX_RESAMPLE_CELLS}. Reduzca el número de modelos o use una "
            "muestra aleatoria del conjunto de prueba."
        )
    first = next(iter(columns.values()))
    rows = len(first) if hasattr(first, "__len__") else -1
    if (not isinstance(predictions, (pd.DataFrame, Mapping)) and rows != size and k == size
            and len(y_shape) == 1):
        raise ValueError(
            f"`predictions` tiene forma ({rows}, {k}) y `y_true` {size} ejemplos: parece que "
            "cada fila es un modelo. Se espera una fila por ejemplo y una columna por modelo; "
            "pase la traspuesta (`np.transpose(predictions)`) o un diccionario "
            "nombre -> predicciones."
        )
    arrays = check_label_arrays(**labelled)
    y = arrays[0]
    correct = np.column_stack([p == y for p in arrays[1:]]).astype(np.int64)
    n = correct.shape[0]
    col = correct.sum(axis=0)
    row = correct.sum(axis=1)
    total = int(col.sum())
    denominator = k * total - int(np.sum(row * row))
    note = ""
    if denominator == 0:
        statistic, pvalue = 0.0, 1.0
        note = (
            "en todos los ejemplos los modelos aciertan todos o fallan todos: no hay "
            "ninguna discrepancia, así que no hay evidencia de que difieran y el valor p "
            "es 1 (la fórmula de Q daría 0/0)."
        )
    else:
        squares = float(np.sum(col.astype(float) ** 2))
        statistic = (k - 1) * (k * squares - float(total) ** 2) / denominator
        pvalue = float(stats.chi2.sf(statistic, k - 1))
    pvalue = float(min(1.0, check_finite_result(pvalue, "el valor p de la Q de Cochran")))
    both = correct.T.astype(float) @ correct.astype(float)  # aciertos conjuntos, exactos < 2**53
    rows, pvals = [], []
    for i, j in itertools.combinations(range(k), 2):
        n11 = int(round(both[i, j]))
        n01 = int(col[i]) - n11
        n10 = int(col[j]) - n11
        n00 = n - n11 - n01 - n10
        res = mcnemar_test([[n11, n01], [n10, n00]], method=method, alpha=alpha)
        pvals.append(res.pvalue)
        rows.append(dict(a=names[i], b=names[j], n01=n01, n10=n10, difference=res.estimate,
                         ci_low=res.ci_low, ci_high=res.ci_high, statistic=res.statistic,
                         pvalue=res.pvalue))
    reject, p_adj, _, _ = multipletests(pvals, alpha=alpha, method="holm")
    for r, pa, rj in zip(rows, p_adj, reject):
        r["pvalue_adjusted"] = float(min(1.0, pa))
        r["reject"] = bool(rj)
    return CochranQResult(
        statistic=float(statistic),
        df=k - 1,
        pvalue=pvalue,
        n_examples=n,
        accuracies=pd.Series(col / n, index=names, name="exactitud"),
        comparisons=pd.DataFrame(rows, columns=[
            "a", "b", "n01", "n10", "difference", "ci_low", "ci_high", "statistic", "pvalue",
            "pvalue_adjusted", "reject"]),
        alpha=alpha,
        mcnemar_method=method,
        note=note,
    )


# ---------------------------------------------------------------------------
# Prueba de permutación pareada
# ---------------------------------------------------------------------------

#: Medidas con nombre de :func:`paired_permutation_test`: las de
#: :data:`course_utils.bootstrap.BOOTSTRAP_METRICS` (sobre etiquetas predichas) y
#: ``"roc_auc"`` (sobre puntuaciones).
PERMUTATION_METRICS: tuple[str, ...] = BOOTSTRAP_METRICS + ("roc_auc",)

# Números que se guardan a la vez en cada bloque de reordenaciones.
_BLOCK_CELLS = 2_000_000
# Tolerancia relativa de las comparaciones con el valor observado (como scipy).
_RTOL = 100 * np.finfo(float).eps


@dataclass(frozen=True)
class PermutationTestResult:
    """Resultado de :func:`paired_permutation_test`.

    Atributos
    ---------
    metric : str
        Nombre de la medida (o de la función).
    metric_a, metric_b : float
        La medida de cada modelo.
    estimate : float
        ``metric_a - metric_b``.
    pvalue : float
        Valor p de la prueba de permutación (exacto, o su estimación de Monte Carlo
        :math:`(1 + c)/(1 + B)`, que nunca es 0).
    pvalue_ci : tuple of float o None
        Intervalo de Wilson del valor p exacto que estima el de Monte Carlo (su error de
        Monte Carlo); ``None`` en la prueba exacta, que no tiene.
    method : {"exact", "monte-carlo"}
    n_resamples : int o None
        Reordenaciones aleatorias ``B`` (Monte Carlo); ``None`` en la exacta.
    n_discordant : int
        Ejemplos en que las dos predicciones difieren (solo esos cambian al intercambiar):
        hay :math:`2^{n_d}` reordenaciones distintas.
    alternative : {"two-sided", "greater", "less"}
    confidence : float
        Confianza del intervalo de Monte Carlo.
    distribution : numpy.ndarray o None
        Las ``B`` diferencias bajo H0 (Monte Carlo); ``None`` en la exacta.
    note : str
    """

    metric: str
    metric_a: float
    metric_b: float
    estimate: float
    pvalue: float
    pvalue_ci: tuple[float, float] | None
    method: str
    n_resamples: int | None
    n_discordant: int
    alternative: str
    confidence: float
    distribution: np.ndarray | None = field(default=None, repr=False, compare=False)
    note: str = ""

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        if self.method == "exact":
            how = f"exacta: las 2^{self.n_discordant} reordenaciones de los ejemplos discordantes"
        else:
            how = f"Monte Carlo con {self.n_resamples} reordenaciones aleatorias"
        lines = [
            f"Prueba de permutación pareada ({self.metric}), {how}",
            f"  {self.metric}: A = {self.metric_a:.4f}, B = {self.metric_b:.4f}; "
            f"diferencia (A - B) = {self.estimate:.4f}",
            f"  hipótesis alternativa: {_ALT_TEXT[self.alternative]}",
            f"  valor p = {_fmt_p(self.pvalue)}",
        ]
        if self.pvalue_ci is not None:
            lines.append(
                f"  error de Monte Carlo: IC {100 * self.confidence:.4g} % (Wilson) del valor p "
                f"exacto [{self.pvalue_ci[0]:.4f}, {self.pvalue_ci[1]:.4f}]"
            )
        if self.note:
            lines.append(f"  nota: {self.note}")
        return "\n".join(lines)


#: Mayor trabajo de :func:`paired_permutation_test`: reordenaciones × números por reordenación
#: (ejemplos con ``"roc_auc"``; celdas de la matriz de confusión con medidas de etiquetas;
#: ejemplos más :data:`_CALL_COST` por llamada con una función propia). Unos 10-30 s.
MAX_PERMUTATION_WORK: int = 200_000_000
_CALL_COST = 2_000  # una llamada a una función de Python cuesta como ~2000 números


def _check_work(rows: int, per_row: int, exact: bool, hint: str) -> None:
    if rows * per_row <= MAX_PERMUTATION_WORK:
        return
    what = (f"la prueba exacta recorre {rows} reordenaciones" if exact
            else f"`n_resamples` = {rows} reordenaciones")
    raise ValueError(
        f"Demasiado trabajo para `n_resamples`/`method`: {what} de unos {per_row} números cada "
        f"una ({rows * per_row:.2e}; el máximo es {MAX_PERMUTATION_WORK:.0e}). Reduzca "
        "`n_resamples` (10 000 dan un error de Monte Carlo del valor p menor que 0.005) o use "
        f"method='monte-carlo' en lugar de la exacta. {hint}"
    )


def _exceed(values: np.ndarray, observed: float, alternative: str) -> np.ndarray:
    """¿Es cada diferencia bajo H0 al menos tan extrema como la observada?"""
    gamma = abs(_RTOL * observed)
    if alternative == "two-sided":
        return np.abs(values) >= abs(observed) - gamma
    if alternative == "greater":
        return values >= observed - gamma
    return values <= observed + gamma


def _all_patterns(n_bits: int, start: int, stop: int) -> np.ndarray:
    """Filas ``start..stop-1`` de las :math:`2^{n}` combinaciones de intercambio (booleanos)."""
    codes = np.arange(start, stop, dtype=np.int64)
    return ((codes[:, None] >> np.arange(n_bits, dtype=np.int64)) & 1).astype(bool)


def _auc_rows(codes: np.ndarray, pos: np.ndarray, n_codes: int) -> np.ndarray:
    r"""AUC de cada fila de ``codes`` (puntuaciones ya codificadas como enteros 0..n_codes-1).

    Los códigos conservan el orden y los empates de las puntuaciones, así que la AUC de una
    fila es :math:`\frac{1}{mn}\sum_i [\#\{j: Y_j < X_i\} + \tfrac12 \#\{j: Y_j = X_i\}]`: se
    cuentan los negativos de cada código con ``bincount`` (todas las filas a la vez) y se
    acumulan, sin ordenar: tiempo lineal por fila.
    """
    rows = codes.shape[0]
    m = int(pos.sum())
    n = pos.size - m
    offset = (np.arange(rows, dtype=np.int64) * n_codes)[:, None]
    counts = np.bincount((codes[:, ~pos] + offset).ravel(), minlength=rows * n_codes)
    counts = counts.reshape(rows, n_codes)
    below = np.cumsum(counts, axis=1) - counts
    row = np.arange(rows)[:, None]
    pc = codes[:, pos]
    return (below[row, pc] + 0.5 * counts[row, pc]).sum(axis=1) / (m * n)


def paired_permutation_test(
    y_true: object,
    pred_a: object,
    pred_b: object,
    metric: str | Callable = "accuracy",
    *,
    pos_label: object = None,
    alternative: str = "two-sided",
    method: str = "auto",
    n_resamples: int = 10_000,
    random_state: object = None,
    ci_alpha: float = 0.05,
) -> PermutationTestResult:
    r"""Prueba de permutación pareada para cualquier medida sobre un mismo conjunto de prueba.

    Si los dos modelos fueran intercambiables, en cada ejemplo daría igual cuál de las dos
    predicciones se atribuye a A y cuál a B. La prueba intercambia las dos predicciones
    en cada ejemplo con probabilidad 1/2 y recalcula
    :math:`T = \text{medida}(A) - \text{medida}(B)`; el valor p es la proporción de
    reordenaciones con un :math:`T` al menos tan extremo como el observado (bilateral:
    :math:`|T^*| \ge |T|`). Es la «aleatorización aproximada» de Noreen (1989), la prueba
    habitual para medidas sin una prueba de fórmula cerrada (F1, AUC...). Solo cambian los
    ejemplos discordantes (predicciones distintas), así que hay :math:`2^{n_d}`
    reordenaciones distintas, todas igual de probables.

    * ``method="exact"`` las recorre todas. Con medidas de etiquetas basta contar cuántos
      ejemplos de cada tipo (clase verdadera, predicción de A, predicción de B) se
      intercambian, que siguen binomiales independientes: el recorrido es exacto aunque
      :math:`2^{n_d}` sea enorme. Con la exactitud, la prueba exacta coincide con la de
      McNemar exacta.
    * ``method="monte-carlo"`` usa ``n_resamples`` reordenaciones aleatorias; el valor p
      es :math:`(1 + c)/(1 + B)` (Phipson y Smyth, 2010: nunca 0) y ``pvalue_ci`` da su
      error de Monte Carlo (intervalo de Wilson de :func:`course_utils.proportion_interval`).
    * ``method="auto"`` (por defecto): la exacta si hay como mucho ``n_resamples``
      reordenaciones distintas (como ``scipy.stats.permutation_test``), Monte Carlo si no.

    Todo va vectorizado por bloques salvo con una función propia, que se llama una vez por
    reordenación y modelo.

    Parámetros
    ----------
    y_true : array_like de forma (n,)
        Valores verdaderos.
    pred_a, pred_b : array_like de forma (n,)
        Predicciones de A y B en los mismos ejemplos: etiquetas, o puntuaciones con
        ``metric="roc_auc"``. Se parean por posición.
    metric : str o función, por defecto "accuracy"
        Una de :data:`PERMUTATION_METRICS` (``"accuracy"``, ``"error"``,
        ``"balanced_accuracy"``, ``"precision_macro"``, ``"recall_macro"``, ``"f1_macro"``,
        ``"precision"``, ``"recall"``, ``"f1"`` o ``"roc_auc"``) o una función
        ``(y_true, y_pred) -> float``.
    pos_label : etiqueta, opcional
        La clase de ``"precision"``, ``"recall"`` y ``"f1"`` (obligatoria para ellas), o la
        clase positiva de ``"roc_auc"`` (sin ella, 0/1, -1/1 o False/True).
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
        ``"greater"``: H1 es que la medida de A es mayor que la de B.
    method : {"auto", "exact", "monte-carlo"}, por defecto "auto"
    n_resamples : int, por defecto 10 000
        Reordenaciones de Monte Carlo (entre 2 y 10^6).
    random_state : None, int o numpy.random.Generator
        Semilla de las reordenaciones de Monte Carlo.
    ci_alpha : float, por defecto 0.05
        Confianza ``1 - ci_alpha`` del intervalo de Monte Carlo del valor p.

    Devuelve
    --------
    PermutationTestResult

    Lanza
    -----
    ValueError
        Si las longitudes difieren, faltan valores, la medida o el método no existen,
        ``method="exact"`` pediría más de 10^6 reordenaciones, o una función propia
        devuelve algo que no es un número finito.
    TypeError
        Si se mezclan etiquetas de texto y numéricas o ``metric`` no es ni un nombre ni
        una función.

    Ejemplos
    --------
    >>> y = [0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0]
    >>> a = [0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0]
    >>> b = [1, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1]
    >>> res = paired_permutation_test(y, a, b, "f1", pos_label=1)
    >>> res.method, res.n_discordant, round(res.estimate, 4), round(res.pvalue, 5)
    ('exact', 6, 0.4615, 0.03125)
    """
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    method = check_choice(method, "method", ("auto", "exact", "monte-carlo"))
    ci_alpha = check_alpha(ci_alpha, "ci_alpha")
    if isinstance(metric, str) and metric == "roc_auc":
        kind = "scores"
    elif isinstance(metric, str) or not callable(metric):
        if not isinstance(metric, str) and not callable(metric):
            options = ", ".join(repr(m) for m in PERMUTATION_METRICS)
            raise TypeError(
                f"`metric` debe ser uno de {options} o una función (y_true, y_pred) -> float; "
                f"se recibió {describe(metric)}."
            )
        metric = check_choice(metric, "metric", PERMUTATION_METRICS)
        metric = _check_metric(metric, pos_label)
        kind = "labels"
    else:
        metric = _check_metric(metric, pos_label)
        kind = "function"
    n_resamples = check_n_resamples(n_resamples, "n_resamples")
    rng_seed = check_random_state(random_state)

    if kind == "scores":
        check_paired(y_true=y_true, pred_a=pred_a, pred_b=pred_b)
        y = check_labels(y_true, "y_true")
        a = check_finite_array(pred_a, "pred_a", ndim=1)
        b = check_finite_array(pred_b, "pred_b", ndim=1)
        check_same_length(y_true=y, pred_a=a, pred_b=b)
        pos = _positive_mask(y, pos_label)
        if pos.all() or not pos.any():  # pragma: no cover - _positive_mask exige dos clases
            raise ValueError("`y_true` debe tener positivos y negativos.")
        name = "roc_auc"
    else:
        y, a, b = check_label_arrays(y_true=y_true, pred_a=pred_a, pred_b=pred_b)
        name = metric if isinstance(metric, str) else getattr(metric, "__name__", "función")

    if kind == "labels":
        return _permutation_labels(y, a, b, metric, pos_label, alternative, method,
                                   n_resamples, rng_seed, ci_alpha)

    disc = np.flatnonzero(a != b)
    n_d = int(disc.size)
    if kind == "scores":
        # Las 2n puntuaciones como enteros que conservan orden y empates.
        uniq, inverse = np.unique(np.concatenate([a, b]), return_inverse=True)
        code_a, code_b = inverse[: a.size], inverse[a.size:]

        def values(swap: np.ndarray) -> np.ndarray:
            rows_a = np.broadcast_to(code_a, (swap.shape[0], a.size)).copy()
            rows_b = np.broadcast_to(code_b, (swap.shape[0], b.size)).copy()
            rows_a[:, disc] = np.where(swap, code_b[disc], code_a[disc])
            rows_b[:, disc] = np.where(swap, code_a[disc], code_b[disc])
            return _auc_rows(rows_a, pos, uniq.size) - _auc_rows(rows_b, pos, uniq.size)
    else:
        def one(yv: np.ndarray, pv: np.ndarray) -> float:
            try:
                value = metric(yv, pv)
                value = float(value)
            except Exception as exc:  # noqa: BLE001 - la función es del usuario
                raise ValueError(
                    f"La función `metric` ({name}) falló o no devolvió un número con estas "
                    f"predicciones ({type(exc).__name__}: {exc})."
                ) from exc
            return check_finite_result(
                value, f"la medida `metric` ({name})",
                "La función `metric` debe devolver un número finito con cualquier reordenación "
                "de las predicciones; revise las divisiones por cero.",
            )

        def values(swap: np.ndarray) -> np.ndarray:
            out = np.empty(swap.shape[0])
            for r in range(swap.shape[0]):
                pa, pb = a.copy(), b.copy()
                pa[disc] = np.where(swap[r], b[disc], a[disc])
                pb[disc] = np.where(swap[r], a[disc], b[disc])
                out[r] = one(y, pa) - one(y, pb)
            return out

    if kind == "scores":
        metric_a = float(_auc_rows(code_a[None, :], pos, uniq.size)[0])
        metric_b = float(_auc_rows(code_b[None, :], pos, uniq.size)[0])
    else:
        metric_a, metric_b = one(y, a), one(y, b)
    observed = metric_a - metric_b
    exact_ok = n_d <= 62 and 2**n_d <= MAX_RESAMPLES
    if method == "exact" and not exact_ok:
        raise ValueError(
            f"`method` = 'exact' necesita recorrer 2^{n_d} reordenaciones ({n_d} ejemplos "
            f"discordantes) y el máximo es {MAX_RESAMPLES}; use method='monte-carlo' (o "
            "'auto'), que estima el valor p y da su error de Monte Carlo."
        )
    use_exact = method == "exact" or (method == "auto" and exact_ok and 2**n_d <= n_resamples)
    per_row = 4 * a.size if kind == "scores" else a.size + _CALL_COST
    _check_work(2**n_d if use_exact else n_resamples, per_row, use_exact,
                "Con metric='roc_auc' puede usar delong_test, que no reordena." if kind == "scores"
                else "Una medida por nombre va vectorizada y es mucho más rápida.")
    block = max(1, _BLOCK_CELLS // per_row)
    if use_exact:
        total, count = 2**n_d, 0
        for start in range(0, total, block):
            t = values(_all_patterns(n_d, start, min(total, start + block)))
            count += int(np.sum(_exceed(t, observed, alternative)))
        return _exact_result(name, metric_a, metric_b, count / total, n_d, alternative, ci_alpha)
    rng = np.random.default_rng(rng_seed)
    return _monte_carlo_result(name, metric_a, metric_b, values,
                               lambda rows: rng.random((rows, n_d)) < 0.5, n_resamples, block,
                               n_d, alternative, ci_alpha)


def _no_discordant_note(n_d: int) -> str:
    if n_d:
        return ""
    return ("los dos modelos dan la misma predicción en todos los ejemplos: intercambiarlas no "
            "cambia nada y el valor p es 1.")


def _exact_result(name, metric_a, metric_b, pvalue, n_d, alternative, ci_alpha):
    return PermutationTestResult(
        metric=name, metric_a=metric_a, metric_b=metric_b, estimate=metric_a - metric_b,
        pvalue=float(min(1.0, max(0.0, pvalue))), pvalue_ci=None, method="exact",
        n_resamples=None, n_discordant=n_d, alternative=alternative,
        confidence=1.0 - ci_alpha, note=_no_discordant_note(n_d),
    )


def _monte_carlo_result(name, metric_a, metric_b, values, draw, n_resamples, block, n_d,
                        alternative, ci_alpha):
    """Monte Carlo por bloques: ``draw(filas)`` da las reordenaciones, ``values`` las T*."""
    observed = metric_a - metric_b
    dist = np.empty(n_resamples)
    for start in range(0, n_resamples, block):
        stop = min(n_resamples, start + block)
        dist[start:stop] = values(draw(stop - start))
    count = int(np.sum(_exceed(dist, observed, alternative)))
    ci = proportion_interval(count, n_resamples, alpha=ci_alpha, method="wilson")
    dist.setflags(write=False)
    return PermutationTestResult(
        metric=name, metric_a=metric_a, metric_b=metric_b, estimate=observed,
        pvalue=float((1 + count) / (1 + n_resamples)), pvalue_ci=(float(ci.low), float(ci.high)),
        method="monte-carlo", n_resamples=n_resamples, n_discordant=n_d,
        alternative=alternative, confidence=1.0 - ci_alpha, distribution=dist,
        note=_no_discordant_note(n_d),
    )


def _permutation_labels(y, a, b, metric, pos_label, alternative, method, n_resamples,
                        rng_seed, ci_alpha):
    """Medidas de etiquetas: solo importa cuántos ejemplos de cada tipo se intercambian."""
    labels, table = _joint_table([y, a, b])
    _check_two_classes(metric, labels, table)
    pos = _pos_index(metric, pos_label, labels)
    k = labels.size
    conf_a = table.sum(axis=2).astype(float)  # [verdad, predicción de A]
    conf_b = table.sum(axis=1).astype(float)
    types = [(t, i, j) for t, i, j in zip(*np.nonzero(table)) if i != j]
    counts = np.array([table[t] for t in types], dtype=np.int64)
    n_d = int(counts.sum())
    # Intercambiar un ejemplo de tipo (verdad t, A dice i, B dice j): A pasa de i a j.
    shift = np.zeros((len(types), k * k))
    for r, (t, i, j) in enumerate(types):
        shift[r, t * k + i] -= 1.0
        shift[r, t * k + j] += 1.0
    both = (conf_a + conf_b).ravel()

    def values(x: np.ndarray) -> np.ndarray:
        ca = conf_a.ravel() + x @ shift
        cb = both - ca
        va = np.asarray(_evaluate(ca.reshape(-1, k, k), metric, pos), dtype=float)
        vb = np.asarray(_evaluate(cb.reshape(-1, k, k), metric, pos), dtype=float)
        return va - vb

    metric_a = float(_evaluate(conf_a, metric, pos))
    metric_b = float(_evaluate(conf_b, metric, pos))
    observed = metric_a - metric_b
    n_outcomes = math.prod(int(c) + 1 for c in counts)
    if method == "exact" and n_outcomes > MAX_RESAMPLES:
        raise ValueError(
            f"`method` = 'exact' necesita recorrer {n_outcomes} combinaciones de conteos "
            f"({n_d} ejemplos discordantes de {len(types)} tipos) y el máximo es "
            f"{MAX_RESAMPLES}; use method='monte-carlo' (o 'auto'), que estima el valor p "
            "y da su error de Monte Carlo."
        )
    # Recorrer la rejilla cuesta una fila por combinación; Monte Carlo, una por reordenación.
    use_exact = method == "exact" or (method == "auto" and n_outcomes <= n_resamples)
    per_row = 2 * k * k + len(types) + 1
    _check_work(n_outcomes if use_exact else n_resamples, per_row, use_exact,
                f"Con {k} clases cada reordenación cuesta {k}² celdas de la matriz de "
                "confusión.")
    block = max(1, _BLOCK_CELLS // per_row)
    name = metric
    if use_exact:
        # Rejilla de todos los conteos posibles; peso = producto de binomiales Bin(n_t, 1/2).
        grids = [np.arange(int(c) + 1) for c in counts]
        logw = [stats.binom.logpmf(g, int(c), 0.5) for g, c in zip(grids, counts)]
        p = 0.0
        flat = np.arange(n_outcomes, dtype=np.int64)
        dims = [int(c) + 1 for c in counts]
        for start in range(0, n_outcomes, block):
            idx = np.unravel_index(flat[start:start + block], dims) if dims else ()
            x = np.column_stack(idx).astype(float) if dims else np.zeros((1, 0))
            w = np.exp(sum(lw[i] for lw, i in zip(logw, idx))) if dims else np.ones(1)
            p += float(np.sum(w[_exceed(values(x), observed, alternative)]))
        return _exact_result(name, metric_a, metric_b, p, n_d, alternative, ci_alpha)
    rng = np.random.default_rng(rng_seed)
    return _monte_carlo_result(
        name, metric_a, metric_b, values,
        lambda rows: rng.binomial(counts, 0.5, size=(rows, counts.size)).astype(float),
        n_resamples, block, n_d, alternative, ci_alpha)
