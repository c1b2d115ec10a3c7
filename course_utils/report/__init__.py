"""De los resultados propios a un informe: analizar un diseño y explicarlo.

:func:`analyze_results` recibe los resultados de un experimento (un ``DataFrame`` o un CSV),
reconoce el diseño (predicciones sobre un conjunto de prueba, particiones de validación cruzada,
semillas o una tabla de conjuntos de datos × algoritmos), lo valida, elige la prueba con la guía
«¿Qué prueba uso?» del cuaderno 10 (:mod:`course_utils.guide`), la ejecuta con las funciones del
curso y devuelve un :class:`AnalysisResult` que se escribe como Markdown, HTML o una tabla de
LaTeX. La orden ``python -m course_utils informe resultados.csv`` hace lo mismo desde la terminal.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from course_utils._validation import (
    check_alpha, check_bool, check_choice, check_random_state, describe, show_value,
)
# Además de lo que usa analyze_results, los nombres que se importaban de course_utils.report
# cuando era un solo módulo (N_BOOTSTRAP, DESIGN_NAMES) siguen importándose de aquí.
from course_utils.report._analysis import (  # noqa: F401
    N_BOOTSTRAP, _analyze_cv, _analyze_seeds, _analyze_test_set, _conclusions,
)
from course_utils._options import option
from course_utils.report._analysis_datasets import POSTHOC, _analyze_datasets
from course_utils.report._reading import (  # noqa: F401
    DESIGN_NAMES, DESIGNS, METRICS, _infer_design, _plain, _read_table, read_results,
)
from course_utils.report._roles import canonical_metric, metric_properties
from course_utils.report._render import AnalysisResult

#: Mayor valor absoluto de una puntuación que el informe acepta: con valores mayores, las
#: diferencias, medias y sobre todo las varianzas (cuadrados de diferencias sumados) desbordan
#: la coma flotante. Ninguna medida de rendimiento real se acerca; si los números lo hacen, se
#: pide reescalarlos.
MAX_SCORE_MAGNITUDE: float = 1e100

__all__ = ["AnalysisResult", "analyze_results", "read_results", "DESIGNS"]


def analyze_results(
    data: object,
    *,
    design: str | None = None,
    higher_is_better: bool | None = None,
    metric: str | None = None,
    alpha: float = 0.05,
    rope: object = None,
    control: str | None = None,
    test_train_ratio: float | None = None,
    cv: str | None = None,
    label_column: str | None = None,
    predictions: str | None = None,
    loss: str = "squared",
    allow_missing: bool = False,
    random_state: int = 0,
    index_col: object = None,
    dataset_column: str | None = None,
    model_column: str | None = None,
    fold_column: str | None = None,
    repeat_column: str | None = None,
    seed_column: str | None = None,
    score_column: str | None = None,
    model_columns: object = None,
    ignore_columns: object = None,
    percent: bool = False,
    positive_label: object = None,
    posthoc: str = "wilcoxon",
) -> AnalysisResult:
    """Analiza los resultados de un experimento y explica la elección de la prueba.

    Reconoce cuatro formas de tabla:

    1. **Predicciones sobre un conjunto de prueba**: una columna con las etiquetas verdaderas
       (``y_true``, ``etiqueta``...) y una columna por modelo. Con etiquetas predichas, McNemar
       mid-p (dos modelos) o la Q de Cochran con McNemar por parejas y Holm; con puntuaciones
       de un problema binario, DeLong; con valores de una regresión, la t pareada sobre las
       pérdidas por ejemplo.
    2. **Particiones de una validación cruzada** (una fila por partición, una columna por
       modelo): la t corregida (o la F combinada si es 5×2cv); con más de dos modelos, por
       parejas con Holm.
    3. **Conjuntos de datos × algoritmos** (una fila por conjunto): Wilcoxon con dos
       algoritmos; con más, Friedman (la fórmula de Demšar, sin corregir por empates, como
       :func:`~course_utils.friedman_test`; con empates, el valor corregido de R y scipy al
       lado) con Iman y Davenport y después Wilcoxon en cada pareja,
       con Holm frente a un control o Bergmann-Hommel entre todas las parejas; con celdas
       vacías, Skillings y Mack y Wilcoxon con Holm en los conjuntos de cada pareja.
    4. **Tabla larga** (conjunto, algoritmo, partición o semilla, puntuación), la forma que
       escriben los guiones de experimentos: se deduce cuál de las anteriores es. Con varios
       conjuntos, las particiones de cada uno se promedian (nunca se usan como bloques), y
       dos medias de un conjunto que difieren en menos del menor paso decimal con que están
       escritas las puntuaciones (su resolución) son un empate.
       Una fila por caso y modelo con la etiqueta verdadera del caso (``case_id, model,
       score, label``) son predicciones sobre un conjunto de prueba (forma 1). Semillas que no
       comparte ningún par de modelos no se emparejan: el informe
       (``UnpairedSeedsReport``, ``course_utils/report/_unpaired.py``) da la t de Welch y
       Mann-Whitney de scipy, para muestras independientes.

    Parámetros
    ----------
    data : pandas.DataFrame, str o pathlib.Path
        La tabla o la ruta de un CSV (ver :func:`read_results`).
    design : {"test_set", "cv", "seeds", "datasets", "questions"} o None
        El diseño, si no se puede deducir de los nombres de las columnas. ``"questions"``:
        una evaluación por preguntas (``item, model, correct[, cluster]``).
    higher_is_better : bool o None
        Si una puntuación mayor es mejor. Por defecto se deduce de ``metric`` o del nombre de
        la columna de puntuaciones; si no se puede, hay que darlo (no se supone).
    metric : str o None
        Nombre de la medida (``"exactitud"``, ``"auc"``, ``"f1"``, ``"error"``, ``"rmse"``...):
        fija su rango (las acotadas deben estar en [0, 1]) y su dirección.
    alpha : float
        Nivel de significación.
    rope : float, (float, float) o None
        Región de equivalencia práctica para el análisis bayesiano (dos modelos); ``0.01``
        equivale a ``(-0.01, 0.01)``.
    control : str o None
        Algoritmo de control: con varios algoritmos en varios conjuntos, compara solo con él.
    test_train_ratio : float o None
        n_prueba / n_entrenamiento de la validación cruzada (para la t corregida). Se deduce
        de las columnas «n_prueba» y «n_entrenamiento», o de «repeticion» y «particion».
    cv : {"rxk", "5x2"} o None
        Forma de la validación cruzada; 5×2 se deduce de 5 repeticiones de 2 particiones.
    label_column : str o None
        Columna de las etiquetas verdaderas, si no se llama ``y_true`` o parecido.
    predictions : {"labels", "scores", "regression"} o None
        Qué son las predicciones sobre un conjunto de prueba: etiquetas predichas,
        puntuaciones de un problema binario (probabilidades) o valores de una regresión. Se
        deduce solo cuando los valores no dejan duda; si no (por ejemplo, etiquetas enteras con
        más de dos valores y predicciones enteras, que pueden ser clases o una regresión), hay
        que darlo.
    loss : {"squared", "absolute"}
        Pérdida por ejemplo en regresión.
    allow_missing : bool
        Con varios conjuntos de datos, permite celdas vacías (prueba de Skillings y Mack).
    random_state : int
        Semilla de los remuestreos (intervalos *bootstrap*, ASO, prueba bayesiana).
    index_col : str, int, False o None
        La columna con los nombres de fila (ver :func:`read_results`): por defecto, la primera
        si no tiene nombre en la cabecera, como la escriben ``write.csv`` de R y ``to_csv()``
        de pandas. Un índice 0…N−1 o 1…N no se analiza; unos nombres son los conjuntos de
        datos. Las notas del informe dicen qué se hizo con ella.
    dataset_column, model_column, fold_column, repeat_column, seed_column : str o None
        La columna de los conjuntos de datos, de los algoritmos (tabla larga), de la
        partición, de la repetición y de la semilla, si su nombre no se reconoce. Se
        reconocen, sin importar mayúsculas, acentos ni separadores, nombres como
        ``conjunto``/``dataset``/``data.set``/``task``/``problem``, ``algoritmo``/``model``/
        ``classifier``/``learner``/``method``, ``particion``/``fold``/``split``,
        ``repeticion``/``repeat``/``run``/``iteration`` y ``semilla``/``seed``/
        ``random_state``.
    score_column : str o None
        Columna de la puntuación en una tabla larga. Si hay varias medidas (``accuracy``,
        ``precision``...), hay que elegir una: con este argumento o con ``metric`` igual al
        nombre de la columna.
    model_columns : list of str o None
        En una tabla ancha, las columnas que son modelos (las demás no se analizan). Por
        defecto son modelos las columnas sin otro papel; si alguna no lo parece claramente
        (textos, un índice 0, 1, …, enteros entre decimales, valores fuera del rango de la
        medida, un nombre de resumen como «Average» o «Best», columnas llamadas 0, 1, …,
        k − 1 como las particiones de un algoritmo, un nombre de tiempo como InceptionTime con
        valores de puntuación), se pregunta. Una fila de resumen («Average», «Media», «Mean
        rank»...) entre los conjuntos de datos se rechaza, y también una tabla con un solo
        algoritmo y sus resúmenes (``acc_mean`` y ``acc_std``, ``ci_low``...). De una tabla
        ``cv_results_`` con más de 10 configuraciones se comparan las 10 de mayor media.
    ignore_columns : list of str o None
        Columnas que no se usan (identificadores, descripciones, tiempos...). Las que se
        reconocen por su nombre (``id``, ``n_features``, ``fit_time``, ``tiempo``...) ya no se
        analizan como modelos; el informe dice cuáles se dejaron fuera.
    percent : bool
        Las puntuaciones están en porcentaje (0-100): se dividen entre 100 y el informe lo
        dice. Solo para medidas acotadas (exactitud, AUC, F1, error...). Si mayor es mejor y
        todas están entre 0 y 1, ya son proporciones y se rechaza.
    positive_label : object o None
        Clase positiva de un problema binario con puntuaciones (la que indican las
        puntuaciones altas). Se deduce solo de parejas sin duda: 0/1, -1/1, False/True,
        no/sí (o yes), neg/pos, negativo/positivo, negative/positive, falso/verdadero.
    posthoc : {"wilcoxon", "ranks"}
        Con varios algoritmos en varios conjuntos, de dónde salen las comparaciones por
        parejas: ``"wilcoxon"`` (por defecto), la prueba de Wilcoxon de cada pareja con sus
        propias puntuaciones, que no depende de qué otros algoritmos haya en la tabla;
        ``"ranks"``, la prueba z sobre los rangos medios de Friedman (Bergmann-Hommel, o Holm
        frente al control), que sí depende (cuaderno 08, sección 8): solo para comparar con
        artículos que la usan.

    Devuelve
    --------
    AnalysisResult
        Con :meth:`~AnalysisResult.to_markdown`, :meth:`~AnalysisResult.to_html`,
        :meth:`~AnalysisResult.to_latex` y :meth:`~AnalysisResult.figure`. Con una tabla
        larga de preguntas (``item, model, correct[, cluster]`` o ``pregunta, modelo,
        acierto[, grupo]``; también ``question``, ``score``, ``topic``...) y sin ``design``
        o con ``design="questions"``, un ``QuestionEvalsReport``
        (``course_utils/report/_evals.py``). Con semillas que no comparte ningún par de
        modelos, un ``UnpairedSeedsReport``. Los dos se escriben en Markdown, HTML y LaTeX.

    Ejemplos
    --------
    >>> import pandas as pd
    >>> import course_utils as cu
    >>> tabla = pd.DataFrame({
    ...     "conjunto": [f"c{i}" for i in range(8)],
    ...     "A": [0.81, 0.92, 0.75, 0.66, 0.88, 0.79, 0.95, 0.71],
    ...     "B": [0.78, 0.90, 0.74, 0.61, 0.85, 0.80, 0.93, 0.69]})
    >>> r = cu.analyze_results(tabla, metric="exactitud")
    >>> r.choices[0].procedure
    'prueba de Wilcoxon de rangos con signo (y la de los signos como comprobación)'
    >>> round(float(r.comparisons["pvalue"].iloc[0]), 4)
    0.0234
    """
    given = {k: v for k, v in locals().items() if k != "data"}
    call = _call_text(data, given)
    if design is not None:
        design = check_choice(design, "design", DESIGNS)
    alpha = check_alpha(alpha)
    allow_missing = check_bool(allow_missing, "allow_missing")
    if cv is not None:
        cv = check_choice(cv, "cv", ("rxk", "5x2"))
    if predictions is not None:
        predictions = check_choice(predictions, "predictions", ("labels", "scores", "regression"))
    loss = check_choice(loss, "loss", ("squared", "absolute"))
    posthoc = check_choice(posthoc, "posthoc", POSTHOC)
    random_state = check_random_state(random_state, kinds=())
    if random_state is None:
        raise TypeError("`random_state` debe ser un entero (la semilla de los remuestreos, por "
                        "ejemplo 0); se recibió None.")
    if higher_is_better is not None:
        higher_is_better = check_bool(higher_is_better, "higher_is_better")
    if control is not None and not isinstance(control, str):
        raise TypeError("`control` debe ser el nombre de un algoritmo; se recibió "
                        f"{describe(control)}.")
    if test_train_ratio is not None:
        from course_utils._validation import check_test_train_ratio

        test_train_ratio = check_test_train_ratio(test_train_ratio)
    rope_t = _check_rope(rope)
    percent = check_bool(percent, "percent")
    column_roles = {
        role: _check_column_name(value, arg) for role, arg, value in (
            ("dataset", "dataset_column", dataset_column), ("model", "model_column", model_column),
            ("fold", "fold_column", fold_column), ("repeat", "repeat_column", repeat_column),
            ("seed", "seed_column", seed_column), ("score", "score_column", score_column))
    }
    _check_column_name(label_column, "label_column")
    ignore_columns = _check_column_list(ignore_columns, "ignore_columns")
    model_columns = _check_column_list(model_columns, "model_columns")
    if metric is not None and not isinstance(metric, str):
        raise TypeError(f"{option('metric')} debe ser el nombre de una medida; se recibió "
                        f"{describe(metric)}.")
    table, reading_notes = _read_table(data, index_col, label_column, column_roles)
    # --- evaluaciones por preguntas (item, model, correct[, cluster]): report/_evals.py ---
    from course_utils.report._evals import analyze_question_table, question_columns

    if design in (None, "questions") and (evals_columns := question_columns(table)) is not None:
        return analyze_question_table(table, evals_columns, alpha=alpha)
    if design == "questions":
        analyze_question_table(table, None, alpha=alpha)  # dice qué columnas faltan
    # --- fin de las evaluaciones por preguntas ---
    if (metric is not None and canonical_metric(metric) is None
            and not any(_plain(c) == _plain(metric) for c in table.columns)):
        raise ValueError(
            f"{option('metric')}: no se conoce {metric!r}; use una de "
            f"{', '.join(sorted(METRICS))} (o su nombre en inglés: accuracy, roc_auc, f1_macro, "
            f"rmse...), o el nombre de la columna de la puntuación, o no la dé y diga si mayor "
            f"es mejor con {option('higher_is_better')}."
        )
    d = _infer_design(table, design, label_column, cv, test_train_ratio, allow_missing,
                      columns=column_roles, ignore_columns=ignore_columns,
                      model_columns=model_columns, metric=metric, percent=percent,
                      predictions=predictions, positive_label=positive_label)

    if control is not None and d.design != "datasets":
        raise ValueError(
            f"{option('control')}: el algoritmo de control es para comparar varios algoritmos "
            f"en varios conjuntos de datos; aquí las filas son {_ROWS[d.design]} y se comparan "
            "todas las parejas de modelos. Quite esa opción."
        )
    if d.design != "test_set":
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
        _percent(d, percent, metric_name, bounded, higher_is_better)
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
        if d.design == "unpaired_seeds":  # ninguna semilla compartida: report/_unpaired.py
            from course_utils.report._unpaired import unpaired_seeds_report

            return unpaired_seeds_report(d, alpha, higher_is_better, rope_t, call,
                                         list(reading_notes) + list(d.notes))
        if d.design == "cv":
            res = _analyze_cv(d, alpha, rope_t, higher_is_better, random_state)
        elif d.design == "seeds":
            res = _analyze_seeds(d, alpha, rope_t, higher_is_better, random_state)
        else:
            res = _analyze_datasets(d, alpha, rope_t, higher_is_better, random_state, control,
                                    posthoc)
        models = tuple(d.table.columns)
    else:
        loss = _check_test_set_options(d, higher_is_better, metric, loss)
        if rope_t is not None:
            raise ValueError("`rope`: el análisis con ROPE es para validación cruzada o varios "
                             "conjuntos de datos, no para un solo conjunto de prueba.")
        if percent:
            raise ValueError(f"{option('percent', True)}: es para puntuaciones en porcentaje, "
                             "no para predicciones sobre un conjunto de prueba.")
        res = _analyze_test_set(d, alpha, rope_t, d.kind, loss)
        models = tuple(d.predictions)
        higher_is_better = res["higher"]
    conclusion = _conclusions(res, d.design, alpha, rope_t, res["higher"])
    return AnalysisResult(
        design=d.design, models=models, n_units=int(res["n_units"]), varies=d.varies,
        choices=tuple(res["choices"]), descriptives=res["descriptives"],
        omnibus=res["omnibus"], comparisons=res["comparisons"].reset_index(drop=True),
        effect=res["effect"], correction=res["correction"], bayes=res["bayes"],
        conclusion=tuple(conclusion),
        notes=tuple(n for n in list(reading_notes) + list(d.notes) + list(res["notes"]) if n),
        alpha=alpha, rope=rope_t, higher_is_better=higher_is_better,
        metric=res["metric"], random_state=int(random_state), call=call,
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
