"""Comparaciones de la práctica (cuaderno 12).

* :mod:`~course_utils.practice.single_test_set` reúne las pruebas sobre un mismo conjunto de
  prueba: :mod:`~course_utils.practice.delong` (dos AUC), :mod:`~course_utils.practice.cochran`
  (Q de Cochran) y :mod:`~course_utils.practice.permutation` (permutación pareada).
* :mod:`~course_utils.practice.regression`: dos regresores (Diebold y Mariano, bootstrap).
* :mod:`~course_utils.practice.seeds`: semillas y orden estocástico aproximado.
* :mod:`~course_utils.practice.question_evals`: evaluaciones por preguntas.
* :mod:`~course_utils.practice.aggregates`: muchas ejecuciones en muchas tareas (media
  intercuartílica, brecha de optimalidad, perfiles de rendimiento).

Los nombres públicos se usan desde ``course_utils`` (``cu.delong_test``...).
"""
