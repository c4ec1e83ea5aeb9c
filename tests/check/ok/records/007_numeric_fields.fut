-- A record with numeric field names is a tuple.
-- ==
def t : (i32, bool) = {0 = 1, 1 = true}
def u = {0 = 2.0f32, 1 = 'x'}
def first = u.0
