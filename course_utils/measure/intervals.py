"""Intervalos de confianza: proporciones (fórmulas cerradas) y *bootstrap*.

* :func:`proportion_interval` delega en
  ``statsmodels.stats.proportion.proportion_confint`` (Wald, Wilson, Agresti-Coull,
  Clopper-Pearson y Jeffreys).
* :func:`bootstrap_interval` y :func:`paired_bootstrap_difference` (intervalos
  *bootstrap* percentil, básico, normal y BCa para medidas de clasificación) están en
  :mod:`course_utils.measure.bootstrap` y se reexportan aquí.

Referencias
-----------
Brown, L. D., Cai, T. T. y DasGupta, A. (2001). Interval estimation for a binomial
proportion. *Statistical Science*, 16(2), 101-133.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import ndtri
from statsmodels.stats.proportion import proportion_confint

from course_utils._results import METHOD_LABELS, _percent, method_label  # noqa: F401
from course_utils._validation import check_alpha, check_choice, check_count, check_finite_result

__all__ = [
    "IntervalResult",
    "proportion_interval",
    "BootstrapResult",
    "bootstrap_interval",
    "PairedBootstrapResult",
    "paired_bootstrap_difference",
    "BOOTSTRAP_METRICS",
    "BOOTSTRAP_METHODS",
    "PROPORTION_METHODS",
]

#: Métodos de :func:`proportion_interval` y su nombre en ``proportion_confint``.
_PROPORTION_METHODS = {
    "wald": "normal",
    "wilson": "wilson",
    "agresti-coull": "agresti_coull",
    "clopper-pearson": "beta",
    "jeffreys": "jeffreys",
}
PROPORTION_METHODS: tuple[str, ...] = tuple(_PROPORTION_METHODS)

#: Mayor ``n`` para los intervalos basados en cuantiles beta ("clopper-pearson" y
#: "jeffreys"). Más allá, ``scipy.stats.beta.ppf`` pierde precisión (con ``n = 10**12`` el
#: cuantil ya no devuelve la probabilidad pedida al evaluar la función de distribución, y
#: con ``n = 10**18`` da NaN), y a esa escala Wilson coincide con ellos en más de 8 decimales.
MAX_BETA_N: int = 10**10

# ---------------------------------------------------------------------------
# Proporciones
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class IntervalResult:
    """Intervalo de confianza para una proporción.

    Atributos
    ---------
    estimate : float
        Proporción observada ``successes / n``.
    low, high : float
        Extremos del intervalo. El de Wald no se recorta a [0, 1].
    method : str
        Método usado (``"wald"``, ``"wilson"``, ...).
    confidence : float
        Nivel de confianza ``1 - alpha``.
    """

    estimate: float
    low: float
    high: float
    method: str
    confidence: float

    def summary(self) -> str:
        """Resumen en español con 4 decimales, p. ej. ``Intervalo de Wilson al 95 %: 0.8500 [0.7672, 0.9069]``."""
        return (
            f"Intervalo {method_label(self.method)} al {_percent(self.confidence)} %: "
            f"{self.estimate:.4f} [{self.low:.4f}, {self.high:.4f}]"
        )


#: Métodos cuya definición da exactamente 0 como extremo inferior con 0 aciertos y 1 como
#: superior con n aciertos (Wilson, Clopper-Pearson; Agresti-Coull, recortado a [0, 1]). En
#: coma flotante, la fórmula de Wilson da 2.8e-17 o 0.9999999999999999: se fijan en 0 y 1.
#: Jeffreys, con la corrección de Brown, Cai y DasGupta (2001, sección 4.1.2): el intervalo
#: de colas iguales de la a posteriori Beta no llega a 0 con 0 aciertos (ni a 1 con n), y su
#: cobertura cerca de p = 0 sería 0.
_PINNED_AT_BOUNDS = ("wilson", "clopper-pearson", "agresti-coull", "jeffreys")


def _proportion_bounds(k: object, n: int, alpha: float, method: str) -> tuple[np.ndarray, np.ndarray]:
    """Extremos del intervalo ``method`` para ``k`` aciertos de ``n`` (``k`` número o vector).

    Wald se calcula aquí sin recortar (statsmodels recorta "normal" a [0, 1]; es la misma
    fórmula antes de recortar); el resto delega en ``proportion_confint``. Con ``k = 0`` y
    ``k = n`` los extremos de :data:`_PINNED_AT_BOUNDS` son exactamente 0 y 1.
    """
    k = np.asarray(k)
    if method == "wald":
        p = k / n
        half = -ndtri(alpha / 2) * np.sqrt(p * (1 - p) / n)
        low, high = p - half, p + half
    else:
        low, high = proportion_confint(k, n, alpha=alpha, method=_PROPORTION_METHODS[method])
    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    if method in _PINNED_AT_BOUNDS:
        low, high = np.where(k == 0, 0.0, low), np.where(k == n, 1.0, high)
    return low, high


def proportion_interval(
    successes: int, n: int, alpha: float = 0.05, method: str = "wald"
) -> IntervalResult:
    """Intervalo de confianza para una proporción binomial (por ejemplo, la exactitud).

    Delega en ``statsmodels.stats.proportion.proportion_confint``, salvo Wald: statsmodels
    recorta ese intervalo (y los de Wilson y Agresti-Coull) a [0, 1], y el curso necesita
    la fórmula de Wald sin recortar, que se calcula aquí con el mismo cuantil normal.

    Parámetros
    ----------
    successes : int
        Número de aciertos (0 <= successes <= n).
    n : int
        Número de ensayos (casos de prueba), n >= 1.
    alpha : float, por defecto 0.05
        Nivel de significación; la confianza es ``1 - alpha``.
    method : {"wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"}
        ``"wald"`` es la aproximación normal ``p ± z·sqrt(p(1-p)/n)`` de las fuentes,
        **sin recortar**: puede salirse de [0, 1] (el curso lo muestra) y con
        ``p = 0`` o ``p = 1`` tiene anchura 0. ``"wilson"`` y ``"agresti-coull"``
        corrigen ese comportamiento; ``"clopper-pearson"`` (``"beta"`` en statsmodels)
        es el intervalo «exacto» y conservador; ``"jeffreys"`` es el de colas iguales de
        la a posteriori con la a priori Beta(1/2, 1/2), con la corrección de Brown, Cai y
        DasGupta (2001): con 0 éxitos el extremo inferior es 0, y con ``n`` éxitos el
        superior es 1. Solo ahí difiere de ``proportion_confint(method="jeffreys")`` de
        statsmodels, que da los cuantiles beta (un extremo inferior algo mayor que 0 con 0
        éxitos: el intervalo no contiene la estimación, y su cobertura para ``p`` cerca
        de 0 cae a 0).

    Devuelve
    --------
    IntervalResult
        ``estimate = successes / n``, los extremos, el método y la confianza.

    Lanza
    -----
    TypeError
        Si ``successes`` o ``n`` no son enteros, o ``alpha`` no es un número.
    ValueError
        Si ``n < 1``, ``successes`` está fuera de [0, n], ``alpha`` fuera de (0, 1)
        o el método no existe; si ``n`` pasa de 2**53 (la coma flotante ya no representa
        todos los enteros), o de :data:`MAX_BETA_N` = 10**10 con ``"clopper-pearson"`` o
        ``"jeffreys"`` (los cuantiles beta de scipy pierden precisión: use ``"wilson"``).

    Ejemplos
    --------
    >>> proportion_interval(85, 100).summary()
    'Intervalo de Wald al 95 %: 0.8500 [0.7800, 0.9200]'
    >>> proportion_interval(85, 100, method="wilson").summary()
    'Intervalo de Wilson al 95 %: 0.8500 [0.7672, 0.9069]'

    Referencias
    -----------
    Brown, L. D., Cai, T. T. y DasGupta, A. (2001). Interval estimation for a binomial
    proportion. *Statistical Science*, 16(2), 101-133.
    """
    successes = check_count(successes, "successes", minimum=0)
    n = check_count(n, "n", minimum=1)
    if successes > n:
        raise ValueError(
            f"`successes` no puede ser mayor que `n`: se recibió successes={successes} y n={n}."
        )
    alpha = check_alpha(alpha)
    method = check_choice(method, "method", PROPORTION_METHODS)
    if method in ("clopper-pearson", "jeffreys") and n > MAX_BETA_N:
        raise ValueError(
            f"`n` debe ser como mucho 10**10 con method={method!r}; se recibió n={n}. Con "
            "n mayor, los cuantiles de la distribución beta que usa este intervalo pierden "
            "precisión en scipy; a esa escala el intervalo de Wilson (method='wilson') coincide "
            "con el de Clopper-Pearson y el de Jeffreys en más de 8 decimales."
        )
    low, high = (float(v) for v in _proportion_bounds(successes, n, alpha, method))
    hint = "Compruebe `successes` y `n`."
    return IntervalResult(
        estimate=successes / n,
        low=check_finite_result(low, "el extremo inferior del intervalo", hint),
        high=check_finite_result(high, "el extremo superior del intervalo", hint),
        method=method,
        confidence=1.0 - alpha,
    )


# Los intervalos bootstrap viven en course_utils.measure.bootstrap; se reexportan aquí para que
# `from course_utils.measure.intervals import bootstrap_interval` siga funcionando.
from course_utils.measure.bootstrap import (  # noqa: E402
    BOOTSTRAP_METHODS,
    BOOTSTRAP_METRICS,
    BootstrapResult,
    PairedBootstrapResult,
    _multinomial_cells,
    bootstrap_interval,
    paired_bootstrap_difference,
)
