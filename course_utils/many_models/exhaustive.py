r"""¿Qué hipótesis «iguales» pueden ser ciertas a la vez? Conjuntos exhaustivos (Bergmann-Hommel).

Al comparar todas las parejas de :math:`k` algoritmos hay :math:`m = k(k-1)/2` hipótesis
:math:`H_{ab}`: «a y b rinden igual». No pueden ser ciertas en cualquier combinación: si A = B
y B = C, también A = C. Un **conjunto exhaustivo** (*exhaustive set*) es un conjunto de
hipótesis que pueden ser ciertas exactamente ellas a la vez: las parejas de dentro de los grupos
de algún reparto (partición) de los :math:`k` algoritmos en grupos de rendimiento igual. Hay
tantos como particiones con algún grupo de dos o más, :math:`B_k - 1`, donde :math:`B_k` es el
número de Bell (1, 2, 5, 15, 52, 203, …): crecen más deprisa que :math:`2^k`.

* :func:`exhaustive_sets`: todos los conjuntos exhaustivos de :math:`k` algoritmos, como matriz
  de booleanos (conjuntos × parejas), enumerando las particiones con *restricted growth strings*.
* :func:`bergmann_hommel_apv`: los valores p ajustados del procedimiento de Bergmann y Hommel
  (1988) tal como los definen García y Herrera (2008).

:func:`course_utils.many_models.posthoc.pairwise_test` los usa con ``method="bergmann"``.

Referencias
-----------
Bergmann, B. y Hommel, G. (1988). Improvements of general multiple test procedures for
redundant systems of hypotheses. En P. Bauer, G. Hommel y E. Sonnemann (eds.), *Multiple
Hypothesenprüfung*, 100-115. Springer.
García, S. y Herrera, F. (2008). An extension on "Statistical comparisons of classifiers over
multiple data sets" for all pairwise comparisons. *JMLR*, 9, 2677-2694.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from course_utils._validation import _short_int, check_count, check_finite_array

__all__ = ["MAX_EXHAUSTIVE_K", "bergmann_hommel_apv", "exhaustive_sets"]

#: Mayor número de algoritmos de :func:`exhaustive_sets` y :func:`bergmann_hommel_apv`. Con
#: k = 10 hay 115 974 conjuntos exhaustivos (una matriz de 5 MB que se recorre en menos de una
#: décima de segundo); con k = 11 serían 678 569, y con k = 12, 4 213 596.
MAX_EXHAUSTIVE_K = 10

#: Conjuntos que se recorren de una vez al ajustar (acota la memoria a unos pocos MB).
_CHUNK = 8192


def _bell(k: int) -> int:
    """Número de Bell B_k (particiones de k elementos), con el triángulo de Bell."""
    row = [1]
    for _ in range(k - 1):
        nxt = [row[-1]]
        for value in row:
            nxt.append(nxt[-1] + value)
        row = nxt
    return row[-1]


def _check_k(k: object) -> int:
    """``k`` entero en [2, MAX_EXHAUSTIVE_K]; por encima, el error explica el límite."""
    try:
        return check_count(k, "k", minimum=2, maximum=MAX_EXHAUSTIVE_K)
    except ValueError:
        if not k > MAX_EXHAUSTIVE_K:  # type: ignore[operator]  # k es un número real (check_count)
            raise
    ik = int(k)  # type: ignore[call-overload]
    count = f", {_bell(ik) - 1} con k = {ik}" if 11 < ik <= 30 else ""
    raise ValueError(
        f"`k` debe ser como mucho {MAX_EXHAUSTIVE_K} algoritmos; se recibió {_short_int(ik)}. "
        "El número de conjuntos exhaustivos crece como los números de Bell (B_k - 1: "
        f"115974 con k = 10, 678569 con k = 11{count}) y enumerarlos todos dejaría de "
        "tardar menos de un segundo y de caber en poca memoria. Con más algoritmos, use el "
        "ajuste de Shaffer (`pairwise_test(..., method=\"shaffer\")`), que solo necesita "
        "cuántas hipótesis pueden ser ciertas a la vez."
    )


def _partitions(k: int) -> np.ndarray:
    """Las B_k particiones de k elementos como *restricted growth strings* (una por fila).

    La fila ``g`` da el grupo de cada algoritmo: ``g[0] = 0`` y cada ``g[i]`` es, como mucho,
    uno más que el mayor de los anteriores. Se generan en orden lexicográfico, columna a
    columna: cada fila se repite tantas veces como valores admite la columna siguiente.
    """
    labels = np.zeros((1, 1), dtype=np.int8)
    top = np.zeros(1, dtype=np.int64)  # mayor grupo usado en cada fila
    for _ in range(1, k):
        counts = top + 2  # valores posibles de la columna nueva: 0, …, top + 1
        rows = np.repeat(np.arange(labels.shape[0]), counts)
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        new = np.arange(rows.size) - starts
        labels = np.concatenate([labels[rows], new[:, None].astype(np.int8)], axis=1)
        top = np.maximum(top[rows], new)
    return labels


@functools.lru_cache(maxsize=None)
def _sets_and_sizes(k: int) -> tuple[np.ndarray, np.ndarray]:
    """Matriz de conjuntos exhaustivos (de solo lectura) y el tamaño |I| de cada uno; se
    calculan una vez por ``k``."""
    labels = _partitions(k)
    a, b = np.array(list(itertools.combinations(range(k), 2))).T
    within = labels[:, a] == labels[:, b]
    # La última partición (cada algoritmo solo) no deja ninguna hipótesis cierta: no cuenta.
    sets = np.ascontiguousarray(within[:-1])
    sizes = sets.sum(axis=1)
    sets.setflags(write=False)
    sizes.setflags(write=False)
    return sets, sizes


def exhaustive_sets(k: int) -> np.ndarray:
    r"""Todos los conjuntos exhaustivos de las :math:`k(k-1)/2` hipótesis de igualdad por parejas.

    Cada partición de los :math:`k` algoritmos en grupos (de rendimiento igual) deja ciertas
    justo las hipótesis de las parejas de dentro de cada grupo; esas hipótesis forman un
    conjunto exhaustivo. Se descarta la partición en grupos de un solo algoritmo (conjunto
    vacío), así que hay :math:`B_k - 1` conjuntos, con :math:`B_k` el número de Bell. Las
    particiones se enumeran, vectorizadas con NumPy, como *restricted growth strings* en orden
    lexicográfico: la primera fila es la de todos iguales (todas las hipótesis ciertas). La
    enumeración se guarda en caché para cada ``k``.

    Parámetros
    ----------
    k : int
        Número de algoritmos, de 2 a :data:`MAX_EXHAUSTIVE_K` (10).

    Devuelve
    --------
    numpy.ndarray de bool, de forma (B_k - 1, k(k-1)/2) y de solo lectura
        ``sets[s, j]`` es ``True`` si la hipótesis de la pareja ``j`` está en el conjunto ``s``.
        Las parejas van en el orden de ``itertools.combinations(range(k), 2)``, el de las
        filas de ``pairwise_test(...).comparisons``.

    Lanza
    -----
    ValueError
        Si ``k < 2`` o ``k > 10``: el número de conjuntos crece como los números de Bell.
    TypeError
        Si ``k`` no es un entero.

    Ejemplos
    --------
    Con 3 algoritmos (parejas 01, 02, 12): todos iguales, o solo una pareja igual.

    >>> exhaustive_sets(3).astype(int).tolist()
    [[1, 1, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1]]
    >>> [len(exhaustive_sets(k)) for k in range(2, 8)]  # B_k - 1
    [1, 4, 14, 51, 202, 876]
    """
    return _sets_and_sizes(_check_k(k))[0]


def _check_pair_pvalues(pvalues: object, k: int) -> np.ndarray:
    """Los k(k-1)/2 valores p de las parejas de k algoritmos, entre 0 y 1."""
    p = check_finite_array(pvalues, "pvalues", ndim=1, min_size=1)
    m = k * (k - 1) // 2
    if p.size != m:
        raise ValueError(
            f"`pvalues` debe tener k(k-1)/2 = {m} valores (uno por pareja de {k} algoritmos); "
            f"se recibieron {p.size}."
        )
    if np.any((p < 0) | (p > 1)):
        bad = float(p[(p < 0) | (p > 1)][0])
        raise ValueError(f"`pvalues` debe contener valores entre 0 y 1; se recibió {bad!r}.")
    return p


def bergmann_hommel_apv(pvalues: object, k: int) -> np.ndarray:
    r"""Valores p ajustados (APV) de Bergmann y Hommel para todas las parejas de k algoritmos.

    Con :math:`\mathcal E` los conjuntos exhaustivos (:func:`exhaustive_sets`), García y
    Herrera (2008, §2) definen

    .. math::

        APV_i = \min\Bigl\{1,\ \max\bigl\{|I| \cdot \min_{j \in I} p_j :
        I \in \mathcal E,\ H_i \in I\bigr\}\Bigr\}.

    Es el procedimiento cerrado con Bonferroni en cada intersección: el procedimiento de
    Bergmann y Hommel acepta las hipótesis de :math:`A = \bigcup\{I \in \mathcal E :
    \min_{j \in I} p_j > \alpha/|I|\}` y rechaza las demás. :math:`H_i` no está en :math:`A`
    si y solo si todo conjunto :math:`I \ni H_i` cumple :math:`|I| \min_{j\in I} p_j \le
    \alpha`, es decir, si y solo si :math:`APV_i \le \alpha`: los APV dan, para cualquier
    :math:`\alpha`, exactamente las decisiones del procedimiento.

    **No se fuerza la monotonía.** Los APV no crecen siempre con el valor p sin ajustar (una
    pareja con un p menor puede tener un APV mayor, si está en un grupo de algoritmos que
    pueden ser todos iguales), y el propio procedimiento tampoco es monótono. El paquete de R
    ``scmamp`` (``adjustBergmannHommel``) calcula los mismos máximos sobre los conjuntos
    exhaustivos y después la fuerza: ordena las parejas por su p sin ajustar y sustituye cada
    APV por el mayor de los anteriores (un máximo acumulado). Por eso sus APV son iguales o
    mayores que estos (en el cuaderno 11, 0.0303 pasa a 0.0319), y con un :math:`\alpha`
    entre los dos dejan de rechazarse hipótesis que Bergmann-Hommel rechaza; aquí se
    devuelve la definición de García y Herrera tal cual.

    Parámetros
    ----------
    pvalues : array_like de forma (k(k-1)/2,)
        Valores p sin ajustar de las parejas, entre 0 y 1, en el orden de
        ``itertools.combinations(range(k), 2)``.
    k : int
        Número de algoritmos, de 2 a :data:`MAX_EXHAUSTIVE_K` (10).

    Devuelve
    --------
    numpy.ndarray
        Los APV, en el orden de ``pvalues``.

    Lanza
    -----
    ValueError
        Si ``pvalues`` no tiene :math:`k(k-1)/2` valores entre 0 y 1, o ``k`` está fuera de
        [2, 10].

    Referencias
    -----------
    Bergmann y Hommel (1988); García y Herrera (2008), *JMLR*, 9, 2677-2694, §2 y figura 1.

    Ejemplos
    --------
    Con 4 algoritmos (parejas 01, 02, 03, 12, 13, 23), la pareja 13 tiene un p mayor que la 03
    (0.19 > 0.18) pero un APV menor (0.42 < 0.51): la 03 está en el conjunto {02, 03, 23} (0, 2
    y 3 iguales), cuyo p mínimo es 0.17, y 3 · 0.17 = 0.51; ningún conjunto con la 13 llega tan
    alto. Con α = 0.45, Bergmann-Hommel rechaza la 12 y la 13, pero no la 03.

    >>> bergmann_hommel_apv([0.04, 0.24, 0.18, 0.14, 0.19, 0.17], 4).round(4).tolist()
    [0.24, 0.51, 0.51, 0.42, 0.42, 0.51]
    """
    k = _check_k(k)
    p = _check_pair_pvalues(pvalues, k)
    m = p.size
    sets, sizes = _sets_and_sizes(k)
    order = np.argsort(p, kind="stable")
    p_sorted = p[order]
    apv = np.zeros(m)
    for start in range(0, sets.shape[0], _CHUNK):
        block = sets[start : start + _CHUNK]
        # El p mínimo de cada conjunto: su primera pareja en el orden de los p crecientes.
        smallest = p_sorted[np.argmax(block[:, order], axis=1)]
        value = sizes[start : start + _CHUNK] * smallest
        apv = np.maximum(apv, np.max(np.where(block, value[:, None], 0.0), axis=0))
    return np.minimum(apv, 1.0)
