r"""Comparar varios algoritmos sobre varios conjuntos de datos (Demšar, 2006).

La entrada es siempre una tabla de puntuaciones N×k: filas = conjuntos de datos,
columnas = algoritmos (un ``DataFrame`` o un arreglo). Las pruebas trabajan con los
**rangos** de cada fila (1 = el mejor; empates con el rango medio), no con las
puntuaciones: promediar exactitudes de conjuntos distintos no tiene sentido, promediar
rangos sí. Antes de ordenar, los valores que solo difieren por ruido de coma flotante se
consideran empatados: dos puntuaciones de una fila empatan si las separa como mucho 1e-12
veces la mayor de la fila (en valor absoluto), y una diferencia ``a - b`` es nula si no pasa
de 1e-12 veces ``max(|a|, |b|)``. La tolerancia es relativa: multiplicar la tabla por una
constante positiva no cambia ningún resultado.

* :func:`friedman_test`: prueba de Friedman (:math:`\chi^2_F`) y su corrección de
  Iman y Davenport (:math:`F_F`); se contrasta con ``scipy.stats.friedmanchisquare``.
* :func:`nemenyi_test`: todas las parejas, con la diferencia crítica (CD) del rango
  studentizado (``scipy.stats.studentized_range``), para cualquier ``alpha``.
* :func:`control_test`: cada algoritmo frente a uno de control, con Holm o con
  Bonferroni-Dunn (``statsmodels.stats.multitest.multipletests``).
* :func:`wilcoxon_holm_test`: todas las parejas con la prueba de rangos con signo de
  Wilcoxon y ajuste de Holm (la recomendación de Benavoli, Corani y Mangili, 2016).
* :func:`wilcoxon_signed_rank_test` y :func:`sign_test`: dos algoritmos sobre N conjuntos.
* :func:`critical_difference`: la CD de Nemenyi o de Bonferroni-Dunn.

El diagrama de diferencias críticas está en :mod:`course_utils.plots_multiple`.

Referencias
-----------
Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
*Journal of Machine Learning Research*, 7, 1-30.
García, S. y Herrera, F. (2008). An extension on "Statistical comparisons of classifiers
over multiple data sets" for all pairwise comparisons. *JMLR*, 9, 2677-2694.
Benavoli, A., Corani, G. y Mangili, F. (2016). Should we really use post-hoc tests based
on mean-ranks? *JMLR*, 17(5), 1-10.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats
from statsmodels.stats.multitest import multipletests

from course_utils._results import _fmt_p
from course_utils._validation import (
    check_alpha,
    check_bool,
    check_choice,
    check_finite_array,
    describe,
)

__all__ = [
    "FriedmanResult",
    "PostHocResult",
    "TwoAlgorithmsResult",
    "average_ranks",
    "friedman_test",
    "critical_difference",
    "nemenyi_test",
    "control_test",
    "wilcoxon_holm_test",
    "wilcoxon_signed_rank_test",
    "sign_test",
]

_ALTERNATIVES = ("two-sided", "greater", "less")


# ---------------------------------------------------------------------------
# Validación de la tabla de puntuaciones
# ---------------------------------------------------------------------------


def _score_table(
    scores: object, name: str = "scores", *, min_rows: int = 2, min_cols: int = 2
) -> tuple[np.ndarray, list[str], list[str]]:
    """Valida una tabla N×k y devuelve (valores, nombres de filas, nombres de columnas)."""
    if isinstance(scores, pd.DataFrame):
        if scores.columns.duplicated().any():
            dup = sorted({str(c) for c in scores.columns[scores.columns.duplicated()]})
            raise ValueError(f"`{name}` tiene columnas (algoritmos) repetidas: {dup}.")
        non_numeric = [str(c) for c in scores.columns
                       if not pd.api.types.is_numeric_dtype(scores[c])
                       or pd.api.types.is_bool_dtype(scores[c])
                       or pd.api.types.is_complex_dtype(scores[c])]
        if non_numeric:
            raise TypeError(
                f"`{name}` debe contener solo puntuaciones numéricas reales; las columnas "
                f"{non_numeric} no lo son."
            )
        values = check_finite_array(scores.to_numpy(dtype=float), name, ndim=2)
        rows = [str(i) for i in scores.index]
        cols = [str(c) for c in scores.columns]
        if len(set(cols)) != len(cols):
            raise ValueError(f"`{name}` tiene nombres de columnas repetidos al pasarlos a texto.")
    else:
        values = check_finite_array(scores, name, ndim=2)
        rows = [f"conjunto {i + 1}" for i in range(values.shape[0])]
        cols = [f"A{j + 1}" for j in range(values.shape[1])]
    n, k = values.shape
    if n < min_rows or k < min_cols:
        raise ValueError(
            f"`{name}` debe tener al menos {min_rows} filas (conjuntos de datos) y "
            f"{min_cols} columnas (algoritmos); se recibió una tabla de forma {values.shape}."
        )
    return values, rows, cols


#: Tolerancia relativa de los empates. Dos puntuaciones de una fila se consideran empatadas
#: si, ordenadas, las separa como mucho ``_TIE_RTOL`` veces la mayor puntuación de la fila en
#: valor absoluto; una diferencia ``a - b`` es nula si no pasa de ``_TIE_RTOL`` veces
#: ``max(|a|, |b|)``. Es ruido de coma flotante (la media de cinco particiones con 541
#: aciertos de 600 puede salir 0.9016666666666667 o 0.9016666666666666 según el orden de la
#: suma), no una victoria. Al ser relativa, multiplicar la tabla por una constante positiva
#: no cambia ningún rango ni ningún valor p.
_TIE_RTOL = 1e-12


def _merge_close(values: np.ndarray, tol: np.ndarray | float) -> np.ndarray:
    """Funde los valores casi iguales de cada fila (último eje) en el menor de su grupo.

    Se ordena cada fila y se abre un grupo nuevo donde el salto entre dos valores
    consecutivos supera ``tol`` (uno por fila, o uno común). Dos valores a 1 ulp quedan
    siempre en el mismo grupo, sin fronteras de redondeo que los separen.
    """
    v = np.atleast_2d(np.asarray(values, dtype=float))
    n = v.shape[-1]
    order = np.argsort(v, axis=-1, kind="stable")
    sv = np.take_along_axis(v, order, axis=-1)
    tol = np.broadcast_to(np.asarray(tol, dtype=float).reshape(-1, 1), (v.shape[0], 1))
    new_group = np.concatenate(
        [np.ones((v.shape[0], 1), dtype=bool), np.diff(sv, axis=-1) > tol], axis=-1
    )
    first = np.maximum.accumulate(np.where(new_group, np.arange(n), 0), axis=-1)
    out = np.empty_like(v)
    np.put_along_axis(out, order, np.take_along_axis(sv, first, axis=-1), axis=-1)
    return out.reshape(np.shape(values))


def _differences(a: np.ndarray, b: np.ndarray, what: str = "`scores_a - scores_b`") -> np.ndarray:
    """``a - b`` con los empates de :data:`_TIE_RTOL`; rechaza las que desbordan.

    Las diferencias nulas salvo ruido (relativo a ``max(|a|, |b|)`` de cada pareja) pasan
    a ser 0, y las de magnitud casi igual se funden (relativo a la mayor puntuación).
    """
    with np.errstate(over="ignore", invalid="ignore"):
        d = a - b
    if not np.all(np.isfinite(d)):
        raise ValueError(
            f"Las diferencias {what} desbordan la coma flotante (valores de magnitud cercana "
            "a 1e308); reescale las puntuaciones."
        )
    pair_scale = np.maximum(np.abs(a), np.abs(b))
    d = np.where(np.abs(d) <= _TIE_RTOL * pair_scale, 0.0, d)
    scale = float(pair_scale.max()) if pair_scale.size else 0.0
    return np.sign(d) * _merge_close(np.abs(d), _TIE_RTOL * scale)


def _ranks(values: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """Rangos por fila (1 = mejor), empates con el rango medio (``scipy.stats.rankdata``).

    Antes, los valores casi iguales de cada fila se funden (:data:`_TIE_RTOL`).
    """
    v = _merge_close(values, _TIE_RTOL * np.max(np.abs(values), axis=1))
    return stats.rankdata(-v if higher_is_better else v, axis=1, method="average")


def average_ranks(scores: object, *, higher_is_better: bool = True) -> pd.Series:
    """Rango medio de cada algoritmo sobre los conjuntos (1 = el mejor).

    En cada fila el mejor algoritmo recibe el rango 1, el segundo el 2, etc.; los empates
    reciben la media de los rangos que ocupan (``scipy.stats.rankdata(method="average")``).

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
        Filas = conjuntos de datos, columnas = algoritmos.
    higher_is_better : bool, por defecto True
        ``False`` para errores (menos es mejor).

    Devuelve
    --------
    pandas.Series
        Rango medio de cada algoritmo, en el orden de las columnas.

    Ejemplos
    --------
    >>> average_ranks([[0.9, 0.8, 0.8], [0.7, 0.9, 0.6]]).round(2).tolist()
    [1.5, 1.75, 2.75]
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    values, _, cols = _score_table(scores, min_rows=1)
    return pd.Series(_ranks(values, higher_is_better).mean(axis=0), index=cols, name="rango medio")


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


# ---------------------------------------------------------------------------
# Pruebas post hoc sobre los rangos
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PostHocResult:
    """Resultado de una prueba post hoc (*post-hoc test*) con varias comparaciones.

    Atributos
    ---------
    method : str
        ``"nemenyi"``, ``"holm"``, ``"bonferroni-dunn"`` o ``"wilcoxon-holm"``.
    average_ranks : pandas.Series
        Rango medio de cada algoritmo (1 = el mejor); lo usa el diagrama CD.
    comparisons : pandas.DataFrame
        Una fila por comparación: ``a``, ``b``, ``rank_difference`` (R_a - R_b),
        ``statistic`` (z o, en Wilcoxon, W = mín(R+, R-)), ``pvalue`` (sin ajustar),
        ``pvalue_adjusted`` y ``reject``: ``pvalue_adjusted <= alpha``, como
        ``statsmodels.stats.multitest.multipletests`` (en Nemenyi, ``|R_a - R_b| >= CD``).
    alpha : float
    control : str o None
        Algoritmo de control (solo en las comparaciones con un control).
    critical_difference : float o None
        CD en rangos medios (Nemenyi y Bonferroni-Dunn; ``None`` en Holm y Wilcoxon).
    n_datasets : int
    """

    method: str
    average_ranks: pd.Series = field(repr=False)
    comparisons: pd.DataFrame = field(repr=False)
    alpha: float
    control: str | None
    critical_difference: float | None
    n_datasets: int

    @property
    def algorithms(self) -> list[str]:
        """Nombres de los algoritmos, en el orden de la tabla."""
        return list(self.average_ranks.index)

    def significant(self) -> pd.DataFrame:
        """Matriz k×k de booleanos: ``True`` si la pareja difiere significativamente.

        En las comparaciones con un control solo se rellenan la fila y la columna del
        control (las demás parejas no se han contrastado y quedan en ``False``).
        """
        names = self.algorithms
        mat = pd.DataFrame(False, index=names, columns=names)
        for row in self.comparisons.itertuples():
            mat.loc[row.a, row.b] = mat.loc[row.b, row.a] = bool(row.reject)
        return mat

    def adjusted_pvalues(self) -> pd.DataFrame:
        """Matriz k×k de valores p ajustados (1 en la diagonal; NaN si no se contrastó)."""
        names = self.algorithms
        mat = pd.DataFrame(np.nan, index=names, columns=names)
        for name in names:
            mat.loc[name, name] = 1.0
        for row in self.comparisons.itertuples():
            mat.loc[row.a, row.b] = mat.loc[row.b, row.a] = float(row.pvalue_adjusted)
        return mat

    def groups(self) -> list[tuple[str, ...]]:
        """Grupos de algoritmos que no difieren significativamente (para el diagrama CD).

        Con el orden de los rangos medios, cada grupo es un tramo consecutivo máximo en
        el que ninguna pareja contrastada difiere significativamente. En las comparaciones
        con un control solo hay un grupo: el control y los que no difieren de él (que
        forman un tramo alrededor del control, porque el valor p crece al acercarse su
        rango). Los grupos de un solo algoritmo no se devuelven.
        """
        order = list(self.average_ranks.sort_values(kind="stable").index)
        sig = self.significant()
        if self.control is not None:
            members = [a for a in order if a == self.control or not sig.loc[a, self.control]]
            return [tuple(members)] if len(members) > 1 else []
        runs: list[tuple[str, ...]] = []
        k = len(order)
        for i in range(k):
            j = i
            while j + 1 < k and not any(sig.loc[order[m], order[j + 1]] for m in range(i, j + 1)):
                j += 1
            if j > i:
                run = tuple(order[i : j + 1])
                if not any(set(run) <= set(prev) for prev in runs):
                    runs.append(run)
        return runs

    def summary(self) -> str:
        """Resumen en español (no lo imprime)."""
        titles = {
            "nemenyi": "Prueba de Nemenyi (todas las parejas)",
            "holm": f"Comparaciones con el control «{self.control}», ajuste de Holm",
            "bonferroni-dunn": f"Comparaciones con el control «{self.control}», Bonferroni-Dunn",
            "wilcoxon-holm": "Wilcoxon de rangos con signo por parejas, ajuste de Holm",
        }
        alpha = f"{self.alpha:.2f}" if round(self.alpha, 2) == self.alpha else f"{self.alpha:g}"
        lines = [f"{titles[self.method]}; α = {alpha}, N = {self.n_datasets} conjuntos"]
        if self.critical_difference is not None:
            lines.append(f"  diferencia crítica (CD) = {self.critical_difference:.4f} rangos")
        for row in self.comparisons.itertuples():
            mark = "sí" if row.reject else "no"
            lines.append(
                f"  {row.a} vs {row.b}: ΔR = {row.rank_difference:+.4f}, "
                f"p ajustado = {_fmt_p(row.pvalue_adjusted)}, ¿significativa? {mark}"
            )
        return "\n".join(lines)


def _rank_se(k: int, n: int) -> float:
    return math.sqrt(k * (k + 1) / (6.0 * n))


def _check_k_n(k: object, n: object) -> tuple[int, int]:
    from course_utils._validation import check_count

    # Con más de 10^5 algoritmos la integral del rango studentizado de scipy deja de ser
    # fiable (avisa de errores de redondeo); ninguna comparación real se acerca.
    return check_count(k, "k", minimum=2, maximum=_MAX_ALGORITHMS), check_count(n, "n", minimum=1)


#: Mayor número de algoritmos de :func:`critical_difference`.
_MAX_ALGORITHMS = 100_000


def critical_difference(k: int, n: int, alpha: float = 0.05, method: str = "nemenyi") -> float:
    r"""Diferencia crítica entre rangos medios (Demšar, 2006, §3.2.2).

    .. math::

        CD = q_\alpha \sqrt{\frac{k(k+1)}{6N}}

    * Nemenyi (todas las parejas): :math:`q_\alpha` es el cuantil :math:`1-\alpha` del
      rango studentizado de :math:`k` medias con infinitos grados de libertad dividido
      por :math:`\sqrt 2` (``scipy.stats.studentized_range``; sirve cualquier ``alpha``).
    * Bonferroni-Dunn (:math:`k-1` comparaciones con un control): :math:`q_\alpha` es el
      cuantil :math:`1 - \alpha/(2(k-1))` de la normal estándar.

    Parámetros
    ----------
    k : int
        Número de algoritmos (≥ 2).
    n : int
        Número de conjuntos de datos (≥ 1).
    alpha : float, por defecto 0.05
    method : {"nemenyi", "bonferroni-dunn"}

    Devuelve
    --------
    float

    Ejemplos
    --------
    >>> round(critical_difference(4, 14), 4)  # Demšar (2006): CD = 1.25
    1.2536
    """
    k, n = _check_k_n(k, n)
    alpha = check_alpha(alpha)
    method = check_choice(method, "method", ("nemenyi", "bonferroni-dunn"))
    if method == "nemenyi":
        q_range = float(stats.studentized_range.isf(alpha, k, np.inf))
        # scipy acota la búsqueda del cuantil: con alpha diminuto devuelve el tope, no el valor.
        back = float(stats.studentized_range.sf(q_range, k, np.inf)) if np.isfinite(q_range) else 0
        if not (np.isfinite(q_range) and abs(back / alpha - 1) < 1e-3):
            raise ValueError(
                "`alpha` es demasiado pequeño para calcular con fiabilidad el cuantil del rango "
                f"studentizado (se recibió {alpha!r}); use un valor de al menos 1e-8."
            )
        q = q_range / math.sqrt(2.0)
    else:
        q = float(stats.norm.isf(alpha / (2 * (k - 1))))
    return q * _rank_se(k, n)


#: Tope de parejas de las pruebas de todas las parejas: Nemenyi (vectorizada; 1000
#: algoritmos) y Wilcoxon con Holm (~0.2 ms por pareja: 200 algoritmos, unos segundos).
_MAX_NEMENYI_PAIRS = 1000 * 999 // 2
_MAX_WILCOXON_PAIRS = 200 * 199 // 2


def _check_pairs(k: int, maximum: int, function: str) -> None:
    """Rechaza tablas con más parejas de algoritmos de las que ``function`` hace en segundos."""
    pairs = k * (k - 1) // 2
    if pairs > maximum:
        k_max = int((1 + math.isqrt(1 + 8 * maximum)) // 2)
        raise ValueError(
            f"`scores` tiene {k} algoritmos (columnas): {pairs} parejas que comparar, más de las "
            f"{maximum} que `{function}` compara en unos segundos. Reduzca el número de "
            f"algoritmos a como mucho {k_max} (por ejemplo, los mejores según `average_ranks`) "
            "o compárelos con un control (`control_test`)."
        )


def _comparisons_frame(rows: list[dict]) -> pd.DataFrame:
    cols = ["a", "b", "rank_difference", "statistic", "pvalue", "pvalue_adjusted", "reject"]
    return pd.DataFrame(rows, columns=cols)


def nemenyi_test(
    scores: object, *, alpha: float = 0.05, higher_is_better: bool = True
) -> PostHocResult:
    r"""Prueba de Nemenyi: todas las parejas de algoritmos, sobre los rangos medios.

    Para cada pareja, :math:`z = (R_i - R_j) / \sqrt{k(k+1)/(6N)}`; el valor p ya
    ajustado es :math:`P(Q_{k,\infty} > \sqrt 2 |z|)` con el rango studentizado
    (como ``scikit_posthocs.posthoc_nemenyi_friedman``). Dos algoritmos difieren si
    :math:`|R_i - R_j| \ge CD` (:func:`critical_difference`), que equivale a
    ``pvalue_adjusted <= alpha``.

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
    alpha : float, por defecto 0.05
    higher_is_better : bool, por defecto True

    Devuelve
    --------
    PostHocResult
        ``method="nemenyi"``, con ``critical_difference``. ``pvalue`` y
        ``pvalue_adjusted`` coinciden (la prueba ya controla el error de familia).

    Ejemplos
    --------
    >>> res = nemenyi_test([[0.9, 0.8, 0.7]] * 10)
    >>> round(res.critical_difference, 4), bool(res.significant().loc["A1", "A3"])
    (1.0481, True)
    """
    alpha = check_alpha(alpha)
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    values, _, cols = _score_table(scores, min_rows=2, min_cols=2)
    n, k = values.shape
    r = _ranks(values, higher_is_better).mean(axis=0)
    se = _rank_se(k, n)
    cd = critical_difference(k, n, alpha, "nemenyi")
    _check_pairs(k, _MAX_NEMENYI_PAIRS, "nemenyi_test")
    i, j = np.triu_indices(k, 1)
    diff = r[i] - r[j]
    z = diff / se
    # El valor p solo depende de |z|: se calcula una vez por valor distinto (con N conjuntos,
    # los rangos medios son múltiplos de 1/(2N) y se repiten mucho).
    uniq, inverse = np.unique(np.abs(z), return_inverse=True)
    p = np.clip(stats.studentized_range.sf(uniq * math.sqrt(2.0), k, np.inf), 0.0, 1.0)[inverse]
    table = pd.DataFrame(dict(a=np.asarray(cols, dtype=object)[i],
                              b=np.asarray(cols, dtype=object)[j], rank_difference=diff,
                              statistic=z, pvalue=p, pvalue_adjusted=p,
                              reject=np.abs(diff) >= cd))
    return PostHocResult(
        method="nemenyi",
        average_ranks=pd.Series(r, index=cols, name="rango medio"),
        comparisons=table,
        alpha=alpha,
        control=None,
        critical_difference=cd,
        n_datasets=n,
    )


def control_test(
    scores: object,
    control: object,
    *,
    method: str = "holm",
    alpha: float = 0.05,
    higher_is_better: bool = True,
) -> PostHocResult:
    r"""Cada algoritmo frente a uno de control, sobre los rangos medios.

    Para cada algoritmo :math:`i` distinto del control :math:`c`,
    :math:`z = (R_c - R_i) / \sqrt{k(k+1)/(6N)}` (control menos algoritmo, el orden de
    Demšar y de la columna ``rank_difference``; es la columna ``statistic``) y el valor p
    bilateral de la normal estándar. Los :math:`k-1` valores p se ajustan con
    ``statsmodels.stats.multitest.multipletests``: ``method="holm"`` (escalonado, más
    potente) o ``method="bonferroni-dunn"`` (Bonferroni: multiplica por :math:`k-1`;
    equivale a la CD de Bonferroni-Dunn). Con un control hay :math:`k-1` comparaciones
    en lugar de :math:`k(k-1)/2`, así que estas pruebas son más potentes que Nemenyi.

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
    control : str o int
        Nombre de la columna de control (o su posición si ``scores`` es un arreglo).
    method : {"holm", "bonferroni-dunn"}, por defecto "holm"
    alpha : float, por defecto 0.05
    higher_is_better : bool, por defecto True

    Devuelve
    --------
    PostHocResult
        Con ``control``; ``critical_difference`` solo en Bonferroni-Dunn.

    Referencias
    -----------
    Holm, S. (1979). A simple sequentially rejective multiple test procedure.
    *Scandinavian Journal of Statistics*, 6, 65-70. Demšar (2006), §3.2.2.

    Ejemplos
    --------
    >>> res = control_test([[0.9, 0.8, 0.7]] * 10, "A1")
    >>> res.comparisons["reject"].tolist()
    [True, True]
    """
    alpha = check_alpha(alpha)
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    method = check_choice(method, "method", ("holm", "bonferroni-dunn"))
    values, _, cols = _score_table(scores, min_rows=2, min_cols=2)
    n, k = values.shape
    if isinstance(control, (int, np.integer)) and not isinstance(control, bool) \
            and not isinstance(scores, pd.DataFrame):
        if not 0 <= int(control) < k:
            raise ValueError(f"`control` debe ser una posición entre 0 y {k - 1}; se recibió {control}.")
        c = int(control)
    elif isinstance(control, str) and control in cols:
        c = cols.index(control)
    else:
        raise ValueError(
            f"`control` debe ser uno de los algoritmos {cols}; se recibió {describe(control)}."
        )
    r = _ranks(values, higher_is_better).mean(axis=0)
    se = _rank_se(k, n)
    others = [i for i in range(k) if i != c]
    z = np.array([(r[i] - r[c]) / se for i in others])
    p = np.clip(2 * stats.norm.sf(np.abs(z)), 0.0, 1.0)
    sm_method = "holm" if method == "holm" else "bonferroni"
    reject, p_adj, _, _ = multipletests(p, alpha=alpha, method=sm_method)
    rows = [
        dict(a=cols[c], b=cols[i], rank_difference=float(r[c] - r[i]), statistic=float(-zi),
             pvalue=float(pi), pvalue_adjusted=float(pa), reject=bool(rj))
        for i, zi, pi, pa, rj in zip(others, z, p, p_adj, reject)
    ]
    cd = critical_difference(k, n, alpha, "bonferroni-dunn") if method != "holm" else None
    return PostHocResult(
        method=method,
        average_ranks=pd.Series(r, index=cols, name="rango medio"),
        comparisons=_comparisons_frame(rows),
        alpha=alpha,
        control=cols[c],
        critical_difference=cd,
        n_datasets=n,
    )


# ---------------------------------------------------------------------------
# Dos algoritmos sobre N conjuntos: Wilcoxon y prueba de los signos
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TwoAlgorithmsResult:
    """Resultado de comparar dos algoritmos A y B sobre N conjuntos de datos.

    Atributos
    ---------
    method : str
        Nombre de la prueba, en español.
    statistic : float
        Wilcoxon: :math:`W = \\min(R^+, R^-)` en la prueba bilateral (``R+`` en las
        unilaterales, como scipy); signos: número de victorias de A.
    pvalue : float
    alternative : str
    n_datasets : int
    wins, losses, ties : int
        Conjuntos en que A gana, pierde o empata con B.
    r_plus, r_minus : float o None
        Sumas de rangos de las diferencias positivas y negativas (Wilcoxon).
    median_difference : float
        Mediana de las diferencias A - B.
    note : str
        Cómo se trataron los empates y qué aproximación se usó.
    """

    method: str
    statistic: float
    pvalue: float
    alternative: str
    n_datasets: int
    wins: int
    losses: int
    ties: int
    r_plus: float | None
    r_minus: float | None
    median_difference: float
    note: str

    def summary(self) -> str:
        """Resumen en español (no lo imprime)."""
        lines = [
            self.method,
            f"  N = {self.n_datasets} conjuntos: A gana {self.wins}, pierde {self.losses}, "
            f"empata {self.ties}",
        ]
        if self.r_plus is not None:
            lines.append(f"  R+ = {self.r_plus:.4f}, R- = {self.r_minus:.4f}")
        lines += [
            f"  estadístico = {self.statistic:.4f}; valor p = {_fmt_p(self.pvalue)} "
            f"({'bilateral' if self.alternative == 'two-sided' else 'unilateral: ' + self.alternative})",
            f"  mediana de A - B = {self.median_difference:.4f}",
            f"  nota: {self.note}",
        ]
        return "\n".join(lines)


def _paired_columns(scores_a: object, scores_b: object) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(scores_a, pd.Series) and isinstance(scores_b, pd.Series):
        if not scores_a.index.equals(scores_b.index):
            raise ValueError(
                "`scores_a` y `scores_b` son Series con índices distintos: alinéelas por "
                "conjunto de datos antes de compararlas."
            )
    a = check_finite_array(scores_a, "scores_a", ndim=1, min_size=2)
    b = check_finite_array(scores_b, "scores_b", ndim=1, min_size=2)
    if a.shape != b.shape:
        raise ValueError(
            "`scores_a` y `scores_b` deben tener la misma longitud (una puntuación por "
            f"conjunto); se recibieron {a.size} y {b.size}."
        )
    return a, b


#: Hasta cuántos conjuntos ``method="auto"`` usa la distribución exacta de la prueba de
#: Wilcoxon (como ``scipy.stats.wilcoxon``), y cuántos admite ``method="exact"``.
_WILCOXON_AUTO_EXACT = 50
_WILCOXON_MAX_EXACT = 400


def _signed_rank_exact_pvalue(ranks: np.ndarray, r_plus: float, alternative: str) -> float:
    """Valor p exacto de R+ por permutación de signos, con los rangos (medios) dados.

    Bajo H0 cada rango entra en R+ con probabilidad 1/2, independientemente. Los rangos
    medios son múltiplos de 1/2, así que con rangos dobles (enteros) la distribución de
    R+ se obtiene exactamente por convolución (programación dinámica, O(n·Σ rangos)), en
    lugar de recorrer las 2^n combinaciones de signos. ``ranks`` son los rangos que
    pueden cambiar de signo; ``r_plus`` la suma observada de los positivos.
    """
    twice = np.rint(2 * np.asarray(ranks, dtype=float)).astype(np.int64)
    dist = np.ones(1)
    for r in twice:
        new = np.zeros(dist.size + r)
        new[: dist.size] += 0.5 * dist
        new[r:] += 0.5 * dist
        dist = new
    obs = int(round(2 * r_plus))
    p_greater = float(dist[obs:].sum()) if obs < dist.size else 0.0
    p_less = float(dist[: obs + 1].sum()) if obs >= 0 else 0.0
    if alternative == "greater":
        return min(p_greater, 1.0)
    if alternative == "less":
        return min(p_less, 1.0)
    return min(1.0, 2.0 * min(p_greater, p_less))


def _wilcoxon(d: np.ndarray, zero_method: str, method: str, alternative: str) -> dict:
    """Prueba de Wilcoxon sobre diferencias ya preparadas (:func:`_differences`)."""
    n_zero = int(np.sum(d == 0))
    nonzero = np.abs(d[d != 0])
    has_ties = np.unique(nonzero).size < nonzero.size
    if method == "exact" and d.size > _WILCOXON_MAX_EXACT:
        raise ValueError(
            f"`method='exact'` admite como mucho {_WILCOXON_MAX_EXACT} conjuntos de datos; se "
            f"recibieron {d.size}. Con tantos, use `method='auto'` (aproximación normal)."
        )
    exact = method == "exact" or (method == "auto" and d.size <= _WILCOXON_AUTO_EXACT)
    rk = stats.rankdata(np.abs(d))
    if zero_method == "zsplit":
        movable = rk[d != 0]
        fixed = float(rk[d == 0].sum()) / 2  # la mitad de cada cero va a R+ y a R-
    else:
        nz = d != 0
        movable = stats.rankdata(np.abs(d[nz])) if zero_method == "wilcox" else rk[nz]
        fixed = 0.0
    r_plus = float(movable[d[d != 0] > 0].sum()) + fixed
    r_minus = float(movable[d[d != 0] < 0].sum()) + fixed
    statistic = r_plus if alternative != "two-sided" else min(r_plus, r_minus)
    if exact:
        pvalue = _signed_rank_exact_pvalue(movable, r_plus - fixed, alternative)
        how = ("distribución exacta de permutación de signos" +
               (" (condicionada a los empates y ceros observados)" if n_zero or has_ties else ""))
    else:
        res = stats.wilcoxon(d, zero_method=zero_method, alternative=alternative,
                             method="asymptotic")
        pvalue = float(res.pvalue)
        how = "aproximación normal (con corrección por empates)"
    return dict(statistic=float(statistic), pvalue=float(min(max(pvalue, 0.0), 1.0)),
                r_plus=r_plus, r_minus=r_minus, n_zero=n_zero, how=how)


def wilcoxon_signed_rank_test(
    scores_a: object,
    scores_b: object,
    *,
    zero_method: str = "zsplit",
    method: str = "auto",
    alternative: str = "two-sided",
) -> TwoAlgorithmsResult:
    r"""Prueba de rangos con signo de Wilcoxon para dos algoritmos sobre N conjuntos.

    Se ordenan los valores absolutos de las diferencias :math:`d_i = a_i - b_i`
    (empates con el rango medio) y se suman los rangos de las positivas (:math:`R^+`)
    y de las negativas (:math:`R^-`).

    * **Diferencias nulas** (``zero_method``): por defecto ``"zsplit"``, como recomienda
      Demšar (2006, §3.1.3): sus rangos se reparten a medias entre :math:`R^+` y
      :math:`R^-` (scipy reparte todas; Demšar descarta una si su número es impar).
      ``"wilcox"`` las descarta y ``"pratt"`` las ordena y luego las descarta.
    * **Método**: ``"auto"`` usa la distribución **exacta** si N ≤ 50 y la aproximación
      normal (con corrección por empates y sin corrección de continuidad, la
      ``method="asymptotic"`` de ``scipy.stats.wilcoxon``) si N > 50. La exacta es la
      de permutación de signos: bajo H0 cada diferencia no nula tiene signo + o − con
      probabilidad 1/2, y los rangos (medios, si hay empates) y los ceros son los
      observados. Sin ceros ni empates coincide con la exacta de scipy; con ellos, es la
      que da ``scipy.stats.permutation_test`` sobre los rangos con signo, calculada sin
      recorrer las :math:`2^N` combinaciones. Así un valor p nunca baja de lo que la
      prueba exacta puede alcanzar (con N = 5, 2/32 = 0.0625 en dos colas).
      ``"exact"`` (N ≤ 400) o ``"approx"`` fijan el método; la nota del resultado dice
      cuál se usó.

    Condiciones: diferencias conmensurables entre conjuntos (se comparan sus magnitudes)
    y simétricas alrededor de la mediana bajo H0; no supone normalidad. Los empates se
    detectan con una tolerancia relativa (ver el inicio del módulo).

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (N,)
        Una puntuación por conjunto de datos para cada algoritmo (más es mejor).
    zero_method : {"zsplit", "wilcox", "pratt"}, por defecto "zsplit"
    method : {"auto", "exact", "approx"}, por defecto "auto"
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
        ``"greater"``: H1 es que A tiende a puntuar más que B.

    Devuelve
    --------
    TwoAlgorithmsResult
        ``statistic`` es mín(R+, R-) en dos colas y R+ en una (como scipy).

    Lanza
    -----
    ValueError
        Si las longitudes difieren, hay NaN, N < 2, todas las diferencias son 0, o
        ``method="exact"`` con N > 400.

    Ejemplos
    --------
    >>> a = [0.80, 0.75, 0.90, 0.66, 0.71, 0.88]
    >>> b = [0.78, 0.70, 0.86, 0.67, 0.65, 0.80]
    >>> res = wilcoxon_signed_rank_test(a, b)
    >>> res.r_plus, res.r_minus, round(res.pvalue, 4)
    (20.0, 1.0, 0.0625)
    """
    a, b = _paired_columns(scores_a, scores_b)
    zero_method = check_choice(zero_method, "zero_method", ("zsplit", "wilcox", "pratt"))
    method = check_choice(method, "method", ("auto", "exact", "approx"))
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    d = _differences(a, b)
    if np.all(d == 0):
        raise ValueError(
            "Todas las diferencias `scores_a - scores_b` son 0: los dos algoritmos empatan "
            "en todos los conjuntos y la prueba de Wilcoxon no está definida."
        )
    w = _wilcoxon(d, zero_method, method, alternative)
    zeros = {"zsplit": "repartidos a medias entre R+ y R-", "wilcox": "descartados",
             "pratt": "ordenados y luego descartados (Pratt)"}[zero_method]
    return TwoAlgorithmsResult(
        method="Prueba de rangos con signo de Wilcoxon",
        statistic=w["statistic"],
        pvalue=w["pvalue"],
        alternative=alternative,
        n_datasets=int(d.size),
        wins=int(np.sum(d > 0)),
        losses=int(np.sum(d < 0)),
        ties=w["n_zero"],
        r_plus=w["r_plus"],
        r_minus=w["r_minus"],
        median_difference=float(np.median(a - b)),
        note=f"{w['how']}; empates (d = 0): {w['n_zero']}, {zeros}.",
    )


def sign_test(
    scores_a: object, scores_b: object, *, ties: str = "split", alternative: str = "two-sided"
) -> TwoAlgorithmsResult:
    r"""Prueba de los signos: ¿gana A en más conjuntos de los que daría el azar?

    Bajo H0 cada algoritmo gana en cada conjunto con probabilidad 1/2, así que el número
    de victorias de A sigue una binomial :math:`B(n, 1/2)`; el valor p es el exacto de
    ``scipy.stats.binomtest``. Solo cuenta quién gana, no por cuánto: es la prueba más
    débil pero no exige nada sobre las magnitudes.

    Empates (``ties``): ``"split"`` (Demšar, 2006, §3.1.4) los reparte a medias entre
    los dos algoritmos, descartando uno si su número es impar; ``"discard"`` los quita.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (N,)
    ties : {"split", "discard"}, por defecto "split"
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"

    Devuelve
    --------
    TwoAlgorithmsResult
        ``statistic`` = victorias de A tras repartir los empates.

    Ejemplos
    --------
    >>> res = sign_test([3, 4, 5, 6, 7, 8, 9, 1], [1, 1, 1, 1, 1, 1, 1, 1])
    >>> res.wins, res.ties, round(res.pvalue, 4)
    (7, 1, 0.0156)
    """
    a, b = _paired_columns(scores_a, scores_b)
    ties = check_choice(ties, "ties", ("split", "discard"))
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    d = _differences(a, b)
    wins, losses, n_ties = int(np.sum(d > 0)), int(np.sum(d < 0)), int(np.sum(d == 0))
    half = n_ties // 2 if ties == "split" else 0
    k, n = wins + half, wins + losses + 2 * half
    if wins + losses == 0:
        raise ValueError(
            "Todas las diferencias `scores_a - scores_b` son 0 y no queda ningún conjunto que "
            "decida: la prueba de los signos no está definida."
        )
    res = stats.binomtest(k, n, 0.5, alternative=alternative)
    if ties == "split":
        how = (f"{n_ties} empate(s) repartidos a medias" +
               (" (uno descartado por ser impar)" if n_ties % 2 else ""))
    else:
        how = f"{n_ties} empate(s) descartados"
    return TwoAlgorithmsResult(
        method="Prueba de los signos",
        statistic=float(k),
        pvalue=float(min(max(res.pvalue, 0.0), 1.0)),
        alternative=alternative,
        n_datasets=int(d.size),
        wins=wins,
        losses=losses,
        ties=n_ties,
        r_plus=None,
        r_minus=None,
        median_difference=float(np.median(d)),
        note=f"binomial exacta con n = {n} y p = 1/2; {how}.",
    )


def wilcoxon_holm_test(
    scores: object,
    *,
    alpha: float = 0.05,
    higher_is_better: bool = True,
    zero_method: str = "zsplit",
) -> PostHocResult:
    """Todas las parejas con la prueba de Wilcoxon de rangos con signo y ajuste de Holm.

    Es la alternativa que recomiendan Benavoli, Corani y Mangili (2016): cada pareja se
    compara solo con sus propias puntuaciones (:func:`wilcoxon_signed_rank_test`, método
    ``"auto"``), de modo que el resultado de A frente a B no depende de qué otros
    algoritmos estén en la comparación, como sí ocurre con los rangos medios. Los
    :math:`k(k-1)/2` valores p se ajustan con Holm
    (``statsmodels.stats.multitest.multipletests``).

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
    alpha : float, por defecto 0.05
    higher_is_better : bool, por defecto True
    zero_method : {"zsplit", "wilcox", "pratt"}, por defecto "zsplit"

    Devuelve
    --------
    PostHocResult
        ``method="wilcoxon-holm"``; ``statistic`` es W = mín(R+, R-); los rangos medios
        se incluyen solo para ordenar el diagrama.

    Ejemplos
    --------
    >>> rng = np.random.default_rng(0)
    >>> s = rng.normal(size=(12, 3)) + [0.0, 0.0, 3.0]
    >>> res = wilcoxon_holm_test(s)
    >>> res.comparisons[["a", "b", "reject"]].values.tolist()
    [['A1', 'A2', False], ['A1', 'A3', True], ['A2', 'A3', True]]
    """
    alpha = check_alpha(alpha)
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    zero_method = check_choice(zero_method, "zero_method", ("zsplit", "wilcox", "pratt"))
    values, _, cols = _score_table(scores, min_rows=2, min_cols=2)
    n, k = values.shape
    _check_pairs(k, _MAX_WILCOXON_PAIRS, "wilcoxon_holm_test")
    signed = values if higher_is_better else -values
    r = _ranks(values, higher_is_better).mean(axis=0)
    rows, pvals = [], []
    for i, j in itertools.combinations(range(k), 2):
        d = _differences(signed[:, i], signed[:, j], "entre columnas de `scores`")
        if np.all(d == 0):
            stat, p = 0.0, 1.0
        else:
            w = _wilcoxon(d, zero_method, "auto", "two-sided")
            stat, p = w["statistic"], w["pvalue"]
        pvals.append(p)
        rows.append(dict(a=cols[i], b=cols[j], rank_difference=float(r[i] - r[j]),
                         statistic=float(stat), pvalue=float(p)))
    reject, p_adj, _, _ = multipletests(pvals, alpha=alpha, method="holm")
    for row, pa, rj in zip(rows, p_adj, reject):
        row["pvalue_adjusted"] = float(pa)
        row["reject"] = bool(rj)
    return PostHocResult(
        method="wilcoxon-holm",
        average_ranks=pd.Series(r, index=cols, name="rango medio"),
        comparisons=_comparisons_frame(rows),
        alpha=alpha,
        control=None,
        critical_difference=None,
        n_datasets=n,
    )
