"""Banco de pruebas: el laboratorio de simulación en un proceso, con loky y en un clúster de Dask.

Mide ``cu.simulate_cv_tests`` (las 12 pruebas, 300 ejemplos por réplica) con la misma semilla:

1. ``n_jobs=1``: un proceso, sin paralelismo;
2. ``n_jobs=2`` con el motor por defecto de joblib (``loky``, dos procesos de esta máquina);
3. un clúster de Dask de dos trabajadores (``distributed.LocalCluster``, un proceso y un hilo
   por trabajador) con ``joblib.parallel_config(backend="dask")`` y ``n_jobs=None``: es el
   código que se usa con un clúster de verdad, con la dirección de su planificador en
   ``Client(...)``;
4. el mismo clúster sin la variable ``MALLOC_TRIM_THRESHOLD_=65536`` con la que Dask arranca
   sus trabajadores (devuelve antes la memoria al sistema, pero con ella glibc reserva y libera
   con ``mmap`` cada arreglo mediano de numpy, y el laboratorio crea muchos): se quita con la
   configuración ``distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_: null``;
5. el mismo clúster con los dos trabajadores como hilos de este proceso
   (``processes=False``, como la prueba ``tests/test_dask_cluster.py``): arranca enseguida, pero
   los hilos comparten el intérprete de Python y solo ganan mientras numpy lo suelta.

Primero se arranca todo y se hace una llamada de calentamiento en cada variante (procesos ya
arrancados y con ``course_utils`` importado; el arranque se da aparte). Después se mide cada
variante ``ROUNDS`` veces, alternándolas, y se da el mejor tiempo: en una máquina compartida, el
mínimo es la medida menos contaminada por los demás procesos. Comprueba que las cinco dan
exactamente los mismos valores p e imprime el tiempo de cada una y su aceleración frente a
``n_jobs=1``.

El tiempo de reloj depende de lo que hagan a la vez los demás procesos de la máquina; el tiempo
de CPU que gastan este proceso y sus hijos (trabajadores de loky y de Dask, con sus «nannies»),
casi no. Por eso se da también, y con él una cota que no depende de la carga: con dos núcleos
libres, la aceleración no puede pasar de ``2 × CPU(n_jobs=1) / CPU(variante)`` (con hilos, el
intérprete compartido puede dejarla más abajo).

Uso: ``python benchmarks/cluster.py [réplicas]`` (1000 por defecto; unos dos minutos en un
portátil de 2 núcleos). Necesita ``dask`` y ``distributed`` (extras ``dev``).
"""

from __future__ import annotations

import sys
import time
from contextlib import ExitStack

import dask
import joblib
import numpy as np
import psutil
from distributed import Client, LocalCluster

import course_utils as cu

SEED = 20240501
WARM_UP = 8
ROUNDS = 3
#: Configuración de Dask que quita una variable del entorno de sus trabajadores.
NO_MALLOC_TRIM = "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_"


def cpu_seconds() -> float:
    """Tiempo de CPU (usuario + sistema) de este proceso y de todos sus descendientes vivos."""
    me = psutil.Process()
    total = 0.0
    for proc in [me, *me.children(recursive=True)]:
        try:
            times = proc.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def simulate(reps: int, n_jobs: int | None) -> cu.SimulationResult:
    return cu.simulate_cv_tests(reps, n_jobs=n_jobs, random_state=SEED)


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"cu.simulate_cv_tests({reps}), 12 pruebas; {joblib.cpu_count()} núcleos según "
          f"joblib; mejor tiempo de {ROUNDS} rondas.\n")
    with ExitStack() as stack:
        # nombre: (arranque, contexto de joblib (se crea al usarlo: aplica al crearse), n_jobs)
        variants = {}
        start = time.perf_counter()
        simulate(WARM_UP, 2)
        variants["n_jobs=1 (un proceso)"] = (None, joblib.parallel_config, 1)
        variants["n_jobs=2, loky (2 procesos)"] = (
            time.perf_counter() - start, lambda: joblib.parallel_config(backend="loky"), 2)
        # Sin MALLOC_TRIM_THRESHOLD_ primero: el «nanny» de Dask escribe las variables en el
        # entorno de este proceso antes de arrancar su trabajador, y los clústeres que se creen
        # después las heredarían aunque su configuración las quite.
        for name, processes, config in (
            ("Dask, procesos, sin MALLOC_TRIM_...", True, {NO_MALLOC_TRIM: None}),
            ("Dask, 2 trabajadores (procesos)", True, {}),
            ("Dask, 2 trabajadores (hilos)", False, {}),
        ):
            start = time.perf_counter()
            with dask.config.set(config):
                cluster = stack.enter_context(LocalCluster(
                    n_workers=2, threads_per_worker=1, processes=processes,
                    dashboard_address=":0"))
            client = stack.enter_context(Client(cluster, set_as_default=False))
            with joblib.parallel_config(backend="dask", client=client):
                simulate(WARM_UP, None)
            variants[name] = (time.perf_counter() - start,
                              lambda c=client: joblib.parallel_config(backend="dask", client=c),
                              None)
        # Las filas, en el orden de la explicación de arriba.
        variants = {name: variants[name] for name in (
            "n_jobs=1 (un proceso)", "n_jobs=2, loky (2 procesos)",
            "Dask, 2 trabajadores (procesos)", "Dask, procesos, sin MALLOC_TRIM_...",
            "Dask, 2 trabajadores (hilos)")}
        best = {name: np.inf for name in variants}
        cpu = {name: np.inf for name in variants}
        ref = simulate(reps, 1)
        for _ in range(ROUNDS):
            for name, (_, context, n_jobs) in variants.items():
                with context():
                    start, cpu_start = time.perf_counter(), cpu_seconds()
                    res = simulate(reps, n_jobs)
                    best[name] = min(best[name], time.perf_counter() - start)
                    cpu[name] = min(cpu[name], cpu_seconds() - cpu_start)
                for key in ref.pvalues:
                    np.testing.assert_array_equal(res.pvalues[key], ref.pvalues[key])

    header = (f"{'variante':<36}{'arranque':>9}{'segundos':>9}{'réplicas/s':>11}"
              f"{'×n_jobs=1':>10}{'CPU (s)':>9}{'cota':>6}")
    print(header)
    print("-" * len(header))
    one, cpu_one = best["n_jobs=1 (un proceso)"], cpu["n_jobs=1 (un proceso)"]
    for name, (startup, _, _) in variants.items():
        start_text = "-" if startup is None else f"{startup:.1f}"
        s = best[name]
        print(f"{name:<36}{start_text:>9}{s:>9.2f}{reps / s:>11.1f}{one / s:>10.2f}"
              f"{cpu[name]:>9.2f}{min(2.0, 2 * cpu_one / cpu[name]):>6.2f}")
    print("\narranque y segundos: tiempo de reloj (el mejor de las rondas); CPU: de todos los")
    print("procesos; cota: aceleración máxima con dos núcleos libres, 2 × CPU(n_jobs=1) / CPU.")
    print("\nLas cinco dan exactamente los mismos valores p (cada réplica tiene su semilla).")
    print("El arranque (procesos, importar course_utils en ellos) se paga una vez por sesión;")
    print("en una máquina cargada, la aceleración puede ser menor.")


if __name__ == "__main__":
    main()
