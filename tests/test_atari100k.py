"""Las puntuaciones de Atari 100k de ``data/`` son las que publicaron Agarwal et al. (2021).

Referencia independiente: las salidas guardadas del cuaderno de Colab de rliable
(``deep_rl_precipice_colab.ipynb``, celda «Load all score dicts»), que imprime la mediana (de
las medias por juego) y la media de las puntuaciones normalizadas de cada agente, leídas del
cubo público ``gs://rl-benchmark-data/atari_100k``.
"""

import shutil

import numpy as np
import pytest

import course_utils as cu
from course_utils.datasets import benchmark as bm
from course_utils.datasets import data

# (mediana, media) que imprime el Colab de rliable para cada agente.
PUBLISHED = {
    "SimPLe": (0.13405558483729887, 0.3319978533732483),
    "CURL": (0.09234861529, 0.26148856121438463),
    "DrQ(ε)": (0.312901399063074, 0.4647412513971657),
    "SPR": (0.39562938291779215, 0.6157957428691673),
}


def test_published_medians_and_means():
    scores = cu.load_atari_100k()
    assert list(scores) == list(PUBLISHED) == list(cu.ATARI_100K_ALGORITHMS)
    assert {k: v.shape for k, v in scores.items()} == {
        "SimPLe": (5, 26), "CURL": (100, 26), "DrQ(ε)": (100, 26), "SPR": (100, 26)}
    for name, (median, mean) in PUBLISHED.items():
        runs = scores[name].to_numpy()
        # el fichero guarda 6 decimales: la mediana y la media salen iguales a menos de 1e-6
        np.testing.assert_allclose(np.median(runs.mean(axis=0)), median, atol=1e-6)
        np.testing.assert_allclose(runs.mean(), mean, atol=1e-6)
    assert scores["SPR"].columns[0] == "Alien" and scores["SPR"].columns[-1] == "UpNDown"


def test_checksum(tmp_path, monkeypatch):
    src = bm.Path(data.data_dir()) / "atari100k_agarwal2021.csv"
    shutil.copy(src, tmp_path / src.name)
    monkeypatch.setenv("COURSE_UTILS_DATA", str(tmp_path))
    text = src.read_text(encoding="utf-8")
    (tmp_path / src.name).write_text(text.replace("SPR,0,", "SPR,1,", 1), encoding="utf-8")
    with pytest.raises(ValueError, match="sha256"):
        cu.load_atari_100k()
    (tmp_path / src.name).unlink()
    with pytest.raises(FileNotFoundError, match="data/"):
        cu.load_atari_100k()
