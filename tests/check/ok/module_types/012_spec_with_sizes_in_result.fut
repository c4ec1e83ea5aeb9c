-- A value spec returning an array of existential size.
-- ==
module type filterer = {
  val keep [n] : [n]i32 -> []i32
}
module f : filterer = {
  def keep [n] (xs: [n]i32) = filter (> 0) xs
}
def count = length (f.keep [1, -1, 2])
