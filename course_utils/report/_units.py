"""Las unidades de análisis: emparejar los modelos por unidad y deducir la validación cruzada.

Una unidad es lo que se repite con todos los modelos: un conjunto de datos, una partición (con
su repetición) o una semilla. :func:`_pivot` pasa una tabla larga a unidades × modelos,
:func:`_unpaired` y :func:`_unpaired_within` dicen qué falta, :func:`_group_means` promedia las
particiones de cada conjunto y :func:`_cv_structure` deduce de la estructura de las particiones
la forma de la validación cruzada (nunca del mayor número de partición).
"""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

from course_utils._options import option
from course_utils._validation import show_value
from course_utils.many_models.ranks import _resolution, _tie_at_resolution
from course_utils.report._roles import (
    SUMMARY_NAMES, _plain, list_columns, refuse_values, value_kind,
)


def _missing_fix() -> str:
    return ("Ejecute lo que falta o, para usar todas las celdas observadas con la prueba de "
            f"Skillings y Mack (cuaderno 11), pase {option('allow_missing', True)}.")


#: Un número seguido de una anotación: «0.842 (1)», «0,91*», «0.80 ± 0.02», «0.75 [3]».
_ANNOTATED = re.compile(r"\s*[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][-+]?\d+)?\s*[(\[*†‡±].*")


def _annotation_hint(value: object) -> str:
    """Qué hacer con una celda que es un número con una anotación (si lo es)."""
    if isinstance(value, str) and _ANNOTATED.fullmatch(value):
        return (" Parece un número con una anotación (un rango, una nota, una desviación): el "
                "informe no sabe qué significa, así que no la quita por su cuenta; deje solo el "
                "número, o la celda vacía si esa puntuación no vale.")
    return ""


def _check_numeric(table: pd.DataFrame, what: str,
                   units: pd.DataFrame | None = None) -> pd.DataFrame:
    """Las columnas de ``table`` como números; si una celda no lo es, el error nombra su fila
    por las columnas de ``units`` (el conjunto, o la repetición y la partición), si las hay."""
    out = table.copy()
    for col in out.columns:
        refuse_values(str(col), value_kind(out[col]), "puntuaciones")
        converted = pd.to_numeric(out[col], errors="coerce")
        bad = converted.isna() & out[col].notna()
        if bad.any():
            at = np.flatnonzero(bad.to_numpy())[0]
            row = out.index[at]
            key = tuple(units.iloc[at]) if units is not None and len(units.columns) else row
            shown = _unit_text(key) if isinstance(key, tuple) and len(key) > 1 else (
                _key_text(key))
            raise ValueError(
                f"`data`: la columna «{col}» de {what} debe tener números; en la fila «{shown}» "
                f"hay {show_value(out.loc[row, col])}.{_annotation_hint(out.loc[row, col])}"
            )
        out[col] = converted.astype(float)
    vals = out.to_numpy(dtype=float)
    if np.isinf(vals).any():
        raise ValueError(f"`data`: {what} tiene valores infinitos.")
    return out


def _key_text(key: object) -> str:
    parts = key if isinstance(key, tuple) else (key,)
    return ", ".join(str(k.item() if isinstance(k, np.generic) else k) for k in parts)


def _unit_text(key: object) -> str:
    """Una unidad (fila) en un mensaje: «'señales'» o «(ds03, 2)» (conjunto, partición)."""
    return f"({_key_text(key)})" if isinstance(key, tuple) else show_value(key)


# «el mismo conjunto de datos», «la misma partición»: la unidad con su artículo.
_SAME = {"conjunto de datos": "el mismo conjunto de datos", "partición": "la misma partición",
         "semilla": "la misma semilla"}


def _pivot(long: pd.DataFrame, unit_cols: list[str], model: str, score: str, where: str,
           unused: list | None = None):
    counts = long.groupby(unit_cols + [model], dropna=False).size()
    if (counts > 1).any():
        key = counts[counts > 1].index[0]
        hint = ""
        if unused:
            hint = (f" Si alguna de las columnas sin papel ({list_columns(unused)}) distingue "
                    f"esas filas, dígalo ({option('fold_column')}, {option('repeat_column')}, "
                    f"{option('seed_column')} o {option('dataset_column')}).")
        raise ValueError(
            f"`data`: hay filas repetidas para {_SAME[where]} y modelo ({_key_text(key)}): "
            "cada modelo debe tener una sola puntuación por unidad. Quite las filas "
            "duplicadas." + hint
        )
    # Solo las unidades observadas (no todas las combinaciones de sus números: las particiones
    # numeradas seguidas, 0…99, no se cruzan con cada repetición), en el orden de la tabla.
    wide = long.set_index(unit_cols + [model])[score].unstack(model)
    units = long[unit_cols].drop_duplicates()
    rows = (pd.MultiIndex.from_frame(units) if len(unit_cols) > 1
            else pd.Index(units[unit_cols[0]], name=unit_cols[0]))
    return wide.reindex(rows)[list(pd.unique(long[model]))]  # modelos en el orden de la tabla


def _unpaired(wide: pd.DataFrame, where: str, fix: str) -> None:
    missing = wide.isna()
    if missing.to_numpy().any():
        rows, cols = np.nonzero(missing.to_numpy())
        cells = [f"«{wide.columns[c]}» en {_unit_text(wide.index[r])}"
                 for r, c in zip(rows[:3], cols[:3])]
        more = f" (y {len(rows) - 3} más)" if len(rows) > 3 else ""
        raise ValueError(
            f"`data`: las {where} no están pareadas: falta la puntuación de "
            f"{'; '.join(cells)}{more}. Todos los modelos deben evaluarse sobre las mismas "
            f"{where}. {fix}"
        )


def _group_means(wide: pd.DataFrame) -> pd.DataFrame:
    """Media de cada modelo dentro de cada grupo (primer nivel del índice), sin contar celdas
    vacías; suma las filas en orden, como ``DataFrame.mean`` de cada grupo (los mismos bits)."""
    codes, names = pd.factorize(wide.index.get_level_values(0), sort=False)
    order = np.argsort(codes, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(codes[order]) != 0])
    values = wide.to_numpy(dtype=float)[order]
    seen = ~np.isnan(values)
    filled = np.where(seen, values, 0.0)
    ends = np.r_[starts[1:], len(values)]
    sums = np.array([filled[a:b].sum(axis=0) for a, b in zip(starts, ends)])
    counts = np.array([seen[a:b].sum(axis=0) for a, b in zip(starts, ends)])
    with np.errstate(invalid="ignore", divide="ignore"):
        means = np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)
    step = _resolution(values)  # empates a la resolución de los datos (course_utils.many_models.ranks)
    means, tied = _tie_at_resolution(means, step)
    out = pd.DataFrame(means, index=pd.Index(names, name=wide.index.names[0]),
                       columns=wide.columns)
    out.attrs.update(resolution=step, resolution_ties=tied)
    return out


def _unpaired_within(wide: pd.DataFrame, allow_missing: bool, notes: list) -> pd.DataFrame:
    """Particiones × modelos dentro de cada conjunto (primer nivel del índice): un modelo que
    está en un conjunto debe tener todas sus particiones; si falta del todo, es una celda vacía
    de la tabla conjuntos × algoritmos. Con ``allow_missing``, un modelo al que le faltan algunas
    particiones de un conjunto también queda sin puntuación en él (y se dice): la media de las
    que tiene no se compara con la de todas."""
    missing = wide.isna()
    if not missing.to_numpy().any():
        return wide
    present = (~missing).groupby(level=0, sort=False).transform("any")
    partial = missing & present
    if not partial.to_numpy().any():
        return wide
    if not allow_missing:
        bad = partial.any(axis=1).to_numpy()
        name = wide.index[np.flatnonzero(bad)[0]][0]
        group = wide.xs(name, level=0, drop_level=False)
        _unpaired(group.loc[:, group.notna().any()], f"particiones del conjunto «{name}»",
                  "Repita las que faltan o quite ese conjunto; o, para dejar sin puntuación en "
                  "un conjunto a los algoritmos a los que les falta alguna de sus particiones "
                  "y analizar la tabla con huecos (Skillings y Mack, cuaderno 11), pase "
                  f"{option('allow_missing', True)}.")
    cells = partial.groupby(level=0, sort=False).any()
    pairs = [f"«{m}» en «{name}»" for name, row in cells.iterrows() for m in row.index[row]]
    notes.append(
        f"Sin puntuación por particiones que faltan: {', '.join(pairs[:6])}"
        + (f" y {len(pairs) - 6} más" if len(pairs) > 6 else "")
        + ". Un algoritmo al que le falta alguna partición de un conjunto queda sin puntuación "
        "en ese conjunto: la media de las que tiene no se compara con la de todas."
    )
    return wide.mask(partial.groupby(level=0, sort=False).transform("any"))


def _drop_empty_scores(long: pd.DataFrame, score, notes: list) -> pd.DataFrame:
    """Las filas sin puntuación (celda vacía: una ejecución que falló) se quitan y se dice;
    una celda con texto es un error que dice la fila."""
    values = pd.to_numeric(long[score], errors="coerce")
    text = values.isna() & long[score].notna()
    if text.any():
        at = int(np.flatnonzero(text.to_numpy())[0])
        row = long.index[at]
        where = (f"fila {row + 2} del fichero, contando la cabecera"
                 if isinstance(row, (int, np.integer)) else f"fila {_key_text(row)}")
        raise ValueError(
            f"`data`: la columna de puntuaciones «{score}» tiene una celda que no es un número, "
            f"{show_value(long[score].iloc[at])} ({where})."
            + _annotation_hint(long[score].iloc[at])
        )
    long = long.assign(**{score: values})
    empty = values.isna()
    if empty.any():
        notes.append(f"{int(empty.sum())} filas no tienen puntuación en «{score}» (celdas "
                     "vacías): se tratan como ejecuciones que faltan.")
        long = long[~empty]
    return long


def _seed_per_run(long: pd.DataFrame, keys: list, seed) -> bool:
    """Si la semilla cambia entre los algoritmos de una misma partición (la de cada ejecución,
    como la que escribe el AutoML Benchmark), en vez de ser una unidad común."""
    return bool(long.groupby(keys, dropna=False, sort=False)[seed].nunique().max() > 1)


def _averaged_note(fold, repeat, seed) -> str:
    """Qué se promedió en cada conjunto: las particiones (si las hay), las repeticiones o las
    semillas, por el nombre de su columna."""
    what = ("particiones" if fold is not None else "repeticiones" if repeat is not None
            else "semillas")
    column = next(c for c in (fold, repeat, seed) if c is not None)
    return (f"Cada celda es la media de las {what} («{column}») de ese conjunto: las {what} "
            "no son conjuntos de datos independientes y no se usan como bloques.")


def _ratio_from_columns(long, ntest, ntrain, given):
    if ntest is None or ntrain is None:
        return given
    ratio = (pd.to_numeric(long[ntest]) / pd.to_numeric(long[ntrain])).mean()
    if given is not None and not math.isclose(ratio, given, rel_tol=1e-6):
        raise ValueError(
            f"{option('test_train_ratio')}: se dio {given}, pero las columnas «{ntest}» y "
            f"«{ntrain}» dan {ratio:.4f}; quite uno de los dos."
        )
    return float(ratio)


def _cv_structure(frame: pd.DataFrame, fold, repeat, seed, cv, ratio, notes):
    """La forma de la validación cruzada, deducida de la estructura de las particiones.

    Devuelve ``(forma, razón, orden de las filas)``. Con una columna de repetición (o de
    semilla, que hace de repetición), k es el número de particiones de cada repetición, estén
    numeradas dentro de cada una (0…k−1) o seguidas (0…r·k−1); nunca el mayor número de
    partición. Sin ella, si cada número de partición sale una sola vez, no se sabe cuántas
    repeticiones hubo (100 particiones pueden ser 10 × 10): se pregunta.
    """
    groups = [c for c in (repeat, seed) if c is not None]
    order = np.arange(len(frame))
    if groups:
        order = frame.sort_values(groups, kind="stable").index.to_numpy()
    if fold is None:
        if ratio is None and cv is None:
            _refuse_repeats_without_fold(groups)
        return cv or "rxk", ratio, order
    if groups:
        k, r = _folds_per_repeat(frame, fold, groups)
    else:
        counts = frame[fold].value_counts(sort=False)
        if counts.nunique() > 1:
            raise ValueError(
                f"`data`: unos números de partición («{fold}») salen más veces que otros (de "
                f"{counts.min()} a {counts.max()}); si hubo repeticiones, diga cuál es la "
                f"columna de la repetición con {option('repeat_column')}."
            )
        r, k = int(counts.iloc[0]), len(counts)
        if r == 1:  # cada partición una sola vez: ¿1 × k o r × k numeradas seguidas?
            if ratio is None and cv is None:
                _refuse_unknown_k(len(frame), fold)
            return cv or "rxk", ratio, order
    if cv == "5x2" and groups and (r, k) != (5, 2):
        raise ValueError(
            f"{option('cv', '5x2')}: la tabla tiene {r} repeticiones de {k} particiones, no 5 "
            "de 2."
        )
    if cv is not None:
        return cv, ratio, order
    if r == 5 and k == 2:
        if not groups:
            raise ValueError(
                f"`data`: las particiones («{fold}») son 5 repeticiones de 2, pero sin columna "
                "de repetición no se sabe qué parejas van juntas, y la F combinada 5×2cv lo "
                f"necesita: diga cuál es con {option('repeat_column')}, o pida la t corregida "
                f"con {option('cv', 'rxk')}."
            )
        return "5x2", ratio, order
    if k < 2:
        if ratio is None:
            raise ValueError(
                "`data`: cada repetición tiene una sola partición (entrenamiento y prueba "
                "repetidos): dé la razón n_prueba / n_entrenamiento con "
                f"{option('test_train_ratio')}."
            )
        return "rxk", ratio, order
    if ratio is None:
        ratio = 1 / (k - 1)
        notes.append(
            f"Validación cruzada de {r} × {k}: {k} particiones en cada una de las {r} "
            f"repeticiones (deducido de las columnas «{fold}» y «{'», «'.join(groups)}»"
            if groups else
            f"Validación cruzada de {r} × {k}: {k} particiones distintas, cada una {r} veces "
            f"(columna «{fold}»"
        )
        notes[-1] += f"); la t corregida usa n_prueba / n_entrenamiento = 1/{k - 1}."
    return "rxk", ratio, order


def _refuse_repeats_without_fold(groups: list) -> None:
    """Error si hay repeticiones (o semillas) sin columna de partición ni razón dada."""
    raise ValueError(
        f"`data`: las filas son repeticiones («{groups[0]}») sin columna de partición: "
        "si cada una es una semilla de entrenamiento sobre la misma división, dígalo "
        f"con {option('design', 'seeds')}; si cada una es una división distinta en "
        "entrenamiento y prueba, dé la razón n_prueba / n_entrenamiento con "
        f"{option('test_train_ratio')} o la columna de la partición con "
        f"{option('fold_column')}."
    )


def _folds_per_repeat(frame: pd.DataFrame, fold, groups: list) -> tuple[int, int]:
    """``(k, r)``: particiones por repetición y repeticiones; cada partición una vez por
    repetición y el mismo número en todas (si no, un error que lo dice)."""
    per = frame.groupby(groups, sort=False)[fold]
    sizes, distinct = per.size(), per.nunique()
    if (sizes != distinct).any():
        key = sizes.index[np.flatnonzero((sizes != distinct).to_numpy())[0]]
        raise ValueError(
            f"`data`: en la repetición «{_key_text(key)}» ({', '.join(map(str, groups))}) "
            f"un mismo número de partición («{fold}») sale más de una vez; cada partición "
            "debe salir una vez por repetición."
        )
    if sizes.nunique() > 1:
        raise ValueError(
            f"`data`: las repeticiones no tienen todas el mismo número de particiones "
            f"(de {sizes.min()} a {sizes.max()}); una validación cruzada r × k repite las "
            "mismas k particiones."
        )
    return int(sizes.iloc[0]), len(sizes)


def _refuse_unknown_k(n: int, fold) -> None:
    """Error si cada partición sale una vez sin columna de repetición: n particiones pueden
    ser 1 × n o varias repeticiones numeradas seguidas."""
    raise ValueError(
        f"`data`: hay {n} particiones («{fold}») y ninguna columna de repetición, "
        f"así que no se sabe cuántas particiones tenía cada validación cruzada "
        f"({n} pueden ser una validación de {n} particiones o varias repeticiones "
        "numeradas seguidas), y la t corregida lo necesita. Dé la razón n_prueba / "
        f"n_entrenamiento con {option('test_train_ratio')} (1/(k − 1) con k "
        f"particiones), o la columna de la repetición con "
        f"{option('repeat_column')}"
        + (f", o {option('cv', '5x2')} si es una 5×2cv" if n == 10 else "")
        + ", o añada las columnas «n_prueba» y «n_entrenamiento»."
    )


def _duplicates(frame: pd.DataFrame, keys: list) -> str:
    dup = frame[frame.duplicated(keys, keep=False)]
    counts = dup.groupby(keys, sort=False).size()
    shown = [f"«{_key_text(k)}» ({n} veces)" for k, n in counts.iloc[:4].items()]
    return ", ".join(shown) + (f" y {len(counts) - 4} más" if len(counts) > 4 else "")


def _refuse_summary_rows(names: object, column: object) -> None:
    """Una fila «Average», «Media», «Mean rank»... no es un conjunto de datos: analizarla como
    uno más cambiaría los rangos, la prueba global y las parejas sin que nada lo dijera."""
    found = [str(n) for n in pd.unique(np.asarray(names, dtype=object))
             if _plain(n) in SUMMARY_NAMES]
    if found:
        one = len(found) == 1
        rows = ", ".join(f"«{n}»" for n in found)
        raise ValueError(
            f"`data`: {'la fila' if one else 'las filas'} {rows} de «{column}» "
            f"{'parece' if one else 'parecen'} un resumen de las demás (una media, un rango "
            f"medio, un total), no un conjunto de datos: {'analizarla' if one else 'analizarlas'}"
            " como uno más cambiaría los rangos y las pruebas. "
            f"{'Quítela' if one else 'Quítelas'} de la tabla; si "
            f"{'es un conjunto' if one else 'son conjuntos'} de datos, "
            f"{'cámbiele' if one else 'cámbieles'} el nombre."
        )


def _holm_adjust(pvalues: list) -> list:
    """p ajustadas de Holm (paso descendente), acotadas en 1."""
    p = np.asarray(pvalues, dtype=float)
    order = np.argsort(p)
    adjusted = np.empty_like(p)
    running = 0.0
    for i, j in enumerate(order):
        running = max(running, min(1.0, (len(p) - i) * p[j]))
        adjusted[j] = running
    return adjusted.tolist()


#: Nombres de un reparto de los datos (entrenamiento, validación, prueba), no de una partición.
_SPLIT_NAMES = {"train", "training", "test", "testing", "val", "valid", "validation", "dev",
                "holdout", "entrenamiento", "prueba", "validacion", "test_set", "train_set"}


def refuse_split_names(long: pd.DataFrame, fold) -> None:
    """Error si la columna de particiones nombra repartos de los datos («train», «test»).

    «fold 1», «Fold-2» o «1» son particiones; «train» y «test» no: la puntuación en
    entrenamiento no es otra partición de la validación cruzada, y emparejarlas con las de
    prueba mezclaría dos cosas distintas.
    """
    if fold is None:
        return
    values = [v for v in pd.unique(long[fold].dropna()) if isinstance(v, str)]
    splits = [v for v in values if re.sub(r"[\s.-]+", "_", v.strip().lower())
              .replace("ó", "o") in _SPLIT_NAMES]
    if not splits:
        return
    shown = ", ".join(f"«{v}»" for v in splits[:4])
    tests = [v for v in splits if v.strip().lower() in ("test", "testing", "prueba", "holdout")]
    first = (tests or splits)[0]  # lo habitual: comparar en el reparto de prueba
    raise ValueError(
        f"`data`: la columna de particiones «{fold}» tiene {shown}: son repartos de los datos "
        "(entrenamiento, validación, prueba), no particiones de una validación cruzada, y sus "
        "puntuaciones no se pueden emparejar como si lo fueran. Quédese con las filas del "
        f"reparto que quiere comparar y quite la columna (en pandas, "
        f"`data[data[{str(fold)!r}] == {first!r}].drop(columns={str(fold)!r})`); si otra "
        f"columna numera las particiones, dígalo con {option('fold_column')}."
    )
