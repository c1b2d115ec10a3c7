"""Configuración común de las pruebas unitarias."""

import matplotlib

matplotlib.use("Agg")


def missing_reference(reason: str, skipped: str) -> None:
    """Falta una referencia externa (R, un paquete de R, un navegador): en CI es un fallo
    (``.ci/run`` la instala); en un ordenador, las pruebas se omiten y dicen por qué."""
    import os

    import pytest

    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} En CI es obligatoria (.ci/run la instala).")
    pytest.skip(f"{reason} Se omiten {skipped}.")


#: Convierte el JSON de entrada (listas anidadas) en una expresión de R con list(...).
R_READ_JSON_LISTS = r"""
read_json_lists <- function(path) {
  txt <- paste(readLines(path, warn = FALSE), collapse = "")
  eval(parse(text = gsub("\\]", ")", gsub("\\[", "list(", txt))))
}
"""


def run_r(script: str, data, folder) -> list[str]:
    """Ejecuta ``script`` de R con ``Rscript`` (un solo proceso) y devuelve sus líneas de salida.

    ``data`` (listas anidadas de números y textos) se pasa como JSON; el guion lo lee con
    ``read_json_lists(args[1])`` y escribe sus resultados, una línea por caso, en ``args[2]``.
    Sin ``Rscript``, omite la prueba (en CI, falla). Si el guion imprime ``FALTA <paquete>`` y
    sale con estado 3, lo mismo con el paquete de R que falta."""
    import json
    import shutil
    import subprocess
    from pathlib import Path

    rscript = shutil.which("Rscript")
    if rscript is None:
        missing_reference("No está instalado R (Rscript); en Debian: apt-get install r-base-core.",
                          "las comparaciones con R")
    folder = Path(folder)
    (folder / "in.txt").write_text(json.dumps(data), encoding="utf-8")
    (folder / "ref.R").write_text(R_READ_JSON_LISTS + script, encoding="utf-8")
    run = subprocess.run([rscript, str(folder / "ref.R"), str(folder / "in.txt"),
                          str(folder / "out.txt")], capture_output=True, text=True, timeout=120)
    if run.returncode == 3 and run.stdout.startswith("FALTA "):
        package = run.stdout.split()[1]
        missing_reference(f"R no tiene el paquete {package}; en Debian: apt-get install "
                          f"r-cran-{package.lower()}.", f"las comparaciones con {package}")
    if run.returncode != 0:
        raise AssertionError(f"Rscript falló:\n{run.stderr}")
    return (folder / "out.txt").read_text(encoding="utf-8").splitlines()
