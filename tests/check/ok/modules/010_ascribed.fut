-- A module ascribed with an anonymous module type.
-- ==
module stack : {
  type t
  val empty : t
  val push : i32 -> t -> t
} = {
  type t = (i32, i32)
  def empty = (0, 0)
  def push (x: i32) ((n, s): t) = (n + 1, s + x)
}
def s = stack.push 1 stack.empty
