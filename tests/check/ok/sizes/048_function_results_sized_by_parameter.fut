-- A function argument whose result size is anonymous may stand for one
-- whose result size is its parameter's value; a named parameter may give
-- its value to the next parameter's size.
-- ==
def expand (f: i64 -> []i64) (ns: []i64) : []i64 =
  loop acc = [] for n in ns do acc ++ f n

def ranges (ns: []i64) = expand iota ns

type^ counted = (count: i64) -> [count]f32 -> f32

def total : counted = \count values -> f32.sum values + f32.i64 count
