"""Práctica 3 · Varios algoritmos sobre varios conjuntos de datos.

Datos de cada estudiante (``practica3_resultados.csv``): la exactitud media (de una validación
cruzada) de cinco algoritmos en 18 a 30 conjuntos de datos, una fila por conjunto (``conjunto``
y una columna por algoritmo). Los números son simulados: se sortean la dificultad de cada
conjunto (exactitud de base de 0.62 a 0.94), el efecto de cada algoritmo (de 1 a 5 puntos
de diferencia entre el mejor y el peor como mucho, en un orden al azar) y el ruido de cada conjunto
(desviación típica de 0.5 a 3 puntos).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
import pandas as pd

import course_utils as cu
from course_utils.selfcheck.exercises import ExerciseAnswer
from docente.evaluacion.cuadernos import seccion
from docente.evaluacion.practicas import Criterio, Esperada, Practica, Pregunta, redondear

TABLA = "practica3_resultados.csv"
ALGORITMOS = ("arbol", "knn", "bayes_ingenuo", "reg_logistica", "bosque")
CONTROL = "bosque"
RIVAL = "reg_logistica"
ROPE = 0.01
MUESTRAS = 50_000
SEMILLA_BAYES = 2024
UMBRAL_BAYES = 0.95
#: A menos de esto del umbral, la decisión bayesiana depende del sorteo: otra semilla o
#: ``baycomp`` mueven una probabilidad cercana a 0.95 en unas 0.001 (error de Monte Carlo con
#: 50 000 muestras; hasta 0.008 en 40 estudiantes de prueba, en cualquiera de las tres). Ahí
#: valen la decisión y «sin decisión».
MARGEN_UMBRAL = 0.01
ALFA = 0.05
#: Valores p: 0.1 % (con 4 cifras significativas).
P_RTOL = 1e-3
DECISIONES_BAYES = (CONTROL, RIVAL, "equivalentes", "sin decisión")

VARIOS = "Varios algoritmos sobre varios conjuntos de datos"
BAYES = "Comparación bayesiana"
HOLM = "Más allá de Holm"


def generar(rng: np.random.Generator) -> dict[str, pd.DataFrame]:
    n, k = int(rng.integers(18, 31)), len(ALGORITMOS)
    conjuntos = [f"conjunto_{i:02d}" for i in range(1, n + 1)]
    base = rng.uniform(0.62, 0.94, size=n)
    escala = rng.uniform(0.01, 0.05)
    efectos = rng.permutation(np.sort(rng.uniform(0.0, escala, size=k)))
    ruido = rng.uniform(0.005, 0.03, size=n)[:, None] * rng.normal(size=(n, k))
    puntuaciones = redondear(np.clip(base[:, None] + efectos[None, :] + ruido, 0.3, 0.999))
    tabla = pd.DataFrame(puntuaciones, columns=list(ALGORITMOS))
    tabla.insert(0, "conjunto", conjuntos)
    return {TABLA: tabla}


def _rechazos(resultado: cu.PostHocResult) -> int:
    return int(resultado.comparisons["reject"].sum())


def _una_o_varias(validas: Iterable[ExerciseAnswer]) -> Esperada:
    validas = tuple(validas)
    return validas[0] if len(validas) == 1 else validas


def esperadas(tablas: Mapping[str, pd.DataFrame]) -> dict[str, Esperada]:
    scores = tablas[TABLA].set_index("conjunto")[list(ALGORITMOS)]
    n, k = scores.shape
    friedman = cu.friedman_test(scores)
    con_empates = cu.friedman_test(scores, tie_correction=True)
    rangos = tuple(float(friedman.average_ranks[a]) for a in ALGORITMOS)
    mejor = min(ALGORITMOS, key=lambda a: friedman.average_ranks[a])
    peor = max(ALGORITMOS, key=lambda a: friedman.average_ranks[a])

    def frente_al_control(method: str, columna: str = "pvalue_adjusted") -> tuple[float, ...]:
        c = cu.control_test(scores, control=CONTROL, method=method).comparisons.set_index("b")
        return tuple(float(c.loc[a, columna]) for a in ALGORITMOS if a != CONTROL)

    parejas = {m: _rechazos(cu.pairwise_test(scores, method=m)) for m in ("bergmann", "holm",
                                                                          "shaffer")}
    parejas["nemenyi"] = _rechazos(cu.nemenyi_test(scores))
    bayes = cu.bayesian_signed_rank_test(scores[CONTROL], scores[RIVAL], rope=ROPE,
                                         n_samples=MUESTRAS, random_state=SEMILLA_BAYES)
    probs = (bayes.prob_a_better, bayes.prob_equivalent, bayes.prob_b_better)
    etiquetas = (CONTROL, "equivalentes", RIVAL)
    decision = next((d for d, p in zip(etiquetas, probs) if p > UMBRAL_BAYES), "sin decisión")
    decisiones = dict.fromkeys([decision] + [
        "sin decisión" if d == decision else d for d, p in zip(etiquetas, probs)
        if abs(p - UMBRAL_BAYES) <= MARGEN_UMBRAL])
    otras = {"Holm": parejas["holm"], "Shaffer": parejas["shaffer"], "Nemenyi": parejas["nemenyi"]}
    return {
        "1a": ExerciseAnswer(rangos, section=seccion(VARIOS, 3), alternatives={
            "Ha dado el rango 1 al peor: aquí una exactitud mayor es mejor.":
                tuple(k + 1 - r for r in rangos)}),
        "1b": ExerciseAnswer(friedman.statistic, section=seccion(VARIOS, 4), alternatives={
            "Es el χ² con la corrección por empates: se pide la fórmula de Demšar, sin ella.":
                con_empates.statistic}),
        "1c": ExerciseAnswer(friedman.iman_davenport, section=seccion(VARIOS, 4), alternatives={
            "Es el χ² de Friedman: se pide la F de Iman y Davenport.": friedman.statistic}),
        "1d": ExerciseAnswer(friedman.iman_davenport_pvalue, section=seccion(VARIOS, 4),
                             rtol=P_RTOL, alternatives={
            "Es el valor p del χ² de Friedman: se pide el de la F de Iman y Davenport.":
                friedman.pvalue}),
        "1e": ExerciseAnswer(cu.critical_difference(k, n), section=seccion(VARIOS, 5),
                             alternatives={
            "Es la diferencia crítica de Bonferroni-Dunn (frente a un control): se pide la de "
            "Nemenyi.": cu.critical_difference(k, n, method="bonferroni-dunn"),
            "Es la diferencia crítica con α = 0.10: se pide con α = 0.05.":
                cu.critical_difference(k, n, alpha=0.10)}),
        "2a": ExerciseAnswer(mejor, section=seccion(VARIOS, 3), choices=ALGORITMOS,
                             alternatives={} if peor == mejor else {
            "Es el de peor rango medio: el rango 1 es el mejor.": peor}),
        "2b": ExerciseAnswer(frente_al_control("holm"), section=seccion(VARIOS, 6), rtol=P_RTOL,
                             alternatives={
            "Son los valores p sin ajustar: se piden los ajustados por Holm.":
                frente_al_control("holm", "pvalue"),
            "Son los valores p ajustados por Bonferroni-Dunn: se piden los de Holm.":
                frente_al_control("bonferroni-dunn")}),
        "2c": ExerciseAnswer(float(parejas["bergmann"]), section=seccion(HOLM, 4), rtol=0,
                             alternatives={
            f"Es lo que rechaza {nombre}: se pide Bergmann y Hommel.": float(valor)
            for nombre, valor in otras.items()}),
        "3a": ExerciseAnswer(probs, section=seccion(BAYES, 6), rtol=0, atol=0.02,
                             mistakes=["swap"]),
        "3b": _una_o_varias(ExerciseAnswer(d, section=seccion(BAYES, 3), choices=DECISIONES_BAYES)
                            for d in decisiones),
    }


PRACTICA = Practica(
    numero=3,
    titulo="Varios algoritmos sobre varios conjuntos de datos",
    cuadernos=(VARIOS, BAYES, HOLM),
    tablas=(TABLA,),
    preguntas=(
        Pregunta("1a", "rangos medios de los cinco algoritmos", 0.75),
        Pregunta("1b", "χ² de Friedman", 0.5),
        Pregunta("1c", "F de Iman y Davenport", 0.5),
        Pregunta("1d", "valor p de Iman y Davenport", 0.5),
        Pregunta("1e", "diferencia crítica de Nemenyi", 0.5),
        Pregunta("2a", "algoritmo de mejor rango medio", 0.25),
        Pregunta("2b", "valores p de Holm frente al control", 1.0),
        Pregunta("2c", "parejas con diferencia significativa (Bergmann y Hommel)", 0.75),
        Pregunta("3a", "probabilidades a posteriori (rangos con signo bayesiana)", 0.75),
        Pregunta("3b", "decisión bayesiana", 0.5),
    ),
    criterios=(
        Criterio("R1", "por qué rangos y Friedman, y no medias de exactitud ni pruebas t", 1.0),
        Criterio("R2", "el diagrama de diferencias críticas, dibujado y bien leído", 1.0),
        Criterio("R3", "Holm frente a Bergmann y Hommel: qué controlan y por qué rechazan "
                 "distinto", 1.0),
        Criterio("R4", "conclusión bayesiana frente a la frecuentista; el papel de la ROPE", 1.0),
    ),
    generar=generar,
    esperadas=esperadas,
)
