"""Validación de datos pareados y de etiquetas (se apoya en :mod:`course_utils._validation`).

Los datos pareados se emparejan por posición y dos objetos pandas con índices distintos se
rechazan (:func:`check_paired`); las etiquetas no admiten valores faltantes ni mezclas de texto y
números, y los enteros se comparan de forma exacta (:func:`check_label_arrays`). Este módulo
importa de ``course_utils._validation`` y no al revés, para que no haya un círculo de importaciones.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable

import numpy as np

from course_utils._validation import (
    MAX_COUNT, _refuse_masked, check_finite_array, check_same_length, check_shape, describe,
    show_value,
)

# ---------------------------------------------------------------------------
# Pares y etiquetas
# ---------------------------------------------------------------------------

_MISSING_TEXT = frozenset({"nan", "NaN", "<NA>", "NaT"})


def _is_pandas(value: object) -> bool:
    module = type(value).__module__
    return module.startswith("pandas") and hasattr(value, "index") and hasattr(value, "shape")


def check_paired(**objects: object) -> None:
    """Comprueba que los objetos pandas que se van a parear tienen el mismo índice.

    Política del paquete para entradas pareadas (predicciones de dos modelos sobre los
    mismos casos, puntuaciones de dos modelos en las mismas particiones, etc.): **se
    parean por posición**, el primer elemento con el primero, como hace NumPy. Si dos
    de los argumentos son ``pandas.Series`` o ``pandas.DataFrame`` con índices distintos
    (otro orden, otras etiquetas), parear por posición uniría filas que no se
    corresponden y daría un número erróneo sin avisar; parear por índice escondería
    que las filas llegan desordenadas. Por eso se rechazan con un ``ValueError`` que
    explica cómo alinearlos. Un arreglo de NumPy o una lista junto a un objeto pandas
    se parean por posición (no hay índice que comparar).

    Uso, antes de convertir los argumentos en arreglos::

        check_paired(scores_a=scores_a, scores_b=scores_b)
        check_paired(y_true=y_true, pred_a=pred_a, pred_b=pred_b)

    Parámetros
    ----------
    **objects
        Los argumentos tal como llegaron, con su nombre público como clave.

    Lanza
    -----
    ValueError
        Si dos objetos pandas tienen índices (o, en los DataFrame, columnas) distintos.
    """
    framed = [(name, obj) for name, obj in objects.items() if _is_pandas(obj)]
    for (name0, obj0), (name1, obj1) in zip(framed, framed[1:]):
        for attr, what in (("index", "índices distintos"), ("columns", "columnas distintas")):
            left, right = getattr(obj0, attr, None), getattr(obj1, attr, None)
            if left is None or right is None or left.equals(right):
                continue
            raise ValueError(
                f"`{name0}` y `{name1}` son objetos pandas con {what} "
                f"({_index_preview(left)} frente a {_index_preview(right)}). Los datos pareados se "
                "emparejan por posición, así que con índices distintos se compararían filas que "
                "no se corresponden. Alinéelos antes, por ejemplo con "
                f"`{name1}.loc[{name0}.index]` (mismas filas, mismo orden), o descarte los índices "
                "con `.reset_index(drop=True)` si de verdad van en el mismo orden."
            )


def _index_preview(index: object) -> str:
    values = list(index[:4])  # type: ignore[index]
    more = ", ..." if len(index) > 4 else ""  # type: ignore[arg-type]
    return "[" + ", ".join(repr(v) for v in values) + more + "]"


def _label_kind(value: object) -> str:
    if isinstance(value, (str, np.str_)):
        return "texto"
    if isinstance(value, (bool, np.bool_, numbers.Number)) and not isinstance(
        value, (complex, np.complexfloating)
    ):
        return "número"
    if isinstance(value, (bytes, np.bytes_)):
        return "bytes"
    return "otro"


def _first_missing(arr: np.ndarray) -> int | None:
    """Posición (en ``arr.ravel()``) del primer valor faltante (None, NaN, pd.NA, NaT o 'nan')."""
    if arr.dtype.kind == "f":
        bad = np.flatnonzero(np.isnan(arr))
    elif arr.dtype.kind in "US":
        bad = np.flatnonzero(np.isin(arr, list(_MISSING_TEXT)))
    elif arr.dtype == object:
        import pandas as pd

        flat = arr.ravel()
        bad = np.flatnonzero(
            pd.isna(flat) | np.array([isinstance(v, str) and v in _MISSING_TEXT for v in flat])
        )
    else:
        return None
    return int(bad[0]) if bad.size else None


def check_labels(values: object, name: str) -> np.ndarray:
    """Valida un vector de etiquetas de clase y lo devuelve como arreglo de NumPy 1-D.

    Acepta listas, arreglos y ``pandas.Series`` de números, booleanos o texto. Rechaza:

    * valores faltantes (``None``, ``NaN``, ``pd.NA``, ``NaT`` y los textos ``'nan'``,
      ``'NaN'``, ``'<NA>'`` y ``'NaT'`` en que se convierten al pasar a texto):
      ``ValueError`` que dice «valores faltantes» y la posición del primero; también las
      celdas enmascaradas de un arreglo ``numpy.ma`` (sin ninguna, es un arreglo normal);
    * números complejos (``TypeError``);
    * infinitos; mezcla de texto y números en el mismo vector (``TypeError``);
    * vectores vacíos o que no son 1-D.

    Las etiquetas de tipo ``object`` se convierten a texto, a números o a enteros de
    Python (exactos, si no caben en ``int64``). Para comparar varios vectores use
    :func:`check_label_arrays`, que además unifica sus tipos de forma exacta.
    """
    if values is None or isinstance(values, (str, bytes, dict, set)) or (
        not isinstance(values, (np.ndarray, Iterable)) and not _is_pandas(values)
    ):
        raise TypeError(
            f"`{name}` debe ser un vector de etiquetas (lista, arreglo o pandas.Series); "
            f"se recibió {describe(values)}."
        )
    if np.ma.isMaskedArray(values):
        _refuse_masked(values, name, "cada caso necesita una etiqueta")  # type: ignore[arg-type]
        values = np.ma.getdata(values)
    try:
        arr = np.asarray(values)
        if arr.dtype.kind in "US" and not isinstance(values, np.ndarray):
            # Una lista con texto y NaN se convierte en texto ('nan'): se mira el original.
            arr = np.asarray(values, dtype=object)
    except (ValueError, TypeError):  # listas irregulares
        raise ValueError(
            f"`{name}` no se puede convertir en un vector: sus elementos tienen longitudes "
            f"distintas; se recibió {describe(values)}."
        ) from None
    if arr.ndim != 1:
        raise ValueError(
            f"`{name}` debe ser un vector (1 dimensión) de etiquetas; se recibió un arreglo de "
            f"forma {arr.shape}."
        )
    if arr.size == 0:
        raise ValueError(f"`{name}` no puede estar vacío; se recibieron 0 etiquetas.")
    if arr.dtype.kind not in "biufUSO":
        raise TypeError(
            f"`{name}` debe contener números, booleanos o texto; se recibió un arreglo de tipo "
            f"{arr.dtype}."
        )
    pos = _first_missing(arr)
    if pos is not None:
        raise ValueError(
            f"`{name}` tiene valores faltantes (el primero en la posición {pos}: "
            f"{show_value(arr[pos])}); cada caso necesita una etiqueta. Elimine esos casos (en "
            "todos los argumentos a la vez) o impútelos antes."
        )
    if arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
        pos = int(np.flatnonzero(~np.isfinite(arr))[0])
        raise ValueError(
            f"`{name}` contiene infinitos (el primero en la posición {pos}); se esperaban "
            "etiquetas de clase."
        )
    if arr.dtype == object:
        arr = _from_object(arr, name)
    return arr


def _from_object(arr: np.ndarray, name: str) -> np.ndarray:
    """Convierte etiquetas de tipo object (ya sin faltantes) en un arreglo homogéneo."""
    kinds = [_label_kind(v) for v in arr]
    present = sorted(set(kinds))
    if "otro" in present:
        pos = kinds.index("otro")
        raise TypeError(
            f"`{name}` debe contener números, booleanos o texto; en la posición {pos} hay "
            f"{describe(arr[pos])}."
        )
    if len(present) > 1:
        first = {k: kinds.index(k) for k in present}
        detail = " y ".join(f"{k} (p. ej. posición {i}: {show_value(arr[i])})"
                            for k, i in first.items())
        raise TypeError(
            f"`{name}` mezcla tipos de etiqueta: {detail}. Todas las etiquetas deben ser del "
            "mismo tipo (por ejemplo, todas números o todas texto): '1' y 1 serían clases "
            "distintas."
        )
    if present == ["texto"]:
        return np.array([str(v) for v in arr])
    if present == ["bytes"]:
        return np.array([bytes(v) for v in arr])
    items = arr.tolist()
    if all(isinstance(v, (bool, np.bool_)) for v in items):
        return np.array(items, dtype=bool)
    if any(isinstance(v, float) and not math.isfinite(v) for v in items):
        pos = next(i for i, v in enumerate(items) if isinstance(v, float) and not math.isfinite(v))
        raise ValueError(
            f"`{name}` contiene infinitos (el primero en la posición {pos}); se esperaban "
            "etiquetas de clase."
        )
    if all(isinstance(v, numbers.Integral) for v in items):
        ints = [int(v) for v in items]
        if min(ints) >= -(2**63) and max(ints) < 2**63:
            return np.array(ints, dtype=np.int64)
        if min(ints) >= 0 and max(ints) < 2**64:
            return np.array(ints, dtype=np.uint64)
        out = np.empty(len(ints), dtype=object)
        out[:] = ints
        return out
    if all(not isinstance(v, numbers.Integral) or abs(int(v)) <= 2**53 for v in items):
        return np.array([float(v) for v in items])
    out = np.empty(len(items), dtype=object)  # enteros enormes junto a decimales: exactos
    out[:] = [v if isinstance(v, float) else int(v) for v in items]
    return out


def _kind_of(arr: np.ndarray) -> str:
    if arr.dtype.kind == "U":
        return "texto"
    if arr.dtype.kind == "S":
        return "bytes"
    return "número"  # b, i, u, f y object (números de Python exactos)


def _exact_common(arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Mismo tipo numérico para todos, sin redondeos (== y np.unique exactos)."""
    kinds = {a.dtype.kind for a in arrays}
    if len({a.dtype for a in arrays}) == 1 and kinds <= set("biufUS"):
        return arrays
    if kinds <= set("biu"):
        lo = min(int(a.min()) for a in arrays)
        hi = max(int(a.max()) for a in arrays)
        if -(2**63) <= lo and hi < 2**63:
            return [a.astype(np.int64, copy=False) for a in arrays]
        if lo >= 0:
            return [a.astype(np.uint64, copy=False) for a in arrays]
    elif kinds <= set("biuf"):
        big = max(
            (abs(int(a.min())), abs(int(a.max()))) for a in arrays if a.dtype.kind in "iu"
        ) if kinds & set("iu") else (0, 0)
        if max(big) <= 2**53:
            return [a.astype(float, copy=False) for a in arrays]
    # Enteros que no caben juntos en int64/float64: objetos de Python (comparación exacta).
    out = []
    for a in arrays:
        o = np.empty(a.size, dtype=object)
        o[:] = a.tolist()
        out.append(o)
    return out


def check_label_arrays(**arrays: object) -> list[np.ndarray]:
    """Valida varios vectores de etiquetas que se comparan entre sí (verdad y predicciones).

    Hace, en este orden: :func:`check_paired` (índices pandas iguales),
    :func:`check_labels` con cada uno (sin faltantes, 1-D, no vacíos), que tengan la
    misma longitud, que sean todos números (o booleanos) o todos texto —``'1'`` y
    ``1`` son clases distintas, así que mezclarlos nunca es lo que se quiere— y los
    convierte a un tipo común **sin redondeos**: enteros de cualquier tipo (``int8`` a
    ``uint64``) se comparan de forma exacta, también por encima de 2**53.

    Uso::

        y_true, y_pred = check_label_arrays(y_true=y_true, y_pred=y_pred)

    Devuelve
    --------
    list of numpy.ndarray
        Los vectores, en el orden de los argumentos, listos para compararse con ``==``
        o ``np.unique``.
    """
    check_paired(**arrays)
    checked = {name: check_labels(a, name) for name, a in arrays.items()}
    check_same_length(**checked)
    kinds = {name: _kind_of(a) for name, a in checked.items()}
    if len(set(kinds.values())) > 1:
        detail = ", ".join(f"`{name}` contiene {k}" for name, k in kinds.items())
        raise TypeError(
            f"Las etiquetas deben ser todas números o todas texto: {detail}. El texto '1' y el "
            "número 1 serían clases distintas y ningún caso coincidiría; convierta las "
            "etiquetas al mismo tipo (por ejemplo con `.astype(int)` o `.astype(str)`)."
        )
    return _exact_common(list(checked.values()))


# ---------------------------------------------------------------------------
# Tablas de puntuaciones
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# Tablas de McNemar y puntuaciones pareadas
# ---------------------------------------------------------------------------


def check_mcnemar_table(table: object, name: str = "table") -> np.ndarray:
    """Tabla 2×2 de McNemar: conteos enteros no negativos, no vacía, total ≤ :data:`MAX_COUNT`.

    Devuelve la tabla como ``int64``.
    """
    arr = check_finite_array(table, name, ndim=None)
    check_shape(arr, name, (2, 2))
    if np.any(arr < 0):
        raise ValueError(
            f"`{name}` debe contener conteos no negativos; se recibió {arr.tolist()}."
        )
    if np.any(arr != np.round(arr)):
        raise ValueError(
            f"`{name}` debe contener conteos enteros (número de ejemplos); "
            f"se recibió {arr.tolist()}."
        )
    if arr.max() > MAX_COUNT or arr.sum() > MAX_COUNT:
        raise ValueError(
            f"`{name}` debe contener conteos de como mucho 2**53 (unos 9·10^15) en total; se "
            f"recibió un total de {arr.sum():.3e}. Por encima, la coma flotante no representa "
            "todos los enteros y la prueba dejaría de ser exacta."
        )
    if arr.sum() == 0:
        raise ValueError(f"`{name}` no puede estar vacía: todos sus conteos son 0.")
    return arr.astype(np.int64)


def check_paired_scores(
    scores_a: object, scores_b: object, *, ndims: tuple[int, ...] = (1, 2)
) -> tuple[np.ndarray, np.ndarray]:
    """Puntuaciones pareadas de dos modelos: finitas, de la misma forma, (n,) o (r, k).

    Hace :func:`check_paired` (dos objetos pandas con índices distintos se rechazan: el
    pareo es por posición), :func:`check_finite_array` con cada argumento, y comprueba
    que el número de dimensiones está en ``ndims`` y que las formas coinciden.
    """
    check_paired(scores_a=scores_a, scores_b=scores_b)
    a = check_finite_array(scores_a, "scores_a", ndim=None)
    b = check_finite_array(scores_b, "scores_b", ndim=None)
    shapes = " o ".join("(n,)" if k == 1 else "(r, k)" for k in ndims)
    if 2 in ndims:
        shapes += " (r repeticiones de k particiones)"
    for arr, name in ((a, "scores_a"), (b, "scores_b")):
        if arr.ndim not in ndims:
            raise ValueError(
                f"`{name}` debe tener forma {shapes}; se recibió un arreglo de forma {arr.shape}."
            )
    if a.shape != b.shape:
        raise ValueError(
            "`scores_a` y `scores_b` deben tener la misma forma (puntuaciones pareadas, "
            f"partición a partición); `scores_a` tiene forma {a.shape} y `scores_b` {b.shape}."
        )
    return a, b
