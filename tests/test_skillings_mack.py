"""Prueba de Skillings y Mack (1981): Friedman con celdas faltantes.

Referencias independientes (nunca la salida de la propia función):

- ``scipy.stats.friedmanchisquare`` en tablas completas sin empates (SM = χ²_F). Con
  empates, SM es el χ²_F *sin* corregir (Σ supone que no hay empates, como en Skillings y
  Mack, 1981, y la opción por defecto de ``skilmack`` de Chatfield y Mander, 2009), es decir,
  el de scipy multiplicado por el factor de empates 1 - Σ(t³ - t) / (N k (k² - 1)).
- El estadístico de Durbin (1951) en diseños en bloques incompletos equilibrados, con la
  fórmula de Conover (1999, *Practical Nonparametric Statistics*, 3.ª ed., prueba de Durbin):
  T = 12 (t - 1) / (r t (k - 1)(k + 1)) · Σ_j (R_j - r (k + 1) / 2)². Con
  Σ = λ (t I - J) y λ = r (k - 1) / (t - 1), SM = T exactamente.
- Ejemplos publicados (los números se citan donde se usan).
- La definición de Skillings y Mack escrita aquí con bucles, y con otra inversa
  generalizada: la inversa ordinaria de Σ sin la última fila y columna (Σ₀), como en el
  artículo.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from course_utils.many_models.omnibus import OmnibusResult, friedman_test, skillings_mack_test
from test_bad_input_sweep import assert_spanish

nan = math.nan


# ---------------------------------------------------------------------------
# Referencia paso a paso
# ---------------------------------------------------------------------------


def _sm_by_hand(table) -> tuple[float, int]:
    """Skillings y Mack (1981) con bucles: rangos de menor a mayor (SM no depende del
    sentido), rangos ajustados, Σ con λ contado pareja a pareja y A₀' Σ₀⁻¹ A₀ (los k - 1
    primeros algoritmos). Devuelve (SM, filas usadas)."""
    t = [list(map(float, row)) for row in table]
    k = len(t[0])
    a = [0.0] * k
    lam = [[0] * k for _ in range(k)]
    used = 0
    for row in t:
        seen = [j for j in range(k) if not math.isnan(row[j])]
        k_i = len(seen)
        if k_i < 2:
            continue
        used += 1
        r = stats.rankdata([row[j] for j in seen])  # rango medio en los empates
        for pos, j in enumerate(seen):
            a[j] += math.sqrt(12.0 / (k_i + 1)) * (r[pos] - (k_i + 1) / 2.0)
        for j in seen:
            for jj in seen:
                if j != jj:
                    lam[j][jj] += 1
    sigma0 = np.zeros((k - 1, k - 1))
    for j in range(k - 1):
        for jj in range(k - 1):
            sigma0[j, jj] = sum(lam[j]) if j == jj else -lam[j][jj]
    a0 = np.array(a[: k - 1])
    return float(a0 @ np.linalg.solve(sigma0, a0)), used


def _incomplete_table(seed: int, n: int, k: int, p_missing: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    t = rng.uniform(0.6, 0.9, (n, 1)) + rng.normal(0, 0.03, (n, k)) + np.linspace(0, 0.04, k)
    t[rng.random((n, k)) < p_missing] = nan
    return t


# ---------------------------------------------------------------------------
# 1. Tabla completa: Friedman
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed, n, k", [(0, 10, 4), (1, 14, 3), (2, 25, 6), (3, 5, 8), (4, 2, 3)])
def test_complete_table_without_ties_is_scipy_friedman(seed, n, k):
    t = _incomplete_table(seed, n, k, p_missing=0.0)
    ref = stats.friedmanchisquare(*t.T)
    res = skillings_mack_test(t)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-9, abs=1e-12)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-15)
    assert res.df == (k - 1,) and res.distribution == "chi2"
    assert res.n_datasets == n and res.n_algorithms == k
    assert "no falta ninguna celda" in res.note


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_complete_table_with_ties_is_uncorrected_friedman(seed):
    # Puntuaciones enteras de 0 a 3: muchos empates dentro de cada fila.
    rng = np.random.default_rng(seed)
    n, k = 12, 5
    t = rng.integers(0, 4, (n, k)).astype(float)
    ties = 0.0
    for row in t:
        _, c = np.unique(row, return_counts=True)
        ties += float(np.sum(c.astype(float) ** 3 - c))
    assert ties > 0
    factor = 1.0 - ties / (n * k * (k * k - 1))
    scipy_corrected = stats.friedmanchisquare(*t.T).statistic
    # χ²_F sin corregir, con las sumas de rangos: 12/(N k (k+1)) Σ R_j² - 3 N (k+1).
    rank_sums = stats.rankdata(t, axis=1).sum(axis=0)
    uncorrected = 12.0 / (n * k * (k + 1)) * float(np.sum(rank_sums**2)) - 3.0 * n * (k + 1)
    res = skillings_mack_test(t)
    assert res.statistic == pytest.approx(uncorrected, rel=1e-9)
    assert res.statistic == pytest.approx(scipy_corrected * factor, rel=1e-9)
    assert res.statistic < scipy_corrected  # con empates, SM es conservador
    assert res.statistic == pytest.approx(friedman_test(t).statistic, rel=1e-12)
    assert "hay empates" in res.note


def test_float_noise_ties_follow_the_course_rule():
    # 541/600 sumado en distinto orden: 1 ulp de diferencia, que el curso trata como empate.
    a, b = 0.9016666666666667, 0.9016666666666666
    t = np.array([[a, b, 0.8], [0.7, 0.9, 0.8], [0.9, 0.7, 0.6], [0.85, 0.6, 0.9]])
    exact = t.copy()
    exact[0, 1] = a
    assert skillings_mack_test(t).statistic == pytest.approx(
        skillings_mack_test(exact).statistic, rel=1e-12)
    assert skillings_mack_test(exact).statistic == pytest.approx(
        stats.friedmanchisquare(*exact.T).statistic
        * (1 - 6 / (4 * 3 * 8)), rel=1e-12)  # una pareja empatada: t³ - t = 6


# ---------------------------------------------------------------------------
# 2. Bloques incompletos equilibrados: Durbin
# ---------------------------------------------------------------------------

# Plano de Fano: t = 7 tratamientos, b = 7 bloques de k = 3, r = 3, λ = 1.
_FANO = [(0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 6), (4, 5, 0), (5, 6, 1), (6, 0, 2)]
# Todos los tríos de 4 tratamientos: t = 4, b = 4, k = 3, r = 3, λ = 2.
_TRIPLES_OF_4 = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]


def _bibd_table(blocks, t, seed, integers=False):
    rng = np.random.default_rng(seed)
    table = np.full((len(blocks), t), nan)
    for i, block in enumerate(blocks):
        for j in block:
            table[i, j] = rng.integers(0, 3) if integers else rng.normal(j * 0.3, 1.0)
    return table


def _durbin(table) -> tuple[float, float]:
    """Durbin con la fórmula de Conover (1999): (T sin empates, T₁ corregido por empates)."""
    b, t = table.shape
    k = int(np.sum(~np.isnan(table[0])))
    r = int(np.sum(~np.isnan(table[:, 0])))
    rank_sums = [0.0] * t
    sum_sq = 0.0
    for row in table:
        seen = [j for j in range(t) if not math.isnan(row[j])]
        ranks = stats.rankdata([row[j] for j in seen])
        for j, rank in zip(seen, ranks):
            rank_sums[j] += rank
            sum_sq += rank**2
    dev = sum((rj - r * (k + 1) / 2.0) ** 2 for rj in rank_sums)
    t_no_ties = 12.0 * (t - 1) / (r * t * (k - 1) * (k + 1)) * dev
    c = b * k * (k + 1) ** 2 / 4.0
    t1 = (t - 1) * dev / (sum_sq - c)
    return t_no_ties, t1


@pytest.mark.parametrize("blocks, t", [(_FANO, 7), (_TRIPLES_OF_4, 4)], ids=["fano", "4-3"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_balanced_incomplete_blocks_equal_durbin(blocks, t, seed):
    table = _bibd_table(blocks, t, seed)
    t_no_ties, t1 = _durbin(table)
    assert t_no_ties == pytest.approx(t1, rel=1e-12)  # sin empates, las dos coinciden
    res = skillings_mack_test(table)
    assert res.statistic == pytest.approx(t_no_ties, rel=1e-9)
    assert res.pvalue == pytest.approx(stats.chi2.sf(t_no_ties, t - 1), rel=1e-9)
    assert res.n_datasets == len(blocks)


def test_balanced_incomplete_blocks_with_ties_equal_uncorrected_durbin():
    table = _bibd_table(_FANO, 7, seed=5, integers=True)
    t_no_ties, t1 = _durbin(table)
    assert t1 > t_no_ties  # hay empates: la corrección de Conover agranda T
    assert skillings_mack_test(table).statistic == pytest.approx(t_no_ties, rel=1e-9)


# ---------------------------------------------------------------------------
# 3. Ejemplos publicados
# ---------------------------------------------------------------------------


def test_brady_example_of_hollander_and_wolfe():
    # Brady (1969), en Hollander y Wolfe (1999) y Hollander, Wolfe y Chicken (2014, ejemplo
    # 7.8): 8 sujetos (filas) y 3 condiciones (R, A, B), falta (4, A). Datos del ejemplo de
    # la ayuda de PMCMRplus::skillingsMackTest; su salida, SM = 13.28095, valor p =
    # 0.001306405, gl = 2, la citan las pruebas de tlsfuzzer (test_PMCMRplus_example en
    # tests/test_tlsfuzzer_utils_stats.py).
    t = pd.DataFrame(
        {"R": [3, 1, 5, 2, 0, 0, 0, 0], "A": [5, 3, 4, nan, 2, 2, 3, 2],
         "B": [15, 18, 21, 6, 17, 10, 8, 13]},
        index=[f"sujeto {i}" for i in range(1, 9)],
    )
    res = skillings_mack_test(t, higher_is_better=False)
    assert res.statistic == pytest.approx(13.28095, abs=5e-6)
    assert res.pvalue == pytest.approx(0.001306405, abs=5e-10)
    assert res.df == (2,) and res.n_datasets == 8
    assert list(res.average_ranks.index) == ["R", "A", "B"]
    # Rangos observados a mano (menos es mejor): R 1.125, A 1.857 (7 filas), B 3 salvo la fila 4.
    assert res.average_ranks["A"] == pytest.approx(13 / 7)
    assert res.average_ranks["B"] == pytest.approx((7 * 3 + 2) / 8)


def test_assembly_example_of_skillings_and_mack():
    # Skillings y Mack (1981), tabla 1: cuatro métodos (A-D) de montar un producto en 9
    # bloques, con 4 celdas faltantes; datos del ejemplo de la ayuda del paquete de R
    # Skillings.Mack 1.10 (Ski.Mack). Su salida impresa: «Skillings-Mack Statistic =
    # 15.493049, p-value = 0.001440», gl = 3 (README de ZacWarham/Skillings.Mack).
    t = np.array([
        [3.2, 4.1, 3.8, 4.2], [3.1, 3.9, 3.4, 4.0], [4.3, 3.5, 4.6, 4.8],
        [3.5, 3.6, 3.9, 4.0], [3.6, 4.2, 3.7, 3.9], [4.5, 4.7, 3.7, nan],
        [nan, 4.2, 3.4, nan], [4.3, 4.6, 4.4, 4.9], [3.5, nan, 3.7, 3.9],
    ])
    res = skillings_mack_test(t)
    assert res.statistic == pytest.approx(15.493049, abs=5e-7)
    assert res.pvalue == pytest.approx(0.001440, abs=5e-7)
    assert res.df == (3,)
    assert "faltan 4 de 36 celdas" in res.note


def test_example_with_a_tie_and_a_rare_algorithm_from_tlsfuzzer():
    # Otra implementación independiente (tlsfuzzer, test_example_with_many_missing_values):
    # 8 bloques, 5 grupos, el quinto solo en el bloque 1 y un empate en el bloque 3;
    # SM = 12.53551, valor p = 0.01378318, gl = 4.
    t = np.array([
        [3, 5, 15, nan, 4], [1, 3, nan, nan, nan], [5, 4, 21, 5, nan], [2, nan, 6, nan, nan],
        [0, 2, 17, nan, nan], [0, 2, 10, nan, nan], [0, 3, nan, 5, nan], [0, 2, 13, nan, nan],
    ])
    res = skillings_mack_test(t)
    assert res.statistic == pytest.approx(12.53551, abs=5e-6)
    assert res.pvalue == pytest.approx(0.01378318, abs=5e-9)
    assert res.df == (4,)


# ---------------------------------------------------------------------------
# 4. La definición, con bucles, en tablas incompletas al azar
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed, n, k, p", [
    (0, 15, 5, 0.3), (1, 30, 4, 0.4), (2, 8, 3, 0.2), (3, 40, 7, 0.5), (4, 12, 6, 0.25),
])
def test_random_incomplete_tables_match_the_definition(seed, n, k, p):
    t = _incomplete_table(seed, n, k, p)
    expected, used = _sm_by_hand(t)
    res = skillings_mack_test(t)
    assert res.statistic == pytest.approx(expected, rel=1e-9)
    assert res.pvalue == pytest.approx(stats.chi2.sf(expected, k - 1), rel=1e-9)
    assert res.n_datasets == used


def test_rows_with_fewer_than_two_values_are_dropped_and_reported():
    t = _incomplete_table(7, 10, 4, 0.0)
    with_gaps = np.vstack([t, [nan, 0.8, nan, nan], [nan] * 4])
    res = skillings_mack_test(with_gaps)
    assert res.statistic == pytest.approx(stats.friedmanchisquare(*t.T).statistic, rel=1e-9)
    assert res.n_datasets == 10
    assert "se descartan 2 conjuntos" in res.note and "conjunto 11" in res.note
    assert "nota:" in res.summary()


def test_missing_cells_as_none_pd_na_and_nullable_dataframe():
    t = _incomplete_table(8, 9, 4, 0.3)
    ref, _ = _sm_by_hand(t)
    as_none = [[None if math.isnan(v) else v for v in row] for row in t]
    frame = pd.DataFrame(t, columns=list("abcd")).astype("Float64")
    assert pd.isna(frame).to_numpy().sum() == np.isnan(t).sum()
    for table in (as_none, frame, pd.DataFrame(t)):
        assert skillings_mack_test(table).statistic == pytest.approx(ref, rel=1e-9)
    assert list(skillings_mack_test(frame).average_ranks.index) == list("abcd")


# ---------------------------------------------------------------------------
# Invariancias
# ---------------------------------------------------------------------------


def test_invariances():
    t = _incomplete_table(11, 20, 5, 0.35)
    base = skillings_mack_test(t).statistic
    rng = np.random.default_rng(0)
    assert skillings_mack_test(t[rng.permutation(20)]).statistic == pytest.approx(base, rel=1e-12)
    for scale in (1e-300, 1e-3, 7.0, 1e300):
        assert skillings_mack_test(t * scale).statistic == pytest.approx(base, rel=1e-12)
    perm = rng.permutation(5)
    assert skillings_mack_test(t[:, perm]).statistic == pytest.approx(base, rel=1e-9)
    flipped = skillings_mack_test(t, higher_is_better=False)
    assert flipped.statistic == pytest.approx(base, rel=1e-9)  # A cambia de signo: SM no
    # Al invertir el sentido, r pasa a ser k_i + 1 - r en cada fila usada.
    res = skillings_mack_test(t)
    seen = ~np.isnan(t)
    k_i = seen.sum(axis=1)
    for j in range(5):
        rows = seen[:, j] & (k_i >= 2)
        assert res.average_ranks.iloc[j] + flipped.average_ranks.iloc[j] == pytest.approx(
            float(np.mean(k_i[rows] + 1)))


def test_result_and_summary():
    res = skillings_mack_test(_incomplete_table(12, 10, 4, 0.2))
    assert isinstance(res, OmnibusResult)
    text = res.summary()
    assert text.startswith("Prueba de Skillings-Mack: 4 algoritmos sobre")
    assert "χ² =" in text and "gl = 3" in text
    with pytest.raises(AttributeError):
        res.statistic = 0.0  # type: ignore[misc]


# ---------------------------------------------------------------------------
# 5. Entradas que se rechazan, en español y nombrando `scores`
# ---------------------------------------------------------------------------

_BAD = {
    "columna-sin-valores": ([[0.9, 0.8, nan], [0.7, 0.8, nan], [0.6, 0.5, nan]], ValueError,
                            "A3"),
    "desconectado": ([[0.9, 0.8, nan, nan], [0.7, 0.8, nan, nan], [nan, nan, 0.6, 0.5],
                      [nan, nan, 0.4, 0.7]], ValueError, "{A1, A2} | {A3, A4}"),
    "aislado-en-filas-descartadas": ([[0.9, 0.8, nan], [0.7, 0.8, nan], [nan, nan, 0.5],
                                      [0.6, 0.9, nan]], ValueError, "{A3}"),
    "infinito": ([[0.9, 0.8, 0.7], [0.7, np.inf, nan], [0.6, 0.5, 0.4]], ValueError,
                 "infinitos"),
    "menos-infinito": ([[0.9, 0.8, 0.7], [0.7, -np.inf, 0.3], [0.6, 0.5, 0.4]], ValueError,
                       "infinitos"),
    "dos-algoritmos": ([[0.9, 0.8], [0.7, 0.8], [0.6, 0.5]], ValueError, "3 columnas"),
    "una-fila": ([[0.9, 0.8, 0.7]], ValueError, "2 filas"),
    "una-fila-util": ([[0.9, 0.8, 0.7], [0.7, nan, nan], [nan, nan, nan]], ValueError,
                      "tiene 1 de 3"),
    "todo-empatado": ([[0.8, 0.8, nan], [0.5, 0.5, 0.5], [nan, 0.3, 0.3]], ValueError,
                      "empatan"),
    "texto": ([["a", "b", "c"], ["d", "e", "f"]], TypeError, "números"),
    "complejos": (np.array([[1 + 1j, 2, 3], [1, 2, 3]]), TypeError, "reales"),
    "irregular": ([[0.9, 0.8, 0.7], [0.7, 0.8]], ValueError, "longitudes"),
    "vector": ([0.9, 0.8, 0.7], ValueError, "dimensión"),
    "nada": (None, TypeError, "arreglo"),
    "columna-de-texto": (pd.DataFrame({"a": [0.9, 0.8], "b": [0.7, nan], "c": ["x", "y"]}),
                         TypeError, "['c']"),
}


@pytest.mark.parametrize("key", list(_BAD))
def test_bad_tables_are_refused_in_spanish(key):
    table, error, fragment = _BAD[key]
    with pytest.raises(error) as excinfo:
        skillings_mack_test(table)
    assert_spanish(excinfo, "scores")
    assert fragment in str(excinfo.value)


def test_bad_flag_is_refused_in_spanish():
    with pytest.raises(TypeError) as excinfo:
        skillings_mack_test([[0.9, 0.8, 0.7], [0.7, 0.8, 0.6]], higher_is_better=1)
    assert_spanish(excinfo, "higher_is_better")


def test_cost_is_bounded_with_a_spanish_error():
    from course_utils.many_models.omnibus import MAX_SKILLINGS_MACK_ALGORITHMS

    rng = np.random.default_rng(5)
    wide = rng.uniform(size=(3, MAX_SKILLINGS_MACK_ALGORITHMS + 1))
    with pytest.raises(ValueError, match="como mucho 1000") as info:
        skillings_mack_test(wide)
    assert_spanish(info, "scores")
    tall = np.zeros((2_001, MAX_SKILLINGS_MACK_ALGORITHMS))  # N·k² > 2·10^9
    with pytest.raises(ValueError, match="N·k²") as info:
        skillings_mack_test(tall)
    assert_spanish(info, "scores")
    # En el tope de algoritmos todavía se calcula: sin celdas vacías, el χ²_F de Friedman
    # sin corregir (scipy, escrito con la corrección de empates deshecha: no hay empates).
    table = rng.uniform(size=(4, MAX_SKILLINGS_MACK_ALGORITHMS))
    ref = stats.friedmanchisquare(*table.T).statistic
    assert skillings_mack_test(table).statistic == pytest.approx(ref, rel=1e-9)
