"""Banco de pruebas: el peor caso que admiten las funciones con coste acotado.

Cada función rechaza con un error en español las entradas que pasan de su tope; aquí se
mide el tiempo de la mayor entrada que todavía admite (el mejor de 3 tiempos, semilla fija):

1. ``adjust_pvalues(p, "hommel")`` (el de statsmodels, cuadrático) con
   ``MAX_HOMMEL_PVALUES`` (20 000) valores p: uniformes, en una curva convexa y todos iguales.
2. ``skillings_mack_test`` en los bordes de sus topes: k = 1000 algoritmos con N = 2000
   conjuntos (N·k² = 2·10^9), k = 100 con N = 10^5 (10^7 celdas) y k = 3 con N = 3.3·10^6;
   10 % de celdas vacías al azar.
3. ``friedman_test`` con el valor p exacto (N·k ≤ 30): la tabla sin empates más cara que
   aún se calcula exacta, de cada k.

Uso: ``python benchmarks/bounded_cost.py`` (alrededor de un minuto en un portátil de 2
núcleos). Objetivo: unos segundos como mucho en cada fila.
"""

from __future__ import annotations

import time

import numpy as np

from course_utils import adjust_pvalues, friedman_test, skillings_mack_test
from course_utils.omnibus import MAX_SKILLINGS_MACK_ALGORITHMS
from course_utils.posthoc import MAX_HOMMEL_PVALUES

SEED = 20240501


def best_of(call, repeat: int = 3) -> float:
    """El menor de ``repeat`` tiempos de ``call()``, en segundos."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def hommel() -> None:
    rng = np.random.default_rng(SEED)
    m = MAX_HOMMEL_PVALUES
    cases = {
        "uniformes": rng.uniform(size=m),
        "curva convexa": (np.arange(1, m + 1) / m) ** 2,
        "todos iguales": np.full(m, 0.3),
    }
    for name, p in cases.items():
        print(f"Hommel, m = {m:,} ({name}): {best_of(lambda: adjust_pvalues(p, 'hommel')):.2f} s")


def skillings_mack() -> None:
    rng = np.random.default_rng(SEED)
    for n, k in ((2_000, MAX_SKILLINGS_MACK_ALGORITHMS), (100_000, 100), (3_333_333, 3)):
        table = rng.uniform(0.6, 0.9, size=(n, k))
        table[rng.uniform(size=table.shape) < 0.1] = np.nan
        t = best_of(lambda: skillings_mack_test(table))
        print(f"Skillings-Mack, N = {n:,}, k = {k}: {t:.2f} s")


def friedman_exact() -> None:
    rng = np.random.default_rng(SEED)
    for k in range(3, 10):
        exact = [n for n in range(2, 30 // k + 1)
                 if friedman_test(rng.normal(size=(n, k))).method == "exacto"]
        n = max(exact)
        table = rng.normal(size=(n, k))
        t = best_of(lambda: friedman_test(table))
        print(f"Friedman exacto, k = {k}, N = {n}: {t:.3f} s")


if __name__ == "__main__":
    hommel()
    skillings_mack()
    friedman_exact()
