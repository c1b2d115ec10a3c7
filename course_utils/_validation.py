"""Validador compartido de entradas para todas las funciones públicas.

Cada función pública de ``course_utils`` valida sus argumentos con estas
funciones antes de calcular nada. Los mensajes están en español y nombran el
argumento, lo que se esperaba y lo que llegó. La regla del paquete: cada entrada da
la respuesta correcta o un ``ValueError``/``TypeError`` en español; nunca un número
erróneo, un NaN presentado como resultado ni un mensaje en inglés de una biblioteca.

* Etiquetas de clase y datos pareados: en :mod:`course_utils._validation_labels`
  (:func:`check_labels`, :func:`check_label_arrays`, :func:`check_paired`), que importa de este
  módulo y no al revés.
* Límites: :data:`MAX_COUNT` (conteos, 2**53), :data:`MAX_RESAMPLES` y
  :data:`MAX_RESAMPLE_CELLS` (remuestras, por tiempo y memoria), con
  :func:`check_count` y :func:`check_n_resamples`.
* Paralelismo: :func:`check_n_jobs` (``n_jobs`` como en joblib y scikit-learn).
* Escalares: :func:`check_bool` (``True``/``False``), :func:`check_real` (real finito),
  :func:`check_half_width` (margen o ROPE δ de un intervalo (-δ, δ)) y
  :func:`check_random_state` (semilla).
* Tablas y puntuaciones pareadas: :func:`check_mcnemar_table` (tabla 2×2 de
  McNemar) y :func:`check_paired_scores` (puntuaciones de dos modelos en las mismas
  particiones).
* Resultados: :func:`check_finite_result` antes de devolver un número calculado.
"""

from __future__ import annotations

import decimal
import math
import numbers
import warnings
from collections.abc import Iterable, Sequence

import numpy as np

#: Mayor conteo (número de ejemplos, aciertos, celdas de una tabla) que se acepta:
#: 2**53 = 9 007 199 254 740 992. Por encima, un número de coma flotante de doble
#: precisión ya no representa todos los enteros, y scipy y statsmodels calculan en
#: coma flotante: el resultado dejaría de ser exacto sin que nada lo advirtiera.
MAX_COUNT: int = 2**53

#: Máximo de remuestras *bootstrap* (``n_resamples``). Con 10 000 remuestras el error
#: de Monte Carlo de los extremos de un intervalo al 95 % ya es mucho menor que la
#: anchura del intervalo; un millón lo reduce diez veces más y cuesta segundos con
#: medidas por nombre. Más remuestras no mejoran el intervalo (su incertidumbre la fija
#: el tamaño de la muestra, no ``B``) y solo gastan memoria y tiempo.
MAX_RESAMPLES: int = 1_000_000

#: Máximo de números que se guardan a la vez al remuestrear (``B`` por celdas de la
#: tabla o por casos en cada bloque): 2.5·10^8 números de 8 bytes son 2 GB.
MAX_RESAMPLE_CELLS: int = 250_000_000

__all__ = [
    "MAX_COUNT",
    "MAX_RESAMPLES",
    "MAX_RESAMPLE_CELLS",
    "check_alpha",
    "check_bool",
    "check_finite_result",
    "check_half_width",
    "check_mcnemar_table",
    "check_paired_scores",
    "check_random_state",
    "check_real",
    "check_test_train_ratio",
    "check_labels",
    "check_label_arrays",
    "check_n_resamples",
    "check_paired",
    "check_choice",
    "check_finite_array",
    "check_real_array",
    "check_score_table",
    "check_same_length",
    "check_count",
    "check_n_jobs",
    "check_positive_int",
    "check_shape",
    "check_probability",
    "describe",
    "show_value",
]


def show_value(value: object) -> str:
    """Un valor tal como se escribe en un mensaje: ``repr`` sin el tipo de NumPy.

    ``np.int64(3)`` se escribe ``3`` y ``np.str_('A')``, ``'A'``; las tuplas (claves de
    varias columnas), elemento a elemento.

    >>> show_value((np.int64(0), np.float64(0.5), np.str_("A")))
    "(0, 0.5, 'A')"
    """
    if isinstance(value, tuple) and type(value) is tuple:
        inner = ", ".join(show_value(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, np.generic):
        value = value.item()
    return repr(value)


def describe(value: object) -> str:
    """Descripción breve de un valor para los mensajes de error."""
    if isinstance(value, np.ndarray):
        return f"un arreglo de forma {value.shape} y tipo {value.dtype}"
    if isinstance(value, (list, tuple)):
        kind = "una lista" if isinstance(value, list) else "una tupla"
        if type(value) not in (list, tuple):
            kind += f" ({type(value).__name__})"
        return f"{kind} de longitud {len(value)}"
    text = show_value(value)
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
            f"se recibió {show_value(alpha)}."
        )
    return alpha


def check_bool(value: object, name: str) -> bool:
    """Comprueba que ``value`` es ``True`` o ``False`` (también ``numpy.bool_``); nada de 0/1."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"`{name}` debe ser True o False; se recibió {describe(value)}.")
    return bool(value)


def check_real(value: object, name: str, expected: str) -> float:
    """Comprueba que ``value`` es un número real finito (no booleano) y lo devuelve como float.

    ``expected`` describe en español lo que se esperaba, para el mensaje (por ejemplo
    ``"un número real mayor que 0"``).
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` debe ser {expected}; se recibió {describe(value)}.")
    try:
        value = float(value)
    except OverflowError:
        raise ValueError(
            f"`{name}` debe ser {expected}; se recibió un entero demasiado grande para "
            "representarlo como número real."
        ) from None
    if not math.isfinite(value):
        raise ValueError(f"`{name}` debe ser {expected}; se recibió {show_value(value)}.")
    return value


def check_half_width(value: object, name: str, expected: str, *, allow_zero: bool) -> float:
    """Semiancho δ de un intervalo (-δ, δ): margen de equivalencia o ROPE simétrica.

    Un número real finito mayor que 0 (o mayor o igual que 0 con ``allow_zero=True``);
    ``expected`` describe en español lo esperado, para el mensaje.
    """
    delta = check_real(value, name, expected)
    if delta < 0 or (delta == 0 and not allow_zero):
        raise ValueError(f"`{name}` debe ser {expected}; se recibió {show_value(delta)}.")
    return delta


_RATIO_HELP = (
    "un número real mayor que 0: el cociente tamaño de prueba / tamaño de entrenamiento "
    "(en validación cruzada de k particiones, 1/(k-1); por ejemplo 1/9 con k = 10 y 1 en 5×2)"
)


def check_test_train_ratio(value: object, *, required: bool = True) -> float:
    """Cociente :math:`n_2/n_1` (prueba / entrenamiento) de la corrección de Nadeau y Bengio.

    Un número real finito mayor que 0. Con ``required=False`` (pruebas sin corregir) el
    cociente no se usa: debe ser ``None`` y se devuelve 0.0 (sin término de corrección); un
    cociente dado se rechaza, para que nadie crea que se ha aplicado.
    """
    if not required:
        if value is None:
            return 0.0
        raise ValueError(
            "Con `corrected=False` (prueba t pareada ingenua) `test_train_ratio` debe ser None; "
            f"se recibió {describe(value)}. La prueba ingenua no usa el cociente "
            "prueba/entrenamiento: su error estándar es sqrt(var/n). Pase test_train_ratio=None "
            "para la prueba ingenua o corrected=True para la corregida de Nadeau y Bengio."
        )
    ratio = check_real(value, "test_train_ratio", _RATIO_HELP)
    if ratio <= 0:
        raise ValueError(
            f"`test_train_ratio` debe ser {_RATIO_HELP}; se recibió {show_value(ratio)}."
        )
    return ratio


def check_random_state(
    value: object,
    name: str = "random_state",
    *,
    kinds: tuple[type, ...] = (np.random.Generator,),
    maximum: int | None = MAX_COUNT,
) -> object:
    """Semilla: ``None``, un entero en ``[0, maximum]`` o un objeto de uno de los tipos ``kinds``.

    Devuelve el valor sin cambios (un entero, como ``int`` de Python), listo para
    ``numpy.random.default_rng`` o ``numpy.random.SeedSequence``. ``maximum=None`` no
    pone tope (NumPy admite semillas enteras de cualquier tamaño).
    """
    if value is None or isinstance(value, kinds):
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        options = ", ".join(f"un numpy.random.{k.__name__}" for k in kinds)
        raise TypeError(
            f"`{name}` debe ser None, un entero no negativo o {options}; "
            f"se recibió {describe(value)}."
        )
    if maximum is None:
        if value < 0:
            raise ValueError(
                f"`{name}` debe ser un entero mayor o igual que 0; se recibió {_short_int(int(value))}."
            )
        return int(value)
    return check_count(value, name, minimum=0, maximum=maximum)


def check_probability(value: object, name: str, *, closed: bool = True) -> float:
    """Comprueba que ``value`` es un número real en [0, 1] (o en (0, 1) si ``closed=False``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` debe ser un número real entre 0 y 1; se recibió {describe(value)}.")
    value = float(value)
    ok = 0.0 <= value <= 1.0 if closed else 0.0 < value < 1.0
    if not ok or not np.isfinite(value):
        interval = "[0, 1]" if closed else "(0, 1)"
        raise ValueError(f"`{name}` debe estar en {interval}; se recibió {show_value(value)}.")
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
    allow_bool: bool = False,
) -> np.ndarray:
    """Arreglo ``float`` de números reales finitos, sin celdas faltantes y no vacío.

    Es :func:`check_real_array` con ``allow_missing=False``: sin booleanos (salvo
    ``allow_bool=True``, por ejemplo para los resultados «rechaza / no rechaza» de una
    simulación), sin complejos, sin NaN ni celdas enmascaradas. ``ndim`` es el número de
    dimensiones esperado (``None`` acepta cualquiera) y ``min_size`` el mínimo de elementos.
    """
    return check_real_array(values, name, ndim=ndim, min_size=min_size, allow_bool=allow_bool)


def check_real_array(
    values: object,
    name: str,
    *,
    ndim: int | None = 1,
    min_size: int = 1,
    allow_missing: bool = False,
    allow_bool: bool = False,
) -> np.ndarray:
    """Puntuaciones, valores p, conteos o tablas de números reales: arreglo ``float`` validado.

    La regla del paquete para los datos numéricos (la siguen todas las funciones públicas):

    * **Números reales finitos**, de cualquier tipo entero o de coma flotante de NumPy, o
      números de Python en una lista o en un arreglo de tipo ``object`` (por ejemplo, una
      columna de pandas leída como ``object``): se convierten a ``float``. Los enteros
      demasiado grandes para un ``float`` y los infinitos se rechazan.
    * **Booleanos, rechazados** (``TypeError``): True/False no es una puntuación, un valor p
      ni un conteo, y pasarlos a 1/0 escondería el error (unas predicciones donde se
      esperaban probabilidades, una máscara donde se esperaban valores p). Las etiquetas y
      predicciones de un problema binario sí pueden ser booleanas: las valida
      :func:`check_labels`. Con ``allow_bool=True`` se aceptan como 1.0 y 0.0.
    * **Complejos, siempre rechazados** (``TypeError``), también con parte imaginaria nula.
    * **Celdas faltantes** (NaN, ``None``, ``pd.NA``, ``NaT`` o una celda enmascarada de
      un arreglo ``numpy.ma``): rechazadas con su posición (``ValueError``); con
      ``allow_missing=True`` se aceptan y se devuelven como NaN. Un arreglo enmascarado sin
      ninguna celda enmascarada es un arreglo normal.
    * Texto y otros objetos, rechazados (``TypeError``) con la posición del primero.

    Parámetros
    ----------
    values : array_like
        Los datos recibidos (lista, arreglo, arreglo enmascarado, ``pandas.Series`` o
        ``pandas.DataFrame``).
    name : str
        Nombre del argumento, para el mensaje de error.
    ndim : int o None, por defecto 1
        Número de dimensiones esperado (``None`` acepta cualquiera).
    min_size : int, por defecto 1
        Número mínimo de elementos.
    allow_missing : bool, por defecto False
        Acepta celdas faltantes (se devuelven como NaN).
    allow_bool : bool, por defecto False
        Acepta booleanos como 1.0 y 0.0.

    Devuelve
    --------
    numpy.ndarray
        Arreglo ``float64`` (NaN solo en las celdas faltantes, si se admiten).

    Ejemplos
    --------
    >>> check_real_array(np.array([0.8, 0.7], dtype=object), "scores").tolist()
    [0.8, 0.7]
    >>> check_real_array(np.ma.masked_array([0.8, 0.7], mask=[False, True]), "scores",
    ...                  allow_missing=True).tolist()
    [0.8, nan]
    """
    arr = _to_array(values, name)
    missing = None
    if np.ma.isMaskedArray(arr):
        if allow_missing:
            missing = np.ma.getmaskarray(arr)
        else:
            _refuse_masked(arr, name, "se esperaban solo números finitos")
        arr = np.ma.getdata(arr)
    _check_size(arr, name, ndim, min_size)
    if arr.dtype == object:
        arr, absent = _real_from_object(arr, name, allow_missing=allow_missing,
                                        allow_bool=allow_bool)
        missing = absent if missing is None else missing | absent
    elif arr.dtype.kind == "b":
        if not allow_bool:
            _refuse_bool(name)
        arr = arr.astype(float)
    elif arr.dtype.kind == "c":
        _refuse_complex(name, str(arr.dtype))
    elif arr.dtype.kind not in "iuf":
        raise TypeError(
            f"`{name}` debe contener números; se recibió un arreglo de tipo {arr.dtype}."
        )
    arr = arr.astype(float)
    if missing is not None:
        arr = np.where(missing, np.nan, arr)
    bad = ~np.isfinite(arr)
    if allow_missing:
        bad &= ~np.isnan(arr)
        if bad.any():
            pos = int(np.flatnonzero(bad.ravel())[0])
            raise ValueError(
                f"`{name}` contiene infinitos (el primero en la posición "
                f"{_position(pos, arr.shape)}); se esperaban puntuaciones finitas. Las celdas "
                "faltantes se marcan con NaN, no con infinito."
            )
    elif bad.any():
        n_bad = int(bad.sum())
        pos = int(np.flatnonzero(bad.ravel())[0])
        raise ValueError(
            f"`{name}` contiene {n_bad} valor(es) NaN (faltantes) o infinito(s), el primero en "
            f"la posición {_position(pos, arr.shape)}; se esperaban solo números finitos."
        )
    return arr


def _to_array(values: object, name: str) -> np.ndarray:
    """``np.asarray`` (o el arreglo enmascarado tal cual) con los errores en español."""
    if values is None or isinstance(values, (str, bytes, dict, set)):
        raise TypeError(f"`{name}` debe ser un arreglo o una lista; se recibió {describe(values)}.")
    if not isinstance(values, np.ndarray) and not isinstance(values, Iterable) and not np.isscalar(values):
        raise TypeError(f"`{name}` debe ser un arreglo o una lista; se recibió {describe(values)}.")
    if np.ma.isMaskedArray(values):
        return values  # type: ignore[return-value]
    try:
        with warnings.catch_warnings():
            # Una lista con ``np.ma.masked`` da NaN (faltante) con un aviso en inglés.
            warnings.filterwarnings("ignore", message=".*converting a masked element to nan")
            return np.asarray(values)
    except (ValueError, TypeError):  # listas irregulares, por ejemplo
        raise ValueError(
            f"`{name}` no se puede convertir en un arreglo rectangular{_ragged_detail(values)}; "
            f"se recibió {describe(values)}."
        ) from None


def _check_size(arr: np.ndarray, name: str, ndim: int | None, min_size: int) -> None:
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(
            f"`{name}` debe tener {ndim} dimensión(es); se recibió un arreglo de forma {arr.shape}."
        )
    if arr.size < min_size:
        what = "no puede estar vacío" if min_size == 1 else f"debe tener al menos {min_size} elementos"
        raise ValueError(f"`{name}` {what}; se recibieron {arr.size} elementos.")


def _refuse_masked(arr: np.ndarray, name: str, expected: str) -> None:
    """Error si un arreglo ``numpy.ma`` tiene alguna celda enmascarada (valor faltante)."""
    mask = np.ma.getmaskarray(arr)
    if mask.any():
        pos = int(np.flatnonzero(mask.ravel())[0])
        raise ValueError(
            f"`{name}` es un arreglo enmascarado (numpy.ma) con {int(mask.sum())} celda(s) "
            f"enmascarada(s), la primera en la posición {_position(pos, arr.shape)}: son valores "
            f"faltantes y aquí no se admiten; {expected}. Quite esos casos (en todos los "
            "argumentos a la vez) o rellénelos antes; ignorar la máscara usaría los valores "
            "escondidos."
        )


def _refuse_bool(name: str, where: str = "") -> None:
    raise TypeError(
        f"`{name}` debe contener números (puntuaciones, valores p o conteos); se recibieron "
        f"booleanos (True/False){where}. Un booleano no es una puntuación: quizá son "
        "predicciones o una máscara donde se esperaban probabilidades o medidas. Si de verdad "
        "son puntuaciones 0/1, conviértalas con `.astype(float)`."
    )


def _refuse_complex(name: str, what: str) -> None:
    raise TypeError(
        f"`{name}` debe contener números reales; se recibieron números complejos ({what}). "
        "Pase la parte real (`.real`) si es lo que quiere comparar."
    )


def _real_from_object(
    arr: np.ndarray, name: str, *, allow_missing: bool, allow_bool: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Arreglo ``object`` -> (``float``, máscara de faltantes), elemento a elemento."""
    import pandas as pd

    flat = arr.ravel()
    out = np.zeros(flat.size)
    missing = np.zeros(flat.size, dtype=bool)
    for i, v in enumerate(flat):
        if isinstance(v, (bool, np.bool_)):
            if not allow_bool:
                _refuse_bool(name, f" (en la posición {_position(i, arr.shape)})")
            out[i] = float(v)
        elif isinstance(v, (complex, np.complexfloating)):
            _refuse_complex(name, f"{show_value(v)} en la posición {_position(i, arr.shape)}")
        elif isinstance(v, (numbers.Real, decimal.Decimal)):
            try:
                value = float(v)
            except OverflowError:
                raise ValueError(
                    f"`{name}` contiene un número demasiado grande para representarlo como "
                    f"número real (en la posición {_position(i, arr.shape)})."
                ) from None
            if math.isnan(value):
                missing[i] = True
            else:
                out[i] = value
        elif v is None or v is np.ma.masked or v is pd.NA or v is pd.NaT:
            missing[i] = True
        else:
            raise TypeError(
                f"`{name}` debe contener números; en la posición {_position(i, arr.shape)} hay "
                f"{describe(v)}."
            )
    missing = missing.reshape(arr.shape)
    if missing.any() and not allow_missing:
        pos = int(np.flatnonzero(missing.ravel())[0])
        raise ValueError(
            f"`{name}` tiene valores faltantes (el primero en la posición "
            f"{_position(pos, arr.shape)}: {show_value(flat[pos])}); se esperaban solo números "
            "finitos."
        )
    return out.reshape(arr.shape), missing


def _ragged_detail(values: object) -> str:
    """Longitudes de las filas de una lista irregular, para el mensaje de error."""
    try:
        lengths = [len(row) for row in values]  # type: ignore[union-attr]
    except TypeError:
        return ""
    if len(set(lengths)) > 1:
        shown = lengths[:10]
        more = ", …" if len(lengths) > 10 else ""
        return (f": sus filas tienen longitudes distintas ({', '.join(map(str, shown))}{more}) "
                "y todas deben tener las mismas")
    return ""


def _position(flat_index: int, shape: tuple[int, ...]) -> str:
    """Posición legible: ``3`` en un vector, ``(1, 0)`` en una matriz."""
    if len(shape) <= 1:
        return str(flat_index)
    return str(tuple(int(i) for i in np.unravel_index(flat_index, shape)))


def check_same_length(**arrays: np.ndarray) -> int:
    """Comprueba que todos los arreglos dados tienen la misma longitud y la devuelve."""
    lengths = {name: len(arr) for name, arr in arrays.items()}
    if len(set(lengths.values())) > 1:
        detail = ", ".join(f"`{name}` tiene {n}" for name, n in lengths.items())
        raise ValueError(f"Los argumentos deben tener la misma longitud: {detail}.")
    return next(iter(lengths.values()))


def check_count(value: object, name: str, *, minimum: int = 0, maximum: int = MAX_COUNT) -> int:
    """Comprueba que ``value`` es un entero (conteo) en ``[minimum, maximum]``.

    Por defecto ``maximum`` es :data:`MAX_COUNT` (2**53): más allá, los cálculos en
    coma flotante de scipy y statsmodels dejarían de ser exactos.
    """
    ivalue = _integer(value, name)
    if ivalue < minimum:
        raise ValueError(
            f"`{name}` debe ser un entero mayor o igual que {minimum}; se recibió {_short_int(ivalue)}."
        )
    if ivalue > maximum:
        why = (
            " Por encima de 2**53 (unos 9·10^15) la coma flotante no representa todos los "
            "enteros y el cálculo dejaría de ser exacto."
            if maximum == MAX_COUNT
            else ""
        )
        raise ValueError(
            f"`{name}` debe ser un entero menor o igual que {_short_int(maximum)}; "
            f"se recibió {_short_int(ivalue)}.{why}"
        )
    return ivalue


def _integer(value: object, name: str) -> int:
    """``value`` como ``int`` si es un entero (también ``2.0`` o ``numpy.int64``).

    Si no lo es, ``TypeError`` en español.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` debe ser un entero; se recibió {describe(value)}.")
    if isinstance(value, numbers.Integral):
        return int(value)
    try:
        fvalue = float(value)
    except OverflowError:  # p. ej. fractions.Fraction(10**400, 3)
        fvalue = math.inf
    if not np.isfinite(fvalue) or fvalue != int(fvalue):
        raise TypeError(f"`{name}` debe ser un entero; se recibió {describe(value)}.")
    return int(fvalue)


#: Tope de ``n_jobs`` con los motores locales de joblib, por núcleo (con un mínimo de
#: :data:`MIN_LOCAL_JOBS_LIMIT`): joblib arranca a la vez todos los procesos o hilos que se
#: le piden, y miles de procesos agotarían la memoria de la máquina.
LOCAL_JOBS_PER_CORE: int = 4
MIN_LOCAL_JOBS_LIMIT: int = 64


def check_n_jobs(value: object, name: str = "n_jobs") -> int | None:
    """Comprueba ``n_jobs`` con la convención de joblib y scikit-learn.

    ``None`` (lo decide joblib: 1, o lo que fije el contexto ``joblib.parallel_config``
    activo; con un clúster de Dask, todos sus trabajadores), un entero positivo (trabajos en
    paralelo) o negativo (``-1`` todos los núcleos, ``-2`` todos menos uno...: joblib usa
    ``núcleos + 1 + n_jobs``, y al menos 1). ``0`` no significa nada y se rechaza. Con un
    motor local de joblib (``loky``, ``multiprocessing``, ``threading``, ``sequential``)
    se admiten como mucho ``max(64, 4 × núcleos)`` trabajos; con un motor de clúster
    (Dask, Ray...), sin tope. Devuelve ``None`` o el entero como ``int``.
    """
    if value is None:
        return None
    n_jobs = _integer(value, name)
    if n_jobs == 0:
        raise ValueError(
            f"`{name}` no puede ser 0: use 1 (sin paralelismo), un número de trabajos, -1 "
            "(todos los núcleos) o None (lo que diga joblib); se recibió 0."
        )
    if n_jobs > MIN_LOCAL_JOBS_LIMIT:
        from joblib import cpu_count
        from joblib._parallel_backends import (
            LokyBackend,
            MultiprocessingBackend,
            SequentialBackend,
            ThreadingBackend,
        )
        from joblib.parallel import get_active_backend

        local = {LokyBackend: "loky", MultiprocessingBackend: "multiprocessing",
                 SequentialBackend: "sequential", ThreadingBackend: "threading"}
        backend = local.get(type(get_active_backend()[0]))
        cores = cpu_count()
        limit = max(MIN_LOCAL_JOBS_LIMIT, LOCAL_JOBS_PER_CORE * cores)
        if backend is not None and n_jobs > limit:
            raise ValueError(
                f"`{name}` debe ser como mucho {limit} con el motor local de joblib "
                f"('{backend}', en una máquina de {cores} núcleos: "
                f"max({MIN_LOCAL_JOBS_LIMIT}, {LOCAL_JOBS_PER_CORE} × núcleos)), porque "
                f"arrancaría todos esos procesos a la vez; se recibió {_short_int(n_jobs)}. "
                "Use -1 para todos los núcleos, o un clúster "
                "(`joblib.parallel_config(backend='dask')`)."
            )
    return n_jobs


def _short_int(value: int) -> str:
    """Un entero para un mensaje: completo si es corto, en notación científica si no."""
    text = str(value)
    if len(text) <= 20:
        return text
    return f"un entero de {len(text.lstrip('-'))} cifras ({text[:4]}...)"


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


# ---------------------------------------------------------------------------
# Resultados
# ---------------------------------------------------------------------------


def check_finite_result(value: float, what: str, hint: str = "") -> float:
    """Lanza ``ValueError`` si un resultado calculado no es finito (nunca se devuelve NaN).

    Parámetros
    ----------
    value : float
        El número calculado.
    what : str
        Qué es, en español, para el mensaje (por ejemplo ``"el estadístico t"``).
    hint : str
        Causa probable y qué hacer, en español (por ejemplo, qué argumento revisar).
    """
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(
            f"No se puede calcular {what}: el cálculo da {show_value(value)}, que no es un "
            "número finito. "
            f"{hint}".rstrip()
        )
    return value


def check_n_resamples(value: object, name: str = "n_resamples", *, per_resample: int = 1) -> int:
    """Número de remuestras entre 2 y :data:`MAX_RESAMPLES` que además cabe en memoria.

    ``per_resample`` es cuántos números se guardan por remuestra (celdas de la tabla,
    o casos si se remuestrean índices); ``value * per_resample`` no puede pasar de
    :data:`MAX_RESAMPLE_CELLS` (2 GB de números de coma flotante).
    """
    b = check_count(value, name, minimum=2, maximum=MAX_COUNT)
    why = (
        "Con 10 000 remuestras el error de Monte Carlo de los extremos de un intervalo al 95 % "
        "ya es pequeño frente a su anchura; más remuestras no mejoran el intervalo, cuya "
        "incertidumbre la fija el tamaño de la muestra, y solo cuestan memoria y tiempo."
    )
    if b > MAX_RESAMPLES:
        raise ValueError(
            f"`{name}` debe estar entre 2 y {MAX_RESAMPLES} (lo razonable: de 2 000 a 10 000); "
            f"se recibió {_short_int(b)}. {why}"
        )
    if b * per_resample > MAX_RESAMPLE_CELLS:
        raise ValueError(
            f"`{name}` = {b} remuestras de {per_resample} números cada una necesitan "
            f"{b * per_resample * 8 / 1e9:.1f} GB de memoria; el máximo es "
            f"{MAX_RESAMPLE_CELLS * 8 / 1e9:.0f} GB, es decir, como mucho "
            f"{max(2, MAX_RESAMPLE_CELLS // per_resample)} remuestras con estos datos. {why}"
        )
    return b


def check_score_table(
    scores: object, name: str = "scores", *, allow_missing: bool = False
) -> tuple[np.ndarray, list | None, list | None]:
    """Tabla N×k de puntuaciones (filas = conjuntos de datos o unidades, columnas = algoritmos).

    Un ``pandas.DataFrame`` o un arreglo 2-D (también enmascarado) con la regla de
    :func:`check_real_array`: números reales finitos (también en columnas de tipo
    ``object``), sin booleanos ni complejos; las celdas faltantes (NaN, ``None``,
    ``pd.NA``, celdas enmascaradas) solo con ``allow_missing=True``, y entonces se devuelven
    como NaN. En un ``DataFrame`` se rechazan las columnas repetidas, y el mensaje de una
    columna que no es de puntuaciones la nombra.

    Devuelve
    --------
    (numpy.ndarray, list o None, list o None)
        Los valores (``float``), y las etiquetas de las filas y de las columnas de un
        ``DataFrame`` tal cual (``None`` si ``scores`` no es un ``DataFrame``).
    """
    import pandas as pd

    if not isinstance(scores, pd.DataFrame):
        return check_real_array(scores, name, ndim=2, allow_missing=allow_missing), None, None
    if scores.columns.duplicated().any():
        dup = sorted({str(c) for c in scores.columns[scores.columns.duplicated()]})
        raise ValueError(f"`{name}` tiene columnas (algoritmos) repetidas: {dup}.")
    kinds: dict[str, list[str]] = {}
    for col in scores.columns:
        kinds.setdefault(_column_kind(scores[col]), []).append(str(col))
    for kind, what in (("booleano", "booleanos (True/False)"), ("complejo", "números complejos"),
                       ("otro", "datos que no son números")):
        if kind in kinds:
            raise TypeError(
                f"`{name}` debe contener solo puntuaciones numéricas reales; las columnas "
                f"{kinds[kind]} contienen {what}."
                + (" Un booleano no es una puntuación; si de verdad son puntuaciones 0/1, "
                   "conviértalas con `.astype(float)`." if kind == "booleano" else "")
            )
    if all(scores[col].dtype != object for col in scores.columns):  # todas numéricas
        raw = scores.to_numpy(dtype=float, na_value=np.nan)
    else:  # columnas `object`: celda a celda (números de Python, None, pd.NA)
        raw = scores.to_numpy(dtype=object)
    values = check_real_array(raw, name, ndim=2, allow_missing=allow_missing)
    return values, list(scores.index), list(scores.columns)


def _column_kind(column: object) -> str:
    """«número», «booleano», «complejo» u «otro» para una columna de pandas."""
    import pandas as pd

    if pd.api.types.is_bool_dtype(column):
        return "booleano"
    if pd.api.types.is_complex_dtype(column):
        return "complejo"
    if pd.api.types.is_numeric_dtype(column):
        return "número"
    if column.dtype != object:  # type: ignore[attr-defined]
        return "otro"
    present = [v for v in column if not (v is None or v is np.ma.masked or pd.isna(v))]
    if any(isinstance(v, (bool, np.bool_)) for v in present):
        return "booleano"
    if any(isinstance(v, (complex, np.complexfloating)) for v in present):
        return "complejo"
    if all(isinstance(v, (numbers.Real, decimal.Decimal)) for v in present):
        return "número"
    return "otro"

