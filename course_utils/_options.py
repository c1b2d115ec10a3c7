"""El nombre de cada opción en Python y en la orden de terminal, para los mensajes de error.

Un mismo mensaje sirve a quien llama a :func:`course_utils.analyze_results` (que ve
``dataset_column='tarea'``) y a quien usa ``python -m course_utils informe`` (que ve
``--col-conjunto tarea``): :func:`option` escribe la forma que corresponde y la orden de terminal
la cambia con :func:`command_line_messages`.
"""

from __future__ import annotations

import contextlib
import contextvars
import shlex

_COMMAND_LINE = contextvars.ContextVar("course_utils_report_command_line", default=False)

#: Argumento de ``analyze_results`` → opción de ``python -m course_utils informe``.
COMMAND_LINE_OPTIONS = {
    "design": "--diseno",
    "metric": "--medida",
    "higher_is_better": "--mayor-es-mejor o --menor-es-mejor",
    "alpha": "--alfa",
    "rope": "--rope",
    "control": "--control",
    "test_train_ratio": "--razon",
    "cv": "--cv",
    "allow_missing": "--permitir-huecos",
    "random_state": "--semilla",
    "dataset_column": "--col-conjunto",
    "model_column": "--col-algoritmo",
    "fold_column": "--col-particion",
    "repeat_column": "--col-repeticion",
    "seed_column": "--col-semilla",
    "score_column": "--col-puntuacion",
    "label_column": "--col-etiquetas",
    "model_columns": "--modelo",
    "ignore_columns": "--ignorar",
    "percent": "--porcentaje",
    "predictions": "--tipo",
    "positive_label": "--positiva",
    "index_col": "--columna-indice",
    "posthoc": "--posthoc",
}

#: Valores que la orden escribe en español.
COMMAND_LINE_VALUES = {
    "predictions": {"labels": "etiquetas", "scores": "puntuaciones", "regression": "regresion"},
    "posthoc": {"ranks": "rangos"},
}
#: Argumento y valor que son, juntos, una opción sin valor («allow_missing=True» es
#: «--permitir-huecos»).
COMMAND_LINE_FLAGS = {
    ("higher_is_better", True): "--mayor-es-mejor",
    ("higher_is_better", False): "--menor-es-mejor",
    ("allow_missing", True): "--permitir-huecos",
    ("percent", True): "--porcentaje",
    ("index_col", False): "--columna-indice ninguna",
}

_UNSET = object()


def on_command_line() -> bool:
    """Si el mensaje es para la orden de terminal."""
    return _COMMAND_LINE.get()


@contextlib.contextmanager
def command_line_messages():
    """Dentro de este bloque, :func:`option` escribe las opciones de la orden de terminal."""
    token = _COMMAND_LINE.set(True)
    try:
        yield
    finally:
        _COMMAND_LINE.reset(token)


def option(name: str, value: object = _UNSET) -> str:
    """La opción ``name`` (con su valor, si se da) como la escribe quien la usa.

    Desde Python, el argumento entre comillas invertidas; en la orden de terminal, la opción
    tal cual, sin comillas invertidas (así se lee en la terminal y se copia sin más).

    >>> option("dataset_column", "tarea")
    "`dataset_column='tarea'`"
    >>> with command_line_messages():
    ...     print(option("dataset_column", "tarea"), "y", option("ignore_columns", ["a", "b c"]))
    --col-conjunto tarea y --ignorar a --ignorar 'b c'
    >>> with command_line_messages():
    ...     print(option("higher_is_better", False), option("index_col", 0))
    --menor-es-mejor --columna-indice 1
    """
    if not on_command_line() or name not in COMMAND_LINE_OPTIONS:
        return f"`{name}`" if value is _UNSET else f"`{name}={value!r}`"
    if value is _UNSET:
        return COMMAND_LINE_OPTIONS[name]
    if isinstance(value, bool) and (name, value) in COMMAND_LINE_FLAGS:
        return COMMAND_LINE_FLAGS[name, value]
    flag = COMMAND_LINE_OPTIONS[name].split(" o ")[0]
    values = value if isinstance(value, (list, tuple)) else [value]
    spanish = COMMAND_LINE_VALUES.get(name, {})
    if name == "index_col":  # en la terminal, 1 es la primera columna
        values = [v + 1 if isinstance(v, int) and not isinstance(v, bool) else v
                  for v in values]
    return " ".join(f"{flag} {shlex.quote(str(spanish.get(v, v)))}" for v in values)
