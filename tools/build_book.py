"""Construye el curso como sitio web estático, que se lee sin conexión.

Uso (desde la raíz del repositorio, con el entorno del curso activado)::

    python tools/build_book.py                 # construye en book/_build/html
    python tools/build_book.py --out /tmp/web  # en otra carpeta (html/ y src/ dentro)

Después abra ``book/_build/html/index.html`` en el navegador (con doble clic basta).

Pasos:

1. Prepara las fuentes en ``<out>/src``: una copia de cada ``notebooks/NN_*.ipynb`` con las celdas
   de solución (etiqueta ``solution``) plegadas tras un botón «Mostrar solución» y un recuadro de
   descargas (copia para estudiantes de ``notebooks/alumnos/`` y cuaderno completo); las páginas
   escritas a mano de ``book/`` (portada); y tres páginas generadas: el glosario (a partir de la
   tabla «Un término por concepto» de CONTRIBUTING.md y de ``book/glosario.toml``), las
   referencias (las de la sección «Referencias» de cada cuaderno, sin repetir y ordenadas),
   «Cómo ejecutar el curso» (la sección «Puesta en marcha» del README, copiada tal cual) y la
   guía del docente (``docente/guia.md``, con la figura de los requisitos entre cuadernos
   dibujada al construir: ``tools/guia_docente.py``).
2. Llama a Sphinx con la configuración de ``book/conf.py``, con los avisos como errores. Los
   cuadernos **no se re-ejecutan**: se publican sus salidas guardadas, que son las que comprueban
   las pruebas.

Para añadir un cuaderno al sitio basta con que exista ``notebooks/NN_nombre.ipynb``: el índice se
genera a partir de esa carpeta, en el orden del número.
"""

from __future__ import annotations

import argparse
import binascii
import copy
import hashlib
import importlib
import json
import re
import shutil
import subprocess
import sys
import time
import tomllib
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # course_utils (las preguntas de repaso), también sin instalar
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import guia_docente  # noqa: E402 - la guía del docente y su figura (tools/guia_docente.py)

sys.path.pop(0)
BOOK = ROOT / "book"
NOTEBOOKS = ROOT / "notebooks"
STUDENTS = NOTEBOOKS / "alumnos"
NOTEBOOK_GLOB = "[0-9][0-9]_*.ipynb"

SOLUTION_TAG = "solution"
SHOW_SOLUTION = "Mostrar solución"
HIDE_SOLUTION = "Ocultar solución"
# Cada ejercicio tiene varias celdas de solución seguidas (los pasos, la respuesta que se
# comprueba, una rúbrica): su botón dice cuál es, tomado del comentario de su primera línea
# («# Solución del ejercicio 2 (respuesta que se comprueba)»); la primera dice solo «solución».
_SOLUTION_PART = re.compile(
    r"#\s*Solución del ejercicio [\w.]+\s*(?:\((?P<par>[^()]+)\)|:\s*(?P<col>.+))$"
)


def solution_labels(source: str) -> tuple[str, str]:
    """Los textos del botón de una celda de solución: «Mostrar solución» y «Ocultar solución»,
    con la parte que es entre paréntesis si su primera línea la dice.

    >>> solution_labels("# Solución del ejercicio 3: rúbrica de autoevaluación")
    ('Mostrar solución (rúbrica de autoevaluación)', 'Ocultar solución (rúbrica de autoevaluación)')
    >>> solution_labels("# Solución del ejercicio 1 (respuesta que se comprueba)\\nx = 1")[0]
    'Mostrar solución (respuesta que se comprueba)'
    >>> solution_labels("# Solución del ejercicio 1\\nx = 1")[0]
    'Mostrar solución'
    """
    match = _SOLUTION_PART.match(source.strip().partition("\n")[0].strip())
    part = match and (match["par"] or match["col"]).strip()
    suffix = f" ({part})" if part else ""
    return SHOW_SOLUTION + suffix, HIDE_SOLUTION + suffix


#: Clave de los metadatos de una celda de código con su texto alternativo: un texto (la celda
#: tiene una figura) o una lista de textos (uno por figura, en el orden de las salidas); las reglas
#: están en ``tools/classroom.py`` (:func:`classroom.figure_alt_texts`).
ALT_KEY = "alt"
#: Fichero (en las fuentes preparadas) con el texto alternativo de cada figura, por página y por
#: huella SHA-256 de la imagen, que es el nombre con el que myst-nb la publica; ``book/conf.py``
#: lo pone en el HTML al terminar la construcción.
FIGURES_FILE = "_figuras.json"

# Celda de pregunta de repaso (la misma regla que tools/classroom.py).
QUIZ_CELL = re.compile(r'^\s*(?:cu\.)?quiz_question\(\s*"(\d{2}\.\d+)"\s*\)\s*$')
QUIZ_FOLDER = "preguntas"


class BookError(Exception):
    """Un problema en las fuentes que impide construir el sitio (mensaje en español)."""


# ---------------------------------------------------------------------------------------------
# Cuadernos
# ---------------------------------------------------------------------------------------------


def course_notebooks() -> list[Path]:
    """Los cuadernos del curso, en orden (``notebooks/NN_*.ipynb``)."""
    return sorted(NOTEBOOKS.glob(NOTEBOOK_GLOB))


def markdown_text(nb: nbformat.NotebookNode) -> str:
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def notebook_title(nb: nbformat.NotebookNode, path: Path) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise BookError(f"{path.name}: el cuaderno no empieza por un título «# NN · Tema».")


# Enlaces Markdown a ficheros fuera de notebooks/ (p. ej. ../README.md): en el sitio no son
# páginas, así que se dejan como texto.
_OUTSIDE_LINK = re.compile(r"\[([^\]]+)\]\(\.\./[^)]*\)")


def student_name(name: str) -> str:
    """Nombre de la descarga de la copia para estudiantes (distinto del cuaderno completo)."""
    return name.removesuffix(".ipynb") + "_alumnos.ipynb"


def _download_cell(name: str, has_student_copy: bool) -> nbformat.NotebookNode:
    lines = ["```{admonition} Descargar este cuaderno", ":class: tip", ""]
    if has_student_copy:
        lines.append(
            f"- {{download}}`Copia para estudiantes (sin soluciones) "
            f"<../descargas/alumnos/{student_name(name)}>`: para hacer los ejercicios en clase "
            "o por su cuenta."
        )
    lines += [
        f"- {{download}}`Cuaderno completo (con soluciones y salidas) "
        f"<../descargas/completos/{name}>`.",
        "",
        "Para ejecutarlos hace falta el entorno del curso, y para hacer los ejercicios, su "
        "propia copia de trabajo (`python tools/make_student_copies.py --mi-trabajo`, que nada "
        "sobrescribe): vea [Cómo ejecutar el curso](../como-ejecutar.md).",
        "```",
    ]
    return nbformat.v4.new_markdown_cell("\n".join(lines))


def student_copy_text(path: Path, nb: nbformat.NotebookNode) -> str | None:
    """La copia para estudiantes: la de ``notebooks/alumnos/`` o, si aún no se ha generado, la que
    genera ``tools/classroom.py`` con la misma regla que ``tools/make_student_copies.py``."""
    stored = STUDENTS / path.name
    if stored.is_file():
        return stored.read_text(encoding="utf-8")
    try:
        classroom = _tool("classroom")
    except ImportError:
        return None
    return classroom.dumps(classroom.student_copy(nb))


def _tool(name: str):
    """Un módulo de ``tools/`` (``classroom``, ``export_quizzes``), importado por su nombre."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.pop(0)


def fold_markdown_solution(source: str) -> str:
    """Pliega una celda Markdown de solución igual que myst-nb pliega las de código.

    myst-nb solo pliega celdas de código; una solución escrita en Markdown se envuelve en el mismo
    ``<details>`` cerrado (mismas clases, mismo texto del botón), como HTML en bruto de MyST.
    """
    return "\n".join(
        [
            '<details class="admonition hide above-input">',
            '<summary aria-label="Mostrar u ocultar">',
            f'<p class="collapsed admonition-title">{SHOW_SOLUTION}</p>',
            f'<p class="expanded admonition-title">{HIDE_SOLUTION}</p>',
            "</summary>",
            "",
            source.strip(),
            "",
            "</details>",
        ]
    )


_JUPYTERLAB_HINT = re.compile(r"\n\nSi no ve el botón «Comprobar».*?(?=\n\n|\Z)", re.S)
_NOTEBOOK_LINK = re.compile(r"\]\((\d\d_[\w-]+)\.ipynb(#[^)]*)?\)")


def _link_markdown_outputs(cell: nbformat.NotebookNode) -> None:
    """Los enlaces a otros cuadernos en las salidas Markdown (los informes de
    ``cu.analyze_results``) llevan a su página: myst-nb solo resuelve los de las celdas."""
    for out in cell.get("outputs", []):
        text = out.get("data", {}).get("text/markdown")
        if text:
            out["data"]["text/markdown"] = _NOTEBOOK_LINK.sub(r"](\1.html\2)", text)


def _plain_heading(line: str) -> str:
    return " ".join(re.sub(r"[*_`]", "", line.lstrip("#")).split())


def figure_alts(nb: nbformat.NotebookNode, path: Path) -> dict[str, str]:
    """El texto alternativo de cada figura del cuaderno, por huella SHA-256 de la imagen.

    El texto es el de ``cell.metadata["alt"]`` (:data:`ALT_KEY`): un texto en español que dice
    qué muestra la figura (una celda con una figura) o una lista con uno por figura, en el orden
    de las salidas. Sin él, la figura se describe por su lugar: «Figura 2 de la sección «3. El
    estadístico, a mano»; el texto que la sigue dice lo que muestra».
    """
    classroom = _tool("classroom")
    alts: dict[str, str] = {}
    heading = notebook_title(nb, path)
    counts: dict[str, int] = {}
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if re.match(r"#{1,3} ", line):
                    heading = _plain_heading(line)
            continue
        images = [out["data"][mime] for out, mime in classroom.figure_outputs(cell)]
        if not images:
            continue
        where = f"{path.name}, celda {cell.get('id', index)}"
        try:
            texts = classroom.figure_alt_texts(cell)
        except ValueError as exc:
            raise BookError(f"{where}: {exc}") from None
        if texts is None:
            texts = []
            for _ in images:
                counts[heading] = counts.get(heading, 0) + 1
                texts.append(f"Figura {counts[heading]} de «{heading}»; el texto que la sigue "
                             "dice lo que muestra.")
        for data, text in zip(images, texts):
            raw = "".join(data) if isinstance(data, list) else data
            try:
                digest = hashlib.sha256(binascii.a2b_base64(raw)).hexdigest()
            except binascii.Error as exc:
                raise BookError(f"{where}: una figura no es base64 válido ({exc}).") from None
            alts[digest] = text
    return alts


def refresh_quiz_output(cell: nbformat.NotebookNode) -> None:
    """La salida de una celda de pregunta, generada de nuevo desde
    ``course_utils/selfcheck/quizzes``.

    Es la misma que la guardada cuando el cuaderno está al día (lo comprueba
    ``tests/test_quizzes.py``); así el sitio muestra la pregunta y su script actuales aunque las
    salidas guardadas aún no se hayan regenerado.
    """
    from course_utils.selfcheck.quiz import quiz_question

    qid = QUIZ_CELL.match(cell.source).group(1)
    bundle = quiz_question(qid)._repr_mimebundle_()
    cell.outputs = [nbformat.v4.new_output("execute_result", data=bundle,
                                           execution_count=cell.get("execution_count"))]


def stage_notebook(path: Path, src: Path) -> dict[str, str]:
    """Copia un cuaderno a las fuentes del sitio, con las soluciones plegadas y las descargas.

    Devuelve el texto alternativo de cada figura (:func:`figure_alts`)."""
    nb = nbformat.read(path, as_version=4)
    notebook_title(nb, path)  # falla pronto si no tiene título
    alts = figure_alts(nb, path)
    staged = copy.deepcopy(nb)
    for cell in staged.cells:
        tags = list(cell.metadata.get("tags", []))
        if cell.cell_type == "markdown":
            cell.source = _OUTSIDE_LINK.sub(r"\1", cell.source)
            if cell.get("id", "").startswith("quiz-") and cell["id"].endswith("-intro"):
                # El aviso de ejecutar las celdas es para JupyterLab: en el sitio ya funcionan.
                cell.source = _JUPYTERLAB_HINT.sub("", cell.source).rstrip() + "\n"
            if SOLUTION_TAG in tags:
                cell.source = fold_markdown_solution(cell.source)
        elif cell.get("id", "").startswith("quiz-") and cell.get("id", "").endswith("-import"):
            # La importación que activa las preguntas en JupyterLab; en el sitio no hace falta.
            cell.metadata["tags"] = tags + ["remove-cell"]
        elif QUIZ_CELL.match(cell.source):
            # Una pregunta de repaso: en el sitio solo cuenta la pregunta (su salida).
            cell.metadata["tags"] = tags + ["remove-input"]
            refresh_quiz_output(cell)
        elif SOLUTION_TAG in tags:
            # myst-nb pliega la celda entera (código y salida) en un <details> cerrado.
            cell.metadata["tags"] = [t for t in tags if t != "hide-cell"] + ["hide-cell"]
            show, hide = solution_labels(cell.source)
            cell.metadata["mystnb"] = {"code_prompt_show": show, "code_prompt_hide": hide}
        if cell.cell_type == "code":
            _link_markdown_outputs(cell)
    student_text = student_copy_text(path, nb)
    has_student_copy = student_text is not None
    # El recuadro de descargas va justo debajo del título.
    first = staged.cells[0]
    box = _download_cell(path.name, has_student_copy)
    if first.cell_type == "markdown" and first.source.startswith("# "):
        title, _, rest = first.source.partition("\n")
        first.source = f"{title}\n\n{box.source}\n\n{rest.lstrip()}".rstrip() + "\n"
    else:
        staged.cells.insert(0, box)
    nbformat.write(staged, src / "cuadernos" / path.name)
    shutil.copyfile(path, src / "descargas" / "completos" / path.name)
    if has_student_copy:
        target = src / "descargas" / "alumnos" / student_name(path.name)
        target.write_text(student_text, encoding="utf-8")
    return alts


# ---------------------------------------------------------------------------------------------
# Glosario
# ---------------------------------------------------------------------------------------------


@dataclass
class Term:
    es: str
    en: str
    notebook: str  # «01», «05»...
    definition: str
    search: list[str] = field(default_factory=list)
    note: str = ""

def contributing_terms() -> list[tuple[str, str, str]]:
    """Filas (español, nota, inglés) de la tabla «Un término por concepto» de CONTRIBUTING.md."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    match = re.search(r"^## Un término por concepto\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match:
        raise BookError("CONTRIBUTING.md no tiene la sección «## Un término por concepto».")
    rows = []
    for line in match.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 2 or set(cells[0]) <= {"-"}:
            continue
        if cells[0] == "español":
            continue
        es, _, note = cells[0].partition(" (")
        rows.append((es.strip(), note.rstrip(")").replace("*", ""), cells[1].replace("*", "")))
    if not rows:
        raise BookError("La tabla «Un término por concepto» de CONTRIBUTING.md está vacía.")
    return rows


def glossary_terms() -> list[Term]:
    """Términos del glosario: los de CONTRIBUTING.md y los de ``book/glosario.toml``.

    Cada término de CONTRIBUTING.md debe tener su entrada en ``book/glosario.toml`` (cuaderno
    donde se enseña y definición), con el mismo término inglés.
    """
    data = tomllib.loads((BOOK / "glosario.toml").read_text(encoding="utf-8"))
    terms = {}
    for entry in data["termino"]:
        term = Term(
            es=entry["es"],
            en=entry["en"],
            notebook=entry["cuaderno"],
            definition=entry["definicion"],
            search=entry.get("buscar", []),
        )
        terms[term.es] = term
    for es, note, en in contributing_terms():
        if es not in terms:
            raise BookError(
                f"El término «{es}» de CONTRIBUTING.md no está en book/glosario.toml: añada su "
                "entrada (término inglés, cuaderno donde se enseña y definición)."
            )
        if terms[es].en != en:
            raise BookError(
                f"book/glosario.toml traduce «{es}» como «{terms[es].en}», pero CONTRIBUTING.md "
                f"dice «{en}»."
            )
        terms[es].note = note
    return sorted(terms.values(), key=lambda t: sort_key(t.es))


def sort_key(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.replace("*", "").replace("`", ""))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold().strip()


def glossary_page(notebooks: dict[str, Path]) -> tuple[str, list[str]]:
    """El Markdown del glosario y los términos omitidos (su cuaderno aún no existe)."""
    rows, pending = [], []
    for term in glossary_terms():
        path = notebooks.get(term.notebook)
        if path is None:
            pending.append(f"{term.es} (cuaderno {term.notebook})")
            continue
        es = f"**{term.es}**" + (f" ({term.note})" if term.note else "")
        link = f"[{term.notebook}](cuadernos/{path.name})"
        cells = [es, f"*{term.en}*", link, term.definition]
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    page = [
        "# Glosario",
        "",
        "Los cuadernos usan siempre **el mismo término para el mismo concepto**, y el término",
        "inglés aparece en cursiva la primera vez, porque es el que encontrará en artículos,",
        "bibliotecas y foros. La columna «cuaderno» indica dónde se enseña el concepto (pulse",
        "para abrirlo).",
        "",
        "| término | en inglés | cuaderno | qué es |",
        "|---|---|---|---|",
        *rows,
        "",
    ]
    return "\n".join(page), pending


# ---------------------------------------------------------------------------------------------
# Referencias
# ---------------------------------------------------------------------------------------------

_DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "‑": "-"})


def notebook_references(nb: nbformat.NotebookNode) -> list[str]:
    """Las entradas de la sección «## Referencias» de un cuaderno (Markdown, una por elemento)."""
    refs: list[str] = []
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        match = re.search(r"^## Referencias\s*$(.*?)(?=^#{1,2} |\Z)", cell.source, re.M | re.S)
        if not match:
            continue
        for line in match.group(1).splitlines():
            if re.match(r"^[-*] ", line):
                refs.append(line[2:].strip())
            elif line.startswith(" ") and line.strip() and refs:
                refs[-1] += " " + line.strip()
    return refs


def reference_key(ref: str) -> str:
    """Autores, año y título: lo que identifica una obra aunque cambien detalles de la cita."""
    text = re.sub(r"\s+", " ", ref.replace("*", "").replace("`", "").translate(_DASHES)).strip()
    match = re.match(r"(.*?\(\d{4}[a-z]?\)\. .*?[.?!])( |$)", text)
    return sort_key(match.group(1) if match else text)


def references_page(notebooks: dict[str, Path]) -> str:
    works: dict[str, dict] = {}
    for number, path in notebooks.items():
        nb = nbformat.read(path, as_version=4)
        for ref in notebook_references(nb):
            work = works.setdefault(reference_key(ref), {"text": ref, "cited": []})
            if len(ref) > len(work["text"]):  # la cita más completa
                work["text"] = ref
            if number not in work["cited"]:
                work["cited"].append(number)
    lines = [
        "# Referencias",
        "",
        "## Documentos de partida y licencias",
        "",
        *SOURCES_CREDIT,
        "",
        "## Obras citadas",
        "",
        "Todas las obras que citan los cuadernos en su sección «Referencias», en orden alfabético.",
        "Tras cada una, los cuadernos que la citan.",
        "",
    ]
    for key in sorted(works):
        work = works[key]
        cited = ", ".join(
            f"[{n}](cuadernos/{notebooks[n].name})" for n in sorted(work["cited"])
        )
        lines.append(f"- {_reference_text(work['text'])} — Citada en: {cited}.")
    lines.append("")
    return "\n".join(lines)


#: Crédito de los documentos de partida y licencia del curso (también en el README).
SOURCES_CREDIT = [
    "Los cuadernos 01, 02 y 03 adaptan dos capítulos («Medidas de Rendimiento» y «Comparación de",
    "Algoritmos», en una versión anterior) del libro",
    "[*Aprendizaje Computacional*](https://ingeotec.github.io/AprendizajeComputacional), de",
    "**Mario Graff** (INGEOTEC, INFOTEC), publicado con licencia",
    "[CC BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/deed.es). Los capítulos actuales,",
    "[Rendimiento](https://ingeotec.github.io/AprendizajeComputacional/capitulos/04Rendimiento.html)",
    "y [Comparación de Algoritmos]"
    "(https://ingeotec.github.io/AprendizajeComputacional/capitulos/13Comparacion.html), tienen vídeos",
    "en español del autor (necesitan conexión). El cuaderno 04 sigue las diapositivas de Ricardo",
    "Aler Mur; 05 a 07, unos apuntes sin autoría indicada. Ninguno de esos tres documentos indica",
    "licencia; los cuadernos no copian su texto.",
    "",
    "**Licencia del curso.** El texto (cuadernos, README y este sitio) se publica con licencia",
    "[CC BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/deed.es), la del libro que adapta;",
    "el código (`course_utils`, herramientas, pruebas y celdas de código), con licencia MIT.",
]

_BARE_URL = re.compile(r"(?<![(<\[])(https?://[^\s)>\]]+?)([.,;]?)(?=\s|$)")


def _reference_text(text: str) -> str:
    """La cita tal como se publica en el sitio: URL y DOI como enlaces, sin notas del cuaderno."""
    text = text.replace(" Fuente de este cuaderno.", "")
    return _BARE_URL.sub(lambda m: f"<{m.group(1)}>{m.group(2)}", text)


# ---------------------------------------------------------------------------------------------
# Cómo ejecutar el curso
# ---------------------------------------------------------------------------------------------


def readme_setup_section() -> str:
    """La sección «## Puesta en marcha» del README, tal cual (hasta la siguiente sección ##)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## Puesta en marcha.*?(?=^## |\Z)", readme, re.M | re.S)
    if not match:
        raise BookError("README.md no tiene la sección «## Puesta en marcha».")
    return match.group(0).strip()


def readme_workspace_paragraph() -> str:
    """El párrafo «Dónde trabajan los estudiantes» del README (su copia con ``--mi-trabajo``),
    tal cual hasta el siguiente encabezado, sin su comienzo en negrita."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lead = "**Dónde trabajan los estudiantes.**"
    match = re.search(rf"^{re.escape(lead)}(.*?)(?=^#{{1,4}} |\Z)", readme, re.M | re.S)
    if not match or "--mi-trabajo" not in match.group(1):
        raise BookError(f"README.md no tiene el párrafo «{lead}» con la orden "
                        "`python tools/make_student_copies.py --mi-trabajo`.")
    return match.group(1).strip()


ARCHIVE_NAME = "curso-medir-comparar.zip"
#: Lo que no va en el archivo descargable si no se puede preguntar a git qué está versionado.
_NOT_ARCHIVED = {".git", ".venv", "_build", "__pycache__", ".ipynb_checkpoints", ".pytest_cache",
                 "course_utils.egg-info", ".hypothesis"}


def course_files() -> list[Path]:
    """Los ficheros del curso (los versionados en git; sin git, el árbol sin entornos ni cachés)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        names = [n for n in out.stdout.decode("utf-8").split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
    if names:
        return sorted(ROOT / n for n in names if (ROOT / n).is_file())
    return sorted(
        p for p in ROOT.rglob("*")
        if p.is_file() and not _NOT_ARCHIVED.intersection(p.relative_to(ROOT).parts)
    )


def write_archive(target: Path) -> None:
    """El curso completo en un .zip, dentro de una carpeta con su nombre, con fechas fijas."""
    folder = target.stem
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in course_files():
            info = zipfile.ZipInfo(f"{folder}/{path.relative_to(ROOT).as_posix()}",
                                   date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (path.stat().st_mode & 0o777) << 16
            archive.writestr(info, path.read_bytes())


def quiz_page() -> str:
    """Página para docentes: el banco de preguntas para Moodle y la versión para imprimir."""
    return "\n".join([
        "# Preguntas de repaso para docentes",
        "",
        "Cada cuaderno termina su parte central con «Compruebe lo que ha entendido»: de 4 a 8",
        "preguntas (de opción y numéricas) sobre lo que suele confundirse, cada respuesta con su",
        "explicación. Las mismas preguntas, generadas de la misma fuente",
        "(`course_utils/selfcheck/quizzes/NN.toml`), para usarlas fuera de los cuadernos:",
        "",
        f'- <a href="{QUIZ_FOLDER}/preguntas-moodle.xml" download>Banco de preguntas para Moodle '
        "(Moodle XML)</a>: en Moodle, *Banco de preguntas → Importar*, formato «Moodle XML»; crea",
        "  una categoría por cuaderno. Las fórmulas las compone el filtro MathJax de Moodle.",
        f'- <a href="{QUIZ_FOLDER}/preguntas-imprimibles.html">Versión para imprimir</a>: una',
        "  página por cuaderno y, al final, las respuestas con sus explicaciones (imprímala desde el",
        "  navegador).",
        "",
        "Para generarlos sin el sitio: `python tools/export_quizzes.py`.",
        "",
    ])


def run_page() -> str:
    section = _OUTSIDE_LINK.sub(r"\1", readme_setup_section())
    return "\n".join(
        [
            "# Cómo ejecutar el curso",
            "",
            "Para **leer** el curso basta este sitio: cada página muestra el cuaderno con las",
            "salidas guardadas. Para **ejecutar** los cuadernos, cambiar parámetros y hacer los",
            "ejercicios en su ordenador, descargue el curso completo, tal como se construyó este",
            f"sitio: {{download}}`{ARCHIVE_NAME} <descargas/{ARCHIVE_NAME}>` (cuadernos, `course_utils`,",
            "datos, pruebas y README; unos 10 MB). Descomprímalo y prepare el entorno como indica su",
            "README (esta página copia esa sección tal cual); después, todo funciona sin conexión.",
            "",
            section,
            "",
            "## Dónde hacer los ejercicios",
            "",
            "Con el entorno preparado, trabaje siempre en su propia copia de los cuadernos, que se",
            "crea con una orden y ninguna otra sobrescribe (del README del curso):",
            "",
            _OUTSIDE_LINK.sub(r"\1", readme_workspace_paragraph()),
            "",
        ]
    )


# ---------------------------------------------------------------------------------------------
# Construcción
# ---------------------------------------------------------------------------------------------


def stage(src: Path) -> list[str]:
    """Prepara las fuentes del sitio en ``src``. Devuelve avisos para quien construye."""
    if src.exists():
        shutil.rmtree(src)
    for sub in ("cuadernos", "descargas/alumnos", "descargas/completos"):
        (src / sub).mkdir(parents=True)
    notes = []
    paths = course_notebooks()
    if not paths:
        raise BookError(f"No hay cuadernos {NOTEBOOK_GLOB} en {NOTEBOOKS}.")
    notebooks = {p.name[:2]: p for p in paths}
    figures = {}
    for path in paths:
        figures[f"cuadernos/{path.stem}"] = stage_notebook(path, src)
        if not (STUDENTS / path.name).is_file():
            notes.append(
                f"falta notebooks/alumnos/{path.name} (python tools/make_student_copies.py): "
                "el sitio ofrece una copia para estudiantes generada al construir"
            )
    (src / FIGURES_FILE).write_text(json.dumps(figures, ensure_ascii=False, indent=1),
                                    encoding="utf-8")
    for page in BOOK.glob("*.md"):
        shutil.copyfile(page, src / page.name)
    glossary, pending = glossary_page(notebooks)
    (src / "glosario.md").write_text(glossary, encoding="utf-8")
    notes += [f"el glosario omite «{p}», que aún no existe" for p in pending]
    (src / "referencias.md").write_text(references_page(notebooks), encoding="utf-8")
    (src / "como-ejecutar.md").write_text(run_page(), encoding="utf-8")
    (src / "preguntas.md").write_text(quiz_page(), encoding="utf-8")
    guia_docente.stage_guide(src)
    write_archive(src / "descargas" / ARCHIVE_NAME)
    return notes


def build(out: Path, quiet: bool = False) -> int:
    from sphinx.cmd.build import build_main

    src = out / "src"
    html = out / "html"
    for note in stage(src):
        print(f"Aviso: {note}.", file=sys.stderr)
    args = ["-b", "html", "-W", "--keep-going", "-j", "1", "-c", str(BOOK)]
    # Construcción completa (las fuentes se acaban de copiar); -E evita restos de otra anterior.
    args += ["-E", "-d", str(out / "doctrees")]
    if quiet:
        args.append("-q")
    status = build_main([*args, str(src), str(html)])
    if status == 0:
        # El banco para Moodle y la versión para imprimir, con el MathJax del propio sitio.
        export_quizzes = _tool("export_quizzes")
        export_quizzes.export(html / QUIZ_FOLDER, mathjax="../_static/mathjax/tex-chtml.js")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=BOOK / "_build",
        help="carpeta de salida (por defecto book/_build); el sitio queda en <out>/html",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="solo avisos y errores")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        status = build(args.out.resolve(), quiet=args.quiet)
    except BookError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    if status == 0:
        index = args.out.resolve() / "html" / "index.html"
        print(f"Sitio construido en {time.perf_counter() - start:.1f} s: abra {index}")
    return status


if __name__ == "__main__":
    sys.exit(main())
