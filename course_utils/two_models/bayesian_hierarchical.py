"""Comparación bayesiana jerárquica de dos algoritmos en varios conjuntos de datos.

El modelo de Corani, Benavoli, Demšar, Mangili y Zaffalon (2017), el de
``baycomp.HierarchicalTest``: usa **todas** las puntuaciones de la validación cruzada
de cada conjunto de datos (no solo su media), con la correlación entre particiones de
la prueba t correlacionada, y supone que las diferencias medias de los conjuntos son
parecidas entre sí (vienen de una misma t de Student), de modo que cada conjunto
aprende de los demás.

Nota de diseño: con qué se muestrea
-----------------------------------
El modelo no tiene forma cerrada: se muestrea con NUTS (Monte Carlo hamiltoniano). Se
midieron en una máquina Linux de 2 núcleos las dos bibliotecas que lo hacen sin
compilador de C++ (``baycomp`` usa PyStan 3, que compila el modelo con uno y no se
instala en Windows), con 10 conjuntos de datos × 10 particiones y 4 cadenas:

- PyMC 5.28 (PyTensor 2.38, ``mode="NUMBA"``): unos 700 MB de entorno (numba,
  llvmlite, arviz...), importación lenta y dos avisos al importar (el de ArviZ sobre su
  próxima versión y el de PyTensor sin BLAS), que ensuciarían las salidas del curso;
  guarda lo compilado en ``~/.pytensor``, fuera del repositorio.
- NumPyro 0.22 (JAX 0.10): unos 390 MB más (sobre todo ``jaxlib``), se importa en
  unos 3 s sin avisos, compila en memoria (no escribe cachés) y, con la misma semilla,
  da exactamente las mismas muestras (comprobado con dos ejecuciones).

Ambas dieron las mismas probabilidades (dentro del error de Monte Carlo) y tardaron lo
mismo en orden de magnitud (unos 15 s de CPU para 4 × 1 500 iteraciones). Se eligió
**NumPyro**: sin compilador, sin avisos, sin cachés en disco y reproducible. Su
limitación: ``jaxlib`` ya no publica ruedas para macOS con procesador Intel (sí para
Linux, Windows y macOS con Apple Silicon); allí la función da un error en español que
lo explica, y el resto del curso funciona.

Se trabaja en ``float32`` (el valor por defecto de JAX): activar ``float64`` cambiaría
una opción global de JAX en el proceso del usuario.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np
from scipy import stats

from course_utils._validation import check_bool, check_count, check_random_state, check_real_array
from course_utils._validation_labels import check_paired
from course_utils.two_models.bayesian import (
    _check_names,
    _check_rope,
    _convention,
    _DecisionMixin,
    _fmt,
    _region_shares,
)

__all__ = ["BayesianHierarchicalResult", "bayesian_hierarchical_test"]

#: Cotas de la a priori de baycomp (``HierarchicalTest.sample``): ν - 1 ~ Gamma(α, β) con
#: α ~ U(1, 2) y β ~ U(0.01, 0.1); las desviaciones, uniformes hasta 1000 veces las observadas.
_ALPHA = (1.0, 2.0)
_BETA = (0.01, 0.1)
_UPPER_SIGMA = 1000.0
#: Cadenas de NUTS (como baycomp): con varias se ven los problemas de convergencia (R̂).
CHAINS = 4
#: Aceptación media que busca NUTS al adaptar su paso (la de Stan y NumPyro es 0.8). Con 0.8, la
#: a posteriori de los 10 conjuntos × 5 particiones del cuaderno 09 dio, según la semilla, decenas
#: de divergencias, R̂ de hasta 1.11 y P(A mejor) entre 0.95 y 0.99; con 0.95 (pasos más cortos
#: en el cuello de la a posteriori, donde σ₀ es pequeña), de 0 a 12 divergencias, R̂ ≤ 1.011 y
#: P(A mejor) entre 0.981 y 0.988, a cambio de algo más de tiempo de muestreo.
TARGET_ACCEPT = 0.95
#: Tope de conjuntos × puntuaciones × iteraciones (unos segundos de CPU por cada 10^7).
MAX_HIERARCHICAL_WORK = 200_000_000


@dataclass(frozen=True)
class BayesianHierarchicalResult(_DecisionMixin):
    """Resultado de :func:`bayesian_hierarchical_test`.

    Atributos
    ---------
    prob_a_better, prob_equivalent, prob_b_better : float
        Proporción de muestras a posteriori en que cada región es la más probable para
        la diferencia en un conjunto de datos **nuevo** (A mejor, equivalentes, B mejor).
    samples : numpy.ndarray de forma (n_samples, 3)
        Para cada muestra de (δ₀, σ₀, ν), las probabilidades (θ_A, θ_equivalentes, θ_B)
        de la t de Student de las diferencias medias de los conjuntos de datos.
    delta0_mean : float
        Media a posteriori de δ₀, la diferencia media «típica» ``A - B``.
    dataset_means : numpy.ndarray
        Diferencia media observada ``A - B`` en cada conjunto de datos.
    dataset_shrunk : numpy.ndarray
        Media a posteriori de δᵢ en cada conjunto: la observada, acercada a las demás.
    r_hat : float
        El mayor R̂ (Gelman-Rubin, con cadenas partidas) de δ₀, σ₀ y ν; por encima de
        1.01, las cadenas no coinciden y conviene más ``n_samples``.
    divergences : int
        Transiciones divergentes de NUTS (deberían ser 0).
    rope, runs, n_datasets, n_scores, n_samples, n_warmup, higher_is_better, names, method
        Lo que se usó en el cálculo.
    """

    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    samples: np.ndarray = field(repr=False, compare=False)
    delta0_mean: float
    dataset_means: np.ndarray = field(repr=False, compare=False)
    dataset_shrunk: np.ndarray = field(repr=False, compare=False)
    r_hat: float
    divergences: int
    rope: tuple[float, float]
    runs: int
    n_datasets: int
    n_scores: int
    n_samples: int
    n_warmup: int
    higher_is_better: bool
    names: tuple[str, str] = ("A", "B")
    method: str = "Prueba bayesiana jerárquica (Corani et al., 2017)"

    def summary(self) -> str:
        """Resumen en español, con 4 decimales. Devuelve el texto (no lo imprime)."""
        a, b = self.names
        lines = [
            self.method,
            f"  {self.n_datasets} conjuntos de datos × {self.n_scores} puntuaciones "
            f"({self.runs} repetición(es) de {self.n_scores // self.runs} particiones)",
            f"  diferencia media típica δ₀ ({a} - {b}), media a posteriori = "
            f"{_fmt(self.delta0_mean)}",
            f"  región de equivalencia práctica (ROPE): [{_fmt(self.rope[0])}, "
            f"{_fmt(self.rope[1])}]",
            f"  en un conjunto de datos nuevo: P({a} mejor) = {_fmt(self.prob_a_better)}; "
            f"P(equivalentes) = {_fmt(self.prob_equivalent)}; P({b} mejor) = "
            f"{_fmt(self.prob_b_better)}",
            f"  NUTS: {CHAINS} cadenas, {self.n_samples} muestras tras {self.n_warmup} de "
            f"calentamiento por cadena; R̂ máximo = {self.r_hat:.3f}; divergencias = "
            f"{self.divergences}",
            f"  decisión con umbral 0.95: {self.decision(0.95)}",
            f"  convención: {_convention(self.higher_is_better, self.rope, self.names)}",
        ]
        return "\n".join(lines)


def _check_scores(scores_a: object, scores_b: object) -> tuple[np.ndarray, np.ndarray]:
    check_paired(scores_a=scores_a, scores_b=scores_b)
    expected = ("una tabla de forma (conjuntos de datos, puntuaciones): una fila por conjunto "
                "con sus puntuaciones de validación cruzada (r repeticiones × k particiones)")
    arrays = []
    for values, name in ((scores_a, "scores_a"), (scores_b, "scores_b")):
        arr = check_real_array(values, name, ndim=None)
        if arr.ndim != 2:
            raise ValueError(f"`{name}` debe ser {expected}; se recibió un arreglo de forma "
                             f"{arr.shape}.")
        arrays.append(arr)
    a, b = arrays
    if a.shape != b.shape:
        raise ValueError(
            "`scores_a` y `scores_b` deben tener la misma forma (puntuaciones pareadas); "
            f"`scores_a` tiene forma {a.shape} y `scores_b` {b.shape}."
        )
    if a.shape[0] < 2 or a.shape[1] < 2:
        raise ValueError(
            "Se necesitan al menos 2 conjuntos de datos (filas) y 2 puntuaciones por conjunto "
            f"(columnas) en `scores_a` y `scores_b`; se recibió la forma {a.shape}."
        )
    return a, b


def _numpyro():
    try:
        import jax

        with warnings.catch_warnings():
            # numpyro importa tqdm.auto, que en un cuaderno sin ipywidgets avisa de que no podrá
            # dibujar barras de progreso; aquí nunca se dibujan (progress_bar=False).
            warnings.filterwarnings("ignore", message="IProgress not found")
            import numpyro
    except ImportError as exc:  # pragma: no cover - depende de la instalación
        raise ImportError(
            "La prueba jerárquica necesita NumPyro (y JAX): instálelo con "
            "`pip install -r requirements.txt`. jaxlib no publica ruedas para macOS con "
            "procesador Intel; allí use la prueba de rangos con signo bayesiana "
            "(cu.bayesian_signed_rank_test) con la media de cada conjunto de datos."
        ) from exc
    return jax, numpyro


def _model(xbar, ss, consts):
    """El modelo de baycomp en NumPyro. Los datos son argumentos (no constantes del código), de
    modo que JAX compila el muestreador una vez por forma y no una vez por llamada."""
    _, numpyro = _numpyro()
    import jax.numpy as jnp
    import numpyro.distributions as dist

    n, rho, log_det_m, max_diff, std_within, std_among = (consts[i] for i in range(6))
    delta0 = numpyro.sample("delta0", dist.Uniform(-max_diff, max_diff))
    std0 = numpyro.sample("std0", dist.Uniform(0.0, std_among * _UPPER_SIGMA))
    alpha = numpyro.sample("alpha", dist.Uniform(*_ALPHA))
    beta = numpyro.sample("beta", dist.Uniform(*_BETA))
    nu = numpyro.sample("nu_minus_one", dist.Gamma(alpha, beta)) + 1.0
    numpyro.deterministic("nu", nu)
    # δᵢ = δ₀ + σ₀ zᵢ, zᵢ ~ t_ν (no centrada: la misma a posteriori, sin embudo)
    z = numpyro.sample("z", dist.StudentT(nu, 0.0, 1.0).expand([xbar.shape[0]]))
    delta = numpyro.deterministic("delta", delta0 + std0 * z)
    sigma = numpyro.sample("sigma", dist.Uniform(0.0, std_within * _UPPER_SIGMA)
                           .expand([xbar.shape[0]]))
    quad = ss / (1 - rho) + n * (xbar - delta) ** 2 / (1 + (n - 1) * rho)
    numpyro.factor("likelihood", jnp.sum(-n * jnp.log(sigma) - 0.5 * log_det_m
                                         - 0.5 * quad / sigma**2))


_COMPILED = None


def _chains():
    """La función que corre las cadenas de NUTS, compilada por JAX la primera vez que se usa
    con cada número de conjuntos de datos, ``n_samples`` y ``n_warmup`` (unos 10 s); las llamadas
    siguientes con la misma forma solo muestrean (menos de 1 s con los valores por defecto). El
    resultado no depende de que ya estuviera compilada: la misma semilla da las mismas muestras."""
    global _COMPILED
    if _COMPILED is None:
        jax, _ = _numpyro()
        from numpyro.infer import MCMC, NUTS

        def run(key, xbar, ss, consts, n_samples, n_warmup):
            mcmc = MCMC(NUTS(_model, target_accept_prob=TARGET_ACCEPT), num_warmup=n_warmup,
                        num_samples=n_samples, num_chains=CHAINS, chain_method="vectorized",
                        progress_bar=False)
            mcmc.run(key, xbar, ss, consts, extra_fields=("diverging",))
            draws = mcmc.get_samples(group_by_chain=True)
            return ({k: draws[k] for k in ("delta0", "std0", "nu", "delta")},
                    mcmc.get_extra_fields(group_by_chain=True)["diverging"])

        _COMPILED = jax.jit(run, static_argnums=(4, 5))
    return _COMPILED


def _sample(x: np.ndarray, runs: int, n_samples: int, n_warmup: int, seed: int):
    """Muestras de NUTS de (δ₀, σ₀, ν, δ) del modelo de baycomp, con ``x`` ya escalada."""
    jax, _ = _numpyro()
    from numpyro.diagnostics import split_gelman_rubin

    n = x.shape[1]
    rho = 1.0 / (n / runs)  # correlación entre particiones: prueba / total = 1/k
    xbar = x.mean(axis=1)
    ss = ((x - xbar[:, None]) ** 2).sum(axis=1)
    # Verosimilitud normal multivariante con correlación ρ entre las n puntuaciones de un
    # conjunto, escrita con sus estadísticos suficientes (media y suma de cuadrados):
    # (x - δ)ᵀ M⁻¹ (x - δ) = SS / (1 - ρ) + n (x̄ - δ)² / (1 + (n - 1) ρ).
    log_det_m = math.log(1 + (n - 1) * rho) + (n - 1) * math.log(1 - rho)
    consts = np.array([n, rho, log_det_m, np.max(np.abs(x)), np.mean(np.std(x, axis=1)),
                       np.std(xbar)], dtype=np.float32)
    draws, diverging = _chains()(jax.random.PRNGKey(seed), xbar.astype(np.float32),
                                 ss.astype(np.float32), consts, n_samples, n_warmup)
    draws = {k: np.asarray(v, dtype=float) for k, v in draws.items()}
    r_hat = max(float(np.max(split_gelman_rubin(draws[k]))) for k in ("delta0", "std0", "nu"))
    divergences = int(np.sum(diverging))
    flat = {k: v.reshape(-1, *v.shape[2:]) for k, v in draws.items()}
    return flat, r_hat, divergences


def bayesian_hierarchical_test(
    scores_a: object,
    scores_b: object,
    *,
    rope: object,
    runs: int = 1,
    higher_is_better: bool = True,
    n_samples: int = 1000,
    n_warmup: int = 500,
    random_state: int | np.random.Generator | None = None,
    names: tuple[str, str] = ("A", "B"),
) -> BayesianHierarchicalResult:
    r"""Prueba bayesiana jerárquica con ROPE (Corani et al., 2017; Benavoli et al., 2017).

    Con las puntuaciones de validación cruzada de A y B en :math:`q` conjuntos de datos
    (una fila por conjunto, :math:`n` = repeticiones × particiones columnas), las
    diferencias :math:`x_{ij} = a_{ij} - b_{ij}` del conjunto :math:`i` siguen

    .. math::

        x_i \sim \mathrm{N}_n\!\left(\delta_i \mathbf{1},\; \sigma_i^2 M\right),\quad
        M = (1-\rho) I + \rho \mathbf{1}\mathbf{1}^\top,\quad \rho = 1/k,

    (la correlación entre particiones de la prueba t correlacionada) y las diferencias
    medias de los conjuntos vienen de una misma t de Student,

    .. math::

        \delta_i \sim t_\nu(\delta_0, \sigma_0),\qquad
        \nu - 1 \sim \mathrm{Gamma}(\alpha, \beta),

    con a prioris uniformes para :math:`\delta_0`, :math:`\sigma_0`, :math:`\sigma_i`,
    :math:`\alpha \in (1, 2)` y :math:`\beta \in (0.01, 0.1)`, como en
    ``baycomp.HierarchicalTest`` (que antes divide las diferencias, y la ROPE, por la
    media de sus desviaciones típicas por conjunto). Para cada muestra a posteriori de
    :math:`(\delta_0, \sigma_0, \nu)`, :math:`\theta_A`, :math:`\theta_{\text{rope}}` y
    :math:`\theta_B` son las áreas de :math:`t_\nu(\delta_0, \sigma_0)` a cada lado de la
    ROPE y dentro: las probabilidades para la diferencia media en un conjunto de datos
    **nuevo**. Cada probabilidad devuelta es la proporción de muestras en que esa región
    tiene la :math:`\theta` mayor, como en baycomp.

    Se muestrea con NUTS (NumPyro, 4 cadenas; ver la nota de diseño del módulo). El
    resultado es de Monte Carlo: con la misma semilla se repite exactamente; con más
    ``n_samples``, cambia menos de una semilla a otra.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (q, n)
        Puntuaciones de A y B: una fila por conjunto de datos (q ≥ 2), con las n ≥ 2
        puntuaciones de su validación cruzada en las mismas particiones (r repeticiones
        de k particiones: n = r k, en el orden de ``paired_cv_scores``).
    rope : float o (float, float)
        Región de equivalencia práctica en unidades de ``A - B`` (δ significa (-δ, δ)).
    runs : int, por defecto 1
        Repeticiones r de la validación cruzada: k = n / r particiones y ρ = 1/k.
    higher_is_better : bool, por defecto True
        ``False`` con errores: «A mejor» es ``A - B`` por debajo de la ROPE.
    n_samples : int, por defecto 1000
        Muestras por cadena tras el calentamiento (4 cadenas): entre 100 y 100 000.
    n_warmup : int, por defecto 500
        Iteraciones de calentamiento (adaptación de NUTS) por cadena: entre 100 y 100 000.
    random_state : int, numpy.random.Generator o None
        Semilla. Fíjela para reproducir el resultado.
    names : (str, str), por defecto ("A", "B")

    Devuelve
    --------
    BayesianHierarchicalResult

    Lanza
    -----
    ValueError
        Formas distintas o no (q, n), menos de 2 conjuntos o 2 puntuaciones, NaN/inf,
        ``runs`` que no divide n, un conjunto con todas las diferencias iguales, ROPE
        que no contiene el 0.
    TypeError
        Argumentos del tipo equivocado.
    ImportError
        Sin NumPyro instalado.

    Referencias
    -----------
    Corani, G., Benavoli, A., Demšar, J., Mangili, F. y Zaffalon, M. (2017). Statistical
    comparison of classifiers through Bayesian hierarchical modelling. *Machine Learning*,
    106, 1817-1837.
    Benavoli, A., Corani, G., Demšar, J. y Zaffalon, M. (2017). Time for a change: a
    tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of
    Machine Learning Research*, 18(77), 1-36.
    """
    a, b = _check_scores(scores_a, scores_b)
    rope_t = _check_rope(rope)
    q, n = a.shape
    runs = check_count(runs, "runs", minimum=1, maximum=n)
    if n % runs or n // runs < 2:
        raise ValueError(
            f"`runs` debe dividir el número de puntuaciones por conjunto ({n}) en "
            f"repeticiones de al menos 2 particiones; se recibió {runs}."
        )
    hib = check_bool(higher_is_better, "higher_is_better")
    n_samples = check_count(n_samples, "n_samples", minimum=100, maximum=100_000)
    n_warmup = check_count(n_warmup, "n_warmup", minimum=100, maximum=100_000)
    random_state = check_random_state(random_state, maximum=None)
    names = _check_names(names)
    work = q * n * CHAINS * (n_samples + n_warmup)
    if work > MAX_HIERARCHICAL_WORK:
        raise ValueError(
            f"Con {q} conjuntos × {n} puntuaciones y {n_samples} + {n_warmup} iteraciones por "
            f"cadena, la prueba haría {work:.3g} operaciones, más de las "
            f"{MAX_HIERARCHICAL_WORK:.0e} que caben en unos minutos. Reduzca `n_samples` o "
            "`n_warmup`."
        )
    d = a - b
    stds = np.std(d, axis=1)
    # Varianza nula salvo el redondeo de la resta (relativo a la escala de las puntuaciones)
    top = np.maximum(np.max(np.abs(a), axis=1), np.max(np.abs(b), axis=1))
    flat_rows = np.flatnonzero(stds <= 16 * np.finfo(float).eps * top)
    if flat_rows.size:
        raise ValueError(
            f"En el conjunto de datos de la fila {int(flat_rows[0])} todas las diferencias "
            "`scores_a - scores_b` son iguales (varianza 0): el modelo necesita ver cuánto "
            "varían las diferencias entre particiones. ¿Compara un modelo consigo mismo o "
            "están las puntuaciones redondeadas en exceso?"
        )
    scale = float(np.mean(stds))  # baycomp: misma escala para todos los conjuntos
    seed = (int(np.random.default_rng(random_state).integers(2**31))
            if not isinstance(random_state, int) else random_state % 2**31)
    draws, r_hat, divergences = _sample(d / scale, runs, n_samples, n_warmup, seed)
    mu, sd, nu = draws["delta0"], draws["std0"], draws["nu"]
    left = stats.t.cdf(rope_t[0] / scale, nu, mu, sd)
    right = stats.t.sf(rope_t[1] / scale, nu, mu, sd)
    inside = np.clip(1.0 - left - right, 0.0, 1.0)
    samples = np.column_stack([right, inside, left] if hib else [left, inside, right])
    empty = rope_t[0] == rope_t[1]
    probs = _region_shares(samples, compete=(0, 2) if empty else (0, 1, 2))
    return BayesianHierarchicalResult(
        prob_a_better=float(probs[0]), prob_equivalent=float(probs[1]),
        prob_b_better=float(probs[2]), samples=samples,
        delta0_mean=float(np.mean(mu)) * scale, dataset_means=d.mean(axis=1),
        dataset_shrunk=draws["delta"].mean(axis=0) * scale, r_hat=r_hat,
        divergences=divergences, rope=rope_t, runs=runs, n_datasets=q, n_scores=n,
        n_samples=n_samples, n_warmup=n_warmup, higher_is_better=hib, names=names,
    )
