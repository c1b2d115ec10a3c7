"""Valores de referencia de baycomp para tests/test_bayesian_sign.py y
tests/test_bayesian_hierarchical.py.

Se ejecutó una vez, en un entorno aparte (no en el del curso: PyStan 3 compila el modelo de Stan
con un compilador de C++ y no se instala en Windows):

    python -m venv /tmp/venv-baycomp
    /tmp/venv-baycomp/bin/pip install baycomp==1.0.3 pystan==3.10.0
    /tmp/venv-baycomp/bin/python make_reference.py > reference.json

Las puntuaciones se generan aquí con semillas fijas y se guardan en el JSON junto a las
probabilidades, así que las pruebas no dependen de este script.

- ``sign_test``: ``baycomp.SignTest.probs(a, b, rope, prior=..., nsamples=1_000_000,
  random_state=0)``; con x = A, y = B, baycomp da (A mejor, ROPE, B mejor) si más es mejor.
- ``hierarchical``: ``baycomp.HierarchicalTest.probs(a, b, rope, runs=...)`` con sus valores por
  defecto (``Test.probs`` pasa ``nsamples=50000``: 4 cadenas de 50 000 muestras de NUTS tras
  1 000 de calentamiento). baycomp no pasa
  ninguna semilla a Stan: aquí ``stan.build`` recibe ``random_seed`` para que la referencia se
  pueda repetir. Cada escenario se ejecuta con dos semillas de Stan para ver su error de Monte
  Carlo (``probs_seed2``).
"""

import datetime
import json
import os
import platform
import sys
import tempfile
from importlib.metadata import version

import aiohttp.client
import baycomp
import numpy as np
import stan

# httpstan compila el modelo dentro de una petición HTTP; en una máquina cargada tarda más que
# los 5 minutos que aiohttp espera por defecto.
aiohttp.client.DEFAULT_TIMEOUT = aiohttp.client.ClientTimeout(total=None)

_BUILD = stan.build


def hierarchical_data(seed, q, folds, runs, mean, sd_among, sd_within):
    rng = np.random.default_rng(seed)
    true = rng.normal(mean, sd_among, q)
    n = folds * runs
    common = rng.normal(0.8, 0.05, (q, n))
    a = common + true[:, None] + rng.normal(0, sd_within, (q, n))
    b = common + rng.normal(0, sd_within, (q, n))
    return np.round(a, 6), np.round(b, 6)


def hierarchical_probs(a, b, rope, runs, stan_seed):
    def build(program_code, data, random_seed=None):
        return _BUILD(program_code, data=data, random_seed=stan_seed)

    stan.build = build
    workdir = tempfile.mkdtemp()  # baycomp guarda last-sample.pickle en el directorio actual
    old = os.getcwd()
    os.chdir(workdir)
    try:
        return [float(p) for p in baycomp.HierarchicalTest.probs(a, b, rope=rope, runs=runs)]
    finally:
        os.chdir(old)
        stan.build = _BUILD


SIGN = [
    ("A mejor", [0.90, 0.85, 0.78, 0.93, 0.88, 0.81, 0.95, 0.70, 0.84, 0.77],
     [0.88, 0.86, 0.74, 0.90, 0.88, 0.79, 0.91, 0.69, 0.80, 0.77], 0.015, 1.0),
    ("mixto", [0.81, 0.74, 0.92, 0.66, 0.88, 0.71, 0.79, 0.90],
     [0.80, 0.77, 0.90, 0.69, 0.84, 0.71, 0.75, 0.93], 0.005, 1.0),
    ("a priori 0.5", [0.81, 0.74, 0.92, 0.66, 0.88, 0.71, 0.79, 0.90],
     [0.80, 0.77, 0.90, 0.69, 0.84, 0.71, 0.75, 0.93], 0.025, 0.5),
]

HIERARCHICAL = [
    # id, semilla, conjuntos, particiones, repeticiones, media, sd entre, sd dentro, ROPE
    ("10x10, A mejor", 0, 10, 10, 1, 0.015, 0.01, 0.02, 0.01),
    ("8x10, equivalentes", 1, 8, 10, 1, 0.001, 0.003, 0.02, 0.01),
    ("6 conjuntos, 2x5, dudoso", 2, 6, 5, 2, 0.008, 0.012, 0.03, 0.01),
]


def main():
    out = {
        "provenance": {
            "script": "tests/data/baycomp/make_reference.py",
            "date": datetime.date.today().isoformat(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "versions": {p: version(p) for p in ("baycomp", "pystan", "httpstan", "numpy",
                                                  "scipy")},
        },
        "sign_test": [],
        "hierarchical": [],
    }
    for name, a, b, rope, prior in SIGN:
        probs = baycomp.SignTest.probs(np.array(a), np.array(b), rope=rope, prior=prior,
                                       nsamples=1_000_000, random_state=0)
        out["sign_test"].append({"id": name, "a": a, "b": b, "rope": rope, "prior": prior,
                                 "nsamples": 1_000_000, "probs": [float(p) for p in probs]})
    for name, seed, q, folds, runs, mean, sd_among, sd_within, rope in HIERARCHICAL:
        a, b = hierarchical_data(seed, q, folds, runs, mean, sd_among, sd_within)
        out["hierarchical"].append({
            "id": name, "a": a.tolist(), "b": b.tolist(), "rope": rope, "runs": runs,
            "data_seed": seed, "stan_seed": 1, "chains": 4, "draws_per_chain": 50_000,
            "probs": hierarchical_probs(a, b, rope, runs, 1),
            "probs_seed2": hierarchical_probs(a, b, rope, runs, 2),
        })
        print(name, out["hierarchical"][-1]["probs"], out["hierarchical"][-1]["probs_seed2"],
              file=sys.stderr)
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
