"""Orden de terminal del curso: ``python -m course_utils informe resultados.csv``.

Analiza un CSV de resultados con :func:`course_utils.analyze_results` y escribe el informe en
Markdown (por defecto), HTML o una tabla de LaTeX. Sale con 0 si todo fue bien y con 2 (y un
mensaje en español) si los datos o las opciones no sirven.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

# argparse escribe sus textos fijos en inglés; estos son los que ve quien usa la orden.
_SPANISH = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos",
    "options": "opciones",
    "show this help message and exit": "muestra esta ayuda y termina",
    "the following arguments are required: %s": "faltan estos argumentos: %s",
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "opción no válida: %(value)r (elija entre %(choices)s)",
    "invalid %(type)s value: %(value)r": "valor no válido: %(value)r",
    "unrecognized arguments: %s": "argumentos no reconocidos: %s",
    "expected one argument": "falta el valor",
    "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
    "not allowed with argument %s": "no se puede usar junto con %s",
    "ambiguous option: %(option)s could match %(matches)s":
        "opción ambigua: %(option)s puede ser %(matches)s",
}


@contextlib.contextmanager
def _spanish_argparse():
    original = argparse._
    argparse._ = lambda text: _SPANISH.get(text, text)
    try:
        yield
    finally:
        argparse._ = original


def parse_spanish(make_parser, argv: list[str] | None) -> argparse.Namespace | int:
    """Los argumentos leídos con los textos de argparse en español, o el código de salida
    (0 tras ``--help``, 2 si no sirven) si argparse terminó."""
    with _spanish_argparse():
        parser = make_parser()
        try:
            return parser.parse_args(argv)
        except SystemExit as exc:
            return int(exc.code or 0)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m course_utils",
        description="Herramientas del curso «Medir y comparar algoritmos de aprendizaje "
        "automático».",
    )
    sub = parser.add_subparsers(dest="orden", metavar="informe", required=True)
    p = sub.add_parser(
        "informe",
        help="analiza un CSV de resultados y escribe un informe explicado",
        description="Lee un CSV de resultados (predicciones sobre un conjunto de prueba, "
        "particiones de validación cruzada, semillas, o una tabla de conjuntos de datos × "
        "algoritmos, ancha o larga), elige la prueba con la guía «¿Qué prueba uso?» del curso "
        "y escribe el informe.",
        epilog="Ejemplo: python -m course_utils informe resultados.csv --medida exactitud "
        "--salida informe.md",
    )
    p.add_argument("csv", help="fichero CSV con los resultados")
    p.add_argument("--diseno", choices=["test_set", "cv", "seeds", "datasets"],
                   help="diseño, si no se deduce de los nombres de las columnas")
    p.add_argument("--medida", help="medida: exactitud, auc, f1, error, rmse, mae...")
    direction = p.add_mutually_exclusive_group()
    direction.add_argument("--mayor-es-mejor", dest="mayor", action="store_const", const=True,
                           help="una puntuación mayor es mejor (exactitud, AUC)")
    direction.add_argument("--menor-es-mejor", dest="mayor", action="store_const", const=False,
                           help="una puntuación menor es mejor (un error)")
    p.add_argument("--alfa", type=float, default=0.05, help="nivel de significación (0.05)")
    p.add_argument("--rope", type=float, help="semianchura de la ROPE (por ejemplo 0.01)")
    p.add_argument("--control", help="algoritmo de control (varios algoritmos y conjuntos)")
    p.add_argument("--razon", type=float,
                   help="n_prueba / n_entrenamiento de la validación cruzada (1/9 con 10 "
                   "particiones)")
    p.add_argument("--cv", choices=["rxk", "5x2"], help="forma de la validación cruzada")
    p.add_argument("--permitir-huecos", action="store_true",
                   help="permite celdas vacías en la tabla conjuntos × algoritmos "
                   "(Skillings y Mack)")
    p.add_argument("--semilla", type=int, default=0, help="semilla de los remuestreos (0)")
    p.add_argument("--formato", choices=["markdown", "html", "latex"], default=None,
                   help="formato del informe (por defecto, el de la extensión de --salida, "
                   "o markdown)")
    p.add_argument("--salida", help="fichero de salida (por defecto, la pantalla)")
    p.add_argument("--enlaces", default="notebooks/",
                   help="prefijo de los enlaces a los cuadernos (notebooks/)")
    return parser


def _progress(step: int, total: int, text: str) -> None:
    bar = "█" * step + "·" * (total - step)
    print(f"[{bar}] {step}/{total} {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Ejecuta la orden; devuelve el código de salida."""
    args = parse_spanish(_parser, argv)
    if isinstance(args, int):
        return args
    from course_utils.report import analyze_results

    out = Path(args.salida) if args.salida else None
    fmt = args.formato
    if fmt is None:
        suffix = out.suffix.lower() if out else ""
        fmt = {".html": "html", ".htm": "html", ".tex": "latex"}.get(suffix, "markdown")
    start = time.perf_counter()
    try:
        _progress(1, 3, f"Leyendo y validando {args.csv}")
        result = analyze_results(
            args.csv, design=args.diseno, higher_is_better=args.mayor, metric=args.medida,
            alpha=args.alfa, rope=args.rope, control=args.control, test_train_ratio=args.razon,
            cv=args.cv, allow_missing=args.permitir_huecos, random_state=args.semilla,
        )
        _progress(2, 3, f"Análisis: {result._procedure(result.main_choice)}")
        if fmt == "html":
            text = result.to_html(links=args.enlaces)
        elif fmt == "latex":
            text = result.to_latex()
        else:
            text = result.to_markdown(links=args.enlaces)
            if out is not None:
                figure = out.with_suffix(".png")
                fig = result.figure()
                fig.savefig(figure, dpi=120, bbox_inches="tight")
                text = text.replace("\n## Conclusión", f"\n![Figura del informe]({figure.name})"
                                    "\n\n## Conclusión", 1)
        command = "python -m course_utils " + " ".join(argv if argv is not None else sys.argv[1:])
        if fmt == "markdown":
            text += f"- Orden: `{command}`\n"
        if out is None:
            sys.stdout.write(text)
        else:
            out.write_text(text, encoding="utf-8")
        _progress(3, 3, f"Hecho en {time.perf_counter() - start:.1f} s"
                  + (f": {out}" if out else ""))
    except (ValueError, TypeError, FileNotFoundError) as err:
        print(f"python -m course_utils informe: error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
