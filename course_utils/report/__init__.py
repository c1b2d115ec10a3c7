"""De los resultados propios a un informe: analizar un diseño y explicarlo.

:func:`analyze_results` recibe los resultados de un experimento (un ``DataFrame`` o un CSV),
reconoce el diseño (predicciones sobre un conjunto de prueba, particiones de validación cruzada,
semillas o una tabla de conjuntos de datos × algoritmos), lo valida, elige la prueba con la guía
«¿Qué prueba uso?» del cuaderno 10 (:mod:`course_utils.report.guide`), la ejecuta con las funciones
del
curso y devuelve un :class:`AnalysisResult` que se escribe como Markdown, HTML o una tabla de
LaTeX. La orden ``python -m course_utils informe resultados.csv`` hace lo mismo desde la terminal.
"""

from __future__ import annotations

# Además de lo que usa analyze_results, los nombres que se importaban de course_utils.report
# cuando era un solo módulo (N_BOOTSTRAP, DESIGN_NAMES) siguen importándose de aquí.
from course_utils.report._analysis import N_BOOTSTRAP  # noqa: F401
from course_utils.report._pipeline import (  # noqa: F401
    MAX_SCORE_MAGNITUDE, _call_text, analyse_step, checked_options, question_step, read_step,
    recognise_step, result_step, unpaired_step,
)
from course_utils.report._reading import (  # noqa: F401
    DESIGN_NAMES, DESIGNS, METRICS, _infer_design, _plain, _read_table, read_results,
)
from course_utils.report._render import AnalysisResult

__all__ = ["AnalysisResult", "analyze_results", "read_results", "DESIGNS"]


def analyze_results(
    data: object,
    *,
    design: str | None = None,
    higher_is_better: bool | None = None,
    metric: str | None = None,
    alpha: float = 0.05,
    rope: object = None,
    control: str | None = None,
    test_train_ratio: float | None = None,
    cv: str | None = None,
    label_column: str | None = None,
    predictions: str | None = None,
    loss: str = "squared",
    allow_missing: bool = False,
    random_state: int = 0,
    index_col: object = None,
    dataset_column: str | None = None,
    model_column: str | None = None,
    fold_column: str | None = None,
    repeat_column: str | None = None,
    seed_column: str | None = None,
    score_column: str | None = None,
    model_columns: object = None,
    ignore_columns: object = None,
    percent: bool = False,
    positive_label: object = None,
    posthoc: str = "wilcoxon",
) -> AnalysisResult:
    """Analiza los resultados de un experimento y explica la elección de la prueba.

    Reconoce cuatro formas de tabla:

    1. **Predicciones sobre un conjunto de prueba**: una columna con las etiquetas verdaderas
       (``y_true``, ``etiqueta``...) y una columna por modelo. Con etiquetas predichas, McNemar
       mid-p (dos modelos) o la Q de Cochran con McNemar por parejas y Holm; con puntuaciones
       de un problema binario, DeLong; con valores de una regresión, la t pareada sobre las
       pérdidas por ejemplo.
    2. **Particiones de una validación cruzada** (una fila por partición, una columna por
       modelo): la t corregida (o la F combinada si es 5×2cv); con más de dos modelos, por
       parejas con Holm.
    3. **Conjuntos de datos × algoritmos** (una fila por conjunto): Wilcoxon con dos
       algoritmos; con más, Friedman (la fórmula de Demšar, sin corregir por empates, como
       :func:`~course_utils.friedman_test`; con empates, el valor corregido de R y scipy al
       lado) con Iman y Davenport y después Wilcoxon en cada pareja,
       con Holm frente a un control o Bergmann-Hommel entre todas las parejas; con celdas
       vacías, Skillings y Mack y Wilcoxon con Holm en los conjuntos de cada pareja.
    4. **Tabla larga** (conjunto, algoritmo, partición o semilla, puntuación), la forma que
       escriben los guiones de experimentos: se deduce cuál de las anteriores es. Con varios
       conjuntos, las particiones de cada uno se promedian (nunca se usan como bloques), y
       dos medias de un conjunto que difieren en menos del menor paso decimal con que están
       escritas las puntuaciones (su resolución) son un empate.
       Una fila por caso y modelo con la etiqueta verdadera del caso (``case_id, model,
       score, label``) son predicciones sobre un conjunto de prueba (forma 1). Semillas que no
       comparte ningún par de modelos no se emparejan: el informe
       (``UnpairedSeedsReport``, ``course_utils/report/_unpaired.py``) da la t de Welch y
       Mann-Whitney de scipy, para muestras independientes.

    Parámetros
    ----------
    data : pandas.DataFrame, str o pathlib.Path
        La tabla o la ruta de un CSV (ver :func:`read_results`).
    design : {"test_set", "cv", "seeds", "datasets", "questions"} o None
        El diseño, si no se puede deducir de los nombres de las columnas. ``"questions"``:
        una evaluación por preguntas (``item, model, correct[, cluster]``).
    higher_is_better : bool o None
        Si una puntuación mayor es mejor. Por defecto se deduce de ``metric`` o del nombre de
        la columna de puntuaciones; si no se puede, hay que darlo (no se supone).
    metric : str o None
        Nombre de la medida (``"exactitud"``, ``"auc"``, ``"f1"``, ``"error"``, ``"rmse"``...):
        fija su rango (las acotadas deben estar en [0, 1]) y su dirección.
    alpha : float
        Nivel de significación.
    rope : float, (float, float) o None
        Región de equivalencia práctica para el análisis bayesiano (dos modelos); ``0.01``
        equivale a ``(-0.01, 0.01)``.
    control : str o None
        Algoritmo de control: con varios algoritmos en varios conjuntos, compara solo con él.
    test_train_ratio : float o None
        n_prueba / n_entrenamiento de la validación cruzada (para la t corregida). Se deduce
        de las columnas «n_prueba» y «n_entrenamiento», o de «repeticion» y «particion».
    cv : {"rxk", "5x2"} o None
        Forma de la validación cruzada; 5×2 se deduce de 5 repeticiones de 2 particiones.
    label_column : str o None
        Columna de las etiquetas verdaderas, si no se llama ``y_true`` o parecido.
    predictions : {"labels", "scores", "regression"} o None
        Qué son las predicciones sobre un conjunto de prueba: etiquetas predichas,
        puntuaciones de un problema binario (probabilidades) o valores de una regresión. Se
        deduce solo cuando los valores no dejan duda; si no (por ejemplo, etiquetas enteras con
        más de dos valores y predicciones enteras, que pueden ser clases o una regresión), hay
        que darlo.
    loss : {"squared", "absolute"}
        Pérdida por ejemplo en regresión.
    allow_missing : bool
        Con varios conjuntos de datos, permite celdas vacías (prueba de Skillings y Mack).
    random_state : int
        Semilla de los remuestreos (intervalos *bootstrap*, ASO, prueba bayesiana).
    index_col : str, int, False o None
        La columna con los nombres de fila (ver :func:`read_results`): por defecto, la primera
        si no tiene nombre en la cabecera, como la escriben ``write.csv`` de R y ``to_csv()``
        de pandas. Un índice 0…N−1 o 1…N no se analiza; unos nombres son los conjuntos de
        datos. Las notas del informe dicen qué se hizo con ella.
    dataset_column, model_column, fold_column, repeat_column, seed_column : str o None
        La columna de los conjuntos de datos, de los algoritmos (tabla larga), de la
        partición, de la repetición y de la semilla, si su nombre no se reconoce. Se
        reconocen, sin importar mayúsculas, acentos ni separadores, nombres como
        ``conjunto``/``dataset``/``data.set``/``task``/``problem``, ``algoritmo``/``model``/
        ``classifier``/``learner``/``method``, ``particion``/``fold``/``split``,
        ``repeticion``/``repeat``/``run``/``iteration`` y ``semilla``/``seed``/
        ``random_state``.
    score_column : str o None
        Columna de la puntuación en una tabla larga. Si hay varias medidas (``accuracy``,
        ``precision``...), hay que elegir una: con este argumento o con ``metric`` igual al
        nombre de la columna.
    model_columns : list of str o None
        En una tabla ancha, las columnas que son modelos (las demás no se analizan). Por
        defecto son modelos las columnas sin otro papel; si alguna no lo parece claramente
        (textos, un índice 0, 1, …, enteros entre decimales, valores fuera del rango de la
        medida, un nombre de resumen como «Average» o «Best», columnas llamadas 0, 1, …,
        k − 1 como las particiones de un algoritmo, un nombre de tiempo como InceptionTime con
        valores de puntuación), se pregunta. Una fila de resumen («Average», «Media», «Mean
        rank»...) entre los conjuntos de datos se rechaza, y también una tabla con un solo
        algoritmo y sus resúmenes (``acc_mean`` y ``acc_std``, ``ci_low``...). De una tabla
        ``cv_results_`` con más de 10 configuraciones se comparan las 10 de mayor media.
    ignore_columns : list of str o None
        Columnas que no se usan (identificadores, descripciones, tiempos...). Las que se
        reconocen por su nombre (``id``, ``n_features``, ``fit_time``, ``tiempo``...) ya no se
        analizan como modelos; el informe dice cuáles se dejaron fuera.
    percent : bool
        Las puntuaciones están en porcentaje (0-100): se dividen entre 100 y el informe lo
        dice. Solo para medidas acotadas (exactitud, AUC, F1, error...). Si mayor es mejor y
        todas están entre 0 y 1, ya son proporciones y se rechaza.
    positive_label : object o None
        Clase positiva de un problema binario con puntuaciones (la que indican las
        puntuaciones altas). Se deduce solo de parejas sin duda: 0/1, -1/1, False/True,
        no/sí (o yes), neg/pos, negativo/positivo, negative/positive, falso/verdadero.
    posthoc : {"wilcoxon", "ranks"}
        Con varios algoritmos en varios conjuntos, de dónde salen las comparaciones por
        parejas: ``"wilcoxon"`` (por defecto), la prueba de Wilcoxon de cada pareja con sus
        propias puntuaciones, que no depende de qué otros algoritmos haya en la tabla;
        ``"ranks"``, la prueba z sobre los rangos medios de Friedman (Bergmann-Hommel, o Holm
        frente al control), que sí depende (cuaderno 08, sección 8): solo para comparar con
        artículos que la usan.

    Devuelve
    --------
    AnalysisResult
        Con :meth:`~AnalysisResult.to_markdown`, :meth:`~AnalysisResult.to_html`,
        :meth:`~AnalysisResult.to_latex` y :meth:`~AnalysisResult.figure`. Con una tabla
        larga de preguntas (``item, model, correct[, cluster]`` o ``pregunta, modelo,
        acierto[, grupo]``; también ``question``, ``score``, ``topic``...) y sin ``design``
        o con ``design="questions"``, un ``QuestionEvalsReport``
        (``course_utils/report/_evals.py``). Con semillas que no comparte ningún par de
        modelos, un ``UnpairedSeedsReport``. Los dos se escriben en Markdown, HTML y LaTeX.

    Ejemplos
    --------
    >>> import pandas as pd
    >>> import course_utils as cu
    >>> tabla = pd.DataFrame({
    ...     "conjunto": [f"c{i}" for i in range(8)],
    ...     "A": [0.81, 0.92, 0.75, 0.66, 0.88, 0.79, 0.95, 0.71],
    ...     "B": [0.78, 0.90, 0.74, 0.61, 0.85, 0.80, 0.93, 0.69]})
    >>> r = cu.analyze_results(tabla, metric="exactitud")
    >>> r.choices[0].procedure
    'prueba de Wilcoxon de rangos con signo (y la de los signos como comprobación)'
    >>> round(float(r.comparisons["pvalue"].iloc[0]), 4)
    0.0234
    """
    given = {k: v for k, v in locals().items() if k != "data"}
    call = _call_text(data, given)
    options = checked_options(given)
    table, reading_notes = read_step(data, options)  # 1. leer
    if (report := question_step(table, options)) is not None:
        return report  # evaluación por preguntas: report/_evals.py
    d, higher_is_better, loss = recognise_step(table, options)  # 2. reconocer
    if d.design == "unpaired_seeds":  # ninguna semilla compartida: report/_unpaired.py
        return unpaired_step(d, higher_is_better, options, call, reading_notes)
    res = analyse_step(d, higher_is_better, loss, options)  # 3. analizar
    return result_step(d, res, higher_is_better, options, call, reading_notes)  # 4. escribir
