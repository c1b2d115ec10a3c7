"""Utilidades del curso «Medir y comparar algoritmos de aprendizaje automático».

Un paquete delgado: delega en scipy.stats, statsmodels y scikit-learn siempre que
pueden hacer el trabajo, y añade validación de entradas con mensajes en español,
resultados con nombre (``dataclasses`` congeladas con ``summary()``) y gráficas.

Partes
------
Cada carpeta es una parte del curso; ``import course_utils as cu`` da todos los nombres
públicos (``cu.bootstrap_interval``, ``cu.mcnemar_test``...), vivan donde vivan.

measure/      Medir un modelo (cuadernos 01-03): medidas de clasificación (metrics),
              intervalos para proporciones (intervals), bootstrap (bootstrap) y sus gráficas
              (plots).
two_models/   Comparar dos modelos (04-07, 09): validación cruzada pareada (resampling), t
              corregida y 5×2cv (comparison), McNemar (mcnemar), dos proporciones, no
              inferioridad y potencia (two_proportions), equivalencia (equivalence) y la
              comparación bayesiana con ROPE (bayesian; bayesian_sign, la prueba de signos;
              bayesian_hierarchical, la jerárquica con NumPyro).
practice/     Comparaciones de la práctica (12): un conjunto de prueba (single_test_set reúne
              delong, cochran y permutation), dos regresores (regression), semillas (seeds),
              evaluaciones por preguntas (question_evals) y muchas ejecuciones en muchas tareas
              (aggregates).
many_models/  Varios algoritmos sobre varios conjuntos (08, 11): la tabla N×k y sus rangos
              (ranks), Friedman y compañía (omnibus), post hoc (posthoc, paired_posthoc,
              exhaustive, adjust), dos algoritmos (two_algorithms), el diagrama de diferencias
              críticas (plots_multiple); multiple los reúne.
lab/          El laboratorio de simulación (10): error de tipo I, potencia y cobertura
              (simulation, simulation_cv).
selfcheck/    Ejercicios que se comprueban solos (exercises) y preguntas de repaso (quiz,
              con quizzes/NN.toml).
report/       De los resultados propios a un informe (13): ``analyze_results``, la orden
              ``python -m course_utils informe`` y la guía «¿Qué prueba uso?» (guide).
datasets/     Datos sin conexión: UCI Adult (data), el banco de pruebas de varios conjuntos
              (benchmark) y las ejecuciones publicadas de Atari 100k (atari100k).

Los módulos que empiezan por ``_`` en esta carpeta son la base común: validación de entradas
(``_validation``, ``_validation_labels``), resultados (``_results``), nombres de opciones
(``_options``) y las rutas de la versión 1.0 (``_moved``: ``course_utils.metrics`` sigue
funcionando en la serie 1.x, con un ``DeprecationWarning``). El mapa completo, en
CONTRIBUTING.md.
"""

import importlib
import importlib.util

from course_utils import _moved

_moved.install()  # las rutas de módulo de la 1.0 (course_utils.metrics...) siguen valiendo

# Los nombres públicos se importan al primer uso (``cu.analyze_results`` importa
# course_utils.report, y con él scipy y pandas): ``import course_utils`` no carga scipy,
# statsmodels, scikit-learn ni matplotlib hasta que hacen falta, y ``python -m course_utils
# informe --help`` responde sin esperar a ninguno. Cada módulo, con los nombres que exporta:
_EXPORTS: dict[str, tuple[str, ...]] = {
    "datasets.data": ("ADULT_FEATURES", "load_adult"),
    # --- intervalos y medidas ---
    "measure.intervals": (
        "BootstrapResult", "IntervalResult", "PairedBootstrapResult", "bootstrap_interval",
        "paired_bootstrap_difference", "proportion_interval",
    ),
    "measure.metrics": ("ClassificationMetrics", "classification_metrics"),
    # --- comparación, remuestreo y gráficas ---
    "two_models.comparison": (
        "TestResult", "cohens_d", "combined_ftest_5x2cv", "corrected_resampled_ttest",
        "mcnemar_table", "mcnemar_test", "noninferiority_test", "paired_ttest_5x2cv",
        "power_two_proportions", "sample_size_two_proportions",
    ),
    "two_models.equivalence": (
        "EquivalenceResult", "cv_equivalence_test", "mcnemar_equivalence_test",
    ),
    # --- comparación bayesiana con ROPE ---
    "two_models.bayesian": (
        "BayesianSignedRankResult", "BayesianTTestResult", "bayesian_correlated_ttest",
        "bayesian_signed_rank_test", "plot_bayesian_signed_rank", "plot_bayesian_ttest",
    ),
    "two_models.bayesian_sign": (
        "BayesianSignResult", "bayesian_sign_test", "plot_posterior_simplex",
    ),
    "two_models.bayesian_hierarchical": (
        "BayesianHierarchicalResult", "bayesian_hierarchical_test",
    ),
    "measure.plots": ("plot_bootstrap", "plot_intervals", "plot_t_test"),
    "two_models.resampling": ("five_by_two", "paired_cv_scores", "repeated_stratified_kfold"),
    # --- simulation lab (notebook 10) ---
    "lab.simulation": (
        "MonteCarloRate", "SimulationResult", "make_two_view_data", "monte_carlo_rate",
        "proportion_coverage", "simulate_bootstrap_coverage", "simulate_cv_tests",
        "simulate_mcnemar", "simulate_proportion_coverage",
    ),
    # --- varios algoritmos sobre varios conjuntos de datos ---
    "datasets.benchmark": (
        "BENCHMARK_DATASETS", "BENCHMARK_MODELS", "BenchmarkDataset", "BenchmarkResult",
        "benchmark_models", "benchmark_scores", "load_benchmark_dataset", "load_demsar_2006",
        "load_garcia_herrera_2008",
    ),
    "many_models.multiple": (
        "ADJUST_METHODS", "FriedmanResult", "OmnibusResult", "PostHocResult", "TwoAlgorithmsResult",
        "adjust_pvalues", "aligned_ranks_test", "average_ranks", "control_test",
        "critical_difference", "friedman_test", "nemenyi_test", "pairwise_test", "quade_test",
        "shaffer_true_counts", "sign_test", "skillings_mack_test", "wilcoxon_holm_test",
        "wilcoxon_signed_rank_test",
    ),
    "many_models.exhaustive": ("MAX_EXHAUSTIVE_K", "bergmann_hommel_apv", "exhaustive_sets"),
    "many_models.paired_posthoc": ("adjust_pairwise_pvalues", "wilcoxon_pairwise_test"),
    "practice.seeds": (
        "ASO_THRESHOLD", "MAX_ASO_WORK", "ASOResult", "almost_stochastic_order_test",
    ),
    "practice.aggregates": (
        "AGGREGATES", "AggregatesResult", "ImprovementResult", "ProfileResult",
        "performance_profile", "probability_of_improvement", "robust_aggregates",
    ),
    "datasets.atari100k": ("ATARI_100K_ALGORITHMS", "load_atari_100k"),
    "many_models.plots_multiple": ("plot_critical_difference",),
    # --- modelos ya entrenados sobre un mismo conjunto de prueba ---
    "practice.regression": ("diebold_mariano_test", "regression_difference_interval"),
    # --- de los resultados propios a un informe ---
    "report.guide": ("GUIDE", "GuideEntry"),
    "report": ("AnalysisResult", "analyze_results", "read_results"),
    "selfcheck.quiz": ("QuizFormatError", "course_quizzes", "load_quiz", "quiz_question"),
    "practice.single_test_set": (
        "CochranQResult", "DeLongResult", "PermutationTestResult", "cochran_q_test", "delong_test",
        "paired_permutation_test",
    ),
    # --- evaluaciones por preguntas (bancos de preguntas, Miller 2024) ---
    "practice.question_evals": (
        "QuestionDifference", "QuestionScore", "compare_question_models",
        "minimum_detectable_effect", "question_difference", "question_power", "question_score",
    ),
    # --- ejercicios que se comprueban solos ---
    "selfcheck.exercises": ("CheckResult", "ExerciseAnswer", "comprobar"),
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
    "ATARI_100K_ALGORITHMS",
    "load_atari_100k",
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
    "AGGREGATES",
    "AggregatesResult",
    "ImprovementResult",
    "ProfileResult",
    "performance_profile",
    "probability_of_improvement",
    "robust_aggregates",
]
