"""El informe de ``analyze_results`` escrito en Markdown, LaTeX y HTML, allí donde se lee.

- Markdown: las celdas no rompen la tabla (``|`` escapada) y los cuadernos del curso se nombran en
  texto, sin enlaces que se rompan fuera del repositorio, salvo que se dé una dirección base.
- LaTeX: cada diseño compila con ``pdflatex`` en un documento mínimo (``article`` con booktabs y
  graphicx, las fuentes por defecto) sin errores ni cajas que pasen del ancho del texto, y el PDF
  dice «<» y no «¡» (lo que imprime un ``<`` literal con la codificación OT1). Sin ``pdflatex``
  o ``pdftotext`` esas pruebas se omiten diciendo por qué; con ``CI=true`` fallan (``.ci/run``
  instala TeX Live y poppler-utils).
- HTML: la estructura (cajas que se desplazan, leyendas, texto alternativo); cómo se ve en un
  navegador lo comprueba ``tests/test_report_html.py``.
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from bs4 import BeautifulSoup
from conftest import missing_reference
from scipy import stats
from test_report import _cv_long

import course_utils as cu
from course_utils.__main__ import main
from course_utils.report._latex import latex_escape, latex_symbol

ROOT = Path(__file__).resolve().parent.parent
RNG_SEED = 20260511


# --- Un informe de cada diseño ---------------------------------------------------------------


def _test_set(rng, k, n=300, scores=False):
    y = rng.integers(0, 2, n)
    cols = {"y_true": y}
    for name, acc in zip("ABCD"[:k], (0.86, 0.80, 0.79, 0.75)):
        cols[name] = (rng.random(n) + acc * y) if scores else np.where(rng.random(n) < acc, y, 1 - y)
    return pd.DataFrame(cols)


def _datasets(rng, names, n=20):
    table = pd.DataFrame({"conjunto": [f"c{i}" for i in range(n)]})
    for j, name in enumerate(names):
        table[name] = rng.uniform(0.6, 0.9, n) + 0.012 * j
    return table


#: Nombres con lo que LaTeX, Markdown y HTML escriben de otro modo: acentos, &, %, #, _, |, ≥.
LONG_NAMES = ["Regresión logística (L2)", "Árbol de decisión", "k-NN (k = 5)", "SVM_rbf & co",
              "Bosque 50%", "Máquina #2", "Naïve | Bayes", "LightGBM ≥ v4"]


def _build(name: str) -> cu.AnalysisResult:
    rng = np.random.default_rng(RNG_SEED)
    if name == "mcnemar":
        return cu.analyze_results(_test_set(rng, 2))
    if name == "cochran":
        return cu.analyze_results(_test_set(rng, 3))
    if name == "delong":
        return cu.analyze_results(_test_set(rng, 2, scores=True))
    if name == "regresion":
        y = rng.normal(size=200)
        return cu.analyze_results(pd.DataFrame({"y_true": y, "A": y + rng.normal(0, 0.5, 200),
                                                "B": y + rng.normal(0, 0.6, 200)}))
    if name == "cv":
        return cu.analyze_results(_cv_long(seed=RNG_SEED))
    if name == "cv_5x2_rope":
        return cu.analyze_results(_cv_long(reps=5, folds=2, seed=RNG_SEED), rope=0.01)
    if name == "cv_tres":
        return cu.analyze_results(_cv_long(models="ABC", seed=RNG_SEED))
    if name == "semillas":
        return cu.analyze_results(pd.DataFrame({
            "semilla": range(20), "A": rng.normal(0.80, 0.01, 20),
            "B": rng.normal(0.79, 0.01, 20)}), metric="exactitud")
    if name == "wilcoxon_rope":
        table = _datasets(rng, ["A"], n=12)
        table["B"] = table.A - 0.02 + rng.normal(0, 0.01, 12)
        return cu.analyze_results(table, metric="exactitud", rope=0.01)
    if name == "friedman":
        return cu.analyze_results(cu.load_garcia_herrera_2008(), metric="exactitud")
    if name == "control":
        return cu.analyze_results(cu.load_garcia_herrera_2008(), metric="exactitud",
                                  control="C4.5")
    if name == "huecos":
        table = cu.load_garcia_herrera_2008().iloc[:, :4].copy()
        table.iloc[0, 1] = np.nan
        table.iloc[3, 2] = np.nan
        return cu.analyze_results(table, metric="exactitud", allow_missing=True)
    if name == "nombres_largos":
        return cu.analyze_results(_datasets(rng, LONG_NAMES), metric="exactitud")
    raise KeyError(name)


CASES = ["mcnemar", "cochran", "delong", "regresion", "cv", "cv_5x2_rope", "cv_tres", "semillas",
         "wilcoxon_rope", "friedman", "control", "huecos", "nombres_largos"]


@functools.cache
def report(name: str) -> cu.AnalysisResult:
    return _build(name)


# --- Enlaces a los cuadernos ------------------------------------------------------------------

_MD_LINK = re.compile(r"\]\(([^)]*)\)")


def test_by_default_notebooks_are_named_in_plain_text():
    r = report("friedman")
    for text in (r.to_markdown(), r.summary()):
        assert not _MD_LINK.search(text) and ".ipynb" not in text
        assert "Lo enseña el cuaderno 08 · Varios modelos y conjuntos, sección 4." in text
        assert "(cuaderno 10 · Laboratorio de simulación, sección 7)" in text
    page = r.to_html()
    assert "<a " not in page and ".ipynb" not in page


@pytest.mark.parametrize("base, prefix", [
    ("", ""),  # el informe se lee en notebooks/, como en el cuaderno 13
    ("notebooks/", "notebooks/"),
    ("https://example.org/curso/notebooks", "https://example.org/curso/notebooks/"),
])
def test_a_base_address_makes_links(base, prefix):
    r = report("friedman")
    md = r.to_markdown(links=base)
    targets = _MD_LINK.findall(md)
    assert targets and all(t.startswith(prefix) and t.endswith(".ipynb") for t in targets)
    assert ("cuaderno [08 · Varios modelos y conjuntos, sección 4]"
            f"({prefix}08_varios_modelos_y_conjuntos.ipynb)") in md
    for target in targets:  # todos los cuadernos enlazados existen
        assert (ROOT / "notebooks" / target.removeprefix(prefix)).is_file(), target
    soup = BeautifulSoup(r.to_html(links=base), "html.parser")
    assert sorted(a["href"] for a in soup.find_all("a")) == sorted(targets)


def test_links_with_the_empty_base_are_the_ones_the_site_rewrites():
    """El sitio web (tools/build_book.py) convierte los enlaces de las salidas en Markdown a
    ``NN_nombre.html``: con ``links=""`` los del informe tienen la forma que reconoce."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from build_book import _NOTEBOOK_LINK
    finally:
        sys.path.remove(str(ROOT / "tools"))
    md = report("cv_5x2_rope").to_markdown(links="")
    assert len(_NOTEBOOK_LINK.findall(md)) == len(_MD_LINK.findall(md)) > 0


def test_links_must_be_text_or_none():
    with pytest.raises(TypeError, match=r"`links` debe ser None .* se recibió bool"):
        report("mcnemar").to_markdown(links=True)


def test_command_line_links_only_with_a_base(tmp_path, capsys):
    csv = tmp_path / "resultados.csv"
    cu.load_garcia_herrera_2008().to_csv(csv)
    assert main(["informe", str(csv), "--medida", "exactitud"]) == 0
    out = capsys.readouterr().out
    assert "cuaderno 08 · Varios modelos y conjuntos" in out and ".ipynb" not in out
    assert main(["informe", str(csv), "--medida", "exactitud", "--enlaces", "notebooks/"]) == 0
    assert "(notebooks/08_varios_modelos_y_conjuntos.ipynb)" in capsys.readouterr().out


# --- Markdown -------------------------------------------------------------------------------


def _split_row(line: str) -> list[str]:
    """Las celdas de una fila de una tabla de Markdown (GFM): ``\\|`` no separa."""
    assert line.startswith("| ") and line.endswith(" |"), line
    return [c.strip() for c in re.split(r"(?<!\\)\|", line[1:-1])]


@pytest.mark.parametrize("name", ["nombres_largos", "friedman", "cv_5x2_rope"])
def test_markdown_tables_keep_their_columns(name):
    md = report(name).to_markdown()
    tables = re.findall(r"(?:^\|.*\|\n)+", md, flags=re.M)
    assert tables
    for table in tables:
        lines = table.splitlines()
        width = len(_split_row(lines[0]))
        assert lines[1] == "|" + "|".join(["---"] * width) + "|"
        assert all(len(_split_row(line)) == width for line in lines[2:]), table
    if name == "nombres_largos":
        assert r"| Naïve \| Bayes |" in md
    if name == "friedman":
        assert "| < 0.0001 |" in md


# --- LaTeX: el texto --------------------------------------------------------------------------


@pytest.mark.parametrize("text, tex", [
    ("50% & #2_a", r"50\% \& \#2\_a"),
    ("{x}~^\\$", r"\{x\}\textasciitilde{}\textasciicircum{}\textbackslash{}\$"),
    ("p < 0.0001", "p $<$~0.0001"),
    ("¿significativa? sí", r"\textquestiondown{}significativa? s\'{\i}"),
    ("Árbol, Naïve, niño, pingüino", r"\'{A}rbol, Na\"{\i}ve, ni\~{n}o, ping\"{u}ino"),
    ("δ de Cliff, ε, χ², α = 0.05", r"$\delta$ de Cliff, $\varepsilon$, $\chi^{2}$, $\alpha$ = 0.05"),
    ("≤ ≥ −0.5 × 2", r"$\leq$ $\geq$ $-$0.5 $\times$ 2"),
    ("[-0.0056, 0.0552] k-NN", r"[$-$0.0056, 0.0552] k-NN"),
    ("«A − B»", "``A $-$ B''"),
])
def test_latex_escape(text, tex):
    assert latex_escape(text) == tex


def test_latex_symbols_are_math():
    assert latex_symbol("F_F") == "$F_{F}$"
    assert latex_symbol("χ²") == r"$\chi^{2}$"
    assert latex_symbol("χ²_F") == r"$\chi^{2}_{F}$"
    assert latex_symbol("Q") == "$Q$"


def test_latex_has_the_preamble_ranks_and_global_test():
    tex = report("friedman").to_latex()
    head = tex.splitlines()[:3]
    assert all(line.startswith("% ") for line in head)
    assert r"\usepackage{booktabs}" in head[1] and r"\usepackage{graphicx}" in head[1]
    assert tex.isascii()
    table = cu.load_garcia_herrera_2008()
    ranks = pd.DataFrame(stats.rankdata(-table.to_numpy(), axis=1), columns=table.columns).mean()
    assert "rango medio" in tex and f"C4.5 & {ranks['C4.5']:.4f} & {table['C4.5'].mean():.4f}" in tex
    om = report("friedman").omnibus
    assert r"Prueba global: Friedman" in tex and f"{latex_symbol(om['symbol'])} = " in tex
    assert f"(gl = {om['df']})" in tex
    assert tex.count(r"\begin{table}") == 2 and tex.count(r"\resizebox{") == 2
    # ningún «<» fuera del modo matemático
    assert re.sub(r"\$<\$", "", tex).count("<") == 0
    bayes = report("cv_5x2_rope").to_latex()
    assert bayes.count(r"\begin{table}") == 3 and "P(en la ROPE)" in bayes


def test_latex_says_when_a_name_needs_another_engine():
    table = pd.DataFrame({"conjunto": [f"c{i}" for i in range(6)],
                          "模型": [0.8, 0.7, 0.9, 0.6, 0.75, 0.85],
                          "B": [0.7, 0.65, 0.8, 0.62, 0.7, 0.8]})
    tex = cu.analyze_results(table, metric="exactitud").to_latex()
    assert "模型" in tex and "XeLaTeX" in tex.splitlines()[2]
    assert "XeLaTeX" not in report("nombres_largos").to_latex()


# --- LaTeX: compilado con pdflatex --------------------------------------------------------------

PREAMBLE = "\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n"
#: Una caja puede pasarse del ancho como mucho esto (en puntos) sin que se vea.
OVERFULL_TOLERANCE_PT = 1.0


def _tools() -> tuple[str, str]:
    pdflatex, pdftotext = shutil.which("pdflatex"), shutil.which("pdftotext")
    if pdflatex is None:
        missing_reference("No está instalado pdflatex; en Debian: apt-get install "
                          "texlive-latex-base texlive-latex-recommended.",
                          "las compilaciones del informe en LaTeX")
    if pdftotext is None:
        missing_reference("No está instalado pdftotext; en Debian: apt-get install poppler-utils.",
                          "las compilaciones del informe en LaTeX")
    return pdflatex, pdftotext


def _compile(tmp_path: Path, tex: str, preamble: str = "") -> tuple[str, str]:
    """Compila ``tex`` en un documento mínimo; devuelve el registro y el texto del PDF."""
    pdflatex, pdftotext = _tools()
    document = PREAMBLE + preamble + "\\begin{document}\n" + tex + "\\end{document}\n"
    (tmp_path / "informe.tex").write_text(document, encoding="utf-8")
    run = subprocess.run([pdflatex, "-interaction=nonstopmode", "-halt-on-error", "informe.tex"],
                         cwd=tmp_path, capture_output=True, timeout=120)
    log = (tmp_path / "informe.log").read_text(encoding="latin-1")
    assert run.returncode == 0, log[-3000:]
    text = subprocess.run([pdftotext, "-layout", "informe.pdf", "-"], cwd=tmp_path,
                          capture_output=True, check=True, timeout=60).stdout.decode("utf-8")
    # pdftotext escribe «í» como ı + acento: se recompone para buscar el texto.
    return log, unicodedata.normalize("NFC", text.replace("ı\u0301", "í").replace("ı", "i"))


def _overfull(log: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"Overfull \\hbox \(([\d.]+)pt too wide\)[^\n]*", log)
            if float(m.group(1)) > OVERFULL_TOLERANCE_PT]


@pytest.mark.parametrize("name", CASES)
def test_latex_compiles_with_pdflatex_and_fits_the_text_width(name, tmp_path):
    r = report(name)
    log, text = _compile(tmp_path, r.to_latex())
    assert not re.search(r"^! ", log, flags=re.M), log
    assert not _overfull(log), _overfull(log)
    assert "¡" not in text
    assert "Resumen de cada modelo" in text
    if len(r.comparisons):
        assert "¿significativa?" in text
    if r.omnibus is not None:
        assert re.search(r"valor p [=<] ", text), text
    for model in r.models:  # los nombres, bien escritos («_» es una raya: pdftotext da « »)
        assert " ".join(model.replace("_", " ").split()) in " ".join(text.split()), model
    if any("δ" in note for note in r.table_notes):
        assert "δ" in text
    if name == "friedman":
        assert "< 0.0001" in text and f"= {r.omnibus['statistic']:.4f}" in text


def test_latex_also_compiles_with_t1_and_utf8(tmp_path):
    preamble = "\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n"
    log, text = _compile(tmp_path, report("nombres_largos").to_latex(), preamble)
    assert not _overfull(log) and "¡" not in text and "Máquina #2" in text


# --- HTML: la estructura ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["friedman", "cochran", "cv_5x2_rope", "nombres_largos"])
def test_html_tables_scroll_in_their_own_box_and_have_captions(name):
    r = report(name)
    soup = BeautifulSoup(r.to_html(), "html.parser")
    style = soup.style.string
    assert "color-scheme:light dark" in style and ".caja{overflow-x:auto}" in style
    assert "display:block" not in style.replace(".figura img{display:block", "")
    tables = soup.find_all("table")
    assert len(tables) == 1 + bool(len(r.comparisons)) + (r.bayes is not None)
    for table in tables:
        box = table.parent
        assert box.name == "div" and "caja" in box["class"] and box.get("tabindex") == "0"
        caption = box.parent.find("figcaption").get_text()
        assert caption and box["aria-label"] == caption
    for td in soup.find_all("td", class_="num"):
        assert "< " not in td.get_text()  # «<» y la cifra, con un espacio que no se parte
    if name == "friedman":
        assert any(td.get_text() == "<\xa00.0001" for td in soup.find_all("td", class_="num"))


def test_html_figure_keeps_a_legible_size_and_says_what_it_shows():
    soup = BeautifulSoup(report("friedman").to_html(), "html.parser")
    img = soup.find("img")
    width = int(img["width"])
    assert img["style"] == f"min-width:{round(0.8 * width)}px" and width >= 600
    assert "caja" in img.parent["class"]
    alt = img["alt"]
    assert alt.startswith("Diagrama de diferencias críticas")
    for name in ("C4.5", "k-NN(k=1)", "NaiveBayes", "Kernel", "CN2"):
        assert name in alt
    table = cu.load_garcia_herrera_2008()
    ranks = pd.DataFrame(stats.rankdata(-table.to_numpy(), axis=1), columns=table.columns).mean()
    assert f"C4.5 {ranks['C4.5']:.2f}" in alt and f"Kernel {ranks['Kernel']:.2f}" in alt
    intervals = BeautifulSoup(report("cv_tres").to_html(), "html.parser").find("img")["alt"]
    assert intervals.startswith("Intervalos de confianza al 95 %") and "A − C: " in intervals
