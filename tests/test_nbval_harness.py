"""La configuración de nbval detecta de verdad un cambio en una salida guardada.

Se ejecuta nbval (con el mismo fichero de saneamiento que el resto de la suite)
sobre un cuaderno mínimo: con la salida correcta pasa; con una salida editada falla.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent


def _notebook(stored_output: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("print(round(2 / 3, 4))", execution_count=1)
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=stored_output)]
    nb.cells = [cell]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def _run_nbval(paths: list[Path]) -> str:
    """Una sola ejecución de pytest con nbval sobre varios cuadernos; devuelve su informe -rA."""
    cmd = [
        sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-p", "no:xdist",
        "-o", "addopts=", "--nbval", "--nbval-current-env",
        f"--nbval-sanitize-with={ROOT / 'tests' / 'sanitize.cfg'}", *map(str, paths),
    ]
    return subprocess.run(cmd, cwd=paths[0].parent, capture_output=True, text=True,
                          timeout=120).stdout


def test_nbval_compares_every_output(tmp_path):
    """La salida guardada igual pasa; la editada en un solo dígito falla."""
    same, edited = tmp_path / "igual.ipynb", tmp_path / "editada.ipynb"
    nbformat.write(_notebook("0.6667\n"), same)
    nbformat.write(_notebook("0.6668\n"), edited)
    report = _run_nbval([same, edited])
    assert re.search(r"^PASSED igual\.ipynb::Cell 0", report, re.M), report
    assert re.search(r"^FAILED editada\.ipynb::Cell 0", report, re.M), report
