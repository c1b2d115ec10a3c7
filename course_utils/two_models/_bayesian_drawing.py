"""Cómo se dibujan las comparaciones bayesianas: la densidad a posteriori de la prueba t
correlacionada y el triángulo (símplex) de las pruebas de varios conjuntos.

Solo dibuja: las funciones públicas (:func:`course_utils.plot_bayesian_ttest`,
:func:`course_utils.plot_bayesian_signed_rank`, :func:`course_utils.plot_posterior_simplex`)
validan sus argumentos y llaman a estas. Los colores son los mismos en todas: A en verde, la ROPE
en gris y B en morado.
"""

from __future__ import annotations

import math

import numpy as np

_COLOR_A = "tab:green"
_COLOR_EQ = "tab:gray"
_COLOR_B = "tab:purple"


def draw_t_posterior(ax, result):
    """La densidad a posteriori de ``A - B`` de un ``BayesianTTestResult``, sobre ``ax``."""
    post, (low, high) = result.posterior, result.rope
    width = high - low
    x0 = min(float(post.ppf(0.0005)), low - 0.25 * width)
    x1 = max(float(post.ppf(0.9995)), high + 0.25 * width)
    x = np.linspace(x0, x1, 801)
    y = post.pdf(x)
    a, b = result.names
    left_name, right_name = (b, a) if result.higher_is_better else (a, b)
    p_left = result.prob_b_better if result.higher_is_better else result.prob_a_better
    p_right = result.prob_a_better if result.higher_is_better else result.prob_b_better
    c_left, c_right = (_COLOR_B, _COLOR_A) if result.higher_is_better else (_COLOR_A, _COLOR_B)
    ax.plot(x, y, color="black", lw=1.5)
    ax.fill_between(x, y, where=x <= low, color=c_left, alpha=0.45,
                    label=f"{left_name} mejor: P = {p_left:.4f}")
    if width > 0:
        ax.axvspan(low, high, color=_COLOR_EQ, alpha=0.15, lw=0)
        ax.fill_between(x, y, where=(x >= low) & (x <= high), color=_COLOR_EQ, alpha=0.6,
                        label=f"equivalentes (ROPE): P = {result.prob_equivalent:.4f}")
        for v in (low, high):
            ax.axvline(v, color=_COLOR_EQ, ls="--", lw=1.2)
    ax.fill_between(x, y, where=x >= high, color=c_right, alpha=0.45,
                    label=f"{right_name} mejor: P = {p_right:.4f}")
    ax.set_xlabel(f"Diferencia media {a} - {b}")
    ax.set_ylabel("Densidad a posteriori")
    ax.set_ylim(0, 1.35 * float(np.max(y)))
    # La leyenda siempre en el mismo orden (A, equivalentes, B), sea cual sea el lado de cada uno.
    handles, labels = ax.get_legend_handles_labels()
    rank = {f"{a} mejor": 0, "equivalentes": 1, f"{b} mejor": 2}
    order = sorted(range(len(labels)),
                   key=lambda i: next((r for k, r in rank.items() if labels[i].startswith(k)), 3))
    ax.legend([handles[i] for i in order], [labels[i] for i in order], loc="upper left")
    return ax


def _project(samples: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Coordenadas en el triángulo: A mejor (0, 0), B mejor (1, 0), equivalentes (1/2, √3/2)."""
    return samples[:, 2] + samples[:, 1] / 2, samples[:, 1] * math.sqrt(3) / 2


def draw_simplex(ax, s: np.ndarray, probs: tuple[float, float, float],
                  names: tuple[str, str]):
    """Dibuja las muestras ``s`` (θ_A, θ_equivalentes, θ_B) en el triángulo, sobre ``ax``."""
    xs, ys = _project(s)
    winner = np.argmax(s, axis=1)
    h = math.sqrt(3) / 2
    a, b = names
    labels = (f"{a} mejor", "equivalentes (ROPE)", f"{b} mejor")
    for k, color in enumerate((_COLOR_A, "dimgray", _COLOR_B)):
        mask = winner == k
        if np.any(mask):
            ax.scatter(xs[mask], ys[mask], s=5, alpha=0.35, color=color, lw=0)
    ax.plot([0, 1, 0.5, 0], [0, 0, h, 0], color="black", lw=1.5)
    cx, cy = 0.5, h / 3
    for mx, my in ((0.5, 0.0), (0.25, h / 2), (0.75, h / 2)):  # centro -> puntos medios
        ax.plot([cx, mx], [cy, my], color="black", lw=1, ls="--")
    ax.text(0, -0.05, f"{labels[0]}\nP = {probs[0]:.4f}", ha="center", va="top",
            color=_COLOR_A, fontweight="bold")
    ax.text(1, -0.05, f"{labels[2]}\nP = {probs[2]:.4f}", ha="center", va="top",
            color=_COLOR_B, fontweight="bold")
    ax.text(0.5, h + 0.03, f"{labels[1]}\nP = {probs[1]:.4f}", ha="center", va="bottom",
            color="dimgray", fontweight="bold")
    ax.set_xlim(-0.25, 1.25)
    ax.set_ylim(-0.22, h + 0.2)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax
