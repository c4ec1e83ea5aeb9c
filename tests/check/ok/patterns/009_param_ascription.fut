-- A tuple pattern with an ascription on the whole parameter.
-- ==
def area ((w, h): (f64, f64)) = w * h
def r = area (2, 3)
