-- Value specs of various types.
module type specs = {
  val constant : f32
  val unary : i32 -> i32
  val tuple_out : bool -> (i32, i32)
  val with_record : {a: i32} -> i64
  val named_arg : (n: i64) -> [n]u8
}
