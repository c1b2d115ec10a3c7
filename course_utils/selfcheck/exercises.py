"""Ejercicios que se comprueban solos: :func:`comprobar` y la declaración del docente.

En la copia para estudiantes (``notebooks/alumnos/``), cada ejercicio con respuesta numérica o
categórica tiene, después de la celda donde el estudiante escribe su solución, una celda de
comprobación::

    cu.comprobar("05.2", respuesta_2)

que dice en español si ``respuesta_2`` es correcta y, si no, reconoce los errores típicos (un
porcentaje en lugar de una proporción, la otra cola, el otro denominador, el signo cambiado...),
da una pista y señala la sección que conviene repasar, sin mostrar la solución.

Los valores esperados no se escriben a mano: la solución del docente termina con

.. code-block:: python

    respuesta_2 = cu.ExerciseAnswer(res2.estimate, section="7", mistakes=["x100", "-x"])

y, al ejecutarse el cuaderno del docente, la celda de comprobación guarda en los metadatos de su
salida la declaración completa (valor calculado, tolerancia, errores típicos). ``python
tools/make_student_copies.py`` la recoge de las salidas guardadas (las que nbval verifica) y la
escribe en ``course_utils/selfcheck/exercise_answers.json``, que :func:`comprobar` lee.
"""

from __future__ import annotations

import json
import math
import numbers
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from importlib import resources
from typing import Any

import numpy as np

from course_utils.selfcheck._student_numbers import (  # noqa: F401 - también se importan de aquí
    _NEAR, _NEAR_MISTAKE, GROUPED_TEXT, NEAR_HINT, NUMBER_TEXT, PERCENT_SIGN_HINT, SPACE_CHARS,
    THOUSANDS_TEXT, UNREADABLE_KINDS, UnreadableAnswer, describe_answer, judge_numbers,
    read_number,
)
from course_utils._validation import check_real, describe

__all__ = ["ExerciseAnswer", "CheckResult", "comprobar", "check_answer", "MISTAKES"]

#: Fichero (dentro del paquete) con los valores esperados, generado por
#: ``tools/make_student_copies.py`` a partir de las salidas guardadas de los cuadernos.
ANSWERS_FILE = "exercise_answers.json"
#: Clave de los metadatos de la salida de :func:`comprobar` donde viaja la declaración.
PAYLOAD_KEY = "course_utils_exercise"

_ID = re.compile(r"^(\d{2})\.(\d+)$")

#: Errores típicos que son transformaciones del valor correcto: nombre -> (función, pista).
MISTAKES: dict[str, tuple[Any, str]] = {
    "x100": (lambda v: 100 * v, "Parece expresado en porcentaje (×100): se pide en la escala de la "
             "medida (una proporción o una diferencia de proporciones), no en porcentaje."),
    "/100": (lambda v: v / 100, "Parece una proporción: aquí se pide en porcentaje o en puntos "
             "porcentuales (×100)."),
    "1-x": (lambda v: 1 - v, "Es el complemento del valor correcto (1 − x): ¿ha calculado la "
            "otra cola, o el error en lugar de la exactitud (o al revés)?"),
    "x2": (lambda v: 2 * v, "Es el doble del valor correcto: ¿ha multiplicado por 2 de más "
           "(bilateral en lugar de unilateral, anchura en lugar de radio)?"),
    "/2": (lambda v: v / 2, "Es la mitad del valor correcto: ¿le falta multiplicar por 2 "
           "(unilateral en lugar de bilateral, radio en lugar de anchura)?"),
    "-x": (lambda v: -v, "Tiene el signo cambiado: ¿ha restado en el otro orden (B − A en lugar "
           "de A − B)?"),
    "sqrt": (lambda v: math.sqrt(v) if v >= 0 else math.nan, "Es la raíz cuadrada del valor "
             "correcto: ¿ha dado una desviación típica donde se pide una varianza?"),
    "square": (lambda v: v * v, "Es el cuadrado del valor correcto: ¿ha dado una varianza donde "
               "se pide una desviación típica?"),
    "swap": (None, "Son los valores correctos en otro orden: revise qué va primero."),
}
_KINDS = ("number", "numbers", "choice")
def _norm_text(text: str) -> str:
    """Minúsculas, sin tildes y con los espacios normalizados (para respuestas categóricas)."""
    text = unicodedata.normalize("NFKD", text.strip().casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.replace("_", " ").split())


def _match_choice(choices: Sequence[str], text: str) -> str | None:
    """La opción de ``choices`` que es ``text`` sin contar mayúsculas, tildes ni espacios."""
    return next((c for c in choices if _norm_text(c) == _norm_text(text)), None)


def _items(value: object) -> list[Any] | None:
    """Los elementos de una lista, tupla, arreglo de una dimensión o serie de pandas, en orden
    (``None`` si ``value`` no es nada de eso); una tabla o un arreglo de 2 dimensiones no se
    aplana, y un valor enmascarado no se lee."""
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, np.ndarray):
        if value.ndim == 0:
            return None
        if value.ndim != 1:
            raise UnreadableAnswer(f"se recibió {describe_answer(value)}: use un arreglo de una "
                                   "dimensión o una tupla", TypeError)
        if np.ma.isMaskedArray(value):
            if np.ma.getmaskarray(value).any():
                raise UnreadableAnswer(f"se recibió {describe_answer(value)} con valores "
                                       "enmascarados (ausentes)")
            value = np.ma.getdata(value)
        return list(value)
    if type(value).__module__.split(".")[0] == "pandas" and hasattr(value, "to_numpy"):
        if getattr(value, "ndim", None) == 1:
            return list(value.to_numpy())
        raise UnreadableAnswer(f"se recibió {describe_answer(value)}: use una serie (una "
                               "columna) o una tupla", TypeError)
    return None


def _real(value: object, name: str) -> float:
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    return check_real(value, name, "un número real finito")


def _reals(value: object, name: str) -> tuple[float, ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (Sequence, np.ndarray)):
        raise TypeError(
            f"`{name}` debe ser una tupla (o lista, o arreglo) de números; "
            f"se recibió {describe(value)}."
        )
    if isinstance(value, np.ma.MaskedArray) or (isinstance(value, np.ndarray) and value.ndim != 1):
        raise ValueError(f"`{name}` debe ser una lista de números (una dimensión, sin máscara); "
                         f"se recibió {describe(value)}.")
    items = list(value)
    if not items:
        raise ValueError(f"`{name}` debe tener al menos un número; se recibió una secuencia vacía.")
    return tuple(_real(v, f"{name}[{i}]") for i, v in enumerate(items))


def _kind_of(value: object) -> str:
    if isinstance(value, str):
        return "choice"
    if isinstance(value, (Sequence, np.ndarray)) and not isinstance(value, bytes):
        return "numbers"
    return "number"


@dataclass(frozen=True)
class ExerciseAnswer:
    """Respuesta del docente a un ejercicio, con lo necesario para comprobar la del estudiante.

    Se escribe al final de la solución (``respuesta_N = cu.ExerciseAnswer(...)``); la celda de
    comprobación que sigue (``cu.comprobar("NN.N", respuesta_N)``) la compara con el valor
    guardado y deja la declaración en los metadatos de su salida, de donde la recoge
    ``tools/make_student_copies.py``.

    Parámetros
    ----------
    value : float, tupla de float o str
        La respuesta calculada por la solución: un número, unos pocos números (un intervalo) o
        una de las opciones de ``choices``.
    section : str
        Sección del cuaderno que conviene repasar (``"3"`` o ``"3 (versiones de la prueba)"``).
    rtol, atol : float
        Tolerancia relativa y absoluta: se acepta ``|x - valor| <= atol + rtol * |valor|``. Por
        defecto 0.5 % relativo: acepta el valor redondeado a tres cifras significativas.
    mistakes : secuencia de nombres o dict nombre -> pista
        Errores típicos que son transformaciones del valor correcto (claves de :data:`MISTAKES`:
        ``"x100"``, ``"1-x"``, ``"x2"``, ``"-x"``...). Con un dict, la pista propia sustituye a
        la genérica.
    alternatives : dict pista -> valor
        Otros valores que da un error típico, calculados por la propia solución (la otra
        versión de la prueba, el otro denominador, la otra opción).
    choices : tupla de str
        Opciones posibles de una respuesta categórica.
    near : bool, por defecto True
        Si una respuesta cerca del valor (a menos de un 5 %) pero fuera de la tolerancia recibe
        la pista «casi: ¿ha redondeado demasiado?». Póngalo a ``False`` cuando el enunciado ya pide
        redondear o cuando lo que cae cerca es otra cantidad: ahí esa pista sería falsa. El valor
        correcto redondeado a los decimales que escribió el estudiante (con ``True``, también
        truncado; ver :func:`is_rounding_of`) recibe siempre «casi», aunque coincida, redondeado,
        con el de un método vecino.

    A una proporción o una diferencia de proporciones (cada valor entre −1 y 1) se le reconoce
    siempre el porcentaje (×100), aunque ``mistakes`` no lo declare.

    Las alternativas se prueban antes que los errores genéricos de ``mistakes``: si un valor
    coincide con los dos, la pista es la de la alternativa, que dice qué se calculó.

    Lanza
    -----
    ValueError, TypeError
        Si algún argumento no tiene la forma descrita (el mensaje nombra el argumento).
    """

    value: Any
    section: str
    rtol: float = 5e-3
    atol: float = 0.0
    mistakes: Any = ()
    alternatives: Any = None
    choices: Any = None
    near: bool = True
    kind: str = field(init=False)

    def __post_init__(self) -> None:
        kind = _kind_of(self.value)
        set_ = object.__setattr__
        set_(self, "kind", kind)
        if not isinstance(self.section, str) or not self.section.strip():
            raise TypeError(f"`section` debe ser un texto no vacío; se recibió "
                            f"{describe(self.section)}.")
        for name in ("rtol", "atol"):
            tol = _real(getattr(self, name), name)
            if tol < 0:
                raise ValueError(f"`{name}` debe ser mayor o igual que 0; se recibió {tol!r}.")
            set_(self, name, tol)
        if kind == "choice":
            if not isinstance(self.choices, (tuple, list)) or not all(
                isinstance(c, str) for c in self.choices
            ) or len(self.choices) < 2:
                raise TypeError("`choices` debe ser una tupla de al menos dos textos con las "
                                "opciones de una respuesta categórica (`value` es un texto); "
                                f"se recibió {describe(self.choices)}.")
            set_(self, "choices", tuple(self.choices))
            set_(self, "value", self._choice(self.value, "value"))
            if self.mistakes:
                raise ValueError("`mistakes` no se usa con respuestas categóricas: declare las "
                                 "opciones erróneas en `alternatives`.")
        else:
            if self.choices is not None:
                raise ValueError("`choices` solo se usa con respuestas categóricas (texto); "
                                 f"se recibió {describe(self.choices)}.")
            set_(self, "value", _real(self.value, "value") if kind == "number"
                 else _reals(self.value, "value"))
        if not isinstance(self.near, (bool, np.bool_)):
            raise TypeError(f"`near` debe ser True o False; se recibió {describe(self.near)}.")
        set_(self, "near", bool(self.near))
        set_(self, "mistakes", self._mistakes(self.mistakes))
        set_(self, "alternatives", self._alternatives(self.alternatives))

    def _choice(self, text: object, name: str) -> str:
        if not isinstance(text, str):
            raise TypeError(f"`{name}` debe ser un texto, una de {list(self.choices)}; se recibió "
                            f"{describe(text)}.")
        choice = _match_choice(self.choices, text)
        if choice is not None:
            return choice
        raise ValueError(f"`{name}` debe ser una de {list(self.choices)}; se recibió {text!r}.")

    def _mistakes(self, mistakes: object) -> dict[str, str]:
        if isinstance(mistakes, str):
            mistakes = [mistakes]
        if not isinstance(mistakes, (Mapping, Sequence)) or any(
            not isinstance(m, str) for m in mistakes
        ):
            raise TypeError(f"`mistakes` debe ser una lista de nombres de {sorted(MISTAKES)} (o "
                            f"un dict nombre -> pista); se recibió {describe(mistakes)}.")
        items = mistakes.items() if isinstance(mistakes, Mapping) else ((m, None) for m in mistakes)
        out = {}
        for name, hint in items:
            if name not in MISTAKES or (name == "swap" and self.kind != "numbers"):
                raise ValueError(f"`mistakes` admite {sorted(MISTAKES)} ('swap' solo con varios "
                                 f"números); se recibió {name!r}.")
            out[name] = hint if isinstance(hint, str) else MISTAKES[name][1]
        return out

    def _alternatives(self, alternatives: object) -> list[tuple[str, Any]]:
        if alternatives is None:
            return []
        if not isinstance(alternatives, Mapping):
            raise TypeError(f"`alternatives` debe ser un dict pista -> valor; se recibió "
                            f"{describe(alternatives)}.")
        out = []
        for hint, value in alternatives.items():
            if not isinstance(hint, str) or not hint.strip():
                raise TypeError(f"`alternatives` debe tener pistas de texto como claves; se "
                                f"recibió {describe(hint)}.")
            out.append((hint, _coerce(self, value, "alternatives")))
        return out

    def to_json(self) -> dict[str, Any]:
        """La declaración como un dict que se guarda en JSON (ver :func:`comprobar`)."""
        out = {"kind": self.kind, "value": _plain(self.value), "section": self.section,
               "rtol": self.rtol, "atol": self.atol, "mistakes": dict(self.mistakes),
               "alternatives": [[h, _plain(v)] for h, v in self.alternatives], "near": self.near}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "ExerciseAnswer":
        value = data["value"]
        return cls(tuple(value) if isinstance(value, list) else value, section=data["section"],
                   rtol=data["rtol"], atol=data["atol"], mistakes=data["mistakes"],
                   alternatives={h: (tuple(v) if isinstance(v, list) else v)
                                 for h, v in data["alternatives"]},
                   choices=tuple(data["choices"]) if "choices" in data else None,
                   near=data.get("near", True))

    # --- comparación ------------------------------------------------------------------
    def close(self, answer: Any, target: Any) -> bool:
        """¿Está ``answer`` dentro de la tolerancia de ``target``? (del mismo tipo)"""
        if self.kind == "choice":
            return answer == target
        a, t = np.atleast_1d(answer), np.atleast_1d(target)
        if a.shape != t.shape or not np.all(np.isfinite(t)):
            return False
        return bool(np.all(np.abs(a - t) <= self.atol + self.rtol * np.abs(t)))

    def wrong_values(self) -> list[tuple[str, Any]]:
        """(pista, valor) de cada error típico declarado, sin los que coinciden con el correcto:
        primero las alternativas (calculadas por la solución, dicen qué se hizo) y después los
        errores genéricos de ``mistakes``."""
        out: list[tuple[str, Any]] = list(self.alternatives)
        for name, hint in self.mistakes.items():
            func = MISTAKES[name][0]
            if name == "swap":
                wrong: Any = tuple(reversed(self.value))
            elif self.kind == "numbers":
                wrong = tuple(float(func(v)) for v in self.value)
            else:
                wrong = float(func(self.value))
            out.append((hint, wrong))
        return [(h, w) for h, w in out if not self.close(w, self.value)
                and (self.kind == "choice" or np.all(np.isfinite(np.atleast_1d(w))))]


def _coerce(spec: ExerciseAnswer, value: object, name: str) -> Any:
    """``value`` con la forma de la respuesta de ``spec`` (o error que nombra ``name``)."""
    if spec.kind == "choice":
        return spec._choice(value, name)
    if spec.kind == "number":
        return _real(value, name)
    values = _reals(value, name)
    if len(values) != len(spec.value):
        raise ValueError(f"`{name}` debe tener {len(spec.value)} números; se recibieron "
                         f"{len(values)}.")
    return values


def _read_answer(spec: ExerciseAnswer, value: object) -> Any:
    """La respuesta de un estudiante con la forma de ``spec``, o :class:`UnreadableAnswer`.

    Más tolerante que la declaración del docente: acepta lo que no es ambiguo (un número como
    texto, ``Decimal``, un arreglo o una serie de un elemento donde se espera un número).
    """
    items = _items(value)
    if spec.kind == "numbers":
        if items is None:
            if isinstance(value, str):
                raise UnreadableAnswer(f"se recibió {describe_answer(value)}: asigne los números "
                                       "sin comillas, como una tupla", TypeError)
            single = isinstance(value, (numbers.Real, Decimal)) and not isinstance(
                value, (bool, np.bool_))
            what = "un solo número" if single else describe_answer(value)
            raise UnreadableAnswer(f"se recibió {what}", TypeError)
        if len(items) != len(spec.value):
            raise UnreadableAnswer(f"se recibió {describe_answer(value)}")
        out = []
        for i, item in enumerate(items, start=1):
            try:
                out.append(read_number(item))
            except UnreadableAnswer as exc:
                raise UnreadableAnswer(f"en la posición {i}, {exc.reason}", exc.error) from None
        return tuple(out)
    if items is not None:  # un solo valor dentro de una lista, un arreglo o una serie
        if len(items) != 1:
            raise UnreadableAnswer(f"se recibió {describe_answer(value)}", TypeError)
        if _items(items[0]) is not None:
            raise UnreadableAnswer(f"se recibió {describe_answer(value)} que contiene "
                                   f"{describe_answer(items[0])}", TypeError)
        value = items[0]
    if spec.kind == "number":
        return read_number(value)
    if not isinstance(value, str):
        raise UnreadableAnswer(f"se recibió {describe_answer(value)}", TypeError)
    choice = _match_choice(spec.choices, value)
    if choice is None:
        raise UnreadableAnswer(f"se recibió {describe_answer(value)}, que no es ninguna de ellas")
    return choice


def _decimals(x: float) -> int:
    """Los decimales con los que está escrito ``x`` (``0.21`` -> 2; a lo sumo 15)."""
    for d in range(16):
        if abs(round(x, d) - x) <= 1e-12 * max(1.0, abs(x)):
            return d
    return 15


def is_rounding_of(answer: Any, value: Any, truncated: bool = True) -> bool:
    """¿Es ``answer`` el valor ``value`` redondeado a los decimales con los que está escrito?

    Cada número de ``answer`` debe ser distinto de 0 (si el correcto no lo es) y estar a menos de
    media unidad de su último decimal del correcto (``0.21`` de ``0.2140``, pero no ``0.22`` ni
    ``0.2110``). Con ``truncated=True`` cuenta también el valor truncado (``0.2149`` -> ``0.214``:
    menor en valor absoluto, del mismo signo y a menos de una unidad del último decimal). Otra
    cantidad cercana escrita con todas sus cifras no es un redondeo.

    >>> is_rounding_of(0.21, 0.2140), is_rounding_of(0.22, 0.2140), is_rounding_of(0.2110, 0.2140)
    (True, False, False)
    >>> is_rounding_of((0.91, 0.97), (0.9104, 0.9726)), is_rounding_of(0.214, 0.21496)
    (True, True)
    >>> is_rounding_of(0.214, 0.21496, truncated=False)
    False
    """
    a = np.atleast_1d(np.asarray(answer, float))
    t = np.atleast_1d(np.asarray(value, float))
    if a.shape != t.shape or not np.all(np.isfinite(a)):
        return False
    for x, v in zip(a, t):
        if x == 0 and v != 0:
            return False
        unit = 10.0 ** -_decimals(float(x))
        rounded = abs(x - v) <= 0.5 * unit * (1 + 1e-9)
        cut = truncated and abs(x) <= abs(v) and x * v > 0 and abs(x - v) < unit
        if not (rounded or cut):
            return False
    return True


def _percent_hint_applies(spec: ExerciseAnswer, wrong_values: list[tuple[str, Any]]) -> bool:
    """¿Falta la pista del porcentaje (×100) en una respuesta que es una proporción o una
    diferencia de proporciones (cada valor entre −1 y 1)? Se añade a todas ellas, declarada o
    no, salvo que otro error declarado ya dé ese valor."""
    if "x100" in spec.mistakes or "/100" in spec.mistakes or spec.kind == "choice":
        return False
    t = np.atleast_1d(np.asarray(spec.value, float))
    if not np.all(np.abs(t) <= 1) or not np.any(t != 0):
        return False
    return not any(spec.close(w, tuple(100 * t) if spec.kind == "numbers" else 100 * t[0])
                   for _, w in wrong_values)


def _expected_shape(spec: ExerciseAnswer) -> str:
    """Qué forma tiene la respuesta que se espera, para el mensaje «✘ Todavía no»."""
    if spec.kind == "number":
        return "Se espera un número"
    if spec.kind == "numbers":
        n = len(spec.value)
        pair = " (en un intervalo, `(inferior, superior)`)" if n == 2 else ""
        return f"Se esperan {n} números, en una tupla y en el orden que pide el enunciado{pair}"
    options = ", ".join(repr(c) for c in spec.choices[:-1]) + f" o {spec.choices[-1]!r}"
    return f"Se espera un texto, una de las opciones {options}"


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def load_answers() -> dict[str, dict[str, Any]]:
    """Los valores esperados guardados (``course_utils/selfcheck/exercise_answers.json``)."""
    path = resources.files("course_utils.selfcheck") / ANSWERS_FILE
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


@dataclass(frozen=True)
class CheckResult:
    """Resultado de :func:`comprobar`: ``correct`` (``None`` si aún no hay respuesta) y
    ``message``, el texto que se muestra. En un cuaderno se muestra ``message``."""

    exercise: str
    correct: bool | None
    message: str
    payload: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    #: Qué se reconoció (ver :func:`check_answer`); ``"missing"`` si aún no hay respuesta.
    outcome: str | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        return self.message

    def _repr_mimebundle_(self, include=None, exclude=None):
        data = {"text/plain": self.message}
        if self.payload is None:
            return data
        return data, {PAYLOAD_KEY: self.payload}


def _check_id(ejercicio: object, answers: Mapping[str, Any]) -> str:
    if not isinstance(ejercicio, str):
        raise TypeError("`ejercicio` debe ser un texto como \"05.2\" (cuaderno 05, ejercicio 2); "
                        f"se recibió {describe(ejercicio)}.")
    m = _ID.match(ejercicio.strip())
    if not m:
        raise ValueError("`ejercicio` debe tener la forma \"NN.N\", como \"05.2\" (cuaderno 05, "
                         f"ejercicio 2); se recibió {ejercicio!r}.")
    key = ejercicio.strip()
    if key not in answers:
        same = sorted(k for k in answers if k.startswith(m.group(1) + "."))
        known = f"los de este cuaderno son {same}" if same else "ese cuaderno no tiene ninguno"
        raise ValueError(f"`ejercicio` {key!r} no tiene comprobación automática ({known}).")
    return key


def _instructor_check(ejercicio: object, declared: ExerciseAnswer,
                      answers: Mapping[str, Any]) -> CheckResult:
    """La solución del docente frente al valor guardado; la salida lleva la declaración."""
    if not isinstance(ejercicio, str) or not _ID.match(ejercicio.strip()):
        _check_id(ejercicio, {})
    key = ejercicio.strip()
    payload = {"id": key, "answer": declared.to_json()}
    stored = answers.get(key)
    same = stored is not None and stored == payload["answer"]
    if stored is not None and not same:
        spec = ExerciseAnswer.from_json(stored)
        keys = ("kind", "section", "rtol", "atol", "mistakes", "choices", "near")
        same = (
            all(stored.get(k) == payload["answer"].get(k) for k in keys)
            and spec.close(declared.value, spec.value)
            and len(declared.alternatives) == len(spec.alternatives)
            and all(h1 == h2 and spec.close(v1, v2) for (h1, v1), (h2, v2)
                    in zip(declared.alternatives, spec.alternatives))
        )
    if not same:
        return CheckResult(key, False, f"⚠ Ejercicio {key}: la solución no coincide con el valor "
                           "esperado guardado; regenérelo con python tools/run_notebooks.py.",
                           payload)
    return CheckResult(key, True, f"✔ Correcto: ejercicio {key}.", payload)


def comprobar(ejercicio: str, respuesta: Any) -> CheckResult:
    """Comprueba la respuesta de un ejercicio y da una pista si no es correcta.

    Parámetros
    ----------
    ejercicio : str
        ``"NN.N"``: número del cuaderno y del ejercicio (``"05.2"``, ejercicio 2 del cuaderno 05).
    respuesta : float, tupla de float o str
        Su resultado, con la forma que pide el enunciado: un número, unos pocos números (por
        ejemplo un intervalo, ``(inferior, superior)``) o un texto (``"rechaza"``). ``None``
        significa que aún no ha respondido. Se lee lo que no es ambiguo (ver
        :func:`read_number`): un número como texto con punto o coma decimal (``"0,0157"``), un
        ``Decimal`` o una ``Fraction``, un escalar de NumPy, una lista, un arreglo o una serie de
        un elemento donde se espera un número, o una lista, un arreglo o una serie de números
        donde se espera una tupla. Las opciones de texto se comparan sin contar mayúsculas,
        tildes ni espacios.

    Devuelve
    --------
    CheckResult
        Se muestra como un mensaje: «✔ Correcto» o «✘ Todavía no», con una pista que reconoce
        los errores típicos y la sección que conviene repasar. Nunca muestra la solución. Una
        respuesta con otra forma (un texto que no es un número o es ambiguo, NaN o infinito, otra
        cantidad de números, una opción que no existe, un arreglo de 2 dimensiones) también da
        «✘ Todavía no», con la forma que se espera y lo que se recibió, nunca un error.

    Lanza
    -----
    TypeError, ValueError
        Si ``ejercicio`` no es un identificador ``"NN.N"`` con comprobación (un error del
        cuaderno, no de la respuesta).

    Ejemplos
    --------
    >>> import course_utils as cu
    >>> cu.comprobar("05.2", None).correct is None  # aún sin respuesta: no es un error
    True
    >>> print(cu.comprobar("05.2", (0.1, 0.2)))  # otra forma: un mensaje, no un error
    ✘ Ejercicio 05.2: todavía no. Se espera un número; se recibió una tupla de 2 elementos.
    """
    answers = load_answers()
    if isinstance(respuesta, ExerciseAnswer):  # el cuaderno del docente
        return _instructor_check(ejercicio, respuesta, answers)
    key = _check_id(ejercicio, answers)
    spec = ExerciseAnswer.from_json(answers[key])
    number = key.split(".")[1]
    if respuesta is None or respuesta is Ellipsis:
        return CheckResult(key, None, f"Ejercicio {key}: todavía no hay respuesta. Asigne su "
                           f"resultado a `respuesta_{number}` y vuelva a ejecutar esta celda.",
                           outcome="missing")
    return check_answer(spec, respuesta, key)


def check_answer(spec: ExerciseAnswer, respuesta: Any, key: str,
                 noun: str = "ejercicio") -> CheckResult:
    """Compara ``respuesta`` con la declaración ``spec``: la lógica de :func:`comprobar`.

    :func:`comprobar` busca ``spec`` en los valores guardados del curso; quien tenga su propia
    declaración (por ejemplo, el valor esperado calculado con los datos de un estudiante) la
    compara igual, con los mismos errores típicos y las mismas pistas, sin mostrar nunca el
    valor esperado.

    Parámetros
    ----------
    spec : ExerciseAnswer
        El valor esperado, su tolerancia, sus errores típicos y la sección que conviene repasar.
    respuesta : object
        La respuesta del estudiante, leída como en :func:`comprobar` (``None`` no es un caso
        especial aquí: da «✘ Todavía no» con la forma que se espera).
    key : str
        El nombre de la pregunta en los mensajes (``"05.2"``, ``"1a"``).
    noun : str, por defecto ``"ejercicio"``
        La palabra que la precede en los mensajes («ejercicio», «pregunta»).

    Devuelve
    --------
    CheckResult
        Con ``outcome``: ``"correct"``, ``"unreadable"`` (otra forma), ``"mistake"`` (un error
        típico reconocido), ``"near"`` (cerca, pero fuera de la tolerancia), ``"order"``
        (intervalo al revés) o ``"wrong"``.

    Ejemplos
    --------
    >>> spec = ExerciseAnswer(0.25, section="3", mistakes=["x100"])
    >>> res = check_answer(spec, 25, "1a", noun="pregunta")
    >>> res.correct, res.outcome, res.message.startswith("✘ Pregunta 1a: todavía no. Parece")
    (False, 'mistake', True)
    """
    if not isinstance(spec, ExerciseAnswer):
        raise TypeError(f"`spec` debe ser una ExerciseAnswer; se recibió {describe(spec)}.")
    head = f"{noun[:1].upper()}{noun[1:]} {key}"
    try:
        answer = _read_answer(spec, respuesta)
    except UnreadableAnswer as exc:
        return CheckResult(key, False, f"✘ {head}: todavía no. {_expected_shape(spec)}; "
                           f"{exc.reason}.", outcome="unreadable")
    review = f"Repase la sección {spec.section}."
    if spec.kind == "choice":
        if answer == spec.value:
            return CheckResult(key, True, f"✔ Correcto: {noun} {key}.", outcome="correct")
        for hint, wrong in spec.wrong_values():
            if answer == wrong:
                return CheckResult(key, False, f"✘ {head}: todavía no. {hint} {review}",
                                   outcome="mistake")
        return CheckResult(key, False, f"✘ {head}: todavía no coincide con el valor "
                           f"esperado. {review}", outcome="wrong")
    wrong_values = spec.wrong_values()
    t = np.atleast_1d(spec.value)

    def tolerance(v: Any) -> np.ndarray:
        return spec.atol + spec.rtol * np.abs(np.atleast_1d(np.asarray(v, float)))

    exact = spec.rtol == 0 and bool(np.all(t == np.round(t)))  # respuestas enteras: sin redondeo
    if not exact and _percent_hint_applies(spec, wrong_values):
        wrong_values.append((MISTAKES["x100"][1], tuple(100 * v for v in t) if spec.kind ==
                             "numbers" else 100 * float(spec.value)))
    # El valor correcto redondeado (o truncado) a los decimales escritos es «casi» antes que un
    # error declarado: redondeado, también puede coincidir con un método vecino.
    verdict, i = judge_numbers(answer, spec.value, tolerance(spec.value),
                               [(w, tolerance(w)) for _, w in wrong_values],
                               atol=spec.atol, exact=exact, near=spec.near)
    if verdict != "correcta" and not exact and is_rounding_of(answer, spec.value,
                                                            truncated=spec.near):
        # ...salvo que sea justo el valor del error declarado (la regla del tres da 0.01 exacto).
        if verdict != "fallo" or not np.allclose(answer, wrong_values[i][1], rtol=1e-9, atol=0):
            verdict = "casi"
    if verdict == "correcta":
        return CheckResult(key, True, f"✔ Correcto: {noun} {key}.", outcome="correct")
    if verdict == "fallo":
        return CheckResult(key, False, f"✘ {head}: todavía no. {wrong_values[i][0]} {review}",
                           outcome="mistake")
    if verdict == "casi":
        return CheckResult(key, False, f"✘ {head}: casi. {NEAR_HINT}", outcome="near")
    a = np.atleast_1d(answer)
    if spec.kind == "numbers" and len(a) == 2 and np.any(np.diff(a) < 0) \
            and np.all(np.diff(t) >= 0):
        return CheckResult(key, False, f"✘ {head}: todavía no. Los valores deben ir "
                           f"de menor a mayor (inferior, superior). {review}", outcome="order")
    return CheckResult(key, False, f"✘ {head}: todavía no coincide con el valor "
                       f"esperado. {review}", outcome="wrong")
