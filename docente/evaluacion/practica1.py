"""Práctica 1 · Medir y dar un intervalo.

Datos de cada estudiante (``practica1_predicciones.csv``): las predicciones de un clasificador de
abandono de clientes sobre un conjunto de prueba de 400 a 700 clientes: la clase verdadera
(``y_true``: 1 = abandona), la probabilidad que da el modelo (``prob``) y la clase predicha con el
umbral 0.5 (``y_pred``). La prevalencia (25 % a 45 %), la separación entre las clases (AUC de 0.84
a 0.95) y el sesgo del umbral se sortean con la semilla del estudiante.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from sklearn.metrics import confusion_matrix, roc_auc_score

import course_utils as cu
from course_utils.selfcheck.exercises import ExerciseAnswer
from docente.evaluacion.cuadernos import seccion
from docente.evaluacion.practicas import Criterio, Practica, Pregunta, redondear

TABLA = "practica1_predicciones.csv"
#: Exactitud mínima que exige la empresa (la misma para todos: los datos cambian).
UMBRAL = 0.80
#: Remuestras y semilla del *bootstrap* (las dice el enunciado).
REMUESTRAS = 2000
SEMILLA_REMUESTREO = 2024
#: Tolerancias del *bootstrap*: admiten otro *bootstrap* de 2000 remuestras (otra semilla, otro
#: código). Con B = 2000, el error de Monte Carlo del error estándar es de un 1.6 % y el de un
#: extremo, de un 0.3 % de F1: la diferencia entre dos *bootstrap* queda unas 3.5 desviaciones
#: típicas (o más) por dentro de estas tolerancias.
TOL_SE = 0.08
TOL_EXTREMOS = 0.015

MEDIDAS = "Medidas de rendimiento"
INTERVALOS = "Intervalos de confianza para la exactitud"
BOOTSTRAP = "Bootstrap"


def generar(rng: np.random.Generator) -> dict[str, pd.DataFrame]:
    n = int(rng.integers(400, 701))
    prevalencia = rng.uniform(0.25, 0.45)
    separacion = rng.uniform(1.4, 2.4)
    sesgo = rng.uniform(-0.5, 0.5)
    y = (rng.random(n) < prevalencia).astype(int)
    z = rng.normal(size=n) + separacion * (y - 0.5) + sesgo
    prob = redondear(1.0 / (1.0 + np.exp(-1.6 * z)))
    y_pred = (prob >= 0.5).astype(int)
    return {TABLA: pd.DataFrame({"y_true": y, "prob": prob, "y_pred": y_pred})}


def esperadas(tablas: Mapping[str, pd.DataFrame]) -> dict[str, ExerciseAnswer]:
    d = tablas[TABLA]
    y, y_pred, prob = d["y_true"].to_numpy(), d["y_pred"].to_numpy(), d["prob"].to_numpy()
    m = cu.classification_metrics(confusion_matrix(y, y_pred, labels=[0, 1]))
    prec, rec = float(m.precision[1]), float(m.recall[1])
    aciertos, n = int((y == y_pred).sum()), len(y)

    def intervalo(method: str, alpha: float = 0.05) -> tuple[float, float]:
        r = cu.proportion_interval(aciertos, n, alpha=alpha, method=method)
        return (r.low, r.high)

    wilson = intervalo("wilson")

    def remuestreo(medida: str, method: str = "percentile") -> cu.BootstrapResult:
        return cu.bootstrap_interval(y, y_pred, medida, n_resamples=REMUESTRAS, method=method,
                                     random_state=SEMILLA_REMUESTREO,
                                     pos_label=1 if medida == "f1" else None)

    f1 = remuestreo("f1")
    f1_normal = remuestreo("f1", "normal")
    exactitud = remuestreo("accuracy")
    no_basta = {}
    if m.accuracy > UMBRAL >= wilson[0]:
        no_basta = {"La estimación puntual supera el umbral, pero eso no basta: decida con el "
                    "intervalo.": "sí"}
    return {
        "1a": ExerciseAnswer(m.accuracy, section=seccion(MEDIDAS, 3), mistakes=["x100", "1-x"]),
        "1b": ExerciseAnswer(prec, section=seccion(MEDIDAS, 4), mistakes=["x100"], alternatives={
            "Es la sensibilidad: la precisión divide por los ejemplos predichos como positivos.":
                rec,
            "Es la precisión de la clase 0: se pide la de la clase positiva (1, abandona).":
                float(m.precision[0])}),
        "1c": ExerciseAnswer(rec, section=seccion(MEDIDAS, 5), mistakes=["x100"], alternatives={
            "Es la precisión: la sensibilidad divide por los positivos verdaderos.": prec,
            "Es la sensibilidad de la clase 0 (la especificidad): se pide la de la clase "
            "positiva (1, abandona).": float(m.recall[0])}),
        "1d": ExerciseAnswer(float(m.fbeta[1]), section=seccion(MEDIDAS, 6), mistakes=["x100"],
                             alternatives={
            "Es la media aritmética de la precisión y la sensibilidad: F1 es su media armónica.":
                (prec + rec) / 2,
            "Es la F1 macro (media de las dos clases): se pide la de la clase positiva.":
                float(m.fbeta_macro)}),
        "1e": ExerciseAnswer(
            roc_auc_score(y, prob), section=seccion(MEDIDAS, 9),
            mistakes={"1-x": "Es 1 − AUC: ¿ha usado la probabilidad de la otra clase, o ha "
                             "invertido las clases?"},
            alternatives={"Es la AUC de las clases predichas (y_pred): la curva ROC ordena los "
                          "ejemplos por la probabilidad (prob).": roc_auc_score(y, y_pred)}),
        # 0.1 %: el intervalo de Wald difiere del de Wilson en menos del 0.5 % con n grande
        "2a": ExerciseAnswer(wilson, section=seccion(INTERVALOS, 6), rtol=1e-3,
                             mistakes=["x100", "swap"], alternatives={
            "Es el intervalo de Wald (normal): se pide el de Wilson.": intervalo("wald"),
            "Es el intervalo de Clopper-Pearson: se pide el de Wilson.":
                intervalo("clopper-pearson"),
            "Es un intervalo al 90 %: se pide al 95 %.": intervalo("wilson", 0.10)}),
        "2b": ExerciseAnswer("sí" if wilson[0] > UMBRAL else "no", section=seccion(INTERVALOS, 1),
                             choices=("sí", "no"), alternatives=no_basta),
        "3a": ExerciseAnswer(f1.se, section=seccion(BOOTSTRAP, 2), rtol=TOL_SE, mistakes=["square"],
                             alternatives={"Es el error estándar de la exactitud: se pide el "
                                           "de F1.": exactitud.se}),
        "3b": ExerciseAnswer((f1.low, f1.high), section=seccion(BOOTSTRAP, 3), rtol=TOL_EXTREMOS,
                             mistakes=["swap"], alternatives={
            "Es el intervalo normal (estimación ± 1.96 errores estándar): se pide el percentil.":
                (f1_normal.low, f1_normal.high),
            "Es el intervalo de la exactitud: se pide el de F1.": (exactitud.low, exactitud.high)}),
    }


PRACTICA = Practica(
    numero=1,
    titulo="Medir y dar un intervalo",
    cuadernos=(MEDIDAS, INTERVALOS, BOOTSTRAP),
    tablas=(TABLA,),
    preguntas=(
        Pregunta("1a", "exactitud", 0.5),
        Pregunta("1b", "precisión de la clase 1", 0.5),
        Pregunta("1c", "sensibilidad de la clase 1", 0.5),
        Pregunta("1d", "F1 de la clase 1", 0.5),
        Pregunta("1e", "AUC", 0.5),
        Pregunta("2a", "intervalo de Wilson al 95 % de la exactitud", 1.0),
        Pregunta("2b", "¿se puede afirmar que la exactitud supera 0.80?", 0.5),
        Pregunta("3a", "error estándar bootstrap de F1", 0.75),
        Pregunta("3b", "intervalo bootstrap percentil al 95 % de F1", 1.25),
    ),
    criterios=(
        Criterio("R1", "medidas interpretadas en el contexto del problema", 1.0),
        Criterio("R2", "qué dice (y qué no) el intervalo de Wilson; por qué no Wald", 1.0),
        Criterio("R3", "decisión sobre el umbral justificada con el intervalo", 1.0),
        Criterio("R4", "el bootstrap de F1: qué se remuestrea, qué dice su anchura", 1.0),
    ),
    generar=generar,
    esperadas=esperadas,
)
