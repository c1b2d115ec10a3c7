"""Lo común a las tres prácticas: preguntas, criterios de la rúbrica y datos por estudiante.

Cada práctica (``practica1``, ``practica2``, ``practica3``) declara una :class:`Practica`:

- ``generar(rng)``: las tablas de datos de un estudiante, a partir de un
  ``numpy.random.Generator`` creado con su semilla (:func:`semillas.semilla`). Solo sorteos
  elemento a elemento (nada que dependa de BLAS) y números redondeados a 4 decimales, para que
  den lo mismo en cualquier máquina con las versiones fijadas de ``requirements.txt``.
- ``esperadas(tablas)``: el valor esperado de cada pregunta, calculado con ``course_utils`` sobre
  las tablas **tal como las lee el estudiante** (después de escribirlas en CSV y leerlas), como
  una :class:`course_utils.selfcheck.exercises.ExerciseAnswer` con su tolerancia, sus errores
  típicos y la
  sección que conviene repasar; o una tupla de ellas cuando el cálculo admite más de una
  respuesta (una decisión a un paso del umbral que otro remuestreo correcto puede cambiar).
"""

from __future__ import annotations

import hashlib
import importlib
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd

from course_utils.selfcheck.exercises import ExerciseAnswer
from docente.evaluacion.cuadernos import titulo
from docente.evaluacion.semillas import semilla

#: El valor esperado de una pregunta: uno o, si el cálculo no decide entre ellos, varios.
Esperada = ExerciseAnswer | tuple[ExerciseAnswer, ...]
#: Número de práctica -> módulo que la declara.
_MODULOS = {1: "practica1", 2: "practica2", 3: "practica3"}


@dataclass(frozen=True)
class Pregunta:
    """Una pregunta con respuesta numérica o categórica, que se califica sola."""

    id: str
    descripcion: str
    puntos: float


@dataclass(frozen=True)
class Criterio:
    """Un criterio de la rúbrica (interpretación, decisiones): lo califica el docente."""

    id: str
    descripcion: str
    puntos: float


@dataclass(frozen=True)
class Practica:
    """Una práctica evaluable: sus preguntas, su rúbrica y cómo se generan sus datos."""

    numero: int
    titulo: str
    cuadernos: tuple[str, ...]
    tablas: tuple[str, ...]
    preguntas: tuple[Pregunta, ...]
    criterios: tuple[Criterio, ...]
    generar: Callable[[np.random.Generator], Mapping[str, pd.DataFrame]]
    esperadas: Callable[[Mapping[str, pd.DataFrame]], dict[str, Esperada]]

    def __post_init__(self) -> None:
        for nombre in self.cuadernos:
            titulo(nombre)  # un título que no existe es un error del docente

    @property
    def contexto(self) -> str:
        """El texto que acompaña al identificador en la semilla (``"practica1"``)."""
        return f"practica{self.numero}"

    @property
    def puntos_automaticos(self) -> float:
        return float(sum(p.puntos for p in self.preguntas))

    @property
    def puntos_rubrica(self) -> float:
        return float(sum(c.puntos for c in self.criterios))

    def textos_csv(self, secreto: str, alumno: str) -> dict[str, str]:
        """El contenido de cada fichero de datos de ``alumno`` (nombre -> texto CSV)."""
        rng = np.random.default_rng(semilla(secreto, self.contexto, alumno))
        tablas = self.generar(rng)
        if tuple(tablas) != self.tablas:
            raise RuntimeError(f"la práctica {self.numero} generó {list(tablas)}; se esperaban "
                               f"{list(self.tablas)}.")
        return {nombre: tabla.to_csv(index=False, lineterminator="\n")
                for nombre, tabla in tablas.items()}

    def datos(self, secreto: str, alumno: str) -> dict[str, pd.DataFrame]:
        """Las tablas de ``alumno`` leídas de su CSV, como las lee el estudiante."""
        return {nombre: pd.read_csv(io.StringIO(texto))
                for nombre, texto in self.textos_csv(secreto, alumno).items()}

    def respuestas_esperadas(self, secreto: str, alumno: str) -> dict[str, Esperada]:
        """El valor esperado de cada pregunta con los datos de ``alumno``."""
        esperadas = self.esperadas(self.datos(secreto, alumno))
        ids = [p.id for p in self.preguntas]
        if list(esperadas) != ids:
            raise RuntimeError(f"la práctica {self.numero} calculó {list(esperadas)}; se "
                               f"esperaban {ids}.")
        return esperadas


def obtener(numero: object) -> Practica:
    """La práctica ``numero`` (1, 2 o 3)."""
    try:
        n = int(str(numero).strip())
    except ValueError:
        n = None
    if n not in _MODULOS:
        raise ValueError(f"--practica debe ser {', '.join(map(str, _MODULOS))}; se recibió "
                         f"{numero!r}.")
    return importlib.import_module(f"docente.evaluacion.{_MODULOS[n]}").PRACTICA


def todas() -> list[Practica]:
    return [obtener(n) for n in _MODULOS]


def sha256(texto: str) -> str:
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()


def redondear(x: np.ndarray | float, decimales: int = 4) -> np.ndarray:
    """Redondea como se escribe en el CSV (el estudiante lee esos números, no otros)."""
    return np.round(np.asarray(x, dtype=float), decimales)
