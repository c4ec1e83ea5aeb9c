-- A function whose result is a function.
-- ==
def make_scaler (k: f64) : f64 -> f64 = \x -> k * x
def triple = make_scaler 3
def r = triple 2.5
