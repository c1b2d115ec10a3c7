"""Los enlaces relativos a cuadernos (``.ipynb``) en el Markdown de los cuadernos apuntan a ficheros que existen."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
# [texto](destino) con destino terminado en .ipynb, opcionalmente con #ancla
LINK = re.compile(r"\]\(\s*<?([^)\s>]+?\.ipynb)(#[^)\s>]*)?>?\s*\)")


def _links(path: Path) -> list[str]:
    notebook = nbformat.read(path, as_version=4)
    found = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            found += [m.group(1) for m in LINK.finditer(cell.source)]
    return [link for link in found if not re.match(r"^[a-z]+://", link)]


def test_link_pattern():
    text = "[04](04_prueba_t_corregida.ipynb) y [05](05_mcnemar.ipynb#seccion) y [w](https://x/a.ipynb)"
    assert LINK.findall(text)[0][0] == "04_prueba_t_corregida.ipynb"
    assert [m.group(1) for m in LINK.finditer(text)][:2] == [
        "04_prueba_t_corregida.ipynb", "05_mcnemar.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_relative_notebook_links_resolve(path):
    missing = [link for link in _links(path) if not (path.parent / unquote(link)).resolve().is_file()]
    assert not missing, f"{path.name}: enlaces a cuadernos que no existen: {missing}"
