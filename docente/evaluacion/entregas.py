"""Leer las respuestas de una entrega sin ejecutar nada de lo que escribió el estudiante.

Un cuaderno entregado se lee con ``nbformat`` y **no se ejecuta**: ejecutar el código de un
estudiante con los permisos del docente es un riesgo, y además tarda. Se leen dos cosas:

1. La **salida guardada** de la celda final de la práctica (``print(json.dumps(...))``): las
   respuestas tal como quedaron al ejecutar el cuaderno, aunque se calculen con variables
   (``respuestas["1a"] = exactitud``). Si existe, es lo que se califica.
2. El **código** de las celdas, analizado con ``ast`` (sin ejecutarlo): ``ALUMNO = "..."`` y
   el diccionario ``respuestas = {...}`` (y asignaciones ``respuestas["1a"] = ...``). De cada
   valor solo se toma un literal (``0.85``, ``(0.81, 0.88)``, ``"sí"``) con
   ``ast.literal_eval``; una expresión (``exactitud``) no se evalúa.

Si la salida guardada no está (el cuaderno no se ejecutó antes de entregarlo), se usan los
literales del código; cada expresión queda sin leer, con un aviso que lo explica.

También se leen respuestas de un CSV (una fila por estudiante: ``alumno`` y una columna por
pregunta), por ejemplo las de un formulario.
"""

from __future__ import annotations

import ast
import csv
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

from docente.evaluacion.semillas import leer_texto_csv

#: La clave que marca la salida de la celda final (la escribe el cuaderno de partida).
MARCA = "practica"
#: Código que usa la corrección del curso (``docente.evaluacion``, ``esperadas``) en lugar de
#: calcular: el código es público y con los datos propios imprime todas las respuestas.
_CORRECCION = re.compile(r"\bdocente\b|\besperadas\s*\(|respuestas_esperadas|"
                         r"\bevaluacion\.practica")


@dataclass(frozen=True)
class SinLeer:
    """Una respuesta que existe pero no se pudo leer sin ejecutar código (y por qué)."""

    motivo: str


@dataclass
class Entrega:
    """Lo que se leyó de una entrega: quién, de qué práctica, sus respuestas y los avisos."""

    fichero: str
    alumno: str | None = None
    practica: int | None = None
    respuestas: dict[str, Any] = field(default_factory=dict)
    avisos: list[str] = field(default_factory=list)


def _sin_magias(source: str) -> str:
    """El código sin las líneas de IPython (``%magia``, ``!orden``), que ``ast`` no entiende."""
    return "\n".join("" if re.match(r"\s*[%!]", line) else line for line in source.splitlines())


def _literal(node: ast.AST) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return SinLeer(f"es una expresión (`{_recorte(ast.unparse(node))}`), no un valor "
                       "escrito, y el cuaderno no tiene guardada la salida de su última celda: "
                       "ejecútelo entero y guárdelo antes de entregarlo")


def _recorte(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def _codigo(celdas: list[Any]) -> tuple[str | None, dict[str, Any]]:
    """``ALUMNO`` y ``respuestas`` según el código de las celdas, en orden."""
    alumno: str | None = None
    respuestas: dict[str, Any] = {}
    for celda in celdas:
        if celda.get("cell_type") != "code":
            continue
        try:
            tree = ast.parse(_sin_magias(celda.get("source", "")))
        except (SyntaxError, ValueError):
            continue
        for stmt in tree.body:
            if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
                continue
            target = stmt.targets[0]
            if isinstance(target, ast.Name) and target.id == "ALUMNO":
                value = _literal(stmt.value)
                alumno = value.strip() if isinstance(value, str) else alumno
            elif isinstance(target, ast.Name) and target.id == "respuestas" \
                    and isinstance(stmt.value, ast.Dict):
                respuestas = {}
                for key, value in zip(stmt.value.keys, stmt.value.values):
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        respuestas[key.value] = _literal(value)
            elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) \
                    and target.value.id == "respuestas" \
                    and isinstance(target.slice, ast.Constant) \
                    and isinstance(target.slice.value, str):
                respuestas[target.slice.value] = _literal(stmt.value)
    return alumno, respuestas


def _salida(celdas: list[Any]) -> dict[str, Any] | None:
    """El JSON que imprimió la celda final (el último, si hay varios), o ``None``."""
    found = None
    for celda in celdas:
        for out in celda.get("outputs", []) if celda.get("cell_type") == "code" else []:
            if out.get("output_type") == "stream":
                text = out.get("text", "")
            elif out.get("output_type") in ("execute_result", "display_data"):
                text = out.get("data", {}).get("text/plain", "")
            else:
                continue
            text = "".join(text) if isinstance(text, list) else text
            for line in text.splitlines():
                line = line.strip()
                if not line.startswith("{"):
                    continue
                try:
                    data = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(data, dict) and MARCA in data and isinstance(
                        data.get("respuestas"), dict):
                    found = data
    return found


def _distintos(a: Any, b: Any) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) != len(b) or any(_distintos(x, y) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) \
            and not isinstance(a, bool) and not isinstance(b, bool):
        return abs(a - b) > 1e-12 * max(1.0, abs(a), abs(b))
    return a != b


def leer_cuaderno(ruta: Path, texto: str | None = None) -> Entrega:
    """Las respuestas de un cuaderno entregado, sin ejecutarlo (``texto``: su contenido, si
    no está en ``ruta``, como el de un cuaderno dentro de un ``.zip``)."""
    entrega = Entrega(fichero=str(ruta))
    try:
        nb = (nbformat.read(ruta, as_version=4) if texto is None
              else nbformat.reads(texto, as_version=4))
    except Exception as exc:  # JSON roto, otra versión, no es un cuaderno
        entrega.avisos.append(f"no se pudo leer el cuaderno ({type(exc).__name__}): ¿está "
                              "dañado o no es un .ipynb?")
        return entrega
    alumno, codigo = _codigo(nb.cells)
    salida = _salida(nb.cells)
    usa = [i for i, celda in enumerate(nb.cells, start=1) if celda.get("cell_type") == "code"
           and _CORRECCION.search(celda.get("source", ""))]
    if usa:
        entrega.avisos.append(f"el cuaderno usa el código de corrección del curso "
                              f"(`docente.evaluacion`, `esperadas`) en la celda {usa[0]}: sus "
                              "respuestas no muestran trabajo propio; la parte automática no "
                              "cuenta sin él (ver la guía del docente).")
    errores = [out.get("ename", "error") for celda in nb.cells if celda.get("cell_type") == "code"
               for out in celda.get("outputs", []) if out.get("output_type") == "error"]
    if errores:
        entrega.avisos.append(f"el cuaderno se guardó con {len(errores)} celda(s) en error "
                              f"({', '.join(sorted(set(errores)))}): revise si las respuestas "
                              "salen de una ejecución completa.")
    if salida is not None:
        entrega.respuestas = dict(salida["respuestas"])
        alumno_salida = salida.get("alumno")
        entrega.alumno = (alumno_salida.strip() if isinstance(alumno_salida, str)
                          and alumno_salida.strip() else alumno)
        try:
            entrega.practica = int(salida[MARCA])
        except (TypeError, ValueError):
            pass
        distintas = sorted(k for k, v in codigo.items() if not isinstance(v, SinLeer)
                           and v is not None and k in entrega.respuestas
                           and _distintos(v, entrega.respuestas[k]))
        if distintas:
            entrega.avisos.append(
                f"la celda de respuestas y la salida guardada no coinciden en {distintas}: "
                "¿cambió el cuaderno sin volver a ejecutarlo? Se califica la salida guardada.")
    else:
        entrega.respuestas = codigo
        entrega.alumno = alumno
        if any(isinstance(v, SinLeer) for v in codigo.values()):
            entrega.avisos.append("el cuaderno no tiene guardada la salida de su última celda: "
                                  "las respuestas calculadas con variables no se pueden leer.")
    if not entrega.respuestas:
        entrega.avisos.append("no se encontró el diccionario `respuestas` en el cuaderno.")
    return entrega


def _valor_csv(text: str) -> Any:
    text = text.strip()
    if not text:
        return None
    if text[0] in "([":
        # «(0.81, 0.87)», o como lo escribe Excel en español: «(0,81; 0,87)»
        for candidate in (text, text.replace(",", ".").replace(";", ",")):
            try:
                return ast.literal_eval(candidate)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
        return text
    return text  # un número como texto (punto o coma decimal) o una opción


def leer_csv(ruta: Path) -> list[Entrega]:
    """Las respuestas de un CSV: columna ``alumno`` y una columna por pregunta (``1a``...)."""
    text, delimiter = leer_texto_csv(ruta, "--respuestas")
    rows = list(csv.DictReader(text.splitlines(), delimiter=delimiter))
    if not rows or "alumno" not in (rows[0].keys()):
        raise ValueError(f"--respuestas: {ruta} debe tener una columna «alumno» y una por "
                         "pregunta («1a», «1b»...).")
    out = []
    for i, row in enumerate(rows, start=2):
        alumno = (row.pop("alumno") or "").strip()
        respuestas = {k.strip(): _valor_csv(v or "") for k, v in row.items() if k}
        out.append(Entrega(fichero=f"{ruta.name}, fila {i}", alumno=alumno or None,
                           respuestas=respuestas))
    return out
