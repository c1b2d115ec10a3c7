r"""¿Cuánto cambia el resultado con la semilla? El orden estocástico aproximado (ASO).

Dos algoritmos con azar (redes neuronales, bosques, LightGBM con submuestreo) entrenados con
varias semillas dan dos **muestras** de puntuaciones, una por algoritmo, que no están pareadas
ni tienen por qué ser del mismo tamaño.

* :func:`almost_stochastic_order_test`: la prueba del **orden estocástico aproximado**
  (*almost stochastic order*, ASO) de del Barrio, Cuesta-Albertos y Matrán (2018), que Dror,
  Shlomov y Reichart (2019) llevaron a la comparación de redes profundas, con el esquema de
  Ulmer, Hardmeier y Frellsen (2022, paquete ``deepsig``). Compara las dos **distribuciones**
  (sus funciones de cuantiles), no solo sus medias, y devuelve :math:`\varepsilon_{\min}`.

Referencias
-----------
del Barrio, E., Cuesta-Albertos, J. A. y Matrán, C. (2018). An optimal transportation approach
for assessing almost stochastic order. En *The Mathematics of the Uncertain* (pp. 33-44).
Springer.
Dror, R., Shlomov, S. y Reichart, R. (2019). Deep dominance - how to properly compare deep
neural models. En *Proceedings of the 57th Annual Meeting of the ACL* (pp. 2773-2785).
Ulmer, D., Hardmeier, C. y Frellsen, J. (2022). deep-significance: easy and meaningful
statistical significance testing in the age of neural networks. *arXiv:2204.06815*.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from scipy import stats

from course_utils._validation import (
    MAX_RESAMPLES,
    check_bool,
    check_count,
    check_finite_array,
    check_random_state,
    check_real,
)

__all__ = ["ASOResult", "almost_stochastic_order_test", "MAX_ASO_WORK", "ASO_THRESHOLD",
           "ASO_MIN_SEEDS"]

#: Umbral :math:`\tau` que Ulmer, Hardmeier y Frellsen (2022) recomiendan para afirmar con
#: confianza que A es mejor que B: :math:`\varepsilon_{\min} < 0.2`.
ASO_THRESHOLD: float = 0.2

#: Menos semillas por configuración con las que se afirma dominancia: con menos, el *bootstrap*
#: de cada muestra tiene muy pocas remuestras distintas (3 con 2 puntuaciones, 10 con 3, 35 con
#: 4) y :math:`\varepsilon_{\min}` sale engañosamente baja (0 si todas las de A superan a todas
#: las de B, cosa que con 2 y 2 semillas pasa por azar 1 de cada 6 veces).
ASO_MIN_SEEDS: int = 5

#: Mayor trabajo de :func:`almost_stochastic_order_test`: remuestras *bootstrap* × puntuaciones
#: (``n_bootstrap * (n_a + n_b)``). Unos segundos en un portátil.
MAX_ASO_WORK: int = 200_000_000

# Números que se guardan a la vez en cada bloque de remuestras.
_BLOCK_CELLS = 2_000_000


@dataclass(frozen=True)
class ASOResult:
    r"""Resultado de :func:`almost_stochastic_order_test`.

    Atributos
    ---------
    eps_min : float
        :math:`\varepsilon_{\min}`, la cota superior (al nivel ``confidence_level``) de la
        proporción de violación: el número que devuelve ``deepsig.aso``. Menor que 0.5: A es
        casi estocásticamente dominante sobre B; menor que :data:`ASO_THRESHOLD` (0.2): con
        confianza. **No** es un valor p.
    violation_ratio : float
        :math:`\varepsilon_{W_2}`, la estimación puntual con las muestras completas: la parte
        de :math:`W_2^2` (el cuadrado de la distancia entre las funciones de cuantiles) que
        está donde A es peor que B.
    sigma : float
        :math:`\hat\sigma_{n,m}`, desviación típica *bootstrap* de
        :math:`\sqrt{nm/(n+m)}\,(\varepsilon^*_{W_2} - \varepsilon_{W_2})` (la ``sigma_hat``
        de ``deepsig``).
    n_a, n_b : int
        Número de puntuaciones (semillas) de A y de B.
    confidence_level : float
    n_bootstrap : int
    higher_is_better : bool
    n_undefined : int
        Remuestras en que las dos funciones de cuantiles coincidían (:math:`W_2 = 0`,
        :math:`\varepsilon` indefinida); se cuentan como :math:`\varepsilon^* = 0.5`, como
        ``deepsig``.
    distribution : numpy.ndarray
        Las ``n_bootstrap`` proporciones de violación :math:`\varepsilon^*` (solo lectura).
    """

    eps_min: float
    violation_ratio: float
    sigma: float
    n_a: int
    n_b: int
    confidence_level: float
    n_bootstrap: int
    higher_is_better: bool
    n_undefined: int = 0
    distribution: np.ndarray | None = field(default=None, repr=False, compare=False)

    def summary(self) -> str:
        """Resumen en español con 4 decimales y cómo leerlo. Devuelve el texto (no lo imprime)."""
        conf = f"{100 * self.confidence_level:.4g} %"
        better = "más es mejor" if self.higher_is_better else "menos es mejor"
        eps = self.eps_min
        tau = ASO_THRESHOLD
        if min(self.n_a, self.n_b) < ASO_MIN_SEEDS and eps < 0.5:
            reading = _few_seeds_reading(self)
        elif eps == 0.0:
            reading = (f"ε_min = 0: A es estocásticamente dominante sobre B (mejor en todos los "
                       f"cuantiles), con una confianza del {conf}.")
        elif eps < tau:
            reading = (f"ε_min < {tau}: A es casi estocásticamente dominante sobre B, por debajo "
                       f"del umbral τ = {tau} con que Ulmer et al. (2022) proponen afirmar con "
                       "confianza que A es mejor.")
        elif eps < 0.5:
            reading = (f"{tau} ≤ ε_min < 0.5: A es casi estocásticamente dominante sobre B, pero "
                       f"por encima del umbral τ = {tau}: un indicio, no una afirmación "
                       "confiada (más semillas estrechan la cota).")
        else:
            reading = ("ε_min ≥ 0.5: nada a favor de A. Tampoco dice que B sea mejor: para esa "
                       "dirección, intercambie A y B.")
        lines = [
            f"Orden estocástico aproximado (ASO) de A sobre B ({better}), "
            f"{self.n_bootstrap} remuestras bootstrap",
            f"  semillas: A n = {self.n_a}, B n = {self.n_b}",
            f"  proporción de violación ε_W2 (parte de W2² en que A es peor) = "
            f"{self.violation_ratio:.4f}",
            f"  ε_min (cota superior al {conf}) = {eps:.4f}; σ̂ (bootstrap) = {self.sigma:.4f}",
            f"  lectura: {reading}",
            "  ε_min no es un valor p: es la menor proporción de violación ε para la que se "
            "puede afirmar que A es ε-casi estocásticamente dominante sobre B.",
        ]
        if self.n_undefined:
            lines.append(
                f"  nota: en {self.n_undefined} remuestras las dos funciones de cuantiles "
                "coincidían (ε indefinida); se contaron como ε = 0.5, como deepsig."
            )
        return "\n".join(lines)


def _few_seeds_reading(res: ASOResult) -> str:
    """Lo que se puede decir con menos de :data:`ASO_MIN_SEEDS` semillas por configuración."""
    text = (f"con {res.n_a} y {res.n_b} semillas no se puede afirmar que A domine a B (hacen "
            f"falta al menos {ASO_MIN_SEEDS} por configuración): el bootstrap de tan pocas "
            f"puntuaciones apenas varía y ε_min = {res.eps_min:.4f} sale engañosamente baja. "
            f"Solo describe estas semillas: ε_W2 = {res.violation_ratio:.4f}")
    if res.violation_ratio == 0.0:
        total = math.comb(res.n_a + res.n_b, res.n_a)
        text += (f"; que todas las puntuaciones de A superen a todas las de B pasa por azar, "
                 f"aunque rindan igual, con probabilidad 1/{total} = {1 / total:.4f}")
    return text + "."


# ---------------------------------------------------------------------------
# Cálculo
# ---------------------------------------------------------------------------


def _segments(n: int, m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""Tramos de (0, 1] en que las dos funciones de cuantiles empíricas son constantes.

    :math:`F_n^{-1}(t) = x_{(\lceil nt \rceil)}` cambia en :math:`i/n` y :math:`G_m^{-1}` en
    :math:`j/m`. En unidades de :math:`1/(nm)` esos puntos son los enteros :math:`im` y
    :math:`jn` (sin redondeos). Devuelve, para cada tramo :math:`(lo, hi]`, el índice de la
    puntuación ordenada de A y de B y la anchura :math:`hi - lo`.
    """
    ends = np.union1d(np.arange(1, n + 1, dtype=np.int64) * m,
                      np.arange(1, m + 1, dtype=np.int64) * n)
    widths = np.diff(ends, prepend=0) / (n * m)
    return (ends + m - 1) // m - 1, (ends + n - 1) // n - 1, widths


def _violation_ratios(sorted_a: np.ndarray, sorted_b: np.ndarray,
                      segments: tuple) -> tuple[np.ndarray, np.ndarray]:
    r""":math:`\varepsilon_{W_2}` de cada fila (puntuaciones ya ordenadas) y si está definida.

    Integral exacta de las funciones escalonadas: :math:`\sum_k w_k d_k^2` con
    :math:`d_k = G^{-1} - F^{-1}` en el tramo :math:`k`; la violación son los tramos con
    :math:`d_k > 0` (A por debajo de B). Cada fila se divide por su :math:`\max|d_k|` (el
    cociente no cambia) para que los cuadrados no se anulen por debajo de la coma flotante.
    """
    idx_a, idx_b, widths = segments
    d = sorted_b[..., idx_b] - sorted_a[..., idx_a]
    top = np.max(np.abs(d), axis=-1, keepdims=True)
    defined = top[..., 0] > 0
    d = d / np.where(top > 0, top, 1.0)
    sq = widths * d * d
    total = sq.sum(axis=-1)
    violation = np.where(d > 0, sq, 0.0).sum(axis=-1)
    ratio = np.where(defined, violation / np.where(defined, total, 1.0), 0.5)
    return np.clip(ratio, 0.0, 1.0), defined


def _check_scores(values: object, name: str) -> np.ndarray:
    arr = check_finite_array(values, name, ndim=1)
    if arr.size < 2:
        raise ValueError(
            f"`{name}` debe tener al menos 2 puntuaciones (una por semilla) para estimar su "
            f"variabilidad; se recibieron {arr.size}."
        )
    return arr


def _check_confidence(value: object) -> float:
    expected = "un número real en (0.5, 1), por ejemplo 0.95"
    level = check_real(value, "confidence_level", expected)
    if not (0.5 < level < 1.0):
        raise ValueError(
            f"`confidence_level` debe ser {expected}; se recibió {level!r}. Es la confianza de "
            "la cota superior ε_min (0.95 o 0.99 habitualmente); con 0.5 o menos la cota "
            "quedaría por debajo de la estimación. Para m comparaciones con Bonferroni, use "
            "1 - (1 - 0.95) / m (0.9833 con m = 3). El argumento `num_comparisons` de deepsig "
            "usa 0.95 + (1 - 0.95) / m, que coincide con Bonferroni solo con m = 2 (0.9667 con "
            "m = 3): para reproducirlo, pase ese valor."
        )
    return level


def _check_work(n_bootstrap: int, n_scores: int) -> None:
    work = n_bootstrap * n_scores
    if work <= MAX_ASO_WORK:
        return
    most = MAX_ASO_WORK // n_scores
    fix = (f"Reduzca `n_bootstrap` (como mucho {most} con {n_scores} puntuaciones; 1000, como "
           "deepsig, suele bastar)" if most >= 2 else
           "Use menos puntuaciones (submuestree `scores_a` y `scores_b`)")
    raise ValueError(
        f"Demasiado trabajo para `n_bootstrap`: {n_bootstrap} remuestras de {n_scores} "
        f"puntuaciones (n_a + n_b) son {work:.2e} números; el máximo es {MAX_ASO_WORK:.0e} "
        f"(unos segundos). {fix}."
    )


def almost_stochastic_order_test(
    scores_a: object,
    scores_b: object,
    *,
    confidence_level: float = 0.95,
    n_bootstrap: int = 1000,
    higher_is_better: bool = True,
    random_state: object = None,
) -> ASOResult:
    r"""Prueba del orden estocástico aproximado (ASO): ¿es A mejor que B, semilla a semilla?

    Con :math:`F` y :math:`G` las distribuciones de las puntuaciones de A y de B (sobre las
    semillas), A es **estocásticamente dominante** sobre B si
    :math:`F^{-1}(t) \ge G^{-1}(t)` en todos los cuantiles :math:`t`. Casi nunca ocurre del
    todo; del Barrio, Cuesta-Albertos y Matrán (2018) miden cuánto se viola con la
    **proporción de violación**

    .. math::

        \varepsilon_{W_2}(F, G) = \frac{\int_{V} (F^{-1}(t) - G^{-1}(t))^2\,dt}
        {\int_0^1 (F^{-1}(t) - G^{-1}(t))^2\,dt},\qquad
        V = \{t \in (0, 1): F^{-1}(t) < G^{-1}(t)\},

    la parte del cuadrado de la distancia de Wasserstein :math:`W_2^2(F, G)` que está donde A
    es **peor**: 0 si A domina en todos los cuantiles, 1 si domina B. Con las funciones de
    cuantiles empíricas, :math:`F_n^{-1}(t) = x_{(\lceil nt\rceil)}`, las integrales son
    sumas exactas sobre los tramos en que las dos son constantes. La prueba (Dror et al.,
    2019; Ulmer et al., 2022) da la cota superior

    .. math::

        \varepsilon_{\min} = \varepsilon_{W_2}(F_n, G_m) - \sqrt{\frac{n+m}{nm}}\,
        \hat\sigma_{n,m}\,\Phi^{-1}(1 - \text{confidence\_level}),

    recortada a [0, 1], con :math:`\hat\sigma_{n,m}` la desviación típica *bootstrap* de
    :math:`\sqrt{nm/(n+m)}\,(\varepsilon^*_{W_2} - \varepsilon_{W_2})`: cada remuestra sortea
    con reposición :math:`n` puntuaciones de A y :math:`m` de B, por separado (todas las
    remuestras a la vez, ordenando filas de una matriz).

    **Cómo se lee.** :math:`\varepsilon_{\min} < 0.5`: A es *casi estocásticamente dominante*
    sobre B; Ulmer et al. (2022) proponen afirmar que A es mejor solo si
    :math:`\varepsilon_{\min} < \tau = 0.2` (:data:`ASO_THRESHOLD`).
    :math:`\varepsilon_{\min} \ge 0.5` no dice nada a favor de A, ni que B sea mejor: para
    eso, intercambie A y B. Con menos de :data:`ASO_MIN_SEEDS` (5) semillas por configuración,
    ``summary()`` no afirma dominancia: el *bootstrap* de 2, 3 o 4 puntuaciones apenas varía y
    :math:`\varepsilon_{\min}` puede salir 0 aunque todo sea azar. **No es un valor p.** Solo
    mide la variación con la semilla: con un conjunto de prueba fijo, no dice nada de otros
    datos.

    Diferencias deliberadas con ``deepsig.aso`` (versión 1.2.8):

    * ``deepsig`` aproxima las integrales con una suma de Riemann en
      :math:`t = 0.005, 0.010, \dots, 0.995` y deja fuera del numerador el primer punto;
      aquí son exactas. Con pocas semillas su :math:`\varepsilon_{W_2}` difiere en
      milésimas o centésimas (198/199 = 0.9950 en vez de 1 cuando B supera a A por lo mismo
      en todos los cuantiles) y no cumple :math:`\varepsilon(B, A) = 1 - \varepsilon(A, B)`,
      que aquí es exacta.
    * Si las dos distribuciones empíricas son idénticas (:math:`W_2 = 0`), ``deepsig``
      avisa y devuelve 0.5; aquí es un ``ValueError``. En las remuestras con :math:`W_2 = 0`
      las dos usan 0.5 (``n_undefined`` las cuenta).
    * Sin ``num_comparisons``: para Bonferroni con :math:`m` comparaciones pase
      ``confidence_level = 1 - (1 - 0.95) / m``. El ``num_comparisons`` de ``deepsig``
      (como su ``multi_aso`` con ``use_bonferroni=True``) no hace eso aunque su documentación
      lo llame Bonferroni: sube la confianza a :math:`c + (1 - c)/m`, que coincide con
      :math:`1 - (1 - c)/m` solo con :math:`m = 2` (con :math:`m = 1` no cambia nada); con
      :math:`m = 3` y :math:`c = 0.95` da 0.9667 en lugar de 0.9833, y al crecer :math:`m`
      tiende a :math:`c`, es decir, a no corregir. Para reproducir un resultado de ``deepsig``
      con ``num_comparisons=m``, pase ``confidence_level = c + (1 - c) / m``.
    * Las remuestras salen de ``numpy.random.default_rng(random_state)`` y no del generador
      global de NumPy: los números coinciden con los de ``deepsig`` solo dentro del error de
      Monte Carlo.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (n,) y (m,)
        Puntuaciones de A y de B, una por semilla (al menos 2 cada una). No se parean: ``n``
        y ``m`` pueden ser distintos.
    confidence_level : float, por defecto 0.95
        Confianza de la cota superior, en (0.5, 1).
    n_bootstrap : int, por defecto 1000
        Remuestras para :math:`\hat\sigma` (entre 2 y 10^6; 1000, como ``deepsig``).
    higher_is_better : bool, por defecto True
        ``False`` para pérdidas o errores (se cambian de signo las puntuaciones).
    random_state : None, int o numpy.random.Generator
        Semilla de las remuestras.

    Devuelve
    --------
    ASOResult

    Lanza
    -----
    ValueError
        Si una muestra está vacía, tiene menos de 2 valores, NaN o infinitos; si
        ``confidence_level`` no está en (0.5, 1) o ``n_bootstrap`` fuera de [2, 10^6]; si
        ``n_bootstrap * (n + m)`` pasa de :data:`MAX_ASO_WORK`; o si las dos distribuciones
        empíricas son idénticas (:math:`\varepsilon_{W_2} = 0/0`).
    TypeError
        Si las puntuaciones no son números o un argumento escalar no es del tipo esperado.

    Referencias
    -----------
    del Barrio, E., Cuesta-Albertos, J. A. y Matrán, C. (2018). An optimal transportation
    approach for assessing almost stochastic order. *The Mathematics of the Uncertain*, 33-44.
    Dror, R., Shlomov, S. y Reichart, R. (2019). Deep dominance - how to properly compare deep
    neural models. *ACL 2019*, 2773-2785.
    Ulmer, D., Hardmeier, C. y Frellsen, J. (2022). deep-significance: easy and meaningful
    statistical significance testing in the age of neural networks. *arXiv:2204.06815*.

    Ejemplos
    --------
    Cinco semillas por red. Ordenadas, A supera a B en cuatro de los cinco quintos y queda
    por debajo en uno, con diferencias de 0.01 en todos: :math:`\varepsilon_{W_2} = 1/5`.

    >>> a = [0.86, 0.82, 0.90, 0.84, 0.88]
    >>> b = [0.81, 0.87, 0.83, 0.89, 0.87]
    >>> res = almost_stochastic_order_test(a, b, random_state=0)
    >>> round(res.violation_ratio, 4)
    0.2
    >>> res.eps_min > 0.5  # con 5 semillas la cota es muy ancha: nada a favor de A
    True
    """
    a = _check_scores(scores_a, "scores_a")
    b = _check_scores(scores_b, "scores_b")
    level = _check_confidence(confidence_level)
    n_bootstrap = check_count(n_bootstrap, "n_bootstrap", minimum=2)
    if n_bootstrap > MAX_RESAMPLES:
        raise ValueError(
            f"`n_bootstrap` debe estar entre 2 y {MAX_RESAMPLES}; se recibió {n_bootstrap}. "
            "1000 remuestras (las de deepsig) ya estiman σ con un error de Monte Carlo de "
            "un 2-3 %."
        )
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    seed = check_random_state(random_state)
    n, m = a.size, b.size
    _check_work(n_bootstrap, n + m)

    if not higher_is_better:
        a, b = -a, -b
    # Escala común por una potencia de 2 (exacta): |valores| <= 1, diferencias sin desbordar.
    top = max(float(np.max(np.abs(a))), float(np.max(np.abs(b))))
    shift = math.frexp(top)[1] if top > 0 else 0
    a = np.sort(np.ldexp(a, -shift))
    b = np.sort(np.ldexp(b, -shift))

    segments = _segments(n, m)
    ratio, defined = _violation_ratios(a, b, segments)
    if not defined:
        raise ValueError(
            "`scores_a` y `scores_b` tienen la misma distribución empírica (las mismas "
            "puntuaciones con las mismas frecuencias relativas, por ejemplo dos muestras "
            "constantes iguales): la distancia de Wasserstein W2 entre sus funciones de "
            "cuantiles es 0 y la proporción de violación ε = 0/0 no está definida. Ninguna "
            "domina a la otra; no hay diferencia que medir con estas semillas."
        )
    violation_ratio = float(ratio)

    rng = np.random.default_rng(seed)
    rows = max(1, _BLOCK_CELLS // (n + m))
    parts, undefined = [], 0
    for start in range(0, n_bootstrap, rows):
        size = min(rows, n_bootstrap - start)
        ra = np.sort(a[rng.integers(0, n, size=(size, n))], axis=1)
        rb = np.sort(b[rng.integers(0, m, size=(size, m))], axis=1)
        part, ok = _violation_ratios(ra, rb, segments)
        parts.append(part)
        undefined += int(size - np.count_nonzero(ok))
    dist = np.concatenate(parts)
    dist.setflags(write=False)

    const = math.sqrt(n * m / (n + m))
    sigma = float(np.std(const * (dist - violation_ratio)))
    eps_min = violation_ratio - sigma / const * float(stats.norm.ppf(1.0 - level))
    return ASOResult(
        eps_min=min(max(eps_min, 0.0), 1.0),
        violation_ratio=violation_ratio,
        sigma=sigma,
        n_a=n,
        n_b=m,
        confidence_level=level,
        n_bootstrap=n_bootstrap,
        higher_is_better=higher_is_better,
        n_undefined=undefined,
        distribution=dist,
    )
