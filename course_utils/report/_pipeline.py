"""Los pasos de :func:`~course_utils.report.analyze_results`: leer, reconocer, analizar, escribir.

:func:`checked_options` valida las opciones; :func:`read_step` lee la tabla;
:func:`recognise_step` reconoce el diseño y comprueba las puntuaciones (su medida, su
dirección, su escala); :func:`analyse_step` ejecuta las pruebas del diseño y
:func:`result_step` reúne el :class:`~course_utils.report.AnalysisResult`. Las evaluaciones por
preguntas (:mod:`._evals`) y las semillas sin emparejar (:mod:`._unpaired`) tienen su propio
informe, que devuelven los pasos :func:`question_step` y :func:`unpaired_step`.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from course_utils._options import option
from course_utils._validation import (
    check_alpha, check_bool, check_choice, check_random_state, describe, show_value,
)
from course_utils.report._analysis import (
    _analyze_cv, _analyze_seeds, _analyze_test_set, _conclusions,
)
from course_utils.report._analysis_datasets import POSTHOC, _analyze_datasets
from course_utils.report._reading import DESIGNS, METRICS, _infer_design, _plain, _read_table
from course_utils.report._render import AnalysisResult
from course_utils.report._roles import canonical_metric, metric_properties

#: Mayor valor absoluto de una puntuación que el informe acepta: con valores mayores, las
#: diferencias, medias y sobre todo las varianzas (cuadrados de diferencias sumados) desbordan
#: la coma flotante. Ninguna medida de rendimiento real se acerca; si los números lo hacen, se
#: pide reescalarlos.
MAX_SCORE_MAGNITUDE: float = 1e100


def checked_options(given: dict) -> dict:
    """Las opciones de ``analyze_results`` validadas (un error en español con la primera que
    no vale), más ``column_roles`` (papel → columna nombrada) y ``rope_t`` (la ROPE como par)."""
    o = dict(given)
    if o["design"] is not None:
        o["design"] = check_choice(o["design"], "design", DESIGNS)
    o["alpha"] = check_alpha(o["alpha"])
    o["allow_missing"] = check_bool(o["allow_missing"], "allow_missing")
    if o["cv"] is not None:
        o["cv"] = check_choice(o["cv"], "cv", ("rxk", "5x2"))
    if o["predictions"] is not None:
        o["predictions"] = check_choice(o["predictions"], "predictions",
                                        ("labels", "scores", "regression"))
    o["loss"] = check_choice(o["loss"], "loss", ("squared", "absolute"))
    o["posthoc"] = check_choice(o["posthoc"], "posthoc", POSTHOC)
    o["random_state"] = check_random_state(o["random_state"], kinds=())
    if o["random_state"] is None:
        raise TypeError("`random_state` debe ser un entero (la semilla de los remuestreos, por "
                        "ejemplo 0); se recibió None.")
    if o["higher_is_better"] is not None:
        o["higher_is_better"] = check_bool(o["higher_is_better"], "higher_is_better")
    if o["control"] is not None and not isinstance(o["control"], str):
        raise TypeError("`control` debe ser el nombre de un algoritmo; se recibió "
                        f"{describe(o['control'])}.")
    if o["test_train_ratio"] is not None:
        from course_utils._validation import check_test_train_ratio

        o["test_train_ratio"] = check_test_train_ratio(o["test_train_ratio"])
    o["rope_t"] = _check_rope(o["rope"])
    o["percent"] = check_bool(o["percent"], "percent")
    o["column_roles"] = {
        role: _check_column_name(o[arg], arg) for role, arg in (
            ("dataset", "dataset_column"), ("model", "model_column"), ("fold", "fold_column"),
            ("repeat", "repeat_column"), ("seed", "seed_column"), ("score", "score_column"))
    }
    _check_column_name(o["label_column"], "label_column")
    o["ignore_columns"] = _check_column_list(o["ignore_columns"], "ignore_columns")
    o["model_columns"] = _check_column_list(o["model_columns"], "model_columns")
    if o["metric"] is not None and not isinstance(o["metric"], str):
        raise TypeError(f"{option('metric')} debe ser el nombre de una medida; se recibió "
                        f"{describe(o['metric'])}.")
    return o


def read_step(data: object, o: dict):
    """Paso 1: la tabla y las notas sobre cómo se leyó."""
    return _read_table(data, o["index_col"], o["label_column"], o["column_roles"])


def question_step(table, o: dict):
    """Una evaluación por preguntas (``item, model, correct[, cluster]``) tiene su propio
    informe (:mod:`._evals`); None si la tabla no lo es (y no se pidió ``design="questions"``)."""
    from course_utils.report._evals import analyze_question_table, question_columns

    if o["design"] in (None, "questions") and (columns := question_columns(table)) is not None:
        return analyze_question_table(table, columns, alpha=o["alpha"])
    if o["design"] == "questions":
        analyze_question_table(table, None, alpha=o["alpha"])  # dice qué columnas faltan
    return None


def recognise_step(table, o: dict):
    """Paso 2: el diseño (:func:`._reading._infer_design`), con las puntuaciones comprobadas.
    Devuelve ``(diseño, mayor es mejor, pérdida)``."""
    metric = o["metric"]
    if (metric is not None and canonical_metric(metric) is None
            and not any(_plain(c) == _plain(metric) for c in table.columns)):
        raise ValueError(
            f"{option('metric')}: no se conoce {metric!r}; use una de "
            f"{', '.join(sorted(METRICS))} (o su nombre en inglés: accuracy, roc_auc, f1_macro, "
            f"rmse...), o el nombre de la columna de la puntuación, o no la dé y diga si mayor "
            f"es mejor con {option('higher_is_better')}."
        )
    d = _infer_design(table, o["design"], o["label_column"], o["cv"], o["test_train_ratio"],
                      o["allow_missing"], columns=o["column_roles"],
                      ignore_columns=o["ignore_columns"], model_columns=o["model_columns"],
                      metric=metric, percent=o["percent"], predictions=o["predictions"],
                      positive_label=o["positive_label"])
    if o["control"] is not None and d.design != "datasets":
        raise ValueError(
            f"{option('control')}: el algoritmo de control es para comparar varios algoritmos "
            f"en varios conjuntos de datos; aquí las filas son {_ROWS[d.design]} y se comparan "
            "todas las parejas de modelos. Quite esa opción."
        )
    if d.design == "test_set":
        loss = _check_test_set_options(d, o["higher_is_better"], metric, o["loss"])
        if o["rope_t"] is not None:
            raise ValueError("`rope`: el análisis con ROPE es para validación cruzada o varios "
                             "conjuntos de datos, no para un solo conjunto de prueba.")
        if o["percent"]:
            raise ValueError(f"{option('percent', True)}: es para puntuaciones en porcentaje, "
                             "no para predicciones sobre un conjunto de prueba.")
        return d, o["higher_is_better"], loss
    return d, _check_scores(d, o), o["loss"]


def _check_scores(d, o: dict) -> bool:
    """La medida y la dirección de las puntuaciones (unidades × modelos), su escala (porcentaje,
    rango de una medida acotada) y su tamaño; fija ``d.metric`` y devuelve si mayor es mejor."""
    metric, higher_is_better = o["metric"], o["higher_is_better"]
    metric_name = _plain(metric) if metric is not None else d.metric
    if metric is not None and canonical_metric(metric) is None:
        metric_name = d.metric  # `metric` nombraba la columna de la puntuación
    bounded, default_higher = metric_properties(metric_name)
    if higher_is_better is None:
        higher_is_better = default_higher
    if higher_is_better is None:
        raise ValueError(
            f"{option('higher_is_better')}: no se sabe si una puntuación mayor es mejor; "
            f"dé {option('higher_is_better', True)} (exactitud, AUC) o "
            f"{option('higher_is_better', False)} (un error), o la medida con "
            f"{option('metric')}."
        )
    _percent(d, o["percent"], metric_name, bounded, higher_is_better)
    values = d.table.to_numpy(dtype=float)
    values = values[~np.isnan(values)]
    if bounded and (values.min() < 0 or values.max() > 1):
        pct = values.min() >= 0 and values.max() <= 100 and 1 < float(np.median(values))
        raise ValueError(
            f"`data`: la medida «{metric_name}» va de 0 a 1, pero hay puntuaciones entre "
            f"{values.min():g} y {values.max():g}"
            + (f": parecen porcentajes; dígalo con {option('percent', True)} y se "
               "dividirán entre 100." if pct else ".")
        )
    if np.abs(values).max() > MAX_SCORE_MAGNITUDE:
        raise ValueError(
            f"`data`: las puntuaciones van de {values.min():g} a {values.max():g}: sus "
            "diferencias, medias y varianzas desbordan la coma flotante (el informe admite "
            f"puntuaciones de hasta {MAX_SCORE_MAGNITUDE:g} en valor absoluto). "
            "Reescálelas (por ejemplo, divídalas entre una potencia de 10)."
        )
    d.metric = metric_name
    return higher_is_better


def unpaired_step(d, higher_is_better, o: dict, call: str, reading_notes: list):
    """Semillas que no comparte ningún par de modelos: su propio informe (:mod:`._unpaired`)."""
    from course_utils.report._unpaired import unpaired_seeds_report

    return unpaired_seeds_report(d, o["alpha"], higher_is_better, o["rope_t"], call,
                                 list(reading_notes) + list(d.notes))


def analyse_step(d, higher_is_better, loss, o: dict) -> dict:
    """Paso 3: las pruebas del diseño, elegidas con la guía «¿Qué prueba uso?»."""
    alpha, rope_t, random_state = o["alpha"], o["rope_t"], o["random_state"]
    if d.design == "cv":
        return _analyze_cv(d, alpha, rope_t, higher_is_better, random_state)
    if d.design == "seeds":
        return _analyze_seeds(d, alpha, rope_t, higher_is_better, random_state)
    if d.design == "datasets":
        return _analyze_datasets(d, alpha, rope_t, higher_is_better, random_state,
                                 o["control"], o["posthoc"])
    return _analyze_test_set(d, alpha, rope_t, d.kind, loss)


def result_step(d, res: dict, higher_is_better, o: dict, call: str,
                reading_notes: list) -> AnalysisResult:
    """Paso 4: el resultado que se escribe como informe (Markdown, HTML o LaTeX)."""
    if d.design == "test_set":
        models, higher_is_better = tuple(d.predictions), res["higher"]
    else:
        models = tuple(d.table.columns)
    conclusion = _conclusions(res, d.design, o["alpha"], o["rope_t"], res["higher"])
    return AnalysisResult(
        design=d.design, models=models, n_units=int(res["n_units"]), varies=d.varies,
        choices=tuple(res["choices"]), descriptives=res["descriptives"],
        omnibus=res["omnibus"], comparisons=res["comparisons"].reset_index(drop=True),
        effect=res["effect"], correction=res["correction"], bayes=res["bayes"],
        conclusion=tuple(conclusion),
        notes=tuple(n for n in list(reading_notes) + list(d.notes) + list(res["notes"]) if n),
        alpha=o["alpha"], rope=o["rope_t"], higher_is_better=higher_is_better,
        metric=res["metric"], random_state=int(o["random_state"]), call=call,
        table_notes=tuple(res.get("table_notes", ())),
        details=tuple(res["details"]),
    )


#: Medidas que corresponden a cada tipo de predicción sobre un conjunto de prueba.
_TEST_SET_METRICS = {
    "labels": ("sus aciertos", {"accuracy", "exactitud", "error", "tasa_de_error"}),
    "scores": ("su AUC", {"auc", "roc_auc"}),
    "regression": ("su pérdida en cada ejemplo", {"mse", "rmse", "mae"}),
}


def _check_test_set_options(d, higher_is_better, metric, loss) -> str:
    """Con predicciones sobre un conjunto de prueba, la prueba fija la medida y su dirección:
    una dirección o una medida que no corresponde se dice (puede ser que la columna de
    etiquetas no lo fuera, como «truth» con las puntuaciones de un oráculo). Devuelve la pérdida
    de una regresión: la absoluta si la medida es el error absoluto medio."""
    label = d.label_column
    kind = {"labels": "etiquetas (clases)", "scores": "puntuaciones de un problema binario",
            "regression": "valores de una regresión"}[d.kind]
    ignore = option("ignore_columns", [label])
    what = (f"las filas se leyeron como ejemplos de un conjunto de prueba: «{label}» tiene las "
            f"etiquetas verdaderas y las demás columnas, {kind}")
    if higher_is_better is not None:
        raise ValueError(
            f"{option('higher_is_better', higher_is_better)}: {what}, que se comparan por "
            f"{_TEST_SET_METRICS[d.kind][0]} (la prueba ya sabe qué es mejor). Quite esa opción; "
            f"si «{label}» no son las etiquetas verdaderas sino otra columna de puntuaciones, "
            f"dígalo con {ignore}."
        )
    key = canonical_metric(metric) if metric is not None else None
    if key is not None and key not in _TEST_SET_METRICS[d.kind][1]:
        raise ValueError(
            f"{option('metric', metric)}: {what}, que se comparan por "
            f"{_TEST_SET_METRICS[d.kind][0]}, no por «{metric}». Quite esa opción o dé la medida "
            f"que corresponde; si «{label}» no son las etiquetas verdaderas, dígalo con {ignore}."
        )
    if key == "mae":  # el error absoluto medio compara las pérdidas absolutas
        return "absolute"
    if key in ("mse", "rmse") and loss == "absolute":
        raise ValueError(f"`metric={metric!r}` es una pérdida cuadrática y `loss='absolute'`, "
                         "absoluta: dé solo una de las dos.")
    return loss


_ROWS = {"test_set": "ejemplos de un conjunto de prueba",
         "cv": "particiones de una validación cruzada", "seeds": "semillas de entrenamiento",
         "unpaired_seeds": "semillas de entrenamiento"}

_DEFAULTS = {"design": None, "higher_is_better": None, "metric": None, "alpha": 0.05,
             "rope": None, "control": None, "test_train_ratio": None, "cv": None,
             "label_column": None, "predictions": None, "loss": "squared",
             "allow_missing": False, "random_state": 0, "index_col": None,
             "dataset_column": None,
             "model_column": None, "fold_column": None, "repeat_column": None,
             "seed_column": None, "score_column": None, "model_columns": None,
             "ignore_columns": None, "percent": False, "positive_label": None,
             "posthoc": "wilcoxon"}


def _check_column_name(value: object, arg: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{option(arg)} debe ser el nombre de una columna (un texto); se "
                        f"recibió {describe(value)}.")
    return value


def _check_column_list(value: object, arg: str) -> tuple:
    """``"a"`` o ``["a", "b"]`` → ``("a", "b")``."""
    if value is None:
        return ()
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, (list, tuple)) or not all(isinstance(v, str) for v in names):
        raise TypeError(f"{option(arg)} debe ser un nombre de columna o una lista de nombres; "
                        f"se recibió {describe(value)}.")
    if len(set(names)) != len(names):
        raise ValueError(f"{option(arg)}: hay columnas repetidas en {list(names)!r}.")
    return tuple(names)


def _percent(d, percent: bool, metric_name: str, bounded: bool, higher: bool) -> None:
    """Con ``percent=True``, divide las puntuaciones entre 100 y lo anota.

    Si mayor es mejor (exactitud, AUC) y todas están entre 0 y 1, ya son proporciones: dividirlas
    daría medias y diferencias cien veces menores. Un error de menos del 1 % sí puede darse."""
    if not percent:
        return
    if metric_name and not bounded:
        raise ValueError(
            f"{option('percent', True)}: la medida «{metric_name}» no es una proporción entre "
            "0 y 1; los porcentajes son para exactitud, AUC, F1, error..."
        )
    values = d.table.to_numpy(dtype=float)
    values = values[~np.isnan(values)]
    if values.min() < 0 or values.max() > 100:
        raise ValueError(
            f"{option('percent', True)}: hay puntuaciones entre {values.min():g} y "
            f"{values.max():g}, que no son porcentajes (de 0 a 100)."
        )
    if higher and values.max() <= 1:
        raise ValueError(
            f"{option('percent', True)}: todas las puntuaciones están entre {values.min():g} y "
            f"{values.max():g}: ya son proporciones de 0 a 1, no porcentajes (divididas entre "
            "100, la mejor sería menos del 1 %). Quite esa opción."
        )
    d.table = d.table / 100
    d.notes.append("Las puntuaciones estaban en porcentaje: se dividieron entre 100.")


def _call_text(data: object, given: dict) -> str:
    """La llamada, para repetirla: ``cu.analyze_results('resultados.csv', metric='exactitud')``."""
    first = repr(Path(data).name) if isinstance(data, (str, Path)) else "tabla"
    args = [f"{k}={v!r}" for k, v in given.items() if k in _DEFAULTS and v != _DEFAULTS[k]]
    return f"cu.analyze_results({', '.join([first] + args)})"


def _check_rope(rope: object) -> tuple[float, float] | None:
    if rope is None:
        return None
    if isinstance(rope, (int, float)) and not isinstance(rope, bool):
        if not math.isfinite(rope) or rope <= 0:
            raise ValueError(f"`rope` debe ser un número positivo; se recibió {show_value(rope)}.")
        return (-float(rope), float(rope))
    if isinstance(rope, (tuple, list)) and len(rope) == 2 and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in rope
    ) and rope[0] < rope[1]:
        return (float(rope[0]), float(rope[1]))
    raise ValueError(
        "`rope` debe ser un número positivo (0.01 es (−0.01, 0.01)) o un par (inferior, "
        f"superior) con inferior < superior; se recibió {describe(rope)}."
    )
