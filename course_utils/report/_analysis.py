"""El análisis de cada diseño: la prueba que indica la guía, sus intervalos y las conclusiones.

Cada ``_analyze_*`` recibe un :class:`~course_utils.report._reading._Design` ya validado y
devuelve un diccionario con las piezas de un :class:`~course_utils.report.AnalysisResult`;
:func:`_conclusions` las resume en lenguaje llano.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy import stats

from course_utils._options import option
from course_utils._validation import show_value
from course_utils.report.guide import GUIDE
from course_utils.report._format import _cap, _fmt, _p_text
from course_utils.report._reading import _Design

N_BOOTSTRAP = 10_000


def _pairs(models):
    return [(a, b) for i, a in enumerate(models) for b in models[i + 1:]]


def _holm(comparisons: pd.DataFrame, alpha: float) -> pd.DataFrame:
    from course_utils.many_models.posthoc import adjust_pvalues

    comparisons = comparisons.copy()
    if len(comparisons) > 1:
        comparisons["pvalue_adjusted"] = adjust_pvalues(comparisons["pvalue"].to_numpy(), "holm")
    else:
        comparisons["pvalue_adjusted"] = comparisons["pvalue"]
    comparisons["reject"] = comparisons["pvalue_adjusted"] <= alpha
    return comparisons


def _identical(a: str, b: str, what: str, models: list, notes: list, rows: list) -> None:
    """Dos modelos idénticos: con dos, no hay nada que analizar (error que los nombra); con
    más, su fila dice que no hay diferencia (p = 1, la prueba trivial) y el resto sigue."""
    if len(models) == 2:
        raise ValueError(f"`data`: «{a}» y «{b}» tienen {what}: son idénticos y no hay "
                         "diferencia que contrastar. Quite una de las dos columnas.")
    notes.append(f"«{a}» y «{b}» tienen {what}: son idénticos. Su fila dice diferencia 0 con "
                 "p = 1 (no hay nada que contrastar); las demás parejas se analizan igual.")
    rows.append(dict(a=a, b=b, estimate=0.0, ci_low=0.0, ci_high=0.0, pvalue=1.0))


def _bootstrap_mean_ci(diff: np.ndarray, alpha: float, random_state: int) -> tuple[float, float]:
    """Intervalo *bootstrap* percentil de la media (``scipy.stats.bootstrap``)."""
    diff = np.asarray(diff, dtype=float)
    if np.ptp(diff) == 0:  # todas iguales: no hay nada que remuestrear
        return (float(diff[0]), float(diff[0]))
    res = stats.bootstrap((diff,), np.mean, n_resamples=N_BOOTSTRAP, confidence_level=1 - alpha,
                          method="percentile", rng=np.random.default_rng(random_state))
    return (float(res.confidence_interval.low), float(res.confidence_interval.high))


def _analyze_test_set(d: _Design, alpha, rope, kind, loss):
    y, preds = d.y_true, d.predictions
    if kind is None:
        kind = _test_set_kind(y, preds)
    if kind == "labels":
        res = _test_set_labels(y, preds, alpha)
    elif kind == "scores":
        res = _test_set_scores(d, y, preds, alpha)
    else:
        res = _test_set_regression(y, preds, alpha, loss)
    return dict(res, bayes=None, n_units=len(y))


def _test_set_kind(y, preds) -> str:
    """Qué son las predicciones, si no se dijo: etiquetas, puntuaciones o una regresión."""
    labels = pd.unique(y)
    label_set = set(labels.tolist())
    all_labels = all(set(pd.unique(p).tolist()) <= label_set for p in preds.values())
    numeric_y = pd.api.types.is_numeric_dtype(pd.Series(y))
    if all_labels and len(labels) <= 50:
        return "labels"
    if len(labels) == 2:
        return "scores"
    if numeric_y:
        return "regression"
    raise ValueError(
        "`data`: las predicciones no son etiquetas de la columna de etiquetas, ni "
        "puntuaciones de un problema binario, ni valores de una regresión; indique "
        "predictions='labels', 'scores' o 'regression'."
    )


def _test_set_labels(y, preds, alpha) -> dict:
    """Etiquetas predichas: McNemar mid-p (dos modelos) o Q de Cochran con McNemar por
    parejas y Holm."""
    from course_utils.practice.cochran import cochran_q_test
    from course_utils.two_models.comparison import mcnemar_table, mcnemar_test

    models = list(preds)
    acc = {m: float(np.mean(preds[m] == y)) for m in models}
    descriptives = pd.DataFrame({"exactitud": acc}).rename_axis("modelo")
    omnibus = None
    if len(models) == 2:
        res = mcnemar_test(mcnemar_table(y, preds[models[0]], preds[models[1]]), "mid-p",
                           alpha=alpha)
        rows = [dict(a=models[0], b=models[1], estimate=res.estimate, ci_low=res.ci_low,
                     ci_high=res.ci_high, pvalue=res.pvalue)]
        choices = [GUIDE["test_set_labels_two"]]
        comparisons = _holm(pd.DataFrame(rows), alpha)
        correction = ""
        table_notes = ["Intervalo de la diferencia de exactitudes: el de Bonett y Price "
                       "(cuaderno 05, sección 4)."]
    else:
        res = cochran_q_test(y, {m: preds[m] for m in models}, alpha=alpha)
        omnibus = dict(name="Q de Cochran", symbol="Q", statistic=res.statistic, df=res.df,
                       pvalue=res.pvalue, entry="test_set_labels_many")
        c = res.comparisons
        comparisons = pd.DataFrame(dict(
            a=c["a"], b=c["b"], estimate=c["difference"], ci_low=c["ci_low"],
            ci_high=c["ci_high"], pvalue=c["pvalue"], pvalue_adjusted=c["pvalue_adjusted"],
            reject=c["reject"]))
        choices = [GUIDE["test_set_labels_many"]]
        correction = "Holm"
        table_notes = ["Intervalos de Bonett y Price, sin ajustar por multiplicidad; "
                       "valores p de McNemar mid-p."]
    return dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                choices=choices, correction=correction, effect="diferencia de exactitud",
                notes=[], details=[res], higher=True, metric="exactitud",
                table_notes=table_notes, backwards={})


def _test_set_scores(d: _Design, y, preds, alpha) -> dict:
    """Puntuaciones de un problema binario: DeLong (por parejas con Holm si hay más de dos)."""
    from course_utils.practice.delong import delong_test

    models = list(preds)
    classes = pd.unique(y)
    if len(classes) != 2:
        raise ValueError(
            f"`data`: comparar puntuaciones (AUC) necesita dos clases en las etiquetas; hay "
            f"{len(classes)}."
        )
    from sklearn.metrics import roc_auc_score

    pos = d.positive_label if d.positive_label is not None else max(classes.tolist())
    auc = {m: float(roc_auc_score(y == pos, preds[m])) for m in models}
    descriptives = pd.DataFrame({"AUC": auc}).rename_axis("modelo")
    backwards = {m: v for m, v in auc.items() if v < 0.5}
    notes = _backwards_notes(backwards)
    rows, details = [], []
    for a, b in _pairs(models):
        res = delong_test(y, preds[a], preds[b], pos_label=pos, alpha=alpha)
        details.append(res)
        rows.append(dict(a=a, b=b, estimate=res.estimate, ci_low=res.ci_low,
                         ci_high=res.ci_high, pvalue=res.pvalue))
    notes.append(f"Clase positiva: {show_value(pos)} "
                 f"({d.positive_reason or 'la mayor de las dos etiquetas'}).")
    return dict(descriptives=descriptives, omnibus=None,
                comparisons=_holm(pd.DataFrame(rows), alpha),
                choices=[GUIDE["test_set_scores_two" if len(models) == 2
                               else "test_set_scores_many"]],
                correction="Holm" if len(models) > 2 else "", effect="diferencia de AUC",
                notes=notes, details=details, higher=True, metric="AUC", table_notes=[],
                backwards=backwards)


def _test_set_regression(y, preds, alpha, loss) -> dict:
    """Valores de una regresión: la t pareada sobre las pérdidas por ejemplo (Holm con más de
    dos modelos)."""
    models = list(preds)
    yf = np.asarray(y, dtype=float)
    losses = {}
    for m in models:
        err = np.asarray(preds[m], dtype=float) - yf
        losses[m] = err**2 if loss == "squared" else np.abs(err)
    name = "error cuadrático medio" if loss == "squared" else "error absoluto medio"
    descriptives = pd.DataFrame({name: {m: float(losses[m].mean()) for m in models}}
                                ).rename_axis("modelo")
    notes, rows = [], []
    for a, b in _pairs(models):
        if np.array_equal(losses[a], losses[b]):
            _identical(a, b, "la misma pérdida en todos los ejemplos", models, notes, rows)
            continue
        res = stats.ttest_rel(losses[a], losses[b])
        ci = res.confidence_interval(1 - alpha)
        rows.append(dict(a=a, b=b, estimate=float(np.mean(losses[a] - losses[b])),
                         ci_low=float(ci.low), ci_high=float(ci.high),
                         pvalue=float(res.pvalue)))
    return dict(descriptives=descriptives, omnibus=None,
                comparisons=_holm(pd.DataFrame(rows), alpha),
                choices=[GUIDE["test_set_regression_two" if len(models) == 2
                               else "test_set_regression_many"]],
                correction="Holm" if len(models) > 2 else "", effect=f"diferencia de {name}",
                notes=notes, details=[], higher=False, metric=name,
                table_notes=["Negativa: A se equivoca menos. Intervalo t de la diferencia "
                             "media de pérdidas por ejemplo."],
                backwards={})


def _backwards_means(table: pd.DataFrame, metric: str) -> dict:
    """Modelos cuya AUC media queda por debajo de 0.5 (``metric`` ``auc`` o ``roc_auc``)."""
    if metric not in ("auc", "roc_auc"):
        return {}
    return {str(m): float(v) for m, v in table.mean().items() if v < 0.5}


def _backwards_notes(backwards: dict) -> list[str]:
    """Aviso para cada AUC por debajo de 0.5: la puntuación ordena al revés."""
    return [
        f"{m} tiene AUC = {_fmt(v)} < 0.5: su puntuación ordena al revés (da más a la clase "
        f"negativa); invertida, su AUC sería {_fmt(1 - v)}. No es un modelo «peor» que el "
        "azar, sino uno con la clase positiva o el signo de la puntuación cambiados: revíselo "
        "antes de leer sus comparaciones."
        for m, v in backwards.items()
    ]


def _analyze_cv(d: _Design, alpha, rope, higher, random_state):
    table = d.table
    models = list(table.columns)
    n = len(table)
    ratio = _cv_ratio(d, n)
    descriptives = pd.DataFrame({"media": table.mean(), "desviación típica": table.std(ddof=1)}
                                ).rename_axis("modelo")
    rows, details, bayes_rows = [], [], []
    omnibus = None
    notes = []
    for a, b in _pairs(models):
        if np.array_equal(table[a].to_numpy(), table[b].to_numpy()):
            _identical(a, b, "las mismas puntuaciones en todas las particiones", models, notes,
                       rows)
            continue
        row, found, pair_omnibus, bayes = _cv_pair(d, a, b, ratio, alpha, rope, higher)
        rows.append(row)
        details += found
        omnibus = pair_omnibus or omnibus
        if bayes is not None:
            bayes_rows.append(bayes)
    comparisons, choices, table_notes = _cv_choices(d, _holm(pd.DataFrame(rows), alpha),
                                                    models, alpha, rope)
    backwards = _backwards_means(table, d.metric)
    notes += _backwards_notes(backwards)
    if d.cv != "5x2" and n < 10:
        notes.append(f"Solo {n} particiones: la t corregida tiene poca potencia; el curso usa "
                     "10×10 (cuaderno 04).")
    return dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                choices=choices, correction="Holm" if len(models) > 2 else "",
                effect="diferencia media de la puntuación", notes=notes, details=details,
                bayes=pd.DataFrame(bayes_rows) if rope is not None else None, n_units=n,
                higher=higher, metric=d.metric, table_notes=table_notes, backwards=backwards)


def _cv_ratio(d: _Design, n: int) -> float:
    """n_prueba / n_entrenamiento de la t corregida (1 en 5×2cv); error si falta o si hay
    muy pocas particiones."""
    if d.cv == "5x2":
        if n != 10:
            raise ValueError(
                f"`data`: la validación cruzada 5×2 tiene 10 particiones por modelo; hay {n}."
            )
        ratio = 1.0
    else:
        ratio = d.test_train_ratio
        if ratio is None:
            raise ValueError(
                "`test_train_ratio`: falta la razón n_prueba / n_entrenamiento que usa la t "
                "corregida (con k particiones, 1/(k − 1): 1/9 con 10). Désela, o añada las "
                "columnas «n_prueba» y «n_entrenamiento», o «repeticion» y «particion»."
            )
    if n < 3:
        raise ValueError(
            f"`data`: {n} particiones por modelo son muy pocas para la t corregida (hacen falta "
            "al menos 3; el curso recomienda 10×10)."
        )
    return ratio


def _cv_pair(d: _Design, a, b, ratio, alpha, rope, higher):
    """Una pareja de una validación cruzada: t corregida (y F combinada si es 5×2cv con dos
    modelos) y, con ROPE, la t bayesiana correlacionada. Devuelve ``(fila, resultados,
    prueba global o None, fila bayesiana o None)``."""
    from course_utils.two_models.bayesian import bayesian_correlated_ttest
    from course_utils.two_models.comparison import (
        _is_constant, combined_ftest_5x2cv, corrected_resampled_ttest,
    )

    table = d.table
    x, y = table[a].to_numpy(), table[b].to_numpy()
    if _is_constant(x - y, x, y):
        raise ValueError(
            f"`data`: «{a}» − «{b}» vale {x[0] - y[0]:.4g} en todas las particiones: sin "
            "variación entre particiones la t corregida no está definida (dividiría entre "
            "0). Suele deberse a puntuaciones redondeadas con muy pocos decimales: guarde "
            "más."
        )
    t = corrected_resampled_ttest(x, y, test_train_ratio=ratio, alpha=alpha)
    details = [t]
    p, omnibus, bayes = t.pvalue, None, None
    if d.cv == "5x2" and len(table.columns) == 2:
        f = combined_ftest_5x2cv(x.reshape(5, 2), y.reshape(5, 2))
        details.append(f)
        p = f.pvalue
        omnibus = dict(label="Prueba", name="F combinada 5×2cv", symbol="F",
                       statistic=f.statistic,
                       df=f"{f.df[0]:g}, {f.df[1]:g}", pvalue=f.pvalue, entry="cv_two_5x2")
    row = dict(a=a, b=b, estimate=t.estimate, ci_low=t.ci_low, ci_high=t.ci_high, pvalue=p)
    if rope is not None:
        bt = bayesian_correlated_ttest(x, y, test_train_ratio=ratio, rope=rope,
                                       higher_is_better=higher, names=(a, b))
        details.append(bt)
        bayes = {"A": a, "B": b, "P(A mejor)": bt.prob_a_better,
                 "P(en la ROPE)": bt.prob_equivalent, "P(B mejor)": bt.prob_b_better}
    return row, details, omnibus, bayes


def _cv_choices(d: _Design, comparisons, models, alpha, rope):
    """Las ramas de la guía de una validación cruzada y las notas de su tabla; con 5×2cv y
    dos modelos, la decisión es la de la F combinada."""
    table_notes = []
    if len(models) > 2:
        choices = [GUIDE["cv_many"]]
        table_notes.append("Intervalos de la t corregida, sin ajustar por multiplicidad.")
    elif d.cv == "5x2":
        choices = [GUIDE["cv_two_5x2"]]
        table_notes.append("El valor p es el de la F combinada, que no define intervalo; el "
                           "intervalo es aproximado: el de la t corregida con n_prueba / "
                           "n_entrenamiento = 1.")
        comparisons["pvalue_adjusted"] = comparisons["pvalue"]
        comparisons["reject"] = comparisons["pvalue"] <= alpha
        row = comparisons.iloc[0]
        if bool(row.reject) == bool(row.ci_low <= 0 <= row.ci_high):
            table_notes.append("Aviso: la F combinada y el intervalo no coinciden (uno rechaza "
                               "y el otro no); decide la prueba fijada de antemano, la F.")
    else:
        choices = [GUIDE["cv_two_corrected"]]
        table_notes.append("Intervalo de la t corregida (Nadeau y Bengio).")
    if rope is not None:
        choices.append(GUIDE["bayes_cv"])
    return comparisons, choices, table_notes


def _analyze_seeds(d: _Design, alpha, rope, higher, random_state):
    from course_utils.practice.seeds import ASO_MIN_SEEDS, ASO_THRESHOLD, almost_stochastic_order_test

    table = d.table
    models = list(table.columns)
    if len(models) != 2:
        raise ValueError(
            f"`data`: con semillas, el informe compara dos configuraciones; hay {len(models)} "
            f"({', '.join(models)}). Analícelas por parejas."
        )
    n = len(table)
    if n < ASO_MIN_SEEDS:
        raise ValueError(f"`data`: {n} semillas son muy pocas; el orden estocástico aproximado "
                         f"necesita al menos {ASO_MIN_SEEDS} por configuración para afirmar "
                         "algo (el cuaderno 12 usa 20 o más).")
    a, b = models
    ab = almost_stochastic_order_test(table[a].to_numpy(), table[b].to_numpy(),
                                      higher_is_better=higher, random_state=random_state,
                                      confidence_level=1 - alpha)
    ba = almost_stochastic_order_test(table[b].to_numpy(), table[a].to_numpy(),
                                      higher_is_better=higher, random_state=random_state,
                                      confidence_level=1 - alpha)
    diff = table[a].to_numpy() - table[b].to_numpy()
    lo, hi = _bootstrap_mean_ci(diff, alpha, random_state)
    descriptives = pd.DataFrame({"media": table.mean(), "desviación típica": table.std(ddof=1)}
                                ).rename_axis("modelo")
    comparisons = pd.DataFrame([dict(a=a, b=b, estimate=float(diff.mean()), ci_low=lo,
                                     ci_high=hi, pvalue=float("nan"),
                                     pvalue_adjusted=float("nan"),
                                     reject=bool(min(ab.eps_min, ba.eps_min) < ASO_THRESHOLD))])
    omnibus = None
    notes = [
        f"ε_min(A, B) = {_fmt(ab.eps_min)} y ε_min(B, A) = {_fmt(ba.eps_min)}: el orden "
        "estocástico aproximado no da valores p. Por debajo de 0.5, ε_min favorece a la "
        f"primera configuración; se suele exigir ε_min < {ASO_THRESHOLD:g} para afirmar que "
        "domina casi estocásticamente a la segunda (cuaderno 12, sección 6). La columna "
        f"«¿significativa?» dice si alguno de los dos ε_min queda por debajo de {ASO_THRESHOLD:g}.",
        "El intervalo es un bootstrap percentil de la diferencia media entre semillas "
        f"({N_BOOTSTRAP} réplicas).",
    ]
    result = dict(descriptives=descriptives, omnibus=omnibus, comparisons=comparisons,
                  choices=[GUIDE["seeds_two"]], correction="", effect="diferencia media",
                  notes=notes, details=[ab, ba], bayes=None, n_units=n, higher=higher,
                  metric=d.metric, aso=(ab.eps_min, ba.eps_min))
    return result


def _conclusions(res: dict, design: str, alpha: float, rope, higher) -> list[str]:
    if res.get("aso") is not None:
        return _aso_conclusions(res)
    out = []
    comparisons = res["comparisons"]
    om = res["omnibus"]
    if om is not None and om.get("entry") in ("datasets_many_omnibus", "test_set_labels_many",
                                              "datasets_incomplete"):
        verdict = "rechaza" if om["pvalue"] <= alpha else "no rechaza"
        out.append(f"La prueba global ({om['name']}) {verdict} que todos rindan igual "
                   f"(p {_p_text(om['pvalue'])}, α = {alpha:g}).")
        if om["pvalue"] > alpha:  # sin prueba global que rechace, ninguna pareja es hallazgo
            n_rej = int(comparisons["reject"].sum())
            tail = {0: "", 1: ": la pareja con p ajustado ≤ α no se lee como hallazgo"}.get(
                n_rej, f": las {n_rej} parejas con p ajustado ≤ α no se leen como hallazgos")
            out.append("Como la prueba global no rechaza, el informe no declara ninguna pareja "
                       f"distinta ni «mejor»{tail}.")
            comparisons = comparisons[~comparisons["reject"].astype(bool)]
    if res.get("no_pairs_possible"):
        out.append("Con tan pocos conjuntos ninguna pareja podía salir significativa, fuera cual "
                   "fuera la diferencia: estos datos no dicen qué algoritmo es mejor (véase «Qué "
                   "no afirma este informe»).")
    out += _pair_conclusions(res, comparisons, alpha, higher)
    bayes = res.get("bayes")
    if bayes is not None:
        out += _bayes_conclusions(bayes)
    elif rope is None and not comparisons.empty and not comparisons["reject"].all():
        if design == "test_set":
            out.append("Para afirmar que dos modelos son prácticamente iguales hace falta una "
                       "prueba de equivalencia con un margen fijado de antemano (cuaderno 07).")
        else:
            out.append("Para afirmar que dos modelos son prácticamente iguales, repita el "
                       f"análisis con una ROPE (opción {option('rope')}, cuaderno 09).")
    return out


def _aso_conclusions(res: dict) -> list[str]:
    """Semillas: qué dice el orden estocástico aproximado (ε_min en los dos sentidos)."""
    from course_utils.practice.seeds import ASO_THRESHOLD

    ab, ba = res["aso"]
    row = res["comparisons"].iloc[0]
    (eps, win, lose) = (ab, row.a, row.b) if ab <= ba else (ba, row.b, row.a)
    if eps < ASO_THRESHOLD:
        return [f"{win} domina casi estocásticamente a {lose} en esta división "
                f"(ε_min = {_fmt(eps)} < {ASO_THRESHOLD:g})."]
    if eps < 0.5:
        return [f"Hay un indicio a favor de {win} (ε_min = {_fmt(eps)} < 0.5), sin "
                f"llegar al umbral habitual de {ASO_THRESHOLD:g}: no basta para afirmar "
                "que domine."]
    return [f"Ninguna configuración domina a la otra (ε_min = {_fmt(ab)} y "
            f"{_fmt(ba)}): no hay un orden claro; eso no las hace equivalentes."]


def _pair_conclusions(res: dict, comparisons, alpha: float, higher) -> list[str]:
    """Una frase por pareja: cuál es mejor, que difieren (una AUC invertida) o que no hay
    evidencia de diferencia."""
    out = []
    backwards = res.get("backwards", {})
    for row in comparisons.itertuples():
        p = row.pvalue_adjusted
        if isinstance(p, float) and math.isnan(p):
            continue
        p_text = f"p ajustado {_p_text(p)}" if res["correction"] else f"p {_p_text(p)}"
        if not row.reject:
            out.append(f"No hay evidencia suficiente de diferencia entre {row.a} y {row.b} "
                       f"({p_text}); eso no demuestra que sean equivalentes.")
            continue
        sign = getattr(row, "better", None)
        if sign is None or (isinstance(sign, float) and math.isnan(sign)):
            sign = np.sign(row.estimate) * (1 if higher else -1)
        a_better = None if sign == 0 else bool(sign > 0)
        flipped = [m for m in (row.a, row.b) if m in backwards]
        if flipped:
            out.append(
                f"{row.a} y {row.b} difieren significativamente ({p_text}), pero "
                + " y ".join(f"{m} (AUC = {_fmt(backwards[m])})" for m in flipped)
                + (" ordena" if len(flipped) == 1 else " ordenan")
                + " al revés: una AUC por debajo de 0.5 no es «peor», es una puntuación "
                "invertida (revise la clase positiva o el signo de la puntuación).")
        elif a_better is None:
            out.append(f"{row.a} y {row.b} difieren significativamente ({p_text}).")
        else:
            win, lose = (row.a, row.b) if a_better else (row.b, row.a)
            out.append(f"{win} es mejor que {lose} con α = {alpha:g} ({p_text}).")
    return out


def _bayes_conclusions(bayes) -> list[str]:
    """Con ROPE: equivalentes en la práctica, uno mejor en la práctica o sin decisión (con dos
    pruebas bayesianas, una frase por prueba)."""
    out = []
    for values in bayes.itertuples(index=False, name=None):
        row = dict(zip(bayes.columns, values))
        a, b = row["A"], row["B"]
        pa, prope, pb = row["P(A mejor)"], row["P(en la ROPE)"], row["P(B mejor)"]
        how = ""
        if "prueba" in row:  # dos pruebas bayesianas: se dice cuál
            how = " y la prueba " + ("de " if row["prueba"].startswith("rangos") else "") + \
                row["prueba"]
        if prope >= 0.95:
            out.append(f"Con la ROPE elegida{how}, {a} y {b} son prácticamente "
                       f"equivalentes (probabilidad {prope:.3f}).")
        elif max(pa, pb) >= 0.95:
            win, lose = (a, b) if pa >= pb else (b, a)
            out.append(f"Con la ROPE elegida{how}, {win} es prácticamente mejor que {lose} "
                       f"(probabilidad {max(pa, pb):.3f}).")
        else:
            out.append(f"Con la ROPE elegida{how} no hay una decisión clara entre {a} y "
                       f"{b} (ninguna probabilidad llega a 0.95).")
    return out
