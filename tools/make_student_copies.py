"""Genera las copias de los cuadernos para estudiantes en ``notebooks/alumnos/``.

Uso (desde la raíz del repositorio, con el entorno del curso activado)::

    python tools/make_student_copies.py            # escribe notebooks/alumnos/
    python tools/make_student_copies.py --check    # solo comprueba que están al día
    python tools/make_student_copies.py --mi-trabajo   # copia de trabajo del estudiante

Para cada ``notebooks/NN_nombre.ipynb`` se escribe ``notebooks/alumnos/NN_nombre.ipynb``, igual que
el original salvo que cada solución (celdas con la etiqueta ``solution``; varias seguidas cuentan
como una) se sustituye por una celda de código vacía, visible y sin salida, con la etiqueta
``exercise`` y una indicación («# Ejercicio N: escriba aquí su solución.»). Las demás celdas, sus
salidas y sus metadatos, y los metadatos del cuaderno, no cambian; la única excepción son los
enlaces Markdown relativos que salen de ``notebooks/`` (``../README.md``), que ganan un ``../``
porque la copia está una carpeta más abajo. Los enlaces entre cuadernos
(``04_prueba_t_corregida.ipynb``) llevan, desde una copia, a la copia del otro cuaderno.

También se escriben en ``notebooks/alumnos/``:

- ``matplotlibrc``, copia de ``notebooks/matplotlibrc`` (Matplotlib lo lee del directorio de
  trabajo, que en JupyterLab es la carpeta del cuaderno);
- ``rise.css``, copia de ``notebooks/rise.css`` (el estilo de las diapositivas: RISE lo busca en
  la carpeta del cuaderno);
- ``README.md``, que explica a los estudiantes qué es esta carpeta.

``python -m pytest`` no re-ejecuta las copias con nbval (``--ignore=notebooks/alumnos`` en
``pyproject.toml``): sus celdas son las de los originales, que sí se ejecutan, y
``tests/test_classroom.py`` comprueba que las copias son exactamente lo que genera esta orden.

**Valores esperados de los ejercicios.** También se escribe
``course_utils/selfcheck/exercise_answers.json``:
la declaración de cada ejercicio comprobado (``cu.comprobar("NN.N", respuesta_N)``), recogida de
los metadatos de la salida guardada de su celda de comprobación en el cuaderno del docente (la
salida que nbval verifica; ver ``course_utils/selfcheck/exercises.py``). No se ejecuta nada: si una
celda de
comprobación no tiene salida o no muestra «✔ Correcto», la orden falla y pide ejecutar el cuaderno
con ``tools/run_notebooks.py`` (que actualiza el fichero y vuelve a ejecutar si hace falta).

Las copias se generan, nunca se editan a mano; repetir la orden no deja diferencias en ``git``.
Genérelas después de ``tools/run_notebooks.py``. El estado de vista que deja el uso en clase
(una salida plegada con RISE, una solución desplegada) no cuenta como cambio.

**Dónde trabaja el estudiante.** Con ``--mi-trabajo`` se copian las copias de ``alumnos/`` a
``notebooks/mi_trabajo/`` (ignorada por ``git`` y por las pruebas). Solo se copian los cuadernos
que aún no están allí: lo que el estudiante haya escrito no se sobrescribe nunca, tampoco al
regenerar ``alumnos/``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classroom import dumps, harvest_answers, reset_view_state, student_copy  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
STUDENTS = NOTEBOOKS / "alumnos"
WORKSPACE = NOTEBOOKS / "mi_trabajo"
#: Ficheros de notebooks/ que cada carpeta de cuadernos necesita a su lado.
SHARED = ("matplotlibrc", "rise.css")
ANSWERS = ROOT / "course_utils" / "selfcheck" / "exercise_answers.json"

README = """\
# Cuadernos para estudiantes

Esta carpeta tiene una copia de cada cuaderno del curso **sin las soluciones de los ejercicios**:
donde estaba cada solución hay una celda de código vacía para escribir la suya. Todo lo demás (el
texto, el código, las figuras y los resultados guardados) es igual que en los cuadernos de
`notebooks/`, que sí incluyen las soluciones.

**No trabaje aquí**: estos ficheros se generan con `python tools/make_student_copies.py` y se
sobrescriben. Cree una vez su propia copia, que ninguna orden sobrescribe (desde la raíz del
repositorio, con el entorno activado):

    python tools/make_student_copies.py --mi-trabajo

y abra los cuadernos desde allí, `jupyter lab notebooks/mi_trabajo/`, ejecutándolos de arriba
abajo. Esa carpeta es suya (git y las pruebas la ignoran); repetir la orden solo añade los
cuadernos nuevos.

Casi todos los ejercicios se comprueban solos: guarde su resultado en la variable que indica el
enunciado (`respuesta_2 = ...`) y ejecute la celda siguiente, `cu.comprobar("05.2", respuesta_2)`.
Le dirá si es correcto y, si no, le dará una pista sin mostrar la solución.
"""

def sources() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def expected_files(read=None) -> dict[Path, str]:
    """Cada fichero de ``notebooks/alumnos/`` con el texto exacto que debe tener.

    ``read(path)`` lee un cuaderno (por defecto, ``nbformat.read``); no se modifica lo leído."""
    files = {
        **{STUDENTS / name: (NOTEBOOKS / name).read_text(encoding="utf-8") for name in SHARED},
        STUDENTS / "README.md": README,
    }
    for path in sources():
        nb = read(path) if read else nbformat.read(path, as_version=4)
        copy = student_copy(nb)
        nbformat.validate(copy)
        files[STUDENTS / path.name] = dumps(copy)
    return files


def answers_text(answers: dict[str, dict]) -> str:
    """El texto exacto de ``course_utils/selfcheck/exercise_answers.json``."""
    return json.dumps(dict(sorted(answers.items())), ensure_ascii=False, indent=1) + "\n"


def expected_answers(read=None, *, confirmed: bool = True) -> str:
    """El texto que debe tener ``course_utils/selfcheck/exercise_answers.json``, recogido de las
    salidas
    guardadas de los cuadernos del docente. Falla (``ValueError``, en español) si una celda de
    comprobación está mal formada, no tiene salida o (con ``confirmed``) no muestra la
    confirmación: el cuaderno debe ejecutarse con ``tools/run_notebooks.py``."""
    answers: dict[str, dict] = {}
    problems: list[str] = []
    for path in sources():
        nb = read(path) if read else nbformat.read(path, as_version=4)
        harvest = harvest_answers(nb, path.name)
        answers.update(harvest.answers)
        problems += harvest.problems
        if confirmed and harvest.unconfirmed:
            problems.append(f"{path.name}: la salida guardada de {harvest.unconfirmed} no es "
                            f"«✔ Correcto»; ejecute python tools/run_notebooks.py notebooks/"
                            f"{path.name}")
    if problems:
        raise ValueError("Comprobaciones de ejercicios con problemas:\n" + "\n".join(problems))
    return answers_text(answers)


def is_current(path: Path, text: str) -> bool:
    """``path`` tiene el texto ``text``, salvo el estado de vista que deja el uso en clase."""
    if not path.exists():
        return False
    present = path.read_text(encoding="utf-8")
    if present == text or path.suffix != ".ipynb":
        return present == text
    try:
        nb = nbformat.reads(present, as_version=4)
    except Exception:  # un fichero roto no está al día
        return False
    return dumps(reset_view_state(nb)) == text


def make_workspace() -> int:
    """Copia a ``notebooks/mi_trabajo/`` lo que aún no esté allí; nunca sobrescribe."""
    WORKSPACE.mkdir(exist_ok=True)
    copied = 0
    for source in [*sorted(STUDENTS.glob("*.ipynb")), *(STUDENTS / name for name in SHARED)]:
        target = WORKSPACE / source.name
        if target.exists():
            continue
        target.write_bytes(source.read_bytes())
        copied += 1
        print(f"copiada {target.relative_to(ROOT)}")
    print(f"{copied} ficheros nuevos en {WORKSPACE.relative_to(ROOT)}/ (los que ya estaban no se "
          "tocan). Ábralos con: jupyter lab notebooks/mi_trabajo/")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--check", action="store_true", help="no escribe nada; falla si alguna copia no está al día"
    )
    parser.add_argument(
        "--mi-trabajo", action="store_true",
        help="copia las copias de estudiante a notebooks/mi_trabajo/ sin sobrescribir nada",
    )
    args = parser.parse_args(argv)
    if args.mi_trabajo:
        return make_workspace()
    files = expected_files()
    try:
        answers = expected_answers()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    answers_current = ANSWERS.exists() and ANSWERS.read_text(encoding="utf-8") == answers
    stale = sorted(
        p for p in STUDENTS.glob("*.ipynb") if p not in files
    )  # copias de cuadernos que ya no existen
    outdated = [p for p, text in files.items() if not is_current(p, text)]
    if args.check:
        for p in outdated:
            print(f"desactualizada: {p.relative_to(ROOT)}")
        for p in stale:
            print(f"sobra: {p.relative_to(ROOT)}")
        if not answers_current:
            print(f"desactualizada: {ANSWERS.relative_to(ROOT)}")
        return 1 if outdated or stale or not answers_current else 0
    STUDENTS.mkdir(exist_ok=True)
    for p in outdated:
        with open(p, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(files[p])
        print(f"escrita {p.relative_to(ROOT)}")
    for p in stale:
        p.unlink()
        print(f"borrada {p.relative_to(ROOT)}")
    if not answers_current:
        with open(ANSWERS, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(answers)
        print(f"escrita {ANSWERS.relative_to(ROOT)}")
    print(f"{len(files)} ficheros en {STUDENTS.relative_to(ROOT)}/ ({len(outdated)} actualizados)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
