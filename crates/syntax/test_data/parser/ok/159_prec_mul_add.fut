-- Multiplicative operators bind tighter than additive ones.
-- a + b * c groups as a + (b * c); a * b + c as (a * b) + c.
def f1 (a: i32) (b: i32) (c: i32) = a + b * c
def f2 (a: i32) (b: i32) (c: i32) = a * b + c
def f3 (a: i32) (b: i32) (c: i32) = a - b / c % 2
def f4 (a: i32) (b: i32) (c: i32) = a - b - c
def f5 (a: i32) (b: i32) = a // b + a %% b
