"""El laboratorio de simulación (cuaderno 10): error de tipo I, potencia y cobertura.

* :mod:`~course_utils.lab.simulation`: McNemar simulado, cobertura de intervalos y la puerta de
  entrada a todo el laboratorio.
* :mod:`~course_utils.lab.simulation_cv`: pruebas sobre algoritmos entrenados de verdad.
* :mod:`~course_utils.lab._simulation_core`: semillas, paralelismo y tasas que comparten ambos.

Los nombres públicos se usan desde ``course_utils`` (``cu.simulate_mcnemar``...).
"""
