"""Comparar dos modelos (cuadernos 04 a 07 y 09).

* :mod:`~course_utils.two_models.resampling`: validación cruzada pareada (r×k y 5×2).
* :mod:`~course_utils.two_models.comparison`: t corregida de Nadeau y Bengio, 5×2cv y d de Cohen.
* :mod:`~course_utils.two_models.mcnemar`: la prueba de McNemar.
* :mod:`~course_utils.two_models.two_proportions`: no inferioridad, potencia y tamaño muestral
  con dos proporciones.
* :mod:`~course_utils.two_models.equivalence`: equivalencia (TOST) y no inferioridad pareadas.
* :mod:`~course_utils.two_models.bayesian`: comparación bayesiana con ROPE.

Los nombres públicos se usan desde ``course_utils`` (``cu.mcnemar_test``...).
"""
