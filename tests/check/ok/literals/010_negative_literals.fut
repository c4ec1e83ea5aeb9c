-- Negated literals in expressions and as arguments.
-- ==
def a = -1
def b = -2.5f32
def add_minus_three (x: i8) = x + -3
def r = add_minus_three (-4)
