"""El arnés del laboratorio de simulación: semillas, paralelismo, resultados y tasas.

Lo comparten :mod:`course_utils.lab.simulation` (McNemar simulado, cobertura de intervalos) y
:mod:`course_utils.lab.simulation_cv` (pruebas sobre algoritmos entrenados); vive aparte para que
ninguno de los dos tenga que importar al otro. Sus nombres públicos se usan desde
``course_utils.lab.simulation``.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

from course_utils._validation import (
    check_alpha,
    check_choice,
    check_count,
    check_finite_array,
    check_probability,
    check_random_state,
    describe,
)
from course_utils.measure.intervals import (
    proportion_interval,
)


MCNEMAR_METHODS: tuple[str, ...] = ("exact", "mid-p", "chi2", "chi2-corrected")

#: Procedimientos de :func:`simulate_cv_tests`, en el orden de las tablas.
PROCEDURES: tuple[str, ...] = (
    "resampled_t_naive",
    "resampled_t_corrected",
    "kfold_t",
    "rxk_t_naive",
    "rxk_t_corrected",
    "5x2cv_t",
    "5x2cv_f",
    "mcnemar_exact",
    "mcnemar_mid-p",
    "mcnemar_chi2",
    "mcnemar_chi2-corrected",
    "paired_bootstrap",
)

#: Nombre en español de cada procedimiento (para tablas y figuras).
PROCEDURE_LABELS: dict[str, str] = {
    "resampled_t_naive": "t de remuestreo ingenua (hold-out repetido)",
    "resampled_t_corrected": "t de remuestreo corregida (hold-out repetido)",
    "kfold_t": "t pareada de validación cruzada de k particiones",
    "rxk_t_naive": "t ingenua r×k",
    "rxk_t_corrected": "t corregida r×k (Nadeau y Bengio)",
    "5x2cv_t": "t 5×2cv (Dietterich)",
    "5x2cv_f": "F combinada 5×2cv (Alpaydin)",
    "mcnemar_exact": "McNemar exacta",
    "mcnemar_mid-p": "McNemar mid-p",
    "mcnemar_chi2": "McNemar χ²",
    "mcnemar_chi2-corrected": "McNemar χ² corregida",
    "paired_bootstrap": "bootstrap pareado (percentil)",
}

_CI_METHODS = ("wilson", "clopper-pearson")
_CI_LABELS = {"wilson": "Wilson", "clopper-pearson": "Clopper-Pearson"}


# ---------------------------------------------------------------------------
# Proporción de Monte Carlo con su intervalo
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MonteCarloRate:
    """Proporción estimada por simulación (rechazos o coberturas) con su intervalo binomial.

    Atributos
    ---------
    name : str
        Qué se mide (por ejemplo, el nombre de la prueba).
    kind : {"rechazo", "cobertura"}
        Tasa de rechazo de H0 o cobertura de un intervalo.
    count : int
        Réplicas en que ocurrió (rechazó o cubrió).
    n_replications : int
        Réplicas simuladas.
    rate : float
        ``count / n_replications``.
    ci_low, ci_high : float
        Intervalo de confianza binomial de la tasa verdadera (error de Monte Carlo).
    ci_method : {"wilson", "clopper-pearson"}
        Método de :func:`course_utils.proportion_interval` usado para el intervalo.
    confidence : float
        Confianza del intervalo (``1 - ci_alpha``).
    nominal : float
        Valor de referencia: el nivel de significación ``alpha`` (rechazos) o la
        confianza nominal ``1 - alpha`` del intervalo estudiado (coberturas).
    """

    name: str
    kind: str
    count: int
    n_replications: int
    rate: float
    ci_low: float
    ci_high: float
    ci_method: str
    confidence: float
    nominal: float

    def verdict(self) -> str:
        """Compara la tasa con su valor nominal teniendo en cuenta el error de Monte Carlo."""
        if self.kind == "rechazo":
            if self.ci_low > self.nominal:
                return "por encima del nivel"
            if self.ci_high < self.nominal:
                return "por debajo del nivel (conservadora)"
            return "compatible con el nivel"
        if self.ci_high < self.nominal:
            return "por debajo de la cobertura nominal"
        if self.ci_low > self.nominal:
            return "por encima de la cobertura nominal (conservador)"
        return "compatible con la cobertura nominal"

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        what = "tasa de rechazo" if self.kind == "rechazo" else "cobertura"
        return (
            f"{self.name}: {what} {self.rate:.4f} "
            f"({self.count} de {self.n_replications} réplicas); "
            f"IC {100 * self.confidence:.4g} % ({_CI_LABELS[self.ci_method]}) "
            f"[{self.ci_low:.4f}, {self.ci_high:.4f}]; valor nominal {self.nominal:.4f}: "
            f"{self.verdict()}"
        )


def monte_carlo_rate(
    outcomes: object,
    *,
    name: str = "",
    kind: str = "rechazo",
    nominal: float = 0.05,
    ci_method: str = "wilson",
    ci_alpha: float = 0.05,
) -> MonteCarloRate:
    """Tasa de un suceso en ``R`` réplicas independientes, con su intervalo binomial.

    Las réplicas son independientes y cada una rechaza (o cubre) con la misma probabilidad
    desconocida ``θ``; el número de sucesos es Binomial(R, θ). El intervalo de ``θ`` es el
    de :func:`course_utils.proportion_interval` (Wilson por defecto; Clopper-Pearson si se
    quiere una cobertura garantizada de al menos ``1 - ci_alpha``).

    Parámetros
    ----------
    outcomes : array_like de bool, forma (R,)
        ``True`` en las réplicas en que la prueba rechazó H0 (o el intervalo cubrió).
    name : str
        Nombre de lo que se mide, para el resumen.
    kind : {"rechazo", "cobertura"}, por defecto "rechazo"
    nominal : float en (0, 1), por defecto 0.05
        Nivel de significación (rechazos) o confianza nominal (coberturas).
    ci_method : {"wilson", "clopper-pearson"}, por defecto "wilson"
    ci_alpha : float, por defecto 0.05
        El intervalo de la tasa tiene confianza ``1 - ci_alpha``.

    Devuelve
    --------
    MonteCarloRate

    Lanza
    -----
    ValueError, TypeError
        Si ``outcomes`` está vacío, no es unidimensional o contiene algo distinto de 0/1.

    Ejemplos
    --------
    >>> res = monte_carlo_rate([True] * 6 + [False] * 94, name="prueba X")
    >>> round(res.rate, 4), round(res.ci_low, 4), round(res.ci_high, 4)
    (0.06, 0.0278, 0.1248)
    """
    arr = check_finite_array(outcomes, "outcomes", allow_bool=True)
    if not np.all((arr == 0) | (arr == 1)):
        raise ValueError(
            "`outcomes` debe contener solo valores lógicos (True/False o 1/0), uno por réplica; "
            f"se recibieron valores como {arr[(arr != 0) & (arr != 1)][:3].tolist()}."
        )
    if not isinstance(name, str):
        raise TypeError(f"`name` debe ser un texto; se recibió {describe(name)}.")
    kind = check_choice(kind, "kind", ("rechazo", "cobertura"))
    nominal = check_probability(nominal, "nominal", closed=False)
    ci_method = check_choice(ci_method, "ci_method", _CI_METHODS)
    ci_alpha = check_alpha(ci_alpha, "ci_alpha")
    count, n = int(arr.sum()), int(arr.size)
    ci = proportion_interval(count, n, alpha=ci_alpha, method=ci_method)
    return MonteCarloRate(
        name=name,
        kind=kind,
        count=count,
        n_replications=n,
        rate=count / n,
        ci_low=float(ci.low),
        ci_high=float(ci.high),
        ci_method=ci_method,
        confidence=1.0 - ci_alpha,
        nominal=nominal,
    )


# ---------------------------------------------------------------------------
# Semillas y paralelismo
# ---------------------------------------------------------------------------


def _seed_sequence(random_state: object) -> np.random.SeedSequence:
    """La ``SeedSequence`` de la que se derivan las semillas de las réplicas."""
    seed = check_random_state(random_state, kinds=(np.random.SeedSequence,))
    return seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)


def _check_int(value: object, name: str, minimum: int, maximum: int) -> int:
    """Entero en [minimum, maximum]: el tope evita simulaciones que agotarían la memoria."""
    value = check_count(value, name, minimum=minimum)
    if value > maximum:
        raise ValueError(
            f"`{name}` debe ser un entero entre {minimum} y {maximum:,} en esta simulación; "
            f"se recibió {value:,}."
        )
    return value


_MAX_REPLICATIONS = 1_000_000
#: Tope de llamadas a ``mcnemar_test`` en :func:`simulate_mcnemar` (una por tabla distinta y
#: método, ~0.2 ms cada una: unos 10 s).
_MAX_MCNEMAR_CALLS = 50_000
#: Tope de celdas (valores de ``p`` × (n + 1) aciertos posibles) de
#: :func:`proportion_coverage`: unos segundos de cálculo; la memoria se acota por bloques.
_MAX_COVERAGE_CELLS = 30_000_000
_COVERAGE_BLOCK = 2_000_000


@contextmanager
def _one_blas_thread():
    """Un hilo de BLAS mientras corren réplicas en el hilo principal de un proceso.

    Las matrices de cada réplica son pequeñas: BLAS con varios hilos solo añade esperas (muchas,
    en una máquina cargada); el paralelismo lo pone joblib. El límite de ``threadpoolctl`` vale
    para todo el proceso y OpenBLAS no admite bien que otro hilo lo cambie a la vez, así que
    solo lo pone y lo quita el hilo principal: el que llama a la simulación (sus hilos de
    ``joblib`` o de Dask en este proceso lo heredan) y el de cada proceso de ``loky``. Los
    trabajadores de Dask en otros procesos ya arrancan con un hilo de BLAS
    (``OPENBLAS_NUM_THREADS=1``).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1, user_api="blas"):
        yield


def _run_replication_chunk(worker, seeds: list, kwargs: dict) -> list:
    with _one_blas_thread():
        return [worker(seed, **kwargs) for seed in seeds]


def _run_replications(worker, seeds: list, n_jobs: int | None, **kwargs) -> list:
    """Aplica ``worker(seed, **kwargs)`` a cada semilla, en bloques repartidos con joblib.

    ``n_jobs`` (ya validado con :func:`check_n_jobs`) lo interpreta joblib con el motor del
    contexto activo (``loky`` por defecto; Dask dentro de
    ``joblib.parallel_config(backend="dask")``). Cada réplica usa solo su semilla y los
    resultados vuelven en el orden de las semillas, así que no dependen de ``n_jobs`` ni del
    motor.
    """
    from joblib import Parallel, delayed, effective_n_jobs

    workers = effective_n_jobs(n_jobs)
    if workers == 1 or len(seeds) < 2:
        return _run_replication_chunk(worker, seeds, kwargs)
    # Cuatro bloques por trabajador reparten bien la carga; joblib no los agrupa más.
    chunks = np.array_split(np.arange(len(seeds)), min(len(seeds), 4 * workers))
    with _one_blas_thread():
        parts = Parallel(n_jobs=n_jobs, batch_size=1)(
            delayed(_run_replication_chunk)(worker, [seeds[i] for i in idx], kwargs)
            for idx in chunks
        )
    return [out for part in parts for out in part]


# ---------------------------------------------------------------------------
# McNemar con tablas de resultados simuladas
# ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Decisiones de varias pruebas en ``R`` réplicas de una simulación.

    Atributos
    ---------
    rejected : dict[str, numpy.ndarray]
        Para cada procedimiento, un vector lógico de forma ``(R,)``: ¿rechazó H0?
    alpha : float
        Nivel de significación de las decisiones.
    n_replications : int
    design : str
        Descripción en español del mundo simulado (qué es cierto por construcción).
    labels : dict[str, str]
        Nombre en español de cada procedimiento.
    differences : numpy.ndarray
        Estimación por réplica de la diferencia de exactitudes A − B en un conjunto de
        prueba (su media estima la diferencia verdadera).
    undefined : dict[str, int]
        Réplicas en que el estadístico no estaba definido (por ejemplo, varianza 0 porque
        los dos modelos coinciden en todas las particiones); cuentan como «no rechaza».
    pvalues : dict[str, numpy.ndarray]
        Valores p por réplica de las pruebas que los tienen (no el *bootstrap*); en las
        réplicas sin estadístico definido se anota 1.0 (no rechaza).
    """

    rejected: dict
    alpha: float
    n_replications: int
    design: str
    labels: dict
    differences: np.ndarray
    undefined: dict = field(default_factory=dict)
    pvalues: dict = field(default_factory=dict)

    def rates(self, ci_method: str = "wilson", ci_alpha: float = 0.05) -> list[MonteCarloRate]:
        """Tasa de rechazo de cada procedimiento con su intervalo (ver :func:`monte_carlo_rate`)."""
        return [
            monte_carlo_rate(
                self.rejected[key], name=self.labels.get(key, key), nominal=self.alpha,
                ci_method=ci_method, ci_alpha=ci_alpha,
            )
            for key in self.rejected
        ]

    def summary(self) -> str:
        """Tabla en español: procedimiento, tasa de rechazo e intervalo de Wilson al 95 %."""
        lines = [self.design, f"{self.n_replications} réplicas; alpha = {self.alpha:.4f}"]
        width = max(len(self.labels.get(k, k)) for k in self.rejected)
        for key, rate in zip(self.rejected, self.rates()):
            extra = f" ({self.undefined[key]} sin definir)" if self.undefined.get(key) else ""
            lines.append(
                f"  {self.labels.get(key, key):<{width}}  {rate.rate:.4f} "
                f"[{rate.ci_low:.4f}, {rate.ci_high:.4f}]{extra}"
            )
        return "\n".join(lines)


def _check_methods(methods: object, allowed: tuple[str, ...], name: str) -> tuple[str, ...]:
    if isinstance(methods, str):
        methods = (methods,)
    if not isinstance(methods, (list, tuple)) or len(methods) == 0:
        raise TypeError(
            f"`{name}` debe ser una lista no vacía con valores de {', '.join(map(repr, allowed))}; "
            f"se recibió {describe(methods)}."
        )
    return tuple(check_choice(m, name, allowed) for m in methods)
