"""Tablas de puntuaciones N×k y sus rangos, con la regla de empates del curso.

La entrada de las pruebas de varios algoritmos es una tabla N×k (filas = conjuntos de datos,
columnas = algoritmos), un ``DataFrame`` o un arreglo. Aquí se valida y se convierte en rangos por
fila (1 = el mejor; empates con el rango medio). Antes de ordenar, los valores que solo difieren
por ruido de coma flotante se consideran empatados: dos puntuaciones de una fila empatan si las
separa como mucho 1e-12 veces la mayor de la fila (en valor absoluto), y una diferencia ``a - b``
es nula si no pasa de 1e-12 veces ``max(|a|, |b|)``. La tolerancia es relativa: multiplicar la
tabla por una constante positiva no cambia ningún resultado.

* :func:`average_ranks`: el rango medio de cada algoritmo.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy import stats

from course_utils._validation import (
    check_bool,
    check_score_table,
)

__all__ = [
    "average_ranks",
]

_ALTERNATIVES = ("two-sided", "greater", "less")


# ---------------------------------------------------------------------------
# Validación de la tabla de puntuaciones
# ---------------------------------------------------------------------------


def _score_table(
    scores: object,
    name: str = "scores",
    *,
    min_rows: int = 2,
    min_cols: int = 2,
    allow_missing: bool = False,
) -> tuple[np.ndarray, list[str], list[str]]:
    """Valida una tabla N×k y devuelve (valores, nombres de filas, nombres de columnas).

    La valida :func:`course_utils._validation.check_score_table` (números reales, sin
    booleanos ni complejos). Con ``allow_missing=True`` las celdas faltantes (NaN, ``None``,
    ``pd.NA``, celdas enmascaradas de ``numpy.ma``) se aceptan y se devuelven como NaN; los
    infinitos se siguen rechazando.
    """
    values, index, columns = check_score_table(scores, name, allow_missing=allow_missing)
    if columns is None:
        rows = [f"conjunto {i + 1}" for i in range(values.shape[0])]
        cols = [f"A{j + 1}" for j in range(values.shape[1])]
    else:
        rows = [str(i) for i in index]
        cols = [str(c) for c in columns]
        if len(set(cols)) != len(cols):
            raise ValueError(f"`{name}` tiene nombres de columnas repetidos al pasarlos a texto.")
    n, k = values.shape
    if n < min_rows or k < min_cols:
        raise ValueError(
            f"`{name}` debe tener al menos {min_rows} filas (conjuntos de datos) y "
            f"{min_cols} columnas (algoritmos); se recibió una tabla de forma {values.shape}."
        )
    return values, rows, cols


#: Tolerancia relativa de los empates. Dos puntuaciones de una fila se consideran empatadas
#: si, ordenadas, las separa como mucho ``_TIE_RTOL`` veces la mayor puntuación de la fila en
#: valor absoluto; una diferencia ``a - b`` es nula si no pasa de ``_TIE_RTOL`` veces
#: ``max(|a|, |b|)``. Es ruido de coma flotante (la media de cinco particiones con 541
#: aciertos de 600 puede salir 0.9016666666666667 o 0.9016666666666666 según el orden de la
#: suma), no una victoria. Al ser relativa, multiplicar la tabla por una constante positiva
#: no cambia ningún rango ni ningún valor p.
_TIE_RTOL = 1e-12


def _merge_close(values: np.ndarray, tol: np.ndarray | float) -> np.ndarray:
    """Funde los valores casi iguales de cada fila (último eje) en el menor de su grupo.

    Se ordena cada fila y se abre un grupo nuevo donde el salto entre dos valores
    consecutivos supera ``tol`` (uno por fila, o uno común). Dos valores a 1 ulp quedan
    siempre en el mismo grupo, sin fronteras de redondeo que los separen.
    """
    v = np.atleast_2d(np.asarray(values, dtype=float))
    n = v.shape[-1]
    order = np.argsort(v, axis=-1, kind="stable")
    sv = np.take_along_axis(v, order, axis=-1)
    tol = np.broadcast_to(np.asarray(tol, dtype=float).reshape(-1, 1), (v.shape[0], 1))
    new_group = np.concatenate(
        [np.ones((v.shape[0], 1), dtype=bool), np.diff(sv, axis=-1) > tol], axis=-1
    )
    first = np.maximum.accumulate(np.where(new_group, np.arange(n), 0), axis=-1)
    out = np.empty_like(v)
    np.put_along_axis(out, order, np.take_along_axis(sv, first, axis=-1), axis=-1)
    return out.reshape(np.shape(values))


def _median(values: np.ndarray) -> float:
    """Mediana sin desbordamiento: la de numpy, salvo que la media de los dos centrales
    desborde (dos valores cercanos a 1e308), que se calcula como la suma de sus mitades."""
    v = np.sort(np.asarray(values, dtype=float).ravel())
    mid = v.size // 2
    if v.size % 2:
        return float(v[mid])
    low, high = float(v[mid - 1]), float(v[mid])
    total = low + high
    return total / 2 if math.isfinite(total) else low / 2 + high / 2


def _differences(a: np.ndarray, b: np.ndarray, what: str = "`scores_a - scores_b`") -> np.ndarray:
    """``a - b`` con los empates de :data:`_TIE_RTOL`; rechaza las que desbordan.

    Las diferencias nulas salvo ruido (relativo a ``max(|a|, |b|)`` de cada pareja) pasan
    a ser 0, y las de magnitud casi igual se funden (relativo a la mayor puntuación).
    """
    with np.errstate(over="ignore", invalid="ignore"):
        d = a - b
    if not np.all(np.isfinite(d)):
        raise ValueError(
            f"Las diferencias {what} desbordan la coma flotante (valores de magnitud cercana "
            "a 1e308); reescale las puntuaciones."
        )
    pair_scale = np.maximum(np.abs(a), np.abs(b))
    d = np.where(np.abs(d) <= _TIE_RTOL * pair_scale, 0.0, d)
    scale = float(pair_scale.max()) if pair_scale.size else 0.0
    return np.sign(d) * _merge_close(np.abs(d), _TIE_RTOL * scale)


def _resolution(values: np.ndarray) -> float:
    """El menor paso decimal con que están escritos los valores: 1e-6 si el que más decimales
    tiene lleva seis (0.966667), 0 si todos son enteros (se toman como exactos).

    Los decimales son los de la escritura más corta que lee cada número de vuelta
    (``numpy.format_float_positional(unique=True)``): los de la celda de un CSV, o los de
    ``round(x, 6)`` en memoria. Un número calculado sin redondear lleva unos 16 dígitos
    significativos, y su paso queda por debajo de la tolerancia de coma flotante.
    """
    v = np.asarray(values, dtype=float).ravel()
    decimals = 0
    for x in np.unique(v[np.isfinite(v)]):
        text = np.format_float_positional(x, unique=True, trim="-")
        decimals = max(decimals, len(text.partition(".")[2]))
    return 10.0**-decimals if decimals else 0.0


def _tie_at_resolution(means: np.ndarray, step: float) -> tuple[np.ndarray, int]:
    """Funde en cada fila las medias que difieren en menos de un paso ``step`` de los datos
    (:func:`_resolution`); devuelve las medias y cuántas celdas cambiaron más que el ruido de
    coma flotante (el que ya funde :data:`_TIE_RTOL`).

    Cada valor escrito con ese paso está redondeado hasta medio paso, y la media de varios
    también: dos medias pueden separarse hasta un paso sin que los valores sin redondear
    difieran. Una diferencia menor que un paso es, a la resolución de los datos, un empate;
    un paso entero (o más) no lo es. Sin paso (enteros) o con uno por debajo del ruido de coma
    flotante (:data:`_TIE_RTOL`) no se funde nada. Las celdas vacías (NaN) siguen vacías.
    """
    v = np.array(means, dtype=float)
    seen = np.isfinite(v)
    scale = float(np.max(np.abs(v[seen]))) if seen.any() else 0.0
    if step <= _TIE_RTOL * scale or not seen.any():
        return v, 0
    filler = np.where(seen, v, np.inf)  # las vacías, al final de cada fila y en su grupo
    with np.errstate(invalid="ignore"):  # inf − inf entre las vacías: no cuenta
        merged = np.where(seen, _merge_close(filler, step * (1 - 1e-6)), np.nan)
    changed = int(np.sum(seen & (np.abs(merged - v) > _TIE_RTOL * scale)))  # no el ruido
    return merged, changed


def _ranks(values: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """Rangos por fila (1 = mejor), empates con el rango medio (``scipy.stats.rankdata``).

    Antes, los valores casi iguales de cada fila se funden (:data:`_TIE_RTOL`).
    """
    v = _merge_close(values, _TIE_RTOL * np.max(np.abs(values), axis=1))
    return stats.rankdata(-v if higher_is_better else v, axis=1, method="average")


def average_ranks(scores: object, *, higher_is_better: bool = True) -> pd.Series:
    """Rango medio de cada algoritmo sobre los conjuntos (1 = el mejor).

    En cada fila el mejor algoritmo recibe el rango 1, el segundo el 2, etc.; los empates
    reciben la media de los rangos que ocupan (``scipy.stats.rankdata(method="average")``).

    Parámetros
    ----------
    scores : DataFrame o array_like de forma (N, k)
        Filas = conjuntos de datos, columnas = algoritmos.
    higher_is_better : bool, por defecto True
        ``False`` para errores (menos es mejor).

    Devuelve
    --------
    pandas.Series
        Rango medio de cada algoritmo, en el orden de las columnas.

    Ejemplos
    --------
    >>> average_ranks([[0.9, 0.8, 0.8], [0.7, 0.9, 0.6]]).round(2).tolist()
    [1.5, 1.75, 2.75]
    """
    higher_is_better = check_bool(higher_is_better, "higher_is_better")
    values, _, cols = _score_table(scores, min_rows=1)
    return pd.Series(_ranks(values, higher_is_better).mean(axis=0), index=cols, name="rango medio")
