"""Las copias para estudiantes no se ejecutan con nbval (ver tools/make_student_copies.py)."""

collect_ignore_glob = ["*.ipynb"]
