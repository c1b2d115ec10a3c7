"""El papel de cada columna: nombres en español y en inglés, y columnas que no son modelos.

Los nombres se comparan normalizados (:func:`_plain`: sin acentos, en minúsculas, con espacios,
guiones, puntos y *camelCase* convertidos en ``_``), así que ``Data Set``, ``data.set``,
``dataSet`` y ``data_set`` son el mismo nombre. Lo que no se reconoce no se adivina: se pregunta,
con un error que nombra la columna y la opción que lo resuelve (:func:`~._options.option`).
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np
import pandas as pd

from course_utils._options import option
from course_utils._validation import show_value
from course_utils.report._input import unnamed


def _plain(name: object) -> str:
    """Nombre normalizado: ``"Data Set"``, ``"data.set"``, ``"dataSet"`` → ``"data_set"``."""
    text = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text.strip())  # camelCase → camel_case
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


# ---------------------------------------------------------------------------------------------
# Nombres de cada papel (ya normalizados con _plain)
# ---------------------------------------------------------------------------------------------

_LABEL_NAMES = {
    "y_true", "y", "ytrue", "y_test", "y_real", "true", "truth", "ground_truth", "gold",
    "etiqueta", "etiquetas", "etiqueta_real", "etiqueta_verdadera", "clase", "clase_real",
    "verdad", "objetivo", "target", "label", "labels", "true_label", "true_class", "class",
    "outcome", "actual", "observed", "observado", "real", "valor_real", "respuesta", "response",
}
_DATASET_NAMES = {
    "conjunto", "conjuntos", "conjunto_de_datos", "conjuntos_de_datos", "nombre_del_conjunto",
    "dataset", "datasets", "dataset_name", "dataset_id", "data_set", "data_set_name", "data",
    "data_name", "datos", "base_de_datos", "problema", "problem", "problem_name", "task",
    "task_id", "task_name", "tarea", "benchmark", "instance", "instancia", "instance_name",
    "db", "did",
}
_MODEL_NAMES = {
    "modelo", "modelos", "algoritmo", "algoritmos", "model", "models", "model_name", "model_id",
    "algorithm", "algorithms", "algorithm_name", "algorithm_id", "algo", "clasificador",
    "classifier", "classifier_name", "regresor", "regressor", "metodo", "method", "method_name",
    "learner", "learner_id", "learner_name", "framework", "estimator", "estimator_name",
    "estimador", "system", "sistema", "approach", "enfoque", "tecnica", "technique", "flow",
    "flow_name",
}
#: Nombres que solo son del modelo si se repiten (una tabla larga); si no, son rótulos de fila.
_WEAK_MODEL_NAMES = {"name", "nombre"}
_FOLD_NAMES = {
    "particion", "particiones", "fold", "folds", "fold_id", "fold_idx", "fold_index",
    "fold_number", "fold_nr", "cv_fold", "outer_fold", "test_fold", "pliegue", "division",
    "split", "split_id", "split_idx", "partition", "partition_id",
}
_REPEAT_NAMES = {
    "repeticion", "repeticiones", "repeat", "repeats", "repeat_id", "repetition",
    "repetition_id", "rep", "reps", "run", "run_id", "iteration", "iter", "iteracion",
    "replicate", "replica", "trial",
}
_SEED_NAMES = {"semilla", "semillas", "seed", "seeds", "seed_id", "random_state", "random_seed",
               "rng_seed"}
_NTEST_NAMES = {"n_prueba", "n_test"}
_NTRAIN_NAMES = {"n_entrenamiento", "n_train"}
#: Columna de texto que dice qué medida es cada fila (tabla larga «ordenada»).
_METRIC_NAME_NAMES = {"metric", "metrica", "metric_name", "measure", "measure_name", "medida",
                      "nombre_de_la_medida", "scoring", "evaluation_measure"}

ROLE_NAMES = {
    "label": _LABEL_NAMES, "dataset": _DATASET_NAMES, "model": _MODEL_NAMES,
    "fold": _FOLD_NAMES, "repeat": _REPEAT_NAMES, "seed": _SEED_NAMES,
}
#: Papel → (argumento de analyze_results, qué contiene la columna).
ROLES = {
    "label": ("label_column", "las etiquetas verdaderas"),
    "dataset": ("dataset_column", "los conjuntos de datos"),
    "model": ("model_column", "los algoritmos (tabla larga)"),
    "fold": ("fold_column", "las particiones de la validación cruzada"),
    "repeat": ("repeat_column", "las repeticiones de la validación cruzada"),
    "seed": ("seed_column", "las semillas"),
    "score": ("score_column", "la puntuación (tabla larga)"),
}

# ---------------------------------------------------------------------------------------------
# Medidas: nombre → (acotada en [0, 1], mayor es mejor)
# ---------------------------------------------------------------------------------------------

#: Medidas conocidas: (acotada en [0, 1], mayor es mejor).
METRICS = {
    "exactitud": (True, True), "accuracy": (True, True),
    "exactitud_equilibrada": (True, True), "balanced_accuracy": (True, True),
    "auc": (True, True), "roc_auc": (True, True), "average_precision": (True, True),
    "f1": (True, True), "precision": (True, True), "sensibilidad": (True, True),
    "recall": (True, True), "especificidad": (True, True),
    "error": (True, False), "tasa_de_error": (True, False), "brier": (True, False),
    "rmse": (False, False), "mae": (False, False), "mse": (False, False),
    "mape": (False, False), "log_loss": (False, False), "entropia_cruzada": (False, False),
    "r2": (False, True), "kappa": (False, True), "mcc": (False, True),
    "neg_mse": (False, True), "neg_rmse": (False, True), "neg_mae": (False, True),
    "neg_log_loss": (False, True),
}
_METRIC_ALIASES = {
    "accuracy": {"acc", "acierto", "tasa_de_acierto", "precision_global"},
    "balanced_accuracy": {"bacc", "balacc", "balanced_acc", "exactitud_balanceada"},
    "roc_auc": {"auroc", "auc_roc", "roc", "area_bajo_la_curva", "roc_auc_ovr", "roc_auc_ovo",
                "auc_ovr", "auc_ovo", "auc_weighted", "roc_auc_ovr_weighted"},
    "average_precision": {"ap", "pr_auc", "auprc", "auc_pr", "precision_media"},
    "f1": {"f1_macro", "f1_micro", "f1_weighted", "f1_binary", "macro_f1", "micro_f1",
           "weighted_f1", "f_measure", "fmeasure", "f_score", "f1_medida", "medida_f1"},
    "precision": {"precision_macro", "precision_micro", "precision_weighted", "ppv"},
    "recall": {"recall_macro", "recall_micro", "recall_weighted", "sensitivity", "tpr",
               "exhaustividad"},
    "especificidad": {"specificity", "tnr"},
    "error": {"error_rate", "misclassification", "misclassification_rate", "ce", "mmce",
              "zero_one_loss", "0_1_loss", "tasa_de_fallo"},
    "brier": {"brier_score", "brier_score_loss"},
    "rmse": {"root_mean_squared_error", "recm", "raiz_del_error_cuadratico_medio"},
    "mse": {"mean_squared_error", "ecm", "error_cuadratico_medio"},
    "mae": {"mean_absolute_error", "eam", "error_absoluto_medio", "medae",
            "median_absolute_error"},
    "mape": {"mean_absolute_percentage_error"},
    "log_loss": {"logloss", "cross_entropy", "nll", "perdida_logaritmica"},
    "r2": {"r_squared", "r_2", "r2_score", "coeficiente_de_determinacion"},  # r_2: «R^2»
    "kappa": {"cohen_kappa", "cohens_kappa", "kappa_de_cohen", "cohen_kappa_score"},
    "mcc": {"matthews", "matthews_corrcoef", "coeficiente_de_matthews"},
    "neg_mse": {"neg_mean_squared_error"},
    "neg_rmse": {"neg_root_mean_squared_error"},
    "neg_mae": {"neg_mean_absolute_error"},
    "neg_log_loss": {"neg_cross_entropy"},
}
_ALIAS = {alias: key for key, aliases in _METRIC_ALIASES.items() for alias in aliases}
_ALIAS.update({key: key for key in METRICS})
#: Nombres genéricos de una columna de puntuaciones.
_SCORE_NAMES = {
    "puntuacion", "puntuaciones", "score", "scores", "valor", "value", "values", "resultado",
    "result", "results", "metrica", "metric_value", "valor_de_la_medida", "medida",
    "performance", "rendimiento", "desempeno", "perf", "evaluacion",
}
_PREFIXES = ("mean_test_", "test_set_", "test_", "validation_", "valid_", "val_", "eval_",
             "holdout_", "classif_", "regr_", "mean_", "avg_", "media_")
_SUFFIXES = ("_score", "_mean", "_media", "_avg", "_test")


def _stripped(plain: str) -> list[str]:
    """El nombre sin prefijos ni sufijos de medida: ``mean_test_accuracy`` → ``accuracy``."""
    forms = [plain]
    changed = True
    while changed:
        changed = False
        for prefix in _PREFIXES:
            if forms[-1].startswith(prefix) and len(forms[-1]) > len(prefix):
                forms.append(forms[-1][len(prefix):])
                changed = True
        for suffix in _SUFFIXES:
            if forms[-1].endswith(suffix) and len(forms[-1]) > len(suffix):
                forms.append(forms[-1][:-len(suffix)])
                changed = True
    return forms


def canonical_metric(name: object) -> str | None:
    """La medida de :data:`METRICS` que nombra ``name`` (``"Test Accuracy"`` → ``"accuracy"``)."""
    for form in _stripped(_plain(name)):
        if form in _ALIAS:
            return _ALIAS[form]
    return None


#: La misma medida con su nombre español y el inglés (``--medida exactitud`` elige «accuracy»).
_SAME_METRIC = {"exactitud": "accuracy", "exactitud_equilibrada": "balanced_accuracy",
                "sensibilidad": "recall", "tasa_de_error": "error",
                "entropia_cruzada": "log_loss"}


def same_metric(a: object, b: object) -> bool:
    """Si ``a`` y ``b`` nombran la misma medida, en español o en inglés."""
    key_a, key_b = canonical_metric(a), canonical_metric(b)
    return key_a is not None and (_SAME_METRIC.get(key_a, key_a)
                                  == _SAME_METRIC.get(key_b, key_b))


def metric_properties(name: object) -> tuple[bool, bool | None]:
    """(acotada en [0, 1], mayor es mejor) de una medida; (False, None) si no se conoce."""
    key = canonical_metric(name)
    return METRICS[key] if key is not None else (False, None)


def is_score_name(name: object) -> bool:
    """Si ``name`` es el de una columna de puntuaciones (genérico o de una medida)."""
    return canonical_metric(name) is not None or any(
        form in _SCORE_NAMES for form in _stripped(_plain(name)))


# ---------------------------------------------------------------------------------------------
# Columnas que no son modelos ni puntuaciones
# ---------------------------------------------------------------------------------------------

_TIME_NAMES = {
    "time", "times", "duration", "duracion", "runtime", "run_time", "elapsed", "elapsed_time",
    "seconds", "secs", "segundos", "minutes", "minutos", "hours", "horas", "tiempo", "tiempos",
    "walltime", "wall_time", "cpu_time", "wall_clock",
}
_DESCRIPTOR_NAMES = {
    "size", "tamano", "radius", "radio", "dimension", "dimensions", "dimensiones", "dim",
    "features", "samples", "instances", "rows", "classes", "clases", "atributos", "ejemplos",
    "variables", "nrow", "ncol", "imbalance", "imbalance_ratio", "test_size", "train_size",
    "proporcion_de_prueba", "densidad", "density",
}
_ID_NAMES = {"id", "ids", "idx", "index", "indice", "row", "row_id", "fila", "identificador",
             "uid", "key", "clave", "numero", "number", "no", "nr"}
_MEMORY_NAMES = {"memory", "memoria", "ram", "mem", "memory_mb", "memoria_mb"}
#: Lo que cuentan las columnas ``n_*`` que describen los datos (``n_features``, ``n_prueba``...).
_COUNTED = {
    "features", "samples", "instances", "rows", "cols", "columns", "classes", "clases",
    "atributos", "ejemplos", "variables", "obs", "observations", "observaciones", "train",
    "test", "prueba", "entrenamiento", "train_samples", "test_samples", "categories",
    "categorias", "numeric", "nominal", "missing", "faltantes", "folds", "particiones",
    "repeats", "repeticiones", "models", "modelos", "trials", "params", "parametros",
    "estimators", "iter", "iterations", "epochs", "dims", "pixels", "tokens", "nodes", "edges",
}
_SPREAD = ("_std", "_sem", "_desviacion", "_desv", "_stdev", "_stddev", "_sd", "_se",
           "_standard_deviation", "_standard_error", "_stderr", "_var", "_variance",
           "_desviacion_tipica", "_error_estandar")
#: Dispersiones sin más nombre (la de la única columna de puntuaciones).
_SPREAD_NAMES = {"se", "sem", "stdev", "stddev", "standard_deviation",
                 "standard_error", "stderr", "var", "variance", "desviacion_tipica",
                 "error_estandar", "desviacion_estandar"}
#: Límites de un intervalo de confianza (``ci_low``, ``acc_ci_high``, ``lower_ci``...).
_INTERVAL = re.compile(r"(^|_)(ci|ic)_(low|high|lower|upper|lo|hi|inf|sup)$"
                       r"|(^|_)(low|high|lower|upper|lo|hi|inf|sup)_(ci|ic)$"
                       r"|(^|_)(ci|ic)(95|90|99)?_(low|high|lower|upper|lo|hi|inf|sup)$")
#: Sufijos de un resumen de una medida de un algoritmo (``ROCKET_mean``) y resúmenes sueltos.
_CENTRE_SUFFIXES = ("_mean", "_avg", "_average", "_media", "_promedio", "_median", "_mediana")
_RANK_NAMES = {"rank", "rango", "ranking", "posicion", "rank_test_score", "mean_rank"}


def non_model_kind(name: object) -> str | None:
    """Qué es una columna que por su nombre no puede ser un modelo ni una puntuación, o None.

    Tiempos (``fit_time``, ``tiempo``...), memoria, descripciones de los datos (``n_features``,
    ``instance_size``, ``radius``...), identificadores (``id``, ``*_id``), dispersiones
    (``*_std``) y rangos.
    """
    plain = _plain(name)
    # Prefijos y sufijos que no llevan nombres de modelos (TimeGPT, N-BEATS o RankSVM no caen).
    if (plain in _TIME_NAMES or plain.endswith(("_time", "_times", "_seconds", "_secs",
                                                "_segundos", "_tiempo", "_duration"))
            or plain.startswith(("tiempo_", "duracion_", "duration_", "runtime_"))):
        return "un tiempo"
    if plain in _MEMORY_NAMES or plain.startswith(("memory_", "memoria_", "peak_mem")):
        return "una memoria"
    if (plain in _DESCRIPTOR_NAMES or plain.startswith(("num_", "number_of_", "numero_de_"))
            or (plain.startswith("n_") and plain[2:] in _COUNTED)
            or plain.endswith(("_size", "_tamano"))):
        return "una descripción de los datos"
    if plain in _ID_NAMES or plain.endswith(("_id", "_idx", "_index")):
        return "un identificador"
    if (plain.endswith(_SPREAD) or plain in _SPREAD_NAMES
            or plain.startswith(("std_", "desviacion_"))):
        return "una dispersión"
    if _INTERVAL.search(plain):
        return "un límite de un intervalo"
    if plain in _RANK_NAMES or plain.startswith("rank_test"):
        return "un rango"
    return None


def is_time_name(name: object) -> bool:
    return non_model_kind(name) == "un tiempo"


# ---------------------------------------------------------------------------------------------
# Qué valores tiene una columna
# ---------------------------------------------------------------------------------------------


def value_kind(values: object) -> str:
    """``"bool"``, ``"int"`` (números enteros), ``"float"``, ``"text"``, ``"complex"``,
    ``"mixed"`` (números y textos) o ``"empty"``."""
    series = pd.Series(values)
    kind = pd.api.types.infer_dtype(series, skipna=True)
    if kind == "empty":
        return "empty"
    if kind == "boolean":
        return "bool"
    if kind.startswith("complex"):
        return "complex"
    if kind in ("string", "bytes", "categorical"):
        if kind == "categorical":
            return value_kind(series.astype(object))
        return "text"
    numeric = pd.to_numeric(series, errors="coerce")
    if numeric.isna().sum() > series.isna().sum():
        return "text" if numeric.notna().sum() == 0 else "mixed"
    v = numeric.dropna().to_numpy(dtype=float)
    return "int" if np.all(np.isfinite(v)) and np.all(v == np.round(v)) else "float"


def _examples(values, n: int = 3) -> str:
    unique = list(pd.unique(pd.Series(values).dropna()))
    shown = ", ".join(f"«{v}»" for v in unique[:n])
    return shown + (", …" if len(unique) > n else "")


def _span(v: np.ndarray) -> str:
    return f"de {float(np.min(v)):g} a {float(np.max(v)):g}"


def list_columns(columns) -> str:
    return ", ".join(f"«{c}»" for c in columns)


def _ask_role(column: str, reason: str, *, model_option: bool = True) -> str:
    """El final de un error sobre una columna dudosa: qué opciones lo resuelven."""
    text = (f"«{column}» {reason}. Si no es un modelo, ignórela con "
            f"{option('ignore_columns', [column])}")
    if model_option:
        text += (f"; si lo es, diga cuáles son las columnas de modelos con "
                 f"{option('model_columns')}")
    return text + f"; si tiene otro papel, dígalo ({_role_options()})"


def _role_options() -> str:
    return (f"{option('dataset_column')}, {option('fold_column')}, {option('repeat_column')}, "
            f"{option('seed_column')}, {option('label_column')}...")


def refuse_values(column: str, kind: str, what: str) -> None:
    """Error si la columna tiene valores lógicos o complejos (no son puntuaciones)."""
    if kind in ("bool", "complex"):
        values = "valores lógicos (verdadero/falso)" if kind == "bool" else "números complejos"
        raise ValueError(
            f"`data`: la columna «{column}» tiene {values}, que no son {what}. Si no es un "
            f"modelo, ignórela con {option('ignore_columns', [column])}; si tiene otro papel, "
            f"dígalo ({option('dataset_column')}, {option('fold_column')}, "
            f"{option('repeat_column')}, {option('seed_column')}...)."
        )


#: Nombres de las filas o columnas de resumen que las tablas publicadas añaden a los resultados
#: (normalizados con _plain): una media, un rango medio, el mejor de cada fila...
SUMMARY_NAMES = {
    "average", "avg", "mean", "media", "promedio", "median", "mediana", "total", "sum", "suma",
    "std", "sd", "desviacion", "desviacion_tipica", "average_rank", "avg_rank", "mean_rank",
    "average_ranking", "mean_ranking", "rank", "ranking", "rango", "rango_medio",
    "rangos_medios", "ranking_medio", "wins", "victorias", "w_t_l", "win_tie_loss",
    "wins_ties_losses", "best", "mejor", "max", "maximo", "min", "minimo",
}


def doubtful_model_columns(frame: pd.DataFrame, columns: list, bounded: bool | None,
                           scale: float, *, labels: bool = False) -> dict:
    """Las columnas que no parecen claramente de modelos, con el motivo.

    Una columna de un modelo tiene números (no textos, valores lógicos ni complejos), no es un
    contador 0, 1, …, N − 1 (un índice), y está en la misma escala que las demás: si la medida
    está acotada en [0, 1] (``bounded``), dentro de ese rango (``scale`` = 100 con porcentajes);
    sin medida conocida, ni enteros entre columnas con decimales ni valores fuera de [0, 1]
    entre columnas que están dentro. Con ``labels`` (una tabla sin columna de etiquetas ni de
    unidades), la única columna con solo dos valores entre otras que tienen más parece la de
    las etiquetas verdaderas de un conjunto de prueba (``d`` con 0 y 1).
    """
    _refuse_percent_signs(frame, columns)
    doubtful, kinds, values = {}, {}, {}
    if labels:
        doubtful.update(_label_like(frame, columns))
    for c in columns:
        kind = value_kind(frame[c])
        refuse_values(str(c), kind, "puntuaciones de un modelo")
        if c in doubtful:
            continue
        if unnamed(c):  # la primera columna sin nombre ya la vio ``_input.row_labels``
            doubtful[c] = "no tiene nombre en la cabecera"
            continue
        if _plain(c) in SUMMARY_NAMES:
            doubtful[c] = ("parece, por su nombre, un resumen de las demás columnas (una "
                           "media, el mejor de cada fila...), no un modelo")
            continue
        if kind == "text":
            doubtful[c] = f"tiene textos ({_examples(frame[c])}), no puntuaciones"
            continue
        if kind in ("empty", "mixed"):
            continue  # sin valores, o una celda mal escrita: lo explica la comprobación numérica
        v = pd.to_numeric(frame[c], errors="coerce").dropna().to_numpy(dtype=float)
        kinds[c], values[c] = kind, v
        n = v.size
        if (kind == "int" and n >= 3 and v.min() in (0, 1) and np.unique(v).size == n
                and np.array_equal(np.sort(v), np.arange(v.min(), v.min() + n))):
            doubtful[c] = (f"tiene los enteros {float(v.min()):g}, {float(v.min()) + 1:g}, …, "
                           f"{float(v.max()):g} sin repetir: parece un índice o un contador")
    rest = [c for c in values if c not in doubtful]
    inside = {c: bool(np.all((values[c] >= 0) & (values[c] <= scale))) for c in rest}
    if bounded:
        out = [c for c in rest if not inside[c]]
        if out and len(out) < len(rest):  # todas fuera: lo explica el rango de la medida
            for c in out:
                doubtful[c] = (f"tiene valores {_span(values[c])}, fuera del rango de la medida "
                               f"(de 0 a {scale:g}) en el que están las demás columnas")
        return doubtful
    floats = [c for c in rest if kinds[c] == "float"]
    for c in rest:
        if kinds[c] == "int" and floats and not inside[c]:
            doubtful[c] = (f"tiene números enteros ({_span(values[c])}) y las demás columnas, "
                           "decimales: parece una cantidad (un tamaño, un número de ejemplos)")
    if bounded is None:  # medida desconocida
        rest = [c for c in rest if c not in doubtful]
        out = [c for c in rest if not inside[c]]
        if out and 2 * len(out) < len(rest):
            for c in out:
                doubtful[c] = (f"tiene valores {_span(values[c])} y las demás columnas están "
                               f"entre 0 y {scale:g}")
    return doubtful


_PERCENT_CELL = re.compile(r"\s*[-+]?\d+(?:[.,]\d+)?\s*%\s*")


def _refuse_percent_signs(frame: pd.DataFrame, columns: list) -> None:
    """Celdas como «85,3 %» (lo que escribe Excel con el formato «Porcentaje»): son puntuaciones,
    no textos, pero el signo impide leerlas; se dice cómo guardarlas en vez de preguntar si la
    columna es un modelo."""
    signed = []
    for c in columns:
        cells = frame[c].dropna()
        # al menos la mitad: otra celda puede ser una marca de hueco («—», «n/d»)
        if (value_kind(frame[c]) == "text" and len(cells)
                and 2 * cells.astype(str).map(_PERCENT_CELL.fullmatch).notna().sum()
                >= len(cells)):
            signed.append(c)
    if signed:
        one = len(signed) == 1
        raise ValueError(
            f"`data`: {list_columns(signed)} {'tiene' if one else 'tienen'} porcentajes "
            f"escritos con el signo % ({_examples(frame[signed[0]])}), que no se leen como "
            "números. Escríbalos sin el signo (en Excel, formato de celda «Número» en vez de "
            f"«Porcentaje») y pase {option('percent', True)}, o escriba las proporciones "
            "(0.853 en vez de 85,3 %)."
        )


def _label_like(frame: pd.DataFrame, columns: list) -> dict:
    """La columna que parece de etiquetas verdaderas (ver :func:`doubtful_model_columns`)."""
    if len(columns) < 3:
        return {}
    two = [c for c in columns if frame[c].dropna().nunique() == 2
           and value_kind(frame[c]) == "int"]  # con textos, lo pregunta «tiene textos»
    if len(two) != 1:
        return {}
    c = two[0]
    a, b = sorted(pd.unique(frame[c].dropna()), key=str)
    return {c: (f"tiene solo los valores {show_value(a)} y {show_value(b)}, como las etiquetas "
                f"verdaderas de un conjunto de prueba (si lo son, dígalo con "
                f"{option('label_column', str(c))})")}


def raise_doubtful(doubtful: dict) -> None:
    if not doubtful:
        return
    if len(doubtful) == 1:
        (column, reason), = doubtful.items()
        raise ValueError(f"`data`: no se sabe si una columna es un modelo: "
                         f"{_ask_role(str(column), reason)}.")
    lines = "; ".join(f"«{c}» {r}" for c, r in doubtful.items())
    names = [str(c) for c in doubtful]
    raise ValueError(
        f"`data`: no se sabe si estas columnas son modelos: {lines}. Si no lo son, ignórelas con "
        f"{option('ignore_columns', names)}; si lo son, diga cuáles son las columnas de modelos "
        f"con {option('model_columns')}; si tienen otro papel, dígalo ({_role_options()})."
    )


# ---------------------------------------------------------------------------------------------
# Asignar los papeles
# ---------------------------------------------------------------------------------------------


def check_columns(table: pd.DataFrame, given: dict, ignore: list, models: list) -> None:
    """Comprueba que las columnas que se dieron existen y que ninguna tiene dos papeles."""
    columns = list(table.columns)
    where = f"(columnas de `data`: {list_columns(columns)})"
    for role, column in given.items():
        if column is None:
            continue
        arg = ROLES[role][0]
        if not isinstance(column, str):
            raise TypeError(f"`{arg}` debe ser el nombre de una columna; se recibió "
                            f"{type(column).__name__} {column!r}.")
        if column not in columns:
            raise ValueError(f"{option(arg, column)}: la columna «{column}» no está en `data` "
                             f"{where}.")
    for arg, names in (("ignore_columns", ignore), ("model_columns", models)):
        missing = [c for c in names if c not in columns]
        if missing:
            raise ValueError(f"{option(arg, missing)}: {list_columns(missing)} no "
                             f"{'está' if len(missing) == 1 else 'están'} en `data` {where}.")
    owners: dict = {}
    for role, column in given.items():
        if column is not None:
            owners.setdefault(column, []).append(ROLES[role][0])
    for column in ignore:
        owners.setdefault(column, []).append("ignore_columns")
    for column in models:
        owners.setdefault(column, []).append("model_columns")
    for column, args in owners.items():
        if len(args) > 1:
            raise ValueError(
                f"`data`: a la columna «{column}» se le dieron dos papeles a la vez "
                f"({', '.join(option(a) for a in args)}); dele solo uno."
            )


def _same_units(table: pd.DataFrame, columns: list) -> bool:
    """Si las columnas identifican lo mismo (un nombre y su número, uno a uno)."""
    first = columns[0]
    return all(table.groupby(first)[c].nunique().max() == 1
               and table.groupby(c)[first].nunique().max() == 1 for c in columns[1:])


def assign_roles(table: pd.DataFrame, given: dict, ignore: list, models: list):
    """El papel de cada columna: el que se dio o el que dice su nombre.

    Devuelve ``(roles, set_aside)``: papel → columna (o None) y, columna → por qué, las que no
    se usan porque su papel ya lo tiene otra (la que se dio, o una que identifica lo mismo).
    """
    check_columns(table, given, ignore, models)
    columns = list(table.columns)
    roles = {role: given.get(role) for role in ROLES}
    taken = {c for c in roles.values() if c is not None} | set(ignore) | set(models)
    set_aside = {}
    for role, names in ROLE_NAMES.items():
        hits = [c for c in columns if c not in taken and _plain(c) in names]
        if roles[role] is not None:  # el papel ya lo tiene la columna que se dio
            set_aside.update({c: f"el papel lo tiene «{roles[role]}»" for c in hits})
            continue
        if len(hits) > 1 and _same_units(table, hits):  # «dataset» y «dataset_id», uno a uno
            first = next((c for c in hits if value_kind(table[c]) == "text"), hits[0])
            set_aside.update({c: f"identifica lo mismo que «{first}»" for c in hits if c != first})
            hits = [first]
        texts = [c for c in hits if value_kind(table[c]) == "text"]
        if role == "model" and len(hits) > 1 and len(texts) == 1:
            # «framework» con los nombres y «models» con cuántos modelos tiene cada conjunto
            set_aside.update({c: "números, no nombres de algoritmos" for c in hits
                              if c != texts[0]})
            hits = texts
        if len(hits) > 1:
            arg, what = ROLES[role]
            raise ValueError(
                f"`data`: {list_columns(hits)} pueden ser todas la columna de {what}; diga "
                f"cuál es con {option(arg, str(hits[0]))} (las demás no se usan) o ignore las "
                f"que sobren con {option('ignore_columns', [str(h) for h in hits[1:]])}."
            )
        if hits:
            roles[role] = hits[0]
            taken.add(hits[0])
    if roles["model"] is None:
        weak = [c for c in columns if c not in taken and _plain(c) in _WEAK_MODEL_NAMES
                and table[c].nunique() < len(table)]
        if len(weak) == 1:
            roles["model"] = weak[0]
    return roles, set_aside


# ---------------------------------------------------------------------------------------------
# Formas de tablas publicadas que no son una columna por modelo
# ---------------------------------------------------------------------------------------------


def _numbers(frame: pd.DataFrame, column) -> np.ndarray:
    return pd.to_numeric(frame[column], errors="coerce").dropna().to_numpy(dtype=float)


def refuse_score_like_times(frame: pd.DataFrame, models: list, why: dict) -> None:
    """Una columna con nombre de tiempo (``InceptionTime``, ``LITETime``) cuyos valores están en
    el rango de las puntuaciones de los modelos se pregunta: puede ser un algoritmo."""
    times = [c for c, kind in why.items() if kind == "un tiempo" and c in frame.columns
             and value_kind(frame[c]) == "float"]
    numeric = [c for c in models if value_kind(frame[c]) in ("int", "float")]
    if not times or not numeric:
        return
    scores = np.concatenate([_numbers(frame, c) for c in numeric])
    # el rango de las puntuaciones, ensanchado en su anchura a cada lado (±inf si desborda)
    with np.errstate(over="ignore"):
        span = scores.max() - scores.min()
        low, high = scores.min() - span, scores.max() + span
    alike = [c for c in times
             if low <= _numbers(frame, c).min() and _numbers(frame, c).max() <= high]
    if not alike:
        return
    names = [str(c) for c in alike]
    one = len(alike) == 1
    verb, kind = ("tiene", "puede ser un algoritmo") if one else ("tienen",
                                                                   "pueden ser algoritmos")
    model, time, it = (("es un modelo", "es un tiempo", "ignórela") if one
                       else ("son modelos", "son tiempos", "ignórelas"))
    raise ValueError(
        f"`data`: {list_columns(names)} {verb} nombre de tiempo, pero sus valores están cerca "
        f"del rango de las puntuaciones de los modelos ({_span(scores)}): {kind} (InceptionTime y "
        f"LITETime lo son). Si {model}, diga cuáles son las columnas de modelos con "
        f"{option('model_columns', [str(c) for c in models] + names)}; si {time}, {it} con "
        f"{option('ignore_columns', names)}."
    )


def _centre_stem(plain: str) -> str | None:
    """La raíz de un resumen de un algoritmo: ``rocket_mean`` → ``rocket``; ``mean`` → ``""``."""
    if plain in SUMMARY_NAMES:
        return ""
    for suffix in _CENTRE_SUFFIXES:
        if plain.endswith(suffix) and len(plain) > len(suffix):
            return plain[:-len(suffix)]
    return None


def refuse_one_algorithm(models: list, why: dict) -> None:
    """Una tabla con un solo algoritmo y sus resúmenes (``acc_mean``, ``acc_std``, ``ci_low``...)
    no tiene nada que comparar: se dice en vez de comparar los resúmenes como modelos."""
    summaries = [c for c, kind in why.items()
                 if kind in ("una dispersión", "un límite de un intervalo")]
    if not summaries:
        return
    stems = {_centre_stem(_plain(c)) for c in models}
    if len(models) >= 2 and (None in stems or len(stems - {""}) > 1):
        return  # columnas de varios algoritmos
    shown = list_columns([str(c) for c in models]) or "ninguna columna de puntuaciones"
    raise ValueError(
        f"`data`: solo hay un algoritmo: no hay nada que comparar. {shown} y "
        f"{list_columns([str(c) for c in summaries])} parecen, por sus nombres, el resumen de "
        "las puntuaciones de un mismo algoritmo (su media, su dispersión, su intervalo). Para "
        "comparar hacen falta las puntuaciones de al menos dos algoritmos en las mismas "
        "unidades (una columna por algoritmo y una fila por conjunto de datos o partición)."
    )


def _integer_name(name: object) -> int | None:
    text = str(name).strip()
    return int(text) if re.fullmatch(r"\d{1,4}", text) else None


def refuse_numbered_columns(models: list, row_label: object = None) -> None:
    """Columnas llamadas 0, 1, …, k − 1 (o 1, …, k) son particiones o remuestras de un algoritmo
    (así guardan tsml y aeon los resultados: un fichero por algoritmo, con la cabecera
    «folds:» o «folds»), no k modelos: se pregunta."""
    numbers = [_integer_name(c) for c in models]
    if len(models) < 3 or None in numbers:
        return
    start = min(numbers)
    if start not in (0, 1) or sorted(numbers) != list(range(start, start + len(numbers))):
        return
    rename = ("" if all(isinstance(c, str) for c in models) else
              "dé nombres de texto a las columnas (`data.rename(columns=str)`) y ")
    tsml = row_label is not None and _plain(row_label) == "folds"
    where = (f"La cabecera «{str(row_label).strip()}» es la de los resultados de tsml y aeon: "
             "un fichero por algoritmo, una fila por conjunto de datos y una columna por "
             "partición. " if tsml else "")
    raise ValueError(
        f"`data`: las columnas se llaman {models[0]}, {models[1]}, …, {models[-1]}, como las "
        f"particiones o remuestras de un solo algoritmo, no como {len(models)} modelos. "
        f"{where}Si son particiones de un algoritmo, con ellas solo no hay nada que comparar: "
        "reúna las de cada algoritmo en una tabla larga con una columna por papel (conjunto "
        f"de datos, partición, algoritmo y puntuación; {option('dataset_column')}, "
        f"{option('fold_column')}, {option('model_column')}, {option('score_column')}). Si "
        f"de verdad son modelos con esos nombres, {rename}dígalo con "
        f"{option('model_columns', [str(c) for c in models])}."
    )
