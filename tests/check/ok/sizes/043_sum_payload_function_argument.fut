-- A function returning a sum type whose payload does not depend on the
-- parameter may instantiate an unlifted type parameter inside the
-- expected result.
-- ==
type box 't = #box t

def flags (k: i64) : box ([3]bool) = #box (replicate 3 (k > 0))

def twice 'e (mk: i64 -> box e) (k: i64) : (box e, box e) = (mk k, mk (k + 1))

def main = twice flags 3
