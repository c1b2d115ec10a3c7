"""¿Qué parejas difieren? Pruebas post hoc tras Friedman, sobre una tabla N×k.

* :func:`nemenyi_test`: todas las parejas, con la diferencia crítica (CD) del rango
  studentizado (``scipy.stats.studentized_range``), para cualquier ``alpha``.
* :func:`control_test`: cada algoritmo frente a uno de control, con Holm, Bonferroni-Dunn
  (``statsmodels.stats.multitest.multipletests``), Hochberg, Hommel, Finner o Li.
* :func:`pairwise_test`: todas las parejas con Bonferroni, Holm, Shaffer o Bergmann-Hommel
  (este con los conjuntos exhaustivos de :mod:`course_utils.many_models.exhaustive`).
* :func:`control_test` y :func:`pairwise_test` comparan los rangos medios de Friedman o, con
  ``ranking="aligned"``, los rangos alineados medios (García et al., 2010).
* :func:`course_utils.wilcoxon_holm_test` (en :mod:`course_utils.many_models.paired_posthoc`): todas
  las
  parejas con la prueba de rangos con signo de Wilcoxon y ajuste de Holm (la recomendación de
  Benavoli, Corani y Mangili, 2016).
* :func:`critical_difference`: la CD de Nemenyi o de Bonferroni-Dunn.

Referencias
-----------
Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
*Journal of Machine Learning Research*, 7, 1-30.
García, S. y Herrera, F. (2008). An extension on "Statistical comparisons of classifiers
over multiple data sets" for all pairwise comparisons. *JMLR*, 9, 2677-2694.
García, S., Fernández, A., Luengo, J. y Herrera, F. (2010). Advanced nonparametric tests
for multiple comparisons in the design of experiments in computational intelligence and data
mining. *Information Sciences*, 180(10), 2044-2064.
Benavoli, A., Corani, G. y Mangili, F. (2016). Should we really use post-hoc tests based
on mean-ranks? *JMLR*, 17(5), 1-10.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from course_utils._results import _fmt_p
from course_utils._validation import (
    check_count,
    check_alpha,
    check_bool,
    check_choice,
    describe,
)
from course_utils.many_models.adjust import (  # noqa: F401 - también se importan de aquí
    _GARCIA_METHODS, ADJUST_METHODS, MAX_HOMMEL_PVALUES, adjust_pvalues,
)
from course_utils.many_models.exhaustive import MAX_EXHAUSTIVE_K, bergmann_hommel_apv
from course_utils.many_models.omnibus import _aligned_ranks
from course_utils.many_models.ranks import _ranks, _score_table

__all__ = [
    "ADJUST_METHODS",
    "MAX_HOMMEL_PVALUES",
    "PostHocResult",
    "adjust_pvalues",
    "pairwise_test",
    "shaffer_true_counts",
    "critical_difference",
    "nemenyi_test",
    "control_test",
]


# ---------------------------------------------------------------------------
# Pruebas post hoc sobre los rangos
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PostHocResult:
    """Resultado de una prueba post hoc (*post-hoc test*) con varias comparaciones.

    Atributos
    ---------
    method : str
        ``"nemenyi"``, ``"wilcoxon-holm"`` (o ``"wilcoxon-<ajuste>"``, de
        :func:`course_utils.many_models.paired_posthoc.wilcoxon_pairwise_test`); con un control,
        ``"holm"``, ``"bonferroni-dunn"``, ``"hochberg"``, ``"hommel"``, ``"finner"`` o
        ``"li"``; todas las parejas, ``"pairwise-bonferroni"``, ``"pairwise-holm"``,
        ``"pairwise-shaffer"`` o ``"pairwise-bergmann"``. Con los rangos alineados, el sufijo
        ``"-aligned"`` (por ejemplo ``"pairwise-bergmann-aligned"``; véase :attr:`ranking`).
    average_ranks : pandas.Series
        Rango medio de cada algoritmo (1 = el mejor); lo usa el diagrama CD. Con
        ``ranking="aligned"``, el rango alineado medio (de 1 a :math:`Nk`), con el nombre
        ``"rango alineado medio"``.
    comparisons : pandas.DataFrame
        Una fila por comparación: ``a``, ``b``, ``rank_difference`` (R_a - R_b),
        ``statistic`` (z o, en Wilcoxon, W = mín(R+, R-)), ``pvalue`` (sin ajustar),
        ``pvalue_adjusted`` y ``reject``: ``pvalue_adjusted <= alpha``, como
        ``statsmodels.stats.multitest.multipletests`` (en Nemenyi, ``|R_a - R_b| >= CD``).
    alpha : float
    control : str o None
        Algoritmo de control (solo en las comparaciones con un control).
    critical_difference : float o None
        CD en rangos medios (o alineados medios) de Nemenyi y Bonferroni-Dunn; ``None`` en
        los demás.
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
    def ranking(self) -> str:
        """``"aligned"`` si se compararon los rangos alineados medios; si no, ``"friedman"``."""
        return "aligned" if self.method.endswith("-aligned") else "friedman"

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
        con un control solo hay un grupo: el tramo alrededor del control de los que no
        difieren de él. Con los rangos medios son todos los que no difieren (el valor p crece
        al acercarse su rango); con Wilcoxon por parejas, uno que no difiere del control pero
        queda al otro lado de uno que sí difiere no entra en el tramo (la barra lo cruzaría).
        Los grupos de un solo algoritmo no se devuelven.
        """
        order = list(self.average_ranks.sort_values(kind="stable").index)
        sig = self.significant()
        if self.control is not None:
            c = order.index(self.control)
            lo, hi = c, c
            while lo > 0 and not sig.loc[order[lo - 1], self.control]:
                lo -= 1
            while hi + 1 < len(order) and not sig.loc[order[hi + 1], self.control]:
                hi += 1
            return [tuple(order[lo : hi + 1])] if hi > lo else []
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
        base = self.method.removesuffix("-aligned")
        aligned = self.ranking == "aligned"
        if base == "nemenyi":
            title = "Prueba de Nemenyi (todas las parejas)"
        elif base.startswith("wilcoxon-"):
            how = _PAIRWISE_NAMES.get(base[9:], base[9:].capitalize())
            vs = f" frente al control «{self.control}»" if self.control is not None else ""
            title = f"Wilcoxon de rangos con signo por parejas{vs}, ajuste de {how}"
        elif base.startswith("pairwise-"):
            ranks = "rangos alineados medios" if aligned else "rangos medios"
            title = f"Todas las parejas ({ranks}), ajuste de {_PAIRWISE_NAMES[base[9:]]}"
        else:
            how = ("Bonferroni-Dunn" if base == "bonferroni-dunn"
                   else f"ajuste de {base.capitalize()}")
            ranks = " (rangos alineados medios)" if aligned else ""
            title = f"Comparaciones con el control «{self.control}»{ranks}, {how}"
        alpha = f"{self.alpha:.2f}" if round(self.alpha, 2) == self.alpha else f"{self.alpha:g}"
        lines = [f"{title}; α = {alpha}, N = {self.n_datasets} conjuntos"]
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


#: Rangos de :func:`pairwise_test` y :func:`control_test`.
_RANKINGS = ("friedman", "aligned")


def _aligned_se(k: int, n: int) -> float:
    """Error estándar de la diferencia de dos rangos alineados medios, sqrt(k(Nk+1)/6)."""
    return math.sqrt(k * (n * k + 1) / 6.0)


def _mean_ranks(values: np.ndarray, higher_is_better: bool, ranking: str) -> tuple:
    """(rangos medios, su error estándar, nombre de la serie) con la ordenación ``ranking``."""
    n, k = values.shape
    if ranking == "aligned":
        return _aligned_ranks(values, higher_is_better).mean(axis=0), _aligned_se(k, n), \
            "rango alineado medio"
    return _ranks(values, higher_is_better).mean(axis=0), _rank_se(k, n), "rango medio"


def _bonferroni_dunn_cd(k: int, n: int, alpha: float, ranking: str = "friedman") -> float:
    """CD de Bonferroni-Dunn en la escala de ``ranking`` (la de Demšar con ``"friedman"``)."""
    if ranking == "friedman":
        return critical_difference(k, n, alpha, "bonferroni-dunn")
    return float(stats.norm.isf(alpha / (2 * (k - 1)))) * _aligned_se(k, n)


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


def _comparisons_frame(rows: list[dict] | pd.DataFrame) -> pd.DataFrame:
    cols = ["a", "b", "rank_difference", "statistic", "pvalue", "pvalue_adjusted", "reject"]
    if isinstance(rows, pd.DataFrame):
        return rows[cols].copy()
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
    i, j, diff, z = _all_pairs(r, se)
    # El valor p solo depende de |z|: se calcula una vez por valor distinto (con N conjuntos,
    # los rangos medios son múltiplos de 1/(2N) y se repiten mucho).
    uniq, inverse = np.unique(np.abs(z), return_inverse=True)
    p = np.clip(stats.studentized_range.sf(uniq * math.sqrt(2.0), k, np.inf), 0.0, 1.0)[inverse]
    return _all_pairs_result("nemenyi", r, cols, (i, j, diff, z), p, p, np.abs(diff) >= cd,
                             alpha, cd, n)


def _all_pairs(r: np.ndarray, se: float) -> tuple:
    """Índices de cada pareja (a < b), diferencia de rangos medios y z."""
    i, j = np.triu_indices(r.size, 1)
    diff = r[i] - r[j]
    return i, j, diff, diff / se


def _all_pairs_result(method, r, cols, pairs, p, p_adj, reject, alpha, cd, n,
                      ranks_name="rango medio") -> PostHocResult:
    i, j, diff, z = pairs
    names = np.asarray(cols, dtype=object)
    table = pd.DataFrame(dict(a=names[i], b=names[j], rank_difference=diff, statistic=z,
                              pvalue=p, pvalue_adjusted=p_adj, reject=reject))
    return PostHocResult(
        method=method,
        average_ranks=pd.Series(r, index=cols, name=ranks_name),
        comparisons=table,
        alpha=alpha,
        control=None,
        critical_difference=cd,
        n_datasets=n,
    )


_PAIRWISE_NAMES = {"bonferroni": "Bonferroni", "holm": "Holm", "shaffer": "Shaffer",
                   "bergmann": "Bergmann-Hommel"}
_MAX_SHAFFER_K = 30


def shaffer_true_counts(k: int) -> list[int]:
    r"""Números posibles de hipótesis ciertas entre las :math:`k(k-1)/2` parejas de k algoritmos.

    Si los algoritmos se reparten en grupos con el mismo rendimiento, son ciertas exactamente
    las hipótesis «iguales» dentro de cada grupo: :math:`\sum_g \binom{n_g}{2}`. No todos los
    números son posibles (con k = 4, nunca 4 ni 5), y eso es lo que aprovecha Shaffer (1986).
    Recursión: :math:`S(k) = \bigcup_{j=1}^{k} \{\binom{j}{2} + x : x \in S(k-j)\}`,
    :math:`S(0) = \{0\}`. Son los tamaños :math:`|I|` de los conjuntos exhaustivos de
    :func:`course_utils.many_models.exhaustive.exhaustive_sets` (más el 0), sin enumerarlos.

    >>> shaffer_true_counts(4)
    [0, 1, 2, 3, 6]
    """
    k = check_count(k, "k", minimum=1, maximum=_MAX_SHAFFER_K)
    sets: list[set[int]] = [{0}]
    for size in range(1, k + 1):
        sets.append({j * (j - 1) // 2 + x for j in range(1, size + 1) for x in sets[size - j]})
    return sorted(sets[k])


def _shaffer_apv(p: np.ndarray, k: int) -> np.ndarray:
    """APV de Shaffer estático (García y Herrera, 2008): min(1, max_{j≤i} t_j p_(j))."""
    m = p.size
    possible = np.array(shaffer_true_counts(k))
    # t_j: cuántas hipótesis pueden ser ciertas si las j - 1 anteriores son falsas.
    t = np.array([possible[possible <= m - j + 1].max() for j in range(1, m + 1)])
    order = np.argsort(p, kind="stable")
    adj = np.minimum(1.0, np.maximum.accumulate(t * p[order]))
    out = np.empty(m)
    out[order] = adj
    return out


def pairwise_test(
    scores: object,
    *,
    method: str = "shaffer",
    alpha: float = 0.05,
    higher_is_better: bool = True,
    ranking: str = "friedman",
) -> PostHocResult:
    r"""Todas las parejas sobre los rangos medios, con Bonferroni, Holm, Shaffer o Bergmann-Hommel.

    Para cada pareja, :math:`z = (R_a - R_b) / \sqrt{k(k+1)/(6N)}` y su valor p bilateral
    (como en Nemenyi), ajustados por las :math:`m = k(k-1)/2` comparaciones:

    * ``"bonferroni"``: :math:`\min(1, m\,p)`.
    * ``"holm"``: escalonado, :math:`\max_{j \le i} (m-j+1)\,p_{(j)}`.
    * ``"shaffer"`` (estático, Shaffer 1986): como Holm, pero el factor :math:`t_j` es el mayor
      número de hipótesis que aún pueden ser ciertas (:func:`shaffer_true_counts`), nunca
      mayor que el de Holm: rechaza al menos lo mismo.
    * ``"bergmann"`` (Bergmann y Hommel, 1988, con los APV de García y Herrera, 2008):
      :math:`APV_i = \min\{1, \max\{|I| \min_{j \in I} p_j : I \text{ exhaustivo},
      H_i \in I\}\}`, sobre los conjuntos de hipótesis que pueden ser ciertas a la vez
      (:func:`course_utils.many_models.exhaustive.bergmann_hommel_apv`). Rechaza al menos lo mismo
      que
      Shaffer; sus APV no se fuerzan a crecer con el valor p (``APV <= alpha`` da así
      exactamente las decisiones del procedimiento). Admite hasta 10 algoritmos.

    Controlan el error de familia, como Nemenyi, y suelen rechazar más (García y Herrera,
    2008). Los rangos medios dependen de los demás algoritmos de la tabla (cuaderno 08, §8).

    Con ``ranking="aligned"`` se comparan los rangos alineados medios
    :math:`\hat R_j` (los de :func:`course_utils.many_models.omnibus.aligned_ranks_test`: a cada
    puntuación se le resta la media de su fila y se ordenan las :math:`Nk` juntas) con
    :math:`z = (\hat R_a - \hat R_b) / \sqrt{k(Nk+1)/6}`. García et al. (2010, §3.1)
    imprimieron :math:`\sqrt{k(n+1)/6}`, una errata que señalan Santafé, Inza y Lozano
    (2015, p. 498) y que corrige ``scmamp`` (``friedmanAlignedRanksPost``; incidencia
    b0rxa/scmamp#6): si los :math:`Nk` rangos se repartieran al azar, la diferencia de las
    medias de dos algoritmos (:math:`N` rangos cada una) tendría justo ese error estándar.

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
    method : {"shaffer", "holm", "bonferroni", "bergmann"}, por defecto "shaffer"
    alpha : float, por defecto 0.05
    higher_is_better : bool, por defecto True
    ranking : {"friedman", "aligned"}, por defecto "friedman"
        Rangos de Friedman (dentro de cada fila) o rangos alineados.

    Devuelve
    --------
    PostHocResult
        ``method="pairwise-<method>"`` (con ``"-aligned"`` al final si ``ranking="aligned"``).

    Lanza
    -----
    ValueError
        Tabla mal formada, más de 30 algoritmos (10 con ``"bergmann"``) u opción desconocida.

    Referencias
    -----------
    Shaffer, J. P. (1986). Modified sequentially rejective multiple test procedures. *JASA*,
    81(395), 826-831. Bergmann, B. y Hommel, G. (1988), en *Multiple Hypothesenprüfung*,
    100-115. García, S. y Herrera, F. (2008). *JMLR*, 9, 2677-2694. García, S., Fernández, A.,
    Luengo, J. y Herrera, F. (2010). *Information Sciences*, 180(10), 2044-2064. Santafé, G.,
    Inza, I. y Lozano, J. A. (2015). Dealing with the evaluation of supervised classification
    algorithms. *Artificial Intelligence Review*, 44, 467-508.

    Ejemplos
    --------
    >>> res = pairwise_test([[0.9, 0.8, 0.7, 0.6]] * 12)
    >>> res.comparisons["reject"].tolist()
    [False, True, True, False, True, False]
    >>> res = pairwise_test([[0.9, 0.8, 0.7, 0.6]] * 12, method="bergmann", ranking="aligned")
    >>> res.method, res.average_ranks.round(1).tolist()
    ('pairwise-bergmann-aligned', [6.5, 18.5, 30.5, 42.5])
    """
    method = check_choice(method, "method", tuple(_PAIRWISE_NAMES))
    alpha = check_alpha(alpha)
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    ranking = check_choice(ranking, "ranking", _RANKINGS)
    values, _, cols = _score_table(scores, min_rows=2, min_cols=3)
    n, k = values.shape
    if k > _MAX_SHAFFER_K:
        raise ValueError(
            f"`scores` tiene {k} algoritmos; pairwise_test admite como mucho {_MAX_SHAFFER_K} "
            "(con más, use nemenyi_test)."
        )
    if method == "bergmann" and k > MAX_EXHAUSTIVE_K:
        raise ValueError(
            f"`scores` tiene {k} algoritmos; el ajuste de Bergmann-Hommel (`method=\"bergmann\"`) "
            f"admite como mucho {MAX_EXHAUSTIVE_K}: recorre todos los conjuntos exhaustivos de "
            "hipótesis, cuyo número crece como los números de Bell (115974 con 10 algoritmos, "
            "678569 con 11). Con más algoritmos, use `method=\"shaffer\"`."
        )
    r, se, ranks_name = _mean_ranks(values, higher_is_better, ranking)
    pairs = _all_pairs(r, se)
    p = np.clip(2 * stats.norm.sf(np.abs(pairs[3])), 0.0, 1.0)
    if method == "shaffer":
        p_adj = _shaffer_apv(p, k)
    elif method == "bergmann":
        p_adj = bergmann_hommel_apv(p, k)
    else:
        p_adj = adjust_pvalues(p, method)
    name = f"pairwise-{method}" + ("-aligned" if ranking == "aligned" else "")
    return _all_pairs_result(name, r, cols, pairs, p, p_adj, p_adj <= alpha, alpha, None, n,
                             ranks_name)


def _same_label(label: object, control: object) -> bool:
    """¿Es ``label`` (una etiqueta de columna) el ``control`` pedido? Texto con texto y
    número con número (nunca un booleano)."""
    if isinstance(label, (bool, np.bool_)):
        return False
    if isinstance(control, str):
        return isinstance(label, str) and label == control
    return isinstance(label, numbers.Real) and label == control


def _control_position(scores: object, control: object, cols: list[str]) -> int:
    """Posición del algoritmo de control: por su etiqueta en un ``DataFrame`` (texto o
    número, como esté en ``scores.columns``), por su posición en un arreglo."""
    if isinstance(control, (bool, np.bool_)):
        raise TypeError(
            f"`control` debe ser el nombre (o, en un arreglo, la posición) de un algoritmo; se "
            f"recibió {describe(control)}."
        )
    plain = isinstance(control, (str, numbers.Integral))
    if isinstance(scores, pd.DataFrame):
        labels = list(scores.columns)
        found = [j for j, c in enumerate(labels) if plain and _same_label(c, control)]
        if not found and isinstance(control, str) and control in cols:
            found = [cols.index(control)]
        if len(found) == 1:
            return found[0]
        hint = (" Con un DataFrame, el control se indica por el nombre de su columna (por "
                "ejemplo `scores.columns[0]`), no por su posición."
                if isinstance(control, numbers.Integral) else "")
        raise ValueError(
            f"`control` debe ser una de las columnas (algoritmos) de `scores`, {labels}; se "
            f"recibió {describe(control)}.{hint}"
        )
    k = len(cols)
    if isinstance(control, numbers.Integral):
        if not 0 <= int(control) < k:
            raise ValueError(
                f"`control` debe ser una posición entre 0 y {k - 1}; se recibió {control}."
            )
        return int(control)
    if isinstance(control, str) and control in cols:
        return cols.index(control)
    raise ValueError(
        f"`control` debe ser uno de los algoritmos {cols} o su posición (de 0 a {k - 1}); se "
        f"recibió {describe(control)}."
    )


def control_test(
    scores: object,
    control: object,
    *,
    method: str = "holm",
    alpha: float = 0.05,
    higher_is_better: bool = True,
    ranking: str = "friedman",
) -> PostHocResult:
    r"""Cada algoritmo frente a uno de control, sobre los rangos medios.

    Para cada algoritmo :math:`i` distinto del control :math:`c`,
    :math:`z = (R_c - R_i) / \sqrt{k(k+1)/(6N)}` (control menos algoritmo, el orden de
    Demšar y de la columna ``rank_difference``; es la columna ``statistic``) y el valor p
    bilateral de la normal estándar. Los :math:`k-1` valores p se ajustan con
    :func:`adjust_pvalues`: ``method="holm"`` (escalonado, el de Demšar) o
    ``method="bonferroni-dunn"`` (Bonferroni: multiplica por :math:`k-1`; equivale a la CD de
    Bonferroni-Dunn), o los de García y Herrera (2008): ``"hochberg"``, ``"hommel"``,
    ``"finner"`` y ``"li"``. Con un control hay :math:`k-1` comparaciones
    en lugar de :math:`k(k-1)/2`, así que estas pruebas son más potentes que Nemenyi.

    Con ``ranking="aligned"`` se comparan los rangos alineados medios (los de
    :func:`course_utils.many_models.omnibus.aligned_ranks_test`) con el error estándar
    :math:`\sqrt{k(Nk+1)/6}`, no el :math:`\sqrt{k(n+1)/6}` que imprimieron García et al.
    (2010, §3.1), una errata (véase :func:`pairwise_test`).

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
    control : str o int
        Con un ``DataFrame``, la etiqueta de la columna de control tal como está en
        ``scores.columns`` (texto o número; también su texto, ``"0"`` para la columna ``0``).
        Con un arreglo, su posición (de 0 a k - 1) o su nombre por defecto (``"A1"``, …).
    method : {"holm", "bonferroni-dunn", "hochberg", "hommel", "finner", "li"}, por defecto "holm"
    alpha : float, por defecto 0.05
    higher_is_better : bool, por defecto True
    ranking : {"friedman", "aligned"}, por defecto "friedman"

    Devuelve
    --------
    PostHocResult
        Con ``control``; ``critical_difference`` solo en Bonferroni-Dunn (en rangos alineados
        medios si ``ranking="aligned"``, y entonces ``method`` acaba en ``"-aligned"``).

    Referencias
    -----------
    Holm, S. (1979). A simple sequentially rejective multiple test procedure.
    *Scandinavian Journal of Statistics*, 6, 65-70. Demšar (2006), §3.2.2. García, S.,
    Fernández, A., Luengo, J. y Herrera, F. (2010). *Information Sciences*, 180(10), 2044-2064.

    Ejemplos
    --------
    >>> res = control_test([[0.9, 0.8, 0.7]] * 10, "A1")
    >>> res.comparisons["reject"].tolist()
    [True, True]
    """
    alpha = check_alpha(alpha)
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    method = check_choice(method, "method", ("holm", "bonferroni-dunn", *_GARCIA_METHODS))
    ranking = check_choice(ranking, "ranking", _RANKINGS)
    values, _, cols = _score_table(scores, min_rows=2, min_cols=2)
    n, k = values.shape
    if method == "hommel" and k - 1 > MAX_HOMMEL_PVALUES:
        raise ValueError(
            f"`method`: el ajuste de Hommel admite como mucho {MAX_HOMMEL_PVALUES} comparaciones "
            f"con el control y `scores` tiene {k} algoritmos ({k - 1} comparaciones); use "
            "method='hochberg' o 'holm', que controlan el mismo error de familia."
        )
    c = _control_position(scores, control, cols)
    r, se, ranks_name = _mean_ranks(values, higher_is_better, ranking)
    others = [i for i in range(k) if i != c]
    z = np.array([(r[i] - r[c]) / se for i in others])
    p = np.clip(2 * stats.norm.sf(np.abs(z)), 0.0, 1.0)
    p_adj = adjust_pvalues(p, "bonferroni" if method == "bonferroni-dunn" else method)
    reject = p_adj <= alpha
    rows = [
        dict(a=cols[c], b=cols[i], rank_difference=float(r[c] - r[i]), statistic=float(-zi),
             pvalue=float(pi), pvalue_adjusted=float(pa), reject=bool(rj))
        for i, zi, pi, pa, rj in zip(others, z, p, p_adj, reject)
    ]
    cd = _bonferroni_dunn_cd(k, n, alpha, ranking) if method == "bonferroni-dunn" else None
    return PostHocResult(
        method=method + ("-aligned" if ranking == "aligned" else ""),
        average_ranks=pd.Series(r, index=cols, name=ranks_name),
        comparisons=_comparisons_frame(rows),
        alpha=alpha,
        control=cols[c],
        critical_difference=cd,
        n_datasets=n,
    )

