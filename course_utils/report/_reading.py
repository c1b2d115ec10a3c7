"""Lectura de los resultados y reconocimiento del diseño.

:func:`read_results` lee el CSV (o copia el ``DataFrame``); :func:`_infer_design` reconoce qué
papel tiene cada columna (etiquetas, modelo, conjunto, partición, semilla, puntuación), valida la
tabla y la deja como un :class:`_Design`: unidades × modelos, o etiquetas y predicciones.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from course_utils._validation import describe, show_value
from course_utils.report._input import index_to_column, read_csv_file, row_labels

#: Diseños que reconoce :func:`analyze_results`.
DESIGNS = ("test_set", "cv", "seeds", "datasets")

DESIGN_NAMES = {
    "test_set": "predicciones de varios modelos sobre un mismo conjunto de prueba",
    "cv": "puntuaciones por partición de una misma validación cruzada",
    "seeds": "puntuaciones con varias semillas de entrenamiento sobre la misma división",
    "datasets": "una puntuación por conjunto de datos y algoritmo (tabla N × k)",
}

# Nombres de columna reconocidos (sin acentos, en minúsculas).
_LABEL_NAMES = {"y_true", "y", "etiqueta", "clase", "verdad", "objetivo", "target", "label"}
_DATASET_NAMES = {"conjunto", "conjunto_de_datos", "dataset", "data_set", "datos", "problema"}
_MODEL_NAMES = {"modelo", "algoritmo", "model", "algorithm", "clasificador", "metodo", "method"}
_FOLD_NAMES = {"particion", "fold", "pliegue", "division", "split"}
_REPEAT_NAMES = {"repeticion", "repeat", "repetition", "rep", "iteracion"}
_SEED_NAMES = {"semilla", "seed", "random_state"}
_SCORE_NAMES = {
    "puntuacion", "score", "valor", "value", "resultado", "metrica", "medida",
    "exactitud", "accuracy", "auc", "f1", "error", "rmse", "mae", "mse",
}
_NTEST_NAMES = {"n_prueba", "n_test"}
_NTRAIN_NAMES = {"n_entrenamiento", "n_train"}

#: Medidas conocidas: (acotada en [0, 1], mayor es mejor).
METRICS = {
    "exactitud": (True, True), "accuracy": (True, True),
    "exactitud_equilibrada": (True, True), "balanced_accuracy": (True, True),
    "auc": (True, True), "roc_auc": (True, True), "f1": (True, True),
    "precision": (True, True), "sensibilidad": (True, True), "recall": (True, True),
    "error": (True, False), "tasa_de_error": (True, False),
    "rmse": (False, False), "mae": (False, False), "mse": (False, False),
    "log_loss": (False, False), "entropia_cruzada": (False, False),
    "r2": (False, True),
}


def _plain(name: object) -> str:
    text = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", text.strip().lower()).strip("_")


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


def _read_table(data: object, index_col: object = None,
                label_column: object = None) -> tuple[pd.DataFrame, list[str]]:
    """La tabla de :func:`read_results` y las notas sobre cómo se leyó (para el informe)."""
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
    width0 = table.shape[1]
    while True:  # to_csv() de una tabla que ya tenía «Unnamed: 0» deja dos índices
        columns = list(table.columns)
        label = label_column if label_column in columns else _find(columns, _LABEL_NAMES)
        width = len(columns)
        table, more = row_labels(
            table, index_col, label=label, dataset=_find(columns, _DATASET_NAMES),
            fold=_find(columns, _FOLD_NAMES), seed=_find(columns, _SEED_NAMES),
            from_index=from_index, again=len(columns) < width0)
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
            f"`data` tiene varias columnas con el mismo papel ({', '.join(map(str, hits))}); "
            "deje solo una o renómbrela."
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


def _check_numeric(table: pd.DataFrame, what: str) -> pd.DataFrame:
    out = table.copy()
    for col in out.columns:
        converted = pd.to_numeric(out[col], errors="coerce")
        bad = converted.isna() & out[col].notna()
        if bad.any():
            row = out.index[np.flatnonzero(bad.to_numpy())[0]]
            shown = show_value(row) if isinstance(row, tuple) else row
            raise ValueError(
                f"`data`: la columna «{col}» de {what} debe tener números; en la fila «{shown}» "
                f"hay {show_value(out.loc[row, col])}."
            )
        out[col] = converted.astype(float)
    vals = out.to_numpy(dtype=float)
    if np.isinf(vals).any():
        raise ValueError(f"`data`: {what} tiene valores infinitos.")
    return out


def _pivot(long: pd.DataFrame, unit_cols: list[str], model: str, score: str, where: str):
    counts = long.groupby(unit_cols + [model], dropna=False).size()
    if (counts > 1).any():
        key = counts[counts > 1].index[0]
        raise ValueError(
            f"`data`: hay filas repetidas para la misma {where} y modelo ({show_value(key)}): "
            "cada modelo debe tener una sola puntuación por unidad. Quite las filas duplicadas."
        )
    wide = long.pivot_table(index=unit_cols, columns=model, values=score, aggfunc="first",
                            dropna=False, sort=False)
    return wide[list(pd.unique(long[model]))]  # los modelos, en el orden de la tabla


def _unpaired(wide: pd.DataFrame, where: str, fix: str) -> None:
    missing = wide.isna()
    if missing.to_numpy().any():
        rows, cols = np.nonzero(missing.to_numpy())
        cells = [f"«{wide.columns[c]}» en {show_value(wide.index[r])}"
                 for r, c in zip(rows[:3], cols[:3])]
        more = f" (y {len(rows) - 3} más)" if len(rows) > 3 else ""
        raise ValueError(
            f"`data`: las {where} no están pareadas: falta la puntuación de "
            f"{'; '.join(cells)}{more}. Todos los modelos deben evaluarse sobre las mismas "
            f"{where}. {fix}"
        )


def _infer_design(
    table: pd.DataFrame,
    design: str | None,
    label_column: str | None,
    cv: str | None,
    test_train_ratio: float | None,
    allow_missing: bool,
) -> _Design:
    columns = list(table.columns)
    label = label_column if label_column is not None else _find(columns, _LABEL_NAMES)
    if label_column is not None and label_column not in columns:
        raise ValueError(
            f"`label_column`: la columna «{label_column}» no está en `data` (columnas: "
            f"{', '.join(map(str, columns))})."
        )
    model = _find(columns, _MODEL_NAMES)
    dataset = _find(columns, _DATASET_NAMES)
    fold = _find(columns, _FOLD_NAMES)
    repeat = _find(columns, _REPEAT_NAMES)
    seed = _find(columns, _SEED_NAMES)

    # 1. Predicciones sobre un conjunto de prueba.
    if label is not None and model is None:
        if design not in (None, "test_set"):
            raise ValueError(
                f"`design`: la columna de etiquetas «{label}» indica predicciones sobre un "
                f"conjunto de prueba (design='test_set'), no {design!r}."
            )
        models = [c for c in columns if c != label]
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
        return _Design(
            "test_set", y_true=table[label].to_numpy(),
            predictions={str(m): table[m].to_numpy() for m in models},
            varies="los ejemplos del conjunto de prueba (los modelos ya están entrenados)",
        )

    score = None
    if model is not None:
        candidates = [c for c in columns if c not in {model, dataset, fold, repeat, seed}
                      and _plain(c) not in _NTEST_NAMES | _NTRAIN_NAMES]
        named = [c for c in candidates if _plain(c) in _SCORE_NAMES]
        if len(named) == 1:
            score = named[0]
        elif len(candidates) == 1:
            score = candidates[0]
        else:
            raise ValueError(
                f"`data` parece una tabla larga (columna de modelos «{model}»), pero no se sabe "
                f"qué columna tiene la puntuación entre {', '.join(map(str, candidates))}: "
                "llámela «puntuacion» (o «score») o quite las demás."
            )

    if model is None:
        return _wide_design(table, design, cv, test_train_ratio, allow_missing,
                            dataset, fold, repeat, seed)

    # 4. Tabla larga.
    long = table.copy()
    long[score] = pd.to_numeric(long[score], errors="coerce")
    if long[score].isna().any():
        row = int(np.flatnonzero(long[score].isna().to_numpy())[0])
        raise ValueError(
            f"`data`: la columna de puntuaciones «{score}» tiene una celda vacía o que no es un "
            f"número (fila {row + 2} del fichero, contando la cabecera)."
        )
    units = [c for c in (repeat, fold, seed) if c is not None]
    n_datasets = long[dataset].nunique() if dataset is not None else 1
    metric = _plain(score) if _plain(score) in METRICS else ""
    ratio = _ratio_from_columns(long, columns, test_train_ratio)

    if n_datasets > 1:
        if design not in (None, "datasets"):
            raise ValueError(
                f"`design`: la tabla tiene {n_datasets} conjuntos de datos distintos en "
                f"«{dataset}»; con varios conjuntos, la unidad de análisis es el conjunto "
                "(design='datasets'). Para analizar uno solo, filtre sus filas antes."
            )
        averaged = ""
        if units:
            per_dataset = []
            for name, group in long.groupby(dataset, sort=False):
                wide = _pivot(group, units, model, score, "partición")
                _unpaired(wide, f"particiones del conjunto «{name}»",
                          "Repita las que faltan o quite ese conjunto.")
                per_dataset.append(wide.mean().rename(name))
            wide = pd.DataFrame(per_dataset)
            what = "semillas" if seed is not None and fold is None else "particiones"
            averaged = (
                f"Cada celda es la media de las {what} de ese conjunto: las {what} no son "
                "conjuntos de datos independientes y no se usan como bloques."
            )
        else:
            wide = _pivot(long, [dataset], model, score, "conjunto de datos")
        wide.index.name = str(dataset)
        wide.columns = [str(c) for c in wide.columns]
        if wide.isna().to_numpy().any() and not allow_missing:
            _unpaired(wide, "celdas de la tabla conjuntos × algoritmos",
                      "Ejecute lo que falta o, para usar todas las celdas observadas con la "
                      "prueba de Skillings y Mack (cuaderno 12), pase allow_missing=True.")
        return _Design("datasets", table=wide, averaged=averaged, metric=metric,
                       varies="los conjuntos de datos (cada uno, una puntuación por algoritmo)")

    # Un solo conjunto de datos: particiones o semillas.
    if not units:
        raise ValueError(
            "`data`: con un solo conjunto de datos hacen falta varias puntuaciones por modelo, "
            "con una columna que diga de qué partición («particion», y «repeticion» si se "
            "repitió la validación cruzada) o de qué semilla («semilla») sale cada una."
        )
    if design == "datasets":
        raise ValueError(
            "`design='datasets'` no sirve aquí: la tabla tiene un solo conjunto de datos y las "
            "filas son particiones o semillas, que no son conjuntos de datos independientes. "
            "No las use como bloques de Friedman (cuaderno 08, «Errores comunes»): deje "
            "`design` sin fijar para analizarlas como validación cruzada o semillas."
        )
    where = "semillas" if (seed is not None and fold is None) else "particiones"
    wide = _pivot(long, units, model, score, "partición" if where == "particiones" else "semilla")
    _unpaired(wide, where, "Repita las que faltan o quite las que no tengan todos los modelos.")
    wide.columns = [str(c) for c in wide.columns]
    if where == "semillas":
        if design not in (None, "seeds"):
            raise ValueError(f"`design`: las filas son semillas; use design='seeds', no {design!r}.")
        return _Design("seeds", table=wide.reset_index(drop=True), metric=metric,
                       varies="la semilla de entrenamiento (la división de los datos es fija)")
    if design not in (None, "cv"):
        raise ValueError(f"`design`: las filas son particiones; use design='cv', no {design!r}.")
    layout = cv
    if layout is None and repeat is not None and fold is not None:
        if long[repeat].nunique() == 5 and long[fold].nunique() == 2:
            layout = "5x2"
    if ratio is None and fold is not None and layout != "5x2":
        k = long[fold].nunique()
        if k >= 2 and repeat is not None:
            ratio = 1 / (k - 1)
    return _Design("cv", table=wide.reset_index(drop=True), cv=layout or "rxk",
                   test_train_ratio=ratio, metric=metric,
                   varies="la partición de validación cruzada (un solo conjunto de datos)")


def _ratio_from_columns(long, columns, given):
    ntest = _find(columns, _NTEST_NAMES)
    ntrain = _find(columns, _NTRAIN_NAMES)
    if ntest is None or ntrain is None:
        return given
    ratio = (pd.to_numeric(long[ntest]) / pd.to_numeric(long[ntrain])).mean()
    if given is not None and not math.isclose(ratio, given, rel_tol=1e-6):
        raise ValueError(
            f"`test_train_ratio`: se dio {given}, pero las columnas «{ntest}» y «{ntrain}» dan "
            f"{ratio:.4f}; quite uno de los dos."
        )
    return float(ratio)


def _wide_design(table, design, cv, test_train_ratio, allow_missing, dataset, fold, repeat, seed):
    index_col = dataset or fold or seed or repeat
    layout = cv
    if dataset is None and fold is not None and repeat is not None:  # repetición y partición
        if layout is None and table[repeat].nunique() == 5 and table[fold].nunique() == 2:
            layout = "5x2"
        if test_train_ratio is None and layout != "5x2" and table[fold].nunique() >= 2:
            test_train_ratio = 1 / (table[fold].nunique() - 1)
        wide = table.set_index([repeat, fold]).sort_index()
    else:
        wide = table.set_index(index_col) if index_col is not None else table.copy()
    text_cols = [c for c in wide.columns if not pd.api.types.is_numeric_dtype(wide[c])
                 and pd.to_numeric(wide[c], errors="coerce").isna().all()]
    if index_col is None and len(text_cols) == 1 and text_cols[0] == wide.columns[0]:
        index_col = text_cols[0]
        wide = wide.set_index(index_col)
    if index_col is None and design is None:
        raise ValueError(
            "`data`: no se sabe qué es cada fila. Llame a la primera columna «conjunto» (una "
            "fila por conjunto de datos), «particion» (validación cruzada) o «semilla», o pase "
            "design='datasets', 'cv' o 'seeds'."
        )
    wide.columns = [str(c) for c in wide.columns]
    if wide.shape[1] < 2:
        raise ValueError(
            f"`data`: hace falta una columna por modelo y al menos dos modelos; hay "
            f"{wide.shape[1]} ({', '.join(wide.columns)})."
        )
    wide = _check_numeric(wide, "la tabla")
    row_kind = None
    if index_col is not None:
        plain = _plain(index_col)
        row_kind = ("datasets" if plain in _DATASET_NAMES else
                    "seeds" if plain in _SEED_NAMES else "cv")
    chosen = design or row_kind
    if design == "datasets" and row_kind in ("cv", "seeds"):
        raise ValueError(
            f"`design='datasets'` no sirve aquí: las filas («{index_col}») son particiones o "
            "semillas de un mismo conjunto de datos, que no son conjuntos independientes. No "
            "las use como bloques de Friedman (cuaderno 08, «Errores comunes»)."
        )
    if chosen == "test_set":
        raise ValueError(
            "`design='test_set'` necesita una columna con las etiquetas verdaderas («y_true»)."
        )
    if chosen == "datasets":
        if wide.isna().to_numpy().any() and not allow_missing:
            _unpaired(wide, "celdas de la tabla conjuntos × algoritmos",
                      "Ejecute lo que falta o, para usar todas las celdas observadas con la "
                      "prueba de Skillings y Mack (cuaderno 12), pase allow_missing=True.")
        return _Design("datasets", table=wide,
                       varies="los conjuntos de datos (cada uno, una puntuación por algoritmo)")
    _unpaired(wide, "particiones" if chosen == "cv" else "semillas",
              "Cada fila debe tener la puntuación de todos los modelos.")
    if chosen == "seeds":
        return _Design("seeds", table=wide.reset_index(drop=True),
                       varies="la semilla de entrenamiento (la división de los datos es fija)")
    return _Design("cv", table=wide.reset_index(drop=True), cv=layout or "rxk",
                   test_train_ratio=test_train_ratio,
                   varies="la partición de validación cruzada (un solo conjunto de datos)")
