"""Prácticas evaluables, calificación y examen (``docente/`` y ``tools/calificar.py``,
``tools/examen.py``), de principio a fin.

- Datos por estudiante: deterministas, distintos entre estudiantes y entre prácticas.
- Valores esperados frente a referencias independientes (scikit-learn, scipy, statsmodels,
  baycomp y un *bootstrap* escrito aquí, que además cae dentro de la tolerancia anunciada).
- Una entrega correcta recibe todos los puntos; una con los errores típicos, los puntos y las
  pistas esperados; la retroalimentación nunca contiene el valor esperado; el cuaderno
  entregado no se ejecuta.
- El examen en Moodle XML se lee de nuevo y sus respuestas coinciden con las recalculadas con
  scipy y statsmodels a partir de los datos que muestra.
- Nada de lo calificado (secretos, claves, exámenes) está en el repositorio, en las copias para
  estudiantes, en los datos del paquete ``course_utils`` ni en las preguntas de repaso.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import hmac
import json
import math
import re
import stat
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import nbformat
import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sklearn.metrics import f1_score, precision_score, recall_score
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import calificar  # noqa: E402
import examen as examen_cli  # noqa: E402
from docente.evaluacion import cuadernos, entregas, practicas, semillas  # noqa: E402
from docente.evaluacion.calificacion import calificar as calificar_entregas  # noqa: E402
from docente.evaluacion.calificacion import retroalimentacion  # noqa: E402
from docente.evaluacion.examen import generar_examen  # noqa: E402

SECRETO = "secreto-solo-para-las-pruebas-7f3a"
ALUMNOS = ["A001", "B002"]
PRACTICAS = {p.numero: p for p in practicas.todas()}


# --- ayudas ------------------------------------------------------------------------------------


@functools.cache
def _esperadas(n: int, alumno: str) -> dict:
    return PRACTICAS[n].respuestas_esperadas(SECRETO, alumno)


def _valores(n: int, alumno: str) -> dict:
    return {k: v.value for k, v in _esperadas(n, alumno).items()}


def _inicio(n: int) -> Path:
    return ROOT / "docente" / "practicas" / f"practica{n}" / f"practica{n}.ipynb"


def _entrega(tmp: Path, n: int, alumno: str, respuestas: dict, *, salida: bool = False,
             alumno_en_cuaderno: str | None = None, nombre: str | None = None) -> Path:
    """El cuaderno de partida con las respuestas escritas como literales (o, con ``salida``,
    calculadas con variables y con la salida guardada de la última celda)."""
    nb = nbformat.read(_inicio(n), as_version=4)
    quien = alumno if alumno_en_cuaderno is None else alumno_en_cuaderno
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if 'ALUMNO = ""' in cell.source:
            cell.source = cell.source.replace('ALUMNO = ""', f"ALUMNO = {quien!r}")
        if cell.source.startswith("respuestas = {"):
            if salida:
                cell.source = ("respuestas = {k: None for k in " f"{sorted(respuestas)!r}" "}\n"
                               + "\n".join(f"respuestas[{k!r}] = resultado_{i}"
                                           for i, k in enumerate(respuestas)))
            else:
                cell.source = "respuestas = {\n" + "".join(
                    f"    {k!r}: {v!r},\n" for k, v in respuestas.items()) + "}"
    if salida:
        texto = json.dumps({"practica": n, "alumno": quien, "respuestas": respuestas},
                           ensure_ascii=False)
        nb.cells[-1].outputs = [nbformat.v4.new_output("stream", name="stdout",
                                                       text=texto + "\n")]
    ruta = tmp / f"{nombre or alumno}.ipynb"
    nbformat.write(nb, ruta)
    return ruta


def _calificar(n: int, rutas: list[Path]):
    leidas = [entregas.leer_cuaderno(r) for r in rutas]
    notas, generales = calificar_entregas(PRACTICAS[n], SECRETO, ALUMNOS, leidas)
    return {c.alumno: c for c in notas}, generales


def _puntos(c) -> dict[str, float]:
    return {r.id: r.puntos for r in c.resultados}


def _comentario(c, qid: str) -> str:
    return next(r.comentario for r in c.resultados if r.id == qid)


# --- semillas y datos ----------------------------------------------------------------------------


def test_seed_is_an_hmac_of_the_id_and_the_secret():
    import hashlib
    import hmac

    s = semillas.semilla(SECRETO, "practica1", "A001")
    ref = hmac.new(SECRETO.encode(), b"practica1|A001", hashlib.sha256).digest()
    assert s == int.from_bytes(ref, "big")
    assert s != semillas.semilla(SECRETO + "x", "practica1", "A001")
    assert s != semillas.semilla(SECRETO, "practica2", "A001")


def test_short_or_missing_secret_and_bad_ids_are_refused_in_spanish():
    with pytest.raises(ValueError, match="al menos 16 caracteres"):
        semillas.semilla("corto", "practica1", "A001")
    with pytest.raises(ValueError, match="falta el secreto"):
        semillas.comprobar_secreto("  ")
    with pytest.raises(ValueError, match="identificador de estudiante no válido"):
        semillas.semilla(SECRETO, "practica1", "../A001")
    assert len(semillas.nuevo_secreto()) >= semillas.MIN_SECRET


def test_class_list_reading(tmp_path):
    (tmp_path / "a.csv").write_text("nombre;alumno\nAna;A001\nBeto; B002 \n", encoding="utf-8")
    assert semillas.leer_alumnos(tmp_path / "a.csv") == ["A001", "B002"]
    (tmp_path / "b.csv").write_text("A001\nB002\n", encoding="utf-8")
    assert semillas.leer_alumnos(tmp_path / "b.csv") == ["A001", "B002"]
    (tmp_path / "c.csv").write_text("nombre,codigo\nAna,A001\n", encoding="utf-8")
    with pytest.raises(ValueError, match="ninguna se llama «alumno»"):
        semillas.leer_alumnos(tmp_path / "c.csv")
    (tmp_path / "d.csv").write_text("alumno\nA001\nA001\n", encoding="utf-8")
    with pytest.raises(ValueError, match="repetido"):
        semillas.leer_alumnos(tmp_path / "d.csv")


@pytest.mark.parametrize("n", sorted(PRACTICAS))
def test_data_are_deterministic_and_differ_between_students(n):
    p = PRACTICAS[n]
    a = p.textos_csv(SECRETO, "A001")
    assert a == p.textos_csv(SECRETO, "A001")
    assert list(a) == list(p.tablas)
    b = p.textos_csv(SECRETO, "B002")
    assert all(a[t] != b[t] for t in p.tablas)
    va, vb = _valores(n, "A001"), _valores(n, "B002")
    numericas = [k for k, v in va.items() if not isinstance(v, str)]
    assert sum(va[k] != vb[k] for k in numericas) >= len(numericas) - 1
    for texto in a.values():  # números redondeados como los lee el estudiante, sin NaN
        tabla = pd.read_csv(__import__("io").StringIO(texto))
        assert not tabla.isna().any().any()
        floats = tabla.select_dtypes("float").to_numpy()
        np.testing.assert_array_equal(floats, np.round(floats, 4))


# --- valores esperados frente a referencias independientes ---------------------------------------


def _bootstrap_f1(y: np.ndarray, p: np.ndarray, reps: int = 2000, seed: int = 7):
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(y), size=(reps, len(y)))
    yy, pp = y[idx], p[idx]
    tp = ((yy == 1) & (pp == 1)).sum(1)
    f1 = 2 * tp / (2 * tp + ((yy == 0) & (pp == 1)).sum(1) + ((yy == 1) & (pp == 0)).sum(1))
    return f1.std(ddof=1), np.quantile(f1, [0.025, 0.975])


def test_practice1_expected_values_match_independent_references():
    d = PRACTICAS[1].datos(SECRETO, "A001")["practica1_predicciones.csv"]
    y, prob, yp = (d[c].to_numpy() for c in ("y_true", "prob", "y_pred"))
    esp = _esperadas(1, "A001")
    assert esp["1a"].value == pytest.approx((y == yp).mean(), rel=1e-12)
    assert esp["1b"].value == pytest.approx(precision_score(y, yp), rel=1e-12)
    assert esp["1c"].value == pytest.approx(recall_score(y, yp), rel=1e-12)
    assert esp["1d"].value == pytest.approx(f1_score(y, yp), rel=1e-12)
    u = stats.mannwhitneyu(prob[y == 1], prob[y == 0]).statistic  # AUC = U / (n1 n0)
    assert esp["1e"].value == pytest.approx(u / ((y == 1).sum() * (y == 0).sum()), rel=1e-12)
    ref = proportion_confint(int((y == yp).sum()), len(y), method="wilson")
    np.testing.assert_allclose(esp["2a"].value, ref, rtol=1e-10)
    assert esp["2b"].value == ("sí" if ref[0] > 0.80 else "no")
    # un bootstrap independiente (otros sorteos) cae dentro de la tolerancia anunciada
    se, (low, high) = _bootstrap_f1(y, yp)
    assert esp["3a"].close(se, esp["3a"].value)
    assert esp["3b"].close((low, high), esp["3b"].value)


def test_practice2_expected_values_match_independent_references():
    datos = PRACTICAS[2].datos(SECRETO, "B002")
    t, cv = datos["practica2_prueba.csv"], datos["practica2_cv.csv"]
    esp = _esperadas(2, "B002")
    a_ok = (t["modelo_a"] == t["y_true"]).to_numpy()
    b_ok = (t["modelo_b"] == t["y_true"]).to_numpy()
    b, c = int((a_ok & ~b_ok).sum()), int((~a_ok & b_ok).sum())
    assert esp["1a"].value == pytest.approx(a_ok.mean() - b_ok.mean(), abs=1e-15)
    assert esp["1b"].value == (b, c)
    exacta = stats.binomtest(b, b + c, 0.5).pvalue
    assert esp["1c"].value == pytest.approx(exacta - stats.binom.pmf(min(b, c), b + c, 0.5),
                                            rel=1e-9)
    tabla = [[int((a_ok & b_ok).sum()), b], [c, int((~a_ok & ~b_ok).sum())]]
    alternativas = [v for _, v in esp["1c"].alternatives]
    assert any(v == pytest.approx(sm_mcnemar(tabla, exact=False, correction=False).pvalue)
               for v in alternativas)
    d = (cv["modelo_a"] - cv["modelo_b"]).to_numpy()
    se = math.sqrt((1 / len(d) + 1 / 9) * d.var(ddof=1))
    assert esp["2a"].value == pytest.approx(d.mean(), abs=1e-15)
    assert esp["2b"].value == pytest.approx(d.mean() / se, rel=1e-10)
    assert esp["2c"].value == pytest.approx(2 * stats.t.sf(abs(d.mean() / se), 99), rel=1e-8)
    tost = max(stats.t.sf((d.mean() + 0.02) / se, 99), stats.t.cdf((d.mean() - 0.02) / se, 99))
    assert esp["2e"].value == pytest.approx(tost, rel=1e-8)
    assert esp["2f"].value == ("equivalentes" if tost < 0.05 else "no se puede afirmar")
    # bootstrap pareado independiente, dentro de la tolerancia (±0.002)
    rng = np.random.default_rng(11)
    idx = rng.integers(0, len(a_ok), size=(2000, len(a_ok)))
    diffs = a_ok[idx].mean(1) - b_ok[idx].mean(1)
    assert esp["1e"].close(tuple(np.quantile(diffs, [0.025, 0.975])), esp["1e"].value)


def test_practice3_expected_values_match_independent_references():
    import baycomp

    tabla = PRACTICAS[3].datos(SECRETO, "A001")["practica3_resultados.csv"]
    x = tabla.drop(columns="conjunto").to_numpy()
    n, k = x.shape
    esp = _esperadas(3, "A001")
    rangos = np.apply_along_axis(stats.rankdata, 1, -x).mean(axis=0)
    np.testing.assert_allclose(esp["1a"].value, rangos, rtol=1e-12)
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(rangos**2) - k * (k + 1) ** 2 / 4)
    assert esp["1b"].value == pytest.approx(chi2, rel=1e-10)
    ff = (n - 1) * chi2 / (n * (k - 1) - chi2)
    assert esp["1c"].value == pytest.approx(ff, rel=1e-10)
    assert esp["1d"].value == pytest.approx(stats.f.sf(ff, k - 1, (k - 1) * (n - 1)), rel=1e-8,
                                            abs=1e-300)
    q = stats.studentized_range.ppf(0.95, k, np.inf) / math.sqrt(2)
    assert esp["1e"].value == pytest.approx(q * math.sqrt(k * (k + 1) / (6 * n)), rel=1e-6)
    assert esp["2a"].value == tabla.columns[1 + int(np.argmin(rangos))]
    z = (rangos[-1] - rangos[:-1]) / math.sqrt(k * (k + 1) / (6 * n))  # bosque es la última
    holm = multipletests(2 * stats.norm.sf(np.abs(z)), method="holm")[1]
    np.testing.assert_allclose(esp["2b"].value, holm, rtol=1e-9)
    probs = baycomp.SignedRankTest.probs(tabla["bosque"].to_numpy(),
                                         tabla["reg_logistica"].to_numpy(), rope=0.01,
                                         nsamples=20_000)
    assert esp["3a"].close(tuple(probs), esp["3a"].value)  # dentro de ±0.02


def _particiones(items: list[int]):
    """Todas las particiones de ``items`` en bloques (Bell(5) = 52 para cinco algoritmos)."""
    if not items:
        yield []
        return
    primero, resto = items[0], items[1:]
    for particion in _particiones(resto):
        yield [[primero], *particion]
        for i in range(len(particion)):
            yield particion[:i] + [[primero, *particion[i]]] + particion[i + 1:]


def _bergmann_hommel_por_particiones(p: dict[tuple[int, int], float]) -> dict:
    """Valores p ajustados de Bergmann y Hommel (García y Herrera, 2008) por fuerza bruta: cada
    conjunto exhaustivo de hipótesis de igualdad son las parejas dentro de los bloques de una
    partición; el ajustado de una pareja es el máximo, sobre los conjuntos que la contienen, de
    |I| · min(p en I)."""
    k = 1 + max(j for _, j in p)
    ajustados = dict.fromkeys(p, 0.0)
    for particion in _particiones(list(range(k))):
        conjunto = [(a, b) for bloque in particion for a in bloque for b in bloque if a < b]
        if not conjunto:
            continue
        valor = min(1.0, len(conjunto) * min(p[h] for h in conjunto))
        for h in conjunto:
            ajustados[h] = max(ajustados[h], valor)
    return ajustados


@pytest.mark.parametrize("alumno", ALUMNOS)
def test_decisions_and_counts_match_independent_references(alumno):
    """Las respuestas categóricas y los recuentos: McNemar y la t corregida (práctica 2),
    Bergmann y Hommel y la decisión bayesiana (práctica 3), recalculados sin ``course_utils``."""
    datos = PRACTICAS[2].datos(SECRETO, alumno)
    t, cv = datos["practica2_prueba.csv"], datos["practica2_cv.csv"]
    esp = _esperadas(2, alumno)
    a_ok = (t["modelo_a"] == t["y_true"]).to_numpy()
    b_ok = (t["modelo_b"] == t["y_true"]).to_numpy()
    b, c = int((a_ok & ~b_ok).sum()), int((~a_ok & b_ok).sum())
    mid_p = stats.binomtest(b, b + c, 0.5).pvalue - stats.binom.pmf(min(b, c), b + c, 0.5)
    assert esp["1d"].value == ("sin evidencia" if mid_p >= 0.05 else "A" if b > c else "B")
    d = (cv["modelo_a"] - cv["modelo_b"]).to_numpy()
    t_corr = d.mean() / math.sqrt((1 / len(d) + 1 / 9) * d.var(ddof=1))
    p_corr = 2 * stats.t.sf(abs(t_corr), len(d) - 1)
    assert esp["2d"].value == ("sin evidencia" if p_corr >= 0.05 else
                               "A" if d.mean() > 0 else "B")

    import baycomp

    tabla = PRACTICAS[3].datos(SECRETO, alumno)["practica3_resultados.csv"]
    x = tabla.drop(columns="conjunto").to_numpy()
    n, k = x.shape
    esp = _esperadas(3, alumno)
    rangos = np.apply_along_axis(stats.rankdata, 1, -x).mean(axis=0)
    se = math.sqrt(k * (k + 1) / (6 * n))
    p = {(i, j): 2 * stats.norm.sf(abs(rangos[i] - rangos[j]) / se)
         for i in range(k) for j in range(i + 1, k)}
    rechazos = sum(v <= 0.05 for v in _bergmann_hommel_por_particiones(p).values())
    assert esp["2c"].value == rechazos
    probs = baycomp.SignedRankTest.probs(tabla["bosque"].to_numpy(),
                                         tabla["reg_logistica"].to_numpy(), rope=0.01,
                                         nsamples=20_000)
    if all(abs(q - 0.95) > 0.02 for q in probs):  # lejos del umbral: el sorteo no decide
        decision = next((nombre for nombre, q in zip(("bosque", "equivalentes",
                                                      "reg_logistica"), probs) if q > 0.95),
                        "sin decisión")
        assert esp["3b"].value == decision


def test_partitions_give_the_exhaustive_sets_of_garcia_and_herrera():
    """La fuerza bruta recorre las Bell(k) particiones; para k = 4, las 15, con 0, 1, 2, 3 o 6
    parejas iguales (todas distintas, una pareja, dos parejas, un trío, las cuatro)."""
    assert [sum(1 for _ in _particiones(list(range(k)))) for k in range(1, 7)] == [
        1, 2, 5, 15, 52, 203]
    tamanos = sorted(sum(len(b) * (len(b) - 1) // 2 for b in q)
                     for q in _particiones(list(range(4))))
    assert tamanos == [0] + [1] * 6 + [2] * 3 + [3] * 4 + [6]


# --- calificación --------------------------------------------------------------------------------


def test_correct_submissions_get_full_marks_literal_or_saved_output(tmp_path):
    for n, p in PRACTICAS.items():
        carpeta = tmp_path / str(n)
        carpeta.mkdir()
        rutas = [_entrega(carpeta, n, "A001", _valores(n, "A001")),
                 _entrega(carpeta, n, "B002", _valores(n, "B002"), salida=True)]
        notas, generales = _calificar(n, rutas)
        assert generales == []
        for alumno in ALUMNOS:
            c = notas[alumno]
            assert c.puntos == pytest.approx(p.puntos_automaticos), (n, alumno, c.resultados)
            assert c.avisos == []
            assert all(r.comentario.startswith("✔ Correcto") for r in c.resultados)


def test_typical_mistakes_get_partial_marks_and_their_hints(tmp_path):
    v = _valores(1, "A001")
    esp = _esperadas(1, "A001")
    wald = next(w for h, w in esp["2a"].alternatives if "Wald" in h)
    malas = dict(v, **{
        "1a": 100 * v["1a"],  # porcentaje
        "1b": v["1c"],  # la sensibilidad en lugar de la precisión
        "1d": round(v["1d"], 2) + 0.004,  # cerca, pero fuera de la tolerancia
        "2a": wald,
        "3b": tuple(reversed(v["3b"])),
        "3a": None,
    })
    c = _calificar(1, [_entrega(tmp_path, 1, "A001", malas)])[0]["A001"]
    puntos = _puntos(c)
    assert puntos == {"1a": 0, "1b": 0, "1c": 0.5, "1d": 0.25, "1e": 0.5, "2a": 0, "2b": 0.5,
                      "3a": 0, "3b": 0}
    assert c.puntos == pytest.approx(1.75)
    assert "porcentaje" in _comentario(c, "1a")
    assert "Es la sensibilidad" in _comentario(c, "1b")
    assert "casi" in _comentario(c, "1d")
    assert "Wald" in _comentario(c, "2a")
    assert "otro orden" in _comentario(c, "3b")
    assert _comentario(c, "3a") == "Sin respuesta."
    assert "cuaderno «Intervalos de confianza para la exactitud»" in _comentario(c, "2a")
    assert "sección 6" in _comentario(c, "2a")


def test_typical_mistakes_in_practices_2_and_3(tmp_path):
    v, esp = _valores(2, "B002"), _esperadas(2, "B002")
    exacta = next(w for h, w in esp["1c"].alternatives if "exacto" in h)
    sin_corregir = next(w for h, w in esp["2b"].alternatives if "sin corregir" in h)
    malas = dict(v, **{"1c": exacta, "2b": sin_corregir, "1e": (-v["1e"][1], -v["1e"][0]),
                       "2a": -v["2a"], "1b": tuple(reversed(v["1b"]))})
    c = _calificar(2, [_entrega(tmp_path, 2, "B002", malas)])[0]["B002"]
    assert {k for k, x in _puntos(c).items() if x == 0} == {"1b", "1c", "1e", "2a", "2b"}
    assert "versión mid-p" in _comentario(c, "1c")
    assert "sin corregir" in _comentario(c, "2b")
    assert "B − A" in _comentario(c, "1e")
    assert "signo cambiado" in _comentario(c, "2a")
    assert "otro orden" in _comentario(c, "1b")

    v = _valores(3, "A001")
    malas = dict(v, **{"1a": tuple(5 + 1 - r for r in v["1a"]),
                       "3a": tuple(reversed(v["3a"])), "1e": f"{v['1e']:.6f}".replace(".", ",")})
    c = _calificar(3, [_entrega(tmp_path, 3, "A001", malas)])[0]["A001"]
    assert _puntos(c)["1a"] == 0 and "rango 1 al peor" in _comentario(c, "1a")
    assert _puntos(c)["3a"] == 0 and "otro orden" in _comentario(c, "3a")
    assert _puntos(c)["1e"] == 0.5  # un número como texto con coma decimal se lee


@pytest.mark.parametrize("probs, validas", [
    ((0.955, 0.045, 0.0), {"bosque", "sin decisión"}),  # a un paso del umbral: las dos
    ((0.02, 0.943, 0.037), {"equivalentes", "sin decisión"}),
    ((0.97, 0.03, 0.0), {"bosque"}),  # lejos del umbral: solo una
    ((0.5, 0.2, 0.3), {"sin decisión"}),
])
def test_bayesian_decision_near_the_threshold_accepts_both(monkeypatch, probs, validas):
    """Cerca de 0.95, otro sorteo correcto (otra semilla, ``baycomp``) puede dejar la
    probabilidad al otro lado: la decisión 3b acepta entonces las dos; lejos, solo una."""
    from docente.evaluacion import practica3

    class Posterior:
        prob_a_better, prob_equivalent, prob_b_better = probs

    monkeypatch.setattr(practica3.cu, "bayesian_signed_rank_test", lambda *a, **k: Posterior)
    esperadas = PRACTICAS[3].respuestas_esperadas(SECRETO, "A001")
    for decision in practica3.DECISIONES_BAYES:
        puntos = _puntos(_calificacion_de(esperadas, {"3b": decision}))["3b"]
        assert puntos == (0.5 if decision in validas else 0), decision


def _calificacion_de(esperadas: dict, respuestas: dict):
    from docente.evaluacion.calificacion import Calificacion, calificar_respuestas

    return Calificacion("A001", "x.ipynb", calificar_respuestas(PRACTICAS[3], esperadas,
                                                                respuestas))


def _formas(valor) -> list[str]:
    """Cómo podría aparecer un valor esperado en un texto (con 3 o 4 decimales o completo)."""
    out = []
    for x in (valor if isinstance(valor, tuple) else (valor,)):
        if isinstance(x, str) or float(x).is_integer():
            continue
        out += [repr(float(x)), f"{x:.4f}", f"{x:.3f}"]
    return out


def test_feedback_never_contains_the_expected_value(tmp_path):
    for n, p in PRACTICAS.items():
        v = _valores(n, "A001")
        # todo mal de la manera más reveladora: el error declarado que deja la pista más larga
        malas = {}
        for k, spec in _esperadas(n, "A001").items():
            wrong = spec.wrong_values()
            malas[k] = wrong[0][1] if wrong else ("x" if isinstance(v[k], str) else None)
        c = _calificar(n, [_entrega(tmp_path, n, "A001", malas, nombre=f"p{n}A001")])[0]["A001"]
        texto = retroalimentacion(p, c)
        assert c.puntos < p.puntos_automaticos
        for k, valor in v.items():
            for forma in _formas(valor):
                assert forma not in texto, (n, k, forma)


def test_submitted_notebooks_are_never_executed(tmp_path):
    testigo = tmp_path / "ejecutado.txt"
    ruta = _entrega(tmp_path, 1, "A001", {"1a": 0.5})
    nb = nbformat.read(ruta, as_version=4)
    nb.cells.insert(2, nbformat.v4.new_code_cell(
        f"%matplotlib inline\nopen({str(testigo)!r}, 'w').write('x')\nrespuestas = {{'1a': 0.9}}"))
    nbformat.write(nb, ruta)
    leida = entregas.leer_cuaderno(ruta)
    assert not testigo.exists()
    assert leida.respuestas["1a"] == 0.5  # la celda de respuestas va después y manda


def test_expressions_without_saved_output_are_reported_not_evaluated(tmp_path):
    ruta = _entrega(tmp_path, 1, "A001", {"1a": 0.5})
    nb = nbformat.read(ruta, as_version=4)
    nb.cells.insert(-1, nbformat.v4.new_code_cell('respuestas["1b"] = precision * 2'))
    nbformat.write(nb, ruta)
    c = _calificar(1, [ruta])[0]["A001"]
    assert "no se pudo leer" in _comentario(c, "1b").lower()
    assert "precision * 2" in _comentario(c, "1b")
    assert any("salida de su última celda" in a for a in c.avisos)


def test_stale_output_identity_checks_and_stray_files(tmp_path):
    v = _valores(1, "A001")
    ruta = _entrega(tmp_path, 1, "A001", v, salida=True)
    nb = nbformat.read(ruta, as_version=4)
    for cell in nb.cells:  # el código cambió después de ejecutar: manda la salida guardada
        if cell.cell_type == "code" and cell.source.startswith("respuestas = {"):
            cell.source = "respuestas = {'1a': 0.1234}"
    nbformat.write(nb, ruta)
    leida = entregas.leer_cuaderno(ruta)
    assert leida.respuestas["1a"] == v["1a"] and "no coinciden" in leida.avisos[0]
    otro = _entrega(tmp_path, 1, "B002", v, alumno_en_cuaderno="A001", nombre="B002")
    nadie = _entrega(tmp_path, 1, "A001", v, alumno_en_cuaderno="", nombre="desconocido")
    segunda = _entrega(tmp_path, 2, "B002", _valores(2, "B002"), salida=True, nombre="p2_B002")
    notas, generales = _calificar(1, [otro, nadie, segunda])
    assert any("no coincide con el nombre del fichero" in a for a in notas["A001"].avisos)
    assert any("no se sabe de quién es" in g for g in generales)
    assert any("es de la práctica 2" in g for g in generales)
    assert notas["B002"].entrega is None


def test_answers_from_a_csv(tmp_path):
    v = _valores(1, "B002")
    fila = {k: (f"({x[0]!r}; {x[1]!r})".replace(";", ",") if isinstance(x, tuple) else x)
            for k, x in v.items()}
    fila["1a"] = f"{v['1a']:.6f}".replace(".", ",")
    tabla = pd.DataFrame([{"alumno": "B002", **fila}])
    tabla.to_csv(tmp_path / "r.csv", sep=";", index=False)
    leidas = entregas.leer_csv(tmp_path / "r.csv")
    notas, _ = calificar_entregas(PRACTICAS[1], SECRETO, ALUMNOS, leidas)
    assert notas[1].puntos == pytest.approx(PRACTICAS[1].puntos_automaticos)


def test_answers_from_a_spanish_excel_csv(tmp_path):
    """Un CSV de Excel en español: punto y coma, coma decimal y los intervalos como «(0,81; 0,87)»
    (Excel pone entre comillas la celda que lleva el separador); en otra codificación, un error
    en español que nombra la opción."""
    v = _valores(1, "A001")
    fila = {k: (f"({x[0]:.10f}; {x[1]:.10f})" if isinstance(x, tuple) else
                f"{x:.10f}" if isinstance(x, float) else x) for k, x in v.items()}
    pd.DataFrame([{"alumno": "A001", **{k: x.replace(".", ",") for k, x in fila.items()}}]).to_csv(
        tmp_path / "r.csv", sep=";", index=False, encoding="utf-8-sig")
    leidas = entregas.leer_csv(tmp_path / "r.csv")
    assert leidas[0].respuestas["2a"] == pytest.approx(v["2a"], rel=1e-9)
    notas, _ = calificar_entregas(PRACTICAS[1], SECRETO, ALUMNOS, leidas)
    assert notas[0].puntos == pytest.approx(PRACTICAS[1].puntos_automaticos)
    (tmp_path / "latin1.csv").write_bytes("alumno;1a\nA001;0,8\nBéto;0,7\n".encode("cp1252"))
    with pytest.raises(ValueError, match="--respuestas: .* no está en UTF-8"):
        entregas.leer_csv(tmp_path / "latin1.csv")


def test_command_line_end_to_end(tmp_path, capsys):
    (tmp_path / "lista.csv").write_text("alumno,nombre\nA001,Ana\nB002,Beto\n", encoding="utf-8")
    comun = ["--practica", "2", "--alumnos", str(tmp_path / "lista.csv"), "--secreto", SECRETO]
    assert calificar.main(["datos", *comun, "--salida", str(tmp_path / "reparto")]) == 0
    carpeta = tmp_path / "reparto" / "A001"
    assert sorted(p.name for p in carpeta.iterdir()) == [
        "enunciado.md", "instrucciones.md", "practica2.ipynb", "practica2_cv.csv",
        "practica2_prueba.csv", "rubrica.md"]
    assert (carpeta / "practica2_cv.csv").read_text() == \
        PRACTICAS[2].textos_csv(SECRETO, "A001")["practica2_cv.csv"]
    assert not any("manifiesto" in p.name for p in carpeta.iterdir())
    (tmp_path / "entregas").mkdir()
    _entrega(tmp_path / "entregas", 2, "A001", _valores(2, "A001"), salida=True)
    args = ["corregir", *comun, "--datos", str(tmp_path / "reparto"), "--salida",
            str(tmp_path / "notas"), str(tmp_path / "entregas")]
    assert calificar.main(args) == 0
    notas = pd.read_csv(tmp_path / "notas" / "notas_practica2.csv", dtype={"alumno": str})
    assert notas["automatica"].tolist() == [6, 0]
    assert list(notas.columns[-7:]) == ["R1 (de 1)", "R2 (de 1)", "R3 (de 1)", "R4 (de 1)",
                                        "total", "total_max", "avisos"]
    assert notas["total"].tolist() == [6, 0] and notas["total_max"].tolist() == [10, 10]
    feedback = (tmp_path / "notas" / "retroalimentacion_practica2" / "B002.md").read_text()
    assert "no se recibió ninguna" in feedback
    # con otro secreto, el manifiesto lo detecta y no se califica nada
    otro = [a if a != SECRETO else SECRETO + "-otro" for a in args]
    assert calificar.main(otro) == 2
    assert "no son los que se repartieron" in capsys.readouterr().err
    assert calificar.main(["datos", "--practica", "4", "--alumnos", "x", "--salida", "y",
                           "--secreto", SECRETO]) == 2
    assert "--practica debe ser 1, 2, 3" in capsys.readouterr().err


def test_unreadable_inputs_and_unwritable_output_give_spanish_errors(tmp_path, capsys):
    """Una carpeta donde se esperaba un fichero (el secreto, la lista de clase) y una salida
    que no se puede escribir: un error en español que nombra la opción, no una traza."""
    (tmp_path / "lista.csv").write_text("alumno\nA001\n", encoding="utf-8")
    (tmp_path / "s.secreto").write_text(SECRETO, encoding="utf-8")
    casos = [
        (["--alumnos", str(tmp_path / "lista.csv"), "--secreto-fichero", str(tmp_path)],
         "--secreto-fichero: .* es una carpeta"),
        (["--alumnos", str(tmp_path), "--secreto-fichero", str(tmp_path / "s.secreto")],
         "--alumnos: .* es una carpeta"),
    ]
    for args, mensaje in casos:
        assert calificar.main(["datos", "--practica", "1", "--salida", str(tmp_path / "r"),
                               *args]) == 2
        assert re.search(mensaje, capsys.readouterr().err)
    (tmp_path / "fichero").write_text("x", encoding="utf-8")
    assert examen_cli.main(["--examen", "p1", "--secreto", SECRETO, "--salida",
                            str(tmp_path / "fichero" / "examen.xml")]) == 2
    assert "--salida: no se pudo escribir" in capsys.readouterr().err


# --- material de las prácticas -------------------------------------------------------------------


def test_notebook_titles_map_to_existing_notebooks():
    for titulo, fichero in cuadernos.CUADERNOS.items():
        nb = nbformat.read(ROOT / "notebooks" / fichero, as_version=4)
        h1 = next(line for c in nb.cells if c.cell_type == "markdown"
                  for line in c.source.splitlines() if line.startswith("# "))
        assert re.sub(r"^# \d\d · ", "", h1).startswith(titulo), (fichero, h1)


def test_no_notebook_numbers_outside_the_mapping():
    """Los textos del docente nombran los cuadernos por su título: solo ``cuadernos.py`` sabe
    sus números, así que renumerarlos no obliga a tocar nada más."""
    for path in sorted((ROOT / "docente").rglob("*")):
        if path.suffix not in (".md", ".py", ".ipynb") or path.name == "cuadernos.py":
            continue
        if path.name == "guia.md":  # la guía del docente: nombra preguntas y ejercicios por
            continue  # su identificador, con el número (tests/test_docente_guide.py la comprueba)
        text = path.read_text(encoding="utf-8")
        found = re.findall(r"\b\d\d_[a-z0-9_]+\.ipynb|[Cc]uadernos? \d\d\b", text)
        assert not found, (path, found)


@pytest.mark.parametrize("n", sorted(PRACTICAS))
def test_rubric_and_statement_agree_with_the_code(n):
    p = PRACTICAS[n]
    carpeta = ROOT / "docente" / "practicas" / f"practica{n}"
    filas = re.findall(r"^\| \*\*(\w+)\*\* [^\n]*\| ([\d.]+) \|$",
                       (carpeta / "rubrica.md").read_text(encoding="utf-8"), re.M)
    assert filas == [(q.id, f"{q.puntos:g}") for q in p.preguntas] + [
        (k.id, f"{k.puntos:g}") for k in p.criterios]
    assert p.puntos_automaticos + p.puntos_rubrica == 10
    enunciado = (carpeta / "enunciado.md").read_text(encoding="utf-8")
    seguido = " ".join(enunciado.split())
    assert re.findall(r"^- \*\*(\w+)\.", enunciado, re.M) == [q.id for q in p.preguntas] + [
        k.id for k in p.criterios]
    for titulo in p.cuadernos:
        assert f"«{titulo}»" in seguido


@pytest.mark.parametrize("n", sorted(PRACTICAS))
def test_starter_notebook_asks_for_every_answer_and_gives_none(n):
    p = PRACTICAS[n]
    leida = entregas.leer_cuaderno(_inicio(n))
    assert leida.alumno is None or leida.alumno == ""
    assert leida.respuestas == {q.id: None for q in p.preguntas}
    nb = nbformat.read(_inicio(n), as_version=4)
    assert not any(c.get("outputs") for c in nb.cells if c.cell_type == "code")
    codigo = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    for tabla in p.tablas:
        assert f'"{tabla}"' in codigo
    assert f'{{"practica": {n},' in nb.cells[-1].source
    assert "entrega" in nb.cells[-1].metadata["tags"]


def test_starter_notebooks_run_on_generated_data(tmp_path, monkeypatch, capsys):
    """Cada cuaderno de partida corre de arriba abajo con los datos generados (su código, en
    este proceso) e imprime sus respuestas vacías en la forma que lee la calificación."""
    salidas = []
    for n, p in PRACTICAS.items():
        carpeta = tmp_path / f"p{n}"
        carpeta.mkdir()
        for nombre, texto in p.textos_csv(SECRETO, "A001").items():
            (carpeta / nombre).write_text(texto, encoding="utf-8")
        nb = nbformat.read(_inicio(n), as_version=4)
        monkeypatch.chdir(carpeta)
        namespace: dict = {}
        for cell in nb.cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, f"practica{n}.ipynb", "exec"), namespace)
        salidas += [json.loads(line) for line in capsys.readouterr().out.splitlines()
                    if line.startswith("{")]
    assert [s["practica"] for s in salidas] == sorted(PRACTICAS)
    assert all(set(s["respuestas"].values()) == {None} for s in salidas)


# --- recepción de las entregas ------------------------------------------------------------------

#: La exportación de participantes de Moodle (Participantes → Descargar datos de la tabla como
#: CSV), guardada con Excel en español: «;», BOM y las columnas de Moodle en español.
PARTICIPANTES = ("\ufeffNombre;Apellido(s);Dirección de correo;Roles;Grupos;"
                 "Último acceso al curso;Estado\n"
                 "María José;García López;a001@alumnos.example.es;Estudiante;Grupo 1;"
                 "hace 2 días;Activo\n"
                 "Íñigo;Núñez;b002@alumnos.example.es;Estudiante;Grupo 1;hace 1 hora;Activo\n")


def _lista(tmp_path: Path) -> Path:
    ruta = tmp_path / "lista.csv"
    ruta.write_text("alumno\nA001\nB002\n", encoding="utf-8")
    return ruta


def _corregir(tmp_path: Path, n: int, *extra: str) -> int:
    return calificar.main(["corregir", "--practica", str(n), "--alumnos", str(_lista(tmp_path)),
                           "--secreto", SECRETO, "--salida", str(tmp_path / "notas"), *extra])


def test_moodle_download_folders_are_mapped_through_the_participants_export(tmp_path):
    """«Descargar todas las entregas» de Moodle da carpetas con el nombre completo
    («María José García López_12345_assignsubmission_file_»), sin el identificador de la
    lista: la exportación de participantes los une (por el correo, sin mayúsculas)."""
    (tmp_path / "participantes.csv").write_bytes(PARTICIPANTES.encode("utf-8"))
    descarga = tmp_path / "descarga"
    for alumno, carpeta in (("A001", "María José García López_12345_assignsubmission_file_"),
                            ("B002", "Iñigo Nuñez_12346_assignsubmission_file_")):
        (descarga / carpeta).mkdir(parents=True)
        _entrega(descarga / carpeta, 1, alumno, _valores(1, alumno), alumno_en_cuaderno="",
                 nombre="practica1")
    assert _corregir(tmp_path, 1, "--participantes", str(tmp_path / "participantes.csv"),
                     str(descarga)) == 0
    notas = pd.read_csv(tmp_path / "notas" / "notas_practica1.csv")
    assert (notas["automatica"] == notas["automatica_max"]).all(), notas


def test_ids_are_matched_without_case(tmp_path):
    ruta = _entrega(tmp_path, 1, "A001", _valores(1, "A001"), alumno_en_cuaderno="a001",
                    nombre="a001")
    notas, generales = _calificar(1, [ruta])
    assert not generales and not notas["A001"].avisos
    assert notas["A001"].puntos == PRACTICAS[1].puntos_automaticos


def test_intake_report_names_every_file_and_what_to_do(tmp_path):
    entregas_dir = tmp_path / "entregas"
    entregas_dir.mkdir()
    bien = _entrega(entregas_dir, 1, "A001", _valores(1, "A001"))
    bien.rename(entregas_dir / "A001.ipynb.txt")  # el navegador añadió .txt
    (entregas_dir / "B002.zip").write_bytes(b"PK\x05\x06" + bytes(18))  # vacío
    moodle = entregas_dir / "Íñigo Núñez_12346_assignsubmission_file_"
    moodle.mkdir()
    dentro = _entrega(tmp_path, 1, "B002", _valores(1, "B002"), nombre="practica1")
    with zipfile.ZipFile(moodle / "practica1.zip", "w") as z:  # un cuaderno comprimido
        z.write(dentro, "practica1/practica1.ipynb")
    (entregas_dir / "B002.pdf").write_bytes(b"%PDF-1.4")
    _entrega(entregas_dir, 1, "Z999", _valores(1, "A001"))
    con_error = _entrega(entregas_dir, 1, "B002", _valores(1, "B002"), nombre="B002_final")
    nb = nbformat.read(con_error, as_version=4)
    nb.cells[-1].outputs = [nbformat.v4.new_output("error", ename="NameError",
                                                   evalue="x", traceback=[])]
    nbformat.write(nb, con_error)
    assert _corregir(tmp_path, 1, str(entregas_dir)) == 0
    informe = (tmp_path / "notas" / "informe_entregas_practica1.md").read_text()
    filas = {Path(f.split(" | ")[0].lstrip("| ")).name: f for f in informe.splitlines()
             if f.startswith("| ") and "/" in f.split(" | ")[0]}
    assert sorted(filas) == ["A001.ipynb.txt", "B002.pdf", "B002.zip", "B002_final.ipynb",
                             "Z999.ipynb", "practica1.zip"]
    assert "| B002 | calificado |" in filas["practica1.zip"] and ".zip" in filas["practica1.zip"]
    assert "| A001 | calificado |" in filas["A001.ipynb.txt"]
    assert "extensión incorrecta" in filas["A001.ipynb.txt"]
    assert "no se califica" in filas["B002.zip"] and "ningún cuaderno" in filas["B002.zip"]
    assert "no es un cuaderno" in filas["B002.pdf"]
    assert "no se sabe de quién es" in filas["Z999.ipynb"]
    assert "NameError" in filas["B002_final.ipynb"]
    assert "ya tiene otra entrega" in filas["practica1.zip"] + filas["B002_final.ipynb"]
    notas = pd.read_csv(tmp_path / "notas" / "notas_practica1.csv")
    assert notas["automatica"].tolist() == [PRACTICAS[1].puntos_automaticos] * 2


def test_answers_computed_with_another_students_data_are_flagged(tmp_path):
    a = _entrega(tmp_path, 1, "A001", _valores(1, "A001"))
    b = _entrega(tmp_path, 1, "B002", _valores(1, "A001"))  # B002 entrega lo de A001
    notas, _ = _calificar(1, [a, b])
    assert not any("copia" in x for x in notas["A001"].avisos)
    assert any("posible copia" in x and "'A001'" in x for x in notas["B002"].avisos)


def test_a_notebook_that_calls_the_public_grading_code_is_flagged(tmp_path):
    """``practicaN.esperadas`` es público y, con los datos propios, imprime cada respuesta:
    un cuaderno que lo usa se señala (no muestra trabajo propio)."""
    ruta = _entrega(tmp_path, 1, "A001", _valores(1, "A001"))
    nb = nbformat.read(ruta, as_version=4)
    nb.cells.insert(2, nbformat.v4.new_code_cell(
        "from docente.evaluacion import practica1\n"
        "print(practica1.esperadas(practica1.leer_tablas('.')))"))
    nbformat.write(nb, ruta)
    notas, _ = _calificar(1, [ruta])
    assert any("código de corrección" in a for a in notas["A001"].avisos)
    limpio = _entrega(tmp_path, 1, "B002", _valores(1, "B002"))
    notas, _ = _calificar(1, [limpio])
    assert not any("código de corrección" in a for a in notas["B002"].avisos)


def test_half_credit_only_close_to_the_tolerance(tmp_path):
    """Con la ventana de «casi» de ``cu.comprobar`` (5 % relativo), una exactitud un 3 % por
    encima recibía media nota; ahora solo a menos de cuatro tolerancias."""
    esperada = _esperadas(1, "A001")["1a"]
    tol = esperada.rtol * abs(esperada.value)
    for factor, puntos in ((1 + 3 * tol / esperada.value, 0.5), (1.03, 0.0)):
        valores = dict(_valores(1, "A001"), **{"1a": round(esperada.value * factor, 6)})
        ruta = _entrega(tmp_path, 1, "A001", valores)
        notas, _ = _calificar(1, [ruta])
        maximo = next(p.puntos for p in PRACTICAS[1].preguntas if p.id == "1a")
        assert _puntos(notas["A001"])["1a"] == puntos * maximo, factor


def test_grades_csv_for_spanish_excel_and_dropping_a_question(tmp_path):
    entregas_dir = tmp_path / "entregas"
    entregas_dir.mkdir()
    _entrega(entregas_dir, 3, "A001", _valores(3, "A001"))
    assert _corregir(tmp_path, 3, "--excel", "--sin", "2c", str(entregas_dir)) == 0
    crudo = (tmp_path / "notas" / "notas_practica3.csv").read_bytes()
    assert crudo.startswith(b"\xef\xbb\xbf")  # BOM: Excel lee UTF-8
    notas = pd.read_csv(tmp_path / "notas" / "notas_practica3.csv", sep=";", decimal=",",
                        encoding="utf-8-sig")
    assert "2c" not in notas.columns
    maximo = sum(p.puntos for p in PRACTICAS[3].preguntas if p.id != "2c")
    assert notas.loc[0, "automatica"] == notas.loc[0, "automatica_max"] == maximo
    assert notas.loc[0, "total"] == maximo
    assert notas.loc[0, "total_max"] == maximo + PRACTICAS[3].puntos_rubrica
    assert any("," in linea for linea in crudo.decode("utf-8-sig").splitlines()[1:]) or \
        float(maximo).is_integer()
    assert _corregir(tmp_path, 3, "--sin", "9z", str(entregas_dir)) == 2


def test_manifest_is_merged_for_a_late_student_and_secret_file_is_private(tmp_path):
    lista = _lista(tmp_path)
    tarde = tmp_path / "tarde.csv"
    tarde.write_text("alumno\nC003\n", encoding="utf-8")
    comun = ["--practica", "1", "--secreto", SECRETO, "--salida", str(tmp_path / "reparto")]
    assert calificar.main(["datos", "--alumnos", str(lista), *comun]) == 0
    assert calificar.main(["datos", "--alumnos", str(tarde), "--zip", *comun]) == 0
    with zipfile.ZipFile(tmp_path / "reparto" / "C003_practica1.zip") as z:
        assert sorted(n for n in z.namelist() if not n.endswith("/")) == sorted(
            f"C003/{p.name}" for p in (tmp_path / "reparto" / "C003").iterdir())
    filas = list(csv.DictReader((tmp_path / "reparto" / "manifiesto_practica1.csv")
                                .read_text().splitlines()))
    assert sorted({f["alumno"] for f in filas}) == ["A001", "B002", "C003"]
    for f in filas:  # cada suma, la de los datos regenerados (hashlib, no el código)
        texto = PRACTICAS[1].textos_csv(SECRETO, f["alumno"])[f["fichero"]]
        assert f["sha256"] == hashlib.sha256(texto.encode("utf-8")).hexdigest()
    ruta = tmp_path / "curso.secreto"
    assert calificar.main(["secreto", "--guardar", str(ruta)]) == 0
    assert stat.S_IMODE(ruta.stat().st_mode) == 0o600
    assert len(ruta.read_text().strip()) >= semillas.MIN_SECRET
    assert calificar.main(["secreto", "--guardar", str(ruta)]) == 2  # no se sobrescribe


def test_class_lists_and_downloads_are_ignored_by_git(tmp_path):
    rutas = ["lista_clase.csv", "participantes_grupo1.csv",
             "courseid_123_participants.csv",
             "descarga/Maria Garcia_12345_assignsubmission_file_/practica1.ipynb",
             "entregas1/A001.ipynb", "reparto1/A001/practica1_prueba.csv",
             "notas1/informe_entregas_practica1.md"]
    out = subprocess.run(["git", "check-ignore", "--no-index", *rutas], cwd=ROOT,
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        pytest.skip("sin git")
    assert sorted(out.stdout.splitlines()) == sorted(rutas)


# --- examen --------------------------------------------------------------------------------------


def _examen(tmp_path: Path, examen: str, variantes: int = 3) -> ET.Element:
    xml = tmp_path / f"e-{examen}.xml"
    assert examen_cli.main(["--examen", examen, "--variantes", str(variantes), "--secreto",
                            SECRETO, "--salida", str(xml)]) == 0
    assert (tmp_path / f"e-{examen}-clave.md").is_file()
    assert (tmp_path / f"e-{examen}-clave.csv").is_file()
    return ET.parse(xml).getroot()


def _recalcular(numero: str, datos: dict) -> float:
    """Cada respuesta numérica, con scipy, statsmodels y scikit-learn desde los datos."""
    if numero in ("E01", "E02"):
        y = np.r_[np.ones(datos["VP"] + datos["FN"]), np.zeros(datos["FP"] + datos["VN"])]
        p = np.r_[np.ones(datos["VP"]), np.zeros(datos["FN"]), np.ones(datos["FP"]),
                  np.zeros(datos["VN"])]
        return recall_score(y, p) if numero == "E01" else f1_score(y, p)
    if numero == "E03":
        return proportion_confint(datos["aciertos"], datos["n"], method="wilson")[0]
    if numero == "E05":
        return sm_mcnemar(datos["tabla"], exact=False, correction=False).statistic
    if numero == "E06":
        d = np.asarray(datos["diferencias"])
        assert datos["media"] == round(d.mean(), 4) and datos["sd"] == round(d.std(ddof=1), 4)
        naive = stats.ttest_1samp(d, 0).statistic  # la t sin corregir, de scipy
        factor = math.sqrt(1 / 100 / (1 / 100 + 1 / 9))
        return naive * factor * (datos["media"] / d.mean()) * (d.std(ddof=1) / datos["sd"])
    x = np.asarray(datos.get("tabla", [[0]]))
    if numero == "E08":
        return stats.friedmanchisquare(*x.T).statistic
    if numero == "E09":
        return np.apply_along_axis(stats.rankdata, 1, -x).mean(axis=0)[datos["algoritmo"]]
    if numero == "E10":
        k, n = datos["k"], datos["n"]
        q = stats.studentized_range.ppf(0.95, k, np.inf) / math.sqrt(2)
        assert datos["q"] == round(q, 3)
        return datos["q"] * math.sqrt(k * (k + 1) / (6 * n))
    raise AssertionError(numero)


def test_exam_xml_parses_and_answers_match_independent_recomputation(tmp_path):
    root = _examen(tmp_path, "parcial1", variantes=3)
    variantes = {v: {p.numero: p for p in generar_examen(SECRETO, "parcial1", v)}
                 for v in (1, 2, 3)}
    # Moodle XML: una pregunta «category» antes de las preguntas de cada categoría; aquí, una
    # categoría por pregunta con sus 3 variantes (el cuestionario sortea una de cada categoría)
    actual, por_categoria = None, {}
    for q in root.findall("question"):
        if q.get("type") == "category":
            actual = q.findtext("category/text")
            por_categoria[actual] = []
        else:
            por_categoria[actual].append(q.findtext("idnumber"))
    numeros = sorted(variantes[1])
    assert list(por_categoria) == ["$course$/top/Examen parcial1"] + [
        f"$course$/top/Examen parcial1/{n} · {variantes[1][n].nombre}" for n in numeros]
    assert por_categoria.pop("$course$/top/Examen parcial1") == []
    assert [ids for ids in por_categoria.values()] == [
        [f"examen-parcial1-{n}-v{v}" for v in (1, 2, 3)] for n in numeros]
    for q in root.findall("question"):
        kind = q.get("type")
        if kind == "category":
            continue
        _, _, numero, variante = q.findtext("idnumber").split("-")
        p = variantes[int(variante[1:])][numero]
        answers = q.findall("answer")
        assert all(a.findtext("feedback/text") for a in answers)
        if kind == "numerical":
            correcta = [a for a in answers if a.get("fraction") == "100"]
            assert len(correcta) == 1 and answers[-1].findtext("text") == "*"
            valor = float(correcta[0].findtext("text"))
            tol = float(correcta[0].findtext("tolerance"))
            assert valor == pytest.approx(_recalcular(numero, p.datos), abs=1e-9)
            for a in answers[1:-1]:  # ningún error típico cae dentro de la tolerancia
                assert abs(float(a.findtext("text")) - valor) > tol
        else:
            assert kind == "multichoice" and q.findtext("shuffleanswers") == "1"
            assert [a.get("fraction") for a in answers].count("100") == 1


def test_exam_decisions_match_independent_recomputation():
    p = {q.numero: q for q in generar_examen(SECRETO, "final", 2)}
    d = np.asarray(p["E07"].datos["diferencias"])
    se = math.sqrt((1 / 100 + 1 / 9) * d.var(ddof=1))
    p_t = 2 * stats.t.sf(abs(d.mean() / se), 99)
    margen = p["E07"].datos["margen"]
    p_e = max(stats.t.sf((d.mean() + margen) / se, 99), stats.t.cdf((d.mean() - margen) / se, 99))
    assert p["E07"].datos["p_t"] == round(p_t, 4) and p["E07"].datos["p_tost"] == round(p_e, 4)
    correcta = next(t for t, ok, _ in p["E07"].opciones if ok)
    if p_t < 0.05:
        assert correcta.startswith("Hay evidencia")
    else:
        assert ("se puede afirmar que son equivalentes" in correcta) == (p_e < 0.05)
    pv = np.asarray(p["E11"].datos["pvalores"])
    holm = int(multipletests(pv, alpha=0.05, method="holm")[0].sum())
    assert next(t for t, ok, _ in p["E11"].opciones if ok) == str(holm)


def test_exam_interval_reading_and_mcnemar_distractors_over_many_seeds():
    """El intervalo que muestra E04 es el de Wilson de statsmodels, y en E05 la corrección de
    continuidad siempre se reconoce como un error típico (con |b − c| pequeño caería dentro de
    la tolerancia y la pregunta perdería su explicación)."""
    for variante in range(1, 41):
        p = {q.numero: q for q in generar_examen(SECRETO, "parcial1", variante)}
        d = p["E04"].datos
        ref = proportion_confint(d["aciertos"], d["n"], method="wilson")
        assert (d["inferior"], d["superior"]) == tuple(round(x, 3) for x in ref)
        (_, b), (c, _) = p["E05"].datos["tabla"]
        corregido = sm_mcnemar(p["E05"].datos["tabla"], exact=False, correction=True).statistic
        assert any(v == pytest.approx(corregido) and "corrección" in retro
                   for v, _, retro in p["E05"].errores), (variante, b, c)


def test_two_exams_or_variants_differ_and_a_name_regenerates_the_same():
    a, b = generar_examen(SECRETO, "parcial1", 1), generar_examen(SECRETO, "parcial1", 2)
    c = generar_examen(SECRETO, "parcial2", 1)
    assert [p.numero for p in a] == [p.numero for p in b] == [p.numero for p in c]
    assert sum(x.enunciado != y.enunciado for x, y in zip(a, b)) == len(a)
    assert sum(x.enunciado != y.enunciado for x, y in zip(a, c)) == len(a)
    assert [p.enunciado for p in generar_examen(SECRETO, "parcial1", 1)] == [
        p.enunciado for p in a]
    with pytest.raises(ValueError, match="--examen"):
        generar_examen(SECRETO, "parcial 1")


def test_exam_data_come_from_an_hmac_of_the_secret_not_a_guessable_seed():
    """Con el esquema anterior (``default_rng([número, semilla])`` con una semilla entera
    pequeña), una tabla del enunciado bastaba para recuperar la semilla probando y, con ella,
    la clave. Ahora la semilla es HMAC-SHA256 del secreto (recalculado aquí con ``hmac``), y
    ninguna semilla pequeña reproduce la tabla."""
    from docente.evaluacion.examen import PREGUNTAS, _matriz_confusion

    p = generar_examen(SECRETO, "parcial1", 2)
    for i, f in enumerate(PREGUNTAS[:3], start=1):
        digest = hmac.new(SECRETO.encode(), f"examen-parcial1-E{i:02d}|v2".encode(),
                          hashlib.sha256).digest()
        rng = np.random.default_rng(int.from_bytes(digest, "big"))
        assert f(rng).datos == p[i - 1].datos
    otro = generar_examen("otro-secreto-de-prueba-distinto", "parcial1", 2)
    assert all(x.datos != y.datos for x, y in zip(p, otro))
    e01 = p[0].datos
    for semilla in range(5000):  # el ataque que funcionaba: probar semillas pequeñas
        assert _matriz_confusion(np.random.default_rng([1, semilla])) != e01
    with pytest.raises(ValueError, match="secreto"):
        generar_examen("corto", "parcial1")
    assert examen_cli.main(["--semilla", "4711"]) == 2  # la semilla adivinable ya no existe


def test_exam_redraws_p_printed_as_zero_and_wald_scoring_as_wilson():
    """E07 nunca muestra «p = 0.0000» (no es un valor p que se pueda escribir) y en E03 el
    extremo de Wald (de statsmodels), redondeado a 3 decimales como pide el enunciado, nunca
    cae dentro de la tolerancia del de Wilson: siempre es un error típico reconocido."""
    for variante in range(1, 61):
        p = {q.numero: q for q in generar_examen(SECRETO, "final", variante)}
        assert p["E07"].datos["p_t"] > 0 and p["E07"].datos["p_tost"] > 0, variante
        assert "p = 0.0000" not in p["E07"].enunciado
        d = p["E03"].datos
        wilson = proportion_confint(d["aciertos"], d["n"], method="wilson")[0]
        wald = proportion_confint(d["aciertos"], d["n"], method="normal")[0]
        assert abs(round(wald, 3) - wilson) > p["E03"].tolerancia, variante
        assert any(v == pytest.approx(wald) and "Wald" in retro
                   for v, _, retro in p["E03"].errores), variante


def test_exam_prefilter_only_skips_draws_whose_p_prints_as_zero():
    """E07 descarta sin llamar a ``course_utils`` los sorteos con un valor p que se imprimiría
    como 0.0000: a un lado y otro del umbral, lo que descarta es exactamente lo que el valor p
    de la t corregida o de la TOST (con ``scipy.stats.t``) redondea a 0.0000, con un margen."""
    from docente.evaluacion.examen import _p_redondeado_a_cero

    z = np.random.default_rng(5).normal(size=100)
    z = (z - z.mean()) / z.std(ddof=1)
    a, s, se_de_s = np.full(100, 0.85), 0.008, math.sqrt(1 / 100 + 1 / 9)
    t_obj = np.linspace(3.8, 5.0, 241)
    vistos = set()
    for signo in (1, -1):
        for medias in (signo * t_obj * s * se_de_s,  # la t corregida
                       signo * (0.02 - t_obj * s * se_de_s)):  # un lado de la TOST
            bs = a - (medias[:, None] + s * z)
            d = a - bs
            m, se = d.mean(axis=1), se_de_s * d.std(axis=1, ddof=1)
            p_t = 2 * stats.t.sf(np.abs(m) / se, 99)
            p_e = np.maximum(stats.t.sf((m + 0.02) / se, 99), stats.t.cdf((m - 0.02) / se, 99))
            for b, p in zip(bs, np.minimum(p_t, p_e)):
                if p < 3.9e-5:
                    assert _p_redondeado_a_cero(a, b, 0.02), p
                    vistos.add("descarta")
                elif p > 4.1e-5:
                    assert not _p_redondeado_a_cero(a, b, 0.02), p
                    vistos.add("deja" if p < 5e-5 else "lejos")
    assert vistos == {"descarta", "deja", "lejos"}


# --- nada calificado donde no debe estar ---------------------------------------------------------


def _tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        pytest.skip("sin git: no se puede saber qué está versionado")
    return out.stdout.splitlines()


def test_the_repository_holds_no_secret_key_or_generated_grading_file():
    tracked = _tracked()
    prohibido = re.compile(r"(secreto|clave|manifiesto_|notas_practica|retroalimentacion_|"
                           r"examen-\d+|practica\d_[a-z]+\.csv$)", re.I)
    assert not [f for f in tracked if prohibido.search(Path(f).name)]
    csv_docente = [f for f in tracked if f.startswith("docente/") and f.endswith(".csv")]
    assert all(f.startswith("docente/proyecto/tablas/") for f in csv_docente)
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8")
    for pattern in ("examen-*.xml", "examen-*-clave.*", "*.secreto"):
        assert pattern in ignored
    for f in tracked:  # ni el secreto de las pruebas ni un valor esperado guardado
        path = ROOT / f
        if f != "tests/test_grading.py" and path.suffix in (".py", ".md", ".toml", ".json",
                                                            ".ipynb", ".csv", ".txt"):
            assert SECRETO not in path.read_text(encoding="utf-8", errors="replace"), f


def test_graded_work_stays_out_of_student_copies_package_data_and_quizzes():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setup = pyproject["tool"]["setuptools"]
    assert all(p.startswith("course_utils") for p in setup["packages"])
    assert all(k == "course_utils" or k.startswith("course_utils.") for k in setup["package-data"])
    assert not any("docente" in pat or "practica" in pat
                   for pats in setup["package-data"].values() for pat in pats)
    assert not list((ROOT / "course_utils").rglob("*practica*"))
    examen = generar_examen(SECRETO, "parcial1")
    frases = [re.sub(r"<[^>]+>", " ", p.enunciado).split(".")[0].strip()[:50] for p in examen]
    sitios = sorted((ROOT / "course_utils" / "selfcheck" / "quizzes").glob("*.toml")) + sorted(
        (ROOT / "notebooks" / "alumnos").glob("*.ipynb")) + [
        ROOT / "course_utils" / "selfcheck" / "exercise_answers.json"]
    for path in sitios:
        text = path.read_text(encoding="utf-8")
        assert "docente/evaluacion" not in text and "practica1_predicciones" not in text, path
        assert not [f for f in frases if f in text], path


def test_readme_points_instructors_to_the_three_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Para docentes", 1)[1].split("\n## ", 1)[0]
    for command in ("python tools/calificar.py datos --practica", "python tools/calificar.py "
                    "corregir --practica", "python tools/examen.py --examen"):
        assert command in section
    assert "docente/README.md" in section


def test_docstring_examples_of_the_grading_modules():
    """``docente/`` no está entre las rutas de pytest (sus cuadernos de partida no corren sin
    datos): sus ejemplos se ejecutan aquí."""
    import doctest

    for module in (cuadernos, semillas):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
