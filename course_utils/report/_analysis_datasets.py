"""Varios conjuntos de datos: Wilcoxon por parejas (o los rangos medios), Friedman o Skillings y
Mack, los efectos pareados y lo que tan pocos conjuntos pueden (y no pueden) mostrar.

:func:`_analyze_datasets` recibe la tabla conjuntos × algoritmos ya validada y devuelve las piezas
de un :class:`~course_utils.report.AnalysisResult`, como los demás ``_analyze_*``.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from course_utils.report.guide import GUIDE
from course_utils.report._analysis import (
    N_BOOTSTRAP, _backwards_means, _backwards_notes, _bootstrap_mean_ci,
)
from course_utils.report._format import _cap, _count, _fmt, _p_text
from course_utils.report._reading import _Design

#: Pruebas por parejas tras la prueba global: Wilcoxon en cada pareja (por defecto) o los rangos
#: medios de Friedman (Nemenyi, Holm, Shaffer, Bergmann-Hommel sobre ellos).
POSTHOC = ("wilcoxon", "ranks")


def _min_wilcoxon_p(n: int) -> float:
    """Menor valor p bilateral de Wilcoxon con n diferencias no nulas: 2/2^n."""
    return min(1.0, 2.0 / 2.0**n)


def _needed_datasets(alpha: float, m: int = 1) -> int:
    """Conjuntos sin empate para que m · 2/2^n ≤ α (una pareja ajustada entre m)."""
    return math.ceil(math.log2(2 * m) - math.log2(alpha) - 1e-12)


def _min_friedman_p(n: int, k: int) -> float:
    """Menor valor p exacto de Friedman: los n conjuntos ordenan igual a los k algoritmos.

    Bajo H0 cada conjunto ordena al azar (k! órdenes equiprobables, independientes): el
    estadístico máximo sale solo si los n órdenes coinciden, con probabilidad k!/(k!)^n.
    """
    return math.exp((1 - n) * math.lgamma(k + 1))


# ---------------------------------------------------------------------------
# Efectos pareados: proporción de victorias y correlación biserial de rangos
# ---------------------------------------------------------------------------


def _resample_counts(n: int, random_state: int) -> np.ndarray:
    """Cuántas veces entra cada conjunto en cada una de las ``N_BOOTSTRAP`` remuestras *bootstrap*
    de n conjuntos (matriz remuestras × n)."""
    idx = np.random.default_rng(random_state).integers(0, n, (N_BOOTSTRAP, n))
    cells = (np.arange(N_BOOTSTRAP)[:, None] * n + idx).ravel()
    counts = np.bincount(cells, minlength=N_BOOTSTRAP * n).reshape(N_BOOTSTRAP, n)
    return counts.astype(np.int32)


def _rank_biserial(d: np.ndarray, counts: np.ndarray | None = None) -> np.ndarray:
    """r = (R+ − R−)/(R+ + R−) de las diferencias ``d`` (ceros repartidos a medias), o de cada
    remuestra si ``counts`` dice cuántas veces entra cada diferencia en ella (una fila por
    remuestra).

    Los rangos medios de |d| salen de contar cuántas diferencias hay de cada magnitud, en el
    orden de las magnitudes: O(remuestras · n), sin ordenar cada remuestra.
    """
    n = d.size
    counts = np.ones((1, n), dtype=np.int32) if counts is None else counts
    order = np.argsort(np.abs(d), kind="stable")
    c = counts[:, order]
    signed = c * np.sign(d)[order].astype(np.int32)
    magnitudes = np.abs(d)[order]
    starts = np.flatnonzero(np.r_[True, np.diff(magnitudes) > 0])
    if starts.size < n:  # magnitudes repetidas: un solo rango medio para todas
        c, signed = np.add.reduceat(c, starts, axis=1), np.add.reduceat(signed, starts, axis=1)
    twice_mean_rank = 2 * np.cumsum(c, axis=1, dtype=np.int32) - c + 1  # enteros: exacto
    return (signed * twice_mean_rank).sum(axis=1, dtype=np.int64) / (n * (n + 1))


def _paired_effects(d: np.ndarray, wins: int, losses: int, alpha: float, random_state: int,
                    cache: dict | None = None) -> dict:
    """Proporción de victorias (Wilson) y r biserial pareada (bootstrap percentil) de A frente
    a B; ``d`` son las diferencias en la dirección de la medida (positiva: A mejor).

    El bootstrap remuestrea los conjuntos de datos; ``cache`` guarda las remuestras de cada n
    para que todas las parejas de una tabla usen las mismas (como ya hace, con la misma semilla,
    el intervalo de la diferencia media) sin volver a sortearlas.
    """
    from statsmodels.stats.proportion import proportion_confint

    decided = wins + losses
    if decided:
        low, high = proportion_confint(wins, decided, alpha=alpha, method="wilson")
        share = (wins / decided, float(low), float(high))
    else:
        share = (math.nan, math.nan, math.nan)
    r = float(_rank_biserial(d)[0]) if d.size else 0.0
    if d.size < 2 or np.all(d > 0) or np.all(d < 0) or np.all(d == 0):
        r_low = r_high = r  # todas del mismo signo: el bootstrap no tiene nada que remuestrear
    else:
        cache = {} if cache is None else cache
        if d.size not in cache:
            cache[d.size] = _resample_counts(d.size, random_state)
        boot = _rank_biserial(d, cache[d.size])
        r_low, r_high = (float(v) for v in np.percentile(boot, [50 * alpha, 100 - 50 * alpha]))
    return dict(wins=wins, losses=losses, win_share=share[0], win_share_low=share[1],
                win_share_high=share[2], rank_biserial=r, rank_biserial_low=r_low,
                rank_biserial_high=r_high)


def _oriented(table: pd.DataFrame, a: str, b: str, higher: bool) -> np.ndarray:
    """Diferencias A − B (B − A si menor es mejor) en los conjuntos con los dos."""
    from course_utils.many_models.ranks import _differences

    both = table[[a, b]].dropna().to_numpy(float)
    x, y = (both[:, 0], both[:, 1]) if higher else (both[:, 1], both[:, 0])
    return _differences(x, y, "entre columnas de la tabla")


def _effects_notes(alpha: float, degenerate: bool) -> list[str]:
    conf = f"{100 * (1 - alpha):g} %"
    notes = [
        "«A gana»: en cuántos conjuntos A es mejor que B (sin contar empates), con el "
        f"intervalo de Wilson al {conf} de esa proporción. «r pareada»: correlación "
        "biserial de rangos pareada, (R+ − R−)/(R+ + R−) con los rangos de Wilcoxon (Kerby, "
        "2014): 1 si A gana en todos los conjuntos, −1 si pierde en todos; intervalo bootstrap "
        f"percentil ({N_BOOTSTRAP} réplicas de los conjuntos). Las dos son pareadas, como la "
        "prueba: comparan A y B en cada conjunto, no todas las puntuaciones de A con todas las "
        "de B.",
        f"«A − B» e IC: diferencia media de las puntuaciones con un intervalo bootstrap "
        f"percentil entre conjuntos ({N_BOOTSTRAP} réplicas, sin ajustar por multiplicidad). "
        "Con pocos conjuntos, un intervalo percentil cubre menos de lo que promete: es "
        "optimista. Las escalas de los conjuntos no son comparables (cuaderno 08, sección 3): "
        "léala solo como orden de magnitud.",
    ]
    if degenerate:
        notes.append("Donde A gana (o pierde) en todos los conjuntos, el intervalo bootstrap "
                     "de r queda en un punto: remuestrear no cambia nada. La incertidumbre la "
                     "da el intervalo de la proporción de victorias.")
    return notes


# ---------------------------------------------------------------------------
# Dos algoritmos
# ---------------------------------------------------------------------------



def _with_hierarchical(bayes, d, table, rope, higher, random_state, notes, details):
    """La tabla bayesiana con la prueba jerárquica debajo de la de rangos con signo."""
    from course_utils.report._hierarchical import SIGNED_RANK, hierarchical_comparison

    row, note, res = hierarchical_comparison(d, table, rope, higher, random_state)
    notes.append(note)
    if row is None:
        return bayes
    details.append(res)
    return pd.concat([bayes.assign(prueba=SIGNED_RANK), pd.DataFrame([row])],
                     ignore_index=True)[list(row)]


def _two_algorithms(table, notes, alpha, rope, higher, random_state, d: _Design):
    from course_utils.two_models.bayesian import bayesian_signed_rank_test
    from course_utils.many_models.multiple import sign_test, wilcoxon_signed_rank_test

    a, b = table.columns
    n = len(table)
    diff = table[a].to_numpy() - table[b].to_numpy()
    oriented = _oriented(table, a, b, higher)  # con los empates del curso (course_utils.many_models.ranks)
    n_nonzero = int(np.count_nonzero(oriented))
    if n_nonzero == 0:
        same = ("la misma puntuación" if not np.any(diff) else
                "la misma puntuación salvo el ruido de coma flotante (diferencias de "
                f"{float(np.max(np.abs(diff))):.1e} como mucho)")
        raise ValueError(
            f"`data`: «{a}» y «{b}» tienen {same} en los {n} conjuntos: son idénticos y no hay "
            "diferencia que contrastar. Quite una de las dos columnas."
        )
    needed = _needed_datasets(alpha)
    if n_nonzero < needed:
        ties = n - n_nonzero
        notes.append(
            f"No significativo por falta de datos: con {_count(n_nonzero, 'conjunto')} de datos "
            "con diferencia distinta de 0" + (f" ({_count(ties, 'empate')})" if ties else "")
            + f", la prueba de Wilcoxon nunca puede dar un valor p ≤ {alpha:g}, sea cual sea "
            f"la diferencia (el menor posible es {_min_wilcoxon_p(n_nonzero):.4f}): hacen falta "
            f"al menos {_count(needed, 'conjunto')} sin empate. Estos datos no dicen cuál de los "
            "dos es mejor, ni que sean equivalentes."
        )
    w = wilcoxon_signed_rank_test(table[a], table[b])
    s = sign_test(table[a], table[b])
    details = [w, s]
    lo, hi = _bootstrap_mean_ci(diff, alpha, random_state)
    wins, losses = int(np.sum(oriented > 0)), int(np.sum(oriented < 0))
    effects = _paired_effects(oriented, wins, losses, alpha, random_state)
    comparisons = pd.DataFrame([dict(a=a, b=b, estimate=float(diff.mean()), ci_low=lo,
                                     ci_high=hi, pvalue=w.pvalue, pvalue_adjusted=w.pvalue,
                                     reject=w.pvalue <= alpha,
                                     better=float(np.sign(effects["rank_biserial"])),
                                     ties=int(n - wins - losses), sign_pvalue=s.pvalue,
                                     **effects)])
    descriptives = pd.DataFrame({"media": table.mean(), "desviación típica": table.std(ddof=1)}
                                ).rename_axis("algoritmo")
    notes.append(
        f"Prueba de los signos, como comprobación: {a} es mejor en "
        f"{_count(wins, 'conjunto')}, peor en {losses} y empata en {w.ties}; valor p "
        f"{_p_text(s.pvalue)}."
    )
    table_notes = [
        "Valor p de Wilcoxon (rangos con signo); quién va delante lo dicen los rangos, no la "
        "media.",
    ] + _effects_notes(alpha, effects["rank_biserial_low"] == effects["rank_biserial_high"])
    choices = [GUIDE["datasets_two"]]
    backwards = _backwards_means(table, d.metric)
    notes += _backwards_notes(backwards)
    bayes = None
    if rope is not None:
        bs = bayesian_signed_rank_test(table[a], table[b], rope=rope, higher_is_better=higher,
                                       random_state=random_state)
        details.append(bs)
        bayes = pd.DataFrame([{"A": a, "B": b, "P(A mejor)": bs.prob_a_better,
                               "P(en la ROPE)": bs.prob_equivalent,
                               "P(B mejor)": bs.prob_b_better}])
        choices.append(GUIDE["bayes_datasets"])
        if d.folds is not None:
            bayes = _with_hierarchical(bayes, d, table, rope, higher, random_state, notes,
                                       details)
    return dict(descriptives=descriptives, omnibus=None, comparisons=comparisons,
                choices=choices, correction="", effect="diferencia media de la puntuación",
                notes=notes, details=details, bayes=bayes, n_units=n, higher=higher,
                metric=d.metric, table_notes=table_notes, backwards=backwards,
                no_pairs_possible=n_nonzero < needed)


# ---------------------------------------------------------------------------
# Varios algoritmos
# ---------------------------------------------------------------------------


def _friedman_omnibus(table: pd.DataFrame, alpha: float, higher: bool):
    """Friedman con la fórmula de Demšar (2006), sin corregir por empates, como
    :func:`~course_utils.friedman_test` y los cuadernos 08 y 11, y F_F a partir de ese χ²_F;
    con empates, da también el χ²_F corregido de R y scipy. Rechaza la tabla si ni la prueba
    exacta podría bajar de α."""
    from course_utils.many_models.multiple import friedman_test

    n, k = table.shape
    floor = _min_friedman_p(n, k)
    if floor > alpha:
        # (k!)^(1−N) ≤ α  ⟺  N ≥ 1 + log(1/α) / log(k!)
        needed = math.ceil(1 - math.log(alpha) / math.lgamma(k + 1) - 1e-12)
        raise ValueError(
            f"`data`: con {n} conjuntos de datos y {k} algoritmos, la prueba de Friedman nunca "
            f"puede dar un valor p ≤ {alpha:g}: el menor valor p exacto, cuando todos los "
            f"conjuntos ordenan igual a los algoritmos, es (k!)^(1−N) = {floor:.4f}. Hacen "
            f"falta al menos {needed} conjuntos (y más para comparar parejas)."
        )
    if (table.nunique(axis=1) == 1).all():
        raise ValueError(
            f"`data`: los {k} algoritmos tienen la misma puntuación en cada uno de los {n} "
            "conjuntos: son idénticos y no hay diferencia que contrastar."
        )
    fr = friedman_test(table, higher_is_better=higher)
    has_ties = bool(np.any(fr.ranks.to_numpy() % 1 != 0))
    if has_ties:
        corrected = friedman_test(table, higher_is_better=higher, tie_correction=True)
        ties = (f"sin la corrección por empates, con la fórmula de Demšar (2006) que usa el "
                f"curso (cuaderno 08, sección 4). En esta tabla hay empates: R (friedman.test), "
                f"scipy y autorank los corrigen y dan χ²_F = {_fmt(corrected.statistic)}, valor "
                f"p {_p_text(corrected.pvalue)}; sin corregir, la prueba es algo conservadora "
                "con empates; el informe decide con la F_F de la fórmula del curso")
    else:
        ties = ("como la dan Demšar (2006), R (friedman.test), scipy y autorank: sin empates "
                "en la tabla, la corrección por empates no cambia nada")
    omnibus = dict(
        name="Friedman con la corrección de Iman y Davenport", symbol="F_F",
        statistic=fr.iman_davenport, df=f"{fr.iman_davenport_df[0]}, {fr.iman_davenport_df[1]}",
        pvalue=fr.iman_davenport_pvalue, entry="datasets_many_omnibus",
        also=(f"χ²_F de Friedman = {_fmt(fr.statistic)} (gl = {fr.df}), valor p "
              f"{_p_text(fr.pvalue)}, {ties}. F_F sale de ese mismo χ²_F."
              + (" Con tan pocas celdas, el valor p de las dos es el exacto (la distribución "
                 "de permutaciones de los rangos dentro de cada conjunto), no el de la "
                 "aproximación χ² o F." if fr.method == "exacto" else "")),
        chi2=fr.statistic, chi2_df=fr.df, chi2_pvalue=fr.pvalue, ties_corrected=False,
    )
    if not math.isfinite(fr.iman_davenport):
        # χ²_F = N(k − 1): todos los conjuntos ordenan igual y F_F = (N−1)χ²/(N(k−1) − χ²)
        # divide entre 0. Se decide con χ²_F, que sí está definido.
        omnibus.update(
            name="Friedman", symbol="χ²_F", statistic=fr.statistic, df=f"{fr.df}",
            pvalue=fr.pvalue,
            also=(f"Todos los conjuntos ordenan igual a los {k} algoritmos (acuerdo perfecto): "
                  "la F_F de Iman y Davenport no está definida (su denominador, N(k − 1) − χ²_F, "
                  f"vale 0), así que el informe decide con χ²_F, {ties}."
                  + (" Con tan pocas celdas, el valor p es el exacto (la distribución de "
                     "permutaciones de los rangos dentro de cada conjunto)."
                     if fr.method == "exacto" else "")),
        )
    notes = []
    if omnibus["pvalue"] < floor:  # la aproximación promete lo que ninguna tabla puede dar
        notes.append(
            f"Con {n} conjuntos y {k} algoritmos, el menor valor p exacto posible de Friedman es "
            f"(k!)^(1−N) = {floor:.4f}; el de la aproximación F ({_p_text(omnibus['pvalue'])}) "
            "queda por debajo y no debe leerse al pie de la letra: el valor p exacto es al "
            f"menos {floor:.4f}.")
    return fr, omnibus, notes


def _small_n_notes(post, alpha: float, k: int) -> list[str]:
    """Qué no pueden mostrar tan pocos conjuntos: el menor p de Wilcoxon de una pareja."""
    c = post.comparisons
    decided = (c["wins"] + c["losses"]).to_numpy()
    m = len(c)
    best = int(decided.max()) if m else 0
    floor = _min_wilcoxon_p(best)
    adjusted = min(1.0, m * floor)
    if adjusted <= alpha:
        return []
    needed, needed_adj = _needed_datasets(alpha), _needed_datasets(alpha, m)
    what = "frente al control" if post.control is not None else "entre todas las parejas"
    return [
        f"Con {_count(best, 'conjunto')} sin empate por pareja (como mucho), la prueba de "
        "Wilcoxon de una "
        f"pareja nunca da un valor p menor que 2/2^{best} = {floor:.4f}, aunque una gane en "
        f"todos; ajustado por las {m} comparaciones {what}, nunca baja de {adjusted:.4f}. "
        f"Ninguna pareja puede salir significativa con α = {alpha:g}, sea cual sea la "
        f"diferencia: harían falta al menos {needed_adj} conjuntos sin empate ({needed} para "
        "una sola pareja sin ajustar). Estos datos pueden mostrar, como mucho, que no todos "
        "rinden igual (la prueba global); no qué pareja difiere.",
    ]


def _monotonicity_note(c: pd.DataFrame, correction: str) -> list[str]:
    """Avisa cuando un p menor tiene un p ajustado mayor (Bergmann-Hommel no es monótono)."""
    p, adj = c["pvalue"].to_numpy(float), c["pvalue_adjusted"].to_numpy(float)
    order = np.argsort(p, kind="stable")
    cases = []
    for pos, i in enumerate(order):
        for j in order[pos + 1:]:
            if p[i] < p[j] and adj[i] > adj[j] + 1e-12:
                cases.append((i, j))
    if not cases:
        return []
    i, j = cases[0]
    pair = lambda t: f"{c['a'].iloc[t]}–{c['b'].iloc[t]}"  # noqa: E731
    count = f"{len(cases)} {'caso' if len(cases) == 1 else 'casos'}"
    return [
        f"Los valores p ajustados con {correction} no crecen siempre con el valor p sin "
        f"ajustar ({count}): {pair(i)} tiene un p menor que {pair(j)} "
        f"({_fmt(p[i])} < {_fmt(p[j])}) y un p ajustado mayor ({_fmt(adj[i])} > "
        f"{_fmt(adj[j])}). No es un error: el ajustado de cada pareja es el máximo de |I| · "
        "mín p sobre los conjuntos I de hipótesis que pueden ser ciertas a la vez con ella "
        "(cuaderno 11, sección 4), y esos conjuntos son distintos para cada pareja. Forzar la "
        "monotonía, como hace el paquete de R scmamp, solo puede subir valores y dejaría de "
        "rechazar hipótesis que el procedimiento rechaza.",
    ]


def _bars_note(post) -> list[str]:
    """Parejas sin diferencia significativa que ninguna barra del diagrama une."""
    groups = [set(g) for g in post.groups()]
    missing = [f"{r.a}–{r.b}" for r in post.comparisons.itertuples()
               if not r.reject and not any({r.a, r.b} <= g for g in groups)]
    if not missing:
        return []
    return [
        "En el diagrama, cada barra une algoritmos consecutivos (por rango medio) sin ninguna "
        "pareja significativa entre ellos. " + ", ".join(missing) + (
            " no difiere" if len(missing) == 1 else " no difieren")
        + " significativamente y, aun así, no comparte barra: algún algoritmo colocado entre "
        "los dos difiere de uno de ellos. La tabla manda.",
    ]


def _pairwise_bayes(table, pairs, rope, higher, random_state, details):
    from course_utils.two_models.bayesian import bayesian_signed_rank_test

    rows = []
    for a, b in pairs:
        both = table[[a, b]].dropna()
        bs = bayesian_signed_rank_test(both[a], both[b], rope=rope, higher_is_better=higher,
                                       random_state=random_state, names=(a, b))
        details.append(bs)
        rows.append({"A": a, "B": b, "P(A mejor)": bs.prob_a_better,
                     "P(en la ROPE)": bs.prob_equivalent, "P(B mejor)": bs.prob_b_better})
    return pd.DataFrame(rows)


def _resolution_note(table: pd.DataFrame) -> list[str]:
    """Qué medias se tomaron como empates a la resolución de los datos (si alguna)."""
    step, tied = table.attrs.get("resolution", 0.0), table.attrs.get("resolution_ties", 0)
    if not tied:
        return []
    decimals = -round(math.log10(step))
    return [
        f"Empates a la resolución de los datos: las puntuaciones están escritas con "
        f"{_count(decimals, 'decimal', 'decimales')} (un paso de {step:.{decimals}f}), y "
        "cada media de particiones arrastra ese redondeo: dos medias pueden separarse hasta un "
        "paso sin que las puntuaciones sin redondear difieran. Dentro de cada conjunto, las "
        "medias que difieren en menos de un paso se toman como empate (en Friedman, Wilcoxon "
        f"y la prueba de los signos); aquí, {_count(tied, 'celda')}."
    ]


def _analyze_datasets(d: _Design, alpha, rope, higher, random_state, control,
                      posthoc: str = "wilcoxon"):
    from course_utils.many_models.paired_posthoc import wilcoxon_pairwise_test

    table = d.table
    models = list(table.columns)
    n = len(table)
    incomplete = bool(table.isna().to_numpy().any())
    notes = [d.averaged] if d.averaged else []
    notes += _resolution_note(table)
    if control is not None and control not in models:
        raise ValueError(
            f"`control`: «{control}» no es ninguno de los algoritmos ({', '.join(models)})."
        )
    if len(models) == 2 and incomplete:
        keep = table.notna().all(axis=1)
        notes.append(f"Se quitaron {_count(int((~keep).sum()), 'conjunto')} sin las dos "
                     "puntuaciones: "
                     "con dos algoritmos, Wilcoxon necesita las parejas completas.")
        table = table[keep]
        incomplete = False
    if len(models) == 2:
        return _two_algorithms(table, notes, alpha, rope, higher, random_state, d)
    if n < 2:
        raise ValueError(f"`data`: hace falta más de un conjunto de datos; hay {n}.")
    pw = wilcoxon_pairwise_test(table, control=control, alpha=alpha, higher_is_better=higher,
                                method="holm" if incomplete else None,
                                allow_missing=incomplete)
    if incomplete:
        step = _incomplete_omnibus(table, pw, higher, posthoc, notes)
    else:
        step = _friedman_and_posthoc(table, pw, alpha, higher, control, posthoc, notes)
    descriptives, omnibus, post, choices, correction, p_note, details = step
    details += [post] if post is pw else [post, pw]  # el primero es el que dibuja la figura
    pairs = list(zip(post.comparisons["a"], post.comparisons["b"]))
    comparisons = _pair_rows(table, post, pw, alpha, higher, random_state)
    degenerate = bool((comparisons["rank_biserial_low"] == comparisons["rank_biserial_high"]).any())
    table_notes = [p_note] + _effects_notes(alpha, degenerate)
    if posthoc == "ranks" and not incomplete:
        table_notes.append("«A gana» y «r pareada» son de la pareja sola, como Wilcoxon; "
                           "el valor p, de los rangos medios de toda la tabla.")
    small = _small_n_notes(pw, alpha, len(models))
    backwards = _backwards_means(table, d.metric)
    notes += _pair_notes(comparisons, small, backwards, correction, post, omnibus, alpha)
    bayes = None
    if rope is not None:
        bayes = _pairwise_bayes(table, pairs, rope, higher, random_state, details)
        choices.append(GUIDE["bayes_datasets"])
        notes.append("Con ROPE, cada pareja se compara con la prueba de rangos con signo "
                     "bayesiana en los conjuntos en que están las dos (como autorank); las "
                     "probabilidades no se ajustan por multiplicidad.")
    return dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                choices=choices, correction=correction,
                effect="diferencia media de la puntuación", notes=notes, details=details,
                bayes=bayes, n_units=n, higher=higher, metric=d.metric, table_notes=table_notes,
                no_pairs_possible=bool(small), backwards=backwards)


def _incomplete_omnibus(table, pw, higher, posthoc, notes):
    """Con celdas vacías: Skillings y Mack y, por parejas, Wilcoxon con Holm en los conjuntos
    comunes. Devuelve ``(resumen, prueba global, parejas, ramas, corrección, nota de los valores
    p, resultados)`` y añade sus notas a ``notes``."""
    from course_utils.many_models.multiple import skillings_mack_test

    sm = skillings_mack_test(table, higher_is_better=higher)
    descriptives = pd.DataFrame({"rango medio": sm.average_ranks,
                                 "celdas observadas": table.notna().sum()}
                                ).rename_axis("algoritmo")
    omnibus = dict(name="Skillings y Mack", symbol="SM", statistic=sm.statistic,
                   df=sm.df[0] if sm.df else None, pvalue=sm.pvalue,
                   entry="datasets_incomplete")
    if sm.note:
        notes.append(_cap(sm.note))
    correction = "Holm" if len(pw.comparisons) > 1 else ""
    p_note = ("Valores p: Wilcoxon de rangos con signo en los conjuntos en que están los "
              "dos algoritmos (la columna n, si no son todos), ajustados con Holm.")
    if posthoc == "ranks":
        notes.append("Con celdas vacías no hay rangos medios comparables entre algoritmos: "
                     "las parejas se comparan con Wilcoxon aunque se pidieran los rangos.")
    return descriptives, omnibus, pw, [GUIDE["datasets_incomplete"]], correction, p_note, [sm]


def _friedman_and_posthoc(table, pw, alpha, higher, control, posthoc, notes):
    """Tabla completa: Friedman con Iman y Davenport y, por parejas, Wilcoxon (o, con
    ``posthoc="ranks"``, los rangos medios). Devuelve lo mismo que :func:`_incomplete_omnibus`."""
    from course_utils.many_models.multiple import control_test, pairwise_test
    from course_utils.many_models.posthoc import _PAIRWISE_NAMES

    fr, omnibus, small_notes = _friedman_omnibus(table, alpha, higher)
    notes += small_notes
    descriptives = pd.DataFrame({"rango medio": fr.average_ranks, "media": table.mean()}
                                ).rename_axis("algoritmo")
    if posthoc == "ranks":
        if control is not None:
            post = control_test(table, control, method="holm", alpha=alpha,
                                higher_is_better=higher)
            entry, correction = GUIDE["datasets_many_control_ranks"], "Holm frente al control"
        else:
            method = "bergmann" if len(table.columns) <= 10 else "shaffer"
            post = pairwise_test(table, method=method, alpha=alpha, higher_is_better=higher)
            entry = GUIDE["datasets_many_all_ranks"]
            correction = "Bergmann-Hommel" if method == "bergmann" else "Shaffer"
        p_note = (
            "Valores p: prueba z sobre la diferencia de rangos medios (1 = el mejor), "
            f"ajustados con {correction}. Los rangos medios dependen de qué otros "
            "algoritmos se comparen (cuaderno 08, sección 8): una pareja puede ganar en "
            "casi todos los conjuntos sin salir significativa. La opción por defecto "
            "(Wilcoxon por parejas) no depende de ellos.")
    else:
        post = pw
        if control is not None:
            entry, correction = GUIDE["datasets_many_control"], "Holm frente al control"
        else:
            entry = GUIDE["datasets_many_all"]
            correction = _PAIRWISE_NAMES[pw.method.removeprefix("wilcoxon-")]
        p_note = (
            "Valores p: prueba de Wilcoxon de rangos con signo de cada pareja, con sus "
            f"propias puntuaciones, ajustados con {correction}; quién va delante lo dicen "
            "los rangos con signo de la pareja. La prueba de los signos, como comprobación, "
            "en la columna «p signos» (sin ajustar).")
    choices = [GUIDE["datasets_many_omnibus"], entry]
    return descriptives, omnibus, post, choices, correction, p_note, [fr]


def _pair_rows(table, post, pw, alpha, higher, random_state) -> pd.DataFrame:
    """Una fila por pareja: diferencia media con su intervalo *bootstrap*, el valor p de
    ``post`` y los efectos pareados de la pareja sola (de Wilcoxon, ``pw``)."""
    by_ranks = post is not pw  # quién va delante: los rangos medios o los rangos con signo
    pairs = list(zip(post.comparisons["a"], post.comparisons["b"]))
    stats_by_pair = pw.comparisons.set_index(["a", "b"])
    rows, cache = [], {}
    for (a, b), p, p_adj, rej, dr in zip(pairs, post.comparisons["pvalue"],
                                         post.comparisons["pvalue_adjusted"],
                                         post.comparisons["reject"],
                                         post.comparisons["rank_difference"]):
        s = stats_by_pair.loc[(a, b)]
        both = table[[a, b]].dropna()
        diff = both[a].to_numpy() - both[b].to_numpy()
        lo, hi = _bootstrap_mean_ci(diff, alpha, random_state) if diff.size else (math.nan,) * 2
        effects = _paired_effects(_oriented(table, a, b, higher), int(s.wins), int(s.losses),
                                  alpha, random_state, cache)
        rows.append(dict(a=a, b=b, estimate=float(diff.mean()) if diff.size else math.nan,
                         ci_low=lo, ci_high=hi, pvalue=float(p), pvalue_adjusted=float(p_adj),
                         reject=bool(rej),
                         better=float(-np.sign(dr) if by_ranks
                                      else np.sign(s.r_plus - s.r_minus)),
                         n=int(s.n_datasets), ties=int(s.ties), sign_pvalue=float(s.sign_pvalue),
                         **effects))
    return pd.DataFrame(rows)


def _pair_notes(comparisons, small, backwards, correction, post, omnibus, alpha) -> list[str]:
    """Las notas sobre las parejas: idénticas, sin conjuntos en común, pocos conjuntos, AUC
    invertidas, la monotonía de Bergmann-Hommel, las barras de la figura y una prueba global
    que no rechaza."""
    notes = []
    identical = [f"{r.a}–{r.b}" for r in comparisons.itertuples()
                 if r.wins + r.losses == 0 and r.n > 0]
    if identical:
        notes.append("Idénticos en todos los conjuntos en que coinciden: " + ", ".join(identical)
                     + ". No hay diferencia que contrastar; su comparación tiene p = 1.")
    apart = [f"{r.a}–{r.b}" for r in comparisons.itertuples() if r.n == 0]
    if apart:
        notes.append("Sin ningún conjunto en común: " + ", ".join(apart) + ". Nada que "
                     "comparar; su fila tiene p = 1 y ni diferencia ni intervalo.")
    notes += small
    notes += _backwards_notes(backwards)
    if "Bergmann" in correction:
        notes += _monotonicity_note(comparisons, correction)
    notes += _bars_note(post)
    if omnibus["pvalue"] > alpha:
        notes.append("La prueba global no rechaza: las comparaciones por parejas se muestran, "
                     "pero no deben leerse como hallazgos.")
    return notes
