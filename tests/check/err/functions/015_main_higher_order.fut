-- A function named main takes a functional argument.
-- ==
-- error: Entry point functions may not be higher-order
def main (g: f64 -> f64) = g 1.0
