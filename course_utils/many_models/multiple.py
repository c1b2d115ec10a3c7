r"""Comparar varios algoritmos sobre varios conjuntos de datos (Demšar, 2006).

La entrada es siempre una tabla de puntuaciones N×k: filas = conjuntos de datos, columnas =
algoritmos (un ``DataFrame`` o un arreglo). Las pruebas trabajan con los **rangos** de cada fila,
no con las puntuaciones: promediar exactitudes de conjuntos distintos no tiene sentido, promediar
rangos sí. El código está repartido por preguntas, y este módulo lo reúne
(``from course_utils.many_models.multiple import friedman_test`` sigue funcionando):

* :mod:`course_utils.many_models.ranks`: la tabla, sus rangos y la regla de empates (relativa a la
  escala);
  :func:`average_ranks`.
* :mod:`course_utils.many_models.omnibus`: ¿son todos equivalentes? :func:`friedman_test`,
  :func:`quade_test`, :func:`aligned_ranks_test` y, con celdas vacías,
  :func:`skillings_mack_test`.
* :mod:`course_utils.many_models.posthoc`: ¿qué parejas difieren? :func:`nemenyi_test`,
  :func:`control_test` (Holm, Bonferroni-Dunn, Hochberg, Hommel, Finner o Li),
  :func:`pairwise_test` (todas las parejas con Bonferroni, Holm, Shaffer o Bergmann-Hommel;
  sobre rangos de Friedman o alineados),
  :func:`wilcoxon_holm_test`, :func:`critical_difference` y :func:`adjust_pvalues`.
* :mod:`course_utils.many_models.paired_posthoc`: cada pareja con sus propias puntuaciones,
  :func:`~course_utils.many_models.paired_posthoc.wilcoxon_pairwise_test` (Wilcoxon con
  Bergmann-Hommel,
  Shaffer o Holm, o frente a un control) y
  :func:`~course_utils.many_models.paired_posthoc.adjust_pairwise_pvalues` (el ajuste de todas las
  parejas
  para valores p de cualquier prueba).
* :mod:`course_utils.many_models.two_algorithms`: dos algoritmos sobre N conjuntos,
  :func:`wilcoxon_signed_rank_test` y :func:`sign_test`.

El diagrama de diferencias críticas está en :mod:`course_utils.many_models.plots_multiple`.
"""


from __future__ import annotations

from course_utils.many_models.omnibus import (
    FriedmanResult,
    OmnibusResult,
    aligned_ranks_test,
    friedman_test,
    quade_test,
    skillings_mack_test,
)
from course_utils.many_models.posthoc import (
    ADJUST_METHODS,
    PostHocResult,
    adjust_pvalues,
    control_test,
    critical_difference,
    nemenyi_test,
    pairwise_test,
    shaffer_true_counts,
)
from course_utils.many_models.paired_posthoc import wilcoxon_holm_test
from course_utils.many_models.ranks import average_ranks
from course_utils.many_models.two_algorithms import (
    TwoAlgorithmsResult, sign_test, wilcoxon_signed_rank_test,
)

__all__ = [
    "ADJUST_METHODS",
    "FriedmanResult",
    "OmnibusResult",
    "adjust_pvalues",
    "aligned_ranks_test",
    "pairwise_test",
    "shaffer_true_counts",
    "quade_test",
    "skillings_mack_test",
    "PostHocResult",
    "TwoAlgorithmsResult",
    "average_ranks",
    "friedman_test",
    "critical_difference",
    "nemenyi_test",
    "control_test",
    "wilcoxon_holm_test",
    "wilcoxon_signed_rank_test",
    "sign_test",
]
