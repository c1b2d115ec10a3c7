"""Construye ``./jupyter``: copia los módulos y, en el del paquete de idioma, escribe los
catálogos fusionados (``language_pack.build``). La configuración está en ``pyproject.toml``."""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

sys.path.insert(0, str(Path(__file__).resolve().parent))
import language_pack  # noqa: E402


class BuildWithCatalogs(build_py):
    def run(self):
        super().run()
        language_pack.build(Path(self.build_lib) / language_pack.MODULE)


setup(cmdclass={"build_py": BuildWithCatalogs})
