"""Comparación bayesiana de dos algoritmos con una región de equivalencia práctica (*ROPE*).

Una prueba de hipótesis responde «¿serían raros estos datos si no hubiera
diferencia?»; la pregunta que suele interesar es otra: «¿qué probabilidad hay de
que A sea mejor que B por más de una cantidad que importe?». Las dos pruebas de
este módulo la responden con una distribución **a posteriori** de la diferencia
y tres probabilidades: A mejor, prácticamente equivalentes (la diferencia cae
dentro de la región de equivalencia práctica) y B mejor (Benavoli, Corani,
Demšar y Zaffalon, 2017).

- :func:`bayesian_correlated_ttest`: un conjunto de datos, puntuaciones pareadas
  de validación cruzada (r×k, 5×2 o particiones repetidas de entrenamiento y
  prueba). A posteriori, la diferencia media sigue una t de Student con la
  varianza corregida de Nadeau y Bengio (Corani y Benavoli, 2015).
- :func:`bayesian_signed_rank_test`: varios conjuntos de datos, una puntuación
  media por conjunto y algoritmo; proceso de Dirichlet con Monte Carlo y tres
  regiones con ROPE (Benavoli, Corani, Demšar y Zaffalon, 2017, sobre la prueba sin
  ROPE de Benavoli et al., 2014).

Se escriben aquí (y no se delega en ``baycomp``) porque ``baycomp`` deduce el
cociente prueba/entrenamiento del número de repeticiones, suponiendo validación
cruzada de k particiones (1/(k-1); con 5×2, k = 2 y cociente 1), y no admite
particiones aleatorias repetidas de entrenamiento y prueba con otro cociente (por
ejemplo 30 particiones 2/3-1/3, cociente 1/2); además, sus mensajes y resultados
están en inglés. Las pruebas unitarias comparan ambas funciones con ``baycomp``
en los casos que comparten.

Convención de signos: la diferencia es siempre ``A - B`` y la ROPE se da en esas
unidades. Con puntuaciones en las que **más es mejor** (exactitud, AUC...)
«A mejor» significa ``A - B`` por encima de la ROPE; con errores
(``higher_is_better=False``) significa ``A - B`` por debajo de la ROPE.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field

import numpy as np
from scipy import stats

from course_utils.measure.plots import _get_ax
from course_utils.two_models._bayesian_drawing import draw_simplex, draw_t_posterior
from course_utils._validation import (
    check_bool,
    check_count,
    check_finite_result,
    check_half_width,
    check_positive_int,
    check_probability,
    check_random_state,
    check_real,
    check_test_train_ratio,
    describe,
)
from course_utils._validation_labels import check_paired_scores

__all__ = [
    "BayesianTTestResult",
    "BayesianSignedRankResult",
    "bayesian_correlated_ttest",
    "bayesian_signed_rank_test",
    "plot_bayesian_ttest",
    "plot_bayesian_signed_rank",
]

#: Máximo de muestras de Monte Carlo: con 10^6 el error de Monte Carlo de cada
#: probabilidad es ≤ 0.0005; más muestras solo gastan memoria y tiempo.
MAX_SAMPLES = 1_000_000
#: Mínimo de muestras: con menos de 1 000, el error de Monte Carlo pasa de 0.016.
MIN_SAMPLES = 1_000
#: Tope de n_samples × (conjuntos + 1)² en :func:`bayesian_signed_rank_test` (unos segundos
#: y como mucho unos cientos de MB): 50 000 muestras admiten hasta 315 conjuntos de datos.
MAX_SIGNED_RANK_WORK = 5_000_000_000


# ---------------------------------------------------------------------------
# Validación
# ---------------------------------------------------------------------------


def _check_rope(rope: object) -> tuple[float, float]:
    """ROPE como número δ ≥ 0 (se entiende (-δ, δ)) o como par (inferior, superior)."""
    expected = (
        "un número δ ≥ 0 (la ROPE es entonces (-δ, δ)) o un par (inferior, superior) con "
        "inferior ≤ 0 ≤ superior, en las unidades de la diferencia A - B (por ejemplo 0.01)"
    )
    if isinstance(rope, numbers.Real) and not isinstance(rope, bool):
        delta = check_half_width(rope, "rope", expected, allow_zero=True)
        return -delta, delta
    if isinstance(rope, (tuple, list, np.ndarray)) and len(rope) == 2:
        low = check_real(rope[0], "rope[0]", "un número real (límite inferior de la ROPE)")
        high = check_real(rope[1], "rope[1]", "un número real (límite superior de la ROPE)")
        if not low <= 0.0 <= high:
            raise ValueError(
                f"`rope` debe ser {expected}; se recibió ({low!r}, {high!r}). La ROPE es un "
                "intervalo de diferencias despreciables, así que debe contener la diferencia 0."
            )
        return low, high
    raise TypeError(f"`rope` debe ser {expected}; se recibió {describe(rope)}.")


def _check_names(names: object) -> tuple[str, str]:
    if (
        not isinstance(names, (tuple, list))
        or len(names) != 2
        or not all(isinstance(n, str) and n for n in names)
    ):
        raise TypeError(
            "`names` debe ser un par de textos no vacíos con los nombres de A y de B, "
            f"por ejemplo ('k-NN', 'C4.5'); se recibió {describe(names)}."
        )
    return str(names[0]), str(names[1])


def _power_of_two_scale(a: np.ndarray, b: np.ndarray) -> float:
    """Potencia de 2 por la que dividir ``a`` y ``b`` para que ``a - b`` y sus cuadrados no
    desborden ni se anulen. Dividir por una potencia de 2 es exacto: con puntuaciones
    normales (|x| ≤ 1) el resultado es idéntico al cálculo sin escalar."""
    top = max(float(np.max(np.abs(a))), float(np.max(np.abs(b))))
    if top == 0.0:
        return 1.0
    return math.ldexp(1.0, math.frexp(top)[1] - 1)


_OVERFLOW_HINT = (
    "Las puntuaciones son tan grandes que el resultado no cabe en coma flotante; "
    "revise `scores_a` y `scores_b` (¿están en otra escala?)."
)


def _fmt(x: float) -> str:
    """4 decimales; notación científica si el número es enorme o diminuto (nunca «0.0000»)."""
    if x != 0 and (abs(x) >= 1e6 or abs(x) < 5e-5):
        return f"{x:.4e}"
    return f"{x:.4f}"


def _decision(p_a: float, p_eq: float, p_b: float, names: tuple[str, str], thr: float) -> str:
    if p_a >= thr:
        return f"{names[0]} es mejor que {names[1]}"
    if p_b >= thr:
        return f"{names[1]} es mejor que {names[0]}"
    if p_eq >= thr:
        return "prácticamente equivalentes"
    if p_a + p_eq >= thr:
        return (
            f"sin decisión ({names[0]} no es prácticamente peor que {names[1]}: "
            f"P({names[0]} mejor) + P(equivalentes) = {_fmt(p_a + p_eq)})"
        )
    if p_b + p_eq >= thr:
        return (
            f"sin decisión ({names[1]} no es prácticamente peor que {names[0]}: "
            f"P({names[1]} mejor) + P(equivalentes) = {_fmt(p_b + p_eq)})"
        )
    return "sin decisión (ninguna probabilidad llega al umbral)"


class _DecisionMixin:
    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    names: tuple[str, str]

    def decision(self, threshold: float = 0.95) -> str:
        """Decisión en español con un umbral de probabilidad a posteriori.

        «A es mejor» si P(A mejor) ≥ ``threshold``; «B es mejor» si
        P(B mejor) ≥ ``threshold``; «prácticamente equivalentes» si
        P(equivalentes) ≥ ``threshold``; en otro caso «sin decisión» (indicando si
        al menos uno de los dos no es prácticamente peor que el otro).
        """
        thr = check_probability(threshold, "threshold", closed=False)
        if thr <= 0.5:
            raise ValueError(
                "`threshold` debe ser mayor que 0.5 (con un umbral menor podrían cumplirlo dos "
                f"regiones a la vez), por ejemplo 0.95; se recibió {thr!r}."
            )
        return _decision(self.prob_a_better, self.prob_equivalent, self.prob_b_better,
                         self.names, thr)


def _convention(higher_is_better: bool, rope: tuple[float, float], names: tuple[str, str]) -> str:
    a, b = names
    if higher_is_better:
        return (f"puntuaciones en las que más es mejor: «{a} mejor» significa "
                f"{a} - {b} > {_fmt(rope[1])}")
    return (f"puntuaciones en las que menos es mejor (errores): «{a} mejor» significa "
            f"{a} - {b} < {_fmt(rope[0])}")


# ---------------------------------------------------------------------------
# Prueba t bayesiana correlacionada (un conjunto de datos)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BayesianTTestResult(_DecisionMixin):
    """Resultado de :func:`bayesian_correlated_ttest`.

    Atributos
    ---------
    prob_a_better, prob_equivalent, prob_b_better : float
        Probabilidades a posteriori de que A sea mejor que B por más de la ROPE,
        de que la diferencia caiga dentro de la ROPE y de que B sea mejor. Suman 1.
    estimate : float
        Diferencia media observada ``A - B`` (el centro de la distribución a posteriori).
    posterior : scipy.stats frozen distribution
        Distribución a posteriori de la diferencia media ``A - B``: t de Student con
        ``df`` grados de libertad, centro ``estimate`` y escala ``scale``.
    df, scale : float
        Grados de libertad (n - 1) y escala de la t a posteriori.
    ci_low, ci_high : float
        Intervalo de credibilidad de colas iguales con probabilidad ``level``.
    level : float
        Probabilidad del intervalo de credibilidad.
    rope : tuple of float
        Región de equivalencia práctica, en unidades de ``A - B``.
    test_train_ratio : float
        Cociente tamaño de prueba / tamaño de entrenamiento usado en la corrección.
    n : int
        Número de puntuaciones pareadas (particiones).
    higher_is_better : bool
        Si más es mejor en la puntuación (determina qué cola es «A mejor»).
    names : tuple of str
        Nombres de A y B para ``summary()`` y las gráficas.
    method : str
        Nombre del procedimiento, en español.
    """

    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    estimate: float
    posterior: object = field(repr=False, compare=False)
    df: float
    scale: float
    ci_low: float
    ci_high: float
    level: float
    rope: tuple[float, float]
    test_train_ratio: float
    n: int
    higher_is_better: bool
    names: tuple[str, str] = ("A", "B")
    method: str = "Prueba t bayesiana correlacionada (Corani y Benavoli, 2015)"

    def summary(self) -> str:
        """Resumen en español, con 4 decimales. Devuelve el texto (no lo imprime)."""
        a, b = self.names
        lines = [
            self.method,
            f"  diferencia media observada ({a} - {b}) = {_fmt(self.estimate)}; "
            f"n = {self.n} particiones; cociente prueba/entrenamiento = "
            f"{_fmt(self.test_train_ratio)}",
            f"  a posteriori: t de Student (gl = {self.df:g}, centro = {_fmt(self.estimate)}, "
            f"escala = {_fmt(self.scale)})",
            f"  región de equivalencia práctica (ROPE): [{_fmt(self.rope[0])}, "
            f"{_fmt(self.rope[1])}]",
            f"  P({a} mejor) = {_fmt(self.prob_a_better)}; P(equivalentes) = "
            f"{_fmt(self.prob_equivalent)}; P({b} mejor) = {_fmt(self.prob_b_better)}",
            f"  intervalo de credibilidad del {100 * self.level:.4g} % para {a} - {b}: "
            f"[{_fmt(self.ci_low)}, {_fmt(self.ci_high)}]",
            f"  decisión con umbral 0.95: {self.decision(0.95)}",
            f"  convención: {_convention(self.higher_is_better, self.rope, self.names)}",
        ]
        return "\n".join(lines)


def _region_probs(left: float, right: float, rope: tuple[float, float], hib: bool):
    """(P(A mejor), P(equivalentes), P(B mejor)) a partir de las dos colas de A - B."""
    p_eq = 0.0 if rope[0] == rope[1] else max(0.0, 1.0 - left - right)
    return (right, p_eq, left) if hib else (left, p_eq, right)


def bayesian_correlated_ttest(
    scores_a: object,
    scores_b: object,
    *,
    test_train_ratio: float,
    rope: object,
    higher_is_better: bool = True,
    level: float = 0.95,
    names: tuple[str, str] = ("A", "B"),
) -> BayesianTTestResult:
    r"""Prueba t bayesiana correlacionada (Corani y Benavoli, 2015) con ROPE.

    Con las :math:`n` diferencias pareadas :math:`d_i = a_i - b_i` de una
    validación cruzada (r×k: :math:`n = r k`; 5×2: :math:`n = 10`; o :math:`n`
    particiones aleatorias de entrenamiento y prueba), su media :math:`\bar d` y
    su varianza muestral :math:`\hat\sigma^2` (``ddof=1``), y con la distribución a
    priori no informativa de Corani y Benavoli (2015), la distribución **a
    posteriori** de la diferencia media es

    .. math::

        \mu \mid d \sim t_{n-1}\!\left(\bar d,\;
        \sqrt{\left(\tfrac{1}{n} + \tfrac{n_2}{n_1}\right)\hat\sigma^2}\right),

    una t de Student con :math:`n-1` grados de libertad, centro :math:`\bar d` y la
    escala de la prueba t corregida de Nadeau y Bengio (2003); :math:`n_2/n_1` es
    ``test_train_ratio``. El término :math:`n_2/n_1` recoge la correlación entre
    particiones que comparten datos de entrenamiento
    (:math:`\rho = n_2/(n_1+n_2)`). Las tres probabilidades son áreas bajo esa
    densidad: a la izquierda de la ROPE, dentro y a la derecha.

    Con una ROPE de anchura 0, P(B mejor) coincide con el valor p unilateral de
    :func:`course_utils.corrected_resampled_ttest` (``alternative="greater"`` si
    más es mejor): mismos números, otra lectura.

    Se escribe a mano (con ``scipy.stats.t``) porque ``baycomp.CorrelatedTTest``
    solo admite el cociente 1/(k-1) de la validación cruzada de k particiones
    (que incluye 5×2, con k = 2); en ese caso ambas dan lo mismo.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (n,) o (r, k)
        Puntuaciones de A y B en las **mismas** particiones (por ejemplo, las de
        :func:`course_utils.paired_cv_scores` o :func:`course_utils.five_by_two`).
        Dos Series de pandas deben tener el mismo índice.
    test_train_ratio : float
        Cociente tamaño de prueba / tamaño de entrenamiento, mayor que 0:
        ``1/(k-1)`` en validación cruzada de k particiones (1/9 con k = 10),
        ``1.0`` en 5×2, ``n_prueba/n_entrenamiento`` con particiones repetidas.
    rope : float o (float, float)
        Región de equivalencia práctica en unidades de ``A - B``: un número
        δ ≥ 0 significa (-δ, δ). Se decide **antes** de ver los datos (¿qué
        diferencia no cambiaría ninguna decisión?). ``0`` da una ROPE vacía.
    higher_is_better : bool, por defecto True
        ``True`` para exactitud, AUC...: «A mejor» es ``A - B`` > límite superior.
        ``False`` para errores: «A mejor» es ``A - B`` < límite inferior.
    level : float, por defecto 0.95
        Probabilidad del intervalo de credibilidad (de colas iguales).
    names : (str, str), por defecto ("A", "B")
        Nombres de los dos algoritmos para el resumen y las gráficas.

    Devuelve
    --------
    BayesianTTestResult
        Las tres probabilidades, la distribución a posteriori (``posterior``, un
        objeto congelado de ``scipy.stats``), el intervalo de credibilidad y
        ``summary()`` / ``decision()``.

    Lanza
    -----
    ValueError
        Formas distintas o no (n,)/(r, k), NaN/inf, menos de 2 pares, cociente no
        positivo, ROPE que no contiene el 0, ``level`` fuera de (0, 1), o todas las
        diferencias iguales (varianza 0: la distribución a posteriori degenera).
    TypeError
        Argumentos del tipo equivocado.

    Referencias
    -----------
    Corani, G. y Benavoli, A. (2015). A Bayesian approach for comparing
    cross-validated algorithms on multiple data sets. *Machine Learning*, 100, 285-304.
    Benavoli, A., Corani, G., Demšar, J. y Zaffalon, M. (2017). Time for a change:
    a tutorial for comparing multiple classifiers through Bayesian analysis.
    *Journal of Machine Learning Research*, 18(77), 1-36.
    Nadeau, C. y Bengio, Y. (2003). Inference for the generalization error.
    *Machine Learning*, 52, 239-281.

    Ejemplos
    --------
    >>> a = [0.81, 0.84, 0.79, 0.83, 0.80, 0.85]
    >>> b = [0.80, 0.81, 0.80, 0.80, 0.78, 0.82]
    >>> res = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 2, rope=0.01)
    >>> [round(p, 4) for p in (res.prob_a_better, res.prob_equivalent, res.prob_b_better)]
    [0.7239, 0.2348, 0.0413]
    >>> res.decision()
    'sin decisión (A no es prácticamente peor que B: P(A mejor) + P(equivalentes) = 0.9587)'
    """
    a, b = check_paired_scores(scores_a, scores_b)
    ratio = check_test_train_ratio(test_train_ratio)
    rope_t = _check_rope(rope)
    hib = check_bool(higher_is_better, "higher_is_better")
    level = check_probability(level, "level", closed=False)
    names = _check_names(names)
    n = a.size
    if n < 2:
        raise ValueError(
            f"Se necesitan al menos 2 pares de puntuaciones en `scores_a` y `scores_b`; "
            f"se recibieron {n}."
        )
    f = _power_of_two_scale(a, b)
    a_s, b_s = a / f, b / f
    d = (a_s - b_s).ravel()
    scale_ref = max(float(np.max(np.abs(a_s))), float(np.max(np.abs(b_s))), np.finfo(float).tiny)
    if float(np.ptp(d)) <= 16 * np.finfo(float).eps * scale_ref:
        raise ValueError(
            "Todas las diferencias `scores_a - scores_b` son iguales (varianza 0): la "
            "distribución a posteriori degenera en un punto y las probabilidades no "
            "dirían nada sobre la incertidumbre. Compruebe que no compara un modelo "
            "consigo mismo y que las puntuaciones no están redondeadas en exceso."
        )
    mean = check_finite_result(float(np.mean(d)) * f, "la diferencia media", _OVERFLOW_HINT)
    scale = math.sqrt(1.0 / n + ratio) * float(np.std(d, ddof=1)) * f
    scale = check_finite_result(scale, "la escala a posteriori", _OVERFLOW_HINT)
    if scale == 0.0:
        raise ValueError(
            "La escala a posteriori es 0 (las diferencias `scores_a - scores_b` son demasiado "
            "pequeñas para la coma flotante); revise la escala de las puntuaciones."
        )
    df = float(n - 1)
    post = stats.t(df, loc=mean, scale=scale)
    # Colas con la variable tipificada (en Python, ±inf si desborda: sin avisos de scipy).
    left = float(stats.t.cdf((rope_t[0] - mean) / scale, df))
    right = float(stats.t.sf((rope_t[1] - mean) / scale, df))
    p_a, p_eq, p_b = _region_probs(left, right, rope_t, hib)
    # El intervalo, también con la variable tipificada: cerca de 1e308 se rechaza, nunca ±inf.
    q_low, q_high = (float(v) for v in stats.t.interval(level, df))
    low = check_finite_result(mean + q_low * scale, "el extremo inferior del intervalo de "
                              "credibilidad", _OVERFLOW_HINT)
    high = check_finite_result(mean + q_high * scale, "el extremo superior del intervalo de "
                               "credibilidad", _OVERFLOW_HINT)
    return BayesianTTestResult(
        prob_a_better=p_a, prob_equivalent=p_eq, prob_b_better=p_b, estimate=mean,
        posterior=post, df=df, scale=scale, ci_low=low, ci_high=high, level=level,
        rope=rope_t, test_train_ratio=ratio, n=n, higher_is_better=hib, names=names,
    )


# ---------------------------------------------------------------------------
# Prueba de rangos con signo bayesiana (varios conjuntos de datos)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BayesianSignedRankResult(_DecisionMixin):
    """Resultado de :func:`bayesian_signed_rank_test`.

    Atributos
    ---------
    prob_a_better, prob_equivalent, prob_b_better : float
        Proporción de muestras a posteriori en que cada región es la más probable
        (A mejor, equivalentes, B mejor); suman 1.
    mc_se : tuple of float
        Error de Monte Carlo (error estándar binomial) de cada una de las tres.
    samples : numpy.ndarray de forma (n_samples, 3)
        Muestras a posteriori de (θ_A, θ_equivalentes, θ_B): en cada fila, la
        probabilidad de que la media de dos diferencias al azar caiga a favor de A,
        dentro de la ROPE o a favor de B.
    estimate : float
        Mediana de las diferencias ``A - B`` por conjunto de datos (descriptiva).
    rope, n_datasets, prior_strength, n_samples, higher_is_better, names, method
        Lo que se usó en el cálculo.
    """

    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    mc_se: tuple[float, float, float]
    samples: np.ndarray = field(repr=False, compare=False)
    estimate: float
    rope: tuple[float, float]
    n_datasets: int
    prior_strength: float
    n_samples: int
    higher_is_better: bool
    names: tuple[str, str] = ("A", "B")
    method: str = "Prueba de rangos con signo bayesiana (Benavoli et al., 2017)"

    def summary(self) -> str:
        """Resumen en español, con 4 decimales. Devuelve el texto (no lo imprime)."""
        a, b = self.names
        se = max(self.mc_se)
        lines = [
            self.method,
            f"  {self.n_datasets} conjuntos de datos; mediana de las diferencias ({a} - {b}) = "
            f"{_fmt(self.estimate)}",
            f"  a priori: proceso de Dirichlet con una pseudo-observación 0 de peso "
            f"{self.prior_strength:g}",
            f"  región de equivalencia práctica (ROPE): [{_fmt(self.rope[0])}, "
            f"{_fmt(self.rope[1])}]",
            f"  P({a} mejor) = {_fmt(self.prob_a_better)}; P(equivalentes) = "
            f"{_fmt(self.prob_equivalent)}; P({b} mejor) = {_fmt(self.prob_b_better)}",
            f"  {self.n_samples} muestras de Monte Carlo; error de Monte Carlo ≤ {_fmt(se)}",
            f"  decisión con umbral 0.95: {self.decision(0.95)}",
            f"  convención: {_convention(self.higher_is_better, self.rope, self.names)}",
        ]
        return "\n".join(lines)


def _check_dirichlet_args(scores_a, scores_b, rope, prior_strength, n_samples, random_state,
                          higher_is_better, names, *, example_strength: str):
    """Argumentos comunes de las pruebas con proceso de Dirichlet (rangos con signo y signos):
    una puntuación por conjunto de datos (al menos 2), ROPE, peso a priori ≥ 0 y muestras."""
    a, b = check_paired_scores(scores_a, scores_b, ndims=(1,))
    rope_t = _check_rope(rope)
    expected = f"un número real ≥ 0, por ejemplo {example_strength}"
    s = check_real(prior_strength, "prior_strength", expected)
    if s < 0:
        raise ValueError(f"`prior_strength` debe ser {expected}; se recibió {s!r}.")
    n_samples = check_count(n_samples, "n_samples", minimum=MIN_SAMPLES, maximum=MAX_SAMPLES)
    random_state = check_random_state(random_state, maximum=None)
    hib = check_bool(higher_is_better, "higher_is_better")
    names = _check_names(names)
    if a.size < 2:
        raise ValueError(
            "Se necesitan al menos 2 conjuntos de datos en `scores_a` y `scores_b`; "
            f"se recibió {a.size}."
        )
    return a, b, rope_t, s, n_samples, random_state, hib, names


def _signed_rank_thetas(weights: np.ndarray, diffs: np.ndarray, rope: tuple[float, float]):
    """θ_izquierda y θ_derecha para cada fila de pesos de Dirichlet (la pseudo-observación, 1.ª).

    θ_derecha = Σ_i Σ_j w_i w_j H((z_i + z_j)/2 - superior), con H(0) = 1/2
    (y la izquierda, simétrica), como en Benavoli et al. (2017) y baycomp.
    """
    z = np.concatenate(([0.0], diffs))
    walsh = z[:, None] + z[None, :]

    def heaviside(x: np.ndarray) -> np.ndarray:
        return (x > 0).astype(float) + 0.5 * (x == 0)

    above = heaviside(walsh - 2 * rope[1])
    below = heaviside(2 * rope[0] - walsh)
    right = np.sum((weights @ above) * weights, axis=1)  # Σ_ij w_i H_ij w_j, con BLAS
    left = np.sum((weights @ below) * weights, axis=1)
    return left, right


#: Dos θ de una muestra a posteriori empatan si difieren en menos de esto (son
#: probabilidades, de 0 a 1; el ruido de sumar los pesos de Dirichlet es del orden de 1e-16).
_THETA_TIE = 1e-9


def _region_shares(samples: np.ndarray, compete: tuple[int, ...]) -> np.ndarray:
    """Proporción de muestras en que gana cada región, repartiendo los empates a partes iguales.

    En cada muestra gana la región (columna) de mayor θ; si varias empatan en el máximo
    (salvo :data:`_THETA_TIE`), cada una recibe la fracción correspondiente de esa muestra.
    Así, con dos algoritmos idénticos y ROPE nula, P(A mejor) = P(B mejor) = 0.5: ni el
    orden de las columnas ni el ruido de redondeo deciden un empate (``baycomp`` da la
    muestra entera a la primera columna con el máximo, que el redondeo elige al azar).
    """
    sub = samples[:, list(compete)]
    top = sub.max(axis=1, keepdims=True)
    tied = sub >= top - _THETA_TIE
    shares = (tied / tied.sum(axis=1, keepdims=True)).mean(axis=0)
    probs = np.zeros(samples.shape[1])
    probs[list(compete)] = shares
    return probs


def bayesian_signed_rank_test(
    scores_a: object,
    scores_b: object,
    *,
    rope: object,
    prior_strength: float = 0.5,
    n_samples: int = 50_000,
    random_state: int | np.random.Generator | None = None,
    higher_is_better: bool = True,
    names: tuple[str, str] = ("A", "B"),
) -> BayesianSignedRankResult:
    r"""Prueba de rangos con signo bayesiana con ROPE (Benavoli et al., 2017).

    Compara dos algoritmos sobre **varios conjuntos de datos** con una puntuación
    media por conjunto (``scores_a[i]``, ``scores_b[i]``). La distribución de las
    diferencias :math:`z_i = a_i - b_i` se modela con un proceso de Dirichlet cuya
    medida a priori es una pseudo-observación :math:`z_0 = 0` de peso ``s``
    (``prior_strength``). A posteriori, los pesos
    :math:`w \sim \mathrm{Dir}(s, 1, \ldots, 1)` sobre :math:`(z_0, z_1, \ldots, z_m)`
    y, para cada muestra,

    .. math::

        \theta_{\text{der}} = \sum_{i,j} w_i w_j\,
        H\!\left(\tfrac{z_i + z_j}{2} - \text{superior}\right), \qquad
        \theta_{\text{izq}} = \sum_{i,j} w_i w_j\,
        H\!\left(\text{inferior} - \tfrac{z_i + z_j}{2}\right),

    :math:`\theta_{\text{rope}} = 1 - \theta_{\text{izq}} - \theta_{\text{der}}`
    (:math:`H` es el escalón con :math:`H(0) = 1/2`; las medias
    :math:`(z_i+z_j)/2` son las de Walsh de la prueba de Wilcoxon). Cada
    probabilidad devuelta es la proporción de muestras en que esa región tiene la
    :math:`\theta` mayor, como en ``baycomp.SignedRankTest``.

    Se escribe a mano porque ``baycomp`` no admite ROPE asimétricas ni errores
    (más es peor), da sus resultados en inglés y usa el generador antiguo
    ``RandomState``; con la misma distribución a priori ambas coinciden salvo el
    error de Monte Carlo.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (m,)
        Puntuación media de A y de B en cada uno de los m ≥ 2 conjuntos de datos,
        en el mismo orden (dos Series de pandas deben tener el mismo índice).
    rope : float o (float, float)
        Región de equivalencia práctica en unidades de ``A - B`` (δ significa (-δ, δ)).
    prior_strength : float, por defecto 0.5
        Peso ``s`` ≥ 0 de la pseudo-observación 0 (el valor de Benavoli et al.).
    n_samples : int, por defecto 50 000
        Muestras de Monte Carlo de la distribución a posteriori, entre 1 000 y
        1 000 000 (con 50 000, el error de Monte Carlo de cada probabilidad es ≤ 0.0023).
    random_state : int, numpy.random.Generator o None
        Semilla (o generador) de ``numpy.random.default_rng``. Fíjela para
        reproducir el resultado.
    higher_is_better : bool, por defecto True
        ``False`` con errores: «A mejor» es ``A - B`` por debajo de la ROPE.
    names : (str, str), por defecto ("A", "B")
        Nombres de los dos algoritmos.

    Devuelve
    --------
    BayesianSignedRankResult

    Lanza
    -----
    ValueError
        Longitudes distintas, NaN/inf, menos de 2 conjuntos de datos, ROPE que no
        contiene el 0, ``prior_strength`` negativo.
    TypeError
        Argumentos del tipo equivocado.

    Referencias
    -----------
    Benavoli, A., Corani, G., Mangili, F., Zaffalon, M. y Ruggeri, F. (2014).
    A Bayesian Wilcoxon signed-rank test based on the Dirichlet process.
    *Proceedings of ICML 2014*, PMLR 32(2), 1026-1034.
    Benavoli, A., Corani, G., Demšar, J. y Zaffalon, M. (2017). Time for a change:
    a tutorial for comparing multiple classifiers through Bayesian analysis.
    *Journal of Machine Learning Research*, 18(77), 1-36.

    Ejemplos
    --------
    >>> a = [0.90, 0.85, 0.78, 0.93, 0.88, 0.81, 0.95, 0.70]
    >>> b = [0.88, 0.86, 0.74, 0.90, 0.88, 0.79, 0.91, 0.69]
    >>> res = bayesian_signed_rank_test(a, b, rope=0.01, random_state=0)
    >>> [round(p, 2) for p in (res.prob_a_better, res.prob_equivalent, res.prob_b_better)]
    [0.97, 0.03, 0.0]
    """
    a, b, rope_t, s, n_samples, random_state, hib, names = _check_dirichlet_args(
        scores_a, scores_b, rope, prior_strength, n_samples, random_state, higher_is_better,
        names, example_strength="0.5")
    m = a.size
    if n_samples * (m + 1) ** 2 > MAX_SIGNED_RANK_WORK:
        raise ValueError(
            f"Con {m} conjuntos de datos en `scores_a`/`scores_b` y `n_samples`={n_samples}, "
            "la prueba haría "
            f"{n_samples * (m + 1) ** 2:.3g} operaciones (n_samples × (conjuntos + 1)²), más de "
            f"las {MAX_SIGNED_RANK_WORK:.0e} que caben en unos segundos. "
            + (f"Reduzca `n_samples` (como mucho {MAX_SIGNED_RANK_WORK // (m + 1) ** 2} con "
               f"{m} conjuntos)." if MAX_SIGNED_RANK_WORK // (m + 1) ** 2 >= MIN_SAMPLES else
               "Reduzca el número de conjuntos de datos de `scores_a`/`scores_b` (con el mínimo de "
               f"{MIN_SAMPLES} muestras, como mucho "
               f"{math.isqrt(MAX_SIGNED_RANK_WORK // MIN_SAMPLES) - 1}).")
        )
    f = _power_of_two_scale(a, b)
    d = a / f - b / f  # exacto salvo desbordamiento; las comparaciones no cambian
    rope_s = (rope_t[0] / f, rope_t[1] / f)
    estimate = check_finite_result(float(np.median(d)) * f, "la mediana de las diferencias",
                                   _OVERFLOW_HINT)
    rng = np.random.default_rng(random_state)
    alpha = np.ones(m + 1)
    alpha[0] = s
    if s == 0:  # la pseudo-observación no pesa: se omite (Dir no admite parámetros 0)
        weights = np.hstack([np.zeros((n_samples, 1)), rng.dirichlet(alpha[1:], n_samples)])
    else:
        weights = rng.dirichlet(alpha, n_samples)
    left, right = _signed_rank_thetas(weights, d, rope_s)
    rope_theta = np.clip(1.0 - left - right, 0.0, 1.0)
    if hib:
        samples = np.column_stack([right, rope_theta, left])
    else:
        samples = np.column_stack([left, rope_theta, right])
    if rope_t[0] == rope_t[1]:  # ROPE vacía: solo compiten A y B
        samples[:, 1] = 0.0
    probs = _region_shares(samples, compete=(0, 2) if rope_t[0] == rope_t[1] else (0, 1, 2))
    se = tuple(float(math.sqrt(p * (1 - p) / n_samples)) for p in probs)
    return BayesianSignedRankResult(
        prob_a_better=float(probs[0]), prob_equivalent=float(probs[1]),
        prob_b_better=float(probs[2]), mc_se=se, samples=samples,
        estimate=estimate, rope=rope_t, n_datasets=m, prior_strength=s,
        n_samples=n_samples, higher_is_better=hib, names=names,
    )


# ---------------------------------------------------------------------------
# Gráficas
# ---------------------------------------------------------------------------


def plot_bayesian_ttest(result: object, *, ax: object = None):
    """Densidad a posteriori de ``A - B`` con la ROPE sombreada y las tres probabilidades.

    Colorea el área a favor de A, la de dentro de la ROPE y la de B; la leyenda da
    cada probabilidad. Dibuja sobre ``ax`` (o los ejes actuales), devuelve los
    ``Axes`` y no muestra nada.

    Parámetros
    ----------
    result : BayesianTTestResult
        El resultado de :func:`bayesian_correlated_ttest`.
    ax : matplotlib.axes.Axes, opcional

    Devuelve
    --------
    matplotlib.axes.Axes
    """
    if not isinstance(result, BayesianTTestResult):
        raise TypeError(
            "`result` debe ser el resultado de bayesian_correlated_ttest (BayesianTTestResult); "
            f"se recibió {describe(result)}."
        )
    return draw_t_posterior(_get_ax(ax), result)



def plot_bayesian_signed_rank(result: object, *, ax: object = None, max_points: int = 5000):
    """Muestras a posteriori sobre el símplex de probabilidades (triángulo).

    Cada punto es una muestra (θ_A, θ_equivalentes, θ_B); cada vértice es una
    región con toda la probabilidad. Las líneas desde el centro separan las tres
    zonas según qué θ es mayor, y los puntos se colorean por zona. Dibuja como
    mucho ``max_points`` muestras (las primeras) para que la figura sea legible.

    Parámetros
    ----------
    result : BayesianSignedRankResult
        El resultado de :func:`bayesian_signed_rank_test`.
    ax : matplotlib.axes.Axes, opcional
    max_points : int, por defecto 5000

    Devuelve
    --------
    matplotlib.axes.Axes
    """
    if not isinstance(result, BayesianSignedRankResult):
        raise TypeError(
            "`result` debe ser el resultado de bayesian_signed_rank_test "
            f"(BayesianSignedRankResult); se recibió {describe(result)}."
        )
    max_points = check_positive_int(max_points, "max_points")
    ax = _get_ax(ax)
    probs = (result.prob_a_better, result.prob_equivalent, result.prob_b_better)
    return draw_simplex(ax, result.samples[:max_points], probs, result.names)

