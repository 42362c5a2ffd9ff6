"""Making puzzles: complete, dig and create (generate.py), improve on worker processes
(improve.py, and cluster.py for a Dask cluster), and which rated puzzles a section takes
(select.py)."""
