"""JupyterLab como lo usa el docente en clase, en un Chromium real (sin conexión).

Se arranca JupyterLab sobre una copia temporal de ``notebooks/`` (lo que se guarde en la prueba no
toca el repositorio) y se comprueba lo que ve una sala al empezar: ninguna ventana en inglés, los
menús en español, RISE que compone las fórmulas, y que desplegar una solución y guardar no cambia
la copia de estudiante. Necesita Chromium, como ``tests/test_book.py``: sin él, las pruebas se
omiten y lo dicen (en CI fallan).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from test_book import CHROMIUM_FLAGS, SCREENSHOTS, chromium_executable, _missing_browser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import classroom  # noqa: E402
import make_student_copies  # noqa: E402

NOTEBOOK = "05_mcnemar.ipynb"
# Etiquetas que el paquete en español (jupyterlab-language-pack-es-ES 4.5.post3, el más reciente)
# aún no traduce: se comprueban para que una regresión, o una traducción nueva, se note.
UNTRANSLATED_MENUS = {"Run", "Kernel", "Tabs"}
SPANISH_MENUS = {"Archivo", "Editar", "Ver", "Configuración", "Ayuda"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """Un JupyterLab con los ajustes del entorno del curso, sobre una copia de los cuadernos."""
    executable, reason = chromium_executable()
    if executable is None:
        _missing_browser(reason)
    work = tmp_path_factory.mktemp("clase")
    shutil.copytree(ROOT / "notebooks", work / "notebooks",
                    ignore=shutil.ignore_patterns("mi_trabajo", ".ipynb_checkpoints"))
    home = tmp_path_factory.mktemp("home")
    port = _free_port()
    env = {**os.environ, "HOME": str(home), "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime")}
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.root_dir={work / 'notebooks'}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(120):
        try:
            urllib.request.urlopen(url + "api/status", timeout=1)
            break
        except OSError:
            time.sleep(0.5)
    else:
        proc.terminate()
        pytest.fail("JupyterLab no arrancó en 60 s")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, headless=True,
                                     chromium_sandbox=False, args=CHROMIUM_FLAGS)
        yield browser, url, work / "notebooks"
        browser.close()
    proc.terminate()
    proc.wait(timeout=30)


def _open(browser, url: str):
    page = browser.new_page(viewport={"width": 1366, "height": 768}, locale="es-ES")
    problems: list[str] = []
    page.on("request", lambda r: r.url.startswith(("http://127.0.0.1", "data:", "blob:"))
            or problems.append(f"petición fuera de la máquina: {r.url}"))
    page.goto(url + f"lab/tree/{NOTEBOOK}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_timeout(3_000)
    return page, problems


@pytest.fixture(scope="module")
def first_view(lab):
    """La pestaña del cuaderno recién abierta. La comparten la primera impresión y RISE (que
    la usa después, para abrir la presentación): JupyterLab se carga una vez para las dos."""
    browser, url, _ = lab
    page, problems = _open(browser, url)
    yield page, problems
    page.close()


def test_first_start_is_in_spanish_with_no_pop_up(first_view):
    page, problems = first_view
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab_inicio.png"))
    assert not page.locator(".Toastify__toast").all_inner_texts(), "aparece una notificación"
    menus = set(page.locator(".lm-MenuBar-itemLabel").all_inner_texts())
    assert SPANISH_MENUS <= menus, menus
    assert menus - SPANISH_MENUS <= UNTRANSLATED_MENUS, menus - SPANISH_MENUS
    assert not problems, problems


def test_rise_typesets_the_formulas(first_view):
    page, problems = first_view
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("Alt+r")
    for _ in range(60):
        frame = next((f for f in page.frames if "/rise/" in f.url), None)
        if frame is not None and frame.locator("mjx-container").count() > 20:
            break
        page.wait_for_timeout(500)
    assert frame is not None, "RISE no abrió la presentación"
    assert frame.locator("mjx-container").count() > 20
    assert frame.locator("mjx-merror").count() == 0
    page.screenshot(path=str(SCREENSHOTS / "rise.png"))
    assert not problems, problems


def test_revealing_a_solution_and_saving_changes_no_check(lab):
    """El docente despliega una solución (dos pulsaciones: código y salida) y guarda."""
    browser, url, notebooks = lab
    page, _ = _open(browser, url)
    hidden = page.locator(".jp-InputPlaceholder").first
    hidden.scroll_into_view_if_needed()
    hidden.click()
    page.locator(".jp-OutputPlaceholder").first.click()
    page.keyboard.press("Control+s")
    page.wait_for_timeout(2_000)
    page.close()
    saved = nbformat.read(notebooks / NOTEBOOK, as_version=4)
    shown = [c for c in saved.cells if classroom.is_solution(c)
             and not c.metadata.get("jupyter", {}).get("source_hidden")]
    assert shown, "la solución desplegada no quedó guardada (la prueba no probó nada)"
    expected = classroom.dumps(classroom.student_copy(nbformat.read(ROOT / "notebooks" / NOTEBOOK,
                                                                    as_version=4)))
    assert classroom.dumps(classroom.student_copy(saved)) == expected
    restored = classroom.normalize_classroom_metadata(saved)
    assert classroom.dumps(restored) == (ROOT / "notebooks" / NOTEBOOK).read_text(encoding="utf-8")
    # Y la comprobación de las copias (--check) no ve ningún cambio.
    copy_path = notebooks / "alumnos" / NOTEBOOK
    assert make_student_copies.is_current(copy_path, expected)


def test_quiz_untrusted_then_run(lab):
    """Recién abierto (cuaderno no confiable), JupyterLab quita el script de las preguntas: se ven
    el enunciado y las opciones, que se despliegan con su explicación, y ningún botón que no
    funcione. Tras ejecutar la celda, «Comprobar» corrige la opción elegida."""
    browser, url, _ = lab
    page = browser.new_page(viewport={"width": 1366, "height": 768}, locale="es-ES")
    problems: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: r.url.startswith(("http://127.0.0.1", "data:", "blob:"))
            or problems.append(f"petición fuera de la máquina: {r.url}"))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(f"error de JavaScript: {e}"))
    # Un espacio de trabajo propio: no restaura la presentación que dejaron otras pruebas.
    page.goto(url + f"lab/workspaces/preguntas/tree/{NOTEBOOK}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    cell = page.locator(".jp-CodeCell:has(.cu-quiz)").first
    cell.scroll_into_view_if_needed()
    quiz = cell.locator(".cu-quiz")
    quiz.wait_for(timeout=20_000)
    assert quiz.locator("details").count() >= 3
    assert not quiz.locator(".cu-q-comprobar").is_visible()
    assert quiz.locator("mjx-container").count() > 0 or "$" not in quiz.inner_text()
    quiz.locator("details summary").first.click()
    assert quiz.locator("details .cu-q-retro").first.is_visible()
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab_pregunta_no_confiable.png"))
    # La celda anterior importa course_utils (un núcleo recién abierto no tiene nada).
    setup = cell.locator("xpath=preceding-sibling::div[contains(@class,'jp-CodeCell')][1]")
    assert "import course_utils as cu" in setup.inner_text()
    for target in (setup, cell):
        target.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Control+Enter")
        page.wait_for_timeout(1_000)
    active = cell.locator(".cu-quiz.cu-q-activa")
    active.wait_for(timeout=60_000)
    active.locator("label.cu-q-op").nth(0).click()
    active.locator(".cu-q-comprobar").click()
    assert active.locator(".cu-q-salida .cu-q-retro").is_visible()
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab_pregunta.png"))
    assert not problems, problems
    assert not errors, errors
    page.close()
