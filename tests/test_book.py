"""El curso como sitio web: se construye una vez y se comprueba como lo leería una persona.

Primero las comprobaciones estáticas del HTML (enlaces, una página por cuaderno, soluciones
plegadas, glosario, referencias, textos alternativos, nada cargado de fuera); después, las del
navegador: Chromium sin ventana, dirigido con Playwright y con barras de desplazamiento clásicas
(las de Windows y Linux), recorre el sitio servido desde 127.0.0.1 a 390, 1024 y 1366 px, con el
tema claro y el oscuro: contraste de cada texto visible, auditoría de accesibilidad con axe-core
(del paquete axe-playwright-python), lo que se sale de la pantalla, los cajones del teléfono, la
navegación sin JavaScript, la búsqueda y las preguntas de repaso.

El sitio se construye una sola vez por sesión de pruebas (con pytest-xdist, en la carpeta temporal
común a los procesos: ver :func:`site`). ``--dist loadscope`` reparte por módulo y por clase: las
páginas se recorren en varias clases (:class:`TestPaginas1`...), que dos procesos se reparten.

Chromium: se usa el de la variable de entorno ``COURSE_CHROMIUM`` (ruta al ejecutable de Chrome o
Chromium) o, si no está definida, ``chromium`` del sistema. Si no hay ninguno, las pruebas del
navegador se omiten diciendo por qué; con ``CI=true`` su ausencia es un fallo.
"""

from __future__ import annotations

import functools
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import tomllib
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from bs4 import BeautifulSoup
from conftest import missing_reference

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SCREENSHOTS = ROOT / "book" / "_build" / "screenshots"
SOLUTION_TAG = "solution"


# ---------------------------------------------------------------------------------------------
# Construcción (una vez por sesión)
# ---------------------------------------------------------------------------------------------


def _build_site(out: Path) -> None:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_book.py"), "--out", str(out), "-q"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    elapsed = time.perf_counter() - start
    assert proc.returncode == 0, (
        f"tools/build_book.py falló (código {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    )
    print(f"sitio construido en {elapsed:.1f} s")


@pytest.fixture(scope="session")
def site(tmp_path_factory, worker_id) -> Path:
    """El sitio, construido una sola vez por sesión de pruebas: con pytest-xdist, el primer
    proceso que lo pide lo construye en la carpeta temporal común a todos, y los demás esperan
    a que termine y lo leen (solo lo leen: ninguna prueba lo modifica)."""
    if worker_id == "master":
        out = tmp_path_factory.mktemp("libro")
        _build_site(out)
        return out / "html"
    shared = tmp_path_factory.getbasetemp().parent / "libro"
    done, failed = shared / "listo", shared / "fallo"
    try:
        shared.mkdir()  # atómico: solo un proceso lo consigue
    except FileExistsError:
        for _ in range(1200):
            if done.exists():
                return shared / "html"
            if failed.exists():
                pytest.fail("otro proceso no pudo construir el sitio:\n"
                            + failed.read_text(encoding="utf-8"))
            time.sleep(0.5)
        pytest.fail("el sitio no estuvo listo en 10 minutos")
    try:
        _build_site(shared)
    except BaseException as exc:
        failed.write_text(str(exc), encoding="utf-8")
        raise
    done.touch()
    return shared / "html"


@functools.lru_cache(maxsize=None)
def soup(path: Path) -> BeautifulSoup:
    """El HTML de una página, analizado una sola vez (las pruebas solo lo leen)."""
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def pages(site: Path) -> list[Path]:
    """Las páginas del sitio (no las plantillas que los temas copian en _static)."""
    return sorted(p for p in site.rglob("*.html") if "_static" not in p.relative_to(site).parts)


def notebook_page(site: Path, nb_path: Path) -> Path:
    return site / "cuadernos" / (nb_path.stem + ".html")


def read_nb(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def built_from(site: Path, path: Path) -> nbformat.NotebookNode:
    """El cuaderno tal como estaba al construir el sitio (la copia exacta que se ofrece para
    descargar; que sea idéntica a ``notebooks/`` lo comprueba la prueba de las descargas)."""
    return read_nb(site.parent / "src" / "descargas" / "completos" / path.name)


def markdown(nb: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def normalize(text: str) -> str:
    """Texto comparable entre Markdown y HTML: sin marcas, guiones unificados, espacios simples."""
    text = html.unescape(text).replace("*", "").replace("`", "")
    text = re.sub(r"[\"“”«»]", "", text)  # comillas rectas, tipográficas o angulares
    text = text.translate(str.maketrans({"–": "-", "—": "-", "\u00a0": " "}))
    return re.sub(r"\s+", " ", text).strip()


# ---------------------------------------------------------------------------------------------
# Comprobaciones estáticas
# ---------------------------------------------------------------------------------------------


def test_book_build_is_git_ignored():
    proc = subprocess.run(
        ["git", "check-ignore", "-q", "book/_build/html/index.html"], cwd=ROOT, check=False
    )
    assert proc.returncode == 0, "book/_build/ debe estar en .gitignore"


def test_every_notebook_has_a_page_in_course_order(site):
    assert NOTEBOOKS, "no hay cuadernos"
    index = soup(site / "index.html")
    toc = [
        a["href"]
        for a in index.select(".toctree-wrapper a.reference.internal")
        if a["href"].startswith("cuadernos/")
    ]
    assert toc == [f"cuadernos/{p.stem}.html" for p in NOTEBOOKS]
    for path in NOTEBOOKS:
        page = notebook_page(site, path)
        assert page.is_file(), f"{path.name} no tiene página"
        title = next(
            line[2:].strip()
            for c in built_from(site, path).cells
            if c.cell_type == "markdown"
            for line in c.source.splitlines()
            if line.startswith("# ")
        )
        h1 = soup(page).find("h1")
        assert normalize(h1.get_text()).rstrip("#").strip() == normalize(title)


def test_pages_are_in_spanish(site):
    english = ["Toggle", "Search...", "Link to this heading", "Show code cell"]
    for page in pages(site):
        text = page.read_text(encoding="utf-8")
        assert re.search(r'<html[^>]*\blang="es"', text), f"{page.name}: falta lang=\"es\""
        for word in english:
            assert word not in text, f"{page.relative_to(site)} contiene «{word}»"


def _targets(tag) -> list[str]:
    return [tag.get(attr) for attr in ("href", "src") if tag.get(attr)]


def test_internal_links_and_anchors_resolve(site):
    ids: dict[Path, set[str]] = {}

    def anchors(page: Path) -> set[str]:
        if page not in ids:
            doc = soup(page)
            ids[page] = {t["id"] for t in doc.find_all(id=True)} | {
                t["name"] for t in doc.find_all("a", attrs={"name": True})
            }
        return ids[page]

    broken = []
    checked = 0
    for page in pages(site):
        for tag in soup(page).find_all(["a", "link", "script", "img", "source", "iframe"]):
            for target in _targets(tag):
                parts = urlsplit(target)
                if parts.scheme in ("http", "https", "mailto", "data", "javascript"):
                    continue
                path = (
                    page
                    if not parts.path
                    else (page.parent / unquote(parts.path)).resolve()
                )
                if path.is_dir():
                    path = path / "index.html"
                checked += 1
                if not path.is_file():
                    broken.append(f"{page.relative_to(site)} → {target}")
                elif parts.fragment and path.suffix == ".html":
                    if unquote(parts.fragment) not in anchors(path):
                        broken.append(f"{page.relative_to(site)} → {target} (ancla)")
    assert checked > 500
    assert not broken, "enlaces rotos:\n" + "\n".join(broken)


EXTERNAL = re.compile(r"^\s*(https?:)?//", re.I)


def test_nothing_is_loaded_from_outside(site):
    """Scripts, estilos, fuentes e imágenes salen de la carpeta del sitio, nunca de una CDN."""
    found = []
    for page in pages(site):
        doc = soup(page)
        for tag in doc.find_all(["script", "img", "iframe", "source"], src=True):
            if EXTERNAL.match(tag["src"]):
                found.append(f"{page.name}: <{tag.name} src={tag['src']}>")
        for tag in doc.find_all("link", href=True):
            if EXTERNAL.match(tag["href"]):
                found.append(f"{page.name}: <link href={tag['href']}>")
        for style in doc.find_all("style"):
            found += [f"{page.name}: {u}" for u in _css_urls(style.get_text()) if EXTERNAL.match(u)]
    css_files = list(site.rglob("*.css"))
    assert css_files
    for css in css_files:
        text = css.read_text(encoding="utf-8", errors="replace")
        found += [f"{css.relative_to(site)}: {u}" for u in _css_urls(text) if EXTERNAL.match(u)]
    assert not found, "recursos externos:\n" + "\n".join(found)


def _css_urls(text: str) -> list[str]:
    urls = re.findall(r"url\(\s*['\"]?([^'\")]+)", text)
    urls += re.findall(r"@import\s+(?:url\()?\s*['\"]([^'\"]+)", text)
    return urls


def test_mathjax_is_served_from_the_site(site):
    page = notebook_page(site, NOTEBOOKS[-1])
    scripts = [s["src"] for s in soup(page).find_all("script", src=True)]
    mathjax = [s for s in scripts if "mathjax" in s.lower()]
    assert mathjax == ["../_static/mathjax/tex-chtml.js"]
    assert (site / "_static" / "mathjax" / "tex-chtml.js").stat().st_size > 100_000
    fonts = list((site / "_static" / "mathjax" / "output" / "chtml" / "fonts").rglob("*.woff"))
    assert len(fonts) > 10, "faltan las fuentes de MathJax"


def test_formulas_are_present(site):
    """Cada cuaderno con fórmulas LaTeX en su Markdown las lleva a la página como matemáticas."""
    for path in NOTEBOOKS:
        text = markdown(built_from(site, path))
        # p. ej. "\a" de "\alpha" escrito sin r"..." se guarda como el carácter de control BEL
        control = re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f].{0,20}", text)
        assert control is None, f"{path.name}: carácter de control en el Markdown: {control[0]!r}"
        n_formulas = len(re.findall(r"\$\$|\$[^$\n]+\$", text))
        if n_formulas == 0:
            continue
        doc = soup(notebook_page(site, path))
        math = doc.select("span.math, div.math")
        assert len(math) >= 0.5 * n_formulas, f"{path.name}: {len(math)} de {n_formulas}"


_MARKDOWN_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$", re.M)


def test_markdown_outputs_show_their_tables(site):
    """Las tablas de las salidas en Markdown (los informes de ``cu.analyze_results``) se ven como
    tablas, no como un párrafo de barras «| … |» con la línea «|---|» hecha rayas."""
    for path in NOTEBOOKS:
        expected = sum(
            len(_MARKDOWN_TABLE_RULE.findall(out["data"]["text/markdown"]))
            for cell in built_from(site, path).cells if cell.cell_type == "code"
            for out in cell.get("outputs", [])
            if "text/markdown" in out.get("data", {}) and "text/html" not in out["data"]
        )
        doc = soup(notebook_page(site, path))
        raw = [p.get_text()[:60] for p in doc.select("article p") if p.get_text().startswith("|")]
        assert not raw, f"{path.name}: tablas de Markdown sin componer: {raw[:2]}"
        shown = len(doc.select("article div.cell_output table:not(.dataframe)"))
        assert shown >= expected, f"{path.name}: {shown} tablas de {expected} en las salidas"


def _solution_sources(nb: nbformat.NotebookNode) -> list[str]:
    return [
        c.source.strip()
        for c in nb.cells
        if c.cell_type == "code" and SOLUTION_TAG in c.metadata.get("tags", [])
    ]


def test_no_solution_is_visible_without_the_toggle(site):
    """Cada solución, plegada tras su botón; las celdas de solución seguidas de un ejercicio (los
    pasos, la respuesta que se comprueba) no repiten el mismo «Mostrar solución»."""
    total = 0
    labels = _build_book_module().solution_labels
    for path in NOTEBOOKS:
        solutions = _solution_sources(built_from(site, path))
        doc = soup(notebook_page(site, path))
        code_blocks = [(pre, pre.get_text().strip()) for pre in doc.select("div.highlight pre")]
        for source in solutions:
            matches = [pre for pre, text in code_blocks if text == source]
            assert matches, f"{path.name}: la solución no está en la página:\n{source[:200]}"
            show, hide = labels(source)
            assert show.startswith("Mostrar solución") and hide.startswith("Ocultar solución")
            for pre in matches:
                details = pre.find_parent("details")
                assert details is not None, f"{path.name}: solución visible sin el botón"
                assert not details.has_attr("open"), f"{path.name}: solución abierta"
                summary = details.find("summary")
                assert normalize(summary.select_one(".collapsed").get_text()) == show
                assert normalize(summary.select_one(".expanded").get_text()) == hide
                cell = details.find_parent("div", class_="cell")
                assert "tag_solution" in cell["class"]
                # La salida de la solución también está dentro del desplegable.
                for output in cell.select(".cell_output"):
                    assert output.find_parent("details") is details
        by_exercise: dict[str, list[str]] = {}
        for source in solutions:
            exercise = re.match(r"#\s*Solución del ejercicio ([\w.]+)", source)
            if exercise:
                by_exercise.setdefault(exercise[1], []).append(labels(source)[0])
        twice = {n: shown for n, shown in by_exercise.items() if len(set(shown)) < len(shown)}
        assert not twice, f"{path.name}: botones iguales en un mismo ejercicio: {twice}"
        # Una sola pieza plegada por cada celda de solución (de código o de Markdown).
        cells = built_from(site, path).cells
        n_cells = sum(SOLUTION_TAG in c.metadata.get("tags", []) for c in cells)
        folded = [
            d
            for d in doc.find_all("details")
            if d.find("summary") and "Mostrar solución" in d.find("summary").get_text()
        ]
        assert len(folded) == n_cells, f"{path.name}: {len(folded)} plegadas de {n_cells}"
        total += len(solutions)
    assert total >= 3 * sum(1 for p in NOTEBOOKS if p.name[:2] != "00")


def test_markdown_solutions_are_folded_too(tmp_path):
    build_book = _build_book_module()
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# 99 · Prueba\n\n### Ejercicio 1\n\nCalcule $x$."),
        nbformat.v4.new_markdown_cell("La respuesta es $x = 2$.", metadata={"tags": ["solution"]}),
        nbformat.v4.new_code_cell("x = 2", metadata={"tags": ["solution"]}),
    ]
    path = tmp_path / "99_prueba.ipynb"
    nbformat.write(nb, path)
    src = tmp_path / "src"
    for sub in ("cuadernos", "descargas/alumnos", "descargas/completos"):
        (src / sub).mkdir(parents=True)
    build_book.stage_notebook(path, src)
    staged = read_nb(src / "cuadernos" / path.name)
    markdown_solution = staged.cells[1].source
    assert markdown_solution.startswith('<details class="admonition hide above-input">')
    assert "Mostrar solución" in markdown_solution
    assert markdown_solution.rstrip().endswith("</details>")
    code_solution = staged.cells[2]
    assert "hide-cell" in code_solution.metadata["tags"]
    assert code_solution.metadata["mystnb"]["code_prompt_show"] == "Mostrar solución"


def test_each_page_offers_the_student_copy_and_the_full_notebook(site):
    for path in NOTEBOOKS:
        page = notebook_page(site, path)
        links = {
            normalize(a.get_text()): (page.parent / a["href"]).resolve()
            for a in soup(page).select("a.reference.download")
        }
        full = links.get("Cuaderno completo (con soluciones y salidas)")
        assert full is not None, f"{path.name}: falta la descarga del cuaderno completo"
        assert full.read_bytes() == path.read_bytes()
        student = links.get("Copia para estudiantes (sin soluciones)")
        assert student is not None, f"{path.name}: falta la copia para estudiantes"
        copy = read_nb(student)
        stored = ROOT / "notebooks" / "alumnos" / path.name
        if stored.is_file():
            assert student.read_bytes() == stored.read_bytes()
        assert not _solution_sources(copy), f"{path.name}: la copia trae soluciones"
        for solution in _solution_sources(built_from(site, path)):
            assert all(c.source.strip() != solution for c in copy.cells)


def test_every_figure_has_a_spanish_alternative_text(site):
    """Ninguna figura se anuncia por su fichero (``../_images/<huella>.png``): cada ``<img>`` de
    una página lleva como ``alt`` el texto de ``cell.metadata["alt"]`` de su figura (que
    ``tests/test_notebooks_stored.py`` exige en cada figura), y cada figura del cuaderno está en
    su página. Se lee el HTML construido, sin navegador."""
    build_book = _build_book_module()
    checked = 0
    for path in NOTEBOOKS:
        expected = build_book.figure_alts(built_from(site, path), path)
        shown = {}
        for img in soup(notebook_page(site, path)).select("article img"):
            alt = img.get("alt", "")
            checked += 1
            assert alt and not re.search(r"_images|\.png|\.jpe?g|[0-9a-f]{32}", alt), (
                f"{path.name}: figura con texto alternativo {alt!r}")
            digest = re.search(r"_images/([0-9a-f]{64})\.\w+$", img.get("src", ""))
            if digest and digest[1] in expected:
                assert alt == expected[digest[1]], (
                    f"{path.name}: {img['src']} lleva {alt!r}, no el texto de su celda")
                shown[digest[1]] = alt
            else:
                assert len(alt.split()) >= 4, f"{path.name}: texto alternativo escaso: {alt!r}"
        missing = sorted(set(expected) - set(shown))
        assert not missing, f"{path.name}: figuras sin su texto alternativo en la página: {missing}"
    assert checked >= 60


def _build_book_module():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_book
    finally:
        sys.path.pop(0)
    return build_book


def test_alternative_text_comes_from_the_cell_metadata(tmp_path):
    """``cell.metadata["alt"]``: un texto para la figura de la celda o una lista, uno por figura;
    sin él, la figura se nombra por su sección; unos metadatos mal formados paran la
    construcción con un mensaje que nombra el cuaderno y la celda."""
    import base64
    import hashlib

    build_book = _build_book_module()
    pngs = [base64.b64decode(b"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9Q"
                             b"DwADhgGAWjR9awAAAABJRU5ErkJggg=="),
            b"\x89PNG-otra", b"\x89PNG-tercera"]
    hashes = [hashlib.sha256(b).hexdigest() for b in pngs]

    def image(data: bytes):
        return nbformat.v4.new_output("display_data",
                                      data={"image/png": base64.b64encode(data).decode()})

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# 99 · Prueba\n\n## 2. Dos paneles"),
        nbformat.v4.new_code_cell("fig", metadata={"alt": "Dos histogramas de la exactitud."},
                                  outputs=[image(pngs[0])]),
        nbformat.v4.new_code_cell("figs", metadata={"alt": ["Primera.", "Segunda."]},
                                  outputs=[image(pngs[1]), image(pngs[2])]),
    ]
    path = tmp_path / "99_prueba.ipynb"
    assert build_book.ALT_KEY == build_book._tool("classroom").ALT_KEY
    alts = build_book.figure_alts(nb, path)
    assert alts == {hashes[0]: "Dos histogramas de la exactitud.", hashes[1]: "Primera.",
                    hashes[2]: "Segunda."}
    del nb.cells[1].metadata["alt"], nb.cells[2].metadata["alt"]
    alts = build_book.figure_alts(nb, path)
    assert alts[hashes[2]] == ("Figura 3 de «2. Dos paneles»; el texto que la sigue dice lo que "
                               "muestra.")
    nb.cells[2].metadata["alt"] = ["Solo una."]
    with pytest.raises(build_book.BookError, match=r"99_prueba.ipynb, celda .*«alt».*2 textos"):
        build_book.figure_alts(nb, path)


def test_the_site_tells_students_where_to_work(site):
    """La copia de trabajo (``--mi-trabajo``) está en «Cómo ejecutar el curso» y en el recuadro
    de descargas de cada cuaderno; la carpeta de copias generadas no invita a trabajar en ella."""
    run = normalize(soup(site / "como-ejecutar.html").get_text())
    assert "python tools/make_student_copies.py --mi-trabajo" in run
    assert "jupyter lab notebooks/mi_trabajo/" in run
    for path in NOTEBOOKS:
        box = soup(notebook_page(site, path)).select_one("div.admonition.tip")
        assert "--mi-trabajo" in box.get_text(), f"{path.name}: el recuadro no dice --mi-trabajo"
    readme = (ROOT / "notebooks" / "alumnos" / "README.md").read_text(encoding="utf-8")
    assert "No trabaje aquí" in readme and "desde aquí" not in readme
    assert "jupyter lab notebooks/mi_trabajo/" in readme


# --- Glosario ---------------------------------------------------------------------------------


def _contributing_glossary() -> list[tuple[str, str]]:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("## Un término por concepto", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            es, en = [c.strip() for c in line.strip("|").split("|")]
            if es != "español":
                rows.append((re.sub(r"\s*\(.*\)$", "", es), en.strip("*")))
    return rows


def _glossary_rows(site: Path) -> list[dict]:
    rows = []
    for tr in soup(site / "glosario.html").select("table tbody tr"):
        cells = tr.find_all("td")
        link = cells[2].find("a")
        rows.append(
            {
                "es": normalize(cells[0].find("strong").get_text()),
                "en": normalize(cells[1].get_text()),
                "href": link["href"],
                "number": normalize(link.get_text()),
            }
        )
    return rows


def test_glossary_has_every_convention_term_whose_notebook_exists(site):
    rows = {r["es"]: r for r in _glossary_rows(site)}
    numbers = {p.name[:2] for p in NOTEBOOKS}
    extra = tomllib.loads((ROOT / "book" / "glosario.toml").read_text(encoding="utf-8"))
    where = {t["es"]: t["cuaderno"] for t in extra["termino"]}
    for es, en in _contributing_glossary():
        if where.get(es) not in numbers:
            continue  # se enseña en un cuaderno que aún no existe
        assert es in rows, f"el glosario no tiene «{es}»"
        assert rows[es]["en"] == en


def test_every_glossary_term_appears_in_its_notebook(site):
    forms = {
        t["es"]: t.get("buscar", [t["es"]])
        for t in tomllib.loads((ROOT / "book" / "glosario.toml").read_text(encoding="utf-8"))[
            "termino"
        ]
    }
    rows = _glossary_rows(site)
    assert len(rows) >= 20
    assert [r["es"] for r in rows] == sorted(
        (r["es"] for r in rows), key=lambda s: _fold(s)
    ), "el glosario no está en orden alfabético"
    missing = []
    for row in rows:
        nb_path = (site / row["href"]).resolve()
        source = ROOT / "notebooks" / (nb_path.stem + ".ipynb")
        assert source.name.startswith(row["number"])
        text = markdown(built_from(site, source))
        # Un término puede partirse en dos líneas del Markdown.
        patterns = [re.escape(f).replace(r"\ ", r"\s+") for f in forms[row["es"]]]
        found = (re.search(rf"(?<!\w){p}(?!\w)", text, re.I) for p in patterns)
        if not any(found):
            missing.append(f"«{row['es']}» no aparece en {source.name}")
    assert not missing, "\n".join(missing)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


# --- Referencias ------------------------------------------------------------------------------


def _references(nb: nbformat.NotebookNode) -> list[str]:
    for cell in nb.cells:
        if cell.cell_type == "markdown" and "## Referencias" in cell.source:
            body = cell.source.split("## Referencias", 1)[1]
            items = re.split(r"\n[-*] ", "\n" + body.strip())
            return [normalize(i) for i in items if i.strip()]
    return []


def test_references_page_has_every_reference_of_every_notebook(site):
    doc = soup(site / "referencias.html")
    items = [normalize(li.get_text()) for li in doc.select("article li")]
    page = normalize(" ".join(items))
    page = re.sub(r"\\\(|\\\)", "", page)  # fórmulas en línea, como $F$, sin sus delimitadores
    checked = 0
    for path in NOTEBOOKS:
        refs = _references(built_from(site, path))
        assert refs or path.name.startswith("00"), f"{path.name}: sin «## Referencias»"
        for ref in refs:
            ref = ref.replace("$", "")
            # Autores, año y título: lo que identifica la obra.
            match = re.match(r"(.*?\(\d{4}\)\. .*?[.?!])( |$)", ref)
            ident = match.group(1) if match else ref[:60]
            assert ident in page, f"{path.name}: falta en Referencias:\n{ident}"
            checked += 1
    assert checked >= 40
    # Sin repetir: cada obra (autores, año y comienzo del título) aparece una sola vez.
    works = [_fold(re.sub(r"\s+-\s+Citada en:.*", "", i))[:90] for i in items]
    assert len(set(works)) == len(works), "referencias repetidas"
    assert [_fold(i) for i in items] == sorted(_fold(i) for i in items), "sin ordenar"


# --- Cómo ejecutar el curso -------------------------------------------------------------------


def test_instructor_guide_is_a_page_with_its_figure(site):
    """La guía del docente (docente/guia.md) está en el índice «Consulta», con la figura de los
    requisitos (dibujada al construir), su texto alternativo y enlaces a las páginas de los
    cuadernos."""
    doc = soup(site / "guia-docente.html")
    assert "guia-docente.html" in {a.get("href") for a in soup(site / "index.html").find_all("a")}
    img = doc.select_one("article div.curso-figura img")
    assert img is not None and img["src"] == "_images/requisitos.png"
    assert img["alt"].startswith("Diagrama de requisitos") and (site / "_images" /
                                                                 "requisitos.png").is_file()
    links = {a.get("href") for a in doc.select("article a")}
    assert {f"cuadernos/{p.stem}.html" for p in NOTEBOOKS} <= links
    assert "Resultados de aprendizaje" in doc.get_text()


def test_run_page_has_the_readme_setup(site):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Puesta en marcha", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)```", setup, re.S)
    assert len(commands) >= 3
    doc = soup(site / "como-ejecutar.html")
    blocks = [normalize(pre.get_text()) for pre in doc.select("pre")]
    for command in commands:
        assert normalize(command) in blocks, f"falta la orden del README:\n{command}"
    assert "pip install -r requirements.txt" in doc.get_text()


# ---------------------------------------------------------------------------------------------
# En un navegador real
# ---------------------------------------------------------------------------------------------

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=OverlayScrollbar",
]


def chromium_executable() -> tuple[str | None, str]:
    """Ruta de Chrome o Chromium, o ``None`` y el motivo (en español) de que no haya."""
    configured = os.environ.get("COURSE_CHROMIUM")
    if configured:
        if Path(configured).is_file():
            return configured, ""
        return None, f"COURSE_CHROMIUM={configured!r} no es un fichero."
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found, ""
    return None, (
        "No se encontró Chromium (instálelo, p. ej. «apt install chromium», o indique la ruta de "
        "Chrome o Chromium en la variable de entorno COURSE_CHROMIUM)."
    )


def _missing_browser(reason: str):
    missing_reference(reason, "las pruebas en un navegador")


@pytest.fixture(scope="module")
def server(site):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser():
    executable, reason = chromium_executable()
    if executable is None:
        _missing_browser(reason)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing_browser("No está instalado playwright (pip install -r requirements.txt).")
    with sync_playwright() as pw:
        # Barras de desplazamiento clásicas, las de Windows y Linux, que ocupan unos 15 px:
        # Playwright las oculta por omisión (--hide-scrollbars), y así no se ve lo que se sale
        # de un proyector por esos píxeles.
        browser = pw.chromium.launch(
            executable_path=executable, headless=True, chromium_sandbox=False,
            args=CHROMIUM_FLAGS, ignore_default_args=["--hide-scrollbars"],
        )
        yield browser
        browser.close()


class Reader:
    """Una pestaña que anota todo lo que falla mientras se lee una página."""

    def __init__(self, browser, origin: str, width: int = 1280, height: int = 900):
        self.origin = origin
        self.page = browser.new_page(viewport={"width": width, "height": height}, locale="es-ES")
        self.problems: list[str] = []
        self.page.on(
            "console",
            lambda m: m.type == "error" and self.problems.append(f"consola: {m.text}"),
        )
        self.page.on("pageerror", lambda e: self.problems.append(f"error de JavaScript: {e}"))
        # ERR_ABORTED: el navegador cancela lo que aún cargaba al pasar a la página siguiente
        # (p. ej. el favicon); un fichero que falta da un 404, que se anota abajo.
        self.page.on(
            "requestfailed",
            lambda r: "ERR_ABORTED" in str(r.failure)
            or self.problems.append(f"petición fallida: {r.url} ({r.failure})"),
        )
        self.page.on(
            "response",
            lambda r: r.status >= 400 and self.problems.append(f"HTTP {r.status}: {r.url}"),
        )
        self.page.on("request", self._check_local)

    def _check_local(self, request):
        url = request.url
        if not (url.startswith(self.origin) or url.startswith(("data:", "blob:", "about:"))):
            self.problems.append(f"petición fuera del sitio: {url}")

    def open(self, path: str):
        self.page.goto(self.origin + path, wait_until="load")
        self.page.evaluate(
            "async () => { if (window.MathJax && MathJax.startup) await MathJax.startup.promise; }"
        )

    def close(self):
        self.page.close()


def test_the_browser_has_classic_scrollbars(browser):
    """Las pruebas ven lo que un portátil con Windows o Linux: una caja que se desplaza pierde
    anchura por su barra (con barras superpuestas, lo que se sale unos píxeles no se nota)."""
    page = browser.new_page(viewport={"width": 800, "height": 600})
    page.set_content("<div id=caja style='width:200px;height:100px;overflow:scroll'>"
                     "<div style='width:500px;height:500px'></div></div>")
    bars = page.evaluate("() => { const e = document.getElementById('caja'); return"
                         " [e.offsetWidth - e.clientWidth, e.offsetHeight - e.clientHeight]; }")
    page.close()
    assert min(bars) >= 10, f"barras de desplazamiento de {bars} px: deben ser clásicas"


#: Grupos en que se reparten las páginas (uno por clase, para que ``--dist loadscope`` los lleve a
#: procesos distintos); cada página va a un grupo según su posición (la primera, al 1...).
PAGE_GROUPS = 4


def _check_pages(browser, site: Path, server: str, group: int) -> None:
    """Cada página se carga una vez (a 1366 px): sin errores ni peticiones fallidas, con las
    fórmulas compuestas y las imágenes cargadas. Se mide a 1366, 1024 y 390 px cambiando la
    ventana (ver :func:`_overflow_report`). Después, en los temas claro y oscuro: todo texto
    visible con un contraste de 4.5:1 o más con su fondo (:data:`_CONTRAST`) y ningún fallo grave
    o crítico de accesibilidad según axe-core (ver :data:`AXE_ALL`)."""
    axe = _axe_source()
    reader = Reader(browser, server, width=1366, height=800)
    report = []
    typeset = 0
    timing = {"contraste": 0.0, "axe": 0.0, "medidas": 0.0}
    chosen = pages(site)[group - 1::PAGE_GROUPS]
    assert chosen, f"el grupo {group} no tiene páginas"
    for page in chosen:
        rel = page.relative_to(site).as_posix()
        reader.problems.clear()
        reader.open(rel)
        state = reader.page.evaluate(
            """() => {
              const math = Array.from(document.querySelectorAll('span.math, div.math'));
              const raw = math.filter(m => !m.querySelector('mjx-container'));
              const article = document.querySelector('article');
              const text = article ? article.innerText : '';
              // El texto fuera del código y de las fórmulas compuestas: ni un «$» suelto.
              let prose = '';
              if (article) {
                const copy = article.cloneNode(true);
                copy.querySelectorAll('pre, code, mjx-container, script, style')
                    .forEach(e => e.remove());
                prose = copy.textContent;
              }
              const images = Array.from(document.images);
              return {
                math: math.length,
                raw: raw.map(m => m.textContent.slice(0, 60)),
                errors: document.querySelectorAll('mjx-merror').length,
                dollars: (text.match(/\\$\\$/g) || []).length,
                loose: (prose.match(/.{0,30}\\$.{0,30}/g) || []).slice(0, 3),
                images: images.length,
                broken: images.filter(i => !i.complete || i.naturalWidth === 0)
                              .map(i => i.getAttribute('src')),
              };
            }"""
        )
        typeset += state["math"]
        problems = list(reader.problems)
        if state["raw"]:
            problems.append(f"fórmulas sin componer: {state['raw'][:3]}")
        if state["errors"]:
            problems.append(f"{state['errors']} fórmulas con error de MathJax")
        if state["dollars"]:
            problems.append("«$$» sin componer en el texto")
        if state["loose"]:
            problems.append(f"«$» suelto fuera del código: {state['loose']}")
        if state["broken"]:
            problems.append(f"imágenes sin cargar: {state['broken'][:3]}")
        report += [f"{rel}: {p}" for p in problems]
        start = time.perf_counter()
        report += _overflow_report(reader, rel)
        timing["medidas"] += time.perf_counter() - start
        for theme in ("light", "dark"):
            _set_theme(reader.page, theme)
            start = time.perf_counter()
            report += _contrast_report(reader.page, f"{rel} (tema {THEMES[theme]})")
            timing["contraste"] += time.perf_counter() - start
        start = time.perf_counter()
        _prepare_axe(reader.page, axe)
        for theme in ("light", "dark"):
            _set_theme(reader.page, theme)
            report += _axe_report(reader.page, f"{rel} (tema {THEMES[theme]})",
                                  AXE_ALL if theme == "light" else AXE_CONTRAST)
        timing["axe"] += time.perf_counter() - start
    reader.close()
    print("tiempo por comprobación:", {k: round(v, 1) for k, v in timing.items()})
    notebooks = sum(p.parent.name == "cuadernos" for p in chosen)
    assert typeset > 10 * notebooks, f"solo {typeset} fórmulas en {notebooks} cuadernos"
    assert not report, "\n".join(report)


class TestPaginas1:
    """Cada página se carga una vez (a 1366 px): sin errores ni peticiones fallidas, con las
    fórmulas compuestas y las imágenes cargadas. Se mide a 1366, 1024 y 390 px cambiando la
    ventana (ver :func:`_overflow_report`). Después, en los temas claro y oscuro: todo texto
    visible con un contraste de 4.5:1 o más con su fondo (:data:`_CONTRAST`) y ningún fallo grave
    o crítico de accesibilidad según axe-core (ver :data:`AXE_ALL`). Las páginas se reparten en
    :data:`PAGE_GROUPS` clases, una por grupo, que pytest-xdist reparte entre sus procesos."""

    group = 1

    def test_pages_load_cleanly_fit_the_screen_and_are_accessible(self, browser, site, server):
        _check_pages(browser, site, server, self.group)


class TestPaginas2(TestPaginas1):
    group = 2


class TestPaginas3(TestPaginas1):
    group = 3


class TestPaginas4(TestPaginas1):
    group = 4


def test_page_groups_cover_every_page():
    """Cada clase TestPaginasN recorre un grupo, y entre todas, todas las páginas."""
    classes = [v for k, v in globals().items() if re.fullmatch(r"TestPaginas\d+", k)]
    assert sorted(c.group for c in classes) == list(range(1, PAGE_GROUPS + 1))


THEMES = {"light": "claro", "dark": "oscuro"}


def _set_theme(page, theme: str) -> None:
    """Cambia el tema como el botón del tema (pydata-sphinx-theme), sin recargar la página."""
    page.evaluate("t => { const d = document.documentElement.dataset; d.theme = t; d.mode = t;"
                  " document.getAnimations().forEach(a => a.finish()); }", theme)


# Contraste de cada texto visible con su fondo (WCAG 2: luminancia relativa). El fondo es la
# mezcla de los colores de fondo de los antepasados (con su transparencia) sobre blanco; un
# elemento con imagen o degradado de fondo no se mide (no hay un color que medir).
_CONTRAST = """() => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3]))
                                         .concat([1]);
  const lum = (c) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
                            return (x + 0.05) / (y + 0.05); };
  const background = (el) => {
    const layers = []; let opacity = 1;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      opacity *= Number(s.opacity);
      if (s.backgroundImage && s.backgroundImage !== 'none') return [null, opacity];
      const c = parse(s.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return [bg, opacity];
  };
  const bad = []; const seen = new Set(); let checked = 0; let quiz = 0; let headings = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el || seen.has(el)) continue;
    seen.add(el);
    // Los controles desactivados no cuentan (WCAG 1.4.3); el MathML oculto es para lectores.
    if (el.closest('script, style, noscript, mjx-assistive-mml, button[disabled]')) continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const [bg, opacity] = background(el);
    if (!bg) continue;
    const c = parse(getComputedStyle(el).color);
    const fg = over([c[0], c[1], c[2], c[3] * opacity], bg);
    const value = ratio(fg, bg);
    checked++;
    if (el.closest('.cu-quiz')) quiz++;
    if (el.closest('h1, h2, h3, h4, .cu-q-cab')) headings++;
    if (value < 4.5) bad.push(`${value.toFixed(2)}:1 «${n.textContent.trim().slice(0, 40)}» ` +
      `(${getComputedStyle(el).color} sobre rgb(${bg.slice(0, 3).map(Math.round).join(', ')}))`);
  }
  return {checked, quiz, headings, bad};
}"""


def _contrast_report(page, where: str) -> list[str]:
    result = page.evaluate(_CONTRAST)
    report = []
    if result["checked"] < 10:
        report.append(f"{where}: solo {result['checked']} textos medidos")
    if result["bad"]:
        report.append(f"{where}: {len(result['bad'])} textos con contraste menor que 4.5:1, p. ej. "
                      + "; ".join(result["bad"][:4]))
    return report


@functools.lru_cache(maxsize=1)
def _axe_source() -> str:
    """axe-core, el que trae el paquete axe-playwright-python (sin conexión)."""
    try:
        import axe_playwright_python
    except ImportError:
        _missing_browser("No está instalado axe-playwright-python (pip install -r "
                         "requirements.txt), que trae axe-core para la auditoría de accesibilidad.")
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


# axe-core, una vez por página en cada tema: todas sus reglas en el claro; en el oscuro, la del
# contraste, la única que cambia con el tema. Su regla del contraste es con mucho la más lenta
# (mide el fondo de cada elemento con texto, y el código resaltado tiene uno por palabra): se
# limita a las preguntas y a los encabezados, lo que el tema oscuro dejaba ilegible; el contraste
# de todo texto visible, también el del código, lo mide _CONTRAST en los dos temas, con el umbral
# de 4.5:1 también para la letra grande (axe admite 3:1).
AXE_ALL = {"resultTypes": ["violations"]}
AXE_CONTRAST = {"resultTypes": ["violations"],
                "runOnly": {"type": "rule", "values": ["color-contrast"]}}
AXE_CONTRAST_SELECTOR = ".cu-quiz *, h1, h2, h3, h4, h5, h6"


#: Deja en texto llano el código resaltado (ver :func:`_prepare_axe`) y devuelve cuántos bloques
#: se dejaron como estaban porque sin las etiquetas cambiaba lo que se desplaza.
_FLATTEN_HIGHLIGHT = """() => {
  let kept = 0;
  document.querySelectorAll('div.highlight pre').forEach(pre => {
    if (!pre.querySelector('span')) return;
    const scrolls = e => [e.scrollWidth > e.clientWidth, e.scrollHeight > e.clientHeight].join();
    const before = scrolls(pre), html = pre.innerHTML;
    pre.textContent = pre.textContent;
    if (scrolls(pre) !== before) { pre.innerHTML = html; kept += 1; }
  });
  return kept;
}"""


def _prepare_axe(page, axe: str) -> None:
    """Carga axe-core en la página, ya medida, y le quita lo que solo multiplica su trabajo (axe
    recorre todos los elementos en cada regla y en cada llamada):

    - los glifos que dibuja MathJax (ocultos a los lectores de pantalla con aria-hidden y sin
      texto); las fórmulas siguen ahí para los lectores de pantalla (el MathML que MathJax
      añade), que es lo que axe revisa;
    - las etiquetas del resaltado de sintaxis (``<span class="...">`` de Pygments, una por
      palabra: más de la mitad de los elementos de un cuaderno, sin atributos que axe revise):
      cada bloque de código queda con el mismo texto, salvo el que, sin ellas, dejaría de
      desplazarse o empezaría a hacerlo (la regla de las regiones desplazables lo vería de otra
      manera), que se deja como estaba. El contraste del código resaltado, color a color, lo
      mide antes :data:`_CONTRAST` en los dos temas."""
    page.evaluate(axe)
    page.evaluate("""s => {
      axe.configure({rules: [{id: 'color-contrast', selector: s}]});
      document.querySelectorAll('mjx-container > mjx-math[aria-hidden="true"]')
        .forEach(e => e.replaceChildren());
    }""", AXE_CONTRAST_SELECTOR)
    page.evaluate(_FLATTEN_HIGHLIGHT)


def _axe_report(page, where: str, options: dict) -> list[str]:
    """Los fallos graves y críticos de axe-core en la página."""
    violations = page.evaluate(
        """options => axe.run(document, options).then(r => r.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help, n: v.nodes.length,
            html: v.nodes.slice(0, 2).map(n => n.html.slice(0, 120))})))""", options)
    return [f"{where}: axe «{v['id']}» ({v['impact']}, {v['n']} elementos): {v['help']}; "
            f"{v['html']}" for v in violations if v["impact"] in ("serious", "critical")]


def test_axe_preparation_keeps_the_code_text_and_what_scrolls(browser):
    """Lo que :func:`_prepare_axe` quita antes de axe no esconde nada: el código resaltado queda
    con su texto, el bloque que sin sus etiquetas dejaría de desplazarse se queda como estaba y
    axe sigue viendo un fallo fuera del código (una imagen sin texto alternativo)."""
    page = browser.new_page(viewport={"width": 800, "height": 600})
    page.set_content(
        "<html lang='es'><head><title>p</title></head><body><main><h1>Código</h1>"
        "<div class='highlight'><pre><span class='k'>def</span> <span class='nf'>f</span>"
        "(<span class='n'>x</span>):\n    <span class='k'>return</span> x</pre></div>"
        "<div class='highlight'><pre id='ancho' style='width:120px;overflow:auto;"
        "font:16px monospace'><span style='letter-spacing:12px'>abcdefgh</span></pre></div>"
        "<img src='data:image/gif;base64,R0lGODlhAQABAAAAACw=' width='20' height='20'>"
        "</main></body></html>")
    texts = page.evaluate("() => Array.from(document.querySelectorAll('pre'), p => p.textContent)")
    _prepare_axe(page, _axe_source())
    after = page.evaluate("() => Array.from(document.querySelectorAll('pre'), p => p.textContent)")
    spans = page.evaluate("() => Array.from(document.querySelectorAll('pre'),"
                          " p => p.querySelectorAll('span').length)")
    report = _axe_report(page, "prueba", AXE_ALL)
    page.close()
    assert after == texts
    assert spans == [0, 1], "el primer bloque, en texto llano; el que se desplaza, como estaba"
    assert any("image-alt" in line for line in report), report


def test_site_opens_from_disk(browser, site):
    """Con doble clic en index.html (file://): los enlaces relativos y MathJax funcionan."""
    reader = Reader(browser, site.resolve().as_uri() + "/")
    reader.open("index.html")
    first = NOTEBOOKS[-1]
    reader.page.locator(f".toctree-wrapper a[href='cuadernos/{first.stem}.html']").click()
    reader.page.wait_for_load_state("load")
    assert reader.page.url.endswith(f"cuadernos/{first.stem}.html")
    reader.page.evaluate(
        "async () => { if (window.MathJax && MathJax.startup) await MathJax.startup.promise; }"
    )
    if reader.page.locator("span.math, div.math").count():
        assert reader.page.locator("mjx-container").count() > 0, "MathJax no compone desde disco"
    assert reader.page.evaluate(
        "Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"
    )
    assert not reader.problems, "\n".join(reader.problems)
    reader.close()


def test_search_finds_mcnemar(browser, server):
    reader = Reader(browser, server)
    reader.open("search.html?q=McNemar")
    hit = reader.page.wait_for_selector(
        "#search-results a[href*='05_mcnemar']", state="attached", timeout=20_000
    )
    assert hit is not None
    assert not reader.problems, "\n".join(reader.problems)
    reader.close()


def test_solution_toggle_opens_and_screenshots(browser, site, server):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    reader = Reader(browser, server)
    reader.open("index.html")
    reader.page.screenshot(path=str(SCREENSHOTS / "portada.png"))

    # El cuaderno de McNemar (05) o, si no existe, el primero con soluciones.
    with_solutions = [p for p in NOTEBOOKS if _solution_sources(built_from(site, p))]
    nb = next((p for p in with_solutions if p.name.startswith("05_")), with_solutions[0])
    reader.open(f"cuadernos/{nb.stem}.html")
    reader.page.screenshot(path=str(SCREENSHOTS / "cuaderno_inicio.png"))
    figure = reader.page.locator("article img").first
    figure.scroll_into_view_if_needed()
    reader.page.screenshot(path=str(SCREENSHOTS / "cuaderno.png"))

    toggle = reader.page.locator("div.tag_solution details").first
    code = toggle.locator("div.cell_input")
    summary = toggle.locator("summary")
    assert summary.locator(".collapsed").inner_text().strip() == "Mostrar solución"
    assert not code.is_visible(), "la solución se ve antes de pulsar el botón"
    summary.scroll_into_view_if_needed()
    summary.click()
    code.wait_for(state="visible", timeout=5_000)
    assert toggle.get_attribute("open") is not None
    assert summary.locator(".expanded").inner_text().strip() == "Ocultar solución"
    solution = _solution_sources(built_from(site, nb))[0]
    assert normalize(code.inner_text()) == normalize(solution)
    reader.page.evaluate(
        "el => el.scrollIntoView({block: 'start'})", toggle.element_handle()
    )
    reader.page.evaluate("() => window.scrollBy(0, -200)")
    reader.page.screenshot(path=str(SCREENSHOTS / "solucion_abierta.png"))
    summary.click()
    code.wait_for(state="hidden", timeout=5_000)
    assert not reader.problems, "\n".join(reader.problems)
    reader.close()
    for name in ("portada.png", "cuaderno_inicio.png", "cuaderno.png", "solucion_abierta.png"):
        assert (SCREENSHOTS / name).stat().st_size > 10_000


# ---------------------------------------------------------------------------------------------
# Como lo ven los usuarios: teléfono (390 px), proyector (1024 px) y portátil (1366 px)
# ---------------------------------------------------------------------------------------------

_OVERFLOW = """() => {
  const visible = (e) => e.checkVisibility();
  const cut = (e) => e.scrollWidth > e.clientWidth + 1;
  const blocks = Array.from(document.querySelectorAll('article pre')).filter(visible);
  const formulas = Array.from(document.querySelectorAll('article mjx-container[display="true"]'))
    .filter(visible).filter(cut);
  const tex = (e) => (e.closest('div.math') || e).textContent.replace(/\\s+/g, ' ').slice(0, 50);
  const figures = Array.from(document.querySelectorAll('article img'))
    .filter(i => visible(i) && i.naturalWidth > 0).map(i => {
      const s = getComputedStyle(i);
      const content = i.getBoundingClientRect().width - parseFloat(s.paddingLeft)
        - parseFloat(s.paddingRight) - parseFloat(s.borderLeftWidth)
        - parseFloat(s.borderRightWidth);
      return {scale: content / i.naturalWidth,
              src: i.getAttribute('src').split('/').pop().slice(0, 12),
              box: i.closest('div.cell_output')};
    });
  const scrolls = (box) => box && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
  const sidebars = ['pst-primary-sidebar', 'pst-secondary-sidebar']
    .map(id => document.getElementById(id)).filter(e => e && visible(e) && cut(e))
    .map(e => e.id);
  // Una tabla que no cabe se desplaza dentro de su caja (la del tema o la salida de la celda).
  const tables = Array.from(document.querySelectorAll('article table')).filter(visible)
    .filter(t => { const box = t.closest('.pst-scrollable-table-container, div.cell_output');
                   return box && cut(box); })
    .map(t => t.innerText.replace(/\\s+/g, ' ').slice(0, 50));
  // Una fórmula en línea más ancha que la columna (3.6647 × 10⁻⁴³ en un teléfono) se desplaza
  // en su caja; el tema la recortaba (overflow: hidden) y perdía el exponente.
  const inline = Array.from(document.querySelectorAll('article span.math')).filter(visible)
    .filter(e => { const m = e.querySelector('mjx-container > mjx-math');
                   return m && m.getBoundingClientRect().width > e.clientWidth + 1; });
  // En el orden de tabulación solo están las fórmulas que se desplazan (para desplazarlas con
  // el teclado): MathJax ponía cada fórmula (cientos por página) como una parada del tabulador.
  const stops = Array.from(document.querySelectorAll('article mjx-container'))
    .filter(e => e.tabIndex >= 0 && !(e.classList.contains('curso-desplazable') && scrolls(e)));
  return {
    page: document.documentElement.scrollWidth,
    inline: inline.filter(e => !e.classList.contains('curso-desplazable')
                               || !e.hasAttribute('tabindex') || !scrolls(e)).map(tex),
    stops: stops.length,
    sidebars,
    tables,
    blocks: blocks.filter(cut)
                  .map(e => e.textContent.split('\\n').reduce((a, b) => b.length > a.length ? b : a, '')
                                          .slice(0, 50)),
    formulas: formulas.map(tex),
    // Una fórmula que no cabe se desplaza en su caja, con la indicación y accesible con el teclado.
    unmarked: formulas.filter(e => !e.classList.contains('curso-desplazable')
                                   || !e.hasAttribute('tabindex')
                                   || !scrolls(e)).map(tex),
    small: figures.filter(f => f.scale < 0.495)
                  .map(f => `${f.src}… al ${Math.round(100 * f.scale)} %`),
    unboxed: figures.filter(f => f.box && cut(f.box)
                                 && !(scrolls(f.box) && f.box.hasAttribute('tabindex')))
                    .map(f => f.src),
  };
}"""


def _overflow_report(reader: Reader, rel: str) -> list[str]:
    """Lo que se sale de la pantalla en la página abierta, a 1366, 1024 y 390 px.

    Portátil (1366) y proyector (1024): 100 columnas de código y salida, cada tabla y cada
    fórmula aparte caben sin desplazarse (una fórmula que junta varias se muestra una debajo de
    otra). En cualquier anchura: ninguna página se desplaza de lado; una fórmula o una figura que
    no cabe se desplaza dentro de su caja (con una sombra que lo indica y accesible con el
    teclado), y ninguna figura se ve a menos de la mitad de su tamaño (las etiquetas de los ejes
    se leen)."""
    report = []
    for width in (1366, 1024, 390):
        reader.page.set_viewport_size({"width": width, "height": 800})
        reader.page.wait_for_timeout(50)
        state = reader.page.evaluate(_OVERFLOW)
        where = f"{rel} a {width} px"
        if state["page"] > width:
            report.append(f"{where}: la página mide {state['page']} px de ancho")
        if width >= 1024 and state["blocks"]:
            report.append(f"{where}: {len(state['blocks'])} bloques se salen: "
                          f"{state['blocks'][:2]}")
        if state["sidebars"]:
            report.append(f"{where}: barras laterales que se desplazan de lado: "
                          f"{state['sidebars']}")
        if width >= 1024 and state["tables"]:
            report.append(f"{where}: {len(state['tables'])} tablas se salen de su caja: "
                          f"{state['tables'][:2]}")
        if width >= 1024 and state["formulas"]:
            report.append(f"{where}: {len(state['formulas'])} fórmulas cortadas: "
                          f"{state['formulas'][:2]}")
        if state["unmarked"]:
            report.append(f"{where}: fórmulas cortadas sin caja desplazable marcada: "
                          f"{state['unmarked'][:2]}")
        if state["inline"]:
            report.append(f"{where}: {len(state['inline'])} fórmulas en línea cortadas sin caja "
                          f"desplazable marcada: {state['inline'][:2]}")
        if state["stops"]:
            report.append(f"{where}: {state['stops']} fórmulas que no se desplazan son paradas "
                          "del tabulador")
        if state["small"]:
            report.append(f"{where}: figuras por debajo de la mitad de su tamaño: "
                          f"{state['small'][:3]}")
        if state["unboxed"]:
            report.append(f"{where}: figuras que no caben sin caja desplazable: "
                          f"{state['unboxed'][:3]}")
    reader.page.set_viewport_size({"width": 1366, "height": 800})
    return report


@pytest.mark.parametrize("width", [1366, 390])
def test_sidebar_buttons_work(browser, site, server, width):
    """≡ abre el índice del curso (teléfono) u oculta la barra lateral (portátil); el botón del
    índice de la página lo abre en el teléfono."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    reader = Reader(browser, server, width=width, height=800)
    reader.open("cuadernos/" + NOTEBOOKS[5].stem + ".html")
    primary = [b for b in reader.page.locator(".primary-toggle").all() if b.is_visible()]
    assert len(primary) == 1, "debe verse exactamente un botón ≡"
    primary[0].click()
    if width >= 992:
        sidebar = reader.page.locator("#pst-primary-sidebar")
        reader.page.wait_for_function(
            "() => getComputedStyle(document.querySelector('#pst-primary-sidebar')).visibility"
            " === 'hidden'", timeout=5_000)
        reader.page.wait_for_timeout(500)  # la transición del tema
        article = reader.page.locator("article").bounding_box()
        assert article["x"] >= 0, "al ocultar la barra, el artículo se sale por la izquierda"
        reader.page.screenshot(path=str(SCREENSHOTS / f"barra_oculta_{width}.png"))
        primary[0].click()
        reader.page.wait_for_function(
            "() => getComputedStyle(document.querySelector('#pst-primary-sidebar')).visibility"
            " === 'visible'", timeout=5_000)
        assert sidebar.is_visible()
    else:
        reader.page.wait_for_function(
            "() => document.querySelector('#pst-primary-sidebar-modal').open", timeout=5_000)
        drawer = reader.page.locator("#pst-primary-sidebar-modal")
        assert drawer.get_by_role("link", name=re.compile("McNemar")).first.is_visible()
        reader.page.screenshot(path=str(SCREENSHOTS / f"cajon_indice_{width}.png"))
        reader.page.keyboard.press("Escape")
        secondary = [b for b in reader.page.locator(".secondary-toggle").all() if b.is_visible()]
        assert secondary, "en el teléfono debe verse el botón del índice de la página"
        secondary[0].click()
        reader.page.wait_for_function(
            "() => document.querySelector('#pst-secondary-sidebar-modal').open", timeout=5_000)
        reader.page.screenshot(path=str(SCREENSHOTS / f"cajon_pagina_{width}.png"))
        # Al elegir una sección, el cajón se cierra y la página muestra esa sección.
        links = reader.page.locator("#pst-secondary-sidebar-modal a[href^='#']")
        assert links.count() >= 3
        link = links.nth(2)
        target = link.get_attribute("href")[1:]
        link.click()
        reader.page.wait_for_function(
            "() => !document.querySelector('#pst-secondary-sidebar-modal').open", timeout=5_000)
        reader.page.wait_for_timeout(300)
        top = reader.page.evaluate("id => document.getElementById(id).getBoundingClientRect().top",
                                   target)
        assert 0 <= top <= 200, f"la sección elegida queda en {top} px, fuera de la vista"
        assert reader.page.evaluate("() => location.hash") == f"#{target}"
        reader.page.screenshot(path=str(SCREENSHOTS / f"cajon_cerrado_{width}.png"))
    assert not reader.problems, "\n".join(reader.problems)
    reader.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", [1366, 390])
def test_sidebar_button_shows_where_the_focus_is(browser, server, width, theme):
    """Con el teclado (Tab desde el principio de la página; en el portátil, tras los enlaces de la
    barra lateral), se llega al botón ≡ y se ve que tiene el foco: un contorno de 2 px o más, con un contraste de 3:1 o más con el fondo
    (WCAG 2.4.7 y 1.4.11)."""
    reader = Reader(browser, server, width=width, height=800)
    reader.open("cuadernos/" + NOTEBOOKS[5].stem + ".html")
    _set_theme(reader.page, theme)
    for _ in range(80):
        reader.page.keyboard.press("Tab")
        ring = reader.page.evaluate("""() => {
            const e = document.activeElement;
            if (!e || !e.matches('.primary-toggle')) return null;
            const s = getComputedStyle(e);
            let bg = 'rgba(0, 0, 0, 0)';
            for (let a = e; a && /rgba\\(.*, 0\\)$|transparent/.test(bg); a = a.parentElement)
              bg = getComputedStyle(a).backgroundColor;
            return {style: s.outlineStyle, width: parseFloat(s.outlineWidth),
                    color: s.outlineColor, background: bg, shadow: s.boxShadow};
        }""")
        if ring is not None:
            break
    assert ring is not None, "el botón ≡ no se alcanza con 80 pulsaciones de Tab"
    where = f"a {width} px, tema {THEMES[theme]}"
    assert ring["style"] not in ("none", "hidden") and ring["width"] >= 2, (
        f"{where}: el botón ≡ con el foco no lo muestra (contorno {ring})")
    assert _contrast(ring["color"], ring["background"]) >= 3, (
        f"{where}: el contorno del foco no contrasta con el fondo ({ring})")
    assert not reader.problems, "\n".join(reader.problems)
    reader.close()


def _contrast(color: str, background: str) -> float:
    """Contraste WCAG 2 entre dos colores CSS «rgb(...)» opacos."""
    def luminance(css: str) -> float:
        values = [float(v) / 255 for v in re.findall(r"[\d.]+", css)[:3]]
        linear = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in values]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(color), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("width", [390, 1024])
def test_navigation_and_formulas_without_javascript(browser, server, width):
    """Sin JavaScript: no se ven botones que no hacen nada (≡, «Contenido», pantalla completa);
    el índice del curso y el de la página están en la página (al final, con enlaces al principio,
    en pantallas estrechas) y las fórmulas se leen como texto LaTeX, con un aviso."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(java_script_enabled=False,
                                  viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(server + "cuadernos/" + NOTEBOOKS[5].stem + ".html")
    buttons = page.locator(".primary-toggle, .secondary-toggle, .btn-fullscreen-button")
    visible = [b for b in buttons.all() if b.is_visible()]
    assert not visible, "se ven botones que sin JavaScript no hacen nada"
    course = page.locator("#pst-primary-sidebar")
    contents = page.locator("#pst-secondary-sidebar")
    assert course.get_by_role("link", name=re.compile("McNemar")).first.is_visible()
    assert contents.locator("a[href^='#']").first.is_visible()
    bar = page.locator("nav.curso-sin-js")
    assert bar.is_visible()
    for link in bar.locator("a").all():
        if link.is_visible():
            assert page.locator(link.get_attribute("href")).is_visible()
    note = page.locator(".curso-sin-js-formulas")
    assert note.is_visible() and "LaTeX" in note.inner_text()
    math = page.locator("span.math").first
    assert "monospace" in math.evaluate("e => getComputedStyle(e).fontFamily").lower()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SCREENSHOTS / f"sin_js_{width}.png"))
    context.close()


@pytest.mark.parametrize("query", ["Wilson", "error de Monte Carlo"])
def test_search_excerpts_are_clean(browser, server, query):
    """Los extractos no incluyen los botones de la cabecera ni fórmulas en LaTeX: se leen como
    texto (√(θ(1-θ)/R), no \\sqrt{\\theta(1-\\theta)/R})."""
    reader = Reader(browser, server)
    reader.open(f"search.html?q={query}")
    reader.page.wait_for_selector("#search-results p.context", timeout=20_000)
    reader.page.wait_for_timeout(1_000)
    excerpts = reader.page.locator("#search-results p.context").all_inner_texts()
    assert excerpts
    latex = (r"\\(?:sqrt|frac|theta|alpha|hat|bar|mathbb|mathcal|mathrm|text\w*|left|right"
             r"|sum|le|ge)\b")
    bad = [e for e in excerpts if "Claro" in e or "Oscuro" in e or "\\(" in e or "$" in e
           or re.search(latex, e)]
    assert not bad, bad[:2]
    reader.page.set_viewport_size({"width": 390, "height": 800})
    reader.page.wait_for_timeout(100)
    width = reader.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"con los resultados, la página mide {width} px en un teléfono"
    if query == "error de Monte Carlo":
        # El texto del que salen los extractos: el de la página, con las fórmulas legibles.
        formula = json.dumps(r"\sqrt{\theta(1-\theta)/R}")[1:-1]  # tal como está en el .ipynb
        path = next(p for p in NOTEBOOKS if formula in p.read_text("utf-8"))
        text = reader.page.evaluate(
            "url => fetch(url).then(r => r.text()).then(h => Search.htmlToText(h))",
            f"cuadernos/{path.stem}.html")
        assert "√(θ(1-θ)/R)" in text and "\\sqrt" not in text
        assert "Claro" not in text, "el texto incluye la cabecera con el selector de tema"
    assert not reader.problems, "\n".join(reader.problems)
    reader.close()


def test_search_from_disk_shows_titles_without_errors(browser, site):
    """Desde el disco (file://) la búsqueda no puede leer las páginas: muestra títulos, sin
    errores en la consola."""
    reader = Reader(browser, site.resolve().as_uri() + "/")
    reader.open("search.html?q=McNemar")
    reader.page.wait_for_selector("#search-results a[href*='05_mcnemar']", state="attached",
                                  timeout=20_000)
    reader.page.wait_for_timeout(1_000)
    assert not reader.problems, "\n".join(reader.problems)
    reader.close()


def test_footer_states_the_licence(site):
    footers = soup(site / "index.html").find_all("footer")
    text = " ".join(" ".join(f.get_text() for f in footers).split())
    assert "CC BY-SA 4.0" in text and "MIT" in text and "Mario Graff" in text, text
    assert "Copyright" not in text
    import course_utils as cu

    assert f"Versión {cu.__version__} del curso." in text, text


def test_site_offers_the_whole_course_as_a_download(site):
    import zipfile

    archives = list(site.glob("_downloads/*/curso-medir-comparar.zip"))
    assert len(archives) == 1
    names = zipfile.ZipFile(archives[0]).namelist()
    for needed in ("README.md", "requirements.txt", "course_utils/__init__.py",
                   "notebooks/05_mcnemar.ipynb", "LICENSE"):
        assert f"curso-medir-comparar/{needed}" in names, needed
    link = soup(site / "como-ejecutar.html").find("a", href=re.compile(r"curso-medir-comparar"))
    assert link is not None


_INTRODUCED = re.compile(r"\*\*([^*]{2,60})\*\*\s+\(\*([A-Za-z][^*()]{1,60})\*")


def test_every_term_introduced_with_its_english_name_is_in_the_glossary():
    """La regla: un término que un cuaderno presenta en negrita con su nombre inglés en cursiva,
    «**término** (*term*)», tiene entrada en el glosario (por su forma en español). Las frases
    largas en negrita (más de cuatro palabras) no son términos."""
    terms = tomllib.loads((ROOT / "book" / "glosario.toml").read_text(encoding="utf-8"))["termino"]
    known = set()
    for t in terms:
        known |= {_fold(" ".join(f.split())) for f in [t["es"], *t.get("buscar", [])]}
    missing = []
    for path in NOTEBOOKS:
        for cell in read_nb(path).cells:
            if cell.cell_type != "markdown":
                continue
            for m in _INTRODUCED.finditer(cell.source):
                es = " ".join(m.group(1).split())
                if len(es.split()) <= 4 and _fold(es) not in known:
                    missing.append(f"{path.name}: «{es}» (*{' '.join(m.group(2).split())}*)")
    assert not missing, "faltan en book/glosario.toml:\n" + "\n".join(missing)


# ---------------------------------------------------------------------------------------------
# Preguntas «Compruebe lo que ha entendido» (course_utils.selfcheck.quiz), sin núcleo y sin conexión
# ---------------------------------------------------------------------------------------------


def test_quiz_works_on_the_site_and_without_javascript(browser, site, server):
    """En la página de 05: una opción incorrecta da su explicación, la correcta lo confirma y una
    respuesta numérica dentro de la tolerancia se acepta; fórmulas compuestas, nada fuera de la
    máquina, sin errores. Sin JavaScript, las opciones se despliegan una a una."""
    from course_utils.selfcheck.quiz import course_quizzes

    quiz = course_quizzes().get("05")
    if quiz is None:
        pytest.skip("el cuaderno 05 aún no tiene preguntas")
    choice = next(q for q in quiz.questions if q.kind == "opcion")
    numeric = next(q for q in quiz.questions if q.kind == "numerica")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    reader = Reader(browser, server, width=1366, height=900)
    reader.open("cuadernos/05_mcnemar.html")
    page = reader.page
    assert page.locator(".cu-quiz").count() == len(quiz.questions)
    assert page.locator(".cu-quiz.cu-q-activa").count() == len(quiz.questions)
    box = page.locator(f".cu-quiz:has-text('Pregunta {choice.id}')").first
    assert box.locator("mjx-container").count() > 0 or "$" not in choice.prompt
    wrong = next(i for i, o in enumerate(choice.options) if not o.correct)
    right = next(i for i, o in enumerate(choice.options) if o.correct)
    box.scroll_into_view_if_needed()
    box.locator("label.cu-q-op").nth(wrong).click()
    box.locator(".cu-q-comprobar").click()
    assert box.locator(".cu-q-salida .cu-q-mal").is_visible()
    assert "Incorrecta" in box.locator(".cu-q-salida").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "pregunta_1366.png"))
    box.locator("label.cu-q-op").nth(right).click()
    box.locator(".cu-q-comprobar").click()
    assert box.locator(".cu-q-salida .cu-q-bien").is_visible()
    num = page.locator(f".cu-quiz:has-text('Pregunta {numeric.id}')").first
    num.locator(".cu-q-num").fill(numeric.answer_text.replace(".", ","))
    num.locator(".cu-q-num").press("Enter")
    assert num.locator(".cu-q-salida .cu-q-bien").is_visible()
    num.locator(".cu-q-num").fill("abc")
    num.locator(".cu-q-comprobar").click()
    assert "no se lee como un número" in num.locator(".cu-q-salida").inner_text()
    # Las reglas de cu.comprobar: redondeada de más, «casi»; con el signo %, que lo quite.
    rounded = f"{numeric.answer * 1.02:.3g}"
    assert numeric.judge(rounded)[0] == "casi", rounded
    num.locator(".cu-q-num").fill(rounded.replace(".", ","))
    num.locator(".cu-q-num").press("Enter")
    assert "redondeado" in num.locator(".cu-q-salida").inner_text()
    num.locator(".cu-q-num").fill(numeric.answer_text.replace(".", ",") + "%")
    num.locator(".cu-q-num").press("Enter")
    assert "sin el signo %" in num.locator(".cu-q-salida").inner_text()
    assert not num.locator(".cu-q-salida .cu-q-bien").count()
    # En el tema oscuro, la pregunta sobre el fondo de la página (captura para mirarla).
    _set_theme(page, "dark")
    num.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "pregunta_oscuro_1366.png"))
    _set_theme(page, "light")
    assert not reader.problems, "\n".join(reader.problems)
    reader.close()

    phone = Reader(browser, server, width=390, height=800)
    phone.open("cuadernos/05_mcnemar.html")
    box = phone.page.locator(f".cu-quiz:has-text('Pregunta {choice.id}')").first
    phone.page.evaluate("el => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 60)",
                        box.element_handle())
    box.locator("label.cu-q-op").nth(right).click()
    box.locator(".cu-q-comprobar").click()
    phone.page.screenshot(path=str(SCREENSHOTS / "pregunta_390.png"))
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.page.evaluate("""() => Array.from(document.querySelectorAll('.cu-quiz'))
        .every(q => q.getBoundingClientRect().right <= window.innerWidth + 1)""")
    assert not phone.problems, "\n".join(phone.problems)
    phone.close()

    context = browser.new_context(java_script_enabled=False, viewport={"width": 1024, "height": 800})
    plain = context.new_page()
    plain.goto(server + "cuadernos/05_mcnemar.html")
    box = plain.locator(f".cu-quiz:has-text('Pregunta {choice.id}')").first
    assert not box.locator(".cu-q-comprobar").is_visible()
    options = box.locator("details")
    assert options.count() == len(choice.options)
    feedback = options.nth(wrong).locator(".cu-q-retro")
    assert not feedback.is_visible()
    options.nth(wrong).locator("summary").click()
    assert feedback.is_visible() and "Incorrecta" in feedback.inner_text()
    box.scroll_into_view_if_needed()
    plain.screenshot(path=str(SCREENSHOTS / "pregunta_sin_js.png"))
    context.close()


def test_quiz_exports_are_published(site):
    folder = site / "preguntas"
    assert (folder / "preguntas-moodle.xml").is_file()
    text = (folder / "preguntas-imprimibles.html").read_text(encoding="utf-8")
    script = re.search(r'<script defer src="([^"]+)"', text).group(1)
    assert (folder / script).resolve().is_file(), "la versión para imprimir no encuentra MathJax"
    assert "preguntas/preguntas-moodle.xml" in (site / "preguntas.html").read_text(encoding="utf-8")


def test_printable_quiz_starts_with_questions(browser, server):
    """Impresa, la primera página lleva el título y las preguntas del primer cuaderno; cada
    cuaderno siguiente y las respuestas empiezan página."""
    page = browser.new_page(viewport={"width": 1024, "height": 800})
    page.goto(server + "preguntas/preguntas-imprimibles.html")
    page.emulate_media(media="print")
    breaks = page.evaluate("""() => Array.from(document.querySelectorAll('body > section'))
        .map(e => [e.className, getComputedStyle(e).breakBefore])""")
    page.close()
    assert breaks[0] == ["cuaderno", "auto"], breaks[0]
    assert all(b == "page" for _, b in breaks[1:]), breaks
    assert breaks[-1][0] == "soluciones"
