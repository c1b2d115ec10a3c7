"""Ajuste de valores p por multiplicidad: Bonferroni, Holm, Hochberg, Hommel, Finner y Li.

:func:`adjust_pvalues` recibe cualquier lista de valores p (de una familia de pruebas) y devuelve
los ajustados, comprobados con ``statsmodels.stats.multitest.multipletests`` y con García et al.
(2010) para Li. Se importa también de :mod:`course_utils.posthoc` y de :mod:`course_utils`.
"""

from __future__ import annotations

import numpy as np
from statsmodels.stats.multitest import multipletests

from course_utils._validation import check_choice, check_finite_array

__all__ = ["ADJUST_METHODS", "MAX_HOMMEL_PVALUES", "adjust_pvalues"]


#: Procedimientos de ajuste de :func:`adjust_pvalues` (y de :func:`control_test`).
ADJUST_METHODS = ("bonferroni", "holm", "hochberg", "hommel", "finner", "li")
_GARCIA_METHODS = ("hochberg", "hommel", "finner", "li")


#: Mayor número de valores p del ajuste de Hommel (un segundo en el peor caso medido).
MAX_HOMMEL_PVALUES = 1_000_000


def _hommel_sorted(ps: np.ndarray) -> np.ndarray:
    r"""Valores p ajustados de Hommel (1988) para valores p ya ordenados de menor a mayor.

    Es el procedimiento de prueba cerrada con la prueba de Simes en cada intersección, el
    de R ``p.adjust(method = "hommel")``, en :math:`O(m \log m)` en lugar de
    :math:`O(m^2)`:

    1. El conjunto de tamaño :math:`j` más difícil de rechazar es el de los :math:`j` mayores
       valores p; su valor p de Simes es
       :math:`T_j = j \min_{i=1..j} p_{(m-j+i)}/i = j \min_{t > m-j} p_{(t)}/(t-(m-j))`, la
       menor pendiente desde el punto :math:`(m-j, 0)` hasta los puntos
       :math:`(t, p_{(t)})` a su derecha. Esa pendiente mínima se alcanza en un vértice de la
       envolvente convexa inferior de los puntos (se construye en :math:`O(m)`) y, a lo largo
       de la envolvente, la pendiente primero baja y luego sube: búsqueda binaria.
    2. Con :math:`U_j = \max_{j' \ge j} T_{j'}`, el mayor tamaño de un conjunto que Simes no
       rechaza al nivel :math:`\alpha` es :math:`h(\alpha) = \#\{j: U_j > \alpha\}`, y
       Hommel rechaza :math:`H_i` si :math:`h(\alpha)\,p_i \le \alpha`. El menor
       :math:`\alpha` con el que se rechaza es el valor ajustado:
       :math:`\max(U_{j_i+1}, j_i\,p_i)` con :math:`j_i` el mayor :math:`j` tal que
       :math:`j\,p_i < U_j` (:math:`U_{m+1} = 0`).

    Las pruebas del curso lo comparan con ``statsmodels`` (el algoritmo cuadrático de R) en
    miles de casos con empates, ceros, unos y valores de 1e-300.
    """
    m = ps.size
    y = ps.tolist()
    hull: list[int] = []  # envolvente inferior (cadena monótona de Andrew); x = 1..m
    for t in range(m):
        while len(hull) >= 2:
            a, b = hull[-2], hull[-1]
            if (b - a) * (y[t] - y[a]) - (y[b] - y[a]) * (t - a) > 0:
                break
            hull.pop()
        hull.append(t)
    hx = np.asarray(hull, dtype=float) + 1.0
    hy = ps[hull]
    edge = np.full(hx.size, np.inf)  # pendiente de cada arista (la última, infinita)
    edge[:-1] = np.diff(hy) / np.diff(hx)
    s = np.arange(m, dtype=float)  # s = m - j: el punto (s, 0) del conjunto de tamaño j
    lo = np.searchsorted(hx, s, side="right")  # primer vértice a la derecha de s
    hi = np.full(m, hx.size - 1)
    while np.any(lo < hi):  # primer vértice en el que la pendiente deja de bajar
        mid = (lo + hi) // 2
        rising = edge[mid] >= hy[mid] / (hx[mid] - s)
        hi = np.where(rising, mid, hi)
        lo = np.where(rising, lo, mid + 1)
    simes = ((m - s) * hy[lo] / (hx[lo] - s))[::-1]  # T_j, j = 1..m
    u = np.maximum.accumulate(simes[::-1])[::-1]  # U_j
    j = m - np.searchsorted((u / np.arange(1, m + 1))[::-1], ps, side="right")
    adjusted = np.maximum(np.append(u, 0.0)[j], j * ps)
    return np.maximum(adjusted, ps)


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

    Bonferroni y Hochberg se calculan con ``statsmodels.stats.multitest.multipletests``;
    Holm, con su fórmula (es la misma cuenta, pero ``multipletests`` llama a ``gc.collect()``
    en cada ajuste de Holm, unos 30 ms, que pesan en las simulaciones); Finner y Li, que
    statsmodels no tiene, con sus fórmulas. Hommel, con un algoritmo de coste
    :math:`O(m \log m)` (la envolvente convexa inferior de los valores p ordenados; véase
    :func:`_hommel_sorted`): el de statsmodels y R ``p.adjust`` es cuadrático (un minuto con
    :math:`10^5` valores). Admite hasta :data:`MAX_HOMMEL_PVALUES` valores p. Las pruebas del
    curso comparan los seis con statsmodels, con R ``p.adjust`` o con los artículos.
    * ``"finner"`` (descendente):
      :math:`\min\{1, \max_{j \le i} [1 - (1 - p_{(j)})^{m/j}]\}`.
    * ``"li"`` (dos pasos): :math:`p_i / (p_i + 1 - p_{(m)})`.

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
            f"como mucho {MAX_HOMMEL_PVALUES} (un millón se ajusta en un segundo, y su coste "
            "crece más deprisa que el número de valores). Con tantas hipótesis, use "
            "`method=\"hochberg\"` o `method=\"holm\"`, que controlan el mismo error de familia."
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
    elif method == "hommel":
        adj = _hommel_sorted(ps)
    else:  # Bonferroni y Hochberg: los de statsmodels (y de R p.adjust)
        sm = {"hochberg": "simes-hochberg"}.get(method, method)
        adj = multipletests(ps, method=sm)[1]
    out = np.empty(m)
    out[order] = np.clip(adj, 0.0, 1.0)
    return out
