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
