-- A return type uses an undefined type name.
-- ==
-- error: Unknown type "real"
def half (x: f64) : real = x / 2
