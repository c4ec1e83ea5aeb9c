-- The `let r.f = v in` sugar for record update.
-- ==
def reset (r: {count: i32, name: [3]u8}) =
  let r.count = 0
  in r
