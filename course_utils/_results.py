"""Resultado común de las pruebas (:class:`TestResult`) y nombres en español de los métodos.

Lo comparten :mod:`course_utils.two_models.comparison`, :mod:`course_utils.two_models.mcnemar` y
:mod:`course_utils.two_models.two_proportions` (y los módulos que devuelven un ``TestResult``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["TestResult", "METHOD_LABELS", "method_label"]

#: Nombre en español de cada método de intervalo, para los resúmenes y las gráficas.
METHOD_LABELS: dict[str, str] = {
    "wald": "de Wald",
    "wilson": "de Wilson",
    "agresti-coull": "de Agresti-Coull",
    "clopper-pearson": "de Clopper-Pearson",
    "jeffreys": "de Jeffreys",
    "percentile": "percentil",
    "basic": "básico",
    "normal": "normal",
    "bca": "BCa",
}


def method_label(method: str) -> str:
    """Nombre en español de un método de intervalo (el propio texto si no es conocido)."""
    return METHOD_LABELS.get(method, method)


def _percent(confidence: float) -> str:
    return f"{100 * confidence:.10g}"

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
_STAT_SYMBOL = {"t": "t", "f": "F", "chi2": "χ²", "binomial": "mín(b, c)", "normal": "z"}


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
        prueba exacta de McNemar, ``min(b, c)`` como en statsmodels, con :math:`b` y
        :math:`c` los discordantes: A acierta y B falla, y al revés).
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

