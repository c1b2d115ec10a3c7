"""El laboratorio de simulación en un clúster de Dask, a través del motor de joblib.

Las funciones no cambian: dentro de ``joblib.parallel_config(backend="dask")`` (con un
``distributed.Client`` abierto) joblib manda las réplicas a los trabajadores del clúster. La
referencia es la misma llamada con ``n_jobs=1`` en este proceso: los números deben ser
exactamente los mismos (cada réplica tiene su semilla). El clúster es un
``distributed.LocalCluster`` de dos trabajadores de un hilo en este mismo proceso: arranca en
menos de un segundo, sin conexión a la red (solo el servidor HTTP del planificador escucha en un
puerto local libre) y sin procesos que dejar atrás.
"""

from __future__ import annotations

import joblib
import pytest
from distributed import Client, LocalCluster, get_task_stream
from test_n_jobs import assert_same_result

import course_utils as cu

CHEAP = ["resampled_t_naive", "resampled_t_corrected", "kfold_t", "5x2cv_f", "mcnemar_mid-p",
         "paired_bootstrap"]


@pytest.fixture(scope="module")
def client():
    # El planificador abre siempre un servidor HTTP (sin Bokeh, sin panel): en un puerto libre
    # cualquiera (":0"), no en el 8787 por defecto, que puede estar ocupado por otro clúster y
    # daría un aviso.
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=":0") as cluster, Client(cluster) as dask_client:
        yield dask_client


def _cv(n_jobs):
    return cu.simulate_cv_tests(16, n_samples=100, n_holdout=4, n_repeats=2, n_folds=5,
                                n_resamples=50, procedures=CHEAP, n_jobs=n_jobs, random_state=7)


def _bootstrap(n_jobs):
    return cu.simulate_bootstrap_coverage(50, 0.8, n_replications=12, n_resamples=40,
                                          method="bca", n_jobs=n_jobs, random_state=8)


def test_simulation_lab_on_a_dask_cluster_gives_the_numbers_of_one_process(client):
    reference, boot_reference = _cv(1), _bootstrap(1)
    workers = set(client.scheduler_info()["workers"])
    assert len(workers) == 2
    # 10**6 trabajos: con un clúster no hay tope local; Dask usa los trabajadores que tiene.
    for n_jobs in (2, None, -1, 10**6):
        with joblib.parallel_config(backend="dask"), get_task_stream(client) as tasks:
            assert joblib.effective_n_jobs(n_jobs) == 2  # los dos hilos del clúster
            assert_same_result(_cv(n_jobs), reference)
            assert_same_result(_bootstrap(n_jobs), boot_reference)
        # Las réplicas corrieron en los trabajadores del clúster, no en este hilo.
        assert tasks.data and {t["worker"] for t in tasks.data} <= workers


def test_n_jobs_one_stays_in_this_process_under_the_dask_context(client):
    reference = _bootstrap(1)
    with joblib.parallel_config(backend="dask"), get_task_stream(client) as tasks:
        assert_same_result(_bootstrap(1), reference)
    assert not tasks.data


def test_benchmark_on_a_dask_cluster(client):
    kw = dict(models=["Bayes ingenuo", "Árbol"], datasets=["iris", "wine"], n_splits=3,
              max_rows=150, random_state=0)
    reference = cu.benchmark_scores(n_jobs=1, **kw)
    with joblib.parallel_config(backend="dask"), get_task_stream(client) as tasks:
        res = cu.benchmark_scores(**kw)  # n_jobs=None: el clúster
    assert tasks.data
    assert_same_result(res, reference)
