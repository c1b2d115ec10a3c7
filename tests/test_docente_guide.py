"""La guía del docente (``docente/guia.md``) frente a los cuadernos y la evaluación.

Cada número de cuaderno, pregunta de repaso, ejercicio, sección, pregunta de práctica, pregunta del
examen y criterio del proyecto que nombra la guía existe y es del cuaderno donde aparece; los
calendarios ponen cada sesión de cada cuaderno una vez, tantas como dice su plan; la figura de los
requisitos dibuja lo que dicen los cuadernos; y la guía es una página del sitio. Sin navegador:
la página del sitio se prepara con las funciones de ``tools/guia_docente.py`` (la construcción
completa la prueba ``tests/test_book.py``).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from functools import lru_cache
from pathlib import Path

import nbformat
import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import guia_docente  # noqa: E402

sys.path.pop(0)

from docente.evaluacion import practicas  # noqa: E402
from docente.evaluacion.cuadernos import CUADERNOS  # noqa: E402
from docente.evaluacion.examen import generar_examen  # noqa: E402

GUIDE = ROOT / "docente" / "guia.md"
NOTEBOOKS = {p.name[:2]: p for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))}
FIELDS = ["La idea", "Proyectar", "Dónde se atascan", "Preguntas para votar", "Si falta tiempo"]


def _flat(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=None)
def notebook(nn: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS[nn], as_version=4)


def _plain(heading: str) -> str:
    return _flat(re.sub(r"[*`]", "", heading.lstrip("#")))


@lru_cache(maxsize=None)
def headings(nn: str) -> dict[str, int]:
    """Encabezado (## o ###, sin marcas) -> índice de su celda."""
    found = {}
    for i, cell in enumerate(notebook(nn).cells):
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if re.match(r"#{2,3} ", line):
                    found[_plain(line)] = i
    return found


def content_sections(nn: str) -> set[int]:
    """Las secciones numeradas del cuaderno (``## 4. ...``), sin errores comunes ni ejercicios."""
    return {int(m.group(1)) for h in headings(nn)
            for m in [re.match(r"(\d+)\. (.*)", h)]
            if m and not re.match(r"(Errores comunes|Ejercicios)", m.group(2))}


def plan(nn: str) -> tuple[int, dict[int, set[int]]]:
    """Del «Plan de la sesión»: el número de sesiones y, si el plan marca «*Sesión N*», las
    secciones numeradas de cada sesión."""
    text = notebook(nn).cells[0].source
    head = re.search(r"\*\*Plan de la sesión\*\*[^\n]*", text).group(0)
    rows = re.findall(r"^\|(.*)\|\s*$", text[text.index(head):], re.M)
    total = next(r for r in rows if re.search(r"\*\*total\*\*", r, re.I))
    words = {"una": 1, "dos": 2, "1": 1, "2": 2}
    count = re.search(r"\((\d|una|dos) sesi(?:ón|ones)", total) or re.search(
        r"\((\d|una|dos) sesi(?:ón|ones)", head)
    sessions: dict[int, set[int]] = {}
    current = None
    for row in rows[: rows.index(total)]:
        first = row.split("|")[0].strip()
        mark = re.fullmatch(r"\*Sesión (\d)\*", first)
        if mark:
            current = int(mark.group(1))
            sessions[current] = set()
        elif current is not None:
            for a, b in re.findall(r"(?:^|y )(\d+)(?:-(\d+))?\. ", first):
                sessions[current] |= set(range(int(a), int(b or a) + 1))
    return words[count.group(1)], {k: v & content_sections(nn) for k, v in sessions.items()}


@lru_cache(maxsize=1)
def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def blocks() -> dict[str, str]:
    """El texto de cada cuaderno en «Cuaderno por cuaderno», por su número."""
    part = guide().split("## Cuaderno por cuaderno", 1)[1]
    pieces = re.split(r"^### (\d\d) · ", part, flags=re.M)[1:]
    return dict(zip(pieces[::2], pieces[1::2]))


def sessions(block: str) -> list[tuple[int, str, str]]:
    """(número, secciones del encabezado, texto) de cada «#### Sesión N · ...»."""
    parts = re.split(r"^#### Sesión (\d) · (.*)$", block, flags=re.M)[1:]
    return [(int(parts[i]), parts[i + 1], parts[i + 2]) for i in range(0, len(parts), 3)]


def section_numbers(spec: str) -> set[int]:
    """«secciones 1 a 6» -> {1..6}; «secciones 6 y 7»; «sección 4»; «todo el cuaderno» -> ∅."""
    m = re.fullmatch(r"secciones (\d+) a (\d+)", spec)
    if m:
        return set(range(int(m.group(1)), int(m.group(2)) + 1))
    return {int(n) for n in re.findall(r"\d+", spec)}


def ids(kind: str, text: str) -> list[str]:
    """Los identificadores NN.k tras «pregunta(s)» o «ejercicio(s)»."""
    found = []
    for m in re.finditer(rf"\b{kind}s? ((?:\d\d\.\d+(?:, | y )?)+)", _flat(text)):
        found += re.findall(r"\d\d\.\d+", m.group(1))
    return found


# ---------------------------------------------------------------------------------------------
# Requisitos y figura
# ---------------------------------------------------------------------------------------------


def stated_prerequisites() -> dict[str, set[str]]:
    """Lectura independiente de las líneas «Requisitos previos»: todo número de cuaderno anterior
    que aparece en el párrafo (los posteriores son referencias hacia delante)."""
    result = {}
    for nn in NOTEBOOKS:
        first = notebook(nn).cells[0].source
        para = first.split("**Requisitos previos.**", 1)[1].split("\n\n", 1)[0]
        numbers = re.findall(r"(?<![\d.×])(\d\d)(?=[\s,.;:)_\]]|$)", para)
        result[nn] = {n for n in numbers if n in NOTEBOOKS and n < nn}
    return result


def test_prerequisites_are_read_from_every_notebook():
    stated = stated_prerequisites()
    read = guia_docente.prerequisites()
    assert {k: set(v) for k, v in read.items()} == stated
    assert stated["00"] == set() and all(stated[nn] for nn in NOTEBOOKS if nn != "00")
    # 08 anuncia el 09 («usa la misma tabla»): no es un requisito; el 13 pide los dos que amplían
    assert "09" not in stated["08"] and {"11", "12"} <= stated["13"]


def test_the_guide_states_the_same_prerequisites():
    stated = stated_prerequisites()
    table = dict(re.findall(r"^\| (\d\d) \| ([^|]*) \|$", guide(), re.M))
    assert sorted(table) == sorted(NOTEBOOKS)
    for nn, text in table.items():
        assert set(re.findall(r"\b\d\d\b", text)) == stated[nn], nn
    for nn, block in blocks().items():
        line = re.search(r"· requisitos: ([^·]*) ·", block).group(1)
        assert set(re.findall(r"\b\d\d\b", line)) == stated[nn], nn


def test_figure_draws_the_direct_prerequisites(tmp_path):
    from PIL import Image

    stated = stated_prerequisites()
    successors = {a: {b for b, reqs in stated.items() if a in reqs} for a in stated}

    def reachable_without(a: str, b: str) -> bool:  # ¿se llega de a a b sin la flecha a -> b?
        stack, seen = [n for n in successors[a] if n != b], set()
        while stack:
            n = stack.pop()
            if n == b:
                return True
            if n not in seen:
                seen.add(n)
                stack.extend(successors[n])
        return False

    expected = sorted((a, b) for a in stated for b in successors[a] if not reachable_without(a, b))
    drawn = guia_docente.draw(guia_docente.prerequisites(), tmp_path / "r.png")
    assert drawn == expected
    # legible: en un teléfono se ve al menos a la mitad (caja desplazable), en un proyector cabe
    with Image.open(tmp_path / "r.png") as image:
        width, height = image.size
    assert 600 <= width <= 1200 and height <= 800, (width, height)
    alt = guia_docente.alt_text(guia_docente.prerequisites())
    for a, b in expected:
        assert re.search(rf"{b} necesita [^;]*\b{a}\b", alt), (a, b)


def test_figure_is_deterministic(tmp_path):
    graph = guia_docente.prerequisites()
    guia_docente.draw(graph, tmp_path / "a.png")
    guia_docente.draw(graph, tmp_path / "b.png")
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


# ---------------------------------------------------------------------------------------------
# Resultados de aprendizaje y evaluación
# ---------------------------------------------------------------------------------------------


def test_every_notebook_has_a_block_with_its_title():
    found = blocks()
    assert list(found) == list(NOTEBOOKS)
    for nn, block in found.items():
        assert block.splitlines()[0].strip() == guia_docente.title(NOTEBOOKS[nn])
        assert f"](../notebooks/{NOTEBOOKS[nn].name})" in block


def outcomes(block: str) -> list[str]:
    text = block.split("**Resultados de aprendizaje.**", 1)[1].split("#### Sesión", 1)[0]
    return re.split(r"^\d\. ", text, flags=re.M)[1:]


@pytest.mark.parametrize("nn", sorted(NOTEBOOKS))
def test_outcomes_are_assessed(nn):
    found = outcomes(blocks()[nn])
    assert len(found) >= 3
    for outcome in found:
        verb = re.match(r"\*\*(\w+)\*\*", outcome)
        assert verb, f"{nn}: un resultado empieza por un verbo en negrita: {outcome[:60]}"
        assessed = outcome.split("*Se evalúa:*", 1)
        assert len(assessed) == 2 and re.search(r"\d\d\.\d|práctica|examen|proyecto",
                                                assessed[1]), f"{nn}: {outcome[:60]}"


@lru_cache(maxsize=1)
def exercise_ids() -> set[str]:
    return set(json.loads((ROOT / "course_utils" / "selfcheck" / "exercise_answers.json").read_text()))


@pytest.mark.parametrize("nn", sorted(NOTEBOOKS))
def test_quiz_and_exercise_ids_exist_and_belong_to_the_notebook(nn):
    block = blocks()[nn]
    quiz = tomllib.loads((ROOT / "course_utils" / "selfcheck" / "quizzes" / f"{nn}.toml").read_text("utf-8"))
    quiz_ids = {q["id"] for q in quiz["pregunta"]}
    named = ids("pregunta", block)
    assert named and set(named) <= quiz_ids, set(named) - quiz_ids
    named = ids("ejercicio", block)
    assert set(named) <= exercise_ids() and all(i.startswith(f"{nn}.") for i in named), named
    # los ejercicios que se comprueban solos, todos en algún resultado
    assert {i for i in exercise_ids() if i.startswith(f"{nn}.")} <= set(named)
    # y cada pregunta de repaso, en algún resultado de aprendizaje
    in_outcomes = set(ids("pregunta", " ".join(outcomes(block))))
    assert quiz_ids <= in_outcomes, sorted(quiz_ids - in_outcomes)


def _title_of(nn: str) -> str:
    return next(t for t, f in CUADERNOS.items() if f == NOTEBOOKS[nn].name)


@lru_cache(maxsize=None)
def practice_sections(n: int) -> dict[str, str]:
    """Pregunta de la práctica -> la sección que su retroalimentación manda repasar."""
    p = practicas.obtener(n)
    expected = p.esperadas(p.generar(np.random.default_rng(20260101)))
    return {k: v.section for k, v in expected.items()}


@pytest.mark.parametrize("nn", sorted(NOTEBOOKS))
def test_practice_exam_and_project_references_exist(nn):
    block = _flat(blocks()[nn])
    exam = {q.numero: q for q in generar_examen("secreto-de-prueba-de-la-guia-docente")}
    rubric = (ROOT / "docente" / "proyecto" / "rubrica.md").read_text(encoding="utf-8")
    for n, refs in re.findall(r"práctica (\d) \(([^)]*)\)", block):
        p = practicas.obtener(int(n))
        for ref in refs.split(", "):
            if ref.startswith("R"):
                assert ref in {c.id for c in p.criterios}, (nn, n, ref)
            else:
                section = practice_sections(int(n))[ref]
                assert section.endswith(f"«{_title_of(nn)}»"), (nn, n, ref, section)
    for group in re.findall(r"examen ((?:E\d\d(?:, )?)+)", block):
        for e in re.findall(r"E\d\d", group):
            assert exam[e].cuaderno == _title_of(nn), (nn, e, exam[e].cuaderno)
    for group in re.findall(r"proyecto \(([^)]*)\)", block):
        for crit in group.split(", "):
            assert f"**{crit}**" in rubric, (nn, crit)


def test_every_practice_question_and_exam_question_is_assessed_somewhere():
    text = _flat(guide())
    for p in practicas.todas():
        named = set()
        for refs in re.findall(rf"práctica {p.numero} \(([^)]*)\)", text):
            named |= set(refs.split(", "))
        assert {q.id for q in p.preguntas} <= named, (p.numero, named)
    exams = set(re.findall(r"\bE\d\d\b", " ".join(re.findall(r"examen (?:E\d\d(?:, )?)+", text))))
    assert exams == {q.numero for q in generar_examen("secreto-de-prueba-de-la-guia-docente")}


# ---------------------------------------------------------------------------------------------
# Sesiones
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("nn", sorted(NOTEBOOKS))
def test_session_notes_follow_the_plan(nn):
    block = blocks()[nn]
    count, marked = plan(nn)
    found = sessions(block)
    assert [s for s, _, _ in found] == list(range(1, count + 1)), (nn, count)
    assert f"· {count} sesi" in block.splitlines()[2]
    covered: list[int] = []
    for s, spec, text in found:
        numbers = section_numbers(spec)
        covered += sorted(numbers)
        if marked:
            assert numbers == marked[s], (
                f"{nn}: la guía pone en la sesión {s} las secciones {sorted(numbers)}; el plan "
                f"de la sesión del cuaderno, {sorted(marked[s])}")
        labels = re.findall(r"^- \*\*(.+?)\.\*\* ", text, re.M)
        assert labels == FIELDS, (nn, s, labels)
        project = re.search(r"\*\*Proyectar\.\*\* (.*?)(?=\n- \*\*)", text, re.S).group(1)
        assert "sección «" in project, (nn, s, project)
    sections = content_sections(nn)
    assert sorted(covered) == sorted(sections) and len(covered) == len(set(covered)), (
        nn, covered, sections)


@pytest.mark.parametrize("nn", sorted(NOTEBOOKS))
def test_named_sections_exist_and_projected_figures_are_there(nn):
    block = _flat(blocks()[nn])
    names = [_plain(n) for n in re.findall(r"(?:sección|subsección) «(.+?)»", block)]
    assert names
    for name in names:
        assert name in headings(nn), (nn, name)
    cells = notebook(nn).cells
    order = sorted(headings(nn).items(), key=lambda kv: kv[1])
    for name in map(_plain, re.findall(r"La figura de la sección «(.+?)»", block)):
        start = headings(nn)[name]
        level = 2 if re.match(r"\d+\. ", name) else 3
        ends = [i for h, i in order if i > start and (level == 3 or not re.match(r"\d+\.\d", h))
                and _heading_level(cells[i], h) <= level]
        end = ends[0] if ends else len(cells)
        images = [o for c in cells[start:end] if c.cell_type == "code" for o in c.outputs
                  if "image/png" in o.get("data", {})]
        assert images, f"{nn}: la sección «{name}» no tiene figura"


def _heading_level(cell, plain: str) -> int:
    for line in cell.source.splitlines():
        if re.match(r"#{2,3} ", line) and _plain(line) == plain:
            return len(line) - len(line.lstrip("#"))
    return 9


@pytest.mark.parametrize("nn", sorted(NOTEBOOKS))
def test_polled_questions_are_on_the_sessions_sections(nn):
    """Una pregunta que se vota en una sesión es de una sección ya vista (de esa sesión o de una
    anterior del mismo cuaderno), o de las secciones sin número (errores comunes...)."""
    quiz = tomllib.loads((ROOT / "course_utils" / "selfcheck" / "quizzes" / f"{nn}.toml").read_text("utf-8"))
    where = {q["id"]: q.get("seccion", "") for q in quiz["pregunta"]}
    seen: set[int] = set()
    found = sessions(blocks()[nn])
    # las preguntas que el plan del cuaderno lleva a clase, en su última sesión
    in_class = re.search(r"preguntas (\d+) y (\d+) en clase", notebook(nn).cells[0].source)
    if in_class:
        last = re.search(r"\*\*Preguntas para votar\.\*\* ([^\n]*)", found[-1][2]).group(1)
        assert re.findall(r"\d\d\.\d+", last)[:2] == [f"{nn}.{k}" for k in in_class.groups()], (
            nn, last)
    for _, spec, text in found:
        seen |= section_numbers(spec)
        poll = re.search(r"\*\*Preguntas para votar\.\*\* ([^\n]*)", text).group(1)
        polled = re.findall(r"\d\d\.\d+", poll)
        assert 2 <= len(polled) <= 4, (nn, poll)
        for qid in polled:
            section = re.match(r"(\d+)", where[qid])
            assert (section is None or int(section.group(1)) in seen
                    or int(section.group(1)) not in content_sections(nn)), (nn, qid)


# ---------------------------------------------------------------------------------------------
# Calendarios
# ---------------------------------------------------------------------------------------------


def calendar(title: str) -> str:
    part = guide().split(f"### {title}", 1)[1]
    return re.split(r"^##+ ", part, maxsplit=1, flags=re.M)[0]


def all_sessions() -> list[str]:
    return [f"{nn} S{s}" for nn in NOTEBOOKS for s in range(1, plan(nn)[0] + 1)]


@pytest.mark.parametrize("title", ["Un semestre", "Intensivo"])
def test_calendar_places_every_session_once_in_order(title):
    text = calendar(title)
    placed = re.findall(r"\b\d\d S\d\b", text)
    assert sorted(placed) == sorted(all_sessions()), set(all_sessions()) ^ set(placed)
    assert len(placed) == len(set(placed))
    # cada cuaderno después de sus requisitos, y su sesión 1 antes de la 2
    position = {s: i for i, s in enumerate(placed)}
    for nn, reqs in stated_prerequisites().items():
        for r in reqs:
            assert position[f"{r} S1"] < position[f"{nn} S1"], (title, r, nn)
    assert "examen" in text


def test_semester_has_fifteen_weeks_of_two_sixty_minute_sessions():
    assert len(all_sessions()) == 27
    rows = re.findall(r"^\| (\d+) \| ([^|]*) \|[^|]*\|$", calendar("Un semestre"), re.M)
    assert [int(w) for w, _ in rows] == list(range(1, 16))
    # dos sesiones por semana, todas ocupadas: 30
    assert all(len([s for s in cell.split(" · ") if s.strip()]) == 2 for _, cell in rows)
    assert "60 minutos" in guide()
    for nn in NOTEBOOKS:  # la duración que dice cada cuaderno
        assert "60 minutos" in re.search(r"\*\*Plan de la sesión\*\*[^\n]*",
                                         notebook(nn).cells[0].source).group(0)


def test_short_module_names_existing_sections():
    text = calendar("Módulo corto")
    found = re.findall(r"(\d\d) · secci(?:ón|ones) ([\d, y]+)", text)
    assert len(found) >= 8
    for nn, numbers in found:
        assert {int(n) for n in re.findall(r"\d+", numbers)} <= content_sections(nn), nn


def section_minutes(nn: str) -> dict[frozenset[int], int]:
    """Del «Plan de la sesión»: los minutos de cada fila con secciones numeradas («4. Precisión y
    5. Sensibilidad» -> {4, 5}: 10)."""
    text = notebook(nn).cells[0].source
    text = text[text.index("**Plan de la sesión**"):]
    found = {}
    for first, minutes in re.findall(r"^\|([^|\n]*)\|\s*(\d+)\s*\|\s*$", text, re.M):
        numbers = set()
        for a, b in re.findall(r"(?:^|y )(\d+)(?:-(\d+))?\. ", first.strip()):
            numbers |= set(range(int(a), int(b or a) + 1))
        if numbers:
            found[frozenset(numbers)] = int(minutes)
    return found


def test_short_module_sessions_fit_in_an_hour():
    """Lo que cada sesión del módulo corto dice que se ve cabe en 60 minutos según los planes
    (una fila del plan que junta dos secciones cuenta entera si se ve una de ellas)."""
    rows = re.findall(r"^\| (\d) \| ([^|]*) \| [^|]* \|$", calendar("Módulo corto"), re.M)
    assert [int(n) for n, _ in rows] == list(range(1, 9))
    for n, seen in rows:
        total = 0
        for nn, numbers in re.findall(r"(\d\d) · secci(?:ón|ones) ([\d, y]+)", seen):
            chosen = {int(k) for k in re.findall(r"\d+", numbers)}
            minutes = section_minutes(nn)
            assert chosen <= set().union(*minutes), (n, nn, chosen)
            total += sum(m for secs, m in minutes.items() if secs & chosen)
        assert 30 <= total <= 55, (n, seen, total)


def _session_of(nn: str, section: int) -> str:
    count, marked = plan(nn)
    return next((f"{nn} S{s}" for s, secs in marked.items() if section in secs), f"{nn} S{count}")


def test_semester_hands_out_practices_after_what_they_use_and_before_the_exam():
    """Cada práctica se reparte cuando ya se han visto todas las secciones que usan sus
    preguntas (al final de la semana del reparto), se entrega dos semanas después y antes del
    examen; el protocolo del proyecto, después de la guía «¿Qué prueba uso?» del 10."""
    rows = re.findall(r"^\| (\d+) \|([^|]*)\|([^|]*)\|$", calendar("Un semestre"), re.M)
    week_of = {s: int(w) for w, cell, _ in rows for s in re.findall(r"\d\d S\d", cell)}
    exam_week = next(int(w) for w, cell, _ in rows if "examen" in cell)
    by_title = {t: f[:2] for t, f in CUADERNOS.items()}
    for p in practicas.todas():
        handed = [int(w) for w, _, ev in rows if f"se reparte la práctica {p.numero}" in ev]
        due = [(int(w), ev) for w, _, ev in rows if f"se entrega la práctica {p.numero}" in ev]
        assert len(handed) == 1 and len(due) == 1, p.numero
        for qid, section in practice_sections(p.numero).items():
            number, title = re.fullmatch(r"(\d+) del cuaderno «(.+)»", section).groups()
            needed = _session_of(by_title[title], int(number))
            assert week_of[needed] <= handed[0], (p.numero, qid, needed, handed[0])
        week, text = due[0]
        assert week == handed[0] + 2, (p.numero, handed[0], week)
        assert week < exam_week or (week == exam_week and "antes del examen" in text), p.numero
    protocol = next(int(w) for w, _, ev in rows if "protocolo del proyecto" in ev)
    assert protocol > week_of[_session_of("10", 7)] and protocol < week_of["13 S2"]


def test_intensive_exam_comes_after_the_practices():
    """En el intensivo las prácticas se reparten el último día: el examen no puede ir en la
    semana."""
    text = calendar("Intensivo")
    table = "\n".join(re.findall(r"^\| [a-zé]+ \| .*\|$", text, re.M))
    assert "prácticas" in table and "examen" not in table
    assert re.search(r"el examen,[^.]*cuando se ha entregado", text)


# ---------------------------------------------------------------------------------------------
# En el sitio y en el README
# ---------------------------------------------------------------------------------------------


def test_site_page_has_the_figure_and_links_to_notebook_pages():
    graph = guia_docente.prerequisites()
    page = guia_docente.site_markdown(guide(), graph)
    assert guia_docente.FIGURE_MARK not in page and "python tools/guia_docente.py" not in page
    assert f"![{guia_docente.alt_text(graph)}]({guia_docente.FIGURE})" in page
    assert "../notebooks/" not in page and "](README.md)" not in page
    for path in NOTEBOOKS.values():
        assert f"](cuadernos/{path.name})" in page


def test_site_lists_the_guide():
    index = (ROOT / "book" / "index.md").read_text(encoding="utf-8")
    toctree = index.split(":caption: Consulta", 1)[1].split("```", 1)[0]
    assert guia_docente.PAGE in toctree.split()
    build = (ROOT / "tools" / "build_book.py").read_text(encoding="utf-8")
    assert "guia_docente.stage_guide(src)" in build


def test_staged_sources_have_the_page_and_the_figure(tmp_path):
    """Lo que ``tools/build_book.py`` pasa a Sphinx (la página construida la comprueba
    ``tests/test_book.py``, con el resto del sitio)."""
    from PIL import Image

    guia_docente.stage_guide(tmp_path)
    page = (tmp_path / f"{guia_docente.PAGE}.md").read_text(encoding="utf-8")
    assert page.startswith("# Guía del docente") and f"]({guia_docente.FIGURE})" in page
    with Image.open(tmp_path / guia_docente.FIGURE) as image:
        assert image.format == "PNG"


def test_readme_links_the_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Para docentes", 1)[1].split("\n## ", 1)[0]
    assert "(docente/guia.md)" in section
    assert "(guia.md)" in (ROOT / "docente" / "README.md").read_text(encoding="utf-8")


def test_nothing_graded_in_the_guide():
    """La guía es pública: ni secretos, ni semillas de examen, ni respuestas de las prácticas."""
    text = guide()
    assert not re.search(r"--semilla \d|--secreto \S|CURSO_SECRETO=", text)
    assert "clave" not in text.lower()
