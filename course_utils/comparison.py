"""Pruebas estadísticas para comparar dos modelos (o dos algoritmos de aprendizaje).

Cada prueba devuelve un :class:`TestResult` con nombres de campo como los de
``scipy.stats`` (``statistic``, ``pvalue``, ``df``) más la estimación del efecto,
su intervalo de confianza y una nota en español. Siempre que una biblioteca bien
mantenida ya hace el cálculo se delega en ella (``scipy.stats``,
``statsmodels``); lo que se escribe a mano (la prueba t corregida, las pruebas
5×2cv y el intervalo de Wald para proporciones pareadas) cita su referencia.

Convención de signos: las diferencias son siempre ``A - B``. Con puntuaciones en
las que más es mejor (exactitud, F1...), ``alternative="greater"`` significa
«A es mejor que B»; con errores (más es peor) significa «A es peor que B».
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np
from scipy import optimize, stats

from course_utils._validation import (
    check_alpha,
    check_choice,
    check_count,
    MAX_COUNT,
    check_finite_array,
    check_finite_result,
    check_label_arrays,
    check_paired,
    check_positive_int,
    check_probability,
    check_same_length,
    check_shape,
    describe,
)

__all__ = [
    "TestResult",
    "corrected_resampled_ttest",
    "paired_ttest_5x2cv",
    "combined_ftest_5x2cv",
    "mcnemar_table",
    "mcnemar_test",
    "cohens_d",
    "noninferiority_test",
    "power_two_proportions",
    "sample_size_two_proportions",
]

_ALTERNATIVES = ("two-sided", "greater", "less")
_ALT_TEXT = {
    "two-sided": "bilateral (H1: A ≠ B)",
    "greater": "unilateral (H1: A > B)",
    "less": "unilateral (H1: A < B)",
}
_DIST_TEXT = {
    "t": "t de Student",
    "f": "F de Fisher-Snedecor",
    "chi2": "ji cuadrado",
    "binomial": "binomial",
    "normal": "normal estándar",
}
_STAT_SYMBOL = {"t": "t", "f": "F", "chi2": "χ²", "binomial": "mín(n01, n10)", "normal": "z"}


# ---------------------------------------------------------------------------
# Resultado común
# ---------------------------------------------------------------------------


def _fmt(x: float | None) -> str:
    if x is None:
        return "—"
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return f"{x:.4f}"


def _fmt_p(p: float) -> str:
    """Valor p con 4 decimales, o en notación científica si es muy pequeño (nunca «0.0000»)."""
    if p == 0.0:
        return "< 1e-300 (por debajo de la precisión de coma flotante; no es exactamente 0)"
    if p < 1e-4:
        return f"{p:.4e}"
    return f"{p:.4f}"


@dataclass(frozen=True)
class TestResult:
    """Resultado de una prueba de comparación de dos modelos.

    Atributos
    ---------
    statistic : float
        Valor observado del estadístico de contraste (t, F, χ², z o, en la
        prueba exacta de McNemar, ``min(n01, n10)`` como en statsmodels).
    pvalue : float
        Valor p, siempre en [0, 1].
    df : float, tuple o None
        Grados de libertad: un número para t y χ², una tupla ``(gl1, gl2)``
        para F, ``None`` para las distribuciones normal y binomial.
    estimate : float
        Estimación del efecto (diferencia ``A - B``; ver cada función).
    ci_low, ci_high : float o None
        Extremos del intervalo de confianza de ``estimate``. En pruebas
        unilaterales un extremo es ``±inf`` (o el límite natural del parámetro);
        ``None`` si la prueba no define intervalo (prueba F combinada 5×2cv).
    method : str
        Nombre de la prueba, en español.
    alternative : {"two-sided", "greater", "less"}
        Hipótesis alternativa.
    confidence : float
        Nivel de confianza del intervalo (``1 - alpha``).
    distribution : {"t", "f", "chi2", "binomial", "normal"}
        Distribución de referencia del estadístico bajo H0.
    note : str
        Aclaración en español (o ``""``).
    """

    statistic: float
    pvalue: float
    df: float | tuple[float, float] | None
    estimate: float
    ci_low: float | None
    ci_high: float | None
    method: str
    alternative: str
    confidence: float
    distribution: str
    note: str = ""

    __test__ = False  # que pytest no la confunda con una clase de pruebas

    def summary(self) -> str:
        """Resumen en español, con 4 decimales. Devuelve el texto (no lo imprime)."""
        symbol = _STAT_SYMBOL.get(self.distribution, "estadístico")
        if self.df is None:
            df_text = ""
        elif isinstance(self.df, tuple):
            df_text = f" (gl = {self.df[0]:g}, {self.df[1]:g})"
        else:
            df_text = f" (gl = {self.df:g})"
        conf = f"{100 * self.confidence:.4g} %"
        alt_text = _ALT_TEXT.get(self.alternative, self.alternative)
        if "no inferioridad" in self.method:
            alt_text = "unilateral (H1: p_nuevo - p_ref > -margen; ver la nota)"
        lines = [
            self.method,
            f"  estadístico {symbol} = {_fmt(self.statistic)}{df_text}; "
            f"distribución de referencia: {_DIST_TEXT.get(self.distribution, self.distribution)}",
            f"  hipótesis alternativa: {alt_text}",
            f"  valor p = {_fmt_p(self.pvalue)}",
            f"  estimación (A - B) = {_fmt(self.estimate)}",
        ]
        if self.ci_low is None or self.ci_high is None:
            lines.append("  intervalo de confianza: esta prueba no define ninguno")
        else:
            lines.append(f"  IC {conf}: [{_fmt(self.ci_low)}, {_fmt(self.ci_high)}]")
        if self.note:
            lines.append(f"  nota: {self.note}")
        return "\n".join(lines)


# ---------------------------------------------------------------------------
# Utilidades internas
# ---------------------------------------------------------------------------


def _paired_scores(scores_a: object, scores_b: object) -> tuple[np.ndarray, np.ndarray]:
    """Valida dos conjuntos de puntuaciones pareadas de forma (n,) o (r, k).

    Dos objetos pandas con índices distintos se rechazan (ver
    :func:`course_utils._validation.check_paired`): el pareo es por posición.
    """
    check_paired(scores_a=scores_a, scores_b=scores_b)
    a = check_finite_array(scores_a, "scores_a", ndim=None)
    b = check_finite_array(scores_b, "scores_b", ndim=None)
    for arr, name in ((a, "scores_a"), (b, "scores_b")):
        if arr.ndim not in (1, 2):
            raise ValueError(
                f"`{name}` debe tener forma (n,) o (r, k) (r repeticiones de k particiones); "
                f"se recibió un arreglo de forma {arr.shape}."
            )
    if a.shape != b.shape:
        raise ValueError(
            "`scores_a` y `scores_b` deben tener la misma forma (puntuaciones pareadas, "
            f"partición a partición); `scores_a` tiene forma {a.shape} y `scores_b` {b.shape}."
        )
    return a, b


def _rescaled(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """``a`` y ``b`` divididos por una potencia de 2 (exacto) para que sus diferencias y
    cuadrados no desborden; devuelve también el factor. Los estadísticos t, F y el d de
    Cohen no cambian al escalar; las estimaciones se devuelven a su escala al final.
    """
    top = max(float(np.max(np.abs(a))), float(np.max(np.abs(b))))
    if top < 2.0**500:
        return a, b, 1.0
    scale = math.ldexp(1.0, math.frexp(top)[1] - 1)
    a_s, b_s = a / scale, b / scale
    if not np.all(np.isfinite(a_s - b_s)):  # pragma: no cover - |a_s|, |b_s| <= 1
        raise ValueError("`scores_a - scores_b` no es finito.")
    return a_s, b_s, scale


def _unscale(value: float, scale: float, what: str) -> float:
    """Devuelve ``value * scale`` o un error en español si desborda."""
    return check_finite_result(
        value * scale,
        what,
        "Las puntuaciones `scores_a` y `scores_b` son tan grandes (cerca de 1e308) que la "
        "diferencia no cabe en un número de coma flotante; exprese las puntuaciones en otra "
        "escala (por ejemplo, divídalas por una constante).",
    )


def _is_constant(d: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
    """¿Son iguales todas las diferencias salvo errores de redondeo de ``a - b``?"""
    scale = max(float(np.max(np.abs(a))), float(np.max(np.abs(b))), np.finfo(float).tiny)
    return float(np.ptp(d)) <= 16 * np.finfo(float).eps * scale


def _t_pvalue_ci(
    statistic: float, estimate: float, se: float, df: float, alternative: str, alpha: float
) -> tuple[float, float, float]:
    """Valor p e intervalo de confianza de una prueba t (como ``scipy.stats``)."""
    dist = stats.t(df)
    if alternative == "two-sided":
        pvalue = 2 * dist.sf(abs(statistic))
        crit = dist.ppf(1 - alpha / 2)
        low, high = estimate - crit * se, estimate + crit * se
    elif alternative == "greater":
        pvalue = dist.sf(statistic)
        low, high = estimate - dist.ppf(1 - alpha) * se, math.inf
    else:
        pvalue = dist.cdf(statistic)
        low, high = -math.inf, estimate + dist.ppf(1 - alpha) * se
    pvalue = check_finite_result(pvalue, "el valor p")
    return float(min(1.0, pvalue)), float(low), float(high)


def _check_real(value: object, name: str, expected: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` debe ser {expected}; se recibió {describe(value)}.")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"`{name}` debe ser {expected}; se recibió {value!r}.")
    return value


# ---------------------------------------------------------------------------
# Prueba t de remuestreo corregida (Nadeau y Bengio)
# ---------------------------------------------------------------------------


def corrected_resampled_ttest(
    scores_a: object,
    scores_b: object,
    *,
    test_train_ratio: float | None,
    corrected: bool = True,
    alternative: str = "two-sided",
    alpha: float = 0.05,
) -> TestResult:
    r"""Prueba t de remuestreo corregida para puntuaciones pareadas de validación cruzada.

    Con las diferencias :math:`d_{ij} = a_{ij} - b_{ij}` de las :math:`n = r \cdot k`
    particiones (las mismas para los dos modelos), su media :math:`\bar d` y su
    varianza muestral :math:`\hat\sigma^2_d` (``ddof=1``):

    .. math::

        t = \frac{\bar d}{\sqrt{\left(\frac{1}{n} + \frac{n_2}{n_1}\right)\hat\sigma^2_d}},
        \qquad gl = n - 1,

    donde :math:`n_2/n_1` es ``test_train_ratio`` (tamaño de prueba entre tamaño de
    entrenamiento). El término :math:`n_2/n_1` corrige que las particiones
    comparten datos y, por tanto, sus puntuaciones no son independientes: sin él
    (``corrected=False``, :math:`se = \sqrt{\hat\sigma^2_d / n}`) la varianza se
    subestima y la prueba rechaza H0 demasiado a menudo. Con ``corrected=False``
    el resultado coincide con ``scipy.stats.ttest_rel``.

    El intervalo de confianza es :math:`\bar d \pm t_{1-\alpha/2,\,gl}\cdot se`
    (en las pruebas unilaterales, un extremo es infinito, como en scipy).

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (n,) o (r, k)
        Puntuaciones de los modelos A y B en las mismas particiones
        (por ejemplo, las que devuelve :func:`course_utils.paired_cv_scores`).
    test_train_ratio : float
        Cociente :math:`n_2/n_1` entre el tamaño del conjunto de prueba y el de
        entrenamiento, mayor que 0. En validación cruzada de k particiones es
        ``1 / (k - 1)`` (por ejemplo ``1/9`` con k = 10, ``1.0`` con k = 2).
        Se puede pasar ``None`` solo si ``corrected=False``.
    corrected : bool, por defecto True
        ``False`` da la prueba t pareada ingenua (no recomendada con validación cruzada).
        La prueba ingenua no usa ``test_train_ratio``: con ``corrected=False`` hay que
        pasar ``test_train_ratio=None``, y un cociente se rechaza con un ``ValueError``
        (aceptarlo haría creer que la prueba lo tiene en cuenta).
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
        ``"greater"``: H1 es que la media de ``A - B`` es mayor que 0.
    alpha : float, por defecto 0.05
        Nivel de significación; el intervalo tiene confianza ``1 - alpha``.

    Devuelve
    --------
    TestResult
        ``statistic`` = t, ``df`` = n - 1, ``estimate`` = :math:`\bar d`,
        ``distribution = "t"``.

    Lanza
    -----
    ValueError
        Si las formas no coinciden, hay NaN/inf, menos de 2 pares, ``test_train_ratio``
        no es positivo (o se da con ``corrected=False``), todas las diferencias son
        iguales (varianza 0: t no está definido), dos objetos pandas tienen índices
        distintos (el pareo es por posición) o la estimación desborda la coma flotante.
    TypeError
        Si ``test_train_ratio`` no es un número.

    Referencias
    -----------
    Nadeau, C. y Bengio, Y. (2003). Inference for the generalization error.
    *Machine Learning*, 52, 239-281.
    Bouckaert, R. R. y Frank, E. (2004). Evaluating the replicability of significance
    tests for comparing learning algorithms. *PAKDD 2004*, LNCS 3056, 3-12.

    Ejemplos
    --------
    >>> a = [0.81, 0.84, 0.79, 0.83, 0.80, 0.85]
    >>> b = [0.80, 0.81, 0.80, 0.80, 0.78, 0.82]
    >>> res = corrected_resampled_ttest(a, b, test_train_ratio=1 / 2)
    >>> round(res.statistic, 4), round(res.pvalue, 4), res.df
    (1.4015, 0.22, 5.0)
    """
    a, b = _paired_scores(scores_a, scores_b)
    if not isinstance(corrected, (bool, np.bool_)):
        raise TypeError(f"`corrected` debe ser True o False; se recibió {describe(corrected)}.")
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    alpha = check_alpha(alpha)
    ratio_help = (
        "un número real mayor que 0: el cociente tamaño de prueba / tamaño de entrenamiento "
        "(en validación cruzada de k particiones, 1/(k-1); por ejemplo 1/9 con k = 10)"
    )
    if not corrected and test_train_ratio is not None:
        raise ValueError(
            "Con `corrected=False` (prueba t pareada ingenua) `test_train_ratio` debe ser None; "
            f"se recibió {describe(test_train_ratio)}. La prueba ingenua no usa el cociente "
            "prueba/entrenamiento: su error estándar es sqrt(var/n). Pase test_train_ratio=None "
            "para la prueba ingenua o corrected=True para la corregida de Nadeau y Bengio."
        )
    if test_train_ratio is None and not corrected:
        ratio = 0.0
    else:
        ratio = _check_real(test_train_ratio, "test_train_ratio", ratio_help)
        if ratio <= 0:
            raise ValueError(f"`test_train_ratio` debe ser {ratio_help}; se recibió {ratio!r}.")
    a, b, scale = _rescaled(a, b)
    d = (a - b).ravel()
    n = d.size
    if n < 2:
        raise ValueError(
            f"Se necesitan al menos 2 pares de puntuaciones en `scores_a` y `scores_b`; se recibieron {n}."
        )
    if _is_constant(d, a, b):
        raise ValueError(
            "Todas las diferencias `scores_a - scores_b` son iguales (varianza 0), así que el "
            "estadístico t no está definido (división por cero: 0/0 si la diferencia es 0, "
            "x/0 en otro caso). Compruebe que no compara un modelo consigo mismo y que las "
            "puntuaciones no están redondeadas en exceso."
        )
    mean = float(np.mean(d))
    var = float(np.var(d, ddof=1))
    factor = (1.0 / n + ratio) if corrected else 1.0 / n
    se = math.sqrt(factor * var)
    df = float(n - 1)
    statistic = mean / se
    pvalue, low, high = _t_pvalue_ci(statistic, mean, se, df, alternative, alpha)
    mean = _unscale(mean, scale, "la diferencia media `scores_a - scores_b`")
    low = low if math.isinf(low) else _unscale(low, scale, "el intervalo de confianza")
    high = high if math.isinf(high) else _unscale(high, scale, "el intervalo de confianza")
    if corrected:
        method = "Prueba t de remuestreo corregida (Nadeau y Bengio, 2003)"
        note = ""
    else:
        method = "Prueba t pareada sin corregir"
        note = (
            "sin la corrección de Nadeau y Bengio la varianza se subestima cuando las "
            "particiones comparten datos (validación cruzada), y el valor p es demasiado pequeño."
        )
    return TestResult(
        statistic=float(statistic),
        pvalue=pvalue,
        df=df,
        estimate=mean,
        ci_low=low,
        ci_high=high,
        method=method,
        alternative=alternative,
        confidence=1 - alpha,
        distribution="t",
        note=note,
    )


# ---------------------------------------------------------------------------
# 5×2cv
# ---------------------------------------------------------------------------


def _five_by_two_differences(
    scores_a: object, scores_b: object
) -> tuple[np.ndarray, np.ndarray, float]:
    """Diferencias p_ij (forma (5, 2)), varianzas s_i^2 (forma (5,)) y la escala de ambas.

    Con puntuaciones enormes se divide todo por una potencia de 2 (``_rescaled``): los
    estadísticos no cambian y las estimaciones se multiplican por la escala al final.
    """
    check_paired(scores_a=scores_a, scores_b=scores_b)
    a = check_finite_array(scores_a, "scores_a", ndim=None)
    b = check_finite_array(scores_b, "scores_b", ndim=None)
    for arr, name in ((a, "scores_a"), (b, "scores_b")):
        if arr.shape != (5, 2):
            raise ValueError(
                f"`{name}` debe tener forma (5, 2): 5 repeticiones de validación cruzada de 2 "
                f"particiones (una fila por repetición); se recibió un arreglo de forma {arr.shape}."
            )
    a, b, scale = _rescaled(a, b)
    p = a - b
    pbar = p.mean(axis=1)
    s2 = (p[:, 0] - pbar) ** 2 + (p[:, 1] - pbar) ** 2
    top = max(float(np.max(np.abs(a))), float(np.max(np.abs(b))), np.finfo(float).tiny)
    if np.all(np.abs(p[:, 0] - p[:, 1]) <= 16 * np.finfo(float).eps * top):
        raise ValueError(
            "En las 5 repeticiones las dos diferencias `scores_a - scores_b` son iguales, así que "
            "todas las varianzas s_i² son 0 y el estadístico no está definido (división por cero). "
            "Compruebe que no compara un modelo consigo mismo."
        )
    return p, s2, scale


def paired_ttest_5x2cv(
    scores_a: object,
    scores_b: object,
    *,
    alternative: str = "two-sided",
    alpha: float = 0.05,
) -> TestResult:
    r"""Prueba t pareada 5×2cv de Dietterich (1998).

    Con las diferencias :math:`p_i^{(j)} = a_{ij} - b_{ij}` (repetición i = 1..5,
    partición j = 1, 2), :math:`\bar p_i = (p_i^{(1)} + p_i^{(2)})/2` y
    :math:`s_i^2 = (p_i^{(1)} - \bar p_i)^2 + (p_i^{(2)} - \bar p_i)^2`:

    .. math::

        t = \frac{p_1^{(1)}}{\sqrt{\frac{1}{5}\sum_{i=1}^5 s_i^2}} \sim t_5 .

    El numerador es solo la primera diferencia :math:`p_1^{(1)}`, como en el
    artículo original (y en mlxtend). Por eso ``estimate`` es :math:`p_1^{(1)}` y
    el intervalo es :math:`p_1^{(1)} \pm t_{1-\alpha/2,\,5}\sqrt{\frac{1}{5}\sum s_i^2}`
    (la inversión de esta misma prueba; no es un intervalo para la media de las 10
    diferencias).

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (5, 2)
        Puntuaciones de A y B en 5 repeticiones de validación cruzada de 2 particiones
        (las mismas particiones para los dos; ver :func:`course_utils.five_by_two`).
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
    alpha : float, por defecto 0.05

    Devuelve
    --------
    TestResult
        ``df = 5.0``, ``distribution = "t"``.

    Lanza
    -----
    ValueError
        Si la forma no es (5, 2), hay NaN/inf o todas las :math:`s_i^2` son 0.

    Referencias
    -----------
    Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised
    classification learning algorithms. *Neural Computation*, 10(7), 1895-1923.

    Ejemplos
    --------
    >>> a = [[0.82, 0.78]] * 5
    >>> b = [[0.80, 0.80]] * 5
    >>> res = paired_ttest_5x2cv(a, b)
    >>> round(res.statistic, 4)  # 0.02 / sqrt(2 * 0.02**2) = 1/sqrt(2)
    0.7071
    """
    p, s2, scale = _five_by_two_differences(scores_a, scores_b)
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    alpha = check_alpha(alpha)
    se = math.sqrt(float(np.mean(s2)))
    estimate = float(p[0, 0])
    statistic = estimate / se
    pvalue, low, high = _t_pvalue_ci(statistic, estimate, se, 5.0, alternative, alpha)
    estimate = _unscale(estimate, scale, "la diferencia p_1^(1)")
    low = low if math.isinf(low) else _unscale(low, scale, "el intervalo de confianza")
    high = high if math.isinf(high) else _unscale(high, scale, "el intervalo de confianza")
    return TestResult(
        statistic=float(statistic),
        pvalue=pvalue,
        df=5.0,
        estimate=estimate,
        ci_low=low,
        ci_high=high,
        method="Prueba t pareada 5×2cv (Dietterich, 1998)",
        alternative=alternative,
        confidence=1 - alpha,
        distribution="t",
        note="la estimación es la diferencia de la primera partición de la primera repetición, "
        "p_1^(1), que es el numerador del estadístico.",
    )


def combined_ftest_5x2cv(scores_a: object, scores_b: object) -> TestResult:
    r"""Prueba F combinada 5×2cv de Alpaydin (1999).

    Con las mismas :math:`p_i^{(j)}` y :math:`s_i^2` que :func:`paired_ttest_5x2cv`:

    .. math::

        f = \frac{\sum_{i=1}^5 \sum_{j=1}^2 \left(p_i^{(j)}\right)^2}{2 \sum_{i=1}^5 s_i^2}
        \sim F_{10,\,5},

    y el valor p es la cola superior :math:`P(F_{10,5} \ge f)`. Usa las 10
    diferencias (no solo la primera) y es más estable que la prueba t 5×2cv.

    La hipótesis alternativa es bilateral (A ≠ B): el numerador eleva las
    diferencias al cuadrado, así que no distingue el sentido; por eso se usa solo
    la cola superior de F. La prueba no define un intervalo de confianza:
    ``ci_low`` y ``ci_high`` son ``None``. ``estimate`` es la media de las 10
    diferencias ``A - B``, como resumen descriptivo. No hay ``alpha``: el valor p
    se compara con el nivel que se elija.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (5, 2)

    Devuelve
    --------
    TestResult
        ``df = (10.0, 5.0)``, ``distribution = "f"``, ``confidence = 0.95`` (sin uso).

    Lanza
    -----
    ValueError
        Si la forma no es (5, 2), hay NaN/inf o todas las :math:`s_i^2` son 0.

    Referencias
    -----------
    Alpaydin, E. (1999). Combined 5×2 cv F test for comparing supervised
    classification learning algorithms. *Neural Computation*, 11(8), 1885-1892.

    Ejemplos
    --------
    >>> a = [[0.82, 0.78]] * 5
    >>> b = [[0.80, 0.80]] * 5
    >>> round(combined_ftest_5x2cv(a, b).statistic, 4)  # 10·0.0004 / (2·5·0.0008)
    0.5
    """
    p, s2, scale = _five_by_two_differences(scores_a, scores_b)
    statistic = check_finite_result(np.sum(p**2) / (2 * np.sum(s2)), "el estadístico F")
    pvalue = check_finite_result(stats.f.sf(statistic, 10, 5), "el valor p")
    return TestResult(
        statistic=statistic,
        pvalue=pvalue,
        df=(10.0, 5.0),
        estimate=_unscale(float(np.mean(p)), scale, "la diferencia media"),
        ci_low=None,
        ci_high=None,
        method="Prueba F combinada 5×2cv (Alpaydin, 1999)",
        alternative="two-sided",
        confidence=0.95,
        distribution="f",
        note="valor p de la cola superior de F(10, 5); la prueba no define intervalo de confianza "
        "y la estimación es la media de las 10 diferencias.",
    )


# ---------------------------------------------------------------------------
# McNemar
# ---------------------------------------------------------------------------


def mcnemar_table(y_true: object, pred_a: object, pred_b: object) -> np.ndarray:
    """Tabla 2×2 de aciertos y fallos de dos modelos sobre los mismos ejemplos.

    Las etiquetas se validan con
    :func:`course_utils._validation.check_label_arrays`: todas números (enteros de
    cualquier tipo, comparados de forma exacta) o todas texto, sin valores faltantes.
    Dos ``pandas.Series`` con índices distintos se rechazan: el pareo es por posición.

    Parámetros
    ----------
    y_true, pred_a, pred_b : array_like de forma (n,)
        Etiquetas verdaderas y predicciones de A y B (números, booleanos o texto).

    Devuelve
    --------
    numpy.ndarray de forma (2, 2) y tipo int64
        ``[[ambos aciertan, A acierta y B falla], [A falla y B acierta, ambos fallan]]``,
        la convención de ``statsmodels.stats.contingency_tables.mcnemar``:
        ``table[0, 1]`` es n01 y ``table[1, 0]`` es n10.

    Lanza
    -----
    ValueError
        Si las longitudes difieren, algún argumento está vacío, tiene valores faltantes
        (``None``, ``NaN``, ``pd.NA``) o dos Series tienen índices distintos.
    TypeError
        Si se mezclan etiquetas de texto y numéricas (``"1"`` no es ``1``).

    Ejemplos
    --------
    >>> mcnemar_table([0, 1, 1, 0], [0, 1, 0, 1], [0, 0, 1, 1]).tolist()
    [[1, 1], [1, 1]]
    """
    y, a, b = check_label_arrays(y_true=y_true, pred_a=pred_a, pred_b=pred_b)
    ok_a = a == y
    ok_b = b == y
    return np.array(
        [
            [np.sum(ok_a & ok_b), np.sum(ok_a & ~ok_b)],
            [np.sum(~ok_a & ok_b), np.sum(~ok_a & ~ok_b)],
        ],
        dtype=np.int64,
    )


def _check_table(table: object) -> np.ndarray:
    arr = check_finite_array(table, "table", ndim=None)
    check_shape(arr, "table", (2, 2))
    if np.any(arr < 0):
        raise ValueError(f"`table` debe contener conteos no negativos; se recibió {arr.tolist()}.")
    if np.any(arr != np.round(arr)):
        raise ValueError(
            f"`table` debe contener conteos enteros (número de ejemplos); se recibió {arr.tolist()}."
        )
    if arr.max() > MAX_COUNT or arr.sum() > MAX_COUNT:
        raise ValueError(
            f"`table` debe contener conteos de como mucho 2**53 (unos 9·10^15) en total; se "
            f"recibió un total de {arr.sum():.3e}. Por encima, la coma flotante no representa "
            "todos los enteros y la prueba dejaría de ser exacta."
        )
    if arr.sum() == 0:
        raise ValueError("`table` no puede estar vacía: todos sus conteos son 0.")
    return arr.astype(np.int64)


_MCNEMAR_METHODS = ("exact", "mid-p", "chi2", "chi2-corrected")


def mcnemar_test(table: object, method: str = "exact", *, alpha: float = 0.05) -> TestResult:
    r"""Prueba de McNemar para dos clasificadores evaluados sobre el mismo conjunto.

    Solo cuentan los ejemplos en que los modelos discrepan: :math:`b = n_{01}`
    (A acierta, B falla) y :math:`c = n_{10}` (A falla, B acierta). Bajo H0
    (misma exactitud) :math:`b \sim \mathrm{Bin}(b + c, 1/2)`.

    - ``"exact"``: binomial bilateral, ``scipy.stats.binomtest(b, b + c, 0.5)``;
      ``statistic`` = :math:`\min(b, c)` (como statsmodels).
    - ``"mid-p"``: :math:`2\,[P(X \le \min(b,c)) - \tfrac12 P(X = \min(b,c))]`, que es el
      valor exacto menos :math:`P(X = \min(b, c))` (Fagerland, Lydersen y Laake, 2013);
      vale 1 si :math:`b = c`.
    - ``"chi2"``: :math:`(b - c)^2 / (b + c) \sim \chi^2_1`.
    - ``"chi2-corrected"``: con la corrección de continuidad de Edwards,
      :math:`(|b - c| - 1)^2 / (b + c)` si :math:`b \ne c`, y 0 (p = 1) si :math:`b = c`,
      como ``mcnemar.test`` de R. statsmodels aplica la corrección también con
      :math:`b = c` y da entonces un p menor que 1 para una tabla equilibrada.

    Si los modelos nunca discrepan (:math:`b + c = 0`) no hay evidencia contra H0:
    ``pvalue = 1.0``, ``statistic = 0.0`` y una nota lo explica.

    ``estimate`` es la diferencia de exactitudes
    :math:`\hat\delta = \mathrm{acc}_A - \mathrm{acc}_B = (b - c)/n`. Su intervalo es
    el de Wald ajustado de Bonett y Price (2012), que Fagerland, Lydersen y Laake
    (2014) recomiendan para proporciones pareadas: con
    :math:`\tilde p_{b} = (b + 1)/(n + 2)` y :math:`\tilde p_{c} = (c + 1)/(n + 2)`,

    .. math::

        \tilde p_b - \tilde p_c \pm z_{1-\alpha/2}
        \sqrt{\frac{\tilde p_b + \tilde p_c - (\tilde p_b - \tilde p_c)^2}{n + 2}},

    recortado a [-1, 1]. El intervalo de Wald simple,
    :math:`\hat\delta \pm z\,\frac{1}{n}\sqrt{(b + c) - (b - c)^2/n}`, se queda corto de
    cobertura con pocos discordantes (puede excluir el 0 cuando ninguna prueba rechaza) y
    degenera en [0, 0] si :math:`b + c = 0`; el ajustado no tiene esos defectos.

    Parámetros
    ----------
    table : array_like de forma (2, 2)
        Tabla de :func:`mcnemar_table` (conteos enteros no negativos).
    method : {"exact", "mid-p", "chi2", "chi2-corrected"}, por defecto "exact"
    alpha : float, por defecto 0.05
        Solo para el intervalo de confianza de la diferencia de exactitudes.

    Devuelve
    --------
    TestResult
        ``alternative = "two-sided"``; ``distribution`` es ``"binomial"`` (``df=None``)
        o ``"chi2"`` (``df=1.0``).

    Lanza
    -----
    ValueError
        Si la tabla no es 2×2, tiene conteos negativos o no enteros, o está vacía.

    Referencias
    -----------
    McNemar, Q. (1947). Note on the sampling error of the difference between correlated
    proportions or percentages. *Psychometrika*, 12(2), 153-157.
    Edwards, A. L. (1948). Note on the "correction for continuity" in testing the
    significance of the difference between correlated proportions. *Psychometrika*, 13, 185-187.
    Fagerland, M. W., Lydersen, S. y Laake, P. (2013). The McNemar test for binary
    matched-pairs data: mid-p and asymptotic are better than exact conditional.
    *BMC Medical Research Methodology*, 13, 91.
    Agresti, A. (2013). *Categorical Data Analysis* (3.ª ed.). Wiley.
    Bonett, D. G. y Price, R. M. (2012). Adjusted Wald confidence interval for a difference
    of binomial proportions based on paired data. *Journal of Educational and Behavioral
    Statistics*, 37(4), 479-488.
    Fagerland, M. W., Lydersen, S. y Laake, P. (2014). Recommended tests and confidence
    intervals for paired binomial proportions. *Statistics in Medicine*, 33(16), 2850-2875.

    Ejemplos
    --------
    >>> res = mcnemar_test([[50, 12], [3, 35]])
    >>> round(res.pvalue, 4), round(res.estimate, 4)
    (0.0352, 0.09)
    """
    t = _check_table(table)
    method = check_choice(method, "method", _MCNEMAR_METHODS)
    alpha = check_alpha(alpha)
    b, c = int(t[0, 1]), int(t[1, 0])
    n = int(t.sum())
    m = b + c
    note = ""
    if m == 0:
        statistic, pvalue = 0.0, 1.0
        note = (
            "los modelos nunca discrepan (n01 = n10 = 0): no hay ninguna evidencia de que "
            "difieran, y el valor p es 1."
        )
    elif method == "exact":
        statistic = float(min(b, c))
        pvalue = float(stats.binomtest(b, m, 0.5).pvalue)
    elif method == "mid-p":
        k = min(b, c)
        statistic = float(k)
        pvalue = float(2 * stats.binom.cdf(k, m, 0.5) - stats.binom.pmf(k, m, 0.5))
    elif method == "chi2":
        statistic = (b - c) ** 2 / m
        pvalue = float(stats.chi2.sf(statistic, 1))
    else:
        # Como R (mcnemar.test): la corrección solo se aplica si b != c; con b = c
        # restar 1 daría un estadístico positivo (y p < 1) para una tabla perfectamente
        # equilibrada, que es la máxima evidencia a favor de H0.
        statistic = (abs(b - c) - 1) ** 2 / m if b != c else 0.0
        pvalue = float(stats.chi2.sf(statistic, 1))
    pvalue = check_finite_result(pvalue, "el valor p de McNemar")
    pvalue = float(min(1.0, max(0.0, pvalue)))
    if method in ("exact", "mid-p"):
        distribution, df = "binomial", None
    else:
        distribution, df = "chi2", 1.0
    names = {
        "exact": "Prueba de McNemar exacta (binomial)",
        "mid-p": "Prueba de McNemar mid-p",
        "chi2": "Prueba de McNemar asintótica (χ², sin corrección)",
        "chi2-corrected": "Prueba de McNemar asintótica (χ², corrección de Edwards)",
    }
    estimate = (b - c) / n
    # Intervalo de Wald ajustado de Bonett y Price (2012).
    pb, pc = (b + 1) / (n + 2), (c + 1) / (n + 2)
    se = math.sqrt((pb + pc - (pb - pc) ** 2) / (n + 2))
    z = float(stats.norm.ppf(1 - alpha / 2))
    return TestResult(
        statistic=float(statistic),
        pvalue=pvalue,
        df=df,
        estimate=float(estimate),
        ci_low=float(max(-1.0, pb - pc - z * se)),
        ci_high=float(min(1.0, pb - pc + z * se)),
        method=names[method],
        alternative="two-sided",
        confidence=1 - alpha,
        distribution=distribution,
        note=note,
    )


# ---------------------------------------------------------------------------
# Tamaño del efecto
# ---------------------------------------------------------------------------


def cohens_d(scores_a: object, scores_b: object, paired: bool = True) -> float:
    r"""d de Cohen: diferencia de medias ``A - B`` en desviaciones típicas.

    - ``paired=True`` (:math:`d_z`): :math:`\bar d / s_d` con :math:`d = a - b` y
      :math:`s_d` la desviación típica muestral (``ddof=1``) de las diferencias.
    - ``paired=False``: :math:`(\bar a - \bar b)/s_p` con la desviación típica
      combinada :math:`s_p = \sqrt{\frac{(n_a - 1)s_a^2 + (n_b - 1)s_b^2}{n_a + n_b - 2}}`.

    Atención: :math:`d_z` no es comparable con el d de dos grupos independientes;
    con puntuaciones de validación cruzada, :math:`d_z` no incorpora la corrección
    de Nadeau y Bengio y tiende a ser grande.

    Parámetros
    ----------
    scores_a, scores_b : array_like
        Con ``paired=True``, de la misma forma; con ``paired=False``, dos muestras
        unidimensionales (pueden tener longitudes distintas).
    paired : bool, por defecto True

    Devuelve
    --------
    float

    Lanza
    -----
    ValueError
        Si faltan datos (menos de 2 valores), hay NaN/inf, las formas no casan o la
        desviación típica es 0 (el cociente no está definido).

    Referencias
    -----------
    Cohen, J. (1988). *Statistical Power Analysis for the Behavioral Sciences* (2.ª ed.).
    Lawrence Erlbaum.

    Ejemplos
    --------
    >>> round(cohens_d([3, 4, 5, 6], [1, 2, 3, 4], paired=False), 4)
    1.5492
    """
    if not isinstance(paired, (bool, np.bool_)):
        raise TypeError(f"`paired` debe ser True o False; se recibió {describe(paired)}.")
    if paired:
        a, b = _paired_scores(scores_a, scores_b)
        a, b, _ = _rescaled(a, b)  # d no depende de la escala
        d = (a - b).ravel()
        if d.size < 2:
            raise ValueError(
                f"Se necesitan al menos 2 pares en `scores_a` y `scores_b`; se recibieron {d.size}."
            )
        if _is_constant(d, a, b):
            raise ValueError(
                "La desviación típica de `scores_a - scores_b` es 0 (todas las diferencias son "
                "iguales), así que el d de Cohen no está definido (división por cero)."
            )
        return float(np.mean(d) / np.std(d, ddof=1))
    a = check_finite_array(scores_a, "scores_a", min_size=2)
    b = check_finite_array(scores_b, "scores_b", min_size=2)
    a, b, _ = _rescaled(a, b)  # d no depende de la escala
    na, nb = a.size, b.size
    pooled = math.sqrt(((na - 1) * np.var(a, ddof=1) + (nb - 1) * np.var(b, ddof=1)) / (na + nb - 2))
    scale = max(float(np.max(np.abs(a))), float(np.max(np.abs(b))), np.finfo(float).tiny)
    if pooled <= 16 * np.finfo(float).eps * scale:
        raise ValueError(
            "La desviación típica combinada de `scores_a` y `scores_b` es 0 (cada muestra es "
            "constante), así que el d de Cohen no está definido (división por cero)."
        )
    return float((np.mean(a) - np.mean(b)) / pooled)


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
    margin = _check_real(margin, "margin", "un número real en (0, 1), por ejemplo 0.02")
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
    z = float(stats.norm.ppf(1 - alpha))
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
        if hi > 1e12:  # pragma: no cover - imposible con p_a != p_b
            raise ValueError("No se alcanza la potencia pedida con menos de 10^12 ejemplos.")
    n = int(math.ceil(optimize.brentq(gap, hi / 2, hi, xtol=1e-6)))
    while gap(n) < 0:
        n += 1
    while n > 1 and gap(n - 1) >= 0:
        n -= 1
    return n
