"""Configuración de Sphinx para el sitio web del curso.

No construya con ``sphinx-build`` directamente: use ``python tools/build_book.py``, que prepara
las fuentes (cuadernos, glosario, referencias, «Cómo ejecutar el curso») en ``book/_build/src``
y llama a Sphinx con esta configuración.
"""

import html
import json
import re
from pathlib import Path

from course_utils import __version__

project = "Medir y comparar algoritmos de aprendizaje automático"
# La versión del curso (pie de cada página): la de course_utils, que es la de pyproject.toml.
release = version = __version__
author = "el equipo del curso"
# El pie de página dice la licencia (plantilla _templates/licencia.html), no «© Copyright».
html_show_copyright = False
templates_path = ["_templates"]
language = "es"

extensions = [
    "myst_nb",
    "sphinx-mathjax-offline",  # MathJax 3 copiado en _static/mathjax: nada se carga de una CDN
]

root_doc = "index"
exclude_patterns = ["descargas/**", "**.ipynb_checkpoints"]
html_static_path = ["_static"]
html_css_files = ["curso.css"]
html_js_files = ["curso.js"]
html_title = "Medir y comparar algoritmos"
html_favicon = "_static/favicon.png"  # sin él, el navegador pide /favicon.ico y recibe un 404
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None

# Los cuadernos se publican con sus salidas guardadas (las que comprueban las pruebas): nunca se
# re-ejecutan al construir el sitio.
nb_execution_mode = "off"
nb_merge_streams = True
# Las salidas en Markdown (los informes de ``cu.analyze_results``) llevan tablas: se leen como
# GitHub Flavored Markdown; con el formato por omisión de myst-nb (CommonMark) cada tabla quedaría
# como un párrafo de barras «|».
nb_render_markdown_format = "gfm"
# Las celdas plegadas que no son soluciones (si las hubiera) muestran un texto en español; las
# soluciones llevan su propio texto, «Mostrar solución», en sus metadatos (tools/build_book.py).
nb_code_prompt_show = "Mostrar {type}"
nb_code_prompt_hide = "Ocultar {type}"
myst_enable_extensions = ["dollarmath", "amsmath"]
# Las fórmulas fuera del orden del tabulador: con el valor por omisión de MathJax, cada fórmula en
# línea era una parada (cientos por página antes de llegar a una pregunta). Su menú sigue a un
# clic derecho; las que se desplazan en su caja vuelven al orden (curso.js).
mathjax3_config = {"options": {"menuOptions": {"settings": {"inTabOrder": False}}}}
myst_heading_anchors = 3
suppress_warnings = ["mystnb.unknown_mime_type"]

html_theme = "sphinx_book_theme"
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": True,
    "use_repository_button": False,
    "navigation_with_keys": False,
    "show_navbar_depth": 1,
    "footer_content_items": ["licencia"],
}
html_context = {"default_mode": "light"}


# Textos en inglés que quedan en las plantillas del tema y de myst-nb (sin traducción en sus
# catálogos): se sustituyen en el HTML generado.
SPANISH_LABELS = {
    'placeholder="Search..."': 'placeholder="Buscar…"',
    'aria-label="Search..."': 'aria-label="Buscar"',
    'aria-label="Toggle hidden content"': 'aria-label="Mostrar u ocultar"',
    'title="Link to this heading"': 'title="Enlace a este encabezado"',
    'aria-label="Toggle primary sidebar"': 'aria-label="Mostrar u ocultar la barra lateral"',
    'title="Toggle primary sidebar"': 'title="Mostrar u ocultar la barra lateral"',
    'aria-label="Toggle secondary sidebar"': 'aria-label="Mostrar u ocultar el índice"',
    'title="Toggle secondary sidebar"': 'title="Mostrar u ocultar el índice"',
    'aria-label="Main"': 'aria-label="Principal"',
    'aria-label="Page"': 'aria-label="Página"',
}

#: Texto alternativo de las figuras de cada cuaderno (lo escribe tools/build_book.py en las
#: fuentes): myst-nb publica cada figura como ``_images/<huella SHA-256>.png`` con esa ruta como
#: texto alternativo; aquí se sustituye por el texto que dice qué muestra.
FIGURES_FILE = "_figuras.json"
_IMAGE = re.compile(r'<img alt="[^"]*" src="((?:\.\./)*_images/([0-9a-f]{64})\.\w+)"')


def _figure_alts(app) -> dict:
    path = Path(app.srcdir) / FIGURES_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def _spanish_labels(app, exception):
    """Al terminar: los textos en español y el texto alternativo de cada figura."""
    if exception is not None or app.builder.format != "html":
        return
    figures = _figure_alts(app)
    outdir = Path(app.outdir)
    for page in outdir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = text
        for english, spanish in SPANISH_LABELS.items():
            new = new.replace(english, spanish)
        alts = figures.get(page.relative_to(outdir).with_suffix("").as_posix(), {})
        if alts:
            new = _IMAGE.sub(lambda m: f'<img alt="{html.escape(alts.get(m[2], ""))}" '
                             f'src="{m[1]}"' if m[2] in alts else m[0], new)
        if new != text:
            page.write_text(new, encoding="utf-8")


def setup(app):
    app.connect("build-finished", _spanish_labels)
