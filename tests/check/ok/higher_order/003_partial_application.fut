-- Partially applying a curried function.
-- ==
def add3 (a: f32) (b: f32) (c: f32) = a + b + c
def add_one_two = add3 1 2
def r = add_one_two 3
