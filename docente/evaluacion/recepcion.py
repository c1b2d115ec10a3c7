"""Recibir las entregas: qué fichero es de quién, qué no se puede calificar y por qué.

- :func:`clasificar` recorre las entregas y separa los cuadernos (también los que el navegador
  guardó como ``.ipynb.txt`` o ``.ipynb.json``, y el único cuaderno de un ``.zip``) de lo que
  no se califica: un PDF, un ``.py``, un ``.zip`` sin un cuaderno o con varios... Cada fichero
  queda en el informe con su motivo.
- :func:`leer_participantes` lee la exportación de participantes de Moodle (*Participantes →
  Descargar datos de la tabla como CSV*) y da, para cada nombre completo, el identificador de
  la lista de clase; :func:`nombre_moodle` saca el nombre de una carpeta de la descarga de
  entregas de Moodle (``Apellido Nombre_12345_assignsubmission_file_``).
- :func:`copias` busca respuestas que coinciden con los datos de **otro** estudiante y no con
  los propios: la señal de una copia.
- :func:`informe` escribe el informe por fichero (Markdown) que se guarda junto a las notas.
"""

from __future__ import annotations

import csv
import re
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docente.evaluacion.semillas import leer_texto_csv

#: Carpeta de una entrega en la descarga de Moodle («Descargar todas las entregas»).
_MOODLE = re.compile(r"(?P<nombre>.+?)_(?P<numero>\d+)_assignsubmission_[a-z]+_?")
#: Extensiones con que un navegador o un sistema guarda a veces un cuaderno.
_CUADERNO_DISFRAZADO = (".ipynb.txt", ".ipynb.json")
#: Columnas de la exportación de participantes de Moodle (en español y en inglés).
_NOMBRE = ("nombre", "first name")
_APELLIDOS = ("apellido(s)", "apellidos", "last name", "surname")
_IDS = ("número de id", "numero de id", "id number", "idnumber", "nombre de usuario",
        "username", "dirección de correo", "dirección email", "correo electrónico",
        "email address", "email")


@dataclass
class Fichero:
    """Un fichero de las entregas y lo que se hizo con él."""

    ruta: Path
    estado: str  # "cuaderno", "no se califica"
    motivo: str = ""
    texto: str | None = None  # el cuaderno, si viene dentro de un .zip


def _normalizar(texto: str) -> str:
    """Un nombre sin tildes, en minúsculas y con un espacio entre palabras."""
    sin = "".join(c for c in unicodedata.normalize("NFKD", texto)
                  if not unicodedata.combining(c))
    return " ".join(sin.casefold().split())


def clasificar(rutas: list[Path]) -> list[Fichero]:
    """Los ficheros de las entregas (entrando en las carpetas), cada uno con su estado."""
    out: list[Fichero] = []
    for ruta in rutas:
        if ruta.is_dir():
            ficheros = sorted(p for p in ruta.rglob("*") if p.is_file()
                              and ".ipynb_checkpoints" not in p.parts
                              and not p.name.startswith("."))
        elif ruta.is_file():
            ficheros = [ruta]
        else:
            raise ValueError(f"entregas: no existe {ruta}.")
        for p in ficheros:
            nombre = p.name.casefold()
            if nombre.endswith(".ipynb"):
                out.append(Fichero(p, "cuaderno"))
            elif nombre.endswith(_CUADERNO_DISFRAZADO):
                out.append(Fichero(p, "cuaderno", f"extensión incorrecta («{p.name}»): se lee "
                                   "como cuaderno; pida que se entregue como .ipynb"))
            elif nombre.endswith(".zip"):
                out.append(_zip(p))
            else:
                tipo = p.suffix or p.name
                out.append(Fichero(p, "no se califica", f"no es un cuaderno («{tipo}»): se "
                                   "esperaba un .ipynb"))
    return out


def _zip(ruta: Path) -> Fichero:
    """Un ``.zip`` con un solo cuaderno se lee (sin descomprimirlo en disco); si no, se dice."""
    try:
        with zipfile.ZipFile(ruta) as z:
            miembros = [m for m in z.namelist() if m.casefold().endswith(".ipynb")
                        and "__MACOSX" not in m and ".ipynb_checkpoints" not in m]
            if len(miembros) == 1:
                texto = z.read(miembros[0]).decode("utf-8")
                return Fichero(ruta, "cuaderno", f"es un .zip: se lee su cuaderno "
                               f"«{miembros[0]}»", texto)
    except (zipfile.BadZipFile, UnicodeDecodeError, OSError):
        return Fichero(ruta, "no se califica", "es un .zip dañado: pida que se entregue el "
                       ".ipynb")
    cuantos = "ningún cuaderno" if not miembros else f"{len(miembros)} cuadernos"
    return Fichero(ruta, "no se califica", f"es un .zip con {cuantos}: descomprímalo, deje el "
                   "que se entrega y vuelva a corregir")


def nombre_moodle(ruta: Path) -> str | None:
    """El nombre completo de la carpeta de Moodle que contiene ``ruta`` (o ``None``)."""
    for parte in (ruta.parent.name, ruta.stem):
        m = _MOODLE.fullmatch(parte)
        if m:
            return m.group("nombre")
    return None


def _columna(cabecera: list[str], nombres: tuple[str, ...]) -> int | None:
    return next((cabecera.index(n) for n in nombres if n in cabecera), None)


def leer_participantes(path: Path, alumnos: list[str]) -> dict[str, str]:
    """Nombre completo normalizado («nombre apellidos» y «apellidos nombre») → identificador
    de la lista de clase, según la exportación de participantes de Moodle.

    El identificador es el valor de una columna de la exportación (número de ID, nombre de
    usuario o correo, o la parte del correo antes de la arroba) que está en ``alumnos``, sin
    distinguir mayúsculas.
    """
    text, delimiter = leer_texto_csv(path, "--participantes")
    rows = [r for r in csv.reader(text.splitlines(), delimiter=delimiter) if any(r)]
    cabecera = [c.strip().casefold() for c in rows[0]] if rows else []
    i_nombre, i_apellidos = _columna(cabecera, _NOMBRE), _columna(cabecera, _APELLIDOS)
    ids = [cabecera.index(c) for c in _IDS if c in cabecera]
    if i_nombre is None or i_apellidos is None or not ids:
        raise ValueError(f"--participantes: {path} no parece la exportación de participantes "
                         "de Moodle: se esperaban las columnas «Nombre», «Apellido(s)» y una "
                         "con el identificador («Número de ID», «Nombre de usuario» o «Dirección "
                         f"de correo»); tiene {rows[0] if rows else 'ninguna'}.")
    lista = {a.casefold(): a for a in alumnos}
    out: dict[str, str] = {}
    for fila in rows[1:]:
        valores = [fila[i].strip() for i in ids if i < len(fila)]
        valores += [v.split("@")[0] for v in valores if "@" in v]
        alumno = next((lista[v.casefold()] for v in valores if v.casefold() in lista), None)
        if alumno is None or max(i_nombre, i_apellidos) >= len(fila):
            continue
        nombre, apellidos = fila[i_nombre].strip(), fila[i_apellidos].strip()
        for completo in (f"{nombre} {apellidos}", f"{apellidos} {nombre}",
                         f"{apellidos}, {nombre}"):
            out[_normalizar(completo)] = alumno
    return out


def alumno_de_moodle(ruta: Path, participantes: dict[str, str]) -> str | None:
    """El identificador de una entrega descargada de Moodle, por el nombre de su carpeta."""
    nombre = nombre_moodle(ruta)
    return None if nombre is None else participantes.get(_normalizar(nombre))


def copias(respuestas: dict[str, dict[str, Any]],
           acierta: Callable[[str, str, Any], bool], minimo: int = 2) -> dict[str, str]:
    """Estudiante → el otro estudiante con cuyos datos coinciden sus respuestas.

    ``acierta(de_quien, pregunta, valor)`` dice si ``valor`` es la respuesta correcta de la
    pregunta con los datos de ``de_quien``. Una copia es una entrega con al menos ``minimo``
    respuestas correctas para los datos de otro y no para los propios (las que valen para los
    dos, como una decisión «sí»/«no» que coincide, no cuentan).
    """
    out: dict[str, str] = {}
    for alumno, suyas in respuestas.items():
        # solo las respuestas que no valen con los datos propios pueden delatar una copia
        ajenas = {q: v for q, v in suyas.items() if v is not None and not acierta(alumno, q, v)}
        if len(ajenas) < minimo:
            continue
        for otro in respuestas:
            if otro != alumno and sum(acierta(otro, q, v) for q, v in ajenas.items()) >= minimo:
                out[alumno] = otro
                break
    return out


def informe(numero: int, filas: list[tuple[str, str, str, str]]) -> str:
    """El informe de las entregas: (fichero, estudiante, estado, observaciones) por fila."""
    lines = [f"# Práctica {numero}: informe de las entregas", "",
             "Un fichero por fila: de quién es, si se calificó y qué hay que revisar.", "",
             "| fichero | estudiante | estado | observaciones |", "|---|---|---|---|"]
    for fichero, alumno, estado, obs in filas:
        lines.append(f"| {fichero.replace('|', '/')} | {alumno or '—'} | {estado} | "
                     f"{obs.replace('|', '/') or '—'} |")
    return "\n".join(lines) + "\n"
