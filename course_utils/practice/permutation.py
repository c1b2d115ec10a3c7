r"""Dos modelos sobre el mismo conjunto de prueba, con cualquier medida: la prueba de permutación.

* :func:`paired_permutation_test`: cualquier medida (exactitud, F1, AUC o una función
  propia): prueba de permutación pareada (aleatorización aproximada), que intercambia las
  predicciones de los dos modelos en cada ejemplo; exacta si hay pocas reordenaciones
  distintas y de Monte Carlo, con su propio error, si no.

Referencias
-----------
Noreen, E. W. (1989). *Computer-Intensive Methods for Testing Hypotheses: An
Introduction*. Wiley.
Good, P. I. (2005). *Permutation, Parametric, and Bootstrap Tests of Hypotheses* (3.ª ed.).
Springer.
Phipson, B. y Smyth, G. K. (2010). Permutation p-values should never be zero. *Statistical
Applications in Genetics and Molecular Biology*, 9(1), 39.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from scipy import stats

from course_utils._results import _fmt_p
from course_utils._validation import (
    MAX_RESAMPLES,
    check_alpha,
    check_choice,
    check_finite_array,
    check_finite_result,
    check_n_resamples,
    check_random_state,
    check_same_length,
    describe,
)
from course_utils._validation_labels import check_label_arrays, check_labels, check_paired
from course_utils.measure.bootstrap import (
    BOOTSTRAP_METRICS,
    _check_metric,
    _check_two_classes,
    _evaluate,
    _joint_table,
    _label_set,
    _pos_index,
)
from course_utils.measure.intervals import proportion_interval
from course_utils.practice.delong import _ALT_TEXT, _ALTERNATIVES, _positive_mask

__all__ = [
    "PermutationTestResult",
    "paired_permutation_test",
    "PERMUTATION_METRICS",
    "MAX_PERMUTATION_WORK",
]

# ---------------------------------------------------------------------------
# Prueba de permutación pareada
# ---------------------------------------------------------------------------

#: Medidas con nombre de :func:`paired_permutation_test`: las de
#: :data:`course_utils.measure.bootstrap.BOOTSTRAP_METRICS` (sobre etiquetas predichas) y
#: ``"roc_auc"`` (sobre puntuaciones).
PERMUTATION_METRICS: tuple[str, ...] = BOOTSTRAP_METRICS + ("roc_auc",)

# Números que se guardan a la vez en cada bloque de reordenaciones.
_BLOCK_CELLS = 2_000_000
# Tolerancia relativa de las comparaciones con el valor observado (como scipy).
_RTOL = 100 * np.finfo(float).eps


@dataclass(frozen=True)
class PermutationTestResult:
    """Resultado de :func:`paired_permutation_test`.

    Atributos
    ---------
    metric : str
        Nombre de la medida (o de la función).
    metric_a, metric_b : float
        La medida de cada modelo.
    estimate : float
        ``metric_a - metric_b``.
    pvalue : float
        Valor p de la prueba de permutación (exacto, o su estimación de Monte Carlo
        :math:`(1 + c)/(1 + B)`, que nunca es 0).
    pvalue_ci : tuple of float o None
        Intervalo de Wilson del valor p exacto que estima el de Monte Carlo (su error de
        Monte Carlo); ``None`` en la prueba exacta, que no tiene.
    method : {"exact", "monte-carlo"}
    n_resamples : int o None
        Reordenaciones aleatorias ``B`` (Monte Carlo); ``None`` en la exacta.
    n_discordant : int
        Ejemplos en que las dos predicciones difieren (solo esos cambian al intercambiar):
        hay :math:`2^{n_d}` reordenaciones distintas.
    alternative : {"two-sided", "greater", "less"}
    confidence : float
        Confianza del intervalo de Monte Carlo.
    distribution : numpy.ndarray o None
        Las ``B`` diferencias bajo H0 (Monte Carlo); ``None`` en la exacta.
    note : str
    """

    metric: str
    metric_a: float
    metric_b: float
    estimate: float
    pvalue: float
    pvalue_ci: tuple[float, float] | None
    method: str
    n_resamples: int | None
    n_discordant: int
    alternative: str
    confidence: float
    distribution: np.ndarray | None = field(default=None, repr=False, compare=False)
    note: str = ""

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        if self.method == "exact":
            how = f"exacta: las 2^{self.n_discordant} reordenaciones de los ejemplos discordantes"
        else:
            how = f"Monte Carlo con {self.n_resamples} reordenaciones aleatorias"
        lines = [
            f"Prueba de permutación pareada ({self.metric}), {how}",
            f"  {self.metric}: A = {self.metric_a:.4f}, B = {self.metric_b:.4f}; "
            f"diferencia (A - B) = {self.estimate:.4f}",
            f"  hipótesis alternativa: {_ALT_TEXT[self.alternative]}",
            f"  valor p = {_fmt_p(self.pvalue)}",
        ]
        if self.pvalue_ci is not None:
            lines.append(
                f"  error de Monte Carlo: IC {100 * self.confidence:.4g} % (Wilson) del valor p "
                f"exacto [{self.pvalue_ci[0]:.4f}, {self.pvalue_ci[1]:.4f}]"
            )
        if self.note:
            lines.append(f"  nota: {self.note}")
        return "\n".join(lines)


#: Mayor trabajo de :func:`paired_permutation_test`: reordenaciones × números por reordenación
#: (dos por ejemplo con ``"roc_auc"``: n = 10⁴ con las 10 000 por defecto cabe; celdas de la
#: matriz de confusión con medidas de etiquetas; ejemplos más :data:`_CALL_COST` por llamada con
#: una función propia). Unos 10-30 s.
MAX_PERMUTATION_WORK: int = 200_000_000
_CALL_COST = 2_000  # una llamada a una función de Python cuesta como ~2000 números
_AUC_COST = 2  # una AUC reordenada cuesta como 2 números por ejemplo (recuento lineal)


def _check_work(rows: int, per_row: int, exact: bool, hint: str) -> None:
    if rows * per_row <= MAX_PERMUTATION_WORK:
        return
    what = (f"la prueba exacta recorre {rows} reordenaciones" if exact
            else f"`n_resamples` = {rows} reordenaciones")
    raise ValueError(
        f"Demasiado trabajo para `n_resamples`/`method`: {what} de unos {per_row} números cada "
        f"una ({rows * per_row:.2e}; el máximo es {MAX_PERMUTATION_WORK:.0e}). Reduzca "
        "`n_resamples` (10 000 dan un error de Monte Carlo del valor p menor que 0.005) o use "
        f"method='monte-carlo' en lugar de la exacta. {hint}"
    )


def _observed(metric_a: float, metric_b: float) -> tuple[float, float]:
    """La diferencia observada y la tolerancia de sus empates.

    La tolerancia se escala con el tamaño de las medidas (no con el de su diferencia, que
    puede ser el redondeo de dos medidas iguales): dos medidas que difieren menos que ella
    son iguales y la diferencia es exactamente 0.
    """
    gamma = _RTOL * max(abs(metric_a), abs(metric_b))
    observed = metric_a - metric_b
    return (0.0 if abs(observed) <= gamma else observed), gamma


def _exceed(values: np.ndarray, observed: float, alternative: str, gamma: float) -> np.ndarray:
    """¿Es cada diferencia bajo H0 al menos tan extrema como la observada (tolerancia gamma)?"""
    if alternative == "two-sided":
        return np.abs(values) >= abs(observed) - gamma
    if alternative == "greater":
        return values >= observed - gamma
    return values <= observed + gamma


def _all_patterns(n_bits: int, start: int, stop: int) -> np.ndarray:
    """Filas ``start..stop-1`` de las :math:`2^{n}` combinaciones de intercambio (booleanos)."""
    codes = np.arange(start, stop, dtype=np.int64)
    return ((codes[:, None] >> np.arange(n_bits, dtype=np.int64)) & 1).astype(bool)


def _auc_rows(codes: np.ndarray, pos: np.ndarray, n_codes: int) -> np.ndarray:
    r"""AUC de cada fila de ``codes`` (puntuaciones ya codificadas como enteros 0..n_codes-1).

    Los códigos conservan el orden y los empates de las puntuaciones, así que la AUC de una
    fila es :math:`\frac{1}{mn}\sum_i [\#\{j: Y_j < X_i\} + \tfrac12 \#\{j: Y_j = X_i\}]`: se
    cuentan los negativos de cada código con ``bincount`` (todas las filas a la vez) y se
    acumulan, sin ordenar: tiempo lineal por fila.
    """
    rows = codes.shape[0]
    m = int(pos.sum())
    n = pos.size - m
    offset = (np.arange(rows, dtype=np.int64) * n_codes)[:, None]
    counts = np.bincount((codes[:, ~pos] + offset).ravel(), minlength=rows * n_codes)
    counts = counts.reshape(rows, n_codes)
    below = np.cumsum(counts, axis=1) - counts
    row = np.arange(rows)[:, None]
    pc = codes[:, pos]
    return (below[row, pc] + 0.5 * counts[row, pc]).sum(axis=1) / (m * n)



def _metric_kind(metric: object, pos_label: object) -> tuple[object, str]:
    """La medida validada y su clase: ``"scores"`` (roc_auc), ``"labels"`` o ``"function"``."""
    if isinstance(metric, str) and metric == "roc_auc":
        return metric, "scores"
    if isinstance(metric, str) or not callable(metric):
        if not isinstance(metric, str) and not callable(metric):
            options = ", ".join(repr(m) for m in PERMUTATION_METRICS)
            raise TypeError(
                f"`metric` debe ser uno de {options} o una función (y_true, y_pred) -> float; "
                f"se recibió {describe(metric)}."
            )
        metric = check_choice(metric, "metric", PERMUTATION_METRICS)
        metric = _check_metric(metric, pos_label)
        return metric, "labels"
    return _check_metric(metric, pos_label), "function"


def _auc_values(a: np.ndarray, b: np.ndarray, pos: np.ndarray, disc: np.ndarray):
    """La diferencia de AUC de cada reordenación (una fila de intercambios por fila)."""
    # Las 2n puntuaciones como enteros que conservan orden y empates.
    uniq, inverse = np.unique(np.concatenate([a, b]), return_inverse=True)
    code_a, code_b = inverse[: a.size], inverse[a.size:]

    def values(swap: np.ndarray) -> np.ndarray:
        rows_a = np.broadcast_to(code_a, (swap.shape[0], a.size)).copy()
        rows_b = np.broadcast_to(code_b, (swap.shape[0], b.size)).copy()
        rows_a[:, disc] = np.where(swap, code_b[disc], code_a[disc])
        rows_b[:, disc] = np.where(swap, code_a[disc], code_b[disc])
        return _auc_rows(rows_a, pos, uniq.size) - _auc_rows(rows_b, pos, uniq.size)

    metric_a = float(_auc_rows(code_a[None, :], pos, uniq.size)[0])
    metric_b = float(_auc_rows(code_b[None, :], pos, uniq.size)[0])
    return values, metric_a, metric_b


def _function_values(metric, name: str, y: np.ndarray, a: np.ndarray, b: np.ndarray,
                     disc: np.ndarray):
    """La diferencia de una medida del usuario en cada reordenación (una a una)."""
    def one(yv: np.ndarray, pv: np.ndarray) -> float:
        try:
            value = metric(yv, pv)
            value = float(value)
        except Exception as exc:  # noqa: BLE001 - la función es del usuario
            raise ValueError(
                f"La función `metric` ({name}) falló o no devolvió un número con estas "
                f"predicciones ({type(exc).__name__}: {exc})."
            ) from exc
        return check_finite_result(
            value, f"la medida `metric` ({name})",
            "La función `metric` debe devolver un número finito con cualquier reordenación "
            "de las predicciones; revise las divisiones por cero.",
        )

    def values(swap: np.ndarray) -> np.ndarray:
        out = np.empty(swap.shape[0])
        for r in range(swap.shape[0]):
            pa, pb = a.copy(), b.copy()
            pa[disc] = np.where(swap[r], b[disc], a[disc])
            pb[disc] = np.where(swap[r], a[disc], b[disc])
            out[r] = one(y, pa) - one(y, pb)
        return out

    return values, one(y, a), one(y, b)


def paired_permutation_test(
    y_true: object,
    pred_a: object,
    pred_b: object,
    metric: str | Callable = "accuracy",
    *,
    pos_label: object = None,
    alternative: str = "two-sided",
    method: str = "auto",
    n_resamples: int = 10_000,
    random_state: object = None,
    ci_alpha: float = 0.05,
) -> PermutationTestResult:
    r"""Prueba de permutación pareada para cualquier medida sobre un mismo conjunto de prueba.

    Si los dos modelos fueran intercambiables, en cada ejemplo daría igual cuál de las dos
    predicciones se atribuye a A y cuál a B. La prueba intercambia las dos predicciones
    en cada ejemplo con probabilidad 1/2 y recalcula
    :math:`T = \text{medida}(A) - \text{medida}(B)`; el valor p es la proporción de
    reordenaciones con un :math:`T` al menos tan extremo como el observado (bilateral:
    :math:`|T^*| \ge |T|`). Es la «aleatorización aproximada» de Noreen (1989), la prueba
    habitual para medidas sin una prueba de fórmula cerrada (F1, AUC...). Solo cambian los
    ejemplos discordantes (predicciones distintas), así que hay :math:`2^{n_d}`
    reordenaciones distintas, todas igual de probables.

    * ``method="exact"`` las recorre todas. Con medidas de etiquetas basta contar cuántos
      ejemplos de cada tipo (clase verdadera, predicción de A, predicción de B) se
      intercambian, que siguen binomiales independientes: el recorrido es exacto aunque
      :math:`2^{n_d}` sea enorme. Con la exactitud, la prueba exacta coincide con la de
      McNemar exacta.
    * ``method="monte-carlo"`` usa ``n_resamples`` reordenaciones aleatorias; el valor p
      es :math:`(1 + c)/(1 + B)` (Phipson y Smyth, 2010: nunca 0) y ``pvalue_ci`` da su
      error de Monte Carlo (intervalo de Wilson de :func:`course_utils.proportion_interval`).
    * ``method="auto"`` (por defecto): la exacta si hay como mucho ``n_resamples``
      reordenaciones distintas (como ``scipy.stats.permutation_test``), Monte Carlo si no.

    Todo va vectorizado por bloques salvo con una función propia, que se llama una vez por
    reordenación y modelo.

    **Empates.** Una reordenación empata con la observada si sus diferencias no se separan
    más que el redondeo del tamaño de las medidas (100 épsilon por la mayor de las dos), no
    el de su diferencia: dos modelos con la misma medida calculada por caminos distintos
    (0.6 y 0.6000000000000001) tienen ``estimate`` exactamente 0, y las reordenaciones con
    :math:`T^* = 0` cuentan como tan extremas como ella.

    Parámetros
    ----------
    y_true : array_like de forma (n,)
        Valores verdaderos.
    pred_a, pred_b : array_like de forma (n,)
        Predicciones de A y B en los mismos ejemplos: etiquetas, o puntuaciones con
        ``metric="roc_auc"``. Se parean por posición.
    metric : str o función, por defecto "accuracy"
        Una de :data:`PERMUTATION_METRICS` (``"accuracy"``, ``"error"``,
        ``"balanced_accuracy"``, ``"precision_macro"``, ``"recall_macro"``, ``"f1_macro"``,
        ``"precision"``, ``"recall"``, ``"f1"`` o ``"roc_auc"``) o una función
        ``(y_true, y_pred) -> float``. Cada medida es la de scikit-learn para ese modelo
        solo: las medias macro promedian las clases de la unión de ``y_true`` y las
        predicciones de ese modelo (no las del otro), y en cada reordenación cada uno de los
        dos «modelos» reordenados promedia las suyas.
    pos_label : etiqueta, opcional
        La clase de ``"precision"``, ``"recall"`` y ``"f1"`` (obligatoria para ellas), o la
        clase positiva de ``"roc_auc"`` (sin ella, 0/1, -1/1 o False/True).
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
        ``"greater"``: H1 es que la medida de A es mayor que la de B.
    method : {"auto", "exact", "monte-carlo"}, por defecto "auto"
    n_resamples : int, por defecto 10 000
        Reordenaciones de Monte Carlo (entre 2 y 10^6).
    random_state : None, int o numpy.random.Generator
        Semilla de las reordenaciones de Monte Carlo.
    ci_alpha : float, por defecto 0.05
        Confianza ``1 - ci_alpha`` del intervalo de Monte Carlo del valor p.

    Devuelve
    --------
    PermutationTestResult

    Lanza
    -----
    ValueError
        Si las longitudes difieren, faltan valores, la medida o el método no existen,
        ``method="exact"`` pediría más de 10^6 reordenaciones, o una función propia
        devuelve algo que no es un número finito.
    TypeError
        Si se mezclan etiquetas de texto y numéricas o ``metric`` no es ni un nombre ni
        una función.

    Ejemplos
    --------
    >>> y = [0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0]
    >>> a = [0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0]
    >>> b = [1, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1]
    >>> res = paired_permutation_test(y, a, b, "f1", pos_label=1)
    >>> res.method, res.n_discordant, round(res.estimate, 4), round(res.pvalue, 5)
    ('exact', 6, 0.4615, 0.03125)
    """
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    method = check_choice(method, "method", ("auto", "exact", "monte-carlo"))
    ci_alpha = check_alpha(ci_alpha, "ci_alpha")
    metric, kind = _metric_kind(metric, pos_label)
    n_resamples = check_n_resamples(n_resamples, "n_resamples")
    rng_seed = check_random_state(random_state)

    if kind == "scores":
        check_paired(y_true=y_true, pred_a=pred_a, pred_b=pred_b)
        y = check_labels(y_true, "y_true")
        a = check_finite_array(pred_a, "pred_a", ndim=1)
        b = check_finite_array(pred_b, "pred_b", ndim=1)
        check_same_length(y_true=y, pred_a=a, pred_b=b)
        pos = _positive_mask(y, pos_label)
        if pos.all() or not pos.any():  # pragma: no cover - _positive_mask exige dos clases
            raise ValueError("`y_true` debe tener positivos y negativos.")
        name = "roc_auc"
    else:
        y, a, b = check_label_arrays(y_true=y_true, pred_a=pred_a, pred_b=pred_b)
        name = metric if isinstance(metric, str) else getattr(metric, "__name__", "función")

    if kind == "labels":
        return _permutation_labels(y, a, b, metric, pos_label, alternative, method,
                                   n_resamples, rng_seed, ci_alpha)

    disc = np.flatnonzero(a != b)
    n_d = int(disc.size)
    if kind == "scores":
        values, metric_a, metric_b = _auc_values(a, b, pos, disc)
    else:
        values, metric_a, metric_b = _function_values(metric, name, y, a, b, disc)
    observed, gamma = _observed(metric_a, metric_b)
    exact_ok = n_d <= 62 and 2**n_d <= MAX_RESAMPLES
    if method == "exact" and not exact_ok:
        raise ValueError(
            f"`method` = 'exact' necesita recorrer 2^{n_d} reordenaciones ({n_d} ejemplos "
            f"discordantes) y el máximo es {MAX_RESAMPLES}; use method='monte-carlo' (o "
            "'auto'), que estima el valor p y da su error de Monte Carlo."
        )
    use_exact = method == "exact" or (method == "auto" and exact_ok and 2**n_d <= n_resamples)
    per_row = 4 * a.size if kind == "scores" else a.size + _CALL_COST  # números en memoria
    # Coste de cada reordenación: con "roc_auc", unos 2n números (medido: n = 10⁴ con las
    # 10 000 reordenaciones por defecto tarda unos 12 s en 2 núcleos, dentro del máximo).
    cost = _AUC_COST * a.size if kind == "scores" else per_row
    _check_work(2**n_d if use_exact else n_resamples, cost, use_exact,
                "Con metric='roc_auc' puede usar delong_test, que no reordena." if kind == "scores"
                else "Una medida por nombre va vectorizada y es mucho más rápida.")
    block = max(1, _BLOCK_CELLS // per_row)
    if use_exact:
        total, count = 2**n_d, 0
        for start in range(0, total, block):
            t = values(_all_patterns(n_d, start, min(total, start + block)))
            count += int(np.sum(_exceed(t, observed, alternative, gamma)))
        return _exact_result(name, metric_a, metric_b, count / total, n_d, alternative, ci_alpha)
    rng = np.random.default_rng(rng_seed)
    return _monte_carlo_result(name, metric_a, metric_b, values,
                               lambda rows: rng.random((rows, n_d)) < 0.5, n_resamples, block,
                               n_d, alternative, ci_alpha)


def _no_discordant_note(n_d: int) -> str:
    if n_d:
        return ""
    return ("los dos modelos dan la misma predicción en todos los ejemplos: intercambiarlas no "
            "cambia nada y el valor p es 1.")


def _exact_result(name, metric_a, metric_b, pvalue, n_d, alternative, ci_alpha):
    return PermutationTestResult(
        metric=name, metric_a=metric_a, metric_b=metric_b,
        estimate=_observed(metric_a, metric_b)[0],
        pvalue=float(min(1.0, max(0.0, pvalue))), pvalue_ci=None, method="exact",
        n_resamples=None, n_discordant=n_d, alternative=alternative,
        confidence=1.0 - ci_alpha, note=_no_discordant_note(n_d),
    )


def _monte_carlo_result(name, metric_a, metric_b, values, draw, n_resamples, block, n_d,
                        alternative, ci_alpha):
    """Monte Carlo por bloques: ``draw(filas)`` da las reordenaciones, ``values`` las T*."""
    observed, gamma = _observed(metric_a, metric_b)
    dist = np.empty(n_resamples)
    for start in range(0, n_resamples, block):
        stop = min(n_resamples, start + block)
        dist[start:stop] = values(draw(stop - start))
    count = int(np.sum(_exceed(dist, observed, alternative, gamma)))
    ci = proportion_interval(count, n_resamples, alpha=ci_alpha, method="wilson")
    dist.setflags(write=False)
    return PermutationTestResult(
        metric=name, metric_a=metric_a, metric_b=metric_b, estimate=observed,
        pvalue=float((1 + count) / (1 + n_resamples)), pvalue_ci=(float(ci.low), float(ci.high)),
        method="monte-carlo", n_resamples=n_resamples, n_discordant=n_d,
        alternative=alternative, confidence=1.0 - ci_alpha, distribution=dist,
        note=_no_discordant_note(n_d),
    )


def _permutation_labels(y, a, b, metric, pos_label, alternative, method, n_resamples,
                        rng_seed, ci_alpha):
    """Medidas de etiquetas: solo importa cuántos ejemplos de cada tipo se intercambian."""
    labels, table = _joint_table([y, a, b])
    _check_two_classes(metric, labels, table)
    pos = _pos_index(metric, pos_label, labels)
    k = labels.size
    conf_a = table.sum(axis=2).astype(float)  # [verdad, predicción de A]
    conf_b = table.sum(axis=1).astype(float)
    types = [(t, i, j) for t, i, j in zip(*np.nonzero(table)) if i != j]
    counts = np.array([table[t] for t in types], dtype=np.int64)
    n_d = int(counts.sum())
    # Intercambiar un ejemplo de tipo (verdad t, A dice i, B dice j): A pasa de i a j.
    shift = np.zeros((len(types), k * k))
    for r, (t, i, j) in enumerate(types):
        shift[r, t * k + i] -= 1.0
        shift[r, t * k + j] += 1.0
    both = (conf_a + conf_b).ravel()

    def own(conf: np.ndarray) -> np.ndarray:
        # Cada «modelo», también los reordenados, con sus clases: la unión de y_true y sus
        # predicciones, como scikit-learn con ese modelo solo (importa en las medias macro).
        return np.asarray(_evaluate(conf, metric, pos, _label_set(conf)), dtype=float)

    def values(x: np.ndarray) -> np.ndarray:
        ca = conf_a.ravel() + x @ shift
        cb = both - ca
        return own(ca.reshape(-1, k, k)) - own(cb.reshape(-1, k, k))

    metric_a = float(own(conf_a))
    metric_b = float(own(conf_b))
    observed, gamma = _observed(metric_a, metric_b)
    n_outcomes = math.prod(int(c) + 1 for c in counts)
    if method == "exact" and n_outcomes > MAX_RESAMPLES:
        raise ValueError(
            f"`method` = 'exact' necesita recorrer {n_outcomes} combinaciones de conteos "
            f"({n_d} ejemplos discordantes de {len(types)} tipos) y el máximo es "
            f"{MAX_RESAMPLES}; use method='monte-carlo' (o 'auto'), que estima el valor p "
            "y da su error de Monte Carlo."
        )
    # Recorrer la rejilla cuesta una fila por combinación; Monte Carlo, una por reordenación.
    use_exact = method == "exact" or (method == "auto" and n_outcomes <= n_resamples)
    per_row = 2 * k * k + len(types) + 1
    _check_work(n_outcomes if use_exact else n_resamples, per_row, use_exact,
                f"Con {k} clases cada reordenación cuesta {k}² celdas de la matriz de "
                "confusión.")
    block = max(1, _BLOCK_CELLS // per_row)
    name = metric
    if use_exact:
        # Rejilla de todos los conteos posibles; peso = producto de binomiales Bin(n_t, 1/2).
        grids = [np.arange(int(c) + 1) for c in counts]
        logw = [stats.binom.logpmf(g, int(c), 0.5) for g, c in zip(grids, counts)]
        p = 0.0
        flat = np.arange(n_outcomes, dtype=np.int64)
        dims = [int(c) + 1 for c in counts]
        for start in range(0, n_outcomes, block):
            idx = np.unravel_index(flat[start:start + block], dims) if dims else ()
            x = np.column_stack(idx).astype(float) if dims else np.zeros((1, 0))
            w = np.exp(sum(lw[i] for lw, i in zip(logw, idx))) if dims else np.ones(1)
            p += float(np.sum(w[_exceed(values(x), observed, alternative, gamma)]))
        return _exact_result(name, metric_a, metric_b, p, n_d, alternative, ci_alpha)
    rng = np.random.default_rng(rng_seed)
    return _monte_carlo_result(
        name, metric_a, metric_b, values,
        lambda rows: rng.binomial(counts, 0.5, size=(rows, counts.size)).astype(float),
        n_resamples, block, n_d, alternative, ci_alpha)
