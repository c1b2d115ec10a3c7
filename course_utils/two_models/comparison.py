"""Pruebas estadísticas para comparar dos modelos (o dos algoritmos de aprendizaje).

Aquí están las pruebas con puntuaciones de validación cruzada (t corregida, 5×2cv) y el
d de Cohen; la prueba de McNemar vive en :mod:`course_utils.two_models.mcnemar` y las de dos
proporciones independientes (no inferioridad, potencia, tamaño muestral) en
:mod:`course_utils.two_models.two_proportions`. Todas se importan también desde este módulo.

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

import numpy as np
from scipy import stats

from course_utils._results import (  # noqa: F401 - nombres que otros módulos importan de aquí
    _ALT_TEXT,
    _ALTERNATIVES,
    _DIST_TEXT,
    _STAT_SYMBOL,
    TestResult,
    _fmt,
    _fmt_p,
)
from course_utils._validation import (
    check_alpha,
    check_bool,
    check_choice,
    check_finite_array,
    check_finite_result,
    check_test_train_ratio,
)
from course_utils._validation_labels import check_paired, check_paired_scores
from course_utils.two_models.mcnemar import mcnemar_table, mcnemar_test
from course_utils.two_models.two_proportions import (
    noninferiority_test,
    power_two_proportions,
    sample_size_two_proportions,
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


# ---------------------------------------------------------------------------
# Utilidades internas
# ---------------------------------------------------------------------------


def _rescaled(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """``a`` y ``b`` divididos por una potencia de 2 (exacto) para que sus diferencias y
    cuadrados no desborden (valores enormes) ni se anulen (valores diminutos, cuyo
    cuadrado sería 0); devuelve también el factor. Los estadísticos t, F y el d de
    Cohen no cambian al escalar; las estimaciones se devuelven a su escala al final.
    """
    top = max(float(np.max(np.abs(a))), float(np.max(np.abs(b))))
    if top == 0.0 or 2.0**-500 <= top < 2.0**500:
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
    # Las funciones de stats.t sin congelar (t(df) cuesta 1-2 ms por llamada); mismos números.
    if alternative == "two-sided":
        pvalue = 2 * stats.t.sf(abs(statistic), df)
        crit = stats.t.isf(alpha / 2, df)
        low, high = estimate - crit * se, estimate + crit * se
    elif alternative == "greater":
        pvalue = stats.t.sf(statistic, df)
        low, high = estimate - stats.t.isf(alpha, df) * se, math.inf
    else:
        pvalue = stats.t.cdf(statistic, df)
        low, high = -math.inf, estimate + stats.t.isf(alpha, df) * se
    pvalue = check_finite_result(pvalue, "el valor p")
    return float(min(1.0, pvalue)), float(low), float(high)


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
        Se parean por posición; dos objetos pandas con índices distintos se rechazan
        (alinéelos antes con ``.loc`` o ``.reset_index(drop=True)``).
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
    a, b = check_paired_scores(scores_a, scores_b)
    corrected = check_bool(corrected, "corrected")
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    alpha = check_alpha(alpha)
    ratio = check_test_train_ratio(test_train_ratio, required=corrected)
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
        Se parean por posición; dos objetos pandas con índices distintos se rechazan
        (alinéelos antes con ``.loc`` o ``.reset_index(drop=True)``).
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
        Como en :func:`paired_ttest_5x2cv` (pareadas por posición).

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
        Se parean por posición; dos objetos pandas con índices distintos se rechazan
        (alinéelos antes con ``.loc`` o ``.reset_index(drop=True)``).
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
    if check_bool(paired, "paired"):
        a, b = check_paired_scores(scores_a, scores_b)
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
