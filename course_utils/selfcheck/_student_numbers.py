"""Cómo se lee y se juzga un número que escribe un estudiante.

Una sola lectura (:func:`read_number`: coma o punto decimal, sin separadores de miles ambiguos
ni signo %) y un solo juicio (:func:`judge_numbers`: correcto, un error típico, «casi»), que usan
:func:`course_utils.comprobar` y las preguntas de repaso numéricas (su JavaScript aplica las
mismas reglas; ``tests/test_quizzes.py`` lo comprueba con node). Todo se importa también de
:mod:`course_utils.selfcheck.exercises`.
"""

from __future__ import annotations

import inspect
import math
import numbers
import re
from collections.abc import Mapping, Sequence, Set
from decimal import Decimal
from typing import Any

import numpy as np


#: Por debajo de este error relativo (y fuera de la tolerancia) se sugiere revisar el redondeo.
_NEAR = 0.05
#: Un error típico se reconoce también redondeado, hasta este error relativo.
_NEAR_MISTAKE = 0.01


def _near(answer: np.ndarray, target: np.ndarray, rel: float, atol: float) -> bool:
    """¿Está cada número de ``answer`` a menos de ``rel`` (relativo) o ``atol`` de ``target``?"""
    if answer.shape != target.shape:
        return False
    scale = np.abs(target)
    return bool(np.all(np.abs(answer - target) <= np.maximum(rel * scale, atol)))


# --- lectura de la respuesta del estudiante -----------------------------------------------------


class UnreadableAnswer(Exception):
    """La respuesta de un estudiante no tiene la forma esperada.

    ``reason`` dice, en español y para el estudiante, qué se recibió (empieza por «se recibió»);
    ``error`` es la excepción que corresponde (``TypeError`` o ``ValueError``) cuando quien lee
    prefiere un error a un mensaje. :func:`comprobar` la muestra como «✘ Todavía no»; nunca sale
    de ella.
    """

    def __init__(self, reason: str, error: type[Exception] = ValueError, kind: str = "otro"):
        super().__init__(reason)
        self.reason = reason
        self.error = error
        #: Qué le pasa a un texto que no se lee (una de :data:`UNREADABLE_KINDS`); ``"otro"`` si no
        #: es un texto. Las preguntas numéricas en HTML clasifican igual lo que se escribe.
        self.kind = kind


def _elements(n: int) -> str:
    return "1 elemento" if n == 1 else f"{n} elementos"


def describe_answer(value: object) -> str:
    """Lo que ha escrito el estudiante, en español y en pocas palabras (para los mensajes)."""
    if value is None:
        return "None (ningún valor)"
    if isinstance(value, (bool, np.bool_)):
        return f"{bool(value)}, un valor lógico (verdadero o falso)"
    if isinstance(value, str):
        return f"el texto {value if len(value) <= 40 else value[:37] + '...'!r}"
    if isinstance(value, np.ndarray):
        what = "un arreglo con máscara" if np.ma.isMaskedArray(value) else "un arreglo"
        if value.ndim == 1:
            return f"{what} de {_elements(len(value))}"
        return f"{what} de {value.ndim} dimensiones (forma {value.shape})"
    if isinstance(value, (list, tuple)):
        return f"una {'lista' if isinstance(value, list) else 'tupla'} de {_elements(len(value))}"
    if type(value).__module__.split(".")[0] == "pandas":
        name = type(value).__name__
        if name == "Series":
            return f"una serie de pandas de {_elements(len(value))}"
        if name == "DataFrame":
            return f"una tabla de pandas (DataFrame) de forma {value.shape}"
        if name in ("NAType", "NaTType"):
            return "un valor ausente de pandas (NA)"
    if isinstance(value, Mapping):
        return "un diccionario"
    if isinstance(value, Set):
        return "un conjunto"
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        return f"el número complejo {value}"
    if isinstance(value, (numbers.Number, Decimal)):
        text = str(value)
        return text if len(text) <= 40 else text[:37] + "..."
    if inspect.isroutine(value):
        return "una función (¿falta llamarla, con paréntesis?)"
    return f"un objeto de tipo {type(value).__name__}"


# La lectura de un número escrito como texto. Las preguntas numéricas en HTML
# (``course_utils/selfcheck/quiz.py``) la repiten en JavaScript con estas mismas expresiones (solo
# cifras
# ASCII y los mismos espacios), y ``tests/test_quizzes.py`` comprueba con node que las dos leen
# y clasifican igual cada texto.
#: Un número escrito como texto: signo, dígitos con punto o coma decimal y exponente opcionales.
NUMBER_TEXT = r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)(?:[eE][+-]?[0-9]+)?"
#: «1.234» o «1,234»: un separador seguido de tres cifras puede ser decimal o de miles.
GROUPED_TEXT = r"[+-]?[1-9][0-9]{0,2}[.,][0-9]{3}"
#: Cifras agrupadas de tres en tres con punto, coma o espacio (separador de miles).
THOUSANDS_TEXT = r"[+-]?[0-9]{1,3}(?:[., \u00a0\u202f][0-9]{3})+(?:[.,][0-9]*)?"
#: Espacios que se quitan al principio y al final (los de Python y los de JavaScript).
SPACE_CHARS = r"\s\x1c-\x1f\x85\ufeff"
_NUMBER_TEXT = re.compile(NUMBER_TEXT)
_GROUPED = re.compile(GROUPED_TEXT)
_THOUSANDS = re.compile(THOUSANDS_TEXT)
_EDGE_SPACES = re.compile(f"^[{SPACE_CHARS}]+|[{SPACE_CHARS}]+$")
_TOO_LARGE = "un número demasiado grande para representarlo como número real"
#: Clases de texto que no se lee como número.
UNREADABLE_KINDS = ("vacio", "ambiguo", "grande", "porcentaje", "miles", "ilegible")


def _strip(text: str) -> str:
    return _EDGE_SPACES.sub("", text)


def _read_text(text: str) -> float:
    shown = describe_answer(text)
    t = _strip(text).replace("\u2212", "-")  # el signo menos tipográfico, como el guion
    if not t:
        raise UnreadableAnswer("se recibió un texto vacío", TypeError, "vacio")
    if _NUMBER_TEXT.fullmatch(t):
        if _GROUPED.fullmatch(t):
            sign = "-" if t[0] == "-" else ""
            whole, frac = re.split(r"[.,]", t.lstrip("+-"))
            sep = "la coma" if "," in t else "el punto"
            raise UnreadableAnswer(
                f"se recibió {shown}, que es ambiguo: puede ser {sign}{whole}.{frac} o "
                f"{sign}{whole}{frac} (con {sep} como separador de miles). Escriba el número sin "
                "comillas, con punto decimal y sin separador de miles", kind="ambiguo")
        x = float(t.replace(",", "."))
        if not math.isfinite(x):
            raise UnreadableAnswer(f"se recibió {shown}, {_TOO_LARGE}", kind="grande")
        return x
    if t.endswith("%") and _NUMBER_TEXT.fullmatch(_strip(t[:-1])):
        raise UnreadableAnswer(f"se recibió {shown}: {PERCENT_SIGN_HINT[0].lower()}"
                               f"{PERCENT_SIGN_HINT[1:].rstrip('.')}", kind="porcentaje")
    if _THOUSANDS.fullmatch(t):
        raise UnreadableAnswer(f"se recibió {shown}, con separador de miles: escriba el número "
                               "sin comillas, con punto decimal y sin separador de miles",
                               kind="miles")
    raise UnreadableAnswer(f"se recibió {shown}, que no se lee como un número (se admite punto o "
                           "coma decimal, como 1.5 o 1,5)", kind="ilegible")


#: Pista para un número escrito con el signo % (la misma en :func:`comprobar` y en las preguntas).
PERCENT_SIGN_HINT = ("Escriba el número sin el signo %, en la escala que pide el enunciado (una "
                     "proporción o un porcentaje).")
#: Pista para una respuesta cerca de la correcta pero fuera de la tolerancia.
NEAR_HINT = ("Está cerca, pero fuera de la tolerancia: ¿ha redondeado demasiado? Use el valor sin "
             "redondear (o al menos 4 cifras significativas).")


def read_number(value: object) -> float:
    """Lee un número que ha dado un estudiante, o lanza :class:`UnreadableAnswer`.

    La misma lectura sirve a :func:`comprobar` y a las preguntas numéricas
    (:meth:`course_utils.selfcheck.quiz.QuizQuestion.check`):

    - un número real (``int``, ``float``, ``Fraction``, ``Decimal``, un escalar de NumPy o un
      arreglo de dimensión 0) se lee tal cual, si es finito;
    - un texto con un número, con punto o coma decimal (``"0.0157"``, ``"0,0157"``, ``"−1,5e-3"``);
      no se lee si es ambiguo (``"1.234"`` o ``"1,234"``: ¿decimal o separador de miles?), si
      lleva separador de miles (``"1.234,5"``), espacios dentro o el signo %;
    - ``True``/``False``, NaN, infinito, un número complejo o cualquier otra cosa no se leen.

    La lectura del navegador (la pregunta numérica en HTML) nunca da otro número: en los casos
    dudosos de arriba, este lector se niega y el del navegador lee la coma o el punto como decimal,
    quita los espacios y el signo % final.

    >>> read_number("0,0157"), read_number(np.float32(0.5))
    (0.0157, 0.5)
    """
    if isinstance(value, np.ndarray) and value.ndim == 0 and not np.ma.isMaskedArray(value):
        value = value.item()
    if isinstance(value, (bool, np.bool_)):
        raise UnreadableAnswer(f"se recibió {describe_answer(value)}, no un número", TypeError)
    if isinstance(value, str):
        return _read_text(value)
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        raise UnreadableAnswer(f"se recibió {describe_answer(value)}; se espera un número real",
                               TypeError)
    if not isinstance(value, (numbers.Real, Decimal)):
        raise UnreadableAnswer(f"se recibió {describe_answer(value)}, que no es un número",
                               TypeError)
    shown = describe_answer(value)
    if isinstance(value, Decimal) and value.is_nan():  # float() no lee el NaN «señalizador»
        x = math.nan
    else:
        try:
            x = float(value)
        except OverflowError:  # un entero o una fracción enormes
            raise UnreadableAnswer(f"se recibió {_TOO_LARGE}") from None
    if math.isnan(x):
        raise UnreadableAnswer(
            f"se recibió {shown}, que no es un número (NaN): el resultado de una operación sin "
            "valor definido, como 0/0, la media de una lista vacía o un valor ausente. Revise el "
            "cálculo")
    if math.isinf(x):
        if isinstance(value, Decimal):
            infinite = value.is_infinite()
        else:  # un escalar de NumPy de más precisión que float puede ser finito y no caber
            infinite = isinstance(value, (float, np.floating)) and bool(np.isinf(value))
        if not infinite:
            raise UnreadableAnswer(f"se recibió {_TOO_LARGE}")
        raise UnreadableAnswer(f"se recibió {shown}, infinito, que no es un número finito: revise "
                               "el cálculo (¿una división por cero?)")
    return x


def _within(answer: np.ndarray, target: np.ndarray, tolerance: np.ndarray) -> bool:
    """¿Está cada número a ``tolerance`` (absoluta) o menos del suyo? Con una holgura de redondeo
    de coma flotante (0.0314 frente a 0.031 ± 0.0005 no falla por el último bit)."""
    return bool(np.all(np.abs(answer - target) <= tolerance * (1 + 1e-9) + 1e-12))


def judge_numbers(answer: Any, value: Any, tolerance: Any, mistakes: Sequence[tuple[Any, Any]] = (),
                  *, atol: float = 0.0, exact: bool = False,
                  near: bool = True) -> tuple[str, int | None]:
    """Juzga una respuesta numérica ya leída: las reglas de :func:`comprobar` y de las preguntas.

    Parámetros
    ----------
    answer, value : float o tupla de float
        La respuesta del estudiante y la correcta (la misma cantidad de números).
    tolerance : float o tupla de float
        Tolerancia absoluta de cada número correcto.
    mistakes : secuencia de (valor, tolerancia)
        Errores típicos declarados, en orden de preferencia.
    atol : float
        Tolerancia absoluta mínima de las reglas «cerca» (abajo).
    exact : bool
        Respuestas enteras (un número de casos): sin las reglas «cerca».
    near : bool
        Con ``False``, sin la regla «casi» (el enunciado ya pide redondear, o lo que cae cerca es
        otra cantidad); la regla «cerca de un error típico» se mantiene. Las preguntas numéricas
        usan siempre ``True``.

    Devuelve
    --------
    (veredicto, índice)
        En este orden: ``("correcta", None)`` dentro de la tolerancia; ``("fallo", i)`` si
        coincide con el error declarado ``i``; ``("casi", None)`` a menos de un 5 % (relativo) de la
        correcta (¿ha redondeado demasiado? :data:`NEAR_HINT`); ``("fallo", i)`` a menos de un 1 %
        del error declarado ``i`` (el error, además redondeado); si no, ``("otro", None)``.

    >>> judge_numbers(0.17, 0.1667, 5e-5, [(16.67, 0.01)])
    ('casi', None)
    >>> judge_numbers(16.67, 0.1667, 5e-5, [(16.67, 0.01)])
    ('fallo', 0)
    """
    a, t = np.atleast_1d(np.asarray(answer, float)), np.atleast_1d(np.asarray(value, float))
    if a.shape != t.shape:
        return "otro", None
    if _within(a, t, np.asarray(tolerance, float)):
        return "correcta", None
    wrong = [(np.atleast_1d(np.asarray(w, float)), np.asarray(tol, float)) for w, tol in mistakes]
    for i, (w, tol) in enumerate(wrong):
        if w.shape == a.shape and _within(a, w, tol):
            return "fallo", i
    if near and not exact and _near(a, t, _NEAR, atol):
        return "casi", None
    for i, (w, _) in enumerate(wrong):
        if not exact and _near(a, w, _NEAR_MISTAKE, atol):
            return "fallo", i
    return "otro", None
