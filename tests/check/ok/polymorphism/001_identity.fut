-- An explicitly polymorphic identity function.
-- ==
def ident 't (x: t) : t = x
def a = ident 1i32
def b = ident true
def c = ident [1.0f32]
