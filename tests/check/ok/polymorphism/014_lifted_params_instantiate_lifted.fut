-- Lifted and size-lifted type parameters may instantiate type parameters
-- declared as lifted, and unlifted ones may instantiate anything.
-- ==
def keep '~a (x: a) : a = x

def apply_to '^f 'r (g: f) (h: f -> r) : r = h g

def passthrough '~t (x: t) : t = keep x

def plain 'u (xs: []u) : []u = keep xs

def main (n: i64) = passthrough (plain (iota n))
