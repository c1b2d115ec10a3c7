"""Re-ejecuta los cuadernos del curso en su sitio, de forma determinista.

Uso (desde la raíz del repositorio, con el entorno del curso activado)::

    python tools/run_notebooks.py                 # todos los cuadernos de notebooks/
    python tools/run_notebooks.py notebooks/02_intervalos_de_confianza.ipynb
    python tools/run_notebooks.py --metadata-only                # solo metadatos, sin ejecutar
    python tools/run_notebooks.py --metadata-only notebooks/05_mcnemar.ipynb

Cada cuaderno se ejecuta de arriba abajo en un núcleo nuevo (el de este mismo
entorno de Python), con el directorio del cuaderno como directorio de trabajo,
y se guarda con sus salidas. Se normalizan los metadatos volátiles (tiempos de
ejecución) y se fija la ficha del núcleo (``python3``), de modo que ejecutar el
comando dos veces seguidas no deja diferencias en ``git diff``.

Además se aplican las reglas de clase de ``CONTRIBUTING.md`` (``tools/classroom.py``):

- las celdas con la etiqueta ``solution`` llevan
  ``"jupyter": {"source_hidden": true, "outputs_hidden": true}`` (plegadas en JupyterLab,
  también su salida, para que proyectar el cuaderno no muestre las respuestas);
- cada celda lleva los metadatos de diapositivas de RISE (``slideshow.slide_type``): una celda
  Markdown que empieza por ``#`` o ``##`` abre diapositiva (``slide``), una que empieza por
  ``###`` abre subdiapositiva (``subslide``), igual que cada celda de pregunta de repaso
  (``cu.quiz_question("05.1")``: una pregunta por diapositiva), las celdas de una sección «Para profundizar» (desde
  su encabezado hasta el siguiente del mismo nivel o superior) y las soluciones se omiten
  (``skip``) y el resto continúa la diapositiva en curso (``-``), salvo la celda que ya no cabría
  en una pantalla de 1024×768: esa abre subdiapositiva (``classroom.estimated_height`` estima la
  altura de cada celda por su texto y sus salidas guardadas);
- el cuaderno lleva ``"rise": {"scroll": true}``: una diapositiva más alta que la pantalla se
  desplaza en lugar de quedar cortada;
- el texto alternativo de cada figura, escrito en los metadatos ``alt`` de su celda (un texto, o
  una lista con uno por figura), se copia a los metadatos de la salida de imagen
  (``{"image/png": {"alt": ...}}``), de modo que sobrevive a cada ejecución.

Si el cuaderno tiene ejercicios comprobados (``cu.comprobar("NN.N", respuesta_N)``, ver
``course_utils/selfcheck/exercises.py``), tras ejecutarlo se recogen de sus salidas las respuestas
de las
soluciones; si alguna difiere de ``course_utils/selfcheck/exercise_answers.json``, se actualiza el
fichero y
el cuaderno se ejecuta otra vez, para que cada comprobación guardada muestre «✔ Correcto».

Con ``--metadata-only`` solo se aplican estas normalizaciones, sin ejecutar nada ni tocar las
salidas salvo sus metadatos (barato: sirve para refrescar los metadatos tras editar el texto de un
cuaderno o el texto alternativo de una figura). Un cuaderno que ya está normalizado no se
reescribe.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classroom import dumps, harvest_answers, normalize_classroom_metadata  # noqa: E402
from make_student_copies import ANSWERS, answers_text  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
# Claves de metadatos de celda que dependen de la ejecución y no del contenido.
VOLATILE_CELL_METADATA = ("execution", "collapsed", "scrolled", "ExecuteTime")


def merge_streams(outputs: list) -> list:
    """Une las salidas de texto consecutivas del mismo flujo (stdout o stderr).

    El núcleo puede partir un mismo ``print`` en varios mensajes según el momento
    en que vacía su búfer; unirlos hace que el fichero guardado no dependa de eso.
    """
    merged: list = []
    for out in outputs:
        if (
            out.get("output_type") == "stream"
            and merged
            and merged[-1].get("output_type") == "stream"
            and merged[-1].get("name") == out.get("name")
        ):
            merged[-1]["text"] = "".join(merged[-1]["text"]) + "".join(out["text"])
        else:
            merged.append(out)
    return merged


def normalize(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Quita metadatos volátiles y fija la ficha del núcleo."""
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    for key in ("widgets", "toc", "varInspector"):
        nb.metadata.pop(key, None)
    for cell in nb.cells:
        for key in VOLATILE_CELL_METADATA:
            cell.metadata.pop(key, None)
        if cell.cell_type == "code":
            cell.outputs = merge_streams(cell.get("outputs", []))
            for out in cell.outputs:
                if "metadata" in out:
                    out["metadata"] = {
                        k: v for k, v in out["metadata"].items() if k not in ("execution",)
                    }
    normalize_classroom_metadata(nb)
    return nb


def refresh_metadata(path: Path) -> bool:
    """Aplica :func:`normalize` sin ejecutar; devuelve si el fichero ha cambiado."""
    before = path.read_text(encoding="utf-8")
    nb = normalize(nbformat.reads(before, as_version=4))
    nbformat.validate(nb)
    after = dumps(nb)
    if after == before:
        return False
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(after)
    return True


def run(path: Path, timeout: int) -> float:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:  # empezar siempre de cero
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        allow_errors=False,  # solo las celdas con la etiqueta «raises-exception» pueden fallar
    )
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    normalize(nb)
    nbformat.validate(nb)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        nbformat.write(nb, fh)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebooks", nargs="*", type=Path, help="cuadernos a ejecutar (por defecto, todos)")
    parser.add_argument("--timeout", type=int, default=600, help="segundos máximos por celda")
    parser.add_argument(
        "--metadata-only",
        action="store_true",
        help="solo normaliza los metadatos (soluciones plegadas, diapositivas), sin ejecutar",
    )
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if not paths:
        print("No hay cuadernos que ejecutar.", file=sys.stderr)
        return 1
    # Semilla fija para el hash de cadenas del núcleo (orden de conjuntos, etc.).
    os.environ["PYTHONHASHSEED"] = "0"
    if args.metadata_only:
        for path in paths:
            changed = refresh_metadata(path.resolve())
            print(f"{path}: {'metadatos actualizados' if changed else 'sin cambios'}", flush=True)
        return 0
    for path in paths:
        path = path.resolve()
        print(f"Ejecutando {path.relative_to(ROOT)} ...", flush=True)
        elapsed = run(path, args.timeout)
        print(f"  listo en {elapsed:.1f} s", flush=True)
        if update_answers(path):
            print("  valores esperados actualizados; se ejecuta otra vez ...", flush=True)
            elapsed = run(path, args.timeout)
            print(f"  listo en {elapsed:.1f} s", flush=True)
            if harvest_answers(nbformat.read(path, as_version=4), path.name).unconfirmed:
                print(f"{path.name}: alguna comprobación no muestra «✔ Correcto»", file=sys.stderr)
                return 1
    return 0


def update_answers(path: Path) -> bool:
    """Recoge las respuestas de las soluciones de ``path`` (ya ejecutado) y las escribe en
    ``course_utils/selfcheck/exercise_answers.json`` si cambian; devuelve si ha cambiado algo."""
    harvest = harvest_answers(nbformat.read(path, as_version=4), path.name)
    if harvest.problems:
        raise SystemExit("\n".join(harvest.problems))
    old = json.loads(ANSWERS.read_text(encoding="utf-8")) if ANSWERS.exists() else {}
    new = {k: v for k, v in old.items() if not k.startswith(path.name[:2] + ".")}
    new.update(harvest.answers)
    if answers_text(new) == answers_text(old) and not harvest.unconfirmed:
        return False
    with open(ANSWERS, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(answers_text(new))
    return True


if __name__ == "__main__":
    raise SystemExit(main())
