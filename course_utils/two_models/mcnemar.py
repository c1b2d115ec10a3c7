"""Prueba de McNemar: dos clasificadores evaluados sobre el mismo conjunto de prueba.

:func:`mcnemar_table` cuenta aciertos y fallos pareados; :func:`mcnemar_test` contrasta
si los dos modelos tienen la misma exactitud (exacta, mid-p o asintótica) y da el
intervalo de Wald ajustado de Bonett y Price para la diferencia de exactitudes. También
se importan desde :mod:`course_utils.two_models.comparison`.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

from course_utils._results import TestResult
from course_utils._validation import check_alpha, check_choice, check_finite_result
from course_utils._validation_labels import check_label_arrays, check_mcnemar_table

__all__ = ["mcnemar_table", "mcnemar_test"]


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
        ``table[0, 1]`` es :math:`b` y ``table[1, 0]`` es :math:`c`, como en el curso
        (Dietterich, 1998, cuenta fallos: su :math:`n_{01}` es :math:`c` y su
        :math:`n_{10}`, :math:`b`).

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
    t = check_mcnemar_table(table)
    method = check_choice(method, "method", _MCNEMAR_METHODS)
    alpha = check_alpha(alpha)
    b, c = int(t[0, 1]), int(t[1, 0])
    n = int(t.sum())
    m = b + c
    note = ""
    if m == 0:
        statistic, pvalue = 0.0, 1.0
        note = (
            "los modelos nunca discrepan (b = c = 0): no hay ninguna evidencia de que "
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
    z = float(stats.norm.isf(alpha / 2))
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
