-- A nested projection asks an inner record for a field it lacks.
-- ==
-- error: has no field "c"
def f (r: {a: {b: bool}}) = r.a.c
