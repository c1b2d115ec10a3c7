r"""Varios clasificadores sobre el mismo conjunto de prueba: la Q de Cochran y McNemar por parejas.

* :func:`cochran_q_test`: :math:`k` clasificadores, acierto o fallo en cada ejemplo: la
  prueba Q de Cochran (1950; ``statsmodels.stats.contingency_tables.cochrans_q``) y,
  después, McNemar por parejas (:func:`course_utils.mcnemar_test`, *mid-p* por defecto, la
  decisión del curso) con el ajuste de Holm.

Referencias
-----------
Cochran, W. G. (1950). The comparison of percentages in matched samples. *Biometrika*,
37(3/4), 256-266.
Holm, S. (1979). A simple sequentially rejective multiple test procedure. *Scandinavian
Journal of Statistics*, 6(2), 65-70.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from statsmodels.stats.contingency_tables import cochrans_q

from course_utils._results import _fmt_p
from course_utils._validation import (
    MAX_RESAMPLE_CELLS,
    check_alpha,
    check_choice,
    check_finite_result,
    describe,
)
from course_utils._validation_labels import check_label_arrays
from course_utils.two_models.mcnemar import mcnemar_test
from course_utils.many_models.posthoc import adjust_pvalues

__all__ = [
    "CochranQResult",
    "cochran_q_test",
    "MAX_COCHRAN_MODELS",
]

# ---------------------------------------------------------------------------
# Q de Cochran y McNemar por parejas
# ---------------------------------------------------------------------------

#: Mayor número de clasificadores de :func:`cochran_q_test` (4950 parejas).
MAX_COCHRAN_MODELS: int = 100


@dataclass(frozen=True)
class CochranQResult:
    """Resultado de :func:`cochran_q_test`.

    Atributos
    ---------
    statistic : float
        Q de Cochran.
    df : int
        Grados de libertad, ``k - 1``.
    pvalue : float
        Valor p con la ji cuadrado de ``k - 1`` grados de libertad.
    n_examples : int
        Ejemplos de prueba.
    accuracies : pandas.Series
        Exactitud de cada modelo.
    comparisons : pandas.DataFrame
        Una fila por pareja: ``a``, ``b``, ``only_a`` (ejemplos en que A acierta y B falla:
        la :math:`b` de McNemar en el curso), ``only_b`` (A falla y B acierta: la :math:`c`),
        ``difference`` (exactitud de A menos la de B, :math:`(b - c)/n`), ``ci_low`` y
        ``ci_high`` (intervalo de Bonett y Price de :func:`course_utils.mcnemar_test`,
        sin ajustar), ``pvalue`` (McNemar, sin ajustar), ``pvalue_adjusted`` (Holm) y
        ``reject`` (``pvalue_adjusted <= alpha``, como ``multipletests``).
    alpha : float
    mcnemar_method : str
        Versión de McNemar de las parejas (``"mid-p"`` por defecto).
    note : str
    """

    statistic: float
    df: int
    pvalue: float
    n_examples: int
    accuracies: pd.Series = field(repr=False)
    comparisons: pd.DataFrame = field(repr=False)
    alpha: float
    mcnemar_method: str
    note: str = ""

    def summary(self) -> str:
        """Resumen en español con 4 decimales. Devuelve el texto (no lo imprime)."""
        k = len(self.accuracies)
        lines = [
            f"Prueba Q de Cochran: {k} clasificadores sobre los mismos {self.n_examples} ejemplos",
            f"  Q = {self.statistic:.4f} (gl = {self.df}); valor p = {_fmt_p(self.pvalue)}",
            "  exactitudes: "
            + ", ".join(f"{name} {acc:.4f}" for name, acc in self.accuracies.items()),
            f"  parejas: McNemar {self.mcnemar_method} con ajuste de Holm, α = {self.alpha:g}",
            "  en «A vs B», b = ejemplos en que A acierta y B falla, c = en que A falla y B "
            "acierta; diferencia = (b − c)/n",
        ]
        for row in self.comparisons.itertuples():
            mark = "sí" if row.reject else "no"
            lines.append(
                f"  {row.a} vs {row.b}: diferencia {row.difference:+.4f} "
                f"(b = {row.only_a}, c = {row.only_b}), "
                f"p ajustado = {_fmt_p(row.pvalue_adjusted)}, ¿significativa? {mark}"
            )
        if self.note:
            lines.append(f"  nota: {self.note}")
        return "\n".join(lines)


def _prediction_columns(predictions: object) -> dict[str, object]:
    """Columnas de ``predictions`` con el nombre que tendrán en los mensajes."""
    if isinstance(predictions, pd.DataFrame):
        if predictions.columns.duplicated().any():
            dup = sorted({str(c) for c in predictions.columns[predictions.columns.duplicated()]})
            raise ValueError(f"`predictions` tiene columnas (modelos) repetidas: {dup}.")
        return {str(c): predictions[c] for c in predictions.columns}
    if isinstance(predictions, Mapping):
        keys = [str(k) for k in predictions]
        if len(set(keys)) != len(keys):
            raise ValueError("`predictions` tiene nombres de modelo repetidos al pasarlos a texto.")
        return {str(k): v for k, v in predictions.items()}
    if predictions is None or isinstance(predictions, (str, bytes, set)):
        raise TypeError(
            "`predictions` debe ser un DataFrame (una columna por modelo), un diccionario "
            "nombre -> predicciones o un arreglo de forma (n, k); se recibió "
            f"{describe(predictions)}."
        )
    try:  # un arreglo enmascarado se conserva: cada columna lleva su máscara al validador
        arr = predictions if np.ma.isMaskedArray(predictions) else np.asarray(predictions)
    except (ValueError, TypeError):
        raise ValueError(
            "`predictions` no se puede convertir en un arreglo de forma (n, k); se recibió "
            f"{describe(predictions)}."
        ) from None
    if arr.ndim != 2:
        raise ValueError(
            "`predictions` debe tener forma (n, k): una fila por ejemplo y una columna por "
            f"modelo; se recibió un arreglo de forma {arr.shape}."
        )
    return {f"A{j + 1}": arr[:, j] for j in range(arr.shape[1])}



def _pairwise_mcnemar(correct: np.ndarray, names: list, method: str, alpha: float) -> pd.DataFrame:
    """McNemar para cada pareja de columnas de aciertos (0/1), con los valores p de Holm."""
    n, k = correct.shape
    col = correct.sum(axis=0)
    both = correct.T.astype(float) @ correct.astype(float)  # aciertos conjuntos, exactos < 2**53
    rows, pvals = [], []
    for i, j in itertools.combinations(range(k), 2):
        n11 = int(round(both[i, j]))
        only_a = int(col[i]) - n11  # b: i acierta y j falla
        only_b = int(col[j]) - n11  # c: i falla y j acierta
        neither = n - n11 - only_a - only_b
        res = mcnemar_test([[n11, only_a], [only_b, neither]], method=method, alpha=alpha)
        pvals.append(res.pvalue)
        rows.append(dict(a=names[i], b=names[j], only_a=only_a, only_b=only_b,
                         difference=res.estimate,
                         ci_low=res.ci_low, ci_high=res.ci_high, statistic=res.statistic,
                         pvalue=res.pvalue))
    p_adj = adjust_pvalues(pvals, "holm")
    for r, pa, rj in zip(rows, p_adj, p_adj <= alpha):
        r["pvalue_adjusted"] = float(min(1.0, pa))
        r["reject"] = bool(rj)
    return pd.DataFrame(rows, columns=[
        "a", "b", "only_a", "only_b", "difference", "ci_low", "ci_high", "statistic", "pvalue",
        "pvalue_adjusted", "reject"])


def cochran_q_test(
    y_true: object,
    predictions: object,
    *,
    method: str = "mid-p",
    alpha: float = 0.05,
) -> CochranQResult:
    r"""Prueba Q de Cochran para k clasificadores sobre el mismo conjunto, y McNemar por parejas.

    Cada ejemplo :math:`i` da una fila de aciertos :math:`x_{ij} \in \{0, 1\}` (el modelo
    :math:`j` acierta o falla). Con :math:`C_j` los aciertos del modelo :math:`j`,
    :math:`R_i` los del ejemplo :math:`i` y :math:`T` el total,

    .. math::

        Q = (k - 1)\,\frac{k \sum_j C_j^2 - T^2}{k T - \sum_i R_i^2}
        \;\approx\; \chi^2_{k-1}

    bajo H0: los :math:`k` modelos tienen la misma exactitud (Cochran, 1950). Como en
    McNemar, los ejemplos en que todos aciertan o todos fallan no aportan nada; con
    :math:`k = 2`, Q es la ji cuadrado de McNemar sin corrección. Coincide con
    ``statsmodels.stats.contingency_tables.cochrans_q``.

    Después compara cada pareja con :func:`course_utils.mcnemar_test` (por defecto la
    *mid-p*, la versión que el curso elige de antemano) y ajusta los :math:`k(k-1)/2`
    valores p con Holm (:func:`course_utils.many_models.posthoc.adjust_pvalues`, comprobado con
    ``statsmodels.stats.multitest.multipletests``). Holm controla por
    sí solo la probabilidad de algún falso positivo entre las parejas; Q responde a otra
    pregunta, si hay alguna diferencia entre los :math:`k`.

    Parámetros
    ----------
    y_true : array_like de forma (n,)
        Clases verdaderas (números, booleanos o texto).
    predictions : DataFrame, dict o array_like de forma (n, k)
        Predicciones de los :math:`k \ge 2` modelos: las columnas de un ``DataFrame``, los
        valores de un diccionario ``nombre -> predicciones`` o las columnas de un arreglo
        (que se llaman ``A1``, ``A2``...).
    method : {"mid-p", "exact", "chi2", "chi2-corrected"}, por defecto "mid-p"
        Versión de McNemar de las parejas.
    alpha : float, por defecto 0.05
        Nivel del ajuste de Holm y confianza ``1 - alpha`` de los intervalos por pareja.

    Devuelve
    --------
    CochranQResult

    Lanza
    -----
    ValueError
        Si hay menos de 2 modelos o más de :data:`MAX_COCHRAN_MODELS`, longitudes
        distintas, valores faltantes, o el producto ejemplos × modelos pasa de
        :data:`course_utils._validation.MAX_RESAMPLE_CELLS`.
    TypeError
        Si se mezclan etiquetas de texto y numéricas.

    Ejemplos
    --------
    >>> y = [1, 1, 0, 0, 1, 0, 1, 1, 0, 1]
    >>> preds = {"A": [1, 1, 0, 0, 1, 0, 1, 1, 0, 1],
    ...          "B": [1, 0, 0, 1, 1, 0, 0, 1, 0, 1],
    ...          "C": [0, 0, 1, 1, 1, 0, 0, 1, 1, 0]}
    >>> res = cochran_q_test(y, preds)
    >>> round(res.statistic, 4), round(res.pvalue, 4)
    (10.5714, 0.0051)
    >>> res.comparisons[["a", "b", "only_a", "only_b", "reject"]].values.tolist()
    [['A', 'B', 3, 0, False], ['A', 'C', 7, 0, True], ['B', 'C', 4, 0, False]]
    """
    method = check_choice(method, "method", ("mid-p", "exact", "chi2", "chi2-corrected"))
    alpha = check_alpha(alpha)
    columns = _prediction_columns(predictions)
    k = len(columns)
    if k < 2 or k > MAX_COCHRAN_MODELS:
        raise ValueError(
            f"`predictions` debe tener entre 2 y {MAX_COCHRAN_MODELS} modelos (columnas); "
            f"se recibieron {k}."
        )
    names = list(columns)
    labelled = {"y_true": y_true}
    for j, name in enumerate(names):
        key = (f"predictions[{name!r}]" if isinstance(predictions, (pd.DataFrame, Mapping))
               else f"predictions[:, {j}]")
        labelled[key] = columns[name]
    try:  # solo para los límites y el aviso de la traspuesta; se valida después
        y_shape = np.shape(y_true) if not isinstance(y_true, (str, bytes)) else ()
    except (ValueError, TypeError):
        y_shape = ()
    size = int(np.prod(y_shape)) if y_shape else 0
    if size * k > MAX_RESAMPLE_CELLS:
        raise ValueError(
            f"`predictions` tiene {size} ejemplos × {k} modelos = {size * k} celdas; el "
            f"máximo es {MAX_RESAMPLE_CELLS}. Reduzca el número de modelos o use una "
            "muestra aleatoria del conjunto de prueba."
        )
    first = next(iter(columns.values()))
    rows = len(first) if hasattr(first, "__len__") else -1
    if (not isinstance(predictions, (pd.DataFrame, Mapping)) and rows != size and k == size
            and len(y_shape) == 1):
        raise ValueError(
            f"`predictions` tiene forma ({rows}, {k}) y `y_true` {size} ejemplos: parece que "
            "cada fila es un modelo. Se espera una fila por ejemplo y una columna por modelo; "
            "pase la traspuesta (`np.transpose(predictions)`) o un diccionario "
            "nombre -> predicciones."
        )
    arrays = check_label_arrays(**labelled)
    y = arrays[0]
    correct = np.column_stack([p == y for p in arrays[1:]]).astype(np.int64)
    n = correct.shape[0]
    col = correct.sum(axis=0)
    row = correct.sum(axis=1)
    total = int(col.sum())
    denominator = k * total - int(np.sum(row * row))
    note = ""
    if denominator == 0:
        statistic, pvalue = 0.0, 1.0
        note = (
            "en todos los ejemplos los modelos aciertan todos o fallan todos: no hay "
            "ninguna discrepancia, así que no hay evidencia de que difieran y el valor p "
            "es 1 (la fórmula de Q daría 0/0)."
        )
    else:
        q = cochrans_q(correct)
        statistic, pvalue = float(q.statistic), float(q.pvalue)
    pvalue = float(min(1.0, check_finite_result(pvalue, "el valor p de la Q de Cochran")))
    return CochranQResult(
        statistic=float(statistic),
        df=k - 1,
        pvalue=pvalue,
        n_examples=n,
        accuracies=pd.Series(col / n, index=names, name="exactitud"),
        comparisons=_pairwise_mcnemar(correct, names, method, alpha),
        alpha=alpha,
        mcnemar_method=method,
        note=note,
    )
