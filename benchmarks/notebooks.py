"""Banco de pruebas: cuánto tarda cada cuaderno en ejecutarse de arriba abajo.

Ejecuta cada ``notebooks/NN_*.ipynb`` en un núcleo nuevo (como ``tools/run_notebooks.py``, pero
sin escribir nada: los cuadernos no cambian) y escribe el tiempo de cada uno, el total y la razón
frente al presupuesto del curso (un minuto por cuaderno en un portátil de 2 núcleos). Las cifras
de la tabla del README salen de aquí.

Uso: ``python benchmarks/notebooks.py`` (o con los cuadernos que quiera medir como argumentos).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
BUDGET_S = 60.0


def run_seconds(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    total = 0.0
    print(f"{'cuaderno':<52} {'segundos':>9} {'/ 60 s':>7}")
    for path in paths:
        seconds = run_seconds(path)
        total += seconds
        print(f"{path.name:<52} {seconds:9.1f} {seconds / BUDGET_S:7.2f}")
    print(f"{'total':<52} {total:9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
