"""Prueba de signos bayesiana con ROPE (Benavoli, Corani, Demšar y Zaffalon, 2017).

Compara dos algoritmos sobre **varios conjuntos de datos** con una puntuación media
por conjunto, como :func:`course_utils.bayesian_signed_rank_test`, pero solo mira
de qué lado cae cada diferencia ``A - B``: a favor de A (fuera de la ROPE), dentro
de la región de equivalencia práctica o a favor de B. Con un proceso de Dirichlet
cuya medida a priori es una pseudo-observación de peso ``s`` en la ROPE, las
probabilidades de las tres regiones siguen a posteriori una distribución de
Dirichlet con los tres conteos (más ``s`` en la ROPE). Es la ``SignTest`` de
``baycomp``, con la convención de signos del resto del curso (la diferencia es
siempre ``A - B``), ROPE asimétricas, errores (``higher_is_better=False``) y
resultados en español.

También reúne :func:`plot_posterior_simplex`, el triángulo de las muestras a
posteriori de cualquiera de las pruebas bayesianas de varios conjuntos de datos.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from course_utils._validation import check_positive_int, describe
from course_utils.two_models.bayesian import (
    BayesianSignedRankResult,
    _check_dirichlet_args,
    _convention,
    _DecisionMixin,
    _fmt,
    _power_of_two_scale,
    _region_shares,
)
from course_utils.measure.plots import _get_ax
from course_utils.two_models._bayesian_drawing import draw_simplex

__all__ = ["BayesianSignResult", "bayesian_sign_test", "plot_posterior_simplex"]


@dataclass(frozen=True)
class BayesianSignResult(_DecisionMixin):
    """Resultado de :func:`bayesian_sign_test`.

    Atributos
    ---------
    prob_a_better, prob_equivalent, prob_b_better : float
        Proporción de muestras a posteriori en que cada región es la más probable
        (A mejor, equivalentes, B mejor); suman 1.
    mc_se : tuple of float
        Error de Monte Carlo (error estándar binomial) de cada una de las tres.
    samples : numpy.ndarray de forma (n_samples, 3)
        Muestras a posteriori de (θ_A, θ_equivalentes, θ_B): la probabilidad de que
        la diferencia en un conjunto de datos nuevo caiga a favor de A, dentro de la
        ROPE o a favor de B.
    counts : tuple of int
        Conjuntos de datos a favor de A, dentro de la ROPE y a favor de B.
    alpha : tuple of float
        Parámetros de la Dirichlet a posteriori: los conteos, con ``prior_strength``
        sumado al de la ROPE.
    rope, n_datasets, prior_strength, n_samples, higher_is_better, names, method
        Lo que se usó en el cálculo.
    """

    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    mc_se: tuple[float, float, float]
    samples: np.ndarray = field(repr=False, compare=False)
    counts: tuple[int, int, int]
    alpha: tuple[float, float, float]
    rope: tuple[float, float]
    n_datasets: int
    prior_strength: float
    n_samples: int
    higher_is_better: bool
    names: tuple[str, str] = ("A", "B")
    method: str = "Prueba de signos bayesiana (Benavoli et al., 2017)"

    def summary(self) -> str:
        """Resumen en español, con 4 decimales. Devuelve el texto (no lo imprime)."""
        a, b = self.names
        n_a, n_eq, n_b = self.counts
        lines = [
            self.method,
            f"  {self.n_datasets} conjuntos de datos: {n_a} a favor de {a}, {n_eq} dentro de la "
            f"ROPE, {n_b} a favor de {b}",
            f"  a priori: pseudo-observación de peso {self.prior_strength:g} en la ROPE; "
            f"a posteriori: Dirichlet({', '.join(f'{x:g}' for x in self.alpha)})",
            f"  región de equivalencia práctica (ROPE): [{_fmt(self.rope[0])}, "
            f"{_fmt(self.rope[1])}]",
            f"  P({a} mejor) = {_fmt(self.prob_a_better)}; P(equivalentes) = "
            f"{_fmt(self.prob_equivalent)}; P({b} mejor) = {_fmt(self.prob_b_better)}",
            f"  {self.n_samples} muestras de Monte Carlo; error de Monte Carlo ≤ "
            f"{_fmt(max(self.mc_se))}",
            f"  decisión con umbral 0.95: {self.decision(0.95)}",
            f"  convención: {_convention(self.higher_is_better, self.rope, self.names)}",
        ]
        return "\n".join(lines)


#: Holgura relativa (a la mayor puntuación) con que una diferencia se compara con los límites de
#: la ROPE: unos pocos redondeos de coma flotante, nunca una diferencia real entre puntuaciones.
_BOUND_TOL = 16 * np.finfo(float).eps


def _dirichlet(rng: np.random.Generator, alpha: np.ndarray, n: int) -> np.ndarray:
    """Muestras de Dirichlet en las que un parámetro 0 da una componente 0 (su límite)."""
    out = np.zeros((n, alpha.size))
    positive = alpha > 0
    out[:, positive] = rng.dirichlet(alpha[positive], n)
    return out


def bayesian_sign_test(
    scores_a: object,
    scores_b: object,
    *,
    rope: object,
    prior_strength: float = 1.0,
    n_samples: int = 50_000,
    random_state: int | np.random.Generator | None = None,
    higher_is_better: bool = True,
    names: tuple[str, str] = ("A", "B"),
) -> BayesianSignResult:
    r"""Prueba de signos bayesiana con ROPE (Benavoli et al., 2014 y 2017).

    Compara dos algoritmos sobre **varios conjuntos de datos** con una puntuación
    media por conjunto. Cada diferencia :math:`z_i = a_i - b_i` cae en una de tres
    regiones: a favor de A, dentro de la ROPE o a favor de B; sean
    :math:`n_A, n_{\text{rope}}, n_B` los conteos. Con un proceso de Dirichlet cuya
    medida a priori es una pseudo-observación de peso :math:`s` (``prior_strength``)
    dentro de la ROPE, la distribución **a posteriori** de las probabilidades de las
    tres regiones en un conjunto de datos nuevo es

    .. math::

        (\theta_A, \theta_{\text{rope}}, \theta_B) \sim
        \mathrm{Dir}(n_A,\; n_{\text{rope}} + s,\; n_B),

    y cada :math:`\theta` por separado es una Beta (por ejemplo,
    :math:`\theta_A \sim \mathrm{Beta}(n_A, m + s - n_A)` con :math:`m` conjuntos).
    Cada probabilidad devuelta es la proporción de muestras de Monte Carlo en que esa
    región tiene la :math:`\theta` mayor, como en ``baycomp.SignTest`` (los empates
    se reparten). Con una ROPE vacía (``rope=0``) solo compiten A y B: las
    diferencias exactamente 0 y la pseudo-observación no cuentan para ninguno, y
    P(A mejor) es :math:`P(\theta_A > \theta_B)`.

    Frente a la prueba de rangos con signo bayesiana, esta no usa el tamaño de las
    diferencias (solo su lado): pierde información, pero no supone que las
    diferencias de conjuntos distintos sean comparables en magnitud.

    Se escribe a mano porque ``baycomp`` no admite ROPE asimétricas ni errores (más
    es peor), suma 0.0001 a cada conteo, da sus resultados en inglés y usa el
    generador antiguo ``RandomState``; con la misma a priori ambas coinciden salvo el
    error de Monte Carlo.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (m,)
        Puntuación media de A y de B en cada uno de los m ≥ 2 conjuntos de datos,
        en el mismo orden (dos Series de pandas deben tener el mismo índice).
    rope : float o (float, float)
        Región de equivalencia práctica en unidades de ``A - B`` (δ significa (-δ, δ));
        una diferencia justo en un límite cuenta como equivalente (también si solo
        se aparta de él por el redondeo de la resta: 0.86 - 0.85 frente a 0.01).
    prior_strength : float, por defecto 1.0
        Peso ``s`` ≥ 0 de la pseudo-observación a priori en la ROPE (el valor por
        defecto de ``baycomp``).
    n_samples : int, por defecto 50 000
        Muestras de Monte Carlo, entre 1 000 y 1 000 000 (con 50 000, el error de
        Monte Carlo de cada probabilidad es ≤ 0.0023).
    random_state : int, numpy.random.Generator o None
        Semilla (o generador) de ``numpy.random.default_rng``. Fíjela para
        reproducir el resultado.
    higher_is_better : bool, por defecto True
        ``False`` con errores: «A mejor» es ``A - B`` por debajo de la ROPE.
    names : (str, str), por defecto ("A", "B")
        Nombres de los dos algoritmos.

    Devuelve
    --------
    BayesianSignResult

    Lanza
    -----
    ValueError
        Longitudes distintas, NaN/inf, menos de 2 conjuntos de datos, ROPE que no
        contiene el 0, ``prior_strength`` negativo, ``n_samples`` fuera de rango.
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
    >>> a = [0.90, 0.85, 0.78, 0.93, 0.88, 0.81, 0.95, 0.70, 0.84, 0.77]
    >>> b = [0.88, 0.86, 0.74, 0.90, 0.88, 0.79, 0.91, 0.69, 0.80, 0.77]
    >>> res = bayesian_sign_test(a, b, rope=0.01, random_state=0)
    >>> res.counts
    (6, 4, 0)
    >>> [round(p, 2) for p in (res.prob_a_better, res.prob_equivalent, res.prob_b_better)]
    [0.62, 0.38, 0.0]
    """
    a, b, rope_t, s, n_samples, random_state, hib, names = _check_dirichlet_args(
        scores_a, scores_b, rope, prior_strength, n_samples, random_state, higher_is_better,
        names, example_strength="1")
    m = a.size
    f = _power_of_two_scale(a, b)
    d = a / f - b / f  # exacto salvo desbordamiento; las comparaciones no cambian
    # Una diferencia que es el límite de la ROPE salvo el redondeo de la resta (0.86 - 0.85
    # da 0.010000000000000009) cuenta como en el límite: dentro de la ROPE.
    tol = _BOUND_TOL * max(float(np.max(np.abs(a))), float(np.max(np.abs(b)))) / f
    n_right = int(np.sum(d > rope_t[1] / f + tol))
    n_left = int(np.sum(d < rope_t[0] / f - tol))
    n_rope = m - n_left - n_right
    counts = (n_right, n_rope, n_left) if hib else (n_left, n_rope, n_right)
    alpha = np.array([counts[0], counts[1] + s, counts[2]], dtype=float)
    # Se sortea primero la región de A o la de B según sus conteos, no según cuál es A: así,
    # con la misma semilla, cambiar A por B da exactamente el resultado reflejado.
    order = [0, 1, 2] if alpha[0] <= alpha[2] else [2, 1, 0]
    samples = np.empty((n_samples, 3))
    samples[:, order] = _dirichlet(np.random.default_rng(random_state), alpha[order], n_samples)
    empty = rope_t[0] == rope_t[1]
    probs = _region_shares(samples, compete=(0, 2) if empty else (0, 1, 2))
    if alpha[0] == alpha[2]:  # A y B tienen la misma distribución a posteriori: P(A) = P(B)
        probs[0] = probs[2] = (probs[0] + probs[2]) / 2
    se = tuple(float(math.sqrt(p * (1 - p) / n_samples)) for p in probs)
    return BayesianSignResult(
        prob_a_better=float(probs[0]), prob_equivalent=float(probs[1]),
        prob_b_better=float(probs[2]), mc_se=se, samples=samples, counts=counts,
        alpha=tuple(float(x) for x in alpha), rope=rope_t, n_datasets=m, prior_strength=s,
        n_samples=n_samples, higher_is_better=hib, names=names,
    )


def _simplex_results() -> tuple[type, ...]:
    kinds: list[type] = [BayesianSignedRankResult, BayesianSignResult]
    try:  # la prueba jerárquica necesita su biblioteca; sin ella, no hay resultados que dibujar
        from course_utils.two_models.bayesian_hierarchical import BayesianHierarchicalResult
    except ImportError:  # pragma: no cover - depende de la instalación
        pass
    else:
        kinds.append(BayesianHierarchicalResult)
    return tuple(kinds)


def plot_posterior_simplex(result: object, *, ax: object = None, max_points: int = 5000):
    """Muestras a posteriori de (θ_A, θ_equivalentes, θ_B) sobre el símplex (triángulo).

    Sirve para las pruebas bayesianas de varios conjuntos de datos: la de rangos con
    signo, la de signos y la jerárquica. Cada punto es una muestra; cada vértice, una
    región con toda la probabilidad. Las líneas desde el centro separan las zonas
    según qué θ es mayor, y los puntos se colorean por zona. Dibuja como mucho
    ``max_points`` muestras (las primeras).

    Parámetros
    ----------
    result : BayesianSignedRankResult, BayesianSignResult o BayesianHierarchicalResult
    ax : matplotlib.axes.Axes, opcional
    max_points : int, por defecto 5000

    Devuelve
    --------
    matplotlib.axes.Axes
    """
    if not isinstance(result, _simplex_results()):
        raise TypeError(
            "`result` debe ser el resultado de bayesian_signed_rank_test, bayesian_sign_test "
            f"o bayesian_hierarchical_test; se recibió {describe(result)}."
        )
    max_points = check_positive_int(max_points, "max_points")
    ax = _get_ax(ax)
    probs = (result.prob_a_better, result.prob_equivalent, result.prob_b_better)
    return draw_simplex(ax, result.samples[:max_points], probs, result.names)
