"""El resultado del análisis (:class:`AnalysisResult`) y su escritura en Markdown, HTML y LaTeX."""

from __future__ import annotations

import platform
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from course_utils._options import option
from course_utils.report.guide import GUIDE, GuideEntry
from course_utils.report._format import (
    _cap, _check_links, _fmt, _fmt_p, _notebook_ref, _p_text,
)
from course_utils.report._reading import DESIGN_NAMES

#: Sección que cita el informe cuando no es la de la guía: la guía lleva al ejemplo que se puede
#: imitar (09, sección 4: Iris r×k); el informe, al modelo de la prueba t bayesiana correlacionada
#: (09, sección 2: a priori, verosimilitud y a posteriori).
REPORT_SECTIONS = {"bayes_cv": "2"}

#: Dónde está la guía «¿Qué prueba uso?» que sigue la elección de la prueba.
GUIDE_NOTEBOOK = "10_laboratorio_de_simulacion.ipynb"
GUIDE_WHERE = "10 · Laboratorio de simulación, sección 7"


@dataclass(frozen=True)
class AnalysisResult:
    """Análisis de un diseño, con la elección de la prueba y su porqué.

    Atributos
    ---------
    design : str
        ``"test_set"``, ``"cv"``, ``"seeds"`` o ``"datasets"`` (ver :data:`DESIGNS`).
    models : tuple of str
    n_units : int
        Ejemplos de prueba, particiones, semillas o conjuntos de datos.
    varies : str
        Qué varía entre las unidades.
    choices : tuple of GuideEntry
        Las ramas de la guía «¿Qué prueba uso?» que se siguieron (la primera, la principal).
    descriptives : pandas.DataFrame
        Una fila por modelo (media, desviación típica, exactitud o rango medio según el diseño).
    omnibus : dict o None
        Prueba global (nombre, estadístico, grados de libertad, valor p), si la hay. Con
        Friedman, además ``chi2``, ``chi2_df`` y ``chi2_pvalue`` (corregidos por empates) y
        ``also``, la frase que los presenta junto a F_F.
    comparisons : pandas.DataFrame
        Una fila por pareja: ``a``, ``b``, ``estimate`` (A − B, o la medida del efecto de la
        prueba), ``ci_low``, ``ci_high``, ``pvalue``, ``pvalue_adjusted``, ``reject``. Con
        varios conjuntos de datos, también los efectos pareados en la dirección de la medida:
        ``wins``, ``losses``, ``ties``, ``win_share`` (con ``win_share_low`` y
        ``win_share_high``, Wilson), ``rank_biserial`` (con ``rank_biserial_low`` y
        ``rank_biserial_high``, *bootstrap*), ``sign_pvalue`` (prueba de los signos) y, con
        más de dos algoritmos, ``n`` (conjuntos de la pareja).
    effect : str
        Qué mide ``estimate``.
    correction : str
        Corrección por multiplicidad (``""`` si hay una sola comparación).
    bayes : pandas.DataFrame o None
        Con ROPE: probabilidades a posteriori por pareja.
    conclusion : tuple of str
        Conclusiones en lenguaje llano (nunca «equivalentes» sin ROPE).
    notes : tuple of str
        Avisos y aclaraciones sobre los datos.
    table_notes : tuple of str
        Cómo leer la tabla de comparaciones (qué intervalo, qué estadístico), debajo de ella.
    alpha, rope, higher_is_better, metric, random_state
        Las opciones del análisis.
    call : str
        La llamada que lo repite (``cu.analyze_results('resultados.csv', ...)``; con un
        ``DataFrame``, «tabla»).
    details : tuple
        Los resultados de cada prueba, tal como los dan las funciones del curso (por ejemplo
        ``FriedmanResult`` y ``PostHocResult``), para dibujarlos o mirarlos en detalle.
    """

    design: str
    models: tuple
    n_units: int
    varies: str
    choices: tuple
    descriptives: pd.DataFrame = field(repr=False)
    omnibus: dict | None
    comparisons: pd.DataFrame = field(repr=False)
    effect: str
    correction: str
    bayes: pd.DataFrame | None = field(repr=False)
    conclusion: tuple
    notes: tuple
    alpha: float
    rope: tuple | None
    higher_is_better: bool | None
    metric: str
    random_state: int
    call: str = ""
    table_notes: tuple = ()
    details: tuple = field(default=(), repr=False, compare=False)

    def _procedure(self, entry: GuideEntry) -> str:
        if entry.key == "datasets_many_all":  # el procedimiento que se usó de verdad
            return f"prueba de Wilcoxon por parejas con {self.correction}"
        if entry.key == "datasets_many_all_ranks":
            return f"todas las parejas sobre los rangos medios con {self.correction}"
        return entry.procedure

    @property
    def main_choice(self) -> GuideEntry:
        """La rama de la guía de la tabla de comparaciones (la última que no es bayesiana)."""
        return [c for c in self.choices if not c.key.startswith("bayes")][-1]

    @property
    def posthoc(self):
        """El resultado de la prueba por parejas (``PostHocResult``) de varios algoritmos en
        varios conjuntos, el que dibuja :func:`course_utils.plot_critical_difference`; si no
        la hay, ``None``."""
        return next((d for d in self.details if hasattr(d, "critical_difference")
                     and hasattr(d, "comparisons")), None)

    # -- figura ----------------------------------------------------------------------------

    def figure(self):
        """La figura del informe: diagrama CD (varios algoritmos en varios conjuntos) o
        intervalos de las diferencias (los demás diseños). Devuelve la ``Figure``."""
        import matplotlib.pyplot as plt

        from course_utils.measure.plots import plot_intervals
        from course_utils.many_models.plots_multiple import plot_critical_difference

        posthoc = self.posthoc
        if posthoc is not None:
            ax = plot_critical_difference(posthoc)
            return ax.figure
        rows = self.comparisons.dropna(subset=["ci_low", "ci_high"])
        fig, ax = plt.subplots(figsize=(8, 1.2 + 0.55 * max(len(rows), 1)))
        if len(rows):
            plot_intervals(
                [(r.estimate, r.ci_low, r.ci_high) for r in rows.itertuples()],
                [f"{r.a} − {r.b}" for r in rows.itertuples()], reference=0.0, ax=ax,
            )
        ax.set_title(f"{self.effect} (IC {100 * (1 - self.alpha):g} %)")
        fig.tight_layout()
        return fig

    # -- texto -----------------------------------------------------------------------------

    def _blocks(self, links: str | None):
        links = _check_links(links)

        def link(entry: GuideEntry) -> str:
            entry = replace(entry, section=REPORT_SECTIONS.get(entry.key, entry.section))
            return _notebook_ref(entry.where, entry.notebook, links)

        main = self.choices[0]
        blocks = [("h1", f"Informe: comparación de {len(self.models)} modelos")]
        blocks.append(("h2", "Diseño"))
        blocks.append(("p", (
            f"**{_cap(DESIGN_NAMES[self.design])}**: {len(self.models)} modelos "
            f"({', '.join(self.models)}) y {self.n_units} {self._unit_name()}. Varía: "
            f"{self.varies}."
        )))
        if self.metric:
            direction = {True: "mayor es mejor", False: "menor es mejor", None: ""}
            extra = (f" ({direction[self.higher_is_better]})"
                     if self.higher_is_better is not None else "")
            blocks.append(("p", f"Medida: **{self.metric}**{extra}."))
        blocks.append(("h2", "Prueba elegida y por qué"))
        items = [f"**{_cap(self._procedure(e))}.** {e.why} Lo enseña el {link(e)}."
                 for e in self.choices]
        blocks.append(("ul", items))
        blocks.append(("p", (
            "La elección sigue la guía «¿Qué prueba uso?» del curso "
            f"({_notebook_ref(GUIDE_WHERE, GUIDE_NOTEBOOK, links)})."
        )))
        blocks.append(("h2", "Resultados"))
        blocks.append(("table", self.descriptives.reset_index()))
        if self.omnibus is not None:
            om = self.omnibus
            df = f" (gl = {om['df']})" if om.get("df") is not None else ""
            blocks.append(("p", (
                f"{om.get('label', 'Prueba global')}: {om['name']}, {om['symbol']} = "
                f"{_fmt(om['statistic'])}{df}, valor p {_p_text(om['pvalue'])} "
                f"({link(GUIDE[om['entry']])})."
                + (f" {om['also']}" if om.get("also") else "")
            )))
        if len(self.comparisons):
            blocks.append(("p", f"Se estima la **{self.effect}** (A − B, en la escala de la "
                                f"medida, sin estandarizar), con su intervalo de confianza al "
                                f"{100 * (1 - self.alpha):g} %."))
            blocks.append(("table", _comparison_table(self.comparisons.copy())))
            if self.table_notes:
                blocks.append(("ul", list(self.table_notes)))
        if self.correction:
            blocks.append(("p", f"Corrección por multiplicidad: {self.correction} "
                                f"(α = {self.alpha:g}). «¿Significativa?» compara el valor p "
                                "ajustado con α."))
        if self.bayes is not None:
            blocks.append(("p", (
                f"Análisis bayesiano con ROPE = [{self.rope[0]:g}, {self.rope[1]:g}] "
                f"({link(GUIDE['bayes_cv' if self.design == 'cv' else 'bayes_datasets'])}):"
            )))
            blocks.append(("table", self.bayes))
        blocks.append(("h2", "Conclusión"))
        blocks.append(("ul", list(self.conclusion)))
        if self.notes:
            blocks.append(("h2", "Notas sobre los datos y el análisis"))
            blocks.append(("ul", list(self.notes)))
        blocks.append(("h2", "Qué no afirma este informe"))
        caveats = [
            "«No significativo» no es «equivalentes»: para afirmar que dos modelos son "
            "prácticamente iguales hace falta una prueba de equivalencia (cuaderno 07)"
            + ("." if self.design == "test_set" else f" o una ROPE (cuaderno 09; opción "
                                                     f"{option('rope')})."),
            f"Las conclusiones valen para {self._scope()}.",
        ]
        blocks.append(("ul", caveats))
        blocks.append(("h2", "Reproducibilidad"))
        items = _reproducibility(self.random_state, self.alpha, self.rope)
        if self.call:
            items.append(f"Análisis: `{self.call}`.")
        blocks.append(("ul", items))
        return main, blocks

    def _unit_name(self) -> str:
        return {"test_set": "ejemplos de prueba", "cv": "particiones",
                "seeds": "semillas", "datasets": "conjuntos de datos"}[self.design]

    def _scope(self) -> str:
        return {
            "test_set": "estos modelos ya entrenados y la población de la que sale este "
                        "conjunto de prueba, no para los algoritmos que los entrenaron",
            "cv": "estos algoritmos en este conjunto de datos (con este tamaño de "
                  "entrenamiento), no en otros",
            "seeds": "estas configuraciones en esta división de los datos; otra división "
                     "puede ordenarlas de otro modo",
            "datasets": "conjuntos de datos parecidos a los estudiados; no dicen en cuál de "
                        "ellos es mejor cada algoritmo",
        }[self.design]

    def to_markdown(self, *, links: str | None = None) -> str:
        """El informe en Markdown.

        Parámetros
        ----------
        links : str o None
            Dónde están los cuadernos del curso. Con ``None`` (por defecto) el informe nombra el
            cuaderno y la sección en texto, sin enlaces, y se puede leer en cualquier sitio. Con
            una dirección base, enlaza cada cuaderno a ``links + fichero``: ``""`` si el informe
            se lee en la carpeta ``notebooks/`` (un cuaderno del curso), ``"notebooks/"`` desde
            la raíz del repositorio o ``"https://…/notebooks/"`` para una copia en la web.
        """
        from course_utils.report._blocks import blocks_markdown

        return blocks_markdown(self._blocks(links)[1])

    def summary(self) -> str:
        """El informe en Markdown (como :meth:`to_markdown`)."""
        return self.to_markdown()

    def to_html(self, *, links: str | None = None, figure: bool = True) -> str:
        """El informe como una página HTML autónoma (la figura va incrustada en PNG).

        Se lee en un teléfono (las tablas y la figura se desplazan de lado dentro de su caja) y
        con el tema claro u oscuro del sistema. ``links`` como en :meth:`to_markdown`; con
        ``figure=False``, sin la figura."""
        from course_utils.report._blocks import blocks_html
        from course_utils.report._html import figure_html, figure_text, table_caption

        _, blocks = self._blocks(links)
        return blocks_html(
            blocks, f"{100 * (1 - self.alpha):g}",
            caption_of=lambda table: table_caption(self, table),
            figure=figure_html(self.figure(), *figure_text(self)) if figure else "")

    def to_latex(self) -> str:
        """Tablas de LaTeX (``booktabs``) para un artículo: el resumen de cada modelo (rangos
        medios, medias...) con la prueba global, las comparaciones por parejas con sus notas y,
        con ROPE, el análisis bayesiano.

        Compila con ``pdflatex`` y las fuentes por defecto en un documento con este preámbulo
        (lo repite un comentario al principio de la salida)::

            \\documentclass{article}
            \\usepackage{booktabs}
            \\usepackage{graphicx}  % \\resizebox: ninguna tabla pasa del ancho del texto

        Todo el texto sale en ASCII (``\\'a``, ``$\\delta$``, ``$<$``...), así que no hacen falta
        ``inputenc`` ni ``fontenc`` (y también compila con LuaLaTeX). Si un nombre de
        modelo tiene caracteres que LaTeX no sabe escribir así (por ejemplo, chinos), el
        comentario del principio lo dice. Una tabla más ancha que el texto se reduce hasta
        caber; en un documento a dos columnas, ``table*`` en lugar de ``table`` le da las dos.
        """
        from course_utils.report._latex import render_latex

        return render_latex(self, _comparison_table(self.comparisons.copy()))


def _comparison_table(table: pd.DataFrame) -> pd.DataFrame:
    out = pd.DataFrame({
        "A": table["a"], "B": table["b"],
        "A − B": table["estimate"].map(_fmt),
        "IC inferior": table["ci_low"].map(_fmt),
        "IC superior": table["ci_high"].map(_fmt),
        "p": table["pvalue"].map(_fmt_p),
    })
    if "pvalue_adjusted" in table and not table["pvalue_adjusted"].equals(table["pvalue"]):
        out["p ajustado"] = table["pvalue_adjusted"].map(_fmt_p)
    if "n" in table and table["n"].nunique() > 1:  # con huecos, cada pareja usa sus conjuntos
        out["n"] = table["n"].astype(int)
    if "rank_biserial" in table:  # efectos pareados (varios conjuntos de datos)
        out["A gana"] = [
            "—" if w + lo == 0 else f"{w}/{w + lo} [{_fmt(a, 2)}, {_fmt(b, 2)}]"
            for w, lo, a, b in zip(table["wins"], table["losses"], table["win_share_low"],
                                   table["win_share_high"])]
        out["r pareada"] = [f"{_fmt(r, 2)} [{_fmt(a, 2)}, {_fmt(b, 2)}]" for r, a, b in zip(
            table["rank_biserial"], table["rank_biserial_low"], table["rank_biserial_high"])]
    if "sign_pvalue" in table and len(table) > 1:  # con una pareja, en las notas
        out["p signos"] = table["sign_pvalue"].map(_fmt_p)
    out["¿significativa?"] = table["reject"].map({True: "sí", False: "no"})
    return out


def _reproducibility(random_state: int, alpha: float, rope) -> list[str]:
    import scipy
    import statsmodels

    from course_utils import __version__ as version
    items = [
        f"Python {platform.python_version()}, numpy {np.__version__}, scipy "
        f"{scipy.__version__}, pandas {pd.__version__}, statsmodels {statsmodels.__version__}, "
        f"course_utils {version}.",
        f"Semilla de los remuestreos: {random_state}; α = {alpha:g}"
        + (f"; ROPE = [{rope[0]:g}, {rope[1]:g}]" if rope else "") + ".",
    ]
    return items
