"""Gráficas del curso: pruebas t, distribuciones bootstrap e intervalos de confianza.

Cada función dibuja sobre ``ax`` (o sobre los ejes actuales si ``ax=None``),
devuelve los ``Axes`` y no muestra ni guarda nada. Etiquetas en español.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
from scipy import stats

from course_utils._validation import check_alpha, check_choice, check_finite_array, describe
from course_utils.measure.intervals import method_label

__all__ = ["plot_t_test", "plot_bootstrap", "plot_intervals"]

_REJECT_COLOR = "tab:red"
_NULL_COLOR = "tab:blue"
_OBS_COLOR = "black"


def _check_ax(ax: object) -> None:
    """``ax`` debe ser unos ejes de matplotlib o ``None``."""
    if ax is not None and not isinstance(ax, plt.Axes):
        raise TypeError(f"`ax` debe ser un matplotlib.axes.Axes o None; se recibió {describe(ax)}.")


def _get_ax(ax: object):
    _check_ax(ax)
    return plt.gca() if ax is None else ax


def _plot_alpha(alpha: object) -> float:
    """``alpha`` en (0, 1) y no tan pequeño que el valor crítico sea infinito."""
    alpha = check_alpha(alpha)
    if alpha < 1e-12:
        raise ValueError(
            f"`alpha` debe ser al menos 1e-12 para dibujar la región de rechazo (su valor "
            f"crítico sería infinito); se recibió {alpha!r}."
        )
    return alpha


def _require(result: object, name: str, fields: Sequence[str]) -> None:
    missing = [f for f in fields if not hasattr(result, f)]
    if missing:
        raise TypeError(
            f"`{name}` debe ser un resultado con los campos {', '.join(fields)}; "
            f"a {describe(result)} le faltan {', '.join(missing)}."
        )


def plot_t_test(result: object, *, alpha: float | None = None, ax: object = None):
    """Densidad nula de la prueba, regiones de rechazo y estadístico observado.

    Dibuja la densidad de la distribución de referencia bajo H0 (t de Student con
    ``result.df`` grados de libertad, o normal estándar si ``result.distribution``
    es ``"normal"``), sombrea la región de rechazo (las dos colas si
    ``result.alternative`` es ``"two-sided"``; la cola derecha si es ``"greater"``;
    la izquierda si es ``"less"``) y marca el estadístico observado.

    Si el estadístico cae tan lejos que la densidad dejaría de verse (|t| > 8), el
    eje x no se estira: el estadístico se indica con una flecha en el borde y su
    valor en el texto.

    También dibuja pruebas de cola superior con distribución F (``result.df`` =
    ``(gl1, gl2)``, como la F combinada 5×2cv) o χ² (``result.df`` = gl, como
    McNemar asintótica): se rechaza H0 para valores grandes del estadístico.

    Parámetros
    ----------
    result : TestResult
        Con ``statistic``, ``df``, ``alternative``, ``confidence`` y ``distribution``
        (``"t"``, ``"normal"``, ``"f"`` o ``"chi2"``).
    alpha : float o None
        Nivel de significación de las regiones de rechazo; por defecto
        ``1 - result.confidence``.
    ax : matplotlib.axes.Axes o None

    Devuelve
    --------
    matplotlib.axes.Axes

    Lanza
    -----
    TypeError, ValueError
        Si ``result`` no tiene los campos necesarios o su distribución no es t, normal,
        F ni χ².
    """
    _require(result, "result", ("statistic", "df", "alternative", "confidence", "distribution"))
    if result.distribution in ("f", "chi2"):
        return _plot_upper_tail(result, alpha=alpha, ax=ax)
    if result.distribution == "t":
        df = result.df
        if isinstance(df, bool) or not isinstance(df, numbers.Real) or not df > 0:
            raise ValueError(f"`result.df` debe ser un número positivo para una prueba t; se recibió {df!r}.")
        dist = stats.t(float(df))
        symbol, name = "t", f"t de Student ({float(df):g} gl)"
    elif result.distribution == "normal":
        dist = stats.norm()
        symbol, name = "z", "normal estándar"
    else:
        raise ValueError(
            "`result.distribution` debe ser 't', 'normal', 'f' o 'chi2' para esta gráfica; "
            f"se recibió {result.distribution!r}."
        )
    alpha = _plot_alpha(1 - result.confidence if alpha is None else alpha)
    alternative = result.alternative
    if alternative not in ("two-sided", "greater", "less"):
        raise ValueError(
            "`result.alternative` debe ser 'two-sided', 'greater' o 'less'; "
            f"se recibió {alternative!r}."
        )
    stat = float(result.statistic)
    if not math.isfinite(stat):
        raise ValueError(f"`result.statistic` debe ser finito; se recibió {stat!r}.")
    ax = _get_ax(ax)

    crit = dist.ppf(1 - alpha / 2) if alternative == "two-sided" else dist.ppf(1 - alpha)
    base = max(4.0, 1.3 * crit)
    off_scale = abs(stat) > max(8.0, base)
    lim = base if off_scale else max(base, 1.15 * abs(stat))
    x = np.linspace(-lim, lim, 801)
    y = dist.pdf(x)
    ax.plot(x, y, color=_NULL_COLOR, lw=2, label=f"Densidad bajo H0: {name}")

    tails = []
    if alternative in ("two-sided", "less"):
        tails.append(x <= -crit)
    if alternative in ("two-sided", "greater"):
        tails.append(x >= crit)
    for i, mask in enumerate(tails):
        ax.fill_between(
            x[mask], y[mask], color=_REJECT_COLOR, alpha=0.35,
            label=f"Región de rechazo (α = {alpha:.4g})" if i == 0 else None,
        )
    ymax = float(dist.pdf(0.0))
    text = f"{symbol} observado = {stat:.4f}"
    if off_scale:
        edge = -lim if stat < 0 else lim
        xytext = (edge * 0.95, ymax * 0.7)
        ax.annotate(
            f"{text}\n(fuera de escala)", xy=(edge, 0.0), xytext=xytext,
            ha="left" if stat < 0 else "right", va="bottom",
            arrowprops={"arrowstyle": "->", "color": _OBS_COLOR, "lw": 1.5},
        )
        ax.plot([edge], [0.0], marker="<" if stat < 0 else ">", color=_OBS_COLOR, ms=10,
                clip_on=False, label=text, linestyle="none")
    else:
        ax.axvline(stat, color=_OBS_COLOR, lw=1.5, ls="--", label=text)
        # el texto encima de la campana (hay margen en el eje y), sin salirse por los lados
        ha = "center" if abs(stat) < 0.6 * lim else ("right" if stat > 0 else "left")
        ax.annotate(text, xy=(stat, ymax * 1.04), ha=ha, va="bottom",
                    bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "none"})
    ax.set_xlim(-lim, lim)
    ax.set_ylim(0, ymax * 1.2)
    ax.set_xlabel(f"Valor del estadístico {symbol}")
    ax.set_ylabel("Densidad")
    ax.set_title(f"Distribución de {symbol} bajo H0 y estadístico observado")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=2, fontsize="small", frameon=False)
    return ax


def _plot_upper_tail(result: object, *, alpha: float | None, ax: object):
    """Densidad F o χ² bajo H0 con la región de rechazo de cola superior."""
    df = result.df
    if result.distribution == "f":
        ok = isinstance(df, tuple) and len(df) == 2 and all(
            isinstance(v, numbers.Real) and not isinstance(v, bool) and v > 0 for v in df
        )
        if not ok:
            raise ValueError(f"`result.df` debe ser un par (gl1, gl2) positivo para una prueba F; se recibió {df!r}.")
        dist = stats.f(float(df[0]), float(df[1]))
        symbol, name = "F", f"F de Fisher-Snedecor ({float(df[0]):g}, {float(df[1]):g} gl)"
    else:
        if isinstance(df, bool) or not isinstance(df, numbers.Real) or not df > 0:
            raise ValueError(f"`result.df` debe ser un número positivo para una prueba χ²; se recibió {df!r}.")
        dist = stats.chi2(float(df))
        symbol, name = "χ²", f"χ² ({float(df):g} gl)"
    alpha = _plot_alpha(1 - result.confidence if alpha is None else alpha)
    stat = float(result.statistic)
    if not math.isfinite(stat) or stat < 0:
        raise ValueError(f"`result.statistic` debe ser finito y no negativo; se recibió {stat!r}.")
    ax = _get_ax(ax)
    crit = float(dist.ppf(1 - alpha))
    base = max(float(dist.ppf(0.995)), 1.3 * crit)
    off_scale = stat > 2 * base
    lim = base if off_scale else max(base, 1.15 * stat)
    x = np.linspace(0.0, lim, 801)[1:]
    y = dist.pdf(x)
    # con χ²(1) la densidad tiende a infinito en 0: la escala vertical se fija sin ese pico
    ymax = float(np.max(y[x >= dist.ppf(0.2)]))
    ax.plot(x, y, color=_NULL_COLOR, lw=2, label=f"Densidad bajo H0: {name}")
    mask = x >= crit
    ax.fill_between(x[mask], y[mask], color=_REJECT_COLOR, alpha=0.35,
                    label=f"Región de rechazo (α = {alpha:.4g}, {symbol} > {crit:.4f})")
    text = f"{symbol} observado = {stat:.4f}"
    if off_scale:
        ax.annotate(f"{text}\n(fuera de escala)", xy=(lim, 0.0), xytext=(lim * 0.95, ymax * 0.7),
                    ha="right", va="bottom",
                    arrowprops={"arrowstyle": "->", "color": _OBS_COLOR, "lw": 1.5})
        ax.plot([lim], [0.0], marker=">", color=_OBS_COLOR, ms=10, clip_on=False, label=text,
                linestyle="none")
    else:
        ax.axvline(stat, color=_OBS_COLOR, lw=1.5, ls="--", label=text)
        ha = "left" if stat < 0.6 * lim else "right"
        ax.annotate(text, xy=(stat, ymax * 1.04), ha=ha, va="bottom",
                    bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "none"})
    ax.set_xlim(0, lim)
    ax.set_ylim(0, ymax * 1.2)
    ax.set_xlabel(f"Valor del estadístico {symbol}")
    ax.set_ylabel("Densidad")
    ax.set_title(f"Distribución de {symbol} bajo H0 y estadístico observado")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=2, fontsize="small", frameon=False)
    return ax


_BIN_RULES = ("auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt")


def _check_bins(bins: object) -> object:
    """``bins`` como en ``numpy.histogram``, validado antes de dibujar (mensajes en español)."""
    if isinstance(bins, str):
        return check_choice(bins, "bins", _BIN_RULES)
    if isinstance(bins, numbers.Integral) and not isinstance(bins, bool):
        if not 1 <= int(bins) <= 10_000:
            raise ValueError(
                f"`bins` debe ser un número de barras entre 1 y 10000 (o 'auto'); se recibió {bins}."
            )
        return int(bins)
    if isinstance(bins, (bool, numbers.Number)) or not isinstance(bins, (Sequence, np.ndarray)):
        raise TypeError(
            "`bins` debe ser un entero (número de barras), un nombre de regla como 'auto' o una "
            f"lista creciente de bordes; se recibió {describe(bins)}."
        )
    edges = check_finite_array(bins, "bins", min_size=2)
    if np.any(np.diff(edges) <= 0):
        raise ValueError(f"`bins` debe ser una lista estrictamente creciente de bordes; se recibió {edges.tolist()}.")
    return edges


def plot_bootstrap(result: object, *, bins: int | str = "auto", ax: object = None):
    """Histograma de las réplicas bootstrap con la estimación y el intervalo.

    Parámetros
    ----------
    result : BootstrapResult o PairedBootstrapResult
        Cualquier objeto con ``estimate``, ``low``, ``high``, ``distribution``
        (las réplicas), ``method`` y ``confidence``.
    bins : int, str o secuencia, por defecto "auto"
        Como en ``numpy.histogram``. Con ``"auto"``, si las réplicas toman valores
        discretos equiespaciados (por ejemplo exactitudes k/n), una barra por valor.
    ax : matplotlib.axes.Axes o None

    Devuelve
    --------
    matplotlib.axes.Axes

    Lanza
    -----
    TypeError, ValueError
        Si ``result`` no tiene los campos necesarios o no son finitos, o ``bins`` no es
        un entero entre 1 y 10000, una regla de ``numpy.histogram`` ni una lista
        creciente de bordes.
    """
    _require(result, "result", ("estimate", "low", "high", "distribution", "method", "confidence"))
    bins = _check_bins(bins)
    reps = check_finite_array(result.distribution, "result.distribution")
    estimate, low, high = (float(result.estimate), float(result.low), float(result.high))
    if not all(math.isfinite(v) for v in (estimate, low, high)):
        raise ValueError("`result.estimate`, `result.low` y `result.high` deben ser finitos.")
    ax = _get_ax(ax)
    conf = f"{100 * float(result.confidence):.4g} %"
    if isinstance(bins, str) and bins == "auto":
        # Medidas como la exactitud toman valores discretos (k/n): una barra por valor
        # evita los huecos y dientes de sierra de los cortes automáticos.
        values = np.unique(reps)
        if 1 < values.size <= 200:
            step = float(np.min(np.diff(values)))
            n_bins = int(round((values[-1] - values[0]) / step)) + 1
            grid = values[0] + step * np.arange(n_bins)
            if n_bins <= 200 and np.allclose(grid[np.round((values - values[0]) / step).astype(int)], values,
                                             rtol=0, atol=1e-9 * max(1.0, abs(values[-1]))):
                bins = values[0] + step * (np.arange(n_bins + 1) - 0.5)
    ax.hist(reps, bins=bins, color="tab:gray", alpha=0.6, edgecolor="white",
            label=f"Réplicas bootstrap (B = {reps.size})")
    ax.axvspan(low, high, color="tab:orange", alpha=0.2,
               label=f"IC {conf} ({method_label(result.method)}): [{low:.4f}, {high:.4f}]")
    ax.axvline(low, color="tab:orange", lw=1.5)
    ax.axvline(high, color="tab:orange", lw=1.5)
    ax.axvline(estimate, color=_OBS_COLOR, lw=2, ls="--", label=f"Estimación = {estimate:.4f}")
    ax.set_xlabel("Valor de la medida en cada réplica")
    ax.set_ylabel("Frecuencia")
    ax.set_title("Distribución bootstrap")
    ax.legend(loc="upper right", fontsize="small")
    return ax


def _bounds(item: object, i: int) -> tuple[float, float, float]:
    if hasattr(item, "ci_low") and hasattr(item, "estimate"):
        est, low, high = item.estimate, item.ci_low, item.ci_high
    elif all(hasattr(item, f) for f in ("estimate", "low", "high")):
        est, low, high = item.estimate, item.low, item.high
    elif isinstance(item, (tuple, list, np.ndarray)) and len(item) == 3:
        est, low, high = item
    else:
        raise TypeError(
            f"`intervals[{i}]` debe tener `estimate`, `low` y `high` (o `ci_low` y `ci_high`), "
            f"o ser una terna (estimación, inferior, superior); se recibió {describe(item)}."
        )
    if low is None or high is None:
        raise ValueError(
            f"`intervals[{i}]` no tiene intervalo de confianza (por ejemplo, la prueba F "
            "combinada 5×2cv no define ninguno)."
        )
    try:
        est, low, high = float(est), float(low), float(high)
    except (TypeError, ValueError):
        raise TypeError(f"`intervals[{i}]` debe contener números; se recibió {describe(item)}.") from None
    if not math.isfinite(est) or math.isnan(low) or math.isnan(high) or low > high:
        raise ValueError(
            f"`intervals[{i}]` no es un intervalo válido: estimación {est!r}, "
            f"extremos [{low!r}, {high!r}]."
        )
    return est, low, high


def plot_intervals(
    intervals: Sequence[object],
    labels: Sequence[str] | None = None,
    *,
    reference: float | None = None,
    ax: object = None,
):
    """Varios intervalos de confianza como barras de error horizontales.

    Parámetros
    ----------
    intervals : secuencia
        Objetos con ``estimate``, ``low``, ``high`` (``IntervalResult``,
        ``BootstrapResult``...), ``TestResult`` (``estimate``, ``ci_low``, ``ci_high``)
        o ternas ``(estimación, inferior, superior)``. Un extremo infinito (prueba
        unilateral) se dibuja hasta el borde con una punta de flecha.
    labels : secuencia de str o None
        Una etiqueta por intervalo (por defecto, su ``method`` o «Intervalo i»).
    reference : float o None
        Si se da, una línea vertical de referencia (por ejemplo 0: «sin diferencia»).
    ax : matplotlib.axes.Axes o None

    Devuelve
    --------
    matplotlib.axes.Axes
    """
    if isinstance(intervals, (str, bytes)) or not isinstance(intervals, Sequence):
        raise TypeError(
            f"`intervals` debe ser una lista de intervalos; se recibió {describe(intervals)}."
        )
    if len(intervals) == 0:
        raise ValueError("`intervals` no puede estar vacía.")
    rows = [_bounds(item, i) for i, item in enumerate(intervals)]
    if labels is None:
        labels = [str(getattr(item, "method", f"Intervalo {i + 1}")) for i, item in enumerate(intervals)]
    else:
        if isinstance(labels, (str, bytes)) or not isinstance(labels, Sequence):
            raise TypeError(f"`labels` debe ser una lista de textos; se recibió {describe(labels)}.")
        if len(labels) != len(rows):
            raise ValueError(
                f"`labels` debe tener una etiqueta por intervalo: `intervals` tiene {len(rows)} "
                f"y `labels` {len(labels)}."
            )
        labels = [str(lab) for lab in labels]
    if reference is not None:
        if isinstance(reference, bool) or not isinstance(reference, numbers.Real) or not math.isfinite(reference):
            raise TypeError(f"`reference` debe ser un número finito o None; se recibió {describe(reference)}.")
    ax = _get_ax(ax)

    finite = [v for row in rows for v in row if math.isfinite(v)]
    if reference is not None:
        finite.append(float(reference))
    lo, hi = min(finite), max(finite)
    pad = 0.1 * (hi - lo) if hi > lo else 0.1 * max(abs(hi), 1.0)
    left, right = lo - pad, hi + pad
    ys = np.arange(len(rows))[::-1]
    for y, (est, low, high) in zip(ys, rows):
        lo_draw = left if math.isinf(low) else low
        hi_draw = right if math.isinf(high) else high
        ax.errorbar(
            est, y, xerr=[[est - lo_draw], [hi_draw - est]], fmt="o", color="tab:blue",
            ecolor="tab:blue", capsize=4, lw=2,
        )
        if math.isinf(low):
            ax.plot([left], [y], marker="<", color="tab:blue", ms=8, linestyle="none", clip_on=False)
        if math.isinf(high):
            ax.plot([right], [y], marker=">", color="tab:blue", ms=8, linestyle="none", clip_on=False)
    if reference is not None:
        ax.axvline(float(reference), color="tab:red", ls="--", lw=1.5, label=f"Referencia = {reference:g}")
        ax.legend(loc="best", fontsize="small")
    ax.set_yticks(ys)
    ax.set_yticklabels(labels)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlim(left, right)
    ax.set_xlabel("Estimación e intervalo de confianza")
    ax.set_title("Intervalos de confianza")
    return ax
