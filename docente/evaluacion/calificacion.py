"""Calificar las entregas de una práctica: puntos, notas y retroalimentación por estudiante.

Para cada estudiante se regeneran sus datos con su semilla, se recalcula cada valor esperado con
``course_utils`` (:meth:`Practica.respuestas_esperadas`) y cada respuesta se compara con
:func:`course_utils.exercises.check_answer`, la misma lógica de ``cu.comprobar``: la misma
tolerancia, los mismos errores típicos reconocidos (×100, 1 − x, la mitad, el signo, el orden,
la otra versión de la prueba...) y las mismas pistas, que **nunca** dicen el valor esperado.

Puntos de cada pregunta: todos si es correcta; la mitad si está cerca pero fuera de la tolerancia
(redondeada de más); ninguno en otro caso. La interpretación (los criterios ``R1``, ``R2``...
de la rúbrica) la califica el docente: la tabla de notas deja esas columnas vacías.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from course_utils.exercises import check_answer
from docente.evaluacion.cuadernos import fichero
from docente.evaluacion.entregas import Entrega, SinLeer
from docente.evaluacion.practicas import Practica, sha256

#: Fracción de los puntos de una respuesta cerca del valor pero fuera de la tolerancia.
CREDITO_CASI = 0.5


@dataclass(frozen=True)
class Resultado:
    """Una pregunta calificada: puntos obtenidos, máximo y el comentario para el estudiante."""

    id: str
    puntos: float
    maximo: float
    comentario: str


@dataclass
class Calificacion:
    """Lo calificado de un estudiante (``entrega`` es ``None`` si no entregó)."""

    alumno: str
    entrega: str | None
    resultados: list[Resultado] = field(default_factory=list)
    avisos: list[str] = field(default_factory=list)

    @property
    def puntos(self) -> float:
        return sum(r.puntos for r in self.resultados)


def calificar_respuestas(practica: Practica, esperadas: dict[str, Any],
                         respuestas: dict[str, Any]) -> list[Resultado]:
    """Cada pregunta de ``practica`` con su puntuación y su comentario.

    El valor esperado de una pregunta es una :class:`ExerciseAnswer` o una tupla de ellas: la
    respuesta es correcta si lo es para una; si no, la pista es la de la primera.
    """
    out = []
    for pregunta in practica.preguntas:
        valor = respuestas.get(pregunta.id)
        if valor is None:
            out.append(Resultado(pregunta.id, 0.0, pregunta.puntos, "Sin respuesta."))
            continue
        if isinstance(valor, SinLeer):
            out.append(Resultado(pregunta.id, 0.0, pregunta.puntos,
                                 f"✘ No se pudo leer: {valor.motivo}."))
            continue
        validas = esperadas[pregunta.id]  # una respuesta o, si el cálculo no decide, varias
        validas = validas if isinstance(validas, tuple) else (validas,)
        comprobadas = [check_answer(v, valor, pregunta.id, noun="pregunta") for v in validas]
        res = next((r for r in comprobadas if r.correct), comprobadas[0])
        credito = 1.0 if res.correct else CREDITO_CASI if res.outcome == "near" else 0.0
        out.append(Resultado(pregunta.id, credito * pregunta.puntos, pregunta.puntos,
                             res.message))
    return out


def identificar(entrega: Entrega, alumnos: list[str]) -> tuple[str | None, list[str]]:
    """El estudiante de una entrega y los avisos: ``ALUMNO`` del cuaderno o, si falta, el
    nombre del fichero o de su carpeta (como los escribe Moodle: ``Nombre_123_assign...``)."""
    avisos: list[str] = []
    ruta = Path(entrega.fichero)
    por_nombre = next((a for a in alumnos if a in (ruta.stem, ruta.parent.name)), None)
    if por_nombre is None:
        partes = set(ruta.stem.split("_")) | set(ruta.parent.name.split("_"))
        por_nombre = next((a for a in alumnos if a in partes), None)
    if entrega.alumno:
        if entrega.alumno not in alumnos:
            avisos.append(f"el identificador del cuaderno ({entrega.alumno!r}) no está en la "
                          "lista de clase.")
            return por_nombre, avisos
        if por_nombre is not None and por_nombre != entrega.alumno:
            avisos.append(f"el identificador del cuaderno ({entrega.alumno!r}) no coincide con "
                          f"el nombre del fichero ({por_nombre!r}): se califica como "
                          f"{entrega.alumno!r}; revíselo.")
        return entrega.alumno, avisos
    if por_nombre is not None:
        avisos.append("el cuaderno no dice su identificador (ALUMNO): se toma del nombre del "
                      "fichero.")
    return por_nombre, avisos


def comprobar_manifiesto(practica: Practica, secreto: str, alumnos: list[str],
                         manifiesto: Path) -> None:
    """Los datos regenerados son los que se entregaron (mismo secreto, mismas versiones)."""
    try:
        filas = list(csv.DictReader(manifiesto.read_text(encoding="utf-8").splitlines()))
    except FileNotFoundError:
        raise ValueError(f"--datos: no existe {manifiesto} (lo escribe la orden «datos»).") \
            from None
    esperado = {(f["alumno"], f["fichero"]): f["sha256"] for f in filas}
    for alumno in alumnos:
        for nombre, texto in practica.textos_csv(secreto, alumno).items():
            guardado = esperado.get((alumno, nombre))
            if guardado is not None and guardado != sha256(texto):
                raise ValueError(
                    f"los datos regenerados de {alumno!r} ({nombre}) no son los que se "
                    f"repartieron (según {manifiesto.name}): ¿es el mismo secreto? ¿Las mismas "
                    "versiones de numpy y pandas (requirements.txt)? No se califica nada.")


def calificar(practica: Practica, secreto: str, alumnos: list[str],
              entregas: list[Entrega]) -> tuple[list[Calificacion], list[str]]:
    """Califica cada estudiante de ``alumnos``; devuelve también los avisos generales (entregas
    de nadie de la lista, de otra práctica o repetidas)."""
    por_alumno: dict[str, tuple[Entrega, list[str]]] = {}
    generales: list[str] = []
    for entrega in entregas:
        alumno, avisos = identificar(entrega, alumnos)
        if entrega.practica is not None and entrega.practica != practica.numero:
            generales.append(f"{entrega.fichero}: es de la práctica {entrega.practica}, no de "
                             f"la {practica.numero}; no se califica.")
            continue
        if alumno is None:
            generales.append(f"{entrega.fichero}: no se sabe de quién es (ni ALUMNO en el "
                             "cuaderno ni un identificador de la lista en el nombre); no se "
                             "califica.")
            continue
        if alumno in por_alumno:
            generales.append(f"{entrega.fichero}: {alumno!r} ya tiene otra entrega "
                             f"({por_alumno[alumno][0].fichero}); se califica la última.")
        por_alumno[alumno] = (entrega, avisos + entrega.avisos)
    out = []
    for alumno in alumnos:
        if alumno not in por_alumno:
            out.append(Calificacion(alumno, None, [
                Resultado(p.id, 0.0, p.puntos, "Sin entrega.") for p in practica.preguntas]))
            continue
        entrega, avisos = por_alumno[alumno]
        esperadas = practica.respuestas_esperadas(secreto, alumno)
        desconocidas = sorted(set(entrega.respuestas) - {p.id for p in practica.preguntas})
        if desconocidas:
            avisos = avisos + [f"claves de `respuestas` que no son preguntas de esta práctica "
                               f"(se ignoran): {desconocidas}."]
        out.append(Calificacion(alumno, entrega.fichero,
                                calificar_respuestas(practica, esperadas, entrega.respuestas),
                                avisos))
    return out, generales


def _puntos(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def retroalimentacion(practica: Practica, c: Calificacion) -> str:
    """El fichero de retroalimentación de un estudiante (Markdown, en español)."""
    lines = [f"# Práctica {practica.numero} · {practica.titulo}: retroalimentación", "",
             f"- Estudiante: {c.alumno}",
             f"- Entrega: {Path(c.entrega).name if c.entrega else 'no se recibió ninguna'}", "",
             f"**Parte automática: {_puntos(c.puntos)} de {_puntos(practica.puntos_automaticos)} "
             "puntos.** La interpretación y las decisiones "
             f"({', '.join(k.id for k in practica.criterios)}: "
             f"{_puntos(practica.puntos_rubrica)} puntos) las califica el docente con la rúbrica.",
             "", "## Preguntas con respuesta numérica o categórica", ""]
    descripcion = {p.id: p.descripcion for p in practica.preguntas}
    for r in c.resultados:
        lines.append(f"- **{r.id}** ({descripcion[r.id]}): {_puntos(r.puntos)} de "
                     f"{_puntos(r.maximo)}. {r.comentario}")
    if c.avisos:
        lines += ["", "## Avisos", ""] + [f"- {a[:1].upper()}{a[1:]}" for a in c.avisos]
    lines += ["", "## Para repasar", "",
              "Cuadernos de esta práctica: " + ", ".join(
                  f"«{t}» (`{fichero(t)}`)" for t in practica.cuadernos) + ".",
              "Una pista dice qué error parece haber cometido y qué sección repasar; nunca el "
              "valor correcto: calcúlelo de nuevo con sus datos.", ""]
    return "\n".join(lines)


def tabla_notas(practica: Practica, calificaciones: list[Calificacion]) -> str:
    """La tabla de notas (CSV): puntos por pregunta, total automático y la rúbrica por llenar."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["alumno", "entrega"] + [p.id for p in practica.preguntas]
                    + ["automatica", "automatica_max"]
                    + [f"{k.id} (de {_puntos(k.puntos)})" for k in practica.criterios]
                    + ["avisos"])
    for c in calificaciones:
        writer.writerow([c.alumno, Path(c.entrega).name if c.entrega else "sin entrega"]
                        + [_puntos(r.puntos) for r in c.resultados]
                        + [_puntos(c.puntos), _puntos(practica.puntos_automaticos)]
                        + [""] * len(practica.criterios) + [" | ".join(c.avisos)])
    return buf.getvalue()
