"""Pruebas de equivalencia y de no inferioridad para comparaciones **pareadas**.

Una prueba de diferencia que no rechaza no demuestra que dos modelos sean
iguales. Para afirmar «A no es peor que B en más de δ» (no inferioridad) o
«A y B difieren en menos de δ» (equivalencia) hay que rechazar la hipótesis
nula contraria, con un margen δ fijado antes de ver los datos. La equivalencia
se contrasta con dos pruebas unilaterales (TOST, *two one-sided tests*;
Schuirmann, 1987): se rechaza H0: |Δ| ≥ δ si se rechazan a la vez
H0⁻: Δ ≤ -δ y H0⁺: Δ ≥ +δ, cada una al nivel α. El valor p de la TOST es el
mayor de los dos valores p unilaterales, y la decisión coincide con mirar si el
intervalo de confianza al 1 - 2α cae entero dentro de (-δ, +δ).

Dos situaciones del curso:

- :func:`cv_equivalence_test`: puntuaciones pareadas de validación cruzada
  (r×k o 5×2), con la varianza corregida de Nadeau y Bengio (2003). Se escribe a
  mano porque ninguna biblioteca ofrece la TOST con esa corrección; sin ella
  (``corrected=False``) coincide con ``statsmodels.stats.weightstats.ttost_paired``.
- :func:`mcnemar_equivalence_test`: dos clasificadores evaluados sobre el mismo
  conjunto de prueba (tabla de McNemar), con la prueba *score* de Tango (1998)
  para la diferencia de proporciones pareadas. statsmodels no la ofrece (solo la
  versión para muestras independientes, ``tost_proportions_2indep``), así que se
  escribe a mano siguiendo el artículo.

Convención de signos: Δ es siempre ``A - B`` con puntuaciones en las que **más es
mejor** (exactitud, AUC...). Con tasas de error, pase ``higher_is_better=False``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from course_utils._results import _fmt, _fmt_p
from course_utils.two_models.comparison import _is_constant, _rescaled, _unscale
from course_utils._validation import (
    check_alpha,
    check_bool,
    check_choice,
    check_half_width,
    check_test_train_ratio,
)
from course_utils._validation_labels import check_mcnemar_table, check_paired_scores

__all__ = ["EquivalenceResult", "cv_equivalence_test", "mcnemar_equivalence_test"]

_TESTS = ("equivalence", "noninferiority")


@dataclass(frozen=True)
class EquivalenceResult:
    """Resultado de una prueba de equivalencia (TOST) o de no inferioridad pareada.

    Atributos
    ---------
    test : {"equivalence", "noninferiority"}
        Qué se contrasta. Equivalencia: H0: |Δ| ≥ margen frente a H1: |Δ| < margen.
        No inferioridad: H0: Δ ≤ -margen frente a H1: Δ > -margen (A no es peor
        que B en más del margen).
    margin : float
        El margen δ > 0, en las unidades de la medida (por ejemplo 0.01 = un punto
        de exactitud).
    estimate : float
        Diferencia estimada Δ = A - B (orientada para que más sea mejor).
    se : float
        Error estándar de la estimación que usa la prueba (en la prueba *score*,
        el de la cota inferior: ver ``note``).
    statistic_lower, pvalue_lower : float
        Prueba unilateral contra el margen inferior (H0: Δ ≤ -margen).
    statistic_upper, pvalue_upper : float o None
        Prueba unilateral contra el margen superior (H0: Δ ≥ +margen);
        ``None`` en la prueba de no inferioridad.
    pvalue : float
        Valor p de la prueba: el mayor de los dos unilaterales (TOST) o el inferior
        (no inferioridad).
    df : float o None
        Grados de libertad de la t (``None`` con la normal).
    ci_low, ci_high : float
        Intervalo de confianza al ``1 - 2·alpha`` (equivalencia) o cota inferior
        unilateral al ``1 - alpha`` (no inferioridad; ``ci_high`` es ``inf`` o 1).
    alpha : float
        Nivel de significación de cada prueba unilateral.
    rejected : bool
        ``True`` si se rechaza H0, es decir, si se demuestra la equivalencia o la
        no inferioridad al nivel ``alpha``.
    method : str
        Nombre de la prueba, en español.
    note : str
        Aclaración en español (o ``""``).
    """

    test: str
    margin: float
    estimate: float
    se: float
    statistic_lower: float
    pvalue_lower: float
    statistic_upper: float | None
    pvalue_upper: float | None
    pvalue: float
    df: float | None
    ci_low: float
    ci_high: float
    alpha: float
    rejected: bool
    method: str
    note: str = ""

    def summary(self) -> str:
        """Resumen en español, con 4 decimales. Devuelve el texto (no lo imprime)."""
        symbol = "z" if self.df is None else "t"
        df_text = "" if self.df is None else f" (gl = {self.df:g})"
        m = _fmt(self.margin)
        if self.test == "equivalence":
            hyp = f"H0: |A - B| ≥ {m}; H1: -{m} < A - B < {m} (equivalencia)"
            conf = f"{100 * (1 - 2 * self.alpha):.4g} %"
            ci = f"  IC {conf}: [{_fmt(self.ci_low)}, {_fmt(self.ci_high)}]"
            verdict = (
                f"se demuestra la equivalencia con margen {m}" if self.rejected
                else f"no se puede afirmar la equivalencia con margen {m}"
            )
        else:
            hyp = f"H0: A - B ≤ -{m}; H1: A - B > -{m} (no inferioridad)"
            conf = f"{100 * (1 - self.alpha):.4g} %"
            ci = f"  cota inferior unilateral al {conf}: {_fmt(self.ci_low)}"
            verdict = (
                f"se demuestra la no inferioridad con margen {m}" if self.rejected
                else f"no se puede afirmar la no inferioridad con margen {m}"
            )
        lines = [
            self.method,
            f"  hipótesis: {hyp}",
            f"  estimación (A - B) = {_fmt(self.estimate)}; error estándar = {_fmt(self.se)}",
            f"  contra -{m}: {symbol} = {_fmt(self.statistic_lower)}{df_text}, "
            f"valor p = {_fmt_p(self.pvalue_lower)}",
        ]
        if self.statistic_upper is not None and self.pvalue_upper is not None:
            lines.append(
                f"  contra +{m}: {symbol} = {_fmt(self.statistic_upper)}{df_text}, "
                f"valor p = {_fmt_p(self.pvalue_upper)}"
            )
        lines += [
            f"  valor p = {_fmt_p(self.pvalue)} (nivel de significación {self.alpha:g})",
            ci,
            f"  decisión: {verdict}",
        ]
        if self.note:
            lines.append(f"  nota: {self.note}")
        return "\n".join(lines)


def _check_margin(margin: object) -> float:
    expected = "un número real mayor que 0 (el margen δ, en las unidades de la medida)"
    return check_half_width(margin, "margin", expected, allow_zero=False)



def _cv_method_and_note(test: str, corrected: bool, higher_is_better: bool) -> tuple[str, str]:
    """El nombre del método de :func:`cv_equivalence_test` y su nota de lectura."""
    name = "Prueba de equivalencia TOST" if test == "equivalence" else "Prueba de no inferioridad"
    if corrected:
        method = f"{name} con la t de remuestreo corregida (Nadeau y Bengio, 2003)"
        note = ""
    else:
        method = f"{name} con la t pareada sin corregir"
        note = (
            "sin la corrección de Nadeau y Bengio el error estándar se subestima cuando las "
            "particiones comparten datos, y la prueba declara equivalencias que no lo son."
        )
    if not higher_is_better:
        extra = "con higher_is_better=False la estimación es B - A (menos error de A es positivo)."
        note = f"{note} {extra}".strip()
    return method, note


def cv_equivalence_test(
    scores_a: object,
    scores_b: object,
    *,
    margin: float,
    test_train_ratio: float | None,
    corrected: bool = True,
    test: str = "equivalence",
    higher_is_better: bool = True,
    alpha: float = 0.05,
) -> EquivalenceResult:
    r"""Equivalencia (TOST) o no inferioridad con puntuaciones pareadas de validación cruzada.

    Con las diferencias :math:`d_{ij} = a_{ij} - b_{ij}` de las :math:`n` particiones
    (las mismas para los dos modelos), su media :math:`\bar d` y el error estándar
    corregido de Nadeau y Bengio (2003),

    .. math::

        se = \sqrt{\left(\frac{1}{n} + \frac{n_2}{n_1}\right)\hat\sigma^2_d},
        \qquad t_- = \frac{\bar d + \delta}{se}, \qquad t_+ = \frac{\bar d - \delta}{se},

    con :math:`gl = n - 1`. No inferioridad: valor p :math:`P(T \ge t_-)` (H0:
    :math:`\Delta \le -\delta`). Equivalencia (TOST de Schuirmann, 1987): además
    :math:`P(T \le t_+)` (H0: :math:`\Delta \ge \delta`) y el valor p es el mayor de los
    dos. Se rechaza la no equivalencia si y solo si el intervalo
    :math:`\bar d \pm t_{1-\alpha,\,gl}\,se` (confianza :math:`1 - 2\alpha`) cae dentro de
    :math:`(-\delta, \delta)`. Con ``corrected=False`` el error estándar es
    :math:`\sqrt{\hat\sigma^2_d / n}` y el resultado coincide con
    ``statsmodels.stats.weightstats.ttost_paired`` (que no es válido con validación
    cruzada: ver el cuaderno 04).

    Ninguna biblioteca ofrece la TOST con la varianza corregida, por eso se escribe a
    mano; la t de cada lado es la de :func:`course_utils.corrected_resampled_ttest`
    desplazada por el margen.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (n,) o (r, k)
        Puntuaciones de A y B en las mismas particiones.
    margin : float
        Margen δ > 0, fijado antes de ver los datos.
    test_train_ratio : float o None
        :math:`n_2/n_1` (``1/(k-1)`` en validación cruzada de k particiones). Con
        ``corrected=False`` debe ser ``None`` (la prueba sin corregir no lo usa; un cociente
        dado se rechaza con un ``ValueError``).
    corrected : bool, por defecto True
        ``False``: prueba t pareada sin corregir (solo para comparar).
    test : {"equivalence", "noninferiority"}, por defecto "equivalence"
    higher_is_better : bool, por defecto True
        ``False`` con tasas de error: se usa :math:`\Delta = b - a` para que un valor
        positivo siga significando «A es mejor».
    alpha : float, por defecto 0.05
        Nivel de significación de cada prueba unilateral.

    Devuelve
    --------
    EquivalenceResult

    Lanza
    -----
    ValueError
        Formas distintas, NaN o infinitos, menos de 2 pares, margen o ``test_train_ratio``
        no positivos, o todas las diferencias iguales (varianza 0).
    TypeError
        Argumentos del tipo equivocado.

    Referencias
    -----------
    Schuirmann, D. J. (1987). A comparison of the two one-sided tests procedure and the
    power approach for assessing the equivalence of average bioavailability. *Journal of
    Pharmacokinetics and Biopharmaceutics*, 15(6), 657-680.
    Nadeau, C. y Bengio, Y. (2003). Inference for the generalization error. *Machine
    Learning*, 52, 239-281.
    Wellek, S. (2010). *Testing Statistical Hypotheses of Equivalence and Noninferiority*
    (2.ª ed.). Chapman & Hall/CRC.

    Ejemplos
    --------
    >>> a = [0.81, 0.84, 0.79, 0.83, 0.80, 0.85]
    >>> b = [0.80, 0.81, 0.80, 0.80, 0.78, 0.82]
    >>> res = cv_equivalence_test(a, b, margin=0.05, test_train_ratio=1 / 2)
    >>> round(res.estimate, 4), round(res.pvalue, 4), res.rejected
    (0.0183, 0.03, True)
    """
    a, b = check_paired_scores(scores_a, scores_b)
    margin = _check_margin(margin)
    corrected = check_bool(corrected, "corrected")
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    test = check_choice(test, "test", _TESTS)
    alpha = check_alpha(alpha)
    if test == "equivalence" and alpha >= 0.5:
        raise ValueError(
            "`alpha` debe ser menor que 0.5 en la prueba de equivalencia (el intervalo "
            f"equivalente tiene confianza 1 - 2·alpha); se recibió {alpha!r}."
        )
    ratio = check_test_train_ratio(test_train_ratio, required=corrected)
    # Puntuaciones enormes o diminutas se dividen por una potencia de 2 (exacto; con
    # puntuaciones normales la escala es 1): las t no cambian si el margen se escala igual.
    a, b, unit = _rescaled(a, b)
    d = ((a - b) if higher_is_better else (b - a)).ravel()
    n = d.size
    if n < 2:
        raise ValueError(
            "Se necesitan al menos 2 pares de puntuaciones en `scores_a` y `scores_b`; "
            f"se recibieron {n}."
        )
    var = float(np.var(d, ddof=1))
    if _is_constant(d, a, b):
        raise ValueError(
            "Todas las diferencias `scores_a - scores_b` son iguales (varianza 0): el "
            "estadístico t no está definido. Compruebe que no compara un modelo consigo mismo."
        )
    mean = float(np.mean(d))
    se = math.sqrt(((1.0 / n + ratio) if corrected else 1.0 / n) * var)
    df = float(n - 1)
    dist = stats.t(df)
    t_low = (mean + margin / unit) / se
    p_low = float(dist.sf(t_low))
    if test == "equivalence":
        t_up: float | None = (mean - margin / unit) / se
        p_up: float | None = float(dist.cdf(t_up))
        pvalue = max(p_low, p_up)
        crit = float(dist.ppf(1 - alpha))
        ci_low, ci_high = mean - crit * se, mean + crit * se
    else:
        t_up = p_up = None
        pvalue = p_low
        ci_low, ci_high = mean - float(dist.ppf(1 - alpha)) * se, math.inf
    if unit != 1.0:
        mean = _unscale(mean, unit, "la diferencia media `scores_a - scores_b`")
        se = _unscale(se, unit, "el error estándar")
        ci_low = _unscale(ci_low, unit, "el intervalo de confianza")
        if not math.isinf(ci_high):
            ci_high = _unscale(ci_high, unit, "el intervalo de confianza")
    method, note = _cv_method_and_note(test, corrected, higher_is_better)
    return EquivalenceResult(
        test=test, margin=margin, estimate=mean, se=se,
        statistic_lower=float(t_low), pvalue_lower=min(1.0, p_low),
        statistic_upper=None if t_up is None else float(t_up),
        pvalue_upper=None if p_up is None else min(1.0, p_up),
        pvalue=float(min(1.0, pvalue)), df=df,
        ci_low=float(ci_low), ci_high=float(ci_high), alpha=alpha,
        rejected=bool(pvalue < alpha), method=method, note=note,
    )


def _tango_statistic(b: int, c: int, n: int, delta0: float) -> tuple[float, float]:
    r"""Estadístico *score* de Tango (1998) para H0: :math:`p_b - p_c = \delta_0`.

    :math:`p_c` restringido es la raíz positiva de
    :math:`2n\,x^2 + [-(b + c) + \delta_0(2n - b + c)]\,x - c\,\delta_0(1 - \delta_0) = 0`
    (máxima verosimilitud multinomial con la restricción), y
    :math:`z = (b - c - n\delta_0) / \sqrt{n\,[2\tilde p_c + \delta_0(1 - \delta_0)]}`.
    Devuelve ``(z, se)`` con ``se`` el error estándar de :math:`(b - c)/n` bajo H0.
    """
    qa = 2.0 * n
    qb = -(b + c) + delta0 * (2.0 * n - b + c)
    qc = -c * delta0 * (1.0 - delta0)
    disc = max(qb * qb - 4.0 * qa * qc, 0.0)
    pc = (-qb + math.sqrt(disc)) / (2.0 * qa)
    var = (2.0 * pc + delta0 * (1.0 - delta0)) / n
    if var <= 0.0:
        # Solo si b = c = 0 y delta0 = 0: no hay información, la diferencia observada es el nulo.
        return 0.0, 0.0
    se = math.sqrt(var)
    return ((b - c) / n - delta0) / se, se


def _tango_bound(b: int, c: int, n: int, z: float, side: str) -> float:
    """Extremo del intervalo *score* de Tango: el δ0 en el que el estadístico vale ±z."""
    from scipy.optimize import brentq

    est = (b - c) / n
    if side == "low":
        f = lambda d0: _tango_statistic(b, c, n, d0)[0] - z  # noqa: E731
        lo, hi = -1.0 + 1e-12, est
        if f(lo) <= 0:
            return -1.0
    else:
        f = lambda d0: _tango_statistic(b, c, n, d0)[0] + z  # noqa: E731
        lo, hi = est, 1.0 - 1e-12
        if f(hi) >= 0:
            return 1.0
    if f(lo) * f(hi) > 0:  # la raíz coincide con la estimación (z = 0)
        return est
    return float(brentq(f, lo, hi, xtol=1e-12))


def mcnemar_equivalence_test(
    table: object,
    *,
    margin: float,
    test: str = "equivalence",
    alpha: float = 0.05,
) -> EquivalenceResult:
    r"""Equivalencia (TOST) o no inferioridad de dos exactitudes pareadas (tabla de McNemar).

    Con la tabla de :func:`course_utils.mcnemar_table` (:math:`b` = A acierta y B falla,
    :math:`c` = A falla y B acierta, :math:`n` casos), la diferencia de exactitudes es
    :math:`\hat\Delta = (b - c)/n`. Para cada margen se usa la prueba *score* de Tango
    (1998), que estima la varianza **bajo la hipótesis nula** (máxima verosimilitud
    restringida a :math:`\Delta = \delta_0`):

    .. math::

        z(\delta_0) = \frac{b - c - n\delta_0}{\sqrt{n\,[2\tilde p_c + \delta_0(1 - \delta_0)]}},

    con :math:`\tilde p_c` la raíz positiva de
    :math:`2n\,x^2 + [-(b + c) + \delta_0(2n - b + c)]\,x - c\,\delta_0(1 - \delta_0) = 0`.
    Con :math:`\delta_0 = 0` se reduce a la prueba de McNemar sin corrección,
    :math:`z^2 = (b - c)^2/(b + c)`. No inferioridad: valor p
    :math:`P(Z \ge z(-\delta))`; equivalencia (TOST): además :math:`P(Z \le z(+\delta))`
    y el valor p es el mayor de los dos. Liu et al. (2002) estudian estas pruebas y
    muestran que la de Tango mantiene bien el nivel nominal. El intervalo
    (:math:`1 - 2\alpha` en equivalencia, cota unilateral al :math:`1 - \alpha` en no
    inferioridad) es el de Tango: los :math:`\delta_0` que la prueba no rechaza.

    statsmodels no incluye esta prueba para datos pareados (solo
    ``tost_proportions_2indep``, para muestras independientes), por eso se escribe a mano.

    Parámetros
    ----------
    table : array_like de forma (2, 2)
        Tabla de aciertos: filas = A acierta / falla, columnas = B acierta / falla.
    margin : float
        Margen δ > 0 en exactitud (0.01 = un punto), fijado antes de ver los datos.
    test : {"equivalence", "noninferiority"}, por defecto "equivalence"
    alpha : float, por defecto 0.05

    Devuelve
    --------
    EquivalenceResult
        ``df = None`` (normal estándar); ``se`` es el error estándar bajo H0 del lado
        inferior.

    Lanza
    -----
    ValueError
        Tabla que no es 2×2, con conteos negativos o no enteros, vacía, o margen ≥ 1.
    TypeError
        Argumentos del tipo equivocado.

    Referencias
    -----------
    Tango, T. (1998). Equivalence test and confidence interval for the difference in
    proportions for the paired-sample design. *Statistics in Medicine*, 17(8), 891-908.
    Liu, J.-P., Hsueh, H.-M., Hsieh, E. y Chen, J. J. (2002). Tests for equivalence or
    non-inferiority for paired binary data. *Statistics in Medicine*, 21(2), 231-245.
    Schuirmann, D. J. (1987). A comparison of the two one-sided tests procedure and the
    power approach for assessing the equivalence of average bioavailability. *Journal of
    Pharmacokinetics and Biopharmaceutics*, 15(6), 657-680.

    Ejemplos
    --------
    >>> res = mcnemar_equivalence_test([[800, 30], [25, 145]], margin=0.03)
    >>> round(res.estimate, 4), round(res.pvalue, 4), res.rejected
    (0.005, 0.001, True)
    """
    t = check_mcnemar_table(table)
    margin = _check_margin(margin)
    if margin >= 1:
        raise ValueError(
            "`margin` debe ser menor que 1 (es una diferencia de exactitudes); "
            f"se recibió {margin!r}."
        )
    test = check_choice(test, "test", _TESTS)
    alpha = check_alpha(alpha)
    if test == "equivalence" and alpha >= 0.5:
        raise ValueError(
            "`alpha` debe ser menor que 0.5 en la prueba de equivalencia (el intervalo "
            f"equivalente tiene confianza 1 - 2·alpha); se recibió {alpha!r}."
        )
    b, c, n = int(t[0, 1]), int(t[1, 0]), int(t.sum())
    z_low, se_low = _tango_statistic(b, c, n, -margin)
    p_low = float(stats.norm.sf(z_low))
    crit = float(stats.norm.ppf(1 - alpha))
    ci_low = _tango_bound(b, c, n, crit, "low")
    if test == "equivalence":
        z_up, _ = _tango_statistic(b, c, n, margin)
        p_up: float | None = float(stats.norm.cdf(z_up))
        pvalue = max(p_low, p_up)
        ci_high = _tango_bound(b, c, n, crit, "high")
        name = "Prueba de equivalencia TOST"
    else:
        z_up, p_up = None, None
        pvalue = p_low
        ci_high = 1.0
        name = "Prueba de no inferioridad"
    note = "" if b + c > 0 else "los modelos nunca discrepan (b = c = 0)."
    return EquivalenceResult(
        test=test, margin=margin, estimate=(b - c) / n, se=se_low,
        statistic_lower=float(z_low), pvalue_lower=p_low,
        statistic_upper=None if z_up is None else float(z_up), pvalue_upper=p_up,
        pvalue=float(pvalue), df=None, ci_low=float(ci_low), ci_high=float(ci_high),
        alpha=alpha, rejected=bool(pvalue < alpha),
        method=f"{name} para exactitudes pareadas (score de Tango, 1998)", note=note,
    )
