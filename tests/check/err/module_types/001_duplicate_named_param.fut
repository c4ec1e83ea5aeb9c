-- A specification may not name two parameters alike.
-- ==
-- error: Name "len" also bound
module type maker = {
  val make : (len: i64) -> (len: i64) -> [len]i32
}
