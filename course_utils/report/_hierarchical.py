"""La prueba bayesiana jerárquica en el informe: dos algoritmos, varios conjuntos, con ROPE y
las particiones de validación cruzada de cada conjunto.

Con la media de cada conjunto, el informe usa la prueba de rangos con signo bayesiana; cuando la
tabla trae además las particiones (las mismas en todos los conjuntos), añade la prueba
jerárquica de Corani et al. (2017), que usa todas las puntuaciones y su correlación
(cuaderno 09, «Para profundizar»). Sin NumPyro (macOS con Intel) lo dice en una nota y sigue.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

#: Lo que se dice en la tabla bayesiana de cada prueba cuando aparecen las dos.
SIGNED_RANK = "rangos con signo (medias por conjunto)"
HIERARCHICAL = "jerárquica (todas las particiones)"


def fold_matrices(folds: pd.DataFrame, a: str, b: str,
                  datasets: pd.Index) -> tuple[np.ndarray, np.ndarray]:
    """Las puntuaciones de A y B como matrices conjuntos × particiones, en el orden de la
    tabla del informe (una fila por conjunto, sus particiones en el orden en que llegaron)."""
    groups = folds.groupby(level=0, sort=False)
    rows_a = [groups.get_group(name)[a].to_numpy(dtype=float) for name in datasets]
    rows_b = [groups.get_group(name)[b].to_numpy(dtype=float) for name in datasets]
    return np.vstack(rows_a), np.vstack(rows_b)


def hierarchical_comparison(d, table: pd.DataFrame, rope, higher: bool, random_state):
    """``(fila de la tabla bayesiana o None, nota, resultado o None)`` para las dos columnas de
    ``table``, si ``d`` trae sus particiones."""
    from course_utils.two_models.bayesian_hierarchical import bayesian_hierarchical_test

    a, b = table.columns
    scores_a, scores_b = fold_matrices(d.folds, a, b, table.index)
    flat = [str(name) for name, row in zip(table.index, scores_a - scores_b)
            if np.ptp(row) == 0]
    if flat:
        return None, (
            "La prueba jerárquica, que usaría todas las particiones, no se aplica: en "
            f"{', '.join(f'«{n}»' for n in flat)} la diferencia entre los dos es la misma en "
            "todas las particiones (varianza 0, p. ej. los dos aciertan todo), y el modelo "
            "necesita ver cuánto varía. El análisis bayesiano usa la media de cada conjunto."
        ), None
    try:
        res = bayesian_hierarchical_test(scores_a, scores_b, rope=rope, runs=d.fold_runs,
                                         higher_is_better=higher, random_state=random_state,
                                         names=(str(a), str(b)))
    except ImportError:  # pragma: no cover - depende de la instalación (macOS con Intel)
        return None, (
            "La prueba jerárquica, que usaría todas las particiones, necesita NumPyro y no está "
            "instalado en este equipo: el análisis bayesiano usa solo la media de cada conjunto."
        ), None
    except ValueError as exc:  # p. ej., demasiado trabajo para NUTS: se dice y se sigue
        return None, (f"La prueba jerárquica no se aplica: {exc} El análisis bayesiano usa la "
                      "media de cada conjunto."), None
    row = {"prueba": HIERARCHICAL, "A": a, "B": b, "P(A mejor)": res.prob_a_better,
           "P(en la ROPE)": res.prob_equivalent, "P(B mejor)": res.prob_b_better}
    n_folds = scores_a.shape[1] // d.fold_runs
    note = (
        f"Prueba jerárquica (cuaderno 09, «Para profundizar»): usa las {scores_a.shape[1]} "
        f"puntuaciones de cada conjunto ({d.fold_runs} × {n_folds} particiones, con la "
        "correlación entre particiones de la t correlacionada) y supone que las diferencias de "
        "los conjuntos se parecen entre sí; sus probabilidades se refieren a la diferencia "
        "media en un conjunto de datos nuevo. Muestreo NUTS con NumPyro: "
        f"R̂ = {res.r_hat:.3f}, {res.divergences} divergencias."
    )
    if res.r_hat > 1.01 or res.divergences:
        note += (" Con R̂ por encima de 1.01 o divergencias, las cadenas no exploraron bien la "
                 "a posteriori: tome sus probabilidades con cautela.")
    return row, note, res
