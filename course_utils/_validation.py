"""Validador compartido de entradas para todas las funciones públicas.

Cada función pública de ``course_utils`` valida sus argumentos con estas
funciones antes de calcular nada. Los mensajes están en español y nombran el
argumento, lo que se esperaba y lo que llegó.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence

import numpy as np

__all__ = [
    "check_alpha",
    "check_choice",
    "check_finite_array",
    "check_same_length",
    "check_count",
    "check_positive_int",
    "check_shape",
    "check_probability",
    "describe",
]


def describe(value: object) -> str:
    """Descripción breve de un valor para los mensajes de error."""
    if isinstance(value, np.ndarray):
        return f"un arreglo de forma {value.shape} y tipo {value.dtype}"
    if isinstance(value, (list, tuple)):
        return f"un(a) {type(value).__name__} de longitud {len(value)}"
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} (tipo {type(value).__name__})"


def check_alpha(alpha: object, name: str = "alpha") -> float:
    """Comprueba que ``alpha`` es un número real en el intervalo abierto (0, 1)."""
    if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real):
        raise TypeError(
            f"`{name}` debe ser un número real en (0, 1), por ejemplo 0.05; "
            f"se recibió {describe(alpha)}."
        )
    alpha = float(alpha)
    if not (0.0 < alpha < 1.0):
        raise ValueError(
            f"`{name}` debe estar en el intervalo abierto (0, 1), por ejemplo 0.05; "
            f"se recibió {alpha!r}."
        )
    return alpha


def check_probability(value: object, name: str, *, closed: bool = True) -> float:
    """Comprueba que ``value`` es un número real en [0, 1] (o en (0, 1) si ``closed=False``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` debe ser un número real entre 0 y 1; se recibió {describe(value)}.")
    value = float(value)
    ok = 0.0 <= value <= 1.0 if closed else 0.0 < value < 1.0
    if not ok or not np.isfinite(value):
        interval = "[0, 1]" if closed else "(0, 1)"
        raise ValueError(f"`{name}` debe estar en {interval}; se recibió {value!r}.")
    return value


def check_choice(value: object, name: str, choices: Sequence[str]) -> str:
    """Comprueba que ``value`` es una de las opciones permitidas (texto)."""
    if not isinstance(value, str) or value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise ValueError(f"`{name}` debe ser uno de {options}; se recibió {describe(value)}.")
    return value


def check_finite_array(
    values: object,
    name: str,
    *,
    ndim: int | None = 1,
    min_size: int = 1,
    dtype: type | None = float,
) -> np.ndarray:
    """Convierte ``values`` en un arreglo de NumPy y comprueba que es finito y no vacío.

    Parámetros
    ----------
    values : array_like
        Los datos recibidos.
    name : str
        Nombre del argumento, para el mensaje de error.
    ndim : int o None
        Número de dimensiones esperado (``None`` acepta cualquiera).
    min_size : int
        Número mínimo de elementos.
    dtype : tipo o None
        ``float`` exige datos numéricos; ``None`` acepta etiquetas de cualquier tipo
        (por ejemplo, clases como texto) y solo comprueba la forma y que no falten valores.
    """
    if values is None or isinstance(values, (str, bytes, dict, set)):
        raise TypeError(f"`{name}` debe ser un arreglo o una lista; se recibió {describe(values)}.")
    if not isinstance(values, np.ndarray) and not isinstance(values, Iterable) and not np.isscalar(values):
        raise TypeError(f"`{name}` debe ser un arreglo o una lista; se recibió {describe(values)}.")
    try:
        arr = np.asarray(values)
    except (ValueError, TypeError) as exc:  # listas irregulares, por ejemplo
        raise ValueError(
            f"`{name}` no se puede convertir en un arreglo rectangular ({exc}); "
            f"se recibió {describe(values)}."
        ) from None
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(
            f"`{name}` debe tener {ndim} dimensión(es); se recibió un arreglo de forma {arr.shape}."
        )
    if arr.size < min_size:
        what = "no puede estar vacío" if min_size == 1 else f"debe tener al menos {min_size} elementos"
        raise ValueError(f"`{name}` {what}; se recibieron {arr.size} elementos.")
    if dtype is float:
        if arr.dtype == bool:
            arr = arr.astype(float)
        if not np.issubdtype(arr.dtype, np.number):
            raise TypeError(
                f"`{name}` debe contener números; se recibió un arreglo de tipo {arr.dtype}."
            )
        arr = arr.astype(float)
        if not np.all(np.isfinite(arr)):
            n_bad = int(np.sum(~np.isfinite(arr)))
            raise ValueError(
                f"`{name}` contiene {n_bad} valor(es) NaN o infinito(s); se esperaban solo números finitos."
            )
    else:
        if arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
            raise ValueError(f"`{name}` contiene valores NaN o infinitos; se esperaban etiquetas válidas.")
        if arr.dtype == object and any(v is None for v in arr.ravel()):
            raise ValueError(f"`{name}` contiene valores None; se esperaban etiquetas válidas.")
    return arr


def check_same_length(**arrays: np.ndarray) -> int:
    """Comprueba que todos los arreglos dados tienen la misma longitud y la devuelve."""
    lengths = {name: len(arr) for name, arr in arrays.items()}
    if len(set(lengths.values())) > 1:
        detail = ", ".join(f"`{name}` tiene {n}" for name, n in lengths.items())
        raise ValueError(f"Los argumentos deben tener la misma longitud: {detail}.")
    return next(iter(lengths.values()))


def check_count(value: object, name: str, *, minimum: int = 0) -> int:
    """Comprueba que ``value`` es un entero (conteo) mayor o igual que ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` debe ser un entero; se recibió {describe(value)}.")
    if isinstance(value, numbers.Integral):
        ivalue = int(value)
    else:
        fvalue = float(value)
        if not np.isfinite(fvalue) or fvalue != int(fvalue):
            raise TypeError(f"`{name}` debe ser un entero; se recibió {value!r}.")
        ivalue = int(fvalue)
    if ivalue < minimum:
        raise ValueError(f"`{name}` debe ser un entero mayor o igual que {minimum}; se recibió {ivalue}.")
    return ivalue


def check_positive_int(value: object, name: str) -> int:
    """Comprueba que ``value`` es un entero estrictamente positivo."""
    return check_count(value, name, minimum=1)


def check_shape(arr: np.ndarray, name: str, shape: tuple[int | None, ...]) -> np.ndarray:
    """Comprueba la forma de ``arr``; ``None`` en ``shape`` acepta cualquier tamaño en ese eje."""
    ok = arr.ndim == len(shape) and all(s is None or s == a for s, a in zip(shape, arr.shape))
    if not ok:
        expected = "(" + ", ".join("n" if s is None else str(s) for s in shape) + ")"
        raise ValueError(f"`{name}` debe tener forma {expected}; se recibió un arreglo de forma {arr.shape}.")
    return arr
