"""La forma de ``course_utils``: una carpeta por parte del curso, sin círculos de importaciones.

* Cada módulo vive en la carpeta de su parte; en la raíz solo quedan la base común y los puntos
  de entrada.
* Ningún módulo importa, directa o indirectamente, a otro que lo importa a él.
* Los nombres públicos (``cu.*``) siguen siendo los mismos, y las rutas de módulo antiguas
  (``course_utils.metrics``) dan el mismo módulo con un ``DeprecationWarning`` en español.
* Ninguna función pasa de ~80 líneas de código (sin contar su docstring).
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import course_utils as cu
from course_utils._moved import MOVED

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "course_utils"
PARTS = {"measure", "two_models", "practice", "many_models", "lab", "selfcheck", "report",
         "datasets"}
#: En la raíz del paquete: puntos de entrada y la base común que usan todas las partes.
ROOT_MODULES = {"__init__", "__main__", "_moved", "_options", "_results", "_validation",
                "_validation_labels"}
MAX_FUNCTION_LINES = 80


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imported_modules(name: str, path: Path) -> set[str]:
    """Los módulos de course_utils que ``name`` importa, en cualquier parte de su código."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            # ``from paquete import módulo`` importa el módulo; ``from módulo import nombre``,
            # el módulo.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                       for a in node.names]
        else:
            continue
        found.update(t for t in targets if t in MODULES and t != name)
    return found


def test_every_module_lives_in_a_part_of_the_course():
    assert {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()} \
        == PARTS
    flat = {p.stem for p in PACKAGE.glob("*.py")}
    assert flat == ROOT_MODULES, f"módulos sueltos en course_utils/: {sorted(flat - ROOT_MODULES)}"
    for part in PARTS:
        doc = ast.get_docstring(ast.parse((PACKAGE / part / "__init__.py").read_text("utf-8")))
        assert doc, f"course_utils/{part}/__init__.py necesita un docstring que presente la parte"


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """Un círculo del grafo de importaciones, o None (búsqueda en profundidad)."""
    state: dict[str, int] = {}  # 1: en la pila, 2: terminado
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for name in sorted(graph):
        if name not in state and (cycle := visit(name)):
            return cycle
    return None


def test_no_import_circles():
    graph = {name: _imported_modules(name, path) for name, path in MODULES.items()}
    assert "course_utils.many_models.posthoc" in graph["course_utils.many_models.paired_posthoc"]
    cycle = _find_cycle(graph)
    assert cycle is None, "círculo de importaciones: " + " → ".join(cycle or [])


def test_the_cycle_check_sees_a_cycle_through_a_function_level_import(tmp_path, monkeypatch):
    fake = {"course_utils.a": tmp_path / "a.py", "course_utils.b": tmp_path / "b.py"}
    fake["course_utils.a"].write_text("from course_utils.b import x\n")
    fake["course_utils.b"].write_text("def f():\n    from course_utils.a import y\n")
    monkeypatch.setitem(globals(), "MODULES", fake)
    graph = {name: _imported_modules(name, path) for name, path in fake.items()}
    assert _find_cycle(graph) == ["course_utils.a", "course_utils.b", "course_utils.a"]


def test_public_names_are_unchanged():
    lines = (ROOT / "tests" / "data" / "public_names.txt").read_text("utf-8").splitlines()
    before = {line for line in lines if line and not line.startswith("#")}
    assert len(before) > 100
    assert not before - set(cu.__all__), sorted(before - set(cu.__all__))
    for name in sorted(before):
        assert getattr(cu, name) is not None, name


def _forget(old: str) -> None:
    sys.modules.pop(f"course_utils.{old}", None)
    if old in vars(cu):
        delattr(cu, old)


@pytest.mark.parametrize("old", sorted(MOVED))
def test_old_module_path_still_works_with_a_spanish_deprecation_warning(old):
    new = MOVED[old]
    assert (PACKAGE / (new.replace(".", "/") + ".py")).is_file()
    module = importlib.import_module(f"course_utils.{new}")
    _forget(old)
    with pytest.warns(DeprecationWarning) as record:
        alias = importlib.import_module(f"course_utils.{old}")
    # La ruta antigua no se queda en sys.modules ni como atributo de course_utils: otra prueba
    # que la usara por descuido dejaría de recibir el aviso.
    _forget(old)
    assert alias is module
    # El módulo conserva su especificación (la de la ruta nueva): importlib.reload lo recarga.
    assert module.__spec__.name == f"course_utils.{new}"
    message = str(record[0].message)
    assert f"course_utils.{new}" in message and "ha pasado a" in message
    # El aviso señala la línea que importa, no la maquinaria de importación.
    assert record[0].filename == __file__


def test_old_path_warning_reaches_a_script_user():
    # Con los filtros por omisión de Python, un DeprecationWarning solo se ve si se atribuye al
    # código de quien importa (``__main__``).
    script = "from course_utils.mcnemar import mcnemar_test\nprint(mcnemar_test.__module__)\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "course_utils.two_models.mcnemar"
    assert "DeprecationWarning" in done.stderr
    assert "course_utils.two_models.mcnemar" in done.stderr


def test_reload_after_an_old_path_import_reloads_the_module():
    # %autoreload (IPython) usa importlib.reload: tras importar la ruta antigua debe recargar el
    # módulo de verdad (en un proceso aparte: recargar aquí cambiaría las clases de otras pruebas).
    script = ("import importlib, warnings\n"
              "warnings.simplefilter('ignore')\n"
              "import course_utils.metrics\n"
              "import course_utils.measure.metrics as m\n"
              "before = m.classification_metrics\n"
              "importlib.reload(m)\n"
              "print(m.__spec__.name, m.classification_metrics is not before)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.split() == ["course_utils.measure.metrics", "True"], done.stdout


def test_new_paths_import_without_warnings():
    # En un proceso nuevo, con los avisos como errores: aquí casi todos los módulos ya están
    # importados (por las pruebas anteriores) y un aviso al importarlos no se vería.
    script = ("import importlib, sys\n"
              f"for name in {sorted(MODULES)!r}:\n"
              "    importlib.import_module(name)\n")
    done = subprocess.run([sys.executable, "-W", "error", "-c", script], capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]


def _code_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    lines = node.end_lineno - node.lineno + 1
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
            and isinstance(first.value.value, str):
        lines -= first.end_lineno - first.lineno + 1
    return lines


def test_the_measure_counts_code_lines_without_the_docstring():
    source = 'def f(x):\n    """Uno.\n\n    Dos.\n    """\n    y = x\n    return y\n'
    node = ast.parse(source).body[0]
    assert _code_lines(node) == 3  # def, y = x, return y


def test_no_function_is_longer_than_80_lines_of_code():
    long = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if _code_lines(node) > MAX_FUNCTION_LINES:
                    long.append(f"{name}.{node.name}: {_code_lines(node)} líneas")
    assert not long, "funciones demasiado largas (divídalas en pasos con nombre):\n" + \
        "\n".join(long)


def test_contributing_maps_every_module_to_its_part():
    import re

    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    rows = {line.split("`")[1].rstrip("/"): line for line in text.splitlines()
            if line.startswith("| `") and "/` |" in line}
    assert set(rows) == PARTS
    for part in PARTS - {"report"}:  # el informe nombra sus pasos, no cada módulo privado
        named = set(re.findall(r"`([a-z_0-9]+)`", rows[part].split(" | ")[3]))
        modules = {p.stem for p in (PACKAGE / part).glob("*.py") if p.stem != "__init__"}
        assert modules <= named, f"CONTRIBUTING no sitúa en {part}/: {sorted(modules - named)}"


def test_no_module_passes_800_lines():
    # Un módulo más largo se divide según las preguntas que responde (como two_models/bayesian y
    # sus figuras en _bayesian_drawing).
    long = {name: n for name, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 800}
    assert not long, f"módulos de más de 800 líneas: {long}"
