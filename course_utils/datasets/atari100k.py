"""Puntuaciones publicadas de Atari 100k (Agarwal et al., 2021), ejecución a ejecución.

Los datos de la sección «Muchas tareas, pocas ejecuciones» del cuaderno 12: cuatro agentes de
aprendizaje por refuerzo en los 26 juegos de Atari 100k, con la puntuación de cada ejecución
(semilla) normalizada con la de un humano. Procedencia y licencia, en ``data/README.md``.
"""

from __future__ import annotations

import io

import pandas as pd

__all__ = ["ATARI_100K_ALGORITHMS", "load_atari_100k"]

_FILE = "atari100k_agarwal2021.csv"
_SHA256 = "837e04de497ba4a0a65b1feb78a11d9b7878bb6ad72b4d02d21e03a4d4ebd323"

#: Agentes del fichero, en el orden en que se guardan.
ATARI_100K_ALGORITHMS: tuple[str, ...] = ("SimPLe", "CURL", "DrQ(ε)", "SPR")


def load_atari_100k() -> dict[str, pd.DataFrame]:
    """Puntuaciones normalizadas con la humana de cuatro agentes en los 26 juegos de Atari 100k.

    Cada agente juega con solo 100 000 pasos de interacción (unas dos horas de juego humano).
    La puntuación de cada ejecución en cada juego está normalizada como en Agarwal et al.
    (2021): :math:`(x - \\text{azar}) / (\\text{humano} - \\text{azar})`, de modo que 0 es la
    puntuación de un agente que juega al azar y 1 la de un humano. SimPLe tiene 5 ejecuciones por
    juego; CURL, DrQ(ε) y SPR, 100. El fichero ``data/atari100k_agarwal2021.csv`` viaja con el
    repositorio y se comprueba su suma sha256 al cargarlo.

    Devuelve
    --------
    dict
        ``{agente: tabla}``, con los agentes de :data:`ATARI_100K_ALGORITHMS`; cada tabla es un
        ``pandas.DataFrame`` ejecuciones × juegos (filas ``run`` 0, 1, ...; 26 columnas), la
        forma que esperan :func:`course_utils.robust_aggregates` y compañía.

    Lanza
    -----
    FileNotFoundError, ValueError
        Si falta el fichero o su suma sha256 no coincide.

    Referencias
    -----------
    Agarwal, R., Schwarzer, M., Castro, P. S., Courville, A. y Bellemare, M. G. (2021). Deep
    reinforcement learning at the edge of the statistical precipice. *NeurIPS 34*.

    Ejemplos
    --------
    >>> scores = load_atari_100k()
    >>> {k: v.shape for k, v in scores.items()}
    {'SimPLe': (5, 26), 'CURL': (100, 26), 'DrQ(ε)': (100, 26), 'SPR': (100, 26)}
    """
    from course_utils.datasets.benchmark import _read_course_table

    raw = _read_course_table(_FILE, _SHA256)
    table = pd.read_csv(io.BytesIO(raw), encoding="utf-8")
    out = {}
    for name in ATARI_100K_ALGORITHMS:
        runs = table[table["algorithm"] == name].drop(columns="algorithm").set_index("run")
        runs.columns.name = "juego"
        out[name] = runs
    return out
