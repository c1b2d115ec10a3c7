"""Configuración común de las pruebas unitarias."""

import os
import sys

# Las pruebas abren decenas de procesos de Python (los de pytest-xdist, un núcleo de Jupyter por
# cuaderno, las órdenes de la terminal del curso, la construcción del sitio). Con
# PYTHONDONTWRITEBYTECODE, que algunos entornos definen, cada uno vuelve a compilar el paquete y
# las pruebas desde el código fuente (la recogida de pytest tarda el doble). Aquí se guarda el
# código compilado como en una instalación normal, en las carpetas __pycache__ (que .gitignore
# excluye); los procesos hijos heredan el entorno sin esa variable.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False


def _threads_per_worker() -> int | None:
    """Hilos de cálculo por proceso de pytest-xdist: los núcleos repartidos entre los procesos.

    Con ``-n 2`` en 2 núcleos, cada proceso (y cada núcleo de Jupyter que arranca nbval) usa un
    hilo: con los hilos por defecto de OpenBLAS y OpenMP (uno por núcleo en cada proceso), los
    dos procesos se estorban y las operaciones pequeñas con matrices van varias veces más
    lentas. Los resultados no cambian: las salidas guardadas de los cuadernos, generadas con los
    hilos por defecto, siguen coincidiendo. Sin xdist (``-n 0``), no se limita nada."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
    if workers < 2:
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (cores or 1) // workers)


_THREADS = _threads_per_worker()
if _THREADS is not None:
    # Antes de importar numpy; los núcleos de Jupyter y los subprocesos heredan estas variables.
    for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_var, str(_THREADS))

import matplotlib  # noqa: E402

matplotlib.use("Agg")

if _THREADS is not None:
    # Por si numpy ya estaba importado (otro complemento de pytest) con los hilos por defecto.
    from threadpoolctl import threadpool_limits

    _LIMITS = threadpool_limits(limits=int(os.environ["OPENBLAS_NUM_THREADS"]))


#: Segundos que tardan, más o menos, los grupos más largos de ``--dist loadscope`` (un módulo
#: de pruebas o un cuaderno entero van a un mismo proceso), medidos con
#: ``python -m pytest --durations=0`` en 2 núcleos. Solo deciden el orden de reparto. Las páginas
#: del sitio se recorren en cuatro clases (``TestPaginas1``...), grupos propios que van a procesos
#: distintos; el resto de ``tests/test_book.py`` (con la construcción del sitio, que se comparte)
#: es otro grupo. Sus cifras, medidas con ``-n 0 --durations=15`` con la máquina cargada (unas
#: 2.4 veces más lenta), están divididas por 2.4.
_SLOW_SCOPES = {
    "tests/test_book.py": 45,
    "tests/test_jupyterlab.py": 85,
    "tests/test_book.py::TestPaginas4": 20,
    "tests/test_book.py::TestPaginas1": 19,
    "tests/test_book.py::TestPaginas2": 17,
    "tests/test_book.py::TestPaginas3": 17,
    "notebooks/06_5x2cv_adult.ipynb": 45,
    "notebooks/10_laboratorio_de_simulacion.ipynb": 33,
    "notebooks/03_bootstrap.ipynb": 17,
    "notebooks/09_comparacion_bayesiana.ipynb": 16,
    "tests/test_bad_input_sweep.py": 15,
    "notebooks/04_prueba_t_corregida.ipynb": 14,
    "notebooks/08_varios_modelos_y_conjuntos.ipynb": 13,
    "notebooks/13_compare_sus_propios_modelos.ipynb": 13,
    "tests/test_report_html.py": 20,
    "tests/test_multiple.py": 12,
    "tests/test_report_render.py": 12,
    "tests/test_intervals.py": 11,
    "tests/test_n_jobs.py": 10,
    "notebooks/07_variabilidad_potencia_no_inferioridad.ipynb": 9,
    "notebooks/01_medidas_de_rendimiento.ipynb": 9,
    "notebooks/02_intervalos_de_confianza.ipynb": 9,
    "notebooks/12_comparaciones_de_la_practica.ipynb": 7,
    "notebooks/05_mcnemar.ipynb": 7,
    "tests/test_bayesian.py": 6,
    "tests/test_grading.py": 8,
    "tests/test_nbval_harness.py": 5,
}


def _scope(nodeid: str) -> str:
    """El grupo de ``--dist loadscope`` (como ``xdist.scheduler.LoadScopeScheduling``)."""
    return nodeid.rsplit("::", 1)[0]


def _scope_seconds(scope: str, n_items: int) -> float:
    if scope in _SLOW_SCOPES:
        return _SLOW_SCOPES[scope]
    # Sin medida: una celda de cuaderno cuesta mucho más que una prueba unitaria.
    return n_items * (0.5 if scope.endswith(".ipynb") else 0.03)


def pytest_collection_modifyitems(config, items):
    """Con pytest-xdist, los grupos de ``--dist loadscope`` más largos primero
    (``--no-loadscope-reorder`` en ``pyproject.toml`` hace que xdist respete este orden): cada
    proceso toma el siguiente grupo al acabar, y ningún grupo largo queda para el final, con el
    otro núcleo ya parado. El orden dentro de cada grupo no cambia."""
    if not hasattr(config, "workerinput"):
        return  # solo en los procesos de xdist: es su colección la que reparte el principal
    counts: dict[str, int] = {}
    for item in items:
        counts[_scope(item.nodeid)] = counts.get(_scope(item.nodeid), 0) + 1
    first = {scope: i for i, scope in reversed(list(enumerate(_scope(it.nodeid) for it in items)))}
    items.sort(key=lambda it: (-_scope_seconds(_scope(it.nodeid), counts[_scope(it.nodeid)]),
                               first[_scope(it.nodeid)]))


def missing_reference(reason: str, skipped: str) -> None:
    """Falta una referencia externa (R, un paquete de R, un navegador): en CI es un fallo
    (``.ci/run`` la instala); en un ordenador, las pruebas se omiten y dicen por qué."""
    import os

    import pytest

    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} En CI es obligatoria (.ci/run la instala).")
    pytest.skip(f"{reason} Se omiten {skipped}.")


#: Convierte el JSON de entrada (listas anidadas) en una expresión de R con list(...).
R_READ_JSON_LISTS = r"""
read_json_lists <- function(path) {
  txt <- paste(readLines(path, warn = FALSE), collapse = "")
  eval(parse(text = gsub("\\]", ")", gsub("\\[", "list(", txt))))
}
"""


def run_r(script: str, data, folder) -> list[str]:
    """Ejecuta ``script`` de R con ``Rscript`` (un solo proceso) y devuelve sus líneas de salida.

    ``data`` (listas anidadas de números y textos) se pasa como JSON; el guion lo lee con
    ``read_json_lists(args[1])`` y escribe sus resultados, una línea por caso, en ``args[2]``.
    Sin ``Rscript``, omite la prueba (en CI, falla). Si el guion imprime ``FALTA <paquete>`` y
    sale con estado 3, lo mismo con el paquete de R que falta."""
    import json
    import shutil
    import subprocess
    from pathlib import Path

    rscript = shutil.which("Rscript")
    if rscript is None:
        missing_reference("No está instalado R (Rscript); en Debian: apt-get install r-base-core.",
                          "las comparaciones con R")
    folder = Path(folder)
    (folder / "in.txt").write_text(json.dumps(data), encoding="utf-8")
    (folder / "ref.R").write_text(R_READ_JSON_LISTS + script, encoding="utf-8")
    run = subprocess.run([rscript, str(folder / "ref.R"), str(folder / "in.txt"),
                          str(folder / "out.txt")], capture_output=True, text=True, timeout=120)
    if run.returncode == 3 and run.stdout.startswith("FALTA "):
        package = run.stdout.split()[1]
        missing_reference(f"R no tiene el paquete {package}; en Debian: apt-get install "
                          f"r-cran-{package.lower()}.", f"las comparaciones con {package}")
    if run.returncode != 0:
        raise AssertionError(f"Rscript falló:\n{run.stderr}")
    return (folder / "out.txt").read_text(encoding="utf-8").splitlines()


def demsar_chi2(values, higher_is_better: bool = True) -> float:
    """χ²_F de Friedman con la fórmula de Demšar (2006, §3.2.2), sin corregir por empates: la
    convención del curso. Rangos de ``scipy.stats.rankdata`` (empates con el rango medio)."""
    import numpy as np
    from scipy import stats

    v = np.asarray(values, dtype=float)
    r = stats.rankdata(-v if higher_is_better else v, axis=1).mean(axis=0)
    n, k = v.shape
    return float(12 * n / (k * (k + 1)) * (np.sum(r**2) - k * (k + 1) ** 2 / 4))
