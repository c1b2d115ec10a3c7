"""El paquete de idioma del curso (``jupyter/``): las traducciones del curso están bien formadas,
usan los términos del curso, corresponden a textos que el JupyterLab instalado muestra de verdad,
y el paquete instalado en el entorno es el que sale de ellas.

Lo que ve la clase en el navegador (menús, lanzador, explorador de archivos) lo comprueba
``tests/test_jupyterlab.py``.
"""

from __future__ import annotations

import functools
import gettext
import importlib
import importlib.metadata
import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Se importa por su ruta: con ``jupyter/`` en sys.path, su carpeta del paquete de idioma (sin
# catálogos: se generan al construir) taparía la instalada.
_spec = importlib.util.spec_from_file_location("language_pack",
                                               ROOT / "jupyter" / "language_pack.py")
language_pack = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(language_pack)

CATALOGS = language_pack.read_course_catalogs()
MESSAGES = [(domain, m) for domain, cat in CATALOGS.items() for m in language_pack.translated(cat)]
PLACEHOLDER = re.compile(r"%\d")
# Etiquetas en las que JupyterLab inserta el nombre inglés del tipo de documento («Notebook»,
# «File»: lo registra antes de cargar el idioma): la traducción omite ese %1.
FILE_TYPE_LABELS = {"Save %1", "Save %1 As…", "Reload %1 from Disk", "Revert %1 to Checkpoint…",
                    "Rename%1…", "Duplicate %1", "New View for %1"}


def _ids(message):
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message):
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_every_entry_is_translated_with_its_placeholders():
    assert {"jupyterlab", "rise"} <= set(CATALOGS)
    assert len(MESSAGES) > 150
    for domain, message in MESSAGES:
        ids, strings = _ids(message), _strings(message)
        assert len(strings) == len(ids), f"{domain}: {message.id!r} sin todas sus formas"
        for msgid, msgstr in zip(ids, strings):
            assert msgstr.strip(), f"{domain}: {msgid!r} sin traducción"
            expected = set(PLACEHOLDER.findall(msgid))
            found = set(PLACEHOLDER.findall(msgstr))
            assert found <= expected, f"{domain}: {msgstr!r} usa {found - expected}"
            if found != expected:
                assert message.id in FILE_TYPE_LABELS or ids[0] in FILE_TYPE_LABELS, (
                    f"{domain}: {msgstr!r} pierde {expected - found} de {msgid!r}")
            assert msgstr.endswith("…") == msgid.endswith("…"), (msgid, msgstr)


@pytest.mark.parametrize("word", ["kernel", "intérprete", "notebook", "output", "resultado"])
def test_one_term_per_concept(word):
    """«núcleo», «cuaderno», «salida», como en los cuadernos y el README."""
    for domain, message in MESSAGES:
        for msgstr in _strings(message):
            assert word not in msgstr.casefold(), f"{domain}: {msgstr!r}"


@functools.lru_cache(maxsize=1)
def _installed_sources() -> str:
    """El texto de los programas y esquemas del JupyterLab instalado y de sus extensiones."""
    from jupyter_core.paths import jupyter_path

    texts = []
    for base in jupyter_path("lab", "static") + jupyter_path("labextensions"):
        folder = Path(base)
        for pattern in ("*.js", "**/static/*.js"):
            texts += [p.read_text(encoding="utf-8", errors="replace")
                      for p in folder.glob(pattern)]
    for base in jupyter_path("lab", "schemas") + jupyter_path("labextensions"):
        texts += [p.read_text(encoding="utf-8") for p in Path(base).glob("**/schemas/**/*.json")]
        texts += [p.read_text(encoding="utf-8") for p in Path(base).glob("@*/*/*.json")]
    return "\n".join(texts)


def _shown(msgid: str) -> bool:
    """¿Está ``msgid`` tal cual, entre comillas de cualquier tipo, en el JupyterLab instalado?"""
    inner = json.dumps(msgid, ensure_ascii=False)[1:-1]
    sources = _installed_sources()
    if any(f"{q}{inner}{q}" in sources for q in "\"'`"):
        return True
    # O compuesto en una plantilla con su última palabra: `Prompt to ${e}` da «Prompt to top».
    head, _, last = inner.rpartition(" ")
    return bool(head) and last.isalpha() and f"`{head} ${{" in sources


def test_every_entry_is_a_text_of_the_installed_jupyterlab():
    """Cada identificador (y su plural) está tal cual en JupyterLab o en RISE: al actualizarlos,
    una traducción que ya no se usa, o un texto que cambió en inglés, se nota aquí."""
    assert len(_installed_sources()) > 1_000_000, "no se encontraron los programas de JupyterLab"
    missing = [(domain, msgid) for domain, message in MESSAGES for msgid in _ids(message)
               if not _shown(msgid)]
    assert not missing, missing


def _installed_pack() -> Path:
    module = importlib.import_module(language_pack.MODULE)
    return Path(module.__file__).parent / "locale" / language_pack.LOCALE / "LC_MESSAGES"



def test_installed_pack_is_built_from_the_course_catalogs():
    """El paquete instalado (pip install -r requirements.txt) lleva las traducciones del curso
    encima del catálogo original completo; si no, hay que reinstalar ./jupyter."""
    points = {e.name: e.value for e in importlib.metadata.entry_points(
        group="jupyterlab.languagepack")}
    assert points.get(language_pack.LOCALE) == language_pack.MODULE, points
    folder = _installed_pack()
    hint = "reinstale los ajustes de clase: pip install -r requirements.txt"
    for domain, catalog in CATALOGS.items():
        data = json.loads((folder / f"{domain}.json").read_text(encoding="utf-8"))
        assert data[""]["language"] == language_pack.LOCALE
        for message in language_pack.translated(catalog):
            key = language_pack.json_key(message)
            assert data.get(key) == language_pack.json_value(message), f"{domain}: {key!r}; {hint}"
    # El catálogo original (unas 700 entradas de JupyterLab) sigue debajo.
    jupyterlab = json.loads((folder / "jupyterlab.json").read_text(encoding="utf-8"))
    assert len(jupyterlab) > 700 + len(language_pack.translated(CATALOGS["jupyterlab"])) // 2
    assert jupyterlab["Open"] == ["Abrir"]
    assert (folder.parent.parent.parent / language_pack.UPSTREAM_LICENSE).is_file()


def test_one_term_in_the_whole_installed_catalog():
    """Tampoco las entradas del paquete original que el curso no toca (y que JupyterLab muestra)
    llaman «Kernel» o «intérprete» al núcleo, ni «Notebook» al cuaderno."""
    data = json.loads((_installed_pack() / "jupyterlab.json").read_text(encoding="utf-8"))
    mixed = {key: value for key, value in data.items() if key and any(
        re.search(r"kernel|intérprete|notebook", text, re.I) for text in value)
        and _shown(key.split("\x04")[-1])}  # las que JupyterLab 4.5 ya no usa, no se ven
    assert not mixed, mixed


def test_server_translates_menu_labels_with_the_installed_pack():
    """Las etiquetas de los menús que vienen de los esquemas las traduce el servidor, con el
    ``.mo`` del módulo ``jupyterlab_language_pack_<idioma>``."""
    translation = gettext.translation("jupyterlab", localedir=_installed_pack().parent.parent,
                                      languages=(language_pack.LOCALE,))
    assert translation.pgettext("menu", "Kernel") == "Núcleo"
    assert translation.pgettext("menu", "File") == "Archivo"  # del catálogo original
    assert translation.ngettext("Cut Cell", "Cut Cells", 2) == "Cortar las celdas"


def test_classroom_settings_choose_the_course_language():
    overrides = json.loads((ROOT / "jupyter" / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/translation-extension:plugin"]["locale"] == language_pack.LOCALE
