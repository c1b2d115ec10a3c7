r"""Comparar dos regresores sobre el mismo conjunto de prueba: la prueba de Diebold y Mariano.

Con dos regresores A y B evaluados sobre los mismos :math:`n` ejemplos, la comparación se
hace sobre las **pérdidas por ejemplo**: :math:`d_t = L(y_t - \hat y^A_t) - L(y_t - \hat
y^B_t)`, con :math:`L` el cuadrado (``loss="squared"``, la del error cuadrático medio) o el
valor absoluto (``loss="absolute"``, la del error absoluto medio). H0: las dos pérdidas
esperadas son iguales, :math:`E[d_t] = 0`.

* :func:`diebold_mariano_test`: la prueba de Diebold y Mariano (1995) con la corrección para
  muestras pequeñas de Harvey, Leybourne y Newbold (1997), la de R ``forecast::dm.test``.
  Cuando los ejemplos están ordenados en el tiempo y cada predicción mira ``horizon`` pasos
  adelante, las :math:`d_t` se correlacionan hasta el retardo ``horizon - 1``, y la varianza
  de :math:`\bar d` lo tiene en cuenta. Con ``horizon=1`` (ejemplos independientes) es
  exactamente la prueba t pareada sobre las pérdidas.
* :func:`regression_difference_interval`: intervalo *bootstrap* pareado (``scipy.stats.bootstrap``)
  de la diferencia de MAE o de RMSE entre A y B, remuestreando ejemplos.

Referencias
-----------
Diebold, F. X. y Mariano, R. S. (1995). Comparing predictive accuracy. *Journal of Business &
Economic Statistics*, 13(3), 253-263.
Harvey, D., Leybourne, S. y Newbold, P. (1997). Testing the equality of prediction mean squared
errors. *International Journal of Forecasting*, 13(2), 281-291.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from scipy import stats
from scipy.special import ndtr, ndtri

from course_utils._results import TestResult
from course_utils._validation import (
    check_alpha,
    check_choice,
    check_count,
    check_finite_array,
    check_n_resamples,
    check_random_state,
    check_same_length,
)
from course_utils._validation_labels import check_paired
from course_utils.measure.bootstrap import BootstrapResult

__all__ = ["diebold_mariano_test", "regression_difference_interval"]

_LOSSES = ("squared", "absolute")
_ALTERNATIVES = ("two-sided", "greater", "less")


def _scaled_errors(y: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple:
    """Errores de A y de B en unidades de la mayor magnitud (una potencia de 2: exacto), para
    que sus cuadrados no desborden; devuelve también el exponente de esa potencia."""
    top = max(float(np.max(np.abs(v))) for v in (y, a, b))
    shift = 0 if top == 0.0 else math.frexp(top)[1]
    ys = np.ldexp(y, -shift)
    return ys - np.ldexp(a, -shift), ys - np.ldexp(b, -shift), shift


def _in_units(values, shift: int, what: str):
    """Vuelve de las unidades de la mayor magnitud a las de los datos (multiplica por
    ``2**shift``, exacto); si el número no cabe en coma flotante, lo dice en español.
    Los infinitos que ya lo eran (extremos de un intervalo unilateral) se conservan."""
    values = np.asarray(values, dtype=float)
    with np.errstate(over="ignore", under="ignore"):
        out = np.ldexp(values, shift)
    if np.any(np.isinf(out) & np.isfinite(values)):
        raise ValueError(
            f"{what} no cabe en un número de coma flotante (pasa de 1.8·10^308): `y_true`, "
            "`pred_a` y `pred_b` son demasiado grandes. Expréselos en otra unidad (por ejemplo, "
            "en miles o en millones, de modo que no pasen de 10^100): la conclusión de la "
            "comparación no cambia."
        )
    return float(out) if out.ndim == 0 else out


def _three_arrays(y_true, pred_a, pred_b, min_size: int) -> tuple:
    check_paired(y_true=y_true, pred_a=pred_a, pred_b=pred_b)
    y = check_finite_array(y_true, "y_true", min_size=min_size)
    a = check_finite_array(pred_a, "pred_a", min_size=min_size)
    b = check_finite_array(pred_b, "pred_b", min_size=min_size)
    check_same_length(y_true=y, pred_a=a, pred_b=b)
    return y, a, b


_METRICS = ("mae", "rmse")


def _jackknife_difference(ea: np.ndarray, eb: np.ndarray, metric: str) -> np.ndarray:
    """La diferencia sin cada ejemplo (jackknife), en O(n): medias de n - 1 por resta."""
    n = ea.size
    if metric == "mae":
        da = np.abs(ea) - np.abs(eb)
        return (da.sum() - da) / (n - 1)
    sa, sb = ea**2, eb**2
    return (np.sqrt(np.maximum(sa.sum() - sa, 0.0) / (n - 1))
            - np.sqrt(np.maximum(sb.sum() - sb, 0.0) / (n - 1)))


def _bca_bounds(dist: np.ndarray, estimate: float, jack: np.ndarray,
                alpha: float) -> tuple[float, float]:
    """Extremos BCa (Efron y Tibshirani, 1993, §14.3), como ``scipy.stats.bootstrap``.

    Sesgo :math:`z_0` por la proporción de remuestras por debajo de la estimación (las
    iguales cuentan la mitad) y aceleración :math:`a` por jackknife.
    """
    below = (np.count_nonzero(dist < estimate) + np.count_nonzero(dist <= estimate))
    z0 = ndtri(below / (2 * dist.size))
    u = jack.mean() - jack
    a_hat = np.sum(u**3) / (6 * np.sum(u**2) ** 1.5)
    z = ndtri(np.array([alpha / 2, 1 - alpha / 2]))
    levels = ndtr(z0 + (z0 + z) / (1 - a_hat * (z0 + z)))
    if not np.all(np.isfinite(levels)):
        return math.nan, math.nan
    low, high = np.quantile(dist, levels)
    return float(low), float(high)


def regression_difference_interval(
    y_true: object,
    pred_a: object,
    pred_b: object,
    *,
    metric: str = "mae",
    n_resamples: int = 10_000,
    alpha: float = 0.05,
    method: str = "percentile",
    random_state: object = None,
) -> BootstrapResult:
    r"""Intervalo *bootstrap* pareado de MAE(A) − MAE(B) o RMSE(A) − RMSE(B).

    Se remuestrean los **ejemplos** (los mismos para A y para B, por eso es pareado) y en cada
    remuestra se calcula la diferencia de la medida; el intervalo es el de
    ``scipy.stats.bootstrap(..., paired=True)``, percentil o BCa. Supone ejemplos
    independientes: con una serie temporal, use :func:`diebold_mariano_test`.

    Parámetros
    ----------
    y_true, pred_a, pred_b : array_like de forma (n,)
        Valores reales y predicciones de A y de B. Se parean por posición; dos objetos
        pandas con índices distintos (también las mismas etiquetas en otro orden) se
        rechazan: alinéelos antes con ``.loc``.
    metric : {"mae", "rmse"}, por defecto "mae"
    n_resamples : int, por defecto 10000
    alpha : float, por defecto 0.05
    method : {"percentile", "bca"}, por defecto "percentile"
    random_state : int, numpy.random.Generator o None

    Devuelve
    --------
    BootstrapResult
        ``estimate`` = medida de A − medida de B (negativa: A se equivoca menos). Si todas
        las remuestras dan la misma diferencia (A y B se equivocan lo mismo, o con la misma
        diferencia de error absoluto, en cada ejemplo), el intervalo se reduce a ese punto
        y ``se`` = 0, con los dos métodos.

    Lanza
    -----
    ValueError
        Longitudes distintas, menos de 2 ejemplos, valores no finitos, pandas con índices
        distintos; con ``method="bca"``, una distribución casi degenerada en la que BCa no
        está definido; o una diferencia que no cabe en coma flotante (pasa de 1.8·10^308).

    Ejemplos
    --------
    >>> y = [3.0, 2.5, 4.1, 5.0, 3.3, 2.2, 4.8, 3.9]
    >>> a = [2.8, 2.9, 4.0, 4.6, 3.5, 2.0, 4.9, 3.5]
    >>> b = [3.4, 2.0, 3.5, 5.6, 2.7, 2.9, 4.1, 4.6]
    >>> res = regression_difference_interval(y, a, b, n_resamples=2000, random_state=0)
    >>> round(res.estimate, 4), res.low < res.estimate < res.high
    (-0.35, True)
    """
    metric = check_choice(metric, "metric", _METRICS)
    method = check_choice(method, "method", ("percentile", "bca"))
    alpha = check_alpha(alpha)
    y, a, b = _three_arrays(y_true, pred_a, pred_b, min_size=2)
    n_resamples = check_n_resamples(n_resamples, per_resample=y.size)
    rng = check_random_state(random_state)
    ea, eb, shift = _scaled_errors(y, a, b)

    def difference(ea, eb, axis=-1):
        if metric == "mae":
            return np.mean(np.abs(ea), axis=axis) - np.mean(np.abs(eb), axis=axis)
        return (np.sqrt(np.mean(ea**2, axis=axis)) - np.sqrt(np.mean(eb**2, axis=axis)))

    estimate = float(difference(ea, eb))
    name = f"{metric.upper()}(A) − {metric.upper()}(B)"
    # En unidades de la mayor magnitud (datos en [-1, 1]) el redondeo de los errores es de
    # unos pocos épsilon: por debajo de esta tolerancia, dos errores son el mismo.
    tol = 16 * np.finfo(float).eps
    if metric == "mae":  # cada remuestra da la media de |e_A| − |e_B|
        constant = np.ptp(np.abs(ea) - np.abs(eb)) <= tol
    else:  # raíz de la media de e² de A menos la de B
        constant = bool(np.all(np.abs(ea) == np.abs(eb))) or (
            np.ptp(np.abs(ea)) <= tol and np.ptp(np.abs(eb)) <= tol)
    if constant:
        point = _in_units(estimate, shift, f"La diferencia de {metric.upper()}")
        return BootstrapResult(
            estimate=point, low=point, high=point, se=0.0,
            method=method, confidence=1 - alpha, n_resamples=n_resamples,
            distribution=np.full(n_resamples, point), metric=name,
            note="todas las remuestras dan la misma diferencia (A y B se equivocan lo mismo, o "
                 "con la misma diferencia, en cada ejemplo): el intervalo se reduce a un punto.",
        )
    with warnings.catch_warnings():
        # Los avisos de scipy (en inglés) acompañan a extremos NaN, que se comprueban abajo.
        warnings.simplefilter("ignore", RuntimeWarning)
        # Las remuestras son las mismas con los dos métodos; la aceleración de BCa se calcula
        # aparte, en O(n) (scipy guarda las n medias de n - 1 ejemplos: memoria n²).
        res = stats.bootstrap((ea, eb), difference, paired=True, vectorized=True,
                              n_resamples=n_resamples, confidence_level=1 - alpha,
                              method="percentile", rng=rng)
        low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
        if method == "bca":
            low, high = _bca_bounds(np.asarray(res.bootstrap_distribution, dtype=float),
                                    estimate, _jackknife_difference(ea, eb, metric), alpha)
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValueError(
            "No se puede calcular el intervalo BCa (`method` = 'bca') con estos datos: la "
            "distribución bootstrap es casi degenerada (casi todas las remuestras quedan a un "
            "lado de la estimación, o la aceleración no está definida). Use "
            "method='percentile'."
        )
    dist = np.asarray(res.bootstrap_distribution, dtype=float)
    what = f"La diferencia de {metric.upper()} en alguna remuestra"
    se = _in_units(np.std(dist, ddof=1), shift, "El error estándar bootstrap")
    dist = _in_units(dist, shift, what)
    dist.setflags(write=False)
    return BootstrapResult(
        estimate=_in_units(estimate, shift, f"La diferencia de {metric.upper()}"),
        low=_in_units(low, shift, what),
        high=_in_units(high, shift, what),
        se=se,
        method=method,
        confidence=1 - alpha,
        n_resamples=n_resamples,
        distribution=dist,
        metric=name,
        note="negativa: A se equivoca menos que B; remuestreo pareado de ejemplos.",
    )


def diebold_mariano_test(
    y_true: object,
    pred_a: object,
    pred_b: object,
    *,
    loss: str = "squared",
    horizon: int = 1,
    alternative: str = "two-sided",
    alpha: float = 0.05,
) -> TestResult:
    r"""Prueba de Diebold y Mariano con la corrección de Harvey, Leybourne y Newbold.

    Con :math:`d_t = L(e^A_t) - L(e^B_t)`, sus autocovarianzas
    :math:`\hat\gamma_j = \frac1n \sum_t (d_t - \bar d)(d_{t-j} - \bar d)` y
    :math:`h` = ``horizon``:

    .. math::

        \widehat{\mathrm{Var}}(\bar d) = \frac1n\left(\hat\gamma_0 + 2\sum_{j=1}^{h-1}
        \hat\gamma_j\right),\qquad
        DM = \frac{\bar d}{\sqrt{\widehat{\mathrm{Var}}(\bar d)}}\,
        \sqrt{\frac{n + 1 - 2h + h(h-1)/n}{n}} \sim t_{n-1}.

    Con :math:`h = 1` el estadístico es el de la prueba t pareada sobre :math:`d_t`
    (``scipy.stats.ttest_1samp``). El intervalo de :math:`E[d_t]` es el que se obtiene al
    invertir la prueba: :math:`\bar d \pm t_{n-1,\,1-\alpha/2}\,\sqrt{\widehat{\mathrm{Var}}}
    / \text{corrección}`.

    Parámetros
    ----------
    y_true, pred_a, pred_b : array_like de forma (n,)
        Valores reales y predicciones de A y de B, en el orden del tiempo si lo hay. Se
        parean por posición, como en :func:`regression_difference_interval`.
    loss : {"squared", "absolute"}, por defecto "squared"
    horizon : int, por defecto 1
        Pasos hacia delante de cada predicción (1 si los ejemplos son independientes).
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
        Sobre :math:`E[d_t]` = pérdida de A − pérdida de B: ``"less"`` es «A pierde menos»
        (A es mejor), ``"greater"`` es «B es mejor».
    alpha : float, por defecto 0.05

    Devuelve
    --------
    TestResult
        ``estimate`` = :math:`\bar d` (pérdida media de A − de B: negativa si A es mejor).

    Lanza
    -----
    ValueError
        Longitudes distintas, menos de 3 ejemplos, valores no finitos, ``horizon`` fuera de
        [1, n - 1], o varianza estimada nula o negativa (con :math:`h > 1` la suma de
        autocovarianzas puede ser negativa: R ``dm.test`` repite entonces la prueba con
        :math:`h = 1` con un aviso; aquí se pide que lo decida usted).
        También si la diferencia media de pérdidas no cabe en coma flotante (pasa de
        1.8·10^308: con pérdida cuadrática, datos por encima de unos 10^154); el cálculo se
        hace en unidades de la mayor magnitud, así que el estadístico no desborda nunca.

    Ejemplos
    --------
    >>> y = [3.0, 2.5, 4.1, 5.0, 3.3, 2.2, 4.8, 3.9]
    >>> a = [2.8, 2.9, 4.0, 4.6, 3.5, 2.0, 4.9, 3.5]
    >>> b = [3.4, 2.0, 3.5, 5.6, 2.7, 2.9, 4.1, 4.6]
    >>> res = diebold_mariano_test(y, a, b)
    >>> round(res.estimate, 4), round(res.pvalue, 4)
    (-0.2925, 0.0007)
    """
    loss = check_choice(loss, "loss", _LOSSES)
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    alpha = check_alpha(alpha)
    y, a, b = _three_arrays(y_true, pred_a, pred_b, min_size=3)
    n = y.size
    h = check_count(horizon, "horizon", minimum=1)
    if h >= n:
        raise ValueError(
            f"`horizon` debe ser menor que el número de ejemplos ({n}); se recibió {h}."
        )
    # En unidades de la mayor magnitud: la prueba no cambia (es invariante a la escala).
    ea, eb, shift = _scaled_errors(y, a, b)
    power = 2 if loss == "squared" else 1
    d = np.abs(ea) ** power - np.abs(eb) ** power
    mean = float(np.mean(d))
    centred = d - mean
    gammas = [float(np.dot(centred[j:], centred[: n - j])) / n for j in range(h)]
    variance = (gammas[0] + 2.0 * sum(gammas[1:])) / n
    scale_d = max(float(np.max(np.abs(d))), 1e-300)
    if variance <= 1e-24 * scale_d**2:
        raise ValueError(
            "La varianza estimada de la diferencia media de pérdidas es nula o negativa"
            + (f" (con `horizon` = {h}, la suma de autocovarianzas lo es)" if h > 1 else
               " (las dos predicciones pierden lo mismo en todos los ejemplos de `y_true`)")
            + ": la prueba de Diebold y Mariano no está definida. "
            + ("Pruebe con `horizon` = 1 si los ejemplos son independientes." if h > 1 else "")
        )
    correction = math.sqrt((n + 1 - 2 * h + h * (h - 1) / n) / n)
    se = math.sqrt(variance) / correction
    statistic = mean / se
    dist = stats.t(n - 1)
    if alternative == "two-sided":
        pvalue = 2.0 * float(dist.sf(abs(statistic)))
        q = float(dist.ppf(1 - alpha / 2))
        low, high = mean - q * se, mean + q * se
    elif alternative == "greater":
        pvalue = float(dist.sf(statistic))
        low, high = mean - float(dist.ppf(1 - alpha)) * se, math.inf
    else:
        pvalue = float(dist.cdf(statistic))
        low, high = -math.inf, mean + float(dist.ppf(1 - alpha)) * se
    what = "cuadrática" if loss == "squared" else "absoluta"
    units = power * shift
    estimate = _in_units(mean, units, "La diferencia media de pérdidas")
    tiny = ""
    if estimate == 0.0 and mean != 0.0:  # por debajo del menor número de coma flotante
        exponent = math.log10(abs(mean)) + units * math.log10(2.0)
        tiny = (f" La diferencia media (del orden de 10^{exponent:.0f}) y su intervalo quedan "
                "por debajo del menor número de coma flotante y se muestran como 0; el "
                "estadístico y el valor p no dependen de la escala.")
    return TestResult(
        statistic=float(statistic),
        pvalue=min(1.0, pvalue),
        df=float(n - 1),
        estimate=estimate,
        ci_low=_in_units(low, units, "El extremo inferior del intervalo"),
        ci_high=_in_units(high, units, "El extremo superior del intervalo"),
        method=f"Prueba de Diebold y Mariano (pérdida {what}, horizonte {h})",
        alternative=alternative,
        confidence=1.0 - alpha,
        distribution="t",
        note=(f"estimación = pérdida media de A − de B sobre {n} ejemplos (negativa: A mejor); "
              "corrección de Harvey, Leybourne y Newbold para muestras pequeñas." + tiny),
    )
