r"""¿Qué parejas difieren, mirando solo las puntuaciones de cada pareja?

Las pruebas post hoc sobre los rangos medios (:func:`course_utils.many_models.posthoc.nemenyi_test`,
:func:`~course_utils.many_models.posthoc.pairwise_test`,
:func:`~course_utils.many_models.posthoc.control_test`)
comparan A y B con los rangos que les dan **todos** los algoritmos de la tabla: añadir o quitar
un tercero cambia el resultado de A frente a B (Benavoli, Corani y Mangili, 2016; cuaderno 08,
sección 8). Aquí cada pareja se contrasta solo con sus propias puntuaciones, con la prueba de
Wilcoxon de rangos con signo (y la de los signos como comprobación), y los valores p se ajustan
por multiplicidad:

* :func:`adjust_pairwise_pvalues`: ajusta los :math:`k(k-1)/2` valores p de todas las parejas
  de :math:`k` algoritmos con Bonferroni, Holm, Shaffer o Bergmann-Hommel. Las restricciones
  lógicas de Shaffer y de Bergmann-Hommel (si A = B y B = C, entonces A = C) son de las
  **hipótesis**, no de la prueba que da los valores p: sirven con cualquier valor p válido de
  cada pareja.
* :func:`wilcoxon_pairwise_test`: todas las parejas (Bergmann-Hommel por defecto) o cada
  algoritmo frente a un control (Holm), con Wilcoxon por parejas; admite celdas vacías (cada
  pareja usa los conjuntos en que están los dos).

El resultado es un :class:`~course_utils.many_models.posthoc.PostHocResult` que dibuja
:func:`course_utils.plot_critical_difference`: los rangos medios solo colocan a cada algoritmo
en el eje; las barras (grupos sin diferencias) salen de las pruebas por parejas, como en el
diagrama de Ismail Fawaz et al. (2019), sin diferencia crítica.

Referencias
-----------
Benavoli, A., Corani, G. y Mangili, F. (2016). Should we really use post-hoc tests based on
mean-ranks? *JMLR*, 17(5), 1-10.
García, S. y Herrera, F. (2008). An extension on "Statistical comparisons of classifiers over
multiple data sets" for all pairwise comparisons. *JMLR*, 9, 2677-2694.
Shaffer, J. P. (1986). Modified sequentially rejective multiple test procedures. *JASA*,
81(395), 826-831.
Ismail Fawaz, H., Forestier, G., Weber, J., Idoumghar, L. y Muller, P.-A. (2019). Deep learning
for time series classification: a review. *Data Mining and Knowledge Discovery*, 33, 917-963.
Kerby, D. S. (2014). The simple difference formula: an approach to teaching nonparametric
correlation. *Comprehensive Psychology*, 3, 11.IT.3.1.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pandas as pd
from scipy import stats

from course_utils._validation import (
    check_alpha, check_bool, check_choice, check_count, describe,
)
from course_utils.many_models.exhaustive import (
    MAX_EXHAUSTIVE_K, _check_pair_pvalues, bergmann_hommel_apv,
)
from course_utils.many_models.omnibus import _observed_ranks
from course_utils.many_models.posthoc import (
    _GARCIA_METHODS, _MAX_SHAFFER_K, _MAX_WILCOXON_PAIRS, PostHocResult, _check_pairs,
    _comparisons_frame, _control_position, _shaffer_apv, adjust_pvalues,
)
from course_utils.many_models.ranks import _differences, _score_table
from course_utils.many_models.two_algorithms import _WILCOXON_MAX_EXACT, _wilcoxon

__all__ = [
    "PAIRWISE_METHODS", "adjust_pairwise_pvalues", "wilcoxon_holm_test", "wilcoxon_pairwise_test",
]

#: Ajustes de :func:`adjust_pairwise_pvalues` (todas las parejas).
PAIRWISE_METHODS = ("bergmann", "shaffer", "holm", "bonferroni")
#: Mayor trabajo de :func:`wilcoxon_pairwise_test`: parejas × coste de una pareja, en unidades
#: de unos 0.5 µs (una pareja cuesta ~10 000 de llamada, min(N, 400)² de la distribución exacta
#: y 5·N de ordenar). Unos 10-20 s; ``benchmarks/bounded_cost.py`` mide el peor caso admitido.
MAX_WILCOXON_PAIRWISE_WORK: int = 20_000_000


def _pairwise_work(pairs: int, n: int) -> int:
    return pairs * (10_000 + min(n, _WILCOXON_MAX_EXACT) ** 2 + 5 * n)


#: Mayor número de algoritmos de los ajustes que enumeran qué hipótesis pueden ser ciertas a
#: la vez (Holm y Bonferroni no tienen tope).
_PAIRWISE_MAX_K = {"bergmann": MAX_EXHAUSTIVE_K, "shaffer": _MAX_SHAFFER_K}


def adjust_pairwise_pvalues(pvalues: object, k: int, method: str = "bergmann") -> np.ndarray:
    r"""Ajusta los valores p de todas las parejas de k algoritmos, vengan de la prueba que vengan.

    ``pvalues`` son los :math:`m = k(k-1)/2` valores p sin ajustar, uno por pareja, en el orden
    de ``itertools.combinations(range(k), 2)`` (el de las filas de ``pairwise_test`` y de
    :func:`wilcoxon_pairwise_test`). Los APV (valores p ajustados) son los de García y Herrera
    (2008):

    * ``"bonferroni"``: :math:`\min(1, m\,p_i)`; ``"holm"``: :math:`\min\{1, \max_{j \le i}
      (m-j+1)\,p_{(j)}\}` (:func:`course_utils.many_models.posthoc.adjust_pvalues`).
    * ``"shaffer"`` (estático): como Holm, con el factor :math:`t_j`, el mayor número de
      hipótesis que aún pueden ser ciertas a la vez si las :math:`j-1` anteriores son falsas
      (:func:`course_utils.many_models.posthoc.shaffer_true_counts`).
    * ``"bergmann"``: :math:`APV_i = \min\{1, \max\{|I| \min_{j \in I} p_j : I \text{
      exhaustivo}, H_i \in I\}\}` (:func:`course_utils.many_models.exhaustive.bergmann_hommel_apv`),
      hasta 10 algoritmos. No se fuerza la monotonía: una pareja con un p menor puede tener un
      APV mayor.

    **Por qué valen con cualquier prueba.** Shaffer y Bergmann-Hommel solo usan qué hipótesis
    :math:`H_{ab}` («a y b rinden igual») pueden ser ciertas a la vez, y eso depende de las
    hipótesis, no de cómo se calculó cada valor p. Basta con que cada :math:`p_{ab}` sea un
    valor p válido de :math:`H_{ab}` y con que las hipótesis sean transitivas (si
    :math:`H_{ab}` y :math:`H_{bc}`, también :math:`H_{ac}`): por ejemplo, en el modelo de
    dos factores de Friedman, :math:`y_{ij} = \mu_i + \tau_j + e_{ij}` con errores
    intercambiables dentro de cada conjunto, :math:`H_{ab}: \tau_a = \tau_b`, que la prueba de
    Wilcoxon sobre :math:`y_{ia} - y_{ib}` contrasta con su nivel.

    Parámetros
    ----------
    pvalues : array_like de forma (k(k-1)/2,)
        Valores p sin ajustar, entre 0 y 1.
    k : int
        Número de algoritmos, al menos 2: como mucho 30 con ``"shaffer"`` y
        :data:`~course_utils.MAX_EXHAUSTIVE_K` = 10 con ``"bergmann"``; sin tope con
        ``"holm"`` y ``"bonferroni"``.
    method : {"bergmann", "shaffer", "holm", "bonferroni"}, por defecto "bergmann"

    Devuelve
    --------
    numpy.ndarray
        Los APV, en el orden de ``pvalues``.

    Lanza
    -----
    ValueError
        Si ``pvalues`` no tiene :math:`k(k-1)/2` valores entre 0 y 1, ``k`` está fuera de
        rango o ``method`` no es uno de :data:`PAIRWISE_METHODS`.

    Referencias
    -----------
    García y Herrera (2008), *JMLR*, 9, 2677-2694, §2; Shaffer (1986); Bergmann y Hommel
    (1988).

    Ejemplos
    --------
    Con 4 algoritmos, Shaffer multiplica los p ordenados por 6, 3, 3, 3, 2, 1 (Holm, por 6, 5,
    4, 3, 2, 1): si una pareja difiere, como mucho 3 hipótesis pueden seguir siendo ciertas.

    >>> p = [0.001, 0.01, 0.012, 0.02, 0.03, 0.04]
    >>> adjust_pairwise_pvalues(p, 4, "holm").round(3).tolist()
    [0.006, 0.05, 0.05, 0.06, 0.06, 0.06]
    >>> adjust_pairwise_pvalues(p, 4, "shaffer").round(3).tolist()
    [0.006, 0.03, 0.036, 0.06, 0.06, 0.06]
    """
    method = check_choice(method, "method", PAIRWISE_METHODS)
    limit = _PAIRWISE_MAX_K.get(method)
    k = check_count(k, "k", minimum=2) if limit is None else check_count(
        k, "k", minimum=2, maximum=limit)
    p = _check_pair_pvalues(pvalues, k)
    if method == "bergmann":
        return bergmann_hommel_apv(p, k)
    if method == "shaffer":
        return np.minimum(_shaffer_apv(p, k), 1.0)
    return adjust_pvalues(p, method)


def _pair_row(a: np.ndarray, b: np.ndarray, zero_method: str) -> dict:
    """Wilcoxon y signos de una pareja (``a`` y ``b`` ya orientadas: mayor es mejor)."""
    keep = ~(np.isnan(a) | np.isnan(b))
    n = int(keep.sum())
    if n == 0:
        return dict(n_datasets=0, wins=0, losses=0, ties=0, r_plus=0.0, r_minus=0.0,
                    statistic=0.0, pvalue=1.0, sign_pvalue=1.0, rank_biserial=0.0)
    d = _differences(a[keep], b[keep], "entre columnas de `scores`")
    wins, losses, ties = int(np.sum(d > 0)), int(np.sum(d < 0)), int(np.sum(d == 0))
    if wins + losses == 0:  # idénticos en todos los conjuntos comunes: nada que contrastar
        # Como en _wilcoxon: solo "zsplit" reparte los rangos de los ceros entre R+ y R-.
        total = n * (n + 1) / 4 if zero_method == "zsplit" else 0.0
        return dict(n_datasets=n, wins=0, losses=0, ties=ties, r_plus=total, r_minus=total,
                    statistic=total, pvalue=1.0, sign_pvalue=1.0, rank_biserial=0.0)
    w = _wilcoxon(d, zero_method, "auto", "two-sided")
    half = ties // 2  # prueba de los signos con los empates repartidos (Demšar, §3.1.4)
    sign_p = float(stats.binomtest(wins + half, wins + losses + 2 * half, 0.5).pvalue)
    r_sum = w["r_plus"] + w["r_minus"]
    return dict(n_datasets=n, wins=wins, losses=losses, ties=ties, r_plus=w["r_plus"],
                r_minus=w["r_minus"], statistic=w["statistic"], pvalue=w["pvalue"],
                sign_pvalue=min(sign_p, 1.0),
                rank_biserial=(w["r_plus"] - w["r_minus"]) / r_sum if r_sum > 0 else 0.0)


def wilcoxon_pairwise_test(
    scores: object,
    *,
    method: str | None = None,
    control: object = None,
    alpha: float = 0.05,
    higher_is_better: bool = True,
    zero_method: str = "zsplit",
    allow_missing: bool = False,
) -> PostHocResult:
    r"""Wilcoxon por parejas con Bergmann-Hommel, Shaffer o Holm (o frente a un control).

    Cada pareja (a, b) se contrasta con la prueba de Wilcoxon de rangos con signo sobre las
    diferencias :math:`d_i = a_i - b_i` de los conjuntos en que están los dos
    (:func:`course_utils.wilcoxon_signed_rank_test`: exacta hasta 400 conjuntos, ceros
    repartidos con ``"zsplit"``), y con la de los signos como comprobación. Así, el resultado
    de A frente a B no depende de qué otros algoritmos haya en la tabla. Después:

    * **todas las parejas** (``control=None``): los :math:`k(k-1)/2` valores p se ajustan con
      :func:`adjust_pairwise_pvalues`; por defecto Bergmann-Hommel (Shaffer de 11 a 30
      algoritmos), que aprovechan qué hipótesis pueden ser ciertas a la vez, y Holm con más
      de 30;
    * **frente a un control**: las :math:`k-1` parejas (control, otro) se ajustan con
      :func:`course_utils.many_models.posthoc.adjust_pvalues`; por defecto Holm.

    Una pareja sin ninguna diferencia (idénticos en todos sus conjuntos) o, con
    ``allow_missing=True``, sin ningún conjunto en común recibe :math:`p = 1`: la prueba
    trivial, que nunca rechaza, es válida; ``n_datasets`` y ``ties`` lo dicen.

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
        Filas = conjuntos de datos, columnas = algoritmos (al menos 2).
    method : str o None
        Todas las parejas: ``"bergmann"`` (hasta 10 algoritmos), ``"shaffer"`` (hasta 30),
        ``"holm"`` o ``"bonferroni"`` (por defecto, el primero de los tres primeros que admite
        la tabla). Con un
        control: ``"holm"`` (por defecto), ``"bonferroni"``, ``"hochberg"``, ``"hommel"``,
        ``"finner"`` o ``"li"``.
    control : str, int o None
        Como en :func:`course_utils.control_test`: con un ``DataFrame``, la etiqueta de la
        columna de control tal como está en ``scores.columns`` (texto o número); con un
        arreglo, su posición (de 0 a k - 1) o su nombre por defecto (``"A1"``, …).
    alpha : float, por defecto 0.05
    higher_is_better : bool, por defecto True
        Orienta las diferencias: positivas, el primero de la pareja es mejor.
    zero_method : {"zsplit", "wilcox", "pratt"}, por defecto "zsplit"
    allow_missing : bool, por defecto False
        Admite celdas vacías (NaN): cada pareja usa los conjuntos en que están los dos.

    Devuelve
    --------
    PostHocResult
        ``method`` es ``"wilcoxon-<ajuste>"``; ``critical_difference`` es ``None`` (no hay
        una diferencia crítica de rangos: decide cada pareja). ``average_ranks`` solo coloca
        los algoritmos en el diagrama (con celdas vacías, la media de los rangos en los
        conjuntos donde están). ``comparisons`` trae, además de las columnas de siempre
        (``statistic`` es :math:`W = \min(R^+, R^-)`): ``n_datasets``, ``wins``, ``losses``,
        ``ties`` (de a frente a b, en la dirección de la medida), ``r_plus``, ``r_minus``,
        ``sign_pvalue`` (prueba de los signos, sin ajustar) y ``rank_biserial``, la
        correlación biserial de rangos pareada :math:`r = (R^+ - R^-)/(R^+ + R^-)` (Kerby,
        2014): 1 si a gana en todos los conjuntos, −1 si pierde en todos.

    Lanza
    -----
    ValueError
        Tabla mal formada, celdas vacías sin ``allow_missing=True``, control u opción
        desconocidos, más algoritmos de los que admite el ajuste, o más trabajo (parejas por
        coste de cada una) que :data:`MAX_WILCOXON_PAIRWISE_WORK`.
    TypeError
        ``control`` booleano.

    Referencias
    -----------
    Benavoli, Corani y Mangili (2016); García y Herrera (2008); Demšar (2006), §3.1.3 y
    §3.2.2; Kerby (2014).

    Ejemplos
    --------
    A1 gana a A2 y a A3 en los 8 conjuntos; A2 gana a A3 en 5 y pierde en 3.

    >>> tabla = [[0.91, 0.88, 0.86], [0.85, 0.84, 0.80], [0.78, 0.71, 0.74], [0.95, 0.93, 0.90],
    ...          [0.70, 0.69, 0.64], [0.88, 0.81, 0.85], [0.82, 0.80, 0.79], [0.76, 0.72, 0.74]]
    >>> res = wilcoxon_pairwise_test(tabla)
    >>> res.method, res.comparisons["wins"].tolist(), res.comparisons["reject"].tolist()
    ('wilcoxon-bergmann', [8, 8, 5], [True, True, False])
    >>> res.comparisons["pvalue_adjusted"].round(4).tolist()  # 3 · 2/2⁸ y la de A2-A3
    [0.0234, 0.0234, 0.5781]
    """
    alpha = check_alpha(alpha)
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    allow_missing = check_bool(allow_missing, "allow_missing")
    zero_method = check_choice(zero_method, "zero_method", ("zsplit", "wilcox", "pratt"))
    values, _, cols = _score_table(scores, min_rows=2, min_cols=2, allow_missing=allow_missing)
    n, k = values.shape
    _check_pairs(k, _MAX_WILCOXON_PAIRS, "wilcoxon_pairwise_test")
    if control is None:
        if method is None:
            method = next(m for m in PAIRWISE_METHODS if k <= _PAIRWISE_MAX_K.get(m, k))
        else:
            method = check_choice(method, "method", PAIRWISE_METHODS)
            limit = _PAIRWISE_MAX_K.get(method, k)
            if k > limit:
                raise ValueError(
                    f"`method`: el ajuste {method!r} admite como mucho {limit} algoritmos y "
                    f"`scores` tiene {k}; use method='holm' (o deje method=None, que elige "
                    "el más potente que admite la tabla)."
                )
        pairs = list(itertools.combinations(range(k), 2))
    else:
        c = _control_position(scores, control, cols)
        options = ("holm", "bonferroni", *_GARCIA_METHODS)
        if method is not None and (not isinstance(method, str) or method not in options):
            raise ValueError(
                f"`method`: frente a un `control`, el ajuste debe ser uno de {options}; se "
                f"recibió {describe(method)}. Shaffer y Bergmann-Hommel son para todas las "
                "parejas (control=None)."
            )
        method = method or "holm"
        pairs = [(c, j) for j in range(k) if j != c]
    work = _pairwise_work(len(pairs), n)
    if work > MAX_WILCOXON_PAIRWISE_WORK:
        raise ValueError(
            f"`scores`: {len(pairs)} parejas de algoritmos con {n} conjuntos de datos cuestan "
            f"unas {work:.2e} operaciones, más de las {MAX_WILCOXON_PAIRWISE_WORK:.0e} que "
            "`wilcoxon_pairwise_test` hace en unos segundos (la prueba exacta de cada pareja "
            f"crece con N² hasta N = {_WILCOXON_MAX_EXACT}). Compare menos algoritmos (por "
            "ejemplo, los mejores según sus rangos medios) o frente a un control (`control=`)."
        )
    signed = values if higher_is_better else -values
    observed = ~np.isnan(values)
    ranks = _observed_ranks(np.where(observed, values, 0.0), observed, higher_is_better)
    r = np.array([float(np.nanmean(col)) if np.any(~np.isnan(col)) else np.nan
                  for col in ranks.T])
    rows = []
    for i, j in pairs:
        row = _pair_row(signed[:, i], signed[:, j], zero_method)
        rows.append(dict(a=cols[i], b=cols[j], rank_difference=float(r[i] - r[j]), **row))
    table = pd.DataFrame(rows)
    p = table["pvalue"].to_numpy(float)
    if control is not None:
        p_adj = adjust_pvalues(p, method) if len(p) > 1 else p.copy()
    else:
        p_adj = adjust_pairwise_pvalues(p, k, method)
    table["pvalue_adjusted"] = p_adj
    table["reject"] = p_adj <= alpha
    first = ["a", "b", "rank_difference", "statistic", "pvalue", "pvalue_adjusted", "reject"]
    table = table[first + [c for c in table.columns if c not in first]]
    return PostHocResult(
        method=f"wilcoxon-{method}",
        average_ranks=pd.Series(r, index=cols, name="rango medio"),
        comparisons=table,
        alpha=alpha,
        control=None if control is None else cols[pairs[0][0]],
        critical_difference=None,
        n_datasets=n,
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
    :math:`k(k-1)/2` valores p se ajustan con Holm (:func:`adjust_pvalues`).

    Es :func:`course_utils.wilcoxon_pairwise_test` con ``method="holm"``, con solo las
    columnas de las demás pruebas post hoc (aquella añade las victorias, :math:`R^+` y
    :math:`R^-`, la prueba de los signos y el tamaño del efecto de cada pareja).

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
    # Es wilcoxon_pairwise_test con Holm, con las columnas de las demás pruebas post hoc.
    res = wilcoxon_pairwise_test(scores, method="holm", alpha=alpha,
                                 higher_is_better=higher_is_better, zero_method=zero_method)
    return dataclasses.replace(res, comparisons=_comparisons_frame(res.comparisons))
