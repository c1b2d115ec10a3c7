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

Todas las simulaciones derivan la semilla de cada réplica con
``numpy.random.SeedSequence(random_state).spawn(n_replications)``: el resultado no
depende de ``n_jobs`` (ni del orden en que ``joblib`` reparte el trabajo).

Referencias
-----------
Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised
classification learning algorithms. *Neural Computation*, 10(7), 1895-1923.

Nadeau, C. y Bengio, Y. (2003). Inference for the generalization error. *Machine
Learning*, 52, 239-281.

Alpaydin, E. (1999). Combined 5×2 cv F test for comparing supervised classification
learning algorithms. *Neural Computation*, 11(8), 1885-1892.

Bouckaert, R. R. y Frank, E. (2004). Evaluating the replicability of significance tests
for comparing learning algorithms. *PAKDD 2004*, LNCS 3056, 3-12.

Brown, L. D., Cai, T. T. y DasGupta, A. (2001). Interval estimation for a binomial
proportion. *Statistical Science*, 16(2), 101-133.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field

import numpy as np
from scipy import stats
from scipy.special import ndtri
from statsmodels.stats.proportion import proportion_confint

from course_utils._validation import (
    check_alpha,
    check_choice,
    check_count,
    check_finite_array,
    check_positive_int,
    check_probability,
    describe,
)
from course_utils.comparison import (
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    mcnemar_table,
    mcnemar_test,
    paired_ttest_5x2cv,
)
from course_utils.intervals import (
    PROPORTION_METHODS,
    bootstrap_interval,
    paired_bootstrap_difference,
    proportion_interval,
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
# Nombre de cada método de proportion_interval en statsmodels.proportion_confint (Wald aparte).
_STATSMODELS_METHOD = {
    "wilson": "wilson", "agresti-coull": "agresti_coull", "clopper-pearson": "beta",
    "jeffreys": "jeffreys",
}
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
    arr = check_finite_array(outcomes, "outcomes")
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
    if random_state is None or isinstance(random_state, np.random.SeedSequence):
        return random_state if random_state is not None else np.random.SeedSequence()
    if isinstance(random_state, bool) or not isinstance(random_state, numbers.Integral):
        raise TypeError(
            "`random_state` debe ser None, un entero no negativo o un numpy.random.SeedSequence "
            f"(de él se derivan las semillas de las réplicas); se recibió {describe(random_state)}."
        )
    return np.random.SeedSequence(check_count(random_state, "random_state", minimum=0))


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


def _check_n_jobs(n_jobs: object) -> int:
    if n_jobs is None:
        return 1
    return _check_int(n_jobs, "n_jobs", 1, 64)


def _run_replications(worker, seeds: list, n_jobs: int, **kwargs) -> list:
    """Aplica ``worker(seed, **kwargs)`` a cada semilla, en bloques repartidos con joblib.

    Cada réplica usa solo su semilla, así que el resultado no depende de ``n_jobs``.
    """
    from threadpoolctl import threadpool_limits

    # Las matrices de cada réplica son pequeñas: BLAS con varios hilos solo añade esperas
    # (muchas, en una máquina cargada). Un hilo por proceso; el paralelismo lo pone joblib.
    if n_jobs == 1 or len(seeds) < 2:
        with threadpool_limits(limits=1, user_api="blas"):
            return [worker(s, **kwargs) for s in seeds]
    from joblib import Parallel, delayed

    n_chunks = min(len(seeds), 4 * n_jobs)
    chunks = [list(c) for c in np.array_split(np.arange(len(seeds)), n_chunks)]

    def run_chunk(idx: list) -> list:
        with threadpool_limits(limits=1, user_api="blas"):
            return [worker(seeds[i], **kwargs) for i in idx]

    parts = Parallel(n_jobs=n_jobs)(delayed(run_chunk)(idx) for idx in chunks)
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
    rejected, all_pvalues = {}, {}
    for method in methods:
        pvalues = np.array([
            mcnemar_test([[n_test - int(bb) - int(cc), int(bb)], [int(cc), 0]], method).pvalue
            for bb, cc in pairs
        ])
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

    Los ``n + 1`` intervalos se calculan de una vez, con las mismas fórmulas que
    :func:`proportion_interval` (Wald sin recortar; el resto, ``proportion_confint`` de
    statsmodels, que acepta vectores): llamarla ``n + 1`` veces costaría ~0.5 ms por llamada.
    Las pruebas del paquete comprueban que los extremos coinciden con los de
    :func:`proportion_interval` para cada ``k``.
    """
    k = np.arange(n + 1)
    if method == "wald":
        p = k / n
        half = ndtri(1 - alpha / 2) * np.sqrt(p * (1 - p) / n)
        return p - half, p + half
    low, high = proportion_confint(k, n, alpha=alpha, method=_STATSMODELS_METHOD[method])
    return np.asarray(low, dtype=float), np.asarray(high, dtype=float)


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
    >>> round(proportion_coverage(10, 0.5, method="wald"), 4)  # k = 2..8 cubren 0.5
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
    low, high = _interval_table(n, method, alpha)
    k = np.arange(n + 1)
    pmf = stats.binom.pmf(k[None, :], n, grid[:, None])
    covers = (low[None, :] <= grid[:, None]) & (grid[:, None] <= high[None, :])
    coverage = np.sum(pmf * covers, axis=1)
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
    n_jobs: int | None = 1,
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
    n_jobs : int o None, por defecto 1
        Procesos de ``joblib``; el resultado no depende de este valor.
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
    n_jobs = _check_n_jobs(n_jobs)
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


# ---------------------------------------------------------------------------
# Algoritmos entrenados: dos vistas intercambiables y Bayes ingenuo
# ---------------------------------------------------------------------------


def _view_noise(accuracy_gap: float, separation: float) -> float:
    """Desviación típica del ruido extra de la vista B para bajar su exactitud de Bayes."""
    if accuracy_gap == 0:
        return 0.0
    acc_a = stats.norm.cdf(separation / 2)
    z_b = stats.norm.ppf(acc_a - accuracy_gap)
    return math.sqrt((separation / 2 / z_b) ** 2 - 1.0)


def _draw_two_views(rng, n_samples, n_features, separation, noise_b):
    y = rng.integers(0, 2, n_samples)
    centre = (2 * y - 1)[:, None] * (separation / 2 / math.sqrt(n_features))
    x_a = centre + rng.standard_normal((n_samples, n_features))
    x_b = centre + rng.standard_normal((n_samples, n_features)) * math.sqrt(1 + noise_b**2)
    return x_a, x_b, y


def _check_design(n_samples, n_features, separation, accuracy_gap):
    n_samples = _check_int(n_samples, "n_samples", 40, 10**6)
    n_features = _check_int(n_features, "n_features", 1, 1000)
    if isinstance(separation, bool) or not isinstance(separation, numbers.Real):
        raise TypeError(
            f"`separation` debe ser un número real positivo; se recibió {describe(separation)}."
        )
    separation = float(separation)
    if not (0 < separation < 10):
        raise ValueError(f"`separation` debe estar en (0, 10); se recibió {separation!r}.")
    acc_a = float(stats.norm.cdf(separation / 2))
    if isinstance(accuracy_gap, bool) or not isinstance(accuracy_gap, numbers.Real):
        raise TypeError(
            f"`accuracy_gap` debe ser un número real en [0, {acc_a - 0.5:.4f}); "
            f"se recibió {describe(accuracy_gap)}."
        )
    accuracy_gap = float(accuracy_gap)
    if not (accuracy_gap == 0 or 0 < accuracy_gap < acc_a - 0.5):
        raise ValueError(
            f"`accuracy_gap` debe estar en [0, {acc_a - 0.5:.4f}) (la vista B no puede ser peor "
            f"que adivinar); se recibió {accuracy_gap!r}."
        )
    return n_samples, n_features, separation, accuracy_gap


def make_two_view_data(
    n_samples: int,
    *,
    n_features: int = 2,
    separation: float = 1.7,
    accuracy_gap: float = 0.0,
    random_state: object = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""Datos con dos «vistas» de los mismos ejemplos: el mundo de :func:`simulate_cv_tests`.

    La clase :math:`y \in \{0, 1\}` es equiprobable. Cada vista tiene ``n_features``
    atributos gaussianos con centro :math:`\pm\mu` según la clase,
    :math:`\lVert\mu\rVert = s/2` (``s = separation``), y ruido independiente entre vistas:

    .. math::

        x_A = (2y - 1)\,\mu + \varepsilon_A, \qquad
        x_B = (2y - 1)\,\mu + \sqrt{1 + \tau^2}\;\varepsilon_B, \qquad
        \varepsilon_A, \varepsilon_B \sim N(0, I).

    La exactitud del clasificador de Bayes con la vista A es :math:`\Phi(s/2)` y con la B,
    :math:`\Phi\!\left(s / (2\sqrt{1+\tau^2})\right)`. ``accuracy_gap`` fija :math:`\tau` para
    que la segunda sea ``accuracy_gap`` puntos menor. Con ``accuracy_gap = 0`` las dos
    vistas son **intercambiables**: el mismo algoritmo entrenado con una u otra tiene
    exactamente la misma exactitud esperada (H0 cierta por construcción), aunque en cada
    conjunto de datos concreto uno de los dos tenga suerte.

    Parámetros
    ----------
    n_samples : int
        Número de ejemplos (al menos 40).
    n_features : int, por defecto 2
        Atributos de cada vista.
    separation : float en (0, 10), por defecto 1.7
        Distancia entre los centros de las clases; con 1.7 la exactitud de Bayes es 0.80.
    accuracy_gap : float, por defecto 0.0
        Cuánto peor es la exactitud de Bayes de la vista B.
    random_state : None, int o numpy.random.SeedSequence

    Devuelve
    --------
    x_a, x_b : numpy.ndarray de forma (n_samples, n_features)
    y : numpy.ndarray de forma (n_samples,)

    Ejemplos
    --------
    >>> x_a, x_b, y = make_two_view_data(100, random_state=0)
    >>> x_a.shape, x_b.shape, y.shape
    ((100, 2), (100, 2), (100,))
    """
    n_samples, n_features, separation, accuracy_gap = _check_design(
        n_samples, n_features, separation, accuracy_gap
    )
    rng = np.random.default_rng(_seed_sequence(random_state))
    noise_b = _view_noise(accuracy_gap, separation)
    return _draw_two_views(rng, n_samples, n_features, separation, noise_b)


def _gaussian_nb_predict_splits(x: np.ndarray, y: np.ndarray, train: np.ndarray) -> np.ndarray:
    """Predicciones de ``GaussianNB()`` entrenado en cada partición, para todos los ejemplos.

    ``train`` es una matriz lógica (J, n): la fila j marca el conjunto de entrenamiento j.
    Hace lo mismo que ``sklearn.naive_bayes.GaussianNB`` (medias y varianzas por clase,
    ``var_smoothing = 1e-9`` veces la mayor varianza de los atributos, probabilidades a
    priori empíricas) para las J particiones a la vez con productos de matrices; las
    pruebas del paquete comprueban que las predicciones coinciden con las de scikit-learn.
    Devuelve una matriz (J, n) de clases predichas (0 o 1).
    """
    w = train.astype(float)  # (J, n)
    d = x.shape[1]
    ones = np.ones((x.shape[0], 1))
    cols = [x, x**2, ones]
    for c in (0, 1):
        m = (y == c).astype(float)[:, None]
        cols += [x * m, x**2 * m, m]
    sums = w @ np.hstack(cols)  # todas las sumas por partición con un solo producto
    n_train = sums[:, 2 * d]
    mean_all = sums[:, :d] / n_train[:, None]
    var_all = sums[:, d: 2 * d] / n_train[:, None] - mean_all**2
    epsilon = 1e-9 * var_all.max(axis=1)  # (J,)
    jll = []
    for c in (0, 1):
        base = (2 * d + 1) * (c + 1)
        nc = sums[:, base + 2 * d]
        mean = sums[:, base: base + d] / nc[:, None]
        var = np.maximum(sums[:, base + d: base + 2 * d] / nc[:, None] - mean**2, 0.0)
        var += epsilon[:, None]
        log_prior = np.log(nc / n_train)
        const = -0.5 * np.sum(np.log(2 * np.pi * var), axis=1)  # (J,)
        # Σ_f (x_if - m_jf)² / v_jf = Σ x²/v - 2 Σ x m / v + Σ m²/v
        inv = 1 / var
        quad = inv @ (x**2).T - 2 * (mean * inv) @ x.T + np.sum(mean**2 * inv, axis=1)[:, None]
        jll.append((log_prior + const)[:, None] - 0.5 * quad)
    return (jll[1] > jll[0]).astype(np.int64)


def _permutations(rng, count, n):
    """``count`` permutaciones independientes de ``range(n)`` (una por fila)."""
    return np.argsort(rng.random((count, n)), axis=1)


def _cv_splits(rngs, n, n_holdout, test_fraction, n_repeats, n_folds, need_rxk, need_5x2):
    """Máscaras lógicas de prueba (J, n) de los esquemas pedidos y el bloque de filas de cada uno.

    Cada esquema usa su propio generador (``rngs``): sus particiones no dependen de qué otros
    esquemas se pidan. Entrenamiento = complemento de la prueba.
    """
    blocks, parts = {}, []
    n_test = int(round(n * test_fraction))
    perm = _permutations(rngs[0], n_holdout, n)
    test = np.zeros((n_holdout, n), bool)
    np.put_along_axis(test, perm[:, :n_test], True, axis=1)
    blocks["holdout"], parts = slice(0, n_holdout), [test]
    start = n_holdout
    if need_rxk:
        sizes = [len(f) for f in np.array_split(np.arange(n), n_folds)]
        fold_of_position = np.repeat(np.arange(n_folds), sizes)
        perm = _permutations(rngs[1], n_repeats, n)
        fold = np.empty((n_repeats, n), np.int64)
        # partición de cada ejemplo en cada repetición
        np.put_along_axis(fold, perm, fold_of_position[None, :], axis=1)
        test = (fold[:, None, :] == np.arange(n_folds)[None, :, None]).reshape(-1, n)
        blocks["rxk"] = slice(start, start + n_repeats * n_folds)
        parts.append(test)
        start += n_repeats * n_folds
    if need_5x2:
        perm = _permutations(rngs[2], 5, n)
        first = np.zeros((5, n), bool)
        np.put_along_axis(first, perm[:, : n // 2], True, axis=1)
        # entrena con una mitad y prueba con la otra, y al revés
        test = np.stack([~first, first], axis=1).reshape(10, n)
        blocks["5x2"] = slice(start, start + 10)
        parts.append(test)
    test = np.concatenate(parts)
    return ~test, test, blocks, n_test / (n - n_test)


_T_TESTS = ("resampled_t_naive", "resampled_t_corrected", "kfold_t", "rxk_t_naive",
            "rxk_t_corrected", "5x2cv_t", "5x2cv_f")


def _course_pvalues(acc_a, acc_b, blocks, ratio, n_folds, keys):
    """Valores p de las pruebas con las funciones de ``course_utils`` (una réplica).

    Devuelve ``{clave: valor p}``; ``None`` si el estadístico no está definido (varianza 0).
    """
    h, r, f = blocks["holdout"], blocks.get("rxk"), blocks.get("5x2")
    runs = {
        "resampled_t_naive": lambda: corrected_resampled_ttest(
            acc_a[h], acc_b[h], test_train_ratio=None, corrected=False),
        "resampled_t_corrected": lambda: corrected_resampled_ttest(
            acc_a[h], acc_b[h], test_train_ratio=ratio),
        "kfold_t": lambda: corrected_resampled_ttest(
            acc_a[r][:n_folds], acc_b[r][:n_folds], test_train_ratio=None, corrected=False),
        "rxk_t_naive": lambda: corrected_resampled_ttest(
            acc_a[r], acc_b[r], test_train_ratio=None, corrected=False),
        "rxk_t_corrected": lambda: corrected_resampled_ttest(
            acc_a[r], acc_b[r], test_train_ratio=1 / (n_folds - 1)),
        "5x2cv_t": lambda: paired_ttest_5x2cv(acc_a[f].reshape(5, 2), acc_b[f].reshape(5, 2)),
        "5x2cv_f": lambda: combined_ftest_5x2cv(acc_a[f].reshape(5, 2), acc_b[f].reshape(5, 2)),
    }
    out = {}
    for key in keys:
        try:
            out[key] = runs[key]().pvalue
        except ValueError:  # varianza 0: el estadístico no está definido
            out[key] = None
    return out


def _vectorized_pvalues(acc_a, acc_b, blocks, ratio, n_folds, keys):
    """Los mismos valores p que :func:`_course_pvalues` para R réplicas a la vez.

    ``acc_a`` y ``acc_b`` tienen forma (R, J). Son las fórmulas de
    :func:`corrected_resampled_ttest`, :func:`paired_ttest_5x2cv` y
    :func:`combined_ftest_5x2cv` aplicadas por filas (las pruebas del paquete comprueban
    que coinciden con esas funciones). Devuelve ``{clave: (valores p, sin definir)}``.
    """
    h, r, f = blocks["holdout"], blocks.get("rxk", slice(0, 0)), blocks.get("5x2")
    scale = np.maximum(np.abs(acc_a).max(axis=1), np.abs(acc_b).max(axis=1))
    tiny = 16 * np.finfo(float).eps * np.maximum(scale, np.finfo(float).tiny)

    def t_test(cols, ratio_):
        d = acc_a[:, cols] - acc_b[:, cols]
        m = d.shape[1]
        bad = np.ptp(d, axis=1) <= tiny
        var = np.where(bad, 1.0, d.var(axis=1, ddof=1))
        t = d.mean(axis=1) / np.sqrt((1 / m + ratio_) * var)
        return 2 * stats.t.sf(np.abs(t), m - 1), bad

    out = {}
    rxk = np.arange(r.start, r.stop)
    specs = {
        "resampled_t_naive": (np.arange(h.start, h.stop), 0.0),
        "resampled_t_corrected": (np.arange(h.start, h.stop), ratio),
        "kfold_t": (rxk[:n_folds], 0.0),
        "rxk_t_naive": (rxk, 0.0),
        "rxk_t_corrected": (rxk, 1 / (n_folds - 1)),
    }
    for key, (cols, ratio_) in specs.items():
        if key in keys:
            out[key] = t_test(cols, ratio_)
    if "5x2cv_t" in keys or "5x2cv_f" in keys:
        p = (acc_a[:, f] - acc_b[:, f]).reshape(-1, 5, 2)
        s2 = ((p - p.mean(axis=2, keepdims=True)) ** 2).sum(axis=2)
        bad = np.all(np.abs(p[:, :, 0] - p[:, :, 1]) <= tiny[:, None], axis=1)
        s2_ok = np.where(bad[:, None], 1.0, s2)
        t = p[:, 0, 0] / np.sqrt(s2_ok.mean(axis=1))
        fstat = (p**2).sum(axis=(1, 2)) / (2 * s2_ok.sum(axis=1))
        if "5x2cv_t" in keys:
            out["5x2cv_t"] = (2 * stats.t.sf(np.abs(t), 5), bad)
        if "5x2cv_f" in keys:
            out["5x2cv_f"] = (stats.f.sf(fstat, 10, 5), bad)
    return out


def _cv_replication(seed, n_samples, n_features, separation, noise_b, n_holdout, test_fraction,
                    n_repeats, n_folds, n_resamples, alpha, keys, engine):
    # Un generador por tarea (datos, cada esquema de particiones, bootstrap): lo que sale de
    # cada uno no depende de qué procedimientos se pidan.
    rng_data, rng_hold, rng_rxk, rng_5x2, rng_boot = (
        np.random.default_rng(s) for s in seed.spawn(5)
    )
    x_a, x_b, y = _draw_two_views(rng_data, n_samples, n_features, separation, noise_b)
    need_rxk = bool({"kfold_t", "rxk_t_naive", "rxk_t_corrected"} & set(keys))
    need_5x2 = bool({"5x2cv_t", "5x2cv_f"} & set(keys))
    train, test, blocks, ratio = _cv_splits(
        (rng_hold, rng_rxk, rng_5x2), n_samples, n_holdout, test_fraction, n_repeats, n_folds,
        need_rxk, need_5x2,
    )
    pred_a = _gaussian_nb_predict_splits(x_a, y, train)
    pred_b = _gaussian_nb_predict_splits(x_b, y, train)
    n_test = test.sum(axis=1)
    acc_a = ((pred_a == y[None, :]) & test).sum(axis=1) / n_test
    acc_b = ((pred_b == y[None, :]) & test).sum(axis=1) / n_test
    h = blocks["holdout"]
    pvalues = None
    if engine == "course":
        pvalues = _course_pvalues(acc_a, acc_b, blocks, ratio, n_folds,
                                  [k for k in _T_TESTS if k in keys])
    first = test[h][0]
    y_te, a_te, b_te = y[first], pred_a[h][0][first], pred_b[h][0][first]
    table = mcnemar_table(y_te, a_te, b_te)
    boot = None
    if "paired_bootstrap" in keys:
        res = paired_bootstrap_difference(
            y_te, a_te, b_te, "accuracy", n_resamples=n_resamples, alpha=alpha,
            random_state=rng_boot,
        )
        boot = not (res.low <= 0.0 <= res.high)
    return {"acc_a": acc_a, "acc_b": acc_b, "blocks": blocks, "ratio": ratio, "pvalues": pvalues,
            "bc": (int(table[0, 1]), int(table[1, 0])), "n_test": int(table.sum()),
            "boot": boot}


def simulate_cv_tests(
    n_replications: int = 500,
    *,
    n_samples: int = 300,
    n_features: int = 2,
    separation: float = 1.7,
    accuracy_gap: float = 0.0,
    n_holdout: int = 15,
    test_fraction: float = 1 / 3,
    n_repeats: int = 10,
    n_folds: int = 10,
    n_resamples: int = 1000,
    procedures: object = PROCEDURES,
    engine: str = "vectorized",
    alpha: float = 0.05,
    n_jobs: int | None = 1,
    random_state: object = None,
) -> SimulationResult:
    r"""Error de tipo I (o potencia) de las pruebas del curso con algoritmos entrenados de verdad.

    **El mundo.** En cada réplica se sortea un conjunto de datos nuevo de ``n_samples``
    ejemplos con :func:`make_two_view_data`. El algoritmo A es Bayes ingenuo gaussiano
    (``sklearn.naive_bayes.GaussianNB``) entrenado con la vista A; el B, el mismo algoritmo
    con la vista B. Con ``accuracy_gap = 0`` las vistas son intercambiables y **H0 es cierta
    por construcción**: los dos algoritmos tienen exactamente la misma exactitud esperada.
    Aun así, en cada conjunto de datos uno de los dos tiene suerte (sus ejemplos de prueba
    le resultan más fáciles), y esa suerte se repite en todas las particiones que comparten
    datos: es la dependencia que Dietterich (1998) y Nadeau y Bengio (2003) señalan.

    **Los procedimientos** (todos con las funciones de ``course_utils``, sobre la exactitud):

    * ``n_holdout`` particiones aleatorias entrenamiento/prueba (``test_fraction`` para
      prueba): t de remuestreo ingenua (:func:`corrected_resampled_ttest` con
      ``corrected=False``) y corregida (``test_train_ratio`` = prueba/entrenamiento);
    * ``n_repeats`` repeticiones de validación cruzada de ``n_folds`` particiones: la t
      pareada de la primera repetición (*k-fold paired t*), y la t ingenua y la corregida
      (``1/(k-1)``) de las ``r·k`` puntuaciones;
    * 5×2cv: :func:`paired_ttest_5x2cv` y :func:`combined_ftest_5x2cv`;
    * sobre la primera partición entrenamiento/prueba (un modelo entrenado, un conjunto de
      prueba): :func:`mcnemar_test` en sus cuatro variantes y el intervalo percentil de
      :func:`paired_bootstrap_difference` (rechaza si no contiene el 0).

    Los ``GaussianNB`` de todas las particiones se entrenan a la vez con álgebra de matrices
    (mismas predicciones que scikit-learn; lo comprueban las pruebas del paquete). Las
    particiones no se estratifican.

    Parámetros
    ----------
    n_replications : int, por defecto 500
    n_samples : int, por defecto 300
        Tamaño de cada conjunto de datos.
    n_features, separation, accuracy_gap
        Ver :func:`make_two_view_data`. ``accuracy_gap > 0`` mide la potencia.
    n_holdout : int, por defecto 15
        Particiones del *hold-out* repetido (al menos 2).
    test_fraction : float en (0, 1), por defecto 1/3
    n_repeats, n_folds : int, por defecto 10 y 10
        Validación cruzada r×k (``n_folds`` al menos 2).
    n_resamples : int, por defecto 1000
        Remuestras del *bootstrap* pareado.
    procedures : sucesión de claves de :data:`PROCEDURES`, por defecto todas
        Procedimientos que se aplican (menos procedimientos, simulación más rápida; los
        datos y las particiones de cada réplica no cambian).
    engine : {"vectorized", "course"}, por defecto "vectorized"
        ``"course"`` llama en cada réplica a :func:`corrected_resampled_ttest`,
        :func:`paired_ttest_5x2cv` y :func:`combined_ftest_5x2cv`; ``"vectorized"`` aplica
        sus mismas fórmulas a todas las réplicas a la vez (varias veces más rápido; las
        pruebas del paquete comprueban que los valores p coinciden). McNemar y el
        *bootstrap* pareado usan siempre las funciones del curso.
    alpha : float, por defecto 0.05
    n_jobs : int o None, por defecto 1
        Procesos de ``joblib``; el resultado no depende de este valor.
    random_state : None, int o numpy.random.SeedSequence

    Devuelve
    --------
    SimulationResult
        Claves de ``procedures``, en el orden de :data:`PROCEDURES`; ``differences`` es la
        diferencia de exactitudes A − B en el conjunto de prueba de la primera partición (su
        media estima la diferencia verdadera con ``(1 - test_fraction)·n_samples`` ejemplos
        de entrenamiento).

    Lanza
    -----
    ValueError, TypeError
        Argumentos fuera de rango (mensajes en español).

    Ejemplos
    --------
    >>> res = simulate_cv_tests(20, random_state=0)
    >>> sorted(res.rejected) == sorted(PROCEDURES)
    True

    Referencias
    -----------
    Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised
    classification learning algorithms. *Neural Computation*, 10(7), 1895-1923.
    Nadeau, C. y Bengio, Y. (2003). Inference for the generalization error.
    *Machine Learning*, 52, 239-281.
    Alpaydin, E. (1999). Combined 5×2 cv F test for comparing supervised classification
    learning algorithms. *Neural Computation*, 11(8), 1885-1892.
    Bouckaert, R. R. y Frank, E. (2004). Evaluating the replicability of significance
    tests for comparing learning algorithms. *PAKDD 2004*, LNCS 3056, 3-12.
    """
    n_replications = _check_int(n_replications, "n_replications", 1, _MAX_REPLICATIONS)
    n_samples, n_features, separation, accuracy_gap = _check_design(
        n_samples, n_features, separation, accuracy_gap
    )
    n_holdout = _check_int(n_holdout, "n_holdout", 2, 1000)
    test_fraction = check_probability(test_fraction, "test_fraction", closed=False)
    n_test = int(round(n_samples * test_fraction))
    if n_test < 10 or n_samples - n_test < 20:
        raise ValueError(
            "`test_fraction` deja conjuntos demasiado pequeños: hacen falta al menos 10 ejemplos "
            f"de prueba y 20 de entrenamiento; con n_samples = {n_samples} y test_fraction = "
            f"{test_fraction!r} quedan {n_test} y {n_samples - n_test}."
        )
    n_repeats = _check_int(n_repeats, "n_repeats", 1, 1000)
    n_folds = check_positive_int(n_folds, "n_folds")
    if not 2 <= n_folds <= n_samples // 10:
        raise ValueError(
            f"`n_folds` debe estar entre 2 y n_samples // 10 = {n_samples // 10}; "
            f"se recibió {n_folds}."
        )
    n_resamples = _check_int(n_resamples, "n_resamples", 2, 10**6)
    chosen = set(_check_methods(procedures, PROCEDURES, "procedures"))
    keys = [key for key in PROCEDURES if key in chosen]
    engine = check_choice(engine, "engine", ("vectorized", "course"))
    alpha = check_alpha(alpha)
    n_jobs = _check_n_jobs(n_jobs)
    seeds = _seed_sequence(random_state).spawn(n_replications)
    out = _run_replications(
        _cv_replication, seeds, n_jobs, n_samples=n_samples, n_features=n_features,
        separation=separation, noise_b=_view_noise(accuracy_gap, separation),
        n_holdout=n_holdout, test_fraction=test_fraction, n_repeats=n_repeats,
        n_folds=n_folds, n_resamples=n_resamples, alpha=alpha, keys=chosen, engine=engine,
    )
    rejected, undefined, pvalues = {}, {}, {}
    t_keys = [k for k in _T_TESTS if k in chosen]
    if engine == "course":
        for key in t_keys:
            ps = [o["pvalues"][key] for o in out]
            undefined[key] = sum(p is None for p in ps)
            pvalues[key] = np.array([1.0 if p is None else p for p in ps])
    else:
        acc_a = np.array([o["acc_a"] for o in out])
        acc_b = np.array([o["acc_b"] for o in out])
        vec = _vectorized_pvalues(acc_a, acc_b, out[0]["blocks"], out[0]["ratio"], n_folds, t_keys)
        for key, (ps, bad) in vec.items():
            undefined[key] = int(bad.sum())
            pvalues[key] = np.where(bad, 1.0, ps)
    bc = np.array([o["bc"] for o in out])
    n_te = out[0]["n_test"]
    pairs, inverse = np.unique(bc, axis=0, return_inverse=True)
    for method in MCNEMAR_METHODS:
        key = f"mcnemar_{method}"
        if key in chosen:
            # El valor p de McNemar solo depende de (b, c): una llamada por par distinto.
            ps = np.array([
                mcnemar_test([[n_te - int(b) - int(c), int(b)], [int(c), 0]], method).pvalue
                for b, c in pairs
            ])
            pvalues[key] = ps[inverse.ravel()]
            undefined[key] = 0
    for key in keys:
        if key == "paired_bootstrap":
            rejected[key] = np.array([o["boot"] for o in out], dtype=bool)
            undefined[key] = 0
        else:
            rejected[key] = pvalues[key] <= alpha
    labels = dict(PROCEDURE_LABELS)
    labels["resampled_t_naive"] = f"t de remuestreo ingenua ({n_holdout} hold-out)"
    labels["resampled_t_corrected"] = f"t de remuestreo corregida ({n_holdout} hold-out)"
    labels["kfold_t"] = f"t pareada de {n_folds} particiones"
    labels["rxk_t_naive"] = f"t ingenua {n_repeats}×{n_folds}"
    labels["rxk_t_corrected"] = f"t corregida {n_repeats}×{n_folds}"
    acc_a = stats.norm.cdf(separation / 2)
    design = (
        f"Dos vistas, Bayes ingenuo gaussiano; n = {n_samples}; exactitud de Bayes A = "
        f"{acc_a:.4f}, B = {acc_a - accuracy_gap:.4f} "
        + ("(H0 cierta por construcción)" if accuracy_gap == 0 else "(H0 falsa)")
    )
    return SimulationResult(
        rejected=rejected, alpha=alpha, n_replications=n_replications, design=design,
        labels=labels, differences=(bc[:, 0] - bc[:, 1]) / n_te, undefined=undefined,
        pvalues=pvalues,
    )
