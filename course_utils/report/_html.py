"""El informe como una página HTML autónoma que se lee igual en un teléfono y en un portátil.

Las tablas y la figura se desplazan de lado dentro de su propia caja (la página nunca), los
valores p no se parten (``< 0.0001``), la figura no se encoge hasta ser ilegible, el texto tiene
contraste suficiente con el tema claro y con el oscuro (``color-scheme: light dark``), cada tabla
y la figura tienen una leyenda, y la figura un texto alternativo que dice lo que muestra.
"""

from __future__ import annotations

import base64
import html
import io
import re
import struct

import pandas as pd

from course_utils.report._format import _cap, _fmt, _merge_intervals, _table_captions

#: Estilo de la página. Contrastes (WCAG 2): texto 16:1 (claro) y 14:1 (oscuro); enlaces y
#: texto secundario por encima de 4.5:1 en los dos temas.
STYLE = (
    ":root{color-scheme:light dark;--texto:#1b1b1b;--fondo:#ffffff;--suave:#4d4d4d;"
    "--enlace:#0b57d0;--borde:#c4c4c4;--codigo:#f1f1f1}"
    "@media (prefers-color-scheme:dark){:root{--texto:#e8e8e8;--fondo:#16181b;--suave:#b8b8b8;"
    "--enlace:#8ab4f8;--borde:#4b5058;--codigo:#2a2d32}}"
    "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:var(--texto);"
    "background:var(--fondo);max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5}"
    "a{color:var(--enlace)}"
    "code{background:var(--codigo);padding:0 .2em;border-radius:3px;overflow-wrap:anywhere}"
    "figure{margin:1.25rem 0}"
    "figcaption{color:var(--suave);font-size:.95em;margin:.25rem 0}"
    ".caja{overflow-x:auto}"
    # Las tablas anchas (ocho columnas o más) aprovechan los márgenes de una pantalla ancha
    # (menos 1rem: la barra de desplazamiento vertical también cuenta en 100vw), con la letra
    # algo menor: la tabla de parejas cabe a 1024 px sin desplazarse.
    "figure.ancha{margin-left:calc(-1*max(0px,(100vw - 54rem)/2 - 1rem));"
    "margin-right:calc(-1*max(0px,(100vw - 54rem)/2 - 1rem))}"
    "figure.ancha table{font-size:.86em}figure.ancha td,figure.ancha th{padding:.25rem .35rem}"
    "table{border-collapse:collapse;margin:.25rem 0;font-size:.94em}"
    "td,th{padding:.25rem .45rem;border-bottom:1px solid var(--borde);text-align:left;"
    "vertical-align:top}"
    ".num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}"
    ".junto{white-space:nowrap}"
    "th{border-bottom-width:2px;vertical-align:bottom}"
    ".figura img{display:block;max-width:100%;height:auto;background:#fff}"
)

_NUMBER = re.compile(r"^(?:[-−]?\d[\d.]*|< ?[\d.]+|[-−]?∞|—|\[.*\])$")
_NBSP_AROUND_RELATION = re.compile(r"(\S) (&lt;|=|≤|≥|≈) (?=[-−]?\d)")


def inline_html(text: str) -> str:
    """Un texto del informe (con ``**negrita**``, ```código``` y enlaces de Markdown) en HTML;
    «p < 0.0001» no se parte al final de una línea."""
    text = html.escape(text, quote=False)
    text = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r'<a href="\2">\1</a>', text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    return _NBSP_AROUND_RELATION.sub(r"\1&nbsp;\2&nbsp;", text)


def _cell_text(value: object) -> str:
    if isinstance(value, float):
        return _fmt(value)
    return str(value)


def html_table(table: pd.DataFrame, caption: str, conf: str = "95") -> str:
    """Una tabla con su leyenda, en una caja que se desplaza de lado si no cabe. Los límites
    del intervalo van en una sola columna («IC 95 %»)."""
    table = _merge_intervals(table, f"{conf}\u00a0")
    rows = [[_cell_text(v) for v in row] for row in table.itertuples(index=False)]
    numeric = [bool(rows) and all(_NUMBER.match(r[j]) for r in rows)
               for j in range(table.shape[1])]

    def cell(tag: str, text: str, num: bool, scope: str = "") -> str:
        text = html.escape(text, quote=False)
        text = re.sub(r"(?<![\w.])-(?=[\d∞])", "−", text)  # el signo menos tipográfico
        if num:
            text = text.replace("&lt; ", "&lt;&nbsp;")
        else:  # «22/29 [0.58, 0.88]»: el intervalo en su línea, entero
            text = re.sub(r" ?(\[[^\]]*\])", r'<br><span class="junto">\1</span>', text)
        attrs = (' class="num"' if num else "") + (f' scope="{scope}"' if scope else "")
        return f"<{tag}{attrs}>{text}</{tag}>"

    head = "".join(cell("th", str(c), n, "col") for c, n in zip(table.columns, numeric))
    # Las cabeceras de dos palabras («p ajustado», «r pareada») van en dos líneas, y
    # «¿significativa?» puede partirse con guion: así la tabla de parejas, con once columnas,
    # cabe a 1024 px sin desplazarse. Las cifras nunca se parten.
    for two_lines in ("p ajustado", "r pareada", "p signos", "A gana", "rango medio",
                      "celdas observadas"):
        head = head.replace(f">{two_lines}<", ">" + two_lines.replace(" ", "<br>", 1) + "<")
    head = head.replace("¿significativa?", "¿significa&shy;tiva?")
    body = "".join(
        "<tr>" + "".join(cell("td", t, n) for t, n in zip(row, numeric)) + "</tr>" for row in rows
    )
    label = html.escape(caption, quote=True)
    return (
        f'<figure class="tabla{" ancha" if table.shape[1] >= 8 else ""}">'
        f'<figcaption>{inline_html(caption)}</figcaption>'
        f'<div class="caja" role="region" tabindex="0" aria-label="{label}">'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div></figure>"
    )


def figure_html(fig, caption: str, alt: str) -> str:
    """La figura en PNG, a su tamaño natural si cabe y nunca por debajo del 80 % de él (la
    letra seguiría legible): en una pantalla estrecha se desplaza de lado en su caja."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    # A 200 ppp y mostrada a la mitad: nítida en pantallas de alta densidad.
    fig.savefig(buffer, format="png", dpi=200, bbox_inches="tight", facecolor="white")
    plt.close(fig)
    png = buffer.getvalue()
    width, height = struct.unpack(">II", png[16:24])
    width, height = round(width / 2), round(height / 2)
    data = base64.b64encode(png).decode("ascii")
    return (
        f'<figure class="figura"><div class="caja" role="region" tabindex="0" '
        f'aria-label="{html.escape(caption, quote=True)}">'
        f'<img alt="{html.escape(alt, quote=True)}" width="{width}" height="{height}" '
        f'style="min-width:{round(0.8 * width)}px" src="data:image/png;base64,{data}"></div>'
        f"<figcaption>{inline_html(caption)}</figcaption></figure>"
    )


def figure_text(result) -> tuple[str, str]:
    """Leyenda y texto alternativo de :meth:`AnalysisResult.figure`: qué muestra, con sus
    números."""
    conf = f"{100 * (1 - result.alpha):g} %"
    posthoc = result.posthoc
    if posthoc is not None:
        ranks = posthoc.average_ranks.sort_values(kind="stable")
        listed = ", ".join(f"{name} {_fmt(float(r), 2)}" for name, r in ranks.items())
        groups = [g for g in posthoc.groups() if len(g) > 1]
        alt = (f"Diagrama de diferencias críticas: el rango medio de cada algoritmo en un eje de "
               f"1 (el mejor) a {len(ranks)}: {listed}. ")
        if groups:
            alt += ("Una barra une los algoritmos entre los que no hay diferencia significativa: "
                    + "; ".join(", ".join(map(str, g)) for g in groups) + ".")
        else:
            alt += "Ninguna barra: todas las parejas difieren significativamente."
        return ("Diagrama de diferencias críticas: rango medio de cada algoritmo (1 = el "
                "mejor).", alt)
    rows = result.comparisons.dropna(subset=["ci_low", "ci_high"])
    caption = (f"{_cap(result.effect)} (A − B) con su intervalo de confianza al {conf}, una fila "
               "por pareja; la línea vertical marca el 0 (ninguna diferencia).")
    if not len(rows):
        return caption, "Figura sin intervalos: ninguna comparación tiene intervalo de confianza."
    listed = "; ".join(f"{r.a} − {r.b}: {_fmt(r.estimate)} [{_fmt(r.ci_low)}, {_fmt(r.ci_high)}]"
                       for r in rows.itertuples())
    return caption, (f"Intervalos de confianza al {conf} de {result.effect} (A − B), con una "
                     f"línea vertical en 0: {listed}.")


def table_caption(result, table: pd.DataFrame) -> str:
    """La leyenda de una tabla del informe (el resumen, las comparaciones o la bayesiana)."""
    captions = _table_captions(result)
    if result.bayes is not None and table is result.bayes:
        return captions["bayes"]
    if {"A", "B"} <= set(map(str, table.columns)):
        return captions["comparisons"]
    if list(table.columns[1:]) == list(result.descriptives.columns):
        return captions["descriptives"]
    return ""


def page(title: str, body: list[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"es\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"color-scheme\" content=\"light dark\">"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")

