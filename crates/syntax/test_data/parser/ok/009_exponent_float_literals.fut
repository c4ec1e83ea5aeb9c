-- Floating point literals with exponents.
def avogadro = 6.022e23
def tiny = 1e-9
def plus_sign = 2.5E+3
def int_part_only = 7e2
def upper_e = 4.0E-1
