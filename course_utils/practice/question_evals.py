r"""Evaluaciones por preguntas: errores estándar, diferencias pareadas y potencia.

Un banco de preguntas (como los que se usan para evaluar modelos de lenguaje) da, para cada
modelo, una puntuación por pregunta: 0/1 (falla o acierta) o un valor en [0, 1]. Siguiendo
a Miller (2024), la puntuación del modelo es la media de las preguntas y su error estándar
sale del teorema central del límite (TCL):

* :func:`question_score`: puntuación y error estándar de un modelo; error estándar por
  grupos (*clustered*) cuando varias preguntas comparten un pasaje o un tema, y el término
  de la varianza dentro de cada pregunta cuando se muestrean varias respuestas por pregunta.
* :func:`question_difference`: diferencia pareada entre dos modelos sobre las mismas
  preguntas (error estándar de la diferencia, por grupos si los hay) y McNemar exacta si
  las respuestas son 0/1.
* :func:`compare_question_models`: todas las parejas de varios modelos, con los valores p
  ajustados por Holm.
* :func:`question_power` y :func:`minimum_detectable_effect`: potencia y efecto mínimo
  detectable para un número de preguntas (y un efecto de diseño).

Convención del error estándar por grupos: la de Miller (2024, ec. 4), sin corrección para
muestras pequeñas, que es ``statsmodels`` OLS con ``cov_type="cluster"`` y
``cov_kwds={"groups": g, "use_correction": False}``. Con ``small_sample=True`` se
multiplica la varianza por :math:`G/(G-1)` (:math:`G` grupos): la corrección por defecto de
statsmodels, :math:`\frac{G}{G-1}\frac{n-1}{n-K}`, con una sola columna (la constante,
:math:`K = 1`).

Referencias
-----------
Miller, E. (2024). Adding error bars to evals: a statistical approach to language model
evaluations. arXiv:2411.00640.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import optimize, stats

from course_utils._validation import (
    check_alpha,
    check_bool,
    check_finite_result,
    check_positive_int,
    check_probability,
    check_real,
    check_real_array,
)
from course_utils._validation_labels import check_labels, check_paired
from course_utils.many_models.adjust import adjust_pvalues
from course_utils.two_models.mcnemar import mcnemar_test

__all__ = [
    "QuestionDifference",
    "QuestionScore",
    "compare_question_models",
    "minimum_detectable_effect",
    "question_difference",
    "question_power",
    "question_score",
]


# ---------------------------------------------------------------------------
# Validación
# ---------------------------------------------------------------------------


def _check_results(values: object, name: str) -> np.ndarray:
    """Resultados por pregunta: (n,) o (n, K) con valores en [0, 1]; al menos 2 preguntas."""
    arr = check_real_array(values, name, ndim=None, min_size=1, allow_bool=False)
    if arr.ndim not in (1, 2):
        raise ValueError(
            f"`{name}`: se esperaba un vector (una puntuación por pregunta) o una matriz "
            f"(preguntas × respuestas muestreadas); llegó un arreglo de {arr.ndim} dimensiones."
        )
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.shape[0] < 2:
        raise ValueError(
            f"`{name}`: se necesitan al menos 2 preguntas para estimar un error estándar; "
            f"llegaron {arr.shape[0]}."
        )
    if arr.shape[1] < 1:
        raise ValueError(
            f"`{name}`: se esperaba al menos una respuesta por pregunta; no llegó ninguna."
        )
    bad = np.flatnonzero((arr < 0) | (arr > 1))
    if bad.size:
        row, col = np.unravel_index(bad[0], arr.shape)
        raise ValueError(
            f"`{name}`: se esperaban puntuaciones por pregunta en [0, 1] (0/1 = falla/acierta); "
            f"la pregunta {row} (respuesta {col}) vale {float(arr[row, col]):g}."
        )
    return arr


def _check_clusters(clusters: object, n: int, data: str) -> np.ndarray | None:
    """Grupo de cada pregunta (texto o números), o None; devuelve códigos 0..G-1."""
    if clusters is None:
        return None
    labels = check_labels(clusters, "clusters")
    if labels.dtype == bool:
        raise TypeError(
            "`clusters`: se esperaba el nombre o el número del grupo (pasaje, tema) de cada "
            "pregunta; llegaron booleanos, que no nombran grupos."
        )
    if labels.shape[0] != n:
        raise ValueError(
            f"`clusters`: se esperaba un grupo por pregunta de `{data}` ({n}); "
            f"llegaron {labels.shape[0]}."
        )
    _, codes = np.unique(labels, return_inverse=True)
    if codes.max() + 1 < 2:
        raise ValueError(
            "`clusters`: se necesitan al menos 2 grupos para estimar un error estándar por "
            "grupos; llegó 1."
        )
    return codes


# ---------------------------------------------------------------------------
# Errores estándar
# ---------------------------------------------------------------------------


def _naive_se(x: np.ndarray) -> float:
    """Error estándar de la media por el TCL: s / sqrt(n), con s de ddof = 1."""
    return float(np.std(x, ddof=1) / math.sqrt(x.size))


def _clustered_se(x: np.ndarray, codes: np.ndarray, small_sample: bool) -> float:
    """Miller (2024, ec. 4): sqrt(sum_c (sum_{i en c} (x_i - xbar))^2) / n."""
    resid = x - x.mean()
    sums = np.bincount(codes, weights=resid)
    var = float(np.sum(sums**2)) / x.size**2
    if small_sample:
        g = sums.size
        var *= g / (g - 1)
    return math.sqrt(var)


def _interval(estimate: float, se: float, alpha: float) -> tuple[float, float]:
    z = stats.norm.isf(alpha / 2)
    return estimate - z * se, estimate + z * se


@dataclass(frozen=True)
class QuestionScore:
    """Puntuación de un modelo en un banco de preguntas, con su error estándar.

    Atributos
    ---------
    score : float
        Media de las puntuaciones por pregunta (con varias respuestas, la media de las medias
        de cada pregunta).
    se : float
        Error estándar que se usa para el intervalo: el por grupos si hay grupos, si no el
        del TCL.
    se_naive : float
        Error estándar del TCL, :math:`s/\\sqrt{n}` (``ddof=1``), que supone preguntas
        independientes.
    se_clustered : float o None
        Error estándar por grupos (Miller, 2024, ec. 4), o ``None`` sin grupos.
    design_effect : float o None
        ``(se_clustered / se_naive)**2``: cuántas veces más varianza por compartir pasaje.
    within_variance : float o None
        Con varias respuestas por pregunta (:math:`K > 1`), la media de las varianzas dentro
        de cada pregunta (``ddof=1``); su aporte a la varianza de ``score`` es
        ``within_variance / (K n)``. ``None`` con una respuesta por pregunta.
    se_many_samples : float o None
        El error estándar del TCL si cada pregunta tuviera infinitas respuestas (se quita el
        término dentro de la pregunta): el límite de lo que da muestrear más respuestas.
    ci_low, ci_high : float
        Intervalo normal ``score ± z se``.
    n_questions, n_samples, n_clusters : int
        Preguntas, respuestas por pregunta y grupos (0 sin grupos).
    confidence : float
        Nivel de confianza del intervalo.
    """

    score: float
    se: float
    se_naive: float
    se_clustered: float | None
    design_effect: float | None
    within_variance: float | None
    se_many_samples: float | None
    ci_low: float
    ci_high: float
    n_questions: int
    n_samples: int
    n_clusters: int
    confidence: float

    def summary(self) -> str:
        """Resumen en español, con 4 decimales. Devuelve el texto (no lo imprime)."""
        conf = f"{100 * self.confidence:.4g} %"
        lines = [
            f"Puntuación por preguntas ({self.n_questions} preguntas"
            + (f", {self.n_samples} respuestas por pregunta" if self.n_samples > 1 else "")
            + (f", {self.n_clusters} grupos" if self.n_clusters else "")
            + ")",
            f"  puntuación = {self.score:.4f}",
            f"  error estándar (TCL, preguntas independientes) = {self.se_naive:.4f}",
        ]
        if self.se_clustered is not None:
            lines.append(
                f"  error estándar por grupos = {self.se_clustered:.4f} "
                f"(efecto de diseño = {self.design_effect:.4f})"
            )
        if self.within_variance is not None:
            lines.append(
                f"  varianza dentro de cada pregunta = {self.within_variance:.4f}; con infinitas "
                f"respuestas el error estándar bajaría a {self.se_many_samples:.4f}"
            )
        lines.append(f"  intervalo al {conf}: [{self.ci_low:.4f}, {self.ci_high:.4f}]")
        return "\n".join(lines)


def question_score(
    correct: object,
    clusters: object = None,
    *,
    small_sample: bool = False,
    alpha: float = 0.05,
) -> QuestionScore:
    r"""Puntuación de un modelo y su error estándar a partir de los resultados por pregunta.

    Con :math:`n` preguntas y :math:`s_i` la puntuación de la pregunta :math:`i`,

    .. math::

        \bar s = \frac1n \sum_i s_i, \qquad
        \mathrm{EE}_{\mathrm{TCL}} = \sqrt{\frac{1}{n(n-1)} \sum_i (s_i - \bar s)^2}.

    Si las preguntas comparten pasaje o tema (grupo :math:`c`), no son independientes, y
    el error estándar por grupos (Miller, 2024, ec. 4) es

    .. math::

        \mathrm{EE}_{\mathrm{grupos}} = \frac1n
        \sqrt{\sum_c \Big(\sum_{i \in c} (s_i - \bar s)\Big)^2},

    el de ``statsmodels`` OLS con ``cov_type="cluster"`` y ``use_correction=False``; con
    ``small_sample=True`` se multiplica la varianza por :math:`G/(G-1)`, la corrección por
    defecto de statsmodels (:math:`G` grupos).

    Con varias respuestas muestreadas por pregunta (una matriz :math:`n \times K`), cada
    pregunta se resume por su media y el error estándar es el de esas medias. Su varianza
    incluye el término dentro de la pregunta, :math:`\overline{\sigma^2_i}/(Kn)` (Miller,
    2024, §3.2): más respuestas solo reducen ese término.

    Parámetros
    ----------
    correct : array_like de forma (n,) o (n, K)
        Puntuación de cada pregunta en [0, 1] (0/1 para falla/acierta; los booleanos se
        rechazan: pase ``x.astype(int)``); con
        :math:`K` columnas, :math:`K` respuestas muestreadas por pregunta.
    clusters : array_like de forma (n,), opcional
        Grupo (pasaje, tema) de cada pregunta; al menos 2 grupos.
    small_sample : bool, por defecto False
        Multiplicar la varianza por grupos por :math:`G/(G-1)`.
    alpha : float, por defecto 0.05
        Nivel de significación: el intervalo es al :math:`1-\alpha`.

    Devuelve
    --------
    QuestionScore

    Lanza
    -----
    ValueError
        Si hay menos de 2 preguntas, valores fuera de [0, 1] o faltantes, o los grupos no
        son uno por pregunta o son menos de 2.
    TypeError
        Si los resultados no son números o los grupos mezclan texto y números.

    Ejemplos
    --------
    >>> r = question_score([1, 0, 1, 1, 0, 1, 1, 1])
    >>> round(r.score, 4), round(r.se, 4)
    (0.75, 0.1637)

    Referencias
    -----------
    Miller, E. (2024). Adding error bars to evals: a statistical approach to language model
    evaluations. arXiv:2411.00640.
    """
    check_paired(correct=correct, clusters=clusters)
    arr = _check_results(correct, "correct")
    codes = _check_clusters(clusters, arr.shape[0], "correct")
    small_sample = check_bool(small_sample, "small_sample")
    alpha = check_alpha(alpha)
    return _score(arr, codes, small_sample, alpha)


def _score(arr: np.ndarray, codes: np.ndarray | None, small: bool, alpha: float) -> QuestionScore:
    n, k = arr.shape
    x = arr.mean(axis=1)
    score = float(x.mean())
    se_naive = _naive_se(x)
    se_cl = None if codes is None else _clustered_se(x, codes, small)
    deff = None
    if se_cl is not None and se_naive > 0:
        deff = (se_cl / se_naive) ** 2
    within = se_many = None
    if k > 1:
        within = float(np.mean(np.var(arr, axis=1, ddof=1)))
        var_means = float(np.var(x, ddof=1))
        se_many = math.sqrt(max(var_means - within / k, 0.0) / n)
    se = se_naive if se_cl is None else se_cl
    lo, hi = _interval(score, se, alpha)
    check_finite_result(score, "la puntuación")
    return QuestionScore(
        score=score, se=se, se_naive=se_naive, se_clustered=se_cl, design_effect=deff,
        within_variance=within, se_many_samples=se_many, ci_low=lo, ci_high=hi,
        n_questions=n, n_samples=k, n_clusters=0 if codes is None else int(codes.max() + 1),
        confidence=1 - alpha,
    )


# ---------------------------------------------------------------------------
# Diferencias pareadas
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class QuestionDifference:
    """Diferencia pareada ``A - B`` entre dos modelos sobre las mismas preguntas.

    Atributos
    ---------
    estimate : float
        Diferencia de puntuaciones.
    se : float
        Error estándar usado (por grupos si hay grupos; si no, el pareado del TCL).
    se_unpaired : float
        El que se obtendría tratando las dos puntuaciones como independientes,
        :math:`\\sqrt{EE_A^2 + EE_B^2}`: lo que se pierde sin parear.
    z, pvalue : float
        Estadístico :math:`z = \\hat\\delta/EE` y su valor p bilateral (normal).
    ci_low, ci_high : float
        Intervalo normal de la diferencia.
    mcnemar_pvalue : float o None
        Valor p exacto de McNemar (``cu.mcnemar_test``), con resultados 0/1, una respuesta
        por pregunta y sin grupos; ``None`` si no aplica (McNemar supone preguntas
        independientes).
    b, c : int o None
        Discordantes de McNemar (A acierta y B falla; A falla y B acierta).
    correlation : float
        Correlación entre las puntuaciones por pregunta de A y B.
    n_questions, n_clusters : int
    confidence : float
    """

    estimate: float
    se: float
    se_unpaired: float
    z: float
    pvalue: float
    ci_low: float
    ci_high: float
    mcnemar_pvalue: float | None
    b: int | None
    c: int | None
    correlation: float
    n_questions: int
    n_clusters: int
    confidence: float

    def summary(self) -> str:
        """Resumen en español, con 4 decimales. Devuelve el texto (no lo imprime)."""
        conf = f"{100 * self.confidence:.4g} %"
        kind = "por grupos" if self.n_clusters else "pareado"
        lines = [
            f"Diferencia pareada A - B ({self.n_questions} preguntas"
            + (f", {self.n_clusters} grupos" if self.n_clusters else "") + ")",
            f"  diferencia = {self.estimate:.4f}; error estándar {kind} = {self.se:.4f} "
            f"(sin parear sería {self.se_unpaired:.4f})",
            f"  z = {self.z:.4f}; valor p (normal, bilateral) = {self.pvalue:.4f}",
            f"  intervalo al {conf}: [{self.ci_low:.4f}, {self.ci_high:.4f}]",
        ]
        if self.mcnemar_pvalue is not None:
            lines.append(
                f"  McNemar exacta: b = {self.b}, c = {self.c}, valor p = {self.mcnemar_pvalue:.4f}"
            )
        return "\n".join(lines)


def question_difference(
    correct_a: object,
    correct_b: object,
    clusters: object = None,
    *,
    small_sample: bool = False,
    alpha: float = 0.05,
) -> QuestionDifference:
    r"""Diferencia pareada entre dos modelos evaluados sobre las mismas preguntas.

    Con :math:`d_i = s_{A,i} - s_{B,i}`, la diferencia es :math:`\bar d` y su error
    estándar el de la media de las :math:`d_i` (TCL, ``ddof=1``), o por grupos como en
    :func:`question_score`. Parear resta la covarianza:
    :math:`\mathrm{Var}(\bar d) = (\sigma_A^2 + \sigma_B^2 - 2\sigma_{AB})/n`
    (Miller, 2024, §4). El valor p es el de :math:`z = \bar d/\mathrm{EE}` frente a la
    normal. Con resultados 0/1, una respuesta por pregunta y sin grupos se añade la prueba
    exacta de McNemar (``cu.mcnemar_test``).

    Parámetros
    ----------
    correct_a, correct_b : array_like de forma (n,) o (n, K)
        Resultados por pregunta de A y B en [0, 1], en el mismo orden de preguntas.
    clusters : array_like de forma (n,), opcional
        Grupo de cada pregunta.
    small_sample : bool, por defecto False
        Corrección :math:`G/(G-1)` del error estándar por grupos.
    alpha : float, por defecto 0.05

    Devuelve
    --------
    QuestionDifference

    Lanza
    -----
    ValueError
        Si A y B no tienen el mismo número de preguntas, o como :func:`question_score`.

    Ejemplos
    --------
    >>> d = question_difference([1, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0])
    >>> round(d.estimate, 4), d.b, d.c
    (0.3333, 2, 0)
    """
    check_paired(correct_a=correct_a, correct_b=correct_b, clusters=clusters)
    a = _check_results(correct_a, "correct_a")
    b = _check_results(correct_b, "correct_b")
    if a.shape[0] != b.shape[0]:
        raise ValueError(
            "`correct_a` y `correct_b`: se esperaban las mismas preguntas en los dos modelos; "
            f"llegaron {a.shape[0]} y {b.shape[0]}."
        )
    codes = _check_clusters(clusters, a.shape[0], "correct_a")
    small_sample = check_bool(small_sample, "small_sample")
    alpha = check_alpha(alpha)
    return _difference(a, b, codes, small_sample, alpha)


def _difference(
    a: np.ndarray, b: np.ndarray, codes: np.ndarray | None, small: bool, alpha: float
) -> QuestionDifference:
    xa, xb = a.mean(axis=1), b.mean(axis=1)
    d = xa - xb
    n = d.size
    est = float(d.mean())
    se = _naive_se(d) if codes is None else _clustered_se(d, codes, small)
    se_unpaired = math.hypot(_naive_se(xa), _naive_se(xb))
    if se > 0:
        z = est / se
        p = float(2 * stats.norm.sf(abs(z)))
    else:  # todas las diferencias iguales: sin variabilidad estimable
        z = 0.0 if est == 0 else math.copysign(math.inf, est)
        p = 1.0 if est == 0 else 0.0
    lo, hi = _interval(est, se, alpha)
    binary = a.shape[1] == 1 and b.shape[1] == 1 and np.all(np.isin(a, (0, 1)))
    binary = binary and bool(np.all(np.isin(b, (0, 1))))
    mc_p = n10 = n01 = None
    if binary and codes is None:
        n10 = int(np.sum((xa == 1) & (xb == 0)))
        n01 = int(np.sum((xa == 0) & (xb == 1)))
        both = int(np.sum((xa == 1) & (xb == 1)))
        mc_p = mcnemar_test([[both, n10], [n01, n - both - n10 - n01]], "exact").pvalue
    sa, sb = np.std(xa), np.std(xb)
    corr = float(np.corrcoef(xa, xb)[0, 1]) if sa > 0 and sb > 0 else 0.0
    return QuestionDifference(
        estimate=est, se=se, se_unpaired=se_unpaired, z=float(z) if math.isfinite(z) else 0.0,
        pvalue=p, ci_low=lo, ci_high=hi, mcnemar_pvalue=mc_p, b=n10, c=n01,
        correlation=corr, n_questions=n, n_clusters=0 if codes is None else int(codes.max() + 1),
        confidence=1 - alpha,
    )


def compare_question_models(
    results: object,
    names: object = None,
    clusters: object = None,
    *,
    small_sample: bool = False,
    alpha: float = 0.05,
) -> list[tuple[str, str, QuestionDifference, float]]:
    r"""Todas las parejas de varios modelos sobre las mismas preguntas, con Holm.

    Para cada pareja se calcula :func:`question_difference`; el valor p que se ajusta es
    el exacto de McNemar cuando existe (0/1, sin grupos) y, si no, el normal con el error
    estándar pareado o por grupos. Los :math:`m = k(k-1)/2` valores p se ajustan con Holm
    (``cu.adjust_pvalues``), que controla el error de familia.

    Parámetros
    ----------
    results : array_like de forma (n, k)
        Una columna por modelo (0/1 o [0, 1]); un ``DataFrame`` da también los nombres.
    names : secuencia de k textos, opcional
        Nombres de los modelos (por defecto, las columnas del DataFrame o «M1», «M2»...).
    clusters : array_like de forma (n,), opcional
    small_sample : bool, por defecto False
    alpha : float, por defecto 0.05

    Devuelve
    --------
    list of (str, str, QuestionDifference, float)
        ``(A, B, diferencia A - B, valor p ajustado por Holm)`` por pareja, en orden.

    Lanza
    -----
    ValueError
        Si hay menos de 2 modelos, los nombres no son uno por columna, o como
        :func:`question_difference`.
    """
    if names is None and hasattr(results, "columns"):
        names = [str(c) for c in results.columns]
    check_paired(results=results, clusters=clusters)
    arr = check_real_array(results, "results", ndim=2, allow_bool=False)
    n, k = arr.shape
    if k < 2:
        raise ValueError(f"`results`: se esperaban al menos 2 modelos (columnas); llegó {k}.")
    if names is not None and (isinstance(names, str) or not hasattr(names, "__iter__")):
        raise TypeError(
            f"`names`: se esperaba una lista de {k} nombres, uno por columna; llegó {names!r}."
        )
    names = [f"M{j + 1}" for j in range(k)] if names is None else [str(s) for s in names]
    if len(names) != k or len(set(names)) != k:
        raise ValueError(
            f"`names`: se esperaban {k} nombres distintos, uno por columna de `results`; "
            f"llegaron {names!r}."
        )
    cols = [_check_results(arr[:, j], f"results[:, {j}]") for j in range(k)]
    codes = _check_clusters(clusters, n, "results")
    small_sample = check_bool(small_sample, "small_sample")
    alpha = check_alpha(alpha)
    pairs = []
    for i in range(k):
        for j in range(i + 1, k):
            pairs.append((names[i], names[j], _difference(cols[i], cols[j], codes, small_sample,
                                                          alpha)))
    raw = [d.mcnemar_pvalue if d.mcnemar_pvalue is not None else d.pvalue for _, _, d in pairs]
    adj = adjust_pvalues(raw, "holm")
    return [(a, b, d, float(p)) for (a, b, d), p in zip(pairs, adj)]


# ---------------------------------------------------------------------------
# Potencia y efecto mínimo detectable
# ---------------------------------------------------------------------------


def _check_power_args(n_questions, sd, alpha, design_effect):
    n = check_positive_int(n_questions, "n_questions")
    if n < 2:
        raise ValueError(f"`n_questions`: se esperaban al menos 2 preguntas; llegó {n}.")
    sd = check_real(sd, "sd_difference", "un número positivo (desviación típica por pregunta)")
    if not sd > 0:
        raise ValueError(f"`sd_difference`: se esperaba un número positivo; llegó {sd!r}.")
    alpha = check_alpha(alpha)
    deff = check_real(design_effect, "design_effect", "un número ≥ 1 (efecto de diseño)")
    if not deff > 0:
        raise ValueError(f"`design_effect`: se esperaba un número positivo; llegó {deff!r}.")
    return n, sd, alpha, deff


def _power_value(delta: float, n: int, sd: float, alpha: float, deff: float) -> float:
    z = stats.norm.isf(alpha / 2)
    shift = delta / (sd * math.sqrt(deff / n))
    return float(stats.norm.sf(z - shift) + stats.norm.cdf(-z - shift))


def question_power(
    effect: float,
    n_questions: int,
    sd_difference: float,
    *,
    alpha: float = 0.05,
    design_effect: float = 1.0,
) -> float:
    r"""Potencia de la prueba z bilateral de una diferencia pareada sobre ``n`` preguntas.

    .. math::

        1 - \beta = \Phi\!\left(\frac{\delta}{\mathrm{EE}} - z_{1-\alpha/2}\right)
        + \Phi\!\left(-\frac{\delta}{\mathrm{EE}} - z_{1-\alpha/2}\right),\qquad
        \mathrm{EE} = \sigma_d \sqrt{\mathrm{deff}/n},

    con :math:`\sigma_d` la desviación típica de la diferencia por pregunta y
    :math:`\mathrm{deff}` el efecto de diseño de los grupos (1 sin grupos). Es la de
    ``statsmodels.stats.power.NormalIndPower`` con ``ratio=0`` (una muestra) y tamaño del
    efecto :math:`\delta/(\sigma_d\sqrt{\mathrm{deff}})`.

    Parámetros
    ----------
    effect : float
        Diferencia verdadera :math:`\delta` entre las puntuaciones.
    n_questions : int
        Número de preguntas (al menos 2).
    sd_difference : float
        :math:`\sigma_d > 0`; para dos modelos con exactitud :math:`p_A, p_B` independientes
        por pregunta, :math:`\sqrt{p_A(1-p_A) + p_B(1-p_B)}`; la correlación entre modelos la
        reduce.
    alpha : float, por defecto 0.05
    design_effect : float, por defecto 1.0

    Devuelve
    --------
    float
        Potencia en [0, 1].

    Ejemplos
    --------
    >>> round(question_power(0.03, 1000, 0.5), 4)
    0.4751
    """
    delta = check_real(effect, "effect", "un número (la diferencia verdadera)")
    n, sd, alpha, deff = _check_power_args(n_questions, sd_difference, alpha, design_effect)
    return check_finite_result(_power_value(delta, n, sd, alpha, deff), "la potencia")


def minimum_detectable_effect(
    n_questions: int,
    sd_difference: float,
    *,
    alpha: float = 0.05,
    power: float = 0.8,
    design_effect: float = 1.0,
) -> float:
    r"""Efecto mínimo detectable: la :math:`\delta > 0` con potencia ``power``.

    Resuelve :func:`question_power` ``= power`` (las dos colas). La aproximación de Miller
    (2024, §5), que ignora la cola contraria, es
    :math:`(z_{1-\alpha/2} + z_{1-\beta})\,\sigma_d\sqrt{\mathrm{deff}/n}` y coincide con
    este valor a 4 decimales para potencias habituales.

    Parámetros
    ----------
    n_questions : int
    sd_difference : float
    alpha : float, por defecto 0.05
    power : float, por defecto 0.8
        En :math:`(\alpha, 1)`.
    design_effect : float, por defecto 1.0

    Devuelve
    --------
    float

    Ejemplos
    --------
    >>> round(minimum_detectable_effect(1000, 0.5), 4)
    0.0443
    """
    n, sd, alpha, deff = _check_power_args(n_questions, sd_difference, alpha, design_effect)
    power = check_probability(power, "power", closed=False)
    if not power > alpha:
        raise ValueError(
            f"`power`: se esperaba una potencia mayor que alpha ({alpha}); llegó {power!r}."
        )
    se = sd * math.sqrt(deff / n)
    hi = se * (stats.norm.isf(alpha / 2) + stats.norm.ppf(power) + 1)
    root = optimize.brentq(lambda d: _power_value(d, n, sd, alpha, deff) - power, 0.0, hi,
                           xtol=1e-14)
    return check_finite_result(float(root), "el efecto mínimo detectable")
