-- A record type names the same field twice.
-- ==
-- error: Duplicate field "x"
type t = {x: i32, y: i32, x: f32}
