"""Edición de clase: copias para estudiantes, reglas de proyector, diapositivas y anatomía.

Pruebas estáticas y rápidas (no ejecutan ningún cuaderno):

- las copias de ``notebooks/alumnos/`` son exactamente lo que genera hoy
  ``tools/make_student_copies.py``, sin rastro de las soluciones, con las demás celdas intactas, y
  corren de arriba abajo sin las soluciones (análisis estático de nombres con :mod:`ast`,
  probado aquí mismo sobre cuadernos sintéticos, incluidos casos que deben fallar);
- cada cuaderno de ``notebooks/`` cumple las reglas de ``CONTRIBUTING.md`` para una sala: figuras
  de al menos 600 px de ancho, líneas de código de 100 caracteres como máximo, celdas de 30 líneas
  como máximo, objetivos en viñetas, plan de la sesión con minutos, «Para recordar», diapositivas
  coherentes y soluciones plegadas (también su salida).

No se ejecuta ninguna copia por defecto: arrancar un núcleo y ejecutar la copia de 00, de las más
cortas, llevó 13 s en una máquina de 2 núcleos ocupada (más que todo este módulo), y las celdas de
las copias son las de los originales, que nbval ya ejecuta; lo que cambia (faltan las soluciones)
es justo lo que comprueba el análisis estático. Para ejecutarlas de verdad desde
``notebooks/alumnos/`` y comparar su texto con el guardado:
``COURSE_RUN_STUDENT_COPIES=1 python -m pytest -n 0 tests/test_classroom.py -k ejecuta``.
"""

from __future__ import annotations

import ast
import base64
import copy
import functools
import io
import json
import os
import re
import struct
import sys
import tomllib
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import classroom  # noqa: E402
import make_student_copies  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
IDS = [p.name for p in NOTEBOOKS]
STUDENTS = ROOT / "notebooks" / "alumnos"

MIN_PNG_WIDTH = 600
MAX_LINE = 100
MAX_CELL_LINES = 30


@functools.lru_cache(maxsize=None)
def read(path: Path) -> nbformat.NotebookNode:
    """El cuaderno guardado (compartido entre pruebas: quien lo modifique, que lo copie antes)."""
    return nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)


@functools.lru_cache(maxsize=1)
def expected_files() -> dict[Path, str]:
    return make_student_copies.expected_files(read)


def markdown_cells(nb):
    return [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]


def bullets(text: str) -> list[str]:
    """Viñetas de primer nivel (``-``, ``*`` o ``+`` al principio de la línea)."""
    return [line for line in text.splitlines() if re.match(r"^[-*+]\s+\S", line)]


# =============================================================================== copias


def test_every_notebook_has_a_current_student_copy():
    """Regenerar las copias no cambiaría nada (ni faltan ni sobran ficheros)."""
    files = expected_files()
    present = {p for p in STUDENTS.iterdir() if p.is_file()} if STUDENTS.exists() else set()
    missing = sorted(p.name for p in files if p not in present)
    extra = sorted(p.name for p in present - set(files))
    outdated = sorted(
        p.name for p, text in files.items()
        if p in present and not make_student_copies.is_current(p, text)
    )
    hint = "regenere con: python tools/make_student_copies.py"
    assert not missing, f"faltan en notebooks/alumnos/: {missing}; {hint}"
    assert not extra, f"sobran en notebooks/alumnos/: {extra}; {hint}"
    assert not outdated, f"copias desactualizadas: {outdated}; {hint}"


@pytest.mark.parametrize("name", make_student_copies.SHARED)
def test_students_folder_has_the_course_style(name):
    """El estilo de las figuras (matplotlibrc) y de las diapositivas (rise.css) está también junto
    a las copias: Matplotlib y RISE los buscan en la carpeta del cuaderno."""
    assert (STUDENTS / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()


def _output_fingerprints(cell) -> set[str]:
    out = set()
    for o in cell.get("outputs", []):
        if o.get("output_type") == "stream":
            text = "".join(o.get("text", ""))
            if text.strip():
                out.add(text)
        for value in o.get("data", {}).values():
            text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
            text = "".join(text) if isinstance(text, list) else text
            if text.strip():
                out.add(text)
        if o.get("output_type") == "error":
            out.add("\n".join(o.get("traceback", [])))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_student_copy_has_no_solution(path):
    nb = read(path)
    student = classroom.student_copy(nb)
    solutions = [c for c in nb.cells if classroom.is_solution(c)]
    assert solutions, f"{path.name}: no tiene soluciones"
    kept_outputs = set().union(*[_output_fingerprints(c) for c in nb.cells if not classroom.is_solution(c)])
    solution_outputs = set().union(*[_output_fingerprints(c) for c in solutions]) - kept_outputs
    for i, cell in enumerate(student.cells):
        assert not classroom.is_solution(cell), f"{path.name}: la celda {i} de la copia es una solución"
        for sol in solutions:
            code = sol.source.strip()
            if len(code) > 20:
                assert code not in cell.source, f"{path.name}: la celda {i} contiene una solución"
        leaked = _output_fingerprints(cell) & solution_outputs
        assert not leaked, f"{path.name}: la celda {i} de la copia muestra la salida de una solución"
    exercise_cells = [c for c in student.cells if classroom.EXERCISE_TAG in classroom.tags(c)]
    ids = {c.id for c in solutions}
    for cell in exercise_cells:
        assert cell.cell_type == "code" and cell.outputs == [] and cell.execution_count is None
        assert cell.id in ids
        assert cell.source.startswith("# ") and "escriba aquí su solución" in cell.source.casefold()
        assert "jupyter" not in cell.metadata, "la celda del ejercicio no debe estar plegada"
        assert classroom.slide_type(cell) == classroom.CONTINUE


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_student_copy_keeps_every_other_cell(path):
    """Mismas celdas (salvo soluciones), mismas salidas y metadatos, mismos metadatos del cuaderno;
    solo cambian los enlaces Markdown ``../`` (la copia está una carpeta más abajo) y las celdas de
    comprobación de los ejercicios (etiqueta ``check``), que pierden su salida guardada."""
    nb = read(path)
    student = classroom.student_copy(nb)
    assert student.metadata == nb.metadata
    assert (student.nbformat, student.nbformat_minor) == (nb.nbformat, nb.nbformat_minor)
    expected = []
    runs = 0
    previous = False
    for cell in nb.cells:
        if classroom.is_solution(cell):
            runs += not previous
            previous = True
            continue
        previous = False
        cell = copy.deepcopy(cell)
        if cell.cell_type == "markdown":
            cell.source = classroom.relink_markdown(cell.source)
        if classroom.is_check(cell):
            # La comprobación de un ejercicio queda sin salida: la guardada confirma el valor del
            # docente y lleva su declaración en los metadatos (tests/test_exercise_checks.py).
            classroom.blank_check_cell(cell)
        expected.append(cell)
    others = [c for c in student.cells if classroom.EXERCISE_TAG not in classroom.tags(c)]
    assert others == expected
    assert len(student.cells) - len(others) == runs, "una celda vacía por cada grupo de soluciones"


def test_relink_markdown_only_touches_links_that_leave_notebooks():
    text = "[README](../README.md), [04](04_prueba.ipynb), ![f](../data/x.png), «../no es enlace»"
    assert classroom.relink_markdown(text) == (
        "[README](../../README.md), [04](04_prueba.ipynb), ![f](../../data/x.png), «../no es enlace»"
    )


def _parent_relative_paths(source: str) -> list[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        tree = ast.parse(classroom.python_source(source))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value == ".." or re.match(r"^\.\.[/\\]", node.value):
                found.append(node.value)
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_student_copy_finds_files_from_its_folder(path):
    """Ninguna celda usa rutas relativas a la carpeta del cuaderno (``Path("..")``): desde
    ``notebooks/alumnos/`` apuntarían a otro sitio. Los datos se leen con ``course_utils``, que
    los localiza por sí mismo, y ``matplotlibrc`` se copia junto a las copias."""
    nb = read(path)
    bad = [
        f"celda {i}: {paths}"
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code" and (paths := _parent_relative_paths(c.source))
    ]
    assert not bad, f"{path.name}: rutas relativas a notebooks/ que fallan en la copia: {bad}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_student_copy_runs_without_solutions(path):
    """Ninguna celda que no sea solución usa un nombre que solo define (o que modifica) una
    solución: la copia corre de arriba abajo y da los mismos resultados guardados."""
    problems = classroom.solution_dependencies(read(path))
    assert not problems, f"{path.name}:\n" + "\n".join(p.message() for p in problems)


def _visible_after_solution(nb) -> list[int]:
    """Celdas que siguen a una solución sin abrir una sección nueva: un comentario de la solución
    que no lleva la etiqueta ``solution`` quedaría a la vista en la copia de estudiantes. La celda
    de comprobación del ejercicio (etiqueta ``check``) sí va justo detrás de la solución."""
    return [
        i for i in range(1, len(nb.cells))
        if classroom.is_solution(nb.cells[i - 1]) and not classroom.is_solution(nb.cells[i])
        and not classroom.is_check(nb.cells[i])
        and not (nb.cells[i].cell_type == "markdown"
                 and classroom.first_line(nb.cells[i].source).startswith("#"))
    ]


def test_visible_after_solution_detects_an_untagged_comment():
    nb = _nb(("md", "### Ejercicio 1"), ("sol", "x = 1"), ("md", "Así se ve que x = 1."),
             ("md", "### Ejercicio 2"), ("sol", "y = 2"), ("md", "## Para recordar"))
    assert _visible_after_solution(nb) == [2]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_solutions_end_where_a_new_section_starts(path):
    bad = _visible_after_solution(read(path))
    assert not bad, (
        f"{path.name}: celdas {bad} siguen a una solución sin etiqueta «solution» ni encabezado: "
        "en la copia de estudiantes se verían (etiquételas «solution» si comentan la solución)"
    )


@pytest.mark.skipif(
    not os.environ.get("COURSE_RUN_STUDENT_COPIES"),
    reason="lento: defina COURSE_RUN_STUDENT_COPIES=1 para ejecutar las copias de verdad",
)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_student_copy_ejecuta_de_verdad(path):
    """Ejecuta la copia desde notebooks/alumnos/ y compara las salidas de texto guardadas."""
    from nbclient import NotebookClient

    student = nbformat.reads((STUDENTS / path.name).read_text(encoding="utf-8"), as_version=4)
    stored = copy.deepcopy(student)
    NotebookClient(
        student, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(STUDENTS)}}
    ).execute()
    for i, (old, new) in enumerate(zip(stored.cells, student.cells)):
        if old.cell_type != "code":
            continue
        texts_old = ["".join(o.get("text", "")) for o in old.outputs if o.output_type == "stream"]
        texts_new = ["".join(o.get("text", "")) for o in new.outputs if o.output_type == "stream"]
        assert "".join(texts_new) == "".join(texts_old), f"{path.name}: celda {i} distinta"


# ----------------------------------------------------- el analizador estático, sobre casos pequeños


def _nb(*cells):
    """Cuaderno sintético: ``"código"``, ``("sol", "código")``, ``("md", "texto")`` o
    ``("raises", "código")``."""
    nb = nbformat.v4.new_notebook()
    for cell in cells:
        kind, source = ("code", cell) if isinstance(cell, str) else cell
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(source))
            continue
        new = nbformat.v4.new_code_cell(source)
        if kind == "sol":
            new.metadata["tags"] = ["solution"]
        elif kind == "raises":
            new.metadata["tags"] = ["raises-exception"]
        nb.cells.append(new)
    return nb


def _names(*cells):
    return [(p.name, p.only_in_solutions) for p in classroom.solution_dependencies(_nb(*cells))]


@pytest.mark.parametrize(
    "cells, expected",
    [
        # El caso que debe fallar: una celda posterior usa lo que define la solución.
        (["import numpy as np", ("sol", "res = np.sqrt(2)"), "print(res)"], [("res", True)]),
        (["x = 1", ("sol", "y = x + 1"), "print(x)"], []),
        # Definido antes por una celda normal: la copia también lo tiene.
        (["res = 0", ("sol", "res2 = 1"), "print(res)"], []),
        # La celda lo define antes de leerlo.
        ([("sol", "res = 1"), "res = 2\nprint(res)"], []),
        # ... pero no si lo lee antes de definirlo.
        ([("sol", "res = 1"), "print(res)\nres = 2"], [("res", True)]),
        # Asignación aumentada: lee el nombre.
        ([("sol", "total = 0"), "total += 1"], [("total", True)]),
        # del: necesita que el nombre exista.
        ([("sol", "tmp = 1"), "del tmp"], [("tmp", True)]),
        # Importaciones hechas solo en la solución.
        ([("sol", "from math import sqrt"), "sqrt(2)"], [("sqrt", True)]),
        ([("sol", "import os.path"), "os.getcwd()"], [("os", True)]),
        (["import math", ("sol", "import math"), "math.pi"], []),
        (["from math import pi", ("sol", "from math import pi"), "pi"], []),
        (["import math as m", ("sol", "import cmath as m"), "m.pi"], [("m", False)]),
        (["import math", ("sol", "import math\nmath = 3"), "math.pi"], [("math", False)]),
        # Atributos: cuenta el nombre de la izquierda, no el del atributo.
        ([("sol", "attr = 1"), "import math\nmath.attr if False else None"], []),
        ([("sol", "obj = object()"), "obj.attr"], [("obj", True)]),
        # Comprensiones: la variable del for es local; lo demás se lee fuera.
        ([("sol", "x = 1"), "[x for x in range(3)]"], []),
        ([("sol", "y = 1"), "[y for x in range(3)]"], [("y", True)]),
        ([("sol", "data = [1]"), "[x for x in data]"], [("data", True)]),
        ([("sol", "k = 1"), "{k: v for k, v in {}.items()}"], []),
        # «:=» dentro de una comprensión define el nombre fuera (solo como posible).
        ([("sol", "n = 1"), "[n := i for i in range(3)]\nprint(n)"], [("n", True)]),
        # Funciones: parámetros y locales no cuentan; los nombres libres sí.
        ([("sol", "a = 1"), "def f(a):\n    return a"], []),
        ([("sol", "a = 1"), "def f():\n    a = 2\n    return a"], []),
        ([("sol", "a = 1"), "def f():\n    return a"], [("a", True)]),
        ([("sol", "a = 1"), "f = lambda: a"], [("a", True)]),
        ([("sol", "a = 1"), "f = lambda a: a"], []),
        ([("sol", "a = 1"), "def f(b=a):\n    return b"], [("a", True)]),
        # Usar una función definida antes arrastra los nombres libres de su cuerpo.
        (["a = 1\ndef f():\n    return a", ("sol", "a = 5"), "f()"], [("a", False)]),
        # Clases: el cuerpo se ejecuta al definirla.
        ([("sol", "base = object"), "class C(base):\n    pass"], [("base", True)]),
        ([("sol", "z = 1"), "class C:\n    w = z"], [("z", True)]),
        # Ramas: lo definido en una sola rama no cuenta como seguro.
        ([("sol", "r = 1"), "if True:\n    r = 2\nprint(r)"], [("r", True)]),
        ([("sol", "r = 1"), "if True:\n    r = 2\nelse:\n    r = 3\nprint(r)"], []),
        ([("sol", "r = 1"), "for i in range(2):\n    r = i\nprint(r)"], [("r", True)]),
        ([("sol", "e = 1"), "try:\n    pass\nexcept Exception as e:\n    pass\nprint(e)"], [("e", True)]),
        ([("sol", "fh = 1"), "with open('x') as fh:\n    pass\nprint(fh)"], []),
        # La solución redefine o modifica un nombre que después se usa: otro resultado en la copia.
        (["df = [1, 2]", ("sol", "df = df[:1]"), "len(df)"], [("df", False)]),
        (["d = {}", ("sol", "d['k'] = 1"), "print(d)"], [("d", False)]),
        (["o = type('O', (), {})()", ("sol", "o.a = 1"), "print(o)"], [("o", False)]),
        (["c = 0", ("sol", "c += 1"), "print(c)"], [("c", False)]),
        (["c = 0", ("sol", "del c"), "print(c)"], [("c", False)]),
        # ... salvo que una celda normal lo vuelva a definir antes de usarlo.
        (["df = [1, 2]", ("sol", "df = df[:1]"), "df = [3]", "len(df)"], []),
        # «global» dentro de una función de la solución.
        ([("sol", "def g():\n    global q\n    q = 1\ng()"), "print(q)"], [("q", True)]),
        # Órdenes de IPython.
        ([("sol", "%time w = 1"), "%time print(w)"], [("w", True)]),
        ([("sol", "%%time\nw = 1"), "print(w)"], [("w", True)]),
        (["%matplotlib inline\nimport math", ("sol", "v = 1"), "!echo hola\nprint(v)"], [("v", True)]),
        # Markdown y celdas que lanzan: una celda que falla puede no definir nada.
        ([("md", "# Título"), ("sol", "m = 1"), ("md", "texto"), "m"], [("m", True)]),
        (["s = 1", ("raises", "s = 1 / 0"), ("sol", "s = 2"), "print(s)"], [("s", False)]),
        # Nombres que no define nadie (built-ins): no son cosa de las soluciones.
        ([("sol", "x = len([1])"), "print(len([2]))"], []),
    ],
)
def test_solution_dependency_checker(cells, expected):
    assert _names(*cells) == expected


def test_solution_dependency_checker_reports_unparsable_cells():
    problems = classroom.solution_dependencies(_nb("x = (", ("sol", "y = 1")))
    assert [p.name for p in problems] == [""] and "no es código Python" in problems[0].message()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_checker_sees_an_added_dependency_in_a_real_notebook(path):
    """Sobre cada cuaderno real: añadir tras la última solución una celda que usa un nombre que
    solo esa solución define hace aparecer exactamente ese problema."""
    nb = copy.deepcopy(read(path))
    # La respuesta ``respuesta_N`` que lee la comprobación de un ejercicio no cuenta: la copia de
    # estudiantes la define en la celda del ejercicio. Se toma la última solución con otros nombres.
    names: list[str] = []
    for last in sorted((i for i, c in enumerate(nb.cells) if classroom.is_solution(c)
                        and c.cell_type == "code"), reverse=True):
        earlier = set()
        for cell in nb.cells[:last]:
            if cell.cell_type == "code":
                earlier |= classroom.analyze_cell(cell.source).writes
        names = sorted(n for n in classroom.analyze_cell(nb.cells[last].source).definite - earlier
                       if not classroom.ANSWER_NAME.match(n))
        if names:
            break
    if not names:
        pytest.skip("la última solución no define nombres nuevos")
    before = len(classroom.solution_dependencies(nb))
    nb.cells.insert(last + 1, nbformat.v4.new_code_cell(f"print({names[0]})"))
    after = classroom.solution_dependencies(nb)
    assert [(p.cell, p.name, p.only_in_solutions) for p in after if p.cell == last + 1] == [
        (last + 1, names[0], True)
    ]
    assert len(after) == before + 1


def test_student_copy_collapses_consecutive_solutions_and_keeps_ids():
    nb = _nb(("md", "### Ejercicio 3\n\nEnunciado"), ("sol", "a = 1"), ("sol", "print(a)"),
             ("md", "### Ejercicio 4"), ("sol", "b = 2"), "c = 3")
    nb.cells[1].metadata["jupyter"] = {"source_hidden": True, "outputs_hidden": True}
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    nb.cells[1].execution_count = 7
    student = classroom.student_copy(nb)
    assert [c.source for c in student.cells] == [
        "### Ejercicio 3\n\nEnunciado",
        "# Ejercicio 3: escriba aquí su solución.",
        "### Ejercicio 4",
        "# Ejercicio 4: escriba aquí su solución.",
        "c = 3",
    ]
    blank = student.cells[1]
    assert blank.id == nb.cells[1].id and blank.outputs == [] and blank.execution_count is None
    assert blank.metadata == {"tags": ["exercise"], "slideshow": {"slide_type": "-"}}
    assert student.cells[4] == nb.cells[5]
    assert classroom.student_copy(student) == student  # idempotente: ya no hay soluciones


def test_student_copy_removes_tagged_markdown_comments_of_a_solution():
    nb = _nb(("md", "### Ejercicio 1"), ("sol", "a = 1"), ("md", "Comentario: a vale 1."), ("sol", "a"))
    nb.cells[2].metadata["tags"] = ["solution"]
    student = classroom.student_copy(nb)
    assert [c.source for c in student.cells] == [
        "### Ejercicio 1", "# Ejercicio 1: escriba aquí su solución."
    ]


# ====================================================================== metadatos de clase


def _slides(*sources):
    cells = []
    for s in sources:
        if isinstance(s, tuple):
            cells.append(nbformat.v4.new_code_cell(s[1], metadata={"tags": ["solution"]}))
        elif s.startswith("code:"):
            cells.append(nbformat.v4.new_code_cell(s[5:]))
        else:
            cells.append(nbformat.v4.new_markdown_cell(s))
    return classroom.expected_slide_types(cells)


def test_slide_rules():
    assert _slides(
        "# 01 · Título", "texto", "## 1. Sección", "code:x = 1", "### 1.1 Sub", "#### detalle",
        "## Para profundizar: fuerza bruta", "code:y = 2", "### dentro, nivel inferior",
        "## 2. Siguiente", "### Para profundizar: la fuente", "texto", "### 2.1 Fuera",
        "## Ejercicios\n\n### Ejercicio 1", ("sol", "z = 3"), "## Para recordar",
    ) == [
        "slide", "-", "slide", "-", "subslide", "-",
        "skip", "skip", "skip",
        "slide", "skip", "skip", "subslide",
        "slide", "skip", "slide",
    ]


def test_slide_rules_ignore_headings_in_code_fences_and_follow_headings_inside_cells():
    assert _slides(
        "## A", "```python\n## no es un encabezado\n```", "texto\n\n### Para profundizar: x",
        "code:1", "## B", "    ## bloque de código sangrado", "#etiqueta\n\n## no empieza la celda",
        "\n## tras una línea en blanco",
    ) == ["slide", "-", "-", "skip", "slide", "-", "-", "slide"]


def _figure_cell(width: int, height: int) -> nbformat.NotebookNode:
    """Una celda de código de una línea cuya salida es una figura PNG de ``width``×``height``."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(buffer, format="PNG")
    cell = nbformat.v4.new_code_cell("plt.show()")
    cell.outputs = [nbformat.v4.new_output(
        "display_data", data={"image/png": base64.b64encode(buffer.getvalue()).decode(),
                              "text/plain": "<Figure>"})]
    return cell


def test_png_size_is_read_from_the_stored_figure():
    """El tamaño que usa la estimación es el de la imagen (según Pillow), también con la cadena
    base64 partida en líneas como la guardan algunos cuadernos."""
    from PIL import Image

    cell = _figure_cell(858, 474)
    data = cell.outputs[0]["data"]["image/png"]
    with Image.open(io.BytesIO(base64.b64decode(data))) as image:
        assert classroom._png_size(data) == image.size == (858, 474)
    wrapped = "\n".join(data[i:i + 76] for i in range(0, len(data), 76))
    assert classroom._png_size(wrapped) == (858, 474)


def test_a_section_taller_than_the_screen_is_split_into_subslides():
    """A 1024×768 caben una figura de 400 px y su título, no dos figuras: la segunda y la tercera
    abren subdiapositiva; una celda corta tras la tercera sigue en la suya."""
    heading = nbformat.v4.new_markdown_cell("## 3. Una sección con figuras")
    short = nbformat.v4.new_markdown_cell("Lo que hay que ver en la figura.")
    cells = [heading, _figure_cell(900, 400), _figure_cell(900, 400), _figure_cell(900, 400), short]
    assert classroom.expected_slide_types(cells) == ["slide", "-", "subslide", "subslide", "-"]
    assert all(classroom.estimated_height(c) < classroom.SLIDE_BUDGET for c in cells)
    assert classroom.estimated_height(cells[1]) + classroom.estimated_height(cells[2]) > 748
    # Una figura enorme no pasa de lo que rise.css le deja (algo más de media pantalla).
    assert classroom.estimated_height(_figure_cell(900, 3000)) < 0.6 * 768


def test_short_sections_stay_on_one_slide():
    cells = [nbformat.v4.new_markdown_cell("## 1. Sección"),
             nbformat.v4.new_code_cell("x = 1\nprint(x)"),
             nbformat.v4.new_markdown_cell("Un párrafo.\n\n$$x^2$$"),
             _figure_cell(600, 300)]
    assert classroom.expected_slide_types(cells) == ["slide", "-", "-", "-"]


def test_normalization_is_idempotent_and_hides_solution_outputs():
    nb = read(NOTEBOOKS[0])
    once = classroom.normalize_classroom_metadata(copy.deepcopy(nb))
    twice = classroom.normalize_classroom_metadata(copy.deepcopy(once))
    assert classroom.dumps(once) == classroom.dumps(twice)
    assert once.metadata["rise"]["scroll"] is True
    for cell in once.cells:
        assert classroom.slide_type(cell) in classroom.SLIDE_TYPES
        if classroom.is_solution(cell):
            assert cell.metadata["jupyter"] == {"source_hidden": True, "outputs_hidden": True}


def test_alternative_text_is_copied_to_the_figure_outputs():
    """El texto alternativo de la celda (un texto, o uno por figura) pasa a los metadatos de cada
    salida de imagen, que conservan lo demás; unos metadatos mal formados no se copian; la celda
    vacía que sustituye a una solución no hereda el texto de una figura que ya no tiene."""
    nb = _nb(("md", "### Ejercicio 1"), "fig", "figs", "mal", ("sol", "fig"))
    nb.cells[1] = _figure_cell(600, 300)
    nb.cells[1].metadata["alt"] = "  Histograma de la exactitud de los dos modelos.  "
    nb.cells[1].outputs[0].metadata = {"image/png": {"width": 600}}
    nb.cells[2] = _figure_cell(600, 300)
    nb.cells[2].outputs.append(_figure_cell(300, 300).outputs[0])
    nb.cells[2].metadata["alt"] = ["Primera figura.", "Segunda figura."]
    nb.cells[3] = _figure_cell(600, 300)
    nb.cells[3].metadata["alt"] = ["Una.", "Dos."]
    nb.cells[4].outputs = _figure_cell(600, 300).outputs
    nb.cells[4].metadata["alt"] = "Curva de la solución."
    once = classroom.normalize_classroom_metadata(copy.deepcopy(nb))
    assert [o.metadata for o in once.cells[1].outputs] == [
        {"image/png": {"width": 600, "alt": "Histograma de la exactitud de los dos modelos."}}]
    assert [o.metadata["image/png"]["alt"] for o in once.cells[2].outputs] == [
        "Primera figura.", "Segunda figura."]
    assert once.cells[3].outputs[0].metadata == {}
    with pytest.raises(ValueError, match=r"«alt» no válidos.*lista de 1 textos.*'Dos.'"):
        classroom.figure_alt_texts(once.cells[3])
    twice = classroom.normalize_classroom_metadata(copy.deepcopy(once))
    assert classroom.dumps(once) == classroom.dumps(twice)
    student = classroom.student_copy(once)
    assert "alt" not in student.cells[4].metadata and student.cells[4].outputs == []
    assert student.cells[1].metadata["alt"] == nb.cells[1].metadata["alt"]


def test_run_notebooks_metadata_only_refreshes_without_executing(tmp_path):
    """``--metadata-only`` pone los metadatos de clase sin tocar salidas; la segunda vez, nada."""
    import run_notebooks

    nb = copy.deepcopy(read(NOTEBOOKS[1]))
    for cell in nb.cells:
        cell.metadata.pop("slideshow", None)
        cell.metadata.pop("jupyter", None)
    path = tmp_path / NOTEBOOKS[1].name
    path.write_text(classroom.dumps(nb), encoding="utf-8")
    assert run_notebooks.main(["--metadata-only", str(path)]) == 0
    first = path.read_text(encoding="utf-8")
    assert run_notebooks.refresh_metadata(path) is False
    assert path.read_text(encoding="utf-8") == first
    refreshed = nbformat.reads(first, as_version=4)
    assert [c.get("outputs") for c in refreshed.cells] == [c.get("outputs") for c in nb.cells]
    assert [classroom.slide_type(c) for c in refreshed.cells] == classroom.expected_slide_types(nb.cells)
    assert all(
        c.metadata["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
        for c in refreshed.cells if classroom.is_solution(c)
    )


# ============================================================ reglas para una sala (por cuaderno)


def _png_width(b64: str) -> int:
    raw = base64.b64decode(b64)
    assert raw[:8] == b"\x89PNG\r\n\x1a\n" and raw[12:16] == b"IHDR", "no es un PNG"
    return struct.unpack(">I", raw[16:20])[0]


def test_png_width_reader():
    """Contra Pillow, que escribe y lee PNG por su cuenta."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (650, 3)).save(buf, format="PNG")
    b64 = base64.b64encode(buf.getvalue()).decode()
    assert _png_width(b64) == 650 == Image.open(io.BytesIO(base64.b64decode(b64))).width


def _rc(path: Path) -> dict[str, str]:
    rc = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if ":" in line:
            key, value = line.split(":", 1)
            rc[key.strip()] = value.strip()
    return rc


def test_matplotlibrc_is_projector_ready():
    rc = _rc(ROOT / "notebooks" / "matplotlibrc")
    assert float(rc["figure.dpi"]) >= 110
    assert rc.get("savefig.dpi", "figure") == "figure" or float(rc["savefig.dpi"]) >= 110
    assert float(rc["font.size"]) >= 12
    assert float(rc["figure.figsize"].split(",")[0]) >= 6


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_figures_are_wide_enough(path):
    small = []
    for i, cell in enumerate(read(path).cells):
        for out in cell.get("outputs", []):
            png = out.get("data", {}).get("image/png")
            if png and (w := _png_width(png)) < MIN_PNG_WIDTH:
                small.append(f"celda {i}: {w} px")
    assert not small, f"{path.name}: figuras de menos de {MIN_PNG_WIDTH} px de ancho: {small}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_code_lines_fit_the_screen(path):
    long = [
        f"celda {i}: {len(line)} caracteres"
        for i, c in enumerate(read(path).cells) if c.cell_type == "code"
        for line in c.source.splitlines() if len(line) > MAX_LINE
    ]
    assert not long, f"{path.name}: líneas de código de más de {MAX_LINE} caracteres: {long}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_code_cells_are_short(path):
    long = [
        f"celda {i}: {n} líneas"
        for i, c in enumerate(read(path).cells)
        if c.cell_type == "code" and (n := len(c.source.splitlines())) > MAX_CELL_LINES
    ]
    assert not long, f"{path.name}: celdas de código de más de {MAX_CELL_LINES} líneas: {long}"


def _block_after(nb, label: str) -> str:
    """El texto Markdown desde el rótulo (``**Objetivos.**`` o ``## Objetivos``) hasta el
    siguiente rótulo en negrita o encabezado (si queda vacío, sigue en la celda siguiente)."""
    cells = markdown_cells(nb)
    marker = re.compile(rf"^(\*\*|#+\s+){re.escape(label)}", re.M)
    for k, (_, cell) in enumerate(cells):
        m = marker.search(cell.source)
        if not m:
            continue
        rest = cell.source[m.end():].split("\n", 1)
        lines = rest[1].splitlines() if len(rest) > 1 else []
        if k + 1 < len(cells) and not any(line.strip() for line in lines):
            lines = cells[k + 1][1].source.splitlines()
        block = [rest[0]]
        for line in lines:
            if re.match(r"^(\*\*|#)", line):
                break
            block.append(line)
        return "\n".join(block)
    return ""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_objectives_are_a_short_bullet_list(path):
    block = _block_after(read(path), "Objetivos")
    assert block, f"{path.name}: no hay «Objetivos»"
    n = len(bullets(block))
    assert 3 <= n <= 5, f"{path.name}: los objetivos deben ser una lista de 3 a 5 viñetas (hay {n})"


def _first_int(text: str) -> int | None:
    m = re.search(r"\d+", text)
    return int(m.group()) if m else None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_session_plan_table_with_minutes(path):
    block = _block_after(read(path), "Plan de la sesión")
    assert block, f"{path.name}: no hay «Plan de la sesión»"
    assert re.search(r"\b(una|dos|1|2)\s+sesi[oó]n(es)?\b", block, re.I), (
        f"{path.name}: el plan debe decir en cuántas sesiones (una o dos) se enseña"
    )
    rows = [
        [c.strip() for c in line.strip().strip("|").split("|")]
        for line in block.splitlines() if line.strip().startswith("|")
    ]
    rows = [r for r in rows if not all(re.fullmatch(r":?-+:?", c) for c in r)]
    assert len(rows) >= 3, f"{path.name}: el plan debe ser una tabla «sección | minutos»"
    header, body = rows[0], rows[1:]
    col = next((j for j, h in enumerate(header) if "minutos" in h.lower()), None)
    assert col is not None, f"{path.name}: la tabla del plan no tiene columna «minutos»"
    cell = [r[col].strip("* ") if col < len(r) else "" for r in body]
    # Filas sin minutos: rótulos de grupo («*Sesión 1*»), no secciones. Las opcionales van
    # debajo del total, que suma solo las de arriba.
    totals = [i for i, r in enumerate(body) if "total" in r[0].lower()]
    assert len(totals) == 1, f"{path.name}: el plan necesita una fila «total»"
    t = totals[0]
    above = [(r, m) for r, m in zip(body[:t], cell[:t]) if m]
    below = [(r, m) for r, m in zip(body[t + 1:], cell[t + 1:]) if m]
    minutes = [_first_int(m) for _, m in above + below]
    assert above and None not in minutes, f"{path.name}: cada sección del plan necesita sus minutos"
    optional = re.compile(r"^\W*(opcional|para profundizar)|\(opcional\)", re.I)  # la fila entera
    misplaced = [r[0] for r, _ in above if optional.search(r[0])]
    assert not misplaced, f"{path.name}: las filas opcionales van debajo del total: {misplaced}"
    unmarked = [r[0] for r, _ in below if not optional.search(r[0])]
    assert not unmarked, f"{path.name}: debajo del total solo van filas «*Opcional:*»: {unmarked}"
    required = sum(_first_int(m) for _, m in above)
    stated = _first_int(body[t][col])
    assert stated == required, (
        f"{path.name}: el total del plan ({stated}) no es la suma de las filas de arriba "
        f"({required})"
    )
    sessions = 2 if re.search(r"\b(dos|2)\s+sesiones\b", block, re.I) else 1
    assert required <= 60 * sessions, (
        f"{path.name}: {required} minutos no caben en {sessions} sesión(es) de 60 minutos"
    )


def _first_heading_index(nb, pattern: str) -> list[int]:
    return [i for i, c in markdown_cells(nb) if re.match(pattern, classroom.first_line(c.source))]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_para_recordar_before_referencias(path):
    nb = read(path)
    recall = _first_heading_index(nb, r"^##\s+Para recordar\b")
    refs = _first_heading_index(nb, r"^##\s+Referencias\b")
    assert len(recall) == 1, f"{path.name}: debe haber una celda que empiece por «## Para recordar»"
    n = len(bullets(nb.cells[recall[0]].source))
    assert 3 <= n <= 5, f"{path.name}: «Para recordar» debe tener de 3 a 5 viñetas (hay {n})"
    if refs:  # 00 no tiene referencias; los demás sí (ver test_notebooks_stored.py)
        assert recall[0] < refs[0], f"{path.name}: «Para recordar» debe ir antes de «## Referencias»"
    if not path.name.startswith("00_"):
        assert refs, f"{path.name}: falta una celda que empiece por «## Referencias»"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_slides_are_coherent(path):
    nb = read(path)
    cells = nb.cells
    kinds = [classroom.slide_type(c) for c in cells]
    missing = [i for i, k in enumerate(kinds) if k not in classroom.SLIDE_TYPES]
    hint = "regenere con: python tools/run_notebooks.py --metadata-only " + f"notebooks/{path.name}"
    assert not missing, f"{path.name}: celdas sin metadatos de diapositiva: {missing[:10]}; {hint}"
    assert kinds[0] == classroom.SLIDE, f"{path.name}: la primera celda debe abrir diapositiva"
    empty, start, content = [], None, False
    for i, (cell, kind) in enumerate(zip(cells, kinds)):
        if kind in (classroom.SLIDE, classroom.SUBSLIDE):
            if start is not None and not content:
                empty.append(start)
            start, content = i, False
        if kind not in (classroom.SKIP, "notes") and cell.source.strip():
            content = True
    if start is not None and not content:
        empty.append(start)
    assert not empty, f"{path.name}: diapositivas vacías en las celdas {empty}"
    deep = classroom.deep_dive_mask(cells)
    not_skipped = [
        i for i, (c, d, k) in enumerate(zip(cells, deep, kinds))
        if (d or classroom.is_solution(c)) and k != classroom.SKIP
    ]
    assert not not_skipped, f"{path.name}: «Para profundizar» o soluciones visibles: {not_skipped}"
    misplaced = [
        i for i, c in markdown_cells(nb)
        for level, text in classroom.headings(c.source)[1 if classroom.heading_level(c.source) else 0:]
        if classroom.is_deep_dive(text)
    ]
    assert not misplaced, (
        f"{path.name}: el encabezado «Para profundizar» debe empezar su celda: {misplaced}"
    )
    assert kinds == classroom.expected_slide_types(cells), (
        f"{path.name}: metadatos de diapositiva distintos de las reglas; {hint}"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_long_slides_scroll(path):
    """Las secciones largas no caben en una pantalla: RISE debe poder desplazarlas."""
    assert read(path).metadata.get("rise", {}).get("scroll") is True, (
        f"{path.name}: falta \"rise\": {{\"scroll\": true}}; regenere con: "
        f"python tools/run_notebooks.py --metadata-only notebooks/{path.name}"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_solutions_are_folded_with_their_outputs(path):
    bad = [
        i for i, c in enumerate(read(path).cells)
        if classroom.is_solution(c)
        and not (c.metadata.get("jupyter", {}).get("source_hidden")
                 and c.metadata.get("jupyter", {}).get("outputs_hidden"))
    ]
    if bad and os.environ.get("CI") != "true":
        # En el ordenador del docente: desplegar una solución en clase (y el autoguardado) no es
        # un defecto del curso. En CI, sobre el repositorio, sí.
        pytest.skip(
            f"{path.name}: soluciones desplegadas en clase {bad}; para volver a plegarlas: "
            "python tools/run_notebooks.py --metadata-only"
        )
    assert not bad, (
        f"{path.name}: soluciones sin source_hidden/outputs_hidden: {bad}; regenere con "
        f"python tools/run_notebooks.py --metadata-only notebooks/{path.name}"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_readme_links_the_student_copy(path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"notebooks/alumnos/{path.name}" in readme, (
        f"README.md no enlaza la copia para estudiantes notebooks/alumnos/{path.name}"
    )


def test_one_session_length_across_the_course():
    """Una sola cifra para la duración de una sesión de clase: 60 minutos."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in NOTEBOOKS}
    for extra in ("book/index.md", "CONTRIBUTING.md", "README.md"):
        texts[extra] = (ROOT / extra).read_text(encoding="utf-8")
    pattern = re.compile(r"sesi(?:ón|ones) de (?:unos |unas )?([\d\-–]+) minutos")
    wrong = {name: found for name, text in texts.items()
             if (found := [m for m in pattern.findall(text) if m != "60"])}
    assert not wrong, f"las sesiones son de 60 minutos: {wrong}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_folded_solutions_show_a_neutral_first_line(path):
    """Plegada, una celda de solución enseña su primera línea: no debe ser la respuesta."""
    nb = read(path)
    bad = [i for i, c in enumerate(nb.cells) if classroom.is_solution(c)
           and not classroom.first_line(c.source).startswith("# Solución")]
    assert not bad, f"{path.name}: las soluciones {bad} deben empezar por «# Solución…»"


def _display_math_in_list_items(source: str) -> list[str]:
    """Líneas con ``$$`` que continúan un elemento de lista (sangradas tras «- » o «1. »)."""
    found, in_list = [], False
    in_fence = False
    for line in source.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        if in_fence:
            continue
        if re.match(r"^\s*(?:[-*+]|\d+[.)])\s", line):
            in_list = True
        elif line.strip() and not line.startswith((" ", "\t")):
            in_list = False
        if in_list and "$$" in line and line.startswith((" ", "\t")):
            found.append(line.strip()[:60])
    return found


def test_display_math_detector():
    assert _display_math_in_list_items("- a:\n  $$x$$\n") == ["$$x$$"]
    assert _display_math_in_list_items("- a\n\n$$x$$\n") == []
    assert _display_math_in_list_items("texto\n  $$x$$\n") == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_no_display_math_inside_list_items(path):
    """Una fórmula ``$$…$$`` dentro de un elemento de lista se ve bien en JupyterLab pero no en el
    sitio (myst-nb deja los ``$`` sueltos): va en su propio párrafo, fuera de la lista."""
    bad = {i: found for i, c in enumerate(read(path).cells)
           if c.cell_type == "markdown" and (found := _display_math_in_list_items(c.source))}
    assert not bad, f"{path.name}: fórmulas dentro de listas (celda: líneas): {bad}"


# ========================================================= el uso en clase no cambia el curso


def _used_in_class(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Lo que dejan RISE y JupyterLab tras una clase: salidas plegadas, soluciones desplegadas."""
    used = copy.deepcopy(nb)
    for cell in used.cells:
        if cell.cell_type == "code":
            cell.metadata["collapsed"] = True
            cell.metadata["scrolled"] = "auto"
        if classroom.is_solution(cell):
            cell.metadata["jupyter"] = {"source_hidden": False, "outputs_hidden": False}
    return used


def test_view_state_from_class_does_not_change_the_student_copy():
    nb = read(NOTEBOOKS[5])
    assert any(classroom.is_solution(c) for c in nb.cells)
    used = _used_in_class(nb)
    assert classroom.dumps(used) != classroom.dumps(nb)
    assert classroom.dumps(classroom.student_copy(used)) == classroom.dumps(
        classroom.student_copy(nb))


def test_view_state_in_a_student_copy_is_not_a_change(tmp_path):
    nb = read(NOTEBOOKS[5])
    expected = classroom.dumps(classroom.student_copy(nb))
    path = tmp_path / NOTEBOOKS[5].name
    path.write_text(classroom.dumps(_used_in_class(classroom.student_copy(nb))), encoding="utf-8")
    assert make_student_copies.is_current(path, expected)
    edited = classroom.student_copy(nb)
    edited.cells[0].source += " cambiado"
    path.write_text(classroom.dumps(edited), encoding="utf-8")
    assert not make_student_copies.is_current(path, expected)


def test_metadata_only_restores_the_instructor_notebook(tmp_path):
    """La orden documentada deja el cuaderno como estaba antes de la clase."""
    import run_notebooks

    path = tmp_path / NOTEBOOKS[5].name
    path.write_text(classroom.dumps(_used_in_class(read(NOTEBOOKS[5]))), encoding="utf-8")
    assert run_notebooks.main(["--metadata-only", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == NOTEBOOKS[5].read_text(encoding="utf-8")


def test_student_workspace_is_never_overwritten(tmp_path, monkeypatch):
    students, workspace = tmp_path / "alumnos", tmp_path / "mi_trabajo"
    students.mkdir()
    (students / "01_x.ipynb").write_text("original", encoding="utf-8")
    for name in make_student_copies.SHARED:
        (students / name).write_text("estilo", encoding="utf-8")
    monkeypatch.setattr(make_student_copies, "STUDENTS", students)
    monkeypatch.setattr(make_student_copies, "WORKSPACE", workspace)
    monkeypatch.setattr(make_student_copies, "ROOT", tmp_path)
    assert make_student_copies.main(["--mi-trabajo"]) == 0
    assert (workspace / "01_x.ipynb").read_text(encoding="utf-8") == "original"
    (workspace / "01_x.ipynb").write_text("mi respuesta", encoding="utf-8")
    (students / "01_x.ipynb").write_text("regenerada", encoding="utf-8")
    (students / "02_y.ipynb").write_text("nueva", encoding="utf-8")
    assert make_student_copies.main(["--mi-trabajo"]) == 0
    assert (workspace / "01_x.ipynb").read_text(encoding="utf-8") == "mi respuesta"
    assert (workspace / "02_y.ipynb").read_text(encoding="utf-8") == "nueva"


def test_student_workspace_is_ignored_by_git_and_pytest():
    assert "notebooks/mi_trabajo/" in (ROOT / ".gitignore").read_text(encoding="utf-8")
    addopts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["pytest"]["ini_options"]["addopts"]
    assert "--ignore=notebooks/mi_trabajo" in addopts


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_readme_duration_is_the_plan_total(path):
    """La «duración en clase» del README es el total del plan de la sesión del cuaderno."""
    block = _block_after(read(path), "Plan de la sesión")
    total = next(line for line in block.splitlines()
                 if line.startswith("|") and "total" in line.split("|")[1].lower())
    minutes = _first_int(total.split("|")[2])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next((line for line in readme.splitlines()
                if line.startswith("|") and f"(notebooks/{path.name})" in line), "")
    assert f"| {minutes} min (" in row, (
        f"README.md: la duración en clase de {path.name} debe ser {minutes} min (el total de su "
        "plan de la sesión)"
    )
