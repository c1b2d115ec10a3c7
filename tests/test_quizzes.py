"""Preguntas «Compruebe lo que ha entendido» (``course_utils/selfcheck/quizzes/NN.toml``).

- El lector rechaza cada problema de formato con un mensaje que nombra fichero, pregunta y campo
  (sobre un ejemplo propio, ``tests/data/quiz/99.toml``, y variantes rotas de él).
- Cada fichero del curso es válido, tiene de 4 a 8 preguntas y al menos una numérica; cada
  pregunta remite a una sección que existe en su cuaderno y cada respuesta numérica aparece, escrita
  igual, en una salida guardada del cuaderno.
- Cada cuaderno con preguntas las muestra todas, en orden, tras «## Compruebe lo que ha entendido».
- Ninguna pregunta da el resultado de un ejercicio de su cuaderno (las preguntas van antes), y la
  longitud de las opciones no delata la correcta (reglas y umbrales, junto a sus pruebas).
- La corrección numérica (Python) y la del HTML (el script, en ``tests/test_book.py`` y
  ``tests/test_jupyterlab.py``) siguen las mismas reglas que ``cu.comprobar``: Python lee y juzga
  con las mismas funciones (``read_number`` y ``judge_numbers``), y el script del HTML, ejecutado
  con node (si está instalado), lee, clasifica y juzga igual cada texto.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from course_utils import comprobar
from course_utils.selfcheck import quiz
from course_utils.selfcheck.exercises import (
    NEAR_HINT, UNREADABLE_KINDS, UnreadableAnswer, load_answers, read_number,
)
from course_utils.selfcheck.quiz import QuizFormatError, load_quiz

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "quiz" / "99.toml"
sys.path.insert(0, str(ROOT / "tools"))
import classroom  # noqa: E402

FILES = quiz.quiz_files()
FILE_IDS = [p.name for p in FILES]
QUIZ_HEADING = "Compruebe lo que ha entendido"
CELL = re.compile(r'^cu\.quiz_question\("(\d{2}\.\d+)"\)$')


def test_example_loads():
    q = load_quiz(EXAMPLE)
    assert q.number == "99" and q.notebook == "99_ejemplo.ipynb"
    assert [x.id for x in q.questions] == ["99.1", "99.2"]
    choice, numeric = q.questions
    assert [o.correct for o in choice.options] == [False, True, False]
    assert numeric.answer == 0.031 and numeric.answer_text == "0.0310"
    assert numeric.tolerance == 0.0005 and numeric.mistakes[0].value == 3.1


def test_numeric_check_rules():
    numeric = load_quiz(EXAMPLE).questions[1]
    assert numeric.check(0.031) == (True, numeric.feedback_correct)
    assert numeric.check(0.0314)[0] and not numeric.check(0.0316)[0]
    assert numeric.check(3.14) == (False, numeric.mistakes[0].feedback)
    assert numeric.check(0.5) == (False, numeric.feedback_wrong)
    # Como cu.comprobar: cerca pero fuera de la tolerancia, «¿ha redondeado demasiado?»; un error
    # típico redondeado (a menos de un 1 %) sigue siendo ese error.
    assert numeric.check(0.0318) == (False, NEAR_HINT)
    assert numeric.judge("3,12") == ("fallo", 0)


def test_quiz_and_comprobar_share_the_rules():
    """Una pregunta numérica y un ejercicio de ``cu.comprobar`` con la misma respuesta, la misma
    tolerancia absoluta y el mismo error típico (×100) dan el mismo veredicto y la misma pista."""
    import course_utils.selfcheck.exercises as ex

    numeric = load_quiz(EXAMPLE).questions[1]  # 0.031 ± 0.0005; fallo 3.1 ± 0.05
    spec = ex.ExerciseAnswer(numeric.answer, section="3", rtol=0.0, atol=numeric.tolerance,
                             mistakes=["x100"])
    answers = {"99.1": spec.to_json()}
    hint = ex.MISTAKES["x100"][1]
    from unittest import mock

    with mock.patch.object(ex, "load_answers", return_value=answers):
        for typed, verdict in [("0,031", "correcta"), ("3.1", "fallo"), ("0.0318", "casi"),
                               ("0.5", "otro"), ("3,12", "fallo")]:
            assert numeric.judge(typed)[0] == verdict, typed
            message = ex.comprobar("99.1", typed).message
            expected = {"correcta": "✔ Correcto", "fallo": hint, "casi": NEAR_HINT,
                        "otro": "todavía no coincide"}[verdict]
            assert expected in message, (typed, message)
        for typed in ("3,1 %", "0,031%"):
            with pytest.raises(ValueError, match="sin el signo %"):
                numeric.judge(typed)
            assert "sin el signo %" in ex.comprobar("99.1", typed).message


# Textos que un estudiante puede escribir en una respuesta numérica.
TYPED = ["0.031", "0,031", " 0,031 ", "+0,031", "\u22120,031", "-0.031", "3,1e-2", ",031", "3.",
         "3,14", "0,5", "1234,5", "1,234", "1.234", "-1,234", "1.234,5", "1,234.5", "1 234",
         "1\u00a0234", "1\u202f234,5", "0,031 %", "3,1%", "3,1\u00a0%", "abc", "", "  ",
         "0,0,31", "0.0.31", "1e400", "-1e400", "1e-400", "nan", "Infinity", "0x10", "1_000",
         "0.031 0.5", "--1", "1e", ".", ",", "\u00a00,5\u2003", "\ufeff0,5", "0,5\x1f",
         "0,5\x85", "\u0663", "\uff10.5", "0.5\n", "\t-0,5\r\n", "%", "12%", "1,5e3%"]


def _read_kind(text: str) -> tuple[str, float | None]:
    try:
        return "numero", read_number(text)
    except UnreadableAnswer as exc:
        return exc.kind, None


@pytest.mark.parametrize("text", TYPED)
def test_numeric_check_reads_text_as_comprobar_does(text):
    """Una sola lectura de números (``course_utils.selfcheck.exercises.read_number``) para las
    preguntas y
    para ``cu.comprobar``: lo que se lee da la misma corrección que el número escrito con punto
    (la referencia es ``float`` de Python); lo que no se lee es un error que nombra ``value``."""
    numeric = load_quiz(EXAMPLE).questions[1]
    try:
        number = read_number(text)
    except UnreadableAnswer as exc:
        assert exc.kind in UNREADABLE_KINDS
        with pytest.raises((TypeError, ValueError), match=re.escape("`value`")) as info:
            numeric.check(text)
        assert exc.reason in str(info.value)
        return
    plain = text.strip().strip("\ufeff\x1c\x1d\x1e\x1f\x85").replace("\u2212", "-")
    assert number == float(plain.replace(",", "."))
    assert numeric.check(text) == numeric.check(number)


def _node(script: str, data) -> object:
    code = (quiz.judge_js() + "const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
            + script)
    out = subprocess.run(["node", "-e", code], input=json.dumps(data), capture_output=True,
                         text=True, check=True, timeout=60)
    return json.loads(out.stdout)


needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="sin node no se ejecuta el script")


@needs_node
def test_the_browser_reads_and_classifies_every_text_as_python():
    """El script de la pregunta (``cuLee``) lee el mismo número que ``read_number`` o rechaza el
    texto por la misma razón (vacío, ambiguo, demasiado grande, con %, con separador de miles,
    ilegible), y su mensaje para el estudiante lo dice (``cuMensaje``)."""
    browser = _node("console.log(JSON.stringify(data.map(v => { const l = cuLee(v);"
                    " return 'x' in l ? ['numero', l.x, ''] : [l.k, null, cuMensaje(l)]; })));",
                    TYPED)
    for text, (kind, number, message) in zip(TYPED, browser):
        assert (kind, number) == _read_kind(text), text
        if kind != "numero":
            assert message and "{" not in message, (text, message)
    messages = {k: m for (k, _, m) in browser}
    assert "1.234 o 1234" in messages["ambiguo"] or "1234" in messages["ambiguo"]
    assert "sin el signo %" in messages["porcentaje"]


def _candidates(q) -> list[str]:
    """Respuestas que tocan cada regla: dentro y fuera de la tolerancia, redondeadas, cerca y
    lejos de cada error típico, en porcentaje, con coma decimal."""
    a, tol = q.answer, q.tolerance
    values = {a, -a, 100 * a, a / 100, 1 - a, 0.0, 1.0}
    values |= {a + k * tol for k in (-2, -1.001, -0.999, -0.5, 0.5, 0.999, 1.001, 2)}
    values |= {a * (1 + r) for r in (-0.051, -0.049, -0.02, 0.02, 0.049, 0.051)}
    values |= {round(a, d) for d in range(0, 5)}
    for m in q.mistakes:
        values |= {m.value, m.value + m.tolerance * 1.001, m.value - m.tolerance * 0.999}
        values |= {m.value * (1 + r) for r in (-0.011, -0.009, 0.005, 0.009, 0.011)}
    texts = []
    for v in sorted(values):
        texts += [repr(v), repr(v).replace(".", ","), f"{v:.4f}".replace(".", ",")]
    return texts


NUMERIC = [(qz.number, x) for qz in [load_quiz(EXAMPLE), *quiz.course_quizzes().values()]
           for x in qz.questions if x.kind == "numerica"]


@needs_node
def test_the_browser_judges_every_answer_as_python():
    """Para cada pregunta numérica del curso (y la del ejemplo), el script de la pregunta
    (``cuJuzga``, con los datos del HTML) y :meth:`QuizQuestion.judge` (las reglas de
    ``cu.comprobar``) dan el mismo veredicto a decenas de respuestas escritas a mano: correcta,
    un error típico (y cuál), «casi» u otro valor."""
    cases = []
    for _, q in NUMERIC:
        html = quiz.question_html(q)
        data = json.loads(html_unescape(re.search(r'data-respuesta="([^"]+)"', html).group(1)))
        mistakes = [json.loads(html_unescape(v))
                    for v in re.findall(r'data-valor="([^"]+)"', html)]
        for text in _candidates(q):
            cases.append({"id": q.id, "text": text, "d": data, "f": mistakes})
    browser = _node("console.log(JSON.stringify(data.map(c => { const l = cuLee(c.text);"
                    " return 'x' in l ? cuJuzga(l.x, c.d, c.f) : [l.k, null]; })));", cases)
    by_id = {q.id: q for _, q in NUMERIC}
    verdicts = set()
    for case, got in zip(cases, browser):
        q = by_id[case["id"]]
        try:
            expected = list(q.judge(case["text"]))
        except (TypeError, ValueError):
            expected = [_read_kind(case["text"])[0], None]
        assert got == expected, (case["id"], case["text"], got, expected)
        verdicts.add(expected[0])
    assert {"correcta", "fallo", "casi", "otro"} <= verdicts
    assert len(cases) > 1000


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


BROKEN = [
    # (cambio en el texto del ejemplo, fragmentos que debe decir el error)
    (('retro = "Sí: $p > \\\\alpha$. Vea la sección 3."\n', ""),
     ["99.toml", "pregunta 99.1", "opcion 2.retro", "falta"]),
    (("correcta = true", "correcta = false"), ["pregunta 99.1", "exactamente una", "hay 0"]),
    (("  correcta = false\n  retro = \"No: la", "  correcta = true\n  retro = \"No: la"),
     ["pregunta 99.1", "exactamente una", "hay 2"]),
    (('id = "99.2"', 'id = "99.1"'), ["pregunta 99.1", "«id»", "repetido"]),
    (('id = "99.2"', 'id = "99.3"'), ["pregunta 99.3", "«id»", "no sigue el orden", "'99.2'"]),
    (('id = "99.1"', 'id = "5.1"'), ["pregunta n.º 1", "«id»", "NN.k"]),
    (('tipo = "numerica"', 'tipo = "numérica"'), ["pregunta 99.2", "«tipo»", "numérica"]),
    (("tolerancia = 0.0005\n", ""), ["pregunta 99.2", "«tolerancia»", "falta"]),
    (("tolerancia = 0.0005\n", "tolerancia = -1\n"), ["pregunta 99.2", "«tolerancia»", "0 o mayor"]),
    (("respuesta = 0.0310", 'respuesta = "0.031"'), ["pregunta 99.2", "«respuesta»", "número"]),
    (("retro_incorrecta", "retro_incorecta"), ["pregunta 99.2", "retro_incorecta", "desconocido"]),
    (("valor = 3.1", "valor = 0.0312"), ["pregunta 99.2", "fallo 1.valor", "se solapa"]),
    (('seccion = "3"', "seccion = 3"), ["pregunta 99.1", "«seccion»"]),
    (("¿Qué puede decir?", "¿Qué puede decir $p?"), ["pregunta 99.1", "«enunciado»", "impar"]),
    (("¿Qué puede decir?", "$$p$$"), ["pregunta 99.1", "«enunciado»", "$$"]),
    (("**equivalentes**", "<b>equivalentes</b>"), ["pregunta 99.1", "opcion 1.texto", "HTML"]),
    (('cuaderno = "99_ejemplo.ipynb"', 'cuaderno = "05_mcnemar.ipynb"'),
     ["99.toml", "«cuaderno»", "05_mcnemar"]),
    (('cuaderno = "99_ejemplo.ipynb"', 'cuaderno = "99_ejemplo.ipynb"\ncuaderno = "x"'),
     ["99.toml", "no es TOML válido", "línea"]),
]


@pytest.mark.parametrize("change, expected", BROKEN, ids=[e[1][-1] + str(i) for i, e in enumerate(BROKEN)])
def test_format_errors_name_file_question_and_field(tmp_path, change, expected):
    text = EXAMPLE.read_text(encoding="utf-8")
    old, new = change
    assert old in text, f"la prueba está mal escrita: {old!r} no está en el ejemplo"
    path = tmp_path / "99.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(QuizFormatError) as info:
        load_quiz(path)
    message = str(info.value)
    missing = [e for e in expected if e not in message]
    assert not missing, f"el mensaje no dice {missing}: {message}"


def test_bad_file_names_and_ids(tmp_path):
    other = tmp_path / "ejemplo.toml"
    other.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(QuizFormatError, match="NN.toml"):
        load_quiz(other)
    with pytest.raises(FileNotFoundError, match="no existe"):
        load_quiz(tmp_path / "98.toml")
    with pytest.raises(TypeError, match="`path`"):
        load_quiz(5)
    with pytest.raises(ValueError, match="NN.k"):
        quiz.quiz_question("05-1")
    with pytest.raises(TypeError, match="`qid`"):
        quiz.quiz_question(5.1)
    with pytest.raises(ValueError, match="no tiene preguntas"):
        quiz.quiz_question("97.1")


# --------------------------------------------------------------------------- ficheros del curso


def _notebook(q) -> Path:
    return ROOT / "notebooks" / q.notebook


@pytest.mark.parametrize("path", FILES, ids=FILE_IDS)
def test_course_quiz_is_valid(path):
    q = load_quiz(path)  # lanza QuizFormatError, con el sitio exacto, si algo no cumple el formato
    assert 4 <= len(q.questions) <= 8, f"{path.name}: debe tener de 4 a 8 preguntas (tiene {len(q.questions)})"
    assert any(x.kind == "numerica" for x in q.questions), f"{path.name}: falta una pregunta numérica"
    assert _notebook(q).is_file(), f"{path.name}: no existe el cuaderno notebooks/{q.notebook}"
    few = [x.id for x in q.questions if x.kind == "opcion" and not 3 <= len(x.options) <= 4]
    assert not few, f"{path.name}: las preguntas de opciones llevan de 3 a 4 opciones: {few}"


def _headings(nb) -> list[tuple[int, str]]:
    return [h for c in nb.cells if c.cell_type == "markdown" for h in classroom.headings(c.source)]


def _section_exists(section: str, headings: list[tuple[int, str]]) -> bool:
    texts = [t.strip("*_ ") for _, t in headings]
    if re.fullmatch(r"\d+", section):
        return any(level == 2 and re.match(rf"{section}\.\s", t) for level, t in headings)
    return any(t == section or re.sub(r"^\d+\.\s+", "", t) == section for t in texts)


def _output_text(nb) -> str:
    parts = []
    for c in nb.cells:
        for out in c.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append("".join(out.get("text", "")))
            for mime in ("text/plain", "text/html", "text/markdown"):
                value = out.get("data", {}).get(mime)
                if value and "cu-quiz" not in "".join(value):  # no contar las propias preguntas
                    parts.append("".join(value))
    return "\n".join(parts)


@pytest.mark.parametrize("path", FILES, ids=FILE_IDS)
def test_sections_and_numeric_answers_come_from_the_notebook(path):
    q = load_quiz(path)
    nb = nbformat.read(_notebook(q), as_version=4)
    headings = _headings(nb)
    bad = [f"{x.id} (seccion = {x.section!r})" for x in q.questions
           if not _section_exists(x.section, headings)]
    assert not bad, (f"{path.name}: sección que no existe en {q.notebook} (ni «## N.» ni un "
                     f"encabezado con ese texto): {bad}")
    outputs = _output_text(nb)
    missing = [
        f"{x.id} (respuesta = {x.answer_text})" for x in q.questions if x.kind == "numerica"
        and not re.search(rf"(?<![\d.]){re.escape(x.answer_text)}(?![\d])", outputs)
    ]
    assert not missing, (f"{path.name}: respuesta numérica que no aparece, escrita igual, en "
                         f"ninguna salida guardada de {q.notebook}: {missing}")


def _quiz_cells(nb) -> list[str]:
    return [m.group(1) for c in nb.cells if c.cell_type == "code"
            for m in [CELL.match(c.source.strip())] if m]


@pytest.mark.parametrize("path", FILES, ids=FILE_IDS)
def test_notebook_shows_every_question_in_order(path):
    """«## Compruebe lo que ha entendido», antes de los ejercicios, con una celda por pregunta
    (subdiapositiva en RISE) cuya salida guardada es esa pregunta."""
    q = load_quiz(path)
    nb = nbformat.read(_notebook(q), as_version=4)
    shown = [classroom.quiz_id(c) for c in nb.cells if classroom.quiz_id(c)]
    assert shown == [x.id for x in q.questions], (
        f"{q.notebook}: las celdas de preguntas {shown} no son las de {path.name}; aplique "
        "/work/coord/quiz-apply.py o añada las celdas cu.quiz_question(...)"
    )
    firsts = [classroom.first_line(c.source) if c.cell_type == "markdown" else "" for c in nb.cells]
    heading = [i for i, line in enumerate(firsts) if line == f"## {QUIZ_HEADING}"]
    exercises = [i for i, line in enumerate(firsts) if re.match(r"^##\s+(\d+\.\s+)?Ejercicios\b", line)]
    cells = [i for i, c in enumerate(nb.cells) if classroom.quiz_id(c)]
    assert len(heading) == 1, f"{q.notebook}: falta (o se repite) «## {QUIZ_HEADING}»"
    assert heading[0] < cells[0] and cells[-1] < exercises[0], (
        f"{q.notebook}: las preguntas van tras «## {QUIZ_HEADING}» y antes de «## Ejercicios»")
    for i in cells:
        cell = nb.cells[i]
        assert classroom.slide_type(cell) == classroom.SUBSLIDE, f"{q.notebook}: celda {i}"
        html = "".join(o.get("data", {}).get("text/html", "") for o in cell.outputs)
        assert html == quiz.question_html(q.question(classroom.quiz_id(cell))), (
            f"{q.notebook}: la salida guardada de la celda {i} no es la pregunta de {path.name} "
            f"(¿cambió el fichero?); regenere con python tools/run_notebooks.py "
            f"notebooks/{q.notebook}")


def test_each_quiz_cell_is_its_own_subslide():
    cells = [nbformat.v4.new_markdown_cell(f"## {QUIZ_HEADING}"),
             nbformat.v4.new_code_cell("import course_utils as cu"),
             nbformat.v4.new_code_cell('cu.quiz_question("05.1")'),
             nbformat.v4.new_code_cell('cu.quiz_question("05.2")'),
             nbformat.v4.new_code_cell('print(cu.quiz_question("05.2"))')]
    assert classroom.expected_slide_types(cells) == ["slide", "-", "subslide", "subslide", "-"]


def test_notebooks_without_a_source_have_no_quiz():
    numbers = {p.stem for p in FILES}
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        if path.name[:2] not in numbers:
            nb = nbformat.read(path, as_version=4)
            assert not any(classroom.quiz_id(c) for c in nb.cells), path.name


# --------------------------------------------------------------------------- exportaciones

import export_quizzes  # noqa: E402


def test_moodle_export_matches_the_source():
    import xml.etree.ElementTree as ET

    quizzes = quiz.course_quizzes()
    titles = export_quizzes.notebook_titles()
    root = ET.fromstring(export_quizzes.moodle_xml(quizzes, titles))
    items = list(root)
    expected_count = sum(len(qz.questions) + 1 for qz in quizzes.values())
    assert len(items) == expected_count
    category = None
    seen = []
    for el in items:
        if el.get("type") == "category":
            category = el.findtext("category/text")
            continue
        qid = el.findtext("idnumber")
        source = quizzes[qid[:2]].question(qid)
        seen.append(qid)
        assert category == export_quizzes.category_path(qid[:2], titles)
        assert titles[qid[:2]].startswith(qid[:2] + " · ")
        assert el.findtext("questiontext/text") == quiz.markdown_to_html(source.prompt)
        answers = el.findall("answer")
        if source.kind == "opcion":
            assert el.get("type") == "multichoice" and el.findtext("single") == "true"
            assert [a.get("fraction") for a in answers] == [
                "100" if o.correct else "0" for o in source.options]
            assert [a.findtext("text") for a in answers] == [
                quiz.markdown_to_html(o.text, inline=True) for o in source.options]
            assert [a.findtext("feedback/text") for a in answers] == [
                quiz.markdown_to_html(o.feedback, inline=True) for o in source.options]
        else:
            assert el.get("type") == "numerical"
            got = [(a.get("fraction"), float(a.findtext("text")) if a.findtext("text") != "*"
                    else "*", float(a.findtext("tolerance")), a.findtext("feedback/text"))
                   for a in answers]
            md = lambda t: quiz.markdown_to_html(t, inline=True)  # noqa: E731
            want = [("100", source.answer, source.tolerance, md(source.feedback_correct))]
            want += [("0", m.value, m.tolerance, md(m.feedback)) for m in source.mistakes]
            want += [("0", "*", 0.0, md(source.feedback_wrong))]
            assert got == want, qid
    assert seen == [x.id for qz in quizzes.values() for x in qz.questions]
    assert "\\(" in ET.tostring(root, encoding="unicode")  # fórmulas para el filtro de Moodle
    assert "$" not in "".join(root.itertext()).replace("$course$", "")


def test_printable_version_is_offline_and_complete():
    quizzes = quiz.course_quizzes()
    text = export_quizzes.printable_html(quizzes, export_quizzes.notebook_titles())
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), "pide algo a Internet"
    # Cada cuaderno empieza página salvo el primero, que va bajo el título (la primera página no
    # queda con el título solo); las respuestas, en página aparte.
    css = re.search(r"<style>(.*?)</style>", text, re.S).group(1)
    breaks = [rule.split("{")[0] for rule in css.split("}") if "break-before:page" in rule]
    assert breaks == ["\nsection.cuaderno~section.cuaderno,section.soluciones"], breaks
    body = text.split("<body>", 1)[1]
    assert body.index("<h1>") < body.index('<section class="cuaderno"') < body.index(
        '<div class="pregunta">')
    answers_at = text.index("Respuestas y explicaciones")
    for qz in quizzes.values():
        for x in qz.questions:
            assert text.index(f"<strong>{x.id}.</strong>") < answers_at
            assert text.index(f"<strong>{x.id}: ", answers_at) > answers_at


def test_export_tool_writes_both_files(tmp_path):
    written = export_quizzes.export(tmp_path)
    assert [p.name for p in written] == ["preguntas-moodle.xml", "preguntas-imprimibles.html"]
    assert (tmp_path / "mathjax" / "tex-chtml.js").is_file()


# --------------------------------------------------------------------------- lo que no deben decir
#
# Las preguntas van antes de los ejercicios: ninguna puede dar hecho el resultado de uno de ellos
# (ni en el enunciado, ni en una opción, ni en una explicación, ni como respuesta numérica).
#
# Qué cuenta como «el resultado de un ejercicio»: el valor que comprueba ``cu.comprobar`` (el
# ``value`` de ``course_utils/selfcheck/exercise_answers.json``, que se regenera con los cuadernos;
# las
# alternativas son respuestas erróneas y no cuentan). En los ejercicios de respuesta categórica
# («sí»/«no», un nombre) el resultado son los números que decide la respuesta: los que imprime
# la solución del ejercicio y ninguna otra salida del cuaderno.
#
# Cuándo un número del texto «es» ese resultado, a la precisión con que está escrito (valor
# absoluto; el signo no importa):
# - con 2 o más decimales, si es el resultado redondeado a esos decimales (0.7592 es 0.75919...);
# - con 1 o 2 decimales, si es el resultado (una proporción) ×100 redondeado (75.92, 75.9 %); los
#   porcentajes enteros (24 %) no cuentan: solo hay 100 y coinciden por azar;
# - entero de 10 o más, si el resultado es ese entero (865); los enteros pequeños coinciden por azar;
# - en notación científica (4.46 × 10^{-7}), si la mantisa y el exponente son los del resultado;
# - y en todos los casos solo si el número tiene al menos dos cifras significativas (0.02 no
#   delata 0.0157: es un número cualquiera);
# - salvo en un texto que nombra el ejercicio («el ejercicio 4»): ahí un entero pequeño igual a su
#   resultado también lo delata («cambian 3 decisiones (ejercicio 4)»).
# Se excluyen, además, las constantes genéricas que aparecen en cualquier pregunta aunque
# coincidan con un resultado redondeado: niveles de significación y de confianza.
GENERIC_CONSTANTS = {"0.05", "0.01", "0.10", "0.001", "0.025", "0.95", "0.99", "0.90", "0.975",
                     "0.50"}
_SEP = "[ \u00a0\u202f]"  # separador de miles: 16 281, 3 000
_NUMBER = re.compile(
    rf"""(?<![\w.])(?P<m>\d{{1,3}}(?:{_SEP}\d{{3}})+(?![\d.])|\d+(?:\.\d+)?)
    (?:\s*(?:\\times|×|\\cdot)\s*10\^\{{?(?P<e>[-−]?\d+)\}}?|e(?P<e2>[-+]?\d+))?
    (?P<pct>\s*\\?%)?""", re.X)


def _numbers_in(text: str) -> list[tuple[str, int | None, bool]]:
    """Los números de un texto: (cifras, exponente de 10 o None, ¿va seguido de «%»?)."""
    found = []
    for m in _NUMBER.finditer(text):
        exp = m["e"] or m["e2"]
        found.append((re.sub(_SEP, "", m["m"]), int(exp.replace("−", "-")) if exp else None,
                      bool(m["pct"])))
    return found


def _significant(digits: str) -> int:
    return len(digits.replace(".", "").lstrip("0"))


def _states(number: tuple[str, int | None, bool], value: float) -> bool:
    """¿Escribe ``number`` el resultado ``value``, a la precisión con que está escrito?"""
    digits, exp, _ = number
    value = abs(float(value))
    decimals = len(digits.partition(".")[2])
    if _significant(digits) < 2:
        return False
    if exp is not None:
        mantissa, _, e = f"{value:.{decimals}e}".partition("e")
        return value > 0 and mantissa == digits and int(e) == exp
    if decimals >= 2 and digits not in GENERIC_CONSTANTS and f"{value:.{decimals}f}" == digits:
        return True
    if value <= 1 and 1 <= decimals <= 2 and f"{100 * value:.{decimals}f}" == digits:
        return True
    return decimals == 0 and value >= 10 and value == int(value) and int(digits) == value


def test_what_counts_as_stating_a_result():
    assert _numbers_in("1 - 3846/16281 = 0.7638 y 16 281 personas, 75.9 %; $4.46 \\times 10^{-7}$") \
        == [("1", None, False), ("3846", None, False), ("16281", None, False),
            ("0.7638", None, False), ("16281", None, False), ("75.9", None, True),
            ("4.46", -7, False)]
    yes = [("0.7592", 0.7591904), ("0.759", 0.7591904), ("75.92", 0.7591904), ("75.9", 0.7591904),
           ("865", 865), ("1.6253", -1.6253185), ("4.46e-7", 4.4622e-07), ("23.69", 23.6908),
           ("0.0157", 0.015724)]
    no = [("0.7593", 0.7591904), ("24 %", 0.2353), ("0.02", 0.015724), ("8", 8), ("0.05", 0.0504),
          ("0.95", 0.9504), ("4.47e-7", 4.4622e-07), ("866", 865), ("0.8", 0.7592)]
    for text, value in yes:
        assert any(_states(n, value) for n in _numbers_in(text)), (text, value)
    for text, value in no:
        assert not any(_states(n, value) for n in _numbers_in(text)), (text, value)


def _literals(path: Path, key: str) -> list[str]:
    """Los valores de ``key = ...`` tal como están escritos (tomllib pierde los ceros finales)."""
    return re.findall(rf"^\s*{key}\s*=\s*([^\s#]+)", path.read_text(encoding="utf-8"), re.M)


def _question_texts(path: Path):
    """(pregunta, campo, texto) de todo lo que ve el estudiante en las preguntas de un fichero."""
    q = load_quiz(path)
    mistakes = iter(_literals(path, "valor"))
    for x in q.questions:
        yield x.id, "enunciado", x.prompt
        for j, o in enumerate(x.options, 1):
            yield x.id, f"opcion {j}.texto", o.text
            yield x.id, f"opcion {j}.retro", o.feedback
        if x.kind == "numerica":
            yield x.id, "respuesta", x.answer_text
            yield x.id, "retro_correcta", x.feedback_correct
            yield x.id, "retro_incorrecta", x.feedback_wrong
            for j, m in enumerate(x.mistakes, 1):
                yield x.id, f"fallo {j}.valor", next(mistakes)
                yield x.id, f"fallo {j}.retro", m.feedback


def _flat(value) -> list[float]:
    if isinstance(value, (list, tuple)):
        return [v for item in value for v in _flat(item)]
    return [value] if isinstance(value, (int, float)) and not isinstance(value, bool) else []


def _plain_outputs(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append("".join(out.get("text", "")))
        elif "data" in out:
            parts.append("".join(out["data"].get("text/plain", "")))
    return "\n".join(parts)


def _solution_only_numbers(nb, k: int) -> list[float]:
    """Los números que imprime la solución del ejercicio ``k`` y ninguna otra salida del cuaderno
    (las preguntas de repaso no cuentan como salidas)."""
    current, solution, rest = None, [], []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            line = classroom.first_line(cell.source)
            m = re.match(r"^###\s+Ejercicio\s+(\d+)\b", line)
            if m or re.match(r"^##?\s", line):
                current = int(m.group(1)) if m else None
            continue
        if classroom.quiz_id(cell):
            continue
        (solution if current == k and classroom.is_solution(cell) else rest).append(
            _plain_outputs(cell))
    elsewhere = {n for n in _numbers_in("\n".join(rest))}
    return sorted({float(n[0]) * 10 ** (n[1] or 0) for n in _numbers_in("\n".join(solution))
                   if n not in elsewhere and "." in n[0]})


def _exercise_results(number: str, notebook: str) -> dict[str, list[float]]:
    answers = {k: a for k, a in load_answers().items() if k[:2] == number}
    results = {k: _flat(a["value"]) for k, a in answers.items() if a["kind"] != "choice"}
    if any(a["kind"] == "choice" for a in answers.values()):
        nb = nbformat.read(ROOT / "notebooks" / notebook, as_version=4)
        for k, a in answers.items():
            if a["kind"] == "choice":
                results[k] = _solution_only_numbers(nb, int(k[3:]))
    return results


def test_choice_exercises_have_deciding_numbers():
    """La regla de los ejercicios categóricos: cuentan los números que imprime su solución y
    ninguna otra salida (ni las preguntas); y cada ejercicio categórico del curso tiene alguno."""
    new = nbformat.v4
    code = lambda text, tags=(): new.new_code_cell(  # noqa: E731
        "...", metadata={"tags": list(tags)}, outputs=[new.new_output("stream", text=text)])
    nb = new.new_notebook(cells=[
        code("ε_min = 0.0665\n"),
        new.new_markdown_cell("### Ejercicio 1"),
        code("ε = 0.0588, ε_min = 0.2586\nε_min = 0.0665\n", ["solution"]),
        code("¿Se puede afirmar? no\n", ["solution"]),
        new.new_markdown_cell("### Ejercicio 2"),
        code("0.7777\n", ["solution"]),
        new.new_markdown_cell("## Para recordar"),
        code("0.9999\n", ["solution"]),
    ])
    assert _solution_only_numbers(nb, 1) == [0.0588, 0.2586]
    assert _solution_only_numbers(nb, 2) == [0.7777]
    for key, answer in load_answers().items():
        if answer["kind"] == "choice":
            notebook = load_quiz(ROOT / "course_utils" / "selfcheck" / "quizzes" / f"{key[:2]}.toml").notebook
            assert _exercise_results(key[:2], notebook)[key], key


def _names_exercise(text: str, key: str) -> bool:
    """¿Nombra el texto el ejercicio ``key`` («NN.k») de su cuaderno («el ejercicio k»)?"""
    return int(key[3:]) in {int(n) for n in re.findall(r"[Ee]jercicio\s+(\d+)", text)}


def _leaks(path: Path) -> list[str]:
    results = _exercise_results(path.stem, load_quiz(path).notebook)
    return [f"{qid} {field}: «{digits}{'%' if pct else ''}» es el resultado del ejercicio {k} "
            f"({value:.6g})"
            for qid, field, text in _question_texts(path)
            for digits, exp, pct in _numbers_in(text)
            for k, values in results.items() for value in values
            if _states((digits, exp, pct), value)
            or (_names_exercise(text, k) and exp is None and "." not in digits
                and float(value) == int(digits))]


def test_a_small_integer_counts_where_the_exercise_is_named():
    assert _names_exercise("cambian 3 decisiones (ejercicio 4)", "12.4")
    assert _names_exercise("Vea el Ejercicio 4.", "12.4")
    assert not _names_exercise("Vea el ejercicio 4.", "12.5")
    assert not _names_exercise("Vea el ejercicio 14.", "12.1")


@pytest.mark.parametrize("path", FILES, ids=FILE_IDS)
def test_questions_do_not_give_away_exercise_results(path):
    leaks = _leaks(path)
    assert not leaks, (f"{path.name}: las preguntas van antes de los ejercicios y no deben dar "
                       "su resultado; cambie el número o la situación:\n" + "\n".join(leaks))


#: Números de las preguntas que caen en la ventana de una comprobación de Monte Carlo sin ser
#: esa cantidad: dentro de esa ventana cualquier valor es un resultado legítimo de la simulación.
IN_MONTE_CARLO_WINDOW = {
    ("03.1", "0.9200"), ("03.1", "0.9133"), ("03.1", "0.9067"),  # el intervalo de la exactitud
}


def _passing_numbers(path: Path) -> list[str]:
    """Números de las preguntas de ``path`` (respuesta, fallos, enunciado, opciones, pistas) que
    ``cu.comprobar`` aceptaría en un ejercicio numérico de su cuaderno."""
    keys = [k for k, a in load_answers().items() if k[:2] == path.stem and a["kind"] == "number"]
    found = []
    for qid, field, text in _question_texts(path):
        for digits, exp, pct in _numbers_in(str(text)):
            if _significant(digits) < 2:
                continue  # 3, 9, 0.5: aparecen en cualquier texto
            x = float(digits) * 10 ** (exp or 0)
            for key in keys:
                if (key, digits) in IN_MONTE_CARLO_WINDOW:
                    continue
                if any(comprobar(key, v).correct for v in ([x, x / 100] if pct else [x])):
                    found.append(f"{qid} {field}: «{digits}» pasa la comprobación de {key}")
    return found


@pytest.mark.parametrize("path", FILES, ids=FILE_IDS)
def test_no_quiz_number_passes_an_exercise_check(path):
    """Un número de una pregunta que cae en la ventana de aceptación de un ejercicio de su
    cuaderno (la exactitud equilibrada 0.6890 junto a la F1 macro 0.6889) se podría copiar como
    respuesta: la tolerancia del ejercicio debe separarlos (o la pregunta debe cambiar)."""
    found = _passing_numbers(path)
    assert not found, f"{path.name}:\n" + "\n".join(found)


# --------------------------------------------------------------------------- la longitud no delata
#
# Quien no sabe la respuesta elige la opción más larga (o la más corta) si la clave suele serlo.
# Con 4 opciones, por azar, la correcta es la estrictamente más larga en torno a 1 de cada 4
# preguntas. Se admite hasta un 30 % en el curso (el azar más un margen) y, en cada cuaderno, hasta
# la mitad de sus preguntas de opciones; lo mismo para la más corta. Y, para que corregir una
# costumbre no cree otra («la segunda más larga»), ningún puesto por longitud (1 + cuántas
# opciones son más cortas que la correcta) reúne más del 35 % de las preguntas de 4 opciones.
# La longitud es la del texto que se ve: sin las marcas de Markdown y con cada orden de LaTeX
# contada como un carácter.
LONGEST_SHARE = 0.30
LONGEST_PER_NOTEBOOK = 0.5
RANK_SHARE = 0.35


def _visible_length(text: str) -> int:
    text = re.sub(r"\\[A-Za-z]+", "x", text)
    return len(re.sub(r"[$*`{}_^\\]", "", " ".join(text.split())))


def _key_ranks() -> dict[str, int]:
    """Puesto de la correcta por longitud en cada pregunta de 4 opciones (1 = la más corta)."""
    ranks = {}
    for q in quiz.course_quizzes().values():
        for x in q.questions:
            if x.kind == "opcion" and len(x.options) == 4:
                lengths = [_visible_length(o.text) for o in x.options]
                key = next(i for i, o in enumerate(x.options) if o.correct)
                ranks[x.id] = 1 + sum(n < lengths[key] for n in lengths)
    return ranks


def test_no_length_rank_holds_the_key_by_habit():
    ranks = _key_ranks()
    counts = {r: sorted(q for q, v in ranks.items() if v == r) for r in range(1, 5)}
    crowded = {r: len(ids) for r, ids in counts.items() if len(ids) > RANK_SHARE * len(ranks)}
    assert not crowded, (f"La correcta ocupa demasiado a menudo el mismo puesto por longitud "
                         f"(1 = la más corta) en las {len(ranks)} preguntas de 4 opciones "
                         f"(máximo {RANK_SHARE:.0%}): {crowded}")


def _key_extremes() -> dict[str, dict[str, list[str]]]:
    """Por cuaderno: preguntas de opciones y cuáles tienen la clave estrictamente más larga/corta."""
    found = {}
    for number, q in quiz.course_quizzes().items():
        rows = {"opcion": [], "larga": [], "corta": []}
        for x in q.questions:
            if x.kind != "opcion":
                continue
            lengths = [_visible_length(o.text) for o in x.options]
            key = next(i for i, o in enumerate(x.options) if o.correct)
            others = [n for i, n in enumerate(lengths) if i != key]
            rows["opcion"].append(x.id)
            if lengths[key] > max(others):
                rows["larga"].append(x.id)
            if lengths[key] < min(others):
                rows["corta"].append(x.id)
        found[number] = rows
    return found


@pytest.mark.parametrize("extreme", ["larga", "corta"])
def test_the_key_is_not_given_away_by_its_length(extreme):
    found = _key_extremes()
    total = sum(len(r["opcion"]) for r in found.values())
    hits = [qid for r in found.values() for qid in r[extreme]]
    assert len(hits) <= LONGEST_SHARE * total, (
        f"La opción correcta es la más {extreme} en {len(hits)} de {total} preguntas de opciones "
        f"(máximo {LONGEST_SHARE:.0%}): {hits}")
    crowded = {n: r[extreme] for n, r in found.items()
               if len(r[extreme]) > LONGEST_PER_NOTEBOOK * len(r["opcion"])}
    assert not crowded, (f"Cuadernos donde la correcta es la más {extreme} en más de la mitad de "
                         f"sus preguntas de opciones: {crowded}")
