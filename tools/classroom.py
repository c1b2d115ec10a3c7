"""Reglas de clase compartidas por las herramientas y las pruebas del curso.

- :func:`normalize_classroom_metadata`: pliega las soluciones (código y salida), asigna los
  metadatos de diapositivas de RISE por reglas (ver ``CONTRIBUTING.md``) y copia el texto
  alternativo de cada figura (metadatos ``alt`` de la celda) a su salida.
- :func:`student_copy`: la copia de un cuaderno para estudiantes (cada solución sustituida por una
  celda vacía con una indicación en español).
- :func:`solution_dependencies`: análisis estático (con :mod:`ast`) que detecta las celdas que no
  son solución y usan un nombre que solo define, o que modifica, una celda de solución; la copia
  para estudiantes de ese cuaderno no correría o daría otro resultado.

Todo es determinista: aplicar dos veces una misma función deja el cuaderno igual.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

import nbformat

# Altura estimada de cada celda en una diapositiva de RISE: en su propio módulo.
from cell_names import CellNames, analyze_cell, python_source  # noqa: F401
from slide_heights import (  # noqa: F401 - también se importan de aquí
    _FENCE, _HEADING_LINE, SLIDE_BUDGET, _markdown_height, _output_height, _png_size,
    estimated_height,
)

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


# --------------------------------------------------------------------------- texto alternativo

#: Clave de los metadatos de una celda de código con el texto alternativo de sus figuras: un texto
#: (la celda dibuja una figura) o una lista de textos, uno por figura en el orden de las salidas.
#: El sitio la pone en el ``alt`` de cada ``<img>`` (``tools/build_book.py``); la copia para
#: estudiantes la conserva.
ALT_KEY = "alt"
IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif")


def figure_outputs(cell) -> list[tuple[dict, str]]:
    """Las salidas de imagen de una celda, en orden, cada una con su tipo MIME."""
    return [(out, mime) for out in cell.get("outputs", [])
            for mime in IMAGE_TYPES if mime in out.get("data", {})]


def figure_alt_texts(cell) -> list[str] | None:
    """El texto alternativo de cada figura de la celda, uno por figura (``None`` si la celda no
    tiene la clave :data:`ALT_KEY`). Un único texto para varias figuras vale para todas, con su
    número («(figura 2 de 3)»). Lanza ``ValueError`` si los metadatos están mal formados."""
    given = cell.get("metadata", {}).get(ALT_KEY)
    if given is None:
        return None
    count = len(figure_outputs(cell))
    if isinstance(given, str) and given.strip():
        if count > 1:
            return [f"{given.strip()} (figura {k} de {count})" for k in range(1, count + 1)]
        return [given.strip()] * count
    if (isinstance(given, list) and len(given) == count
            and all(isinstance(t, str) and t.strip() for t in given)):
        return [t.strip() for t in given]
    raise ValueError(
        f"metadatos «{ALT_KEY}» no válidos. Se espera un texto no vacío o una lista de {count} "
        f"textos (uno por figura); se recibió {given!r}.")


def copy_alt_to_outputs(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Copia el texto alternativo de cada celda a los metadatos de sus salidas de imagen,
    ``{"image/png": {"alt": ...}}`` (la convención de ``IPython.display.Image(alt=...)``), para
    los programas que leen la figura sin mirar la celda (en el sitio; idempotente). Los metadatos
    de la celda mandan; si están mal formados no se copia nada (lo señalan las pruebas)."""
    for cell in nb.cells:
        try:
            texts = figure_alt_texts(cell)
        except ValueError:
            continue
        for (out, mime), text in zip(figure_outputs(cell), texts or []):
            metadata = out.setdefault("metadata", {})
            metadata[mime] = {**metadata.get(mime, {}), "alt": text}
    return nb


def normalize_classroom_metadata(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Pliega las soluciones, quita el estado de vista, asigna los metadatos de diapositivas,
    escribe en forma canónica la declaración de las comprobaciones y copia el texto alternativo de
    las figuras a sus salidas (:func:`copy_alt_to_outputs`; en el sitio; idempotente)."""
    nb.metadata["rise"] = {**nb.metadata.get("rise", {}), **RISE_METADATA}
    reset_view_state(nb)
    normalize_check_outputs(nb)
    copy_alt_to_outputs(nb)
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
    metadata.pop(ALT_KEY, None)  # la celda vacía no tiene figura
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
#: (la misma que ``course_utils.selfcheck.exercises.PAYLOAD_KEY``).
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
