"""Examen con preguntas nuevas cuyos números salen del secreto del curso.

Cada variante de cada pregunta genera sus propios datos con un generador cuya semilla es
``HMAC-SHA256(secreto, "examen-NOMBRE-E03|v2")`` (:func:`semillas.semilla`, la misma de los
datos de las prácticas): sin el secreto no se puede reconstruir la semilla a partir de una tabla
del enunciado, ni por tanto la clave. Los datos (un
conjunto de prueba, una validación cruzada, una tabla de conjuntos × algoritmos) se muestran en
el enunciado y calcula la respuesta a partir de los números **tal como se muestran**
(redondeados), con ``course_utils`` o, si la pregunta da solo un resumen (E06, E10), con la
fórmula del cuaderno: la respuesta es exactamente la que obtiene quien hace bien la cuenta.
Dos exámenes o dos variantes tienen otros números. No son las preguntas de repaso de los cuadernos
(``course_utils/selfcheck/quizzes``): esas son públicas; estas solo existen cuando el docente las
genera.

Preguntas numéricas (``numerical`` en Moodle) con su tolerancia y una explicación para cada error
típico reconocido, y de opción múltiple (``multichoice``) con una explicación por opción.
"""

from __future__ import annotations

import functools
import html
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

import course_utils as cu
from docente.evaluacion.cuadernos import titulo
from docente.evaluacion.semillas import comprobar_alumno, semilla

#: Las categorías del banco, en orden.
CATEGORIAS = ("Medir y dar un intervalo", "Comparar dos modelos",
              "Varios algoritmos sobre varios conjuntos de datos")


@dataclass(frozen=True)
class PreguntaExamen:
    """Una pregunta del examen, con los datos generados que muestra y su respuesta."""

    numero: str
    categoria: str
    nombre: str
    tipo: str  # "numerica" u "opcion"
    enunciado: str  # HTML
    datos: dict[str, Any]
    cuaderno: str
    explicacion: str  # cómo se calcula (para la clave y la retroalimentación general)
    respuesta: float | None = None
    tolerancia: float = 0.0
    errores: tuple[tuple[float, float, str], ...] = ()  # (valor, tolerancia, explicación)
    opciones: tuple[tuple[str, bool, str], ...] = ()  # (texto, ¿correcta?, explicación)

    def __post_init__(self) -> None:
        # un error típico que cae dentro de la tolerancia de la respuesta nunca se vería
        if self.respuesta is not None:
            object.__setattr__(self, "errores", tuple(
                e for e in self.errores
                if abs(e[0] - self.respuesta) > self.tolerancia + e[1] and math.isfinite(e[0])))

    def retro_incorrecta(self) -> str:
        return f"Incorrecta. Repase el cuaderno {titulo(self.cuaderno)}."


def _f(x: float, d: int = 4) -> str:
    """Un número con ``d`` decimales, como se muestra en el enunciado."""
    return f"{x:.{d}f}"


def _tabla(cabecera: list[str], filas: list[list[str]]) -> str:
    """Una tabla HTML sencilla (Moodle la muestra con su estilo)."""
    esc = html.escape
    th = "".join(f"<th>{esc(c)}</th>" for c in cabecera)
    trs = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in fila) + "</tr>" for fila in filas)
    return (f'<table border="1" cellpadding="4"><thead><tr>{th}</tr></thead>'
            f"<tbody>{trs}</tbody></table>")


def _matriz_confusion(rng: np.random.Generator) -> dict[str, int]:
    n_pos, n_neg = int(rng.integers(80, 201)), int(rng.integers(150, 401))
    vp = int(rng.binomial(n_pos, rng.uniform(0.6, 0.9)))
    vn = int(rng.binomial(n_neg, rng.uniform(0.75, 0.95)))
    return {"VP": vp, "FN": n_pos - vp, "FP": n_neg - vn, "VN": vn}


def _texto_matriz(m: dict[str, int]) -> str:
    return _tabla(["", "predicho positivo", "predicho negativo"],
                  [["verdadero positivo", str(m["VP"]), str(m["FN"])],
                   ["verdadero negativo", str(m["FP"]), str(m["VN"])]])


def _medidas(m: dict[str, int]) -> cu.ClassificationMetrics:
    # clase 1 = positiva; filas = verdad, columnas = predicción, como scikit-learn
    return cu.classification_metrics([[m["VN"], m["FP"]], [m["FN"], m["VP"]]])


def _x100(valor: float, tol: float) -> tuple[float, float, str]:
    return (100 * valor, 100 * tol, "Es el valor en porcentaje: se pide una proporción entre "
            "0 y 1.")


def e01_sensibilidad(rng: np.random.Generator) -> PreguntaExamen:
    m = _matriz_confusion(rng)
    r = _medidas(m)
    sens, tol = float(r.recall[1]), 0.0005
    return PreguntaExamen(
        "E01", CATEGORIAS[0], "Sensibilidad", "numerica",
        "<p>Un clasificador binario obtiene esta tabla de confusión en un conjunto de prueba:</p>"
        f"{_texto_matriz(m)}<p>¿Cuál es su <strong>sensibilidad</strong> (de la clase "
        "positiva)? Responda con 4 decimales.</p>", m, "Medidas de rendimiento",
        "Sensibilidad = VP / (VP + FN).", sens, tol, errores=(
            (float(r.precision[1]), tol, "Es la precisión: la sensibilidad divide por los "
             "positivos verdaderos (VP + FN), no por los predichos."),
            (float(r.recall[0]), tol, "Es la especificidad (la sensibilidad de la clase "
             "negativa)."),
            (float(r.accuracy), tol, "Es la exactitud."),
            _x100(sens, tol)))


def e02_f1(rng: np.random.Generator) -> PreguntaExamen:
    m = _matriz_confusion(rng)
    r = _medidas(m)
    f1, p, s, tol = float(r.fbeta[1]), float(r.precision[1]), float(r.recall[1]), 0.0005
    return PreguntaExamen(
        "E02", CATEGORIAS[0], "Medida F1", "numerica",
        "<p>Un clasificador binario obtiene esta tabla de confusión en un conjunto de prueba:</p>"
        f"{_texto_matriz(m)}<p>¿Cuál es su medida \\(F_1\\) (de la clase positiva)? Responda "
        "con 4 decimales.</p>", m, "Medidas de rendimiento",
        "F1 = 2 · precisión · sensibilidad / (precisión + sensibilidad) = 2 VP / (2 VP + FP + FN).",
        f1, tol, errores=(
            ((p + s) / 2, tol, "Es la media aritmética de la precisión y la sensibilidad: F1 es "
             "su media armónica."),
            (float(r.accuracy), tol, "Es la exactitud."),
            _x100(f1, tol)))


def e03_wilson(rng: np.random.Generator) -> PreguntaExamen:
    tol = 0.001
    while True:
        n = int(rng.integers(100, 401))
        aciertos = int(rng.binomial(n, rng.uniform(0.7, 0.95)))

        def inferior(method: str, alpha: float = 0.05) -> float:
            return cu.proportion_interval(aciertos, n, alpha=alpha, method=method).low

        # si el extremo de Wald, redondeado a 3 decimales como pide el enunciado, cae dentro de
        # la tolerancia (o cerca) del de Wilson, Wald puntuaría como Wilson: se sortea de nuevo
        wald, wilson = inferior("wald"), inferior("wilson")
        if min(abs(wald - wilson), abs(round(wald, 3) - wilson)) > 2 * tol:
            break
    return PreguntaExamen(
        "E03", CATEGORIAS[0], "Intervalo de Wilson", "numerica",
        f"<p>Un modelo acierta {aciertos} de {n} casos de prueba. ¿Cuál es el extremo "
        "<strong>inferior</strong> del intervalo de confianza de Wilson al 95 % para su "
        "exactitud? Use \\(z = 1.96\\) y responda con 3 decimales.</p>",
        {"aciertos": aciertos, "n": n}, "Intervalos de confianza para la exactitud",
        "Wilson: (p + z²/(2n) − z·√(p(1−p)/n + z²/(4n²))) / (1 + z²/n), con p = aciertos/n.",
        inferior("wilson"), tol, errores=(
            (inferior("wald"), tol, "Es el extremo del intervalo de Wald (normal): se pide el "
             "de Wilson."),
            (inferior("clopper-pearson"), tol, "Es el extremo del intervalo de "
             "Clopper-Pearson: se pide el de Wilson."),
            (inferior("wilson", 0.10), tol, "Es el intervalo al 90 % (z = 1.645): se pide al "
             "95 %.")))


def e04_interpretar_intervalo(rng: np.random.Generator) -> PreguntaExamen:
    n = int(rng.integers(150, 601))
    aciertos = int(rng.binomial(n, rng.uniform(0.7, 0.92)))
    r = cu.proportion_interval(aciertos, n, method="wilson")
    a, b = _f(r.low, 3), _f(r.high, 3)
    opciones = (
        ("Si se repitiera el experimento con muchos conjuntos de prueba y se calculara el "
         "intervalo de la misma manera, alrededor del 95 % de esos intervalos contendrían la "
         "exactitud verdadera.", True, "Correcta: el 95 % es una propiedad del procedimiento "
         "(su cobertura), no de este intervalo concreto."),
        (f"La probabilidad de que la exactitud verdadera esté entre {a} y {b} es 0.95.", False,
         "Incorrecta: la exactitud verdadera es fija; este intervalo la contiene o no. Esa "
         "lectura es la de un intervalo de credibilidad bayesiano."),
        (f"El 95 % de los casos de prueba tiene una probabilidad de acierto entre {a} y {b}.",
         False, "Incorrecta: el intervalo es para la exactitud del modelo, no para cada caso."),
        (f"Con otro conjunto de prueba del mismo tamaño, la exactitud observada caerá entre {a} "
         f"y {b} con probabilidad 0.95.", False, "Incorrecta: eso sería un intervalo de "
         "predicción para una nueva exactitud observada, que es más ancho."),
    )
    return PreguntaExamen(
        "E04", CATEGORIAS[0], "Qué dice un intervalo", "opcion",
        f"<p>Un modelo acierta {aciertos} de {n} casos de prueba y su intervalo de confianza de "
        f"Wilson al 95 % para la exactitud es [{a}, {b}]. ¿Qué afirmación es correcta?</p>",
        {"aciertos": aciertos, "n": n, "inferior": float(a), "superior": float(b)},
        "Intervalos de confianza para la exactitud",
        "El 95 % es la cobertura del procedimiento.", opciones=opciones)


def e05_mcnemar(rng: np.random.Generator) -> PreguntaExamen:
    n = int(rng.integers(300, 1001))
    solo_a = int(rng.binomial(n, rng.uniform(0.03, 0.08)))
    solo_b = int(rng.binomial(n, rng.uniform(0.03, 0.08)))
    # con b = c el estadístico vale 0; con |b − c| < 3, la corrección de continuidad lo cambia
    # en menos que dos tolerancias y no se podría reconocer como un error típico
    while abs(solo_a - solo_b) < 3:
        solo_b += 1
    ambos_fallan = int(rng.binomial(n - solo_a - solo_b, 0.12))
    ambos = n - solo_a - solo_b - ambos_fallan
    tabla = np.array([[ambos, solo_a], [solo_b, ambos_fallan]])
    chi2 = cu.mcnemar_test(tabla, method="chi2").statistic
    corregido = cu.mcnemar_test(tabla, method="chi2-corrected").statistic
    tol = 0.01
    return PreguntaExamen(
        "E05", CATEGORIAS[1], "Estadístico de McNemar", "numerica",
        "<p>Dos clasificadores A y B, ya entrenados, clasifican los mismos casos de prueba:</p>"
        + _tabla(["", "B acierta", "B falla"],
                 [["A acierta", str(ambos), str(solo_a)],
                  ["A falla", str(solo_b), str(ambos_fallan)]])
        + "<p>¿Cuánto vale el estadístico \\(\\chi^2\\) de McNemar <strong>sin</strong> "
        "corrección de continuidad? Responda con 2 decimales.</p>",
        {"tabla": tabla.tolist()}, "Prueba de McNemar",
        "χ² = (b − c)² / (b + c), con b y c los casos en que solo acierta uno de los dos.",
        chi2, tol, errores=(
            (corregido, tol, "Es el estadístico con la corrección de continuidad: se pide sin "
             "ella."),
            ((solo_a - solo_b) ** 2 / n, tol, "Ha dividido por todos los casos: McNemar solo "
             "usa los casos en que los modelos discrepan.")))


def _diferencias_cv(rng: np.random.Generator, delta: float, sd: float) -> np.ndarray:
    rho = 0.1  # correlación entre particiones con 10 particiones (1/9 / (1 + 1/9))
    comun = rng.normal()
    return np.round(delta + sd * (np.sqrt(rho) * comun + np.sqrt(1 - rho) * rng.normal(size=100)),
                    4)


def e06_t_corregida(rng: np.random.Generator) -> PreguntaExamen:
    d = _diferencias_cv(rng, rng.uniform(0.002, 0.02), rng.uniform(0.01, 0.03))
    media, sd = round(float(d.mean()), 4), round(float(d.std(ddof=1)), 4)
    t = media / math.sqrt((1 / 100 + 1 / 9) * sd**2)
    ingenua = media / (sd / 10)
    tol = 0.01
    return PreguntaExamen(
        "E06", CATEGORIAS[1], "t corregida", "numerica",
        "<p>Dos algoritmos se comparan con una validación cruzada 10×10 pareada (10 repeticiones "
        "de 10 particiones, \\(n_2/n_1 = 1/9\\)). Las 100 diferencias de exactitud A − B tienen "
        f"media \\(\\bar d = {_f(media)}\\) y desviación típica muestral \\(s = {_f(sd)}\\). "
        "¿Cuánto vale el estadístico t corregido de Nadeau y Bengio? Responda con 2 "
        "decimales.</p>", {"diferencias": d.tolist(), "media": media, "sd": sd},
        "Validación cruzada r×k pareada y prueba t corregida",
        "t = d̄ / √((1/(r·k) + n₂/n₁) · s²).", t, tol, errores=(
            (ingenua, tol, "Es la t sin corregir: las 100 diferencias no son independientes "
             "(comparten datos de entrenamiento)."),
            (media / math.sqrt((1 / 100 + 1 / 9) * sd), tol, "Ha usado s en lugar de s² dentro "
             "de la raíz.")))


def _p_redondeado_a_cero(a: np.ndarray, b: np.ndarray, margen: float) -> bool:
    """¿Seguro que la t corregida o la TOST de ``a`` y ``b`` dan «p = 0.0000»?

    Un filtro previo barato (las mismas fórmulas, con los valores críticos de
    ``scipy.stats.t`` calculados una vez, sin validar nada) para no llamar a ``course_utils``
    en cada sorteo que se va a repetir: en los casos de equivalencia, hasta cientos por
    pregunta. Solo descarta con un valor p por debajo de 0.00004, lejos del 0.00005 que se
    redondea a 0.0001, así que los sorteos y la decisión final son los mismos que sin él."""
    d = a - b
    se = math.sqrt((1 / d.size + 1 / 9) * d.var(ddof=1))
    if not se > 0:
        return False  # course_utils lo explica
    m = float(d.mean())
    # P(T ≥ x) < p  ⇔  x > t_{1-p}: la t (bilateral) y las dos de la TOST (la mayor de sus p)
    t_dos_colas, t_una_cola = _t_de_p_casi_cero(d.size - 1)
    return abs(m) / se > t_dos_colas or min(m + margen, margen - m) / se > t_una_cola


@functools.cache
def _t_de_p_casi_cero(gl: int) -> tuple[float, float]:
    """Los valores de t por encima de los cuales el valor p bilateral o unilateral es menor
    que 0.00004 (con ``gl`` grados de libertad)."""
    return float(stats.t.isf(2e-5, gl)), float(stats.t.isf(4e-5, gl))


def e07_decision(rng: np.random.Generator) -> PreguntaExamen:
    caso = int(rng.integers(3))  # 0: diferencia; 1: equivalentes; 2: no concluyente
    margen = 0.02
    while True:
        delta = (0.025, 0.0, 0.006)[caso] * (1 if rng.random() < 0.5 else -1)
        sd = (0.02, 0.008, 0.03)[caso] * rng.uniform(0.8, 1.2)
        d = _diferencias_cv(rng, delta, sd)
        a, b = np.full(100, 0.85), np.round(0.85 - d, 4)
        if _p_redondeado_a_cero(a, b, margen):
            continue
        t = cu.corrected_resampled_ttest(a, b, test_train_ratio=1 / 9)
        tost = cu.cv_equivalence_test(a, b, margin=margen, test_train_ratio=1 / 9)
        p_t, p_e = round(t.pvalue, 4), round(tost.pvalue, 4)
        # «p = 0.0000» no es un valor p que se pueda escribir en un enunciado: se sortea de nuevo
        if p_t > 0 and p_e > 0:
            break
    if p_t < 0.05:
        correcta = 0
    elif p_e < 0.05:
        correcta = 1
    else:
        correcta = 2
    textos = (
        "Hay evidencia de que los algoritmos difieren.",
        "No hay evidencia de diferencia y se puede afirmar que son equivalentes con ese margen.",
        "No hay evidencia de diferencia, pero tampoco se puede afirmar que sean equivalentes.",
        "Son equivalentes, porque la prueba t no es significativa.",
    )
    por_que = (
        "la t corregida es significativa (p < 0.05).",
        "la t corregida no es significativa y la TOST sí (p < 0.05): la diferencia está dentro "
        "del margen.",
        "ni la t corregida ni la TOST son significativas: los datos no deciden.",
        "«no significativo» no es «equivalentes»: la equivalencia la afirma la TOST, no la t.",
    )

    def retro(i: int) -> str:
        if i == correcta:
            return f"Correcta: {por_que[i]}"
        motivo = por_que[3] if i == 3 else f"con estos valores p, {por_que[correcta]}"
        return f"Incorrecta: {motivo}"

    opciones = tuple((texto, i == correcta, retro(i)) for i, texto in enumerate(textos))
    return PreguntaExamen(
        "E07", CATEGORIAS[1], "Diferencia o equivalencia", "opcion",
        "<p>Dos algoritmos se comparan con una validación cruzada 10×10 pareada. La prueba t "
        f"corregida de la diferencia da \\(p = {_f(p_t)}\\); la prueba de equivalencia (TOST, con "
        f"la misma varianza corregida y un margen de ±{margen}) da \\(p = {_f(p_e)}\\). Con "
        "\\(\\alpha = 0.05\\), ¿qué se concluye?</p>",
        {"diferencias": d.tolist(), "p_t": p_t, "p_tost": p_e, "margen": margen},
        "Variabilidad, no inferioridad, equivalencia, potencia y tamaño del efecto",
        "La t decide si hay diferencia; la TOST, si se puede afirmar la equivalencia.",
        opciones=opciones)


def _tabla_nk(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    while True:
        base = rng.uniform(0.65, 0.92, size=n)[:, None]
        efectos = rng.permutation(np.linspace(0, rng.uniform(0.02, 0.05), k))[None, :]
        x = np.round(base + efectos + rng.uniform(0.005, 0.02) * rng.normal(size=(n, k)), 3)
        if all(len(set(fila)) == k for fila in x.tolist()):  # sin empates: rangos enteros
            return x


ALGS = ("A", "B", "C", "D")


def _texto_nk(x: np.ndarray) -> str:
    return _tabla(["conjunto"] + list(ALGS),
                  [[str(i + 1)] + [_f(v, 3) for v in fila] for i, fila in enumerate(x)])


def e08_friedman(rng: np.random.Generator) -> PreguntaExamen:
    x = _tabla_nk(rng, 8, len(ALGS))
    f = cu.friedman_test(x)
    tol = 0.01
    return PreguntaExamen(
        "E08", CATEGORIAS[2], "Estadístico de Friedman", "numerica",
        "<p>Cuatro algoritmos en ocho conjuntos de datos (exactitud; mayor es mejor):</p>"
        f"{_texto_nk(x)}<p>¿Cuánto vale el estadístico \\(\\chi^2_F\\) de Friedman? Responda "
        "con 2 decimales.</p>", {"tabla": x.tolist()},
        "Varios algoritmos sobre varios conjuntos de datos",
        "χ²_F = 12N/(k(k+1)) · (Σ R_j² − k(k+1)²/4), con R_j los rangos medios.",
        f.statistic, tol, errores=(
            (f.iman_davenport, tol, "Es la F de Iman y Davenport: se pide el χ² de Friedman."),))


def e09_rango_medio(rng: np.random.Generator) -> PreguntaExamen:
    x = _tabla_nk(rng, 8, len(ALGS))
    j = int(rng.integers(len(ALGS)))
    rangos = cu.average_ranks(x)
    r = float(np.asarray(rangos)[j])
    k = len(ALGS)
    return PreguntaExamen(
        "E09", CATEGORIAS[2], "Rango medio", "numerica",
        "<p>Cuatro algoritmos en ocho conjuntos de datos (exactitud; mayor es mejor):</p>"
        f"{_texto_nk(x)}<p>Con el rango 1 para el mejor de cada conjunto, ¿cuál es el rango "
        f"medio del algoritmo <strong>{ALGS[j]}</strong>? Responda con 3 decimales.</p>",
        {"tabla": x.tolist(), "algoritmo": j}, "Varios algoritmos sobre varios conjuntos de datos",
        "Se ordena cada fila (1 = mayor exactitud) y se promedian los rangos de la columna.",
        r, 0.001, errores=((k + 1 - r, 0.001, "Ha dado el rango 1 al peor: aquí una exactitud "
                            "mayor es mejor."),))


def e10_diferencia_critica(rng: np.random.Generator) -> PreguntaExamen:
    k, n = int(rng.integers(4, 7)), int(rng.integers(10, 31))
    q = round(cu.critical_difference(k, n) / math.sqrt(k * (k + 1) / (6 * n)), 3)
    cd = q * math.sqrt(k * (k + 1) / (6 * n))
    tol = 0.005
    return PreguntaExamen(
        "E10", CATEGORIAS[2], "Diferencia crítica", "numerica",
        f"<p>Se comparan {k} algoritmos en {n} conjuntos de datos. Para Nemenyi con "
        f"\\(\\alpha = 0.05\\) y {k} algoritmos, \\(q_\\alpha = {_f(q, 3)}\\). ¿Cuál es la "
        "diferencia crítica entre rangos medios? Responda con 3 decimales.</p>",
        {"k": k, "n": n, "q": q}, "Varios algoritmos sobre varios conjuntos de datos",
        "CD = q_α · √(k(k+1)/(6N)).", cd, tol, errores=(
            (q * k * (k + 1) / (6 * n), tol, "Le falta la raíz cuadrada."),
            (q * math.sqrt(n * (n + 1) / (6 * k)), tol, "Ha intercambiado k (algoritmos) y N "
             "(conjuntos).")))


def e11_holm(rng: np.random.Generator) -> PreguntaExamen:
    x = _tabla_nk(rng, int(rng.integers(12, 25)), 5)
    nombres = ["control", "B", "C", "D", "E"]
    comp = cu.control_test(pd.DataFrame(x, columns=nombres), control="control").comparisons
    p = np.round(comp["pvalue"].to_numpy(dtype=float), 4)
    holm = int((cu.adjust_pvalues(p, "holm") <= 0.05).sum())
    bonferroni = int((np.minimum(1, 4 * p) <= 0.05).sum())
    sin_ajuste = int((p <= 0.05).sum())
    pistas = {bonferroni: "es lo que rechaza Bonferroni (todas con α/4), más conservador que "
              "Holm", sin_ajuste: "es lo que se rechaza sin ajustar por comparaciones "
              "múltiples"}
    opciones = []
    for m in range(5):
        if m == holm:
            opciones.append((str(m), True, "Correcta: Holm compara el menor valor p con α/4, el "
                             "siguiente con α/3..., y se detiene en el primero que no rechaza."))
        else:
            extra = f": {pistas[m]}" if m in pistas else ""
            opciones.append((str(m), False, f"Incorrecta{extra}. Ordene los valores p y compare "
                             "el i-ésimo menor con α/(4 − i + 1) hasta el primero que no rechace."))
    filas = [[comp["b"].iloc[i], _f(p[i])] for i in range(4)]
    return PreguntaExamen(
        "E11", CATEGORIAS[2], "Holm frente a un control", "opcion",
        "<p>Un algoritmo de control se compara con otros cuatro sobre varios conjuntos de datos. "
        "Los valores p sin ajustar de las cuatro comparaciones son:</p>"
        + _tabla(["frente a", "valor p"], filas)
        + "<p>Con el procedimiento de Holm y \\(\\alpha = 0.05\\), ¿cuántas hipótesis se "
        "rechazan?</p>", {"pvalores": p.tolist()},
        "Varios algoritmos sobre varios conjuntos de datos",
        "Holm: el i-ésimo menor valor p se compara con α/(m − i + 1).", opciones=tuple(opciones))


PREGUNTAS: tuple[Callable[[np.random.Generator], PreguntaExamen], ...] = (
    e01_sensibilidad, e02_f1, e03_wilson, e04_interpretar_intervalo, e05_mcnemar,
    e06_t_corregida, e07_decision, e08_friedman, e09_rango_medio, e10_diferencia_critica,
    e11_holm,
)


#: Número de variantes de cada pregunta por defecto (Moodle sortea una para cada estudiante).
VARIANTES = 5


def comprobar_examen(examen: object) -> str:
    """El nombre del examen (va en la semilla y en los nombres de fichero), o un error."""
    try:
        return comprobar_alumno(examen)
    except (TypeError, ValueError):
        raise ValueError(f"--examen debe ser un nombre corto sin espacios ni tildes (letras, "
                         f"cifras y . _ -), por ejemplo «parcial1»; se recibió {examen!r}.") \
            from None


def comprobar_variantes(variantes: object) -> int:
    """El número de variantes por pregunta (de 1 a 50), o un error."""
    try:
        n = int(str(variantes).strip())
    except ValueError:
        n = 0
    if not 1 <= n <= 50:
        raise ValueError(f"--variantes debe ser un número entero entre 1 y 50; se recibió "
                         f"{variantes!r}.")
    return n


def generador(secreto: str, examen: str, numero: str, variante: int) -> np.random.Generator:
    """El generador de la variante ``variante`` de la pregunta ``numero`` (``"E03"``): su
    semilla es ``HMAC-SHA256(secreto, "examen-EXAMEN-E03|v2")``."""
    return np.random.default_rng(semilla(secreto, f"examen-{examen}-{numero}", f"v{variante}"))


def generar_examen(secreto: str, examen: object = "examen",
                   variante: int = 1) -> list[PreguntaExamen]:
    """Las preguntas de la variante ``variante`` del examen ``examen``; cada una con su propio
    generador derivado del secreto del curso (:func:`generador`)."""
    examen = comprobar_examen(examen)
    return [f(generador(secreto, examen, f"E{i:02d}", variante))
            for i, f in enumerate(PREGUNTAS, start=1)]
