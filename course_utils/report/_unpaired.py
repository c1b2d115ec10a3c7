"""Informe de semillas sin emparejar: cada modelo se ejecutó con sus propias semillas.

Si ningún par de modelos comparte una semilla (A con 0–9, B con 10–19), no hay ninguna fila que
emparejar: ni la t pareada ni Wilcoxon sirven. Lo que sí se puede decir es si las puntuaciones
difieren entre esas muestras independientes: la t de Welch (diferencia de medias, sin suponer
varianzas iguales, con su intervalo) y Mann-Whitney (sin suponer normalidad, con la
probabilidad de superioridad), las dos de scipy y por parejas con Holm si hay más de dos
modelos. :func:`unpaired_seed_groups` reconoce la tabla y :func:`unpaired_seeds_report`
escribe el informe (:class:`UnpairedSeedsReport`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from course_utils._options import option
from course_utils.report._blocks import blocks_html, blocks_latex, blocks_markdown
from course_utils.report._format import _fmt, _fmt_p, _p_text
from course_utils.report._units import _holm_adjust

__all__ = ["UnpairedSeedsReport", "unpaired_seed_groups", "unpaired_seeds_report"]


def unpaired_seed_groups(long: pd.DataFrame, seed, model, score) -> pd.DataFrame | None:
    """Las ejecuciones de cada modelo (una columna por modelo, rellenada con NaN) si ninguna
    semilla de ``seed`` la comparten dos modelos y cada uno tiene al menos dos; si no, None."""
    per_seed = long.groupby(seed, dropna=False)[model].nunique()
    if len(per_seed) == 0 or (per_seed > 1).any():
        return None
    groups = {str(m): long.loc[long[model] == m, score].to_numpy(dtype=float)
              for m in pd.unique(long[model])}
    if len(groups) < 2 or min(len(v) for v in groups.values()) < 2:
        return None
    return pd.DataFrame({m: pd.Series(v) for m, v in groups.items()})


@dataclass(frozen=True)
class UnpairedSeedsReport:
    """Comparación de modelos ejecutados con semillas distintas (muestras independientes).

    Atributos
    ---------
    design : str
        ``"unpaired_seeds"``.
    models : tuple of str
    seed_column : str
        La columna de las semillas.
    descriptives : pandas.DataFrame
        Una fila por modelo: ``ejecuciones``, ``media``, ``desviación típica``.
    comparisons : pandas.DataFrame
        Una fila por pareja: ``a``, ``b``, ``estimate`` (media de A − media de B),
        ``ci_low``, ``ci_high`` (intervalo de Welch), ``welch_t``, ``welch_df``,
        ``welch_pvalue``, ``welch_pvalue_adjusted`` (Holm), ``mwu_u``, ``superiority``
        (U / (n_A n_B): la probabilidad de que una ejecución de A puntúe más que una de B,
        con los empates a medias), ``mwu_pvalue``, ``mwu_pvalue_adjusted`` (Holm) y
        ``reject`` (las dos pruebas rechazan tras Holm).
    alpha : float
    metric : str
    higher_is_better : bool or None
    notes : tuple of str
    call : str
    """

    design: str
    models: tuple
    seed_column: str
    descriptives: pd.DataFrame = field(repr=False)
    comparisons: pd.DataFrame = field(repr=False)
    alpha: float
    metric: str
    higher_is_better: bool | None
    notes: tuple
    call: str = ""

    @property
    def procedure(self) -> str:
        """El análisis, en una frase (la orden de terminal lo dice mientras trabaja)."""
        return "semillas sin emparejar: t de Welch y Mann-Whitney"

    def _blocks(self) -> list:
        conf = f"{100 * (1 - self.alpha):g} %"
        sizes = ", ".join(f"{m}: {int(n)}" for m, n in self.descriptives["ejecuciones"].items())
        several = len(self.comparisons) > 1
        direction = {True: " (mayor es mejor)", False: " (menor es mejor)", None: ""}
        blocks = [
            ("h1", f"Informe: comparación de {len(self.models)} modelos con semillas sin "
                   "emparejar"),
            ("h2", "Diseño"),
            ("p", f"**Ejecuciones con semillas distintas para cada modelo**: "
                  f"{len(self.models)} modelos ({', '.join(self.models)}) con {sizes} "
                  f"ejecuciones; ninguna semilla de «{self.seed_column}» la comparten dos "
                  "modelos. Varía: la semilla de entrenamiento (la división de los datos es "
                  "fija)."),
        ]
        if self.metric:
            blocks.append(("p", f"Medida: **{self.metric}**{direction[self.higher_is_better]}."))
        blocks += [
            ("h2", "Qué se puede decir sin emparejar"),
            ("ul", list(_WHAT_CAN_BE_SAID)),
            ("h2", "Resultados"),
            ("table", (f"Ejecuciones de cada modelo ({self.metric or 'puntuación'}).",
                       _descriptive_cells(self.descriptives))),
            ("table", (f"Diferencia de medias (A − B) con el intervalo de Welch al {conf}; "
                       + ("valores p ajustados con Holm entre las parejas." if several
                          else "valores p bilaterales."),
                       _comparison_cells(self.comparisons, several))),
            ("ul", _table_notes(several)),
            ("h2", "Conclusión"),
            ("ul", self._conclusions()),
            ("h2", "Qué no afirma este informe"),
            ("ul", list(_LIMITS)),
        ]
        if self.notes:
            blocks += [("h2", "Notas sobre los datos y el análisis"), ("ul", list(self.notes))]
        if self.call:
            blocks += [("h2", "Reproducibilidad"), ("ul", [f"Análisis: `{self.call}`."])]
        return blocks

    def _conclusions(self) -> list[str]:
        out = []
        several = len(self.comparisons) > 1
        for row in self.comparisons.itertuples():
            pw = row.welch_pvalue_adjusted if several else row.welch_pvalue
            pm = row.mwu_pvalue_adjusted if several else row.mwu_pvalue
            adjusted = " ajustado" if several else ""
            both = f"Welch p{adjusted} {_p_text(pw)}, Mann-Whitney p{adjusted} {_p_text(pm)}"
            high, low = (row.a, row.b) if row.estimate > 0 else (row.b, row.a)
            if row.reject:
                verdict = ""
                if self.higher_is_better is not None:
                    better = high if self.higher_is_better else low
                    verdict = f": {better} es mejor con α = {self.alpha:g}"
                out.append(f"{high} puntúa más que {low} en estas ejecuciones "
                           f"({_fmt(abs(row.estimate))} de diferencia de medias; {both})"
                           f"{verdict}.")
            elif min(pw, pm) <= self.alpha:
                out.append(f"Entre {row.a} y {row.b} las dos pruebas no coinciden ({both}): "
                           "una sola no basta para afirmar una diferencia; más ejecuciones, o "
                           "las mismas semillas para los dos, lo aclararían.")
            else:
                out.append(f"No hay evidencia suficiente de diferencia entre {row.a} y {row.b} "
                           f"({both}); eso no demuestra que sean equivalentes.")
        return out

    def to_markdown(self, *, links: str | None = None) -> str:
        """El informe en Markdown (``links`` se acepta como en los demás informes: este no
        enlaza cuadernos)."""
        return blocks_markdown(self._blocks())

    def summary(self) -> str:
        """El informe en Markdown (como :meth:`to_markdown`)."""
        return self.to_markdown()

    def to_html(self, *, links: str | None = None, figure: bool = True) -> str:
        """El informe como una página HTML autónoma (sin figura)."""
        return blocks_html(self._blocks(), f"{100 * (1 - self.alpha):g}")

    def to_latex(self) -> str:
        """Las tablas del informe en LaTeX (``booktabs``), como :meth:`AnalysisResult.to_latex`."""
        return blocks_latex(self._blocks(), f"{100 * (1 - self.alpha):g}")


_WHAT_CAN_BE_SAID = (
    "Las ejecuciones de cada modelo son una muestra independiente de su variación entre "
    "semillas: se puede comparar su media con la **t de Welch** (no supone varianzas iguales) "
    "y si las puntuaciones de uno tienden a superar a las del otro con **Mann-Whitney** (no "
    "supone normalidad; su efecto es la probabilidad de superioridad, U / (n_A · n_B)).",
    "Lo que se pierde al no emparejar: con las mismas semillas, cada semilla daría una "
    "diferencia, y lo que comparten las ejecuciones de una semilla (el orden de los datos, la "
    "inicialización) se restaría. Sin emparejar, la diferencia de medias carga con la "
    "variación de las dos muestras: los intervalos son más anchos y hacen falta más "
    "ejecuciones para ver la misma diferencia.",
    "El orden estocástico aproximado (cuaderno 12, sección 6) tampoco empareja: con dos "
    "modelos y al menos 5 ejecuciones de cada uno, `cu.almost_stochastic_order_test` compara "
    "las dos distribuciones de puntuaciones.",
    "Para la próxima vez: ejecute todos los modelos con las mismas semillas y el informe hará "
    "la comparación pareada (más potente).",
)

_LIMITS = (
    "Estas pruebas solo miden la variación entre semillas en una misma división de los datos, "
    "no la de los datos: no dicen qué modelo sería mejor con otros datos (para eso, validación "
    "cruzada o varios conjuntos de datos).",
    "«No significativo» no es «equivalentes»: para afirmar que dos modelos son prácticamente "
    "iguales hace falta una prueba de equivalencia con un margen fijado de antemano "
    "(cuaderno 07).",
    "Un valor p no es la probabilidad de que los modelos sean iguales.",
)


def _table_notes(several: bool) -> list[str]:
    adjusted = " (ajustado con Holm)" if several else ""
    return [
        f"t y gl: la t de Welch y sus grados de libertad (Welch-Satterthwaite); p Welch{adjusted}"
        ", su valor p bilateral.",
        f"U: el estadístico de Mann-Whitney de A; P(A > B) = U / (n_A · n_B); p MW{adjusted}, "
        "su valor p bilateral (exacto sin empates y con pocas ejecuciones, normal si no; "
        "scipy).",
        "¿Significativa? dice «sí» solo si las dos pruebas rechazan.",
    ]


def _descriptive_cells(descriptives: pd.DataFrame) -> pd.DataFrame:
    out = descriptives.reset_index()
    out["ejecuciones"] = out["ejecuciones"].astype(int).astype(str)
    return out


def _comparison_cells(comparisons: pd.DataFrame, several: bool) -> pd.DataFrame:
    pw = comparisons["welch_pvalue_adjusted" if several else "welch_pvalue"]
    pm = comparisons["mwu_pvalue_adjusted" if several else "mwu_pvalue"]
    return pd.DataFrame({
        "A": comparisons["a"], "B": comparisons["b"],
        "A − B": comparisons["estimate"].map(_fmt),
        "IC inferior": comparisons["ci_low"].map(_fmt),
        "IC superior": comparisons["ci_high"].map(_fmt),
        "t": comparisons["welch_t"].map(lambda v: _fmt(v, 3)),
        "gl": comparisons["welch_df"].map(lambda v: _fmt(v, 1)),
        "p Welch": pw.map(_fmt_p),
        "U": comparisons["mwu_u"].map(lambda v: _fmt(v, 1)),
        "P(A > B)": comparisons["superiority"].map(lambda v: _fmt(v, 3)),
        "p MW": pm.map(_fmt_p),
        "¿significativa?": comparisons["reject"].map({True: "sí", False: "no"}),
    })


def unpaired_seeds_report(d, alpha: float, higher_is_better, rope, call: str,
                          notes: list) -> UnpairedSeedsReport:
    """El informe de semillas sin emparejar de un diseño ``unpaired_seeds`` (``d.table``: una
    columna por modelo con sus ejecuciones, rellenada con NaN)."""
    from scipy import stats

    if rope is not None:
        raise ValueError(
            f"{option('rope')}: el análisis con ROPE es para puntuaciones pareadas (validación "
            "cruzada o varios conjuntos de datos); aquí ningún par de modelos comparte una "
            "semilla. Quite esa opción."
        )
    groups = {m: d.table[m].dropna().to_numpy(dtype=float) for m in d.table.columns}
    names = list(groups)
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    rows = []
    for a, b in pairs:
        w = stats.ttest_ind(groups[a], groups[b], equal_var=False)
        ci = w.confidence_interval(1 - alpha)
        u = stats.mannwhitneyu(groups[a], groups[b], alternative="two-sided")
        rows.append(dict(a=a, b=b, estimate=float(groups[a].mean() - groups[b].mean()),
                         ci_low=float(ci.low), ci_high=float(ci.high),
                         welch_t=float(w.statistic), welch_df=float(w.df),
                         welch_pvalue=float(w.pvalue), mwu_u=float(u.statistic),
                         superiority=float(u.statistic) / (len(groups[a]) * len(groups[b])),
                         mwu_pvalue=float(u.pvalue)))
    comp = pd.DataFrame(rows)
    comp["welch_pvalue_adjusted"] = _holm_adjust(comp["welch_pvalue"].tolist())
    comp["mwu_pvalue_adjusted"] = _holm_adjust(comp["mwu_pvalue"].tolist())
    comp["reject"] = (comp["welch_pvalue_adjusted"] <= alpha) & (
        comp["mwu_pvalue_adjusted"] <= alpha)
    values = [comp[c].to_numpy() for c in ("estimate", "ci_low", "ci_high", "welch_t")]
    if not all(np.isfinite(v).all() for v in values):
        raise ValueError(
            "`data`: las ejecuciones de algún modelo tienen todas la misma puntuación y la t "
            "de Welch no está definida (varianza nula en los dos); compruebe que la semilla "
            "cambia de verdad el entrenamiento."
        )
    descriptives = pd.DataFrame({
        "ejecuciones": {m: len(v) for m, v in groups.items()},
        "media": {m: float(v.mean()) for m, v in groups.items()},
        "desviación típica": {m: float(v.std(ddof=1)) for m, v in groups.items()},
    }).rename_axis("modelo")
    return UnpairedSeedsReport(
        design="unpaired_seeds", models=tuple(names), seed_column=str(d.seed_column),
        descriptives=descriptives, comparisons=comp, alpha=alpha, metric=d.metric,
        higher_is_better=higher_is_better, notes=tuple(n for n in notes if n), call=call,
    )

