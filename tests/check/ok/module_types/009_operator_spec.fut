-- A module type specifying an operator.
-- ==
module type semigroup = {
  type t
  val (<>) : t -> t -> t
}
module maxi : semigroup with t = i32 = {
  type t = i32
  def (<>) (a: i32) (b: i32) = i32.max a b
}
def r = maxi.(3 <> 4)
