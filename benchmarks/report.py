"""Banco de pruebas: el informe de resultados propios (``analyze_results`` y ``informe``).

1. ``course_utils.analyze_results`` sobre una tabla larga de 30 000 filas: 30 conjuntos de
   datos × 10 algoritmos × 10 repeticiones de una validación cruzada de 10 particiones
   (semilla fija). Se promedian las particiones de cada conjunto y se compara con Friedman y
   las pruebas por parejas. El mejor de 3 tiempos desde un ``DataFrame`` y desde un CSV
   separado por punto y coma con coma decimal (lectura incluida). Objetivo: menos de 1 s.
2. El arranque de la orden de terminal: ``python -m course_utils informe --help`` (solo
   argparse: ``import course_utils`` carga cada módulo al primer uso, y la ayuda no usa
   ninguno) frente a importar el informe (``course_utils.report``, con pandas y scipy), y un
   análisis real pequeño (12 conjuntos × 3 algoritmos) de principio a fin. El mejor de 3
   tiempos de reloj de cada proceso.

Uso: ``python benchmarks/report.py`` (unos 20 segundos en un portátil de 2 núcleos).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from course_utils import analyze_results
from delong import best_of  # el mismo cronómetro (mejor de n) que benchmarks/delong.py

SEED = 20240501
ROOT = Path(__file__).resolve().parent.parent


def long_table(n_datasets=30, n_models=10, reps=10, folds=10, seed=SEED) -> pd.DataFrame:
    """Una fila por conjunto, algoritmo, repetición y partición (exactitudes sintéticas)."""
    rng = np.random.default_rng(seed)
    level = rng.uniform(0.65, 0.9, n_datasets)[:, None, None, None]
    skill = np.linspace(0.0, 0.03, n_models)[None, :, None, None]
    noise = rng.normal(0, 0.02, (n_datasets, n_models, reps, folds))
    scores = np.clip(level + skill + noise, 0, 1)
    index = pd.MultiIndex.from_product(
        [[f"conjunto_{i:02d}" for i in range(n_datasets)], [f"M{j}" for j in range(n_models)],
         range(reps), range(folds)], names=["conjunto", "algoritmo", "repeticion", "particion"])
    return pd.DataFrame({"exactitud": scores.ravel()}, index=index).reset_index()


def wall(args: list[str], repeats: int = 3) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def run():
        subprocess.run([sys.executable, *args], check=True, capture_output=True, env=env, cwd=ROOT)

    return best_of(run, repeats)[0]


def main() -> None:
    table = long_table()
    analyze_results(table.iloc[:3000], metric="exactitud")  # calentamiento
    seconds, res = best_of(lambda: analyze_results(table, metric="exactitud"), 3)
    print(f"analyze_results con {len(table):,} filas ({res.n_units} conjuntos × "
          f"{len(res.models)} algoritmos, 10×10 particiones): {seconds:.3f} s (mejor de 3); "
          f"{res.choices[0].procedure}")
    grid = ROOT / "tests" / "data" / "report" / "gridsearch_cv_results.csv"
    grid_s, res = best_of(lambda: analyze_results(grid, higher_is_better=True,
                                                  test_train_ratio=1 / 4).summary(), 3)
    print(f"cv_results_ de GridSearchCV con 270 candidatas (se comparan 10; informe de "
          f"{len(res.splitlines())} líneas): {grid_s:.3f} s (mejor de 3; límite: 5 s)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "resultados.csv"
        table.to_csv(path, sep=";", decimal=",", index=False)
        from_file, _ = best_of(lambda: analyze_results(path, metric="exactitud"), 3)
        print(f"Lo mismo desde un CSV de {path.stat().st_size / 1e6:.1f} MB (punto y coma, coma "
              f"decimal): {from_file:.3f} s; la lectura añade {from_file - seconds:.3f} s")

        small = Path(tmp) / "pequeno.csv"
        long_table(12, 3, 1, 1).drop(columns=["repeticion", "particion"]).to_csv(small)
        help_s = wall(["-m", "course_utils", "informe", "--help"])
        import_s = wall(["-c", "import course_utils, course_utils.report"])
        bare = wall(["-c", "pass"])
        real = wall(["-m", "course_utils", "informe", str(small), "--medida", "exactitud"])
    print(f"Arranque de Python solo: {bare:.2f} s; «informe --help»: {help_s:.2f} s; "
          f"importar el informe: {import_s:.2f} s")
    print(f"«informe» con 12 conjuntos × 3 algoritmos de principio a fin: {real:.2f} s "
          f"({real / help_s:.0f}× la ayuda)")


if __name__ == "__main__":
    main()
