-- Building a record from variables of the same name.
-- ==
def mk (x: i64) (y: i64) = {x, y}
def p = let x = 1i64 let y = 2 in {x, y, z = x + y}
def s = p.z + (mk 3 4).y
