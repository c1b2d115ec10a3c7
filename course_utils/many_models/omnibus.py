r"""¿Son todos los algoritmos equivalentes? Pruebas ómnibus sobre los rangos de una tabla N×k.

* :func:`friedman_test`: prueba de Friedman (:math:`\chi^2_F`) y su corrección de Iman y
  Davenport (:math:`F_F`); se contrasta con ``scipy.stats.friedmanchisquare``.
* :func:`quade_test`: prueba de Quade, que pesa cada conjunto por su dificultad (R
  ``quade.test``).
* :func:`aligned_ranks_test`: Friedman de rangos alineados (Hodges y Lehmann), que ordena todas
  las puntuaciones juntas tras restar la media de cada fila.
* :func:`skillings_mack_test`: prueba de Skillings y Mack, la de Friedman cuando faltan celdas
  (algoritmos que no se ejecutaron en algunos conjuntos).

Referencia: Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
*Journal of Machine Learning Research*, 7, 1-30.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import linalg, stats
from scipy.sparse.csgraph import connected_components

from course_utils._results import _fmt_p
from course_utils._validation import (
    check_bool,
    check_finite_result,
)
from course_utils.many_models.ranks import _ranks, _score_table

__all__ = [
    "FriedmanResult",
    "OmnibusResult",
    "aligned_ranks_test",
    "friedman_test",
    "quade_test",
    "skillings_mack_test",
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
        Valor p de :math:`\chi^2_F`: exacto en tablas pequeñas (``method="exacto"``); si no,
        el de :math:`\chi^2` con :math:`k-1` grados de libertad.
    df : int
        :math:`k-1`.
    iman_davenport : float
        :math:`F_F = (N-1)\chi^2_F / (N(k-1) - \chi^2_F)` (``inf`` si todos los
        conjuntos ordenan igual a los algoritmos).
    iman_davenport_pvalue : float
        Valor p de :math:`F_F`: exacto en tablas pequeñas (el mismo que ``pvalue``); si no,
        el de :math:`F` con :math:`(k-1, (k-1)(N-1))` grados de libertad.
    iman_davenport_df : tuple of int
    n_datasets, n_algorithms : int
    higher_is_better, tie_correction : bool
    method : str
        Cómo se obtuvieron los dos valores p: ``"exacto"`` (distribución de permutaciones
        de los rangos dentro de cada conjunto; tablas pequeñas, véase :func:`friedman_test`)
        o ``"asintótico"`` (:math:`\chi^2` y :math:`F`).
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
    method: str = "asintótico"

    def summary(self) -> str:
        """Resumen en español, con 4 decimales (no lo imprime)."""
        ranks = _ranks_text(self.average_ranks)
        d1, d2 = self.iman_davenport_df
        ff = "∞" if math.isinf(self.iman_davenport) else f"{self.iman_davenport:.4f}"
        ties = " (con corrección por empates)" if self.tie_correction else ""
        exact = self.method == "exacto"
        p = "valor p exacto" if exact else "valor p"
        lines = [
            f"Prueba de Friedman: {self.n_algorithms} algoritmos sobre {self.n_datasets} conjuntos",
            f"  rangos medios (1 = mejor): {ranks}",
            f"  χ²_F = {self.statistic:.4f}{ties} (gl = {self.df}); {p} = {_fmt_p(self.pvalue)}",
            f"  F_F (Iman-Davenport) = {ff} (gl = {d1}, {d2}); "
            f"{p} = {_fmt_p(self.iman_davenport_pvalue)}",
        ]
        if exact:
            lines.append(
                f"  (N·k = {self.n_datasets * self.n_algorithms} ≤ {FRIEDMAN_EXACT_MAX_CELLS}: "
                "valor p de la distribución de permutaciones de los rangos dentro de cada "
                "conjunto, el mismo para χ²_F y F_F)"
            )
        return "\n".join(lines)


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

    Las distribuciones :math:`\chi^2` y :math:`F` son aproximaciones para muestras grandes
    (Demšar da como regla práctica :math:`N > 10` y :math:`k > 5`). Regla del curso para los
    valores p:

    * **Tablas pequeñas,** :math:`N k \le 30` **: valor p exacto** (``method="exacto"``). Bajo
      H0 las ordenaciones de cada conjunto son equiprobables, así que el valor p es la
      proporción de las :math:`\prod_i m_i` tablas de rangos que se obtienen permutando los
      rangos dentro de cada fila (:math:`m_i` ordenaciones distintas de la fila :math:`i`:
      :math:`k!` sin empates; con empates, las de sus valores observados) con un
      :math:`\chi^2_F` mayor o igual que el observado. Se calcula por recursión sobre las
      filas (las sumas de rangos por columna acumuladas), sin recorrer las
      :math:`(k!)^N` tablas. :math:`F_F` crece con :math:`\chi^2_F`, así que su valor p exacto
      es el mismo, y la corrección por empates tampoco lo cambia. Con :math:`N = 2` y dos
      ordenaciones idénticas de 3 algoritmos, p = 1/6 (la distribución :math:`F` daría
      :math:`F_F = \infty` y p = 0). Si la recursión necesita demasiada memoria (sin
      empates y con :math:`N k \le 30`, solo con 6 o más algoritmos: :math:`k = 6` y
      :math:`N = 5`, :math:`k` de 7 a 9 y :math:`N \ge 3`, o :math:`k \ge 10`), se usa la
      aproximación del punto siguiente.
    * **Tablas mayores: valores p asintóticos** (``method="asintótico"``), nunca menores que
      la probabilidad :math:`\max_i m_i / \prod_i m_i` de la tabla más extrema (todas las
      filas ordenadas igual), que ninguna tabla puede bajar cuando alguna fila no tiene
      empates.

    Por defecto no se corrige por empates, como en Demšar (2006), para reproducir sus
    números: es la convención del curso (cuadernos 08, 11 y 13 y el informe de
    :func:`~course_utils.analyze_results`, que con empates da además el valor corregido para
    cotejarlo con R o scipy). Con ``tie_correction=True`` :math:`\chi^2_F` se divide por
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
        ``method`` dice si los valores p son exactos o asintóticos.

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
    Hollander, M. y Wolfe, D. A. (1999). *Nonparametric Statistical Methods* (2.ª ed.), §7.1
    (distribución exacta de Friedman). Wiley.

    Ejemplos
    --------
    >>> res = friedman_test([[0.9, 0.8, 0.7], [0.8, 0.9, 0.6], [0.9, 0.7, 0.6]])
    >>> res.average_ranks.round(4).tolist(), round(res.statistic, 4)
    ([1.3333, 1.6667, 3.0], 4.6667)
    >>> res.method, round(res.pvalue, 4)  # N·k = 9: exacto (tablas de Friedman, 1937: 0.194)
    ('exacto', 0.1944)
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
    chi2_p = float(stats.chi2.sf(chi2, df1))
    exact = _friedman_exact_pvalue(ranks) if n * k <= FRIEDMAN_EXACT_MAX_CELLS else None
    if exact is not None:
        chi2_p = ff_p = exact
    else:
        floor = _friedman_smallest_pvalue(ranks)
        chi2_p, ff_p = max(chi2_p, floor), max(ff_p, floor)
    return FriedmanResult(
        average_ranks=pd.Series(r, index=cols, name="rango medio"),
        ranks=pd.DataFrame(ranks, index=rows, columns=cols),
        statistic=float(chi2),
        pvalue=chi2_p,
        df=df1,
        iman_davenport=float(ff),
        iman_davenport_pvalue=ff_p,
        iman_davenport_df=(df1, df2),
        n_datasets=n,
        n_algorithms=k,
        higher_is_better=higher_is_better,
        tie_correction=tie_correction,
        method="asintótico" if exact is None else "exacto",
    )


#: Tablas con N·k hasta este número de celdas reciben el valor p exacto de Friedman.
FRIEDMAN_EXACT_MAX_CELLS = 30
#: Tope de la recursión exacta: números que se guardan en un paso (estados × ordenaciones de
#: la fila × k; 1.6·10^7 enteros, 128 MB y menos de un segundo). Con N·k ≤ 30 y sin empates
#: solo lo superan k = 6 con N = 5, k de 7 a 9 con N ≥ 3 y k ≥ 10.
_FRIEDMAN_EXACT_BUDGET = 16_000_000


def _friedman_exact_pvalue(ranks: np.ndarray) -> float | None:
    r"""Valor p exacto de Friedman: :math:`P(\sum_j R_j^2 \ge` observado) bajo H0.

    Bajo H0 cada fila es, con la misma probabilidad, cualquiera de sus :math:`m_i`
    ordenaciones distintas. Recursión sobre las filas con la distribución de las sumas de
    rangos por columna; como el estadístico no depende del orden de las columnas, cada
    estado se guarda ordenado (sumarle una ordenación uniforme da la misma distribución
    sea cual sea el orden del estado), y la primera fila es un único estado. Rangos dobles:
    enteros exactos. ``None`` si un paso pasa de :data:`_FRIEDMAN_EXACT_BUDGET`.
    """
    n, k = ranks.shape
    if math.factorial(k) * k > _FRIEDMAN_EXACT_BUDGET:
        return None
    doubled = np.rint(2.0 * ranks).astype(np.int64)
    perms = np.array(list(itertools.permutations(range(k))), dtype=np.intp)
    radix = int(doubled.sum(axis=0).max()) + 1
    weights = radix ** np.arange(k, dtype=np.int64)  # radix**k < 2**63: radix ≤ 61, k ≤ 9
    states = np.sort(doubled[:1], axis=1)
    prob = np.ones(1)
    for row in doubled[1:]:
        arrangements = row[perms]
        if len(np.unique(row)) < k:  # con empates, solo las distintas (equiprobables)
            _, keep = np.unique(arrangements @ weights, return_index=True)
            arrangements = arrangements[keep]
        m = len(arrangements)
        if len(states) * m * k > _FRIEDMAN_EXACT_BUDGET:
            return None
        new = (states[:, None, :] + arrangements[None, :, :]).reshape(-1, k)
        new.sort(axis=1)
        _, first, inverse = np.unique(new @ weights, return_index=True, return_inverse=True)
        prob = np.bincount(inverse, weights=np.repeat(prob / m, m))
        states = new[first]
    observed = int(np.sum(doubled.sum(axis=0) ** 2))
    return float(min(1.0, prob[np.sum(states**2, axis=1) >= observed].sum()))


def _friedman_smallest_pvalue(ranks: np.ndarray) -> float:
    r"""Probabilidad bajo H0 de la tabla de rangos más extrema, :math:`\max_i m_i / \prod_i m_i`.

    El máximo de :math:`\sum_j R_j^2` se alcanza cuando todas las filas ordenan igual a los
    algoritmos. Si una fila no tiene empates, las demás tienen una sola ordenación
    compatible con cada una de las suyas: esa probabilidad es exactamente el menor valor p
    posible. Si todas las filas tienen empates, es una cota inferior.
    """
    logs = []
    for row in ranks:
        _, counts = np.unique(row, return_counts=True)
        logs.append(math.lgamma(len(row) + 1) - sum(math.lgamma(c + 1) for c in counts))
    return math.exp(max(logs) - sum(logs))


@dataclass(frozen=True)
class OmnibusResult:
    r"""Resultado de una prueba ómnibus sobre una tabla N×k (Quade, rangos alineados o
    Skillings-Mack).

    Atributos
    ---------
    method : str
        Nombre de la prueba, en español.
    average_ranks : pandas.Series
        Rango medio de cada algoritmo en la escala de la prueba (1 = el mejor): en Quade, la
        media de sus rangos ponderada por la dificultad :math:`Q_i` de cada conjunto (de 1 a
        :math:`k`); en rangos alineados, el rango alineado medio (de 1 a :math:`Nk`); en
        Skillings-Mack, la media de los rangos de cada algoritmo en los conjuntos donde se
        observó.
    statistic : float
    pvalue : float
    df : tuple of int
        Grados de libertad (uno para :math:`\chi^2`, dos para :math:`F`).
    distribution : str
        ``"F"`` o ``"chi2"``.
    n_datasets, n_algorithms : int
        Conjuntos (filas) que entran en la prueba y algoritmos.
    higher_is_better : bool
    note : str
        Aviso sobre los datos (por ejemplo, conjuntos descartados); vacío si no hay nada
        que decir.
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
    note: str = ""

    def summary(self) -> str:
        """Resumen en español, con 4 decimales (no lo imprime)."""
        ranks = _ranks_text(self.average_ranks)
        name = "F" if self.distribution == "F" else "χ²"
        df = ", ".join(str(d) for d in self.df)
        lines = [
            f"{self.method}: {self.n_algorithms} algoritmos sobre {self.n_datasets} conjuntos",
            f"  rangos medios (1 = mejor): {ranks}",
            f"  {name} = {self.statistic:.4f} (gl = {df}); valor p = {_fmt_p(self.pvalue)}",
        ]
        if self.note:
            lines.append(f"  nota: {self.note}")
        return "\n".join(lines)


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
    (:mod:`course_utils.many_models.ranks`).

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


def _aligned_ranks(values: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """Rangos alineados (1 = el mejor) de una tabla N×k ya validada: a cada puntuación se le
    resta la media de su fila y se ordenan las Nk juntas (empates: rango medio). Los usan
    :func:`aligned_ranks_test` y las pruebas post hoc con ``ranking="aligned"``."""
    values = _unit_scaled(values)
    n, k = values.shape
    scale = float(np.max(np.abs(values)))
    aligned = values - values.mean(axis=1, keepdims=True)
    # Alinear resta cantidades parecidas: el ruido es relativo a la escala de las puntuaciones.
    aligned = np.where(np.abs(aligned) <= 1e-12 * scale, 0.0, aligned)
    return _ranks(aligned.reshape(1, -1) / max(scale, 1e-300), higher_is_better)[0].reshape(n, k)


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
    n, k = values.shape
    ranks = _aligned_ranks(values, higher_is_better)
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


# ---------------------------------------------------------------------------
# Prueba de Skillings y Mack (celdas faltantes)
# ---------------------------------------------------------------------------


def _names_text(names: list[str], limit: int = 6) -> str:
    """«A1, A2, A3» (con «…» si hay más de ``limit``)."""
    shown = ", ".join(names[:limit])
    return shown + (", …" if len(names) > limit else "")


def _observed_ranks(values: np.ndarray, observed: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """Rangos de los valores observados de cada fila (NaN donde falta la celda).

    Las filas con el mismo número de celdas observadas se ordenan juntas con :func:`_ranks`
    (la regla de empates del curso); las que tienen menos de dos quedan en NaN.
    """
    ranks = np.full(values.shape, np.nan)
    counts = observed.sum(axis=1)
    for m in np.unique(counts[counts >= 2]):
        rows = np.flatnonzero(counts == m)
        mask = observed[rows]
        block = _ranks(values[rows][mask].reshape(len(rows), int(m)), higher_is_better)
        sub = ranks[rows]
        sub[mask] = block.ravel()
        ranks[rows] = sub
    return ranks


#: Mayor número de algoritmos de :func:`skillings_mack_test` (el mismo tope que la prueba
#: de Nemenyi): el sistema k×k se resuelve en una fracción de segundo.
MAX_SKILLINGS_MACK_ALGORITHMS = 1000
#: Mayores N·k (celdas) y N·k² (el recuento de las parejas de algoritmos observadas a la
#: vez) de :func:`skillings_mack_test`: unos segundos en el peor caso.
_MAX_SKILLINGS_MACK_CELLS = 10**7
_MAX_SKILLINGS_MACK_WORK = 2 * 10**9



def _check_skillings_mack_size(n_rows: int, k: int) -> None:
    """Rechaza, en español, las tablas que Skillings-Mack no resolvería en unos segundos."""
    if k > MAX_SKILLINGS_MACK_ALGORITHMS:
        raise ValueError(
            f"`scores` tiene {k} algoritmos (columnas); la prueba de Skillings-Mack admite como "
            f"mucho {MAX_SKILLINGS_MACK_ALGORITHMS}: resuelve un sistema k×k, cuyo coste crece "
            "con el cubo de k. Reduzca el número de algoritmos (por ejemplo, los mejores según "
            "`average_ranks` sobre las filas completas)."
        )
    if n_rows * k > _MAX_SKILLINGS_MACK_CELLS or n_rows * k * k > _MAX_SKILLINGS_MACK_WORK:
        raise ValueError(
            f"`scores` tiene {n_rows} conjuntos y {k} algoritmos: la prueba de Skillings-Mack "
            f"admite como mucho {_MAX_SKILLINGS_MACK_CELLS:.0e} celdas (N·k) y "
            f"{_MAX_SKILLINGS_MACK_WORK:.0e} para N·k² (contar qué parejas de algoritmos "
            "comparten conjunto), lo que hace en unos segundos. Reduzca el número de conjuntos "
            "o de algoritmos."
        )


def _refuse_disconnected(lam: np.ndarray, cols: list) -> None:
    """Rechaza los diseños en que algunos algoritmos nunca comparten conjunto con otros."""
    k = len(cols)
    n_groups, labels = connected_components(lam > 0, directed=False)
    if n_groups > 1:
        groups = " | ".join(
            "{" + _names_text([c for c, g in zip(cols, labels) if g == lab]) + "}"
            for lab in range(n_groups)
        )
        raise ValueError(
            f"En `scores` los algoritmos forman {n_groups} grupos que nunca comparten un "
            f"conjunto con dos o más algoritmos observados: {groups}. La matriz de "
            f"covarianzas tiene rango {k - n_groups} < k - 1 = {k - 1} y la prueba no puede "
            "comparar un grupo con otro. Ejecute los algoritmos de grupos distintos en algún "
            "conjunto común, o analice cada grupo por separado."
        )


def skillings_mack_test(scores: object, *, higher_is_better: bool = True) -> OmnibusResult:
    r"""Prueba de Skillings y Mack: la de Friedman cuando faltan celdas de la tabla.

    Si algún algoritmo no se ejecutó (o falló) en algunos conjuntos, la tabla N×k tiene
    celdas faltantes (NaN) y la prueba de Friedman obligaría a descartar filas o columnas
    enteras. La de Skillings y Mack (1981) usa todas las celdas observadas. En cada fila
    :math:`i` se ordenan solo sus :math:`k_i` valores observados (1 = el mejor; empates con
    el rango medio y la regla de :mod:`course_utils.many_models.ranks`), y cada rango se centra y se
    escala según :math:`k_i`:

    .. math::

        A_j = \sum_{i:\ j \text{ observado}} \sqrt{\frac{12}{k_i+1}}
              \left(r_{ij} - \frac{k_i+1}{2}\right).

    Con :math:`\lambda_{jj'}` el número de filas en las que se observan a la vez los
    algoritmos :math:`j` y :math:`j'`, la matriz de covarianzas de :math:`A` bajo H0 es
    :math:`\Sigma_{jj'} = -\lambda_{jj'}` (:math:`j \ne j'`) y
    :math:`\Sigma_{jj} = \sum_{j' \ne j} \lambda_{jj'}`, y

    .. math::

        SM = A^\top \Sigma^{-} A \;\sim\; \chi^2_{k-1}

    con :math:`\Sigma^{-}` una inversa generalizada. Como :math:`A` suma 0 y
    :math:`\Sigma` es la matriz laplaciana de un diseño conexo, :math:`SM` se calcula
    quitando un algoritmo y resolviendo el sistema definido positivo que queda (Cholesky),
    que da lo mismo que la inversa de Moore-Penrose. H0: todos los
    algoritmos son equivalentes. **El valor p es asintótico** (la distribución
    :math:`\chi^2` vale para muchos conjuntos); con pocos conjuntos o muchas celdas
    faltantes es aproximado, y Chatfield y Mander (2009) proponen entonces simularlo.

    Casos particulares: sin celdas faltantes, :math:`SM` es el :math:`\chi^2_F` de Friedman
    **sin** corrección por empates (:func:`friedman_test` por defecto); en un diseño en
    bloques incompletos equilibrado, es el estadístico de Durbin (1951). :math:`\Sigma`
    supone que no hay empates: con empates el valor p es algo conservador, como el de
    Friedman sin corregir.

    Qué puede faltar:

    * cualquier celda (NaN, ``None`` o ``pd.NA``);
    * un conjunto con menos de dos algoritmos observados no compara nada: se descarta y lo
      dice ``note`` (``n_datasets`` cuenta los conjuntos que quedan, al menos 2);
    * cada algoritmo necesita al menos un valor, y los algoritmos no pueden quedar partidos
      en grupos que nunca coinciden en un conjunto (diseño desconectado: :math:`\Sigma`
      tendría rango menor que :math:`k-1`); en ambos casos se rechaza la tabla diciendo qué
      algoritmos lo causan.

    La prueba supone que las celdas faltan por diseño o al azar. Si un algoritmo falta
    justo donde le habría ido mal (se agotó el tiempo en los conjuntos grandes), el sesgo
    no se corrige: el resultado solo habla de los conjuntos en los que sí se ejecutó.

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
        Filas = conjuntos de datos, columnas = algoritmos (al menos 3); NaN en las celdas
        faltantes.
    higher_is_better : bool, por defecto True
        ``False`` si las puntuaciones son errores (menos es mejor). No cambia el
        estadístico, solo ``average_ranks``.

    Devuelve
    --------
    OmnibusResult
        ``average_ranks`` es la media de los rangos de cada algoritmo en los conjuntos donde
        se observó: descriptiva, porque un rango de entre 3 y uno de entre 5 no están en la
        misma escala (la prueba usa :math:`A_j`, no esta media).

    Lanza
    -----
    ValueError
        Tabla con menos de 3 columnas o 2 filas, infinitos, un algoritmo sin ningún valor,
        menos de 2 conjuntos con dos o más algoritmos observados, diseño desconectado,
        todas las filas empatadas, o una tabla demasiado grande para unos segundos: más de
        :data:`MAX_SKILLINGS_MACK_ALGORITHMS` (1000) algoritmos, más de :math:`10^7` celdas
        o :math:`N k^2 > 2 \cdot 10^9`.
    TypeError
        Si la tabla no es numérica.

    Referencias
    -----------
    Skillings, J. H. y Mack, G. A. (1981). On the use of a Friedman-type statistic in
    balanced and unbalanced block designs. *Technometrics*, 23(2), 171-177.
    Chatfield, M. y Mander, A. (2009). The Skillings-Mack test (Friedman test when there are
    missing data). *The Stata Journal*, 9(2), 299-305.
    Durbin, J. (1951). Incomplete blocks in ranking experiments. *British Journal of
    Psychology, Statistical Section*, 4, 85-90.

    Ejemplos
    --------
    Los datos de Brady (1969) en Hollander y Wolfe (1999), con una celda faltante:

    >>> nan = float("nan")
    >>> tabla = [[3, 5, 15], [1, 3, 18], [5, 4, 21], [2, nan, 6],
    ...          [0, 2, 17], [0, 2, 10], [0, 3, 8], [0, 2, 13]]
    >>> res = skillings_mack_test(tabla, higher_is_better=False)
    >>> round(res.statistic, 4), res.df, round(res.pvalue, 4), res.n_datasets
    (13.281, (2,), 0.0013, 8)
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    values, rows, cols = _score_table(scores, min_rows=2, min_cols=3, allow_missing=True)
    n_rows, k = values.shape
    _check_skillings_mack_size(n_rows, k)
    observed = ~np.isnan(values)
    empty = [c for c, seen in zip(cols, observed.any(axis=0)) if not seen]
    if empty:
        raise ValueError(
            f"`scores` tiene algoritmos (columnas) sin ningún valor observado: {empty}. Sin "
            "puntuaciones no se pueden ordenar; quítelos de la tabla."
        )
    values = values.copy()
    values[observed] = _unit_scaled(values[observed])  # sin desbordes al fundir empates
    counts = observed.sum(axis=1)
    used = counts >= 2
    dropped = [r for r, u in zip(rows, used) if not u]
    if int(used.sum()) < 2:
        raise ValueError(
            f"`scores` necesita al menos 2 conjuntos (filas) con dos o más algoritmos "
            f"observados; tiene {int(used.sum())} de {n_rows}. Un conjunto con un solo "
            "algoritmo no compara nada."
        )
    obs = observed[used].astype(float)
    # λ_jj' = filas con j y j' observados: sumas de 0 y 1, exactas en float32 hasta 2**24
    # filas (y diez veces más rápidas que en float64).
    small = obs.astype(np.float32) if len(obs) < 2**24 else obs
    lam = (small.T @ small).astype(float)
    # Σ es la matriz laplaciana del grafo «comparten un conjunto»: su rango es k menos el
    # número de componentes conexas, así que rango k - 1 equivale a un diseño conexo.
    _refuse_disconnected(lam, cols)
    ranks = _observed_ranks(values, observed, higher_is_better)[used]
    k_i = counts[used].astype(float)[:, None]
    centred = np.where(obs > 0, np.sqrt(12.0 / (k_i + 1.0)) * (ranks - (k_i + 1.0) / 2.0), 0.0)
    if np.all(centred == 0.0):
        raise ValueError(
            "En todas las filas de `scores` los algoritmos observados empatan: los rangos no "
            "contienen información y la prueba de Skillings-Mack no está definida."
        )
    a = centred.sum(axis=0)
    sigma = -lam
    np.fill_diagonal(sigma, 0.0)
    np.fill_diagonal(sigma, -sigma.sum(axis=1))
    # A suma 0 en cada fila, así que está en el rango de Σ (laplaciana de un grafo conexo) y
    # A'Σ⁻A = A₋'Σ₋⁻¹A₋ quitando el último algoritmo (Σ₋ es definida positiva): Cholesky.
    sm = check_finite_result(
        float(a[:-1] @ linalg.solve(sigma[:-1, :-1], a[:-1], assume_a="pos")),
        "el estadístico SM",
    )
    sm = max(sm, 0.0)
    n_missing = int((~observed).sum())
    notes = []
    if n_missing == 0:
        notes.append("no falta ninguna celda, así que SM coincide con el χ²_F de Friedman "
                     "sin corrección por empates")
    else:
        notes.append(f"faltan {n_missing} de {n_rows * k} celdas")
    if dropped:
        what = "se descarta 1 conjunto" if len(dropped) == 1 else (
            f"se descartan {len(dropped)} conjuntos")
        notes.append(f"{what} con menos de dos algoritmos observados ({_names_text(dropped)})")
    ordered = np.sort(ranks, axis=1)  # NaN al final; NaN == NaN es False
    tied = bool(np.any(ordered[:, 1:] == ordered[:, :-1]))
    if tied:
        notes.append("hay empates: Σ supone que no los hay y el valor p es algo conservador")
    return OmnibusResult(
        method="Prueba de Skillings-Mack",
        average_ranks=pd.Series(np.nanmean(ranks, axis=0), index=cols,
                                name="rango medio (celdas observadas)"),
        statistic=sm,
        pvalue=float(stats.chi2.sf(sm, k - 1)),
        df=(k - 1,),
        distribution="chi2",
        n_datasets=int(used.sum()),
        n_algorithms=k,
        higher_is_better=higher_is_better,
        note="; ".join(notes) + ".",
    )
