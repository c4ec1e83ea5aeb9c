-- A polymorphic function returning a sized array.
-- ==
def dup 't (x: t) : [2]t = [x, x]
def a = dup 'c'
def b = dup (1f32, true)
