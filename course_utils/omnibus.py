r"""¿Son todos los algoritmos equivalentes? Pruebas ómnibus sobre los rangos de una tabla N×k.

* :func:`friedman_test`: prueba de Friedman (:math:`\chi^2_F`) y su corrección de Iman y
  Davenport (:math:`F_F`); se contrasta con ``scipy.stats.friedmanchisquare``.

Referencia: Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
*Journal of Machine Learning Research*, 7, 1-30.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from course_utils._results import _fmt_p
from course_utils._validation import (
    check_bool,
)
from course_utils.ranks import _ranks, _score_table

__all__ = [
    "FriedmanResult",
    "friedman_test",
]


# ---------------------------------------------------------------------------
# Prueba de Friedman
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FriedmanResult:
    r"""Resultado de la prueba de Friedman con la corrección de Iman y Davenport.

    Atributos
    ---------
    average_ranks : pandas.Series
        Rango medio :math:`R_j` de cada algoritmo (1 = el mejor).
    ranks : pandas.DataFrame
        Rangos de cada conjunto (filas) y algoritmo (columnas).
    statistic : float
        :math:`\chi^2_F` (con ``tie_correction=True``, dividido por el factor de empates,
        como ``scipy.stats.friedmanchisquare``).
    pvalue : float
        Valor p de :math:`\chi^2_F` con :math:`k-1` grados de libertad.
    df : int
        :math:`k-1`.
    iman_davenport : float
        :math:`F_F = (N-1)\chi^2_F / (N(k-1) - \chi^2_F)` (``inf`` si todos los
        conjuntos ordenan igual a los algoritmos).
    iman_davenport_pvalue : float
        Valor p de :math:`F_F` con :math:`(k-1, (k-1)(N-1))` grados de libertad.
    iman_davenport_df : tuple of int
    n_datasets, n_algorithms : int
    higher_is_better, tie_correction : bool
    """

    average_ranks: pd.Series = field(repr=False)
    ranks: pd.DataFrame = field(repr=False)
    statistic: float
    pvalue: float
    df: int
    iman_davenport: float
    iman_davenport_pvalue: float
    iman_davenport_df: tuple[int, int]
    n_datasets: int
    n_algorithms: int
    higher_is_better: bool
    tie_correction: bool

    def summary(self) -> str:
        """Resumen en español, con 4 decimales (no lo imprime)."""
        order = self.average_ranks.sort_values(kind="stable")
        ranks = ", ".join(f"{name} {r:.4f}" for name, r in order.items())
        d1, d2 = self.iman_davenport_df
        ff = "∞" if math.isinf(self.iman_davenport) else f"{self.iman_davenport:.4f}"
        ties = " (con corrección por empates)" if self.tie_correction else ""
        return "\n".join([
            f"Prueba de Friedman: {self.n_algorithms} algoritmos sobre {self.n_datasets} conjuntos",
            f"  rangos medios (1 = mejor): {ranks}",
            f"  χ²_F = {self.statistic:.4f}{ties} (gl = {self.df}); valor p = {_fmt_p(self.pvalue)}",
            f"  F_F (Iman-Davenport) = {ff} (gl = {d1}, {d2}); "
            f"valor p = {_fmt_p(self.iman_davenport_pvalue)}",
        ])


def friedman_test(
    scores: object, *, higher_is_better: bool = True, tie_correction: bool = False
) -> FriedmanResult:
    r"""Prueba de Friedman sobre los rangos y su corrección de Iman y Davenport.

    Con :math:`N` conjuntos, :math:`k` algoritmos y rangos medios :math:`R_j`
    (Demšar, 2006, §3.2.2):

    .. math::

        \chi^2_F = \frac{12N}{k(k+1)}\left[\sum_j R_j^2 - \frac{k(k+1)^2}{4}\right],
        \qquad
        F_F = \frac{(N-1)\chi^2_F}{N(k-1) - \chi^2_F},

    con :math:`k-1` y :math:`(k-1, (k-1)(N-1))` grados de libertad. H0: todos los
    algoritmos son equivalentes (sus rangos medios son iguales). :math:`F_F` es menos
    conservadora que :math:`\chi^2_F` y es la que recomienda Demšar.

    Las dos son aproximaciones para muestras grandes: Demšar da como regla práctica
    :math:`N > 10` y :math:`k > 5`. Con menos conjuntos y algoritmos los valores p son
    aproximados (para un valor crítico exacto, las tablas de Zar, 1998, o Sheskin, 2000).

    Por defecto no se corrige por empates, como en Demšar (2006), para reproducir sus
    números. Con ``tie_correction=True`` :math:`\chi^2_F` se divide por
    :math:`1 - \sum (t^3 - t) / (N k (k^2 - 1))` y coincide con
    ``scipy.stats.friedmanchisquare`` (con la que se contrasta en las pruebas).

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
        Filas = conjuntos de datos (al menos 2), columnas = algoritmos (al menos 3).
    higher_is_better : bool, por defecto True
        ``False`` si las puntuaciones son errores (menos es mejor).
    tie_correction : bool, por defecto False

    Devuelve
    --------
    FriedmanResult

    Lanza
    -----
    ValueError
        Si la tabla no es N×k con N ≥ 2 y k ≥ 3, tiene NaN o infinitos, o todas las filas
        están completamente empatadas (los rangos no informan de nada).
    TypeError
        Si la tabla no es numérica.

    Referencias
    -----------
    Friedman, M. (1937). The use of ranks to avoid the assumption of normality implicit in
    the analysis of variance. *JASA*, 32, 675-701.
    Iman, R. L. y Davenport, J. M. (1980). Approximations of the critical region of the
    Friedman statistic. *Communications in Statistics*, 9, 571-595.
    Demšar, J. (2006). *JMLR*, 7, 1-30.

    Ejemplos
    --------
    >>> res = friedman_test([[0.9, 0.8, 0.7], [0.8, 0.9, 0.6], [0.9, 0.7, 0.6]])
    >>> res.average_ranks.round(4).tolist(), round(res.statistic, 4)
    ([1.3333, 1.6667, 3.0], 4.6667)
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    tie_correction = check_bool(tie_correction, "tie_correction")
    values, rows, cols = _score_table(scores, min_rows=2, min_cols=3)
    n, k = values.shape
    ranks = _ranks(values, higher_is_better)
    if np.all(ranks == (k + 1) / 2):
        raise ValueError(
            "En todas las filas de `scores` los algoritmos empatan: los rangos no contienen "
            "información y la prueba de Friedman no está definida."
        )
    r = ranks.mean(axis=0)
    chi2 = 12.0 * n / (k * (k + 1)) * (float(np.sum(r**2)) - k * (k + 1) ** 2 / 4.0)
    if tie_correction:
        ties = 0.0
        for row in ranks:
            _, counts = np.unique(row, return_counts=True)
            ties += float(np.sum(counts.astype(float) ** 3 - counts))
        chi2 /= 1.0 - ties / (n * k * (k * k - 1))
    chi2 = max(chi2, 0.0)
    df1, df2 = k - 1, (k - 1) * (n - 1)
    denom = n * (k - 1) - chi2
    if denom <= 1e-12 * n * k:
        ff, ff_p = math.inf, 0.0
    else:
        ff = (n - 1) * chi2 / denom
        ff_p = float(stats.f.sf(ff, df1, df2))
    return FriedmanResult(
        average_ranks=pd.Series(r, index=cols, name="rango medio"),
        ranks=pd.DataFrame(ranks, index=rows, columns=cols),
        statistic=float(chi2),
        pvalue=float(stats.chi2.sf(chi2, df1)),
        df=df1,
        iman_davenport=float(ff),
        iman_davenport_pvalue=ff_p,
        iman_davenport_df=(df1, df2),
        n_datasets=n,
        n_algorithms=k,
        higher_is_better=higher_is_better,
        tie_correction=tie_correction,
    )
