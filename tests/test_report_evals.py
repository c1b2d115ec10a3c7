"""El informe lee evaluaciones por preguntas (``item, model, correct[, cluster]``).

La tabla es generada (no de un banco publicado): 60 pasajes de 4 preguntas, con la
dificultad del pasaje compartida por sus preguntas, y tres modelos. Las cifras se comparan
con statsmodels (OLS con errores por grupos, McNemar exacta, Holm).
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests

import course_utils as cu
from course_utils.__main__ import main


def _bank(seed: int = 0, english: bool = False, samples: int = 1) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n_passages, per = 60, 4
    passage = np.repeat(np.arange(n_passages), per)
    difficulty = rng.normal(0, 1.0, n_passages)[passage]
    rows = []
    for model, skill in [("modelo-a", 0.9), ("modelo-b", 0.6), ("modelo-c", 0.55)]:
        prob = 1 / (1 + np.exp(-(skill + difficulty)))
        for _ in range(samples):
            hit = (rng.random(passage.size) < prob).astype(int)
            rows += [(f"q{i:03d}", model, int(h), f"pasaje-{g}")
                     for i, (h, g) in enumerate(zip(hit, passage))]
    names = (["item", "model", "correct", "cluster"] if english
             else ["pregunta", "modelo", "acierto", "grupo"])
    return pd.DataFrame(rows, columns=names)


def _wide(table: pd.DataFrame, item="pregunta", model="modelo", correct="acierto"):
    return table.pivot_table(index=item, columns=model, values=correct, aggfunc="mean")


def test_clustered_report_matches_statsmodels():
    table = _bank()
    report = cu.analyze_results(table)
    wide = _wide(table)
    groups = table.groupby("pregunta")["grupo"].first().loc[wide.index].to_numpy()
    codes = pd.factorize(groups)[0]
    for m in wide.columns:
        fit = sm.OLS(wide[m].to_numpy(), np.ones((len(wide), 1))).fit(
            cov_type="cluster", cov_kwds={"groups": codes, "use_correction": False})
        assert report.scores.loc[m, "score"] == pytest.approx(fit.params[0])
        assert report.scores.loc[m, "se"] == pytest.approx(fit.bse[0], rel=1e-10)
    assert report.n_questions == 240 and report.n_clusters == 60
    row = report.comparisons.iloc[0]
    d = (wide[row.a] - wide[row.b]).to_numpy()
    fit = sm.OLS(d, np.ones((len(d), 1))).fit(
        cov_type="cluster", cov_kwds={"groups": codes, "use_correction": False})
    assert row.se == pytest.approx(fit.bse[0], rel=1e-10)
    assert row.test == "z pareada"
    text = report.to_markdown()
    assert "Lo que este informe no afirma" in text and "por grupos" in text


def test_report_without_clusters_uses_mcnemar_and_holm():
    table = _bank(1, english=True).drop(columns="cluster")
    report = cu.analyze_results(table)
    wide = _wide(table, "item", "model", "correct")
    raw = {}
    for a, b in itertools.combinations(wide.columns, 2):
        x, y = wide[a].to_numpy(), wide[b].to_numpy()
        t = [[np.sum((x == 1) & (y == 1)), np.sum((x == 1) & (y == 0))],
             [np.sum((x == 0) & (y == 1)), np.sum((x == 0) & (y == 0))]]
        raw[frozenset((a, b))] = sm_mcnemar(t, exact=True).pvalue
    got = {frozenset((r.a, r.b)): (r.pvalue, r.pvalue_adjusted)
           for r in report.comparisons.itertuples()}
    keys = list(raw)
    adj = multipletests([raw[k] for k in keys], method="holm")[1]
    for k, p_adj in zip(keys, adj):
        assert got[k][0] == pytest.approx(raw[k], rel=1e-12)
        assert got[k][1] == pytest.approx(p_adj, rel=1e-12)
    assert set(report.comparisons["test"]) == {"McNemar exacta"}


def test_several_answers_per_question_are_averaged():
    table = _bank(2, samples=3)
    report = cu.analyze_results(table)
    wide = _wide(table)
    assert report.n_samples == 3
    for m in wide.columns:
        assert report.scores.loc[m, "score"] == pytest.approx(wide[m].mean())
    assert set(report.comparisons["test"]) == {"z pareada"}


@pytest.mark.parametrize(
    "edit, words",
    [
        (lambda t: t[t["modelo"] == "modelo-a"], "un solo modelo"),
        (lambda t: t.drop(index=5), "mismas preguntas"),
        (lambda t: t.assign(acierto=t["acierto"].where(t.index != 3, 2)), "[0, 1]"),
        (lambda t: t.assign(grupo=t["grupo"].where(t.index != 0, "otro")), "más de un grupo"),
    ],
)
def test_bad_question_tables_are_explained_in_spanish(edit, words):
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        cu.analyze_results(edit(_bank(3)))


def test_command_line_writes_the_report(tmp_path):
    csv = tmp_path / "preguntas.csv"
    _bank(4).to_csv(csv, index=False)
    out = tmp_path / "informe.md"
    assert main(["informe", str(csv), "--salida", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "# Informe: evaluación por preguntas" in text
    assert "modelo-a" in text and "p (Holm)" in text


def test_html_and_latex_are_written_like_the_other_designs(tmp_path):
    csv = tmp_path / "preguntas.csv"
    _bank(5).to_csv(csv, index=False)
    report = cu.analyze_results(csv)
    se = f"{report.scores['se'].iloc[0]:.4f}"
    for fmt, marks in (("html", ("<table>", "<figcaption>", se)),
                       ("latex", (r"\begin{tabular}", r"\caption{", se))):
        out = tmp_path / f"informe.{fmt}"
        assert main(["informe", str(csv), "--formato", fmt, "--salida", str(out)]) == 0
        text = out.read_text(encoding="utf-8")
        assert all(m in text for m in marks), fmt
    assert report.to_latex().isascii()


def test_design_questions_is_selectable_and_names_the_columns_it_needs(tmp_path):
    from course_utils.report import DESIGNS

    table = _bank(6, english=True).rename(columns={"item": "question", "correct": "score",
                                                   "cluster": "topic"})
    report = cu.analyze_results(table, design="questions")
    assert report.design == "questions" and report.n_clusters == 60
    assert cu.analyze_results(table).design == "questions"  # también sin decirlo
    wide = _wide(table, "question", "model", "score")
    assert report.scores.loc["modelo-a", "score"] == pytest.approx(wide["modelo-a"].mean())
    csv = tmp_path / "preguntas.csv"
    table.to_csv(csv, index=False)
    assert main(["informe", str(csv), "--diseno", "questions"]) == 0
    with pytest.raises(ValueError, match="«item» \\(o «pregunta»\\)"):
        cu.analyze_results(table.rename(columns={"question": "q"}), design="questions")
    # la orden ofrece los mismos diseños que la función
    from course_utils.__main__ import _parser

    import argparse

    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    action = next(a for a in sub.choices["informe"]._actions if "--diseno" in a.option_strings)
    assert tuple(action.choices) == DESIGNS


def test_a_label_column_makes_it_long_predictions_not_questions():
    table = _bank(7, english=True).drop(columns="cluster")
    table["label"] = table.groupby("item")["correct"].transform("first")
    assert cu.analyze_results(table.rename(columns={"item": "case_id"}),
                              label_column="label").design == "test_set"
    from course_utils.report._evals import question_columns

    assert question_columns(table) is None


def test_a_repeated_or_lost_answer_is_refused_not_averaged_in():
    # Con una sola fila repetida (con el acierto contrario), la media de A bajaba de 0.7 a
    # 0.6917 y el análisis pasaba de McNemar exacta a la prueba z, solo con una nota.
    rng = np.random.default_rng(0)
    rows = [dict(pregunta=i, modelo=m, acierto=int(rng.random() < p))
            for i in range(60) for m, p in (("A", 0.7), ("B", 0.5))]
    data = pd.DataFrame(rows)
    assert cu.analyze_results(data).design == "questions"
    extra = pd.DataFrame([dict(pregunta=7, modelo="A", acierto=1 - data.acierto[14])])
    with pytest.raises(ValueError, match="la pregunta '7' tiene 2 de 'A'"):
        cu.analyze_results(pd.concat([data, extra], ignore_index=True))
    # Tres respuestas muestreadas por pregunta y modelo, y a una le falta una: también.
    three = pd.concat([data] * 3, ignore_index=True)
    with pytest.raises(ValueError, match="la pregunta '5' tiene 2 de 'B'"):
        cu.analyze_results(three.drop(index=11))
