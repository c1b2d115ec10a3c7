"""Banco de pruebas: el laboratorio de simulación en un proceso, con loky y en un clúster de Dask.

Mide ``cu.simulate_cv_tests`` (las 12 pruebas, 300 ejemplos por réplica) con la misma semilla:

1. ``n_jobs=1``: un proceso, sin paralelismo;
2. ``n_jobs=2`` con el motor por defecto de joblib (``loky``, dos procesos de esta máquina);
3. un clúster de Dask de dos trabajadores (``distributed.LocalCluster``, un proceso y un hilo
   por trabajador) con ``joblib.parallel_config(backend="dask")`` y ``n_jobs=None``: es el
   código que se usa con un clúster de verdad, con la dirección de su planificador en
   ``Client(...)``;
4. el mismo clúster con los dos trabajadores como hilos de este proceso
   (``processes=False``, como la prueba ``tests/test_dask_cluster.py``): arranca enseguida, pero
   los hilos de Python comparten el intérprete y apenas ganan.

Cada variante se mide después de una llamada de calentamiento (los procesos ya arrancados y
con ``course_utils`` importado); el arranque se da aparte. Comprueba que las cuatro dan
exactamente los mismos valores p e imprime el tiempo de cada una y su aceleración frente a
``n_jobs=1``.

Uso: ``python benchmarks/cluster.py [réplicas]`` (400 por defecto; un par de minutos en un
portátil de 2 núcleos). Necesita ``dask`` y ``distributed`` (extras ``dev``).
"""

from __future__ import annotations

import sys
import time

import joblib
import numpy as np
from distributed import Client, LocalCluster

import course_utils as cu

SEED = 20240501
WARM_UP = 8


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def simulate(reps: int, n_jobs: int | None) -> cu.SimulationResult:
    return cu.simulate_cv_tests(reps, n_jobs=n_jobs, random_state=SEED)


def on_dask(reps: int, processes: bool) -> tuple[float, float, cu.SimulationResult]:
    """Arranque del clúster y tiempo de la simulación en él (tras calentar los trabajadores)."""
    start = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=processes,
                      dashboard_address=None) as cluster, Client(cluster):
        with joblib.parallel_config(backend="dask"):
            simulate(WARM_UP, None)
            startup = time.perf_counter() - start
            seconds, res = timed(lambda: simulate(reps, None))
    return startup, seconds, res


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    print(f"cu.simulate_cv_tests({reps}), 12 pruebas; {joblib.cpu_count()} núcleos "
          f"según joblib.\n")
    simulate(WARM_UP, 1)
    rows = []
    s1, ref = timed(lambda: simulate(reps, 1))
    rows.append(("n_jobs=1 (un proceso)", None, s1, ref))
    start = time.perf_counter()
    simulate(WARM_UP, 2)
    loky_startup = time.perf_counter() - start
    s, res = timed(lambda: simulate(reps, 2))
    rows.append(("n_jobs=2, loky (2 procesos)", loky_startup, s, res))
    startup, s, res = on_dask(reps, processes=True)
    rows.append(("Dask, 2 trabajadores (procesos)", startup, s, res))
    startup, s, res = on_dask(reps, processes=False)
    rows.append(("Dask, 2 trabajadores (hilos)", startup, s, res))

    header = f"{'variante':<36}{'arranque (s)':>14}{'segundos':>10}{'réplicas/s':>12}{'× n_jobs=1':>12}"
    print(header)
    print("-" * len(header))
    for name, startup, s, res in rows:
        for key in ref.pvalues:
            np.testing.assert_array_equal(res.pvalues[key], ref.pvalues[key])
        start_text = "-" if startup is None else f"{startup:.1f}"
        print(f"{name:<36}{start_text:>14}{s:>10.2f}{reps / s:>12.1f}{s1 / s:>12.2f}")
    print("\nLos cuatro dan exactamente los mismos valores p (cada réplica tiene su semilla).")
    print("El arranque (procesos, importar course_utils en ellos) se paga una vez por sesión;")
    print("en una máquina cargada, la aceleración puede ser menor.")


if __name__ == "__main__":
    main()
