"""Utilidades del curso «Medir y comparar algoritmos de aprendizaje automático».

Un paquete delgado: delega en scipy.stats, statsmodels y scikit-learn siempre que
pueden hacer el trabajo, y añade validación de entradas con mensajes en español,
resultados con nombre (``dataclasses`` congeladas con ``summary()``) y gráficas.

Módulos
-------
data        Carga de UCI Adult sin conexión (``load_adult``).
intervals   Intervalos para proporciones (reexporta los de bootstrap).
bootstrap   Intervalos bootstrap de medidas de clasificación.
metrics     Medidas de clasificación a partir de matrices de confusión.
comparison  Pruebas para comparar dos modelos (reexporta mcnemar y two_proportions).
mcnemar     Prueba de McNemar.
two_proportions  No inferioridad, potencia y tamaño muestral (dos proporciones).
equivalence Equivalencia (TOST) y no inferioridad pareadas.
resampling  Validación cruzada pareada (r×k y 5×2).
plots       Gráficas de pruebas t, distribuciones bootstrap e intervalos.
simulation  Laboratorio de simulación: error de tipo I, potencia y cobertura.
simulation_cv  Simulación con algoritmos entrenados (reexportada por simulation).
bayesian    Comparación bayesiana con ROPE (prueba t correlacionada, rangos con signo).
bayesian_sign  Prueba de signos bayesiana con ROPE y el símplex de las muestras a posteriori.
bayesian_hierarchical  Prueba bayesiana jerárquica (puntuaciones de validación cruzada de
            varios conjuntos de datos; NumPyro).
benchmark   Banco de pruebas sin conexión: 10 conjuntos reales, 6 algoritmos, tabla N×k.
multiple    Varios algoritmos sobre varios conjuntos: reúne ranks (la tabla N×k y sus
            rangos), omnibus (Friedman, Quade, rangos alineados, Skillings-Mack con celdas
            vacías), posthoc (Nemenyi, Holm, Bonferroni-Dunn, Hochberg, Hommel, Finner, Li,
            Shaffer, Bergmann-Hommel, Wilcoxon-Holm; rangos de Friedman o alineados) y
            two_algorithms (Wilcoxon y signos).
exhaustive  Conjuntos exhaustivos de hipótesis por parejas y ajuste de Bergmann-Hommel.
paired_posthoc  Wilcoxon por parejas con Bergmann-Hommel, Shaffer o Holm (o frente a un
            control), sin rangos medios; ajuste de los valores p de cualquier prueba por parejas.
seeds       Semillas: orden estocástico aproximado (ASO) entre dos configuraciones.
aggregates  Muchas ejecuciones en muchas tareas: media intercuartílica, brecha de optimalidad,
            probabilidad de mejora y perfiles de rendimiento con bootstrap estratificado.
plots_multiple  Diagrama de diferencias críticas.
single_test_set  Un conjunto de prueba: reúne delong (dos AUC), cochran (Q de Cochran y
            McNemar por parejas) y permutation (prueba de permutación pareada).
quiz        Preguntas «Compruebe lo que ha entendido» de cada cuaderno (quizzes/NN.toml).
regression  Dos regresores sobre el mismo conjunto de prueba: Diebold y Mariano,
            intervalo bootstrap de la diferencia de MAE o RMSE.
question_evals  Evaluaciones por preguntas (Miller, 2024): puntuación y error estándar
            (por grupos, con varias respuestas por pregunta), diferencias pareadas con
            McNemar y Holm, potencia y efecto mínimo detectable.
guide       La guía «¿Qué prueba uso?» del cuaderno 10, como datos.
report      Analizar los resultados propios y escribir el informe (``analyze_results``;
            desde la terminal, ``python -m course_utils informe resultados.csv``).
"""

import importlib
import importlib.util

# Los nombres públicos se importan al primer uso (``cu.analyze_results`` importa
# course_utils.report, y con él scipy y pandas): ``import course_utils`` no carga scipy,
# statsmodels, scikit-learn ni matplotlib hasta que hacen falta, y ``python -m course_utils
# informe --help`` responde sin esperar a ninguno. Cada módulo, con los nombres que exporta:
_EXPORTS: dict[str, tuple[str, ...]] = {
    "data": ("ADULT_FEATURES", "load_adult"),
    # --- intervalos y medidas ---
    "intervals": (
        "BootstrapResult", "IntervalResult", "PairedBootstrapResult", "bootstrap_interval",
        "paired_bootstrap_difference", "proportion_interval",
    ),
    "metrics": ("ClassificationMetrics", "classification_metrics"),
    # --- comparación, remuestreo y gráficas ---
    "comparison": (
        "TestResult", "cohens_d", "combined_ftest_5x2cv", "corrected_resampled_ttest",
        "mcnemar_table", "mcnemar_test", "noninferiority_test", "paired_ttest_5x2cv",
        "power_two_proportions", "sample_size_two_proportions",
    ),
    "equivalence": ("EquivalenceResult", "cv_equivalence_test", "mcnemar_equivalence_test"),
    # --- comparación bayesiana con ROPE ---
    "bayesian": (
        "BayesianSignedRankResult", "BayesianTTestResult", "bayesian_correlated_ttest",
        "bayesian_signed_rank_test", "plot_bayesian_signed_rank", "plot_bayesian_ttest",
    ),
    "bayesian_sign": ("BayesianSignResult", "bayesian_sign_test", "plot_posterior_simplex"),
    "bayesian_hierarchical": ("BayesianHierarchicalResult", "bayesian_hierarchical_test"),
    "plots": ("plot_bootstrap", "plot_intervals", "plot_t_test"),
    "resampling": ("five_by_two", "paired_cv_scores", "repeated_stratified_kfold"),
    # --- simulation lab (notebook 10) ---
    "simulation": (
        "MonteCarloRate", "SimulationResult", "make_two_view_data", "monte_carlo_rate",
        "proportion_coverage", "simulate_bootstrap_coverage", "simulate_cv_tests",
        "simulate_mcnemar", "simulate_proportion_coverage",
    ),
    # --- varios algoritmos sobre varios conjuntos de datos ---
    "benchmark": (
        "BENCHMARK_DATASETS", "BENCHMARK_MODELS", "BenchmarkDataset", "BenchmarkResult",
        "benchmark_models", "benchmark_scores", "load_benchmark_dataset", "load_demsar_2006",
        "load_garcia_herrera_2008",
    ),
    "multiple": (
        "ADJUST_METHODS", "FriedmanResult", "OmnibusResult", "PostHocResult", "TwoAlgorithmsResult",
        "adjust_pvalues", "aligned_ranks_test", "average_ranks", "control_test",
        "critical_difference", "friedman_test", "nemenyi_test", "pairwise_test", "quade_test",
        "shaffer_true_counts", "sign_test", "skillings_mack_test", "wilcoxon_holm_test",
        "wilcoxon_signed_rank_test",
    ),
    "exhaustive": ("MAX_EXHAUSTIVE_K", "bergmann_hommel_apv", "exhaustive_sets"),
    "paired_posthoc": ("adjust_pairwise_pvalues", "wilcoxon_pairwise_test"),
    "seeds": ("ASO_THRESHOLD", "MAX_ASO_WORK", "ASOResult", "almost_stochastic_order_test"),
    "aggregates": (
        "AGGREGATES", "AggregatesResult", "ImprovementResult", "ProfileResult",
        "performance_profile", "probability_of_improvement", "robust_aggregates",
    ),
    "plots_multiple": ("plot_critical_difference",),
    # --- modelos ya entrenados sobre un mismo conjunto de prueba ---
    "regression": ("diebold_mariano_test", "regression_difference_interval"),
    # --- de los resultados propios a un informe ---
    "guide": ("GUIDE", "GuideEntry"),
    "report": ("AnalysisResult", "analyze_results", "read_results"),
    "quiz": ("QuizFormatError", "course_quizzes", "load_quiz", "quiz_question"),
    "single_test_set": (
        "CochranQResult", "DeLongResult", "PermutationTestResult", "cochran_q_test", "delong_test",
        "paired_permutation_test",
    ),
    # --- evaluaciones por preguntas (bancos de preguntas, Miller 2024) ---
    "question_evals": (
        "QuestionDifference", "QuestionScore", "compare_question_models",
        "minimum_detectable_effect", "question_difference", "question_power", "question_score",
    ),
    # --- ejercicios que se comprueban solos ---
    "exercises": ("CheckResult", "ExerciseAnswer", "comprobar"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str) -> object:
    """Importa el módulo de un nombre público (o un submódulo) la primera vez que se usa."""
    if name in _WHERE:
        value = getattr(importlib.import_module(f"course_utils.{_WHERE[name]}"), name)
        globals()[name] = value  # la próxima vez ya no pasa por aquí
        return value
    if not name.startswith("_") and importlib.util.find_spec(f"course_utils.{name}"):
        return importlib.import_module(f"course_utils.{name}")
    raise AttributeError(f"module 'course_utils' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))

#: Versión del curso y del paquete (la misma en pyproject.toml, CITATION.cff y CHANGELOG.md).
__version__ = "1.0.0"

__all__ = [
    "QuestionScore",
    "QuestionDifference",
    "question_score",
    "question_difference",
    "compare_question_models",
    "question_power",
    "minimum_detectable_effect",
    "comprobar",
    "ExerciseAnswer",
    "CheckResult",
    "quiz_question",
    "load_quiz",
    "course_quizzes",
    "QuizFormatError",
    "diebold_mariano_test",
    "regression_difference_interval",
    "GUIDE",
    "GuideEntry",
    "AnalysisResult",
    "analyze_results",
    "read_results",
    "ADULT_FEATURES",
    "load_adult",
    "IntervalResult",
    "proportion_interval",
    "BootstrapResult",
    "bootstrap_interval",
    "PairedBootstrapResult",
    "paired_bootstrap_difference",
    "ClassificationMetrics",
    "classification_metrics",
    "TestResult",
    "corrected_resampled_ttest",
    "paired_ttest_5x2cv",
    "combined_ftest_5x2cv",
    "mcnemar_table",
    "mcnemar_test",
    "cohens_d",
    "noninferiority_test",
    "power_two_proportions",
    "sample_size_two_proportions",
    "EquivalenceResult",
    "cv_equivalence_test",
    "mcnemar_equivalence_test",
    "repeated_stratified_kfold",
    "five_by_two",
    "paired_cv_scores",
    "plot_t_test",
    "plot_bootstrap",
    "plot_intervals",
    "MonteCarloRate",
    "monte_carlo_rate",
    "SimulationResult",
    "make_two_view_data",
    "simulate_cv_tests",
    "simulate_mcnemar",
    "proportion_coverage",
    "simulate_proportion_coverage",
    "simulate_bootstrap_coverage",
    "BENCHMARK_DATASETS",
    "BENCHMARK_MODELS",
    "BenchmarkDataset",
    "BenchmarkResult",
    "benchmark_models",
    "benchmark_scores",
    "load_benchmark_dataset",
    "load_demsar_2006",
    "load_garcia_herrera_2008",
    "FriedmanResult",
    "PostHocResult",
    "TwoAlgorithmsResult",
    "average_ranks",
    "friedman_test",
    "quade_test",
    "aligned_ranks_test",
    "skillings_mack_test",
    "MAX_EXHAUSTIVE_K",
    "exhaustive_sets",
    "bergmann_hommel_apv",
    "ASOResult",
    "ASO_THRESHOLD",
    "MAX_ASO_WORK",
    "almost_stochastic_order_test",
    "OmnibusResult",
    "adjust_pvalues",
    "pairwise_test",
    "shaffer_true_counts",
    "ADJUST_METHODS",
    "critical_difference",
    "nemenyi_test",
    "control_test",
    "wilcoxon_holm_test",
    "wilcoxon_pairwise_test",
    "adjust_pairwise_pvalues",
    "wilcoxon_signed_rank_test",
    "sign_test",
    "plot_critical_difference",
    "BayesianTTestResult",
    "BayesianSignedRankResult",
    "bayesian_correlated_ttest",
    "bayesian_signed_rank_test",
    "plot_bayesian_ttest",
    "plot_bayesian_signed_rank",
    "BayesianSignResult",
    "bayesian_sign_test",
    "plot_posterior_simplex",
    "BayesianHierarchicalResult",
    "bayesian_hierarchical_test",
    "DeLongResult",
    "delong_test",
    "CochranQResult",
    "cochran_q_test",
    "PermutationTestResult",
    "paired_permutation_test",
]
