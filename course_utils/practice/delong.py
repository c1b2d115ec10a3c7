r"""Dos AUC ROC correlacionadas (los mismos ejemplos de prueba): la prueba de DeLong.

* :func:`delong_test`: DeLong, DeLong y Clarke-Pearson (1988), en la forma rápida
  :math:`O(n \log n)` de Sun y Xu (2014), con el intervalo de la diferencia y el de cada AUC
  (como ``roc.test`` y ``ci`` del paquete pROC de R).

Referencias
-----------
DeLong, E. R., DeLong, D. M. y Clarke-Pearson, D. L. (1988). Comparing the areas under two
or more correlated receiver operating characteristic curves: a nonparametric approach.
*Biometrics*, 44(3), 837-845.
Sun, X. y Xu, W. (2014). Fast implementation of DeLong's algorithm for comparing the areas
under correlated receiver operating characteristic curves. *IEEE Signal Processing
Letters*, 21(11), 1389-1393.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np
from scipy import stats

from course_utils._results import _fmt_p
from course_utils._validation import (
    MAX_RESAMPLE_CELLS,
    check_alpha,
    check_choice,
    check_finite_array,
    check_finite_result,
    check_same_length,
    describe,
)
from course_utils._validation_labels import check_labels, check_paired

__all__ = [
    "DeLongResult",
    "delong_test",
    "MAX_DELONG_CASES",
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



def _zero_variance_note(estimate: float, auc: np.ndarray) -> str:
    """Con varianza 0: un error si las AUC difieren (z infinito), o la nota de z = 0."""
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
    return (
        "la diferencia de AUC y su varianza estimada son 0 (los dos modelos ordenan a "
        "positivos y negativos exactamente igual): no hay ninguna evidencia de que "
        "difieran; como pROC, se toma z = 0 (valor p 1 en la prueba bilateral, 0.5 en "
        "una unilateral). El intervalo [0, 0] describe solo este conjunto de prueba, no "
        "la incertidumbre sobre la población."
    )


def _normal_test(estimate: float, se: float, statistic: float, alternative: str,
                 alpha: float) -> tuple[float, float, float]:
    """Valor p de z y el intervalo de la diferencia de AUC según la alternativa."""
    zcrit = float(stats.norm.isf(alpha / 2))
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
    return pvalue, low, high


def _auc_intervals(auc: np.ndarray, cov: np.ndarray, zcrit: float,
                   notes: list[str]) -> tuple[list[tuple[float, float]], float | None]:
    """Intervalos de DeLong de cada AUC y su correlación; añade a ``notes`` las degeneradas."""
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
    return cis, correlation


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
        statistic = 0.0
        notes.append(_zero_variance_note(estimate, auc))
    else:
        statistic = estimate / se
    pvalue, low, high = _normal_test(estimate, se, statistic, alternative, alpha)
    cis, correlation = _auc_intervals(auc, cov, zcrit, notes)
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
