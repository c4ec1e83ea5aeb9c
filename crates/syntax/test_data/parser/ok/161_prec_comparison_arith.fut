-- Comparisons bind looser than arithmetic and tighter than logic.
def f1 (a: i32) (b: i32) = a == b + 1
def f2 (a: i32) (b: i32) = a * 2 < b - 1
def f3 (a: i32) (b: i32) (c: i32) = a <= b && b >= c
def f4 (a: f32) (b: f32) = a != b || a > 0
