"""Informe de una evaluación por preguntas: tablas largas ``item, model, correct[, cluster]``.

Una fila por pregunta y modelo (o por respuesta muestreada, si hay varias por pregunta), con
los nombres de columna en inglés o en español (``pregunta, modelo, acierto[, grupo]``).
:func:`question_columns` reconoce la tabla; :func:`analyze_question_table` la analiza con
:mod:`course_utils.practice.question_evals` (Miller, 2024) y devuelve un
:class:`QuestionEvalsReport` con el informe en español.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from course_utils._validation import check_alpha, show_value
from course_utils.report._blocks import blocks_html, blocks_latex, blocks_markdown
from course_utils.practice.question_evals import compare_question_models, question_score
from course_utils.report._roles import _LABEL_NAMES, _plain

__all__ = ["QuestionEvalsReport", "analyze_question_table", "question_columns"]

#: Nombres de columna reconocidos para cada papel (se comparan sin mayúsculas, acentos ni
#: separadores). «score» o «puntuacion» hacen de acierto solo si no hay otro nombre de acierto:
#: una puntuación en [0, 1] por pregunta (una respuesta parcialmente correcta).
QUESTION_ROLES: dict[str, tuple[str, ...]] = {
    "item": ("item", "pregunta", "question", "question_id", "item_id", "doc_id", "id_pregunta"),
    "model": ("model", "modelo", "model_name", "nombre_modelo"),
    "correct": ("correct", "acierto", "aciertos", "is_correct", "correcto", "correcta", "score",
                "puntuacion", "acc", "exact_match"),
    "cluster": ("cluster", "grupo", "passage", "pasaje", "topic", "tema", "categoria",
                "category"),
}


def question_columns(table: pd.DataFrame) -> dict[str, str] | None:
    """Papel → columna si la tabla es de preguntas (``item``, ``model`` y ``correct``).

    Una tabla con una columna de etiquetas verdaderas («label», «clase»...) no lo es: son
    predicciones en forma larga (una fila por caso y modelo)."""
    found: dict[str, str] = {}
    for role, names in QUESTION_ROLES.items():  # por orden de preferencia de los nombres
        for name in names:
            hits = [c for c in table.columns if _plain(c) == name]
            if hits and role not in found:
                found[role] = hits[0]
    if not {"item", "model", "correct"} <= set(found):
        return None
    if any(_plain(c) in _LABEL_NAMES for c in table.columns):
        return None
    return found


@dataclass(frozen=True)
class QuestionEvalsReport:
    """Análisis de una evaluación por preguntas, con el informe en español.

    Atributos
    ---------
    models : tuple of str
    n_questions, n_clusters, n_samples : int
        Preguntas, grupos (0 sin columna de grupo) y respuestas por pregunta y modelo (la
        mayor; 1 si hay una).
    scores : pandas.DataFrame
        Una fila por modelo: ``score``, ``se``, ``se_naive``, ``se_clustered``, ``ci_low``,
        ``ci_high``.
    comparisons : pandas.DataFrame
        Una fila por pareja: ``a``, ``b``, ``estimate`` (A − B), ``se``, ``ci_low``,
        ``ci_high``, ``test``, ``pvalue``, ``pvalue_adjusted`` (Holm), ``reject``.
    alpha : float
    notes : tuple of str
    design : str
        ``"questions"``.
    """

    models: tuple
    n_questions: int
    n_clusters: int
    n_samples: int
    scores: pd.DataFrame = field(repr=False)
    comparisons: pd.DataFrame = field(repr=False)
    alpha: float
    notes: tuple
    design: str = "questions"

    @property
    def procedure(self) -> str:
        """El análisis, en una frase (la orden de terminal lo dice mientras trabaja)."""
        return "evaluación por preguntas (Miller, 2024)"

    def _blocks(self) -> list:
        conf = f"{100 * (1 - self.alpha):.4g} %"
        kind = "por grupos" if self.n_clusters else "del teorema central del límite"
        scores = pd.DataFrame({
            "modelo": list(self.scores.index),
            "puntuación": [f"{v:.4f}" for v in self.scores["score"]],
            "error estándar": [f"{v:.4f}" for v in self.scores["se"]],
            "EE sin grupos": [f"{v:.4f}" for v in self.scores["se_naive"]],
            "intervalo": [f"[{lo:.4f}, {hi:.4f}]" for lo, hi in
                          zip(self.scores["ci_low"], self.scores["ci_high"])],
        })
        c = self.comparisons
        pairs = pd.DataFrame({
            "A": c["a"], "B": c["b"], "A − B": [f"{v:.4f}" for v in c["estimate"]],
            "error estándar": [f"{v:.4f}" for v in c["se"]],
            "intervalo": [f"[{lo:.4f}, {hi:.4f}]" for lo, hi in zip(c["ci_low"], c["ci_high"])],
            "prueba": c["test"], "valor p": [f"{v:.4f}" for v in c["pvalue"]],
            "p (Holm)": [f"{v:.4f}" for v in c["pvalue_adjusted"]],
        })
        blocks = [
            ("h1", "Informe: evaluación por preguntas"),
            ("p", f"{self.n_questions} preguntas, {len(self.models)} modelos"
                  + (f", {self.n_clusters} grupos de preguntas" if self.n_clusters else "")
                  + (f", hasta {self.n_samples} respuestas por pregunta"
                     if self.n_samples > 1 else "")
                  + ". Cada modelo respondió a las mismas preguntas: las comparaciones son "
                  "pareadas."),
            ("h2", "Puntuación de cada modelo"),
            ("table", (f"Media de las preguntas, con el error estándar {kind} (Miller, 2024) y "
                       f"el intervalo normal al {conf}.", scores)),
            ("h2", "Diferencias pareadas"),
            ("table", (f"Diferencia de puntuación (A − B) de cada pareja, con su error estándar "
                       f"y el intervalo normal al {conf}; valores p ajustados con Holm.", pairs)),
            ("h2", "Conclusión"),
            ("ul", self._conclusions()),
            ("h2", "Lo que este informe no afirma"),
            ("ul", list(_LIMITS)),
        ]
        if self.notes:
            blocks += [("h2", "Notas sobre los datos"), ("ul", list(self.notes))]
        return blocks + [("p", "Referencia: Miller, E. (2024). Adding error bars to evals: a "
                               "statistical approach to language model evaluations. "
                               "arXiv:2411.00640.")]

    def _conclusions(self) -> list[str]:
        rejected = self.comparisons[self.comparisons["reject"]]
        out = []
        if rejected.empty:
            out.append(
                f"Ninguna diferencia es significativa al {self.alpha:g} tras el ajuste de "
                "Holm: con estas preguntas no se puede ordenar a los modelos (lo que no "
                "demuestra que sean iguales)."
            )
        for row in rejected.itertuples():
            better, worse = (row.a, row.b) if row.estimate > 0 else (row.b, row.a)
            out.append(
                f"{better} puntúa más que {worse} ({abs(row.estimate):.4f} de diferencia, "
                f"p ajustado = {row.pvalue_adjusted:.4f})."
            )
        return out

    def to_markdown(self, *, links: str | None = None) -> str:
        """El informe en Markdown (español); ``links`` se acepta como en los demás informes
        (este no enlaza cuadernos)."""
        return blocks_markdown(self._blocks())

    def summary(self) -> str:
        """El informe como texto (el Markdown). Devuelve el texto (no lo imprime)."""
        return self.to_markdown()

    def to_html(self, *, links: str | None = None, figure: bool = True) -> str:
        """El informe como una página HTML autónoma (sin figura)."""
        return blocks_html(self._blocks(), f"{100 * (1 - self.alpha):.4g}")

    def to_latex(self) -> str:
        """Las tablas del informe en LaTeX (``booktabs``), como :meth:`AnalysisResult.to_latex`."""
        return blocks_latex(self._blocks(), f"{100 * (1 - self.alpha):.4g}")


_LIMITS = (
    "Los errores estándar miden la incertidumbre por haber elegido estas preguntas de una "
    "población de preguntas posibles; no dicen nada de otras tareas, otros idiomas u otra "
    "forma de preguntar.",
    "Si las preguntas comparten pasaje o tema y la tabla no tiene columna de grupo, los "
    "errores estándar son demasiado pequeños (preguntas no independientes).",
    "Un valor p no es la probabilidad de que los modelos sean iguales, y una diferencia no "
    "significativa no demuestra que lo sean (para eso, una prueba de equivalencia).",
    "No detecta preguntas que los modelos vieran al entrenarse (contaminación) ni errores en "
    "las respuestas de referencia.",
)


def _missing_pairs(counts: pd.DataFrame) -> str:
    item, model = next((i, m) for i in counts.index for m in counts.columns
                       if counts.loc[i, m] == 0)
    return f"la pregunta {item!r} no tiene resultado del modelo {model!r}"


def _check_answer_counts(counts: pd.DataFrame, model) -> None:
    """Al menos dos modelos, cada uno con respuesta en todas las preguntas y el mismo número de
    respuestas en cada celda pregunta × modelo."""
    if counts.shape[1] < 2:
        raise ValueError(
            f"`data`: la columna «{model}» tiene un solo modelo ({counts.columns[0]!r}): no hay "
            "nada que comparar. Para su puntuación y su error estándar use cu.question_score."
        )
    if (counts == 0).to_numpy().any():
        raise ValueError(
            f"`data`: cada modelo debe responder a las mismas preguntas (la comparación es "
            f"pareada), pero {_missing_pairs(counts)}. Quite esa pregunta o complete el resultado."
        )
    if counts.to_numpy().min() != counts.to_numpy().max():
        # Varias respuestas por pregunta son muestras; un número distinto en una sola celda
        # suele ser una fila repetida o perdida, y cambiaría la media y la prueba sin decirlo.
        usual = int(np.median(counts.to_numpy()))
        it, mo = next((i, m) for i in counts.index for m in counts.columns
                      if counts.loc[i, m] != usual)
        raise ValueError(
            f"`data`: cada pregunta debe tener el mismo número de respuestas de cada modelo, "
            f"pero la pregunta {it!r} tiene {int(counts.loc[it, mo])} de {mo!r} y la mayoría "
            f"de las celdas {usual}. ¿Hay filas repetidas o perdidas? Si son respuestas "
            "muestreadas, dé a todas las preguntas el mismo número."
        )


def analyze_question_table(
    table: pd.DataFrame, columns: dict[str, str] | None = None, *, alpha: float = 0.05
) -> QuestionEvalsReport:
    """Analiza una tabla larga de preguntas (ver el módulo) y devuelve el informe.

    Varias filas de una misma pregunta y modelo son respuestas muestreadas: la pregunta
    se resume por su media. Cada modelo debe tener resultado en todas las preguntas (la
    comparación es pareada), y el grupo de una pregunta debe ser uno solo.

    Lanza
    -----
    ValueError
        Si falta alguna columna, hay un solo modelo, un modelo no respondió a alguna
        pregunta o lo hizo un número de veces distinto del de las demás, una pregunta está en
        dos grupos o un acierto no está en [0, 1].
    """
    alpha = check_alpha(alpha)
    columns = question_columns(table) if columns is None else columns
    if columns is None:
        raise ValueError(
            "`data`: una evaluación por preguntas necesita las columnas «item» (o «pregunta»), "
            f"«model» (o «modelo») y «correct» (o «acierto»); llegaron {list(table.columns)}."
        )
    item, model, correct = columns["item"], columns["model"], columns["correct"]
    values = pd.to_numeric(table[correct], errors="coerce")
    bad = values.isna() | (values < 0) | (values > 1)
    if bad.any():
        row = int(np.flatnonzero(bad.to_numpy())[0])
        raise ValueError(
            f"`data`: la columna «{correct}» debe tener aciertos 0/1 o puntuaciones en [0, 1]; "
            f"la fila {row} tiene {show_value(table[correct].iloc[row])}."
        )
    frame = pd.DataFrame({"item": table[item].astype(str), "model": table[model].astype(str),
                          "correct": values.astype(float)})
    counts = frame.pivot_table(index="item", columns="model", values="correct", aggfunc="size",
                               fill_value=0)
    _check_answer_counts(counts, model)
    means = frame.pivot_table(index="item", columns="model", values="correct", aggfunc="mean")
    clusters = None
    notes = []
    if "cluster" in columns:
        groups = table.assign(_item=frame["item"]).groupby("_item")[columns["cluster"]]
        several = groups.nunique()
        if (several > 1).any():
            raise ValueError(
                f"`data`: la pregunta {several[several > 1].index[0]!r} aparece en más de un "
                f"grupo de la columna «{columns['cluster']}»; cada pregunta pertenece a un solo "
                "grupo (pasaje, tema)."
            )
        clusters = groups.first().loc[means.index].astype(str).to_numpy()
    n_samples = int(counts.to_numpy().max())
    if n_samples > 1:
        notes.append(
            f"Hay hasta {n_samples} respuestas por pregunta y modelo: cada pregunta se resume "
            "por la media de sus respuestas, y las comparaciones usan la prueba z (McNemar es "
            "para un acierto 0/1 por pregunta)."
        )
    if clusters is not None:
        notes.append(
            f"Errores estándar por grupos ({len(set(clusters))} grupos de la columna "
            f"«{columns['cluster']}»), sin corrección para muestras pequeñas; McNemar supone "
            "preguntas independientes y no se usa."
        )
    rows = {}
    for m in means.columns:
        r = question_score(means[m].to_numpy(), clusters, alpha=alpha)
        rows[m] = {"score": r.score, "se": r.se, "se_naive": r.se_naive,
                   "se_clustered": r.se_clustered, "ci_low": r.ci_low, "ci_high": r.ci_high}
    scores = pd.DataFrame.from_dict(rows, orient="index").sort_values("score", ascending=False)
    ordered = means[list(scores.index)]
    pairs = compare_question_models(ordered.to_numpy(), list(ordered.columns), clusters,
                                    alpha=alpha)
    comp = pd.DataFrame([{
        "a": a, "b": b, "estimate": d.estimate, "se": d.se, "ci_low": d.ci_low,
        "ci_high": d.ci_high,
        "test": "McNemar exacta" if d.mcnemar_pvalue is not None else "z pareada",
        "pvalue": d.mcnemar_pvalue if d.mcnemar_pvalue is not None else d.pvalue,
        "pvalue_adjusted": p_adj, "reject": p_adj <= alpha,
    } for a, b, d, p_adj in pairs])
    return QuestionEvalsReport(
        models=tuple(scores.index), n_questions=int(means.shape[0]),
        n_clusters=0 if clusters is None else len(set(clusters)), n_samples=n_samples,
        scores=scores, comparisons=comp, alpha=alpha, notes=tuple(notes),
    )
