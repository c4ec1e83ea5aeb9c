-- Unconstrained literals default to i32 and f64.
-- ==
def a = 1
def b : i32 = a + 2
def c = 1.0
def d : f64 = c * 3.5
