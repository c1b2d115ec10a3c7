"""Intervalos de confianza *bootstrap* para medidas de clasificación.

:func:`bootstrap_interval` y :func:`paired_bootstrap_difference` calculan intervalos
*bootstrap* (percentil, básico, normal y BCa). Con las medidas por nombre no se
remuestrean los ``N`` pares (verdad, predicción): se remuestrea la matriz de confusión
con una ley multinomial, que es exactamente equivalente y cuesta lo mismo con ``N = 100``
que con ``N = 10**6``. Con una función cualquiera se remuestrean los índices. También se
importan desde :mod:`course_utils.measure.intervals`.

Los intervalos siguen las definiciones de Efron y Tibshirani (1993), las mismas que
``scipy.stats.bootstrap``; las pruebas del paquete comprueban que ambos coinciden
dentro del error de Monte Carlo.

Referencias
-----------
Efron, B. y Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman & Hall.
Capítulos 12-14 (percentil, BCa) y 11 (navaja o *jackknife*).

Efron, B. (1987). Better bootstrap confidence intervals. *Journal of the American
Statistical Association*, 82(397), 171-185.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from scipy.special import ndtr, ndtri

from course_utils._results import _percent, method_label
from course_utils._validation import (
    check_alpha,
    check_choice,
    check_count,
    check_finite_result,
    check_n_resamples,
    describe,
)
from course_utils._validation_labels import check_label_arrays
from course_utils.measure.metrics import ClassificationMetrics, _accuracy, _compute

__all__ = [
    "BootstrapResult",
    "bootstrap_interval",
    "PairedBootstrapResult",
    "paired_bootstrap_difference",
    "BOOTSTRAP_METRICS",
    "BOOTSTRAP_METHODS",
]

#: Medidas con nombre que aceptan :func:`bootstrap_interval` y :func:`paired_bootstrap_difference`.
BOOTSTRAP_METRICS: tuple[str, ...] = (
    "accuracy",
    "error",
    "balanced_accuracy",
    "precision_macro",
    "recall_macro",
    "f1_macro",
    "precision",
    "recall",
    "f1",
)
_PER_CLASS = ("precision", "recall", "f1")
_NEED_TWO_CLASSES = ("balanced_accuracy", "precision_macro", "recall_macro", "f1_macro") + _PER_CLASS

#: Métodos de intervalo *bootstrap*.
BOOTSTRAP_METHODS: tuple[str, ...] = ("percentile", "basic", "normal", "bca")

# Máximo de elementos de cada bloque de índices remuestreados (métricas arbitrarias).
_CHUNK_ELEMENTS = 2_000_000
#: Mayor trabajo del bootstrap con una función propia como medida: llamadas × (ejemplos +
#: :data:`_CALL_COST`), porque cada llamada a una función de Python cuesta como ~2000 números.
#: Unos 10-30 s (como :data:`course_utils.practice.permutation.MAX_PERMUTATION_WORK`).
MAX_CALLABLE_BOOTSTRAP_WORK: int = 200_000_000
_CALL_COST = 2_000


def _check_callable_work(n: int, n_resamples: int, method: str, calls: int) -> None:
    """Rechaza remuestras con una función propia que no se harían en unos segundos."""
    rows = n_resamples + (n if method == "bca" else 0)  # BCa añade el jackknife
    work = calls * rows * (n + _CALL_COST)
    if work > MAX_CALLABLE_BOOTSTRAP_WORK:
        raise ValueError(
            f"Demasiado trabajo para `n_resamples` con una función propia como `metric`: "
            f"{rows} remuestras de {n} ejemplos, {calls} llamada(s) a la función en cada una "
            f"({work:.2e}; el máximo es {MAX_CALLABLE_BOOTSTRAP_WORK:.0e}). Reduzca "
            "`n_resamples` (10 000 bastan para un intervalo al 95 %) o use una medida por "
            "nombre, que va vectorizada."
        )


# ---------------------------------------------------------------------------
# Resultados bootstrap
# ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class BootstrapResult:
    """Intervalo *bootstrap* de una medida.

    Atributos
    ---------
    estimate : float
        La medida en la muestra original.
    low, high : float
        Extremos del intervalo.
    se : float
        Error estándar *bootstrap*: desviación típica (``ddof=1``) de las réplicas.
    method : str
        ``"percentile"``, ``"basic"``, ``"normal"`` o ``"bca"``.
    confidence : float
        Nivel de confianza ``1 - alpha``.
    n_resamples : int
        Número de remuestras ``B``.
    distribution : numpy.ndarray
        Las ``B`` réplicas *bootstrap* de la medida (solo lectura).
    metric : str
        Nombre de la medida (o de la función).
    note : str
        Aviso en español cuando el resultado necesita una advertencia (por ejemplo,
        una distribución degenerada); ``""`` si no hay nada que señalar.
    """

    estimate: float
    low: float
    high: float
    se: float
    method: str
    confidence: float
    n_resamples: int
    distribution: np.ndarray
    metric: str = field(default="", kw_only=True)
    note: str = field(default="", kw_only=True)

    def _headline(self, prefix: str) -> str:
        return (
            f"{prefix}intervalo bootstrap {method_label(self.method)} al {_percent(self.confidence)} % "
            f"({self.n_resamples} remuestras): {self.estimate:.4f} "
            f"[{self.low:.4f}, {self.high:.4f}], error estándar {self.se:.4f}"
        )

    def summary(self) -> str:
        """Resumen en español con 4 decimales (y la nota, si la hay)."""
        text = self._headline(f"{self.metric}: " if self.metric else "")
        text = text[0].upper() + text[1:] if not self.metric else text
        if self.note:
            text += f"\nNota: {self.note}"
        return text


@dataclass(frozen=True, eq=False)
class PairedBootstrapResult(BootstrapResult):
    """Intervalo *bootstrap* de la diferencia ``metric(A) - metric(B)`` en las mismas remuestras.

    Tiene los campos de :class:`BootstrapResult` (``estimate``, ``distribution``, etc.
    se refieren a la diferencia A − B) y además:

    Atributos
    ---------
    share_a_not_better : float
        Proporción de remuestras en las que la diferencia es <= 0, es decir, en las que
        A no supera a B. No es un valor p: es una descripción de la distribución *bootstrap*.
    """

    share_a_not_better: float

    def summary(self) -> str:
        """Resumen en español con 4 decimales (y la nota, si la hay)."""
        name = f" ({self.metric})" if self.metric else ""
        text = self._headline(f"Diferencia A − B{name}, ")
        text += (
            f"\nProporción de remuestras con A no mejor que B (diferencia <= 0): "
            f"{self.share_a_not_better:.4f}"
        )
        if self.note:
            text += f"\nNota: {self.note}"
        return text


# ---------------------------------------------------------------------------
# Validación y preparación
# ---------------------------------------------------------------------------


def _check_random_state(random_state: object) -> np.random.Generator:
    """Crea el generador con ``np.random.default_rng`` tras validar la semilla."""
    if random_state is None or isinstance(random_state, (np.random.Generator, np.random.SeedSequence)):
        return np.random.default_rng(random_state)
    if isinstance(random_state, bool) or not isinstance(random_state, numbers.Integral):
        raise TypeError(
            "`random_state` debe ser None, un entero no negativo o un numpy.random.Generator; "
            f"se recibió {describe(random_state)}."
        )
    return np.random.default_rng(check_count(random_state, "random_state", minimum=0))


def _check_metric(metric: object, pos_label: object) -> str | Callable:
    if isinstance(metric, str):
        metric = check_choice(metric, "metric", BOOTSTRAP_METRICS)
        if metric in _PER_CLASS and pos_label is None:
            raise ValueError(
                f"La métrica {metric!r} es de una clase: indique esa clase con `pos_label`; "
                "se recibió pos_label=None."
            )
        if metric not in _PER_CLASS and pos_label is not None:
            raise ValueError(
                f"`pos_label` solo se usa con las métricas por clase {', '.join(map(repr, _PER_CLASS))}; "
                f"con {metric!r} debe ser None y se recibió {describe(pos_label)}."
            )
        return metric
    if callable(metric):
        if pos_label is not None:
            raise ValueError(
                "`pos_label` solo se usa con las métricas por nombre 'precision', 'recall' y 'f1'; "
                f"con una función debe ser None y se recibió {describe(pos_label)}."
            )
        return metric
    options = ", ".join(repr(m) for m in BOOTSTRAP_METRICS)
    raise TypeError(
        f"`metric` debe ser uno de {options} o una función (y_true, y_pred) -> float; "
        f"se recibió {describe(metric)}."
    )


def _joint_table(arrays: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Clases (unión ordenada) y tabla de conteos conjunta de forma ``(K,) * len(arrays)``.

    Con dos arreglos (verdad, predicción) es la matriz de confusión; con tres (verdad,
    A, B), la tabla ``K×K×K``. Con etiquetas enteras de rango pequeño se cuenta
    directamente con ``np.bincount`` sobre el rango, en O(N) y sin ordenar; si no, se
    codifican con ``np.unique``.
    """
    d = len(arrays)
    n = arrays[0].size
    if all(a.dtype.kind in "biu" for a in arrays):
        lo = min(int(a.min()) for a in arrays)
        hi = max(int(a.max()) for a in arrays)
        span = hi - lo + 1
        if span**d <= max(4096, 4 * n) and -(2**62) < lo and hi < 2**62:
            flat = arrays[0].astype(np.int64)  # copia
            for a in arrays[1:]:
                flat *= span
                flat += a.astype(np.int64, copy=False)
            offset = lo * sum(span**i for i in range(d))
            if offset:
                flat -= offset
            table = np.bincount(flat, minlength=span**d).reshape((span,) * d)
            present = np.zeros(span, dtype=bool)
            for axis in range(d):
                others = tuple(i for i in range(d) if i != axis)
                present |= table.sum(axis=others) > 0
            values = np.flatnonzero(present)
            labels = (values + lo).astype(np.result_type(*arrays))
            if values.size < span:
                table = table[np.ix_(*[values] * d)]
            return labels, table
    # Las etiquetas llegan validadas por check_label_arrays: un solo tipo, comparable.
    labels, inverse = np.unique(np.concatenate(arrays), return_inverse=True)
    k = labels.size
    codes = inverse.ravel().reshape(d, n)
    flat = np.ravel_multi_index(tuple(codes), (k,) * d)
    return labels, np.bincount(flat, minlength=k**d).reshape((k,) * d)


def _check_two_classes(metric: str | Callable, labels: np.ndarray, table: np.ndarray) -> None:
    if not isinstance(metric, str) or metric not in _NEED_TWO_CLASSES:
        return
    true_counts = table.sum(axis=tuple(range(1, table.ndim)))
    if np.count_nonzero(true_counts) < 2:
        only = labels[np.flatnonzero(true_counts)[0]].item()
        raise ValueError(
            f"`y_true` debe contener al menos dos clases distintas para la métrica {metric!r}; "
            f"se recibió solo la clase {only!r}."
        )


def _pos_index(metric: str | Callable, pos_label: object, labels: np.ndarray) -> int | None:
    if not (isinstance(metric, str) and metric in _PER_CLASS):
        return None
    for k, lab in enumerate(labels.tolist()):
        if type(lab) is not bool and type(pos_label) is bool:
            continue
        if lab == pos_label:
            return k
    shown = ", ".join(repr(x) for x in labels.tolist()[:20])
    raise ValueError(
        f"`pos_label` debe ser una de las clases de `y_true` o de las predicciones ({shown}); "
        f"se recibió {describe(pos_label)}."
    )


def _named_value(m: ClassificationMetrics, metric: str, pos: int | None) -> np.ndarray | float:
    if metric == "precision":
        return m.precision[..., pos]
    if metric == "recall":
        return m.recall[..., pos]
    if metric == "f1":
        return m.fbeta[..., pos]
    if metric == "f1_macro":
        return m.fbeta_macro
    return getattr(m, metric)


_MACRO = {"precision_macro": "precision", "recall_macro": "recall", "f1_macro": "fbeta"}


def _label_set(conf: np.ndarray) -> np.ndarray:
    """Clases de un modelo: las que aparecen en la verdad o en sus predicciones (filas o
    columnas no vacías de su matriz de confusión), forma ``(..., K)``. Es el conjunto de
    etiquetas que usa scikit-learn sin ``labels=``: la unión de ``y_true`` e ``y_pred``."""
    return (conf.sum(axis=-1) > 0) | (conf.sum(axis=-2) > 0)


def _evaluate(
    conf: np.ndarray, metric: str, pos: int | None, classes: np.ndarray | None = None
) -> np.ndarray | float:
    """La medida de una matriz de confusión ``(K, K)`` o de una pila ``(B, K, K)``.

    Las medias macro promedian las ``K`` clases, o solo las marcadas en ``classes`` (forma
    ``(K,)`` o ``(B, K)``): las demás no cuentan, como en scikit-learn con ``labels=`` esas
    clases. Con varias matrices sobre la unión de las clases de varios modelos, cada modelo
    debe promediar las suyas (:func:`_label_set`), no las de los otros.
    """
    if metric in ("accuracy", "error"):  # lo más frecuente: sin calcular las demás medidas
        acc = _accuracy(conf)
        return acc if metric == "accuracy" else 1.0 - acc
    m = _compute(conf)
    if classes is None or metric not in _MACRO:
        return _named_value(m, metric, pos)
    per_class = getattr(m, _MACRO[metric])
    mean = (per_class * classes).sum(axis=-1) / classes.sum(axis=-1)
    return float(mean) if np.ndim(mean) == 0 else mean


def _multinomial_cells(
    rng: np.random.Generator, cells: np.ndarray, n_resamples: int
) -> tuple[np.ndarray, np.ndarray]:
    """Remuestras multinomiales de las celdas no vacías: (índices de celda, conteos (B, M)).

    Cada fila es ``rng.multinomial(N, c / N)``: la ley de los conteos por celda al
    remuestrear con reemplazo los ``N`` casos.
    """
    nz = np.flatnonzero(cells)
    counts = cells[nz]
    return nz, rng.multinomial(int(counts.sum()), counts / counts.sum(), size=n_resamples)


def _as_float(value: object, what: str) -> float:
    try:
        out = float(value)
    except (TypeError, ValueError):
        raise TypeError(
            f"`metric` debe devolver un número real; {what} devolvió {describe(value)}."
        ) from None
    if not np.isfinite(out):
        raise ValueError(
            f"`metric` devolvió {out!r} {what}; se esperaba un número finito. "
            "Revise la función (por ejemplo, divisiones entre cero en remuestras sin alguna clase)."
        )
    return out


def _resample_callable(
    rng: np.random.Generator, n: int, n_resamples: int, evaluate: Callable[[np.ndarray], float]
) -> np.ndarray:
    """Réplicas remuestreando índices en bloques (``evaluate`` recibe los índices)."""
    out = np.empty(n_resamples)
    chunk = max(1, _CHUNK_ELEMENTS // n)
    for start in range(0, n_resamples, chunk):
        stop = min(start + chunk, n_resamples)
        idx = rng.integers(0, n, size=(stop - start, n))
        for i, row in enumerate(idx, start=start):
            out[i] = evaluate(row)
    return out


def _jackknife_callable(n: int, evaluate: Callable[[np.ndarray], float]) -> tuple[np.ndarray, np.ndarray]:
    everything = np.arange(n)
    values = np.array([evaluate(np.delete(everything, i)) for i in range(n)])
    return values, np.ones(n)


# ---------------------------------------------------------------------------
# Intervalos a partir de la distribución bootstrap
# ---------------------------------------------------------------------------


def _interval(
    estimate: float,
    dist: np.ndarray,
    alpha: float,
    method: str,
    jackknife: Callable[[], tuple[np.ndarray, np.ndarray]],
) -> tuple[float, float, str]:
    """Extremos del intervalo y nota. ``jackknife`` devuelve (valores, pesos) si hace falta (BCa)."""
    if np.all(dist == dist[0]):
        note = (
            f"la distribución bootstrap es degenerada: las {dist.size} réplicas valen "
            f"{dist[0]:.4f}, así que el intervalo se reduce al punto {estimate:.4f}. "
            "No refleja la incertidumbre real (suele ocurrir con un clasificador perfecto "
            "en la muestra); para la exactitud use proportion_interval, por ejemplo con "
            "method='wilson' o 'clopper-pearson'."
        )
        return estimate, estimate, note
    if method == "percentile":
        low, high = np.quantile(dist, [alpha / 2, 1 - alpha / 2])
    elif method == "basic":
        q_low, q_high = np.quantile(dist, [alpha / 2, 1 - alpha / 2])
        low, high = 2 * estimate - q_high, 2 * estimate - q_low
    elif method == "normal":
        half = -ndtri(alpha / 2) * np.std(dist, ddof=1)
        low, high = estimate - half, estimate + half
    else:  # bca
        # Sesgo: proporción de réplicas por debajo de la estimación, contando los
        # empates como medio (convención de scipy.stats.bootstrap; importa porque las
        # medidas de una matriz de confusión toman valores discretos con muchos empates).
        share = (np.count_nonzero(dist < estimate) + np.count_nonzero(dist <= estimate)) / (2 * dist.size)
        if share <= 0.0 or share >= 1.0:
            raise ValueError(
                "No se puede calcular el intervalo BCa: todas las réplicas bootstrap quedan "
                f"{'por encima' if share <= 0 else 'por debajo'} de la estimación {estimate:.4f}, "
                "así que la corrección de sesgo es infinita. Use method='percentile'."
            )
        z0 = ndtri(share)
        # Aceleración por la navaja (jackknife), Efron y Tibshirani (1993), ec. 14.15.
        values, weights = jackknife()
        mean = np.sum(weights * values) / np.sum(weights)
        d = mean - values
        den = 6.0 * np.sum(weights * d**2) ** 1.5
        a = float(np.sum(weights * d**3) / den) if den > 0 else 0.0
        z = ndtri(np.array([alpha / 2, 1 - alpha / 2]))
        with np.errstate(divide="ignore"):
            levels = ndtr(z0 + (z0 + z) / (1 - a * (z0 + z)))
        low, high = np.quantile(dist, levels)
    return float(low), float(high), ""


def _result(cls, estimate, dist, alpha, method, jackknife, metric_name, **extra):
    low, high, note = _interval(estimate, dist, alpha, method, jackknife)
    se = float(np.std(dist, ddof=1))
    for value, what in ((estimate, "la estimación"), (low, "el extremo inferior"),
                        (high, "el extremo superior"), (se, "el error estándar")):
        check_finite_result(value, f"{what} del intervalo bootstrap", "Revise `metric`.")
    dist.setflags(write=False)
    return cls(
        estimate=float(estimate),
        low=low,
        high=high,
        se=se,
        method=method,
        confidence=1.0 - alpha,
        n_resamples=int(dist.size),
        distribution=dist,
        metric=metric_name,
        note=note,
        **extra,
    )


def _common_checks(metric, pos_label, n_resamples, alpha, method, random_state):
    metric = _check_metric(metric, pos_label)
    n_resamples = check_n_resamples(n_resamples)
    alpha = check_alpha(alpha)
    method = check_choice(method, "method", BOOTSTRAP_METHODS)
    rng = _check_random_state(random_state)
    return metric, n_resamples, alpha, method, rng


def _metric_name(metric: str | Callable) -> str:
    return metric if isinstance(metric, str) else getattr(metric, "__name__", "métrica")


# ---------------------------------------------------------------------------
# API pública
# ---------------------------------------------------------------------------


def bootstrap_interval(
    y_true: object,
    y_pred: object,
    metric: str | Callable,
    *,
    n_resamples: int = 10_000,
    alpha: float = 0.05,
    method: str = "percentile",
    random_state: object = None,
    pos_label: object = None,
) -> BootstrapResult:
    """Intervalo de confianza *bootstrap* de una medida de clasificación.

    **Medidas por nombre: bootstrap multinomial.** Remuestrear con reemplazo los
    ``N`` pares (verdad, predicción) y contar cuántos caen en cada celda de la matriz
    de confusión ``C`` da un vector de conteos con ley Multinomial(N, C / N): cada
    uno de los ``N`` sorteos independientes cae en la celda (i, j) con probabilidad
    ``C[i, j] / N``. Como estas medidas dependen de los datos solo a través de la
    matriz de confusión, basta con calcular ``C`` una vez (``K×K``, con las clases de
    la unión ordenada de ``y_true`` e ``y_pred``), extraer ``n_resamples`` vectores
    multinomiales con ``np.random.default_rng(random_state)`` y evaluar la medida
    sobre la pila ``(B, K, K)`` con :func:`course_utils.classification_metrics`. La
    distribución es **exactamente** la del *bootstrap* clásico, pero el coste no
    depende de ``N``, salvo el recuento inicial (las réplicas concretas difieren de
    las de ``scipy.stats.bootstrap`` porque se sortea otra cosa con el generador).

    **Funciones.** Si ``metric`` es una función ``(y_true, y_pred) -> float``, se
    remuestrean los índices de los pares (``B`` llamadas a la función).

    Parámetros
    ----------
    y_true, y_pred : array_like de forma (N,)
        Clases verdaderas y predichas: todas números (enteros de cualquier tipo, que se
        comparan de forma exacta) o todas texto, sin valores faltantes. Se validan con
        :func:`course_utils._validation.check_label_arrays`; dos ``pandas.Series`` con
        índices distintos se rechazan, porque los pares se forman por posición.
    metric : str o callable
        ``"accuracy"``, ``"error"``, ``"balanced_accuracy"``, ``"precision_macro"``,
        ``"recall_macro"``, ``"f1_macro"`` o, para una clase (``pos_label``),
        ``"precision"``, ``"recall"``, ``"f1"``; o una función ``(y_true, y_pred) -> float``.
        Las medias macro promedian todas las clases de la unión de ``y_true`` e
        ``y_pred``, y en una remuestra una clase ausente cuenta como 0 (como
        scikit-learn con ``labels=`` esas clases y ``zero_division=0``); la exactitud
        equilibrada promedia las clases presentes en la verdad de cada remuestra (como
        ``balanced_accuracy_score``).
    n_resamples : int, por defecto 10_000
        Número de remuestras ``B``: de 2 a
        :data:`course_utils._validation.MAX_RESAMPLES` (un millón), y que quepan en
        memoria (``B`` por el número de celdas de la tabla de conteos, como mucho
        :data:`~course_utils._validation.MAX_RESAMPLE_CELLS`). Con 10 000 el error de
        Monte Carlo ya es pequeño; más remuestras no estrechan el intervalo.
    alpha : float, por defecto 0.05
        Nivel de significación; la confianza es ``1 - alpha``.
    method : {"percentile", "basic", "normal", "bca"}, por defecto "percentile"
        ``"percentile"``: cuantiles ``alpha/2`` y ``1 - alpha/2`` de las réplicas (las
        fuentes usaban por error ``alpha`` y ``1 - alpha``, que da un intervalo al 90 %).
        ``"basic"``: ``2·estimación`` menos esos cuantiles (intervalo «básico» o pivotal).
        ``"normal"``: ``estimación ± z·ee`` con ``ee`` la desviación típica de las réplicas.
        ``"bca"``: corregido por sesgo y acelerado (Efron, 1987). La corrección de sesgo
        ``z0`` sale de la proporción de réplicas por debajo de la estimación (los empates
        cuentan como medio, como en ``scipy.stats.bootstrap``); la aceleración, de la navaja
        (*jackknife*). Con medidas por nombre la navaja solo tiene ``K²`` valores distintos
        (quitar un caso de la celda (i, j)), que se ponderan por los conteos de las celdas:
        coste O(K²) en lugar de O(N). Con funciones se evalúan los ``N`` subconjuntos.
    random_state : None, int o numpy.random.Generator
        Semilla para ``np.random.default_rng``.
    pos_label : etiqueta, opcional
        La clase de ``"precision"``, ``"recall"`` y ``"f1"`` (obligatoria para ellas y
        prohibida para las demás). Debe ser una de las clases de ``y_true`` o ``y_pred``.

    Devuelve
    --------
    BootstrapResult
        Estimación en la muestra, extremos, error estándar, método, confianza, número de
        remuestras, réplicas (``distribution``), nombre de la medida y ``note``.

    Lanza
    -----
    ValueError
        Longitudes distintas, entradas vacías o con valores faltantes, Series con índices
        distintos, ``n_resamples`` mayor que el límite, una sola clase en ``y_true``
        para una medida que promedia clases o mide una clase, nombre de medida o método
        desconocido, ``alpha`` fuera de (0, 1), ``n_resamples < 2``, ``pos_label``
        ausente o que no es una de las clases; con ``"bca"``, si todas las réplicas
        quedan a un lado de la estimación.
    TypeError
        Argumentos del tipo equivocado (por ejemplo, ``metric`` que no es texto ni función)
        o etiquetas que mezclan texto y números.

    Notas
    -----
    **Distribución degenerada.** Si todas las réplicas son iguales (por ejemplo, la
    exactitud de un clasificador que acierta todos los casos: toda remuestra vale 1),
    ningún método puede dar un intervalo informativo y BCa no está definido. Entonces se
    devuelve el intervalo puntual ``[estimate, estimate]`` con una explicación en
    ``note`` (y en ``summary()``), en lugar de NaN. Para la exactitud, un intervalo
    binomial (:func:`proportion_interval` con ``"wilson"`` o ``"clopper-pearson"``) sí
    tiene anchura positiva.

    Ejemplos
    --------
    >>> import numpy as np
    >>> y_true = np.array([0] * 60 + [1] * 40)
    >>> y_pred = np.array([0] * 50 + [1] * 10 + [1] * 35 + [0] * 5)
    >>> res = bootstrap_interval(y_true, y_pred, "accuracy", random_state=0)
    >>> round(res.estimate, 4), res.low < res.estimate < res.high
    (0.85, True)

    Referencias
    -----------
    Efron, B. y Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman &
    Hall, capítulos 13 y 14.

    Efron, B. (1987). Better bootstrap confidence intervals. *Journal of the American
    Statistical Association*, 82(397), 171-185.
    """
    metric, n_resamples, alpha, method, rng = _common_checks(
        metric, pos_label, n_resamples, alpha, method, random_state
    )
    y_true, y_pred = check_label_arrays(y_true=y_true, y_pred=y_pred)
    n = y_true.size

    if callable(metric):
        _check_callable_work(n, n_resamples, method, 1)
        estimate = _as_float(metric(y_true, y_pred), "con los datos originales")

        def evaluate(idx: np.ndarray) -> float:
            return _as_float(metric(y_true[idx], y_pred[idx]), "en una remuestra")

        dist = _resample_callable(rng, n, n_resamples, evaluate)
        return _result(
            BootstrapResult, estimate, dist, alpha, method,
            lambda: _jackknife_callable(n, evaluate), _metric_name(metric),
        )

    labels, conf = _joint_table([y_true, y_pred])
    _check_two_classes(metric, labels, conf)
    pos = _pos_index(metric, pos_label, labels)
    k = labels.size
    check_n_resamples(n_resamples, per_resample=2 * k * k)
    cells = conf.ravel()
    estimate = float(_evaluate(conf, metric, pos))

    nz, draws = _multinomial_cells(rng, cells, n_resamples)
    stack = np.zeros((n_resamples, k * k))
    stack[:, nz] = draws
    dist = np.asarray(_evaluate(stack.reshape(n_resamples, k, k), metric, pos), dtype=float)

    def jackknife() -> tuple[np.ndarray, np.ndarray]:
        # Quitar un caso de la celda c da la matriz conf - e_c: K² valores posibles,
        # cada uno repetido tantas veces como casos tiene su celda.
        loo = np.repeat(cells[None, :].astype(float), nz.size, axis=0)
        loo[np.arange(nz.size), nz] -= 1
        return np.asarray(_evaluate(loo.reshape(-1, k, k), metric, pos)), cells[nz].astype(float)

    return _result(BootstrapResult, estimate, dist, alpha, method, jackknife, metric)


def paired_bootstrap_difference(
    y_true: object,
    pred_a: object,
    pred_b: object,
    metric: str | Callable,
    *,
    n_resamples: int = 10_000,
    alpha: float = 0.05,
    method: str = "percentile",
    random_state: object = None,
    pos_label: object = None,
) -> PairedBootstrapResult:
    """Intervalo *bootstrap* pareado de ``metric(A) - metric(B)`` con las mismas remuestras.

    Los dos modelos se evalúan en **las mismas** remuestras de los casos de prueba, de
    modo que la variabilidad común (casos fáciles o difíciles para ambos) se cancela.

    **Medidas por nombre.** Cada caso cae en una celda (verdad, predicción de A,
    predicción de B) de una tabla ``K×K×K``; remuestrear los ``N`` casos con reemplazo
    equivale exactamente a extraer conteos Multinomial(N, tabla / N). Sumando la tabla
    sobre la predicción de B se obtiene la matriz de confusión de A en cada remuestra,
    y sobre la de A, la de B. El coste no depende de ``N``.

    **Funciones.** Se remuestrean los índices y se evalúa la función para A y para B
    con los mismos índices.

    Parámetros
    ----------
    y_true, pred_a, pred_b : array_like de forma (N,)
        Clases verdaderas y predicciones de los modelos A y B.
    metric : str o callable
        Como en :func:`bootstrap_interval`. Las medias macro de cada modelo promedian sus
        clases: las de la unión de ``y_true`` y **sus** predicciones en la muestra (lo que
        da scikit-learn con ese modelo solo), así que la medida de A no depende de las
        predicciones de B; en una remuestra, una de esas clases ausente cuenta como 0.
    n_resamples, alpha, method, random_state, pos_label
        Como en :func:`bootstrap_interval`.

    Devuelve
    --------
    PairedBootstrapResult
        Los campos de :class:`BootstrapResult` para la diferencia A − B y
        ``share_a_not_better``, la proporción de remuestras con diferencia <= 0.

    Lanza
    -----
    ValueError, TypeError
        Como en :func:`bootstrap_interval`.

    Notas
    -----
    Si todas las réplicas de la diferencia son iguales (por ejemplo, dos modelos que
    predicen exactamente lo mismo), se devuelve el intervalo puntual con una nota, igual
    que en :func:`bootstrap_interval`.

    Ejemplos
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 500)
    >>> a = np.where(rng.random(500) < 0.9, y, 1 - y)
    >>> b = np.where(rng.random(500) < 0.8, y, 1 - y)
    >>> res = paired_bootstrap_difference(y, a, b, "accuracy", random_state=0)
    >>> res.low > 0, res.share_a_not_better
    (True, 0.0)

    Referencias
    -----------
    Efron, B. y Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman & Hall.
    """
    metric, n_resamples, alpha, method, rng = _common_checks(
        metric, pos_label, n_resamples, alpha, method, random_state
    )
    y_true, pred_a, pred_b = check_label_arrays(y_true=y_true, pred_a=pred_a, pred_b=pred_b)
    n = y_true.size

    if callable(metric):
        _check_callable_work(n, n_resamples, method, 2)
        estimate = _as_float(metric(y_true, pred_a), "con los datos originales (A)") - _as_float(
            metric(y_true, pred_b), "con los datos originales (B)"
        )

        def evaluate(idx: np.ndarray) -> float:
            yt = y_true[idx]
            return _as_float(metric(yt, pred_a[idx]), "en una remuestra (A)") - _as_float(
                metric(yt, pred_b[idx]), "en una remuestra (B)"
            )

        dist = _resample_callable(rng, n, n_resamples, evaluate)
        return _result(
            PairedBootstrapResult, estimate, dist, alpha, method,
            lambda: _jackknife_callable(n, evaluate), _metric_name(metric),
            share_a_not_better=float(np.mean(dist <= 0)),
        )

    labels, table = _joint_table([y_true, pred_a, pred_b])
    _check_two_classes(metric, labels, table)
    pos = _pos_index(metric, pos_label, labels)
    k = labels.size
    check_n_resamples(n_resamples, per_resample=4 * k * k + np.count_nonzero(table))
    # Cada modelo con sus clases, las de la muestra original (la unión de y_true y sus
    # predicciones, como scikit-learn con ese modelo solo): la medida de A no depende de B.
    classes_a = _label_set(table.sum(axis=2))
    classes_b = _label_set(table.sum(axis=1))
    joint = table.ravel()
    nz, draws = _multinomial_cells(rng, joint, n_resamples)
    ti, ai, bi = np.unravel_index(nz, (k, k, k))
    # Matrices 0/1 que llevan cada celda (verdad, A, B) a su celda de la matriz de A o de B.
    to_a = np.zeros((nz.size, k * k))
    to_a[np.arange(nz.size), ti * k + ai] = 1.0
    to_b = np.zeros((nz.size, k * k))
    to_b[np.arange(nz.size), ti * k + bi] = 1.0
    counts = joint[nz].astype(float)

    def difference(weights: np.ndarray) -> np.ndarray:
        conf_a = (weights @ to_a).reshape(-1, k, k)
        conf_b = (weights @ to_b).reshape(-1, k, k)
        return (np.asarray(_evaluate(conf_a, metric, pos, classes_a))
                - np.asarray(_evaluate(conf_b, metric, pos, classes_b)))

    estimate = float(difference(counts[None, :])[0])
    dist = difference(draws.astype(float))

    def jackknife() -> tuple[np.ndarray, np.ndarray]:
        loo = np.repeat(counts[None, :], nz.size, axis=0)
        loo[np.arange(nz.size), np.arange(nz.size)] -= 1
        return difference(loo), counts

    return _result(
        PairedBootstrapResult, estimate, dist, alpha, method, jackknife, metric,
        share_a_not_better=float(np.mean(dist <= 0)),
    )
