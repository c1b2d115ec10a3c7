"""Predicciones sobre un conjunto de prueba en forma larga: una fila por caso × modelo.

``case_id, model, score, label`` (o ``id, modelo, probabilidad, clase``): la misma etiqueta
verdadera en todas las filas de un caso, una fila por modelo y caso. Se pasa a la forma ancha
(una columna por modelo y la de etiquetas) y se analiza como cualquier conjunto de prueba
(DeLong, McNemar o Cochran, :mod:`._predictions`). Lo que no se puede saber se pregunta.
"""

from __future__ import annotations

import pandas as pd

from course_utils._options import option
from course_utils.report._roles import _LABEL_NAMES, _plain, list_columns, value_kind


def _identifies_cases(long: pd.DataFrame, col, model) -> bool:
    """Si ``col`` nombra una vez cada caso en cada modelo, con los mismos casos en todos."""
    if long[col].isna().any():
        return False
    sets = [frozenset(g) for _, g in long.groupby(model, sort=False)[col]]
    sizes = long.groupby(model, sort=False)[col].agg(lambda s: s.is_unique)
    return bool(sizes.all()) and len(set(sets)) == 1 and len(sets[0]) > 1


def _looks_like_case_ids(long: pd.DataFrame, col, model) -> bool:
    """Si ``col`` tiene, en cada modelo, un valor distinto por fila, y son enteros o textos (no
    puntuaciones): identificadores de caso, aunque no coincidan entre modelos."""
    values = long[col]
    if values.isna().any() or values.map(lambda v: isinstance(v, float)).any():
        return False
    if not values.map(lambda v: isinstance(v, (str, int)) or hasattr(v, "is_integer")).all():
        return False
    unique = long.groupby(model, sort=False)[col].agg(lambda s: s.is_unique)
    return bool(unique.all())


def _refuse_mismatched_case_ids(long: pd.DataFrame, col, model) -> None:
    """Una columna de identificadores que nombra en parte los mismos casos en todos los modelos
    (o los mismos, escritos unas veces como texto y otras como número) pero no del todo:
    emparejar por posición daría valores p de casos distintos, así que se dice por qué. Si los
    modelos no comparten ningún identificador, es un número de fila y no se dice nada."""
    groups = {name: set(g) for name, g in long.groupby(model, sort=False)[col]}
    as_text = {name: {str(v) for v in g} for name, g in groups.items()}
    mixed_types = len(set(map(frozenset, as_text.values()))) == 1
    shared = set.intersection(*groups.values())
    if not shared and not mixed_types:
        return
    first_name, first = next(iter(groups.items()))
    other_name, other = next((n, g) for n, g in groups.items() if g != first)
    where, absent, extra = ((first_name, other_name, first - other) if first - other
                            else (other_name, first_name, other - first))
    example = sorted(extra, key=str)[0]
    cause = (f" Son los mismos casos escritos unas veces como texto y otras como número («'0'» "
             f"y «0» son casos distintos): conviértala a un solo tipo, p. ej. "
             f"`data[{str(col)!r}] = data[{str(col)!r}].astype(str)`." if mixed_types else "")
    raise ValueError(
        f"`data` parece un conjunto de prueba en forma larga con los casos en «{col}», pero no "
        f"tiene los mismos casos en todos los modelos: {example!r} está en «{where}» y no en "
        f"«{absent}».{cause} Sin los mismos casos no se pueden emparejar las predicciones; "
        f"corrija «{col}» o, si no identifica los casos, ignórela con "
        f"{option('ignore_columns', [str(col)])}.")


def _constant_per_case(long: pd.DataFrame, col, case) -> bool:
    return bool((long.groupby(case, sort=False)[col].nunique(dropna=False) == 1).all())


def long_predictions(table: pd.DataFrame, roles: dict, used: set) -> tuple | None:
    """``(tabla ancha, columna de etiquetas, notas)`` si la tabla larga son predicciones sobre
    un conjunto de prueba; None si no lo parece. Pregunta (``ValueError``) si lo parece pero no
    se sabe qué columna es cuál."""
    model = roles["model"]
    if any(roles.get(r) is not None for r in ("dataset", "fold", "repeat", "seed")):
        return None
    per_model = long_sizes = table.groupby(model, sort=False).size()
    if long_sizes.nunique() != 1 or int(per_model.iloc[0]) < 2:
        return None
    rest = [c for c in table.columns if c != model and c not in used or c == roles["label"]
            or c == roles["score"]]
    cases = [c for c in rest if c not in (roles["label"], roles["score"])
             and _identifies_cases(table, c, model)]
    position_note = ""
    if not cases:
        for col in rest:
            if col not in (roles["label"], roles["score"]) \
                    and _looks_like_case_ids(table, col, model):
                _refuse_mismatched_case_ids(table, col, model)
    if not cases:  # ¿filas alineadas por posición dentro de cada modelo?
        label = _positional_label(table, model, rest, roles["label"])
        if label is None:
            return None
        case = _free_name(table, "caso")
        table = table.assign(**{case: table.groupby(model, sort=False).cumcount() + 1})
        rest, cases = rest + [case], [case]
        position_note = (
            f" Sin columna de caso: los casos se emparejan por su posición dentro de cada "
            f"modelo (las filas de cada modelo tienen la misma secuencia de etiquetas "
            f"verdaderas en «{label}», que no está ordenada por clase).")
    if len(cases) != 1:
        return None
    case = cases[0]
    others = [c for c in rest if c != case]
    outcomes = [c for c in others if table[c].nunique() == 2 and table[c].notna().all()
                and _constant_per_case(table, c, case)]
    if roles["label"] is not None:
        outcomes = [roles["label"]] if roles["label"] in outcomes else []
        if not outcomes:
            raise ValueError(
                f"{option('label_column')}: «{roles['label']}» no tiene las dos clases de un "
                f"mismo caso («{case}») en todas sus filas; las etiquetas verdaderas de un "
                "caso son las mismas para todos los modelos.")
    elif len(outcomes) > 1:
        named = [c for c in outcomes if _plain(c) in _LABEL_NAMES]
        outcomes = named if len(named) == 1 else outcomes
    if not outcomes:
        return None
    scores = [c for c in others if c not in outcomes and value_kind(table[c]) != "text"]
    if roles["score"] is not None:
        scores = [roles["score"]]
    if len(outcomes) > 1 or len(scores) != 1:
        label = outcomes[0]
        score = (scores or [c for c in others if c != label] or [label])[0]
        unknown = (f"qué columna tiene las etiquetas verdaderas (candidatas: "
                   f"{list_columns(outcomes)}) ni cuál " if len(outcomes) > 1
                   else "qué columna tiene ")
        known = "" if len(outcomes) > 1 else f" las etiquetas verdaderas son «{label}», pero"
        raise ValueError(
            f"`data` parece un conjunto de prueba en forma larga (una fila por caso «{case}» y "
            f"modelo «{model}»);{known} no se sabe {unknown}las predicciones de cada modelo "
            f"(candidatas: {list_columns(scores or others)}; con puntuaciones, DeLong; con las "
            f"clases predichas, McNemar o Cochran): dígalo con {option('label_column', label)} "
            f"y {option('score_column', score)}.")
    label, score = outcomes[0], scores[0]
    if roles["label"] is None and _plain(label) not in _LABEL_NAMES:
        raise ValueError(
            f"`data` puede ser un conjunto de prueba en forma larga (una fila por caso «{case}» "
            f"y modelo «{model}»), con las etiquetas verdaderas en «{label}» (dos valores, los "
            f"mismos en todas las filas de un caso), pero su nombre no lo dice. Si lo son, "
            f"dígalo con {option('label_column', str(label))}; si «{label}» describe los casos, "
            f"ignórela con {option('ignore_columns', [str(label)])}.")
    wide = table.pivot(index=case, columns=model, values=score)
    order = list(pd.unique(table[case]))
    wide = wide.reindex(order)[list(pd.unique(table[model]))]
    wide.columns = [str(c) for c in wide.columns]
    y = table.drop_duplicates(case).set_index(case)[label].reindex(order)
    out = pd.concat([y.rename(str(label)), wide], axis=1).reset_index(drop=True)
    note = (f"Conjunto de prueba en forma larga: cada caso es «{case}», los modelos están en "
            f"«{model}», las predicciones en «{score}» y las etiquetas verdaderas en «{label}» "
            f"({len(out)} casos, {wide.shape[1]} modelos).")
    return out, str(label), note + position_note


def _free_name(table: pd.DataFrame, name: str) -> str:
    while name in table.columns:
        name += "_"
    return name


def _positional_label(table: pd.DataFrame, model, rest: list, given) -> str | None:
    """La columna de etiquetas verdaderas si las filas de cada modelo están alineadas por
    posición: la misma secuencia de dos clases en todos los modelos, sin ordenar por clase (una
    secuencia ordenada, 0…0 1…1, coincide aunque los casos no lo hagan). None si la tabla no
    tiene una columna con nombre de etiquetas (o ``label_column``); si la tiene pero la
    alineación no se puede comprobar, pregunta (``ValueError``): nunca empareja a ciegas."""
    if given is not None:
        named = [given] if given in rest else []
    else:
        named = [c for c in rest if _plain(c) in _LABEL_NAMES]
    named = [c for c in named if table[c].nunique() == 2 and table[c].notna().all()]
    if len(named) != 1:
        return None
    label = named[0]
    sequences = [g.tolist() for _, g in table.groupby(model, sort=False)[label]]
    first = sequences[0]
    changes = sum(a != b for a, b in zip(first, first[1:]))
    if all(seq == first for seq in sequences) and changes > 1:
        return label
    why = ("las filas de cada modelo no tienen la misma secuencia de etiquetas verdaderas"
           if any(seq != first for seq in sequences) else
           "las filas están ordenadas por clase, y así la misma secuencia de etiquetas no "
           "prueba que sean los mismos casos")
    command = (f"data.assign(caso=data.groupby({str(model)!r}).cumcount() + 1)")
    raise ValueError(
        f"`data` parece un conjunto de prueba en forma larga (una fila por caso y modelo "
        f"«{model}», etiquetas verdaderas en «{label}»), pero no tiene una columna que diga qué "
        f"caso es cada fila, y no se pueden emparejar por su posición: {why}. Añada una "
        f"columna con el identificador de cada caso, el mismo en todos los modelos (si las "
        f"filas de cada modelo están en el mismo orden de casos, en pandas `{command}`; en el "
        "CSV, una columna «caso» con 1, 2, 3… en las filas de cada modelo)."
    )
