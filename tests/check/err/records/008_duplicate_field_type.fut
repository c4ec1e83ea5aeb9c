-- A record type names the same field twice.
-- ==
-- error: Field "x" defined more than once
type t = {x: i32, y: i32, x: f32}
