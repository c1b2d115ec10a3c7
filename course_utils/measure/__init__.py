"""Medir un modelo (cuadernos 01 a 03).

* :mod:`~course_utils.measure.metrics`: medidas de clasificación a partir de la matriz de
  confusión.
* :mod:`~course_utils.measure.intervals`: intervalos para una proporción (Wald, Wilson,
  Clopper-Pearson...).
* :mod:`~course_utils.measure.bootstrap`: intervalos bootstrap de una medida y de la diferencia
  pareada entre dos modelos.
* :mod:`~course_utils.measure.plots`: gráficas de pruebas t, distribuciones bootstrap e
  intervalos.

Los nombres públicos se usan desde ``course_utils`` (``cu.bootstrap_interval``...).
"""
