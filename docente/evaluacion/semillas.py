"""La semilla de cada estudiante y la lista de clase.

La semilla es ``HMAC-SHA256(secreto, "practica1|A0123")`` leída como un entero de 256 bits:
sin el secreto del docente no se puede calcular (ni a partir del identificador, ni de los datos
de otro estudiante), y con él siempre da la misma. El método es público; el secreto, no.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path

#: Longitud mínima del secreto: uno corto se adivinaría probando.
MIN_SECRET = 16
#: Lo que puede tener un identificador de estudiante (va en nombres de fichero).
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}")
#: Nombres de columna que se reconocen como el identificador en la lista de clase.
ID_COLUMNS = ("alumno", "id", "identificador", "usuario", "estudiante", "matricula", "matrícula")


def nuevo_secreto() -> str:
    """Un secreto nuevo (256 bits aleatorios del sistema, en texto)."""
    return secrets.token_urlsafe(32)


def comprobar_secreto(secreto: object) -> str:
    """El secreto, o un error en español si no sirve."""
    if not isinstance(secreto, str) or not secreto.strip():
        raise ValueError("falta el secreto del curso: páselo con --secreto, --secreto-fichero o "
                         "la variable de entorno CURSO_SECRETO (cree uno con "
                         "`python tools/calificar.py secreto`).")
    secreto = secreto.strip()
    if len(secreto) < MIN_SECRET:
        raise ValueError(f"el secreto debe tener al menos {MIN_SECRET} caracteres (se recibió uno "
                         f"de {len(secreto)}): con uno corto, un estudiante podría adivinarlo "
                         "probando. Cree uno con `python tools/calificar.py secreto`.")
    return secreto


def leer_secreto(secreto: str | None, fichero: str | Path | None) -> str:
    """El secreto del curso: del fichero ``fichero`` (``--secreto-fichero``), del texto
    ``secreto`` (``--secreto``) o de la variable de entorno ``CURSO_SECRETO``, en ese orden."""
    if fichero:
        return comprobar_secreto(leer_texto(Path(fichero), "--secreto-fichero"))
    return comprobar_secreto(secreto or os.environ.get("CURSO_SECRETO", ""))


def guardar_secreto(path: str | Path, secreto: str) -> Path:
    """Escribe ``secreto`` en un fichero nuevo que solo puede leer su dueño (permisos 600).

    No sobrescribe: perder el secreto anterior es perder los datos de cada estudiante."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise ValueError(f"--guardar: {path} ya existe y no se sobrescribe (con otro secreto, "
                         "los datos repartidos ya no se podrían regenerar).") from None
    except OSError as exc:
        raise ValueError(f"--guardar: no se pudo crear {path}: {exc.strerror}.") from None
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(secreto + "\n")
    os.chmod(path, 0o600)  # por si la máscara del sistema quitó algún permiso del dueño
    return path


def comprobar_alumno(alumno: object) -> str:
    """El identificador sin espacios alrededor, o un error si no sirve como nombre de fichero."""
    if not isinstance(alumno, str):
        raise TypeError(f"el identificador de estudiante debe ser un texto; se recibió "
                        f"{type(alumno).__name__}.")
    alumno = alumno.strip()
    if not _ID.fullmatch(alumno):
        raise ValueError(f"identificador de estudiante no válido: {alumno!r}. Use letras sin "
                         "tilde, cifras y . _ @ + - (hasta 64 caracteres, sin espacios).")
    return alumno


def semilla(secreto: str, contexto: str, alumno: str) -> int:
    """La semilla de ``alumno`` en ``contexto`` (``"practica1"``...): un entero de 256 bits.

    >>> s = semilla("un secreto de prueba largo", "practica1", "A0123")
    >>> s == semilla("un secreto de prueba largo", "practica1", "A0123"), s.bit_length() <= 256
    (True, True)
    >>> s == semilla("un secreto de prueba largo", "practica2", "A0123")
    False
    """
    key = comprobar_secreto(secreto).encode("utf-8")
    message = f"{contexto}|{comprobar_alumno(alumno)}".encode("utf-8")
    return int.from_bytes(hmac.new(key, message, hashlib.sha256).digest(), "big")


def leer_alumnos(path: str | Path) -> list[str]:
    """Los identificadores de la lista de clase (un CSV), en orden y sin repetir.

    La columna del identificador se llama ``alumno`` (o ``id``, ``usuario``, ``matricula``...);
    una lista de una sola columna sin cabecera también vale. Las demás columnas (nombre,
    grupo) se ignoran.
    """
    path = Path(path)
    text, delimiter = leer_texto_csv(path, "--alumnos")
    rows = [r for r in csv.reader(text.splitlines(), delimiter=delimiter) if any(r)]
    if not rows:
        raise ValueError(f"--alumnos: {path} está vacío.")
    header = [c.strip().casefold() for c in rows[0]]
    column = next((header.index(c) for c in ID_COLUMNS if c in header), None)
    if column is None:
        if max(len(r) for r in rows) > 1:
            raise ValueError(f"--alumnos: {path} tiene varias columnas y ninguna se llama "
                             f"«alumno» (ni {', '.join(ID_COLUMNS[1:])}): llame así a la del "
                             "identificador.")
        column, rows = 0, [[""]] + rows  # una sola columna sin cabecera
    out: list[str] = []
    for i, row in enumerate(rows[1:], start=2):
        if column >= len(row) or not row[column].strip():
            continue
        try:
            alumno = comprobar_alumno(row[column])
        except ValueError as exc:
            raise ValueError(f"--alumnos: {path}, fila {i}: {exc}") from None
        if alumno in out:
            raise ValueError(f"--alumnos: {path}, fila {i}: el identificador {alumno!r} está "
                             "repetido.")
        out.append(alumno)
    if not out:
        raise ValueError(f"--alumnos: {path} no tiene ningún identificador de estudiante.")
    return out


def leer_texto(path: Path, opcion: str) -> str:
    """El texto (UTF-8, con o sin BOM) del fichero que se dio con ``opcion``, o un error en
    español que nombra la opción y el fichero."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ValueError(f"{opcion}: no existe el fichero {path}.") from None
    except IsADirectoryError:
        raise ValueError(f"{opcion}: {path} es una carpeta; se esperaba un fichero.") from None
    except PermissionError:
        raise ValueError(f"{opcion}: no hay permiso para leer {path}.") from None
    except UnicodeDecodeError:
        raise ValueError(f"{opcion}: {path} no está en UTF-8; guárdelo como «CSV UTF-8».") \
            from None


def leer_texto_csv(path: Path, opcion: str) -> tuple[str, str]:
    """El texto de un CSV del docente (:func:`leer_texto`) y su separador (``;`` si la primera
    línea tiene más ``;`` que comas, como los de Excel en español; si no, la coma)."""
    text = leer_texto(path, opcion)
    first = text.splitlines()[0] if text else ""
    return text, ";" if first.count(";") > first.count(",") else ","
