-- Arithmetic and power on f64.
-- ==
def poly (x: f64) (y: f64) = x * y + x / y - x ** 2.0
def r : f64 = poly 1.5 2.0
