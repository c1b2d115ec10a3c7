"""Calificar las entregas de una práctica: puntos, notas y retroalimentación por estudiante.

Para cada estudiante se regeneran sus datos con su semilla, se recalcula cada valor esperado con
``course_utils`` (:meth:`Practica.respuestas_esperadas`) y cada respuesta se compara con
:func:`course_utils.selfcheck.exercises.check_answer`, la misma lógica de ``cu.comprobar``: la misma
tolerancia, los mismos errores típicos reconocidos (×100, 1 − x, la mitad, el signo, el orden,
la otra versión de la prueba...) y las mismas pistas, que **nunca** dicen el valor esperado.

Puntos de cada pregunta: todos si es correcta; la mitad si está fuera de la tolerancia pero a
menos de :data:`VENTANA_CASI` veces ella (y dentro de la ventana de «casi» de ``cu.comprobar``);
ninguno en otro caso. Esa ventana (un 5 % relativo) es una pista para quien practica, demasiado
ancha para puntuar: con una exactitud de 0.80, aceptaría 0.83 como «casi». La interpretación
(los criterios ``R1``, ``R2``... de la rúbrica) la califica el docente: la tabla de notas deja
esas columnas vacías.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from course_utils.selfcheck.exercises import ExerciseAnswer, check_answer
from docente.evaluacion import recepcion
from docente.evaluacion.cuadernos import fichero
from docente.evaluacion.entregas import Entrega, SinLeer
from docente.evaluacion.practicas import Practica, sha256

#: Fracción de los puntos de una respuesta cerca del valor pero fuera de la tolerancia.
CREDITO_CASI = 0.5
#: Media nota solo a menos de este múltiplo de la tolerancia (con la tolerancia relativa
#: habitual del 0.5 %, a menos de un 2 %).
VENTANA_CASI = 4.0


def casi(esperada: Any, valor: Any) -> bool:
    """¿Está ``valor`` fuera de la tolerancia de ``esperada`` pero a menos de
    :data:`VENTANA_CASI` veces ella?"""
    if getattr(esperada, "kind", None) == "choice":
        return False
    ancha = ExerciseAnswer(esperada.value, section=esperada.section,
                           atol=VENTANA_CASI * esperada.atol, rtol=VENTANA_CASI * esperada.rtol)
    return check_answer(ancha, valor, "x", noun="pregunta").correct


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
        credito = 1.0 if res.correct else CREDITO_CASI if res.outcome == "near" and any(
            casi(v, valor) for v in validas) else 0.0
        out.append(Resultado(pregunta.id, credito * pregunta.puntos, pregunta.puntos,
                             res.message))
    return out


def identificar(entrega: Entrega, alumnos: list[str],
                participantes: dict[str, str] | None = None) -> tuple[str | None, list[str]]:
    """El estudiante de una entrega y los avisos: ``ALUMNO`` del cuaderno o, si falta, el
    nombre del fichero o de su carpeta: el identificador o, en la descarga de Moodle
    (``Apellido Nombre_123_assignsubmission_file_``), el nombre completo buscado en la
    exportación de participantes. Sin distinguir mayúsculas (``a001`` es ``A001``)."""
    avisos: list[str] = []
    ruta = Path(entrega.fichero)
    lista = {a.casefold(): a for a in alumnos}
    nombres = (ruta.stem.casefold(), ruta.parent.name.casefold())
    por_nombre = next((lista[n] for n in nombres if n in lista), None)
    if por_nombre is None:
        partes = set(nombres[0].split("_")) | set(nombres[1].split("_"))
        por_nombre = next((lista[p] for p in sorted(partes) if p in lista), None)
    if por_nombre is None and participantes:
        por_nombre = recepcion.alumno_de_moodle(ruta, participantes)
    if entrega.alumno:
        alumno = lista.get(entrega.alumno.casefold())
        if alumno is None:
            avisos.append(f"el identificador del cuaderno ({entrega.alumno!r}) no está en la "
                          "lista de clase.")
            return por_nombre, avisos
        if por_nombre is not None and por_nombre != alumno:
            avisos.append(f"el identificador del cuaderno ({entrega.alumno!r}) no coincide con "
                          f"el nombre del fichero ({por_nombre!r}): se califica como "
                          f"{alumno!r}; revíselo.")
        return alumno, avisos
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
              entregas: list[Entrega], participantes: dict[str, str] | None = None,
              sin: tuple[str, ...] = ()) -> tuple[list[Calificacion], list[str]]:
    """Califica cada estudiante de ``alumnos``; devuelve también los avisos generales (entregas
    de nadie de la lista, de otra práctica o repetidas). Las preguntas de ``sin`` no se
    califican (ni cuentan en el máximo); una entrega cuyas respuestas son las de los datos de
    otro estudiante lleva un aviso de posible copia."""
    completa, practica = practica, sin_preguntas(practica, sin)
    por_alumno: dict[str, tuple[Entrega, list[str]]] = {}
    esperadas: dict[str, dict[str, Any]] = {}
    generales: list[str] = []
    for entrega in entregas:
        alumno, avisos = identificar(entrega, alumnos, participantes)
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
        esperadas[alumno] = completa.respuestas_esperadas(secreto, alumno)
        desconocidas = sorted(set(entrega.respuestas) - {p.id for p in practica.preguntas}
                              - set(sin))
        if desconocidas:
            avisos = avisos + [f"claves de `respuestas` que no son preguntas de esta práctica "
                               f"(se ignoran): {desconocidas}."]
        out.append(Calificacion(alumno, entrega.fichero,
                                calificar_respuestas(practica, esperadas[alumno],
                                                     entrega.respuestas),
                                avisos))
    _marcar_copias(esperadas, por_alumno, out)
    return out, generales


def sin_preguntas(practica: Practica, sin: tuple[str, ...]) -> Practica:
    """La práctica sin las preguntas de ``sin`` (``--sin 2c``), o un error si alguna no existe."""
    ids = [p.id for p in practica.preguntas]
    faltan = [q for q in sin if q not in ids]
    if faltan:
        raise ValueError(f"--sin: {', '.join(faltan)} no es una pregunta de la práctica "
                         f"{practica.numero} (son {', '.join(ids)}).")
    if sin and len(set(sin)) == len(ids):
        raise ValueError("--sin: no puede quitar todas las preguntas.")
    return replace(practica, preguntas=tuple(p for p in practica.preguntas if p.id not in sin))


def _marcar_copias(esperadas: dict[str, dict[str, Any]],
                   por_alumno: dict[str, tuple[Entrega, list[str]]],
                   notas: list[Calificacion]) -> None:

    def acierta(de_quien: str, pregunta: str, valor: Any) -> bool:
        if pregunta not in esperadas[de_quien] or isinstance(valor, SinLeer):
            return False
        validas = esperadas[de_quien][pregunta]
        validas = validas if isinstance(validas, tuple) else (validas,)
        return any(check_answer(v, valor, pregunta, noun="pregunta").correct for v in validas)

    sospechas = recepcion.copias({a: e.respuestas for a, (e, _) in por_alumno.items()}, acierta)
    for c in notas:
        if c.alumno in sospechas:
            c.avisos.append(f"posible copia: varias respuestas coinciden con los datos de "
                            f"{sospechas[c.alumno]!r}, no con los propios; revíselo antes de "
                            "publicar la nota.")


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


def tabla_notas(practica: Practica, calificaciones: list[Calificacion],
                excel: bool = False) -> str:
    """La tabla de notas (CSV): puntos por pregunta, total automático, la rúbrica por llenar y
    el total (``total`` suma la parte automática y la rúbrica; hasta que el docente llena la
    rúbrica, es la parte automática). Con ``excel``, como la abre Excel en español: separador
    ``;`` y coma decimal (el fichero se escribe con BOM, ver :func:`escribir_tabla`)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n", delimiter=";" if excel else ",")

    def num(x: float) -> str:
        texto = _puntos(x)
        return texto.replace(".", ",") if excel else texto

    maximo = practica.puntos_automaticos + practica.puntos_rubrica
    writer.writerow(["alumno", "entrega"] + [p.id for p in practica.preguntas]
                    + ["automatica", "automatica_max"]
                    + [f"{k.id} (de {num(k.puntos)})" for k in practica.criterios]
                    + ["total", "total_max", "avisos"])
    for c in calificaciones:
        writer.writerow([c.alumno, Path(c.entrega).name if c.entrega else "sin entrega"]
                        + [num(r.puntos) for r in c.resultados]
                        + [num(c.puntos), num(practica.puntos_automaticos)]
                        + [""] * len(practica.criterios)
                        + [num(c.puntos), num(maximo), " | ".join(c.avisos)])
    return buf.getvalue()


def escribir_tabla(ruta: Path, texto: str, excel: bool = False) -> None:
    """La tabla en UTF-8; con ``excel``, con BOM (sin él, Excel en español rompe las tildes)."""
    ruta.write_text(texto, encoding="utf-8-sig" if excel else "utf-8", newline="")
