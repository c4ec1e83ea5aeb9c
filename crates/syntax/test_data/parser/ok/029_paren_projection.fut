-- Projection from parenthesised expressions.
def make (n: i32) = {lo = n - 1, hi = n + 1}
def hi_of = (make 10).hi
def tuple_part = ((1, 2), 3).0
def deep = ((make 3).lo, 7).0
def from_ascription = ({a = 1i32} : {a: i32}).a
