-- A field is projected from a parameter whose type is never fixed.
-- ==
-- error: Type is ambiguous
def f x = x.a
