"""Evaluación del curso: prácticas con datos por estudiante, su calificación y el examen.

Código del docente, fuera del paquete ``course_utils`` (no se instala con él). Lo usan
``tools/calificar.py`` y ``tools/examen.py``; ``docente/README.md`` explica el flujo de trabajo.

Módulos
-------
cuadernos    Los cuadernos del curso por su título (el único sitio con sus números de fichero).
semillas     La semilla de cada estudiante: HMAC-SHA256 de su identificador con el secreto.
practicas    Lo común a las prácticas: preguntas, datos por estudiante, valores esperados.
practica1    Medir y dar un intervalo.
practica2    Comparar dos modelos.
practica3    Varios algoritmos sobre varios conjuntos de datos.
entregas     Leer las respuestas de un cuaderno entregado (sin ejecutarlo) o de un CSV.
calificacion Calificar: puntos, retroalimentación en español (sin la respuesta) y notas.
examen       Examen con preguntas nuevas cuyos números salen de una semilla (Moodle XML).
"""
