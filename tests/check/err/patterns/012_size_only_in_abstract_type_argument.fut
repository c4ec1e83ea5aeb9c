-- A size bound by a pattern must be the size of a value the pattern
-- holds; a type argument of an abstract type does not hold one.
-- ==
-- error: Cannot bind \[k\]

module tagged : {
  type tag 'a
  val make 'a : a -> tag a
} = {
  type tag 'a = i32
  def make _ = 0i32
}

def count (xs: []f32) : i64 =
  let [k] (_: tagged.tag ([k]f32)) = tagged.make xs
  in k
