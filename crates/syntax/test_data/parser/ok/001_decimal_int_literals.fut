-- Plain decimal integer literals without suffixes.
def zero = 0
def small = 7
def answer = 42
def big = 2147483647
def sum_of_lits = 1 + 23 + 456
