"""Banco de pruebas: hilos de OpenBLAS/OpenMP con dos procesos a la vez, como en ``pytest -n 2``.

``python -m pytest`` ejecuta dos procesos (pytest-xdist, ``-n 2``), y cada cuaderno corre en su
propio núcleo de Jupyter. Con los hilos por defecto, cada proceso abre un hilo de cálculo por
núcleo de la máquina: en 2 núcleos, cuatro hilos compiten por dos. ``tests/conftest.py`` limita
los hilos a núcleos / procesos (1 en 2 núcleos). Este banco ejecuta la misma carga en dos
procesos simultáneos, primero con los hilos por defecto y después con un hilo por proceso, y
escribe el tiempo de cada forma y su razón. Cada carga imprime sus resultados: deben coincidir
(el número de hilos no cambia los resultados).

La carga: una simulación del laboratorio (``simulate_cv_tests``, productos de matrices pequeñas)
y 20 ajustes de regresión logística y árbol de decisión sobre 500 filas (como el cuaderno 07).

Uso: ``python benchmarks/threads.py`` (un par de minutos en un portátil de 2 núcleos).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")

WORKLOAD = """
import numpy as np
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier

import course_utils as cu

res = cu.simulate_cv_tests(300, procedures=["rxk_t_corrected", "5x2cv_f", "mcnemar_exact"],
                           random_state=1)
X, y = make_classification(5_000, n_features=20, random_state=0)
rng = np.random.default_rng(0)
scores = []
for _ in range(20):
    idx = rng.choice(len(y), 500, replace=False)
    scores.append(LogisticRegression(max_iter=1_000).fit(X[idx], y[idx]).score(X, y))
    scores.append(DecisionTreeClassifier(random_state=0).fit(X[idx], y[idx]).score(X, y))
print([r.count for r in res.rates()], f"{np.mean(scores):.10f}")
"""


def run_pair(threads: int | None) -> tuple[float, list[str]]:
    """Dos procesos a la vez con la misma carga; devuelve el tiempo hasta que acaban los dos."""
    env = {k: v for k, v in os.environ.items() if k not in THREAD_VARS}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if threads is not None:
        env.update({k: str(threads) for k in THREAD_VARS})
    start = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-c", WORKLOAD], env=env, stdout=subprocess.PIPE,
                              text=True) for _ in range(2)]
    outputs = [p.communicate()[0].strip() for p in procs]
    return time.perf_counter() - start, outputs


def main() -> int:
    repeats = 2
    rows = []
    for _ in range(repeats):  # alternadas, para que la carga de la máquina afecte a las dos
        rows.append((run_pair(None), run_pair(1)))
    print(f"{'repetición':>10} {'por defecto (s)':>16} {'1 hilo (s)':>11} {'razón':>6}")
    for i, ((t_def, out_def), (t_one, out_one)) in enumerate(rows, 1):
        print(f"{i:>10} {t_def:16.1f} {t_one:11.1f} {t_def / t_one:6.2f}")
        assert out_def == out_one, (out_def, out_one)
    print("resultados iguales con los dos ajustes:", rows[0][0][1][0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
