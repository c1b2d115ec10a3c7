"""``n_jobs`` como en joblib y scikit-learn, y resultados que no dependen de él.

La referencia es joblib: ``-1`` y los negativos se cuentan con ``joblib.cpu_count()``
(``núcleos + 1 + n_jobs``, al menos 1) y ``None`` deja decidir al contexto
``joblib.parallel_config``. Cada función pública con ``n_jobs`` da exactamente el mismo resultado
con ``n_jobs`` = 1, 2, -1 y None (procesos de ``loky`` de verdad, no hilos).
"""

from __future__ import annotations

import math

import joblib
import numpy as np
import pytest
from joblib._parallel_backends import ThreadingBackend
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier

import course_utils as cu
from course_utils._validation import check_n_jobs

N_JOBS_VALUES = [1, 2, -1, None]
CHEAP = ["resampled_t_naive", "resampled_t_corrected", "5x2cv_f", "mcnemar_exact"]


def _local_limit() -> int:
    return max(64, 4 * joblib.cpu_count())


@pytest.mark.parametrize("value, expected", [
    (None, None), (1, 1), (2, 2), (-1, -1), (-2, -2), (np.int64(3), 3), (2.0, 2),
    (-(10**30), -(10**30)),
])
def test_valid_n_jobs_are_those_of_joblib(value, expected):
    got = check_n_jobs(value)
    assert got == expected and (got is None or type(got) is int)


def test_negative_n_jobs_count_cores_as_joblib_does():
    # joblib: núcleos + 1 + n_jobs, y al menos 1 (https://joblib.readthedocs.io, Parallel).
    cores = joblib.cpu_count()
    for n_jobs in (-1, -2, -cores, -(cores + 5)):
        assert joblib.effective_n_jobs(check_n_jobs(n_jobs)) == max(cores + 1 + n_jobs, 1)
    assert joblib.effective_n_jobs(check_n_jobs(None)) == 1  # sin contexto: un trabajo
    with joblib.parallel_config(backend="threading", n_jobs=3):
        assert joblib.effective_n_jobs(check_n_jobs(None)) == 3


@pytest.mark.parametrize("value, exc", [
    (0, ValueError), (True, TypeError), (1.5, TypeError), ("2", TypeError),
    (float("nan"), TypeError), (float("inf"), TypeError), ([2], TypeError),
])
def test_bad_n_jobs_in_spanish(value, exc):
    with pytest.raises(exc, match="`n_jobs`") as info:
        check_n_jobs(value)
    assert "se recibió" in str(info.value)


def test_local_backend_has_a_limit_a_cluster_backend_has_none():
    limit = _local_limit()
    assert check_n_jobs(limit) == limit
    for backend in ("loky", "threading", "multiprocessing", "sequential"):
        with joblib.parallel_config(backend=backend):
            with pytest.raises(ValueError, match=rf"`n_jobs` debe ser como mucho {limit} "):
                check_n_jobs(limit + 1)
    with pytest.raises(ValueError, match="un entero de 401 cifras"):
        check_n_jobs(10**400)

    class ClusterBackend(ThreadingBackend):
        """Un motor que no es local para course_utils (como Dask o Ray)."""

    # Un motor de clúster decide por sí mismo cuántos trabajadores tiene.
    joblib.register_parallel_backend("cluster_de_prueba", ClusterBackend)
    with joblib.parallel_config(backend="cluster_de_prueba"):
        assert check_n_jobs(10**6) == 10**6


class _CountingBackend(ThreadingBackend):
    """Motor de hilos que cuenta las tareas que recibe (para ver quién decide ``n_jobs``)."""

    submitted = 0

    def submit(self, func, callback=None):
        type(self).submitted += 1
        return super().submit(func, callback=callback)


def test_none_follows_the_active_joblib_context():
    joblib.register_parallel_backend("contador", _CountingBackend)
    kw = dict(n_samples=100, n_holdout=4, n_repeats=1, n_folds=5, procedures=CHEAP,
              random_state=3)
    reference = cu.simulate_cv_tests(6, n_jobs=1, **kw)
    with joblib.parallel_config(backend="contador", n_jobs=2):
        _CountingBackend.submitted = 0
        same = cu.simulate_cv_tests(6, **kw)  # n_jobs=None por defecto: manda el contexto
        assert _CountingBackend.submitted > 0
        _CountingBackend.submitted = 0
        cu.simulate_cv_tests(6, n_jobs=1, **kw)  # 1 es siempre sin paralelismo
        assert _CountingBackend.submitted == 0
    _CountingBackend.submitted = 0
    with joblib.parallel_config(backend="contador"):  # sin n_jobs en el contexto: 1
        cu.simulate_cv_tests(6, n_jobs=None, **kw)
    assert _CountingBackend.submitted == 0
    for key in reference.pvalues:
        np.testing.assert_array_equal(same.pvalues[key], reference.pvalues[key])


def _xy():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(80, 3))
    y = (X[:, 0] + rng.normal(size=80) > 0).astype(int)
    return X, y


def assert_same_result(a, b) -> None:
    """Igualdad exacta de dos resultados (dataclasses, arreglos o tuplas de arreglos)."""
    if isinstance(a, cu.SimulationResult):
        for key in a.rejected:
            np.testing.assert_array_equal(a.rejected[key], b.rejected[key])
        for key in a.pvalues:
            np.testing.assert_array_equal(a.pvalues[key], b.pvalues[key])
        np.testing.assert_array_equal(a.differences, b.differences)
        assert a.undefined == b.undefined
    elif isinstance(a, cu.BenchmarkResult):
        np.testing.assert_array_equal(a.fold_scores, b.fold_scores)
        assert a.scores.equals(b.scores)
        assert (a.datasets, a.models, a.n_rows) == (b.datasets, b.models, b.n_rows)
    elif isinstance(a, tuple):
        for x, y in zip(a, b, strict=True):
            np.testing.assert_array_equal(x, y)
    else:
        assert a == b


#: Una llamada pequeña de cada función pública con ``n_jobs``.
CALLS = {
    "simulate_cv_tests": lambda n_jobs: cu.simulate_cv_tests(
        12, n_samples=100, n_holdout=4, n_repeats=2, n_folds=5, n_resamples=50,
        n_jobs=n_jobs, random_state=9),
    "simulate_bootstrap_coverage": lambda n_jobs: cu.simulate_bootstrap_coverage(
        60, 0.8, n_replications=10, n_resamples=50, n_jobs=n_jobs, random_state=12),
    "paired_cv_scores": lambda n_jobs: cu.paired_cv_scores(
        LogisticRegression(), DecisionTreeClassifier(random_state=0), *_xy(),
        cv=cu.five_by_two(random_state=0), scoring="accuracy", n_jobs=n_jobs),
    "benchmark_scores": lambda n_jobs: cu.benchmark_scores(
        ["Bayes ingenuo", "Árbol"], ["iris", "wine"], n_splits=3, max_rows=150,
        random_state=0, n_jobs=n_jobs),
}


def test_calls_cover_every_public_function_with_n_jobs():
    import inspect

    with_n_jobs = {name for name in cu.__all__
                   if callable(getattr(cu, name)) and not isinstance(getattr(cu, name), type)
                   and "n_jobs" in inspect.signature(getattr(cu, name)).parameters}
    assert with_n_jobs == set(CALLS)


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("value", [0, True, 1.5, "2", 10**30])
def test_every_function_with_n_jobs_validates_it(name, value):
    with pytest.raises((ValueError, TypeError), match="`n_jobs`"):
        CALLS[name](value)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_result_does_not_depend_on_n_jobs(name):
    reference = CALLS[name](1)
    for n_jobs in N_JOBS_VALUES[1:]:
        assert_same_result(reference, CALLS[name](n_jobs))


def test_simulation_on_more_workers_than_replications():
    # Más trabajos que réplicas: cada bloque tiene al menos una réplica.
    one = cu.simulate_bootstrap_coverage(40, 0.7, n_replications=3, n_resamples=30, n_jobs=1,
                                         random_state=5)
    with joblib.parallel_config(backend="threading"):
        many = cu.simulate_bootstrap_coverage(40, 0.7, n_replications=3, n_resamples=30,
                                              n_jobs=8, random_state=5)
    assert one == many and math.isfinite(one.rate)


def test_blas_threads_are_restored_after_replications_in_threads():
    from threadpoolctl import threadpool_info

    before = [(p["internal_api"], p["num_threads"]) for p in threadpool_info()]
    with joblib.parallel_config(backend="threading"):
        cu.simulate_bootstrap_coverage(40, 0.7, n_replications=16, n_resamples=30, n_jobs=2,
                                       random_state=5)
    assert [(p["internal_api"], p["num_threads"]) for p in threadpool_info()] == before
