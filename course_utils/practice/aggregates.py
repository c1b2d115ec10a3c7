r"""Muchas ejecuciones en muchas tareas: agregados robustos con *bootstrap* estratificado.

Cuando cada algoritmo se ejecuta con pocas semillas (*runs*) en muchas tareas (juegos, conjuntos
de datos, entornos), la media de las puntuaciones normalizadas la arrastran unas pocas tareas y
la mediana de las medias por tarea ignora casi todas. Agarwal et al. (2021) proponen:

* :func:`robust_aggregates`: media, mediana (de las medias por tarea), **media intercuartílica**
  (IQM, la media del 50 % central de todas las ejecuciones) y **brecha de optimalidad** (cuánto
  falta, de media, para llegar a ``gamma``), cada una con su intervalo *bootstrap* percentil
  **estratificado**: se remuestrean las ejecuciones dentro de cada tarea, las tareas quedan fijas.
* :func:`probability_of_improvement`: :math:`P(X > Y)`, la probabilidad de que una ejecución de
  X supere a una de Y en una tarea al azar (el estadístico U de Mann-Whitney de cada tarea entre
  :math:`n m`, promediado en las tareas), con su intervalo.
* :func:`performance_profile`: el perfil de rendimiento, la fracción de ejecuciones con
  puntuación mayor que cada umbral :math:`\tau`, con su banda.

Las entradas son tablas ejecuciones × tareas (una fila por semilla, una columna por tarea),
como las de la biblioteca rliable (Apache 2.0), cuyos resultados reproducen estas funciones
(``tests/test_aggregates.py``).

Referencias
-----------
Agarwal, R., Schwarzer, M., Castro, P. S., Courville, A. y Bellemare, M. G. (2021). Deep
reinforcement learning at the edge of the statistical precipice. *NeurIPS 34*.
Efron, B. y Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman & Hall.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from course_utils._validation import (
    check_finite_array,
    check_n_resamples,
    check_probability,
    check_random_state,
    check_real,
    describe,
)

__all__ = [
    "AGGREGATES",
    "AggregatesResult",
    "ImprovementResult",
    "ProfileResult",
    "performance_profile",
    "probability_of_improvement",
    "robust_aggregates",
]

#: Agregados de :func:`robust_aggregates`, en el orden en que se muestran.
AGGREGATES: tuple[str, ...] = ("mean", "median", "iqm", "optimality_gap")
_NAMES = {"mean": "media", "median": "mediana", "iqm": "media intercuartílica (IQM)",
          "optimality_gap": "brecha de optimalidad"}
# Números que se guardan a la vez en cada bloque de remuestras.
_BLOCK_CELLS = 4_000_000


def _check_runs(scores: object, name: str) -> np.ndarray:
    arr = check_finite_array(scores, name, ndim=2)
    with np.errstate(over="ignore"):
        total = np.abs(arr).sum()
    if not np.isfinite(total):
        raise ValueError(
            f"`{name}`: sus puntuaciones (hasta {np.abs(arr).max():g} en valor absoluto) desbordan "
            "la coma flotante al sumarlas; reescálelas (normalizadas, como en Agarwal et al.)."
        )
    if arr.shape[0] < 2:
        raise ValueError(
            f"`{name}` debe ser una tabla ejecuciones × tareas con al menos 2 ejecuciones "
            f"(filas) por tarea para remuestrearlas; se recibió una de forma {arr.shape}."
        )
    return arr


def _check_models(scores: object) -> dict[str, np.ndarray]:
    """Un diccionario {modelo: tabla ejecuciones × tareas}, todas con las mismas tareas."""
    if not isinstance(scores, Mapping) or not scores:
        raise TypeError(
            "`scores` debe ser un diccionario no vacío {nombre del algoritmo: tabla ejecuciones "
            f"× tareas}}; se recibió {describe(scores)}."
        )
    out = {}
    for key, value in scores.items():
        if not isinstance(key, str):
            raise TypeError(
                f"Los nombres de `scores` deben ser texto; se recibió {describe(key)}."
            )
        out[key] = _check_runs(value, f"scores[{key!r}]")
    tasks = {k: v.shape[1] for k, v in out.items()}
    if len(set(tasks.values())) > 1:
        raise ValueError(
            "Todas las tablas de `scores` deben tener las mismas tareas (columnas); se "
            f"recibieron {tasks}."
        )
    return out


def _resample(runs: np.ndarray, rng: np.random.Generator, rows: int) -> np.ndarray:
    """``rows`` remuestras estratificadas: en cada tarea, ejecuciones con reemplazo."""
    n_runs, n_tasks = runs.shape
    idx = rng.integers(0, n_runs, size=(rows, n_runs, n_tasks))
    return runs[idx, np.arange(n_tasks)]


def _aggregate(sample: np.ndarray, which: str, gamma: float) -> np.ndarray:
    """El agregado ``which`` de cada remuestra (``sample`` de forma remuestras × runs × tareas)."""
    if which == "mean":
        return sample.mean(axis=(1, 2))
    if which == "median":
        return np.median(sample.mean(axis=1), axis=1)
    if which == "iqm":
        return stats.trim_mean(sample.reshape(sample.shape[0], -1), 0.25, axis=1)
    return gamma - np.minimum(sample, gamma).mean(axis=(1, 2))


def _blocks(n_resamples: int, per_resample: int):
    block = max(1, _BLOCK_CELLS // per_resample)
    for start in range(0, n_resamples, block):
        yield min(block, n_resamples - start)


def _percentile(dist: np.ndarray, alpha: float) -> tuple[float, float]:
    low, high = np.quantile(dist, [alpha / 2, 1 - alpha / 2])
    return float(low), float(high)


@dataclass(frozen=True)
class AggregatesResult:
    """Resultado de :func:`robust_aggregates`.

    Atributos
    ---------
    table : pandas.DataFrame
        Una fila por algoritmo y agregado: ``model``, ``aggregate`` (uno de
        :data:`AGGREGATES`), ``estimate``, ``low``, ``high``.
    n_runs : dict
        Ejecuciones de cada algoritmo.
    n_tasks : int
    gamma : float
        Umbral de la brecha de optimalidad.
    confidence : float
    n_resamples : int
    """

    table: pd.DataFrame = field(repr=False)
    n_runs: dict
    n_tasks: int
    gamma: float
    confidence: float
    n_resamples: int

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        lines = [
            f"Agregados de {self.n_tasks} tareas, intervalos bootstrap percentil "
            f"estratificados al {100 * self.confidence:.4g} % ({self.n_resamples} remuestras "
            "de las ejecuciones dentro de cada tarea)"
        ]
        for model, rows in self.table.groupby("model", sort=False):
            lines.append(f"  {model} ({self.n_runs[model]} ejecuciones por tarea):")
            for row in rows.itertuples():
                lines.append(f"    {_NAMES[row.aggregate]}: {row.estimate:.4f} "
                             f"[{row.low:.4f}, {row.high:.4f}]")
        lines.append(f"  brecha de optimalidad: lo que falta para llegar a {self.gamma:.4g}, "
                     "de media (menor es mejor)")
        return "\n".join(lines)


def robust_aggregates(
    scores: Mapping[str, object],
    *,
    gamma: float = 1.0,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    random_state: object = None,
) -> AggregatesResult:
    r"""Media, mediana, media intercuartílica y brecha de optimalidad con intervalos estratificados.

    Para cada algoritmo, con las puntuaciones :math:`x_{rm}` de la ejecución :math:`r` en la
    tarea :math:`m` (normalizadas para que sean comparables entre tareas):

    * media: :math:`\bar x` de todas las ejecuciones y tareas;
    * mediana de las medias por tarea (la habitual en Atari, que ignora casi todas las tareas);
    * **IQM**: la media del 50 % central de las :math:`R M` puntuaciones
      (``scipy.stats.trim_mean(..., 0.25)``), robusta como la mediana y eficiente como la media;
    * **brecha de optimalidad**: :math:`\gamma - \overline{\min(x_{rm}, \gamma)}`, lo que falta
      para llegar a :math:`\gamma` (menor es mejor; lo que pasa de :math:`\gamma` no cuenta).

    Cada intervalo es el percentil de ``n_resamples`` remuestras **estratificadas**: en cada
    tarea se remuestrean sus ejecuciones con reemplazo y las tareas quedan fijas. Mide la
    incertidumbre por las semillas, no la de haber elegido estas tareas (Agarwal et al., 2021).

    Parámetros
    ----------
    scores : dict
        ``{nombre del algoritmo: tabla ejecuciones × tareas}`` (arreglo 2-D o ``DataFrame``;
        al menos 2 ejecuciones; todas con las mismas tareas en el mismo orden).
    gamma : float, por defecto 1.0
        Umbral de la brecha de optimalidad (1 = el nivel de referencia de la normalización).
    n_resamples : int, por defecto 2000
    confidence : float, por defecto 0.95
    random_state : None, int o numpy.random.Generator

    Devuelve
    --------
    AggregatesResult

    Lanza
    -----
    TypeError
        Si ``scores`` no es un diccionario de tablas con nombres de texto.
    ValueError
        Si una tabla no es 2-D, tiene menos de 2 ejecuciones, valores faltantes o no finitos,
        o las tablas no tienen las mismas tareas.

    Ejemplos
    --------
    >>> rng = np.random.default_rng(0)
    >>> res = robust_aggregates({"A": rng.normal(1.0, 0.2, (5, 8))}, random_state=0)
    >>> res.table.loc[res.table["aggregate"] == "iqm", ["estimate", "low", "high"]].round(2)
       estimate   low  high
    2      0.98  0.94  1.03
    """
    runs = _check_models(scores)
    gamma = check_real(gamma, "gamma", "un número real finito")
    confidence = check_probability(confidence, "confidence", closed=False)
    rng = np.random.default_rng(check_random_state(random_state))
    rows = []
    for model, arr in runs.items():
        n_resamples = check_n_resamples(n_resamples, per_resample=arr.size)
        dist = {which: [] for which in AGGREGATES}
        for size in _blocks(n_resamples, arr.size):
            sample = _resample(arr, rng, size)
            for which in AGGREGATES:
                dist[which].append(_aggregate(sample, which, gamma))
        for which in AGGREGATES:
            estimate = float(_aggregate(arr[None], which, gamma)[0])
            low, high = _percentile(np.concatenate(dist[which]), 1.0 - confidence)
            rows.append((model, which, estimate, low, high))
    table = pd.DataFrame(rows, columns=["model", "aggregate", "estimate", "low", "high"])
    return AggregatesResult(
        table=table, n_runs={k: v.shape[0] for k, v in runs.items()},
        n_tasks=next(iter(runs.values())).shape[1], gamma=gamma, confidence=confidence,
        n_resamples=n_resamples,
    )


@dataclass(frozen=True)
class ImprovementResult:
    """Resultado de :func:`probability_of_improvement`.

    Atributos
    ---------
    estimate : float
        :math:`P(X > Y)` promediada en las tareas (0.5: ninguno mejora al otro).
    low, high : float
        Intervalo *bootstrap* percentil estratificado (ejecuciones de X y de Y remuestreadas
        por separado dentro de cada tarea).
    per_task : numpy.ndarray
        :math:`P(X > Y)` de cada tarea.
    confidence : float
    n_resamples : int
    """

    estimate: float
    low: float
    high: float
    per_task: np.ndarray = field(repr=False)
    confidence: float = 0.95
    n_resamples: int = 2000

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        return (
            f"Probabilidad de mejora P(X > Y) = {self.estimate:.4f}, IC "
            f"{100 * self.confidence:.4g} % [{self.low:.4f}, {self.high:.4f}] "
            f"({self.per_task.size} tareas, {self.n_resamples} remuestras estratificadas); "
            "0.5 = ninguno mejora al otro"
        )


def _improvement(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """P(X > Y) + P(X = Y)/2 de cada tarea (remuestras × runs × tareas): U / (n m)."""
    gt = (x[:, :, None, :] > y[:, None, :, :]).mean(axis=(1, 2))
    eq = (x[:, :, None, :] == y[:, None, :, :]).mean(axis=(1, 2))
    return gt + 0.5 * eq


def probability_of_improvement(
    scores_x: object,
    scores_y: object,
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    random_state: object = None,
) -> ImprovementResult:
    r"""Probabilidad de que X mejore a Y, :math:`P(X > Y)`, con su intervalo estratificado.

    En cada tarea :math:`m`, :math:`P(X_m > Y_m)` es la probabilidad de que una ejecución de X
    supere a una de Y (los empates cuentan 1/2): el estadístico U de Mann-Whitney entre
    :math:`n m` (``scipy.stats.mannwhitneyu``). La probabilidad de mejora es su media en las
    tareas: no depende de la escala de cada tarea ni de normalizarlas. Un valor de 0.5 dice
    que ninguno mejora al otro; un intervalo por encima de 0.5 dice que X mejora a Y en el
    sentido de esta probabilidad, que no dice cuánto.

    Parámetros
    ----------
    scores_x, scores_y : array_like de forma (ejecuciones, tareas)
        Puntuaciones de X y de Y (pueden tener distinto número de ejecuciones, al menos 2, y
        deben tener las mismas tareas en el mismo orden).
    n_resamples : int, por defecto 2000
    confidence : float, por defecto 0.95
    random_state : None, int o numpy.random.Generator

    Devuelve
    --------
    ImprovementResult

    Ejemplos
    --------
    >>> x = [[0.9, 0.5], [0.8, 0.6], [0.7, 0.7]]
    >>> y = [[0.6, 0.5], [0.5, 0.4], [0.4, 0.3]]
    >>> round(probability_of_improvement(x, y, random_state=0).estimate, 4)
    0.9722
    """
    x, y = _check_runs(scores_x, "scores_x"), _check_runs(scores_y, "scores_y")
    tasks_x, tasks_y = (list(getattr(t, "columns", [])) for t in (scores_x, scores_y))
    if tasks_x and tasks_y and tasks_x != tasks_y:
        # Se compara tarea a tarea por posición: con las columnas en otro orden, cada
        # tarea de X se compararía con otra de Y.
        fix = (" (las mismas en otro orden: use `scores_y[scores_x.columns]`)"
               if sorted(map(str, tasks_x)) == sorted(map(str, tasks_y)) else "")
        raise ValueError(
            "`scores_x` y `scores_y` deben tener las mismas tareas en el mismo orden; "
            f"sus columnas son {tasks_x[:4]}{'…' if len(tasks_x) > 4 else ''} y "
            f"{tasks_y[:4]}{'…' if len(tasks_y) > 4 else ''}{fix}."
        )
    if x.shape[1] != y.shape[1]:
        raise ValueError(
            "`scores_x` y `scores_y` deben tener las mismas tareas (columnas), en el mismo "
            f"orden; `scores_x` tiene {x.shape[1]} y `scores_y` {y.shape[1]}."
        )
    confidence = check_probability(confidence, "confidence", closed=False)
    per = x.shape[0] * y.shape[0] * x.shape[1]
    n_resamples = check_n_resamples(n_resamples, per_resample=per)
    rng = np.random.default_rng(check_random_state(random_state))
    per_task = _improvement(x[None], y[None])[0]
    dist = []
    for size in _blocks(n_resamples, per):
        dist.append(_improvement(_resample(x, rng, size), _resample(y, rng, size)).mean(axis=1))
    low, high = _percentile(np.concatenate(dist), 1.0 - confidence)
    per_task.setflags(write=False)
    return ImprovementResult(
        estimate=float(per_task.mean()), low=low, high=high, per_task=per_task,
        confidence=confidence, n_resamples=n_resamples,
    )


@dataclass(frozen=True)
class ProfileResult:
    """Resultado de :func:`performance_profile`.

    Atributos
    ---------
    table : pandas.DataFrame
        Una fila por algoritmo y umbral: ``model``, ``tau``, ``fraction`` (fracción de
        ejecuciones con puntuación mayor que ``tau``), ``low``, ``high``.
    confidence : float
    n_resamples : int
    """

    table: pd.DataFrame = field(repr=False)
    confidence: float
    n_resamples: int

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        lines = [f"Perfil de rendimiento: fracción de ejecuciones con puntuación > τ, banda "
                 f"{100 * self.confidence:.4g} % ({self.n_resamples} remuestras estratificadas)"]
        for row in self.table.itertuples():
            lines.append(f"  {row.model}, τ = {row.tau:.4g}: {row.fraction:.4f} "
                         f"[{row.low:.4f}, {row.high:.4f}]")
        return "\n".join(lines)


def performance_profile(
    scores: Mapping[str, object],
    taus: object,
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    random_state: object = None,
) -> ProfileResult:
    r"""Perfil de rendimiento: fracción de ejecuciones por encima de cada umbral, con su banda.

    Para cada umbral :math:`\tau`, la fracción de las :math:`R M` ejecuciones (todas las
    semillas de todas las tareas) con puntuación :math:`> \tau`: una curva que se lee como una
    distribución de supervivencia. Un algoritmo cuya curva queda por encima de la de otro en
    todos los umbrales lo domina estocásticamente. La banda es percentil, de remuestras
    estratificadas (ejecuciones dentro de cada tarea).

    Parámetros
    ----------
    scores : dict
        ``{nombre: tabla ejecuciones × tareas}``, como en :func:`robust_aggregates`.
    taus : array_like
        Umbrales (números reales finitos).
    n_resamples : int, por defecto 2000
    confidence : float, por defecto 0.95
    random_state : None, int o numpy.random.Generator

    Devuelve
    --------
    ProfileResult
    """
    runs = _check_models(scores)
    tau = check_finite_array(taus, "taus")
    confidence = check_probability(confidence, "confidence", closed=False)
    rng = np.random.default_rng(check_random_state(random_state))
    rows = []
    for model, arr in runs.items():
        per = arr.size * tau.size
        n_resamples = check_n_resamples(n_resamples, per_resample=per)
        dist = []
        for size in _blocks(n_resamples, per):
            sample = _resample(arr, rng, size).reshape(size, -1)
            dist.append((sample[:, :, None] > tau).mean(axis=1))
        dist = np.concatenate(dist)
        point = (arr.reshape(-1, 1) > tau).mean(axis=0)
        for j, t in enumerate(tau):
            low, high = _percentile(dist[:, j], 1.0 - confidence)
            rows.append((model, float(t), float(point[j]), low, high))
    table = pd.DataFrame(rows, columns=["model", "tau", "fraction", "low", "high"])
    return ProfileResult(table=table, confidence=confidence, n_resamples=n_resamples)
