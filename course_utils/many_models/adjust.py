"""Ajuste de valores p por multiplicidad: Bonferroni, Holm, Hochberg, Hommel, Finner y Li.

:func:`adjust_pvalues` recibe cualquier lista de valores p (de una familia de pruebas) y devuelve
los ajustados, comprobados con ``statsmodels.stats.multitest.multipletests`` y con García et al.
(2010) para Li. Se importa también de :mod:`course_utils.many_models.posthoc` y de
:mod:`course_utils`.
"""

from __future__ import annotations

import numpy as np
from statsmodels.stats.multitest import multipletests

from course_utils._validation import check_choice, check_finite_array

__all__ = ["ADJUST_METHODS", "MAX_HOMMEL_PVALUES", "adjust_pvalues"]


#: Procedimientos de ajuste de :func:`adjust_pvalues` (y de :func:`control_test`).
ADJUST_METHODS = ("bonferroni", "holm", "hochberg", "hommel", "finner", "li")
_GARCIA_METHODS = ("hochberg", "hommel", "finner", "li")


#: Mayor número de valores p del ajuste de Hommel: el de statsmodels (y de R ``p.adjust``)
#: es cuadrático, y 20 000 valores p se ajustan en alrededor de un segundo.
MAX_HOMMEL_PVALUES = 20_000


def adjust_pvalues(pvalues: object, method: str = "holm") -> np.ndarray:
    r"""Valores p ajustados por multiplicidad, como los definen García y Herrera (2008).

    Con los :math:`m` valores p ordenados, :math:`p_{(1)} \le \dots \le p_{(m)}`, el valor
    ajustado (APV) de la hipótesis :math:`i` es:

    * ``"bonferroni"``: :math:`\min(1, m\,p_i)`.
    * ``"holm"`` (escalonado descendente):
      :math:`\min\{1, \max_{j \le i} (m-j+1)\,p_{(j)}\}`.
    * ``"hochberg"`` (escalonado ascendente):
      :math:`\min_{j \ge i} \min\{1, (m-j+1)\,p_{(j)}\}`.
    * ``"hommel"``: el procedimiento de Hommel (1988), el de R ``p.adjust``.

    * ``"finner"`` (descendente):
      :math:`\min\{1, \max_{j \le i} [1 - (1 - p_{(j)})^{m/j}]\}`.
    * ``"li"`` (dos pasos): :math:`p_i / (p_i + 1 - p_{(m)})`.

    Bonferroni, Hochberg y Hommel se calculan con
    ``statsmodels.stats.multitest.multipletests`` (Hommel admite hasta
    :data:`MAX_HOMMEL_PVALUES` valores p: su algoritmo es cuadrático); Holm, con su fórmula
    (es la misma cuenta, pero ``multipletests`` llama a ``gc.collect()`` en cada ajuste de
    Holm, decenas de milisegundos que pesan en las simulaciones); Finner y Li, que
    statsmodels no tiene, con sus fórmulas. Las pruebas del curso comparan los seis con
    statsmodels, con R ``p.adjust`` o con los artículos.

    Se rechaza :math:`H_i` cuando su APV es :math:`\le \alpha`. Holm, Hochberg y Hommel
    controlan el error de familia; Hochberg y Hommel suponen además una dependencia positiva
    entre las pruebas, que se da entre comparaciones con un mismo control.

    Parámetros
    ----------
    pvalues : array_like de forma (m,)
        Valores p sin ajustar, entre 0 y 1.
    method : str, por defecto "holm"
        Uno de :data:`ADJUST_METHODS`.

    Devuelve
    --------
    numpy.ndarray
        Los APV, en el orden de ``pvalues``.

    Referencias
    -----------
    García, S. y Herrera, F. (2008). *JMLR*, 9, 2677-2694. García, S., Fernández, A., Luengo,
    J. y Herrera, F. (2010). *Information Sciences*, 180(10), 2044-2064.

    Ejemplos
    --------
    >>> adjust_pvalues([0.01, 0.04, 0.03], "holm").round(4).tolist()
    [0.03, 0.06, 0.06]
    >>> adjust_pvalues([0.01, 0.04, 0.03], "hochberg").round(4).tolist()
    [0.03, 0.04, 0.04]
    """
    method = check_choice(method, "method", ADJUST_METHODS)
    p = check_finite_array(pvalues, "pvalues", ndim=1, min_size=1)
    if np.any((p < 0) | (p > 1)):
        bad = float(p[(p < 0) | (p > 1)][0])
        raise ValueError(f"`pvalues` debe contener valores entre 0 y 1; se recibió {bad!r}.")
    m = p.size
    if method == "hommel" and m > MAX_HOMMEL_PVALUES:
        raise ValueError(
            f"`pvalues` tiene {m} valores p; el ajuste de Hommel (`method=\"hommel\"`) admite "
            f"como mucho {MAX_HOMMEL_PVALUES} (su coste crece con el cuadrado del número de "
            "valores: 20 000 se ajustan en un segundo, 100 000 en medio minuto). Con tantas "
            "hipótesis, use `method=\"hochberg\"` o `method=\"holm\"`, que controlan el mismo "
            "error de familia."
        )
    order = np.argsort(p, kind="stable")
    ps = p[order]
    j = np.arange(1, m + 1)
    if method == "holm":
        adj = np.minimum(1.0, np.maximum.accumulate((m - j + 1) * ps))
    elif method == "finner":
        adj = np.minimum(1.0, np.maximum.accumulate(1.0 - (1.0 - ps) ** (m / j)))
    elif method == "li":
        denominator = ps + (1.0 - ps[-1])
        # Solo es 0 si p_i = 0 y p_(m) = 1: Li rechaza entonces justo los p_i = 0 (APV 0).
        adj = np.divide(ps, denominator, out=np.zeros(m), where=denominator > 0)
    else:  # Bonferroni, Hochberg y Hommel: los de statsmodels (y de R p.adjust)
        sm = {"hochberg": "simes-hochberg"}.get(method, method)
        adj = multipletests(ps, method=sm)[1]
    out = np.empty(m)
    out[order] = np.clip(adj, 0.0, 1.0)
    return out
