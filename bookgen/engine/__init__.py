"""The exact searches: the kernels behind one interface with a pure-Python reference and a
numba backend (kernels/), seed 000's trace solver as an API (trace.py) and canonical forms
(canon.py), the key of the puzzle bank."""
