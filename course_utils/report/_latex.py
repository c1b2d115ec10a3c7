"""El informe como tablas de LaTeX que compilan con ``pdflatex`` y las fuentes por defecto.

Todo el texto sale en ASCII: las letras acentuadas, las griegas y los símbolos se escriben con
órdenes de LaTeX (``\\'a``, ``$\\delta$``, ``$<$``...), de modo que la salida compila en un
``\\documentclass{article}`` con solo ``booktabs`` y ``graphicx``, sin ``inputenc`` ni
``fontenc`` (con la codificación OT1 por defecto, un ``<`` literal se imprime «¡»), y también
con LuaLaTeX. Cada tabla cabe en el ancho del texto: si su ancho natural lo pasa, se reduce con
``\\resizebox``.
"""

from __future__ import annotations

import re
import unicodedata

import pandas as pd

from course_utils.report._format import _fmt, _merge_intervals, _p_text, _table_captions

#: Paquetes que necesita la salida de :meth:`AnalysisResult.to_latex`.
PACKAGES = ("booktabs", "graphicx")

# Caracteres que LaTeX no escribe tal cual (o que OT1 escribe mal) y su orden.
_CHARS = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": "$<$", ">": "$>$", "|": "$|$", '"': "''",
    "¿": r"\textquestiondown{}", "¡": r"\textexclamdown{}", "«": "``", "»": "''",
    "“": "``", "”": "''", "‘": "`", "’": "'", "\u00a0": "~", "\u2009": r"\,", "\u202f": r"\,",
    "−": "$-$", "–": "--", "—": "---", "…": r"\ldots{}", "·": r"$\cdot$", "×": r"$\times$",
    "±": r"$\pm$", "≤": r"$\leq$", "≥": r"$\geq$", "≠": r"$\neq$", "≈": r"$\approx$",
    "∞": r"$\infty$", "→": r"$\rightarrow$", "°": r"$^{\circ}$", "¹": "$^{1}$", "²": "$^{2}$",
    "³": "$^{3}$", "ß": r"\ss{}", "æ": r"\ae{}", "Æ": r"\AE{}", "œ": r"\oe{}", "Œ": r"\OE{}",
    "ø": r"\o{}", "Ø": r"\O{}", "ł": r"\l{}", "Ł": r"\L{}", "ı": r"\i{}",
    "º": r"\textsuperscript{o}", "ª": r"\textsuperscript{a}",
}
# Letras griegas (en modo matemático): las minúsculas y las mayúsculas que LaTeX distingue.
_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "varepsilon", "ζ": "zeta",
    "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu",
    "ξ": "xi", "π": "pi", "ρ": "rho", "σ": "sigma", "ς": "varsigma", "τ": "tau",
    "υ": "upsilon", "φ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega", "Γ": "Gamma",
    "Δ": "Delta", "Θ": "Theta", "Λ": "Lambda", "Ξ": "Xi", "Π": "Pi", "Σ": "Sigma",
    "Υ": "Upsilon", "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega",
}
# Acentos que compone la codificación OT1 (la de las fuentes por defecto).
_ACCENTS = {
    "\u0301": "'", "\u0300": "`", "\u0302": "^", "\u0303": "~", "\u0308": '"', "\u0304": "=",
    "\u0307": ".", "\u0306": "u", "\u030c": "v", "\u030b": "H", "\u0327": "c", "\u030a": "r",
}


def _char(c: str) -> str | None:
    """La orden de LaTeX de un carácter, o ``None`` si no la hay (con las fuentes por defecto)."""
    if c in _CHARS:
        return _CHARS[c]
    if c in _GREEK:
        return f"$\\{_GREEK[c]}$"
    if c.isascii():
        return c
    base, *marks = unicodedata.normalize("NFD", c)
    if marks and base.isascii() and all(m in _ACCENTS for m in marks):
        out = {"i": r"\i", "j": r"\j"}.get(base, base)
        for m in marks:
            out = f"\\{_ACCENTS[m]}{{{out}}}"
        return out
    return None


def latex_escape(text: object) -> str:
    """Texto cualquiera como texto de LaTeX en ASCII (los caracteres sin orden quedan igual)."""
    out = "".join(_char(c) or c for c in str(text))
    out = re.sub(r"(?<![\w.-])-(?=\d)", "$-$", out)  # el signo menos de -0.0056, no un guion
    out = re.sub(r"(?<!\\)\$\$", "", out)  # $\chi$$^{2}$ -> $\chi^{2}$
    return re.sub(r"\$<\$ (?=\d)", "$<$~", out)  # «< 0.0001» no se parte


def _inline(text: str) -> str:
    """Un texto del informe (con ``**negrita**``, ```código``` y enlaces de Markdown)."""
    parts = re.split(r"(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)]+\))", text)
    out = []
    for part in parts:
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            out.append(rf"\textbf{{{latex_escape(part[2:-2])}}}")
        elif part.startswith("`") and part.endswith("`") and len(part) > 2:
            out.append(rf"\texttt{{{latex_escape(part[1:-1])}}}")
        elif part.startswith("[") and part.endswith(")"):
            out.append(latex_escape(part[1:part.index("](")]))
        else:
            out.append(latex_escape(part))
    return "".join(out)


def latex_symbol(symbol: str) -> str:
    """El símbolo de un estadístico en modo matemático: ``F_F`` → ``$F_{F}$``, ``χ²`` →
    ``$\\chi^{2}$``."""
    if not re.fullmatch(r"[A-Za-z\u0370-\u03ff²³_]+", symbol):
        return latex_escape(symbol)

    def math(s: str) -> str:
        return "".join(f"\\{_GREEK[c]} " if c in _GREEK else {"²": "^{2}", "³": "^{3}"}.get(c, c)
                       for c in s).strip()

    head, _, sub = symbol.partition("_")
    out = f"${math(head)}" + (f"_{{{math(sub)}}}" if sub else "") + "$"
    return re.sub(r"(\\[a-zA-Z]+) (?![a-zA-Z])", r"\1", out)  # \chi ^{2} -> \chi^{2}


def _cell(value: object) -> str:
    text = _fmt(value) if isinstance(value, float) else str(value)
    return latex_escape(text)


_NUMERIC = re.compile(r"^(\$-\$)?\d[\d.]*$|^\$<\$~[\d.]+$|^---$|^\[.*\]$")


def _header(name: str) -> str:
    """Cabecera de columna; una larga con paréntesis va en dos líneas para no ensanchar la tabla."""
    name = str(name)
    if " (" in name and len(name) > 12:
        first, rest = name.split(" (", 1)
        return (r"\begin{tabular}[b]{@{}c@{}}" + latex_escape(first) + r" \\ "
                + latex_escape("(" + rest) + r"\end{tabular}")
    return latex_escape(name)


def _tabular(table: pd.DataFrame) -> list[str]:
    """Un ``tabular`` de booktabs que no pasa del ancho del texto."""
    rows = [[_cell(v) for v in row] for row in table.itertuples(index=False)]
    align = "".join(
        "r" if rows and all(_NUMERIC.match(r[j]) for r in rows) else "l"
        for j in range(table.shape[1])
    )
    lines = [
        r"\resizebox{\ifdim\width>\linewidth\linewidth\else\width\fi}{!}{"
        rf"\begin{{tabular}}{{@{{}}{align}@{{}}}}", r"\toprule",
        " & ".join(_header(c) for c in table.columns) + r" \\", r"\midrule",
    ]
    lines += [" & ".join(r) + r" \\" for r in rows]
    lines += [r"\bottomrule", r"\end{tabular}}"]
    return lines


def _float(caption: str, body: list[str], after: list[str] = ()) -> list[str]:
    lines = [r"\begin{table}[tbp]", r"\centering", r"\small", r"\setlength{\tabcolsep}{4pt}",
             rf"\caption{{{caption}}}"]
    lines += body
    for text in after:
        lines += [r"\par\smallskip", rf"{{\footnotesize\raggedright {text}\par}}"]
    return lines + [r"\end{table}", ""]


def render_latex(result, comparisons: pd.DataFrame) -> str:
    """Las tablas del informe: resumen por modelo con la prueba global, comparaciones por
    parejas (con sus notas) y, con ROPE, el análisis bayesiano."""
    conf = f"{100 * (1 - result.alpha):g}"
    floats: list[str] = []

    captions = _table_captions(result)
    after = []
    if result.omnibus is not None:
        om = result.omnibus
        df = f" (gl = {om['df']})" if om.get("df") is not None else ""
        after.append(
            f"{latex_escape(om.get('label', 'Prueba global'))}: {latex_escape(om['name'])}, "
            f"{latex_symbol(str(om['symbol']))} = {latex_escape(_fmt(om['statistic']))}"
            f"{latex_escape(df)}, valor $p$ {latex_escape(_p_text(om['pvalue']))}."
        )
    floats += _float(latex_escape(captions["descriptives"]),
                     _tabular(result.descriptives.reset_index()), after)
    if len(comparisons):
        caption = latex_escape(captions["comparisons"]).replace(r" \%", r"\,\%")
        caption = caption.replace("valores p ", "valores $p$ ")
        notes = [_inline(n) for n in result.table_notes]
        floats += _float(caption, _tabular(_merge_intervals(comparisons, conf + "\u202f")), notes)
    if result.bayes is not None:
        floats += _float(latex_escape(captions["bayes"]), _tabular(result.bayes))

    return latex_document(floats)


def latex_document(floats: list[str]) -> str:
    """Las tablas con el comentario del principio (el preámbulo que necesitan)."""
    text = "\n".join(floats)
    header = [
        "% Tablas del informe de course_utils.analyze_results, para pdflatex.",
        "% Preámbulo: " + " ".join(rf"\usepackage{{{p}}}" for p in PACKAGES)
        + " (graphicx, para \\resizebox: ninguna tabla pasa del ancho del texto).",
        "% Solo ASCII: compila con las fuentes por defecto, sin inputenc ni fontenc.",
        "% A dos columnas, table* en lugar de table da a una tabla ancha las dos.",
    ]
    missing = {c for c in text if not c.isascii()}  # los que no tienen orden
    if missing:
        header[2] = (
            "% Hay caracteres sin orden de LaTeX (" + " ".join(sorted(missing)) + "): compile con "
            "XeLaTeX o LuaLaTeX, o declárelos con \\DeclareUnicodeCharacter."
        )
    return "\n".join(latex_escape_comment(h) for h in header) + "\n" + text


def latex_escape_comment(line: str) -> str:
    """Un comentario de LaTeX en ASCII (los acentos, sin tilde: es solo para leerlo)."""
    return "".join(c if c.isascii() else unicodedata.normalize("NFD", c)[0] for c in line)
