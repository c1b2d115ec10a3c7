"""Examen para Moodle con datos generados a partir del secreto del curso, y su clave.

Uso (desde la raíz del repositorio, con el entorno del curso activado)::

    python tools/examen.py --examen parcial1 --secreto-fichero ~/curso.secreto
    python tools/examen.py --examen parcial1 --variantes 8 --salida ~/examenes/parcial1.xml

Escribe un banco de preguntas en Moodle XML: una categoría «Examen NOMBRE» y, dentro, una
subcategoría por pregunta (``E01 · Sensibilidad``...) con ``--variantes`` versiones de esa
pregunta, cada una con otros datos. En el cuestionario de Moodle se añade, por cada
subcategoría, una «pregunta aleatoria» de esa categoría: cada estudiante recibe una variante
distinta de cada pregunta. Preguntas numéricas (tolerancia y una explicación para cada error
típico) y de opción múltiple (opciones barajadas, una explicación por opción). Al lado escribe
la clave para el docente: ``...-clave.md`` y ``...-clave.csv``, con una fila por variante.

Los datos de cada variante salen de ``HMAC-SHA256(secreto, "examen-NOMBRE-E03|v2")``: sin el
secreto del curso (el de ``tools/calificar.py``; ``--secreto``, ``--secreto-fichero`` o la
variable de entorno ``CURSO_SECRETO``) nadie puede reconstruirlos a partir de un enunciado.
Con el mismo secreto y el mismo nombre se regenera el mismo examen; no guarde el examen ni la
clave en el repositorio. Ver ``docente/README.md`` y ``docente/operaciones.md``.
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
from docente.evaluacion import semillas  # noqa: E402
from docente.evaluacion.examen import (  # noqa: E402
    VARIANTES,
    PreguntaExamen,
    comprobar_examen,
    comprobar_variantes,
    generar_examen,
)

PROG = "python tools/examen.py"


def categoria(examen: str, p: PreguntaExamen | None = None) -> str:
    base = f"$course$/top/Examen {examen}"
    return base if p is None else f"{base}/{p.numero} · {p.nombre}"


def idnumber(examen: str, p: PreguntaExamen, variante: int) -> str:
    return f"examen-{examen}-{p.numero}-v{variante}"


def banco(examen: str, variantes: list[list[PreguntaExamen]]) -> str:
    """El examen en Moodle XML: una categoría por pregunta con sus variantes."""
    root = moodle.new_bank()
    moodle.add_category(root, categoria(examen), f"Examen {examen}: una subcategoría por "
                        "pregunta; añada al cuestionario una pregunta aleatoria de cada una.")
    for i, p0 in enumerate(variantes[0]):
        moodle.add_category(root, categoria(examen, p0),
                            f"{len(variantes)} variantes de la pregunta {p0.numero} "
                            f"({p0.categoria}).")
        for v, preguntas in enumerate(variantes, start=1):
            p = preguntas[i]
            comun = {"name": f"{p.numero} · {p.nombre} · variante {v}",
                     "idnumber": idnumber(examen, p, v), "text": p.enunciado,
                     "general_feedback": p.explicacion}
            if p.tipo == "opcion":
                moodle.add_multichoice(root, **comun, options=p.opciones, shuffle=True)
            else:
                answers = [("100", moodle.format_number(p.respuesta), p.tolerancia, "Correcta.")]
                answers += [("0", moodle.format_number(x), t, f"Incorrecta. {retro}")
                            for x, t, retro in p.errores]
                answers.append(("0", "*", 0.0, p.retro_incorrecta()))
                moodle.add_numerical(root, **comun, answers=answers)
    return moodle.to_string(root)


def _respuesta(p: PreguntaExamen) -> str:
    if p.tipo == "opcion":
        return next(texto for texto, correcta, _ in p.opciones if correcta)
    return f"{p.respuesta:.6g}"


def _filas(variantes: list[list[PreguntaExamen]]):
    for i in range(len(variantes[0])):
        for v, preguntas in enumerate(variantes, start=1):
            yield v, preguntas[i]


def clave_markdown(examen: str, variantes: list[list[PreguntaExamen]]) -> str:
    lines = [f"# Clave del examen «{examen}» ({len(variantes)} variantes por pregunta)", "",
             "Solo para el docente. Moodle muestra el nombre de la variante que recibió cada "
             "estudiante (`E03 · ... · variante 2`). Las preguntas de opción se barajan: la "
             "respuesta es el texto de la opción correcta.", "",
             "| pregunta | variante | categoría | respuesta | tolerancia | cómo se calcula | "
             "errores típicos reconocidos |",
             "|---|---|---|---|---|---|---|"]
    for v, p in _filas(variantes):
        tol = "—" if p.tipo == "opcion" else f"±{p.tolerancia:g}"
        errores = "; ".join(f"{x:.6g}: {retro}" for x, _, retro in p.errores) or "—"
        lines.append(f"| {p.numero} · {p.nombre} | {v} | {p.categoria} | {_respuesta(p)} | "
                     f"{tol} | {p.explicacion} | {errores} |")
    return "\n".join(lines) + "\n"


def clave_csv(examen: str, variantes: list[list[PreguntaExamen]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["pregunta", "variante", "idnumber", "categoria", "tipo", "respuesta",
                "tolerancia"])
    for v, p in _filas(variantes):
        w.writerow([p.numero, v, idnumber(examen, p, v), p.categoria, p.tipo,
                    _respuesta(p) if p.tipo == "opcion" else repr(p.respuesta),
                    "" if p.tipo == "opcion" else repr(p.tolerancia)])
    return buf.getvalue()


def escribir(secreto: str, examen: object, n_variantes: object = VARIANTES,
             salida: Path | None = None) -> list[Path]:
    examen = comprobar_examen(examen)
    n = comprobar_variantes(n_variantes)
    variantes = [generar_examen(secreto, examen, v) for v in range(1, n + 1)]
    salida = salida or Path(f"examen-{examen}.xml")
    salida.parent.mkdir(parents=True, exist_ok=True)
    base = salida.with_suffix("")
    written = [salida, base.with_name(base.name + "-clave.md"),
               base.with_name(base.name + "-clave.csv")]
    written[0].write_text(banco(examen, variantes), encoding="utf-8")
    written[1].write_text(clave_markdown(examen, variantes), encoding="utf-8")
    written[2].write_text(clave_csv(examen, variantes), encoding="utf-8")
    return written


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Escribe un examen para Moodle (Moodle XML) con datos generados "
        "a partir del secreto del curso, con variantes de cada pregunta, y su clave. Ver "
        "docente/README.md.")
    parser.add_argument("--examen", required=True, help="nombre del examen (parcial1...): "
                        "otro nombre, otros datos")
    parser.add_argument("--variantes", default=VARIANTES, help="versiones de cada pregunta "
                        f"(por defecto {VARIANTES}); Moodle sortea una para cada estudiante")
    parser.add_argument("--secreto", help="secreto del curso (o --secreto-fichero, o la "
                        "variable de entorno CURSO_SECRETO)")
    parser.add_argument("--secreto-fichero", help="fichero con el secreto del curso")
    parser.add_argument("--salida", type=Path, help="fichero XML (por defecto "
                        "examen-NOMBRE.xml); la clave se escribe al lado")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parse_spanish(_parser, argv)
    if isinstance(args, int):
        return args
    try:
        secreto = semillas.leer_secreto(args.secreto, args.secreto_fichero)
        for path in escribir(secreto, args.examen, args.variantes, args.salida):
            print(f"escrito {path}")
    except ValueError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # una carpeta sin permiso de escritura, un disco lleno...
        print(f"{PROG}: error: --salida: no se pudo escribir {err.filename or args.salida}: "
              "¿existe la carpeta y tiene permiso para escribir en ella?", file=sys.stderr)
        return 2
    print("En Moodle: Banco de preguntas → Importar → formato «Moodle XML»; en el cuestionario, "
          "una pregunta aleatoria de cada subcategoría. La clave es solo para usted.",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
