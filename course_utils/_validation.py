"""Validador compartido de entradas para todas las funciones públicas.

Cada función pública de ``course_utils`` valida sus argumentos con estas
funciones antes de calcular nada. Los mensajes están en español y nombran el
argumento, lo que se esperaba y lo que llegó. La regla del paquete: cada entrada da
la respuesta correcta o un ``ValueError``/``TypeError`` en español; nunca un número
erróneo, un NaN presentado como resultado ni un mensaje en inglés de una biblioteca.

* Etiquetas de clase: :func:`check_labels` (una) y :func:`check_label_arrays` (varias
  que se comparan: verdad y predicciones). Rechazan valores faltantes (con su
  posición) y la mezcla de texto y números; comparan enteros de cualquier tipo de forma
  exacta.
* Datos pareados: :func:`check_paired`. Se parean por posición y dos objetos pandas
  con índices distintos se rechazan.
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

import math
import numbers
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
    "check_same_length",
    "check_count",
    "check_n_jobs",
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
        raise ValueError(f"`{name}` debe ser {expected}; se recibió {value!r}.")
    return value


def check_half_width(value: object, name: str, expected: str, *, allow_zero: bool) -> float:
    """Semiancho δ de un intervalo (-δ, δ): margen de equivalencia o ROPE simétrica.

    Un número real finito mayor que 0 (o mayor o igual que 0 con ``allow_zero=True``);
    ``expected`` describe en español lo esperado, para el mensaje.
    """
    delta = check_real(value, name, expected)
    if delta < 0 or (delta == 0 and not allow_zero):
        raise ValueError(f"`{name}` debe ser {expected}; se recibió {delta!r}.")
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
        raise ValueError(f"`test_train_ratio` debe ser {_RATIO_HELP}; se recibió {ratio!r}.")
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
    except (ValueError, TypeError):  # listas irregulares, por ejemplo
        raise ValueError(
            f"`{name}` no se puede convertir en un arreglo rectangular{_ragged_detail(values)}; "
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
        pos = _first_missing(arr) if arr.dtype == object else None
        if pos is not None:
            raise ValueError(
                f"`{name}` tiene valores faltantes (el primero en la posición "
                f"{_position(pos, arr.shape)}: {arr.ravel()[pos]!r}); se esperaban solo números "
                "finitos."
            )
        if not np.issubdtype(arr.dtype, np.number):
            raise TypeError(
                f"`{name}` debe contener números; se recibió un arreglo de tipo {arr.dtype}."
            )
        if np.iscomplexobj(arr):
            raise TypeError(
                f"`{name}` debe contener números reales; se recibió un arreglo de números "
                f"complejos ({arr.dtype}). Pase la parte real (`.real`) si es lo que quiere comparar."
            )
        arr = arr.astype(float)
        if not np.all(np.isfinite(arr)):
            n_bad = int(np.sum(~np.isfinite(arr)))
            pos = int(np.flatnonzero(~np.isfinite(arr.ravel()))[0])
            raise ValueError(
                f"`{name}` contiene {n_bad} valor(es) NaN (faltantes) o infinito(s), el primero en "
                f"la posición {_position(pos, arr.shape)}; se esperaban solo números finitos."
            )
    else:
        if arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
            raise ValueError(f"`{name}` contiene valores NaN o infinitos; se esperaban etiquetas válidas.")
        if arr.dtype == object and any(v is None for v in arr.ravel()):
            raise ValueError(f"`{name}` contiene valores None; se esperaban etiquetas válidas.")
    return arr


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
            f"No se puede calcular {what}: el cálculo da {value!r}, que no es un número finito. "
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
    if isinstance(value, (bool, np.bool_, numbers.Number)) and not isinstance(value, complex):
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
      ``ValueError`` que dice «valores faltantes» y la posición del primero;
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
            f"{arr[pos]!r}); cada caso necesita una etiqueta. Elimine esos casos (en todos los "
            "argumentos a la vez) o impútelos antes."
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
        detail = " y ".join(f"{k} (p. ej. posición {i}: {arr[i]!r})" for k, i in first.items())
        raise TypeError(
            f"`{name}` mezcla tipos de etiqueta: {detail}. Todas las etiquetas deben ser del "
            "mismo tipo (por ejemplo, todas números o todas texto): '1' y 1 serían clases distintas."
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
