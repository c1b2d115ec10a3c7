"""Banco de pruebas: la prueba de DeLong rápida (Sun y Xu, 2014) frente a la ingenua.

1. ``course_utils.delong_test`` con N = 10**6 ejemplos sintéticos (semilla fija, mitad
   positivos, puntuaciones continuas de dos modelos correlacionados): el mejor de 3
   tiempos. Objetivo: bastante menos de un segundo.
2. Con N = 2 000 (1 000 positivos y 1 000 negativos), la misma prueba frente a la forma
   ingenua O(m·n) de DeLong, DeLong y Clarke-Pearson (1988), que evalúa ψ(X_i, Y_j) para
   las m·n parejas positivo-negativo: el cociente de tiempos y la mayor diferencia entre
   los dos estadísticos z (deben coincidir hasta el redondeo).

Uso: ``python benchmarks/delong.py`` (unos segundos en un portátil de 2 núcleos).
"""

from __future__ import annotations

import math
import time

import numpy as np

from course_utils import delong_test

SEED = 20240501


def synthetic(n: int, seed: int = SEED) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Clase 0/1 y las puntuaciones de dos modelos correlacionados (A algo mejor que B)."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    a = rng.normal(size=n) + 1.0 * y
    b = 0.6 * a + 0.8 * rng.normal(size=n) + 0.3 * y
    return y, a, b


def naive_delong_z(y: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    """z de DeLong con la matriz ψ completa de m×n (memoria y tiempo O(m·n))."""
    pos = y.astype(bool)
    v10, v01 = [], []
    for s in (a, b):
        x, z = s[pos][:, None], s[~pos][None, :]
        psi = (x > z) + 0.5 * (x == z)
        v10.append(psi.mean(axis=1))
        v01.append(psi.mean(axis=0))
    m, n = len(v10[0]), len(v01[0])
    cov = np.cov(np.vstack(v10)) / m + np.cov(np.vstack(v01)) / n
    diff = v10[0].mean() - v10[1].mean()
    return float(diff / math.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]))


def best_of(fn, repeats: int) -> tuple[float, object]:
    best, out = math.inf, None
    for _ in range(repeats):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def main() -> None:
    y, a, b = synthetic(10**6)
    delong_test(y[:1000], a[:1000], b[:1000])  # calentamiento (importaciones)
    seconds, res = best_of(lambda: delong_test(y, a, b), 3)
    print(f"delong_test con N = 10^6 ({res.n_positive} positivos): {seconds:.3f} s "
          f"(mejor de 3); AUC {res.auc_a:.4f} frente a {res.auc_b:.4f}, z = {res.statistic:.2f}")

    ys, as_, bs = synthetic(2_000, seed=SEED + 1)
    fast, res_small = best_of(lambda: delong_test(ys, as_, bs), 5)
    slow, z_naive = best_of(lambda: naive_delong_z(ys, as_, bs), 3)
    print(f"N = 2 000: rápida {1000 * fast:.2f} ms, ingenua O(m·n) {1000 * slow:.1f} ms, "
          f"cociente {slow / fast:.0f}×; |z rápida - z ingenua| = "
          f"{abs(res_small.statistic - z_naive):.1e}")


if __name__ == "__main__":
    main()
