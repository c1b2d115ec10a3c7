"""Un análisis que se lee de un vistazo: ``analyze_results`` es su secuencia de pasos (leer,
reconocer, analizar, escribir) y cada paso, una función con nombre.

La longitud de cada función del paquete la mide ``tests/test_layout.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPORT = Path(__file__).resolve().parent.parent / "course_utils" / "report"


def test_analyze_results_reads_as_its_pipeline():
    tree = ast.parse((REPORT / "__init__.py").read_text(encoding="utf-8"))
    func = next(n for n in tree.body if isinstance(n, ast.FunctionDef)
                and n.name == "analyze_results")
    called = [n.func.id for n in ast.walk(func) if isinstance(n, ast.Call)
              and isinstance(n.func, ast.Name)]
    for step in ("read_step", "recognise_step", "analyse_step", "result_step"):
        assert step in called, step
    body = func.body[1:]  # sin el docstring ni la firma (sus 25 opciones)
    assert func.end_lineno - body[0].lineno + 1 <= 15
