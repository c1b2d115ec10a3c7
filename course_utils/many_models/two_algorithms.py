"""Dos algoritmos sobre N conjuntos de datos: Wilcoxon de rangos con signo y prueba de los signos.

* :func:`wilcoxon_signed_rank_test`: exacta (permutación de signos, con empates y ceros) para N
  pequeño, normal para N grande; se contrasta con ``scipy.stats.wilcoxon``.
* :func:`sign_test`: binomial exacta sobre las victorias.

Referencia: Demšar, J. (2006), §3.1.3 y §3.1.4.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from course_utils._results import _fmt_p
from course_utils._validation import check_choice, check_finite_array
from course_utils._validation_labels import check_paired
from course_utils.many_models.ranks import _ALTERNATIVES, _differences, _median

__all__ = [
    "TwoAlgorithmsResult",
    "wilcoxon_signed_rank_test",
    "sign_test",
]


# ---------------------------------------------------------------------------
# Dos algoritmos sobre N conjuntos: Wilcoxon y prueba de los signos
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TwoAlgorithmsResult:
    """Resultado de comparar dos algoritmos A y B sobre N conjuntos de datos.

    Atributos
    ---------
    method : str
        Nombre de la prueba, en español.
    statistic : float
        Wilcoxon: :math:`W = \\min(R^+, R^-)` en la prueba bilateral (``R+`` en las
        unilaterales, como scipy); signos: número de victorias de A.
    pvalue : float
    alternative : str
    n_datasets : int
    wins, losses, ties : int
        Conjuntos en que A gana, pierde o empata con B.
    r_plus, r_minus : float o None
        Sumas de rangos de las diferencias positivas y negativas (Wilcoxon).
    median_difference : float
        Mediana de las diferencias A - B.
    note : str
        Cómo se trataron los empates y qué aproximación se usó.
    """

    method: str
    statistic: float
    pvalue: float
    alternative: str
    n_datasets: int
    wins: int
    losses: int
    ties: int
    r_plus: float | None
    r_minus: float | None
    median_difference: float
    note: str

    def summary(self) -> str:
        """Resumen en español (no lo imprime)."""
        lines = [
            self.method,
            f"  N = {self.n_datasets} conjuntos: A gana {self.wins}, pierde {self.losses}, "
            f"empata {self.ties}",
        ]
        if self.r_plus is not None:
            lines.append(f"  R+ = {self.r_plus:.4f}, R- = {self.r_minus:.4f}")
        lines += [
            f"  estadístico = {self.statistic:.4f}; valor p = {_fmt_p(self.pvalue)} "
            f"({'bilateral' if self.alternative == 'two-sided' else 'unilateral: ' + self.alternative})",
            f"  mediana de A - B = {self.median_difference:.4f}",
            f"  nota: {self.note}",
        ]
        return "\n".join(lines)


def _paired_columns(scores_a: object, scores_b: object) -> tuple[np.ndarray, np.ndarray]:
    check_paired(scores_a=scores_a, scores_b=scores_b)
    a = check_finite_array(scores_a, "scores_a", ndim=1, min_size=2)
    b = check_finite_array(scores_b, "scores_b", ndim=1, min_size=2)
    if a.shape != b.shape:
        raise ValueError(
            "`scores_a` y `scores_b` deben tener la misma longitud (una puntuación por "
            f"conjunto); se recibieron {a.size} y {b.size}."
        )
    return a, b


#: Hasta cuántos conjuntos usan la distribución exacta de la prueba de Wilcoxon
#: (``method="auto"`` y ``method="exact"``): con 400, una fracción de segundo.
_WILCOXON_MAX_EXACT = 400


def _signed_rank_exact_pvalue(ranks: np.ndarray, r_plus: float, alternative: str) -> float:
    """Valor p exacto de R+ por permutación de signos, con los rangos (medios) dados.

    Bajo H0 cada rango entra en R+ con probabilidad 1/2, independientemente. Los rangos
    medios son múltiplos de 1/2, así que con rangos dobles (enteros) la distribución de
    R+ se obtiene exactamente por convolución (programación dinámica, O(n·Σ rangos)), en
    lugar de recorrer las 2^n combinaciones de signos. ``ranks`` son los rangos que
    pueden cambiar de signo; ``r_plus`` la suma observada de los positivos.
    """
    twice = np.rint(2 * np.asarray(ranks, dtype=float)).astype(np.int64)
    dist = np.zeros(int(twice.sum()) + 1)
    dist[0], top = 1.0, 1
    for r in twice:  # en su sitio: numpy copia antes de sumar si los tramos se solapan
        dist[r: top + r] += dist[:top]
        dist[: top + r] *= 0.5
        top += int(r)
    obs = int(round(2 * r_plus))
    p_greater = float(dist[obs:].sum()) if obs < dist.size else 0.0
    p_less = float(dist[: obs + 1].sum()) if obs >= 0 else 0.0
    if alternative == "greater":
        return min(p_greater, 1.0)
    if alternative == "less":
        return min(p_less, 1.0)
    return min(1.0, 2.0 * min(p_greater, p_less))


def _wilcoxon(d: np.ndarray, zero_method: str, method: str, alternative: str) -> dict:
    """Prueba de Wilcoxon sobre diferencias ya preparadas (:func:`_differences`)."""
    n_zero = int(np.sum(d == 0))
    nonzero = np.abs(d[d != 0])
    has_ties = np.unique(nonzero).size < nonzero.size
    if method == "exact" and d.size > _WILCOXON_MAX_EXACT:
        raise ValueError(
            f"`method='exact'` admite como mucho {_WILCOXON_MAX_EXACT} conjuntos de datos; se "
            f"recibieron {d.size}. Con tantos, use `method='auto'` (aproximación normal)."
        )
    exact = method == "exact" or (method == "auto" and d.size <= _WILCOXON_MAX_EXACT)
    rk = stats.rankdata(np.abs(d))
    if zero_method == "zsplit":
        movable = rk[d != 0]
        fixed = float(rk[d == 0].sum()) / 2  # la mitad de cada cero va a R+ y a R-
    else:
        nz = d != 0
        movable = stats.rankdata(np.abs(d[nz])) if zero_method == "wilcox" else rk[nz]
        fixed = 0.0
    r_plus = float(movable[d[d != 0] > 0].sum()) + fixed
    r_minus = float(movable[d[d != 0] < 0].sum()) + fixed
    statistic = r_plus if alternative != "two-sided" else min(r_plus, r_minus)
    if exact:
        pvalue = _signed_rank_exact_pvalue(movable, r_plus - fixed, alternative)
        how = ("distribución exacta de permutación de signos" +
               (" (condicionada a los empates y ceros observados)" if n_zero or has_ties else ""))
    else:
        res = stats.wilcoxon(d, zero_method=zero_method, alternative=alternative,
                             method="asymptotic")
        pvalue = float(res.pvalue)
        how = "aproximación normal (con corrección por empates)"
    return dict(statistic=float(statistic), pvalue=float(min(max(pvalue, 0.0), 1.0)),
                r_plus=r_plus, r_minus=r_minus, n_zero=n_zero, how=how)


def wilcoxon_signed_rank_test(
    scores_a: object,
    scores_b: object,
    *,
    zero_method: str = "zsplit",
    method: str = "auto",
    alternative: str = "two-sided",
) -> TwoAlgorithmsResult:
    r"""Prueba de rangos con signo de Wilcoxon para dos algoritmos sobre N conjuntos.

    Se ordenan los valores absolutos de las diferencias :math:`d_i = a_i - b_i`
    (empates con el rango medio) y se suman los rangos de las positivas (:math:`R^+`)
    y de las negativas (:math:`R^-`).

    * **Diferencias nulas** (``zero_method``): por defecto ``"zsplit"``, como recomienda
      Demšar (2006, §3.1.3): sus rangos se reparten a medias entre :math:`R^+` y
      :math:`R^-` (scipy reparte todas; Demšar descarta una si su número es impar).
      ``"wilcox"`` las descarta y ``"pratt"`` las ordena y luego las descarta.
    * **Método**: ``"auto"`` usa la distribución **exacta** si N ≤ 400 y la aproximación
      normal (con corrección por empates y sin corrección de continuidad, la
      ``method="asymptotic"`` de ``scipy.stats.wilcoxon``) si N > 400 (scipy cambia a la
      normal desde N = 50, y con muchos ceros la normal es conservadora: con N = 200 y
      170 ceros puede dar 0.34 donde la exacta da 0.18). La exacta es la
      de permutación de signos: bajo H0 cada diferencia no nula tiene signo + o − con
      probabilidad 1/2, y los rangos (medios, si hay empates) y los ceros son los
      observados. Sin ceros ni empates coincide con la exacta de scipy; con ellos, es la
      que da ``scipy.stats.permutation_test`` sobre los rangos con signo, calculada sin
      recorrer las :math:`2^N` combinaciones. Así un valor p nunca baja de lo que la
      prueba exacta puede alcanzar (con N = 5, 2/32 = 0.0625 en dos colas).
      ``"exact"`` (N ≤ 400) o ``"approx"`` fijan el método; la nota del resultado dice
      cuál se usó.

    Condiciones: diferencias conmensurables entre conjuntos (se comparan sus magnitudes)
    y simétricas alrededor de la mediana bajo H0; no supone normalidad. Los empates se
    detectan con una tolerancia relativa (ver el inicio del módulo).

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (N,)
        Una puntuación por conjunto de datos para cada algoritmo (más es mejor). Se parean
        por posición; dos ``pandas.Series`` con índices distintos (también las mismas
        etiquetas en otro orden) se rechazan: alinéelas antes con ``.loc``.
    zero_method : {"zsplit", "wilcox", "pratt"}, por defecto "zsplit"
    method : {"auto", "exact", "approx"}, por defecto "auto"
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"
        ``"greater"``: H1 es que A tiende a puntuar más que B.

    Devuelve
    --------
    TwoAlgorithmsResult
        ``statistic`` es mín(R+, R-) en dos colas y R+ en una (como scipy).

    Lanza
    -----
    ValueError
        Si las longitudes difieren, hay NaN, N < 2, todas las diferencias son 0, o
        ``method="exact"`` con N > 400.

    Ejemplos
    --------
    >>> a = [0.80, 0.75, 0.90, 0.66, 0.71, 0.88]
    >>> b = [0.78, 0.70, 0.86, 0.67, 0.65, 0.80]
    >>> res = wilcoxon_signed_rank_test(a, b)
    >>> res.r_plus, res.r_minus, round(res.pvalue, 4)
    (20.0, 1.0, 0.0625)
    """
    a, b = _paired_columns(scores_a, scores_b)
    zero_method = check_choice(zero_method, "zero_method", ("zsplit", "wilcox", "pratt"))
    method = check_choice(method, "method", ("auto", "exact", "approx"))
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    d = _differences(a, b)
    if np.all(d == 0):
        raise ValueError(
            "Todas las diferencias `scores_a - scores_b` son 0: los dos algoritmos empatan "
            "en todos los conjuntos y la prueba de Wilcoxon no está definida."
        )
    w = _wilcoxon(d, zero_method, method, alternative)
    zeros = {"zsplit": "repartidos a medias entre R+ y R-", "wilcox": "descartados",
             "pratt": "ordenados y luego descartados (Pratt)"}[zero_method]
    return TwoAlgorithmsResult(
        method="Prueba de rangos con signo de Wilcoxon",
        statistic=w["statistic"],
        pvalue=w["pvalue"],
        alternative=alternative,
        n_datasets=int(d.size),
        wins=int(np.sum(d > 0)),
        losses=int(np.sum(d < 0)),
        ties=w["n_zero"],
        r_plus=w["r_plus"],
        r_minus=w["r_minus"],
        median_difference=_median(d),
        note=f"{w['how']}; empates (d = 0): {w['n_zero']}, {zeros}.",
    )


def sign_test(
    scores_a: object, scores_b: object, *, ties: str = "split", alternative: str = "two-sided"
) -> TwoAlgorithmsResult:
    r"""Prueba de los signos: ¿gana A en más conjuntos de los que daría el azar?

    Bajo H0 cada algoritmo gana en cada conjunto con probabilidad 1/2, así que el número
    de victorias de A sigue una binomial :math:`B(n, 1/2)`; el valor p es el exacto de
    ``scipy.stats.binomtest``. Solo cuenta quién gana, no por cuánto: es la prueba más
    débil pero no exige nada sobre las magnitudes.

    Empates (``ties``): ``"split"`` (Demšar, 2006, §3.1.4) los reparte a medias entre
    los dos algoritmos, descartando uno si su número es impar; ``"discard"`` los quita.

    Parámetros
    ----------
    scores_a, scores_b : array_like de forma (N,)
        Como en :func:`wilcoxon_signed_rank_test` (pareadas por posición).
    ties : {"split", "discard"}, por defecto "split"
    alternative : {"two-sided", "greater", "less"}, por defecto "two-sided"

    Devuelve
    --------
    TwoAlgorithmsResult
        ``statistic`` = victorias de A tras repartir los empates.

    Ejemplos
    --------
    >>> res = sign_test([3, 4, 5, 6, 7, 8, 9, 1], [1, 1, 1, 1, 1, 1, 1, 1])
    >>> res.wins, res.ties, round(res.pvalue, 4)
    (7, 1, 0.0156)
    """
    a, b = _paired_columns(scores_a, scores_b)
    ties = check_choice(ties, "ties", ("split", "discard"))
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    d = _differences(a, b)
    wins, losses, n_ties = int(np.sum(d > 0)), int(np.sum(d < 0)), int(np.sum(d == 0))
    half = n_ties // 2 if ties == "split" else 0
    k, n = wins + half, wins + losses + 2 * half
    if wins + losses == 0:
        raise ValueError(
            "Todas las diferencias `scores_a - scores_b` son 0 y no queda ningún conjunto que "
            "decida: la prueba de los signos no está definida."
        )
    res = stats.binomtest(k, n, 0.5, alternative=alternative)
    if ties == "split":
        how = (f"{n_ties} empate(s) repartidos a medias" +
               (" (uno descartado por ser impar)" if n_ties % 2 else ""))
    else:
        how = f"{n_ties} empate(s) descartados"
    return TwoAlgorithmsResult(
        method="Prueba de los signos",
        statistic=float(k),
        pvalue=float(min(max(res.pvalue, 0.0), 1.0)),
        alternative=alternative,
        n_datasets=int(d.size),
        wins=wins,
        losses=losses,
        ties=n_ties,
        r_plus=None,
        r_minus=None,
        median_difference=_median(d),
        note=f"binomial exacta con n = {n} y p = 1/2; {how}.",
    )
