"""El análisis automático de un diseño (``analyze_results``), su informe y la orden de terminal.

Referencias independientes: las funciones del curso que la función reúne (cada una probada en
su fichero contra scipy, statsmodels o R), scipy y autorank (Herbold, 2020), que elige pruebas
para la misma tabla conjuntos × algoritmos. La guía «¿Qué prueba uso?» del cuaderno 10 y
``course_utils.report.guide`` deben decir lo mismo.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import course_utils as cu
from course_utils.__main__ import main
from course_utils.report.guide import GUIDE

ROOT = Path(__file__).resolve().parent.parent
RNG_SEED = 20261124


def _guide_branches() -> dict[int, str]:
    nb = json.loads((ROOT / "notebooks" / "10_laboratorio_de_simulacion.ipynb").read_text())
    text = next("".join(c["source"]) for c in nb["cells"]
                if c["cell_type"] == "markdown" and "".join(c["source"]).startswith(
                    "## 7. ¿Qué prueba uso?"))
    parts = re.split(r"^(\d)\. ", text, flags=re.M)
    return {int(parts[i]): " ".join(parts[i + 1].split()) for i in range(1, len(parts), 2)}


@pytest.mark.parametrize("key", sorted(GUIDE))
def test_every_guide_entry_is_in_the_notebook_10_guide(key):
    entry = GUIDE[key]
    branches = _guide_branches()
    assert entry.branch in branches, f"la guía del cuaderno 10 no tiene la pregunta {entry.branch}"
    branch = branches[entry.branch]
    assert " ".join(entry.phrase.split()) in branch, (
        f"{key}: la pregunta {entry.branch} de la guía del cuaderno 10 ya no dice "
        f"«{entry.phrase}»; cambie la guía y course_utils/report/guide.py a la vez"
    )
    assert f"({entry.notebook})" in branch, f"{key}: la rama no enlaza {entry.notebook}"
    assert (ROOT / "notebooks" / entry.notebook).is_file()


def test_guide_sections_exist():
    for entry in GUIDE.values():
        nb = json.loads((ROOT / "notebooks" / entry.notebook).read_text())
        headings = [line for c in nb["cells"] if c["cell_type"] == "markdown"
                    for line in "".join(c["source"]).splitlines() if line.startswith("## ")]
        assert any(h.startswith(f"## {entry.section}. ") for h in headings), entry.key


# --- Datos de ejemplo de cada diseño -------------------------------------------------------


def _test_set(k=2, n=400, seed=RNG_SEED):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    cols = {"y_true": y}
    for name, acc in zip("ABCD"[:k], (0.86, 0.80, 0.79, 0.75)):
        cols[name] = np.where(rng.random(n) < acc, y, 1 - y)
    return pd.DataFrame(cols)


def _cv_long(reps=10, folds=10, models="AB", seed=RNG_SEED):
    rng = np.random.default_rng(seed)
    rows = []
    for r in range(reps):
        for f in range(folds):
            base = rng.normal(0.8, 0.02)
            for i, m in enumerate(models):
                rows.append({"repeticion": r, "particion": f, "modelo": m,
                             "exactitud": base + 0.01 * (i == 0) + rng.normal(0, 0.01)})
    return pd.DataFrame(rows)


def _datasets_long(n=12, folds=5, models="ABC", seed=RNG_SEED):
    rng = np.random.default_rng(seed)
    rows = []
    for d in range(n):
        for f in range(folds):
            for i, m in enumerate(models):
                rows.append({"conjunto": f"d{d}", "particion": f, "algoritmo": m,
                             "puntuacion": 0.7 + d / 100 + 0.01 * i + rng.normal(0, 0.01)})
    return pd.DataFrame(rows)


# --- Cada diseño: la elección de la guía y los números de las funciones del curso -----------


def test_two_classifiers_on_one_test_set_use_mcnemar_mid_p():
    df = _test_set()
    r = cu.analyze_results(df)
    assert r.design == "test_set" and r.choices[0] is GUIDE["test_set_labels_two"]
    ref = cu.mcnemar_test(cu.mcnemar_table(df.y_true, df.A, df.B), "mid-p")
    row = r.comparisons.iloc[0]
    assert (row.pvalue, row.estimate, row.ci_low, row.ci_high) == pytest.approx(
        (ref.pvalue, ref.estimate, ref.ci_low, ref.ci_high), rel=1e-12)
    # mid-p = p exacta − probabilidad puntual (Fagerland et al., 2013), con scipy
    n01 = int(((df.A == df.y_true) & (df.B != df.y_true)).sum())
    n10 = int(((df.A != df.y_true) & (df.B == df.y_true)).sum())
    exact = stats.binomtest(min(n01, n10), n01 + n10, 0.5).pvalue
    assert row.pvalue == pytest.approx(exact - stats.binom.pmf(min(n01, n10), n01 + n10, 0.5))
    assert r.descriptives.loc["A", "exactitud"] == pytest.approx((df.A == df.y_true).mean())


def test_several_classifiers_use_cochran_q_then_holm():
    df = _test_set(k=3)
    r = cu.analyze_results(df)
    assert r.choices[0] is GUIDE["test_set_labels_many"] and r.correction == "Holm"
    from statsmodels.stats.contingency_tables import cochrans_q

    correct = np.column_stack([(df[m] == df.y_true).to_numpy() for m in "ABC"]).astype(int)
    ref = cochrans_q(correct)
    assert r.omnibus["statistic"] == pytest.approx(ref.statistic, rel=1e-12)
    assert r.omnibus["pvalue"] == pytest.approx(ref.pvalue, rel=1e-12)
    from statsmodels.stats.multitest import multipletests

    np.testing.assert_allclose(r.comparisons.pvalue_adjusted,
                               multipletests(r.comparisons.pvalue, method="holm")[1], rtol=1e-12)


def test_two_scorers_use_delong_and_regressors_the_paired_losses():
    rng = np.random.default_rng(RNG_SEED)
    y = rng.integers(0, 2, 300)
    df = pd.DataFrame({"y_true": y, "A": rng.random(300) + 0.6 * y, "B": rng.random(300) + 0.4 * y})
    r = cu.analyze_results(df)
    assert r.choices[0] is GUIDE["test_set_scores_two"]
    ref = cu.delong_test(df.y_true, df.A, df.B)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(ref.pvalue, rel=1e-12)
    from sklearn.metrics import roc_auc_score

    assert r.comparisons.estimate.iloc[0] == pytest.approx(
        roc_auc_score(y, df.A) - roc_auc_score(y, df.B), rel=1e-12)

    yr = rng.normal(size=200)
    reg = pd.DataFrame({"y_true": yr, "A": yr + rng.normal(0, 0.5, 200),
                        "B": yr + rng.normal(0, 0.6, 200)})
    r = cu.analyze_results(reg, loss="absolute")
    assert r.choices[0] is GUIDE["test_set_regression_two"]
    la, lb = np.abs(reg.A - yr), np.abs(reg.B - yr)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(stats.ttest_rel(la, lb).pvalue, rel=1e-12)
    assert r.comparisons.estimate.iloc[0] == pytest.approx((la - lb).mean(), rel=1e-12)
    assert r.conclusion[0].startswith("A es mejor que B")  # menos error: mejor


def test_cross_validation_uses_the_corrected_t_with_the_ratio_from_the_folds():
    long = _cv_long()
    r = cu.analyze_results(long)
    assert r.design == "cv" and r.choices[0] is GUIDE["cv_two_corrected"]
    wide = long.pivot_table(index=["repeticion", "particion"], columns="modelo",
                            values="exactitud")
    ref = cu.corrected_resampled_ttest(wide.A, wide.B, test_train_ratio=1 / 9)
    row = r.comparisons.iloc[0]
    assert (row.pvalue, row.estimate, row.ci_low) == pytest.approx(
        (ref.pvalue, ref.estimate, ref.ci_low), rel=1e-12)
    # Nadeau y Bengio a mano: t = media / sqrt((1/n + n2/n1) s²)
    d = (wide.A - wide.B).to_numpy()
    t = d.mean() / np.sqrt((1 / d.size + 1 / 9) * d.var(ddof=1))
    assert row.pvalue == pytest.approx(2 * stats.t.sf(abs(t), d.size - 1), rel=1e-10)


def test_five_by_two_uses_the_combined_f_and_rope_adds_the_bayesian_test():
    long = _cv_long(reps=5, folds=2)
    r = cu.analyze_results(long, rope=0.01)
    assert [c.key for c in r.choices] == ["cv_two_5x2", "bayes_cv"]
    wide = long.pivot_table(index=["repeticion", "particion"], columns="modelo",
                            values="exactitud")
    ref = cu.combined_ftest_5x2cv(wide.A.to_numpy().reshape(5, 2), wide.B.to_numpy().reshape(5, 2))
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(ref.pvalue, rel=1e-12)
    bt = cu.bayesian_correlated_ttest(wide.A, wide.B, test_train_ratio=1.0, rope=(-0.01, 0.01))
    assert r.bayes.iloc[0]["P(en la ROPE)"] == pytest.approx(bt.prob_equivalent, rel=1e-12)


def test_more_than_two_algorithms_on_one_dataset_get_pairwise_corrected_t_with_holm():
    r = cu.analyze_results(_cv_long(models="ABC"))
    assert r.choices[0] is GUIDE["cv_many"] and len(r.comparisons) == 3
    assert r.omnibus is None  # nada de Friedman con particiones como bloques


def test_seeds_use_aso_in_both_directions():
    rng = np.random.default_rng(RNG_SEED)
    seeds = pd.DataFrame({"semilla": range(20), "A": rng.normal(0.80, 0.01, 20),
                          "B": rng.normal(0.79, 0.01, 20)})
    r = cu.analyze_results(seeds, metric="exactitud")
    assert r.design == "seeds" and r.choices[0] is GUIDE["seeds_two"]
    ref = cu.almost_stochastic_order_test(seeds.A, seeds.B, random_state=0)
    assert r.details[0].eps_min == pytest.approx(ref.eps_min, rel=1e-12)


def test_long_table_with_many_datasets_averages_the_folds_and_runs_friedman():
    long = _datasets_long()
    r = cu.analyze_results(long, metric="exactitud")
    assert r.design == "datasets"
    assert [c.key for c in r.choices] == ["datasets_many_omnibus", "datasets_many_all"]
    table = long.groupby(["conjunto", "algoritmo"]).puntuacion.mean().unstack()
    fr = cu.friedman_test(table)  # la convención del curso: Demšar, sin corregir por empates
    assert r.omnibus["pvalue"] == pytest.approx(fr.iman_davenport_pvalue, rel=1e-12)
    # por defecto, Wilcoxon en cada pareja (scipy, exacta sin empates) con Bergmann-Hommel
    p = [stats.wilcoxon(table[a], table[b]).pvalue for a, b in zip(r.comparisons.a,
                                                                  r.comparisons.b)]
    np.testing.assert_allclose(r.comparisons.pvalue, p, rtol=1e-12)
    np.testing.assert_allclose(r.comparisons.pvalue_adjusted, cu.bergmann_hommel_apv(p, 3))
    # la opción de los rangos medios da la prueba z de pairwise_test
    ranks = cu.analyze_results(long, metric="exactitud", posthoc="ranks")
    ph = cu.pairwise_test(table, method="bergmann")
    np.testing.assert_allclose(ranks.comparisons.pvalue_adjusted, ph.comparisons.pvalue_adjusted)
    assert ranks.choices[1] is GUIDE["datasets_many_all_ranks"]
    assert "no se usan como bloques" in " ".join(r.notes)
    r = cu.analyze_results(long, metric="exactitud", control="C")
    assert r.choices[1] is GUIDE["datasets_many_control"] and len(r.comparisons) == 2


def test_two_algorithms_on_datasets_use_wilcoxon_and_the_signed_rank_bayesian():
    rng = np.random.default_rng(RNG_SEED)
    a = rng.uniform(0.6, 0.9, 15)
    table = pd.DataFrame({"conjunto": [f"c{i}" for i in range(15)], "A": a,
                          "B": a - 0.01 + rng.normal(0, 0.01, 15)})
    r = cu.analyze_results(table, metric="exactitud", rope=0.01)
    assert [c.key for c in r.choices] == ["datasets_two", "bayes_datasets"]
    ref = stats.wilcoxon(table.A, table.B)
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(ref.pvalue, rel=1e-12)


def test_missing_cells_need_consent_and_then_use_skillings_mack():
    table = cu.load_garcia_herrera_2008().iloc[:12].copy()
    table.iloc[0, 1] = np.nan
    with pytest.raises(ValueError, match="allow_missing=True"):
        cu.analyze_results(table, metric="exactitud")
    r = cu.analyze_results(table, metric="exactitud", allow_missing=True)
    assert r.choices[0] is GUIDE["datasets_incomplete"]
    assert r.omnibus["statistic"] == pytest.approx(cu.skillings_mack_test(table).statistic)


# --- autorank como referencia independiente (solo en las pruebas) ---------------------------


def _autorank(table: pd.DataFrame):
    import contextlib
    import io

    from autorank import autorank

    with contextlib.redirect_stdout(io.StringIO()):  # autorank avisa con print
        return autorank(table, alpha=0.05, force_mode="nonparametric", order="descending",
                        effect_size="cliff_delta")


def test_autorank_agrees_on_ranks_friedman_and_cd():
    """autorank elige Friedman y Nemenyi; el informe, Friedman (con Iman y Davenport) y
    Wilcoxon por parejas con Bergmann-Hommel. Coinciden los rangos medios, el χ² de Friedman
    (autorank usa scipy.stats.friedmanchisquare, con corrección de empates; el informe lo da
    al lado del de Demšar, sin corregir) y la CD de Nemenyi."""
    table = cu.load_garcia_herrera_2008()
    ar = _autorank(table)
    assert ar.omnibus == "friedman" and ar.posthoc == "nemenyi"
    r = cu.analyze_results(table, metric="exactitud")
    ranks = r.descriptives["rango medio"]
    for name in table.columns:
        assert ranks[name] == pytest.approx(ar.rankdf.loc[name, "meanrank"], abs=1e-9)
    tied = cu.friedman_test(table, tie_correction=True)
    assert tied.pvalue == pytest.approx(ar.pvalue, rel=1e-9, abs=1e-15)
    # el informe decide con el χ² de Demšar y da al lado el corregido por empates de autorank
    has_ties = bool(np.any(cu.friedman_test(table).ranks.to_numpy() % 1))
    if has_ties:
        assert f"χ²_F = {tied.statistic:.4f}" in r.omnibus["also"]
    else:
        assert r.omnibus["chi2_pvalue"] == pytest.approx(ar.pvalue, rel=1e-9, abs=1e-15)
    # autorank toma el cuantil del rango estudentizado de statsmodels (qsturng, una
    # interpolación de tablas, Gleason 1999); el curso, el de scipy: difieren en el 5.º decimal.
    from statsmodels.stats.libqsturng import qsturng

    assert ar.cd == pytest.approx(qsturng(0.95, 5, np.inf) * np.sqrt(5 * 6 / (12 * 30)), rel=1e-12)
    assert cu.critical_difference(5, 30, 0.05) == pytest.approx(ar.cd, rel=2e-5)


def test_autorank_agrees_on_two_algorithms():
    """autorank da la Wilcoxon unilateral hacia el de mayor mediana; el informe, la bilateral:
    sin empates ni diferencias nulas, exactamente el doble."""
    rng = np.random.default_rng(RNG_SEED)
    a = rng.uniform(0.6, 0.9, 14)
    table = pd.DataFrame({"A": a, "B": a - 0.015 + rng.normal(0, 0.01, 14)})
    table.index = pd.Index([f"c{i}" for i in range(14)], name="conjunto")
    ar = _autorank(table)
    assert ar.omnibus == "wilcoxon"
    r = cu.analyze_results(table, metric="exactitud")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(min(1.0, 2 * ar.pvalue), rel=1e-9)


# --- Validación: errores en español que dicen qué falla y cómo arreglarlo --------------------


@pytest.mark.parametrize("mutate, kwargs, pattern", [
    (lambda d: d.drop(index=3), {}, r"no están pareadas.*«B»"),
    (lambda d: d, {"design": "datasets"}, r"bloques de Friedman"),
    (lambda d: d.assign(exactitud=d.exactitud * 100), {}, r"parecen porcentajes"),
    (lambda d: pd.concat([d, d.iloc[:1]]), {}, r"filas repetidas para la misma partición y"),
    (lambda d: d[d.repeticion == 0].iloc[:4], {"test_train_ratio": 0.5}, r"muy pocas"),
    (lambda d: d.rename(columns={"exactitud": "x"}).assign(y=1), {},
     r"qué columna tiene la puntuación"),
    (lambda d: d, {"metric": "bleu"}, r"`metric`: no se conoce"),
    (lambda d: d, {"rope": -1}, r"`rope` debe ser un número positivo"),
    (lambda d: d, {"control": 3}, r"`control` debe ser"),
    (lambda d: d, {"alpha": 5}, r"`alpha`"),
])
def test_design_errors_in_spanish(mutate, kwargs, pattern):
    with pytest.raises((ValueError, TypeError), match=pattern):
        cu.analyze_results(mutate(_cv_long()), **kwargs)


def test_datasets_errors_in_spanish():
    table = pd.DataFrame({"conjunto": list("abcde"), "A": [0.8, 0.7, 0.9, 0.6, 0.75],
                          "B": [0.7, 0.6, 0.8, 0.5, 0.7]})
    too_few = cu.analyze_results(table, metric="exactitud")  # un informe, no solo un error
    assert "nunca puede dar un valor p ≤ 0.05" in " ".join(too_few.notes)
    assert "0.0625" in " ".join(too_few.notes) and not too_few.comparisons.reject.any()
    with pytest.raises(ValueError, match=r"`higher_is_better`: no se sabe"):
        cu.analyze_results(table.assign(A=table.A * 3))
    with pytest.raises(ValueError, match=r"`control`: «Z» no es"):
        cu.analyze_results(table.assign(C=table.A), metric="exactitud", control="Z")
    with pytest.raises(ValueError, match=r"no se sabe qué es cada fila"):
        cu.analyze_results(table.drop(columns="conjunto"), metric="exactitud")
    long = table.melt(id_vars="conjunto", var_name="algoritmo", value_name="exactitud")
    with pytest.raises(ValueError, match=r"filas repetidas para el mismo conjunto de datos y "
                                         r"modelo \(a, A\)"):
        cu.analyze_results(pd.concat([long, long.iloc[:1]]))
    with pytest.raises(FileNotFoundError, match=r"no existe el fichero"):
        cu.analyze_results("no_existe.csv")
    with pytest.raises(TypeError, match=r"`data` debe ser un DataFrame"):
        cu.analyze_results(table.to_numpy())


def test_tables_without_anything_to_test_name_the_data():
    """Sin variación que contrastar, o con diferencias que desbordan, el error habla de la tabla
    (`data`) y de los modelos, no de los argumentos internos de la prueba (`scores`,
    `scores_a - scores_b`)."""
    names = [f"c{i}" for i in range(8)]
    same = pd.DataFrame({"conjunto": names, "A": 0.8, "B": 0.8, "C": 0.8})
    with pytest.raises(ValueError, match=r"^`data`: los 3 algoritmos tienen la misma puntuación "
                                         r"en cada uno de los 8 conjuntos"):
        cu.analyze_results(same, metric="exactitud")
    a = np.array([0.81, 0.79, 0.84, 0.80, 0.83, 0.78, 0.82, 0.85, 0.80, 0.79])
    folds = pd.DataFrame({"particion": range(10), "A": a, "B": a - 0.02, "C": a[::-1]})
    with pytest.raises(ValueError, match=r"^`data`: «A» − «B» vale 0.02 en todas las particiones"
                                         r": sin variación") as info:
        cu.analyze_results(folds, metric="exactitud", test_train_ratio=1 / 9)
    assert "scores" not in str(info.value)
    huge = pd.DataFrame({"conjunto": names, "A": 1e308, "B": 1e308, "C": 1e308})
    huge.loc[0, "A"] = -1e308
    with pytest.raises(ValueError, match=r"^`data`: las puntuaciones van de -1e\+308 a 1e\+308: "
                                         r"sus diferencias, medias y varianzas desbordan"):
        cu.analyze_results(huge, higher_is_better=True)


@pytest.mark.parametrize("metric, expected", [
    (None, r"^`data`: las puntuaciones van de .*desbordan.*hasta 1e\+100 en valor absoluto"),
    ("exactitud", r"^`data`: la medida «exactitud» va de 0 a 1, pero hay puntuaciones entre "
                  r"8.00027e\+307 y 1.69972e\+308\.$"),
])
def test_scores_near_the_float_limit_get_a_spanish_error_and_no_warning(metric, expected):
    """Puntuaciones cerca de 1e308 (sin diferencias que desborden): ni el aviso de NumPy
    («overflow encountered»), ni «∞» en el informe, sino el error que pide reescalarlas."""
    rng = np.random.default_rng(0)
    names = [f"c{i}" for i in range(8)]
    huge = pd.DataFrame({"conjunto": names, "A": 1e308 * (0.9 + 0.01 * rng.random(8)),
                         "B": 1e308 * (0.8 + 0.01 * rng.random(8)),
                         "C": 1.7e308 - 1e306 * rng.random(8)})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=expected):
            cu.analyze_results(huge, metric=metric, higher_is_better=True)
    # Justo por debajo del límite, el informe se escribe con números finitos.
    fine = huge[["conjunto"]].assign(A=huge["A"] * 1e-210, B=huge["B"] * 1e-210,
                                     C=huge["C"] * 1e-210)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = cu.analyze_results(fine, higher_is_better=True).to_markdown()
    assert "∞" not in text and not re.search(r"\b(inf|nan)\b", text.lower())
    assert "acuerdo perfecto" in text  # F_F no está definida: decide χ²_F


def test_spanish_csv_with_decimal_comma(tmp_path):
    table = cu.load_garcia_herrera_2008()
    path = tmp_path / "resultados.csv"
    table.to_csv(path, sep=";", decimal=",")
    assert "0,803" in path.read_text()
    a = cu.analyze_results(path, metric="exactitud")
    b = cu.analyze_results(table, metric="exactitud")
    pd.testing.assert_frame_equal(a.comparisons, b.comparisons)


# --- Formatos del informe -------------------------------------------------------------------


def test_report_formats_say_what_they_must():
    r = cu.analyze_results(_test_set(k=3))
    md = r.to_markdown()
    for text in ("## Diseño", "## Prueba elegida y por qué", "Q de Cochran", "Holm",
                 "cuaderno 12 · Comparaciones de la práctica, sección 3",
                 "## Qué no afirma este informe",
                 "no demuestra que sean equivalentes", "## Reproducibilidad", "Semilla"):
        assert text in md, text
    assert "equivalentes" not in " ".join(c for c in r.conclusion if "no demuestra" not in c)
    page = r.to_html()
    assert page.startswith("<!DOCTYPE html>") and "data:image/png;base64," in page
    assert "http://" not in page and "https://" not in page  # sin conexión
    assert "Análisis: `cu.analyze_results(tabla)`" in md
    assert cu.analyze_results(_cv_long(), alpha=0.1).call == "cu.analyze_results(tabla, alpha=0.1)"
    tex = r.to_latex()
    body = "\n".join(line for line in tex.splitlines() if not line.startswith("%"))
    assert r"\toprule" in tex and r"\end{tabular}" in tex and "%" not in body.replace(r"\%", "")


# --- La orden de terminal -------------------------------------------------------------------


def test_command_line_writes_the_report(tmp_path, capsys):
    csv = tmp_path / "resultados.csv"
    cu.load_garcia_herrera_2008().to_csv(csv)
    out = tmp_path / "informe.md"
    code = main(["informe", str(csv), "--medida", "exactitud", "--salida", str(out)])
    assert code == 0
    text = out.read_text()
    assert "Bergmann-Hommel" in text and "![Figura del informe](informe.png)" in text
    assert (tmp_path / "informe.png").stat().st_size > 1000
    assert "Orden: `python -m course_utils informe" in text
    err = capsys.readouterr().err
    assert "3/3 Hecho" in err
    assert main(["informe", str(csv), "--medida", "exactitud", "--formato", "latex"]) == 0
    assert r"\begin{tabular}" in capsys.readouterr().out


def test_command_line_errors_and_help_are_in_spanish(tmp_path, capsys):
    assert main(["informe", str(tmp_path / "no.csv")]) == 2
    assert "error: no existe el fichero «" in capsys.readouterr().err
    assert main(["informe"]) == 2
    assert "faltan estos argumentos: csv" in capsys.readouterr().err
    assert main(["informe", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert help_text.startswith("uso: ") and "opciones:" in help_text and "--alfa" in help_text
    assert "show this help" not in help_text


# --- Casos límite: la dirección, los empates y las tablas que llegan de otra forma -----------


def test_wilcoxon_direction_comes_from_the_ranks_not_the_mean():
    """A gana en 13 conjuntos por poco y pierde en uno por mucho: la media favorece a B, los
    rangos (y la prueba) a A; la conclusión sigue a la prueba."""
    a = np.linspace(0.70, 0.83, 14)
    b = a - 0.01
    b[0] = a[0] + 0.2
    table = pd.DataFrame({"conjunto": [f"c{i}" for i in range(14)], "A": a, "B": b})
    r = cu.analyze_results(table, metric="exactitud")
    assert r.comparisons.estimate.iloc[0] < 0 and r.comparisons.reject.iloc[0]
    assert r.conclusion[0].startswith("A es mejor que B")
    err = cu.analyze_results(table.assign(A=1 - a, B=1 - b), metric="error")
    assert err.conclusion[0].startswith("A es mejor que B")
    assert "A es mejor en 13 conjuntos, peor en 1" in " ".join(err.notes)


def test_wide_five_by_two_table_with_repetition_and_fold_columns():
    long = _cv_long(reps=5, folds=2)
    wide = long.pivot_table(index=["repeticion", "particion"], columns="modelo",
                            values="exactitud").reset_index()
    wide.columns.name = None
    r = cu.analyze_results(wide, metric="exactitud")
    assert r.choices[0] is GUIDE["cv_two_5x2"] and r.models == ("A", "B")
    assert r.comparisons.pvalue.iloc[0] == pytest.approx(
        cu.analyze_results(long).comparisons.pvalue.iloc[0], rel=1e-12)


def test_aso_between_the_usual_threshold_and_one_half_is_only_a_hint():
    rng = np.random.default_rng(1)
    seeds = pd.DataFrame({"semilla": range(20), "A": rng.normal(0.805, 0.01, 20),
                          "B": rng.normal(0.800, 0.01, 20)})
    r = cu.analyze_results(seeds, metric="exactitud")
    eps = min(d.eps_min for d in r.details)
    assert cu.ASO_THRESHOLD <= eps < 0.5, eps  # el caso que se quiere probar
    assert r.conclusion[0].startswith("Hay un indicio") and not r.comparisons.reject.iloc[0]
    assert "nan" not in r.to_markdown() and "nan" not in r.to_latex()


def test_csv_problems_are_explained_in_spanish(tmp_path):
    bad = tmp_path / "malo.csv"
    bad.write_text("conjunto;A;B\nc1;0,8;0,7\nc2;0,9;0,8;0,1\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"la línea 3 tiene 4 campos y la cabecera 3"):
        cu.read_results(bad)
    short = tmp_path / "corto.csv"
    short.write_text("conjunto;A;B\nc1;0,8\n", encoding="utf-8")
    assert list(cu.read_results(short).columns) == ["conjunto", "A", "B"]


def test_identical_regressors_and_tiny_p_values():
    rng = np.random.default_rng(RNG_SEED)
    y = rng.normal(size=50)
    same = pd.DataFrame({"y_true": y, "A": y + 0.1, "B": y + 0.1})
    with pytest.raises(ValueError, match=r"la misma pérdida en todos los ejemplos"):
        cu.analyze_results(same)
    r = cu.analyze_results(_test_set(n=4000))
    assert r.comparisons.pvalue.iloc[0] < 1e-4
    assert "< 0.0001" in r.to_markdown() and "e-0" not in r.to_markdown()
    assert "ROPE" not in " ".join(r.conclusion)  # con un conjunto de prueba no hay opción rope


def test_wilcoxon_needs_enough_untied_datasets_and_two_algorithms_drop_incomplete_rows():
    table = pd.DataFrame({"conjunto": list("abcdef"), "A": [0.8, 0.7, 0.9, 0.6, 0.75, 0.5],
                          "B": [0.7, 0.6, 0.8, 0.5, 0.75, 0.5]})
    few = cu.analyze_results(table, metric="exactitud")
    assert re.search(r"No significativo por falta de datos: con 4 conjuntos .*\(2 empates\).*"
                     r"al menos 6", " ".join(few.notes))
    full = pd.DataFrame({"conjunto": [f"c{i}" for i in range(9)],
                         "A": np.linspace(0.7, 0.9, 9), "B": np.linspace(0.69, 0.85, 9)})
    full.loc[0, "B"] = np.nan
    r = cu.analyze_results(full, metric="exactitud", allow_missing=True)
    assert r.choices[0] is GUIDE["datasets_two"] and r.n_units == 8
    assert "Se quitaron 1 conjunto sin" in " ".join(r.notes)
