"""Práctica 2 · Comparar dos modelos.

Datos de cada estudiante, dos experimentos con los modelos A y B:

- ``practica2_prueba.csv``: las clases predichas por los dos modelos, ya entrenados, sobre un
  mismo conjunto de prueba de 800 a 2000 ejemplos (``y_true``, ``modelo_a``, ``modelo_b``). Se
  sortean la exactitud de A (0.80 a 0.88), la diferencia de exactitudes A − B (entre −0.035 y
  0.035) y la proporción de ejemplos en que discrepan (6 % a 14 %); cada ejemplo cae en una de
  las cuatro celdas de la tabla de McNemar con esas probabilidades.
- ``practica2_cv.csv``: la exactitud de los dos algoritmos en cada partición de una validación
  cruzada 10×10 pareada (``repeticion``, ``particion``, ``modelo_a``, ``modelo_b``), con 50 a 120
  ejemplos de prueba por partición (las exactitudes son múltiplos de 1/n_prueba). Las diferencias
  de las 100 particiones tienen una correlación de 0.1 entre sí, la que supone la corrección de
  Nadeau y Bengio con n_prueba/n_entrenamiento = 1/9.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

import course_utils as cu
from course_utils.selfcheck.exercises import ExerciseAnswer
from docente.evaluacion.cuadernos import seccion
from docente.evaluacion.practicas import Criterio, Practica, Pregunta, redondear

PRUEBA = "practica2_prueba.csv"
CV = "practica2_cv.csv"
REMUESTRAS = 2000
SEMILLA_REMUESTREO = 2024
#: Tolerancia de cada extremo del intervalo *bootstrap* pareado: admite otro *bootstrap* de 2000
#: remuestras (el error de Monte Carlo de un extremo es de unas 0.001 con estos datos).
TOL_EXTREMOS = 0.005
RAZON = 1 / 9  # n_prueba / n_entrenamiento con 10 particiones
MARGEN = 0.02  # margen de equivalencia (2 puntos de exactitud)
ALFA = 0.05
#: Valores p: 0.1 % (con 4 cifras significativas). La mid-p de McNemar y la ji cuadrado
#: difieren a menudo en menos del 1 %.
P_RTOL = 1e-3
DECISIONES = ("A", "B", "sin evidencia")
EQUIVALENCIA = ("equivalentes", "no se puede afirmar")

MCNEMAR = "Prueba de McNemar"
BOOTSTRAP = "Bootstrap"
T_CORREGIDA = "Validación cruzada r×k pareada y prueba t corregida"
EQUIV = "Variabilidad, no inferioridad, equivalencia, potencia y tamaño del efecto"


def _prueba(rng: np.random.Generator) -> pd.DataFrame:
    n = int(rng.integers(800, 2001))
    acc_a = rng.uniform(0.80, 0.88)
    diferencia = rng.uniform(-0.035, 0.035)
    discrepan = rng.uniform(0.06, 0.14)
    solo_a, solo_b = (discrepan + diferencia) / 2, (discrepan - diferencia) / 2
    p = np.array([acc_a - solo_a, solo_a, solo_b, 1 - acc_a - solo_b])  # ambos, A, B, ninguno
    celda = rng.choice(4, size=n, p=p / p.sum())
    y = (rng.random(n) < 0.4).astype(int)
    acierta_a, acierta_b = np.isin(celda, (0, 1)), np.isin(celda, (0, 2))
    return pd.DataFrame({"y_true": y, "modelo_a": np.where(acierta_a, y, 1 - y),
                         "modelo_b": np.where(acierta_b, y, 1 - y)})


def _cv(rng: np.random.Generator) -> pd.DataFrame:
    r = k = 10
    n_prueba = int(rng.integers(50, 121))
    media_a = rng.uniform(0.78, 0.90)
    delta = rng.uniform(-0.02, 0.02)
    sd_particion = rng.uniform(0.015, 0.03)
    sd_diferencia = rng.uniform(0.01, 0.025)
    rho = RAZON / (1 + RAZON)  # correlación entre particiones: n_prueba / n
    comun = rng.normal()
    d = delta + sd_diferencia * (np.sqrt(rho) * comun
                                 + np.sqrt(1 - rho) * rng.normal(size=r * k))
    a = np.clip(media_a + sd_particion * rng.normal(size=r * k), 0, 1)
    b = np.clip(a - d, 0, 1)
    a, b = (redondear(np.round(x * n_prueba) / n_prueba) for x in (a, b))
    return pd.DataFrame({"repeticion": np.repeat(np.arange(1, r + 1), k),
                         "particion": np.tile(np.arange(1, k + 1), r),
                         "modelo_a": a, "modelo_b": b})


def generar(rng: np.random.Generator) -> dict[str, pd.DataFrame]:
    return {PRUEBA: _prueba(rng), CV: _cv(rng)}


def _decision(pvalor: float, estimacion: float) -> str:
    if pvalor >= ALFA:
        return "sin evidencia"
    return "A" if estimacion > 0 else "B"


def esperadas(tablas: Mapping[str, pd.DataFrame]) -> dict[str, ExerciseAnswer]:
    t = tablas[PRUEBA]
    y, a, b = (t[c].to_numpy() for c in ("y_true", "modelo_a", "modelo_b"))
    tabla = cu.mcnemar_table(y, a, b)
    solo_a, solo_b = int(tabla[0, 1]), int(tabla[1, 0])
    diferencia = float(np.mean(a == y) - np.mean(b == y))
    mcnemar = {m: cu.mcnemar_test(tabla, method=m).pvalue
               for m in ("mid-p", "exact", "chi2", "chi2-corrected")}
    boot = cu.paired_bootstrap_difference(y, a, b, "accuracy", n_resamples=REMUESTRAS,
                                          random_state=SEMILLA_REMUESTREO)

    cv = tablas[CV]
    sa, sb = cv["modelo_a"].to_numpy(), cv["modelo_b"].to_numpy()
    t_corr = cu.corrected_resampled_ttest(sa, sb, test_train_ratio=RAZON)
    t_sin = cu.corrected_resampled_ttest(sa, sb, test_train_ratio=None, corrected=False)
    tost = cu.cv_equivalence_test(sa, sb, margin=MARGEN, test_train_ratio=RAZON)
    tost_sin = cu.cv_equivalence_test(sa, sb, margin=MARGEN, test_train_ratio=None,
                                      corrected=False)
    decision_cv = _decision(t_corr.pvalue, t_corr.estimate)
    decision_sin = _decision(t_sin.pvalue, t_sin.estimate)
    return {
        "1a": ExerciseAnswer(diferencia, section=seccion(MCNEMAR, 2), atol=1e-4,
                             mistakes=["-x", "x100"]),
        "1b": ExerciseAnswer((solo_a, solo_b), section=seccion(MCNEMAR, 2), rtol=0,
                             mistakes=["swap"]),
        "1c": ExerciseAnswer(mcnemar["mid-p"], section=seccion(MCNEMAR, 4), rtol=P_RTOL,
                             mistakes=["/2"],
                             alternatives={
            "Es el valor p exacto (binomial): se pide la versión mid-p.": mcnemar["exact"],
            "Es el valor p de la versión ji cuadrado: se pide la mid-p.": mcnemar["chi2"],
            "Es el valor p de la ji cuadrado con corrección de continuidad: se pide la mid-p.":
                mcnemar["chi2-corrected"]}),
        "1d": ExerciseAnswer(_decision(mcnemar["mid-p"], diferencia), section=seccion(MCNEMAR, 5),
                             choices=DECISIONES),
        "1e": ExerciseAnswer((boot.low, boot.high), section=seccion(BOOTSTRAP, 7), rtol=0,
                             atol=TOL_EXTREMOS, mistakes=["swap"], alternatives={
            "Tiene el signo cambiado: ¿ha calculado B − A en lugar de A − B?":
                (-boot.high, -boot.low)}),
        "2a": ExerciseAnswer(t_corr.estimate, section=seccion(T_CORREGIDA, 2), atol=1e-5,
                             mistakes=["-x", "x100"]),
        "2b": ExerciseAnswer(t_corr.statistic, section=seccion(T_CORREGIDA, 5), mistakes=["-x"],
                             alternatives={"Es la t sin corregir: las 100 particiones no son "
                                           "independientes.": t_sin.statistic}),
        "2c": ExerciseAnswer(t_corr.pvalue, section=seccion(T_CORREGIDA, 6), rtol=P_RTOL,
                             mistakes=["/2"],
                             alternatives={"Es el valor p de la t sin corregir.": t_sin.pvalue}),
        "2d": ExerciseAnswer(decision_cv, section=seccion(T_CORREGIDA, 6), choices=DECISIONES,
                             alternatives={} if decision_sin == decision_cv else {
            "Es la decisión de la t sin corregir.": decision_sin}),
        "2e": ExerciseAnswer(tost.pvalue, section=seccion(EQUIV, 3), rtol=P_RTOL, alternatives={
            "Es el valor p de la TOST sin corregir la varianza (Nadeau y Bengio).":
                tost_sin.pvalue}),
        "2f": ExerciseAnswer("equivalentes" if tost.rejected else "no se puede afirmar",
                             section=seccion(EQUIV, 3), choices=EQUIVALENCIA),
    }


PRACTICA = Practica(
    numero=2,
    titulo="Comparar dos modelos",
    cuadernos=(MCNEMAR, BOOTSTRAP, T_CORREGIDA, "Validación cruzada 5×2", EQUIV),
    tablas=(PRUEBA, CV),
    preguntas=(
        Pregunta("1a", "diferencia de exactitudes A − B en el conjunto de prueba", 0.5),
        Pregunta("1b", "ejemplos en que solo acierta A y en que solo acierta B", 0.5),
        Pregunta("1c", "valor p de McNemar (mid-p)", 0.75),
        Pregunta("1d", "decisión con McNemar", 0.5),
        Pregunta("1e", "intervalo bootstrap pareado de la diferencia de exactitudes", 0.75),
        Pregunta("2a", "media de las diferencias A − B en la validación cruzada", 0.5),
        Pregunta("2b", "estadístico t corregido", 0.75),
        Pregunta("2c", "valor p de la t corregida", 0.5),
        Pregunta("2d", "decisión con la t corregida", 0.5),
        Pregunta("2e", "valor p de la equivalencia (TOST corregida)", 0.5),
        Pregunta("2f", "decisión de equivalencia", 0.25),
    ),
    criterios=(
        Criterio("R1", "McNemar y el intervalo bootstrap: qué dice cada uno y si concuerdan", 1.0),
        Criterio("R2", "por qué la t corregida y no la t de siempre", 1.0),
        Criterio("R3", "«no significativo» no es «equivalentes»: 2d frente a 2f", 1.0),
        Criterio("R4", "recomendación razonada: qué generaliza cada experimento", 1.0),
    ),
    generar=generar,
    esperadas=esperadas,
)
