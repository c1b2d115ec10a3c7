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
4. ``wilcoxon_signed_rank_test`` exacta en su tope (N = 400, con y sin ceros) y
   ``wilcoxon_pairwise_test`` con la mayor tabla que admite ``MAX_WILCOXON_PAIRWISE_WORK`` a
   N = 400 (k = 15) y a N = 30 (k = 60), con el cociente tiempo / trabajo admitido.
5. ``regression_difference_interval(method="bca")`` con n = 10^5 (la aceleración por
   jackknife en O(n); antes, n² de memoria) y ``bootstrap_interval`` con una función propia
   en el tope de ``MAX_CALLABLE_BOOTSTRAP_WORK`` (n = 1000).
   ``simulate_cv_tests`` no se mide aquí: su tope (``MAX_CV_SIMULATION_WORK``) admite las
   100 000 réplicas del cuaderno 10 (minutos en un núcleo) y rechaza el millón.

Uso: ``python benchmarks/bounded_cost.py`` (alrededor de un minuto en un portátil de 2
núcleos). Objetivo: unos segundos como mucho en cada fila.
"""

from __future__ import annotations

import time

import numpy as np

from course_utils import (
    adjust_pvalues,
    bootstrap_interval,
    friedman_test,
    regression_difference_interval,
    skillings_mack_test,
    wilcoxon_pairwise_test,
    wilcoxon_signed_rank_test,
)
from course_utils.measure.bootstrap import _CALL_COST, MAX_CALLABLE_BOOTSTRAP_WORK
from course_utils.many_models.omnibus import MAX_SKILLINGS_MACK_ALGORITHMS
from course_utils.many_models.paired_posthoc import MAX_WILCOXON_PAIRWISE_WORK, _pairwise_work
from course_utils.many_models.posthoc import MAX_HOMMEL_PVALUES

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


def wilcoxon() -> None:
    rng = np.random.default_rng(SEED)
    a = rng.uniform(0.6, 0.9, 400)
    for name, b in (("sin ceros", a - rng.normal(0.01, 0.02, 400)),
                    ("300 ceros", np.where(np.arange(400) < 300, a, a - 0.01))):
        t = best_of(lambda: wilcoxon_signed_rank_test(a, b))
        print(f"Wilcoxon exacta, N = 400 ({name}): {t:.3f} s")
    for n in (400, 30):
        k = 2
        while _pairwise_work((k + 1) * k // 2, n) <= MAX_WILCOXON_PAIRWISE_WORK:
            k += 1
        table = rng.uniform(0.6, 0.9, size=(n, k))
        t = best_of(lambda: wilcoxon_pairwise_test(table, method="holm"), repeat=1)
        work = _pairwise_work(k * (k - 1) // 2, n)
        print(f"Wilcoxon por parejas, N = {n}, k = {k}: {t:.1f} s "
              f"({1e6 * t / work:.2f} µs por unidad de trabajo; tope {work / 1e6:.0f}e6)")


def bootstrap_costs() -> None:
    rng = np.random.default_rng(SEED)
    n = 100_000
    y = rng.normal(size=n)
    a, b = y + rng.normal(size=n), y + 1.1 * rng.normal(size=n)
    t = best_of(lambda: regression_difference_interval(y, a, b, method="bca", n_resamples=1000,
                                                       random_state=0), repeat=1)
    print(f"BCa de regresión, n = {n:,}, 1000 remuestras: {t:.2f} s")
    n = 1000
    labels = rng.integers(0, 2, n)
    pred = np.where(rng.random(n) < 0.8, labels, 1 - labels)
    b_max = MAX_CALLABLE_BOOTSTRAP_WORK // (n + _CALL_COST)
    t = best_of(lambda: bootstrap_interval(labels, pred, metric=lambda u, v: float(np.mean(u == v)),
                                           n_resamples=b_max, random_state=0), repeat=1)
    print(f"Bootstrap con función propia, n = {n}, {b_max:,} remuestras (el tope): {t:.1f} s")


if __name__ == "__main__":
    hommel()
    skillings_mack()
    friedman_exact()
    wilcoxon()
    bootstrap_costs()
