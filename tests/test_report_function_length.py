"""Ninguna función de ``course_utils/report/`` pasa de 80 líneas de código (sin su docstring).

Un análisis que se lee de un vistazo: ``analyze_results`` es su secuencia de pasos (leer,
reconocer, analizar, escribir) y cada paso, una función con nombre. La longitud se mide con el
árbol sintáctico (``ast``): de la línea del ``def`` a la última, menos las del docstring.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPORT = Path(__file__).resolve().parent.parent / "course_utils" / "report"
MAX_LINES = 80


def function_lengths(path: Path) -> list[tuple[str, int]]:
    """``(nombre, líneas sin el docstring)`` de cada función (también métodos y anidadas)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        lines = node.end_lineno - node.lineno + 1
        first = node.body[0]
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            lines -= first.end_lineno - first.lineno + 1
        found.append((node.name, lines))
    return found


def test_the_measure_counts_code_lines_without_the_docstring():
    source = 'def f(x):\n    """Uno.\n\n    Dos.\n    """\n    y = x\n    return y\n'
    tmp = REPORT.parent.parent / "tests" / "_length_probe.py"
    tmp.write_text(source, encoding="utf-8")
    try:
        assert function_lengths(tmp) == [("f", 3)]  # def, y = x, return y
    finally:
        tmp.unlink()


@pytest.mark.parametrize("path", sorted(REPORT.glob("*.py")), ids=lambda p: p.name)
def test_no_report_function_is_longer_than_80_lines(path):
    long = [(name, n) for name, n in function_lengths(path) if n > MAX_LINES]
    assert not long, (f"{path.name}: funciones de más de {MAX_LINES} líneas (sin docstring): "
                      f"{long}; divídalas en pasos con nombre")


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
