"""Exporta las preguntas «Compruebe lo que ha entendido» para el docente.

Uso (desde la raíz del repositorio, con el entorno del curso activado)::

    python tools/export_quizzes.py                  # escribe en book/_build/preguntas/
    python tools/export_quizzes.py --out /tmp/preg  # en otra carpeta

Escribe, a partir de ``course_utils/selfcheck/quizzes/NN.toml`` (la única fuente de las preguntas):

- ``preguntas-moodle.xml``: un banco de preguntas en formato Moodle XML, con una categoría por
  cuaderno; las preguntas de opción son «opción múltiple» (una respuesta correcta, sin barajar las
  opciones, para que las letras coincidan con las del cuaderno) y las numéricas son «numérica» con
  su tolerancia y una respuesta para cada error típico. Cada respuesta lleva su explicación; las
  fórmulas van como ``\\( ... \\)``, que compone el filtro MathJax de Moodle.
  Para importarlo: Banco de preguntas → Importar → formato «Moodle XML».
- ``preguntas-imprimibles.html``: una versión para imprimir (una página por cuaderno; las
  respuestas y explicaciones, al final), que se lee sin conexión: las fórmulas las compone la
  copia de MathJax que se escribe al lado (``mathjax/``), si está instalada.

``python tools/build_book.py`` publica los dos ficheros en el sitio (página «Preguntas de repaso
para docentes»). Son ficheros generados: no se guardan en git.
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from course_utils.selfcheck.quiz import (  # noqa: E402
    LETTERS, Quiz, course_quizzes, markdown_to_html,
)

sys.path.insert(0, str(ROOT / "tools"))
import moodle_xml as moodle  # noqa: E402
from moodle_xml import format_number as _number  # noqa: E402

MOODLE_NAME = "preguntas-moodle.xml"
PRINT_NAME = "preguntas-imprimibles.html"
COURSE = "Medir y comparar algoritmos"


def notebook_titles() -> dict[str, str]:
    """El título de cada cuaderno (``"05"`` -> ``"05 · Prueba de McNemar: ..."``)."""
    titles = {}
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        text = path.read_text(encoding="utf-8")
        m = re.search(r'"# (\d{2} · [^"\\]*)', text)
        titles[path.name[:2]] = m.group(1).strip() if m else path.stem
    return titles


def category_path(number: str, titles: dict[str, str]) -> str:
    return f"$course$/top/{COURSE}/{titles.get(number, number)}"


def moodle_xml(quizzes: dict[str, Quiz], titles: dict[str, str]) -> str:
    """El banco de preguntas en Moodle XML."""
    root = moodle.new_bank()
    for number, quiz in quizzes.items():
        moodle.add_category(root, category_path(number, titles),
                            f"Preguntas de repaso del cuaderno {quiz.notebook}.")
        for q in quiz.questions:
            common = {"name": f"Pregunta {q.id}", "idnumber": q.id,
                      "text": markdown_to_html(q.prompt)}
            if q.kind == "opcion":
                moodle.add_multichoice(root, **common, options=[
                    (markdown_to_html(o.text, inline=True), o.correct,
                     markdown_to_html(o.feedback, inline=True)) for o in q.options])
            else:
                answers = [("100", _number(q.answer), q.tolerance, q.feedback_correct)]
                answers += [("0", _number(m.value), m.tolerance, m.feedback) for m in q.mistakes]
                answers.append(("0", "*", 0.0, q.feedback_wrong))  # cualquier otro valor
                moodle.add_numerical(root, **common, answers=[
                    (fraction, value, tol, markdown_to_html(feedback, inline=True))
                    for fraction, value, tol, feedback in answers])
    return moodle.to_string(root)


PRINT_CSS = """
body{font-family:"DejaVu Sans",Arial,sans-serif;font-size:12pt;line-height:1.4;max-width:48em;
margin:1.5em auto;padding:0 1em;color:#111}
h1{font-size:1.5em}h2{font-size:1.25em;border-bottom:1px solid #888;padding-bottom:.2em}
.pregunta{break-inside:avoid;margin:1em 0}
.pregunta ol{list-style:none;padding-left:1em}
.pregunta ol li{margin:.25em 0}
.espacio{border:1px solid #999;height:2em;width:12em;margin:.3em 0 0 1em}
section.cuaderno~section.cuaderno,section.soluciones{break-before:page}
section.cuaderno>h2:first-child{margin-top:.6em}
.retro{margin:.2em 0 .4em 1em}
mjx-container{display:inline-block;max-width:100%;overflow-x:auto;overflow-y:hidden;
vertical-align:middle}
@media print{mjx-container{overflow:visible}body{margin:0;max-width:none}a{color:inherit;text-decoration:none}}
"""


def printable_html(quizzes: dict[str, Quiz], titles: dict[str, str],
                   mathjax: str | None = "mathjax/tex-chtml.js") -> str:
    """Versión para imprimir: una página por cuaderno y, al final, respuestas y explicaciones."""
    e = markdown_to_html
    parts = [
        "<!DOCTYPE html>",
        '<html lang="es"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',  # sin favicon: el navegador no pide nada más
        "<title>Compruebe lo que ha entendido · preguntas de repaso</title>",
        f"<style>{PRINT_CSS}</style>",
    ]
    if mathjax:
        parts.append(f'<script defer src="{html.escape(mathjax)}"></script>')
    # El título y la nota comparten la primera página con las preguntas del primer cuaderno;
    # cada cuaderno siguiente empieza página.
    parts += ["</head><body>", "<h1>Compruebe lo que ha entendido: preguntas de repaso</h1>",
              "<p>Una página por cuaderno; las respuestas y sus explicaciones, al final. "
              "Fuente: <code>course_utils/selfcheck/quizzes/NN.toml</code>.</p>"]
    for number, quiz in quizzes.items():
        parts.append(f'<section class="cuaderno" id="c{number}">'
                     f"<h2>{html.escape(titles.get(number, quiz.notebook))}</h2>")
        for q in quiz.questions:
            parts.append(f'<div class="pregunta"><p><strong>{q.id}.</strong></p>{e(q.prompt)}')
            if q.kind == "opcion":
                parts.append("<ol>" + "".join(
                    f"<li><strong>{LETTERS[i]}.</strong> {e(o.text, inline=True)}</li>"
                    for i, o in enumerate(q.options)) + "</ol>")
            else:
                parts.append('<p>Respuesta:</p><div class="espacio"></div>')
            parts.append("</div>")
        parts.append("</section>")
    parts.append('<section class="soluciones"><h1>Respuestas y explicaciones</h1>')
    for number, quiz in quizzes.items():
        parts.append(f"<h2>{html.escape(titles.get(number, quiz.notebook))}</h2>")
        for q in quiz.questions:
            if q.kind == "opcion":
                parts.append(f'<div class="pregunta"><p><strong>{q.id}: {q.correct_letter}.</strong></p>')
                parts += [f'<p class="retro"><strong>{LETTERS[i]}.</strong> '
                          f"{e(o.feedback, inline=True)}</p>" for i, o in enumerate(q.options)]
            else:
                parts.append(f'<div class="pregunta"><p><strong>{q.id}: {html.escape(q.answer_text)}'
                             f"</strong> (± {_number(q.tolerance)}). "
                             f"{e(q.feedback_correct, inline=True)}</p>")
                parts += [f'<p class="retro">Si obtuvo {_number(m.value)}: {e(m.feedback, inline=True)}</p>'
                          for m in q.mistakes]
                parts.append(f'<p class="retro">Otro valor: {e(q.feedback_wrong, inline=True)}</p>')
            parts.append("</div>")
    parts += ["</section>", "</body></html>", ""]
    return "\n".join(parts)


def mathjax_folder() -> Path | None:
    """La copia de MathJax del entorno del curso (la del paquete sphinx-mathjax-offline)."""
    spec = importlib.util.find_spec("sphinx-mathjax-offline")
    if spec is None or not spec.origin:
        return None
    folder = Path(spec.origin).parent / "static" / "mathjax"
    return folder if (folder / "tex-chtml.js").is_file() else None


def export(out: Path, mathjax: str | None = None) -> list[Path]:
    """Escribe los dos ficheros en ``out``. ``mathjax``: ruta (relativa) de ``tex-chtml.js``; por
    defecto se copia MathJax al lado, en ``out/mathjax``."""
    out.mkdir(parents=True, exist_ok=True)
    quizzes = course_quizzes()
    titles = notebook_titles()
    if mathjax is None:
        folder = mathjax_folder()
        if folder is not None:
            shutil.copytree(folder, out / "mathjax", dirs_exist_ok=True)
            mathjax = "mathjax/tex-chtml.js"
    written = [out / MOODLE_NAME, out / PRINT_NAME]
    written[0].write_text(moodle_xml(quizzes, titles), encoding="utf-8")
    written[1].write_text(printable_html(quizzes, titles, mathjax), encoding="utf-8")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "book" / "_build" / "preguntas",
                        help="carpeta de salida (por defecto book/_build/preguntas)")
    args = parser.parse_args(argv)
    for path in export(args.out.resolve()):
        print(f"escrito {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
