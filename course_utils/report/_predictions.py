"""Qué son las predicciones sobre un conjunto de prueba, y cuál es la clase positiva.

Etiquetas (McNemar, Cochran), puntuaciones de un problema binario (DeLong) o valores de una
regresión (t pareada sobre las pérdidas) llevan a pruebas distintas. Se deducen solo cuando los
valores no dejan duda; si no, se pregunta (``predictions=``, ``positive_label=``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from course_utils._options import option
from course_utils.report._roles import _plain, list_columns, value_kind

#: Parejas de etiquetas cuya clase positiva no admite duda (normalizadas): negativa → positiva.
POSITIVE_PAIRS = {
    frozenset({"0", "1"}): "1", frozenset({"-1", "1"}): "1",
    frozenset({"false", "true"}): "true", frozenset({"falso", "verdadero"}): "verdadero",
    frozenset({"no", "si"}): "si", frozenset({"no", "yes"}): "yes",
    frozenset({"neg", "pos"}): "pos", frozenset({"negative", "positive"}): "positive",
    frozenset({"negativo", "positivo"}): "positivo",
}

_KINDS = {"labels": "etiquetas", "scores": "puntuaciones",
          "regression": "valores de una regresión"}


def _norm(value: object) -> str:
    """Etiqueta normalizada: ``1.0`` → ``"1"``, ``True`` → ``"true"``, ``"Sí"`` → ``"si"``."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (int, float, np.integer, np.floating)):
        v = float(value)
        return str(int(v)) if v.is_integer() else repr(v)
    return _plain(value)


def _share_in(values, class_set: set) -> float:
    """Proporción de valores que son una de las clases (normalizadas)."""
    series = pd.Series(values)
    known = [v for v in pd.unique(series) if _norm(v) in class_set]
    return float(series.isin(known).mean())


def _python(value: object) -> object:
    return value.item() if isinstance(value, np.generic) else value


def _shown(values) -> str:
    return ", ".join(f"«{_python(v)}»" for v in values)


def _ask_kind(text: str, options=("labels", "regression")) -> ValueError:
    choices = " o ".join(option("predictions", k) for k in options)
    return ValueError(f"`data`: {text} Dígalo con {choices}.")


def prediction_kind(y: np.ndarray, preds: dict, label: str, given: str | None,
                    positive_label: object) -> tuple[str, object, str, list[str]]:
    """Devuelve ``(tipo, clase positiva, por qué esa clase, notas)``.

    El tipo es ``"labels"``, ``"scores"`` o ``"regression"``. Solo se deduce cuando no hay duda:
    etiquetas de texto o lógicas con predicciones del mismo tipo son etiquetas; etiquetas con
    decimales, regresión; dos clases numéricas con predicciones con decimales, puntuaciones;
    dos clases con predicciones que son esas dos clases, etiquetas. Etiquetas enteras con más de
    dos valores y predicciones enteras pueden ser clases o una regresión: se pregunta.
    """
    y_kind = value_kind(y)
    if y_kind in ("complex", "mixed", "empty"):
        what = {"complex": "números complejos", "mixed": "números y textos mezclados",
                "empty": "ningún valor"}[y_kind]
        raise ValueError(f"`data`: la columna de etiquetas «{label}» tiene {what}; deben ser "
                         "clases (números enteros, textos o valores lógicos) o números de una "
                         "regresión.")
    classes = [_python(c) for c in pd.unique(pd.Series(y))]
    class_set = {_norm(c) for c in classes}
    kinds = {}
    for m, p in preds.items():
        kind = value_kind(p)
        if kind in ("complex", "mixed"):
            what = "números complejos" if kind == "complex" else "números y textos mezclados"
            raise ValueError(f"`data`: la columna de predicciones «{m}» tiene {what}; ignórela "
                             f"con {option('ignore_columns', [m])} o corríjala.")
        kinds[m] = kind
    # Una columna «de etiquetas»: sin decimales y, en al menos la mitad de las filas, una clase
    # de y_true (un modelo puede predecir alguna clase que no está en y_true).
    as_labels = {m: kinds[m] in ("text", "bool", "int") and _share_in(preds[m], class_set) >= 0.5
                 for m in preds}
    numeric = {m: kinds[m] in ("int", "float") for m in preds}
    notes = []
    kind = given
    if kind is None:
        kind = _deduce(y_kind, classes, kinds, as_labels, numeric, label, preds)
    _check_kind(kind, y_kind, classes, kinds, label)
    if kind == "labels":
        for m, p in preds.items():
            extra = [v for v in pd.unique(pd.Series(p)) if _norm(v) not in class_set]
            if extra:
                notes.append(f"«{m}» predice clases que no están en «{label}» "
                             f"({_shown(extra[:3])}): cuentan como errores.")
        return kind, None, "", notes
    if kind == "regression":
        return kind, None, "", notes
    positive, reason = _positive(classes, positive_label)
    return kind, positive, reason, notes


_PROBABILITY_PREFIXES = ("", ".pred_", "pred_", "prob_", "proba_", "p_", "prob.", "p.")


def refuse_class_probabilities(y: np.ndarray, preds: dict, label: str) -> None:
    """Error si varias columnas son las probabilidades de cada clase de un mismo modelo.

    Son las columnas con el nombre de una clase de ``y`` (``Class1``, ``.pred_Class1`` de
    tidymodels, ``0``/``1`` de ``predict_proba`` puesto en una tabla) que, juntas, suman 1 en
    cada fila: las de un solo modelo, no un modelo cada una.
    """
    classes = {_norm(c): c for c in pd.unique(pd.Series(y))}
    group = []
    for m, p in preds.items():
        name = str(m).strip().lower()
        if value_kind(p) == "float" and any(
                name.startswith(pre) and _norm(str(m).strip()[len(pre):]) in classes
                for pre in _PROBABILITY_PREFIXES):
            group.append(m)
    if len(group) < 2:
        return
    total = np.sum([np.asarray(preds[m], dtype=float) for m in group], axis=0)
    if not np.allclose(total, 1.0, atol=1e-6):
        return
    others = [m for m in preds if m not in group]
    rest = (f" («{'», «'.join(map(str, others))}» puede ser la clase que predice ese mismo "
            "modelo)" if others else "")
    raise ValueError(
        f"`data`: {list_columns(group)} llevan los nombres de las clases de «{label}» y suman 1 "
        "en cada fila: son las probabilidades de cada clase que da un mismo modelo, no "
        f"{len(group)} modelos{rest}. El informe compara modelos: hace falta una columna por "
        "modelo (la probabilidad de la clase positiva, o la clase que predice). Si la tabla es "
        "de un solo modelo, no hay nada que comparar."
    )


def _not_predictions(columns: list, label: str, preds: dict) -> ValueError:
    """Error: estas columnas no parecen predicciones de las clases de ``label``."""
    one = len(columns) == 1
    shown = "; ".join(f"«{m}»: {_shown(pd.unique(pd.Series(preds[m]))[:3])}, …" for m in columns)
    return ValueError(
        f"`data`: {list_columns(columns)} no {'tiene' if one else 'tienen'} predicciones de las "
        f"clases de «{label}», como las demás columnas (valores: {shown}). Si no "
        f"{'es un modelo, ignórela' if one else 'son modelos, ignórelas'} con "
        f"{option('ignore_columns', [str(m) for m in columns])}; si lo "
        f"{'es' if one else 'son'}, diga cuáles son las columnas de modelos con "
        f"{option('model_columns')}."
    )


def _deduce(y_kind, classes, kinds, as_labels, numeric, label, preds) -> str:
    n = len(classes)
    values = kinds.values()
    odd = [m for m in kinds if not as_labels[m]]
    if y_kind == "float":
        bad = [m for m, k in kinds.items() if k not in ("int", "float")]
        if bad:
            raise ValueError(
                f"`data`: las etiquetas «{label}» tienen decimales (una regresión), pero "
                f"{list_columns(bad)} no tiene números; ignore las columnas que no sean "
                f"modelos con {option('ignore_columns', bad)}.")
        return "regression"
    if y_kind in ("text", "bool"):
        if not odd:
            return "labels"
        if len(odd) < len(kinds):
            raise _not_predictions(odd, label, preds)
        if all(numeric.values()):
            if n == 2:
                return "scores"
            raise ValueError(
                f"`data`: las etiquetas «{label}» son {n} clases de texto y las predicciones, "
                "números: con más de dos clases, el informe solo compara etiquetas predichas "
                "(la clase que predice cada modelo), no puntuaciones.")
        raise _not_predictions(odd, label, preds)
    # Etiquetas enteras.
    if any(k == "text" for k in values):
        texts = [m for m, k in kinds.items() if k == "text"]
        raise ValueError(
            f"`data`: las etiquetas «{label}» son números y {list_columns(texts)} tiene textos; "
            f"ignore las columnas que no sean modelos con {option('ignore_columns', texts)}.")
    if all(k in ("int", "bool") for k in values):
        if odd and len(odd) < len(kinds):
            raise _not_predictions(odd, label, preds)
        if n == 2 and not odd:
            return "labels"
        shown = _shown(sorted(classes)[:4]) + (", …" if n > 4 else "")
        raise _ask_kind(
            f"las etiquetas «{label}» son {n} números enteros distintos ({shown}) y las "
            "predicciones también son enteros: pueden ser clases o los valores de una "
            "regresión, y cada caso lleva a una prueba distinta.")
    if any(as_labels[m] for m in kinds) and any(k == "float" for k in values):
        labels = [m for m in kinds if as_labels[m]]
        scores = [m for m in kinds if not as_labels[m]]
        raise ValueError(
            f"`data`: {list_columns(labels)} predicen clases y {list_columns(scores)} tienen "
            "decimales (puntuaciones o una regresión): analícelas por separado, o ignore las "
            f"columnas que no sean modelos con {option('ignore_columns')}. Si todas son "
            "probabilidades de la clase positiva (un modelo puede dar solo 0 y 1, como un "
            f"vecino más cercano), dígalo con {option('predictions', 'scores')}.")
    return "scores" if n == 2 else "regression"


def _check_kind(kind, y_kind, classes, kinds, label) -> None:
    n = len(classes)
    if kind == "scores" and n != 2:
        raise ValueError(
            f"{option('predictions', 'scores')}: comparar puntuaciones (AUC) necesita dos clases "
            f"en las etiquetas «{label}»; hay {n}.")
    if kind in ("scores", "regression"):
        bad = [m for m, k in kinds.items() if k not in ("int", "float")]
        if bad:
            raise ValueError(
                f"{option('predictions', kind)}: {list_columns(bad)} no tiene números; "
                f"{_KINDS[kind]} deben ser números.")
    if kind == "regression" and y_kind not in ("int", "float"):
        raise ValueError(f"{option('predictions', kind)}: las etiquetas «{label}» no son "
                         "números; una regresión necesita valores numéricos.")
    if kind == "labels":
        if y_kind == "float":
            raise ValueError(f"{option('predictions', kind)}: las etiquetas «{label}» tienen "
                             "decimales; las clases no.")
        bad = [m for m, k in kinds.items() if k == "float"]
        if bad:
            raise ValueError(
                f"{option('predictions', kind)}: {list_columns(bad)} tiene decimales, que no "
                f"son clases; ¿son puntuaciones ({option('predictions', 'scores')})?")


def _positive(classes: list, given: object) -> tuple[object, str]:
    """La clase positiva de un problema binario: la dada o la de una pareja sin duda."""
    if given is not None:
        hits = [c for c in classes if c == given or _norm(c) == _norm(given)]
        if not hits and isinstance(given, str):
            hits = [c for c in classes if _norm(c) == _plain(given)]
        if len(hits) != 1:
            raise ValueError(
                f"{option('positive_label', given)}: las etiquetas son {_shown(classes)}; la "
                "clase positiva debe ser una de ellas.")
        return hits[0], "la indicada"
    pair = frozenset(_norm(c) for c in classes)
    if pair in POSITIVE_PAIRS:
        i = next(i for i, c in enumerate(classes) if _norm(c) == POSITIVE_PAIRS[pair])
        positive, negative = classes[i], classes[1 - i]
        return positive, f"frente a {_python(negative)!r}"
    a, b = sorted(classes, key=str)
    raise ValueError(
        f"`data`: para comparar puntuaciones hay que saber cuál es la clase positiva (la que "
        f"indican las puntuaciones altas), y las etiquetas son {_shown([a, b])}: dígalo con "
        f"{option('positive_label', a)} o {option('positive_label', b)}.")
