"""De los resultados propios a un informe: analizar un diseño y explicarlo.

:func:`analyze_results` recibe los resultados de un experimento (un ``DataFrame`` o un CSV),
reconoce el diseño (predicciones sobre un conjunto de prueba, particiones de validación cruzada,
semillas o una tabla de conjuntos de datos × algoritmos), lo valida, elige la prueba con la guía
«¿Qué prueba uso?» del cuaderno 10 (:mod:`course_utils.guide`), la ejecuta con las funciones del
curso y devuelve un :class:`AnalysisResult` que se escribe como Markdown, HTML o una tabla de
LaTeX. La orden ``python -m course_utils informe resultados.csv`` hace lo mismo desde la terminal.
"""

from __future__ import annotations

import base64
import html
import io
import math
import platform
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

from course_utils._validation import (
    check_alpha, check_bool, check_choice, check_random_state, describe,
)
from course_utils.guide import GUIDE, NOTEBOOK_TITLES, GuideEntry

__all__ = ["AnalysisResult", "analyze_results", "read_results", "DESIGNS"]

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

N_BOOTSTRAP = 10_000


def _plain(name: object) -> str:
    text = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", text.strip().lower()).strip("_")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cliffs_delta(x: np.ndarray, y: np.ndarray) -> float:
    """δ de Cliff entre dos muestras: P(X > Y) − P(X < Y), sin parear."""
    diff = np.subtract.outer(x, y)
    return float((np.sign(diff)).mean())


def _p_text(p: float) -> str:
    """«= 0.0234» o «< 0.0001», para escribir después de «p»."""
    text = _fmt_p(p)
    return text if text.startswith("<") else f"= {text}"


def _fmt(x: float, digits: int = 4) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    return f"{x:.{digits}f}"


def _fmt_p(p: float) -> str:
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "—"
    if p < 1e-4:
        return "< 0.0001"
    return f"{p:.4f}"


# ---------------------------------------------------------------------------------------------
# Lectura
# ---------------------------------------------------------------------------------------------


def read_results(data: object) -> pd.DataFrame:
    """Lee los resultados de un CSV (o copia un ``DataFrame``).

    El separador se detecta (coma, punto y coma o tabulador); con punto y coma, la coma decimal
    (``0,85``) se lee como número, como escribe la configuración regional española.

    Parámetros
    ----------
    data : pandas.DataFrame, str o pathlib.Path
        La tabla o la ruta del fichero CSV.

    Devuelve
    --------
    pandas.DataFrame
    """
    if isinstance(data, pd.DataFrame):
        if data.empty:
            raise ValueError("`data` no tiene filas: el informe necesita resultados.")
        if any(name is not None for name in data.index.names):
            return data.reset_index()  # un índice con nombre («conjunto») es una columna más
        return data.copy()
    if not isinstance(data, (str, Path)):
        raise TypeError(
            "`data` debe ser un DataFrame de pandas o la ruta de un fichero CSV; se recibió "
            f"{describe(data)}."
        )
    path = Path(data)
    if not path.is_file():
        raise FileNotFoundError(f"`data`: no existe el fichero «{path}».")
    text = path.read_text(encoding="utf-8-sig")
    if not text.strip():
        raise ValueError(f"`data`: el fichero «{path}» está vacío.")
    header = text.splitlines()[0]
    sep = max((";", ",", "\t"), key=header.count)  # el separador de la cabecera
    decimal = "," if sep == ";" else "."
    try:
        table = pd.read_csv(io.StringIO(text), sep=sep, decimal=decimal)
    except (pd.errors.ParserError, ValueError) as err:
        found = re.search(r"Expected (\d+) fields in line (\d+), saw (\d+)", str(err))
        detail = (f"la línea {found.group(2)} tiene {found.group(3)} campos y la cabecera "
                  f"{found.group(1)}" if found else "no tiene forma de tabla")
        raise ValueError(
            f"`data`: no se pudo leer «{path}» como CSV separado por «{sep}»: {detail}."
        ) from None
    if table.empty:
        raise ValueError(f"`data`: el fichero «{path}» no tiene filas de datos.")
    return table


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
            raise ValueError(
                f"`data`: la columna «{col}» de {what} debe tener números; en la fila «{row}» "
                f"hay {out.loc[row, col]!r}."
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
            f"`data`: hay filas repetidas para la misma {where} y modelo ({key!r}): cada modelo "
            "debe tener una sola puntuación por unidad. Quite las filas duplicadas."
        )
    wide = long.pivot_table(index=unit_cols, columns=model, values=score, aggfunc="first",
                            dropna=False, sort=False)
    return wide[list(pd.unique(long[model]))]  # los modelos, en el orden de la tabla


def _unpaired(wide: pd.DataFrame, where: str, fix: str) -> None:
    missing = wide.isna()
    if missing.to_numpy().any():
        rows, cols = np.nonzero(missing.to_numpy())
        cells = [f"«{wide.columns[c]}» en {wide.index[r]!r}" for r, c in zip(rows[:3], cols[:3])]
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
            "design=None para analizarlas como validación cruzada o semillas."
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


# ---------------------------------------------------------------------------------------------
# Resultado
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnalysisResult:
    """Análisis de un diseño, con la elección de la prueba y su porqué.

    Atributos
    ---------
    design : str
        ``"test_set"``, ``"cv"``, ``"seeds"`` o ``"datasets"`` (ver :data:`DESIGNS`).
    models : tuple of str
    n_units : int
        Ejemplos de prueba, particiones, semillas o conjuntos de datos.
    varies : str
        Qué varía entre las unidades.
    choices : tuple of GuideEntry
        Las ramas de la guía «¿Qué prueba uso?» que se siguieron (la primera, la principal).
    descriptives : pandas.DataFrame
        Una fila por modelo (media, desviación típica, exactitud o rango medio según el diseño).
    omnibus : dict o None
        Prueba global (nombre, estadístico, grados de libertad, valor p), si la hay.
    comparisons : pandas.DataFrame
        Una fila por pareja: ``a``, ``b``, ``estimate`` (A − B, o la medida del efecto de la
        prueba), ``ci_low``, ``ci_high``, ``pvalue``, ``pvalue_adjusted``, ``reject``.
    effect : str
        Qué mide ``estimate``.
    correction : str
        Corrección por multiplicidad (``""`` si hay una sola comparación).
    bayes : pandas.DataFrame o None
        Con ROPE: probabilidades a posteriori por pareja.
    conclusion : tuple of str
        Conclusiones en lenguaje llano (nunca «equivalentes» sin ROPE).
    notes : tuple of str
        Avisos y aclaraciones sobre los datos.
    table_notes : tuple of str
        Cómo leer la tabla de comparaciones (qué intervalo, qué estadístico), debajo de ella.
    alpha, rope, higher_is_better, metric, random_state
        Las opciones del análisis.
    call : str
        La llamada que lo repite (``cu.analyze_results('resultados.csv', ...)``; con un
        ``DataFrame``, «tabla»).
    details : tuple
        Los resultados de cada prueba, tal como los dan las funciones del curso (por ejemplo
        ``FriedmanResult`` y ``PostHocResult``), para dibujarlos o mirarlos en detalle.
    """

    design: str
    models: tuple
    n_units: int
    varies: str
    choices: tuple
    descriptives: pd.DataFrame = field(repr=False)
    omnibus: dict | None
    comparisons: pd.DataFrame = field(repr=False)
    effect: str
    correction: str
    bayes: pd.DataFrame | None = field(repr=False)
    conclusion: tuple
    notes: tuple
    alpha: float
    rope: tuple | None
    higher_is_better: bool | None
    metric: str
    random_state: int
    call: str = ""
    table_notes: tuple = ()
    details: tuple = field(default=(), repr=False, compare=False)

    def _procedure(self, entry: GuideEntry) -> str:
        if entry.key == "datasets_many_all":  # el procedimiento que se usó de verdad
            return f"todas las parejas con {self.correction}"
        return entry.procedure

    @property
    def main_choice(self) -> GuideEntry:
        """La rama de la guía de la tabla de comparaciones (la última que no es bayesiana)."""
        return [c for c in self.choices if not c.key.startswith("bayes")][-1]

    @property
    def posthoc(self):
        """El resultado de la prueba por parejas (``PostHocResult``) de varios algoritmos en
        varios conjuntos, el que dibuja :func:`course_utils.plot_critical_difference`; si no
        la hay, ``None``."""
        return next((d for d in self.details if hasattr(d, "critical_difference")
                     and hasattr(d, "comparisons")), None)

    # -- figura ----------------------------------------------------------------------------

    def figure(self):
        """La figura del informe: diagrama CD (varios algoritmos en varios conjuntos) o
        intervalos de las diferencias (los demás diseños). Devuelve la ``Figure``."""
        import matplotlib.pyplot as plt

        from course_utils.plots import plot_intervals
        from course_utils.plots_multiple import plot_critical_difference

        posthoc = self.posthoc
        if posthoc is not None:
            ax = plot_critical_difference(posthoc)
            return ax.figure
        rows = self.comparisons.dropna(subset=["ci_low", "ci_high"])
        fig, ax = plt.subplots(figsize=(8, 1.2 + 0.55 * max(len(rows), 1)))
        if len(rows):
            plot_intervals(
                [(r.estimate, r.ci_low, r.ci_high) for r in rows.itertuples()],
                [f"{r.a} − {r.b}" for r in rows.itertuples()], reference=0.0, ax=ax,
            )
        ax.set_title(f"{self.effect} (IC {100 * (1 - self.alpha):g} %)")
        fig.tight_layout()
        return fig

    # -- texto -----------------------------------------------------------------------------

    def _blocks(self, links: str):
        def link(entry: GuideEntry) -> str:
            return f"[{entry.where}]({links}{entry.notebook})"

        main = self.choices[0]
        blocks = [("h1", f"Informe: comparación de {len(self.models)} modelos")]
        blocks.append(("h2", "Diseño"))
        blocks.append(("p", (
            f"**{_cap(DESIGN_NAMES[self.design])}**: {len(self.models)} modelos "
            f"({', '.join(self.models)}) y {self.n_units} {self._unit_name()}. Varía: "
            f"{self.varies}."
        )))
        if self.metric:
            direction = {True: "mayor es mejor", False: "menor es mejor", None: ""}
            extra = f" ({direction[self.higher_is_better]})" if self.higher_is_better is not None else ""
            blocks.append(("p", f"Medida: **{self.metric}**{extra}."))
        blocks.append(("h2", "Prueba elegida y por qué"))
        items = [f"**{_cap(self._procedure(e))}.** {e.why} Lo enseña {link(e)}."
                 for e in self.choices]
        blocks.append(("ul", items))
        blocks.append(("p", (
            "La elección sigue la guía «¿Qué prueba uso?» del curso "
            f"([10 · Laboratorio de simulación, sección 7]({links}10_laboratorio_de_simulacion.ipynb))."
        )))
        blocks.append(("h2", "Resultados"))
        blocks.append(("table", self.descriptives.reset_index()))
        if self.omnibus is not None:
            om = self.omnibus
            df = f" (gl = {om['df']})" if om.get("df") is not None else ""
            blocks.append(("p", (
                f"{om.get('label', 'Prueba global')}: {om['name']}, {om['symbol']} = "
                f"{_fmt(om['statistic'])}{df}, valor p {_p_text(om['pvalue'])} "
                f"({link(GUIDE[om['entry']])})."
            )))
        if len(self.comparisons):
            blocks.append(("p", f"Tamaño del efecto: **{self.effect}** (A − B), con su "
                                f"intervalo de confianza al {100 * (1 - self.alpha):g} %."))
            blocks.append(("table", _comparison_table(self.comparisons.copy())))
            if self.table_notes:
                blocks.append(("ul", list(self.table_notes)))
        if self.correction:
            blocks.append(("p", f"Corrección por multiplicidad: {self.correction} "
                                f"(α = {self.alpha:g}). «¿Significativa?» compara el valor p "
                                "ajustado con α."))
        if self.bayes is not None:
            blocks.append(("p", (
                f"Análisis bayesiano con ROPE = [{self.rope[0]:g}, {self.rope[1]:g}] "
                f"({link(GUIDE['bayes_cv' if self.design == 'cv' else 'bayes_datasets'])}):"
            )))
            blocks.append(("table", self.bayes))
        blocks.append(("h2", "Conclusión"))
        blocks.append(("ul", list(self.conclusion)))
        blocks.append(("h2", "Qué no afirma este informe"))
        caveats = [
            "«No significativo» no es «equivalentes»: para afirmar que dos modelos son "
            "prácticamente iguales hace falta una prueba de equivalencia (cuaderno 07)"
            + ("." if self.design == "test_set" else " o una ROPE (cuaderno 09; opción `rope`)."),
            f"Las conclusiones valen para {self._scope()}.",
        ]
        if self.notes:
            caveats.extend(self.notes)
        blocks.append(("ul", caveats))
        blocks.append(("h2", "Reproducibilidad"))
        items = _reproducibility(self.random_state, self.alpha, self.rope)
        if self.call:
            items.append(f"Análisis: `{self.call}`.")
        blocks.append(("ul", items))
        return main, blocks

    def _unit_name(self) -> str:
        return {"test_set": "ejemplos de prueba", "cv": "particiones",
                "seeds": "semillas", "datasets": "conjuntos de datos"}[self.design]

    def _scope(self) -> str:
        return {
            "test_set": "estos modelos ya entrenados y la población de la que sale este "
                        "conjunto de prueba, no para los algoritmos que los entrenaron",
            "cv": "estos algoritmos en este conjunto de datos (con este tamaño de "
                  "entrenamiento), no en otros",
            "seeds": "estas configuraciones en esta división de los datos; otra división "
                     "puede ordenarlas de otro modo",
            "datasets": "conjuntos de datos parecidos a los estudiados; no dicen en cuál de "
                        "ellos es mejor cada algoritmo",
        }[self.design]

    def to_markdown(self, *, links: str = "") -> str:
        """El informe en Markdown. ``links`` se antepone a los enlaces a los cuadernos
        (``""`` desde ``notebooks/``; ``"notebooks/"`` desde la raíz del repositorio)."""
        _, blocks = self._blocks(links)
        out = []
        for kind, content in blocks:
            if kind == "h1":
                out.append(f"# {content}")
            elif kind == "h2":
                out.append(f"## {content}")
            elif kind == "p":
                out.append(content)
            elif kind == "ul":
                out.append("\n".join(f"- {item}" for item in content))
            elif kind == "table":
                out.append(_markdown_table(content))
        return "\n\n".join(out) + "\n"

    def summary(self) -> str:
        """El informe en Markdown (como :meth:`to_markdown`)."""
        return self.to_markdown()

    def to_html(self, *, links: str = "", figure: bool = True) -> str:
        """El informe como una página HTML autónoma (la figura va incrustada en PNG)."""
        _, blocks = self._blocks(links)
        body = []
        for kind, content in blocks:
            if kind in ("h1", "h2"):
                body.append(f"<{kind}>{_inline_html(content)}</{kind}>")
            elif kind == "p":
                body.append(f"<p>{_inline_html(content)}</p>")
            elif kind == "ul":
                body.append("<ul>" + "".join(f"<li>{_inline_html(i)}</li>" for i in content) + "</ul>")
            elif kind == "table":
                body.append(content.to_html(index=False, border=0, classes="tabla",
                                            float_format=lambda x: _fmt(x)))
            if kind == "h2" and content == "Conclusión" and figure:
                body.insert(len(body) - 1, _figure_html(self.figure()))
        style = ("body{font-family:sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;"
                 "line-height:1.5}table{border-collapse:collapse;margin:1rem 0;overflow-x:auto;"
                 "display:block}td,th{padding:.25rem .6rem;border-bottom:1px solid #ccc;"
                 "text-align:right}td:nth-child(-n+2),th:nth-child(-n+2){text-align:left}"
                 "img{max-width:100%}")
        return ("<!DOCTYPE html>\n<html lang=\"es\"><head><meta charset=\"utf-8\">"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                f"<title>Informe</title><style>{style}</style></head><body>\n"
                + "\n".join(body) + "\n</body></html>\n")

    def to_latex(self) -> str:
        """Tabla de LaTeX (``booktabs``) con las comparaciones, lista para un artículo."""
        table = _comparison_table(self.comparisons.copy())
        conf = f"{100 * (1 - self.alpha):g}"
        cols = "ll" + "r" * (table.shape[1] - 2)
        lines = [
            r"\begin{table}[t]", r"\centering",
            rf"\caption{{{_latex_escape(_cap(self._procedure(self.main_choice)))}: "
            rf"{_latex_escape(self.effect)} (A $-$ B) con IC al {conf}\,\%"
            + (rf"; valores p ajustados con {_latex_escape(self.correction)}" if self.correction else "")
            + r".}",
            rf"\begin{{tabular}}{{{cols}}}", r"\toprule",
            " & ".join(_latex_escape(str(c)) for c in table.columns) + r" \\", r"\midrule",
        ]
        for row in table.itertuples(index=False):
            lines.append(" & ".join(_latex_escape(str(v)) for v in row) + r" \\")
        lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}"]
        return "\n".join(lines) + "\n"


def _comparison_table(table: pd.DataFrame) -> pd.DataFrame:
    out = pd.DataFrame({
        "A": table["a"], "B": table["b"],
        "A − B": table["estimate"].map(_fmt),
        "IC inferior": table["ci_low"].map(_fmt),
        "IC superior": table["ci_high"].map(_fmt),
        "p": table["pvalue"].map(_fmt_p),
    })
    if "pvalue_adjusted" in table and not table["pvalue_adjusted"].equals(table["pvalue"]):
        out["p ajustado"] = table["pvalue_adjusted"].map(_fmt_p)
    if "cliffs_delta" in table:
        out["δ de Cliff (sin parear)"] = table["cliffs_delta"].map(lambda x: _fmt(x, 3))
    out["¿significativa?"] = table["reject"].map({True: "sí", False: "no"})
    return out


def _markdown_table(table: pd.DataFrame) -> str:
    cols = [str(c) for c in table.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for row in table.itertuples(index=False):
        cells = [_fmt(v) if isinstance(v, float) else str(v) for v in row]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _inline_html(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r'<a href="\2">\1</a>', text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", text)


def _latex_escape(text: str) -> str:
    for a, b in (("\\", r"\textbackslash{}"), ("&", r"\&"), ("%", r"\%"), ("_", r"\_"),
                 ("#", r"\#"), ("−", "$-$"), ("×", r"$\times$"), ("—", "---"), ("δ", r"$\delta$")):
        text = text.replace(a, b)
    return text


def _figure_html(fig) -> str:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<p><img alt="Figura del informe" src="data:image/png;base64,{data}"></p>'


def _reproducibility(random_state: int, alpha: float, rope) -> list[str]:
    import importlib.metadata as md
    import scipy
    import statsmodels

    try:
        version = md.version("course-utils")
    except md.PackageNotFoundError:  # pragma: no cover - sin instalar
        version = "sin instalar"
    items = [
        f"Python {platform.python_version()}, numpy {np.__version__}, scipy "
        f"{scipy.__version__}, pandas {pd.__version__}, statsmodels {statsmodels.__version__}, "
        f"course_utils {version}.",
        f"Semilla de los remuestreos: {random_state}; α = {alpha:g}"
        + (f"; ROPE = [{rope[0]:g}, {rope[1]:g}]" if rope else "") + ".",
    ]
    return items


# ---------------------------------------------------------------------------------------------
# Análisis
# ---------------------------------------------------------------------------------------------


def _pairs(models):
    return [(a, b) for i, a in enumerate(models) for b in models[i + 1:]]


def _holm(comparisons: pd.DataFrame, alpha: float) -> pd.DataFrame:
    from course_utils.posthoc import adjust_pvalues

    comparisons = comparisons.copy()
    if len(comparisons) > 1:
        comparisons["pvalue_adjusted"] = adjust_pvalues(comparisons["pvalue"].to_numpy(), "holm")
    else:
        comparisons["pvalue_adjusted"] = comparisons["pvalue"]
    comparisons["reject"] = comparisons["pvalue_adjusted"] <= alpha
    return comparisons


def _bootstrap_mean_ci(diff: np.ndarray, alpha: float, random_state: int) -> tuple[float, float]:
    """Intervalo *bootstrap* percentil de la media (``scipy.stats.bootstrap``)."""
    diff = np.asarray(diff, dtype=float)
    if np.ptp(diff) == 0:  # todas iguales: no hay nada que remuestrear
        return (float(diff[0]), float(diff[0]))
    res = stats.bootstrap((diff,), np.mean, n_resamples=N_BOOTSTRAP, confidence_level=1 - alpha,
                          method="percentile", rng=np.random.default_rng(random_state))
    return (float(res.confidence_interval.low), float(res.confidence_interval.high))


def _analyze_test_set(d: _Design, alpha, rope, kind, loss):
    from course_utils.cochran import cochran_q_test
    from course_utils.comparison import mcnemar_table, mcnemar_test
    from course_utils.delong import delong_test

    y = d.y_true
    models = list(d.predictions)
    preds = d.predictions
    if kind is None:
        labels = pd.unique(y)
        label_set = set(labels.tolist())
        all_labels = all(set(pd.unique(p).tolist()) <= label_set for p in preds.values())
        numeric_y = pd.api.types.is_numeric_dtype(pd.Series(y))
        if all_labels and len(labels) <= 50:
            kind = "labels"
        elif len(labels) == 2:
            kind = "scores"
        elif numeric_y:
            kind = "regression"
        else:
            raise ValueError(
                "`data`: las predicciones no son etiquetas de la columna de etiquetas, ni "
                "puntuaciones de un problema binario, ni valores de una regresión; indique "
                "predictions='labels', 'scores' o 'regression'."
            )
    notes, details, omnibus, table_notes = [], [], None, []
    rows = []
    name = "exactitud" if kind == "labels" else "AUC"
    if kind == "labels":
        acc = {m: float(np.mean(preds[m] == y)) for m in models}
        descriptives = pd.DataFrame({"exactitud": acc}).rename_axis("modelo")
        if len(models) == 2:
            res = mcnemar_test(mcnemar_table(y, preds[models[0]], preds[models[1]]), "mid-p",
                               alpha=alpha)
            details.append(res)
            rows.append(dict(a=models[0], b=models[1], estimate=res.estimate, ci_low=res.ci_low,
                             ci_high=res.ci_high, pvalue=res.pvalue))
            choices = [GUIDE["test_set_labels_two"]]
            comparisons = _holm(pd.DataFrame(rows), alpha)
            correction = ""
            table_notes.append("Intervalo de la diferencia de exactitudes: el de Bonett y Price "
                               "(cuaderno 05, sección 4).")
        else:
            res = cochran_q_test(y, {m: preds[m] for m in models}, alpha=alpha)
            details.append(res)
            omnibus = dict(name="Q de Cochran", symbol="Q", statistic=res.statistic, df=res.df,
                           pvalue=res.pvalue, entry="test_set_labels_many")
            c = res.comparisons
            comparisons = pd.DataFrame(dict(
                a=c["a"], b=c["b"], estimate=c["difference"], ci_low=c["ci_low"],
                ci_high=c["ci_high"], pvalue=c["pvalue"], pvalue_adjusted=c["pvalue_adjusted"],
                reject=c["reject"]))
            choices = [GUIDE["test_set_labels_many"]]
            correction = "Holm"
            table_notes.append("Intervalos de Bonett y Price, sin ajustar por multiplicidad; "
                               "valores p de McNemar mid-p.")
        effect = "diferencia de exactitud"
        higher = True
    elif kind == "scores":
        classes = pd.unique(y)
        if len(classes) != 2:
            raise ValueError(
                f"`data`: comparar puntuaciones (AUC) necesita dos clases en las etiquetas; hay "
                f"{len(classes)}."
            )
        from sklearn.metrics import roc_auc_score

        pos = max(classes.tolist())
        auc = {m: float(roc_auc_score(y == pos, preds[m])) for m in models}
        descriptives = pd.DataFrame({"AUC": auc}).rename_axis("modelo")
        for a, b in _pairs(models):
            res = delong_test(y, preds[a], preds[b], pos_label=pos, alpha=alpha)
            details.append(res)
            rows.append(dict(a=a, b=b, estimate=res.estimate, ci_low=res.ci_low,
                             ci_high=res.ci_high, pvalue=res.pvalue))
        comparisons = _holm(pd.DataFrame(rows), alpha)
        choices = [GUIDE["test_set_scores_two" if len(models) == 2 else "test_set_scores_many"]]
        correction = "Holm" if len(models) > 2 else ""
        effect = "diferencia de AUC"
        notes.append(f"Clase positiva: {pos!r} (la mayor de las dos etiquetas).")
        higher = True
    else:
        yf = np.asarray(y, dtype=float)
        losses = {}
        for m in models:
            err = np.asarray(preds[m], dtype=float) - yf
            losses[m] = err**2 if loss == "squared" else np.abs(err)
        name = "error cuadrático medio" if loss == "squared" else "error absoluto medio"
        descriptives = pd.DataFrame({name: {m: float(losses[m].mean()) for m in models}}
                                    ).rename_axis("modelo")
        for a, b in _pairs(models):
            if np.array_equal(losses[a], losses[b]):
                raise ValueError(
                    f"`data`: «{a}» y «{b}» tienen la misma pérdida en todos los ejemplos: no "
                    "hay diferencia que contrastar. Quite una de las dos columnas."
                )
            res = stats.ttest_rel(losses[a], losses[b])
            ci = res.confidence_interval(1 - alpha)
            rows.append(dict(a=a, b=b, estimate=float(np.mean(losses[a] - losses[b])),
                             ci_low=float(ci.low), ci_high=float(ci.high),
                             pvalue=float(res.pvalue)))
        comparisons = _holm(pd.DataFrame(rows), alpha)
        choices = [GUIDE["test_set_regression_two" if len(models) == 2
                         else "test_set_regression_many"]]
        correction = "Holm" if len(models) > 2 else ""
        effect = f"diferencia de {name}"
        table_notes.append("Negativa: A se equivoca menos. Intervalo t de la diferencia media de "
                           "pérdidas por ejemplo.")
        higher = False
    return dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                choices=choices, correction=correction, effect=effect, notes=notes,
                details=details, bayes=None, n_units=len(y), higher=higher,
                metric=name, table_notes=table_notes)


def _analyze_cv(d: _Design, alpha, rope, higher, random_state):
    from course_utils.bayesian import bayesian_correlated_ttest
    from course_utils.comparison import combined_ftest_5x2cv, corrected_resampled_ttest

    table = d.table
    models = list(table.columns)
    n = len(table)
    if d.cv == "5x2":
        if n != 10:
            raise ValueError(
                f"`data`: la validación cruzada 5×2 tiene 10 particiones por modelo; hay {n}."
            )
        ratio = 1.0
    else:
        ratio = d.test_train_ratio
        if ratio is None:
            raise ValueError(
                "`test_train_ratio`: falta la razón n_prueba / n_entrenamiento que usa la t "
                "corregida (con k particiones, 1/(k − 1): 1/9 con 10). Désela, o añada las "
                "columnas «n_prueba» y «n_entrenamiento», o «repeticion» y «particion»."
            )
    if n < 3:
        raise ValueError(
            f"`data`: {n} particiones por modelo son muy pocas para la t corregida (hacen falta "
            "al menos 3; el curso recomienda 10×10)."
        )
    descriptives = pd.DataFrame({"media": table.mean(), "desviación típica": table.std(ddof=1)}
                                ).rename_axis("modelo")
    rows, details, bayes_rows = [], [], []
    omnibus = None
    for a, b in _pairs(models):
        t = corrected_resampled_ttest(table[a].to_numpy(), table[b].to_numpy(),
                                      test_train_ratio=ratio, alpha=alpha)
        details.append(t)
        p = t.pvalue
        if d.cv == "5x2" and len(models) == 2:
            f = combined_ftest_5x2cv(table[a].to_numpy().reshape(5, 2),
                                     table[b].to_numpy().reshape(5, 2))
            details.append(f)
            p = f.pvalue
            omnibus = dict(label="Prueba", name="F combinada 5×2cv", symbol="F",
                           statistic=f.statistic,
                           df=f"{f.df[0]:g}, {f.df[1]:g}", pvalue=f.pvalue, entry="cv_two_5x2")
        rows.append(dict(a=a, b=b, estimate=t.estimate, ci_low=t.ci_low, ci_high=t.ci_high,
                         pvalue=p))
        if rope is not None:
            bt = bayesian_correlated_ttest(table[a].to_numpy(), table[b].to_numpy(),
                                           test_train_ratio=ratio, rope=rope,
                                           higher_is_better=higher, names=(a, b))
            details.append(bt)
            bayes_rows.append({"A": a, "B": b, "P(A mejor)": bt.prob_a_better,
                               "P(en la ROPE)": bt.prob_equivalent,
                               "P(B mejor)": bt.prob_b_better})
    comparisons = _holm(pd.DataFrame(rows), alpha)
    notes, table_notes = [], []
    if len(models) > 2:
        choices = [GUIDE["cv_many"]]
        table_notes.append("Intervalos de la t corregida, sin ajustar por multiplicidad.")
    elif d.cv == "5x2":
        choices = [GUIDE["cv_two_5x2"]]
        table_notes.append("El valor p es el de la F combinada, que no define intervalo; el "
                           "intervalo es aproximado: el de la t corregida con n_prueba / "
                           "n_entrenamiento = 1.")
        comparisons["pvalue_adjusted"] = comparisons["pvalue"]
        comparisons["reject"] = comparisons["pvalue"] <= alpha
        row = comparisons.iloc[0]
        if bool(row.reject) == bool(row.ci_low <= 0 <= row.ci_high):
            table_notes.append("Aviso: la F combinada y el intervalo no coinciden (uno rechaza "
                               "y el otro no); decide la prueba fijada de antemano, la F.")
    else:
        choices = [GUIDE["cv_two_corrected"]]
        table_notes.append("Intervalo de la t corregida (Nadeau y Bengio).")
    if rope is not None:
        choices.append(GUIDE["bayes_cv"])
    if d.cv != "5x2" and n < 10:
        notes.append(f"Solo {n} particiones: la t corregida tiene poca potencia; el curso usa "
                     "10×10 (cuaderno 04).")
    return dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                choices=choices, correction="Holm" if len(models) > 2 else "",
                effect="diferencia media de la puntuación", notes=notes, details=details,
                bayes=pd.DataFrame(bayes_rows) if rope is not None else None, n_units=n,
                higher=higher, metric=d.metric, table_notes=table_notes)


def _analyze_seeds(d: _Design, alpha, rope, higher, random_state):
    from course_utils.seeds import ASO_THRESHOLD, almost_stochastic_order_test

    table = d.table
    models = list(table.columns)
    if len(models) != 2:
        raise ValueError(
            f"`data`: con semillas, el informe compara dos configuraciones; hay {len(models)} "
            f"({', '.join(models)}). Analícelas por parejas."
        )
    n = len(table)
    if n < 5:
        raise ValueError(f"`data`: {n} semillas son muy pocas; el orden estocástico aproximado "
                         "necesita muchas (el cuaderno 13 usa 20 o más).")
    a, b = models
    ab = almost_stochastic_order_test(table[a].to_numpy(), table[b].to_numpy(),
                                      higher_is_better=higher, random_state=random_state,
                                      confidence_level=1 - alpha)
    ba = almost_stochastic_order_test(table[b].to_numpy(), table[a].to_numpy(),
                                      higher_is_better=higher, random_state=random_state,
                                      confidence_level=1 - alpha)
    diff = table[a].to_numpy() - table[b].to_numpy()
    lo, hi = _bootstrap_mean_ci(diff, alpha, random_state)
    descriptives = pd.DataFrame({"media": table.mean(), "desviación típica": table.std(ddof=1)}
                                ).rename_axis("modelo")
    comparisons = pd.DataFrame([dict(a=a, b=b, estimate=float(diff.mean()), ci_low=lo,
                                     ci_high=hi, pvalue=float("nan"),
                                     pvalue_adjusted=float("nan"),
                                     reject=bool(min(ab.eps_min, ba.eps_min) < ASO_THRESHOLD))])
    omnibus = None
    notes = [
        f"ε_min(A, B) = {_fmt(ab.eps_min)} y ε_min(B, A) = {_fmt(ba.eps_min)}: el orden "
        "estocástico aproximado no da valores p. Por debajo de 0.5, ε_min favorece a la "
        f"primera configuración; se suele exigir ε_min < {ASO_THRESHOLD:g} para afirmar que "
        "domina casi estocásticamente a la segunda (cuaderno 13, sección 6). La columna "
        f"«¿significativa?» dice si alguno de los dos ε_min queda por debajo de {ASO_THRESHOLD:g}.",
        "El intervalo es un bootstrap percentil de la diferencia media entre semillas "
        f"({N_BOOTSTRAP} réplicas).",
    ]
    result = dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                  choices=[GUIDE["seeds_two"]], correction="", effect="diferencia media",
                  notes=notes, details=[ab, ba], bayes=None, n_units=n, higher=higher,
                  metric=d.metric, aso=(ab.eps_min, ba.eps_min))
    return result


def _min_wilcoxon_p(n: int) -> float:
    return min(1.0, 2.0 / 2.0**n)


def _datasets_effect_notes(alpha: float) -> list[str]:
    return [
        f"«A − B» e IC: diferencia media de las puntuaciones con un intervalo bootstrap "
        f"percentil entre conjuntos ({N_BOOTSTRAP} réplicas, sin ajustar por multiplicidad). "
        "Las escalas de los conjuntos no son comparables (cuaderno 08, sección 3): léala solo "
        "como orden de magnitud.",
        "δ de Cliff (sin parear): P(A > B) − P(A < B) entre todas las puntuaciones de A y de B; "
        "positiva si las de A tienden a ser mayores.",
    ]


def _analyze_datasets(d: _Design, alpha, rope, higher, random_state, control):
    from course_utils.bayesian import bayesian_signed_rank_test
    from course_utils.multiple import (
        control_test, friedman_test, pairwise_test, sign_test, skillings_mack_test,
        wilcoxon_signed_rank_test,
    )
    from course_utils.ranks import average_ranks

    table = d.table
    models = list(table.columns)
    n = len(table)
    incomplete = table.isna().to_numpy().any()
    notes = [d.averaged] if d.averaged else []
    details = []
    if control is not None and control not in models:
        raise ValueError(
            f"`control`: «{control}» no es ninguno de los algoritmos ({', '.join(models)})."
        )
    if len(models) == 2 and incomplete:
        keep = table.notna().all(axis=1)
        notes.append(f"Se quitaron {int((~keep).sum())} conjuntos sin las dos puntuaciones: "
                     "con dos algoritmos, Wilcoxon necesita las parejas completas.")
        table = table[keep]
        n = len(table)
        incomplete = False
    if len(models) == 2:
        a, b = models
        diff = table[a].to_numpy() - table[b].to_numpy()
        n_nonzero = int(np.count_nonzero(diff))
        needed = math.ceil(math.log2(2 / alpha))
        if n_nonzero < needed:
            ties = n - n_nonzero
            raise ValueError(
                f"`data`: con {n_nonzero} conjuntos de datos con diferencia distinta de 0"
                + (f" ({ties} empates)" if ties else "")
                + f", la prueba de Wilcoxon nunca puede dar un valor p ≤ {alpha:g} (el menor "
                f"posible es {_min_wilcoxon_p(n_nonzero):.4f}): hacen falta al menos {needed} "
                "conjuntos sin empate."
            )
        w = wilcoxon_signed_rank_test(table[a], table[b])
        s = sign_test(table[a], table[b])
        details += [w, s]
        lo, hi = _bootstrap_mean_ci(diff, alpha, random_state)
        a_ahead = np.sign((w.r_plus or 0.0) - (w.r_minus or 0.0))  # A por encima de B
        comparisons = pd.DataFrame([dict(a=a, b=b, estimate=float(diff.mean()), ci_low=lo,
                                         ci_high=hi, pvalue=w.pvalue, pvalue_adjusted=w.pvalue,
                                         reject=w.pvalue <= alpha,
                                         better=a_ahead * (1 if higher else -1),
                                         cliffs_delta=_cliffs_delta(table[a].to_numpy(),
                                                                    table[b].to_numpy()))])
        descriptives = pd.DataFrame({"media": table.mean(),
                                     "desviación típica": table.std(ddof=1)}
                                    ).rename_axis("algoritmo")
        wins, losses = (w.wins, w.losses) if higher else (w.losses, w.wins)
        notes.append(
            f"Prueba de los signos, como comprobación: {a} es mejor en {wins} conjuntos, peor en "
            f"{losses} y empata en {w.ties}; valor p {_p_text(s.pvalue)}."
        )
        table_notes = [
            "Valor p de Wilcoxon (rangos con signo); quién va delante lo dicen los rangos, no la "
            "media.",
        ] + _datasets_effect_notes(alpha)
        choices = [GUIDE["datasets_two"]]
        bayes = None
        if rope is not None:
            bs = bayesian_signed_rank_test(table[a], table[b], rope=rope,
                                           higher_is_better=higher, random_state=random_state)
            details.append(bs)
            bayes = pd.DataFrame([{"A": a, "B": b, "P(A mejor)": bs.prob_a_better,
                                   "P(en la ROPE)": bs.prob_equivalent,
                                   "P(B mejor)": bs.prob_b_better}])
            choices.append(GUIDE["bayes_datasets"])
        return dict(descriptives=descriptives, omnibus=None, comparisons=comparisons,
                    choices=choices, correction="", effect="diferencia media de la puntuación",
                    notes=notes, details=details, bayes=bayes, n_units=n, higher=higher,
                    metric=d.metric, table_notes=table_notes)
    if rope is not None:
        notes.append("La ROPE solo se usa con dos algoritmos; con más, compárelos por parejas "
                     "con la prueba de rangos con signo bayesiana (cuaderno 09).")
    if n < 2:
        raise ValueError(f"`data`: hace falta más de un conjunto de datos; hay {n}.")
    if incomplete:
        sm = skillings_mack_test(table, higher_is_better=higher)
        details.append(sm)
        descriptives = pd.DataFrame({"rango medio": sm.average_ranks,
                                     "celdas observadas": table.notna().sum()}
                                    ).rename_axis("algoritmo")
        omnibus = dict(name="Skillings y Mack", symbol="SM", statistic=sm.statistic,
                       df=sm.df[0] if sm.df else None, pvalue=sm.pvalue,
                       entry="datasets_incomplete")
        comparisons = pd.DataFrame(columns=["a", "b", "estimate", "ci_low", "ci_high", "pvalue",
                                            "pvalue_adjusted", "reject"])
        notes.append("Con celdas vacías, el curso solo tiene la prueba global: para comparar "
                     "parejas, complete la tabla.")
        if sm.note:
            notes.append(_cap(sm.note))
        return dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                    choices=[GUIDE["datasets_incomplete"]], correction="",
                    effect="diferencia media de la puntuación", notes=notes, details=details,
                    bayes=None, n_units=n, higher=higher, metric=d.metric)
    fr = friedman_test(table, higher_is_better=higher)
    details.append(fr)
    omnibus = dict(name="Friedman con la corrección de Iman y Davenport", symbol="F_F",
                   statistic=fr.iman_davenport,
                   df=f"{fr.iman_davenport_df[0]}, {fr.iman_davenport_df[1]}",
                   pvalue=fr.iman_davenport_pvalue, entry="datasets_many_omnibus")
    if control is not None:
        post = control_test(table, control, method="holm", alpha=alpha, higher_is_better=higher)
        entry, correction = GUIDE["datasets_many_control"], "Holm frente al control"
    else:
        method = "bergmann" if len(models) <= 10 else "shaffer"
        post = pairwise_test(table, method=method, alpha=alpha, higher_is_better=higher)
        entry = GUIDE["datasets_many_all"]
        correction = "Bergmann-Hommel" if method == "bergmann" else "Shaffer"
    details.append(post)
    c = post.comparisons
    means = table.mean()
    ranks = average_ranks(table, higher_is_better=higher)
    low, high = [], []
    for a, b in zip(c["a"], c["b"]):
        lo, hi = _bootstrap_mean_ci(table[a].to_numpy() - table[b].to_numpy(), alpha,
                                    random_state)
        low.append(lo)
        high.append(hi)
    comparisons = pd.DataFrame(dict(
        a=c["a"], b=c["b"], estimate=[means[a] - means[b] for a, b in zip(c["a"], c["b"])],
        ci_low=low, ci_high=high, pvalue=c["pvalue"],
        pvalue_adjusted=c["pvalue_adjusted"], reject=c["reject"],
        better=[np.sign(ranks[b] - ranks[a]) for a, b in zip(c["a"], c["b"])],
        cliffs_delta=[_cliffs_delta(table[a].to_numpy(), table[b].to_numpy())
                      for a, b in zip(c["a"], c["b"])]))
    descriptives = pd.DataFrame({"rango medio": ranks, "media": means}).rename_axis("algoritmo")
    table_notes = [
        "Valores p: prueba z sobre la diferencia de rangos medios (1 = el mejor), ajustados con "
        f"{correction}; quién va delante lo dicen los rangos. Los rangos medios dependen de qué "
        "otros algoritmos se comparen (cuaderno 08, sección 8); Wilcoxon con Holm no.",
    ] + _datasets_effect_notes(alpha)
    if fr.iman_davenport_pvalue > alpha:
        notes.append("La prueba global no rechaza: las comparaciones por parejas se muestran, "
                     "pero no deben leerse como hallazgos.")
    return dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                choices=[GUIDE["datasets_many_omnibus"], entry], correction=correction,
                effect="diferencia media de la puntuación", notes=notes, details=details,
                bayes=None, n_units=n, higher=higher, metric=d.metric, table_notes=table_notes)


def _conclusions(res: dict, design: str, alpha: float, rope, higher) -> list[str]:
    out = []
    comparisons = res["comparisons"]
    if res.get("aso") is not None:
        from course_utils.seeds import ASO_THRESHOLD

        ab, ba = res["aso"]
        row = comparisons.iloc[0]
        (eps, win, lose) = (ab, row.a, row.b) if ab <= ba else (ba, row.b, row.a)
        if eps < ASO_THRESHOLD:
            out.append(f"{win} domina casi estocásticamente a {lose} en esta división "
                       f"(ε_min = {_fmt(eps)} < {ASO_THRESHOLD:g}).")
        elif eps < 0.5:
            out.append(f"Hay un indicio a favor de {win} (ε_min = {_fmt(eps)} < 0.5), sin "
                       f"llegar al umbral habitual de {ASO_THRESHOLD:g}: no basta para afirmar "
                       "que domine.")
        else:
            out.append(f"Ninguna configuración domina a la otra (ε_min = {_fmt(ab)} y "
                       f"{_fmt(ba)}): no hay un orden claro; eso no las hace equivalentes.")
        return out
    om = res["omnibus"]
    if om is not None and om.get("entry") in ("datasets_many_omnibus", "test_set_labels_many",
                                              "datasets_incomplete"):
        verdict = "rechaza" if om["pvalue"] <= alpha else "no rechaza"
        out.append(f"La prueba global ({om['name']}) {verdict} que todos rindan igual "
                   f"(p {_p_text(om['pvalue'])}, α = {alpha:g}).")
    for row in comparisons.itertuples():
        p = row.pvalue_adjusted
        if isinstance(p, float) and math.isnan(p):
            continue
        p_text = f"p ajustado {_p_text(p)}" if res["correction"] else f"p {_p_text(p)}"
        if row.reject:
            sign = getattr(row, "better", None)
            if sign is None or (isinstance(sign, float) and math.isnan(sign)):
                sign = np.sign(row.estimate) * (1 if higher else -1)
            a_better = None if sign == 0 else bool(sign > 0)
            if a_better is None:
                out.append(f"{row.a} y {row.b} difieren significativamente ({p_text}).")
            else:
                win, lose = (row.a, row.b) if a_better else (row.b, row.a)
                out.append(f"{win} es mejor que {lose} con α = {alpha:g} ({p_text}).")
        else:
            out.append(f"No hay evidencia suficiente de diferencia entre {row.a} y {row.b} "
                       f"({p_text}); eso no demuestra que sean equivalentes.")
    bayes = res.get("bayes")
    if bayes is not None:
        for row in bayes.itertuples(index=False):
            pa, prope, pb = row[2], row[3], row[4]
            if prope >= 0.95:
                out.append(f"Con la ROPE elegida, {row[0]} y {row[1]} son prácticamente "
                           f"equivalentes (probabilidad {prope:.3f}).")
            elif max(pa, pb) >= 0.95:
                win = row[0] if pa >= pb else row[1]
                out.append(f"Con la ROPE elegida, {win} es prácticamente mejor "
                           f"(probabilidad {max(pa, pb):.3f}).")
            else:
                out.append(f"Con la ROPE elegida no hay una decisión clara entre {row[0]} y "
                           f"{row[1]} (ninguna probabilidad llega a 0.95).")
    elif rope is None and not comparisons.empty and not comparisons["reject"].all():
        if design == "test_set":
            out.append("Para afirmar que dos modelos son prácticamente iguales hace falta una "
                       "prueba de equivalencia con un margen fijado de antemano (cuaderno 07).")
        else:
            out.append("Para afirmar que dos modelos son prácticamente iguales, repita el "
                       "análisis con una ROPE (opción `rope`, cuaderno 09).")
    return out


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
       algoritmos; con más, Friedman con Iman y Davenport y después Holm frente a un control
       o Bergmann-Hommel por parejas; con celdas vacías, Skillings y Mack.
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
            res = _analyze_datasets(d, alpha, rope_t, higher_is_better, random_state, control)
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
             "allow_missing": False, "random_state": 0}


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
