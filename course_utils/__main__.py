"""Orden de terminal del curso: ``python -m course_utils informe resultados.csv``.

Analiza un CSV de resultados con :func:`course_utils.analyze_results` y escribe el informe en
Markdown (por defecto), HTML o una tabla de LaTeX. Sale con 0 si todo fue bien y con 2 (y un
mensaje en español) si los datos o las opciones no sirven.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import time
from fractions import Fraction
from pathlib import Path

from course_utils._options import (
    COMMAND_LINE_FLAGS, COMMAND_LINE_OPTIONS, command_line_messages,
)

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
        "y escribe el informe. Lee el CSV tal como lo guardan Excel en español (punto y coma, "
        "coma decimal, Windows-1252), R (write.csv) y pandas (to_csv): la codificación, el "
        "separador (coma, punto y coma o tabulador) y el separador decimal se detectan, y lo que "
        "no se puede leer sin adivinar da un error con la línea y la columna.",
        epilog="Ejemplo: python -m course_utils informe resultados.csv --medida exactitud "
        "--salida informe.md",
    )
    p.add_argument("csv", help="fichero CSV con los resultados")
    p.add_argument("--diseno", choices=["test_set", "cv", "seeds", "datasets", "questions"],
                   help="diseño, si no se deduce de los nombres de las columnas (questions: "
                   "una evaluación por preguntas)")
    p.add_argument("--medida", help="medida: exactitud, auc, f1, error, rmse, mae...")
    direction = p.add_mutually_exclusive_group()
    direction.add_argument("--mayor-es-mejor", dest="mayor", action="store_const", const=True,
                           help="una puntuación mayor es mejor (exactitud, AUC)")
    direction.add_argument("--menor-es-mejor", dest="mayor", action="store_const", const=False,
                           help="una puntuación menor es mejor (un error)")
    p.add_argument("--alfa", type=_number, default=0.05, help="nivel de significación (0.05)")
    p.add_argument("--rope", type=_number, help="semianchura de la ROPE (por ejemplo 0.01)")
    p.add_argument("--control", help="algoritmo de control (varios algoritmos y conjuntos)")
    p.add_argument("--razon", type=_number,
                   help="n_prueba / n_entrenamiento de la validación cruzada (1/9 con 10 "
                   "particiones)")
    p.add_argument("--cv", choices=["rxk", "5x2"], help="forma de la validación cruzada")
    p.add_argument("--permitir-huecos", action="store_true",
                   help="permite celdas vacías en la tabla conjuntos × algoritmos "
                   "(Skillings y Mack)")
    p.add_argument("--posthoc", choices=["wilcoxon", "rangos"], default="wilcoxon",
                   help="varios algoritmos en varios conjuntos: comparar cada pareja con "
                   "Wilcoxon (por defecto; no depende de los demás algoritmos) o con los rangos "
                   "medios de Friedman (Bergmann-Hommel, o Holm frente al --control; dependen "
                   "de qué otros algoritmos haya)")
    p.add_argument("--semilla", type=_seed, default=0, help="semilla de los remuestreos (0)")
    _role_options(p)
    p.add_argument("--formato", choices=["markdown", "html", "latex"], default=None,
                   help="formato del informe (por defecto, el de la extensión de --salida, "
                   "o markdown)")
    p.add_argument("--salida", help="fichero de salida (por defecto, la pantalla)")
    p.add_argument("--enlaces", default=None, metavar="DIRECCIÓN",
                   help="dirección base de los cuadernos del curso, para enlazarlos (por "
                   "ejemplo notebooks/ o https://…/notebooks/); sin ella, el informe nombra el "
                   "cuaderno y la sección sin enlace")
    _add_reading_options(p)
    return parser


def _role_options(p: argparse.ArgumentParser) -> None:
    """Opciones que dicen qué es cada columna (si su nombre no se reconoce) y qué son los datos."""
    g = p.add_argument_group(
        "papel de las columnas",
        "Se reconocen nombres habituales en español y en inglés (conjunto/dataset/task, "
        "algoritmo/model/classifier, particion/fold/split, repeticion/repeat/run, "
        "semilla/seed, puntuacion/score/accuracy/auc..., y_true/etiqueta/target/label); "
        "estas opciones nombran las demás, sin tener que renombrarlas.",
    )
    for flag, dest, what in (
        ("--col-conjunto", "col_conjunto", "los conjuntos de datos"),
        ("--col-algoritmo", "col_algoritmo", "los algoritmos (tabla larga)"),
        ("--col-particion", "col_particion", "la partición de la validación cruzada"),
        ("--col-repeticion", "col_repeticion", "la repetición de la validación cruzada"),
        ("--col-semilla", "col_semilla", "la semilla de entrenamiento"),
        ("--col-puntuacion", "col_puntuacion",
         "la puntuación (tabla larga; con varias medidas, la que se analiza)"),
        ("--col-etiquetas", "col_etiquetas", "las etiquetas verdaderas (conjunto de prueba)"),
    ):
        g.add_argument(flag, dest=dest, metavar="COL", help=f"columna de {what}")
    g.add_argument("--modelo", dest="modelos", action="append", metavar="COL",
                   help="en una tabla ancha, una columna que es un modelo (repítala: --modelo A "
                   "--modelo B); las demás no se analizan")
    g.add_argument("--ignorar", action="append", metavar="COL",
                   help="columna que no se usa (repítala para varias: --ignorar id "
                   "--ignorar tiempo)")
    g.add_argument("--porcentaje", action="store_true",
                   help="las puntuaciones están en porcentaje (0-100): se dividen entre 100")
    g.add_argument("--tipo", choices=["etiquetas", "puntuaciones", "regresion"],
                   help="qué son las predicciones sobre un conjunto de prueba, si no se deduce")
    g.add_argument("--positiva", metavar="CLASE",
                   help="clase positiva de un problema binario con puntuaciones")


_TIPOS = {"etiquetas": "labels", "puntuaciones": "scores", "regresion": "regression"}


def _progress(step: int, total: int, text: str) -> None:
    bar = "█" * step + "·" * (total - step)
    print(f"[{bar}] {step}/{total} {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Ejecuta la orden; devuelve el código de salida."""
    args = parse_spanish(_parser, argv)
    if isinstance(args, int):
        return args
    out = Path(args.salida) if args.salida else None
    fmt = args.formato
    if fmt is None:
        suffix = out.suffix.lower() if out else ""
        fmt = {".html": "html", ".htm": "html", ".tex": "latex"}.get(suffix, "markdown")
    start = time.perf_counter()
    try:
        _check_output(args.salida, fmt)  # antes de importar y analizar nada
        with command_line_messages():  # también el texto del informe nombra las opciones
            _run(args, argv, out, fmt, start)
    except (ValueError, TypeError, FileNotFoundError) as err:
        message = _command_line_text(str(err), args.csv)
        print(f"python -m course_utils informe: error: {message}", file=sys.stderr)
        return 2
    return 0


def _run(args: argparse.Namespace, argv: list[str] | None, out: Path | None, fmt: str,
         start: float) -> None:
    """Analiza el CSV y escribe el informe (los errores, en español, los escribe :func:`main`)."""
    from course_utils.report import analyze_results

    _progress(1, 3, f"Leyendo y validando {args.csv}")
    result = analyze_results(
        args.csv, design=args.diseno, higher_is_better=args.mayor, metric=args.medida,
        alpha=args.alfa, rope=args.rope, control=args.control,
        test_train_ratio=args.razon, cv=args.cv, allow_missing=args.permitir_huecos,
        random_state=args.semilla, dataset_column=args.col_conjunto,
        model_column=args.col_algoritmo, fold_column=args.col_particion,
        repeat_column=args.col_repeticion, seed_column=args.col_semilla,
        score_column=args.col_puntuacion, label_column=args.col_etiquetas,
        model_columns=args.modelos, ignore_columns=args.ignorar,
        percent=args.porcentaje, predictions=_TIPOS.get(args.tipo),
        positive_label=args.positiva, index_col=_index_col(args.columna_indice),
        posthoc={"wilcoxon": "wilcoxon", "rangos": "ranks"}[args.posthoc],
    )
    if hasattr(result, "main_choice"):
        _progress(2, 3, f"Análisis: {result._procedure(result.main_choice)}")
    else:  # semillas sin emparejar o evaluación por preguntas: sin figura
        _progress(2, 3, f"Análisis: {result.procedure}")
    if fmt == "html":
        text = result.to_html(links=args.enlaces)
    elif fmt == "latex":
        text = result.to_latex()
    else:
        text = result.to_markdown(links=args.enlaces)
        if out is not None and hasattr(result, "figure"):
            figure = out.with_suffix(".png")
            fig = result.figure()
            _write(out, lambda: fig.savefig(figure, dpi=120, bbox_inches="tight"), figure)
            text = text.replace("\n## Conclusión", f"\n![Figura del informe]({figure.name})"
                                "\n\n## Conclusión", 1)
    command = "python -m course_utils " + " ".join(argv if argv is not None else sys.argv[1:])
    if fmt == "markdown":
        text += f"- Orden: `{command}`\n"
    if out is None:
        sys.stdout.write(text)
    else:
        _write(out, lambda: out.write_text(text, encoding="utf-8"))
    _progress(3, 3, f"Hecho en {time.perf_counter() - start:.1f} s"
              + (f": {out}" if out else ""))


# --- Lectura del fichero, salida y mensajes con los nombres de las opciones --------------------

#: Cómo se llama en la terminal cada argumento de ``analyze_results`` (la tabla de
#: :mod:`course_utils._options`, la misma con que los mensajes nuevos escriben la opción). Los
#: mensajes que nombran un argumento de Python entre comillas invertidas («`higher_is_better`:
#: ...») los cambia :func:`_command_line_text`. None: no tiene opción (la orden nunca lo pasa,
#: así que sus mensajes no pueden aparecer aquí).
OPTIONS = {"data": "{csv}", "loss": None, **COMMAND_LINE_OPTIONS}
#: Valores que son una opción por sí solos («allow_missing=True» es «--permitir-huecos»).
_FLAG_VALUES = {(name, str(value)): flag for (name, value), flag in COMMAND_LINE_FLAGS.items()}
_VALUE = r"""'[^']*'|"[^"]*"|[-+]?\d+(?:\.\d+)?(?:/\d+)?|\w+"""


def _command_line_text(message: str, csv: str) -> str:
    """El mensaje de ``analyze_results`` con las opciones de la orden en vez de los argumentos.

    «`higher_is_better`: no se sabe...» pasa a «--mayor-es-mejor o --menor-es-mejor: no se
    sabe...»; «pase allow_missing=True» a «pase --permitir-huecos»; «design='cv'» a
    «--diseno cv»; «`data`» al nombre del fichero (sin la carpeta).
    """
    if message.startswith("`data`: ") and f"«{csv}»" in message:
        message = message[len("`data`: "):]  # el mensaje ya nombra el fichero
    csv = Path(csv).name  # «resultados.csv: ...», sin la carpeta
    names = "|".join(re.escape(name) for name in OPTIONS if OPTIONS[name])

    def assignment(match: re.Match) -> str:
        name, value = match.group(1), match.group(2)
        if (name, value) in _FLAG_VALUES:
            return _FLAG_VALUES[name, value]
        option = OPTIONS[name].split(" o ")[0].format(csv=csv)
        if value == "None":
            return f"{option} sin fijar"
        value = value.strip("'\"")
        if name == "index_col" and value.isdigit():
            value = str(int(value) + 1)  # en la terminal, 1 es la primera columna
        others = re.sub(r"'([^']*)'", r"\1", match.group(3) or "")  # «, 'cv' o 'seeds'»
        return f"{option} {value}{others}"

    choices = r"((?:(?:, | o )'[^']*')*)"
    message = re.sub(rf"`?\b({names})=({_VALUE}){choices}`?", assignment, message)
    message = re.sub(rf"`({names})`", lambda m: OPTIONS[m.group(1)].format(csv=csv), message)
    message = re.sub(r"`(--[^`]*)`", r"\1", message)  # una opción ya escrita para la terminal
    return re.sub(rf"\b({'|'.join(n for n in OPTIONS if '_' in n and OPTIONS[n])})\b",
                  lambda m: OPTIONS[m.group(1)], message)


def _add_reading_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--columna-indice", metavar="COLUMNA",
        help="columna con los nombres de las filas, por su nombre o su posición (1 es la "
        "primera); «ninguna» si no hay. Por defecto, la primera columna si no tiene nombre en "
        "la cabecera, como la escriben write.csv de R y to_csv() de pandas: un índice 0…N−1 o "
        "1…N no se analiza y unos nombres son los conjuntos de datos")


def _number(text: str) -> float:
    """Un número de la terminal: ``0.05``, ``0,05`` (coma decimal) o una fracción, ``1/9``."""
    clean = text.strip().replace(",", ".") if "." not in text else text.strip()
    try:
        if "/" in clean:
            top, bottom = clean.split("/")
            return float(Fraction(top.strip()) / Fraction(bottom.strip()))
        return float(clean)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(
            f"se esperaba un número (como 0.05, 0,05 o 1/9); se recibió «{text}»") from None


def _seed(text: str) -> int:
    """``--semilla``: un entero (``1.5`` o ``abc`` no lo son)."""
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"se esperaba un entero mayor o igual que 0 (como 0 o 42); se recibió «{text}»"
        ) from None


def _index_col(value: str | None) -> object:
    """``--columna-indice``: un nombre, una posición desde 1 o «ninguna»."""
    if value is None:
        return None
    if value.strip().lower() == "ninguna":
        return False
    if value.isdigit():
        if int(value) < 1:
            raise ValueError("--columna-indice: las posiciones empiezan en 1 (la primera "
                             "columna); se recibió 0.")
        return int(value) - 1
    return value


def _check_output(path: str | None, fmt: str) -> None:
    """``--salida`` debe ser un fichero que se pueda escribir en una carpeta que existe."""
    if path is None:
        return
    out = Path(path)
    if out.is_dir() or path.endswith(("/", os.sep)):
        raise ValueError(
            f"--salida: «{path}» es una carpeta; dé el nombre del fichero del informe, por "
            f"ejemplo «{out / ('informe.' + {'html': 'html', 'latex': 'tex'}.get(fmt, 'md'))}»."
        )
    folder = out.parent
    if not folder.exists():
        raise ValueError(
            f"--salida: no existe la carpeta «{folder}»; créela antes o elija otra ruta para "
            "el informe."
        )
    if not folder.is_dir():
        raise ValueError(f"--salida: «{folder}» es un fichero, no una carpeta.")
    if not os.access(folder, os.W_OK | os.X_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise ValueError(f"--salida: no tiene permiso para escribir «{path}».")
    if fmt == "markdown" and out.suffix.lower() == ".png":
        raise ValueError(f"--salida: «{path}» es el nombre de la figura del informe; dé un "
                         "fichero .md para el informe en Markdown.")


def _write(out: Path, write, target: Path | None = None) -> None:
    """Escribe con ``write()``; un error del sistema, en español y con la ruta."""
    from course_utils.report._input import _os_reason

    try:
        write()
    except OSError as err:
        raise ValueError(f"--salida: no se pudo escribir «{target or out}» "
                         f"({_os_reason(err)}).") from err


if __name__ == "__main__":
    sys.exit(main())
