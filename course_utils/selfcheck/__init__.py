"""Lo que se comprueba solo: ejercicios y preguntas de repaso de cada cuaderno.

* :mod:`~course_utils.selfcheck.exercises`: ``cu.comprobar`` y los valores esperados
  (``exercise_answers.json``, que escribe ``tools/run_notebooks.py``).
* :mod:`~course_utils.selfcheck.quiz`: las preguntas «Compruebe lo que ha entendido»
  (``quizzes/NN.toml``, una por cuaderno).
* :mod:`~course_utils.selfcheck._student_numbers`: cómo se lee y se juzga un número escrito por
  un estudiante (la misma regla en Python y en el JavaScript de las preguntas).
"""
