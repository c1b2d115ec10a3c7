"""El informe ante predicciones en forma larga y semillas no pareadas.

Referencias independientes: ``sklearn.metrics.roc_auc_score`` y DeLong escrito tal cual
(``naive_delong`` de ``test_single_test_set``) para las AUC, la mid-p de McNemar con
``scipy.stats.binom``, y ``scipy.stats.ttest_ind(equal_var=False)`` y ``mannwhitneyu`` para las
semillas no pareadas.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sklearn.metrics import roc_auc_score

import course_utils as cu
from course_utils.__main__ import main
from test_single_test_set import naive_delong


def _long_scores(seed=0, n=80):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    a = rng.normal(size=n) + y
    b = 0.6 * a + rng.normal(size=n) * 0.8 + 0.3 * y
    long = pd.DataFrame({"case_id": np.tile(np.arange(n), 2), "model": ["A"] * n + ["B"] * n,
                         "score": np.r_[a, b], "label": np.r_[y, y]})
    return long, y, a, b


def _check_delong(result, y, a, b):
    ref = naive_delong(y, a, b)
    row = result.comparisons.iloc[0]
    assert result.design == "test_set"
    assert row["estimate"] == pytest.approx(roc_auc_score(y, a) - roc_auc_score(y, b),
                                            abs=1e-12)
    assert row["pvalue"] == pytest.approx(2 * stats.norm.sf(abs(ref["z"])), rel=1e-9)


def test_long_predictions_english_names_are_a_test_set():
    long, y, a, b = _long_scores()
    _check_delong(cu.analyze_results(long), y, a, b)


def test_long_predictions_spanish_names_any_row_order():
    long, y, a, b = _long_scores(seed=3)
    long = long.rename(columns={"case_id": "id", "model": "modelo", "score": "probabilidad",
                                "label": "clase"})
    long = long.sample(frac=1.0, random_state=1)
    _check_delong(cu.analyze_results(long), y, a, b)


def _long_labels(seed=0, n=60):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    pa = np.where(rng.random(n) < 0.8, y, 1 - y)
    pb = np.where(rng.random(n) < 0.65, y, 1 - y)
    long = pd.DataFrame({"caso": np.tile(np.arange(n), 2), "modelo": ["A"] * n + ["B"] * n,
                         "u": np.r_[pa, pb], "etiqueta": np.r_[y, y]})
    return long, y, pa, pb


def _midp(y, pa, pb):
    """McNemar mid-p con los discordantes (A acierta y B no, y al revés)."""
    ok_a, ok_b = pa == y, pb == y
    n01, n10 = int(np.sum(ok_a & ~ok_b)), int(np.sum(~ok_a & ok_b))
    k, m = min(n01, n10), n01 + n10
    return min(2 * stats.binom.cdf(k, m, 0.5) - stats.binom.pmf(k, m, 0.5), 1.0)


def test_long_predicted_labels_are_mcnemar():
    # «etiqueta» es la misma en todas las filas de un caso; «u» cambia con el modelo.
    long, y, pa, pb = _long_labels()
    result = cu.analyze_results(long)
    assert result.design == "test_set"
    assert result.comparisons.iloc[0]["pvalue"] == pytest.approx(_midp(y, pa, pb), rel=1e-9)


def test_long_two_prediction_columns_ask_and_each_suggested_option_works():
    long, y, a, b = _long_scores(seed=5)
    pred = (long["score"] > 0.5).astype(int)
    long = long.assign(pred=pred)
    with pytest.raises(ValueError) as err:
        cu.analyze_results(long)
    text = str(err.value)
    assert "forma larga" in text and "«score»" in text and "«pred»" in text
    label = re.search(r"label_column='([^']+)'", text).group(1)
    score = re.search(r"score_column='([^']+)'", text).group(1)
    assert (label, score) == ("label", "score")
    _check_delong(cu.analyze_results(long, label_column=label, score_column=score), y, a, b)
    result = cu.analyze_results(long, label_column="label", score_column="pred")
    n = len(y)
    assert result.comparisons.iloc[0]["pvalue"] == pytest.approx(
        _midp(y, pred.to_numpy()[:n], pred.to_numpy()[n:]), rel=1e-9)


def test_unpaired_seeds_give_a_report_with_welch_and_mann_whitney(tmp_path):
    rng = np.random.default_rng(7)
    a, b = rng.normal(0.80, 0.02, 10), rng.normal(0.78, 0.03, 12)
    long = pd.DataFrame({"model": ["A"] * 10 + ["B"] * 12, "seed": np.arange(22),
                         "accuracy": np.r_[a, b]})
    r = cu.analyze_results(long)
    assert r.design == "unpaired_seeds"
    row = r.comparisons.iloc[0]
    welch = stats.ttest_ind(a, b, equal_var=False)
    mwu = stats.mannwhitneyu(a, b, alternative="two-sided")
    # el intervalo de Welch, escrito aquí: gl de Welch-Satterthwaite y t de Student
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    df = (va + vb) ** 2 / (va ** 2 / (a.size - 1) + vb ** 2 / (b.size - 1))
    half = stats.t.ppf(0.975, df) * math.sqrt(va + vb)
    assert row["estimate"] == pytest.approx(a.mean() - b.mean(), abs=1e-15)
    assert (row["ci_low"], row["ci_high"]) == pytest.approx(
        (a.mean() - b.mean() - half, a.mean() - b.mean() + half), rel=1e-12)
    assert row["welch_df"] == pytest.approx(df, rel=1e-12)
    assert row["welch_pvalue"] == pytest.approx(welch.pvalue, rel=1e-12)
    assert row["mwu_pvalue"] == pytest.approx(mwu.pvalue, rel=1e-12)
    # probabilidad de superioridad por enumeración de las 10 × 12 parejas
    wins = np.mean([(x > y) + 0.5 * (x == y) for x in a for y in b])
    assert row["superiority"] == pytest.approx(wins, rel=1e-12)
    text = r.to_markdown()
    for words in ("independiente", "Lo que se pierde al no emparejar", "mismas semillas",
                  f"{welch.statistic:.3f}", f"{welch.pvalue:.4f}", f"{mwu.pvalue:.4f}"):
        assert words in text
    assert "<table>" in r.to_html() and r"\begin{tabular}" in r.to_latex()
    csv = tmp_path / "semillas.csv"
    long.to_csv(csv, index=False)
    for fmt in ("markdown", "html", "latex"):
        assert main(["informe", str(csv), "--formato", fmt, "--salida",
                     str(tmp_path / f"informe.{fmt}")]) == 0


def test_unpaired_seeds_refuse_rope_and_other_designs():
    rng = np.random.default_rng(9)
    long = pd.DataFrame({"model": ["A"] * 6 + ["B"] * 6, "seed": np.arange(12),
                         "accuracy": rng.normal(0.8, 0.02, 12)})
    with pytest.raises(ValueError, match="ROPE"):
        cu.analyze_results(long, rope=0.01)
    with pytest.raises(ValueError, match="design='seeds'"):
        cu.analyze_results(long, design="cv")
    assert cu.analyze_results(long, design="seeds").design == "unpaired_seeds"


def _corrected_t_p(a, b, ratio):
    """t corregida de Nadeau y Bengio (2003), escrita aquí: var·(1/n + n_prueba/n_entr.)."""
    d = np.asarray(a, float) - np.asarray(b, float)
    n = len(d)
    t = d.mean() / math.sqrt(d.var(ddof=1) * (1 / n + ratio))
    return 2 * stats.t.sf(abs(t), n - 1)


def test_text_fold_names_are_folds():
    rng = np.random.default_rng(11)
    a, b = rng.normal(0.8, 0.03, 5), rng.normal(0.77, 0.03, 5)
    long = pd.DataFrame({"fold": [f"fold {i + 1}" for i in range(5)] * 2,
                         "model": ["A"] * 5 + ["B"] * 5, "accuracy": np.r_[a, b]})
    r = cu.analyze_results(long, test_train_ratio=0.25)
    assert r.design == "cv" and r.n_units == 5
    assert r.comparisons.iloc[0]["pvalue"] == pytest.approx(_corrected_t_p(a, b, 0.25),
                                                            rel=1e-9)


def test_fold_column_with_train_and_test_is_refused_and_the_advice_works():
    rng = np.random.default_rng(12)
    scores = rng.normal(0.8, 0.03, 20)
    long = pd.DataFrame({"fold": ["train", "test"] * 10,
                         "cv_fold": np.repeat(np.arange(5), 2).tolist() * 2,
                         "model": ["A"] * 10 + ["B"] * 10, "accuracy": scores})
    with pytest.raises(ValueError) as err:
        cu.analyze_results(long, fold_column="fold")
    text = str(err.value)
    assert "«fold»" in text and "«train»" in text and "fold_column" in text
    code = re.search(r"`(data\[.*?\))`", text).group(1)
    kept = eval(code, {"data": long})  # la orden de pandas que da el mensaje
    r = cu.analyze_results(kept, fold_column="cv_fold", test_train_ratio=0.25)
    test = long[long["fold"] == "test"]
    a, b = test[test.model == "A"].accuracy, test[test.model == "B"].accuracy
    assert r.design == "cv" and r.n_units == 5
    assert r.comparisons.iloc[0]["pvalue"] == pytest.approx(_corrected_t_p(a, b, 0.25),
                                                            rel=1e-9)


def test_long_predicted_labels_three_models_are_cochran():
    from statsmodels.stats.contingency_tables import cochrans_q

    rng = np.random.default_rng(21)
    n = 80
    y = rng.integers(0, 2, n)
    preds = [np.where(rng.random(n) < acc, y, 1 - y) for acc in (0.85, 0.7, 0.6)]
    long = pd.DataFrame({"id": np.tile(np.arange(n), 3),
                         "modelo": np.repeat(["A", "B", "C"], n),
                         "prediccion": np.concatenate(preds), "clase": np.tile(y, 3)})
    r = cu.analyze_results(long.sample(frac=1.0, random_state=2))
    ref = cochrans_q(np.column_stack([p == y for p in preds]).astype(int))
    assert r.design == "test_set" and r.n_units == n
    assert r.omnibus["pvalue"] == pytest.approx(ref.pvalue, rel=1e-9)


def test_unpaired_seeds_three_models_holm_as_statsmodels():
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(8)
    groups = [rng.normal(mu, 0.02, 8) for mu in (0.80, 0.79, 0.76)]
    long = pd.DataFrame({"algoritmo": np.repeat(["A", "B", "C"], 8),
                         "semilla": np.arange(24), "exactitud": np.concatenate(groups)})
    r = cu.analyze_results(long)
    pairs = [(0, 1), (0, 2), (1, 2)]
    welch = [stats.ttest_ind(groups[i], groups[j], equal_var=False).pvalue for i, j in pairs]
    mwu = [stats.mannwhitneyu(groups[i], groups[j]).pvalue for i, j in pairs]
    assert r.comparisons["welch_pvalue_adjusted"].tolist() == pytest.approx(
        multipletests(welch, method="holm")[1], rel=1e-12)
    assert r.comparisons["mwu_pvalue_adjusted"].tolist() == pytest.approx(
        multipletests(mwu, method="holm")[1], rel=1e-12)
    assert "ajustados con Holm" in r.to_markdown()


def test_long_outcome_without_a_label_name_is_asked_and_the_option_works():
    long, y, a, b = _long_scores(seed=9)
    long = long.rename(columns={"label": "grupo"})
    with pytest.raises(ValueError) as err:
        cu.analyze_results(long)
    text = str(err.value)
    assert "«grupo»" in text
    label = re.search(r"label_column='([^']+)'", text).group(1)
    _check_delong(cu.analyze_results(long, label_column=label), y, a, b)


def test_long_predictions_without_case_column_are_paired_by_position_and_say_so():
    long, y, a, b = _long_scores(seed=13)
    r = cu.analyze_results(long.drop(columns="case_id"))
    _check_delong(r, y, a, b)
    assert any("por su posición dentro de cada modelo" in n for n in r.notes)


@pytest.mark.parametrize("shuffle", ["sorted_by_label", "shuffled_per_model"])
def test_long_predictions_that_cannot_be_aligned_ask_and_the_suggested_command_works(shuffle):
    long, y, a, b = _long_scores(seed=14)
    if shuffle == "sorted_by_label":  # el mismo orden de casos en los dos, agrupado por clase
        order = np.argsort(y, kind="stable")
        long = pd.concat([g.iloc[order] for _, g in long.groupby("model", sort=False)])
        y, a, b = y[order], a[order], b[order]
    else:  # cada modelo en su orden: por posición no se pueden emparejar
        long = long.sample(frac=1.0, random_state=3)
    data = long.drop(columns="case_id")
    with pytest.raises(ValueError) as err:
        cu.analyze_results(data)
    text = str(err.value)
    assert "no tiene una columna que diga qué caso es cada fila" in text
    code = re.search(r"`(data\.assign\(.*?\))`", text).group(1)
    fixed = eval(code, {"data": data})  # la orden de pandas que da el mensaje
    if shuffle == "sorted_by_label":  # las filas sí estaban en el mismo orden: ahora se lee
        _check_delong(cu.analyze_results(fixed), y, a, b)


def test_long_predictions_without_case_column_on_the_command_line(tmp_path):
    long, y, a, b = _long_scores(seed=15)
    csv = tmp_path / "predicciones.csv"
    long.drop(columns="case_id").to_csv(csv, index=False)
    out = tmp_path / "informe.md"
    assert main(["informe", str(csv), "--salida", str(out)]) == 0
    assert "por su posición dentro de cada modelo" in out.read_text(encoding="utf-8")
