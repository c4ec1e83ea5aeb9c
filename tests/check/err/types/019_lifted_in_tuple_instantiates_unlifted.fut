-- A lifted type parameter hidden in a tuple may not instantiate an
-- unlifted type parameter.
-- ==
-- error: Type parameter "f" is lifted and cannot be an array element
def dup 'a (x: a) : (a, a) = (x, x)

def pair_with '^f (g: f) (n: i32) = dup (g, n)
