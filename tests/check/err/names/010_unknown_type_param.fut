-- A parameter's type refers to a type that does not exist.
-- ==
-- error: Unknown type "vector"
def f (v: vector) = v
