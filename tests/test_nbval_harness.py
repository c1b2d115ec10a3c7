"""La configuración de nbval detecta de verdad un cambio en una salida guardada.

Se ejecuta nbval (con el mismo fichero de saneamiento que el resto de la suite)
sobre un cuaderno mínimo: con la salida correcta pasa; con una salida editada falla.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _notebook(stored_output: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("print(round(2 / 3, 4))", execution_count=1)
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=stored_output)]
    nb.cells = [cell]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def _run_nbval(path: Path) -> int:
    cmd = [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
        "-o", "addopts=", "--nbval", "--nbval-current-env",
        f"--nbval-sanitize-with={ROOT / 'tests' / 'sanitize.cfg'}", str(path),
    ]
    return subprocess.run(cmd, cwd=path.parent, capture_output=True, text=True, timeout=120).returncode


@pytest.mark.parametrize("stored, expected_rc", [("0.6667\n", 0), ("0.6668\n", 1)], ids=["igual", "editada"])
def test_nbval_compares_every_output(tmp_path, stored, expected_rc):
    path = tmp_path / "mini.ipynb"
    nbformat.write(_notebook(stored), path)
    assert _run_nbval(path) == expected_rc
