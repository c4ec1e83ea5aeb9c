-- A record update gives the record the new field's size, so the result
-- no longer has the old one.
-- ==
-- error: Function body does not have expected type
def drop_first [n] (r: {data: [n]f32, id: i32}) : {data: [n]f32, id: i32} =
  r with data = r.data[1:]
