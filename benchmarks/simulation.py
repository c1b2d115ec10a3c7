"""Banco de pruebas: réplicas por segundo de cada procedimiento del laboratorio de simulación.

Mide, con semilla fija, cuántas réplicas por segundo simula cada función de
``course_utils.lab.simulation`` (un proceso, ``n_jobs=1``, salvo las dos últimas filas):

1. McNemar con tablas de resultados simuladas (vectorizado; una llamada a
   ``mcnemar_test`` por par distinto de discordantes).
2. Cobertura de un intervalo para una proporción: por simulación y exacta por enumeración
   (la enumeración cuesta lo mismo para cualquier número de réplicas: se da su tiempo).
3. Cobertura del intervalo *bootstrap* (percentil y BCa, 1000 remuestras).
4. Pruebas sobre algoritmos entrenados (Bayes ingenuo sobre dos vistas, 300 ejemplos):
   - las pruebas t/F con las funciones del curso réplica a réplica (``engine="course"``)
     y con sus fórmulas vectorizadas (``engine="vectorized"``), sin el *bootstrap*;
   - el *bootstrap* pareado solo (1000 remuestras por réplica);
   - todo a la vez con ``n_jobs=1`` y con ``n_jobs=2`` (la primera vez, arrancando los procesos
     de joblib; la segunda, reutilizándolos).

Uso: ``python benchmarks/simulation.py`` (menos de un minuto en un portátil de 2 núcleos).
"""

from __future__ import annotations

import time

import numpy as np

import course_utils as cu
from course_utils.lab.simulation import PROCEDURES

SEED = 20240501
WITHOUT_BOOTSTRAP = [k for k in PROCEDURES if k != "paired_bootstrap"]


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def main() -> None:
    rows = []

    reps = 100_000
    s, _ = timed(lambda: cu.simulate_mcnemar(
        300, accuracy_a=0.8, accuracy_b=0.8, p_discordant=0.15, n_replications=reps,
        random_state=SEED))
    rows.append(("McNemar, 4 variantes (tablas simuladas)", reps, s))

    reps = 100_000
    s, _ = timed(lambda: cu.simulate_proportion_coverage(
        100, 0.9, method="wilson", n_replications=reps, random_state=SEED))
    rows.append(("cobertura de Wilson, n = 100 (simulación)", reps, s))
    s, _ = timed(lambda: cu.proportion_coverage(100, np.linspace(0.01, 0.99, 99), method="wilson"))
    print(f"Cobertura exacta de Wilson, n = 100, 99 valores de p por enumeración: {s:.3f} s "
          "(equivale a infinitas réplicas).\n")

    for method, reps in (("percentile", 300), ("bca", 300)):
        s, _ = timed(lambda: cu.simulate_bootstrap_coverage(
            100, 0.8, method=method, n_replications=reps, n_resamples=1000, random_state=SEED))
        rows.append((f"cobertura bootstrap {method}, n = 100", reps, s))

    for engine, reps in (("course", 100), ("vectorized", 400)):
        s, _ = timed(lambda: cu.simulate_cv_tests(
            reps, procedures=WITHOUT_BOOTSTRAP, engine=engine, random_state=SEED))
        rows.append((f"11 pruebas con algoritmos entrenados ({engine})", reps, s))
    reps = 200
    s, _ = timed(lambda: cu.simulate_cv_tests(reps, procedures=["paired_bootstrap"],
                                              random_state=SEED))
    rows.append(("bootstrap pareado con algoritmos entrenados", reps, s))
    reps = 400
    for n_jobs, label in ((1, "n_jobs = 1"), (2, "n_jobs = 2, arrancando procesos"),
                          (2, "n_jobs = 2, procesos ya arrancados")):
        s, _ = timed(lambda: cu.simulate_cv_tests(reps, n_jobs=n_jobs, random_state=SEED))
        rows.append((f"las 12 pruebas, {label}", reps, s))

    header = f"{'procedimiento':<56}{'réplicas':>10}{'segundos':>10}{'réplicas/s':>12}"
    print(header)
    print("-" * len(header))
    for name, reps, s in rows:
        print(f"{name:<56}{reps:>10,}{s:>10.2f}{reps / s:>12,.0f}")
    course = next(r for r in rows if "(course)" in r[0])
    vect = next(r for r in rows if "(vectorized)" in r[0])
    print(f"\nFórmulas vectorizadas frente a las funciones del curso réplica a réplica: "
          f"{(vect[1] / vect[2]) / (course[1] / course[2]):.1f} veces más réplicas por segundo.")
    print("La primera llamada con n_jobs = 2 paga el arranque de los procesos de joblib (que importan")
    print("course_utils); las siguientes los reutilizan. En una máquina cargada puede no ganar nada.")


if __name__ == "__main__":
    main()
