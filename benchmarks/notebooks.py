"""Banco de pruebas: cuánto tarda cada cuaderno en ejecutarse de arriba abajo.

Ejecuta cada ``notebooks/NN_*.ipynb`` en un núcleo nuevo (como ``tools/run_notebooks.py``, pero
sin escribir nada: los cuadernos no cambian) y escribe, para cada uno, el tiempo transcurrido, el
tiempo de CPU de su núcleo de Jupyter (usuario + sistema, con sus hilos y subprocesos) y la razón
frente al presupuesto del curso (30 segundos por cuaderno en un portátil de 2 núcleos); después,
el total y la carga media de la máquina durante la medida.

El tiempo transcurrido depende de lo que haga a la vez la máquina; el de CPU, mucho menos: con la
máquina ocupada por otros procesos, el de CPU estima lo que tardaría el cuaderno en un portátil
libre (casi todo el cálculo de los cuadernos va en un hilo).

Uso::

    python benchmarks/notebooks.py                       # todos los cuadernos
    python benchmarks/notebooks.py notebooks/06_5x2cv_adult.ipynb
    python benchmarks/notebooks.py --guardar             # además, escribe RESULTS
    python benchmarks/notebooks.py --readme              # columna del README, sin ejecutar nada

La columna «ejecución» de la tabla de cuadernos del README sale de ``RESULTS``
(``benchmarks/notebooks.json``, la última medida guardada): ``--readme`` imprime su valor para
cada cuaderno y ``tests/test_notebooks_stored.py`` comprueba que el README dice lo mismo (sin
medir nada: una prueba que midiera tiempos fallaría según la carga de la máquina).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "notebooks.json"
BUDGET_S = 30.0


def _cpu_seconds(pid: int) -> float:
    """Tiempo de CPU (usuario + sistema) de un proceso vivo y de sus hijos."""
    import psutil

    proc = psutil.Process(pid)
    total = 0.0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            t = p.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += t.user + t.system + t.children_user + t.children_system
    return total


def run_seconds(path: Path) -> tuple[float, float]:
    """Segundos transcurridos y segundos de CPU del núcleo (desde su arranque) al ejecutar el
    cuaderno entero."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    with client.setup_kernel():  # como antes: el arranque del núcleo cuenta
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        wall = time.perf_counter() - start
        cpu = _cpu_seconds(client.km.provisioner.pid)  # desde que arrancó el núcleo
    return wall, cpu


def readme_value(seconds: float) -> str:
    """El texto de la columna «ejecución» del README para un cuaderno."""
    return f"{max(1, round(seconds))} s"


def load_results(path: Path = RESULTS) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cuadernos", nargs="*", type=Path)
    parser.add_argument("--guardar", action="store_true",
                        help=f"escribe la medida en {RESULTS.relative_to(ROOT)}")
    parser.add_argument("--readme", action="store_true",
                        help="imprime la columna «ejecución» del README desde la medida guardada")
    args = parser.parse_args(argv)
    if args.readme:
        stored = load_results()
        print(f"Medida del {stored['fecha']} ({stored['maquina']}); columna «ejecución»: "
              "tiempo de CPU")
        for name, row in stored["cuadernos"].items():
            print(f"| {name[:2]} | {name} | {readme_value(row['cpu_s'])} |")
        return 0
    paths = args.cuadernos or sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    rows = {}
    load0 = os.getloadavg()[0]
    print(f"{'cuaderno':<52} {'segundos':>9} {'CPU':>7} {'CPU/30 s':>9}")
    for path in paths:
        wall, cpu = run_seconds(path)
        rows[path.name] = {"segundos": round(wall, 1), "cpu_s": round(cpu, 1)}
        print(f"{path.name:<52} {wall:9.1f} {cpu:7.1f} {cpu / BUDGET_S:9.2f}", flush=True)
    total = sum(r["segundos"] for r in rows.values())
    total_cpu = sum(r["cpu_s"] for r in rows.values())
    load = (load0 + os.getloadavg()[0]) / 2
    print(f"{'total':<52} {total:9.1f} {total_cpu:7.1f}")
    print(f"Carga media de la máquina (1 min, al empezar y al acabar): {load:.1f} "
          f"en {os.cpu_count()} núcleos")
    if args.guardar:
        stored = {
            "fecha": datetime.date.today().isoformat(),
            "maquina": f"{os.cpu_count()} núcleos, {platform.system()} {platform.machine()}, "
                       f"Python {platform.python_version()}",
            "carga_media": round(load, 1),
            "cuadernos": rows,
        }
        RESULTS.write_text(json.dumps(stored, ensure_ascii=False, indent=1) + "\n",
                           encoding="utf-8")
        print(f"Escrito {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
