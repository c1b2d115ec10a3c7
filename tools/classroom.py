"""Reglas de clase compartidas por las herramientas y las pruebas del curso.

- :func:`normalize_classroom_metadata`: pliega las soluciones (código y salida) y asigna los
  metadatos de diapositivas de RISE por reglas (ver ``CONTRIBUTING.md``).
- :func:`student_copy`: la copia de un cuaderno para estudiantes (cada solución sustituida por una
  celda vacía con una indicación en español).
- :func:`solution_dependencies`: análisis estático (con :mod:`ast`) que detecta las celdas que no
  son solución y usan un nombre que solo define, o que modifica, una celda de solución; la copia
  para estudiantes de ese cuaderno no correría o daría otro resultado.

Todo es determinista: aplicar dos veces una misma función deja el cuaderno igual.
"""

from __future__ import annotations

import ast
import base64
import copy
import functools
import re
import struct
from dataclasses import dataclass, field

import nbformat

SOLUTION_TAG = "solution"
EXERCISE_TAG = "exercise"
#: Celda de comprobación de un ejercicio (``cu.comprobar("NN.N", respuesta_N)``): sigue a la
#: solución, no es solución y queda en la copia de estudiantes, sin su salida guardada.
CHECK_TAG = "check"
RAISES_TAG = "raises-exception"
# Etiquetas que ocultan una celda en JupyterLab, Jupyter Book o nbconvert: no tienen sentido en la
# celda vacía que el estudiante debe rellenar.
HIDING_TAGS = frozenset(
    {"hide-input", "hide-output", "hide-cell", "remove-input", "remove-output", "remove-cell"}
)
STUDENT_PROMPT = "# Escriba aquí su solución del ejercicio."
STUDENT_PROMPT_N = "# Ejercicio {n}: escriba aquí su solución."
#: Línea que la copia de estudiantes añade a la celda del ejercicio cuando la solución define la
#: respuesta que comprueba ``cu.comprobar`` (así la copia corre de arriba abajo sin soluciones).
STUDENT_ANSWER_LINE = "{name} = None  # sustituya None por su resultado"
#: Nombre de la respuesta del ejercicio N en una solución (``respuesta_N = ...``).
ANSWER_NAME = re.compile(r"^respuesta_(\d+)$")
_ANSWER_ASSIGN = re.compile(r"^(respuesta_\d+)\s*=", re.MULTILINE)

SLIDE, SUBSLIDE, SKIP, CONTINUE = "slide", "subslide", "skip", "-"
SLIDE_TYPES = frozenset({SLIDE, SUBSLIDE, SKIP, CONTINUE, "fragment", "notes"})

_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_HEADING_LINE = re.compile(r"^(#{1,6})\s")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_EXERCISE = re.compile(r"^Ejercicio\s+(\d+)\b")
# Una celda de pregunta de repaso («Compruebe lo que ha entendido»): ``cu.quiz_question("05.1")``.
QUIZ_CELL = re.compile(r'^\s*(?:cu\.)?quiz_question\(\s*"(\d{2}\.\d+)"\s*\)\s*$')


# --------------------------------------------------------------------------- celdas y encabezados


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def is_solution(cell) -> bool:
    return SOLUTION_TAG in tags(cell)


def is_check(cell) -> bool:
    return cell.cell_type == "code" and CHECK_TAG in tags(cell) and not is_solution(cell)


def answer_names(source: str) -> list[str]:
    """Nombres ``respuesta_N`` que una celda de solución asigna al principio de una línea."""
    return list(dict.fromkeys(_ANSWER_ASSIGN.findall(source)))


def quiz_id(cell) -> str | None:
    """El identificador de la pregunta que muestra una celda de código (``"05.1"``), o ``None``."""
    if cell.cell_type != "code":
        return None
    m = QUIZ_CELL.match(cell.source)
    return m.group(1) if m else None


def headings(markdown: str) -> list[tuple[int, str]]:
    """Encabezados ATX (``#`` a ``######``) de un texto Markdown, fuera de bloques de código."""
    found: list[tuple[int, str]] = []
    fence: str | None = None
    for line in markdown.splitlines():
        m = _FENCE.match(line)
        if m:
            mark = m.group(1)
            if fence is None:
                fence = mark[0] * 3
            elif mark.startswith(fence):
                fence = None
            continue
        if fence is not None:
            continue
        h = _HEADING.match(line)
        if h:
            found.append((len(h.group(1)), h.group(2)))
    return found


def first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def heading_level(markdown: str) -> int:
    """Nivel del encabezado con que empieza un texto Markdown (0 si no empieza por uno)."""
    for line in markdown.splitlines():
        if line.strip():
            h = _HEADING.match(line)
            return len(h.group(1)) if h else 0
    return 0


def is_deep_dive(heading_text: str) -> bool:
    """¿Es un encabezado «Para profundizar» (la sección opcional que el docente puede saltar)?"""
    return heading_text.lstrip("*_ ").casefold().startswith("para profundizar")


def deep_dive_mask(cells) -> list[bool]:
    """Para cada celda, si está dentro de una sección «Para profundizar».

    La sección empieza en el encabezado cuyo texto empieza por «Para profundizar» y termina en el
    siguiente encabezado del mismo nivel o superior. Una celda Markdown que empieza por un
    encabezado toma el estado que ese encabezado establece; las demás, el estado en curso.
    """
    level: int | None = None  # nivel del encabezado «Para profundizar» abierto
    mask: list[bool] = []

    def apply(h_level: int, text: str) -> None:
        nonlocal level
        if level is not None and h_level <= level:
            level = None
        if level is None and is_deep_dive(text):
            level = h_level

    for cell in cells:
        if cell.cell_type != "markdown":
            mask.append(level is not None)
            continue
        hs = headings(cell.source)
        if heading_level(cell.source):
            apply(*hs[0])
            mask.append(level is not None)
            hs = hs[1:]
        else:
            mask.append(level is not None)
        for h in hs:
            apply(*h)
    return mask


def heading_slide_types(cells) -> list[str]:
    """Tipo de diapositiva por los encabezados: ``#``/``##`` abren diapositiva, ``###`` y cada
    pregunta de repaso subdiapositiva, «Para profundizar» y las soluciones se omiten."""
    out = []
    for cell, deep in zip(cells, deep_dive_mask(cells)):
        if deep or is_solution(cell):
            out.append(SKIP)
            continue
        level = heading_level(cell.source) if cell.cell_type == "markdown" else 0
        if quiz_id(cell):  # una pregunta por subdiapositiva: el docente la plantea a la sala
            out.append(SUBSLIDE)
        elif level in (1, 2):
            out.append(SLIDE)
        elif level == 3:
            out.append(SUBSLIDE)
        else:
            out.append(CONTINUE)
    return out


def expected_slide_types(cells) -> list[str]:
    """Tipo de diapositiva que las reglas del curso asignan a cada celda: las de los encabezados
    (:func:`heading_slide_types`) y, dentro de cada diapositiva, una subdiapositiva nueva en la
    celda que ya no cabría en la pantalla (:func:`estimated_height`, :data:`SLIDE_BUDGET`)."""
    out = heading_slide_types(cells)
    used = 0.0
    for i, cell in enumerate(cells):
        if out[i] == SKIP:
            continue
        height = estimated_height(cell)
        if out[i] == CONTINUE and used and used + height > SLIDE_BUDGET:
            out[i] = SUBSLIDE
        used = height if out[i] in (SLIDE, SUBSLIDE) else used + height
    return out


# --------------------------------------------------------------------------- alturas en RISE
#
# Altura (px) que ocupa cada celda en una diapositiva de RISE proyectada a 1024×768, con el estilo
# de notebooks/rise.css, estimada a partir del texto y de las salidas guardadas (las medidas salen
# de Chromium; tests/test_jupyterlab.py comprueba en el navegador que cada diapositiva cabe).

#: Alto útil de la diapositiva (768 px menos el margen superior de 20 px), con un margen para lo
#: que la estimación no ve (fórmulas altas, líneas que se parten distinto).
SLIDE_BUDGET = 0.9 * (768 - 20)
_TEXT_CHARS, _TEXT_LINE = 118, 18.9  # texto de 14 px en ~980 px de ancho
_CODE_CHARS, _CODE_LINE, _OUT_LINE = 110, 18.2, 16.8
# Lo que notebooks/rise.css deja ocupar a un código, a una salida que no es figura, a una figura
# (a cada una si la salida tiene varias) y a una celda de texto.
_INPUT_MAX, _OUTPUT_MAX = 0.32 * 768, 0.45 * 768
_IMAGE_MAX, _IMAGES_MAX, _MARKDOWN_MAX = 0.52 * 768, 0.30 * 768, 768 - 40
_IMAGE_WIDTH = 900
# Encabezados por nivel: alto de línea, caracteres por línea, margen inferior.
_HEADING_SIZE = {1: (34, 62, 12), 2: (29, 74, 10), 3: (24, 90, 8)}
_INLINE_MARKUP = re.compile(r"\$[^$]+\$|`[^`]*`|\*\*|\*|_|\[([^\]]*)\]\([^)]*\)|<[^>]+>")
_TABLE_RULE = re.compile(r"^\|[\s:|-]+\|$")
_LIST_ITEM = re.compile(r"^([-*+]|\d+[.)])\s")


def _lines(text: str, width: int) -> int:
    return sum(max(1, -(-len(line) // width)) for line in text.splitlines())


def _png_size(data: str) -> tuple[int, int]:
    head = base64.b64decode("".join(data[:100].split())[:44])  # IHDR: ancho y alto, bytes 16-24
    return struct.unpack(">II", head[16:24])


def _markdown_height(source: str) -> float:
    """Texto en párrafos (las líneas seguidas se unen), encabezados, tablas, fórmulas aparte y
    bloques de código."""
    height, fence, math, quote, paragraph = 10.0, False, None, False, []

    def flush() -> float:
        joined = " ".join(paragraph)
        plain = _INLINE_MARKUP.sub(lambda m: m.group(1) or "x", joined)
        paragraph.clear()
        chars = _TEXT_CHARS - 14 if quote else _TEXT_CHARS
        tall = 30 * joined.count("\\displaystyle")  # fórmulas en línea de tamaño grande
        return _TEXT_LINE * -(-len(plain) // chars) + (6 if plain else 0) + tall

    for line in source.splitlines():
        text = line.strip()
        if math is not None:  # dentro de una fórmula aparte ($$ ... $$)
            math.append(text)
            if "$$" in text:
                height += _display_math_height(math)
                math = None
            continue
        if _FENCE.match(line):
            height += flush()
            fence = not fence
            continue
        if fence:
            height += _CODE_LINE
            continue
        if text.startswith(">") != quote:  # una cita: sangrada, con margen propio
            height += flush() + (24 if not quote else 0)
            quote = not quote
        text = text.lstrip("> ") if quote else text
        if text.startswith("$$"):
            height += flush()
            if len(text) > 2 and text.endswith("$$"):
                height += _display_math_height([text])
            else:
                math = [text]
            continue
        heading = _HEADING_LINE.match(text)
        if not text or heading or text.startswith("|") or _LIST_ITEM.match(text):
            height += flush()
        if heading:
            size, chars, margin = _HEADING_SIZE.get(len(heading.group(1)), (20, 100, 8))
            height += size * max(1, -(-len(text) // chars)) + margin
        elif text.startswith("|"):
            if not _TABLE_RULE.match(text):
                columns = text.strip("|").split("|")
                width = max(8, _TEXT_CHARS // len(columns) - 4)
                height += 4 + 16 * max(max(1, -(-len(c.strip()) // width)) for c in columns)
        elif text:
            paragraph.append(text)
    return height + flush()


def _display_math_height(lines: list[str]) -> float:
    """Una fórmula aparte: más alta con fracciones, y una fila más por cada salto de línea."""
    tex = " ".join(lines)
    tall = any(f in tex for f in ("\\frac", "\\dfrac", "\\sum", "\\int", "\\binom"))
    return (58 if tall else 36) + 24 * tex.count("\\\\") + 12


def _output_height(output, image_max: float = _IMAGE_MAX) -> float:
    if output.get("output_type") == "stream":
        text = "".join(output.get("text", "")).rstrip("\n")
        return min(_lines(text, _CODE_CHARS) * _OUT_LINE, _OUTPUT_MAX) + 6
    data = output.get("data", {})
    if "image/png" in data:
        width, height = _png_size(data["image/png"])
        shown = output.get("metadata", {}).get("image/png", {})
        width, height = shown.get("width", width), shown.get("height", height)
        return min(height * min(1.0, _IMAGE_WIDTH / width), image_max) + 14
    if "text/html" in data:
        html = "".join(data["text/html"])
        if "cu-quiz" in html:
            height = 90 + 40 * html.count("<details")
        elif "<tr" in html:
            height = 25 * html.count("<tr") + 16
        else:  # sin tablas: su texto (un diagrama de scikit-learn, al menos unas líneas)
            text = re.sub(r"<[^>]+>", "", re.sub(r"(?s)<style.*?</style>", "", html))
            height = max(10 + _TEXT_LINE * _lines(text.strip(), _TEXT_CHARS), 150 * ("sk-" in html))
    elif "text/markdown" in data:
        height = _markdown_height("".join(data["text/markdown"]))
    elif "text/plain" in data:
        height = _lines("".join(data["text/plain"]), _CODE_CHARS) * _OUT_LINE + 6
    else:
        return 0.0
    return min(height, _OUTPUT_MAX + 6)


def estimated_height(cell) -> float:
    """Altura estimada (px) de una celda en una diapositiva de RISE a 1024×768."""
    if cell.cell_type == "markdown":
        return min(_markdown_height(cell.source), _MARKDOWN_MAX)
    if cell.cell_type != "code":
        return 40.0
    outputs = cell.get("outputs", [])
    # rise.css reparte la altura cuando las dos primeras salidas son figuras.
    two = len(outputs) > 1 and all("image/png" in o.get("data", {}) for o in outputs[:2])
    image_max = _IMAGES_MAX if two else _IMAGE_MAX
    code = min(_lines(cell.source, _CODE_CHARS) * _CODE_LINE, _INPUT_MAX) + 22
    return code + sum(_output_height(o, image_max) for o in outputs)


def slide_type(cell) -> str | None:
    return cell.get("metadata", {}).get("slideshow", {}).get("slide_type")


# Configuración de RISE guardada en el cuaderno: una diapositiva más alta que la pantalla (una
# sección con varias celdas de código y una figura) se desplaza en lugar de quedar cortada; y el
# tema «white» de reveal.js, que trae sus fuentes (el tema por defecto, «simple», las pide a
# fonts.googleapis.com: sin conexión, en clase, fallaría).
RISE_METADATA = {"scroll": True, "theme": "white"}


#: Metadatos de celda que solo dicen cómo se ve el cuaderno en JupyterLab o RISE (plegar una
#: salida, desplazarla); se escriben al usar el cuaderno en clase y no son contenido.
VIEW_STATE_KEYS = ("collapsed", "scrolled")


def reset_view_state(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Deshace lo que deja el uso en clase (en el sitio; idempotente): quita los metadatos de vista
    y vuelve a plegar las soluciones, con sus salidas."""
    for cell in nb.cells:
        for key in VIEW_STATE_KEYS:
            cell.metadata.pop(key, None)
        if is_solution(cell):
            hidden = dict(cell.metadata.get("jupyter", {}))
            hidden.update({"source_hidden": True, "outputs_hidden": True})
            cell.metadata["jupyter"] = hidden
    return nb


def canonical_json(value):
    """``value`` con los reales enteros escritos como enteros (``0.0`` -> ``0``), recursivamente.

    JupyterLab guarda el cuaderno pasando por JavaScript, que no distingue ``0.0`` de ``0``: la
    declaración que ``cu.comprobar`` deja en los metadatos de su salida se escribe ya así, para
    que guardar el cuaderno en clase no la cambie."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, dict):
        return {k: canonical_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [canonical_json(v) for v in value]
    return value


def normalize_check_outputs(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Escribe en forma canónica (:func:`canonical_json`) la declaración guardada en las salidas
    de las celdas de comprobación (en el sitio; idempotente)."""
    for cell in nb.cells:
        if is_check(cell):
            for out in cell.get("outputs", []):
                if PAYLOAD_KEY in out.get("metadata", {}):
                    out["metadata"][PAYLOAD_KEY] = canonical_json(out["metadata"][PAYLOAD_KEY])
    return nb


def normalize_classroom_metadata(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Pliega las soluciones, quita el estado de vista, asigna los metadatos de diapositivas y
    escribe en forma canónica la declaración de las comprobaciones (en el sitio; idempotente)."""
    nb.metadata["rise"] = {**nb.metadata.get("rise", {}), **RISE_METADATA}
    reset_view_state(nb)
    normalize_check_outputs(nb)
    for cell, kind in zip(nb.cells, expected_slide_types(nb.cells)):
        cell.metadata["slideshow"] = {"slide_type": kind}
    return nb


# --------------------------------------------------------------------------- copias de estudiantes

# Enlaces Markdown relativos que salen de notebooks/ (``](../README.md)``): desde
# notebooks/alumnos/ necesitan un ``../`` más. Los enlaces a otros cuadernos (``](04_x.ipynb)``)
# no se tocan: desde la copia llevan a la copia del otro cuaderno.
_PARENT_LINK = re.compile(r"(\]\(\s*<?|\bsrc=[\"']|\bhref=[\"'])\.\./")


def relink_markdown(source: str) -> str:
    """Reescribe los enlaces relativos ``../x`` como ``../../x`` (la copia está un nivel más abajo)."""
    return _PARENT_LINK.sub(lambda m: m.group(1) + "../../", source)


def exercise_numbers(cells) -> list[int | None]:
    """Número del último ``Ejercicio N`` visto antes de cada celda (o en su propio encabezado)."""
    current: int | None = None
    out = []
    for cell in cells:
        if cell.cell_type == "markdown":
            for _, text in headings(cell.source):
                m = _EXERCISE.match(text.lstrip("*_ "))
                if m:
                    current = int(m.group(1))
        out.append(current)
    return out


def _exercise_cell(first, number: int | None, answers=()) -> nbformat.NotebookNode:
    metadata = copy.deepcopy(dict(first.metadata))
    metadata.pop("jupyter", None)
    kept = [t for t in metadata.get("tags", []) if t not in {SOLUTION_TAG, RAISES_TAG} | HIDING_TAGS]
    metadata["tags"] = [EXERCISE_TAG] + [t for t in kept if t != EXERCISE_TAG]
    metadata["slideshow"] = {"slide_type": CONTINUE}
    prompt = STUDENT_PROMPT if number is None else STUDENT_PROMPT_N.format(n=number)
    prompt = "\n".join([prompt, *(STUDENT_ANSWER_LINE.format(name=a) for a in answers)])
    cell = nbformat.v4.new_code_cell(source=prompt, metadata=metadata)
    cell["id"] = first["id"]
    cell["execution_count"] = None
    cell["outputs"] = []
    return cell


def student_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Copia para estudiantes: cada grupo de celdas de solución consecutivas pasa a ser una celda
    de código vacía (mismo ``id`` que la primera, etiqueta ``exercise``, sin salidas, visible) con
    una indicación en español. Las demás celdas, sus salidas y sus metadatos, y los metadatos del
    cuaderno, quedan idénticos, salvo los enlaces Markdown relativos ``../`` (ver
    :func:`relink_markdown`). El estado de vista que deja la clase no pasa a la copia
    (:func:`reset_view_state`).

    Si la solución asigna la respuesta ``respuesta_N`` que comprueba la celda siguiente
    (etiqueta ``check``), la celda vacía la define como ``None``; la celda de comprobación queda,
    sin su salida guardada (la confirmación del valor del docente, con sus metadatos)."""
    out = reset_view_state(copy.deepcopy(nb))
    numbers = exercise_numbers(nb.cells)
    cells = []
    previous_was_solution = False
    for cell, number in zip(out.cells, numbers):
        if is_solution(cell):
            names = answer_names(cell.source) if cell.cell_type == "code" else []
            if not previous_was_solution:
                cells.append(_exercise_cell(cell, number, names))
            elif names:
                head = cells[-1]
                extra = [STUDENT_ANSWER_LINE.format(name=a) for a in names]
                head.source = "\n".join([head.source, *[e for e in extra if e not in head.source]])
            previous_was_solution = True
            continue
        previous_was_solution = False
        if cell.cell_type == "markdown":
            cell.source = relink_markdown(cell.source)
        if is_check(cell):
            blank_check_cell(cell)
        cells.append(cell)
    out.cells = cells
    return out


def blank_check_cell(cell) -> None:
    """Quita la salida guardada de una celda de comprobación (en el sitio)."""
    cell["outputs"] = []
    cell["execution_count"] = None


def dumps(nb: nbformat.NotebookNode) -> str:
    """El texto exacto con que se guarda un cuaderno (igual que ``nbformat.write``)."""
    text = nbformat.writes(nb)
    return text if text.endswith("\n") else text + "\n"


# --------------------------------------------------------------------------- análisis estático

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _arg_names(args: ast.arguments) -> set[str]:
    names = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs}
    names |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    return names


def _import_names(node: ast.Import | ast.ImportFrom) -> tuple[set[str], bool]:
    names, star = set(), False
    for alias in node.names:
        if alias.name == "*":
            star = True
        elif alias.asname:
            names.add(alias.asname)
        elif isinstance(node, ast.Import):
            names.add(alias.name.split(".")[0])
        else:
            names.add(alias.name)
    return names, star


class _Collector:
    """Nombres que un trozo de código lee y escribe en su ámbito, flujo aparte.

    Los ámbitos anidados (funciones, lambdas, clases, comprensiones) se resuelven aparte: de ellos
    solo suben los nombres libres (que se buscan en este ámbito o en el global) y las escrituras
    en este ámbito (``:=`` dentro de una comprensión) o en el global (``global x``).
    """

    def __init__(self) -> None:
        self.loads: set[str] = set()
        self.stores: set[str] = set()
        self.globals: set[str] = set()
        self.nonlocals: set[str] = set()
        self.global_writes: set[str] = set()  # escrituras de ámbitos anidados con «global»
        self.star_import = False

    def visit(self, node) -> None:
        if isinstance(node, list):
            for item in node:
                self.visit(item)
            return
        if node is None:
            return
        if isinstance(node, ast.Name):
            (self.loads if isinstance(node.ctx, ast.Load) else self.stores).add(node.id)
        elif isinstance(node, ast.NamedExpr):
            self.visit(node.value)
            self.stores.add(node.target.id)
        elif isinstance(node, ast.Global):
            self.globals.update(node.names)
        elif isinstance(node, ast.Nonlocal):
            self.nonlocals.update(node.names)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names, star = _import_names(node)
            self.stores |= names
            self.star_import |= star
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.stores.add(node.name)
            self._signature(node)
            free, gw = function_free_names(node)
            self.loads |= free
            self.global_writes |= gw
        elif isinstance(node, ast.Lambda):
            self._signature(node)
            free, gw = function_free_names(node)
            self.loads |= free
            self.global_writes |= gw
        elif isinstance(node, ast.ClassDef):
            self.stores.add(node.name)
            self.visit(node.decorator_list)
            self.visit(node.bases)
            self.visit([k.value for k in node.keywords])
            free, gw = class_free_names(node)
            self.loads |= free
            self.global_writes |= gw
        elif isinstance(node, _COMPREHENSIONS):
            loads, binds = comprehension_names(node)
            self.loads |= loads
            self.stores |= binds
        elif isinstance(node, ast.ExceptHandler):
            if node.name:
                self.stores.add(node.name)
            self.visit(node.type)
            self.visit(node.body)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)):
            if node.name:
                self.stores.add(node.name)
            for child in ast.iter_child_nodes(node):
                self.visit(child)
        elif isinstance(node, ast.MatchMapping):
            if node.rest:
                self.stores.add(node.rest)
            for child in ast.iter_child_nodes(node):
                self.visit(child)
        else:
            for child in ast.iter_child_nodes(node):
                self.visit(child)

    def _signature(self, node) -> None:
        """Lo que se evalúa al definir una función: decoradores, valores por defecto, anotaciones."""
        args = node.args
        self.visit(list(args.defaults))
        self.visit([d for d in args.kw_defaults if d is not None])
        if not isinstance(node, ast.Lambda):
            self.visit(node.decorator_list)
            every = args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
            self.visit([a.annotation for a in every if a is not None and a.annotation is not None])
            self.visit(node.returns)


def collect(node) -> _Collector:
    c = _Collector()
    c.visit(node)
    return c


def function_free_names(node) -> tuple[set[str], set[str]]:
    """Nombres libres del cuerpo de una función o lambda (se leen al llamarla) y nombres globales
    que puede escribir. Las variables locales se deciden por todo el cuerpo, como en Python."""
    body = node.body if isinstance(node.body, list) else [node.body]
    c = collect(body)
    local = (c.stores | _arg_names(node.args)) - c.globals
    free = c.loads - local - c.nonlocals
    return free, (c.stores & c.globals) | c.global_writes


def class_free_names(node: ast.ClassDef) -> tuple[set[str], set[str]]:
    """Nombres que el cuerpo de una clase (y sus métodos) puede leer fuera de la clase.

    Conservador: cuenta como libre cualquier nombre leído, aunque la clase lo defina antes.
    """
    c = collect(node.body)
    return c.loads - c.nonlocals, (c.stores & c.globals) | c.global_writes


def comprehension_names(node) -> tuple[set[str], set[str]]:
    """Nombres que una comprensión lee de su ámbito exterior y los que escribe en él (``:=``).

    El primer iterable se evalúa fuera; las variables de los ``for`` son locales de la comprensión.
    """
    gens = node.generators
    outer = collect(gens[0].iter)
    local: set[str] = set()
    for gen in gens:
        local |= {n.id for n in ast.walk(gen.target) if isinstance(n, ast.Name)}
    inner = _Collector()
    for i, gen in enumerate(gens):
        inner.visit(gen.target)
        if i:
            inner.visit(gen.iter)
        inner.visit(gen.ifs)
    inner.visit([node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt])
    loads = outer.loads | (inner.loads - local)
    binds = outer.stores | (inner.stores - local)
    return loads, binds


def _root_name(node) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


@dataclass
class CellNames:
    """Lo que una celda hace con los nombres globales del cuaderno.

    - ``uses``: nombres que puede leer antes de haberlos definido ella misma (incluidos los
      nombres libres de las funciones y clases que define: se leerán al llamarlas).
    - ``definite``: nombres que deja definidos con seguridad (en todos los caminos).
    - ``writes``: nombres que puede definir, redefinir, borrar o modificar (``x[i] = ...``,
      ``x.a = ...``, ``x += ...``, ``del x``).
    - ``deferred``: para cada función o clase que define, los nombres libres de su cuerpo.
    """

    uses: set[str] = field(default_factory=set)
    definite: set[str] = field(default_factory=set)
    writes: set[str] = field(default_factory=set)
    deferred: dict[str, set[str]] = field(default_factory=dict)
    imports: dict[str, str] = field(default_factory=dict)  # nombre -> lo que importa
    star_import: bool = False


class _CellAnalyzer:
    def __init__(self) -> None:
        self.info = CellNames()

    # Expresiones: lo que leen se compara con lo ya definido; «:=» solo cuenta como posible.
    def expr(self, node, bound: set[str]) -> None:
        if node is None:
            return
        c = collect(node)
        self.info.uses |= c.loads - bound
        self.info.writes |= c.stores | c.global_writes

    def target(self, node, bound: set[str]) -> None:
        if isinstance(node, ast.Name):
            bound.add(node.id)
            self.info.writes.add(node.id)
            self.info.imports.pop(node.id, None)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for elt in node.elts:
                self.target(elt, bound)
        elif isinstance(node, ast.Starred):
            self.target(node.value, bound)
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            self.expr(node.value, bound)
            if isinstance(node, ast.Subscript):
                self.expr(node.slice, bound)
            root = _root_name(node)
            if root:
                self.info.writes.add(root)
        else:  # pragma: no cover - destino que Python no admite
            self.expr(node, bound)

    def block(self, stmts, bound: set[str]) -> set[str]:
        for stmt in stmts:
            bound = self.stmt(stmt, bound)
        return bound

    def stmt(self, node, bound: set[str]) -> set[str]:
        info = self.info
        if isinstance(node, ast.Assign):
            self.expr(node.value, bound)
            for t in node.targets:
                self.target(t, bound)
        elif isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name):
                if node.target.id not in bound:
                    info.uses.add(node.target.id)
                self.expr(node.value, bound)
                self.target(node.target, bound)
            else:
                self.expr(node.value, bound)
                self.target(node.target, bound)
        elif isinstance(node, ast.AnnAssign):
            self.expr(node.value, bound)
            self.expr(node.annotation, bound)
            if node.value is not None:
                self.target(node.target, bound)
            elif not isinstance(node.target, ast.Name):
                self.expr(node.target.value, bound)
        elif isinstance(node, ast.Delete):
            for t in node.targets:
                for name in [n for n in ast.walk(t) if isinstance(n, ast.Name)]:
                    if isinstance(name.ctx, ast.Del):
                        if name.id not in bound:
                            info.uses.add(name.id)
                        bound.discard(name.id)
                        info.writes.add(name.id)
                if not isinstance(t, (ast.Name, ast.Tuple, ast.List)):
                    self.target(t, bound)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names, star = _import_names(node)
            bound |= names
            info.writes |= names
            info.star_import |= star
            for alias in node.names:
                if isinstance(node, ast.Import) and not alias.asname:
                    name, what = alias.name.split(".")[0], alias.name.split(".")[0]
                elif isinstance(node, ast.Import):
                    name, what = alias.asname, alias.name
                else:
                    name = alias.asname or alias.name
                    what = f"{'.' * node.level}{node.module or ''}:{alias.name}"
                info.imports[name] = what
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            c = _Collector()
            if isinstance(node, ast.ClassDef):
                c.visit(node.decorator_list)
                c.visit(node.bases)
                c.visit([k.value for k in node.keywords])
                free, gw = class_free_names(node)
            else:
                c._signature(node)
                free, gw = function_free_names(node)
            info.uses |= c.loads - bound
            info.writes |= c.stores | c.global_writes | gw
            info.uses |= free - bound - {node.name}
            info.deferred[node.name] = set(free)
            info.imports.pop(node.name, None)
            bound.add(node.name)
            info.writes.add(node.name)
        elif isinstance(node, ast.If):
            self.expr(node.test, bound)
            bound = self.block(node.body, set(bound)) & self.block(node.orelse, set(bound))
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            self.expr(node.iter, bound)
            inner = set(bound)
            self.target(node.target, inner)
            self.block(node.body, inner)
            self.block(node.orelse, set(inner))
        elif isinstance(node, ast.While):
            self.expr(node.test, bound)
            self.block(node.body, set(bound))
            self.block(node.orelse, set(bound))
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.expr(item.context_expr, bound)
                if item.optional_vars is not None:
                    self.target(item.optional_vars, bound)
            bound = self.block(node.body, bound)
        elif isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            after = self.block(node.orelse, self.block(node.body, set(bound)))
            results = [after]
            for handler in node.handlers:
                hb = set(bound)
                self.expr(handler.type, hb)
                if handler.name:
                    hb.add(handler.name)
                    info.writes.add(handler.name)
                hb = self.block(handler.body, hb)
                hb.discard(handler.name)  # Python borra el nombre al salir del «except»
                results.append(hb)
            bound = self.block(node.finalbody, set.intersection(*results))
        else:
            # Resto de sentencias (expresiones, return, raise, assert, match...): se leen todos
            # sus nombres y sus escrituras solo cuentan como posibles.
            c = collect(node)
            info.uses |= c.loads - bound
            info.writes |= c.stores | c.global_writes
            info.star_import |= c.star_import
        return bound


def python_source(cell_source: str) -> str:
    """El código Python de una celda, con las órdenes de IPython (``%``, ``!``) traducidas."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(cell_source)


_TIMING_LINE = re.compile(r"^(\s*)%time(?:it)?((?:\s+-\w+(?:\s+\d+)?)*)\s+(.*)$")


def _unwrap_timing(source: str) -> str:
    """``%time x = f()`` y ``%%time`` ejecutan su código en el cuaderno: se analiza ese código."""
    lines = source.splitlines()
    if lines and re.match(r"^\s*%%time(it)?\b", lines[0]):
        lines = lines[1:]
    return "\n".join(_TIMING_LINE.sub(r"\1\3", line) for line in lines)


@functools.lru_cache(maxsize=4096)
def analyze_cell(cell_source: str) -> CellNames:
    """Analiza una celda de código (lanza ``SyntaxError`` si no es Python válido).

    El resultado se guarda en caché: no lo modifique."""
    cell_source = _unwrap_timing(cell_source)
    try:
        tree = ast.parse(cell_source)
    except SyntaxError:  # quizá una orden de IPython (%magia, !orden)
        tree = ast.parse(python_source(cell_source))
    analyzer = _CellAnalyzer()
    analyzer.info.definite = analyzer.block(tree.body, set())
    return analyzer.info


@dataclass(frozen=True)
class Dependency:
    """Una celda que no es solución y depende de lo que hace una celda de solución."""

    cell: int  # índice de la celda que usa el nombre (en nb.cells)
    name: str
    solution_cells: tuple[int, ...]  # soluciones que lo definen o modifican antes
    only_in_solutions: bool  # True: en la copia el nombre no existe (NameError)

    def message(self) -> str:
        sols = ", ".join(str(i) for i in self.solution_cells)
        if not self.name:
            return f"celda {self.cell}: no es código Python válido; no se puede analizar"
        if self.only_in_solutions:
            return f"celda {self.cell}: usa «{self.name}», que solo define la solución (celda {sols})"
        return (
            f"celda {self.cell}: usa «{self.name}», que la solución (celda {sols}) redefine o "
            "modifica; en la copia de estudiantes daría otro resultado"
        )


def solution_dependencies(nb: nbformat.NotebookNode) -> list[Dependency]:
    """Celdas que no son solución y leen un nombre que una solución define o modifica.

    Recorre las celdas de código en orden. Un uso del nombre ``x`` en una celda que no es
    solución es un problema si alguna solución anterior puede escribir ``x`` después de la última
    celda (no solución) que lo define con seguridad: en la copia de estudiantes ``x`` no existiría
    o tendría otro valor. Usar una función definida antes cuenta también como usar los nombres
    libres de su cuerpo. Es conservador: ante la duda (ramas, bucles, ``:=``) supone que el
    nombre se lee y que no queda definido. No ve las modificaciones a través de métodos
    (``lista.append(...)``, un generador aleatorio consumido): para eso, la prueba que ejecuta una
    copia real. Las celdas que no son Python válido se devuelven como problema (nombre ``""``).
    """
    # nombre -> (celda, es solución, definido con seguridad, lo que importa o None)
    history: dict[str, list[tuple[int, bool, bool, str | None]]] = {}
    deferred: dict[str, set[str]] = {}
    problems: list[Dependency] = []
    for idx, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        solution = is_solution(cell)
        try:
            info = analyze_cell(cell.source)
        except SyntaxError:
            if not solution:
                problems.append(Dependency(idx, "", (), False))
            continue
        # Una celda que lanza una excepción puede fallar antes de definir nada.
        definite = set() if RAISES_TAG in tags(cell) else info.definite
        if not solution:
            used, todo = set(), list(info.uses)
            while todo:  # los nombres libres de las funciones que se usan
                name = todo.pop()
                if name in used:
                    continue
                used.add(name)
                todo.extend(deferred.get(name, ()))
            for name in sorted(used):
                entries = history.get(name, [])
                safe = [(i, imp) for i, sol, sure, imp in entries if sure and not sol]
                last_safe, imported = safe[-1] if safe else (-1, None)
                # Repetir en la solución la misma importación no cambia nada.
                sols = tuple(
                    i for i, sol, _, imp in entries
                    if sol and i > last_safe and not (imported and imp == imported)
                )
                if sols:
                    only = not any(not sol for _, sol, _, _ in entries)
                    problems.append(Dependency(idx, name, sols, only))
        for name in info.writes:
            imported = info.imports.get(name) if name in definite else None
            # La copia de estudiantes define la respuesta ``respuesta_N`` de una solución en la
            # celda del ejercicio (ver :func:`student_copy`): cuenta como definida fuera.
            answer = solution and ANSWER_NAME.match(name) and name in answer_names(cell.source)
            history.setdefault(name, []).append(
                (idx, solution and not answer, name in definite or bool(answer), imported)
            )
        for name, free in info.deferred.items():
            deferred[name] = free
    return problems


# --------------------------------------------------------------------------- ejercicios comprobados

#: Clave de los metadatos de salida donde ``cu.comprobar`` deja la declaración del docente
#: (la misma que ``course_utils.exercises.PAYLOAD_KEY``).
PAYLOAD_KEY = "course_utils_exercise"
_CHECK_SOURCE = re.compile(
    r'^(?:from course_utils import comprobar\n)?(?:cu\.)?comprobar\("(\d{2})\.(\d+)", '
    r"respuesta_(\d+)\)$"
)


@dataclass
class Harvest:
    """Lo que las celdas de comprobación de un cuaderno guardan en sus salidas.

    - ``answers``: identificador (``"05.2"``) -> declaración (``ExerciseAnswer.to_json()``).
    - ``problems``: celdas de comprobación mal formadas (texto para el docente).
    - ``unconfirmed``: identificadores cuya salida guardada no es la confirmación «✔ Correcto»
      (el cuaderno se ejecutó con otros valores esperados: hay que volver a ejecutarlo).
    """

    answers: dict[str, dict] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    unconfirmed: list[str] = field(default_factory=list)


def harvest_answers(nb: nbformat.NotebookNode, name: str) -> Harvest:
    """Recoge de las salidas guardadas de ``nb`` (el cuaderno ``name``, ``NN_x.ipynb``) la
    declaración de cada ejercicio comprobado, y comprueba la forma de cada celda de comprobación:
    ``cu.comprobar("NN.N", respuesta_N)`` con el número del cuaderno y el del ejercicio, justo
    después de una solución que asigna ``respuesta_N``."""
    out = Harvest()
    numbers = exercise_numbers(nb.cells)
    for idx, cell in enumerate(nb.cells):
        if not is_check(cell):
            continue
        where = f"{name}, celda {idx}"
        m = _CHECK_SOURCE.match(cell.source.strip())
        if not m:
            out.problems.append(f"{where}: la comprobación debe ser la línea "
                                f'cu.comprobar("NN.N", respuesta_N); es {cell.source!r}')
            continue
        nb_number, ex, var = m.groups()
        key = f"{nb_number}.{ex}"
        before = nb.cells[idx - 1] if idx else None
        if nb_number != name[:2] or int(ex) != numbers[idx] or ex != var:
            out.problems.append(f"{where}: {key} con respuesta_{var} no es el ejercicio "
                                f"{numbers[idx]} del cuaderno {name[:2]}")
        elif before is None or not is_solution(before) or not any(
            f"respuesta_{ex}" in answer_names(c.source)
            for c in nb.cells[:idx] if is_solution(c) and c.cell_type == "code"
        ):
            out.problems.append(f"{where}: debe seguir a la solución que asigna respuesta_{ex}")
        elif key in out.answers:
            out.problems.append(f"{where}: {key} se comprueba dos veces")
        payloads = [o for o in cell.get("outputs", [])
                    if o.get("output_type") == "execute_result"
                    and PAYLOAD_KEY in o.get("metadata", {})]
        if len(payloads) != 1 or payloads[0]["metadata"][PAYLOAD_KEY].get("id") != key:
            out.problems.append(f"{where}: sin salida guardada de {key}; ejecute el cuaderno con "
                                "python tools/run_notebooks.py")
            continue
        out.answers[key] = canonical_json(payloads[0]["metadata"][PAYLOAD_KEY]["answer"])
        if not str(payloads[0].get("data", {}).get("text/plain", "")).startswith("✔"):
            out.unconfirmed.append(key)
    return out
