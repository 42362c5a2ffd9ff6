"""What every stage shares: grids and their geometry (grid.py), the facts stated once
(rules.py), the puzzle kinds' protocol and registry (kinds.py), the records passed along
the pipeline (model.py), the book's words in every language (lang/) and the exceptions
raised at the edges (errors.py). Nothing here imports another stage."""
