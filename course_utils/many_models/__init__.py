"""Varios algoritmos sobre varios conjuntos de datos (cuadernos 08 y 11).

* :mod:`~course_utils.many_models.ranks`: la tabla N×k y sus rangos.
* :mod:`~course_utils.many_models.omnibus`: Friedman, Iman-Davenport, Quade, rangos alineados,
  Skillings-Mack.
* :mod:`~course_utils.many_models.posthoc`: Nemenyi y las pruebas frente a un control o por
  parejas con rangos medios; :mod:`~course_utils.many_models.paired_posthoc`: Wilcoxon por
  parejas; :mod:`~course_utils.many_models.exhaustive`: conjuntos exhaustivos de
  Bergmann-Hommel; :mod:`~course_utils.many_models.adjust`: ajuste de valores p.
* :mod:`~course_utils.many_models.two_algorithms`: Wilcoxon y signos entre dos algoritmos.
* :mod:`~course_utils.many_models.plots_multiple`: el diagrama de diferencias críticas.
* :mod:`~course_utils.many_models.multiple` reúne los nombres de esta parte.

Los nombres públicos se usan desde ``course_utils`` (``cu.friedman_test``...).
"""
