"""Examen con datos generados a partir de una semilla, para Moodle, y su clave.

Uso (desde la raíz del repositorio, con el entorno del curso activado)::

    python tools/examen.py --semilla 4711                        # examen-4711.xml y su clave
    python tools/examen.py --semilla 4711 --salida ~/examenes/parcial.xml

Escribe un banco de preguntas en Moodle XML (una categoría «Examen S» con tres subcategorías:
medir, comparar dos modelos, varios algoritmos), con preguntas numéricas (tolerancia y una
explicación para cada error típico) y de opción múltiple (opciones barajadas, una explicación por
opción). Al lado escribe la clave para el docente: ``...-clave.md`` y ``...-clave.csv``. Las
preguntas son nuevas (no las de repaso de los cuadernos) y sus números salen de datos generados
con la semilla: otra semilla, otro examen. Guarde la semilla; no guarde el examen ni la clave en
el repositorio. Ver ``docente/README.md``.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import moodle_xml as moodle  # noqa: E402
from course_utils.__main__ import parse_spanish  # noqa: E402
from docente.evaluacion.examen import PreguntaExamen, generar_examen  # noqa: E402

PROG = "python tools/examen.py"


def categoria(semilla: int, nombre: str) -> str:
    return f"$course$/top/Examen {semilla}/{nombre}"


def idnumber(semilla: int, p: PreguntaExamen) -> str:
    return f"examen-{semilla}-{p.numero}"


def banco(semilla: int, preguntas: list[PreguntaExamen]) -> str:
    """El examen en Moodle XML."""
    root = moodle.new_bank()
    actual = None
    for p in preguntas:
        if p.categoria != actual:
            actual = p.categoria
            moodle.add_category(root, categoria(semilla, actual),
                                f"Examen generado con la semilla {semilla}: {actual}.")
        comun = {"name": f"{p.numero} · {p.nombre}", "idnumber": idnumber(semilla, p),
                 "text": p.enunciado, "general_feedback": p.explicacion}
        if p.tipo == "opcion":
            moodle.add_multichoice(root, **comun, options=p.opciones, shuffle=True)
        else:
            answers = [("100", moodle.format_number(p.respuesta), p.tolerancia, "Correcta.")]
            answers += [("0", moodle.format_number(v), t, f"Incorrecta. {retro}")
                        for v, t, retro in p.errores]
            answers.append(("0", "*", 0.0, p.retro_incorrecta()))
            moodle.add_numerical(root, **comun, answers=answers)
    return moodle.to_string(root)


def _respuesta(p: PreguntaExamen) -> str:
    if p.tipo == "opcion":
        return next(texto for texto, correcta, _ in p.opciones if correcta)
    return f"{p.respuesta:.6g}"


def clave_markdown(semilla: int, preguntas: list[PreguntaExamen]) -> str:
    lines = [f"# Clave del examen (semilla {semilla})", "",
             "Solo para el docente. Las preguntas de opción se barajan en Moodle: la respuesta "
             "es el texto de la opción correcta.", "",
             "| pregunta | categoría | respuesta | tolerancia | cómo se calcula | errores "
             "típicos reconocidos |",
             "|---|---|---|---|---|---|"]
    for p in preguntas:
        tol = "—" if p.tipo == "opcion" else f"±{p.tolerancia:g}"
        errores = "; ".join(f"{v:.6g}: {retro}" for v, _, retro in p.errores) or "—"
        lines.append(f"| {p.numero} · {p.nombre} | {p.categoria} | {_respuesta(p)} | {tol} | "
                     f"{p.explicacion} | {errores} |")
    return "\n".join(lines) + "\n"


def clave_csv(semilla: int, preguntas: list[PreguntaExamen]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["pregunta", "idnumber", "categoria", "tipo", "respuesta", "tolerancia"])
    for p in preguntas:
        w.writerow([p.numero, idnumber(semilla, p), p.categoria, p.tipo,
                    _respuesta(p) if p.tipo == "opcion" else repr(p.respuesta),
                    "" if p.tipo == "opcion" else repr(p.tolerancia)])
    return buf.getvalue()


def escribir(semilla: object, salida: Path | None = None) -> list[Path]:
    preguntas = generar_examen(semilla)
    s = int(str(semilla).strip())
    salida = salida or Path(f"examen-{s}.xml")
    salida.parent.mkdir(parents=True, exist_ok=True)
    base = salida.with_suffix("")
    written = [salida, base.with_name(base.name + "-clave.md"),
               base.with_name(base.name + "-clave.csv")]
    written[0].write_text(banco(s, preguntas), encoding="utf-8")
    written[1].write_text(clave_markdown(s, preguntas), encoding="utf-8")
    written[2].write_text(clave_csv(s, preguntas), encoding="utf-8")
    return written


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Escribe un examen para Moodle (Moodle XML) con datos generados "
        "a partir de una semilla, y su clave. Ver docente/README.md.")
    parser.add_argument("--semilla", required=True, help="número entero: otra semilla, otro "
                        "examen (guárdela)")
    parser.add_argument("--salida", type=Path, help="fichero XML (por defecto "
                        "examen-SEMILLA.xml); la clave se escribe al lado")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parse_spanish(_parser, argv)
    if isinstance(args, int):
        return args
    try:
        for path in escribir(args.semilla, args.salida):
            print(f"escrito {path}")
    except ValueError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # una carpeta sin permiso de escritura, un disco lleno...
        print(f"{PROG}: error: --salida: no se pudo escribir {err.filename or args.salida}: "
              "¿existe la carpeta y tiene permiso para escribir en ella?", file=sys.stderr)
        return 2
    print("En Moodle: Banco de preguntas → Importar → formato «Moodle XML». La clave es solo "
          "para usted.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
