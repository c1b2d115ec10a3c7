"""Laboratorio de simulación: error de tipo I, potencia y cobertura, con el código del curso.

Cada función de este módulo repite un experimento muchas veces (*réplicas*) en un
mundo en el que se sabe la verdad, aplica en cada réplica las pruebas e intervalos de
``course_utils`` (no copias de ellos) y cuenta cuántas veces rechazan H0 o cubren el
valor verdadero. La proporción se devuelve con su intervalo de confianza binomial
(:func:`course_utils.proportion_interval`, Wilson por defecto), que mide el **error de
Monte Carlo** de la simulación.

Tres mundos:

* **Tablas de resultados de un conjunto de prueba** (:func:`simulate_mcnemar`,
  :func:`simulate_proportion_coverage`, :func:`simulate_bootstrap_coverage`): se sortean
  directamente los aciertos y fallos de los modelos, sin entrenar nada, con la exactitud
  verdadera fijada. Es vectorizable y rápido.
* **Cobertura exacta** (:func:`proportion_coverage`): la cobertura de un intervalo para
  una proporción binomial se calcula sin simular, sumando la probabilidad binomial de
  cada número de aciertos ``k`` cuyo intervalo contiene ``p``.
* **Algoritmos entrenados** (:func:`simulate_cv_tests`): dos algoritmos con la misma
  exactitud esperada **por construcción** (el mismo aprendiz, Bayes ingenuo gaussiano,
  sobre dos «vistas» intercambiables de los mismos ejemplos; ver
  :func:`make_two_view_data`), evaluados con validación cruzada y las pruebas del curso.
  Viven en :mod:`course_utils.lab.simulation_cv` y se importan también desde aquí.

Todas las simulaciones derivan la semilla de cada réplica con
``numpy.random.SeedSequence(random_state).spawn(n_replications)``: el resultado no
depende de ``n_jobs`` (ni del orden en que ``joblib`` reparte el trabajo). Las que repiten
réplicas independientes (:func:`simulate_cv_tests`, :func:`simulate_bootstrap_coverage`) las
reparten con ``joblib``, así que corren sin cambios en un clúster de Dask::

    from distributed import Client
    import joblib

    with Client("tcp://planificador:8786"), joblib.parallel_config(backend="dask"):
        res = simulate_cv_tests(100_000, random_state=0)  # n_jobs=None: todo el clúster

Referencias
-----------
Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised
classification learning algorithms. *Neural Computation*, 10(7), 1895-1923.

Brown, L. D., Cai, T. T. y DasGupta, A. (2001). Interval estimation for a binomial
proportion. *Statistical Science*, 16(2), 101-133.

Las referencias de las pruebas sobre validación cruzada (Nadeau y Bengio, 2003;
Alpaydin, 1999; Bouckaert y Frank, 2004) están en :mod:`course_utils.lab.simulation_cv`.
"""

from __future__ import annotations

import numbers

import numpy as np
from scipy import stats

from course_utils._validation import (
    check_alpha,
    check_choice,
    check_finite_array,
    check_n_jobs,
    check_probability,
    describe,
)
from course_utils.lab._simulation_core import (
    _COVERAGE_BLOCK,
    _MAX_COVERAGE_CELLS,
    _MAX_MCNEMAR_CALLS,
    _MAX_REPLICATIONS,
    MCNEMAR_METHODS,
    PROCEDURE_LABELS,
    PROCEDURES,
    MonteCarloRate,
    SimulationResult,
    _check_int,
    _check_methods,
    _run_replications,
    _seed_sequence,
    monte_carlo_rate,
)
# Los algoritmos entrenados (validación cruzada) viven en simulation_cv; se reexportan para que
# ``course_utils.lab.simulation`` dé todo el laboratorio.
from course_utils.lab.simulation_cv import (
    _gaussian_nb_predict_splits,  # noqa: F401 - usado por las pruebas unitarias
    _mcnemar_pvalues,
    _vectorized_pvalues,  # noqa: F401 - usado por las pruebas unitarias
    make_two_view_data,
    simulate_cv_tests,
)
from course_utils.measure.intervals import (
    PROPORTION_METHODS,
    _proportion_bounds,
    bootstrap_interval,
)

__all__ = [
    "MonteCarloRate",
    "monte_carlo_rate",
    "SimulationResult",
    "PROCEDURES",
    "PROCEDURE_LABELS",
    "MCNEMAR_METHODS",
    "make_two_view_data",
    "simulate_cv_tests",
    "simulate_mcnemar",
    "proportion_coverage",
    "simulate_proportion_coverage",
    "simulate_bootstrap_coverage",
]

def simulate_mcnemar(
    n_test: int,
    *,
    accuracy_a: float,
    accuracy_b: float,
    p_discordant: float,
    n_replications: int = 10_000,
    methods: object = MCNEMAR_METHODS,
    alpha: float = 0.05,
    random_state: object = None,
) -> SimulationResult:
    r"""Tasa de rechazo de las pruebas de McNemar con tablas de resultados simuladas.

    Cada réplica es un conjunto de prueba de ``n_test`` ejemplos en que dos modelos ya
    entrenados aciertan o fallan. Se sortea directamente la tabla 2×2 de
    :func:`course_utils.mcnemar_table` con una ley multinomial, sin entrenar nada:

    .. math::

        p_{01} = \tfrac12(\pi_d + \delta), \quad p_{10} = \tfrac12(\pi_d - \delta), \quad
        p_{11} = \mathrm{acc}_A - p_{01}, \quad p_{00} = 1 - p_{11} - \pi_d,

    con :math:`\delta = \mathrm{acc}_A - \mathrm{acc}_B` y :math:`\pi_d` la probabilidad de
    que los modelos discrepen en un ejemplo. Con ``accuracy_a == accuracy_b`` H0 es
    cierta por construcción y la tasa de rechazo estima el error de tipo I; con una
    diferencia, la potencia.

    Todas las réplicas se sortean de una vez (``rng.multinomial(..., size=R)``). El valor p
    de McNemar solo depende de los discordantes :math:`(b, c)`, así que
    :func:`course_utils.mcnemar_test` se llama una vez por cada par distinto que aparece
    (el mismo valor p que tendría llamándola en cada réplica, mucho más deprisa).

    Parámetros
    ----------
    n_test : int
        Tamaño del conjunto de prueba (al menos 1).
    accuracy_a, accuracy_b : float en [0, 1]
        Exactitudes verdaderas de los dos modelos.
    p_discordant : float en (0, 1]
        Probabilidad de que los modelos discrepen en un ejemplo; debe ser al menos
        ``|accuracy_a - accuracy_b|`` y compatible con las exactitudes.
    n_replications : int, por defecto 10 000
    methods : sucesión de {"exact", "mid-p", "chi2", "chi2-corrected"}
        Variantes de :func:`course_utils.mcnemar_test` (por defecto, las cuatro).
    alpha : float, por defecto 0.05
    random_state : None, int o numpy.random.SeedSequence

    Devuelve
    --------
    SimulationResult
        Claves ``"mcnemar_exact"``, ``"mcnemar_mid-p"``, etc.; ``differences`` son las
        diferencias de exactitud observadas ``(b - c) / n_test``.

    Lanza
    -----
    ValueError, TypeError
        Argumentos fuera de rango o probabilidades de celda imposibles (negativas).

    Ejemplos
    --------
    >>> res = simulate_mcnemar(200, accuracy_a=0.8, accuracy_b=0.8, p_discordant=0.1,
    ...                        n_replications=2000, random_state=0)
    >>> res.rates()[0].rate <= 0.05
    True

    Referencias
    -----------
    Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised
    classification learning algorithms. *Neural Computation*, 10(7), 1895-1923.
    Fagerland, M. W., Lydersen, S. y Laake, P. (2013). The McNemar test for binary
    matched-pairs data: mid-p and asymptotic are better than exact conditional.
    *BMC Medical Research Methodology*, 13, 91.
    """
    n_test = _check_int(n_test, "n_test", 1, 10**9)
    acc_a = check_probability(accuracy_a, "accuracy_a")
    acc_b = check_probability(accuracy_b, "accuracy_b")
    p_disc = check_probability(p_discordant, "p_discordant")
    n_replications = _check_int(n_replications, "n_replications", 1, _MAX_REPLICATIONS)
    methods = _check_methods(methods, MCNEMAR_METHODS, "methods")
    alpha = check_alpha(alpha)
    ss = _seed_sequence(random_state)
    gap = acc_a - acc_b
    p01, p10 = (p_disc + gap) / 2, (p_disc - gap) / 2
    p11 = acc_a - p01
    p00 = 1.0 - p11 - p01 - p10
    cells = np.array([p11, p01, p10, p00])
    tol = 1e-12
    if np.any(cells < -tol) or p_disc == 0:
        raise ValueError(
            "Las exactitudes y `p_discordant` no son compatibles: las probabilidades de la tabla "
            f"(ambos aciertan, solo A, solo B, ambos fallan) serían {np.round(cells, 4).tolist()}; "
            "hace falta |accuracy_a - accuracy_b| <= p_discordant, p_discordant > 0 y que ninguna "
            "celda sea negativa."
        )
    cells = np.clip(cells, 0.0, None)
    cells /= cells.sum()
    rng = np.random.default_rng(ss)
    tables = rng.multinomial(n_test, cells, size=n_replications)
    b, c = tables[:, 1], tables[:, 2]
    pairs, inverse = np.unique(np.stack([b, c], axis=1), axis=0, return_inverse=True)
    inverse = inverse.ravel()
    if len(pairs) * len(methods) > _MAX_MCNEMAR_CALLS:
        raise ValueError(
            f"Esta simulación daría {len(pairs)} tablas distintas que evaluar con "
            f"{len(methods)} método(s): {len(pairs) * len(methods)} llamadas a `mcnemar_test`, "
            f"más de las {_MAX_MCNEMAR_CALLS} que caben en unos segundos. Reduzca "
            "`n_replications`, `n_test` (con conjuntos de prueba enormes casi todas las tablas "
            "son distintas) o el número de `methods`."
        )
    rejected, all_pvalues = {}, {}
    for method in methods:
        pvalues = _mcnemar_pvalues(pairs, n_test, method)
        rejected[f"mcnemar_{method}"] = pvalues[inverse] <= alpha
        all_pvalues[f"mcnemar_{method}"] = pvalues[inverse]
    design = (
        f"Tablas de McNemar simuladas: n = {n_test}, exactitud A = {acc_a:.4f}, "
        f"B = {acc_b:.4f}, probabilidad de discrepar = {p_disc:.4f}"
    )
    return SimulationResult(
        rejected=rejected, alpha=alpha, n_replications=n_replications, design=design,
        labels=dict(PROCEDURE_LABELS), differences=(b - c) / n_test, pvalues=all_pvalues,
    )


# ---------------------------------------------------------------------------
# Cobertura de los intervalos para una proporción
# ---------------------------------------------------------------------------


def _interval_table(n: int, method: str, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """Extremos del intervalo de :func:`proportion_interval` para k = 0, ..., n aciertos.

    Los ``n + 1`` intervalos se calculan de una vez con la misma función que usa
    :func:`proportion_interval` (``proportion_confint`` acepta vectores): llamarla ``n + 1``
    veces costaría ~0.5 ms por llamada.
    """
    return _proportion_bounds(np.arange(n + 1), n, alpha, method)


def _check_p_grid(p: object) -> tuple[np.ndarray, bool]:
    if isinstance(p, (bool, np.bool_)):
        raise TypeError(
            f"`p` debe ser un número real en [0, 1] o un vector; se recibió {describe(p)}."
        )
    if isinstance(p, numbers.Real):
        return np.array([check_probability(p, "p")]), True
    arr = check_finite_array(p, "p", ndim=None)
    if arr.ndim > 1:
        raise ValueError(
            f"`p` debe ser un número o un vector; se recibió un arreglo de forma {arr.shape}."
        )
    arr = np.atleast_1d(arr)
    if np.any((arr < 0) | (arr > 1)):
        raise ValueError(
            "`p` debe estar en [0, 1]; se recibieron valores como "
            f"{arr[(arr < 0) | (arr > 1)][:3].tolist()}."
        )
    return arr.astype(float), False


def proportion_coverage(
    n: int, p: object, *, method: str, alpha: float = 0.05
) -> float | np.ndarray:
    r"""Cobertura **exacta** de un intervalo de :func:`proportion_interval`, por enumeración.

    Con ``n`` ensayos y probabilidad verdadera ``p``, el número de aciertos
    :math:`K \sim \mathrm{Bin}(n, p)` solo puede tomar ``n + 1`` valores, y el intervalo
    :math:`[L_k, U_k]` es una función fija de :math:`k`. La probabilidad de que el
    intervalo contenga ``p`` es, sin simular nada,

    .. math::

        C(p) = \sum_{k=0}^{n} \binom{n}{k} p^k (1-p)^{n-k}\,
        \mathbf{1}\{L_k \le p \le U_k\}.

    Los extremos :math:`L_k, U_k` son los de :func:`proportion_interval` (calculados de una
    vez para todos los ``k``, con sus mismas fórmulas) y las probabilidades, las de
    ``scipy.stats.binom.pmf`` (Brown, Cai y DasGupta, 2001, calculan así sus curvas de
    cobertura).

    Parámetros
    ----------
    n : int
        Número de ensayos (tamaño del conjunto de prueba), al menos 1.
    p : float o array_like en [0, 1]
        Probabilidad(es) verdadera(s) de acierto.
    method : {"wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"}
    alpha : float, por defecto 0.05
        Los intervalos tienen confianza nominal ``1 - alpha``.

    Devuelve
    --------
    float o numpy.ndarray
        La cobertura para cada ``p`` (un número si ``p`` es un número).

    Lanza
    -----
    ValueError, TypeError
        ``n`` no entero positivo, ``p`` fuera de [0, 1], método desconocido o ``alpha``
        fuera de (0, 1).

    Ejemplos
    --------
    >>> round(proportion_coverage(10, 0.5, method="wald"), 4)  # cubren k = 3..7: P(3 ≤ K ≤ 7)
    0.8906

    Referencias
    -----------
    Brown, L. D., Cai, T. T. y DasGupta, A. (2001). Interval estimation for a binomial
    proportion. *Statistical Science*, 16(2), 101-133.
    """
    n = _check_int(n, "n", 1, 10**6)
    grid, scalar = _check_p_grid(p)
    method = check_choice(method, "method", PROPORTION_METHODS)
    alpha = check_alpha(alpha)
    if grid.size * (n + 1) > _MAX_COVERAGE_CELLS:
        raise ValueError(
            f"`p` tiene {grid.size} valores y `n` = {n}: serían {grid.size * (n + 1):.3g} "
            f"probabilidades binomiales, más de las {_MAX_COVERAGE_CELLS:.0e} que se calculan "
            "en unos segundos. Reduzca el número de valores de `p` o `n`."
        )
    low, high = _interval_table(n, method, alpha)
    k = np.arange(n + 1)
    coverage = np.empty(grid.size)
    step = max(1, _COVERAGE_BLOCK // (n + 1))  # bloques de p: memoria acotada (~16 MB)
    for start in range(0, grid.size, step):
        g = grid[start:start + step, None]
        pmf = stats.binom.pmf(k[None, :], n, g)
        coverage[start:start + step] = np.sum(pmf * ((low[None, :] <= g) & (g <= high[None, :])),
                                              axis=1)
    return float(coverage[0]) if scalar else coverage


def simulate_proportion_coverage(
    n: int,
    p: float,
    *,
    method: str,
    n_replications: int = 10_000,
    alpha: float = 0.05,
    random_state: object = None,
) -> MonteCarloRate:
    """Cobertura de un intervalo de :func:`proportion_interval`, estimada por simulación.

    Cada réplica sortea un conjunto de prueba con ``K ~ Binomial(n, p)`` aciertos
    (todas a la vez con ``rng.binomial``), toma el intervalo de :func:`proportion_interval`
    para ese ``K`` y anota si contiene ``p``. Sirve para comprobar
    :func:`proportion_coverage`: las dos deben coincidir dentro del error de Monte Carlo.

    Parámetros
    ----------
    n : int
    p : float en [0, 1]
    method : {"wald", "wilson", "agresti-coull", "clopper-pearson", "jeffreys"}
    n_replications : int, por defecto 10 000
    alpha : float, por defecto 0.05
    random_state : None, int o numpy.random.SeedSequence

    Devuelve
    --------
    MonteCarloRate
        ``kind = "cobertura"``, ``nominal = 1 - alpha``, intervalo de Wilson al 95 %.

    Ejemplos
    --------
    >>> res = simulate_proportion_coverage(50, 0.9, method="wilson", n_replications=4000,
    ...                                    random_state=0)
    >>> res.ci_low <= proportion_coverage(50, 0.9, method="wilson") <= res.ci_high
    True
    """
    n = _check_int(n, "n", 1, 10**6)
    p = check_probability(p, "p")
    method = check_choice(method, "method", PROPORTION_METHODS)
    n_replications = _check_int(n_replications, "n_replications", 1, _MAX_REPLICATIONS)
    alpha = check_alpha(alpha)
    rng = np.random.default_rng(_seed_sequence(random_state))
    k = rng.binomial(n, p, size=n_replications)
    low, high = _interval_table(n, method, alpha)
    covered = (low[k] <= p) & (p <= high[k])
    return monte_carlo_rate(
        covered, name=f"intervalo {method} (n = {n}, p = {p:.4f})", kind="cobertura",
        nominal=1 - alpha,
    )


# ---------------------------------------------------------------------------
# Cobertura de los intervalos bootstrap de la exactitud
# ---------------------------------------------------------------------------


def _bootstrap_replication(seed, n_test, accuracy, method, n_resamples, alpha):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 2, n_test)
    correct = rng.random(n_test) < accuracy
    y_pred = np.where(correct, y_true, 1 - y_true)
    try:
        res = bootstrap_interval(
            y_true, y_pred, "accuracy", n_resamples=n_resamples, alpha=alpha, method=method,
            random_state=rng,
        )
    except ValueError:  # BCa sin definir (todas las réplicas a un lado): no cubre
        return False, True
    return bool(res.low <= accuracy <= res.high), False


def simulate_bootstrap_coverage(
    n_test: int,
    accuracy: float,
    *,
    method: str = "percentile",
    n_replications: int = 1000,
    n_resamples: int = 1000,
    alpha: float = 0.05,
    n_jobs: int | None = None,
    random_state: object = None,
) -> MonteCarloRate:
    """Cobertura del intervalo *bootstrap* de la exactitud (:func:`bootstrap_interval`).

    Cada réplica sortea un conjunto de prueba binario de ``n_test`` ejemplos en el que un
    modelo acierta cada ejemplo con probabilidad ``accuracy`` (la exactitud verdadera),
    calcula :func:`course_utils.bootstrap_interval` con ``metric="accuracy"`` y anota si
    el intervalo contiene ``accuracy``. Si el BCa no está definido en una réplica (todas
    las remuestras a un lado de la estimación), esa réplica cuenta como «no cubre».

    Parámetros
    ----------
    n_test : int
        Tamaño del conjunto de prueba (al menos 2).
    accuracy : float en (0, 1)
    method : {"percentile", "basic", "normal", "bca"}, por defecto "percentile"
    n_replications : int, por defecto 1000
    n_resamples : int, por defecto 1000
        Remuestras *bootstrap* por réplica.
    alpha : float, por defecto 0.05
    n_jobs : int o None, por defecto None
        Trabajos en paralelo, como en scikit-learn y ``joblib``: ``1``, sin paralelismo;
        ``-1``, todos los núcleos (``-2``, todos menos uno...); ``None``, lo que fije el
        contexto ``joblib.parallel_config`` activo (1 fuera de él; con ``backend="dask"``,
        todos los trabajadores del clúster de Dask). Con el motor local de joblib se admiten
        como mucho ``max(64, 4 × núcleos)``; con un clúster, sin tope.
        Cada réplica tiene su propia semilla: el resultado no depende de este valor.
    random_state : None, int o numpy.random.SeedSequence

    Devuelve
    --------
    MonteCarloRate
        ``kind = "cobertura"``, ``nominal = 1 - alpha``.

    Ejemplos
    --------
    >>> res = simulate_bootstrap_coverage(100, 0.8, n_replications=50, n_resamples=200,
    ...                                   random_state=0)
    >>> res.n_replications
    50
    """
    n_test = _check_int(n_test, "n_test", 2, 10**6)
    accuracy = check_probability(accuracy, "accuracy", closed=False)
    method = check_choice(method, "method", ("percentile", "basic", "normal", "bca"))
    n_replications = _check_int(n_replications, "n_replications", 1, _MAX_REPLICATIONS)
    n_resamples = _check_int(n_resamples, "n_resamples", 2, 10**6)
    alpha = check_alpha(alpha)
    n_jobs = check_n_jobs(n_jobs)
    seeds = _seed_sequence(random_state).spawn(n_replications)
    out = _run_replications(
        _bootstrap_replication, seeds, n_jobs, n_test=n_test, accuracy=accuracy, method=method,
        n_resamples=n_resamples, alpha=alpha,
    )
    covered = np.array([c for c, _ in out])
    return monte_carlo_rate(
        covered, name=f"bootstrap {method} (n = {n_test}, exactitud = {accuracy:.4f})",
        kind="cobertura", nominal=1 - alpha,
    )
