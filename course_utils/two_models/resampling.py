"""Validación cruzada pareada: las mismas particiones para los dos modelos.

Para comparar dos modelos con una prueba pareada (t corregida, 5×2cv), los dos
deben entrenarse y evaluarse exactamente en las mismas particiones. Aquí se
construyen los separadores de scikit-learn y se calculan las puntuaciones de los
dos modelos sobre una única lista de particiones.
"""

from __future__ import annotations

import difflib
import numbers
import warnings

import numpy as np
from sklearn.base import is_classifier
from sklearn.metrics import get_scorer, get_scorer_names
from sklearn.model_selection import RepeatedStratifiedKFold, check_cv, cross_validate

from course_utils._validation import check_n_jobs, check_positive_int, check_same_length, describe
from course_utils._validation_labels import check_labels, check_paired

__all__ = ["repeated_stratified_kfold", "five_by_two", "paired_cv_scores"]


def _check_random_state(random_state: object) -> object:
    if random_state is None or isinstance(random_state, np.random.RandomState):
        return random_state
    if isinstance(random_state, bool) or not isinstance(random_state, numbers.Integral):
        raise TypeError(
            "`random_state` debe ser None, un entero (semilla) o un numpy.random.RandomState; "
            f"se recibió {describe(random_state)}."
        )
    if not 0 <= random_state < 2**32:
        raise ValueError(
            "`random_state` debe ser un entero entre 0 y 2**32 - 1 (una semilla de NumPy); "
            f"se recibió {random_state}."
        )
    return int(random_state)


def repeated_stratified_kfold(
    n_splits: int = 10, n_repeats: int = 10, random_state: object = None
) -> RepeatedStratifiedKFold:
    """Validación cruzada estratificada de ``n_splits`` particiones repetida ``n_repeats`` veces.

    Es ``sklearn.model_selection.RepeatedStratifiedKFold`` con los argumentos validados.
    Para la prueba t corregida, el cociente prueba/entrenamiento es ``1 / (n_splits - 1)``.

    Parámetros
    ----------
    n_splits : int, por defecto 10
        Particiones por repetición (k ≥ 2).
    n_repeats : int, por defecto 10
        Repeticiones (r ≥ 1), cada una con un barajado distinto.
    random_state : int, RandomState o None
        Semilla; fíjela para que los resultados sean reproducibles.

    Devuelve
    --------
    sklearn.model_selection.RepeatedStratifiedKFold

    Ejemplos
    --------
    >>> cv = repeated_stratified_kfold(5, 2, random_state=0)
    >>> cv.get_n_splits()
    10
    """
    n_splits = check_positive_int(n_splits, "n_splits")
    if n_splits < 2:
        raise ValueError(f"`n_splits` debe ser un entero mayor o igual que 2; se recibió {n_splits}.")
    n_repeats = check_positive_int(n_repeats, "n_repeats")
    return RepeatedStratifiedKFold(
        n_splits=n_splits, n_repeats=n_repeats, random_state=_check_random_state(random_state)
    )


def five_by_two(random_state: object = None) -> RepeatedStratifiedKFold:
    """Esquema 5×2cv de Dietterich (1998): 5 repeticiones de validación cruzada de 2 particiones.

    Parámetros
    ----------
    random_state : int, RandomState o None

    Devuelve
    --------
    sklearn.model_selection.RepeatedStratifiedKFold
        ``RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=random_state)``.

    Referencias
    -----------
    Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised
    classification learning algorithms. *Neural Computation*, 10(7), 1895-1923.
    """
    return repeated_stratified_kfold(2, 5, random_state)


def _n_samples(X: object) -> int:
    if X is None or isinstance(X, (str, bytes)):
        raise TypeError(f"`X` debe ser un arreglo o un DataFrame; se recibió {describe(X)}.")
    shape = getattr(X, "shape", None)
    if shape is not None and len(shape) >= 1:
        n = int(shape[0])
    else:
        try:
            n = len(X)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"`X` debe ser un arreglo o un DataFrame; se recibió {describe(X)}.") from None
    if n == 0:
        raise ValueError("`X` no puede estar vacío; se recibieron 0 filas.")
    return n


def _check_fold_list(cv: list | tuple, n: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Valida una lista explícita de particiones ``[(train_idx, test_idx), ...]``."""
    if len(cv) == 0:
        raise ValueError("`cv` es una lista vacía; se esperaba al menos un par (entrenamiento, prueba).")
    folds = []
    for i, pair in enumerate(cv):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise TypeError(
                f"`cv[{i}]` debe ser un par (índices de entrenamiento, índices de prueba); "
                f"se recibió {describe(pair)}."
            )
        train, test = (np.asarray(part) for part in pair)
        for part, what in ((train, "entrenamiento"), (test, "prueba")):
            if part.ndim != 1 or part.size == 0 or not np.issubdtype(part.dtype, np.integer):
                raise ValueError(
                    f"`cv[{i}]`: los índices de {what} deben ser un arreglo no vacío de enteros; "
                    f"se recibió {describe(part)}."
                )
            if part.min() < 0 or part.max() >= n:
                raise ValueError(
                    f"`cv[{i}]`: hay índices de {what} fuera de rango [0, {n - 1}]."
                )
        folds.append((train, test))
    return folds


def _check_scoring(scoring: object) -> object:
    """Una medida de scikit-learn por nombre (comprobada) o una función."""
    if isinstance(scoring, str):
        try:
            get_scorer(scoring)
        except ValueError as exc:
            close = difflib.get_close_matches(scoring, get_scorer_names(), n=3)
            hint = f" ¿Quería decir {', '.join(map(repr, close))}?" if close else ""
            raise ValueError(
                f"`scoring` debe ser el nombre de una medida de scikit-learn (por ejemplo "
                f"'accuracy', 'balanced_accuracy', 'f1', 'roc_auc'); se recibió {scoring!r}.{hint} "
                "La lista completa está en sklearn.metrics.get_scorer_names()."
            ) from exc
        return scoring
    if callable(scoring):
        return scoring
    raise TypeError(
        "`scoring` debe ser el nombre de una medida de scikit-learn (por ejemplo "
        f"'accuracy') o una función; se recibió {describe(scoring)}."
    )


def _check_int_cv(cv: int, y: np.ndarray, n: int, classifier: bool) -> None:
    """``cv = k`` necesita k <= n filas y, con estratificación, k casos de cada clase."""
    if cv > n:
        raise ValueError(
            f"`cv` = {cv} particiones es más que el número de filas de `X` ({n}): cada "
            "partición necesita al menos un caso de prueba. Use un `cv` menor o igual que "
            f"{n} (habitualmente 5 o 10)."
        )
    if classifier:
        _, counts = np.unique(y, return_counts=True)
        if counts.min() < cv:
            raise ValueError(
                f"`cv` = {cv} particiones estratificadas necesitan al menos {cv} casos de cada "
                f"clase de `y`, y la clase menos frecuente tiene {int(counts.min())}. Alguna "
                "partición se quedaría sin casos de esa clase; use un `cv` menor o igual que "
                f"{int(counts.min())}."
            )


def _make_folds(splitter: object, X: object, y: np.ndarray) -> list:
    """``list(splitter.split(X, y))`` con los errores y avisos traducidos."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            folds = list(splitter.split(X, y))
        except ValueError as exc:
            raise ValueError(
                "El separador `cv` no puede crear las particiones con estos datos (por ejemplo, "
                "más particiones que filas, o que casos de alguna clase en una validación "
                f"estratificada); se recibió cv={splitter!r} con {len(y)} filas."
            ) from exc
    for warning in caught:
        raise ValueError(
            "El separador `cv` avisa de un problema al crear las particiones (por ejemplo, "
            "alguna clase tiene menos casos que particiones y quedaría fuera de alguna "
            f"partición de prueba); se recibió cv={splitter!r}. Use menos particiones."
        ) from warning.message
    return folds


def paired_cv_scores(
    estimator_a: object,
    estimator_b: object,
    X: object,
    y: object,
    *,
    cv: object,
    scoring: object,
    n_jobs: int | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Puntuaciones de validación cruzada de dos modelos sobre las mismas particiones.

    Las particiones se materializan una sola vez (``list(cv.split(X, y))``) y esa
    misma lista se pasa a ``sklearn.model_selection.cross_validate`` para los dos
    modelos. Así las puntuaciones quedan pareadas partición a partición aunque el
    separador no tenga semilla fija.

    Parámetros
    ----------
    estimator_a, estimator_b : estimadores de scikit-learn
        Se clonan en cada partición (no se modifican).
    X : array_like o DataFrame de forma (n, p)
    y : array_like de forma (n,)
    cv : int, separador de scikit-learn o lista de pares (entrenamiento, prueba)
        Por ejemplo :func:`repeated_stratified_kfold` o :func:`five_by_two`. Un entero
        ``k`` usa ``StratifiedKFold(k)`` para clasificadores (``KFold`` si no). Una
        lista explícita de pares de índices se usa tal cual (resultado de forma ``(k,)``).
    scoring : str o callable
        Una sola medida, como en scikit-learn (``"accuracy"``, ``"roc_auc"``...).
        Con errores negativos de scikit-learn (``"neg_log_loss"``), más sigue siendo mejor.
    n_jobs : int o None, por defecto None
        Trabajos en paralelo, como en scikit-learn y ``joblib``: ``1``, sin paralelismo;
        ``-1``, todos los núcleos (``-2``, todos menos uno...); ``None``, lo que fije el
        contexto ``joblib.parallel_config`` activo (1 fuera de él; con ``backend="dask"``,
        todos los trabajadores del clúster de Dask). Con el motor local de joblib se admiten
        como mucho ``max(64, 4 × núcleos)``; con un clúster, sin tope.
        Se pasa a ``cross_validate``; con estimadores con semilla fija, el resultado no
        depende de este valor.

    Devuelve
    --------
    scores_a, scores_b : numpy.ndarray
        De forma ``(n_repeats, n_splits)`` si ``cv`` tiene repeticiones
        (atributo ``n_repeats``) y ``(k,)`` en otro caso; la fila i es la repetición i.

    Lanza
    -----
    ValueError, TypeError
        Si ``X`` e ``y`` tienen longitudes distintas o están vacíos, si ``y`` tiene
        valores faltantes o mezcla texto y números, si ``X`` e ``y`` son objetos pandas con
        índices distintos (las filas se toman por posición), si ``scoring`` no es una
        medida de scikit-learn, si ``cv`` pide más particiones que filas (o que casos de
        la clase menos frecuente, con estratificación), si ``n_jobs`` no es None ni un
        entero distinto de 0 (o pasa del tope del motor local), si el ajuste de un modelo falla
        en alguna partición (el error original va encadenado) o si alguna puntuación no
        es finita.

    Ejemplos
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.dummy import DummyClassifier
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> a, b = paired_cv_scores(DecisionTreeClassifier(random_state=0), DummyClassifier(),
    ...                         X, y, cv=five_by_two(random_state=0), scoring="accuracy")
    >>> a.shape
    (5, 2)
    """
    for est, name in ((estimator_a, "estimator_a"), (estimator_b, "estimator_b")):
        if not (hasattr(est, "fit") and hasattr(est, "get_params")):
            raise TypeError(
                f"`{name}` debe ser un estimador de scikit-learn (con `fit` y `get_params`); "
                f"se recibió {describe(est)}."
            )
    n = _n_samples(X)
    check_paired(X=X, y=y)
    y_arr = check_labels(y, "y")
    check_same_length(X=range(n), y=y_arr)
    scoring = _check_scoring(scoring)
    n_jobs = check_n_jobs(n_jobs)
    if isinstance(cv, bool) or cv is None:
        raise TypeError(f"`cv` debe ser un entero o un separador de scikit-learn; se recibió {describe(cv)}.")
    if isinstance(cv, numbers.Integral):
        check_positive_int(cv, "cv")
        if cv < 2:
            raise ValueError(f"`cv` debe ser un entero mayor o igual que 2; se recibió {cv}.")
        _check_int_cv(int(cv), y_arr, n, is_classifier(estimator_a))
    elif isinstance(cv, (list, tuple)):
        folds = _check_fold_list(cv, n)
    elif isinstance(cv, (str, bytes)) or not hasattr(cv, "split"):
        raise TypeError(
            "`cv` debe ser un entero, un separador de scikit-learn o una lista de pares "
            f"(índices de entrenamiento, índices de prueba); se recibió {describe(cv)}."
        )
    if isinstance(cv, (list, tuple)):
        splitter = None
    else:
        splitter = check_cv(cv, y_arr, classifier=is_classifier(estimator_a))
        folds = _make_folds(splitter, X, y_arr)
    scores = []
    for est, name in ((estimator_a, "estimator_a"), (estimator_b, "estimator_b")):
        try:
            res = cross_validate(
                est, X, y_arr, cv=folds, scoring=scoring, n_jobs=n_jobs, error_score="raise"
            )
        except Exception as exc:
            raise ValueError(
                f"El ajuste o la evaluación de `{name}` falló en alguna partición (el error "
                "original de scikit-learn o del modelo va encadenado debajo). Compruebe que "
                "el modelo acepta `X` e `y` y que `scoring` tiene sentido para él."
            ) from exc
        values = np.asarray(res["test_score"], dtype=float)
        if not np.all(np.isfinite(values)):
            bad = int(np.flatnonzero(~np.isfinite(values))[0])
            raise ValueError(
                f"`scoring` dio un valor no finito ({values[bad]!r}) para `{name}` en la "
                f"partición {bad}; por ejemplo, 'roc_auc' no está definido si la partición de "
                "prueba tiene una sola clase. Use otra medida u otras particiones."
            )
        scores.append(values)
    n_repeats = getattr(splitter, "n_repeats", None)
    if isinstance(n_repeats, numbers.Integral) and n_repeats > 0 and len(folds) % n_repeats == 0:
        shape = (int(n_repeats), len(folds) // int(n_repeats))
        scores = [s.reshape(shape) for s in scores]
    return scores[0], scores[1]
