"""Laboratorio de simulación con algoritmos entrenados: pruebas sobre validación cruzada.

Dos algoritmos con la misma exactitud esperada **por construcción** (el mismo aprendiz,
Bayes ingenuo gaussiano, sobre dos «vistas» intercambiables de los mismos ejemplos; ver
:func:`make_two_view_data`) se evalúan con *hold-out* repetido, validación cruzada
r×k y 5×2cv, y se les aplican las pruebas del curso (:func:`simulate_cv_tests`). El
arnés común (semillas, réplicas en paralelo, :class:`~course_utils.lab.simulation.SimulationResult`)
está en :mod:`course_utils.lab.simulation`, que también exporta estas funciones.

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
"""

from __future__ import annotations

import functools
import math

import numpy as np
from scipy import stats

from course_utils._validation import (
    check_alpha,
    check_choice,
    check_n_jobs,
    check_positive_int,
    check_probability,
    check_real,
)
from course_utils.two_models.comparison import (
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    mcnemar_table,
    mcnemar_test,
    paired_ttest_5x2cv,
)
from course_utils.measure.intervals import paired_bootstrap_difference
from course_utils.lab._simulation_core import (
    _MAX_REPLICATIONS,
    MCNEMAR_METHODS,
    PROCEDURE_LABELS,
    PROCEDURES,
    SimulationResult,
    _check_int,
    _check_methods,
    _run_replications,
    _seed_sequence,
)

__all__ = ["make_two_view_data", "simulate_cv_tests"]


# ---------------------------------------------------------------------------
# Algoritmos entrenados: dos vistas intercambiables y Bayes ingenuo
# ---------------------------------------------------------------------------


#: Tope de particiones × ejemplos × atributos de una réplica de :func:`simulate_cv_tests`:
#: sus matrices (J, n) y (n, atributos) ocupan unos cientos de MB como mucho.
_MAX_SPLIT_CELLS = 10_000_000
#: Mayor trabajo de :func:`simulate_cv_tests`: réplicas × particiones × ejemplos × atributos.
#: Admite las 100 000 réplicas del diseño por defecto (7.5e9; unos 5 minutos en un núcleo, lo
#: que reparte un clúster) y rechaza el millón (unos 45 minutos).
MAX_CV_SIMULATION_WORK = 10_000_000_000


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
    separation = check_real(separation, "separation", "un número real positivo")
    if not (0 < separation < 10):
        raise ValueError(f"`separation` debe estar en (0, 10); se recibió {separation!r}.")
    acc_a = float(stats.norm.cdf(separation / 2))
    accuracy_gap = check_real(
        accuracy_gap, "accuracy_gap", f"un número real en [0, {acc_a - 0.5:.4f})"
    )
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
    coef = []
    for c in (0, 1):
        base = (2 * d + 1) * (c + 1)
        nc = sums[:, base + 2 * d]
        mean = sums[:, base: base + d] / nc[:, None]
        var = np.maximum(sums[:, base + d: base + 2 * d] / nc[:, None] - mean**2, 0.0)
        var += epsilon[:, None]
        inv = 1 / var
        # log P(c) + log N(x; m, v) = const - ½ Σ_f x_f² / v_f + Σ_f x_f m_f / v_f
        const = (np.log(nc / n_train) - 0.5 * np.sum(np.log(2 * np.pi * var), axis=1)
                 - 0.5 * np.sum(mean**2 * inv, axis=1))
        coef.append(np.hstack([-0.5 * inv, mean * inv, const[:, None]]))
    # La diferencia de log-verosimilitudes conjuntas (clase 1 menos clase 0) de cada partición
    # y cada ejemplo, con un solo producto de matrices.
    jll_diff = (coef[1] - coef[0]) @ np.hstack([x**2, x, ones]).T
    return (jll_diff > 0).astype(np.int64)


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


@functools.lru_cache(maxsize=100_000)
def _mcnemar_pvalue(n: int, b: int, c: int, method: str) -> float:
    """El valor p de :func:`mcnemar_test` con ``b`` y ``c`` discordantes en ``n`` casos (solo
    depende de ``b`` y ``c``; ``n`` completa la tabla). Se guarda: las simulaciones vuelven a
    encontrar los mismos pares en cada llamada (los diseños del cuaderno 10, por ejemplo)."""
    return mcnemar_test([[n - b - c, b], [c, 0]], method).pvalue


def _mcnemar_pvalues(pairs: np.ndarray, n: int, method: str) -> np.ndarray:
    """Los valores p de :func:`mcnemar_test` para cada par ``(b, c)`` de ``pairs``."""
    return np.array([_mcnemar_pvalue(n, int(b), int(c), method) for b, c in pairs])


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



def _check_cv_work(n_replications: int, n_splits: int, n_samples: int, n_features: int) -> None:
    """Rechaza, en español, las simulaciones que no caben en memoria o en unos minutos."""
    if n_splits * n_samples * n_features > _MAX_SPLIT_CELLS:
        raise ValueError(
            f"Cada réplica entrenaría {n_splits} particiones (n_holdout + n_repeats × n_folds + "
            f"10 de 5×2) sobre {n_samples} ejemplos con {n_features} atributo(s): "
            f"{n_splits * n_samples * n_features:.3g} valores a la vez, más de los "
            f"{_MAX_SPLIT_CELLS:.0e} (unos cientos de MB) que admite la simulación. Reduzca "
            "`n_samples`, `n_features`, `n_holdout`, `n_repeats` o `n_folds`."
        )
    work = n_replications * n_splits * n_samples * n_features
    if work > MAX_CV_SIMULATION_WORK:
        raise ValueError(
            f"`n_replications` = {n_replications} réplicas de {n_splits} particiones sobre "
            f"{n_samples} ejemplos con {n_features} atributo(s) son {work:.3g} valores que "
            f"entrenar, más de los {MAX_CV_SIMULATION_WORK:.0e} que admite la simulación "
            "(unos minutos). Reduzca `n_replications` (con 10 000 el error de Monte Carlo de "
            "una tasa de rechazo de 0.05 es de 0.002) o el diseño."
        )


def _t_test_pvalues(out: list, chosen: set, engine: str, n_folds: int) -> tuple[dict, dict]:
    """Valores p de las pruebas t de cada réplica (las indefinidas cuentan como p = 1)."""
    undefined, pvalues = {}, {}
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
    return pvalues, undefined


def _add_mcnemar_pvalues(bc: np.ndarray, n_te: int, chosen: set, pvalues: dict,
                         undefined: dict) -> None:
    """Añade los valores p de McNemar de cada réplica a ``pvalues``."""
    pairs, inverse = np.unique(bc, axis=0, return_inverse=True)
    for method in MCNEMAR_METHODS:
        key = f"mcnemar_{method}"
        if key in chosen:
            # El valor p de McNemar solo depende de (b, c): una llamada por par distinto.
            pvalues[key] = _mcnemar_pvalues(pairs, n_te, method)[inverse.ravel()]
            undefined[key] = 0


def _cv_labels(n_holdout: int, n_folds: int, n_repeats: int) -> dict[str, str]:
    """Los nombres de los procedimientos, con el diseño elegido."""
    labels = dict(PROCEDURE_LABELS)
    labels["resampled_t_naive"] = f"t de remuestreo ingenua ({n_holdout} hold-out)"
    labels["resampled_t_corrected"] = f"t de remuestreo corregida ({n_holdout} hold-out)"
    labels["kfold_t"] = f"t pareada de {n_folds} particiones"
    labels["rxk_t_naive"] = f"t ingenua {n_repeats}×{n_folds}"
    labels["rxk_t_corrected"] = f"t corregida {n_repeats}×{n_folds}"
    return labels


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
    n_jobs: int | None = None,
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
    n_splits = n_holdout + n_repeats * n_folds + 10
    _check_cv_work(n_replications, n_splits, n_samples, n_features)
    chosen = set(_check_methods(procedures, PROCEDURES, "procedures"))
    keys = [key for key in PROCEDURES if key in chosen]
    engine = check_choice(engine, "engine", ("vectorized", "course"))
    alpha = check_alpha(alpha)
    n_jobs = check_n_jobs(n_jobs)
    seeds = _seed_sequence(random_state).spawn(n_replications)
    out = _run_replications(
        _cv_replication, seeds, n_jobs, n_samples=n_samples, n_features=n_features,
        separation=separation, noise_b=_view_noise(accuracy_gap, separation),
        n_holdout=n_holdout, test_fraction=test_fraction, n_repeats=n_repeats,
        n_folds=n_folds, n_resamples=n_resamples, alpha=alpha, keys=chosen, engine=engine,
    )
    rejected: dict = {}
    pvalues, undefined = _t_test_pvalues(out, chosen, engine, n_folds)
    bc = np.array([o["bc"] for o in out])
    n_te = out[0]["n_test"]
    _add_mcnemar_pvalues(bc, n_te, chosen, pvalues, undefined)
    for key in keys:
        if key == "paired_bootstrap":
            rejected[key] = np.array([o["boot"] for o in out], dtype=bool)
            undefined[key] = 0
        else:
            rejected[key] = pvalues[key] <= alpha
    labels = _cv_labels(n_holdout, n_folds, n_repeats)
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
