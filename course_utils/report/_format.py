"""Formato de los números y del texto del informe (valores p, celdas, mayúscula inicial)."""

from __future__ import annotations

import math


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _p_text(p: float) -> str:
    """«= 0.0234» o «< 0.0001», para escribir después de «p»."""
    text = _fmt_p(p)
    return text if text.startswith("<") else f"= {text}"


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
