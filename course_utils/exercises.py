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
escribe en ``course_utils/exercise_answers.json``, que :func:`comprobar` lee.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

from course_utils._validation import check_real, describe

__all__ = ["ExerciseAnswer", "CheckResult", "comprobar", "MISTAKES"]

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


def _norm_text(text: str) -> str:
    """Minúsculas, sin tildes y con los espacios normalizados (para respuestas categóricas)."""
    text = unicodedata.normalize("NFKD", text.strip().casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.replace("_", " ").split())


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
        set_(self, "mistakes", self._mistakes(self.mistakes))
        set_(self, "alternatives", self._alternatives(self.alternatives))

    def _choice(self, text: object, name: str) -> str:
        if not isinstance(text, str):
            raise TypeError(f"`{name}` debe ser un texto, una de {list(self.choices)}; se recibió "
                            f"{describe(text)}.")
        for c in self.choices:
            if _norm_text(c) == _norm_text(text):
                return c
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
               "alternatives": [[h, _plain(v)] for h, v in self.alternatives]}
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
                   choices=tuple(data["choices"]) if "choices" in data else None)

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
        """(pista, valor) de cada error típico declarado, sin los que coinciden con el correcto."""
        out: list[tuple[str, Any]] = []
        for name, hint in self.mistakes.items():
            func = MISTAKES[name][0]
            if name == "swap":
                wrong: Any = tuple(reversed(self.value))
            elif self.kind == "numbers":
                wrong = tuple(float(func(v)) for v in self.value)
            else:
                wrong = float(func(self.value))
            out.append((hint, wrong))
        out.extend(self.alternatives)
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


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def load_answers() -> dict[str, dict[str, Any]]:
    """Los valores esperados guardados (``course_utils/exercise_answers.json``)."""
    path = resources.files("course_utils") / ANSWERS_FILE
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
        keys = ("kind", "section", "rtol", "atol", "mistakes", "choices")
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
        significa que aún no ha respondido.

    Devuelve
    --------
    CheckResult
        Se muestra como un mensaje: «✔ Correcto» o «✘ Todavía no», con una pista que reconoce
        los errores típicos y la sección que conviene repasar. Nunca muestra la solución.

    Lanza
    -----
    TypeError, ValueError
        Si ``ejercicio`` no existe o ``respuesta`` no tiene la forma esperada (un texto donde se
        espera un número, un NaN, una opción que no existe, otra cantidad de números).

    Ejemplos
    --------
    >>> import course_utils as cu
    >>> cu.comprobar("05.2", None).correct is None  # aún sin respuesta: no es un error
    True
    """
    answers = load_answers()
    if isinstance(respuesta, ExerciseAnswer):  # el cuaderno del docente
        return _instructor_check(ejercicio, respuesta, answers)
    key = _check_id(ejercicio, answers)
    spec = ExerciseAnswer.from_json(answers[key])
    number = key.split(".")[1]
    if respuesta is None or respuesta is Ellipsis:
        return CheckResult(key, None, f"Ejercicio {key}: todavía no hay respuesta. Asigne su "
                           f"resultado a `respuesta_{number}` y vuelva a ejecutar esta celda.")
    answer = _coerce(spec, respuesta, "respuesta")
    if spec.close(answer, spec.value):
        return CheckResult(key, True, f"✔ Correcto: ejercicio {key}.")
    review = f"Repase la sección {spec.section}."
    wrong_values = spec.wrong_values()
    for hint, wrong in wrong_values:
        if spec.close(answer, wrong):
            return CheckResult(key, False, f"✘ Ejercicio {key}: todavía no. {hint} {review}")
    if spec.kind != "choice":
        a, t = np.atleast_1d(answer), np.atleast_1d(spec.value)
        exact = spec.rtol == 0 and np.all(t == np.round(t))  # respuestas enteras: sin redondeo
        if not exact and _near(a, t, _NEAR, spec.atol):
            return CheckResult(key, False, f"✘ Ejercicio {key}: casi. Está cerca, pero fuera de "
                               "la tolerancia: ¿ha redondeado demasiado? Use el valor sin "
                               "redondear (o al menos 4 cifras significativas).")
        for hint, wrong in wrong_values:  # un error típico, además redondeado
            if not exact and _near(a, np.atleast_1d(wrong), _NEAR_MISTAKE, spec.atol):
                return CheckResult(key, False, f"✘ Ejercicio {key}: todavía no. {hint} {review}")
        if spec.kind == "numbers" and len(a) == 2 and np.any(np.diff(a) < 0) \
                and np.all(np.diff(t) >= 0):
            return CheckResult(key, False, f"✘ Ejercicio {key}: todavía no. Los valores deben ir "
                               f"de menor a mayor (inferior, superior). {review}")
    return CheckResult(key, False, f"✘ Ejercicio {key}: todavía no coincide con el valor "
                       f"esperado. {review}")
