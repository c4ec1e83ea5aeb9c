-- Updating a field of a nested record.
-- ==
type inner = {b: i32, c: bool}
type outer = {a: inner, d: f64}
def bump (r: outer) : outer = r with a.b = r.a.b + 1
