-- A pair is projected on a third component.
-- ==
-- error: has no field "2"
def f (p: (i32, i32)) = p.2
