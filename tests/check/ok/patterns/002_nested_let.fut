-- Nested tuple and record patterns in let.
-- ==
def data = {a = (1i32, 2i32), b = {c = true}}
def r =
  let {a = (x, y), b = {c}} = data
  in if c then x + y else 0
