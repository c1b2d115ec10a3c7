"""Las rutas de módulo de la versión 1.0, que siguen funcionando durante la serie 1.x.

Hasta la 1.0 los módulos del paquete estaban todos en ``course_utils/``; ahora cada uno vive en la
carpeta de la parte del curso que lo usa (``course_utils/measure/``, ``two_models/``...). Los
nombres de ``course_utils`` (``cu.bootstrap_interval``...) no han cambiado. Quien importa una ruta
antigua (``import course_utils.metrics``, ``from course_utils.mcnemar import mcnemar_test``) recibe
el mismo módulo que con la ruta nueva y un ``DeprecationWarning`` que dice cuál es; este es el
único sitio que lo hace: :data:`MOVED` y el buscador de importaciones que instala
``course_utils/__init__.py``.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from pathlib import Path

#: Ruta antigua (relativa a ``course_utils``) → ruta nueva.
MOVED: dict[str, str] = {
    old: f"{part}.{old}"
    for part, modules in {
        "measure": ("metrics", "intervals", "bootstrap", "plots"),
        "two_models": ("resampling", "comparison", "mcnemar", "two_proportions", "equivalence",
                       "bayesian"),
        "practice": ("single_test_set", "delong", "cochran", "permutation", "regression", "seeds",
                     "question_evals", "aggregates"),
        "many_models": ("ranks", "omnibus", "posthoc", "paired_posthoc", "exhaustive", "adjust",
                        "multiple", "two_algorithms", "plots_multiple"),
        "lab": ("simulation", "simulation_cv", "_simulation_core"),
        "selfcheck": ("exercises", "quiz", "_student_numbers"),
        "report": ("guide",),
        "datasets": ("data", "benchmark"),
    }.items()
    for old in modules
}

_IMPORT_MACHINERY = ("<frozen importlib", __file__, str(Path(importlib.__file__).parent))


def _warn(old: str, new: str) -> None:
    # El aviso se atribuye a la línea que importa, para que Python y Jupyter lo muestren a quien
    # puede cambiarla: se saltan los marcos de este módulo y de ``importlib`` (``warnings`` ya
    # no cuenta los congelados, «<frozen importlib._bootstrap>»).
    frame, level = sys._getframe(0), 1
    while frame is not None and frame.f_code.co_filename.startswith(_IMPORT_MACHINERY):
        if not frame.f_code.co_filename.startswith("<frozen"):
            level += 1
        frame = frame.f_back
    warnings.warn(
        f"`course_utils.{old}` ha pasado a `course_utils.{new}`: la ruta antigua funciona en la "
        f"serie 1.x y desaparecerá en la 2.0. Importe `course_utils.{new}` o, mejor, use los "
        "nombres de `course_utils` (`import course_utils as cu`), que no cambian.",
        DeprecationWarning, stacklevel=level,
    )


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Resuelve ``course_utils.<ruta antigua>`` con el módulo de la ruta nueva."""

    def find_spec(self, fullname, path=None, target=None):
        package, _, old = fullname.partition(".")
        if package != "course_utils" or old not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec):
        old = spec.name.partition(".")[2]
        _warn(old, MOVED[old])
        module = importlib.import_module(f"course_utils.{MOVED[old]}")
        # Python pondrá en el módulo la especificación de la ruta antigua; se guarda la suya
        # para devolvérsela (sin ella, importlib.reload y %autoreload no harían nada).
        spec.loader_state = module.__spec__
        return module

    def exec_module(self, module):
        # El módulo de la ruta nueva ya está cargado: solo recupera su especificación.
        module.__spec__ = module.__spec__.loader_state


def install() -> None:
    """Añade el buscador al final de ``sys.meta_path`` (una sola vez)."""
    if not any(isinstance(f, _Alias) for f in sys.meta_path):
        sys.meta_path.append(_Alias())
