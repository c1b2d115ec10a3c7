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
    check_alpha, check_bool, check_choice, check_random_state, describe,
)
# Además de lo que usa analyze_results, los nombres que se importaban de course_utils.report
# cuando era un solo módulo (N_BOOTSTRAP, DESIGN_NAMES) siguen importándose de aquí.
from course_utils.report._analysis import (  # noqa: F401
    N_BOOTSTRAP, _analyze_cv, _analyze_seeds, _analyze_test_set, _conclusions,
)
from course_utils.report._analysis_datasets import POSTHOC, _analyze_datasets
from course_utils.report._reading import (  # noqa: F401
    DESIGN_NAMES, DESIGNS, METRICS, _infer_design, _plain, read_results,
)
from course_utils.report._render import AnalysisResult

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
       algoritmos; con más, Friedman con Iman y Davenport y después Wilcoxon en cada pareja,
       con Holm frente a un control o Bergmann-Hommel entre todas las parejas; con celdas
       vacías, Skillings y Mack y Wilcoxon con Holm en los conjuntos de cada pareja.
    4. **Tabla larga** (conjunto, algoritmo, partición o semilla, puntuación), la forma que
       escriben los guiones de experimentos: se deduce cuál de las anteriores es. Con varios
       conjuntos, las particiones de cada uno se promedian (nunca se usan como bloques).

    Parámetros
    ----------
    data : pandas.DataFrame, str o pathlib.Path
        La tabla o la ruta de un CSV (ver :func:`read_results`).
    design : {"test_set", "cv", "seeds", "datasets"} o None
        El diseño, si no se puede deducir de los nombres de las columnas.
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
        Qué son las predicciones (se deduce si no se da).
    loss : {"squared", "absolute"}
        Pérdida por ejemplo en regresión.
    allow_missing : bool
        Con varios conjuntos de datos, permite celdas vacías (prueba de Skillings y Mack).
    random_state : int
        Semilla de los remuestreos (intervalos *bootstrap*, ASO, prueba bayesiana).
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
        :meth:`~AnalysisResult.to_latex` y :meth:`~AnalysisResult.figure`.

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
        raise TypeError(f"`control` debe ser el nombre de un algoritmo; se recibió {describe(control)}.")
    if test_train_ratio is not None:
        from course_utils._validation import check_test_train_ratio

        test_train_ratio = check_test_train_ratio(test_train_ratio)
    rope_t = _check_rope(rope)
    table = read_results(data)
    d = _infer_design(table, design, label_column, cv, test_train_ratio, allow_missing)

    if d.design != "test_set":
        metric_name = _plain(metric) if metric is not None else d.metric
        if metric is not None and metric_name not in METRICS:
            raise ValueError(
                f"`metric`: no se conoce {metric!r}; use una de {', '.join(sorted(METRICS))} o "
                "déjelo en None y dé `higher_is_better`."
            )
        bounded, default_higher = METRICS.get(metric_name, (False, None))
        if higher_is_better is None:
            higher_is_better = default_higher
        if higher_is_better is None:
            raise ValueError(
                "`higher_is_better`: no se sabe si una puntuación mayor es mejor; indíquelo "
                "(True para exactitud o AUC, False para un error) o dé `metric`."
            )
        values = d.table.to_numpy(dtype=float)
        values = values[~np.isnan(values)]
        if bounded and (values.min() < 0 or values.max() > 1):
            pct = values.min() >= 0 and 1 < float(np.median(values)) and values.max() <= 100
            raise ValueError(
                f"`data`: la medida «{metric_name}» va de 0 a 1, pero hay puntuaciones entre "
                f"{values.min():g} y {values.max():g}"
                + (": parecen porcentajes; divídalas entre 100." if pct else ".")
            )
        d.metric = metric_name
        if d.design == "cv":
            res = _analyze_cv(d, alpha, rope_t, higher_is_better, random_state)
        elif d.design == "seeds":
            res = _analyze_seeds(d, alpha, rope_t, higher_is_better, random_state)
        else:
            res = _analyze_datasets(d, alpha, rope_t, higher_is_better, random_state, control,
                                    posthoc)
        models = tuple(d.table.columns)
    else:
        if rope_t is not None:
            raise ValueError("`rope`: el análisis con ROPE es para validación cruzada o varios "
                             "conjuntos de datos, no para un solo conjunto de prueba.")
        if control is not None:
            raise ValueError("`control`: solo se usa con varios algoritmos en varios conjuntos.")
        res = _analyze_test_set(d, alpha, rope_t, predictions, loss)
        models = tuple(d.predictions)
        higher_is_better = res["higher"]
    conclusion = _conclusions(res, d.design, alpha, rope_t, res["higher"])
    return AnalysisResult(
        design=d.design, models=models, n_units=int(res["n_units"]), varies=d.varies,
        choices=tuple(res["choices"]), descriptives=res["descriptives"],
        omnibus=res["omnibus"], comparisons=res["comparisons"].reset_index(drop=True),
        effect=res["effect"], correction=res["correction"], bayes=res["bayes"],
        conclusion=tuple(conclusion), notes=tuple(n for n in res["notes"] if n),
        alpha=alpha, rope=rope_t, higher_is_better=higher_is_better,
        metric=res["metric"], random_state=int(random_state), call=call,
        table_notes=tuple(res.get("table_notes", ())),
        details=tuple(res["details"]),
    )


_DEFAULTS = {"design": None, "higher_is_better": None, "metric": None, "alpha": 0.05,
             "rope": None, "control": None, "test_train_ratio": None, "cv": None,
             "label_column": None, "predictions": None, "loss": "squared",
             "allow_missing": False, "random_state": 0, "posthoc": "wilcoxon"}


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
            raise ValueError(f"`rope` debe ser un número positivo; se recibió {rope!r}.")
        return (-float(rope), float(rope))
    if isinstance(rope, (tuple, list)) and len(rope) == 2 and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in rope
    ) and rope[0] < rope[1]:
        return (float(rope[0]), float(rope[1]))
    raise ValueError(
        "`rope` debe ser un número positivo (0.01 es (−0.01, 0.01)) o un par (inferior, "
        f"superior) con inferior < superior; se recibió {describe(rope)}."
    )
