"""Comprobaciones sobre los cuadernos guardados (sin ejecutarlos).

nbval re-ejecuta cada cuaderno y compara sus salidas; estas pruebas comprueban
además que lo guardado es lo que un estudiante obtendría en su portátil.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
IDS = [p.name for p in NOTEBOOKS]


def test_there_are_notebooks():
    assert NOTEBOOKS, "no hay cuadernos en notebooks/"
    assert NOTEBOOKS[0].name == "00_introduccion.ipynb"


@pytest.fixture(params=NOTEBOOKS, ids=IDS)
def nb(request):
    return request.param, nbformat.read(request.param, as_version=4)


def test_valid_nbformat(nb):
    _, notebook = nb
    nbformat.validate(notebook)


def test_metadata_names_kernel_and_language(nb):
    _, notebook = nb
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    assert notebook.metadata["language_info"]["name"] == "python"


def test_executed_in_order_from_one(nb):
    _, notebook = nb
    counts = [c.execution_count for c in notebook.cells if c.cell_type == "code"]
    assert counts == list(range(1, len(counts) + 1))


def test_no_errors_stderr_or_svg(nb):
    _, notebook = nb
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        for out in cell.outputs:
            if out.output_type == "error":
                assert "raises-exception" in tags, f"celda {i}: error no esperado {out.ename}"
            if out.output_type == "stream":
                assert out.name == "stdout", f"celda {i}: escribe en stderr: {out.text[:200]!r}"
            data = out.get("data", {})
            assert "image/svg+xml" not in data, f"celda {i}: figura SVG"
            text = "".join(data.get("text/plain", "")) + "".join(out.get("text", ""))
            assert not re.search(r"0x[0-9a-f]{8,}", text), f"celda {i}: imprime una dirección de memoria"
            assert "Warning" not in text, f"celda {i}: muestra un aviso: {text[:200]!r}"


def test_raises_exception_cells_do_raise(nb):
    _, notebook = nb
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type == "code" and "raises-exception" in cell.metadata.get("tags", []):
            assert any(o.output_type == "error" for o in cell.outputs), (
                f"celda {i}: lleva la etiqueta raises-exception pero no lanza"
            )


def test_run_all_does_not_stop(nb):
    """«Ejecutar todo» (Run All) de JupyterLab se detiene en la primera celda que lanza, lleve o
    no la etiqueta raises-exception: una celda que enseña un error lo captura y lo imprime."""
    _, notebook = nb
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        assert "raises-exception" not in cell.metadata.get("tags", []), (
            f"celda {i}: lanza un error; captúrelo (try/except) e imprímalo")
        assert not any(o.output_type == "error" for o in cell.outputs), f"celda {i}: lanza"


def test_first_code_cell_sets_seed(nb):
    path, notebook = nb
    first = next(c for c in notebook.cells if c.cell_type == "code")
    assert re.search(r"^SEED\s*=\s*\d+", first.source, re.M), f"{path.name}: la primera celda debe fijar SEED"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if not p.name.startswith("00_")], ids=lambda p: p.name)
def test_course_notebook_anatomy(path):
    """Objetivos, ejercicios con solución (al menos tres) y referencias."""
    notebook = nbformat.read(path, as_version=4)
    md = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    assert "Objetivos" in md
    assert "Referencias" in md
    n_exercises = len(re.findall(r"^#+\s*Ejercicio\s+\d+", md, re.M))
    assert n_exercises >= 3, f"{path.name}: {n_exercises} ejercicios; se esperan al menos 3"
    solutions = [c for c in notebook.cells if c.cell_type == "code" and "solution" in c.metadata.get("tags", [])]
    assert len(solutions) >= 3, f"{path.name}: faltan celdas de solución (etiqueta «solution»)"


def test_readme_lists_every_notebook():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in NOTEBOOKS:
        assert path.name in readme, f"README.md no menciona {path.name}"


def test_streams_are_merged(nb):
    """tools/run_notebooks.py une los textos consecutivos de un mismo flujo (salida estable)."""
    _, notebook = nb
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        outs = cell.outputs
        for prev, cur in zip(outs, outs[1:]):
            assert not (
                prev.output_type == cur.output_type == "stream" and prev.name == cur.name
            ), f"celda {i}: salidas de texto partidas; regenere con tools/run_notebooks.py"


def test_no_control_characters_in_sources(nb):
    """Un «\\alpha» escrito sin cadena cruda se convierte en el carácter BEL (\\x07) y rompe la fórmula."""
    path, notebook = nb
    for i, cell in enumerate(notebook.cells):
        bad = sorted({hex(ord(ch)) for ch in cell.source if ord(ch) < 32 and ch not in "\n\t"})
        assert not bad, f"{path.name}, celda {i}: caracteres de control {bad} en el texto"


def _session_plan(notebook) -> tuple[list[tuple[str, int]], int]:
    """Filas «sección | minutos» del «Plan de la sesión» y el total que declara la tabla."""
    cell = next(
        (c for c in notebook.cells if c.cell_type == "markdown" and "Plan de la sesión" in c.source),
        None,
    )
    assert cell is not None, "falta el «Plan de la sesión»"
    rows, total = [], None
    for line in cell.source[cell.source.index("Plan de la sesión"):].splitlines():
        cols = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cols) < 2:
            continue
        label, minutes = cols[0], re.sub(r"[*_]", "", cols[1])
        match = re.match(r"(\d+)", minutes)
        if not match:
            continue
        if re.sub(r"[*_]", "", label).strip().lower() == "total":
            total = int(match.group(1))
        else:
            rows.append((label, int(match.group(1))))
    assert total is not None, "el plan no tiene fila «total»"
    return rows, total


def test_readme_gives_each_notebook_its_teaching_time(nb):
    path, notebook = nb
    _, total = _session_plan(notebook)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next((line for line in readme.splitlines() if f"notebooks/{path.name})" in line), None)
    assert row is not None, f"README.md: falta la fila de {path.name} en la tabla de cuadernos"
    assert f"| {total} min" in row, f"README.md: la fila de {path.name} no dice «{total} min»"


def _benchmark_module():
    """``benchmarks/notebooks.py`` (no es un paquete: se carga por su ruta)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_notebooks",
                                                  ROOT / "benchmarks" / "notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _readme_table_column(readme: str, header: str) -> int:
    line = next(line for line in readme.splitlines() if line.startswith("| n.º | cuaderno |"))
    return [c.strip() for c in line.strip().strip("|").split("|")].index(header)


def test_readme_run_times_come_from_the_stored_benchmark(nb):
    """La columna «ejecución» del README es la medida guardada por ``python
    benchmarks/notebooks.py --guardar`` (``--readme`` la imprime), no una cifra escrita a mano;
    sin medir nada aquí (una prueba que midiera tiempos dependería de la carga de la máquina)."""
    path, _ = nb
    bench = _benchmark_module()
    stored = bench.load_results()
    assert path.name in stored["cuadernos"], (
        f"{bench.RESULTS.name} no tiene {path.name}: python benchmarks/notebooks.py --guardar")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    col = _readme_table_column(readme, "ejecución")
    row = next(line for line in readme.splitlines() if f"notebooks/{path.name})" in line)
    cell = [c.strip() for c in row.strip().strip("|").split("|")][col]
    expected = bench.readme_value(stored["cuadernos"][path.name]["cpu_s"])
    assert cell == expected, (f"README.md, {path.name}: «ejecución» dice «{cell}» y la medida "
                              f"guardada en {bench.RESULTS.name}, «{expected}»")
    assert "benchmarks/notebooks.json" in readme and stored["fecha"] in readme, (
        "el README debe decir de dónde salen los tiempos (benchmarks/notebooks.json) y su fecha")


_DRAWS = (
    "integers|normal|random|choice|binomial|multinomial|permutation|shuffle|uniform|poisson|"
    "beta|dirichlet|standard_normal|permuted"
)


def test_each_cell_that_draws_creates_its_generator(nb):
    """Re-ejecutar una sola celda da el número que cita el texto: nada de un `rng` global.

    Una celda que sortea con un generador (`rng.normal(...)`, `rng_b.integers(...)`) lo crea en
    la misma celda (`rng = np.random.default_rng(SEED)`) o lo recibe como argumento de una función.
    """
    path, notebook = nb
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        src = cell.source
        for name in set(re.findall(rf"\b(rng\w*)\.(?:{_DRAWS})\(", src)):
            created = re.search(rf"^\s*{name}\s*=", src, re.M)
            parameter = re.search(rf"^\s*def \w+\([^)]*\b{name}\b", src, re.M)
            loop = re.search(rf"^\s*for [^\n]*\b{name}\b[^\n]* in ", src, re.M)
            assert created or parameter or loop, (
                f"{path.name}, celda {i}: sortea con `{name}` sin crearlo en la celda"
            )


# --------------------------------------------------------------------------- texto alternativo

sys.path.insert(0, str(ROOT / "tools"))
import classroom  # noqa: E402

STUDENT_COPIES = [ROOT / "notebooks" / "alumnos" / p.name for p in NOTEBOOKS]
_SPANISH = {"de", "la", "el", "los", "las", "del", "con", "y", "en", "un", "una", "que", "se"}
_ENGLISH = {"the", "of", "and", "with", "shows", "image", "figure", "chart"}
_FILE_LIKE = re.compile(r"_images|\.\./|\.(?:png|jpe?g|gif|svg)\b|[0-9a-f]{32}", re.I)
# Fin de frase: punto, cierre de interrogación o exclamación seguido de una mayúscula.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[«(¿¡]?[A-ZÁÉÍÓÚÑ])")


def alt_text_problems(text: str) -> list[str]:
    """Lo que le falta a un texto alternativo para decir, en español, qué muestra una figura."""
    words = re.findall(r"[a-záéíóúüñ]+", text.lower())
    problems = []
    if len(words) < 12:
        problems.append("demasiado corto (menos de 12 palabras)")
    if len(text) > 700 or len(_SENTENCE_END.split(text)) > 3:
        problems.append("demasiado largo (más de 3 frases o de 700 caracteres)")
    if _FILE_LIKE.search(text):
        problems.append("nombra un fichero o una ruta")
    if text.startswith("Figura ") or "el texto que la sigue" in text:
        problems.append("es el texto por defecto del sitio")
    if re.search(r"\bimagen\b", text, re.I):
        problems.append("habla de «imagen» en lugar de lo que se ve")
    if len(_SPANISH & set(words)) < 3 or _ENGLISH & set(words):
        problems.append("no parece español")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS + STUDENT_COPIES,
                         ids=IDS + [f"alumnos/{name}" for name in IDS])
def test_every_figure_has_a_spanish_alternative_text(path):
    """Cada figura guardada lleva en los metadatos ``alt`` de su celda un texto en español que
    dice qué muestra (una lista con uno por figura si la celda dibuja varias), el mismo en los
    metadatos de la salida de imagen, y distinto del de las demás figuras del cuaderno. La copia
    para estudiantes los conserva."""
    notebook = nbformat.read(path, as_version=4)
    seen: dict[str, str] = {}
    figures = 0
    for index, cell in enumerate(notebook.cells):
        where = f"{path.relative_to(ROOT)}, celda {cell.get('id', index)}"
        outputs = classroom.figure_outputs(cell)
        if not outputs:
            assert classroom.ALT_KEY not in cell.get("metadata", {}), (
                f"{where}: tiene texto alternativo pero ninguna figura")
            continue
        given = cell.metadata.get(classroom.ALT_KEY)
        assert given is not None, f"{where}: figura sin metadatos «alt»"
        if len(outputs) > 1:
            assert isinstance(given, list), (
                f"{where}: dibuja {len(outputs)} figuras; «alt» debe ser una lista con un texto "
                "por figura")
        texts = classroom.figure_alt_texts(cell)
        for (out, mime), text in zip(outputs, texts):
            figures += 1
            problems = alt_text_problems(text)
            assert not problems, f"{where}: texto alternativo {'; '.join(problems)}:\n{text}"
            assert text not in seen, f"{where}: el mismo texto alternativo que {seen.get(text)}"
            seen[text] = where
            stored = out.get("metadata", {}).get(mime, {}).get("alt")
            assert stored == text, (
                f"{where}: la salida no lleva el texto alternativo de la celda; regenere con "
                "python tools/run_notebooks.py --metadata-only")
    if path.parent.name != "alumnos":
        assert figures, f"{path.name}: sin figuras"


def test_alt_text_checks_reject_what_a_screen_reader_cannot_use():
    good = ("Curvas de la cobertura exacta de los intervalos de Wald y de Wilson frente a la "
            "exactitud real. Wilson oscila en torno a 0.95 y Wald se desploma cerca de 1.")
    assert alt_text_problems(good) == []
    assert alt_text_problems("../_images/3f2a9c0d1e4b5a6978877665544332211.png")
    assert alt_text_problems("Figura 2 de «3. El estadístico»; el texto que la sigue dice lo que "
                             "muestra.")
    assert alt_text_problems("Line plot of the exact coverage of the Wald and Wilson intervals "
                             "against the true accuracy, with the nominal level.")
    assert alt_text_problems("Imagen de un histograma de la exactitud con la media y el "
                             "intervalo de los dos modelos.")
    assert alt_text_problems(" ".join([good] * 3))  # seis frases


def _printed_text(nb: nbformat.NotebookNode) -> str:
    """El código y todo lo que imprimen las celdas (texto, tablas en texto o HTML, LaTeX)."""
    parts = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        parts.append(cell.source)
        for out in cell.get("outputs", []):
            parts.append(out.get("text", ""))
            parts += [v for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(p if isinstance(p, str) else "".join(p) for p in parts)


#: Números con 4 decimales del texto que ninguna salida del cuaderno imprime, con su origen: otro
#: cuaderno (se comprueba en sus salidas) o una cuenta que el texto mismo hace.
PROSE_NUMBERS_FROM_ELSEWHERE = {
    "02_intervalos_de_confianza.ipynb": {
        "0.0015": "√(0.95 · 0.05 / 20 000): cobertura cercana a 0.95"},
    "03_bootstrap.ipynb": {"1.0010": "√(B/(B-1)) con B = 500",
                           "0.9477": "punto medio del intervalo de la fuente",
                           "0.9466": "punto medio del percentil de la fuente",
                           "0.0026": "diferencia de dos proporciones impresas"},
    "04_prueba_t_corregida.ipynb": {"1.2508": "t de la fuente, 1.250795, redondeada"},
    "09_comparacion_bayesiana.ipynb": {"0.0010": "06_5x2cv_adult.ipynb",
                                       "0.0018": "06_5x2cv_adult.ipynb",
                                       "0.0022": "0.5/√50 000"},
    "10_laboratorio_de_simulacion.ipynb": {"0.0014": "1.96·√(0.05·0.95/10^5)"},
    "13_compare_sus_propios_modelos.ipynb": {"0.0488": "el valor p sin la regla de empates"},
}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_prose_numbers_are_printed_by_the_notebook(path):
    """Cada número con 4 decimales del texto sale en el código o en una salida del cuaderno (o
    en la de otro cuaderno que el texto cita): al regenerar las salidas, un número del texto que
    ya no corresponde hace fallar la prueba en lugar de quedarse, sin que nadie lo vea."""
    nb = nbformat.read(path, as_version=4)
    printed = _printed_text(nb)
    longer = set(re.findall(r"\d+\.\d{5,}", printed))
    known = PROSE_NUMBERS_FROM_ELSEWHERE.get(path.name, {})
    stale = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        for number in re.findall(r"(?<![\d.])\d+\.\d{4}(?!\d)", cell.source):
            if number in printed or any(v.startswith(number) for v in longer):
                continue
            origin = known.get(number)
            if origin is None:
                stale.append(f"celda {i}: {number}")
            elif origin.endswith(".ipynb"):
                other = nbformat.read(path.parent / origin, as_version=4)
                assert number in _printed_text(other), f"{number}: no está en {origin}"
    assert not stale, f"{path.name}: números del texto que no imprime ninguna celda: {stale}"
