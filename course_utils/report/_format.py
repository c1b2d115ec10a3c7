"""Formato de los números y del texto del informe (valores p, celdas, mayúscula inicial)."""

from __future__ import annotations

import math
import re

import pandas as pd


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _p_text(p: float) -> str:
    """«= 0.0234» o «< 0.0001», para escribir después de «p»."""
    text = _fmt_p(p)
    return text if text.startswith("<") else f"= {text}"


def _count(n: int, singular: str, plural: str | None = None) -> str:
    """«1 conjunto», «2 conjuntos»: el número con la palabra en singular o en plural."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def _fmt(x: float, digits: int = 4) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    return f"{x:.{digits}f}"


def _fmt_p(p: float) -> str:
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "—"
    if p < 1e-4:
        return "< 0.0001"
    return f"{p:.4f}"


def _md_cell(text: str) -> str:
    """Una celda de una tabla de Markdown: ``|`` escapada y sin saltos de línea, que la
    romperían."""
    return re.sub(r"\s*[\r\n]+\s*", " ", str(text)).replace("|", r"\|")


def _check_links(links: object) -> str | None:
    """``None`` (texto llano) o el comienzo de la dirección de los cuadernos, acabado en ``/``."""
    if links is None:
        return None
    if not isinstance(links, str):
        raise TypeError(
            "`links` debe ser None (el cuaderno y la sección en texto, sin enlace) o el comienzo "
            "de la dirección de los cuadernos, como 'notebooks/' o 'https://…/notebooks/'; se "
            f"recibió {type(links).__name__}."
        )
    return links if links == "" or links.endswith(("/", "=", "#")) else links + "/"


def _notebook_ref(where: str, notebook: str, links: str | None) -> str:
    """«cuaderno 08 · Varios modelos y conjuntos, sección 4», con enlace si hay dirección base.

    Sin ``links`` el texto no enlaza a nada (sigue valiendo fuera del repositorio); con ella,
    el enlace es ``links + notebook`` (``""``: el cuaderno está en la misma carpeta)."""
    if links is None:
        return f"cuaderno {where}"
    return f"cuaderno [{where}]({links}{notebook})"


def _table_captions(result) -> dict[str, str]:
    """Las leyendas de las tablas del informe (las mismas en HTML y en LaTeX)."""
    desc = result.descriptives
    captions = {
        "descriptives": (
            f"Resumen de cada modelo en {result.n_units} {result._unit_name()}"
            + (f" ({result.metric})" if result.metric else "")
            + ("; rango medio: 1 = el mejor" if "rango medio" in desc.columns else "") + "."
        ),
        "comparisons": (
            f"{_cap(result._procedure(result.main_choice))}: {result.effect} (A − B) con IC al "
            f"{100 * (1 - result.alpha):g} %"
            + (f"; valores p ajustados con {result.correction}" if result.correction else "")
            + "."
        ),
    }
    if result.rope is not None:
        captions["bayes"] = (f"Análisis bayesiano con ROPE = [{result.rope[0]:g}, "
                             f"{result.rope[1]:g}]: probabilidades a posteriori de cada pareja.")
    return captions


def _merge_intervals(table: pd.DataFrame, conf: str) -> pd.DataFrame:
    """«IC inferior» e «IC superior» de la tabla de comparaciones en una sola columna
    «IC 95 %» con ``[inferior, superior]`` (una columna menos, para que quepa)."""
    if not {"IC inferior", "IC superior"} <= set(table.columns):
        return table
    name = f"IC {conf}%"
    merged = [f"[{lo}, {hi}]" if lo != "—" else "—"
              for lo, hi in zip(table["IC inferior"], table["IC superior"])]
    out = table.drop(columns="IC superior").rename(columns={"IC inferior": name})
    out[name] = merged
    return out


def _markdown_table(table: pd.DataFrame) -> str:
    cols = [_md_cell(c) for c in table.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for row in table.itertuples(index=False):
        cells = [_md_cell(_fmt(v) if isinstance(v, float) else v) for v in row]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
