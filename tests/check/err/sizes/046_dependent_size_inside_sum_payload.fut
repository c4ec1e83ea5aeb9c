-- A function whose result size is its parameter, wrapped in a sum type,
-- cannot instantiate an unlifted type parameter inside the expected
-- result: the size would name nothing there.
-- ==
-- error: which the expected function type does not name
type box 't = #box t

def flags (k: i64) : box ([k]bool) = #box (replicate k true)

def twice 'e (mk: i64 -> box e) (k: i64) : (box e, box e) = (mk k, mk (k + 1))

def main = twice flags 3
