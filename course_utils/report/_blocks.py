"""Informes escritos como una lista de bloques, en Markdown, HTML y LaTeX.

Los informes que no siguen la guía «¿Qué prueba uso?» (semillas sin emparejar, evaluaciones
por preguntas) se escriben como bloques ``(tipo, contenido)``: ``("h1", texto)``,
``("h2", texto)``, ``("p", texto)``, ``("ul", [textos])`` y ``("table", (leyenda,
DataFrame))``, con las celdas ya escritas como texto. Las tres salidas usan las mismas piezas
que :class:`~course_utils.report.AnalysisResult`: la tabla de Markdown, la página HTML que se
lee en un teléfono y las tablas de LaTeX en ASCII.
"""

from __future__ import annotations


def blocks_markdown(blocks: list) -> str:
    """Los bloques como Markdown."""
    from course_utils.report._format import _markdown_table

    out = []
    for kind, content in blocks:
        if kind == "h1":
            out.append(f"# {content}")
        elif kind == "h2":
            out.append(f"## {content}")
        elif kind == "p":
            out.append(content)
        elif kind == "ul":
            out.append("\n".join(f"- {item}" for item in content))
        elif kind == "table" and isinstance(content, tuple):
            caption, table = content
            out.append(f"{caption}\n\n{_markdown_table(table)}")
        elif kind == "table":  # sin leyenda (los informes de AnalysisResult)
            out.append(_markdown_table(content))
    return "\n\n".join(out) + "\n"


def blocks_html(blocks: list, conf: str, *, caption_of=None, figure: str = "") -> str:
    """Los bloques como una página HTML autónoma (``conf``: «95», el nivel de los IC). Una tabla
    sin leyenda la toma de ``caption_of(tabla)``; ``figure`` (HTML) va antes de «Conclusión»."""
    from course_utils.report._html import html_table, inline_html, page

    body = []
    for kind, content in blocks:
        if kind == "h2" and content == "Conclusión" and figure:
            body.append(figure)
        if kind in ("h1", "h2"):
            body.append(f"<{kind}>{inline_html(content)}</{kind}>")
        elif kind == "p":
            body.append(f"<p>{inline_html(content)}</p>")
        elif kind == "ul":
            items = "".join(f"<li>{inline_html(i)}</li>" for i in content)
            body.append(f"<ul>{items}</ul>")
        elif kind == "table":
            caption, table = content if isinstance(content, tuple) else (
                caption_of(content), content)
            body.append(html_table(table, caption, conf))
    return page(blocks[0][1], body)


def blocks_latex(blocks: list, conf: str) -> str:
    """Las tablas de los bloques como tablas de LaTeX (``booktabs``), cada una con su leyenda y,
    debajo, la lista que la sigue (sus notas)."""
    from course_utils.report._format import _merge_intervals
    from course_utils.report._latex import _float, _inline, _tabular, latex_document

    floats: list[str] = []
    for i, (kind, content) in enumerate(blocks):
        if kind != "table":
            continue
        caption, table = content
        after = blocks[i + 1][1] if i + 1 < len(blocks) and blocks[i + 1][0] == "ul" else []
        floats += _float(_inline(caption).replace(r" \%", r"\,\%"),
                         _tabular(_merge_intervals(table, conf + "\u202f")),
                         [_inline(n) for n in after])
    return latex_document(floats)
