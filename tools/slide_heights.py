"""Altura (px) de cada celda de un cuaderno en una diapositiva de RISE a 1024×768.

La usan las reglas de diapositivas de :mod:`classroom` (una celda que ya no cabe abre una
subdiapositiva); se importa también de ``classroom``.
"""

from __future__ import annotations

import base64
import re
import struct

_HEADING_LINE = re.compile(r"^(#{1,6})\s")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")

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
# Lo que notebooks/rise.css deja ocupar a una figura (a cada una si la salida tiene varias) y a
# una salida que no es figura y a una celda de texto (solo las más altas que la pantalla se
# desplazan). El código se ve entero (sin caja con desplazamiento).
_INPUT_MAX = float("inf")
_OUTPUT_MAX, _MARKDOWN_MAX = 768 - 160, 768 - 40
_IMAGE_MAX, _IMAGES_MAX = 0.46 * 768, 0.30 * 768
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
