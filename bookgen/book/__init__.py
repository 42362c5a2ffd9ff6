"""From a config to a book: the config reader (config/), the pipeline that fills the
sections (pipeline.py), feasibility and time estimates for validate (feasible.py), solving
tips (tips.py), the puzzle bank (bank.py), the one atomic writer of output folders and
files (output.py), the commands about a book's files (project.py) and the files shipped
inside the package (shipped.py)."""
