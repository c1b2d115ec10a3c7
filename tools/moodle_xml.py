"""Escribir un banco de preguntas en el formato XML de Moodle («Moodle XML»).

Lo comparten ``tools/export_quizzes.py`` (las preguntas de repaso de los cuadernos) y
``tools/examen.py`` (los exámenes con datos generados a partir del secreto). Formato:
https://docs.moodle.org/en/Moodle_XML_format: un elemento ``<quiz>`` con una pregunta
``type="category"`` antes de las preguntas de cada categoría; las preguntas ``multichoice`` (opción
múltiple) y ``numerical`` (numérica, con tolerancia absoluta), cada respuesta con su
``fraction`` (100 = correcta, 0 = incorrecta) y su explicación (``feedback``). Los textos van en
HTML; las fórmulas, como ``\\( ... \\)``, las compone el filtro MathJax de Moodle.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

#: Penalización por intento fallido (el valor por defecto de Moodle para 3 opciones).
PENALTY = "0.3333333"


def format_number(x: float) -> str:
    """Un número como lo escribe Python, sin el «.0» de los enteros (``2.0`` -> ``"2"``)."""
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text


def text_element(parent: ET.Element, tag: str, value: str, fmt: str | None = "html",
                 **attrs: str) -> ET.Element:
    """``<tag format="fmt"><text>value</text></tag>`` dentro de ``parent``."""
    el = ET.SubElement(parent, tag, {**({"format": fmt} if fmt else {}), **attrs})
    ET.SubElement(el, "text").text = value
    return el


def new_bank() -> ET.Element:
    """El elemento raíz ``<quiz>`` de un banco vacío."""
    return ET.Element("quiz")


def add_category(root: ET.Element, path: str, info: str) -> ET.Element:
    """Una categoría (``$course$/top/...``): las preguntas que siguen van a ella al importar."""
    cat = ET.SubElement(root, "question", type="category")
    ET.SubElement(ET.SubElement(cat, "category"), "text").text = path
    text_element(cat, "info", info)
    return cat


def _question(root: ET.Element, kind: str, name: str, idnumber: str, text: str,
              general_feedback: str, grade: float) -> ET.Element:
    el = ET.SubElement(root, "question", type=kind)
    text_element(el, "name", name, fmt=None)
    text_element(el, "questiontext", text)
    text_element(el, "generalfeedback", general_feedback)
    ET.SubElement(el, "defaultgrade").text = format_number(grade)
    ET.SubElement(el, "penalty").text = PENALTY
    ET.SubElement(el, "hidden").text = "0"
    ET.SubElement(el, "idnumber").text = idnumber
    return el


def add_multichoice(root: ET.Element, *, name: str, idnumber: str, text: str,
                    options: Iterable[tuple[str, bool, str]], shuffle: bool = False,
                    general_feedback: str = "", grade: float = 1) -> ET.Element:
    """Pregunta de opción múltiple con una sola respuesta correcta.

    ``options``: (texto HTML, ¿correcta?, explicación HTML) de cada opción, en orden; con
    ``shuffle=False`` Moodle las muestra en ese orden, con las letras A, B, C...
    """
    el = _question(root, "multichoice", name, idnumber, text, general_feedback, grade)
    ET.SubElement(el, "single").text = "true"
    ET.SubElement(el, "shuffleanswers").text = "1" if shuffle else "0"
    ET.SubElement(el, "answernumbering").text = "ABCD"
    for option, correct, feedback in options:
        ans = text_element(el, "answer", option, fraction="100" if correct else "0")
        text_element(ans, "feedback", feedback)
    return el


def add_numerical(root: ET.Element, *, name: str, idnumber: str, text: str,
                  answers: Iterable[tuple[str, str, float, str]], general_feedback: str = "",
                  grade: float = 1) -> ET.Element:
    """Pregunta numérica, sin unidades.

    ``answers``: (fracción ``"100"`` o ``"0"``, valor escrito o ``"*"`` para cualquier otro,
    tolerancia absoluta, explicación HTML), en el orden en que Moodle las prueba: la correcta
    primero, después cada error típico y, al final, ``"*"``.
    """
    el = _question(root, "numerical", name, idnumber, text, general_feedback, grade)
    for fraction, value, tol, feedback in answers:
        ans = text_element(el, "answer", value, fmt="moodle_auto_format", fraction=fraction)
        ET.SubElement(ans, "tolerance").text = format_number(tol)
        text_element(ans, "feedback", feedback)
    ET.SubElement(el, "unitgradingtype").text = "0"
    ET.SubElement(el, "unitpenalty").text = "0"
    ET.SubElement(el, "showunits").text = "3"
    ET.SubElement(el, "unitsleft").text = "0"
    return el


def to_string(root: ET.Element) -> str:
    """El banco como texto XML (UTF-8, sangrado), listo para escribirlo en un fichero."""
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
