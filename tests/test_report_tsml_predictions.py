"""El informe con predicciones publicadas: tres y cinco clasificadores de tsml-eval, caso a caso.

Los ficheros de ``tests/data/report/tsml_predictions/`` son los de tsml-eval tal como se
publicaron (procedencia, licencia BSD 3-Clause y sha256 en ``tests/data/README.md``): una fila
por caso del conjunto de prueba con la clase verdadera, la predicha y las probabilidades, un
fichero por clasificador, sin columna de caso (las filas siguen el orden del conjunto de
prueba). Las pruebas apilan esos ficheros en forma larga, como haría quien los reúne en una
tabla, y comparan el informe con referencias calculadas aquí desde los ficheros:
``sklearn.metrics.roc_auc_score``, DeLong escrito tal cual (``naive_delong``),
``statsmodels`` (McNemar exacta, Holm) y la exactitud que tsml-eval escribió en cada fichero.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sklearn.metrics import roc_auc_score
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests

import course_utils as cu
from test_single_test_set import naive_delong

DATA = Path(__file__).resolve().parent / "data" / "report" / "tsml_predictions"
SHA256 = {  # los de tests/data/README.md: los ficheros no se han tocado
    "Chinatown/1NN-DTW.csv": "e18f6c925b59782b7de1140bd3ee723bcad28022fc7f4cbf64e6c5f74473f319",
    "Chinatown/ROCKET.csv": "fa30bc965d0175c7e7d6c36ce2682c8a26e7e1306ed9e9b9f16d9bd2c1f4b3e1",
    "Chinatown/TSF.csv": "b1f623a8b0bba90d787757f3a6f585369653519ff048f87d8c160095c588a669",
    "ItalyPowerDemand/1NN-DTW.csv":
        "3019905e3ee7936797251257bbd5feb3daac50a570a69b4680f40b632532af08",
    "ItalyPowerDemand/Arsenal.csv":
        "ddeddf214cdd4738e25fff1bb7a8b8a34f995627fb79d47b2a6cd9dc9d92cbee",
    "ItalyPowerDemand/DrCIF.csv":
        "f94f37c70005d0577fef249bb198b36d5adf613373bf9d2788b4b5d7058f4870",
    "ItalyPowerDemand/ROCKET.csv":
        "7423273380531e2813baa1135b2e7f292ca1748653b58bbe4981fb99de0c06cc",
    "ItalyPowerDemand/TSF.csv":
        "2620589971bc60ca0624ca59bca1405e59a53878e5e73cd7bdab89726ec662c1",
}


@pytest.mark.parametrize("name", sorted(SHA256))
def test_files_are_the_published_bytes(name):
    assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == SHA256[name]


def _read(dataset: str) -> dict[str, pd.DataFrame]:
    """Cada fichero: tres líneas de cabecera de tsml (la tercera empieza por la exactitud) y
    una fila por caso: clase verdadera, clase predicha, vacío, P(clase 0), P(clase 1)."""
    out = {}
    for path in sorted((DATA / dataset).glob("*.csv")):
        table = pd.read_csv(path, skiprows=3, header=None).iloc[:, [0, 1, 3, 4]]
        table.columns = ["actual", "predicted", "p0", "p1"]
        table.attrs["accuracy"] = float(path.read_text().splitlines()[2].split(",")[0])
        out[path.stem] = table
    return out


def _long(files: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Los ficheros apilados: una fila por caso y modelo, sin columna de caso."""
    return pd.concat([pd.DataFrame({"modelo": m, "clase": t["actual"],
                                    "probabilidad": t["p1"]}) for m, t in files.items()],
                     ignore_index=True)


def _check_delong_holm(result, files):
    y = next(iter(files.values()))["actual"].to_numpy()
    models = list(files)
    assert result.design == "test_set" and result.n_units == len(y)
    for m in models:
        assert result.descriptives.loc[m, "AUC"] == pytest.approx(
            roc_auc_score(y, files[m]["p1"]), abs=1e-12)
    raw = {}
    for a, b in itertools.combinations(models, 2):
        z = naive_delong(y, files[a]["p1"], files[b]["p1"])["z"]
        raw[(a, b)] = 2 * stats.norm.sf(abs(z))
    got = {(r.a, r.b): (r.pvalue, r.pvalue_adjusted) for r in result.comparisons.itertuples()}
    adjusted = multipletests(list(raw.values()), method="holm")[1]
    for (pair, p), p_adj in zip(raw.items(), adjusted):
        assert got[pair][0] == pytest.approx(p, rel=1e-9)
        assert got[pair][1] == pytest.approx(p_adj, rel=1e-9)


def test_chinatown_sorted_by_class_is_asked_and_the_suggested_command_works():
    """El conjunto de prueba de Chinatown está ordenado por clase (94 casos de la 0 y 249 de
    la 1): la misma secuencia de etiquetas en los tres ficheros no prueba que sean los mismos
    casos, y el informe pregunta. La orden que propone numera los casos dentro de cada modelo;
    como tsml-eval escribe el conjunto de prueba en su orden, sí lo son."""
    files = _read("Chinatown")
    data = _long(files)
    with pytest.raises(ValueError) as err:
        cu.analyze_results(data)
    text = str(err.value)
    assert "ordenadas por clase" in text
    code = re.search(r"`(data\.assign\(.*?\))`", text).group(1)
    fixed = eval(code, {"data": data})
    # 1NN-DTW y ROCKET dan probabilidades 0 o 1 y TSF, decimales: se pregunta qué son
    with pytest.raises(ValueError) as err:
        cu.analyze_results(fixed)
    assert "«1NN-DTW», «ROCKET» predicen clases" in str(err.value)
    kind = re.search(r"predictions='(\w+)'", str(err.value)).group(1)
    _check_delong_holm(cu.analyze_results(fixed, predictions=kind), files)


def test_italy_power_demand_is_paired_by_position_and_matches_delong():
    files = _read("ItalyPowerDemand")
    result = cu.analyze_results(_long(files), predictions="scores")
    assert any("por su posición dentro de cada modelo" in n for n in result.notes)
    _check_delong_holm(result, files)


def _with_case_ids(files: dict[str, pd.DataFrame], reorder: str) -> pd.DataFrame:
    """Las predicciones con su número de caso; las filas de ``reorder`` barajadas dentro de cada
    clase (la secuencia de etiquetas no cambia: por posición se emparejarían casos distintos)."""
    data = _long(files).assign(caso=lambda t: t.groupby("modelo").cumcount())
    rows = np.flatnonzero(data["modelo"] == reorder)
    labels = data["clase"].to_numpy()[rows]
    new = rows.copy()
    rng = np.random.default_rng(1)
    for c in np.unique(labels):
        at = np.flatnonzero(labels == c)
        new[at] = rows[rng.permutation(at)]
    data.iloc[rows] = data.iloc[new].to_numpy()
    return data


def test_case_ids_pair_the_cases_and_mismatched_ones_are_refused_not_paired_by_position():
    files = _read("ItalyPowerDemand")
    data = _with_case_ids(files, "TSF")
    # Con el número de caso, las filas barajadas de TSF se emparejan bien: DeLong y Holm de los
    # ficheros tal como se publicaron.
    _check_delong_holm(cu.analyze_results(data, predictions="scores",
                                          score_column="probabilidad"), files)
    # Los mismos números escritos como texto en un solo modelo (ficheros leídos por separado):
    # por posición se emparejarían casos distintos. Se rechaza y se dice por qué.
    mixed = data.astype({"caso": object})
    tsf = mixed["modelo"] == "TSF"
    mixed.loc[tsf, "caso"] = mixed.loc[tsf, "caso"].astype(str).to_numpy()
    with pytest.raises(ValueError, match="texto y otras como número"):
        cu.analyze_results(mixed, predictions="scores", score_column="probabilidad")
    # Unos casos comunes y otros no: tampoco.
    partial = data.copy()
    partial.loc[partial.index[tsf][:2], "caso"] = [5000, 5001]
    with pytest.raises(ValueError, match="no tiene los mismos casos en todos los modelos"):
        cu.analyze_results(partial, predictions="scores", score_column="probabilidad")
    # Un número de fila de toda la tabla no nombra casos: por posición, como sin él.
    rows = _long(files).assign(id=lambda t: np.arange(len(t)))
    _check_delong_holm(cu.analyze_results(rows, predictions="scores",
                                          score_column="probabilidad"), files)


def test_italy_power_demand_correctness_as_a_question_evaluation():
    """Acierto por caso de cinco clasificadores (un caso del conjunto de prueba hace de
    pregunta): diseño de evaluación por preguntas, McNemar exacta por parejas con Holm."""
    files = _read("ItalyPowerDemand")
    table = pd.concat([pd.DataFrame({"item": np.arange(len(t)), "model": m,
                                     "correct": (t["actual"] == t["predicted"]).astype(int)})
                       for m, t in files.items()], ignore_index=True)
    report = cu.analyze_results(table)
    assert report.design == "questions" and report.n_questions == len(files["TSF"])
    for m, t in files.items():  # la exactitud que tsml-eval escribió en el fichero
        assert report.scores.loc[m, "score"] == pytest.approx(t.attrs["accuracy"], abs=1e-12)
    ok = {m: (t["actual"] == t["predicted"]).to_numpy() for m, t in files.items()}
    raw = {}
    for a, b in itertools.combinations(list(report.scores.index), 2):
        x, y = ok[a], ok[b]
        raw[(a, b)] = sm_mcnemar([[np.sum(x & y), np.sum(x & ~y)], [np.sum(~x & y),
                                  np.sum(~x & ~y)]], exact=True).pvalue
    got = {(r.a, r.b): (r.pvalue, r.pvalue_adjusted) for r in report.comparisons.itertuples()}
    adjusted = multipletests(list(raw.values()), method="holm")[1]
    for (pair, p), p_adj in zip(raw.items(), adjusted):
        assert got[pair][0] == pytest.approx(p, rel=1e-12)
        assert got[pair][1] == pytest.approx(p_adj, rel=1e-12)
    assert "<table>" in report.to_html() and report.to_latex().isascii()
