"""Lectura de los resultados y reconocimiento del diseño.

:func:`read_results` lee el CSV (o copia el ``DataFrame``); :func:`_infer_design` reconoce qué
papel tiene cada columna (etiquetas, modelo, conjunto, partición, semilla, puntuación), valida la
tabla y la deja como un :class:`_Design`: unidades × modelos, o etiquetas y predicciones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd

from course_utils._validation import describe
from course_utils.report._input import (
    cv_results_to_long, index_to_column, read_csv_file, row_labels,
)
from course_utils._options import option
from course_utils.report._long_predictions import long_predictions
from course_utils.report._predictions import prediction_kind, refuse_class_probabilities
from course_utils.report._units import (
    _averaged_note, _check_numeric, _cv_structure, _drop_empty_scores, _duplicates,
    _group_means, _missing_fix, _pivot, _ratio_from_columns, _refuse_summary_rows,
    _seed_per_run, _unpaired, _unpaired_within, refuse_split_names,
)
from course_utils.report._unpaired import unpaired_seed_groups
from course_utils.report._roles import (
    _DATASET_NAMES, _FOLD_NAMES, _LABEL_NAMES, _METRIC_NAME_NAMES, _NTEST_NAMES, _examples,
    _NTRAIN_NAMES, _SEED_NAMES, METRICS, _plain, assign_roles, canonical_metric,
    doubtful_model_columns, is_score_name, is_time_name, list_columns,
    metric_properties, non_model_kind, raise_doubtful, refuse_numbered_columns,
    refuse_one_algorithm, refuse_score_like_times, refuse_values, same_metric, value_kind,
)

#: Diseños que reconoce :func:`analyze_results`.
DESIGNS = ("test_set", "cv", "seeds", "datasets", "questions")

DESIGN_NAMES = {
    "test_set": "predicciones de varios modelos sobre un mismo conjunto de prueba",
    "cv": "puntuaciones por partición de una misma validación cruzada",
    "seeds": "puntuaciones con varias semillas de entrenamiento sobre la misma división",
    "datasets": "una puntuación por conjunto de datos y algoritmo (tabla N × k)",
    "questions": "aciertos de varios modelos en las mismas preguntas (evaluación por preguntas)",
}

# Los nombres de cada papel, las medidas y las columnas que no son modelos: ``_roles``.
_ = (METRICS, _plain)  # se importan de aquí desde ``course_utils.report``


# ---------------------------------------------------------------------------------------------
# Lectura
# ---------------------------------------------------------------------------------------------


def read_results(data: object, *, index_col: object = None) -> pd.DataFrame:
    """Lee los resultados de un CSV (o copia un ``DataFrame``).

    La codificación (UTF-8, con o sin BOM, o Windows-1252, la de Excel en español), el
    separador (coma, punto y coma o tabulador) y el separador decimal se detectan: ``0,85`` se
    lee como número en un fichero separado por punto y coma o por tabuladores, como escribe la
    configuración regional española (y entre comillas en uno separado por comas). Se aceptan
    comillas, finales de línea de Windows y un separador al final de cada fila; lo que no se
    puede leer sin adivinar (una cabecera con dos columnas del mismo nombre, filas con campos de
    más, coma y punto decimal a la vez) da un error que dice la línea y la columna.

    Una primera columna sin nombre en la cabecera (la que escriben ``write.csv`` de R y
    ``to_csv()`` de pandas) tiene los nombres de las filas: si es un índice 0…N−1 o 1…N se
    quita; si son nombres, son los conjuntos de datos (columna «conjunto»). Lo mismo con el
    índice de un ``DataFrame``: si tiene nombre, es una columna más; sin nombre, si tiene
    textos son los conjuntos de datos, y si tiene enteros se ignora.

    Parámetros
    ----------
    data : pandas.DataFrame, str o pathlib.Path
        La tabla o la ruta del fichero CSV.
    index_col : str, int, False o None
        La columna con los nombres de fila, por su nombre o su posición (0 es la primera), si no
        es la primera sin nombre; False si no hay ninguna. Por defecto (None), la primera
        columna si no tiene nombre en la cabecera.

    Devuelve
    --------
    pandas.DataFrame
    """
    return _read_table(data, index_col)[0]


def _read_table(data: object, index_col: object = None, label_column: object = None,
                columns: dict | None = None) -> tuple[pd.DataFrame, list[str]]:
    """La tabla de :func:`read_results` y las notas sobre cómo se leyó (para el informe).

    La columna de nombres de fila la reconoce :func:`._input.row_labels` (el único sitio que
    decide qué es una primera columna sin nombre); para ello necesita saber qué columnas ya
    tienen un papel: las que se nombraron (``label_column`` y ``columns``, papel → columna) o
    las que lo dicen con su nombre.
    """
    if isinstance(data, pd.DataFrame):
        if data.empty:
            raise ValueError("`data` no tiene filas: el informe necesita resultados.")
        table, notes = index_to_column(data), []
        from_index = len(table.columns) > len(data.columns) and table.columns[0] == ""
    elif isinstance(data, (str, Path)):
        table, notes = read_csv_file(Path(data))
        from_index = False
    else:
        raise TypeError(
            "`data` debe ser un DataFrame de pandas o la ruta de un fichero CSV; se recibió "
            f"{describe(data)}."
        )
    given = dict(columns or {}, label=label_column)
    width0 = table.shape[1]
    while True:  # to_csv() de una tabla que ya tenía «Unnamed: 0» deja dos índices
        names = list(table.columns)

        def role(name: str, known: set[str]) -> object:
            if given.get(name) in names:
                return given[name]
            # la primera con ese nombre; si hay varias, lo dice después ``assign_roles``
            return next((c for c in names if _plain(c) in known), None)

        width = len(names)
        table, more = row_labels(
            table, index_col, label=role("label", _LABEL_NAMES),
            dataset=role("dataset", _DATASET_NAMES), fold=role("fold", _FOLD_NAMES),
            seed=role("seed", _SEED_NAMES), from_index=from_index,
            again=len(names) < width0)
        notes += more
        if index_col is not None or table.shape[1] in (0, width):
            break
    if table.shape[1] == 0:
        raise ValueError("`data` no tiene columnas de resultados.")
    return table, notes


def _find(columns: list[str], names: set[str]) -> str | None:
    hits = [c for c in columns if _plain(c) in names]
    if len(hits) > 1:
        raise ValueError(
            f"`data` tiene varias columnas con el mismo papel ({list_columns(hits)}); ignore "
            f"las que sobren con {option('ignore_columns', [str(h) for h in hits[1:]])}."
        )
    return hits[0] if hits else None


# ---------------------------------------------------------------------------------------------
# Diseño
# ---------------------------------------------------------------------------------------------


@dataclass
class _Design:
    design: str
    table: pd.DataFrame | None = None  # unidades × modelos
    y_true: np.ndarray | None = None
    predictions: dict | None = None
    kind: str = ""  # test_set: labels/scores/regression
    cv: str = ""  # rxk / 5x2
    test_train_ratio: float | None = None
    averaged: str = ""  # qué se promedió al pasar a conjuntos de datos
    varies: str = ""
    metric: str = ""
    notes: list = field(default_factory=list)  # lo que se dedujo al leer la tabla
    positive_label: object = None  # test_set con puntuaciones: la clase positiva
    positive_reason: str = ""
    label_column: str = ""  # test_set: la columna de las etiquetas verdaderas
    seed_column: str = ""  # unpaired_seeds: la columna de las semillas
    # datasets con particiones de validación cruzada: (conjunto, [repetición,] partición) ×
    # modelos, antes de promediar, y el número de repeticiones (la prueba jerárquica)
    folds: pd.DataFrame | None = None
    fold_runs: int = 1


_VARIES = {
    "test_set": "los ejemplos del conjunto de prueba (los modelos ya están entrenados)",
    "cv": "la partición de validación cruzada (un solo conjunto de datos)",
    "seeds": "la semilla de entrenamiento (la división de los datos es fija)",
    "datasets": "los conjuntos de datos (cada uno, una puntuación por algoritmo)",
}
def _unused_note(columns: list, why: dict) -> str:
    if not columns:
        return ""
    parts = [f"«{c}»" + (f" ({why[c]})" if why.get(c) else "") for c in columns]
    return f"No se analizan estas columnas: {', '.join(parts)}."


def _infer_design(
    table: pd.DataFrame,
    design: str | None,
    label_column: str | None,
    cv: str | None,
    test_train_ratio: float | None,
    allow_missing: bool,
    *,
    columns: dict | None = None,
    ignore_columns: tuple = (),
    model_columns: tuple = (),
    metric: str | None = None,
    percent: bool = False,
    predictions: str | None = None,
    positive_label: object = None,
) -> _Design:
    """Reconoce el diseño a partir del papel de cada columna.

    ``columns`` da el papel de las columnas que se nombraron (``"dataset"``, ``"model"``,
    ``"fold"``, ``"repeat"``, ``"seed"``, ``"score"``); las demás se reconocen por su nombre
    (:mod:`._roles`). Lo que no se puede saber se pregunta con un error.
    """
    given = dict(columns or {})
    given["label"] = label_column
    ignore, models_given = list(ignore_columns), list(model_columns)
    reshaped = None
    if not any(given.get(r) for r in ("model", "fold", "label")) and not models_given:
        reshaped = cv_results_to_long(table.drop(columns=ignore, errors="ignore"),
                                      given.get("score") or metric)
    if reshaped is not None:  # particiones en columnas (cv_results_ de scikit-learn)
        _check_cv_results_score(reshaped[0], given.get("score"))
        table, ignore = reshaped[0], []
        d = _infer_design(table, design, None, cv, test_train_ratio, allow_missing,
                          columns=given, metric=metric, percent=percent)
        d.notes[:0] = reshaped[1]
        return d
    roles, set_aside = assign_roles(table, given, ignore, models_given)
    if roles["model"] is not None and label_column is None:
        roles["label"] = None  # una tabla larga no tiene etiquetas: «y» puede ser otra cosa
    cols = list(table.columns)
    free = [c for c in cols if c not in ignore and c not in set_aside
            and c not in roles.values()]
    ntest, ntrain = _find(free, _NTEST_NAMES), _find(free, _NTRAIN_NAMES)
    used = {c for c in roles.values() if c is not None} | set(ignore) | set(set_aside)
    used |= {c for c in (ntest, ntrain) if c is not None}
    why = {c: "ignorada" for c in ignore}
    why.update(set_aside)
    why.update({c: non_model_kind(c) for c in free if c not in why and non_model_kind(c)
                and c not in (ntest, ntrain)})

    if roles["label"] is not None and roles["model"] is None:
        return _test_set_design(table, roles, used, why, design, models_given, predictions,
                                positive_label)
    if roles["score"] is not None and roles["model"] is None:
        raise ValueError(
            f"{option('score_column')}: es para tablas largas, con una columna de algoritmos "
            f"(que no se encontró; dígala con {option('model_column')})."
        )
    if roles["model"] is not None:
        if models_given:
            raise ValueError(
                f"{option('model_columns')}: es para tablas anchas (una columna por modelo); "
                f"esta tabla es larga (los modelos están en «{roles['model']}»)."
            )
        reshaped = long_predictions(table, roles, used)
        if reshaped is not None:
            wide, label, note = reshaped
            d = _test_set_design(wide, {"label": label}, {label}, {}, design, [], predictions,
                                 positive_label)
            d.notes.insert(0, note)
            return d
        return _long_design(table, roles, used, why, design, cv, test_train_ratio,
                            allow_missing, metric, (ntest, ntrain))
    return _wide_design(table, roles, used, why, design, cv, test_train_ratio, allow_missing,
                        metric, percent, models_given, (ntest, ntrain))


def _check_cv_results_score(long: pd.DataFrame, score) -> None:
    """En una tabla ``cv_results_``, la puntuación es una de las medidas de sus particiones
    (``r2`` de ``split0_test_r2``...), no una columna de la tabla tal como llegó."""
    measures = [str(c) for c in long.columns if c not in ("modelo", "particion")]
    if score is None or score in measures:
        return
    raise ValueError(
        f"{option('score_column', score)}: la tabla tiene la forma de cv_results_ de "
        f"scikit-learn, y sus puntuaciones por partición son las medidas "
        f"{list_columns(measures)} (de las columnas split0_test_…); dé una de ellas, por "
        f"ejemplo {option('score_column', measures[0])}."
    )


def _test_set_design(table, roles, used, why, design, models_given, predictions,
                     positive_label) -> _Design:
    label = roles["label"]
    if design not in (None, "test_set"):
        raise ValueError(
            f"{option('design')}: la columna de etiquetas «{label}» indica predicciones sobre "
            f"un conjunto de prueba ({option('design', 'test_set')}), no "
            f"{option('design', design)}."
        )
    cols = list(table.columns)
    models = models_given or [c for c in cols if c not in used and not why.get(c)]
    skipped = [c for c in cols if c != label and c not in models]
    if not models:
        raise ValueError(
            f"`data`: además de las etiquetas «{label}» hace falta una columna por modelo "
            "con sus predicciones."
        )
    if table[label].isna().any() or table[models].isna().to_numpy().any():
        raise ValueError(
            "`data`: hay celdas vacías en las etiquetas o en las predicciones; cada ejemplo "
            "de prueba necesita su etiqueta y la predicción de cada modelo."
        )
    preds = {str(m): table[m].to_numpy() for m in models}
    if not models_given:
        refuse_class_probabilities(table[label].to_numpy(), preds, str(label))
    kind, positive, reason, notes = prediction_kind(table[label].to_numpy(), preds, str(label),
                                                    predictions, positive_label)
    if kind != "labels" and not models_given:
        raise_doubtful(doubtful_model_columns(table, models, None, 1.0))
    return _Design("test_set", y_true=table[label].to_numpy(), predictions=preds, kind=kind,
                   label_column=str(label),
                   positive_label=positive, positive_reason=reason,
                   notes=[n for n in [_unused_note(skipped, why)] + notes if n],
                   varies=_VARIES["test_set"])


def _metric_rows(long, used, metric, score, notes):
    """Una columna de texto con el nombre de la medida de cada fila: se elige una.

    Se filtra si ``metric`` nombra una de sus medidas, o si la puntuación es una columna
    genérica («value», «result»...) que mezcla medidas; si la puntuación es de una medida
    concreta («acc»), la columna de medidas no se usa.
    """
    names = [c for c in long.columns if c not in used and _plain(c) in _METRIC_NAME_NAMES
             and value_kind(long[c]) == "text"]
    if len(names) != 1:
        return long, None, ""
    col = names[0]
    values = list(pd.unique(long[col].dropna()))
    if len(values) == 1:
        return long, col, str(values[0])
    if metric is None and score is not None and canonical_metric(score) is not None:
        return long, None, ""
    if metric is not None:
        hits = [v for v in values if _plain(v) == _plain(metric) or same_metric(v, metric)]
        if len(hits) == 1:
            notes.append(f"Se analizan las filas de la medida «{hits[0]}» (columna «{col}»).")
            return long[long[col] == hits[0]], col, str(hits[0])
    raise ValueError(
        f"`data`: la columna «{col}» tiene varias medidas ({list_columns(values)}): diga cuál "
        f"analizar con {option('metric', str(values[0]))}."
    )


def _long_score(long, used, metric, notes) -> str:
    """La columna de puntuaciones de una tabla larga: la que se nombra, o se pregunta."""
    rest = [c for c in long.columns if c not in used]
    numeric = [c for c in rest if value_kind(long[c]) != "text"]
    times = [c for c in numeric if is_time_name(c)]
    if metric is not None:
        hits = [c for c in numeric if _plain(c) == _plain(metric) or same_metric(c, metric)]
        if len(hits) == 1:
            return hits[0]
    named = [c for c in numeric if is_score_name(c)]
    if len(named) == 1:
        return named[0]
    if not named:
        unknown = [c for c in numeric if non_model_kind(c) is None]
        if len(unknown) == 1:
            notes.append(f"La puntuación es la columna «{unknown[0]}», la única numérica sin "
                         "otro papel.")
            return unknown[0]
        named = unknown
    choices = named + [c for c in times if c not in named]
    if not choices:
        raise ValueError(
            f"`data` parece una tabla larga, pero no tiene ninguna columna de puntuaciones con "
            f"números (columnas: {list_columns(long.columns)}); diga cuál es con "
            f"{option('score_column')}."
        )
    first = str(choices[0])
    raise ValueError(
        f"`data` parece una tabla larga, pero no se sabe qué columna tiene la puntuación entre "
        f"{list_columns(choices)}: diga cuál analizar con {option('score_column', first)} (o "
        f"con {option('metric', first)} si es el nombre de la medida)."
    )


def _long_design(table, roles, used, why, design, cv, test_train_ratio, allow_missing, metric,
                 n_columns) -> _Design:
    t = _long_scores(table, roles, used, why, metric, n_columns, test_train_ratio)
    n_datasets = t.long[t.dataset].nunique() if t.dataset is not None else 1
    if n_datasets > 1:
        return _long_datasets(t, n_datasets, design, allow_missing)
    return _long_one_dataset(t, design, cv, why)


def _long_scores(table, roles, used, why, metric, n_columns, test_train_ratio):
    """Las puntuaciones de una tabla larga: su columna (y la medida elegida, si una columna
    nombra la medida de cada fila), sin filas vacías, con las notas sobre lo que no se usa y
    las unidades (repetición, partición, semilla) con que se emparejan los modelos."""
    t = SimpleNamespace(model=roles["model"], dataset=roles["dataset"], fold=roles["fold"],
                        repeat=roles["repeat"], seed=roles["seed"], notes=[])
    refuse_split_names(table, t.fold)
    long, metric_col, metric_value = table, None, ""
    if metric is not None or roles["score"] is not None:
        long, metric_col, metric_value = _metric_rows(table, used, metric, roles["score"],
                                                      t.notes)
    score = roles["score"] or _long_score(long, used | {metric_col}, metric, t.notes)
    if metric is None and roles["score"] is None:
        long, metric_col, metric_value = _metric_rows(long, used, None, score, t.notes)
    used = used | {metric_col}
    refuse_values(str(score), value_kind(long[score]), "puntuaciones")
    t.long, t.score = _drop_empty_scores(long, score, t.notes), score
    t.unused = [c for c in table.columns if c not in used and c != score and c != metric_col]
    role_cols = {c for c in roles.values() if c is not None}
    t.notes.insert(0, _unused_note([c for c in table.columns if c not in role_cols
                                    and c not in n_columns and c not in (score, metric_col)],
                                   why))
    if t.seed is not None and (t.fold is not None or t.repeat is not None) and _seed_per_run(
            t.long, [c for c in (t.dataset, t.repeat, t.fold) if c is not None], t.seed):
        t.notes.append(f"«{t.seed}» cambia de un algoritmo a otro en la misma partición: es la "
                       "semilla de cada ejecución, no una unidad que compartan los algoritmos, "
                       "y no se usa para emparejarlos.")
        t.seed = None
    t.units = [c for c in (t.repeat, t.fold, t.seed) if c is not None]
    t.metric_name = next((_plain(name) for name in (score, metric_value)
                          if name and canonical_metric(name) is not None), "")
    t.ratio = _ratio_from_columns(t.long, *n_columns, test_train_ratio)
    return t


def _long_datasets(t, n_datasets: int, design, allow_missing) -> _Design:
    """Tabla larga con varios conjuntos de datos: una media por conjunto y algoritmo (las
    particiones o semillas de cada conjunto se promedian, nunca son bloques)."""
    if design not in (None, "datasets"):
        raise ValueError(
            f"{option('design')}: la tabla tiene {n_datasets} conjuntos de datos distintos en "
            f"«{t.dataset}»; con varios conjuntos, la unidad de análisis es el conjunto "
            f"({option('design', 'datasets')}). Para analizar uno solo, filtre sus filas "
            "antes."
        )
    _refuse_summary_rows(t.long[t.dataset], t.dataset)
    averaged = ""
    if t.units:
        wide = _pivot(t.long, [t.dataset] + t.units, t.model, t.score, "partición", t.unused)
        wide = _unpaired_within(wide, allow_missing, t.notes)
        folds, runs = _cv_folds(wide, t.fold, t.repeat, t.seed, t.long)
        wide = _group_means(wide)
        averaged = _averaged_note(t.fold, t.repeat, t.seed)
    else:
        wide = _pivot(t.long, [t.dataset], t.model, t.score, "conjunto de datos", t.unused)
        folds, runs = None, 1
    wide.index.name = str(t.dataset)
    wide.columns = [str(c) for c in wide.columns]
    if wide.isna().to_numpy().any() and not allow_missing:
        _unpaired(wide, "celdas de la tabla conjuntos × algoritmos", _missing_fix())
    return _Design("datasets", table=wide, averaged=averaged, metric=t.metric_name,
                   notes=t.notes, varies=_VARIES["datasets"], folds=folds, fold_runs=runs)


def _cv_folds(wide: pd.DataFrame, fold, repeat, seed, source: pd.DataFrame):
    """Las puntuaciones por partición de cada conjunto, si son particiones de validación
    cruzada (con columna de partición, sin semillas) y todos los conjuntos tienen las mismas;
    con el número de repeticiones. Si no, ``(None, 1)``."""
    if fold is None or seed is not None or wide.isna().to_numpy().any():
        return None, 1
    sizes = wide.groupby(level=0, sort=False).size()
    runs = int(source[repeat].nunique()) if repeat is not None else 1
    if sizes.nunique() != 1 or int(sizes.iloc[0]) % runs:
        return None, 1
    folds = wide.copy()
    folds.columns = [str(c) for c in folds.columns]
    return folds, runs


def _refuse_no_units(t, why) -> None:
    """Error si nada distingue las filas de un algoritmo (ni partición ni semilla)."""
    per = int(t.long.groupby(t.model).size().max())
    described = [c for c in t.unused if why.get(c) == "una descripción de los datos"]
    raise ValueError(
        f"`data`: no se sabe qué distingue las {per} filas de cada algoritmo: hace falta "
        "una columna que diga de qué "
        + ("conjunto de datos, " if t.dataset is None else "")
        + "partición («particion», y «repeticion» si se repitió la validación cruzada) o "
        "semilla («semilla») sale cada puntuación; si tiene otro nombre, dígalo con "
        + (f"{option('dataset_column')}, " if t.dataset is None else "")
        + f"{option('fold_column')}, {option('repeat_column')} o {option('seed_column')}."
        + (f" {list_columns(described)} describen los datos, pero no identifican cada fila: "
           "sin una columna que lo haga, las filas no se pueden emparejar entre algoritmos."
           if described else "")
    )


def _long_one_dataset(t, design, cv, why) -> _Design:
    """Tabla larga de un solo conjunto de datos: particiones de una validación cruzada o
    semillas (emparejadas o, si ningún par de modelos comparte una, sin emparejar)."""
    if not t.units:
        _refuse_no_units(t, why)
    if design == "datasets":
        raise ValueError(
            f"{option('design', 'datasets')} no sirve aquí: la tabla tiene un solo conjunto de "
            "datos y las filas son particiones o semillas, que no son conjuntos de datos "
            "independientes. No las use como bloques de Friedman (cuaderno 08, «Errores "
            f"comunes»): deje {option('design')} sin fijar para analizarlas como validación "
            "cruzada o semillas."
        )
    only_seeds = t.seed is not None and t.repeat is None or design == "seeds"
    where = "semillas" if t.fold is None and only_seeds else "particiones"
    runs = (unpaired_seed_groups(t.long, t.seed, t.model, t.score)
            if where == "semillas" and t.seed is not None else None)
    if runs is not None:  # ningún par de modelos comparte una semilla: report/_unpaired.py
        if design not in (None, "seeds"):
            raise ValueError(f"{option('design')}: las filas son semillas; use "
                             f"{option('design', 'seeds')}, no {option('design', design)}.")
        return _Design("unpaired_seeds", table=runs, metric=t.metric_name, notes=t.notes,
                       varies=_VARIES["seeds"], seed_column=str(t.seed))
    wide = _pivot(t.long, t.units, t.model, t.score,
                  "partición" if where == "particiones" else "semilla", t.unused)
    _unpaired(wide, where, "Repita las que faltan o quite las que no tengan todos los modelos.")
    wide.columns = [str(c) for c in wide.columns]
    if where == "semillas":
        if design not in (None, "seeds"):
            raise ValueError(f"{option('design')}: las filas son semillas; use "
                             f"{option('design', 'seeds')}, no {option('design', design)}.")
        return _Design("seeds", table=wide.reset_index(drop=True), metric=t.metric_name,
                       notes=t.notes, varies=_VARIES["seeds"])
    if design not in (None, "cv"):
        raise ValueError(f"{option('design')}: las filas son particiones; use "
                         f"{option('design', 'cv')}, no {option('design', design)}.")
    frame = wide.index.to_frame(index=False)
    wide = wide.reset_index(drop=True)
    layout, ratio, order = _cv_structure(frame, t.fold, t.repeat, t.seed, cv, t.ratio, t.notes)
    return _Design("cv", table=wide.iloc[order].reset_index(drop=True), cv=layout,
                   test_train_ratio=ratio, metric=t.metric_name, notes=t.notes,
                   varies=_VARIES["cv"])


def _row_label_kind(column, design, unique: bool) -> str:
    """Qué son las filas cuando solo las rotula una primera columna de texto sin papel."""
    if design is not None:
        return design
    if not unique:
        raise ValueError(
            f"`data`: la primera columna, «{column}», tiene textos que se repiten y no se sabe "
            "qué son: si son las etiquetas verdaderas de un conjunto de prueba, dígalo con "
            f"{option('label_column', column)}; si es la columna de los algoritmos de una tabla "
            f"larga, con {option('model_column', column)}; si no es nada, ignórela con "
            f"{option('ignore_columns', [column])}."
        )
    raise ValueError(
        f"`data`: la primera columna, «{column}», tiene nombres y no se sabe qué es cada fila: "
        f"si cada fila es un conjunto de datos, dígalo con {option('dataset_column', column)}; "
        f"si la columna no es nada, ignórela con {option('ignore_columns', [column])}."
    )


def _refuse_named_rows(names: pd.Series, column, design: str) -> None:
    """Filas con nombre («iris», «vino»...) no son particiones ni semillas porque se diga el
    diseño: qué columna las numera hay que decirlo (si no, se analizarían conjuntos de datos
    distintos como si fueran particiones o semillas de uno solo)."""
    what, one, arg = (
        ("particiones de una validación cruzada", "una partición", "fold_column")
        if design == "cv" else ("semillas de entrenamiento", "una semilla", "seed_column"))
    raise ValueError(
        f"`data`: {option('design', design)} dice que las filas son {what} de un mismo "
        f"conjunto de datos, pero la primera columna, «{column}», les da nombres "
        f"({_examples(names)}), como los de unos conjuntos de datos. Si cada fila es un "
        f"conjunto, dígalo con {option('dataset_column', str(column))}; si cada fila es "
        f"{one} y esa columna la identifica, dígalo con {option(arg, str(column))}."
    )


def _wide_design(table, roles, used, why, design, cv, test_train_ratio, allow_missing, metric,
                 percent, models_given, n_columns) -> _Design:
    dataset, fold, repeat, seed = roles["dataset"], roles["fold"], roles["repeat"], roles["seed"]
    units = [c for c in (dataset, repeat, fold, seed) if c is not None]
    cols = list(table.columns)
    models, row_label = _wide_models(table, used, why, units, models_given, metric, percent)
    skipped = [c for c in cols if c not in models and c not in units and c != row_label
               and c not in n_columns]
    notes = [_unused_note(skipped, why)]
    if len(models) < 2:
        raise ValueError(
            f"`data`: hace falta una columna por modelo y al menos dos modelos; hay "
            f"{len(models)} ({', '.join(map(str, models))})."
        )
    values = _check_numeric(table[models], "la tabla", table[units or cols[:1] * bool(row_label)])
    values.columns = [str(c) for c in values.columns]
    ratio = _ratio_from_columns(table, *n_columns, test_train_ratio)

    if dataset is not None:
        inner = [c for c in (repeat, fold, seed) if c is not None]
        return _wide_datasets(table, values, dataset, inner, design, allow_missing, notes,
                              _averaged_note(fold, repeat, seed) if inner else "",
                              (fold, repeat, seed))
    if row_label is not None:
        if design in ("cv", "seeds"):
            _refuse_named_rows(table[row_label], row_label, design)
        chosen = _row_label_kind(row_label, design, not table[row_label].duplicated().any())
        if chosen == "datasets":
            return _wide_datasets(table, values, row_label, [], design, allow_missing, notes, "")
    elif units:
        if design == "datasets":
            raise ValueError(
                f"{option('design', 'datasets')} no sirve aquí: las filas («{units[0]}») son "
                "particiones "
                "o semillas de un mismo conjunto de datos, que no son conjuntos independientes. "
                "No las use como bloques de Friedman (cuaderno 08, «Errores comunes»)."
            )
        only_seeds = seed is not None and fold is None and repeat is None
        chosen = design or ("seeds" if only_seeds else "cv")
    elif design is not None:
        chosen = design
    else:
        raise ValueError(
            "`data`: no se sabe qué es cada fila. Llame a la primera columna «conjunto» (una "
            "fila por conjunto de datos), «particion» (validación cruzada) o «semilla», o diga "
            f"cuál es con {option('dataset_column')}, {option('fold_column')} o "
            f"{option('seed_column')}, o pase {option('design', 'datasets')}, "
            f"{option('design', 'cv')} o {option('design', 'seeds')}."
        )
    if chosen == "test_set":
        raise ValueError(
            f"{option('design', 'test_set')} necesita una columna con las etiquetas verdaderas "
            f"(«y_true»); si tiene otro nombre, dígalo con {option('label_column')}."
        )
    if chosen == "datasets":
        return _wide_datasets(table, values, None, [], design, allow_missing, notes, "")
    where = "particiones" if chosen == "cv" else "semillas"
    if chosen == "seeds" and seed is not None and table.duplicated([seed]).any():
        raise ValueError(f"`data`: hay semillas repetidas en «{seed}»: "
                         f"{_duplicates(table, [seed])}; cada fila debe ser una semilla.")
    values.index = range(len(values))
    _unpaired(values, where, "Cada fila debe tener la puntuación de todos los modelos.")
    if chosen == "seeds":
        return _Design("seeds", table=values, notes=notes, varies=_VARIES["seeds"])
    layout, order = cv or "rxk", np.arange(len(values))
    if fold is not None or repeat is not None or seed is not None:
        frame = table[[c for c in (repeat, fold, seed) if c is not None]].reset_index(drop=True)
        layout, ratio, order = _cv_structure(frame, fold, repeat, seed, cv, ratio, notes)
    return _Design("cv", table=values.iloc[order].reset_index(drop=True), cv=layout,
                   test_train_ratio=ratio, notes=notes, varies=_VARIES["cv"])


def _wide_models(table, used, why, units, models_given, metric, percent):
    """Las columnas que son modelos en una tabla ancha (las dadas, o las que no tienen otro
    papel, preguntando por las dudosas) y la primera columna de texto que rotula las filas, si
    la hay. Devuelve ``(modelos, columna de rótulos o None)``."""
    cols = list(table.columns)
    rest = [c for c in cols if c not in used]
    row_label = None
    if (not units and not models_given and rest and rest[0] == cols[0]
            and value_kind(table[cols[0]]) == "text"):
        row_label = cols[0]
        rest = rest[1:]
    if models_given:
        return list(models_given), row_label
    models = [c for c in rest if not why.get(c)]
    refuse_numbered_columns(models, row_label if row_label is not None else cols[0])
    refuse_one_algorithm(models, why)
    refuse_score_like_times(table, models, why)
    bounded = metric_properties(metric)[0] if canonical_metric(metric or "") else None
    raise_doubtful(doubtful_model_columns(table, models, bounded, 100.0 if percent else 1.0,
                                          labels=not units))
    return models, row_label


def _wide_datasets(table, values, dataset, inner, design, allow_missing, notes,
                   averaged, cv_columns=(None, None, None)) -> _Design:
    """Tabla ancha con una fila por conjunto de datos (o varias, una por partición)."""
    folds, runs = None, 1
    if design not in (None, "datasets"):
        raise ValueError(
            f"{option('design')}: las filas son conjuntos de datos («{dataset}»); con varios "
            f"conjuntos, la unidad de análisis es el conjunto ({option('design', 'datasets')}), "
            f"no {option('design', design)}."
        )
    if dataset is not None:
        keys = [dataset] + inner
        if table.duplicated(keys).any():
            if inner:
                raise ValueError(
                    f"`data`: hay filas repetidas para el mismo conjunto y partición "
                    f"({', '.join(map(str, keys))}): {_duplicates(table, keys)}."
                )
            raise ValueError(
                f"`data`: hay conjuntos de datos repetidos en «{dataset}»: "
                f"{_duplicates(table, keys)}. Cada fila debe ser un conjunto distinto; si las "
                "filas de un mismo conjunto son sus particiones o semillas, diga qué columna "
                f"lo indica ({option('fold_column')}, {option('repeat_column')} o "
                f"{option('seed_column')}); si son duplicados, quítelos."
            )
        names = table[dataset].to_numpy()
        _refuse_summary_rows(names, dataset)
        if inner:
            values = values.set_axis(pd.MultiIndex.from_frame(table[keys]), axis=0)
            values = _unpaired_within(values, allow_missing, notes)
            folds, runs = _cv_folds(values, *cv_columns, table)
            values = _group_means(values)
        else:
            values = values.set_axis(pd.Index(names), axis=0)
        values.index.name = str(dataset)
    if values.isna().to_numpy().any() and not allow_missing:
        _unpaired(values, "celdas de la tabla conjuntos × algoritmos", _missing_fix())
    return _Design("datasets", table=values, averaged=averaged, notes=notes,
                   varies=_VARIES["datasets"], folds=folds, fold_runs=runs)
