-- The same name in different module bodies is no duplicate.
-- ==
module a = { def size : i64 = 1 }
module b = { def size : i64 = 2 }
def size : i64 = a.size + b.size
