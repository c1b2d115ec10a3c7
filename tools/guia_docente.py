"""La guía del docente (``docente/guia.md``) en el sitio web, con la figura de los requisitos.

Uso (desde la raíz del repositorio, con el entorno del curso activado)::

    python tools/guia_docente.py requisitos.png   # solo la figura, donde se diga

``tools/build_book.py`` llama a :func:`stage_guide` al construir el sitio: copia la guía como la
página ``guia-docente`` (los enlaces a los cuadernos pasan a sus páginas; los demás enlaces a
ficheros del repositorio quedan como texto) y genera la figura de los requisitos entre cuadernos.

La figura no se guarda en git: se dibuja al construir el sitio, sin conexión y siempre igual, a
partir de las líneas «**Requisitos previos.**» de los cuadernos (:func:`prerequisites`). Así no
puede quedarse atrás cuando cambia un cuaderno, y ``tests/test_docente_guide.py`` comprueba
sus datos contra los cuadernos.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
GUIDE = ROOT / "docente" / "guia.md"
PAGE = "guia-docente"
FIGURE = "requisitos.png"
#: Dónde va la figura en ``docente/guia.md``: el párrafo que sigue al marcador, en el sitio, se
#: sustituye por la figura (en el repositorio, ese párrafo dice cómo generarla).
FIGURE_MARK = "<!-- figura de los requisitos -->"

#: Nombre corto de cada cuaderno en la figura, por el nombre de su fichero sin el número (así una
#: renumeración no lo cambia). Un cuaderno que no esté aquí se rotula con su título.
SHORT_NAMES = {
    "introduccion": "Introducción",
    "medidas_de_rendimiento": "Medidas de rendimiento",
    "intervalos_de_confianza": "Intervalos de confianza",
    "bootstrap": "Bootstrap",
    "prueba_t_corregida": "Prueba t corregida",
    "mcnemar": "McNemar",
    "5x2cv_adult": "5×2cv sobre Adult",
    "variabilidad_potencia_no_inferioridad": "Potencia y equivalencia",
    "varios_modelos_y_conjuntos": "Varios conjuntos",
    "comparacion_bayesiana": "Comparación bayesiana",
    "laboratorio_de_simulacion": "Laboratorio de simulación",
    "mas_alla_de_holm": "Más allá de Holm",
    "comparaciones_de_la_practica": "Comparaciones de la práctica",
    "compare_sus_propios_modelos": "Sus propios modelos",
}

_REQUIREMENTS = re.compile(r"\*\*Requisitos previos\.\*\*(.*?)(?:\n\s*\n|\Z)", re.S)
# Un número de cuaderno: dos cifras que no forman parte de otro número (ni de 5×2, ni de 0.05).
_NUMBER = re.compile(r"(?<![\d.,×])(\d{2})(?![\d×.,]\d)")


def notebook_paths() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def _first_markdown(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    return next(c.source for c in nb.cells if c.cell_type == "markdown")


def title(path: Path) -> str:
    """El título del cuaderno sin su número («Prueba de McNemar: comparar...»)."""
    first = _first_markdown(path).splitlines()[0]
    return re.sub(r"^#\s+\d\d\s+·\s+", "", first).strip()


def short_name(path: Path) -> str:
    return SHORT_NAMES.get(path.stem[3:], title(path).split(":")[0])


def prerequisites() -> dict[str, tuple[str, ...]]:
    """Los cuadernos que cada cuaderno pide leer antes, según su línea «Requisitos previos».

    Cuenta cada número de cuaderno de ese párrafo menor que el propio: un número mayor es una
    referencia hacia delante («El 09 usa la misma tabla»), no un requisito.
    """
    result = {}
    for path in notebook_paths():
        own = path.name[:2]
        match = _REQUIREMENTS.search(_first_markdown(path))
        if not match:
            raise ValueError(f"{path.name}: falta la línea «**Requisitos previos.**» en la "
                             "primera celda.")
        found = {n for n in _NUMBER.findall(match.group(1)) if n < own}
        result[own] = tuple(sorted(found))
    return result


def _ancestors(graph: dict[str, tuple[str, ...]], node: str) -> set[str]:
    seen: set[str] = set()
    stack = list(graph.get(node, ()))
    while stack:
        n = stack.pop()
        if n not in seen:
            seen.add(n)
            stack.extend(graph.get(n, ()))
    return seen


def direct_edges(graph: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    """Las flechas que dibuja la figura: los requisitos que no se deducen de otros.

    Si 03 pide 01 y 02, y 02 pide 01, basta la flecha 02 → 03 (la reducción transitiva).
    """
    edges = []
    for node, reqs in graph.items():
        implied = set().union(*(_ancestors(graph, r) for r in reqs)) if reqs else set()
        edges += [(r, node) for r in reqs if r not in implied]
    return sorted(edges)


def _layers(graph: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """La fila de cada cuaderno: la longitud del camino más largo desde un cuaderno sin requisitos."""
    depth: dict[str, int] = {}

    def visit(n: str) -> int:
        if n not in depth:
            depth[n] = 1 + max((visit(r) for r in graph.get(n, ())), default=-1)
        return depth[n]

    for n in graph:
        visit(n)
    return depth


def layout(graph: dict[str, tuple[str, ...]]) -> dict[str, tuple[float, int]]:
    """Posición (x, fila) de cada cuaderno: una fila por capa; dentro de la fila, ordenados por la
    posición media de sus requisitos directos y, a igualdad, por número. Una flecha que salta
    filas ocupa un hueco en cada fila intermedia (un punto de paso), para no cruzar un cuadro."""
    layers = _layers(graph)
    parents: dict[str, list[str]] = {n: [] for n in graph}
    rows: dict[str, int] = dict(layers)
    for a, b in direct_edges(graph):
        prev = a
        for row in range(layers[a] + 1, layers[b]):
            waypoint = f"{a}>{b}@{row}"
            rows[waypoint] = row
            parents[waypoint] = [prev]
            prev = waypoint
        parents[b].append(prev)
    pos: dict[str, tuple[float, int]] = {}
    for row in range(max(rows.values()) + 1):
        nodes = [n for n in rows if rows[n] == row]
        mean = {n: (sum(pos[p][0] for p in parents[n]) / len(parents[n]) if parents[n] else 0.0)
                for n in nodes}
        nodes.sort(key=lambda n: (mean[n], n))
        for i, n in enumerate(nodes):
            pos[n] = (i - (len(nodes) - 1) / 2, row)
    return pos


def alt_text(graph: dict[str, tuple[str, ...]]) -> str:
    """Texto alternativo de la figura, en español, con cada flecha."""
    edges = direct_edges(graph)
    roots = [n for n, reqs in graph.items() if not reqs]
    def joined(items: list[str]) -> str:
        return ", ".join(items[:-1]) + " y " + items[-1] if len(items) > 1 else items[0]

    follows = "; ".join(f"{n} necesita {joined([a for a, b in edges if b == n])}"
                        for n in sorted(graph) if any(b == n for _, b in edges))
    return (f"Diagrama de requisitos entre los {len(graph)} cuadernos, de arriba abajo: cada "
            f"flecha va de un cuaderno al que lo necesita. Sin requisitos: {', '.join(roots)}. "
            f"{follows}.")


def draw(graph: dict[str, tuple[str, ...]], target: Path) -> list[tuple[str, str]]:
    """Dibuja la figura de los requisitos en ``target`` (PNG). Devuelve las flechas dibujadas."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch

    paths = {p.name[:2]: p for p in notebook_paths()}
    pos = layout(graph)
    edges = direct_edges(graph)
    rows = max(r for _, r in pos.values()) + 1
    xs = [x for x, _ in pos.values()]
    box_w, row_h, col_w = 3.0, 0.62, 3.1  # pulgadas
    width = (max(xs) - min(xs)) * col_w + box_w + 0.3
    height = rows * row_h + 0.2
    with plt.rc_context({"font.family": "DejaVu Sans", "svg.hashsalt": "course"}):
        fig = plt.figure(figsize=(width, height), dpi=110)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(min(xs) * col_w - box_w / 2 - 0.15, max(xs) * col_w + box_w / 2 + 0.15)
        ax.set_ylim(-(rows - 0.5) * row_h - 0.1, 0.5 * row_h + 0.1)
        ax.axis("off")
        center = {n: (x * col_w, -r * row_h) for n, (x, r) in pos.items() if n in graph}
        labels = {}
        for n, (x, y) in center.items():
            final = not any(a == n for a, _ in edges)
            labels[n] = ax.text(
                x, y, f"{n} · {short_name(paths[n])}", ha="center", va="center", fontsize=13,
                fontweight="bold" if final or not graph[n] else "normal", color="#111111",
                bbox={"boxstyle": "round,pad=0.35", "facecolor": "#e8f0fa" if graph[n] else
                      "#fdf1d6", "edgecolor": "#1f4e79", "linewidth": 1.4})
        fig.canvas.draw()
        for a, b in edges:
            ax.add_patch(FancyArrowPatch(
                center[a], center[b], patchA=labels[a].get_bbox_patch(),
                patchB=labels[b].get_bbox_patch(), arrowstyle="-|>", mutation_scale=16,
                color="#1f4e79", linewidth=1.4, shrinkA=2, shrinkB=2))
        fig.savefig(target, format="png", dpi=110, metadata={"Software": None})
        plt.close(fig)
    return edges


# ---------------------------------------------------------------------------------------------
# La página del sitio
# ---------------------------------------------------------------------------------------------

_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)")


def _site_link(match: re.Match) -> str:
    text, target = match.group(1), match.group(2)
    if re.match(r"^[a-z]+://|^#", target):
        return match.group(0)
    notebook = re.match(r"^\.\./notebooks/(\d\d_[\w]+\.ipynb)(#.*)?$", target)
    if notebook:
        return f"[{text}](cuadernos/{notebook.group(1)}{notebook.group(2) or ''})"
    return text  # otro fichero del repositorio: en el sitio no es una página


def site_markdown(text: str, graph: dict[str, tuple[str, ...]]) -> str:
    """El Markdown de la guía para el sitio: enlaces a las páginas y la figura en su sitio."""
    if FIGURE_MARK not in text:
        raise ValueError(f"{GUIDE.relative_to(ROOT)}: falta el marcador «{FIGURE_MARK}» donde "
                         "va la figura de los requisitos.")
    before, _, after = text.partition(FIGURE_MARK)
    _, _, rest = after.lstrip("\n").partition("\n\n")  # el párrafo para el repositorio
    figure = "\n".join([
        "```{container} curso-figura",
        f"![{alt_text(graph)}]({FIGURE})",
        "```",
    ])
    return f"{_LINK.sub(_site_link, before)}{figure}\n\n{_LINK.sub(_site_link, rest)}"


def stage_guide(src: Path) -> None:
    """Escribe en las fuentes del sitio la página de la guía y su figura."""
    graph = prerequisites()
    draw(graph, src / FIGURE)
    text = GUIDE.read_text(encoding="utf-8")
    (src / f"{PAGE}.md").write_text(site_markdown(text, graph), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Dibuja la figura de los requisitos entre "
                                     "cuadernos (la misma que publica el sitio).")
    parser.add_argument("destino", type=Path, help="fichero PNG que escribir")
    args = parser.parse_args(argv)
    edges = draw(prerequisites(), args.destino)
    print(f"{args.destino}: {len(edges)} flechas")
    return 0


if __name__ == "__main__":
    sys.exit(main())
