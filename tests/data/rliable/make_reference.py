"""Valores de referencia de rliable para tests/test_aggregates.py (se ejecuta una vez, a mano).

No forma parte de las pruebas: rliable 1.2.0 exige ``arch<8``, que no se instala con el pandas
del curso. Se ejecutó en un entorno aparte (Python 3.11, rliable 1.2.0, arch 7.2.0, pandas
2.3.3, numpy 2.4.6, scipy 1.17.1) con ``python make_reference.py`` desde esta carpeta, y
escribió ``scores.csv`` y ``reference.json``.
"""

import json

import numpy as np
import pandas as pd
from rliable import library as rly
from rliable import metrics

# Puntuaciones normalizadas de tres algoritmos, 5 ejecuciones × 12 tareas, con colas pesadas
# (unas pocas tareas con puntuaciones muy altas, como en Atari 100k).
gen = np.random.default_rng(2021)
task_level = np.exp(gen.normal(-0.5, 1.0, 12))
scores = {
    name: np.clip(task_level * shift * np.exp(gen.normal(0, 0.35, (5, 12))), 0, None)
    for name, shift in [("A", 1.0), ("B", 1.25), ("C", 0.8)]
}
rows = [(name, run, task, float(v)) for name, arr in scores.items()
        for (run, task), v in np.ndenumerate(arr)]
pd.DataFrame(rows, columns=["model", "run", "task", "score"]).to_csv("scores.csv", index=False)
scores = {name: g.pivot(index="run", columns="task", values="score").to_numpy()
          for name, g in pd.read_csv("scores.csv").groupby("model")}


def aggregate(x):
    return np.array([metrics.aggregate_mean(x), metrics.aggregate_median(x),
                     metrics.aggregate_iqm(x), metrics.aggregate_optimality_gap(x)])


np.random.seed(0)  # rliable remuestrea con np.random (no usa random_state)
points, intervals = rly.get_interval_estimates(scores, aggregate, reps=10_000)
pairs = {"B,A": (scores["B"], scores["A"]), "A,C": (scores["A"], scores["C"])}
np.random.seed(1)
poi_points, poi_intervals = rly.get_interval_estimates(
    pairs, metrics.probability_of_improvement, reps=1_000)
taus = np.linspace(0.0, 3.0, 7)
np.random.seed(2)
profiles, profile_cis = rly.create_performance_profile(scores, taus, reps=5_000)
out = {
    "aggregates": {k: {"estimate": points[k].tolist(), "low": intervals[k][0].tolist(),
                       "high": intervals[k][1].tolist()} for k in scores},
    "probability_of_improvement": {
        k: {"estimate": float(np.squeeze(poi_points[k])),
            "low": float(np.squeeze(poi_intervals[k][0])),
            "high": float(np.squeeze(poi_intervals[k][1]))} for k in pairs},
    "taus": taus.tolist(),
    "profiles": {k: {"fraction": profiles[k].tolist(), "low": profile_cis[k][0].tolist(),
                     "high": profile_cis[k][1].tolist()} for k in scores},
}
with open("reference.json", "w") as fh:
    json.dump(out, fh, indent=1)
