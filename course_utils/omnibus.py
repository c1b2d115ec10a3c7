r"""¿Son todos los algoritmos equivalentes? Pruebas ómnibus sobre los rangos de una tabla N×k.

* :func:`friedman_test`: prueba de Friedman (:math:`\chi^2_F`) y su corrección de Iman y
  Davenport (:math:`F_F`); se contrasta con ``scipy.stats.friedmanchisquare``.
* :func:`quade_test`: prueba de Quade, que pesa cada conjunto por su dificultad (R
  ``quade.test``).
* :func:`aligned_ranks_test`: Friedman de rangos alineados (Hodges y Lehmann), que ordena todas
  las puntuaciones juntas tras restar la media de cada fila.

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
    "OmnibusResult",
    "aligned_ranks_test",
    "friedman_test",
    "quade_test",
]


# ---------------------------------------------------------------------------
# Prueba de Friedman
# ---------------------------------------------------------------------------


def _ranks_text(average_ranks: pd.Series) -> str:
    """«A 1.2500, B 2.0000, …»: los algoritmos del mejor al peor rango medio."""
    order = average_ranks.sort_values(kind="stable")
    return ", ".join(f"{name} {r:.4f}" for name, r in order.items())


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
        ranks = _ranks_text(self.average_ranks)
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


@dataclass(frozen=True)
class OmnibusResult:
    r"""Resultado de una prueba ómnibus sobre una tabla N×k (Quade o rangos alineados).

    Atributos
    ---------
    method : str
        Nombre de la prueba, en español.
    average_ranks : pandas.Series
        Rango medio de cada algoritmo en la escala de la prueba (1 = el mejor): en Quade, la
        media de sus rangos ponderada por la dificultad :math:`Q_i` de cada conjunto (de 1 a
        :math:`k`); en rangos alineados, el rango alineado medio (de 1 a :math:`Nk`).
    statistic : float
    pvalue : float
    df : tuple of int
        Grados de libertad (uno para :math:`\chi^2`, dos para :math:`F`).
    distribution : str
        ``"F"`` o ``"chi2"``.
    n_datasets, n_algorithms : int
    higher_is_better : bool
    """

    method: str
    average_ranks: pd.Series = field(repr=False)
    statistic: float
    pvalue: float
    df: tuple
    distribution: str
    n_datasets: int
    n_algorithms: int
    higher_is_better: bool

    def summary(self) -> str:
        """Resumen en español, con 4 decimales (no lo imprime)."""
        ranks = _ranks_text(self.average_ranks)
        name = "F" if self.distribution == "F" else "χ²"
        df = ", ".join(str(d) for d in self.df)
        return "\n".join([
            f"{self.method}: {self.n_algorithms} algoritmos sobre {self.n_datasets} conjuntos",
            f"  rangos medios (1 = mejor): {ranks}",
            f"  {name} = {self.statistic:.4f} (gl = {df}); valor p = {_fmt_p(self.pvalue)}",
        ])


def _unit_scaled(values: np.ndarray) -> np.ndarray:
    """``values`` dividido por una potencia de 2 (exacto) para que |x| ≤ 1: los recorridos y
    las medias de fila no desbordan, y los rangos no cambian."""
    top = float(np.max(np.abs(values)))
    return values if top == 0.0 else np.ldexp(values, -math.frexp(top)[1])


def quade_test(scores: object, *, higher_is_better: bool = True) -> OmnibusResult:
    r"""Prueba de Quade: como Friedman, pero pesa cada conjunto por su dificultad.

    Cada conjunto :math:`i` recibe un peso :math:`Q_i`, el rango (entre los :math:`N`
    conjuntos) de su recorrido :math:`\max_j x_{ij} - \min_j x_{ij}`: un conjunto en el que
    los algoritmos difieren mucho cuenta más que uno en el que casi empatan. Con los rangos
    :math:`r_{ij}` de cada fila, :math:`S_{ij} = Q_i\,(r_{ij} - (k+1)/2)`,
    :math:`S_j = \sum_i S_{ij}`, :math:`A = \sum_{ij} S_{ij}^2`,
    :math:`B = \frac1N \sum_j S_j^2` y

    .. math::

        F = \frac{(N-1)\,B}{A - B} \sim F(k-1,\ (N-1)(k-1)).

    Es la prueba de R ``quade.test`` (Quade, 1979; Conover, 1999), con la que se contrasta en
    las pruebas del curso. García et al. (2010) la recomiendan frente a Friedman cuando hay
    pocos algoritmos (:math:`k \le 4` o 5). Los empates usan la regla relativa del curso
    (:mod:`course_utils.ranks`).

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
        Filas = conjuntos de datos (al menos 2), columnas = algoritmos (al menos 3).
    higher_is_better : bool, por defecto True

    Devuelve
    --------
    OmnibusResult

    Lanza
    -----
    ValueError
        Tabla mal formada, o todas las filas empatadas (:math:`A = B`: sin información).

    Referencias
    -----------
    Quade, D. (1979). Using weighted rankings in the analysis of complete blocks with additive
    block effects. *JASA*, 74(367), 680-683.
    García, S., Fernández, A., Luengo, J. y Herrera, F. (2010). Advanced nonparametric tests
    for multiple comparisons in the design of experiments in computational intelligence and
    data mining. *Information Sciences*, 180(10), 2044-2064.

    Ejemplos
    --------
    >>> res = quade_test([[0.9, 0.8, 0.7], [0.85, 0.8, 0.9], [0.7, 0.6, 0.5], [0.9, 0.7, 0.8]])
    >>> round(res.statistic, 4), res.df
    (3.5882, (2, 6))
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    values, _, cols = _score_table(scores, min_rows=2, min_cols=3)
    values = _unit_scaled(values)
    n, k = values.shape
    ranks = _ranks(values, higher_is_better)
    spread = values.max(axis=1) - values.min(axis=1)
    # Los recorridos se ordenan con la misma regla de empates, relativa a la escala.
    q = _ranks(spread[None, :], higher_is_better=False)[0]
    s = q[:, None] * (ranks - (k + 1) / 2.0)
    a = float(np.sum(s**2))
    b = float(np.sum(s.sum(axis=0) ** 2)) / n
    if a - b <= 1e-12 * max(a, 1e-300):
        raise ValueError(
            "La prueba de Quade no está definida para esta `scores`: todas las filas ordenan "
            "igual a los algoritmos, o todas empatan (A = B en su fórmula)."
        )
    df1, df2 = k - 1, (n - 1) * (k - 1)
    f = (n - 1) * b / (a - b)
    weighted = (q[:, None] * ranks).sum(axis=0) / q.sum()
    return OmnibusResult(
        method="Prueba de Quade",
        average_ranks=pd.Series(weighted, index=cols, name="rango medio ponderado"),
        statistic=float(f),
        pvalue=float(stats.f.sf(f, df1, df2)),
        df=(df1, df2),
        distribution="F",
        n_datasets=n,
        n_algorithms=k,
        higher_is_better=higher_is_better,
    )


def aligned_ranks_test(scores: object, *, higher_is_better: bool = True) -> OmnibusResult:
    r"""Prueba de Friedman de rangos alineados (Hodges y Lehmann, 1962).

    Friedman solo compara dentro de cada fila. Aquí a cada puntuación se le resta la media de
    su fila (su «valor alineado») y se ordenan **todas** las :math:`Nk` juntas (1 = la mejor),
    de modo que una gran diferencia en un conjunto pesa más que una pequeña en otro. Con
    :math:`\hat R_j` la suma de los rangos del algoritmo :math:`j` y :math:`\hat R_i` la de
    la fila :math:`i` (García et al., 2010, §3.1):

    .. math::

        T = \frac{(k-1)\left[\sum_j \hat R_j^2 - \frac{kN^2}{4}(kN+1)^2\right]}
                 {\sum_{ij} r_{ij}^2 - \frac1k \sum_i \hat R_i^2} \sim \chi^2_{k-1}.

    Sin empates, :math:`\sum_{ij} r_{ij}^2 = kN(kN+1)(2kN+1)/6`, la expresión del artículo;
    con empates (rango medio) se usa la suma real. García et al. la recomiendan cuando el
    número de algoritmos es pequeño, como la de Quade.

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
        Filas = conjuntos de datos (al menos 2), columnas = algoritmos (al menos 3).
    higher_is_better : bool, por defecto True

    Devuelve
    --------
    OmnibusResult
        ``average_ranks`` son los rangos alineados medios :math:`\hat R_j / N`.

    Referencias
    -----------
    Hodges, J. L. y Lehmann, E. L. (1962). Rank methods for combination of independent
    experiments in analysis of variance. *Annals of Mathematical Statistics*, 33, 482-497.
    García, S., Fernández, A., Luengo, J. y Herrera, F. (2010). *Information Sciences*, 180(10),
    2044-2064.

    Ejemplos
    --------
    >>> res = aligned_ranks_test([[0.9, 0.8, 0.7], [0.85, 0.8, 0.9], [0.7, 0.6, 0.5],
    ...                           [0.9, 0.7, 0.8]])
    >>> res.df, res.average_ranks.round(3).tolist()
    ((2,), [3.125, 8.25, 8.125])
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    values, _, cols = _score_table(scores, min_rows=2, min_cols=3)
    values = _unit_scaled(values)
    n, k = values.shape
    scale = float(np.max(np.abs(values)))
    aligned = values - values.mean(axis=1, keepdims=True)
    # Alinear resta cantidades parecidas: el ruido es relativo a la escala de las puntuaciones.
    aligned = np.where(np.abs(aligned) <= 1e-12 * scale, 0.0, aligned)
    ranks = _ranks(aligned.reshape(1, -1) / max(scale, 1e-300), higher_is_better)[0].reshape(n, k)
    r_alg, r_row = ranks.sum(axis=0), ranks.sum(axis=1)
    numerator = (k - 1) * (float(np.sum(r_alg**2)) - k * n**2 / 4.0 * (k * n + 1) ** 2)
    denominator = float(np.sum(ranks**2)) - float(np.sum(r_row**2)) / k
    if denominator <= 1e-12 * float(np.sum(ranks**2)):
        raise ValueError(
            "La prueba de rangos alineados no está definida para esta `scores`: todos los "
            "valores alineados empatan dentro de cada fila."
        )
    t = max(numerator / denominator, 0.0)
    return OmnibusResult(
        method="Prueba de Friedman de rangos alineados",
        average_ranks=pd.Series(r_alg / n, index=cols, name="rango alineado medio"),
        statistic=float(t),
        pvalue=float(stats.chi2.sf(t, k - 1)),
        df=(k - 1,),
        distribution="chi2",
        n_datasets=n,
        n_algorithms=k,
        higher_is_better=higher_is_better,
    )
