"""Diagrama de diferencias críticas (Demšar, 2006) para comparar varios algoritmos.

El diagrama pone a cada algoritmo en un eje de rangos medios que va de 1 a k, con el
mejor (rango 1) a la derecha, como en las figuras de Demšar (2006), escribe su nombre a
un lado y une con barras gruesas los grupos de algoritmos que no difieren
significativamente. Con Nemenyi y Bonferroni-Dunn dibuja además la diferencia crítica
(CD) a escala sobre el eje. El título nombra la prueba y su nivel de significación.
Sirve con cualquier :class:`course_utils.many_models.multiple.PostHocResult` (Nemenyi; Holm,
Bonferroni-Dunn y los demás ajustes frente a un control; Bonferroni, Holm, Shaffer o
Bergmann-Hommel en todas las parejas; Wilcoxon por parejas, de
:func:`course_utils.many_models.paired_posthoc.wilcoxon_pairwise_test`, sin CD: las barras salen de
las
pruebas de cada pareja y los rangos medios solo colocan a cada algoritmo). Con los rangos
alineados (``ranking="aligned"``) el eje va en rangos alineados medios, que llegan hasta :math:`Nk`.

La composición se hace en pulgadas: cada nombre ocupa su propia fila y los márgenes se
miden con el tamaño real del texto, así que las etiquetas no se solapan.
"""

from __future__ import annotations

import dataclasses
import math

import matplotlib.pyplot as plt
import numpy as np

from course_utils._validation import check_alpha, describe
from course_utils.many_models.multiple import PostHocResult, critical_difference
from course_utils.measure.plots import _check_ax
from course_utils.many_models.posthoc import _PAIRWISE_NAMES, _bonferroni_dunn_cd

__all__ = ["plot_critical_difference"]

_ROW = 0.34  # alto de cada fila de nombres, en pulgadas
_BAR = 0.2  # separación entre barras de grupo, en pulgadas
_TITLE = 0.45  # alto reservado para el título, en pulgadas


def _fmt_alpha(alpha: float) -> str:
    """α con dos decimales al menos (0.05, 0.10), como en la prosa del curso."""
    return f"{alpha:.2f}" if round(alpha, 2) == alpha else f"{alpha:g}"


def _default_title(result: PostHocResult) -> str:
    """El nombre de la prueba que hay detrás de las barras, con su α."""
    a = _fmt_alpha(result.alpha)
    base = result.method.removesuffix("-aligned")
    ranks = ", rangos alineados" if result.ranking == "aligned" else ""
    if base == "nemenyi":
        return f"Nemenyi, todas las parejas (α = {a})"
    if base.startswith("wilcoxon-"):
        how = _PAIRWISE_NAMES.get(base[9:], base[9:].capitalize())
        vs = f" frente al control {result.control}" if result.control is not None else ""
        return f"Wilcoxon por parejas{vs} con ajuste de {how} (α = {a})"
    if base.startswith("pairwise-"):
        return f"Todas las parejas con ajuste de {_PAIRWISE_NAMES[base[9:]]}{ranks} (α = {a})"
    name = "Bonferroni-Dunn" if base == "bonferroni-dunn" else base.capitalize()
    return f"{name} frente al control {result.control}{ranks} (α = {a})"


def _rank_axis(values: np.ndarray, k: int, cd: float | None, aligned: bool) -> tuple:
    """Extremos del eje (lo, hi) y sus marcas (con número, sin número).

    Rangos de Friedman: de 1 a k, marcas cada medio rango y números en los enteros (como en
    Demšar); si la CD mide más de k - 1, hasta 1 + CD. Rangos alineados (de 1 a Nk): del
    múltiplo de un paso «redondo» (1, 2 o 5 por una potencia de 10) bajo el menor rango al
    que queda sobre el mayor (o sobre lo + CD), con unas 4 a 8 marcas numeradas.
    """
    if not aligned:
        lo, hi = 1.0, float(k)
        if cd is not None:
            hi = max(hi, float(math.ceil(lo + cd)))
        ticks = np.arange(lo, hi + 1e-9, 0.5)
        whole = np.array([float(t).is_integer() for t in ticks])
        return lo, hi, ticks[whole], ticks[~whole]
    span = max(float(values.max() - values.min()), cd or 0.0, 4.0)
    step = next(m * 10.0**e for e in range(0, 20) for m in (1, 2, 5) if span / (m * 10.0**e) <= 8)
    lo = max(1.0, math.floor(float(values.min()) / step) * step)
    hi = math.ceil(float(values.max()) / step) * step
    if cd is not None:
        hi = max(hi, math.ceil((lo + cd) / step) * step)
    hi = max(hi, lo + step)
    grid = np.arange(math.ceil(lo / step) * step, hi + 1e-9, step)
    major = np.unique(np.concatenate([[lo], grid]))
    minor = np.arange(math.ceil(2 * lo / step) * step / 2, hi + 1e-9, step / 2)
    minor = minor[~np.isin(minor, major)]
    return lo, float(hi), major, minor


def _with_alpha(result: PostHocResult, alpha: float) -> PostHocResult:
    """El mismo resultado con otro nivel de significación (los valores p no cambian)."""
    if alpha == result.alpha:
        return result
    comps = result.comparisons.copy()
    cd = result.critical_difference
    k, n = len(result.average_ranks), result.n_datasets
    if result.method == "nemenyi":
        cd = critical_difference(k, n, alpha, "nemenyi")
        comps["reject"] = comps["rank_difference"].abs() >= cd
    else:
        comps["reject"] = comps["pvalue_adjusted"] <= alpha
        if result.method.removesuffix("-aligned") == "bonferroni-dunn":
            cd = _bonferroni_dunn_cd(k, n, alpha, result.ranking)
    return dataclasses.replace(result, comparisons=comps, alpha=alpha, critical_difference=cd)



def _check_cd_arguments(result, ax, alpha, width, title):
    """Valida los argumentos de :func:`plot_critical_difference`; da el resultado y el título."""
    if not isinstance(result, PostHocResult):
        raise TypeError(
            "`result` debe ser el resultado de nemenyi_test, control_test o "
            f"wilcoxon_holm_test (un PostHocResult); se recibió {describe(result)}."
        )
    _check_ax(ax)
    if alpha is not None:
        result = _with_alpha(result, check_alpha(alpha))
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not width >= 6:
        raise ValueError(f"`width` debe ser un número de pulgadas ≥ 6; se recibió {describe(width)}.")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"`title` debe ser un texto o None; se recibió {describe(title)}.")
    if title is None:
        title = _default_title(result)
    return result, title


def _text_widths(ax, labels: list[str], weight: list[str], axis_name: str):
    """Anchos en pulgadas de cada etiqueta y del nombre del eje, medidos con el dibujante."""
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    widths = []
    for i in range(len(labels)):
        t = ax.text(0, 0, labels[i], fontweight=weight[i])
        bb = t.get_window_extent(renderer)
        widths.append(bb.width / fig.dpi)
        t.remove()
    t = ax.text(0, 0, axis_name, fontsize=12)
    axis_label = t.get_window_extent(renderer).width / fig.dpi
    t.remove()
    return widths, axis_label


def _draw_rank_axis(ax, x, y, W, title, y_axis, hi, lo, major, minor, axis_name) -> None:
    """El título y el eje de rangos con marcas enteras y medias."""
    if title:
        ax.text(W / 2, y(0.22), title, ha="center", va="center", fontsize=13)
    ax.plot([x(hi), x(lo)], [y(y_axis)] * 2, color="black", lw=1.5)
    for t in sorted([*major, *minor]):
        big = t in major
        tick = 0.1 if big else 0.05
        ax.plot([x(t)] * 2, [y(y_axis), y(y_axis - tick)], color="black", lw=1.2)
        if big:
            ax.text(x(t), y(y_axis - 0.14), f"{int(t)}", ha="center", va="bottom", fontsize=12)

    ax.text(x(hi) - 0.15, y(y_axis), axis_name, ha="right", va="center", fontsize=12,
            color="0.3")


def _draw_cd(ax, x, y, result, cd, y_cd, y_axis, lo, hi) -> None:
    """La diferencia crítica a escala (y, con Bonferroni-Dunn, su alcance desde el control)."""
    ax.plot([x(hi), x(hi - cd)], [y(y_cd)] * 2, color="tab:red", lw=2.5)
    for end in (hi, hi - cd):
        ax.plot([x(end)] * 2, [y(y_cd - 0.07), y(y_cd + 0.07)], color="tab:red", lw=2)
    ax.text(x(hi - cd) + 0.1, y(y_cd), f"CD = {cd:.2f} (α = {_fmt_alpha(result.alpha)})",
            ha="left", va="center", color="tab:red", fontsize=12)
    if result.method.removesuffix("-aligned") == "bonferroni-dunn" \
            and result.control is not None:
        rc = float(result.average_ranks[result.control])
        a, b = max(lo, rc - cd), min(hi, rc + cd)
        ax.plot([x(a), x(b)], [y(y_axis + 0.12)] * 2, color="tab:red", lw=1.5, alpha=0.7)


def _draw_groups(ax, x, y, result, groups, ranks, names, y_bars0) -> None:
    """Las barras de los grupos sin diferencias significativas."""
    color = ("tab:green" if result.method.startswith("wilcoxon-")
             else "black" if result.method == "nemenyi" else "tab:blue")
    for g, members in enumerate(groups):
        rs = [float(ranks[m]) for m in members]
        x0, x1 = x(max(rs)), x(min(rs))
        # La barra asoma un poco por cada lado, pero nunca hasta la línea de un algoritmo que
        # no es del grupo (con rangos casi iguales, parecería que también lo une)
        outside = [x(float(ranks[m])) for m in names if m not in members]
        gap_l = min((x0 - xo for xo in outside if xo < x0), default=np.inf)
        gap_r = min((xo - x1 for xo in outside if xo > x1), default=np.inf)
        yy = y(y_bars0 + g * _BAR)
        ax.plot([x0 - min(0.06, gap_l / 3), x1 + min(0.06, gap_r / 3)], [yy, yy], color=color,
                lw=4, solid_capstyle="butt")


def plot_critical_difference(
    result: object,
    *,
    alpha: float | None = None,
    ax: object = None,
    width: float = 8.0,
    title: str | None = None,
):
    """Diagrama de diferencias críticas: rangos medios, nombres y grupos sin diferencias.

    * Eje horizontal: rango medio de k (a la izquierda) a 1 (el mejor, a la derecha),
      girado como en Demšar (2006, §3.2.4): lo que queda a la derecha se lee como mejor.
      Si la CD mide más de k - 1 rangos (pocos conjuntos), el eje se alarga por la
      izquierda para dibujarla a escala. Con los rangos alineados (``ranking="aligned"``),
      el eje cubre sus rangos alineados medios (que llegan hasta Nk) con marcas redondas.
    * Cada algoritmo baja desde su rango hasta su nombre (la mitad mejor a la derecha,
      la peor a la izquierda), con su rango medio entre paréntesis.
    * Barras gruesas bajo el eje: grupos de algoritmos que **no** difieren
      significativamente (:meth:`PostHocResult.groups`). Con un control, una sola barra
      (el control y los que no difieren de él) y el nombre del control en negrita.
    * Con Nemenyi y Bonferroni-Dunn, la diferencia crítica dibujada a escala sobre el eje
      (en Bonferroni-Dunn, además, el intervalo ±CD alrededor del control).

    Parámetros
    ----------
    result : PostHocResult
        De :func:`nemenyi_test`, :func:`control_test`, :func:`pairwise_test` o
        :func:`wilcoxon_holm_test`.
    alpha : float o None
        Nivel de significación; por defecto el de ``result``. Cambiarlo recalcula la CD
        y los grupos (los valores p ajustados no dependen de ``alpha``).
    ax : matplotlib.axes.Axes o None
        Si se da, se dibuja en sus ejes (que se apagan) escalando la composición a su
        tamaño; si no, se crea una figura de ``width`` pulgadas con el alto necesario.
    width : float, por defecto 8
        Ancho de la figura nueva, en pulgadas (al menos 6).
    title : str o None
        Título sobre el diagrama. Por defecto nombra la prueba y su α (por ejemplo
        «Wilcoxon por parejas con ajuste de Holm (α = 0.05)»), porque las barras
        significan cosas distintas según la prueba; ``""`` no dibuja título.

    Devuelve
    --------
    matplotlib.axes.Axes

    Lanza
    -----
    TypeError
        Si ``result`` no es un :class:`PostHocResult` o ``title`` no es texto.

    Referencias
    -----------
    Demšar, J. (2006). *JMLR*, 7, 1-30, §3.2.4 y figuras 1 y 2.
    """
    result, title = _check_cd_arguments(result, ax, alpha, width, title)
    ranks = result.average_ranks.sort_values(kind="stable")
    names, values = list(ranks.index), ranks.to_numpy(float)
    k = len(names)
    groups = result.groups()
    cd = result.critical_difference
    n_right = math.ceil(k / 2)
    right = list(range(n_right))  # los mejores, de arriba abajo por rango creciente
    left = list(range(k - 1, n_right - 1, -1))  # los peores, el último arriba

    top = _TITLE if title else 0.0
    y_axis = top + (0.95 if cd is not None else 0.55)
    y_bars0 = y_axis + 0.28
    y_lab0 = y_bars0 + max(len(groups), 1) * _BAR + 0.22
    n_rows = max(len(left), len(right))
    height = y_lab0 + (n_rows - 1) * _ROW + 0.3

    if ax is None:
        fig = plt.figure(figsize=(float(width), height), layout="none")
        ax = fig.add_axes((0, 0, 1, 1))
        W, H, scale = float(width), height, 1.0
    else:
        fig = ax.figure
        bbox = ax.get_position()
        W = fig.get_figwidth() * bbox.width
        H = fig.get_figheight() * bbox.height
        scale = H / height
    ax.set_axis_off()
    ax.set_xlim(0, W)
    ax.set_ylim(H, 0)

    def y(v: float) -> float:
        return v * scale

    labels = [f"{names[i]} ({values[i]:.2f})" for i in range(k)]
    weight = ["bold" if names[i] == result.control else "normal" for i in range(k)]
    axis_name = "rango alineado medio" if result.ranking == "aligned" else "rango medio"
    widths, axis_label = _text_widths(ax, labels, weight, axis_name)
    margin_l = max(max((widths[i] for i in left), default=0.0), axis_label - 0.1) + 0.35
    margin_r = max(widths[i] for i in right) + 0.35
    # El eje va de 1 a k (como en Demšar) y, si la CD es mayor que k - 1, hasta 1 + CD (con
    # rangos alineados, de un múltiplo redondo a otro alrededor de los rangos)
    lo, hi, major, minor = _rank_axis(values, k, cd, result.ranking == "aligned")
    span = W - margin_l - margin_r

    def x(r: float) -> float:  # girado: rango hi a la izquierda, rango 1 a la derecha
        return margin_l + (hi - r) / (hi - lo) * span

    _draw_rank_axis(ax, x, y, W, title, y_axis, hi, lo, major, minor, axis_name)

    if cd is not None:  # diferencia crítica a escala
        _draw_cd(ax, x, y, result, cd, top + 0.3, y_axis, lo, hi)

    _draw_groups(ax, x, y, result, groups, ranks, names, y_bars0)

    # Nombres con sus líneas guía
    for row, i in enumerate(left):
        yy = y(y_lab0 + row * _ROW)
        ax.plot([x(values[i])] * 2 + [margin_l - 0.2], [y(y_axis), yy, yy], color="0.3", lw=1)
        ax.text(margin_l - 0.25, yy, labels[i], ha="right", va="center", fontweight=weight[i])
    for row, i in enumerate(right):
        yy = y(y_lab0 + row * _ROW)
        ax.plot([x(values[i])] * 2 + [W - margin_r + 0.2], [y(y_axis), yy, yy], color="0.3", lw=1)
        ax.text(W - margin_r + 0.25, yy, labels[i], ha="left", va="center", fontweight=weight[i])
    return ax
