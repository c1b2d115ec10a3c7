r"""Comparar modelos ya entrenados sobre un mismo conjunto de prueba.

Cuando cada modelo se entrena una sola vez, lo único que hay son sus predicciones sobre
los mismos ejemplos de prueba: las comparaciones son **pareadas** (cada ejemplo lo ven
todos los modelos). Este módulo reúne tres pruebas para ese caso, una por módulo
(:mod:`course_utils.practice.delong`, :mod:`course_utils.practice.cochran` y
:mod:`course_utils.practice.permutation`):

* :func:`delong_test`: dos AUC ROC correlacionadas (mismos ejemplos) con la prueba de
  DeLong, DeLong y Clarke-Pearson (1988), en la forma rápida :math:`O(n \log n)` de Sun
  y Xu (2014), con el intervalo de la diferencia y el de cada AUC (como ``roc.test`` y
  ``ci`` del paquete pROC de R).
* :func:`cochran_q_test`: :math:`k` clasificadores, acierto o fallo en cada ejemplo: la
  prueba Q de Cochran (1950) y, después, McNemar por parejas
  (:func:`course_utils.mcnemar_test`, *mid-p* por defecto, la decisión del curso) con el
  ajuste de Holm.
* :func:`paired_permutation_test`: cualquier medida (exactitud, F1, AUC o una función
  propia): prueba de permutación pareada (aleatorización aproximada), que intercambia las
  predicciones de los dos modelos en cada ejemplo; exacta si hay pocas reordenaciones
  distintas y de Monte Carlo, con su propio error, si no (Noreen, 1989; Good, 2005).


Las referencias están en cada módulo.
"""

from __future__ import annotations

from course_utils.practice.cochran import MAX_COCHRAN_MODELS, CochranQResult, cochran_q_test
from course_utils.practice.delong import MAX_DELONG_CASES, DeLongResult, delong_test
from course_utils.practice.permutation import (
    MAX_PERMUTATION_WORK,
    PERMUTATION_METRICS,
    PermutationTestResult,
    paired_permutation_test,
)

__all__ = [
    "DeLongResult",
    "delong_test",
    "CochranQResult",
    "cochran_q_test",
    "PermutationTestResult",
    "paired_permutation_test",
    "PERMUTATION_METRICS",
    "MAX_DELONG_CASES",
    "MAX_COCHRAN_MODELS",
    "MAX_PERMUTATION_WORK",
]
