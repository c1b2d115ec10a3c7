"""Prácticas evaluables: datos de cada estudiante y calificación de las entregas.

Uso (desde la raíz del repositorio, con el entorno del curso activado)::

    python tools/calificar.py secreto                # crea un secreto nuevo para el curso
    python tools/calificar.py datos --practica 1 --alumnos lista.csv --salida reparto/
    python tools/calificar.py corregir --practica 1 --alumnos lista.csv --datos reparto/ \\
        --salida notas/ entregas/

El secreto se da con ``--secreto``, ``--secreto-fichero`` o la variable de entorno
``CURSO_SECRETO``; nunca se guarda en el repositorio. ``datos`` escribe, para cada estudiante,
una carpeta con sus datos (CSV), el cuaderno de partida, el enunciado y la rúbrica, y un
manifiesto con la suma SHA-256 de cada fichero de datos. ``corregir`` lee los cuadernos
entregados sin ejecutarlos (o un CSV de respuestas con ``--respuestas``), recalcula cada valor
esperado con los datos de cada estudiante y escribe la tabla de notas y un fichero de
retroalimentación por estudiante. Ver ``docente/README.md``.
"""

from __future__ import annotations

import argparse
import csv
import io
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from course_utils.__main__ import parse_spanish  # noqa: E402
from docente.evaluacion import (  # noqa: E402
    calificacion,
    entregas,
    practicas,
    recepcion,
    semillas,
)

PROG = "python tools/calificar.py"
#: Carpeta de cada práctica (enunciado, rúbrica y cuaderno de partida).
PRACTICAS = ROOT / "docente" / "practicas"


def carpeta_practica(numero: int) -> Path:
    return PRACTICAS / f"practica{numero}"


def _secreto(args: argparse.Namespace) -> str:
    return semillas.leer_secreto(args.secreto, args.secreto_fichero)


def orden_datos(args: argparse.Namespace) -> str:
    practica = practicas.obtener(args.practica)
    secreto = _secreto(args)
    alumnos = semillas.leer_alumnos(args.alumnos)
    salida = Path(args.salida)
    salida.mkdir(parents=True, exist_ok=True)
    material = sorted(p for p in carpeta_practica(practica.numero).iterdir() if p.is_file())
    material.append(PRACTICAS / "instrucciones.md")
    nombre = f"manifiesto_practica{practica.numero}.csv"
    # el manifiesto se completa, no se sustituye: repartir después a un estudiante que llegó
    # tarde (con una lista de un solo estudiante) no borra las sumas de los demás
    filas = leer_manifiesto(salida / nombre)
    for alumno in alumnos:
        carpeta = salida / alumno
        carpeta.mkdir(exist_ok=True)
        for fichero_datos, texto in practica.textos_csv(secreto, alumno).items():
            (carpeta / fichero_datos).write_text(texto, encoding="utf-8", newline="\n")
            filas[(alumno, fichero_datos)] = practicas.sha256(texto)
        for fichero in material:
            shutil.copyfile(fichero, carpeta / fichero.name)
        if getattr(args, "zip", False):  # un .zip por estudiante, para subirlo a Moodle
            shutil.make_archive(str(salida / f"{alumno}_practica{practica.numero}"), "zip",
                                root_dir=salida, base_dir=alumno)
    manifiesto = io.StringIO()
    writer = csv.writer(manifiesto, lineterminator="\n")
    writer.writerow(["alumno", "fichero", "sha256"])
    writer.writerows([a, f, h] for (a, f), h in filas.items())
    (salida / nombre).write_text(manifiesto.getvalue(), encoding="utf-8", newline="\n")
    return (f"Práctica {practica.numero}: datos de {len(alumnos)} estudiantes en {salida}/ "
            f"(una carpeta por estudiante: sus datos, {', '.join(p.name for p in material)}). "
            f"Entregue a cada uno su carpeta; {nombre} se queda con usted.")


def leer_manifiesto(ruta: Path) -> dict[tuple[str, str], str]:
    """(alumno, fichero) → suma SHA-256 de un manifiesto ya escrito (vacío si no existe)."""
    if not ruta.is_file():
        return {}
    filas = csv.DictReader(ruta.read_text(encoding="utf-8").splitlines())
    return {(f["alumno"], f["fichero"]): f["sha256"] for f in filas}


def orden_corregir(args: argparse.Namespace) -> str:
    practica = practicas.obtener(args.practica)
    secreto = _secreto(args)
    alumnos = semillas.leer_alumnos(args.alumnos)
    if not args.entregas and not args.respuestas:
        raise ValueError("faltan las entregas: dé los cuadernos o sus carpetas, o un CSV de "
                         "respuestas con --respuestas.")
    if args.datos:
        calificacion.comprobar_manifiesto(
            practica, secreto, alumnos,
            Path(args.datos) / f"manifiesto_practica{practica.numero}.csv")
    participantes = (recepcion.leer_participantes(Path(args.participantes), alumnos)
                     if args.participantes else None)
    sin = tuple(q.strip() for arg in args.sin or [] for q in arg.split(",") if q.strip())
    ficheros = recepcion.clasificar([Path(e) for e in args.entregas])
    leidas = [entregas.leer_cuaderno(f.ruta, f.texto) for f in ficheros
              if f.estado == "cuaderno"]
    if args.respuestas:
        leidas += entregas.leer_csv(Path(args.respuestas))
    notas, generales = calificacion.calificar(practica, secreto, alumnos, leidas, participantes,
                                              sin)
    salida = Path(args.salida)
    carpeta = salida / f"retroalimentacion_practica{practica.numero}"
    carpeta.mkdir(parents=True, exist_ok=True)
    calificada = calificacion.sin_preguntas(practica, sin)
    for c in notas:
        (carpeta / f"{c.alumno}.md").write_text(calificacion.retroalimentacion(calificada, c),
                                                encoding="utf-8")
    tabla = salida / f"notas_practica{practica.numero}.csv"
    calificacion.escribir_tabla(tabla, calificacion.tabla_notas(calificada, notas, args.excel),
                                args.excel)
    informe = salida / f"informe_entregas_practica{practica.numero}.md"
    informe.write_text(recepcion.informe(practica.numero,
                                         _filas_informe(ficheros, leidas, notas, generales)),
                       encoding="utf-8")
    entregadas = sum(c.entrega is not None for c in notas)
    lines = [f"Práctica {practica.numero}: {entregadas} de {len(notas)} estudiantes con entrega. "
             f"Notas en {tabla}; retroalimentación en {carpeta}/; informe de cada fichero en "
             f"{informe}."]
    lines += [f"Aviso: {a}" for a in generales]
    return "\n".join(lines)


def _filas_informe(ficheros: list[recepcion.Fichero], leidas: list[entregas.Entrega],
                   notas: list[calificacion.Calificacion],
                   generales: list[str]) -> list[tuple[str, str, str, str]]:
    """Una fila del informe por fichero: de quién, si se calificó y sus avisos."""
    por_fichero = {c.entrega: c for c in notas if c.entrega}
    avisos = {e.fichero: e.avisos for e in leidas}
    filas = []
    for f in ficheros:
        c = por_fichero.get(str(f.ruta))
        obs = [f.motivo] if f.motivo else []
        obs += [g.split(": ", 1)[1] for g in generales if g.startswith(f"{f.ruta}: ")]
        if c is not None:
            obs += c.avisos
            estado = "calificado"
        else:
            obs += avisos.get(str(f.ruta), [])
            estado = "no se califica" if f.estado != "cuaderno" or obs else "repetida"
        filas.append((str(f.ruta), c.alumno if c else "", estado, " · ".join(obs)))
    return filas


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Prácticas evaluables: datos de cada estudiante (a partir de un "
        "secreto del docente) y calificación de las entregas. Ver docente/README.md.")
    sub = parser.add_subparsers(dest="orden", metavar="{secreto,datos,corregir}", required=True)
    nuevo = sub.add_parser("secreto", help="escribe un secreto nuevo para el curso",
                           description="Escribe un secreto nuevo (aleatorio). Guárdelo fuera "
                           "del repositorio: con él se regeneran los datos de cada estudiante "
                           "y los exámenes.")
    nuevo.add_argument("--guardar", help="fichero nuevo donde guardarlo, legible solo por "
                       "usted (permisos 600); sin esta opción se imprime")

    def comunes(p: argparse.ArgumentParser) -> None:
        p.add_argument("--practica", required=True, help="número de la práctica: 1, 2 o 3")
        p.add_argument("--alumnos", required=True,
                       help="CSV con la lista de clase (columna «alumno»)")
        p.add_argument("--secreto", help="secreto del curso (o --secreto-fichero, o la "
                       "variable de entorno CURSO_SECRETO)")
        p.add_argument("--secreto-fichero", help="fichero con el secreto del curso")
        p.add_argument("--salida", required=True, help="carpeta de salida")

    datos = sub.add_parser("datos", help="escribe los datos de cada estudiante",
                           description="Escribe una carpeta por estudiante con sus datos, el "
                           "cuaderno de partida, el enunciado y la rúbrica.")
    comunes(datos)
    datos.add_argument("--zip", action="store_true", help="además, un .zip por estudiante "
                       "(A001_practica1.zip) para repartirlo, por ejemplo en Moodle")
    corregir = sub.add_parser("corregir", help="califica las entregas",
                              description="Califica los cuadernos entregados (sin ejecutarlos) "
                              "o un CSV de respuestas: tabla de notas y retroalimentación.")
    comunes(corregir)
    corregir.add_argument("entregas", nargs="*",
                          help="cuadernos entregados o carpetas que los contienen")
    corregir.add_argument("--respuestas", help="CSV de respuestas (columna «alumno» y una "
                          "por pregunta), en lugar de cuadernos o además de ellos")
    corregir.add_argument("--participantes", help="exportación de participantes de Moodle "
                          "(CSV): identifica las carpetas de la descarga de entregas de Moodle "
                          "(«Apellido Nombre_12345_assignsubmission_file_») por su nombre")
    corregir.add_argument("--sin", action="append", help="preguntas que no se califican (y no "
                          "cuentan en el máximo), p. ej. --sin 2c")
    corregir.add_argument("--excel", action="store_true", help="tabla de notas como la abre "
                          "Excel en español: «;», coma decimal y UTF-8 con BOM")
    corregir.add_argument("--datos", help="carpeta que escribió la orden «datos»: comprueba "
                          "con su manifiesto que los datos regenerados son los repartidos")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parse_spanish(_parser, argv)
    if isinstance(args, int):
        return args
    try:
        if args.orden == "secreto" and args.guardar:
            ruta = semillas.guardar_secreto(args.guardar, semillas.nuevo_secreto())
            print(f"Secreto guardado en {ruta} (solo usted puede leerlo). Haga una copia fuera "
                  "del ordenador: sin él no se regeneran los datos ni los exámenes.")
            return 0
        if args.orden == "secreto":
            print(semillas.nuevo_secreto())
            print("Guárdelo fuera del repositorio (por ejemplo en un gestor de contraseñas) y "
                  "páselo con --secreto-fichero o CURSO_SECRETO.", file=sys.stderr)
            return 0
        print(orden_datos(args) if args.orden == "datos" else orden_corregir(args))
    except (ValueError, TypeError) as err:
        print(f"{PROG} {args.orden}: error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
