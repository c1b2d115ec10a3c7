"""Dos proporciones independientes: no inferioridad, potencia y tamaño muestral.

:func:`noninferiority_test` (score de Miettinen y Nurminen o Wald),
:func:`power_two_proportions` y :func:`sample_size_two_proportions`. También se
importan desde :mod:`course_utils.two_models.comparison`.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import optimize, stats

from course_utils._results import _ALTERNATIVES, TestResult
from course_utils._validation import (
    check_alpha,
    check_choice,
    check_count,
    check_finite_result,
    check_positive_int,
    check_probability,
    check_real,
)

__all__ = ["noninferiority_test", "power_two_proportions", "sample_size_two_proportions"]


# ---------------------------------------------------------------------------
# No inferioridad, potencia y tamaño muestral para dos proporciones
# ---------------------------------------------------------------------------


def _check_successes(successes: object, n: object, s_name: str, n_name: str) -> tuple[int, int]:
    s = check_count(successes, s_name)
    nn = check_positive_int(n, n_name)
    if s > nn:
        raise ValueError(f"`{s_name}` ({s}) no puede ser mayor que `{n_name}` ({nn}).")
    return s, nn


def _mn_score_statistic(s1: int, n1: int, s0: int, n0: int, delta: float) -> float:
    """Estadístico score de Miettinen y Nurminen (1985) para H0: p1 - p0 = delta.

    Varianza bajo H0 con los estimadores de máxima verosimilitud restringidos
    (p0, p0 + delta), raíz de la cúbica de Farrington y Manning (1990) por su solución
    trigonométrica, y el factor n/(n-1) de Miettinen y Nurminen. Es la fórmula de
    ``statsmodels.stats.proportion.score_test_proportions_2indep`` con el coeficiente
    lineal corregido: statsmodels (hasta 0.15 al menos) escribe ``count0 * diff`` donde va
    ``nobs0 * diff`` (statsmodels, issue #10269), así que su estimador restringido no
    maximiza la verosimilitud cuando ``value != 0``. Además, el argumento del arcocoseno
    se acota a [-1, 1] (evita NaN) y el estimador a su rango admisible (la
    log-verosimilitud restringida es cóncava: si la raíz cae fuera, el máximo está en el
    borde, lo que ocurre cuando algún conteo es 0 o n).
    """
    n, c = n1 + n0, s1 + s0
    p1, p0 = s1 / n1, s0 / n0
    if delta == 0:
        q1 = q0 = c / n
    else:
        a3 = n
        a2 = (n1 + 2 * n0) * delta - n - c
        a1 = (n0 * delta - n - 2 * s0) * delta + c  # statsmodels pone s0 en lugar de n0
        a0 = s0 * delta * (1 - delta)
        q = (a2 / (3 * a3)) ** 3 - a1 * a2 / (6 * a3**2) + a0 / (2 * a3)
        r = math.copysign(math.sqrt(max(0.0, (a2 / (3 * a3)) ** 2 - a1 / (3 * a3))), q)
        if r**3 == 0:
            q0 = -a2 / (3 * a3)
        else:
            angle = (math.pi + math.acos(min(1.0, max(-1.0, q / r**3)))) / 3
            q0 = 2 * r * math.cos(angle) - a2 / (3 * a3)
        q0 = min(max(q0, max(0.0, -delta)), min(1.0, 1.0 - delta))
        q1 = q0 + delta
    var = (q1 * (1 - q1) / n1 + q0 * (1 - q0) / n0) * n / (n - 1)
    diff = p1 - p0 - delta
    if var <= 0:
        return 0.0 if diff == 0 else math.copysign(math.inf, diff)
    return diff / math.sqrt(var)


def _mn_score_lower_bound(s1: int, n1: int, s0: int, n0: int, z: float) -> float:
    """Cota inferior unilateral de p1 - p0 invirtiendo la prueba score: z(delta) = z_crit.

    ``statsmodels.stats.proportion.confint_proportions_2indep(method="score")`` hace la
    misma inversión, pero con el estimador restringido erróneo (issue #10269) y a menudo
    falla (NaN en la estimación puntual); aquí se resuelve con ``scipy.optimize.brentq``
    sobre (-1, p1 - p0).
    """
    estimate = s1 / n1 - s0 / n0
    lo = -1.0 + 1e-12
    if estimate <= lo:
        return -1.0

    def gap(delta: float) -> float:
        return _mn_score_statistic(s1, n1, s0, n0, delta) - z

    if gap(lo) <= 0:
        return -1.0
    return float(optimize.brentq(gap, lo, estimate, xtol=1e-12))


def noninferiority_test(
    successes_new: object,
    n_new: object,
    successes_ref: object,
    n_ref: object,
    *,
    margin: float,
    alpha: float = 0.05,
    method: str = "score",
) -> TestResult:
    r"""Prueba de no inferioridad para dos proporciones independientes (p. ej. exactitudes).

    Contrasta :math:`H_0: p_{nuevo} - p_{ref} \le -\delta` frente a
    :math:`H_1: p_{nuevo} - p_{ref} > -\delta` (el modelo nuevo no es peor que el de
    referencia en más de ``margin`` = :math:`\delta`).

    - ``"wald"``: :math:`z = (\hat p_n - \hat p_r + \delta)/\sqrt{\hat p_n\hat q_n/n_n + \hat p_r\hat q_r/n_r}`,
      delegando en ``statsmodels.stats.proportion.test_proportions_2indep(...,
      value=-margin, method="wald", compare="diff", alternative="larger")``.
    - ``"score"``: prueba score de Miettinen y Nurminen (1985), con la varianza
      estimada bajo H0 (más fiable cerca de 0 o 1). Se calcula aquí y no en statsmodels,
      porque ``score_test_proportions_2indep`` (hasta la versión 0.15 al menos) usa un
      coeficiente erróneo en la cúbica del estimador restringido cuando ``value != 0``
      (statsmodels, issue #10269) y da NaN con algunos conteos 0 o ``n``.

    El intervalo es unilateral con confianza ``1 - alpha``: ``ci_low`` es la cota
    inferior de :math:`p_{nuevo} - p_{ref}` (Wald: :math:`\hat p_n - \hat p_r - z_{1-\alpha}\,se`;
    score: el :math:`\delta_0` en que el estadístico score vale :math:`z_{1-\alpha}`, la
    inversión de la misma prueba) y ``ci_high = 1.0``, el máximo posible de una
    diferencia de proporciones. Se concluye no inferioridad si ``ci_low > -margin``
    (equivale a ``pvalue < alpha``).

    Supone muestras independientes (p. ej. conjuntos de prueba distintos). Si los dos
    modelos se evalúan sobre el mismo conjunto, las proporciones están pareadas.

    Parámetros
    ----------
    successes_new, n_new : int
        Aciertos y ejemplos del modelo nuevo.
    successes_ref, n_ref : int
        Aciertos y ejemplos del modelo de referencia.
    margin : float
        Margen de no inferioridad :math:`\delta`, en (0, 1) (por ejemplo 0.02).
    alpha : float en (0, 0.5), por defecto 0.05
    method : {"score", "wald"}, por defecto "score"

    Devuelve
    --------
    TestResult
        ``statistic`` = z, ``distribution = "normal"``, ``df = None``,
        ``alternative = "greater"``, ``estimate`` = :math:`\hat p_{nuevo} - \hat p_{ref}`.

    Lanza
    -----
    ValueError, TypeError
        Conteos negativos o no enteros, aciertos mayores que ``n``, ``margin`` fuera de
        (0, 1), ``alpha`` fuera de (0, 1), método desconocido, o varianza de Wald nula.

    Referencias
    -----------
    Miettinen, O. y Nurminen, M. (1985). Comparative analysis of two rates.
    *Statistics in Medicine*, 4(2), 213-226.
    Farrington, C. P. y Manning, G. (1990). Test statistics and sample size formulae for
    comparative binomial trials with null hypothesis of non-zero risk difference or
    non-unity relative risk. *Statistics in Medicine*, 9(12), 1447-1454.
    Chow, S.-C., Shao, J. y Wang, H. (2008). *Sample Size Calculations in Clinical
    Research* (2.ª ed.). Chapman & Hall/CRC, cap. 4.

    Ejemplos
    --------
    >>> res = noninferiority_test(900, 1000, 905, 1000, margin=0.03, method="wald")
    >>> round(res.statistic, 4), round(res.pvalue, 4)
    (1.8846, 0.0297)
    """
    from statsmodels.stats.proportion import test_proportions_2indep

    s_new, n_new_ = _check_successes(successes_new, n_new, "successes_new", "n_new")
    s_ref, n_ref_ = _check_successes(successes_ref, n_ref, "successes_ref", "n_ref")
    margin = check_real(margin, "margin", "un número real en (0, 1), por ejemplo 0.02")
    if not 0.0 < margin < 1.0:
        raise ValueError(f"`margin` debe estar en el intervalo abierto (0, 1), por ejemplo 0.02; se recibió {margin!r}.")
    alpha = check_alpha(alpha)
    if alpha >= 0.5:
        raise ValueError(
            f"`alpha` debe estar en (0, 0.5) en una prueba unilateral de no inferioridad, por "
            f"ejemplo 0.05; se recibió {alpha!r}. Con alpha >= 0.5 se concluiría no inferioridad "
            "aunque la estimación estuviera por debajo del margen."
        )
    method = check_choice(method, "method", ("score", "wald"))
    p_new, p_ref = s_new / n_new_, s_ref / n_ref_
    if method == "wald" and p_new * (1 - p_new) / n_new_ + p_ref * (1 - p_ref) / n_ref_ == 0:
        raise ValueError(
            "La varianza de Wald es 0 (las dos proporciones son 0 o 1), así que el estadístico z "
            "no está definido; use `method=\"score\"`."
        )
    if method == "wald":
        # statsmodels también calcula el cociente de odds, que divide por cero cuando una
        # proporción es 0 o 1; ese valor no se usa aquí.
        with np.errstate(divide="ignore", invalid="ignore"):
            res = test_proportions_2indep(
                s_new, n_new_, s_ref, n_ref_, value=-margin, method="wald", compare="diff",
                alternative="larger",
            )
        statistic, pvalue = float(res.statistic), float(res.pvalue)
    else:
        # No se delega en statsmodels: su estimador restringido para value != 0 tiene
        # un coeficiente erróneo (issue #10269); ver `_mn_score_statistic`.
        statistic = _mn_score_statistic(s_new, n_new_, s_ref, n_ref_, -margin)
        pvalue = float(stats.norm.sf(statistic))
    z = float(stats.norm.isf(alpha))
    estimate = p_new - p_ref
    if method == "wald":
        se = math.sqrt(p_new * (1 - p_new) / n_new_ + p_ref * (1 - p_ref) / n_ref_)
        low = estimate - z * se
    else:
        low = _mn_score_lower_bound(s_new, n_new_, s_ref, n_ref_, z)
    names = {"score": "score de Miettinen y Nurminen", "wald": "Wald"}
    return TestResult(
        statistic=statistic,
        pvalue=float(min(1.0, max(0.0, check_finite_result(pvalue, "el valor p")))),
        df=None,
        estimate=float(estimate),
        ci_low=float(min(low, estimate)),
        ci_high=1.0,
        method=f"Prueba de no inferioridad para dos proporciones ({names[method]})",
        alternative="greater",
        confidence=1 - alpha,
        distribution="normal",
        note=f"H0: p_nuevo - p_ref <= -{margin:.4f}; H1: p_nuevo - p_ref > -{margin:.4f}. "
        "Intervalo unilateral: [cota inferior, 1].",
    )


_POWER_ALT = {"two-sided": "two-sided", "greater": "larger", "less": "smaller"}


def _check_power_args(p_a: object, p_b: object, alpha: object, alternative: object):
    pa = check_probability(p_a, "p_a", closed=False)
    pb = check_probability(p_b, "p_b", closed=False)
    if pa == pb:
        raise ValueError(
            f"`p_a` y `p_b` son iguales ({pa!r}): no hay diferencia que detectar; la potencia "
            "sería igual a alpha para cualquier n."
        )
    return pa, pb, check_alpha(alpha), check_choice(alternative, "alternative", _ALTERNATIVES)


def _power(pa: float, pb: float, n: float, alpha: float, alternative: str) -> float:
    from statsmodels.stats.proportion import power_proportions_2indep

    return float(
        power_proportions_2indep(
            pa - pb, pb, n, ratio=1, alpha=alpha, alternative=_POWER_ALT[alternative],
            return_results=False,
        )
    )


def power_two_proportions(
    p_a: float, p_b: float, n: int, *, alpha: float = 0.05, alternative: str = "two-sided"
) -> float:
    r"""Potencia de la prueba z para la diferencia de dos proporciones independientes.

    Aproximación normal con la varianza combinada bajo H0 y la no combinada bajo H1
    (Fleiss, Levin y Paik, 2003), delegando en
    ``statsmodels.stats.proportion.power_proportions_2indep`` con ``n`` ejemplos por
    grupo. Para la prueba bilateral, con :math:`\bar p = (p_a + p_b)/2`:

    .. math::

        1 - \beta \approx \Phi\!\left(\frac{|p_a - p_b|\sqrt{n} - z_{1-\alpha/2}\sqrt{2\bar p\bar q}}
        {\sqrt{p_a q_a + p_b q_b}}\right) \; (+\ \text{la otra cola, despreciable}).

    Parámetros
    ----------
    p_a, p_b : float en (0, 1)
        Proporciones (p. ej. exactitudes) verdaderas supuestas de A y B.
    n : int
        Ejemplos por grupo (p. ej. tamaño de cada conjunto de prueba).
    alpha : float, por defecto 0.05
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
        ``"greater"``: H1 es :math:`p_a > p_b`.

    Devuelve
    --------
    float
        La potencia, en [0, 1].

    Referencias
    -----------
    Fleiss, J. L., Levin, B. y Paik, M. C. (2003). *Statistical Methods for Rates and
    Proportions* (3.ª ed.). Wiley, cap. 4.

    Ejemplos
    --------
    >>> round(power_two_proportions(0.85, 0.80, 1000), 4)
    0.8376
    """
    pa, pb, alpha, alternative = _check_power_args(p_a, p_b, alpha, alternative)
    n = check_positive_int(n, "n")
    power = check_finite_result(_power(pa, pb, n, alpha, alternative), "la potencia")
    return float(min(1.0, max(0.0, power)))


def sample_size_two_proportions(
    p_a: float,
    p_b: float,
    *,
    power: float = 0.8,
    alpha: float = 0.05,
    alternative: str = "two-sided",
) -> int:
    """Ejemplos por grupo para alcanzar una potencia dada (diferencia de dos proporciones).

    Devuelve el menor entero ``n`` con
    ``power_two_proportions(p_a, p_b, n) >= power``: resuelve la ecuación de potencia
    con ``scipy.optimize.brentq`` y redondea hacia arriba.

    Parámetros
    ----------
    p_a, p_b : float en (0, 1)
    power : float en (0, 1), por defecto 0.8
    alpha : float, por defecto 0.05
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"

    Devuelve
    --------
    int

    Lanza
    -----
    ValueError
        Si la potencia pedida no se alcanza (por ejemplo ``alternative="greater"`` con
        ``p_a < p_b``) o los argumentos están fuera de rango.

    Referencias
    -----------
    Fleiss, J. L., Levin, B. y Paik, M. C. (2003). *Statistical Methods for Rates and
    Proportions* (3.ª ed.). Wiley, cap. 4.

    Ejemplos
    --------
    >>> sample_size_two_proportions(0.85, 0.80)
    906
    """
    pa, pb, alpha, alternative = _check_power_args(p_a, p_b, alpha, alternative)
    target = check_probability(power, "power", closed=False)
    wrong_way = (alternative == "greater" and pa < pb) or (alternative == "less" and pa > pb)
    if wrong_way:
        raise ValueError(
            f"Con `alternative={alternative!r}` y p_a = {pa!r}, p_b = {pb!r} la diferencia va en "
            "sentido contrario a H1: la potencia no supera alpha con ningún n."
        )

    def gap(n: float) -> float:
        return _power(pa, pb, n, alpha, alternative) - target

    if gap(1.0) >= 0:
        return 1
    hi = 2.0
    while gap(hi) < 0:
        hi *= 2
        if hi > 1e12:
            raise ValueError(
                f"`p_a` = {pa!r} y `p_b` = {pb!r} están tan cerca que harían falta más de 10^12 "
                f"ejemplos por grupo para alcanzar `power` = {target!r}; una diferencia tan "
                "pequeña no se puede detectar en la práctica."
            )
    n = int(math.ceil(optimize.brentq(gap, hi / 2, hi, xtol=1e-6)))
    while gap(n) < 0:
        n += 1
    while n > 1 and gap(n - 1) >= 0:
        n -= 1
    return n
